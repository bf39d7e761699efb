/*
 * astar/hpa.h - Two tiers (HPA*, Botea, Mueller and Schaeffer 2004): an
 * abstract graph over square clusters of a grid, searched first, then
 * refined into cells one segment at a time. Near-optimal paths for a
 * fraction of a grid search, and edits that rebuild only the clusters
 * they touch.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 *
 * The grid is cut into clusters of size x size cells (the last column and
 * row of clusters may be narrower). On each border between two clusters
 * side by side, a maximal run of cell pairs walkable on both sides is an
 * entrance, crossed at its middle pair (astar_hpa_set_crossings: or, as
 * Botea et al. did, a run of 6 pairs or more at both end pairs). The cells
 * of those pairs are the abstract nodes, each a node of an astar_graph
 * (astar/graph.h) placed at its cell. Its edges:
 *   across   from each cell of a crossing pair to the other: the one
 *            straight step, priced as a search prices it (the step times
 *            the terrain cost of the cell entered)
 *   inside   between every two nodes of a cluster: the least cost of a
 *            path inside the cluster, terrain included (ASTAR_MAX_COST,
 *            which no search takes, when none joins them). This is how a cluster's costs are summarised:
 *            exactly, for each pair of its nodes, as paths that stay in
 *            the cluster; what it loses is paths that leave the cluster
 *            and come back, and crossings other than the chosen pairs.
 * Every edge costs exactly what its cells cost, so a path's cost is the
 * cost of its cells, never below the least cost; reachability is exact
 * (a diagonal step across a border implies a straight crossing beside it
 * under every corner rule, and the cells of one run are joined inside
 * each cluster), so a query answers ASTAR_NO_PATH exactly when a grid
 * search would.
 *
 * A query joins start and goal to the nodes of their clusters through two
 * spare nodes of the graph, re-aimed per query as the waypoint graph does
 * (astar/waypoints.h), searches the graph with astar_graph_find_path
 * (H the larger of the octile estimate with the grid's step costs and the
 * bound of the graph's landmarks, astar_hpa_set_landmarks), and refines
 * each edge of the
 * route: a step across, or the least-cost way inside the cluster, walked
 * back from what the cluster keeps (Botea's refinement cache: for each of
 * its nodes, the step that reached each of its cells in the Dijkstra that
 * priced the node's edges, with its cost; for start and goal in a
 * cluster of one terrain cost those of the nodes, read backwards, else
 * those of their own Dijkstras; between two nodes, the way read off the
 * first's tree once, when the cluster is searched, and kept as runs of
 * steps one way, a byte each). Start and goal in one cluster are also
 * joined directly, by the least cost inside it, found by an A* from
 * start to goal (octile H) where the cluster is of one terrain cost.
 *
 * Searches inside a cluster are a small Dijkstra of this module's own over
 * the cluster's rectangle: the library's search loop runs on a context of
 * 16 bytes per cell of the whole grid and has no way to keep a search
 * inside a rectangle, and one cluster's Dijkstra settles at most size^2
 * cells (4,096 at the largest size) on scratch memory sized once.
 */
#ifndef ASTAR_INCLUDE_HPA_H
#define ASTAR_INCLUDE_HPA_H

#include "base.h"
#include "route.h"
#include "graph.h"
#include "memory.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cluster sides allowed, and the side suggested for 256- to 512-cell
 * game maps: the CLI's and the benchmark's default (docs/performance.md,
 * "Where entrances are crossed", measures 24, 28 and 32). */
#define ASTAR_HPA_MIN_CLUSTER 2
#define ASTAR_HPA_MAX_CLUSTER 64
#define ASTAR_HPA_CLUSTER 28

typedef struct astar_hpa astar_hpa;

/* ------------------------------------------------------------------------ */
/* Building and edits                                                       */
/* ------------------------------------------------------------------------ */

