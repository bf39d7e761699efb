/* The one rule of a route written into a caller's buffer (astar/route.h). */
#include "route.h"

bool astar__route_valid(const astar_route *route, route_items items)
{
    if (!route)
        return false;
    bool points = items == ROUTE_POINTS;
    const void *mine = points ? (const void *)route->points : (const void *)route->nodes;
    const void *other = points ? (const void *)route->nodes : (const void *)route->points;
    return !other && (mine || route->capacity == 0) && (route->via || route->via_capacity == 0);
}

bool astar__route_reset(astar_route *route, route_items items)
{
    if (!route)
        return false;
    *route = (astar_route){ .points = route->points, .nodes = route->nodes,
                            .capacity = route->capacity, .via = route->via,
                            .via_capacity = route->via_capacity };
    return astar__route_valid(route, items);
}

astar_status astar__route_answer(astar_route *route, astar_status answer)
{
    if (!route)
        return answer;
    route->status = answer;
    bool buffer = route->points || route->nodes;
    route->cut = buffer && route->length > route->capacity ? route->length - route->capacity : 0;
    bool carries = answer == ASTAR_OK || answer == ASTAR_PARTIAL_NO_PATH ||
                   answer == ASTAR_PARTIAL_LIMIT;
    bool short_via = route->via && route->via_length > route->via_capacity;
    return carries && (route->cut > 0 || short_via) ? ASTAR_PATH_BUFFER_TOO_SMALL : answer;
}
