/* A binary heap of 64-bit keys, least first, with no place kept per item:
 * a search that finds an item cheaper puts it again, and passes over the
 * stale keys it takes (their cost is no longer the item's). A key holds
 * both, the cost in its high bits and the item below, so that one compare
 * orders them. For small searches over scratch memory of their own - HPA*'s
 * inside one cluster (graph/hpa_cluster.c) - where the context's lists,
 * which span a whole grid, would be the wrong size.
 *
 * BINARY_HEAP writes such a heap once for any type of entry and order:
 * real_heap.h's entries of a real cost and an item are another. */
#ifndef ASTAR_KEY_HEAP_H
#define ASTAR_KEY_HEAP_H

#include <stddef.h>
#include <stdint.h>

#include "core/inline.h"

/* Defines name_push (puts e into heap, which holds *n entries and has
 * room for one more) and name_pop (takes the entry that comes first off
 * heap, which must hold some) for entries of type, before(a, b) saying
 * that a comes first. */
#define BINARY_HEAP(name, type, before)                                                           \
    static ALWAYS_INLINE void name##_push(type *heap, size_t *n, type e)                          \
    {                                                                                             \
        size_t at = (*n)++;                                                                       \
        while (at > 0 && before(e, heap[(at - 1) / 2])) {                                         \
            heap[at] = heap[(at - 1) / 2];                                                        \
            at = (at - 1) / 2;                                                                    \
        }                                                                                         \
        heap[at] = e;                                                                             \
    }                                                                                             \
    static ALWAYS_INLINE type name##_pop(type *heap, size_t *n)                                   \
    {                                                                                             \
        type top = heap[0], last = heap[--*n];                                                    \
        size_t at = 0;                                                                            \
        for (;;) {                                                                                \
            size_t child = 2 * at + 1;                                                            \
            if (child >= *n)                                                                      \
                break;                                                                            \
            if (child + 1 < *n && before(heap[child + 1], heap[child]))                           \
                child++;                                                                          \
            if (!before(heap[child], last))                                                       \
                break;                                                                            \
            heap[at] = heap[child];                                                               \
            at = child;                                                                           \
        }                                                                                         \
        if (*n > 0)                                                                               \
            heap[at] = last;                                                                      \
        return top;                                                                               \
    }

#define KEY_BEFORE(a, b) ((a) < (b))
BINARY_HEAP(key_heap, uint64_t, KEY_BEFORE)

#endif
