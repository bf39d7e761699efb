/* A* over any graph (article note 5: "instead of using adjacent squares,
 * you would simply look up the adjacent countries in the table"), on the
 * one search loop of loop.h: here is how a node's neighbours are looked at
 * - the targets of its edges - and how a graph search begins, ends and is
 * read back. */
#include "graph/graph.h"
#include "graph/landmarks.h"
#include "core/options.h"
#include "search/state.h"

/* A node's parent is any node; H comes from the nodes' positions or the
 * landmarks (search.node_h). */
/* A* over a graph's edges: what it reads beyond the loop's search. */
typedef struct graph_search {
    search s;                     /* first: the loop hands the expansion &s */
    graph_rows rows;
} graph_search;

static const search_policy on_edges = { PARENT_NODE, TIES_ADDED, search_h_node };

/* Step c) of the article for every node an edge of current leads to. */
static ALWAYS_INLINE void look_at_edges(search *s, astar_open_list kind, const bool traced,
                                        const square *current)
{
    const graph_rows *rows = &((const graph_search *)s)->rows;
    uint32_t here = current->cell;
    for (uint32_t i = rows->first[here], end = rows->first[here + 1]; i < end; i++) {
        graph_edge e = rows->out[i];
        uint32_t next = e.to;
        if (!rows->enabled[next])
            continue; /* a wall */
        astar_list list = search_list(s, kind, next);
        if (list == ASTAR_LIST_CLOSED)
            continue;
        if (search_reach(s, kind, traced, on_edges, next, (int)next, 0, 0, here, 0, list,
                         (uint64_t)current->g + e.cost))
            return;
        /* With ties going to the last added, a node just opened is often
         * the next expanded: ask for its edges now. */
        if (list == ASTAR_LIST_NONE)
            __builtin_prefetch(&rows->out[rows->first[next]]);
    }
}

static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    return search_seed_start(s, kind, on_edges);
}

SEARCH_STEPS(step_graph, graph_search, true, on_edges, seed, look_at_edges)

SEARCH_KIND(kind_graph, step_graph, graph_search, false, NULL)

/* Whether a graph's H under these options is consistent: the scale rule
 * makes it so, and a weight up to 1 keeps it so. */
static bool graph_consistent(const astar_search_options *options)
{
    return options->weight <= 1.0;
}

astar_status astar__graph_check(const astar_context *ctx, const astar_graph *graph,
                                const astar_search_options *options)
{
    if (!ctx || !graph || !ctx->node_parent || !astar__search_options_valid(options))
        return ASTAR_INVALID_ARGUMENT;
    return graph->nodes > ctx->max_cells ? ASTAR_MAP_TOO_LARGE : ASTAR_OK;
}

astar_open_list astar_graph_open_list(const astar_context *ctx, const astar_search_options *options)
{
    if (!ctx || !options || !astar__search_options_valid(options))
        return ASTAR_OPEN_LIST_HEAP;
    return astar__open_list_used(ctx, options->open_list, graph_consistent(options));
}

static astar_status check_request(const astar_context *ctx, const astar_graph *graph,
                                  uint32_t start, uint32_t goal, const astar_search_options *options)
{
    astar_status status = astar__graph_check(ctx, graph, options);
    if (status != ASTAR_OK)
        return status;
    if (!graph_has(graph, start))
        return ASTAR_START_OUT_OF_BOUNDS;
    if (!graph_has(graph, goal))
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    if (!graph->enabled[start])
        return ASTAR_START_BLOCKED;
    if (!graph->enabled[goal])
        return ASTAR_GOAL_BLOCKED;
    return ASTAR_OK;
}

search astar__graph_search_of(astar_context *ctx, const astar_graph *graph,
                              const astar_search_options *options, uint32_t limit)
{
    search s = search_with_options(ctx, options, (cost_model){ .weight = cost_weight(options->weight) },
                                   limit);
    s.width = (int)graph->nodes;
    s.node_parent = ctx->node_parent;
    return s;
}

/* The loop's search for A* from start to goal on graph. */
static search search_on_graph(astar_context *ctx, const astar_graph *graph, uint32_t start,
                              uint32_t goal, const astar_search_options *options)
{
    search s = astar__graph_search_of(ctx, graph, options, ASTAR_MAX_COST);
    s.start = start;
    s.target = goal;
    s.target_x = (int)goal;
    if (options->weight == 0.0)
        return s; /* H = 0: no estimate worth working out */
    if (graph_placed(graph) && graph->scale > 0)
        s.node_h = (node_h_model){ .xy32 = graph->xy32,
                                   .xy = graph->xy,
                                   .target_x = graph_coordinate(graph, 2 * (size_t)goal),
                                   .target_y = graph_coordinate(graph, 2 * (size_t)goal + 1),
                                   .scale = graph->scale,
                                   .metric = graph->metric };
    if (graph->landmarks) {
        s.node_h.landmarks = graph->landmarks->table;
        s.node_h.landmark_count = graph->landmarks->count;
        s.node_h.target_row = landmark_row(graph->landmarks, goal);
    }
    return s;
}

