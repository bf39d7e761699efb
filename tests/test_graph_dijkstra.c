/*
 * test_graph_dijkstra.c - the nearest target and distance maps on any
 * graph (astar/graph_dijkstra.h) against the reference Dijkstra of
 * tests/util/graphs.c, run once per target towards it, on thousands of
 * random graphs - directed and not, with nodes disabled and edge costs
 * edited, several targets with repeats and ties - and every refusal.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "astar.h"
#include "util/graphs.h"
#include "util/random.h"
#include "util/reference.h"

/* The sanitizers' build looks for memory errors, which need the paths
 * through the code, not every graph. */
#ifdef ASTAR_TEST_SANITIZED
enum { TRIALS = 300 };
#else
enum { TRIALS = 3000 };
#endif

enum { MAX_TARGETS = 6 };

/* Least costs to each node as a target, worked out once per graph when
 * first asked for. */
typedef struct costs_to {
    const test_graph *t;
    bool known[TEST_GRAPH_MAX_NODES];
    uint64_t to[TEST_GRAPH_MAX_NODES][TEST_GRAPH_MAX_NODES]; /* [target][from] */
} costs_to;

static const uint64_t *costs_to_target(costs_to *c, uint32_t target)
{
    if (!c->known[target]) {
        test_graph_least_costs_to(c->t, target, c->to[target]);
        c->known[target] = true;
    }
    return c->to[target];
}

/* The reference answer from node v: the least cost to any enabled target,
 * and the lowest index among the targets at that cost (count when none is
 * reached). */
static uint64_t nearest_of(costs_to *c, uint32_t v, const uint32_t *targets, size_t count,
                           size_t *which)
{
    uint64_t best = REF_UNREACHABLE;
    *which = count;
    for (size_t i = 0; i < count; i++) {
        if (c->t->disabled[targets[i]])
            continue;
        uint64_t cost = costs_to_target(c, targets[i])[v];
        if (cost < best) {
            best = cost;
            *which = i;
        }
    }
    return best;
}

/* Options the search honours without a change of answer, drawn at
 * random: a weight multiplies an H of 0. */
static astar_search_options weighted_options(rng *r)
{
    astar_search_options o = astar_search_options_default();
    o.weight = rng_below(r, 3);
    return o;
}

/* A random graph with about one node in eight disabled. */
static astar_graph *random_graph(rng *r, test_graph *t)
{
    astar_graph *g;
    test_graph_random(r, t, &g);
    for (uint32_t v = 0; v < t->nodes; v++)
        if (rng_below(r, 8) == 0) {
            t->disabled[v] = true;
            assert_int_equal(astar_graph_set_enabled(g, v, false), ASTAR_OK);
        }
    return g;
}

/* 1 .. MAX_TARGETS random nodes, repeats (and so ties) included. */
static size_t random_targets(rng *r, const test_graph *t, uint32_t *targets)
{
    size_t count = 1 + (size_t)rng_below(r, MAX_TARGETS);
    for (size_t i = 0; i < count; i++)
        targets[i] = (uint32_t)rng_below(r, (int)t->nodes);
    return count;
}

/* Every nearest query of a random graph: the reference's least cost and
 * lowest tied index, a route of that cost over edges the graph has from
 * start to that target, NO_PATH exactly when the reference reaches no
 * target; the context read back gives each closed node's cost to its
 * nearest target. */
