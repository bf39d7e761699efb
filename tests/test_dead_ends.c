/*
 * test_dead_ends.c - dead-end areas against brute-force oracles, and
 * searches that leave them out against searches that do not.
 *
 *   - labels: on random grids, every area is exactly one part of its
 *     island once its door is removed, every door's parts are areas but for
 *     the one that holds the island's area-free cells, and edits keep the
 *     labels equal to a fresh build;
 *   - the move rules: with 4 and 8 moves the door cuts an area off under
 *     the rule's own moves (the reference solver's); with 8 moves that may
 *     cut corners it need not, and a dear door shows why such searches use
 *     dead ends on uniform terrain only;
 *   - what a search leaves out: exactly the cells on no simple path from
 *     start to goal (a Menger oracle: a cell is on one unless a single
 *     other cell cuts it off from both ends);
 *   - searches: the same status and cost as without dead ends under
 *     optimal options, the very same path with 4 or 8 moves and first- or
 *     last-added ties under any options, never more expansions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "grid/dead_ends.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

enum { MAX_SIDE = 20, MAX_CELLS = MAX_SIDE * MAX_SIDE };

static astar_grid *copy_grid(const astar_grid *g)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    astar_grid *c = NULL;
    assert_int_equal(astar_grid_new(w, h, &c), ASTAR_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int cost = astar_grid_cost(g, x, y);
            if (cost)
                astar_grid_set_cost(c, x, y, cost);
            else
                astar_grid_set_walkable(c, x, y, false);
        }
    return c;
}

/* ------------------------------------------------------------------------ */
/* Labels                                                                   */
/* ------------------------------------------------------------------------ */

/* Cells reached from `from` by straight steps over walkable cells other
 * than `removed` (-1: none) get mark; returns how many. */
static int flood4(const astar_grid *g, int from, int removed, int *label, int mark)
{
    int w = astar_grid_width(g), h = astar_grid_height(g), stack[MAX_CELLS], top = 0, n = 0;
    label[from] = mark;
    stack[top++] = from;
    while (top > 0) {
        int c = stack[--top];
        n++;
        static const int dx[4] = { 0, -1, 1, 0 }, dy[4] = { -1, 0, 0, 1 };
        for (int d = 0; d < 4; d++) {
            int x = c % w + dx[d], y = c / w + dy[d], nc = y * w + x;
            if (x < 0 || y < 0 || x >= w || y >= h || nc == removed ||
                !astar_grid_walkable(g, x, y) || label[nc] == mark)
                continue;
            label[nc] = mark;
            stack[top++] = nc;
        }
    }
    return n;
}

/* Whether cell c is in area id, following the outer areas of its own. */
static bool in_area(const astar_grid *g, int c, uint32_t id)
{
    int w = astar_grid_width(g);
    for (uint32_t a = astar_grid_dead_end(g, c % w, c / w); a != 0;) {
        if (a == id)
            return true;
        astar_dead_end d;
        assert_int_equal(astar_grid_dead_end_info(g, a, &d), ASTAR_OK);
        assert_true(d.outer < a); /* outer areas come first in preorder */
        a = d.outer;
    }
    return false;
}

/* The oracle. For every walkable v, the parts of its island without v:
 * each area whose door is v must be one of them, cell for cell; if there
 * are k >= 2 parts, k - 1 or k of them are areas, and the one that is not
 * holds every area-free cell of the island but v (if all are, v is the
 * island's only area-free cell); with fewer parts v is no door. */
