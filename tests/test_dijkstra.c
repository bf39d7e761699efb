/*
 * test_dijkstra.c - the nearest of several targets and distance maps with
 * their flow fields, against the independent reference solver on random
 * grids with terrain, under every movement rule and both cost models; then
 * argument errors, cost overflow, islands, and contexts shared with A*.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

enum { MAX_SIDE = 14, MAX_CELLS = MAX_SIDE * MAX_SIDE, MAX_TARGETS = 6 };

/* A random w x h grid: some cells blocked, some with terrain 2..9. */
static astar_grid *dijkstra_grid(rng *r, int w, int h)
{
    int blocked = rng_below(r, 45), rough = rng_below(r, 2) ? rng_below(r, 50) : 0;
    return random_grid(r, w, h, (grid_recipe){ blocked, rough, 100, 2, 9 });
}

static astar_options options_for(int trial)
{
    astar_options o = astar_options_default();
    o.moves = (astar_moves)(trial % 3);
    o.costs = (astar_costs)(trial / 3 % 2);
    return o;
}

/* The reference's least cost from `from` to the nearest walkable target
 * (of those alive says, when it is given), and the lowest index achieving
 * it (count when none is reachable). */
static uint64_t ref_nearest_of(const astar_grid *g, const astar_options *o, astar_point from,
                               const astar_point *targets, const bool *alive, size_t count,
                               size_t *which)
{
    uint64_t dist[MAX_CELLS], best = REF_UNREACHABLE;
    int w = astar_grid_width(g);
    ref_least_costs(g, o->moves, o->costs, from, dist);
    *which = count;
    for (size_t i = 0; i < count; i++) {
        uint64_t d = dist[targets[i].y * w + targets[i].x];
        if (astar_grid_walkable(g, targets[i].x, targets[i].y) && (!alive || alive[i]) &&
            d < best) {
            best = d;
            *which = i;
        }
    }
    return best;
}

static uint64_t ref_nearest(const astar_grid *g, const astar_options *o, astar_point from,
                            const astar_point *targets, size_t count, size_t *which)
{
    return ref_nearest_of(g, o, from, targets, NULL, count, which);
}

/* (a) The nearest target: the reference's least cost over all targets, a
 * target that has it (the first such), a legal path that sums to it, and
 * NO_PATH exactly when the reference reaches none. */
