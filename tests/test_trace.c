/* Search traces (astar/trace.h): replaying a search's events rebuilds its
 * lists exactly - each square's list, F, G, H and parent equal what the
 * context reads back at the end; every square taken off the open list has
 * the lowest F of the open ones at that moment; re-pointing only lowers G;
 * the squares taken are the ones the observer is shown, in order; the PATH
 * events are the path - on random grids and benchmark maps, for every
 * algorithm, open list and option; sliced searches give the same events
 * whatever the budgets, and searches with no trace expand the same
 * squares in the same order and find the same path; a small buffer keeps
 * the first events and says how many there were. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "astar.h"
#include "util/bench_maps.h"
#include "util/grids.h"
#include "util/options.h"
#include "util/random.h"

enum { MAX_EVENTS = 1 << 20, MAX_PATH = 1 << 16 };

static int choose(void *r, int n)
{
    return rng_below(r, n);
}

/* The squares the observer is shown, in order. */
typedef struct shown {
    astar_point *at;
    size_t count;
} shown;

static void observe(void *user, const astar_context *ctx, astar_point p)
{
    (void)ctx;
    shown *s = user;
    if (s->count < MAX_EVENTS)
        s->at[s->count++] = p;
}

/* A cell's state while the events are replayed. */
typedef struct replayed {
    astar_list list;
    uint32_t f, g, h;
    astar_point parent;
} replayed;

/* The open squares' F values, lowest first, for the replay: a binary heap
 * of (F, cell) where an entry whose cell has since been closed or given
 * another F is stale and dropped when it comes to the top. */
typedef struct f_heap {
    uint64_t *key; /* F << 32 | cell */
    size_t count;
} f_heap;

static void f_heap_push(f_heap *q, uint32_t f, uint32_t cell)
{
    size_t i = q->count++;
    uint64_t k = (uint64_t)f << 32 | cell;
    for (; i > 0 && q->key[(i - 1) / 2] > k; i = (i - 1) / 2)
        q->key[i] = q->key[(i - 1) / 2];
    q->key[i] = k;
}

static void f_heap_pop(f_heap *q)
{
    uint64_t last = q->key[--q->count];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->count)
            break;
        if (c + 1 < q->count && q->key[c + 1] < q->key[c])
            c++;
        if (q->key[c] >= last)
            break;
        q->key[i] = q->key[c];
        i = c;
    }
    if (q->count > 0)
        q->key[i] = last;
}

/* One search and its trace, with a brute-force replay. */
typedef struct run {
    astar_status status;
    astar_route path;
    astar_trace trace;
    shown shown;
} run;

static astar_trace_event *event_buffer(void)
{
    astar_trace_event *e = malloc(MAX_EVENTS * sizeof *e);
    assert_non_null(e);
    return e;
}

static bool same_point(astar_point a, astar_point b)
{
    return a.x == b.x && a.y == b.y;
}

static bool same_event(const astar_trace_event *a, const astar_trace_event *b)
{
    return a->kind == b->kind && same_point(a->at, b->at) && same_point(a->parent, b->parent) &&
           a->f == b->f && a->g == b->g && a->h == b->h;
}

/* Replays r's events on grid g and checks them, step by step and against
 * the context's read-back of the same search. dijkstra: the search is a
 * nearest-target one (re-pointing may keep G, towards a lower target). */
