/* What the astar subcommands share: option parsing and benchmark files. */
#ifndef ASTAR_CLI_H
#define ASTAR_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "astar.h"

/* Exit codes, the same in every subcommand (cli_exit_help says them):
 *   EXIT_OK       done: found, built, every check passed
 *   EXIT_FAILED   the run worked and its answer is no: no path, a failed
 *                 check (or out of memory)
 *   EXIT_USAGE    bad arguments or options
 *   EXIT_INPUT    a map or scenario file could not be read or parsed
 *   EXIT_OUTPUT   an output file could not be written
 *   EXIT_REQUEST  the request does not fit the map: a start or goal outside
 *                 it or blocked, a map larger than a search can take */
enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_INPUT = 3, EXIT_OUTPUT = 4,
       EXIT_REQUEST = 5 };

/* Every message starts "astar CMD: ": the subcommand running, set once by
 * main before it runs; cli_error prints such a line on stderr. */
void cli_command_set(const char *name);
void cli_error(const char *format, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The table above, for --help. */
extern const char cli_exit_help[];

/* The exit code for a search's status, by the table above. */
int cli_exit_for(astar_status status);

/* The search options. */
typedef enum cli_search_flag { CLI_ALGO, CLI_OPEN_LIST, CLI_MOVES, CLI_COSTS, CLI_HEURISTIC,
                               CLI_WEIGHT, CLI_TIES, CLI_STOP, CLI_TURN_PENALTY, CLI_JUMPS,
                               CLI_SIZE, CLI_CAPABILITY, CLI_SEARCH_FLAGS } cli_search_flag;

/* The capabilities --capability names beside 0 (every walkable terrain):
 * ground, ground and trees, ground and water. */
enum { CLI_CAPABILITIES = 3 };

/* The library calls the subcommands search with, by the options their
 * signatures take (cli.c's table says which search options that is, from
 * the part of the options each sets). */
typedef enum cli_call {
    CLI_CALL_FIND_PATH,  /* astar_find_path and its kin: all of astar_options */
    CLI_CALL_BACKWARD,   /* astar_find_nearest, astar_distance_map_build: astar_options
                            but the three a search guided by H reads (astar/dijkstra.h) */
    CLI_CALL_CPD,        /* astar_cpd_new: the grid's moves, costs and world */
    CLI_CALL_GRAPH,      /* a graph's searches: astar_search_options */
    CLI_CALL_WAYPOINTS,  /* astar_waypoints_find_path: the graph's options, the grid's
                            moves and costs, heuristic ZERO for H = 0 */
    CLI_CALL_CROWD       /* astar_crowd_new: its own options, of which the grid's
                            moves and costs */
} cli_call;

/* Whether call takes search option flag. */
bool cli_call_takes(cli_call call, cli_search_flag flag);

/* The help of the search options call takes, for --help. */
const char *cli_search_help(cli_call call);

/* Sets search option flag of options from its text; false after saying
 * why the text is no value of it. */
bool cli_search_set(cli_search_flag flag, const char *value, astar_options *options);

/* One-line description of the options a search on ctx [opt] really uses,
 * e.g. "algo astar, open list heap, moves 8, ...": the open list it falls
 * back to, the weight as rounded to 1/1024, on a hex topology the hex
 * layout for the moves and the hex distance for the heuristic. Without
 * ctx, as on any map of 64 cells or more. For --algo anya "algo anya,
 * weight W": it reads nothing else. */
void cli_describe_options(FILE *out, const astar_options *options, const astar_context *ctx,
                          astar_topology topology);

/* "open list heap, H octile distance, weight 1, ties last, stop closed":
 * what a graph search in a context of this many nodes uses of options
 * (the open list as astar_graph_open_list says), with H the graph's
 * metric, or ZERO when it has none or the options ask for none, and the
 * larger of it and the bound of the graph's `landmarks` landmarks ("H
 * octile distance or 8 landmarks"; unless the options turn H off). */
void cli_describe_graph_options(FILE *out, const astar_search_options *options, size_t nodes,
                                astar_heuristic h, uint32_t landmarks);

/* "moves 8, costs article" ("hex odd-r, costs article" on a hex map), and
 * ", unit size K, capability N" for a unit other than one cell of
 * capability 0: the options a Dijkstra search (nearest, flow) uses. */
void cli_describe_moves(FILE *out, const astar_options *options, astar_topology topology);

/* Unless astar_options_optimal(options), a line saying the path found
 * may not be a least-cost one, and which options are why: a heuristic
 * that can overestimate under the moves and costs, a weight above 1, the
 * stop on the open list, a turn penalty (on hexes H is the hex distance,
 * never an overestimate). */
void cli_describe_least_cost(FILE *out, const astar_options *options, astar_topology topology);

/* On a hex map, a line saying so and which layout; nothing on squares. */
void cli_describe_topology(FILE *out, astar_topology topology);

/* Parses a point written "X,Y" (whole numbers, as astar path takes them). */
bool cli_parse_point(const char *text, astar_point *point);

/* Parses a whole decimal number in [min, max] from text. */
bool cli_parse_int(const char *text, long min, long max, long *value);

/* Parses a decimal number (as strtod) in [min, max] from text. */
bool cli_parse_double(const char *text, double min, double max, double *value);

/* Parses exactly count whole numbers in [min, max] separated by commas,
 * "3,4,10", into values. */
bool cli_parse_list(const char *text, long min, long max, long *values, int count);

/* Parses the point written as two arguments, x and y (SX SY of
 * "MAP SX SY GX GY"). False (after saying which is not a whole number). */
bool cli_parse_xy(const char *cmd, const char *x, const char *y, astar_point *point);

/* Prints points as "(x,y) (x,y) ..." on a line of their own. */
void cli_print_points(const astar_point *points, size_t count);

/* The picture of a small map that astar path and astar nearest print: a
 * character a cell, '.' walkable and '#' blocked to begin with, which the
 * subcommand marks before printing it. */
typedef struct cli_picture {
    int width, height;
    astar_topology topology; /* hex maps are printed with their rows or
                                columns shoved as the layout says */
    char *cells;   /* row by row */
} cli_picture;

/* Starts the picture of grid. False when out of memory (then there is no
 * picture to draw). */
bool cli_picture_init(cli_picture *pic, const astar_grid *grid);

/* The character of cell (x, y), or NULL outside the map. */
char *cli_picture_cell(cli_picture *pic, int x, int y);

/* Marks cell p with c; a cell outside the map is left out. */
void cli_picture_mark(cli_picture *pic, astar_point p, char c);

/* Marks a path: 'S' its first cell, 'G' its last, '*' those between. */
void cli_picture_path(cli_picture *pic, const astar_point *points, size_t count);

/* Prints the picture and frees it: a line a row; on a pointy-top hex map
 * a space between cells and the shoved rows one place to the right, on a
 * flat-top one two lines a row, the shoved columns' cells on the second,
 * so that each hex's neighbours are the characters around it. */
void cli_picture_print(cli_picture *pic);

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
    astar_topology topology; /* --topology: astar_grid_set_topology */
} cli_map_options;

