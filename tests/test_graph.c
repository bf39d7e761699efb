/*
 * test_graph.c - A* on any graph (astar/graph.h) against a reference
 * Dijkstra over the edge list the graph was built from, on thousands of
 * random graphs - directed and not, placed or not, with nodes disabled,
 * every open list, tie rule and a weight; sliced searches equal to one
 * call; edits and islands; read-back; and every refusal.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "astar.h"
#include "util/graphs.h"
#include "util/random.h"
#include "util/reference.h"

enum { TRIALS = 3000 };

static astar_search_options random_options(rng *r)
{
    astar_search_options o = astar_search_options_default();
    o.open_list = (astar_open_list)rng_below(r, 4);
    o.ties = (astar_ties)rng_below(r, 4);
    bool estimated = rng_below(r, 4) != 0;
    if (rng_below(r, 4) == 0)
        o.weight = 0.5 + 0.1 * rng_below(r, 6); /* up to 1: still least costs */
    if (!estimated)
        o.weight = 0.0;
    return o;
}

/* Every query of a random graph: the reference's least cost, a path of
 * that cost over edges the graph has, NO_PATH exactly when the reference
 * reaches nothing; with islands enabled the same answers. */
static void test_matches_reference(void **state)
{
    (void)state;
    rng r = { 11 };
    /* Two contexts: one of the graphs' largest size, whose buckets (58
     * entries) may run out on a dense graph and hand the search over to
     * the heap, and one where they never do. */
    astar_context *small, *large;
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &small), ASTAR_OK);
    assert_int_equal(astar_graph_context_new(16 * TEST_GRAPH_MAX_NODES, &large), ASTAR_OK);
    static test_graph t;
    uint64_t dist[TEST_GRAPH_MAX_NODES];
    uint32_t nodes[TEST_GRAPH_MAX_NODES];
    size_t queries = 0, found = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        for (uint32_t v = 0; v < t.nodes; v++)
            if (rng_below(&r, 8) == 0) {
                t.disabled[v] = true;
                assert_int_equal(astar_graph_set_enabled(g, v, false), ASTAR_OK);
            }
        if (trial % 2)
            assert_int_equal(astar_graph_enable_islands(g), ASTAR_OK);
        for (int q = 0; q < 6; q++) {
            uint32_t start = (uint32_t)rng_below(&r, (int)t.nodes);
            uint32_t goal = (uint32_t)rng_below(&r, (int)t.nodes);
            astar_search_options o = random_options(&r);
            astar_context *ctx = q % 2 ? large : small;
            astar_route path = { .nodes = nodes, .capacity = TEST_GRAPH_MAX_NODES };
            astar_status s = astar_graph_find_path(ctx, g, start, goal, &o, &path);
            queries++;
            if (t.disabled[start]) {
                assert_int_equal(s, ASTAR_START_BLOCKED);
                continue;
            }
            if (t.disabled[goal]) {
                assert_int_equal(s, ASTAR_GOAL_BLOCKED);
                continue;
            }
            test_graph_least_costs(&t, start, dist);
            if (dist[goal] == REF_UNREACHABLE) {
                assert_int_equal(s, ASTAR_NO_PATH);
                continue;
            }
            if (s != ASTAR_OK)
                fail_msg("trial %d: %u -> %u: %s", trial, start, goal, astar_status_message(s));
            uint64_t cost;
            assert_true(test_graph_path_valid(&t, start, goal, nodes, path.length, &cost));
            if (cost != dist[goal] || path.cost != dist[goal])
                fail_msg("trial %d: %u -> %u: cost %u (path %llu), reference %llu", trial, start,
                         goal, path.cost, (unsigned long long)cost,
                         (unsigned long long)dist[goal]);
            found++;
        }
        astar_graph_delete(g);
    }
    print_message("graph A* = reference Dijkstra: %zu queries on %d random graphs, %zu paths\n",
                  queries, TRIALS, found);
    astar_context_delete(small);
    astar_context_delete(large);
}

/* H is what the header says - the distance under the graph's metric times
 * the scale, rounded down - and never more than the least cost left (the
 * scale rule makes it so): read back from the context after a search on
 * the heap or on the buckets. */
