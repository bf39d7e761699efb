/*
 * test_differential.c - astar_find_path against the independent reference
 * solver (util/reference.c) on thousands of random grids.
 *
 * For every grid, a few start/goal pairs (blocked, equal, unreachable ones
 * included), every movement rule, both cost models:
 *   - options that astar_options_optimal() calls optimal (every such
 *     heuristic, with every tie rule) must give the reference's least cost
 *     exactly, with a legal path whose re-summed cost is path.cost;
 *   - the others (Manhattan or article-cost Euclidean with diagonal moves,
 *     weight above 1, stop-on-open) must find a legal path exactly when one
 *     exists, never cheaper than the least cost.
 * Every search runs with each of the four open lists; with first- or
 * last-added ties the sorted and unsorted lists must also give the heap's
 * path point for point and its expanded count, and so must the buckets
 * wherever they hand over to the heap (an H that is not consistent).
 * One search context, sized for the largest grid, serves every search, so
 * leftovers of earlier searches on grids of other sizes are always there.
 * The generator is seeded: every run does the same searches.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

#define MAX_SIDE 24
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define GRIDS 1500
#define QUERIES_PER_GRID 3

/* The seeded generator every search of this file draws from. */
static rng generator;

/* ------------------------------------------------------------------------ */
/* The expected classification of astar_options_optimal                     */
/* ------------------------------------------------------------------------ */

/* The header's table: which heuristics never overestimate. */
static bool admissible(astar_heuristic h, astar_moves moves, astar_costs costs)
{
    switch (h) {
    case ASTAR_HEURISTIC_ZERO:
    case ASTAR_HEURISTIC_OCTILE:
    case ASTAR_HEURISTIC_CHEBYSHEV:
        return true;
    case ASTAR_HEURISTIC_EUCLIDEAN:
        return costs == ASTAR_COSTS_OCTILE || moves == ASTAR_MOVES_4;
    case ASTAR_HEURISTIC_MANHATTAN:
        return moves == ASTAR_MOVES_4;
    }
    return false;
}

static void test_optimal_classification(void **state)
{
    (void)state;
    const double weights[] = { 0.0, 0.5, 1.0, 1.0 + 1.0 / 1024.0, 1.5, 3.0, 64.0 };
    for (int m = 0; m < 3; m++)
        for (int c = 0; c < 2; c++)
            for (int h = 0; h < 5; h++)
                for (size_t w = 0; w < sizeof weights / sizeof weights[0]; w++)
                    for (int t = 0; t < 4; t++)
                        for (int s = 0; s < 2; s++) {
                            bool adm = admissible((astar_heuristic)h, (astar_moves)m,
                                                  (astar_costs)c);
                            /* Below 1 an overestimating H may be scaled into
                             * an admissible one; the header does not say how
                             * that is classed, so it is not checked. */
                            if (!adm && weights[w] < 1.0)
                                continue;
                            astar_options o = astar_options_default();
                            o.moves = (astar_moves)m;
                            o.costs = (astar_costs)c;
                            o.heuristic = (astar_heuristic)h;
                            o.search.weight = weights[w];
                            o.search.ties = (astar_ties)t;
                            o.search.stop = (astar_stop)s;
                            bool want = adm && weights[w] <= 1.0 && s == ASTAR_STOP_CLOSED;
                            if (astar_options_optimal(&o) != want)
                                fail_msg("moves %d costs %d heuristic %d weight %g ties %d "
                                         "stop %d: optimal %d, expected %d",
                                         m, c, h, weights[w], t, s, !want, want);
                        }
}

/* ------------------------------------------------------------------------ */
/* Random grids and queries                                                 */
/* ------------------------------------------------------------------------ */

typedef struct world {
    astar_grid *grid;
    int w, h;
    unsigned grid_no;
} world;

