/* astar-cpd [--load DIR] [--stride K] SCEN... : precalculated paths
 * (astar/cpd.h) against JPS+ on the same problems in the same run. Per
 * scenario file (its map in the Moving AI layout): the map's database
 * built on 2 threads (or loaded from DIR/<map>.cpd when that file exists,
 * as `astar cpd build` saves it), its build or load time and its bytes
 * per cell in memory and on disk; then on every K-th posable problem
 * (default 1) the first move alone, the whole path, and JPS+ on the bucket
 * open list, one after the other, octile costs, the medians in
 * microseconds and JPS+'s median over each. Every CPD path must have the
 * scenario's optimal length: a mismatch is counted and fails the run. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

static const char program[] = "astar-cpd";

enum { THREADS = 2 };

/* The samples of one file, in microseconds. */
typedef struct samples {
    double *first, *path, *jps_plus;
    size_t count;
} samples;

/* The database of the map of the scenario file scen_path (X.map.scen):
 * loaded from dir/X.cpd when there is one, else built; *seconds how long
 * that took, *how which. */
static astar_status get_cpd(const astar_grid *grid, const astar_options *o, const char *dir,
                            const char *scen_path, astar_cpd **cpd, double *seconds,
                            const char **how)
{
    char file[4096];
    double t0 = now_seconds();
    if (dir) {
        const char *base = bench_base_name(scen_path), *dot = strstr(base, ".map.scen");
        size_t stem = dot ? (size_t)(dot - base) : strlen(base);
        snprintf(file, sizeof file, "%s/%.*s.cpd", dir, (int)stem, base);
        FILE *f = fopen(file, "rb");
        if (f) {
            fclose(f);
            astar_status s = astar_cpd_load(file, grid, cpd, NULL);
            *seconds = now_seconds() - t0;
            *how = "loaded";
            return s;
        }
    }
    astar_status s = astar_cpd_new(grid, o, ASTAR_CPD_ORDER_DFS, THREADS, cpd);
    *seconds = now_seconds() - t0;
    *how = "built";
    return s;
}

static bool run_file(const char *path, const char *dir, size_t stride)
{
    astar_scenario *scen;
    astar_grid *grid;
    if (!bench_load_scenario_map(program, path, &scen, &grid))
        return false;
    size_t cells = astar_grid_cells(grid), n = astar_scenario_count(scen);
    astar_options o = bench_octile_buckets();
    astar_options jps_plus = o;
    jps_plus.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    samples s = { calloc(n + 1, sizeof(double)), calloc(n + 1, sizeof(double)),
                  calloc(n + 1, sizeof(double)), 0 };
    astar_point *points = malloc(cells * sizeof *points);
    astar_context *ctx = NULL;
    astar_cpd *cpd = NULL;
    double seconds = 0.0;
    const char *how = "built";
    /* The table first: enabling it counts as an edit, which a CPD built
     * before would answer with ASTAR_MAP_CHANGED. */
    bool ok = astar_grid_enable_jump_table(grid) == ASTAR_OK;
    astar_status built = get_cpd(grid, &o, dir, path, &cpd, &seconds, &how);
    ok = ok && built == ASTAR_OK && s.first && s.path && s.jps_plus && points &&
         astar_context_new(cells, &ctx) == ASTAR_OK;
    if (built != ASTAR_OK)
        fprintf(stderr, "%s: %s: the database: %s\n", program, path, astar_status_message(built));
    size_t wrong = 0;
    for (size_t i = 0; ok && i < n; i += stride) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        if (!astar_grid_walkable(grid, p->start.x, p->start.y) ||
            !astar_grid_walkable(grid, p->goal.x, p->goal.y))
            continue;
        astar_point next;
        astar_path path_found = { .points = points, .capacity = cells };
        astar_path searched = { .points = points, .capacity = cells };
        double t0 = now_seconds();
        astar_status a = astar_cpd_first_move(cpd, p->start, p->goal, &next);
        double t1 = now_seconds();
        astar_status b = astar_cpd_path(cpd, p->start, p->goal, &path_found);
        double t2 = now_seconds();
        astar_status c = astar_find_path(ctx, grid, p->start, p->goal, &jps_plus, &searched);
        double t3 = now_seconds();
        if (a != ASTAR_OK || b != ASTAR_OK || c != ASTAR_OK) {
            fprintf(stderr, "%s: %s line %ld: %s\n", program, path, p->line,
                    astar_status_message(a != ASTAR_OK ? a : b != ASTAR_OK ? b : c));
            ok = false;
            break;
        }
        wrong += fabs(path_found.distance - p->optimal) > 0.01 || path_found.cost != searched.cost;
        s.first[s.count] = (t1 - t0) * 1e6;
        s.path[s.count] = (t2 - t1) * 1e6;
        s.jps_plus[s.count] = (t3 - t2) * 1e6;
        s.count++;
    }
    if (ok) {
        astar_cpd_info info;
        astar_cpd_describe(cpd, &info);
        double mf = median(s.first, s.count), mp = median(s.path, s.count),
               mj = median(s.jps_plus, s.count);
        printf("%-24s %8zu %6s %9.2f %9.1f %9.1f %6zu %9.3f %9.2f %9.2f %7.1f %7.2f\n",
               bench_base_name(path), info.walkable, how, seconds,
               (double)info.bytes / (double)cells, (double)info.file_bytes / (double)cells,
               s.count, mf, mp, mj, mj / mf, mj / mp);
        fflush(stdout);
        if (wrong) {
            fprintf(stderr, "%s: %s: %zu paths not of the optimal length\n", program, path, wrong);
            ok = false;
        }
    }
    free(s.first);
    free(s.path);
    free(s.jps_plus);
    free(points);
    astar_context_delete(ctx);
    astar_cpd_delete(cpd);
    astar_grid_delete(grid);
    astar_scenario_delete(scen);
    return ok;
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    size_t stride = 1;
    int first = 1;
    for (; first + 1 < argc && strncmp(argv[first], "--", 2) == 0; first += 2) {
        long v = strtol(argv[first + 1], NULL, 10);
        if (strcmp(argv[first], "--load") == 0)
            dir = argv[first + 1];
        else if (strcmp(argv[first], "--stride") == 0 && v >= 1)
            stride = (size_t)v;
        else
            first = argc;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [--load DIR] [--stride K] SCEN...\n", program);
        return 2;
    }
    printf("octile costs, 8 moves, every %zu-th problem; times in us (medians), build on %d "
           "threads in s\n", stride, THREADS);
    printf("%-24s %8s %6s %9s %9s %9s %6s %9s %9s %9s %7s %7s\n", "map", "walkable", "cpd",
           "seconds", "B/cell", "disk B/c", "probs", "first", "path", "JPS+", "J/first",
           "J/path");
    int failed = 0;
    for (int i = first; i < argc; i++)
        failed += !run_file(argv[i], dir, stride);
    return failed ? 1 : 0;
}
