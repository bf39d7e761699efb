/* Straightening a path the caller knows is legal: what
 * astar_path_straighten does after its checks, and what HPA*'s whole
 * paths get by default (graph/hpa_query.c). */
#ifndef ASTAR_PATH_STRAIGHTEN_H
#define ASTAR_PATH_STRAIGHTEN_H

#include <stddef.h>

#include "astar.h"

/* Straightens points[0..length), a legal path on grid under options
 * (square grid, no layers, units or turn penalty; a unit of a size or a
 * capability only on a grid with its clearance: unit_space_check), into
 * out->points (which may be points itself), setting out's length, cost and
 * distance as astar_path_straighten does; nothing else of out. */
void astar__straighten(const astar_grid *grid, const astar_options *options,
                       const astar_point *points, size_t length, astar_route *out);

#endif
