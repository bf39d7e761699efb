/*
 * test_anyangle.c - any-angle paths (GPPC-2023's definition): the oracle's
 * segment check on hand-made cases, the oracle itself on small grids.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "astar.h"
#include "util/anyangle_oracle.h"
#include "util/bench_maps.h"
#include "util/random.h"
#include "util/reference.h"

#define P(x, y) ((astar_point){ (x), (y) })
#define ROWS(r) ref_grid_from_rows((r), (int)(sizeof(r) / sizeof((r)[0])))

/*   x 0123456
 * y0  .......
 * y1  .#.....     (1,1) and (2,2) touch only at the point (2,2)
 * y2  ..#....
 * y3  .......
 * y4  ....##.     (4,4) and (5,4) share a side
 */
static const char *const picture[] = {
    ".......",
    ".#.....",
    "..#....",
    ".......",
    "....##.",
};

static void test_segment_cases(void **state)
{
    (void)state;
    astar_grid *g = ROWS(picture);
    assert_non_null(g);
    /* Along a blocked cell's side, and around it by its corner. */
    assert_true(aa_segment_valid(g, P(1, 1), P(2, 1)));
    assert_true(aa_segment_valid(g, P(1, 0), P(1, 4)));
    assert_true(aa_segment_valid(g, P(0, 0), P(1, 1)));
    /* Through a blocked cell's interior, on a diagonal and on a slope. */
    assert_false(aa_segment_valid(g, P(1, 1), P(2, 2)));
    assert_false(aa_segment_valid(g, P(0, 1), P(3, 2)));
    /* Through the double corner (2,2), straight and slanted. */
    assert_false(aa_segment_valid(g, P(1, 3), P(3, 1)));
    assert_false(aa_segment_valid(g, P(0, 4), P(4, 0)));
    assert_false(aa_segment_valid(g, P(2, 0), P(2, 4)));
    assert_false(aa_segment_valid(g, P(0, 2), P(5, 2)));
    /* Ending on it: NW and SE blocked there, so no segment may. */
    assert_false(aa_segment_valid(g, P(3, 0), P(2, 2)));
    /* Between two cells sharing a side: refused; along their outer side: fine. */
    assert_false(aa_segment_valid(g, P(4, 5), P(6, 5)));
    assert_false(aa_segment_valid(g, P(5, 4), P(5, 5)));
    assert_true(aa_segment_valid(g, P(3, 4), P(7, 4)));
    /* Slopes that pass the double corner exactly, and a line along (2,2)'s
     * side that passes only ordinary corners. */
    assert_false(aa_segment_valid(g, P(0, 3), P(4, 1)));
    assert_false(aa_segment_valid(g, P(0, 4), P(3, 1)));
    assert_true(aa_segment_valid(g, P(3, 0), P(3, 4)));
    /* Along the map's border: the outside is blocked, the inside free. */
    assert_true(aa_segment_valid(g, P(0, 0), P(7, 0)));
    assert_true(aa_segment_valid(g, P(7, 0), P(7, 5)));
    assert_true(aa_segment_valid(g, P(0, 5), P(4, 5)));
    /* Along the border under the blocked (4,4), (5,4): blocked both sides. */
    assert_false(aa_segment_valid(g, P(3, 5), P(7, 5)));
    /* Not a segment. */
    assert_false(aa_segment_valid(g, P(3, 3), P(3, 3)));
    astar_grid_delete(g);
}

/* GPPC's start on a double corner with NE and SW blocked leaves only into
 * the south-east quadrant. */
static void test_segment_double_corner_start(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "...",
        "..#",   /* (2,1) */
        ".#.",   /* (1,2): the point (2,2) has NE and SW blocked */
        "...",
    };
    astar_grid *g = ROWS(rows);
    assert_non_null(g);
    assert_true(aa_segment_valid(g, P(2, 2), P(3, 4)));
    assert_true(aa_segment_valid(g, P(2, 2), P(3, 2)));
    assert_true(aa_segment_valid(g, P(2, 2), P(2, 4)));
    assert_false(aa_segment_valid(g, P(2, 2), P(0, 0)));
    assert_false(aa_segment_valid(g, P(2, 2), P(1, 2)));
    assert_false(aa_segment_valid(g, P(2, 2), P(2, 1)));
    assert_false(aa_segment_valid(g, P(0, 0), P(2, 2)));
    assert_true(aa_segment_valid(g, P(3, 4), P(2, 2)));
    astar_grid_delete(g);
}

static void test_path_validator(void **state)
{
    (void)state;
    astar_grid *g = ROWS(picture);
    assert_non_null(g);
    double len = 0;
    const astar_point around[] = { P(0, 0), P(1, 1), P(1, 2), P(2, 3), P(7, 5) };
    assert_false(aa_path_valid(g, around, 5, &len)); /* (2,3)-(7,5) crosses (4,4) */
    const astar_point ok[] = { P(0, 0), P(2, 1), P(3, 2), P(6, 4), P(7, 5) };
    assert_true(aa_path_valid(g, ok, 5, &len));
    assert_true(fabs(len - (sqrt(5) + sqrt(2) + sqrt(13) + sqrt(2))) < 1e-12);
    const astar_point turn_on_double[] = { P(3, 1), P(2, 2), P(3, 3) };
    assert_false(aa_path_valid(g, turn_on_double, 3, NULL));
    const astar_point repeated[] = { P(0, 0), P(0, 0) };
    assert_false(aa_path_valid(g, repeated, 2, NULL));
    const astar_point outside[] = { P(0, 0), P(8, 0) };
    assert_false(aa_path_valid(g, outside, 2, NULL));
    assert_true(aa_path_valid(g, ok, 1, &len) && len == 0);
    astar_grid_delete(g);
}

