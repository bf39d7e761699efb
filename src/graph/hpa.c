/* Two tiers (astar/hpa.h): clusters with their entrance cells and the
 * least costs between them inside the cluster, an astar_graph over the
 * entrance cells, and queries that join start and goal to it.
 *
 * What a cluster keeps (its nodes and their costs) depends only on the
 * cells of the cluster and the cells just across its borders, so an edit
 * marks the clusters that can see the cell stale and only those are
 * searched again. The graph itself is rebuilt whole from what the
 * clusters keep: its rows are compressed and numbered by cluster, so a
 * cluster gaining a node shifts every later row; rebuilding is a sort of
 * the edges, far cheaper than the clusters' searches it spares.
 *
 * Start and goal are joined as the waypoint graph joins them
 * (graph/waypoints.c): three nodes more than entrances - START, GOAL and
 * SPARE (never enabled) - with START's row as long as the most nodes a
 * cluster has, plus one for GOAL, and one edge to GOAL at the end of
 * every node's row, re-aimed per query (at SPARE when unused), so that a
 * query allocates nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/options.h"
#include "graph/graph.h"
#include "graph/landmarks.h"
#include "search/loop.h"

/* A cost no path inside a cluster has: no path at all. */
#define NO_COST UINT32_MAX

/* With ASTAR_HPA_CROSS_ENDS, a run of crossing pairs at least this long
 * is crossed at both ends, a shorter one at its middle (Botea et al.). */
enum { LONG_ENTRANCE = 6 };

/* What a cluster's record is to the graph. */
enum { CURRENT, STALE, REBUILT /* searched again, not yet in the graph */ };

/* A heap key: the cost above, a cell of the cluster below. */
enum { LOCAL_BITS = 12 };

/* A walk's run is a byte: the direction of its steps in the low
 * RUN_DIRECTION_BITS, their count less one above, so at most RUN_MOST
 * steps (a longer straight or diagonal stretch takes several runs). */
enum { RUN_DIRECTION_BITS = 3, RUN_MOST = 1 << (8 - RUN_DIRECTION_BITS) };

typedef struct cluster {
    uint32_t count;   /* its nodes */
    uint32_t *cells;  /* their cell indexes (y * width + x), ascending */
    uint32_t *cost;   /* count x count: [i * count + j] from i to j, NO_COST
                         when no path inside the cluster joins them */
    uint8_t *trees;   /* count x the cluster's cells: from node i, the step
                         that reached each cell on a least-cost way inside
                         the cluster - Botea's refinement cache, so that a
                         segment is walked back, not searched */
    uint32_t *dists;  /* count x the cluster's cells: from node i, each
                         cell's least cost inside the cluster */
    uint32_t *walk_at; /* count x count + 1: where the runs of the way from
                          node i to node j start in walks, [i * count + j]
                          (no runs: i == j or no way) */
    uint8_t *walks;   /* those ways, read off the trees as runs (walk_runs):
                         a segment between two nodes reads a line or two
                         where its tree is a line for every few cells */
    bool uniform;     /* every walkable cell of it has one terrain cost: a
                         step costs the same both ways, so node i's tree and
                         costs serve a query's start and goal too */
} cluster;

typedef struct rect {
    int x0, y0, w, h;
} rect;

/* Where a node lies, worked out when the graph is built: a query reads
 * every route node's point and cluster twice or more, and each is a
 * division by the grid's width or the cluster side otherwise. */
typedef struct node_place {
    astar_point at;
    uint32_t cluster, cell;
} node_place;

struct astar_hpa {
    astar_allocator memory;
    const astar_grid *grid;
    uint64_t grid_edits;       /* the grid's, at the last build or update */
    astar_moves moves;
    astar_costs costs;
    step_table step;
    uint32_t straight, diagonal; /* the steps of costs */
    int size, across, down;    /* cluster side, clusters per row and column */
    cluster *clusters;
    uint8_t *stale;            /* per cluster: CURRENT, STALE or REBUILT */
    bool graph_stale;
    /* The graph and what it is read with. */
    astar_graph *graph;
    astar_context *ctx;
    uint32_t nodes, widest;    /* entrance nodes; the most of one cluster */
    uint32_t landmarks;        /* the graph's landmarks asked for; 0: none */
    astar_hpa_crossings crossings; /* where an entrance's run is crossed */
    uint32_t *first_node;      /* per cluster and one more: its first node */
    node_place *node_at;       /* per node: where it lies */
    uint32_t *component;       /* per node: its component of the graph */
    uint32_t *route;           /* nodes + 3: the graph search's nodes */
    size_t route_length;       /* the route kept for refining; 0: none */
    uint64_t route_edits;      /* the grid's edits when it was found */
    node_place start, goal;    /* the query's ends */
    uint32_t goal_cluster;     /* whose nodes' edges to GOAL are aimed */
    bool goal_aimed;
    /* Scratch, sized for one cluster once. */
    uint32_t *dist;            /* size^2: cost from the source (to it, backwards) */
    uint8_t *dir;              /* size^2: the step that reached each cell */
    uint8_t *start_tree, *goal_tree; /* size^2: the query's start's dir, forward
                                        in its cluster, and goal's, backward,
                                        when their clusters were searched
                                        (start's also when goal shares it) */
    bool start_searched, goal_searched;
    uint64_t *heap;            /* 8 size^2 + 1 keys */
    astar_point *trail;        /* size^2 cells of a segment, as the path
                                  and astar_hpa_refine give them */
    uint32_t *pairs;           /* 8 size: the crossing pairs of a cluster's borders */
    uint32_t *start_cost, *goal_cost; /* 4 size: per node of start's, goal's cluster */
};

/* The spare nodes of a graph of n entrance nodes. */
static uint32_t start_node(uint32_t n) { return n; }
static uint32_t goal_node(uint32_t n) { return n + 1; }
static uint32_t spare_node(uint32_t n) { return n + 2; }

static size_t cluster_cells(const astar_hpa *h)
{
    return (size_t)h->size * (size_t)h->size;
}

static uint32_t cluster_count(const astar_hpa *h)
{
    return (uint32_t)h->across * (uint32_t)h->down;
}

static rect cluster_rect(const astar_hpa *h, uint32_t c)
{
    int x0 = (int)(c % (uint32_t)h->across) * h->size, y0 = (int)(c / (uint32_t)h->across) * h->size;
    int w = h->grid->width - x0, hh = h->grid->height - y0;
    return (rect){ x0, y0, w < h->size ? w : h->size, hh < h->size ? hh : h->size };
}

