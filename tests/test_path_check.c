/*
 * test_path_check.c - astar_path_check: legal paths and their sums, and each
 * kind of illegal path.
 *
 * Step numbering (the header says only "err.line is the step"): step i is
 * the move onto points[i], so a fault in the first point (a wrong or blocked
 * start) is step 0, a bad move from points[i-1] to points[i] is step i, and a
 * wrong last point is step length - 1.
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

#define N_POINTS(a) (sizeof(a) / sizeof((a)[0]))
#define P(x, y) ((astar_point){ (x), (y) })

/*   x 01234
 * y0  .....
 * y1  .#.3.      (1,1) blocked, (3,1) terrain 3
 * y2  ..#..      (2,2) blocked: (1,1) and (2,2) touch at their corners
 * y3  .....
 */
static const char *const picture[] = {
    ".....",
    ".#.3.",
    "..#..",
    ".....",
};

static int setup(void **state)
{
    astar_grid *grid = ref_grid_from_rows(picture, 4);
    if (grid == NULL)
        return -1;
    *state = grid;
    return 0;
}

static int teardown(void **state)
{
    astar_grid_delete(*state);
    return 0;
}

static astar_options with_moves(astar_moves moves, astar_costs costs)
{
    astar_options o = astar_options_default();
    o.moves = moves;
    o.costs = costs;
    return o;
}

static void assert_near(double got, double want, double eps)
{
    if (!(fabs(got - want) <= eps))
        fail_msg("got %.12f, expected %.12f (+- %g)", got, want, eps);
}

/* Checks the path is rejected as ASTAR_INVALID_PATH at the given step, with
 * err filled in, under the given moves. */
static void assert_invalid_at(const astar_grid *grid, astar_moves moves, astar_point start,
                              astar_point goal, const astar_point *points, size_t length,
                              long step)
{
    astar_options o = with_moves(moves, ASTAR_COSTS_ARTICLE);
    astar_error err;
    memset(&err, 0x55, sizeof err);
    astar_path_measure m;
    assert_int_equal(astar_path_check(grid, &o, start, goal, points, length, &m, &err),
                     ASTAR_INVALID_PATH);
    assert_int_equal(err.status, ASTAR_INVALID_PATH);
    if (err.line != step)
        fail_msg("err.line %ld, expected step %ld (%s)", err.line, step, err.message);
    assert_non_null(memchr(err.message, '\0', sizeof err.message));
    assert_true(strlen(err.message) > 0);
}

/* ------------------------------------------------------------------------ */
/* Legal paths                                                              */
/* ------------------------------------------------------------------------ */

/* (0,0) S S D S S D D(onto terrain 3) D (4,0): every diagonal has both side
 * cells walkable. Article: 10+10+14+10+10+14+3*14+14 = 124.
 * Octile: 4 straight * 2378 + (1+1+3+1) diagonal units * 3363 = 29690.
 * Length: 4 + 6*sqrt(2). */
static const astar_point winding[] = {
    { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 3 }, { 2, 3 }, { 3, 3 }, { 4, 2 }, { 3, 1 }, { 4, 0 },
};

static void test_legal_path_article(void **state)
{
    const astar_grid *grid = *state;
    for (int m = 0; m < 3; m++) {
        if (m == ASTAR_MOVES_4)
            continue;
        astar_options o = with_moves((astar_moves)m, ASTAR_COSTS_ARTICLE);
        astar_path_measure measure;
        memset(&measure, 0, sizeof measure);
        assert_int_equal(astar_path_check(grid, &o, P(0, 0), P(4, 0), winding,
                                          N_POINTS(winding), &measure, NULL),
                         ASTAR_OK);
        assert_int_equal(measure.cost, 124);
        assert_int_equal(measure.straight, 4);
        assert_int_equal(measure.diagonal, 4);
        assert_near(measure.length, 4.0 + 6.0 * sqrt(2.0), 1e-9);
    }
}

static void test_legal_path_octile(void **state)
{
    const astar_grid *grid = *state;
    astar_options o = with_moves(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE);
    astar_path_measure measure;
    assert_int_equal(astar_path_check(grid, &o, P(0, 0), P(4, 0), winding, N_POINTS(winding),
                                      &measure, NULL),
                     ASTAR_OK);
    assert_int_equal(measure.cost, 4 * 2378 + 6 * 3363);
    assert_int_equal(measure.straight, 4);
    assert_int_equal(measure.diagonal, 4);
    assert_near(measure.length, 4.0 + 6.0 * sqrt(2.0), 1e-9);
}

/* A straight step onto the terrain-3 cell costs 3 straight steps. Article:
 * 10+10+10+30+14+10 = 84; octile: 7 * 2378 + 3363 = 20009; length 7 + sqrt 2. */
