/* astar-smooth MAP SCEN [MAP SCEN...] : what the article's two remedies for
 * zig-zags (note 4) do on real maps. For every posable problem of each
 * scenario file, A* with octile costs and the octile or the Euclidean
 * heuristic, without a turn penalty and with one straight step's cost
 * (2378) per turn. Per file and heuristic: the mean turns per path without
 * and with the penalty, the penalty's cost in path length and expanded
 * squares, and what astar_path_smooth makes of the plain path: waypoints,
 * length, and the time it takes (mean, and the slowest with its path's
 * cells; each the best of 3 runs) next to the mean time of the search that
 * found the path. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { SMOOTH_RUNS = 3 };

typedef struct totals {
    double turns[2], length[2], expanded[2], search_seconds;
    double waypoints, smoothed_length, smooth_seconds, slowest;
    size_t slowest_cells;
    long problems;
} totals;

/* The path's length in cells and its turns. */
static double measure(const astar_grid *g, const astar_route *p, size_t *turns)
{
    astar_path_measure m;
    if (astar_path_check(g, NULL, p->points[0], p->points[p->length - 1], p->points, p->length, &m,
                         NULL) != ASTAR_OK)
        return -1.0;
    *turns = m.turns;
    return (double)m.straight + (double)m.diagonal * sqrt(2.0);
}

/* One problem under heuristic h into t; false if something failed. */
static bool run_problem(astar_context *ctx, const astar_grid *g, const astar_problem *pr,
                        astar_heuristic h, astar_point *buffer, size_t cells, totals *t)
{
    astar_route p[2];
    for (int k = 0; k < 2; k++) {
        astar_options o = astar_options_default();
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = h;
        o.world.turn_penalty = k ? ASTAR_OCTILE_STRAIGHT : 0;
        p[k] = (astar_route){ .points = buffer + k * cells, .capacity = cells };
        double t0 = now_seconds();
        if (astar_find_path(ctx, g, pr->start, pr->goal, &o, &p[k]) != ASTAR_OK)
            return false;
        if (k == 0)
            t->search_seconds += now_seconds() - t0;
        size_t turns;
        double length = measure(g, &p[k], &turns);
        if (length < 0)
            return false;
        t->turns[k] += (double)turns;
        t->length[k] += length;
        t->expanded[k] += p[k].expanded;
    }
    /* The best of a few runs, so that a slowest path is slow, not preempted. */
    astar_route w = { .points = buffer + 2 * cells, .capacity = cells };
    double seconds = INFINITY;
    for (int run = 0; run < SMOOTH_RUNS; run++) {
        double t0 = now_seconds();
        if (astar_path_smooth(g, NULL, p[0].points, p[0].length, &w) != ASTAR_OK)
            return false;
        seconds = fmin(seconds, now_seconds() - t0);
    }
    t->waypoints += (double)w.length;
    t->smoothed_length += w.distance;
    t->smooth_seconds += seconds;
    if (seconds > t->slowest) {
        t->slowest = seconds;
        t->slowest_cells = p[0].length;
    }
    t->problems++;
    return true;
}

static void print_totals(const char *scen, const char *heuristic, const totals *t)
{
    double n = (double)t->problems;
    printf("%-20s %-9s %6ld %7.1f %7.1f %+8.2f%% %8.2fx %8.1f %+8.2f%% %9.1f %9.1f %9.1f (%zu)\n",
           scen, heuristic, t->problems, t->turns[0] / n, t->turns[1] / n,
           100.0 * (t->length[1] / t->length[0] - 1.0), t->expanded[1] / t->expanded[0],
           t->waypoints / n, 100.0 * (t->smoothed_length / t->length[0] - 1.0),
           t->search_seconds * 1e6 / n, t->smooth_seconds * 1e6 / n, t->slowest * 1e6,
           t->slowest_cells);
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc % 2 == 0) {
        fprintf(stderr, "usage: astar-smooth MAP SCEN [MAP SCEN...]\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0); /* a line per file and heuristic as it is done */
    printf("%-20s %-9s %6s %7s %7s %9s %9s %8s %9s %9s %9s %9s\n", "scenario", "H", "paths",
           "turns", "+pen", "length", "expanded", "waypts", "smoothed", "A* us", "smooth us",
           "max us (cells)");
    for (int i = 1; i < argc; i += 2) {
        astar_grid *g;
        astar_scenario *scen;
        astar_context *ctx;
        if (!bench_load_map("astar-smooth", argv[i], &g) ||
            !bench_load_scenario("astar-smooth", argv[i + 1], &scen))
            return 1;
        size_t cells = astar_grid_cells(g);
        astar_point *buffer = malloc(3 * cells * sizeof *buffer);
        if (!buffer || astar_context_new(cells, &ctx) != ASTAR_OK) {
            fprintf(stderr, "astar-smooth: out of memory\n");
            return 1;
        }
        const char *name = bench_base_name(argv[i + 1]);
        const astar_heuristic heuristics[] = { ASTAR_HEURISTIC_OCTILE, ASTAR_HEURISTIC_EUCLIDEAN };
        const char *names[] = { "octile", "euclidean" };
        for (int h = 0; h < 2; h++) {
            totals t = { 0 };
            for (size_t k = 0; k < astar_scenario_count(scen); k++) {
                const astar_problem *pr = astar_scenario_problem(scen, k);
                if (!bench_posable(g, pr))
                    continue;
                if (!run_problem(ctx, g, pr, heuristics[h], buffer, cells, &t)) {
                    fprintf(stderr, "astar-smooth: %s line %ld failed\n", argv[i + 1], pr->line);
                    return 1;
                }
            }
            print_totals(name, names[h], &t);
        }
        free(buffer);
        astar_context_delete(ctx);
        astar_scenario_delete(scen);
        astar_grid_delete(g);
    }
    return 0;
}
