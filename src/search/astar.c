/* A* as "A* Pathfinding for Beginners" defines it, on the one search loop
 * of loop.h (open and closed lists, F = G + H, parents re-pointed when a
 * lower G is found, a stop when the target is closed): here is how a
 * square's neighbours are looked at - the 8 (or 4) adjacent squares, or
 * the 6 adjacent hexes, with the game world's costs when asked - and
 * astar_context_node, which reads a square back. */
#include <stdlib.h>

#include "open/context.h"
#include "core/cost.h"
#include "core/hex.h"
#include "grid/dead_ends.h"
#include "grid/grid.h"
#include "grid/islands.h"
#include "core/moves.h"
#include "core/options.h"
#include "search/grid_space.h"
#include "search/state.h"

/* Step c) of the article for every square adjacent to current. With extras
 * false (a constant), the game world's code is compiled out; with hex (a
 * constant), the neighbours are the hex grid's six and H counts hexes; with
 * jps (a constant), only those that JPS's rule has follow current (JPS
 * stepping, astar_jumps). */
/* A* over the grid's squares: what it reads beyond the loop's search. */
typedef struct grid_search {
    search s;                     /* first: the loop hands the expansion &s */
    grid_space g;
    bool uniform;                 /* every walkable cell costs the same: step_cost */
    uint32_t step_cost[DIRECTIONS];     /* per direction, if uniform */
    uint32_t turn_penalty;        /* 0: off */
    const grid_extras *extras;    /* the search state's */
    bool cluttered;               /* JPS stepping chosen by ASTAR_JUMPS_AUTO on a
                                     cluttered grid */
} grid_search;

/* The article's A* on squares; with the game world, whose loop also serves
 * straight-line ties; on hexes. */
static const search_policy plain = { PARENT_STEP, TIES_ADDED, search_h_square };
static const search_policy with_line = { PARENT_STEP, TIES_LINE, search_h_square };
static const search_policy on_hexes = { PARENT_STEP, TIES_LINE, search_h_hex };

static ALWAYS_INLINE void look_at_neighbours(search *s, astar_open_list kind, const bool extras,
                                             const bool hex, const bool jps, const bool traced,
                                             const square *current)
{
    grid_search *a = (grid_search *)s;
    size_t here = (size_t)current->cell + 2 * (size_t)current->y + (size_t)a->g.stride + 1;
    unsigned legal;
    if (jps) {
        legal = a->g.grid->successors[current->cell != s->start ? current->dir : DIRECTIONS]
                                   [a->g.around[here]];
    } else {
        legal = hex ? a->g.around[here] & hex_directions(s->model.topology, current->x, current->y)
                    : moves_legal(a->g.moves, a->g.around[here]);
        if (current->cell != s->start)
            legal &= ~move_bit(move_opposite(current->dir)); /* the parent: closed */
    }
    /* The direction of the step that entered current; the start has none. */
    unsigned entered = DIRECTIONS;
    if (extras && a->turn_penalty && current->cell != s->start)
        entered = current->dir;

    for (; legal; legal &= legal - 1) {
        unsigned d = (unsigned)__builtin_ctz(legal);
        uint32_t next = (uint32_t)((int64_t)current->cell + s->cell_step[d]);
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
            uint64_t factor = a->g.terrain[(ptrdiff_t)here + a->g.padded[d]];
            if (extras && a->extras->layers.count > 0)
                factor += layer_sum_at(&a->extras->layers, next);
            if (extras && a->extras->units.units) {
                if (unit_view_blocks(&a->extras->units, x, y))
                    continue; /* another unit is in the way: unwalkable for this search */
                if (a->extras->units.penalty > 0)
                    factor += unit_view_penalty(&a->extras->units, x, y);
            }
            new_g = current->g + (uint64_t)a->g.cost[d] * factor;
            if (extras && entered != DIRECTIONS && d != entered)
                new_g += a->turn_penalty; /* the step changes direction */
        }
        /* Not on the open list: add it, with the current square as parent;
         * on it: re-point it if this way is better. */
        if (search_reach(s, kind, traced, hex ? on_hexes : extras ? with_line : plain, next, x,
                         y, d, current->cell, 0, list, new_g))
            return;
    }
}