static void test_nearest_matches_reference(void **state)
{
    (void)state;
    rng r = { 2024 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    int found = 0, none = 0;
    for (int trial = 0; trial < 600; trial++) {
        int w = 1 + rng_below(&r, MAX_SIDE), h = 1 + rng_below(&r, MAX_SIDE);
        astar_grid *g = dijkstra_grid(&r, w, h);
        bool islands = trial % 4 == 3;
        if (islands)
            assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
        astar_options o = options_for(trial);
        size_t count = (size_t)rng_below(&r, MAX_TARGETS + 1);
        astar_point targets[MAX_TARGETS];
        for (size_t i = 0; i < count; i++)
            targets[i] = (astar_point){ rng_below(&r, w), rng_below(&r, h) };
        astar_point start = { rng_below(&r, w), rng_below(&r, h) };
        astar_point points[MAX_CELLS], nodes[MAX_CELLS];
        astar_route p = { .points = points, .capacity = MAX_CELLS,
                          .via = nodes, .via_capacity = MAX_CELLS };
        size_t which = 99;
        astar_status s = astar_find_nearest(ctx, g, start, targets, count, &o, &p, &which);
        if (!astar_grid_walkable(g, start.x, start.y)) {
            assert_int_equal(s, ASTAR_START_BLOCKED);
            astar_grid_delete(g);
            continue;
        }
        size_t want;
        uint64_t best = ref_nearest(g, &o, start, targets, count, &want);
        if (best == REF_UNREACHABLE) {
            if (s != ASTAR_NO_PATH)
                fail_msg("trial %d: status %d, the reference reaches no target", trial, s);
            bool elsewhere = true;
            for (size_t i = 0; i < count; i++)
                elsewhere &= astar_grid_island(g, targets[i].x, targets[i].y) !=
                             astar_grid_island(g, start.x, start.y);
            if (islands && elsewhere)
                assert_int_equal(p.expanded, 0);
            none++;
        } else {
            if (s != ASTAR_OK || p.cost != best || which != want)
                fail_msg("trial %d: status %d cost %u target %zu, reference cost %llu target %zu",
                         trial, s, p.cost, which, (unsigned long long)best, want);
            astar_path_measure m;
            assert_int_equal(astar_path_check(g, &o, start, targets[which], points, p.length, &m, NULL),
                             ASTAR_OK);
            assert_int_equal(m.cost, best);
            uint64_t sum;
            assert_true(ref_path_valid(g, o.moves, o.costs, start, targets[which], points, p.length,
                                       &sum, NULL, 0));
            assert_int_equal(sum, best);
            assert_int_equal(p.via_length, p.length);
            assert_memory_equal(points, nodes, p.length * sizeof *points);
            assert_true(p.distance * (double)ref_straight_cost(o.costs) > best - 0.5);
            found++;
        }
        astar_grid_delete(g);
    }
    /* Both outcomes were tried often. */
    assert_true(found > 200);
    assert_true(none > 30);
    astar_context_delete(ctx);
}

/* Follows the flow field from (x, y) and checks that it reaches the named
 * source along legal steps whose costs sum to the map's cost. */
static void assert_flow_leads_home(const astar_distance_map *map, const astar_grid *g,
                                   const astar_options *o, const astar_point *sources,
                                   astar_point from)
{
    uint32_t cost = astar_distance_map_cost(map, from.x, from.y);
    size_t source = astar_distance_map_source(map, from.x, from.y);
    astar_point at = from, next;
    uint64_t sum = 0;
    for (int steps = 0;; steps++) {
        assert_true(steps <= MAX_CELLS);
        assert_int_equal(astar_distance_map_next(map, at.x, at.y, &next), ASTAR_OK);
        if (next.x == at.x && next.y == at.y)
            break;
        if (!ref_move_legal(g, o->moves, at, next))
            fail_msg("flow from (%d,%d): illegal step (%d,%d) -> (%d,%d)", from.x, from.y, at.x,
                     at.y, next.x, next.y);
        sum += ref_step_cost(g, o->costs, at, next);
        at = next;
    }
    assert_int_equal(at.x, sources[source].x);
    assert_int_equal(at.y, sources[source].y);
    assert_int_equal(astar_distance_map_cost(map, at.x, at.y), 0);
    assert_int_equal(sum, cost);
}

/* Every cell of map against the reference on g as it is: its cost the
 * least to the nearest source (of those alive says, when given), its
 * source the first such, its flow leading there; unreachable cells say
 * so. Counts both kinds of cell. */
static void check_map(const astar_distance_map *map, const astar_grid *g, const astar_options *o,
                      const astar_point *sources, const bool *alive, size_t count, int trial,
                      int *reachable, int *unreachable)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            astar_point c = { x, y }, next;
            size_t want = count;
            uint64_t best = astar_grid_walkable(g, x, y)
                                ? ref_nearest_of(g, o, c, sources, alive, count, &want)
                                : REF_UNREACHABLE;
            if (best == REF_UNREACHABLE) {
                if (astar_distance_map_cost(map, x, y) != ASTAR_UNREACHABLE)
                    fail_msg("trial %d (%d,%d): cost %u, reference unreachable", trial, x, y,
                             astar_distance_map_cost(map, x, y));
                assert_int_equal(astar_distance_map_source(map, x, y), ASTAR_NO_SOURCE);
                assert_int_equal(astar_distance_map_next(map, x, y, &next), ASTAR_NO_PATH);
                assert_true(next.x == x && next.y == y);
                (*unreachable)++;
                continue;
            }
            if (astar_distance_map_cost(map, x, y) != best ||
                astar_distance_map_source(map, x, y) != want)
                fail_msg("trial %d (%d,%d): cost %u source %zu, reference %llu source %zu", trial,
                         x, y, astar_distance_map_cost(map, x, y),
                         astar_distance_map_source(map, x, y), (unsigned long long)best, want);
            assert_flow_leads_home(map, g, o, sources, c);
            (*reachable)++;
        }
}

/* (b) The distance map: every cell's cost is the reference's least cost to
 * its nearest source, its source the first nearest one, and its flow leads
 * there; unreachable cells say so. One map and one context serve grids of
 * every size in turn, so stale entries of an earlier build would show. */
static void test_distance_map_matches_reference(void **state)
{
    (void)state;
    rng r = { 77 };
    astar_context *ctx = NULL;
    astar_distance_map *map = NULL;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(MAX_CELLS, &map), ASTAR_OK);
    assert_int_equal(astar_distance_map_bytes(map), 8 * MAX_CELLS);
    int reachable = 0, unreachable = 0;
    for (int trial = 0; trial < 120; trial++) {
        int w = 1 + rng_below(&r, 10), h = 1 + rng_below(&r, 10);
        astar_grid *g = dijkstra_grid(&r, w, h);
        astar_options o = options_for(trial);
        size_t count = (size_t)rng_below(&r, 5);
        astar_point sources[MAX_TARGETS];
        for (size_t i = 0; i < count; i++)
            sources[i] = (astar_point){ rng_below(&r, w), rng_below(&r, h) };
        assert_int_equal(astar_distance_map_build(map, ctx, g, sources, count, &o), ASTAR_OK);
        check_map(map, g, &o, sources, NULL, count, trial, &reachable, &unreachable);
        /* Outside the grid of the build. */
        assert_int_equal(astar_distance_map_cost(map, w, 0), ASTAR_UNREACHABLE);
        assert_int_equal(astar_distance_map_source(map, 0, -1), ASTAR_NO_SOURCE);
        astar_point next;
        assert_int_equal(astar_distance_map_next(map, -1, 0, &next), ASTAR_INVALID_ARGUMENT);
        astar_grid_delete(g);
    }
    assert_true(reachable > 2000);
    assert_true(unreachable > 500);
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
}

