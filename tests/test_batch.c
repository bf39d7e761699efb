/*
 * test_batch.c - astar_find_paths: a batch on 1, 2, 3 and 8 threads gives,
 * query by query and in the caller's order, exactly what astar_find_path
 * gives one search at a time (on every problem of a real benchmark map, with
 * A*, JPS and JPS+), per-query statuses stay with their queries, and bad
 * arguments are refused before any query runs.
 *
 * The map is den312d (320 problems, 65 x 81): small enough for the whole
 * comparison to run under ThreadSanitizer in seconds, where a 512 x 512 map
 * takes minutes.
 *
 * Before every batch the outputs are filled with values no search writes, so
 * a query the batch skipped, or solved into another query's place, shows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/reference.h"

#ifndef ASTAR_BENCH_DIR
#error "ASTAR_BENCH_DIR must name the Moving AI benchmark directory"
#endif

#define P(x, y) ((astar_point){ (x), (y) })
#define MAX_WORKERS 8

static const int thread_counts[] = { 1, 2, 3, MAX_WORKERS };

/* astar_find_path never returns it: the mark of a query nobody solved. */
#define UNSOLVED ASTAR_IO_ERROR
#define POISON_COST 0xdeadbeefu

static void poison(astar_query *queries, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        queries[i].status = UNSOLVED;
        if (queries[i].path) {
            queries[i].path->length = SIZE_MAX;
            queries[i].path->cost = POISON_COST;
            queries[i].path->expanded = POISON_COST;
            if (queries[i].path->capacity > 0)
                queries[i].path->points[0] = P(-7, -7);
        }
    }
}

static void new_contexts(astar_context **ctx, int n, size_t cells)
{
    for (int i = 0; i < n; i++)
        assert_int_equal(astar_context_new(cells, &ctx[i]), ASTAR_OK);
}

static void delete_contexts(astar_context **ctx, int n)
{
    for (int i = 0; i < n; i++)
        astar_context_delete(ctx[i]);
}

/* ------------------------------------------------------------------------ */
/* Every problem of a benchmark map                                         */
/* ------------------------------------------------------------------------ */

typedef struct bench_map {
    astar_grid *grid;
    astar_scenario *scen;
    astar_context *ctx[MAX_WORKERS];
} bench_map;

static int free_bench_map(void **state)
{
    bench_map *m = *state;
    if (m) {
        delete_contexts(m->ctx, MAX_WORKERS);
        astar_scenario_delete(m->scen);
        astar_grid_delete(m->grid);
        free(m);
        *state = NULL;
    }
    return 0;
}

static int load_bench_map(void **state)
{
    bench_map *m = calloc(1, sizeof *m);
    *state = m;
    if (!m)
        return -1;
    astar_error err;
    if (astar_grid_load_movingai(ASTAR_BENCH_DIR "/maps/dao/den312d.map", &m->grid, &err) != ASTAR_OK ||
        astar_scenario_load(ASTAR_BENCH_DIR "/scen/dao/den312d.map.scen", &m->scen, &err) != ASTAR_OK) {
        print_error("%s\n", err.message);
        free_bench_map(state);
        return -1;
    }
    for (int i = 0; i < MAX_WORKERS; i++)
        if (astar_context_new(astar_grid_cells(m->grid), &m->ctx[i]) != ASTAR_OK) {
            free_bench_map(state);
            return -1;
        }
    return 0;
}

/* What astar_find_path answered for one problem. */
typedef struct answer {
    astar_status status;
    astar_route path;
} answer;

/* Solves every problem of the map one at a time with options, then as a batch
 * with each thread count, and compares. The batch's buffers are exactly as
 * long as the sequential paths, so a path written to the wrong query either
 * overflows (ASan) or differs. */
