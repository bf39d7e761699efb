/* astar crowd: N units with random starts and goals on a map or a graph,
 * stepped by a crowd (astar/crowd.h) until all stand on their goals, every
 * step checked by the tests' independent validator. */
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
            "                         [--topology T] [--landmarks N] [--lanes N]\n"
            "       astar crowd GRAPH N [--steps S] [--seed X] [--co FILE.co]\n\n"
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
            "With a GRAPH (a .graph file of docs/graph-format.md, or DIMACS .gr with\n"
            "--co its coordinates) the units stand on nodes and step along edges\n"
            "(astar_graph_crowd_new); the edges are the moves and their costs the\n"
            "prices, so --moves, --costs, --landmarks, --lanes and the map options do\n"
            "not apply.\n"
            "  --steps S   at most S steps (default 10000)\n"
            "  --seed X    the random starts, goals and ties (default 1)\n"
            "  --co FILE   the coordinates of a DIMACS .gr graph\n"
            "  --landmarks N  the goals' tables estimate with N landmarks (0 to 16;\n"
            "              4 moves on squares): fewer cells searched, fewer detours known\n"
            "  --lanes N   each goal's search goes on through up to N cells of the other\n"
            "              least ways once it reaches its unit (default 0): more arrivals\n"
            "Of the search options below only --moves 4 (the default here, unlike the\n"
            "other subcommands) or 8 and --costs apply; on hexes (--topology) a unit\n"
            "steps to its six neighbours, whatever --moves says.\n"
            "%s\n%s\n%s",
            cli_exit_help, cli_search_help(CLI_CALL_CROWD), cli_map_options_help);
}

typedef struct crowd_args {
    astar_options options;
    cli_map_options maps;
    long steps, seed, units, landmarks, lanes;
    const char *map, *co;
} crowd_args;

enum { STEPS, SEED, CO, LANES };
static const cli_own_option crowd_options[] = {
    [STEPS] = { "steps", 0, true }, [SEED] = { "seed", 0, true }, [CO] = { "co", 0, true },
    [LANES] = { "lanes", 0, true },
};

