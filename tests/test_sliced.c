/* Sliced searches (astar/sliced.h): begun, stepped with any budgets and
 * finished, a search gives what the one call gives - status, path, cost,
 * expanded, jump points, every square's list, F, G, H and parent, and the
 * squares an observer is shown - on random grids and benchmark maps, for
 * every algorithm, open list and option; the expansion limit and partial
 * paths (checked against a brute-force scan of the closed list); edits
 * between steps; and the rules for the caller. */
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

enum { MAX_SIDE = 512, MAX_CELLS = MAX_SIDE * MAX_SIDE };

/* The sanitizers' build (Debug, 10 to 20 times slower) runs a quarter of
 * each random sample, and expects a quarter of its counts: it looks for
 * memory errors, which need the code paths, not every draw; the release
 * build runs them whole. */
#ifdef ASTAR_TEST_SANITIZED
enum { SHARE = 4 };
#else
enum { SHARE = 1 };
#endif

static int choose(void *r, int n)
{
    return rng_below(r, n);
}

/* Budgets for the steps of one search: one value, or a new one each step. */
typedef struct budgets {
    uint32_t fixed;   /* 0: draw each step from 1..200 */
    rng r;
} budgets;

static uint32_t next_budget(budgets *b)
{
    return b->fixed ? b->fixed : (uint32_t)(1 + rng_below(&b->r, 200));
}

static budgets random_budgets(rng *r)
{
    static const uint32_t fixed[] = { 1, 7, 100, UINT32_MAX, 0 };
    budgets b = { .fixed = fixed[rng_below(r, 5)], .r = { rng_next(r) } };
    return b;
}

/* What an observer is shown, hashed in order. */
static void observe(void *user, const astar_context *ctx, astar_point p)
{
    (void)ctx;
    uint64_t *h = user;
    *h = (*h ^ ((uint64_t)(uint32_t)p.x << 32 | (uint32_t)p.y)) * 0x100000001b3u;
}

typedef struct answer {
    astar_status status;
    astar_route path;
    size_t which;
    uint64_t seen;
    uint32_t steps;
} answer;

typedef struct bench {
    astar_context *one, *sliced;
    astar_point *points[2], *nodes[2];
    long queries, mismatches;
} bench;

static void answer_init(answer *a, astar_point *points, astar_point *nodes)
{
    *a = (answer){ .path = { .points = points, .capacity = MAX_CELLS, .via = nodes,
                             .via_capacity = MAX_CELLS } };
}

/* Fails (naming the query) unless the two answers and what the two
 * contexts read back agree; with every_cell, every cell is read back. */
static void expect_same(bench *b, const astar_grid *g, answer *one, answer *sliced,
                        bool every_cell, const char *what)
{
    b->queries++;
    bool same = one->status == sliced->status && one->path.length == sliced->path.length &&
                one->path.cost == sliced->path.cost &&
                one->path.expanded == sliced->path.expanded &&
                one->path.via_length == sliced->path.via_length && one->which == sliced->which &&
                one->seen == sliced->seen;
    if (same && one->path.length <= MAX_CELLS)
        same = memcmp(one->path.points, sliced->path.points,
                      one->path.length * sizeof *one->path.points) == 0 &&
               memcmp(one->path.via, sliced->path.via,
                      one->path.via_length * sizeof *one->path.via) == 0;
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (int y = 0; same && every_cell && y < h; y++)
        for (int x = 0; same && x < w; x++) {
            astar_node n1, n2;
            assert_int_equal(astar_context_node(b->one, g, x, y, &n1), ASTAR_OK);
            assert_int_equal(astar_context_node(b->sliced, g, x, y, &n2), ASTAR_OK);
            same = memcmp(&n1, &n2, sizeof n1) == 0;
        }
    if (!same) {
        b->mismatches++;
        fail_msg("%s: one call %s (%zu cells, cost %u, %u expanded), sliced %s (%zu cells, cost "
                 "%u, %u expanded, %u steps)",
                 what, astar_status_message(one->status), one->path.length, one->path.cost,
                 one->path.expanded, astar_status_message(sliced->status), sliced->path.length,
                 sliced->path.cost, sliced->path.expanded, sliced->steps);
    }
}

/* Steps the search begun on ctx to its end with budgets, then finishes it. */
static void run_sliced(astar_context *ctx, budgets *bs, answer *a)
{
    astar_status s;
    while ((s = astar_search_step(ctx, next_budget(bs))) == ASTAR_IN_PROGRESS) {
        a->steps++;
        uint32_t expanded = astar_search_expanded(ctx);
        /* Not ended: the answer is not there yet. */
        assert_int_equal(astar_search_finish(ctx, &a->path, NULL), ASTAR_IN_PROGRESS);
        assert_int_equal(a->path.length, 0);
        assert_int_equal(astar_search_expanded(ctx), expanded);
    }
    /* Ended: stepping again gives the end again. */
    assert_int_equal(astar_search_step(ctx, 5), s);
    a->status = astar_search_finish(ctx, &a->path, &a->which);
    assert_true(a->status == s || a->status == ASTAR_PATH_BUFFER_TOO_SMALL);
}