static void test_legal_path_straight_onto_terrain(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 }, { 3, 1 }, { 4, 2 }, { 4, 3 } };
    astar_path_measure measure;
    astar_options article = with_moves(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE);
    assert_int_equal(astar_path_check(grid, &article, P(0, 0), P(4, 3), pts, N_POINTS(pts),
                                      &measure, NULL),
                     ASTAR_OK);
    assert_int_equal(measure.cost, 84);
    assert_int_equal(measure.straight, 5);
    assert_int_equal(measure.diagonal, 1);
    assert_near(measure.length, 7.0 + sqrt(2.0), 1e-9);

    astar_options octile = with_moves(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE);
    assert_int_equal(astar_path_check(grid, &octile, P(0, 0), P(4, 3), pts, N_POINTS(pts),
                                      &measure, NULL),
                     ASTAR_OK);
    assert_int_equal(measure.cost, 20009);
}

static void test_legal_four_way_path(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 3 }, { 1, 3 }, { 2, 3 }, { 3, 3 }, { 3, 2 }, { 3, 1 } };
    astar_options o = with_moves(ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE);
    astar_path_measure measure;
    assert_int_equal(astar_path_check(grid, &o, P(0, 3), P(3, 1), pts, N_POINTS(pts), &measure,
                                      NULL),
                     ASTAR_OK);
    assert_int_equal(measure.cost, 10 + 10 + 10 + 10 + 30); /* last step onto terrain 3 */
    assert_int_equal(measure.straight, 5);
    assert_int_equal(measure.diagonal, 0);
    assert_near(measure.length, 7.0, 1e-12);
}

static void test_single_point_path(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 2, 3 } };
    astar_path_measure measure;
    memset(&measure, 0x55, sizeof measure);
    assert_int_equal(astar_path_check(grid, NULL, P(2, 3), P(2, 3), pts, 1, &measure, NULL),
                     ASTAR_OK);
    assert_int_equal(measure.cost, 0);
    assert_int_equal(measure.straight, 0);
    assert_int_equal(measure.diagonal, 0);
    assert_near(measure.length, 0.0, 0.0);
}

static void test_measure_and_err_optional(void **state)
{
    const astar_grid *grid = *state;
    assert_int_equal(astar_path_check(grid, NULL, P(0, 0), P(4, 0), winding, N_POINTS(winding),
                                      NULL, NULL),
                     ASTAR_OK);
    const astar_point bad[] = { { 0, 0 }, { 2, 0 } };
    assert_int_equal(astar_path_check(grid, NULL, P(0, 0), P(2, 0), bad, 2, NULL, NULL),
                     ASTAR_INVALID_PATH);
}

/* err is cleared on success. */
static void test_success_clears_err(void **state)
{
    const astar_grid *grid = *state;
    astar_error err;
    memset(&err, 0x55, sizeof err);
    err.message[sizeof err.message - 1] = '\0';
    assert_int_equal(astar_path_check(grid, NULL, P(0, 0), P(4, 0), winding, N_POINTS(winding),
                                      NULL, &err),
                     ASTAR_OK);
    assert_int_equal(err.status, ASTAR_OK);
    assert_int_equal(err.line, 0);
    assert_string_equal(err.message, "");
}

/* NULL options are the defaults: 8 moves without corner cutting, article
 * costs. */
static void test_null_options_are_defaults(void **state)
{
    const astar_grid *grid = *state;
    astar_path_measure measure;
    assert_int_equal(astar_path_check(grid, NULL, P(0, 0), P(4, 0), winding, N_POINTS(winding),
                                      &measure, NULL),
                     ASTAR_OK);
    assert_int_equal(measure.cost, 124);
    /* (1,0) -> (2,1) cuts the corner of (1,1): illegal by default */
    const astar_point cut[] = { { 0, 0 }, { 1, 0 }, { 2, 1 } };
    assert_int_equal(astar_path_check(grid, NULL, P(0, 0), P(2, 1), cut, 3, NULL, NULL),
                     ASTAR_INVALID_PATH);
}

/* A path of 7999 steps onto terrain 255 with octile costs costs
 * 7999 * 255 * 2378 = 4,850,513,610, more than 32 bits hold: measure.cost is
 * 64 bits and must not wrap. */
static void test_cost_sum_is_64_bit(void **state)
{
    (void)state;
    enum { W = 8000 };
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(W, 1, &grid), ASTAR_OK);
    astar_point *pts = malloc(W * sizeof *pts);
    assert_non_null(pts);
    for (int x = 0; x < W; x++) {
        assert_int_equal(astar_grid_set_cost(grid, x, 0, 255), ASTAR_OK);
        pts[x] = P(x, 0);
    }
    astar_options o = with_moves(ASTAR_MOVES_8, ASTAR_COSTS_OCTILE);
    astar_path_measure measure;
    assert_int_equal(astar_path_check(grid, &o, P(0, 0), P(W - 1, 0), pts, W, &measure, NULL),
                     ASTAR_OK);
    assert_true(measure.cost == (uint64_t)7999 * 255u * 2378u);
    assert_true(measure.cost > UINT32_MAX);
    assert_int_equal(measure.straight, 7999);
    assert_near(measure.length, 7999.0 * 255.0, 1e-6);
    free(pts);
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Illegal paths                                                            */
/* ------------------------------------------------------------------------ */

