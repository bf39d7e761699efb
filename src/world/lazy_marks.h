/* Landmarks for the lazy tables' estimate on a square grid's 4 moves (ALT:
 * Goldberg and Harrelson, 2005): per landmark L, the steps from L to every
 * cell of its island, and for two cells a and b the bound
 * max over L of |steps(L, a) - steps(L, b)|, never above the steps between
 * them. docs/design.md, "Landmarks for the crowd's tables", argues why the
 * bound keeps the tables' two stacks and how edits are followed. */
#ifndef ASTAR_WORLD_LAZY_MARKS_H
#define ASTAR_WORLD_LAZY_MARKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "astar/crowd.h"
#include "astar/memory.h"
#include "grid/grid.h"

/* The steps from each landmark to each cell, by the cell's place in the
 * grid's padded terrain (grid_index): a cell's values lie together, one
 * cache line. */
enum { MARKS_MOST = ASTAR_CROWD_MAX_LANDMARKS, MARK_UNKNOWN = UINT16_MAX,
       MARK_CAP = UINT16_MAX - 1 };

typedef struct lazy_marks {
    astar_allocator memory;
    const astar_grid *grid;
    size_t cells;        /* padded cells */
    size_t count;        /* landmarks, 1..MARKS_MOST */
    /* cells x count: MARK_UNKNOWN off the landmarks' island; past MARK_CAP
     * steps, MARK_CAP or one less by the steps' parity (mark_stored) */
    uint16_t *steps;
    uint32_t *nearest;   /* per cell the steps to its nearest landmark (choosing them) */
    uint32_t *scratch;   /* one landmark's steps, before they are stored */
    uint32_t *queue;     /* the breadth-first searches' */
    uint32_t place[MARKS_MOST];
} lazy_marks;

/* `count` (1..MARKS_MOST) landmarks over grid's walkable cells as they
 * are now: the first the cell of the largest island farthest from a cell
 * of it, each next the farthest from those chosen. O(count x cells) time;
 * 2 x count + 12 bytes per cell. ASTAR_OK or ASTAR_OUT_OF_MEMORY (*out
 * NULL). */
astar_status astar__marks_new(const astar_grid *grid, size_t count,
                              const astar_allocator *memory, lazy_marks **out);

void astar__marks_delete(lazy_marks *marks);
size_t astar__marks_bytes(const lazy_marks *marks);

/* The least steps between the cells at padded places a and b can be
 * (0 where a landmark does not reach both). Between neighbours the bound
 * changes by at most one, and its parity is that of the cells' Manhattan
 * distance: with it, as with Manhattan's, a 4-move step changes an A*'s
 * f by 0 or 2 steps. O(count). */
static inline uint32_t astar__marks_bound(const lazy_marks *marks, size_t a, size_t b)
{
    size_t n = marks->count;
    const uint16_t *u = marks->steps + a * n, *v = marks->steps + b * n;
    uint32_t best = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t d = (uint32_t)(u[i] > v[i] ? u[i] - v[i] : v[i] - u[i]);
        if (u[i] != MARK_UNKNOWN && v[i] != MARK_UNKNOWN && d > best)
            best = d;
    }
    return best;
}

/* Asks the memory for the steps of the four neighbours of the cell at
 * spot (x | y << 16), which the search is about to expand: the misses of
 * their estimates are then waited on together, while the expansion reads
 * its pages. */
static inline void astar__marks_prefetch(const lazy_marks *marks, uint32_t spot)
{
    size_t stride = (size_t)marks->grid->stride;
    size_t c = ((spot >> 16) + 1) * stride + (spot & 0xffffu) + 1;
    const uint16_t *s = marks->steps;
    size_t n = marks->count;
    __builtin_prefetch(s + (c - 1) * n);
    __builtin_prefetch(s + (c + 1) * n);
    __builtin_prefetch(s + (c - stride) * n);
    __builtin_prefetch(s + (c + stride) * n);
}

/* Follows the grid's edits first..last (astar_grid_edit_cell). A wall put
 * up only removes steps between cells, which leaves every bound below
 * the steps and changing by at most one between neighbours. A cell opened
 * takes the steps its walkable neighbours allow (one more than the least,
 * when they lie within two of each other): only its own bounds change.
 * Where none does (a short cut, islands joined, an edit the feed no longer
 * lists) the steps are computed afresh and every bound may change: then
 * true. O(edits x count), or a rebuild's cost. No allocation. */
bool astar__marks_catch_up(lazy_marks *marks, uint64_t first, uint64_t last);

#endif
