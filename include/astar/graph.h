/*
 * astar/graph.h - Any graph: nodes, directed edges with costs, and the same
 * A* over them (article note 5, "Non-square search areas": the Risk board's
 * table of which countries are adjacent, a waypoint system, a road network).
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 *
 * A graph is built once and then read only, like a grid: an
 * astar_graph_builder takes nodes (numbered 0 .. nodes - 1, each with an
 * optional name and position) and edges, and astar_graph_new freezes them
 * into compressed rows - per node, its outgoing edges side by side. What a
 * built graph still lets you change without a rebuild: an edge's cost, and
 * whether a node can be entered (astar_graph_set_enabled). Any number of
 * threads may search one graph at once, each with its own context, while
 * nobody edits it.
 *
 * The search is the grid's: the same loop, open lists, options, statuses
 * and never-cleared context (astar/search.h), with "square" read as "node"
 * and "adjacent squares" as "the nodes an edge leads to". H is the
 * distance between the node's position and the target's (straight-line,
 * or another metric: astar_graph_builder_metric) times the graph's scale
 * (astar_graph_builder_scale), or 0 without positions. Memory (astar_graph_bytes): a graph holds 16 bytes per edge
 * (target and cost forward; source and the forward edge's index backward,
 * for islands, edits and Dijkstra) and 9 per node (two row offsets, a byte for
 * enabled), plus 4 per node with islands, 8 per node with positions that
 * are all exact as floats (whole numbers and halves up to 2^24, as a grid's
 * cells are; they are then kept as floats, giving the same H from half
 * the bytes a search reads) or else 16,
 * and with names 8 per node and their text; a context that searches
 * graphs holds 20 bytes per node (astar_graph_context_new).
 *
 * The nearest of several targets and distance maps with their flow
 * fields, on the same graphs and contexts: astar/graph_dijkstra.h.
 */
#ifndef ASTAR_INCLUDE_GRAPH_H
#define ASTAR_INCLUDE_GRAPH_H

#include "base.h"
#include "route.h"
#include "memory.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits: nodes and edges of one graph. Edge costs are 1 .. ASTAR_MAX_COST:
 * every step costs something, as on a grid, so that only the start has
 * G = 0. */
#define ASTAR_GRAPH_MAX_NODES ASTAR_MAX_CELLS
#define ASTAR_GRAPH_MAX_EDGES (1u << 31)

typedef struct astar_graph astar_graph;
typedef struct astar_graph_builder astar_graph_builder;

/* How the builder takes edges: DIRECTED adds each edge as given, from ->
 * to; UNDIRECTED adds it both ways with the same cost (two edges of the
 * built graph, each with its own cost from then on). */
typedef enum astar_graph_kind {
    ASTAR_GRAPH_DIRECTED = 0,
    ASTAR_GRAPH_UNDIRECTED
} astar_graph_kind;

/* ------------------------------------------------------------------------ */
/* Building                                                                 */
/* ------------------------------------------------------------------------ */

/* A builder for a graph of `nodes` nodes, 0 .. nodes - 1.
 * [in]     nodes      1 .. ASTAR_GRAPH_MAX_NODES
 * [in]     kind       directed or undirected edges
 * [in,opt] allocator  (_with) copied into the builder; NULL: malloc and
 *                     free. A graph it builds has its own
 *                     (astar_graph_new_with)
 * [out]    out        the builder; free it with astar_graph_builder_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY. O(1);
 * the edges, names and positions grow as they are added. */
ASTAR_API astar_status astar_graph_builder_new(uint32_t nodes, astar_graph_kind kind,
                                               astar_graph_builder **out);
ASTAR_API astar_status astar_graph_builder_new_with(uint32_t nodes, astar_graph_kind kind,
                                                    const astar_allocator *allocator,
                                                    astar_graph_builder **out);

/* Frees a builder (not the graphs it built). NULL is allowed. */
ASTAR_API void astar_graph_builder_delete(astar_graph_builder *builder);

/* Adds an edge (two, undirected) from -> to with cost 1 .. ASTAR_MAX_COST.
 * An edge from a node to itself is refused (ASTAR_INVALID_ARGUMENT); the
 * same edge added twice keeps the lower cost. Amortised O(1).
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (a node out of range, cost 0,
 * a loop, more than ASTAR_GRAPH_MAX_EDGES) or ASTAR_OUT_OF_MEMORY. */