/* Which map option a command line names. */
typedef enum cli_map_flag { CLI_MAP_ISLANDS, CLI_MAP_DEAD_ENDS, CLI_MAP_TOPOLOGY } cli_map_flag;

/* Sets map option flag from its value (NULL for those that take none);
 * false after saying why not (cli_error). */
bool cli_map_set(cli_map_options *maps, cli_map_flag flag, const char *value);

/* The name --moves gives moves. */
const char *cli_moves_name(astar_moves moves);

/* The name --topology gives t. */
const char *cli_topology_name(astar_topology t);

/* Their help text, for --help. */
extern const char cli_map_options_help[];

/* Loads the Moving AI map at path, ready to be searched with options: with
 * its jump table when the algorithm is JPS+, its islands and dead ends
 * if maps asks, and for a unit of a size or a capability its clearance
 * (with a capability, the map's trees and water as terrains: --help).
 * Prints what went wrong and returns false on failure. */
bool cli_grid_load(const char *path, const astar_options *options, const cli_map_options *maps,
                   astar_grid **out);

/* Whether path names a graph rather than a grid: a DIMACS shortest-path
 * file (".gr", *dimacs set) or the project's text format (".graph"). */
bool cli_is_graph_file(const char *path, bool *dimacs);

/* Loads the graph at path: DIMACS with co [opt] its coordinates file, or
 * the text format (docs/graph-format.md). Prints what went wrong and
 * returns the exit code (EXIT_OK on success). */
