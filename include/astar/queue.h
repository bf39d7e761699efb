/*
 * astar/queue.h - a queue of path requests served a frame at a time: the
 * article's note 6, "put them in a queue and spread them out over several
 * game cycles".
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_QUEUE_H
#define ASTAR_INCLUDE_QUEUE_H

#include "sliced.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Request queues                                                           */
/* ------------------------------------------------------------------------ */

/* A queue of path requests with a fixed number of slots, each a search
 * context of its own, so that that many searches are under way at once
 * (interleaved, not one after the other as with a single shared query).
 * Units request paths whenever they like; once a frame the game calls
 * astar_queue_update with the budget it can spare, in expansions or in
 * nanoseconds or both, and the queue steps the searches in its slots
 * within it, starting waiting requests as slots free up. Each search is
 * astar_find_path's, sliced (astar/sliced.h): the same answers.
 *
 *   astar_queue *q;
 *   astar_queue_new(8, astar_grid_cells(grid), 1024, &q);
 *   unit->path = (astar_route){ .points = unit->cells, .capacity = 512 };
 *   astar_queue_request(q, grid, unit->at, unit->target, &options, 0,
 *                       &unit->path, &unit->request);
 *   ... each frame:
 *   astar_queue_update(q, 1000, 500000, NULL);     1000 expansions, 0.5 ms
 *   (or 1000, ASTAR_QUEUE_ANY_TIME: expansions only)
 *   ... each unit waiting for a path:
 *   astar_status s = astar_queue_poll(q, unit->request);
 *   if (s != ASTAR_IN_PROGRESS) {
 *       (s == ASTAR_OK: unit->path holds the path)
 *       astar_queue_cancel(q, unit->request);      releases the handle
 *   }
 *
 * Rules for the caller:
 *   - One thread at a time calls a queue's functions. The searches run
 *     inside astar_queue_update, on the caller's thread; nothing runs
 *     between updates.
 *   - A request's path buffer, grid, and its options' layers, units and
 *     observer must stay alive until the request is done and polled, or
 *     cancelled. The options struct is copied.
 *   - Paths are written only when final: a search's path is not known
 *     until the target is closed, so there is no half path to walk. A unit
 *     that must move before its search ends can ask for a short search
 *     with options.search.max_expanded and .partial and request again.
 *   - A grid edited while its request runs: an edit that touches the search
 *     (astar_on_edit says which do: one next to what it has read, for A*)
 *     makes it start over at the next step (astar_search_step says
 *     ASTAR_MAP_CHANGED; the queue begins it again), so the path written is
 *     one on the map as it is when the request ends; one that touches
 *     nothing leaves it going, as the fresh search would. The request's
 *     options.search.on_edit may ask instead to end it with ASTAR_MAP_CHANGED or
 *     to finish regardless. Edit between updates, never during one.
 *   - Nothing is dropped: a request waits until a slot takes it, however
 *     long, or until it is cancelled; when every record is in use a new
 *     request is refused with ASTAR_QUEUE_FULL.
 *
 * Order and fairness: waiting requests start in order of priority (higher
 * first) raised by one for every update they have waited, then in order of
 * arrival. So a request of priority p that has waited
 * ASTAR_QUEUE_MAX_PRIORITY - p updates ranks above every request made
 * after it, and starts once the requests ahead of it then (at most
 * max_requests - 1 of them) have started. An update gives its budget to
 * one slot's search until that search ends (the slot then takes the next
 * waiting request and goes on), then to the next slot, and so on; each
 * update starts one slot further on. A search thus keeps its lists in the
 * cache while it runs, and every running search has a whole update's
 * budget at least once every `slots` updates: one of E expansions ends
 * within slots * ceil(E / budget) updates of starting. With a time budget
 * the clock is read every ASTAR_QUEUE_TURN expansions, so an update may
 * overrun it by that many expansions of one search.
 *
 * Memory: astar_queue_new allocates the slots' contexts (16 bytes per cell
 * each, astar_context_bytes) and writes them once, so that the operating
 * system maps their pages then and not during a frame, and the records
 * (under 200 bytes each); after that nothing is allocated. */
typedef struct astar_queue astar_queue;

/* A request's handle. It carries its record's generation: once the request
 * is cancelled (or released after it is done) the record may serve another
 * request, and the old handle is refused with ASTAR_STALE_REQUEST - it
 * never reads another unit's answer. */
typedef struct astar_request {
    uint32_t index;
    uint32_t generation;
} astar_request;

/* Priorities run from 0 to this; higher starts first. */
#define ASTAR_QUEUE_MAX_PRIORITY 1000
/* With a time budget, the expansions between two readings of the clock. */
#define ASTAR_QUEUE_TURN 128u
/* The budgets of an update that set no limit of their kind. 0 is a budget
 * like any other - nothing of that kind to spend - so that a game whose
 * frame has no time left, and works its budget out to 0, runs no search
 * rather than every search to its end. */
