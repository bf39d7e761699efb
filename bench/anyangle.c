/* astar-anyangle SCEN [SCEN...] : any-angle paths (astar_find_any_angle_path,
 * Anya) beside JPS+ (octile costs and H, the bucket open list) on every
 * posable problem of each Moving AI scenario file (its map found as
 * bench_util.h says). Per file: problems, the median and mean query time
 * of each (each problem the best of 3 runs, one core), intervals and jump
 * points expanded (means), the mean ratio of the any-angle length to the
 * scenario's octile optimum, and the context's scratch memory after the
 * file. RUNS=1 in the environment times each query once instead (cold
 * caches, as GPPC's start kit does: each query once per process). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

/* Runs per query, the best taken: 3 unless the environment says RUNS. */
static int runs = 3;

/* The best of `runs` runs of one query, in seconds; false if it failed. */
static bool time_query(astar_context *ctx, const astar_grid *g, const astar_problem *p,
                       const astar_options *jps, astar_route *r, double *seconds)
{
    *seconds = INFINITY;
    for (int k = 0; k < runs; k++) {
        double t0 = now_seconds();
        astar_status s = jps ? astar_find_path(ctx, g, p->start, p->goal, jps, r)
                             : astar_find_any_angle_path(ctx, g, p->start, p->goal, NULL, r);
        double t = now_seconds() - t0;
        if (s != ASTAR_OK)
            return false;
        *seconds = t < *seconds ? t : *seconds;
    }
    return true;
}

static int run_file(const char *path)
{
    astar_scenario *scen;
    astar_grid *g;
    if (!bench_load_scenario_map("astar-anyangle", path, &scen, &g))
        return 1;
    if (astar_grid_enable_jump_table(g) != ASTAR_OK)
        return 1;
    size_t n = astar_scenario_count(scen), cells = astar_grid_cells(g), done = 0;
    astar_context *ctx;
    astar_point *points = malloc(cells * sizeof *points);
    double *aa = malloc(n * sizeof *aa), *jp = malloc(n * sizeof *jp);
    if (astar_context_new(cells, &ctx) != ASTAR_OK || !points || !aa || !jp)
        return 1;
    astar_options jps = bench_octile_buckets();
    jps.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    double ratio = 0, aa_expanded = 0, jp_expanded = 0;
    for (size_t i = 0; i < n; i++) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        if (!bench_posable(g, p))
            continue;
        astar_route r = { .points = points, .capacity = cells };
        if (!time_query(ctx, g, p, NULL, &r, &aa[done])) {
            fprintf(stderr, "astar-anyangle: %s line %ld: any-angle failed\n", path, p->line);
            return 1;
        }
        ratio += p->optimal > 0 ? r.distance / p->optimal : 1.0;
        aa_expanded += r.expanded;
        if (!time_query(ctx, g, p, &jps, &r, &jp[done])) {
            fprintf(stderr, "astar-anyangle: %s line %ld: JPS+ failed\n", path, p->line);
            return 1;
        }
        jp_expanded += r.expanded;
        done++;
    }
    double aa_mean = 0, jp_mean = 0;
    for (size_t i = 0; i < done; i++) {
        aa_mean += aa[i];
        jp_mean += jp[i];
    }
    double d = done ? (double)done : 1.0;
    printf("%-22s %6zu  any-angle %9.1f %9.1f us %9.0f exp  JPS+ %7.1f %7.1f us %7.0f exp  "
           "ratio %.4f  scratch %zu KiB\n",
           bench_base_name(path), done, median(aa, done) * 1e6, aa_mean / d * 1e6,
           aa_expanded / d, median(jp, done) * 1e6, jp_mean / d * 1e6, jp_expanded / d,
           ratio / d, astar_context_bytes(ctx) / 1024);
    free(aa);
    free(jp);
    free(points);
    astar_context_delete(ctx);
    astar_grid_delete(g);
    astar_scenario_delete(scen);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: astar-anyangle SCEN [SCEN...]\n");
        return 2;
    }
    const char *r = getenv("RUNS");
    if (r != NULL && atoi(r) > 0)
        runs = atoi(r);
    printf("%-22s %6s  any-angle median, mean, intervals expanded; JPS+ the same; "
           "any-angle length / octile\n", "file", "probs");
    for (int i = 1; i < argc; i++)
        if (run_file(argv[i]) != 0)
            return 1;
    return 0;
}