ASTAR_API astar_status astar_graph_builder_edge(astar_graph_builder *builder, uint32_t from,
                                                uint32_t to, uint32_t cost);

/* Gives node a position, for H. Give every node one or none: a graph with
 * some nodes placed and others not is refused by astar_graph_new.
 * Coordinates are finite numbers in any unit. Returns ASTAR_OK or
 * ASTAR_INVALID_ARGUMENT. O(1) (the first call allocates the array). */
ASTAR_API astar_status astar_graph_builder_position(astar_graph_builder *builder, uint32_t node,
                                                    double x, double y);

/* The least cost per unit of distance: H of a node is its distance to
 * the target under the metric times scale (times the options' weight),
 * rounded down. The caller's rule: no edge may cost less than scale times the
 * distance between its ends - then H never overestimates and never drops
 * along an edge by more than the edge costs, and A* finds least-cost
 * paths. astar_graph_new checks the rule on every edge and refuses a
 * graph that breaks it, naming the edge. Default 0 (H = 0: Dijkstra).
 * ASTAR_GRAPH_SCALE_TIGHTEST asks the build for the largest scale the
 * edges allow: the least cost / length over edges between nodes apart,
 * less one part in 10^12 so that the check, in floating point, holds.
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a negative or not finite
 * scale. */
#define ASTAR_GRAPH_SCALE_TIGHTEST (-1.0)

/* How distance between positions is measured, for H and the scale rule:
 * ASTAR_HEURISTIC_EUCLIDEAN (straight-line, the default), OCTILE
 * (max + (sqrt 2 - 1) * min of the two offsets: an 8-way grid's walk),
 * MANHATTAN (their sum) or CHEBYSHEV (their max). Each is a norm, so any
 * of them with a scale the edges keep gives a consistent H; pick the
 * largest your edges allow, as it narrows the search most. Returns ASTAR_OK
 * or ASTAR_INVALID_ARGUMENT (ZERO or another value: leave positions out
 * for H = 0). */
ASTAR_API astar_status astar_graph_builder_metric(astar_graph_builder *builder,
                                                  astar_heuristic metric);
ASTAR_API astar_status astar_graph_builder_scale(astar_graph_builder *builder, double scale);

/* Names node (a copy is kept), for files and messages; names must be
 * unique, 1 .. 255 bytes with no white space or control character.
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (also for a name another node
 * has: checked by astar_graph_new) or ASTAR_OUT_OF_MEMORY. */
ASTAR_API astar_status astar_graph_builder_name(astar_graph_builder *builder, uint32_t node,
                                                const char *name);

/* Freezes what the builder holds into a new graph; the builder is left as
 * it was and can build again. Costs O(nodes + edges log edges), and while
 * it runs 12 bytes per edge beyond the graph (a sorted copy of them, with
 * the builder's allocator).
 * [in]     builder    read only
 * [in,opt] allocator  (_with) copied into the graph; NULL: malloc and
 *                     free, as the plain form
 * [out]    out        the graph; free it with astar_graph_delete
 * [out]    err        [opt] what is wrong: "edge 3 -> 7 costs 10, less
 *                     than scale 12.5 times its length 1" or "nodes 2 and
 *                     5 are both named X"
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (the scale rule broken, some
 * nodes placed and some not, a name twice, an allocator without both
 * functions) or ASTAR_OUT_OF_MEMORY. */
ASTAR_API astar_status astar_graph_new(const astar_graph_builder *builder, astar_graph **out,
                                       astar_error *err);
ASTAR_API astar_status astar_graph_new_with(const astar_graph_builder *builder,
                                            const astar_allocator *allocator, astar_graph **out,
                                            astar_error *err);

/* A grid as a graph: node y * width + x for cell (x, y) at position
 * (x, y), an edge for every step options->moves allows (the corner rule
 * included) costing what it costs there (options->costs times the terrain
 * of the cell entered), blocked cells disabled, and the scale of the
 * cheapest step per unit of distance. A* on it finds the grid search's
 * costs (tests/test_graph_grid.c checks it on the benchmark maps).
 * [in]     grid       read only
 * The metric is octile, and the scale the cheaper of a straight step and
 * a diagonal one over sqrt 2: H as close as the grid search's octile H.
 * [in,opt] options    moves and costs; NULL: astar_options_default()
 * [in,opt] allocator  (_with) for the graph and while it builds; NULL:
 *                     malloc and free, as the plain form
 * [out]    out        the graph; free it with astar_graph_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY. Costs
 * O(cells) and, while it builds, about 12 bytes per edge beyond the graph. */
