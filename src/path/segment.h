/* The cells a straight segment between two cell centres passes through,
 * walked as the line-of-sight test walks them (path/smooth.c): shared so
 * that a route of straight segments (graph/waypoints.c) is stepped over
 * the very cells its line-of-sight tests passed. */
#ifndef ASTAR_SEGMENT_H
#define ASTAR_SEGMENT_H

#include <stddef.h>

#include "astar.h"

/* Writes the cells the segment from the centre of a to that of b passes
 * through the inside of, a first and b last, into cells as far as capacity
 * allows, and returns how many there are. Consecutive cells are 8-adjacent:
 * a diagonal step is where the segment passes exactly through a grid
 * corner. Both ends must be cells of grid; walls are not looked at (the
 * caller has tested the line of sight). O(|dx| + |dy|). */
size_t astar__segment_cells(const astar_grid *grid, astar_point a, astar_point b,
                            astar_point *cells, size_t capacity);

#endif
