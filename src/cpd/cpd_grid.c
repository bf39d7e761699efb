/* Precalculated paths on a square grid: the cells' order, the build's
 * search (Dijkstra from each source on Dial's ring, open/dial.h, keeping each
 * cell's set of optimal first moves), and the queries. */
#include <string.h>

#include "core/moves.h"
#include "core/options.h"
#include "cpd/cpd.h"
#include "grid/grid.h"
#include "open/dial.h"
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

/* One thread's Dijkstra search - least costs from the row's source, each
 * cell's set of optimal first moves - on Dial's ring of buckets
 * (open/dial.h): every open cell's cost lies within one step's dearest
 * price of the cost being closed. A cell is put on it again each time its
 * cost falls, at most once per neighbour, and the stale entries are passed
 * over. */
struct cpd_searcher {
    const astar_cpd *cpd;
    uint32_t *cell_of;    /* the cell at each place in the order */
    uint64_t *g;          /* per cell: least cost found, UNREACHED if none */
    uint8_t *first;       /* per cell: the optimal first moves found, a bit each */
    uint8_t *closed;      /* per cell: closed */
    dial_ring open;
};

#define UNREACHED UINT64_MAX

/* The open cell of least cost, closed (its cost b->open.key), or
 * DIAL_NONE when none is left. */
static uint32_t take_least(cpd_searcher *b)
{
    for (uint32_t cell; dial_take(&b->open, &cell);)
        if (!b->closed[cell] && b->g[cell] == b->open.key) {
            b->closed[cell] = 1;
            return cell;
        }
    return DIAL_NONE;
}

/* Dijkstra's search from source over the whole grid, steps priced as
 * astar_find_path prices them. A cell's optimal first moves are those of
 * every parent that gives it its least cost (SRC's move sets: any of them
 * begins a least-cost path), or for the source's neighbours the step from
 * the source itself; a cell's set is whole when it is closed, since all
 * its parents cost less and closed before it. The cells the last search
 * entered are all in the pool: only they are reset. */
static void search_from(cpd_searcher *b, uint32_t source)
{
    const astar_cpd *cpd = b->cpd;
    const astar_grid *grid = cpd->map.grid;
    uint32_t width = (uint32_t)grid->width;
    for (uint32_t e = 0; e < b->open.entries; e++) {
        b->g[b->open.item[e]] = UNREACHED;
        b->closed[b->open.item[e]] = 0;
    }
    dial_restart(&b->open);
    b->g[source] = 0;
    b->first[source] = 0;
    dial_put(&b->open, source, 0);
    for (uint32_t u; (u = take_least(b)) != DIAL_NONE;) {
        int x = (int)(u % width), y = (int)(u / width);
        for (unsigned legal = legal_from(grid, cpd->moves, x, y); legal; legal &= legal - 1) {
            unsigned d = (unsigned)__builtin_ctz(legal);
            int nx = x + move_dx[d], ny = y + move_dy[d];
            uint32_t v = (uint32_t)ny * width + (uint32_t)nx;
            if (b->closed[v])
                continue;
            uint64_t g = b->g[u] + step_cost(cpd, d, nx, ny);
            uint8_t first = u == source ? (uint8_t)(1u << d) : b->first[u];
            if (g == b->g[v]) {
                b->first[v] |= first;
            } else if (g < b->g[v]) {
                b->g[v] = g;
                b->first[v] = first;
                dial_put(&b->open, v, g);
            }
        }
    }
}

/* The row of the source at place r: its search, then each target's set,
 * MOVE_NONE for one it cannot reach. */
static astar_status grid_row(cpd_searcher *b, uint32_t r, uint64_t *moves, uint32_t *high)
{
    (void)high;
    search_from(b, b->cell_of[r]);
    for (uint32_t k = 0; k < b->cpd->walkable; k++) {
        uint32_t cell = b->cell_of[k];
        if (b->g[cell] == UNREACHED) {
            moves[k] = 1u << GRID_MOVE_NONE;
            continue;
        }
        if (b->g[cell] > ASTAR_MAX_COST - 1)
            return ASTAR_COST_OVERFLOW;
        moves[k] = b->first[cell];
    }
    return ASTAR_OK;
}

