/* astar graph: a least-cost route on any graph (article note 5), read from
 * the project's text format (docs/graph-format.md) or a DIMACS road
 * network. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const unsigned graph_search_options = 1u << CLI_OPEN_LIST | 1u << CLI_HEURISTIC |
                                             1u << CLI_WEIGHT | 1u << CLI_TIES | 1u << CLI_STOP;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar graph FILE FROM TO [--co FILE.co] [--islands] [-q] [search options]\n\n"
            "Finds the least-cost route from FROM to TO on a graph and prints its cost, the\n"
            "nodes expanded and the route. FILE is a graph in the text format of\n"
            "docs/graph-format.md (FROM and TO are node names; data/risk.graph is the Risk\n"
            "board), or a DIMACS shortest-path file ending in .gr (FROM and TO are node\n"
            "numbers as in the file, from 1), with --co its coordinates for H.\n"
            "  --co FILE.co    a DIMACS coordinates file for FILE.gr\n"
            "  --islands       answer 'no path' at once between unconnected nodes\n"
            "  -q, --quiet     leave out the route, print its length\n"
            "H is the distance to TO under the graph's metric (straight line unless the file\n"
            "says) times its scale where the nodes have positions, whatever --heuristic\n"
            "names; 0 with --heuristic zero or without positions. --moves and --costs do\n"
            "not apply (edges have their costs).\n"
            "%s\n%s",
            cli_exit_help, cli_search_help(graph_search_options));
}

typedef struct graph_run {
    const char *co;
    bool quiet;
} graph_run;

static const cli_own_option graph_options[] = {
    { "co", 0, true },
    { "quiet", 'q', false },
};

static bool take(void *state, int which, const char *value)
{
    graph_run *run = state;
    if (which == 0)
        run->co = value;
    else
        run->quiet = true;
    return true;
}

static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), m = strlen(end);
    return n >= m && strcmp(s + n - m, end) == 0;
}

/* The node an argument names: a name, or for a DIMACS file its number. */
static bool node_of(const astar_graph *g, bool dimacs, const char *arg, uint32_t *node)
{
    long number;
    if (dimacs) {
        if (!cli_parse_int(arg, 1, (long)astar_graph_nodes(g), &number)) {
            cli_error("'%s' is not a node of the graph (1 to %u)", arg, astar_graph_nodes(g));
            return false;
        }
        *node = (uint32_t)(number - 1);
        return true;
    }
    if (astar_graph_find(g, arg, node) != ASTAR_OK) {
        cli_error("no node is named '%s'", arg);
        return false;
    }
    return true;
}

static void print_node(const astar_graph *g, bool dimacs, uint32_t node)
{
    if (dimacs)
        printf("%u", node + 1);
    else
        printf("%s", astar_graph_name(g, node));
}

int cmd_graph(int argc, char **argv)
{
    astar_options o = astar_options_default();
    graph_run run = { 0 };
    cli_map_options maps = { 0 };
    const char *positional[3];
    cli_command_line line = {
        .name = "graph", .search = graph_search_options, .options = &o, .maps = &maps,
        .not_here = "a graph's edges have their own costs and neighbours",
        .own = graph_options, .own_count = CLI_COUNT(graph_options), .take = take, .state = &run,
        .positional = positional, .positional_min = 3, .positional_max = 3, .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    if (parsed != EXIT_OK)
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    if (maps.dead_ends || maps.topology != ASTAR_TOPOLOGY_SQUARE) {
        cli_error("--%s does not apply here: %s", maps.dead_ends ? "dead-ends" : "topology",
                  maps.dead_ends ? "a graph has no dead-end index"
                                 : "a graph's edges say which nodes touch");
        return EXIT_USAGE;
    }
    bool dimacs = ends_with(positional[0], ".gr");
    if (run.co && !dimacs) {
        cli_error("--co goes with a DIMACS .gr file, not %s", positional[0]);
        return EXIT_USAGE;
    }
    astar_graph *g;
    astar_error err;
    astar_status s = dimacs ? astar_graph_load_dimacs(positional[0], run.co, &g, &err)
                            : astar_graph_load(positional[0], &g, &err);
    if (s != ASTAR_OK) {
        cli_error("%s", err.message);
        return s == ASTAR_OUT_OF_MEMORY ? EXIT_FAILED : EXIT_INPUT;
    }
    int code = EXIT_REQUEST;
    astar_context *ctx = NULL;
    uint32_t *nodes = NULL;
    uint32_t from, to;
    if (!node_of(g, dimacs, positional[1], &from) || !node_of(g, dimacs, positional[2], &to))
        goto done;
    nodes = malloc((size_t)astar_graph_nodes(g) * sizeof *nodes);
    if (!nodes || astar_graph_context_new(astar_graph_nodes(g), &ctx) != ASTAR_OK ||
        (maps.islands && astar_graph_enable_islands(g) != ASTAR_OK)) {
        cli_error("out of memory");
        code = EXIT_FAILED;
        goto done;
    }
    double x;
    bool placed = astar_graph_position(g, 0, &x, NULL);
    printf("graph: %u nodes, %u edges, %s\n", astar_graph_nodes(g), astar_graph_edges(g),
           placed ? "positions" : "no positions");
    bool estimated = placed && o.heuristic != ASTAR_HEURISTIC_ZERO;
    printf("options: ");
    cli_describe_graph_options(stdout, &o, estimated ? astar_graph_metric(g) : ASTAR_HEURISTIC_ZERO);
    printf("\n");
    if (estimated)
        printf("scale: %.9g per unit of distance\n", astar_graph_scale(g));
    astar_graph_path path = { .nodes = nodes, .capacity = astar_graph_nodes(g) };
    s = astar_graph_find_path(ctx, g, from, to, &o, &path);
    if (s != ASTAR_OK) {
        printf("%s (%u expanded)\n", astar_status_message(s), path.expanded);
        code = cli_exit_for(s);
        goto done;
    }
    printf("route: %zu nodes, cost %u, %u expanded\n", path.length, path.cost, path.expanded);
    if (!run.quiet) {
        for (size_t i = 0; i < path.length; i++) {
            printf(i ? " -> " : "");
            print_node(g, dimacs, nodes[i]);
        }
        printf("\n");
    }
    code = EXIT_OK;
done:
    astar_context_delete(ctx);
    free(nodes);
    astar_graph_delete(g);
    return code;
}