/* Builds the two tiers over grid.
 * [in]     grid          a square grid; kept (not copied), so it must
 *                        outlive the hpa. Once it is edited, the next
 *                        query catches up with the cells changed, read
 *                        from the grid's feed (astar_grid_edits), as
 *                        astar_hpa_update does.
 * [in,opt] options       moves and costs, kept: queries must use the same
 *                        two; NULL: the defaults. A unit of a size or a
 *                        capability (world.unit_size, .capability), kept
 *                        too: the tiers are built over the unit's shadow
 *                        (astar_grid_enable_sized_shadow, which must be
 *                        enabled, and stay so while the hpa lives: the
 *                        hpa reads it, and catches up from its feed, as
 *                        from a grid's), the paths its anchors'; queries
 *                        must ask for the same unit
 * [in]     cluster_size  ASTAR_HPA_MIN_CLUSTER .. ASTAR_HPA_MAX_CLUSTER:
 *                        larger clusters make fewer graph nodes and faster
 *                        queries, at the price of memory, of edits inside
 *                        a cluster, and of detours as found between
 *                        neighbouring clusters (straightening takes most
 *                        out); ASTAR_HPA_CLUSTER suits 256 to 512-cell
 *                        game maps (docs/performance.md measures 16 to 32)
 * [in,opt] allocator     (_with) for everything the hpa holds; NULL: malloc
 * [out]    out           the hpa; free it with astar_hpa_delete
 * [out]    err           [opt] what is wrong
 * Returns ASTAR_OK; ASTAR_INVALID_ARGUMENT (NULL grid or out, bad options,
 * a cluster size out of range); ASTAR_UNSUPPORTED for a hex grid, or a
 * unit whose shadow is not enabled;
 * ASTAR_OUT_OF_MEMORY (nothing is left allocated).
 * Costs: per cluster with k nodes, k Dijkstras over its cells
 * (O(k size^2 log size)), then a graph build of O(n + e log e) for n nodes
 * and e edges, and its landmarks (astar_hpa_set_landmarks). Memory
 * (astar_hpa_bytes): per cluster 22 bytes, 4 (k + 2 k^2 + 1), a byte per
 * run of the ways between its nodes (one or a few a way on open ground,
 * more on cluttered), and 5 k bytes per cell of it (for each node the
 * step that reached each cell and its cost: the refinement cache, and what
 * spares a query the searches of start's and goal's clusters); per node 24 bytes
 * (its point, cluster and cell, its component, a place in a route); the graph of
 * astar/graph.h over n + 3 nodes (16 bytes per edge direction, 17 per
 * node, and 72 for its ASTAR_HPA_LANDMARKS landmarks) and its search
 * context (20 bytes per node); scratch of 75 bytes
 * per cell of one cluster and 64 per cell of its side. With the defaults
 * (ASTAR_HPA_CLUSTER, middle crossings), landmarks and ways included: 14
 * to 33 bytes per cell on the benchmark's game, room and street maps, 74
 * on maze512-4, 172 on random512-25 (at 24 with both ends crossed, 17 to
 * 39, 85 and 163; docs/performance.md, "Two tiers"). While it builds, the graph
 * builder's 12 bytes per edge more. */
ASTAR_API astar_status astar_hpa_new(const astar_grid *grid, const astar_options *options,
                                     int cluster_size, astar_hpa **out, astar_error *err);
ASTAR_API astar_status astar_hpa_new_with(const astar_grid *grid, const astar_options *options,
                                          int cluster_size, const astar_allocator *allocator,
                                          astar_hpa **out, astar_error *err);

/* Frees an hpa (not its grid).
 * [in,opt] hpa  NULL does nothing */
ASTAR_API void astar_hpa_delete(astar_hpa *hpa);

