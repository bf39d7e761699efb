/* Option parsing and scenario loading shared by the subcommands. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <unistd.h>

#include "cli.h"
#include "timing.h"

const char cli_map_options_help[] =
    "map options:\n"
    "  --islands               label the map's islands when it is loaded, so that\n"
    "                          a search between two of them stops at once\n"
    "  --dead-ends             tag the map's dead ends when it is loaded, so that\n"
    "                          A* leaves out those holding neither start nor goal\n"
    "  --topology square|hex-pointy|hex-flat|odd-r|even-r|odd-q|even-q\n"
    "                          how the map's cells touch (default square): hexes\n"
    "                          with odd rows shoved right (hex-pointy = odd-r) or\n"
    "                          odd columns shoved down (hex-flat = odd-q), or the\n"
    "                          even ones; a hex step costs the straight step\n";

typedef struct named_value {
    const char *name;
    int value;
} named_value;

static const named_value open_list_names[] = {
    { "heap", ASTAR_OPEN_LIST_HEAP }, { "sorted", ASTAR_OPEN_LIST_SORTED },
    { "unsorted", ASTAR_OPEN_LIST_UNSORTED }, { "buckets", ASTAR_OPEN_LIST_BUCKETS }, { NULL, 0 } };
static const named_value moves_names[] = {
    { "8", ASTAR_MOVES_8 }, { "4", ASTAR_MOVES_4 }, { "8cut", ASTAR_MOVES_8_CUT }, { NULL, 0 } };
static const named_value costs_names[] = {
    { "article", ASTAR_COSTS_ARTICLE }, { "octile", ASTAR_COSTS_OCTILE }, { NULL, 0 } };
static const named_value heuristic_names[] = {
    { "manhattan", ASTAR_HEURISTIC_MANHATTAN }, { "octile", ASTAR_HEURISTIC_OCTILE },
    { "euclidean", ASTAR_HEURISTIC_EUCLIDEAN }, { "chebyshev", ASTAR_HEURISTIC_CHEBYSHEV },
    { "zero", ASTAR_HEURISTIC_ZERO }, { NULL, 0 } };
static const named_value ties_names[] = {
    { "last", ASTAR_TIES_LAST }, { "first", ASTAR_TIES_FIRST }, { "deep", ASTAR_TIES_DEEP },
    { "straight", ASTAR_TIES_STRAIGHT }, { NULL, 0 } };
static const named_value stop_names[] = {
    { "closed", ASTAR_STOP_CLOSED }, { "open", ASTAR_STOP_OPEN }, { NULL, 0 } };
static const named_value jumps_names[] = {
    { "auto", ASTAR_JUMPS_AUTO }, { "scan", ASTAR_JUMPS_SCAN }, { "step", ASTAR_JUMPS_STEP },
    { NULL, 0 } };

/* The layouts' own names first: name_of gives the first that matches. */
static const named_value topology_names[] = {
    { "square", ASTAR_TOPOLOGY_SQUARE }, { "odd-r", ASTAR_TOPOLOGY_HEX_ODD_R },
    { "even-r", ASTAR_TOPOLOGY_HEX_EVEN_R }, { "odd-q", ASTAR_TOPOLOGY_HEX_ODD_Q },
    { "even-q", ASTAR_TOPOLOGY_HEX_EVEN_Q }, { "hex-pointy", ASTAR_TOPOLOGY_HEX_ODD_R },
    { "hex-flat", ASTAR_TOPOLOGY_HEX_ODD_Q }, { NULL, 0 } };

static const char *name_of(const named_value *names, int value)
{
    for (; names->name; names++)
        if (names->value == value)
            return names->name;
    return "?";
}

static bool lookup(const named_value *names, const char *text, int *value)
{
    for (; names->name; names++)
        if (strcmp(names->name, text) == 0) {
            *value = names->value;
            return true;
        }
    return false;
}

/* The parts of the library's options a search option sets: a call takes
 * the options of the parts its signature has. */
enum {
    PART_SEARCH = 1,     /* astar_search_options: what every search honours */
    PART_COSTS = 2,      /* astar_options.moves, .costs: the grid's cost model */
    PART_HEURISTIC = 4,  /* astar_options.heuristic */
    PART_ALGORITHM = 8,  /* astar_options.algorithm, .jumps */
    PART_WORLD = 16      /* astar_options.world */
};

