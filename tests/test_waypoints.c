/*
 * test_waypoints.c - Waypoint graphs (astar/waypoints.h) against a
 * brute-force oracle: on random grids with random waypoints, the
 * visibility graph of waypoints, start and goal built pair by pair with
 * astar_line_of_sight and searched with a plain Dijkstra gives exactly the
 * query's cost; every route is a chain of cells that see each other, and
 * every walk of cells a legal path (astar_path_check). Also: start and
 * goal in sight, no route, buffers too small, refusals, and waypoint
 * files with their faults.
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
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

#ifdef ASTAR_TEST_SANITIZED
enum { TRIALS = 1500 };
#else
enum { TRIALS = 6000 };
#endif
enum { MAX_WAYPOINTS = 14, QUERIES = 6, MAX_CELLS = 4096 };

#define UNREACHED UINT64_MAX

static uint32_t straight_of(astar_costs costs)
{
    return costs == ASTAR_COSTS_OCTILE ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT;
}

/* The header's definition of a segment's cost, written out again. */
static uint64_t oracle_cost(astar_costs costs, astar_point a, astar_point b)
{
    double dx = (double)b.x - a.x, dy = (double)b.y - a.y;
    return (uint64_t)ceil(straight_of(costs) * sqrt(dx * dx + dy * dy));
}

/* The least cost from start to goal over points[0..n) (the waypoints,
 * then start, then goal), any two of them joined when they see each other:
 * every pair tested, then Dijkstra by scanning for the nearest. */
static uint64_t oracle(const astar_grid *g, const astar_options *o, const astar_point *points,
                       size_t n)
{
    uint64_t dist[MAX_WAYPOINTS + 2];
    bool done[MAX_WAYPOINTS + 2] = { false };
    for (size_t i = 0; i < n; i++)
        dist[i] = UNREACHED;
    dist[n - 2] = 0;
    for (;;) {
        size_t u = n;
        for (size_t i = 0; i < n; i++)
            if (!done[i] && dist[i] != UNREACHED && (u == n || dist[i] < dist[u]))
                u = i;
        if (u == n)
            return UNREACHED;
        if (u == n - 1)
            return dist[u];
        done[u] = true;
        for (size_t v = 0; v < n; v++)
            if (!done[v] && astar_line_of_sight(g, o, points[u], points[v])) {
                uint64_t d = dist[u] + oracle_cost(o->costs, points[u], points[v]);
                if (d < dist[v])
                    dist[v] = d;
            }
    }
}

/* Checks a route found from start to goal: ends, sight between its
 * points, its cost summed again, its distance, and its cells - a legal
 * walk from start to goal passing every point of the route in order. */
static void check_route(const astar_grid *g, const astar_options *o, astar_point start,
                        astar_point goal, const astar_route *p)
{
    assert_true(p->via_length >= 1);
    assert_memory_equal(&p->via[0], &start, sizeof start);
    assert_memory_equal(&p->via[p->via_length - 1], &goal, sizeof goal);
    uint64_t cost = 0;
    double distance = 0;
    size_t cell = 0;
    for (size_t k = 1; k < p->via_length; k++) {
        astar_point a = p->via[k - 1], b = p->via[k];
        assert_true(astar_line_of_sight(g, o, a, b));
        cost += oracle_cost(o->costs, a, b);
        distance += hypot((double)b.x - a.x, (double)b.y - a.y);
        while (cell < p->length && memcmp(&p->points[cell], &b, sizeof b) != 0)
            cell++;
        assert_true(cell < p->length); /* b is walked, after the points before it */
    }
    assert_int_equal(cost, p->cost);
    assert_true(fabs(distance - p->distance) < 1e-9);
    astar_error err;
    if (astar_path_check(g, o, start, goal, p->points, p->length, NULL, &err) != ASTAR_OK)
        fail_msg("cells are no legal walk: %s", err.message);
}