static void test_nearest_matches_reference(void **state)
{
    (void)state;
    rng r = { 21 };
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &ctx), ASTAR_OK);
    static test_graph t;
    static costs_to c;
    uint32_t nodes[TEST_GRAPH_MAX_NODES], targets[MAX_TARGETS];
    size_t queries = 0, found = 0, read_back = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        astar_graph *g = random_graph(&r, &t);
        if (trial % 2)
            assert_int_equal(astar_graph_enable_islands(g), ASTAR_OK);
        memset(c.known, 0, sizeof c.known);
        c.t = &t;
        for (int q = 0; q < 6; q++) {
            uint32_t start = (uint32_t)rng_below(&r, (int)t.nodes);
            size_t count = random_targets(&r, &t, targets), which = SIZE_MAX, expected;
            astar_search_options o = weighted_options(&r);
            astar_route path = { .nodes = nodes, .capacity = TEST_GRAPH_MAX_NODES };
            astar_status s = astar_graph_find_nearest(ctx, g, start, targets, count, &o, &path,
                                                      &which);
            queries++;
            if (t.disabled[start]) {
                assert_int_equal(s, ASTAR_START_BLOCKED);
                continue;
            }
            uint64_t best = nearest_of(&c, start, targets, count, &expected);
            if (best == REF_UNREACHABLE) {
                assert_int_equal(s, ASTAR_NO_PATH);
                assert_int_equal(which, SIZE_MAX);
                continue;
            }
            if (s != ASTAR_OK)
                fail_msg("trial %d: from %u: %s", trial, start, astar_status_message(s));
            assert_int_equal(which, expected);
            assert_int_equal(path.cost, best);
            uint64_t cost;
            assert_true(test_graph_path_valid(&t, start, targets[which], nodes, path.length,
                                              &cost));
            assert_int_equal(cost, best);
            found++;
            for (uint32_t v = 0; v < t.nodes; v++) {
                astar_node n;
                assert_int_equal(astar_graph_context_node(ctx, g, v, &n), ASTAR_OK);
                if (n.list != ASTAR_LIST_CLOSED)
                    continue;
                size_t ignored;
                assert_int_equal(n.g, nearest_of(&c, v, targets, count, &ignored));
                assert_int_equal(n.h, 0);
                read_back++;
            }
        }
        astar_graph_delete(g);
    }
    print_message("nearest = reference on %zu queries (%zu found), %zu closed nodes read back\n",
                  queries, found, read_back);
    astar_context_delete(ctx);
}

/* Checks map against the reference at every node: cost, source, and the
 * chain of next nodes - a route over enabled nodes and edges the graph has
 * to that source, costing the map's cost. Returns the nodes reached. */
static size_t check_map(const astar_graph_distance_map *map, costs_to *c,
                        const uint32_t *targets, size_t count)
{
    const test_graph *t = c->t;
    size_t reached = 0;
    for (uint32_t v = 0; v < t->nodes; v++) {
        size_t which;
        uint64_t best = nearest_of(c, v, targets, count, &which);
        uint32_t next;
        astar_status s = astar_graph_distance_map_next(map, v, &next);
        if (best == REF_UNREACHABLE) {
            assert_int_equal(astar_graph_distance_map_cost(map, v), ASTAR_UNREACHABLE);
            assert_int_equal(astar_graph_distance_map_source(map, v), ASTAR_NO_SOURCE);
            assert_int_equal(s, ASTAR_NO_PATH);
            assert_int_equal(next, v);
            continue;
        }
        assert_int_equal(s, ASTAR_OK);
        assert_int_equal(astar_graph_distance_map_cost(map, v), best);
        assert_int_equal(astar_graph_distance_map_source(map, v), which);
        uint32_t chain[TEST_GRAPH_MAX_NODES];
        size_t length = 0;
        for (uint32_t at = v;; at = next) {
            assert_true(length < t->nodes); /* no cycle */
            chain[length++] = at;
            assert_int_equal(astar_graph_distance_map_next(map, at, &next), ASTAR_OK);
            if (next == at)
                break;
        }
        uint64_t cost;
        assert_true(test_graph_path_valid(t, v, targets[which], chain, length, &cost));
        assert_int_equal(cost, best);
        reached++;
    }
    return reached;
}

/* Distance maps of random graphs equal the reference at every node; after
 * edits of edge costs and of enabled nodes, the map built again equals
 * the reference of the edited graph. */
