/* The JPS+ jump table (Rabin, "JPS+: Over 100x Faster than A*", 2015): for
 * every cell and direction, where a jump from that cell stops. Built from
 * the grid's walkability in linear time and patched by astar__grid_put on every
 * edit, so it is never stale.
 *
 * An entry v for cell c and direction d, going from c one step at a time:
 *   1 .. JUMP_SKIP    the first stop is a jump point v steps away: for a
 *                     straight direction a cell with a forced neighbour, for a
 *                     diagonal one a cell from which a straight jump along
 *                     either component of d reaches a jump point
 *   -JUMP_SKIP .. 0   no jump point: -v steps can be taken before a wall
 *   JUMP_FAR_POINT    the next JUMP_SKIP steps are free of both, and the run
 *                     ends at a jump point: look again at the cell JUMP_SKIP
 *                     steps away
 *   JUMP_FAR_WALL     the same for a run that ends at a wall
 * So an entry's sign always says whether its run reaches a jump point, which
 * is all a diagonal entry asks of the straight ones: building and patching
 * never follow a chain. One byte per direction, 8 bytes per cell: half the
 * cache lines of 16-bit entries, and in a JPS+ query the table's lines are
 * most of the misses (the expanded jump point's, and one per stop of every
 * diagonal run); runs of more than JUMP_SKIP steps are few, and cost a
 * lookup per JUMP_SKIP steps. */
#ifndef ASTAR_JUMP_TABLE_H
#define ASTAR_JUMP_TABLE_H

#include <stdint.h>

#include "grid/grid.h"
#include "core/moves.h"

typedef int8_t jump_entry;
enum { JUMP_FAR_POINT = INT8_MAX, JUMP_FAR_WALL = INT8_MIN, JUMP_SKIP = INT8_MAX - 1 };

struct jump_table {
    jump_entry *entry;   /* DIRECTIONS per cell, cells by y * width + x */
};

/* A cell's DIRECTIONS entries, side by side. */
static inline const jump_entry *jump_table_cell(const jump_table *t, uint32_t cell)
{
    return t->entry + (size_t)cell * DIRECTIONS;
}

static inline int jump_table_get(const jump_table *t, uint32_t cell, unsigned dir)
{
    return jump_table_cell(t, cell)[dir];
}

/* Whether entry v is a plain distance rather than a look again. */
static inline bool jump_plain(int v)
{
    return (unsigned)(v + JUMP_SKIP) <= 2u * JUMP_SKIP;
}

/* Where a jump from cell (y * width + x) along dir stops, following the
 * look-again entries: the entry's meaning over the whole run, v >= 1 a
 * jump point v steps away, v <= 0 a wall after -v steps. */
static inline int jump_table_stop(const jump_table *t, int width, uint32_t cell, unsigned dir)
{
    int v = jump_table_get(t, cell, dir);
    if (jump_plain(v))
        return v; /* on most maps almost always */
    int32_t skip = (move_dy[dir] * width + move_dx[dir]) * JUMP_SKIP;
    int gone = 0;
    do {
        gone += JUMP_SKIP;
        cell = (uint32_t)((int64_t)cell + skip);
    } while (!jump_plain(v = jump_table_get(t, cell, dir)));
    return v > 0 ? gone + v : -(gone - v);
}

/* Brings the table up to date after the walkability of (x, y) changed:
 * O(width + height) and the diagonal entries that really change. */
void astar__jump_table_patch(astar_grid *grid, int x, int y);

#endif
