/*
 * astar/route.h - The one result every call that writes a route into your
 * buffer fills: a grid's or hex grid's search, a graph's, the sliced and
 * queued searches, HPA*, the first-move databases (CPD), waypoint routes,
 * straightening and smoothing.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_ROUTE_H
#define ASTAR_INCLUDE_ROUTE_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Routes                                                                   */
/* ------------------------------------------------------------------------ */

/* A route: your buffers in, the answer out. Set the buffer of the space
 * you search and its capacity, then pass it in; the call clears every
 * [out] field first and keeps the buffers.
 *
 * One buffer holds the route, start first: points for whatever is a cell
 * or a point of a grid (a grid's or hex grid's path, HPA*'s, a grid CPD's,
 * the cells of a waypoint route, smoothed waypoints), nodes for a graph's
 * node numbers (graph searches, a graph CPD). A call that writes points
 * refuses a nodes buffer and the other way round (ASTAR_INVALID_ARGUMENT),
 * as it refuses a buffer NULL with a capacity above 0. NULL with capacity
 * 0 asks for the answer without the items: cost, length and the rest are
 * set and the call returns the search's answer.
 *
 * A route that does not fit is cut, never silently: the first capacity
 * items are written (a prefix, start first: a unit may walk them while it
 * asks again), cut says how many more the route has, and the call returns
 * ASTAR_PATH_BUFFER_TOO_SMALL, with the search's own answer kept in status
 * (a partial path that does not fit still says ASTAR_PARTIAL_NO_PATH or
 * ASTAR_PARTIAL_LIMIT there). A buffer with capacity 0 that is not NULL
 * is too small for any route.
 *
 * via is a second, optional list: the points the route goes by, which
 * the calls that have one fill (start first, as far as via_capacity
 * allows, the same rule): astar_find_path and the searches that share its
 * answer (sliced, queued, batched, nearest) give the squares of the parent
 * chain - JPS's and JPS+'s jump points, every cell for A* and for a JPS
 * that steps; astar_hpa_find_path the abstract route; a waypoint route
 * the waypoints it visits. Calls without such a list leave via_length 0
 * and write nothing there. It is a second buffer of the same result
 * rather than a second result because it answers the same search: one
 * status, cost and count of expansions for both lists. A via list that
 * does not fit makes the call return ASTAR_PATH_BUFFER_TOO_SMALL too. */
typedef struct astar_route {
    astar_point *points;  /* [in,opt] your buffer for the cells or points,
                             start first */
    uint32_t *nodes;      /* [in,opt] your buffer for a graph's nodes,
                             start first */
    size_t capacity;      /* [in] how many items the buffer holds */
    astar_point *via;     /* [in,opt] your buffer for the points the route
                             goes by, start first (see above) */
    size_t via_capacity;  /* [in] how many points via holds */
    size_t length;        /* [out] items on the whole route, start and goal
                             included; set even when they do not fit */
    size_t cut;           /* [out] items of the route not written because
                             the buffer was too small: length - capacity,
                             else 0 (0 too with no buffer) */
    size_t via_length;    /* [out] points on the via list, set even when
                             they do not fit (as many cut when it is more
                             than via_capacity) */
    uint32_t cost;        /* [out] G of the route's end in the cost units
                             of the search (turn penalties included); 0
                             for smoothed waypoints, which are not priced */
    double distance;      /* [out] where the route has a length: on a grid
                             cost / the model's straight step cost; the
                             Euclidean length in cells of smoothed
                             waypoints and of a waypoint route; 0 on a
                             graph, whose costs have no unit */
    uint32_t expanded;    /* [out] squares or nodes the search expanded;
                             0 for calls that do not search */
    astar_status status;  /* [out] the call's own answer, as it would
                             return it with buffers large enough: what it
                             returns, except that it keeps ASTAR_OK or a
                             partial status where the call returns
                             ASTAR_PATH_BUFFER_TOO_SMALL */
} astar_route;

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_ROUTE_H */