/* Each call's parts: the one place that says which options apply where. */
static const unsigned call_parts[] = {
    [CLI_CALL_FIND_PATH] = PART_SEARCH | PART_COSTS | PART_HEURISTIC | PART_ALGORITHM | PART_WORLD,
    [CLI_CALL_BACKWARD] = PART_SEARCH | PART_COSTS | PART_WORLD,
    [CLI_CALL_CPD] = PART_COSTS | PART_WORLD,
    [CLI_CALL_GRAPH] = PART_SEARCH,
    [CLI_CALL_WAYPOINTS] = PART_SEARCH | PART_COSTS | PART_HEURISTIC,
    [CLI_CALL_CROWD] = PART_COSTS,
};

/* The search options, one table for every subcommand: the flag, its
 * choices (or NULL for a number), the part of the options it sets, and
 * its help. */
static const struct {
    const char *flag;
    const named_value *names;
    unsigned part;
    const char *help;
} search_flags[CLI_SEARCH_FLAGS] = {
    /* Its values and help: tools/algorithms.c. */
    [CLI_ALGO] = { "--algo", NULL, PART_ALGORITHM, NULL },
    [CLI_OPEN_LIST] = { "--open-list", open_list_names, PART_SEARCH,
                    "  --open-list heap|sorted|unsorted|buckets   A*'s open list (default heap;\n"
                    "                          buckets: the fastest, for a consistent heuristic)\n" },
    [CLI_MOVES] = { "--moves", moves_names, PART_COSTS,
                "  --moves 4|8|8cut        neighbours: 4, 8 without corner cutting (default),\n"
                "                          8 that may cut one corner\n" },
    [CLI_COSTS] = { "--costs", costs_names, PART_COSTS,
                "  --costs article|octile  straight/diagonal step: 10/14 (default) or 1/sqrt(2)\n" },
    [CLI_HEURISTIC] = { "--heuristic", heuristic_names, PART_HEURISTIC,
                    "  --heuristic manhattan|octile|euclidean|chebyshev|zero   H (default manhattan)\n" },
    [CLI_WEIGHT] = { "--weight", NULL, PART_SEARCH,
                 "  --weight W              H is multiplied by W, 0..64 in steps of 1/1024\n"
                 "                          (default 1)\n" },
    [CLI_TIES] = { "--ties", ties_names, PART_SEARCH,
               "  --ties last|first|deep|straight   which equal-F square goes first: the\n"
               "                          last added (default), the first, the deepest, or\n"
               "                          the nearest the line from start to goal\n" },
    [CLI_STOP] = { "--stop", stop_names, PART_SEARCH,
               "  --stop closed|open      stop when the target is closed (default) or opened\n" },
    [CLI_TURN_PENALTY] = { "--turn-penalty", NULL, PART_WORLD,
                       "  --turn-penalty N        add N cost units to G at every change of direction\n"
                       "                          (default 0; A* only, not always least cost)\n" },
    [CLI_JUMPS] = { "--jumps", jumps_names, PART_ALGORITHM,
                "  --jumps auto|scan|step  JPS and JPS+: runs scanned to their jump point, or\n"
                "                          one square a step (A*'s loop with JPS's rule); auto\n"
                "                          (default) steps on a cluttered map\n" },
    [CLI_SIZE] = { "--size", NULL, PART_WORLD,
               "  --size K                a unit of K x K cells, 1..16 (default 1): the path\n"
               "                          is its top-left cell's; A*, JPS and JPS+ (uniform\n"
               "                          terrain), HPA*, nearest and flow (the map's\n"
               "                          clearance, and the map as the unit sees it, are\n"
               "                          worked out when it loads)\n" },
    [CLI_CAPABILITY] = { "--capability", NULL, PART_WORLD,
                     "  --capability N          the terrains the unit may enter: 1 ground, 2 ground\n"
                     "                          and trees, 3 ground and water, the map's trees (T)\n"
                     "                          and water (W) then terrains of cost 2 and 3, not\n"
                     "                          walls; 0 (default) every terrain the map has\n" },
};

bool cli_call_takes(cli_call call, cli_search_flag flag)
{
    return (call_parts[call] & search_flags[flag].part) != 0;
}

