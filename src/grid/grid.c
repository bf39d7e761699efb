/* Grid maps: walkability and terrain cost per cell. */
#include <string.h>

#include "grid/clearance.h"
#include "grid/dead_ends.h"
#include "grid/grid.h"
#include "grid/islands.h"
#include "grid/jump_table.h"
#include "core/moves.h"

bool astar__bit_lines_init(bit_lines *b, const astar_allocator *memory, int count, int length)
{
    b->words_per_line = BIT_LINE_WAYS * (((size_t)length + 2 * BIT_LINE_PAD + 63) / 64 + 1);
    size_t words = (size_t)(count + 2) * b->words_per_line;
    b->words = astar__allocate(memory, words, sizeof *b->words);
    if (b->words)
        memset(b->words, 0xFF, words * sizeof *b->words);
    return b->words != NULL;
}

void astar__bit_lines_free(bit_lines *b, const astar_allocator *memory)
{
    astar__release(memory, b->words);
    b->words = NULL;
}

static astar_status put(astar_grid *grid, int x, int y, uint8_t terrain, bool refresh_stops);
static void set_run_stops(astar_grid *grid, int x, int y);
static void count_cell(astar_grid *grid, size_t at, int sign);
static uint16_t around_facts(unsigned around);
static void note_clutter(astar_grid *grid);

astar_status astar_grid_new(int width, int height, astar_grid **out)
{
    return astar_grid_new_with(width, height, NULL, out);
}

astar_status astar_grid_new_with(int width, int height, const astar_allocator *allocator,
                                 astar_grid **out)
{
    return astar__grid_new_filled(width, height, allocator, NULL, NULL, out);
}

astar_status astar__grid_new_filled(int width, int height, const astar_allocator *allocator,
                                    grid_terrain_fn terrain_of, const void *arg, astar_grid **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_allocator memory;
    if (width < 1 || height < 1 || width > ASTAR_MAX_SIDE || height > ASTAR_MAX_SIDE ||
        (size_t)width * (size_t)height > ASTAR_MAX_CELLS ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_grid *grid = astar__allocate_zeroed(&memory, 1, sizeof *grid);
    if (!grid)
        return ASTAR_OUT_OF_MEMORY;
    grid->memory = memory;
    grid->width = width;
    grid->height = height;
    grid->stride = width + 2;
    size_t padded = (size_t)(width + 2) * (size_t)(height + 2);
    grid->terrain = astar__allocate_zeroed(&memory, padded, 1);
    grid->around = astar__allocate_zeroed(&memory, padded, 1);
    grid->feed = astar__allocate(&memory, ASTAR_GRID_FEED, sizeof *grid->feed);
    bool lines = astar__bit_lines_init(&grid->run_stops[0], &memory, height, width) &&
                 astar__bit_lines_init(&grid->run_stops[1], &memory, width, height);
    if (!grid->terrain || !grid->around || !grid->feed || !lines) {
        astar_grid_delete(grid);
        return ASTAR_OUT_OF_MEMORY;
    }
    for (unsigned around = 0; around < 256; around++) {
        grid->around_facts[around] = around_facts(around);
        unsigned legal = moves_legal(ASTAR_MOVES_8, around);
        for (unsigned d = 0; d < DIRECTIONS; d++)
            grid->successors[d][around] = (uint8_t)(legal & moves_canonical(d, around));
        grid->successors[DIRECTIONS][around] = (uint8_t)legal;
    }
    /* The stops once all cells are set, not for the nine cells around
     * each as an edit does (that made loading a 1024 x 1024 map 3.7 times
     * slower: 0.22 s against 0.06). */
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            put(grid, x, y, terrain_of ? terrain_of(arg, x, y) : 1, false);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            set_run_stops(grid, x, y);
            if (grid->terrain[grid_padded_index(grid, x, y)])
                count_cell(grid, grid_padded_index(grid, x, y), 1);
        }
    note_clutter(grid);
    *out = grid;
    return ASTAR_OK;
}

