/* The grid as a unit of a size and a capability sees it
 * (astar_world.unit_size, .capability): where it fits - anchors, the
 * top-left corners of its k x k cells, where the capability's clearance is
 * at least k - and what a step onto an anchor costs. Read beside a
 * grid_space by the searches that serve such a unit: A* and JPS
 * (sized.c), nearest targets and distance maps (dijkstra.c); and by the
 * calls after a search (src/path/), which read a unit of one cell through
 * it too. */
#ifndef ASTAR_SEARCH_UNIT_SPACE_H
#define ASTAR_SEARCH_UNIT_SPACE_H

#include "core/hex.h"
#include "core/options.h"
#include "grid/clearance.h"
#include "search/grid_space.h"

typedef struct unit_space {
    const uint8_t *clear;         /* the capability's clearance, per cell; NULL
                                     for a unit of one cell of capability 0,
                                     which reads the grid's own bytes */
    int size;
} unit_space;

/* Whether the grid has the clearance the unit these options ask for
 * reads: ASTAR_OK (a unit of one cell reads none) or ASTAR_NO_CLEARANCE. */
static inline astar_status unit_clearance_check(const astar_grid *grid,
                                                const astar_options *options)
{
    bool missing = astar__options_sized(options) &&
                   (!grid->clearance || options->world.capability >= grid->clearance->count);
    return missing ? ASTAR_NO_CLEARANCE : ASTAR_OK;
}

/* Whether the grid serves the unit these options ask for: ASTAR_OK (a
 * unit of one cell always), ASTAR_UNSUPPORTED (a hex grid, or the game
 * world beside it: layers, other units, a turn penalty) or
 * ASTAR_NO_CLEARANCE. */
static inline astar_status unit_space_check(const astar_grid *grid, const astar_options *options)
{
    const astar_world *w = &options->world;
    if (astar__options_sized(options) &&
        (hex_topology(grid->topology) || w->layer_count > 0 || w->units || w->turn_penalty))
        return ASTAR_UNSUPPORTED;
    return unit_clearance_check(grid, options);
}

/* The unit of a checked request (a unit of one cell needs no check). */
static inline unit_space unit_space_of(const astar_grid *grid, const astar_options *options)
{
    if (!astar__options_sized(options))
        return (unit_space){ .clear = NULL, .size = 1 };
    return (unit_space){
        .clear = grid->clearance->value +
                 (size_t)options->world.capability * astar_grid_cells(grid),
        .size = options->world.unit_size > 1 ? options->world.unit_size : 1,
    };
}

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

#endif