static astar_point walkable_cell(rng *r, const astar_grid *g)
{
    for (;;) {
        astar_point p = random_cell(r, g);
        if (astar_grid_walkable(g, p.x, p.y))
            return p;
    }
}

/* Up to want distinct walkable cells of g, in points; returns how many. */
static size_t random_waypoints(rng *r, const astar_grid *g, astar_point *points, size_t want)
{
    size_t n = 0;
    for (size_t tries = 0; tries < 4 * want && n < want; tries++) {
        astar_point p = walkable_cell(r, g);
        bool taken = false;
        for (size_t i = 0; i < n; i++)
            taken = taken || (points[i].x == p.x && points[i].y == p.y);
        if (!taken)
            points[n++] = p;
    }
    return n;
}

static void test_matches_oracle(void **state)
{
    (void)state;
    rng r = { 11 };
    astar_point cells[MAX_CELLS], route[MAX_WAYPOINTS + 2];
    size_t found = 0, none = 0, on_waypoints = 0, direct = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        int w = 3 + rng_below(&r, 18), h = 3 + rng_below(&r, 18);
        astar_grid *g = random_grid(&r, w, h, (grid_recipe){ .blocked_percent = rng_below(&r, 35) });
        astar_options o = astar_options_default();
        o.moves = rng_below(&r, 2) ? ASTAR_MOVES_8 : ASTAR_MOVES_8_CUT;
        o.costs = rng_below(&r, 2) ? ASTAR_COSTS_ARTICLE : ASTAR_COSTS_OCTILE;
        o.heuristic = rng_below(&r, 3) ? ASTAR_HEURISTIC_EUCLIDEAN : ASTAR_HEURISTIC_ZERO;
        o.search.open_list = (astar_open_list)rng_below(&r, 4);
        astar_point points[MAX_WAYPOINTS + 2];
        size_t n = random_waypoints(&r, g, points, (size_t)rng_below(&r, MAX_WAYPOINTS + 1));
        astar_waypoint_graph *wg;
        astar_error err;
        if (astar_waypoint_graph_new(g, points, n, &o, &wg, &err) != ASTAR_OK)
            fail_msg("trial %d: %s", trial, err.message);
        size_t pairs = 0;
        for (size_t i = 0; i < n; i++)
            for (size_t j = i + 1; j < n; j++)
                pairs += astar_line_of_sight(g, &o, points[i], points[j]);
        assert_int_equal(astar_waypoint_graph_pairs(wg), pairs);
        assert_int_equal(astar_waypoint_graph_count(wg), n);
        for (int q = 0; q < QUERIES; q++) {
            astar_point start = n && rng_below(&r, 4) == 0 ? points[rng_below(&r, (int)n)]
                                                          : walkable_cell(&r, g);
            astar_point goal = n && rng_below(&r, 4) == 0 ? points[rng_below(&r, (int)n)]
                                                         : walkable_cell(&r, g);
            points[n] = start;
            points[n + 1] = goal;
            uint64_t best = oracle(g, &o, points, n + 2);
            astar_route p = { .via = route, .via_capacity = MAX_WAYPOINTS + 2,
                              .points = cells, .capacity = MAX_CELLS };
            astar_status s = astar_waypoint_find_path(wg, start, goal, &o, &p);
            if (best == UNREACHED) {
                if (s != ASTAR_NO_PATH)
                    fail_msg("trial %d query %d: %s where the oracle finds no route", trial, q,
                             astar_status_message(s));
                none++;
                continue;
            }
            if (s != ASTAR_OK || p.cost != best)
                fail_msg("trial %d query %d: %s, cost %u where the oracle's is %llu", trial, q,
                         astar_status_message(s), p.cost, (unsigned long long)best);
            check_route(g, &o, start, goal, &p);
            found++;
            on_waypoints += p.via_length > 2;
            direct += p.via_length == 2;
        }
        astar_waypoint_graph_delete(wg);
        astar_grid_delete(g);
    }
    print_message("waypoints: %zu routes = oracle (%zu through waypoints, %zu direct), %zu none\n",
                  found, on_waypoints, direct, none);
    /* The sample must hold every kind of answer, or it tests little. */
    assert_true(on_waypoints > found / 10 && direct > found / 10 && none > 0);
}

