/*
 * test_search.c - astar_find_path and the search context: every status,
 * every option on small grids whose answers are worked out by hand (in the
 * comments), the context's node view, the observer and the status texts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/reference.h"

#define P(x, y) ((astar_point){ (x), (y) })
#define MAX_POINTS 4096

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

static astar_point buffer[MAX_POINTS];

static astar_grid *open_grid(int w, int h)
{
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(w, h, &grid), ASTAR_OK);
    return grid;
}

static astar_grid *picture_grid(const char *const *rows, int h)
{
    astar_grid *grid = ref_grid_from_rows(rows, h);
    assert_non_null(grid);
    return grid;
}

static astar_context *context_for(const astar_grid *grid)
{
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(astar_grid_cells(grid), &ctx), ASTAR_OK);
    return ctx;
}

static astar_route path_buffer(void)
{
    astar_route path;
    memset(&path, 0, sizeof path);
    path.points = buffer;
    path.capacity = MAX_POINTS;
    return path;
}

static astar_options opts(astar_moves moves, astar_costs costs, astar_heuristic h)
{
    astar_options o = astar_options_default();
    o.moves = moves;
    o.costs = costs;
    o.heuristic = h;
    return o;
}

/* One search with a fresh context. */
static astar_status find(const astar_grid *grid, astar_point start, astar_point goal,
                         const astar_options *o, astar_route *path)
{
    astar_context *ctx = context_for(grid);
    astar_status s = astar_find_path(ctx, grid, start, goal, o, path);
    astar_context_delete(ctx);
    return s;
}

static void assert_near(double got, double want, double eps)
{
    if (!(fabs(got - want) <= eps))
        fail_msg("got %.12f, expected %.12f (+- %g)", got, want, eps);
}

/* The found path is legal for the moves and its cost is path->cost. */
static void assert_valid_path(const astar_grid *grid, const astar_options *o, astar_point start,
                              astar_point goal, const astar_route *path)
{
    uint64_t cost = 0;
    char why[128];
    if (!ref_path_valid(grid, o->moves, o->costs, start, goal, path->points, path->length,
                        &cost, why, sizeof why))
        fail_msg("invalid path: %s", why);
    assert_int_equal(cost, path->cost);
    assert_near(path->distance, (double)path->cost / (double)ref_straight_cost(o->costs), 1e-9);
}

static void assert_points(const astar_route *path, const astar_point *want, size_t n)
{
    assert_int_equal(path->length, n);
    for (size_t i = 0; i < n; i++)
        if (path->points[i].x != want[i].x || path->points[i].y != want[i].y)
            fail_msg("point %zu is (%d,%d), expected (%d,%d)", i, path->points[i].x,
                     path->points[i].y, want[i].x, want[i].y);
}

/* ------------------------------------------------------------------------ */
/* Options                                                                  */
/* ------------------------------------------------------------------------ */

static void test_default_options(void **state)
{
    (void)state;
    astar_options o = astar_options_default();
    assert_int_equal(o.moves, ASTAR_MOVES_8);
    assert_int_equal(o.costs, ASTAR_COSTS_ARTICLE);
    assert_int_equal(o.heuristic, ASTAR_HEURISTIC_MANHATTAN);
    assert_true(o.search.weight == 1.0);
    assert_int_equal(o.search.ties, ASTAR_TIES_LAST);
    assert_int_equal(o.search.stop, ASTAR_STOP_CLOSED);
    assert_null(o.search.observer);
    assert_null(o.search.observer_user);
    /* Manhattan with diagonal moves overestimates: not optimal */
    assert_false(astar_options_optimal(&o));
    o.moves = ASTAR_MOVES_4;
    assert_true(astar_options_optimal(&o));
}

/* NULL options are the defaults: on the heuristic test grid below, the
 * default (Manhattan) answer 90 differs from the optimal 88. */
static const char *const manhattan_trap[] = {
    "....2....",
    ".........",
};

static void test_null_options_are_defaults(void **state)
{
    (void)state;
    astar_grid *grid = picture_grid(manhattan_trap, 2);
    astar_route a = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(8, 0), NULL, &a), ASTAR_OK);
    assert_int_equal(a.cost, 90);
    astar_options d = astar_options_default();
    astar_route b = path_buffer();
    b.points = malloc(MAX_POINTS * sizeof *b.points);
    assert_non_null(b.points);
    assert_int_equal(find(grid, P(0, 0), P(8, 0), &d, &b), ASTAR_OK);
    assert_int_equal(b.cost, a.cost);
    assert_int_equal(b.expanded, a.expanded);
    assert_points(&b, a.points, a.length);
    free(b.points);
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Statuses                                                                 */
/* ------------------------------------------------------------------------ */

static void test_out_of_bounds(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(5, 4);
    const astar_point outside[] = { { -1, 0 }, { 0, -1 }, { 5, 0 }, { 0, 4 }, { 5, 4 },
                                    { INT32_MIN, INT32_MIN }, { INT32_MAX, 2 } };
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        astar_route path = path_buffer();
        assert_int_equal(find(grid, outside[i], P(2, 2), NULL, &path),
                         ASTAR_START_OUT_OF_BOUNDS);
        assert_int_equal(find(grid, P(2, 2), outside[i], NULL, &path),
                         ASTAR_GOAL_OUT_OF_BOUNDS);
    }
    astar_grid_delete(grid);
}

static void test_blocked_ends(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(5, 4);
    assert_int_equal(astar_grid_set_walkable(grid, 1, 1, false), ASTAR_OK);
    astar_route path = path_buffer();
    assert_int_equal(find(grid, P(1, 1), P(4, 3), NULL, &path), ASTAR_START_BLOCKED);
    assert_int_equal(find(grid, P(4, 3), P(1, 1), NULL, &path), ASTAR_GOAL_BLOCKED);
    astar_grid_delete(grid);
}

static void test_map_too_large(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(4, 4);
    astar_context *small = NULL, *exact = NULL;
    assert_int_equal(astar_context_new(15, &small), ASTAR_OK);
    assert_int_equal(astar_context_new(16, &exact), ASTAR_OK);
    astar_route path = path_buffer();
    assert_int_equal(astar_find_path(small, grid, P(0, 0), P(3, 3), NULL, &path),
                     ASTAR_MAP_TOO_LARGE);
    assert_int_equal(astar_find_path(exact, grid, P(0, 0), P(3, 3), NULL, &path), ASTAR_OK);
    assert_int_equal(path.length, 4);
    astar_context_delete(small);
    astar_context_delete(exact);
    astar_grid_delete(grid);
}

