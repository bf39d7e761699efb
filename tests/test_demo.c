/* The facts "A* Pathfinding for Beginners" states about its worked example,
 * checked on the same search `astar demo` prints: the 7 x 5 grid with start
 * A at (1,2), target B at (5,2) and a wall at x = 3 for y = 1..3; costs 10
 * and 14, Manhattan H times 10, no corner cutting, first-added ties. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "astar.h"

enum { W = 7, H = 5, MAX_STEPS = W * H };

/* Every square after every step. */
typedef struct recording {
    const astar_grid *grid;
    int steps;
    astar_point current[MAX_STEPS];
    astar_node after[MAX_STEPS][H][W];
} recording;

static void record(void *user, const astar_context *ctx, astar_point current)
{
    recording *r = user;
    assert_true(r->steps < MAX_STEPS);
    r->current[r->steps] = current;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            assert_int_equal(astar_context_node(ctx, r->grid, x, y, &r->after[r->steps][y][x]), ASTAR_OK);
    r->steps++;
}

typedef struct example {
    astar_grid *grid;
    astar_context *ctx;
    recording rec;
    astar_point points[W * H];
    astar_route path;
    astar_status status;
} example;

static example *run_example(astar_moves moves, astar_ties ties)
{
    example *e = test_calloc(1, sizeof *e);
    assert_int_equal(astar_grid_new(W, H, &e->grid), ASTAR_OK);
    for (int y = 1; y <= 3; y++)
        assert_int_equal(astar_grid_set_walkable(e->grid, 3, y, false), ASTAR_OK);
    assert_int_equal(astar_context_new(astar_grid_cells(e->grid), &e->ctx), ASTAR_OK);
    e->rec.grid = e->grid;
    astar_options o = astar_options_default();
    o.moves = moves;
    o.search.ties = ties;
    o.search.observer = record;
    o.search.observer_user = &e->rec;
    e->path = (astar_route){ .points = e->points, .capacity = W * H };
    e->status = astar_find_path(e->ctx, e->grid, (astar_point){ 1, 2 }, (astar_point){ 5, 2 }, &o, &e->path);
    return e;
}

static void free_example(example *e)
{
    astar_context_delete(e->ctx);
    astar_grid_delete(e->grid);
    test_free(e);
}

static int setup(void **state)
{
    *state = run_example(ASTAR_MOVES_8, ASTAR_TIES_FIRST);
    return 0;
}

static int teardown(void **state)
{
    free_example(*state);
    return 0;
}

static const astar_node *square(const example *e, int step, int x, int y)
{
    return &e->rec.after[step][y][x];
}

static void assert_point(astar_point p, int x, int y)
{
    assert_int_equal(p.x, x);
    assert_int_equal(p.y, y);
}

/* "the square to the immediate right of the start is 3 squares from the red
 * square, for a H score of 30" with G = 10, F = 40; and it is chosen first. */
static void test_right_of_start_is_chosen_first(void **state)
{
    const example *e = *state;
    assert_point(e->rec.current[0], 1, 2); /* the start is expanded first */
    const astar_node *right = square(e, 0, 2, 2);
    assert_int_equal(right->list, ASTAR_LIST_OPEN);
    assert_int_equal(right->g, 10);
    assert_int_equal(right->h, 30);
    assert_int_equal(right->f, 40);
    assert_point(e->rec.current[1], 2, 2);
}

/* "The square just above this square is 4 squares away ... for an H score of 40." */
static void test_square_above_has_h_40(void **state)
{
    const example *e = *state;
    assert_int_equal(square(e, 0, 2, 1)->h, 40);
    assert_int_equal(square(e, 0, 2, 1)->g, 14);
}

/* "there are two squares with a score of 54 ... let's choose the one just
 * below, and to the right of the starting square". */
static void test_two_f54_squares_tie_and_the_lower_is_chosen(void **state)
{
    const example *e = *state;
    int at_54 = 0;
    uint32_t lowest = UINT32_MAX;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (square(e, 1, x, y)->list == ASTAR_LIST_OPEN) {
                lowest = square(e, 1, x, y)->f < lowest ? square(e, 1, x, y)->f : lowest;
                at_54 += square(e, 1, x, y)->f == 54;
            }
    assert_int_equal(lowest, 54);
    assert_int_equal(at_54, 2);
    assert_int_equal(square(e, 1, 2, 1)->f, 54);
    assert_int_equal(square(e, 1, 2, 3)->f, 54);
    assert_point(e->rec.current[2], 2, 3);
}

