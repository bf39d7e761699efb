/* A* as "A* Pathfinding for Beginners" defines it: open and closed lists,
 * F = G + H, parents re-pointed when a lower G is found, a stop when the
 * target is closed. find_path() is the whole method; the helpers above it
 * are its steps. */
#include <stdlib.h>

#include "context.h"
#include "cost.h"
#include "dead_ends.h"
#include "grid.h"
#include "islands.h"
#include "jps.h"
#include "layers.h"
#include "moves.h"
#include "open_list.h"
#include "options.h"
#include "units.h"

/* What one search needs at hand, set up once before the loop. */
typedef struct search {
    astar_context *ctx;
    const astar_grid *grid;
    const uint8_t *terrain;       /* the grid's padded cells */
    const uint8_t *around;        /* and their walkable neighbours */
    int width, stride;
    uint32_t start, target;       /* the start was entered by no step */
    int target_x, target_y;
    cost_model model;
    astar_moves moves;
    astar_ties ties;
    astar_open_list open_list;
    bool stop_on_open;
    bool uniform;                 /* every walkable cell costs the same: step_cost */
    astar_observer observer;
    void *observer_user;
    uint32_t turn_penalty;        /* 0: off */
    uint32_t added;               /* squares added so far: the tie order */
    bool over_limit;              /* a square was left out: its F passed ASTAR_MAX_COST */
    bool out_of_entries;          /* the buckets had no entry left (see buckets.h) */
    int32_t cell_step[DIRECTIONS];      /* per direction, the change of cell index */
    int32_t terrain_step[DIRECTIONS];   /* and of padded index */
    uint32_t move_cost[DIRECTIONS];     /* straight or diagonal */
    uint32_t step_cost[DIRECTIONS];     /* the same times the terrain, if uniform */
    layer_sum layers;             /* the caller's cost layers, if any */
    unit_view units;              /* the other units, if any */
    bool dead_ends;               /* leave out dead ends, per dead_end */
    dead_end_filter dead_end;
} search;

/* Layers and units are set up by check_request, which checks them. */

static search search_setup(astar_context *ctx, const astar_grid *grid, uint32_t start,
                           uint32_t target, astar_point goal, const astar_options *options,
                           const layer_sum *layers, const unit_view *units)
{
    search s = {
        .ctx = ctx,
        .grid = grid,
        .terrain = grid->terrain,
        .around = grid->around,
        .width = grid->width,
        .stride = grid->stride,
        .start = start,
        .target = target,
        .target_x = goal.x,
        .target_y = goal.y,
        .model = cost_model_of(options),
        .moves = options->moves,
        .ties = options->ties,
        .open_list = options->open_list,
        .stop_on_open = options->stop == ASTAR_STOP_OPEN,
        .uniform = astar_grid_uniform(grid),
        .observer = options->observer,
        .observer_user = options->observer_user,
        .layers = *layers,
        .units = *units,
        .turn_penalty = options->world.turn_penalty,
    };
    /* On uniform terrain every walkable cell costs what the target costs. */
    uint32_t terrain = grid->terrain[grid_padded_index(grid, goal.x, goal.y)];
    for (int d = 0; d < DIRECTIONS; d++) {
        s.cell_step[d] = move_dy[d] * grid->width + move_dx[d];
        s.terrain_step[d] = move_dy[d] * grid->stride + move_dx[d];
        s.move_cost[d] = move_is_diagonal(move_dx[d], move_dy[d]) ? s.model.diagonal : s.model.straight;
        s.step_cost[d] = s.move_cost[d] * terrain;
    }
    return s;
}

static inline uint32_t distance_1d(int a, int b)
{
    return (uint32_t)(a > b ? a - b : b - a);
}

static ALWAYS_INLINE uint64_t h_of(const search *s, int x, int y)
{
    return cost_h(&s->model, distance_1d(x, s->target_x), distance_1d(y, s->target_y));
}

/* Lower ties leave the open list first. */
static inline uint32_t tie_of(search *s, uint32_t g)
{
    switch (s->ties) {
    case ASTAR_TIES_FIRST: return s->added;
    case ASTAR_TIES_LAST: return UINT32_MAX - s->added;
    case ASTAR_TIES_DEEP: break;
    }
    return UINT32_MAX - g;
}

/* The open list's operations for each kind. The kind is a constant wherever
 * they are inlined (see run_with), so each loop keeps only its own. */

static ALWAYS_INLINE void open_list_start(search *s, astar_open_list kind, uint32_t start_f)
{
    astar_context *ctx = s->ctx;
    context_begin(ctx, kind == ASTAR_OPEN_LIST_BUCKETS ? LAYOUT_BUCKETS : LAYOUT_LISTS);
    if (kind == ASTAR_OPEN_LIST_BUCKETS)
        bucket_start(&ctx->buckets, s->width, &s->model, s->target_x, s->target_y, start_f,
                     false);
}