static void assert_labels_sound(const astar_grid *g, const char *where)
{
    int w = astar_grid_width(g), h = astar_grid_height(g), n = w * h;
    uint32_t count = astar_grid_dead_end_count(g);
    int island[MAX_CELLS], part[MAX_CELLS];
    for (uint32_t id = 1; id <= count; id++) {
        astar_dead_end d;
        assert_int_equal(astar_grid_dead_end_info(g, id, &d), ASTAR_OK);
        assert_true(astar_grid_walkable(g, d.door.x, d.door.y));
        assert_false(in_area(g, d.door.y * w + d.door.x, id));
    }
    for (int v = 0; v < n; v++) {
        if (!astar_grid_walkable(g, v % w, v / w)) {
            assert_int_equal(astar_grid_dead_end(g, v % w, v / w), 0);
            continue;
        }
        for (int i = 0; i < n; i++)
            island[i] = part[i] = -1;
        flood4(g, v, -1, island, 1);
        int parts = 0, part_size[MAX_CELLS];
        for (int c = 0; c < n; c++)
            if (island[c] == 1 && c != v && part[c] < 0)
                part_size[parts] = flood4(g, c, v, part, parts), parts++;
        /* Which part each area with door v is. */
        bool is_area[MAX_CELLS] = { false };
        int areas = 0;
        for (uint32_t id = 1; id <= count; id++) {
            astar_dead_end d;
            astar_grid_dead_end_info(g, id, &d);
            if (d.door.y * w + d.door.x != v)
                continue;
            int p = -1, cells = 0;
            for (int c = 0; c < n; c++)
                if (in_area(g, c, id)) {
                    if (p < 0)
                        p = part[c];
                    if (part[c] != p || p < 0)
                        fail_msg("%s: area %u (door %d,%d) is not one part: cell (%d,%d)", where,
                                 id, v % w, v / w, c % w, c / w);
                    cells++;
                }
            assert_true(p >= 0);
            if (cells != part_size[p] || (uint32_t)cells != d.cells || is_area[p])
                fail_msg("%s: area %u (door %d,%d): %d cells, part of %d, says %u", where, id,
                         v % w, v / w, cells, part_size[p], d.cells);
            is_area[p] = true;
            areas++;
        }
        if (parts < 2 ? areas != 0 : areas < parts - 1)
            fail_msg("%s: cell (%d,%d): %d parts without it, %d areas", where, v % w, v / w,
                     parts, areas);
        if (parts >= 2 && areas == parts && astar_grid_dead_end(g, v % w, v / w) != 0)
            fail_msg("%s: (%d,%d), the door of all its parts, is in an area", where, v % w, v / w);
        for (int c = 0; c < n; c++) {
            if (island[c] != 1 || c == v || astar_grid_dead_end(g, c % w, c / w) != 0)
                continue;
            if (areas == parts || is_area[part[c]])
                fail_msg("%s: area-free (%d,%d) is on the dead-end side of (%d,%d)", where,
                         c % w, c / w, v % w, v / w);
        }
    }
}

/* A grid for these tests: blocked cells at a density, and sometimes terrain. */
static astar_grid *dead_end_grid(rng *r, int w, int h, int density, bool terrain)
{
    return random_grid(r, w, h, (grid_recipe){ density, 1, terrain ? 4 : 0, 1, 9 });
}

static void test_labels_match_oracle(void **state)
{
    (void)state;
    rng r = { 2024 };
    for (int i = 0; i < 300; i++) {
        int w = 1 + rng_below(&r, 12), h = 1 + rng_below(&r, 12);
        astar_grid *g = dead_end_grid(&r, w, h, rng_below(&r, 55), false);
        assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
        char where[32];
        snprintf(where, sizeof where, "grid %d", i);
        assert_labels_sound(g, where);
        astar_grid_delete(g);
    }
}