/* 5 x 1 corridor: 4 straight steps, length 5, cost 40. */
static void test_path_buffer_too_small(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(5, 1);
    astar_point small[4];
    const astar_point sentinel = { -12345, 54321 };
    for (size_t i = 0; i < 4; i++)
        small[i] = sentinel;
    astar_route path = { .points = small, .capacity = 4 };
    assert_int_equal(find(grid, P(0, 0), P(4, 0), NULL, &path), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(path.length, 5);
    assert_int_equal(path.cost, 40);
    assert_near(path.distance, 4.0, 1e-12);
    assert_true(path.expanded > 0);
    /* The first four cells are written, the fifth is cut. */
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(small[i].x, (int)i);
        assert_int_equal(small[i].y, 0);
    }
    assert_int_equal(path.cut, 1);
    assert_int_equal(path.status, ASTAR_OK);
    /* a real buffer with capacity 0 is too small too, and holds nothing */
    small[0] = sentinel;
    astar_route none = { .points = small, .capacity = 0 };
    assert_int_equal(find(grid, P(0, 0), P(4, 0), NULL, &none), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(none.length, 5);
    assert_int_equal(none.cost, 40);
    assert_int_equal(small[0].x, sentinel.x);
    /* exactly enough room */
    astar_point five[5];
    astar_route fits = { .points = five, .capacity = 5 };
    assert_int_equal(find(grid, P(0, 0), P(4, 0), NULL, &fits), ASTAR_OK);
    const astar_point want[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 }, { 4, 0 } };
    assert_points(&fits, want, 5);
    astar_grid_delete(grid);
}

/* The goal (4,4) of a 5x5 grid is walled off by (3,3), (4,3) and (3,4). With
 * stop-on-closed every one of the 21 reachable cells is expanded before the
 * open list empties. */
static const char *const walled_goal[] = {
    ".....",
    ".....",
    ".....",
    "...##",
    "...#.",
};

static void test_no_path(void **state)
{
    (void)state;
    astar_grid *grid = picture_grid(walled_goal, 5);
    for (int m = 0; m < 3; m++) {
        astar_options o = opts((astar_moves)m, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
        astar_route path = path_buffer();
        assert_int_equal(find(grid, P(0, 0), P(4, 4), &o, &path), ASTAR_NO_PATH);
        assert_int_equal(path.expanded, 21);
        /* and from the other side */
        path = path_buffer();
        assert_int_equal(find(grid, P(4, 4), P(0, 0), &o, &path), ASTAR_NO_PATH);
        assert_int_equal(path.expanded, 1);
    }
    astar_grid_delete(grid);
}

/* A 1 x N corridor of terrain 255 with octile costs: each step costs
 * 2378 * 255 = 606,390. 6,999 steps cost 4,244,123,610 (fits 32 bits);
 * 7,999 steps would cost 4,850,513,610 > ASTAR_MAX_COST. */
static astar_grid *corridor_255(int n)
{
    astar_grid *grid = open_grid(n, 1);
    for (int x = 0; x < n; x++)
        assert_int_equal(astar_grid_set_cost(grid, x, 0, 255), ASTAR_OK);
    return grid;
}

static void test_cost_overflow(void **state)
{
    (void)state;
    astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE, ASTAR_HEURISTIC_OCTILE);
    astar_grid *grid = corridor_255(8000);
    astar_route path = { .points = NULL, .capacity = 0 };
    assert_int_equal(find(grid, P(0, 0), P(7999, 0), &o, &path), ASTAR_COST_OVERFLOW);
    astar_grid_delete(grid);

    grid = corridor_255(7000);
    astar_point *pts = malloc(7000 * sizeof *pts);
    assert_non_null(pts);
    astar_route fits = { .points = pts, .capacity = 7000 };
    assert_int_equal(find(grid, P(0, 0), P(6999, 0), &o, &fits), ASTAR_OK);
    assert_true(fits.cost == 6999u * 606390u);
    assert_int_equal(fits.length, 7000);
    assert_near(fits.distance, 6999.0 * 255.0, 1e-6);
    free(pts);
    astar_grid_delete(grid);
}

/* F = G + weight * H must fit 32 bits too (astar.h, ASTAR_MAX_COST).
 * 65535 x 1, octile costs, cost of the path 65534 * 2378 = 155,839,852.
 * Weight 8: the start's F is 8 * 155,839,852 = 1,246,718,816, which fits, so
 * the path is found. Weight 64: the start's F, about 1e10, does not, and the
 * search says so rather than answer NO_PATH or wrap. */
static void test_weighted_f_must_fit(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(ASTAR_MAX_SIDE, 1);
    astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE, ASTAR_HEURISTIC_OCTILE);
    astar_route path = { .points = NULL, .capacity = 0 };
    o.search.weight = 8.0;
    assert_int_equal(find(grid, P(0, 0), P(ASTAR_MAX_SIDE - 1, 0), &o, &path), ASTAR_OK);
    assert_int_equal(path.cost, 155839852u);
    assert_int_equal(path.length, ASTAR_MAX_SIDE);
    o.search.weight = 64.0;
    assert_int_equal(find(grid, P(0, 0), P(ASTAR_MAX_SIDE - 1, 0), &o, &path), ASTAR_COST_OVERFLOW);
    astar_grid_delete(grid);
}

/* A least cost just under ASTAR_MAX_COST is returned, even though squares
 * beside the path cost more than ASTAR_MAX_COST to reach (they cannot be on
 * a path that fits, so they need not stop the search).
 * 7085 x 2, octile costs. Row 0: start, then terrain 214, then 7082 cells
 * of terrain 255, then the goal with terrain 1; row 1 all terrain 255.
 * Every path enters each column x = 1..7084 at least once, and row 0 holds
 * the cheapest cell of every column, so straight along row 0 is least:
 * 2378 * (214 + 7082 * 255 + 1) = 2378 * 1,806,125 = 4,294,965,250, which is
 * ASTAR_MAX_COST - 2045. Reaching (7084,1) from (7083,0) would cost
 * 4,294,962,872 + 3363 * 255 > ASTAR_MAX_COST. */
static void test_cost_near_limit_is_not_an_overflow(void **state)
{
    (void)state;
    enum { W = 7085 };
    astar_grid *grid = open_grid(W, 2);
    assert_int_equal(astar_grid_set_cost(grid, 1, 0, 214), ASTAR_OK);
    for (int x = 2; x < W - 1; x++)
        assert_int_equal(astar_grid_set_cost(grid, x, 0, 255), ASTAR_OK);
    for (int x = 0; x < W; x++)
        assert_int_equal(astar_grid_set_cost(grid, x, 1, 255), ASTAR_OK);
    astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE, ASTAR_HEURISTIC_OCTILE);
    astar_route path = { .points = NULL, .capacity = 0 };
    astar_status s = find(grid, P(0, 0), P(W - 1, 0), &o, &path);
    astar_grid_delete(grid);
    assert_int_equal(s, ASTAR_OK);
    assert_true(path.cost == 4294965250u);
    assert_int_equal(path.length, W);
}

