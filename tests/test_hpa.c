/*
 * test_hpa.c - Two tiers (astar/hpa.h) against the reference solver: on
 * random grids with terrain costs, under every moves and costs, and after
 * random edits, every path is legal (astar_path_check), costs what it
 * says and no less than the least cost, and a path exists exactly when
 * the reference reaches the goal; the segments refined one by one are the
 * path; the graph after edits is the one built from scratch. Also buffers
 * too small, refusals, islands, and the benchmark's scenarios on a few
 * real maps, with their suboptimality printed.
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
#include "util/bench_maps.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

#ifdef ASTAR_TEST_SANITIZED
enum { TRIALS = 120, SCEN_STRIDE = 23 };
#else
enum { TRIALS = 600, SCEN_STRIDE = 3 };
#endif
enum { QUERIES = 8, EDIT_ROUNDS = 3, MAX_SIDE = 40, PATH_ROOM = 4 * MAX_SIDE * MAX_SIDE };
/* test_long_stretches's clusters, and its grid (three clusters by two):
 * the largest grid these tests query. */
enum { LONG_CLUSTER = 40, LONG_WIDTH = 3 * LONG_CLUSTER, LONG_HEIGHT = 2 * LONG_CLUSTER };

/* An edge of the graph between entrance cells, for comparing graphs. */
typedef struct edge_row {
    int fx, fy, tx, ty;
    uint32_t cost;
} edge_row;


/* Segment i of the route kept into cells, its length into *n. */
static astar_status refine(astar_hpa *hpa, size_t i, astar_point *cells, size_t capacity,
                           size_t *n)
{
    astar_route segment = { .points = cells, .capacity = capacity };
    astar_status s = astar_hpa_refine(hpa, i, &segment);
    *n = segment.length;
    return s;
}
static int compare_rows(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(edge_row));
}

static astar_point node_cell(const astar_graph *g, uint32_t v)
{
    double x, y;
    assert_true(astar_graph_position(g, v, &x, &y));
    return (astar_point){ (int)x, (int)y };
}

/* The entrance edges of hpa as a sorted list (n of them); the caller frees. */
static edge_row *graph_rows(const astar_hpa *hpa, size_t *n)
{
    const astar_graph *g = astar_hpa_graph(hpa);
    uint32_t nodes = astar_hpa_nodes(hpa);
    edge_row *rows = malloc(((size_t)astar_graph_edges(g) + 1) * sizeof *rows);
    assert_non_null(rows);
    *n = 0;
    for (uint32_t v = 0; v < nodes; v++) {
        uint32_t out;
        assert_int_equal(astar_graph_out_count(g, v, &out), ASTAR_OK);
        for (uint32_t i = 0; i < out; i++) {
            uint32_t to, cost;
            assert_int_equal(astar_graph_out_edge(g, v, i, &to, &cost), ASTAR_OK);
            if (to >= nodes)
                continue; /* the query's edges */
            astar_point a = node_cell(g, v), b = node_cell(g, to);
            memset(&rows[*n], 0, sizeof rows[*n]);
            rows[*n] = (edge_row){ a.x, a.y, b.x, b.y, cost };
            (*n)++;
        }
    }
    qsort(rows, *n, sizeof *rows, compare_rows);
    return rows;
}

/* hpa's graph is the one a new hpa builds over its grid now, with hpa's
 * crossings. */
static void expect_as_built(const astar_hpa *hpa, const astar_grid *grid,
                            const astar_options *options)
{
    astar_hpa *fresh;
    assert_int_equal(astar_hpa_new(grid, options, astar_hpa_cluster_size(hpa), &fresh, NULL),
                     ASTAR_OK);
    assert_int_equal(astar_hpa_crossings_of(fresh), ASTAR_HPA_CROSS_MIDDLE);
    assert_int_equal(astar_hpa_set_crossings(fresh, astar_hpa_crossings_of(hpa), NULL), ASTAR_OK);
    assert_int_equal(astar_hpa_nodes(hpa), astar_hpa_nodes(fresh));
    for (uint32_t v = 0; v < astar_hpa_nodes(hpa); v++) {
        astar_point a = node_cell(astar_hpa_graph(hpa), v), b = node_cell(astar_hpa_graph(fresh), v);
        assert_int_equal(a.x, b.x);
        assert_int_equal(a.y, b.y);
    }
    size_t n, m;
    edge_row *ours = graph_rows(hpa, &n), *theirs = graph_rows(fresh, &m);
    assert_int_equal(n, m);
    assert_memory_equal(ours, theirs, n * sizeof *ours);
    free(ours);
    free(theirs);
    astar_hpa_delete(fresh);
}

