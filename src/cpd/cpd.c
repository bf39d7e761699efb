/* Precalculated paths: what a compressed first-move database is whatever
 * its map - made (the order, the rows built on threads, each row's moves
 * compressed into runs), described and freed. The searches that give a
 * row its moves, and the queries, are the map's: cpd_grid.c, cpd_graph.c.
 *
 * A row belongs to a source s and lists, over the targets in the order, a
 * first move of a least-cost path from s to each, as SRC does. The
 * transpose - a row per target, read off the target's backward distance
 * map - was tried first: its sets of optimal moves come from the
 * distances alone, but a flow field towards a target turns with every
 * wall on the way, and its rows had 2.2 times SRC's runs (dao/arena, DFS
 * order: 125 runs a row against 57). From one source, all targets behind
 * one door share the first move, which is what makes SRC's rows short. */
#if defined(__linux__)
#define _DEFAULT_SOURCE
#include <sys/mman.h>
#endif
#include <stdalign.h>
#include <stdatomic.h>
#include <string.h>

#include "core/threads.h"
#include "cpd/cpd.h"
#include "graph/graph.h"
#include "grid/grid.h"

_Static_assert(ASTAR_CPD_MAX_THREADS <= THREADS_MAX, "a builder per thread");

/* Asks the system to back the block's whole 2 MB pages with huge pages
 * before they are first written: a query's few reads land anywhere in a
 * database of tens of megabytes, and with 4 KB pages each is a TLB miss
 * as well as a cache miss. A hint - nothing happens where the system has
 * no such call, or says no. */
static void advise_huge_pages(void *block, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t start = ((uintptr_t)block + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)block + bytes) & ~(huge - 1);
    if (end > start)
        madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)block;
    (void)bytes;
#endif
}

/* Runs, aligned to 64 bytes, then the samples, in one block. */
static uint64_t runs_block_words(uint64_t runs)
{
    return runs + CPD_BLOCK + runs / CPD_BLOCK + 1;
}

bool astar__cpd_runs_allocate(astar_cpd *cpd, uint64_t runs)
{
    uint64_t words = runs_block_words(runs);
    if (words > SIZE_MAX / sizeof(uint32_t))
        return false;
    cpd->runs_block = astar__allocate(&cpd->memory, (size_t)words, sizeof(uint32_t));
    if (!cpd->runs_block)
        return false;
    advise_huge_pages(cpd->runs_block, (size_t)words * sizeof(uint32_t));
    cpd->runs = astar__line_aligned(cpd->runs_block);
    cpd->sample = cpd->runs + runs;
    cpd->run_count = runs;
    return true;
}

/* Whether cpd should have heads (cpd.h). */
static bool wants_heads(const astar_cpd *cpd)
{
    return cpd->walkable >= CPD_HEAD_ROWS && cpd->run_count / cpd->walkable >= CPD_HEAD_RUNS;
}

/* The bytes of the block heads are allocated in: one more head, to align
 * them to a cache line. */
static size_t head_block_bytes(const astar_cpd *cpd)
{
    return ((size_t)cpd->ids + 1) * sizeof(cpd_head);
}

/* The head of a source whose row is runs[a .. b): its samples, or
 * every step-th of them, the least step that fits them in the head. */
static cpd_head head_of(const astar_cpd *cpd, uint64_t a, uint64_t b)
{
    cpd_head h = { .first = a, .runs = (uint32_t)(b - a), .step = 1 };
    uint64_t first = (a + CPD_BLOCK - 1) / CPD_BLOCK, last = (b - 1) / CPD_BLOCK;
    if (b <= a || first > last)
        return h; /* no samples (every checked row has a run) */
    while ((last - first) / h.step + 1 > CPD_HEAD_SAMPLES)
        h.step *= 2;
    for (uint64_t i = 0; i * h.step <= last - first; i++)
        h.sample[i] = cpd->sample[first + i * h.step];
    return h;
}

