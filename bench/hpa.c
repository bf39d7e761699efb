/* astar-hpa [--cluster N] [--crossings middle|ends] [--landmarks L] [--stride K] SCEN...:
 * two tiers (astar/hpa.h) against A* and JPS on the same problems in the
 * same run. Per scenario file (its map in the Moving AI layout), on every
 * K-th posable problem (default 1): A* and JPS with the buckets, octile costs and H, the hpa's
 * graph search likewise, taking turns on runs of 10 problems with the
 * first search rotating from run to run, as astar-peers does (bench/README.md,
 * "Timing"); the median microseconds of each, HPA*'s path length over the
 * optimal (mean, 99th percentile) as found and straightened
 * (astar_path_straighten: still cells, their exact length, right after its
 * query) and the straightening's median time, then the hpa's build time
 * and bytes per cell and the mean time of an update after a one-cell edit
 * (20 cells, each changed and restored), inside a cluster and on a border
 * apart, next to the median A* query. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

static const char program[] = "astar-hpa";

enum { EDITS = 20, RUN = 10 };

/* The samples of one file. */
typedef struct samples {
    double *astar, *jps, *hpa, *ratio, *straightened, *straighten;
    size_t count;
} samples;

static double mean_of(const double *v, size_t n)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; i++)
        sum += v[i];
    return n ? sum / (double)n : 0.0;
}

/* Straightens path in place, timed into *micros. */
static bool straighten_timed(const astar_grid *grid, const astar_options *o, astar_route *path,
                             double *micros)
{
    double t0 = now_seconds();
    astar_status s = astar_path_straighten(grid, o, path->points, path->length, path);
    *micros = (now_seconds() - t0) * 1e6;
    return s == ASTAR_OK;
}

/* Times one search into *micros; false after saying why it failed. */
static bool timed(astar_status (*search)(void *, const astar_problem *, astar_route *), void *with,
                  const astar_problem *p, astar_route *path, double *micros)
{
    double t0 = now_seconds();
    astar_status s = search(with, p, path);
    *micros = (now_seconds() - t0) * 1e6;
    if (s != ASTAR_OK)
        fprintf(stderr, "%s: line %ld: %s\n", program, p->line, astar_status_message(s));
    return s == ASTAR_OK;
}

typedef struct grid_search {
    astar_context *ctx;
    const astar_grid *grid;
    astar_options options;
} grid_search;

static astar_status on_grid(void *with, const astar_problem *p, astar_route *path)
{
    grid_search *g = with;
    return astar_find_path(g->ctx, g->grid, p->start, p->goal, &g->options, path);
}

typedef struct tier_search {
    astar_hpa *hpa;
    astar_options options;
} tier_search;

static astar_status on_tiers(void *with, const astar_problem *p, astar_route *path)
{
    tier_search *t = with;
    return astar_hpa_find_path(t->hpa, p->start, p->goal, &t->options, path);
}

/* HPA*'s query timed into s's i-th samples, its path checked, straightened
 * (timed too) and checked again, with both lengths over the optimal. */
static bool tiers_timed(const astar_grid *grid, tier_search *t, const astar_problem *p,
                        astar_route *path, samples *s, size_t i)
{
    astar_path_measure m, ms;
    bool ok = timed(on_tiers, t, p, path, &s->hpa[i]) &&
              astar_path_check(grid, &t->options, p->start, p->goal, path->points, path->length,
                               &m, NULL) == ASTAR_OK &&
              straighten_timed(grid, &t->options, path, &s->straighten[i]) &&
              astar_path_check(grid, &t->options, p->start, p->goal, path->points, path->length,
                               &ms, NULL) == ASTAR_OK;
    if (ok) {
        s->ratio[i] = m.length / p->optimal;
        s->straightened[i] = ms.length / p->optimal;
    }
    return ok;
}

/* The mean milliseconds of an update after a one-cell edit, for cells
 * inside a cluster (millis[0]) and on its border (millis[1]), which
 * rebuilds the graph; false if an update failed. */
