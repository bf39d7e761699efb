/* Precalculated paths: the build of a compressed first-move database (one
 * Dijkstra search per source, on threads) and its queries.
 *
 * A row belongs to a source s and lists, over the targets in the cells'
 * order, a first move of a least-cost path from s to each, as SRC does.
 * The transpose - a row per target, read off the target's backward
 * distance map - was tried first: its sets of optimal moves come from the
 * distances alone, but a flow field towards a target turns with every
 * wall on the way, and its rows had 2.2 times SRC's runs (dao/arena, DFS
 * order: 125 runs a row against 57). From one source, all targets behind
 * one door share the first move, which is what makes SRC's rows short. */
#include <stdalign.h>
#include <stdatomic.h>
#include <string.h>

#include "core/moves.h"
#include "core/options.h"
#include "core/threads.h"
#include "cpd/cpd.h"
#include "grid/grid.h"
#include "search/state.h"

enum { ALL_MOVES = (1 << (MOVE_NONE + 1)) - 1 };
_Static_assert(ASTAR_CPD_MAX_THREADS <= THREADS_MAX, "a builder per thread");

uint64_t astar__cpd_grid_hash(const astar_grid *grid)
{
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

uint64_t astar__cpd_file_bytes(uint64_t walkable, uint64_t runs)
{
    /* The 48-byte header, a run count per row, the runs, the checksum. */
    return 48 + 4 * walkable + 4 * runs + 8;
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
    uint32_t step = move_is_diagonal(move_dx[d], move_dy[d]) ? cpd->diagonal : cpd->straight;
    return (uint64_t)step * cpd->grid->terrain[grid_padded_index(cpd->grid, x, y)];
}

/* SRC's depth-first preorder: from the first unranked walkable cell in
 * reading order, each cell's unranked neighbours in direction order, one
 * island after another. stack and next_dir hold up to every walkable cell. */
static void rank_depth_first(astar_cpd *cpd, uint32_t *stack, uint8_t *next_dir)
{
    const astar_grid *grid = cpd->grid;
    uint32_t placed = 0, width = (uint32_t)grid->width;
    for (uint32_t root = 0; root < (uint32_t)(grid->width * grid->height); root++) {
        if (cpd->rank[root] != NO_RANK || !grid->terrain[grid_padded_index(grid, (int)(root % width), (int)(root / width))])
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
                next_dir[depth - 1] = (uint8_t)(d + 1);
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

astar_cpd *astar__cpd_create(const astar_allocator *memory, const astar_grid *grid,
                             astar_moves moves, astar_costs costs, astar_cpd_order order)
{
    size_t cells = astar_grid_cells(grid);
    uint32_t walkable = 0;
    for (int y = 0; y < grid->height; y++)
        for (int x = 0; x < grid->width; x++)
            walkable += grid->terrain[grid_padded_index(grid, x, y)] != 0;
    astar_cpd *cpd = astar__allocate(memory, 1, sizeof *cpd);
    /* row first: its uint64_t need the block's alignment. */
    void *tables = astar__allocate(memory, 1, ((size_t)walkable + 1) * sizeof(uint64_t) +
                                                  cells * sizeof(uint32_t));
    uint32_t *stack = NULL;
    uint8_t *next_dir = NULL;
    if (order == ASTAR_CPD_ORDER_DFS) {
        stack = astar__allocate(memory, (size_t)walkable + 1, sizeof *stack);
        next_dir = astar__allocate(memory, (size_t)walkable + 1, sizeof *next_dir);
    }
    if (!cpd || !tables || (order == ASTAR_CPD_ORDER_DFS && (!stack || !next_dir))) {
        astar__release(memory, cpd);
        astar__release(memory, tables);
        astar__release(memory, stack);
        astar__release(memory, next_dir);
        return NULL;
    }
    bool octile = costs == ASTAR_COSTS_OCTILE;
    *cpd = (astar_cpd){
        .memory = *memory, .grid = grid, .edits = grid->edits, .hash = astar__cpd_grid_hash(grid),
        .moves = moves, .costs = costs, .order = order,
        .straight = octile ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT,
        .diagonal = octile ? ASTAR_OCTILE_DIAGONAL : ASTAR_ARTICLE_DIAGONAL,
        .width = grid->width, .height = grid->height, .walkable = walkable,
        .row = tables, .rank = (uint32_t *)((uint64_t *)tables + walkable + 1),
    };
    memset(cpd->row, 0, ((size_t)walkable + 1) * sizeof *cpd->row);
    for (size_t i = 0; i < cells; i++)
        cpd->rank[i] = NO_RANK;
    if (order == ASTAR_CPD_ORDER_DFS) {
        rank_depth_first(cpd, stack, next_dir);
    } else {
        uint32_t placed = 0;
        for (size_t i = 0; i < cells; i++)
            if (grid->terrain[grid_padded_index(grid, (int)(i % (size_t)grid->width),
                                                (int)(i / (size_t)grid->width))])
                cpd->rank[i] = placed++;
    }
    astar__release(memory, stack);
    astar__release(memory, next_dir);
    return cpd;
}

void astar_cpd_delete(astar_cpd *cpd)
{
    if (!cpd)
        return;
    astar__release(&cpd->memory, cpd->runs);
    astar__release(&cpd->memory, cpd->row);
    astar__release(&cpd->memory, cpd);
}

/* ------------------------------------------------------------------------ */
/* The build                                                                */
/* ------------------------------------------------------------------------ */

/* What every builder reads, and the counter they take targets from. */
typedef struct build {
    alignas(CACHE_LINE) atomic_size_t next;
    atomic_bool failed;
    alignas(CACHE_LINE) const astar_cpd *cpd;
    const uint32_t *cell_of;        /* the cell at each place in the order */
    uint32_t *row_runs;             /* per source's place: its row's runs */
    uint8_t *row_builder;           /* and which builder holds them */
} build;

/* One thread's share: its own Dijkstra search - least costs from the row's
 * source, each cell's set of optimal first moves, and the open cells in a
 * bucket queue - and the runs of the rows it built, in the order it built
 * them.
 *
 * The queue is Dial's: every open cell's cost lies within one step's
 * dearest price (the largest step onto the dearest terrain the grid has)
 * of the cost being closed, so a ring of that many buckets plus one holds
 * each cost in a bucket of its own, cost mod the ring. A bucket is a list
 * of entries in a pool (a cell is entered again each time its cost falls,
 * at most once per neighbour; stale entries are passed over), and a bit
 * per bucket with a bit per 64 of those finds the next full one. Taking
 * and putting are O(1) where a binary heap was O(log open cells), which
 * made the build 2-3 times faster. */
typedef struct builder {
    build *build;
    uint8_t index;
    uint64_t *g;          /* per cell: least cost found, UNREACHED if none */
    uint8_t *first;       /* per cell: the optimal first moves found, a bit each */
    uint8_t *closed;      /* per cell: closed */
    uint32_t ring;        /* buckets */
    uint32_t *head;       /* per bucket: its first entry, NO_ENTRY if empty */
    uint64_t *full;       /* a bit per bucket: not empty */
    uint64_t *full_words; /* a bit per word of full: not zero */
    uint32_t *entry_cell, *entry_next; /* the pool: 8 per walkable cell, and one */
    uint32_t entries, pending;
    uint64_t cost;        /* the cost being closed */
    uint32_t *runs;
    size_t count, capacity;
    astar_status status;
} builder;

#define UNREACHED UINT64_MAX
#define NO_ENTRY UINT32_MAX

static bool append_run(builder *b, uint32_t start, unsigned moves)
{
    const astar_allocator *memory = &b->build->cpd->memory;
    if (b->count == b->capacity) {
        size_t bigger = b->capacity * 2;
        uint32_t *runs = astar__allocate(memory, bigger, sizeof *runs);
        if (!runs)
            return false;
        memcpy(runs, b->runs, b->count * sizeof *runs);
        astar__release(memory, b->runs);
        b->runs = runs;
        b->capacity = bigger;
    }
    b->runs[b->count++] = start << RUN_SHIFT | (uint32_t)__builtin_ctz(moves);
    return true;
}

static void queue_put(builder *b, uint32_t cell, uint64_t g)
{
    uint32_t k = (uint32_t)(g % b->ring), e = b->entries++;
    b->entry_cell[e] = cell;
    b->entry_next[e] = b->head[k];
    if (b->head[k] == NO_ENTRY) {
        b->full[k >> 6] |= 1ull << (k & 63);
        b->full_words[k >> 12] |= 1ull << (k >> 6 & 63);
    }
    b->head[k] = e;
    b->pending++;
}

/* The first word of full at or after word w that is not zero, or
 * NO_ENTRY. */
static uint32_t full_word_from(const builder *b, uint32_t w)
{
    uint32_t words = (b->ring + 63) / 64, s = w >> 6;
    if (w >= words)
        return NO_ENTRY;
    uint64_t m = b->full_words[s] & (~0ull << (w & 63));
    while (m == 0) {
        if (++s > (words - 1) >> 6)
            return NO_ENTRY;
        m = b->full_words[s];
    }
    return s << 6 | (uint32_t)__builtin_ctzll(m);
}

/* The next bucket that is not empty, going round the ring from bucket i;
 * some bucket must be full. */
static uint32_t queue_next(const builder *b, uint32_t i)
{
    uint64_t m = b->full[i >> 6] & (~0ull << (i & 63));
    if (m)
        return (i & ~63u) | (uint32_t)__builtin_ctzll(m);
    uint32_t w = full_word_from(b, (i >> 6) + 1);
    if (w == NO_ENTRY)
        w = full_word_from(b, 0);
    return w << 6 | (uint32_t)__builtin_ctzll(b->full[w]);
}

/* The open cell of least cost, closed (its cost b->cost), or NO_ENTRY
 * when none is left. */
static uint32_t queue_take(builder *b)
{
    while (b->pending > 0) {
        uint32_t at = (uint32_t)(b->cost % b->ring), k = queue_next(b, at);
        b->cost += (k + b->ring - at) % b->ring;
        uint32_t e = b->head[k], cell = b->entry_cell[e];
        b->head[k] = b->entry_next[e];
        if (b->head[k] == NO_ENTRY) {
            b->full[k >> 6] &= ~(1ull << (k & 63));
            if (b->full[k >> 6] == 0)
                b->full_words[k >> 12] &= ~(1ull << (k >> 6 & 63));
        }
        b->pending--;
        if (!b->closed[cell] && b->g[cell] == b->cost) {
            b->closed[cell] = 1;
            return cell;
        }
    }
    return NO_ENTRY;
}

/* Dijkstra's search from source over the whole grid, steps priced as
 * astar_find_path prices them. A cell's optimal first moves are those of
 * every parent that gives it its least cost (SRC's move sets: any of them
 * begins a least-cost path), or for the source's neighbours the step from
 * the source itself; a cell's set is whole when it is closed, since all
 * its parents cost less and closed before it. The cells the last search
 * entered are all in the pool: only they are reset. */
static void search_from(builder *b, uint32_t source)
{
    const astar_cpd *cpd = b->build->cpd;
    const astar_grid *grid = cpd->grid;
    uint32_t width = (uint32_t)cpd->width;
    for (uint32_t e = 0; e < b->entries; e++) {
        b->g[b->entry_cell[e]] = UNREACHED;
        b->closed[b->entry_cell[e]] = 0;
    }
    b->entries = b->pending = 0;
    b->cost = 0;
    b->g[source] = 0;
    b->first[source] = 0;
    queue_put(b, source, 0);
    for (uint32_t u; (u = queue_take(b)) != NO_ENTRY;) {
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
                queue_put(b, v, g);
            }
        }
    }
}

/* The row of the source at place r: its search, then the runs, greedily
 * - a run goes on while some move is optimal for all its targets, which
 * gives the fewest runs for the order. The source itself takes any move,
 * a target it cannot reach MOVE_NONE. */
static astar_status build_row(builder *b, uint32_t r)
{
    const build *job = b->build;
    const astar_cpd *cpd = job->cpd;
    uint32_t source = job->cell_of[r];
    search_from(b, source);
    size_t first = b->count;
    unsigned common = ALL_MOVES;
    uint32_t start = 0;
    for (uint32_t k = 0; k < cpd->walkable; k++) {
        uint32_t cell = job->cell_of[k];
        if (b->g[cell] != UNREACHED && b->g[cell] > ASTAR_MAX_COST - 1)
            return ASTAR_COST_OVERFLOW;
        unsigned moves = k == r                       ? ALL_MOVES
                         : b->g[cell] == UNREACHED ? 1u << MOVE_NONE
                                                   : b->first[cell];
        if (common & moves) {
            common &= moves;
            continue;
        }
        if (!append_run(b, start, common))
            return ASTAR_OUT_OF_MEMORY;
        start = k;
        common = moves;
    }
    if (!append_run(b, start, common))
        return ASTAR_OUT_OF_MEMORY;
    job->row_runs[r] = (uint32_t)(b->count - first);
    job->row_builder[r] = b->index;
    return ASTAR_OK;
}

/* Sources are handed out one at a time: a row's search covers its
 * source's island, and islands differ by orders of magnitude. */
static void *build_rows(void *arg)
{
    builder *b = arg;
    build *job = b->build;
    while (!atomic_load_explicit(&job->failed, memory_order_relaxed)) {
        size_t r = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (r >= job->cpd->walkable)
            break;
        b->status = build_row(b, (uint32_t)r);
        if (b->status != ASTAR_OK)
            atomic_store_explicit(&job->failed, true, memory_order_relaxed);
    }
    return NULL;
}

/* The dearest step of the grid: the larger step onto its dearest terrain. */
static uint64_t dearest_step(const astar_cpd *cpd)
{
    int dearest = ASTAR_MAX_TERRAIN;
    while (dearest > 1 && cpd->grid->cells_of_cost[dearest] == 0)
        dearest--;
    uint32_t step = cpd->straight > cpd->diagonal ? cpd->straight : cpd->diagonal;
    return (uint64_t)step * (uint64_t)dearest;
}

static astar_status builder_new(builder *b, build *job, int index)
{
    const astar_allocator *memory = &job->cpd->memory;
    size_t cells = astar_grid_cells(job->cpd->grid), pool = 8 * (size_t)job->cpd->walkable + 1;
    uint32_t ring = (uint32_t)dearest_step(job->cpd) + 1, words = (ring + 63) / 64;
    *b = (builder){ .build = job, .index = (uint8_t)index, .status = ASTAR_OK,
                    .capacity = (size_t)job->cpd->walkable + 1, .ring = ring,
                    .g = astar__allocate(memory, cells, sizeof *b->g),
                    .first = astar__allocate(memory, cells, sizeof *b->first),
                    .closed = astar__allocate_zeroed(memory, cells, sizeof *b->closed),
                    .head = astar__allocate(memory, ring, sizeof *b->head),
                    .full = astar__allocate_zeroed(memory, words, sizeof *b->full),
                    .full_words = astar__allocate_zeroed(memory, (words + 63) / 64,
                                                         sizeof *b->full_words),
                    .entry_cell = astar__allocate(memory, pool, sizeof *b->entry_cell),
                    .entry_next = astar__allocate(memory, pool, sizeof *b->entry_next) };
    b->runs = astar__allocate(memory, b->capacity, sizeof *b->runs);
    if (!b->g || !b->first || !b->closed || !b->head || !b->full || !b->full_words ||
        !b->entry_cell || !b->entry_next || !b->runs)
        return ASTAR_OUT_OF_MEMORY;
    for (size_t i = 0; i < cells; i++)
        b->g[i] = UNREACHED;
    for (uint32_t k = 0; k < ring; k++)
        b->head[k] = NO_ENTRY;
    return ASTAR_OK;
}

static void builder_delete(builder *b)
{
    const astar_allocator *memory = &b->build->cpd->memory;
    void *arrays[] = { b->g, b->first, b->closed, b->head, b->full, b->full_words,
                       b->entry_cell, b->entry_next, b->runs };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(memory, arrays[i]);
}

/* The builders' rows, gathered in the order of their targets into one
 * array of runs. */
static astar_status gather_rows(astar_cpd *cpd, const build *job, const builder *builders)
{
    size_t taken[ASTAR_CPD_MAX_THREADS] = { 0 };
    uint64_t total = 0;
    for (uint32_t r = 0; r < cpd->walkable; r++)
        total += job->row_runs[r];
    cpd->runs = astar__allocate(&cpd->memory, total > 0 ? total : 1, sizeof *cpd->runs);
    if (!cpd->runs)
        return ASTAR_OUT_OF_MEMORY;
    for (uint32_t r = 0; r < cpd->walkable; r++) {
        const builder *b = &builders[job->row_builder[r]];
        memcpy(cpd->runs + cpd->row[r], b->runs + taken[b->index], job->row_runs[r] * sizeof *cpd->runs);
        taken[b->index] += job->row_runs[r];
        cpd->row[r + 1] = cpd->row[r] + job->row_runs[r];
    }
    cpd->run_count = total;
    return ASTAR_OK;
}

/* The builds of all rows, with threads builders. */
static astar_status build_all(astar_cpd *cpd, int threads)
{
    const astar_allocator *memory = &cpd->memory;
    size_t w = cpd->walkable;
    build job = { .cpd = cpd };
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, false);
    uint32_t *cell_of = astar__allocate(memory, w + 1, sizeof *cell_of);
    job.row_runs = astar__allocate(memory, w + 1, sizeof *job.row_runs);
    job.row_builder = astar__allocate(memory, w + 1, sizeof *job.row_builder);
    job.cell_of = cell_of;
    builder builders[ASTAR_CPD_MAX_THREADS];
    int made = 0;
    astar_status s = cell_of && job.row_runs && job.row_builder ? ASTAR_OK : ASTAR_OUT_OF_MEMORY;
    if (s == ASTAR_OK)
        for (size_t i = 0; i < astar_grid_cells(cpd->grid); i++)
            if (cpd->rank[i] != NO_RANK)
                cell_of[cpd->rank[i]] = (uint32_t)i;
    /* No more builders than rows: one without a row would only start. */
    int wanted = (size_t)threads < w ? threads : (int)(w > 0 ? w : 1);
    for (; s == ASTAR_OK && made < wanted; made++)
        s = builder_new(&builders[made], &job, made);
    if (s == ASTAR_OK) {
        astar__run_threads(build_rows, builders, sizeof *builders, made);
        for (int i = 0; i < made && s == ASTAR_OK; i++)
            s = builders[i].status;
    }
    if (s == ASTAR_OK)
        s = gather_rows(cpd, &job, builders);
    /* made counts a builder that failed half made: it is deleted too. */
    for (int i = 0; i < made; i++)
        builder_delete(&builders[i]);
    astar__release(memory, cell_of);
    astar__release(memory, job.row_runs);
    astar__release(memory, job.row_builder);
    return s;
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
    astar_cpd *cpd = astar__cpd_create(&memory, grid, options->moves, options->costs, order);
    if (!cpd)
        return ASTAR_OUT_OF_MEMORY;
    s = build_all(cpd, threads);
    if (s != ASTAR_OK) {
        astar_cpd_delete(cpd);
        return s;
    }
    *out = cpd;
    return ASTAR_OK;
}