/* Every edit leaves the labels sound and equal to a fresh build's. */
static void test_edits_keep_labels(void **state)
{
    (void)state;
    rng r = { 77 };
    astar_grid *g = dead_end_grid(&r, 11, 9, 35, true);
    assert_int_equal(astar_grid_dead_end(g, 0, 0), 0); /* not enabled yet */
    assert_int_equal(astar_grid_dead_end_count(g), 0);
    assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
    assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
    for (int edit = 0; edit < 150; edit++) {
        int x = rng_below(&r, 11), y = rng_below(&r, 9);
        if (edit % 4 == 0)
            assert_int_equal(astar_grid_set_cost(g, x, y, 1 + rng_below(&r, 5)), ASTAR_OK);
        else
            assert_int_equal(astar_grid_set_walkable(g, x, y, !astar_grid_walkable(g, x, y)),
                             ASTAR_OK);
        astar_grid *fresh = copy_grid(g);
        assert_int_equal(astar_grid_enable_dead_ends(fresh), ASTAR_OK);
        assert_int_equal(astar_grid_dead_end_count(g), astar_grid_dead_end_count(fresh));
        for (int c = 0; c < 11 * 9; c++)
            assert_int_equal(astar_grid_dead_end(g, c % 11, c / 11),
                             astar_grid_dead_end(fresh, c % 11, c / 11));
        for (uint32_t id = 1; id <= astar_grid_dead_end_count(g); id++) {
            astar_dead_end a, b;
            assert_int_equal(astar_grid_dead_end_info(g, id, &a), ASTAR_OK);
            assert_int_equal(astar_grid_dead_end_info(fresh, id, &b), ASTAR_OK);
            assert_memory_equal(&a, &b, sizeof a);
        }
        if (edit % 10 == 0)
            assert_labels_sound(g, "after an edit");
        astar_grid_delete(fresh);
    }
    astar_dead_end d;
    uint32_t count = astar_grid_dead_end_count(g);
    assert_int_equal(astar_grid_dead_end_info(g, 0, &d), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_dead_end_info(g, count + 1, &d), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_dead_end_info(g, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_dead_end_info(NULL, 1, &d), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_dead_end(g, -1, 0), 0);
    assert_int_equal(astar_grid_dead_end(g, 0, 9), 0);
    assert_int_equal(astar_grid_dead_end(NULL, 0, 0), 0);
    assert_int_equal(astar_grid_dead_end_count(NULL), 0);
    astar_grid_disable_dead_ends(g);
    astar_grid_disable_dead_ends(g);
    astar_grid_disable_dead_ends(NULL);
    assert_int_equal(astar_grid_dead_end_count(g), 0);
    assert_int_equal(astar_grid_dead_end_info(g, 1, &d), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_enable_dead_ends(NULL), ASTAR_INVALID_ARGUMENT);
    astar_grid_delete(g);
}

/* ------------------------------------------------------------------------ */
/* Move rules                                                               */
/* ------------------------------------------------------------------------ */

/* With 4 and 8 moves, a door cuts its area off under the rule itself: with
 * the door blocked, the reference solver reaches no cell outside the area
 * from any cell inside. */
static void test_doors_cut_under_the_moves(void **state)
{
    (void)state;
    rng r = { 31 };
    uint64_t dist[MAX_CELLS];
    for (int i = 0; i < 60; i++) {
        int w = 2 + rng_below(&r, 10), h = 2 + rng_below(&r, 10);
        astar_grid *g = dead_end_grid(&r, w, h, 20 + rng_below(&r, 30), false);
        assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
        for (uint32_t id = 1; id <= astar_grid_dead_end_count(g); id++) {
            astar_dead_end d;
            astar_grid_dead_end_info(g, id, &d);
            astar_grid *cut = copy_grid(g);
            astar_grid_set_walkable(cut, d.door.x, d.door.y, false);
            int inside = -1;
            for (int c = 0; c < w * h && inside < 0; c++)
                if (in_area(g, c, id))
                    inside = c;
            for (int m = 0; m < 2; m++) {
                astar_moves moves = m ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
                ref_least_costs(cut, moves, ASTAR_COSTS_ARTICLE,
                                (astar_point){ inside % w, inside / w }, dist);
                for (int c = 0; c < w * h; c++)
                    if (dist[c] != REF_UNREACHABLE && !in_area(g, c, id))
                        fail_msg("grid %d, moves %d: (%d,%d) leaves area %u past its door", i,
                                 moves, inside % w, inside / w, id);
            }
            astar_grid_delete(cut);
        }
        astar_grid_delete(g);
    }
}

/* Cutting corners, a unit slips out of the dead end (1,0) to (0,1) and
 * (2,1) past its door (1,1) without entering it. On a dear door that is the
 * least-cost path, so such searches must not leave the dead end out; on
 * plain ground it never pays, and they may. */
static void test_corner_cutting_slips_past_doors(void **state)
{
    (void)state;
    const char *rows[] = { "#.###", ".9...", "###.." };
    astar_grid *g = ref_grid_from_rows(rows, 3);
    astar_context *ctx = NULL;
    assert_non_null(g);
    assert_int_equal(astar_context_new(15, &ctx), ASTAR_OK);
    assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
    uint32_t pocket = astar_grid_dead_end(g, 1, 0);
    astar_dead_end d;
    assert_int_equal(astar_grid_dead_end_info(g, pocket, &d), ASTAR_OK);
    assert_int_equal(d.door.x, 1);
    assert_int_equal(d.door.y, 1);
    assert_int_equal(astar_grid_dead_end(g, 4, 2), 0); /* the room is the rest */

    astar_options o = astar_options_default();
    o.moves = ASTAR_MOVES_8_CUT;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    astar_point a = { 0, 1 }, b = { 2, 1 }, cells[8];
    astar_route p = { .points = cells, .capacity = 8 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_OK);
    assert_int_equal(p.cost, 28); /* (0,1) (1,0) (2,1), not 90 + 10 through the door */
    assert_int_equal(p.length, 3);
    assert_int_equal(cells[1].x, 1);
    assert_int_equal(cells[1].y, 0);

    /* Plain ground: through the door, as without dead ends, and the dead
     * end is left out. */
    assert_int_equal(astar_grid_set_cost(g, 1, 1, 1), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_OK);
    assert_int_equal(p.cost, 20);
    astar_node node;
    assert_int_equal(astar_context_node(ctx, g, 1, 0, &node), ASTAR_OK);
    assert_int_equal(node.list, ASTAR_LIST_NONE);

    /* Plain ground, but a cost layer makes the door dear: the slip pays
     * again, so the dead end must not be left out. */
    astar_layer *layer = NULL;
    assert_int_equal(astar_layer_new(5, 3, &layer), ASTAR_OK);
    assert_int_equal(astar_layer_set(layer, 1, 1, 8), ASTAR_OK);
    astar_layer_use use = { .layer = layer, .weight = 1.0 };
    o.world.layers = &use;
    o.world.layer_count = 1;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_OK);
    assert_int_equal(p.cost, 28);
    astar_layer_delete(layer);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* ------------------------------------------------------------------------ */
/* What a search leaves out                                                 */
/* ------------------------------------------------------------------------ */

/* Whether cell x is on a simple 4-connected path from s to t (s != t, one
 * island): by Menger's theorem, unless some cell other than x cuts x off
 * from both. useful[x] for every cell. */
static void simple_path_cells(const astar_grid *g, int s, int t, bool *useful)
{
    int w = astar_grid_width(g), n = w * astar_grid_height(g), reach[MAX_CELLS];
    for (int x = 0; x < n; x++)
        useful[x] = astar_grid_walkable(g, x % w, x / w);
    for (int v = 0; v < n; v++) {
        if (!astar_grid_walkable(g, v % w, v / w))
            continue;
        for (int x = 0; x < n; x++)
            reach[x] = 0;
        if (v != s)
            flood4(g, s, v, reach, 1);
        if (v != t && reach[t] != 1)
            flood4(g, t, v, reach, 1);
        for (int x = 0; x < n; x++)
            if (x != v && reach[x] != 1)
                useful[x] = false;
    }
}

static void test_leaves_out_exactly_the_useless(void **state)
{
    (void)state;
    rng r = { 4242 };
    bool useful[MAX_CELLS];
    int island[MAX_CELLS], pairs = 0, left_out = 0;
    for (int i = 0; i < 150; i++) {
        int w = 2 + rng_below(&r, 11), h = 2 + rng_below(&r, 11), n = w * h;
        astar_grid *g = dead_end_grid(&r, w, h, 15 + rng_below(&r, 40), false);
        assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
        for (int q = 0; q < 12; q++) {
            int s = rng_below(&r, n), t = rng_below(&r, n);
            if (s == t || !astar_grid_walkable(g, s % w, s / w))
                continue;
            for (int x = 0; x < n; x++)
                island[x] = 0;
            flood4(g, s, -1, island, 1);
            if (island[t] != 1)
                continue;
            simple_path_cells(g, s, t, useful);
            dead_end_filter f;
            assert_true(astar__dead_end_filter_init(&f, g, (uint32_t)s, (uint32_t)t, ASTAR_MOVES_8, true));
            pairs++;
            for (int x = 0; x < n; x++) {
                if (island[x] != 1)
                    continue;
                bool skipped = dead_end_filter_skips(&f, (uint32_t)x);
                left_out += skipped;
                if (skipped == useful[x])
                    fail_msg("grid %d: (%d,%d) -> (%d,%d): (%d,%d) %s", i, s % w, s / w, t % w,
                             t / w, x % w, x / w,
                             useful[x] ? "is left out but on a simple path"
                                       : "is kept but on no simple path");
            }
        }
        astar_grid_delete(g);
    }
    print_message("%d start-goal pairs, %d cells left out\n", pairs, left_out);
    assert_true(pairs > 500 && left_out > 1000);
}

/* ------------------------------------------------------------------------ */
/* Searches                                                                 */
/* ------------------------------------------------------------------------ */

/* A corridor (5,4)-(5,6) points from the start's room at the goal and ends
 * blind; the way round is the right-hand column. */
static void test_corridor_left_out(void **state)
{
    (void)state;
    const char *rows[] = {
        "............", "............", "............", "............", "#####.#####.",
        "#####.#####.", "#####.#####.", "###########.", "............", "............",
    };
    astar_grid *g = ref_grid_from_rows(rows, 10);
    astar_context *ctx = NULL;
    assert_non_null(g);
    assert_int_equal(astar_context_new(120, &ctx), ASTAR_OK);
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    astar_point a = { 5, 1 }, b = { 5, 9 };
    astar_route without = { 0 }, with = { 0 };
    astar_node node;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &without), ASTAR_OK);
    assert_int_equal(astar_context_node(ctx, g, 5, 6, &node), ASTAR_OK);
    assert_int_equal(node.list, ASTAR_LIST_CLOSED);

    assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
    /* The corridor is three nested areas with doors (5,3), (5,4), (5,5);
     * the big room is the rest. */
    uint32_t outer = astar_grid_dead_end(g, 5, 4);
    astar_dead_end d;
    assert_int_equal(astar_grid_dead_end_info(g, outer, &d), ASTAR_OK);
    assert_int_equal(d.cells, 3);
    assert_int_equal(d.door.y, 3);
    assert_int_equal(astar_grid_dead_end_info(g, astar_grid_dead_end(g, 5, 6), &d), ASTAR_OK);
    assert_int_equal(d.cells, 1);
    assert_int_equal(d.door.y, 5);
    assert_int_equal(astar_grid_dead_end(g, 0, 0), 0);

    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &with), ASTAR_OK);
    assert_int_equal(with.cost, without.cost);
    assert_true(with.expanded < without.expanded);
    for (int y = 4; y <= 6; y++) {
        assert_int_equal(astar_context_node(ctx, g, 5, y, &node), ASTAR_OK);
        assert_int_equal(node.list, ASTAR_LIST_NONE);
    }
    /* JPS does not use them, and is unchanged. */
    o.algorithm = ASTAR_ALGORITHM_JPS;
    astar_route jps_with = { 0 }, jps_without = { 0 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &jps_with), ASTAR_OK);
    astar_grid_disable_dead_ends(g);
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &jps_without), ASTAR_OK);
    assert_int_equal(jps_with.expanded, jps_without.expanded);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

