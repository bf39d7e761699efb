/* What the bench programs share beside tools/timing.h: loading their Moving
 * AI files, with what went wrong said under the program's name. */
#ifndef ASTAR_BENCH_UTIL_H
#define ASTAR_BENCH_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "astar.h"

/* Loads the map at path into *grid; false after printing
 * "program: why". */
bool bench_load_map(const char *program, const char *path, astar_grid **grid);

/* Loads the scenario file at path into *scen; false after printing
 * "program: why". */
bool bench_load_scenario(const char *program, const char *path, astar_scenario **scen);

/* Loads the scenario file at path and its map, which lies in the Moving AI
 * layout: .../scen/SET/X.map.scen -> .../maps/SET/X.map. False after
 * printing "program: why" (nothing is left loaded). */
bool bench_load_scenario_map(const char *program, const char *path, astar_scenario **scen,
                             astar_grid **grid);

/* The options the programs that race astar against itself compare with:
 * octile costs and H (the scenarios' measure) on the bucket open list. */
astar_options bench_octile_buckets(void);

/* Whether a problem can be posed on grid: both ends walkable (the
 * benchmark lists some that are not). */
bool bench_posable(const astar_grid *grid, const astar_problem *p);

/* A walkable cell of g drawn from the sequence *state (timing.h's
 * next_random); g must have one. */
astar_point bench_random_walkable(const astar_grid *g, uint64_t *state);

/* What follows the last '/' of path (all of it if it has none). */
const char *bench_base_name(const char *path);

#endif