static void test_distance_map_matches_reference(void **state)
{
    (void)state;
    rng r = { 22 };
    astar_context *ctx;
    astar_graph_distance_map *map;
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &ctx), ASTAR_OK);
    assert_int_equal(astar_graph_distance_map_new(TEST_GRAPH_MAX_NODES, &map), ASTAR_OK);
    assert_int_equal(astar_graph_distance_map_bytes(map), 12 * TEST_GRAPH_MAX_NODES);
    static test_graph t;
    static costs_to c;
    uint32_t targets[MAX_TARGETS];
    size_t maps = 0, nodes = 0, reached = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        astar_graph *g = random_graph(&r, &t);
        size_t count = random_targets(&r, &t, targets);
        for (int round = 0; round < 2; round++) {
            memset(c.known, 0, sizeof c.known);
            c.t = &t;
            astar_search_options o = weighted_options(&r);
            assert_int_equal(astar_graph_distance_map_build(map, ctx, g, targets, count, &o),
                             ASTAR_OK);
            reached += check_map(map, &c, targets, count);
            nodes += t.nodes;
            maps++;
            /* Edits, then the same targets again. */
            for (int k = 0; k < 3 && t.count > 0; k++) {
                test_edge e = t.edges[rng_below(&r, (int)t.count)];
                uint32_t cost = 1 + (uint32_t)rng_below(&r, 200);
                if (astar_graph_set_edge_cost(g, e.from, e.to, cost) != ASTAR_OK)
                    continue; /* the scale rule refuses it */
                for (size_t i = 0; i < t.count; i++)
                    if (t.edges[i].from == e.from && t.edges[i].to == e.to)
                        t.edges[i].cost = cost;
            }
            uint32_t v = (uint32_t)rng_below(&r, (int)t.nodes);
            t.disabled[v] = !t.disabled[v];
            assert_int_equal(astar_graph_set_enabled(g, v, !t.disabled[v]), ASTAR_OK);
        }
        astar_graph_delete(g);
    }
    print_message("distance map = reference on %zu maps, %zu nodes (%zu reach a source, "
                  "each next chain walked)\n", maps, nodes, reached);
    astar_graph_distance_map_delete(map);
    astar_context_delete(ctx);
}

/*  a --3--> b --4--> c,  a --10--> c,  d --1--> a,  e alone */
static astar_graph *small_graph(void)
{
    astar_graph_builder *b;
    assert_int_equal(astar_graph_builder_new(5, ASTAR_GRAPH_DIRECTED, &b), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 0, 1, 3), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 1, 2, 4), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 0, 2, 10), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 3, 0, 1), ASTAR_OK);
    astar_graph *g;
    assert_int_equal(astar_graph_new(b, &g, NULL), ASTAR_OK);
    astar_graph_builder_delete(b);
    return g;
}

/* A small graph by hand: directions respected, ties, the limit, buffers,
 * islands, costs past the limit, and every refusal. */