/* One query both ways. */
static void compare_path(bench *b, const astar_grid *g, astar_point start, astar_point goal,
                         astar_options o, budgets bs, bool every_cell)
{
    answer one, sliced;
    answer_init(&one, b->points[0], b->nodes[0]);
    answer_init(&sliced, b->points[1], b->nodes[1]);
    bool observed = o.search.observer != NULL;
    o.search.observer_user = &one.seen;
    one.status = astar_find_path(b->one, g, start, goal, &o, &one.path);
    if (observed)
        o.search.observer_user = &sliced.seen;
    astar_status begun = astar_search_begin(b->sliced, g, start, goal, &o);
    if (begun != ASTAR_IN_PROGRESS) {
        /* Refused as the one call refuses it, and nothing is in progress. */
        assert_int_equal(begun, one.status);
        assert_int_equal(astar_search_step(b->sliced, 1), ASTAR_INVALID_ARGUMENT);
        b->queries++;
        return;
    }
    run_sliced(b->sliced, &bs, &sliced);
    char what[160];
    snprintf(what, sizeof what, "(%d,%d) -> (%d,%d), algorithm %d, open list %d, limit %u%s, budget %u",
             start.x, start.y, goal.x, goal.y, o.algorithm, o.search.open_list, o.search.max_expanded,
             o.search.partial ? " partial" : "", bs.fixed);
    expect_same(b, g, &one, &sliced, every_cell, what);
}

static void compare_nearest(bench *b, const astar_grid *g, astar_point start,
                            const astar_point *targets, size_t count, astar_options o,
                            budgets bs, bool every_cell)
{
    answer one, sliced;
    answer_init(&one, b->points[0], b->nodes[0]);
    answer_init(&sliced, b->points[1], b->nodes[1]);
    one.status = astar_find_nearest(b->one, g, start, targets, count, &o, &one.path, &one.which);
    astar_status begun = astar_search_begin_nearest(b->sliced, g, start, targets, count, &o);
    if (begun != ASTAR_IN_PROGRESS) {
        assert_int_equal(begun, one.status);
        b->queries++;
        return;
    }
    run_sliced(b->sliced, &bs, &sliced);
    if (sliced.status != ASTAR_OK)
        sliced.which = one.which; /* written only when found */
    expect_same(b, g, &one, &sliced, every_cell, "nearest");
}

/* Options for a query on g: any A* options; JPS or JPS+ where they serve;
 * sometimes a limit, a partial path, an observer. */
static astar_options query_options(rng *r, const astar_grid *g)
{
    astar_options o = random_search_options(choose, r);
    if (astar_grid_uniform(g) && rng_below(r, 2)) {
        o.algorithm = rng_below(r, 2) ? ASTAR_ALGORITHM_JPS : ASTAR_ALGORITHM_JPS_PLUS;
        o.moves = ASTAR_MOVES_8;
    }
    if (rng_below(r, 3) == 0)
        o.search.max_expanded = (uint32_t)(1 + rng_below(r, 60));
    o.search.partial = rng_below(r, 3) == 0;
    if (rng_below(r, 4) == 0)
        o.search.observer = observe;
    return o;
}

static bench bench_new(void)
{
    bench b = { 0 };
    assert_int_equal(astar_context_new(MAX_CELLS, &b.one), ASTAR_OK);
    assert_int_equal(astar_context_new(MAX_CELLS, &b.sliced), ASTAR_OK);
    for (int i = 0; i < 2; i++) {
        b.points[i] = malloc(MAX_CELLS * sizeof *b.points[i]);
        b.nodes[i] = malloc(MAX_CELLS * sizeof *b.nodes[i]);
        assert_non_null(b.points[i]);
        assert_non_null(b.nodes[i]);
    }
    return b;
}

static void bench_delete(bench *b)
{
    astar_context_delete(b->one);
    astar_context_delete(b->sliced);
    for (int i = 0; i < 2; i++) {
        free(b->points[i]);
        free(b->nodes[i]);
    }
}

/* Random grids, some with terrain, islands or dead ends; every cell read
 * back after every query. */
