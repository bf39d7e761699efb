/* Dijkstra's algorithm (the article's note 8), run backwards from a set of
 * targets: the nearest of several targets, and distance maps with their
 * flow fields. It uses the search context as A* does - the open list is the
 * binary heap at the front of ctx->list, the closed list its back - with
 * these meanings for an entry:
 *   f         G: the cost of the cheapest path from the square to a target
 *   tie       the index of that target; (G, index) orders the heap, so the
 *             lowest index wins among equally near targets
 *   cell_dir  the direction d of the step from the square's parent, as in
 *             A*: the parent, cell - step d, is the square's first step
 *             towards its target. Targets have G = 0, which no other square
 *             has (every step costs at least 10). */

#include "grid/grid.h"
#include "grid/islands.h"
#include "core/moves.h"
#include "core/options.h"
#include "search/distance_map.h"
#include "search/grid_space.h"
#include "search/state.h"
#include "search/unit_space.h"

/* A cell's link packs its source's index above LINK_DIR_BITS bits of step:
 * the direction k of the step from its parent (the next cell is cell - step
 * k), or LINK_AT_SOURCE. Indices are below ASTAR_MAX_CELLS = 2^28, so they
 * fit the 28 bits left. */
enum { LINK_DIR_BITS = 4, LINK_AT_SOURCE = 8 };
#define LINK_NONE UINT32_MAX
/* The end of the chain a catch-up threads through links (see below). */
#define CHAIN_END (LINK_NONE - 1)

struct astar_distance_map {
    astar_allocator memory;   /* first, as distance_map_allocate keeps it */
    size_t max_cells;
    int width, height;   /* the grid of the last build; 0 while none is good */
    uint32_t *cost;      /* per cell (y * width + x) */
    uint32_t *link;
    /* What astar_distance_map_update catches up with: the grid of the last
     * build (compared, never read through), its edit count then, and the
     * options that shape the map (moves, costs, the unit). */
    const astar_grid *grid;
    uint64_t edits;
    astar_options options;
};

/* Whether reaching cell with G = g from the source `source` betters what
 * map holds for it: (G, source) is the order the build closes squares in,
 * so a catch-up keeps the build's choice among equally near sources. */
static inline bool map_improves(const astar_distance_map *map, uint32_t cell, uint64_t g,
                                uint32_t source)
{
    uint32_t held = map->cost[cell];
    return held == ASTAR_UNREACHABLE || g < held ||
           (g == held && source < map->link[cell] >> LINK_DIR_BITS);
}



/* Dijkstra backwards from a set of targets: what it reads beyond the
 * loop's search. */
typedef struct backward_search {
    search s;                     /* first: the loop hands the expansion &s */
    grid_space g;
    unit_space u;                 /* a unit of a size (sized_steps), or of one cell */
    const astar_point *targets;
    size_t count;
    const islands *isl;           /* [opt] the unit's islands (islands_for) */
    uint32_t island;              /* with islands: start's; 0 takes every target */
    const astar_distance_map *map; /* a map being caught up (repair_seed); else NULL */
    uint32_t chain;               /* its first forgotten cell, or CHAIN_END */
} backward_search;

static backward_search backward_setup(astar_context *ctx, const astar_grid *grid,
                                      const astar_options *options, uint32_t limit,
                                      uint32_t stop)
{
    backward_search b = { .count = 0 };
    b.s = search_on_grid(ctx, grid, options, limit, &b.g);
    b.u = unit_space_of(grid, options);
    /* The policy has no H; astar_context_node reads H through the model,
     * where the options' heuristic (not read here) would give it one. */
    b.s.model.heuristic = ASTAR_HEURISTIC_ZERO;
    b.s.target = stop;
    /* What astar_context_node needs to read this search. */
    ctx->model = b.s.model;
    ctx->width = grid->width;
    ctx->height = grid->height;
    ctx->goal = 0;
    ctx->algorithm = ASTAR_ALGORITHM_ASTAR;
    return b;
}

static inline uint32_t cell_of(const astar_grid *grid, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)grid->width + (uint32_t)p.x;
}

/* H = 0; a square's parent is the next square towards its target, one step
 * away; the index of that target orders equal G. */
static const search_policy from_targets = { PARENT_STEP, TIES_SOURCE, NULL };

