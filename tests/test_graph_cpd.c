/*
 * test_graph_cpd.c - precalculated paths on graphs: the CPD's answers
 * against the tests' own Dijkstra (util/graphs.c, which never reads the
 * library's graph) on every pair of nodes of hundreds of random graphs,
 * directed and not, with disabled nodes, under both orders and several
 * thread counts; graphs with nodes of more out-edges than a move set has
 * bits; a grid's graph against the grid's own CPD; save and load round
 * trips, damaged and crafted files, files of the other kind of map;
 * stale answers after edits; arguments.
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
#include "cpd/cpd.h"
#include "util/files.h"
#include "util/graphs.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

#ifdef ASTAR_TEST_SANITIZED
enum { RANDOM_GRAPHS = 80 };
#else
enum { RANDOM_GRAPHS = 600 };
#endif

static const char temp_file[] = "test_graph_cpd.tmp.cpd";

static astar_cpd *build(const astar_graph *g, astar_cpd_order order, int threads)
{
    astar_cpd *cpd = NULL;
    astar_status s = astar_graph_cpd_new(g, order, threads, &cpd);
    if (s != ASTAR_OK)
        fail_msg("astar_graph_cpd_new: %s", astar_status_message(s));
    assert_non_null(cpd);
    return cpd;
}

/* Every pair of nodes of t (built into cpd): the path's cost is the
 * reference's least cost, the path follows t's edges over enabled nodes,
 * the first move is its second node, unreachable pairs and disabled ends
 * are refused as the graph search refuses them. */
static void expect_every_pair(const test_graph *t, const astar_cpd *cpd)
{
    uint64_t dist[TEST_GRAPH_MAX_NODES];
    uint32_t nodes[TEST_GRAPH_MAX_NODES + 1];
    for (uint32_t from = 0; from < t->nodes; from++) {
        test_graph_least_costs(t, from, dist);
        for (uint32_t to = 0; to < t->nodes; to++) {
            astar_route path = { .nodes = nodes, .capacity = TEST_GRAPH_MAX_NODES + 1 };
            uint32_t next;
            astar_status s = astar_graph_cpd_path(cpd, from, to, &path);
            astar_status first = astar_graph_cpd_first_move(cpd, from, to, &next);
            if (t->disabled[from]) {
                assert_int_equal(s, ASTAR_START_BLOCKED);
                assert_int_equal(first, ASTAR_START_BLOCKED);
                continue;
            }
            if (t->disabled[to]) {
                assert_int_equal(s, ASTAR_GOAL_BLOCKED);
                assert_int_equal(first, ASTAR_GOAL_BLOCKED);
                continue;
            }
            if (dist[to] == REF_UNREACHABLE) {
                if (s != ASTAR_NO_PATH || first != ASTAR_NO_PATH)
                    fail_msg("%u -> %u: %s, expected no path", from, to, astar_status_message(s));
                assert_int_equal(next, from);
                continue;
            }
            if (s != ASTAR_OK || first != ASTAR_OK)
                fail_msg("%u -> %u: %s / %s, expected a path of cost %llu", from, to,
                         astar_status_message(s), astar_status_message(first),
                         (unsigned long long)dist[to]);
            uint64_t walked;
            assert_true(test_graph_path_valid(t, from, to, nodes, path.length, &walked));
            if (path.cost != dist[to] || walked != dist[to])
                fail_msg("%u -> %u: cost %u (walked %llu), least %llu", from, to, path.cost,
                         (unsigned long long)walked, (unsigned long long)dist[to]);
            assert_int_equal(path.expanded, path.length - 1);
            assert_int_equal(next, path.length > 1 ? nodes[1] : from);
        }
    }
}

/* Random graphs of up to 64 nodes (util/graphs.c: directed or not, sparse
 * or dense, parallel edges), some nodes disabled before the build. */