#define ASTAR_QUEUE_ANY_EXPANSIONS UINT32_MAX
#define ASTAR_QUEUE_ANY_TIME UINT64_MAX

/* What an update did. */
typedef struct astar_queue_report {
    uint64_t expanded;         /* squares expanded, all slots together */
    uint64_t nanoseconds;      /* the update's time, by CLOCK_MONOTONIC */
    uint32_t started;          /* requests begun in a slot (restarts included) */
    uint32_t restarted;        /* searches begun again because an edit touched them */
    uint64_t discarded;        /* expansions of searches an edit touched, thrown away */
    uint32_t finished;         /* requests that ended: found, failed or refused */
    uint32_t running;          /* searches in slots after the update */
    uint32_t waiting;          /* requests waiting for a slot after it */
} astar_queue_report;

/* Creates a queue.
 * [in]  slots         searches under way at once, 1..256
 * [in]  max_cells     the largest grid it will search (astar_grid_cells)
 * [in]  max_requests  request records, waiting, running and done but not
 *                     released together, 1..ASTAR_MAX_CELLS
 * [out] out           the new queue; free it with astar_queue_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY (then
 * nothing is allocated). Allocates slots contexts of max_cells cells and
 * the records. */
ASTAR_API astar_status astar_queue_new(int slots, size_t max_cells, size_t max_requests,
                                       astar_queue **out);

/* astar_queue_new with your allocator (astar/memory.h), for the queue and
 * its slots' contexts.
 * [in,opt] allocator  copied into the queue; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_queue_new_with(int slots, size_t max_cells, size_t max_requests,
                                            const astar_allocator *allocator, astar_queue **out);

/* Frees a queue and forgets its requests (their buffers are the caller's).
 * NULL is allowed. */
ASTAR_API void astar_queue_delete(astar_queue *q);

/* Asks for a path from start to goal on grid, to be searched by later
 * updates and written into path when it ends.
 * [in,out] q
 * [in]     grid, start, goal, options [opt]: as astar_find_path
 * [in]     priority  0..ASTAR_QUEUE_MAX_PRIORITY, higher first
 * [in]     path      your buffer, written when the request ends (see the
 *                    rules above); not touched before
 * [out]    out       the request's handle
 * Returns ASTAR_OK (queued; it starts at an update), ASTAR_QUEUE_FULL,
 * ASTAR_MAP_TOO_LARGE (more cells than the queue's max_cells), or
 * ASTAR_INVALID_ARGUMENT (NULL q, grid, path or out, a priority out of
 * range, an option out of range, a bad path buffer). What else a request
 * can be refused for - a blocked start, JPS on a grid it cannot serve - is
 * its final status once it starts. O(log waiting); no allocation. */
ASTAR_API astar_status astar_queue_request(astar_queue *q, const astar_grid *grid,
                                           astar_point start, astar_point goal,
                                           const astar_options *options, int priority,
                                           astar_route *path, astar_request *out);

/* Steps the searches: starts waiting requests in free slots, then runs
 * them (see "Order and fairness") until the budget is spent or no search
 * is left;
 * requests that end get their path written and their status set.
 * [in,out] q
 * [in]     max_expansions   the most expansions to run, all slots
 *                           together; ASTAR_QUEUE_ANY_EXPANSIONS: no limit
 * [in]     max_nanoseconds  the time to run for (see "Order and
 *                           fairness"); ASTAR_QUEUE_ANY_TIME: no limit
 *          (both without limit: until every request has ended; either 0:
 *          no search runs, though waiting requests still start in free
 *          slots and those that end as they start, a blocked start say,
 *          are answered)
 * [out]    report           [opt] what the update did
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT (NULL q). Costs the
 * expansions it runs plus O(slots + started * log waiting); no
 * allocation, but for an any-angle request's scratch memory in its slot's
 * context (ASTAR_ALGORITHM_ANYA: astar_search_begin says when). */
ASTAR_API astar_status astar_queue_update(astar_queue *q, uint32_t max_expansions,
                                          uint64_t max_nanoseconds,
                                          astar_queue_report *report);

/* Where a request stands: ASTAR_IN_PROGRESS while it waits or runs, then
 * its final status - astar_find_path's, with its path buffer filled as
 * astar_find_path fills it; ASTAR_STALE_REQUEST for a handle whose request
 * was cancelled or released, or that this queue never gave;
 * ASTAR_INVALID_ARGUMENT for NULL q. O(1). */
ASTAR_API astar_status astar_queue_poll(const astar_queue *q, astar_request request);

/* Ends a request in whatever state: a waiting one is dropped, a running
 * one stopped (its slot takes the next request at the next update), a
 * done one released. Its path buffer is no longer touched and its handle
 * becomes stale. Returns ASTAR_OK, ASTAR_STALE_REQUEST or
 * ASTAR_INVALID_ARGUMENT (NULL q). O(log waiting). */
ASTAR_API astar_status astar_queue_cancel(astar_queue *q, astar_request request);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_QUEUE_H */
