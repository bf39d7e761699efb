/* Searches from a start to a goal, whole or in slices: the request checked
 * once, the search begun on the context's search state (state.h), run on
 * for as many expansions as the caller allows, and its answer - a path,
 * whole or partial - read when it has ended. astar_find_path is the same
 * three steps in one call. */
#include "grid/grid.h"
#include "grid/islands.h"
#include "core/options.h"
#include "search/jps.h"
#include "search/state.h"
#include "search/unit_space.h"

typedef astar_status (*begin_fn)(search_state *st, astar_context *ctx, const astar_grid *grid,
                                 uint32_t start, uint32_t target, const astar_options *options);

/* Each algorithm of astar_options.algorithm: whether it serves a request
 * on a grid (NULL: every one), its begin, and whether its paths are of
 * cells, which a unit of a size walks on its shadow or its clearance (the
 * spaces below); an algorithm that is not refuses such a unit in its
 * check. A new algorithm is a line here. */
static const struct {
    astar_status (*check)(const astar_grid *grid, const astar_options *options);
    begin_fn begin;
    bool cells;
} algorithms[] = {
    [ASTAR_ALGORITHM_ASTAR] = { NULL, astar__astar_begin, true },
    [ASTAR_ALGORITHM_JPS] = { astar__jps_check, astar__jps_begin, true },
    [ASTAR_ALGORITHM_JPS_PLUS] = { astar__jps_check, astar__jps_begin, true },
    [ASTAR_ALGORITHM_ANYA] = { astar__anya_check, astar__anya_begin, false },
};

/* The shadow a request for a unit of a size runs on, the map as the unit
 * sees it kept as a grid (astar_grid_enable_sized_shadow): NULL when it
 * asks for no such unit or the grid keeps none for it. */
static const astar_grid *shadow_for(const astar_grid *grid, const astar_options *options)
{
    if (!astar__options_sized(options))
        return NULL;
    return astar_grid_sized_shadow(grid, options_unit_size(options), options->world.capability);
}

/* Among other units a unit searches over clearance (sized.c), which reads
 * their footprints: the shadow holds only the map. */
static bool shadow_asked(const astar_grid *grid, const astar_options *options)
{
    return algorithms[options->algorithm].cells && !options->world.units &&
           shadow_for(grid, options) != NULL;
}

/* On the shadow the algorithm's own check, what the grid refuses a unit
 * (unit_space_check), and the ends on the shadow, walkable exactly where
 * the unit fits: the statuses the search over clearance gives, without
 * reading the clearance (a query of a few microseconds felt its two
 * cache misses). */
static astar_status shadow_check(const astar_grid *grid, const astar_options *options,
                                 astar_point start, astar_point goal)
{
    const astar_grid *shadow = shadow_for(grid, options);
    astar_options one = astar__options_one_cell(options);
    astar_status status = algorithms[options->algorithm].check
                              ? algorithms[options->algorithm].check(shadow, &one)
                              : ASTAR_OK;
    if (status == ASTAR_OK)
        status = unit_space_check(grid, options);
    return status == ASTAR_OK ? grid_ends_status(shadow, start, goal) : status;
}

/* The algorithm's begin on the shadow. The state keeps watching the grid's
 * edits (a shadow disabled under a search is then an edit that ends it,
 * never a count read from freed memory), each of which touches it. */
static astar_status shadow_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                 uint32_t start, uint32_t target, const astar_options *options)
{
    astar_options one = astar__options_one_cell(options);
    st->shadowed = true;
    return algorithms[options->algorithm].begin(st, ctx, shadow_for(grid, options), start, target,
                                                &one);
}

static bool sized_asked(const astar_grid *grid, const astar_options *options)
{
    (void)grid;
    return algorithms[options->algorithm].cells && astar__options_sized(options);
}

/* The search spaces a request on a grid may ask for beyond the grid's own
 * squares: whether the options (on this grid) ask for it, its check of the
 * request (in place of the algorithm's and of the ends'), and its begin.
 * The first asked for serves the request. A new space is a line here. */