static void test_oracle_small(void **state)
{
    (void)state;
    astar_grid *g = ROWS(picture);
    assert_non_null(g);
    aa_oracle *o = aa_oracle_new(g, false);
    assert_non_null(o);
    astar_point pts[16];
    size_t n = 0;
    /* Straight, when it can be. */
    assert_true(fabs(aa_oracle_length(o, P(0, 0), P(6, 0), pts, 16, &n) - 6) < 1e-12);
    assert_int_equal(n, 2);
    /* (0,3) to (4,1) would pass the double corner: around (1,1)'s or
     * (2,2)'s outer corners instead. */
    double d = aa_oracle_length(o, P(0, 3), P(4, 1), pts, 16, &n);
    assert_true(d > sqrt(20) + 1e-9);
    assert_true(aa_path_valid(g, pts, n, NULL));
    assert_int_equal(aa_oracle_length(o, P(3, 3), P(3, 3), pts, 16, &n), 0);
    assert_int_equal(n, 1);
    aa_oracle_delete(o);
    astar_grid_delete(g);
}

/* The oracle's reduction to convex corners against every corner of every
 * blocked cell, on random small grids. */
static void test_oracle_convex_corners_suffice(void **state)
{
    (void)state;
    rng r = { 44 };
    for (int round = 0; round < 40; round++) {
        int w = 3 + (int)rng_below(&r, 10), h = 3 + (int)rng_below(&r, 10);
        astar_grid *g = NULL;
        assert_int_equal(astar_grid_new(w, h, &g), ASTAR_OK);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (rng_below(&r, 100) < 35)
                    astar_grid_set_walkable(g, x, y, false);
        aa_oracle *a = aa_oracle_new(g, false), *b = aa_oracle_new(g, true);
        assert_non_null(a);
        assert_non_null(b);
        for (int i = 0; i < 30; i++) {
            astar_point s = P((int)rng_below(&r, w), (int)rng_below(&r, h));
            astar_point t = P((int)rng_below(&r, w), (int)rng_below(&r, h));
            if (!astar_grid_walkable(g, s.x, s.y) || !astar_grid_walkable(g, t.x, t.y))
                continue;
            astar_point pts[256];
            size_t n = 0;
            double da = aa_oracle_length(a, s, t, pts, 256, &n);
            double db = aa_oracle_length(b, s, t, NULL, 0, NULL);
            assert_true(fabs(da - db) <= 1e-9 * (1 + da));
            if (da >= 0) {
                double len = -1;
                assert_true(n <= 256 && aa_path_valid(g, pts, n, &len));
                assert_true(fabs(len - da) <= 1e-9 * (1 + da));
            }
        }
        aa_oracle_delete(a);
        aa_oracle_delete(b);
        astar_grid_delete(g);
    }
}

/* One any-angle search, checked: the oracle's reachability and length,
 * and a path the validator accepts with the length the search says. */
/* What a failure shows: the grid, the path found and the oracle's. */
static void show(const astar_grid *g, aa_oracle *o, astar_point s, astar_point t,
                 const astar_point *pts, size_t n)
{
    for (int y = 0; y < astar_grid_height(g); y++) {
        for (int x = 0; x < astar_grid_width(g); x++)
            print_message("%c", astar_grid_walkable(g, x, y) ? '.' : '#');
        print_message("\n");
    }
    astar_point want[512];
    size_t m = 0;
    aa_oracle_length(o, s, t, want, 512, &m);
    print_message("found:");
    for (size_t i = 0; i < n && i < 512; i++)
        print_message(" (%d,%d)", pts[i].x, pts[i].y);
    print_message("\noracle:");
    for (size_t i = 0; i < m && i < 512; i++)
        print_message(" (%d,%d)", want[i].x, want[i].y);
    print_message("\n");
}

static void check_against(const astar_grid *g, astar_context *ctx, aa_oracle *o, astar_point s,
                          astar_point t)
{
    astar_point pts[512];
    astar_route route = { .points = pts, .capacity = 512 };
    astar_status st = astar_find_any_angle_path(ctx, g, s, t, NULL, &route);
    double want = aa_oracle_length(o, s, t, NULL, 0, NULL);
    if (want < 0) {
        if (st != ASTAR_NO_PATH)
            fail_msg("(%d,%d)->(%d,%d): status %d, oracle: no path", s.x, s.y, t.x, t.y, st);
        return;
    }
    if (st != ASTAR_OK)
        fail_msg("(%d,%d)->(%d,%d): status %d, oracle %.12f", s.x, s.y, t.x, t.y, st, want);
    double len = -1;
    if (!aa_path_valid(g, pts, route.length, &len))
        fail_msg("(%d,%d)->(%d,%d): invalid path of %zu points", s.x, s.y, t.x, t.y, route.length);
    if (fabs(len - route.distance) > 1e-9 * (1 + len) || fabs(len - want) > 1e-9 * (1 + want)) {
        show(g, o, s, t, pts, route.length);
        fail_msg("(%d,%d)->(%d,%d): length %.12f (says %.12f), oracle %.12f", s.x, s.y, t.x, t.y,
                 len, route.distance, want);
    }
}