/* Puts every walkable target on the open list with G = 0, skipping
 * repeats, targets the unit does not fit on and, with an island, targets
 * on other islands. */
static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    const backward_search *b = (const backward_search *)s;
    const astar_grid *grid = b->g.grid;
    search_begin(s, kind, 0);
    for (size_t i = 0; i < b->count; i++) {
        astar_point p = b->targets[i];
        if (!unit_fits(&b->u, grid, p.x, p.y) ||
            (b->island && islands_label(b->isl, grid, p.x, p.y) != b->island))
            continue;
        uint32_t cell = cell_of(grid, p);
        search_reach(s, kind, true, from_targets, cell, p.x, p.y, 0, cell, (uint32_t)i,
                     search_list(s, kind, cell), 0);
    }
    return ASTAR_OK;
}

/* The article's step c) turned around: a neighbour v of the closed square u
 * may reach u's target through u, paying for the step from v into u, which
 * is priced by u's terrain. The corner rule looks at the same two squares
 * for the step u -> v as for v -> u. With sized (a constant), the squares
 * are a unit's anchors and u's price the dearest terrain under the unit
 * (unit_space.h), as sized.c steps forwards. */
static ALWAYS_INLINE void look_at(search *s, astar_open_list kind, const bool sized,
                                  const bool repair, const bool traced, const square *u)
{
    const backward_search *b = (const backward_search *)s;
    const grid_space *g = &b->g;
    size_t here = (size_t)u->cell + 2 * (size_t)u->y + (size_t)g->stride + 1;
    uint32_t terrain = sized ? unit_dearest(&b->u, g->grid, u->x, u->y) : g->terrain[here];
    unsigned around = sized ? unit_around(&b->u, g->around[here], s->cell_step, u->cell) : g->around[here];
    for (unsigned legal = moves_legal_on(s->model.topology, g->moves, around, u->x, u->y);
         legal; legal &= legal - 1) {
        unsigned d = (unsigned)__builtin_ctz(legal);
        uint32_t next = (uint32_t)((int64_t)u->cell + s->cell_step[d]);
        astar_list list = search_list(s, kind, next);
        uint64_t to = u->g + (uint64_t)g->cost[d] * terrain;
        if (repair && list == ASTAR_LIST_NONE && !map_improves(b->map, next, to, u->tie))
            continue;
        if (list != ASTAR_LIST_CLOSED)
            search_reach(s, kind, traced, from_targets, next, u->x + move_dx[d], u->y + move_dy[d], d,
                         u->cell, u->tie, list, to);
    }
}

static ALWAYS_INLINE void look_at_neighbours(search *s, astar_open_list kind, const bool traced,
                                             const square *u)
{
    look_at(s, kind, false, false, traced, u);
}

static ALWAYS_INLINE void look_at_anchors(search *s, astar_open_list kind, const bool traced,
                                          const square *u)
{
    look_at(s, kind, true, false, traced, u);
}

SEARCH_STEPS(step_cells, backward_search, false, from_targets, seed, look_at_neighbours)
SEARCH_STEPS(step_anchors, backward_search, false, from_targets, seed, look_at_anchors)

static astar_status step_backward(backward_search *b, uint32_t budget)
{
    return b->u.clear ? step_anchors(b, budget) : step_cells(b, budget);
}

static astar_status start_backward(backward_search *b)
{
    return search_start(&b->s, ASTAR_OPEN_LIST_HEAP, from_targets, seed);
}

/* An edit touches a nearest search near what it has read, at a target, or
 * anywhere when it left out targets on other islands as it began. */
static bool nearest_touched(const search_state *st, uint32_t cell)
{
    const backward_search *b = SEARCH_RECORD(st, const backward_search);
    /* A unit's clearance moves up to ASTAR_MAX_UNIT_SIZE - 1 cells from
     * an edit, beyond what the search read. */
    if (b->island || b->u.clear)
        return true;
    for (size_t i = 0; i < b->count; i++)
        if (cell_of(b->g.grid, b->targets[i]) == cell)
            return true;
    return astar__search_read_near(st, cell);
}

SEARCH_KIND(kind_nearest, step_backward, backward_search, true, nearest_touched)

