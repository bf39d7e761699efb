/* Batches of searches spread over threads that each own a search context. */
#include <stdalign.h>
#include <stdatomic.h>

#include "astar.h"
#include "core/options.h"
#include "core/threads.h"

typedef struct batch {
    /* Every worker bumps the counter once per query; on a line of its own it
     * does not keep evicting the fields below, which they read all the time. */
    alignas(CACHE_LINE) atomic_size_t next;
    alignas(CACHE_LINE) const astar_grid *grid;
    const astar_options *options;
    astar_query *queries;
    size_t count;
} batch;

typedef struct worker {
    batch *batch;
    astar_context *ctx;
} worker;

/* Queries are handed out one at a time rather than in fixed shares, because
 * search times differ by orders of magnitude between queries. */
static void solve(batch *b, astar_context *ctx)
{
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&b->next, 1, memory_order_relaxed);
        if (i >= b->count)
            return;
        astar_query *q = &b->queries[i];
        q->status = astar_find_path(ctx, b->grid, q->start, q->goal, b->options, q->path);
    }
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    solve(w->batch, w->ctx);
    return NULL;
}

static astar_status check_batch(astar_context *const *contexts, int threads,
                                const astar_grid *grid, const astar_options *options,
                                const astar_query *queries)
{
    if (!contexts || threads < 1 || threads > THREADS_MAX || !grid || !queries ||
        (options && !astar__options_valid(options)))
        return ASTAR_INVALID_ARGUMENT;
    for (int i = 0; i < threads; i++) {
        if (!contexts[i])
            return ASTAR_INVALID_ARGUMENT;
        /* Two workers on one context would overwrite each other's lists. */
        for (int j = 0; j < i; j++)
            if (contexts[j] == contexts[i])
                return ASTAR_INVALID_ARGUMENT;
    }
    for (int i = 0; i < threads; i++)
        if (astar_context_max_cells(contexts[i]) < astar_grid_cells(grid))
            return ASTAR_MAP_TOO_LARGE;
    return ASTAR_OK;
}

astar_status astar_find_paths(astar_context *const *contexts, int threads, const astar_grid *grid,
                              const astar_options *options, astar_query *queries, size_t count)
{
    astar_status status = check_batch(contexts, threads, grid, options, queries);
    if (status != ASTAR_OK)
        return status;

    batch b = { .grid = grid, .options = options, .queries = queries, .count = count };
    atomic_init(&b.next, 0);
    /* A thread with no query to take would only be started and joined. */
    size_t busy = count < (size_t)threads ? count : (size_t)threads;
    int running = busy > 0 ? (int)busy : 1;
    worker workers[THREADS_MAX];
    for (int i = 0; i < running; i++)
        workers[i] = (worker){ &b, contexts[i] };
    astar__run_threads(worker_main, workers, sizeof *workers, running);
    return ASTAR_OK;
}
