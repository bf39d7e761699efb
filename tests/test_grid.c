/*
 * test_grid.c - astar_grid_new/delete, sizes, walkability and terrain costs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "astar.h"

static void test_new_rejects_bad_sizes(void **state)
{
    (void)state;
    /* Each side must be 1..ASTAR_MAX_SIDE and the product at most
     * ASTAR_MAX_CELLS. grid starts NULL so a wrongly made grid is freed. */
    const int bad[][2] = {
        { 0, 5 }, { 5, 0 }, { 0, 0 }, { -1, 5 }, { 5, -1 }, { -7, -7 },
        { ASTAR_MAX_SIDE + 1, 1 }, { 1, ASTAR_MAX_SIDE + 1 },
        { ASTAR_MAX_SIDE + 1, ASTAR_MAX_SIDE + 1 },
        /* both sides legal, but 65535 * 4097 = 268,496,895 > 2^28 cells */
        { ASTAR_MAX_SIDE, 4097 }, { 4097, ASTAR_MAX_SIDE },
        { ASTAR_MAX_SIDE, ASTAR_MAX_SIDE },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        astar_grid *grid = NULL;
        assert_int_equal(astar_grid_new(bad[i][0], bad[i][1], &grid),
                         ASTAR_INVALID_ARGUMENT);
        astar_grid_delete(grid); /* NULL unless the call wrongly succeeded */
    }
}

static void test_new_null_out(void **state)
{
    (void)state;
    assert_int_equal(astar_grid_new(3, 3, NULL), ASTAR_INVALID_ARGUMENT);
}

static void test_new_extreme_but_legal_sizes(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(ASTAR_MAX_SIDE, 1, &grid), ASTAR_OK);
    assert_int_equal(astar_grid_width(grid), ASTAR_MAX_SIDE);
    assert_int_equal(astar_grid_height(grid), 1);
    assert_int_equal(astar_grid_cells(grid), (size_t)ASTAR_MAX_SIDE);
    assert_true(astar_grid_walkable(grid, ASTAR_MAX_SIDE - 1, 0));
    assert_false(astar_grid_walkable(grid, ASTAR_MAX_SIDE, 0));
    astar_grid_delete(grid);

    grid = NULL;
    assert_int_equal(astar_grid_new(1, ASTAR_MAX_SIDE, &grid), ASTAR_OK);
    assert_int_equal(astar_grid_width(grid), 1);
    assert_int_equal(astar_grid_height(grid), ASTAR_MAX_SIDE);
    assert_true(astar_grid_walkable(grid, 0, ASTAR_MAX_SIDE - 1));
    assert_false(astar_grid_walkable(grid, 0, ASTAR_MAX_SIDE));
    astar_grid_delete(grid);

    grid = NULL;
    assert_int_equal(astar_grid_new(1, 1, &grid), ASTAR_OK);
    assert_int_equal(astar_grid_cells(grid), 1);
    assert_true(astar_grid_walkable(grid, 0, 0));
    astar_grid_delete(grid);
}

static void test_size_and_defaults(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(7, 4, &grid), ASTAR_OK);
    assert_non_null(grid);
    assert_int_equal(astar_grid_width(grid), 7);
    assert_int_equal(astar_grid_height(grid), 4);
    assert_int_equal(astar_grid_cells(grid), 28);
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 7; x++) {
            assert_true(astar_grid_walkable(grid, x, y));
            assert_int_equal(astar_grid_cost(grid, x, y), 1);
        }
    }
    astar_grid_delete(grid);
}

static void test_reads_outside_are_blocked(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(5, 3, &grid), ASTAR_OK);
    const int outside[][2] = {
        { -1, 0 }, { 0, -1 }, { 5, 0 }, { 0, 3 }, { 5, 3 }, { -1, -1 },
        { 4, 3 }, { 5, 2 }, { INT32_MIN, 0 }, { 0, INT32_MAX }, { INT32_MAX, INT32_MAX },
    };
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        assert_false(astar_grid_walkable(grid, outside[i][0], outside[i][1]));
        assert_int_equal(astar_grid_cost(grid, outside[i][0], outside[i][1]), 0);
    }
    /* the corners just inside are real cells */
    assert_true(astar_grid_walkable(grid, 4, 2));
    assert_true(astar_grid_walkable(grid, 0, 0));
    astar_grid_delete(grid);
}

