/* The open list as a binary heap of list entries, lowest (F, tie) first,
 * each moved entry's slot kept up to date (context_place) so that a square
 * already on the list can be found, and moved up when its F drops, in
 * O(log n). */
#ifndef ASTAR_HEAP_H
#define ASTAR_HEAP_H

#include <stdbool.h>
#include <stdint.h>

#include "open/context.h"

/* Moves e up from the hole at pos until its parent comes before it. */
static inline void heap_sift_up(astar_context *ctx, uint32_t pos, list_entry e)
{
    while (pos > 0) {
        uint32_t up = (pos - 1) / 2;
        if (!entry_before(&e, &ctx->list[up]))
            break;
        context_place(ctx, pos, ctx->list[up]);
        pos = up;
    }
    context_place(ctx, pos, e);
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
static ALWAYS_INLINE list_entry heap_pop(astar_context *ctx)
{
    list_entry top = ctx->list[0];
    list_entry last = ctx->list[--ctx->open_count];
    uint32_t n = ctx->open_count, pos = 0;
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child >= n)
            break;
        if (child + 1 < n && entry_before(&ctx->list[child + 1], &ctx->list[child]))
            child++;
        if (!entry_before(&ctx->list[child], &last))
            break;
        context_place(ctx, pos, ctx->list[child]);
        pos = child;
    }
    if (n > 0)
        context_place(ctx, pos, last);
    return top;
}

#endif
