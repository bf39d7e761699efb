/*
 * test_graph_grid.c - graph = grid on real data: every map of the Moving AI
 * benchmarks (../shared/bench) made into a graph (astar_graph_new_from_grid: 8
 * moves, the corner rule, octile costs), and a sample of every set's
 * problems - every STEP-th line of each scenario file, over 8,000 in all -
 * searched on the graph, by turns on the heap and on the bucket open list.
 * The graph search must give a path whose steps are moves of the grid,
 * whose cost is its steps' and whose length is the scenario's optimal one
 * (and so the grid search's cost, which cli_scen holds to that length on
 * every problem). A second pass with article costs and 4 moves on a map of
 * each set, where no file gives the optimum, checks the graph's cost
 * against the grid search's. Under the sanitizers
 * (ASTAR_TEST_SANITIZED) every 16th of those problems is searched: the
 * whole sample would take over half an hour there, and memory errors show
 * on fewer; the release build's run is the one that counts the 8,000.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/reference.h"

#ifdef ASTAR_TEST_SANITIZED
enum { STEP = 13 * 16, AT_LEAST = 500 };
#else
enum { STEP = 13, AT_LEAST = 8000 };
#endif

typedef struct tally {
    size_t problems, mismatches;
} tally;

/* The length of a path of cells, a diagonal step sqrt(2): what the
 * scenario files give, rounded to 2 to 8 decimals (hence the tolerance of
 * 0.01 that astar scen allows too). */
static double exact_length(const astar_point *points, size_t length)
{
    size_t straight = 0, diagonal = 0;
    for (size_t k = 1; k < length; k++) {
        bool dx = points[k].x != points[k - 1].x, dy = points[k].y != points[k - 1].y;
        diagonal += dx && dy;
        straight += dx != dy;
    }
    return (double)straight + (double)diagonal * sqrt(2.0);
}

/* Searches problems first, first + step, ... of scen on grid and on the
 * graph made from it with options o; counts them and their mismatches. */
static void compare(const char *name, const astar_grid *grid, const astar_scenario *scen,
                    astar_options o, size_t first, size_t step, bool optimal, tally *t)
{
    astar_graph *graph;
    assert_int_equal(astar_graph_new_from_grid(grid, &o, &graph), ASTAR_OK);
    size_t cells = astar_grid_cells(grid);
    astar_context *grid_ctx, *graph_ctx;
    assert_int_equal(astar_context_new(cells, &grid_ctx), ASTAR_OK);
    assert_int_equal(astar_graph_context_new(cells, &graph_ctx), ASTAR_OK);
    uint32_t *nodes = malloc(cells * sizeof *nodes);
    astar_point *points = malloc(cells * sizeof *points);
    assert_true(nodes && points);
    int w = astar_grid_width(grid);
    astar_options grid_o = o;
    grid_o.heuristic = ASTAR_HEURISTIC_OCTILE;
    grid_o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
    for (size_t i = first; i < astar_scenario_count(scen); i += step) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        /* Where the scenario's optimal length applies, a graph path of that
         * length is what the grid search finds (every problem's grid search
         * is held to it by cli_scen), and the same length means the same
         * cost: straight and diagonal steps counted alike, as sqrt(2) is
         * irrational. The grid is searched where there is no such length. */
        astar_route gp = { 0 };
        astar_status gs = !astar_grid_walkable(grid, p->start.x, p->start.y) ? ASTAR_START_BLOCKED
                          : !astar_grid_walkable(grid, p->goal.x, p->goal.y) ? ASTAR_GOAL_BLOCKED
                                                                            : ASTAR_OK;
        if (!optimal)
            gs = astar_find_path(grid_ctx, grid, p->start, p->goal, &grid_o, &gp);
        astar_route np = { .nodes = nodes, .capacity = cells };
        /* The graph's open list: the heap and the buckets by turns. */
        o.search.open_list = (i - first) / step % 2 ? ASTAR_OPEN_LIST_BUCKETS : ASTAR_OPEN_LIST_HEAP;
        astar_status ns = astar_graph_find_path(graph_ctx, graph, (uint32_t)(p->start.y * w + p->start.x),
                                                (uint32_t)(p->goal.y * w + p->goal.x), &o.search, &np);
        t->problems++;
        bool same = gs == ns && (optimal || gp.cost == np.cost);
        if (same && ns == ASTAR_OK) {
            for (size_t k = 0; k < np.length; k++)
                points[k] = (astar_point){ (int32_t)(nodes[k] % (uint32_t)w), (int32_t)(nodes[k] / (uint32_t)w) };
            uint64_t cost;
            char why[128];
            same = ref_path_valid(grid, o.moves, o.costs, p->start, p->goal, points, np.length,
                                  &cost, why, sizeof why) &&
                   cost == np.cost;
            if (optimal)
                same = same && fabs(exact_length(points, np.length) - p->optimal) <= 0.01;
        }
        if (!same && t->mismatches++ < 5)
            print_error("%s line %ld: grid %s cost %u, graph %s cost %u, optimal %.4f\n", name,
                        p->line, astar_status_message(gs), gp.cost, astar_status_message(ns),
                        np.cost, p->optimal);
    }
    free(nodes);
    free(points);
    astar_context_delete(grid_ctx);
    astar_context_delete(graph_ctx);
    astar_graph_delete(graph);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Calls each(set, map name) for every scenario file of the benchmark, in
 * order of set and name. */
