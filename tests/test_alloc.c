/* The library's allocations, counted and made to fail through the
 * allocator hook (include/astar/memory.h): every object here is created
 * with the counting allocator below, which counts what it is asked for
 * while a test asks and can fail the k-th request. Three promises are
 * checked:
 *   - searches allocate nothing: one-call, sliced steps, queue updates, CPD queries,
 *     nearest, distance maps, read-backs and checks, 0 allocations;
 *   - every allocation site of every call that allocates handles failure:
 *     the call returns ASTAR_OUT_OF_MEMORY, gives back what it had
 *     allocated, and leaves the objects it was given usable;
 *   - nothing goes around the hook: this program is also linked with
 *     -Wl,--wrap for malloc, calloc, realloc and free (tests/CMakeLists.txt),
 *     and while counting, no call of the library may reach them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "astar.h"
#include "util/files.h"
#include "util/grids.h"
#include "util/random.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);

/* What the counting allocator keeps: whether a test is counting, the
 * requests while it counts, the one to fail (-1: none), the blocks it gave
 * and has not had back, and the calls of malloc and friends that went
 * around it while counting. */
enum { LIVE_MAX = 1 << 12 };
typedef struct counter {
    bool on;
    long asked, fail_at;
    void *live[LIVE_MAX];
    int live_count;
    long around;
} counter;

static counter counts = { .fail_at = -1 };

static void *counted_allocate(void *user, size_t size)
{
    counter *c = user;
    assert_ptr_equal(c, &counts); /* the user pointer comes back as given */
    assert_true(size > 0);
    if (c->on && c->asked++ == c->fail_at)
        return NULL;
    void *p = __real_malloc(size);
    assert_non_null(p);
    assert_true(c->live_count < LIVE_MAX);
    c->live[c->live_count++] = p;
    return p;
}

static void counted_release(void *user, void *block)
{
    counter *c = user;
    assert_non_null(block);
    for (int i = 0; i < c->live_count; i++)
        if (c->live[i] == block) {
            c->live[i] = c->live[--c->live_count];
            __real_free(block);
            return;
        }
    fail_msg("a block released that the allocator did not give");
}

static const astar_allocator counted = { counted_allocate, counted_release, &counts };

void *__wrap_malloc(size_t size)
{
    counts.around += counts.on;
    return __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    counts.around += counts.on;
    return __real_calloc(count, size);
}

void *__wrap_realloc(void *old, size_t size)
{
    counts.around += counts.on;
    return __real_realloc(old, size);
}

void __wrap_free(void *p)
{
    counts.around += counts.on && p;
    __real_free(p);
}

/* Starts counting; fail_at: the request to fail, from 0, or -1. */
static void count_from_here(long fail_at)
{
    counts.on = true;
    counts.asked = 0;
    counts.fail_at = fail_at;
    counts.around = 0;
}

static void stop_counting(void)
{
    counts.on = false;
    counts.fail_at = -1;
}

/* ------------------------------------------------------------------------ */
/* Calls that allocate, each on fixtures made before counting starts        */
/* ------------------------------------------------------------------------ */

typedef struct fixture {
    astar_grid *grid;        /* 40 x 30, some walls, made with the counting allocator */
    astar_knowledge *knowledge; /* of grid, with some cells seen */
    char map[512], scen[512];
    char *map_text, *scen_text; /* the two files' contents */
    size_t map_length, scen_length;
} fixture;

/* Each call returns its status and frees what it made when it succeeded,
 * so that a successful run leaves nothing allocated either. */
typedef astar_status (*allocating_call)(fixture *f);

static astar_status grid_new(fixture *f)
{
    (void)f;
    astar_grid *g;
    astar_status s = astar_grid_new_with(50, 40, &counted, &g);
    if (s == ASTAR_OK)
        astar_grid_delete(g);
    return s;
}

