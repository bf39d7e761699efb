/*
 * test_clearance.c - the grid's clearance against its definition
 * (ref_clearance, square by square) for every cell and capability: on
 * random grids with terrain as built, after thousands of random edits of
 * walls and terrain (each checked over the whole grid, so that a repair
 * that stops short anywhere shows), after re-enabling with other
 * capabilities; the capability calls and the arguments refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>

#include "astar.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

#ifdef ASTAR_TEST_SANITIZED
enum { GRIDS = 6, EDITS = 150 };
#else
enum { GRIDS = 30, EDITS = 600 };
#endif

/* A capability of the terrains from 1 to 9 that rng picks, and the same as
 * a table for the reference. */
static astar_capability random_capability(rng *r, bool allowed[256])
{
    /* Plain ground (terrain 1) is always allowed, so that open maps stay
     * open. */
    astar_capability c = astar_capability_any();
    for (int t = 0; t < 256; t++)
        allowed[t] = t != 0;
    for (int t = 2; t <= 9; t++)
        if (rng_below(r, 3) == 0) {
            assert_int_equal(astar_capability_set(&c, t, false), ASTAR_OK);
            allowed[t] = false;
        }
    return c;
}

static void expect_definition(const astar_grid *g, size_t count, bool allowed[][256],
                              const char *when)
{
    assert_int_equal(astar_grid_capabilities(g), count);
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (size_t c = 0; c < count; c++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int want = ref_clearance(g, allowed[c], ASTAR_MAX_UNIT_SIZE, x, y);
                int got = astar_grid_clearance(g, c, x, y);
                if (got != want)
                    fail_msg("%s: capability %zu, (%d,%d) of %d x %d: %d, by definition %d", when,
                             c, x, y, w, h, got, want);
            }
}

static void test_built_and_edited(void **state)
{
    (void)state;
    rng r = { 4343 };
    for (int trial = 0; trial < GRIDS; trial++) {
        /* Every other grid nearly open and large, so that squares pass
         * ASTAR_MAX_UNIT_SIZE and an edit reaches the farthest corners
         * whose squares it is in. */
        bool open = trial % 2 == 0;
        int w = open ? 20 + rng_below(&r, 40) : 1 + rng_below(&r, 40);
        int h = open ? 20 + rng_below(&r, 40) : 1 + rng_below(&r, 40);
        grid_recipe recipe = { rng_below(&r, open ? 3 : 15), open ? 3 : 30, 100, 1, 9 };
        astar_grid *g = random_grid(&r, w, h, recipe);
        /* Capability 0, every walkable terrain, and up to the most given. */
        size_t count = (size_t)rng_below(&r, ASTAR_MAX_CAPABILITIES + 1);
        astar_capability caps[ASTAR_MAX_CAPABILITIES];
        bool allowed[ASTAR_MAX_CAPABILITIES + 1][256];
        for (int t = 0; t < 256; t++)
            allowed[0][t] = t != 0;
        for (size_t c = 0; c < count; c++)
            caps[c] = random_capability(&r, allowed[c + 1]);
        assert_int_equal(astar_grid_enable_clearance(g, caps, count), ASTAR_OK);
        expect_definition(g, count + 1, allowed, "built");
        for (int e = 0; e < EDITS; e++) {
            astar_point p = random_cell(&r, g);
            int cost = rng_below(&r, open ? 12 : 4) == 0 ? 0
                       : open && rng_below(&r, 2) ? 1
                                                  : 1 + rng_below(&r, 9);
            assert_int_equal(cost ? astar_grid_set_cost(g, p.x, p.y, cost)
                                  : astar_grid_set_walkable(g, p.x, p.y, false),
                             ASTAR_OK);
            if (e % 10 == 0 || e == EDITS - 1) {
                char when[64];
                snprintf(when, sizeof when, "edit %d (%d,%d) to %d", e, p.x, p.y, cost);
                expect_definition(g, count + 1, allowed, when);
            }
        }
        /* Enabled again, with the first capability given only. */
        size_t again = count > 0 ? 1 : 0;
        assert_int_equal(astar_grid_enable_clearance(g, caps, again), ASTAR_OK);
        expect_definition(g, again + 1, allowed, "enabled again");
        astar_grid_delete(g);
    }
}