static void test_heuristic_admissible(void **state)
{
    (void)state;
    rng r = { 12 };
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &ctx), ASTAR_OK);
    static test_graph t;
    uint64_t to_goal[TEST_GRAPH_MAX_NODES], dist[TEST_GRAPH_MAX_NODES];
    size_t checked = 0;
    for (int trial = 0; trial < 500; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        if (!t.placed) {
            astar_graph_delete(g);
            continue;
        }
        uint32_t goal = (uint32_t)rng_below(&r, (int)t.nodes);
        for (uint32_t v = 0; v < t.nodes; v++) {
            test_graph_least_costs(&t, v, dist);
            to_goal[v] = dist[goal];
        }
        for (uint32_t start = 0; start < t.nodes; start++) {
            astar_route path = { 0 };
            astar_search_options o = astar_search_options_default();
            o.open_list = start % 2 ? ASTAR_OPEN_LIST_BUCKETS : ASTAR_OPEN_LIST_HEAP;
            astar_graph_find_path(ctx, g, start, goal, &o, &path);
            for (uint32_t v = 0; v < t.nodes; v++) {
                astar_node n;
                assert_int_equal(astar_graph_context_node(ctx, g, v, &n), ASTAR_OK);
                if (n.list == ASTAR_LIST_NONE)
                    continue;
                double length = test_graph_distance(&t, v, goal);
                assert_int_equal(n.h, (uint32_t)(t.scale * length));
                assert_true(astar_graph_metric(g) == t.metric);
                assert_true(n.h <= to_goal[v]);
                assert_int_equal(n.f, n.g + n.h);
                checked++;
            }
        }
        astar_graph_delete(g);
    }
    print_message("H read back and admissible at %zu nodes\n", checked);
    astar_context_delete(ctx);
}

/* A search run a slice at a time ends as the one call does: status,
 * cost, length, nodes, expanded; and an edit between slices ends it with
 * ASTAR_MAP_CHANGED. */
static void test_sliced_equals_one_call(void **state)
{
    (void)state;
    rng r = { 13 };
    astar_context *one, *sliced;
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &one), ASTAR_OK);
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &sliced), ASTAR_OK);
    static test_graph t;
    uint32_t a[TEST_GRAPH_MAX_NODES], b[TEST_GRAPH_MAX_NODES];
    size_t compared = 0;
    for (int trial = 0; trial < 1000; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        uint32_t start = (uint32_t)rng_below(&r, (int)t.nodes), goal = (uint32_t)rng_below(&r, (int)t.nodes);
        astar_search_options o = random_options(&r);
        if (rng_below(&r, 3) == 0) {
            o.max_expanded = 1 + (uint32_t)rng_below(&r, 10);
            o.partial = rng_below(&r, 2);
        }
        astar_route pa = { .nodes = a, .capacity = TEST_GRAPH_MAX_NODES };
        astar_route pb = { .nodes = b, .capacity = TEST_GRAPH_MAX_NODES };
        astar_status sa = astar_graph_find_path(one, g, start, goal, &o, &pa);
        astar_status sb = astar_graph_search_begin(sliced, g, start, goal, &o);
        assert_int_equal(sb, ASTAR_IN_PROGRESS);
        uint32_t budget = 1 + (uint32_t)rng_below(&r, 5);
        while ((sb = astar_search_step(sliced, budget)) == ASTAR_IN_PROGRESS)
            ;
        sb = astar_graph_search_finish(sliced, &pb);
        assert_int_equal(sa, sb);
        assert_int_equal(pa.cost, pb.cost);
        assert_int_equal(pa.length, pb.length);
        assert_int_equal(pa.expanded, pb.expanded);
        if (sa == ASTAR_OK || sa == ASTAR_PARTIAL_LIMIT || sa == ASTAR_PARTIAL_NO_PATH)
            assert_memory_equal(a, b, pa.length * sizeof *a);
        compared++;

        /* An edit while a search is under way. */
        if (t.count > 0 && start != goal) {
            assert_int_equal(astar_graph_search_begin(sliced, g, start, goal, NULL),
                             ASTAR_IN_PROGRESS);
            const test_edge *e = &t.edges[rng_below(&r, (int)t.count)];
            assert_int_equal(astar_graph_set_edge_cost(g, e->from, e->to, e->cost + 1), ASTAR_OK);
            assert_int_equal(astar_search_step(sliced, UINT32_MAX), ASTAR_MAP_CHANGED);
            assert_int_equal(astar_graph_search_finish(sliced, &pb), ASTAR_MAP_CHANGED);
        }
        astar_graph_delete(g);
    }
    print_message("sliced = one call on %zu graph searches\n", compared);
    astar_context_delete(one);
    astar_context_delete(sliced);
}