static const struct {
    bool (*asked)(const astar_grid *grid, const astar_options *options);
    astar_status (*check)(const astar_grid *grid, const astar_options *options,
                          astar_point start, astar_point goal);
    begin_fn begin;
} spaces[] = {
    { shadow_asked, shadow_check, shadow_begin },             /* a unit on its shadow */
    { sized_asked, astar__sized_check, astar__sized_begin },  /* a unit of a size */
};

/* The check of the space or algorithm that serves the request, the ends
 * included, and which begin that is. */
static astar_status check_space(const astar_grid *grid, astar_point start, astar_point goal,
                                const astar_options *options, begin_fn *begin)
{
    for (size_t i = 0; i < sizeof spaces / sizeof *spaces; i++)
        if (spaces[i].asked(grid, options)) {
            *begin = spaces[i].begin;
            return spaces[i].check(grid, options, start, goal);
        }
    *begin = algorithms[options->algorithm].begin;
    if (algorithms[options->algorithm].check) {
        astar_status status = algorithms[options->algorithm].check(grid, options);
        if (status != ASTAR_OK)
            return status;
    }
    return grid_ends_status(grid, start, goal);
}

/* Checks the request, sets up the layers and units it asks for, and says
 * which begin serves it. */
static astar_status check_request(const astar_context *ctx, const astar_grid *grid,
                                  astar_point start, astar_point goal,
                                  const astar_options *options, layer_sum *layers,
                                  unit_view *units, begin_fn *begin)
{
    if (!ctx || !grid || !astar__options_valid(options) ||
        astar__layer_sum_setup(layers, options, grid) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_status status = astar__unit_view_setup(units, options, grid);
    if (status != ASTAR_OK)
        return status;
    if (astar_grid_cells(grid) > ctx->max_cells)
        return ASTAR_MAP_TOO_LARGE;
    status = check_space(grid, start, goal, options, begin);
    if (status != ASTAR_OK)
        return status;
    if (units->units && (goal.x != start.x || goal.y != start.y) &&
        unit_view_blocks(units, goal.x, goal.y))
        return ASTAR_GOAL_OCCUPIED;
    return ASTAR_OK;
}

/* Checks the request and begins the search on ctx's state: the status of
 * a request refused, else ASTAR_IN_PROGRESS (the search may have ended at
 * once: its state says). */
static astar_status begin(astar_context *ctx, const astar_grid *grid, astar_point start,
                          astar_point goal, const astar_options *options)
{
    if (!ctx)
        return ASTAR_INVALID_ARGUMENT;
    search_state *st = ctx->state;
    st->map_edits = NULL; /* whatever ran on ctx before is over */
    begin_fn begin_kind;
    astar_status status = check_request(ctx, grid, start, goal, options, &st->extras.layers,
                                        &st->extras.units, &begin_kind);
    if (status != ASTAR_OK)
        return status;
    ctx->width = grid->width;
    ctx->height = grid->height;
    ctx->algorithm = options->algorithm;
    uint32_t start_cell = (uint32_t)start.y * (uint32_t)grid->width + (uint32_t)start.x;
    uint32_t target = (uint32_t)goal.y * (uint32_t)grid->width + (uint32_t)goal.x;
    ctx->goal = target;
    const islands *isl = islands_for(grid, options);
    if (isl && !options->search.partial &&
        islands_label(isl, grid, start.x, start.y) != islands_label(isl, grid, goal.x, goal.y)) {
        /* Different islands (for a unit of a size, its own when enabled):
         * nothing to search, and nothing reached. A partial path needs the
         * squares reached, so it searches anyway. */
        context_begin(ctx, LAYOUT_LISTS);
        *st = (search_state){ .kind = NULL };
        astar__search_state_on_grid(st, grid, options);
        astar__search_state_started(st, &grid->edits, ASTAR_NO_PATH);
        return ASTAR_IN_PROGRESS;
    }
    astar__search_state_on_grid(st, grid, options);
    st->layered = st->extras.layers.count > 0;
    status = begin_kind(st, ctx, grid, start_cell, target, options);
    astar__search_state_started(st, &grid->edits, status);
    return ASTAR_IN_PROGRESS;
}

static astar_status find_path(astar_context *ctx, const astar_grid *grid, astar_point start,
                              astar_point goal, const astar_options *options, astar_route *route)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!astar__route_reset(route, ROUTE_POINTS))
        return ASTAR_INVALID_ARGUMENT;
    astar_status status = begin(ctx, grid, start, goal, options);
    if (status != ASTAR_IN_PROGRESS)
        return status;
    return astar__search_state_complete(ctx->state, route, NULL);
}

