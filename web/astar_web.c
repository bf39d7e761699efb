/* What the page needs beside the public API, for a caller that holds only
 * numbers: objects made and read through calls instead of C structs, so
 * that web/astar.js depends on no struct layout but one, the trace event's
 * (checked below). Each object is allocated once by the page and reused for
 * every search; none of these calls runs during a search. */
#include <stddef.h>
#include <stdlib.h>

#include "astar.h"

#define WEB_API __attribute__((visibility("default")))

/* web/astar.js reads a trace's events as 8 int32 each, in this order. */
_Static_assert(sizeof(astar_trace_event) == 32 && offsetof(astar_trace_event, kind) == 0 &&
                   offsetof(astar_trace_event, at) == 4 &&
                   offsetof(astar_trace_event, parent) == 12 &&
                   offsetof(astar_trace_event, f) == 20 && offsetof(astar_trace_event, g) == 24 &&
                   offsetof(astar_trace_event, h) == 28 && sizeof(astar_point) == 8,
               "the trace event layout web/astar.js reads");

/* The options the page sets, numbered as web/astar.js numbers them. */
enum option_field {
    ALGORITHM, OPEN_LIST, MOVES, COSTS, HEURISTIC, WEIGHT, TIES, STOP, MAX_EXPANDED, PARTIAL,
    TURN_PENALTY
};

WEB_API astar_options *astar_web_options_new(void)
{
    astar_options *o = malloc(sizeof *o);
    if (o)
        *o = astar_options_default();
    return o;
}

/* Sets one field; the search checks the values (ASTAR_INVALID_ARGUMENT). */
WEB_API void astar_web_options_set(astar_options *o, int field, double value)
{
    switch ((enum option_field)field) {
    case ALGORITHM: o->algorithm = (astar_algorithm)value; break;
    case OPEN_LIST: o->open_list = (astar_open_list)value; break;
    case MOVES: o->moves = (astar_moves)value; break;
    case COSTS: o->costs = (astar_costs)value; break;
    case HEURISTIC: o->heuristic = (astar_heuristic)value; break;
    case WEIGHT: o->weight = value; break;
    case TIES: o->ties = (astar_ties)value; break;
    case STOP: o->stop = (astar_stop)value; break;
    case MAX_EXPANDED: o->max_expanded = (uint32_t)value; break;
    case PARTIAL: o->partial = value != 0; break;
    case TURN_PENALTY: o->world.turn_penalty = (uint32_t)value; break;
    }
}

/* A trace to record the searches with these options into, or none. */
WEB_API void astar_web_options_trace(astar_options *o, astar_trace *trace)
{
    o->trace = trace;
}

/* A path with room for capacity cells and as many jump points. */
WEB_API astar_path *astar_web_path_new(size_t capacity)
{
    astar_path *p = calloc(1, sizeof *p);
    astar_point *points = calloc(2 * capacity, sizeof *points);
    if (!p || !points) {
        free(p);
        free(points);
        return NULL;
    }
    *p = (astar_path){ .points = points, .capacity = capacity,
                       .nodes = points + capacity, .node_capacity = capacity };
    return p;
}

WEB_API void astar_web_path_delete(astar_path *p)
{
    if (p)
        free(p->points);
    free(p);
}

enum path_field { LENGTH, COST, DISTANCE, EXPANDED, NODE_COUNT, POINTS, NODES };

WEB_API double astar_web_path_get(const astar_path *p, int field)
{
    switch ((enum path_field)field) {
    case LENGTH: return (double)p->length;
    case COST: return p->cost;
    case DISTANCE: return p->distance;
    case EXPANDED: return p->expanded;
    case NODE_COUNT: return (double)p->node_count;
    case POINTS: return (double)(uintptr_t)p->points;
    case NODES: return (double)(uintptr_t)p->nodes;
    }
    return 0.0;
}

WEB_API astar_trace *astar_web_trace_new(size_t capacity)
{
    astar_trace *t = calloc(1, sizeof *t);
    astar_trace_event *events = calloc(capacity, sizeof *events);
    if (!t || (!events && capacity > 0)) {
        free(t);
        free(events);
        return NULL;
    }
    *t = (astar_trace){ .events = events, .capacity = capacity };
    return t;
}

WEB_API void astar_web_trace_delete(astar_trace *t)
{
    if (t)
        free(t->events);
    free(t);
}

enum trace_field { COUNT, TOTAL, EVENTS };

WEB_API double astar_web_trace_get(const astar_trace *t, int field)
{
    switch ((enum trace_field)field) {
    case COUNT: return (double)t->count;
    case TOTAL: return (double)t->total;
    case EVENTS: return (double)(uintptr_t)t->events;
    }
    return 0.0;
}

/* Objects the API returns through an out parameter, returned instead
 * (NULL on failure, with the message in *err for a map). */
WEB_API astar_error *astar_web_error_new(void)
{
    return calloc(1, sizeof(astar_error));
}

WEB_API const char *astar_web_error_message(const astar_error *err)
{
    return err->message;
}

WEB_API astar_grid *astar_web_grid_parse(const char *text, size_t length, const char *name,
                                         astar_error *err)
{
    astar_grid *grid = NULL;
    astar_grid_parse_movingai(text, length, name, &grid, err);
    return grid;
}

WEB_API astar_grid *astar_web_grid_new(int width, int height)
{
    astar_grid *grid = NULL;
    astar_grid_new(width, height, &grid);
    return grid;
}

WEB_API astar_context *astar_web_context_new(size_t max_cells)
{
    astar_context *ctx = NULL;
    astar_context_new(max_cells, &ctx);
    return ctx;
}

/* astar_find_path with the points as numbers: WebAssembly's C convention
 * passes a struct argument through memory, which a caller holding numbers
 * does not have. */
WEB_API astar_status astar_web_find_path(astar_context *ctx, const astar_grid *grid, int sx,
                                         int sy, int gx, int gy, const astar_options *options,
                                         astar_path *path)
{
    return astar_find_path(ctx, grid, (astar_point){ sx, sy }, (astar_point){ gx, gy }, options,
                           path);
}
