/* astar mapf: a MAPF benchmark instance - the first N usable lines of a
 * scenario file as N agents - solved in one go by LaCAM (astar/mapf.h),
 * the plan checked step by step by the tests' independent validator. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "timing.h"
#include "util/plan_validator.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar mapf MAP SCEN N [--seconds S] [--refine] [--no-scatter] [--seed X]\n"
            "       [--moves 4|8] [--costs C]\n\n"
            "Makes a MAPF instance from a Moving AI scenario file (the MAPF benchmark's\n"
            "format: 'version 1', then 'bucket map width height sx sy gx gy optimal'):\n"
            "agent i takes the i-th line whose start and goal are walkable and used by\n"
            "no agent before it (a line reusing a start or a goal is skipped), N agents\n"
            "in all. Solves it with LaCAM (a search over configurations of all agents,\n"
            "PIBT making the successors; complete) and checks the plan with an\n"
            "independent validator: legal moves, no shared cells, no swaps, no crossed\n"
            "diagonals, every agent on its goal at the end. Prints the status, the\n"
            "setup time (a distance table per agent, searched as far as its start),\n"
            "the solving time, the makespan, the sum of costs and, with 4 moves, its\n"
            "ratio to the sum of the agents' own shortest paths (a lower bound).\n"
            "Exit 0 when solved and valid, 1 when no plan exists, the time ran out or\n"
            "the plan broke a rule.\n"
            "  --seconds S  stop after S seconds of solving (default 60)\n"
            "  --refine     LaCAM*: after the first plan, spend the rest of the S seconds\n"
            "               on plans of less loss (per step, the agents not resting on\n"
            "               their goals); 'optimal' when the search is spent first\n"
            "  --no-scatter search at once, without first planning each agent's way\n"
            "               around the others' (faster, a higher sum of costs)\n"
            "  --seed X     the search's random ties (default 1)\n"
            "Of the search options below only --moves 4 (the default here) or 8 and\n"
            "--costs apply.\n"
            "%s\n%s",
            cli_exit_help, cli_search_help(CLI_CALL_CROWD));
}

typedef struct mapf_args {
    astar_options options;
    long seconds, seed, agents;
    bool refine, no_scatter;
    const char *map, *scen;
} mapf_args;

enum { SECONDS, SEED, REFINE, NO_SCATTER };
static const cli_own_option mapf_options[] = {
    [SECONDS] = { "seconds", 0, true }, [SEED] = { "seed", 0, true },
    [REFINE] = { "refine", 0, false }, [NO_SCATTER] = { "no-scatter", 0, false },
};

static bool take(void *state, int which, const char *value)
{
    mapf_args *a = state;
    if (which == REFINE || which == NO_SCATTER) {
        *(which == REFINE ? &a->refine : &a->no_scatter) = true;
        return true;
    }
    long *into = which == SECONDS ? &a->seconds : &a->seed;
    if (cli_parse_int(value, which == SECONDS ? 1 : 0, 1000000000, into))
        return true;
    cli_error("--%s takes a whole number, not '%s'", mapf_options[which].name, value);
    return false;
}

static int parse(int argc, char **argv, mapf_args *a)
{
    const char *positional[3];
    cli_command_line line = {
        .name = "mapf", .call = CLI_CALL_CROWD, .options = &a->options,
        .not_here = "mapf takes only --moves (4 or 8) and --costs",
        .own = mapf_options, .own_count = CLI_COUNT(mapf_options), .take = take, .state = a,
        .positional = positional, .positional_min = 3, .positional_max = 3, .usage = usage,
    };
    int code = cli_parse(&line, argc, argv);
    if (code != EXIT_OK)
        return code;
    a->map = positional[0];
    a->scen = positional[1];
    if (!cli_parse_int(positional[2], 1, ASTAR_MAX_CELLS, &a->agents)) {
        cli_error("N must be a whole number of agents from 1, not '%s'", positional[2]);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The instance: the scenario's first usable lines, starts and goals each
 * distinct. Returns how many were taken (fewer than n when the file runs out). */
