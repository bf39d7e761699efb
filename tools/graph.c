/* astar graph: a least-cost route on any graph (article note 5), read from
 * the project's text format (docs/graph-format.md) or a DIMACS road
 * network; or with Dijkstra (note 8) the nearest of several targets, or
 * every node's cost to its nearest target and where to go next. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "timing.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar graph FILE FROM TO [--co FILE.co] [--islands] [--landmarks N] [-q]\n"
            "                   [search options]\n"
            "       astar graph FILE FROM --nearest T,T... [--co FILE.co] [--islands] [-q]\n"
            "       astar graph FILE --distances T,T... [FROM] [--co FILE.co] [-q]\n"
            "       astar graph FILE FROM TO --algo cpd [--cpd CPD] [--co FILE.co] [-q]\n\n"
            "Finds the least-cost route from FROM to TO on a graph and prints its cost, the\n"
            "nodes expanded and the route. FILE is a graph in the text format of\n"
            "docs/graph-format.md (FROM and TO are node names; data/risk.graph is the Risk\n"
            "board), or a DIMACS shortest-path file ending in .gr (FROM and TO are node\n"
            "numbers as in the file, from 1), with --co its coordinates for H.\n"
            "  --co FILE.co    a DIMACS coordinates file for FILE.gr\n"
            "  --islands       answer 'no path' at once between unconnected nodes\n"
            "  --landmarks N   N landmarks (1..32) for the A*: least costs from and to\n"
            "                  far-apart nodes, kept with the graph, give H a lower bound\n"
            "                  on the cost left through each (the larger of it and the\n"
            "                  positions' H is taken); 0, the default: none\n"
            "  -q, --quiet     leave out the route (and the table), print its length\n"
            "  --nearest T,T...    the nearest of these targets from FROM by route cost\n"
            "                  (equal costs: the first listed) and the route to it\n"
            "  --distances T,T...  every node's least cost to its nearest target, that\n"
            "                  target and the node to go to next (a flow field), one line\n"
            "                  a node; with FROM, the walk from FROM along it\n"
            "  --algo cpd      the route read from the graph's precalculated paths (a\n"
            "                  compressed first-move database, astar cpd --help), built\n"
            "                  first on 2 threads: least cost, no search\n"
            "  --cpd CPD       --algo cpd with the database saved in CPD by astar cpd\n"
            "                  build FILE CPD\n"
            "Both run Dijkstra backwards from the targets along the edges into each node,\n"
            "so costs are of routes from a node to a target, always least costs: they\n"
            "refuse the search options they cannot honour (astar/graph_dijkstra.h).\n"
            "H is the distance to TO under the graph's metric (straight line unless the file\n"
            "says) times its scale where the nodes have positions, times --weight; 0 with\n"
            "--weight 0 or without positions. The graph's searches take the search options\n"
            "every search honours, and none of a grid's (edges have their costs).\n"
            "%s\n%s",
            cli_exit_help, cli_search_help(CLI_CALL_GRAPH));
}

typedef struct graph_run {
    const char *co;
    bool quiet;
    const char *nearest, *distances;   /* [opt] their target lists */
} graph_run;

static const cli_own_option graph_options[] = {
    { "co", 0, true },
    { "quiet", 'q', false },
    { "nearest", 0, true },
    { "distances", 0, true },
};

static bool take(void *state, int which, const char *value)
{
    graph_run *run = state;
    switch (which) {
    case 0: run->co = value; break;
    case 1: run->quiet = true; break;
    case 2: run->nearest = value; break;
    default: run->distances = value; break;
    }
    return true;
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
    if (astar_graph_find(g, arg, node) == ASTAR_OK)
        return true;
    /* Names are matched exactly: one that differs only in case is most
     * likely what was meant, so it is named. */
    for (uint32_t v = 0; v < astar_graph_nodes(g); v++)
        if (strcasecmp(astar_graph_name(g, v), arg) == 0) {
            cli_error("no node is named '%s' (names are case-sensitive: '%s'?)", arg,
                      astar_graph_name(g, v));
            return false;
        }
    cli_error("no node is named '%s'", arg);
    return false;
}

