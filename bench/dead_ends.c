/*
 * dead_ends.c - what dead-end pruning saves A*, per benchmark set.
 *
 * For every scenario file of the eight Moving AI sets, every Nth problem
 * (default every 10th: problems 1, 11, 21, ... of each file) is solved by A*
 * (octile costs and heuristic, last-added ties: `astar scen --costs octile
 * --heuristic octile`) on the map as loaded and on the same map with its
 * dead ends enabled. The two must give the same status and cost, and the
 * second no more expansions (with unique tie keys it expands a subset of
 * the first's squares in the same order); the program stops if not.
 * Printed per set: problems, mean expansions without and with dead ends
 * and their ratio, mean microseconds per search without and with, and per
 * map the number of areas and the time to tag them (median of 5 builds).
 * Times are processor time, not wall-clock time.
 *
 * usage: astar-dead-ends [BENCH_DIR] [--every N] [--files]
 *   BENCH_DIR  holds maps/<set>/<name> and scen/<set>/<name>.scen
 *              (default ../shared/bench)
 *   --files    a row per scenario file too
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "astar.h"
#include "cli.h"
#include "timing.h"

enum { BUILDS = 5 };

/* Processor time of this (single-threaded) program: on a machine shared
 * with other work it moves much less than the wall clock. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const char *const sets[] = { "bg512", "dao", "maze", "random",
                                    "room", "sc1", "street", "wc3maps512" };
enum { SETS = sizeof sets / sizeof sets[0] };

typedef struct totals {
    size_t maps, problems;
    double expanded[2], seconds[2]; /* [0] without dead ends, [1] with */
    double areas, build_seconds, build_max;
} totals;

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The scenario files of a set, sorted; NULL-terminated. */
static char **scenario_files(const char *bench, const char *set)
{
    char dir_path[4096];
    snprintf(dir_path, sizeof dir_path, "%s/scen/%s", bench, set);
    DIR *dir = opendir(dir_path);
    char **names = calloc(1, sizeof *names);
    size_t n = 0;
    if (!dir || !names) {
        fprintf(stderr, "astar-dead-ends: cannot read %s\n", dir_path);
        exit(2);
    }
    for (struct dirent *e; (e = readdir(dir));) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".scen") != 0)
            continue;
        char **more = realloc(names, (n + 2) * sizeof *names);
        char *path = malloc(strlen(dir_path) + len + 2);
        if (!more || !path) {
            fprintf(stderr, "astar-dead-ends: out of memory\n");
            exit(2);
        }
        names = more;
        sprintf(path, "%s/%s", dir_path, e->d_name);
        names[n++] = path;
        names[n] = NULL;
    }
    closedir(dir);
    qsort(names, n, sizeof *names, by_string);
    return names;
}

/* Median seconds to tag the dead ends of g, which ends with them enabled. */
static double build_seconds(astar_grid *g)
{
    double t[BUILDS];
    for (int i = 0; i < BUILDS; i++) {
        astar_grid_disable_dead_ends(g);
        double t0 = cpu_seconds();
        astar_status s = astar_grid_enable_dead_ends(g);
        t[i] = cpu_seconds() - t0;
        if (s != ASTAR_OK) {
            fprintf(stderr, "astar-dead-ends: %s\n", astar_status_message(s));
            exit(2);
        }
    }
    return median(t, BUILDS);
}

static void print_row(const char *name, const totals *t)
{
    size_t n = t->problems ? t->problems : 1;
    printf("| %s | %zu | %.0f | %.0f | %.3f | %.0f | %.0f | %.0f | %.1f (%.1f) |\n", name,
           t->problems, t->expanded[0] / n, t->expanded[1] / n,
           t->expanded[0] > 0 ? t->expanded[1] / t->expanded[0] : 1.0, t->seconds[0] * 1e6 / n,
           t->seconds[1] * 1e6 / n, t->maps ? t->areas / t->maps : 0.0,
           t->maps ? t->build_seconds * 1e3 / t->maps : 0.0, t->build_max * 1e3);
    fflush(stdout);
}

