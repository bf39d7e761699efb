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
    TURN_PENALTY, ON_EDIT, UNIT_SIZE
};

/* Options with room for the one cost layer the page searches with: the
 * layer use must live as long as the options that point to it (a queue
 * keeps pointing to it until its requests end). */
typedef struct web_options {
    astar_options options; /* first, so that a web_options is an astar_options */
    astar_layer_use layer;
} web_options;

WEB_API astar_options *astar_web_options_new(void)
{
    web_options *o = malloc(sizeof *o);
    if (!o)
        return NULL;
    o->options = astar_options_default();
    o->layer = (astar_layer_use){ 0 };
    return &o->options;
}

/* Sets one field; the search checks the values (ASTAR_INVALID_ARGUMENT). */
WEB_API void astar_web_options_set(astar_options *o, int field, double value)
{
    switch ((enum option_field)field) {
    case ALGORITHM: o->algorithm = (astar_algorithm)value; break;
    case OPEN_LIST: o->search.open_list = (astar_open_list)value; break;
    case MOVES: o->moves = (astar_moves)value; break;
    case COSTS: o->costs = (astar_costs)value; break;
    case HEURISTIC: o->heuristic = (astar_heuristic)value; break;
    case WEIGHT: o->search.weight = value; break;
    case TIES: o->search.ties = (astar_ties)value; break;
    case STOP: o->search.stop = (astar_stop)value; break;
    case MAX_EXPANDED: o->search.max_expanded = (uint32_t)value; break;
    case PARTIAL: o->search.partial = value != 0; break;
    case TURN_PENALTY: o->world.turn_penalty = (uint32_t)value; break;
    case ON_EDIT: o->search.on_edit = (astar_on_edit)value; break;
    case UNIT_SIZE: o->world.unit_size = (int)value; break;
    }
}

/* The world a search is made in: an influence layer (NULL: none) with its
 * weight, and units (NULL: none) with the searching unit. The radius and
 * penalty are astar_world's; the search checks every value. */
WEB_API void astar_web_options_world(astar_options *o, const astar_layer *layer, double weight,
                                     const astar_units *units, uint32_t unit, int radius,
                                     uint32_t penalty)
{
    web_options *w = (web_options *)o;
    /* A request queued earlier with a layer still points to w->layer (a
     * queue copies the options, not their layers): a world without one
     * leaves it to that request. */
    if (layer)
        w->layer = (astar_layer_use){ .layer = layer, .weight = weight };
    o->world.layers = layer ? &w->layer : NULL;
    o->world.layer_count = layer ? 1 : 0;
    o->world.units = units;
    o->world.unit = unit;
    o->world.unit_radius = radius;
    o->world.unit_penalty = penalty;
}

/* A trace to record the searches with these options into, or none. */
WEB_API void astar_web_options_trace(astar_options *o, astar_trace *trace)
{
    o->search.trace = trace;
}

/* A route with room for capacity cells and as many points on its via
 * list (jump points, the abstract route). */
WEB_API astar_route *astar_web_path_new(size_t capacity)
{
    astar_route *p = calloc(1, sizeof *p);
    astar_point *points = calloc(2 * capacity, sizeof *points);
    if (!p || !points) {
        free(p);
        free(points);
        return NULL;
    }
    *p = (astar_route){ .points = points, .capacity = capacity,
                        .via = points + capacity, .via_capacity = capacity };
    return p;
}

WEB_API void astar_web_path_delete(astar_route *p)
{
    if (p)
        free(p->points);
    free(p);
}

enum path_field { LENGTH, COST, DISTANCE, EXPANDED, VIA_LENGTH, POINTS, VIA, CUT, STATUS };