static void test_set_walkable(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(4, 3, &grid), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(grid, 2, 1, false), ASTAR_OK);
    assert_false(astar_grid_walkable(grid, 2, 1));
    assert_int_equal(astar_grid_cost(grid, 2, 1), 0);
    /* only that cell changed; in particular x and y are not swapped */
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++)
            if (!(x == 2 && y == 1))
                assert_true(astar_grid_walkable(grid, x, y));
    /* blocking twice is fine */
    assert_int_equal(astar_grid_set_walkable(grid, 2, 1, false), ASTAR_OK);
    assert_false(astar_grid_walkable(grid, 2, 1));
    assert_int_equal(astar_grid_set_walkable(grid, 2, 1, true), ASTAR_OK);
    assert_true(astar_grid_walkable(grid, 2, 1));
    assert_int_equal(astar_grid_cost(grid, 2, 1), 1);
    /* the edges */
    assert_int_equal(astar_grid_set_walkable(grid, 3, 2, false), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(grid, 0, 0, false), ASTAR_OK);
    assert_false(astar_grid_walkable(grid, 3, 2));
    assert_false(astar_grid_walkable(grid, 0, 0));
    astar_grid_delete(grid);
}

static void test_set_cost(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(4, 3, &grid), ASTAR_OK);
    assert_int_equal(astar_grid_set_cost(grid, 1, 2, 7), ASTAR_OK);
    assert_int_equal(astar_grid_cost(grid, 1, 2), 7);
    assert_int_equal(astar_grid_cost(grid, 2, 1), 1); /* not transposed */
    assert_int_equal(astar_grid_set_cost(grid, 3, 0, ASTAR_MAX_TERRAIN), ASTAR_OK);
    assert_int_equal(astar_grid_cost(grid, 3, 0), 255);
    assert_int_equal(astar_grid_set_cost(grid, 3, 0, 1), ASTAR_OK);
    assert_int_equal(astar_grid_cost(grid, 3, 0), 1);
    astar_grid_delete(grid);
}

static void test_set_cost_makes_walkable(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(3, 3, &grid), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(grid, 1, 1, false), ASTAR_OK);
    assert_int_equal(astar_grid_set_cost(grid, 1, 1, 9), ASTAR_OK);
    assert_true(astar_grid_walkable(grid, 1, 1));
    assert_int_equal(astar_grid_cost(grid, 1, 1), 9);
    astar_grid_delete(grid);
}

static void test_unblocking_resets_cost_to_one(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(3, 3, &grid), ASTAR_OK);
    assert_int_equal(astar_grid_set_cost(grid, 0, 2, 200), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(grid, 0, 2, false), ASTAR_OK);
    assert_int_equal(astar_grid_cost(grid, 0, 2), 0);
    assert_int_equal(astar_grid_set_walkable(grid, 0, 2, true), ASTAR_OK);
    assert_true(astar_grid_walkable(grid, 0, 2));
    assert_int_equal(astar_grid_cost(grid, 0, 2), 1);
    astar_grid_delete(grid);
}

static void test_set_out_of_range(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_new(4, 3, &grid), ASTAR_OK);
    const int outside[][2] = {
        { -1, 0 }, { 0, -1 }, { 4, 0 }, { 0, 3 }, { 4, 3 }, { INT32_MIN, INT32_MIN },
        { INT32_MAX, 0 },
    };
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        int x = outside[i][0], y = outside[i][1];
        assert_int_equal(astar_grid_set_walkable(grid, x, y, false), ASTAR_INVALID_ARGUMENT);
        assert_int_equal(astar_grid_set_walkable(grid, x, y, true), ASTAR_INVALID_ARGUMENT);
        assert_int_equal(astar_grid_set_cost(grid, x, y, 5), ASTAR_INVALID_ARGUMENT);
    }
    /* bad costs on a real cell leave it as it was */
    assert_int_equal(astar_grid_set_cost(grid, 1, 1, 4), ASTAR_OK);
    const int bad_costs[] = { 0, -1, ASTAR_MAX_TERRAIN + 1, 1000, INT32_MIN, INT32_MAX };
    for (size_t i = 0; i < sizeof bad_costs / sizeof bad_costs[0]; i++) {
        assert_int_equal(astar_grid_set_cost(grid, 1, 1, bad_costs[i]), ASTAR_INVALID_ARGUMENT);
        assert_int_equal(astar_grid_cost(grid, 1, 1), 4);
    }
    /* a bad cost does not unblock a blocked cell either */
    assert_int_equal(astar_grid_set_walkable(grid, 2, 2, false), ASTAR_OK);
    assert_int_equal(astar_grid_set_cost(grid, 2, 2, 0), ASTAR_INVALID_ARGUMENT);
    assert_false(astar_grid_walkable(grid, 2, 2));
    /* nothing else changed */
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++)
            if (!(x == 1 && y == 1) && !(x == 2 && y == 2))
                assert_int_equal(astar_grid_cost(grid, x, y), 1);
    astar_grid_delete(grid);
}