static void add(totals *to, const totals *t)
{
    to->maps += t->maps;
    to->problems += t->problems;
    for (int k = 0; k < 2; k++) {
        to->expanded[k] += t->expanded[k];
        to->seconds[k] += t->seconds[k];
    }
    to->areas += t->areas;
    to->build_seconds += t->build_seconds;
    if (t->build_max > to->build_max)
        to->build_max = t->build_max;
}

static void run_file(const char *path, long every, astar_context **ctx, size_t *ctx_cells,
                     totals *t)
{
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    cli_map_options plain = { 0 };
    cli_scenario cs;
    astar_grid *marked;
    if (!cli_scenario_load(path, NULL, &o, &plain, &cs) ||
        !cli_grid_load(cs.map_path, &o, &plain, &marked))
        exit(2);
    size_t cells = astar_grid_cells(cs.grid);
    if (cells > *ctx_cells) {
        astar_context_delete(*ctx);
        if (astar_context_new(cells, ctx) != ASTAR_OK) {
            fprintf(stderr, "astar-dead-ends: out of memory\n");
            exit(2);
        }
        *ctx_cells = cells;
    }
    double build = build_seconds(marked);
    t->maps++;
    t->build_seconds += build;
    if (build > t->build_max)
        t->build_max = build;
    t->areas += astar_grid_dead_end_count(marked);
    const astar_grid *grids[2] = { cs.grid, marked };
    for (size_t i = 0; i < astar_scenario_count(cs.scen); i += (size_t)every) {
        const astar_problem *p = astar_scenario_problem(cs.scen, i);
        if (!cli_problem_posable(cs.grid, &o, p))
            continue;
        astar_route found[2] = { { 0 }, { 0 } };
        astar_status s[2];
        for (int k = 0; k < 2; k++) {
            double t0 = cpu_seconds();
            s[k] = astar_find_path(*ctx, grids[k], p->start, p->goal, &o, &found[k]);
            t->seconds[k] += cpu_seconds() - t0;
            t->expanded[k] += found[k].expanded;
        }
        if (s[0] != s[1] || found[0].cost != found[1].cost || found[1].expanded > found[0].expanded) {
            fprintf(stderr,
                    "astar-dead-ends: %s:%ld: without dead ends %s, cost %u, %u expanded; "
                    "with %s, cost %u, %u expanded\n",
                    path, p->line, astar_status_message(s[0]), found[0].cost, found[0].expanded,
                    astar_status_message(s[1]), found[1].cost, found[1].expanded);
            exit(1);
        }
        t->problems++;
    }
    astar_grid_delete(marked);
    cli_scenario_free(&cs);
}

int main(int argc, char **argv)
{
    const char *bench = "../shared/bench";
    long every = 10;
    bool per_file = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--every") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 1000000, &every)) {
                fprintf(stderr, "astar-dead-ends: --every takes a whole number from 1\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--files") == 0) {
            per_file = true;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: astar-dead-ends [BENCH_DIR] [--every N] [--files]\n");
            return 2;
        } else {
            bench = argv[i];
        }
    }
    printf("A*, octile costs and heuristic, last-added ties; problems 1, %ld, %ld, ... of "
           "each file (--every %ld); processor time\n\n",
           every + 1, 2 * every + 1, every);
    printf("| %s | problems | expanded without | expanded with | with / without | "
           "µs without | µs with | areas / map | build ms / map (max) |\n",
           per_file ? "set or file" : "set");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    astar_context *ctx = NULL;
    size_t ctx_cells = 0;
    totals all = { 0 };
    for (size_t s = 0; s < SETS; s++) {
        char **files = scenario_files(bench, sets[s]);
        totals set = { 0 };
        for (char **f = files; *f; f++) {
            totals file = { 0 };
            run_file(*f, every, &ctx, &ctx_cells, &file);
            if (per_file)
                print_row(strrchr(*f, '/') + 1, &file);
            add(&set, &file);
            free(*f);
        }
        free(files);
        print_row(sets[s], &set);
        add(&all, &set);
    }
    print_row("**all**", &all);
    astar_context_delete(ctx);
    return 0;
}
