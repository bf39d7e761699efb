/*
 * astar/graph_dijkstra.h - Dijkstra's algorithm on any graph (the article's
 * notes 5 and 8 together): the nearest of several target nodes, and
 * distance maps with their flow fields, as astar/dijkstra.h gives them on
 * a grid.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 *
 * As on a grid, the search runs backwards: all targets go on the open
 * list at once with G = 0, and from each closed node u the search looks
 * along the edges INTO u (v -> u, each with its own cost), so that the G
 * of each node it closes is the cost of the cheapest path FROM that node
 * to its nearest target along directed edges - the cost
 * astar_graph_find_path gives from there - and its parent is the next
 * node on that path. Running forwards from the start would answer the
 * nearest question too, but only for one start: backwards, the same
 * search is the grid's semantics (a unit's way to the place, not the
 * place's way to the unit) for one start and, run to the end, for every
 * node at once (the distance map).
 *
 * Options (astar_search_options), as on a grid (astar/dijkstra.h): each
 * field is honoured or refused, never changed behind the caller's back.
 * Honoured: weight (it multiplies H, which is 0 here, so every weight
 * gives the same least costs), observer (points are (node, 0)), trace
 * (events' at.x and parent.x are node numbers, y 0; a parent is the next
 * node towards a target), max_expanded by a nearest search, and on_edit
 * (read by nothing here: these calls run to their end). Refused with
 * ASTAR_UNSUPPORTED: an open list other than ASTAR_OPEN_LIST_HEAP (the
 * heap keeps the (G, target index) order), ties other than
 * ASTAR_TIES_LAST (equal G goes to the lowest target index), stop
 * ASTAR_STOP_OPEN (the first node to reach may be dearer than one found
 * later), partial (the nodes the search reaches lead to targets, not from
 * the start), and max_expanded on a distance map (it covers every node it
 * reaches). So the answers are always least costs.
 *
 * Targets are node numbers: one out of range is ASTAR_GOAL_OUT_OF_BOUNDS.
 * Disabled targets are skipped, as if not given (astar_graph_set_enabled);
 * so is a repeated target after its first occurrence. Of several targets
 * equally cheap to reach, the one with the lowest index wins. At most
 * ASTAR_MAX_CELLS targets; targets may be NULL when count is 0.
 *
 * The context is one from astar_graph_context_new (its lists and node
 * parents, no other memory), and these calls share it with
 * astar_graph_find_path in any order. Afterwards astar_graph_context_node
 * reads the nodes of the search: G (with H = 0, so F = G) is the cost to
 * the nearest target, and the parent is the next node towards it (the
 * node itself for a target).
 */
#ifndef ASTAR_INCLUDE_GRAPH_DIJKSTRA_H
#define ASTAR_INCLUDE_GRAPH_DIJKSTRA_H

#include "dijkstra.h"
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Finds the cheapest to reach of several target nodes from start, and the
 * route to it: one backward Dijkstra search from all the targets, stopped
 * when start is closed.
 * [in,out] ctx      a context from astar_graph_context_new; its lists are
 *                   left as the search ended them, for
 *                   astar_graph_context_node
 * [in]     graph    read only; at most astar_context_max_cells(ctx) nodes
 * [in]     start
 * [in]     targets  count node numbers (see "Targets" above)
 * [in]     options  [opt] NULL for astar_search_options_default(); see
 *                   "Options" above for what is honoured and refused
 * [in,out] path     your buffer in, the result out as for
 *                   astar_graph_find_path: the nodes from start to the
 *                   chosen target, cost and expanded
 * [out]    which    [opt] the index in targets of the chosen target
 * Returns
 *   ASTAR_OK                 path and which filled
 *   ASTAR_NO_PATH            no target can be reached from start (or none is
 *                            enabled); expanded is set, and is 0 when the
 *                            graph's islands show every target on another
 *                            island (those targets are then not searched from)
 *   ASTAR_PATH_BUFFER_TOO_SMALL  found, but it does not fit; which, length,
 *                            cut, cost and expanded are set, the first
 *                            nodes written (astar/route.h)
 *   ASTAR_COST_OVERFLOW      no target within ASTAR_MAX_COST
 *   ASTAR_EXPANSION_LIMIT    options.max_expanded nodes expanded first
 *   ASTAR_UNSUPPORTED        a field "Options" above refuses
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS (a target out of
 *   range), ASTAR_START_BLOCKED (a disabled start; checked in this order,
 *   after ASTAR_INVALID_ARGUMENT and ASTAR_MAP_TOO_LARGE),
 *   ASTAR_INVALID_ARGUMENT (NULL ctx, graph or path, a context without
 *   node parents, targets NULL with count > 0, count > ASTAR_MAX_CELLS, an
 *   option out of range, nodes NULL with a capacity > 0)
 * Costs O((n + e) log n) for the n nodes within the found cost of some
 * target (every node nearer to a target than start is) and the e edges
 * into them, plus O(count); no allocation. start among the targets is a
 * route of one node and cost 0. */
ASTAR_API astar_status astar_graph_find_nearest(astar_context *ctx, const astar_graph *graph,
                                                uint32_t start, const uint32_t *targets,
                                                size_t count, const astar_search_options *options,
                                                astar_route *path, size_t *which);