static uint32_t cluster_at(const astar_hpa *h, int x, int y)
{
    return (uint32_t)(y / h->size) * (uint32_t)h->across + (uint32_t)(x / h->size);
}

static uint32_t cell_index(const astar_grid *grid, int x, int y)
{
    return (uint32_t)y * (uint32_t)grid->width + (uint32_t)x;
}

static astar_point cell_point(const astar_grid *grid, uint32_t cell)
{
    return (astar_point){ (int)(cell % (uint32_t)grid->width), (int)(cell / (uint32_t)grid->width) };
}

static uint8_t terrain_at(const astar_grid *grid, int x, int y)
{
    return grid->terrain[grid_padded_index(grid, x, y)];
}

/* ------------------------------------------------------------------------ */
/* Entrances                                                                */
/* ------------------------------------------------------------------------ */

/* The crossing pairs on the east (south: the south) border of cluster c,
 * appended to out as (cell in c, cell across); returns how many values
 * were appended (twice the pairs). A border on the grid's edge has none. */
static size_t border_pairs(const astar_hpa *h, uint32_t c, bool south, uint32_t *out)
{
    rect r = cluster_rect(h, c);
    int line = south ? r.y0 + r.h - 1 : r.x0 + r.w - 1;
    if (line + 1 >= (south ? h->grid->height : h->grid->width))
        return 0;
    int from = south ? r.x0 : r.y0, length = south ? r.w : r.h;
    size_t n = 0;
    int run = 0;
    for (int i = 0; i <= length; i++) {
        int along = from + i;
        bool open = i < length && (south ? terrain_at(h->grid, along, line) &&
                                               terrain_at(h->grid, along, line + 1)
                                         : terrain_at(h->grid, line, along) &&
                                               terrain_at(h->grid, line + 1, along));
        if (open) {
            run++;
            continue;
        }
        if (run > 0) {
            int ends[2] = { along - run, along - 1 };
            int picks = h->crossings == ASTAR_HPA_CROSS_ENDS && run >= LONG_ENTRANCE ? 2 : 1;
            if (picks == 1)
                ends[0] = along - run + (run - 1) / 2;
            for (int k = 0; k < picks; k++) {
                out[n++] = south ? cell_index(h->grid, ends[k], line)
                                 : cell_index(h->grid, line, ends[k]);
                out[n++] = south ? cell_index(h->grid, ends[k], line + 1)
                                 : cell_index(h->grid, line + 1, ends[k]);
            }
        }
        run = 0;
    }
    return n;
}

static int compare_cells(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The entrance cells of cluster c into h->pairs, ascending and distinct;
 * returns how many. Its east and south borders are its own (its cells
 * first in each pair); those to the west and north are the clusters'
 * there (its cells second). */
static uint32_t cluster_entrances(const astar_hpa *h, uint32_t c)
{
    uint32_t *p = h->pairs, across = (uint32_t)h->across;
    uint32_t n = 0;
    const struct { bool has; uint32_t of; bool south; size_t side; } borders[4] = {
        { true, c, false, 0 },
        { true, c, true, 0 },
        { c % across > 0, c - 1, false, 1 },
        { c >= across, c - across, true, 1 },
    };
    for (int b = 0; b < 4; b++) {
        if (!borders[b].has)
            continue;
        /* Appended after the cells kept so far, then kept in place: the
         * reads stay ahead of the writes. */
        size_t k = border_pairs(h, borders[b].of, borders[b].south, p + n);
        size_t at = n;
        for (size_t i = 0; i < k; i += 2)
            p[n++] = p[at + i + borders[b].side];
    }
    qsort(p, n, sizeof *p, compare_cells);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < n; i++)
        if (kept == 0 || p[kept - 1] != p[i])
            p[kept++] = p[i];
    return kept;
}

/* ------------------------------------------------------------------------ */
/* Searches inside one cluster                                              */
/* ------------------------------------------------------------------------ */

static ALWAYS_INLINE void heap_add(uint64_t *heap, size_t *n, uint64_t key)
{
    size_t at = (*n)++;
    while (at > 0 && heap[(at - 1) / 2] > key) {
        heap[at] = heap[(at - 1) / 2];
        at = (at - 1) / 2;
    }
    heap[at] = key;
}

static ALWAYS_INLINE uint64_t heap_take(uint64_t *heap, size_t *n)
{
    uint64_t top = heap[0], last = heap[--*n];
    size_t at = 0;
    for (;;) {
        size_t child = 2 * at + 1;
        if (child >= *n)
            break;
        if (child + 1 < *n && heap[child + 1] < heap[child])
            child++;
        if (heap[child] >= last)
            break;
        heap[at] = heap[child];
        at = child;
    }
    if (*n > 0)
        heap[at] = last;
    return top;
}

/* The octile distance from `from` to `to` in the hpa's steps onto
 * terrain cost `terrain`: a consistent H where every walkable cell has
 * that cost, as no step lowers it by more than the step costs. Terrain 0
 * gives 0, Dijkstra's H. */
static ALWAYS_INLINE uint64_t octile_to(const astar_hpa *h, astar_point from, astar_point to,
                                        uint8_t terrain)
{
    if (terrain == 0)
        return 0;
    cost_model octile = { .straight = h->straight, .diagonal = h->diagonal,
                          .heuristic = ASTAR_HEURISTIC_OCTILE, .weight = WEIGHT_ONE };
    return cost_h_at(&octile, from.x, from.y, to.x, to.y) * terrain;
}

/* The place of cell p among r's cells, row by row, and the cell at place
 * `at`. */
static inline uint32_t local_place(rect r, astar_point p)
{
    return (uint32_t)((p.y - r.y0) * r.w + (p.x - r.x0));
}

static inline astar_point local_point(rect r, uint32_t at)
{
    return (astar_point){ r.x0 + (int)(at % (uint32_t)r.w), r.y0 + (int)(at / (uint32_t)r.w) };
}

/* Dijkstra from the cell source over the cells of r only, under the
 * hpa's moves, settling every cell it reaches; or, aimed (a constant), A*
 * towards the cell `until` of a cluster of one terrain cost with
 * octile_to as H, which stops once it is settled. h->dist gets each
 * settled cell's least cost from source (backward: to source, each step
 * priced by the cell it enters as a forward search prices it) and h->dir
 * the step that reached it. A diagonal step between two cells of r passes
 * only cells of r, so the corner rule needs no cell outside. */