WEB_API double astar_web_path_get(const astar_route *p, int field)
{
    switch ((enum path_field)field) {
    case LENGTH: return (double)p->length;
    case COST: return p->cost;
    case DISTANCE: return p->distance;
    case EXPANDED: return p->expanded;
    case VIA_LENGTH: return (double)p->via_length;
    case POINTS: return (double)(uintptr_t)p->points;
    case VIA: return (double)(uintptr_t)p->via;
    case CUT: return (double)p->cut;
    case STATUS: return (double)p->status;
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
                                         astar_route *path)
{
    return astar_find_path(ctx, grid, (astar_point){ sx, sy }, (astar_point){ gx, gy }, options,
                           path);
}

/* A crowd (astar/crowd.h) of up to max_units units, moves 4 or 8, costs
 * 0 (article) or 1 (octile), landmarks and lanes as options'; NULL,
 * with the status in *status, when it could not be made. */
WEB_API astar_crowd *astar_web_crowd_new(const astar_grid *grid, size_t max_units, int moves,
                                         int costs, double seed, unsigned landmarks,
                                         unsigned lanes, astar_status *status)
{
    astar_crowd_options o = astar_crowd_options_default();
    o.moves = moves == 8 ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
    o.costs = costs ? ASTAR_COSTS_OCTILE : ASTAR_COSTS_ARTICLE;
    o.seed = (uint64_t)seed;
    o.landmarks = landmarks;
    o.lanes = (size_t)lanes;
    astar_crowd *crowd = NULL;
    *status = astar_crowd_new(grid, max_units, &o, &crowd);
    return crowd;
}

/* astar_crowd_add with the points as numbers. */
WEB_API astar_status astar_web_crowd_add(astar_crowd *crowd, int sx, int sy, int gx, int gy)
{
    return astar_crowd_add(crowd, (astar_point){ sx, sy }, (astar_point){ gx, gy }, NULL);
}

/* astar_crowd_set_goal with the point as numbers. */
WEB_API astar_status astar_web_crowd_set_goal(astar_crowd *crowd, size_t id, int gx, int gy)
{
    return astar_crowd_set_goal(crowd, id, (astar_point){ gx, gy });
}

/* Two tiers over grid (astar_hpa_new), NULL when they could not be built. */
WEB_API astar_hpa *astar_web_hpa_new(const astar_grid *grid, const astar_options *options,
                                     int cluster)
{
    astar_hpa *hpa = NULL;
    astar_hpa_new(grid, options, cluster, &hpa, NULL);
    return hpa;
}

/* astar_hpa_find_path with the points as numbers. */
WEB_API astar_status astar_web_hpa_find_path(astar_hpa *hpa, int sx, int sy, int gx, int gy,
                                             const astar_options *options, astar_route *path)
{
    return astar_hpa_find_path(hpa, (astar_point){ sx, sy }, (astar_point){ gx, gy }, options,
                               path);
}

/* astar_path_straighten of the path in path's own buffer, in place: its
 * length, cost and distance become the straightened path's, the rest of
 * the object (its via list) stays as it was. */
WEB_API astar_status astar_web_straighten(const astar_grid *grid, const astar_options *options,
                                          astar_route *path)
{
    astar_route out = { .points = path->points, .capacity = path->length };
    astar_status status = astar_path_straighten(grid, options, path->points, path->length, &out);
    if (status == ASTAR_OK) {
        path->length = out.length;
        path->cost = out.cost;
        path->distance = out.distance;
    }
    return status;
}

/* A whole map in a caller buffer of width * height bytes, row by row: with
 * walkable, 1 for a walkable cell and 0 for a blocked one, else each
 * cell's terrain cost (0 blocked), so that a page draws a large map without
 * a call per cell. */
WEB_API void astar_web_grid_cells(const astar_grid *grid, bool walkable, uint8_t *out)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int cost = astar_grid_cost(grid, x, y);
            out[(size_t)y * (size_t)w + (size_t)x] = (uint8_t)(walkable ? cost > 0 : cost);
        }
    }
}

