/*
 * test_graph_landmarks.c - landmarks on any graph (astar_graph_enable_
 * landmarks): their tables against the tests' own Dijkstra over the edge
 * list, H read back against its definition and the least costs, searches
 * equal to the reference on thousands of random graphs, the tables'
 * inequalities after random edits both ways, fewer nodes expanded on a
 * maze's graph, and the refusals.
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
#include "graph/graph.h"
#include "graph/landmarks.h"
#include "util/bench_maps.h"
#include "util/graphs.h"
#include "util/random.h"
#include "util/reference.h"

#ifdef ASTAR_TEST_SANITIZED
enum { TRIALS = 600 };
#else
enum { TRIALS = 3000 };
#endif

/* t with every node enabled: the graph the tables are measured on. */
static void all_enabled(const test_graph *t, test_graph *out)
{
    *out = *t;
    memset(out->disabled, 0, sizeof out->disabled);
}

/* A reference least cost as a table value: UNREACHED, or capped as the
 * tables cap it. */
static uint32_t as_value(uint64_t cost)
{
    if (cost == REF_UNREACHABLE)
        return UNREACHED;
    return cost < LANDMARK_LARGEST ? (uint32_t)cost : LANDMARK_LARGEST;
}

/* The tables just after enabling: landmark i's columns are the least
 * costs from and to it, every node enabled; the landmarks are distinct
 * nodes with an edge in and an edge out. */
static void expect_exact(const test_graph *t, const astar_graph *g)
{
    static test_graph open;
    all_enabled(t, &open);
    const graph_landmarks *lm = g->landmarks;
    uint64_t from[TEST_GRAPH_MAX_NODES], to[TEST_GRAPH_MAX_NODES];
    for (uint32_t i = 0; i < astar_graph_landmark_count(g); i++) {
        uint32_t l;
        assert_int_equal(astar_graph_landmark(g, i, &l), ASTAR_OK);
        bool in = false, out = false;
        for (size_t e = 0; e < t->count; e++) {
            in = in || t->edges[e].to == l;
            out = out || t->edges[e].from == l;
        }
        assert_true(in && out);
        for (uint32_t j = 0; j < i; j++) {
            uint32_t other;
            assert_int_equal(astar_graph_landmark(g, j, &other), ASTAR_OK);
            assert_int_not_equal(other, l);
        }
        test_graph_least_costs(&open, l, from);
        test_graph_least_costs_to(&open, l, to);
        for (uint32_t v = 0; v < t->nodes; v++) {
            assert_int_equal(landmark_row(lm, v)[i], as_value(from[v]));
            assert_int_equal(landmark_row(lm, v)[lm->count + i], as_value(to[v]));
        }
    }
    for (uint32_t i = astar_graph_landmark_count(g); i < lm->count; i++)
        for (uint32_t v = 0; v < t->nodes; v++)
            assert_int_equal(landmark_row(lm, v)[i], UNREACHED);
}

/* graph/landmarks.h's inequalities, for every edge of t as it is now. */
static void expect_feasible(const test_graph *t, const astar_graph *g)
{
    const graph_landmarks *lm = g->landmarks;
    uint32_t k = lm->count;
    for (size_t e = 0; e < t->count; e++) {
        uint32_t u = t->edges[e].from, v = t->edges[e].to, c = test_graph_cheapest(t, u, v);
        for (uint32_t i = 0; i < k; i++) {
            uint32_t fu = landmark_row(lm, u)[i], fv = landmark_row(lm, v)[i];
            uint32_t tu = landmark_row(lm, u)[k + i], tv = landmark_row(lm, v)[k + i];
            if (fu != UNREACHED) {
                assert_int_not_equal(fv, UNREACHED);
                assert_true((uint64_t)fv <= (uint64_t)fu + c);
            }
            if (tv != UNREACHED) {
                assert_int_not_equal(tu, UNREACHED);
                assert_true((uint64_t)tu <= (uint64_t)c + tv);
            }
        }
    }
}

/* H as astar_graph_enable_landmarks defines it, from the tables: the
 * larger of the positions' estimate and every landmark's two differences
 * of known values. */