/* An open map: every cell's clearance is its room to the right and
 * bottom edges, capped; no capabilities given leaves capability 0, every
 * walkable terrain. */
static void test_open_map(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(20, 18, &g), ASTAR_OK);
    assert_int_equal(astar_grid_set_cost(g, 5, 5, 200), ASTAR_OK);
    assert_int_equal(astar_grid_enable_clearance(g, NULL, 0), ASTAR_OK);
    assert_int_equal(astar_grid_capabilities(g), 1);
    for (int y = 0; y < 18; y++)
        for (int x = 0; x < 20; x++) {
            int room = (20 - x) < (18 - y) ? 20 - x : 18 - y;
            assert_int_equal(astar_grid_clearance(g, 0, x, y),
                             room > ASTAR_MAX_UNIT_SIZE ? ASTAR_MAX_UNIT_SIZE : room);
        }
    /* A wall at (10, 10) bounds the squares above and left of it. */
    assert_int_equal(astar_grid_set_walkable(g, 10, 10, false), ASTAR_OK);
    assert_int_equal(astar_grid_clearance(g, 0, 10, 10), 0);
    assert_int_equal(astar_grid_clearance(g, 0, 9, 9), 1);
    assert_int_equal(astar_grid_clearance(g, 0, 6, 8), 4);
    assert_int_equal(astar_grid_clearance(g, 0, 0, 0), 10);
    assert_int_equal(astar_grid_set_walkable(g, 10, 10, true), ASTAR_OK);
    assert_int_equal(astar_grid_clearance(g, 0, 0, 0), ASTAR_MAX_UNIT_SIZE);
    astar_grid_delete(g);
}

static void test_arguments(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(4, 4, &g), ASTAR_OK);
    astar_capability c = astar_capability_any();
    assert_int_equal(astar_capability_set(&c, 0, true), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_capability_set(&c, 256, true), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_capability_set(NULL, 3, true), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_enable_clearance(NULL, &c, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_enable_clearance(g, NULL, 1), ASTAR_INVALID_ARGUMENT);
    astar_capability many[ASTAR_MAX_CAPABILITIES + 1];
    for (int i = 0; i <= ASTAR_MAX_CAPABILITIES; i++)
        many[i] = c;
    assert_int_equal(astar_grid_enable_clearance(g, many, ASTAR_MAX_CAPABILITIES + 1),
                     ASTAR_INVALID_ARGUMENT);
    /* Not enabled, out of range: 0. */
    assert_int_equal(astar_grid_capabilities(g), 0);
    assert_int_equal(astar_grid_clearance(g, 0, 0, 0), 0);
    assert_int_equal(astar_grid_enable_clearance(g, many, 2), ASTAR_OK);
    assert_int_equal(astar_grid_capabilities(g), 3);
    assert_int_equal(astar_grid_clearance(g, 3, 0, 0), 0);
    assert_int_equal(astar_grid_clearance(g, 0, -1, 0), 0);
    assert_int_equal(astar_grid_clearance(g, 0, 0, 4), 0);
    assert_int_equal(astar_grid_clearance(NULL, 0, 0, 0), 0);
    assert_int_equal(astar_grid_clearance(g, 1, 0, 0), 4);
    /* An index enabled or disabled is an edit of the grid (its feed). */
    uint64_t before = astar_grid_edits(g);
    astar_grid_disable_clearance(g);
    assert_true(astar_grid_edits(g) == before + 1);
    astar_grid_disable_clearance(g);
    astar_grid_disable_clearance(NULL);
    assert_int_equal(astar_grid_capabilities(g), 0);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_built_and_edited),
        cmocka_unit_test(test_open_map),
        cmocka_unit_test(test_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