bool astar__cpd_add_heads(astar_cpd *cpd)
{
    if ((uint64_t)cpd->ids + 1 > SIZE_MAX / sizeof(cpd_head))
        return false;
    cpd->head_block = astar__allocate(&cpd->memory, head_block_bytes(cpd), 1);
    if (!cpd->head_block)
        return false;
    advise_huge_pages(cpd->head_block, head_block_bytes(cpd));
    cpd->head = astar__line_aligned(cpd->head_block);
    for (uint32_t id = 0; id < cpd->ids; id++) {
        uint32_t r = cpd->rank[id];
        cpd->head[id] = r == NO_RANK ? (cpd_head){ 0 } : head_of(cpd, cpd->row[r], cpd->row[r + 1]);
    }
    return true;
}

bool astar__cpd_index(astar_cpd *cpd)
{
    for (uint64_t i = 0; i * CPD_BLOCK < cpd->run_count; i++)
        cpd->sample[i] = cpd->runs[i * CPD_BLOCK];
    return !wants_heads(cpd) || astar__cpd_add_heads(cpd);
}

uint64_t astar__cpd_file_bytes(uint64_t walkable, uint64_t runs)
{
    /* The 48-byte header, a run count per row, the runs, the checksum. */
    return 48 + 4 * walkable + 4 * runs + 8;
}

/* The layout and the order of a new CPD; false when out of memory. */
static bool place_ids(astar_cpd *cpd)
{
    const cpd_kind *kind = cpd_kind_of(cpd->map);
    for (uint32_t i = 0; i < cpd->ids; i++)
        cpd->walkable += kind->usable(cpd, i);
    kind->layout(cpd);
    if (cpd->order == ASTAR_CPD_ORDER_ROWS) {
        uint32_t placed = 0;
        for (uint32_t i = 0; i < cpd->ids; i++)
            if (kind->usable(cpd, i))
                cpd->rank[i] = placed++;
        return true;
    }
    const astar_allocator *memory = &cpd->memory;
    uint32_t *stack = astar__allocate(memory, (size_t)cpd->walkable + 1, sizeof *stack);
    uint32_t *next = astar__allocate(memory, (size_t)cpd->walkable + 1, sizeof *next);
    if (stack && next)
        kind->depth_first(cpd, stack, next);
    astar__release(memory, stack);
    astar__release(memory, next);
    return stack && next;
}

astar_cpd *astar__cpd_create(const astar_allocator *memory, cpd_map map, astar_moves moves,
                             astar_costs costs, astar_cpd_order order)
{
    uint32_t ids = map.grid ? (uint32_t)astar_grid_cells(map.grid) : astar_graph_nodes(map.graph);
    astar_cpd *cpd = astar__allocate(memory, 1, sizeof *cpd);
    uint32_t *rank = astar__allocate(memory, (size_t)ids + 1, sizeof *rank);
    if (!cpd || !rank) {
        astar__release(memory, cpd);
        astar__release(memory, rank);
        return NULL;
    }
    bool octile = costs == ASTAR_COSTS_OCTILE;
    *cpd = (astar_cpd){
        .memory = *memory, .map = map, .hash = astar__cpd_map_hash(map),
        .edits = map.grid ? map.grid->edits : map.graph->edits,
        .moves = moves, .costs = costs, .order = order,
        .steps = { .straight = octile ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT,
                   .diagonal = octile ? ASTAR_OCTILE_DIAGONAL : ASTAR_ARTICLE_DIAGONAL },
        .ids = ids, .rank = rank,
    };
    for (uint32_t i = 0; i < ids; i++)
        rank[i] = NO_RANK;
    if (!place_ids(cpd) ||
        !(cpd->row = astar__allocate_zeroed(memory, (size_t)cpd->walkable + 1, sizeof *cpd->row))) {
        astar_cpd_delete(cpd);
        return NULL;
    }
    return cpd;
}