static void test_random_graphs(void **state)
{
    (void)state;
    rng r = { 4242 };
    static test_graph t;
    for (int trial = 0; trial < RANDOM_GRAPHS; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        int disable = rng_below(&r, 3) == 0 ? 1 + rng_below(&r, 4) : 0;
        for (int i = 0; i < disable; i++) {
            uint32_t v = (uint32_t)rng_below(&r, (int)t.nodes);
            t.disabled[v] = true;
            assert_int_equal(astar_graph_set_enabled(g, v, false), ASTAR_OK);
        }
        astar_cpd *cpd = build(g, (astar_cpd_order)(trial % 2), 1 + trial % 3);
        expect_every_pair(&t, cpd);
        astar_cpd_info info;
        assert_int_equal(astar_cpd_describe(cpd, &info), ASTAR_OK);
        uint32_t enabled = 0;
        for (uint32_t v = 0; v < t.nodes; v++)
            enabled += !t.disabled[v];
        assert_int_equal(info.nodes, t.nodes);
        assert_int_equal(info.walkable, enabled);
        assert_true(info.width == 0 && info.height == 0);
        assert_true(info.runs >= enabled && info.runs <= (size_t)enabled * enabled);
        astar_cpd_delete(cpd);
        astar_graph_delete(g);
    }
}

/* All-pairs least costs of an edge list over n nodes, Floyd-Warshall:
 * for graphs past util/graphs.c's 64 nodes. */
static uint64_t *all_pairs(uint32_t n, const test_edge *edges, size_t count)
{
    uint64_t *d = malloc((size_t)n * n * sizeof *d);
    assert_non_null(d);
    for (size_t i = 0; i < (size_t)n * n; i++)
        d[i] = i % (n + 1) == 0 ? 0 : REF_UNREACHABLE;
    for (size_t e = 0; e < count; e++) {
        uint64_t *at = &d[(size_t)edges[e].from * n + edges[e].to];
        if (edges[e].cost < *at)
            *at = edges[e].cost;
    }
    for (uint32_t k = 0; k < n; k++)
        for (uint32_t i = 0; i < n; i++) {
            if (d[(size_t)i * n + k] == REF_UNREACHABLE)
                continue;
            for (uint32_t j = 0; j < n; j++)
                if (d[(size_t)k * n + j] != REF_UNREACHABLE &&
                    d[(size_t)i * n + k] + d[(size_t)k * n + j] < d[(size_t)i * n + j])
                    d[(size_t)i * n + j] = d[(size_t)i * n + k] + d[(size_t)k * n + j];
        }
    return d;
}

/* Hubs of more out-edges than a move set has bits (63): first moves
 * past edge 62 and, with 63 or more, the "none" code take the sets' high
 * code. Each hub joins most nodes, the rest of the graph is sparse, and
 * many costs tie, so that rows mix low and high moves in one run. */
static void test_hubs(void **state)
{
    (void)state;
    rng r = { 99 };
    enum { N = 200 };
    static test_edge edges[N * 8];
    uint32_t *nodes = malloc((N + 1) * sizeof *nodes);
    assert_non_null(nodes);
    for (int trial = 0; trial < 6; trial++) {
        size_t count = 0;
        astar_graph_builder *b;
        assert_int_equal(astar_graph_builder_new(N, ASTAR_GRAPH_DIRECTED, &b), ASTAR_OK);
        for (uint32_t hub = 0; hub < 3; hub++)
            for (uint32_t v = 0; v < N; v++)
                if (v != hub * 7 && rng_below(&r, 10) < 8)
                    edges[count++] = (test_edge){ hub * 7, v, 5 + (uint32_t)rng_below(&r, 3) };
        for (uint32_t v = 0; v < N; v++)
            for (int k = 0; k < 2 + trial % 3; k++) {
                uint32_t w = (uint32_t)rng_below(&r, N);
                if (w != v)
                    edges[count++] = (test_edge){ v, w, 1 + (uint32_t)rng_below(&r, 4) };
            }
        for (size_t e = 0; e < count; e++)
            assert_int_equal(astar_graph_builder_edge(b, edges[e].from, edges[e].to, edges[e].cost),
                             ASTAR_OK);
        astar_graph *g;
        assert_int_equal(astar_graph_new(b, &g, NULL), ASTAR_OK);
        astar_graph_builder_delete(b);
        uint64_t *d = all_pairs(N, edges, count);
        astar_cpd *cpd = build(g, (astar_cpd_order)(trial % 2), 2);
        for (uint32_t from = 0; from < N; from++)
            for (uint32_t to = 0; to < N; to++) {
                astar_route path = { .nodes = nodes, .capacity = N + 1 };
                astar_status s = astar_graph_cpd_path(cpd, from, to, &path);
                uint64_t best = d[(size_t)from * N + to];
                if (best == REF_UNREACHABLE) {
                    assert_int_equal(s, ASTAR_NO_PATH);
                    continue;
                }
                if (s != ASTAR_OK || path.cost != best)
                    fail_msg("trial %d, %u -> %u: %s, cost %u, least %llu", trial, from, to,
                             astar_status_message(s), path.cost, (unsigned long long)best);
                uint64_t walked = 0;
                for (size_t i = 1; i < path.length; i++) {
                    uint32_t cost;
                    assert_int_equal(astar_graph_edge_cost(g, nodes[i - 1], nodes[i], &cost),
                                     ASTAR_OK);
                    walked += cost;
                }
                assert_int_equal(walked, best);
            }
        free(d);
        astar_cpd_delete(cpd);
        astar_graph_delete(g);
    }
    free(nodes);
}

