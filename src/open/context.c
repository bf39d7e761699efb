/* Search contexts: allocation once. The search state's type belongs to the
 * searches (search/state.h); the context only holds it. */
#include <stdlib.h>
#include <string.h>

#include "open/context.h"
#include "grid/grid.h"
#include "search/state.h"

astar_status astar_context_new(size_t max_cells, astar_context **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    if (max_cells < 1 || max_cells > ASTAR_MAX_CELLS)
        return ASTAR_INVALID_ARGUMENT;
    astar_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return ASTAR_OUT_OF_MEMORY;
    /* calloc: every slot starts as a defined value, which the membership test
     * then rejects like any other leftover. */
    ctx->slot = calloc(max_cells, sizeof *ctx->slot);
    ctx->list = calloc(max_cells, sizeof *ctx->list);
    ctx->state = calloc(1, sizeof *ctx->state);
    if (!ctx->slot || !ctx->list || !ctx->state) {
        astar_context_delete(ctx);
        return ASTAR_OUT_OF_MEMORY;
    }
    ctx->max_cells = max_cells;
    astar__bucket_queue_init(&ctx->buckets, max_cells, ctx->slot, ctx->list);
    *out = ctx;
    return ASTAR_OK;
}

void astar__context_map_pages(astar_context *ctx)
{
    memset(ctx->slot, 0, ctx->max_cells * sizeof *ctx->slot);
    memset(ctx->list, 0, ctx->max_cells * sizeof *ctx->list);
}

void astar_context_delete(astar_context *ctx)
{
    if (ctx) {
        free(ctx->slot);
        free(ctx->list);
        free(ctx->state);
        free(ctx);
    }
}

size_t astar_context_bytes(const astar_context *ctx)
{
    return ctx ? ctx->max_cells * (sizeof *ctx->slot + sizeof *ctx->list) : 0;
}

size_t astar_context_max_cells(const astar_context *ctx)
{
    return ctx ? ctx->max_cells : 0;
}
