/* Every value of --algo, one row each: what it runs, on which grids, what
 * it needs and refuses, and its help. The checks every subcommand makes
 * before its first search and the help they print are read from here, so a
 * new algorithm is one row, and a rule between an algorithm and a topology
 * or an option is written once. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* The options an algorithm may refuse, in the order they are reported. */
enum {
    REFUSES_OPEN_LIST = 1 << 0,
    REFUSES_HEURISTIC = 1 << 1,
    REFUSES_WEIGHT = 1 << 2,
    REFUSES_TIES = 1 << 3,
    REFUSES_STOP = 1 << 4,
    REFUSES_MOVES = 1 << 5,
    REFUSES_COSTS = 1 << 6,
    REFUSES_TURN_PENALTY = 1 << 7,
    REFUSES_PARTIAL = 1 << 8,
    REFUSES_WORLD = 1 << 9,
    REFUSES_MAX_EXPANDED = 1 << 10
};

typedef struct algorithm_row {
    const char *name;
    cli_prebuilt_kind prebuilt; /* CLI_PREBUILT_NONE: the library's search of .algorithm */
    astar_algorithm algorithm;
    const char *square_only;    /* why it needs a square grid; NULL: hexes too */
    bool moves_8;               /* needs 8 moves with the corner rule */
    unsigned refuses;
    const char *why;            /* said after an option it refuses */
    const char *help;
} algorithm_row;

#define JUMPS_REFUSE (REFUSES_TURN_PENALTY | REFUSES_WORLD)
#define JUMPS_WHY "jumps skip the steps those price; use --algo astar"
#define JUMPS_SQUARE "its jumps run along rows, columns and diagonals of squares"

static const algorithm_row algorithms[] = {
    { "astar", CLI_PREBUILT_NONE, ASTAR_ALGORITHM_ASTAR, NULL, false, 0, NULL,
      "  --algo astar            A* (default), the article's search\n" },
    { "jps", CLI_PREBUILT_NONE, ASTAR_ALGORITHM_JPS, JUMPS_SQUARE, true, JUMPS_REFUSE, JUMPS_WHY,
      "  --algo jps              Jump Point Search: A*'s least costs, expanding only the\n"
      "                          squares where a path may turn (uniform terrain)\n" },
    { "jps+", CLI_PREBUILT_NONE, ASTAR_ALGORITHM_JPS_PLUS, JUMPS_SQUARE, true, JUMPS_REFUSE,
      JUMPS_WHY,
      "  --algo jps+             JPS reading a jump table built when the map is loaded\n" },
    { "cpd", CLI_PREBUILT_CPD, ASTAR_ALGORITHM_ASTAR, "its first moves are one of a square's 8",
      false,
      REFUSES_OPEN_LIST | REFUSES_HEURISTIC | REFUSES_WEIGHT | REFUSES_TIES | REFUSES_STOP |
          REFUSES_TURN_PENALTY | REFUSES_PARTIAL | REFUSES_WORLD | REFUSES_MAX_EXPANDED,
      "its paths are the bare map's least-cost paths, read from the database without a search",
      "  --algo cpd              precalculated paths: a compressed first-move database\n"
      "                          of the map (astar cpd --help), built before the first\n"
      "                          query; least-cost paths with the given --moves and\n"
      "                          --costs, no search\n" },
    { "hpa", CLI_PREBUILT_HPA, ASTAR_ALGORITHM_ASTAR, "its clusters are squares of squares", false,
      REFUSES_TURN_PENALTY | REFUSES_PARTIAL | REFUSES_WORLD,
      "its clusters' costs are the terrain's, summed when it is built",
      "  --algo hpa              two tiers (HPA*): a graph over clusters of the map,\n"
      "                          built before the first query, searched first, then\n"
      "                          refined cluster by cluster; near-optimal paths, A*'s\n"
      "                          search options\n" },
    { "anya", CLI_PREBUILT_NONE, ASTAR_ALGORITHM_ANYA, "its segments join the corners of squares",
      false,
      REFUSES_OPEN_LIST | REFUSES_HEURISTIC | REFUSES_TIES | REFUSES_STOP | REFUSES_MOVES |
          REFUSES_COSTS | REFUSES_TURN_PENALTY | REFUSES_WORLD,
      "its paths are the shortest lines through the free space, at any angle, searched over "
      "intervals with a heap",
      "  --algo anya             any-angle paths (Anya): the shortest line through the\n"
      "                          free space, corner to corner, under the GPPC-2023\n"
      "                          rules; takes --weight, --max-expanded and --partial\n"
      "                          only\n" },
};
enum { ALGORITHMS = sizeof algorithms / sizeof *algorithms };

/* The row of a prebuilt kind, or for CLI_PREBUILT_NONE of the library's
 * algorithm. */
static const algorithm_row *row_of(cli_prebuilt_kind kind, astar_algorithm algorithm)
{
    for (size_t i = 0; i < ALGORITHMS; i++)
        if (algorithms[i].prebuilt == kind &&
            (kind != CLI_PREBUILT_NONE || algorithms[i].algorithm == algorithm))
            return &algorithms[i];
    return &algorithms[0];
}