static void test_sliced_equals_one_call_on_random_grids(void **state)
{
    (void)state;
    rng r = { 14 };
    bench b = bench_new();
    for (int k = 0; k < 400 / SHARE; k++) {
        int w = 1 + rng_below(&r, 40), h = 1 + rng_below(&r, 40);
        bool rough = rng_below(&r, 3) == 0;
        astar_grid *g = random_grid(&r, w, h, (grid_recipe){ .blocked_percent = rng_below(&r, 40),
                                                           .rough_chance = 1,
                                                           .rough_out_of = rough ? 3 : 0,
                                                           .min_cost = 1, .max_cost = 6 });
        assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        if (rng_below(&r, 3) == 0)
            assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
        if (rng_below(&r, 3) == 0)
            assert_int_equal(astar_grid_enable_dead_ends(g), ASTAR_OK);
        for (int q = 0; q < 25; q++) {
            astar_point a = random_cell(&r, g), goal = random_cell(&r, g);
            compare_path(&b, g, a, goal, query_options(&r, g), random_budgets(&r), true);
        }
        astar_point targets[4];
        for (int q = 0; q < 3; q++) {
            size_t count = (size_t)rng_below(&r, 5);
            for (size_t i = 0; i < count; i++)
                targets[i] = random_cell(&r, g);
            astar_options o = backward_search_options(random_search_options(choose, &r));
            if (rng_below(&r, 3) == 0)
                o.search.max_expanded = (uint32_t)(1 + rng_below(&r, 60));
            compare_nearest(&b, g, random_cell(&r, g), targets, count, o, random_budgets(&r), true);
        }
        astar_grid_delete(g);
    }
    printf("sliced = one call on random grids: %ld queries, %ld mismatches\n", b.queries,
           b.mismatches);
    assert_true(b.queries >= 11000 / SHARE);
    bench_delete(&b);
}

/* Problems of benchmark maps, every algorithm and open list. */
static void test_sliced_equals_one_call_on_benchmark_maps(void **state)
{
    (void)state;
    static const char *const names[] = { "dao/arena", "bg512/AR0011SR", "maze/maze512-8-0",
                                         "room/16room_000", "street/Berlin_0_256" };
    rng r = { 10 };
    bench b = bench_new();
    for (size_t m = 0; m < sizeof names / sizeof names[0]; m++) {
        astar_grid *g;
        astar_scenario *sc;
        bench_map_load(names[m], &g, &sc);
        size_t count = astar_scenario_count(sc);
        for (int q = 0; q < 120 / SHARE; q++) {
            const astar_problem *p = astar_scenario_problem(sc, (size_t)rng_below(&r, (int)count));
            astar_options o = query_options(&r, g);
            budgets bs = random_budgets(&r);
            if (bs.fixed == 1 && o.algorithm == ASTAR_ALGORITHM_ASTAR && !o.search.max_expanded)
                bs.fixed = 7; /* a step a square of a long A* search: slow under ASan */
            compare_path(&b, g, p->start, p->goal, o, bs, false);
        }
        astar_scenario_delete(sc);
        astar_grid_delete(g);
    }
    printf("sliced = one call on benchmark maps: %ld queries, %ld mismatches\n", b.queries,
           b.mismatches);
    bench_delete(&b);
}

/* The expansion limit: a limited search finds what the unlimited one finds
 * when that needs at most the limit, and otherwise stops having expanded
 * exactly the limit. */
static void test_expansion_limit(void **state)
{
    (void)state;
    rng r = { 3 };
    bench b = bench_new();
    int found = 0, stopped = 0;
    for (int k = 0; k < 300 / SHARE; k++) {
        astar_grid *g = random_grid(&r, 30, 30, (grid_recipe){ .blocked_percent = 25 });
        astar_point a = random_cell(&r, g), goal = random_cell(&r, g);
        astar_options o = random_search_options(choose, &r);
        answer full, limited;
        answer_init(&full, b.points[0], b.nodes[0]);
        answer_init(&limited, b.points[1], b.nodes[1]);
        full.status = astar_find_path(b.one, g, a, goal, &o, &full.path);
        if (full.status == ASTAR_OK || full.status == ASTAR_NO_PATH) {
            o.search.max_expanded = (uint32_t)(1 + rng_below(&r, 2 * (int)full.path.expanded + 2));
            limited.status = astar_find_path(b.sliced, g, a, goal, &o, &limited.path);
            if (full.path.expanded <= o.search.max_expanded) {
                assert_int_equal(limited.status, full.status);
                assert_int_equal(limited.path.cost, full.path.cost);
                assert_int_equal(limited.path.expanded, full.path.expanded);
                found++;
            } else {
                assert_int_equal(limited.status, ASTAR_EXPANSION_LIMIT);
                assert_int_equal(limited.path.expanded, o.search.max_expanded);
                assert_int_equal(limited.path.length, 0);
                stopped++;
            }
        }
        astar_grid_delete(g);
    }
    assert_true(found > 50 / SHARE && stopped > 50 / SHARE);
    bench_delete(&b);
}

/* The partial path: from the start to the closed square with the least H,
 * of those the least G (a scan of every cell's node says which), legal
 * under the options, and costing that square's G. */