/* Ends that share a cluster: the route is no dearer than the best path
 * inside that cluster, which the query searches for itself. Returns
 * whether they share one. */
static bool check_inside_cluster(const astar_hpa *hpa, const astar_grid *grid,
                                 const astar_options *options, astar_point start,
                                 astar_point goal, uint32_t cost)
{
    int size = astar_hpa_cluster_size(hpa), w = astar_grid_width(grid);
    int x0 = start.x / size * size, y0 = start.y / size * size;
    if (goal.x / size * size != x0 || goal.y / size * size != y0)
        return false;
    static bool outside[LONG_WIDTH * LONG_HEIGHT];
    static uint64_t inside[LONG_WIDTH * LONG_HEIGHT];
    for (int y = 0; y < astar_grid_height(grid); y++)
        for (int x = 0; x < w; x++)
            outside[y * w + x] = x < x0 || y < y0 || x >= x0 + size || y >= y0 + size;
    ref_least_costs_avoiding(grid, outside, options->moves, options->costs, start, inside);
    uint64_t best = inside[goal.y * w + goal.x];
    if (best != REF_UNREACHABLE && cost > best)
        fail_msg("(%d, %d) -> (%d, %d) in one cluster: route %u, %llu inside it", start.x,
                 start.y, goal.x, goal.y, cost, (unsigned long long)best);
    return true;
}

/* One query checked against the reference's least costs from start;
 * returns the most steps one way in a row inside one of its refined
 * segments (0 without a path). */
static size_t check_query(astar_hpa *hpa, astar_hpa *plain, const astar_grid *grid,
                        const astar_options *options, astar_point start, astar_point goal,
                        const uint64_t *least, double *worst, long *shared)
{
    static astar_point cells[PATH_ROOM], route[PATH_ROOM], straight[PATH_ROOM],
        again[PATH_ROOM], segment[ASTAR_HPA_MAX_CLUSTER * ASTAR_HPA_MAX_CLUSTER];
    /* The path a caller gets: straightened, legal, its cost its own. */
    astar_route fine = { .points = straight, .capacity = PATH_ROOM };
    assert_true(astar_hpa_straightens(hpa));
    astar_status s = astar_hpa_find_path(hpa, start, goal, options, &fine);
    uint64_t best = least[(size_t)goal.y * (size_t)astar_grid_width(grid) + (size_t)goal.x];
    if (best == REF_UNREACHABLE) {
        assert_int_equal(s, ASTAR_NO_PATH);
        return 0;
    }
    assert_int_equal(s, ASTAR_OK);
    astar_path_measure m;
    astar_error err;
    if (astar_path_check(grid, options, start, goal, straight, fine.length, &m, &err) != ASTAR_OK)
        fail_msg("illegal straightened path: %s", err.message);
    assert_int_equal(m.cost, fine.cost);
    assert_true(fine.cost >= best);
    /* The path as refined, asked for: the straightened one is it passed
     * through astar_path_straighten. */
    assert_int_equal(astar_hpa_set_straighten(hpa, false), ASTAR_OK);
    astar_route path = { .points = cells, .capacity = PATH_ROOM };
    assert_int_equal(astar_hpa_find_path(hpa, start, goal, options, &path), ASTAR_OK);
    assert_int_equal(astar_hpa_set_straighten(hpa, true), ASTAR_OK);
    if (astar_path_check(grid, options, start, goal, cells, path.length, &m, &err) != ASTAR_OK)
        fail_msg("illegal path: %s", err.message);
    assert_int_equal(m.cost, path.cost);
    assert_true(fine.cost <= path.cost);
    astar_route redone = { .points = again, .capacity = PATH_ROOM };
    assert_int_equal(astar_path_straighten(grid, options, cells, path.length, &redone), ASTAR_OK);
    assert_int_equal(redone.cost, fine.cost);
    assert_int_equal(redone.length, fine.length);
    assert_memory_equal(again, straight, fine.length * sizeof *again);
    *shared += check_inside_cluster(hpa, grid, options, start, goal, path.cost);
    if (best > 0 && (double)path.cost / (double)best > *worst)
        *worst = (double)path.cost / (double)best;
    /* The same route, refined segment by segment, is the same cells. */
    astar_route r = { .points = route, .capacity = PATH_ROOM };
    assert_int_equal(astar_hpa_find_route(hpa, start, goal, options, &r), ASTAR_OK);
    assert_int_equal(r.cost, path.cost);
    /* The landmarks' H only spares the graph search nodes: the route
     * found without them costs the same. */
    if (plain) {
        astar_route p = { 0 };
        assert_int_equal(astar_hpa_find_route(plain, start, goal, options, &p), ASTAR_OK);
        if (p.cost != r.cost)
            fail_msg("(%d, %d) -> (%d, %d): route %u with landmarks, %u without", start.x,
                     start.y, goal.x, goal.y, r.cost, p.cost);
    }
    size_t at = 0, longest = 0;
    for (size_t i = 0; i + 1 < r.length; i++) {
        size_t n, stretch = 0;
        assert_int_equal(refine(hpa, i, segment, sizeof segment / sizeof *segment, &n),
                         ASTAR_OK);
        assert_true(n >= 1);
        assert_int_equal(segment[0].x, route[i].x);
        assert_int_equal(segment[n - 1].y, route[i + 1].y);
        for (size_t k = i == 0 ? 0 : 1; k < n; k++, at++) {
            assert_int_equal(segment[k].x, cells[at].x);
            assert_int_equal(segment[k].y, cells[at].y);
        }
        for (size_t k = 1; k < n; k++) {
            astar_point a = segment[k > 1 ? k - 2 : 0], b = segment[k - 1], c = segment[k];
            bool same = k > 1 && c.x - b.x == b.x - a.x && c.y - b.y == b.y - a.y;
            stretch = same ? stretch + 1 : 1;
            longest = stretch > longest ? stretch : longest;
        }
    }
    assert_int_equal(at, path.length);
    return longest;
}