static bool edit_millis(astar_grid *grid, astar_hpa *hpa, double millis[2])
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid), size = astar_hpa_cluster_size(hpa);
    double seconds[2] = { 0.0, 0.0 };
    int count[2] = { 0, 0 };
    for (int k = 0; k < EDITS; k++) {
        astar_point cell = { (k * 37 + 11) % w, (k * 53 + 7) % h };
        int border = cell.x % size == 0 || cell.x % size == size - 1 || cell.y % size == 0 ||
                     cell.y % size == size - 1;
        bool walkable = astar_grid_walkable(grid, cell.x, cell.y);
        for (int undo = 0; undo < 2; undo++) {
            astar_grid_set_walkable(grid, cell.x, cell.y, undo ? walkable : !walkable);
            double t0 = now_seconds();
            astar_status s = astar_hpa_update(hpa, &cell, 1, NULL);
            seconds[border] += now_seconds() - t0;
            count[border]++;
            if (s != ASTAR_OK)
                return false;
        }
    }
    for (int b = 0; b < 2; b++)
        millis[b] = count[b] ? seconds[b] * 1e3 / count[b] : 0.0;
    return true;
}

static bool run_file(const char *path, int cluster, astar_hpa_crossings crossings,
                     uint32_t landmarks, size_t stride)
{
    astar_scenario *scen;
    astar_grid *grid;
    if (!bench_load_scenario_map(program, path, &scen, &grid))
        return false;
    size_t cells = astar_grid_cells(grid), n = astar_scenario_count(scen);
    astar_options o = bench_octile_buckets();
    grid_search a = { NULL, grid, o }, j = { NULL, grid, o };
    j.options.algorithm = ASTAR_ALGORITHM_JPS;
    tier_search t = { NULL, o };
    samples s = { calloc(n + 1, sizeof(double)), calloc(n + 1, sizeof(double)),
                  calloc(n + 1, sizeof(double)), calloc(n + 1, sizeof(double)),
                  calloc(n + 1, sizeof(double)), calloc(n + 1, sizeof(double)), 0 };
    astar_point *points = malloc(cells * sizeof *points);
    double t0 = now_seconds();
    astar_status built = astar_hpa_new(grid, &o, cluster, &t.hpa, NULL);
    if (built == ASTAR_OK)
        built = astar_hpa_set_crossings(t.hpa, crossings, NULL);
    if (built == ASTAR_OK)
        built = astar_hpa_set_landmarks(t.hpa, landmarks, NULL);
    /* The query and its straightening are timed apart (what the two cost
     * is the table's point), so the query hands out the path as refined. */
    if (built == ASTAR_OK)
        built = astar_hpa_set_straighten(t.hpa, false);
    double build_ms = (now_seconds() - t0) * 1e3;
    bool ok = built == ASTAR_OK && s.astar && s.jps && s.hpa && s.ratio && s.straightened && s.straighten &&
              points && astar_context_new(cells, &a.ctx) == ASTAR_OK;
    j.ctx = a.ctx;
    size_t *sample = malloc((n + 1) * sizeof *sample), m = 0;
    for (size_t i = 0; sample && i < n; i += stride)
        if (bench_posable(grid, astar_scenario_problem(scen, i)) &&
            astar_scenario_problem(scen, i)->optimal > 0.0)
            sample[m++] = i;
    ok = ok && sample;
    /* Each search finds its own data in cache, as in a game that searches
     * all the time, not what the other two left: one problem each in turn
     * would time the others' memory traffic as much as its own. */
    for (size_t first = 0, run = 0; ok && first < m; first += RUN, run++) {
        size_t last = first + RUN < m ? first + RUN : m;
        for (int k = 0; ok && k < 3; k++) {
            int engine = (int)((run + (size_t)k) % 3);
            for (size_t i = first; ok && i < last; i++) {
                const astar_problem *p = astar_scenario_problem(scen, sample[i]);
                astar_route path = { .points = points, .capacity = cells };
                if (engine == 0)
                    ok = timed(on_grid, &a, p, &path, &s.astar[i]);
                else if (engine == 1)
                    ok = timed(on_grid, &j, p, &path, &s.jps[i]);
                else
                    ok = tiers_timed(grid, &t, p, &path, &s, i);
            }
        }
    }
    s.count = m;
    double edit[2];
    if (ok && edit_millis(grid, t.hpa, edit)) {
        double mean = mean_of(s.ratio, s.count), straightened = mean_of(s.straightened, s.count);
        double ma = median(s.astar, s.count), mj = median(s.jps, s.count),
               mh = median(s.hpa, s.count), ms = median(s.straighten, s.count);
        printf("%-24s %6zu %7.4f %7.4f %7.4f %7.4f %9.1f %8.1f %8.1f %8.1f %6.2f %6.2f %8.1f %6.1f "
               "%8.3f %6.2f %8.3f %6.2f\n",
               bench_base_name(path), s.count, mean, percentile(s.ratio, s.count, 0.99), straightened,
               percentile(s.straightened, s.count, 0.99), ma, mj, mh, ms, ma / mh, mj / mh, build_ms,
               (double)astar_hpa_bytes(t.hpa) / (double)cells, edit[0], edit[0] * 1e3 / ma,
               edit[1], edit[1] * 1e3 / ma);
        fflush(stdout);
    } else {
        fprintf(stderr, "%s: %s could not be run\n", program, path);
        ok = false;
    }
    free(s.astar);
    free(s.jps);
    free(s.hpa);
    free(s.ratio);
    free(s.straightened);
    free(s.straighten);
    free(points);
    free(sample);
    astar_context_delete(a.ctx);
    astar_hpa_delete(t.hpa);
    astar_grid_delete(grid);
    astar_scenario_delete(scen);
    return ok;
}