/* grid's graph (octile costs) into *g, and a CPD of each in this order. */
static void build_both(const astar_grid *grid, astar_cpd_order order, astar_graph **g,
                       astar_cpd **on_grid, astar_cpd **on_graph)
{
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    assert_int_equal(astar_graph_new_from_grid(grid, &o, g), ASTAR_OK);
    *on_graph = build(*g, order, 2);
    assert_int_equal(astar_cpd_new(grid, &o, order, 2, on_grid), ASTAR_OK);
}

/* The paths of a CPD of a grid's graph (astar_graph_new_from_grid: node i is
 * cell i) cost what those of the grid's own CPD do, from every `every`-th
 * cell to every cell, or fail alike. */
static void expect_costs_as_grid(const astar_grid *grid, const astar_cpd *on_grid,
                                 const astar_cpd *on_graph, int every)
{
    int w = astar_grid_width(grid), cells = w * astar_grid_height(grid);
    astar_point *points = malloc((size_t)cells * sizeof *points);
    uint32_t *nodes = malloc((size_t)cells * sizeof *nodes);
    assert_true(points && nodes);
    for (int from = 0; from < cells; from += every)
        for (int to = 0; to < cells; to++) {
            astar_route grid_path = { .points = points, .capacity = (size_t)cells };
            astar_route graph_path = { .nodes = nodes, .capacity = (size_t)cells };
            astar_status a = astar_cpd_path(on_grid, (astar_point){ from % w, from / w },
                                            (astar_point){ to % w, to / w }, &grid_path);
            astar_status b = astar_graph_cpd_path(on_graph, (uint32_t)from, (uint32_t)to,
                                                  &graph_path);
            assert_int_equal(a, b);
            if (a == ASTAR_OK)
                assert_int_equal(grid_path.cost, graph_path.cost);
        }
    free(points);
    free(nodes);
}

/* A grid's graph (astar_graph_new_from_grid) and the grid's own CPD give the
 * same least costs on every pair of a benchmark map's corner. */