static ALWAYS_INLINE void settle_as(astar_hpa *h, rect r, uint32_t source, bool backward,
                                    uint32_t until, const bool aimed)
{
    const astar_grid *grid = h->grid;
    size_t cells = (size_t)r.w * (size_t)r.h, n = 0;
    for (size_t i = 0; i < cells; i++)
        h->dist[i] = NO_COST;
    astar_point s = cell_point(grid, source);
    uint32_t local = local_place(r, s), last = NO_CELL;
    astar_point u = { 0, 0 };
    uint8_t terrain = 0; /* H's (octile_to): 0 makes it Dijkstra's 0 */
    if (aimed) {
        u = cell_point(grid, until);
        last = local_place(r, u);
        terrain = terrain_at(grid, u.x, u.y);
    }
    h->dist[local] = 0;
    heap_add(h->heap, &n, octile_to(h, s, u, terrain) << LOCAL_BITS | local);
    while (n > 0) {
        uint64_t key = heap_take(h->heap, &n);
        uint32_t at = (uint32_t)(key & ((1u << LOCAL_BITS) - 1)), g = h->dist[at];
        if ((key >> LOCAL_BITS) != g + octile_to(h, local_point(r, at), u, terrain))
            continue; /* a stale entry: the cell was reached cheaper since */
        if (aimed && at == last)
            return;
        astar_point p = local_point(r, at);
        int x = p.x, y = p.y;
        size_t padded = grid_padded_index(grid, x, y);
        unsigned legal = moves_legal(h->moves, grid->around[padded]);
        for (unsigned d = 0; d < DIRECTIONS; d++) {
            int nx = x + move_dx[d], ny = y + move_dy[d];
            if (!(legal & move_bit(d)) || nx < r.x0 || ny < r.y0 || nx >= r.x0 + r.w ||
                ny >= r.y0 + r.h)
                continue;
            uint8_t factor = backward ? grid->terrain[padded] : terrain_at(grid, nx, ny);
            uint64_t next = (uint64_t)g + (uint64_t)h->step.cost[d] * factor;
            uint32_t there = local_place(r, (astar_point){ nx, ny });
            if (next >= h->dist[there])
                continue;
            h->dist[there] = (uint32_t)next;
            h->dir[there] = (uint8_t)d;
            heap_add(h->heap, &n,
                     (next + octile_to(h, (astar_point){ nx, ny }, u, terrain)) << LOCAL_BITS | there);
        }
    }
}

/* settle_as's two uses, each compiled on its own, so that the Dijkstras
 * that build a cluster, most of a build's and an edit's time, have no H
 * in them at all. */
static void settle(astar_hpa *h, rect r, uint32_t source, bool backward)
{
    settle_as(h, r, source, backward, NO_CELL, false);
}

static void settle_towards(astar_hpa *h, rect r, uint32_t source, uint32_t until)
{
    settle_as(h, r, source, false, until, true);
}

/* The least cost from cell a to cell b inside r (as settled last). */
static uint32_t settled_cost(const astar_hpa *h, rect r, uint32_t cell)
{
    astar_point p = cell_point(h->grid, cell);
    return h->dist[local_place(r, p)];
}

/* The runs of the way from cell `from` to cell `to` in from's tree (over
 * r), written into the bytes just before `end` unless it is NULL; returns
 * how many. The tree is walked back from `to`, so the last run comes
 * first. */
static size_t walk_runs(const uint8_t *tree, rect r, astar_point from, astar_point to,
                        uint8_t *end)
{
    size_t runs = 0;
    unsigned d = 0, steps = 0;
    for (astar_point p = to;;) {
        bool home = p.x == from.x && p.y == from.y;
        unsigned step = home ? DIRECTIONS : tree[local_place(r, p)];
        if (steps > 0 && (step != d || steps == RUN_MOST)) {
            if (end)
                *--end = (uint8_t)((steps - 1) << RUN_DIRECTION_BITS | d);
            runs++;
            steps = 0;
        }
        if (home)
            return runs;
        d = step;
        steps++;
        p.x -= move_dx[step];
        p.y -= move_dy[step];
    }
}

/* Cluster c's ways between its nodes as runs, from its trees and costs:
 * false when out of memory. */
static bool make_walks(astar_hpa *h, uint32_t c, cluster *k)
{
    rect r = cluster_rect(h, c);
    size_t area = (size_t)r.w * (size_t)r.h, pairs = (size_t)k->count * k->count, bytes = 0;
    k->walk_at = astar__allocate(&h->memory, pairs + 1, sizeof *k->walk_at);
    if (!k->walk_at)
        return false;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t at = 0; at < pairs; at++) {
            size_t i = at / k->count, j = at % k->count;
            astar_point from = cell_point(h->grid, k->cells[i]), to = cell_point(h->grid, k->cells[j]);
            bool way = i != j && k->cost[at] != NO_COST;
            if (pass == 0) {
                k->walk_at[at] = (uint32_t)bytes;
                bytes += way ? walk_runs(k->trees + i * area, r, from, to, NULL) : 0;
            } else if (way) {
                walk_runs(k->trees + i * area, r, from, to, k->walks + k->walk_at[at + 1]);
            }
        }
        if (pass == 0) {
            k->walk_at[pairs] = (uint32_t)bytes;
            k->walks = astar__allocate(&h->memory, bytes ? bytes : 1, sizeof *k->walks);
            if (!k->walks)
                return false;
        }
    }
    return true;
}

static void release_cluster(astar_hpa *h, cluster *k)
{
    void *arrays[] = { k->cells, k->cost, k->trees, k->dists, k->walk_at, k->walks };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(&h->memory, arrays[i]);
    *k = (cluster){ 0 };
}

