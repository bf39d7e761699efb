/* astar scen: run every problem of scenario files and check each answer. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The files round optimal lengths to 2..8 decimals; the bench README saw
 * errors up to 0.005. */
static const double tolerance = 0.01;

/* What the file's optimal length says about a path found under options.
 * The length is for 8 moves without corner cutting and costs 1 and sqrt(2):
 *   - a path that obeys that rule (4 or 8 moves) is never shorter;
 *   - an optimal search with diagonals (8 or 8cut moves) is never longer:
 *     with octile costs by its exact length, with article costs by cost/10,
 *     since 14/10 < sqrt(2). With 8 moves the two bounds pin it exactly. */
typedef struct expectation {
    bool at_least;   /* exact length >= optimal */
    bool at_most;    /* measured (see above) <= optimal */
} expectation;

static expectation expect(const astar_options *o)
{
    return (expectation){
        .at_least = o->moves != ASTAR_MOVES_8_CUT,
        .at_most = astar_options_optimal(o) && o->moves != ASTAR_MOVES_4,
    };
}

static void describe(const astar_options *o, expectation e)
{
    printf("options: ");
    cli_describe_options(stdout, o, NULL);
    printf("\nchecking: every path is legal and its summed cost is the reported cost");
    if (e.at_least && e.at_most)
        printf(";\n          %s (tolerance %.2f)\n",
               o->costs == ASTAR_COSTS_OCTILE
                   ? "its length equals the file's optimal length"
                   : "cost/10 <= optimal length <= the path's exact length",
               tolerance);
    else if (e.at_least)
        printf(";\n          its length is at least the file's optimal length (these options do not\n"
               "          guarantee the shortest path under the benchmark's rule)\n");
    else if (e.at_most)
        printf(";\n          it is no longer than the file's optimal length (corner cutting\n"
               "          allows shorter paths than the benchmark's rule)\n");
    else
        printf(" (the file's optimal lengths do not bound these options)\n");
}

/* Checks one answer; prints and returns false on a failure. */
static bool check(const char *file, const astar_problem *p, const astar_grid *grid,
                  const astar_options *o, expectation e, astar_status status,
                  const astar_path *path, double *length)
{
    if (status != ASTAR_OK) {
        printf("FAIL %s:%ld: %s\n", file, p->line, astar_status_message(status));
        return false;
    }
    astar_path_measure m;
    astar_error err;
    if (astar_path_check(grid, o, p->start, p->goal, path->points, path->length, &m, &err) != ASTAR_OK) {
        printf("FAIL %s:%ld: %s\n", file, p->line, err.message);
        return false;
    }
    if (m.cost != path->cost) {
        printf("FAIL %s:%ld: reported cost %u, the steps sum to %llu\n", file, p->line, path->cost,
               (unsigned long long)m.cost);
        return false;
    }
    *length = m.length;
    double measured = o->costs == ASTAR_COSTS_OCTILE ? m.length : path->distance;
    if (e.at_least && m.length < p->optimal - tolerance) {
        printf("FAIL %s:%ld: length %.4f is below the optimal %.4f\n", file, p->line, m.length, p->optimal);
        return false;
    }
    if (e.at_most && measured > p->optimal + tolerance) {
        printf("FAIL %s:%ld: %s %.4f is above the optimal %.4f (%zu straight, %zu diagonal steps)\n",
               file, p->line, o->costs == ASTAR_COSTS_OCTILE ? "length" : "cost/10", measured,
               p->optimal, m.straight, m.diagonal);
        return false;
    }
    return true;
}

typedef struct tally {
    long passed, failed, skipped;
} tally;

/* With --algo hpa: each path's length over the optimal, before and after
 * smoothing (the Euclidean length of the waypoints, which may be shorter
 * than the optimal grid path), and where smoothing writes. */
typedef struct suboptimality {
    double *path, *smoothed;
    astar_point *waypoints;
    size_t count;
} suboptimality;

static bool suboptimality_init(suboptimality *q, size_t problems, size_t cells)
{
    *q = (suboptimality){ malloc((problems ? problems : 1) * sizeof *q->path),
                          malloc((problems ? problems : 1) * sizeof *q->smoothed),
                          malloc(cells * sizeof *q->waypoints), 0 };
    return q->path && q->smoothed && q->waypoints;
}

static void suboptimality_free(suboptimality *q)
{
    free(q->path);
    free(q->smoothed);
    free(q->waypoints);
}

/* Notes one answer of length `length`; false after saying why smoothing
 * failed. */