static void test_grid_graph_matches_grid(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "..........#.....", ".####.....#..##.", ".#..#..2.....#..", ".#..#.....####..",
        "....###.......3.", "..#.....#####...", "..#..5..#...#...", "........#.......",
    };
    astar_grid *grid = ref_grid_from_rows(rows, 8);
    astar_graph *g;
    astar_cpd *on_grid, *on_graph;
    build_both(grid, ASTAR_CPD_ORDER_DFS, &g, &on_grid, &on_graph);
    expect_costs_as_grid(grid, on_grid, on_graph, 1);
    /* The kinds do not mix. */
    uint32_t next;
    astar_point p;
    astar_point points[256];
    uint32_t nodes[256];
    astar_route grid_path = { .points = points, .capacity = 256 };
    astar_route graph_path = { .nodes = nodes, .capacity = 256 };
    assert_int_equal(astar_graph_cpd_first_move(on_grid, 0, 1, &next), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_path(on_grid, 0, 1, &graph_path), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_first_move(on_graph, (astar_point){ 0, 0 }, (astar_point){ 1, 0 }, &p),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_path(on_graph, (astar_point){ 0, 0 }, (astar_point){ 1, 0 },
                                    &grid_path),
                     ASTAR_INVALID_ARGUMENT);
    /* A grid's file is no graph's, and a graph's no grid's. */
    astar_error err;
    astar_cpd *none = NULL;
    assert_int_equal(astar_cpd_save(on_grid, temp_file, NULL), ASTAR_OK);
    assert_int_equal(astar_graph_cpd_load(temp_file, g, &none, &err), ASTAR_MAP_CHANGED);
    assert_non_null(strstr(err.message, "made for a grid, not a graph"));
    assert_int_equal(astar_cpd_save(on_graph, temp_file, NULL), ASTAR_OK);
    assert_int_equal(astar_cpd_load(temp_file, grid, &none, &err), ASTAR_MAP_CHANGED);
    assert_non_null(strstr(err.message, "made for a graph, not a grid"));
    assert_null(none);
    remove(temp_file);
    astar_cpd_delete(on_graph);
    astar_cpd_delete(on_grid);
    astar_graph_delete(g);
    astar_grid_delete(grid);
}

/* A grid of rows hundreds of runs long (util/grids.h) made into a graph:
 * its CPD, given heads (cpd.h; too few rows for heads of its own), reads
 * its rows through them, and its paths cost what the grid's own CPD's do,
 * from every seventh node to every node. */
static void test_long_rows(void **state)
{
    (void)state;
    astar_grid *grid = long_rows_grid(40);
    astar_graph *g;
    astar_cpd *on_grid, *on_graph;
    build_both(grid, ASTAR_CPD_ORDER_ROWS, &g, &on_grid, &on_graph);
    assert_true(astar__cpd_add_heads(on_graph));
    astar_cpd_info info;
    assert_int_equal(astar_cpd_describe(on_graph, &info), ASTAR_OK);
    assert_true(info.heads);
    expect_costs_as_grid(grid, on_grid, on_graph, 7);
    astar_cpd_delete(on_graph);
    astar_cpd_delete(on_grid);
    astar_graph_delete(g);
    astar_grid_delete(grid);
}

static void expect_same_answers(const test_graph *t, const astar_cpd *a, const astar_cpd *b)
{
    for (uint32_t from = 0; from < t->nodes; from++)
        for (uint32_t to = 0; to < t->nodes; to++) {
            uint32_t na[TEST_GRAPH_MAX_NODES + 1], nb[TEST_GRAPH_MAX_NODES + 1];
            astar_route pa = { .nodes = na, .capacity = TEST_GRAPH_MAX_NODES + 1 };
            astar_route pb = { .nodes = nb, .capacity = TEST_GRAPH_MAX_NODES + 1 };
            assert_int_equal(astar_graph_cpd_path(a, from, to, &pa),
                             astar_graph_cpd_path(b, from, to, &pb));
            assert_int_equal(pa.length, pb.length);
            assert_int_equal(pa.cost, pb.cost);
            assert_memory_equal(na, nb, pa.length * sizeof *na);
        }
}