/* The feed of edits: each change counted once and its cell listed, a
 * change to what a cell holds not counted, indexes and the topology
 * counted as no one cell, the last ASTAR_GRID_FEED kept and no more. */
static void test_feed_of_edits(void **state)
{
    (void)state;
    astar_grid *g;
    assert_int_equal(astar_grid_new(40, 30, &g), ASTAR_OK);
    astar_point cell;
    uint64_t e0 = astar_grid_edits(g);
    assert_int_equal(astar_grid_set_walkable(g, 3, 4, true), ASTAR_OK); /* walkable already */
    assert_int_equal(astar_grid_edits(g), e0);
    assert_int_equal(astar_grid_set_walkable(g, 3, 4, false), ASTAR_OK);
    assert_int_equal(astar_grid_set_cost(g, 39, 29, 7), ASTAR_OK);
    assert_int_equal(astar_grid_set_cost(g, 39, 29, 7), ASTAR_OK);
    assert_int_equal(astar_grid_edits(g), e0 + 2);
    assert_int_equal(astar_grid_edit_cell(g, e0 + 1, &cell), ASTAR_OK);
    assert_int_equal(cell.x, 3);
    assert_int_equal(cell.y, 4);
    assert_int_equal(astar_grid_edit_cell(g, e0 + 2, &cell), ASTAR_OK);
    assert_int_equal(cell.x, 39);
    assert_int_equal(cell.y, 29);
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    assert_int_equal(astar_grid_edits(g), e0 + 3);
    assert_int_equal(astar_grid_edit_cell(g, e0 + 3, &cell), ASTAR_FEED_BEHIND);
    assert_int_equal(astar_grid_set_topology(g, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    assert_int_equal(astar_grid_edit_cell(g, e0 + 4, &cell), ASTAR_FEED_BEHIND);
    assert_int_equal(astar_grid_edit_cell(g, e0 + 5, &cell), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_edit_cell(g, 0, &cell), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_edit_cell(g, e0 + 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_edit_cell(NULL, 1, &cell), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_edits(NULL), 0);
    /* ASTAR_GRID_FEED more edits: the oldest of them is the first listed. */
    uint64_t first = astar_grid_edits(g) + 1;
    for (int i = 0; i < ASTAR_GRID_FEED + 5; i++)
        assert_int_equal(astar_grid_set_cost(g, i % 40, i / 40, 2 + i % 2), ASTAR_OK);
    uint64_t last = astar_grid_edits(g);
    assert_int_equal(last - first + 1, ASTAR_GRID_FEED + 5);
    assert_int_equal(astar_grid_edit_cell(g, last - ASTAR_GRID_FEED, &cell), ASTAR_FEED_BEHIND);
    for (uint64_t e = last - ASTAR_GRID_FEED + 1; e <= last; e++) {
        int i = (int)(e - first);
        assert_int_equal(astar_grid_edit_cell(g, e, &cell), ASTAR_OK);
        assert_int_equal(cell.x, i % 40);
        assert_int_equal(cell.y, i / 40);
    }
    astar_grid_delete(g);
}

static void test_null_grid(void **state)
{
    (void)state;
    assert_int_equal(astar_grid_set_walkable(NULL, 0, 0, true), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_set_walkable(NULL, 0, 0, false), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_set_cost(NULL, 0, 0, 1), ASTAR_INVALID_ARGUMENT);
    astar_grid_delete(NULL); /* allowed, does nothing */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_rejects_bad_sizes),
        cmocka_unit_test(test_new_null_out),
        cmocka_unit_test(test_new_extreme_but_legal_sizes),
        cmocka_unit_test(test_size_and_defaults),
        cmocka_unit_test(test_reads_outside_are_blocked),
        cmocka_unit_test(test_set_walkable),
        cmocka_unit_test(test_set_cost),
        cmocka_unit_test(test_set_cost_makes_walkable),
        cmocka_unit_test(test_unblocking_resets_cost_to_one),
        cmocka_unit_test(test_set_out_of_range),
        cmocka_unit_test(test_feed_of_edits),
        cmocka_unit_test(test_null_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