static astar_grid *differential_grid(int *w_out, int *h_out)
{
    int w, h;
    switch (rng_below(&generator, 10)) {
    case 0: /* a row */
        w = 1 + rng_below(&generator, MAX_SIDE);
        h = 1;
        break;
    case 1: /* a column */
        w = 1;
        h = 1 + rng_below(&generator, MAX_SIDE);
        break;
    case 2: /* tiny */
        w = 1 + rng_below(&generator, 3);
        h = 1 + rng_below(&generator, 3);
        break;
    default:
        w = 1 + rng_below(&generator, MAX_SIDE);
        h = 1 + rng_below(&generator, MAX_SIDE);
        break;
    }
    int density = rng_below(&generator, 61); /* percent of blocked cells */
    int kind = rng_below(&generator, 10);
    int max_cost = kind < 4 ? 1 : kind < 9 ? 9 : ASTAR_MAX_TERRAIN;
    astar_grid *grid =
        random_grid(&generator, w, h, (grid_recipe){ density, 0, max_cost > 1, 1, max_cost });
    *w_out = w;
    *h_out = h;
    return grid;
}

/* A random walkable cell, or a random cell when (after some tries) none is
 * found. */
static astar_point random_walkable(const world *wd)
{
    for (int tries = 0; tries < 50; tries++) {
        astar_point p = random_cell(&generator, wd->grid);
        if (astar_grid_walkable(wd->grid, p.x, p.y))
            return p;
    }
    return random_cell(&generator, wd->grid);
}

/* ------------------------------------------------------------------------ */
/* Checking one search                                                      */
/* ------------------------------------------------------------------------ */

static astar_context *ctx;
static astar_point points[MAX_CELLS];

static unsigned long searches_by_moves[3];
static unsigned long found_by_moves[3];
static unsigned long no_path_count, blocked_count, equal_count;

static void describe_failure(const world *wd, astar_point start, astar_point goal,
                             const astar_options *o, const char *what)
{
    char picture[MAX_CELLS + MAX_SIDE + 1];
    size_t n = 0;
    for (int y = 0; y < wd->h; y++) {
        for (int x = 0; x < wd->w; x++) {
            int cost = astar_grid_cost(wd->grid, x, y);
            picture[n++] = cost == 0 ? '#' : cost == 1 ? '.' : cost < 10 ? (char)('0' + cost) : '+';
        }
        picture[n++] = '\n';
    }
    picture[n] = '\0';
    print_error("grid %u (%dx%d), start (%d,%d), goal (%d,%d), moves %d costs %d heuristic %d "
                "weight %g ties %d stop %d open list %d:\n%s",
                wd->grid_no, wd->w, wd->h, start.x, start.y, goal.x, goal.y, (int)o->moves,
                (int)o->costs, (int)o->heuristic, o->search.weight, (int)o->search.ties, (int)o->search.stop,
                (int)o->search.open_list, picture);
    fail_msg("%s", what);
}

/* Runs one search into path (its buffer set up by the caller), checks it
 * and returns its status. dist is the reference's least costs from start
 * under o->moves and o->costs. */
