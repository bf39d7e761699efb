/* Every kind of search gives the results it gave when this test was
 * written: one FNV-1a hash per kind over a fixed set of searches on random
 * grids (statuses, costs, expansion counts, paths, jump points, what the
 * context reads back, the squares an observer saw, distance maps). The
 * pinned values were computed on main at f507ae3, before the searches were
 * moved onto one search loop; a refactoring that changes any result of
 * any search fails here, naming the kind. A change meant to change
 * results re-pins what it changed and says why below. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "astar.h"
#include "util/grids.h"
#include "util/options.h"
#include "util/random.h"

enum { SIDE = 40, CELLS = SIDE * SIDE, GRIDS = 800 };

static uint64_t mix(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 0x100000001b3u;
    }
    return h;
}

static uint64_t mix_point(uint64_t h, astar_point p)
{
    return mix(h, (uint64_t)(uint32_t)p.x << 32 | (uint32_t)p.y);
}

/* The squares an observer is shown, in order. */
static void observe(void *user, const astar_context *ctx, astar_point p)
{
    (void)ctx;
    uint64_t *h = user;
    *h = mix_point(*h, p);
}

/* Mostly a walkable cell, so that most searches run; sometimes any. */
static astar_point random_point(rng *r, const astar_grid *g)
{
    astar_point p = random_cell(r, g);
    for (int tries = rng_below(r, 8) ? 10 : 0; tries > 0 && !astar_grid_walkable(g, p.x, p.y); tries--)
        p = random_cell(r, g);
    return p;
}

/* A result and a sample of what the context says about the search. */
static uint64_t mix_result(uint64_t h, rng *r, const astar_context *ctx, const astar_grid *g,
                           astar_status s, const astar_route *p)
{
    h = mix(h, (uint64_t)s);
    h = mix(h, p->cost);
    h = mix(h, p->expanded);
    h = mix(h, p->length);
    h = mix(h, p->via_length);
    for (size_t k = 0; (s == ASTAR_OK) && p->points && k < p->length; k++)
        h = mix_point(h, p->points[k]);
    for (size_t k = 0; (s == ASTAR_OK) && p->via && k < p->via_length; k++)
        h = mix_point(h, p->via[k]);
    for (int k = 0; k < 24; k++) {
        astar_point c = random_cell(r, g);
        astar_node n = { .list = ASTAR_LIST_NONE };
        /* A search refused before it began leaves the context on the grid
         * it searched last, which may not be this one. */
        h = mix(h, (uint64_t)astar_context_node(ctx, g, c.x, c.y, &n));
        h = mix(h, (uint64_t)n.list);
        if (n.list != ASTAR_LIST_NONE) {
            h = mix(h, (uint64_t)n.f << 32 | n.g);
            h = mix(h, n.h);
            h = mix_point(h, n.parent);
        }
    }
    return h;
}

static int choose(void *r, int n)
{
    return rng_below(r, n);
}

static astar_options random_options(rng *r)
{
    return random_search_options(choose, r);
}

/* Random walls knocked down or put up, through the one edit funnel, so
 * that islands, dead ends and the jump table are rebuilt between searches. */
static void random_edits(rng *r, astar_grid *g)
{
    for (int k = rng_below(r, 4); k > 0; k--) {
        astar_point c = random_cell(r, g);
        assert_int_equal(astar_grid_set_walkable(g, c.x, c.y, rng_below(r, 2)), ASTAR_OK);
    }
}

enum kind { KIND_ASTAR, KIND_JPS, KIND_WORLD, KIND_NEAREST, KIND_DISTANCE_MAP, KINDS };

static const char *const kind_names[KINDS] = { "A*", "JPS and JPS+", "the game world",
                                               "nearest", "distance maps" };

typedef struct run {
    rng r;
    astar_context *ctx;
    astar_distance_map *map;
    astar_point points[CELLS], nodes[CELLS];
    uint64_t hash[KINDS];
} run;

