/* A waypoint system (article note 5, astar/waypoints.h): a graph of the
 * waypoints that see each other, and queries from any cell to any cell.
 *
 * A query needs start and goal in the graph, joined to the waypoints they
 * see - edges that differ from one query to the next. They are spliced in
 * (graph/splice.h): START's row holds an edge to every waypoint, as start
 * may see them all, and every waypoint has one to GOAL. Queries then
 * allocate nothing, and cost O(n) line-of-sight tests beside the search. */
#include <math.h>

#include "core/cost.h"
#include "core/error.h"
#include "core/hex.h"
#include "core/options.h"
#include "core/route.h"
#include "graph/graph.h"
#include "graph/splice.h"
#include "grid/grid.h"
#include "path/segment.h"

struct astar_waypoint_graph {
    astar_allocator memory;
    const astar_grid *grid;
    uint64_t grid_edits;          /* the grid's, when built */
    astar_moves moves;
    astar_costs costs;
    uint32_t straight;            /* the straight step of costs */
    uint32_t count, pairs;
    astar_point *points;          /* the waypoints, node i at points[i] */
    astar_graph *graph;           /* count + SPLICE_NODES nodes */
    astar_context *ctx;
    uint32_t *route;              /* the graph search's nodes */
};

static bool same_cell(astar_point a, astar_point b)
{
    return a.x == b.x && a.y == b.y;
}

/* ceil(straight * length): rounded up, so that scale `straight` (less a
 * hair) times the Euclidean distance never exceeds what a route costs. */
static uint32_t segment_cost(uint32_t straight, astar_point a, astar_point b)
{
    return (uint32_t)ceil(straight * hypot((double)b.x - a.x, (double)b.y - a.y));
}

/* Whether a unit at a sees b under the corner rule of the graph's moves. */
static bool sees(const astar_waypoint_graph *wg, astar_point a, astar_point b)
{
    astar_options o = astar_options_default();
    o.moves = wg->moves;
    return astar_line_of_sight(wg->grid, &o, a, b);
}

/* Every waypoint on a walkable cell of its own. */
static astar_status check_waypoints(const astar_grid *grid, const astar_point *p, uint32_t count,
                                    astar_error *err)
{
    for (uint32_t i = 0; i < count; i++) {
        if (!grid_contains(grid, p[i].x, p[i].y))
            return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                    "waypoint %u (%d,%d) is outside the %d x %d grid", i, p[i].x,
                                    p[i].y, grid->width, grid->height);
        if (!astar_grid_walkable(grid, p[i].x, p[i].y))
            return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                    "waypoint %u (%d,%d) is on a blocked cell", i, p[i].x, p[i].y);
    }
    return ASTAR_OK;
}

/* The builder's nodes and edges: the waypoints and the pairs that see
 * each other, then the spliced nodes' placeholders. */
static astar_status add_edges(astar_waypoint_graph *wg, astar_graph_builder *b, astar_error *err)
{
    uint32_t n = wg->count;
    astar_status status = astar_graph_builder_scale(b, wg->straight * (1 - 1e-12));
    for (uint32_t i = 0; i < n && status == ASTAR_OK; i++)
        status = astar_graph_builder_position(b, i, wg->points[i].x, wg->points[i].y);
    for (uint32_t i = 0; i < n && status == ASTAR_OK; i++)
        for (uint32_t j = i + 1; j < n && status == ASTAR_OK; j++) {
            astar_point a = wg->points[i], c = wg->points[j];
            if (same_cell(a, c))
                return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                        "waypoints %u and %u are both at (%d,%d)", i, j, a.x, a.y);
            if (!sees(wg, a, c))
                continue;
            uint32_t cost = segment_cost(wg->straight, a, c);
            status = astar_graph_builder_edge(b, i, j, cost);
            if (status == ASTAR_OK)
                status = astar_graph_builder_edge(b, j, i, cost);
            wg->pairs++;
        }
    if (status == ASTAR_OK)
        status = astar__splice_add(b, n, n);
    if (status == ASTAR_INVALID_ARGUMENT)
        return astar__error_set(err, status, NULL, 0,
                                "%u pairs of waypoints see each other: more edges than a graph holds",
                                wg->pairs);
    if (status != ASTAR_OK)
        return astar__error_set(err, status, NULL, 0, "out of memory");
    return astar__splice_build(b, n, &wg->graph, err);
}