astar_status astar__nearest_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                  uint32_t start, const astar_point *targets, size_t count,
                                  const astar_options *options)
{
    backward_search *b = SEARCH_RECORD(st, backward_search);
    *b = backward_setup(ctx, grid, options, ASTAR_MAX_COST, start);
    b->targets = targets;
    b->count = count;
    /* Targets on another island than start cannot be reached: leaving them
     * out saves searching their islands, and with none left, the search. */
    b->isl = islands_for(grid, options);
    b->island = b->isl ? islands_label(b->isl, grid, (int)(start % (uint32_t)grid->width),
                                       (int)(start / (uint32_t)grid->width))
                       : 0;
    st->kind = &kind_nearest;
    st->end = start;
    return start_backward(b);
}

/* The checks both calls share: the objects, the options and the targets.
 * The backward step prices terrain and a unit's size only: layers, units
 * and a turn penalty are refused rather than left out of the costs. */
static astar_status check_targets(const astar_context *ctx, const astar_grid *grid,
                                  const astar_point *targets, size_t count,
                                  const astar_options *options)
{
    if (!ctx || !grid || (!targets && count > 0) || count > ASTAR_MAX_CELLS ||
        !astar__options_valid(options))
        return ASTAR_INVALID_ARGUMENT;
    if (astar_grid_cells(grid) > ctx->max_cells)
        return ASTAR_MAP_TOO_LARGE;
    const astar_world *w = &options->world;
    if (w->layer_count > 0 || w->units || w->turn_penalty)
        return ASTAR_UNSUPPORTED;
    return unit_space_check(grid, options);
}

static astar_status targets_inside(const astar_grid *grid, const astar_point *targets, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (!grid_contains(grid, targets[i].x, targets[i].y))
            return ASTAR_GOAL_OUT_OF_BOUNDS;
    return ASTAR_OK;
}

/* The checks of a nearest search, and its beginning on ctx's search
 * state: ASTAR_IN_PROGRESS, or why the request is refused. */
static astar_status begin_nearest(astar_context *ctx, const astar_grid *grid, astar_point start,
                                  const astar_point *targets, size_t count,
                                  const astar_options *options)
{
    astar_status status = check_targets(ctx, grid, targets, count, options);
    if (status != ASTAR_OK)
        return status;
    status = astar__backward_refusal(&options->search, false);
    if (status != ASTAR_OK)
        return status;
    if (!grid_contains(grid, start.x, start.y))
        return ASTAR_START_OUT_OF_BOUNDS;
    status = targets_inside(grid, targets, count);
    if (status != ASTAR_OK)
        return status;
    unit_space u = unit_space_of(grid, options);
    if (!unit_fits(&u, grid, start.x, start.y))
        return ASTAR_START_BLOCKED;
    search_state *st = ctx->state;
    astar__search_state_on_grid(st, grid, options);
    astar__search_state_started(st, &grid->edits, astar__nearest_begin(st, ctx, grid, cell_of(grid, start),
                                                               targets, count, options));
    return ASTAR_IN_PROGRESS;
}

astar_status astar_search_begin_nearest(astar_context *ctx, const astar_grid *grid,
                                        astar_point start, const astar_point *targets,
                                        size_t count, const astar_options *options)
{
    astar_options defaults = astar_options_default();
    if (ctx)
        ctx->state->map_edits = NULL;
    return begin_nearest(ctx, grid, start, targets, count, options ? options : &defaults);
}

static astar_status find_nearest(astar_context *ctx, const astar_grid *grid, astar_point start,
                                 const astar_point *targets, size_t count,
                                 const astar_options *options, astar_route *route, size_t *which)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!astar__route_reset(route, ROUTE_POINTS))
        return ASTAR_INVALID_ARGUMENT;
    astar_status status = begin_nearest(ctx, grid, start, targets, count, options);
    if (status != ASTAR_IN_PROGRESS)
        return status;
    return astar__search_state_complete(ctx->state, route, which);
}

astar_status astar_find_nearest(astar_context *ctx, const astar_grid *grid, astar_point start,
                                const astar_point *targets, size_t count,
                                const astar_options *options, astar_route *route, size_t *which)
{
    return astar__route_answer(route,
                               find_nearest(ctx, grid, start, targets, count, options, route, which));
}

/* ------------------------------------------------------------------------ */
/* Distance maps                                                            */
/* ------------------------------------------------------------------------ */

astar_status astar_distance_map_new(size_t max_cells, astar_distance_map **out)
{
    return astar_distance_map_new_with(max_cells, NULL, out);
}

