#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "util/bench_maps.h"

void bench_map_load(const char *name, astar_grid **grid, astar_scenario **scenario)
{
    char map[512], scen[512];
    snprintf(map, sizeof map, "%s/maps/%s.map", ASTAR_BENCH_DIR, name);
    snprintf(scen, sizeof scen, "%s/scen/%s.map.scen", ASTAR_BENCH_DIR, name);
    astar_error err;
    if (astar_grid_load_movingai(map, grid, &err) != ASTAR_OK ||
        astar_grid_enable_jump_table(*grid) != ASTAR_OK ||
        astar_scenario_load(scen, scenario, &err) != ASTAR_OK)
        fail_msg("%s: %s", name, err.message);
}