static void test_invalid_arguments(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(4, 4);
    astar_context *ctx = context_for(grid);
    astar_route path = path_buffer();
    assert_int_equal(astar_find_path(NULL, grid, P(0, 0), P(3, 3), NULL, &path),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_path(ctx, NULL, P(0, 0), P(3, 3), NULL, &path),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_path(ctx, grid, P(0, 0), P(3, 3), NULL, NULL),
                     ASTAR_INVALID_ARGUMENT);
    astar_route no_points = { .points = NULL, .capacity = 10 };
    assert_int_equal(astar_find_path(ctx, grid, P(0, 0), P(3, 3), NULL, &no_points),
                     ASTAR_INVALID_ARGUMENT);

    astar_options bad[14];
    size_t n = 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        bad[i] = astar_options_default();
    bad[n++].moves = (astar_moves)3;
    bad[n++].moves = (astar_moves)-1;
    bad[n++].costs = (astar_costs)2;
    bad[n++].costs = (astar_costs)-1;
    bad[n++].heuristic = (astar_heuristic)5;
    bad[n++].heuristic = (astar_heuristic)-1;
    bad[n++].search.ties = (astar_ties)4;
    bad[n++].search.stop = (astar_stop)2;
    bad[n++].search.weight = -0.5;
    bad[n++].search.weight = 64.0 + 1.0 / 1024.0;
    bad[n++].search.weight = 1000.0;
    bad[n++].search.weight = NAN;
    bad[n++].search.weight = INFINITY;
    bad[n++].search.weight = -INFINITY;
    assert_int_equal(n, sizeof bad / sizeof bad[0]);
    for (size_t i = 0; i < n; i++) {
        astar_route p = path_buffer();
        astar_status s = astar_find_path(ctx, grid, P(0, 0), P(3, 3), &bad[i], &p);
        if (s != ASTAR_INVALID_ARGUMENT)
            fail_msg("bad option %zu: status %d", i, (int)s);
    }
    /* the edges of the weight range are fine */
    astar_options edge = astar_options_default();
    edge.search.weight = 64.0;
    assert_int_equal(astar_find_path(ctx, grid, P(0, 0), P(3, 3), &edge, &path), ASTAR_OK);
    edge.search.weight = 0.0;
    assert_int_equal(astar_find_path(ctx, grid, P(0, 0), P(3, 3), &edge, &path), ASTAR_OK);
    assert_int_equal(path.cost, 42);
    astar_context_delete(ctx);
    astar_grid_delete(grid);
}

/* points NULL and capacity 0 ask for the cost and length only. */
static void test_cost_only_query(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(6, 3);
    astar_route path = { .points = NULL, .capacity = 0 };
    astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
    /* (0,0) -> (5,2): 2 diagonals and 3 straight steps, 6 cells, 28 + 30 = 58 */
    assert_int_equal(find(grid, P(0, 0), P(5, 2), &o, &path), ASTAR_OK);
    assert_int_equal(path.length, 6);
    assert_int_equal(path.cost, 58);
    assert_near(path.distance, 5.8, 1e-12);
    assert_true(path.expanded > 0);
    astar_grid_delete(grid);
}

static void test_start_equals_goal(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(3, 3);
    for (int c = 0; c < 2; c++) {
        astar_options o = opts(ASTAR_MOVES_8, (astar_costs)c, ASTAR_HEURISTIC_OCTILE);
        astar_route path = path_buffer();
        assert_int_equal(find(grid, P(1, 2), P(1, 2), &o, &path), ASTAR_OK);
        assert_int_equal(path.length, 1);
        assert_int_equal(path.cost, 0);
        assert_near(path.distance, 0.0, 0.0);
        assert_int_equal(path.points[0].x, 1);
        assert_int_equal(path.points[0].y, 2);
    }
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

/* 2x2, (1,0) blocked, (0,0) -> (1,1). The diagonal cuts the corner of (1,0):
 * only MOVES_8_CUT may take it (14); the others go round (10 + 10). */
static void test_moves_corner(void **state)
{
    (void)state;
    static const char *const rows[] = { ".#", ".." };
    astar_grid *grid = picture_grid(rows, 2);
    const astar_point around[] = { { 0, 0 }, { 0, 1 }, { 1, 1 } };
    const astar_point cut[] = { { 0, 0 }, { 1, 1 } };
    const struct {
        astar_moves moves;
        uint32_t cost;
        const astar_point *points;
        size_t length;
    } cases[] = {
        { ASTAR_MOVES_8, 20, around, 3 },
        { ASTAR_MOVES_4, 20, around, 3 },
        { ASTAR_MOVES_8_CUT, 14, cut, 2 },
    };
    for (size_t i = 0; i < 3; i++) {
        astar_options o = opts(cases[i].moves, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
        astar_route path = path_buffer();
        assert_int_equal(find(grid, P(0, 0), P(1, 1), &o, &path), ASTAR_OK);
        assert_int_equal(path.cost, cases[i].cost);
        assert_points(&path, cases[i].points, cases[i].length);
    }
    astar_grid_delete(grid);
}

/* 2x2, (1,0) and (0,1) blocked: (0,0) -> (1,1) would squeeze between two
 * blocked cells touching at their corners, which no rule allows. */
static void test_moves_no_squeeze(void **state)
{
    (void)state;
    static const char *const rows[] = { ".#", "#." };
    astar_grid *grid = picture_grid(rows, 2);
    for (int m = 0; m < 3; m++) {
        astar_options o = opts((astar_moves)m, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
        astar_route path = path_buffer();
        assert_int_equal(find(grid, P(0, 0), P(1, 1), &o, &path), ASTAR_NO_PATH);
    }
    astar_grid_delete(grid);
}

/* 4x4, (1,1) and (2,2) blocked, (1,2) -> (2,1).
 *   x 0123
 * y0  ....
 * y1  .#G.
 * y2  .S#.
 * y3  ....
 * MOVES_8_CUT may not squeeze between (1,1) and (2,2), and no cell is next to
 * both S and G, so it needs at least 3 steps; 3 diagonals that each cut one
 * corner do it: (1,2) (0,1) (1,0) (2,1) = 42. MOVES_8 and MOVES_4 may not cut
 * corners; the 6 straight steps round either side cost 60, and every diagonal
 * near S or G touches a blocked cell. */
static void test_moves_detour(void **state)
{
    (void)state;
    static const char *const rows[] = { "....", ".#..", "..#.", "...." };
    astar_grid *grid = picture_grid(rows, 4);
    const struct {
        astar_moves moves;
        uint32_t cost;
    } cases[] = { { ASTAR_MOVES_8_CUT, 42 }, { ASTAR_MOVES_8, 60 }, { ASTAR_MOVES_4, 60 } };
    for (size_t i = 0; i < 3; i++) {
        astar_options o = opts(cases[i].moves, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
        astar_route path = path_buffer();
        assert_int_equal(find(grid, P(1, 2), P(2, 1), &o, &path), ASTAR_OK);
        assert_int_equal(path.cost, cases[i].cost);
        assert_valid_path(grid, &o, P(1, 2), P(2, 1), &path);
        /* the hand-worked answer agrees with the reference solver */
        uint64_t dist[16];
        ref_least_costs(grid, cases[i].moves, ASTAR_COSTS_ARTICLE, P(1, 2), dist);
        assert_int_equal(dist[1 * 4 + 2], cases[i].cost);
    }
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Costs                                                                    */
/* ------------------------------------------------------------------------ */

/* (0,0) -> (3,3) on an open 4x4 grid: 3 diagonals, 42 or 3 * 3363. */
static void test_costs_pure_diagonal(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(4, 4);
    const astar_point diagonal[] = { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 3 } };

    astar_options article = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
    astar_route path = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(3, 3), &article, &path), ASTAR_OK);
    assert_int_equal(path.cost, 42);
    assert_near(path.distance, 4.2, 1e-9);
    assert_points(&path, diagonal, 4);

    astar_options octile = opts(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE, ASTAR_HEURISTIC_OCTILE);
    path = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(3, 3), &octile, &path), ASTAR_OK);
    assert_int_equal(path.cost, 3 * 3363);
    assert_near(path.distance, 3.0 * sqrt(2.0), 1e-6);
    assert_points(&path, diagonal, 4);

    /* 4 moves: 6 straight steps either way */
    astar_options four = opts(ASTAR_MOVES_4, ASTAR_COSTS_OCTILE, ASTAR_HEURISTIC_MANHATTAN);
    path = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(3, 3), &four, &path), ASTAR_OK);
    assert_int_equal(path.cost, 6 * 2378);
    assert_near(path.distance, 6.0, 1e-12);
    assert_valid_path(grid, &four, P(0, 0), P(3, 3), &path);
    astar_grid_delete(grid);
}

