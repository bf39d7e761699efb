/* Jump Point Search and JPS+: whether they serve a request (their begin
 * and step are in state.h). */
#ifndef ASTAR_JPS_H
#define ASTAR_JPS_H

#include "astar.h"
#include "grid/grid.h"

/* Whether JPS (or JPS+, per options->algorithm) can serve this grid and
 * these options: ASTAR_OK, ASTAR_UNSUPPORTED or ASTAR_NO_JUMP_TABLE. */
astar_status astar__jps_check(const astar_grid *grid, const astar_options *options);

#endif