/* A start that sees its goal walks straight there, waypoints or not; one
 * that does not goes round through the waypoints. */
static void test_in_sight(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "..........",
        "..........",
        "....##....",
        "....##....",
        "..........",
    };
    astar_grid *g = ref_grid_from_rows(rows, 5);
    assert_non_null(g);
    astar_point waypoints[] = { { 3, 1 }, { 6, 1 }, { 9, 4 } };
    astar_waypoint_graph *wg;
    assert_int_equal(astar_waypoint_graph_new(g, waypoints, 3, NULL, &wg, NULL), ASTAR_OK);
    assert_int_equal(astar_waypoint_graph_pairs(wg), 2); /* (3,1) and (9,4): the wall */
    astar_point route[8], cells[32];
    astar_route p = { .via = route, .via_capacity = 8, .points = cells,
                      .capacity = 32 };
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 0 }, (astar_point){ 9, 0 },
                                              NULL, &p), ASTAR_OK);
    assert_int_equal(p.via_length, 2);
    assert_int_equal(p.length, 10);
    assert_int_equal(p.cost, 90);
    assert_true(p.distance == 9.0);
    for (int x = 0; x < 10; x++)
        assert_true(cells[x].x == x && cells[x].y == 0);
    /* (2,3) to (7,3): the wall between; round by (3,1) and (6,1). */
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 2, 3 }, (astar_point){ 7, 3 },
                                              NULL, &p), ASTAR_OK);
    astar_point expected[] = { { 2, 3 }, { 3, 1 }, { 6, 1 }, { 7, 3 } };
    assert_int_equal(p.via_length, 4);
    assert_memory_equal(route, expected, sizeof expected);
    assert_int_equal(p.cost, 23 + 30 + 23);
    /* From a waypoint to itself: one cell. */
    assert_int_equal(astar_waypoint_find_path(wg, waypoints[1], waypoints[1], NULL, &p), ASTAR_OK);
    assert_int_equal(p.via_length, 1);
    assert_int_equal(p.length, 1);
    assert_int_equal(p.cost, 0);
    astar_waypoint_graph_delete(wg);
    astar_grid_delete(g);
}

/* Walls that shut a room: no route out of it, waypoints or not. */
static void test_no_path(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "....#....",
        "....#....",
        "....#....",
        "#####....",
        ".........",
    };
    astar_grid *g = ref_grid_from_rows(rows, 5);
    assert_non_null(g);
    astar_point waypoints[] = { { 8, 0 } };
    astar_waypoint_graph *wg;
    assert_int_equal(astar_waypoint_graph_new(g, waypoints, 1, NULL, &wg, NULL), ASTAR_OK);
    astar_point route[4], cells[16];
    astar_route p = { .via = route, .via_capacity = 4, .points = cells,
                      .capacity = 16 };
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 0 }, (astar_point){ 0, 4 },
                                              NULL, &p), ASTAR_NO_PATH);
    assert_int_equal(p.via_length, 0);
    /* The right side is open. */
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 6, 4 }, (astar_point){ 5, 0 },
                                              NULL, &p), ASTAR_OK);
    astar_waypoint_graph_delete(wg);
    astar_grid_delete(g);
}

/* Buffers too small: the lengths needed, the cost, and nothing written to
 * the buffer that is too small; NULL buffers ask for the lengths only. */