astar_status astar_waypoint_graph_new(const astar_grid *grid, const astar_point *waypoints,
                                      size_t count, const astar_options *options,
                                      astar_waypoint_graph **out, astar_error *err)
{
    return astar_waypoint_graph_new_with(grid, waypoints, count, options, NULL, out, err);
}

astar_status astar_waypoint_graph_new_with(const astar_grid *grid, const astar_point *waypoints,
                                           size_t count, const astar_options *options,
                                           const astar_allocator *allocator,
                                           astar_waypoint_graph **out, astar_error *err)
{
    astar__error_clear(err);
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (out)
        *out = NULL;
    astar_allocator memory;
    if (!grid || !out || (!waypoints && count > 0) || count > ASTAR_MAX_WAYPOINTS ||
        !astar__options_valid(options) || astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "no grid, no place for the graph, no waypoints, too many of "
                                "them, bad options or an allocator without both functions");
    if (astar__options_sized(options))
        return astar__error_set(err, ASTAR_UNSUPPORTED, NULL, 0,
                                "a unit of a size or a capability: waypoints serve one cell");
    if (options->moves == ASTAR_MOVES_4)
        return astar__error_set(err, ASTAR_UNSUPPORTED, NULL, 0,
                                "4 moves: a unit walking straight between waypoints steps "
                                "diagonally");
    if (hex_topology(grid->topology))
        return astar__error_set(err, ASTAR_UNSUPPORTED, NULL, 0,
                                "a hex grid: line of sight is drawn on squares only");
    uint32_t n = (uint32_t)count;
    astar_status status = check_waypoints(grid, waypoints, n, err);
    if (status != ASTAR_OK)
        return status;
    astar_waypoint_graph *wg = astar__allocate_zeroed(&memory, 1, sizeof *wg);
    if (!wg)
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    *wg = (astar_waypoint_graph){ .memory = memory, .grid = grid, .grid_edits = grid->edits,
                                  .moves = options->moves, .costs = options->costs,
                                  .straight = cost_model_of(options).straight, .count = n };
    wg->points = astar__allocate(&memory, n ? n : 1, sizeof *wg->points);
    uint32_t nodes = n + SPLICE_NODES;
    wg->route = astar__allocate(&memory, nodes, sizeof *wg->route);
    astar_graph_builder *b = NULL;
    if (!wg->points || !wg->route ||
        astar_graph_builder_new_with(nodes, ASTAR_GRAPH_DIRECTED, &memory, &b) != ASTAR_OK ||
        astar_graph_context_new_with(nodes, &memory, &wg->ctx) != ASTAR_OK) {
        status = astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    } else {
        for (uint32_t i = 0; i < n; i++)
            wg->points[i] = waypoints[i];
        status = add_edges(wg, b, err);
    }
    astar_graph_builder_delete(b);
    if (status != ASTAR_OK) {
        astar_waypoint_graph_delete(wg);
        return status;
    }
    *out = wg;
    return ASTAR_OK;
}

void astar_waypoint_graph_delete(astar_waypoint_graph *wg)
{
    if (!wg)
        return;
    astar_graph_delete(wg->graph);
    astar_context_delete(wg->ctx);
    astar__release(&wg->memory, wg->points);
    astar__release(&wg->memory, wg->route);
    astar__release(&wg->memory, wg);
}

uint32_t astar_waypoint_graph_count(const astar_waypoint_graph *wg) { return wg ? wg->count : 0; }
uint32_t astar_waypoint_graph_pairs(const astar_waypoint_graph *wg) { return wg ? wg->pairs : 0; }

size_t astar_waypoint_graph_bytes(const astar_waypoint_graph *wg)
{
    if (!wg)
        return 0;
    return sizeof *wg + astar_graph_bytes(wg->graph) + astar_context_bytes(wg->ctx) +
           (size_t)wg->count * (sizeof *wg->points + sizeof *wg->route);
}

/* Re-aims the spliced nodes' edges for a query from start to goal, whose
 * nodes are from and to (a waypoint's own node when on its cell). */
