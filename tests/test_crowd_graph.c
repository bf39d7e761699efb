/*
 * test_crowd_graph.c - crowds on graphs (astar/crowd.h, "Crowds on
 * graphs"). Every step is checked by the independent validator
 * (plan_validator_graph_step: edges, enabled nodes, shared nodes, swaps).
 * A grid turned into a graph (astar_graph_new_from_grid) must give the
 * grid crowd's steps exactly, step for step; random biconnected graphs
 * must bring every unit to its goal (PIBT's theorem); the solver on
 * graphs, its plans checked the same way and equal to the grid solver's
 * on a grid made a graph; the corridor and
 * ring deadlocks of test_crowd.c drawn as graphs; edits; bad arguments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "core/memory.h"
#include "util/graphs.h"
#include "util/plan_validator.h"
#include "util/random.h"
#include "util/reference.h"
#include "world/crowd_plan.h"
#include "world/lazy_graph.h"

enum { MAX_UNITS = 200, MAX_NODES = 600 };

static uint32_t below(rng *g, uint32_t n)
{
    return (uint32_t)rng_below(g, (int)n);
}

/* A graph crowd under test. */
typedef struct graph_run {
    astar_graph *graph;
    astar_crowd *crowd;
    size_t n;
    uint32_t before[MAX_UNITS], after[MAX_UNITS], goals[MAX_UNITS];
    bool arrived[MAX_UNITS]; /* stood on its goal at some step */
    long steps;
} graph_run;

static void graph_run_start(graph_run *r, astar_graph *graph, uint64_t seed)
{
    astar_crowd_options o = astar_crowd_options_default();
    o.seed = seed;
    r->graph = graph;
    assert_int_equal(astar_graph_crowd_new(graph, MAX_UNITS, &o, &r->crowd), ASTAR_OK);
    r->n = 0;
    r->steps = 0;
}

static void graph_run_add(graph_run *r, uint32_t start, uint32_t goal)
{
    size_t id;
    assert_int_equal(astar_graph_crowd_add(r->crowd, start, goal, &id), ASTAR_OK);
    assert_int_equal(id, r->n);
    r->arrived[r->n] = start == goal;
    r->goals[r->n++] = goal;
}

static void graph_run_end(graph_run *r)
{
    astar_crowd_delete(r->crowd);
    astar_graph_delete(r->graph);
}

/* One step, validated; the units on their goals after it. */
static size_t graph_run_step(graph_run *r)
{
    assert_int_equal(astar_graph_crowd_nodes(r->crowd, r->before, MAX_UNITS), ASTAR_OK);
    astar_crowd_step_info info;
    assert_int_equal(astar_crowd_step(r->crowd, &info), ASTAR_OK);
    assert_int_equal(astar_graph_crowd_nodes(r->crowd, r->after, MAX_UNITS), ASTAR_OK);
    r->steps++;
    char why[200];
    if (!plan_validator_graph_step(r->graph, r->before, r->after, r->n, why, sizeof why))
        fail_msg("step %ld: %s", r->steps, why);
    assert_true(info.planned <= r->n);
    assert_true(info.tried <= (ASTAR_CROWD_MAX_DEGREE + 1) * r->n);
    assert_int_equal(info.waiting, 0);
    size_t at_goal = 0;
    for (size_t i = 0; i < r->n; i++) {
        bool there = r->after[i] == r->goals[i];
        at_goal += there;
        r->arrived[i] = r->arrived[i] || there;
    }
    assert_int_equal(info.at_goal, at_goal);
    return at_goal;
}

static void graph_run_until_all_arrive(graph_run *r, long bound)
{
    while (graph_run_step(r) < r->n)
        if (r->steps >= bound)
            fail_msg("%zu units: not all on their goals after %ld steps", r->n, bound);
}

/* An undirected graph from edges (a, b, cost) triples. */
static astar_graph *graph_of(uint32_t nodes, const uint32_t (*edges)[3], size_t count)
{
    astar_graph_builder *b;
    assert_int_equal(astar_graph_builder_new(nodes, ASTAR_GRAPH_UNDIRECTED, &b), ASTAR_OK);
    for (size_t i = 0; i < count; i++)
        assert_int_equal(astar_graph_builder_edge(b, edges[i][0], edges[i][1], edges[i][2]),
                         ASTAR_OK);
    astar_graph *g;
    assert_int_equal(astar_graph_new(b, &g, NULL), ASTAR_OK);
    astar_graph_builder_delete(b);
    return g;
}

