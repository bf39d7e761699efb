/* HPA*'s queries (astar/hpa.h, graph/hpa.h): start and goal joined to
 * the graph, the route searched on it, and refined into cells.
 *
 * Start and goal are spliced into the graph (graph/splice.h): START's row
 * is as long as the most nodes a cluster has, plus one for GOAL, and
 * every node's row ends with an edge to GOAL, re-aimed per query, so that
 * a query allocates nothing. Their costs to their cluster's nodes come
 * from a search of the cluster (hpa_cluster.c), or, in a cluster of one
 * terrain cost, from what its nodes' searches kept. A route's segments
 * are then walked, not searched: between two nodes of a cluster along
 * the runs it keeps, from or to a query's end along a search's tree. */
#include "graph/hpa.h"

#include <string.h>

#include "core/options.h"
#include "core/route.h"
#include "graph/landmarks.h"
#include "graph/splice.h"
#include "path/straighten.h"

/* Checks a query; into *search what its graph search takes. */
static astar_status check_query(const astar_hpa *h, astar_point start, astar_point goal,
                                const astar_options *options, astar_search_options *search)
{
    if (!astar__options_valid(options) || options->moves != h->moves ||
        options->costs != h->costs || options->search.partial)
        return ASTAR_INVALID_ARGUMENT;
    if (options_unit_size(options) != h->unit_size || options->world.capability != h->capability)
        return ASTAR_UNSUPPORTED;
    /* A unit's hpa runs on its shadow, where it is a unit of one cell. */
    astar_options one = astar__options_one_cell(options);
    astar_status status = astar__graph_search_options(&one, search);
    return status != ASTAR_OK ? status : grid_ends_status(h->grid, start, goal);
}

/* Where cell lies among the cells of cluster c's rectangle. */
static size_t local_index(const astar_hpa *h, uint32_t c, uint32_t cell)
{
    rect r = cluster_rect(h, c);
    astar_point p = cell_point(h->grid, cell);
    return local_place(r, p);
}

/* The costs of cluster c's nodes to cell (from the cell: in a uniform
 * cluster the same) into cost. */
static void node_dists(const astar_hpa *h, uint32_t c, uint32_t cell, uint32_t *cost)
{
    rect r = cluster_rect(h, c);
    size_t area = (size_t)r.w * (size_t)r.h, at = local_index(h, c, cell);
    for (uint32_t i = 0; i < h->clusters[c].count; i++)
        cost[i] = h->clusters[c].dists[(size_t)i * area + at];
}

/* Start's costs to the nodes of its cluster cs and goal's from those of
 * cg, into start_cost and goal_cost; returns the least cost from start to
 * goal inside their cluster when they share one, else NO_COST. A uniform
 * cluster is read from its nodes' costs; another is searched, and its tree
 * kept for the query's first or last segment. When they share a cluster,
 * start's search gives that cost and the tree of the segment straight
 * from start to goal: in a uniform cluster, where that is all it is
 * wanted for, an A* from start that stops at goal. */
static uint32_t insert_ends(astar_hpa *h, uint32_t cs, uint32_t cg, uint32_t start,
                            uint32_t goal)
{
    const cluster *a = &h->clusters[cs], *b = &h->clusters[cg];
    h->start_searched = !a->uniform;
    h->goal_searched = !b->uniform;
    uint32_t direct = NO_COST;
    rect r = cluster_rect(h, cs);
    if (h->start_searched || cs == cg) {
        if (h->start_searched)
            astar__hpa_settle(h, r, start, false);
        else
            astar__hpa_settle_towards(h, r, start, goal);
        direct = cs == cg ? settled_cost(h, r, goal) : NO_COST;
        memcpy(h->start_tree, h->dir, (size_t)r.w * (size_t)r.h);
    }
    if (h->start_searched) {
        for (uint32_t i = 0; i < a->count; i++)
            h->start_cost[i] = settled_cost(h, r, a->cells[i]);
    } else {
        node_dists(h, cs, start, h->start_cost);
    }
    r = cluster_rect(h, cg);
    if (h->goal_searched) {
        astar__hpa_settle(h, r, goal, true);
        for (uint32_t i = 0; i < b->count; i++)
            h->goal_cost[i] = settled_cost(h, r, b->cells[i]);
        memcpy(h->goal_tree, h->dir, (size_t)r.w * (size_t)r.h);
    } else {
        node_dists(h, cg, goal, h->goal_cost);
    }
    return direct;
}