int cli_graph_load(const char *path, const char *co, astar_graph **out);

/* Loads the scenario at path and its map (as cli_grid_load): map_path if
 * given, else the map the scenario names, looked for beside the scenario file
 * and then in the Moving AI layout (".../scen/SET/X.map.scen" ->
 * ".../maps/SET/X.map"). Prints what went wrong and returns false on failure. */
bool cli_scenario_load(const char *path, const char *map_path, const astar_options *options,
                       const cli_map_options *maps, cli_scenario *out);
void cli_scenario_free(cli_scenario *s);

/* Whether a problem can be posed under the benchmark's rules: both ends
 * walkable (the bench README lists problems that are not), and for a unit
 * of a size (options->world.unit_size) room for it at both. */
bool cli_problem_posable(const astar_grid *grid, const astar_options *options,
                         const astar_problem *p);

/* Whether no target inside grid is blocked. The library skips a blocked
 * target (a game's resource walled in since), but a target typed on a wall
 * is a mistake: nearest and flow refuse it before searching, as path
 * refuses a blocked goal, naming each one on stderr (cli_error); the
 * caller exits EXIT_REQUEST. Targets outside the grid are left to the
 * search's own status. O(count). */
bool cli_targets_walkable(const astar_grid *grid, const astar_point *targets, size_t count);

/* The game world of astar path (tools/world.c): an influence layer and
 * other units from the command line. */
enum { CLI_WORLD_MAX = 32 };

typedef struct cli_mover {
    astar_point *cells;   /* where it stands, then the path it walks */
    size_t count;
} cli_mover;

typedef struct cli_world {
    long discs[CLI_WORLD_MAX][4];   /* --influence: x, y, radius, value */
    int disc_count;
    double weight, keep;            /* --layer-weight, --decay (1: none) */
    astar_point stopped[CLI_WORLD_MAX];
    int stopped_count;
    cli_mover movers[CLI_WORLD_MAX];
    int mover_count;
    int radius;                     /* --unit-radius, --unit-penalty */
    uint32_t penalty;
    /* Made by cli_world_build. */
    astar_layer *layer;
    astar_units *units;
    astar_layer_use use;
} cli_world;

extern const char cli_world_options_help[];

void cli_world_init(cli_world *w);

/* The world options. */
typedef enum cli_world_flag { CLI_WORLD_INFLUENCE, CLI_WORLD_LAYER_WEIGHT, CLI_WORLD_DECAY,
                              CLI_WORLD_UNIT, CLI_WORLD_MOVER, CLI_WORLD_UNIT_RADIUS,
                              CLI_WORLD_UNIT_PENALTY } cli_world_flag;

/* As cli_search_set, for a world option. */
bool cli_world_set(cli_world *w, cli_world_flag flag, const char *value);

/* Whether any world option was given. */
bool cli_world_active(const cli_world *w);

/* Makes the layer and the units for grid, the searcher standing at start,
 * and points options at them. Prints what went wrong and returns false. */
bool cli_world_build(cli_world *w, const astar_grid *grid, astar_point start, astar_options *options);

/* "world: 1 influence disc (...), 1 stopped unit, 1 moving (...)". */
void cli_world_describe(FILE *out, const cli_world *w);

/* "enters N cells of influence, M of units, K of movers' paths". */
void cli_world_crossings(FILE *out, const cli_world *w, const astar_point *cells, size_t count);

/* The picture's symbol for (x, y): a unit, a mover's path, the influence,
 * or base. */
char cli_world_mark(const cli_world *w, int x, int y, char base);

void cli_world_free(cli_world *w);

/* Progress of a long run on stderr: on a terminal a line that updates in
 * place a few times a second, in a log a line every 10 seconds, so that a
 * long run shows it is alive either way. */
typedef struct cli_progress {
    bool terminal;
    bool shown;         /* a line is on the terminal, to clear */
    double last;
} cli_progress;

