/* The library's allocations, counted and made to fail. This program is
 * linked with -Wl,--wrap for malloc, calloc, realloc and free (see
 * tests/CMakeLists.txt), so that every allocation the library makes comes
 * through the wrappers below, which count them while a test asks and can
 * fail the k-th one. Two promises are checked:
 *   - searches allocate nothing: one-call, sliced steps, queue updates,
 *     nearest, distance maps, read-backs and checks, 0 allocations;
 *   - every allocation site of every call that allocates handles failure:
 *     the call returns ASTAR_OUT_OF_MEMORY, frees what it had allocated,
 *     and leaves the objects it was given usable. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "astar.h"
#include "util/grids.h"
#include "util/random.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);

/* What the wrappers keep while counting: allocations asked for, the one to
 * fail (-1: none), and the blocks allocated and not yet freed. */
enum { LIVE_MAX = 1 << 12 };
static struct {
    bool on;
    long asked, fail_at;
    void *live[LIVE_MAX];
    int live_count;
} counter = { .fail_at = -1 };

static bool fail_this_one(void)
{
    return counter.on && counter.asked++ == counter.fail_at;
}

static void note_live(void *p)
{
    if (counter.on && p) {
        assert_true(counter.live_count < LIVE_MAX);
        counter.live[counter.live_count++] = p;
    }
}

static void note_freed(void *p)
{
    for (int i = 0; counter.on && p && i < counter.live_count; i++)
        if (counter.live[i] == p) {
            counter.live[i] = counter.live[--counter.live_count];
            return;
        }
}

void *__wrap_malloc(size_t size)
{
    if (fail_this_one())
        return NULL;
    void *p = __real_malloc(size);
    note_live(p);
    return p;
}

void *__wrap_calloc(size_t count, size_t size)
{
    if (fail_this_one())
        return NULL;
    void *p = __real_calloc(count, size);
    note_live(p);
    return p;
}

void *__wrap_realloc(void *old, size_t size)
{
    if (fail_this_one())
        return NULL;
    void *p = __real_realloc(old, size);
    if (p) {
        note_freed(old);
        note_live(p);
    }
    return p;
}

void __wrap_free(void *p)
{
    note_freed(p);
    __real_free(p);
}

static void count_from_here(long fail_at)
{
    counter.on = true;
    counter.asked = 0;
    counter.fail_at = fail_at;
    counter.live_count = 0;
}

static void stop_counting(void)
{
    counter.on = false;
    counter.fail_at = -1;
}

/* ------------------------------------------------------------------------ */
/* Calls that allocate, each on fixtures made before counting starts        */
/* ------------------------------------------------------------------------ */

typedef struct fixture {
    astar_grid *grid;        /* 40 x 30, some walls */
    char map[512], scen[512];
} fixture;

/* Each call returns its status and frees what it made when it succeeded,
 * so that a successful run leaves nothing allocated either. */
typedef astar_status (*allocating_call)(fixture *f);

static astar_status grid_new(fixture *f)
{
    (void)f;
    astar_grid *g;
    astar_status s = astar_grid_new(50, 40, &g);
    if (s == ASTAR_OK)
        astar_grid_delete(g);
    return s;
}

static astar_status context_new(fixture *f)
{
    (void)f;
    astar_context *ctx;
    astar_status s = astar_context_new(2000, &ctx);
    if (s == ASTAR_OK)
        astar_context_delete(ctx);
    return s;
}

static astar_status enable_islands(fixture *f)
{
    astar_status s = astar_grid_enable_islands(f->grid);
    astar_grid_disable_islands(f->grid);
    return s;
}

static astar_status enable_dead_ends(fixture *f)
{
    astar_status s = astar_grid_enable_dead_ends(f->grid);
    astar_grid_disable_dead_ends(f->grid);
    return s;
}

static astar_status enable_jump_table(fixture *f)
{
    astar_status s = astar_grid_enable_jump_table(f->grid);
    astar_grid_disable_jump_table(f->grid);
    return s;
}

