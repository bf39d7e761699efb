/* Two tiers (astar/hpa.h) inside the library: the hpa's record and what
 * the five files that keep it share, one job a file, so that each can be
 * read and changed without the others' details:
 *   hpa_entrances.c  a cluster's entrance cells, from its borders
 *   hpa_cluster.c    searches inside one cluster: its nodes' costs and
 *                    ways, and a query's searches from its ends
 *   hpa_graph.c      the graph over every cluster's nodes, rebuilt or
 *                    updated from what the clusters keep
 *   hpa.c            the hpa's life cycle and edits (the API's calls that
 *                    build, change and measure it)
 *   hpa_query.c      queries: start and goal joined to the graph, the
 *                    route searched, and refined into cells
 * The search inside a cluster stays whole in hpa_cluster.c (a call per
 * cluster searched crosses files, never one per cell).
 *
 * What a cluster keeps (its nodes and their costs) depends only on the
 * cells of the cluster and the cells just across its borders, so an edit
 * marks the clusters that can see the cell stale and only those are
 * searched again. The graph itself is rebuilt whole from what the
 * clusters keep: its rows are compressed and numbered by cluster, so a
 * cluster gaining a node shifts every later row; rebuilding is a sort of
 * the edges, far cheaper than the clusters' searches it spares. */
#ifndef ASTAR_GRAPH_HPA_H
#define ASTAR_GRAPH_HPA_H

#include <stdbool.h>
#include <stdint.h>

#include "astar.h"
#include "graph/graph.h"
#include "grid/grid.h"
#include "search/loop.h"

/* A cost no path inside a cluster has: no path at all. */
#define NO_COST UINT32_MAX

/* What a cluster's record is to the graph. */
enum { CURRENT, STALE, REBUILT /* searched again, not yet in the graph */ };

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
    const astar_grid *grid;    /* for a unit of a size, its shadow */
    uint64_t grid_edits;       /* the grid's, at the last build or update */
    int unit_size;             /* the unit it serves: its side, 1.. */
    uint32_t capability;       /* and capability (0 and 1: a unit of one cell) */
    astar_moves moves;
    astar_costs costs;
    uint32_t step_cost[DIRECTIONS]; /* per direction of moves.h, on terrain 1 */
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
    bool raw;                  /* whole paths as refined, not straightened */
    uint32_t *first_node;      /* per cluster and one more: its first node */
    node_place *node_at;       /* per node: where it lies */
    uint32_t *component;       /* per node: its component of the graph */
    uint32_t *route;           /* nodes + SPLICE_NODES: the graph search's nodes */
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

static inline uint32_t cluster_count(const astar_hpa *h)
{
    return (uint32_t)h->across * (uint32_t)h->down;
}

static inline rect cluster_rect(const astar_hpa *h, uint32_t c)
{
    int x0 = (int)(c % (uint32_t)h->across) * h->size, y0 = (int)(c / (uint32_t)h->across) * h->size;
    int w = h->grid->width - x0, hh = h->grid->height - y0;
    return (rect){ x0, y0, w < h->size ? w : h->size, hh < h->size ? hh : h->size };
}

static inline uint32_t cluster_at(const astar_hpa *h, int x, int y)
{
    return (uint32_t)(y / h->size) * (uint32_t)h->across + (uint32_t)(x / h->size);
}

static inline uint32_t cell_index(const astar_grid *grid, int x, int y)
{
    return (uint32_t)y * (uint32_t)grid->width + (uint32_t)x;
}

static inline astar_point cell_point(const astar_grid *grid, uint32_t cell)
{
    return (astar_point){ (int)(cell % (uint32_t)grid->width), (int)(cell / (uint32_t)grid->width) };
}

static inline uint8_t terrain_at(const astar_grid *grid, int x, int y)
{
    return grid->terrain[grid_padded_index(grid, x, y)];
}

/* The place of cell p among r's cells, row by row. */
static inline uint32_t local_place(rect r, astar_point p)
{
    return (uint32_t)((p.y - r.y0) * r.w + (p.x - r.x0));
}

/* The order of a cluster's cells: qsort's and bsearch's. */
static inline int compare_cells(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* hpa_entrances.c */

/* The crossing pairs on the east (south: the south) border of cluster c,
 * appended to out as (cell in c, cell across); returns how many values
 * were appended (twice the pairs). A border on the grid's edge has none.
 * O(the border's cells). */
size_t astar__hpa_border_pairs(const astar_hpa *h, uint32_t c, bool south, uint32_t *out);

/* The entrance cells of cluster c into h->pairs, ascending and distinct;
 * returns how many. O(its borders' cells). */
uint32_t astar__hpa_cluster_entrances(const astar_hpa *h, uint32_t c);

/* hpa_cluster.c */

/* Dijkstra from the cell source over the cells of r only, under the
 * hpa's moves, settling every cell it reaches: h->dist gets each cell's
 * least cost from source (backward: to source, each step priced by the
 * cell it enters as a forward search prices it), h->dir the step that
 * reached it. O(r's cells log them). */
void astar__hpa_settle(astar_hpa *h, rect r, uint32_t source, bool backward);

/* The same forward, as A* towards the cell `until` of a cluster of one
 * terrain cost, which stops once `until` is settled: the cells settled
 * by then have their cost and step, the others are unknown. */
void astar__hpa_settle_towards(astar_hpa *h, rect r, uint32_t source, uint32_t until);

/* The least cost of cell (one of r's) as settled last. */
static inline uint32_t settled_cost(const astar_hpa *h, rect r, uint32_t cell)
{
    astar_point p = cell_point(h->grid, cell);
    return h->dist[local_place(r, p)];
}

/* Finds cluster c's entrances and the least costs and ways between them,
 * a Dijkstra per entrance, into a record of its own that replaces the old
 * one only when whole, and marks c REBUILT. ASTAR_OK, or
 * ASTAR_OUT_OF_MEMORY with the old record kept. */
astar_status astar__hpa_rebuild_cluster(astar_hpa *h, uint32_t c);

/* Frees what cluster k holds and empties it. */
void astar__hpa_release_cluster(astar_hpa *h, cluster *k);

/* hpa_graph.c */

/* Rebuilds the stale clusters, then the graph. With inside (no cell
 * edited on a border, so that every entrance, crossing and crossing cost
 * is as it was) and the graph current, in place: the rebuilt clusters'
 * costs and the components; else whole from all the clusters, carrying
 * over the old graph's landmarks when it had them. ASTAR_OK;
 * ASTAR_OUT_OF_MEMORY, or ASTAR_INVALID_ARGUMENT when the graph would
 * pass what a graph holds, with err set and the graph left stale, so
 * that queries answer ASTAR_MAP_CHANGED until a refresh succeeds. */
astar_status astar__hpa_refresh(astar_hpa *h, bool inside, astar_error *err);

/* Catches up with the grid's edits since the hpa last did, read from the
 * grid's feed (astar_grid_edit_cell): the clusters of the cells changed
 * are marked and refreshed; a change of the whole map, or edits the feed
 * no longer lists, mark every cluster. Returns what astar__hpa_refresh
 * returns. */
astar_status astar__hpa_catch_up(astar_hpa *h, astar_error *err);

/* Measures h->landmarks landmarks on the graph (2 Dijkstras over it per
 * landmark). ASTAR_OK or ASTAR_OUT_OF_MEMORY. */
astar_status astar__hpa_enable_landmarks(astar_hpa *h);

/* Frees the graph and the per-node arrays read with it. */
void astar__hpa_release_graph(astar_hpa *h);

#endif
