/* The three open lists of the article's note 7, all in the front part of
 * ctx->list and all ordered by entry_key, so that with unique tie keys they
 * hand out squares in exactly the same order and differ only in speed:
 *   HEAP      the binary heap of heap.h
 *   SORTED    kept in order, lowest key at the end, where taking it off
 *             moves nothing
 *   UNSORTED  in the order of addition; taking the lowest scans them all
 * Every entry that moves gets its slot rewritten (context_place), which is all
 * context_list_of needs to find squares on the open list in any arrangement.
 *
 * open_push, open_decreased and open_pop take the kind as an argument so
 * that a caller inlined with a constant kind keeps only that list's code.
 * BUCKETS keeps the context another way (buckets.h) and never comes here;
 * the switches count it with the heap, which serves when it cannot. */
#ifndef ASTAR_OPEN_LIST_H
#define ASTAR_OPEN_LIST_H

#include <stdint.h>

#include "astar.h"
#include "open/context.h"
#include "open/heap.h"
#include "core/inline.h"

static inline void sorted_push(astar_context *ctx, list_entry e)
{
    /* Every entry that leaves the list before e has to move one place back
     * to make room, so the walk from the end finds e's place and makes the
     * room at once. It costs one move per such entry. */
    uint32_t pos = ctx->open_count++;
    while (pos > 0 && entry_before(&ctx->list[pos - 1], &e)) {
        context_place(ctx, pos, ctx->list[pos - 1]);
        pos--;
    }
    context_place(ctx, pos, e);
}

/* The entry at pos got a lower key: it moves towards the end. */
static inline void sorted_decreased(astar_context *ctx, uint32_t pos)
{
    list_entry e = ctx->list[pos];
    while (pos + 1 < ctx->open_count && entry_before(&e, &ctx->list[pos + 1])) {
        context_place(ctx, pos, ctx->list[pos + 1]);
        pos++;
    }
    context_place(ctx, pos, e);
}

/* The list must not be empty. */
static inline list_entry sorted_pop(astar_context *ctx)
{
    return ctx->list[--ctx->open_count];
}

static inline void unsorted_push(astar_context *ctx, list_entry e)
{
    context_place(ctx, ctx->open_count++, e);
}

/* The list must not be empty. The last entry fills the hole, so the open
 * part stays contiguous. */
static inline list_entry unsorted_pop(astar_context *ctx)
{
    uint32_t best = 0;
    uint64_t best_key = entry_key(&ctx->list[0]);
    for (uint32_t i = 1; i < ctx->open_count; i++) {
        uint64_t key = entry_key(&ctx->list[i]);
        if (key < best_key) {
            best_key = key;
            best = i;
        }
    }
    list_entry top = ctx->list[best];
    uint32_t last = --ctx->open_count;
    if (best != last)
        context_place(ctx, best, ctx->list[last]);
    return top;
}

static ALWAYS_INLINE void open_push(astar_context *ctx, astar_open_list kind, list_entry e)
{
    switch (kind) {
    case ASTAR_OPEN_LIST_HEAP:
    case ASTAR_OPEN_LIST_BUCKETS: heap_push(ctx, e); return;
    case ASTAR_OPEN_LIST_SORTED: sorted_push(ctx, e); return;
    case ASTAR_OPEN_LIST_UNSORTED: unsorted_push(ctx, e); return;
    }
}

/* The caller lowered the key of the entry at pos in place. An unsorted
 * list has no order to restore. */
static ALWAYS_INLINE void open_decreased(astar_context *ctx, astar_open_list kind, uint32_t pos)
{
    switch (kind) {
    case ASTAR_OPEN_LIST_HEAP:
    case ASTAR_OPEN_LIST_BUCKETS: heap_decreased(ctx, pos); return;
    case ASTAR_OPEN_LIST_SORTED: sorted_decreased(ctx, pos); return;
    case ASTAR_OPEN_LIST_UNSORTED: return;
    }
}

/* Removes and returns the entry with the lowest key. The list must not be
 * empty. */
static ALWAYS_INLINE list_entry open_pop(astar_context *ctx, astar_open_list kind)
{
    switch (kind) {
    case ASTAR_OPEN_LIST_SORTED: return sorted_pop(ctx);
    case ASTAR_OPEN_LIST_UNSORTED: return unsorted_pop(ctx);
    case ASTAR_OPEN_LIST_HEAP:
    case ASTAR_OPEN_LIST_BUCKETS: break;
    }
    return heap_pop(ctx);
}

#endif
