/* astar cpd build: a map's precalculated paths built and saved, for
 * --cpd FILE of astar path, scen and bench (tools/prebuilt.c); or a
 * graph's, for astar graph --cpd FILE. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "timing.h"

enum { DEFAULT_THREADS = 2 };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar cpd build MAP OUT [--threads N] [--order dfs|rows] [--moves M]\n"
            "                       [--costs C]\n"
            "       astar cpd build GRAPH OUT [--co FILE.co] [--threads N] [--order dfs|rows]\n\n"
            "Builds the compressed first-move database of a Moving AI map (SRC: for every\n"
            "pair of cells the first move of a least-cost path, kept as runs over an order\n"
            "of the cells) and saves it in OUT, for astar path, scen and bench --cpd OUT.\n"
            "The build is one Dijkstra search per walkable cell, on N threads (default %d):\n"
            "seconds for a few thousand cells, hours for a quarter million. Prints the\n"
            "build time, the runs per row and the bytes per cell in memory and on disk.\n"
            "GRAPH, a graph file as astar graph reads it (FILE.graph, or a DIMACS FILE.gr\n"
            "with --co its coordinates), gets the same database over its nodes and edges\n"
            "(one search per enabled node), for astar graph GRAPH FROM TO --cpd OUT;\n"
            "--moves and --costs do not apply to it.\n\n"
            "  --threads N       build on N threads, 1..%d (default %d)\n"
            "  --order dfs|rows  the cells' order along a row: a depth-first walk of the\n"
            "                    map (default, SRC's) or reading order (a graph's: node\n"
            "                    numbers)\n"
            "  --co FILE.co      a DIMACS coordinates file for GRAPH.gr\n\n"
            "%s\n%s",
            DEFAULT_THREADS, ASTAR_CPD_MAX_THREADS, DEFAULT_THREADS, cli_exit_help,
            cli_search_help(CLI_CALL_CPD));
}

enum { THREADS, ORDER, CO };
static const cli_own_option build_options[] = {
    [THREADS] = { "threads", 0, true },
    [ORDER] = { "order", 0, true },
    [CO] = { "co", 0, true },
};

typedef struct build_request {
    long threads;
    astar_cpd_order order;
    const char *co;
} build_request;

static bool take(void *state, int which, const char *value)
{
    build_request *r = state;
    if (which == CO) {
        r->co = value;
        return true;
    }
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

/* Whether path can be written, asked before a build that may take hours
 * finds out at its end: opened for appending, which creates the file if
 * need be and truncates nothing (an older database there survives a
 * failed build); a file made only to ask is removed again. A FIFO is not
 * asked: opening it would wait for its reader. */
static bool writable(const char *path)
{
    struct stat st;
    bool existed = stat(path, &st) == 0;
    if (existed && S_ISFIFO(st.st_mode))
        return true;
    FILE *f = fopen(path, "ab");
    if (!f) {
        cli_error("%s: cannot open for writing: %s (nothing was built)", path, strerror(errno));
        return false;
    }
    fclose(f);
    if (!existed)
        remove(path);
    return true;
}

int cmd_cpd(int argc, char **argv)
{
    astar_options o = astar_options_default();
    build_request request = { DEFAULT_THREADS, ASTAR_CPD_ORDER_DFS, NULL };
    const char *positional[3];
    cli_command_line line = {
        .name = "cpd", .call = CLI_CALL_CPD, .options = &o,
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
    bool dimacs, graph = cli_is_graph_file(positional[1], &dimacs);
    astar_options d = astar_options_default();
    if (graph && (o.moves != d.moves || o.costs != d.costs)) {
        cli_error("--moves and --costs do not apply to a graph: its edges have their costs");
        return EXIT_USAGE;
    }
    if (!graph && request.co) {
        cli_error("--co goes with a DIMACS .gr file, not %s", positional[1]);
        return EXIT_USAGE;
    }
    if (!writable(positional[2]))
        return EXIT_OUTPUT;
    astar_grid *grid = NULL;
    astar_graph *g = NULL;
    cli_map_options square = { 0 };
    if (graph) {
        int loaded = cli_graph_load(positional[1], request.co, &g);
        if (loaded != EXIT_OK)
            return loaded;
        printf("graph: %u nodes, %u edges; order %s\n", astar_graph_nodes(g),
               astar_graph_edges(g), request.order == ASTAR_CPD_ORDER_DFS ? "dfs" : "rows");
    } else {
        if (!cli_grid_load(positional[1], &o, &square, &grid))
            return EXIT_INPUT;
        printf("options: ");
        cli_describe_moves(stdout, &o, ASTAR_TOPOLOGY_SQUARE);
        printf(", order %s\n", request.order == ASTAR_CPD_ORDER_DFS ? "dfs" : "rows");
    }
    double t0 = now_seconds();
    astar_cpd *cpd;
    astar_status s = graph ? astar_graph_cpd_new(g, request.order, (int)request.threads, &cpd)
                           : astar_cpd_new(grid, &o, request.order, (int)request.threads, &cpd);
    int code = cli_exit_for(s);
    if (s != ASTAR_OK) {
        cli_error("%s", astar_status_message(s));
    } else {
        cli_cpd_describe(stdout, cpd, NULL, (int)request.threads, now_seconds() - t0);
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
    astar_graph_delete(g);
    return code;
}