/* Whether some node start reaches shares a component with one that
 * reaches goal: else no route through the graph can exist. */
static bool ends_meet(const astar_hpa *h, uint32_t cs, uint32_t cg)
{
    const cluster *a = &h->clusters[cs], *b = &h->clusters[cg];
    for (uint32_t i = 0; i < a->count; i++)
        for (uint32_t j = 0; h->start_cost[i] != NO_COST && j < b->count; j++)
            if (h->goal_cost[j] != NO_COST &&
                h->component[h->first_node[cs] + i] == h->component[h->first_node[cg] + j])
                return true;
    return false;
}

/* Re-aims the spliced nodes' edges for this query: START's at the nodes
 * of its cluster it reaches (and at GOAL, given direct), and the edges to
 * GOAL of the nodes of the goal's cluster that reach the goal. Only the
 * last query's goal cluster had edges to GOAL aimed, so only its nodes
 * are aimed back at SPARE: O(the two clusters' nodes). */
static void join(astar_hpa *h, uint32_t cs, uint32_t cg, uint32_t direct)
{
    const uint32_t *first = h->first_node;
    splice s = astar__splice_begin(h->graph, h->nodes, h->start.at, h->goal.at);
    if (h->goal_aimed)
        for (uint32_t v = first[h->goal_cluster]; v < first[h->goal_cluster + 1]; v++)
            splice_to_spare(&s, v);
    for (uint32_t i = 0; i < h->clusters[cs].count; i++)
        if (h->start_cost[i] != NO_COST)
            splice_from_start(&s, first[cs] + i, h->start_cost[i]);
    if (direct != NO_COST)
        splice_from_start(&s, splice_goal(h->nodes), direct);
    astar__splice_close(&s);
    for (uint32_t j = 0; j < h->clusters[cg].count; j++) {
        uint32_t v = first[cg] + j;
        if (h->goal_cost[j] != NO_COST)
            splice_to_goal(&s, v, h->goal_cost[j]);
        else
            splice_to_spare(&s, v);
    }
    h->goal_cluster = cg;
    h->goal_aimed = true;
}

/* The least, over nodes first .. first + count - 1 joined to a query's
 * node by costs cost[j] (NO_COST: not joined), of the cost plus the
 * node's value in the landmarks' column: UNREACHED when no joined node
 * has a value there, capped as the tables are. */
static uint32_t least_through(const graph_landmarks *lm, uint32_t column, uint32_t first,
                              const uint32_t *cost, uint32_t count)
{
    uint64_t least = UINT64_MAX;
    for (uint32_t j = 0; j < count; j++) {
        uint32_t v = landmark_row(lm, first + j)[column];
        if (cost[j] != NO_COST && v != UNREACHED && (uint64_t)v + cost[j] < least)
            least = (uint64_t)v + cost[j];
    }
    if (least == UINT64_MAX)
        return UNREACHED;
    return least < LANDMARK_LARGEST ? (uint32_t)least : LANDMARK_LARGEST;
}