void astar_grid_delete(astar_grid *grid)
{
    if (grid) {
        astar_grid_disable_jump_table(grid);
        astar_grid_disable_islands(grid);
        astar_grid_disable_dead_ends(grid);
        astar_grid_disable_clearance(grid);
        astar__release(&grid->memory, grid->terrain);
        astar__release(&grid->memory, grid->around);
        astar__release(&grid->memory, grid->feed);
        for (int d = 0; d < 2; d++)
            astar__bit_lines_free(&grid->run_stops[d], &grid->memory);
        astar__release(&grid->memory, grid);
    }
}

/* Tells the eight neighbours of (x, y) whether it is walkable: to the
 * neighbour in direction d it lies in the opposite direction. */
static void tell_neighbours(astar_grid *grid, int x, int y, bool walkable)
{
    size_t here = grid_padded_index(grid, x, y);
    for (unsigned d = 0; d < DIRECTIONS; d++) {
        uint8_t *around = &grid->around[(ptrdiff_t)here + move_dy[d] * grid->stride + move_dx[d]];
        uint8_t bit = (uint8_t)move_bit(move_opposite(d));
        *around = walkable ? (uint8_t)(*around | bit) : (uint8_t)(*around & ~bit);
    }
}

/* The four stop bits (bits 0 to 3: runs east, west, south and north) of a
 * walkable cell whose walkable neighbours are the set `around`: a run
 * stops where a side neighbour is walkable and the side neighbour behind
 * it, against the run, is not. */
static unsigned run_stop_bits(unsigned around)
{
    unsigned open[3][3]; /* [dy + 1][dx + 1] */
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            open[dy + 1][dx + 1] = (dx || dy) ? around >> move_direction(dx, dy) & 1u : 1u;
    unsigned north = open[0][1], south = open[2][1], west = open[1][0], east = open[1][2];
    unsigned runs_east = (north & ~open[0][0]) | (south & ~open[2][0]);
    unsigned runs_west = (north & ~open[0][2]) | (south & ~open[2][2]);
    unsigned runs_south = (west & ~open[0][0]) | (east & ~open[0][2]);
    unsigned runs_north = (west & ~open[2][0]) | (east & ~open[2][2]);
    return (runs_east & 1u) | (runs_west & 1u) << 1 | (runs_south & 1u) << 2 | (runs_north & 1u) << 3;
}

/* What a walkable cell whose walkable neighbours are `around` gives the
 * grid, packed for grid->around_facts: its run_stop_bits, and what it
 * counts for astar_grid_cluttered. */
enum { FACT_ARRIVALS = 4, FACT_FORCED = 7, FACT_DIAGONALS = 10, FACT_COUNT_MASK = 7 };

static uint16_t around_facts(unsigned around)
{
    /* A run each way (run_stop_bits' order: east, west, south, north) arrives
     * from the neighbour behind it: west, east, north, south. */
    unsigned behind = (around >> 3 & 1u) | (around >> 4 & 1u) << 1 | (around >> 6 & 1u) << 2 |
                      (around >> 1 & 1u) << 3;
    enum { STRAIGHT_BITS = 0x5A, DIAGONAL_BITS = 0xA5 }; /* directions 1, 3, 4, 6; 0, 2, 5, 7 */
    unsigned stops = run_stop_bits(around);
    unsigned arrivals = (unsigned)__builtin_popcount(around & STRAIGHT_BITS);
    unsigned forced = (unsigned)__builtin_popcount(stops & behind);
    unsigned diagonals =
        (unsigned)__builtin_popcount(moves_legal(ASTAR_MOVES_8, around) & DIAGONAL_BITS);
    return (uint16_t)(stops | arrivals << FACT_ARRIVALS | forced << FACT_FORCED |
                      diagonals << FACT_DIAGONALS);
}