static size_t pick(const astar_grid *grid, const astar_scenario *scen, size_t n,
                   astar_point *starts, astar_point *goals, bool *started, bool *ending)
{
    size_t k = 0, w = (size_t)astar_grid_width(grid);
    for (size_t i = 0; i < astar_scenario_count(scen) && k < n; i++) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        astar_point s = p->start, g = p->goal;
        if (s.x >= astar_grid_width(grid) || s.y >= astar_grid_height(grid) ||
            g.x >= astar_grid_width(grid) || g.y >= astar_grid_height(grid) ||
            !astar_grid_walkable(grid, s.x, s.y) || !astar_grid_walkable(grid, g.x, g.y))
            continue;
        size_t cs = (size_t)s.y * w + (size_t)s.x, cg = (size_t)g.y * w + (size_t)g.x;
        if (started[cs] || ending[cg])
            continue;
        started[cs] = ending[cg] = true;
        starts[k] = s;
        goals[k++] = g;
    }
    return k;
}

/* The sum of the agents' shortest paths in steps, with 4 moves on a map of
 * terrain 1 (the benchmark's); 0 when it cannot be had. */
static size_t lower_bound(const astar_grid *grid, const astar_point *starts,
                          const astar_point *goals, size_t n)
{
    astar_context *ctx;
    if (astar_context_new(astar_grid_cells(grid), &ctx) != ASTAR_OK)
        return 0;
    astar_options o = astar_options_default();
    o.moves = ASTAR_MOVES_4;
    size_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        astar_route r = { .capacity = 0 };
        astar_status s = astar_find_path(ctx, grid, starts[i], goals[i], &o, &r);
        if (s != ASTAR_OK && s != ASTAR_PATH_BUFFER_TOO_SMALL) {
            sum = 0;
            break;
        }
        sum += r.length - 1;
    }
    astar_context_delete(ctx);
    return sum;
}

/* Checks every step of the plan and its end. Returns whether all hold. */
static bool check(const astar_grid *grid, bool diagonal, const astar_point *plan, size_t steps,
                  const astar_point *goals, size_t n)
{
    plan_validator *v = plan_validator_new(grid, diagonal);
    if (!v) {
        cli_error("out of memory");
        return false;
    }
    char why[256];
    bool ok = true;
    for (size_t t = 0; t < steps && ok; t++)
        if (!plan_validator_step(v, plan + t * n, plan + (t + 1) * n, n, why, sizeof why)) {
            cli_error("step %zu: %s", t + 1, why);
            ok = false;
        }
    if (ok && !plan_validator_at_goals(plan + steps * n, goals, n, why, sizeof why)) {
        cli_error("at the end: %s", why);
        ok = false;
    }
    plan_validator_delete(v);
    return ok;
}