astar_status astar_distance_map_new_with(size_t max_cells, const astar_allocator *allocator,
                                         astar_distance_map **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    astar_status status;
    astar_distance_map *map = distance_map_allocate(max_cells, allocator, sizeof *map, 2, &status);
    *out = map;
    if (!map)
        return status;
    map->max_cells = max_cells;
    map->width = map->height = 0;
    map->cost = (uint32_t *)(map + 1);
    map->link = map->cost + max_cells;
    return ASTAR_OK;
}

void astar_distance_map_delete(astar_distance_map *map)
{
    if (map)
        astar__release(&map->memory, map);
}

size_t astar_distance_map_bytes(const astar_distance_map *map)
{
    return map ? map->max_cells * (sizeof *map->cost + sizeof *map->link) : 0;
}

/* Every closed square's G, target and step into map. */
static void write_closed(astar_distance_map *map, const astar_context *ctx)
{
    for (size_t pos = ctx->max_cells - ctx->closed_count; pos < ctx->max_cells; pos++) {
        const list_entry *e = &ctx->list[pos];
        uint32_t cell = entry_cell(e);
        map->cost[cell] = e->f;
        map->link[cell] = e->tie << LINK_DIR_BITS | (e->f == 0 ? LINK_AT_SOURCE : entry_dir(e));
    }
}

/* The options that shape a map, and nothing else: a catch-up searches with
 * them, long after the caller's options (and what they point to) are gone. */
static astar_options map_options(const astar_options *options)
{
    astar_options kept = astar_options_default();
    kept.moves = options->moves;
    kept.costs = options->costs;
    kept.world.unit_size = options->world.unit_size;
    kept.world.capability = options->world.capability;
    return kept;
}

astar_status astar_distance_map_build(astar_distance_map *map, astar_context *ctx,
                                      const astar_grid *grid, const astar_point *sources,
                                      size_t count, const astar_options *options)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!map)
        return ASTAR_INVALID_ARGUMENT;
    map->width = map->height = 0;
    map->grid = NULL;
    astar_status status =
        distance_map_refusal(check_targets(ctx, grid, sources, count, options),
                             grid ? astar_grid_cells(grid) : 0, map->max_cells,
                             &options->search);
    if (status == ASTAR_OK)
        status = targets_inside(grid, sources, count);
    if (status != ASTAR_OK)
        return status;

    /* ASTAR_UNREACHABLE is no cost, so the limit is one below it. */
    backward_search b = backward_setup(ctx, grid, options, ASTAR_MAX_COST - 1, NO_CELL);
    b.targets = sources;
    b.count = count;
    status = start_backward(&b);
    while (status == ASTAR_IN_PROGRESS)
        status = step_backward(&b, UINT32_MAX);
    size_t cells = astar_grid_cells(grid);
    for (size_t i = 0; i < cells; i++) {
        map->cost[i] = ASTAR_UNREACHABLE;
        map->link[i] = LINK_NONE;
    }
    write_closed(map, ctx);
    map->width = grid->width;
    map->height = grid->height;
    map->grid = grid;
    map->edits = astar_grid_edits(grid);
    map->options = map_options(options);
    return status == ASTAR_COST_OVERFLOW ? status : ASTAR_OK;
}

/* Catching up with edits. A map is a tree: each reachable cell's link
 * points at the next cell towards its source. An edit can only raise the
 * costs of the cells whose way home reads the edited cell - the cells a
 * unit standing near it would step over, and everything downstream of
 * them in the tree - and can lower costs anywhere, from the edited cell
 * outwards. So the catch-up forgets the first (the "chain": their costs
 * set unreachable, their links threaded into a queue through the map
 * itself, so that it needs no memory of its own) and runs Dijkstra again
 * from the cells around them, which keep their costs, letting a square
 * onto the open list only where it betters what the map holds. What it
 * expands is what changed and its rim, not the map. */

typedef struct chain {
    astar_distance_map *map;
    const astar_grid *grid;
    unit_space u;                 /* the map's unit of a size; else clear NULL */
    uint32_t head, tail;
} chain;

/* Whether cell is a source of the map that can still be stood on: its cost
 * 0 holds whatever was edited. */