/* 7x3, a swamp of terrain 5 across the middle row.
 *   x 0123456
 * y0  .......
 * y1  S.555.G
 * y2  .......
 * Through the swamp: 10 + 3 * 50 + 10 + 10 = 180. Round it: a diagonal up,
 * 4 straight steps, a diagonal down: 14 + 40 + 14 = 68. Any path needs 6
 * steps with dx = +1; one swamp cell alone costs 50, so 68 (two diagonals to
 * leave and rejoin row 1) is least. */
static void test_terrain_swamp(void **state)
{
    (void)state;
    static const char *const rows[] = { ".......", "..555..", "......." };
    astar_grid *grid = picture_grid(rows, 3);
    astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
    astar_route path = path_buffer();
    assert_int_equal(find(grid, P(0, 1), P(6, 1), &o, &path), ASTAR_OK);
    assert_int_equal(path.cost, 68);
    assert_int_equal(path.length, 7);
    for (size_t i = 0; i < path.length; i++)
        assert_int_equal(astar_grid_cost(grid, path.points[i].x, path.points[i].y), 1);
    assert_valid_path(grid, &o, P(0, 1), P(6, 1), &path);

    /* with terrain 1 the straight line (60) wins */
    for (int x = 2; x <= 4; x++)
        assert_int_equal(astar_grid_set_cost(grid, x, 1, 1), ASTAR_OK);
    path = path_buffer();
    assert_int_equal(find(grid, P(0, 1), P(6, 1), &o, &path), ASTAR_OK);
    assert_int_equal(path.cost, 60);
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Heuristics                                                               */
/* ------------------------------------------------------------------------ */

/* 9x2, terrain 2 at (4,0), (0,0) -> (8,0), 8 moves, article costs.
 *   x 012345678
 * y0  S...2...G
 * y1  .........
 * Optimal 88: (3,0) (4,1) (5,0) dodges the cell, 6 * 10 + 2 * 14. Straight
 * through it: 70 + 20 = 90.
 * Manhattan H overestimates (4,1) (its H is 50, true rest 44): after row 0
 * up to (3,0) (all F 80), the open list holds (4,0) with F 50 + 40 = 90 and
 * (4,1) with F 44 + 50 = 94, every other cell of row 1 above 90. Then (4,0),
 * (5,0), ... (8,0) are taken with F 90, and the goal closes with G 90. */
static void test_heuristic_manhattan_misses_shortest(void **state)
{
    (void)state;
    astar_grid *grid = picture_grid(manhattan_trap, 2);
    astar_options manhattan = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_MANHATTAN);
    astar_route path = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(8, 0), &manhattan, &path), ASTAR_OK);
    assert_int_equal(path.cost, 90);
    const astar_point row0[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 }, { 4, 0 },
                                 { 5, 0 }, { 6, 0 }, { 7, 0 }, { 8, 0 } };
    assert_points(&path, row0, 9);

    const astar_heuristic optimal[] = { ASTAR_HEURISTIC_OCTILE, ASTAR_HEURISTIC_CHEBYSHEV,
                                        ASTAR_HEURISTIC_ZERO };
    for (size_t i = 0; i < 3; i++) {
        astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, optimal[i]);
        path = path_buffer();
        assert_int_equal(find(grid, P(0, 0), P(8, 0), &o, &path), ASTAR_OK);
        assert_int_equal(path.cost, 88);
        assert_valid_path(grid, &o, P(0, 0), P(8, 0), &path);
    }
    astar_grid_delete(grid);
}

/* Dijkstra (ZERO) looks at more squares than an exact estimate. */
static void test_heuristic_zero_expands_more(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(20, 20);
    for (int c = 0; c < 2; c++) {
        astar_options octile = opts(ASTAR_MOVES_8, (astar_costs)c, ASTAR_HEURISTIC_OCTILE);
        astar_options zero = opts(ASTAR_MOVES_8, (astar_costs)c, ASTAR_HEURISTIC_ZERO);
        astar_route a = path_buffer();
        assert_int_equal(find(grid, P(0, 0), P(19, 7), &octile, &a), ASTAR_OK);
        uint32_t cost = a.cost, expanded = a.expanded;
        astar_route b = path_buffer();
        assert_int_equal(find(grid, P(0, 0), P(19, 7), &zero, &b), ASTAR_OK);
        assert_int_equal(b.cost, cost);
        assert_true(b.expanded >= expanded);
        /* ZERO closes every cell cheaper to reach than the goal, at least the
         * 19 x 8 with x < 19 and y <= 7; the exact OCTILE estimate with LAST
         * ties walks almost straight to the goal. */
        assert_true(b.expanded >= 19 * 8);
        assert_true(b.expanded > 2 * expanded);
    }
    astar_grid_delete(grid);
}