/* An edit with the dead ends enabled tags them again, which allocates.
 * The dead ends are enabled, and the cell put back, uncounted. */
static astar_status edit_with_dead_ends(fixture *f)
{
    bool walkable = astar_grid_walkable(f->grid, 5, 5);
    counter.on = false;
    assert_int_equal(astar_grid_enable_dead_ends(f->grid), ASTAR_OK);
    counter.on = true;
    astar_status s = astar_grid_set_walkable(f->grid, 5, 5, !walkable);
    astar_grid_disable_dead_ends(f->grid);
    counter.on = false;
    assert_int_equal(astar_grid_set_walkable(f->grid, 5, 5, walkable), ASTAR_OK);
    counter.on = true;
    return s;
}

static astar_status load_map(fixture *f)
{
    astar_grid *g;
    astar_status s = astar_grid_load_movingai(f->map, &g, NULL);
    if (s == ASTAR_OK)
        astar_grid_delete(g);
    return s;
}

static astar_status load_scenario(fixture *f)
{
    astar_scenario *sc;
    astar_status s = astar_scenario_load(f->scen, &sc, NULL);
    if (s == ASTAR_OK)
        astar_scenario_delete(sc);
    return s;
}

static astar_status layer_new(fixture *f)
{
    (void)f;
    astar_layer *layer;
    astar_status s = astar_layer_new(40, 30, &layer);
    if (s == ASTAR_OK)
        astar_layer_delete(layer);
    return s;
}

static astar_status units_new(fixture *f)
{
    (void)f;
    astar_units *units;
    astar_status s = astar_units_new(40, 30, 16, &units);
    if (s == ASTAR_OK)
        astar_units_delete(units);
    return s;
}

/* A unit keeps its path's buffer for its next path: the units are made
 * uncounted and deleted counted, so that the buffer is seen freed. */
static astar_status units_set_path(fixture *f)
{
    astar_point path[300];
    for (int i = 0; i < 300; i++)
        path[i] = (astar_point){ i % 40, i / 40 };
    astar_units *units;
    uint32_t id;
    counter.on = false;
    assert_int_equal(astar_units_new(40, 30, 4, &units), ASTAR_OK);
    assert_int_equal(astar_units_add(units, 0, 0, &id), ASTAR_OK);
    counter.on = true;
    astar_status s = astar_units_set_path(units, id, path, 300);
    if (s == ASTAR_OUT_OF_MEMORY)
        assert_int_equal(astar_units_remaining(units, id), 0); /* its old path: none */
    astar_units_delete(units);
    (void)f;
    return s;
}

static astar_status knowledge_new(fixture *f)
{
    astar_knowledge *k;
    astar_status s = astar_knowledge_new(f->grid, &k);
    if (s == ASTAR_OK)
        astar_knowledge_delete(k);
    return s;
}

static astar_status distance_map_new(fixture *f)
{
    (void)f;
    astar_distance_map *map;
    astar_status s = astar_distance_map_new(1200, &map);
    if (s == ASTAR_OK)
        astar_distance_map_delete(map);
    return s;
}

static astar_status queue_new(fixture *f)
{
    (void)f;
    astar_queue *q;
    astar_status s = astar_queue_new(3, 1200, 10, &q);
    if (s == ASTAR_OK)
        astar_queue_delete(q);
    return s;
}

/* Smoothing a straight walk along an open row, made uncounted. */
static astar_status smooth(fixture *f)
{
    (void)f;
    astar_point points[40], out[40];
    for (int i = 0; i < 40; i++)
        points[i] = (astar_point){ i, 0 };
    astar_grid *row;
    counter.on = false;
    assert_int_equal(astar_grid_new(40, 1, &row), ASTAR_OK);
    counter.on = true;
    astar_waypoints w = { .points = out, .capacity = 40 };
    astar_status s = astar_path_smooth(row, NULL, points, 40, &w);
    counter.on = false;
    astar_grid_delete(row);
    counter.on = true;
    return s;
}

