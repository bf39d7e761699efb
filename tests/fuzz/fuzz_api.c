/* libFuzzer target: a sequence of API calls the bytes choose - grid edits;
 * islands, dead ends and the jump table switched on and off; the grid made
 * square or hex; searches of
 * every algorithm with random options, the game world's included; nearest
 * targets and distance maps - each result checked against the tests'
 * reference solver (tests/util/reference.c):
 *   - every path found is legal and costs what astar_path_check sums;
 *   - with options that promise the least cost, A* finds exactly the
 *     reference's least cost, and "no path" exactly when it has none;
 *   - JPS and JPS+ find A*'s cost wherever they serve;
 *   - nearest is the least reference cost over the targets;
 *   - a distance map holds every cell's reference cost, and its flow field
 *     leads to a source at that cost;
 *   - a search sliced with any budgets, with an expansion limit and a
 *     partial path or not, ends as the one call does, with the same path;
 *     traced into buffers of any size, both write the same events, as many
 *     as fit, and count them all;
 *   - a sliced search with an edit of the grid between its steps either
 *     ends with ASTAR_MAP_CHANGED or gives the one call's answer on the
 *     edited map.
 * Any disagreement aborts, which libFuzzer reports with the input. */
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "fuzz_input.h"
#include "util/options.h"
#include "util/reference.h"

enum { SIDE = 16, CELLS = SIDE * SIDE, OPERATIONS = 48 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_api: %s\n", what);
        abort();
    }
}

static astar_point point_in(fuzz_input *in, const astar_grid *g)
{
    int x = fuzz_choose(in, astar_grid_width(g));
    int y = fuzz_choose(in, astar_grid_height(g));
    return (astar_point){ x, y };
}

static int choose(void *in, int n)
{
    return fuzz_choose(in, n);
}

static astar_options options_from(fuzz_input *in)
{
    astar_algorithm algorithm = (astar_algorithm)fuzz_choose(in, 3);
    astar_options o = random_search_options(choose, in);
    o.algorithm = algorithm;
    return o;
}

typedef struct world {
    astar_grid *grid;
    astar_context *ctx;
    astar_distance_map *map;
    astar_layer *layer;
    astar_units *units;
    uint32_t unit;
    astar_point points[CELLS], nodes[CELLS];
    uint64_t dist[CELLS];
} world;

static uint64_t reference_cost(world *w, const astar_options *o, astar_point a, astar_point b)
{
    ref_least_costs(w->grid, o->moves, o->costs, a, w->dist);
    return w->dist[b.y * astar_grid_width(w->grid) + b.x];
}

static void search(world *w, fuzz_input *in)
{
    astar_options o = options_from(in);
    bool world_used = fuzz_choose(in, 4) == 0;
    astar_layer_use use = { .layer = w->layer, .weight = 1.0 };
    if (world_used) {
        o.world.layers = &use;
        o.world.layer_count = 1;
        o.world.units = w->units;
        o.world.unit = w->unit;
        o.world.turn_penalty = (uint32_t)fuzz_choose(in, 3) * 7;
    }
    astar_point a = point_in(in, w->grid), b = point_in(in, w->grid);
    astar_route p = { .points = w->points, .capacity = CELLS, .via = w->nodes,
                      .via_capacity = CELLS };
    astar_status s = astar_find_path(w->ctx, w->grid, a, b, &o, &p);
    if (s == ASTAR_OK) {
        astar_path_measure m;
        check(astar_path_check(w->grid, &o, a, b, w->points, p.length, &m, NULL) == ASTAR_OK,
              "a found path is not legal");
        check(m.cost == p.cost, "a path costs other than reported");
    }
    if (s == ASTAR_UNSUPPORTED || s == ASTAR_NO_JUMP_TABLE || s == ASTAR_START_BLOCKED ||
        s == ASTAR_GOAL_BLOCKED || s == ASTAR_GOAL_OCCUPIED || world_used)
        return;
    uint64_t least = reference_cost(w, &o, a, b);
    if (astar_options_optimal(&o)) {
        check(s == ASTAR_OK || s == ASTAR_NO_PATH, "an optimal search failed");
        check((s == ASTAR_NO_PATH) == (least == REF_UNREACHABLE), "found and reference disagree");
        check(s != ASTAR_OK || p.cost == least, "A* cost is not the least");
    } else {
        check(s != ASTAR_OK || p.cost >= least, "a path cheaper than the least");
    }
    if (o.algorithm != ASTAR_ALGORITHM_ASTAR && s == ASTAR_OK) {
        astar_options plain = o;
        plain.algorithm = ASTAR_ALGORITHM_ASTAR;
        astar_route q = { 0 };
        check(astar_find_path(w->ctx, w->grid, a, b, &plain, &q) == ASTAR_OK,
              "A* fails where JPS found a path");
        check(!astar_options_optimal(&o) || q.cost == p.cost, "JPS and A* costs differ");
    }
}

