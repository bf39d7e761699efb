/* astar-landmarks [--landmarks N] [--every K] SCEN... : A* on a map made
 * into a graph (astar_graph_new_from_grid), on octile H alone and with N
 * landmarks (astar_graph_enable_landmarks, default 8), problem by problem
 * in turns, the bucket open list, octile costs. Per scenario file: median
 * microseconds and mean nodes expanded of each, the speed-up, the
 * landmarks' build time and bytes per node. Every pair of answers is
 * compared: the costs must be equal (exit 1 otherwise). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

static const char program[] = "astar-landmarks";

/* One query on g, timed into *micros; its status, cost and expansions. */
static astar_status query(astar_context *ctx, const astar_graph *g, uint32_t from, uint32_t to,
                          const astar_search_options *o, double *micros, astar_route *path)
{
    *path = (astar_route){ 0 };
    double t0 = now_seconds();
    astar_status s = astar_graph_find_path(ctx, g, from, to, o, path);
    *micros = (now_seconds() - t0) * 1e6;
    return s;
}

static bool run_file(const char *path, uint32_t landmarks, size_t every)
{
    astar_scenario *scen;
    astar_grid *grid;
    if (!bench_load_scenario_map(program, path, &scen, &grid))
        return false;
    astar_options o = bench_octile_buckets();
    size_t n = astar_scenario_count(scen), cells = astar_grid_cells(grid);
    astar_graph *plain = NULL, *marked = NULL;
    astar_context *ctx = NULL;
    double *times[2] = { calloc(n + 1, sizeof(double)), calloc(n + 1, sizeof(double)) };
    bool ok = times[0] && times[1] && astar_graph_new_from_grid(grid, &o, &plain) == ASTAR_OK &&
              astar_graph_new_from_grid(grid, &o, &marked) == ASTAR_OK &&
              astar_graph_context_new(cells, &ctx) == ASTAR_OK;
    double t0 = now_seconds();
    ok = ok && astar_graph_enable_landmarks(marked, landmarks) == ASTAR_OK;
    double build = now_seconds() - t0;
    uint32_t w = (uint32_t)astar_grid_width(grid);
    unsigned long long expanded[2] = { 0, 0 };
    size_t count = 0, mismatches = 0;
    for (size_t i = 0; ok && i < n; i += every) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        if (!bench_posable(grid, p))
            continue;
        uint32_t from = (uint32_t)p->start.y * w + (uint32_t)p->start.x;
        uint32_t to = (uint32_t)p->goal.y * w + (uint32_t)p->goal.x;
        /* [0] on octile H alone, [1] with the landmarks; in turns, so
         * that the machine's drift falls on both. */
        const astar_graph *graphs[2] = { plain, marked };
        astar_route paths[2];
        astar_status status[2];
        for (int turn = 0, k = (int)(count % 2); turn < 2; turn++, k = !k)
            status[k] = query(ctx, graphs[k], from, to, &o.search, &times[k][count], &paths[k]);
        mismatches += status[0] != status[1] || paths[0].cost != paths[1].cost;
        expanded[0] += paths[0].expanded;
        expanded[1] += paths[1].expanded;
        count++;
    }
    if (ok && count > 0) {
        double m0 = median(times[0], count), m1 = median(times[1], count);
        printf("%-24s %6zu %9.1f %9.1f %10.0f %10.0f %6.2f %8.2f %7.1f %s\n", bench_base_name(path),
               count, m0, m1, (double)expanded[0] / (double)count,
               (double)expanded[1] / (double)count, m0 / m1, build,
               (double)astar_graph_landmarks_bytes(marked) / (double)astar_graph_nodes(marked),
               mismatches ? "COSTS DIFFER" : "");
    } else if (!ok) {
        fprintf(stderr, "%s: %s could not be run\n", program, path);
    }
    free(times[0]);
    free(times[1]);
    astar_context_delete(ctx);
    astar_graph_delete(plain);
    astar_graph_delete(marked);
    astar_grid_delete(grid);
    astar_scenario_delete(scen);
    return ok && mismatches == 0;
}

int main(int argc, char **argv)
{
    uint32_t landmarks = 8;
    size_t every = 10;
    int first = 1;
    for (; first + 1 < argc && strncmp(argv[first], "--", 2) == 0; first += 2) {
        long v = strtol(argv[first + 1], NULL, 10);
        if (strcmp(argv[first], "--landmarks") == 0 && v >= 1 && v <= ASTAR_GRAPH_MAX_LANDMARKS)
            landmarks = (uint32_t)v;
        else if (strcmp(argv[first], "--every") == 0 && v >= 1)
            every = (size_t)v;
        else
            first = argc;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [--landmarks N] [--every K] SCEN...\n", program);
        return 2;
    }
    printf("A* on each map's graph, octile H alone and with %u landmarks; every %zu-th problem; "
           "medians in us\n",
           landmarks, every);
    printf("%-24s %6s %9s %9s %10s %10s %6s %8s %7s\n", "map", "probs", "octile", "landmarks",
           "exp octile", "exp lm", "x", "build s", "B/node");
    int failed = 0;
    for (int i = first; i < argc; i++)
        failed += !run_file(argv[i], landmarks, every);
    return failed ? 1 : 0;
}
