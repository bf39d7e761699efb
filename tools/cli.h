/* What the astar subcommands share: option parsing and benchmark files. */
#ifndef ASTAR_CLI_H
#define ASTAR_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "astar.h"

/* Exit codes of every subcommand. */
enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };

/* The search options every subcommand spells the same way, for --help. */
extern const char cli_search_options_help[];

/* If argv[*i] is a search option, applies it (with its value) to options,
 * advances *i past it and returns 1; returns 0 if it is not one, and -1
 * (after printing why) if its value is bad. */
int cli_search_option(int argc, char **argv, int *i, astar_options *options);

/* One-line description of options, e.g. "algo astar, open list heap, moves 8, ...". */
void cli_describe_options(FILE *out, const astar_options *options);

/* Parses a whole decimal number in [min, max] from text. */
bool cli_parse_int(const char *text, long min, long max, long *value);

/* Whether argv[i] asks for help. */
bool cli_is_help(const char *arg);

/* A scenario file with its map, loaded. */
typedef struct cli_scenario {
    astar_scenario *scen;
    astar_grid *grid;
    char map_path[4096];
} cli_scenario;

/* What the subcommands that load maps may add to a loaded map. */
typedef struct cli_map_options {
    bool islands;   /* --islands: astar_grid_enable_islands */
    bool dead_ends; /* --dead-ends: astar_grid_enable_dead_ends */
} cli_map_options;

/* Their help text, for --help. */
extern const char cli_map_options_help[];

/* If arg is a map option, applies it and returns true. */
bool cli_map_option(const char *arg, cli_map_options *maps);

/* Loads the Moving AI map at path, ready to be searched with options: with
 * its jump table when the algorithm is JPS+, and its islands and dead ends
 * if maps asks.
 * Prints what went wrong and returns false on failure. */
bool cli_grid_load(const char *path, const astar_options *options, const cli_map_options *maps,
                   astar_grid **out);

/* Loads the scenario at path and its map (as cli_grid_load): map_path if
 * given, else the map the scenario names, looked for beside the scenario file
 * and then in the Moving AI layout (".../scen/SET/X.map.scen" ->
 * ".../maps/SET/X.map"). Prints what went wrong and returns false on failure. */
bool cli_scenario_load(const char *path, const char *map_path, const astar_options *options,
                       const cli_map_options *maps, cli_scenario *out);
void cli_scenario_free(cli_scenario *s);

/* Whether a problem can be posed under the benchmark's rules: both ends
 * walkable (the bench README lists problems that are not). */
bool cli_problem_posable(const astar_grid *grid, const astar_problem *p);

/* The subcommands. */
int cmd_demo(int argc, char **argv);
int cmd_path(int argc, char **argv);
int cmd_scen(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#endif
