/*
 * util/anyangle_oracle.h - an independent reference for any-angle paths on
 * a grid (the GPPC-2023 any-angle definition: points are integer cell
 * corners, (x, y) being the top-left corner of cell (x, y); a segment may
 * run along a blocked cell's side but not through its interior, not
 * between two blocked cells that share a side, and not through a corner
 * shared by two blocked cells that touch only there; the map's outside
 * counts as blocked).
 *
 * Every test is exact: integer arithmetic on the segment's crossings of
 * the grid lines, no floating point until lengths are summed. The grid is
 * read only through astar_grid_width/height/walkable, so nothing of the
 * library's any-angle search is shared with it.
 */
#ifndef UTIL_ANYANGLE_ORACLE_H
#define UTIL_ANYANGLE_ORACLE_H

#include <stdbool.h>
#include <stddef.h>

#include "astar.h"

/* Whether the segment from p to q may be part of a path whose ends may be
 * p and q. An end on a double corner follows GPPC's rule for a start or
 * target there: with the cells NE and SW of it blocked, the segment must
 * leave into the closed south-east quadrant (x and y not decreasing); with
 * NW and SE blocked, no segment may end there. p == q is not a segment. */
bool aa_segment_valid(const astar_grid *grid, astar_point p, astar_point q);

/* Whether points[0..n) is a valid path and, if so, its Euclidean length in
 * *length [opt]: n >= 1, points inside [0, width] x [0, height], no two in
 * a row equal (n == 1 is the path from a point to itself, length 0), every
 * segment valid. Stricter than GPPC's validator in one way: a turn on a
 * double corner is refused, where GPPC allows one that leaves into the
 * quadrant it came from; a shortest path never turns there (it could cut
 * across that quadrant). */
bool aa_path_valid(const astar_grid *grid, const astar_point *points, size_t n, double *length);

/* The visibility graph of a grid: every corner a shortest path may turn
 * at, and which of them see each other, built once per grid. */
typedef struct aa_oracle aa_oracle;

/* The corners are the convex ones (exactly one of the four cells around
 * the point blocked, the outside counting as blocked): a taut path bends
 * only around an obstacle's convex corner. With all_corners, every corner
 * of every blocked cell of the grid but double corners instead, to check
 * that reduction on small grids. NULL if out of memory. */
aa_oracle *aa_oracle_new(const astar_grid *grid, bool all_corners);
void aa_oracle_delete(aa_oracle *oracle);

/* The length of a shortest path from start to goal (Dijkstra over the
 * corners, start and goal, in doubles), or -1 when there is none. start
 * and goal must be the corners of walkable cells (their top-left). The
 * path's points go to points [opt] (up to capacity), their count to *n
 * [opt]. */
double aa_oracle_length(aa_oracle *oracle, astar_point start, astar_point goal,
                        astar_point *points, size_t capacity, size_t *n);

/* The same shortest path, found without building the whole visibility
 * graph, for maps too large for aa_oracle: A* over the convex corners
 * (H the straight line to the goal), through only the corners that can
 * lie on a path of length at most bound, each segment tested when the
 * search first could use it. With bound at least the shortest length it
 * returns that length (and its path, as aa_oracle_length); with a bound
 * below it, -1, as when there is no path. So a length found elsewhere is
 * checked exactly by a bound a hair above it: a shorter path, or none,
 * shows. */
typedef struct aa_corners aa_corners;
aa_corners *aa_corners_new(const astar_grid *grid);
void aa_corners_delete(aa_corners *corners);
size_t aa_corners_count(const aa_corners *corners);
double aa_corners_length(aa_corners *corners, astar_point start, astar_point goal, double bound,
                         astar_point *points, size_t capacity, size_t *n);

#endif