/* Adds what the walkable cell at padded index `at` counts for
 * astar_grid_cluttered to the grid's counts (sign 1), or takes it away
 * (sign -1). */
static void count_cell(astar_grid *grid, size_t at, int sign)
{
    unsigned facts = grid->around_facts[grid->around[at]];
    grid->arrivals += (uint64_t)sign * (facts >> FACT_ARRIVALS & FACT_COUNT_MASK);
    grid->forced += (uint64_t)sign * (facts >> FACT_FORCED & FACT_COUNT_MASK);
    grid->diagonals += (uint64_t)sign * (facts >> FACT_DIAGONALS & FACT_COUNT_MASK);
}

/* Works out astar_grid_cluttered from the counts, once per change of them
 * rather than once per search, which asks for it (a short JPS query takes
 * a microsecond or two). */
static void note_clutter(astar_grid *grid)
{
    size_t walkable = grid->walkable;
    if (grid->arrivals == 0 || walkable == 0) {
        grid->cluttered = false;
        return;
    }
    double forced_share = (double)grid->forced / (double)grid->arrivals;
    double diagonal_share = (double)grid->diagonals / (4.0 * (double)walkable);
    grid->cluttered = forced_share * diagonal_share >= 1.0 / 16.0;
}

/* Takes the walkable cells of the 3 x 3 around (x, y) out of the counts,
 * before an edit there changes what they count. */
static void uncount_around(astar_grid *grid, int x, int y)
{
    size_t centre = grid_padded_index(grid, x, y);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            size_t at = (size_t)((ptrdiff_t)centre + dy * grid->stride + dx);
            if (grid->terrain[at])
                count_cell(grid, at, -1);
        }
}

/* Sets the stop bits of cell (x, y) of the grid; a wall stops every run. */
static void set_run_stops(astar_grid *grid, int x, int y)
{
    size_t at = grid_padded_index(grid, x, y);
    unsigned bits = grid->terrain[at] ? grid->around_facts[grid->around[at]] & 0xFu : 0xFu;
    for (int d = 0; d < 4; d++)
        bit_lines_set(&grid->run_stops[d / 2], d < 2 ? y : x, (unsigned)d % 2, d < 2 ? x : y,
                      bits >> d & 1u);
}

/* After a change of walkability at (x, y): the cell and the eight around,
 * whose side neighbour it may be, count again and get their runs' stops
 * anew. */
static void recount_around(astar_grid *grid, int x, int y)
{
    for (int cy = y - 1; cy <= y + 1; cy++)
        for (int cx = x - 1; cx <= x + 1; cx++)
            if (grid_contains(grid, cx, cy)) {
                size_t at = grid_padded_index(grid, cx, cy);
                if (grid->terrain[at])
                    count_cell(grid, at, 1);
                set_run_stops(grid, cx, cy);
            }
    note_clutter(grid);
}

/* astar__grid_put, which may leave the stop bits and the counts of
 * astar_grid_cluttered to the caller (a new grid sets them all at the end). */
static astar_status put(astar_grid *grid, int x, int y, uint8_t terrain, bool refresh_stops)
{
    uint8_t *cell = &grid->terrain[grid_padded_index(grid, x, y)];
    uint8_t old = *cell;
    if (old == terrain)
        return ASTAR_OK;
    astar__grid_note(grid, (uint32_t)y * (uint32_t)grid->width + (uint32_t)x);
    if (old && --grid->cells_of_cost[old] == 0)
        grid->costs_in_use--;
    if (terrain && grid->cells_of_cost[terrain]++ == 0)
        grid->costs_in_use++;
    bool walkability = (old == 0) != (terrain == 0);
    if (walkability)
        grid->walkable = terrain ? grid->walkable + 1 : grid->walkable - 1;
    /* The cell and its neighbours count again, with their new around. */
    if (walkability && refresh_stops)
        uncount_around(grid, x, y);
    *cell = terrain;
    if (walkability) {
        tell_neighbours(grid, x, y, terrain != 0);
        if (refresh_stops)
            recount_around(grid, x, y);
        if (grid->jumps)
            astar__jump_table_patch(grid, x, y);
        if (grid->islands)
            astar__islands_update(grid, grid->islands, x, y, x, y);
        if (grid->dead_ends && !astar__dead_ends_update(grid))
            return ASTAR_OUT_OF_MEMORY;
    }
    /* A capability may take one terrain and not another: any change of
     * terrain may change clearance. */
    if (grid->clearance)
        astar__clearance_update(grid, x, y);
    return ASTAR_OK;
}