static void test_partial_paths_lead_to_the_nearest_closed_square(void **state)
{
    (void)state;
    rng r = { 5 };
    bench b = bench_new();
    int partial = 0;
    for (int k = 0; k < 600 / SHARE; k++) {
        int w = 2 + rng_below(&r, 40), h = 2 + rng_below(&r, 40);
        astar_grid *g = random_grid(&r, w, h, (grid_recipe){ .blocked_percent = 20 + rng_below(&r, 25),
                                                           .rough_chance = 1, .rough_out_of = 4,
                                                           .min_cost = 1, .max_cost = 5 });
        assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        if (rng_below(&r, 2))
            assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
        astar_point a = random_cell(&r, g), goal = random_cell(&r, g);
        astar_options o = query_options(&r, g);
        o.search.observer = NULL;
        o.search.partial = true;
        if (rng_below(&r, 2))
            o.search.max_expanded = (uint32_t)(1 + rng_below(&r, 40));
        answer got;
        answer_init(&got, b.points[0], b.nodes[0]);
        got.status = astar_find_path(b.one, g, a, goal, &o, &got.path);
        assert_true(got.status != ASTAR_NO_PATH && got.status != ASTAR_EXPANSION_LIMIT);
        if (got.status == ASTAR_PARTIAL_NO_PATH || got.status == ASTAR_PARTIAL_LIMIT) {
            partial++;
            uint32_t best_h = UINT32_MAX, best_g = UINT32_MAX;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    astar_node n;
                    assert_int_equal(astar_context_node(b.one, g, x, y, &n), ASTAR_OK);
                    if (n.list == ASTAR_LIST_CLOSED &&
                        (n.h < best_h || (n.h == best_h && n.g < best_g))) {
                        best_h = n.h;
                        best_g = n.g;
                    }
                }
            astar_point end = got.path.points[got.path.length - 1];
            astar_node n;
            assert_int_equal(astar_context_node(b.one, g, end.x, end.y, &n), ASTAR_OK);
            assert_int_equal(n.list, ASTAR_LIST_CLOSED);
            assert_int_equal(n.h, best_h);
            assert_int_equal(n.g, best_g);
            assert_int_equal(got.path.cost, n.g);
            astar_path_measure m;
            assert_int_equal(astar_path_check(g, &o, a, end, got.path.points, got.path.length, &m,
                                              NULL),
                             ASTAR_OK);
            assert_int_equal(m.cost, got.path.cost);
            assert_true(got.path.points[0].x == a.x && got.path.points[0].y == a.y);
        }
        astar_grid_delete(g);
    }
    assert_true(partial > 100 / SHARE);
    bench_delete(&b);
}

/* A walled-off goal: no path, and with partial the path to the wall. */
static void test_partial_path_to_a_walled_off_goal(void **state)
{
    (void)state;
    astar_grid *g;
    astar_context *ctx;
    assert_int_equal(astar_grid_new(10, 5, &g), ASTAR_OK);
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    for (int y = 0; y < 5; y++)
        assert_int_equal(astar_grid_set_walkable(g, 6, y, false), ASTAR_OK);
    assert_int_equal(astar_context_new(50, &ctx), ASTAR_OK);
    astar_point cells[50];
    astar_route p = { .points = cells, .capacity = 50 };
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 0, 2 }, (astar_point){ 9, 2 }, &o, &p),
                     ASTAR_NO_PATH);
    assert_int_equal(p.expanded, 0); /* the islands said so at once */
    o.search.partial = true;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 0, 2 }, (astar_point){ 9, 2 }, &o, &p),
                     ASTAR_PARTIAL_NO_PATH);
    assert_int_equal(p.length, 6);
    assert_int_equal(cells[5].x, 5);
    assert_int_equal(cells[5].y, 2);
    assert_int_equal(p.cost, 5 * ASTAR_OCTILE_STRAIGHT);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* A partial path that does not fit the buffer keeps its partial status in
 * the route, sliced or in one call, whether the search stopped for want
 * of a path or at its limit: the call says the buffer was too small, the
 * route says how the search ended, and the first cells are written. */
