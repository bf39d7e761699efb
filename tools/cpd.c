/* Precalculated paths on the command line: astar cpd build, and what
 * --algo cpd and --cpd FILE give astar path, scen and bench - the map's
 * database built (or loaded) before the first query. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "timing.h"

enum { DEFAULT_THREADS = 2 };

const char cli_cpd_help[] =
    "  --algo cpd              precalculated paths: a compressed first-move database\n"
    "                          of the map (astar cpd --help), built before the first\n"
    "                          query; least-cost paths with the given --moves and\n"
    "                          --costs, no search\n"
    "  --cpd FILE              --algo cpd with the database saved in FILE by astar cpd\n"
    "                          build, for the same map and options\n";

bool cli_cpd_check(const char *cmd, const cli_cpd *cpd, const astar_options *o, bool world)
{
    if (!cpd->on)
        return true;
    astar_options d = astar_options_default();
    const char *given = o->open_list != d.open_list ? "--open-list"
                        : o->heuristic != d.heuristic ? "--heuristic"
                        : o->weight != d.weight ? "--weight"
                        : o->ties != d.ties ? "--ties"
                        : o->stop != d.stop ? "--stop"
                        : o->world.turn_penalty ? "--turn-penalty"
                        : o->max_expanded ? "--max-expanded"
                        : o->partial ? "--partial"
                        : world ? "a world option" : NULL;
    if (!given)
        return true;
    fprintf(stderr, "astar %s: --algo cpd takes no %s: its paths are the bare map's least-cost "
            "paths, read from the database without a search\n", cmd, given);
    return false;
}

/* "built in 1.23 s on 2 threads" or "loaded from FILE in 0.01 s", then the
 * database's size, on one line of out. */
static void describe(FILE *out, const astar_cpd *cpd, const char *how, double seconds)
{
    astar_cpd_info info;
    astar_cpd_describe(cpd, &info);
    size_t cells = (size_t)info.width * (size_t)info.height;
    fprintf(out, "cpd: %s in %.2f s; %zu walkable cells, %zu runs (%.1f per row), %.2f bytes/cell "
            "in memory, %.2f on disk\n",
            how, seconds, info.walkable, info.runs,
            info.walkable ? (double)info.runs / (double)info.walkable : 0.0,
            (double)info.bytes / (double)cells, (double)info.file_bytes / (double)cells);
}

int cli_cpd_prepare(const char *cmd, const cli_cpd *c, const astar_grid *grid,
                    const astar_options *o, int threads, astar_cpd **out)
{
    char how[4200];
    double t0 = now_seconds();
    astar_status s;
    astar_error err;
    if (c->file) {
        s = astar_cpd_load(c->file, grid, out, &err);
        snprintf(how, sizeof how, "loaded from %s", c->file);
    } else {
        s = astar_cpd_new(grid, o, ASTAR_CPD_ORDER_DFS, threads > 0 ? threads : DEFAULT_THREADS, out);
        snprintf(how, sizeof how, "built on %d threads", threads > 0 ? threads : DEFAULT_THREADS);
        snprintf(err.message, sizeof err.message, "%s", astar_status_message(s));
    }
    if (s != ASTAR_OK) {
        fprintf(stderr, "astar %s: --algo cpd: %s\n", cmd, err.message);
        return s == ASTAR_MAP_CHANGED ? EXIT_INPUT : cli_exit_for(s);
    }
    astar_cpd_info info;
    astar_cpd_describe(*out, &info);
    if (c->file && (info.moves != o->moves || info.costs != o->costs)) {
        fprintf(stderr, "astar %s: %s was built for other --moves or --costs than these\n", cmd,
                c->file);
        astar_cpd_delete(*out);
        *out = NULL;
        return EXIT_USAGE;
    }
    describe(stdout, *out, how, now_seconds() - t0);
    return EXIT_OK;
}

