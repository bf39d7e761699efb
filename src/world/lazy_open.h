/* The open list both kinds of lazy table keep (world/lazy_distance.c over
 * a grid, world/lazy_graph.c over a graph), and the solver's scattered
 * ways' searches (world/scatter.c, whose f holds collisions above the
 * cost): entries, a list grown by doubling, and a binary heap ordered by
 * f (the cost from the goal plus the estimate on to the focus), then by
 * the larger cost - deepest first: on ties an A* runs on towards the
 * focus rather than widening. */
#ifndef ASTAR_WORLD_LAZY_OPEN_H
#define ASTAR_WORLD_LAZY_OPEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/memory.h"

typedef struct lazy_open {
    uint64_t f;
    uint32_t g;
    /* a grid's x | y << 16 (a side is at most ASTAR_MAX_SIDE: an
     * expansion reads x and y with no division), a graph's node */
    uint32_t where;
} lazy_open;

typedef struct lazy_list {
    lazy_open *at;
    size_t count, capacity;
} lazy_list;

enum { LAZY_FIRST_OPEN = 64 };

/* Room on list t for `more` entries: it doubles. false when out of
 * memory (t as it was). */
static inline bool lazy_list_room(const astar_allocator *memory, lazy_list *t, size_t more)
{
    if (t->count + more <= t->capacity)
        return true;
    size_t cap = t->capacity ? 2 * t->capacity : LAZY_FIRST_OPEN;
    while (cap < t->count + more)
        cap *= 2;
    lazy_open *open = astar__allocate(memory, cap, sizeof *open);
    if (!open)
        return false;
    if (t->count)
        memcpy(open, t->at, t->count * sizeof *open);
    astar__release(memory, t->at);
    t->at = open;
    t->capacity = cap;
    return true;
}

static inline bool lazy_before(const lazy_open *a, const lazy_open *b)
{
    return a->f < b->f || (a->f == b->f && a->g > b->g);
}

/* Onto the heap t, which has room. */
static inline void lazy_heap_push(lazy_list *t, lazy_open key)
{
    size_t i = t->count++;
    for (; i > 0 && lazy_before(&key, &t->at[(i - 1) / 2]); i = (i - 1) / 2)
        t->at[i] = t->at[(i - 1) / 2];
    t->at[i] = key;
}

/* Off the heap t: its least entry, at[0]. */
static inline void lazy_heap_pop(lazy_list *t)
{
    lazy_open last = t->at[--t->count];
    size_t i = 0, n = t->count;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && lazy_before(&t->at[c + 1], &t->at[c]))
            c++;
        if (!lazy_before(&t->at[c], &last))
            break;
        t->at[i] = t->at[c];
        i = c;
    }
    if (n)
        t->at[i] = last;
}

#endif