/* A w x h grid with about `walls` % of its cells blocked, and the same
 * grid made a graph of 4 moves (a node per cell, numbered y * w + x). */
static astar_grid *walled_grid(rng *g, int w, int h, int walls, astar_graph **graph)
{
    astar_grid *grid;
    assert_int_equal(astar_grid_new(w, h, &grid), ASTAR_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (rng_below(g, 100) < walls)
                assert_int_equal(astar_grid_set_walkable(grid, x, y, false), ASTAR_OK);
    astar_options moves = astar_options_default();
    moves.moves = ASTAR_MOVES_4;
    assert_int_equal(astar_graph_new_from_grid(grid, &moves, graph), ASTAR_OK);
    return grid;
}

/* A grid of 4 moves as a graph: the graph crowd must make the grid
 * crowd's every step. Both plan from exact costs (the solver's mode,
 * astar__crowd_exact: a grid crowd's own steps read potentials, which
 * are not least costs), and both list a cell's neighbours in the order of
 * their numbers, so their ties are drawn alike. */
static void test_equal_to_grid_crowd(void **state)
{
    (void)state;
    rng g = { 77 };
    for (int trial = 0; trial < 12; trial++) {
        int w = 8 + (int)below(&g, 17), h = 8 + (int)below(&g, 17);
        astar_graph *graph;
        astar_grid *grid = walled_grid(&g, w, h, 15, &graph);
        astar_crowd_options o = astar_crowd_options_default();
        o.seed = 1 + (uint64_t)trial;
        astar_crowd *on_grid, *on_graph;
        assert_int_equal(astar_crowd_new(grid, MAX_UNITS, &o, &on_grid), ASTAR_OK);
        assert_int_equal(astar_graph_crowd_new(graph, MAX_UNITS, &o, &on_graph), ASTAR_OK);
        astar__crowd_exact(on_grid);
        astar__crowd_exact(on_graph);
        size_t units = (size_t)(w * h) / 6, added = 0;
        for (size_t tries = 0; added < units && tries < 20 * units; tries++) {
            astar_point s = { rng_below(&g, w), rng_below(&g, h) };
            astar_point t = { rng_below(&g, w), rng_below(&g, h) };
            astar_status a = astar_crowd_add(on_grid, s, t, NULL);
            astar_status b = astar_graph_crowd_add(on_graph, (uint32_t)(s.y * w + s.x),
                                                   (uint32_t)(t.y * w + t.x), NULL);
            assert_int_equal(a, b);
            added += a == ASTAR_OK;
        }
        assert_true(added > 0);
        astar_point cells[MAX_UNITS];
        uint32_t nodes[MAX_UNITS];
        for (int step = 0; step < 3 * (w + h); step++) {
            astar_crowd_step_info a, b;
            assert_int_equal(astar_crowd_step(on_grid, &a), ASTAR_OK);
            assert_int_equal(astar_crowd_step(on_graph, &b), ASTAR_OK);
            assert_int_equal(astar_crowd_cells(on_grid, cells, MAX_UNITS), ASTAR_OK);
            assert_int_equal(astar_graph_crowd_nodes(on_graph, nodes, MAX_UNITS), ASTAR_OK);
            for (size_t i = 0; i < added; i++)
                if (nodes[i] != (uint32_t)(cells[i].y * w + cells[i].x))
                    fail_msg("trial %d step %d unit %zu: grid (%d,%d), graph node %u", trial,
                             step, i, cells[i].x, cells[i].y, nodes[i]);
            assert_int_equal(a.moved, b.moved);
            assert_int_equal(a.at_goal, b.at_goal);
            assert_int_equal(a.tried, b.tried);
        }
        astar_crowd_delete(on_grid);
        astar_crowd_delete(on_graph);
        astar_graph_delete(graph);
        astar_grid_delete(grid);
    }
}

/* A ring through every node (biconnected) with random chords, each node
 * at most `degree` edges, random costs. */
static astar_graph *random_ring(rng *g, uint32_t nodes, uint32_t chords, uint32_t degree)
{
    static uint32_t edges[3 * MAX_NODES][3];
    uint32_t have[MAX_NODES] = { 0 };
    size_t count = 0;
    for (uint32_t v = 0; v < nodes; v++) {
        uint32_t u = (v + 1) % nodes;
        edges[count][0] = v;
        edges[count][1] = u;
        edges[count++][2] = 1 + below(g, 20);
        have[v]++;
        have[u]++;
    }
    for (uint32_t c = 0; c < chords && count < 3 * MAX_NODES; c++) {
        uint32_t a = below(g, nodes), b = below(g, nodes);
        if (a == b || have[a] >= degree || have[b] >= degree)
            continue;
        edges[count][0] = a;
        edges[count][1] = b;
        edges[count++][2] = 1 + below(g, 20);
        have[a]++;
        have[b]++;
    }
    return graph_of(nodes, (const uint32_t (*)[3])edges, count);
}

/* n distinct random starts of nodes and n distinct random goals, drawn
 * start then goal. */
static void random_ends(rng *g, uint32_t nodes, size_t n, uint32_t *starts, uint32_t *goals)
{
    bool start_taken[MAX_NODES] = { false }, goal_taken[MAX_NODES] = { false };
    for (size_t k = 0; k < n;) {
        uint32_t s = below(g, nodes), t = below(g, nodes);
        if (start_taken[s] || goal_taken[t])
            continue;
        start_taken[s] = goal_taken[t] = true;
        starts[k] = s;
        goals[k++] = t;
    }
}

static void add_random_units(graph_run *r, rng *g, uint32_t nodes, size_t units)
{
    uint32_t starts[MAX_UNITS], goals[MAX_UNITS];
    random_ends(g, nodes, units, starts, goals);
    for (size_t k = 0; k < units; k++)
        graph_run_add(r, starts[k], goals[k]);
}

/* PIBT's theorem on random undirected biconnected graphs with fewer units
 * than nodes: every unit stands on its goal at some step, within units x
 * nodes steps. The swap rule once broke it (69 of these 400 runs kept a
 * unit from its goal for ever) until the step's first unit kept to dead
 * ends for it (swap_partner in src/world/crowd.c). */
static void test_random_graphs(void **state)
{
    (void)state;
    rng g = { 2026 };
    for (int trial = 0; trial < 400; trial++) {
        uint32_t nodes = 10 + below(&g, 300);
        graph_run r;
        graph_run_start(&r, random_ring(&g, nodes, nodes / 2 + below(&g, nodes),
                                        3 + below(&g, ASTAR_CROWD_MAX_DEGREE - 2)),
                        1 + (uint64_t)trial);
        add_random_units(&r, &g, nodes, 1 + below(&g, nodes / 3 < MAX_UNITS ? nodes / 3 : MAX_UNITS));
        long bound = (long)(r.n * nodes) + 10;
        bool all = false;
        while (!all && r.steps < bound) {
            graph_run_step(&r);
            all = true;
            for (size_t i = 0; i < r.n; i++)
                all = all && r.arrived[i];
        }
        if (!all)
            fail_msg("trial %d: %u nodes, %zu units: a unit never reached its goal in %ld steps",
                     trial, nodes, r.n, bound);
        graph_run_end(&r);
    }
}

/* test_crowd.c's corridor with a pocket, as a graph: a path 0-1-...-8
 * with node 9 beside node 4. */
static astar_graph *corridor_with_pocket(void)
{
    uint32_t edges[9][3];
    for (uint32_t v = 0; v < 8; v++) {
        edges[v][0] = v;
        edges[v][1] = v + 1;
        edges[v][2] = 10;
    }
    edges[8][0] = 4;
    edges[8][1] = 9;
    edges[8][2] = 10;
    return graph_of(10, (const uint32_t (*)[3])edges, 9);
}

/* Two units facing each other in the corridor from every pair of places,
 * either first: one must back into the pocket. */
static void test_corridor_with_pocket(void **state)
{
    (void)state;
    for (uint32_t a = 0; a < 4; a++)
        for (uint64_t seed = 1; seed <= 8; seed++) {
            graph_run r;
            graph_run_start(&r, corridor_with_pocket(), seed);
            graph_run_add(&r, a, 8);
            graph_run_add(&r, 8 - a, 0);
            graph_run_until_all_arrive(&r, 200);
            graph_run_end(&r);
        }
}

/* A ring of n nodes (at most 16), each edge costing 10 both ways. */
static astar_graph *plain_ring(uint32_t n)
{
    uint32_t edges[16][3];
    for (uint32_t v = 0; v < n; v++) {
        edges[v][0] = v;
        edges[v][1] = (v + 1) % n;
        edges[v][2] = 10;
    }
    return graph_of(n, (const uint32_t (*)[3])edges, n);
}

/* A ring of 14 nodes, full but for one or full, every unit heading 3
 * nodes on: they must turn round together. */
static void test_ring_turns(void **state)
{
    (void)state;
    for (uint32_t full = 0; full < 2; full++) {
        graph_run r;
        graph_run_start(&r, plain_ring(14), 3);
        for (uint32_t i = 0; i < 13 + full; i++)
            graph_run_add(&r, i, (i + 3) % 14);
        graph_run_until_all_arrive(&r, 100);
        graph_run_end(&r);
    }
}

/* Edits between steps: a node disabled is never stepped onto; an edge
 * made dear sends the unit the other way round at once. */
static void test_edits(void **state)
{
    (void)state;
    /* A ring 0-1-2-3-4-5: from 0 to 3 either way costs the same until
     * one way's edge is made dear. */
    for (uint32_t dear = 0; dear < 2; dear++) {
        graph_run r;
        graph_run_start(&r, plain_ring(6), 5);
        graph_run_add(&r, 0, 3);
        /* The edge 1-2 (dear = 0) or 4-5 (dear = 1) now costs 100 both ways. */
        uint32_t a = dear ? 4 : 1, b = dear ? 5 : 2;
        assert_int_equal(astar_graph_set_edge_cost(r.graph, a, b, 100), ASTAR_OK);
        assert_int_equal(astar_graph_set_edge_cost(r.graph, b, a, 100), ASTAR_OK);
        graph_run_step(&r);
        assert_int_equal(r.after[0], dear ? 1 : 5);
        graph_run_until_all_arrive(&r, 10);
        assert_int_equal(r.steps, 3);
        graph_run_end(&r);
    }
    /* A pushed unit whose only way out is a disabled node stays, and so
     * does the unit that pushed it: 0-1-2 with 3 beside 1, disabled. */
    uint32_t star[3][3] = { { 0, 1, 10 }, { 1, 2, 10 }, { 1, 3, 10 } };
    graph_run r;
    graph_run_start(&r, graph_of(4, (const uint32_t (*)[3])star, 3), 1);
    assert_int_equal(astar_graph_set_enabled(r.graph, 3, false), ASTAR_OK);
    graph_run_add(&r, 0, 2);
    graph_run_add(&r, 1, 1);
    graph_run_add(&r, 2, 2);
    graph_run_step(&r);
    assert_int_equal(r.after[0], 0);
    assert_int_equal(r.after[1], 1);
    graph_run_end(&r);
    /* Random rings: nodes disabled and enabled again mid-run. */
    rng g = { 5 };
    for (int trial = 0; trial < 20; trial++) {
        uint32_t nodes = 20 + below(&g, 100);
        graph_run r;
        graph_run_start(&r, random_ring(&g, nodes, nodes, 6), 1 + (uint64_t)trial);
        add_random_units(&r, &g, nodes, nodes / 5);
        uint32_t off = UINT32_MAX;
        for (int step = 0; step < 200; step++) {
            if (step % 10 == 0) {
                if (off != UINT32_MAX)
                    assert_int_equal(astar_graph_set_enabled(r.graph, off, true), ASTAR_OK);
                off = below(&g, nodes);
                assert_int_equal(astar_graph_set_enabled(r.graph, off, false), ASTAR_OK);
            }
            graph_run_step(&r);
        }
        graph_run_end(&r);
    }
}

/* Any graph the tests' generator makes (directed or not, parallel edges,
 * placed or not) with nodes disabled and enabled under the units: every
 * step keeps the rules. The swap rule's pull once moved a unit against a
 * one-way edge, and into a node disabled under the unit it followed
 * (found by tests/fuzz/fuzz_crowd.c). */
static void test_any_graph_keeps_the_rules(void **state)
{
    (void)state;
    rng g = { 99 };
    static test_graph t;
    int run = 0;
    for (int trial = 0; trial < 600; trial++) {
        astar_graph *graph;
        test_graph_random(&g, &t, &graph);
        uint32_t n = astar_graph_nodes(graph);
        graph_run r;
        astar_crowd_options o = astar_crowd_options_default();
        o.seed = 1 + (uint64_t)trial;
        if (astar_graph_crowd_new(graph, MAX_UNITS, &o, &r.crowd) != ASTAR_OK) {
            astar_graph_delete(graph);
            continue;
        }
        run++;
        r.graph = graph;
        r.n = 0;
        r.steps = 0;
        for (int k = 0; k < (int)n; k++) {
            size_t id;
            uint32_t a = below(&g, n), b = below(&g, n);
            if (astar_graph_crowd_add(r.crowd, a, b, &id) == ASTAR_OK) {
                r.arrived[r.n] = a == b;
                r.goals[r.n++] = b;
            }
        }
        for (int step = 0; step < 60; step++) {
            if (step % 4 == 0)
                assert_int_equal(astar_graph_set_enabled(graph, below(&g, n), below(&g, 3) != 0),
                                 ASTAR_OK);
            graph_run_step(&r);
        }
        graph_run_end(&r);
    }
    assert_true(run > 300);
}

/* The lazy tables (world/lazy_graph.h) against whole distance maps of the
 * same graph (astar_graph_distance_map_build), node for node, in a random
 * order of questions, exact costs and potentials: random graphs, directed or not, placed (an A*
 * towards the focus) or not (Dijkstra), parallel edges, disabled nodes;
 * then after edits caught up. */
static void test_lazy_tables_equal_maps(void **state)
{
    (void)state;
    rng g = { 31 };
    static test_graph t;
    astar_allocator memory = { 0 };
    assert_int_equal(astar__allocator_keep(NULL, &memory), ASTAR_OK);
    for (int trial = 0; trial < 200; trial++) {
        astar_graph *graph;
        test_graph_random(&g, &t, &graph);
        uint32_t n = astar_graph_nodes(graph);
        for (uint32_t v = 0; v < n; v++)
            if (below(&g, 8) == 0)
                assert_int_equal(astar_graph_set_enabled(graph, v, false), ASTAR_OK);
        lazy_graph *set;
        assert_int_equal(astar__lazy_graph_new(graph, 3, &memory, &set), ASTAR_OK);
        astar_context *ctx;
        astar_graph_distance_map *map;
        assert_int_equal(astar_graph_context_new(n, &ctx), ASTAR_OK);
        assert_int_equal(astar_graph_distance_map_new(n, &map), ASTAR_OK);
        uint32_t goal[3];
        for (uint32_t k = 0; k < 3; k++) {
            goal[k] = below(&g, n);
            astar__lazy_graph_target(set, k, goal[k], below(&g, n));
        }
        for (int round = 0; round < 2; round++) {
            if (round == 1) {
                /* Edits: a node switched, an edge's cost changed. */
                uint32_t v = below(&g, n);
                assert_int_equal(astar_graph_set_enabled(graph, v, !astar_graph_enabled(graph, v)),
                                 ASTAR_OK);
                uint32_t count = 0, to, cost;
                assert_int_equal(astar_graph_out_count(graph, v, &count), ASTAR_OK);
                if (count > 0) {
                    assert_int_equal(astar_graph_out_edge(graph, v, 0, &to, &cost), ASTAR_OK);
                    /* Placed graphs keep the scale rule: only dearer. */
                    assert_int_equal(astar_graph_set_edge_cost(graph, v, to, cost + 1 + below(&g, 9)),
                                     ASTAR_OK);
                }
                astar__lazy_graph_catch_up(set);
            }
            for (uint32_t k = 0; k < 3; k++) {
                astar_status built = astar_graph_distance_map_build(map, ctx, graph, &goal[k], 1,
                                                                    NULL);
                assert_true(built == ASTAR_OK || built == ASTAR_COST_OVERFLOW);
                uint32_t first = below(&g, n);
                for (uint32_t i = 0; i < n; i++) {
                    uint32_t v = (first + i * 7) % n;
                    uint32_t want = astar_graph_distance_map_cost(map, v);
                    /* The potential first (round 0: before anything is
                     * closed near v): never below the least, unreachable
                     * only where the least is; then the exact cost, which
                     * the potential reads from then on. */
                    uint32_t guide = astar__lazy_graph_potential(set, k, v);
                    uint32_t got = astar__lazy_graph_distance(set, k, v);
                    if (got != want || guide < want ||
                        (guide == ASTAR_UNREACHABLE) != (want == ASTAR_UNREACHABLE) ||
                        astar__lazy_graph_potential(set, k, v) != want)
                        fail_msg("trial %d round %d goal %u node %u: lazy %u (potential %u), "
                                 "map %u", trial, round, goal[k], v, got, guide, want);
                }
            }
        }
        assert_int_equal(astar__lazy_graph_status(set), ASTAR_OK);
        assert_true(astar__lazy_graph_bytes(set) > 0);
        astar__lazy_graph_delete(set);
        astar_graph_distance_map_delete(map);
        astar_context_delete(ctx);
        astar_graph_delete(graph);
    }
}

/* Solves agents on graph and checks the plan from the edges alone: the
 * starts first, the goals last, every step by the validator; the sum of
 * costs as the plan shows it. Returns the solver's status. */
static astar_status graph_solve(const astar_graph *graph, const uint32_t *starts,
                                const uint32_t *goals, size_t n, uint64_t seed,
                                astar_mapf_info *info)
{
    astar_mapf_options o = astar_mapf_options_default();
    o.seed = seed;
    astar_mapf *m;
    assert_int_equal(astar_graph_mapf_new(graph, starts, goals, n, &o, &m), ASTAR_OK);
    astar_status s = astar_mapf_solve(m, 10, info);
    if (s == ASTAR_OK) {
        size_t steps = info->makespan + 1;
        uint32_t *plan = malloc(steps * n * sizeof *plan);
        assert_non_null(plan);
        assert_int_equal(astar_graph_mapf_plan(m, plan, steps * n - 1),
                         ASTAR_PATH_BUFFER_TOO_SMALL);
        assert_int_equal(astar_graph_mapf_plan(m, plan, steps * n), ASTAR_OK);
        astar_point cells[1];
        assert_int_equal(astar_mapf_plan(m, cells, 0), ASTAR_INVALID_ARGUMENT);
        char why[200];
        size_t sum = 0;
        for (size_t i = 0; i < n; i++) {
            assert_int_equal(plan[i], starts[i]);
            assert_int_equal(plan[(steps - 1) * n + i], goals[i]);
            size_t last = 0;
            for (size_t t = 1; t < steps; t++)
                if (plan[t * n + i] != goals[i] || plan[(t - 1) * n + i] != goals[i])
                    last = plan[t * n + i] == goals[i] && plan[(t - 1) * n + i] != goals[i] ? t
                                                                                          : last;
            sum += last;
        }
        for (size_t t = 1; t < steps; t++)
            if (!plan_validator_graph_step(graph, plan + (t - 1) * n, plan + t * n, n, why,
                                           sizeof why))
                fail_msg("plan step %zu: %s", t, why);
        assert_int_equal(info->sum_of_costs, sum);
        free(plan);
    }
    astar_mapf_delete(m);
    return s;
}

/* The solver on graphs: on a 4-move grid made a graph it makes the grid
 * solver's plan, configuration for configuration; on random biconnected
 * graphs, dense with agents, every plan found is legal and ends on the
 * goals; the corridor with a pocket, which needs one agent to wait in the
 * pocket, is solved from either side. */
static void test_graph_solver(void **state)
{
    (void)state;
    rng g = { 404 };
    for (int trial = 0; trial < 6; trial++) {
        int w = 6 + rng_below(&g, 8), h = 6 + rng_below(&g, 8);
        astar_graph *graph;
        astar_grid *grid = walled_grid(&g, w, h, 12, &graph);
        assert_int_equal(astar_grid_enable_islands(grid), ASTAR_OK);
        astar_point ps[16], pg[16];
        uint32_t ns[16], ng[16];
        size_t n = 0;
        for (int tries = 0; tries < 400 && n < 16; tries++) {
            astar_point a = { rng_below(&g, w), rng_below(&g, h) }, b = { rng_below(&g, w),
                                                                           rng_below(&g, h) };
            bool taken = !astar_grid_walkable(grid, a.x, a.y) ||
                         !astar_grid_walkable(grid, b.x, b.y) ||
                         astar_grid_island(grid, a.x, a.y) != astar_grid_island(grid, b.x, b.y);
            for (size_t i = 0; i < n && !taken; i++)
                taken = (ps[i].x == a.x && ps[i].y == a.y) || (pg[i].x == b.x && pg[i].y == b.y);
            if (taken)
                continue;
            ps[n] = a;
            pg[n] = b;
            ns[n] = (uint32_t)(a.y * w + a.x);
            ng[n++] = (uint32_t)(b.y * w + b.x);
        }
        astar_mapf_options o = astar_mapf_options_default();
        astar_mapf *on_grid;
        astar_mapf_info a, b;
        assert_int_equal(astar_mapf_new(grid, ps, pg, n, &o, &on_grid), ASTAR_OK);
        astar_status sa = astar_mapf_solve(on_grid, 10, &a);
        astar_status sb = graph_solve(graph, ns, ng, n, o.seed, &b);
        assert_int_equal(sa, sb);
        assert_int_equal(a.makespan, b.makespan);
        assert_int_equal(a.sum_of_costs, b.sum_of_costs);
        assert_int_equal(a.generated, b.generated);
        astar_mapf_delete(on_grid);
        astar_graph_delete(graph);
        astar_grid_delete(grid);
    }
    for (int trial = 0; trial < 30; trial++) {
        uint32_t nodes = 10 + below(&g, 60);
        astar_graph *graph = random_ring(&g, nodes, nodes / 2, 5);
        uint32_t starts[MAX_UNITS], goals[MAX_UNITS];
        size_t n = 1 + below(&g, nodes / 2);
        random_ends(&g, nodes, n, starts, goals);
        astar_mapf_info info;
        assert_int_equal(graph_solve(graph, starts, goals, n, 1 + (uint64_t)trial, &info),
                         ASTAR_OK);
        astar_graph_delete(graph);
    }
    astar_graph *corridor = corridor_with_pocket();
    for (uint32_t a = 0; a < 4; a++) {
        uint32_t starts[] = { a, 8 - a }, goals[] = { 8, 0 };
        astar_mapf_info info;
        assert_int_equal(graph_solve(corridor, starts, goals, 2, 1, &info), ASTAR_OK);
    }
    /* Refusals: a node not of the graph, a disabled one, two alike, a
     * goal out of reach, the grid's plan reader. */
    astar_mapf *m = NULL;
    uint32_t far[] = { 10 }, zero[] = { 0 }, two[] = { 0, 0 }, other[] = { 1, 2 };
    assert_int_equal(astar_graph_mapf_new(corridor, far, zero, 1, NULL, &m),
                     ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_mapf_new(corridor, zero, far, 1, NULL, &m),
                     ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_mapf_new(corridor, two, other, 2, NULL, &m),
                     ASTAR_START_OCCUPIED);
    assert_int_equal(astar_graph_mapf_new(corridor, other, two, 2, NULL, &m),
                     ASTAR_GOAL_OCCUPIED);
    assert_int_equal(astar_graph_set_enabled(corridor, 3, false), ASTAR_OK);
    assert_int_equal(astar_graph_mapf_new(corridor, zero, (uint32_t[]){ 3 }, 1, NULL, &m),
                     ASTAR_GOAL_BLOCKED);
    assert_int_equal(astar_graph_mapf_new(corridor, zero, (uint32_t[]){ 8 }, 1, NULL, &m),
                     ASTAR_NO_PATH);
    assert_int_equal(astar_graph_mapf_new(NULL, zero, zero, 1, NULL, &m), ASTAR_INVALID_ARGUMENT);
    assert_null(m);
    astar_graph_delete(corridor);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    uint32_t edges[3][3] = { { 0, 1, 5 }, { 1, 2, 5 }, { 2, 0, 5 } };
    astar_graph *graph = graph_of(4, (const uint32_t (*)[3])edges, 3);
    astar_crowd *c = NULL;
    astar_crowd_options o = astar_crowd_options_default();
    assert_int_equal(astar_graph_crowd_new(NULL, 4, &o, &c), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_crowd_new(graph, 0, &o, &c), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_crowd_new(graph, 4, &o, NULL), ASTAR_INVALID_ARGUMENT);
    o.budget = 100;
    assert_int_equal(astar_graph_crowd_new(graph, 4, &o, &c), ASTAR_UNSUPPORTED);
    o = astar_crowd_options_default();
    o.moves = ASTAR_MOVES_8_CUT;
    assert_int_equal(astar_graph_crowd_new(graph, 4, &o, &c), ASTAR_UNSUPPORTED);
    o.moves = (astar_moves)99;
    assert_int_equal(astar_graph_crowd_new(graph, 4, &o, &c), ASTAR_INVALID_ARGUMENT);
    assert_null(c);
    assert_int_equal(astar_graph_crowd_new(graph, 2, NULL, &c), ASTAR_OK);

    assert_int_equal(astar_graph_crowd_add(c, 4, 0, NULL), ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_crowd_add(c, 0, 4, NULL), ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_crowd_add(c, 0, 3, NULL), ASTAR_NO_PATH); /* node 3 is alone */
    assert_int_equal(astar_graph_set_enabled(graph, 2, false), ASTAR_OK);
    assert_int_equal(astar_graph_crowd_add(c, 2, 0, NULL), ASTAR_START_BLOCKED);
    assert_int_equal(astar_graph_crowd_add(c, 0, 2, NULL), ASTAR_GOAL_BLOCKED);
    assert_int_equal(astar_graph_set_enabled(graph, 2, true), ASTAR_OK);
    size_t id;
    assert_int_equal(astar_graph_crowd_add(c, 0, 2, &id), ASTAR_OK);
    assert_int_equal(id, 0);
    assert_int_equal(astar_graph_crowd_add(c, 0, 1, NULL), ASTAR_START_OCCUPIED);
    assert_int_equal(astar_graph_crowd_add(c, 1, 0, NULL), ASTAR_OK);
    assert_int_equal(astar_graph_crowd_add(c, 2, 1, NULL), ASTAR_UNITS_FULL);
    assert_int_equal(astar_crowd_count(c), 2);

    assert_int_equal(astar_graph_crowd_set_goal(c, 2, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_crowd_set_goal(c, 0, 9), ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_crowd_set_goal(c, 0, 3), ASTAR_NO_PATH);
    uint32_t at, goal;
    assert_int_equal(astar_graph_crowd_unit(c, 0, &at, &goal), ASTAR_OK);
    assert_int_equal(at, 0);
    assert_int_equal(goal, 2);
    assert_int_equal(astar_graph_crowd_set_goal(c, 0, 1), ASTAR_OK);
    assert_int_equal(astar_graph_crowd_unit(c, 0, NULL, &goal), ASTAR_OK);
    assert_int_equal(goal, 1);
    assert_int_equal(astar_graph_crowd_unit(c, 2, &at, &goal), ASTAR_INVALID_ARGUMENT);
    uint32_t nodes[2];
    assert_int_equal(astar_graph_crowd_nodes(c, nodes, 1), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(astar_graph_crowd_nodes(c, NULL, 2), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_crowd_nodes(c, nodes, 2), ASTAR_OK);
    assert_int_equal(nodes[0], 0);
    assert_int_equal(nodes[1], 1);
    assert_true(astar_crowd_bytes(c) > 3 * 12);

    /* A graph's crowd refuses the grid's calls. */
    astar_point p = { 0, 0 }, cells[2];
    assert_int_equal(astar_crowd_add(c, p, p, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_crowd_set_goal(c, 0, p), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_crowd_unit(c, 0, &p, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_crowd_cells(c, cells, 2), ASTAR_INVALID_ARGUMENT);
    astar_crowd_delete(c);

    /* ... and a grid's the graph's. */
    astar_grid *grid;
    assert_int_equal(astar_grid_new(4, 4, &grid), ASTAR_OK);
    assert_int_equal(astar_crowd_new(grid, 2, NULL, &c), ASTAR_OK);
    assert_int_equal(astar_graph_crowd_add(c, 0, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_crowd_add(c, p, (astar_point){ 3, 3 }, NULL), ASTAR_OK);
    assert_int_equal(astar_graph_crowd_set_goal(c, 0, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_crowd_unit(c, 0, &at, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_crowd_nodes(c, nodes, 2), ASTAR_INVALID_ARGUMENT);
    astar_crowd_delete(c);
    astar_grid_delete(grid);
    astar_graph_delete(graph);

    /* A node with more out-edges than a plan tries. */
    uint32_t star[ASTAR_CROWD_MAX_DEGREE + 1][3];
    for (uint32_t i = 0; i <= ASTAR_CROWD_MAX_DEGREE; i++) {
        star[i][0] = 0;
        star[i][1] = i + 1;
        star[i][2] = 1;
    }
    graph = graph_of(ASTAR_CROWD_MAX_DEGREE + 2, (const uint32_t (*)[3])star,
                     ASTAR_CROWD_MAX_DEGREE);
    assert_int_equal(astar_graph_crowd_new(graph, 2, NULL, &c), ASTAR_OK);
    astar_crowd_delete(c);
    astar_graph_delete(graph);
    graph = graph_of(ASTAR_CROWD_MAX_DEGREE + 2, (const uint32_t (*)[3])star,
                     ASTAR_CROWD_MAX_DEGREE + 1);
    assert_int_equal(astar_graph_crowd_new(graph, 2, NULL, &c), ASTAR_UNSUPPORTED);
    astar_graph_delete(graph);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equal_to_grid_crowd),
        cmocka_unit_test(test_random_graphs),
        cmocka_unit_test(test_corridor_with_pocket),
        cmocka_unit_test(test_ring_turns),
        cmocka_unit_test(test_edits),
        cmocka_unit_test(test_any_graph_keeps_the_rules),
        cmocka_unit_test(test_lazy_tables_equal_maps),
        cmocka_unit_test(test_graph_solver),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