/* Finds cluster c's entrances and the least costs and ways between them. */
static astar_status rebuild_cluster(astar_hpa *h, uint32_t c)
{
    uint32_t count = cluster_entrances(h, c);
    rect r = cluster_rect(h, c);
    size_t area = (size_t)r.w * (size_t)r.h;
    cluster made = {
        .count = count,
        .cells = astar__allocate(&h->memory, count ? count : 1, sizeof *made.cells),
        .cost = astar__allocate(&h->memory, count ? (size_t)count * count : 1, sizeof *made.cost),
        .trees = astar__allocate(&h->memory, count ? count * area : 1, sizeof *made.trees),
        .dists = astar__allocate(&h->memory, count ? count * area : 1, sizeof *made.dists),
    };
    if (!made.cells || !made.cost || !made.trees || !made.dists) {
        release_cluster(h, &made);
        return ASTAR_OUT_OF_MEMORY;
    }
    memcpy(made.cells, h->pairs, (size_t)count * sizeof *made.cells);
    for (uint32_t i = 0; i < count; i++) {
        settle(h, r, made.cells[i], false);
        for (uint32_t j = 0; j < count; j++)
            made.cost[(size_t)i * count + j] = settled_cost(h, r, made.cells[j]);
        memcpy(made.trees + i * area, h->dir, area);
        memcpy(made.dists + i * area, h->dist, area * sizeof *made.dists);
    }
    if (!make_walks(h, c, &made)) {
        release_cluster(h, &made);
        return ASTAR_OUT_OF_MEMORY;
    }
    uint8_t one = 0;
    made.uniform = true;
    for (int y = r.y0; y < r.y0 + r.h && made.uniform; y++)
        for (int x = r.x0; x < r.x0 + r.w; x++) {
            uint8_t t = terrain_at(h->grid, x, y);
            one = one ? one : t;
            made.uniform = made.uniform && (t == 0 || t == one);
        }
    release_cluster(h, &h->clusters[c]);
    h->clusters[c] = made;
    h->stale[c] = REBUILT;
    return ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* The graph                                                                */
/* ------------------------------------------------------------------------ */

/* Node of cell in cluster c (which has it). */
static uint32_t node_of(const astar_hpa *h, uint32_t c, uint32_t cell)
{
    const cluster *k = &h->clusters[c];
    const uint32_t *found = bsearch(&cell, k->cells, k->count, sizeof cell, compare_cells);
    return h->first_node[c] + (uint32_t)(found - k->cells);
}

/* The root of v's component (parent holds union-find parents). */
static uint32_t component_root(uint32_t *parent, uint32_t v)
{
    while (parent[v] != v)
        v = parent[v] = parent[parent[v]];
    return v;
}

static void component_join(uint32_t *parent, uint32_t a, uint32_t b)
{
    a = component_root(parent, a);
    b = component_root(parent, b);
    if (a != b)
        parent[a < b ? b : a] = a < b ? a : b;
}

/* Labels the graph's components into component: nodes joined by edges
 * of a finite cost, either way (the grid's moves are symmetric). */
static void label_components(const astar_hpa *h, const astar_graph *g, uint32_t *component)
{
    for (uint32_t v = 0; v < h->nodes; v++)
        component[v] = v;
    for (uint32_t v = 0; v < h->nodes; v++)
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++)
            if (g->out[e].to < h->nodes && g->out[e].cost != NO_COST)
                component_join(component, v, g->out[e].to);
    for (uint32_t v = 0; v < h->nodes; v++)
        component[v] = component_root(component, v);
}

/* Every edge of the graph but the query's: inside each cluster between
 * every two nodes (at NO_COST, which no search takes, when no path
 * inside joins them: so that an edit that keeps a cluster's entrances
 * changes costs only, in place), and both ways across each crossing
 * pair. */
static astar_status add_edges(astar_hpa *h, astar_graph_builder *b)
{
    astar_status status = ASTAR_OK;
    for (uint32_t c = 0; c < cluster_count(h) && status == ASTAR_OK; c++) {
        const cluster *k = &h->clusters[c];
        uint32_t first = h->first_node[c];
        for (uint32_t i = 0; i < k->count && status == ASTAR_OK; i++)
            for (uint32_t j = 0; j < k->count && status == ASTAR_OK; j++) {
                if (i != j)
                    status = astar_graph_builder_edge(b, first + i, first + j,
                                                      k->cost[(size_t)i * k->count + j]);
            }
        for (int south = 0; south < 2 && status == ASTAR_OK; south++) {
            size_t n = border_pairs(h, c, south, h->pairs);
            uint32_t there = c + (south ? (uint32_t)h->across : 1);
            for (size_t i = 0; i < n && status == ASTAR_OK; i += 2) {
                uint32_t a = node_of(h, c, h->pairs[i]), z = node_of(h, there, h->pairs[i + 1]);
                astar_point pa = cell_point(h->grid, h->pairs[i]);
                astar_point pz = cell_point(h->grid, h->pairs[i + 1]);
                status = astar_graph_builder_edge(b, a, z, h->straight * terrain_at(h->grid, pz.x, pz.y));
                if (status == ASTAR_OK)
                    status = astar_graph_builder_edge(b, z, a,
                                                      h->straight * terrain_at(h->grid, pa.x, pa.y));
            }
        }
    }
    return status;
}

/* The query's edges, as placeholders the first query re-aims: START to
 * the first `widest` nodes (any distinct ones make a row that long) and to
 * GOAL, each node to GOAL. Then every one is aimed at SPARE. */
static astar_status add_query_edges(astar_hpa *h, astar_graph_builder *b)
{
    uint32_t n = h->nodes;
    astar_status status = astar_graph_builder_edge(b, start_node(n), goal_node(n), ASTAR_MAX_COST);
    for (uint32_t v = 0; v < n && status == ASTAR_OK; v++) {
        status = astar_graph_builder_edge(b, v, goal_node(n), ASTAR_MAX_COST);
        if (status == ASTAR_OK && v < h->widest)
            status = astar_graph_builder_edge(b, start_node(n), v, ASTAR_MAX_COST);
    }
    return status;
}

static void aim_query_edges_at_spare(astar_hpa *h)
{
    astar_graph *g = h->graph;
    uint32_t n = h->nodes;
    for (uint32_t e = g->first[start_node(n)]; e < g->first[start_node(n) + 1]; e++)
        astar__graph_aim_edge(g, e, spare_node(n), ASTAR_MAX_COST);
    for (uint32_t v = 0; v < n; v++)
        astar__graph_aim_edge(g, g->first[v + 1] - 1, spare_node(n), ASTAR_MAX_COST);
    h->goal_aimed = false;
}

/* The least cost per cell of distance a path can have: H's scale. The
 * graph's octile metric counts a diagonal as sqrt 2, which the article's
 * diagonal of 14 is less than 10 times. */
static double graph_scale(const astar_hpa *h)
{
    double scale = h->moves == ASTAR_MOVES_4 ? h->straight
                                             : fmin(h->straight, h->diagonal / sqrt(2.0));
    return scale * (1 - 1e-12);
}

/* The graph's per-node arrays, built before anything of the old is let go. */
typedef struct graph_parts {
    astar_graph *graph;
    astar_context *ctx;
    node_place *node_at;
    uint32_t *component, *route;
} graph_parts;

