/* The grid's layout, shared with the searches so their inner loops can read
 * cells directly. */
#ifndef ASTAR_GRID_H
#define ASTAR_GRID_H

#include <stdint.h>

#include "astar.h"
#include "core/memory.h"
#include "core/moves.h"
#include "grid/bits.h"

typedef struct jump_table jump_table;
typedef struct islands islands;
typedef struct dead_ends dead_ends;
typedef struct clearance clearance;

/* Cells are stored with a one-cell blocked border on every side, so a
 * neighbour of any real cell is always inside the array and the search
 * never tests bounds. */
struct astar_grid {
    astar_allocator memory; /* every allocation of the grid and its indexes */
    int width, height;
    int stride;         /* width + 2 */
    uint8_t *terrain;   /* (width + 2) * (height + 2); 0 = blocked, else the terrain cost */
    uint8_t *around;    /* the same cells: bit d set where the neighbour in direction d
                           (moves.h) is walkable, so a search reads one byte for all eight */
    /* Where a JPS run each way stops (grid_run_stops): east and west by rows
     * (run_stops[0], line y, position x), south and north by columns
     * (run_stops[1], line x, position y); a bit is set on a blocked cell,
     * and on a walkable one with a side neighbour walkable where the side
     * neighbour behind it is not. */
    bit_lines run_stops[2];
    /* For each value of an around byte, its four stop bits and what the
     * cell counts for astar_grid_cluttered (grid.c), so that an edit looks
     * up the nine cells it touches instead of working them out. */
    uint16_t around_facts[256];
    /* JPS stepping's successors (astar_jumps): for a square entered in
     * direction d whose walkable neighbours are `around`, the directions
     * moves_canonical and moves_legal under the corner rule allow; for the
     * start, entered by no step (d = DIRECTIONS), every legal one. Looked
     * up at each expansion instead of worked out: a sixth of a stepping
     * search's instructions on random512-25. */
    uint8_t successors[DIRECTIONS + 1][256];
    /* Walkable cells per terrain cost, and how many costs are in use, so
     * that "is the terrain uniform" is O(1) after any edit. */
    size_t cells_of_cost[ASTAR_MAX_TERRAIN + 1];
    int costs_in_use;
    /* Over the walkable cells, for astar_grid_cluttered: straight steps
     * into them from a walkable cell, those of them where the run stops at
     * a jump point, and diagonal steps out of them that the corner rule
     * allows. */
    uint64_t arrivals, forced, diagonals;
    size_t walkable;    /* walkable cells */
    bool cluttered;     /* what they make of it (astar_grid_cluttered) */
    astar_topology topology; /* squares or one of the hex layouts (core/hex.h) */
    jump_table *jumps;  /* [opt] the JPS+ table, kept current by astar__grid_put */
    islands *islands;   /* [opt] island labels, kept current by astar__grid_put */
    dead_ends *dead_ends; /* [opt] dead-end areas, kept current by astar__grid_put */
    clearance *clearance; /* [opt] clearance per capability, kept current by
                             astar__grid_put */
    /* Changes so far: cells changed, indexes enabled or disabled, the
     * topology set (astar_grid_edits), and the feed: the cell each of the
     * last ASTAR_GRID_FEED changed, at [edit % ASTAR_GRID_FEED], or
     * FEED_INDEX or FEED_WHOLE for a change of no one cell. What is derived from the grid
     * catches up from it (a sliced search goes on after an edit that does
     * not touch what it has read); only astar__grid_note writes it. */
    uint64_t edits;
    uint32_t *feed;
};

/* Feed entries for changes that are not one cell's: of the whole map (the
 * topology), and an index enabled or disabled, which changes no cell. */
#define FEED_WHOLE UINT32_MAX
#define FEED_INDEX (UINT32_MAX - 1)

/* Counts one change of the grid into its feed: the cell index changed,
 * FEED_INDEX or FEED_WHOLE. */
static inline void astar__grid_note(astar_grid *grid, uint32_t cell)
{
    grid->feed[++grid->edits % ASTAR_GRID_FEED] = cell;
}

/* The cell index edit number `edit` (1..grid->edits) changed, FEED_INDEX
 * or FEED_WHOLE, or FEED_WHOLE when the feed no longer holds it. */
static inline uint32_t grid_fed_cell(const astar_grid *grid, uint64_t edit)
{
    return grid->edits - edit >= ASTAR_GRID_FEED ? FEED_WHOLE : grid->feed[edit % ASTAR_GRID_FEED];
}

static inline size_t grid_padded_index(const astar_grid *grid, int x, int y)
{
    return (size_t)(y + 1) * (size_t)grid->stride + (size_t)(x + 1);
}

/* Line `line` of the stop bits for a run in direction (dx, dy), one of
 * them 0: a row for dx, a column for dy. Its word k is at
 * [k * BIT_LINE_WAYS]; the next line's words are grid_run_stops_apart
 * words on. */
static inline const uint64_t *grid_run_stops(const astar_grid *grid, int dx, int dy, int line)
{
    return bit_lines_line(&grid->run_stops[dx ? 0 : 1], line, dx ? dx < 0 : dy < 0);
}

static inline ptrdiff_t grid_run_stops_apart(const astar_grid *grid, int dx)
{
    return (ptrdiff_t)grid->run_stops[dx ? 0 : 1].words_per_line;
}

static inline bool grid_contains(const astar_grid *grid, int x, int y)
{
    return x >= 0 && y >= 0 && x < grid->width && y < grid->height;
}

/* Whether a start and a goal can be searched between, in the order every
 * search reports it: ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS,
 * ASTAR_START_BLOCKED, ASTAR_GOAL_BLOCKED, else ASTAR_OK. */
static inline astar_status grid_ends_status(const astar_grid *grid, astar_point start,
                                            astar_point goal)
{
    if (!grid_contains(grid, start.x, start.y))
        return ASTAR_START_OUT_OF_BOUNDS;
    if (!grid_contains(grid, goal.x, goal.y))
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    if (!astar_grid_walkable(grid, start.x, start.y))
        return ASTAR_START_BLOCKED;
    return astar_grid_walkable(grid, goal.x, goal.y) ? ASTAR_OK : ASTAR_GOAL_BLOCKED;
}

/* The terrain of cell (x, y) of a grid being made, 0 for blocked. */
typedef uint8_t (*grid_terrain_fn)(const void *arg, int x, int y);

/* astar_grid_new_with, each cell given terrain_of(arg, x, y) (NULL: 1), the
 * stops and counts worked out once at the end rather than per cell: a
 * grid derived from another (a unit's shadow, clearance.h) is made at the
 * cost of a new one. */
astar_status astar__grid_new_filled(int width, int height, const astar_allocator *allocator,
                                    grid_terrain_fn terrain_of, const void *arg, astar_grid **out);

/* The one way a cell changes: terrain, bits, counts, and the jump table,
 * islands and dead ends if enabled, together. (x, y) must be inside the
 * grid; terrain 0 blocks it. The cell is changed
 * whatever happens; ASTAR_OUT_OF_MEMORY says the dead ends could not be
 * rebuilt and were disabled. */
astar_status astar__grid_put(astar_grid *grid, int x, int y, uint8_t terrain);

#endif