/* The H stored for each reached cell is the header's formula. */
static uint32_t expected_h(astar_heuristic h, astar_costs costs, astar_point p, astar_point goal)
{
    uint64_t s = ref_straight_cost(costs), d = ref_diagonal_cost(costs);
    uint64_t dx = (uint64_t)llabs((long long)p.x - goal.x);
    uint64_t dy = (uint64_t)llabs((long long)p.y - goal.y);
    uint64_t mx = dx > dy ? dx : dy, mn = dx > dy ? dy : dx;
    switch (h) {
    case ASTAR_HEURISTIC_MANHATTAN:
        return (uint32_t)(s * (dx + dy));
    case ASTAR_HEURISTIC_OCTILE:
        return (uint32_t)(s * mx + (d - s) * mn);
    case ASTAR_HEURISTIC_EUCLIDEAN:
        return (uint32_t)floor((double)s * sqrt((double)(dx * dx + dy * dy)));
    case ASTAR_HEURISTIC_CHEBYSHEV:
        return (uint32_t)(s * mx);
    case ASTAR_HEURISTIC_ZERO:
        return 0;
    }
    return UINT32_MAX;
}

static const char *const obstacle_course[] = {
    "..........",
    "..####....",
    ".....#.#..",
    "..2..#.#..",
    "..9..#.##.",
    ".....#....",
    "...###....",
};

static void test_heuristic_values(void **state)
{
    (void)state;
    astar_grid *grid = picture_grid(obstacle_course, 7);
    astar_context *ctx = context_for(grid);
    const astar_point start = { 0, 6 }, goal = { 8, 2 };
    for (int c = 0; c < 2; c++) {
        for (int h = 0; h <= ASTAR_HEURISTIC_ZERO; h++) {
            astar_options o = opts(ASTAR_MOVES_8, (astar_costs)c, (astar_heuristic)h);
            astar_route path = path_buffer();
            assert_int_equal(astar_find_path(ctx, grid, start, goal, &o, &path), ASTAR_OK);
            size_t reached = 0;
            for (int y = 0; y < 7; y++) {
                for (int x = 0; x < 10; x++) {
                    astar_node node;
                    assert_int_equal(astar_context_node(ctx, grid, x, y, &node), ASTAR_OK);
                    if (node.list == ASTAR_LIST_NONE)
                        continue;
                    reached++;
                    uint32_t want = expected_h((astar_heuristic)h, (astar_costs)c, P(x, y), goal);
                    if (node.h != want)
                        fail_msg("costs %d heuristic %d cell (%d,%d): h %u, expected %u", c, h,
                                 x, y, (unsigned)node.h, (unsigned)want);
                    assert_int_equal(node.f, (uint64_t)node.g + node.h);
                }
            }
            assert_true(reached >= path.length);
        }
    }
    astar_context_delete(ctx);
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Weight                                                                   */
/* ------------------------------------------------------------------------ */

/* Weight 0 makes F = G whatever the heuristic: the same search as ZERO. */
static void test_weight_zero_is_dijkstra(void **state)
{
    (void)state;
    astar_grid *grid = picture_grid(obstacle_course, 7);
    astar_options zero = opts(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE, ASTAR_HEURISTIC_ZERO);
    astar_route a = path_buffer();
    assert_int_equal(find(grid, P(0, 6), P(8, 2), &zero, &a), ASTAR_OK);
    astar_point *first = malloc(a.length * sizeof *first);
    assert_non_null(first);
    memcpy(first, a.points, a.length * sizeof *first);
    size_t length = a.length;
    uint32_t cost = a.cost, expanded = a.expanded;

    const astar_heuristic hs[] = { ASTAR_HEURISTIC_MANHATTAN, ASTAR_HEURISTIC_OCTILE,
                                   ASTAR_HEURISTIC_EUCLIDEAN };
    for (size_t i = 0; i < 3; i++) {
        astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE, hs[i]);
        o.search.weight = 0.0;
        astar_route b = path_buffer();
        assert_int_equal(find(grid, P(0, 6), P(8, 2), &o, &b), ASTAR_OK);
        assert_int_equal(b.cost, cost);
        assert_int_equal(b.expanded, expanded);
        assert_points(&b, first, length);
    }
    /* and the least cost agrees with the reference */
    uint64_t dist[70];
    ref_least_costs(grid, ASTAR_MOVES_8, ASTAR_COSTS_OCTILE, P(0, 6), dist);
    assert_int_equal(dist[2 * 10 + 8], cost);
    free(first);
    astar_grid_delete(grid);
}

/* Weighted A* finds a legal path that is never cheaper than the optimum. */
static void test_weight_above_one(void **state)
{
    (void)state;
    astar_grid *grid = picture_grid(obstacle_course, 7);
    uint64_t dist[70];
    ref_least_costs(grid, ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, P(0, 6), dist);
    const double weights[] = { 1.0, 1.5, 2.0, 5.0, 64.0 };
    for (size_t i = 0; i < 5; i++) {
        astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
        o.search.weight = weights[i];
        astar_route path = path_buffer();
        assert_int_equal(find(grid, P(0, 6), P(8, 2), &o, &path), ASTAR_OK);
        assert_valid_path(grid, &o, P(0, 6), P(8, 2), &path);
        assert_true(path.cost >= dist[2 * 10 + 8]);
        if (weights[i] == 1.0)
            assert_int_equal(path.cost, dist[2 * 10 + 8]);
    }
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Ties                                                                     */
/* ------------------------------------------------------------------------ */

static void test_ties(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(30, 30);
    /* (29,29): 29 diagonals = 406; (29,14): 15 straight + 14 diagonal = 346 */
    const struct {
        astar_point goal;
        uint32_t cost;
    } queries[] = { { { 29, 29 }, 406 }, { { 29, 14 }, 346 } };
    for (size_t q = 0; q < 2; q++) {
        uint32_t expanded[3];
        for (int t = 0; t < 3; t++) {
            astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
            o.search.ties = (astar_ties)t;
            astar_route path = path_buffer();
            assert_int_equal(find(grid, P(0, 0), queries[q].goal, &o, &path), ASTAR_OK);
            assert_int_equal(path.cost, queries[q].cost);
            assert_valid_path(grid, &o, P(0, 0), queries[q].goal, &path);
            expanded[t] = path.expanded;
        }
        if (expanded[ASTAR_TIES_DEEP] > expanded[ASTAR_TIES_FIRST])
            fail_msg("query %zu: DEEP expanded %u, FIRST %u", q,
                     (unsigned)expanded[ASTAR_TIES_DEEP], (unsigned)expanded[ASTAR_TIES_FIRST]);
    }
    astar_grid_delete(grid);
}

/* The tie rules decide between equal paths; the header fixes the order in
 * which neighbours are added (row below left to right, then left, right,
 * then the row above), so the outcome is known.
 * 2x2, 4 moves, Manhattan H, (0,0) -> (1,1). Expanding the start adds (0,1)
 * (row below) then (1,0) (right), both F 20.
 *   LAST takes (1,0), which adds the goal with F 20, last: path via (1,0).
 *   FIRST takes (0,1), which adds the goal; then (1,0) (added before the
 *   goal) and only then the goal, still with parent (0,1): path via (0,1),
 *   one more square expanded than LAST. */
static void test_ties_order_four_moves(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(2, 2);
    astar_options o = opts(ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_MANHATTAN);
    o.search.ties = ASTAR_TIES_LAST;
    astar_route last = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(1, 1), &o, &last), ASTAR_OK);
    const astar_point via_right[] = { { 0, 0 }, { 1, 0 }, { 1, 1 } };
    assert_points(&last, via_right, 3);
    uint32_t last_expanded = last.expanded;

    o.search.ties = ASTAR_TIES_FIRST;
    astar_route first = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(1, 1), &o, &first), ASTAR_OK);
    const astar_point via_below[] = { { 0, 0 }, { 0, 1 }, { 1, 1 } };
    assert_points(&first, via_below, 3);
    assert_int_equal(first.cost, 20);
    assert_int_equal(first.expanded, last_expanded + 1);
    astar_grid_delete(grid);
}