static void print_node(const astar_graph *g, bool dimacs, uint32_t node)
{
    if (dimacs)
        printf("%u", node + 1);
    else
        printf("%s", astar_graph_name(g, node));
}

/* "target I (NAME)": which of the targets a node leads to, and its name. */
static void print_target(const astar_graph *g, bool dimacs, const uint32_t *targets, size_t which)
{
    printf("target %zu (", which);
    print_node(g, dimacs, targets[which]);
    printf(")");
}

/* The nodes of a list "A,B,C" into a new array of *count: NULL after
 * saying what is wrong (a name no node has, an empty name, no memory). */
static uint32_t *targets_of(const astar_graph *g, bool dimacs, const char *list, size_t *count)
{
    size_t n = 1;
    for (const char *c = list; *c; c++)
        n += *c == ',';
    uint32_t *targets = malloc(n * sizeof *targets);
    char *copy = malloc(strlen(list) + 1);
    if (!targets || !copy) {
        cli_error("out of memory");
        free(targets);
        free(copy);
        return NULL;
    }
    strcpy(copy, list);
    char *name = copy;
    for (size_t i = 0; i < n; i++) {
        char *comma = strchr(name, ',');
        if (comma)
            *comma = '\0';
        if (!node_of(g, dimacs, name, &targets[i])) {
            free(targets);
            targets = NULL;
            break;
        }
        name = comma + 1;
    }
    free(copy);
    *count = n;
    return targets;
}

/* The route in nodes[0 .. length) as "A -> B -> C". */
static void print_route(const astar_graph *g, bool dimacs, const uint32_t *nodes, size_t length)
{
    for (size_t i = 0; i < length; i++) {
        printf(i ? " -> " : "");
        print_node(g, dimacs, nodes[i]);
    }
    printf("\n");
}

/* --algo cpd [--cpd FILE]: the route read from the graph's precalculated
 * paths, built here or loaded from file [opt]. */
static int run_cpd(const astar_graph *g, bool dimacs, bool quiet, const char *file,
                   uint32_t from, uint32_t to, uint32_t *nodes)
{
    enum { THREADS = 2 };
    astar_cpd *cpd;
    astar_error err;
    double t0 = now_seconds();
    astar_status s = file ? astar_graph_cpd_load(file, g, &cpd, &err)
                          : astar_graph_cpd_new(g, ASTAR_CPD_ORDER_DFS, THREADS, &cpd);
    if (s != ASTAR_OK) {
        cli_error("--algo cpd: %s", file ? err.message : astar_status_message(s));
        return s == ASTAR_MAP_CHANGED ? EXIT_INPUT : cli_exit_for(s);
    }
    cli_cpd_describe(stdout, cpd, file, THREADS, now_seconds() - t0);
    astar_route path = { .nodes = nodes, .capacity = astar_graph_nodes(g) };
    s = astar_graph_cpd_path(cpd, from, to, &path);
    astar_cpd_delete(cpd);
    if (s != ASTAR_OK) {
        printf("%s\n", astar_status_message(s));
        return cli_exit_for(s);
    }
    printf("route: %zu nodes, cost %u, %u first moves looked up\n", path.length, path.cost,
           path.expanded);
    if (!quiet)
        print_route(g, dimacs, nodes, path.length);
    return EXIT_OK;
}

/* --nearest: the nearest target from `from` and the route to it. */
static int run_nearest(astar_context *ctx, const astar_graph *g, const astar_search_options *o,
                       bool dimacs, bool quiet, uint32_t from, const uint32_t *targets,
                       size_t count, uint32_t *nodes)
{
    printf("dijkstra from %zu targets\n", count);
    astar_route path = { .nodes = nodes, .capacity = astar_graph_nodes(g) };
    size_t which;
    astar_status s = astar_graph_find_nearest(ctx, g, from, targets, count, o, &path, &which);
    if (s != ASTAR_OK) {
        printf("%s (%u expanded)\n", astar_status_message(s), path.expanded);
        return cli_exit_for(s);
    }
    printf("nearest: ");
    print_target(g, dimacs, targets, which);
    printf("\nroute: %zu nodes, cost %u, %u expanded\n", path.length, path.cost, path.expanded);
    if (!quiet)
        print_route(g, dimacs, nodes, path.length);
    return EXIT_OK;
}

