/* Dijkstra's algorithm on any graph, run backwards from a set of targets
 * over the graph's backward rows (astar/graph_dijkstra.h): the nearest of
 * several targets, and distance maps with their flow fields. The grid's
 * backward search (dijkstra.c) on a graph's edges: the loop, the heap and
 * its (G, target index) order are the same (TIES_SOURCE); a node's
 * parent, the next node towards its target, is kept in the context's node
 * parents as for A* on a graph (PARENT_NODE). */
#include "graph/graph.h"
#include "core/options.h"
#include "search/distance_map.h"
#include "search/state.h"

/* Dijkstra on a graph backwards from a set of targets, over the edges
 * into each node: what it reads beyond the loop's search. */
typedef struct graph_backward_search {
    search s;                     /* first: the loop hands the expansion &s */
    graph_rows rows;
    const uint32_t *back_first;   /* the graph's backward rows */
    const uint32_t *back_from, *back_edge;
    const uint32_t *targets;
    size_t count;
    const uint32_t *island;       /* [opt] the graph's islands, to leave out */
    uint32_t start_island;        /* targets not on this one (0: none left out) */
} graph_backward_search;

static const search_policy from_targets = { PARENT_NODE, TIES_SOURCE, NULL };

/* Puts every enabled target on the open list with G = 0, its own parent,
 * skipping repeats and, with islands, targets on other islands. */
static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    const graph_backward_search *b = (const graph_backward_search *)s;
    search_begin(s, kind, 0);
    for (size_t i = 0; i < b->count; i++) {
        uint32_t target = b->targets[i];
        if (!b->rows.enabled[target] || (b->island && b->island[target] != b->start_island))
            continue;
        search_reach(s, kind, true, from_targets, target, (int)target, 0, 0, target,
                     (uint32_t)i, search_list(s, kind, target), 0);
    }
    return ASTAR_OK;
}

/* Step c) turned around: a node v with an edge v -> u into the closed node
 * u may reach u's target through u, paying for that edge - the cost of the
 * walk from v, in the direction a unit goes. */
static ALWAYS_INLINE void look_at_edges_into(search *s, astar_open_list kind, const bool traced,
                                             const square *u)
{
    const graph_backward_search *b = (const graph_backward_search *)s;
    for (uint32_t i = b->back_first[u->cell], end = b->back_first[u->cell + 1]; i < end; i++) {
        uint32_t v = b->back_from[i];
        if (!b->rows.enabled[v])
            continue; /* a wall */
        astar_list list = search_list(s, kind, v);
        if (list != ASTAR_LIST_CLOSED)
            search_reach(s, kind, traced, from_targets, v, (int)v, 0, 0, u->cell, u->tie,
                         list, (uint64_t)u->g + b->rows.out[b->back_edge[i]].cost);
    }
}

SEARCH_STEPS(step_graph_backward, graph_backward_search, false, from_targets, seed,
             look_at_edges_into)

SEARCH_KIND(kind_graph_nearest, step_graph_backward, graph_backward_search, true, NULL)

/* The checks both calls share: the objects, the options and the targets. */
static astar_status check_targets(const astar_context *ctx, const astar_graph *graph,
                                  const uint32_t *targets, size_t count,
                                  const astar_search_options *options)
{
    if ((!targets && count > 0) || count > ASTAR_MAX_CELLS)
        return ASTAR_INVALID_ARGUMENT;
    return astar__graph_check(ctx, graph, options);
}

static astar_status targets_inside(const astar_graph *graph, const uint32_t *targets,
                                   size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (!graph_has(graph, targets[i]))
            return ASTAR_GOAL_OUT_OF_BOUNDS;
    return ASTAR_OK;
}

/* Begins on ctx's state the backward search from targets that stops when
 * stop is closed (NO_CELL: closes every node it reaches), within limit;
 * the request is checked. Returns the state, its status set. */
static search_state *begin_backward(astar_context *ctx, const astar_graph *graph, uint32_t stop,
                                    const uint32_t *targets, size_t count,
                                    const astar_search_options *options, uint32_t limit)
{
    search_state *st = astar__graph_state_new(ctx, graph, 0, options);
    graph_backward_search *b = SEARCH_RECORD(st, graph_backward_search);
    b->s = astar__graph_search_of(ctx, graph, options, limit);
    b->rows = graph_rows_of(graph);
    b->s.target = stop;
    ctx->model = b->s.model;
    b->back_first = graph->back_first;
    b->back_from = graph->back_from;
    b->back_edge = graph->back_edge;
    b->targets = targets;
    b->count = count;
    /* Targets on another island than the start cannot be reached: leaving
     * them out saves searching their islands, and with none left, the
     * search. */
    if (graph->island && stop != NO_CELL) {
        b->island = graph->island;
        b->start_island = graph->island[stop];
    }
    st->kind = &kind_graph_nearest;
    st->end = stop;
    astar__search_state_started(st, &graph->edits,
                                search_start(&b->s, ASTAR_OPEN_LIST_HEAP, from_targets, seed));
    return st;
}

/* Runs the search begun on st to its end. */
static astar_status run(search_state *st)
{
    while (st->status == ASTAR_IN_PROGRESS)
        astar__search_state_step(st, UINT32_MAX);
    return st->status;
}