void astar_cpd_delete(astar_cpd *cpd)
{
    if (!cpd)
        return;
    astar__release(&cpd->memory, cpd->runs_block);
    astar__release(&cpd->memory, cpd->head_block);
    astar__release(&cpd->memory, cpd->row);
    astar__release(&cpd->memory, cpd->rank);
    astar__release(&cpd->memory, cpd);
}

astar_status astar_cpd_describe(const astar_cpd *cpd, astar_cpd_info *info)
{
    if (!cpd || !info)
        return ASTAR_INVALID_ARGUMENT;
    const astar_grid *grid = cpd->map.grid;
    *info = (astar_cpd_info){
        .width = grid ? grid->width : 0, .height = grid ? grid->height : 0,
        .nodes = grid ? 0 : cpd->ids, .walkable = cpd->walkable, .runs = cpd->run_count,
        .bytes = sizeof *cpd + runs_block_words(cpd->run_count) * sizeof *cpd->runs +
                 (cpd->head ? head_block_bytes(cpd) : 0) +
                 (size_t)cpd->ids * sizeof *cpd->rank +
                 ((size_t)cpd->walkable + 1) * sizeof *cpd->row,
        .file_bytes = astar__cpd_file_bytes(cpd->walkable, cpd->run_count),
        .heads = cpd->head != NULL,
        .moves = cpd->moves, .costs = cpd->costs, .order = cpd->order,
    };
    return ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* Rows into runs                                                           */
/* ------------------------------------------------------------------------ */

static bool append_run(cpd_runs *out, uint32_t run)
{
    if (out->count == out->capacity) {
        size_t bigger = out->capacity * 2;
        uint32_t *runs = astar__allocate(out->memory, bigger, sizeof *runs);
        if (!runs)
            return false;
        memcpy(runs, out->runs, out->count * sizeof *runs);
        astar__release(out->memory, out->runs);
        out->runs = runs;
        out->capacity = bigger;
    }
    out->runs[out->count++] = run;
    return true;
}

/* The run of the set (moves, high) from place start: its lowest code. */
static uint32_t run_of(const astar_cpd *cpd, uint32_t start, uint64_t moves, uint32_t high)
{
    uint64_t low = moves & ~CPD_HIGH_BIT;
    uint32_t code = low ? (uint32_t)__builtin_ctzll(low) : high;
    return start << cpd->shift | code;
}

size_t astar__cpd_compress_row(const astar_cpd *cpd, uint32_t r, const uint64_t *moves,
                               const uint32_t *high, cpd_runs *out)
{
    const uint32_t any_high = UINT32_MAX;   /* a run of no target yet */
    size_t before = out->count;
    uint64_t common = ~0ull;
    uint32_t common_high = any_high, start = 0;
    for (uint32_t k = 0; k < cpd->walkable; k++) {
        if (k == r)
            continue;
        uint64_t m = moves[k], both = common & m;
        uint32_t h = high ? high[k] : 0;
        if (both & CPD_HIGH_BIT && common_high != any_high && h != common_high)
            both &= ~CPD_HIGH_BIT;
        if (!both) {
            if (!append_run(out, run_of(cpd, start, common, common_high)))
                return 0;
            start = k;
            both = m;
        }
        common = both;
        if (both & CPD_HIGH_BIT)
            common_high = h;
    }
    if (!append_run(out, run_of(cpd, start, common, common_high)))
        return 0;
    return out->count - before;
}

/* ------------------------------------------------------------------------ */
/* The build on threads                                                     */
/* ------------------------------------------------------------------------ */

/* What every builder reads, and the counter they take sources from. */
typedef struct build {
    alignas(CACHE_LINE) atomic_size_t next;
    atomic_bool failed;
    alignas(CACHE_LINE) const astar_cpd *cpd;
    const cpd_kind *kind;
    uint32_t *row_runs;             /* per source's place: its row's runs */
    uint8_t *row_builder;           /* and which builder holds them */
} build;

/* One thread's share: its searcher, a row's moves, and the runs of the
 * rows it built, in the order it built them. */
typedef struct builder {
    build *build;
    uint8_t index;
    cpd_searcher *searcher;
    uint64_t *moves;
    uint32_t *high;       /* [opt] for kinds with high codes */
    cpd_runs runs;
    astar_status status;
} builder;

static astar_status build_row(builder *b, uint32_t r)
{
    const build *job = b->build;
    astar_status s = job->kind->row(b->searcher, r, b->moves, b->high);
    if (s != ASTAR_OK)
        return s;
    size_t made = astar__cpd_compress_row(job->cpd, r, b->moves, b->high, &b->runs);
    if (made == 0)
        return ASTAR_OUT_OF_MEMORY;
    job->row_runs[r] = (uint32_t)made;
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

static astar_status builder_new(builder *b, build *job, int index, const void *shared)
{
    const astar_allocator *memory = &job->cpd->memory;
    size_t places = (size_t)job->cpd->walkable + 1;
    *b = (builder){ .build = job, .index = (uint8_t)index, .status = ASTAR_OK,
                    .moves = astar__allocate(memory, places, sizeof *b->moves),
                    .runs = { .memory = memory, .capacity = places,
                              .runs = astar__allocate(memory, places, sizeof(uint32_t)) } };
    if (job->kind->high_codes)
        b->high = astar__allocate(memory, places, sizeof *b->high);
    if (!b->moves || !b->runs.runs || (job->kind->high_codes && !b->high))
        return ASTAR_OUT_OF_MEMORY;
    return job->kind->searcher_new(job->cpd, shared, &b->searcher);
}

static void builder_delete(builder *b)
{
    const astar_allocator *memory = &b->build->cpd->memory;
    if (b->searcher)
        b->build->kind->searcher_delete(b->build->cpd, b->searcher);
    astar__release(memory, b->moves);
    astar__release(memory, b->high);
    astar__release(memory, b->runs.runs);
}

/* The builders' rows, gathered in the order of their sources into one
 * array of runs. */
static astar_status gather_rows(astar_cpd *cpd, const build *job, const builder *builders)
{
    size_t taken[ASTAR_CPD_MAX_THREADS] = { 0 };
    uint64_t total = 0;
    for (uint32_t r = 0; r < cpd->walkable; r++)
        total += job->row_runs[r];
    if (!astar__cpd_runs_allocate(cpd, total))
        return ASTAR_OUT_OF_MEMORY;
    for (uint32_t r = 0; r < cpd->walkable; r++) {
        const builder *b = &builders[job->row_builder[r]];
        memcpy(cpd->runs + cpd->row[r], b->runs.runs + taken[b->index],
               job->row_runs[r] * sizeof *cpd->runs);
        taken[b->index] += job->row_runs[r];
        cpd->row[r + 1] = cpd->row[r] + job->row_runs[r];
    }
    return astar__cpd_index(cpd) ? ASTAR_OK : ASTAR_OUT_OF_MEMORY;
}

astar_status astar__cpd_build_rows(astar_cpd *cpd, int threads, const void *shared)
{
    const astar_allocator *memory = &cpd->memory;
    size_t w = cpd->walkable;
    build job = { .cpd = cpd, .kind = cpd_kind_of(cpd->map) };
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, false);
    job.row_runs = astar__allocate(memory, w + 1, sizeof *job.row_runs);
    job.row_builder = astar__allocate(memory, w + 1, sizeof *job.row_builder);
    builder builders[ASTAR_CPD_MAX_THREADS];
    int made = 0;
    astar_status s = job.row_runs && job.row_builder ? ASTAR_OK : ASTAR_OUT_OF_MEMORY;
    /* No more builders than rows: one without a row would only start. */
    int wanted = (size_t)threads < w ? threads : (int)(w > 0 ? w : 1);
    for (; s == ASTAR_OK && made < wanted; made++)
        s = builder_new(&builders[made], &job, made, shared);
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
    astar__release(memory, job.row_runs);
    astar__release(memory, job.row_builder);
    return s;
}