/* --distances: the map's line for every node, unless quiet, a summary, and
 * with a start [opt] the walk from it along the flow field. */
static int run_distances(astar_context *ctx, const astar_graph *g,
                         const astar_search_options *o, bool dimacs, bool quiet,
                         const uint32_t *from, const uint32_t *targets, size_t count,
                         uint32_t *nodes)
{
    uint32_t n = astar_graph_nodes(g);
    astar_graph_distance_map *map;
    if (astar_graph_distance_map_new(n, &map) != ASTAR_OK) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    printf("distance map: %zu targets, %.1f bytes/node\n", count,
           (double)astar_graph_distance_map_bytes(map) / n);
    astar_status s = astar_graph_distance_map_build(map, ctx, g, targets, count, o);
    if (s != ASTAR_OK && s != ASTAR_COST_OVERFLOW) {
        printf("%s\n", astar_status_message(s));
        astar_graph_distance_map_delete(map);
        return cli_exit_for(s);
    }
    uint32_t reachable = 0, farthest = 0;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t cost = astar_graph_distance_map_cost(map, v), next;
        if (cost == ASTAR_UNREACHABLE) {
            if (!quiet) {
                print_node(g, dimacs, v);
                printf(": unreachable\n");
            }
            continue;
        }
        reachable++;
        if (cost > astar_graph_distance_map_cost(map, farthest) ||
            astar_graph_distance_map_cost(map, farthest) == ASTAR_UNREACHABLE)
            farthest = v;
        if (quiet)
            continue;
        astar_graph_distance_map_next(map, v, &next);
        print_node(g, dimacs, v);
        printf(": cost %u, next ", cost);
        print_node(g, dimacs, next);
        printf(", ");
        print_target(g, dimacs, targets, astar_graph_distance_map_source(map, v));
        printf("\n");
    }
    printf("reachable: %u of %u nodes", reachable, n);
    if (reachable > 0) {
        printf("; farthest ");
        print_node(g, dimacs, farthest);
        printf(", cost %u", astar_graph_distance_map_cost(map, farthest));
    }
    printf("\n");
    int code = EXIT_OK;
    if (from) {
        /* The flow field's walk: next after next, to the node that is its own. */
        size_t length = 0;
        uint32_t at = *from, next;
        while (astar_graph_distance_map_next(map, at, &next) == ASTAR_OK) {
            nodes[length++] = at;
            if (next == at)
                break;
            at = next;
        }
        if (length == 0) {
            printf("walk: no target is reached from there\n");
            code = EXIT_FAILED;
        } else {
            printf("walk: %zu nodes, cost %u, to ", length, astar_graph_distance_map_cost(map, *from));
            print_target(g, dimacs, targets, astar_graph_distance_map_source(map, *from));
            printf("\n");
            print_route(g, dimacs, nodes, length);
        }
    }
    astar_graph_distance_map_delete(map);
    return code;
}