static astar_status find_nearest(astar_context *ctx, const astar_graph *graph,
                                      uint32_t start, const uint32_t *targets, size_t count,
                                      const astar_search_options *options, astar_route *path,
                                      size_t *which)
{
    astar_search_options defaults = astar_search_options_default();
    if (!options)
        options = &defaults;
    if (!astar__route_reset(path, ROUTE_NODES))
        return ASTAR_INVALID_ARGUMENT;
    astar_status status = check_targets(ctx, graph, targets, count, options);
    if (status != ASTAR_OK)
        return status;
    status = astar__backward_refusal(options, false);
    if (status != ASTAR_OK)
        return status;
    if (!graph_has(graph, start))
        return ASTAR_START_OUT_OF_BOUNDS;
    status = targets_inside(graph, targets, count);
    if (status != ASTAR_OK)
        return status;
    if (!graph->enabled[start])
        return ASTAR_START_BLOCKED;
    search_state *st = begin_backward(ctx, graph, start, targets, count, options, ASTAR_MAX_COST);
    run(st);
    status = astar__graph_finish(st, path);
    if (which && st->status == ASTAR_OK)
        *which = astar__search_source(st);
    st->map_edits = NULL;
    return status;
}

astar_status astar_graph_find_nearest(astar_context *ctx, const astar_graph *graph,
                                      uint32_t start, const uint32_t *targets, size_t count,
                                      const astar_search_options *options, astar_route *route,
                                      size_t *which)
{
    return astar__route_answer(route, find_nearest(ctx, graph, start, targets, count, options,
                                                   route, which));
}

/* ------------------------------------------------------------------------ */
/* Distance maps                                                            */
/* ------------------------------------------------------------------------ */

struct astar_graph_distance_map {
    astar_allocator memory;   /* first, as distance_map_allocate keeps it */
    size_t max_nodes;
    uint32_t nodes;      /* the graph of the last build; 0 while none is good */
    uint32_t *cost;      /* per node */
    uint32_t *next;      /* per node reached: its parent, itself at a source */
    uint32_t *source;    /* per node reached: the index of its source */
};

enum { MAP_ARRAYS = 3 };

astar_status astar_graph_distance_map_new(size_t max_nodes, astar_graph_distance_map **out)
{
    return astar_graph_distance_map_new_with(max_nodes, NULL, out);
}

astar_status astar_graph_distance_map_new_with(size_t max_nodes, const astar_allocator *allocator,
                                               astar_graph_distance_map **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    astar_status status;
    astar_graph_distance_map *map =
        distance_map_allocate(max_nodes, allocator, sizeof *map, MAP_ARRAYS, &status);
    *out = map;
    if (!map)
        return status;
    map->max_nodes = max_nodes;
    map->nodes = 0;
    map->cost = (uint32_t *)(map + 1);
    map->next = map->cost + max_nodes;
    map->source = map->next + max_nodes;
    return ASTAR_OK;
}

void astar_graph_distance_map_delete(astar_graph_distance_map *map)
{
    if (map)
        astar__release(&map->memory, map);
}

size_t astar_graph_distance_map_bytes(const astar_graph_distance_map *map)
{
    return map ? MAP_ARRAYS * map->max_nodes * sizeof *map->cost : 0;
}

/* Every node unreachable, then every closed node's G, parent and target. */
static void write_map(astar_graph_distance_map *map, const astar_context *ctx, uint32_t nodes)
{
    for (uint32_t v = 0; v < nodes; v++)
        map->cost[v] = ASTAR_UNREACHABLE;
    for (size_t pos = ctx->max_cells - ctx->closed_count; pos < ctx->max_cells; pos++) {
        const list_entry *e = &ctx->list[pos];
        uint32_t v = entry_cell(e);
        map->cost[v] = e->f;
        map->next[v] = ctx->node_parent[v];
        map->source[v] = e->tie;
    }
    map->nodes = nodes;
}

astar_status astar_graph_distance_map_build(astar_graph_distance_map *map, astar_context *ctx,
                                            const astar_graph *graph, const uint32_t *sources,
                                            size_t count, const astar_search_options *options)
{
    astar_search_options defaults = astar_search_options_default();
    if (!options)
        options = &defaults;
    if (!map)
        return ASTAR_INVALID_ARGUMENT;
    map->nodes = 0;
    astar_status status =
        distance_map_refusal(check_targets(ctx, graph, sources, count, options),
                             graph ? graph->nodes : 0, map->max_nodes, options);
    if (status == ASTAR_OK)
        status = targets_inside(graph, sources, count);
    if (status != ASTAR_OK)
        return status;
    /* ASTAR_UNREACHABLE is no cost, so the limit is one below it. */
    search_state *st = begin_backward(ctx, graph, NO_CELL, sources, count, options,
                                      ASTAR_MAX_COST - 1);
    status = run(st);
    st->map_edits = NULL;
    write_map(map, ctx, graph->nodes);
    return status == ASTAR_COST_OVERFLOW ? status : ASTAR_OK;
}

/* Whether node is a node of the last build of map. */
static bool map_has(const astar_graph_distance_map *map, uint32_t node)
{
    return map && node < map->nodes;
}

uint32_t astar_graph_distance_map_cost(const astar_graph_distance_map *map, uint32_t node)
{
    return map_has(map, node) ? map->cost[node] : ASTAR_UNREACHABLE;
}

astar_status astar_graph_distance_map_next(const astar_graph_distance_map *map, uint32_t node,
                                           uint32_t *next)
{
    if (!map_has(map, node) || !next)
        return ASTAR_INVALID_ARGUMENT;
    *next = node;
    if (map->cost[node] == ASTAR_UNREACHABLE)
        return ASTAR_NO_PATH;
    *next = map->next[node];
    return ASTAR_OK;
}

size_t astar_graph_distance_map_source(const astar_graph_distance_map *map, uint32_t node)
{
    if (!map_has(map, node) || map->cost[node] == ASTAR_UNREACHABLE)
        return ASTAR_NO_SOURCE;
    return map->source[node];
}
