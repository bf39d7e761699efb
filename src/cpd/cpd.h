/* What the CPD's build and queries (cpd.c) and its file (cpd_file.c)
 * share: the layout of a database and how one is made ready for runs. */
#ifndef ASTAR_CPD_CPD_H
#define ASTAR_CPD_CPD_H

#include <stdint.h>

#include "astar.h"
#include "core/memory.h"

/* A run is (start << RUN_SHIFT | move): start, its first source's place in
 * the order, below ASTAR_MAX_CELLS = 2^28, so 28 bits; move, a direction
 * of core/moves.h (0..7) or MOVE_NONE for sources that cannot reach the
 * row's target - nine values, so 4 bits. */
enum { RUN_SHIFT = 4, RUN_MOVE_MASK = (1 << RUN_SHIFT) - 1, MOVE_NONE = 8 };
#define NO_RANK UINT32_MAX

struct astar_cpd {
    astar_allocator memory;
    const astar_grid *grid;
    uint64_t edits;         /* the grid's edit count when built or loaded */
    uint64_t hash;          /* cpd_grid_hash of the grid then */
    astar_moves moves;
    astar_costs costs;
    astar_cpd_order order;
    uint32_t straight, diagonal;  /* the costs' steps onto terrain 1 */
    int width, height;
    uint32_t walkable;      /* rows, and places in the order */
    uint32_t *rank;         /* per cell (y * width + x): its place in the
                               order, NO_RANK for a blocked cell */
    uint64_t *row;          /* walkable + 1: the runs of the row of the
                               target at place r are runs[row[r] .. row[r + 1]) */
    uint32_t *runs;         /* [opt] NULL while there are none */
    uint64_t run_count;
};

/* FNV-1a, 64 bits, of n bytes continuing from h (start with FNV_OFFSET):
 * the grid's hash and the file's checksum. */
#define FNV_OFFSET 0xcbf29ce484222325ull
static inline uint64_t cpd_fnv(uint64_t h, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ bytes[i]) * 0x100000001b3ull;
    return h;
}

/* The hash a CPD keeps of its grid: size, topology and every cell's terrain. */
uint64_t astar__cpd_grid_hash(const astar_grid *grid);

/* A CPD of grid for these moves, costs and order, without runs: the
 * struct, the order worked out (rank) and row[] allocated, with memory
 * kept in it. NULL when out of memory. The grid must be a square one. */
astar_cpd *astar__cpd_create(const astar_allocator *memory, const astar_grid *grid,
                             astar_moves moves, astar_costs costs, astar_cpd_order order);

/* The bytes astar_cpd_save writes for walkable cells and runs. */
uint64_t astar__cpd_file_bytes(uint64_t walkable, uint64_t runs);

#endif
