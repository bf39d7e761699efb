/* Search contexts: allocation once. The context's arrays and open lists are
 * open/'s (open/context.h), the search state it holds between slices is
 * search/'s (search/state.h): the context is made here, above both, so that
 * open/ depends on nothing of the searches. */
#include "open/context.h"
#include "grid/grid.h"
#include "search/state.h"

astar_status astar_context_new(size_t max_cells, astar_context **out)
{
    return astar_context_new_with(max_cells, NULL, out);
}

/* A context of max_cells, with a parent per cell for graphs if asked. */
static astar_status context_new(size_t max_cells, bool node_parents,
                                const astar_allocator *allocator, astar_context **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_allocator memory;
    if (max_cells < 1 || max_cells > ASTAR_MAX_CELLS ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_context *ctx = astar__allocate_zeroed(&memory, 1, sizeof *ctx);
    if (!ctx)
        return ASTAR_OUT_OF_MEMORY;
    ctx->memory = memory;
    /* Zeroed: every slot starts as a defined value, which the membership
     * test then rejects like any other leftover; and written, so that the
     * operating system maps the pages now rather than in the middle of the
     * first searches, where a game would see a slow frame. */
    ctx->slot = astar__allocate_zeroed(&memory, max_cells, sizeof *ctx->slot);
    ctx->list = astar__allocate_zeroed(&memory, max_cells, sizeof *ctx->list);
    ctx->state = astar__allocate_zeroed(&memory, 1, sizeof *ctx->state);
    if (node_parents)
        ctx->node_parent = astar__allocate_zeroed(&memory, max_cells, sizeof *ctx->node_parent);
    if (!ctx->slot || !ctx->list || !ctx->state || (node_parents && !ctx->node_parent)) {
        astar_context_delete(ctx);
        return ASTAR_OUT_OF_MEMORY;
    }
    ctx->max_cells = max_cells;
    astar__bucket_queue_init(&ctx->buckets, max_cells, ctx->slot, ctx->list);
    *out = ctx;
    return ASTAR_OK;
}

astar_status astar_context_new_with(size_t max_cells, const astar_allocator *allocator,
                                    astar_context **out)
{
    return context_new(max_cells, false, allocator, out);
}

astar_status astar_graph_context_new(size_t max_nodes, astar_context **out)
{
    return context_new(max_nodes, true, NULL, out);
}

astar_status astar_graph_context_new_with(size_t max_nodes, const astar_allocator *allocator,
                                          astar_context **out)
{
    return context_new(max_nodes, true, allocator, out);
}

void astar_context_delete(astar_context *ctx)
{
    if (ctx) {
        astar__release(&ctx->memory, ctx->node_parent);
        astar__release(&ctx->memory, ctx->slot);
        astar__release(&ctx->memory, ctx->list);
        astar__release(&ctx->memory, ctx->state);
        astar__release(&ctx->memory, ctx->scratch);
        astar__release(&ctx->memory, ctx);
    }
}

size_t astar_context_bytes(const astar_context *ctx)
{
    if (!ctx)
        return 0;
    size_t per_cell = sizeof *ctx->slot + sizeof *ctx->list;
    return ctx->max_cells * (per_cell + (ctx->node_parent ? sizeof *ctx->node_parent : 0)) +
           ctx->scratch_bytes;
}

size_t astar_context_max_cells(const astar_context *ctx)
{
    return ctx ? ctx->max_cells : 0;
}