static void test_buffers(void **state)
{
    (void)state;
    astar_grid *g;
    assert_int_equal(astar_grid_new(12, 12, &g), ASTAR_OK);
    astar_grid_set_walkable(g, 5, 5, false);
    astar_waypoint_graph *wg;
    assert_int_equal(astar_waypoint_graph_new(g, NULL, 0, NULL, &wg, NULL), ASTAR_OK);
    astar_route p = { 0 };
    astar_point start = { 0, 0 }, goal = { 11, 3 };
    assert_int_equal(astar_waypoint_find_path(wg, start, goal, NULL, &p), ASTAR_OK);
    assert_int_equal(p.via_length, 2);
    size_t need = p.length;
    uint32_t cost = p.cost;
    assert_true(need >= 12 && need <= 15);
    astar_point route[2], cells[16] = { { -7, -7 } };
    p = (astar_route){ .via = route, .via_capacity = 2, .points = cells,
                       .capacity = need - 1 };
    assert_int_equal(astar_waypoint_find_path(wg, start, goal, NULL, &p),
                     ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(p.length, need);
    assert_int_equal(p.via_length, 2);
    assert_int_equal(p.cost, cost);
    assert_memory_equal(&cells[0], &start, sizeof start); /* the first cells written */
    assert_int_equal(p.cut, 1);
    assert_int_equal(p.status, ASTAR_OK);
    assert_memory_equal(&route[1], &goal, sizeof goal); /* the route fitted */
    p = (astar_route){ .via = route, .via_capacity = 1, .points = cells,
                       .capacity = need };
    assert_int_equal(astar_waypoint_find_path(wg, start, goal, NULL, &p),
                     ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_memory_equal(&cells[need - 1], &goal, sizeof goal); /* the cells fitted */
    p = (astar_route){ .via = NULL, .via_capacity = 1 };
    assert_int_equal(astar_waypoint_find_path(wg, start, goal, NULL, &p), ASTAR_INVALID_ARGUMENT);
    astar_waypoint_graph_delete(wg);
    astar_grid_delete(g);
}

static void expect_refused(const astar_grid *g, const astar_point *points, size_t n,
                           const astar_options *o, astar_status status, const char *message)
{
    astar_waypoint_graph *wg = (astar_waypoint_graph *)&wg;
    astar_error err;
    astar_status s = astar_waypoint_graph_new(g, points, n, o, &wg, &err);
    if (s != status || strcmp(err.message, message) != 0)
        fail_msg("%s '%s', expected '%s'", astar_status_message(s), err.message, message);
    assert_null(wg);
}

static void test_refusals(void **state)
{
    (void)state;
    astar_grid *g;
    assert_int_equal(astar_grid_new(8, 6, &g), ASTAR_OK);
    astar_grid_set_walkable(g, 2, 2, false);
    astar_point off[] = { { 1, 1 }, { 8, 0 } }, blocked[] = { { 2, 2 } },
                twice[] = { { 1, 1 }, { 3, 3 }, { 1, 1 } };
    expect_refused(g, off, 2, NULL, ASTAR_INVALID_ARGUMENT,
                   "waypoint 1 (8,0) is outside the 8 x 6 grid");
    expect_refused(g, blocked, 1, NULL, ASTAR_INVALID_ARGUMENT,
                   "waypoint 0 (2,2) is on a blocked cell");
    expect_refused(g, twice, 3, NULL, ASTAR_INVALID_ARGUMENT,
                   "waypoints 0 and 2 are both at (1,1)");
    astar_options four = astar_options_default();
    four.moves = ASTAR_MOVES_4;
    expect_refused(g, twice, 2, &four, ASTAR_UNSUPPORTED,
                   "4 moves: a unit walking straight between waypoints steps diagonally");
    astar_grid *hex;
    assert_int_equal(astar_grid_new(8, 6, &hex), ASTAR_OK);
    assert_int_equal(astar_grid_set_topology(hex, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    expect_refused(hex, twice, 2, NULL, ASTAR_UNSUPPORTED,
                   "a hex grid: line of sight is drawn on squares only");
    astar_grid_delete(hex);
    astar_waypoint_graph *wg = NULL;
    assert_int_equal(astar_waypoint_graph_new(NULL, twice, 2, NULL, &wg, NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_waypoint_graph_new(g, NULL, 2, NULL, &wg, NULL), ASTAR_INVALID_ARGUMENT);

    assert_int_equal(astar_waypoint_graph_new(g, twice, 2, NULL, &wg, NULL), ASTAR_OK);
    astar_route p = { 0 };
    astar_options octile = astar_options_default();
    octile.costs = ASTAR_COSTS_OCTILE;
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 0 }, (astar_point){ 7, 5 },
                                              &octile, &p), ASTAR_INVALID_ARGUMENT);
    astar_options jps = astar_options_default();
    jps.algorithm = ASTAR_ALGORITHM_JPS;
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 0 }, (astar_point){ 7, 5 },
                                              &jps, &p), ASTAR_UNSUPPORTED);
    jps = astar_options_default();
    jps.world.turn_penalty = 5; /* the graph's edges are priced already */
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 0 }, (astar_point){ 7, 5 },
                                              &jps, &p), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ -1, 0 }, (astar_point){ 7, 5 },
                                              NULL, &p), ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 0 }, (astar_point){ 7, 6 },
                                              NULL, &p), ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 2, 2 }, (astar_point){ 7, 5 },
                                              NULL, &p), ASTAR_START_BLOCKED);
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 0 }, (astar_point){ 2, 2 },
                                              NULL, &p), ASTAR_GOAL_BLOCKED);
    assert_int_equal(astar_waypoint_find_path(NULL, (astar_point){ 0, 0 }, (astar_point){ 7, 5 },
                                              NULL, &p), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 0 }, (astar_point){ 7, 5 },
                                              NULL, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 5 }, (astar_point){ 7, 5 },
                                              NULL, &p), ASTAR_OK);
    astar_grid_set_walkable(g, 6, 1, false);
    assert_int_equal(astar_waypoint_find_path(wg, (astar_point){ 0, 5 }, (astar_point){ 7, 5 },
                                              NULL, &p), ASTAR_MAP_CHANGED);
    assert_true(astar_waypoint_graph_bytes(wg) > 0);
    astar_waypoint_graph_delete(wg);
    astar_waypoint_graph_delete(NULL);
    astar_grid_delete(g);
}