/* "We also ignore the square just below the wall ... you can't get to that
 * square directly from the current square without cutting across the
 * corner of the nearby wall." */
static void test_corner_rule_refuses_square_under_wall(void **state)
{
    const example *e = *state;
    assert_int_equal(square(e, 2, 3, 4)->list, ASTAR_LIST_NONE);
    /* The two squares below the current one are added with it as parent. */
    assert_int_equal(square(e, 2, 2, 4)->list, ASTAR_LIST_OPEN);
    assert_int_equal(square(e, 2, 1, 4)->list, ASTAR_LIST_OPEN);
    assert_point(square(e, 2, 2, 4)->parent, 2, 3);
}

/* Without the corner rule the same step does add it: the rule is what
 * kept it out. */
static void test_corner_cutting_would_add_it(void **state)
{
    (void)state;
    example *cut = run_example(ASTAR_MOVES_8_CUT, ASTAR_TIES_FIRST);
    assert_point(cut->rec.current[2], 2, 3);
    assert_int_equal(square(cut, 2, 3, 4)->list, ASTAR_LIST_OPEN);
    assert_point(square(cut, 2, 3, 4)->parent, 2, 3);
    free_example(cut);
}

/* "Before it had a G score of 28 and pointed back to the square above it and
 * to the right. Now it has a score of 20 and points to the square just above
 * it." - the square two below the start, (1,4). */
static void test_two_below_start_is_re_pointed(void **state)
{
    const example *e = *state;
    int first = -1, improved = -1;
    for (int s = 0; s < e->rec.steps; s++) {
        const astar_node *n = square(e, s, 1, 4);
        if (first < 0 && n->list == ASTAR_LIST_OPEN)
            first = s;
        if (improved < 0 && first >= 0 && n->g < square(e, first, 1, 4)->g)
            improved = s;
    }
    assert_true(first >= 0);
    assert_int_equal(square(e, first, 1, 4)->g, 28);
    assert_point(square(e, first, 1, 4)->parent, 2, 3);
    assert_true(improved > first);
    assert_int_equal(square(e, improved, 1, 4)->g, 20);
    assert_int_equal(square(e, improved, 1, 4)->f, 20 + square(e, improved, 1, 4)->h);
    assert_point(square(e, improved, 1, 4)->parent, 1, 3);
}

/* "On that path, the very first step is below, and to the right of the
 * starting square." And the search stopped with the target closed. */
static void test_path_first_step_is_down_right(void **state)
{
    const example *e = *state;
    assert_int_equal(e->status, ASTAR_OK);
    assert_point(e->points[0], 1, 2);
    assert_point(e->points[1], 2, 3);
    assert_point(e->points[e->path.length - 1], 5, 2);
    astar_node target;
    assert_int_equal(astar_context_node(e->ctx, e->grid, 5, 2, &target), ASTAR_OK);
    assert_int_equal(target.list, ASTAR_LIST_CLOSED);
    assert_int_equal(target.g, e->path.cost);
}

/* Why the demo uses first-added ties: last-added ties (the default) take the
 * upper F 54 square, which the article does not. */
static void test_last_added_ties_take_the_upper_square(void **state)
{
    (void)state;
    example *last = run_example(ASTAR_MOVES_8, ASTAR_TIES_LAST);
    assert_point(last->rec.current[2], 2, 1);
    free_example(last);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_right_of_start_is_chosen_first, setup, teardown),
        cmocka_unit_test_setup_teardown(test_square_above_has_h_40, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_f54_squares_tie_and_the_lower_is_chosen, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corner_rule_refuses_square_under_wall, setup, teardown),
        cmocka_unit_test(test_corner_cutting_would_add_it),
        cmocka_unit_test_setup_teardown(test_two_below_start_is_re_pointed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_path_first_step_is_down_right, setup, teardown),
        cmocka_unit_test(test_last_added_ties_take_the_upper_square),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
