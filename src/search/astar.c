/* A* as "A* Pathfinding for Beginners" defines it, on the one search loop
 * of search_loop.h (open and closed lists, F = G + H, parents re-pointed
 * when a lower G is found, a stop when the target is closed): here is how
 * a square's neighbours are looked at - the 8 (or 4) adjacent squares, with
 * the game world's costs when asked - and astar_find_path, which checks a
 * request and hands it to A*, JPS or JPS+. */
#include <stdlib.h>

#include "open/context.h"
#include "core/cost.h"
#include "grid/dead_ends.h"
#include "grid/grid.h"
#include "grid/islands.h"
#include "search/jps.h"
#include "world/layers.h"
#include "core/moves.h"
#include "core/options.h"
#include "search/loop.h"
#include "world/units.h"

/* A* over the grid's squares: what the expansion needs beyond the loop's
 * own (search_loop.h). */
typedef struct grid_search {
    search s;                     /* first: the loop hands the expansion &s */
    bool uniform;                 /* every walkable cell costs the same: step_cost */
    uint32_t step_cost[DIRECTIONS];     /* per direction, if uniform */
    uint32_t turn_penalty;        /* 0: off */
    layer_sum layers;             /* the caller's cost layers, if any */
    unit_view units;              /* the other units, if any */
    bool dead_ends;               /* leave out dead ends, per dead_end */
    dead_end_filter dead_end;
} grid_search;

/* Step c) of the article for every square adjacent to current. With extras
 * false (a constant), the game world's code is compiled out. */
static ALWAYS_INLINE void look_at_neighbours(search *s, astar_open_list kind, const bool extras,
                                             const square *current)
{
    grid_search *a = (grid_search *)s;
    size_t here = (size_t)current->cell + 2 * (size_t)current->y + (size_t)s->stride + 1;
    unsigned legal = moves_legal(s->moves, s->around[here]);
    if (current->cell != s->start)
        legal &= ~move_bit(move_opposite(current->dir)); /* the parent: closed */
    /* The direction of the step that entered current; the start has none. */
    unsigned entered = DIRECTIONS;
    if (extras && a->turn_penalty && current->cell != s->start)
        entered = current->dir;

    for (; legal; legal &= legal - 1) {
        unsigned d = (unsigned)__builtin_ctz(legal);
        uint32_t next = (uint32_t)((int64_t)current->cell + s->step.cell[d]);
        astar_list list = search_list(s, kind, next);
        if (list == ASTAR_LIST_CLOSED)
            continue; /* on the closed list: ignore it */
        if (extras && a->dead_ends && list == ASTAR_LIST_NONE &&
            dead_end_filter_skips(&a->dead_end, next))
            continue; /* on no simple path to the target: a dead end (note 6) */

        int x = current->x + move_dx[d], y = current->y + move_dy[d];
        uint64_t new_g;
        if (!extras && a->uniform) {
            new_g = (uint64_t)current->g + a->step_cost[d];
        } else {
            /* What the move cost is multiplied by. */
            uint64_t factor = s->terrain[(ptrdiff_t)here + s->step.padded[d]];
            if (extras && a->layers.count > 0)
                factor += layer_sum_at(&a->layers, next);
            if (extras && a->units.units) {
                if (unit_view_blocks(&a->units, next, x, y))
                    continue; /* another unit is in the way: unwalkable for this search */
                if (a->units.penalty > 0)
                    factor += unit_view_penalty(&a->units, next);
            }
            new_g = current->g + (uint64_t)s->step.cost[d] * factor;
            if (extras && entered != DIRECTIONS && d != entered)
                new_g += a->turn_penalty; /* the step changes direction */
        }
        /* Not on the open list: add it, with the current square as parent;
         * on it: re-point it if this way is better. */
        if (search_reach(s, kind, TIE_ORDER, next, x, y, d, current->cell, 0, list, new_g))
            return;
    }
}

static ALWAYS_INLINE void expand_plain(search *s, astar_open_list kind, const square *current)
{
    look_at_neighbours(s, kind, false, current);
}

static ALWAYS_INLINE void expand_extras(search *s, astar_open_list kind, const square *current)
{
    look_at_neighbours(s, kind, true, current);
}

static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    return search_seed_start(s, kind, TIE_ORDER);
}

/* The loops with extras live apart, so that the plain ones are compiled
 * into astar_find_path as they were without them. */
static NOINLINE astar_status run_extras(grid_search *a, bool consistent)
{
    return search_run(&a->s, consistent, true, TIE_ORDER, seed, expand_extras);
}