static void check_replay(const astar_context *ctx, const astar_grid *g, const run *r,
                         const astar_options *o, bool dijkstra, long *closed_checked)
{
    const astar_trace *t = &r->trace;
    assert_int_equal(t->count, t->total);
    int w = astar_grid_width(g), h = astar_grid_height(g);
    replayed *cell = calloc((size_t)w * (size_t)h, sizeof *cell);
    f_heap open = { malloc(t->count * sizeof *open.key), 0 };
    assert_non_null(cell);
    assert_true(open.key || t->count == 0);
    size_t closed = 0, path_events = 0;
    for (size_t i = 0; i < t->count; i++) {
        const astar_trace_event *e = &t->events[i];
        assert_true(e->at.x >= 0 && e->at.x < w && e->at.y >= 0 && e->at.y < h);
        assert_int_equal(e->f, e->g + e->h);
        if (dijkstra)
            assert_int_equal(e->h, 0);
        replayed *c = &cell[(size_t)e->at.y * (size_t)w + (size_t)e->at.x];
        switch (e->kind) {
        case ASTAR_TRACE_OPENED:
            assert_int_equal(path_events, 0);
            assert_int_equal(c->list, ASTAR_LIST_NONE);
            *c = (replayed){ ASTAR_LIST_OPEN, e->f, e->g, e->h, e->parent };
            f_heap_push(&open, e->f, (uint32_t)(c - cell));
            break;
        case ASTAR_TRACE_REPOINTED:
            assert_int_equal(path_events, 0);
            assert_int_equal(c->list, ASTAR_LIST_OPEN);
            assert_int_equal(c->h, e->h);
            if (dijkstra)
                assert_true(e->g <= c->g);
            else
                assert_true(e->g < c->g);
            *c = (replayed){ ASTAR_LIST_OPEN, e->f, e->g, e->h, e->parent };
            f_heap_push(&open, e->f, (uint32_t)(c - cell));
            break;
        case ASTAR_TRACE_CLOSED: {
            assert_int_equal(path_events, 0);
            assert_int_equal(c->list, ASTAR_LIST_OPEN);
            assert_int_equal(e->f, c->f);
            assert_int_equal(e->g, c->g);
            assert_true(same_point(e->parent, c->parent));
            /* The open list's rule: nothing open has a lower F. */
            for (;;) {
                assert_true(open.count > 0);
                const replayed *top = &cell[(uint32_t)open.key[0]];
                if (top->list == ASTAR_LIST_OPEN && top->f == open.key[0] >> 32)
                    break;
                f_heap_pop(&open);
            }
            if (open.key[0] >> 32 < e->f)
                fail_msg("closed (%d,%d) with F %u while a square with F %u is open", e->at.x,
                         e->at.y, e->f, (unsigned)(open.key[0] >> 32));
            c->list = ASTAR_LIST_CLOSED;
            closed++;
            break;
        }
        case ASTAR_TRACE_PATH:
            assert_true(c->list != ASTAR_LIST_NONE);
            assert_int_equal(e->f, c->f);
            assert_int_equal(e->g, c->g);
            assert_true(same_point(e->parent, c->parent));
            path_events++;
            break;
        default:
            fail_msg("unknown event kind %d", (int)e->kind);
        }
    }
    /* The replayed lists are the context's. */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            astar_node n;
            assert_int_equal(astar_context_node(ctx, g, x, y, &n), ASTAR_OK);
            const replayed *c = &cell[(size_t)y * (size_t)w + (size_t)x];
            if (n.list != c->list)
                fail_msg("(%d,%d): the context says list %d, the trace %d", x, y, (int)n.list,
                         (int)c->list);
            if (n.list == ASTAR_LIST_NONE)
                continue;
            if (n.f != c->f || n.g != c->g || n.h != c->h)
                fail_msg("(%d,%d): F G H %u %u %u in the context, %u %u %u in the trace", x, y,
                         n.f, n.g, n.h, c->f, c->g, c->h);
            if (!dijkstra && !same_point(n.parent, c->parent))
                fail_msg("(%d,%d): parent (%d,%d) in the context, (%d,%d) in the trace", x, y,
                         n.parent.x, n.parent.y, c->parent.x, c->parent.y);
        }
    /* The squares closed are the ones expanded, and the target or, at a
     * limit, the one that would have been expanded next; the observer saw
     * the expanded ones in the same order. */
    assert_true(closed == r->path.expanded || closed == r->path.expanded + 1u);
    if (!dijkstra) /* nearest-target searches show no observer */
        assert_int_equal(r->shown.count, r->path.expanded);
    size_t k = 0;
    for (size_t i = 0; i < t->count && k < r->shown.count; i++)
        if (t->events[i].kind == ASTAR_TRACE_CLOSED)
            assert_true(same_point(t->events[i].at, r->shown.at[k++]));
    /* The PATH events are the path, start first: its jump points for JPS. */
    bool has_path = r->status == ASTAR_OK || r->status == ASTAR_PARTIAL_LIMIT ||
                    r->status == ASTAR_PARTIAL_NO_PATH;
    if (has_path) {
        bool jumps = o->algorithm != ASTAR_ALGORITHM_ASTAR && !dijkstra;
        const astar_point *points = jumps ? r->path.via : r->path.points;
        size_t length = jumps ? r->path.via_length : r->path.length;
        assert_int_equal(path_events, length);
        for (size_t i = 0; i < length; i++)
            assert_true(same_point(t->events[t->count - length + i].at, points[i]));
    } else {
        assert_int_equal(path_events, 0);
    }
    *closed_checked += (long)closed;
    free(cell);
    free(open.key);
}