static void for_each_map(void (*each)(const char *set, const char *map, void *), void *user)
{
    char path[1024];
    const char *sets[] = { "bg512", "dao", "maze", "random", "room", "sc1", "street", "wc3maps512" };
    for (size_t s = 0; s < sizeof sets / sizeof *sets; s++) {
        snprintf(path, sizeof path, "%s/scen/%s", ASTAR_BENCH_DIR, sets[s]);
        DIR *dir = opendir(path);
        if (!dir)
            fail_msg("cannot open %s: the benchmark data must be in ../shared/bench", path);
        static char names[64][256];
        size_t count = 0;
        for (struct dirent *e; (e = readdir(dir)) && count < 64;)
            if (strstr(e->d_name, ".map.scen") && strlen(e->d_name) < 256)
                snprintf(names[count++], 256, "%s", e->d_name);
        closedir(dir);
        qsort(names, count, sizeof *names, by_name);
        assert_true(count > 0);
        for (size_t i = 0; i < count; i++) {
            *strstr(names[i], ".map.scen") = 0;
            each(sets[s], names[i], user);
        }
    }
}

static void load(const char *set, const char *map, astar_grid **grid, astar_scenario **scen)
{
    char path[1024];
    astar_error err;
    snprintf(path, sizeof path, "%s/maps/%s/%s.map", ASTAR_BENCH_DIR, set, map);
    if (astar_grid_load_movingai(path, grid, &err) != ASTAR_OK)
        fail_msg("%s", err.message);
    snprintf(path, sizeof path, "%s/scen/%s/%s.map.scen", ASTAR_BENCH_DIR, set, map);
    if (astar_scenario_load(path, scen, &err) != ASTAR_OK)
        fail_msg("%s", err.message);
}

static void octile_map(const char *set, const char *map, void *user)
{
    astar_grid *grid;
    astar_scenario *scen;
    load(set, map, &grid, &scen);
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    compare(map, grid, scen, o, 0, STEP, true, user);
    astar_scenario_delete(scen);
    astar_grid_delete(grid);
}

static void test_octile_every_set(void **state)
{
    (void)state;
    tally t = { 0 };
    for_each_map(octile_map, &t);
    print_message("graph = grid on the benchmark maps: %zu problems, %zu mismatches\n",
                  t.problems, t.mismatches);
    assert_true(t.problems >= AT_LEAST);
    assert_int_equal(t.mismatches, 0);
}

/* Article costs (10/14, whose diagonal is under 10 * sqrt(2): the scale
 * must follow it) and 4 moves, on the first map of each set. */
static void other_models_map(const char *set, const char *map, void *user)
{
    tally *t = user;
    static char last_set[64];
    if (strcmp(last_set, set) == 0)
        return;
    snprintf(last_set, sizeof last_set, "%s", set);
    astar_grid *grid;
    astar_scenario *scen;
    load(set, map, &grid, &scen);
    astar_options o = astar_options_default();
    compare(map, grid, scen, o, 1, 10 * STEP, false, t);
    o.moves = ASTAR_MOVES_4;
    o.costs = ASTAR_COSTS_OCTILE;
    compare(map, grid, scen, o, 2, 10 * STEP, false, t);
    astar_scenario_delete(scen);
    astar_grid_delete(grid);
}

static void test_other_cost_models(void **state)
{
    (void)state;
    tally t = { 0 };
    for_each_map(other_models_map, &t);
    print_message("article costs and 4 moves: %zu problems, %zu mismatches\n", t.problems,
                  t.mismatches);
    assert_true(t.problems > 0);
    assert_int_equal(t.mismatches, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_octile_every_set),
        cmocka_unit_test(test_other_cost_models),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
