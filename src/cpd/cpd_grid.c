/* Precalculated paths on a square grid: the cells' order, the build's
 * search (Dijkstra from each source on the library's loop, keeping each
 * cell's set of optimal first moves), and the queries. */
#include <string.h>

#include "core/moves.h"
#include "core/options.h"
#include "core/route.h"
#include "cpd/cpd.h"
#include "grid/grid.h"
#include "search/grid_space.h"
#include "search/state.h"

static uint64_t grid_hash(cpd_map map)
{
    const astar_grid *grid = map.grid;
    uint8_t head[9];
    for (int i = 0; i < 4; i++) {
        head[i] = (uint8_t)((uint32_t)grid->width >> 8 * i);
        head[4 + i] = (uint8_t)((uint32_t)grid->height >> 8 * i);
    }
    head[8] = (uint8_t)grid->topology;
    uint64_t h = cpd_fnv(FNV_OFFSET, head, sizeof head);
    for (int y = 0; y < grid->height; y++)
        h = cpd_fnv(h, grid->terrain + grid_padded_index(grid, 0, y), (size_t)grid->width);
    return h;
}

/* The directions a step may be taken in from cell (x, y) under moves. */
static unsigned legal_from(const astar_grid *grid, astar_moves moves, int x, int y)
{
    return moves_legal(moves, grid->around[grid_padded_index(grid, x, y)]);
}

/* The price of the step in direction d that enters (x, y), as
 * astar_find_path prices it. */
static uint64_t step_cost(const astar_cpd *cpd, unsigned d, int x, int y)
{
    return (uint64_t)cost_step(&cpd->steps, d) *
           cpd->map.grid->terrain[grid_padded_index(cpd->map.grid, x, y)];
}

static bool grid_usable(const astar_cpd *cpd, uint32_t cell)
{
    const astar_grid *grid = cpd->map.grid;
    uint32_t width = (uint32_t)grid->width;
    return grid->terrain[grid_padded_index(grid, (int)(cell % width), (int)(cell / width))] != 0;
}

/* SRC's depth-first preorder: from the first unranked walkable cell in
 * reading order, each cell's unranked neighbours in direction order, one
 * island after another. */
static void grid_depth_first(astar_cpd *cpd, uint32_t *stack, uint32_t *next_dir)
{
    const astar_grid *grid = cpd->map.grid;
    uint32_t placed = 0, width = (uint32_t)grid->width;
    for (uint32_t root = 0; root < cpd->ids; root++) {
        if (cpd->rank[root] != NO_RANK || !grid_usable(cpd, root))
            continue;
        size_t depth = 0;
        cpd->rank[root] = placed++;
        stack[depth] = root;
        next_dir[depth++] = 0;
        while (depth > 0) {
            uint32_t cell = stack[depth - 1];
            int x = (int)(cell % width), y = (int)(cell / width);
            unsigned legal = legal_from(grid, cpd->moves, x, y) & ~((1u << next_dir[depth - 1]) - 1);
            uint32_t found = NO_RANK;
            for (; legal && found == NO_RANK; legal &= legal - 1) {
                unsigned d = (unsigned)__builtin_ctz(legal);
                uint32_t n = (uint32_t)(y + move_dy[d]) * width + (uint32_t)(x + move_dx[d]);
                next_dir[depth - 1] = d + 1;
                if (cpd->rank[n] == NO_RANK)
                    found = n;
            }
            if (found == NO_RANK) {
                depth--;
                continue;
            }
            cpd->rank[found] = placed++;
            stack[depth] = found;
            next_dir[depth++] = 0;
        }
    }
}

/* The runs' layout of format 1. */
static void grid_layout(astar_cpd *cpd)
{
    cpd->shift = GRID_RUN_SHIFT;
    cpd->none = GRID_MOVE_NONE;
}

/* ------------------------------------------------------------------------ */
/* The build's search                                                       */
/* ------------------------------------------------------------------------ */

/* One thread's Dijkstra search from the row's source over the whole grid,
 * on the library's loop (loop.h) as a search space of its own: the grid's
 * squares, stepped forwards and priced as astar_find_path prices them,
 * H = 0, no target. Beside each cell's least cost it keeps the cell's set
 * of optimal first moves: those of every parent that gives it its least
 * cost (SRC's move sets: any of them begins a least-cost path), or for
 * the source's neighbours the step from the source itself. The loop
 * re-points a square only for a lower G; the expansion also joins the
 * sets of an equal one, which it reads with search_open_g. A set is whole
 * when its cell is closed, since all its parents cost less and closed
 * before it. */