static ALWAYS_INLINE void expand_plain(search *s, astar_open_list kind, const bool traced,
                                       const square *current)
{
    look_at_neighbours(s, kind, false, false, false, traced, current);
}

static ALWAYS_INLINE void expand_extras(search *s, astar_open_list kind, const bool traced,
                                        const square *current)
{
    look_at_neighbours(s, kind, true, false, false, traced, current);
}

static ALWAYS_INLINE void expand_hex_plain(search *s, astar_open_list kind, const bool traced,
                                           const square *current)
{
    look_at_neighbours(s, kind, false, true, false, traced, current);
}

static ALWAYS_INLINE void expand_hex_extras(search *s, astar_open_list kind, const bool traced,
                                            const square *current)
{
    look_at_neighbours(s, kind, true, true, false, traced, current);
}

static ALWAYS_INLINE void expand_jps_steps(search *s, astar_open_list kind, const bool traced,
                                            const square *current)
{
    look_at_neighbours(s, kind, false, false, true, traced, current);
}

static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    return search_seed_start(s, kind, plain);
}

static ALWAYS_INLINE astar_status seed_extras(search *s, astar_open_list kind)
{
    return search_seed_start(s, kind, with_line);
}

static ALWAYS_INLINE astar_status seed_hex(search *s, astar_open_list kind)
{
    return search_seed_start(s, kind, on_hexes);
}

SEARCH_STEPS(step_plain, grid_search, true, plain, seed, expand_plain)
SEARCH_STEPS(step_extras, grid_search, true, with_line, seed_extras, expand_extras)
SEARCH_STEPS(step_hex_plain, grid_search, true, on_hexes, seed_hex, expand_hex_plain)
SEARCH_STEPS(step_hex_extras, grid_search, true, on_hexes, seed_hex, expand_hex_extras)
/* JPS's open lists: the heap or the buckets. */
SEARCH_STEPS(step_jps_steps, grid_search, false, plain, seed, expand_jps_steps)

/* An edit touches A* (or JPS stepping) near what it has read, or when it
 * changes what the search took from the whole map as it began: on uniform
 * terrain the one step price, the islands that let start and goal meet,
 * and with dead_ends (A*'s loops, not JPS stepping's, which uses none)
 * the dead-end areas. */
static bool grid_touched(const search_state *st, uint32_t cell, bool dead_ends)
{
    const grid_search *a = SEARCH_RECORD(st, const grid_search);
    const astar_grid *grid = a->g.grid;
    uint32_t terrain = grid->terrain[grid_padded_index(grid, (int)(cell % (uint32_t)grid->width),
                                                      (int)(cell / (uint32_t)grid->width))];
    if (a->uniform && terrain && terrain * a->g.cost[0] != a->step_cost[0])
        return true;
    /* With the grid's dead ends, whether and what A* leaves out is worked
     * out from the whole map as it begins: a fresh search may leave out
     * another area. */
    if (dead_ends && (st->extras.dead_ends || grid->dead_ends))
        return true;
    /* The islands let it begin: a fresh search answers at once once an
     * edit has put start and goal apart. */
    uint32_t w = (uint32_t)grid->width;
    if (grid->islands && !a->s.partial &&
        islands_label(grid->islands, grid, (int)(a->s.start % w), (int)(a->s.start / w)) !=
            islands_label(grid->islands, grid, a->s.target_x, a->s.target_y))
        return true;
    return astar__search_read_near(st, cell);
}

static bool squares_touched(const search_state *st, uint32_t cell)
{
    return grid_touched(st, cell, true);
}

SEARCH_KIND(kind_plain, step_plain, grid_search, false, squares_touched)
/* A* with the game world or dead ends, or straight-line ties. */
SEARCH_KIND(kind_extras, step_extras, grid_search, false, squares_touched)
SEARCH_KIND(kind_hex_plain, step_hex_plain, grid_search, false, squares_touched)
SEARCH_KIND(kind_hex_extras, step_hex_extras, grid_search, false, squares_touched)
/* JPS stepping, and whether the grid is still cluttered when that chose
 * it: else a fresh search would scan. */
