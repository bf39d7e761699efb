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
#include <stdlib.h>

#include "context.h"
#include "cost.h"
#include "grid.h"
#include "heap.h"
#include "islands.h"
#include "moves.h"
#include "options.h"

/* What one backward search needs at hand. */
typedef struct dijkstra {
    astar_context *ctx;
    const astar_grid *grid;
    astar_moves moves;
    uint32_t limit;               /* the highest G a square may have */
    uint32_t straight;            /* a straight step's cost, for distances */
    bool over_limit;              /* a square was left out above the limit */
    int32_t cell_step[DIRECTIONS];
    int32_t terrain_step[DIRECTIONS];
    uint32_t move_cost[DIRECTIONS];
} dijkstra;

/* An index above every cell's: "stop at no square". */
enum { NO_CELL = UINT32_MAX };

static dijkstra dijkstra_setup(astar_context *ctx, const astar_grid *grid,
                               const astar_options *options, uint32_t limit)
{
    cost_model model = cost_model_of(options);
    dijkstra d = { .ctx = ctx, .grid = grid, .moves = options->moves, .limit = limit,
                   .straight = model.straight };
    for (int k = 0; k < DIRECTIONS; k++) {
        d.cell_step[k] = move_dy[k] * grid->width + move_dx[k];
        d.terrain_step[k] = move_dy[k] * grid->stride + move_dx[k];
        d.move_cost[k] = move_is_diagonal(move_dx[k], move_dy[k]) ? model.diagonal : model.straight;
    }
    /* What astar_context_node needs to read this search: H = 0. */
    model.heuristic = ASTAR_HEURISTIC_ZERO;
    ctx->model = model;
    ctx->width = grid->width;
    ctx->height = grid->height;
    ctx->goal = 0;
    ctx->algorithm = ASTAR_ALGORITHM_ASTAR;
    context_begin(ctx, LAYOUT_LISTS);
    return d;
}

static inline uint32_t cell_of(const astar_grid *grid, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)grid->width + (uint32_t)p.x;
}

/* Puts every walkable target on the open list with G = 0, skipping repeats
 * and, with island != 0, targets on other islands. */
static void add_targets(dijkstra *d, const astar_point *targets, size_t count, uint32_t island)
{
    const astar_grid *grid = d->grid;
    for (size_t i = 0; i < count; i++) {
        astar_point p = targets[i];
        if (!astar_grid_walkable(grid, p.x, p.y) ||
            (island && islands_label(grid->islands, grid, p.x, p.y) != island))
            continue;
        uint32_t cell = cell_of(grid, p);
        if (context_list_of(d->ctx, cell) != ASTAR_LIST_NONE)
            continue;
        heap_push(d->ctx, (list_entry){ .f = 0, .tie = (uint32_t)i, .cell_dir = cell << DIR_BITS });
    }
}

/* The article's step c) turned around: a neighbour v of the closed square u
 * may reach u's target through u, paying for the step from v into u, which
 * is priced by u's terrain. The corner rule looks at the same two squares
 * for the step u -> v as for v -> u. */
static void look_at_neighbours(dijkstra *d, const list_entry *u)
{
    astar_context *ctx = d->ctx;
    uint32_t cell = entry_cell(u);
    int x = (int)(cell % (uint32_t)d->grid->width), y = (int)(cell / (uint32_t)d->grid->width);
    const uint8_t *here = d->grid->terrain + grid_padded_index(d->grid, x, y);
    uint32_t terrain = *here;

    for (unsigned k = 0; k < DIRECTIONS; k++) {
        if (here[d->terrain_step[k]] == 0)
            continue;
        int dx = move_dx[k], dy = move_dy[k];
        if (move_is_diagonal(dx, dy) &&
            !move_diagonal_allowed(d->moves, here[dx] != 0, here[dy * d->grid->stride] != 0))
            continue;
        uint32_t next = (uint32_t)((int64_t)cell + d->cell_step[k]);
        astar_list list = context_list_of(ctx, next);
        if (list == ASTAR_LIST_CLOSED)
            continue;
        uint64_t g = u->f + (uint64_t)d->move_cost[k] * terrain;
        if (g > d->limit) {
            d->over_limit = true;
            continue;
        }
        list_entry e = { .f = (uint32_t)g, .tie = u->tie, .cell_dir = next << DIR_BITS | k };
        if (list == ASTAR_LIST_NONE) {
            heap_push(ctx, e);
        } else {
            uint32_t pos = ctx->slot[next];
            if (heap_before(&e, &ctx->list[pos])) {
                ctx->list[pos] = e;
                heap_decreased(ctx, pos);
            }
        }
    }
}