static void test_wrong_start(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 1 }, { 0, 2 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(0, 0), P(0, 2), pts, 2, 0);
}

static void test_blocked_start(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 1, 1 }, { 1, 0 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(1, 1), P(1, 0), pts, 2, 0);
}

static void test_start_outside_grid(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { -1, 0 }, { 0, 0 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(-1, 0), P(0, 0), pts, 2, 0);
}

static void test_wrong_end(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 0 }, { 1, 0 }, { 2, 0 } };
    /* a legal walk that stops one short of the goal (3,0) */
    assert_invalid_at(grid, ASTAR_MOVES_8, P(0, 0), P(3, 0), pts, 3, 2);
}

static void test_step_of_two_cells(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 0 }, { 2, 0 }, { 3, 0 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(0, 0), P(3, 0), pts, 3, 1);
    /* (1,0) -> (3,1) is a knight's jump onto a walkable cell */
    const astar_point knight[] = { { 0, 0 }, { 1, 0 }, { 3, 1 }, { 3, 2 } };
    assert_invalid_at(grid, ASTAR_MOVES_8_CUT, P(0, 0), P(3, 2), knight, 4, 2);
}

static void test_step_onto_blocked_cell(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 1 }, { 1, 1 }, { 2, 1 } };
    for (int m = 0; m < 3; m++)
        assert_invalid_at(grid, (astar_moves)m, P(0, 1), P(2, 1), pts, 3, 1);
}

static void test_blocked_goal(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 0 }, { 1, 0 }, { 1, 1 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(0, 0), P(1, 1), pts, 3, 2);
}

/* (1,0) -> (2,1): the side cells are (2,0) walkable and (1,1) blocked. */
static void test_corner_cut(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 0 }, { 1, 0 }, { 2, 1 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(0, 0), P(2, 1), pts, 3, 2);
    assert_invalid_at(grid, ASTAR_MOVES_4, P(0, 0), P(2, 1), pts, 3, 2);

    astar_options cut = with_moves(ASTAR_MOVES_8_CUT, ASTAR_COSTS_ARTICLE);
    astar_path_measure measure;
    assert_int_equal(astar_path_check(grid, &cut, P(0, 0), P(2, 1), pts, 3, &measure, NULL),
                     ASTAR_OK);
    assert_int_equal(measure.cost, 10 + 14);
    assert_int_equal(measure.straight, 1);
    assert_int_equal(measure.diagonal, 1);
}

/* (1,2) -> (2,1) squeezes between (1,1) and (2,2), both blocked: illegal
 * under every movement rule. */
static void test_squeeze_between_two_blockers(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 2 }, { 1, 2 }, { 2, 1 }, { 2, 0 } };
    for (int m = 0; m < 3; m++)
        assert_invalid_at(grid, (astar_moves)m, P(0, 2), P(2, 0), pts, 4, 2);
    /* the other direction too */
    const astar_point back[] = { { 2, 1 }, { 1, 2 } };
    assert_invalid_at(grid, ASTAR_MOVES_8_CUT, P(2, 1), P(1, 2), back, 2, 1);
}

/* A clean diagonal (both sides walkable) is still illegal with 4 moves. */
static void test_diagonal_under_four_moves(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 2, 3 }, { 3, 3 }, { 4, 2 } };
    assert_invalid_at(grid, ASTAR_MOVES_4, P(2, 3), P(4, 2), pts, 3, 2);
    astar_options eight = with_moves(ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE);
    assert_int_equal(astar_path_check(grid, &eight, P(2, 3), P(4, 2), pts, 3, NULL, NULL),
                     ASTAR_OK);
}