/* The same search in one call and sliced with budgets from the input, with
 * a limit and a partial path or without: the same answer. */
static void sliced(world *w, fuzz_input *in)
{
    enum { EVENTS = 10 * CELLS };
    static astar_trace_event one_events[EVENTS], cut_events[EVENTS];
    astar_options o = options_from(in);
    if (fuzz_choose(in, 2))
        o.search.max_expanded = (uint32_t)(1 + fuzz_choose(in, 64));
    o.search.partial = fuzz_choose(in, 2);
    size_t room = fuzz_choose(in, 2) ? (size_t)fuzz_choose(in, EVENTS + 1) : 0;
    astar_trace one_trace = { one_events, room, 0, 0 }, cut_trace = { cut_events, room, 0, 0 };
    bool traced = room > 0;
    astar_point a = point_in(in, w->grid), b = point_in(in, w->grid);
    astar_route one = { .points = w->points, .capacity = CELLS };
    o.search.trace = traced ? &one_trace : NULL;
    astar_status s = astar_find_path(w->ctx, w->grid, a, b, &o, &one);
    o.search.trace = traced ? &cut_trace : NULL;
    astar_status begun = astar_search_begin(w->ctx, w->grid, a, b, &o);
    if (begun != ASTAR_IN_PROGRESS) {
        check(begun == s, "begin refuses otherwise than the one call");
        return;
    }
    astar_status step;
    while ((step = astar_search_step(w->ctx, (uint32_t)(1 + fuzz_choose(in, 20)))) ==
           ASTAR_IN_PROGRESS)
        ;
    astar_route cut = { .points = w->nodes, .capacity = CELLS };
    astar_status t = astar_search_finish(w->ctx, &cut, NULL);
    check(t == s && step == s, "sliced and one call end differently");
    check(cut.length == one.length && cut.cost == one.cost && cut.expanded == one.expanded,
          "sliced and one call give other paths");
    check(one_trace.total == cut_trace.total && one_trace.count == cut_trace.count &&
              one_trace.count == (one_trace.total < room ? one_trace.total : room),
          "sliced and one call count other events");
    for (size_t i = 0; i < one_trace.count; i++)
        check(one_events[i].kind == cut_events[i].kind && one_events[i].f == cut_events[i].f &&
                  one_events[i].g == cut_events[i].g && one_events[i].h == cut_events[i].h &&
                  one_events[i].at.x == cut_events[i].at.x &&
                  one_events[i].at.y == cut_events[i].at.y &&
                  one_events[i].parent.x == cut_events[i].parent.x &&
                  one_events[i].parent.y == cut_events[i].parent.y &&
                  one_events[i].f == one_events[i].g + one_events[i].h,
              "sliced and one call trace other events");
    for (size_t i = 0; i < one.length && s != ASTAR_PATH_BUFFER_TOO_SMALL; i++)
        check(w->points[i].x == w->nodes[i].x && w->points[i].y == w->nodes[i].y,
              "sliced and one call give other cells");
    if (s == ASTAR_PARTIAL_NO_PATH || s == ASTAR_PARTIAL_LIMIT)
        check(astar_path_check(w->grid, &o, a, w->points[one.length - 1], w->points, one.length,
                               NULL, NULL) == ASTAR_OK,
              "a partial path is not legal");
}

/* A sliced search with an edit of the grid between its steps: ended by it
 * (ASTAR_MAP_CHANGED), or, the edit having touched nothing it had read,
 * the very answer of the one call on the edited map (astar_on_edit). */