astar_status astar_find_path(astar_context *ctx, const astar_grid *grid, astar_point start,
                             astar_point goal, const astar_options *options, astar_route *route)
{
    return astar__route_answer(route, find_path(ctx, grid, start, goal, options, route));
}

astar_status astar_search_begin(astar_context *ctx, const astar_grid *grid, astar_point start,
                                astar_point goal, const astar_options *options)
{
    astar_options defaults = astar_options_default();
    return begin(ctx, grid, start, goal, options ? options : &defaults);
}

astar_status astar_search_step(astar_context *ctx, uint32_t max_expansions)
{
    if (!ctx || !ctx->state->map_edits)
        return ASTAR_INVALID_ARGUMENT;
    return astar__search_state_step(ctx->state, max_expansions);
}

astar_status astar_search_finish(const astar_context *ctx, astar_route *route, size_t *which)
{
    if (!astar__route_reset(route, ROUTE_POINTS) || !ctx || !ctx->state->map_edits ||
        ctx->state->graph)
        return astar__route_answer(route, ASTAR_INVALID_ARGUMENT);
    return astar__route_answer(route, astar__search_state_finish(ctx->state, route, which));
}

uint32_t astar_search_expanded(const astar_context *ctx)
{
    return ctx && ctx->state->map_edits && ctx->state->kind ? ctx->state->u.s.expanded
                                                                      : 0;
}

void astar__search_state_on_grid(search_state *st, const astar_grid *grid,
                                 const astar_options *options)
{
    st->grid = grid;
    st->graph = NULL;
    st->on_edit = options->search.on_edit;
    st->layered = false;
    st->shadowed = false;
}

bool astar__search_read_near(const search_state *st, uint32_t cell)
{
    const search *s = &st->u.s;
    if (cell == s->target || context_list_any(s->ctx, cell) != ASTAR_LIST_NONE)
        return true;
    const astar_grid *grid = st->grid;
    int x = (int)(cell % (uint32_t)grid->width), y = (int)(cell / (uint32_t)grid->width);
    for (unsigned d = 0; d < DIRECTIONS; d++) {
        int nx = x + move_dx[d], ny = y + move_dy[d];
        if (grid_contains(grid, nx, ny) &&
            context_list_any(s->ctx, (uint32_t)ny * (uint32_t)grid->width + (uint32_t)nx) ==
                ASTAR_LIST_CLOSED)
            return true;
    }
    return false;
}

/* Whether the search on st may go on after the edits of its map since it
 * last looked: none touched it (its kind's rule, each edit's cell read
 * from the grid's feed), or it was asked to finish whatever is edited. */
/* Whether an index of the grid was enabled or disabled since the search
 * last looked, or the feed no longer says. */
static bool indexes_changed(const search_state *st, uint64_t now)
{
    for (uint64_t e = st->edits + 1; e <= now; e++) {
        uint32_t cell = grid_fed_cell(st->grid, e);
        if (cell == FEED_INDEX || cell == FEED_WHOLE)
            return true;
    }
    return false;
}