static astar_options random_options(rng *r, bool optimal)
{
    astar_options o = astar_options_default();
    o.costs = (astar_costs)rng_below(r, 2);
    o.search.ties = (astar_ties)rng_below(r, 3);
    if (optimal) {
        o.search.open_list = (astar_open_list)rng_below(r, ASTAR_OPEN_LIST_BUCKETS + 1);
        o.moves = (astar_moves)rng_below(r, 3);
        o.heuristic = rng_below(r, 2) ? ASTAR_HEURISTIC_OCTILE : ASTAR_HEURISTIC_ZERO;
    } else {
        o.moves = rng_below(r, 2) ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
        o.search.ties = rng_below(r, 2) ? ASTAR_TIES_FIRST : ASTAR_TIES_LAST;
        /* The lists that honour those ties, for the same path below. */
        o.search.open_list = (astar_open_list)rng_below(r, ASTAR_OPEN_LIST_BUCKETS);
        o.heuristic = (astar_heuristic)rng_below(r, 5);
        o.search.weight = rng_below(r, 3) == 0 ? 1.0 + rng_below(r, 40) / 8.0 : 1.0;
        o.search.stop = (astar_stop)rng_below(r, 2);
    }
    return o;
}

/* On random grids with terrain, edited between queries: the same answers
 * with dead ends as without, and never more squares expanded. */