/* ------------------------------------------------------------------------ */
/* astar cpd build                                                          */
/* ------------------------------------------------------------------------ */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar cpd build MAP OUT [--threads N] [--order dfs|rows] [--moves M]\n"
            "                       [--costs C]\n\n"
            "Builds the compressed first-move database of a Moving AI map (SRC: for every\n"
            "pair of cells the first move of a least-cost path, kept as runs over an order\n"
            "of the cells) and saves it in OUT, for astar path, scen and bench --cpd OUT.\n"
            "The build is one Dijkstra search per walkable cell, on N threads (default %d):\n"
            "seconds for a few thousand cells, hours for a quarter million. Prints the\n"
            "build time, the runs per row and the bytes per cell in memory and on disk.\n\n"
            "  --threads N       build on N threads, 1..%d (default %d)\n"
            "  --order dfs|rows  the cells' order along a row: a depth-first walk of the\n"
            "                    map (default, SRC's) or reading order\n\n"
            "%s\n%s",
            DEFAULT_THREADS, ASTAR_CPD_MAX_THREADS, DEFAULT_THREADS, cli_exit_help,
            cli_search_help(cli_dijkstra_options));
}

enum { THREADS, ORDER };
static const cli_own_option build_options[] = {
    [THREADS] = { "threads", 0, true },
    [ORDER] = { "order", 0, true },
};

typedef struct build_request {
    long threads;
    astar_cpd_order order;
} build_request;

static bool take(void *state, int which, const char *value)
{
    build_request *r = state;
    if (which == ORDER) {
        if (strcmp(value, "dfs") == 0 || strcmp(value, "rows") == 0) {
            r->order = value[0] == 'd' ? ASTAR_CPD_ORDER_DFS : ASTAR_CPD_ORDER_ROWS;
            return true;
        }
        cli_error("--order takes dfs or rows, not '%s'", value);
        return false;
    }
    if (cli_parse_int(value, 1, ASTAR_CPD_MAX_THREADS, &r->threads))
        return true;
    cli_error("--threads takes a whole number from 1 to %d, not '%s'", ASTAR_CPD_MAX_THREADS, value);
    return false;
}

int cmd_cpd(int argc, char **argv)
{
    astar_options o = astar_options_default();
    build_request request = { DEFAULT_THREADS, ASTAR_CPD_ORDER_DFS };
    const char *positional[3];
    cli_command_line line = {
        .name = "cpd", .search = cli_dijkstra_options, .options = &o,
        .not_here = "astar cpd build takes --moves and --costs only",
        .own = build_options, .own_count = CLI_COUNT(build_options), .take = take,
        .state = &request, .positional = positional, .positional_min = 3, .positional_max = 3,
        .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    if (parsed != EXIT_OK)
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    if (strcmp(positional[0], "build") != 0) {
        cli_error("unknown action '%s': astar cpd build MAP OUT", positional[0]);
        return EXIT_USAGE;
    }
    astar_grid *grid;
    cli_map_options square = { 0 };
    if (!cli_grid_load(positional[1], &o, &square, &grid))
        return EXIT_INPUT;
    printf("options: ");
    cli_describe_moves(stdout, &o, ASTAR_TOPOLOGY_SQUARE);
    printf(", order %s\n", request.order == ASTAR_CPD_ORDER_DFS ? "dfs" : "rows");
    double t0 = now_seconds();
    astar_cpd *cpd;
    astar_status s = astar_cpd_new(grid, &o, request.order, (int)request.threads, &cpd);
    int code = cli_exit_for(s);
    if (s != ASTAR_OK) {
        cli_error("%s", astar_status_message(s));
    } else {
        char how[64];
        snprintf(how, sizeof how, "built on %ld threads", request.threads);
        describe(stdout, cpd, how, now_seconds() - t0);
        astar_error err;
        if (astar_cpd_save(cpd, positional[2], &err) != ASTAR_OK) {
            cli_error("%s", err.message);
            code = EXIT_OUTPUT;
        } else {
            printf("saved %s\n", positional[2]);
        }
    }
    astar_cpd_delete(cpd);
    astar_grid_delete(grid);
    return code;
}
