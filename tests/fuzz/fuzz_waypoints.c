/* libFuzzer target: the waypoint file parser, and waypoint graphs built
 * from what it gives on a fixed 48 x 48 map with walls. Any input must
 * give a list or a parse error with a message, never a crash or a leak; a
 * list the map refuses (a waypoint off it or on a wall) must say why; a
 * graph built must answer a query from its first waypoint's row to the
 * map's far corner with a route of cells in sight of each other and a
 * legal walk of cells. */
#include <stdlib.h>
#include <string.h>

#include "astar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { SIDE = 48, MAX_BUILT = 200, MAX_CELLS = 1 << 14 };

/* Walls in a fixed pattern: rows of them with gaps, and scattered blocks. */
static astar_grid *map(void)
{
    astar_grid *g;
    if (astar_grid_new(SIDE, SIDE, &g) != ASTAR_OK)
        abort();
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            if ((y % 12 == 6 && x % 16 != 3) || (x * 7 + y * 13) % 29 == 0)
                astar_grid_set_walkable(g, x, y, false);
    astar_grid_set_walkable(g, SIDE - 1, SIDE - 1, true);
    return g;
}

static void check_query(const astar_grid *g, astar_waypoint_graph *wg, astar_point start)
{
    static astar_point route[MAX_BUILT + 2], cells[MAX_CELLS];
    astar_route p = { .via = route, .via_capacity = MAX_BUILT + 2, .points = cells,
                      .capacity = MAX_CELLS };
    astar_point goal = { SIDE - 1, SIDE - 1 };
    astar_status s = astar_waypoint_find_path(wg, start, goal, NULL, &p);
    if (s == ASTAR_NO_PATH || s == ASTAR_START_BLOCKED)
        return;
    if (s != ASTAR_OK)
        abort();
    for (size_t k = 1; k < p.via_length; k++)
        if (!astar_line_of_sight(g, NULL, route[k - 1], route[k]))
            abort();
    if (astar_path_check(g, NULL, start, goal, cells, p.length, NULL, NULL) != ASTAR_OK)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    astar_waypoint_list *list = NULL;
    astar_error err;
    astar_status s =
        astar_waypoint_list_parse((const char *)data, size, "fuzz.waypoints", &list, &err);
    if (s != ASTAR_OK) {
        if (list || err.status != s || err.message[0] == '\0')
            abort();
        return 0;
    }
    size_t count = astar_waypoint_list_count(list);
    for (size_t i = 0; i < count; i++)
        if (!astar_waypoint_list_name(list, i))
            abort();
    if (count <= MAX_BUILT) {
        astar_grid *g = map();
        astar_waypoint_graph *wg = NULL;
        s = astar_waypoint_graph_new(g, astar_waypoint_list_points(list), count, NULL, &wg, &err);
        if (s == ASTAR_OK)
            check_query(g, wg, (astar_point){ 0, count ? astar_waypoint_list_points(list)[0].y : 0 });
        else if (s != ASTAR_INVALID_ARGUMENT || wg || err.message[0] == '\0')
            abort();
        astar_waypoint_graph_delete(wg);
        astar_grid_delete(g);
    }
    astar_waypoint_list_delete(list);
    return 0;
}