/* Checks the request, and sets up the layers and units it asks for. */
static astar_status check_request(const astar_context *ctx, const astar_grid *grid,
                                  astar_point start, astar_point goal,
                                  const astar_options *options, const astar_path *path,
                                  layer_sum *layers, unit_view *units)
{
    if (!ctx || !grid || !path || !astar__options_valid(options) ||
        (!path->points && path->capacity > 0) || (!path->nodes && path->node_capacity > 0) ||
        astar__layer_sum_setup(layers, options, grid) != ASTAR_OK ||
        astar__unit_view_setup(units, options, grid) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    if (astar_grid_cells(grid) > ctx->max_cells)
        return ASTAR_MAP_TOO_LARGE;
    if (options->algorithm != ASTAR_ALGORITHM_ASTAR) {
        astar_status status = astar__jps_check(grid, options);
        if (status != ASTAR_OK)
            return status;
    }
    if (!grid_contains(grid, start.x, start.y))
        return ASTAR_START_OUT_OF_BOUNDS;
    if (!grid_contains(grid, goal.x, goal.y))
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    if (!astar_grid_walkable(grid, start.x, start.y))
        return ASTAR_START_BLOCKED;
    if (!astar_grid_walkable(grid, goal.x, goal.y))
        return ASTAR_GOAL_BLOCKED;
    if (units->units && (goal.x != start.x || goal.y != start.y) &&
        unit_view_blocks(units, (uint32_t)goal.y * (uint32_t)grid->width + (uint32_t)goal.x,
                         goal.x, goal.y))
        return ASTAR_GOAL_BLOCKED;
    return ASTAR_OK;
}

astar_status astar_find_path(astar_context *ctx, const astar_grid *grid, astar_point start,
                             astar_point goal, const astar_options *options, astar_path *path)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (path) {
        path->length = 0;
        path->cost = 0;
        path->distance = 0.0;
        path->expanded = 0;
        path->node_count = 0;
    }
    layer_sum layers;
    unit_view units;
    astar_status status = check_request(ctx, grid, start, goal, options, path, &layers, &units);
    if (status != ASTAR_OK)
        return status;
    ctx->width = grid->width;
    ctx->height = grid->height;
    ctx->algorithm = options->algorithm;
    if (grid->islands && islands_label(grid->islands, grid, start.x, start.y) !=
                             islands_label(grid->islands, grid, goal.x, goal.y)) {
        /* Different islands: nothing to search, and nothing reached. */
        context_begin(ctx, LAYOUT_LISTS);
        return ASTAR_NO_PATH;
    }
    uint32_t start_cell = (uint32_t)start.y * (uint32_t)grid->width + (uint32_t)start.x;
    uint32_t target = (uint32_t)goal.y * (uint32_t)grid->width + (uint32_t)goal.x;
    ctx->goal = target;
    if (options->algorithm != ASTAR_ALGORITHM_ASTAR)
        return astar__jps_find_path(ctx, grid, start_cell, target, options, path);

    /* Set up apart and copied in: if a's address went to another function
     * before the plain loop, the compiler would keep a in memory, and the
     * plain loop would pay. */
    dead_end_filter dead_end;
    bool uniform_costs = astar_grid_uniform(grid) && layers.count == 0 && !units.units;
    bool dead_ends =
        astar__dead_end_filter_init(&dead_end, grid, start_cell, target, options->moves, uniform_costs);
    grid_search a = {
        .s = search_of(ctx, grid, options, ASTAR_MAX_COST),
        .uniform = astar_grid_uniform(grid),
        .turn_penalty = options->world.turn_penalty,
        .layers = layers,
        .units = units,
        .dead_ends = dead_ends,
        .dead_end = dead_end,
    };
    a.s.start = start_cell;
    a.s.target = target;
    a.s.target_x = goal.x;
    a.s.target_y = goal.y;
    a.s.observer = options->observer;
    a.s.observer_user = options->observer_user;
    /* On uniform terrain every walkable cell costs what the target costs. */
    uint32_t terrain = grid->terrain[grid_padded_index(grid, goal.x, goal.y)];
    for (int d = 0; d < DIRECTIONS; d++)
        a.step_cost[d] = a.s.step.cost[d] * terrain;
    ctx->model = a.s.model;

    bool consistent = astar__options_consistent(options);
    /* The loop with extras when the game world or the dead ends price or
     * leave out steps beyond the article's; the plain one otherwise. */
    status = astar__options_world_used(options) || dead_ends ? run_extras(&a, consistent)
                              : search_run(&a.s, consistent, true, TIE_ORDER, seed, expand_plain);
    path->expanded = a.s.expanded;
    if (status != ASTAR_OK)
        return status;
    return astar__search_finish(&a.s, target, false, path);
}

astar_status astar_context_node(const astar_context *ctx, const astar_grid *grid, int x, int y,
                                astar_node *node)
{
    if (!ctx || !grid || !node || !grid_contains(grid, x, y) ||
        astar_grid_cells(grid) > ctx->max_cells ||
        (ctx->width != 0 && (ctx->width != grid->width || ctx->height != grid->height)))
        return ASTAR_INVALID_ARGUMENT;
    *node = (astar_node){ .list = ASTAR_LIST_NONE };
    uint32_t cell = (uint32_t)y * (uint32_t)grid->width + (uint32_t)x;
    node->list = context_list_any(ctx, cell);
    if (node->list == ASTAR_LIST_NONE)
        return ASTAR_OK;
    int gx = (int)(ctx->goal % (uint32_t)grid->width), gy = (int)(ctx->goal / (uint32_t)grid->width);
    node->f = context_f(ctx, cell);
    node->h = (uint32_t)cost_h(&ctx->model, distance_1d(x, gx), distance_1d(y, gy));
    node->g = node->f - node->h;
    node->parent = (astar_point){ x, y };
    if (ctx->algorithm != ASTAR_ALGORITHM_ASTAR) {
        uint32_t parent = context_parent(ctx, cell);
        node->parent = (astar_point){ (int32_t)(parent % (uint32_t)grid->width),
                                      (int32_t)(parent / (uint32_t)grid->width) };
    } else if (node->g != 0) {
        /* G is 0 only where the search began: at the start, or at a target
         * of a Dijkstra search (dijkstra.c); every step costs at least 10. */
        node->parent.x -= move_dx[context_dir(ctx, cell)];
        node->parent.y -= move_dy[context_dir(ctx, cell)];
    }
    return ASTAR_OK;
}
