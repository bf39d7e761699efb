/*
 * test_smooth.c - smoother paths (the article's note 4).
 *
 * Line of sight against an exact oracle written independently
 * (util/reference.c's ref_sees: which cells' insides a segment passes
 * through, by clipping it against each cell square in rational
 * arithmetic, and which grid corners it passes exactly through), itself
 * cross-checked here by dense sampling of the segment.
 * astar_path_smooth against a brute-force minimum over subsequences of A*
 * paths on random grids. The turn penalty: the path, its cost re-summed here
 * with the penalties, fewer turns, JPS refused, and default results
 * bit-identical to those of the library before the penalty existed.
 * astar_path_straighten on detours and optimal paths of random grids with
 * terrain, checked by the reference: legal, never dearer, never below the
 * least cost, the same in place.
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
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

#define P(x, y) ((astar_point){ (x), (y) })

enum { SIDE = 10, MAX_POINTS = 4096, BRUTE_MAX = 20 };

static astar_options with_moves(astar_moves moves)
{
    astar_options o = astar_options_default();
    o.moves = moves;
    return o;
}

static bool open_cell(const astar_grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < astar_grid_width(g) && y < astar_grid_height(g) &&
           astar_grid_walkable(g, x, y);
}

static astar_grid *smooth_grid(rng *r, int max_side, int max_density)
{
    int w = 1 + rng_below(r, max_side), h = 1 + rng_below(r, max_side);
    int density = rng_below(r, max_density + 1);
    return random_grid(r, w, h, (grid_recipe){ density, 0, 0, 1, 1 });
}

/* ------------------------------------------------------------------------ */
/* The oracle                                                               */
/* ------------------------------------------------------------------------ */

/* Dense sampling: whether some sampled point of the segment, off every grid
 * line, lies in a blocked cell. Then nothing may say the cells see each
 * other. */
