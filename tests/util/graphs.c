#include "util/graphs.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "util/reference.h"

static void ok(astar_status status)
{
    assert_int_equal(status, ASTAR_OK);
}

double test_graph_distance(const test_graph *t, uint32_t u, uint32_t v)
{
    double dx = fabs(t->x[u] - t->x[v]), dy = fabs(t->y[u] - t->y[v]);
    double lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    switch (t->metric) {
    case ASTAR_HEURISTIC_MANHATTAN: return dx + dy;
    case ASTAR_HEURISTIC_OCTILE: return hi + (sqrt(2.0) - 1) * lo;
    case ASTAR_HEURISTIC_CHEBYSHEV: return hi;
    default: return hypot(dx, dy);
    }
}

void test_graph_random(rng *r, test_graph *t, astar_graph **out)
{
    *t = (test_graph){ .nodes = 1 + (uint32_t)rng_below(r, TEST_GRAPH_MAX_NODES) };
    bool undirected = rng_below(r, 2);
    t->placed = rng_below(r, 3) > 0;
    t->scale = t->placed ? (double)(1 + rng_below(r, 4)) / 2 : 0;
    static const astar_heuristic metrics[] = { ASTAR_HEURISTIC_EUCLIDEAN, ASTAR_HEURISTIC_OCTILE,
                                               ASTAR_HEURISTIC_MANHATTAN,
                                               ASTAR_HEURISTIC_CHEBYSHEV };
    t->metric = metrics[rng_below(r, 4)];
    /* Tenths, which a float cannot hold, keep the positions as doubles;
     * halves, as a grid's cells, are stored as floats (graph.h). */
    double per_unit = rng_below(r, 2) ? 10.0 : 2.0;
    for (uint32_t v = 0; v < t->nodes; v++) {
        t->x[v] = rng_below(r, 1000) / per_unit;
        t->y[v] = rng_below(r, 1000) / per_unit;
    }
    size_t wanted = (size_t)rng_below(r, (int)(t->nodes * (1 + rng_below(r, 6))) + 1);
    astar_graph_builder *b;
    ok(astar_graph_builder_new(t->nodes, undirected ? ASTAR_GRAPH_UNDIRECTED : ASTAR_GRAPH_DIRECTED, &b));
    if (t->placed) {
        for (uint32_t v = 0; v < t->nodes; v++)
            ok(astar_graph_builder_position(b, v, t->x[v], t->y[v]));
        ok(astar_graph_builder_scale(b, t->scale));
        ok(astar_graph_builder_metric(b, t->metric));
    }
    for (size_t i = 0; i < wanted && t->count + 2 <= TEST_GRAPH_MAX_EDGES; i++) {
        uint32_t from = (uint32_t)rng_below(r, (int)t->nodes), to = (uint32_t)rng_below(r, (int)t->nodes);
        if (from == to)
            continue;
        double length = test_graph_distance(t, from, to);
        uint32_t cost = 1 + (uint32_t)rng_below(r, 60) + (uint32_t)ceil(t->scale * length);
        ok(astar_graph_builder_edge(b, from, to, cost));
        t->edges[t->count++] = (test_edge){ from, to, cost };
        if (undirected)
            t->edges[t->count++] = (test_edge){ to, from, cost };
    }
    ok(astar_graph_new(b, out, NULL));
    astar_graph_builder_delete(b);
}

/* Least costs from start over t's edges, or with backward to start:
 * an edge from -> to is taken from its from end, or from its to end. */
static void least_costs(const test_graph *t, uint32_t start, bool backward, uint64_t *dist)
{
    bool done[TEST_GRAPH_MAX_NODES] = { false };
    for (uint32_t v = 0; v < t->nodes; v++)
        dist[v] = REF_UNREACHABLE;
    if (start >= t->nodes || t->disabled[start])
        return;
    dist[start] = 0;
    for (;;) {
        uint32_t best = t->nodes;
        for (uint32_t v = 0; v < t->nodes; v++)
            if (!done[v] && dist[v] != REF_UNREACHABLE && (best == t->nodes || dist[v] < dist[best]))
                best = v;
        if (best == t->nodes)
            return;
        done[best] = true;
        for (size_t i = 0; i < t->count; i++) {
            const test_edge *e = &t->edges[i];
            uint32_t near = backward ? e->to : e->from, far = backward ? e->from : e->to;
            if (near == best && !t->disabled[far] && dist[best] + e->cost < dist[far])
                dist[far] = dist[best] + e->cost;
        }
    }
}

void test_graph_least_costs(const test_graph *t, uint32_t start, uint64_t *dist)
{
    least_costs(t, start, false, dist);
}

void test_graph_least_costs_to(const test_graph *t, uint32_t goal, uint64_t *dist)
{
    least_costs(t, goal, true, dist);
}

bool test_graph_path_valid(const test_graph *t, uint32_t start, uint32_t goal,
                           const uint32_t *nodes, size_t length, uint64_t *cost)
{
    if (length < 1 || nodes[0] != start || nodes[length - 1] != goal)
        return false;
    *cost = 0;
    for (size_t k = 0; k < length; k++) {
        if (nodes[k] >= t->nodes || t->disabled[nodes[k]])
            return false;
        if (k == 0)
            continue;
        uint32_t step = test_graph_cheapest(t, nodes[k - 1], nodes[k]);
        if (step == 0)
            return false;
        *cost += step;
    }
    return true;
}

uint32_t test_graph_cheapest(const test_graph *t, uint32_t u, uint32_t v)
{
    uint32_t best = 0;
    for (size_t i = 0; i < t->count; i++)
        if (t->edges[i].from == u && t->edges[i].to == v && (!best || t->edges[i].cost < best))
            best = t->edges[i].cost;
    return best;
}

void test_graph_set_cost(test_graph *t, uint32_t u, uint32_t v, uint32_t cost)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->edges[i].from == u && t->edges[i].to == v)
            t->edges[i].cost = cost;
}