astar_status astar__grid_put(astar_grid *grid, int x, int y, uint8_t terrain)
{
    return put(grid, x, y, terrain, true);
}

astar_status astar_grid_set_topology(astar_grid *grid, astar_topology topology)
{
    if (!grid || (unsigned)topology > ASTAR_TOPOLOGY_HEX_EVEN_Q)
        return ASTAR_INVALID_ARGUMENT;
    if (grid->topology == topology)
        return ASTAR_OK;
    grid->topology = topology;
    astar__grid_note(grid, FEED_WHOLE);
    if (grid->islands)
        astar__islands_label_all(grid, grid->islands);
    if (grid->clearance)
        astar__clearance_islands_relabel(grid);
    return ASTAR_OK;
}

astar_topology astar_grid_topology(const astar_grid *grid)
{
    return grid ? grid->topology : ASTAR_TOPOLOGY_SQUARE;
}

uint64_t astar_grid_edits(const astar_grid *grid)
{
    return grid ? grid->edits : 0;
}

astar_status astar_grid_edit_cell(const astar_grid *grid, uint64_t edit, astar_point *cell)
{
    if (!grid || !cell || edit == 0 || edit > grid->edits)
        return ASTAR_INVALID_ARGUMENT;
    uint32_t at = grid_fed_cell(grid, edit);
    if (at == FEED_WHOLE || at == FEED_INDEX)
        return ASTAR_FEED_BEHIND;
    *cell = (astar_point){ (int32_t)(at % (uint32_t)grid->width),
                           (int32_t)(at / (uint32_t)grid->width) };
    return ASTAR_OK;
}

int astar_grid_width(const astar_grid *grid) { return grid ? grid->width : 0; }
int astar_grid_height(const astar_grid *grid) { return grid ? grid->height : 0; }

size_t astar_grid_cells(const astar_grid *grid)
{
    return grid ? (size_t)grid->width * (size_t)grid->height : 0;
}

bool astar_grid_cluttered(const astar_grid *grid)
{
    return grid && grid->cluttered;
}

bool astar_grid_uniform(const astar_grid *grid)
{
    return grid && grid->costs_in_use <= 1;
}

astar_status astar_grid_set_walkable(astar_grid *grid, int x, int y, bool walkable)
{
    if (!grid || !grid_contains(grid, x, y))
        return ASTAR_INVALID_ARGUMENT;
    uint8_t old = grid->terrain[grid_padded_index(grid, x, y)];
    return astar__grid_put(grid, x, y, !walkable ? 0 : old ? old : 1);
}

astar_status astar_grid_set_cost(astar_grid *grid, int x, int y, int cost)
{
    if (!grid || !grid_contains(grid, x, y) || cost < 1 || cost > ASTAR_MAX_TERRAIN)
        return ASTAR_INVALID_ARGUMENT;
    return astar__grid_put(grid, x, y, (uint8_t)cost);
}

int astar_grid_cost(const astar_grid *grid, int x, int y)
{
    if (!grid || !grid_contains(grid, x, y))
        return 0;
    return grid->terrain[grid_padded_index(grid, x, y)];
}

bool astar_grid_walkable(const astar_grid *grid, int x, int y)
{
    return astar_grid_cost(grid, x, y) != 0;
}
