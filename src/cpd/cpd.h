/* What the CPD's row making (cpd.c), its two kinds of map (cpd_grid.c,
 * cpd_graph.c) and its file (cpd_file.c) share: the layout of a database,
 * how its runs are made and read, and what each kind of map provides. */
#ifndef ASTAR_CPD_CPD_H
#define ASTAR_CPD_CPD_H

#include <stdint.h>

#include "astar.h"
#include "core/cost.h"
#include "core/memory.h"

/* A run is (start << shift | move): start, its first target's place in
 * the order; move, a code below 2^shift - a grid's direction (core/moves.h,
 * 0..7), a graph's out-edge index - or the CPD's `none` for targets the
 * row's source cannot reach. A grid's shift is 4 and its none 8 (files of
 * format 1 hold these); a graph's none is its largest out-degree and its
 * shift the bits that take it, so start has the 32 - shift bits left. */
enum { GRID_RUN_SHIFT = 4, GRID_MOVE_NONE = 8 };
#define NO_RANK UINT32_MAX

/* The map a CPD answers for: exactly one of the two is set. */
typedef struct cpd_map {
    const astar_grid *grid;
    const astar_graph *graph;
} cpd_map;

struct astar_cpd {
    astar_allocator memory;
    cpd_map map;
    uint64_t edits;         /* the map's edit count when built or loaded */
    uint64_t hash;          /* astar__cpd_map_hash of the map then */
    astar_moves moves;      /* a grid's options (unused for a graph) */
    astar_costs costs;
    astar_cpd_order order;
    cost_model steps;       /* a grid's steps onto terrain 1 (cost_step) */
    uint32_t shift, none;   /* the runs' layout (above) */
    uint32_t ids;           /* cells of the grid or nodes of the graph */
    uint32_t walkable;      /* rows, and places in the order: walkable
                               cells or enabled nodes */
    uint32_t *rank;         /* per id: its place in the order, NO_RANK for a
                               blocked cell or disabled node */
    uint64_t *row;          /* walkable + 1: the runs of the row of the
                               source at place r are runs[row[r] .. row[r + 1]) */
    uint32_t *runs;         /* [opt] NULL while there are none; aligned to
                               64 bytes, so that each CPD_BLOCK runs from
                               the first fill one cache line */
    uint64_t run_count;
    uint32_t *sample;       /* every CPD_BLOCK-th run: sample[i] = runs[i *
                               CPD_BLOCK], the index a lookup reads first */
    void *runs_block;       /* where runs and sample were allocated */
    struct cpd_head *head;  /* [opt] per id (below), aligned to 64 bytes */
    void *head_block;       /* [opt] where head was allocated */
};

/* A lookup reads a row's samples (a row of 200 runs has 12: a cache line)
 * and then one block of runs (another), where a binary search over the
 * row's runs reads four to five lines, each a miss on a database of tens
 * of megabytes. */
enum { CPD_BLOCK = 16 };

/* Where there are CPD_HEAD_ROWS rows or more and they average
 * CPD_HEAD_RUNS runs or more, each id (cell or node) also has a head: one
 * cache line with where its row lies and an index of it, read straight
 * from the id. A lookup then waits on two misses, the head and the runs
 * it names (the target's place in the order is read beside the head),
 * where through rank, row and samples it waits on four, one after the
 * other. The index is the row's samples, or every 2nd, 4th, ... of them
 * for a row of more than CPD_HEAD_SAMPLES, so that it fits: the runs a
 * lookup then searches are 2, 4, ... blocks, neighbouring cache lines.
 * 64 bytes per id, blocked cells included, cost a quarter of the runs'
 * memory where rows average 64 runs on an open map (17 % on AR0011SR); on
 * maps of short rows (mazes) they would cost several times the runs and
 * save one miss of three. On fewer rows, rank and row (12 bytes a row) mostly stay in
 * the caches, and the heads' own lines cost more than they save
 * (docs/performance.md, "Heads"). */
enum { CPD_HEAD_ROWS = 65536, CPD_HEAD_RUNS = 64, CPD_HEAD_SAMPLES = 12 };
typedef struct cpd_head {
    uint64_t first;                    /* row[r] of the id's place r */
    uint32_t runs;                     /* row[r + 1] - row[r] */
    uint32_t step;                     /* blocks per sample of the index */
    uint32_t sample[CPD_HEAD_SAMPLES]; /* sample[first + i step], i = 0, 1, ...
                                          from the row's first whole block */
} cpd_head;
_Static_assert(sizeof(cpd_head) == 64, "a head is one cache line");