const char *cli_search_help(cli_call call)
{
    static char help[4096];
    size_t used = (size_t)snprintf(help, sizeof help, "search options:\n");
    for (int k = 0; k < CLI_SEARCH_FLAGS; k++)
        if (!cli_call_takes(call, (cli_search_flag)k))
            continue;
        else if (k == CLI_ALGO)
            used += cli_algorithm_help(false, help + used, sizeof help - used);
        else
            used += (size_t)snprintf(help + used, sizeof help - used, "%s", search_flags[k].help);
    snprintf(help + used, sizeof help - used,
             "An option's value may follow it (--moves 4) or be joined to it (--moves=4).\n");
    return help;
}

/* Sets field k of o from its text; false when the text is no value of it. */
static bool set_search_flag(cli_search_flag k, const char *value, astar_options *o)
{
    long penalty; /* or size, or capability */
    int v;
    switch (k) {
    case CLI_ALGO: return cli_algorithm_value(value, &o->algorithm);
    case CLI_WEIGHT: return cli_parse_double(value, 0.0, 64.0, &o->search.weight);
    case CLI_SIZE:
        if (!cli_parse_int(value, 1, ASTAR_MAX_UNIT_SIZE, &penalty))
            return false;
        o->world.unit_size = (int)penalty;
        return true;
    case CLI_CAPABILITY:
        if (!cli_parse_int(value, 0, CLI_CAPABILITIES, &penalty))
            return false;
        o->world.capability = (uint32_t)penalty;
        return true;
    case CLI_TURN_PENALTY:
        if (!cli_parse_int(value, 0, INT32_MAX, &penalty))
            return false;
        o->world.turn_penalty = (uint32_t)penalty;
        return true;
    default: break;
    }
    if (!lookup(search_flags[k].names, value, &v))
        return false;
    switch (k) {
    case CLI_OPEN_LIST: o->search.open_list = (astar_open_list)v; break;
    case CLI_MOVES: o->moves = (astar_moves)v; break;
    case CLI_COSTS: o->costs = (astar_costs)v; break;
    case CLI_HEURISTIC: o->heuristic = (astar_heuristic)v; break;
    case CLI_TIES: o->search.ties = (astar_ties)v; break;
    case CLI_STOP: o->search.stop = (astar_stop)v; break;
    case CLI_JUMPS: o->jumps = (astar_jumps)v; break;
    default: break;
    }
    return true;
}

bool cli_search_set(cli_search_flag k, const char *value, astar_options *o)
{
    if (set_search_flag(k, value, o))
        return true;
    const char *flag = search_flags[k].flag;
    if (k == CLI_WEIGHT)
        cli_error("--weight takes a number from 0 to 64, not '%s'", value);
    else if (k == CLI_SIZE)
        cli_error("--size takes a whole number from 1 to %d, not '%s'", ASTAR_MAX_UNIT_SIZE, value);
    else if (k == CLI_CAPABILITY)
        cli_error("--capability takes a whole number from 0 to %d, not '%s'", CLI_CAPABILITIES,
                  value);
    else if (k == CLI_TURN_PENALTY)
        cli_error("--turn-penalty takes a whole number from 0 to %ld, not '%s'", (long)INT32_MAX,
                  value);
    else {
        char choices[128];
        size_t used = 0;
        if (k == CLI_ALGO)
            cli_algorithm_choices(false, choices, sizeof choices);
        else
            for (const named_value *n = search_flags[k].names; n->name; n++)
                used += (size_t)snprintf(choices + used, sizeof choices - used, " %s", n->name);
        cli_error("%s does not take '%s'; one of:%s", flag, value, choices);
    }
    return false;
}

bool cli_map_set(cli_map_options *maps, cli_map_flag flag, const char *value)
{
    int v;
    switch (flag) {
    case CLI_MAP_ISLANDS: maps->islands = true; return true;
    case CLI_MAP_DEAD_ENDS: maps->dead_ends = true; return true;
    case CLI_MAP_TOPOLOGY: break;
    }
    if (!lookup(topology_names, value, &v)) {
        cli_error("--topology does not take '%s'; one of: square hex-pointy hex-flat odd-r "
                  "even-r odd-q even-q",
                  value);
        return false;
    }
    maps->topology = (astar_topology)v;
    return true;
}

const char *cli_topology_name(astar_topology t)
{
    return name_of(topology_names, (int)t);
}

const char *cli_moves_name(astar_moves moves)
{
    return name_of(moves_names, (int)moves);
}

/* The unit, where it is not one cell of capability 0. */
static void describe_unit(FILE *out, const astar_options *o)
{
    if (o->world.unit_size > 1)
        fprintf(out, ", unit size %d", o->world.unit_size);
    if (o->world.capability)
        fprintf(out, ", capability %u", o->world.capability);
}

