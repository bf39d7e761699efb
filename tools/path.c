/* astar path: one search on a Moving AI map, with a picture of small maps,
 * and optionally its smoothing and an SVG picture. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "svg.h"

enum { PICTURE_MAX_WIDTH = 80 };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar path MAP SX SY GX GY [--smooth] [--svg FILE] [--max-expanded N]\n"
            "                  [--partial] [search options] [map options] [world options]\n"
            "                  [--algo cpd [--cpd FILE]]\n"
            "                  [--algo hpa [--cluster N] [--landmarks N]\n"
            "                              [--crossings middle|ends] [--raw]]\n"
            "                  [--algo anya]\n\n"
            "Finds a path from (SX,SY) to (GX,GY) on a Moving AI map and prints its cells,\n"
            "cost and the number of expanded squares, and with --algo jps or jps+ the jump\n"
            "points too, with --algo hpa the route's entrance cells; maps up to %d columns\n"
            "are drawn ('S' start, 'G' goal, '*' path, 'J' jump point, 'E' entrance,\n"
            "'W' waypoint, '#' blocked, 'x' closed, 'o' open; with world\n"
            "options '~' influence, 'U' stopped unit, 'M' moving unit, '+' its path).\n"
            "With --smooth or --turn-penalty, also the path's length in cells and its turns.\n\n"
            "  --smooth      also the fewest waypoints of the path a unit can walk straight\n"
            "                between (line of sight under the moves' corner rule), and the\n"
            "                length of that walk\n"
            "  --svg FILE    write an SVG picture of the map around the path, the path, and\n"
            "                with --smooth the waypoints, and the search's open and closed\n"
            "                lists (so not with --algo cpd or hpa, which make no grid search)\n"
            "  -q, --quiet   print the summary lines only: no cells, no picture\n"
            "  --max-expanded N  give up after N expanded squares (exit 1)\n"
            "  --partial     when there is no path or the search gives up, the path to the\n"
            "                reached square nearest the goal, said as partial (exit 1)\n\n"
            "%s\n%s%s\n%s\n%s",
            PICTURE_MAX_WIDTH, cli_exit_help, cli_search_help(CLI_CALL_FIND_PATH),
            cli_prebuilt_help(), cli_map_options_help, cli_world_options_help);
}

/* Where the search went: 'x' closed, 'o' open, '.' on no list. */
static char list_symbol(const astar_context *ctx, const astar_grid *grid, int x, int y)
{
    astar_node n;
    astar_context_node(ctx, grid, x, y, &n);
    return n.list == ASTAR_LIST_CLOSED ? 'x' : n.list == ASTAR_LIST_OPEN ? 'o' : '.';
}

static void draw(const astar_context *ctx, const astar_grid *grid, const cli_world *world,
                 const astar_route *path, char node_mark, const astar_route *smoothed)
{
    cli_picture pic;
    if (!cli_picture_init(&pic, grid))
        return;
    for (int y = 0; y < pic.height; y++)
        for (int x = 0; x < pic.width; x++) {
            char *cell = cli_picture_cell(&pic, x, y);
            *cell = cli_world_mark(world, x, y, *cell == '#' ? '#' : list_symbol(ctx, grid, x, y));
        }
    cli_picture_path(&pic, path->points, path->length);
    /* A* puts every cell of its path on its parent chain: only JPS's jump
     * points and HPA*'s entrances are marked. */
    for (size_t i = 1; path->via_length < path->length && i + 1 < path->via_length; i++)
        cli_picture_mark(&pic, path->via[i], node_mark);
    for (size_t i = 1; smoothed && i + 1 < smoothed->length; i++)
        cli_picture_mark(&pic, smoothed->points[i], 'W');
    cli_picture_print(&pic);
}

/* What --smooth, --svg and --turn-penalty add to the report. */
typedef struct extras {
    bool quiet;         /* --quiet: the summary lines, no cells, no picture */
    bool smooth;
    const char *svg;
    astar_route smoothed;  /* points NULL unless smoothed */
    astar_trace trace;         /* with --svg: the search's events */
} extras;

/* For --svg: the search again with a trace, counted first and then
 * written into a buffer of that size (the same search on the same
 * context, so the same events). False when out of memory. */