int main(int argc, char **argv)
{
    int cluster = ASTAR_HPA_CLUSTER;
    uint32_t landmarks = ASTAR_HPA_LANDMARKS;
    astar_hpa_crossings crossings = ASTAR_HPA_CROSS_MIDDLE;
    size_t stride = 1;
    int first = 1;
    for (; first + 1 < argc && strncmp(argv[first], "--", 2) == 0; first += 2) {
        long v = strtol(argv[first + 1], NULL, 10);
        if (strcmp(argv[first], "--cluster") == 0 && v >= ASTAR_HPA_MIN_CLUSTER &&
            v <= ASTAR_HPA_MAX_CLUSTER)
            cluster = (int)v;
        else if (strcmp(argv[first], "--stride") == 0 && v >= 1)
            stride = (size_t)v;
        else if (strcmp(argv[first], "--landmarks") == 0 && v >= 0 && v <= ASTAR_GRAPH_MAX_LANDMARKS)
            landmarks = (uint32_t)v;
        else if (strcmp(argv[first], "--crossings") == 0 &&
                 (strcmp(argv[first + 1], "middle") == 0 || strcmp(argv[first + 1], "ends") == 0))
            crossings = argv[first + 1][0] == 'm' ? ASTAR_HPA_CROSS_MIDDLE : ASTAR_HPA_CROSS_ENDS;
        else
            first = argc;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [--cluster N] [--crossings middle|ends] [--landmarks L] [--stride K] "
                "SCEN...\n",
                program);
        return 2;
    }
    printf("clusters of %d, entrances crossed at %s, %u landmarks, every %zu-th problem; times "
           "in us (medians), edit in ms\n",
           cluster, crossings == ASTAR_HPA_CROSS_ENDS ? "the ends of long ones" : "their middles",
           landmarks, stride);
    printf("%-24s %6s %7s %7s %7s %7s %9s %8s %8s %8s %6s %6s %8s %6s %8s %6s %8s %6s\n", "map",
           "probs", "mean", "p99", "str", "str.p99", "A*", "JPS", "HPA*", "str us", "A*/H", "JPS/H",
           "build ms", "B/cell", "in ms", "in/A*", "bord ms", "bord/A*");
    int failed = 0;
    for (int i = first; i < argc; i++)
        failed += !run_file(argv[i], cluster, crossings, landmarks, stride);
    return failed ? 1 : 0;
}
