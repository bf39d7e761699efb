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

#include "core/inline.h"
#include "core/moves.h"
#include "grid/grid.h"

struct clearance {
    size_t count;       /* capabilities: 0 every walkable terrain, then the
                           caller's */
    astar_capability capability[ASTAR_MAX_CAPABILITIES + 1];
    uint8_t *value;     /* count planes of width * height: plane c, cell
                           y * width + x */
    /* [opt] the islands of a unit of size k and capability c
     * (astar_grid_enable_sized_islands) at [k - 1][c], read from the
     * planes above and so dropped with them */
    islands *islands[ASTAR_MAX_UNIT_SIZE][ASTAR_MAX_CAPABILITIES + 1];
    /* [opt] the shadow of a unit of size k and capability c
     * (astar_grid_enable_sized_shadow) at [k - 1][c]: a grid of its own,
     * walkable at the unit's anchors, each at the dearest terrain under
     * the unit, so that every search of a unit of one cell runs on it
     * unchanged; read from the planes above and so dropped with them */
    astar_grid *shadow[ASTAR_MAX_UNIT_SIZE][ASTAR_MAX_CAPABILITIES + 1];
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

/* The grid as a unit of a size and a capability sees it: where it fits -
 * anchors, the top-left corners of its k x k cells, where the
 * capability's clearance is at least k - and what a step onto an anchor
 * costs. A unit of one cell of capability 0 reads the grid's own bytes. */
typedef struct unit_space {
    const uint8_t *clear;         /* the capability's clearance, per cell; NULL
                                     for a unit of one cell of capability 0,
                                     which reads the grid's own bytes */
    int size;
} unit_space;

/* Whether the unit fits with (x, y), a cell of the grid, its anchor. */
static inline bool unit_fits(const unit_space *u, const astar_grid *grid, int x, int y)
{
    if (!u->clear)
        return grid->terrain[grid_padded_index(grid, x, y)] != 0;
    return u->clear[(size_t)y * (size_t)grid->width + (size_t)x] >= u->size;
}

/* The around byte (grid.h) of the map as a unit with clearance sees it at
 * the anchor cell, the grid's own around byte there being walkable and
 * step[d] how a cell's index changes along direction d: bit d set where
 * it fits on the anchor next door in direction d. Only the directions
 * whose cell is walkable at all are read, which keeps the reads inside
 * the grid. */
static ALWAYS_INLINE unsigned unit_around(const unit_space *u, unsigned walkable,
                                          const int32_t step[DIRECTIONS], uint32_t cell)
{
    unsigned around = 0;
    for (; walkable; walkable &= walkable - 1) {
        unsigned d = (unsigned)__builtin_ctz(walkable);
        if (u->clear[(int64_t)cell + step[d]] >= u->size)
            around |= move_bit(d);
    }
    return around;
}

/* The dearest terrain under the unit at the anchor (x, y): what a step
 * onto it is priced by (a unit of one cell: the terrain of (x, y)). */
static inline uint32_t unit_dearest(const unit_space *u, const astar_grid *grid, int x, int y)
{
    uint32_t dearest = 0;
    for (int dy = 0; dy < u->size; dy++) {
        const uint8_t *row = grid->terrain + grid_padded_index(grid, x, y + dy);
        for (int dx = 0; dx < u->size; dx++)
            dearest = row[dx] > dearest ? row[dx] : dearest;
    }
    return dearest;
}

/* Works the values out again after the terrain of (x, y) changed, and
 * the islands and shadows of units whose fit or price that changed. */
void astar__clearance_update(astar_grid *grid, int x, int y);

/* The unit of size k and capability c of the grid's clearance. */
static inline unit_space clearance_unit(const astar_grid *grid, int size, size_t capability)
{
    return (unit_space){ .clear = grid->clearance->value + capability * astar_grid_cells(grid),
                         .size = size };
}

/* Labels the islands of every unit afresh (the topology changed). */
void astar__clearance_islands_relabel(astar_grid *grid);

#endif