/* Edge costs and nodes changed after the build: the searches follow, the
 * islands follow, and the reference agrees. */
static void test_edits(void **state)
{
    (void)state;
    rng r = { 14 };
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &ctx), ASTAR_OK);
    static test_graph t;
    uint64_t dist[TEST_GRAPH_MAX_NODES];
    for (int trial = 0; trial < 300; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        assert_int_equal(astar_graph_enable_islands(g), ASTAR_OK);
        for (int edit = 0; edit < 10; edit++) {
            if (t.count > 0 && rng_below(&r, 2)) {
                test_edge *e = &t.edges[rng_below(&r, (int)t.count)];
                uint32_t cost = e->cost + (uint32_t)rng_below(&r, 40);
                test_graph_set_cost(&t, e->from, e->to, cost);
                assert_int_equal(astar_graph_set_edge_cost(g, e->from, e->to, cost), ASTAR_OK);
                uint32_t read;
                assert_int_equal(astar_graph_edge_cost(g, e->from, e->to, &read), ASTAR_OK);
                assert_int_equal(read, cost);
            } else {
                uint32_t v = (uint32_t)rng_below(&r, (int)t.nodes);
                t.disabled[v] = !t.disabled[v];
                assert_int_equal(astar_graph_set_enabled(g, v, !t.disabled[v]), ASTAR_OK);
                assert_int_equal(astar_graph_enabled(g, v), !t.disabled[v]);
            }
            uint32_t start = (uint32_t)rng_below(&r, (int)t.nodes), goal = (uint32_t)rng_below(&r, (int)t.nodes);
            if (t.disabled[start] || t.disabled[goal])
                continue;
            test_graph_least_costs(&t, start, dist);
            astar_route path = { 0 };
            astar_status s = astar_graph_find_path(ctx, g, start, goal, NULL, &path);
            if (dist[goal] == REF_UNREACHABLE) {
                assert_int_equal(s, ASTAR_NO_PATH);
            } else {
                assert_int_equal(s, ASTAR_OK);
                assert_int_equal(path.cost, dist[goal]);
            }
            /* Different islands: no chain of edges joins them either way. */
            if (astar_graph_island(g, start) != astar_graph_island(g, goal)) {
                assert_int_equal(s, ASTAR_NO_PATH);
                assert_int_equal(path.expanded, 0);
            }
        }
        astar_graph_delete(g);
    }
    astar_context_delete(ctx);
}

/* The island labels: nodes joined by an edge (either way, both enabled)
 * share one; disabled nodes have none. */
static void test_islands_labels(void **state)
{
    (void)state;
    rng r = { 15 };
    static test_graph t;
    for (int trial = 0; trial < 300; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        for (uint32_t v = 0; v < t.nodes; v++)
            if (rng_below(&r, 5) == 0) {
                t.disabled[v] = true;
                astar_graph_set_enabled(g, v, false);
            }
        assert_int_equal(astar_graph_island(g, 0), 0); /* not enabled yet */
        assert_int_equal(astar_graph_enable_islands(g), ASTAR_OK);
        for (uint32_t v = 0; v < t.nodes; v++)
            assert_true((astar_graph_island(g, v) == 0) == t.disabled[v]);
        for (size_t i = 0; i < t.count; i++) {
            const test_edge *e = &t.edges[i];
            if (!t.disabled[e->from] && !t.disabled[e->to])
                assert_int_equal(astar_graph_island(g, e->from), astar_graph_island(g, e->to));
        }
        astar_graph_delete(g);
    }
}

/* A small graph by hand: names, positions, rows, the trace, the path
 * buffer too small, and every refusal. */