static void test_partial_path_in_a_short_buffer(void **state)
{
    (void)state;
    astar_grid *g;
    astar_context *ctx;
    assert_int_equal(astar_grid_new(10, 5, &g), ASTAR_OK);
    for (int y = 0; y < 5; y++)
        assert_int_equal(astar_grid_set_walkable(g, 6, y, false), ASTAR_OK);
    assert_int_equal(astar_context_new(50, &ctx), ASTAR_OK);
    astar_point cells[3];
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    o.search.partial = true;
    astar_point a = { 0, 2 }, b = { 9, 2 };
    astar_route p = { .points = cells, .capacity = 3 };
    assert_int_equal(astar_search_begin(ctx, g, a, b, &o), ASTAR_IN_PROGRESS);
    while (astar_search_step(ctx, 4) == ASTAR_IN_PROGRESS)
        ;
    assert_int_equal(astar_search_finish(ctx, &p, NULL), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(p.status, ASTAR_PARTIAL_NO_PATH);
    assert_int_equal(p.length, 6);
    assert_int_equal(p.cut, 3);
    assert_int_equal(p.cost, 5 * ASTAR_OCTILE_STRAIGHT);
    for (int i = 0; i < 3; i++)
        assert_true(cells[i].x == i && cells[i].y == 2);
    p = (astar_route){ .points = cells, .capacity = 3 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(p.status, ASTAR_PARTIAL_NO_PATH);
    assert_int_equal(p.length, 6);
    /* Stopped by the limit: the same, with the limit's partial status. */
    o.search.max_expanded = 3;
    p = (astar_route){ .points = cells, .capacity = 1 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(p.status, ASTAR_PARTIAL_LIMIT);
    assert_true(p.length > 1 && p.cut == p.length - 1);
    assert_true(cells[0].x == a.x && cells[0].y == a.y);
    /* Room enough: the call and the route say the same. */
    astar_point room[50];
    p = (astar_route){ .points = room, .capacity = 50 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &p), ASTAR_PARTIAL_LIMIT);
    assert_int_equal(p.status, ASTAR_PARTIAL_LIMIT);
    assert_int_equal(p.cut, 0);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* The test's own reading of astar_on_edit for A*: an edit of c touches the
 * search on ctx (towards goal) when c is the goal, a square the search
 * has reached, or next to one it has expanded. */
static bool near_what_was_read(const astar_context *ctx, const astar_grid *g, astar_point c,
                               astar_point goal)
{
    if (c.x == goal.x && c.y == goal.y)
        return true;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            astar_point n = { c.x + dx, c.y + dy };
            astar_node node;
            if (n.x < 0 || n.y < 0 || n.x >= astar_grid_width(g) || n.y >= astar_grid_height(g))
                continue;
            assert_int_equal(astar_context_node(ctx, g, n.x, n.y, &node), ASTAR_OK);
            if ((dx == 0 && dy == 0) ? node.list != ASTAR_LIST_NONE : node.list == ASTAR_LIST_CLOSED)
                return true;
        }
    return false;
}

/* Edits between steps, on random grids with and without terrain, for every
 * algorithm and open list: a search that goes on after them gives exactly
 * what a fresh one-call search on the edited map gives (status, path,
 * cost, expanded, every cell's list, F, G, H and parent); for A* it goes
 * on exactly when no edit touched it by the rule of astar_on_edit (read
 * here from the context); JPS and JPS+ scanning end at any edit; an index
 * enabled ends every search; ASTAR_ON_EDIT_FINISH never ends one; setting
 * a cell to what it holds is no edit. */
static void test_edits_between_steps(void **state)
{
    (void)state;
    rng r = { 8 };
    bench b = bench_new();
    int changed = 0, went_on = 0, finished = 0;
    for (int k = 0; k < 600 / SHARE; k++) {
        grid_recipe recipe = { .blocked_percent = 15 };
        if (k % 2)
            recipe = (grid_recipe){ .blocked_percent = 15, .rough_chance = 1, .rough_out_of = 4,
                                    .min_cost = 1, .max_cost = 6 };
        astar_grid *g = random_grid(&r, 30, 30, recipe);
        assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        bool islands = k % 3 == 0;
        if (islands)
            assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
        astar_point a = random_cell(&r, g), goal = random_cell(&r, g);
        astar_options o = query_options(&r, g);
        o.search.observer = NULL;
        o.search.on_edit = rng_below(&r, 5) == 0 ? ASTAR_ON_EDIT_FINISH : ASTAR_ON_EDIT_RESTART;
        bool uniform = astar_grid_uniform(g);
        int uniform_cost = astar_grid_cost(g, goal.x, goal.y);
        if (astar_search_begin(b.sliced, g, a, goal, &o) != ASTAR_IN_PROGRESS) {
            astar_grid_delete(g);
            continue;
        }
        astar_status s = astar_search_step(b.sliced, (uint32_t)(1 + rng_below(&r, 20)));
        astar_point c = random_cell(&r, g);
        bool walkable = astar_grid_walkable(g, c.x, c.y);
        /* Setting a cell to what it holds is no edit. */
        assert_int_equal(astar_grid_set_walkable(g, c.x, c.y, walkable), ASTAR_OK);
        astar_status after = astar_search_step(b.sliced, 1);
        assert_true(s == ASTAR_IN_PROGRESS ? after != ASTAR_MAP_CHANGED : after == s);
        bool touched = false;
        for (int e = 1 + rng_below(&r, 3); e > 0; e--) {
            c = random_cell(&r, g);
            walkable = astar_grid_walkable(g, c.x, c.y);
            bool near = near_what_was_read(b.sliced, g, c, goal), whole = false;
            uint64_t before = astar_grid_edits(g);
            switch (rng_below(&r, 12)) {
            case 0: assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK); whole = true; break;
            case 1: astar_grid_disable_jump_table(g); whole = true; break;
            case 2: case 3: case 4:
                assert_int_equal(astar_grid_set_cost(g, c.x, c.y, 1 + rng_below(&r, 6)), ASTAR_OK);
                break;
            default: assert_int_equal(astar_grid_set_walkable(g, c.x, c.y, !walkable), ASTAR_OK);
            }
            if (astar_grid_edits(g) == before)
                continue; /* the cell or index was as asked already: no edit */
            int cost = astar_grid_cost(g, c.x, c.y);
            touched = touched || whole || near ||
                      (uniform && cost != 0 && cost != uniform_cost);
        }
        /* The islands let the search begin; apart now, a fresh one ends at once. */
        touched = touched || (islands && !o.search.partial &&
                              astar_grid_island(g, a.x, a.y) != astar_grid_island(g, goal.x, goal.y));
        answer sliced, one;
        answer_init(&sliced, b.points[1], b.nodes[1]);
        budgets bs = random_budgets(&r);
        if (after != ASTAR_IN_PROGRESS) {
            /* Ended before the edits: the answer stands if they touched nothing. */
            sliced.status = astar_search_finish(b.sliced, &sliced.path, NULL);
        } else {
            run_sliced(b.sliced, &bs, &sliced);
        }
        bool plain = o.algorithm == ASTAR_ALGORITHM_ASTAR;
        if (o.search.on_edit == ASTAR_ON_EDIT_FINISH) {
            assert_int_not_equal(sliced.status, ASTAR_MAP_CHANGED);
            finished++;
        } else if (sliced.status == ASTAR_MAP_CHANGED) {
            assert_true(!plain || touched);
            changed++;
            /* Begun again on the new map: a fresh search's answer. */
            o.algorithm = ASTAR_ALGORITHM_ASTAR;
            compare_path(&b, g, a, goal, o, random_budgets(&r), true);
        } else {
            assert_true(!plain || !touched);
            went_on++;
            answer_init(&one, b.points[0], b.nodes[0]);
            one.status = astar_find_path(b.one, g, a, goal, &o, &one.path);
            sliced.steps = 0;
            expect_same(&b, g, &one, &sliced, true, "went on after edits");
        }
        astar_grid_delete(g);
    }
    print_message("after edits: %d went on as a fresh search, %d ended, %d finished anyway\n",
                  went_on, changed, finished);
    assert_true(changed > 100 / SHARE && went_on > 100 / SHARE && finished > 50 / SHARE);
    bench_delete(&b);
}

/* With islands enabled, an edit far from what a search has read that puts
 * its start and goal apart ends it: a fresh search would answer
 * ASTAR_NO_PATH at once, expanding nothing (found by fuzz_api). */
static void test_edit_that_parts_the_islands(void **state)
{
    (void)state;
    astar_grid *g;
    astar_context *ctx;
    assert_int_equal(astar_grid_new(16, 1, &g), ASTAR_OK);
    assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
    assert_int_equal(astar_context_new(16, &ctx), ASTAR_OK);
    astar_point cells[16];
    astar_route p = { .points = cells, .capacity = 16 };
    astar_point a = { 13, 0 }, goal = { 3, 0 };
    assert_int_equal(astar_search_begin(ctx, g, a, goal, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, 1), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_grid_set_walkable(g, 5, 0, false), ASTAR_OK);
    assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_MAP_CHANGED);
    assert_int_equal(astar_find_path(ctx, g, a, goal, NULL, &p), ASTAR_NO_PATH);
    assert_int_equal(p.expanded, 0);
    /* Ended at once, the islands having put its ends apart: an edit since
     * (here its start blocked) may change what a fresh search says. */
    assert_int_equal(astar_search_begin(ctx, g, a, goal, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, 1), ASTAR_NO_PATH);
    assert_int_equal(astar_grid_set_walkable(g, a.x, a.y, false), ASTAR_OK);
    assert_int_equal(astar_search_finish(ctx, &p, NULL), ASTAR_MAP_CHANGED);
    assert_int_equal(astar_find_path(ctx, g, a, goal, NULL, &p), ASTAR_START_BLOCKED);
    assert_int_equal(astar_grid_set_walkable(g, a.x, a.y, true), ASTAR_OK);
    /* Without islands it goes on, and expands what a fresh search does. */
    astar_grid_disable_islands(g);
    assert_int_equal(astar_grid_set_walkable(g, 5, 0, true), ASTAR_OK);
    assert_int_equal(astar_search_begin(ctx, g, a, goal, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, 1), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_grid_set_walkable(g, 5, 0, false), ASTAR_OK);
    assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_NO_PATH);
    assert_int_equal(astar_search_finish(ctx, &p, NULL), ASTAR_NO_PATH);
    uint32_t went_on = p.expanded;
    assert_int_equal(astar_find_path(ctx, g, a, goal, NULL, &p), ASTAR_NO_PATH);
    assert_int_equal(p.expanded, went_on);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* A cost layer the search reads, edited while it runs - far from
 * anything it has read - touches it: the squares it reached may cost
 * otherwise now (found by the soak, tests/soak.c). Asked to finish, it
 * goes on; a layer it does not read touches nothing. */
