/* What the CPD's row making (cpd.c), its two kinds of map (cpd_grid.c,
 * cpd_graph.c) and its file (cpd_file.c) share: the layout of a database,
 * how its runs are made and read, and what each kind of map provides. */
#ifndef ASTAR_CPD_CPD_H
#define ASTAR_CPD_CPD_H

#include <stdint.h>

#include "astar.h"
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
    uint32_t straight, diagonal;  /* a grid's steps onto terrain 1 */
    uint32_t shift, none;   /* the runs' layout (above) */
    uint32_t ids;           /* cells of the grid or nodes of the graph */
    uint32_t walkable;      /* rows, and places in the order: walkable
                               cells or enabled nodes */
    uint32_t *rank;         /* per id: its place in the order, NO_RANK for a
                               blocked cell or disabled node */
    uint32_t *id_of;        /* walkable: the id at each place */
    struct cpd_row *rows;   /* per id (cell, node): the row of that source,
                               by id rather than by place so that a lookup
                               need not read the source's place first */
    uint32_t *runs;         /* [opt] every row's, each row from a multiple of
                               CPD_BLOCK, the array aligned to 64 bytes;
                               NULL while there are none */
    uint64_t run_count;     /* runs in all rows (not the padding) */
    uint64_t run_words;     /* runs' length, padding included */
    void *rows_block, *runs_block;  /* where they were allocated */
};

/* A lookup reads its row's record - where the row is and a sample of its
 * runs, in one cache line - and then one block of the row's runs, aligned
 * to a cache line: two lines where a binary search over the row's runs
 * (some 200 on open 512 x 512 maps) read four to five, each a miss on a
 * database of tens of megabytes. A row of up to CPD_BLOCK * (CPD_SAMPLES
 * + 1) runs takes blocks of CPD_BLOCK runs; a longer one, blocks of as
 * many multiples of CPD_BLOCK as keep its samples to CPD_SAMPLES. */
enum { CPD_BLOCK = 16, CPD_SAMPLES = 12 };

typedef struct cpd_row {
    uint64_t start;         /* its first run's index in runs (a multiple of
                               CPD_BLOCK) */
    uint32_t count;         /* its runs */
    uint32_t stride;        /* runs per block, a multiple of CPD_BLOCK */
    uint32_t sample[CPD_SAMPLES];  /* sample[j] = runs[start + (j + 1) *
                               stride], for the blocks after the first */
} cpd_row;
_Static_assert(sizeof(cpd_row) == 64, "a row's record fills a cache line");

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

/* The row of the source at place r. */
static inline struct cpd_row *cpd_row_at(const astar_cpd *cpd, uint32_t r)
{
    return &cpd->rows[cpd->id_of[r]];
}

/* The code of the first move from source (an id with a row) towards the
 * target at place k (another place of the CPD): the move of the last run
 * of the source's row that starts at or before k (every row's first run
 * starts at 0). The samples at or below the key count the blocks to pass
 * over. */
static inline uint32_t cpd_move(const astar_cpd *cpd, uint32_t source, uint32_t k)
{
    const cpd_row *row = &cpd->rows[source];
    uint32_t mask = (1u << cpd->shift) - 1, key = k << cpd->shift | mask;
    uint32_t blocks = (row->count - 1) / row->stride, passed = 0;
    for (uint32_t j = 0; j < blocks; j++)
        passed += row->sample[j] <= key;
    uint64_t a = row->start + (uint64_t)passed * row->stride, end = row->start + row->count;
    uint64_t b = a + row->stride < end ? a + row->stride : end;
    return cpd->runs[a + cpd_last_at_most(cpd->runs + a, b - a, key)] & mask;
}

/* ------------------------------------------------------------------------ */
/* What each kind of map provides                                           */
/* ------------------------------------------------------------------------ */

/* One thread's searches, of a kind of map (cpd_grid.c, cpd_graph.c). */
typedef struct cpd_searcher cpd_searcher;

typedef struct cpd_kind {
    /* The hash a CPD keeps of its map (astar__cpd_map_hash). */
    uint64_t (*hash)(cpd_map map);
    /* Sets cpd->walkable and the runs' shift and none. */
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

extern const cpd_kind astar__cpd_grid_kind, astar__cpd_graph_kind;

static inline const cpd_kind *cpd_kind_of(cpd_map map)
{
    return map.grid ? &astar__cpd_grid_kind : &astar__cpd_graph_kind;
}

static inline uint64_t astar__cpd_map_hash(cpd_map map)
{
    return cpd_kind_of(map)->hash(map);
}

/* A CPD of the map, without runs: the struct, the order worked out (rank),
 * the runs' layout and the rows' records allocated (zeroed), with memory
 * kept in it. moves and
 * costs are a grid's. NULL when out of memory. A grid must be a square
 * one. */
astar_cpd *astar__cpd_create(const astar_allocator *memory, cpd_map map, astar_moves moves,
                             astar_costs costs, astar_cpd_order order);

/* Room for cpd's runs, every row's count set: each row's start (rows laid
 * out in the order of their places), the padding, run_count and run_words
 * set and runs allocated, to be filled at each row's start, then
 * astar__cpd_sample. false when out of memory. */
bool astar__cpd_runs_allocate(astar_cpd *cpd);
/* Each row's block length and samples, its runs written (a row has at
 * least one run). */
void astar__cpd_sample(astar_cpd *cpd);

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