static void test_point_outside_grid(void **state)
{
    const astar_grid *grid = *state;
    const astar_point up[] = { { 0, 0 }, { 0, -1 }, { 1, 0 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(0, 0), P(1, 0), up, 3, 1);
    const astar_point right[] = { { 4, 3 }, { 5, 3 }, { 4, 2 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(4, 3), P(4, 2), right, 3, 1);
    const astar_point below[] = { { 2, 3 }, { 2, 4 }, { 3, 3 } };
    assert_invalid_at(grid, ASTAR_MOVES_8_CUT, P(2, 3), P(3, 3), below, 3, 1);
    /* far away: coordinates whose difference would overflow int32 must not
     * upset the checker */
    const astar_point far[] = { { 4, 0 }, { INT32_MIN, INT32_MIN }, { 4, 0 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(4, 0), P(4, 0), far, 3, 1);
    const astar_point far2[] = { { 0, 0 }, { INT32_MAX, INT32_MAX }, { 0, 0 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(0, 0), P(0, 0), far2, 3, 1);
}

static void test_repeated_point(void **state)
{
    const astar_grid *grid = *state;
    /* (1,0) twice: a zero-length step is not a move */
    const astar_point pts[] = { { 0, 0 }, { 1, 0 }, { 1, 0 }, { 2, 0 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(0, 0), P(2, 0), pts, 4, 2);
    const astar_point twice[] = { { 2, 3 }, { 2, 3 } };
    assert_invalid_at(grid, ASTAR_MOVES_8, P(2, 3), P(2, 3), twice, 2, 1);
}

static void test_empty_path(void **state)
{
    const astar_grid *grid = *state;
    const astar_point pts[] = { { 0, 0 } };
    astar_error err;
    assert_int_equal(astar_path_check(grid, NULL, P(0, 0), P(0, 0), pts, 0, NULL, &err),
                     ASTAR_INVALID_PATH);
    assert_int_equal(err.status, ASTAR_INVALID_PATH);
    assert_true(strlen(err.message) > 0);
}

static void test_null_arguments(void **state)
{
    const astar_grid *grid = *state;
    astar_error err;
    assert_int_equal(astar_path_check(NULL, NULL, P(0, 0), P(4, 0), winding, N_POINTS(winding),
                                      NULL, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(err.status, ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_path_check(grid, NULL, P(0, 0), P(4, 0), NULL, 9, NULL, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(err.status, ASTAR_INVALID_ARGUMENT);
}

static void test_bad_moves_option(void **state)
{
    const astar_grid *grid = *state;
    astar_options o = astar_options_default();
    o.moves = (astar_moves)3;
    assert_int_equal(astar_path_check(grid, &o, P(0, 0), P(4, 0), winding, N_POINTS(winding),
                                      NULL, NULL),
                     ASTAR_INVALID_ARGUMENT);
    o = astar_options_default();
    o.costs = (astar_costs)2;
    assert_int_equal(astar_path_check(grid, &o, P(0, 0), P(4, 0), winding, N_POINTS(winding),
                                      NULL, NULL),
                     ASTAR_INVALID_ARGUMENT);
}

/* The reference validator agrees with the library on every case above. */
static void test_reference_validator_agrees(void **state)
{
    const astar_grid *grid = *state;
    uint64_t cost = 0;
    assert_true(ref_path_valid(grid, ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, P(0, 0), P(4, 0),
                               winding, N_POINTS(winding), &cost, NULL, 0));
    assert_int_equal(cost, 124);
    const astar_point cut[] = { { 0, 0 }, { 1, 0 }, { 2, 1 } };
    assert_false(ref_path_valid(grid, ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, P(0, 0), P(2, 1), cut,
                                3, &cost, NULL, 0));
    assert_true(ref_path_valid(grid, ASTAR_MOVES_8_CUT, ASTAR_COSTS_ARTICLE, P(0, 0), P(2, 1),
                               cut, 3, &cost, NULL, 0));
    assert_int_equal(cost, 24);
    const astar_point squeeze[] = { { 1, 2 }, { 2, 1 } };
    assert_false(ref_path_valid(grid, ASTAR_MOVES_8_CUT, ASTAR_COSTS_ARTICLE, P(1, 2), P(2, 1),
                                squeeze, 2, &cost, NULL, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legal_path_article),
        cmocka_unit_test(test_legal_path_octile),
        cmocka_unit_test(test_legal_path_straight_onto_terrain),
        cmocka_unit_test(test_legal_four_way_path),
        cmocka_unit_test(test_single_point_path),
        cmocka_unit_test(test_measure_and_err_optional),
        cmocka_unit_test(test_success_clears_err),
        cmocka_unit_test(test_null_options_are_defaults),
        cmocka_unit_test(test_cost_sum_is_64_bit),
        cmocka_unit_test(test_wrong_start),
        cmocka_unit_test(test_blocked_start),
        cmocka_unit_test(test_start_outside_grid),
        cmocka_unit_test(test_wrong_end),
        cmocka_unit_test(test_step_of_two_cells),
        cmocka_unit_test(test_step_onto_blocked_cell),
        cmocka_unit_test(test_blocked_goal),
        cmocka_unit_test(test_corner_cut),
        cmocka_unit_test(test_squeeze_between_two_blockers),
        cmocka_unit_test(test_diagonal_under_four_moves),
        cmocka_unit_test(test_point_outside_grid),
        cmocka_unit_test(test_repeated_point),
        cmocka_unit_test(test_empty_path),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_bad_moves_option),
        cmocka_unit_test(test_reference_validator_agrees),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