typedef struct first_moves_search {
    search s;                     /* first: the loop hands the expansion &s */
    grid_space g;
    uint8_t *first;               /* per cell: the optimal first moves found */
} first_moves_search;

/* H = 0: the loop is Dijkstra's; a parent is one step back. */
static const search_policy from_source = { PARENT_STEP, TIES_ADDED, NULL };

static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    return search_seed_start(s, kind, from_source);
}

static ALWAYS_INLINE void look_at_neighbours(search *s, astar_open_list kind, const bool traced,
                                             const square *u)
{
    first_moves_search *f = (first_moves_search *)s;
    const grid_space *g = &f->g;
    size_t here = (size_t)u->cell + 2 * (size_t)u->y + (size_t)g->stride + 1;
    bool source = u->cell == s->start;
    uint8_t moves = f->first[u->cell];
    for (unsigned legal = moves_legal(g->moves, g->around[here]); legal; legal &= legal - 1) {
        unsigned d = (unsigned)__builtin_ctz(legal);
        uint32_t next = (uint32_t)((int64_t)u->cell + s->cell_step[d]);
        astar_list list = search_list(s, kind, next);
        if (list == ASTAR_LIST_CLOSED)
            continue;
        uint64_t new_g = u->g + (uint64_t)g->cost[d] * g->terrain[(ptrdiff_t)here + g->padded[d]];
        uint8_t first = source ? (uint8_t)(1u << d) : moves;
        if (list == ASTAR_LIST_OPEN) {
            uint32_t old = search_open_g(s, kind, from_source, next);
            if (new_g == old)
                f->first[next] |= first; /* another least-cost way in */
            if (new_g >= old)
                continue;
        }
        f->first[next] = first;
        search_reach(s, kind, traced, from_source, next, u->x + move_dx[d], u->y + move_dy[d], d,
                     u->cell, 0, list, new_g);
    }
}

SEARCH_STEPS(first_moves_steps, first_moves_search, false, from_source, seed, look_at_neighbours)

struct cpd_searcher {
    const astar_cpd *cpd;
    uint32_t *cell_of;            /* the cell at each place in the order */
    astar_context *ctx;           /* the search's lists, over the grid's cells */
    first_moves_search search;    /* set up once; each row sets its start */
};

/* The row of the source at place r: its search, then each target's set,
 * MOVE_NONE for one it cannot reach. */
static astar_status grid_row(cpd_searcher *b, uint32_t r, uint64_t *moves, uint32_t *high)
{
    (void)high;
    first_moves_search *f = &b->search;
    search *s = &f->s;
    s->start = b->cell_of[r];
    s->expanded = s->added = 0;
    s->over_limit = s->out_of_entries = s->target_opened = false;
    astar_status status =
        search_start(s, search_choose_list(s, true, false), from_source, seed);
    if (status == ASTAR_IN_PROGRESS)
        status = first_moves_steps(f, UINT32_MAX);
    if (status == ASTAR_COST_OVERFLOW || status == ASTAR_OUT_OF_MEMORY)
        return status;
    for (uint32_t k = 0; k < b->cpd->walkable; k++) {
        uint32_t cell = b->cell_of[k];
        moves[k] = context_list_any(b->ctx, cell) == ASTAR_LIST_NONE ? 1u << GRID_MOVE_NONE
                   : cell == s->start                                 ? 0
                                                                      : f->first[cell];
    }
    return ASTAR_OK;
}

static void grid_searcher_delete(const astar_cpd *cpd, cpd_searcher *b)
{
    const astar_allocator *memory = &cpd->memory;
    astar_context_delete(b->ctx);
    astar__release(memory, b->search.first);
    astar__release(memory, b->cell_of);
    astar__release(memory, b);
}

/* The cells of the search's context: the grid's, and at least enough
 * for the buckets' widest near block (astar__bucket_queue_init: an eighth
 * of the cells, at most BUCKET_NEAR_MAX costs). A search from a source
 * spans the grid's costs, and every block it passes is a refill that
 * moves the far buckets down: with octile costs (a step of 2,378) a near
 * block of a small map's eighth would hold less than two steps. 4 MB of
 * context at least cuts den312d's build by a tenth of its instructions
 * against a context of the map's size. */