static void test_save_and_load(void **state)
{
    (void)state;
    rng r = { 2024 };
    static test_graph t;
    for (int trial = 0; trial < 20; trial++) {
        astar_graph *g;
        test_graph_random(&r, &t, &g);
        astar_cpd *built = build(g, (astar_cpd_order)(trial % 2), 2), *loaded, *parsed;
        astar_error err;
        assert_int_equal(astar_cpd_save(built, temp_file, &err), ASTAR_OK);
        assert_int_equal(astar_graph_cpd_load(temp_file, g, &loaded, &err), ASTAR_OK);
        size_t size;
        uint8_t *bytes = (uint8_t *)read_whole_file(temp_file, &size);
        assert_int_equal(astar_graph_cpd_parse(bytes, size, "bytes", g, &parsed, &err),
                         ASTAR_OK);
        astar_cpd_info bi, li;
        assert_int_equal(astar_cpd_describe(built, &bi), ASTAR_OK);
        assert_int_equal(astar_cpd_describe(loaded, &li), ASTAR_OK);
        assert_int_equal(bi.file_bytes, size);
        assert_true(bi.nodes == li.nodes && bi.walkable == li.walkable && bi.runs == li.runs &&
                    bi.bytes == li.bytes && bi.order == li.order);
        expect_same_answers(&t, built, loaded);
        expect_same_answers(&t, built, parsed);
        free(bytes);
        astar_cpd_delete(built);
        astar_cpd_delete(loaded);
        astar_cpd_delete(parsed);
        astar_graph_delete(g);
    }
    remove(temp_file);
}

static int parse_status(const uint8_t *bytes, size_t size, const void *map)
{
    const astar_graph *g = map;
    astar_cpd *cpd = (astar_cpd *)&cpd;
    astar_error err;
    astar_status s = astar_graph_cpd_parse(bytes, size, "damaged.cpd", g, &cpd, &err);
    if (s == ASTAR_OK) {
        astar_cpd_delete(cpd);
        return s;
    }
    assert_null(cpd);
    assert_int_equal(err.status, s);
    assert_true(strncmp(err.message, "damaged.cpd: ", 13) == 0);
    return s;
}

/* A graph of 6 nodes: 0 -> 1 -> 2 -> 3, 0 -> 4 -> 3, 5 alone; largest
 * out-degree 2, so moves take 2 bits and "none" is 2. */
static astar_graph *small_graph(void)
{
    astar_graph_builder *b;
    assert_int_equal(astar_graph_builder_new(6, ASTAR_GRAPH_DIRECTED, &b), ASTAR_OK);
    static const uint32_t e[][3] = { { 0, 1, 2 }, { 1, 2, 2 }, { 2, 3, 2 }, { 0, 4, 3 },
                                     { 4, 3, 4 }, { 3, 0, 1 } };
    for (size_t i = 0; i < sizeof e / sizeof *e; i++)
        assert_int_equal(astar_graph_builder_edge(b, e[i][0], e[i][1], e[i][2]), ASTAR_OK);
    astar_graph *g;
    assert_int_equal(astar_graph_new(b, &g, NULL), ASTAR_OK);
    astar_graph_builder_delete(b);
    return g;
}

/* Each byte flipped, every cut, crafted contents with the checksum right,
 * a file for another graph. */