static uint64_t expected_h(const test_graph *t, const astar_graph *g, uint32_t v, uint32_t goal)
{
    uint64_t h = t->placed ? (uint64_t)(t->scale * test_graph_distance(t, v, goal)) : 0;
    const graph_landmarks *lm = g->landmarks;
    uint32_t k = lm->count;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t fv = landmark_row(lm, v)[i], ft = landmark_row(lm, goal)[i];
        uint32_t tv = landmark_row(lm, v)[k + i], tt = landmark_row(lm, goal)[k + i];
        if (fv != UNREACHED && ft != UNREACHED && ft > fv && ft - fv > h)
            h = ft - fv;
        if (tv != UNREACHED && tt != UNREACHED && tv > tt && tv - tt > h)
            h = tv - tt;
    }
    return h;
}

/* A search's answer against the reference: NO_PATH or the least cost,
 * along edges the graph has. */
static void expect_answer(const test_graph *t, astar_status s, uint32_t start, uint32_t goal,
                          const astar_route *path)
{
    uint64_t dist[TEST_GRAPH_MAX_NODES], cost;
    if (t->disabled[start] || t->disabled[goal]) {
        assert_int_equal(s, t->disabled[start] ? ASTAR_START_BLOCKED : ASTAR_GOAL_BLOCKED);
        return;
    }
    test_graph_least_costs(t, start, dist);
    if (dist[goal] == REF_UNREACHABLE) {
        assert_int_equal(s, ASTAR_NO_PATH);
        return;
    }
    assert_int_equal(s, ASTAR_OK);
    assert_true(test_graph_path_valid(t, start, goal, path->nodes, path->length, &cost));
    if (cost != dist[goal] || path->cost != dist[goal])
        fail_msg("%u -> %u: cost %u, reference %llu", start, goal, path->cost,
                 (unsigned long long)dist[goal]);
}

/* Node v as the last search (to goal) left it, into *n: false when it was
 * never reached; else its H is as defined and never above to_goal, its
 * least cost to goal (REF_UNREACHABLE: no H is too high). */
static bool node_read_back(astar_context *ctx, const test_graph *t, const astar_graph *g,
                           uint32_t v, uint32_t goal, uint64_t to_goal, astar_node *n)
{
    assert_int_equal(astar_graph_context_node(ctx, g, v, n), ASTAR_OK);
    if (n->list == ASTAR_LIST_NONE)
        return false;
    assert_int_equal(n->h, expected_h(t, g, v, goal));
    assert_true(to_goal == REF_UNREACHABLE || n->h <= to_goal);
    return true;
}

/* Random graphs, disabled nodes, 1 .. 12 landmarks: the tables exact, H
 * read back as defined and never above the least cost left, closed nodes'
 * G their least cost, every search of every open list the reference's
 * least cost. */
