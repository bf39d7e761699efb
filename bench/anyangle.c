/* astar-anyangle SCEN [SCEN...] : any-angle paths (astar_find_any_angle_path,
 * Anya) beside JPS+ (octile costs and H, the bucket open list) on every
 * posable problem of each Moving AI scenario file (its map found as
 * bench_util.h says). Per file: problems, the median and mean query time
 * of each (each problem the best of 3 runs, one core), intervals and jump
 * points expanded (means), the mean ratio of the any-angle length to the
 * scenario's octile optimum, and the context's scratch memory after the
 * file. RUNS=1 in the environment times each query once instead (cold
 * caches, as GPPC's start kit does: each query once per process).
 *
 * astar-anyangle --check [--every K] SCEN [SCEN...] : every Kth (default
 * 10th) posable problem of each file (the 1st, (K+1)th, ...) against the
 * tests' oracle (tests/util/anyangle_oracle.h): the path valid by its
 * segment check, its length the reported one and never above the file's
 * octile optimum, and equal within 1e-9 to the oracle's shortest, found
 * by A* over the map's convex corners bounded a hair above the length
 * (a shorter path, or none, shows). Per file the problems checked, the
 * mismatches, the mean length / octile and the oracle's time; then per
 * set (the scenario file's folder). Exit status 1 on any mismatch. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include <math.h>
#include <string.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"
#include "util/anyangle_oracle.h"

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

/* The scenario files' lengths are rounded (astar scen's tolerance). */
#define OCTILE_TOLERANCE 0.01

/* What --check found in the files of one set. */
typedef struct tally {
    char set[64];
    size_t files, checked, mismatches;
    double ratio;
} tally;

/* The set of a scenario file: the name of its folder. */
static void set_of(const char *path, char *out, size_t size)
{
    const char *end = strrchr(path, '/');
    const char *begin = path;
    if (end)
        for (const char *p = end - 1; p >= path && *p != '/'; p--)
            begin = p;
    size_t n = end ? (size_t)(end - begin) : 0;
    snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), begin);
}

static int check_file(const char *path, size_t every, tally *t)
{
    astar_scenario *scen;
    astar_grid *g;
    if (!bench_load_scenario_map("astar-anyangle", path, &scen, &g))
        return 1;
    size_t cells = astar_grid_cells(g), n = astar_scenario_count(scen), posable = 0;
    astar_context *ctx;
    astar_point *points = malloc(cells * sizeof *points);
    aa_corners *corners = aa_corners_new(g);
    if (astar_context_new(cells, &ctx) != ASTAR_OK || !points || !corners)
        return 1;
    size_t checked = 0, wrong = 0;
    double ratio = 0, t0 = now_seconds();
    for (size_t i = 0; i < n; i++) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        if (!bench_posable(g, p) || posable++ % every != 0)
            continue;
        astar_route r = { .points = points, .capacity = cells };
        astar_status s = astar_find_any_angle_path(ctx, g, p->start, p->goal, NULL, &r);
        double length = -1;
        bool valid = s == ASTAR_OK && aa_path_valid(g, points, r.length, &length) &&
                     points[0].x == p->start.x && points[0].y == p->start.y &&
                     points[r.length - 1].x == p->goal.x && points[r.length - 1].y == p->goal.y;
        double bound = r.distance + 1e-9 * (1 + r.distance);
        double shortest = valid ? aa_corners_length(corners, p->start, p->goal, bound, NULL, 0, NULL)
                                : -1;
        bool right = valid && fabs(length - r.distance) <= 1e-9 * (1 + length) &&
                     r.distance <= p->optimal + OCTILE_TOLERANCE &&
                     fabs(shortest - r.distance) <= 1e-9 * (1 + r.distance);
        if (!right && wrong++ < 5)
            printf("MISMATCH %s line %ld: %s, length %.9f (valid %d, measured %.9f), "
                   "oracle %.9f, octile %.4f\n", path, p->line, astar_status_message(s),
                   r.distance, valid, length, shortest, p->optimal);
        ratio += p->optimal > 0 ? r.distance / p->optimal : 1.0;
        checked++;
    }
    printf("%-26s %7zu checked %4zu mismatches  length / octile %.4f  oracle %7.1f s "
           "(%zu corners)\n", bench_base_name(path), checked, wrong,
           checked ? ratio / (double)checked : 1.0, now_seconds() - t0, aa_corners_count(corners));
    fflush(stdout);
    t->files++;
    t->checked += checked;
    t->mismatches += wrong;
    t->ratio += ratio;
    aa_corners_delete(corners);
    free(points);
    astar_context_delete(ctx);
    astar_grid_delete(g);
    astar_scenario_delete(scen);
    return 0;
}

static int check_files(int argc, char **argv)
{
    size_t every = 10;
    int first = 2;
    if (argc > 3 && strcmp(argv[2], "--every") == 0) {
        every = (size_t)atol(argv[3]);
        first = 4;
    }
    if (every == 0 || first >= argc) {
        fprintf(stderr, "usage: astar-anyangle --check [--every K] SCEN [SCEN...]\n");
        return 2;
    }
    tally sets[64];
    size_t count = 0, mismatches = 0;
    for (int i = first; i < argc; i++) {
        char set[64];
        set_of(argv[i], set, sizeof set);
        size_t k = 0;
        while (k < count && strcmp(sets[k].set, set) != 0)
            k++;
        if (k == count) {
            if (count == sizeof sets / sizeof *sets)
                return 2;
            sets[count++] = (tally){ .files = 0 };
            snprintf(sets[k].set, sizeof sets[k].set, "%s", set);
        }
        if (check_file(argv[i], every, &sets[k]) != 0)
            return 1;
    }
    printf("\n%-12s %6s %9s %11s %15s\n", "set", "files", "checked", "mismatches", "length/octile");
    for (size_t k = 0; k < count; k++) {
        const tally *t = &sets[k];
        printf("%-12s %6zu %9zu %11zu %15.4f\n", t->set, t->files, t->checked, t->mismatches,
               t->checked ? t->ratio / (double)t->checked : 1.0);
        mismatches += t->mismatches;
    }
    return mismatches == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--check") == 0)
        return check_files(argc, argv);
    if (argc < 2) {
        fprintf(stderr, "usage: astar-anyangle SCEN [SCEN...]\n"
                        "       astar-anyangle --check [--every K] SCEN [SCEN...]\n");
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