static void check_against_sequential(bench_map *m, const astar_options *options)
{
    size_t count = astar_scenario_count(m->scen), cells = astar_grid_cells(m->grid);
    assert_int_equal(count, 320);
    answer *want = calloc(count, sizeof *want);
    astar_point *scratch = malloc(cells * sizeof *scratch);
    assert_non_null(want);
    assert_non_null(scratch);
    size_t total_length = 0;
    for (size_t i = 0; i < count; i++) {
        const astar_problem *p = astar_scenario_problem(m->scen, i);
        astar_route path = { .points = scratch, .capacity = cells };
        want[i].status = astar_find_path(m->ctx[0], m->grid, p->start, p->goal, options, &path);
        /* Every problem of the file is solvable, so agreeing on a failure
         * would prove nothing. */
        assert_int_equal(want[i].status, ASTAR_OK);
        want[i].path = path;
        want[i].path.points = malloc((path.length ? path.length : 1) * sizeof *path.points);
        assert_non_null(want[i].path.points);
        memcpy(want[i].path.points, scratch, path.length * sizeof *path.points);
        total_length += path.length;
    }
    free(scratch);

    astar_query *queries = calloc(count, sizeof *queries);
    astar_route *paths = calloc(count, sizeof *paths);
    astar_point *pool = malloc((total_length ? total_length : 1) * sizeof *pool);
    assert_non_null(queries);
    assert_non_null(paths);
    assert_non_null(pool);
    for (size_t i = 0, used = 0; i < count; i++) {
        const astar_problem *p = astar_scenario_problem(m->scen, i);
        paths[i] = (astar_route){ .points = pool + used, .capacity = want[i].path.length };
        queries[i] = (astar_query){ .start = p->start, .goal = p->goal, .path = &paths[i] };
        used += want[i].path.length;
    }
    for (size_t t = 0; t < sizeof thread_counts / sizeof thread_counts[0]; t++) {
        poison(queries, count);
        assert_int_equal(astar_find_paths(m->ctx, thread_counts[t], m->grid, options, queries, count),
                         ASTAR_OK);
        for (size_t i = 0; i < count; i++) {
            const astar_route *got = queries[i].path;
            assert_ptr_equal(got, &paths[i]);
            assert_int_equal(queries[i].status, want[i].status);
            assert_int_equal(got->length, want[i].path.length);
            assert_int_equal(got->cost, want[i].path.cost);
            assert_true(got->distance == want[i].path.distance);
            assert_int_equal(got->expanded, want[i].path.expanded);
            assert_memory_equal(got->points, want[i].path.points,
                                got->length * sizeof *got->points);
        }
    }
    for (size_t i = 0; i < count; i++)
        free(want[i].path.points);
    free(want);
    free(queries);
    free(paths);
    free(pool);
}

static astar_options octile(astar_algorithm algorithm)
{
    astar_options o = astar_options_default();
    o.algorithm = algorithm;
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    return o;
}

static void test_astar_batch_equals_sequential(void **state)
{
    astar_options o = octile(ASTAR_ALGORITHM_ASTAR);
    check_against_sequential(*state, &o);
}

/* JPS and JPS+ have search loops of their own, which must be as safe to run
 * on several threads at once. */
static void test_jps_batch_equals_sequential(void **state)
{
    astar_options o = octile(ASTAR_ALGORITHM_JPS);
    check_against_sequential(*state, &o);
}

/* Every worker reads the grid's one jump table. */
static void test_jps_plus_batch_equals_sequential(void **state)
{
    bench_map *m = *state;
    assert_int_equal(astar_grid_enable_jump_table(m->grid), ASTAR_OK);
    astar_options o = octile(ASTAR_ALGORITHM_JPS_PLUS);
    check_against_sequential(m, &o);
    astar_grid_disable_jump_table(m->grid);
}

/* ------------------------------------------------------------------------ */
/* Small batches worked out by hand                                         */
/* ------------------------------------------------------------------------ */

/* A wall splits the map; (0,0) to (3,2) is two diagonal steps and one
 * straight one: 4 cells, cost 14 + 14 + 10. */
static const char *const split_rows[] = {
    "....#...",
    "....#...",
    "....#...",
};

static astar_grid *split_grid(void)
{
    astar_grid *grid = ref_grid_from_rows(split_rows, 3);
    assert_non_null(grid);
    return grid;
}

enum { MIXED = 9 };