static bool suboptimality_add(suboptimality *q, const char *file, const astar_problem *p,
                              const astar_grid *grid, const astar_options *o,
                              const astar_path *path, double length, size_t cells)
{
    astar_waypoints w = { .points = q->waypoints, .capacity = cells };
    astar_status s = astar_path_smooth(grid, o, path->points, path->length, &w);
    if (s != ASTAR_OK) {
        printf("FAIL %s:%ld: smoothing: %s\n", file, p->line, astar_status_message(s));
        return false;
    }
    bool zero = p->optimal <= 0.0;
    q->path[q->count] = zero ? 1.0 : length / p->optimal;
    q->smoothed[q->count] = zero ? 1.0 : w.distance / p->optimal;
    q->count++;
    return true;
}

static void suboptimality_print(const char *file, suboptimality *q)
{
    double sum = 0.0, smoothed = 0.0;
    for (size_t i = 0; i < q->count; i++) {
        sum += q->path[i];
        smoothed += q->smoothed[i];
    }
    double n = q->count ? (double)q->count : 1.0;
    double p99 = cli_ratio_p99(q->path, q->count), max = q->count ? q->path[q->count - 1] : 0.0;
    printf("%s: hpa length / optimal: mean %.4f, p99 %.4f, max %.4f; smoothed: mean %.4f, "
           "p99 %.4f\n",
           file, sum / n, p99, max, smoothed / n, cli_ratio_p99(q->smoothed, q->count));
}

/* Runs one file; false if it could not be run at all. */
static bool run_file(const char *path, const char *map, const astar_options *o,
                     const cli_map_options *maps, long cluster, expectation e,
                     astar_context **ctx, tally *total, cli_progress *progress, int index,
                     int nfiles)
{
    cli_scenario cs;
    if (!cli_scenario_load(path, map, o, maps, &cs))
        return false;
    /* A map of another size than the scenario's (a wrong --map) is one
     * mistake, said once, not a failure per problem. */
    const astar_problem *first = astar_scenario_problem(cs.scen, 0);
    if (first && (first->map_width != astar_grid_width(cs.grid) ||
                  first->map_height != astar_grid_height(cs.grid))) {
        fprintf(stderr, "astar scen: %s is for a %d x %d map; %s is %d x %d\n", path,
                first->map_width, first->map_height, cs.map_path, astar_grid_width(cs.grid),
                astar_grid_height(cs.grid));
        cli_scenario_free(&cs);
        return false;
    }
    size_t cells = astar_grid_cells(cs.grid);
    if (!*ctx || astar_context_max_cells(*ctx) < cells) {
        astar_context_delete(*ctx);
        *ctx = NULL;
        if (astar_context_new(cells, ctx) != ASTAR_OK) {
            fprintf(stderr, "astar scen: out of memory for a %zu-cell context\n", cells);
            cli_scenario_free(&cs);
            return false;
        }
    }
    astar_point *points = malloc(cells * sizeof *points);
    cli_hpa tiers = { 0 };
    suboptimality q = { 0 };
    bool hpa = cli_is_hpa(o);
    if (!points || (hpa && !suboptimality_init(&q, astar_scenario_count(cs.scen), cells))) {
        fprintf(stderr, "astar scen: out of memory\n");
        free(points);
        suboptimality_free(&q);
        cli_scenario_free(&cs);
        return false;
    }
    if (hpa && !cli_hpa_build(cs.grid, o, cluster, &tiers)) {
        free(points);
        suboptimality_free(&q);
        cli_scenario_free(&cs);
        return false;
    }
    if (hpa) {
        o = &tiers.options;
        cli_hpa_describe(stdout, &tiers, cs.grid);
    }
    tally t = { 0, 0, 0 };
    size_t count = astar_scenario_count(cs.scen);
    for (size_t i = 0; i < count; i++) {
        cli_progress_show(progress, "file %d/%d, problem %zu/%zu", index + 1, nfiles, i + 1,
                          count);
        const astar_problem *p = astar_scenario_problem(cs.scen, i);
        if (p->map_width != astar_grid_width(cs.grid) || p->map_height != astar_grid_height(cs.grid)) {
            printf("FAIL %s:%ld: the line says the map is %d x %d, %s is %d x %d\n", path, p->line,
                   p->map_width, p->map_height, cs.map_path, astar_grid_width(cs.grid),
                   astar_grid_height(cs.grid));
            t.failed++;
            continue;
        }
        if (!cli_problem_posable(cs.grid, p)) {
            t.skipped++;
            continue;
        }
        astar_path result = { .points = points, .capacity = cells };
        astar_status s = hpa ? astar_hpa_find_path(tiers.hpa, p->start, p->goal, o, &result)
                             : astar_find_path(*ctx, cs.grid, p->start, p->goal, o, &result);
        double length;
        if (check(path, p, cs.grid, o, e, s, &result, &length) &&
            (!hpa || suboptimality_add(&q, path, p, cs.grid, o, &result, length, cells)))
            t.passed++;
        else
            t.failed++;
    }
    cli_progress_clear(progress);
    if (hpa)
        suboptimality_print(path, &q);
    suboptimality_free(&q);
    cli_hpa_free(&tiers);
    printf("%s: %ld passed, %ld failed", path, t.passed, t.failed);
    if (t.skipped)
        printf(", %ld skipped (start or goal not walkable)", t.skipped);
    printf("\n");
    fflush(stdout);
    total->passed += t.passed;
    total->failed += t.failed;
    total->skipped += t.skipped;
    free(points);
    cli_scenario_free(&cs);
    return true;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar scen SCEN... [--map MAP] [search options] [map options]\n\n"
            "Runs every problem of each Moving AI scenario file (.map.scen) and checks each\n"
            "answer: the path starts and ends right, every step is a legal move, its summed\n"
            "cost is the reported cost, and its length agrees with the file's optimal\n"
            "length as far as the options promise (tolerance 0.01). Problems whose start or\n"
            "goal is not walkable are skipped and counted. The map is found beside the\n"
            "scenario file or, in the Moving AI layout, under maps/; --map overrides it.\n"
            "Ends with the line 'N passed, M failed' (', K skipped').\n\n"
            "With --algo hpa (two tiers, clusters of --cluster N cells a side, %d..%d,\n"
            "default %d) a path longer than the optimal passes: per file come the mean,\n"
            "99th percentile and largest ratio of its length to the optimal, and the mean\n"
            "and 99th percentile after smoothing (astar_path_smooth; the Euclidean length\n"
            "of the waypoints, which may be below the optimal grid path's).\n"
            "%s\n%s\n%s",
            ASTAR_HPA_MIN_CLUSTER, ASTAR_HPA_MAX_CLUSTER, CLI_HPA_CLUSTER, cli_exit_help, cli_search_help(cli_all_search_options), cli_map_options_help);
}