static astar_grid *random_grid(rng *r, int w, int h, int percent)
{
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(w, h, &g), ASTAR_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (rng_below(r, 100) < percent)
                astar_grid_set_walkable(g, x, y, false);
    return g;
}

static astar_point random_free(rng *r, const astar_grid *g)
{
    for (;;) {
        astar_point p = P(rng_below(r, astar_grid_width(g)), rng_below(r, astar_grid_height(g)));
        if (astar_grid_walkable(g, p.x, p.y))
            return p;
    }
}

/* The bounded oracle (for maps too large for the whole visibility graph)
 * against the whole one: a bound a hair above the shortest length finds
 * it, one a hair below finds nothing. */
static void test_bounded_oracle(void **state)
{
    (void)state;
    rng r = { 4403 };
    size_t found = 0;
    for (int round = 0; round < 120; round++) {
        int w = 1 + rng_below(&r, 36), h = 1 + rng_below(&r, 36);
        astar_grid *g = random_grid(&r, w, h, rng_below(&r, 41));
        aa_oracle *o = aa_oracle_new(g, false);
        aa_corners *c = aa_corners_new(g);
        assert_non_null(o);
        assert_non_null(c);
        for (int i = 0; i < 30; i++) {
            astar_point s = P(rng_below(&r, w), rng_below(&r, h));
            astar_point t = P(rng_below(&r, w), rng_below(&r, h));
            if (!astar_grid_walkable(g, s.x, s.y) || !astar_grid_walkable(g, t.x, t.y))
                continue;
            double want = aa_oracle_length(o, s, t, NULL, 0, NULL);
            double roomy = want < 0 ? 4.0 * (w + h) : want + 1e-9 * (1 + want);
            astar_point pts[256];
            size_t n = 0;
            double got = aa_corners_length(c, s, t, roomy, pts, 256, &n);
            if (fabs(got - want) > 1e-9 * (1 + fabs(want)))
                fail_msg("(%d,%d)->(%d,%d): bounded %.12f, whole %.12f", s.x, s.y, t.x, t.y, got,
                         want);
            if (want > 0) {
                double len = -1;
                assert_true(aa_path_valid(g, pts, n, &len) && fabs(len - want) < 1e-9 * (1 + want));
                assert_true(aa_corners_length(c, s, t, want - 1e-6, NULL, 0, NULL) < 0);
                found++;
            }
        }
        aa_corners_delete(c);
        aa_oracle_delete(o);
        astar_grid_delete(g);
    }
    assert_true(found > 1000);
}

static void test_random_grids_against_oracle(void **state)
{
    (void)state;
    rng r = { 4401 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(40 * 40, &ctx), ASTAR_OK);
    for (int round = 0; round < 300; round++) {
        int w = 1 + rng_below(&r, round < 150 ? 12 : 40);
        int h = 1 + rng_below(&r, round < 150 ? 12 : 40);
        astar_grid *g = random_grid(&r, w, h, rng_below(&r, 41));
        bool any = false;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                any |= astar_grid_walkable(g, x, y);
        if (!any) {
            astar_grid_delete(g);
            continue;
        }
        aa_oracle *o = aa_oracle_new(g, false);
        assert_non_null(o);
        for (int i = 0; i < 40; i++)
            check_against(g, ctx, o, random_free(&r, g), random_free(&r, g));
        aa_oracle_delete(o);
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
}

/* A start or goal on a double corner (NE and SW blocked) leaves or is
 * reached from the south-east only: every pair with one there, against
 * the oracle, which has the rule from GPPC's validator. */
static void test_double_corner_ends(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ".....",
        "...#.",
        "..#..",
        "..#..",
        ".#...",
    };
    astar_grid *g = ROWS(rows);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(25, &ctx), ASTAR_OK);
    /* Double corners there: (3,2) between (3,1) and (2,2), (2,4) between
     * (2,3) and (1,4). */
    aa_oracle *o = aa_oracle_new(g, false);
    assert_non_null(o);
    const astar_point corners[] = { P(3, 2), P(2, 4) };
    for (int c = 0; c < 2; c++)
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 5; x++)
                if (astar_grid_walkable(g, x, y)) {
                    check_against(g, ctx, o, corners[c], P(x, y));
                    check_against(g, ctx, o, P(x, y), corners[c]);
                }
    /* (3,2) to (2,1) would leave through its free NW cell, which the
     * rule forbids: the path goes round. */
    assert_true(aa_oracle_length(o, P(3, 2), P(2, 1), NULL, 0, NULL) > sqrt(2) + 1e-9);
    aa_oracle_delete(o);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* A cone's interval ends are projections worked out in doubles; one that
 * should fall on a corner, where the path turns, may miss it by an ulp
 * and must be snapped to it, or the corner is not taken as a root and the
 * path found is longer. From (2,0) the shortest path to (10,12) turns at
 * (5,9), on a line three rows down a column that grazes (3,3) and (4,6)
 * too: the cone along it is projected row by row with ratios such as 4/3
 * and 7/6, and without the snapping (5,9) is missed - (2,0) (2,4) (5,9)
 * (10,12), 15.66, against the oracle's 15.32. Every goal from the start,
 * and back, is checked against the oracle. */