static void sliced_edited(world *w, fuzz_input *in)
{
    astar_options o = options_from(in);
    if (fuzz_choose(in, 2))
        o.search.max_expanded = (uint32_t)(1 + fuzz_choose(in, 64));
    o.search.partial = fuzz_choose(in, 2);
    astar_point a = point_in(in, w->grid), b = point_in(in, w->grid);
    if (astar_search_begin(w->ctx, w->grid, a, b, &o) != ASTAR_IN_PROGRESS)
        return;
    astar_status step = astar_search_step(w->ctx, (uint32_t)(1 + fuzz_choose(in, 20)));
    astar_point c = point_in(in, w->grid);
    if (fuzz_choose(in, 2))
        astar_grid_set_walkable(w->grid, c.x, c.y, fuzz_choose(in, 2));
    else
        astar_grid_set_cost(w->grid, c.x, c.y, 1 + fuzz_choose(in, 9));
    while (step == ASTAR_IN_PROGRESS)
        step = astar_search_step(w->ctx, (uint32_t)(1 + fuzz_choose(in, 20)));
    astar_route cut = { .points = w->nodes, .capacity = CELLS };
    astar_status t = astar_search_finish(w->ctx, &cut, NULL);
    if (t == ASTAR_MAP_CHANGED)
        return;
    astar_route one = { .points = w->points, .capacity = CELLS };
    astar_status s = astar_find_path(w->ctx, w->grid, a, b, &o, &one);
    check(t == s, "a search that went on after an edit ends otherwise than a fresh one");
    check(cut.length == one.length && cut.cost == one.cost && cut.expanded == one.expanded,
          "a search that went on after an edit gives another path than a fresh one");
    for (size_t i = 0; i < one.length && s != ASTAR_PATH_BUFFER_TOO_SMALL; i++)
        check(w->points[i].x == w->nodes[i].x && w->points[i].y == w->nodes[i].y,
              "a search that went on after an edit gives other cells than a fresh one");
}

static void nearest(world *w, fuzz_input *in)
{
    astar_options o = backward_search_options(options_from(in));
    astar_point targets[4];
    size_t count = (size_t)fuzz_choose(in, 5), which = 0;
    for (size_t i = 0; i < count; i++)
        targets[i] = point_in(in, w->grid);
    astar_point start = point_in(in, w->grid);
    astar_route p = { .points = w->points, .capacity = CELLS };
    astar_status s = astar_find_nearest(w->ctx, w->grid, start, targets, count, &o, &p, &which);
    if (s == ASTAR_START_BLOCKED)
        return;
    ref_least_costs(w->grid, o.moves, o.costs, start, w->dist);
    uint64_t least = REF_UNREACHABLE;
    int width = astar_grid_width(w->grid);
    for (size_t i = 0; i < count; i++)
        if (w->dist[targets[i].y * width + targets[i].x] < least)
            least = w->dist[targets[i].y * width + targets[i].x];
    check((s == ASTAR_NO_PATH) == (least == REF_UNREACHABLE), "nearest and reference disagree");
    if (s == ASTAR_OK) {
        check(p.cost == least, "nearest is not the least");
        check(which < count && w->dist[targets[which].y * width + targets[which].x] == least,
              "nearest names another target");
        check(astar_path_check(w->grid, &o, start, targets[which], w->points, p.length, NULL,
                               NULL) == ASTAR_OK,
              "the path to the nearest is not legal");
    }
}