enum { MAP, CLUSTER };
static const cli_own_option scen_options[] = { [MAP] = { "map", 0, true },
                                               [CLUSTER] = { "cluster", 0, true } };

typedef struct scen_request {
    const char *map;
    long cluster;
} scen_request;

static bool take(void *state, int which, const char *value)
{
    scen_request *r = state;
    if (which == CLUSTER)
        return cli_hpa_cluster(value, &r->cluster);
    r->map = value;
    return true;
}

int cmd_scen(int argc, char **argv)
{
    astar_options o = astar_options_default();
    cli_map_options maps = { 0 };
    scen_request request = { NULL, CLI_HPA_CLUSTER };
    const char **files = calloc((size_t)argc, sizeof *files);
    if (!files)
        return EXIT_FAILED;
    cli_command_line line = {
        .name = "scen", .search = cli_all_search_options, .options = &o, .maps = &maps,
        .own = scen_options, .own_count = CLI_COUNT(scen_options), .take = take, .state = &request,
        .positional = files, .positional_min = 1, .positional_max = argc, .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    int nfiles = line.positional_count;
    if (parsed != EXIT_OK) {
        free(files);
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    }
    if (!cli_check_search("scen", &o, false)) {
        free(files);
        return EXIT_USAGE;
    }
    if (maps.topology != ASTAR_TOPOLOGY_SQUARE) {
        cli_error("--topology %s does not apply here: the scenarios' optimal lengths are a "
                  "square grid's (astar bench and astar path take it)",
                  cli_topology_name(maps.topology));
        free(files);
        return EXIT_USAGE;
    }
    expectation e = expect(&o);
    if (cli_is_hpa(&o))
        e.at_most = false; /* near-optimal: its lengths are reported instead */
    describe(&o, e);
    astar_context *ctx = NULL;
    tally total = { 0, 0, 0 };
    int unreadable = 0;
    cli_progress progress = cli_progress_start();
    for (int i = 0; i < nfiles; i++)
        if (!run_file(files[i], request.map, &o, &maps, request.cluster, e, &ctx, &total, &progress, i, nfiles))
            unreadable++;
    astar_context_delete(ctx);
    free(files);
    if (unreadable)
        printf("%d file(s) could not be run\n", unreadable);
    printf("%ld passed, %ld failed", total.passed, total.failed + unreadable);
    if (total.skipped)
        printf(", %ld skipped", total.skipped);
    printf("\n");
    return unreadable ? EXIT_INPUT : total.failed ? EXIT_FAILED : EXIT_OK;
}
