/*
 * astar/smooth.h - After a search (the article's note 4): line of sight, smoothing a path
 * to its fewest waypoints, and checking a path step by step.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_SMOOTH_H
#define ASTAR_INCLUDE_SMOOTH_H

#include "route.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Smoothing paths                                                          */
/* ------------------------------------------------------------------------ */

/* The article's note 4, second remedy: run through the path after it is
 * found and take out the needless zig-zags. A unit that can walk in any
 * direction goes straight from waypoint to waypoint; astar_path_smooth()
 * gives it the fewest waypoints, taken from the path, between which it can
 * walk straight without touching a wall.
 *
 * Line of sight. Cell (x, y) is the unit square [x, x+1] x [y, y+1] and a
 * unit stands at the centre (x + 0.5, y + 0.5). Two cells a and b see each
 * other when the straight segment between their centres
 *   1. passes through the inside of walkable cells only (a and b included),
 *      and
 *   2. where it passes exactly through a corner shared by four cells - it
 *      then goes from one cell straight into the diagonally opposite one,
 *      only touching the other two at that point - those two touched cells
 *      obey the corner rule of the moves: with ASTAR_MOVES_8 (and
 *      ASTAR_MOVES_4) both must be walkable, so a segment never touches a
 *      blocked cell, not even at a corner; with ASTAR_MOVES_8_CUT at least
 *      one must be, so it may graze one blocked corner but never squeeze
 *      between two blocked cells that touch at their corners.
 * A segment between cell centres never runs along a grid line, so these
 * are all the ways it can meet a cell. Every legal step of a path (straight,
 * or diagonal under the corner rule) is a segment that passes this test, so
 * every path from astar_find_path can be smoothed. Under ASTAR_MOVES_4 the
 * result has diagonal segments: smoothing is for units that move freely
 * between waypoints. Terrain costs are not looked at: a smoothed segment
 * may cross dearer walkable cells that the path went round.
 *
 * A unit of a size or a capability (astar_world.unit_size, .capability;
 * its path's cells are its anchors, the top-left corners of its k x k
 * cells): the same rule with "walkable cell" read as "anchor where the
 * unit fits" - every cell of its k x k square one its capability may
 * enter (astar_grid_clearance at least k). So a segment is legal when at
 * every cell its anchor passes through, and at the two anchors it touches
 * at a corner as the corner rule says, all the cells the unit covers are
 * ones it may enter: the rule the search steps by (astar/search.h), on the
 * map that unit sees. These calls read the grid's clearance for it
 * (astar_grid_enable_clearance); none is needed for a unit of one cell of
 * capability 0. */

/* Whether cells a and b of grid see each other by the rule above, under the
 * moves of options ([opt] NULL for the defaults; moves, and world.unit_size
 * and .capability are used). False when either is blocked (for a unit of
 * a size: does not hold it) or outside the grid, for a NULL grid or bad
 * options, for a unit of a size or a capability on a grid without that
 * clearance, and on a hex grid (astar_grid_set_topology), where no line is
 * drawn yet. O(|dx| + |dy|): it walks the cells the segment meets, one
 * byte each (the clearance's for a unit of a size). */
ASTAR_API bool astar_line_of_sight(const astar_grid *grid, const astar_options *options,
                                   astar_point a, astar_point b);

