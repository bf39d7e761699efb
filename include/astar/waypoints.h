/*
 * astar/waypoints.h - A waypoint system (article note 5): "Two waypoints
 * would be considered adjacent if there were no obstacles on the direct
 * line path between them." A graph over a grid and a list of waypoint
 * cells, searched from any cell to any cell; and waypoint files.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 *
 * Waypoints are cells, chosen by you (doorways, corners of rooms, ends of
 * corridors). Two waypoints are joined when a unit can walk straight
 * between them: astar_line_of_sight (astar/smooth.h) under the corner rule
 * of the options' moves. The edge costs the straight distance in the cost
 * model's units:
 *     cost(a, b) = ceil(straight * hypot(b.x - a.x, b.y - a.y))
 * in double precision, with straight the model's straight step
 * (ASTAR_ARTICLE_STRAIGHT or ASTAR_OCTILE_STRAIGHT). Rounding up keeps H,
 * the straight-line distance to the goal times a hair less than straight,
 * from ever overestimating. Terrain costs are not looked at, as in
 * smoothing: a unit walking straight lines is assumed to move freely.
 *
 * A query from start to goal joins both to the waypoints they see (and
 * start to goal when they see each other), finds the least-cost route
 * with the graph search of astar/graph.h, and returns the route (start,
 * the waypoints visited, goal) and the cells a unit walks along its
 * straight segments: consecutive cells 8-adjacent, every one walkable,
 * each diagonal step keeping the corner rule, the very cells the line of
 * sight tested.
 */
#ifndef ASTAR_INCLUDE_WAYPOINTS_H
#define ASTAR_INCLUDE_WAYPOINTS_H

#include "base.h"
#include "route.h"
#include "memory.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most waypoints one graph takes: the node limit of a graph, less the
 * three nodes a query uses. Building is quadratic (below), so in practice
 * thousands, not millions. */
#define ASTAR_MAX_WAYPOINTS (ASTAR_MAX_CELLS - 3u)

typedef struct astar_waypoint_graph astar_waypoint_graph;

/* ------------------------------------------------------------------------ */
/* Building                                                                 */
/* ------------------------------------------------------------------------ */

/* Builds the graph of waypoints over grid.
 * [in]     grid       read only; kept (not copied) and read by every
 *                     query, so it must outlive the graph; once it is
 *                     edited, queries return ASTAR_MAP_CHANGED (build
 *                     again: what sees what may have changed)
 * [in]     waypoints  count distinct walkable cells of grid; waypoint i
 *                     is waypoints[i] in messages. May be NULL for 0.
 * [in]     count      0 .. ASTAR_MAX_WAYPOINTS (0: queries join start and
 *                     goal directly or not at all)
 * [in,opt] options    moves (the corner rule of the line of sight) and
 *                     costs (the straight step); NULL: the defaults.
 *                     Kept: queries must use the same two.
 * [in,opt] allocator  (_with) for everything the graph holds; NULL: malloc
 * [out]    out        the graph; free it with astar_waypoint_graph_delete
 * [out]    err        [opt] what is wrong: "waypoint 3 (12,7) is on a
 *                     blocked cell", "waypoints 2 and 5 are both at (4,4)"
 * Returns ASTAR_OK; ASTAR_INVALID_ARGUMENT (NULL grid or out, waypoints
 * NULL with count > 0, count out of range, bad options, a waypoint outside
 * the grid, on a blocked cell or on another's cell, more visible pairs
 * than a graph holds); ASTAR_UNSUPPORTED for ASTAR_MOVES_4 (a unit that
 * walks straight lines steps diagonally) and for a hex grid (line of sight
 * is drawn on squares only: astar_line_of_sight); ASTAR_OUT_OF_MEMORY.
 * Costs: count * (count - 1) / 2 line-of-sight tests, each O(|dx| + |dy|)
 * cells walked (from both ends, stopping at the first wall), then a graph
 * build of O(count + e log e) for e visible pairs. Memory (see
 * astar_waypoint_graph_bytes): the graph of astar/graph.h on count + 3
 * nodes, with 16 bytes per direction of each visible pair, 32 bytes per
 * waypoint for the edges a query re-aims and 17 per node (rows, enabled,
 * a position of cells, kept as floats); a search context of 20 bytes per node; 12 bytes per waypoint
 * of its own (its cell, a node of the route). While it builds, 12 bytes
 * per edge more. */