/* (c) Catching up with edits: a map built, the grid edited (cells blocked,
 * opened, their terrain changed; now and then more edits than the feed
 * holds), astar_distance_map_update, and every cell against the reference
 * on the edited grid, with a source blocked at a catch-up forgotten. When
 * no source before a living one was forgotten, a build on the edited grid
 * from the living sources must agree with the caught-up map cell for cell
 * (cost and source; a step may differ among equally cheap ones). */
static void test_distance_map_update_matches_reference(void **state)
{
    (void)state;
    rng r = { 4242 };
    astar_context *ctx = NULL;
    astar_distance_map *map = NULL, *fresh = NULL;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(MAX_CELLS, &map), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(MAX_CELLS, &fresh), ASTAR_OK);
    int reachable = 0, unreachable = 0, rounds = 0, past_feed = 0;
    for (int trial = 0; trial < 90; trial++) {
        int w = 2 + rng_below(&r, MAX_SIDE - 1), h = 2 + rng_below(&r, MAX_SIDE - 1);
        astar_grid *g = dijkstra_grid(&r, w, h);
        astar_options o = options_for(trial);
        size_t count = 1 + (size_t)rng_below(&r, 4);
        astar_point sources[MAX_TARGETS];
        bool alive[MAX_TARGETS];
        for (size_t i = 0; i < count; i++) {
            sources[i] = (astar_point){ rng_below(&r, w), rng_below(&r, h) };
            alive[i] = astar_grid_walkable(g, sources[i].x, sources[i].y);
        }
        assert_int_equal(astar_distance_map_build(map, ctx, g, sources, count, &o), ASTAR_OK);
        for (int round = 0; round < 6; round++, rounds++) {
            bool many = rng_below(&r, 12) == 0;
            int edits = many ? ASTAR_GRID_FEED + 1 + rng_below(&r, 40) : 1 + rng_below(&r, 4);
            past_feed += many;
            for (int e = 0; e < edits; e++) {
                astar_point at = { rng_below(&r, w), rng_below(&r, h) };
                int kind = rng_below(&r, 3);
                if (kind == 0) {
                    astar_grid_set_walkable(g, at.x, at.y, false);
                } else if (kind == 1) {
                    astar_grid_set_walkable(g, at.x, at.y, true);
                } else if (astar_grid_walkable(g, at.x, at.y)) {
                    astar_grid_set_cost(g, at.x, at.y, 1 + rng_below(&r, 9));
                }
            }
            for (size_t i = 0; i < count; i++)
                alive[i] &= astar_grid_walkable(g, sources[i].x, sources[i].y);
            assert_int_equal(astar_distance_map_update(map, ctx, g), ASTAR_OK);
            check_map(map, g, &o, sources, alive, count, trial, &reachable, &unreachable);
            /* A build from the living sources agrees; the dead ones are
             * given as blocked cells would be: left out. */
            astar_point living[MAX_TARGETS];
            for (size_t i = 0; i < count; i++)
                living[i] = alive[i] ? sources[i] : (astar_point){ -1, -1 };
            size_t n = count;
            while (n > 0 && !alive[n - 1])
                n--;
            bool gaps = false;
            for (size_t i = 0; i < n; i++)
                gaps |= !alive[i];
            if (!gaps) {
                assert_int_equal(astar_distance_map_build(fresh, ctx, g, living, n, &o), ASTAR_OK);
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++)
                        if (astar_distance_map_cost(fresh, x, y) != astar_distance_map_cost(map, x, y) ||
                            astar_distance_map_source(fresh, x, y) != astar_distance_map_source(map, x, y))
                            fail_msg("trial %d round %d (%d,%d): caught up %u, built %u", trial,
                                     round, x, y, astar_distance_map_cost(map, x, y),
                                     astar_distance_map_cost(fresh, x, y));
            }
        }
        /* With no edits since, nothing changes; another grid is refused. */
        uint32_t before = astar_distance_map_cost(map, 0, 0);
        assert_int_equal(astar_distance_map_update(map, ctx, g), ASTAR_OK);
        assert_int_equal(astar_distance_map_cost(map, 0, 0), before);
        astar_grid *other = dijkstra_grid(&r, w, h);
        assert_int_equal(astar_distance_map_update(map, ctx, other), ASTAR_INVALID_ARGUMENT);
        astar_grid_delete(other);
        astar_grid_delete(g);
    }
    assert_true(reachable > 5000);
    assert_true(unreachable > 1000);
    assert_true(past_feed > 10);
    /* A map never built, or whose build failed, is refused. */
    astar_distance_map *unbuilt = NULL;
    astar_grid *g = dijkstra_grid(&r, 4, 4);
    assert_int_equal(astar_distance_map_new(16, &unbuilt), ASTAR_OK);
    assert_int_equal(astar_distance_map_update(unbuilt, ctx, g), ASTAR_INVALID_ARGUMENT);
    astar_point outside = { 9, 9 };
    assert_int_equal(astar_distance_map_build(map, ctx, g, &outside, 1, NULL),
                     ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_distance_map_update(map, ctx, g), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_update(NULL, ctx, g), ASTAR_INVALID_ARGUMENT);
    astar_grid_delete(g);
    astar_distance_map_delete(unbuilt);
    astar_distance_map_delete(fresh);
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
}