int cmd_mapf(int argc, char **argv)
{
    mapf_args a = { .options = astar_options_default(), .seconds = 60, .seed = 1 };
    a.options.moves = ASTAR_MOVES_4;
    int code = parse(argc, argv, &a);
    if (code != EXIT_OK)
        return code < 0 ? EXIT_OK : code;
    astar_grid *grid = NULL;
    astar_scenario *scen = NULL;
    astar_mapf *mapf = NULL;
    astar_point *starts = NULL, *goals = NULL, *plan = NULL;
    bool *started = NULL, *ending = NULL;
    cli_map_options maps = { 0 };
    astar_error err;
    if (!cli_grid_load(a.map, &a.options, &maps, &grid))
        return EXIT_INPUT;
    if (astar_scenario_load(a.scen, &scen, &err) != ASTAR_OK) {
        cli_error("%s", err.message);
        code = EXIT_INPUT;
        goto done;
    }
    size_t n = (size_t)a.agents, cells = astar_grid_cells(grid);
    starts = malloc(n * sizeof *starts);
    goals = malloc(n * sizeof *goals);
    started = calloc(cells, sizeof *started);
    ending = calloc(cells, sizeof *ending);
    if (!starts || !goals || !started || !ending) {
        cli_error("out of memory");
        code = EXIT_FAILED;
        goto done;
    }
    size_t got = pick(grid, scen, n, starts, goals, started, ending);
    if (got < n) {
        cli_error("%s has %zu lines with distinct starts and goals, not %zu", a.scen, got, n);
        code = EXIT_REQUEST;
        goto done;
    }
    astar_mapf_options o = astar_mapf_options_default();
    o.moves = a.options.moves;
    o.costs = a.options.costs;
    o.seed = (uint64_t)a.seed;
    o.refine = a.refine;
    o.scatter = !a.no_scatter;
    printf("mapf: %zu agents on %d x %d, moves %s, seed %ld\n", n, astar_grid_width(grid),
           astar_grid_height(grid), o.moves == ASTAR_MOVES_4 ? "4" : "8", a.seed);
    double t0 = now_seconds();
    astar_status s = astar_mapf_new(grid, starts, goals, n, &o, &mapf);
    if (s != ASTAR_OK) {
        cli_error("%s", s == ASTAR_UNSUPPORTED ? "mapf moves 4 or 8 ways (with the corner rule) "
                                                 "on a square map"
                                               : astar_status_message(s));
        code = cli_exit_for(s);
        goto done;
    }
    double setup = now_seconds() - t0;
    astar_mapf_info info;
    t0 = now_seconds();
    s = astar_mapf_solve(mapf, (double)a.seconds, &info);
    double solving = now_seconds() - t0;
    printf("status: %s\n", s == ASTAR_OK && info.optimal ? "solved, optimal (least loss)"
                           : s == ASTAR_OK             ? "solved"
                           : s == ASTAR_NO_PATH      ? "no solution (search exhausted)"
                           : s == ASTAR_IN_PROGRESS  ? "time out"
                                                     : astar_status_message(s));
    printf("setup: %.3f s (a distance table per agent); solving: %.3f s\n", setup, solving);
    if (o.scatter)
        printf("scattering: %zu rounds of ways in %.3f s, %zu collisions left\n",
               info.scatter_rounds, info.scatter_seconds, info.scatter_collisions);
    printf("search: %zu configurations, %zu successors asked (%zu failed, %zu met before); "
           "memory %.1f MB\n",
           info.nodes, info.generated, info.failed, info.revisited, (double)info.bytes / 1e6);
    if (s != ASTAR_OK) {
        code = s == ASTAR_NO_PATH || s == ASTAR_IN_PROGRESS || s == ASTAR_EXPANSION_LIMIT
                   ? EXIT_FAILED
                   : cli_exit_for(s);
        goto done;
    }
    plan = malloc((info.makespan + 1) * n * sizeof *plan);
    if (!plan || astar_mapf_plan(mapf, plan, (info.makespan + 1) * n) != ASTAR_OK) {
        cli_error("out of memory");
        code = EXIT_FAILED;
        goto done;
    }
    size_t bound = o.moves == ASTAR_MOVES_4 ? lower_bound(grid, starts, goals, n) : 0;
    size_t loss = 0;
    for (size_t t = 0; t < info.makespan; t++)
        for (size_t i = 0; i < n; i++) {
            const astar_point *p = plan + t * n + i, *q = p + n;
            loss += !(p->x == goals[i].x && p->y == goals[i].y && q->x == goals[i].x &&
                      q->y == goals[i].y);
        }
    printf("makespan: %zu; loss: %zu; sum of costs: %zu", info.makespan, loss, info.sum_of_costs);
    if (bound)
        printf(" (%.4f x the lower bound %zu)", (double)info.sum_of_costs / (double)bound, bound);
    printf("\n");
    bool valid = check(grid, o.moves == ASTAR_MOVES_8, plan, info.makespan, goals, n);
    printf("plan: %s\n", valid ? "valid" : "INVALID");
    code = valid ? EXIT_OK : EXIT_FAILED;
done:
    free(plan);
    free(ending);
    free(started);
    free(goals);
    free(starts);
    astar_mapf_delete(mapf);
    astar_scenario_delete(scen);
    astar_grid_delete(grid);
    return code;
}
