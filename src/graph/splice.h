/* A query's start and goal spliced into a built graph (waypoint graphs,
 * graph/waypoints.c; HPA*'s graph, graph/hpa_query.c), without a rebuild.
 *
 * Each end is joined by edges that differ from one query to the next.
 * Rebuilding the graph per query would allocate and cost O(e log e); a
 * search of its own would be a second A* beside the one the library
 * tests. So a graph of n nodes of its own is built with SPLICE_NODES
 * more - START, GOAL and SPARE (never enabled) - and every edge a query
 * could want is built in: START -> the first `reach` nodes (a row as long
 * as the most nodes one query's start can be joined to: which nodes they
 * lead to does not matter, a query re-aims them) and -> GOAL, each node
 * -> GOAL. A query re-aims them (astar__graph_aim_edge): those it needs
 * at their targets with their costs, the rest at SPARE, which the search
 * treats as a wall. SPARE has the highest number and GOAL the next, so
 * each node's edge to GOAL is the last of its row, and START's row,
 * rewritten as the nodes it joins in ascending order, then GOAL or SPARE,
 * then SPARE, stays sorted as the graph's rows must. A query then
 * allocates nothing. */
#ifndef ASTAR_GRAPH_SPLICE_H
#define ASTAR_GRAPH_SPLICE_H

#include <stdint.h>

#include "astar.h"
#include "graph/graph.h"

enum { SPLICE_NODES = 3 };

/* The spliced nodes of a graph of n nodes of its own. */
static inline uint32_t splice_start(uint32_t n) { return n; }
static inline uint32_t splice_goal(uint32_t n) { return n + 1; }
static inline uint32_t splice_spare(uint32_t n) { return n + 2; }

/* Gives builder b, of n + SPLICE_NODES nodes, the spliced nodes'
 * placeholders: a position each, (0, 0), which a query moves, and the
 * edges above at ASTAR_MAX_COST (a cost that keeps any scale rule). The
 * graph's rows hold them in the same places whatever the order of the
 * builder's other calls. The builder's status: ASTAR_INVALID_ARGUMENT
 * when the edges pass what a graph holds, ASTAR_OUT_OF_MEMORY. */
astar_status astar__splice_add(astar_graph_builder *b, uint32_t n, uint32_t reach);

/* astar__graph_build of b into *out, with SPARE disabled: its status. */
astar_status astar__splice_build(astar_graph_builder *b, uint32_t n, astar_graph **out,
                                 astar_error *err);

/* Aims every edge of START and each node's edge to GOAL at SPARE: no
 * query's edges, for a caller that re-aims only those a query changes.
 * O(n). */
void astar__splice_reset(astar_graph *g, uint32_t n);

/* One query's re-aiming: START's row is written from its first edge on,
 * in ascending order of target; what is not written of it when closed
 * leads to SPARE. */
typedef struct splice {
    astar_graph *graph;
    uint32_t nodes;      /* n */
    uint32_t edge, end;  /* START's next edge to aim and the end of its row */
} splice;

/* Moves START to start and GOAL to goal, and opens START's row. */
splice astar__splice_begin(astar_graph *g, uint32_t n, astar_point start, astar_point goal);

/* Aims START's next edge at node `to` (or GOAL, after every node) with cost. */
static inline void splice_from_start(splice *s, uint32_t to, uint32_t cost)
{
    astar__graph_aim_edge(s->graph, s->edge++, to, cost);
}

/* Aims node v's edge to GOAL at GOAL with cost: v reaches the goal. */
static inline void splice_to_goal(const splice *s, uint32_t v, uint32_t cost)
{
    astar__graph_aim_edge(s->graph, s->graph->first[v + 1] - 1, splice_goal(s->nodes), cost);
}

/* Aims node v's edge to GOAL back at SPARE: v does not reach the goal. */
static inline void splice_to_spare(const splice *s, uint32_t v)
{
    astar__graph_aim_edge(s->graph, s->graph->first[v + 1] - 1, splice_spare(s->nodes),
                          ASTAR_MAX_COST);
}

/* Aims the rest of START's row at SPARE. */
void astar__splice_close(splice *s);

#endif