static astar_status context_new(fixture *f)
{
    (void)f;
    astar_context *ctx;
    astar_status s = astar_context_new_with(2000, &counted, &ctx);
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

/* A unit's shadow is a grid of its own with a jump table: every request
 * of the two may fail. The clearance it reads is made in the call too. */
static astar_status enable_sized_shadow(fixture *f)
{
    astar_status s = astar_grid_enable_clearance(f->grid, NULL, 0);
    if (s == ASTAR_OK)
        s = astar_grid_enable_sized_shadow(f->grid, 2, 0, true);
    astar_grid_disable_clearance(f->grid);
    return s;
}

/* An edit with the dead ends enabled tags them again, which allocates.
 * The dead ends are enabled, and the cell put back, uncounted. */
static astar_status edit_with_dead_ends(fixture *f)
{
    bool walkable = astar_grid_walkable(f->grid, 5, 5);
    counts.on = false;
    assert_int_equal(astar_grid_enable_dead_ends(f->grid), ASTAR_OK);
    counts.on = true;
    astar_status s = astar_grid_set_walkable(f->grid, 5, 5, !walkable);
    astar_grid_disable_dead_ends(f->grid);
    counts.on = false;
    assert_int_equal(astar_grid_set_walkable(f->grid, 5, 5, walkable), ASTAR_OK);
    counts.on = true;
    return s;
}

static astar_status load_map(fixture *f)
{
    astar_grid *g;
    astar_status s = astar_grid_load_movingai_with(f->map, &counted, &g, NULL);
    if (s == ASTAR_OK)
        astar_grid_delete(g);
    return s;
}

static astar_status parse_map(fixture *f)
{
    astar_grid *g;
    astar_status s =
        astar_grid_parse_movingai_with(f->map_text, f->map_length, "arena", &counted, &g, NULL);
    if (s == ASTAR_OK)
        astar_grid_delete(g);
    return s;
}

static astar_status load_scenario(fixture *f)
{
    astar_scenario *sc;
    astar_status s = astar_scenario_load_with(f->scen, &counted, &sc, NULL);
    if (s == ASTAR_OK)
        astar_scenario_delete(sc);
    return s;
}

static astar_status parse_scenario(fixture *f)
{
    astar_scenario *sc;
    astar_status s = astar_scenario_parse_with(f->scen_text, f->scen_length, "arena", &counted,
                                               &sc, NULL);
    if (s == ASTAR_OK)
        astar_scenario_delete(sc);
    return s;
}

static astar_status layer_new(fixture *f)
{
    (void)f;
    astar_layer *layer;
    astar_status s = astar_layer_new_with(40, 30, &counted, &layer);
    if (s == ASTAR_OK)
        astar_layer_delete(layer);
    return s;
}

static astar_status units_new(fixture *f)
{
    (void)f;
    astar_units *units;
    astar_status s = astar_units_new_with(40, 30, 16, &counted, &units);
    if (s == ASTAR_OK)
        astar_units_delete(units);
    return s;
}

/* A unit keeps its path's buffer for its next path: the units are made
 * uncounted with a short path, and the longer one that needs a new buffer
 * is set counted; the old path stays claimed if it cannot be. */
static astar_status units_set_path(fixture *f)
{
    astar_point path[300];
    for (int i = 0; i < 300; i++)
        path[i] = (astar_point){ i % 40, i / 40 };
    astar_units *units;
    uint32_t id;
    counts.on = false;
    assert_int_equal(astar_units_new_with(40, 30, 4, &counted, &units), ASTAR_OK);
    assert_int_equal(astar_units_add(units, 0, 0, &id), ASTAR_OK);
    assert_int_equal(astar_units_set_path(units, id, path, 20), ASTAR_OK);
    counts.on = true;
    astar_status s = astar_units_set_path(units, id, path, 300);
    assert_int_equal(astar_units_remaining(units, id), s == ASTAR_OK ? 300 : 20);
    astar_units_delete(units);
    (void)f;
    return s;
}

static astar_status knowledge_new(fixture *f)
{
    astar_knowledge *k;
    astar_status s = astar_knowledge_new_with(f->grid, &counted, &k);
    if (s == ASTAR_OK)
        astar_knowledge_delete(k);
    return s;
}

/* Forgetting makes a new believed grid; failing, the old belief stays. */
static astar_status knowledge_forget(fixture *f)
{
    size_t seen = astar_knowledge_seen_cells(f->knowledge);
    astar_status s = astar_knowledge_forget(f->knowledge);
    assert_int_equal(astar_knowledge_seen_cells(f->knowledge), s == ASTAR_OK ? 0 : seen);
    counts.on = false;
    assert_int_equal(astar_knowledge_reveal_radius(f->knowledge, f->grid, 10, 10, 6, NULL), ASTAR_OK);
    counts.on = true;
    return s;
}

static astar_status distance_map_new(fixture *f)
{
    (void)f;
    astar_distance_map *map;
    astar_status s = astar_distance_map_new_with(1200, &counted, &map);
    if (s == ASTAR_OK)
        astar_distance_map_delete(map);
    return s;
}

static astar_status cpd_new(fixture *f)
{
    astar_cpd *cpd;
    astar_status s = astar_cpd_new_with(f->grid, NULL, ASTAR_CPD_ORDER_DFS, 1, &counted, &cpd);
    if (s == ASTAR_OK)
        astar_cpd_delete(cpd);
    return s;
}

/* The file is built and saved uncounted; its loading is counted. */
static astar_status cpd_load(fixture *f)
{
    static const char file[] = "test_alloc.tmp.cpd";
    astar_cpd *cpd;
    counts.on = false;
    assert_int_equal(astar_cpd_new(f->grid, NULL, ASTAR_CPD_ORDER_ROWS, 1, &cpd), ASTAR_OK);
    assert_int_equal(astar_cpd_save(cpd, file, NULL), ASTAR_OK);
    astar_cpd_delete(cpd);
    counts.on = true;
    astar_status s = astar_cpd_load_with(file, f->grid, &counted, &cpd, NULL);
    if (s == ASTAR_OK)
        astar_cpd_delete(cpd);
    counts.on = false;
    remove(file);
    counts.on = true;
    return s;
}

static astar_status queue_new(fixture *f)
{
    (void)f;
    astar_queue *q;
    astar_status s = astar_queue_new_with(3, 1200, 10, &counted, &q);
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
    counts.on = false;
    assert_int_equal(astar_grid_new_with(40, 1, &counted, &row), ASTAR_OK);
    counts.on = true;
    astar_route w = { .points = out, .capacity = 40 };
    astar_status s = astar_path_smooth(row, NULL, points, 40, &w);
    counts.on = false;
    astar_grid_delete(row);
    counts.on = true;
    return s;
}

/* Up to max walkable cells of grid, every 7th cell in reading order. */
static size_t some_walkable(const astar_grid *grid, astar_point *points, size_t max)
{
    size_t n = 0;
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    for (long i = 0; i < (long)w * h && n < max; i += 7)
        if (astar_grid_walkable(grid, (int)(i % w), (int)(i / w)))
            points[n++] = (astar_point){ (int32_t)(i % w), (int32_t)(i / w) };
    return n;
}

static astar_status waypoint_graph_new(fixture *f)
{
    astar_point points[24];
    size_t n = some_walkable(f->grid, points, 24);
    astar_waypoint_graph *wg;
    astar_status s = astar_waypoint_graph_new_with(f->grid, points, n, NULL, &counted, &wg, NULL);
    if (s == ASTAR_OK)
        astar_waypoint_graph_delete(wg);
    return s;
}

static astar_status waypoint_list_parse(fixture *f)
{
    (void)f;
    static const char text[] = "# doors\n3 4 west\n9 4\n12 20 east\n";
    astar_waypoint_list *list;
    astar_status s =
        astar_waypoint_list_parse_with(text, sizeof text - 1, "w", &counted, &list, NULL);
    if (s == ASTAR_OK)
        astar_waypoint_list_delete(list);
    return s;
}

/* A builder and the graph it freezes, both counted. */
static astar_status graph_new(fixture *f)
{
    (void)f;
    astar_graph_builder *b;
    astar_status s = astar_graph_builder_new_with(4, ASTAR_GRAPH_UNDIRECTED, &counted, &b);
    if (s != ASTAR_OK)
        return s;
    s = astar_graph_builder_edge(b, 0, 1, 3);
    if (s == ASTAR_OK)
        s = astar_graph_builder_edge(b, 1, 2, 4);
    if (s == ASTAR_OK)
        s = astar_graph_builder_name(b, 3, "end");
    astar_graph *g;
    if (s == ASTAR_OK && (s = astar_graph_new_with(b, &counted, &g, NULL)) == ASTAR_OK)
        astar_graph_delete(g);
    astar_graph_builder_delete(b);
    return s;
}

/* The fixture grid's graph with landmarks, then another set over them:
 * where that fails, the graph keeps the landmarks it had. */
static astar_status graph_landmarks(fixture *f)
{
    astar_graph *g;
    astar_status s = astar_graph_new_from_grid_with(f->grid, NULL, &counted, &g);
    if (s != ASTAR_OK)
        return s;
    s = astar_graph_enable_landmarks(g, 3);
    if (s == ASTAR_OK) {
        s = astar_graph_enable_landmarks(g, 5);
        assert_int_equal(astar_graph_landmark_count(g), s == ASTAR_OK ? 5 : 3);
    }
    astar_graph_delete(g);
    return s;
}

/* Two tiers over the fixture's grid, an update after an edit of a cell
 * on a border (the cluster and the one across it rebuilt, the graph
 * built again), and one for a cell inside a cluster (in place). */
static astar_status hpa_new(fixture *f)
{
    astar_hpa *hpa;
    astar_status s = astar_hpa_new_with(f->grid, NULL, 8, &counted, &hpa, NULL);
    if (s != ASTAR_OK)
        return s;
    astar_point cell = { 8, 5 };
    counts.on = false;
    bool walkable = astar_grid_walkable(f->grid, cell.x, cell.y);
    assert_int_equal(astar_grid_set_walkable(f->grid, cell.x, cell.y, !walkable), ASTAR_OK);
    counts.on = true;
    s = astar_hpa_update(hpa, &cell, 1, NULL);
    counts.on = false;
    assert_int_equal(astar_grid_set_walkable(f->grid, cell.x, cell.y, walkable), ASTAR_OK);
    counts.on = true;
    /* A cell inside a cluster: the graph is updated in place. */
    astar_point inside = { 11, 3 };
    if (s == ASTAR_OK)
        s = astar_hpa_update(hpa, &inside, 1, NULL);
    astar_hpa_delete(hpa);
    return s;
}

/* A crowd, its goals' lazy distance tables (a second goal starts one, a
 * goal already given shares it; each grows as far as it is asked) and
 * steps, which allocate only if a table must grow. */
static astar_status crowd_new(fixture *f)
{
    astar_crowd *crowd;
    astar_status s = astar_crowd_new_with(f->grid, 4, NULL, &counted, &crowd);
    if (s != ASTAR_OK)
        return s;
    /* Two walkable cells side by side: each reachable from the other. */
    int i = 0;
    while (!astar_grid_walkable(f->grid, i % 39, i / 39) ||
           !astar_grid_walkable(f->grid, i % 39 + 1, i / 39))
        i++;
    astar_point corner = { i % 39, i / 39 }, beside = { i % 39 + 1, i / 39 };
    s = astar_crowd_add(crowd, corner, corner, NULL);
    if (s == ASTAR_OK)
        s = astar_crowd_add(crowd, beside, corner, NULL);
    if (s == ASTAR_OK)
        s = astar_crowd_set_goal(crowd, 0, beside);
    for (int step = 0; step < 3 && s == ASTAR_OK; step++)
        s = astar_crowd_step(crowd, NULL);
    astar_crowd_delete(crowd);
    return s;
}

/* A MAPF solver and its search, refining to the end: one agent from the
 * first cell with a walkable neighbour to the last cell of the grid it
 * reaches, far enough for the search's arrays to grow
 * past their first size; a goal it does not reach is passed over. */
static astar_status mapf_new(fixture *f)
{
    int j = 0;
    while (!astar_grid_walkable(f->grid, j % 39, j / 39) ||
           !astar_grid_walkable(f->grid, j % 39 + 1, j / 39))
        j++;
    astar_point start = { j % 39, j / 39 };
    astar_mapf *mapf = NULL;
    astar_status s = ASTAR_NO_PATH;
    astar_mapf_options o = astar_mapf_options_default();
    o.refine = true; /* the refining's edges and queue too */
    for (int i = 40 * 30 - 1; i > 0 && s == ASTAR_NO_PATH; i--) {
        astar_point goal = { i % 40, i / 40 };
        if (astar_grid_walkable(f->grid, goal.x, goal.y))
            s = astar_mapf_new_with(f->grid, &start, &goal, 1, &o, &counted, &mapf);
    }
    astar_mapf_info info;
    if (s == ASTAR_OK)
        s = astar_mapf_solve(mapf, 0, &info);
    if (s == ASTAR_OK)
        assert_true(info.nodes > 64);
    astar_mapf_delete(mapf);
    return s;
}

static const struct {
    const char *name;
    allocating_call call;
} calls[] = {
    { "astar_grid_new_with", grid_new },
    { "astar_context_new_with", context_new },
    { "astar_grid_enable_islands", enable_islands },
    { "astar_grid_enable_dead_ends", enable_dead_ends },
    { "astar_grid_enable_jump_table", enable_jump_table },
    { "astar_grid_enable_sized_shadow", enable_sized_shadow },
    { "astar_grid_set_walkable with dead ends", edit_with_dead_ends },
    { "astar_grid_load_movingai_with", load_map },
    { "astar_grid_parse_movingai_with", parse_map },
    { "astar_scenario_load_with", load_scenario },
    { "astar_scenario_parse_with", parse_scenario },
    { "astar_layer_new_with", layer_new },
    { "astar_units_new_with", units_new },
    { "astar_units_set_path", units_set_path },
    { "astar_knowledge_new_with", knowledge_new },
    { "astar_knowledge_forget", knowledge_forget },
    { "astar_distance_map_new_with", distance_map_new },
    { "astar_cpd_new_with", cpd_new },
    { "astar_cpd_load_with", cpd_load },
    { "astar_queue_new_with", queue_new },
    { "astar_path_smooth", smooth },
    { "astar_waypoint_graph_new_with", waypoint_graph_new },
    { "astar_waypoint_list_parse_with", waypoint_list_parse },
    { "astar_graph_new_with", graph_new },
    { "astar_graph_enable_landmarks", graph_landmarks },
    { "astar_hpa_new_with and astar_hpa_update", hpa_new },
    { "astar_crowd_new_with, _add, _set_goal and _step", crowd_new },
    { "astar_mapf_new_with and astar_mapf_solve", mapf_new },
};

static fixture fixture_new(void)
{
    fixture f = { 0 };
    rng r = { 4 };
    astar_grid *shape = random_grid(&r, 40, 30, (grid_recipe){ .blocked_percent = 20 });
    assert_int_equal(astar_grid_new_with(40, 30, &counted, &f.grid), ASTAR_OK);
    for (int y = 0; y < 30; y++)
        for (int x = 0; x < 40; x++)
            assert_int_equal(astar_grid_set_walkable(f.grid, x, y,
                                                     astar_grid_walkable(shape, x, y) ||
                                                         (x == 0 && y == 0)),
                             ASTAR_OK);
    astar_grid_delete(shape);
    assert_int_equal(astar_knowledge_new_with(f.grid, &counted, &f.knowledge), ASTAR_OK);
    assert_int_equal(astar_knowledge_reveal_radius(f.knowledge, f.grid, 10, 10, 6, NULL), ASTAR_OK);
    snprintf(f.map, sizeof f.map, "%s/maps/dao/arena.map", ASTAR_BENCH_DIR);
    snprintf(f.scen, sizeof f.scen, "%s/scen/dao/arena.map.scen", ASTAR_BENCH_DIR);
    f.map_text = read_whole_file(f.map, &f.map_length);
    f.scen_text = read_whole_file(f.scen, &f.scen_length);
    return f;
}

static void fixture_delete(fixture *f)
{
    astar_knowledge_delete(f->knowledge);
    astar_grid_delete(f->grid);
    free(f->map_text);
    free(f->scen_text);
}

/* The fixture's grid still searches as before, and so does its knowledge
 * layer's believed grid. */
static void expect_usable(fixture *f, uint32_t cost_before, uint32_t believed_before)
{
    astar_context *ctx;
    assert_int_equal(astar_context_new(astar_grid_cells(f->grid), &ctx), ASTAR_OK);
    astar_route p = { 0 };
    astar_status s = astar_find_path(ctx, f->grid, (astar_point){ 0, 0 }, (astar_point){ 39, 29 },
                                     NULL, &p);
    assert_true(s == ASTAR_OK || s == ASTAR_NO_PATH);
    assert_int_equal(p.cost, cost_before);
    s = astar_find_path(ctx, astar_knowledge_grid(f->knowledge), (astar_point){ 0, 0 },
                        (astar_point){ 39, 29 }, NULL, &p);
    assert_int_equal(s, ASTAR_OK);
    assert_int_equal(p.cost, believed_before);
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
        astar_route before = { 0 }, believed = { 0 };
        astar_find_path(ctx, f.grid, (astar_point){ 0, 0 }, (astar_point){ 39, 29 }, NULL, &before);
        astar_find_path(ctx, astar_knowledge_grid(f.knowledge), (astar_point){ 0, 0 },
                        (astar_point){ 39, 29 }, NULL, &believed);
        astar_context_delete(ctx);
        int held = counts.live_count;
        /* How many allocations the call makes when none fails. */
        count_from_here(-1);
        assert_int_equal(calls[c].call(&f), ASTAR_OK);
        long asked = counts.asked, around = counts.around;
        stop_counting();
        if (counts.live_count != held || around != 0)
            fail_msg("%s, no allocation failing: %d blocks left, %ld calls around the allocator",
                     calls[c].name, counts.live_count - held, around);
        assert_true(asked > 0);
        for (long k = 0; k < asked; k++) {
            count_from_here(k);
            astar_status s = calls[c].call(&f);
            around = counts.around;
            stop_counting();
            if (s != ASTAR_OUT_OF_MEMORY || counts.live_count != held || around != 0)
                fail_msg("%s, allocation %ld of %ld failing: %s, %d blocks left, %ld calls "
                         "around the allocator",
                         calls[c].name, k + 1, asked, astar_status_message(s),
                         counts.live_count - held, around);
            expect_usable(&f, before.cost, believed.cost);
            sites++;
        }
        fixture_delete(&f);
        assert_int_equal(counts.live_count, 0);
    }
    printf("allocation failures injected: %ld, every one ASTAR_OUT_OF_MEMORY with nothing "
           "left allocated\n", sites);
}

