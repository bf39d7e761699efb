/* astar flow: a distance map and its flow field towards the nearest of
 * several targets, timed, and drawn as arrows on small maps. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "timing.h"

enum { PICTURE_MAX_WIDTH = 80, MAX_REPEAT = 100000 };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar flow MAP TX,TY [TX,TY ...] [--repeat N] [--show] [--from X,Y ...]\n"
            "                  [search options]\n\n"
            "Builds the distance map of a Moving AI map to the targets (for every cell the\n"
            "least cost to its nearest target) and its flow field (for every cell the\n"
            "next step towards that target) with one Dijkstra search from all the\n"
            "targets (astar_distance_map_build). Prints the build time, the median of N\n"
            "builds (default 1), how many cells reach a target, the farthest one, and the\n"
            "bytes per cell of the map and of the search context. A blocked target is\n"
            "refused (exit 5) before the build.\n"
            "  --show      draw the flow field (maps up to %d columns): an arrow per cell\n"
            "              pointing to its next step, 'T' a target, '#' blocked, '-' a\n"
            "              cell that reaches no target\n"
            "  --from X,Y  walk the flow field from (X,Y) to its target and print the cells\n"
            "              (may be given several times)\n"
            "The search options are astar_distance_map_build's (astar/dijkstra.h): those\n"
            "of a search guided by H (algorithm, heuristic, jumps) do not apply, and what\n"
            "a search from the targets cannot honour is refused (exit 2, 'unsupported').\n"
            "%s\n%s",
            PICTURE_MAX_WIDTH, cli_exit_help, cli_search_help(CLI_CALL_BACKWARD));
}

/* The arrow for a step (dx, dy), each -1..1. */
static const char *arrow(int dx, int dy)
{
    static const char *const arrows[3][3] = {
        { "\u2196", "\u2191", "\u2197" },
        { "\u2190", "T", "\u2192" },
        { "\u2199", "\u2193", "\u2198" },
    };
    return arrows[dy + 1][dx + 1];
}

static void draw(const astar_distance_map *map, const astar_grid *grid)
{
    for (int y = 0; y < astar_grid_height(grid); y++) {
        for (int x = 0; x < astar_grid_width(grid); x++) {
            astar_point next;
            if (!astar_grid_walkable(grid, x, y))
                fputs("#", stdout);
            else if (astar_distance_map_next(map, x, y, &next) != ASTAR_OK)
                fputs("-", stdout);
            else
                fputs(arrow(next.x - x, next.y - y), stdout);
        }
        fputs("\n", stdout);
    }
}

/* Follows the flow field from `from` and prints where it leads. */
static void walk(const astar_distance_map *map, const astar_point *targets, astar_point from,
                 double straight)
{
    uint32_t cost = astar_distance_map_cost(map, from.x, from.y);
    astar_point next;
    if (astar_distance_map_next(map, from.x, from.y, &next) == ASTAR_INVALID_ARGUMENT) {
        printf("from (%d,%d): outside the map\n", from.x, from.y);
        return;
    }
    if (cost == ASTAR_UNREACHABLE) {
        printf("from (%d,%d): no target can be reached\n", from.x, from.y);
        return;
    }
    size_t source = astar_distance_map_source(map, from.x, from.y);
    printf("from (%d,%d): target %zu (%d,%d), cost %u (distance %.4f)\n", from.x, from.y, source,
           targets[source].x, targets[source].y, cost, cost / straight);
    astar_point at = from;
    printf("(%d,%d)", at.x, at.y);
    while (astar_distance_map_next(map, at.x, at.y, &next) == ASTAR_OK &&
           (next.x != at.x || next.y != at.y)) {
        at = next;
        printf(" (%d,%d)", at.x, at.y);
    }
    printf("\n");
}

/* The reachable cells, and the farthest of them. */
static void summarise(const astar_distance_map *map, const astar_grid *grid, double straight)
{
    size_t reachable = 0;
    uint32_t farthest = 0;
    astar_point where = { 0, 0 };
    for (int y = 0; y < astar_grid_height(grid); y++)
        for (int x = 0; x < astar_grid_width(grid); x++) {
            uint32_t cost = astar_distance_map_cost(map, x, y);
            if (cost == ASTAR_UNREACHABLE)
                continue;
            reachable++;
            if (cost > farthest) {
                farthest = cost;
                where = (astar_point){ x, y };
            }
        }
    printf("reachable: %zu of %zu cells; farthest (%d,%d), cost %u (distance %.4f)\n", reachable,
           astar_grid_cells(grid), where.x, where.y, farthest, farthest / straight);
}

typedef struct flow_args {
    astar_options options;
    long repeat;
    bool show;
    const char *map;
    astar_point *targets, *starts;
    size_t count, start_count;
} flow_args;

enum { REPEAT, FROM, SHOW };
static const cli_own_option flow_options[] = {
    [REPEAT] = { "repeat", 0, true }, [FROM] = { "from", 0, true }, [SHOW] = { "show", 0, false },
};

