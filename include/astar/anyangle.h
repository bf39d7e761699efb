/*
 * astar/anyangle.h - Truly shortest paths: any-angle paths between the
 * corners of a grid's cells, not from cell to cell.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_ANYANGLE_H
#define ASTAR_INCLUDE_ANYANGLE_H

#include "base.h"
#include "grid.h"
#include "route.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Any-angle paths                                                          */
/* ------------------------------------------------------------------------ */

/* The shortest path from start to goal through the grid's free space, in
 * straight segments at any angle: the definition of the any-angle track
 * of the Grid-based Path Planning Competition (GPPC) 2023. A point (x, y)
 * is the top-left corner of cell (x, y); blocked cells are solid squares
 * and the map's outside is solid. A segment may run along a blocked
 * cell's side, but not through its inside, not between two blocked cells
 * that share a side, and not through a corner where two blocked cells
 * touch only at that corner (a "double corner"); a start or goal on a
 * double corner leaves or is reached from its south-east quadrant only.
 * Terrain costs are not read: a walkable cell is free space, whatever it
 * costs to cross it.
 *
 * The path turns only at the corners of blocked cells, so it is written
 * as points (cell corners), start first and goal last, with no point where
 * it goes straight on; route->distance is
 * its Euclidean length in cell sides (a double: sums of square roots), at
 * most the 8-connected shortest path's and usually a few per cent less.
 * route->cost is 0 (lengths are not whole numbers), via is not written.
 *
 * The search is Anya (Harabor, Grastien, Oz and Aksakalli, JAIR 2016):
 * A* over intervals of points on the grid's lines, each seen from a root
 * corner the path last turned at; it is optimal and needs no preprocessing,
 * so an edit of the grid is seen by the next call at no cost.
 *
 * This call is astar_find_path with astar_options.algorithm set to
 * ASTAR_ALGORITHM_ANYA and these search options: through those options the
 * same search also runs in slices (astar/sliced.h), in batches and in the
 * request queue, and gives partial paths (astar_algorithm says how).
 *
 * [in,out] ctx      the search context; its lists are not used (the
 *                   context's search state is left alone), but its scratch
 *                   memory holds the intervals, grown here when a search
 *                   needs more (never during the search itself)
 * [in]     grid     the map, read only; at most astar_context_max_cells(ctx)
 *                   cells, square topology
 * [in]     start, goal  the top-left corners of walkable cells
 * [in]     options  [opt] NULL for astar_search_options_default(); honoured:
 *                   weight (H times weight: above 1 faster, not always
 *                   shortest), max_expanded (intervals) and partial (see
 *                   astar_algorithm); the others must keep their defaults
 *                   (heap, last-added ties, stop on the closed list, no
 *                   observer or trace)
 * [in,out] route    your buffers in, the result out (astar/route.h): the
 *                   points of the path; a nodes buffer is refused
 * Returns (route->status keeps the search's own answer)
 *   ASTAR_OK                 route filled: length (points), points,
 *                            distance, expanded
 *   ASTAR_NO_PATH            start and goal are not connected
 *   ASTAR_PATH_BUFFER_TOO_SMALL  found, but length > capacity: length,
 *                            cut, distance and expanded are set, and the
 *                            first capacity points written
 *   ASTAR_EXPANSION_LIMIT    options->max_expanded intervals expanded first
 *   ASTAR_PARTIAL_NO_PATH, ASTAR_PARTIAL_LIMIT  with options->partial, in
 *                            place of the two above: route holds the path
 *                            to the corner nearest the goal (astar_algorithm)
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS,
 *   ASTAR_START_BLOCKED, ASTAR_GOAL_BLOCKED (the cell whose top-left corner
 *   the point is)
 *   ASTAR_MAP_TOO_LARGE      the grid has more cells than ctx holds
 *   ASTAR_UNSUPPORTED        a hex grid, or an option above at another value
 *   ASTAR_OUT_OF_MEMORY      the scratch memory could not be grown
 *   ASTAR_INVALID_ARGUMENT   NULL ctx, grid or route, an option out of
 *                            range, points NULL with capacity > 0
 * Costs: O(n log n) for n intervals generated (O(cells) more on the first
 * call for a map of another size);
 * memory: 16 bytes per cell corner and 56 bytes per interval generated
 * (twice the corners at first, doubled and the search run again when
 * that is not enough), kept in ctx for the next call and freed with it.
 * No allocation during a search; start == goal is a path of one point. */