static bool trace_search(astar_context *ctx, const astar_grid *grid, astar_point start,
                         astar_point goal, const astar_options *o, astar_trace *trace)
{
    astar_options traced = *o;
    astar_route cost_only = { 0 };
    *trace = (astar_trace){ 0 };
    traced.search.trace = trace;
    astar_find_path(ctx, grid, start, goal, &traced, &cost_only);
    trace->events = malloc(trace->total * sizeof *trace->events);
    if (!trace->events && trace->total > 0)
        return false;
    trace->capacity = trace->total;
    astar_find_path(ctx, grid, start, goal, &traced, &cost_only);
    return true;
}

/* Prints the path's length and turns and, with --smooth, its waypoints,
 * and writes the SVG. Returns the exit code: EXIT_OUTPUT when the SVG
 * cannot be written, EXIT_FAILED when something else failed (it says what). */
static int report_extras(const astar_grid *grid, const astar_options *o, const astar_route *path,
                          extras *x)
{
    if (!x->smooth && !x->svg && !o->world.turn_penalty)
        return EXIT_OK;
    astar_path_measure m;
    astar_error err;
    if (astar_path_check(grid, o, path->points[0], path->points[path->length - 1], path->points,
                         path->length, &m, &err) != ASTAR_OK) {
        fprintf(stderr, "astar path: the path found is not legal: %s\n", err.message);
        return EXIT_FAILED;
    }
    double cells = (double)m.straight + (double)m.diagonal * sqrt(2.0);
    char caption[256];
    int used = snprintf(caption, sizeof caption, "path: %zu cells, length %.2f, %zu turns",
                        path->length, cells, m.turns);
    if (o->world.turn_penalty)
        used += snprintf(caption + used, sizeof caption - (size_t)used, " (turn penalty %u)",
                         o->world.turn_penalty);
    if (x->smooth || o->world.turn_penalty)
        printf("path length %.4f, %zu turns\n", cells, m.turns);
    if (x->smooth) {
        x->smoothed.points = malloc(path->length * sizeof *x->smoothed.points);
        if (!x->smoothed.points) {
            fprintf(stderr, "astar path: out of memory\n");
            return EXIT_FAILED;
        }
        x->smoothed.capacity = path->length;
        astar_status s = astar_path_smooth(grid, o, path->points, path->length, &x->smoothed);
        if (s != ASTAR_OK) {
            fprintf(stderr, "astar path: smoothing: %s\n", astar_status_message(s));
            return EXIT_FAILED;
        }
        printf("smoothed: %zu waypoints, length %.4f (path %.4f)\n", x->smoothed.length,
               x->smoothed.distance, cells);
        cli_print_points(x->smoothed.points, x->smoothed.length);
        snprintf(caption + used, sizeof caption - (size_t)used,
                 "; smoothed: %zu waypoints, length %.2f", x->smoothed.length, x->smoothed.distance);
    }
    if (!x->svg)
        return EXIT_OK;
    size_t opened = 0, closed = 0;
    for (size_t i = 0; i < x->trace.count; i++) {
        opened += x->trace.events[i].kind == ASTAR_TRACE_OPENED;
        closed += x->trace.events[i].kind == ASTAR_TRACE_CLOSED;
    }
    used = (int)strlen(caption);
    snprintf(caption + used, sizeof caption - (size_t)used, "; %zu squares closed, %zu left open",
             closed, opened - closed);
    svg_picture picture = { path->points, path->length, x->smoothed.points, x->smoothed.length,
                            &x->trace, caption };
    return svg_write(x->svg, grid, &picture) ? EXIT_OK : EXIT_OUTPUT;
}

/* Prints the search without the world first, so the difference shows. */
static void report_without_world(astar_context *ctx, const astar_grid *grid, astar_point start,
                                 astar_point goal, const astar_options *o, const cli_world *world,
                                 astar_route *path)
{
    astar_options plain = *o;
    plain.world.layers = NULL;
    plain.world.layer_count = 0;
    plain.world.units = NULL;
    astar_status s = astar_find_path(ctx, grid, start, goal, &plain, path);
    printf("without the world: ");
    if (s == ASTAR_OK) {
        printf("%zu cells, cost %u, %u expanded; ", path->length, path->cost, path->expanded);
        cli_world_crossings(stdout, world, path->points, path->length);
        printf("\n");
    } else {
        printf("%s (%u expanded)\n", astar_status_message(s), path->expanded);
    }
}