/* Closes squares in order of (G, target index) until stop is closed or the
 * open list is empty. */
static astar_status settle(dijkstra *d, uint32_t stop, uint32_t *expanded)
{
    astar_context *ctx = d->ctx;
    while (ctx->open_count > 0) {
        list_entry u = heap_pop(ctx);
        context_close(ctx, u);
        if (entry_cell(&u) == stop)
            return ASTAR_OK;
        look_at_neighbours(d, &u);
        ++*expanded;
    }
    return d->over_limit ? ASTAR_COST_OVERFLOW : ASTAR_NO_PATH;
}

static const list_entry *entry_of(const astar_context *ctx, uint32_t cell)
{
    return &ctx->list[ctx->slot[cell]];
}

/* The next cell on the way from a closed square to its target: its parent. */
static uint32_t step_towards_target(const dijkstra *d, uint32_t cell)
{
    return (uint32_t)((int64_t)cell - d->cell_step[entry_dir(entry_of(d->ctx, cell))]);
}

/* The parent chain from start leads forwards, start first, to the target
 * (the square with G = 0): the points are written in the order walked. */
static void save_path(const dijkstra *d, uint32_t start, astar_path *path)
{
    size_t length = 1;
    for (uint32_t c = start; entry_of(d->ctx, c)->f != 0; c = step_towards_target(d, c))
        length++;
    path->length = path->node_count = length;
    astar_point *buffers[2] = {
        path->points && length <= path->capacity ? path->points : NULL,
        path->nodes && length <= path->node_capacity ? path->nodes : NULL,
    };
    uint32_t width = (uint32_t)d->grid->width, c = start;
    for (size_t i = 0; i < length; i++) {
        if (i > 0)
            c = step_towards_target(d, c);
        for (int b = 0; b < 2; b++)
            if (buffers[b])
                buffers[b][i] = (astar_point){ (int32_t)(c % width), (int32_t)(c / width) };
    }
}

/* The checks both calls share: the objects, the options and the targets. */
static astar_status check_targets(const astar_context *ctx, const astar_grid *grid,
                                  const astar_point *targets, size_t count,
                                  const astar_options *options)
{
    if (!ctx || !grid || (!targets && count > 0) || count > ASTAR_MAX_CELLS ||
        !options_valid(options))
        return ASTAR_INVALID_ARGUMENT;
    if (astar_grid_cells(grid) > ctx->max_cells)
        return ASTAR_MAP_TOO_LARGE;
    return ASTAR_OK;
}

static astar_status targets_inside(const astar_grid *grid, const astar_point *targets, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (!grid_contains(grid, targets[i].x, targets[i].y))
            return ASTAR_GOAL_OUT_OF_BOUNDS;
    return ASTAR_OK;
}

static astar_status check_nearest(const astar_context *ctx, const astar_grid *grid,
                                  astar_point start, const astar_point *targets, size_t count,
                                  const astar_options *options, const astar_path *path)
{
    if (!path || (!path->points && path->capacity > 0) || (!path->nodes && path->node_capacity > 0))
        return ASTAR_INVALID_ARGUMENT;
    astar_status status = check_targets(ctx, grid, targets, count, options);
    if (status != ASTAR_OK)
        return status;
    if (!grid_contains(grid, start.x, start.y))
        return ASTAR_START_OUT_OF_BOUNDS;
    status = targets_inside(grid, targets, count);
    if (status != ASTAR_OK)
        return status;
    return astar_grid_walkable(grid, start.x, start.y) ? ASTAR_OK : ASTAR_START_BLOCKED;
}

