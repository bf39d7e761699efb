/* What the npm package (npm/astar.js) needs beside web/astar_web.c, for the
 * calls the page does not make: graphs' routes of node numbers, searches
 * begun in slices, waypoint graphs, and the calls among them that take a
 * point by value or a part of astar_options, which a caller holding
 * numbers cannot pass (WebAssembly's C convention passes a struct argument
 * through memory). Every other call the package makes is the library's own
 * export. */
#include <stdlib.h>

#include "astar.h"

#define WEB_API __attribute__((visibility("default")))

/* A route with room for capacity node numbers (astar_graph_find_path
 * refuses a points buffer). */
WEB_API astar_route *astar_web_node_path_new(size_t capacity)
{
    astar_route *p = calloc(1, sizeof *p);
    uint32_t *nodes = calloc(capacity ? capacity : 1, sizeof *nodes);
    if (!p || !nodes) {
        free(p);
        free(nodes);
        return NULL;
    }
    *p = (astar_route){ .nodes = nodes, .capacity = capacity };
    return p;
}

WEB_API void astar_web_node_path_delete(astar_route *p)
{
    if (p)
        free(p->nodes);
    free(p);
}

/* Where a node route's numbers are (astar_web_path_get reads the rest). */
WEB_API const uint32_t *astar_web_path_nodes(const astar_route *p)
{
    return p->nodes;
}

/* The options' jump rule (JPS and JPS+), which the page leaves at AUTO. */
WEB_API void astar_web_options_jumps(astar_options *o, int jumps)
{
    o->jumps = (astar_jumps)jumps;
}

/* astar_graph_find_path with the search part of options, which the package
 * sets as it sets a grid search's. */
WEB_API astar_status astar_web_graph_find_path(astar_context *ctx, const astar_graph *graph,
                                               uint32_t start, uint32_t goal,
                                               const astar_options *options, astar_route *path)
{
    return astar_graph_find_path(ctx, graph, start, goal, &options->search, path);
}

WEB_API astar_status astar_web_search_begin(astar_context *ctx, const astar_grid *grid, int sx,
                                            int sy, int gx, int gy, const astar_options *options)
{
    return astar_search_begin(ctx, grid, (astar_point){ sx, sy }, (astar_point){ gx, gy },
                              options);
}

WEB_API astar_status astar_web_search_begin_nearest(astar_context *ctx, const astar_grid *grid,
                                                    int sx, int sy, const astar_point *targets,
                                                    size_t count, const astar_options *options)
{
    return astar_search_begin_nearest(ctx, grid, (astar_point){ sx, sy }, targets, count,
                                      options);
}

WEB_API astar_status astar_web_waypoint_find_path(astar_waypoint_graph *graph, int sx, int sy,
                                                  int gx, int gy, const astar_options *options,
                                                  astar_route *path)
{
    return astar_waypoint_find_path(graph, (astar_point){ sx, sy }, (astar_point){ gx, gy },
                                    options, path);
}

/* A path database's path and first move with the points as numbers. */
WEB_API astar_status astar_web_cpd_path(const astar_cpd *cpd, int sx, int sy, int gx, int gy,
                                        astar_route *path)
{
    return astar_cpd_path(cpd, (astar_point){ sx, sy }, (astar_point){ gx, gy }, path);
}

WEB_API astar_status astar_web_cpd_first_move(const astar_cpd *cpd, int sx, int sy, int gx,
                                              int gy, astar_point *next)
{
    return astar_cpd_first_move(cpd, (astar_point){ sx, sy }, (astar_point){ gx, gy }, next);
}

/* The last any-angle search's intervals as numbers, INTERVAL_NUMBERS a
 * piece: root x, root y, row, left, right, g, open (1 or 0). Writes the
 * first capacity and returns how many there are: 0 also when the last
 * search was of another kind, or there is no memory to copy them. */
enum { INTERVAL_NUMBERS = 7 };

WEB_API size_t astar_web_any_angle_intervals(const astar_context *ctx, double *out,
                                             size_t capacity)
{
    size_t count = 0;
    if (astar_any_angle_intervals(ctx, NULL, 0, &count) != ASTAR_OK)
        return 0;
    size_t kept = count < capacity ? count : capacity;
    astar_any_angle_interval *v = malloc((kept ? kept : 1) * sizeof *v);
    if (!v)
        return 0;
    astar_any_angle_intervals(ctx, v, kept, &count);
    for (size_t i = 0; i < kept; i++) {
        double *o = out + INTERVAL_NUMBERS * i;
        o[0] = v[i].root.x;
        o[1] = v[i].root.y;
        o[2] = v[i].row;
        o[3] = v[i].left;
        o[4] = v[i].right;
        o[5] = v[i].g;
        o[6] = v[i].open;
    }
    free(v);
    return count;
}

/* A crowd on graph (astar_graph_crowd_new) of up to max_units units, ties
 * in the order of seed; NULL, with the status in *status, when it could
 * not be made. */
WEB_API astar_crowd *astar_web_graph_crowd_new(const astar_graph *graph, size_t max_units,
                                               double seed, astar_status *status)
{
    astar_crowd_options o = astar_crowd_options_default();
    o.seed = (uint64_t)seed;
    astar_crowd *crowd = NULL;
    *status = astar_graph_crowd_new(graph, max_units, &o, &crowd);
    return crowd;
}

/* A MAPF solver (astar/mapf.h) on grid for n agents, their starts and
 * goals as n points each, or - graph not NULL - on graph, starts and goals
 * then n node numbers each; the options as numbers (moves and costs read
 * for a grid only). NULL, with the status in *status, when it could not
 * be made. */
WEB_API astar_mapf *astar_web_mapf_new(const astar_grid *grid, const astar_graph *graph,
                                       const void *starts, const void *goals, size_t n,
                                       int moves, int costs, double seed, double max_nodes,
                                       int refine, int scatter, astar_status *status)
{
    astar_mapf_options o = astar_mapf_options_default();
    o.moves = moves == 8 ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
    o.costs = costs ? ASTAR_COSTS_OCTILE : ASTAR_COSTS_ARTICLE;
    o.seed = (uint64_t)seed;
    o.max_nodes = (size_t)max_nodes;
    o.refine = refine != 0;
    o.scatter = scatter != 0;
    astar_mapf *mapf = NULL;
    *status = graph ? astar_graph_mapf_new(graph, starts, goals, n, &o, &mapf)
                    : astar_mapf_new(grid, starts, goals, n, &o, &mapf);
    return mapf;
}

/* astar_mapf_solve, its info as numbers: out[0..10] the makespan, sum of
 * costs, configurations kept, successors generated, failed and met again,
 * 1 if optimal, the bytes held, and the scattering's rounds, collisions
 * left and seconds (a size_t's layout is the module's business, a
 * double's is JavaScript's). */
WEB_API astar_status astar_web_mapf_solve(astar_mapf *mapf, double seconds, double *out)
{
    astar_mapf_info info = { 0 };
    astar_status s = astar_mapf_solve(mapf, seconds, &info);
    const double values[11] = { (double)info.makespan,       (double)info.sum_of_costs,
                                (double)info.nodes,          (double)info.generated,
                                (double)info.failed,         (double)info.revisited,
                                info.optimal ? 1 : 0,        (double)info.bytes,
                                (double)info.scatter_rounds, (double)info.scatter_collisions,
                                info.scatter_seconds };
    for (int i = 0; i < 11; i++)
        out[i] = values[i];
    return s;
}
