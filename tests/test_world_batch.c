/*
 * test_world_batch.c - many units search one map at once (the name has
 * "batch" in it so that make test runs it under ThreadSanitizer too). On a
 * benchmark map with one units object holding stopped and moving units,
 * two threads, each with its own context and its own influence layer,
 * search for different units at the same time; every answer equals the
 * one the same search gave alone beforehand. And astar_find_paths with
 * layers and units in its options equals the searches one at a time.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/random.h"

#ifndef ASTAR_BENCH_DIR
#error "ASTAR_BENCH_DIR must name the Moving AI benchmark directory"
#endif

enum { UNITS = 40, QUERIES = 120, THREADS = 2, ROUNDS = 3, MAX_PATH = 4096 };

/* What one search answered. */
typedef struct answer {
    astar_status status;
    uint32_t cost, expanded;
    size_t length;
    uint64_t hash;   /* of the path's cells */
} answer;

/* One thread's share: a unit, a layer, a context, its goals and the
 * answers they must give. */
typedef struct searcher {
    const astar_grid *grid;
    astar_context *ctx;
    astar_options options;
    astar_layer_use use;
    astar_point start, goals[QUERIES];
    answer want[QUERIES];
    int mismatches;
} searcher;

static astar_point random_walkable(rng *r, const astar_grid *g)
{
    for (;;) {
        astar_point p = { rng_below(r, astar_grid_width(g)), rng_below(r, astar_grid_height(g)) };
        if (astar_grid_walkable(g, p.x, p.y))
            return p;
    }
}

static answer search(searcher *s, astar_point goal)
{
    static _Thread_local astar_point points[MAX_PATH];
    astar_route p = { .points = points, .capacity = MAX_PATH };
    answer a = { .status = astar_find_path(s->ctx, s->grid, s->start, goal, &s->options, &p) };
    a.cost = p.cost;
    a.expanded = p.expanded;
    a.length = p.length;
    a.hash = 1469598103934665603u;
    for (size_t i = 0; a.status == ASTAR_OK && i < p.length; i++)
        a.hash = (a.hash ^ (uint64_t)(points[i].y * 65536 + points[i].x)) * 1099511628211u;
    return a;
}

static bool same_answer(const answer *a, const answer *b)
{
    return a->status == b->status && a->cost == b->cost && a->expanded == b->expanded &&
           a->length == b->length && a->hash == b->hash;
}

static void *run_searcher(void *arg)
{
    searcher *s = arg;
    for (int round = 0; round < ROUNDS; round++)
        for (int q = 0; q < QUERIES; q++) {
            answer got = search(s, s->goals[q]);
            s->mismatches += !same_answer(&got, &s->want[q]);
        }
    return NULL;
}

/* Units all over the map: every third one stopped, the others walking a
 * path found for them, some of it already walked. */
static void place_units(rng *r, const astar_grid *g, astar_units *units, astar_context *ctx)
{
    static astar_point points[MAX_PATH];
    for (int i = 0; i < UNITS; i++) {
        astar_point at = random_walkable(r, g);
        uint32_t id;
        assert_int_equal(astar_units_add(units, at.x, at.y, &id), ASTAR_OK);
        assert_int_equal(id, (uint32_t)i);
        if (i % 3 == 0)
            continue;
        astar_route p = { .points = points, .capacity = MAX_PATH };
        if (astar_find_path(ctx, g, at, random_walkable(r, g), NULL, &p) != ASTAR_OK)
            continue;
        assert_int_equal(astar_units_set_path(units, id, points, p.length), ASTAR_OK);
        for (size_t k = 1; k < p.length && k < 6; k++)
            assert_int_equal(astar_units_move(units, id, points[k].x, points[k].y), ASTAR_OK);
    }
}

/* The benchmark map both tests search. */
static astar_grid *load_map(void)
{
    astar_grid *g = NULL;
    astar_error err;
    if (astar_grid_load_movingai(ASTAR_BENCH_DIR "/maps/dao/den312d.map", &g, &err) != ASTAR_OK)
        fail_msg("%s", err.message);
    return g;
}

/* A units object for g, placed by place_units (searching with ctx). */
static astar_units *new_units(rng *r, const astar_grid *g, astar_context *ctx)
{
    astar_units *units = NULL;
    assert_int_equal(astar_units_new(astar_grid_width(g), astar_grid_height(g), UNITS, &units),
                     ASTAR_OK);
    place_units(r, g, units, ctx);
    return units;
}