/* 3x2, 8 moves, article costs, OCTILE H (exact here), (0,0) -> (2,1), least
 * cost 24 either way. Expanding the start adds (0,1) F 30, (1,1) G 14 F 24,
 * (1,0) G 10 F 24, in that order.
 *   LAST: (1,0), which adds the goal (diagonal, both sides open) G 24 F 24
 *     and (2,0) F 30; the goal, added last, closes: path via (1,0).
 *   FIRST: (1,1), which adds the goal G 24; then (1,0) (added before the
 *     goal; it does not improve the goal's G), then the goal: via (1,1).
 *   DEEP: (1,1) (G 14 > 10), then the goal (G 24 > 10): via (1,1), one
 *     square fewer expanded than FIRST. */
static void test_ties_order_eight_moves(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(3, 2);
    astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);
    const astar_point via_10[] = { { 0, 0 }, { 1, 0 }, { 2, 1 } };
    const astar_point via_11[] = { { 0, 0 }, { 1, 1 }, { 2, 1 } };
    astar_route path[3];
    for (int t = 0; t < 3; t++) {
        o.search.ties = (astar_ties)t;
        path[t] = path_buffer();
        path[t].points = malloc(8 * sizeof *path[t].points);
        path[t].capacity = 8;
        assert_non_null(path[t].points);
        assert_int_equal(find(grid, P(0, 0), P(2, 1), &o, &path[t]), ASTAR_OK);
        assert_int_equal(path[t].cost, 24);
    }
    assert_points(&path[ASTAR_TIES_LAST], via_10, 3);
    assert_points(&path[ASTAR_TIES_FIRST], via_11, 3);
    assert_points(&path[ASTAR_TIES_DEEP], via_11, 3);
    assert_int_equal(path[ASTAR_TIES_FIRST].expanded, path[ASTAR_TIES_DEEP].expanded + 1);
    assert_int_equal(path[ASTAR_TIES_LAST].expanded, path[ASTAR_TIES_DEEP].expanded);
    for (int t = 0; t < 3; t++)
        free(path[t].points);
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Stop rule                                                                */
/* ------------------------------------------------------------------------ */

/* The article's warning: stopping when the target joins the open list is
 * wrong when the last step's cost varies. 2x2, the goal (1,1) has terrain 9:
 *   S.
 *   .9
 * Expanding S (the first expansion) adds the goal diagonally with
 * G = 14 * 9 = 126, and STOP_OPEN ends there. The least cost enters the goal
 * straight: 10 + 10 * 9 = 100, which STOP_CLOSED finds. */
static void test_stop_open_is_not_optimal(void **state)
{
    (void)state;
    static const char *const rows[] = { "..", ".9" };
    astar_grid *grid = picture_grid(rows, 2);
    astar_options o = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_OCTILE);

    o.search.stop = ASTAR_STOP_OPEN;
    astar_route path = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(1, 1), &o, &path), ASTAR_OK);
    assert_int_equal(path.cost, 126);
    const astar_point direct[] = { { 0, 0 }, { 1, 1 } };
    assert_points(&path, direct, 2);
    assert_int_equal(path.expanded, 1);

    o.search.stop = ASTAR_STOP_CLOSED;
    path = path_buffer();
    assert_int_equal(find(grid, P(0, 0), P(1, 1), &o, &path), ASTAR_OK);
    assert_int_equal(path.cost, 100);
    assert_int_equal(path.length, 3);
    assert_valid_path(grid, &o, P(0, 0), P(1, 1), &path);
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Determinism and context reuse                                            */
/* ------------------------------------------------------------------------ */

static void test_determinism(void **state)
{
    (void)state;
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(64 * 64, &ctx), ASTAR_OK);
    astar_grid *grid = picture_grid(obstacle_course, 7);
    astar_options o = astar_options_default();
    o.search.ties = ASTAR_TIES_FIRST;

    astar_route first = path_buffer();
    assert_int_equal(astar_find_path(ctx, grid, P(0, 6), P(9, 0), &o, &first), ASTAR_OK);
    astar_point *saved = malloc(first.length * sizeof *saved);
    assert_non_null(saved);
    memcpy(saved, first.points, first.length * sizeof *saved);
    size_t length = first.length;
    uint32_t cost = first.cost, expanded = first.expanded;

    astar_route again = path_buffer();
    assert_int_equal(astar_find_path(ctx, grid, P(0, 6), P(9, 0), &o, &again), ASTAR_OK);
    assert_int_equal(again.cost, cost);
    assert_int_equal(again.expanded, expanded);
    assert_points(&again, saved, length);

    /* other searches on grids of other sizes, leaving stale state behind */
    uint64_t seed = 12345;
    for (int i = 0; i < 40; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        int w = 1 + (int)((seed >> 33) % 64), h = 1 + (int)((seed >> 45) % 64);
        astar_grid *other = open_grid(w, h);
        for (int k = 0; k < w * h / 4; k++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            astar_grid_set_walkable(other, (int)((seed >> 20) % (uint64_t)w),
                                    (int)((seed >> 40) % (uint64_t)h), false);
        }
        astar_grid_set_walkable(other, 0, 0, true);
        astar_grid_set_walkable(other, w - 1, h - 1, true);
        astar_route p = path_buffer();
        astar_status s = astar_find_path(ctx, other, P(0, 0), P(w - 1, h - 1), &o, &p);
        assert_true(s == ASTAR_OK || s == ASTAR_NO_PATH);
        astar_grid_delete(other);
    }

    astar_route later = path_buffer();
    assert_int_equal(astar_find_path(ctx, grid, P(0, 6), P(9, 0), &o, &later), ASTAR_OK);
    assert_int_equal(later.cost, cost);
    assert_int_equal(later.expanded, expanded);
    assert_points(&later, saved, length);

    free(saved);
    astar_grid_delete(grid);
    astar_context_delete(ctx);
}