void cli_describe_options(FILE *out, const astar_options *o, const astar_context *ctx,
                          astar_topology topology)
{
    /* Any-angle paths take no moves, costs, heuristic or open list. */
    if (o->algorithm == ASTAR_ALGORITHM_ANYA) {
        fprintf(out, "algo anya, weight %g", o->search.weight);
        return;
    }
    /* Without the search's own context, one of 64 cells answers for every
     * map of that size or more (all the benchmark's). */
    astar_context *any = NULL;
    if (!ctx && astar_context_new(64, &any) == ASTAR_OK)
        ctx = any;
    astar_open_list used = astar_context_open_list(ctx, o);
    astar_context_delete(any);
    /* Weights are fixed point, 1/1024 a step: say what the search uses. */
    double weight = round(o->search.weight * 1024.0) / 1024.0;
    char list[96];
    if (used == o->search.open_list)
        snprintf(list, sizeof list, "%s", name_of(open_list_names, (int)used));
    else
        snprintf(list, sizeof list, "%s (%s asked for: it cannot serve these options)",
                 name_of(open_list_names, (int)used), name_of(open_list_names, (int)o->search.open_list));
    fprintf(out, "algo %s, open list %s, ", cli_algorithm_name(CLI_PREBUILT_NONE, o->algorithm), list);
    cli_describe_moves(out, o, topology);
    /* On hexes every heuristic but zero is the hex distance. */
    bool hex = topology != ASTAR_TOPOLOGY_SQUARE;
    fprintf(out, ", heuristic %s, weight %g, ties %s, stop %s",
            hex && o->heuristic != ASTAR_HEURISTIC_ZERO ? "hex distance"
                                                        : name_of(heuristic_names, (int)o->heuristic),
            weight, name_of(ties_names, (int)o->search.ties), name_of(stop_names, (int)o->search.stop));
    if (o->world.turn_penalty)
        fprintf(out, ", turn penalty %u", o->world.turn_penalty);
    if (o->algorithm != ASTAR_ALGORITHM_ASTAR)
        fprintf(out, ", jumps %s", name_of(jumps_names, (int)o->jumps));
}

void cli_describe_graph_options(FILE *out, const astar_search_options *o, size_t nodes,
                                astar_heuristic h, uint32_t landmarks)
{
    /* A context of the search's size, up to 64 nodes, answers for it. */
    astar_context *ctx = NULL;
    astar_open_list used = ASTAR_OPEN_LIST_HEAP;
    if (astar_graph_context_new(nodes < 64 ? nodes : 64, &ctx) == ASTAR_OK)
        used = astar_graph_open_list(ctx, o);
    astar_context_delete(ctx);
    fprintf(out, "open list %s%s, H ", name_of(open_list_names, (int)used),
            used == o->open_list ? "" : " (buckets asked for: they cannot serve these options)");
    bool marked = o->weight != 0.0 && landmarks > 0;
    if (marked && h == ASTAR_HEURISTIC_ZERO)
        fprintf(out, "%u landmarks", landmarks);
    else if (marked)
        fprintf(out, "%s distance or %u landmarks", name_of(heuristic_names, (int)h), landmarks);
    else
        fprintf(out, "%s%s", name_of(heuristic_names, (int)h),
                h == ASTAR_HEURISTIC_ZERO ? "" : " distance");
    fprintf(out, ", weight %g, ties %s, stop %s", round(o->weight * 1024.0) / 1024.0,
            name_of(ties_names, (int)o->ties), name_of(stop_names, (int)o->stop));
}

void cli_describe_moves(FILE *out, const astar_options *o, astar_topology topology)
{
    if (topology == ASTAR_TOPOLOGY_SQUARE)
        fprintf(out, "moves %s", name_of(moves_names, (int)o->moves));
    else
        fprintf(out, "hex %s", name_of(topology_names, (int)topology));
    fprintf(out, ", costs %s", name_of(costs_names, (int)o->costs));
    describe_unit(out, o);
}

