/*
 * test_layers.c - cost layers (the article's note 2, influence maps). A
 * search with layers finds what the reference solver finds on a grid whose
 * terrain is terrain + the layers' weighted sum, on many random grids;
 * weight 0 is exactly no layer; two layers add up to their sum; decay ages
 * by the documented rule; values saturate; discs cover exactly the cells
 * within the radius; bad layers and options are refused; a cost past
 * ASTAR_MAX_COST leaves the step out; astar_path_check sums the same costs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

enum { MAX_SIDE = 14, MAX_CELLS = MAX_SIDE * MAX_SIDE };

static astar_context *new_context(size_t cells)
{
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(cells, &ctx), ASTAR_OK);
    return ctx;
}

static astar_grid *layered_grid(rng *r, int w, int h)
{
    int density = rng_below(r, 40);
    return random_grid(r, w, h, (grid_recipe){ density, 0, 1, 1, 5 });
}

static astar_layer *random_layer(rng *r, int w, int h, int max_value)
{
    astar_layer *l = NULL;
    assert_int_equal(astar_layer_new(w, h, &l), ASTAR_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (rng_below(r, 2))
                assert_int_equal(astar_layer_set(l, x, y, rng_below(r, max_value + 1)), ASTAR_OK);
    return l;
}

/* The documented rule, written out independently: terrain plus the sum of
 * round(weight * 1024) * value, divided by 1024 and rounded down once. */
static uint64_t factor_of(const astar_grid *g, const astar_layer_use *uses, size_t n, int x, int y)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (uint64_t)llround(uses[i].weight * 1024.0) * (uint64_t)astar_layer_get(uses[i].layer, x, y);
    return (uint64_t)astar_grid_cost(g, x, y) + sum / 1024;
}

/* A copy of g whose terrain is what the layers make of it. */
static astar_grid *merged_grid(const astar_grid *g, const astar_layer_use *uses, size_t n)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    astar_grid *m = NULL;
    assert_int_equal(astar_grid_new(w, h, &m), ASTAR_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (!astar_grid_walkable(g, x, y)) {
                astar_grid_set_walkable(m, x, y, false);
                continue;
            }
            uint64_t f = factor_of(g, uses, n, x, y);
            assert_true(f <= ASTAR_MAX_TERRAIN);
            assert_int_equal(astar_grid_set_cost(m, x, y, (int)f), ASTAR_OK);
        }
    return m;
}

/* On random grids with 1 to 3 layers and weights in quarters (so the
 * rounding rule matters), every search costs what the reference solver
 * finds on the merged grid, its path is legal there and costs that much,
 * and astar_path_check with the layers sums the same cost. */
static void test_layers_match_reference(void **state)
{
    (void)state;
    rng r = { 4242 };
    astar_context *ctx = new_context(MAX_CELLS);
    astar_point points[MAX_CELLS];
    uint64_t dist[MAX_CELLS];
    int searches = 0, changed = 0;
    for (int round = 0; round < 300; round++) {
        int w = 1 + rng_below(&r, MAX_SIDE), h = 1 + rng_below(&r, MAX_SIDE);
        astar_grid *g = layered_grid(&r, w, h);
        size_t n = 1 + (size_t)rng_below(&r, 3);
        astar_layer_use uses[3];
        for (size_t i = 0; i < n; i++)
            uses[i] = (astar_layer_use){ random_layer(&r, w, h, 20), rng_below(&r, 13) / 4.0 };
        astar_grid *m = merged_grid(g, uses, n);
        for (int q = 0; q < 6; q++) {
            astar_point a = { rng_below(&r, w), rng_below(&r, h) };
            astar_point b = { rng_below(&r, w), rng_below(&r, h) };
            if (!astar_grid_walkable(g, a.x, a.y) || !astar_grid_walkable(g, b.x, b.y))
                continue;
            astar_options o = astar_options_default();
            o.moves = (astar_moves)rng_below(&r, 3);
            o.costs = (astar_costs)rng_below(&r, 2);
            o.heuristic = o.moves == ASTAR_MOVES_4 ? ASTAR_HEURISTIC_MANHATTAN : ASTAR_HEURISTIC_OCTILE;
            o.search.open_list = (astar_open_list)rng_below(&r, ASTAR_OPEN_LIST_BUCKETS + 1);
            o.world.layers = uses;
            o.world.layer_count = n;
            assert_true(astar_options_optimal(&o));
            astar_route p = { .points = points, .capacity = MAX_CELLS };
            astar_status s = astar_find_path(ctx, g, a, b, &o, &p);
            ref_least_costs(m, o.moves, o.costs, a, dist);
            uint64_t want = dist[b.y * w + b.x];
            searches++;
            if (want == REF_UNREACHABLE) {
                assert_int_equal(s, ASTAR_NO_PATH);
                continue;
            }
            assert_int_equal(s, ASTAR_OK);
            if (p.cost != want)
                fail_msg("round %d: (%d,%d)->(%d,%d) cost %u, reference %llu", round, a.x, a.y,
                         b.x, b.y, p.cost, (unsigned long long)want);
            uint64_t walked;
            char why[128];
            assert_true(ref_path_valid(m, o.moves, o.costs, a, b, points, p.length, &walked, why,
                                       sizeof why));
            assert_int_equal(walked, p.cost);
            astar_path_measure measure;
            assert_int_equal(astar_path_check(g, &o, a, b, points, p.length, &measure, NULL), ASTAR_OK);
            assert_int_equal(measure.cost, p.cost);
            /* The same search on the grid alone differs where the layers add. */
            astar_options plain = o;
            plain.world.layer_count = 0;
            astar_route p0 = { 0 };
            assert_int_equal(astar_find_path(ctx, g, a, b, &plain, &p0), ASTAR_OK);
            assert_true(p0.cost <= p.cost);
            changed += p0.cost < p.cost;
        }
        for (size_t i = 0; i < n; i++)
            astar_layer_delete((astar_layer *)uses[i].layer);
        astar_grid_delete(g);
        astar_grid_delete(m);
    }
    assert_true(searches > 1000);
    assert_true(changed > searches / 4);
    astar_context_delete(ctx);
}