/* A* with every option, islands and dead ends on some grids. */
static void astar_searches(run *t, astar_grid *g)
{
    rng *r = &t->r;
    for (int q = 0; q < 12; q++) {
        astar_options o = random_options(r);
        uint64_t seen = 0;
        if (rng_below(r, 3) == 0) {
            o.search.observer = observe;
            o.search.observer_user = &seen;
        }
        astar_route p = { .points = t->points, .capacity = rng_below(r, 8) ? CELLS : 3 };
        p.via = rng_below(r, 2) ? t->nodes : NULL;
        p.via_capacity = p.via ? CELLS : 0;
        astar_point a = random_point(r, g), b = random_point(r, g);
        astar_status s = astar_find_path(t->ctx, g, a, b, &o, &p);
        t->hash[KIND_ASTAR] = mix(mix_result(t->hash[KIND_ASTAR], r, t->ctx, g, s, &p), seen);
        if (rng_below(r, 4) == 0)
            random_edits(r, g);
    }
}

/* JPS and JPS+ on uniform grids, with either open list the buckets can
 * fall back from, and A* on the same query for its read-back. */
static void jps_searches(run *t, astar_grid *g)
{
    rng *r = &t->r;
    if (!astar_grid_uniform(g))
        return;
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    for (int q = 0; q < 12; q++) {
        astar_options o = random_options(r);
        o.moves = ASTAR_MOVES_8;
        o.algorithm = rng_below(r, 2) ? ASTAR_ALGORITHM_JPS : ASTAR_ALGORITHM_JPS_PLUS;
        uint64_t seen = 0;
        o.search.observer = observe;
        o.search.observer_user = &seen;
        astar_route p = { .points = t->points, .capacity = CELLS, .via = t->nodes,
                          .via_capacity = rng_below(r, 6) ? CELLS : 2 };
        astar_point a = random_point(r, g), b = random_point(r, g);
        astar_status s = astar_find_path(t->ctx, g, a, b, &o, &p);
        t->hash[KIND_JPS] = mix(mix_result(t->hash[KIND_JPS], r, t->ctx, g, s, &p), seen);
        if (rng_below(r, 4) == 0)
            random_edits(r, g);
    }
    astar_grid_disable_jump_table(g);
}

/* Layers, units and the turn penalty: the searches with extras. */
static void world_searches(run *t, astar_grid *g)
{
    rng *r = &t->r;
    int w = astar_grid_width(g), h = astar_grid_height(g);
    astar_layer *layer = NULL;
    astar_units *units = NULL;
    assert_int_equal(astar_layer_new(w, h, &layer), ASTAR_OK);
    assert_int_equal(astar_units_new(w, h, 8, &units), ASTAR_OK);
    for (int k = 0; k < 6; k++) {
        astar_point c = random_point(r, g);
        int radius = rng_below(r, 6), delta = 1 + rng_below(r, 40);
        assert_int_equal(astar_layer_add_disc(layer, c.x, c.y, radius, delta), ASTAR_OK);
    }
    uint32_t ids[8];
    for (int k = 0; k < 8; k++) {
        astar_point c = random_point(r, g);
        assert_int_equal(astar_units_add(units, c.x, c.y, &ids[k]), ASTAR_OK);
        if (k % 2) {
            astar_point way[3] = { c };
            way[1] = random_point(r, g);
            way[2] = random_point(r, g);
            assert_int_equal(astar_units_set_path(units, ids[k], way, 3), ASTAR_OK);
        }
    }
    astar_layer_use use = { .layer = layer, .weight = 0.5 * (1 + rng_below(r, 4)) };
    for (int q = 0; q < 12; q++) {
        astar_options o = random_options(r);
        if (rng_below(r, 2)) {
            o.world.layers = &use;
            o.world.layer_count = 1;
        }
        if (rng_below(r, 2)) {
            o.world.units = units;
            o.world.unit = ids[rng_below(r, 8)];
            o.world.unit_radius = rng_below(r, 10);
            o.world.unit_penalty = (uint32_t)rng_below(r, 20);
        }
        if (rng_below(r, 2))
            o.world.turn_penalty = (uint32_t)rng_below(r, 30);
        astar_route p = { .points = t->points, .capacity = CELLS };
        astar_point a = random_point(r, g), b = random_point(r, g);
        astar_status s = astar_find_path(t->ctx, g, a, b, &o, &p);
        t->hash[KIND_WORLD] = mix_result(t->hash[KIND_WORLD], r, t->ctx, g, s, &p);
    }
    astar_units_delete(units);
    astar_layer_delete(layer);
}

/* Dijkstra: the nearest of a few targets, and distance maps with their
 * flow fields read at every cell. */