/* A graph's distance map with its flow field: for every node, the cost of
 * the cheapest path from it to the nearest of a set of sources along
 * directed edges, which source that is, and the node to go to next on
 * that path. Built once by one backward Dijkstra search over the whole
 * graph; then any number of units, on any number of threads, walk towards
 * their nearest source by reading their node's next node.
 *
 * Memory: 12 bytes per node of max_nodes (the cost, the next node and the
 * source's index, 4 bytes each: a next node can be any node, so it does
 * not pack with the source as a grid's direction does), allocated by
 * astar_graph_distance_map_new and reused by every build.
 *
 * Thread model: a build writes the map; the readers below only read it,
 * so any number of threads may read one map at once, as long as nobody
 * builds it meanwhile. The map is a snapshot of the graph as it was built:
 * after an edit (astar_graph_set_edge_cost, astar_graph_set_enabled) it is
 * stale - its costs and next nodes are those of the old graph - until it
 * is built again. */
typedef struct astar_graph_distance_map astar_graph_distance_map;

/* Creates a distance map for graphs of up to max_nodes nodes; until its
 * first build every node reads as unreachable.
 * [in]     max_nodes  1 .. ASTAR_GRAPH_MAX_NODES
 * [in,opt] allocator  (_with) copied into the map; NULL: malloc and free
 * [out]    out        the new map; free it with astar_graph_distance_map_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (also for an allocator without
 * both functions) or ASTAR_OUT_OF_MEMORY. Allocates 12 * max_nodes bytes
 * (astar_graph_distance_map_bytes). */
ASTAR_API astar_status astar_graph_distance_map_new(size_t max_nodes,
                                                    astar_graph_distance_map **out);
ASTAR_API astar_status astar_graph_distance_map_new_with(size_t max_nodes,
                                                         const astar_allocator *allocator,
                                                         astar_graph_distance_map **out);

/* Frees a map. NULL is allowed. Nobody may be reading it at the time. */
ASTAR_API void astar_graph_distance_map_delete(astar_graph_distance_map *map);

/* Bytes the map holds (12 per node of its max_nodes); 0 for NULL. O(1). */
ASTAR_API size_t astar_graph_distance_map_bytes(const astar_graph_distance_map *map);

/* Builds map for graph and the sources: for every node its least cost to
 * the nearest source, that source's index, and its next node (see the top
 * of this header for the cost, the options, and what happens to disabled,
 * repeated and tied sources). Disabled nodes read as unreachable, and no
 * path passes through one; edge costs are the graph's as edited.
 * [in,out] map      written for graph
 * [in,out] ctx      a context from astar_graph_context_new; left as the
 *                   search ended, for astar_graph_context_node
 * [in]     graph    read only; at most the nodes of map and of ctx
 * [in]     sources  count node numbers; count 0 gives a map of
 *                   unreachable nodes
 * [in]     options  [opt] NULL for astar_search_options_default(); see
 *                   "Options" above (max_expanded is refused here)
 * Returns
 *   ASTAR_OK                  built
 *   ASTAR_COST_OVERFLOW       built, but some paths were cut where their
 *                             cost passed ASTAR_MAX_COST - 1: nodes whose
 *                             every path to a source costs more read as
 *                             unreachable; every cost the map holds is exact
 *   ASTAR_INVALID_ARGUMENT    NULL map, ctx or graph, a context without
 *                             node parents, sources NULL with count > 0,
 *                             count > ASTAR_MAX_CELLS, an option out of
 *                             range
 *   ASTAR_MAP_TOO_LARGE       graph has more nodes than map or ctx holds
 *   ASTAR_GOAL_OUT_OF_BOUNDS  a source is not a node of graph
 *   ASTAR_UNSUPPORTED         options.max_expanded set, or a field "Options"
 *                             above refuses
 * On a failure other than ASTAR_COST_OVERFLOW the map reads as unreachable
 * everywhere until the next build. Costs O((n + e) log n) for the n nodes
 * that reach a source and the e edges into them, O(nodes) to write the
 * map, and O(count); no allocation. */
ASTAR_API astar_status astar_graph_distance_map_build(astar_graph_distance_map *map,
                                                      astar_context *ctx,
                                                      const astar_graph *graph,
                                                      const uint32_t *sources, size_t count,
                                                      const astar_search_options *options);

/* The least cost from node to its nearest source; 0 at a source;
 * ASTAR_UNREACHABLE for a node that reaches none (a disabled one
 * included), a node not in the last build's graph, or a NULL map. O(1),
 * read only. */
ASTAR_API uint32_t astar_graph_distance_map_cost(const astar_graph_distance_map *map,
                                                 uint32_t node);

/* The flow field: the node to go to from node on a cheapest path to its
 * nearest source. Going from next to next reaches that source along edges
 * whose costs (as they were at the build) sum to
 * astar_graph_distance_map_cost(node).
 * [out] next  the node to go to; node itself at a source, and when there
 *             is none
 * Returns ASTAR_OK (at a source too), ASTAR_NO_PATH for a node that
 * reaches no source (disabled ones included), or ASTAR_INVALID_ARGUMENT
 * (NULL map or next, a node not in the last build's graph). O(1), read
 * only. */
ASTAR_API astar_status astar_graph_distance_map_next(const astar_graph_distance_map *map,
                                                     uint32_t node, uint32_t *next);

/* The index (into the build's sources) of the source nearest to node: the
 * one its flow leads to. ASTAR_NO_SOURCE where the cost is
 * ASTAR_UNREACHABLE. O(1), read only. */
ASTAR_API size_t astar_graph_distance_map_source(const astar_graph_distance_map *map,
                                                 uint32_t node);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_GRAPH_DIJKSTRA_H */