static void test_snapped_interval_ends(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "...........",
        "...........",
        "...........",
        "..#........",
        "...........",
        "....#...#..",
        "......##...",
        ".....#.....",
        ".....#.....",
        "...........",
        "...........",
        "...........",
        "...........",
    };
    astar_grid *g = ROWS(rows);
    assert_non_null(g);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(11 * 13, &ctx), ASTAR_OK);
    aa_oracle *o = aa_oracle_new(g, false);
    assert_non_null(o);
    check_against(g, ctx, o, P(2, 0), P(10, 12));
    for (int y = 0; y < 13; y++)
        for (int x = 0; x < 11; x++)
            if (astar_grid_walkable(g, x, y)) {
                check_against(g, ctx, o, P(2, 0), P(x, y));
                check_against(g, ctx, o, P(x, y), P(2, 0));
            }
    aa_oracle_delete(o);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* Edits between queries on one context: each query sees the map as it
 * is (nothing of an earlier search is kept but memory). */
static void test_edits_between_queries(void **state)
{
    (void)state;
    rng r = { 4402 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(14 * 14, &ctx), ASTAR_OK);
    for (int round = 0; round < 40; round++) {
        int w = 2 + rng_below(&r, 13), h = 2 + rng_below(&r, 13);
        astar_grid *g = random_grid(&r, w, h, 10 + rng_below(&r, 25));
        astar_grid_set_walkable(g, 0, 0, true);
        for (int i = 0; i < 15; i++) {
            aa_oracle *o = aa_oracle_new(g, false);
            assert_non_null(o);
            check_against(g, ctx, o, random_free(&r, g), random_free(&r, g));
            aa_oracle_delete(o);
            int x = rng_below(&r, w), y = rng_below(&r, h);
            if (x != 0 || y != 0)
                astar_grid_set_walkable(g, x, y, !astar_grid_walkable(g, x, y));
        }
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
}

/* Benchmark maps: every problem no longer than the scenario's 8-connected
 * optimum and valid, every 10th equal to the oracle. */
static void check_bench_map(const char *name)
{
    astar_grid *g = NULL;
    astar_scenario *scen = NULL;
    bench_map_load(name, &g, &scen);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(astar_grid_cells(g), &ctx), ASTAR_OK);
    aa_oracle *o = aa_oracle_new(g, false);
    assert_non_null(o);
    size_t count = astar_scenario_count(scen), compared = 0;
    double ratio = 0;
    for (size_t i = 0; i < count; i++) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        astar_point pts[1024];
        astar_route route = { .points = pts, .capacity = 1024 };
        assert_int_equal(astar_find_any_angle_path(ctx, g, p->start, p->goal, NULL, &route),
                         ASTAR_OK);
        double len = -1;
        assert_true(aa_path_valid(g, pts, route.length, &len));
        assert_true(fabs(len - route.distance) <= 1e-9 * (1 + len));
        /* The files write lengths to 5 decimals, counting a diagonal as
         * 1.41421 (2.6e-6 short of sqrt 2). */
        if (route.distance > p->optimal * (1 + 2.6e-6) + 1e-5)
            fail_msg("%s line %ld: %.9f above the octile %.9f", name, p->line, route.distance,
                     p->optimal);
        ratio += p->optimal > 0 ? route.distance / p->optimal : 1;
        if (i % 10 == 0) {
            check_against(g, ctx, o, p->start, p->goal);
            compared++;
        }
    }
    print_message("%s: %zu problems, %zu against the oracle, mean ratio to octile %.4f\n", name,
                  count, compared, ratio / (double)count);
    aa_oracle_delete(o);
    astar_context_delete(ctx);
    astar_scenario_delete(scen);
    astar_grid_delete(g);
}

static void test_bench_arena(void **state)
{
    (void)state;
    check_bench_map("dao/arena");
}

static void test_bench_den312d(void **state)
{
    (void)state;
    check_bench_map("dao/den312d");
}

