/* astar crowd: N units with random starts and goals on a map, stepped by a
 * crowd (astar/crowd.h) until all stand on their goals, every step checked
 * by the tests' independent validator. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "timing.h"
#include "util/plan_validator.h"

enum { MAX_TRIES = 1000 };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar crowd MAP N [--steps S] [--seed X] [--moves 4|8] [--costs C]\n"
            "                         [--topology T]\n\n"
            "Places N units on random distinct walkable cells of a Moving AI map, each\n"
            "with a random goal (distinct, and reachable from its start), and steps them\n"
            "as a crowd (PIBT guided by a distance table per goal: no two units on one\n"
            "cell, no two swapping, no two diagonals crossing) until every unit stands\n"
            "on its goal or S steps have passed, checking every step with an\n"
            "independent validator. Prints the setup time (the goals' lazy distance\n"
            "tables, searched as far as the starts), the steps, the units on their\n"
            "goals, the sum of costs (per unit, the step from which it stayed on its\n"
            "goal) and the time per step (mean, 99th percentile, most).\n"
            "Exit 0 when every unit arrived, 1 when not or a step broke a rule.\n"
            "  --steps S   at most S steps (default 10000)\n"
            "  --seed X    the random starts, goals and ties (default 1)\n"
            "Of the search options below only --moves 4 (the default here, unlike the\n"
            "other subcommands) or 8 and --costs apply; on hexes (--topology) a unit\n"
            "steps to its six neighbours, whatever --moves says.\n"
            "%s\n%s\n%s",
            cli_exit_help, cli_search_help(CLI_CALL_CROWD), cli_map_options_help);
}

typedef struct crowd_args {
    astar_options options;
    cli_map_options maps;
    long steps, seed, units;
    const char *map;
} crowd_args;

enum { STEPS, SEED };
static const cli_own_option crowd_options[] = {
    [STEPS] = { "steps", 0, true }, [SEED] = { "seed", 0, true },
};

static bool take(void *state, int which, const char *value)
{
    crowd_args *a = state;
    long *into = which == STEPS ? &a->steps : &a->seed;
    if (cli_parse_int(value, which == STEPS ? 1 : 0, 1000000000, into))
        return true;
    cli_error("--%s takes a whole number, not '%s'", crowd_options[which].name, value);
    return false;
}

static int parse(int argc, char **argv, crowd_args *a)
{
    const char *positional[2];
    cli_command_line line = {
        .name = "crowd", .call = CLI_CALL_CROWD, .options = &a->options, .maps = &a->maps,
        .not_here = "a crowd takes only --moves (4 or 8) and --costs",
        .own = crowd_options, .own_count = CLI_COUNT(crowd_options), .take = take, .state = a,
        .positional = positional, .positional_min = 2, .positional_max = 2, .usage = usage,
    };
    int code = cli_parse(&line, argc, argv);
    if (code != EXIT_OK)
        return code;
    a->map = positional[0];
    if (!cli_parse_int(positional[1], 1, ASTAR_MAX_CELLS, &a->units)) {
        cli_error("N must be a whole number of units from 1, not '%s'", positional[1]);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* A walkable cell not yet marked in used, drawn from random. */
static astar_point draw_cell(const astar_grid *grid, const bool *used, uint64_t *random)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    for (;;) {
        astar_point p = { (int32_t)(next_random(random) % (uint32_t)w),
                          (int32_t)(next_random(random) % (uint32_t)h) };
        if (astar_grid_walkable(grid, p.x, p.y) && !used[(size_t)p.y * (size_t)w + (size_t)p.x])
            return p;
    }
}

/* Adds the units: a start, then goals drawn until one is reachable from it.
 * Returns the exit code. */
static int place(astar_crowd *crowd, const astar_grid *grid, size_t n, uint64_t *random,
                 astar_point *goals)
{
    size_t cells = astar_grid_cells(grid), walkable = 0;
    for (int y = 0; y < astar_grid_height(grid); y++)
        for (int x = 0; x < astar_grid_width(grid); x++)
            walkable += astar_grid_walkable(grid, x, y);
    if (n > walkable) {
        cli_error("%zu units do not fit the map's %zu walkable cells", n, walkable);
        return EXIT_REQUEST;
    }
    bool *started = calloc(cells, sizeof *started), *ending = calloc(cells, sizeof *ending);
    int code = started && ending ? EXIT_OK : EXIT_FAILED;
    int w = astar_grid_width(grid);
    size_t failed = 0;
    for (size_t i = 0; i < n && code == EXIT_OK;) {
        astar_point s = draw_cell(grid, started, random);
        astar_status st = ASTAR_NO_PATH;
        for (int t = 0; t < MAX_TRIES && st == ASTAR_NO_PATH; t++) {
            goals[i] = draw_cell(grid, ending, random);
            st = astar_crowd_add(crowd, s, goals[i], NULL);
        }
        /* A start on an island with no free goal: another start, unless
         * the islands leave no room at all. */
        if (st == ASTAR_NO_PATH && ++failed < MAX_TRIES)
            continue;
        if (st != ASTAR_OK) {
            cli_error("unit %zu: %s", i, astar_status_message(st));
            code = cli_exit_for(st);
        }
        started[(size_t)s.y * (size_t)w + (size_t)s.x] = true;
        ending[(size_t)goals[i].y * (size_t)w + (size_t)goals[i].x] = true;
        i++;
    }
    if (!started || !ending)
        cli_error("out of memory");
    free(started);
    free(ending);
    return code;
}