static void test_file(void **state)
{
    (void)state;
    static const char text[] = "\xEF\xBB\xBF# doors and corners\r\n"
                               "12 7 door_west\r\n"
                               "\n"
                               "   30   7   # no name\n"
                               "0 65534 far_corner";
    astar_waypoint_list *list;
    astar_error err;
    assert_int_equal(astar_waypoint_list_parse(text, sizeof text - 1, "w.txt", &list, &err),
                     ASTAR_OK);
    assert_int_equal(astar_waypoint_list_count(list), 3);
    const astar_point *p = astar_waypoint_list_points(list);
    astar_point expected[] = { { 12, 7 }, { 30, 7 }, { 0, 65534 } };
    assert_memory_equal(p, expected, sizeof expected);
    assert_string_equal(astar_waypoint_list_name(list, 0), "door_west");
    assert_string_equal(astar_waypoint_list_name(list, 1), "");
    assert_string_equal(astar_waypoint_list_name(list, 2), "far_corner");
    assert_null(astar_waypoint_list_name(list, 3));
    astar_waypoint_list_delete(list);

    assert_int_equal(astar_waypoint_list_parse("# none\n", 7, NULL, &list, &err), ASTAR_OK);
    assert_int_equal(astar_waypoint_list_count(list), 0);
    assert_null(astar_waypoint_list_points(list));
    astar_waypoint_list_delete(list);
}

