/* The Moving AI benchmark's maps and scenarios, loaded by name for the
 * tests that search real maps. */
#ifndef UTIL_BENCH_MAPS_H
#define UTIL_BENCH_MAPS_H

#include "astar.h"

/* Loads ASTAR_BENCH_DIR/maps/NAME.map with its jump table enabled, and
 * scen/NAME.map.scen; name is "set/map" such as "dao/arena". Fails the test
 * if either does not load. */
void bench_map_load(const char *name, astar_grid **grid, astar_scenario **scenario);

#endif