/* Brings the hpa up to date after cells of its grid changed: rebuilds the
 * clusters holding them and, for a cell on a border, the cluster across
 * it (whose entrances changed), then the graph from what the clusters
 * keep. With no cells, it reads the cells changed since the hpa last
 * caught up from the grid's feed (astar_grid_edit_cell): a change of the
 * whole map (the topology), or more edits than the feed keeps
 * (ASTAR_GRID_FEED), rebuilds every cluster; an index enabled changes
 * nothing. A query does the same by itself, first, when the grid was
 * edited: calling this is only to pay for an update when you choose
 * (between frames), or to name the cells yourself when they are more
 * than the feed keeps - then cells not named are not looked at.
 * [in,out] hpa    queries may not run meanwhile
 * [in]     cells  [opt] count cells of the grid; NULL for 0
 * [in]     count  0: read the grid's feed (it also finishes an update
 *                 that ran out of memory)
 * [out]    err    [opt]
 * Returns ASTAR_OK; ASTAR_INVALID_ARGUMENT (NULL hpa, cells NULL with
 * count > 0, a cell outside the grid); ASTAR_OUT_OF_MEMORY: the hpa keeps
 * what it could not rebuild marked, and each query tries again (and
 * returns ASTAR_OUT_OF_MEMORY while that fails).
 * Costs: per cluster rebuilt as astar_hpa_new's per cluster. Then, when
 * no cell lies on a cluster's border, the rebuilt clusters' costs are set
 * in the graph in place and its components labelled again, O(n + e);
 * otherwise the graph is built again with its search context, O(n + e log
 * e), allocating, and the landmarks' tables carried over to it (see
 * astar_hpa_set_landmarks; docs/performance.md measures both). */
ASTAR_API astar_status astar_hpa_update(astar_hpa *hpa, const astar_point *cells, size_t count,
                                        astar_error *err);

/* The abstract graph's landmarks (astar_graph_enable_landmarks): count
 * of them, 0 for none; a new hpa has ASTAR_HPA_LANDMARKS. With them the
 * graph search's H is the larger of the octile estimate and the
 * landmarks' bound, which on maps whose walls make paths wind (mazes,
 * many-roomed or cluttered maps) spares it most of its nodes
 * (docs/performance.md, "Two tiers": 8 of them make the maze's queries
 * 3.5 times faster). The route found costs the same with or without them.
 * They are kept through every update without measuring them again: one in
 * place lowers them where costs fell (astar_graph_set_edge_cost), one
 * that rebuilds the graph carries their values over to the new graph's
 * nodes and lowers them along its new and cheaper edges. That makes an
 * update dearer where an edit opens a way (up to 2 * count Dijkstras over
 * the graph; on the benchmark's maps 10 to 20 % over an update without
 * landmarks), and the bounds looser as costs rise; calling this again
 * measures them afresh. A query writes the landmarks' values of its start
 * and goal nodes (from their clusters' nodes, O(count nodes of the two
 * clusters)).
 * [in,out] hpa    queries may not run meanwhile
 * [in]     count  0 .. ASTAR_GRAPH_MAX_LANDMARKS
 * [out]    err    [opt]
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL hpa, count too large) or
 * ASTAR_OUT_OF_MEMORY (the hpa keeps the landmarks it had). Costs
 * 2 * count Dijkstras over the graph and 8 * count + 8 bytes per node. */
#define ASTAR_HPA_LANDMARKS 8
ASTAR_API astar_status astar_hpa_set_landmarks(astar_hpa *hpa, uint32_t count, astar_error *err);

/* Where an entrance (a run of pairs open on both sides of a border) is
 * crossed. */
typedef enum astar_hpa_crossings {
    ASTAR_HPA_CROSS_MIDDLE = 0, /* at its middle pair: a new hpa's */
    ASTAR_HPA_CROSS_ENDS = 1    /* a run of 6 pairs or more at both end
                                   pairs, a shorter at its middle (Botea
                                   et al.) */
} astar_hpa_crossings;

