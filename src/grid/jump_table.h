/* The JPS+ jump table (Rabin, "JPS+: Over 100x Faster than A*", 2015): for
 * every cell and direction, where a jump from that cell stops. Built from
 * the grid's walkability in linear time and patched by astar__grid_put on every
 * edit, so it is never stale.
 *
 * An entry v for cell c and direction d, going from c one step at a time:
 *   v >= 1            the first stop is a jump point v steps away: for a
 *                     straight direction a cell with a forced neighbour, for a
 *                     diagonal one a cell from which a straight jump along
 *                     either component of d reaches a jump point
 *   v <= 0            no jump point: -v steps can be taken before a wall
 *   JUMP_CONTINUE     the next JUMP_SKIP steps are free of both: look again
 *                     at the cell JUMP_SKIP steps away (only on lines longer
 *                     than 16-bit distances reach)
 * One int16 per direction: 16 bytes per cell. */
#ifndef ASTAR_JUMP_TABLE_H
#define ASTAR_JUMP_TABLE_H

#include <stdint.h>

#include "grid/grid.h"
#include "core/moves.h"

enum { JUMP_CONTINUE = INT16_MAX, JUMP_SKIP = INT16_MAX - 1 };

struct jump_table {
    int16_t *entry;   /* DIRECTIONS per cell, cells by y * width + x */
};

static inline int jump_table_get(const jump_table *t, uint32_t cell, unsigned dir)
{
    return t->entry[(size_t)cell * DIRECTIONS + dir];
}

/* Where a jump from cell (y * width + x) along dir stops, following
 * JUMP_CONTINUE entries: the entry's meaning over the whole run, v >= 1 a
 * jump point v steps away, v <= 0 a wall after -v steps. */
static inline int jump_table_stop(const jump_table *t, int width, uint32_t cell, unsigned dir)
{
    int v = jump_table_get(t, cell, dir);
    if (v != JUMP_CONTINUE)
        return v; /* almost always: JPS+ reads a few entries per jump point */
    int32_t skip = (move_dy[dir] * width + move_dx[dir]) * JUMP_SKIP;
    int gone = 0;
    do {
        gone += JUMP_SKIP;
        cell = (uint32_t)((int64_t)cell + skip);
    } while ((v = jump_table_get(t, cell, dir)) == JUMP_CONTINUE);
    return v > 0 ? gone + v : -(gone - v);
}

/* Brings the table up to date after the walkability of (x, y) changed:
 * O(width + height) and the diagonal entries that really change. */
void astar__jump_table_patch(astar_grid *grid, int x, int y);

#endif
