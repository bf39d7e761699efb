/* A built graph (astar/graph.h): compressed rows both ways, read by the
 * graph search (search/graph_search.c) and written only by the edit calls
 * of graph.c, the one funnel through which its islands stay current. */
#ifndef ASTAR_GRAPH_H
#define ASTAR_GRAPH_H

#include <stdint.h>

#include "astar.h"
#include "core/cost.h"
#include "core/memory.h"

/* An edge as the forward rows hold it: where it leads and what it costs,
 * side by side so that looking at a node's neighbours reads one run of
 * memory. */
typedef struct graph_edge {
    uint32_t to, cost;
} graph_edge;

struct astar_graph {
    astar_allocator memory;
    uint32_t nodes, edges;
    /* Forward: the edges out of node v are out[first[v] .. first[v + 1] - 1],
     * sorted by target. */
    uint32_t *first;
    graph_edge *out;
    /* Backward: the edges into v are back_first[v] .. back_first[v + 1] - 1,
     * each with its source and its index among the forward edges, whose
     * cost is the one cost of the edge. */
    uint32_t *back_first, *back_from, *back_edge;
    uint8_t *enabled;             /* per node, 1 or 0 */
    /* [opt] x, y per node: as floats when every coordinate is one exactly
     * (a grid's cells, most game maps), so that a search, which reads a
     * position per neighbour for H, loads half the bytes and gets the very
     * same H; else as doubles. At most one of the two is set. */
    double *xy;
    float *xy32;
    double scale;                 /* H per unit of distance */
    astar_heuristic metric;       /* how distance is measured */
    uint32_t *island;             /* [opt] per node, 0 disabled */
    uint32_t islands;             /* how many */
    /* Names: node v's is text + name_at[v] (NUL-terminated), by_name the
     * nodes sorted by name; NULL when no node is named. */
    char *text;
    uint32_t *name_at, *by_name;
    size_t text_bytes;
    uint32_t named;               /* nodes in by_name */
    uint64_t edits;               /* counts edits, for searches in progress */
    struct graph_landmarks *landmarks; /* [opt] graph/landmarks.h */
    uint32_t landmark_count;      /* the landmarks chosen (at most its count) */
};

/* Whether node v is a node of graph g. */
static inline bool graph_has(const astar_graph *g, uint32_t v)
{
    return v < g->nodes;
}

/* A query's start and goal (graph/splice.h, for waypoint graphs and
 * HPA*) are joined to the graph anew for every query, without a rebuild:
 * edge `edge` (an index into out) is aimed at `to` with `cost`, node
 * `node` is moved. Both count as edits. Nothing is checked: the caller keeps every row sorted by
 * target and the scale rule, and never enables the graph's islands, as
 * the backward rows are left as they were (the landmarks' walks skip the
 * entries whose edge now leads elsewhere); with landmarks enabled the
 * caller also keeps their inequalities (graph/landmarks.h) for the edges
 * it aims, writing the rows of the nodes they join. */
void astar__graph_aim_edge(astar_graph *g, uint32_t edge, uint32_t to, uint32_t cost);
void astar__graph_place(astar_graph *g, uint32_t node, double x, double y);

/* astar_graph_new with the builder's own allocator: for the library's
 * graphs (files, a grid's, waypoints', HPA*'s, a CPD's reversed copy),
 * whose builder was made with the allocator the graph must have. */
astar_status astar__graph_build(const astar_graph_builder *builder, astar_graph **out,
                                astar_error *err);

/* The index into out of the edge from -> to (rows are sorted by target),
 * or UINT32_MAX when there is none. O(log(edges of from)). */
static inline uint32_t graph_find_edge(const astar_graph *g, uint32_t from, uint32_t to)
{
    uint32_t lo = g->first[from], hi = g->first[from + 1];
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->out[mid].to < to)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->first[from + 1] && g->out[lo].to == to ? lo : UINT32_MAX;
}

/* Whether the graph's nodes have positions, and coordinate k (2 node + 0
 * for x, + 1 for y) of one. */
static inline bool graph_placed(const astar_graph *g)
{
    return g->xy || g->xy32;
}

static inline double graph_coordinate(const astar_graph *g, size_t k)
{
    return g->xy32 ? (double)g->xy32[k] : g->xy[k];
}

/* What every graph search reads of its graph: the forward rows (where
 * each edge's one cost is) and which nodes are enabled. */
typedef struct graph_rows {
    const uint32_t *first;
    const graph_edge *out;
    const uint8_t *enabled;
} graph_rows;

static inline graph_rows graph_rows_of(const astar_graph *graph)
{
    return (graph_rows){ .first = graph->first, .out = graph->out, .enabled = graph->enabled };
}

#endif