ASTAR_API astar_status astar_graph_new_from_grid(const astar_grid *grid,
                                                 const astar_options *options,
                                                 astar_graph **out);
ASTAR_API astar_status astar_graph_new_from_grid_with(const astar_grid *grid,
                                                      const astar_options *options,
                                                      const astar_allocator *allocator,
                                                      astar_graph **out);

/* Frees a graph. NULL is allowed. */
ASTAR_API void astar_graph_delete(astar_graph *graph);

/* ------------------------------------------------------------------------ */
/* Reading and editing a graph                                              */
/* ------------------------------------------------------------------------ */

/* Nodes and edges (each direction of an undirected edge counts). O(1);
 * 0 for NULL. */
ASTAR_API uint32_t astar_graph_nodes(const astar_graph *graph);
ASTAR_API uint32_t astar_graph_edges(const astar_graph *graph);

/* Bytes the graph holds, names and positions included. O(1). */
ASTAR_API size_t astar_graph_bytes(const astar_graph *graph);

/* The edges out of node: *count of them, and edge i of those (0-based) as
 * its target and cost. O(1). Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT
 * (a node or i out of range; *count is then 0). */
ASTAR_API astar_status astar_graph_out_count(const astar_graph *graph, uint32_t node,
                                             uint32_t *count);
ASTAR_API astar_status astar_graph_out_edge(const astar_graph *graph, uint32_t node, uint32_t i,
                                            uint32_t *to, uint32_t *cost);

/* The cost of the edge from -> to, and a new one (1 .. ASTAR_MAX_COST).
 * Setting a cost is an edit: searches begun before it end with
 * ASTAR_MAP_CHANGED. The scale rule is checked again (positions): a cost
 * that would break it is refused. O(log(edges of from)); with landmarks
 * enabled, a cheaper cost also lowers their tables from the edge on (see
 * astar_graph_enable_landmarks), without allocating.
 * Returns ASTAR_OK, ASTAR_NO_PATH (no such edge) or
 * ASTAR_INVALID_ARGUMENT. */
ASTAR_API astar_status astar_graph_edge_cost(const astar_graph *graph, uint32_t from, uint32_t to,
                                             uint32_t *cost);
ASTAR_API astar_status astar_graph_set_edge_cost(astar_graph *graph, uint32_t from, uint32_t to,
                                                 uint32_t cost);

/* Whether a node can be entered. A disabled node is a wall: no search
 * enters it, starts at it (ASTAR_START_BLOCKED) or ends at it
 * (ASTAR_GOAL_BLOCKED). Every node starts enabled. Changing it is an edit,
 * and rebuilds the islands if they are enabled (O(nodes + edges));
 * otherwise O(1). Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or, only with
 * islands, ASTAR_OUT_OF_MEMORY: the node is then as it was. */
ASTAR_API astar_status astar_graph_set_enabled(astar_graph *graph, uint32_t node, bool enabled);
ASTAR_API bool astar_graph_enabled(const astar_graph *graph, uint32_t node);

/* Islands (article note 6): with them enabled a search between nodes that
 * no chain of edges joins, whatever their directions, answers
 * ASTAR_NO_PATH at once, expanding nothing (on a directed graph a search
 * within one island can still find no path). The islands are kept current
 * through astar_graph_set_enabled; an edge cost changes none. Enabling
 * costs O(nodes + edges) and 4 bytes per node. Returns ASTAR_OK,
 * ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY. */
ASTAR_API astar_status astar_graph_enable_islands(astar_graph *graph);

/* The island of node: 1 .. number of islands, 0 for a disabled node or
 * when islands are not enabled. O(1). */
ASTAR_API uint32_t astar_graph_island(const astar_graph *graph, uint32_t node);