static bool take(void *state, int which, const char *value)
{
    crowd_args *a = state;
    if (which == CO) {
        a->co = value;
        return true;
    }
    long *into = which == STEPS ? &a->steps : which == SEED ? &a->seed : &a->lanes;
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
        .not_here = "a crowd takes only --moves (4 or 8), --costs and --landmarks",
        .landmarks = &a->landmarks, .landmarks_most = ASTAR_CROWD_MAX_LANDMARKS,
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

/* What the crowd walks: a grid (cells numbered y * width + x) or a graph
 * (nodes), with the validator's check of a step on it. */
typedef struct crowd_map {
    const astar_grid *grid;
    const astar_graph *graph;
    plan_validator *validator; /* a grid's */
    astar_point *before, *after; /* a grid's cells, for its validator */
} crowd_map;

static size_t places(const crowd_map *m)
{
    return m->grid ? astar_grid_cells(m->grid) : astar_graph_nodes(m->graph);
}

static bool open_place(const crowd_map *m, uint32_t v)
{
    if (m->graph)
        return astar_graph_enabled(m->graph, v);
    int w = astar_grid_width(m->grid);
    return astar_grid_walkable(m->grid, (int)(v % (uint32_t)w), (int)(v / (uint32_t)w));
}

static astar_point point_of(const crowd_map *m, uint32_t v)
{
    uint32_t w = (uint32_t)astar_grid_width(m->grid);
    return (astar_point){ (int32_t)(v % w), (int32_t)(v / w) };
}

static astar_status add_unit(const crowd_map *m, astar_crowd *crowd, uint32_t start, uint32_t goal)
{
    return m->graph ? astar_graph_crowd_add(crowd, start, goal, NULL)
                    : astar_crowd_add(crowd, point_of(m, start), point_of(m, goal), NULL);
}

/* Every unit's cell or node into at[0..n). */
static void units_at(const crowd_map *m, const astar_crowd *crowd, uint32_t *at, size_t n)
{
    if (m->graph) {
        astar_graph_crowd_nodes(crowd, at, n);
        return;
    }
    astar_crowd_cells(crowd, m->after, n);
    uint32_t w = (uint32_t)astar_grid_width(m->grid);
    for (size_t i = 0; i < n; i++)
        at[i] = (uint32_t)m->after[i].y * w + (uint32_t)m->after[i].x;
}

static bool step_valid(const crowd_map *m, const uint32_t *before, const uint32_t *after,
                       size_t n, char *why, size_t size)
{
    if (m->graph)
        return plan_validator_graph_step(m->graph, before, after, n, why, size);
    for (size_t i = 0; i < n; i++) {
        m->before[i] = point_of(m, before[i]);
        m->after[i] = point_of(m, after[i]);
    }
    return plan_validator_step(m->validator, m->before, m->after, n, why, size);
}

/* An open cell or node not yet marked in used, drawn from random. */
static uint32_t draw(const crowd_map *m, const bool *used, uint64_t *random)
{
    for (;;) {
        uint32_t v = (uint32_t)(next_random(random) % places(m));
        if (open_place(m, v) && !used[v])
            return v;
    }
}

/* Adds the units: a start, then goals drawn until one is reachable from it.
 * Returns the exit code. */
static int place(astar_crowd *crowd, const crowd_map *m, size_t n, uint64_t *random,
                 uint32_t *goals)
{
    size_t count = places(m), open = 0;
    for (uint32_t v = 0; v < count; v++)
        open += open_place(m, v);
    if (n > open) {
        cli_error("%zu units do not fit the %s %zu %s", n, m->graph ? "graph's" : "map's", open,
                  m->graph ? "enabled nodes" : "walkable cells");
        return EXIT_REQUEST;
    }
    bool *started = calloc(count, sizeof *started), *ending = calloc(count, sizeof *ending);
    int code = started && ending ? EXIT_OK : EXIT_FAILED;
    size_t failed = 0;
    for (size_t i = 0; i < n && code == EXIT_OK;) {
        uint32_t s = draw(m, started, random);
        astar_status st = ASTAR_NO_PATH;
        for (int t = 0; t < MAX_TRIES && st == ASTAR_NO_PATH; t++) {
            goals[i] = draw(m, ending, random);
            st = add_unit(m, crowd, s, goals[i]);
        }
        /* A start on an island with no free goal: another start, unless
         * the islands leave no room at all. */
        if (st == ASTAR_NO_PATH && ++failed < MAX_TRIES)
            continue;
        if (st != ASTAR_OK) {
            cli_error("unit %zu: %s", i, astar_status_message(st));
            code = cli_exit_for(st);
        }
        started[s] = true;
        ending[goals[i]] = true;
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
static int walk(astar_crowd *crowd, const crowd_map *m, const crowd_args *a, const uint32_t *goals)
{
    size_t n = (size_t)a->units;
    uint32_t *before = malloc(n * sizeof *before), *after = malloc(n * sizeof *after);
    long *settled = calloc(n, sizeof *settled);
    double *seconds = malloc((size_t)a->steps * sizeof *seconds);
    int code = EXIT_OK;
    if (!before || !after || !settled || !seconds) {
        cli_error("out of memory");
        code = EXIT_FAILED;
        goto done;
    }
    units_at(m, crowd, after, n);
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
        units_at(m, crowd, after, n);
        if (s != ASTAR_OK || !step_valid(m, before, after, n, why, sizeof why)) {
            cli_error("step %ld: %s", step, s != ASTAR_OK ? astar_status_message(s) : why);
            code = EXIT_FAILED;
            break;
        }
        for (size_t i = 0; i < n; i++)
            if (after[i] != goals[i])
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
    printf("work: %.1f %s tried and %.1f walked a unit a step\n",
           (double)tried / (double)n / (double)step, m->graph ? "nodes" : "cells",
           (double)walked / (double)n / (double)step);
    double mean = total / (double)step, p99 = percentile(seconds, (size_t)step, 0.99);
    printf("time per step: %.3f ms mean, %.3f ms 99th percentile, %.3f ms most\n", mean * 1e3,
           p99 * 1e3, seconds[step - 1] * 1e3);
    if (code == EXIT_OK && info.at_goal < n)
        code = EXIT_FAILED;
done:
    free(seconds);
    free(settled);
    free(after);
    free(before);
    return code;
}

/* Places the units (goals[] receives theirs) and walks them, with the
 * setup's time and memory between. Returns the exit code. */
static int run_crowd(astar_crowd *crowd, const crowd_map *m, const crowd_args *a, uint32_t *goals)
{
    uint64_t random = (uint64_t)a->seed;
    double t0 = now_seconds();
    int code = place(crowd, m, (size_t)a->units, &random, goals);
    if (code != EXIT_OK)
        return code;
    printf("setup: %.3f s (a distance table per goal); memory %.1f MB\n", now_seconds() - t0,
           (double)astar_crowd_bytes(crowd) / 1e6);
    return walk(crowd, m, a, goals);
}

/* The crowd on graph at a.map (loaded here), units placed and walked.
 * Returns the exit code. */
static int graph_crowd(const crowd_args *a)
{
    astar_options plain = astar_options_default();
    if (a->options.moves != ASTAR_MOVES_4 || a->options.costs != plain.costs ||
        a->maps.islands || a->maps.dead_ends || a->maps.topology != ASTAR_TOPOLOGY_SQUARE ||
        a->landmarks || a->lanes) {
        cli_error("a graph's moves are its edges and their costs its prices: "
                  "--moves, --costs, --landmarks, --lanes and the map options do not apply");
        return EXIT_USAGE;
    }
    astar_graph *graph = NULL;
    int code = cli_graph_load(a->map, a->co, &graph);
    if (code != EXIT_OK)
        return code;
    crowd_map m = { .graph = graph };
    astar_crowd_options o = astar_crowd_options_default();
    o.seed = (uint64_t)a->seed;
    astar_crowd *crowd = NULL;
    uint32_t *goals = malloc((size_t)a->units * sizeof *goals);
    /* Islands make a goal out of reach known at once, as on a grid. */
    astar_status s = goals ? astar_graph_enable_islands(graph) : ASTAR_OUT_OF_MEMORY;
    if (s == ASTAR_OK)
        s = astar_graph_crowd_new(graph, (size_t)a->units, &o, &crowd);
    if (s != ASTAR_OK) {
        cli_error("%s", s == ASTAR_UNSUPPORTED ? "a crowd's graph has at most 16 edges out of a node"
                                               : astar_status_message(s));
        code = cli_exit_for(s);
    } else {
        printf("crowd: %ld units on a graph of %u nodes, seed %ld\n", a->units,
               astar_graph_nodes(graph), a->seed);
        code = run_crowd(crowd, &m, a, goals);
    }
    free(goals);
    astar_crowd_delete(crowd);
    astar_graph_delete(graph);
    return code;
}

int cmd_crowd(int argc, char **argv)
{
    crowd_args a = { .options = astar_options_default(), .steps = 10000, .seed = 1 };
    a.options.moves = ASTAR_MOVES_4;
    int code = parse(argc, argv, &a);
    if (code != EXIT_OK)
        return code < 0 ? EXIT_OK : code;
    bool dimacs;
    if (cli_is_graph_file(a.map, &dimacs))
        return graph_crowd(&a);
    if (a.co) {
        cli_error("--co goes with a DIMACS .gr graph, not the map %s", a.map);
        return EXIT_USAGE;
    }
    if (a.landmarks &&
        (a.options.moves != ASTAR_MOVES_4 || a.maps.topology != ASTAR_TOPOLOGY_SQUARE)) {
        cli_error("--landmarks goes with 4 moves on a square map");
        return EXIT_USAGE;
    }
    astar_grid *grid = NULL;
    astar_crowd *crowd = NULL;
    uint32_t *goals = NULL;
    crowd_map m = { 0 };
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
    o.landmarks = (unsigned)a.landmarks;
    o.lanes = (size_t)a.lanes;
    astar_status s = astar_crowd_new(grid, (size_t)a.units, &o, &crowd);
    goals = malloc((size_t)a.units * sizeof *goals);
    m = (crowd_map){ .grid = grid,
                     .validator = plan_validator_new(grid, o.moves == ASTAR_MOVES_8),
                     .before = malloc((size_t)a.units * sizeof *m.before),
                     .after = malloc((size_t)a.units * sizeof *m.after) };
    if (s == ASTAR_OK && (!m.validator || !m.before || !m.after))
        s = ASTAR_OUT_OF_MEMORY;
    if (s != ASTAR_OK || !goals) {
        cli_error("%s", s == ASTAR_UNSUPPORTED ? "a crowd moves 4 or 8 ways (with the corner rule), "
                                                 "or to the six neighbours on hexes"
                                               : astar_status_message(s ? s : ASTAR_OUT_OF_MEMORY));
        code = s ? cli_exit_for(s) : EXIT_FAILED;
        goto done;
    }
    bool hex = a.maps.topology != ASTAR_TOPOLOGY_SQUARE;
    printf("crowd: %ld units on %d x %d, moves %s%s%s, seed %ld", a.units,
           astar_grid_width(grid), astar_grid_height(grid),
           hex ? "6 (hexes, " : o.moves == ASTAR_MOVES_4 ? "4" : "8",
           hex ? cli_topology_name(a.maps.topology) : "", hex ? ")" : "", a.seed);
    if (a.landmarks)
        printf(", %ld landmarks", a.landmarks);
    if (a.lanes)
        printf(", lanes %ld", a.lanes);
    printf("\n");
    code = run_crowd(crowd, &m, &a, goals);
done:
    plan_validator_delete(m.validator);
    free(m.before);
    free(m.after);
    free(goals);
    astar_crowd_delete(crowd);
    astar_grid_delete(grid);
    return code;
}