static const algorithm_row *named(const char *name)
{
    for (size_t i = 0; i < ALGORITHMS; i++)
        if (strcmp(algorithms[i].name, name) == 0)
            return &algorithms[i];
    return NULL;
}

bool cli_algorithm_named(const char *name, cli_prebuilt_kind *kind)
{
    const algorithm_row *a = named(name);
    if (a)
        *kind = a->prebuilt;
    return a != NULL;
}

bool cli_algorithm_value(const char *name, astar_algorithm *out)
{
    const algorithm_row *a = named(name);
    if (!a || a->prebuilt != CLI_PREBUILT_NONE)
        return false;
    *out = a->algorithm;
    return true;
}

const char *cli_algorithm_name(cli_prebuilt_kind kind, astar_algorithm algorithm)
{
    return row_of(kind, algorithm)->name;
}

/* The first option given that a refuses, by its flag, or NULL. */
static const char *refused(const algorithm_row *a, const astar_options *o, bool world)
{
    astar_options d = astar_options_default();
    const struct {
        unsigned bit;
        bool given;
        const char *flag;
    } options[] = {
        { REFUSES_OPEN_LIST, o->search.open_list != d.search.open_list, "--open-list" },
        { REFUSES_HEURISTIC, o->heuristic != d.heuristic, "--heuristic" },
        { REFUSES_WEIGHT, o->search.weight != d.search.weight, "--weight" },
        { REFUSES_TIES, o->search.ties != d.search.ties, "--ties" },
        { REFUSES_STOP, o->search.stop != d.search.stop, "--stop" },
        { REFUSES_MOVES, o->moves != d.moves, "--moves" },
        { REFUSES_COSTS, o->costs != d.costs, "--costs" },
        { REFUSES_TURN_PENALTY, o->world.turn_penalty != 0, "--turn-penalty" },
        { REFUSES_PARTIAL, o->search.partial, "--partial" },
        { REFUSES_WORLD, world, "influence layer or units" },
        { REFUSES_MAX_EXPANDED, o->search.max_expanded != 0, "--max-expanded" },
    };
    for (size_t i = 0; i < sizeof options / sizeof *options; i++)
        if ((a->refuses & options[i].bit) && options[i].given)
            return options[i].flag;
    return NULL;
}

bool cli_check_search(const char *cmd, const astar_options *o, cli_prebuilt_kind kind, bool world,
                      astar_topology topology)
{
    const algorithm_row *a = row_of(kind, o->algorithm);
    if (a->square_only && topology != ASTAR_TOPOLOGY_SQUARE) {
        fprintf(stderr, "astar %s: --algo %s needs a square grid, not --topology %s: %s; use "
                "--algo astar on hexes\n", cmd, a->name, cli_topology_name(topology),
                a->square_only);
        return false;
    }
    if (a->moves_8 && o->moves != ASTAR_MOVES_8) {
        fprintf(stderr, "astar %s: --algo %s needs --moves 8 (8 moves with the corner rule), "
                "not --moves %s\n", cmd, a->name, cli_moves_name(o->moves));
        return false;
    }
    const char *given = refused(a, o, world);
    if (given)
        fprintf(stderr, "astar %s: --algo %s takes no %s: %s\n", cmd, a->name, given, a->why);
    return given == NULL;
}

void cli_algorithm_choices(bool prebuilt, char *out, size_t size)
{
    size_t used = 0;
    out[0] = 0;
    for (size_t i = 0; i < ALGORITHMS; i++)
        if (prebuilt || algorithms[i].prebuilt == CLI_PREBUILT_NONE)
            used += (size_t)snprintf(out + used, size - used, " %s", algorithms[i].name);
}

size_t cli_algorithm_help(bool prebuilt, char *out, size_t size)
{
    size_t used = 0;
    for (size_t i = 0; i < ALGORITHMS; i++)
        if (prebuilt == (algorithms[i].prebuilt != CLI_PREBUILT_NONE))
            used += (size_t)snprintf(out + used, size - used, "%s", algorithms[i].help);
    /* Said where the last --algo of the help is listed. */
    if (prebuilt) {
        used += (size_t)snprintf(out + used, size - used, "  on hexes (--topology)   --algo");
        for (size_t i = 0; i < ALGORITHMS; i++)
            if (!algorithms[i].square_only)
                used += (size_t)snprintf(out + used, size - used, " %s", algorithms[i].name);
        used += (size_t)snprintf(out + used, size - used, " only; the others need squares\n");
    }
    return used;
}

bool cli_any_angle(cli_prebuilt_kind kind, const astar_options *o)
{
    return kind == CLI_PREBUILT_NONE && o->algorithm == ASTAR_ALGORITHM_ANYA;
}

void cli_describe_algorithm(FILE *out, cli_prebuilt_kind kind, const astar_options *o,
                            const astar_context *ctx, astar_topology topology)
{
    /* Each kind names only what it reads: cpd's queries no search options
     * at all. */
    switch (kind) {
    case CLI_PREBUILT_CPD:
        fprintf(out, "algo cpd, ");
        cli_describe_moves(out, o, topology);
        return;
    case CLI_PREBUILT_HPA:
        fprintf(out, "algo hpa; its graph searched with ");
        break;
    case CLI_PREBUILT_NONE:
        break;
    }
    cli_describe_options(out, o, ctx, topology);
}