/* Smooths a path: writes the shortest list of waypoints (the fewest points)
 * that is a subsequence of points[0..length), keeps the first and the last
 * point, and in which each waypoint sees the next (astar_line_of_sight).
 * points is usually a path from astar_find_path, but any list of cells will
 * do: only the waypoints must be walkable cells of the grid (for a unit of
 * a size, anchors where it fits).
 *
 * The minimum is exact, not the greedy "walk to the farthest visible point"
 * (which sometimes needs more waypoints, because what a point sees along a
 * winding path is not an unbroken stretch of it). With w(j) the fewest
 * waypoints from points[0] to points[j], w(j) = 1 + min w(i) over the i < j
 * whose point sees points[j]. The i are tried by increasing w(i), most
 * recent first, and the first that sees points[j] settles w(j); that point
 * becomes the waypoint before it. Among several shortest lists the one
 * returned is thus fixed but not chosen by distance.
 *
 * [in]     grid     the map, read only
 * [in]     options  [opt] NULL for the defaults; moves (the corner rule
 *                   of the line of sight), and world.unit_size and
 *                   .capability (the unit whose line of sight it is) are
 *                   used
 * [in]     points   length points; 1 <= length <= ASTAR_MAX_CELLS
 * [in,out] out      your buffer in, the waypoints out (astar/route.h):
 *                   points, length and distance; cost and expanded 0, as
 *                   waypoints are not priced or searched.
 *                   out->points may be points itself, to smooth in place,
 *                   but must not overlap it otherwise.
 * Returns
 *   ASTAR_OK                     out filled
 *   ASTAR_PATH_BUFFER_TOO_SMALL  out->length > out->capacity: length, cut
 *                                and distance set, the first capacity
 *                                waypoints written
 *   ASTAR_INVALID_PATH           the first or last point is not a walkable
 *                                cell (for a unit of a size, an anchor
 *                                where it fits), or no list of waypoints
 *                                joins them (a path whose consecutive
 *                                points see each other always has one)
 *   ASTAR_UNSUPPORTED            a hex grid (astar_grid_set_topology)
 *   ASTAR_NO_CLEARANCE           a unit of a size or a capability on a grid
 *                                without that capability's clearance
 *   ASTAR_INVALID_ARGUMENT       NULL grid, points or out, length out of
 *                                range, bad options, out->points NULL with
 *                                capacity > 0
 *   ASTAR_OUT_OF_MEMORY          the work arrays could not be allocated
 * Costs: 24 bytes per point of work memory, allocated once per call and
 * freed before it returns. Time: point j is tried against every earlier
 * point whose w is below w(j) - 1 and some of those at w(j) - 1, so up to
 * length^2 / 2 tries in all; a try walks the cells of the segment, up to
 * O(|dx| + |dy|), so the worst case is O(length^3). Most tries fail, and a
 * failing try usually costs O(1): each point keeps the last wall that hid
 * a later point from it, and a segment that passes through that wall (or
 * through the one that hid j from the point tried just before) fails
 * without a walk; walks go from both ends and stop at the first wall. On
 * the benchmark's game maps smoothing took 11 to 38% of the time of the
 * search that found the path, on maze paths of up to 2,000 cells about 55%
 * (docs/performance.md). */
ASTAR_API astar_status astar_path_smooth(const astar_grid *grid, const astar_options *options,
                                         const astar_point *points, size_t length,
                                         astar_route *out);

/* Straightens a path without leaving the grid: a stretch of it is
 * replaced by a straight grid line - max(|dx|, |dy|) steps, min(|dx|, |dy|)
 * of them diagonal (with 4 moves |dx| + |dy| steps, |dx| of them along x),
 * spread evenly or all first or all last - where such a line is legal
 * under the moves and costs less than the stretch. Unlike
 * astar_path_smooth (waypoints to walk between freely), the result is
 * again a path of cells a legal move apart, from the same start to the
 * same goal, and its cost is exact and never above the path's: use it
 * where units walk cells, and to take out the detours of a near-optimal
 * path (a two-tier one, astar/hpa.h).
 *
 * From each point the stretches tried end 128 points ahead, then 64, 32,
 * ... 2 until a line is cheaper, then between that end and the nearest
 * one beyond it that failed, halving the gap; the line found is taken and
 * the search goes on from its end. A second pass does the same over the
 * result (its points are not the first's). It is greedy: the result is
 * not the cheapest path, and a detour longer than 128 steps stays. On
 * two-tier paths (astar/hpa.h) of the benchmark's maps the mean cost over
 * the optimal goes from 1.02-1.05 to 1.001-1.006 per set (docs/performance.md).
 *
 * [in]     grid     a square grid, read only
 * [in]     options  [opt] NULL for the defaults; moves, costs, and
 *                   world.unit_size and .capability are used; no layers,
 *                   units or turn penalty (the line would be priced
 *                   without them). A unit of a size walks lines of
 *                   anchors where it fits, each step priced as its search
 *                   prices it (astar/search.h: by the dearest terrain
 *                   under the unit)
 * [in]     points   a legal path of length cells (astar_path_check)
 * [in,out] out      your buffer in (points, capacity); out->points may be
 *                   points itself, to straighten in place, but must not
 *                   overlap it otherwise. length, cost and distance out
 *                   (cost as astar_find_path gives it: steps times the
 *                   terrain cost of the cell entered); expanded and
 *                   nodes are not used. The result never has more cells
 *                   than the path, so capacity >= length always suffices.
 * Returns ASTAR_OK; ASTAR_PATH_BUFFER_TOO_SMALL (out->length set, the
 * first capacity cells written); ASTAR_INVALID_PATH (points is not a
 * legal path on grid under options); ASTAR_UNSUPPORTED (a hex grid);
 * ASTAR_NO_CLEARANCE (a unit of a size or a capability on a grid without
 * that clearance); ASTAR_INVALID_ARGUMENT (NULL grid, points or out,
 * length 0, out->points NULL with capacity > 0, bad options, layers, units
 * or a turn penalty).
 * Costs: no allocation; O(length) to check the path, then per pass and
 * per point where a line starts up to 15 tries of three lines and the
 * stretch, each O(its steps, <= 128): O(length x 5,760) at worst, in
 * practice about 2 to 3 times the two-tier query that found the path
 * (docs/performance.md). */
