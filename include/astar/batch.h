/*
 * astar/batch.h - Batches: many searches on one read-only grid over several threads,
 * each with its own context (search.h).
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_BATCH_H
#define ASTAR_INCLUDE_BATCH_H

#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Batches of searches on several threads                                   */
/* ------------------------------------------------------------------------ */

/* One search of a batch. */
typedef struct astar_query {
    astar_point start, goal;  /* [in] */
    astar_route *path;        /* [in,out] your astar_route, set up as for
                                 astar_find_path; each query needs its own */
    astar_status status;      /* [out] what astar_find_path returned for it */
} astar_query;

/* Solves queries[0..count) on one grid with up to `threads` worker threads,
 * worker i using contexts[i]; each query's result goes to its own path and
 * status, so results are in the caller's order whatever order the workers
 * finish in. Workers take the next unsolved query as they become free.
 *
 * The thread model: the grid is only read during the batch (the caller must
 * not edit it meanwhile); each context is used by one worker; paths are
 * written by the worker that solves the query. With threads == 1 the batch
 * runs in the calling thread and starts no thread. If a thread cannot be
 * started, its share of the work is done by the others (and the caller).
 *
 * [in]     contexts  threads distinct contexts, each holding astar_grid_cells(grid)
 * [in]     threads   1..64
 * [in]     grid      read only
 * [in]     options   [opt] as for astar_find_path, used by every query
 * [in,out] queries   count queries
 * Returns ASTAR_OK when every query was run (each has its own status), or
 * ASTAR_INVALID_ARGUMENT (a NULL argument or context, the same context
 * twice, threads out of range, bad options) or ASTAR_MAP_TOO_LARGE (a
 * context is too small), with no query run. Costs the sum of the searches,
 * spread over the threads; starts at most threads - 1 threads (none that
 * would have no query to take) and allocates nothing else, but for
 * ASTAR_ALGORITHM_ANYA's scratch memory in each context (astar/anyangle.h). */
ASTAR_API astar_status astar_find_paths(astar_context *const *contexts, int threads,
                                        const astar_grid *grid, const astar_options *options,
                                        astar_query *queries, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_BATCH_H */