static bool take(void *state, int which, const char *value)
{
    flow_args *a = state;
    switch (which) {
    case REPEAT:
        if (cli_parse_int(value, 1, MAX_REPEAT, &a->repeat))
            return true;
        cli_error("--repeat takes a whole number from 1 to %d, not '%s'", MAX_REPEAT, value);
        return false;
    case FROM:
        if (cli_parse_point(value, &a->starts[a->start_count])) {
            a->start_count++;
            return true;
        }
        cli_error("--from takes a cell X,Y, not '%s'", value);
        return false;
    default:
        a->show = true;
        return true;
    }
}

/* Returns EXIT_OK to go on, CLI_HELP_SHOWN after printing the help, or the
 * exit status to leave with. */
static int parse(int argc, char **argv, flow_args *a)
{
    const char **positional = malloc((size_t)argc * sizeof *positional);
    if (!positional)
        return EXIT_FAILED;
    cli_command_line line = {
        .name = "flow", .call = CLI_CALL_BACKWARD, .options = &a->options,
        .not_here = "a distance map has no H to guide it, and covers every cell it can reach "
                    "whatever the islands and dead ends",
        .own = flow_options, .own_count = CLI_COUNT(flow_options), .take = take, .state = a,
        .positional = positional, .positional_min = 2, .positional_max = argc, .usage = usage,
    };
    int code = cli_parse(&line, argc, argv);
    if (code == EXIT_OK)
        a->map = positional[0];
    for (int i = 1; code == EXIT_OK && i < line.positional_count; i++)
        if (!cli_parse_point(positional[i], &a->targets[a->count++])) {
            cli_error("'%s' is not a target TX,TY", positional[i]);
            code = EXIT_USAGE;
        }
    free(positional);
    return code;
}

/* Builds the map `repeat` times and prints the median time. */
static bool build(astar_distance_map *map, astar_context *ctx, const astar_grid *grid,
                  const flow_args *a)
{
    double *seconds = malloc((size_t)a->repeat * sizeof *seconds);
    if (!seconds) {
        fprintf(stderr, "astar flow: out of memory\n");
        return false;
    }
    astar_status s = ASTAR_OK;
    for (long r = 0; r < a->repeat; r++) {
        double t0 = now_seconds();
        s = astar_distance_map_build(map, ctx, grid, a->targets, a->count, &a->options);
        seconds[r] = now_seconds() - t0;
        if (s != ASTAR_OK && s != ASTAR_COST_OVERFLOW) {
            fprintf(stderr, "astar flow: %s\n", astar_status_message(s));
            free(seconds);
            return false;
        }
    }
    printf("build: %.3f ms (median of %ld)%s\n", median(seconds, (size_t)a->repeat) * 1e3, a->repeat,
           s == ASTAR_COST_OVERFLOW ? "; some costs passed the 32-bit limit" : "");
    free(seconds);
    return true;
}

int cmd_flow(int argc, char **argv)
{
    flow_args a = { .options = astar_options_default(), .repeat = 1 };
    a.targets = malloc((size_t)argc * sizeof *a.targets);
    a.starts = malloc((size_t)argc * sizeof *a.starts);
    astar_grid *grid = NULL;
    astar_context *ctx = NULL;
    astar_distance_map *map = NULL;
    int code = a.targets && a.starts ? parse(argc, argv, &a) : EXIT_FAILED;
    if (code != EXIT_OK) {
        code = code < 0 ? EXIT_OK : code;
        goto done;
    }
    code = EXIT_USAGE;
    cli_map_options maps = { 0 };
    if (!cli_grid_load(a.map, &a.options, &maps, &grid)) {
        code = EXIT_INPUT;
        goto done;
    }
    if (!cli_targets_walkable(grid, a.targets, a.count)) {
        code = EXIT_REQUEST;
        goto done;
    }
    size_t cells = astar_grid_cells(grid);
    if (astar_context_new(cells, &ctx) != ASTAR_OK || astar_distance_map_new(cells, &map) != ASTAR_OK) {
        fprintf(stderr, "astar flow: out of memory\n");
        code = EXIT_FAILED;
        goto done;
    }
    printf("flow field: %zu target%s on %d x %d, ", a.count, a.count == 1 ? "" : "s",
           astar_grid_width(grid), astar_grid_height(grid));
    cli_describe_moves(stdout, &a.options, astar_grid_topology(grid));
    printf("\n");
    if (!build(map, ctx, grid, &a))
        goto done;
    double straight =
        a.options.costs == ASTAR_COSTS_OCTILE ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT;
    summarise(map, grid, straight);
    printf("memory: distance map %.1f bytes/cell, search context %.1f bytes/cell\n",
           (double)astar_distance_map_bytes(map) / (double)cells,
           (double)astar_context_bytes(ctx) / (double)cells);
    for (size_t i = 0; i < a.start_count; i++)
        walk(map, a.targets, a.starts[i], straight);
    if (a.show && astar_grid_width(grid) <= PICTURE_MAX_WIDTH)
        draw(map, grid);
    code = EXIT_OK;
done:
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
    astar_grid_delete(grid);
    free(a.starts);
    free(a.targets);
    return code;
}