static void test_tables_and_searches(void **state)
{
    (void)state;
    rng r = { 31 };
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &ctx), ASTAR_OK);
    static test_graph t;
    uint32_t nodes[TEST_GRAPH_MAX_NODES];
    uint64_t to_goal[TEST_GRAPH_MAX_NODES], dist[TEST_GRAPH_MAX_NODES];
    size_t queries = 0, read_back = 0, tighter = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        for (uint32_t v = 0; v < t.nodes; v++)
            if (rng_below(&r, 8) == 0) {
                t.disabled[v] = true;
                assert_int_equal(astar_graph_set_enabled(g, v, false), ASTAR_OK);
            }
        uint32_t k = 1 + (uint32_t)rng_below(&r, 12);
        assert_int_equal(astar_graph_enable_landmarks(g, k), ASTAR_OK);
        assert_true(astar_graph_landmark_count(g) <= k);
        assert_true(astar_graph_landmarks_bytes(g) >= (size_t)t.nodes * (2 * k + 2) * 4);
        expect_exact(&t, g);
        uint32_t goal = (uint32_t)rng_below(&r, (int)t.nodes);
        for (uint32_t v = 0; v < t.nodes; v++) {
            test_graph_least_costs(&t, v, dist);
            to_goal[v] = dist[goal];
        }
        for (int q = 0; q < 6; q++) {
            uint32_t start = (uint32_t)rng_below(&r, (int)t.nodes);
            astar_search_options o = astar_search_options_default();
            o.open_list = (astar_open_list)rng_below(&r, 4);
            o.ties = (astar_ties)rng_below(&r, 4);
            astar_route path = { .nodes = nodes, .capacity = TEST_GRAPH_MAX_NODES };
            astar_status s = astar_graph_find_path(ctx, g, start, goal, &o, &path);
            expect_answer(&t, s, start, goal, &path);
            queries++;
            if (t.disabled[start] || t.disabled[goal])
                continue;
            test_graph_least_costs(&t, start, dist);
            for (uint32_t v = 0; v < t.nodes; v++) {
                astar_node n;
                if (!node_read_back(ctx, &t, g, v, goal, to_goal[v], &n))
                    continue;
                /* F as the search kept it (the bucket list keeps each
                 * node's H from its first reaching): G, F less H, of a
                 * closed node is its least cost, as H is consistent on
                 * the nodes that can reach the goal (on the others no H
                 * is too high). */
                if (n.list == ASTAR_LIST_CLOSED && to_goal[v] != REF_UNREACHABLE)
                    assert_int_equal(n.g, dist[v]);
                tighter += t.placed && n.h > (uint64_t)(t.scale * test_graph_distance(&t, v, goal));
                read_back++;
            }
        }
        astar_graph_delete(g);
    }
    print_message("landmarks: %zu queries = reference on %d graphs; H as defined and "
                  "admissible at %zu nodes, above the positions' estimate at %zu\n",
                  queries, TRIALS, read_back, tighter);
    assert_true(tighter > 0);
    astar_context_delete(ctx);
}

/* Random edits - edge costs up and down, nodes disabled and enabled -
 * with the landmarks kept: after each, the tables still bound every edge
 * (graph/landmarks.h), searches still give the least cost; enabling
 * again gives the exact tables. */
static void test_edits(void **state)
{
    (void)state;
    rng r = { 32 };
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(TEST_GRAPH_MAX_NODES, &ctx), ASTAR_OK);
    static test_graph t;
    uint32_t nodes[TEST_GRAPH_MAX_NODES];
    size_t cheaper = 0, dearer = 0, toggles = 0;
    for (int trial = 0; trial < TRIALS / 5; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        assert_int_equal(astar_graph_enable_landmarks(g, 1 + (uint32_t)rng_below(&r, 6)),
                         ASTAR_OK);
        for (int edit = 0; edit < 20; edit++) {
            if (t.count > 0 && rng_below(&r, 3)) {
                test_edge *e = &t.edges[rng_below(&r, (int)t.count)];
                uint32_t old = test_graph_cheapest(&t, e->from, e->to);
                uint32_t cost = 1 + (uint32_t)rng_below(&r, (int)(2 * old + 10));
                /* A placed graph refuses a cost under its scale rule. */
                astar_status s = astar_graph_set_edge_cost(g, e->from, e->to, cost);
                if (s == ASTAR_INVALID_ARGUMENT && t.placed)
                    continue;
                assert_int_equal(s, ASTAR_OK);
                test_graph_set_cost(&t, e->from, e->to, cost);
                cheaper += cost < old;
                dearer += cost > old;
            } else {
                uint32_t v = (uint32_t)rng_below(&r, (int)t.nodes);
                t.disabled[v] = !t.disabled[v];
                assert_int_equal(astar_graph_set_enabled(g, v, !t.disabled[v]), ASTAR_OK);
                toggles++;
            }
            expect_feasible(&t, g);
            for (int q = 0; q < 3; q++) {
                uint32_t start = (uint32_t)rng_below(&r, (int)t.nodes);
                uint32_t goal = (uint32_t)rng_below(&r, (int)t.nodes);
                astar_search_options o = astar_search_options_default();
                o.open_list = (astar_open_list)rng_below(&r, 4);
                astar_route path = { .nodes = nodes, .capacity = TEST_GRAPH_MAX_NODES };
                expect_answer(&t, astar_graph_find_path(ctx, g, start, goal, &o, &path), start,
                              goal, &path);
            }
        }
        assert_int_equal(astar_graph_enable_landmarks(g, 3), ASTAR_OK);
        expect_exact(&t, g);
        astar_graph_delete(g);
    }
    print_message("landmarks kept through %zu cheaper edges, %zu dearer, %zu nodes switched\n",
                  cheaper, dearer, toggles);
    assert_true(cheaper > 0 && dearer > 0 && toggles > 0);
    astar_context_delete(ctx);
}