static void test_same_answers(void **state)
{
    (void)state;
    rng r = { 8675309 };
    astar_context *ctx = NULL;
    astar_point cells_plain[MAX_CELLS], cells_marked[MAX_CELLS];
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    int fewer = 0, more = 0;
    for (int i = 0; i < 400; i++) {
        int w = 1 + rng_below(&r, MAX_SIDE), h = 1 + rng_below(&r, MAX_SIDE);
        astar_grid *plain = dead_end_grid(&r, w, h, rng_below(&r, 50), rng_below(&r, 2));
        astar_grid *marked = copy_grid(plain);
        assert_int_equal(astar_grid_enable_dead_ends(marked), ASTAR_OK);
        if (i % 3 == 0)
            assert_int_equal(astar_grid_enable_islands(marked), ASTAR_OK);
        for (int q = 0; q < 16; q++) {
            if (q % 4 == 3) {
                int x = rng_below(&r, w), y = rng_below(&r, h);
                bool open = !astar_grid_walkable(plain, x, y);
                astar_grid_set_walkable(plain, x, y, open);
                assert_int_equal(astar_grid_set_walkable(marked, x, y, open), ASTAR_OK);
            }
            astar_point a = { rng_below(&r, w), rng_below(&r, h) };
            astar_point b = { rng_below(&r, w), rng_below(&r, h) };
            bool optimal = q % 2 == 0;
            astar_options o = random_options(&r, optimal);
            astar_route p1 = { .points = cells_plain, .capacity = MAX_CELLS };
            astar_route p2 = { .points = cells_marked, .capacity = MAX_CELLS };
            astar_status s1 = astar_find_path(ctx, plain, a, b, &o, &p1);
            astar_status s2 = astar_find_path(ctx, marked, a, b, &o, &p2);
            /* With unique tie keys and 4 or 8 moves the squares kept are
             * expanded in the same order as without dead ends; larger-G
             * ties, the buckets' own order and corner cutting give no such
             * promise. */
            bool same_order = o.search.ties != ASTAR_TIES_DEEP && o.search.open_list != ASTAR_OPEN_LIST_BUCKETS &&
                              o.moves != ASTAR_MOVES_8_CUT;
            more += p2.expanded > p1.expanded;
            if (s1 != s2 || p1.cost != p2.cost || (same_order && p2.expanded > p1.expanded))
                fail_msg("grid %d query %d (%d,%d)->(%d,%d) moves %d ties %d: status %d/%d, cost %u/%u, "
                         "expanded %u/%u", i, q, a.x, a.y, b.x, b.y, o.moves, o.search.ties, s1, s2, p1.cost,
                         p2.cost, p1.expanded, p2.expanded);
            fewer += p2.expanded < p1.expanded;
            if (!optimal && s1 == ASTAR_OK) {
                /* Unique tie keys: the very same path, whatever the options. */
                assert_int_equal(p1.length, p2.length);
                assert_memory_equal(cells_plain, cells_marked, p1.length * sizeof *cells_plain);
            }
        }
        astar_grid_delete(plain);
        astar_grid_delete(marked);
    }
    print_message("%d of 6400 searches expanded fewer squares with dead ends, %d more\n", fewer, more);
    assert_true(fewer > 100); /* the dead ends did leave squares out */
    astar_context_delete(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_match_oracle),
        cmocka_unit_test(test_edits_keep_labels),
        cmocka_unit_test(test_doors_cut_under_the_moves),
        cmocka_unit_test(test_corner_cutting_slips_past_doors),
        cmocka_unit_test(test_leaves_out_exactly_the_useless),
        cmocka_unit_test(test_corridor_left_out),
        cmocka_unit_test(test_same_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