int cmd_graph(int argc, char **argv)
{
    astar_options o = astar_options_default();
    graph_run run = { 0 };
    cli_map_options maps = { 0 };
    cli_prebuilt prebuilt = { .graph = true };
    const char *positional[3];
    cli_command_line line = {
        .name = "graph", .call = CLI_CALL_GRAPH, .options = &o, .maps = &maps,
        .prebuilt = &prebuilt,
        .not_here = "a graph's edges have their own costs and neighbours",
        .own = graph_options, .own_count = CLI_COUNT(graph_options), .take = take, .state = &run,
        .positional = positional, .positional_min = 1, .positional_max = 3, .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    if (parsed != EXIT_OK)
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    if (!cli_prebuilt_check("graph", &prebuilt, &o, false, ASTAR_TOPOLOGY_SQUARE))
        return EXIT_USAGE;
    if (prebuilt.kind == CLI_PREBUILT_HPA) {
        cli_error("--algo hpa needs a grid: its clusters are squares of cells");
        return EXIT_USAGE;
    }
    bool cpd = prebuilt.kind == CLI_PREBUILT_CPD;
    if ((run.nearest != NULL) + (run.distances != NULL) + cpd > 1) {
        cli_error("--nearest, --distances and --algo cpd go one at a time");
        return EXIT_USAGE;
    }
    if (prebuilt.landmarks_given && (run.nearest || run.distances)) {
        cli_error("--landmarks goes with the A*: --nearest and --distances run Dijkstra, "
                  "without H");
        return EXIT_USAGE;
    }
    /* FILE FROM TO; FILE FROM --nearest; FILE [FROM] --distances. */
    int wanted = run.nearest ? 2 : 3;
    if (run.distances ? line.positional_count > 2 : line.positional_count != wanted) {
        cli_error("expected %s", run.distances ? "FILE [FROM] with --distances"
                                 : run.nearest  ? "FILE FROM with --nearest"
                                                : "FILE FROM TO");
        return EXIT_USAGE;
    }
    if (maps.dead_ends || maps.topology != ASTAR_TOPOLOGY_SQUARE) {
        cli_error("--%s does not apply here: %s", maps.dead_ends ? "dead-ends" : "topology",
                  maps.dead_ends ? "a graph has no dead-end index"
                                 : "a graph's edges say which nodes touch");
        return EXIT_USAGE;
    }
    bool dimacs;
    cli_is_graph_file(positional[0], &dimacs);
    astar_graph *g;
    int loaded = cli_graph_load(positional[0], run.co, &g);
    if (loaded != EXIT_OK)
        return loaded;
    int code = EXIT_REQUEST;
    astar_context *ctx = NULL;
    uint32_t *nodes = NULL, *targets = NULL;
    size_t count = 0;
    uint32_t from, to;
    const char *list = run.nearest ? run.nearest : run.distances;
    bool has_from = line.positional_count > 1;
    if ((has_from && !node_of(g, dimacs, positional[1], &from)) ||
        (line.positional_count > 2 && !node_of(g, dimacs, positional[2], &to)) ||
        (list && !(targets = targets_of(g, dimacs, list, &count))))
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
    if (prebuilt.landmarks_given && prebuilt.landmarks > 0) {
        double t0 = now_seconds();
        if (astar_graph_enable_landmarks(g, (uint32_t)prebuilt.landmarks) != ASTAR_OK) {
            cli_error("out of memory");
            code = EXIT_FAILED;
            goto done;
        }
        printf("landmarks: %u in %.1f ms, %.1f bytes/node\n", astar_graph_landmark_count(g),
               (now_seconds() - t0) * 1e3,
               (double)astar_graph_landmarks_bytes(g) / astar_graph_nodes(g));
    }
    if (run.nearest) {
        code = run_nearest(ctx, g, &o.search, dimacs, run.quiet, from, targets, count, nodes);
        goto done;
    }
    if (run.distances) {
        code = run_distances(ctx, g, &o.search, dimacs, run.quiet, has_from ? &from : NULL, targets, count,
                             nodes);
        goto done;
    }
    if (cpd) {
        printf("options: algo cpd\n");
        code = run_cpd(g, dimacs, run.quiet, prebuilt.cpd_file, from, to, nodes);
        goto done;
    }
    bool estimated = placed && o.search.weight != 0.0;
    printf("options: ");
    cli_describe_graph_options(stdout, &o.search, astar_graph_nodes(g),
                               estimated ? astar_graph_metric(g) : ASTAR_HEURISTIC_ZERO,
                               astar_graph_landmark_count(g));
    printf("\n");
    if (estimated)
        printf("scale: %.9g per unit of distance\n", astar_graph_scale(g));
    astar_route path = { .nodes = nodes, .capacity = astar_graph_nodes(g) };
    astar_status s = astar_graph_find_path(ctx, g, from, to, &o.search, &path);
    if (s != ASTAR_OK) {
        printf("%s (%u expanded)\n", astar_status_message(s), path.expanded);
        code = cli_exit_for(s);
        goto done;
    }
    printf("route: %zu nodes, cost %u, %u expanded\n", path.length, path.cost, path.expanded);
    if (!run.quiet)
        print_route(g, dimacs, nodes, path.length);
    code = EXIT_OK;
done:
    astar_context_delete(ctx);
    free(targets);
    free(nodes);
    astar_graph_delete(g);
    return code;
}