cli_progress cli_progress_start(void);

/* The run's state in brackets, "[file 2/37, problem 140/1280]" from
 * "file %d/%d, problem %zu/%zu", if it is time. */
void cli_progress_show(cli_progress *p, const char *format, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Clears the terminal's progress line, before other output. */
void cli_progress_clear(cli_progress *p);

/* What --algo cpd|hpa, --cpd FILE and --cluster N ask of astar path, scen
 * and bench (tools/prebuilt.c): paths from a structure built over the map
 * before the first query instead of a search - the compressed first-move
 * database of astar/cpd.h or the two tiers of astar/hpa.h. */
typedef enum cli_prebuilt_kind {
    CLI_PREBUILT_NONE,  /* a search, as the options say */
    CLI_PREBUILT_CPD,   /* --algo cpd, or --cpd FILE */
    CLI_PREBUILT_HPA    /* --algo hpa */
} cli_prebuilt_kind;

/* Whether a query of kind with these options is any-angle (--algo anya,
 * ASTAR_ALGORITHM_ANYA): its path is corners joined by segments, its
 * length a distance, not cells and a cost. */
bool cli_any_angle(cli_prebuilt_kind kind, const astar_options *options);

/* --algo's values (tools/algorithms.c: one row each, with the grids it
 * runs on, what it needs and refuses, and its help). */
/* Whether name is one, and which kind; false for no value of --algo. */
bool cli_algorithm_named(const char *name, cli_prebuilt_kind *kind);
/* Sets *algorithm to the library's algorithm name is; false for any other
 * name (cpd and hpa too). */
bool cli_algorithm_value(const char *name, astar_algorithm *algorithm);
/* The name of a kind, or for CLI_PREBUILT_NONE of the library's algorithm. */
const char *cli_algorithm_name(cli_prebuilt_kind kind, astar_algorithm algorithm);
/* Whether the options can be searched with at all by --algo's choice (the
 * prebuilt kind, or the options' algorithm), said once before any search:
 * a square grid where it needs one, 8 moves where it needs them, and no
 * option it refuses, a world (influence layer or units) among them.
 * Prints why not. */
bool cli_check_search(const char *cmd, const astar_options *options, cli_prebuilt_kind kind,
                      bool world, astar_topology topology);
/* "algo cpd, moves 8, costs article", or for hpa and the searches
 * cli_describe_options, after "algo hpa; its graph searched with " for
 * hpa: what a query of kind reads of the options. */
void cli_describe_algorithm(FILE *out, cli_prebuilt_kind kind, const astar_options *options,
                            const astar_context *ctx, astar_topology topology);
/* Writes " astar jps jps+ anya", with prebuilt " cpd hpa" after, into out
 * (size bytes). */
void cli_algorithm_choices(bool prebuilt, char *out, size_t size);
/* Writes --algo's help into out (size bytes): the library's algorithms, or
 * with prebuilt the CLI's own and which of all run on hexes; the bytes
 * written. */
size_t cli_algorithm_help(bool prebuilt, char *out, size_t size);

typedef struct cli_prebuilt {
    cli_prebuilt_kind kind;
    const char *cpd_file;  /* [opt] --cpd FILE: load the database rather than build it */
    long cluster;          /* --cluster N; 0: not given (ASTAR_HPA_CLUSTER) */
    long landmarks;        /* --landmarks N, when landmarks_given */
    bool landmarks_given;
    astar_hpa_crossings crossings; /* --crossings, when crossings_given */
    bool crossings_given;
    bool raw;              /* --raw: --algo hpa's path as refined, not straightened */
    bool graph;            /* set by astar graph: its A* takes --landmarks too */
} cli_prebuilt;

/* Their help text, for --help: --algo's own values and their options. */
const char *cli_prebuilt_help(void);

/* Whether --cluster, --crossings and --raw go with --algo hpa, --landmarks
 * with --algo hpa (or astar graph's A*), --cpd with --algo cpd, and then
 * cli_check_search. Prints why not. */
bool cli_prebuilt_check(const char *cmd, const cli_prebuilt *p, const astar_options *o, bool world,
                        astar_topology topology);

/* A map's prebuilt paths, ready for queries. */
typedef struct cli_router {
    astar_cpd *cpd;          /* --algo cpd */
    astar_hpa *hpa;          /* --algo hpa */
    astar_options options;   /* what the queries take */
    size_t bytes;            /* what the structure holds */
    double build_seconds;    /* its build (or load) */
} cli_router;

/* Builds (or loads) grid's prebuilt paths as p asks, for options: a CPD
 * on threads (0: the default, 2), the two tiers with p's cluster size;
 * then a line on stdout saying how long it took and its bytes per cell.
 * Returns EXIT_OK with *out set, or the exit code after saying what went
 * wrong (*out then holds nothing). */
int cli_router_prepare(const char *cmd, const cli_prebuilt *p, const astar_grid *grid,
                       const astar_options *o, int threads, cli_router *out);

/* The path from start to goal, as astar_find_path fills it. */
astar_status cli_router_path(cli_router *r, astar_point start, astar_point goal,
                             astar_route *path);

void cli_router_free(cli_router *r);

/* "built on 2 threads in 1.23 s; ... bytes/cell in memory, ... on disk",
 * a CPD's line: "loaded from FILE" when file [opt] is given, else built
 * on threads. */
void cli_cpd_describe(FILE *out, const astar_cpd *cpd, const char *file, int threads,
                      double seconds);

/* An option of one subcommand only (--smooth, --svg FILE, --repeat N). */
typedef struct cli_own_option {
    const char *name;       /* the long name, without its dashes */
    char short_name;        /* [opt] 0, or the letter of a short form (-q) */
    bool takes_value;
} cli_own_option;

/* What a subcommand's command line may hold and where it goes. Options
 * may come before, between or after the arguments; a value follows its
 * option (--moves 4) or is joined to it (--moves=4); long options may be
 * shortened while unambiguous; "--" ends the options; an argument such as
 * "-3" is a number, not an option. */
typedef struct cli_command_line {
    const char *name;                 /* "path", for messages */
    cli_call call;                    /* the library call: which search options apply */
    astar_options *options;           /* [opt] where they go; NULL: none taken */
    cli_map_options *maps;            /* [opt] NULL: no --islands, --dead-ends */
    cli_world *world;                 /* [opt] NULL: no world options */
    cli_prebuilt *prebuilt;           /* [opt] NULL: no --algo cpd|hpa, --cpd, --cluster */
    /* [opt] where --landmarks N goes for a call that takes it without the
     * prebuilt searches (a crowd's tables), N up to landmarks_most */
    long *landmarks;
    long landmarks_most;
    const char *not_here;             /* [opt] why a shared option does not apply */
    const cli_own_option *own;        /* [opt] the subcommand's own options, own_count <= 16 */
    size_t own_count;
    /* Applies own[which] with its value (NULL if it takes none) to state;
     * false after saying why not (cli_error). */
    bool (*take)(void *state, int which, const char *value);
    void *state;
    const char **positional;          /* receives the arguments, in order */
    int positional_min, positional_max;
    int positional_count;             /* [out] */
    void (*usage)(FILE *out);         /* the subcommand's --help */
} cli_command_line;

/* The number of elements of an array. */
#define CLI_COUNT(array) (sizeof(array) / sizeof(array)[0])

/* cli_parse's answer when it printed the help: the subcommand exits 0. */
enum { CLI_HELP_SHOWN = -1 };

/* Reads argv[1..argc-1] as c says. Returns EXIT_OK to go on, CLI_HELP_SHOWN
 * after printing the help (-h, --help), or EXIT_USAGE after saying what is
 * wrong (the usage when arguments are missing). */
int cli_parse(cli_command_line *c, int argc, char **argv);

/* The subcommands. */
int cmd_demo(int argc, char **argv);
int cmd_path(int argc, char **argv);
int cmd_scen(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_nearest(int argc, char **argv);
int cmd_flow(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cmd_queue(int argc, char **argv);
int cmd_graph(int argc, char **argv);
int cmd_waypoints(int argc, char **argv);
int cmd_cpd(int argc, char **argv);
int cmd_crowd(int argc, char **argv);
int cmd_mapf(int argc, char **argv);

#endif