static void test_statuses_stay_with_their_queries(void **state)
{
    (void)state;
    astar_grid *grid = split_grid();
    astar_context *ctx[MAX_WORKERS];
    new_contexts(ctx, MAX_WORKERS, astar_grid_cells(grid));
    astar_point cells[MIXED][16];
    astar_route paths[MIXED];
    for (int i = 0; i < MIXED; i++)
        paths[i] = (astar_route){ .points = cells[i], .capacity = 16 };
    paths[1].capacity = 3;
    struct {
        astar_point start, goal;
        astar_route *path;
        astar_status status;
        size_t length;
        uint32_t cost;
    } want[MIXED] = {
        { P(0, 0), P(3, 2), &paths[0], ASTAR_OK, 4, 38 },
        { P(0, 0), P(3, 2), &paths[1], ASTAR_PATH_BUFFER_TOO_SMALL, 4, 38 },
        { P(0, 0), P(6, 1), &paths[2], ASTAR_NO_PATH, 0, 0 },
        { P(4, 0), P(0, 0), &paths[3], ASTAR_START_BLOCKED, 0, 0 },
        { P(0, 0), P(4, 1), &paths[4], ASTAR_GOAL_BLOCKED, 0, 0 },
        { P(-1, 0), P(0, 0), &paths[5], ASTAR_START_OUT_OF_BOUNDS, 0, 0 },
        { P(0, 0), P(8, 0), &paths[6], ASTAR_GOAL_OUT_OF_BOUNDS, 0, 0 },
        { P(0, 0), P(1, 0), NULL, ASTAR_INVALID_ARGUMENT, 0, 0 },
        { P(6, 1), P(6, 1), &paths[8], ASTAR_OK, 1, 0 },
    };
    astar_query queries[MIXED];
    for (int i = 0; i < MIXED; i++)
        queries[i] = (astar_query){ want[i].start, want[i].goal, want[i].path, ASTAR_OK };
    for (size_t t = 0; t < sizeof thread_counts / sizeof thread_counts[0]; t++) {
        poison(queries, MIXED);
        assert_int_equal(astar_find_paths(ctx, thread_counts[t], grid, NULL, queries, MIXED), ASTAR_OK);
        for (int i = 0; i < MIXED; i++) {
            assert_int_equal(queries[i].status, want[i].status);
            if (!want[i].path)
                continue;
            assert_int_equal(want[i].path->length, want[i].length);
            assert_int_equal(want[i].path->cost, want[i].cost);
        }
        assert_true(paths[0].points[0].x == 0 && paths[0].points[0].y == 0);
        assert_true(paths[0].points[3].x == 3 && paths[0].points[3].y == 2);
        assert_true(paths[8].points[0].x == 6 && paths[8].points[0].y == 1);
        /* Too small: counted, the first cells written, the rest cut. */
        assert_true(paths[1].points[0].x == 0 && paths[1].points[0].y == 0);
        assert_int_equal(paths[1].cut, 1);
        assert_int_equal(paths[1].status, ASTAR_OK);
    }
    delete_contexts(ctx, MAX_WORKERS);
    astar_grid_delete(grid);
}

/* Options reach every query; NULL means the defaults. */
static void test_options_apply_to_every_query(void **state)
{
    (void)state;
    astar_grid *grid = split_grid();
    astar_context *ctx[2];
    new_contexts(ctx, 2, astar_grid_cells(grid));
    astar_point cells[4][16];
    astar_route paths[4];
    astar_query queries[4];
    for (int i = 0; i < 4; i++) {
        paths[i] = (astar_route){ .points = cells[i], .capacity = 16 };
        queries[i] = (astar_query){ P(0, 0), P(3, 2), &paths[i], ASTAR_OK };
    }
    astar_options four = astar_options_default();
    four.moves = ASTAR_MOVES_4;
    assert_int_equal(astar_find_paths(ctx, 2, grid, &four, queries, 4), ASTAR_OK);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(queries[i].status, ASTAR_OK);
        assert_int_equal(paths[i].length, 6);
        assert_int_equal(paths[i].cost, 50);
    }
    assert_int_equal(astar_find_paths(ctx, 2, grid, NULL, queries, 4), ASTAR_OK);
    for (int i = 0; i < 4; i++)
        assert_int_equal(paths[i].cost, 38);
    delete_contexts(ctx, 2);
    astar_grid_delete(grid);
}

/* More threads than queries: each query is still solved exactly once. */
static void test_more_threads_than_queries(void **state)
{
    (void)state;
    astar_grid *grid = split_grid();
    astar_context *ctx[MAX_WORKERS];
    new_contexts(ctx, MAX_WORKERS, astar_grid_cells(grid));
    const astar_point goals[3] = { P(3, 2), P(3, 0), P(0, 2) };
    const uint32_t costs[3] = { 38, 30, 20 };
    astar_point cells[3][16];
    astar_route paths[3];
    astar_query queries[3];
    for (int i = 0; i < 3; i++) {
        paths[i] = (astar_route){ .points = cells[i], .capacity = 16 };
        queries[i] = (astar_query){ P(0, 0), goals[i], &paths[i], ASTAR_OK };
    }
    poison(queries, 3);
    assert_int_equal(astar_find_paths(ctx, MAX_WORKERS, grid, NULL, queries, 3), ASTAR_OK);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(queries[i].status, ASTAR_OK);
        assert_int_equal(paths[i].cost, costs[i]);
        assert_int_equal(paths[i].points[paths[i].length - 1].x, goals[i].x);
        assert_int_equal(paths[i].points[paths[i].length - 1].y, goals[i].y);
    }
    delete_contexts(ctx, MAX_WORKERS);
    astar_grid_delete(grid);
}

static void test_empty_batch(void **state)
{
    (void)state;
    astar_grid *grid = split_grid();
    astar_context *ctx[4];
    new_contexts(ctx, 4, astar_grid_cells(grid));
    astar_query query = { P(0, 0), P(3, 2), NULL, UNSOLVED };
    assert_int_equal(astar_find_paths(ctx, 4, grid, NULL, &query, 0), ASTAR_OK);
    assert_int_equal(astar_find_paths(ctx, 1, grid, NULL, &query, 0), ASTAR_OK);
    assert_int_equal(query.status, UNSOLVED);
    delete_contexts(ctx, 4);
    astar_grid_delete(grid);
}