/* Landmarks (ALT: Goldberg and Harrelson, 2005): with them enabled, the
 * graph keeps for each of `count` landmark nodes L the least cost from L
 * to every node and from every node to L, and every A* search on the graph
 * takes as H the larger of the positions' estimate and what the triangle
 * inequality gives through the landmarks,
 *     max over L of  cost(L, target) - cost(L, node)  and
 *                    cost(node, L) - cost(target, L),
 * which never overestimates and stays consistent (an edge never lowers it
 * by more than it costs), so paths stay least-cost, on any open list. Where
 * a graph's positions say little about its costs - a maze, a road graph
 * with slow and fast roads, a graph without positions at all - it can
 * spare a search most of its nodes (a maze's graph: 7.7 times faster);
 * where they already say much (open ground), each node opened still reads
 * its row of 8 * count bytes, and a search can come out slower (two open
 * maps of the benchmark as graphs: a fifth; docs/performance.md, "Any
 * graph"). ASTAR_HEURISTIC_ZERO still turns every H off. A cost from or
 * to a landmark of 2^31 or more is kept as 2^31 - 1: the bound is looser
 * there, still never over.
 *
 * Landmarks are chosen far apart: the first is the node farthest from the
 * lowest-numbered one, each next the node whose least cost from those
 * chosen is largest (one no landmark reaches first of all); only nodes
 * with an edge in and an edge out are chosen, so a graph with fewer such
 * nodes than count gets fewer landmarks (astar_graph_landmark_count).
 *
 * Edits keep them right: an edge made dearer and a node enabled or
 * disabled leave the tables as they are (costs are measured as if every
 * node were enabled, and dearer edges only make the bounds looser), and an
 * edge made cheaper lowers the tables from it on, inside
 * astar_graph_set_edge_cost, for the nodes whose cost the new edge cuts: at
 * most count forward and count backward Dijkstra searches, usually far
 * less. After many edits, enabling again gives tight bounds anew.
 *
 * Enabling (again: a new set) costs 2 * count Dijkstra searches over the
 * graph, O(count (nodes + edges) log nodes), and 8 * count + 8 bytes per
 * node (astar_graph_landmarks_bytes); it counts as an edit. count: 1 ..
 * ASTAR_GRAPH_MAX_LANDMARKS. Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or
 * ASTAR_OUT_OF_MEMORY (the graph keeps the landmarks it had). */
#define ASTAR_GRAPH_MAX_LANDMARKS 32
ASTAR_API astar_status astar_graph_enable_landmarks(astar_graph *graph, uint32_t count);

/* Drops the landmarks (none is fine); an edit when there were some. */
ASTAR_API void astar_graph_disable_landmarks(astar_graph *graph);

/* How many landmarks the graph has: 0 when none are enabled. O(1). */
ASTAR_API uint32_t astar_graph_landmark_count(const astar_graph *graph);

/* Landmark i's node. O(1). Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT for
 * i past astar_graph_landmark_count or a NULL argument, or, on an hpa's
 * graph (astar/hpa.h), ASTAR_NO_PATH for a landmark whose node went in a
 * rebuild: its costs, carried over, still bound the others'. */
ASTAR_API astar_status astar_graph_landmark(const astar_graph *graph, uint32_t i, uint32_t *node);

/* The bytes the landmarks hold (0 without). O(1). */
ASTAR_API size_t astar_graph_landmarks_bytes(const astar_graph *graph);

/* The name of node ("" when it has none), valid as long as the graph;
 * NULL for a node out of range. O(1). */
ASTAR_API const char *astar_graph_name(const astar_graph *graph, uint32_t node);

/* The node named name. O(log nodes). Returns ASTAR_OK, or
 * ASTAR_INVALID_ARGUMENT when no node has that name. */
ASTAR_API astar_status astar_graph_find(const astar_graph *graph, const char *name,
                                        uint32_t *node);

/* node's position; false when the graph has none (or node is out of
 * range). O(1). */
ASTAR_API bool astar_graph_position(const astar_graph *graph, uint32_t node, double *x,
                                    double *y);

/* The graph's scale and metric (astar_graph_builder_scale, _metric). */
ASTAR_API double astar_graph_scale(const astar_graph *graph);
ASTAR_API astar_heuristic astar_graph_metric(const astar_graph *graph);

/* ------------------------------------------------------------------------ */
/* Searching a graph                                                        */
/* ------------------------------------------------------------------------ */

/* A context for graphs of up to max_nodes nodes: the grid's 16 bytes per
 * node and 4 more for each node's parent (on a grid the parent is a step
 * in one of 8 directions, on a graph any node). It also serves grids of up
 * to max_nodes cells; a context from astar_context_new cannot search a
 * graph. Free it with astar_context_delete. Returns as astar_context_new. */
