/* Islands: a label per cell naming its connected region of the cells a
 * unit fits on (4-connected on squares, 6 on hexes), so that a search can
 * tell in O(1) that its target is unreachable (the article's note 6): the
 * grid's own for a unit of one cell, and one per size and capability asked
 * for (astar_grid_enable_sized_islands), over that unit's anchors. Kept
 * current by astar__grid_put. */
#ifndef ASTAR_ISLANDS_H
#define ASTAR_ISLANDS_H

#include <stdint.h>

#include "core/options.h"
#include "grid/clearance.h"
#include "grid/grid.h"

struct islands {
    uint32_t *label;   /* per cell (y * width + x): 0 where the unit does
                          not fit, else its island */
    uint32_t *work;    /* the flood fill's stack, one slot per cell */
    uint32_t next;     /* the next label never given out */
    unit_space unit;   /* whose islands: clear NULL, the grid's own */
    int32_t step[DIRECTIONS]; /* how a cell's index changes along d */
};

static inline uint32_t islands_label(const islands *isl, const astar_grid *grid, int x, int y)
{
    return isl->label[(size_t)y * (size_t)grid->width + (size_t)x];
}

/* The islands that answer for the unit the options ask for: its own when
 * enabled, else the grid's (a unit's anchors are cells it may enter, so
 * cells apart for one cell are apart for it), else NULL. */
static inline const islands *islands_for(const astar_grid *grid, const astar_options *options)
{
    const astar_world *w = &options->world;
    if (astar__options_sized(options) && grid->clearance &&
        w->capability < grid->clearance->count) {
        const islands *own =
            grid->clearance->islands[(w->unit_size > 1 ? w->unit_size : 1) - 1][w->capability];
        if (own)
            return own;
    }
    return grid->islands;
}

/* New islands of the unit, labelled; NULL when out of memory. */
islands *astar__islands_new(astar_grid *grid, unit_space unit);

void astar__islands_free(astar_grid *grid, islands *isl);

/* Labels every cell afresh: after the labels ran out, or the topology
 * changed. */
void astar__islands_label_all(const astar_grid *grid, islands *isl);

/* Relabels after an edit that may have changed where the unit fits in
 * [x0, x1] x [y0, y1] and nowhere else. */
void astar__islands_update(astar_grid *grid, islands *isl, int x0, int y0, int x1, int y1);

#endif