/* A maze made a graph: with landmarks the searches give the scenario's
 * least costs and expand fewer nodes than on octile H alone. */
static void test_maze_graph(void **state)
{
    (void)state;
    astar_grid *grid;
    astar_scenario *scen;
    bench_map_load("maze/maze512-8-0", &grid, &scen);
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
    astar_graph *g;
    assert_int_equal(astar_graph_new_from_grid(grid, &o, &g), ASTAR_OK);
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(astar_graph_nodes(g), &ctx), ASTAR_OK);
    uint32_t width = (uint32_t)astar_grid_width(grid);
    uint64_t expanded[2] = { 0, 0 };
    size_t n = astar_scenario_count(scen), checked = 0;
    for (int with = 0; with < 2; with++) {
        if (with)
            assert_int_equal(astar_graph_enable_landmarks(g, 8), ASTAR_OK);
        for (size_t i = 0; i < n; i += n / 40) {
            const astar_problem *p = astar_scenario_problem(scen, i);
            uint32_t from = (uint32_t)p->start.y * width + (uint32_t)p->start.x;
            uint32_t to = (uint32_t)p->goal.y * width + (uint32_t)p->goal.x;
            astar_route path = { 0 };
            assert_int_equal(astar_graph_find_path(ctx, g, from, to, &o.search, &path), ASTAR_OK);
            double length = (double)path.cost / ASTAR_OCTILE_STRAIGHT;
            if (fabs(length - p->optimal) > 1e-3 * p->optimal + 0.01)
                fail_msg("problem %zu: %.4f, optimal %.4f", i, length, p->optimal);
            expanded[with] += path.expanded;
            checked++;
        }
    }
    print_message("maze512-8-0 as a graph, %zu searches: %llu nodes expanded on octile H, %llu "
                  "with 8 landmarks\n",
                  checked, (unsigned long long)expanded[0], (unsigned long long)expanded[1]);
    assert_true(2 * expanded[1] < expanded[0]);
    astar_context_delete(ctx);
    astar_graph_delete(g);
    astar_scenario_delete(scen);
    astar_grid_delete(grid);
}

/* Costs from a landmark past LANDMARK_LARGEST (2^31 - 1) are kept as it:
 * a chain of four nodes a billion apart, every pair searched, each H read
 * back as defined and never above the least cost left. */
static void test_saturated_values(void **state)
{
    (void)state;
    static test_graph t;
    t = (test_graph){ .nodes = 4 };
    astar_graph_builder *b;
    assert_int_equal(astar_graph_builder_new(t.nodes, ASTAR_GRAPH_UNDIRECTED, &b), ASTAR_OK);
    for (uint32_t v = 0; v + 1 < t.nodes; v++) {
        assert_int_equal(astar_graph_builder_edge(b, v, v + 1, 1000000000u), ASTAR_OK);
        t.edges[t.count++] = (test_edge){ v, v + 1, 1000000000u };
        t.edges[t.count++] = (test_edge){ v + 1, v, 1000000000u };
    }
    astar_graph *g;
    assert_int_equal(astar_graph_new(b, &g, NULL), ASTAR_OK);
    astar_graph_builder_delete(b);
    assert_int_equal(astar_graph_enable_landmarks(g, 2), ASTAR_OK);
    expect_exact(&t, g);
    uint32_t end;
    assert_int_equal(astar_graph_landmark(g, 0, &end), ASTAR_OK);
    assert_int_equal(landmark_row(g->landmarks, end == 0 ? 3 : 0)[0], LANDMARK_LARGEST);
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(t.nodes, &ctx), ASTAR_OK);
    uint32_t nodes[4];
    uint64_t dist[4];
    for (uint32_t start = 0; start < t.nodes; start++)
        for (uint32_t goal = 0; goal < t.nodes; goal++) {
            astar_search_options o = astar_search_options_default();
            astar_route path = { .nodes = nodes, .capacity = 4 };
            expect_answer(&t, astar_graph_find_path(ctx, g, start, goal, &o, &path), start, goal,
                          &path);
            test_graph_least_costs_to(&t, goal, dist);
            for (uint32_t v = 0; v < t.nodes; v++) {
                astar_node n;
                node_read_back(ctx, &t, g, v, goal, dist[v], &n);
            }
        }
    astar_context_delete(ctx);
    astar_graph_delete(g);
}