void cli_describe_least_cost(FILE *out, const astar_options *asked, astar_topology topology)
{
    /* On hexes H is the hex distance, which never overestimates: judged
     * as the library judges no heuristic at all. */
    astar_options hex = *asked;
    hex.heuristic = ASTAR_HEURISTIC_ZERO;
    const astar_options *o = topology == ASTAR_TOPOLOGY_SQUARE ? asked : &hex;
    if (astar_options_optimal(o))
        return;
    fprintf(out, "least cost: not guaranteed:");
    const char *sep = " ";
    /* The heuristic is to blame when the options are not optimal with
     * every other condition of astar_options_optimal met. */
    astar_options d = astar_options_default(), t = *o;
    t.search.weight = d.search.weight;
    t.search.stop = d.search.stop;
    t.world.turn_penalty = 0;
    if (!astar_options_optimal(&t)) {
        fprintf(out, "%sheuristic %s can overestimate with moves %s and costs %s", sep,
                name_of(heuristic_names, (int)o->heuristic), name_of(moves_names, (int)o->moves),
                name_of(costs_names, (int)o->costs));
        sep = "; ";
    }
    if (o->search.weight > 1.0) {
        fprintf(out, "%sweight above 1", sep);
        sep = "; ";
    }
    if (o->search.stop != ASTAR_STOP_CLOSED) {
        fprintf(out, "%sstop %s", sep, name_of(stop_names, (int)o->search.stop));
        sep = "; ";
    }
    if (o->world.turn_penalty)
        fprintf(out, "%sa turn penalty (paid per cell, not per cell and direction)", sep);
    fputc('\n', out);
}

void cli_describe_topology(FILE *out, astar_topology topology)
{
    if (topology != ASTAR_TOPOLOGY_SQUARE)
        fprintf(out, "topology: hex, %s (6 neighbours; --moves does not apply)\n",
                name_of(topology_names, (int)topology));
}

bool cli_parse_point(const char *text, astar_point *point)
{
    const char *comma = strchr(text, ',');
    char x[32];
    long vx, vy;
    if (!comma || (size_t)(comma - text) >= sizeof x)
        return false;
    memcpy(x, text, (size_t)(comma - text));
    x[comma - text] = '\0';
    if (!cli_parse_int(x, -1000000, 1000000, &vx) || !cli_parse_int(comma + 1, -1000000, 1000000, &vy))
        return false;
    *point = (astar_point){ (int32_t)vx, (int32_t)vy };
    return true;
}

bool cli_parse_int(const char *text, long min, long max, long *value)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < min || v > max)
        return false;
    *value = v;
    return true;
}

bool cli_parse_double(const char *text, double min, double max, double *value)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v >= min && v <= max))
        return false;
    *value = v;
    return true;
}

bool cli_parse_list(const char *text, long min, long max, long *values, int count)
{
    for (int k = 0; k < count; k++) {
        char *end;
        errno = 0;
        values[k] = strtol(text, &end, 10);
        bool last = k + 1 == count;
        if (errno || end == text || *end != (last ? '\0' : ',') || values[k] < min || values[k] > max)
            return false;
        text = end + 1;
    }
    return true;
}

bool cli_parse_xy(const char *cmd, const char *x, const char *y, astar_point *point)
{
    const char *text[2] = { x, y };
    long v[2];
    for (int k = 0; k < 2; k++)
        if (!cli_parse_int(text[k], -1000000, 1000000, &v[k])) {
            fprintf(stderr, "astar %s: '%s' is not a whole number\n", cmd, text[k]);
            return false;
        }
    *point = (astar_point){ (int32_t)v[0], (int32_t)v[1] };
    return true;
}

void cli_print_points(const astar_point *points, size_t count)
{
    for (size_t i = 0; i < count; i++)
        printf("%s(%d,%d)", i ? " " : "", points[i].x, points[i].y);
    printf("\n");
}

bool cli_picture_init(cli_picture *pic, const astar_grid *grid)
{
    pic->width = astar_grid_width(grid);
    pic->height = astar_grid_height(grid);
    pic->topology = astar_grid_topology(grid);
    pic->cells = malloc((size_t)pic->width * (size_t)pic->height);
    if (!pic->cells)
        return false;
    for (int y = 0; y < pic->height; y++)
        for (int x = 0; x < pic->width; x++)
            *cli_picture_cell(pic, x, y) = astar_grid_walkable(grid, x, y) ? '.' : '#';
    return true;
}

char *cli_picture_cell(cli_picture *pic, int x, int y)
{
    if (x < 0 || y < 0 || x >= pic->width || y >= pic->height)
        return NULL;
    return pic->cells + (size_t)y * (size_t)pic->width + (size_t)x;
}

