/* Precalculated paths on any graph: the nodes' order, the build's search
 * and the queries. A move is an index among the source's out-edges.
 *
 * The build's search is the library's own: a distance map
 * (astar_graph_distance_map_build, the search loop run backwards) from
 * the row's source over the graph with every edge turned round gives
 * each node's least cost FROM the source. A node's optimal first moves
 * are then those of every in-neighbour p with cost(p) + edge = its cost
 * (the source's own edge where p is the source): a walk back over those
 * tight edges, which go strictly down in cost since every edge costs at
 * least 1, so that the walk, depth-first with a done mark per node, meets
 * each node and edge once. */
#include <string.h>

#include "core/route.h"
#include "cpd/cpd.h"
#include "graph/graph.h"

/* The runs' layout for graph: none = its largest out-degree, in as few
 * bits as take it (at least 1). False when the starts - places up to
 * walkable - 1 - would not fit the bits left. */
static bool runs_layout(const astar_graph *g, uint32_t walkable, uint32_t *shift,
                         uint32_t *none)
{
    uint32_t most = 0;
    for (uint32_t v = 0; v < g->nodes; v++)
        if (g->first[v + 1] - g->first[v] > most)
            most = g->first[v + 1] - g->first[v];
    *none = most;
    *shift = most > 1 ? 32 - (uint32_t)__builtin_clz(most) : 1;
    return *shift < 32 && (walkable == 0 || (uint64_t)(walkable - 1) < 1ull << (32 - *shift));
}

static uint32_t enabled_nodes(const astar_graph *g)
{
    uint32_t n = 0;
    for (uint32_t v = 0; v < g->nodes; v++)
        n += g->enabled[v];
    return n;
}

static uint64_t graph_hash(cpd_map map)
{
    const astar_graph *g = map.graph;
    uint8_t bytes[8];
    uint64_t h = FNV_OFFSET;
    for (uint32_t v = 0; v < g->nodes; v++) {
        uint32_t degree = g->first[v + 1] - g->first[v];
        for (int i = 0; i < 4; i++) {
            bytes[i] = (uint8_t)(degree >> 8 * i);
            bytes[4 + i] = (uint8_t)(i == 0 ? g->enabled[v] : 0);
        }
        h = cpd_fnv(h, bytes, sizeof bytes);
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
            for (int i = 0; i < 4; i++) {
                bytes[i] = (uint8_t)(g->out[e].to >> 8 * i);
                bytes[4 + i] = (uint8_t)(g->out[e].cost >> 8 * i);
            }
            h = cpd_fnv(h, bytes, sizeof bytes);
        }
    }
    return h;
}

/* SRC's depth-first preorder on a graph: from the lowest-numbered
 * unplaced enabled node, each node's unplaced enabled targets in the
 * order of its edges, one component after another. */
static void graph_depth_first(astar_cpd *cpd, uint32_t *stack, uint32_t *next)
{
    const astar_graph *g = cpd->map.graph;
    uint32_t placed = 0;
    for (uint32_t root = 0; root < g->nodes; root++) {
        if (cpd->rank[root] != NO_RANK || !g->enabled[root])
            continue;
        size_t depth = 0;
        cpd->rank[root] = placed++;
        stack[depth] = root;
        next[depth++] = g->first[root];
        while (depth > 0) {
            uint32_t v = stack[depth - 1], found = NO_RANK;
            for (uint32_t e = next[depth - 1]; e < g->first[v + 1] && found == NO_RANK; e++) {
                uint32_t w = g->out[e].to;
                next[depth - 1] = e + 1;
                if (cpd->rank[w] == NO_RANK && g->enabled[w])
                    found = w;
            }
            if (found == NO_RANK) {
                depth--;
                continue;
            }
            cpd->rank[found] = placed++;
            stack[depth] = found;
            next[depth++] = g->first[found];
        }
    }
}

static bool graph_usable(const astar_cpd *cpd, uint32_t node)
{
    return cpd->map.graph->enabled[node];
}

static void graph_layout(astar_cpd *cpd)
{
    runs_layout(cpd->map.graph, cpd->walkable, &cpd->shift, &cpd->none);
}