static astar_status check_one(const world *wd, astar_point start, astar_point goal,
                              const astar_options *o, const uint64_t *dist, bool optimal,
                              astar_route *path)
{
    char why[512];
    bool start_open = astar_grid_walkable(wd->grid, start.x, start.y);
    bool goal_open = astar_grid_walkable(wd->grid, goal.x, goal.y);
    uint64_t least = start_open && goal_open ? dist[goal.y * wd->w + goal.x] : REF_UNREACHABLE;

    astar_status s = astar_find_path(ctx, wd->grid, start, goal, o, path);
    searches_by_moves[o->moves]++;

    if (!start_open || !goal_open) {
        /* Only the blocked end(s) may be named; with both blocked either. */
        bool ok = (!start_open && s == ASTAR_START_BLOCKED) ||
                  (!goal_open && s == ASTAR_GOAL_BLOCKED);
        if (!ok) {
            snprintf(why, sizeof why, "blocked %s: status %d",
                     start_open ? "goal" : goal_open ? "start" : "start and goal", (int)s);
            describe_failure(wd, start, goal, o, why);
        }
        blocked_count++;
        return s;
    }
    if (least == REF_UNREACHABLE) {
        if (s != ASTAR_NO_PATH) {
            snprintf(why, sizeof why, "unreachable goal: status %d, expected NO_PATH", (int)s);
            describe_failure(wd, start, goal, o, why);
        }
        if (path->expanded == 0)
            describe_failure(wd, start, goal, o, "NO_PATH with expanded 0");
        no_path_count++;
        return s;
    }
    if (s != ASTAR_OK) {
        snprintf(why, sizeof why, "reachable goal (least cost %llu): status %d",
                 (unsigned long long)least, (int)s);
        describe_failure(wd, start, goal, o, why);
    }
    found_by_moves[o->moves]++;
    if (start.x == goal.x && start.y == goal.y)
        equal_count++;

    if (optimal && path->cost != least) {
        snprintf(why, sizeof why, "cost %u, least cost %llu", (unsigned)path->cost,
                 (unsigned long long)least);
        describe_failure(wd, start, goal, o, why);
    }
    if (!optimal && path->cost < least) {
        snprintf(why, sizeof why, "cost %u below the least cost %llu", (unsigned)path->cost,
                 (unsigned long long)least);
        describe_failure(wd, start, goal, o, why);
    }
    uint64_t resummed = 0;
    if (!ref_path_valid(wd->grid, o->moves, o->costs, start, goal, path->points, path->length,
                        &resummed, why, sizeof why))
        describe_failure(wd, start, goal, o, why);
    if (resummed != path->cost) {
        snprintf(why, sizeof why, "path.cost %u, but its steps sum to %llu", (unsigned)path->cost,
                 (unsigned long long)resummed);
        describe_failure(wd, start, goal, o, why);
    }
    double distance = (double)path->cost / (double)ref_straight_cost(o->costs);
    if (fabs(path->distance - distance) > 1e-9 * (1.0 + distance))
        describe_failure(wd, start, goal, o, "path.distance is not cost / straight");

    astar_path_measure measure;
    astar_error err;
    astar_status cs = astar_path_check(wd->grid, o, start, goal, path->points, path->length,
                                       &measure, &err);
    if (cs != ASTAR_OK) {
        snprintf(why, sizeof why, "astar_path_check: status %d: %s", (int)cs, err.message);
        describe_failure(wd, start, goal, o, why);
    }
    if (measure.cost != path->cost) {
        snprintf(why, sizeof why, "astar_path_check: cost %llu, path.cost %u",
                 (unsigned long long)measure.cost, (unsigned)path->cost);
        describe_failure(wd, start, goal, o, why);
    }
    if (measure.straight + measure.diagonal + 1 != path->length)
        describe_failure(wd, start, goal, o, "astar_path_check: step counts do not add up");
    return s;
}

/* Whether the buckets serve these options: H never drops along a step by
 * more than the step costs, which the admissible heuristics here all do
 * with weight at most 1; otherwise they hand over to the heap. */
static bool buckets_serve(const astar_options *o)
{
    return admissible(o->heuristic, o->moves, o->costs) && o->search.weight <= 1.0;
}

/* Whether two searches came out alike: status, cost, expansions, path. */
static bool same_search(astar_status s, const astar_route *path, astar_status t,
                        const astar_route *other)
{
    return s == t && path->cost == other->cost && path->expanded == other->expanded &&
           path->length == other->length &&
           (s != ASTAR_OK ||
            !memcmp(path->points, other->points, path->length * sizeof *path->points));
}

/* One option set with each open list. They differ only in speed, so each
 * must pass check_one; and where ties are unique per square (first or
 * last added) the three of the article take squares off the open list in
 * the same order, so they must return the heap's path point for point
 * after as many expansions. Deeper-first and straight-line ties repeat, and
 * then which of the tied squares goes first is each list's own affair; the buckets have their
 * own order, except where they hand over to the heap. */
