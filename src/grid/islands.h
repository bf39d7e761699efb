/* Islands: a label per cell naming its connected region of walkable
 * cells (4-connected on squares, 6 on hexes), so that a search can tell in O(1) that its target is unreachable
 * (the article's note 6). Kept current by astar__grid_put. */
#ifndef ASTAR_ISLANDS_H
#define ASTAR_ISLANDS_H

#include <stdint.h>

#include "grid/grid.h"

struct islands {
    uint32_t *label;   /* per cell (y * width + x): 0 blocked, else its island */
    uint32_t *work;    /* the flood fill's stack, one slot per cell */
    uint32_t next;     /* the next label never given out */
};

static inline uint32_t islands_label(const islands *isl, const astar_grid *grid, int x, int y)
{
    return isl->label[(size_t)y * (size_t)grid->width + (size_t)x];
}

/* Labels every cell afresh: after the labels ran out, or the topology
 * changed. */
void astar__islands_label_all(const astar_grid *grid, islands *isl);

/* Relabels after the walkability of (x, y) changed. */
void astar__islands_update(astar_grid *grid, int x, int y);

#endif