ASTAR_API astar_status astar_waypoint_graph_new(const astar_grid *grid,
                                                const astar_point *waypoints, size_t count,
                                                const astar_options *options,
                                                astar_waypoint_graph **out, astar_error *err);
ASTAR_API astar_status astar_waypoint_graph_new_with(const astar_grid *grid,
                                                     const astar_point *waypoints, size_t count,
                                                     const astar_options *options,
                                                     const astar_allocator *allocator,
                                                     astar_waypoint_graph **out,
                                                     astar_error *err);

/* Frees a waypoint graph (not its grid).
 * [in,opt] graph  NULL does nothing */
ASTAR_API void astar_waypoint_graph_delete(astar_waypoint_graph *graph);

/* Its waypoints, the pairs of them that see each other (each pair once),
 * and the bytes it holds, its search context included.
 * [in,opt] graph  NULL gives 0
 * O(1). */
ASTAR_API uint32_t astar_waypoint_graph_count(const astar_waypoint_graph *graph);
ASTAR_API uint32_t astar_waypoint_graph_pairs(const astar_waypoint_graph *graph);
ASTAR_API size_t astar_waypoint_graph_bytes(const astar_waypoint_graph *graph);

/* ------------------------------------------------------------------------ */
/* Queries                                                                  */
/* ------------------------------------------------------------------------ */

/* Finds the least-cost route from start to goal through the waypoints of
 * graph, and the cells along it.
 * [in,out] graph    a query writes the edges of the graph's two spare
 *                   nodes and searches with its own context: one query
 *                   at a time per graph (build one per thread to query
 *                   on several)
 * [in]     start, goal  cells of the grid; they need not be waypoints
 * [in,opt] options  NULL: the defaults. moves and costs must be those the
 *                   graph was built with; search goes to the graph search
 *                   as astar_graph_find_path takes it (every field:
 *                   observer and trace see nodes 0 .. count - 1 as the
 *                   waypoints, count as the start and count + 1 as the
 *                   goal), with weight 0 (H = 0) when heuristic is ZERO,
 *                   any other heuristic giving the straight-line H;
 *                   algorithm must be A*; jumps is not read
 * [in,out] path     your buffers in, the result out (astar/route.h): the
 *                   cells walked, start first, goal last, into points;
 *                   the route - start, the waypoints visited in order,
 *                   goal (a start or goal on a waypoint's cell is that
 *                   waypoint, listed once) - into via [opt]; distance
 *                   the sum of its segments' Euclidean lengths, cost the
 *                   sum of their costs, expanded the graph search's nodes
 * Returns
 *   ASTAR_OK                     path filled
 *   ASTAR_NO_PATH                no route; expanded set
 *   ASTAR_PATH_BUFFER_TOO_SMALL  found, but a buffer is too small: both
 *                                lengths, cut, cost, distance and expanded
 *                                set, each buffer holding its first items
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS,
 *   ASTAR_START_BLOCKED, ASTAR_GOAL_BLOCKED
 *   ASTAR_MAP_CHANGED            the grid was edited since the graph was
 *                                built
 *   ASTAR_COST_OVERFLOW, ASTAR_EXPANSION_LIMIT, ASTAR_PARTIAL_NO_PATH,
 *   ASTAR_PARTIAL_LIMIT          as astar_graph_find_path (with partial,
 *                                the route and cells to the waypoint
 *                                nearest the goal)
 *   ASTAR_UNSUPPORTED            an algorithm other than A*
 *   ASTAR_INVALID_ARGUMENT       NULL graph or path, a buffer NULL with
 *                                capacity > 0, bad options, moves or costs
 *                                other than the graph's, layers, units or
 *                                a turn penalty
 * Costs: 2 * count line-of-sight tests (start and goal against every
 * waypoint) and one between start and goal, the graph search over count
 * + 2 nodes, and the cells walked once (written as far as they fit). No
 * allocation. */
