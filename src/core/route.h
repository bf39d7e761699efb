/* How every call that fills an astar_route checks its buffers, writes its
 * items and answers, so that the rule of include/astar/route.h (a prefix
 * written, the rest counted as cut, the search's answer kept) is written
 * once. */
#ifndef ASTAR_CORE_ROUTE_H
#define ASTAR_CORE_ROUTE_H

#include "astar/route.h"

/* Which buffer a call writes. */
typedef enum route_items { ROUTE_POINTS, ROUTE_NODES } route_items;

/* Whether route's buffers can take the items: false for a NULL route, a
 * buffer NULL with a capacity above 0, or the buffer of the other items
 * given. */
bool astar__route_valid(const astar_route *route, route_items items);

/* Clears route's answer, keeping its buffers, and says whether they are
 * valid. After it, i < capacity implies a buffer to write to. */
bool astar__route_reset(astar_route *route, route_items items);

/* Item i of the route, written when it fits (a NULL buffer has capacity 0). */
static inline void astar__route_point(astar_route *route, size_t i, astar_point p)
{
    if (i < route->capacity)
        route->points[i] = p;
}
static inline void astar__route_node(astar_route *route, size_t i, uint32_t node)
{
    if (i < route->capacity)
        route->nodes[i] = node;
}
static inline void astar__route_via(astar_route *route, size_t i, astar_point p)
{
    if (i < route->via_capacity)
        route->via[i] = p;
}

/* Ends a call whose answer is `answer`, with length and via_length set:
 * records the answer and what was cut, and returns
 * ASTAR_PATH_BUFFER_TOO_SMALL when an answer that carries a route did not
 * fit a buffer given, else the answer. A NULL route returns the answer. */
astar_status astar__route_answer(astar_route *route, astar_status answer);

#endif /* ASTAR_CORE_ROUTE_H */