static bool source_stands(const chain *c, uint32_t cell)
{
    int x = (int)(cell % (uint32_t)c->map->width), y = (int)(cell / (uint32_t)c->map->width);
    return c->map->cost[cell] == 0 && astar_grid_walkable(c->grid, x, y) &&
           (!c->u.clear || unit_fits(&c->u, c->grid, x, y));
}

static bool chained(const astar_distance_map *map, uint32_t cell)
{
    return map->cost[cell] == ASTAR_UNREACHABLE && map->link[cell] != LINK_NONE;
}

static void chain_add(chain *c, uint32_t cell)
{
    if (chained(c->map, cell))
        return;
    c->map->cost[cell] = ASTAR_UNREACHABLE;
    c->map->link[cell] = CHAIN_END;
    if (c->head == CHAIN_END)
        c->head = cell;
    else
        c->map->link[c->tail] = cell;
    c->tail = cell;
}

/* Chains every cell a unit of the map's size could read a changed cell
 * through: the cells whose footprint covers it, and those one step away,
 * whose diagonal steps pass its corner. */
static void chain_edit(chain *c, astar_point at)
{
    const astar_distance_map *map = c->map;
    int size = map->options.world.unit_size > 1 ? map->options.world.unit_size : 1;
    for (int y = at.y - size; y <= at.y + 1; y++)
        for (int x = at.x - size; x <= at.x + 1; x++)
            if (x >= 0 && y >= 0 && x < map->width && y < map->height) {
                uint32_t cell = (uint32_t)y * (uint32_t)map->width + (uint32_t)x;
                if (!source_stands(c, cell))
                    chain_add(c, cell);
            }
}

/* The cell one step d from cell a of map, with its place in at; CHAIN_END
 * off the map. */
static uint32_t map_neighbour(const astar_distance_map *map, uint32_t a, unsigned d,
                              astar_point *at)
{
    int x = (int)(a % (uint32_t)map->width) + move_dx[d];
    int y = (int)(a / (uint32_t)map->width) + move_dy[d];
    *at = (astar_point){ x, y };
    if (x < 0 || y < 0 || x >= map->width || y >= map->height)
        return CHAIN_END;
    return (uint32_t)y * (uint32_t)map->width + (uint32_t)x;
}

/* Adds to the chain, behind each of its cells, the cells whose next step
 * is onto it: their way home went through it. */
static void chain_downstream(chain *c)
{
    astar_distance_map *map = c->map;
    for (uint32_t a = c->head; a != CHAIN_END; a = map->link[a])
        for (unsigned d = 0; d < DIRECTIONS; d++) {
            astar_point at;
            uint32_t n = map_neighbour(map, a, d, &at);
            if (n == CHAIN_END || map->cost[n] == ASTAR_UNREACHABLE || map->cost[n] == 0)
                continue;
            unsigned step = map->link[n] & ((1u << LINK_DIR_BITS) - 1);
            int64_t next = (int64_t)(at.y - move_dy[step]) * map->width + at.x - move_dx[step];
            if (next == (int64_t)a)
                chain_add(c, n);
        }
}

/* The seed of a catch-up: every cell next to the chain that kept its cost,
 * with that cost, source and step. */
static ALWAYS_INLINE astar_status repair_seed(search *s, astar_open_list kind)
{
    const backward_search *b = (const backward_search *)s;
    const astar_distance_map *map = b->map;
    search_begin(s, kind, 0);
    for (uint32_t a = b->chain; a != CHAIN_END; a = map->link[a])
        for (unsigned d = 0; d < DIRECTIONS; d++) {
            astar_point at;
            uint32_t n = map_neighbour(map, a, d, &at);
            if (n == CHAIN_END || map->cost[n] == ASTAR_UNREACHABLE ||
                search_list(s, kind, n) != ASTAR_LIST_NONE)
                continue;
            uint32_t link = map->link[n], step = link & ((1u << LINK_DIR_BITS) - 1);
            bool source = step == LINK_AT_SOURCE;
            uint32_t parent = source ? n : (uint32_t)((int64_t)n - s->cell_step[step]);
            search_reach(s, kind, true, from_targets, n, at.x, at.y, source ? 0 : step, parent,
                         link >> LINK_DIR_BITS, ASTAR_LIST_NONE, map->cost[n]);
        }
    return ASTAR_OK;
}