static void test_layer_edited_while_it_runs(void **state)
{
    (void)state;
    astar_grid *g;
    astar_context *ctx;
    astar_layer *layer, *other;
    assert_int_equal(astar_grid_new(32, 8, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(256, &ctx), ASTAR_OK);
    assert_int_equal(astar_layer_new(32, 8, &layer), ASTAR_OK);
    assert_int_equal(astar_layer_new(32, 8, &other), ASTAR_OK);
    astar_layer_use use = { layer, 1.0 };
    astar_options o = astar_options_default();
    o.world.layers = &use;
    o.world.layer_count = 1;
    astar_point a = { 0, 0 }, goal = { 31, 7 };
    astar_point cells[64];
    astar_route route = { .points = cells, .capacity = 64 };
    assert_int_equal(astar_search_begin(ctx, g, a, goal, &o), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, 2), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_layer_set(other, 30, 7, 50), ASTAR_OK);
    assert_int_equal(astar_search_step(ctx, 2), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_layer_add(layer, 30, 7, 50), ASTAR_OK);
    assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_MAP_CHANGED);
    assert_int_equal(astar_search_finish(ctx, &route, NULL), ASTAR_MAP_CHANGED);
    o.search.on_edit = ASTAR_ON_EDIT_FINISH;
    assert_int_equal(astar_search_begin(ctx, g, a, goal, &o), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, 2), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_layer_decay(layer, 0.5), ASTAR_OK);
    assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_OK);
    astar_layer_delete(other);
    astar_layer_delete(layer);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* Edits between the steps of nearest searches: one that goes on gives
 * what a fresh search on the edited map gives, and goes on exactly when
 * no edit touched it: none at a target, at the start (where it stops) or
 * near what it read. */