/* Whether the unit of o can stand at p: the nearest search from p to
 * itself finds it. */
static bool unit_stands(astar_context *ctx, const astar_grid *g, const astar_options *o,
                        astar_point p)
{
    astar_route probe = { 0 };
    size_t which;
    return astar_find_nearest(ctx, g, p, &p, 1, o, &probe, &which) == ASTAR_OK;
}

/* (d) The same for units of sizes 2 and 3, whose steps read the cells
 * under them and whose capability keeps off terrain 2: each catch-up
 * against a build from the same sources on the edited grid (the build is
 * held to the eroded map's reference in test_sized). */
static void test_distance_map_update_sized(void **state)
{
    (void)state;
    rng r = { 99 };
    astar_context *ctx = NULL;
    astar_distance_map *map = NULL, *fresh = NULL;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(MAX_CELLS, &map), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(MAX_CELLS, &fresh), ASTAR_OK);
    int compared = 0;
    for (int trial = 0; trial < 60; trial++) {
        int w = 4 + rng_below(&r, MAX_SIDE - 3), h = 4 + rng_below(&r, MAX_SIDE - 3);
        astar_grid *g = random_grid(&r, w, h, (grid_recipe){ rng_below(&r, 20), 30, 100, 2, 4 });
        astar_capability dry = astar_capability_any();
        assert_int_equal(astar_capability_set(&dry, 2, false), ASTAR_OK);
        assert_int_equal(astar_grid_enable_clearance(g, &dry, 1), ASTAR_OK);
        astar_options o = options_for(trial);
        o.world.unit_size = 2 + trial % 2;
        o.world.capability = (uint32_t)(trial / 2 % 2);
        astar_point sources[2];
        for (int i = 0; i < 2; i++)
            for (int tries = 0; tries < 50; tries++) {
                sources[i] = (astar_point){ rng_below(&r, w), rng_below(&r, h) };
                if (unit_stands(ctx, g, &o, sources[i]))
                    break;
            }
        assert_int_equal(astar_distance_map_build(map, ctx, g, sources, 2, &o), ASTAR_OK);
        for (int round = 0; round < 5; round++) {
            for (int e = 1 + rng_below(&r, 3); e > 0; e--) {
                int x = rng_below(&r, w), y = rng_below(&r, h);
                if (rng_below(&r, 2))
                    astar_grid_set_walkable(g, x, y, rng_below(&r, 3) == 0);
                else if (astar_grid_walkable(g, x, y))
                    astar_grid_set_cost(g, x, y, 1 + rng_below(&r, 3));
            }
            assert_int_equal(astar_distance_map_update(map, ctx, g), ASTAR_OK);
            /* A source the unit can no longer stand on is forgotten: build
             * only when none was, so that the two agree. */
            if (!unit_stands(ctx, g, &o, sources[0]) || !unit_stands(ctx, g, &o, sources[1]))
                break;
            assert_int_equal(astar_distance_map_build(fresh, ctx, g, sources, 2, &o), ASTAR_OK);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++, compared++)
                    if (astar_distance_map_cost(fresh, x, y) != astar_distance_map_cost(map, x, y) ||
                        astar_distance_map_source(fresh, x, y) != astar_distance_map_source(map, x, y))
                        fail_msg("trial %d round %d (%d,%d): caught up %u, built %u", trial, round,
                                 x, y, astar_distance_map_cost(map, x, y),
                                 astar_distance_map_cost(fresh, x, y));
        }
        astar_grid_delete(g);
    }
    assert_true(compared > 5000);
    astar_distance_map_delete(fresh);
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
}