search_state *astar__graph_state_new(astar_context *ctx, const astar_graph *graph,
                                     uint32_t goal, const astar_search_options *options)
{
    ctx->width = (int)graph->nodes;
    ctx->height = 1;
    ctx->goal = goal;
    ctx->algorithm = ASTAR_ALGORITHM_ASTAR;
    search_state *st = ctx->state;
    *st = (search_state){ .graph = graph, .on_edit = options->on_edit };
    return st;
}

/* Checks the request and begins the search on ctx's state: the status of
 * a request refused, else ASTAR_IN_PROGRESS (it may have ended at once). */
static astar_status begin(astar_context *ctx, const astar_graph *graph, uint32_t start,
                          uint32_t goal, const astar_search_options *options)
{
    if (!ctx)
        return ASTAR_INVALID_ARGUMENT;
    search_state *st = ctx->state;
    st->map_edits = NULL; /* whatever ran on ctx before is over */
    astar_status status = check_request(ctx, graph, start, goal, options);
    if (status != ASTAR_OK)
        return status;
    st = astar__graph_state_new(ctx, graph, goal, options);
    graph_search *gs = SEARCH_RECORD(st, graph_search);
    *gs = (graph_search){ .s = search_on_graph(ctx, graph, start, goal, options),
                          .rows = graph_rows_of(graph) };
    ctx->model = gs->s.model;
    if (graph->island && !options->partial && graph->island[start] != graph->island[goal]) {
        /* Different islands: nothing to search, and nothing reached. */
        context_begin(ctx, LAYOUT_LISTS);
        astar__search_state_started(st, &graph->edits, ASTAR_NO_PATH);
        return ASTAR_IN_PROGRESS;
    }
    st->kind = &kind_graph;
    st->end = goal;
    astar_open_list kind =
        search_choose_list(&gs->s, graph_consistent(options), true);
    astar__search_state_started(st, &graph->edits, search_start(&gs->s, kind, on_edges, seed));
    return ASTAR_IN_PROGRESS;
}

astar_status astar__graph_finish(const search_state *st, astar_route *path)
{
    uint32_t end;
    astar_status status = astar__search_state_end(st, &end, &path->expanded);
    if (end == NO_CELL)
        return status;
    astar__search_finish_nodes(&st->u.s, end, st->kind->from_sources, path);
    return status;
}

static astar_status find_path(astar_context *ctx, const astar_graph *graph, uint32_t start,
                              uint32_t goal, const astar_search_options *options, astar_route *path)
{
    astar_search_options defaults = astar_search_options_default();
    if (!options)
        options = &defaults;
    if (!astar__route_reset(path, ROUTE_NODES))
        return ASTAR_INVALID_ARGUMENT;
    astar_status status = begin(ctx, graph, start, goal, options);
    if (status != ASTAR_IN_PROGRESS)
        return status;
    search_state *st = ctx->state;
    while (st->status == ASTAR_IN_PROGRESS)
        astar__search_state_step(st, UINT32_MAX);
    status = astar__graph_finish(st, path);
    st->map_edits = NULL;
    return status;
}

astar_status astar_graph_find_path(astar_context *ctx, const astar_graph *graph, uint32_t start,
                                   uint32_t goal, const astar_search_options *options,
                                   astar_route *route)
{
    return astar__route_answer(route, find_path(ctx, graph, start, goal, options, route));
}

astar_status astar_graph_search_begin(astar_context *ctx, const astar_graph *graph, uint32_t start,
                                      uint32_t goal, const astar_search_options *options)
{
    astar_search_options defaults = astar_search_options_default();
    return begin(ctx, graph, start, goal, options ? options : &defaults);
}

astar_status astar_graph_search_finish(const astar_context *ctx, astar_route *path)
{
    if (!astar__route_reset(path, ROUTE_NODES) || !ctx || !ctx->state->map_edits ||
        !ctx->state->graph)
        return astar__route_answer(path, ASTAR_INVALID_ARGUMENT);
    return astar__route_answer(path, astar__graph_finish(ctx->state, path));
}

astar_status astar_graph_context_node(const astar_context *ctx, const astar_graph *graph,
                                      uint32_t node, astar_node *out)
{
    if (!ctx || !graph || !out || !graph_has(graph, node) || ctx->state->graph != graph)
        return ASTAR_INVALID_ARGUMENT;
    *out = (astar_node){ .list = context_list_any(ctx, node) };
    if (out->list == ASTAR_LIST_NONE || !ctx->state->kind)
        return ASTAR_OK;
    const search *s = &ctx->state->u.s;
    out->f = context_f(ctx, node);
    out->h = (uint32_t)search_h_node(s, node, (int)node, 0);
    out->g = out->f - out->h;
    out->parent = (astar_point){ (int32_t)(out->g == 0 ? node : ctx->node_parent[node]), 0 };
    return ASTAR_OK;
}