/* A refused batch runs nothing: the query keeps its poison. */
static void expect_refused(astar_status want, astar_context *const *ctx, int threads,
                           const astar_grid *grid, const astar_options *options,
                           astar_query *query)
{
    poison(query, 1);
    assert_int_equal(astar_find_paths(ctx, threads, grid, options, query, 1), want);
    assert_int_equal(query->status, UNSOLVED);
    assert_int_equal(query->path->cost, POISON_COST);
}

static void test_invalid_arguments(void **state)
{
    (void)state;
    astar_grid *grid = split_grid();
    astar_grid *big = NULL;
    assert_int_equal(astar_grid_new(30, 30, &big), ASTAR_OK);
    astar_context *ctx[65];
    new_contexts(ctx, 65, astar_grid_cells(grid));
    astar_point cells[16];
    astar_route path = { .points = cells, .capacity = 16 };
    astar_query query = { P(0, 0), P(3, 2), &path, ASTAR_OK };

    expect_refused(ASTAR_INVALID_ARGUMENT, NULL, 1, grid, NULL, &query);
    expect_refused(ASTAR_INVALID_ARGUMENT, ctx, 0, grid, NULL, &query);
    expect_refused(ASTAR_INVALID_ARGUMENT, ctx, -1, grid, NULL, &query);
    expect_refused(ASTAR_INVALID_ARGUMENT, ctx, 65, grid, NULL, &query);
    expect_refused(ASTAR_INVALID_ARGUMENT, ctx, 2, NULL, NULL, &query);
    assert_int_equal(astar_find_paths(ctx, 2, grid, NULL, NULL, 1), ASTAR_INVALID_ARGUMENT);

    astar_options bad = astar_options_default();
    bad.search.weight = -1.0;
    expect_refused(ASTAR_INVALID_ARGUMENT, ctx, 2, grid, &bad, &query);
    bad = astar_options_default();
    bad.algorithm = (astar_algorithm)7;
    expect_refused(ASTAR_INVALID_ARGUMENT, ctx, 2, grid, &bad, &query);

    /* Any worker's context counts, even one that would get no query. */
    astar_context *with_null[3] = { ctx[0], ctx[1], NULL };
    expect_refused(ASTAR_INVALID_ARGUMENT, with_null, 3, grid, NULL, &query);
    /* Two workers must never share a context. */
    astar_context *twice[3] = { ctx[0], ctx[1], ctx[0] };
    expect_refused(ASTAR_INVALID_ARGUMENT, twice, 3, grid, NULL, &query);
    astar_context *large[3];
    new_contexts(large, 3, astar_grid_cells(big));
    astar_context *mixed[3] = { large[0], large[1], ctx[0] };
    expect_refused(ASTAR_MAP_TOO_LARGE, mixed, 3, big, NULL, &query);
    expect_refused(ASTAR_MAP_TOO_LARGE, ctx, 1, big, NULL, &query);
    /* The same contexts serve the big grid once they are large enough. */
    query.goal = P(29, 29);
    assert_int_equal(astar_find_paths(large, 3, big, NULL, &query, 1), ASTAR_OK);
    assert_int_equal(query.status, ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(path.length, 30);

    /* 64 threads is the limit, and allowed. */
    query.goal = P(3, 2);
    assert_int_equal(astar_find_paths(ctx, 64, grid, NULL, &query, 1), ASTAR_OK);
    assert_int_equal(query.status, ASTAR_OK);
    assert_int_equal(path.cost, 38);

    delete_contexts(large, 3);
    delete_contexts(ctx, 65);
    astar_grid_delete(big);
    astar_grid_delete(grid);
}

int main(void)
{
    const struct CMUnitTest small[] = {
        cmocka_unit_test(test_statuses_stay_with_their_queries),
        cmocka_unit_test(test_options_apply_to_every_query),
        cmocka_unit_test(test_more_threads_than_queries),
        cmocka_unit_test(test_empty_batch),
        cmocka_unit_test(test_invalid_arguments),
    };
    const struct CMUnitTest bench[] = {
        cmocka_unit_test(test_astar_batch_equals_sequential),
        cmocka_unit_test(test_jps_batch_equals_sequential),
        cmocka_unit_test(test_jps_plus_batch_equals_sequential),
    };
    int failed = cmocka_run_group_tests_name("batch", small, NULL, NULL);
    return failed + cmocka_run_group_tests_name("batch on den312d", bench, load_bench_map,
                                                free_bench_map);
}