static void join(astar_waypoint_graph *wg, astar_point start, astar_point goal, uint32_t from,
                 uint32_t to)
{
    uint32_t n = wg->count;
    bool start_free = from == splice_start(n), goal_free = to == splice_goal(n);
    splice s = astar__splice_begin(wg->graph, n, start, goal);
    for (uint32_t w = 0; w < n; w++) {
        astar_point p = wg->points[w];
        if (start_free && sees(wg, start, p))
            splice_from_start(&s, w, segment_cost(wg->straight, start, p));
        if (goal_free && sees(wg, p, goal))
            splice_to_goal(&s, w, segment_cost(wg->straight, p, goal));
        else
            splice_to_spare(&s, w);
    }
    if (start_free && goal_free && sees(wg, start, goal))
        splice_from_start(&s, splice_goal(n), segment_cost(wg->straight, start, goal));
    astar__splice_close(&s);
}

/* The node a query's cell is: a waypoint's when on its cell, else fallback. */
static uint32_t node_at(const astar_waypoint_graph *wg, astar_point p, uint32_t fallback)
{
    for (uint32_t w = 0; w < wg->count; w++)
        if (same_cell(wg->points[w], p))
            return w;
    return fallback;
}

/* Checks a query; into *search what its graph search takes. */
static astar_status check_query(const astar_waypoint_graph *wg, astar_point start,
                                astar_point goal, const astar_options *options,
                                const astar_route *path, astar_search_options *search)
{
    if (!wg || !path || !astar__options_valid(options) ||
        options->moves != wg->moves || options->costs != wg->costs)
        return ASTAR_INVALID_ARGUMENT;
    astar_status status = astar__graph_search_options(options, search);
    if (status != ASTAR_OK)
        return status;
    if (wg->grid->edits != wg->grid_edits)
        return ASTAR_MAP_CHANGED;
    return grid_ends_status(wg->grid, start, goal);
}

/* The cell of node v in a query from start to goal. */
static astar_point cell_of(const astar_waypoint_graph *wg, astar_point start, astar_point goal,
                           uint32_t v)
{
    return v < wg->count ? wg->points[v] : v == splice_start(wg->count) ? start : goal;
}

/* The waypoints visited into the route's via list and the cells along
 * them into its points, each as far as it fits, with their counts and
 * the route's distance, from the graph search's nodes. A segment's first
 * cell is the last of the one before. */
static void write_route(const astar_waypoint_graph *wg, astar_point start, astar_point goal,
                        size_t length, astar_route *path)
{
    size_t cells = 1;
    astar_point last = cell_of(wg, start, goal, wg->route[0]);
    astar__route_via(path, 0, last);
    astar__route_point(path, 0, last);
    for (size_t k = 1; k < length; k++) {
        astar_point p = cell_of(wg, start, goal, wg->route[k]);
        astar__route_via(path, k, p);
        path->distance += hypot((double)p.x - last.x, (double)p.y - last.y);
        bool room = cells - 1 < path->capacity;
        cells += astar__segment_cells(wg->grid, last, p, room ? path->points + cells - 1 : NULL,
                                      room ? path->capacity - (cells - 1) : 0) - 1;
        last = p;
    }
    path->via_length = length;
    path->length = cells;
}

static astar_status find_path(astar_waypoint_graph *wg, astar_point start, astar_point goal,
                              const astar_options *options, astar_route *path)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!astar__route_reset(path, ROUTE_POINTS))
        return ASTAR_INVALID_ARGUMENT;
    astar_search_options search;
    astar_status status = check_query(wg, start, goal, options, path, &search);
    if (status != ASTAR_OK)
        return status;
    uint32_t n = wg->count;
    uint32_t from = node_at(wg, start, splice_start(n));
    uint32_t to = same_cell(start, goal) ? from : node_at(wg, goal, splice_goal(n));
    join(wg, start, goal, from, to);
    astar_route found = { .nodes = wg->route, .capacity = (size_t)n + SPLICE_NODES };
    status = astar_graph_find_path(wg->ctx, wg->graph, from, to, &search, &found);
    path->expanded = found.expanded;
    if (status != ASTAR_OK && status != ASTAR_PARTIAL_NO_PATH && status != ASTAR_PARTIAL_LIMIT)
        return status;
    path->cost = found.cost;
    write_route(wg, start, goal, found.length, path);
    return status;
}

astar_status astar_waypoint_find_path(astar_waypoint_graph *wg, astar_point start,
                                      astar_point goal, const astar_options *options,
                                      astar_route *route)
{
    return astar__route_answer(route, find_path(wg, start, goal, options, route));
}