/* FNV-1a, 64 bits, of n bytes continuing from h (start with FNV_OFFSET):
 * the maps' hashes and the file's checksum. */
#define FNV_OFFSET 0xcbf29ce484222325ull
static inline uint64_t cpd_fnv(uint64_t h, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ bytes[i]) * 0x100000001b3ull;
    return h;
}

/* ------------------------------------------------------------------------ */
/* A row's moves and runs                                                   */
/* ------------------------------------------------------------------------ */

/* The optimal first moves from a source towards one target, as a set (SRC's
 * wildcards): bit i < 63 is move code i; bit 63 is the code in `high`, for
 * graphs whose nodes have more out-edges than the bits, and for their none
 * when it is 63 or more. A grid's sets are bits 0..8, its none bit 8. */
#define CPD_HIGH_BIT (1ull << 63)

/* Adds the set (moves, high) to (*into, *into_high): a union, except that
 * of two different high codes one is kept - any subset of the optimal
 * first moves is still a set of optimal ones. */
static inline void cpd_moves_join(uint64_t *into, uint32_t *into_high, uint64_t moves,
                                  uint32_t high)
{
    if (moves & CPD_HIGH_BIT && (!(*into & CPD_HIGH_BIT) || high < *into_high))
        *into_high = high;
    *into |= moves;
}

/* Where a row's runs go as they are made: grown by doubling. */
typedef struct cpd_runs {
    const astar_allocator *memory;
    uint32_t *runs;
    size_t count, capacity;
} cpd_runs;

/* Compresses the moves of every target of the source at place r (moves[k]
 * and, with high codes, high[k] [opt NULL] for the target at place k;
 * moves[r] is not read: the source takes any move) into runs appended to
 * out, greedily: a run goes on while some move is optimal for all its
 * targets, which gives the fewest runs for the order. Returns how many,
 * or 0 when out of memory. */
size_t astar__cpd_compress_row(const astar_cpd *cpd, uint32_t r, const uint64_t *moves,
                               const uint32_t *high, cpd_runs *out);

/* The index of the last of n sorted values at or below key (v[0] must
 * be): a binary search without branches on the data. */
static inline uint64_t cpd_last_at_most(const uint32_t *v, uint64_t n, uint32_t key)
{
    uint64_t lo = 0;
    while (n > 1) {
        uint64_t half = n / 2;
        lo = v[lo + half] <= key ? lo + half : lo;
        n -= half;
    }
    return lo;
}

/* The code of the move of the last run of the row runs[a .. b) that
 * starts at or before `key` (every row's first run starts at 0). The
 * samples of the row's whole blocks, every step-th of them in samples[],
 * narrow the search to `step` blocks, or to the runs before the first. */
static inline uint32_t cpd_row_move(const astar_cpd *cpd, uint64_t a, uint64_t b,
                                    const uint32_t *samples, uint32_t step, uint32_t key)
{
    uint64_t first = (a + CPD_BLOCK - 1) / CPD_BLOCK, last = (b - 1) / CPD_BLOCK;
    if (first <= last) {
        if (samples[0] > key) {
            b = first * CPD_BLOCK;
        } else {
            uint64_t i = cpd_last_at_most(samples, (last - first) / step + 1, key);
            a = (first + i * step) * CPD_BLOCK;
            b = a + (uint64_t)step * CPD_BLOCK < b ? a + (uint64_t)step * CPD_BLOCK : b;
        }
    }
    return cpd->runs[a + cpd_last_at_most(cpd->runs + a, b - a, key)] & ((1u << cpd->shift) - 1);
}

/* The code of the first move from the source `id` (a cell or node with a
 * row) towards the target at place k of the order (another): through
 * the source's head where it has one, else its place's row. */
static inline uint32_t cpd_move(const astar_cpd *cpd, uint32_t id, uint32_t k)
{
    uint32_t key = k << cpd->shift | ((1u << cpd->shift) - 1);
    if (cpd->head) {
        const cpd_head *h = &cpd->head[id];
        return cpd_row_move(cpd, h->first, h->first + h->runs, h->sample, h->step, key);
    }
    uint32_t r = cpd->rank[id];
    uint64_t a = cpd->row[r];
    return cpd_row_move(cpd, a, cpd->row[r + 1], cpd->sample + (a + CPD_BLOCK - 1) / CPD_BLOCK,
                        1, key);
}