void cli_picture_mark(cli_picture *pic, astar_point p, char c)
{
    char *cell = cli_picture_cell(pic, p.x, p.y);
    if (cell)
        *cell = c;
}

void cli_picture_path(cli_picture *pic, const astar_point *points, size_t count)
{
    for (size_t i = 0; i < count; i++)
        cli_picture_mark(pic, points[i], i == 0 ? 'S' : i + 1 == count ? 'G' : '*');
}

/* Whether the row (pointy-top) or column (flat-top) numbered line is one
 * of the shoved ones of the layout. */
static bool shoved(astar_topology t, int line)
{
    bool odd = line & 1;
    return t == ASTAR_TOPOLOGY_HEX_ODD_R || t == ASTAR_TOPOLOGY_HEX_ODD_Q ? odd : !odd;
}

void cli_picture_print(cli_picture *pic)
{
    astar_topology t = pic->topology;
    bool pointy = t == ASTAR_TOPOLOGY_HEX_ODD_R || t == ASTAR_TOPOLOGY_HEX_EVEN_R;
    for (int y = 0; y < pic->height; y++) {
        const char *row = pic->cells + (size_t)y * (size_t)pic->width;
        if (t == ASTAR_TOPOLOGY_SQUARE) {
            printf("%.*s\n", pic->width, row);
        } else if (pointy) {
            printf("%s", shoved(t, y) ? " " : "");
            for (int x = 0; x < pic->width; x++)
                printf("%c%s", row[x], x + 1 < pic->width ? " " : "\n");
        } else {
            for (int half = 0; half < 2; half++) {
                int last = pic->width - 1;
                while (last >= 0 && shoved(t, last) != half)
                    last--;
                for (int x = 0; x <= last; x++)
                    printf("%c%s", shoved(t, x) == half ? row[x] : ' ', x < last ? " " : "");
                printf("\n");
            }
        }
    }
    free(pic->cells);
    pic->cells = NULL;
}

/* Whether path names something, for finding a scenario's map: stat, not
 * fopen, which would wait for ever on a FIFO without a writer; the map's
 * loader then says what is wrong with it. */
static bool readable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Writes into out the map named name as it would sit in the Moving AI
 * layout: the scenario's directory with its last "scen" component swapped
 * for "maps". False if the scenario path has no such component. */
static bool movingai_layout_map(const char *scen_path, const char *name, char *out, size_t size)
{
    const char *slash = strrchr(scen_path, '/');
    size_t dir_len = slash ? (size_t)(slash - scen_path) : 0;
    const char *found = NULL;
    for (const char *p = scen_path; p + 6 <= scen_path + dir_len; p++)
        if (strncmp(p, "scen/", 5) == 0 && (p == scen_path || p[-1] == '/'))
            found = p;
    if (!found)
        return false;
    int n = snprintf(out, size, "%.*smaps/%.*s/%s", (int)(found - scen_path), scen_path,
                     (int)(dir_len - (size_t)(found + 5 - scen_path)), found + 5, name);
    return n > 0 && (size_t)n < size;
}

/* The terrains the Moving AI letters become for a unit with a capability:
 * the benchmark's loader reads trees and water as walls (no ground unit
 * enters them), and a capability is what lets some units in. */
enum { GROUND = 1, TREES = 2, WATER = 3 };

/* Writes the CLI's capabilities 1..CLI_CAPABILITIES (--help) into kinds. */
static void capabilities(astar_capability kinds[CLI_CAPABILITIES])
{
    static const int allowed[CLI_CAPABILITIES][2] = { { GROUND, GROUND },
                                                      { GROUND, TREES },
                                                      { GROUND, WATER } };
    for (int c = 0; c < CLI_CAPABILITIES; c++) {
        kinds[c] = (astar_capability){ { 0 } };
        for (int i = 0; i < 2; i++)
            astar_capability_set(&kinds[c], allowed[c][i], true);
    }
}

/* Makes the trees (T) and water (W) of the Moving AI map at path, which
 * grid was loaded from and so is well formed, terrains of their own:
 * the rows follow the line "map". */
static astar_status terrain_kinds(const char *path, astar_grid *grid)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return ASTAR_IO_ERROR;
    char line[ASTAR_MAX_SIDE + 8];
    astar_status s = ASTAR_OK;
    bool rows = false;
    for (int y = 0; s == ASTAR_OK && y < astar_grid_height(grid) && fgets(line, sizeof line, f);) {
        if (!rows) {
            char word[8];
            rows = sscanf(line, " %7s", word) == 1 && strcmp(word, "map") == 0;
            continue;
        }
        for (int x = 0; s == ASTAR_OK && x < astar_grid_width(grid); x++)
            if (line[x] == 'T' || line[x] == 'W')
                s = astar_grid_set_cost(grid, x, y, line[x] == 'T' ? TREES : WATER);
        y++;
    }
    fclose(f);
    return s;
}

