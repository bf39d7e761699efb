/* The unit a request asks for (astar_world.unit_size, .capability): its
 * checks, and its unit_space (clearance.h, the grid as that unit sees
 * it). Read beside a grid_space by the searches that serve such a unit:
 * A* and JPS (sized.c), nearest targets and distance maps (dijkstra.c);
 * and by the calls after a search (src/path/), which read a unit of one
 * cell through it too. */
#ifndef ASTAR_SEARCH_UNIT_SPACE_H
#define ASTAR_SEARCH_UNIT_SPACE_H

#include "core/hex.h"
#include "core/options.h"
#include "grid/clearance.h"

/* Whether the grid has the clearance the unit these options ask for
 * reads: ASTAR_OK (a unit of one cell reads none) or ASTAR_NO_CLEARANCE. */
static inline astar_status unit_clearance_check(const astar_grid *grid,
                                                const astar_options *options)
{
    bool missing = astar__options_sized(options) &&
                   (!grid->clearance || options->world.capability >= grid->clearance->count);
    return missing ? ASTAR_NO_CLEARANCE : ASTAR_OK;
}

/* Whether the grid serves the unit these options ask for, on a call that
 * reads other units by footprint (reads_units) or not: ASTAR_OK (a unit
 * of one cell always), ASTAR_UNSUPPORTED (a hex grid, or the game world
 * beside it: layers, a turn penalty, other units where not read) or
 * ASTAR_NO_CLEARANCE. */
static inline astar_status unit_space_serves(const astar_grid *grid, const astar_options *options,
                                             bool reads_units)
{
    const astar_world *w = &options->world;
    if (astar__options_sized(options) &&
        (hex_topology(grid->topology) || w->layer_count > 0 || (w->units && !reads_units) ||
         w->turn_penalty))
        return ASTAR_UNSUPPORTED;
    return unit_clearance_check(grid, options);
}

/* unit_space_serves for a call that does not read other units. */
static inline astar_status unit_space_check(const astar_grid *grid, const astar_options *options)
{
    return unit_space_serves(grid, options, false);
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

#endif