astar_status astar_cpd_describe(const astar_cpd *cpd, astar_cpd_info *info)
{
    if (!cpd || !info)
        return ASTAR_INVALID_ARGUMENT;
    size_t cells = (size_t)cpd->width * (size_t)cpd->height;
    *info = (astar_cpd_info){
        .width = cpd->width, .height = cpd->height, .walkable = cpd->walkable,
        .runs = cpd->run_count,
        .bytes = sizeof *cpd + cpd->run_count * sizeof *cpd->runs + cells * sizeof *cpd->rank +
                 ((size_t)cpd->walkable + 1) * sizeof *cpd->row,
        .file_bytes = astar__cpd_file_bytes(cpd->walkable, cpd->run_count),
        .moves = cpd->moves, .costs = cpd->costs, .order = cpd->order,
    };
    return ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* Queries                                                                  */
/* ------------------------------------------------------------------------ */

/* The checks both queries make, in the documented order. */
static astar_status check_query(const astar_cpd *cpd, astar_point from, astar_point to)
{
    if (cpd->grid->edits != cpd->edits)
        return ASTAR_MAP_CHANGED;
    return grid_ends_status(cpd->grid, from, to);
}

static uint32_t rank_of(const astar_cpd *cpd, astar_point p)
{
    return cpd->rank[(size_t)p.y * (size_t)cpd->width + (size_t)p.x];
}

/* The move stored for the target at place k in row: the last run that
 * starts at or before k (every row's first run starts at 0). */
static unsigned lookup(const uint32_t *row, size_t runs, uint32_t k)
{
    uint32_t key = k << RUN_SHIFT | RUN_MOVE_MASK;
    size_t lo = 0;
    while (runs > 1) {
        size_t half = runs / 2;
        lo = row[lo + half] <= key ? lo + half : lo;
        runs -= half;
    }
    return row[lo] & RUN_MOVE_MASK;
}

/* The first move from a checked `from` towards the checked, different
 * target at place `to` of the order, read from from's row: a direction,
 * or ASTAR_NO_PATH for MOVE_NONE, or ASTAR_INVALID_PATH for a direction
 * the grid does not allow from there. */
static astar_status step_of(const astar_cpd *cpd, astar_point from, uint32_t to, unsigned *move)
{
    uint32_t r = rank_of(cpd, from);
    *move = lookup(cpd->runs + cpd->row[r], (size_t)(cpd->row[r + 1] - cpd->row[r]), to);
    if (*move == MOVE_NONE)
        return ASTAR_NO_PATH;
    return legal_from(cpd->grid, cpd->moves, from.x, from.y) >> *move & 1 ? ASTAR_OK
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
        s = step_of(cpd, at, target, &move);
        /* Least-cost paths visit no cell twice: more steps than cells, or
         * a cell with no way on part way, is a crafted file. */
        if (s == ASTAR_NO_PATH && length > 1)
            s = ASTAR_INVALID_PATH;
        if (s == ASTAR_OK && length > cpd->walkable)
            s = ASTAR_INVALID_PATH;
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
    path->distance = (double)cost / cpd->straight;
    path->expanded = (uint32_t)(length - 1);
    return length > path->capacity ? ASTAR_PATH_BUFFER_TOO_SMALL : ASTAR_OK;
}