/* Searches from a to b under x and under y, which must answer alike: the
 * same status, cost, number of expanded squares and path. */
static void assert_same_search(astar_context *ctx, const astar_grid *g, astar_point a,
                               astar_point b, const astar_options *x, const astar_options *y)
{
    astar_point pts_x[MAX_CELLS], pts_y[MAX_CELLS];
    astar_route px = { .points = pts_x, .capacity = MAX_CELLS };
    astar_route py = { .points = pts_y, .capacity = MAX_CELLS };
    astar_status sx = astar_find_path(ctx, g, a, b, x, &px);
    astar_status sy = astar_find_path(ctx, g, a, b, y, &py);
    assert_int_equal(sx, sy);
    assert_int_equal(px.cost, py.cost);
    assert_int_equal(px.expanded, py.expanded);
    assert_int_equal(px.length, py.length);
    if (sx == ASTAR_OK)
        assert_memory_equal(pts_x, pts_y, px.length * sizeof *pts_x);
}

/* A layer of weight 0 is no layer at all: same status, cost, path and
 * number of expanded squares, whatever its values. */
static void test_weight_zero_is_no_layer(void **state)
{
    (void)state;
    rng r = { 77 };
    astar_context *ctx = new_context(MAX_CELLS);
    for (int round = 0; round < 200; round++) {
        int w = 1 + rng_below(&r, MAX_SIDE), h = 1 + rng_below(&r, MAX_SIDE);
        astar_grid *g = layered_grid(&r, w, h);
        astar_layer *l = random_layer(&r, w, h, ASTAR_MAX_LAYER_VALUE);
        astar_layer_use use = { l, 0.0 };
        astar_point a = { rng_below(&r, w), rng_below(&r, h) };
        astar_point b = { rng_below(&r, w), rng_below(&r, h) };
        astar_options o = astar_options_default();
        o.search.ties = (astar_ties)rng_below(&r, 3);
        astar_options weightless = o;
        weightless.world.layers = &use;
        weightless.world.layer_count = 1;
        assert_same_search(ctx, g, a, b, &o, &weightless);
        astar_layer_delete(l);
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
}

/* Layers A (weight wa) and B (weight wb) cost what one layer holding
 * wa * A + wb * B with weight 1 costs, path for path. */
static void test_two_layers_add(void **state)
{
    (void)state;
    rng r = { 31337 };
    astar_context *ctx = new_context(MAX_CELLS);
    for (int round = 0; round < 200; round++) {
        int w = 2 + rng_below(&r, MAX_SIDE - 1), h = 2 + rng_below(&r, MAX_SIDE - 1);
        astar_grid *g = layered_grid(&r, w, h);
        astar_layer *la = random_layer(&r, w, h, 1000), *lb = random_layer(&r, w, h, 1000);
        astar_layer *sum = NULL;
        assert_int_equal(astar_layer_new(w, h, &sum), ASTAR_OK);
        int wa = rng_below(&r, 5), wb = rng_below(&r, 5);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                astar_layer_set(sum, x, y, wa * astar_layer_get(la, x, y) + wb * astar_layer_get(lb, x, y));
        astar_layer_use two[2] = { { la, wa }, { lb, wb } }, one = { sum, 1.0 };
        astar_point a = { rng_below(&r, w), rng_below(&r, h) };
        astar_point b = { rng_below(&r, w), rng_below(&r, h) };
        astar_options by_two = astar_options_default();
        by_two.heuristic = ASTAR_HEURISTIC_OCTILE;
        astar_options by_one = by_two;
        by_two.world.layers = two;
        by_two.world.layer_count = 2;
        by_one.world.layers = &one;
        by_one.world.layer_count = 1;
        assert_same_search(ctx, g, a, b, &by_two, &by_one);
        astar_layer_delete(la);
        astar_layer_delete(lb);
        astar_layer_delete(sum);
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
}

/* Every value 0..65535 once, aged with several keeps: each becomes
 * floor(v * round(keep * 65536) / 65536), exactly. */
static void test_decay_rule(void **state)
{
    (void)state;
    static const double keeps[] = { 0.0, 0.25, 0.5, 0.9, 0.999, 1.0 - 1.0 / 131072 - 1e-9,
                                     1.0 - 1.0 / 131072, 1.0 };
    astar_layer *l = NULL;
    assert_int_equal(astar_layer_new(256, 256, &l), ASTAR_OK);
    for (size_t k = 0; k < sizeof keeps / sizeof keeps[0]; k++) {
        for (int v = 0; v <= ASTAR_MAX_LAYER_VALUE; v++)
            assert_int_equal(astar_layer_set(l, v % 256, v / 256, v), ASTAR_OK);
        assert_int_equal(astar_layer_decay(l, keeps[k]), ASTAR_OK);
        uint64_t fixed = (uint64_t)llround(keeps[k] * 65536.0);
        for (int v = 0; v <= ASTAR_MAX_LAYER_VALUE; v++) {
            uint64_t want = (uint64_t)v * fixed / 65536;
            if ((uint64_t)astar_layer_get(l, v % 256, v / 256) != want)
                fail_msg("keep %.9f: %d became %d, expected %llu", keeps[k], v,
                         astar_layer_get(l, v % 256, v / 256), (unsigned long long)want);
        }
    }
    /* The edge of "lowers every non-zero value": just below, 65535 drops
     * by one; at 1 - 1/131072 it rounds to 1 and nothing changes. */
    assert_int_equal(astar_layer_set(l, 0, 0, 65535), ASTAR_OK);
    assert_int_equal(astar_layer_decay(l, 1.0 - 1.0 / 131072 - 1e-9), ASTAR_OK);
    assert_int_equal(astar_layer_get(l, 0, 0), 65534);
    assert_int_equal(astar_layer_decay(l, 1.0 - 1.0 / 131072), ASTAR_OK);
    assert_int_equal(astar_layer_get(l, 0, 0), 65534);
    /* Repeated decay reaches 0, every step lowering the value. */
    assert_int_equal(astar_layer_set(l, 0, 0, 65535), ASTAR_OK);
    int steps = 0;
    for (int last = 65535; last > 0; steps++) {
        assert_int_equal(astar_layer_decay(l, 0.95), ASTAR_OK);
        assert_true(astar_layer_get(l, 0, 0) < last);
        last = astar_layer_get(l, 0, 0);
    }
    assert_true(steps < 400);
    assert_int_equal(astar_layer_decay(l, -0.01), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_decay(l, 1.01), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_decay(l, NAN), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_decay(NULL, 0.5), ASTAR_INVALID_ARGUMENT);
    astar_layer_delete(l);
}

/* Values stop at 0 and ASTAR_MAX_LAYER_VALUE, whatever is added. */
static void test_saturation(void **state)
{
    (void)state;
    astar_layer *l = NULL;
    assert_int_equal(astar_layer_new(3, 2, &l), ASTAR_OK);
    assert_int_equal(astar_layer_add(l, 1, 1, 65000), ASTAR_OK);
    assert_int_equal(astar_layer_add(l, 1, 1, 1000), ASTAR_OK);
    assert_int_equal(astar_layer_get(l, 1, 1), ASTAR_MAX_LAYER_VALUE);
    assert_int_equal(astar_layer_add(l, 1, 1, INT_MAX), ASTAR_OK);
    assert_int_equal(astar_layer_get(l, 1, 1), ASTAR_MAX_LAYER_VALUE);
    assert_int_equal(astar_layer_add(l, 1, 1, -70000), ASTAR_OK);
    assert_int_equal(astar_layer_get(l, 1, 1), 0);
    assert_int_equal(astar_layer_add(l, 1, 1, 5), ASTAR_OK);
    assert_int_equal(astar_layer_add(l, 1, 1, INT_MIN), ASTAR_OK);
    assert_int_equal(astar_layer_get(l, 1, 1), 0);
    assert_int_equal(astar_layer_add_disc(l, 1, 1, 5, INT_MAX), ASTAR_OK);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 3; x++)
            assert_int_equal(astar_layer_get(l, x, y), ASTAR_MAX_LAYER_VALUE);
    assert_int_equal(astar_layer_clear(l), ASTAR_OK);
    assert_int_equal(astar_layer_get(l, 2, 1), 0);
    /* Out of range, outside the layer, NULL. */
    assert_int_equal(astar_layer_set(l, 0, 0, ASTAR_MAX_LAYER_VALUE + 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_set(l, 0, 0, -1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_set(l, 3, 0, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_add(l, 0, -1, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_add(NULL, 0, 0, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_add_disc(l, 0, 0, -1, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_add_disc(NULL, 0, 0, 1, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_clear(NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_get(l, -1, 0), 0);
    assert_int_equal(astar_layer_get(NULL, 0, 0), 0);
    astar_layer_delete(l);
    astar_layer_delete(NULL);
}

/* A disc changes exactly the cells with dx^2 + dy^2 <= r^2 that lie in
 * the layer, for centres inside, near and far outside it. */
static void test_disc_cells(void **state)
{
    (void)state;
    rng r = { 9 };
    enum { W = 23, H = 17 };
    astar_layer *l = NULL;
    assert_int_equal(astar_layer_new(W, H, &l), ASTAR_OK);
    for (int round = 0; round < 300; round++) {
        astar_layer_clear(l);
        int cx = rng_below(&r, W + 20) - 10, cy = rng_below(&r, H + 20) - 10;
        if (round % 50 == 0)
            cx = INT_MAX - round; /* far outside: nothing changes */
        int radius = rng_below(&r, 12), delta = 1 + rng_below(&r, 9);
        assert_int_equal(astar_layer_add_disc(l, cx, cy, radius, delta), ASTAR_OK);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int64_t dx = (int64_t)x - cx, dy = (int64_t)y - cy;
                bool in = dx * dx + dy * dy <= (int64_t)radius * radius;
                assert_int_equal(astar_layer_get(l, x, y), in ? delta : 0);
            }
    }
    astar_layer_delete(l);
}

/* Layers that do not fit, too many, NULL, bad weights: refused before any
 * search; JPS does not take layers; optimality is unchanged. */
static void test_bad_arguments(void **state)
{
    (void)state;
    astar_layer *l = NULL, *other = NULL;
    astar_grid *g = NULL;
    assert_int_equal(astar_layer_new(8, 6, &l), ASTAR_OK);
    assert_int_equal(astar_layer_new(6, 8, &other), ASTAR_OK);
    astar_layer *out = l; /* a failure must reset it to NULL */
    assert_int_equal(astar_layer_new(0, 5, &out), ASTAR_INVALID_ARGUMENT);
    assert_null(out);
    assert_int_equal(astar_layer_new(5, ASTAR_MAX_SIDE + 1, &out), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_layer_new(5, 5, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_new(8, 6, &g), ASTAR_OK);
    astar_context *ctx = new_context(64);
    astar_route p = { 0 };
    astar_point a = { 0, 0 }, b = { 7, 5 };
    astar_layer_use uses[ASTAR_MAX_LAYERS + 1];
    for (size_t i = 0; i <= ASTAR_MAX_LAYERS; i++)
        uses[i] = (astar_layer_use){ l, 1.0 };
    astar_options o = astar_options_default();
    o.world.layers = uses;
    o.world.layer_count = ASTAR_MAX_LAYERS;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_OK);
    o.world.layer_count = ASTAR_MAX_LAYERS + 1;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_INVALID_ARGUMENT);
    o.world.layer_count = 1;
    o.world.layers = NULL;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_INVALID_ARGUMENT);
    o.world.layers = uses;
    static const double bad_weights[] = { -0.5, ASTAR_MAX_LAYER_WEIGHT + 1, NAN, INFINITY };
    for (size_t i = 0; i < sizeof bad_weights / sizeof bad_weights[0]; i++) {
        uses[0].weight = bad_weights[i];
        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_INVALID_ARGUMENT);
        assert_false(astar_options_optimal(&o));
    }
    uses[0] = (astar_layer_use){ NULL, 1.0 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_INVALID_ARGUMENT);
    /* Another size: refused, even with weight 0. */
    uses[0] = (astar_layer_use){ other, 0.0 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_INVALID_ARGUMENT);
    astar_point line[2] = { a, { 1, 1 } };
    assert_int_equal(astar_path_check(g, &o, a, line[1], line, 2, NULL, NULL), ASTAR_INVALID_ARGUMENT);
    uses[0] = (astar_layer_use){ l, ASTAR_MAX_LAYER_WEIGHT };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_OK);
    /* Layers change costs, not the guarantee. */
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    assert_true(astar_options_optimal(&o));
    /* JPS and JPS+ cannot take them. */
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    for (int algorithm = ASTAR_ALGORITHM_JPS; algorithm <= ASTAR_ALGORITHM_JPS_PLUS; algorithm++) {
        o.algorithm = (astar_algorithm)algorithm;
        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_UNSUPPORTED);
    }
    astar_context_delete(ctx);
    astar_grid_delete(g);
    astar_layer_delete(l);
    astar_layer_delete(other);
}

/* Layer costs count toward ASTAR_MAX_COST like terrain: a corridor whose
 * every way through costs more is left out (ASTAR_COST_OVERFLOW, never a
 * wrapped cost); with a cheap way round it, that way is taken. */
static void test_cost_limit(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "..........",
        "#########.",
        "..........",
    };
    astar_grid *g = ref_grid_from_rows(rows, 3);
    assert_non_null(g);
    astar_layer *l = NULL;
    assert_int_equal(astar_layer_new(10, 3, &l), ASTAR_OK);
    astar_layer_set(l, 9, 1, ASTAR_MAX_LAYER_VALUE);
    astar_layer_use uses[ASTAR_MAX_LAYERS];
    for (size_t i = 0; i < ASTAR_MAX_LAYERS; i++)
        uses[i] = (astar_layer_use){ l, ASTAR_MAX_LAYER_WEIGHT };
    astar_options o = astar_options_default();
    o.world.layers = uses;
    o.world.layer_count = ASTAR_MAX_LAYERS;
    astar_context *ctx = new_context(30);
    astar_route p = { 0 };
    /* 10 * (1 + 16 * 65535 * 1024) is past 2^32. */
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 0, 0 }, (astar_point){ 0, 2 }, &o, &p),
                     ASTAR_COST_OVERFLOW);
    /* With one layer of weight 1 it fits: the step costs 10 * 65536. */
    o.world.layer_count = 1;
    uses[0].weight = 1.0;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 0, 0 }, (astar_point){ 0, 2 }, &o, &p),
                     ASTAR_OK);
    /* Along the top, down through the gap, back along the bottom. */
    assert_int_equal(p.cost, 9 * 10 + 10 * (1 + 65535u) + 10 + 9 * 10);
    astar_context_delete(ctx);
    astar_layer_delete(l);
    astar_grid_delete(g);
}