ASTAR_API astar_status astar_path_straighten(const astar_grid *grid, const astar_options *options,
                                             const astar_point *points, size_t length,
                                             astar_route *out);

/* ------------------------------------------------------------------------ */
/* Checking paths                                                           */
/* ------------------------------------------------------------------------ */

/* What a path costs, summed again step by step. */
typedef struct astar_path_measure {
    uint64_t cost;      /* in the cost model's units, terrain (and layers
                           and unit penalties) included */
    double length;      /* steps with straight 1 and diagonal sqrt(2) exactly,
                           each times the terrain cost of the cell entered
                           (plus its layers and unit penalties) */
    size_t straight;    /* straight steps */
    size_t diagonal;    /* diagonal steps */
    size_t turns;       /* steps whose direction differs from the step
                           before; cost includes turn_penalty for each */
} astar_path_measure;

/* Checks that points[0..length) is a path from start to goal on grid under
 * the moves of options: it starts at start, ends at goal, every cell is
 * walkable and every step is a legal move; and sums its cost the way the
 * search does: with layers and units in options the sums are those a search
 * makes (see astar/world.h), and a step onto a cell the units block is
 * not legal; turn penalties are included.
 * [in]  grid     the map, read only
 * [in]  options  [opt] moves, costs, layers, units, turn_penalty, and
 *                world.unit_size and .capability are used; NULL for the
 *                defaults
 * [in]  points   length cells, the path to check
 * [out] measure  [opt] the sums, when the path is legal
 * [out] err      [opt] which step is wrong and why (err.line is the step)
 * Returns ASTAR_OK, ASTAR_INVALID_PATH or ASTAR_INVALID_ARGUMENT (as for
 * astar_find_path: bad options, layers or units of another size, a unit
 * that is not one). For a unit of a size or a capability
 * (astar_world.unit_size, .capability) the cells are its anchors: each
 * must hold the unit, the corner rule is read on anchors, and a step is
 * priced by the dearest terrain under the unit, as its search steps
 * (astar/search.h); ASTAR_NO_CLEARANCE on a grid without that
 * capability's clearance, ASTAR_UNSUPPORTED with what its search refuses
 * (a hex grid, layers, a turn penalty). Other units are read by footprint
 * as the search reads them (astar/world.h); units larger than one cell on
 * a hex grid are ASTAR_UNSUPPORTED.
 * O(length), with units O(units and paths at the (k + s - 1)^2 anchors
 * whose footprints could overlap each cell's, s the largest unit's side),
 * for a unit of size k O(length * k^2). */
ASTAR_API astar_status astar_path_check(const astar_grid *grid, const astar_options *options,
                                        astar_point start, astar_point goal,
                                        const astar_point *points, size_t length,
                                        astar_path_measure *measure, astar_error *err);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_SMOOTH_H */