static uint32_t least_of(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* The landmarks' rows of START and GOAL for the edges join aimed, so that
 * every inequality of graph/landmarks.h holds for them: a node's "from"
 * value no more than any edge into it allows, its "to" value no more than
 * any edge out of it. GOAL's "to" and START's "from" come through their
 * cluster's nodes the other way, where the cluster is of one terrain cost
 * (a step costs the same both ways, so goal_cost[j] is also the cost from
 * goal to node j): any edge that ends at START or leaves GOAL would be
 * one of those nodes' costs inside the cluster, which the graph's edges
 * between them already bound. Otherwise unknown. */
static void aim_landmarks(astar_hpa *h, uint32_t cs, uint32_t cg, uint32_t direct)
{
    const graph_landmarks *lm = h->graph->landmarks;
    uint32_t k = lm->count, n = h->nodes, a = h->clusters[cs].count, b = h->clusters[cg].count;
    uint32_t *s = landmark_row(lm, splice_start(n)), *t = landmark_row(lm, splice_goal(n));
    for (uint32_t i = 0; i < k; i++) {
        s[i] = h->start_searched ? UNREACHED
                                 : least_through(lm, i, h->first_node[cs], h->start_cost, a);
        t[k + i] = h->goal_searched ? UNREACHED
                                    : least_through(lm, k + i, h->first_node[cg], h->goal_cost, b);
        s[k + i] = least_through(lm, k + i, h->first_node[cs], h->start_cost, a);
        t[i] = least_through(lm, i, h->first_node[cg], h->goal_cost, b);
        if (direct != NO_COST) {
            s[k + i] = least_of(s[k + i], least_through(lm, k + i, splice_goal(n), &direct, 1));
            t[i] = least_of(t[i], least_through(lm, i, splice_start(n), &direct, 1));
        }
    }
}

/* Where route node v lies. */
static node_place route_place(const astar_hpa *h, uint32_t v)
{
    if (v < h->nodes)
        return h->node_at[v];
    return v == splice_start(h->nodes) ? h->start : h->goal;
}

/* Finds the route into h->route; returns the search's status. */
static astar_status find_route(astar_hpa *h, astar_point start, astar_point goal,
                               const astar_options *options, astar_route *found)
{
    /* The grid was edited since the last update: catch up first. */
    if (h->graph_stale || h->grid->edits != h->grid_edits) {
        astar_status caught = astar__hpa_catch_up(h, NULL);
        if (caught != ASTAR_OK)
            return caught;
    }
    astar_search_options search;
    astar_status status = check_query(h, start, goal, options, &search);
    if (status != ASTAR_OK)
        return status;
    h->route_length = 0;
    if (h->grid->islands &&
        astar_grid_island(h->grid, start.x, start.y) != astar_grid_island(h->grid, goal.x, goal.y))
        return ASTAR_NO_PATH;
    uint32_t cs = cluster_at(h, start.x, start.y), cg = cluster_at(h, goal.x, goal.y);
    h->start = (node_place){ start, cs, cell_index(h->grid, start.x, start.y) };
    h->goal = (node_place){ goal, cg, cell_index(h->grid, goal.x, goal.y) };
    uint32_t direct = insert_ends(h, cs, cg, h->start.cell, h->goal.cell);
    if (direct == NO_COST && !ends_meet(h, cs, cg))
        return ASTAR_NO_PATH;
    join(h, cs, cg, direct);
    if (h->graph->landmarks)
        aim_landmarks(h, cs, cg, direct);
    uint32_t n = h->nodes;
    *found = (astar_route){ .nodes = h->route, .capacity = (size_t)n + SPLICE_NODES };
    status = astar_graph_find_path(h->ctx, h->graph, splice_start(n), splice_goal(n), &search,
                                   found);
    if (status == ASTAR_OK) {
        h->route_length = found->length;
        h->route_edits = h->grid->edits;
    }
    return status;
}

/* The abstract route of a query into route's points, or the route's
 * points into its via list (for_path): the kept route, its cost and
 * distance; how the query ended. */
static astar_status abstract_route(astar_hpa *h, astar_point start, astar_point goal,
                                   const astar_options *options, astar_route *route,
                                   bool for_path)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!h || !astar__route_reset(route, ROUTE_POINTS))
        return ASTAR_INVALID_ARGUMENT;
    astar_route found = { 0 };
    astar_status status = find_route(h, start, goal, options, &found);
    route->expanded = found.expanded;
    if (status != ASTAR_OK)
        return status;
    route->cost = found.cost;
    route->distance = (double)found.cost / h->straight;
    for (size_t k = 0; k < found.length; k++) {
        astar_point at = route_place(h, h->route[k]).at;
        if (for_path)
            astar__route_via(route, k, at);
        else
            astar__route_point(route, k, at);
    }
    if (for_path)
        route->via_length = found.length;
    else
        route->length = found.length;
    return ASTAR_OK;
}

astar_status astar_hpa_find_route(astar_hpa *h, astar_point start, astar_point goal,
                                  const astar_options *options, astar_route *route)
{
    return astar__route_answer(route, abstract_route(h, start, goal, options, route, false));
}