/* The dearest step of the grid: the larger step onto its dearest terrain. */
static uint64_t dearest_step(const astar_cpd *cpd)
{
    int dearest = ASTAR_MAX_TERRAIN;
    while (dearest > 1 && cpd->map.grid->cells_of_cost[dearest] == 0)
        dearest--;
    uint32_t step = cpd->steps.straight > cpd->steps.diagonal ? cpd->steps.straight : cpd->steps.diagonal;
    return (uint64_t)step * (uint64_t)dearest;
}

static void grid_searcher_delete(const astar_cpd *cpd, cpd_searcher *b)
{
    const astar_allocator *memory = &cpd->memory;
    astar__dial_free(&b->open, memory);
    void *arrays[] = { b->cell_of, b->g, b->first, b->closed, b };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(memory, arrays[i]);
}

static astar_status grid_searcher_new(const astar_cpd *cpd, const void *shared,
                                      cpd_searcher **out)
{
    (void)shared;
    const astar_allocator *memory = &cpd->memory;
    cpd_searcher *b = astar__allocate_zeroed(memory, 1, sizeof *b);
    *out = b;
    if (!b)
        return ASTAR_OUT_OF_MEMORY;
    size_t cells = cpd->ids;
    *b = (cpd_searcher){ .cpd = cpd,
                         .cell_of = astar__allocate(memory, (size_t)cpd->walkable + 1,
                                                    sizeof *b->cell_of),
                         .g = astar__allocate(memory, cells, sizeof *b->g),
                         .first = astar__allocate(memory, cells, sizeof *b->first),
                         .closed = astar__allocate_zeroed(memory, cells, sizeof *b->closed) };
    /* A cell is entered at most once per neighbour: 8 entries each. */
    bool ring = astar__dial_init(&b->open, memory, dearest_step(cpd), 8 * (size_t)cpd->walkable + 1);
    if (!b->cell_of || !b->g || !b->first || !b->closed || !ring)
        return ASTAR_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < cpd->ids; i++) {
        b->g[i] = UNREACHED;
        if (cpd->rank[i] != NO_RANK)
            b->cell_of[cpd->rank[i]] = i;
    }
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
        options->max_expanded || options->partial)
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

/* The first move from a checked `from` towards the checked, different
 * target at place `to` of the order: a direction, or ASTAR_NO_PATH for
 * MOVE_NONE, or ASTAR_INVALID_PATH for a direction the grid does not
 * allow from there. */
static astar_status step_of(const astar_cpd *cpd, astar_point from, uint32_t to, unsigned *move)
{
    *move = cpd_move(cpd, id_of(cpd, from), to);
    if (*move == GRID_MOVE_NONE)
        return ASTAR_NO_PATH;
    return legal_from(cpd->map.grid, cpd->moves, from.x, from.y) >> *move & 1
               ? ASTAR_OK
               : ASTAR_INVALID_PATH;
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
        *next = (astar_point){ from.x + move_dx[move], from.y + move_dy[move] };
    return s;
}

astar_status astar_cpd_path(const astar_cpd *cpd, astar_point from, astar_point to,
                            astar_path *path)
{
    if (!cpd || !astar__path_reset(path))
        return ASTAR_INVALID_ARGUMENT;
    astar_status s = check_query(cpd, from, to);
    if (s != ASTAR_OK)
        return s;
    uint32_t target = rank_of(cpd, to);
    uint64_t cost = 0;
    size_t length = 1;
    astar_point at = from;
    if (path->capacity > 0)
        path->points[0] = at;
    while (at.x != to.x || at.y != to.y) {
        unsigned move;
        s = cpd_walk_status(step_of(cpd, at, target, &move), length, cpd->walkable);
        if (s != ASTAR_OK) {
            path->expanded = (uint32_t)length;
            return s;
        }
        at = (astar_point){ at.x + move_dx[move], at.y + move_dy[move] };
        cost += step_cost(cpd, move, at.x, at.y);
        if (length < path->capacity)
            path->points[length] = at;
        length++;
    }
    if (cost > ASTAR_MAX_COST)
        return ASTAR_INVALID_PATH;
    path->length = length;
    path->cost = (uint32_t)cost;
    path->distance = (double)cost / cpd->steps.straight;
    path->expanded = (uint32_t)(length - 1);
    return length > path->capacity ? ASTAR_PATH_BUFFER_TOO_SMALL : ASTAR_OK;
}