/* The call's answers other than a path. */
static void test_statuses(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "..#..",
        "..#..",
        "..#..",
        "#####",
        ".....",
    };
    astar_grid *g = ROWS(rows);
    astar_context *ctx = NULL, *small = NULL;
    assert_int_equal(astar_context_new(25, &ctx), ASTAR_OK);
    assert_int_equal(astar_context_new(4, &small), ASTAR_OK);
    astar_point pts[8];
    astar_route route = { .points = pts, .capacity = 8 };
    assert_int_equal(astar_find_any_angle_path(ctx, g, P(0, 0), P(3, 0), NULL, &route),
                     ASTAR_NO_PATH);
    assert_int_equal(astar_find_any_angle_path(ctx, g, P(2, 0), P(0, 0), NULL, &route),
                     ASTAR_START_BLOCKED);
    assert_int_equal(astar_find_any_angle_path(ctx, g, P(0, 0), P(2, 1), NULL, &route),
                     ASTAR_GOAL_BLOCKED);
    /* (5, 0) is a corner of the map but the top-left of no cell. */
    assert_int_equal(astar_find_any_angle_path(ctx, g, P(0, 0), P(5, 0), NULL, &route),
                     ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_find_any_angle_path(ctx, g, P(-1, 0), P(0, 0), NULL, &route),
                     ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_find_any_angle_path(small, g, P(0, 0), P(1, 1), NULL, &route),
                     ASTAR_MAP_TOO_LARGE);
    assert_int_equal(astar_find_any_angle_path(NULL, g, P(0, 0), P(1, 1), NULL, &route),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_any_angle_path(ctx, g, P(0, 0), P(1, 1), NULL, NULL),
                     ASTAR_INVALID_ARGUMENT);
    /* Around the wall's end: (0,0) to (0,4) is blocked by row 3 entirely. */
    assert_int_equal(astar_find_any_angle_path(ctx, g, P(0, 0), P(0, 4), NULL, &route),
                     ASTAR_NO_PATH);
    /* One point from a point to itself. */
    assert_int_equal(astar_find_any_angle_path(ctx, g, P(1, 1), P(1, 1), NULL, &route),
                     ASTAR_OK);
    assert_int_equal(route.length, 1);
    assert_true(route.distance == 0);
    /* A short buffer keeps the count and the length, and a prefix. */
    static const char *const bend[] = {
        ".....",
        ".###.",
        ".#...",
        ".#.#.",
        ".....",
    };
    astar_grid *b = ROWS(bend);
    astar_route full = { .points = pts, .capacity = 8 };
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), NULL, &full), ASTAR_OK);
    assert_true(full.length >= 3);
    astar_point two[2];
    astar_route cut = { .points = two, .capacity = 2 };
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), NULL, &cut),
                     ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(cut.status, ASTAR_OK);
    assert_int_equal(cut.length, full.length);
    assert_int_equal(cut.cut, full.length - 2);
    assert_true(cut.distance == full.distance);
    assert_true(two[0].x == 2 && two[0].y == 2 && two[1].x == pts[1].x && two[1].y == pts[1].y);
    astar_route none = { 0 };
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), NULL, &none), ASTAR_OK);
    assert_true(none.distance == full.distance);
    /* Options: a limit is honoured, what the search cannot do refused. */
    astar_search_options o = astar_search_options_default();
    o.max_expanded = 1;
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), &o, &route),
                     ASTAR_EXPANSION_LIMIT);
    /* Weight 0 (no H) finds the same length, more slowly. */
    o = astar_search_options_default();
    o.weight = 0;
    astar_route plain = { .points = pts, .capacity = 8 };
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), &o, &plain), ASTAR_OK);
    assert_true(fabs(plain.distance - full.distance) < 1e-12);
    assert_true(plain.expanded >= full.expanded);
    o = astar_search_options_default();
    o.trace = &(astar_trace){ 0 };
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), &o, &route),
                     ASTAR_UNSUPPORTED);
    /* Through astar_options: the game world and moves other than 8 are
     * refused, whatever algorithm a unit of a size would otherwise run on. */
    astar_options world = astar_options_default();
    world.algorithm = ASTAR_ALGORITHM_ANYA;
    world.moves = ASTAR_MOVES_4;
    assert_int_equal(astar_find_path(ctx, b, P(2, 2), P(0, 0), &world, &route), ASTAR_UNSUPPORTED);
    world.moves = ASTAR_MOVES_8;
    world.world.turn_penalty = 5;
    assert_int_equal(astar_find_path(ctx, b, P(2, 2), P(0, 0), &world, &route), ASTAR_UNSUPPORTED);
    world.world.turn_penalty = 0;
    world.world.unit_size = 2;
    assert_int_equal(astar_grid_enable_clearance(b, NULL, 0), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, b, P(2, 2), P(0, 0), &world, &route), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_grid_enable_sized_shadow(b, 2, 0, false), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, b, P(2, 2), P(0, 0), &world, &route), ASTAR_UNSUPPORTED);
    astar_grid_disable_sized_shadow(b, 2, 0);
    o = astar_search_options_default();
    o.open_list = ASTAR_OPEN_LIST_BUCKETS;
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), &o, &route),
                     ASTAR_UNSUPPORTED);
    o = astar_search_options_default();
    o.weight = -1;
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), &o, &route),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_set_topology(b, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    assert_int_equal(astar_find_any_angle_path(ctx, b, P(2, 2), P(0, 0), NULL, &route),
                     ASTAR_UNSUPPORTED);
    astar_grid_delete(b);
    astar_context_delete(small);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* The same search in slices of a few intervals, through the queue, and
 * with partial paths: the slices and the queue give the one-call answer
 * point for point; a partial path is valid, its length the one reported,
 * and it ends no farther from the goal than the start; where the oracle
 * finds a path, partial changes nothing. */
static void same_route(const astar_route *a, const astar_route *b)
{
    assert_int_equal(a->status, b->status);
    assert_int_equal(a->length, b->length);
    assert_true(a->distance == b->distance);
    for (size_t i = 0; i < a->length && i < a->capacity; i++)
        assert_true(a->points[i].x == b->points[i].x && a->points[i].y == b->points[i].y);
}

static void check_partial(const astar_grid *g, aa_oracle *o, astar_point s, astar_point t,
                          const astar_route *route)
{
    double want = aa_oracle_length(o, s, t, NULL, 0, NULL);
    if (want >= 0) {
        assert_int_equal(route->status, ASTAR_OK);
        assert_true(fabs(route->distance - want) <= 1e-9 * (1 + want));
        return;
    }
    assert_int_equal(route->status, ASTAR_PARTIAL_NO_PATH);
    double len = -1;
    assert_true(aa_path_valid(g, route->points, route->length, &len));
    assert_true(fabs(len - route->distance) <= 1e-9 * (1 + len));
    astar_point end = route->points[route->length - 1];
    double to_end = aa_oracle_length(o, s, end, NULL, 0, NULL);
    assert_true(to_end <= len + 1e-9 * (1 + len));
    double from_start = hypot(t.x - s.x, t.y - s.y), from_end = hypot(t.x - end.x, t.y - end.y);
    assert_true(from_end <= from_start);
}

static void test_slices_queue_partial(void **state)
{
    (void)state;
    rng r = { 4402 };
    enum { SIDE = 30, CAP = 256, REQUESTS = 8 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(SIDE * SIDE, &ctx), ASTAR_OK);
    astar_queue *q = NULL;
    assert_int_equal(astar_queue_new(3, SIDE * SIDE, REQUESTS, &q), ASTAR_OK);
    astar_options o = astar_options_default();
    o.algorithm = ASTAR_ALGORITHM_ANYA;
    astar_options partial = o;
    partial.search.partial = true;
    size_t partial_paths = 0, sliced_steps = 0;
    for (int round = 0; round < 60; round++) {
        int w = 2 + rng_below(&r, SIDE - 1), h = 2 + rng_below(&r, SIDE - 1);
        astar_grid *g = random_grid(&r, w, h, 10 + rng_below(&r, 35));
        astar_grid_set_walkable(g, 0, 0, true);
        aa_oracle *oracle = aa_oracle_new(g, false);
        assert_non_null(oracle);
        astar_point whole_pts[REQUESTS][CAP], queued_pts[REQUESTS][CAP];
        astar_route whole[REQUESTS], queued[REQUESTS];
        astar_request handle[REQUESTS];
        for (int i = 0; i < REQUESTS; i++) {
            astar_point s = random_free(&r, g), t = random_free(&r, g);
            whole[i] = (astar_route){ .points = whole_pts[i], .capacity = CAP };
            astar_find_path(ctx, g, s, t, &o, &whole[i]);
            assert_true(whole[i].status == ASTAR_OK || whole[i].status == ASTAR_NO_PATH);
            /* In slices of 1 to 3 intervals: no step runs over its budget. */
            astar_point pts[CAP];
            astar_route sliced = { .points = pts, .capacity = CAP };
            assert_int_equal(astar_search_begin(ctx, g, s, t, &o), ASTAR_IN_PROGRESS);
            for (;;) {
                uint32_t budget = 1 + (uint32_t)rng_below(&r, 3);
                uint32_t before = astar_search_expanded(ctx);
                astar_status st = astar_search_step(ctx, budget);
                sliced_steps++;
                if (st != ASTAR_IN_PROGRESS)
                    break;
                uint32_t after = astar_search_expanded(ctx);
                assert_true(after <= before + budget || after < before);
            }
            astar_search_finish(ctx, &sliced, NULL);
            same_route(&sliced, &whole[i]);
            astar_route part = { .points = pts, .capacity = CAP };
            astar_find_path(ctx, g, s, t, &partial, &part);
            check_partial(g, oracle, s, t, &part);
            partial_paths += part.status == ASTAR_PARTIAL_NO_PATH;
            queued[i] = (astar_route){ .points = queued_pts[i], .capacity = CAP };
            assert_int_equal(astar_queue_request(q, g, s, t, &o, 0, &queued[i], &handle[i]),
                             ASTAR_OK);
        }
        while (astar_queue_update(q, 5, ASTAR_QUEUE_ANY_TIME, NULL) == ASTAR_OK) {
            bool done = true;
            for (int i = 0; i < REQUESTS; i++)
                done &= astar_queue_poll(q, handle[i]) != ASTAR_IN_PROGRESS;
            if (done)
                break;
        }
        for (int i = 0; i < REQUESTS; i++) {
            assert_int_equal(astar_queue_poll(q, handle[i]), whole[i].status);
            same_route(&queued[i], &whole[i]);
            assert_int_equal(astar_queue_cancel(q, handle[i]), ASTAR_OK);
        }
        aa_oracle_delete(oracle);
        astar_grid_delete(g);
    }
    print_message("%zu partial paths, %zu slices\n", partial_paths, sliced_steps);
    assert_true(partial_paths > 20);
    astar_queue_delete(q);
    astar_context_delete(ctx);
}

/* The intervals a search leaves to be shown: each on a grid line inside
 * the map, seen from a root that is the start or a corner of a blocked
 * cell, whose G is at least its distance from the start as the crow
 * flies; the goal's among them; open ones exactly those not yet taken;
 * the count the same whether or not they fit. */
static void test_intervals_shown(void **state)
{
    (void)state;
    rng r = { 4411 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(40 * 40, &ctx), ASTAR_OK);
    static astar_any_angle_interval seen[1 << 14];
    size_t searches = 0, open = 0, taken = 0;
    for (int round = 0; round < 60; round++) {
        int w = 8 + rng_below(&r, 32), h = 8 + rng_below(&r, 32);
        astar_grid *g = random_grid(&r, w, h, 10 + rng_below(&r, 25));
        for (int i = 0; i < 10; i++) {
            astar_point s = random_free(&r, g), t = random_free(&r, g);
            astar_route route = { 0 };
            astar_find_any_angle_path(ctx, g, s, t, NULL, &route); /* no buffer: the count */
            astar_status st = route.status;
            size_t n = 0, again = 0;
            assert_int_equal(astar_any_angle_intervals(ctx, seen, 1 << 14, &n), ASTAR_OK);
            assert_int_equal(astar_any_angle_intervals(ctx, NULL, 0, &again), ASTAR_OK);
            assert_int_equal(n, again);
            if (n == 0)
                continue;
            searches++;
            bool goal = false;
            for (size_t k = 0; k < n && k < (1 << 14); k++) {
                const astar_any_angle_interval *v = &seen[k];
                assert_true(v->row >= 0 && v->row <= h && v->left >= -1e-9 &&
                            v->left <= v->right + 1e-12 && v->right <= w + 1e-9);
                bool start = v->root.x == s.x && v->root.y == s.y;
                bool corner = false;
                for (int dy = -1; dy <= 0; dy++)
                    for (int dx = -1; dx <= 0; dx++)
                        corner |= !astar_grid_walkable(g, v->root.x + dx, v->root.y + dy);
                assert_true(start || corner);
                assert_true(v->g + 1e-9 >= hypot(v->root.x - s.x, v->root.y - s.y));
                goal |= v->row == t.y && v->left == t.x && v->right == t.x;
                open += v->open;
                taken += !v->open;
            }
            assert_true(st != ASTAR_OK || goal);
        }
        astar_grid_delete(g);
    }
    assert_true(searches > 300 && open > 1000 && taken > 1000);
    /* After a search of another kind there is nothing to show. */
    astar_grid *g = random_grid(&r, 10, 10, 0);
    astar_route route = { 0 };
    size_t n = 0;
    astar_find_path(ctx, g, P(0, 0), P(9, 9), NULL, &route);
    assert_int_equal(astar_any_angle_intervals(ctx, NULL, 0, &n), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_any_angle_intervals(NULL, NULL, 0, &n), ASTAR_INVALID_ARGUMENT);
    astar_grid_delete(g);
    astar_context_delete(ctx);
}

/* ------------------------------------------------------------------------ */
/* The cells a unit walks (astar_any_angle_cells)                           */
/* ------------------------------------------------------------------------ */

/* The side of line p-q that point (x, y) lies on: the cross product. */
static int64_t side_of(astar_point p, astar_point q, int64_t x, int64_t y)
{
    return ((int64_t)q.x - p.x) * (y - p.y) - ((int64_t)q.y - p.y) * (x - p.x);
}

/* Whether segment p-q meets cell c's square, its inside alone (inside) or
 * the closed square: separating axes, exactly - the two axes (open or
 * closed intervals) and the segment's normal (some corner strictly on each
 * side of the line for the inside; not all strictly on one side for the
 * closed square). */
static bool segment_meets(astar_point p, astar_point q, astar_point c, bool inside)
{
    int lox = p.x < q.x ? p.x : q.x, hix = p.x < q.x ? q.x : p.x;
    int loy = p.y < q.y ? p.y : q.y, hiy = p.y < q.y ? q.y : p.y;
    if (inside ? (hix <= c.x || lox >= c.x + 1 || hiy <= c.y || loy >= c.y + 1)
               : (hix < c.x || lox > c.x + 1 || hiy < c.y || loy > c.y + 1))
        return false;
    bool above = false, below = false;
    for (int k = 0; k < 4; k++) {
        int64_t v = side_of(p, q, c.x + (k & 1), c.y + (k >> 1));
        above |= inside ? v > 0 : v >= 0;
        below |= inside ? v < 0 : v <= 0;
    }
    return above && below;
}

/* The cells of an any-angle path, checked without the library's walk: a
 * legal path of cells under the moves (astar_path_check) from the start's
 * cell to the goal's, priced as the call says; every cell touches a
 * segment; every cell whose inside a segment crosses is among them. */
static void check_cells(const astar_grid *g, astar_moves moves, const astar_point *pts, size_t n)
{
    astar_point cells[4096];
    astar_route out = { .points = cells, .capacity = 4096 };
    astar_options o = astar_options_default();
    o.moves = moves;
    o.costs = ASTAR_COSTS_OCTILE;
    assert_int_equal(astar_any_angle_cells(g, &o, pts, n, &out), ASTAR_OK);
    astar_path_measure m;
    astar_error err;
    if (astar_path_check(g, &o, pts[0], pts[n - 1], cells, out.length, &m, &err) != ASTAR_OK)
        fail_msg("moves %d: %zu cells from %zu points not a path: %s", moves, out.length, n,
                 err.message);
    assert_int_equal(m.cost, out.cost);
    assert_true(fabs(out.distance - (double)m.cost / ASTAR_OCTILE_STRAIGHT) < 1e-9);
    for (size_t i = 0; i < out.length; i++) {
        bool touches = n == 1;
        for (size_t k = 1; k < n && !touches; k++)
            touches = segment_meets(pts[k - 1], pts[k], cells[i], false);
        if (!touches)
            fail_msg("cell (%d,%d) touches no segment", cells[i].x, cells[i].y);
    }
    for (size_t k = 1; k < n; k++)
        for (int y = 0; y < astar_grid_height(g); y++)
            for (int x = 0; x < astar_grid_width(g); x++) {
                if (!segment_meets(pts[k - 1], pts[k], P(x, y), true))
                    continue;
                bool listed = false;
                for (size_t i = 0; i < out.length && !listed; i++)
                    listed = cells[i].x == x && cells[i].y == y;
                if (!listed)
                    fail_msg("segment %zu crosses cell (%d,%d), not among the cells", k, x, y);
            }
}

static void test_cells_a_unit_walks(void **state)
{
    (void)state;
    rng r = { 4409 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(40 * 40, &ctx), ASTAR_OK);
    size_t checked = 0, corners_rounded = 0;
    for (int round = 0; round < 160; round++) {
        int w = 1 + rng_below(&r, 40), h = 1 + rng_below(&r, 40);
        astar_grid *g = random_grid(&r, w, h, rng_below(&r, 41));
        bool any = false;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                any |= astar_grid_walkable(g, x, y);
        for (int i = 0; any && i < 20; i++) {
            astar_point pts[512];
            astar_route route = { .points = pts, .capacity = 512 };
            if (astar_find_any_angle_path(ctx, g, random_free(&r, g), random_free(&r, g), NULL,
                                          &route) != ASTAR_OK)
                continue;
            for (astar_moves moves = ASTAR_MOVES_8; moves <= ASTAR_MOVES_8_CUT; moves++)
                check_cells(g, moves, pts, route.length);
            /* Where the 8-move cells outnumber the 8-cut ones, a corner was
             * gone round: the walk's one case the search's paths rarely
             * show. */
            astar_options o = astar_options_default();
            astar_route eight = { 0 }, cut = { 0 };
            astar_any_angle_cells(g, &o, pts, route.length, &eight);
            o.moves = ASTAR_MOVES_8_CUT;
            astar_any_angle_cells(g, &o, pts, route.length, &cut);
            corners_rounded += eight.length > cut.length;
            checked++;
        }
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
    assert_true(checked > 1500);
    assert_true(corners_rounded > 50);
}

/*   x 0123456
 * y0  .......
 * y1  ..#....
 * y2  ....#..
 * y3  #....#.     (4,2) and (5,3) touch only at the point (5,3)
 * y4  .......
 */
static void test_cells_cases(void **state)
{
    (void)state;
    static const char *const rows[] = { ".......", "..#....", "....#..", "#....#.", "......." };
    astar_grid *g = ROWS(rows);
    astar_point cells[64];
    astar_route out = { .points = cells, .capacity = 64 };
    /* Along the top of the wall at (2,1), then down its right side: the
     * unit keeps to the free side of each grid line, and goes round the
     * wall's corners by straight steps (8 moves do not cut a corner). */
    const astar_point along[] = { P(0, 1), P(3, 1), P(3, 3) };
    assert_int_equal(astar_any_angle_cells(g, NULL, along, 3, &out), ASTAR_OK);
    const astar_point want[] = { P(0, 1), P(1, 1), P(1, 0), P(2, 0),
                                 P(3, 0), P(3, 1), P(3, 2), P(3, 3) };
    assert_int_equal(out.length, 8);
    for (size_t i = 0; i < 8; i++)
        assert_true(cells[i].x == want[i].x && cells[i].y == want[i].y);
    assert_int_equal(out.cost, 70);
    /* With corners cut, the two turns are diagonal steps. */
    astar_options cut = astar_options_default();
    cut.moves = ASTAR_MOVES_8_CUT;
    assert_int_equal(astar_any_angle_cells(g, &cut, along, 3, &out), ASTAR_OK);
    assert_int_equal(out.length, 6);
    assert_int_equal(out.cost, 3 * 10 + 2 * 14);
    /* One point: the unit stays on its cell. */
    assert_int_equal(astar_any_angle_cells(g, NULL, along, 1, &out), ASTAR_OK);
    assert_int_equal(out.length, 1);
    assert_int_equal(out.cost, 0);
    /* Refused paths: through the inside of the wall at (2,1); across the
     * double corner (5,3); along the map's edge beside the wall at (0,3);
     * off the grid; from a wall. */
    const astar_point through[] = { P(2, 0), P(3, 3) };
    const astar_point crossing[] = { P(4, 4), P(6, 2) };
    const astar_point edge[] = { P(0, 4), P(0, 2) };
    const astar_point off[] = { P(0, 0), P(8, 0) };
    const astar_point walled[] = { P(2, 1), P(2, 2) };
    const astar_point *refused[] = { through, crossing, edge, off, walled };
    for (size_t k = 0; k < 5; k++) {
        assert_int_equal(astar_any_angle_cells(g, NULL, refused[k], 2, &out), ASTAR_INVALID_PATH);
        assert_int_equal(astar_any_angle_cells(g, &cut, refused[k], 2, &out), ASTAR_INVALID_PATH);
    }
    /* A buffer too small: the count, the price and the first cells. */
    astar_point few[2];
    astar_route small = { .points = few, .capacity = 2 };
    assert_int_equal(astar_any_angle_cells(g, NULL, along, 3, &small),
                     ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(small.length, 8);
    assert_int_equal(small.cut, 6);
    assert_int_equal(small.cost, 70);
    assert_true(few[1].x == 1 && few[1].y == 1);
    /* Refused: a unit of a size, a hex grid, no points. */
    astar_options sized = astar_options_default();
    sized.world.unit_size = 2;
    assert_int_equal(astar_any_angle_cells(g, &sized, along, 3, &out), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_any_angle_cells(g, NULL, along, 0, &out), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_set_topology(g, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    assert_int_equal(astar_any_angle_cells(g, NULL, along, 3, &out), ASTAR_UNSUPPORTED);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_segment_cases),
        cmocka_unit_test(test_segment_double_corner_start),
        cmocka_unit_test(test_path_validator),
        cmocka_unit_test(test_oracle_small),
        cmocka_unit_test(test_oracle_convex_corners_suffice),
        cmocka_unit_test(test_random_grids_against_oracle),
        cmocka_unit_test(test_bounded_oracle),
        cmocka_unit_test(test_double_corner_ends),
        cmocka_unit_test(test_snapped_interval_ends),
        cmocka_unit_test(test_edits_between_queries),
        cmocka_unit_test(test_statuses),
        cmocka_unit_test(test_slices_queue_partial),
        cmocka_unit_test(test_bench_arena),
        cmocka_unit_test(test_bench_den312d),
        cmocka_unit_test(test_intervals_shown),
        cmocka_unit_test(test_cells_a_unit_walks),
        cmocka_unit_test(test_cells_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
