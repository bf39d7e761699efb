/*
 * test_islands.c - island labels against the reference solver's idea of
 * "reachable", after every one of many random edits, under every movement
 * rule; and searches that stop at once between islands, with the same
 * answers as searches without islands.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>

#include "astar.h"
#include "util/random.h"
#include "util/reference.h"

enum { SIDE = 12, CELLS = SIDE * SIDE };

/* Two walkable cells share a label exactly when the reference reaches one
 * from the other, whatever the movement rule. */
static void assert_islands_match(const astar_grid *g, astar_moves moves, int edit)
{
    uint64_t dist[CELLS];
    for (int a = 0; a < CELLS; a++) {
        astar_point pa = { a % SIDE, a / SIDE };
        uint32_t la = astar_grid_island(g, pa.x, pa.y);
        if (!astar_grid_walkable(g, pa.x, pa.y)) {
            assert_int_equal(la, 0);
            continue;
        }
        assert_true(la >= 1);
        ref_least_costs(g, moves, ASTAR_COSTS_ARTICLE, pa, dist);
        for (int b = 0; b < CELLS; b++) {
            if (!astar_grid_walkable(g, b % SIDE, b / SIDE))
                continue;
            bool same = astar_grid_island(g, b % SIDE, b / SIDE) == la;
            if (same != (dist[b] != REF_UNREACHABLE))
                fail_msg("edit %d, moves %d: (%d,%d) and (%d,%d): same island %d, reachable %d",
                         edit, moves, pa.x, pa.y, b % SIDE, b / SIDE, same,
                         dist[b] != REF_UNREACHABLE);
        }
    }
}

static void test_labels_follow_edits(void **state)
{
    (void)state;
    rng r = { 99 };
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(SIDE, SIDE, &g), ASTAR_OK);
    for (int i = 0; i < CELLS; i++)
        if (rng_below(&r, 100) < 40)
            astar_grid_set_walkable(g, i % SIDE, i / SIDE, false);
    assert_int_equal(astar_grid_island(g, 0, 0), 0); /* not enabled yet */
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    assert_islands_match(g, ASTAR_MOVES_8, -1);
    for (int edit = 0; edit < 240; edit++) {
        int x = rng_below(&r, SIDE), y = rng_below(&r, SIDE);
        if (edit % 5 == 0)
            astar_grid_set_cost(g, x, y, 2);
        else
            astar_grid_set_walkable(g, x, y, !astar_grid_walkable(g, x, y));
        assert_islands_match(g, (astar_moves)(edit % 3), edit);
    }
    assert_int_equal(astar_grid_island(g, -1, 0), 0);
    assert_int_equal(astar_grid_island(g, 0, SIDE), 0);
    assert_int_equal(astar_grid_island(NULL, 0, 0), 0);
    astar_grid_disable_islands(g);
    astar_grid_disable_islands(g);
    assert_int_equal(astar_grid_island(g, 0, 0), 0);
    assert_int_equal(astar_grid_enable_islands(NULL), ASTAR_INVALID_ARGUMENT);
    astar_grid_delete(g);
}

/* A wall splits the map: between the halves nothing is expanded with
 * islands, the whole start half without; the answer is the same. */
static void test_no_path_at_once(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(40, 30, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(40 * 30, &ctx), ASTAR_OK);
    for (int y = 0; y < 30; y++)
        astar_grid_set_walkable(g, 20, y, false);
    astar_route without = { 0 }, with = { 0 };
    astar_point a = { 2, 2 }, b = { 35, 20 };
    assert_int_equal(astar_find_path(ctx, g, a, b, NULL, &without), ASTAR_NO_PATH);
    assert_true(without.expanded >= 20 * 30);
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    for (int algorithm = 0; algorithm <= 2; algorithm++) {
        astar_options o = astar_options_default();
        o.algorithm = (astar_algorithm)algorithm;
        if (algorithm == ASTAR_ALGORITHM_JPS_PLUS)
            assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &with), ASTAR_NO_PATH);
        assert_int_equal(with.expanded, 0);
        astar_node node;
        assert_int_equal(astar_context_node(ctx, g, a.x, a.y, &node), ASTAR_OK);
        assert_int_equal(node.list, ASTAR_LIST_NONE);
    }
    /* A door in the wall joins the islands, and the search goes through. */
    assert_int_equal(astar_grid_set_walkable(g, 20, 15, true), ASTAR_OK);
    assert_int_equal(astar_grid_island(g, a.x, a.y), astar_grid_island(g, b.x, b.y));
    assert_int_equal(astar_find_path(ctx, g, a, b, NULL, &with), ASTAR_OK);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* On random grids every query gets the same status and cost with islands
 * as without. */
static void test_same_answers(void **state)
{
    (void)state;
    rng r = { 5150 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(CELLS * 4, &ctx), ASTAR_OK);
    for (int i = 0; i < 200; i++) {
        astar_grid *plain = NULL, *marked = NULL;
        int w = 1 + rng_below(&r, 2 * SIDE), h = 1 + rng_below(&r, 2 * SIDE);
        assert_int_equal(astar_grid_new(w, h, &plain), ASTAR_OK);
        assert_int_equal(astar_grid_new(w, h, &marked), ASTAR_OK);
        assert_int_equal(astar_grid_enable_islands(marked), ASTAR_OK);
        int density = rng_below(&r, 60);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (rng_below(&r, 100) < density) {
                    astar_grid_set_walkable(plain, x, y, false);
                    astar_grid_set_walkable(marked, x, y, false);
                }
        for (int q = 0; q < 10; q++) {
            astar_point a = { rng_below(&r, w), rng_below(&r, h) };
            astar_point b = { rng_below(&r, w), rng_below(&r, h) };
            astar_options o = astar_options_default();
            o.moves = (astar_moves)(q % 3);
            astar_route p1 = { 0 }, p2 = { 0 };
            astar_status s1 = astar_find_path(ctx, plain, a, b, &o, &p1);
            astar_status s2 = astar_find_path(ctx, marked, a, b, &o, &p2);
            assert_int_equal(s1, s2);
            assert_int_equal(p1.cost, p2.cost);
            if (s2 == ASTAR_NO_PATH && astar_grid_island(marked, a.x, a.y) != astar_grid_island(marked, b.x, b.y))
                assert_int_equal(p2.expanded, 0);
        }
        astar_grid_delete(plain);
        astar_grid_delete(marked);
    }
    astar_context_delete(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_follow_edits),
        cmocka_unit_test(test_no_path_at_once),
        cmocka_unit_test(test_same_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
