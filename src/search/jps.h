/* Jump Point Search and JPS+: entry points for astar_find_path. */
#ifndef ASTAR_JPS_H
#define ASTAR_JPS_H

#include "astar.h"
#include "grid/grid.h"

/* Whether JPS (or JPS+, per options->algorithm) can serve this grid and
 * these options: ASTAR_OK, ASTAR_UNSUPPORTED or ASTAR_NO_JUMP_TABLE. */
astar_status astar__jps_check(const astar_grid *grid, const astar_options *options);

/* astar_find_path for JPS and JPS+ from cell start to cell target, once the
 * request and astar__jps_check passed. */
astar_status astar__jps_find_path(astar_context *ctx, const astar_grid *grid, uint32_t start,
                           uint32_t target, const astar_options *options, astar_path *path);

#endif