enum { SMOOTH, SVG, QUIET, MAX_EXPANDED, PARTIAL };
static const cli_own_option path_options[] = {
    [SMOOTH] = { "smooth", 0, false },
    [SVG] = { "svg", 0, true },
    [QUIET] = { "quiet", 'q', false },
    [MAX_EXPANDED] = { "max-expanded", 0, true },
    [PARTIAL] = { "partial", 0, false },
};

/* Where path's own options go: the report's extras, and the two that are
 * search options of this subcommand only. */
typedef struct path_request {
    extras *x;
    astar_options *o;
} path_request;

static bool take(void *state, int which, const char *value)
{
    path_request *r = state;
    long n;
    switch (which) {
    case SMOOTH: r->x->smooth = true; break;
    case SVG: r->x->svg = value; break;
    case QUIET: r->x->quiet = true; break;
    case PARTIAL: r->o->search.partial = true; break;
    case MAX_EXPANDED:
        if (!cli_parse_int(value, 1, UINT32_MAX, &n)) {
            cli_error("--max-expanded takes a whole number from 1 to %lu, not '%s'",
                      (unsigned long)UINT32_MAX, value);
            return false;
        }
        r->o->search.max_expanded = (uint32_t)n;
        break;
    }
    return true;
}

/* cmd_path, with the world it owns. */
static int path_in(cli_world *world, int argc, char **argv)
{
    astar_options o = astar_options_default();
    cli_map_options maps = { 0 };
    const char *positional[5];
    extras x = { 0 };
    path_request request = { &x, &o };
    cli_prebuilt use = { 0 };
    cli_command_line line = {
        .name = "path", .call = CLI_CALL_FIND_PATH, .options = &o, .maps = &maps,
        .world = world, .prebuilt = &use, .own = path_options, .own_count = CLI_COUNT(path_options), .take = take,
        .state = &request,
        .positional = positional, .positional_min = 5, .positional_max = 5, .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    if (parsed != EXIT_OK)
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    if (!cli_prebuilt_check("path", &use, &o, cli_world_active(world), maps.topology))
        return EXIT_USAGE;
    bool any_angle = use.kind == CLI_PREBUILT_NONE && o.algorithm == ASTAR_ALGORITHM_ANYA;
    if ((use.kind != CLI_PREBUILT_NONE || any_angle) && x.svg) {
        cli_error("--svg draws a search's lists of squares; --algo %s has none",
                  cli_algorithm_name(use.kind, o.algorithm));
        return EXIT_USAGE;
    }
    if (any_angle && x.smooth) {
        cli_error("--smooth makes waypoints of a path of cells; --algo anya's path is its "
                  "waypoints already");
        return EXIT_USAGE;
    }
    if (x.smooth && maps.topology != ASTAR_TOPOLOGY_SQUARE) {
        cli_error("--smooth does not apply to hex maps: line of sight is a square grid's");
        return EXIT_USAGE;
    }
    astar_point start, goal;
    if (!cli_parse_xy("path", positional[1], positional[2], &start) ||
        !cli_parse_xy("path", positional[3], positional[4], &goal))
        return EXIT_USAGE;
    astar_grid *grid;
    if (!cli_grid_load(positional[0], &o, &maps, &grid))
        return EXIT_INPUT;
    astar_context *ctx;
    size_t cells = astar_grid_cells(grid);
    astar_point *points = malloc(2 * cells * sizeof *points);
    if (!points || astar_context_new(cells, &ctx) != ASTAR_OK) {
        fprintf(stderr, "astar path: out of memory\n");
        free(points);
        astar_grid_delete(grid);
        return EXIT_FAILED;
    }
    astar_route path = { .points = points, .capacity = cells,
                         .via = points + cells, .via_capacity = cells };
    bool in_world = cli_world_active(world);
    if (in_world && !cli_world_build(world, grid, start, &o)) {
        astar_context_delete(ctx);
        free(points);
        astar_grid_delete(grid);
        return EXIT_USAGE;
    }
    cli_router router = { 0 };
    int code = use.kind != CLI_PREBUILT_NONE ? cli_router_prepare("path", &use, grid, &o, 0, &router)
                                             : EXIT_OK;
    if (code != EXIT_OK) {
        astar_context_delete(ctx);
        free(points);
        astar_grid_delete(grid);
        return code;
    }
    printf("options: ");
    cli_describe_algorithm(stdout, use.kind, &o, ctx, maps.topology);
    printf("\n");
    if (use.kind == CLI_PREBUILT_NONE)
        cli_describe_least_cost(stdout, &o, maps.topology);
    cli_describe_topology(stdout, maps.topology);
    if (maps.dead_ends)
        printf("dead ends: %u areas; start in area %u, goal in area %u (0: none)\n",
               astar_grid_dead_end_count(grid), astar_grid_dead_end(grid, start.x, start.y),
               astar_grid_dead_end(grid, goal.x, goal.y));
    if (in_world) {
        cli_world_describe(stdout, world);
        report_without_world(ctx, grid, start, goal, &o, world, &path);
    }
    bool prebuilt = use.kind != CLI_PREBUILT_NONE;
    astar_status s = prebuilt ? cli_router_path(&router, start, goal, &path)
                              : astar_find_path(ctx, grid, start, goal, &o, &path);
    const char *counted = use.kind == CLI_PREBUILT_CPD   ? "first moves looked up"
                          : use.kind == CLI_PREBUILT_HPA ? "graph nodes expanded"
                          : any_angle                    ? "intervals expanded"
                                                         : "expanded";
    bool partial = s == ASTAR_PARTIAL_NO_PATH || s == ASTAR_PARTIAL_LIMIT;
    if (any_angle && (s == ASTAR_OK || partial)) {
        /* Corners, not cells: no cost, no picture of cells, no extras. */
        if (partial)
            printf("partial: %s\n", astar_status_message(s));
        printf("path: %zu points, length %.6f, %u %s\n", path.length, path.distance,
               path.expanded, counted);
        if (!x.quiet)
            cli_print_points(points, path.length);
    } else if (s == ASTAR_OK || partial) {
        if (partial)
            printf("partial: %s\n", astar_status_message(s));
        printf("path: %zu cells, cost %u (distance %.4f), %u %s\n", path.length, path.cost,
               path.distance, path.expanded, counted);
        if (!x.quiet)
            cli_print_points(points, path.length);
        if (in_world) {
            printf("with the world: ");
            cli_world_crossings(stdout, world, points, path.length);
            printf("\n");
        }
        if (o.algorithm != ASTAR_ALGORITHM_ASTAR || use.kind == CLI_PREBUILT_HPA) {
            bool steps = astar_jps_steps(grid, &o);
            printf("%s: %zu\n",
                   use.kind == CLI_PREBUILT_HPA ? "route"
                   : steps ? "squares of the chain (JPS stepped, see --jumps)"
                           : "jump points",
                   path.via_length);
            if (!x.quiet)
                cli_print_points(path.via, path.via_length);
        }
        if (x.svg && !trace_search(ctx, grid, start, goal, &o, &x.trace)) {
            fprintf(stderr, "astar path: out of memory tracing the search\n");
            code = EXIT_FAILED;
        }
        if (code == EXIT_OK)
            code = report_extras(grid, &o, &path, &x);
        if (code == EXIT_OK && !x.quiet && astar_grid_width(grid) <= PICTURE_MAX_WIDTH)
            draw(ctx, grid, world, &path, use.kind == CLI_PREBUILT_HPA ? 'E' : 'J',
                 x.smooth ? &x.smoothed : NULL);
        if (code == EXIT_OK && partial)
            code = EXIT_FAILED; /* a path, but not to the goal */
    } else {
        printf("%s (%u %s)\n", astar_status_message(s), path.expanded, counted);
        code = cli_exit_for(s);
    }
    cli_router_free(&router);
    free(x.smoothed.points);
    free(x.trace.events);
    astar_context_delete(ctx);
    free(points);
    astar_grid_delete(grid);
    return code;
}

int cmd_path(int argc, char **argv)
{
    cli_world world;
    cli_world_init(&world);
    int code = path_in(&world, argc, argv);
    cli_world_free(&world);
    return code;
}