static void test_edits_between_nearest_steps(void **state)
{
    (void)state;
    rng r = { 81 };
    bench b = bench_new();
    int changed = 0, went_on = 0;
    for (int k = 0; k < 400 / SHARE; k++) {
        astar_grid *g = random_grid(&r, 24, 24, (grid_recipe){ .blocked_percent = 20, .rough_chance = 1, .rough_out_of = 3, .min_cost = 1, .max_cost = 5 });
        astar_point start = random_cell(&r, g), targets[4];
        size_t count = 1 + (size_t)rng_below(&r, 4);
        for (size_t i = 0; i < count; i++)
            targets[i] = random_cell(&r, g);
        astar_options o = backward_search_options(random_search_options(choose, &r));
        if (astar_search_begin_nearest(b.sliced, g, start, targets, count, &o) != ASTAR_IN_PROGRESS ||
            astar_search_step(b.sliced, (uint32_t)(1 + rng_below(&r, 30))) != ASTAR_IN_PROGRESS) {
            astar_grid_delete(g);
            continue;
        }
        astar_point c = rng_below(&r, 8) ? random_cell(&r, g) : targets[rng_below(&r, (int)count)];
        bool touched = near_what_was_read(b.sliced, g, c, start);
        for (size_t i = 0; i < count; i++)
            touched = touched || (c.x == targets[i].x && c.y == targets[i].y);
        assert_int_equal(astar_grid_set_walkable(g, c.x, c.y, !astar_grid_walkable(g, c.x, c.y)),
                         ASTAR_OK);
        answer sliced, one;
        answer_init(&sliced, b.points[1], b.nodes[1]);
        budgets bs = random_budgets(&r);
        run_sliced(b.sliced, &bs, &sliced);
        if (sliced.status == ASTAR_MAP_CHANGED) {
            assert_true(touched);
            changed++;
        } else {
            assert_false(touched);
            went_on++;
            answer_init(&one, b.points[0], b.nodes[0]);
            one.status = astar_find_nearest(b.one, g, start, targets, count, &o, &one.path, &one.which);
            if (sliced.status != ASTAR_OK)
                sliced.which = one.which; /* written only when found */
            sliced.steps = 0;
            expect_same(&b, g, &one, &sliced, true, "nearest went on after an edit");
        }
        astar_grid_delete(g);
    }
    print_message("nearest after edits: %d went on as a fresh search, %d ended\n", went_on, changed);
    /* A quarter of the draws ends about 11 searches: the sanitizers'
     * build asks for 10. */
    assert_true(changed > (SHARE == 1 ? 50 : 10) && went_on > 50 / SHARE);
    bench_delete(&b);
}

/* The rules for the caller: no search begun, a search ended by another,
 * a refused request, step 0, unsupported combinations. */
