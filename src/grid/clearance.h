/* Clearance (Harabor and Botea, "Hierarchical path planning for
 * multi-size agents in heterogeneous environments", 2008): per capability
 * the grid was given, a byte per cell - the side of the largest square of
 * cells, that cell its top-left corner, which a unit of that capability may
 * all stand on, at most ASTAR_MAX_UNIT_SIZE. Kept current by
 * astar__grid_put: an edit changes only the cells whose square can reach
 * it, up and to the left of it within ASTAR_MAX_UNIT_SIZE. */
#ifndef ASTAR_CLEARANCE_H
#define ASTAR_CLEARANCE_H

#include <stdint.h>

#include "grid/grid.h"

struct clearance {
    size_t count;       /* capabilities: 0 every walkable terrain, then the
                           caller's */
    astar_capability capability[ASTAR_MAX_CAPABILITIES + 1];
    uint8_t *value;     /* count planes of width * height: plane c, cell
                           y * width + x */
};

/* Whether a unit of capability c may stand on terrain t (0: never). */
static inline bool capability_allows(const astar_capability *c, uint8_t t)
{
    return t != 0 && (c->terrain[t >> 6] >> (t & 63) & 1);
}

static inline uint8_t clearance_at(const clearance *cl, const astar_grid *grid, size_t c, int x,
                                   int y)
{
    size_t cells = (size_t)grid->width * (size_t)grid->height;
    return cl->value[c * cells + (size_t)y * (size_t)grid->width + (size_t)x];
}

/* Works the values out again after the terrain of (x, y) changed. */
void astar__clearance_update(astar_grid *grid, int x, int y);

#endif