static void test_units_search_at_once(void **state)
{
    (void)state;
    astar_grid *g = load_map();
    int w = astar_grid_width(g), h = astar_grid_height(g);
    rng r = { 88 };
    astar_context *setup = NULL;
    assert_int_equal(astar_context_new(astar_grid_cells(g), &setup), ASTAR_OK);
    astar_units *units = new_units(&r, g, setup);

    searcher *s = calloc(THREADS, sizeof *s);
    assert_non_null(s);
    int moving = 0, differs = 0;
    for (int t = 0; t < THREADS; t++) {
        astar_layer *layer = NULL;
        assert_int_equal(astar_layer_new(w, h, &layer), ASTAR_OK);
        for (int d = 0; d < 6; d++) {
            astar_point c = random_walkable(&r, g);
            assert_int_equal(astar_layer_add_disc(layer, c.x, c.y, 2 + rng_below(&r, 6), 20), ASTAR_OK);
        }
        uint32_t me = (uint32_t)(1 + t); /* moving units: ids 1 and 2 */
        moving += astar_units_moving(units, me);
        s[t].grid = g;
        assert_int_equal(astar_context_new(astar_grid_cells(g), &s[t].ctx), ASTAR_OK);
        s[t].use = (astar_layer_use){ layer, 1.5 };
        s[t].options = astar_options_default();
        s[t].options.heuristic = ASTAR_HEURISTIC_OCTILE;
        s[t].options.world.layers = &s[t].use;
        s[t].options.world.layer_count = 1;
        s[t].options.world.units = units;
        s[t].options.world.unit = me;
        s[t].options.world.unit_radius = 12;
        assert_int_equal(astar_units_position(units, me, &s[t].start), ASTAR_OK);
        for (int q = 0; q < QUERIES; q++) {
            s[t].goals[q] = random_walkable(&r, g);
            s[t].want[q] = search(&s[t], s[t].goals[q]);
            /* Without the world the answer is often another one. */
            astar_options plain = s[t].options;
            plain.world.layer_count = 0;
            plain.world.units = NULL;
            astar_route p = { 0 };
            astar_status st = astar_find_path(setup, g, s[t].start, s[t].goals[q], &plain, &p);
            differs += st != s[t].want[q].status || p.cost != s[t].want[q].cost;
        }
    }
    assert_int_equal(moving, THREADS);
    assert_true(differs > QUERIES);

    pthread_t ids[THREADS];
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_create(&ids[t], NULL, run_searcher, &s[t]), 0);
    for (int t = 0; t < THREADS; t++) {
        pthread_join(ids[t], NULL);
        assert_int_equal(s[t].mismatches, 0);
        astar_context_delete(s[t].ctx);
        astar_layer_delete((astar_layer *)s[t].use.layer);
    }
    free(s);
    astar_context_delete(setup);
    astar_units_delete(units);
    astar_grid_delete(g);
}

/* astar_find_paths with a layer and units in its options: the same as one
 * search at a time, on 1 and 2 threads. */
static void test_batch_with_world(void **state)
{
    (void)state;
    astar_grid *g = load_map();
    int w = astar_grid_width(g), h = astar_grid_height(g);
    rng r = { 4711 };
    astar_context *ctx[THREADS];
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(astar_context_new(astar_grid_cells(g), &ctx[t]), ASTAR_OK);
    astar_units *units = new_units(&r, g, ctx[0]);
    astar_layer *layer = NULL;
    assert_int_equal(astar_layer_new(w, h, &layer), ASTAR_OK);
    for (int d = 0; d < 8; d++) {
        astar_point c = random_walkable(&r, g);
        assert_int_equal(astar_layer_add_disc(layer, c.x, c.y, 4, 30), ASTAR_OK);
    }
    astar_layer_use use = { layer, 1.0 };
    astar_options o = astar_options_default();
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    o.world.layers = &use;
    o.world.layer_count = 1;
    o.world.units = units;
    o.world.unit = 1;
    astar_point start;
    assert_int_equal(astar_units_position(units, 1, &start), ASTAR_OK);

    static astar_point pool[QUERIES][MAX_PATH];
    astar_query queries[QUERIES];
    astar_route paths[QUERIES], want[QUERIES];
    astar_status want_status[QUERIES];
    for (int q = 0; q < QUERIES; q++) {
        astar_point goal = random_walkable(&r, g);
        want[q] = (astar_route){ .points = pool[q], .capacity = MAX_PATH };
        want_status[q] = astar_find_path(ctx[0], g, start, goal, &o, &want[q]);
        queries[q] = (astar_query){ .start = start, .goal = goal, .path = &paths[q] };
    }
    static astar_point got[QUERIES][MAX_PATH];
    for (int threads = 1; threads <= THREADS; threads++) {
        for (int q = 0; q < QUERIES; q++)
            paths[q] = (astar_route){ .points = got[q], .capacity = MAX_PATH };
        assert_int_equal(astar_find_paths(ctx, threads, g, &o, queries, QUERIES), ASTAR_OK);
        for (int q = 0; q < QUERIES; q++) {
            assert_int_equal(queries[q].status, want_status[q]);
            assert_int_equal(paths[q].cost, want[q].cost);
            assert_int_equal(paths[q].expanded, want[q].expanded);
            assert_int_equal(paths[q].length, want[q].length);
            if (want_status[q] == ASTAR_OK)
                assert_memory_equal(got[q], pool[q], paths[q].length * sizeof got[q][0]);
        }
    }
    for (int t = 0; t < THREADS; t++)
        astar_context_delete(ctx[t]);
    astar_layer_delete(layer);
    astar_units_delete(units);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_units_search_at_once),
        cmocka_unit_test(test_batch_with_world),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
