/* What the bench programs share (bench_util.h): loading, and cells drawn at random. */
#define _POSIX_C_SOURCE 200809L /* timing.h's clock */
#include <stdio.h>
#include <string.h>

#include "bench_util.h"
#include "timing.h"

/* Whether a load answered s; if not, says why under the program's name. */
static bool loaded(const char *program, astar_status s, const astar_error *err)
{
    if (s != ASTAR_OK)
        fprintf(stderr, "%s: %s\n", program, err->message);
    return s == ASTAR_OK;
}

bool bench_load_map(const char *program, const char *path, astar_grid **grid)
{
    astar_error err;
    return loaded(program, astar_grid_load_movingai(path, grid, &err), &err);
}

bool bench_load_scenario(const char *program, const char *path, astar_scenario **scen)
{
    astar_error err;
    return loaded(program, astar_scenario_load(path, scen, &err), &err);
}

bool bench_posable(const astar_grid *grid, const astar_problem *p)
{
    return astar_grid_walkable(grid, p->start.x, p->start.y) &&
           astar_grid_walkable(grid, p->goal.x, p->goal.y);
}

const char *bench_base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

bool bench_load_scenario_map(const char *program, const char *path, astar_scenario **scen,
                             astar_grid **grid)
{
    char map[4096];
    snprintf(map, sizeof map, "%s", path);
    char *scen_dir = strstr(map, "/scen/"), *suffix = strstr(map, ".map.scen");
    if (!scen_dir || !suffix) {
        fprintf(stderr, "%s: %s is not under scen/SET/ as X.map.scen\n", program, path);
        return false;
    }
    memcpy(scen_dir, "/maps/", 6);
    suffix[4] = 0;
    if (!bench_load_scenario(program, path, scen))
        return false;
    if (bench_load_map(program, map, grid))
        return true;
    astar_scenario_delete(*scen);
    return false;
}

astar_options bench_octile_buckets(void)
{
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
    return o;
}

astar_point bench_random_walkable(const astar_grid *g, uint64_t *state)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (;;) {
        astar_point p = { (int32_t)(next_random(state) % (uint32_t)w),
                          (int32_t)(next_random(state) % (uint32_t)h) };
        if (astar_grid_walkable(g, p.x, p.y))
            return p;
    }
}