astar_status astar_find_nearest(astar_context *ctx, const astar_grid *grid, astar_point start,
                                const astar_point *targets, size_t count,
                                const astar_options *options, astar_path *path, size_t *which)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (path)
        *path = (astar_path){ .points = path->points, .capacity = path->capacity,
                              .nodes = path->nodes, .node_capacity = path->node_capacity };
    astar_status status = check_nearest(ctx, grid, start, targets, count, options, path);
    if (status != ASTAR_OK)
        return status;

    dijkstra d = dijkstra_setup(ctx, grid, options, ASTAR_MAX_COST);
    /* Targets on another island than start cannot be reached: leaving them
     * out saves searching their islands, and with none left, the search. */
    uint32_t island = grid->islands ? islands_label(grid->islands, grid, start.x, start.y) : 0;
    add_targets(&d, targets, count, island);
    uint32_t start_cell = cell_of(grid, start);
    status = settle(&d, start_cell, &path->expanded);
    if (status != ASTAR_OK)
        return status;

    const list_entry *found = entry_of(ctx, start_cell);
    if (which)
        *which = found->tie;
    path->cost = found->f;
    path->distance = (double)path->cost / d.straight;
    save_path(&d, start_cell, path);
    return (path->points && path->length > path->capacity) ||
                   (path->nodes && path->node_count > path->node_capacity)
               ? ASTAR_PATH_BUFFER_TOO_SMALL
               : ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* Distance maps                                                            */
/* ------------------------------------------------------------------------ */

/* A cell's link packs its source's index above LINK_DIR_BITS bits of step:
 * the direction k of the step from its parent (the next cell is cell - step
 * k), or LINK_AT_SOURCE. Indices are below ASTAR_MAX_CELLS = 2^28, so they
 * fit the 28 bits left. */
enum { LINK_DIR_BITS = 4, LINK_AT_SOURCE = 8, LINK_NONE = UINT32_MAX };

struct astar_distance_map {
    size_t max_cells;
    int width, height;   /* the grid of the last build; 0 while none is good */
    uint32_t *cost;      /* per cell (y * width + x) */
    uint32_t *link;
};

astar_status astar_distance_map_new(size_t max_cells, astar_distance_map **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    if (max_cells < 1 || max_cells > ASTAR_MAX_CELLS)
        return ASTAR_INVALID_ARGUMENT;
    astar_distance_map *map = calloc(1, sizeof *map);
    if (!map)
        return ASTAR_OUT_OF_MEMORY;
    map->cost = malloc(max_cells * sizeof *map->cost);
    map->link = malloc(max_cells * sizeof *map->link);
    if (!map->cost || !map->link) {
        astar_distance_map_delete(map);
        return ASTAR_OUT_OF_MEMORY;
    }
    map->max_cells = max_cells;
    *out = map;
    return ASTAR_OK;
}

void astar_distance_map_delete(astar_distance_map *map)
{
    if (map) {
        free(map->cost);
        free(map->link);
        free(map);
    }
}

size_t astar_distance_map_bytes(const astar_distance_map *map)
{
    return map ? map->max_cells * (sizeof *map->cost + sizeof *map->link) : 0;
}

/* Every cell unreachable, then every closed square's G, target and step. */
static void write_map(astar_distance_map *map, const astar_context *ctx, const astar_grid *grid)
{
    size_t cells = astar_grid_cells(grid);
    for (size_t i = 0; i < cells; i++) {
        map->cost[i] = ASTAR_UNREACHABLE;
        map->link[i] = LINK_NONE;
    }
    for (size_t pos = ctx->max_cells - ctx->closed_count; pos < ctx->max_cells; pos++) {
        const list_entry *e = &ctx->list[pos];
        uint32_t cell = entry_cell(e);
        map->cost[cell] = e->f;
        map->link[cell] = e->tie << LINK_DIR_BITS | (e->f == 0 ? LINK_AT_SOURCE : entry_dir(e));
    }
    map->width = grid->width;
    map->height = grid->height;
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
    astar_status status = check_targets(ctx, grid, sources, count, options);
    if (status == ASTAR_OK && astar_grid_cells(grid) > map->max_cells)
        status = ASTAR_MAP_TOO_LARGE;
    if (status == ASTAR_OK)
        status = targets_inside(grid, sources, count);
    if (status != ASTAR_OK)
        return status;

    /* ASTAR_UNREACHABLE is no cost, so the limit is one below it. */
    dijkstra d = dijkstra_setup(ctx, grid, options, ASTAR_MAX_COST - 1);
    add_targets(&d, sources, count, 0);
    uint32_t expanded = 0;
    status = settle(&d, NO_CELL, &expanded);
    write_map(map, ctx, grid);
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
