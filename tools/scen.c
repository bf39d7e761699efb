/* astar scen: run every problem of scenario files and check each answer. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util/anyangle_oracle.h"
#include "timing.h"

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
    bool any_angle;  /* --algo anya: points joined by segments, not cells */
} expectation;

/* A CPD's paths have least costs whatever the search options say; HPA*'s
 * are near-optimal whatever they say. A unit of a size goes where a unit
 * of one cell could, so the files' lengths bound its paths from below
 * only (its problems where it does not fit at an end are skipped). */
static expectation expect(const astar_options *o, cli_prebuilt_kind kind)
{
    bool any_angle = cli_any_angle(kind, o);
    bool optimal = kind == CLI_PREBUILT_CPD || any_angle ||
                   (kind == CLI_PREBUILT_NONE && astar_options_optimal(o));
    return (expectation){
        .at_least = o->moves != ASTAR_MOVES_8_CUT && !any_angle,
        .any_angle = any_angle,
        .at_most = optimal && o->moves != ASTAR_MOVES_4 && o->world.unit_size <= 1,
    };
}

static void describe(const astar_options *o, cli_prebuilt_kind kind, expectation e)
{
    printf("options: ");
    cli_describe_algorithm(stdout, kind, o, NULL, ASTAR_TOPOLOGY_SQUARE);
    if (e.any_angle) {
        printf("\nchecking: every path runs from start to goal in segments valid under the "
               "GPPC-2023\n          any-angle rules, its length is the reported one and no "
               "more than the\n          file's optimal length (tolerance %.2f)\n", tolerance);
        return;
    }
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
/* An any-angle path, checked by the tests' validator (written apart from
 * the search): its ends, every segment, its length. */
static bool check_any_angle(const char *file, const astar_problem *p, const astar_grid *grid,
                            const astar_route *path)
{
    const astar_point *pts = path->points;
    size_t n = path->length;
    double length;
    if (n == 0 || pts[0].x != p->start.x || pts[0].y != p->start.y ||
        pts[n - 1].x != p->goal.x || pts[n - 1].y != p->goal.y) {
        printf("FAIL %s:%ld: the path does not run from start to goal\n", file, p->line);
        return false;
    }
    if (!aa_path_valid(grid, pts, n, &length)) {
        printf("FAIL %s:%ld: a segment breaks the any-angle rules\n", file, p->line);
        return false;
    }
    if (fabs(length - path->distance) > 1e-9 * (1 + length) || length > p->optimal + tolerance) {
        printf("FAIL %s:%ld: length %.6f (reported %.6f), the optimal %.4f\n", file, p->line,
               length, path->distance, p->optimal);
        return false;
    }
    return true;
}

static bool check(const char *file, const astar_problem *p, const astar_grid *grid,
                  const astar_options *o, expectation e, astar_status status,
                  const astar_route *path, double *length)
{
    if (status != ASTAR_OK) {
        printf("FAIL %s:%ld: %s\n", file, p->line, astar_status_message(status));
        return false;
    }
    if (e.any_angle) {
        *length = path->distance;
        return check_any_angle(file, p, grid, path);
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
    long apart; /* a unit of a size: no path, its islands apart */
} tally;

/* A unit of a size need not have a way where the file's one-cell unit
 * does: no path is an answer when the unit's own islands (enabled for it,
 * a flood fill and not a search) put its ends apart. */
static bool apart_for_the_unit(const astar_grid *grid, const astar_options *o,
                               const astar_problem *p, astar_status s)
{
    int size = o->world.unit_size;
    size_t capability = o->world.capability;
    return s == ASTAR_NO_PATH && size > 1 &&
           astar_grid_island_sized(grid, size, capability, p->start.x, p->start.y) !=
               astar_grid_island_sized(grid, size, capability, p->goal.x, p->goal.y);
}

/* With --algo hpa: each path's length over the optimal for a file, as
 * found and straightened (astar_path_straighten). */
typedef struct suboptimality {
    double *found, *straightened;
    size_t count;
} suboptimality;

/* Straightens path in place and notes both ratios; false after saying
 * what failed (the straightened path must be legal and not below the
 * optimal either). */
static bool suboptimality_add(suboptimality *q, const char *file, const astar_problem *p,
                              const astar_grid *grid, const astar_options *o, expectation e,
                              astar_route *path, double length)
{
    astar_route straight = { .points = path->points, .capacity = path->length };
    astar_status s = astar_path_straighten(grid, o, path->points, path->length, &straight);
    double straight_length;
    if (s != ASTAR_OK) {
        printf("FAIL %s:%ld: straightening: %s\n", file, p->line, astar_status_message(s));
        return false;
    }
    if (!check(file, p, grid, o, e, s, &straight, &straight_length))
        return false;
    double optimal = p->optimal > 0.0 ? p->optimal : 1.0;
    q->found[q->count] = p->optimal > 0.0 ? length / optimal : 1.0;
    q->straightened[q->count] = p->optimal > 0.0 ? straight_length / optimal : 1.0;
    q->count++;
    return true;
}

static void ratios_print(const char *what, double *ratios, size_t n)
{
    double sum = 0.0, max = 0.0;
    for (size_t i = 0; i < n; i++) {
        sum += ratios[i];
        max = ratios[i] > max ? ratios[i] : max;
    }
    printf("%s mean %.4f, p99 %.4f, max %.4f", what, n ? sum / (double)n : 0.0,
           percentile(ratios, n, 0.99), max);
}

static void suboptimality_print(const char *file, suboptimality *q)
{
    printf("%s: hpa length / optimal:", file);
    ratios_print("", q->found, q->count);
    ratios_print("; straightened:", q->straightened, q->count);
    printf("\n");
}

/* What the files are run with: the options, and --algo cpd|hpa. */
typedef struct scen_run {
    const astar_options *o;
    const cli_map_options *maps;
    const cli_prebuilt *prebuilt;
    expectation e;
} scen_run;

/* Runs one file; false if it could not be run at all. */
static bool run_file(const char *path, const char *map, const scen_run *run, astar_context **ctx,
                     tally *total, cli_progress *progress, int index, int nfiles)
{
    const astar_options *o = run->o;
    expectation e = run->e;
    cli_scenario cs;
    if (!cli_scenario_load(path, map, o, run->maps, &cs))
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
    cli_router router = { 0 };
    bool prebuilt = run->prebuilt->kind != CLI_PREBUILT_NONE;
    if (prebuilt && cli_router_prepare("scen", run->prebuilt, cs.grid, o, 0, &router) != EXIT_OK) {
        cli_scenario_free(&cs);
        return false;
    }
    size_t count = astar_scenario_count(cs.scen);
    astar_point *points = malloc(cells * sizeof *points);
    suboptimality q = { NULL, NULL, 0 };
    if (router.hpa) {
        q.found = malloc((count ? count : 1) * sizeof *q.found);
        q.straightened = malloc((count ? count : 1) * sizeof *q.straightened);
    }
    if (!points || (router.hpa && (!q.found || !q.straightened))) {
        free(q.found);
        free(q.straightened);
        fprintf(stderr, "astar scen: out of memory\n");
        free(points);
        cli_router_free(&router);
        cli_scenario_free(&cs);
        return false;
    }
    tally t = { 0, 0, 0, 0 };
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
        if (!cli_problem_posable(cs.grid, o, p)) {
            t.skipped++;
            continue;
        }
        astar_route result = { .points = points, .capacity = cells };
        astar_status s = prebuilt ? cli_router_path(&router, p->start, p->goal, &result)
                                  : astar_find_path(*ctx, cs.grid, p->start, p->goal, o, &result);
        double length;
        if (apart_for_the_unit(cs.grid, o, p, s)) {
            t.apart++;
            continue;
        }
        if (check(path, p, cs.grid, o, e, s, &result, &length) &&
            (!router.hpa || suboptimality_add(&q, path, p, cs.grid, o, e, &result, length)))
            t.passed++;
        else
            t.failed++;
    }
    cli_progress_clear(progress);
    if (router.hpa)
        suboptimality_print(path, &q);
    printf("%s: %ld passed, %ld failed", path, t.passed, t.failed);
    if (t.skipped)
        printf(", %ld skipped (start or goal not walkable%s)", t.skipped,
               o->world.unit_size > 1 ? ", or no room for the unit" : "");
    if (t.apart)
        printf(", %ld out of the unit's reach (its islands apart)", t.apart);
    printf("\n");
    fflush(stdout);
    total->passed += t.passed;
    total->failed += t.failed;
    total->skipped += t.skipped;
    total->apart += t.apart;
    free(points);
    free(q.found);
    free(q.straightened);
    cli_router_free(&router);
    cli_scenario_free(&cs);
    return true;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar scen SCEN... [--map MAP] [search options] [map options]\n"
            "                          [--algo cpd [--cpd FILE]]\n"
            "                          [--algo hpa [--cluster N] [--landmarks N]\n"
            "                                      [--crossings middle|ends]]\n"
            "                          [--algo anya]\n\n"
            "Runs every problem of each Moving AI scenario file (.map.scen) and checks each\n"
            "answer: the path starts and ends right, every step is a legal move, its summed\n"
            "cost is the reported cost, and its length agrees with the file's optimal\n"
            "length as far as the options promise (tolerance 0.01). Problems whose start or\n"
            "goal is not walkable are skipped and counted. The map is found beside the\n"
            "scenario file or, in the Moving AI layout, under maps/; --map overrides it.\n"
            "Ends with the line 'N passed, M failed' (', K skipped'). With --algo cpd each\n"
            "map's database is built first (on 2 threads) or loaded (--cpd FILE), and every\n"
            "path must have the optimal length whatever the search options. With --algo\n"
            "hpa each map's two tiers are built first; a path longer than the optimal\n"
            "passes (never a shorter one), and each file ends with the mean, 99th\n"
            "percentile and largest ratio of a path's length to the optimal, as refined\n"
            "and straightened (astar_path_straighten: still cells, checked as legal; the\n"
            "path astar path and astar_hpa_find_path give). With --size K (a unit of K x K\n"
            "cells) a path is held to at least the optimal length, a problem where the\n"
            "unit has no room at an end is skipped, and one where it finds no path passes\n"
            "when its own islands (astar_grid_enable_sized_islands) put the ends apart.\n"
            "With --algo anya the paths are any-angle (astar/anyangle.h): each must start\n"
            "and end right, keep every segment to the GPPC-2023 rules (checked by the\n"
            "tests' validator), and be no longer than the file's optimal length.\n"
            "%s\n%s%s\n%s",
            cli_exit_help, cli_search_help(CLI_CALL_FIND_PATH), cli_prebuilt_help(),
            cli_map_options_help);
}