/* Every value of a layer of width x height, row by row, in one call. */
WEB_API void astar_web_layer_values(const astar_layer *layer, int width, int height,
                                    uint16_t *values)
{
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            values[(size_t)y * (size_t)width + (size_t)x] =
                (uint16_t)astar_layer_get(layer, x, y);
}

/* Every cell's cost in a distance map of width x height (UINT32_MAX:
 * unreached), in one call. */
WEB_API void astar_web_distance_costs(const astar_distance_map *map, int width, int height,
                                      uint32_t *costs)
{
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            costs[(size_t)y * (size_t)width + (size_t)x] = astar_distance_map_cost(map, x, y);
}

/* The calls below take astar_point or astar_request by value, which a
 * caller holding numbers cannot pass (see astar_web_find_path). */

WEB_API astar_status astar_web_find_nearest(astar_context *ctx, const astar_grid *grid, int sx,
                                            int sy, const astar_point *targets, size_t count,
                                            const astar_options *options, astar_route *path,
                                            size_t *which)
{
    return astar_find_nearest(ctx, grid, (astar_point){ sx, sy }, targets, count, options, path,
                              which);
}

WEB_API bool astar_web_line_of_sight(const astar_grid *grid, const astar_options *options,
                                     int ax, int ay, int bx, int by)
{
    return astar_line_of_sight(grid, options, (astar_point){ ax, ay }, (astar_point){ bx, by });
}

/* Smooths a path into out (capacity points); result[0] gets the waypoints'
 * count (set even when they do not fit), result[1] the walk's length. */
WEB_API astar_status astar_web_smooth(const astar_grid *grid, const astar_options *options,
                                      const astar_route *path, astar_point *out, size_t capacity,
                                      double *result)
{
    astar_route w = { .points = out, .capacity = capacity };
    astar_status s = astar_path_smooth(grid, options, path->points, path->length, &w);
    result[0] = (double)w.length;
    result[1] = w.distance;
    return s;
}

WEB_API int astar_web_units_check_step(const astar_units *units, uint32_t id, int x, int y)
{
    astar_step advice;
    astar_status s = astar_units_check_step(units, id, (astar_point){ x, y }, &advice);
    return s == ASTAR_OK ? (int)advice : -(int)s;
}

/* A request's handle is written to out as two numbers: index, generation. */
WEB_API astar_status astar_web_queue_request(astar_queue *q, const astar_grid *grid, int sx,
                                             int sy, int gx, int gy,
                                             const astar_options *options, int priority,
                                             astar_route *path, astar_request *out)
{
    return astar_queue_request(q, grid, (astar_point){ sx, sy }, (astar_point){ gx, gy },
                               options, priority, path, out);
}

/* An update with its time budget in nanoseconds as a double (JavaScript
 * numbers hold integers exactly to 2^53; Infinity is no limit); the
 * report's fields are written to fields as doubles, in
 * astar_queue_report's order. */
WEB_API astar_status astar_web_queue_update(astar_queue *q, uint32_t max_expansions,
                                            double max_nanoseconds, double *fields)
{
    astar_queue_report report = { 0 };
    uint64_t nanoseconds =
        max_nanoseconds < 0x1p63 ? (uint64_t)max_nanoseconds : ASTAR_QUEUE_ANY_TIME;
    astar_status s = astar_queue_update(q, max_expansions, nanoseconds, &report);
    fields[0] = (double)report.expanded;
    fields[1] = (double)report.nanoseconds;
    fields[2] = report.started;
    fields[3] = report.finished;
    fields[4] = report.running;
    fields[5] = report.waiting;
    fields[6] = report.restarted;
    fields[7] = (double)report.discarded;
    return s;
}

WEB_API astar_status astar_web_queue_poll(const astar_queue *q, uint32_t index,
                                          uint32_t generation)
{
    return astar_queue_poll(q, (astar_request){ index, generation });
}

WEB_API astar_status astar_web_queue_cancel(astar_queue *q, uint32_t index, uint32_t generation)
{
    return astar_queue_cancel(q, (astar_request){ index, generation });
}