/* On a real map: the distance map of four sources against
 * astar_find_nearest from every walkable cell, and against the least of
 * four A* searches (octile costs and heuristic) from some of them. */
static void test_real_map(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_error err;
    assert_int_equal(astar_grid_load_movingai(ASTAR_BENCH_DIR "/maps/dao/arena.map", &g, &err),
                     ASTAR_OK);
    size_t cells = astar_grid_cells(g);
    astar_context *ctx = NULL;
    astar_distance_map *map = NULL;
    assert_int_equal(astar_context_new(cells, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(cells, &map), ASTAR_OK);
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    const astar_point sources[] = { { 3, 3 }, { 45, 40 }, { 24, 10 }, { 10, 44 } };
    assert_int_equal(astar_distance_map_build(map, ctx, g, sources, 4, &o), ASTAR_OK);
    int w = astar_grid_width(g), h = astar_grid_height(g), compared = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            astar_point c = { x, y };
            astar_route p = { 0 };
            size_t which;
            astar_status s = astar_find_nearest(ctx, g, c, sources, 4, &o, &p, &which);
            if (!astar_grid_walkable(g, x, y)) {
                assert_int_equal(s, ASTAR_START_BLOCKED);
                continue;
            }
            uint32_t cost = astar_distance_map_cost(map, x, y);
            assert_int_equal(s, cost == ASTAR_UNREACHABLE ? ASTAR_NO_PATH : ASTAR_OK);
            if (s != ASTAR_OK)
                continue;
            assert_int_equal(p.cost, cost);
            assert_int_equal(which, astar_distance_map_source(map, x, y));
            if ((x * 7 + y) % 23 == 0) {
                uint32_t least = UINT32_MAX;
                for (int i = 0; i < 4; i++) {
                    astar_route q = { 0 };
                    if (astar_find_path(ctx, g, c, sources[i], &o, &q) == ASTAR_OK && q.cost < least)
                        least = q.cost;
                }
                assert_int_equal(least, cost);
                compared++;
            }
        }
    assert_true(compared > 30);
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* (c) Bad requests get their statuses, and a failed build leaves a map
 * that reads as unreachable. */
static void test_arguments(void **state)
{
    (void)state;
    astar_grid *g = NULL, *big = NULL;
    astar_context *ctx = NULL, *small = NULL;
    astar_distance_map *map = NULL;
    assert_int_equal(astar_grid_new(6, 5, &g), ASTAR_OK);
    assert_int_equal(astar_grid_new(7, 5, &big), ASTAR_OK);
    assert_int_equal(astar_context_new(30, &ctx), ASTAR_OK);
    assert_int_equal(astar_context_new(29, &small), ASTAR_OK);
    astar_grid_set_walkable(g, 2, 2, false);
    astar_point t[] = { { 5, 4 }, { 0, 4 } }, out[] = { { 5, 4 }, { 6, 0 } }, a = { 0, 0 };
    astar_point pts[2];
    astar_route p = { 0 }, tight = { .points = pts, .capacity = 2 };
    astar_route bad = { .points = NULL, .capacity = 3 };
    astar_route bad_nodes = { .nodes = NULL, .via_capacity = 3 };
    astar_options o = astar_options_default(), wrong = o;
    wrong.moves = (astar_moves)7;
    size_t which = 42;

    assert_int_equal(astar_find_nearest(NULL, g, a, t, 2, NULL, &p, &which), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_nearest(ctx, NULL, a, t, 2, NULL, &p, &which), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_nearest(ctx, g, a, t, 2, NULL, NULL, &which), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_nearest(ctx, g, a, NULL, 2, NULL, &p, &which), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_nearest(ctx, g, a, t, (size_t)ASTAR_MAX_CELLS + 1, NULL, &p, &which),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_nearest(ctx, g, a, t, 2, &wrong, &p, &which), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_nearest(ctx, g, a, t, 2, NULL, &bad, &which), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_nearest(ctx, g, a, t, 2, NULL, &bad_nodes, &which),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_find_nearest(small, g, a, t, 2, NULL, &p, &which), ASTAR_MAP_TOO_LARGE);
    assert_int_equal(astar_find_nearest(ctx, g, (astar_point){ 6, 0 }, out, 2, NULL, &p, &which),
                     ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_find_nearest(ctx, g, (astar_point){ 2, 2 }, out, 2, NULL, &p, &which),
                     ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_find_nearest(ctx, g, (astar_point){ 2, 2 }, t, 2, NULL, &p, &which),
                     ASTAR_START_BLOCKED);
    assert_int_equal(which, 42);
    /* No targets, or only blocked ones: no path. */
    assert_int_equal(astar_find_nearest(ctx, g, a, NULL, 0, NULL, &p, &which), ASTAR_NO_PATH);
    astar_point walled[] = { { 2, 2 }, { 2, 2 } };
    assert_int_equal(astar_find_nearest(ctx, g, a, walled, 2, NULL, &p, &which), ASTAR_NO_PATH);
    assert_int_equal(p.expanded, 0);
    /* On a target: one cell; a repeated target counts by its first index. */
    astar_point twice[] = { { 5, 4 }, { 0, 0 }, { 0, 0 } };
    assert_int_equal(astar_find_nearest(ctx, g, a, twice, 3, NULL, &p, &which), ASTAR_OK);
    assert_int_equal(which, 1);
    assert_int_equal(p.length, 1);
    assert_int_equal(p.cost, 0);
    /* A path longer than the buffer: measured, its first cells written. */
    pts[0] = pts[1] = (astar_point){ -7, -7 };
    assert_int_equal(astar_find_nearest(ctx, g, a, t, 2, NULL, &tight, &which),
                     ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(which, 1);
    assert_int_equal(tight.length, 5);
    assert_int_equal(tight.cost, 40);
    assert_true(pts[0].x == a.x && pts[0].y == a.y);
    assert_int_equal(tight.cut, 3);
    assert_int_equal(tight.status, ASTAR_OK);
    /* JPS options and a heuristic are not read, and a weight multiplies an
     * H of 0: the same answer. */
    o.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    o.heuristic = ASTAR_HEURISTIC_EUCLIDEAN;
    o.search.weight = 5;
    assert_int_equal(astar_find_nearest(ctx, g, a, t, 2, &o, &p, &which), ASTAR_OK);
    assert_int_equal(p.cost, 40);
    assert_int_equal(which, 1);

    assert_int_equal(astar_distance_map_new(0, &map), ASTAR_INVALID_ARGUMENT);
    assert_null(map);
    assert_int_equal(astar_distance_map_new((size_t)ASTAR_MAX_CELLS + 1, &map), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_new(30, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_new(30, &map), ASTAR_OK);
    astar_point next;
    /* Before the first build: nothing. */
    assert_int_equal(astar_distance_map_cost(map, 0, 0), ASTAR_UNREACHABLE);
    assert_int_equal(astar_distance_map_next(map, 0, 0, &next), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_build(map, ctx, g, t, 2, NULL), ASTAR_OK);
    assert_int_equal(astar_distance_map_cost(map, 0, 0), 40);
    assert_int_equal(astar_distance_map_build(NULL, ctx, g, t, 2, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_build(map, NULL, g, t, 2, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_cost(map, 0, 0), ASTAR_UNREACHABLE);
    assert_int_equal(astar_distance_map_build(map, ctx, NULL, t, 2, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_build(map, ctx, g, NULL, 2, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_build(map, ctx, g, t, 2, &wrong), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_build(map, small, g, t, 2, NULL), ASTAR_MAP_TOO_LARGE);
    assert_int_equal(astar_distance_map_build(map, ctx, big, t, 2, NULL), ASTAR_MAP_TOO_LARGE);
    assert_int_equal(astar_distance_map_build(map, ctx, g, t, 2, NULL), ASTAR_OK);
    assert_int_equal(astar_distance_map_build(map, ctx, g, out, 2, NULL), ASTAR_GOAL_OUT_OF_BOUNDS);
    /* What the backward search cannot honour is refused, not overridden. */
    astar_layer *layer;
    assert_int_equal(astar_layer_new(astar_grid_width(g), astar_grid_height(g), &layer), ASTAR_OK);
    astar_layer_use use = { .layer = layer, .weight = 1.0 };
    astar_options refused[6];
    for (int k = 0; k < 6; k++)
        refused[k] = astar_options_default();
    refused[0].search.open_list = ASTAR_OPEN_LIST_BUCKETS;
    refused[1].search.ties = ASTAR_TIES_DEEP;
    refused[2].search.stop = ASTAR_STOP_OPEN;
    refused[3].search.partial = true;
    refused[4].world.turn_penalty = 3;
    refused[5].world.layers = &use;
    refused[5].world.layer_count = 1;
    for (int k = 0; k < 6; k++) {
        assert_int_equal(astar_find_nearest(ctx, g, a, t, 2, &refused[k], &p, &which),
                         ASTAR_UNSUPPORTED);
        assert_int_equal(astar_distance_map_build(map, ctx, g, t, 2, &refused[k]),
                         ASTAR_UNSUPPORTED);
    }
    astar_layer_delete(layer);
    assert_int_equal(astar_distance_map_cost(map, 0, 0), ASTAR_UNREACHABLE);
    assert_int_equal(astar_distance_map_source(map, 0, 0), ASTAR_NO_SOURCE);
    assert_int_equal(astar_distance_map_next(map, 0, 0, &next), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_next(NULL, 0, 0, &next), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_build(map, ctx, g, t, 2, NULL), ASTAR_OK);
    assert_int_equal(astar_distance_map_next(map, 0, 0, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_distance_map_cost(NULL, 0, 0), ASTAR_UNREACHABLE);
    assert_int_equal(astar_distance_map_source(NULL, 0, 0), ASTAR_NO_SOURCE);
    assert_int_equal(astar_distance_map_bytes(NULL), 0);
    /* At a source the step is to stay. */
    assert_int_equal(astar_distance_map_next(map, 5, 4, &next), ASTAR_OK);
    assert_true(next.x == 5 && next.y == 4);
    assert_int_equal(astar_distance_map_source(map, 5, 4), 0);
    /* No sources: every cell unreachable. */
    assert_int_equal(astar_distance_map_build(map, ctx, g, NULL, 0, NULL), ASTAR_OK);
    assert_int_equal(astar_distance_map_cost(map, 5, 4), ASTAR_UNREACHABLE);
    assert_int_equal(astar_distance_map_next(map, 5, 4, &next), ASTAR_NO_PATH);
    astar_distance_map_delete(map);
    astar_distance_map_delete(NULL);
    astar_context_delete(small);
    astar_context_delete(ctx);
    astar_grid_delete(big);
    astar_grid_delete(g);
}

/* Costs are 32-bit: a corridor of 8,000 cells of terrain 255 with octile
 * costs (606,390 a step) holds 7,082 steps below the limit. */
static void test_cost_overflow(void **state)
{
    (void)state;
    enum { LENGTH = 8000 };
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    astar_distance_map *map = NULL;
    assert_int_equal(astar_grid_new(1, LENGTH, &g), ASTAR_OK);
    for (int y = 0; y < LENGTH; y++)
        astar_grid_set_cost(g, 0, y, 255);
    assert_int_equal(astar_context_new(LENGTH, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(LENGTH, &map), ASTAR_OK);
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    astar_point target = { 0, 0 };
    astar_route p = { 0 };
    size_t which;
    uint32_t step = ASTAR_OCTILE_STRAIGHT * 255;
    assert_int_equal(astar_find_nearest(ctx, g, (astar_point){ 0, 7082 }, &target, 1, &o, &p, &which),
                     ASTAR_OK);
    assert_int_equal(p.cost, 7082u * step);
    assert_int_equal(astar_find_nearest(ctx, g, (astar_point){ 0, 7083 }, &target, 1, &o, &p, &which),
                     ASTAR_COST_OVERFLOW);
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 0, 7083 }, target, &o, &p),
                     ASTAR_COST_OVERFLOW);
    assert_int_equal(astar_distance_map_build(map, ctx, g, &target, 1, &o), ASTAR_COST_OVERFLOW);
    assert_int_equal(astar_distance_map_cost(map, 0, 7082), 7082u * step);
    assert_int_equal(astar_distance_map_cost(map, 0, 7083), ASTAR_UNREACHABLE);
    assert_int_equal(astar_distance_map_source(map, 0, LENGTH - 1), ASTAR_NO_SOURCE);
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* A wall splits the map. Targets all beyond it: with islands the search
 * gives up at once, without it searches their side first; a target on the
 * start's side is found either way, and the others are not searched from. */
static void test_islands(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(30, 20, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(30 * 20, &ctx), ASTAR_OK);
    for (int y = 0; y < 20; y++)
        astar_grid_set_walkable(g, 15, y, false);
    astar_point far[] = { { 20, 5 }, { 29, 19 }, { 3, 17 } }, start = { 2, 2 };
    astar_route without = { 0 }, with = { 0 };
    size_t which;
    assert_int_equal(astar_find_nearest(ctx, g, start, far, 2, NULL, &without, &which), ASTAR_NO_PATH);
    assert_true(without.expanded >= 14 * 20);
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    assert_int_equal(astar_find_nearest(ctx, g, start, far, 2, NULL, &with, &which), ASTAR_NO_PATH);
    assert_int_equal(with.expanded, 0);
    assert_int_equal(astar_find_nearest(ctx, g, start, far, 3, NULL, &with, &which), ASTAR_OK);
    assert_int_equal(which, 2);
    astar_node node;
    assert_int_equal(astar_context_node(ctx, g, 20, 5, &node), ASTAR_OK);
    assert_int_equal(node.list, ASTAR_LIST_NONE);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* One context serves A*, the nearest search and distance map builds in any
 * order: each answer equals the one from a fresh context, and
 * astar_context_node reads the last search (after a Dijkstra search: H 0,
 * the parent the next step towards the target). */
static void test_context_shared_with_astar(void **state)
{
    (void)state;
    rng r = { 31337 };
    astar_context *shared = NULL, *fresh = NULL;
    astar_distance_map *map = NULL, *map_fresh = NULL;
    assert_int_equal(astar_context_new(MAX_CELLS, &shared), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(MAX_CELLS, &map), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(MAX_CELLS, &map_fresh), ASTAR_OK);
    for (int trial = 0; trial < 150; trial++) {
        int w = 2 + rng_below(&r, MAX_SIDE - 1), h = 2 + rng_below(&r, MAX_SIDE - 1);
        astar_grid *g = dijkstra_grid(&r, w, h);
        astar_options o = options_for(trial);
        astar_point t[3], a = { rng_below(&r, w), rng_below(&r, h) };
        astar_point b = { rng_below(&r, w), rng_below(&r, h) };
        for (int i = 0; i < 3; i++)
            t[i] = (astar_point){ rng_below(&r, w), rng_below(&r, h) };
        astar_point pa[MAX_CELLS], pb[MAX_CELLS];
        for (int k = 0; k < 3; k++) {
            astar_route p1 = { .points = pa, .capacity = MAX_CELLS };
            astar_route p2 = { .points = pb, .capacity = MAX_CELLS };
            astar_status s1, s2;
            size_t w1 = 0, w2 = 0;
            assert_int_equal(astar_context_new(MAX_CELLS, &fresh), ASTAR_OK);
            /* The shared context's last search was each kind in turn. */
            int kind = (trial + k) % 3;
            if (kind == 0) {
                s1 = astar_find_path(shared, g, a, b, &o, &p1);
                s2 = astar_find_path(fresh, g, a, b, &o, &p2);
            } else if (kind == 1) {
                s1 = astar_find_nearest(shared, g, a, t, 3, &o, &p1, &w1);
                s2 = astar_find_nearest(fresh, g, a, t, 3, &o, &p2, &w2);
            } else {
                s1 = astar_distance_map_build(map, shared, g, t, 3, &o);
                s2 = astar_distance_map_build(map_fresh, fresh, g, t, 3, &o);
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++)
                        assert_int_equal(astar_distance_map_cost(map, x, y),
                                         astar_distance_map_cost(map_fresh, x, y));
            }
            assert_int_equal(s1, s2);
            assert_int_equal(w1, w2);
            assert_int_equal(p1.cost, p2.cost);
            assert_int_equal(p1.length, p2.length);
            assert_int_equal(p1.expanded, p2.expanded);
            if (s1 == ASTAR_OK && kind != 2)
                assert_memory_equal(pa, pb, p1.length * sizeof *pa);
            /* A request refused before searching leaves the context alone. */
            bool searched = s1 == ASTAR_OK || s1 == ASTAR_NO_PATH;
            for (int y = 0; searched && y < h; y++)
                for (int x = 0; x < w; x++) {
                    astar_node n1, n2;
                    assert_int_equal(astar_context_node(shared, g, x, y, &n1), ASTAR_OK);
                    assert_int_equal(astar_context_node(fresh, g, x, y, &n2), ASTAR_OK);
                    assert_memory_equal(&n1, &n2, sizeof n1);
                    if (kind == 0 || n1.list != ASTAR_LIST_CLOSED)
                        continue;
                    assert_int_equal(n1.h, 0);
                    assert_int_equal(n1.f, n1.g);
                    if (kind == 2)
                        assert_int_equal(n1.g, astar_distance_map_cost(map, x, y));
                    astar_point next;
                    if (kind == 2 && astar_distance_map_next(map, x, y, &next) == ASTAR_OK)
                        assert_true(next.x == n1.parent.x && next.y == n1.parent.y);
                }
            if (kind == 1 && s1 == ASTAR_OK && p1.length > 1) {
                astar_node n;
                astar_context_node(shared, g, a.x, a.y, &n);
                assert_int_equal(n.g, p1.cost);
                assert_true(n.parent.x == pa[1].x && n.parent.y == pa[1].y);
                astar_context_node(shared, g, t[w1].x, t[w1].y, &n);
                assert_true(n.g == 0 && n.parent.x == t[w1].x && n.parent.y == t[w1].y);
            }
            astar_context_delete(fresh);
        }
        astar_grid_delete(g);
    }
    astar_distance_map_delete(map_fresh);
    astar_distance_map_delete(map);
    astar_context_delete(shared);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nearest_matches_reference),
        cmocka_unit_test(test_distance_map_matches_reference),
        cmocka_unit_test(test_distance_map_update_matches_reference),
        cmocka_unit_test(test_distance_map_update_sized),
        cmocka_unit_test(test_real_map),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_cost_overflow),
        cmocka_unit_test(test_islands),
        cmocka_unit_test(test_context_shared_with_astar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