static ALWAYS_INLINE void repair_neighbours(search *s, astar_open_list kind, const bool traced,
                                            const square *u)
{
    look_at(s, kind, false, true, traced, u);
}

static ALWAYS_INLINE void repair_anchors(search *s, astar_open_list kind, const bool traced,
                                         const square *u)
{
    look_at(s, kind, true, true, traced, u);
}

SEARCH_STEPS(repair_cells, backward_search, false, from_targets, repair_seed, repair_neighbours)
SEARCH_STEPS(repair_units, backward_search, false, from_targets, repair_seed, repair_anchors)

astar_status astar_distance_map_update(astar_distance_map *map, astar_context *ctx,
                                       const astar_grid *grid)
{
    if (!map || !ctx || !grid)
        return ASTAR_INVALID_ARGUMENT;
    if (map->grid != grid)
        return ASTAR_INVALID_ARGUMENT;
    if (astar_grid_cells(grid) > ctx->max_cells)
        return ASTAR_MAP_TOO_LARGE;
    const astar_options *options = &map->options;
    if (astar__options_sized(options)) {
        astar_status fits = unit_space_check(grid, options);
        if (fits != ASTAR_OK)
            return fits;
    }
    uint64_t now = astar_grid_edits(grid);
    if (now == map->edits)
        return ASTAR_OK;

    chain c = { .map = map, .grid = grid, .head = CHAIN_END, .tail = CHAIN_END };
    if (astar__options_sized(options))
        c.u = unit_space_of(grid, options);
    bool whole = false;
    for (uint64_t e = map->edits + 1; e <= now && !whole; e++) {
        astar_point at;
        if (astar_grid_edit_cell(grid, e, &at) == ASTAR_OK)
            chain_edit(&c, at);
        else
            whole = true;
    }
    if (whole) {
        /* Past the feed: every cell but the sources is forgotten, and the
         * sources that can no longer be stood on with them. */
        size_t cells = astar_grid_cells(grid);
        for (uint32_t i = 0; i < cells; i++)
            if (!source_stands(&c, i))
                chain_add(&c, i);
    }
    chain_downstream(&c);

    backward_search b = backward_setup(ctx, grid, options, ASTAR_MAX_COST - 1, NO_CELL);
    b.map = map;
    b.chain = c.head;
    bool sized = b.u.clear != NULL;
    astar_status status = search_start(&b.s, ASTAR_OPEN_LIST_HEAP, from_targets, repair_seed);
    while (status == ASTAR_IN_PROGRESS)
        status = sized ? repair_units(&b, UINT32_MAX) : repair_cells(&b, UINT32_MAX);
    for (uint32_t a = c.head, next; a != CHAIN_END; a = next) {
        next = map->link[a];
        map->link[a] = LINK_NONE;
    }
    write_closed(map, ctx);
    map->edits = now;
    return status == ASTAR_COST_OVERFLOW ? status : ASTAR_OK;
}

/* The index of (x, y) in map, or -1 if it is not a cell of the last build. */
static int64_t map_index(const astar_distance_map *map, int x, int y)
{
    if (!map || x < 0 || y < 0 || x >= map->width || y >= map->height)
        return -1;
    return (int64_t)y * map->width + x;
}

uint32_t astar_distance_map_cost(const astar_distance_map *map, int x, int y)
{
    int64_t i = map_index(map, x, y);
    return i < 0 ? ASTAR_UNREACHABLE : map->cost[i];
}

astar_status astar_distance_map_next(const astar_distance_map *map, int x, int y,
                                     astar_point *next)
{
    int64_t i = map_index(map, x, y);
    if (i < 0 || !next)
        return ASTAR_INVALID_ARGUMENT;
    *next = (astar_point){ x, y };
    if (map->cost[i] == ASTAR_UNREACHABLE)
        return ASTAR_NO_PATH;
    unsigned step = map->link[i] & ((1u << LINK_DIR_BITS) - 1);
    if (step != LINK_AT_SOURCE)
        *next = (astar_point){ x - move_dx[step], y - move_dy[step] };
    return ASTAR_OK;
}

size_t astar_distance_map_source(const astar_distance_map *map, int x, int y)
{
    int64_t i = map_index(map, x, y);
    if (i < 0 || map->cost[i] == ASTAR_UNREACHABLE)
        return ASTAR_NO_SOURCE;
    return map->link[i] >> LINK_DIR_BITS;
}
