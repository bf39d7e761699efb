#ifndef ASTAR_OPTIONS_H
#define ASTAR_OPTIONS_H

#include "astar.h"

/* Whether every field of options is in range. */
bool astar__options_valid(const astar_options *options);

/* Whether H never drops along a step by more than the step costs, so that
 * A* takes squares off the open list in an order of F that never goes down
 * (what the BUCKETS open list needs). options must be valid. */
bool astar__options_consistent(const astar_options *options);

/* astar__options_consistent for a graph's H: the scale rule makes it
 * consistent, and a weight up to 1 keeps it so. options must be valid. */
bool astar__options_graph_consistent(const astar_options *options);

/* The open list a search with these options on ctx uses, of the first
 * three and BUCKETS (which needs consistent(options) and room in ctx);
 * NULL or invalid arguments give the heap. */
astar_open_list astar__open_list_used(const astar_context *ctx, const astar_options *options,
                                      bool (*consistent)(const astar_options *));

/* Whether the options' game world (astar_world) prices or forbids any
 * step beyond the grid's terrain: the one test of it, so that a feature
 * added to astar_world is seen wherever it matters (the loop with extras,
 * the searches that cannot take them). options must be valid. */
bool astar__options_world_used(const astar_options *options);

/* Whether the options ask for a unit of a size or a capability
 * (astar_world.unit_size, .capability): what the calls that do not serve
 * one yet refuse with ASTAR_UNSUPPORTED. */
bool astar__options_sized(const astar_options *options);

#endif