static run run_new(void)
{
    run r = { 0 };
    r.path.points = malloc(MAX_PATH * sizeof *r.path.points);
    r.path.via = malloc(MAX_PATH * sizeof *r.path.via);
    r.path.capacity = r.path.via_capacity = MAX_PATH;
    r.trace.events = event_buffer();
    r.trace.capacity = MAX_EVENTS;
    r.shown.at = malloc(MAX_EVENTS * sizeof *r.shown.at);
    assert_non_null(r.path.points);
    assert_non_null(r.path.via);
    assert_non_null(r.shown.at);
    return r;
}

static void run_free(run *r)
{
    free(r->path.points);
    free(r->path.via);
    free(r->trace.events);
    free(r->shown.at);
}

/* The search with o, in one call (budget 0) or sliced with this budget;
 * traced or not. */
static void search_traced(astar_context *ctx, const astar_grid *g, astar_point start,
                          astar_point goal, astar_options o, uint32_t budget, bool traced, run *r)
{
    r->shown.count = 0;
    o.search.trace = traced ? &r->trace : NULL;
    o.search.observer = observe;
    o.search.observer_user = &r->shown;
    r->path.length = r->path.via_length = 0;
    if (budget == 0) {
        r->status = astar_find_path(ctx, g, start, goal, &o, &r->path);
        return;
    }
    r->status = astar_search_begin(ctx, g, start, goal, &o);
    while (r->status == ASTAR_IN_PROGRESS)
        r->status = astar_search_step(ctx, budget);
    if (r->status != ASTAR_INVALID_ARGUMENT && r->status != ASTAR_UNSUPPORTED &&
        r->status != ASTAR_NO_JUMP_TABLE)
        r->status = astar_search_finish(ctx, &r->path, NULL);
}

static void search(astar_context *ctx, const astar_grid *g, astar_point start, astar_point goal,
                   astar_options o, uint32_t budget, run *r)
{
    search_traced(ctx, g, start, goal, o, budget, true, r);
}

/* A search without a trace runs on loops of its own (loop.h), which take
 * shortcuts a traced one may not (the square held back from the buckets):
 * it must expand the same squares in the same order, as the observer
 * shows, and end with the same path. */
static void expect_same_untraced(astar_context *ctx, const astar_grid *g, astar_point start,
                                 astar_point goal, astar_options o, uint32_t budget,
                                 const run *traced, run *plain)
{
    search_traced(ctx, g, start, goal, o, budget, false, plain);
    assert_int_equal(plain->status, traced->status);
    assert_int_equal(plain->path.expanded, traced->path.expanded);
    assert_int_equal(plain->path.cost, traced->path.cost);
    assert_int_equal(plain->path.length, traced->path.length);
    assert_int_equal(plain->shown.count, traced->shown.count);
    for (size_t i = 0; i < plain->shown.count; i++)
        assert_true(same_point(plain->shown.at[i], traced->shown.at[i]));
    for (size_t i = 0; i < plain->path.length && i < MAX_PATH; i++)
        assert_true(same_point(plain->path.points[i], traced->path.points[i]));
}

static void expect_same_trace(const run *a, const run *b)
{
    assert_int_equal(a->status, b->status);
    assert_int_equal(a->trace.total, b->trace.total);
    assert_int_equal(a->trace.count, b->trace.count);
    for (size_t i = 0; i < a->trace.count; i++)
        if (!same_event(&a->trace.events[i], &b->trace.events[i]))
            fail_msg("event %zu differs", i);
}