static void check_search(const world *wd, astar_point start, astar_point goal,
                         const astar_options *o, const uint64_t *dist, bool optimal)
{
    static astar_point heap_points[MAX_CELLS];
    astar_options each = *o;
    each.search.open_list = ASTAR_OPEN_LIST_HEAP;
    astar_route heap = { .points = heap_points, .capacity = MAX_CELLS };
    astar_status heap_status = check_one(wd, start, goal, &each, dist, optimal, &heap);

    const astar_open_list others[] = { ASTAR_OPEN_LIST_SORTED, ASTAR_OPEN_LIST_UNSORTED,
                                       ASTAR_OPEN_LIST_BUCKETS };
    for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
        each.search.open_list = others[k];
        astar_route path = { .points = points, .capacity = MAX_CELLS };
        astar_status s = check_one(wd, start, goal, &each, dist, optimal, &path);
        bool alike = each.search.open_list == ASTAR_OPEN_LIST_BUCKETS ? !buckets_serve(o)
                                                               : o->search.ties == ASTAR_TIES_FIRST ||
                                                                     o->search.ties == ASTAR_TIES_LAST;
        if (alike && !same_search(s, &path, heap_status, &heap)) {
            char why[256];
            snprintf(why, sizeof why,
                     "open list %d: status %d, cost %u, length %zu, expanded %u; the heap's: "
                     "status %d, cost %u, length %zu, expanded %u (or other points)",
                     (int)each.search.open_list, (int)s, (unsigned)path.cost, path.length,
                     (unsigned)path.expanded, (int)heap_status, (unsigned)heap.cost, heap.length,
                     (unsigned)heap.expanded);
            describe_failure(wd, start, goal, &each, why);
        }
    }
}

/* The cost-only query gives the same cost and length as the full one. */
static void check_cost_only(const world *wd, astar_point start, astar_point goal,
                            const astar_options *o)
{
    astar_route full, bare;
    memset(&full, 0, sizeof full);
    memset(&bare, 0, sizeof bare);
    full.points = points;
    full.capacity = MAX_CELLS;
    astar_status a = astar_find_path(ctx, wd->grid, start, goal, o, &full);
    astar_status b = astar_find_path(ctx, wd->grid, start, goal, o, &bare);
    if (a != b || (a == ASTAR_OK && (full.cost != bare.cost || full.length != bare.length ||
                                     full.expanded != bare.expanded)))
        describe_failure(wd, start, goal, o, "the cost-only query differs from the full one");
}

/* Every option set for one start/goal pair. */
static void check_query(const world *wd, astar_point start, astar_point goal, unsigned query_no)
{
    static uint64_t dist[MAX_CELLS];
    for (int m = 0; m < 3; m++) {
        for (int c = 0; c < 2; c++) {
            ref_least_costs(wd->grid, (astar_moves)m, (astar_costs)c, start, dist);
            astar_options o = astar_options_default();
            o.moves = (astar_moves)m;
            o.costs = (astar_costs)c;

            for (int h = 0; h < 5; h++) {
                o.heuristic = (astar_heuristic)h;
                o.search.weight = 1.0;
                o.search.stop = ASTAR_STOP_CLOSED;
                o.search.ties = ASTAR_TIES_LAST;
                bool optimal = astar_options_optimal(&o);
                assert_int_equal(optimal, admissible(o.heuristic, o.moves, o.costs));
                if (optimal) {
                    for (int t = 0; t < 4; t++) {
                        o.search.ties = (astar_ties)t;
                        check_search(wd, start, goal, &o, dist, true);
                    }
                } else {
                    o.search.ties = (astar_ties)(query_no % 4);
                    check_search(wd, start, goal, &o, dist, false);
                }
            }

            /* weight below 1 with an admissible H is still optimal */
            o.heuristic = ASTAR_HEURISTIC_OCTILE;
            o.search.ties = (astar_ties)((query_no + 1) % 3);
            o.search.weight = 0.5;
            assert_true(astar_options_optimal(&o));
            check_search(wd, start, goal, &o, dist, true);

            /* weighted A* and stop-on-open: legal, found iff reachable */
            const double weights[] = { 1.5, 3.0 };
            for (int w = 0; w < 2; w++) {
                o.search.weight = weights[w];
                assert_false(astar_options_optimal(&o));
                check_search(wd, start, goal, &o, dist, false);
            }
            o.search.weight = 1.0;
            o.search.stop = ASTAR_STOP_OPEN;
            assert_false(astar_options_optimal(&o));
            check_search(wd, start, goal, &o, dist, false);
            o.search.stop = ASTAR_STOP_CLOSED;

            if ((query_no + (unsigned)m + (unsigned)c) % 4 == 0)
                check_cost_only(wd, start, goal, &o);
        }
    }
}