/* How segment i of the kept route is walked: between two nodes of a
 * cluster by their runs (runs, run_bytes), else through a tree (NULL for
 * neither: the segment crosses from one cluster into the next, one step),
 * over its cluster's rectangle, from one end to the other. A tree's walk
 * goes towards its root; when that root is the segment's first cell (not
 * forward), it starts at the segment's last and its cells are reversed
 * afterwards. */
typedef struct segment_walk {
    const uint8_t *runs;
    size_t run_bytes;
    const uint8_t *tree;
    rect r;
    astar_point from, to;
    bool forward;
} segment_walk;

/* Where the runs of the way between route nodes u and v are found
 * (walk_at's entry), NULL unless both are nodes of cluster c (START and
 * GOAL never are). */
static const uint32_t *pair_walk_at(const astar_hpa *h, uint32_t c, uint32_t u, uint32_t v)
{
    const cluster *k = &h->clusters[c];
    uint32_t i = u - h->first_node[c], j = v - h->first_node[c];
    if (i >= k->count || j >= k->count)
        return NULL;
    return &k->walk_at[(size_t)i * k->count + j];
}

static segment_walk segment_of(const astar_hpa *h, size_t i)
{
    uint32_t u = h->route[i], v = h->route[i + 1], n = h->nodes;
    node_place a = route_place(h, u), b = route_place(h, v);
    astar_point pa = a.at, pb = b.at;
    uint32_t c = a.cluster;
    segment_walk w = { .from = pa, .to = pb, .forward = true };
    if (c != b.cluster)
        return w;
    const cluster *k = &h->clusters[c];
    const uint32_t *at = pair_walk_at(h, c, u, v);
    if (at) {
        w.runs = k->walks + at[0];
        w.run_bytes = at[1] - at[0];
        return w;
    }
    /* Goal's tree (backward) is walked from pa to goal; start's (forward)
     * from pb back to pa; in a uniform cluster node v's stands for start's
     * (walked from start to v) and node u's for goal's (from goal back to
     * u). The segment straight from start to goal is in start's tree,
     * searched whenever the two share a cluster (insert_ends). */
    w.r = cluster_rect(h, c);
    size_t area = (size_t)w.r.w * (size_t)w.r.h;
    bool from_start = u == splice_start(n), to_goal = v == splice_goal(n) && !from_start;
    if (to_goal && h->goal_searched) {
        w.tree = h->goal_tree;
    } else if (from_start && (h->start_searched || v == splice_goal(n))) {
        w.tree = h->start_tree;
        w.forward = false;
    } else if (from_start) {
        w.tree = k->trees + (size_t)(v - h->first_node[c]) * area;
    } else {
        w.tree = k->trees + (size_t)(u - h->first_node[c]) * area;
        w.forward = false;
    }
    if (!w.forward) {
        w.from = pb;
        w.to = pa;
    }
    return w;
}

/* The cells of segment i of the kept route into h->trail, start first;
 * returns how many, 0 when the grid changed since the route. */
static size_t refine_segment(astar_hpa *h, size_t i)
{
    segment_walk w = segment_of(h, i);
    size_t count = 0;
    astar_point p = w.from;
    h->trail[count++] = p;
    if (w.runs) {
        for (size_t b = 0; b < w.run_bytes; b++) {
            unsigned d = w.runs[b] & (DIRECTIONS - 1), steps = (w.runs[b] >> RUN_DIRECTION_BITS) + 1;
            for (unsigned s = 0; s < steps; s++) {
                p.x += move_dx[d];
                p.y += move_dy[d];
                h->trail[count++] = p;
            }
        }
        return count;
    }
    if (!w.tree) {
        h->trail[count++] = w.to;
        return count;
    }
    size_t area = (size_t)w.r.w * (size_t)w.r.h;
    while (p.x != w.to.x || p.y != w.to.y) {
        if (count == area)
            return 0; /* no way back: the tree is not this segment's */
        unsigned d = w.tree[local_place(w.r, p)];
        p.x -= move_dx[d];
        p.y -= move_dy[d];
        h->trail[count++] = p;
    }
    for (size_t k = 0; !w.forward && k < count / 2; k++) {
        astar_point t = h->trail[k];
        h->trail[k] = h->trail[count - 1 - k];
        h->trail[count - 1 - k] = t;
    }
    return count;
}