static void test_rules_for_the_caller(void **state)
{
    (void)state;
    astar_grid *g;
    astar_context *ctx;
    astar_distance_map *map;
    assert_int_equal(astar_grid_new(8, 8, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(64, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(64, &map), ASTAR_OK);
    astar_point cells[64];
    astar_route p = { .points = cells, .capacity = 64 };
    astar_point a = { 0, 0 }, goal = { 7, 7 };

    assert_int_equal(astar_search_step(NULL, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_search_step(ctx, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_search_finish(ctx, &p, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_search_expanded(ctx), 0);

    assert_int_equal(astar_search_begin(ctx, g, a, goal, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, 0), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_expanded(ctx), 0);
    assert_int_equal(astar_search_step(ctx, 3), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_expanded(ctx), 3);
    assert_int_equal(astar_search_finish(ctx, NULL, NULL), ASTAR_INVALID_ARGUMENT);

    /* A one-call search on the context ends the sliced one. */
    assert_int_equal(astar_find_path(ctx, g, a, goal, NULL, &p), ASTAR_OK);
    assert_int_equal(astar_search_step(ctx, 1), ASTAR_INVALID_ARGUMENT);

    /* A refused request leaves nothing in progress. */
    assert_int_equal(astar_search_begin(ctx, g, a, goal, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_begin(ctx, g, a, (astar_point){ 8, 0 }, NULL),
                     ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_search_step(ctx, 1), ASTAR_INVALID_ARGUMENT);

    /* A nearest search has no partial path; a distance map neither limit
     * nor partial path. */
    astar_options o = astar_options_default();
    o.search.partial = true;
    assert_int_equal(astar_search_begin_nearest(ctx, g, a, &goal, 1, &o), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_find_nearest(ctx, g, a, &goal, 1, &o, &p, NULL), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_distance_map_build(map, ctx, g, &goal, 1, &o), ASTAR_UNSUPPORTED);
    o.search.partial = false;
    o.search.max_expanded = 5;
    assert_int_equal(astar_distance_map_build(map, ctx, g, &goal, 1, &o), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_find_nearest(ctx, g, a, &goal, 1, &o, &p, NULL), ASTAR_EXPANSION_LIMIT);

    /* A buffer too small, then large enough. */
    assert_int_equal(astar_search_begin(ctx, g, a, goal, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_OK);
    astar_route small = { .points = cells, .capacity = 3 };
    assert_int_equal(astar_search_finish(ctx, &small, NULL), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(small.length, 8);
    assert_int_equal(astar_search_finish(ctx, &p, NULL), ASTAR_OK);
    assert_int_equal(p.length, 8);

    astar_distance_map_delete(map);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* A context made for graphs searches grids too: after a graph search has
 * run on it, a sliced grid search and a nearest search begun on it are
 * read back as grid searches, and a graph's answer is no longer there. */
static void test_graph_context_then_grid(void **state)
{
    (void)state;
    astar_context *ctx;
    astar_grid *g;
    astar_graph_builder *b;
    astar_graph *graph;
    assert_int_equal(astar_graph_context_new(64, &ctx), ASTAR_OK);
    assert_int_equal(astar_grid_new(8, 8, &g), ASTAR_OK);
    assert_int_equal(astar_graph_builder_new(3, ASTAR_GRAPH_DIRECTED, &b), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 0, 1, 5), ASTAR_OK);
    assert_int_equal(astar_graph_builder_edge(b, 1, 2, 5), ASTAR_OK);
    assert_int_equal(astar_graph_new(b, &graph, NULL), ASTAR_OK);
    uint32_t nodes[8];
    astar_route gp = { .nodes = nodes, .capacity = 8 };
    astar_point cells[64];
    astar_route p = { .points = cells, .capacity = 64 };
    astar_point a = { 0, 0 }, goal = { 7, 7 };

    assert_int_equal(astar_graph_find_path(ctx, graph, 0, 2, NULL, &gp), ASTAR_OK);
    assert_int_equal(gp.length, 3);
    assert_int_equal(astar_search_begin(ctx, g, a, goal, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_OK);
    assert_int_equal(astar_search_finish(ctx, &p, NULL), ASTAR_OK);
    assert_int_equal(p.length, 8);
    assert_int_equal(astar_graph_search_finish(ctx, &gp), ASTAR_INVALID_ARGUMENT);

    assert_int_equal(astar_graph_find_path(ctx, graph, 0, 2, NULL, &gp), ASTAR_OK);
    size_t which = 9;
    assert_int_equal(astar_search_begin_nearest(ctx, g, a, &goal, 1, NULL), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_OK);
    assert_int_equal(astar_search_finish(ctx, &p, &which), ASTAR_OK);
    assert_int_equal(which, 0);
    assert_int_equal(p.length, 8);

    astar_graph_delete(graph);
    astar_graph_builder_delete(b);
    astar_grid_delete(g);
    astar_context_delete(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sliced_equals_one_call_on_random_grids),
        cmocka_unit_test(test_sliced_equals_one_call_on_benchmark_maps),
        cmocka_unit_test(test_expansion_limit),
        cmocka_unit_test(test_partial_paths_lead_to_the_nearest_closed_square),
        cmocka_unit_test(test_partial_path_to_a_walled_off_goal),
        cmocka_unit_test(test_partial_path_in_a_short_buffer),
        cmocka_unit_test(test_edits_between_steps),
        cmocka_unit_test(test_edits_between_nearest_steps),
        cmocka_unit_test(test_edit_that_parts_the_islands),
        cmocka_unit_test(test_layer_edited_while_it_runs),
        cmocka_unit_test(test_rules_for_the_caller),
        cmocka_unit_test(test_graph_context_then_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