static void release_parts(astar_hpa *h, graph_parts *p)
{
    astar_graph_delete(p->graph);
    astar_context_delete(p->ctx);
    astar__release(&h->memory, p->node_at);
    astar__release(&h->memory, p->component);
    astar__release(&h->memory, p->route);
}

static astar_status build_parts(astar_hpa *h, graph_parts *p, uint32_t nodes)
{
    uint32_t n = nodes;
    p->node_at = astar__allocate(&h->memory, n ? n : 1, sizeof *p->node_at);
    p->component = astar__allocate(&h->memory, n ? n : 1, sizeof *p->component);
    p->route = astar__allocate(&h->memory, (size_t)n + 3, sizeof *p->route);
    astar_graph_builder *b = NULL;
    astar_status status = ASTAR_OUT_OF_MEMORY;
    if (p->node_at && p->component && p->route &&
        astar_graph_context_new_with((size_t)n + 3, &h->memory, &p->ctx) == ASTAR_OK &&
        astar_graph_builder_new_with(n + 3, ASTAR_GRAPH_DIRECTED, &h->memory, &b) == ASTAR_OK) {
        status = astar_graph_builder_metric(b, h->moves == ASTAR_MOVES_4 ? ASTAR_HEURISTIC_MANHATTAN
                                                                         : ASTAR_HEURISTIC_OCTILE);
        if (status == ASTAR_OK)
            status = astar_graph_builder_scale(b, graph_scale(h));
        for (uint32_t c = 0; c < cluster_count(h) && status == ASTAR_OK; c++)
            for (uint32_t i = 0; i < h->clusters[c].count && status == ASTAR_OK; i++) {
                uint32_t v = h->first_node[c] + i;
                astar_point at = cell_point(h->grid, h->clusters[c].cells[i]);
                p->node_at[v] = (node_place){ at, c, h->clusters[c].cells[i] };
                status = astar_graph_builder_position(b, v, at.x, at.y);
            }
        for (uint32_t v = n; v < n + 3 && status == ASTAR_OK; v++)
            status = astar_graph_builder_position(b, v, 0, 0);
        if (status == ASTAR_OK)
            status = add_edges(h, b);
        if (status == ASTAR_OK)
            status = add_query_edges(h, b);
        if (status == ASTAR_OK)
            status = astar_graph_build(b, &p->graph, NULL);
        if (status == ASTAR_OK)
            status = astar_graph_set_enabled(p->graph, spare_node(n), false);
    }
    astar_graph_builder_delete(b);
    if (status == ASTAR_OK)
        label_components(h, p->graph, p->component);
    return status;
}

/* The spare node's landmark row. It ends every edge not in use (at
 * ASTAR_MAX_COST, which no search takes); "from" values of 0 keep their
 * inequalities whatever they join, and it reaches no landmark. */
static void aim_spare_landmarks(astar_hpa *h)
{
    graph_landmarks *lm = h->graph->landmarks;
    uint32_t *spare = landmark_row(lm, spare_node(h->nodes));
    for (uint32_t i = 0; i < lm->count; i++) {
        spare[i] = 0;
        spare[lm->count + i] = UNREACHED;
    }
}

/* The graph's landmarks, h->landmarks of them, measured. */
static astar_status enable_landmarks(astar_hpa *h)
{
    astar_status status = astar_graph_enable_landmarks(h->graph, h->landmarks);
    if (status == ASTAR_OK)
        aim_spare_landmarks(h);
    return status;
}

/* For the graph just built, with its nodes numbered from first_node: per
 * node the number it had in the old graph, whose clusters began at
 * old_first and whose node v lay at old_at[v]; UNREACHED for a
 * node new to it, and for the query's spare nodes. A cluster's nodes are
 * in order of their cells in both, so one merge per cluster pairs them.
 * NULL when out of memory. */
static uint32_t *old_nodes(const astar_hpa *h, const uint32_t *old_first,
                           const node_place *old_at, const node_place *new_at)
{
    uint32_t *old_of = astar__allocate(&h->memory, (size_t)h->nodes + 3, sizeof *old_of);
    if (!old_of)
        return NULL;
    for (uint32_t c = 0; c < cluster_count(h); c++) {
        uint32_t i = old_first[c];
        for (uint32_t v = h->first_node[c]; v < h->first_node[c + 1]; v++) {
            while (i < old_first[c + 1] && old_at[i].cell < new_at[v].cell)
                i++;
            old_of[v] = i < old_first[c + 1] && old_at[i].cell == new_at[v].cell ? i : UNREACHED;
        }
    }
    for (uint32_t v = h->nodes; v < h->nodes + 3; v++)
        old_of[v] = UNREACHED;
    return old_of;
}

/* The landmarks of the graph h was built on before, carried over to the
 * one just built (astar__landmarks_carry); the old graph's clusters began
 * at old_first, its nodes lay at old_at. */
static astar_status carry_landmarks(astar_hpa *h, const astar_graph *old,
                                    const uint32_t *old_first, const node_place *old_at)
{
    uint32_t *old_of = old_nodes(h, old_first, old_at, h->node_at);
    astar_status status = old_of ? astar__landmarks_carry(h->graph, old, old_of)
                                 : ASTAR_OUT_OF_MEMORY;
    astar__release(&h->memory, old_of);
    if (status == ASTAR_OK)
        aim_spare_landmarks(h);
    return status;
}

/* Sets the graph's edges inside cluster c to the costs it keeps. */
static void set_cluster_costs(astar_hpa *h, uint32_t c)
{
    const cluster *k = &h->clusters[c];
    uint32_t first = h->first_node[c];
    for (uint32_t i = 0; i < k->count; i++)
        for (uint32_t j = 0; j < k->count; j++)
            if (i != j)
                astar_graph_set_edge_cost(h->graph, first + i, first + j,
                                          k->cost[(size_t)i * k->count + j]);
}

/* Rebuilds the stale clusters, then the graph. With inside (no cell
 * edited on a border, so that every entrance, crossing and crossing cost
 * is as it was) and the graph current, in place: the rebuilt clusters'
 * costs and the components; else whole from all the clusters. */
