/* HPA*'s abstract graph (graph/hpa.h): an astar_graph over every
 * cluster's entrance cells, built from what the clusters keep (their
 * searches are hpa_cluster.c's), with the components that answer "no
 * path" before a search and the landmarks that aim it. It is rebuilt
 * whole when a cluster's nodes change, since its rows are numbered by
 * cluster, and updated in place when only costs inside clusters do; a
 * new graph replaces the old only once it is whole. Its last nodes are a
 * query's spliced START, GOAL and SPARE (graph/splice.h), aimed by
 * hpa_query.c. */
#include "graph/hpa.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "graph/landmarks.h"
#include "graph/splice.h"

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
            size_t n = astar__hpa_border_pairs(h, c, south, h->pairs);
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

void astar__hpa_release_graph(astar_hpa *h)
{
    graph_parts parts = { h->graph, h->ctx, h->node_at, h->component, h->route };
    release_parts(h, &parts);
}

static astar_status build_parts(astar_hpa *h, graph_parts *p, uint32_t nodes)
{
    uint32_t n = nodes, all = nodes + SPLICE_NODES;
    p->node_at = astar__allocate(&h->memory, n ? n : 1, sizeof *p->node_at);
    p->component = astar__allocate(&h->memory, n ? n : 1, sizeof *p->component);
    p->route = astar__allocate(&h->memory, all, sizeof *p->route);
    astar_graph_builder *b = NULL;
    astar_status status = ASTAR_OUT_OF_MEMORY;
    if (p->node_at && p->component && p->route &&
        astar_graph_context_new_with(all, &h->memory, &p->ctx) == ASTAR_OK &&
        astar_graph_builder_new_with(all, ASTAR_GRAPH_DIRECTED, &h->memory, &b) == ASTAR_OK) {
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
        if (status == ASTAR_OK)
            status = add_edges(h, b);
        /* START's row is as long as the most nodes a start can be joined
         * to: those of its cluster, and GOAL. */
        if (status == ASTAR_OK)
            status = astar__splice_add(b, n, h->widest);
        if (status == ASTAR_OK)
            status = astar__splice_build(b, n, &p->graph, NULL);
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
    uint32_t *spare = landmark_row(lm, splice_spare(h->nodes));
    for (uint32_t i = 0; i < lm->count; i++) {
        spare[i] = 0;
        spare[lm->count + i] = UNREACHED;
    }
}

astar_status astar__hpa_enable_landmarks(astar_hpa *h)
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
    uint32_t *old_of = astar__allocate(&h->memory, (size_t)h->nodes + SPLICE_NODES, sizeof *old_of);
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
    for (uint32_t v = h->nodes; v < h->nodes + SPLICE_NODES; v++)
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

astar_status astar__hpa_refresh(astar_hpa *h, bool inside, astar_error *err)
{
    bool in_place = inside && h->graph != NULL && !h->graph_stale;
    h->graph_stale = true;
    for (uint32_t c = 0; c < cluster_count(h); c++)
        if (h->stale[c] == STALE && astar__hpa_rebuild_cluster(h, c) != ASTAR_OK)
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
    if (nodes > ASTAR_GRAPH_MAX_NODES - SPLICE_NODES) {
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
    astar__splice_reset(h->graph, h->nodes);
    h->goal_aimed = false;
    if (h->landmarks)
        status = old_first ? carry_landmarks(h, old.graph, old_first, old.node_at)
                           : astar__hpa_enable_landmarks(h);
    release_parts(h, &old);
    astar__release(&h->memory, old_first);
    if (status != ASTAR_OK)
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    memset(h->stale, CURRENT, cluster_count(h));
    h->graph_stale = false;
    h->grid_edits = h->grid->edits;
    return ASTAR_OK;
}