/* ------------------------------------------------------------------------ */
/* Contexts                                                                 */
/* ------------------------------------------------------------------------ */

static void test_context_limits(void **state)
{
    (void)state;
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(0, &ctx), ASTAR_INVALID_ARGUMENT);
    assert_null(ctx);
    assert_int_equal(astar_context_new((size_t)ASTAR_MAX_CELLS + 1, &ctx),
                     ASTAR_INVALID_ARGUMENT);
    assert_null(ctx);
    assert_int_equal(astar_context_new(SIZE_MAX, &ctx), ASTAR_INVALID_ARGUMENT);
    assert_null(ctx);
    assert_int_equal(astar_context_new(10, NULL), ASTAR_INVALID_ARGUMENT);

    const size_t sizes[] = { 1, 7, 100, 12345 };
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(astar_context_new(sizes[i], &ctx), ASTAR_OK);
        assert_int_equal(astar_context_max_cells(ctx), sizes[i]);
        size_t bytes = astar_context_bytes(ctx);
        assert_true(bytes >= sizes[i]);
        assert_true(bytes <= 16 * sizes[i]);
        astar_context_delete(ctx);
        ctx = NULL;
    }
    astar_context_delete(NULL);
}

/* A one-cell context serves a one-cell grid. */
static void test_context_one_cell(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(1, 1);
    astar_context *ctx = context_for(grid);
    astar_route path = path_buffer();
    assert_int_equal(astar_find_path(ctx, grid, P(0, 0), P(0, 0), NULL, &path), ASTAR_OK);
    assert_int_equal(path.length, 1);
    astar_context_delete(ctx);
    astar_grid_delete(grid);
}

/* After a search: the start is closed with G 0 and itself as parent, the
 * goal closed with G = cost, each path point's parent is the point before
 * it, closed cells have their least G (the reference's) and F = G + H, every
 * reached cell's G is its parent's G plus the step, unreached cells are NONE
 * with zeros. */
static void test_context_node_after_search(void **state)
{
    (void)state;
    astar_grid *grid = picture_grid(obstacle_course, 7);
    astar_context *ctx = context_for(grid);
    const astar_point start = { 0, 6 }, goal = { 9, 0 };
    for (int c = 0; c < 2; c++) {
        astar_options o = opts(ASTAR_MOVES_8, (astar_costs)c, ASTAR_HEURISTIC_OCTILE);
        astar_route path = path_buffer();
        assert_int_equal(astar_find_path(ctx, grid, start, goal, &o, &path), ASTAR_OK);
        uint64_t dist[70];
        ref_least_costs(grid, o.moves, o.costs, start, dist);

        astar_node node;
        assert_int_equal(astar_context_node(ctx, grid, start.x, start.y, &node), ASTAR_OK);
        assert_int_equal(node.list, ASTAR_LIST_CLOSED);
        assert_int_equal(node.g, 0);
        assert_int_equal(node.parent.x, start.x);
        assert_int_equal(node.parent.y, start.y);

        assert_int_equal(astar_context_node(ctx, grid, goal.x, goal.y, &node), ASTAR_OK);
        assert_int_equal(node.list, ASTAR_LIST_CLOSED);
        assert_int_equal(node.g, path.cost);
        assert_int_equal(path.cost, dist[goal.y * 10 + goal.x]);

        for (size_t i = 1; i < path.length; i++) {
            astar_point p = path.points[i];
            assert_int_equal(astar_context_node(ctx, grid, p.x, p.y, &node), ASTAR_OK);
            assert_int_equal(node.list, ASTAR_LIST_CLOSED);
            assert_int_equal(node.parent.x, path.points[i - 1].x);
            assert_int_equal(node.parent.y, path.points[i - 1].y);
        }

        size_t none = 0;
        for (int y = 0; y < 7; y++) {
            for (int x = 0; x < 10; x++) {
                assert_int_equal(astar_context_node(ctx, grid, x, y, &node), ASTAR_OK);
                if (node.list == ASTAR_LIST_NONE) {
                    none++;
                    assert_int_equal(node.f, 0);
                    assert_int_equal(node.g, 0);
                    assert_int_equal(node.h, 0);
                    continue;
                }
                assert_true(astar_grid_walkable(grid, x, y));
                assert_int_equal(node.f, (uint64_t)node.g + node.h);
                if (node.list == ASTAR_LIST_CLOSED)
                    assert_int_equal(node.g, dist[y * 10 + x]);
                else
                    assert_true(node.g >= dist[y * 10 + x]);
                if (x == start.x && y == start.y)
                    continue;
                astar_node parent;
                assert_int_equal(astar_context_node(ctx, grid, node.parent.x, node.parent.y,
                                                    &parent),
                                 ASTAR_OK);
                assert_int_equal(parent.list, ASTAR_LIST_CLOSED);
                assert_true(ref_move_legal(grid, o.moves, node.parent, P(x, y)));
                assert_int_equal(node.g, (uint64_t)parent.g +
                                             ref_step_cost(grid, o.costs, node.parent, P(x, y)));
            }
        }
        /* the blocked cells are never reached */
        size_t blocked = 0;
        for (int y = 0; y < 7; y++)
            for (int x = 0; x < 10; x++)
                blocked += !astar_grid_walkable(grid, x, y);
        assert_int_equal(blocked, 15);
        assert_true(none >= blocked);
    }
    astar_context_delete(ctx);
    astar_grid_delete(grid);
}