static ALWAYS_INLINE astar_list open_list_state(const search *s, astar_open_list kind,
                                                uint32_t cell)
{
    if (kind == ASTAR_OPEN_LIST_BUCKETS)
        return bucket_list_of(&s->ctx->buckets, cell);
    return context_list_of(s->ctx, cell);
}

/* F of a square on the open list of a kind other than BUCKETS. */
static ALWAYS_INLINE uint32_t open_list_f(const search *s, uint32_t cell)
{
    return s->ctx->list[s->ctx->slot[cell]].f;
}

/* Puts the square at (x, y) on the open list with F = f, G = g and its
 * parent in direction -dir; or, when it is there already (repoint), gives it
 * them. Re-pointed squares keep their tie unless ties are by G. */
static ALWAYS_INLINE void open_list_put(search *s, astar_open_list kind, uint32_t cell, int x,
                                        int y, unsigned dir, uint32_t g, uint32_t f,
                                        bool repoint)
{
    astar_context *ctx = s->ctx;
    if (kind == ASTAR_OPEN_LIST_BUCKETS) {
        if (!bucket_reach(&ctx->buckets, cell, (uint32_t)x | (uint32_t)y << 16, dir, g, f))
            s->out_of_entries = true;
        /* Squares added last leave first, so this one is likely the next
         * expanded; its neighbours not read yet lie beyond it, in the
         * direction it was reached in. Ask for their line now. */
        bucket_prefetch(&ctx->buckets, (uint32_t)((int64_t)cell + s->cell_step[dir]));
        return;
    }
    if (repoint) {
        uint32_t pos = ctx->slot[cell];
        list_entry *e = &ctx->list[pos];
        e->f = f;
        e->cell_dir = cell << DIR_BITS | dir;
        if (s->ties == ASTAR_TIES_DEEP)
            e->tie = tie_of(s, g);
        open_decreased(ctx, kind, pos);
        return;
    }
    list_entry e = { .f = f, .tie = tie_of(s, g), .cell_dir = cell << DIR_BITS | dir };
    s->added++;
    open_push(ctx, kind, e);
}

/* Takes the square with the lowest F off the open list and switches it to
 * the closed list. Returns false when the open list is empty. */
static ALWAYS_INLINE bool open_list_take(search *s, astar_open_list kind, square *out)
{
    astar_context *ctx = s->ctx;
    uint32_t w = (uint32_t)s->width;
    if (kind == ASTAR_OPEN_LIST_BUCKETS)
        return context_take_bucket(ctx, out);
    if (ctx->open_count == 0)
        return false;
    list_entry e = open_pop(ctx, kind);
    context_close(ctx, e);
    out->cell = entry_cell(&e);
    out->x = (int)(out->cell % w);
    out->y = (int)(out->cell / w);
    out->g = e.f - (uint32_t)h_of(s, out->x, out->y);
    out->dir = entry_dir(&e);
    return true;
}

/* Whether the search needs per-neighbour work beyond the article's: one
 * condition per feature. Without it, the loop is compiled without them. */
static bool search_has_extras(const search *s)
{
    return s->layers.count > 0 || s->units.units != NULL || s->dead_ends ||
           s->turn_penalty != 0;
}

/* Step c) of the article for every square adjacent to current. Returns
 * whether the target was added to the open list. With extras false (a
 * constant, see run), the extra features' code is compiled out. */