static void test_random_grids(void **state)
{
    (void)state;
    rng r = { 77 };
    run one = run_new(), sliced = run_new();
    astar_context *ctx;
    assert_int_equal(astar_context_new(48 * 48, &ctx), ASTAR_OK);
    long searches = 0, events = 0, closed = 0, counted[3] = { 0 };
    for (int round = 0; round < 1200; round++) {
        int w = 8 + rng_below(&r, 40), h = 8 + rng_below(&r, 40);
        grid_recipe recipe = { .blocked_percent = rng_below(&r, 40) };
        if (rng_below(&r, 3) == 0)
            recipe = (grid_recipe){ recipe.blocked_percent, 1, 3, 1, 9 };
        astar_grid *g = random_grid(&r, w, h, recipe);
        if (rng_below(&r, 2))
            assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        for (int q = 0; q < 6; q++) {
            astar_options o = random_search_options(choose, &r);
            o.algorithm = (astar_algorithm)rng_below(&r, 3);
            if (rng_below(&r, 4) == 0)
                o.search.max_expanded = 1 + (uint32_t)rng_below(&r, 60);
            o.search.partial = rng_below(&r, 3) == 0;
            if (rng_below(&r, 2)) /* half the searches with JPS's terms */
                o.moves = ASTAR_MOVES_8;
            astar_point start = random_cell(&r, g), goal = random_cell(&r, g);
            search(ctx, g, start, goal, o, 0, &one);
            if (one.status == ASTAR_UNSUPPORTED || one.status == ASTAR_NO_JUMP_TABLE ||
                one.status == ASTAR_START_BLOCKED || one.status == ASTAR_GOAL_BLOCKED)
                continue;
            counted[o.algorithm]++;
            check_replay(ctx, g, &one, &o, false, &closed);
            static const uint32_t budgets[] = { 1, 7, 100 };
            uint32_t budget = budgets[rng_below(&r, 3)];
            search(ctx, g, start, goal, o, budget, &sliced);
            expect_same_trace(&one, &sliced);
            expect_same_untraced(ctx, g, start, goal, o, rng_below(&r, 2) ? budget : 0, &one,
                                 &sliced);
            searches++;
            events += (long)one.trace.total;
        }
        astar_grid_delete(g);
    }
    printf("traces replayed on random grids: %ld searches (A* %ld, JPS %ld, JPS+ %ld), %ld "
           "events, %ld squares closed at the lowest F; sliced traces equal; untraced searches "
           "expand the same squares\n", searches,
           counted[0], counted[1], counted[2], events, closed);
    assert_true(searches > 1000 && counted[1] > 100 && counted[2] > 100);
    astar_context_delete(ctx);
    run_free(&one);
    run_free(&sliced);
}

static void test_benchmark_maps(void **state)
{
    (void)state;
    static const char *const names[] = { "dao/arena", "bg512/AR0011SR" };
    run one = run_new(), plain = run_new();
    long searches = 0, closed = 0;
    for (size_t m = 0; m < 2; m++) {
        astar_grid *g;
        astar_scenario *sc;
        bench_map_load(names[m], &g, &sc);
        astar_context *ctx;
        assert_int_equal(astar_context_new(astar_grid_cells(g), &ctx), ASTAR_OK);
        size_t count = astar_scenario_count(sc);
        for (size_t i = 0; i < count; i += count / 12) {
            const astar_problem *p = astar_scenario_problem(sc, i);
            for (int a = 0; a < 3; a++) {
                for (int list = 0; list < 4; list += 3) { /* heap and buckets */
                    astar_options o = astar_options_default();
                    o.algorithm = (astar_algorithm)a;
                    o.search.open_list = (astar_open_list)list;
                    o.costs = ASTAR_COSTS_OCTILE;
                    o.heuristic = ASTAR_HEURISTIC_OCTILE;
                    search(ctx, g, p->start, p->goal, o, 0, &one);
                    assert_int_equal(one.status, ASTAR_OK);
                    check_replay(ctx, g, &one, &o, false, &closed);
                    expect_same_untraced(ctx, g, p->start, p->goal, o, 0, &one, &plain);
                    searches++;
                }
            }
        }
        astar_context_delete(ctx);
        astar_scenario_delete(sc);
        astar_grid_delete(g);
    }
    printf("traces replayed on benchmark maps: %ld searches, %ld squares closed; untraced "
           "searches expand the same squares\n", searches, closed);
    run_free(&one);
    run_free(&plain);
}