/* Each fault of the format, with the line it is on. */
static void test_file_faults(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *message;
    } cases[] = {
        { "1\n", "w.txt:1: expected 'X Y' or 'X Y NAME', not 1 fields" },
        { "1 2\n1 2 a b\n", "w.txt:2: expected 'X Y' or 'X Y NAME', not 4 fields" },
        { "# x\n1 y\n", "w.txt:2: a coordinate is a whole number from 0 to 65534, not 'y'" },
        { "-1 2\n", "w.txt:1: a coordinate is a whole number from 0 to 65534, not '-1'" },
        { "1 65535\n", "w.txt:1: a coordinate is a whole number from 0 to 65534, not '65535'" },
        { "1 2.5\n", "w.txt:1: a coordinate is a whole number from 0 to 65534, not '2.5'" },
        { "1 2 a\x01\n", "w.txt:1: a control character in a name" },
        { "1 2 a\n3 4\n\n1 2 b\n", "w.txt:4: the cell (1,2) again (first on line 1)" },
        { "1 2 a\n3 4 b\n5 6 a # again\n", "w.txt:3: the name 'a' again (first on line 1)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        astar_waypoint_list *list = (astar_waypoint_list *)&list;
        astar_error err;
        astar_status s =
            astar_waypoint_list_parse(cases[i].text, strlen(cases[i].text), "w.txt", &list, &err);
        if (s != ASTAR_PARSE_ERROR || strcmp(err.message, cases[i].message) != 0)
            fail_msg("case %zu: %s '%s', expected '%s'", i, astar_status_message(s), err.message,
                     cases[i].message);
        assert_int_equal(err.status, ASTAR_PARSE_ERROR);
        assert_null(list);
    }
    char long_name[300];
    memset(long_name, 'n', sizeof long_name);
    memcpy(long_name, "1 2 ", 4);
    astar_waypoint_list *list;
    astar_error err;
    assert_int_equal(astar_waypoint_list_parse(long_name, sizeof long_name, "w.txt", &list,
                                               &err), ASTAR_PARSE_ERROR);
    assert_string_equal(err.message, "w.txt:1: a name has at most 255 bytes");
    assert_int_equal(astar_waypoint_list_load("/nonexistent/w.txt", &list, &err), ASTAR_IO_ERROR);
    assert_non_null(strstr(err.message, "/nonexistent/w.txt"));
    assert_int_equal(astar_waypoint_list_parse(NULL, 3, NULL, &list, &err),
                     ASTAR_INVALID_ARGUMENT);
}

/* The example shipped in data/: its waypoints load, lie on its map and
 * take a unit between its rooms. */
static void test_shipped_example(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_waypoint_list *list = NULL;
    astar_error err;
    if (astar_grid_load_movingai(ASTAR_SOURCE_DIR "/data/rooms.map", &g, &err) != ASTAR_OK ||
        astar_waypoint_list_load(ASTAR_SOURCE_DIR "/data/rooms.waypoints", &list, &err) != ASTAR_OK)
        fail_msg("%s", err.message);
    astar_waypoint_graph *wg;
    if (astar_waypoint_graph_new(g, astar_waypoint_list_points(list),
                                 astar_waypoint_list_count(list), NULL, &wg, &err) != ASTAR_OK)
        fail_msg("%s", err.message);
    astar_point cells[MAX_CELLS], route[64];
    astar_route p = { .via = route, .via_capacity = 64, .points = cells,
                      .capacity = MAX_CELLS };
    astar_options o = astar_options_default();
    astar_point start = { 2, 2 }, goal = { 37, 16 };
    assert_int_equal(astar_waypoint_find_path(wg, start, goal, &o, &p), ASTAR_OK);
    assert_true(p.via_length > 2);
    check_route(g, &o, start, goal, &p);
    astar_waypoint_graph_delete(wg);
    astar_waypoint_list_delete(list);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_oracle), cmocka_unit_test(test_in_sight),
        cmocka_unit_test(test_no_path),        cmocka_unit_test(test_buffers),
        cmocka_unit_test(test_refusals),       cmocka_unit_test(test_file),
        cmocka_unit_test(test_file_faults),    cmocka_unit_test(test_shipped_example),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