/* ------------------------------------------------------------------------ */
/* The build's search                                                       */
/* ------------------------------------------------------------------------ */

/* One thread's: its context and distance map over the turned graph, and
 * per node the optimal first moves (a set with a high code, cpd.h), a
 * done mark (the row it was done for, + 1) and the walk's stack. */
struct cpd_searcher {
    const astar_cpd *cpd;
    const astar_graph *turned;
    astar_context *ctx;
    astar_graph_distance_map *map;
    uint32_t *node_of;    /* the node at each place in the order */
    uint64_t *first;
    uint32_t *high;
    uint32_t *done;
    uint32_t *stack, *cursor; /* a node and its next in-edge, per depth */
};

/* The set of a single move: an out-edge index or none. */
static void single(uint32_t code, uint64_t *moves, uint32_t *high)
{
    *moves = code < 63 ? 1ull << code : CPD_HIGH_BIT;
    *high = code < 63 ? 0 : code;
}

/* Whether in-edge i of node u (a back row's entry) lies on a least-cost
 * path from the source: its tail reached, and its cost the difference. */
static bool tight(const cpd_searcher *s, uint32_t i, uint32_t u)
{
    const astar_graph *g = s->cpd->map.graph;
    uint32_t p = g->back_from[i], cost_p = astar_graph_distance_map_cost(s->map, p);
    return cost_p != ASTAR_UNREACHABLE &&
           (uint64_t)cost_p + g->out[g->back_edge[i]].cost ==
               astar_graph_distance_map_cost(s->map, u);
}

/* The optimal first moves of node v from source, and of every node on a
 * least-cost path to it that has none yet (row r's mark). */
static void moves_of(cpd_searcher *s, uint32_t source, uint32_t r, uint32_t v)
{
    const astar_graph *g = s->cpd->map.graph;
    size_t depth = 0;
    s->stack[depth] = v;
    s->cursor[depth++] = g->back_first[v];
    while (depth > 0) {
        uint32_t u = s->stack[depth - 1], i = s->cursor[depth - 1], end = g->back_first[u + 1];
        while (i < end && (g->back_from[i] == source || s->done[g->back_from[i]] == r + 1 ||
                           !tight(s, i, u)))
            i++;
        if (i < end) {
            s->cursor[depth - 1] = i + 1;
            s->stack[depth] = g->back_from[i];
            s->cursor[depth++] = g->back_first[g->back_from[i]];
            continue;
        }
        uint64_t moves = 0;
        uint32_t high = 0;
        for (i = g->back_first[u]; i < end; i++) {
            uint32_t p = g->back_from[i];
            if (!tight(s, i, u))
                continue;
            if (p == source) {
                uint64_t m;
                uint32_t h;
                single(g->back_edge[i] - g->first[source], &m, &h);
                cpd_moves_join(&moves, &high, m, h);
            } else {
                cpd_moves_join(&moves, &high, s->first[p], s->high[p]);
            }
        }
        s->first[u] = moves;
        s->high[u] = high;
        s->done[u] = r + 1;
        depth--;
    }
}

static astar_status graph_row(cpd_searcher *s, uint32_t r, uint64_t *moves, uint32_t *high)
{
    const astar_cpd *cpd = s->cpd;
    uint32_t source = s->node_of[r];
    astar_status status = astar_graph_distance_map_build(s->map, s->ctx, s->turned, &source, 1,
                                                         NULL);
    if (status != ASTAR_OK)
        return status;
    for (uint32_t k = 0; k < cpd->walkable; k++) {
        uint32_t v = s->node_of[k];
        if (k == r)
            continue;
        if (astar_graph_distance_map_cost(s->map, v) == ASTAR_UNREACHABLE) {
            single(cpd->none, &moves[k], &high[k]);
            continue;
        }
        if (s->done[v] != r + 1)
            moves_of(s, source, r, v);
        moves[k] = s->first[v];
        high[k] = s->high[v];
    }
    return ASTAR_OK;
}

static void graph_searcher_delete(const astar_cpd *cpd, cpd_searcher *s)
{
    const astar_allocator *memory = &cpd->memory;
    astar_context_delete(s->ctx);
    astar_graph_distance_map_delete(s->map);
    void *arrays[] = { s->node_of, s->first, s->high, s->done, s->stack, s->cursor, s };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(memory, arrays[i]);
}

