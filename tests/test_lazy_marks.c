/*
 * test_lazy_marks.c - the landmarks of the crowd's tables
 * (src/world/lazy_marks.h) against a breadth-first search of the test's
 * own: fresh, each landmark's steps are the search's from it, known on
 * the largest island only; after random edits followed (walls put up and
 * taken down, terrain changed, many at once), every walkable cell's steps
 * still agree with its walkable neighbours' (one step apart, or unknown
 * together) and the bound between two cells is never above the steps
 * between them and has their Manhattan distance's parity; a pillar taken
 * down is patched without computing afresh, to its true steps, and a wall
 * opened into a short cut is computed afresh; on a snake longer than the
 * stored steps' cap the steps still agree and bound.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>

#include "astar.h"
#include "core/memory.h"
#include "util/grids.h"
#include "util/random.h"
#include "world/lazy_marks.h"

#define FAR UINT32_MAX

/* Steps from `from` to every cell over 4 moves between walkable cells,
 * FAR where there is no way; out has a value per cell (y * width + x). */
static void steps_from(const astar_grid *grid, astar_point from, uint32_t *out)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    size_t n = astar_grid_cells(grid), head = 0, tail = 0;
    uint32_t *queue = malloc(n * sizeof *queue);
    assert_non_null(queue);
    for (size_t i = 0; i < n; i++)
        out[i] = FAR;
    out[(size_t)from.y * (size_t)w + (size_t)from.x] = 0;
    queue[tail++] = (uint32_t)((size_t)from.y * (size_t)w + (size_t)from.x);
    while (head < tail) {
        uint32_t c = queue[head++];
        int x = (int)(c % (uint32_t)w), y = (int)(c / (uint32_t)w);
        static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
        for (int d = 0; d < 4; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            size_t m = (size_t)ny * (size_t)w + (size_t)nx;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || !astar_grid_walkable(grid, nx, ny) ||
                out[m] != FAR)
                continue;
            out[m] = out[c] + 1;
            queue[tail++] = (uint32_t)m;
        }
    }
    free(queue);
}

static const uint16_t *steps_at(const lazy_marks *m, int x, int y)
{
    return m->steps + grid_padded_index(m->grid, x, y) * m->count;
}

static astar_point place_of(const lazy_marks *m, int i)
{
    size_t stride = (size_t)m->grid->stride;
    return (astar_point){ (int)(m->place[i] % stride) - 1, (int)(m->place[i] / stride) - 1 };
}

/* Every walkable cell's steps one apart from each walkable neighbour's,
 * or unknown with it. */
static void assert_agree(const lazy_marks *m)
{
    const astar_grid *g = m->grid;
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (!astar_grid_walkable(g, x, y))
                continue;
            for (int d = 0; d < 2; d++) {
                int nx = x + (d == 0), ny = y + (d == 1);
                if (nx >= w || ny >= h || !astar_grid_walkable(g, nx, ny))
                    continue;
                const uint16_t *a = steps_at(m, x, y), *b = steps_at(m, nx, ny);
                for (int i = 0; i < (int)m->count; i++) {
                    bool unknown = a[i] == MARK_UNKNOWN;
                    if (unknown != (b[i] == MARK_UNKNOWN) ||
                        (!unknown && a[i] + 1 != b[i] && b[i] + 1 != a[i]))
                        fail_msg("landmark %d: (%d,%d) %u beside (%d,%d) %u", i, x, y, a[i], nx,
                                 ny, b[i]);
                }
            }
        }
}

/* From `count` random walkable cells: the bound to every cell never above
 * the steps, with their Manhattan distance's parity where it is known. */
static void assert_bounds(rng *r, const lazy_marks *m, int count)
{
    const astar_grid *g = m->grid;
    int w = astar_grid_width(g), h = astar_grid_height(g);
    uint32_t *steps = malloc(astar_grid_cells(g) * sizeof *steps);
    assert_non_null(steps);
    for (int k = 0; k < count; k++) {
        astar_point a = random_cell(r, g);
        if (!astar_grid_walkable(g, a.x, a.y))
            continue;
        steps_from(g, a, steps);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t want = steps[(size_t)y * (size_t)w + (size_t)x];
                if (want == FAR)
                    continue;
                uint32_t bound = astar__marks_bound(m, grid_padded_index(g, a.x, a.y),
                                                    grid_padded_index(g, x, y));
                uint32_t manhattan = (uint32_t)(abs(x - a.x) + abs(y - a.y));
                if (bound > want || (bound > 0 && (bound - manhattan) % 2 != 0))
                    fail_msg("(%d,%d) to (%d,%d): bound %u, steps %u", a.x, a.y, x, y, bound,
                             want);
            }
    }
    free(steps);
}

static lazy_marks *marks_for(const astar_grid *grid, size_t count)
{
    astar_allocator memory;
    assert_int_equal(astar__allocator_keep(NULL, &memory), ASTAR_OK);
    lazy_marks *m;
    assert_int_equal(astar__marks_new(grid, count, &memory, &m), ASTAR_OK);
    return m;
}

static const grid_recipe recipes[] = {
    { 0, 0, 0, 1, 1 },
    { 20, 0, 0, 1, 1 },
    { 35, 0, 0, 1, 1 },
    { 25, 1, 3, 1, 9 },
};

/* Fresh: landmark i's steps are the search's from its place where it
 * reaches, unknown elsewhere; every landmark on one island. */