/* An allocator must have both functions; NULL is malloc and free. */
static void test_allocator_checked(void **state)
{
    (void)state;
    const astar_allocator halves[] = { { counted_allocate, NULL, &counts },
                                       { NULL, counted_release, &counts } };
    for (int i = 0; i < 2; i++) {
        const astar_allocator *a = &halves[i];
        astar_grid *g = (astar_grid *)&g;
        astar_context *ctx = (astar_context *)&ctx;
        astar_queue *q = (astar_queue *)&q;
        astar_distance_map *dm = (astar_distance_map *)&dm;
        astar_layer *layer = (astar_layer *)&layer;
        astar_units *units = (astar_units *)&units;
        astar_scenario *sc = (astar_scenario *)&sc;
        astar_error err;
        assert_int_equal(astar_grid_new_with(4, 4, a, &g), ASTAR_INVALID_ARGUMENT);
        assert_null(g);
        assert_int_equal(astar_context_new_with(16, a, &ctx), ASTAR_INVALID_ARGUMENT);
        assert_null(ctx);
        assert_int_equal(astar_queue_new_with(1, 16, 4, a, &q), ASTAR_INVALID_ARGUMENT);
        assert_null(q);
        assert_int_equal(astar_distance_map_new_with(16, a, &dm), ASTAR_INVALID_ARGUMENT);
        assert_null(dm);
        assert_int_equal(astar_layer_new_with(4, 4, a, &layer), ASTAR_INVALID_ARGUMENT);
        assert_null(layer);
        assert_int_equal(astar_units_new_with(4, 4, 2, a, &units), ASTAR_INVALID_ARGUMENT);
        assert_null(units);
        assert_int_equal(astar_grid_parse_movingai_with("type octile\nheight 1\nwidth 1\nmap\n.\n",
                                                        35, "t", a, &g, &err),
                         ASTAR_INVALID_ARGUMENT);
        assert_int_equal(err.status, ASTAR_INVALID_ARGUMENT);
        assert_int_equal(astar_scenario_parse_with("version 1\n", 10, "t", a, &sc, &err),
                         ASTAR_INVALID_ARGUMENT);
        assert_null(sc);
        astar_grid *small;
        assert_int_equal(astar_grid_new(4, 4, &small), ASTAR_OK);
        astar_cpd *cpd = (astar_cpd *)&cpd;
        assert_int_equal(astar_cpd_new_with(small, NULL, ASTAR_CPD_ORDER_DFS, 1, a, &cpd),
                         ASTAR_INVALID_ARGUMENT);
        assert_null(cpd);
        assert_int_equal(astar_cpd_parse_with("ASTARCPD", 8, "t", small, a, &cpd, &err),
                         ASTAR_INVALID_ARGUMENT);
        assert_int_equal(err.status, ASTAR_INVALID_ARGUMENT);
        astar_grid_delete(small);
    }
    assert_int_equal(counts.live_count, 0);
    /* Without an allocator, malloc serves. */
    astar_grid *g;
    counts.on = true;
    counts.around = 0;
    assert_int_equal(astar_grid_new_with(4, 4, NULL, &g), ASTAR_OK);
    long around = counts.around;
    counts.on = false;
    assert_true(around > 0);
    assert_int_equal(counts.live_count, 0);
    astar_grid_delete(g);
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
    assert_int_equal(astar_grid_load_movingai_with(map, &counted, &g, NULL), ASTAR_OK);
    assert_int_equal(astar_scenario_load_with(scen, &counted, &sc, NULL), ASTAR_OK);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    size_t cells = astar_grid_cells(g), count = astar_scenario_count(sc);
    assert_int_equal(astar_context_new_with(cells, &counted, &ctx), ASTAR_OK);
    assert_int_equal(astar_queue_new_with(3, cells, 64, &counted, &q), ASTAR_OK);
    assert_int_equal(astar_distance_map_new_with(cells, &counted, &dm), ASTAR_OK);
    static astar_point cells_a[1 << 14], cells_q[64][1 << 11];
    static astar_route paths[64];
    static astar_request requests[64];

    count_from_here(-1);
    long searches = 0, updates = 0;
    for (size_t i = 0; i < count; i += 3) {
        const astar_problem *p = astar_scenario_problem(sc, i);
        astar_options o = astar_options_default();
        o.algorithm = (astar_algorithm)(i % 3);
        o.search.open_list = i % 2 ? ASTAR_OPEN_LIST_BUCKETS : ASTAR_OPEN_LIST_HEAP;
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        o.search.partial = i % 5 == 0;
        o.search.max_expanded = i % 7 == 0 ? 50 : 0;
        astar_route path = { .points = cells_a, .capacity = 1 << 14 };
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
        o.search.partial = false;
        size_t which;
        astar_find_nearest(ctx, g, p->start, &p->goal, 1, &o, &path, &which);
        searches += 3;
    }
    stop_counting();
    astar_point waypoints[48];
    astar_waypoint_graph *wg;
    assert_int_equal(astar_waypoint_graph_new_with(g, waypoints,
                                                   some_walkable(g, waypoints, 48), NULL,
                                                   &counted, &wg, NULL),
                     ASTAR_OK);
    astar_cpd *cpd;
    assert_int_equal(astar_cpd_new_with(g, NULL, ASTAR_CPD_ORDER_DFS, 2, &counted, &cpd), ASTAR_OK);
    count_from_here(-1);
    for (size_t i = 0; i < count; i += 7) {
        const astar_problem *p = astar_scenario_problem(sc, i);
        astar_route cpd_path = { .points = cells_a, .capacity = 1 << 14 };
        astar_point next;
        astar_cpd_path(cpd, p->start, p->goal, &cpd_path);
        astar_cpd_first_move(cpd, p->start, p->goal, &next);
        astar_route walk = { .via = cells_a, .via_capacity = 64,
                             .points = cells_a + 64, .capacity = (1 << 14) - 64 };
        astar_waypoint_find_path(wg, p->start, p->goal, NULL, &walk);
        searches++;
    }
    astar_options plain = astar_options_default();
    const astar_problem *first = astar_scenario_problem(sc, 0);
    assert_int_equal(astar_distance_map_build(dm, ctx, g, &first->goal, 1, &plain), ASTAR_OK);
    for (size_t round = 0; round < 4; round++) {
        for (int u = 0; u < 64; u++) {
            const astar_problem *p = astar_scenario_problem(sc, (round * 64 + (size_t)u) % count);
            paths[u] = (astar_route){ .points = cells_q[u], .capacity = 1 << 11 };
            assert_int_equal(astar_queue_request(q, g, p->start, p->goal, &plain, u % 3, &paths[u],
                                                 &requests[u]),
                             ASTAR_OK);
        }
        astar_queue_report rep;
        do {
            assert_int_equal(astar_queue_update(q, 500, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
            updates++;
        } while (rep.running + rep.waiting > 0);
        for (int u = 0; u < 64; u++) {
            assert_true(astar_queue_poll(q, requests[u]) != ASTAR_IN_PROGRESS);
            assert_int_equal(astar_queue_cancel(q, requests[u]), ASTAR_OK);
        }
    }
    long asked = counts.asked, around = counts.around;
    stop_counting();
    printf("allocations during %ld searches and %ld queue updates: %ld (and %ld around the "
           "allocator)\n", searches, updates, asked, around);
    assert_int_equal(asked, 0);
    assert_int_equal(around, 0);
    astar_waypoint_graph_delete(wg);
    astar_cpd_delete(cpd);
    astar_distance_map_delete(dm);
    astar_queue_delete(q);
    astar_context_delete(ctx);
    astar_scenario_delete(sc);
    astar_grid_delete(g);
    assert_int_equal(counts.live_count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_allocation_failure_is_handled),
        cmocka_unit_test(test_allocator_checked),
        cmocka_unit_test(test_searches_allocate_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