static void dijkstra_searches(run *t, astar_grid *g)
{
    rng *r = &t->r;
    astar_point targets[6];
    for (int q = 0; q < 6; q++) {
        astar_options o = backward_search_options(random_options(r));
        size_t count = (size_t)rng_below(r, 7), which = 99;
        for (size_t k = 0; k < count; k++)
            targets[k] = random_point(r, g);
        astar_route p = { .points = t->points, .capacity = rng_below(r, 8) ? CELLS : 2,
                          .via = t->nodes, .via_capacity = CELLS };
        astar_status s =
            astar_find_nearest(t->ctx, g, random_point(r, g), targets, count, &o, &p, &which);
        t->hash[KIND_NEAREST] = mix(mix_result(t->hash[KIND_NEAREST], r, t->ctx, g, s, &p), which);
    }
    astar_options o = backward_search_options(random_options(r));
    size_t count = (size_t)rng_below(r, 7);
    for (size_t k = 0; k < count; k++)
        targets[k] = random_point(r, g);
    uint64_t *h = &t->hash[KIND_DISTANCE_MAP];
    *h = mix(*h, (uint64_t)astar_distance_map_build(t->map, t->ctx, g, targets, count, &o));
    for (int y = 0; y < astar_grid_height(g); y++)
        for (int x = 0; x < astar_grid_width(g); x++) {
            astar_point next;
            *h = mix(*h, astar_distance_map_cost(t->map, x, y));
            *h = mix(*h, astar_distance_map_source(t->map, x, y));
            *h = mix(*h, (uint64_t)astar_distance_map_next(t->map, x, y, &next));
            *h = mix_point(*h, next);
        }
}

static void test_results_unchanged(void **state)
{
    (void)state;
    static run t;
    t.r = (rng){ 20261124 };
    for (int k = 0; k < KINDS; k++)
        t.hash[k] = 0xcbf29ce484222325u;
    assert_int_equal(astar_context_new(CELLS, &t.ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(CELLS, &t.map), ASTAR_OK);
    for (int i = 0; i < GRIDS; i++) {
        rng *r = &t.r;
        /* Small grids for the odd shapes, large ones so that the buckets
         * (which need 64 cells) see real open lists. */
        int w = i % 4 ? 1 + rng_below(r, 12) : 8 + rng_below(r, SIDE - 7);
        int h = i % 4 ? 1 + rng_below(r, 12) : 8 + rng_below(r, SIDE - 7);
        bool terrain = rng_below(r, 3) == 0;
        int density = rng_below(r, 45);
        astar_grid *g = random_grid(r, w, h, (grid_recipe){ density, 1, terrain ? 4 : 0, 1, 9 });
        if (rng_below(r, 3) == 0)
            assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
        if (rng_below(r, 3) == 0)
            assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
        astar_searches(&t, g);
        jps_searches(&t, g);
        world_searches(&t, g);
        dijkstra_searches(&t, g);
        astar_grid_delete(g);
    }
    astar_distance_map_delete(t.map);
    astar_context_delete(t.ctx);

    /* Re-pinned when JPS's runs were bounded by the target's G (issue
     * 15): JPS and JPS+ push fewer jump points, so their expansions and
     * read-backs differ (costs are checked optimal on every benchmark
     * problem); the game world's hash moved only because a search it
     * refuses reads back the context of the JPS search before it - its
     * statuses, costs and expansions were checked unchanged.
     * Re-pinned when JPS and JPS+ began to step on cluttered grids
     * (astar_jumps): many of these random grids are, and there both
     * expand and read back squares, not jump points; the game world's
     * hash moved for the same read-back as before. With jumps forced to
     * SCAN in jps_searches, every hash came out as pinned before.
     * Re-pinned when a goal another unit blocks got a status of its own
     * (ASTAR_GOAL_OCCUPIED, where it shared ASTAR_GOAL_BLOCKED with
     * walls): only the game world's hash moved, and with that status
     * hashed as ASTAR_GOAL_BLOCKED it came out as pinned before. */
    static const uint64_t pinned[KINDS] = {
        0x36e063cf59676d05u, 0x858accdf70cadeaau, 0x3c6f5cccc90044e1u,
        0x5a4545fbcbf17176u, 0x527f799799796497u,
    };
    int changed = 0;
    for (int k = 0; k < KINDS; k++)
        if (t.hash[k] != pinned[k]) {
            print_error("%s: results hash 0x%016llxu, pinned 0x%016llxu\n", kind_names[k],
                        (unsigned long long)t.hash[k], (unsigned long long)pinned[k]);
            changed++;
        }
    assert_int_equal(changed, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_results_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
