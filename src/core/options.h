#ifndef ASTAR_OPTIONS_H
#define ASTAR_OPTIONS_H

#include "astar.h"

/* Whether every field of options is in range. */
bool astar__options_valid(const astar_options *options);
bool astar__search_options_valid(const astar_search_options *options);

/* What a search over a graph laid on a grid's cells (HPA*'s abstract
 * graph, a waypoint graph) takes of the grid's valid options, into *out:
 * what every search honours, with weight 0 for heuristic ZERO, as the
 * graph's H has no other choice of estimate. Returns ASTAR_OK, or why a
 * graph search refuses the rest: ASTAR_INVALID_ARGUMENT for a world
 * (layers, units, a turn penalty: the graph's edges are priced already),
 * ASTAR_UNSUPPORTED for an algorithm other than A* (jumps need the grid). */
astar_status astar__graph_search_options(const astar_options *options, astar_search_options *out);

/* Why a backward Dijkstra search (the nearest target, a distance map; on
 * a grid or a graph) refuses these valid options, or ASTAR_OK: the
 * fields it cannot honour as given, one rule for all four calls (their
 * headers list them). reaches_everything: a distance map, which takes no
 * limit. */
astar_status astar__backward_refusal(const astar_search_options *options,
                                     bool reaches_everything);

/* Whether H never drops along a step by more than the step costs, so that
 * A* takes squares off the open list in an order of F that never goes down
 * (what the BUCKETS open list needs). options must be valid. */
bool astar__options_consistent(const astar_options *options);

/* The open list a search on ctx uses when asked for one of the first
 * three or BUCKETS, which needs a consistent H (consistent) and room in
 * ctx. */
astar_open_list astar__open_list_used(const astar_context *ctx, astar_open_list asked,
                                      bool consistent);

/* Whether the options' game world (astar_world) prices or forbids any
 * step beyond the grid's terrain: the one test of it, so that a feature
 * added to astar_world is seen wherever it matters (the loop with extras,
 * the searches that cannot take them). options must be valid. */
bool astar__options_world_used(const astar_options *options);

/* Whether the options ask for a unit of a size or a capability
 * (astar_world.unit_size, .capability): what the calls that do not serve
 * one yet refuse with ASTAR_UNSUPPORTED. */
bool astar__options_sized(const astar_options *options);

/* The side of the unit the options ask for: 1 for unit_size 0 or 1. */
static inline int options_unit_size(const astar_options *options)
{
    return options->world.unit_size > 1 ? options->world.unit_size : 1;
}

/* The options of a unit of one cell and capability 0, the rest as given:
 * what a unit of a size is on its shadow (astar_grid_enable_sized_shadow). */
astar_options astar__options_one_cell(const astar_options *options);

#endif