static astar_status refresh(astar_hpa *h, bool inside, astar_error *err)
{
    bool in_place = inside && h->graph != NULL && !h->graph_stale;
    h->graph_stale = true;
    for (uint32_t c = 0; c < cluster_count(h); c++)
        if (h->stale[c] == STALE && rebuild_cluster(h, c) != ASTAR_OK)
            return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    if (in_place) {
        for (uint32_t c = 0; c < cluster_count(h); c++)
            if (h->stale[c] == REBUILT) {
                set_cluster_costs(h, c);
                h->stale[c] = CURRENT;
            }
        label_components(h, h->graph, h->component);
        h->route_length = 0;
        h->graph_stale = false;
        h->grid_edits = h->grid->edits;
        return ASTAR_OK;
    }
    /* The old graph's landmarks are carried over rather than measured
     * again (2 * count Dijkstras over the graph): most nodes stay. */
    uint32_t *old_first = NULL;
    if (h->landmarks && h->graph && h->graph->landmarks) {
        old_first = astar__allocate(&h->memory, (size_t)cluster_count(h) + 1, sizeof *old_first);
        if (!old_first)
            return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
        memcpy(old_first, h->first_node, ((size_t)cluster_count(h) + 1) * sizeof *old_first);
    }
    uint32_t nodes = 0, widest = 0;
    for (uint32_t c = 0; c < cluster_count(h); c++) {
        h->first_node[c] = nodes;
        nodes += h->clusters[c].count;
        if (h->clusters[c].count > widest)
            widest = h->clusters[c].count;
    }
    h->first_node[cluster_count(h)] = nodes;
    if (nodes > ASTAR_GRAPH_MAX_NODES - 3) {
        astar__release(&h->memory, old_first);
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "%u entrances: more nodes than a graph holds", nodes);
    }
    h->nodes = nodes;
    h->widest = widest;
    graph_parts p = { 0 };
    astar_status status = build_parts(h, &p, nodes);
    if (status != ASTAR_OK) {
        release_parts(h, &p);
        astar__release(&h->memory, old_first);
        if (status == ASTAR_OUT_OF_MEMORY)
            return astar__error_set(err, status, NULL, 0, "out of memory");
        return astar__error_set(err, status, NULL, 0, "more edges than a graph holds");
    }
    graph_parts old = { h->graph, h->ctx, h->node_at, h->component, h->route };
    h->graph = p.graph;
    h->ctx = p.ctx;
    h->node_at = p.node_at;
    h->component = p.component;
    h->route = p.route;
    h->route_length = 0;
    aim_query_edges_at_spare(h);
    if (h->landmarks)
        status = old_first ? carry_landmarks(h, old.graph, old_first, old.node_at)
                           : enable_landmarks(h);
    release_parts(h, &old);
    astar__release(&h->memory, old_first);
    if (status != ASTAR_OK)
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    memset(h->stale, CURRENT, cluster_count(h));
    h->graph_stale = false;
    h->grid_edits = h->grid->edits;
    return ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* Building and edits                                                       */
/* ------------------------------------------------------------------------ */

astar_status astar_hpa_new(const astar_grid *grid, const astar_options *options, int cluster_size,
                           astar_hpa **out, astar_error *err)
{
    return astar_hpa_new_with(grid, options, cluster_size, NULL, out, err);
}

astar_status astar_hpa_new_with(const astar_grid *grid, const astar_options *options,
                                int cluster_size, const astar_allocator *allocator,
                                astar_hpa **out, astar_error *err)
{
    astar__error_clear(err);
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (out)
        *out = NULL;
    astar_allocator memory;
    if (!grid || !out || !astar__options_valid(options) ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "no grid, no place for the hpa, bad options or an allocator "
                                "without both functions");
    if (cluster_size < ASTAR_HPA_MIN_CLUSTER || cluster_size > ASTAR_HPA_MAX_CLUSTER)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "cluster size %d is not %d .. %d", cluster_size,
                                ASTAR_HPA_MIN_CLUSTER, ASTAR_HPA_MAX_CLUSTER);
    if (hex_topology(grid->topology))
        return astar__error_set(err, ASTAR_UNSUPPORTED, NULL, 0,
                                "a hex grid: clusters are squares of squares");
    astar_hpa *h = astar__allocate_zeroed(&memory, 1, sizeof *h);
    if (!h)
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    cost_model model = cost_model_of(options);
    model.topology = grid->topology;
    *h = (astar_hpa){ .memory = memory, .grid = grid, .moves = options->moves,
                      .costs = options->costs, .step = step_table_of(grid, &model),
                      .straight = model.straight, .diagonal = model.diagonal,
                      .size = cluster_size, .landmarks = ASTAR_HPA_LANDMARKS,
                      .across = (grid->width + cluster_size - 1) / cluster_size,
                      .down = (grid->height + cluster_size - 1) / cluster_size };
    size_t clusters = cluster_count(h), cells = cluster_cells(h), side = (size_t)cluster_size;
    h->clusters = astar__allocate_zeroed(&memory, clusters, sizeof *h->clusters);
    h->stale = astar__allocate(&memory, clusters, sizeof *h->stale);
    h->first_node = astar__allocate(&memory, clusters + 1, sizeof *h->first_node);
    h->dist = astar__allocate(&memory, cells, sizeof *h->dist);
    h->dir = astar__allocate(&memory, cells, sizeof *h->dir);
    h->start_tree = astar__allocate(&memory, cells, sizeof *h->start_tree);
    h->goal_tree = astar__allocate(&memory, cells, sizeof *h->goal_tree);
    h->heap = astar__allocate(&memory, DIRECTIONS * cells + 1, sizeof *h->heap);
    h->trail = astar__allocate(&memory, cells, sizeof *h->trail);
    h->pairs = astar__allocate(&memory, 8 * side, sizeof *h->pairs);
    h->start_cost = astar__allocate(&memory, 4 * side, sizeof *h->start_cost);
    h->goal_cost = astar__allocate(&memory, 4 * side, sizeof *h->goal_cost);
    astar_status status = ASTAR_OUT_OF_MEMORY;
    if (h->clusters && h->stale && h->first_node && h->dist && h->dir && h->start_tree &&
        h->goal_tree && h->heap && h->trail &&
        h->pairs && h->start_cost && h->goal_cost) {
        memset(h->stale, STALE, clusters);
        status = refresh(h, false, err);
    } else {
        astar__error_set(err, status, NULL, 0, "out of memory");
    }
    if (status != ASTAR_OK) {
        astar_hpa_delete(h);
        return status;
    }
    *out = h;
    return ASTAR_OK;
}