/* Dijkstra: a nearest-target search and a distance map, traced. */
static void test_dijkstra(void **state)
{
    (void)state;
    rng r = { 5 };
    astar_grid *g = random_grid(&r, 30, 20, (grid_recipe){ 25, 1, 2, 1, 5 });
    astar_context *ctx;
    assert_int_equal(astar_context_new(astar_grid_cells(g), &ctx), ASTAR_OK);
    run one = run_new();
    long closed = 0;
    for (int q = 0; q < 40; q++) {
        astar_point targets[3] = { random_cell(&r, g), random_cell(&r, g), random_cell(&r, g) };
        astar_point start = random_cell(&r, g);
        astar_options o = astar_options_default();
        o.search.trace = &one.trace;
        o.search.observer = observe;
        o.search.observer_user = &one.shown;
        one.shown.count = 0;
        size_t which;
        one.status = astar_find_nearest(ctx, g, start, targets, 3, &o, &one.path, &which);
        if (one.status != ASTAR_OK && one.status != ASTAR_NO_PATH)
            continue;
        check_replay(ctx, g, &one, &o, true, &closed);
    }
    /* A distance map closes every cell it reaches, each once. */
    astar_distance_map *dm;
    assert_int_equal(astar_distance_map_new(astar_grid_cells(g), &dm), ASTAR_OK);
    astar_options o = astar_options_default();
    o.search.trace = &one.trace;
    astar_point source = { 0, 0 };
    assert_int_equal(astar_grid_set_walkable(g, 0, 0, true), ASTAR_OK);
    assert_int_equal(astar_distance_map_build(dm, ctx, g, &source, 1, &o), ASTAR_OK);
    size_t reached = 0, closed_events = 0;
    for (int y = 0; y < 20; y++)
        for (int x = 0; x < 30; x++)
            reached += astar_distance_map_cost(dm, x, y) != UINT32_MAX;
    for (size_t i = 0; i < one.trace.count; i++)
        closed_events += one.trace.events[i].kind == ASTAR_TRACE_CLOSED;
    assert_int_equal(closed_events, reached);
    printf("nearest and distance-map traces: %ld squares closed, %zu by the map\n", closed,
           closed_events);
    astar_distance_map_delete(dm);
    astar_context_delete(ctx);
    astar_grid_delete(g);
    run_free(&one);
}

/* A buffer too small keeps the first events and counts them all; a
 * buffer of none only counts; NULL with room is refused. */
static void test_small_buffers(void **state)
{
    (void)state;
    char map[512];
    snprintf(map, sizeof map, "%s/maps/dao/arena.map", ASTAR_BENCH_DIR);
    astar_grid *g;
    assert_int_equal(astar_grid_load_movingai(map, &g, NULL), ASTAR_OK);
    astar_context *ctx;
    assert_int_equal(astar_context_new(astar_grid_cells(g), &ctx), ASTAR_OK);
    astar_point start = { 3, 3 }, goal = { 45, 40 };
    run full = run_new(), part = run_new();
    search(ctx, g, start, goal, astar_options_default(), 0, &full);
    assert_int_equal(full.status, ASTAR_OK);
    size_t sizes[] = { 0, 1, full.trace.total / 2, full.trace.total - 1, full.trace.total };
    for (size_t k = 0; k < 5; k++) {
        part.trace.capacity = sizes[k];
        search(ctx, g, start, goal, astar_options_default(), k % 2 ? 0 : 3, &part);
        assert_int_equal(part.status, ASTAR_OK);
        assert_int_equal(part.trace.total, full.trace.total);
        assert_int_equal(part.trace.count, sizes[k]);
        for (size_t i = 0; i < part.trace.count; i++)
            assert_true(same_event(&part.trace.events[i], &full.trace.events[i]));
    }
    astar_trace counting = { 0 };
    astar_options o = astar_options_default();
    o.search.trace = &counting;
    astar_route p = { 0 };
    assert_int_equal(astar_find_path(ctx, g, start, goal, &o, &p), ASTAR_OK);
    assert_int_equal(counting.total, full.trace.total);
    assert_int_equal(counting.count, 0);
    astar_trace broken = { .capacity = 10 };
    o.search.trace = &broken;
    assert_int_equal(astar_find_path(ctx, g, start, goal, &o, &p), ASTAR_INVALID_ARGUMENT);
    run_free(&full);
    run_free(&part);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_grids),
        cmocka_unit_test(test_benchmark_maps),
        cmocka_unit_test(test_dijkstra),
        cmocka_unit_test(test_small_buffers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