/* With the caches cold - a game searching between queries - a segment's
 * walk waits on a chain of misses: the route node's place, its cluster's
 * record, the pair's entry in walk_at, then the runs or the tree's lines
 * (a tree is read a cell at a time, each step where the last one said).
 * Asked for a link at a time for the whole route, each link's misses
 * overlap, where walking the segments in turn waited on every miss in
 * turn (half of a query's refining, measured). The rows between a tree
 * walk's two ends are what it mostly reads. Inlined: GCC takes a function
 * that only reads and prefetches for one without effects, and drops the
 * call. */
static ALWAYS_INLINE void prefetch_walks(const astar_hpa *h)
{
    const uint32_t *route = h->route;
    size_t length = h->route_length;
    for (size_t i = 0; i < length; i++)
        if (route[i] < h->nodes)
            __builtin_prefetch(&h->node_at[route[i]]);
    for (size_t i = 0; i < length; i++)
        __builtin_prefetch(&h->clusters[route_place(h, route[i]).cluster]);
    for (size_t i = 0; i + 1 < length; i++) {
        uint32_t c = route_place(h, route[i]).cluster;
        const uint32_t *at = pair_walk_at(h, c, route[i], route[i + 1]);
        if (at)
            __builtin_prefetch(at);
    }
    for (size_t i = 0; i + 1 < length; i++) {
        segment_walk w = segment_of(h, i);
        if (w.runs) {
            __builtin_prefetch(w.runs);
            __builtin_prefetch(w.runs + w.run_bytes);
        }
        if (!w.tree)
            continue;
        astar_point top = w.from.y < w.to.y ? w.from : w.to;
        astar_point bottom = w.from.y < w.to.y ? w.to : w.from;
        const uint8_t *first = w.tree + local_place(w.r, (astar_point){ w.r.x0, top.y });
        const uint8_t *last = w.tree + local_place(w.r, (astar_point){ w.r.x0 + w.r.w - 1, bottom.y });
        for (const uint8_t *line = first; line <= last; line += 64)
            __builtin_prefetch(line);
        __builtin_prefetch(last);
    }
}

static astar_status refine(astar_hpa *h, size_t segment, astar_route *cells)
{
    if (!h || !astar__route_reset(cells, ROUTE_POINTS) || segment + 1 >= h->route_length)
        return ASTAR_INVALID_ARGUMENT;
    if (h->graph_stale || h->grid->edits != h->route_edits)
        return ASTAR_MAP_CHANGED;
    size_t n = refine_segment(h, segment);
    if (n == 0)
        return ASTAR_MAP_CHANGED;
    cells->length = n;
    for (size_t k = 0; k < n; k++)
        astar__route_point(cells, k, h->trail[k]);
    return ASTAR_OK;
}

astar_status astar_hpa_refine(astar_hpa *h, size_t segment, astar_route *cells)
{
    return astar__route_answer(cells, refine(h, segment, cells));
}

static astar_status whole_path(astar_hpa *h, astar_point start, astar_point goal,
                               const astar_options *options, astar_route *path)
{
    astar_status status = abstract_route(h, start, goal, options, path, true);
    if (status != ASTAR_OK)
        return status;
    prefetch_walks(h);
    /* Each segment's first cell is the last of the one before. */
    size_t length = 1;
    astar__route_point(path, 0, start);
    for (size_t i = 0; i + 1 < path->via_length; i++) {
        size_t n = refine_segment(h, i);
        for (size_t k = 1; k < n; k++, length++)
            astar__route_point(path, length, h->trail[k]);
    }
    path->length = length;
    /* A route through entrance cells detours at every border it crosses:
     * the path a caller asked for is the straightened one (a cut one
     * cannot be: its end is missing). */
    astar_options defaults = astar_options_default();
    astar_options one = astar__options_one_cell(options ? options : &defaults);
    if (!h->raw && length <= path->capacity)
        astar__straighten(h->grid, &one, path->points, length, path);
    return ASTAR_OK;
}

astar_status astar_hpa_find_path(astar_hpa *h, astar_point start, astar_point goal,
                                 const astar_options *options, astar_route *path)
{
    return astar__route_answer(path, whole_path(h, start, goal, options, path));
}