static void test_fresh(void **state)
{
    (void)state;
    rng r = { 81 };
    for (int round = 0; round < 24; round++) {
        astar_grid *grid = random_grid(&r, 4 + rng_below(&r, 50), 4 + rng_below(&r, 50),
                                       recipes[round % 4]);
        lazy_marks *m = marks_for(grid, 1 + (size_t)round % MARKS_MOST);
        int w = astar_grid_width(grid), h = astar_grid_height(grid);
        uint32_t *steps = malloc(astar_grid_cells(grid) * sizeof *steps);
        assert_non_null(steps);
        for (int i = 0; i < (int)m->count; i++) {
            astar_point at = place_of(m, i);
            if (!astar_grid_walkable(grid, at.x, at.y))
                fail_msg("round %d: landmark %d on a wall", round, i);
            steps_from(grid, at, steps);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    uint32_t want = steps[(size_t)y * (size_t)w + (size_t)x];
                    if (!astar_grid_walkable(grid, x, y))
                        continue;
                    assert_int_equal(steps_at(m, x, y)[i], want == FAR ? MARK_UNKNOWN : want);
                }
        }
        assert_agree(m);
        astar__marks_delete(m);
        free(steps);
        astar_grid_delete(grid);
    }
}

/* Random edits, followed a few at a time or many at once. */
static void test_edits(void **state)
{
    (void)state;
    rng r = { 82 };
    for (int round = 0; round < 24; round++) {
        astar_grid *grid = random_grid(&r, 8 + rng_below(&r, 40), 8 + rng_below(&r, 40),
                                       recipes[round % 4]);
        lazy_marks *m = marks_for(grid, round % 2 ? 5 : MARKS_MOST);
        uint64_t seen = astar_grid_edits(grid);
        for (int phase = 0; phase < 8; phase++) {
            int edits = phase == 5 ? 80 : 1 + rng_below(&r, 6);
            for (int e = 0; e < edits; e++) {
                astar_point p = random_cell(&r, grid);
                if (rng_below(&r, 3) == 0)
                    assert_int_equal(astar_grid_set_cost(grid, p.x, p.y, 1 + rng_below(&r, 4)),
                                     ASTAR_OK);
                else
                    assert_int_equal(astar_grid_set_walkable(grid, p.x, p.y,
                                                             !astar_grid_walkable(grid, p.x, p.y)),
                                     ASTAR_OK);
            }
            (void)astar__marks_catch_up(m, seen + 1, astar_grid_edits(grid));
            seen = astar_grid_edits(grid);
            assert_agree(m);
            assert_bounds(&r, m, 3);
        }
        astar__marks_delete(m);
        astar_grid_delete(grid);
    }
}

/* A pillar in open ground taken down: patched, not computed afresh, to the
 * steps a search gives it. A wall across the map with one gap at its end,
 * opened at its other end: a short cut, computed afresh. */
static void test_patch_and_rebuild(void **state)
{
    (void)state;
    astar_grid *grid;
    assert_int_equal(astar_grid_new(40, 30, &grid), ASTAR_OK);
    for (int x = 0; x < 39; x++)
        assert_int_equal(astar_grid_set_walkable(grid, x, 20, false), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(grid, 20, 8, false), ASTAR_OK);
    lazy_marks *m = marks_for(grid, MARKS_MOST);
    uint64_t seen = astar_grid_edits(grid);
    assert_int_equal(astar_grid_set_walkable(grid, 20, 8, true), ASTAR_OK);
    assert_false(astar__marks_catch_up(m, seen + 1, astar_grid_edits(grid)));
    seen = astar_grid_edits(grid);
    uint32_t *steps = malloc(astar_grid_cells(grid) * sizeof *steps);
    assert_non_null(steps);
    for (int i = 0; i < (int)m->count; i++) {
        steps_from(grid, place_of(m, i), steps);
        assert_int_equal(steps_at(m, 20, 8)[i], steps[8 * 40 + 20]);
    }
    assert_agree(m);
    assert_int_equal(astar_grid_set_walkable(grid, 0, 20, true), ASTAR_OK);
    assert_true(astar__marks_catch_up(m, seen + 1, astar_grid_edits(grid)));
    for (int i = 0; i < (int)m->count; i++) {
        steps_from(grid, place_of(m, i), steps);
        for (int y = 0; y < 30; y++)
            for (int x = 0; x < 40; x++)
                if (astar_grid_walkable(grid, x, y))
                    assert_int_equal(steps_at(m, x, y)[i], steps[y * 40 + x]);
    }
    free(steps);
    astar__marks_delete(m);
    astar_grid_delete(grid);
}

/* A snake of 400-cell rows, 171 of them: its ends over 68,000 steps apart,
 * past what 16 bits hold. The steps past the cap alternate between it and
 * one less: neighbours still agree, bounds are still below the steps. */
static void test_past_the_cap(void **state)
{
    (void)state;
    astar_grid *grid;
    int w = 400, h = 341;
    assert_int_equal(astar_grid_new(w, h, &grid), ASTAR_OK);
    for (int y = 1; y < h; y += 2)
        for (int x = 0; x < w; x++)
            if (x != (y % 4 == 1 ? w - 1 : 0))
                assert_int_equal(astar_grid_set_walkable(grid, x, y, false), ASTAR_OK);
    lazy_marks *m = marks_for(grid, MARKS_MOST);
    size_t capped = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int i = 0; i < (int)m->count && astar_grid_walkable(grid, x, y); i++)
                capped += steps_at(m, x, y)[i] >= MARK_CAP - 1 &&
                          steps_at(m, x, y)[i] != MARK_UNKNOWN;
    assert_true(capped > 1000);
    assert_agree(m);
    rng r = { 83 };
    assert_bounds(&r, m, 6);
    astar__marks_delete(m);
    astar_grid_delete(grid);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fresh),
        cmocka_unit_test(test_edits),
        cmocka_unit_test(test_patch_and_rebuild),
        cmocka_unit_test(test_past_the_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