static bool steps_touched(const search_state *st, uint32_t cell)
{
    const grid_search *a = SEARCH_RECORD(st, const grid_search);
    return (a->cluttered && !astar_grid_cluttered(a->g.grid)) || grid_touched(st, cell, false);
}

SEARCH_KIND(kind_jps_steps, step_jps_steps, grid_search, false, steps_touched)

/* What every search on grid_search sets up alike. */
static grid_search *begin_on_squares(search_state *st, astar_context *ctx, const astar_grid *grid,
                                     uint32_t start, uint32_t target, const astar_options *options)
{
    grid_search *a = SEARCH_RECORD(st, grid_search);
    a->s = search_on_grid(ctx, grid, options, ASTAR_MAX_COST, &a->g);
    a->uniform = astar_grid_uniform(grid);
    a->cluttered = false;
    a->turn_penalty = options->world.turn_penalty;
    a->extras = &st->extras;
    a->s.start = start;
    a->s.target = target;
    a->s.target_x = (int)(target % (uint32_t)grid->width);
    a->s.target_y = (int)(target / (uint32_t)grid->width);
    search_line(&a->s, (int)(start % (uint32_t)grid->width), (int)(start / (uint32_t)grid->width));
    /* On uniform terrain every walkable cell costs what the target costs. */
    uint32_t terrain = grid->terrain[grid_padded_index(grid, a->s.target_x, a->s.target_y)];
    for (int d = 0; d < DIRECTIONS; d++)
        a->step_cost[d] = a->g.cost[d] * terrain;
    ctx->model = a->s.model;
    st->end = target;
    return a;
}

astar_status astar__astar_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                uint32_t start, uint32_t target, const astar_options *options)
{
    grid_extras *extras = &st->extras;
    bool uniform_costs =
        astar_grid_uniform(grid) && extras->layers.count == 0 && !extras->units.units;
    bool hex = hex_topology(grid->topology);
    /* Dead-end areas are found by squares' 4 sides, which are not how hexes
     * connect. */
    extras->dead_ends = !hex && astar__dead_end_filter_init(&extras->dead_end, grid, start, target,
                                                            options->moves, uniform_costs);
    grid_search *a = begin_on_squares(st, ctx, grid, start, target, options);
    /* The loop with extras when the game world or the dead ends price or
     * leave out steps beyond the article's; the plain one otherwise. */
    /* The straight-line ties are served by the loop with extras, so that
     * the plain one has no code for them in its way. */
    bool extra = astar__options_world_used(options) || extras->dead_ends ||
                 options->search.ties == ASTAR_TIES_STRAIGHT;
    st->kind = hex ? (extra ? &kind_hex_extras : &kind_hex_plain)
                   : (extra ? &kind_extras : &kind_plain);
    astar_open_list kind = search_choose_list(&a->s, astar__options_consistent(options), true);
    if (hex)
        return search_start(&a->s, kind, on_hexes, seed_hex);
    return extra ? search_start(&a->s, kind, with_line, seed_extras)
                 : search_start(&a->s, kind, plain, seed);
}

astar_status astar__jps_steps_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                    uint32_t start, uint32_t target, const astar_options *options)
{
    st->extras.dead_ends = false;
    grid_search *a = begin_on_squares(st, ctx, grid, start, target, options);
    /* Each square's parent is one step back, as A*'s: astar_context_node
     * reads it so. */
    ctx->algorithm = ASTAR_ALGORITHM_ASTAR;
    a->cluttered = options->jumps == ASTAR_JUMPS_AUTO;
    st->kind = &kind_jps_steps;
    astar_open_list kind = search_choose_list(&a->s, astar__options_consistent(options), false);
    return search_start(&a->s, kind, plain, seed);
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
    node->h = (uint32_t)cost_h_at(&ctx->model, x, y, gx, gy);
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