static void test_context_node_arguments(void **state)
{
    (void)state;
    astar_grid *grid = open_grid(4, 3);
    astar_context *ctx = context_for(grid);
    astar_route path = path_buffer();
    assert_int_equal(astar_find_path(ctx, grid, P(0, 0), P(3, 2), NULL, &path), ASTAR_OK);
    astar_node node;
    assert_int_equal(astar_context_node(NULL, grid, 0, 0, &node), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_context_node(ctx, NULL, 0, 0, &node), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_context_node(ctx, grid, 0, 0, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_context_node(ctx, grid, -1, 0, &node), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_context_node(ctx, grid, 4, 0, &node), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_context_node(ctx, grid, 0, 3, &node), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_context_node(ctx, grid, 3, 2, &node), ASTAR_OK);
    astar_context_delete(ctx);
    astar_grid_delete(grid);
}

/* A context is never cleared: a wide search on a big grid, then a search on a
 * small grid cut in two by a wall. Nothing right of the wall may be seen as
 * reached, whatever the big search left in those slots. */
static void test_context_stale_state_is_ignored(void **state)
{
    (void)state;
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(40 * 40, &ctx), ASTAR_OK);
    astar_options zero = opts(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, ASTAR_HEURISTIC_ZERO);

    astar_grid *big = open_grid(40, 40);
    astar_route path = path_buffer();
    assert_int_equal(astar_find_path(ctx, big, P(0, 0), P(39, 39), &zero, &path), ASTAR_OK);
    assert_true(path.expanded > 1000);

    astar_grid *small = open_grid(10, 10);
    for (int y = 0; y < 10; y++)
        assert_int_equal(astar_grid_set_walkable(small, 5, y, false), ASTAR_OK);
    for (int round = 0; round < 2; round++) {
        path = path_buffer();
        assert_int_equal(astar_find_path(ctx, small, P(0, 0), P(9, 9), &zero, &path),
                         ASTAR_NO_PATH);
        assert_int_equal(path.expanded, 50); /* the 5 x 10 cells left of the wall */
        for (int y = 0; y < 10; y++) {
            for (int x = 0; x < 10; x++) {
                astar_node node;
                assert_int_equal(astar_context_node(ctx, small, x, y, &node), ASTAR_OK);
                assert_int_equal(node.list, x < 5 ? ASTAR_LIST_CLOSED : ASTAR_LIST_NONE);
            }
        }
        /* in between, a search on the big grid again */
        path = path_buffer();
        assert_int_equal(astar_find_path(ctx, big, P(39, 0), P(0, 39), &zero, &path), ASTAR_OK);
    }
    astar_grid_delete(small);
    astar_grid_delete(big);
    astar_context_delete(ctx);
}

/* ------------------------------------------------------------------------ */
/* Observer                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct observation {
    const astar_grid *grid;
    unsigned calls;
    unsigned char seen[70];
    bool ok;
} observation;

static void observe(void *user, const astar_context *ctx, astar_point current)
{
    observation *obs = user;
    obs->calls++;
    if (current.x < 0 || current.x >= 10 || current.y < 0 || current.y >= 7) {
        obs->ok = false;
        return;
    }
    if (obs->seen[current.y * 10 + current.x]++)
        obs->ok = false; /* the same square twice */
    astar_node node;
    if (astar_context_node(ctx, obs->grid, current.x, current.y, &node) != ASTAR_OK ||
        node.list != ASTAR_LIST_CLOSED)
        obs->ok = false;
}

static void test_observer(void **state)
{
    (void)state;
    astar_grid *grid = picture_grid(obstacle_course, 7);
    for (int t = 0; t < 3; t++) {
        for (int stop = 0; stop < 2; stop++) {
            observation obs;
            memset(&obs, 0, sizeof obs);
            obs.grid = grid;
            obs.ok = true;
            astar_options o = astar_options_default();
            o.search.ties = (astar_ties)t;
            o.search.stop = (astar_stop)stop;
            o.search.observer = observe;
            o.search.observer_user = &obs;
            astar_route path = path_buffer();
            assert_int_equal(find(grid, P(0, 6), P(9, 0), &o, &path), ASTAR_OK);
            assert_true(obs.ok);
            assert_int_equal(obs.calls, path.expanded);
            assert_true(obs.seen[6 * 10 + 0] == 1); /* the start was expanded */

            /* a search that fails before it starts expands nothing */
            memset(&obs, 0, sizeof obs);
            obs.grid = grid;
            obs.ok = true;
            path = path_buffer();
            assert_int_equal(find(grid, P(0, 6), P(3, 6), &o, &path), ASTAR_GOAL_BLOCKED);
            assert_int_equal(obs.calls, 0);
        }
    }
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Status messages                                                          */
/* ------------------------------------------------------------------------ */

static void test_status_messages(void **state)
{
    (void)state;
    const char *texts[ASTAR_UNIT_DOES_NOT_FIT + 1];
    for (int s = 0; s <= ASTAR_UNIT_DOES_NOT_FIT; s++) {
        texts[s] = astar_status_message((astar_status)s);
        assert_non_null(texts[s]);
        assert_true(strlen(texts[s]) > 0);
        assert_null(strchr(texts[s], '\n'));
        assert_string_not_equal(texts[s], "unknown status");
        for (int t = 0; t < s; t++)
            assert_string_not_equal(texts[s], texts[t]);
    }
    assert_string_equal(astar_status_message((astar_status)(ASTAR_UNIT_DOES_NOT_FIT + 1)),
                        "unknown status");
    assert_string_equal(astar_status_message((astar_status)-1), "unknown status");
    assert_string_equal(astar_status_message((astar_status)1000), "unknown status");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_options),
        cmocka_unit_test(test_null_options_are_defaults),
        cmocka_unit_test(test_out_of_bounds),
        cmocka_unit_test(test_blocked_ends),
        cmocka_unit_test(test_map_too_large),
        cmocka_unit_test(test_path_buffer_too_small),
        cmocka_unit_test(test_no_path),
        cmocka_unit_test(test_cost_overflow),
        cmocka_unit_test(test_weighted_f_must_fit),
        cmocka_unit_test(test_cost_near_limit_is_not_an_overflow),
        cmocka_unit_test(test_invalid_arguments),
        cmocka_unit_test(test_cost_only_query),
        cmocka_unit_test(test_start_equals_goal),
        cmocka_unit_test(test_moves_corner),
        cmocka_unit_test(test_moves_no_squeeze),
        cmocka_unit_test(test_moves_detour),
        cmocka_unit_test(test_costs_pure_diagonal),
        cmocka_unit_test(test_terrain_swamp),
        cmocka_unit_test(test_heuristic_manhattan_misses_shortest),
        cmocka_unit_test(test_heuristic_zero_expands_more),
        cmocka_unit_test(test_heuristic_values),
        cmocka_unit_test(test_weight_zero_is_dijkstra),
        cmocka_unit_test(test_weight_above_one),
        cmocka_unit_test(test_ties),
        cmocka_unit_test(test_ties_order_four_moves),
        cmocka_unit_test(test_ties_order_eight_moves),
        cmocka_unit_test(test_stop_open_is_not_optimal),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_context_limits),
        cmocka_unit_test(test_context_one_cell),
        cmocka_unit_test(test_context_node_after_search),
        cmocka_unit_test(test_context_node_arguments),
        cmocka_unit_test(test_context_stale_state_is_ignored),
        cmocka_unit_test(test_observer),
        cmocka_unit_test(test_status_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