static astar_point walkable_cell(rng *r, const astar_grid *grid)
{
    for (;;) {
        astar_point p = random_cell(r, grid);
        if (astar_grid_walkable(grid, p.x, p.y))
            return p;
    }
}

static void test_random_grids_and_edits(void **state)
{
    (void)state;
    rng r = { 13 };
    static uint64_t least[MAX_SIDE * MAX_SIDE];
    double worst = 1;
    long queries = 0, shared = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        int w = 4 + (int)rng_below(&r, MAX_SIDE - 3), h = 4 + (int)rng_below(&r, MAX_SIDE - 3);
        grid_recipe recipe = { .blocked_percent = (int)rng_below(&r, 45),
                               .rough_chance = 1, .rough_out_of = (int)rng_below(&r, 3),
                               .min_cost = 1, .max_cost = 1 + (int)rng_below(&r, 6) };
        astar_grid *grid = random_grid(&r, w, h, recipe);
        astar_options o = astar_options_default();
        o.moves = (astar_moves)rng_below(&r, 3);
        o.costs = (astar_costs)rng_below(&r, 2);
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        int size = ASTAR_HPA_MIN_CLUSTER + (int)rng_below(&r, 12);
        astar_hpa *hpa, *plain;
        assert_int_equal(astar_hpa_new(grid, &o, size, &hpa, NULL), ASTAR_OK);
        assert_int_equal(astar_hpa_new(grid, &o, size, &plain, NULL), ASTAR_OK);
        assert_int_equal(astar_hpa_set_landmarks(plain, 0, NULL), ASTAR_OK);
        if (trial % 2) {
            assert_int_equal(astar_hpa_set_crossings(hpa, ASTAR_HPA_CROSS_ENDS, NULL), ASTAR_OK);
            assert_int_equal(astar_hpa_set_crossings(plain, ASTAR_HPA_CROSS_ENDS, NULL), ASTAR_OK);
        }
        if (trial % 3)
            assert_int_equal(astar_hpa_set_landmarks(hpa, 1 + (uint32_t)rng_below(&r, 12), NULL),
                             ASTAR_OK);
        for (int round = 0; round <= EDIT_ROUNDS; round++) {
            if (round > 0) {
                astar_point edited[6];
                int n = 1 + (int)rng_below(&r, 6);
                for (int i = 0; i < n; i++) {
                    edited[i] = random_cell(&r, grid);
                    int cost = (int)rng_below(&r, 4);
                    assert_int_equal(cost ? astar_grid_set_cost(grid, edited[i].x, edited[i].y, cost)
                                          : astar_grid_set_walkable(grid, edited[i].x,
                                                                    edited[i].y, false),
                                     ASTAR_OK);
                }
                /* Told the cells, told to read the grid's feed, or left
                 * to catch up at its first query. */
                switch ((trial + round) % 3) {
                case 0: assert_int_equal(astar_hpa_update(hpa, edited, (size_t)n, NULL), ASTAR_OK); break;
                case 1: assert_int_equal(astar_hpa_update(hpa, NULL, 0, NULL), ASTAR_OK); break;
                default: break;
                }
                assert_int_equal(astar_hpa_update(plain, edited, (size_t)n, NULL), ASTAR_OK);
            }
            for (int q = 0; q < QUERIES; q++) {
                if (q > 0 && astar_grid_walkable(grid, 0, 0) && rng_below(&r, 4) == 0)
                    continue;
                astar_point start = walkable_cell(&r, grid), goal = walkable_cell(&r, grid);
                ref_least_costs(grid, o.moves, o.costs, start, least);
                check_query(hpa, plain, grid, &o, start, goal, least, &worst, &shared);
                queries++;
            }
            if (round > 0 || trial % 10 == 0)
                expect_as_built(hpa, grid, &o);
        }
        astar_hpa_delete(plain);
        astar_hpa_delete(hpa);
        astar_grid_delete(grid);
    }
    printf("%ld queries on %d grids, every path legal, none below the least cost, "
           "reachability as the reference's; worst cost / least %.3f; %ld with both ends "
           "in one cluster, none dearer than the best path inside it\n",
           queries, TRIALS, worst, shared);
}