/* ------------------------------------------------------------------------ */
/* What each kind of map provides                                           */
/* ------------------------------------------------------------------------ */

/* One thread's searches, of a kind of map (cpd_grid.c, cpd_graph.c). */
typedef struct cpd_searcher cpd_searcher;

typedef struct cpd_kind {
    /* The hash a CPD keeps of its map (astar__cpd_map_hash). */
    uint64_t (*hash)(cpd_map map);
    /* Sets the runs' shift and none (cpd->walkable is known). */
    void (*layout)(astar_cpd *cpd);
    /* Whether id (a cell, a node) has a row: walkable, enabled. */
    bool (*usable)(const astar_cpd *cpd, uint32_t id);
    /* The DFS order into cpd->rank (all NO_RANK before): stack and next
     * hold walkable + 1 entries for its walk. */
    void (*depth_first)(astar_cpd *cpd, uint32_t *stack, uint32_t *next);
    /* A searcher for one thread: it reads the CPD's map and order and
     * `shared` (the kind's [opt] read-only data for every thread). */
    astar_status (*searcher_new)(const astar_cpd *cpd, const void *shared, cpd_searcher **out);
    /* The moves of the row of the source at place r: moves[k] (and, where
     * the kind has high codes, high[k]) for every place k but r. Returns
     * ASTAR_OK or ASTAR_COST_OVERFLOW (a least cost past
     * ASTAR_MAX_COST - 1). */
    astar_status (*row)(cpd_searcher *s, uint32_t r, uint64_t *moves, uint32_t *high);
    void (*searcher_delete)(const astar_cpd *cpd, cpd_searcher *s);
    bool high_codes;        /* whether row writes high[] */
} cpd_kind;

/* Each kind's, behind a function: data with external linkage would give
 * ASan's builds a symbol without the project's prefix. */
const cpd_kind *astar__cpd_grid_kind(void);
const cpd_kind *astar__cpd_graph_kind(void);

static inline const cpd_kind *cpd_kind_of(cpd_map map)
{
    return map.grid ? astar__cpd_grid_kind() : astar__cpd_graph_kind();
}

static inline uint64_t astar__cpd_map_hash(cpd_map map)
{
    return cpd_kind_of(map)->hash(map);
}

/* A CPD of the map, without runs: the struct, the order worked out (rank),
 * the runs' layout and row[] allocated, with memory kept in it. moves and
 * costs are a grid's. NULL when out of memory. A grid must be a square
 * one. */
astar_cpd *astar__cpd_create(const astar_allocator *memory, cpd_map map, astar_moves moves,
                             astar_costs costs, astar_cpd_order order);

/* Room for cpd's runs and samples: run_count set, runs allocated
 * (aligned) and sample, to be filled by astar__cpd_index once the runs
 * are written. false when out of memory. */
bool astar__cpd_runs_allocate(astar_cpd *cpd, uint64_t runs);

/* What lookups read besides the runs, once the rows and runs are written
 * (and, from a file, checked): the samples, and the heads where cpd
 * should have them (above). false when out of memory. */
bool astar__cpd_index(astar_cpd *cpd);

/* Gives cpd, its rows and samples made, heads whatever its size: the
 * build and load through astar__cpd_index, and the tests on maps too
 * small for heads of their own, to read rows through them. false when
 * out of memory. */
bool astar__cpd_add_heads(astar_cpd *cpd);

/* Builds every row of cpd (made by astar__cpd_create) on `threads`
 * threads, each with a searcher of its own. */
astar_status astar__cpd_build_rows(astar_cpd *cpd, int threads, const void *shared);

/* The checks of a path's step as it is walked: a least-cost path visits
 * no id twice, so more steps than rows, or no way on part way, is a
 * crafted file. length counts the ids walked so far. */
static inline astar_status cpd_walk_status(astar_status step, size_t length, uint32_t walkable)
{
    if ((step == ASTAR_NO_PATH && length > 1) || (step == ASTAR_OK && length > walkable))
        return ASTAR_INVALID_PATH;
    return step;
}

/* Whether a CPD of graph can lay out its runs (astar_graph_cpd_new's
 * ASTAR_UNSUPPORTED): its largest out-degree and its enabled nodes fit 32
 * bits together. */
bool astar__cpd_graph_fits(const astar_graph *graph);

/* The bytes astar_cpd_save writes for walkable rows and runs. */
uint64_t astar__cpd_file_bytes(uint64_t walkable, uint64_t runs);

#endif