static void run_grids(uint64_t seed, int grids)
{
    generator.state = seed;
    for (int g = 0; g < grids; g++) {
        world wd;
        wd.grid = differential_grid(&wd.w, &wd.h);
        wd.grid_no = (unsigned)g;
        for (unsigned q = 0; q < QUERIES_PER_GRID; q++) {
            astar_point start, goal;
            switch ((g + (int)q) % 6) {
            case 0: /* anything, blocked cells included */
                start = random_cell(&generator, wd.grid);
                goal = random_cell(&generator, wd.grid);
                break;
            case 1: /* start == goal */
                start = goal = random_walkable(&wd);
                break;
            case 2: /* far corners */
                start = (astar_point){ 0, 0 };
                goal = (astar_point){ wd.w - 1, wd.h - 1 };
                break;
            default:
                start = random_walkable(&wd);
                goal = random_walkable(&wd);
                break;
            }
            check_query(&wd, start, goal, (unsigned)g * QUERIES_PER_GRID + q);
        }
        astar_grid_delete(wd.grid);
    }
}

static void test_random_grids(void **state)
{
    (void)state;
    run_grids(0x5EED0001u, GRIDS);
    print_message("searches by moves (8, 4, 8-cut): %lu %lu %lu; found %lu %lu %lu; "
                  "no path %lu, blocked %lu, start == goal %lu\n",
                  searches_by_moves[0], searches_by_moves[1], searches_by_moves[2],
                  found_by_moves[0], found_by_moves[1], found_by_moves[2], no_path_count,
                  blocked_count, equal_count);
    /* the mix really covers every outcome */
    for (int m = 0; m < 3; m++) {
        assert_true(searches_by_moves[m] >= 5000);
        assert_true(found_by_moves[m] >= 2000);
    }
    assert_true(no_path_count >= 500);
    assert_true(blocked_count >= 500);
    assert_true(equal_count >= 500);
}

/* A second, differently seeded batch of mostly open, bigger grids, where
 * long paths and many ties occur. */
static void test_random_open_grids(void **state)
{
    (void)state;
    generator.state = 0x5EED0002u;
    for (int g = 0; g < 60; g++) {
        world wd;
        wd.w = MAX_SIDE - rng_below(&generator, 4);
        wd.h = MAX_SIDE - rng_below(&generator, 4);
        wd.grid_no = 100000u + (unsigned)g;
        assert_int_equal(astar_grid_new(wd.w, wd.h, &wd.grid), ASTAR_OK);
        int density = rng_below(&generator, 15);
        for (int y = 0; y < wd.h; y++)
            for (int x = 0; x < wd.w; x++)
                if (rng_below(&generator, 100) < density)
                    assert_int_equal(astar_grid_set_walkable(wd.grid, x, y, false), ASTAR_OK);
                else if (g % 2)
                    assert_int_equal(astar_grid_set_cost(wd.grid, x, y, 1 + rng_below(&generator, 3)),
                                     ASTAR_OK);
        for (unsigned q = 0; q < 2; q++)
            check_query(&wd, random_walkable(&wd), random_walkable(&wd), (unsigned)g * 2 + q);
        astar_grid_delete(wd.grid);
    }
}

static int setup(void **state)
{
    (void)state;
    return astar_context_new(MAX_CELLS, &ctx) == ASTAR_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    astar_context_delete(ctx);
    ctx = NULL;
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_optimal_classification),
        cmocka_unit_test(test_random_grids),
        cmocka_unit_test(test_random_open_grids),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