void astar_hpa_delete(astar_hpa *h)
{
    if (!h)
        return;
    graph_parts parts = { h->graph, h->ctx, h->node_at, h->component, h->route };
    release_parts(h, &parts);
    for (uint32_t c = 0; h->clusters && c < cluster_count(h); c++)
        release_cluster(h, &h->clusters[c]);
    void *arrays[] = { h->clusters,   h->stale,     h->first_node, h->dist,
                       h->dir,        h->start_tree, h->goal_tree, h->heap,
                       h->trail,      h->pairs,      h->start_cost, h->goal_cost };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(&h->memory, arrays[i]);
    astar__release(&h->memory, h);
}

astar_status astar_hpa_update(astar_hpa *h, const astar_point *cells, size_t count,
                              astar_error *err)
{
    astar__error_clear(err);
    if (!h || (!cells && count > 0))
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0, "no hpa or no cells");
    for (size_t i = 0; i < count; i++)
        if (!grid_contains(h->grid, cells[i].x, cells[i].y))
            return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                    "cell %zu (%d,%d) is outside the %d x %d grid", i,
                                    cells[i].x, cells[i].y, h->grid->width, h->grid->height);
    bool inside = true;
    for (size_t i = 0; i < count; i++) {
        int x = cells[i].x, y = cells[i].y;
        uint32_t c = cluster_at(h, x, y);
        rect r = cluster_rect(h, c);
        /* A cell on a border changes the entrances there, and so the nodes
         * of the cluster across it. */
        uint32_t across[4] = { c, c, c, c };
        if (x == r.x0 && x > 0)
            across[0] = c - 1;
        if (x == r.x0 + r.w - 1 && x + 1 < h->grid->width)
            across[1] = c + 1;
        if (y == r.y0 && y > 0)
            across[2] = c - (uint32_t)h->across;
        if (y == r.y0 + r.h - 1 && y + 1 < h->grid->height)
            across[3] = c + (uint32_t)h->across;
        for (int k = 0; k < 4; k++) {
            inside = inside && across[k] == c;
            h->stale[across[k]] = STALE;
        }
    }
    return refresh(h, inside, err);
}

const astar_graph *astar_hpa_graph(const astar_hpa *h) { return h ? h->graph : NULL; }
uint32_t astar_hpa_nodes(const astar_hpa *h) { return h ? h->nodes : 0; }
int astar_hpa_cluster_size(const astar_hpa *h) { return h ? h->size : 0; }

astar_hpa_crossings astar_hpa_crossings_of(const astar_hpa *h)
{
    return h ? h->crossings : ASTAR_HPA_CROSS_MIDDLE;
}

astar_status astar_hpa_set_crossings(astar_hpa *h, astar_hpa_crossings crossings,
                                     astar_error *err)
{
    astar__error_clear(err);
    if (!h || (crossings != ASTAR_HPA_CROSS_MIDDLE && crossings != ASTAR_HPA_CROSS_ENDS))
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "no hpa, or crossings neither middle nor ends");
    if (crossings == h->crossings)
        return ASTAR_OK;
    /* Every cluster's entrances may move: all of them are searched again
     * and the graph is built anew, as astar_hpa_update does for edits on
     * every border. */
    h->crossings = crossings;
    memset(h->stale, STALE, cluster_count(h));
    /* Hardly a node stays where it was: the landmarks are measured afresh
     * on the new graph rather than carried over. */
    if (h->graph)
        astar_graph_disable_landmarks(h->graph);
    return refresh(h, false, err);
}

astar_status astar_hpa_set_landmarks(astar_hpa *h, uint32_t count, astar_error *err)
{
    if (!h || count > ASTAR_GRAPH_MAX_LANDMARKS)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "no hpa, or more landmarks than %d", ASTAR_GRAPH_MAX_LANDMARKS);
    uint32_t before = h->landmarks;
    h->landmarks = count;
    if (!h->graph)
        return ASTAR_OK;
    if (count == 0) {
        astar_graph_disable_landmarks(h->graph);
        return ASTAR_OK;
    }
    if (enable_landmarks(h) != ASTAR_OK) {
        h->landmarks = before;
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    }
    return ASTAR_OK;
}

size_t astar_hpa_bytes(const astar_hpa *h)
{
    if (!h)
        return 0;
    size_t clusters = cluster_count(h), cells = cluster_cells(h), side = (size_t)h->size;
    size_t bytes = sizeof *h + clusters * (sizeof *h->clusters + sizeof *h->stale) +
                   (clusters + 1) * sizeof *h->first_node +
                   cells * (sizeof *h->dist + 3 * sizeof *h->dir + sizeof *h->trail) +
                   (DIRECTIONS * cells + 1) * sizeof *h->heap +
                   side * (8 + 4 + 4) * sizeof *h->pairs + astar_graph_bytes(h->graph) +
                   astar_context_bytes(h->ctx) +
                   (size_t)h->nodes * (sizeof *h->node_at + sizeof *h->component) +
                   ((size_t)h->nodes + 3) * sizeof *h->route;
    for (uint32_t c = 0; c < clusters; c++) {
        const cluster *k = &h->clusters[c];
        rect r = cluster_rect(h, c);
        bytes += (k->count + 2 * (size_t)k->count * k->count + 1) * sizeof(uint32_t) +
                 k->count * (size_t)r.w * (size_t)r.h * (1 + sizeof *k->dists) +
                 (k->walk_at ? k->walk_at[(size_t)k->count * k->count] : 0);
    }
    return bytes;
}

/* ------------------------------------------------------------------------ */
/* Queries                                                                  */
/* ------------------------------------------------------------------------ */

