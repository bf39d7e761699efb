/* astar waypoints: a route through a map's waypoints (article note 5,
 * "a waypoint system"), from any cell to any cell, and the cells a unit
 * walks along it. */
#include <stdlib.h>

#include "cli.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar waypoints MAP WAYPOINTS SX SY GX GY [-q] [search options]\n\n"
            "Finds the least-cost route from (SX,SY) to (GX,GY) on a Moving AI map through\n"
            "the waypoints of a waypoint file (docs/waypoints.md: 'x y [name]' a line;\n"
            "data/rooms.waypoints goes with data/rooms.map), two waypoints joined when a\n"
            "unit can walk straight between them, and prints the route, its cost (the\n"
            "straight step times the length, rounded up, per segment) and the cells\n"
            "walked; a picture for maps up to 80 wide ('o' a waypoint, 'W' one on the route).\n"
            "  -q, --quiet     the summary lines only, without the cells and the picture\n"
            "--moves 8 or 8cut is the corner rule of the line of sight (4 is refused: a unit\n"
            "walking straight lines steps diagonally); --costs the straight step; H is the\n"
            "straight-line distance, or 0 with --heuristic zero.\n"
            "%s\n%s",
            cli_exit_help, cli_search_help(CLI_CALL_WAYPOINTS));
}

static const cli_own_option waypoint_options[] = {
    { "quiet", 'q', false },
};

static bool take(void *state, int which, const char *value)
{
    (void)which;
    (void)value;
    *(bool *)state = true;
    return true;
}

/* The index of the waypoint at p, or count when none is. */
static size_t waypoint_at(const astar_waypoint_list *list, astar_point p)
{
    const astar_point *points = astar_waypoint_list_points(list);
    size_t count = astar_waypoint_list_count(list);
    for (size_t i = 0; i < count; i++)
        if (points[i].x == p.x && points[i].y == p.y)
            return i;
    return count;
}

/* "(2,2) -> west_door (13,5) -> (37,16)": the route, waypoints by name. */
static void print_route(const astar_waypoint_list *list, const astar_point *route, size_t length)
{
    for (size_t k = 0; k < length; k++) {
        size_t i = waypoint_at(list, route[k]);
        const char *name = i < astar_waypoint_list_count(list) ? astar_waypoint_list_name(list, i)
                                                                : "";
        printf("%s%s%s(%d,%d)", k ? " -> " : "", name, *name ? " " : "", route[k].x, route[k].y);
    }
    printf("\n");
}

static void draw(const astar_grid *grid, const astar_waypoint_list *list,
                 const astar_route *path)
{
    cli_picture pic;
    if (astar_grid_width(grid) > 80 || !cli_picture_init(&pic, grid))
        return;
    cli_picture_path(&pic, path->points, path->length);
    const astar_point *points = astar_waypoint_list_points(list);
    for (size_t i = 0; i < astar_waypoint_list_count(list); i++)
        cli_picture_mark(&pic, points[i], 'o');
    for (size_t k = 1; k + 1 < path->via_length; k++)
        cli_picture_mark(&pic, path->via[k], 'W');
    cli_picture_print(&pic);
}

/* Loads the map, the waypoint file and their graph; false after saying
 * why, with *code the exit code. */
static bool load(const char *const *positional, const astar_options *o, astar_grid **grid,
                 astar_waypoint_list **list, astar_waypoint_graph **wg, int *code)
{
    const cli_map_options plain = { 0 };
    astar_error err;
    *code = EXIT_INPUT;
    if (!cli_grid_load(positional[0], o, &plain, grid))
        return false;
    astar_status s = astar_waypoint_list_load(positional[1], list, &err);
    if (s == ASTAR_OK)
        s = astar_waypoint_graph_new(*grid, astar_waypoint_list_points(*list),
                                     astar_waypoint_list_count(*list), o, wg, &err);
    if (s == ASTAR_OK)
        return true;
    if (s == ASTAR_INVALID_ARGUMENT)
        cli_error("%s: %s", positional[1], err.message);   /* a waypoint the map refuses */
    else
        cli_error("%s", err.message);
    *code = s == ASTAR_UNSUPPORTED ? EXIT_USAGE : s == ASTAR_OUT_OF_MEMORY ? EXIT_FAILED : EXIT_INPUT;
    return false;
}

int cmd_waypoints(int argc, char **argv)
{
    astar_options o = astar_options_default();
    bool quiet = false;
    const char *positional[6];
    cli_command_line line = {
        .name = "waypoints", .call = CLI_CALL_WAYPOINTS, .options = &o,
        .not_here = "a waypoint route is A* on the graph of a square map's waypoints",
        .own = waypoint_options, .own_count = CLI_COUNT(waypoint_options), .take = take,
        .state = &quiet, .positional = positional, .positional_min = 6, .positional_max = 6,
        .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    if (parsed != EXIT_OK)
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    astar_point start, goal;
    if (!cli_parse_xy("waypoints", positional[2], positional[3], &start) ||
        !cli_parse_xy("waypoints", positional[4], positional[5], &goal))
        return EXIT_USAGE;
    astar_grid *grid = NULL;
    astar_waypoint_list *list = NULL;
    astar_waypoint_graph *wg = NULL;
    astar_point *buffer = NULL;
    int code;
    if (!load(positional, &o, &grid, &list, &wg, &code))
        goto done;
    printf("map: %d x %d; waypoints: %u, %u pairs in sight, %.1f KB\n", astar_grid_width(grid),
           astar_grid_height(grid), astar_waypoint_graph_count(wg), astar_waypoint_graph_pairs(wg),
           astar_waypoint_graph_bytes(wg) / 1024.0);
    printf("options: ");
    cli_describe_moves(stdout, &o, ASTAR_TOPOLOGY_SQUARE);
    printf(", ");
    /* The search's context holds the waypoints, the start, the goal and a
     * spare node. */
    cli_describe_graph_options(stdout, &o.search, (size_t)astar_waypoint_graph_count(wg) + 3,
                               o.heuristic == ASTAR_HEURISTIC_ZERO ? ASTAR_HEURISTIC_ZERO
                                                                   : ASTAR_HEURISTIC_EUCLIDEAN,
                               0);
    printf("\n");
    /* Asked once for the lengths, then again into buffers of that size. */
    astar_route path = { 0 };
    astar_status s = astar_waypoint_find_path(wg, start, goal, &o, &path);
    if (s == ASTAR_OK) {
        buffer = malloc((path.via_length + path.length) * sizeof *buffer);
        if (!buffer) {
            cli_error("out of memory");
            code = EXIT_FAILED;
            goto done;
        }
        path = (astar_route){ .via = buffer, .via_capacity = path.via_length,
                              .points = buffer + path.via_length, .capacity = path.length };
        s = astar_waypoint_find_path(wg, start, goal, &o, &path);
    }
    if (s != ASTAR_OK) {
        printf("%s (%u expanded)\n", astar_status_message(s), path.expanded);
        code = cli_exit_for(s);
        goto done;
    }
    printf("route: %zu points, cost %u (distance %.4f), %u expanded\n", path.via_length,
           path.cost, path.distance, path.expanded);
    print_route(list, path.via, path.via_length);
    printf("cells: %zu\n", path.length);
    if (!quiet) {
        cli_print_points(path.points, path.length);
        draw(grid, list, &path);
    }
    code = EXIT_OK;
done:
    free(buffer);
    astar_waypoint_graph_delete(wg);
    astar_waypoint_list_delete(list);
    astar_grid_delete(grid);
    return code;
}