/* Fewer candidates than asked for, a graph without edges, enabling as an
 * edit, disabling, and the refusals. */
static void test_small_graphs_and_refusals(void **state)
{
    (void)state;
    astar_graph_builder *b;
    assert_int_equal(astar_graph_builder_new(4, ASTAR_GRAPH_DIRECTED, &b), ASTAR_OK);
    /* 0 -> 1 -> 2 -> 1, and 3 alone: only 1 and 2 have edges both ways. */
    assert_int_equal(astar_graph_builder_edge(b, 0, 1, 5), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 1, 2, 7), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 2, 1, 2), ASTAR_OK);
    astar_graph *g;
    assert_int_equal(astar_graph_new(b, &g, NULL), ASTAR_OK);
    astar_graph_builder_delete(b);
    assert_int_equal(astar_graph_landmark_count(g), 0);
    assert_int_equal(astar_graph_landmarks_bytes(g), 0);
    assert_int_equal(astar_graph_enable_landmarks(g, 0), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_enable_landmarks(g, ASTAR_GRAPH_MAX_LANDMARKS + 1),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_enable_landmarks(NULL, 2), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_landmark_count(NULL), 0);

    /* A search begun before landmarks are enabled ends as after any edit. */
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(4, &ctx), ASTAR_OK);
    assert_int_equal(astar_graph_search_begin(ctx, g, 0, 2, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_graph_enable_landmarks(g, 5), ASTAR_OK);
    assert_int_equal(astar_search_step(ctx, 10), ASTAR_MAP_CHANGED);

    assert_int_equal(astar_graph_landmark_count(g), 2);
    uint32_t l0, l1, none;
    assert_int_equal(astar_graph_landmark(g, 0, &l0), ASTAR_OK);
    assert_int_equal(astar_graph_landmark(g, 1, &l1), ASTAR_OK);
    assert_true((l0 == 1 && l1 == 2) || (l0 == 2 && l1 == 1));
    assert_int_equal(astar_graph_landmark(g, 2, &none), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_landmark(g, 0, NULL), ASTAR_INVALID_ARGUMENT);
    assert_true(astar_graph_landmarks_bytes(g) > 0);
    size_t with = astar_graph_bytes(g);
    astar_route path = { 0 };
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 2, NULL, &path), ASTAR_OK);
    assert_int_equal(path.cost, 12);
    assert_int_equal(astar_graph_find_path(ctx, g, 3, 2, NULL, &path), ASTAR_NO_PATH);
    assert_int_equal(astar_graph_find_path(ctx, g, 2, 0, NULL, &path), ASTAR_NO_PATH);

    astar_graph_disable_landmarks(g);
    assert_int_equal(astar_graph_landmark_count(g), 0);
    assert_true(astar_graph_bytes(g) < with);
    astar_graph_disable_landmarks(g);
    astar_graph_disable_landmarks(NULL);
    astar_graph_delete(g);

    /* No edges at all: no landmark, searches as before. */
    assert_int_equal(astar_graph_builder_new(3, ASTAR_GRAPH_UNDIRECTED, &b), ASTAR_OK);
    assert_int_equal(astar_graph_new(b, &g, NULL), ASTAR_OK);
    astar_graph_builder_delete(b);
    assert_int_equal(astar_graph_enable_landmarks(g, 4), ASTAR_OK);
    assert_int_equal(astar_graph_landmark_count(g), 0);
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 1, NULL, &path), ASTAR_NO_PATH);
    assert_int_equal(astar_graph_find_path(ctx, g, 1, 1, NULL, &path), ASTAR_OK);
    astar_graph_delete(g);
    astar_context_delete(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_and_searches),
        cmocka_unit_test(test_edits),
        cmocka_unit_test(test_maze_graph),
        cmocka_unit_test(test_saturated_values),
        cmocka_unit_test(test_small_graphs_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