bool cli_grid_load(const char *path, const astar_options *options, const cli_map_options *maps,
                   astar_grid **out)
{
    astar_error err;
    if (astar_grid_load_movingai(path, out, &err) != ASTAR_OK) {
        cli_error("%s", err.message);
        return false;
    }
    astar_status s = astar_grid_set_topology(*out, maps->topology);
    const char *what = "topology";
    bool sized = options->world.unit_size > 1 || options->world.capability;
    /* A unit's JPS+ reads its shadow's table, not the grid's. */
    if (s == ASTAR_OK && options->algorithm == ASTAR_ALGORITHM_JPS_PLUS && !sized) {
        s = astar_grid_enable_jump_table(*out);
        what = "jump table";
    }
    if (s == ASTAR_OK && maps->islands) {
        s = astar_grid_enable_islands(*out);
        what = "islands";
    }
    if (s == ASTAR_OK && maps->dead_ends) {
        s = astar_grid_enable_dead_ends(*out);
        what = "dead ends";
    }
    if (s == ASTAR_OK && options->world.capability) {
        s = terrain_kinds(path, *out);
        what = "trees and water";
    }
    if (s == ASTAR_OK && sized) {
        astar_capability kinds[CLI_CAPABILITIES];
        capabilities(kinds);
        s = astar_grid_enable_clearance(*out, kinds, CLI_CAPABILITIES);
        what = "clearance";
    }
    /* The map as the unit sees it kept as a grid: JPS scans, JPS+ reads
     * its jump table and HPA* builds its tiers only there, and A* runs
     * there at a one-cell unit's speed (a build per map, as the grid's). */
    if (s == ASTAR_OK && sized) {
        int size = options->world.unit_size > 1 ? options->world.unit_size : 1;
        s = astar_grid_enable_sized_shadow(*out, size, options->world.capability,
                                           options->algorithm == ASTAR_ALGORITHM_JPS_PLUS);
        what = "the unit's shadow";
    }
    /* --islands for a unit of a size: its own islands, which a one-cell
     * unit's cannot stand for. */
    if (s == ASTAR_OK && maps->islands && options->world.unit_size > 1) {
        s = astar_grid_enable_sized_islands(*out, options->world.unit_size,
                                            options->world.capability);
        what = "the unit's islands";
    }
    if (s != ASTAR_OK) {
        cli_error("%s: %s: %s", path, what, astar_status_message(s));
        astar_grid_delete(*out);
        *out = NULL;
        return false;
    }
    return true;
}

static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), m = strlen(end);
    return n >= m && strcmp(s + n - m, end) == 0;
}

bool cli_is_graph_file(const char *path, bool *dimacs)
{
    *dimacs = ends_with(path, ".gr");
    return *dimacs || ends_with(path, ".graph");
}

int cli_graph_load(const char *path, const char *co, astar_graph **out)
{
    bool dimacs;
    cli_is_graph_file(path, &dimacs);
    if (co && !dimacs) {
        cli_error("--co goes with a DIMACS .gr file, not %s", path);
        return EXIT_USAGE;
    }
    astar_error err;
    astar_status s = dimacs ? astar_graph_load_dimacs(path, co, out, &err)
                            : astar_graph_load(path, out, &err);
    if (s != ASTAR_OK) {
        cli_error("%s", err.message);
        return s == ASTAR_OUT_OF_MEMORY ? EXIT_FAILED : EXIT_INPUT;
    }
    return EXIT_OK;
}