static bool untouched(const search_state *st)
{
    uint64_t now = *st->map_edits;
    /* Finishing reads the map as it now is - but a search on a unit's
     * shadow reads a grid an index change may have freed. */
    if (st->on_edit == ASTAR_ON_EDIT_FINISH)
        return !st->shadowed || !indexes_changed(st, now);
    /* A cost layer it reads, edited anywhere: the costs of the squares it
     * has reached may have changed. */
    if (st->layered && layer_sum_edits(&st->extras.layers) != st->layer_edits)
        return false;
    if (now == st->edits)
        return true;
    if (!st->grid || !st->kind || !st->kind->touched || st->shadowed)
        return false;
    for (uint64_t e = st->edits + 1; e <= now; e++) {
        uint32_t cell = grid_fed_cell(st->grid, e);
        /* An index enabled or disabled: the search may hold it. */
        if (cell == FEED_WHOLE || cell == FEED_INDEX || st->kind->touched(st, cell))
            return false;
    }
    return true;
}

void astar__search_state_started(search_state *st, const uint64_t *map_edits, astar_status begun)
{
    st->status = begun;
    st->edits = *map_edits;
    st->map_edits = map_edits;
    st->layer_edits = st->layered ? layer_sum_edits(&st->extras.layers) : 0;
}

/* How a search that ended is told: a partial path as such, when it was
 * asked for and a square was closed to lead to. */
static astar_status ended(const search_state *st, astar_status status)
{
    if (!st->u.s.partial || st->u.s.nearest == NO_CELL)
        return status;
    switch (status) {
    case ASTAR_NO_PATH:
    case ASTAR_COST_OVERFLOW: return ASTAR_PARTIAL_NO_PATH;
    case ASTAR_EXPANSION_LIMIT: return ASTAR_PARTIAL_LIMIT;
    default: return status;
    }
}

size_t astar__search_source(const search_state *st)
{
    const astar_context *ctx = st->u.s.ctx;
    return ctx->list[ctx->slot[st->end]].tie;
}

astar_status astar__search_state_step(search_state *st, uint32_t budget)
{
    if (st->status != ASTAR_IN_PROGRESS)
        return st->status;
    if (!untouched(st))
        return st->status = ASTAR_MAP_CHANGED;
    st->edits = *st->map_edits;
    if (budget == 0)
        return ASTAR_IN_PROGRESS;
    astar_status status = st->kind ? st->kind->step(st, budget) : ASTAR_INVALID_ARGUMENT;
    return st->status = status == ASTAR_IN_PROGRESS ? status : ended(st, status);
}

astar_status astar__search_state_end(const search_state *st, uint32_t *end, uint32_t *expanded)
{
    *end = NO_CELL;
    if (st->status == ASTAR_IN_PROGRESS)
        return st->status;
    /* A search that ended before it began (the islands put its ends
     * apart) has read nothing a kind could answer for: every edit touches
     * it, as a fresh search might now find a path or a blocked end. */
    if (!untouched(st))
        return ASTAR_MAP_CHANGED;
    if (!st->kind)
        return st->status;
    *expanded = st->u.s.expanded;
    switch (st->status) {
    case ASTAR_OK: *end = st->end; break;
    case ASTAR_PARTIAL_NO_PATH:
    case ASTAR_PARTIAL_LIMIT: *end = st->u.s.nearest; break;
    default: break;
    }
    return st->status;
}

astar_status astar__search_state_finish(const search_state *st, astar_route *route, size_t *which)
{
    uint32_t end;
    astar_status ended = astar__search_state_end(st, &end, &route->expanded);
    if (end == NO_CELL)
        return ended;
    if (st->kind->finish)
        st->kind->finish(st, end, route);
    else
        astar__search_finish(&st->u.s, end, st->kind->from_sources, route);
    if (which && st->kind->from_sources && st->status == ASTAR_OK)
        *which = astar__search_source(st);
    return st->status;
}

astar_status astar__search_state_complete(search_state *st, astar_route *route, size_t *which)
{
    while (st->status == ASTAR_IN_PROGRESS)
        astar__search_state_step(st, UINT32_MAX);
    astar_status status = astar__search_state_finish(st, route, which);
    st->map_edits = NULL;
    return status;
}
