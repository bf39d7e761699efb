/* A binary heap of items (node numbers) that knows where each item is, so
 * that an item whose key drops is moved up in place rather than put again:
 * a heap for a Dijkstra whose keys are kept outside it, in a table the
 * search lowers (item v's key is keys[v * stride]). No more room is needed
 * than one place per item. For the landmarks' columns (graph/landmarks.c),
 * whose keys are the column itself, and for any later search over keys
 * that live in a table of its own. */
#ifndef ASTAR_PLACE_HEAP_H
#define ASTAR_PLACE_HEAP_H

#include <stddef.h>
#include <stdint.h>

/* In place[]: the item is not on the heap. */
#define PLACE_NONE UINT32_MAX

typedef struct place_heap {
    uint32_t *items;       /* the heap: room for every item */
    uint32_t *place;       /* per item: its index in items, or PLACE_NONE */
    uint32_t size;
    const uint32_t *keys;  /* item v's key: keys[v * stride] */
    size_t stride;
} place_heap;

static inline uint32_t place_heap_key(const place_heap *h, uint32_t v)
{
    return h->keys[(size_t)v * h->stride];
}

static inline void place_heap_put(place_heap *h, uint32_t i, uint32_t v)
{
    h->items[i] = v;
    h->place[v] = i;
}

static inline void place_heap_up(place_heap *h, uint32_t i)
{
    uint32_t v = h->items[i], key = place_heap_key(h, v);
    for (; i > 0 && place_heap_key(h, h->items[(i - 1) / 2]) > key; i = (i - 1) / 2)
        place_heap_put(h, i, h->items[(i - 1) / 2]);
    place_heap_put(h, i, v);
}

/* Item v's key has just dropped: v goes on the heap, or up in it. */
static inline void place_heap_lowered(place_heap *h, uint32_t v)
{
    if (h->place[v] == PLACE_NONE)
        place_heap_put(h, h->size++, v);
    place_heap_up(h, h->place[v]);
}

/* Takes the item of least key off the heap, which must hold some. */
static inline uint32_t place_heap_pop(place_heap *h)
{
    uint32_t top = h->items[0];
    h->place[top] = PLACE_NONE;
    if (--h->size == 0)
        return top;
    uint32_t v = h->items[h->size], key = place_heap_key(h, v), i = 0;
    for (;;) {
        uint32_t child = 2 * i + 1;
        if (child >= h->size)
            break;
        if (child + 1 < h->size &&
            place_heap_key(h, h->items[child + 1]) < place_heap_key(h, h->items[child]))
            child++;
        if (place_heap_key(h, h->items[child]) >= key)
            break;
        place_heap_put(h, i, h->items[child]);
        i = child;
    }
    place_heap_put(h, i, v);
    return top;
}

#endif
