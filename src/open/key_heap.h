/* A binary heap of 64-bit keys, least first, with no place kept per item:
 * a search that finds an item cheaper puts it again, and passes over the
 * stale keys it takes (their cost is no longer the item's). A key holds
 * both, the cost in its high bits and the item below, so that one compare
 * orders them. For small searches over scratch memory of their own - HPA*'s
 * inside one cluster (graph/hpa_cluster.c) - where the context's lists,
 * which span a whole grid, would be the wrong size. */
#ifndef ASTAR_KEY_HEAP_H
#define ASTAR_KEY_HEAP_H

#include <stddef.h>
#include <stdint.h>

#include "core/inline.h"

/* Puts key into heap, which holds *n keys and has room for one more. */
static ALWAYS_INLINE void key_heap_push(uint64_t *heap, size_t *n, uint64_t key)
{
    size_t at = (*n)++;
    while (at > 0 && heap[(at - 1) / 2] > key) {
        heap[at] = heap[(at - 1) / 2];
        at = (at - 1) / 2;
    }
    heap[at] = key;
}

/* Takes the least key off heap, which must hold some (*n > 0). */
static ALWAYS_INLINE uint64_t key_heap_pop(uint64_t *heap, size_t *n)
{
    uint64_t top = heap[0], last = heap[--*n];
    size_t at = 0;
    for (;;) {
        size_t child = 2 * at + 1;
        if (child >= *n)
            break;
        if (child + 1 < *n && heap[child + 1] < heap[child])
            child++;
        if (heap[child] >= last)
            break;
        heap[at] = heap[child];
        at = child;
    }
    if (*n > 0)
        heap[at] = last;
    return top;
}

#endif
