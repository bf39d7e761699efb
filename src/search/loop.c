/* The result tail every search shares: from the square where it ended, the
 * parent chain walked back into the caller's buffers. */
#include "search/loop.h"

static inline int absolute(int v) { return v < 0 ? -v : v; }
static inline int sign(int v) { return (v > 0) - (v < 0); }

static astar_point point_of(const search *s, uint32_t cell)
{
    return (astar_point){ (int32_t)(cell % (uint32_t)s->width), (int32_t)(cell / (uint32_t)s->width) };
}

/* H of a square of a search, by the policy it ran with. */
static uint32_t h_at(const search *s, uint32_t cell)
{
    astar_point at = point_of(s, cell);
    return (uint32_t)search_h_of(s, s->policy, cell, at.x, at.y);
}

/* Where the chain ends: at the start, or going forwards (Dijkstra, whose
 * chains lead from a square to its target), at a target: the one square
 * with G = 0, as every step costs something. */
static bool chain_end(const search *s, uint32_t cell, bool forward)
{
    return forward ? context_f(s->ctx, cell) == 0 : cell == s->start;
}

/* The hop from a square to its parent, in two stretches: an A* or Dijkstra
 * parent is next door; a JPS parent was left diagonally first, then
 * straight, so from the square's side it is straight first. */
typedef struct hop {
    astar_point at;
    int straight, diagonal;       /* steps of each kind */
    int sx, sy, tx, ty;           /* a diagonal step, a straight one */
} hop;

static ALWAYS_INLINE hop hop_of(astar_point from, astar_point to)
{
    int ox = to.x - from.x, oy = to.y - from.y;
    int ax = absolute(ox), ay = absolute(oy);
    int diagonal = ax < ay ? ax : ay;
    hop h = { .at = from, .diagonal = diagonal, .straight = (ax > ay ? ax : ay) - diagonal,
              .sx = sign(ox), .sy = sign(oy) };
    h.tx = ax > diagonal ? h.sx : 0;
    h.ty = ay > diagonal ? h.sy : 0;
    return h;
}

/* Writes the n cells of a stretch from `at` on by (dx, dy) into points,
 * from *i on (forward) or down from it, and returns the cell after them.
 * With cut, only those below limit (the rest of a route too long for the
 * buffer is cut); without, all: a plain loop for each way, as the cells of
 * a long path are most of what a short JPS query writes. */
static ALWAYS_INLINE astar_point write_stretch(astar_point *points, size_t limit, bool cut,
                                               size_t *i, bool forward, astar_point at, int dx,
                                               int dy, int n)
{
    size_t k = *i;
    if (forward)
        for (int step = 0; step < n; step++, at.x += dx, at.y += dy, k++) {
            if (!cut || k < limit)
                points[k] = at;
        }
    else
        for (int step = 0; step < n; step++, at.x += dx, at.y += dy)
            if (--k < limit || !cut)
                points[k] = at;
    *i = k;
    return at;
}

/* The route's cells and nodes, the chain from `from` written from ci and
 * ni on (forward) or down from them. Cut says whether the cells may not
 * all fit: inlined twice, so that a route that fits (nearly every one) is
 * written without a check a cell. */
static ALWAYS_INLINE void write_chain(const search *s, uint32_t from, bool forward,
                                      astar_route *route, size_t ci, size_t ni, bool cut)
{
    bool write_cells = route->capacity > 0, write_nodes = route->via_capacity > 0;
    for (uint32_t c = from;;) {
        astar_point here = point_of(s, c);
        if (write_nodes)
            astar__route_via(route, forward ? ni++ : --ni, here);
        if (chain_end(s, c, forward)) {
            if (write_cells)
                astar__route_point(route, forward ? ci++ : --ci, here);
            break;
        }
        uint32_t parent = search_parent(s, c);
        if (write_cells) {
            hop h = hop_of(here, point_of(s, parent));
            h.at = write_stretch(route->points, route->capacity, cut, &ci, forward, h.at, h.tx,
                                 h.ty, h.straight);
            write_stretch(route->points, route->capacity, cut, &ci, forward, h.at, h.sx, h.sy,
                          h.diagonal);
        }
        c = parent;
    }
}

static void save_path(const search *s, uint32_t from, bool forward, astar_route *route)
{
    size_t nodes = 1, cells = 1;
    for (uint32_t c = from; !chain_end(s, c, forward);) {
        uint32_t parent = search_parent(s, c);
        hop h = hop_of(point_of(s, c), point_of(s, parent));
        cells += (size_t)(h.straight + h.diagonal);
        nodes++;
        c = parent;
    }
    route->length = cells;
    route->via_length = nodes;
    /* Backwards chains are written from the end of the buffers. */
    size_t ci = forward ? 0 : cells, ni = forward ? 0 : nodes;
    if (cells <= route->capacity)
        write_chain(s, from, forward, route, ci, ni, false);
    else
        write_chain(s, from, forward, route, ci, ni, true);
}

/* The squares of the parent chain from end into the trace, start first,
 * as far as they fit: node_count of them. */
static void trace_path(const search *s, uint32_t end, bool forward, size_t node_count)
{
    astar_trace *t = s->trace;
    size_t base = t->count, i = forward ? 0 : node_count;
    for (uint32_t c = end;;) {
        bool last = chain_end(s, c, forward);
        uint32_t parent = last ? c : search_parent(s, c);
        astar_point at = point_of(s, c);
        uint32_t f = context_f(s->ctx, c), h = forward ? 0 : h_at(s, c);
        size_t place = base + (forward ? i++ : --i);
        if (place < t->capacity)
            t->events[place] = (astar_trace_event){ .kind = ASTAR_TRACE_PATH, .at = at,
                                                    .parent = point_of(s, parent),
                                                    .f = f, .g = f - h, .h = h };
        if (last)
            break;
        c = parent;
    }
    t->count = base + node_count < t->capacity ? base + node_count : t->capacity;
    t->total += node_count;
}

void astar__search_finish(const search *s, uint32_t end, bool forward, astar_route *route)
{
    /* G = F - H; H is 0 at the target, not at the end of a partial path. */
    route->cost = context_f(s->ctx, end) - h_at(s, end);
    route->distance = (double)route->cost / s->model.straight;
    save_path(s, end, forward, route);
    if (s->trace)
        trace_path(s, end, forward, route->via_length);
}

void astar__search_finish_nodes(const search *s, uint32_t end, bool forward, astar_route *route)
{
    route->cost = context_f(s->ctx, end) - h_at(s, end);
    size_t count = 1;
    for (uint32_t c = end; !chain_end(s, c, forward); c = search_parent(s, c))
        count++;
    route->length = count;
    if (route->capacity > 0) {
        size_t i = forward ? 0 : count;
        for (uint32_t c = end;; c = search_parent(s, c)) {
            astar__route_node(route, forward ? i++ : --i, c);
            if (chain_end(s, c, forward))
                break;
        }
    }
    if (s->trace)
        trace_path(s, end, forward, count);
}