static void test_buffers_and_refusals(void **state)
{
    (void)state;
    astar_grid *grid;
    assert_int_equal(astar_grid_new(30, 20, &grid), ASTAR_OK);
    astar_hpa *hpa = (astar_hpa *)&hpa;
    astar_error err;
    assert_int_equal(astar_hpa_new(grid, NULL, 1, &hpa, &err), ASTAR_INVALID_ARGUMENT);
    assert_null(hpa);
    assert_int_equal(astar_hpa_new(grid, NULL, ASTAR_HPA_MAX_CLUSTER + 1, &hpa, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hpa_new(NULL, NULL, 8, &hpa, &err), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hpa_new(grid, NULL, 8, NULL, &err), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_set_topology(grid, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    assert_int_equal(astar_hpa_new(grid, NULL, 8, &hpa, &err), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_grid_set_topology(grid, ASTAR_TOPOLOGY_SQUARE), ASTAR_OK);
    assert_int_equal(astar_hpa_new(grid, NULL, 8, &hpa, &err), ASTAR_OK);

    /* An open grid's borders are open end to end. 4 x 3 clusters (the
     * last column 6 wide, the last row 4 high) have 17 borders: crossed
     * at their middles, a node on each side of each; at both ends (runs
     * of 6 pairs or more), more. */
    uint32_t middles = astar_hpa_nodes(hpa);
    assert_int_equal(middles, 2 * 17);
    assert_int_equal(astar_hpa_set_crossings(hpa, (astar_hpa_crossings)2, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hpa_set_crossings(NULL, ASTAR_HPA_CROSS_ENDS, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hpa_set_crossings(hpa, ASTAR_HPA_CROSS_ENDS, &err), ASTAR_OK);
    assert_int_equal(astar_hpa_crossings_of(hpa), ASTAR_HPA_CROSS_ENDS);
    assert_true(astar_hpa_nodes(hpa) > middles);
    expect_as_built(hpa, grid, NULL);
    assert_int_equal(astar_hpa_set_crossings(hpa, ASTAR_HPA_CROSS_MIDDLE, &err), ASTAR_OK);
    assert_int_equal(astar_hpa_nodes(hpa), middles);
    expect_as_built(hpa, grid, NULL);

    /* An edit inside a cluster updates the graph in place; one on a
     * border rebuilds it: either way, as built from scratch. */
    astar_point inside = { 3, 3 }, border = { 7, 3 };
    assert_int_equal(astar_grid_set_cost(grid, inside.x, inside.y, 5), ASTAR_OK);
    assert_int_equal(astar_hpa_update(hpa, &inside, 1, &err), ASTAR_OK);
    expect_as_built(hpa, grid, NULL);
    assert_int_equal(astar_grid_set_walkable(grid, inside.x, inside.y, false), ASTAR_OK);
    assert_int_equal(astar_hpa_update(hpa, &inside, 1, &err), ASTAR_OK);
    expect_as_built(hpa, grid, NULL);
    assert_int_equal(astar_grid_set_cost(grid, border.x, border.y, 3), ASTAR_OK);
    assert_int_equal(astar_hpa_update(hpa, &border, 1, &err), ASTAR_OK);
    expect_as_built(hpa, grid, NULL);
    assert_int_equal(astar_grid_set_cost(grid, inside.x, inside.y, 1), ASTAR_OK);
    assert_int_equal(astar_grid_set_cost(grid, border.x, border.y, 1), ASTAR_OK);
    assert_int_equal(astar_hpa_update(hpa, (astar_point[]){ inside, border }, 2, &err), ASTAR_OK);
    expect_as_built(hpa, grid, NULL);

    astar_point start = { 1, 1 }, goal = { 28, 18 };
    astar_point cells[64], few[3];
    astar_route small = { .points = few, .capacity = 3 };
    assert_int_equal(astar_hpa_find_path(hpa, start, goal, NULL, &small),
                     ASTAR_PATH_BUFFER_TOO_SMALL);
    astar_route count = { 0 };
    assert_int_equal(astar_hpa_find_path(hpa, start, goal, NULL, &count), ASTAR_OK);
    assert_true(count.length >= 28);
    assert_int_equal(count.length, small.length);
    assert_int_equal(count.cost, small.cost);
    astar_route route = { .points = few, .capacity = 1 };
    assert_int_equal(astar_hpa_find_route(hpa, start, goal, NULL, &route),
                     ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_true(route.length > 1);
    size_t n;
    assert_int_equal(refine(hpa, 0, few, 1, &n), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_true(n > 1);
    assert_int_equal(refine(hpa, route.length - 1, cells, 64, &n),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(refine(hpa, 0, NULL, 4, &n), ASTAR_INVALID_ARGUMENT);

    astar_options other = astar_options_default();
    other.costs = ASTAR_COSTS_OCTILE;
    assert_int_equal(astar_hpa_find_path(hpa, start, goal, &other, &count),
                     ASTAR_INVALID_ARGUMENT);
    other = astar_options_default();
    other.algorithm = ASTAR_ALGORITHM_JPS;
    assert_int_equal(astar_hpa_find_path(hpa, start, goal, &other, &count), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_hpa_find_path(hpa, (astar_point){ 30, 0 }, goal, NULL, &count),
                     ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_hpa_find_path(hpa, start, (astar_point){ 0, -1 }, NULL, &count),
                     ASTAR_GOAL_OUT_OF_BOUNDS);

    /* A wall across the grid: islands answer before any search. */
    route.capacity = 0;
    route.points = NULL;
    assert_int_equal(astar_hpa_find_route(hpa, start, goal, NULL, &route), ASTAR_OK);
    for (int y = 0; y < 20; y++)
        assert_int_equal(astar_grid_set_walkable(grid, 15, y, false), ASTAR_OK);
    /* The route kept is from before the wall; a query catches up with it. */
    assert_int_equal(refine(hpa, 0, cells, 64, &n), ASTAR_MAP_CHANGED);
    assert_int_equal(astar_hpa_find_path(hpa, start, (astar_point){ 15, 3 }, NULL, &count),
                     ASTAR_GOAL_BLOCKED);
    assert_int_equal(astar_hpa_find_path(hpa, start, goal, NULL, &count), ASTAR_NO_PATH);
    astar_point wall[20];
    for (int y = 0; y < 20; y++)
        wall[y] = (astar_point){ 15, y };
    assert_int_equal(astar_hpa_update(hpa, wall, 20, &err), ASTAR_OK);
    assert_int_equal(astar_hpa_find_path(hpa, start, goal, NULL, &count), ASTAR_NO_PATH);
    assert_int_equal(astar_grid_enable_islands(grid), ASTAR_OK);
    assert_int_equal(astar_hpa_find_path(hpa, start, goal, NULL, &count), ASTAR_NO_PATH);
    assert_int_equal(count.expanded, 0); /* the islands answer before any search */
    assert_int_equal(astar_hpa_update(hpa, NULL, 0, &err), ASTAR_OK);
    assert_int_equal(astar_hpa_update(hpa, NULL, 1, &err), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hpa_update(hpa, (astar_point[]){ { 30, 0 } }, 1, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_true(astar_hpa_bytes(hpa) > 0);
    assert_int_equal(astar_hpa_bytes(NULL), 0);
    astar_hpa_delete(hpa);
    astar_hpa_delete(NULL);
    astar_grid_delete(grid);
}

/* Large clusters on open ground: a segment between two entrances goes
 * straight or diagonally for up to 39 steps, more than a run of a
 * cluster's stored ways holds (32), so those ways are kept as several runs
 * one way. A query along the grid's top or bottom row crosses the middle
 * cluster between the entrances at its corners, 39 steps; others go from
 * those corners to cells drawn at random. Every path is checked as on the
 * random grids. */
static void test_long_stretches(void **state)
{
    (void)state;
    static uint64_t least[LONG_WIDTH * LONG_HEIGHT];
    rng r = { 29 };
    astar_grid *grid = random_grid(&r, LONG_WIDTH, LONG_HEIGHT, (grid_recipe){ 0 });
    double worst = 1;
    long shared = 0;
    size_t longest = 0;
    for (int moves = 0; moves < 3; moves++) {
        astar_options o = astar_options_default();
        o.moves = (astar_moves)moves;
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        astar_hpa *hpa;
        assert_int_equal(astar_hpa_new(grid, &o, LONG_CLUSTER, &hpa, NULL), ASTAR_OK);
        for (int y = 0; y < LONG_HEIGHT; y += LONG_HEIGHT - 1) {
            astar_point start = { 0, y };
            ref_least_costs(grid, o.moves, o.costs, start, least);
            for (int q = 0; q < 8; q++) {
                astar_point goal = { LONG_WIDTH - 1, y };
                if (q > 0)
                    goal = walkable_cell(&r, grid);
                size_t l = check_query(hpa, NULL, grid, &o, start, goal, least, &worst, &shared);
                longest = l > longest ? l : longest;
            }
        }
        astar_hpa_delete(hpa);
    }
    printf("48 queries with clusters of %d, every path legal; longest stretch one way inside "
           "a segment %zu steps\n",
           LONG_CLUSTER, longest);
    assert_true(longest > 32);
    astar_grid_delete(grid);
}

/* Every SCEN_STRIDE-th problem of a few maps: legal, never below the
 * optimal length (which the files round: tools/scen.c's tolerance), and
 * the suboptimality printed. */
static void test_scenarios(void **state)
{
    (void)state;
    static const char *const maps[] = { "dao/arena", "bg512/AR0011SR", "maze/maze512-1-0",
                                        "room/16room_000" };
    static astar_point cells[1 << 20];
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    for (size_t m = 0; m < sizeof maps / sizeof *maps; m++) {
        astar_grid *grid;
        astar_scenario *scen;
        bench_map_load(maps[m], &grid, &scen);
        astar_hpa *hpa;
        assert_int_equal(astar_hpa_new(grid, &o, 16, &hpa, NULL), ASTAR_OK);
        double sum = 0, worst = 1;
        size_t n = 0;
        for (size_t i = 0; i < astar_scenario_count(scen); i += SCEN_STRIDE) {
            astar_problem p = *astar_scenario_problem(scen, i);
            if (p.optimal <= 0)
                continue;
            astar_route path = { .points = cells, .capacity = 1 << 20 };
            assert_int_equal(astar_hpa_find_path(hpa, p.start, p.goal, &o, &path), ASTAR_OK);
            astar_path_measure measure;
            assert_int_equal(astar_path_check(grid, &o, p.start, p.goal, cells, path.length,
                                              &measure, NULL),
                             ASTAR_OK);
            assert_true(measure.length >= p.optimal - 0.01);
            double ratio = measure.length / p.optimal;
            sum += ratio;
            worst = ratio > worst ? ratio : worst;
            n++;
        }
        printf("%s: %zu problems, cost / optimal mean %.4f, max %.4f\n", maps[m], n, sum / n,
               worst);
        astar_hpa_delete(hpa);
        astar_scenario_delete(scen);
        astar_grid_delete(grid);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_grids_and_edits),
        cmocka_unit_test(test_buffers_and_refusals),
        cmocka_unit_test(test_long_stretches),
        cmocka_unit_test(test_scenarios),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