static bool sample_hits_wall(const astar_grid *g, astar_point a, astar_point b)
{
    double ax = a.x + 0.5, ay = a.y + 0.5, dx = b.x - a.x, dy = b.y - a.y;
    int samples = 64 * (1 + abs(b.x - a.x) + abs(b.y - a.y));
    for (int k = 0; k <= samples; k++) {
        double t = (k + 0.377) / (samples + 1), x = ax + t * dx, y = ay + t * dy;
        if (x == floor(x) || y == floor(y))
            continue;
        if (!open_cell(g, (int)floor(x), (int)floor(y)))
            return true;
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Line of sight                                                            */
/* ------------------------------------------------------------------------ */

static void test_line_of_sight_matches_oracle(void **state)
{
    (void)state;
    rng r = { 404 };
    long seen = 0, pairs = 0, through_corners = 0;
    for (int i = 0; i < 120; i++) {
        astar_grid *g = smooth_grid(&r, 12, 45);
        for (int q = 0; q < 150; q++) {
            astar_point a = random_cell(&r, g), b = random_cell(&r, g);
            bool wall = sample_hits_wall(g, a, b);
            through_corners += (b.x - a.x != 0) && abs(b.x - a.x) == abs(b.y - a.y);
            for (int m = 0; m < 3; m++) {
                astar_options o = with_moves((astar_moves)m);
                bool want = ref_sees(g, o.moves, a, b);
                if (astar_line_of_sight(g, &o, a, b) != want)
                    fail_msg("grid %d: (%d,%d) to (%d,%d), moves %d: oracle says %d", i, a.x, a.y,
                             b.x, b.y, m, want);
                assert_int_equal(astar_line_of_sight(g, &o, b, a), want);
                assert_false(want && wall);
                seen += want;
                pairs++;
            }
        }
        astar_grid_delete(g);
    }
    /* The random cases are not all one answer. */
    assert_true(seen > pairs / 10 && seen < pairs * 9 / 10);
    assert_true(through_corners > 100);
}

/* Exactly through a corner: (0,0) to (2,2) passes the corners shared with
 * (1,0) and (0,1), and with (2,1) and (1,2); (0,0) to (1,3) passes the one
 * shared with (1,1) and (0,2). */
static void test_corner_rule(void **state)
{
    (void)state;
    const char *one_blocked[] = { ".#.", "...", "..." };
    const char *two_blocked[] = { ".#.", "#..", "..." };
    const char *steep[] = { "..", ".#", "..", ".." };
    astar_grid *g1 = ref_grid_from_rows(one_blocked, 3), *g2 = ref_grid_from_rows(two_blocked, 3);
    astar_grid *g3 = ref_grid_from_rows(steep, 4);
    astar_options strict = with_moves(ASTAR_MOVES_8), cut = with_moves(ASTAR_MOVES_8_CUT);
    astar_options four = with_moves(ASTAR_MOVES_4);
    assert_false(astar_line_of_sight(g1, &strict, P(0, 0), P(2, 2)));
    assert_false(astar_line_of_sight(g1, &four, P(0, 0), P(2, 2)));
    assert_true(astar_line_of_sight(g1, &cut, P(0, 0), P(2, 2)));
    assert_false(astar_line_of_sight(g2, &cut, P(0, 0), P(2, 2)));  /* a squeeze */
    assert_false(astar_line_of_sight(g3, &strict, P(0, 0), P(1, 3)));
    assert_true(astar_line_of_sight(g3, &cut, P(0, 0), P(1, 3)));
    assert_true(astar_line_of_sight(g3, &strict, P(0, 0), P(0, 3)));
    /* Not through a corner: (0,0) to (2,1) crosses the inside of (1,0);
     * (0,1) to (2,2) passes below it without touching it. */
    assert_false(astar_line_of_sight(g1, &cut, P(0, 0), P(2, 1)));
    assert_true(astar_line_of_sight(g1, &strict, P(0, 1), P(2, 2)));
    /* Ends and arguments. */
    assert_true(astar_line_of_sight(g1, NULL, P(0, 0), P(0, 0)));
    assert_false(astar_line_of_sight(g1, NULL, P(1, 0), P(1, 0)));
    assert_false(astar_line_of_sight(g1, NULL, P(0, 0), P(3, 0)));
    assert_false(astar_line_of_sight(g1, NULL, P(-1, 0), P(0, 0)));
    assert_false(astar_line_of_sight(NULL, NULL, P(0, 0), P(0, 0)));
    astar_options bad = with_moves((astar_moves)7);
    assert_false(astar_line_of_sight(g1, &bad, P(0, 0), P(0, 0)));
    astar_grid_delete(g1);
    astar_grid_delete(g2);
    astar_grid_delete(g3);
}

/* Long segments: the crossing arithmetic does not overflow. */
static void test_long_lines(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(ASTAR_MAX_SIDE, 3, &g), ASTAR_OK);
    assert_true(astar_line_of_sight(g, NULL, P(0, 0), P(ASTAR_MAX_SIDE - 1, 2)));
    /* The segment crosses row 1 around the middle: block a cell there. */
    assert_int_equal(astar_grid_set_walkable(g, ASTAR_MAX_SIDE / 2, 1, false), ASTAR_OK);
    assert_false(astar_line_of_sight(g, NULL, P(0, 0), P(ASTAR_MAX_SIDE - 1, 2)));
    assert_false(sample_hits_wall(g, P(0, 0), P(ASTAR_MAX_SIDE - 1, 0)));
    assert_true(astar_line_of_sight(g, NULL, P(0, 0), P(ASTAR_MAX_SIDE - 1, 0)));
    astar_grid_delete(g);
}

/* ------------------------------------------------------------------------ */
/* Smoothing                                                                */
/* ------------------------------------------------------------------------ */

/* The fewest waypoints by trying every subsequence, shortest first, with the
 * oracle's line of sight; some subsequence must join the ends. */
typedef struct brute {
    size_t n;
    bool sees[BRUTE_MAX][BRUTE_MAX];
} brute;

static bool chain_exists(const brute *b, size_t from, size_t left)
{
    if (left == 1)
        return b->sees[from][b->n - 1];
    for (size_t next = from + 1; next + 1 < b->n; next++)
        if (b->sees[from][next] && chain_exists(b, next, left - 1))
            return true;
    return false;
}

static size_t brute_minimum(const astar_grid *g, astar_moves moves, const astar_point *points,
                            size_t n)
{
    if (n == 1)
        return 1;
    brute b = { .n = n };
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            b.sees[i][j] = ref_sees(g, moves, points[i], points[j]);
    for (size_t segments = 1;; segments++)
        if (chain_exists(&b, 0, segments))
            return segments + 1;
}

/* The greedy rule: from each waypoint, the farthest point it sees. */
static size_t greedy_count(const astar_grid *g, astar_moves moves, const astar_point *points,
                           size_t n)
{
    size_t count = 1;
    for (size_t at = 0; at + 1 < n; count++) {
        size_t next = n - 1;
        while (next > at + 1 && !ref_sees(g, moves, points[at], points[next]))
            next--;
        at = next;
    }
    return count;
}

/* Every waypoint is a point of the path, in order, the ends kept; each
 * sees the next by the oracle; the distance is the sum of the segments. */
static void assert_waypoints_valid(const astar_grid *g, astar_moves moves, const astar_point *path,
                                   size_t n, const astar_route *w)
{
    assert_true(w->length >= 1);
    assert_true(w->length <= n);
    assert_memory_equal(&w->points[0], &path[0], sizeof path[0]);
    assert_memory_equal(&w->points[w->length - 1], &path[n - 1], sizeof path[0]);
    size_t at = 0;
    double distance = 0.0;
    for (size_t k = 1; k < w->length; k++) {
        at++;
        while (at < n && memcmp(&path[at], &w->points[k], sizeof path[0]) != 0)
            at++;
        assert_true(at < n); /* a subsequence */
        assert_true(ref_sees(g, moves, w->points[k - 1], w->points[k]));
        distance += hypot(w->points[k].x - w->points[k - 1].x, w->points[k].y - w->points[k - 1].y);
    }
    assert_true(fabs(distance - w->distance) < 1e-9);
}

static void test_smoothing_is_minimal(void **state)
{
    (void)state;
    rng r = { 777 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(2 * SIDE * 2 * SIDE, &ctx), ASTAR_OK);
    static astar_point path[MAX_POINTS], out[MAX_POINTS];
    int checked = 0, greedy_worse = 0, smoothed_away = 0;
    for (int i = 0; checked < 1500; i++) {
        astar_grid *g = smooth_grid(&r, 2 * SIDE, 40);
        astar_options o = with_moves((astar_moves)(i % 3));
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = i % 2 ? ASTAR_HEURISTIC_OCTILE : ASTAR_HEURISTIC_EUCLIDEAN;
        o.world.turn_penalty = i % 4 == 0 ? 1000 : 0;
        for (int q = 0; q < 6; q++) {
            astar_route p = { .points = path, .capacity = MAX_POINTS };
            if (astar_find_path(ctx, g, random_cell(&r, g), random_cell(&r, g), &o, &p) != ASTAR_OK ||
                p.length > BRUTE_MAX)
                continue;
            astar_route w = { .points = out, .capacity = MAX_POINTS };
            assert_int_equal(astar_path_smooth(g, &o, path, p.length, &w), ASTAR_OK);
            assert_waypoints_valid(g, o.moves, path, p.length, &w);
            size_t best = brute_minimum(g, o.moves, path, p.length);
            if (w.length != best)
                fail_msg("grid %d query %d: %zu waypoints, the minimum is %zu", i, q, w.length, best);
            greedy_worse += greedy_count(g, o.moves, path, p.length) > best;
            smoothed_away += w.length < p.length;
            checked++;
        }
        astar_grid_delete(g);
    }
    /* Smoothing does something, and the greedy rule would not pass. */
    assert_true(smoothed_away > checked / 2);
    print_message("%d paths, %d where greedy needs more waypoints\n", checked, greedy_worse);
    assert_true(greedy_worse > 0);
    astar_context_delete(ctx);
}

/* The fewest waypoints by a plain dynamic programme over every pair, with
 * the oracle's line of sight: for paths too long to try every subsequence.
 * 0 if none joins the ends. */
static size_t pairs_minimum(const astar_grid *g, astar_moves moves, const astar_point *points,
                            size_t n)
{
    size_t *best = calloc(n, sizeof *best);
    assert_non_null(best);
    best[0] = 1;
    for (size_t j = 1; j < n; j++)
        for (size_t i = 0; i < j; i++)
            if (best[i] && (!best[j] || best[i] + 1 < best[j]) &&
                ref_sees(g, moves, points[i], points[j]))
                best[j] = best[i] + 1;
    size_t answer = best[n - 1];
    free(best);
    return answer;
}

/* Long A* paths on larger grids, where most tries are settled by the walls
 * remembered from earlier walks: the count is still the minimum. */
static void test_long_paths_are_minimal(void **state)
{
    (void)state;
    rng r = { 4242 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(40 * 40, &ctx), ASTAR_OK);
    static astar_point path[MAX_POINTS], out[MAX_POINTS];
    int checked = 0;
    for (int i = 0; checked < 40; i++) {
        astar_grid *g = NULL;
        assert_int_equal(astar_grid_new(40, 40, &g), ASTAR_OK);
        for (int k = 0; k < 40 * 40 * 3 / 10; k++)
            astar_grid_set_walkable(g, rng_below(&r, 40), rng_below(&r, 40), false);
        astar_options o = with_moves((astar_moves)(i % 3));
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = ASTAR_HEURISTIC_EUCLIDEAN;
        astar_route p = { .points = path, .capacity = MAX_POINTS };
        if (astar_find_path(ctx, g, P(rng_below(&r, 6), rng_below(&r, 40)),
                            P(34 + rng_below(&r, 6), rng_below(&r, 40)), &o, &p) == ASTAR_OK) {
            astar_route w = { .points = out, .capacity = MAX_POINTS };
            assert_int_equal(astar_path_smooth(g, &o, path, p.length, &w), ASTAR_OK);
            assert_waypoints_valid(g, o.moves, path, p.length, &w);
            assert_int_equal(w.length, pairs_minimum(g, o.moves, path, p.length));
            checked++;
        }
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
}

/* Any list of cells, not only paths: random hops between cells that see
 * each other, coming back to earlier ones, with now and then a blocked cell
 * or one outside the grid in between. */
static void test_any_list_of_cells(void **state)
{
    (void)state;
    rng r = { 1234 };
    astar_point list[BRUTE_MAX], out[BRUTE_MAX];
    for (int i = 0; i < 400; i++) {
        astar_grid *g = smooth_grid(&r, 14, 35);
        astar_moves moves = (astar_moves)(i % 3);
        astar_options o = with_moves(moves);
        size_t n = 0;
        list[n] = random_cell(&r, g);
        if (!astar_grid_walkable(g, list[0].x, list[0].y)) {
            astar_grid_delete(g);
            continue;
        }
        for (n = 1; n < BRUTE_MAX; n++) {
            astar_point next = rng_below(&r, 4) == 0 ? list[rng_below(&r, (int)n)] : random_cell(&r, g);
            if (rng_below(&r, 10) == 0)
                next = P(-1, next.y); /* never a waypoint */
            else
                for (int tries = 0; tries < 50 && !ref_sees(g, moves, list[n - 1], next); tries++)
                    next = random_cell(&r, g);
            list[n] = next;
        }
        while (!astar_grid_walkable(g, list[n - 1].x, list[n - 1].y))
            n--;
        astar_route w = { .points = out, .capacity = BRUTE_MAX };
        bool joined = pairs_minimum(g, moves, list, n) != 0;
        assert_int_equal(astar_path_smooth(g, &o, list, n, &w), joined ? ASTAR_OK : ASTAR_INVALID_PATH);
        if (joined) {
            assert_waypoints_valid(g, moves, list, n, &w);
            assert_int_equal(w.length, brute_minimum(g, moves, list, n));
        }
        astar_grid_delete(g);
    }
}

/* Greedy takes the farthest point the start sees, (2,1), which cannot see
 * past the corner of (2,0) under the corner rule; the nearer (2,2) sees the
 * goal. With corner cutting both need 3.
 *     x 0 1 2
 *   y 0 . 5 #
 *     1 . 4 3
 *     2 # # 2
 *     3 # . 1
 *     4 . . 0            */
static void test_greedy_is_not_enough(void **state)
{
    (void)state;
    const char *rows[] = { "..#", "...", "##.", "#..", "..." };
    astar_grid *g = ref_grid_from_rows(rows, 5);
    const astar_point path[] = { P(2, 4), P(2, 3), P(2, 2), P(2, 1), P(1, 1), P(1, 0) };
    astar_point out[6];
    astar_route w = { .points = out, .capacity = 6 };
    astar_options strict = with_moves(ASTAR_MOVES_8), cut = with_moves(ASTAR_MOVES_8_CUT);
    assert_int_equal(astar_path_smooth(g, &strict, path, 6, &w), ASTAR_OK);
    assert_int_equal(w.length, 3);
    assert_memory_equal(&out[1], &P(2, 2), sizeof out[1]);
    assert_int_equal(greedy_count(g, ASTAR_MOVES_8, path, 6), 4);
    assert_int_equal(astar_path_smooth(g, &cut, path, 6, &w), ASTAR_OK);
    assert_int_equal(w.length, 3);
    assert_int_equal(greedy_count(g, ASTAR_MOVES_8_CUT, path, 6), 3);
    astar_grid_delete(g);
}

static void test_open_grid_is_one_segment(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(40, 12, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(40 * 12, &ctx), ASTAR_OK);
    static astar_point path[MAX_POINTS];
    astar_route p = { .points = path, .capacity = MAX_POINTS };
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_EUCLIDEAN; /* zig-zags on an open grid */
    assert_int_equal(astar_find_path(ctx, g, P(0, 0), P(39, 11), &o, &p), ASTAR_OK);
    assert_int_equal(p.length, 40);
    astar_point out[4];
    astar_route w = { .points = out, .capacity = 4 };
    assert_int_equal(astar_path_smooth(g, &o, path, p.length, &w), ASTAR_OK);
    assert_int_equal(w.length, 2);
    assert_memory_equal(&out[0], &P(0, 0), sizeof out[0]);
    assert_memory_equal(&out[1], &P(39, 11), sizeof out[0]);
    assert_true(fabs(w.distance - hypot(39, 11)) < 1e-12);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* A wall between start and goal forces a waypoint: (1,4) to (6,7) goes
 * round the wall's end with one, under every rule. From (0,3) the straight
 * line to (4,7) runs down a diagonal and passes exactly through the corner
 * where the wall's end (3,5) meets (2,6): corner cutting may graze it and
 * goes straight; the corner rule (and 4 moves) may not, and needs one
 * waypoint more. */
static void test_wall_corner_forces_a_waypoint(void **state)
{
    (void)state;
    const char *rows[] = {
        "...#....", "...#....", "...#....", "...#....",
        "...#....", "...#....", "........", "........",
    };
    astar_grid *g = ref_grid_from_rows(rows, 8);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(astar_grid_cells(g), &ctx), ASTAR_OK);
    static astar_point path[MAX_POINTS], out[MAX_POINTS];
    const struct {
        astar_point start, goal;
        astar_moves moves;
        size_t waypoints;
    } cases[] = {
        { P(1, 4), P(6, 7), ASTAR_MOVES_8, 3 },     { P(1, 4), P(6, 7), ASTAR_MOVES_8_CUT, 3 },
        { P(1, 4), P(6, 7), ASTAR_MOVES_4, 3 },     { P(0, 3), P(4, 7), ASTAR_MOVES_8, 3 },
        { P(0, 3), P(4, 7), ASTAR_MOVES_4, 3 },     { P(0, 3), P(4, 7), ASTAR_MOVES_8_CUT, 2 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        astar_options o = with_moves(cases[c].moves);
        astar_route p = { .points = path, .capacity = MAX_POINTS };
        assert_int_equal(astar_find_path(ctx, g, cases[c].start, cases[c].goal, &o, &p), ASTAR_OK);
        astar_route w = { .points = out, .capacity = MAX_POINTS };
        assert_int_equal(astar_path_smooth(g, &o, path, p.length, &w), ASTAR_OK);
        assert_waypoints_valid(g, o.moves, path, p.length, &w);
        assert_int_equal(w.length, cases[c].waypoints);
        assert_int_equal(w.length, brute_minimum(g, o.moves, path, p.length));
    }
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

static void test_in_place_and_buffers(void **state)
{
    (void)state;
    rng r = { 31 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(30 * 30, &ctx), ASTAR_OK);
    static astar_point path[MAX_POINTS], copy[MAX_POINTS], out[MAX_POINTS];
    for (int i = 0; i < 200; i++) {
        astar_grid *g = smooth_grid(&r, 30, 35);
        astar_route p = { .points = path, .capacity = MAX_POINTS };
        if (astar_find_path(ctx, g, random_cell(&r, g), random_cell(&r, g), NULL, &p) != ASTAR_OK) {
            astar_grid_delete(g);
            continue;
        }
        astar_route w = { .points = out, .capacity = MAX_POINTS };
        assert_int_equal(astar_path_smooth(g, NULL, path, p.length, &w), ASTAR_OK);
        /* In place: the same waypoints over the path's own buffer. */
        memcpy(copy, path, p.length * sizeof path[0]);
        astar_route in_place = { .points = copy, .capacity = p.length };
        assert_int_equal(astar_path_smooth(g, NULL, copy, p.length, &in_place), ASTAR_OK);
        assert_int_equal(in_place.length, w.length);
        assert_memory_equal(copy, out, w.length * sizeof out[0]);
        /* Length only, and a buffer one too small: counted, all but the
         * last waypoint written. */
        astar_route count = { 0 };
        assert_int_equal(astar_path_smooth(g, NULL, path, p.length, &count), ASTAR_OK);
        assert_int_equal(count.length, w.length);
        assert_true(count.distance == w.distance);
        astar_point small[MAX_POINTS];
        small[0] = P(-7, -7);
        astar_route tight = { .points = small, .capacity = w.length - 1 };
        assert_int_equal(astar_path_smooth(g, NULL, path, p.length, &tight),
                         ASTAR_PATH_BUFFER_TOO_SMALL);
        assert_int_equal(tight.length, w.length);
        assert_memory_equal(small, out, (w.length - 1) * sizeof out[0]);
        assert_int_equal(tight.cut, 1);
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
}

static void test_bad_input(void **state)
{
    (void)state;
    const char *rows[] = { "..#..", "..#..", "....." };
    astar_grid *g = ref_grid_from_rows(rows, 3);
    astar_point out[8];
    astar_route w = { .points = out, .capacity = 8 };
    const astar_point one[] = { P(1, 1) };
    assert_int_equal(astar_path_smooth(g, NULL, one, 1, &w), ASTAR_OK);
    assert_int_equal(w.length, 1);
    assert_true(w.distance == 0.0);
    /* A blocked end, an end outside the grid. */
    const astar_point blocked_end[] = { P(1, 1), P(2, 1) };
    assert_int_equal(astar_path_smooth(g, NULL, blocked_end, 2, &w), ASTAR_INVALID_PATH);
    assert_int_equal(w.length, 0);
    const astar_point outside[] = { P(-1, 0), P(0, 0) };
    assert_int_equal(astar_path_smooth(g, NULL, outside, 2, &w), ASTAR_INVALID_PATH);
    /* Across the wall, nothing in between: no waypoints join the ends. */
    const astar_point jump[] = { P(0, 0), P(4, 0) };
    assert_int_equal(astar_path_smooth(g, NULL, jump, 2, &w), ASTAR_INVALID_PATH);
    /* Any list of cells will do: a blocked or far point in the middle is
     * simply not a waypoint. */
    const astar_point detour[] = { P(0, 0), P(2, 0), P(1, 2), P(4, 2), P(4, 0) };
    assert_int_equal(astar_path_smooth(g, NULL, detour, 5, &w), ASTAR_OK);
    assert_int_equal(w.length, 4);
    assert_memory_equal(&out[1], &P(1, 2), sizeof out[0]);
    /* Arguments. */
    assert_int_equal(astar_path_smooth(NULL, NULL, one, 1, &w), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_smooth(g, NULL, NULL, 1, &w), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_smooth(g, NULL, one, 0, &w), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_smooth(g, NULL, one, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_smooth(g, NULL, one, (size_t)ASTAR_MAX_CELLS + 1, &w),
                     ASTAR_INVALID_ARGUMENT);
    astar_route no_buffer = { .points = NULL, .capacity = 3 };
    assert_int_equal(astar_path_smooth(g, NULL, one, 1, &no_buffer), ASTAR_INVALID_ARGUMENT);
    astar_options bad = with_moves((astar_moves)-1);
    assert_int_equal(astar_path_smooth(g, &bad, one, 1, &w), ASTAR_INVALID_ARGUMENT);
    astar_grid_delete(g);
}

/* ------------------------------------------------------------------------ */
/* Straightening                                                            */
/* ------------------------------------------------------------------------ */

/* A legal detour from a to b through the cell via: A* from a to via, then
 * from via to b, joined; its length, 0 when either part has no path or the
 * two do not fit. */
static size_t detour_path(astar_context *ctx, const astar_grid *g, const astar_options *o,
                          astar_point a, astar_point via, astar_point b, astar_point *points,
                          size_t capacity)
{
    astar_route first = { .points = points, .capacity = capacity };
    if (astar_find_path(ctx, g, a, via, o, &first) != ASTAR_OK)
        return 0;
    astar_route second = { .points = points + first.length - 1,
                           .capacity = capacity - first.length + 1 };
    if (astar_find_path(ctx, g, via, b, o, &second) != ASTAR_OK)
        return 0;
    return first.length + second.length - 1;
}

/* On random grids with terrain under the three moves and both cost
 * models: a detour through a random cell, and an optimal path, each
 * straightened into a separate buffer and in place. The result must be a
 * legal path between the same ends (checked by the reference), its cost
 * the reference's sum of its steps, never above the detour's and never
 * below the least cost; an optimal path keeps its cost. */
static void test_straighten_random_paths(void **state)
{
    (void)state;
    rng r = { 77 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(40 * 40, &ctx), ASTAR_OK);
    static astar_point path[MAX_POINTS], out[MAX_POINTS];
    static uint64_t dist[40 * 40];
    int straightened = 0, cheaper = 0;
    for (int i = 0; i < 1500; i++) {
        int w = 2 + rng_below(&r, 39), h = 2 + rng_below(&r, 39);
        bool rough = rng_below(&r, 2);
        astar_grid *g = random_grid(&r, w, h, (grid_recipe){ rng_below(&r, 30), 1, rough ? 3 : 0, 1, 4 });
        astar_moves moves[] = { ASTAR_MOVES_8, ASTAR_MOVES_8_CUT, ASTAR_MOVES_4 };
        astar_options o = with_moves(moves[rng_below(&r, 3)]);
        o.costs = rng_below(&r, 2) ? ASTAR_COSTS_OCTILE : ASTAR_COSTS_ARTICLE;
        o.heuristic = ASTAR_HEURISTIC_OCTILE; /* the default, Manhattan, is not optimal */
        astar_point a = random_cell(&r, g), via = random_cell(&r, g), b = random_cell(&r, g);
        bool optimal = i % 3 == 0;
        size_t n = optimal ? detour_path(ctx, g, &o, a, b, b, path, MAX_POINTS)
                           : detour_path(ctx, g, &o, a, via, b, path, MAX_POINTS);
        if (n == 0) {
            astar_grid_delete(g);
            continue;
        }
        uint64_t before = 0, after = 0;
        assert_true(ref_path_valid(g, o.moves, o.costs, a, b, path, n, &before, NULL, 0));
        ref_least_costs(g, o.moves, o.costs, a, dist);
        uint64_t least = dist[(size_t)b.y * (size_t)w + (size_t)b.x];
        astar_route st = { .points = out, .capacity = MAX_POINTS };
        assert_int_equal(astar_path_straighten(g, &o, path, n, &st), ASTAR_OK);
        char why[256] = "";
        if (!ref_path_valid(g, o.moves, o.costs, a, b, out, st.length, &after, why, sizeof why))
            fail_msg("grid %d: straightened path not legal: %s", i, why);
        assert_int_equal(st.cost, after);
        assert_true(st.length <= n);
        assert_true(after <= before);
        assert_true(after >= least);
        if (optimal)
            assert_int_equal(after, least);
        straightened++;
        cheaper += after < before;
        /* In place: the same cells. */
        astar_route same = { .points = path, .capacity = n };
        assert_int_equal(astar_path_straighten(g, &o, path, n, &same), ASTAR_OK);
        assert_int_equal(same.length, st.length);
        assert_int_equal(same.cost, st.cost);
        assert_memory_equal(path, out, st.length * sizeof out[0]);
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
    /* The detours must have given it something to do. */
    assert_true(straightened > 800);
    assert_true(cheaper > straightened / 4);
}

/* A staircase across an open grid becomes the diagonal; a wall corner on
 * the diagonal is cut under 8cut but not under 8, where the line goes
 * round it. */
static void test_straighten_staircase_and_corner(void **state)
{
    (void)state;
    const char *open_rows[] = { "......", "......", "......", "......", "......", "......" };
    astar_grid *g = ref_grid_from_rows(open_rows, 6);
    astar_point stairs[11], out[11];
    for (int k = 0; k <= 10; k++)
        stairs[k] = P((k + 1) / 2, k / 2);
    astar_route st = { .points = out, .capacity = 11 };
    assert_int_equal(astar_path_straighten(g, NULL, stairs, 11, &st), ASTAR_OK);
    assert_int_equal(st.length, 6);
    assert_int_equal(st.cost, 5 * ASTAR_ARTICLE_DIAGONAL);
    for (int k = 0; k < 6; k++)
        assert_memory_equal(&out[k], &P(k, k), sizeof out[0]);
    astar_grid_delete(g);

    /* With 4 moves a detour up and back down becomes the straight row. */
    const char *row_rows[] = { "......", "......" };
    g = ref_grid_from_rows(row_rows, 2);
    const astar_point up_down[] = { P(0, 1), P(0, 0), P(1, 0), P(2, 0), P(3, 0), P(3, 1), P(4, 1) };
    astar_options four = with_moves(ASTAR_MOVES_4);
    st = (astar_route){ .points = out, .capacity = 7 };
    assert_int_equal(astar_path_straighten(g, &four, up_down, 7, &st), ASTAR_OK);
    assert_int_equal(st.length, 5);
    assert_int_equal(st.cost, 4 * ASTAR_ARTICLE_STRAIGHT);
    for (int k = 0; k < 5; k++)
        assert_memory_equal(&out[k], &P(k, 1), sizeof out[0]);
    astar_grid_delete(g);

    /* (1,0) blocked: the step (0,0)->(1,1) cuts its corner. */
    const char *corner_rows[] = { ".#.", "...", "..." };
    g = ref_grid_from_rows(corner_rows, 3);
    const astar_point round[] = { P(0, 0), P(0, 1), P(1, 1), P(2, 2) };
    astar_options cut = with_moves(ASTAR_MOVES_8_CUT), no_cut = with_moves(ASTAR_MOVES_8);
    st = (astar_route){ .points = out, .capacity = 4 };
    assert_int_equal(astar_path_straighten(g, &no_cut, round, 4, &st), ASTAR_OK);
    assert_int_equal(st.length, 4);
    assert_int_equal(st.cost, 2 * ASTAR_ARTICLE_STRAIGHT + ASTAR_ARTICLE_DIAGONAL);
    assert_int_equal(astar_path_straighten(g, &cut, round, 4, &st), ASTAR_OK);
    assert_int_equal(st.length, 3);
    assert_int_equal(st.cost, 2 * ASTAR_ARTICLE_DIAGONAL);
    astar_grid_delete(g);

    /* Dear terrain on the straight line: the path round it stays. */
    const char *dear_rows[] = { ".....", "..9..", "....." };
    g = ref_grid_from_rows(dear_rows, 3);
    const astar_point around[] = { P(0, 1), P(1, 0), P(2, 0), P(3, 0), P(4, 1) };
    st = (astar_route){ .points = out, .capacity = 5 };
    assert_int_equal(astar_path_straighten(g, NULL, around, 5, &st), ASTAR_OK);
    assert_int_equal(st.length, 5);
    assert_memory_equal(out, around, sizeof around);
    astar_grid_delete(g);
}

static void test_straighten_bad_input(void **state)
{
    (void)state;
    const char *rows[] = { "..#..", "..#..", "....." };
    astar_grid *g = ref_grid_from_rows(rows, 3);
    astar_point out[8];
    astar_route st = { .points = out, .capacity = 8 };
    const astar_point one[] = { P(1, 1) };
    assert_int_equal(astar_path_straighten(g, NULL, one, 1, &st), ASTAR_OK);
    assert_int_equal(st.length, 1);
    assert_int_equal(st.cost, 0);
    /* Not a legal path: a jump, a blocked cell. */
    const astar_point jump[] = { P(0, 0), P(0, 2) };
    assert_int_equal(astar_path_straighten(g, NULL, jump, 2, &st), ASTAR_INVALID_PATH);
    const astar_point wall[] = { P(1, 0), P(2, 0) };
    assert_int_equal(astar_path_straighten(g, NULL, wall, 2, &st), ASTAR_INVALID_PATH);
    /* A buffer too small: counted, the first cells written. */
    const astar_point stairs[] = { P(0, 0), P(1, 0), P(1, 1), P(1, 2), P(2, 2) };
    astar_route tight = { .points = out, .capacity = 2 };
    assert_int_equal(astar_path_straighten(g, NULL, stairs, 5, &tight), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(tight.length, 4);
    assert_int_equal(tight.cut, 2);
    /* No buffer asks for the answer without the cells (astar/route.h). */
    astar_route count = { 0 };
    assert_int_equal(astar_path_straighten(g, NULL, stairs, 5, &count), ASTAR_OK);
    assert_int_equal(count.length, 4);
    /* What it refuses. */
    astar_options turns = astar_options_default();
    turns.world.turn_penalty = 5;
    assert_int_equal(astar_path_straighten(g, &turns, stairs, 5, &st), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_straighten(NULL, NULL, stairs, 5, &st), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_straighten(g, NULL, NULL, 5, &st), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_straighten(g, NULL, stairs, 0, &st), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_straighten(g, NULL, stairs, 5, NULL), ASTAR_INVALID_ARGUMENT);
    astar_route no_buffer = { .points = NULL, .capacity = 3 };
    assert_int_equal(astar_path_straighten(g, NULL, stairs, 5, &no_buffer), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_set_topology(g, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    assert_int_equal(astar_path_straighten(g, NULL, one, 1, &st), ASTAR_UNSUPPORTED);
    astar_grid_delete(g);
}

/* ------------------------------------------------------------------------ */
/* Turn penalty                                                             */
/* ------------------------------------------------------------------------ */

static size_t turns_of(const astar_point *points, size_t n)
{
    size_t turns = 0;
    for (size_t i = 2; i < n; i++)
        turns += points[i].x - points[i - 1].x != points[i - 1].x - points[i - 2].x ||
                 points[i].y - points[i - 1].y != points[i - 1].y - points[i - 2].y;
    return turns;
}

/* The open grid that zig-zags under the Euclidean heuristic: a penalty
 * straightens it to one turn, for the same length. */
static void test_penalty_removes_zigzags(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(40, 12, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(40 * 12, &ctx), ASTAR_OK);
    static astar_point plain[MAX_POINTS], smooth[MAX_POINTS];
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_EUCLIDEAN;
    astar_route p = { .points = plain, .capacity = MAX_POINTS };
    assert_int_equal(astar_find_path(ctx, g, P(0, 0), P(39, 11), &o, &p), ASTAR_OK);
    assert_true(turns_of(plain, p.length) >= 10);
    o.world.turn_penalty = 500;
    astar_route q = { .points = smooth, .capacity = MAX_POINTS };
    assert_int_equal(astar_find_path(ctx, g, P(0, 0), P(39, 11), &o, &q), ASTAR_OK);
    assert_int_equal(turns_of(smooth, q.length), 1);
    assert_int_equal(q.length, p.length);
    assert_int_equal(q.cost, p.cost + 500);
    astar_path_measure m;
    assert_int_equal(astar_path_check(g, &o, P(0, 0), P(39, 11), smooth, q.length, &m, NULL), ASTAR_OK);
    assert_int_equal(m.turns, 1);
    assert_int_equal(m.cost, q.cost);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* On random grids, every option: the path is legal, its cost is its steps
 * plus the penalty per turn (summed here), never below the least cost, and
 * penalties cut the turns overall. */
static void test_penalty_on_random_grids(void **state)
{
    (void)state;
    rng r = { 2718 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(24 * 24, &ctx), ASTAR_OK);
    static astar_point plain[MAX_POINTS], turned[MAX_POINTS];
    static uint64_t least[24 * 24];
    size_t turns_plain = 0, turns_penalised = 0, found = 0, more = 0, fewer = 0;
    for (int i = 0; i < 400; i++) {
        astar_grid *g = smooth_grid(&r, 24, 35);
        if (i % 3 == 0)
            for (int k = 0; k < 20; k++) {
                astar_point c = random_cell(&r, g);
                if (astar_grid_walkable(g, c.x, c.y))
                    astar_grid_set_cost(g, c.x, c.y, 1 + rng_below(&r, 5));
            }
        astar_options o = with_moves((astar_moves)(i % 3));
        o.costs = (astar_costs)(i / 3 % 2);
        o.heuristic = (astar_heuristic)(i / 6 % 5);
        o.search.ties = (astar_ties)(i / 30 % 3);
        o.search.open_list = (astar_open_list)(i / 90 % (ASTAR_OPEN_LIST_BUCKETS + 1));
        uint32_t penalty = (uint32_t)(1 + rng_below(&r, 3 * (int)ref_straight_cost(o.costs)));
        astar_point a = random_cell(&r, g), b = random_cell(&r, g);
        astar_route p = { .points = plain, .capacity = MAX_POINTS };
        astar_status s = astar_find_path(ctx, g, a, b, &o, &p);
        astar_options t = o;
        t.world.turn_penalty = penalty;
        assert_false(astar_options_optimal(&t));
        astar_route q = { .points = turned, .capacity = MAX_POINTS };
        assert_int_equal(astar_find_path(ctx, g, a, b, &t, &q), s);
        if (s == ASTAR_OK) {
            uint64_t steps;
            char why[128];
            if (!ref_path_valid(g, o.moves, o.costs, a, b, turned, q.length, &steps, why, sizeof why))
                fail_msg("grid %d: %s", i, why);
            size_t turns = turns_of(turned, q.length);
            assert_int_equal(q.cost, steps + (uint64_t)penalty * turns);
            astar_path_measure m;
            assert_int_equal(astar_path_check(g, &t, a, b, turned, q.length, &m, NULL), ASTAR_OK);
            assert_int_equal(m.cost, q.cost);
            assert_int_equal(m.turns, turns);
            ref_least_costs(g, o.moves, o.costs, a, least);
            assert_true(steps >= least[b.y * astar_grid_width(g) + b.x]);
            size_t before = turns_of(plain, p.length);
            turns_plain += before;
            turns_penalised += turns;
            more += turns > before;
            fewer += turns < before;
            found++;
        }
        astar_grid_delete(g);
    }
    print_message("%zu paths: turns %zu without a penalty, %zu with; %zu with fewer, %zu with more\n",
                  found, turns_plain, turns_penalised, fewer, more);
    assert_true(found > 200);
    assert_true(turns_penalised * 10 < turns_plain * 8);
    assert_true(fewer > 4 * more);
    astar_context_delete(ctx);
}

/* JPS and JPS+ refuse a penalty; a batch takes it as one search does. */
static void test_penalty_options(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(20, 20, &g), ASTAR_OK);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    assert_int_equal(astar_context_new(400, &ctx), ASTAR_OK);
    astar_options o = astar_options_default();
    assert_int_equal(o.world.turn_penalty, 0);
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    assert_true(astar_options_optimal(&o));
    o.world.turn_penalty = 1;
    assert_false(astar_options_optimal(&o));
    astar_route p = { 0 };
    for (int a = ASTAR_ALGORITHM_JPS; a <= ASTAR_ALGORITHM_JPS_PLUS; a++) {
        o.algorithm = (astar_algorithm)a;
        assert_int_equal(astar_find_path(ctx, g, P(0, 0), P(19, 5), &o, &p), ASTAR_UNSUPPORTED);
        o.world.turn_penalty = 0;
        assert_int_equal(astar_find_path(ctx, g, P(0, 0), P(19, 5), &o, &p), ASTAR_OK);
        o.world.turn_penalty = 1;
    }
    o.algorithm = ASTAR_ALGORITHM_ASTAR;
    o.world.turn_penalty = 30;
    astar_route single = { 0 }, batched = { 0 };
    assert_int_equal(astar_find_path(ctx, g, P(0, 0), P(19, 5), &o, &single), ASTAR_OK);
    astar_query query = { .start = P(0, 0), .goal = P(19, 5), .path = &batched };
    assert_int_equal(astar_find_paths(&ctx, 1, g, &o, &query, 1), ASTAR_OK);
    assert_int_equal(query.status, ASTAR_OK);
    assert_int_equal(batched.cost, single.cost);
    /* A penalty past the cost limit: a turn can never be taken. */
    o.world.turn_penalty = UINT32_MAX;
    assert_int_equal(astar_find_path(ctx, g, P(0, 0), P(19, 0), &o, &p), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, g, P(0, 0), P(19, 5), &o, &p), ASTAR_COST_OVERFLOW);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* FNV-1a over every result of a fixed set of searches with random options
 * and no penalty. */
static uint64_t mix(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 0x100000001b3u;
    }
    return h;
}

static uint64_t results_hash(bool explicit_zero)
{
    rng r = { 2024 };
    uint64_t h = 0xcbf29ce484222325u;
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(24 * 24, &ctx), ASTAR_OK);
    static astar_point points[24 * 24];
    for (int i = 0; i < 300; i++) {
        int w = 1 + rng_below(&r, 24), ht = 1 + rng_below(&r, 24);
        astar_grid *g = NULL;
        assert_int_equal(astar_grid_new(w, ht, &g), ASTAR_OK);
        int density = rng_below(&r, 45), terrain = rng_below(&r, 3);
        for (int y = 0; y < ht; y++)
            for (int x = 0; x < w; x++) {
                if (rng_below(&r, 100) < density)
                    astar_grid_set_walkable(g, x, y, false);
                else if (terrain && rng_below(&r, 4) == 0)
                    astar_grid_set_cost(g, x, y, 1 + rng_below(&r, 9));
            }
        for (int q = 0; q < 8; q++) {
            astar_options o = astar_options_default();
            o.moves = (astar_moves)rng_below(&r, 3);
            o.costs = (astar_costs)rng_below(&r, 2);
            o.heuristic = (astar_heuristic)rng_below(&r, 5);
            o.search.ties = (astar_ties)rng_below(&r, 3);
            o.search.stop = (astar_stop)rng_below(&r, 2);
            o.search.open_list = (astar_open_list)rng_below(&r, 3);
            o.search.weight = rng_below(&r, 4) * 0.5;
            if (explicit_zero)
                o.world.turn_penalty = 0;
            astar_point a = { rng_below(&r, w), rng_below(&r, ht) };
            astar_point b = { rng_below(&r, w), rng_below(&r, ht) };
            astar_route p = { .points = points, .capacity = 24 * 24 };
            astar_status s = astar_find_path(ctx, g, a, b, &o, &p);
            h = mix(h, (uint64_t)s);
            h = mix(h, p.cost);
            h = mix(h, p.expanded);
            h = mix(h, p.length);
            for (size_t k = 0; s == ASTAR_OK && k < p.length; k++)
                h = mix(h, (uint64_t)(uint32_t)points[k].x << 32 | (uint32_t)points[k].y);
        }
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
    return h;
}

/* Without a penalty every status, cost, expansion count and path is what
 * the library gave before the penalty existed: the hash was computed with
 * this same code on the main branch at 40c0e09. */
static void test_no_penalty_is_bit_identical(void **state)
{
    (void)state;
    const uint64_t before = 0x418e2a4b2f33f66cu;
    assert_true(results_hash(false) == before);
    assert_true(results_hash(true) == before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_of_sight_matches_oracle),
        cmocka_unit_test(test_corner_rule),
        cmocka_unit_test(test_long_lines),
        cmocka_unit_test(test_smoothing_is_minimal),
        cmocka_unit_test(test_long_paths_are_minimal),
        cmocka_unit_test(test_any_list_of_cells),
        cmocka_unit_test(test_greedy_is_not_enough),
        cmocka_unit_test(test_open_grid_is_one_segment),
        cmocka_unit_test(test_wall_corner_forces_a_waypoint),
        cmocka_unit_test(test_in_place_and_buffers),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_straighten_random_paths),
        cmocka_unit_test(test_straighten_staircase_and_corner),
        cmocka_unit_test(test_straighten_bad_input),
        cmocka_unit_test(test_penalty_removes_zigzags),
        cmocka_unit_test(test_penalty_on_random_grids),
        cmocka_unit_test(test_penalty_options),
        cmocka_unit_test(test_no_penalty_is_bit_identical),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