static ALWAYS_INLINE bool look_at_neighbours(search *s, astar_open_list kind, const bool extras,
                                             const square *current)
{
    size_t here = (size_t)current->cell + 2 * (size_t)current->y + (size_t)s->stride + 1;
    unsigned legal = moves_legal(s->moves, s->around[here]);
    if (current->cell != s->start)
        legal &= ~move_bit(move_opposite(current->dir)); /* the parent: closed */
    /* The direction of the step that entered current; the start has none. */
    unsigned entered = DIRECTIONS;
    if (extras && s->turn_penalty && current->cell != s->start)
        entered = current->dir;

    for (; legal; legal &= legal - 1) {
        unsigned d = (unsigned)__builtin_ctz(legal);
        uint32_t next = (uint32_t)((int64_t)current->cell + s->cell_step[d]);
        astar_list list = open_list_state(s, kind, next);
        if (list == ASTAR_LIST_CLOSED)
            continue; /* on the closed list: ignore it */
        if (extras && s->dead_ends && list == ASTAR_LIST_NONE &&
            dead_end_filter_skips(&s->dead_end, next))
            continue; /* on no simple path to the target: a dead end (note 6) */

        int x = current->x + move_dx[d], y = current->y + move_dy[d];
        uint64_t new_g;
        if (!extras && s->uniform) {
            new_g = (uint64_t)current->g + s->step_cost[d];
        } else {
            /* What the move cost is multiplied by. */
            uint64_t factor = s->terrain[(ptrdiff_t)here + s->terrain_step[d]];
            if (extras && s->layers.count > 0)
                factor += layer_sum_at(&s->layers, next);
            if (extras && s->units.units) {
                if (unit_view_blocks(&s->units, next, x, y))
                    continue; /* another unit is in the way: unwalkable for this search */
                if (s->units.penalty > 0)
                    factor += unit_view_penalty(&s->units, next);
            }
            new_g = current->g + (uint64_t)s->move_cost[d] * factor;
            if (extras && entered != DIRECTIONS && d != entered)
                new_g += s->turn_penalty; /* the step changes direction */
        }
        if (kind == ASTAR_OPEN_LIST_BUCKETS && list == ASTAR_LIST_OPEN &&
            new_g >= s->ctx->buckets.g[next])
            continue; /* no better than its path: the buckets keep G, so H can wait */
        uint64_t new_f = new_g + h_of(s, x, y);
        if (new_f > ASTAR_MAX_COST) {
            /* Costs are 32-bit. Unless H overestimates, every path through
             * this square costs at least F, so leaving it out loses no path
             * within the limit; the search reports it if it then fails. */
            s->over_limit = true;
            continue;
        }
        if (list == ASTAR_LIST_NONE) {
            /* Not on the open list: add it, with the current square as parent. */
            open_list_put(s, kind, next, x, y, d, (uint32_t)new_g, (uint32_t)new_f, false);
            if (s->stop_on_open && next == s->target)
                return true;
        } else if (kind == ASTAR_OPEN_LIST_BUCKETS || new_f < open_list_f(s, next)) {
            /* Already open, and this path to it is better, by G (with the
             * same H on both sides, a lower F says the same): re-point its
             * parent to the current square and recalculate G and F. */
            open_list_put(s, kind, next, x, y, d, (uint32_t)new_g, (uint32_t)new_f, true);
        }
    }
    return false;
}

/* Steps 1 and 2 of the article's summary. Inlined with a constant kind and
 * extras (see run), so that each open list gets a loop of its own with no
 * choice left in it: the heap's loop must not pay for the other two, nor
 * the plain loop for the features that look at every neighbour. */
static ALWAYS_INLINE astar_status run_with(search *s, astar_open_list kind, const bool extras,
                                           uint32_t start, astar_point start_xy,
                                           uint32_t *expanded)
{
    uint64_t start_f = h_of(s, start_xy.x, start_xy.y);
    if (start_f > ASTAR_MAX_COST)
        return ASTAR_COST_OVERFLOW;
    open_list_start(s, kind, (uint32_t)start_f);
    open_list_put(s, kind, start, start_xy.x, start_xy.y, 0, 0, (uint32_t)start_f, false);
    if (s->stop_on_open && start == s->target)
        return ASTAR_OK;
    square current;
    while (open_list_take(s, kind, &current)) { /* lowest F, switched to the closed list */
        if (current.cell == s->target)
            return ASTAR_OK;
        bool target_opened = look_at_neighbours(s, kind, extras, &current);
        if (kind == ASTAR_OPEN_LIST_BUCKETS && s->out_of_entries)
            return ASTAR_OUT_OF_MEMORY; /* not for the caller: run starts over */
        ++*expanded;
        if (s->observer)
            s->observer(s->observer_user, s->ctx, (astar_point){ current.x, current.y });
        if (target_opened)
            return ASTAR_OK;
    }
    /* The open list is empty. */
    return s->over_limit ? ASTAR_COST_OVERFLOW : ASTAR_NO_PATH;
}

/* The open list is chosen once per search, never per operation. BUCKETS
 * needs F taken in an order that never goes down and room in the context;
 * without them the heap serves. */
static ALWAYS_INLINE astar_status run_any_list(search *s, const astar_options *options,
                                               const bool extras, uint32_t start,
                                               astar_point start_xy, uint32_t *expanded)
{
    switch (s->open_list) {
    case ASTAR_OPEN_LIST_SORTED:
        return run_with(s, ASTAR_OPEN_LIST_SORTED, extras, start, start_xy, expanded);
    case ASTAR_OPEN_LIST_UNSORTED:
        return run_with(s, ASTAR_OPEN_LIST_UNSORTED, extras, start, start_xy, expanded);
    case ASTAR_OPEN_LIST_BUCKETS:
        if (options_consistent(options) && s->ctx->buckets.capacity > 0) {
            astar_status status = run_with(s, ASTAR_OPEN_LIST_BUCKETS, extras, start, start_xy, expanded);
            if (!s->out_of_entries)
                return status;
            /* Cannot happen (bucket_queue_init sizes the entries for A*),
             * but if it did, the heap would still give the answer. */
            *expanded = 0;
            s->over_limit = false;
        }
        break;
    case ASTAR_OPEN_LIST_HEAP:
        break;
    }
    return run_with(s, ASTAR_OPEN_LIST_HEAP, extras, start, start_xy, expanded);
}