static const struct {
    const char *name;
    allocating_call call;
} calls[] = {
    { "astar_grid_new", grid_new },
    { "astar_context_new", context_new },
    { "astar_grid_enable_islands", enable_islands },
    { "astar_grid_enable_dead_ends", enable_dead_ends },
    { "astar_grid_enable_jump_table", enable_jump_table },
    { "astar_grid_set_walkable with dead ends", edit_with_dead_ends },
    { "astar_grid_load_movingai", load_map },
    { "astar_scenario_load", load_scenario },
    { "astar_layer_new", layer_new },
    { "astar_units_new", units_new },
    { "astar_units_set_path", units_set_path },
    { "astar_knowledge_new", knowledge_new },
    { "astar_distance_map_new", distance_map_new },
    { "astar_queue_new", queue_new },
    { "astar_path_smooth", smooth },
};

static fixture fixture_new(void)
{
    fixture f = { 0 };
    rng r = { 4 };
    f.grid = random_grid(&r, 40, 30, (grid_recipe){ .blocked_percent = 20 });
    assert_int_equal(astar_grid_set_walkable(f.grid, 0, 0, true), ASTAR_OK);
    snprintf(f.map, sizeof f.map, "%s/maps/dao/arena.map", ASTAR_BENCH_DIR);
    snprintf(f.scen, sizeof f.scen, "%s/scen/dao/arena.map.scen", ASTAR_BENCH_DIR);
    return f;
}

static void fixture_delete(fixture *f)
{
    astar_grid_delete(f->grid);
}

/* The fixture's grid still searches as before. */
static void expect_usable(fixture *f, uint32_t cost_before)
{
    astar_context *ctx;
    assert_int_equal(astar_context_new(astar_grid_cells(f->grid), &ctx), ASTAR_OK);
    astar_path p = { 0 };
    astar_status s = astar_find_path(ctx, f->grid, (astar_point){ 0, 0 }, (astar_point){ 39, 29 },
                                     NULL, &p);
    assert_true(s == ASTAR_OK || s == ASTAR_NO_PATH);
    assert_int_equal(p.cost, cost_before);
    astar_context_delete(ctx);
}

static void test_every_allocation_failure_is_handled(void **state)
{
    (void)state;
    long sites = 0;
    for (size_t c = 0; c < sizeof calls / sizeof calls[0]; c++) {
        fixture f = fixture_new();
        astar_context *ctx;
        assert_int_equal(astar_context_new(astar_grid_cells(f.grid), &ctx), ASTAR_OK);
        astar_path before = { 0 };
        astar_find_path(ctx, f.grid, (astar_point){ 0, 0 }, (astar_point){ 39, 29 }, NULL, &before);
        astar_context_delete(ctx);
        /* How many allocations the call makes when none fails. */
        count_from_here(-1);
        assert_int_equal(calls[c].call(&f), ASTAR_OK);
        long asked = counter.asked;
        int left = counter.live_count;
        stop_counting();
        if (left != 0)
            fail_msg("%s, no allocation failing: %d blocks left", calls[c].name, left);
        assert_true(asked > 0);
        for (long k = 0; k < asked; k++) {
            count_from_here(k);
            astar_status s = calls[c].call(&f);
            int leaked = counter.live_count;
            stop_counting();
            if (s != ASTAR_OUT_OF_MEMORY || leaked != 0)
                fail_msg("%s, allocation %ld of %ld failing: %s, %d blocks left", calls[c].name,
                         k + 1, asked, astar_status_message(s), leaked);
            expect_usable(&f, before.cost);
            sites++;
        }
        fixture_delete(&f);
    }
    printf("allocation failures injected: %ld, every one ASTAR_OUT_OF_MEMORY with nothing "
           "left allocated\n", sites);
}

/* ------------------------------------------------------------------------ */
/* Searches allocate nothing                                                */
/* ------------------------------------------------------------------------ */