ASTAR_API astar_status astar_graph_context_new(size_t max_nodes, astar_context **out);
ASTAR_API astar_status astar_graph_context_new_with(size_t max_nodes,
                                                    const astar_allocator *allocator,
                                                    astar_context **out);

/* Finds a least-cost path from start to goal on graph: the article's A*
 * (astar_find_path), with each node's neighbours the targets of its
 * enabled edges, looked at in the order of their node numbers.
 * H is the graph's estimate above (its metric is the graph's), times the
 * weight: weight 0 gives H = 0, Dijkstra's algorithm, as on a grid. A
 * graph has no grid's cost model or world, so the call takes only what
 * every search honours, and honours every field of it: open_list (BUCKETS
 * on the terms of astar_graph_open_list; ties then do not apply, as on a
 * grid), weight, ties, stop, observer (points are (node, 0)), trace
 * (events' at.x and parent.x are node numbers, y 0), max_expanded, partial
 * (the closed node of least H, as on a grid) and, begun in slices,
 * on_edit.
 * [in,out] ctx     a context from astar_graph_context_new
 * [in]     graph   read only; at most astar_context_max_cells(ctx) nodes
 * [in]     start, goal  node numbers
 * [in]     options [opt] NULL for astar_search_options_default()
 * [in,out] path  your buffer in, the result out (astar/route.h): the
 *                nodes into nodes (a points buffer is refused); no via list
 * Returns ASTAR_OK, ASTAR_NO_PATH, ASTAR_PATH_BUFFER_TOO_SMALL (length,
 * cut and cost set, the first capacity nodes written: astar/route.h), ASTAR_COST_OVERFLOW, ASTAR_EXPANSION_LIMIT,
 * ASTAR_PARTIAL_NO_PATH, ASTAR_PARTIAL_LIMIT, ASTAR_START_OUT_OF_BOUNDS,
 * ASTAR_GOAL_OUT_OF_BOUNDS (a node number out of range),
 * ASTAR_START_BLOCKED, ASTAR_GOAL_BLOCKED (a disabled node),
 * ASTAR_MAP_TOO_LARGE, ASTAR_INVALID_ARGUMENT (NULL arguments, a context
 * without parents, options out of range). Costs
 * O((n + e) log n) for n nodes and e edges looked at; no allocation. */
ASTAR_API astar_status astar_graph_find_path(astar_context *ctx, const astar_graph *graph,
                                             uint32_t start, uint32_t goal,
                                             const astar_search_options *options,
                                             astar_route *path);

/* The same search a slice at a time (astar/sliced.h): begin, then
 * astar_search_step(ctx, budget) until it returns anything but
 * ASTAR_IN_PROGRESS, then finish. Begin returns ASTAR_IN_PROGRESS or the
 * status of a request refused (as astar_graph_find_path's); finish
 * returns what astar_graph_find_path would have, ASTAR_IN_PROGRESS while
 * the search runs, ASTAR_MAP_CHANGED if the graph was edited since it
 * began, or ASTAR_INVALID_ARGUMENT when ctx's search is not a graph's. */
ASTAR_API astar_status astar_graph_search_begin(astar_context *ctx, const astar_graph *graph,
                                                uint32_t start, uint32_t goal,
                                                const astar_search_options *options);
ASTAR_API astar_status astar_graph_search_finish(const astar_context *ctx,
                                                 astar_route *path);

/* The open list a graph search with these options on ctx really uses:
 * the one options->open_list names, except that BUCKETS falls back to the
 * heap with a weight above 1 (the buckets need F never to go down, which
 * the scale rule gives up to that weight) or a context of fewer than 64
 * nodes. (A search on the buckets may still start over on the heap when it
 * has more nodes open at once than the buckets hold: a graph's nodes may
 * have any number of edges. They hold about the context's nodes, half as
 * many with landmarks, whose H they keep per node.) NULL or invalid
 * arguments give
 * ASTAR_OPEN_LIST_HEAP. O(1). */
ASTAR_API astar_open_list astar_graph_open_list(const astar_context *ctx,
                                                const astar_search_options *options);

/* What the last search on ctx (a graph's) knows of node: its list, F, G,
 * H and parent (as (node, 0); the node itself where the search began).
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT. O(1). */
ASTAR_API astar_status astar_graph_context_node(const astar_context *ctx,
                                                const astar_graph *graph, uint32_t node,
                                                astar_node *out);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_GRAPH_H */