static void test_damaged_files(void **state)
{
    (void)state;
    astar_graph *g = small_graph();
    astar_cpd *cpd = build(g, ASTAR_CPD_ORDER_ROWS, 1);
    assert_int_equal(astar_cpd_save(cpd, temp_file, NULL), ASTAR_OK);
    size_t size;
    uint8_t *bytes = (uint8_t *)read_whole_file(temp_file, &size);
    cpd_file_expect_damage_refused(bytes, size, parse_status, g);

    size_t runs_at = cpd_file_runs_at(bytes, size);
    uint8_t *crafted = malloc(size);
    assert_non_null(crafted);
    /* A move of 3, past "none" (2). */
    memcpy(crafted, bytes, size);
    crafted[runs_at] = (uint8_t)((crafted[runs_at] & ~3u) | 3);
    cpd_file_reseal(crafted, size);
    assert_int_equal(parse_status(crafted, size, g), ASTAR_PARSE_ERROR);
    /* A kind byte no build writes, moves or costs set on a graph's. */
    for (int at = 20; at <= 23; at += 1) {
        if (at == 22)
            continue;
        memcpy(crafted, bytes, size);
        crafted[at] = at == 23 ? 7 : 1;
        cpd_file_reseal(crafted, size);
        assert_int_equal(parse_status(crafted, size, g), ASTAR_PARSE_ERROR);
    }
    /* Every move 1: node 1 has one out-edge (index 0), so its move 1 names
     * an edge it does not have - seen by the queries only. */
    memcpy(crafted, bytes, size);
    for (size_t k = runs_at; k < size - 8; k += 4)
        crafted[k] = (uint8_t)((bytes[k] & ~3u) | 1);
    cpd_file_reseal(crafted, size);
    astar_cpd *bad;
    assert_int_equal(astar_graph_cpd_parse(crafted, size, NULL, g, &bad, NULL), ASTAR_OK);
    uint32_t nodes[8], next;
    astar_route path = { .nodes = nodes, .capacity = 8 };
    assert_int_equal(astar_graph_cpd_first_move(bad, 1, 3, &next), ASTAR_INVALID_PATH);
    assert_int_equal(astar_graph_cpd_path(bad, 1, 3, &path), ASTAR_INVALID_PATH);
    astar_cpd_delete(bad);
    free(crafted);

    /* Another graph: one edge's cost changed, a node disabled. */
    astar_error err;
    astar_cpd *none;
    astar_graph *other = small_graph();
    assert_int_equal(astar_graph_set_edge_cost(other, 4, 3, 5), ASTAR_OK);
    assert_int_equal(astar_graph_cpd_load(temp_file, other, &none, &err), ASTAR_MAP_CHANGED);
    assert_non_null(strstr(err.message, "made for another graph"));
    astar_graph_delete(other);
    other = small_graph();
    assert_int_equal(astar_graph_set_enabled(other, 5, false), ASTAR_OK);
    assert_int_equal(astar_graph_cpd_load(temp_file, other, &none, &err), ASTAR_MAP_CHANGED);
    assert_null(none);
    astar_graph_delete(other);
    assert_int_equal(astar_graph_cpd_load("no/such/file.cpd", g, &none, &err),
                     ASTAR_IO_ERROR);
    remove(temp_file);
    free(bytes);
    astar_cpd_delete(cpd);
    astar_graph_delete(g);
}

/* An edit after the build makes every answer stale. */
static void test_edits_make_it_stale(void **state)
{
    (void)state;
    astar_graph *g = small_graph();
    astar_cpd *cpd = build(g, ASTAR_CPD_ORDER_DFS, 1);
    uint32_t next, nodes[8];
    astar_route path = { .nodes = nodes, .capacity = 8 };
    assert_int_equal(astar_graph_cpd_first_move(cpd, 0, 3, &next), ASTAR_OK);
    assert_int_equal(next, 1);
    assert_int_equal(astar_graph_cpd_path(cpd, 0, 3, &path), ASTAR_OK);
    assert_true(path.length == 4 && path.cost == 6);
    assert_int_equal(astar_graph_cpd_path(cpd, 0, 5, &path), ASTAR_NO_PATH);
    assert_int_equal(astar_graph_set_edge_cost(g, 1, 2, 9), ASTAR_OK);
    assert_int_equal(astar_graph_cpd_first_move(cpd, 0, 3, &next), ASTAR_MAP_CHANGED);
    assert_int_equal(next, 0);
    assert_int_equal(astar_graph_cpd_path(cpd, 0, 3, &path), ASTAR_MAP_CHANGED);
    assert_int_equal(path.length, 0);
    astar_cpd_delete(cpd);
    /* Built again, it takes the other way. */
    cpd = build(g, ASTAR_CPD_ORDER_DFS, 1);
    assert_int_equal(astar_graph_cpd_first_move(cpd, 0, 3, &next), ASTAR_OK);
    assert_int_equal(next, 4);
    astar_cpd_delete(cpd);
    astar_graph_delete(g);
}

