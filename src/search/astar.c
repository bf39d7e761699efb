/* A* as "A* Pathfinding for Beginners" defines it, on the one search loop
 * of loop.h (open and closed lists, F = G + H, parents re-pointed when a
 * lower G is found, a stop when the target is closed): here is how a
 * square's neighbours are looked at - the 8 (or 4) adjacent squares, with
 * the game world's costs when asked - and astar_context_node, which reads
 * a square back. */
#include <stdlib.h>

#include "open/context.h"
#include "core/cost.h"
#include "grid/dead_ends.h"
#include "grid/grid.h"
#include "grid/islands.h"
#include "core/moves.h"
#include "core/options.h"
#include "search/state.h"

/* Step c) of the article for every square adjacent to current. With extras
 * false (a constant), the game world's code is compiled out. */
static ALWAYS_INLINE void look_at_neighbours(search *s, astar_open_list kind, const bool extras,
                                             const bool traced, const square *current)
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
        if (extras && a->extras->dead_ends && list == ASTAR_LIST_NONE &&
            dead_end_filter_skips(&a->extras->dead_end, next))
            continue; /* on no simple path to the target: a dead end (note 6) */

        int x = current->x + move_dx[d], y = current->y + move_dy[d];
        uint64_t new_g;
        if (!extras && a->uniform) {
            new_g = (uint64_t)current->g + a->step_cost[d];
        } else {
            /* What the move cost is multiplied by. */
            uint64_t factor = s->terrain[(ptrdiff_t)here + s->step.padded[d]];
            if (extras && a->extras->layers.count > 0)
                factor += layer_sum_at(&a->extras->layers, next);
            if (extras && a->extras->units.units) {
                if (unit_view_blocks(&a->extras->units, next, x, y))
                    continue; /* another unit is in the way: unwalkable for this search */
                if (a->extras->units.penalty > 0)
                    factor += unit_view_penalty(&a->extras->units, next);
            }
            new_g = current->g + (uint64_t)s->step.cost[d] * factor;
            if (extras && entered != DIRECTIONS && d != entered)
                new_g += a->turn_penalty; /* the step changes direction */
        }
        /* Not on the open list: add it, with the current square as parent;
         * on it: re-point it if this way is better. */
        if (search_reach(s, kind, traced, TIE_ORDER, next, x, y, d, current->cell, 0, list,
                         new_g))
            return;
    }
}

static ALWAYS_INLINE void expand_plain(search *s, astar_open_list kind, const bool traced,
                                       const square *current)
{
    look_at_neighbours(s, kind, false, traced, current);
}

static ALWAYS_INLINE void expand_extras(search *s, astar_open_list kind, const bool traced,
                                        const square *current)
{
    look_at_neighbours(s, kind, true, traced, current);
}

static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    return search_seed_start(s, kind, TIE_ORDER);
}

SEARCH_STEPS(step_plain, grid_search, true, TIE_ORDER, seed, expand_plain)
SEARCH_STEPS(step_extras, grid_search, true, TIE_ORDER, seed, expand_extras)

astar_status astar__astar_step(search_state *st, uint32_t budget)
{
    return st->type == SEARCH_ASTAR ? step_plain(&st->u.astar, budget)
                                    : step_extras(&st->u.astar, budget);
}

astar_status astar__astar_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                uint32_t start, uint32_t target, const astar_options *options)
{
    grid_extras *extras = &st->extras;
    bool uniform_costs =
        astar_grid_uniform(grid) && extras->layers.count == 0 && !extras->units.units;
    extras->dead_ends = astar__dead_end_filter_init(&extras->dead_end, grid, start, target,
                                                    options->moves, uniform_costs);
    grid_search *a = &st->u.astar;
    a->s = search_of(ctx, grid, options, ASTAR_MAX_COST);
    a->uniform = astar_grid_uniform(grid);
    a->turn_penalty = options->world.turn_penalty;
    a->extras = extras;
    a->s.start = start;
    a->s.target = target;
    a->s.target_x = (int)(target % (uint32_t)grid->width);
    a->s.target_y = (int)(target / (uint32_t)grid->width);
    a->s.observer = options->observer;
    a->s.observer_user = options->observer_user;
    /* On uniform terrain every walkable cell costs what the target costs. */
    uint32_t terrain = grid->terrain[grid_padded_index(grid, a->s.target_x, a->s.target_y)];
    for (int d = 0; d < DIRECTIONS; d++)
        a->step_cost[d] = a->s.step.cost[d] * terrain;
    ctx->model = a->s.model;
    /* The loop with extras when the game world or the dead ends price or
     * leave out steps beyond the article's; the plain one otherwise. */
    st->type = astar__options_world_used(options) || extras->dead_ends ? SEARCH_ASTAR_EXTRAS
                                                                        : SEARCH_ASTAR;
    st->end = target;
    return search_start(&a->s, search_choose_list(&a->s, astar__options_consistent(options), true), seed);
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
