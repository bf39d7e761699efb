/* Search options drawn at random, the same way for the seeded tests and
 * the fuzz targets: only where the choices come from differs. */
#ifndef UTIL_OPTIONS_H
#define UTIL_OPTIONS_H

#include "astar.h"

/* A source of small choices: returns a number in 0..n-1. The tests pass
 * their seeded generator, the fuzz targets the bytes of their input. */
typedef int (*choice_source)(void *source, int n);

/* A* options with every moves, costs, heuristic, ties, stop and open list,
 * and a weight of 0, 0.5, 1, 1.5 or 2, drawn in that order from source
 * (the regression hash depends on the order). */
astar_options random_search_options(choice_source choose, void *source);

/* o with the search options a backward Dijkstra search refuses
 * (astar/dijkstra.h) at the values it honours, which are what it ran with
 * before it refused them: the same answers as then. */
astar_options backward_search_options(astar_options o);

#endif
