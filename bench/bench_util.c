/* Loading for the bench programs (bench_util.h). */
#include <stdio.h>
#include <string.h>

#include "bench_util.h"

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

const char *bench_base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}