/* Chooses where entrances are crossed, and so the abstract graph's nodes.
 * Middle crossings make 4 to 30 % fewer nodes on the benchmark's maps
 * (most where borders are open from end to end), and fewer edges still,
 * as a cluster's nodes are joined pairwise: at clusters of 24, A*'s
 * time over a query's 8 to 42 % higher, 5 to 32 % less memory, edits
 * mostly cheaper. The price is paths a little further from the least
 * cost, as a path through a middle cannot hug the corner a border runs
 * past: straightened, the mean over each set of the benchmark 1.0035 to
 * 1.0066 times the least, against 1.0013 to 1.0045 with ends
 * (docs/performance.md, "Where entrances are crossed"). Choose ends when
 * paths matter more than queries.
 * [in,out] hpa        queries may not run meanwhile
 * [in]     crossings  ASTAR_HPA_CROSS_MIDDLE or ASTAR_HPA_CROSS_ENDS
 * [out]    err        [opt]
 * Returns ASTAR_OK (at once when crossings is the hpa's already);
 * ASTAR_INVALID_ARGUMENT (NULL hpa, crossings neither);
 * ASTAR_OUT_OF_MEMORY: as astar_hpa_update's (each query tries the
 * rebuild again).
 * Costs: a build (astar_hpa_new's costs), the landmarks measured afresh:
 * an hpa wanted with ends from the start is built twice. */
ASTAR_API astar_status astar_hpa_set_crossings(astar_hpa *hpa, astar_hpa_crossings crossings,
                                               astar_error *err);

/* Whether astar_hpa_find_path straightens the paths it returns
 * (astar_path_straighten), as it does unless told otherwise. A route
 * refined cluster by cluster detours through an entrance cell at every
 * border it crosses: straightened, the mean cost over the least on the
 * benchmark's maps falls from 1.02-1.05 to 1.001-1.006 per set
 * (docs/performance.md), for about 2 to 3 times the query's time. Turn it
 * off for the path as refined (the cells astar_hpa_refine gives, joined),
 * when the caller straightens or smooths it itself or time is short.
 * [in,out] hpa  queries may not run meanwhile
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL hpa. O(1). */
ASTAR_API astar_status astar_hpa_set_straighten(astar_hpa *hpa, bool straighten);

/* Whether the hpa's whole paths are straightened.
 * [in,opt] hpa  NULL gives false. O(1). */
ASTAR_API bool astar_hpa_straightens(const astar_hpa *hpa);

/* The hpa's crossings. [in,opt] hpa  NULL gives ASTAR_HPA_CROSS_MIDDLE. O(1). */
ASTAR_API astar_hpa_crossings astar_hpa_crossings_of(const astar_hpa *hpa);

/* The abstract graph: nodes 0 .. astar_hpa_nodes - 1 are the entrance
 * cells (astar_graph_position gives the cell), ordered by cluster (row by
 * row) then by cell index; the three nodes after them are the query's
 * spare nodes, whose edges change per query. Valid until the next update.
 * [in,opt] hpa  NULL gives NULL or 0
 * O(1). */
ASTAR_API const astar_graph *astar_hpa_graph(const astar_hpa *hpa);
ASTAR_API uint32_t astar_hpa_nodes(const astar_hpa *hpa);
ASTAR_API int astar_hpa_cluster_size(const astar_hpa *hpa);

/* The bytes the hpa holds: clusters, graph, context and scratch.
 * [in,opt] hpa  NULL gives 0. O(1). */
ASTAR_API size_t astar_hpa_bytes(const astar_hpa *hpa);

/* ------------------------------------------------------------------------ */
/* Queries                                                                  */
/* ------------------------------------------------------------------------ */