static size_t context_cells(const astar_cpd *cpd)
{
    size_t least = 8 * (size_t)BUCKET_NEAR_MAX;
    return cpd->ids > least ? cpd->ids : least;
}

static astar_status grid_searcher_new(const astar_cpd *cpd, const void *shared,
                                      cpd_searcher **out)
{
    (void)shared;
    const astar_allocator *memory = &cpd->memory;
    const astar_grid *grid = cpd->map.grid;
    cpd_searcher *b = astar__allocate_zeroed(memory, 1, sizeof *b);
    *out = b;
    if (!b)
        return ASTAR_OUT_OF_MEMORY;
    b->cpd = cpd;
    b->cell_of = astar__allocate(memory, (size_t)cpd->walkable + 1, sizeof *b->cell_of);
    b->search.first = astar__allocate(memory, cpd->ids, sizeof *b->search.first);
    astar_status status = astar_context_new_with(context_cells(cpd), memory, &b->ctx);
    if (status != ASTAR_OK)
        return status;
    if (!b->cell_of || !b->search.first)
        return ASTAR_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < cpd->ids; i++)
        if (cpd->rank[i] != NO_RANK)
            b->cell_of[cpd->rank[i]] = i;
    astar_options options = astar_options_default();
    options.moves = cpd->moves;
    options.costs = cpd->costs;
    options.heuristic = ASTAR_HEURISTIC_ZERO;
    options.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
    /* Below the ceiling, as a path's cost must be (astar_cpd_path). */
    b->search.s = search_on_grid(b->ctx, grid, &options, ASTAR_MAX_COST - 1, &b->search.g);
    b->search.s.target = NO_CELL;
    b->ctx->width = grid->width;
    b->ctx->height = grid->height;
    return ASTAR_OK;
}

const cpd_kind *astar__cpd_grid_kind(void)
{
    static const cpd_kind kind = {
        .hash = grid_hash, .layout = grid_layout, .usable = grid_usable,
        .depth_first = grid_depth_first, .searcher_new = grid_searcher_new,
        .row = grid_row, .searcher_delete = grid_searcher_delete, .high_codes = false,
    };
    return &kind;
}

/* What a CPD refuses of options, beyond their range. */
static astar_status cpd_refusal(const astar_grid *grid, const astar_options *options)
{
    if (hex_topology(grid->topology) || astar__options_world_used(options) ||
        options->search.max_expanded || options->search.partial)
        return ASTAR_UNSUPPORTED;
    return ASTAR_OK;
}

astar_status astar_cpd_new(const astar_grid *grid, const astar_options *options,
                           astar_cpd_order order, int threads, astar_cpd **out)
{
    return astar_cpd_new_with(grid, options, order, threads, NULL, out);
}

astar_status astar_cpd_new_with(const astar_grid *grid, const astar_options *options,
                                astar_cpd_order order, int threads,
                                const astar_allocator *allocator, astar_cpd **out)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (out)
        *out = NULL;
    astar_allocator memory;
    if (!grid || !out || !astar__options_valid(options) || (unsigned)order > ASTAR_CPD_ORDER_ROWS ||
        threads < 1 || threads > ASTAR_CPD_MAX_THREADS ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_status s = cpd_refusal(grid, options);
    if (s != ASTAR_OK)
        return s;
    astar_cpd *cpd = astar__cpd_create(&memory, (cpd_map){ .grid = grid }, options->moves,
                                       options->costs, order);
    if (!cpd)
        return ASTAR_OUT_OF_MEMORY;
    s = astar__cpd_build_rows(cpd, threads, NULL);
    if (s != ASTAR_OK) {
        astar_cpd_delete(cpd);
        return s;
    }
    *out = cpd;
    return ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* Queries                                                                  */
/* ------------------------------------------------------------------------ */

/* The checks both queries make, in the documented order. */
static astar_status check_query(const astar_cpd *cpd, astar_point from, astar_point to)
{
    if (!cpd->map.grid)
        return ASTAR_INVALID_ARGUMENT;
    if (cpd->map.grid->edits != cpd->edits)
        return ASTAR_MAP_CHANGED;
    return grid_ends_status(cpd->map.grid, from, to);
}

static uint32_t id_of(const astar_cpd *cpd, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)cpd->map.grid->width + (uint32_t)p.x;
}