ASTAR_API astar_status astar_find_any_angle_path(astar_context *ctx, const astar_grid *grid,
                                                 astar_point start, astar_point goal,
                                                 const astar_search_options *options,
                                                 astar_route *route);

/* An interval of the last any-angle search (astar_any_angle_intervals):
 * points of the grid line y = row, from x = left to x = right, all seen
 * from root in straight lines through free space. */
typedef struct astar_any_angle_interval {
    astar_point root;    /* the corner the path last turned at (or the start) */
    int row;
    double left, right;  /* left <= right, in cell sides */
    double g;            /* the path's length from the start to root */
    bool open;           /* still on the open list when the search ended
                            (else taken off it: expanded, or passed over
                            for a root reached shorter since) */
} astar_any_angle_interval;

/* The intervals the context's last any-angle search generated, to show how
 * it went: those it put on its open list, in the order made, the goal's
 * own (left = right = the goal's x) among them when it was found. An
 * interval it went straight on from (its node's only successor, of the
 * same root: a cone crossing open rows) is not kept, and is not here.
 * [in]  ctx       a context whose last search was an any-angle one (whole,
 *                 in slices, or the one under way)
 * [out] out       [opt] the first capacity intervals
 * [in]  capacity  the room in out (0 to ask for the count alone)
 * [out] count     how many there are, whether or not they fitted
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT (NULL ctx or count, out NULL
 * with a capacity, or the context's last search not an any-angle one; a
 * start that sees the goal needs no intervals: count 0).
 * O(intervals); no allocation. They are the context's until its next
 * search. */
ASTAR_API astar_status astar_any_angle_intervals(const astar_context *ctx,
                                                 astar_any_angle_interval *out, size_t capacity,
                                                 size_t *count);

/* ------------------------------------------------------------------------ */
/* Units on any-angle paths                                                 */
/* ------------------------------------------------------------------------ */

/* The cells a unit walks along an any-angle path: for units that stand on
 * cells (astar/world.h: astar_units_set_path, astar_units_step; a crowd)
 * while the game draws them gliding along the segments. The unit starts
 * on the cell whose top-left corner is the first point and ends on the
 * one of the last; in between it is on each cell whose inside a segment
 * crosses, in order, and where a segment runs along a grid line, on the
 * free cell beside it (the side it was on while that stays free). Where
 * two such cells meet only at a corner and the moves do not allow that
 * diagonal step there, it goes round by the free cell beside it. So every
 * cell touches the path, consecutive cells are a legal move apart under
 * options' moves, and the cells are a path astar_path_check accepts.
 * [in]     grid     a square grid, read only
 * [in]     options  [opt] NULL for the defaults; moves and costs are used
 *                   (with ASTAR_MOVES_4 every diagonal goes round by the
 *                   x side, else the y side when the x side is a wall)
 * [in]     points   count corners, an any-angle path as
 *                   astar_find_any_angle_path writes it (any path whose
 *                   segments are valid under its rules)
 * [in,out] out      your buffer in, the cells out (astar/route.h): length,
 *                   cost and distance as astar_find_path gives a path of
 *                   cells (terrain included); expanded 0, via not written.
 *                   A segment of n cell sides gives at most 2n + 1 cells.
 * Returns
 *   ASTAR_OK
 *   ASTAR_PATH_BUFFER_TOO_SMALL  length > capacity: length, cut, cost and
 *                            distance set, the first capacity cells written
 *   ASTAR_INVALID_PATH       a point off the grid's corners, a first or
 *                            last point not the top-left corner of a
 *                            walkable cell, or a segment through a blocked
 *                            cell's inside, between two blocked cells or
 *                            across a double corner
 *   ASTAR_COST_OVERFLOW      the cells cost more than ASTAR_MAX_COST
 *   ASTAR_UNSUPPORTED        a hex grid, a unit of a size or a capability
 *   ASTAR_INVALID_ARGUMENT   NULL grid or points, count 0, bad options,
 *                            out NULL or its points NULL with a capacity
 * Costs O(the cells written); no allocation. */
ASTAR_API astar_status astar_any_angle_cells(const astar_grid *grid, const astar_options *options,
                                             const astar_point *points, size_t count,
                                             astar_route *out);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_ANYANGLE_H */