static void test_small_graph_and_refusals(void **state)
{
    (void)state;
    /*  a --3--> b --4--> c,  a --10--> c,  d alone */
    astar_graph_builder *b;
    assert_int_equal(astar_graph_builder_new(4, ASTAR_GRAPH_DIRECTED, &b), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 0, 1, 3), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 1, 2, 4), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 0, 2, 12), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 0, 2, 10), ASTAR_OK); /* the lower one stays */
    assert_int_equal(astar_graph_builder_edge(b, 0, 0, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_builder_edge(b, 0, 4, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_builder_edge(b, 0, 1, 0), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_builder_name(b, 0, "a"), ASTAR_OK);
    assert_int_equal(astar_graph_builder_name(b, 1, "b"), ASTAR_OK);
    assert_int_equal(astar_graph_builder_name(b, 2, "c"), ASTAR_OK);
    assert_int_equal(astar_graph_builder_name(b, 3, "has space"), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_builder_name(b, 3, ""), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_builder_scale(b, -2), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_builder_scale(b, INFINITY), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_builder_position(b, 0, NAN, 0), ASTAR_INVALID_ARGUMENT);

    /* Positions for some nodes only, a scale an edge breaks, a name twice. */
    astar_graph *g = NULL;
    astar_error err;
    assert_int_equal(astar_graph_builder_position(b, 0, 0, 0), ASTAR_OK);
    assert_int_equal(astar_graph_new(b, &g, &err), ASTAR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "1 of 4 nodes have positions"));
    assert_null(g);
    assert_int_equal(astar_graph_builder_position(b, 1, 3, 0), ASTAR_OK);
    assert_int_equal(astar_graph_builder_position(b, 2, 3, 4), ASTAR_OK);
    assert_int_equal(astar_graph_builder_position(b, 3, 9, 9), ASTAR_OK);
    assert_int_equal(astar_graph_builder_scale(b, 2.5), ASTAR_OK);
    assert_int_equal(astar_graph_new(b, &g, &err), ASTAR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "edge 0 -> 1 costs 3, less than scale 2.5 times its length 3"));
    assert_int_equal(astar_graph_builder_scale(b, 1), ASTAR_OK);
    assert_int_equal(astar_graph_builder_name(b, 3, "b"), ASTAR_OK);
    assert_int_equal(astar_graph_new(b, &g, &err), ASTAR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "nodes 1 and 3 are both named b"));
    assert_int_equal(astar_graph_builder_name(b, 3, "d"), ASTAR_OK);
    assert_int_equal(astar_graph_new(b, &g, &err), ASTAR_OK);
    astar_graph_builder_delete(b);

    assert_int_equal(astar_graph_nodes(g), 4);
    assert_int_equal(astar_graph_edges(g), 3);
    uint32_t count, to, cost, node;
    assert_int_equal(astar_graph_out_count(g, 0, &count), ASTAR_OK);
    assert_int_equal(count, 2);
    assert_int_equal(astar_graph_out_edge(g, 0, 1, &to, &cost), ASTAR_OK);
    assert_true(to == 2 && cost == 10);
    assert_int_equal(astar_graph_out_edge(g, 0, 2, &to, &cost), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_edge_cost(g, 2, 0, &cost), ASTAR_NO_PATH);
    assert_string_equal(astar_graph_name(g, 3), "d");
    assert_int_equal(astar_graph_find(g, "c", &node), ASTAR_OK);
    assert_int_equal(node, 2);
    assert_int_equal(astar_graph_find(g, "e", &node), ASTAR_INVALID_ARGUMENT);
    double x, y;
    assert_true(astar_graph_position(g, 2, &x, &y) && x == 3 && y == 4);
    /* A cost below scale * length is refused after the build too. */
    assert_int_equal(astar_graph_set_edge_cost(g, 0, 2, 4), ASTAR_INVALID_ARGUMENT);

    astar_context *ctx, *grid_ctx;
    assert_int_equal(astar_graph_context_new(4, &ctx), ASTAR_OK);
    assert_int_equal(astar_context_new(4, &grid_ctx), ASTAR_OK);
    assert_int_equal(astar_context_bytes(ctx), 4 * 20);
    uint32_t nodes[3];
    astar_trace_event events[64];
    astar_trace trace = { .events = events, .capacity = 64 };
    astar_search_options o = astar_search_options_default();
    o.trace = &trace;
    astar_route path = { .nodes = nodes, .capacity = 3 };
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 2, &o, &path), ASTAR_OK);
    assert_true(path.cost == 7 && path.length == 3 && nodes[0] == 0 && nodes[1] == 1 &&
                nodes[2] == 2);
    /* Opened b (F 3 + H 5), c (F 10 + 0); closed a, b; c re-pointed to b; c
     * closed; the path a, b, c. */
    size_t closed = 0, path_events = 0;
    for (size_t i = 0; i < trace.count; i++) {
        closed += events[i].kind == ASTAR_TRACE_CLOSED;
        path_events += events[i].kind == ASTAR_TRACE_PATH;
        if (events[i].kind == ASTAR_TRACE_REPOINTED)
            assert_true(events[i].at.x == 2 && events[i].parent.x == 1 && events[i].g == 7);
    }
    assert_int_equal(closed, path.expanded + 1);
    assert_int_equal(path_events, 3);
    astar_node n;
    assert_int_equal(astar_graph_context_node(ctx, g, 1, &n), ASTAR_OK);
    assert_true(n.list == ASTAR_LIST_CLOSED && n.g == 3 && n.h == 4 && n.parent.x == 0);

    astar_route small = { .nodes = nodes, .capacity = 2 };
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 2, NULL, &small), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_true(small.length == 3 && small.cost == 7);
    astar_route bad = { .nodes = NULL, .capacity = 2 };
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 2, NULL, &bad), ASTAR_INVALID_ARGUMENT);
    astar_route none = { 0 };
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 3, NULL, &none), ASTAR_NO_PATH);
    assert_int_equal(astar_graph_find_path(ctx, g, 2, 0, NULL, &none), ASTAR_NO_PATH);
    assert_int_equal(astar_graph_find_path(ctx, g, 4, 0, NULL, &none), ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 4, NULL, &none), ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_find_path(grid_ctx, g, 0, 2, NULL, &none), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_set_enabled(g, 1, false), ASTAR_OK);
    assert_int_equal(astar_graph_find_path(ctx, g, 1, 2, NULL, &none), ASTAR_START_BLOCKED);
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 1, NULL, &none), ASTAR_GOAL_BLOCKED);
    path = (astar_route){ .nodes = nodes, .capacity = 3 };
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 2, NULL, &path), ASTAR_OK);
    assert_true(path.cost == 10 && path.length == 2);
    /* A grid search's finish is not a graph search's, and back. */
    astar_route grid_path = { 0 };
    assert_int_equal(astar_graph_search_begin(ctx, g, 0, 2, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_finish(ctx, &grid_path, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_find_path(NULL, g, 0, 2, NULL, &none), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_find_path(ctx, NULL, 0, 2, NULL, &none), ASTAR_INVALID_ARGUMENT);
    astar_context *tiny;
    assert_int_equal(astar_graph_context_new(3, &tiny), ASTAR_OK);
    assert_int_equal(astar_graph_find_path(tiny, g, 0, 2, NULL, &none), ASTAR_MAP_TOO_LARGE);
    astar_context_delete(tiny);
    astar_context_delete(grid_ctx);
    astar_context_delete(ctx);
    astar_graph_delete(g);
    assert_int_equal(astar_graph_builder_new(0, ASTAR_GRAPH_DIRECTED, &b), ASTAR_INVALID_ARGUMENT);
    assert_null(b);
}

/* astar_graph_open_list says which list a graph search really uses: the
 * buckets with a weight up to 1 in a context of 64 nodes or more, else the
 * heap; the other lists as asked. */
static void test_open_list_used(void **state)
{
    (void)state;
    astar_context *small, *big;
    assert_int_equal(astar_graph_context_new(63, &small), ASTAR_OK);
    assert_int_equal(astar_graph_context_new(64, &big), ASTAR_OK);
    astar_search_options o = astar_search_options_default();
    assert_int_equal(astar_graph_open_list(big, &o), ASTAR_OPEN_LIST_HEAP);
    o.open_list = ASTAR_OPEN_LIST_BUCKETS;
    assert_int_equal(astar_graph_open_list(big, &o), ASTAR_OPEN_LIST_BUCKETS);
    assert_int_equal(astar_graph_open_list(small, &o), ASTAR_OPEN_LIST_HEAP);
    o.weight = 0.5;
    assert_int_equal(astar_graph_open_list(big, &o), ASTAR_OPEN_LIST_BUCKETS);
    o.weight = 1.5;
    assert_int_equal(astar_graph_open_list(big, &o), ASTAR_OPEN_LIST_HEAP);
    o.weight = 1;
    o.open_list = ASTAR_OPEN_LIST_SORTED;
    assert_int_equal(astar_graph_open_list(small, &o), ASTAR_OPEN_LIST_SORTED);
    assert_int_equal(astar_graph_open_list(NULL, &o), ASTAR_OPEN_LIST_HEAP);
    assert_int_equal(astar_graph_open_list(big, NULL), ASTAR_OPEN_LIST_HEAP);
    astar_context_delete(small);
    astar_context_delete(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_reference),
        cmocka_unit_test(test_heuristic_admissible),
        cmocka_unit_test(test_sliced_equals_one_call),
        cmocka_unit_test(test_edits),
        cmocka_unit_test(test_islands_labels),
        cmocka_unit_test(test_small_graph_and_refusals),
        cmocka_unit_test(test_open_list_used),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