static astar_status graph_searcher_new(const astar_cpd *cpd, const void *shared,
                                       cpd_searcher **out)
{
    const astar_allocator *memory = &cpd->memory;
    cpd_searcher *s = astar__allocate_zeroed(memory, 1, sizeof *s);
    *out = s;
    if (!s)
        return ASTAR_OUT_OF_MEMORY;
    size_t nodes = cpd->ids;
    *s = (cpd_searcher){ .cpd = cpd, .turned = shared,
                         .node_of = astar__allocate(memory, (size_t)cpd->walkable + 1,
                                                    sizeof *s->node_of),
                         .first = astar__allocate(memory, nodes, sizeof *s->first),
                         .high = astar__allocate(memory, nodes, sizeof *s->high),
                         .done = astar__allocate_zeroed(memory, nodes, sizeof *s->done),
                         .stack = astar__allocate(memory, nodes, sizeof *s->stack),
                         .cursor = astar__allocate(memory, nodes, sizeof *s->cursor) };
    if (!s->node_of || !s->first || !s->high || !s->done || !s->stack || !s->cursor ||
        astar_graph_context_new_with(nodes, memory, &s->ctx) != ASTAR_OK ||
        astar_graph_distance_map_new_with(nodes, memory, &s->map) != ASTAR_OK)
        return ASTAR_OUT_OF_MEMORY;
    for (uint32_t v = 0; v < cpd->ids; v++)
        if (cpd->rank[v] != NO_RANK)
            s->node_of[cpd->rank[v]] = v;
    return ASTAR_OK;
}

const cpd_kind *astar__cpd_graph_kind(void)
{
    static const cpd_kind kind = {
        .hash = graph_hash, .layout = graph_layout, .usable = graph_usable,
        .depth_first = graph_depth_first, .searcher_new = graph_searcher_new,
        .row = graph_row, .searcher_delete = graph_searcher_delete, .high_codes = true,
    };
    return &kind;
}

/* graph with every edge turned round (same costs, same enabled nodes):
 * its backward search from a source is a forward one on graph. */
static astar_status turned_graph(const astar_graph *g, const astar_allocator *memory,
                                 astar_graph **out)
{
    astar_graph_builder *b;
    astar_status s = astar_graph_builder_new_with(g->nodes, ASTAR_GRAPH_DIRECTED, memory, &b);
    for (uint32_t v = 0; s == ASTAR_OK && v < g->nodes; v++)
        for (uint32_t e = g->first[v]; s == ASTAR_OK && e < g->first[v + 1]; e++)
            s = astar_graph_builder_edge(b, g->out[e].to, v, g->out[e].cost);
    if (s == ASTAR_OK)
        s = astar__graph_build(b, out, NULL);
    astar_graph_builder_delete(b);
    for (uint32_t v = 0; s == ASTAR_OK && v < g->nodes; v++)
        if (!g->enabled[v])
            s = astar_graph_set_enabled(*out, v, false);
    return s;
}

astar_status astar_graph_cpd_new(const astar_graph *graph, astar_cpd_order order, int threads,
                                 astar_cpd **out)
{
    return astar_graph_cpd_new_with(graph, order, threads, NULL, out);
}