static astar_status check_query(const astar_hpa *h, astar_point start, astar_point goal,
                                const astar_options *options)
{
    if (!astar__options_valid(options) || options->moves != h->moves ||
        options->costs != h->costs || options->partial)
        return ASTAR_INVALID_ARGUMENT;
    if (h->graph_stale || h->grid->edits != h->grid_edits)
        return ASTAR_MAP_CHANGED;
    return grid_ends_status(h->grid, start, goal);
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
            settle(h, r, start, false);
        else
            settle_towards(h, r, start, goal);
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
        settle(h, r, goal, true);
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

/* Re-aims the spare nodes' edges for this query (graph/waypoints.c's way). */
static void join(astar_hpa *h, uint32_t cs, uint32_t cg, uint32_t direct)
{
    astar_graph *g = h->graph;
    uint32_t n = h->nodes, edge = g->first[start_node(n)], end = g->first[start_node(n) + 1];
    if (h->goal_aimed)
        for (uint32_t v = h->first_node[h->goal_cluster]; v < h->first_node[h->goal_cluster + 1]; v++)
            astar__graph_aim_edge(g, g->first[v + 1] - 1, spare_node(n), ASTAR_MAX_COST);
    astar__graph_place(g, start_node(n), h->start.at.x, h->start.at.y);
    astar__graph_place(g, goal_node(n), h->goal.at.x, h->goal.at.y);
    for (uint32_t i = 0; i < h->clusters[cs].count; i++)
        if (h->start_cost[i] != NO_COST)
            astar__graph_aim_edge(g, edge++, h->first_node[cs] + i, h->start_cost[i]);
    if (direct != NO_COST)
        astar__graph_aim_edge(g, edge++, goal_node(n), direct);
    while (edge < end)
        astar__graph_aim_edge(g, edge++, spare_node(n), ASTAR_MAX_COST);
    for (uint32_t j = 0; j < h->clusters[cg].count; j++) {
        uint32_t v = h->first_node[cg] + j;
        bool reaches = h->goal_cost[j] != NO_COST;
        astar__graph_aim_edge(g, g->first[v + 1] - 1, reaches ? goal_node(n) : spare_node(n),
                              reaches ? h->goal_cost[j] : ASTAR_MAX_COST);
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
    uint32_t *s = landmark_row(lm, start_node(n)), *t = landmark_row(lm, goal_node(n));
    for (uint32_t i = 0; i < k; i++) {
        s[i] = h->start_searched ? UNREACHED
                                 : least_through(lm, i, h->first_node[cs], h->start_cost, a);
        t[k + i] = h->goal_searched ? UNREACHED
                                    : least_through(lm, k + i, h->first_node[cg], h->goal_cost, b);
        s[k + i] = least_through(lm, k + i, h->first_node[cs], h->start_cost, a);
        t[i] = least_through(lm, i, h->first_node[cg], h->goal_cost, b);
        if (direct != NO_COST) {
            s[k + i] = least_of(s[k + i], least_through(lm, k + i, goal_node(n), &direct, 1));
            t[i] = least_of(t[i], least_through(lm, i, start_node(n), &direct, 1));
        }
    }
}

/* Where route node v lies. */
static node_place route_place(const astar_hpa *h, uint32_t v)
{
    if (v < h->nodes)
        return h->node_at[v];
    return v == start_node(h->nodes) ? h->start : h->goal;
}

/* Finds the route into h->route; returns the search's status. */
static astar_status find_route(astar_hpa *h, astar_point start, astar_point goal,
                               const astar_options *options, astar_graph_path *found)
{
    astar_status status = check_query(h, start, goal, options);
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
    *found = (astar_graph_path){ .nodes = h->route, .capacity = (size_t)n + 3 };
    status = astar_graph_find_path(h->ctx, h->graph, start_node(n), goal_node(n), options, found);
    if (status == ASTAR_OK) {
        h->route_length = found->length;
        h->route_edits = h->grid->edits;
    }
    return status;
}

astar_status astar_hpa_find_route(astar_hpa *h, astar_point start, astar_point goal,
                                  const astar_options *options, astar_hpa_route *route)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (route)
        *route = (astar_hpa_route){ .points = route->points, .capacity = route->capacity };
    if (!h || !route || (!route->points && route->capacity > 0))
        return ASTAR_INVALID_ARGUMENT;
    astar_graph_path found = { 0 };
    astar_status status = find_route(h, start, goal, options, &found);
    route->expanded = found.expanded;
    if (status != ASTAR_OK)
        return status;
    route->cost = found.cost;
    route->length = found.length;
    if (route->length > route->capacity)
        return route->points ? ASTAR_PATH_BUFFER_TOO_SMALL : ASTAR_OK;
    for (size_t k = 0; k < route->length; k++)
        route->points[k] = route_place(h, h->route[k]).at;
    return ASTAR_OK;
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
    bool from_start = u == start_node(n), to_goal = v == goal_node(n) && !from_start;
    if (to_goal && h->goal_searched) {
        w.tree = h->goal_tree;
    } else if (from_start && (h->start_searched || v == goal_node(n))) {
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

astar_status astar_hpa_refine(astar_hpa *h, size_t segment, astar_point *cells, size_t capacity,
                              size_t *length)
{
    if (length)
        *length = 0;
    if (!h || !length || (!cells && capacity > 0) || segment + 1 >= h->route_length)
        return ASTAR_INVALID_ARGUMENT;
    if (h->graph_stale || h->grid->edits != h->route_edits)
        return ASTAR_MAP_CHANGED;
    size_t n = refine_segment(h, segment);
    if (n == 0)
        return ASTAR_MAP_CHANGED;
    *length = n;
    if (n > capacity)
        return cells ? ASTAR_PATH_BUFFER_TOO_SMALL : ASTAR_OK;
    for (size_t k = 0; k < n; k++)
        cells[k] = h->trail[k];
    return ASTAR_OK;
}

astar_status astar_hpa_find_path(astar_hpa *h, astar_point start, astar_point goal,
                                 const astar_options *options, astar_path *path)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (path)
        *path = (astar_path){ .points = path->points, .capacity = path->capacity,
                              .nodes = path->nodes, .node_capacity = path->node_capacity };
    if (!h || !path || (!path->points && path->capacity > 0) ||
        (!path->nodes && path->node_capacity > 0))
        return ASTAR_INVALID_ARGUMENT;
    astar_graph_path found = { 0 };
    astar_status status = find_route(h, start, goal, options, &found);
    path->expanded = found.expanded;
    if (status != ASTAR_OK)
        return status;
    path->cost = found.cost;
    path->distance = (double)found.cost / h->straight;
    path->node_count = found.length;
    bool nodes_fit = path->nodes && found.length <= path->node_capacity;
    for (size_t k = 0; nodes_fit && k < found.length; k++)
        path->nodes[k] = route_place(h, h->route[k]).at;
    prefetch_walks(h);
    /* Each segment's first cell is the last of the one before. */
    size_t length = 1;
    bool fits = path->points && path->capacity >= 1;
    if (fits)
        path->points[0] = start;
    for (size_t i = 0; i + 1 < found.length; i++) {
        size_t n = refine_segment(h, i);
        for (size_t k = 1; k < n; k++, length++)
            if (fits && length < path->capacity)
                path->points[length] = h->trail[k];
    }
    path->length = length;
    bool too_small = (path->points && length > path->capacity) || (path->nodes && !nodes_fit);
    return too_small ? ASTAR_PATH_BUFFER_TOO_SMALL : ASTAR_OK;
}