/* Finds the abstract route from start to goal, and keeps it in the hpa for
 * astar_hpa_refine: a unit can walk the first segment's cells while the
 * next are refined, one cluster's search each.
 * [in,out] hpa      a query writes the spare nodes' edges and searches
 *                   with the hpa's context and scratch: one query at a
 *                   time per hpa
 * [in]     start, goal  cells of the grid
 * [in,opt] options  NULL: the defaults. moves and costs must be the hpa's;
 *                   search goes to the graph search as
 *                   astar_graph_find_path takes it (weight, open_list,
 *                   ties, stop, observer, trace, max_expanded; partial is
 *                   refused), with weight 0 (H = 0) when heuristic is
 *                   ZERO, any other heuristic giving the octile H;
 *                   algorithm must be A*; jumps is not read
 * [in,out] route    your buffer in, the route out
 * Returns ASTAR_OK, ASTAR_PATH_BUFFER_TOO_SMALL (length, cut and cost set,
 * the first points written, the route kept for refining), ASTAR_NO_PATH (with the grid's islands
 * enabled, or when no node start reaches shares a component of the graph
 * with one that reaches goal, before any graph search), the start and
 * goal statuses of astar_find_path, ASTAR_OUT_OF_MEMORY (the grid was
 * edited since the hpa last caught up, and catching up failed: see
 * astar_hpa_update), ASTAR_COST_OVERFLOW,
 * ASTAR_EXPANSION_LIMIT, ASTAR_INVALID_ARGUMENT (NULL hpa or route, a
 * buffer NULL with capacity > 0, bad options, moves or costs other than
 * the hpa's, layers, units, a turn penalty or partial), ASTAR_UNSUPPORTED
 * (an algorithm other than A*, a unit other than the hpa's).
 * Costs: the graph search and O(route) to write, and a Dijkstra over
 * start's cluster and one over goal's where needed: not for a cluster
 * whose walkable cells all have one terrain cost (a step then costs the
 * same both ways, and its nodes' costs and steps serve start or goal).
 * Start and goal in one such cluster take one A* inside it, from start
 * to goal: a short query costs about what a short A* on the grid does.
 * No allocation - unless the grid was edited since the hpa last caught
 * up: the query first pays for that as astar_hpa_update would. */
ASTAR_API astar_status astar_hpa_find_route(astar_hpa *hpa, astar_point start, astar_point goal,
                                            const astar_options *options,
                                            astar_route *route);

/* The cells of segment i of the route last found (from route point i to
 * point i + 1, both included): consecutive cells a legal move apart, a
 * least-cost way inside one cluster, or one step across a border.
 * [in,out] hpa       uses the hpa's scratch
 * [in]     segment   0 .. route length - 2
 * [in,out] cells     your buffer in (points; at most size^2 are needed),
 *                    the segment out: its cells and length (astar/route.h).
 *                    A segment is not a search's answer: cost, distance
 *                    and expanded stay 0 (the route's cost is the
 *                    whole's)
 * Returns ASTAR_OK, ASTAR_PATH_BUFFER_TOO_SMALL (the first cells written),
 * ASTAR_MAP_CHANGED (an edit since the route: find it again),
 * ASTAR_INVALID_ARGUMENT (NULL hpa or cells, a bad buffer, no route kept,
 * segment out of range).
 * Costs: O(the segment's cells), read from the runs kept for it or
 * walked back from the refinement cache; no search. */
ASTAR_API astar_status astar_hpa_refine(astar_hpa *hpa, size_t segment, astar_route *cells);

/* A whole path: astar_hpa_find_route, every segment refined, and the
 * cells straightened (astar_path_straighten: still cells, a legal path,
 * its exact cost), unless astar_hpa_set_straighten turned that off, into
 * path as astar_find_path fills it (points start first, length, cost and
 * distance of the path returned; expanded counts the graph search's
 * nodes; via and via_length the abstract route's points).
 * Returns what astar_hpa_find_route returns, ASTAR_PATH_BUFFER_TOO_SMALL
 * when either buffer is too small (counts, cut and cost set, each buffer
 * holding its first items, as every route: astar/route.h; a cut path is
 * the refined one, not straightened, and length is the refined path's).
 * Costs: astar_hpa_find_route's, O(the path's cells) to read the
 * segments from the runs and the refinement cache (what every segment
 * reads is asked of the memory first, route-wide), and the straightening
 * (astar_path_straighten's costs, about 2 to 3 times the rest). No
 * allocation but astar_hpa_find_route's catching up. */
ASTAR_API astar_status astar_hpa_find_path(astar_hpa *hpa, astar_point start, astar_point goal,
                                           const astar_options *options, astar_route *path);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_HPA_H */
