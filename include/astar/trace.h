/*
 * astar/trace.h - A search written down as it happens: every square put on
 * the open list, re-pointed, switched to the closed list, and the path, in
 * your buffer, to replay or draw the way the article's figures do.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 *
 * Set astar_search_options.trace (astar_options.search.trace on a grid) to
 * an astar_trace with your buffer, and run any search with those options (astar_find_path, the sliced calls, nearest,
 * distance maps, a queue request). The search begins by emptying the trace
 * and adds one event per step of the article's method, in the order they
 * happen. A search with a trace runs on a copy of the search loop of its
 * own, so that searches without one pay nothing for the feature; with one,
 * each event costs a store.
 *
 * Replaying the events in order rebuilds the lists at every moment: a
 * square is on the open list from its OPENED event to its CLOSED event,
 * with the F, G, H and parent of its last OPENED or REPOINTED event; a
 * CLOSED square is always one of lowest F among the open ones (the open
 * list's rule). The CLOSED events are the squares expanded
 * (astar_route.expanded), in the order an observer is shown them, plus a
 * last one when the search closed a square it did not expand: the target,
 * or at an expansion limit the square it would have expanded next. At the
 * end the replayed lists are what astar_context_node reads back.
 * tests/test_trace.c checks all of this.
 */
#ifndef ASTAR_INCLUDE_TRACE_H
#define ASTAR_INCLUDE_TRACE_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum astar_trace_kind {
    ASTAR_TRACE_OPENED = 0, /* added to the open list, with this parent */
    ASTAR_TRACE_REPOINTED,  /* on the open list, reached by a way with a lower G:
                               its parent is now this one, G and F lower (for
                               Dijkstra also an equal G towards a target
                               listed earlier) */
    ASTAR_TRACE_CLOSED,     /* taken off the open list (lowest F) and switched
                               to the closed list */
    ASTAR_TRACE_PATH        /* a square of the result, start first, once the
                               search has ended with a path (a partial one too):
                               for A* and Dijkstra every cell of the path, for
                               JPS and JPS+ the jump points (astar_route.via) */
} astar_trace_kind;

typedef struct astar_trace_event {
    astar_trace_kind kind;
    astar_point at;         /* the square */
    astar_point parent;     /* its parent (where the search began: itself) */
    uint32_t f, g, h;       /* F = G + H, in the cost model's units; H as the
                               search used it, weight applied; 0 for Dijkstra */
} astar_trace_event;

/* Your buffer for the events of one search. The library writes events and
 * the two counts, and keeps no pointer to it after the search's last call.
 * One trace serves one search at a time. */
typedef struct astar_trace {
    astar_trace_event *events; /* [in] your buffer; NULL with capacity 0 only
                                  counts */
    size_t capacity;           /* [in] how many events fit */
    size_t count;              /* [out] events written: the first `count` of the
                                  search's events, at most capacity */
    size_t total;              /* [out] events the search had. total > count
                                  says the buffer was too small and the events
                                  after the first `count` were not written:
                                  nothing else is lost, the search goes on */
} astar_trace;

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_TRACE_H */