static void test_arguments(void **state)
{
    (void)state;
    astar_graph *g = small_graph();
    astar_cpd *cpd = (astar_cpd *)&cpd;
    assert_int_equal(astar_graph_cpd_new(NULL, ASTAR_CPD_ORDER_DFS, 1, &cpd),
                     ASTAR_INVALID_ARGUMENT);
    assert_null(cpd);
    assert_int_equal(astar_graph_cpd_new(g, ASTAR_CPD_ORDER_DFS, 1, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_new(g, ASTAR_CPD_ORDER_DFS, 0, &cpd),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_new(g, ASTAR_CPD_ORDER_DFS, ASTAR_CPD_MAX_THREADS + 1, &cpd),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_new(g, (astar_cpd_order)2, 1, &cpd),
                     ASTAR_INVALID_ARGUMENT);
    astar_allocator half = { .allocate = NULL };
    assert_int_equal(astar_graph_cpd_new_with(g, ASTAR_CPD_ORDER_DFS, 1, &half, &cpd),
                     ASTAR_INVALID_ARGUMENT);
    /* More threads than rows: the spare ones never start. */
    cpd = build(g, ASTAR_CPD_ORDER_DFS, 16);
    uint32_t nodes[8], next;
    astar_route path = { .nodes = nodes, .capacity = 8 };
    assert_int_equal(astar_graph_cpd_first_move(NULL, 0, 3, &next), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_first_move(cpd, 0, 3, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_path(NULL, 0, 3, &path), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_path(cpd, 0, 3, NULL), ASTAR_INVALID_ARGUMENT);
    astar_route no_buffer = { .capacity = 3 };
    assert_int_equal(astar_graph_cpd_path(cpd, 0, 3, &no_buffer), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_path(cpd, 6, 3, &path), ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_cpd_path(cpd, 0, 6, &path), ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_graph_cpd_path(cpd, 0, 0, &path), ASTAR_OK);
    assert_true(path.length == 1 && path.cost == 0 && path.expanded == 0);
    assert_int_equal(astar_graph_cpd_first_move(cpd, 2, 2, &next), ASTAR_OK);
    assert_int_equal(next, 2);
    /* 3 -> 2 is 3 -> 0 -> 1 -> 2, cost 5: a buffer of two holds its start. */
    path.capacity = 2;
    assert_int_equal(astar_graph_cpd_path(cpd, 3, 2, &path), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_true(path.length == 4 && path.cost == 5 && path.expanded == 3);
    assert_true(nodes[0] == 3 && nodes[1] == 0);
    assert_int_equal(path.cut, 2);
    /* No buffer asks for the answer without the nodes (astar/route.h). */
    astar_route cost_only = { 0 };
    assert_int_equal(astar_graph_cpd_path(cpd, 3, 2, &cost_only), ASTAR_OK);
    assert_int_equal(cost_only.cost, 5);
    astar_cpd *loaded = (astar_cpd *)&loaded;
    assert_int_equal(astar_graph_cpd_load(NULL, g, &loaded, NULL), ASTAR_INVALID_ARGUMENT);
    assert_null(loaded);
    assert_int_equal(astar_graph_cpd_load(temp_file, NULL, &loaded, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_graph_cpd_parse(NULL, 4, NULL, g, &loaded, NULL),
                     ASTAR_INVALID_ARGUMENT);
    astar_cpd_delete(cpd);

    /* Disabled ends, as the graph search refuses them. */
    assert_int_equal(astar_graph_set_enabled(g, 4, false), ASTAR_OK);
    cpd = build(g, ASTAR_CPD_ORDER_ROWS, 1);
    assert_int_equal(astar_graph_cpd_path(cpd, 4, 3, &path), ASTAR_START_BLOCKED);
    assert_int_equal(astar_graph_cpd_first_move(cpd, 0, 4, &next), ASTAR_GOAL_BLOCKED);
    astar_cpd_info info;
    assert_int_equal(astar_cpd_describe(cpd, &info), ASTAR_OK);
    assert_true(info.nodes == 6 && info.walkable == 5);
    astar_cpd_delete(cpd);
    astar_graph_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_graphs),
        cmocka_unit_test(test_hubs),
        cmocka_unit_test(test_grid_graph_matches_grid),
        cmocka_unit_test(test_long_rows),
        cmocka_unit_test(test_save_and_load),
        cmocka_unit_test(test_damaged_files),
        cmocka_unit_test(test_edits_make_it_stale),
        cmocka_unit_test(test_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