/* Steps the crowd until every unit is on its goal or a.steps have passed,
 * validating each. Returns the exit code. */
static int walk(astar_crowd *crowd, const astar_grid *grid, const crowd_args *a,
                const astar_point *goals)
{
    size_t n = (size_t)a->units;
    astar_point *before = malloc(n * sizeof *before), *after = malloc(n * sizeof *after);
    long *settled = calloc(n, sizeof *settled);
    double *seconds = malloc((size_t)a->steps * sizeof *seconds);
    plan_validator *v = plan_validator_new(grid, a->options.moves == ASTAR_MOVES_8);
    int code = EXIT_OK;
    if (!before || !after || !settled || !seconds || !v) {
        cli_error("out of memory");
        code = EXIT_FAILED;
        goto done;
    }
    astar_crowd_cells(crowd, after, n);
    astar_crowd_step_info info = { .at_goal = 0 };
    size_t tried = 0, walked = 0;
    long step = 0;
    char why[256];
    while (step < a->steps && (step == 0 || info.at_goal < n)) {
        memcpy(before, after, n * sizeof *before);
        double t0 = now_seconds();
        astar_status s = astar_crowd_step(crowd, &info);
        seconds[step++] = now_seconds() - t0;
        tried += info.tried;
        walked += info.walked;
        astar_crowd_cells(crowd, after, n);
        if (s != ASTAR_OK || !plan_validator_step(v, before, after, n, why, sizeof why)) {
            cli_error("step %ld: %s", step, s != ASTAR_OK ? astar_status_message(s) : why);
            code = EXIT_FAILED;
            break;
        }
        for (size_t i = 0; i < n; i++)
            if (after[i].x != goals[i].x || after[i].y != goals[i].y)
                settled[i] = step;
    }
    long sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += settled[i];
    double total = 0;
    for (long i = 0; i < step; i++)
        total += seconds[i];
    printf("steps: %ld; on their goals: %zu of %zu%s\n", step, info.at_goal, n,
           info.at_goal == n ? " (all arrived)" : "");
    printf("sum of costs: %ld steps (%.1f a unit)\n", sum, (double)sum / (double)n);
    printf("work: %.1f cells tried and %.1f walked a unit a step\n",
           (double)tried / (double)n / (double)step, (double)walked / (double)n / (double)step);
    double mean = total / (double)step, p99 = percentile(seconds, (size_t)step, 0.99);
    printf("time per step: %.3f ms mean, %.3f ms 99th percentile, %.3f ms most\n", mean * 1e3,
           p99 * 1e3, seconds[step - 1] * 1e3);
    if (code == EXIT_OK && info.at_goal < n)
        code = EXIT_FAILED;
done:
    plan_validator_delete(v);
    free(seconds);
    free(settled);
    free(after);
    free(before);
    return code;
}

int cmd_crowd(int argc, char **argv)
{
    crowd_args a = { .options = astar_options_default(), .steps = 10000, .seed = 1 };
    a.options.moves = ASTAR_MOVES_4;
    int code = parse(argc, argv, &a);
    if (code != EXIT_OK)
        return code < 0 ? EXIT_OK : code;
    astar_grid *grid = NULL;
    astar_crowd *crowd = NULL;
    astar_point *goals = NULL;
    if (!cli_grid_load(a.map, &a.options, &a.maps, &grid))
        return EXIT_INPUT;
    /* place() draws goals until one is reachable from the start, up to
     * MAX_TRIES of them; with islands an unreachable one is refused at
     * once rather than after searching its whole island. */
    if (astar_grid_enable_islands(grid) != ASTAR_OK) {
        cli_error("%s", astar_status_message(ASTAR_OUT_OF_MEMORY));
        astar_grid_delete(grid);
        return EXIT_FAILED;
    }
    astar_crowd_options o = astar_crowd_options_default();
    o.moves = a.options.moves;
    o.costs = a.options.costs;
    o.seed = (uint64_t)a.seed;
    astar_status s = astar_crowd_new(grid, (size_t)a.units, &o, &crowd);
    goals = malloc((size_t)a.units * sizeof *goals);
    if (s != ASTAR_OK || !goals) {
        cli_error("%s", s == ASTAR_UNSUPPORTED ? "a crowd moves 4 or 8 ways (with the corner rule), "
                                                 "or to the six neighbours on hexes"
                                               : astar_status_message(s ? s : ASTAR_OUT_OF_MEMORY));
        code = s ? cli_exit_for(s) : EXIT_FAILED;
        goto done;
    }
    bool hex = a.maps.topology != ASTAR_TOPOLOGY_SQUARE;
    printf("crowd: %ld units on %d x %d, moves %s%s%s, seed %ld\n", a.units,
           astar_grid_width(grid), astar_grid_height(grid),
           hex ? "6 (hexes, " : o.moves == ASTAR_MOVES_4 ? "4" : "8",
           hex ? cli_topology_name(a.maps.topology) : "", hex ? ")" : "", a.seed);
    uint64_t random = (uint64_t)a.seed;
    double t0 = now_seconds();
    code = place(crowd, grid, (size_t)a.units, &random, goals);
    if (code != EXIT_OK)
        goto done;
    printf("setup: %.3f s (a distance table per goal); memory %.1f MB\n", now_seconds() - t0,
           (double)astar_crowd_bytes(crowd) / 1e6);
    code = walk(crowd, grid, &a, goals);
done:
    free(goals);
    astar_crowd_delete(crowd);
    astar_grid_delete(grid);
    return code;
}
