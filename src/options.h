#ifndef ASTAR_OPTIONS_H
#define ASTAR_OPTIONS_H

#include "astar.h"

/* Whether every field of options is in range. */
bool options_valid(const astar_options *options);

/* Whether H never drops along a step by more than the step costs, so that
 * A* takes squares off the open list in an order of F that never goes down
 * (what the BUCKETS open list needs). options must be valid. */
bool options_consistent(const astar_options *options);

#endif