bool cli_scenario_load(const char *path, const char *map_path, const astar_options *options,
                       const cli_map_options *maps, cli_scenario *out)
{
    memset(out, 0, sizeof *out);
    astar_error err;
    if (astar_scenario_load(path, &out->scen, &err) != ASTAR_OK) {
        cli_error("%s", err.message);
        return false;
    }
    const char *name = astar_scenario_map_name(out->scen);
    if (map_path) {
        snprintf(out->map_path, sizeof out->map_path, "%s", map_path);
    } else {
        const char *slash = strrchr(path, '/');
        int dir_len = slash ? (int)(slash - path) + 1 : 0;
        snprintf(out->map_path, sizeof out->map_path, "%.*s%s", dir_len, path, name);
        char layout[sizeof out->map_path];
        if (!readable(out->map_path) && movingai_layout_map(path, name, layout, sizeof layout))
            memcpy(out->map_path, layout, sizeof layout);
        if (!readable(out->map_path)) {
            cli_error("%s: cannot find its map '%s' beside it or under maps/ (give --map)", path,
                      name);
            cli_scenario_free(out);
            return false;
        }
    }
    if (!cli_grid_load(out->map_path, options, maps, &out->grid)) {
        cli_scenario_free(out);
        return false;
    }
    return true;
}

void cli_scenario_free(cli_scenario *s)
{
    astar_scenario_delete(s->scen);
    astar_grid_delete(s->grid);
    s->scen = NULL;
    s->grid = NULL;
}

bool cli_problem_posable(const astar_grid *grid, const astar_options *options,
                         const astar_problem *p)
{
    int size = options->world.unit_size;
    if (size <= 1)
        return astar_grid_walkable(grid, p->start.x, p->start.y) &&
               astar_grid_walkable(grid, p->goal.x, p->goal.y);
    size_t capability = options->world.capability;
    return astar_grid_clearance(grid, capability, p->start.x, p->start.y) >= size &&
           astar_grid_clearance(grid, capability, p->goal.x, p->goal.y) >= size;
}

bool cli_targets_walkable(const astar_grid *grid, const astar_point *targets, size_t count)
{
    bool all = true;
    for (size_t i = 0; i < count; i++) {
        astar_point t = targets[i];
        bool inside = t.x >= 0 && t.y >= 0 && t.x < astar_grid_width(grid) &&
                      t.y < astar_grid_height(grid);
        if (inside && !astar_grid_walkable(grid, t.x, t.y)) {
            cli_error("target %zu (%d,%d) is blocked: a target must be a walkable cell", i, t.x,
                      t.y);
            all = false;
        }
    }
    return all;
}

cli_progress cli_progress_start(void)
{
    bool terminal = isatty(2);
    /* On a terminal the first call shows at once that the run has begun. */
    return (cli_progress){ .terminal = terminal, .last = terminal ? -INFINITY : now_seconds() };
}

void cli_progress_show(cli_progress *p, const char *format, ...)
{
    double now = now_seconds();
    if (now - p->last < (p->terminal ? 0.25 : 10.0))
        return;
    p->last = now;
    p->shown = p->terminal;
    fputs(p->terminal ? "\r[" : "[", stderr);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputs(p->terminal ? "] " : "]\n", stderr);
}

void cli_progress_clear(cli_progress *p)
{
    if (p->shown)
        fprintf(stderr, "\r\033[K");
    p->shown = false;
}

const char cli_exit_help[] =
    "Exit status: 0 done (found, built, all passed), 1 no path or a failed check,\n"
    "2 bad arguments, 3 a map or scenario file could not be read, 4 an output file\n"
    "could not be written, 5 a start or goal outside the map or blocked.\n";

int cli_exit_for(astar_status status)
{
    switch (status) {
    case ASTAR_OK: return EXIT_OK;
    case ASTAR_START_OUT_OF_BOUNDS:
    case ASTAR_GOAL_OUT_OF_BOUNDS:
    case ASTAR_START_BLOCKED:
    case ASTAR_GOAL_BLOCKED:
    case ASTAR_GOAL_OCCUPIED:
    case ASTAR_START_OCCUPIED:
    case ASTAR_UNIT_OVERLAP:
    case ASTAR_UNIT_DOES_NOT_FIT:
    case ASTAR_MAP_TOO_LARGE: return EXIT_REQUEST;
    case ASTAR_INVALID_ARGUMENT:
    case ASTAR_UNSUPPORTED:
    case ASTAR_NO_JUMP_TABLE:
    case ASTAR_NO_CLEARANCE: return EXIT_USAGE;
    case ASTAR_IO_ERROR:
    case ASTAR_PARSE_ERROR: return EXIT_INPUT;
    default: return EXIT_FAILED;
    }
}

static const char *command_name = "";

void cli_command_set(const char *name)
{
    command_name = name;
}

void cli_error(const char *format, ...)
{
    fprintf(stderr, "astar%s%s: ", *command_name ? " " : "", command_name);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}