static void distance_map(world *w, fuzz_input *in)
{
    astar_options o = backward_search_options(options_from(in));
    astar_point sources[3];
    size_t count = (size_t)fuzz_choose(in, 4);
    for (size_t i = 0; i < count; i++)
        sources[i] = point_in(in, w->grid);
    check(astar_distance_map_build(w->map, w->ctx, w->grid, sources, count, &o) == ASTAR_OK,
          "a distance map failed");
    int width = astar_grid_width(w->grid), height = astar_grid_height(w->grid);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            /* The flow field from every cell leads to the source the map
             * names for it, one legal step at a time, in at most a step
             * per cell. */
            if (astar_distance_map_cost(w->map, x, y) == ASTAR_UNREACHABLE)
                continue;
            astar_point at = { x, y }, next;
            int steps = 0;
            for (;; steps++) {
                check(steps <= width * height, "the flow field goes round in circles");
                check(astar_distance_map_next(w->map, at.x, at.y, &next) == ASTAR_OK,
                      "the flow field stops");
                if (next.x == at.x && next.y == at.y)
                    break;
                check(ref_move_legal(w->grid, o.moves, at, next), "a flow step is not legal");
                at = next;
            }
            size_t source = astar_distance_map_source(w->map, x, y);
            check(source < count && sources[source].x == at.x && sources[source].y == at.y,
                  "the flow field leads elsewhere than its source");
        }
    /* A few cells' costs against the reference: the least cost from the
     * cell to any source (the reference runs forwards, from the cell). */
    for (int k = fuzz_choose(in, 4); k > 0; k--) {
        astar_point c = point_in(in, w->grid);
        ref_least_costs(w->grid, o.moves, o.costs, c, w->dist);
        uint64_t least = REF_UNREACHABLE;
        for (size_t i = 0; i < count; i++)
            if (w->dist[sources[i].y * width + sources[i].x] < least)
                least = w->dist[sources[i].y * width + sources[i].x];
        uint32_t cost = astar_distance_map_cost(w->map, c.x, c.y);
        check(least == REF_UNREACHABLE ? cost == ASTAR_UNREACHABLE : cost == least,
              "a distance map cost is not the least");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    static world w;
    int width = 1 + fuzz_choose(&in, SIDE), height = 1 + fuzz_choose(&in, SIDE);
    check(astar_grid_new(width, height, &w.grid) == ASTAR_OK, "no grid");
    check(astar_context_new(CELLS, &w.ctx) == ASTAR_OK, "no context");
    check(astar_distance_map_new(CELLS, &w.map) == ASTAR_OK, "no distance map");
    check(astar_layer_new(width, height, &w.layer) == ASTAR_OK, "no layer");
    check(astar_units_new(width, height, 4, &w.units) == ASTAR_OK, "no units");
    check(astar_units_add(w.units, 0, 0, &w.unit) == ASTAR_OK, "no unit");
    for (int op = 0; op < OPERATIONS && in.left > 0; op++) {
        astar_point c = point_in(&in, w.grid);
        switch (fuzz_choose(&in, 13)) {
        case 0:
        case 1: astar_grid_set_walkable(w.grid, c.x, c.y, fuzz_choose(&in, 3) != 0); break;
        case 2: astar_grid_set_cost(w.grid, c.x, c.y, 1 + fuzz_choose(&in, 9)); break;
        case 3:
            if (fuzz_choose(&in, 2))
                check(astar_grid_enable_islands(w.grid) == ASTAR_OK, "islands failed");
            else
                astar_grid_disable_islands(w.grid);
            break;
        case 4:
            if (fuzz_choose(&in, 2))
                check(astar_grid_enable_dead_ends(w.grid) == ASTAR_OK, "dead ends failed");
            else
                astar_grid_disable_dead_ends(w.grid);
            break;
        case 5:
            if (fuzz_choose(&in, 2))
                check(astar_grid_enable_jump_table(w.grid) == ASTAR_OK, "jump table failed");
            else
                astar_grid_disable_jump_table(w.grid);
            break;
        case 6: astar_layer_add_disc(w.layer, c.x, c.y, fuzz_choose(&in, 4), fuzz_choose(&in, 50)); break;
        case 7: nearest(&w, &in); break;
        case 8: distance_map(&w, &in); break;
        case 9: sliced(&w, &in); break;
        case 11: sliced_edited(&w, &in); break;
        case 10:
            check(astar_grid_set_topology(w.grid, (astar_topology)fuzz_choose(&in, 5)) == ASTAR_OK,
                  "no topology");
            break;
        default: search(&w, &in); break;
        }
    }
    astar_units_delete(w.units);
    astar_layer_delete(w.layer);
    astar_distance_map_delete(w.map);
    astar_context_delete(w.ctx);
    astar_grid_delete(w.grid);
    return 0;
}
