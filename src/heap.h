/* The open list: a binary heap of list entries, lowest F first, with each
 * moved entry's slot kept up to date so that a square already on the list
 * can be found, and moved up when its F drops, in O(log n). */
#ifndef ASTAR_HEAP_H
#define ASTAR_HEAP_H

#include <stdbool.h>
#include <stdint.h>

#include "context.h"

/* (F, tie) as one number, so ordering two entries is a single comparison. */
static inline uint64_t heap_key(const list_entry *e)
{
    return (uint64_t)e->f << 32 | e->tie;
}

static inline bool heap_before(const list_entry *a, const list_entry *b)
{
    return heap_key(a) < heap_key(b);
}

static inline void heap_place(astar_context *ctx, uint32_t pos, list_entry e)
{
    ctx->list[pos] = e;
    ctx->slot[entry_cell(&e)] = pos;
}

/* Moves e up from the hole at pos until its parent comes before it. */
static inline void heap_sift_up(astar_context *ctx, uint32_t pos, list_entry e)
{
    while (pos > 0) {
        uint32_t up = (pos - 1) / 2;
        if (!heap_before(&e, &ctx->list[up]))
            break;
        heap_place(ctx, pos, ctx->list[up]);
        pos = up;
    }
    heap_place(ctx, pos, e);
}

static inline void heap_push(astar_context *ctx, list_entry e)
{
    heap_sift_up(ctx, ctx->open_count++, e);
}

/* The entry at pos got a lower F (or an earlier tie): restore the order. */
static inline void heap_decreased(astar_context *ctx, uint32_t pos)
{
    heap_sift_up(ctx, pos, ctx->list[pos]);
}

/* Removes and returns the entry that comes first. The heap must not be empty. */
static inline list_entry heap_pop(astar_context *ctx)
{
    list_entry top = ctx->list[0];
    list_entry last = ctx->list[--ctx->open_count];
    uint32_t n = ctx->open_count, pos = 0;
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child >= n)
            break;
        if (child + 1 < n && heap_before(&ctx->list[child + 1], &ctx->list[child]))
            child++;
        if (!heap_before(&ctx->list[child], &last))
            break;
        heap_place(ctx, pos, ctx->list[child]);
        pos = child;
    }
    if (n > 0)
        heap_place(ctx, pos, last);
    return top;
}

#endif