/* The loops with extras live apart, so that the plain ones are compiled
 * into run (and run into astar_find_path) as they were without them. */
static NOINLINE astar_status run_extras(search *s, const astar_options *options,
                                        uint32_t start, astar_point start_xy,
                                        uint32_t *expanded)
{
    return run_any_list(s, options, true, start, start_xy, expanded);
}

/* The extras too are chosen once per search. */
static astar_status run(search *s, const astar_options *options, uint32_t start,
                        astar_point start_xy, uint32_t *expanded)
{
    if (search_has_extras(s))
        return run_extras(s, options, start, start_xy, expanded);
    return run_any_list(s, options, false, start, start_xy, expanded);
}

/* The cell a square's parent pointer leads to. */
static uint32_t parent_of(const search *s, uint32_t cell)
{
    return (uint32_t)((int64_t)cell - s->cell_step[context_dir(s->ctx, cell)]);
}

/* Step 3: work backwards from the target, from each square to its parent,
 * until the start; the points are written start first, into each buffer
 * they fit. Every square of an A* path is a node of its parent chain. */
static void save_path(const search *s, uint32_t start, astar_path *path)
{
    size_t length = 1;
    for (uint32_t c = s->target; c != start; c = parent_of(s, c))
        length++;
    path->length = path->node_count = length;
    astar_point *buffers[2] = {
        path->points && length <= path->capacity ? path->points : NULL,
        path->nodes && length <= path->node_capacity ? path->nodes : NULL,
    };
    size_t i = length;
    for (uint32_t c = s->target;; c = parent_of(s, c)) {
        --i;
        for (int b = 0; b < 2; b++)
            if (buffers[b])
                buffers[b][i] = (astar_point){ (int32_t)(c % (uint32_t)s->width),
                                               (int32_t)(c / (uint32_t)s->width) };
        if (c == start)
            break;
    }
}

/* Checks the request, and sets up the layers and units it asks for. */
static astar_status check_request(const astar_context *ctx, const astar_grid *grid,
                                  astar_point start, astar_point goal,
                                  const astar_options *options, const astar_path *path,
                                  layer_sum *layers, unit_view *units)
{
    if (!ctx || !grid || !path || !options_valid(options) ||
        (!path->points && path->capacity > 0) || (!path->nodes && path->node_capacity > 0) ||
        layer_sum_setup(layers, options, grid) != ASTAR_OK ||
        unit_view_setup(units, options, grid) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    if (astar_grid_cells(grid) > ctx->max_cells)
        return ASTAR_MAP_TOO_LARGE;
    if (options->algorithm != ASTAR_ALGORITHM_ASTAR) {
        astar_status status = jps_check(grid, options);
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
    if (options->algorithm != ASTAR_ALGORITHM_ASTAR)
        return jps_find_path(ctx, grid, start, goal, options, path);

    uint32_t start_cell = (uint32_t)start.y * (uint32_t)grid->width + (uint32_t)start.x;
    uint32_t target = (uint32_t)goal.y * (uint32_t)grid->width + (uint32_t)goal.x;
    /* Set up apart and copied in: if s's address went to another function,
     * the compiler would keep s in memory, and the plain loop would pay. */
    dead_end_filter dead_end;
    bool uniform_costs = astar_grid_uniform(grid) && layers.count == 0 && !units.units;
    bool dead_ends =
        dead_end_filter_init(&dead_end, grid, start_cell, target, options->moves, uniform_costs);
    search s = search_setup(ctx, grid, start_cell, target, goal, options, &layers, &units);
    s.dead_ends = dead_ends;
    s.dead_end = dead_end;
    ctx->goal = target;
    ctx->model = s.model;

    status = run(&s, options, start_cell, start, &path->expanded);
    if (status != ASTAR_OK)
        return status;
    path->cost = context_f(ctx, target); /* H is 0 at the target, so F is G */
    path->distance = (double)path->cost / s.model.straight;
    save_path(&s, start_cell, path);
    return (path->points && path->length > path->capacity) ||
                   (path->nodes && path->node_count > path->node_capacity)
               ? ASTAR_PATH_BUFFER_TOO_SMALL
               : ASTAR_OK;
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