static uint32_t rank_of(const astar_cpd *cpd, astar_point p)
{
    return cpd->rank[id_of(cpd, p)];
}

/* The move of code `move` from a checked `from`: ASTAR_OK, or ASTAR_NO_PATH
 * for MOVE_NONE, or ASTAR_INVALID_PATH for a direction the grid does not
 * allow from there. */
static astar_status move_status(const astar_cpd *cpd, astar_point from, unsigned move)
{
    if (move == GRID_MOVE_NONE)
        return ASTAR_NO_PATH;
    return legal_from(cpd->map.grid, cpd->moves, from.x, from.y) >> move & 1 ? ASTAR_OK
                                                                             : ASTAR_INVALID_PATH;
}

/* The first move from a checked `from` towards the checked, different
 * target at place `to` of the order, with move_status's status. */
static astar_status step_of(const astar_cpd *cpd, astar_point from, uint32_t to, unsigned *move)
{
    *move = cpd_move(cpd, id_of(cpd, from), to);
    return move_status(cpd, from, *move);
}

static astar_point moved(astar_point p, unsigned move)
{
    return (astar_point){ p.x + move_dx[move], p.y + move_dy[move] };
}

astar_status astar_cpd_first_move(const astar_cpd *cpd, astar_point from, astar_point to,
                                  astar_point *next)
{
    if (!cpd || !next)
        return ASTAR_INVALID_ARGUMENT;
    *next = from;
    astar_status s = check_query(cpd, from, to);
    if (s != ASTAR_OK || (from.x == to.x && from.y == to.y))
        return s;
    unsigned move;
    s = step_of(cpd, from, rank_of(cpd, to), &move);
    if (s == ASTAR_OK)
        *next = moved(from, move);
    return s;
}

/* A path's steps, each a lookup in the row of the cell it leaves: on a
 * large database a cache miss, each waiting on the one before. A
 * least-cost path often goes on the way it came (at 56 % of the lookups on
 * random512-25-0), so the row of the cell a step further that way is read
 * beside the next cell's: the two misses are waited on together, and
 * where the path does go on straight the second lookup is the step
 * after's. Looking further ahead was slower (docs/performance.md). */
static astar_status cpd_path(const astar_cpd *cpd, astar_point from, astar_point to,
                             astar_route *path)
{
    if (!cpd || !astar__route_reset(path, ROUTE_POINTS))
        return ASTAR_INVALID_ARGUMENT;
    astar_status s = check_query(cpd, from, to);
    if (s != ASTAR_OK)
        return s;
    uint32_t target = rank_of(cpd, to);
    uint64_t cost = 0;
    size_t length = 1;
    astar_point at = from;
    astar__route_point(path, 0, at);
    unsigned move = from.x != to.x || from.y != to.y ? cpd_move(cpd, id_of(cpd, at), target) : 0;
    while (at.x != to.x || at.y != to.y) {
        s = cpd_walk_status(move_status(cpd, at, move), length, cpd->walkable);
        if (s != ASTAR_OK) {
            path->expanded = (uint32_t)length;
            return s;
        }
        at = moved(at, move);
        cost += step_cost(cpd, move, at.x, at.y);
        astar__route_point(path, length++, at);
        if (at.x == to.x && at.y == to.y)
            break;
        astar_point ahead = moved(at, move);
        bool guess = legal_from(cpd->map.grid, cpd->moves, at.x, at.y) >> move & 1 &&
                     (ahead.x != to.x || ahead.y != to.y);
        unsigned here = cpd_move(cpd, id_of(cpd, at), target);
        unsigned there = guess ? cpd_move(cpd, id_of(cpd, ahead), target) : GRID_MOVE_NONE;
        if (guess && here == move && length <= cpd->walkable) {
            at = ahead;
            cost += step_cost(cpd, move, at.x, at.y);
            astar__route_point(path, length++, at);
            here = there;
        }
        move = here;
    }
    if (cost > ASTAR_MAX_COST)
        return ASTAR_INVALID_PATH;
    path->length = length;
    path->cost = (uint32_t)cost;
    path->distance = (double)cost / cpd->steps.straight;
    path->expanded = (uint32_t)(length - 1);
    return ASTAR_OK;
}

astar_status astar_cpd_path(const astar_cpd *cpd, astar_point from, astar_point to,
                            astar_route *route)
{
    return astar__route_answer(route, cpd_path(cpd, from, to, route));
}