static void test_small_graph_and_refusals(void **state)
{
    (void)state;
    astar_graph *g = small_graph();
    astar_context *ctx, *grid_ctx;
    assert_int_equal(astar_graph_context_new(8, &ctx), ASTAR_OK);
    assert_int_equal(astar_context_new(8, &grid_ctx), ASTAR_OK);
    uint32_t nodes[5];
    astar_route path = { .nodes = nodes, .capacity = 5 };
    size_t which = 99;

    /* From d, b (cost 4 by a) is nearer than c (cost 8). */
    uint32_t bc[] = { 2, 1 };
    assert_int_equal(astar_graph_find_nearest(ctx, g, 3, bc, 2, NULL, &path, &which), ASTAR_OK);
    assert_int_equal(which, 1);
    assert_int_equal(path.cost, 4);
    assert_int_equal(path.length, 3);
    assert_true(nodes[0] == 3 && nodes[1] == 0 && nodes[2] == 1);
    /* Edges are one way: c leads nowhere, and d leads to a, not a to d. */
    assert_int_equal(astar_graph_find_nearest(ctx, g, 2, bc + 1, 1, NULL, &path, &which),
                     ASTAR_NO_PATH);
    uint32_t d = 3;
    assert_int_equal(astar_graph_find_nearest(ctx, g, 0, &d, 1, NULL, &path, NULL),
                     ASTAR_NO_PATH);
    /* Ties: with a -> c at 7, a reaches c for 7 both ways; equally near
     * targets go to the lower index. */
    assert_int_equal(astar_graph_set_edge_cost(g, 0, 2, 7), ASTAR_OK);
    uint32_t cc[] = { 2, 2 };
    assert_int_equal(astar_graph_find_nearest(ctx, g, 0, cc, 2, NULL, &path, &which), ASTAR_OK);
    assert_int_equal(which, 0);
    assert_int_equal(path.cost, 7);
    uint32_t cb[] = { 2, 1 };
    assert_int_equal(astar_graph_set_edge_cost(g, 0, 1, 7), ASTAR_OK);
    assert_int_equal(astar_graph_find_nearest(ctx, g, 0, cb, 2, NULL, &path, &which), ASTAR_OK);
    assert_int_equal(which, 0); /* c and b both 7 away: c's index is lower */
    assert_int_equal(astar_graph_set_edge_cost(g, 0, 1, 3), ASTAR_OK);
    /* The start among the targets. */
    assert_int_equal(astar_graph_find_nearest(ctx, g, 1, cb, 2, NULL, &path, &which), ASTAR_OK);
    assert_true(which == 1 && path.cost == 0 && path.length == 1 && nodes[0] == 1);
    /* The expansion limit, a buffer too small, no buffer. */
    astar_search_options o = astar_search_options_default();
    o.max_expanded = 1;
    assert_int_equal(astar_graph_find_nearest(ctx, g, 3, bc, 2, &o, &path, &which),
                     ASTAR_EXPANSION_LIMIT);
    astar_route small = { .nodes = nodes, .capacity = 2 };
    which = 99;
    assert_int_equal(astar_graph_find_nearest(ctx, g, 3, bc, 2, NULL, &small, &which),
                     ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_true(which == 1 && small.length == 3 && small.cost == 4);
    astar_route none = { 0 };
    assert_int_equal(astar_graph_find_nearest(ctx, g, 3, bc, 2, NULL, &none, NULL), ASTAR_OK);
    assert_int_equal(none.cost, 4);
    /* Islands: e is alone, so nothing is searched from the targets. */
    assert_int_equal(astar_graph_enable_islands(g), ASTAR_OK);
    assert_int_equal(astar_graph_find_nearest(ctx, g, 4, bc, 2, NULL, &path, &which),
                     ASTAR_NO_PATH);
    assert_int_equal(path.expanded, 0);
    /* No targets, a disabled target. */
    assert_int_equal(astar_graph_find_nearest(ctx, g, 3, NULL, 0, NULL, &path, &which),
                     ASTAR_NO_PATH);
    assert_int_equal(astar_graph_set_enabled(g, 1, false), ASTAR_OK);
    assert_int_equal(astar_graph_find_nearest(ctx, g, 3, bc, 2, NULL, &path, &which), ASTAR_OK);
    assert_true(which == 0 && path.cost == 8); /* d -> a -> c, b walled */
    assert_int_equal(astar_graph_set_enabled(g, 1, true), ASTAR_OK);

    /* Refusals, in the documented order. */
    uint32_t out_of_range = 5;
    assert_int_equal(astar_graph_find_nearest(NULL, g, 0, bc, 2, NULL, &path, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_find_nearest(ctx, NULL, 0, bc, 2, NULL, &path, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_find_nearest(ctx, g, 0, bc, 2, NULL, NULL, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_find_nearest(grid_ctx, g, 0, bc, 2, NULL, &path, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_find_nearest(ctx, g, 0, NULL, 2, NULL, &path, NULL),
                     ASTAR_INVALID_ARGUMENT);
    o = astar_search_options_default();
    o.partial = true;
    assert_int_equal(astar_graph_find_nearest(ctx, g, 0, bc, 2, &o, &path, NULL),
                     ASTAR_UNSUPPORTED);
    /* What the backward search cannot honour is refused, not overridden. */
    astar_search_options refused[3];
    for (int k = 0; k < 3; k++)
        refused[k] = astar_search_options_default();
    refused[0].open_list = ASTAR_OPEN_LIST_BUCKETS;
    refused[1].ties = ASTAR_TIES_FIRST;
    refused[2].stop = ASTAR_STOP_OPEN;
    for (int k = 0; k < 3; k++)
        assert_int_equal(astar_graph_find_nearest(ctx, g, 0, bc, 2, &refused[k], &path, NULL),
                         ASTAR_UNSUPPORTED);
    assert_int_equal(astar_graph_find_nearest(ctx, g, 5, bc, 2, NULL, &path, NULL),
                     ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_find_nearest(ctx, g, 0, &out_of_range, 1, NULL, &path, NULL),
                     ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_set_enabled(g, 0, false), ASTAR_OK);
    assert_int_equal(astar_graph_find_nearest(ctx, g, 0, bc, 2, NULL, &path, NULL),
                     ASTAR_START_BLOCKED);
    assert_int_equal(astar_graph_set_enabled(g, 0, true), ASTAR_OK);
    astar_context *tiny;
    assert_int_equal(astar_graph_context_new(4, &tiny), ASTAR_OK);
    assert_int_equal(astar_graph_find_nearest(tiny, g, 0, bc, 2, NULL, &path, NULL),
                     ASTAR_MAP_TOO_LARGE);

    /* A map: costs, next nodes, sources; d -> a -> b, and c's own. */
    astar_graph_distance_map *map, *tiny_map;
    assert_int_equal(astar_graph_distance_map_new(5, &map), ASTAR_OK);
    assert_int_equal(astar_graph_distance_map_cost(map, 0), ASTAR_UNREACHABLE);
    assert_int_equal(astar_graph_distance_map_build(map, ctx, g, bc, 2, NULL), ASTAR_OK);
    static const uint32_t costs[] = { 3, 0, 0, 4, ASTAR_UNREACHABLE };
    static const uint32_t next[] = { 1, 1, 2, 0, 4 };
    static const size_t sources[] = { 1, 1, 0, 1, ASTAR_NO_SOURCE };
    for (uint32_t v = 0; v < 5; v++) {
        uint32_t to;
        assert_int_equal(astar_graph_distance_map_cost(map, v), costs[v]);
        assert_int_equal(astar_graph_distance_map_next(map, v, &to),
                         v == 4 ? ASTAR_NO_PATH : ASTAR_OK);
        assert_int_equal(to, next[v]);
        assert_int_equal(astar_graph_distance_map_source(map, v), sources[v]);
    }
    uint32_t to;
    assert_int_equal(astar_graph_distance_map_next(map, 5, &to), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_distance_map_next(map, 0, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_distance_map_next(NULL, 0, &to), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_distance_map_cost(map, 5), ASTAR_UNREACHABLE);
    assert_int_equal(astar_graph_distance_map_cost(NULL, 0), ASTAR_UNREACHABLE);
    assert_int_equal(astar_graph_distance_map_source(map, 5), ASTAR_NO_SOURCE);
    assert_int_equal(astar_graph_distance_map_source(NULL, 0), ASTAR_NO_SOURCE);
    /* The context reads the map's search back: a's parent is b. */
    astar_node n;
    assert_int_equal(astar_graph_context_node(ctx, g, 0, &n), ASTAR_OK);
    assert_true(n.list == ASTAR_LIST_CLOSED && n.g == 3 && n.f == 3 && n.parent.x == 1);
    /* Refusals; after one, the map reads as unreachable. */
    o = astar_search_options_default();
    o.max_expanded = 3;
    assert_int_equal(astar_graph_distance_map_build(map, ctx, g, bc, 2, &o), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_graph_distance_map_cost(map, 1), ASTAR_UNREACHABLE);
    o = astar_search_options_default();
    o.partial = true;
    assert_int_equal(astar_graph_distance_map_build(map, ctx, g, bc, 2, &o), ASTAR_UNSUPPORTED);
    o = astar_search_options_default();
    o.open_list = ASTAR_OPEN_LIST_SORTED;
    assert_int_equal(astar_graph_distance_map_build(map, ctx, g, bc, 2, &o), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_graph_distance_map_build(NULL, ctx, g, bc, 2, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_distance_map_build(map, grid_ctx, g, bc, 2, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_distance_map_build(map, ctx, NULL, bc, 2, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_distance_map_build(map, ctx, g, NULL, 1, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_distance_map_build(map, tiny, g, bc, 2, NULL),
                     ASTAR_MAP_TOO_LARGE);
    assert_int_equal(astar_graph_distance_map_new(4, &tiny_map), ASTAR_OK);
    assert_int_equal(astar_graph_distance_map_build(tiny_map, ctx, g, bc, 2, NULL),
                     ASTAR_MAP_TOO_LARGE);
    astar_graph_distance_map_delete(tiny_map);
    assert_int_equal(astar_graph_distance_map_build(map, ctx, g, &out_of_range, 1, NULL),
                     ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_distance_map_build(map, ctx, g, NULL, 0, NULL), ASTAR_OK);
    assert_int_equal(astar_graph_distance_map_cost(map, 1), ASTAR_UNREACHABLE);
    assert_int_equal(astar_graph_distance_map_new(0, &tiny_map), ASTAR_INVALID_ARGUMENT);
    assert_null(tiny_map);
    assert_int_equal(astar_graph_distance_map_new(5, NULL), ASTAR_INVALID_ARGUMENT);
    astar_allocator half = { .allocate = NULL };
    assert_int_equal(astar_graph_distance_map_new_with(5, &half, &tiny_map),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_distance_map_bytes(NULL), 0);
    astar_graph_distance_map_delete(NULL);

    /* Costs past the limits: from d, c lies beyond ASTAR_MAX_COST; a map's
     * limit is one less, which b just keeps and a passes. */
    assert_int_equal(astar_graph_set_edge_cost(g, 1, 2, ASTAR_MAX_COST - 1), ASTAR_OK);
    assert_int_equal(astar_graph_set_edge_cost(g, 0, 2, ASTAR_MAX_COST), ASTAR_OK);
    uint32_t c = 2;
    assert_int_equal(astar_graph_find_nearest(ctx, g, 3, &c, 1, NULL, &path, NULL),
                     ASTAR_COST_OVERFLOW);
    assert_int_equal(astar_graph_distance_map_build(map, ctx, g, &c, 1, NULL),
                     ASTAR_COST_OVERFLOW);
    assert_int_equal(astar_graph_distance_map_cost(map, 1), ASTAR_MAX_COST - 1);
    assert_int_equal(astar_graph_distance_map_cost(map, 0), ASTAR_UNREACHABLE);
    assert_int_equal(astar_graph_distance_map_cost(map, 3), ASTAR_UNREACHABLE);

    astar_graph_distance_map_delete(map);
    astar_context_delete(tiny);
    astar_context_delete(grid_ctx);
    astar_context_delete(ctx);
    astar_graph_delete(g);
}

/* A trace of a nearest search: every event's node a node of the graph,
 * and the route's events from the start to the target. */
static void test_trace(void **state)
{
    (void)state;
    astar_graph *g = small_graph();
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(5, &ctx), ASTAR_OK);
    astar_trace_event events[64];
    astar_trace trace = { .events = events, .capacity = 64 };
    astar_search_options o = astar_search_options_default();
    o.trace = &trace;
    uint32_t targets[] = { 2 }, nodes[5];
    astar_route path = { .nodes = nodes, .capacity = 5 };
    assert_int_equal(astar_graph_find_nearest(ctx, g, 3, targets, 1, &o, &path, NULL), ASTAR_OK);
    assert_true(trace.count > path.length && trace.count == trace.total);
    size_t route = trace.count - path.length;
    for (size_t i = 0; i < trace.count; i++)
        assert_true(events[i].at.x >= 0 && events[i].at.x < 5 && events[i].at.y == 0);
    for (size_t i = 0; i < path.length; i++) {
        assert_int_equal(events[route + i].kind, ASTAR_TRACE_PATH);
        assert_int_equal(events[route + i].at.x, nodes[i]);
    }
    assert_int_equal(events[trace.count - 1].g, 0);
    assert_int_equal(events[route].g, path.cost);
    astar_context_delete(ctx);
    astar_graph_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nearest_matches_reference),
        cmocka_unit_test(test_distance_map_matches_reference),
        cmocka_unit_test(test_small_graph_and_refusals),
        cmocka_unit_test(test_trace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
