/* A binary heap of (real key, item) pairs, least key first (equal keys:
 * the lower item), with no place kept per item: a search that finds an
 * item cheaper puts a new one and passes over the stale ones it takes.
 * For searches whose costs are real numbers and whose items are not cells
 * - the any-angle search's intervals (search/anyangle.c), many per cell,
 * with Euclidean lengths - where the context's lists, one entry per cell
 * with a whole-number F, cannot hold them. */
#ifndef ASTAR_REAL_HEAP_H
#define ASTAR_REAL_HEAP_H

#include <stdbool.h>

#include "open/key_heap.h"

typedef struct real_entry {
    double key;
    uint32_t item;
} real_entry;

static ALWAYS_INLINE bool real_entry_before(real_entry a, real_entry b)
{
    return a.key < b.key || (a.key == b.key && a.item < b.item);
}

BINARY_HEAP(real_heap, real_entry, real_entry_before)

#endif