static void test_searches_allocate_nothing(void **state)
{
    (void)state;
    char map[512], scen[512];
    snprintf(map, sizeof map, "%s/maps/dao/den312d.map", ASTAR_BENCH_DIR);
    snprintf(scen, sizeof scen, "%s/scen/dao/den312d.map.scen", ASTAR_BENCH_DIR);
    astar_grid *g;
    astar_scenario *sc;
    astar_context *ctx;
    astar_queue *q;
    astar_distance_map *dm;
    assert_int_equal(astar_grid_load_movingai(map, &g, NULL), ASTAR_OK);
    assert_int_equal(astar_scenario_load(scen, &sc, NULL), ASTAR_OK);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    size_t cells = astar_grid_cells(g), count = astar_scenario_count(sc);
    assert_int_equal(astar_context_new(cells, &ctx), ASTAR_OK);
    assert_int_equal(astar_queue_new(3, cells, 64, &q), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(cells, &dm), ASTAR_OK);
    static astar_point cells_a[1 << 14], cells_q[64][1 << 11];
    static astar_path paths[64];
    static astar_request requests[64];

    count_from_here(-1);
    long searches = 0, updates = 0;
    for (size_t i = 0; i < count; i += 3) {
        const astar_problem *p = astar_scenario_problem(sc, i);
        astar_options o = astar_options_default();
        o.algorithm = (astar_algorithm)(i % 3);
        o.open_list = i % 2 ? ASTAR_OPEN_LIST_BUCKETS : ASTAR_OPEN_LIST_HEAP;
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        o.partial = i % 5 == 0;
        o.max_expanded = i % 7 == 0 ? 50 : 0;
        astar_path path = { .points = cells_a, .capacity = 1 << 14 };
        astar_find_path(ctx, g, p->start, p->goal, &o, &path);
        if (astar_search_begin(ctx, g, p->start, p->goal, &o) == ASTAR_IN_PROGRESS) {
            while (astar_search_step(ctx, 10) == ASTAR_IN_PROGRESS)
                ;
            astar_search_finish(ctx, &path, NULL);
        }
        astar_node n;
        astar_context_node(ctx, g, p->goal.x, p->goal.y, &n);
        astar_path_measure m;
        astar_path_check(g, &o, p->start, p->goal, path.points, path.length, &m, NULL);
        astar_line_of_sight(g, &o, p->start, p->goal);
        o.partial = false;
        size_t which;
        astar_find_nearest(ctx, g, p->start, &p->goal, 1, &o, &path, &which);
        searches += 3;
    }
    astar_options plain = astar_options_default();
    const astar_problem *first = astar_scenario_problem(sc, 0);
    assert_int_equal(astar_distance_map_build(dm, ctx, g, &first->goal, 1, &plain), ASTAR_OK);
    for (size_t round = 0; round < 4; round++) {
        for (int u = 0; u < 64; u++) {
            const astar_problem *p = astar_scenario_problem(sc, (round * 64 + (size_t)u) % count);
            paths[u] = (astar_path){ .points = cells_q[u], .capacity = 1 << 11 };
            assert_int_equal(astar_queue_request(q, g, p->start, p->goal, &plain, u % 3, &paths[u],
                                                 &requests[u]),
                             ASTAR_OK);
        }
        astar_queue_report rep;
        do {
            assert_int_equal(astar_queue_update(q, 500, 0, &rep), ASTAR_OK);
            updates++;
        } while (rep.running + rep.waiting > 0);
        for (int u = 0; u < 64; u++) {
            assert_true(astar_queue_poll(q, requests[u]) != ASTAR_IN_PROGRESS);
            assert_int_equal(astar_queue_cancel(q, requests[u]), ASTAR_OK);
        }
    }
    long asked = counter.asked;
    stop_counting();
    printf("allocations during %ld searches and %ld queue updates: %ld\n", searches, updates,
           asked);
    assert_int_equal(asked, 0);
    astar_distance_map_delete(dm);
    astar_queue_delete(q);
    astar_context_delete(ctx);
    astar_scenario_delete(sc);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_allocation_failure_is_handled),
        cmocka_unit_test(test_searches_allocate_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
