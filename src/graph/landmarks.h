/* A graph's landmarks (astar/graph.h, astar_graph_enable_landmarks): for
 * each of k landmark nodes L, a lower bound table kept with the graph and
 * read by every A* search on it for H.
 *
 * The tables are potentials: per node v, from[v][i] and to[v][i], where
 * every edge u -> v of cost c has
 *     from[v][i] <= from[u][i] + c      and      to[u][i] <= c + to[v][i]
 * with UNREACHED infinite: a known right side makes the left side known
 * (a node after a reached one is reached), an unknown one bounds nothing.
 * H reads only known values, and along a path between two known ends every
 * value is known, so summed along any path from v to t these give
 *     from[t][i] - from[v][i] <= cost(v, t)  and  to[v][i] - to[t][i] <= cost(v, t),
 * so either difference is an H that never overestimates, and, being a
 * potential's difference, never drops by more than an edge costs: H stays
 * consistent. Exact distances from and to L (what a build gives) are the
 * tightest such tables. An edge that gets dearer, and a node disabled,
 * only loosen the inequalities, so the tables stay as they are; an edge
 * made cheaper is put right by lowering values from it on (lower), which
 * keeps every other inequality. Nodes are treated as enabled throughout,
 * so enabling and disabling one never touches the tables. */
#ifndef ASTAR_GRAPH_LANDMARKS_H
#define ASTAR_GRAPH_LANDMARKS_H

#include <stdint.h>

#include "astar.h"
#include "core/cost.h"
#include "core/memory.h"

#define UNREACHED LANDMARK_UNREACHED

typedef struct graph_landmarks {
    uint32_t count;    /* k */
    uint32_t *node;    /* k landmark nodes */
    /* Per node 2k values: from[0..k), then to[0..k). Each stops at
     * cost.h's LANDMARK_LARGEST: a sum past it is stored as that, which
     * still keeps every inequality (the node's own edges are lowered from
     * it in turn, to at most the same value). Aligned to a cache line in
     * table_block, so that the row of 8 landmarks a search reads per node
     * reached is one line, not two. */
    uint32_t *table;
    void *table_block;
    uint32_t *heap;    /* scratch for lowering: nodes, a binary heap */
    uint32_t *place;   /* scratch: each node's index in heap, or PLACE_NONE
                          (open/place_heap.h) */
} graph_landmarks;

/* The 2k values of node v. */
static inline uint32_t *landmark_row(const graph_landmarks *lm, uint32_t v)
{
    return lm->table + (size_t)v * 2 * lm->count;
}

/* Keeps the tables true after the edge `edge` (an index into out), from
 * `from`, got cheaper: lowers values from there on. O(k (n + e) log n)
 * at worst, for what the change reaches; no allocation. */
void astar__landmarks_lower(astar_graph *g, uint32_t from, uint32_t edge);

/* Gives g, a graph built anew from much of old's (HPA*'s after an edit on
 * a cluster's border), old's landmarks without measuring: node v of g is
 * node old_of[v] of old, UNREACHED for one old lacks. Rows of kept nodes
 * are copied, new nodes start unknown, and every edge old lacked or had
 * dearer is put right as astar__landmarks_lower does after an edit: the
 * tables need no landmark node to bound costs (graph/landmarks.h), so
 * the result keeps every inequality. A landmark node g lacks is
 * UNREACHED in lm->node. ASTAR_OK or ASTAR_OUT_OF_MEMORY (g unchanged). */
astar_status astar__landmarks_carry(astar_graph *g, const astar_graph *old, const uint32_t *old_of);

/* Frees g's landmarks (none is allowed). */
void astar__landmarks_release(astar_graph *g);

#endif