/* The article's picture: carnage in a pass. Without the influence map the
 * path goes straight through it; with it, the path goes round, longer but
 * not through a single cell of the disc. */
static void test_path_avoids_carnage(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(30, 20, &g), ASTAR_OK);
    astar_layer *l = NULL;
    assert_int_equal(astar_layer_new(30, 20, &l), ASTAR_OK);
    assert_int_equal(astar_layer_add_disc(l, 15, 10, 3, 50), ASTAR_OK);
    astar_context *ctx = new_context(600);
    astar_point pts[600];
    astar_route p = { .points = pts, .capacity = 600 };
    astar_point a = { 2, 10 }, b = { 27, 10 };
    astar_options o = astar_options_default();
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_OK);
    int inside = 0;
    for (size_t i = 0; i < p.length; i++)
        inside += astar_layer_get(l, pts[i].x, pts[i].y) > 0;
    assert_int_equal(inside, 7);
    uint32_t plain = p.cost;
    astar_layer_use use = { l, 1.0 };
    o.world.layers = &use;
    o.world.layer_count = 1;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_OK);
    for (size_t i = 0; i < p.length; i++)
        assert_int_equal(astar_layer_get(l, pts[i].x, pts[i].y), 0);
    assert_true(p.cost > plain);
    astar_context_delete(ctx);
    astar_layer_delete(l);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layers_match_reference),
        cmocka_unit_test(test_weight_zero_is_no_layer),
        cmocka_unit_test(test_two_layers_add),
        cmocka_unit_test(test_decay_rule),
        cmocka_unit_test(test_saturation),
        cmocka_unit_test(test_disc_cells),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_cost_limit),
        cmocka_unit_test(test_path_avoids_carnage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