astar_status astar_graph_cpd_new_with(const astar_graph *graph, astar_cpd_order order,
                                      int threads, const astar_allocator *allocator,
                                      astar_cpd **out)
{
    if (out)
        *out = NULL;
    astar_allocator memory;
    if (!graph || !out || (unsigned)order > ASTAR_CPD_ORDER_ROWS || threads < 1 ||
        threads > ASTAR_CPD_MAX_THREADS || astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    if (!astar__cpd_graph_fits(graph))
        return ASTAR_UNSUPPORTED;
    astar_graph *turned = NULL;
    astar_status s = turned_graph(graph, &memory, &turned);
    astar_cpd *cpd = NULL;
    if (s == ASTAR_OK) {
        cpd = astar__cpd_create(&memory, (cpd_map){ .graph = graph }, ASTAR_MOVES_8,
                                ASTAR_COSTS_ARTICLE, order);
        s = cpd ? ASTAR_OK : ASTAR_OUT_OF_MEMORY;
    }
    if (s == ASTAR_OK) {
        s = astar__cpd_build_rows(cpd, threads, turned);
    }
    astar_graph_delete(turned);
    if (s != ASTAR_OK) {
        astar_cpd_delete(cpd);
        return s;
    }
    *out = cpd;
    return ASTAR_OK;
}

bool astar__cpd_graph_fits(const astar_graph *graph)
{
    uint32_t shift, none;
    return runs_layout(graph, enabled_nodes(graph), &shift, &none);
}

/* ------------------------------------------------------------------------ */
/* Queries                                                                  */
/* ------------------------------------------------------------------------ */

/* The checks both queries make, in the documented order. */
static astar_status check_query(const astar_cpd *cpd, uint32_t from, uint32_t to)
{
    const astar_graph *g = cpd->map.graph;
    if (!g)
        return ASTAR_INVALID_ARGUMENT;
    if (g->edits != cpd->edits)
        return ASTAR_MAP_CHANGED;
    if (from >= g->nodes)
        return ASTAR_START_OUT_OF_BOUNDS;
    if (to >= g->nodes)
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    if (!g->enabled[from])
        return ASTAR_START_BLOCKED;
    return g->enabled[to] ? ASTAR_OK : ASTAR_GOAL_BLOCKED;
}

/* The out-edge (an index into the graph's out[]) that begins a least-cost
 * path from a checked `from` to the checked, different target at place
 * `to`; ASTAR_NO_PATH, or ASTAR_INVALID_PATH for an edge from does not
 * have or that enters a disabled node (a crafted file). */
static astar_status edge_of(const astar_cpd *cpd, uint32_t from, uint32_t to, uint32_t *edge)
{
    const astar_graph *g = cpd->map.graph;
    uint32_t code = cpd_move(cpd, from, to);
    if (code == cpd->none)
        return ASTAR_NO_PATH;
    *edge = g->first[from] + code;
    return code < g->first[from + 1] - g->first[from] && g->enabled[g->out[*edge].to]
               ? ASTAR_OK
               : ASTAR_INVALID_PATH;
}

astar_status astar_graph_cpd_first_move(const astar_cpd *cpd, uint32_t from, uint32_t to,
                                        uint32_t *next)
{
    if (!cpd || !next)
        return ASTAR_INVALID_ARGUMENT;
    *next = from;
    astar_status s = check_query(cpd, from, to);
    if (s != ASTAR_OK || from == to)
        return s;
    uint32_t edge;
    s = edge_of(cpd, from, cpd->rank[to], &edge);
    if (s == ASTAR_OK)
        *next = cpd->map.graph->out[edge].to;
    return s;
}

static astar_status cpd_path(const astar_cpd *cpd, uint32_t from, uint32_t to, astar_route *path)
{
    if (!cpd || !astar__route_reset(path, ROUTE_NODES))
        return ASTAR_INVALID_ARGUMENT;
    astar_status s = check_query(cpd, from, to);
    if (s != ASTAR_OK)
        return s;
    const astar_graph *g = cpd->map.graph;
    uint32_t target = cpd->rank[to], at = from;
    uint64_t cost = 0;
    size_t length = 1;
    astar__route_node(path, 0, at);
    while (at != to) {
        uint32_t edge;
        s = cpd_walk_status(edge_of(cpd, at, target, &edge), length, cpd->walkable);
        if (s != ASTAR_OK) {
            path->expanded = (uint32_t)length;
            return s;
        }
        at = g->out[edge].to;
        cost += g->out[edge].cost;
        astar__route_node(path, length++, at);
    }
    if (cost > ASTAR_MAX_COST)
        return ASTAR_INVALID_PATH;
    path->length = length;
    path->cost = (uint32_t)cost;
    path->expanded = (uint32_t)(length - 1);
    return ASTAR_OK;
}

astar_status astar_graph_cpd_path(const astar_cpd *cpd, uint32_t from, uint32_t to,
                                  astar_route *route)
{
    return astar__route_answer(route, cpd_path(cpd, from, to, route));
}