static const cli_own_option scen_options[] = { { "map", 0, true } };

static bool take_map(void *state, int which, const char *value)
{
    (void)which;
    *(const char **)state = value;
    return true;
}

int cmd_scen(int argc, char **argv)
{
    astar_options o = astar_options_default();
    cli_map_options maps = { 0 };
    const char *map = NULL;
    cli_prebuilt use = { 0 };
    const char **files = calloc((size_t)argc, sizeof *files);
    if (!files)
        return EXIT_FAILED;
    cli_command_line line = {
        .name = "scen", .call = CLI_CALL_FIND_PATH, .options = &o, .maps = &maps,
        .prebuilt = &use, .own = scen_options, .own_count = CLI_COUNT(scen_options), .take = take_map, .state = &map,
        .positional = files, .positional_min = 1, .positional_max = argc, .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    int nfiles = line.positional_count;
    if (parsed != EXIT_OK) {
        free(files);
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    }
    if (use.raw) {
        cli_error("--raw does not apply here: scen measures each --algo hpa path both as "
                  "refined and straightened");
        free(files);
        return EXIT_USAGE;
    }

    if (!cli_prebuilt_check("scen", &use, &o, false, maps.topology)) {
        free(files);
        return EXIT_USAGE;
    }
    /* Each path is measured as refined and straightened both: the hpa
     * hands out the first, and the second is made here. */
    use.raw = use.kind == CLI_PREBUILT_HPA;

    if (maps.topology != ASTAR_TOPOLOGY_SQUARE) {
        cli_error("--topology %s does not apply here: the scenarios' optimal lengths are a "
                  "square grid's (astar bench and astar path take it)",
                  cli_topology_name(maps.topology));
        free(files);
        return EXIT_USAGE;
    }

    /* A unit of a size is held to the files' lengths from below; where it
     * finds no path its own islands must say why (apart_for_the_unit). */
    if (o.world.unit_size > 1)
        maps.islands = true;
    scen_run run = { &o, &maps, &use, expect(&o, use.kind) };
    describe(&o, use.kind, run.e);
    astar_context *ctx = NULL;
    tally total = { 0, 0, 0, 0 };
    int unreadable = 0;
    cli_progress progress = cli_progress_start();
    for (int i = 0; i < nfiles; i++)
        if (!run_file(files[i], map, &run, &ctx, &total, &progress, i, nfiles))
            unreadable++;
    astar_context_delete(ctx);
    free(files);
    if (unreadable)
        printf("%d file(s) could not be run\n", unreadable);
    printf("%ld passed, %ld failed", total.passed, total.failed + unreadable);
    if (total.skipped)
        printf(", %ld skipped", total.skipped);
    if (total.apart)
        printf(", %ld out of reach", total.apart);
    printf("\n");
    return unreadable ? EXIT_INPUT : total.failed ? EXIT_FAILED : EXIT_OK;
}
