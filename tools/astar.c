/* astar: the command-line face of libastar. Each subcommand lives in its
 * own file and uses only the public API. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    { "demo", cmd_demo, "the article's worked example, step by step" },
    { "path", cmd_path, "find a path on a Moving AI map" },
    { "scen", cmd_scen, "run and check every problem of scenario files" },
    { "bench", cmd_bench, "time searches on scenario files" },
    { "nearest", cmd_nearest, "the nearest of several targets (Dijkstra)" },
    { "flow", cmd_flow, "a distance map and flow field to the nearest of several targets" },
    { "explore", cmd_explore, "walk a unit that sees only what is near it to its goal" },
    { "queue", cmd_queue, "replay a scenario as units asking for paths over game frames" },
    { "graph", cmd_graph, "a least-cost route on any graph (text or DIMACS file)" },
    { "waypoints", cmd_waypoints, "a route through a map's waypoints, and the cells along it" },
    { "crowd", cmd_crowd, "many units to their goals at once, never sharing or swapping cells" },
    { "mapf", cmd_mapf, "a whole plan for many agents of a scenario file at once (LaCAM)" },
    { "cpd", cmd_cpd, "build and save a map's precalculated paths (first-move database)" },
};

static void usage(FILE *out)
{
    fprintf(out, "usage: astar COMMAND [ARGS] (astar COMMAND --help for more)\n"
                 "       astar --version\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n%s\n%s", cli_exit_help, cli_search_help(CLI_CALL_FIND_PATH));
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("astar %s\n", ASTAR_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            cli_command_set(commands[i].name);
            return commands[i].run(argc - 1, argv + 1);
        }
    cli_error("unknown command '%s'", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}