ASTAR_API astar_status astar_waypoint_find_path(astar_waypoint_graph *graph, astar_point start,
                                                astar_point goal, const astar_options *options,
                                                astar_route *path);

/* ------------------------------------------------------------------------ */
/* Waypoint files                                                           */
/* ------------------------------------------------------------------------ */

/* A list of waypoints read from a file (docs/waypoints.md):
 *   # a comment, to the end of the line, anywhere
 *   12 7 door_west           x y, whole numbers from 0 to 65534, and an
 *   30 7                     optional name (1 .. 255 bytes, no white
 *                            space), one waypoint a line, in this order
 * Faults are named with their line, the first in the file: a field
 * missing or extra, a coordinate that is no whole number in range, a name
 * or a cell given twice ("again, first on line 3"). Whether a waypoint
 * lies on the map is for astar_waypoint_graph_new to say. */
typedef struct astar_waypoint_list astar_waypoint_list;

#define ASTAR_MAX_WAYPOINT_FILE_BYTES ((size_t)1 << 31)

/* Reads a waypoint file into a new list.
 * [in]     path       (_load) the file
 * [in]     text, length  (parse) the file's text, length bytes (no NUL
 *                     needed; NULL with length 0 is an empty file)
 * [in,opt] name       (parse) what messages call the text; NULL: "<text>"
 * [in,opt] allocator  (_with) for the list and the file while read;
 *                     NULL: malloc and free, as the plain forms
 * [out]    out        the list; free it with astar_waypoint_list_delete;
 *                     NULL on failure
 * [out]    err        [opt] "name:line: what is wrong", or the system's
 *                     reason the file could not be read
 * Returns ASTAR_OK, ASTAR_IO_ERROR (also for what is not a regular file,
 * such as a device or a pipe, unopened), ASTAR_PARSE_ERROR (also for a
 * file larger than ASTAR_MAX_WAYPOINT_FILE_BYTES, refused by its size, and
 * a line longer than 64 KiB), ASTAR_INVALID_ARGUMENT or
 * ASTAR_OUT_OF_MEMORY. Costs O(n log n) for n waypoints; holds 16 bytes a
 * waypoint and its names' text. */
ASTAR_API astar_status astar_waypoint_list_load(const char *path, astar_waypoint_list **out,
                                                astar_error *err);
ASTAR_API astar_status astar_waypoint_list_load_with(const char *path,
                                                     const astar_allocator *allocator,
                                                     astar_waypoint_list **out, astar_error *err);
ASTAR_API astar_status astar_waypoint_list_parse(const char *text, size_t length,
                                                 const char *name, astar_waypoint_list **out,
                                                 astar_error *err);
ASTAR_API astar_status astar_waypoint_list_parse_with(const char *text, size_t length,
                                                      const char *name,
                                                      const astar_allocator *allocator,
                                                      astar_waypoint_list **out,
                                                      astar_error *err);

/* Frees a list.
 * [in,opt] list  NULL does nothing */
ASTAR_API void astar_waypoint_list_delete(astar_waypoint_list *list);

/* Its waypoints in file order, to pass to astar_waypoint_graph_new (valid
 * as long as the list; NULL when there are none), how many, and waypoint
 * i's name ("" when it has none, NULL for i out of range; valid as long as
 * the list).
 * [in,opt] list  NULL gives NULL or 0
 * [in]     i     0 .. count - 1
 * O(1). */
ASTAR_API const astar_point *astar_waypoint_list_points(const astar_waypoint_list *list);
ASTAR_API size_t astar_waypoint_list_count(const astar_waypoint_list *list);
ASTAR_API const char *astar_waypoint_list_name(const astar_waypoint_list *list, size_t i);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_WAYPOINTS_H */
