/* Landmarks for the graph A* (ALT: Goldberg and Harrelson, "Computing the
 * shortest path: A* search meets graph theory", 2005): the tables of
 * graph/landmarks.h, made by a build and kept by astar_graph_set_edge_cost.
 *
 * One routine does both: lowering a column of the table from the nodes
 * whose values just dropped, along the edges whose inequality that breaks,
 * in order of value (Dijkstra's order, so that each node settles once). A
 * build is that routine from the landmark alone, on a column of UNREACHED. */
#include "graph/landmarks.h"

#include <string.h>

#include "graph/graph.h"
#include "open/place_heap.h"

/* One column being lowered: its nodes on a heap keyed by the column
 * itself (open/place_heap.h). */
typedef struct lowering {
    astar_graph *g;
    graph_landmarks *lm;
    uint32_t column;    /* < k: a "from" column, walked along out-edges;
                           else a "to" column, walked along in-edges */
    place_heap heap;
} lowering;

static lowering lowering_of(astar_graph *g, graph_landmarks *lm, uint32_t column)
{
    return (lowering){ g, lm, column,
                       { .items = lm->heap, .place = lm->place, .keys = lm->table + column,
                         .stride = 2 * (size_t)lm->count } };
}

/* Lowers v's value to what an edge of cost c from a node of value x
 * allows, if that is lower, and queues it. */
static void relax(lowering *w, uint32_t v, uint32_t x, uint32_t c)
{
    uint64_t sum = (uint64_t)x + c;
    uint32_t allowed = sum < LANDMARK_LARGEST ? (uint32_t)sum : LANDMARK_LARGEST;
    uint32_t *value = &landmark_row(w->lm, v)[w->column];
    if (allowed < *value) {
        *value = allowed;
        place_heap_lowered(&w->heap, v);
    }
}

/* Empties the heap, lowering values along the edges of each node taken. */
static void settle(lowering *w)
{
    astar_graph *g = w->g;
    bool forward = w->column < w->lm->count;
    while (w->heap.size > 0) {
        uint32_t v = place_heap_pop(&w->heap);
        uint32_t x = landmark_row(w->lm, v)[w->column];
        if (forward) {
            for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++)
                relax(w, g->out[e].to, x, g->out[e].cost);
        } else {
            for (uint32_t i = g->back_first[v]; i < g->back_first[v + 1]; i++) {
                uint32_t e = g->back_edge[i];
                /* A re-aimed edge (astar__graph_aim_edge) leaves its old
                 * target's backward row behind: it leads elsewhere now. */
                if (g->out[e].to == v)
                    relax(w, g->back_from[i], x, g->out[e].cost);
            }
        }
    }
}

/* Lowers column `column` from node v on, as an edge of cost c from a
 * node of value x (UNREACHED: nothing to lower) allows. */
static void lower_from(astar_graph *g, graph_landmarks *lm, uint32_t column, uint32_t v,
                       uint32_t x, uint32_t c)
{
    if (x == UNREACHED)
        return;
    lowering w = lowering_of(g, lm, column);
    relax(&w, v, x, c);
    settle(&w);
}

/* Column `column` of lm made exact distances from (or to) node l. */
static void measure(astar_graph *g, graph_landmarks *lm, uint32_t column, uint32_t l)
{
    for (uint32_t v = 0; v < g->nodes; v++)
        landmark_row(lm, v)[column] = UNREACHED;
    lower_from(g, lm, column, l, 0, 0);
}

void astar__landmarks_lower(astar_graph *g, uint32_t from, uint32_t edge)
{
    graph_landmarks *lm = g->landmarks;
    uint32_t to = g->out[edge].to, cost = g->out[edge].cost, k = lm->count;
    for (uint32_t i = 0; i < k; i++) {
        lower_from(g, lm, i, to, landmark_row(lm, from)[i], cost);
        lower_from(g, lm, k + i, from, landmark_row(lm, to)[k + i], cost);
    }
}

/* Whether node v may be a landmark: it has an edge out and an edge in (a
 * node that only starts or only ends edges bounds nothing one way). */
static bool candidate(const astar_graph *g, uint32_t v)
{
    if (g->first[v] == g->first[v + 1])
        return false;
    for (uint32_t i = g->back_first[v]; i < g->back_first[v + 1]; i++)
        if (g->out[g->back_edge[i]].to == v)
            return true;
    return false;
}

/* The candidate farthest from the first `chosen` landmarks: the largest
 * of its least "from" values (UNREACHED, another part of the graph, the
 * largest of all), the lowest node of equals; UNREACHED when none is
 * left. */
static uint32_t farthest(const astar_graph *g, const graph_landmarks *lm, uint32_t chosen)
{
    uint32_t best = UNREACHED, best_value = 0;
    for (uint32_t v = 0; v < g->nodes; v++) {
        if (!candidate(g, v))
            continue;
        const uint32_t *row = landmark_row(lm, v);
        uint32_t least = UNREACHED;
        bool taken = false;
        for (uint32_t i = 0; i < chosen; i++) {
            taken = taken || lm->node[i] == v;
            least = row[i] < least ? row[i] : least;
        }
        if (!taken && (best == UNREACHED || least > best_value)) {
            best = v;
            best_value = least;
        }
    }
    return best;
}

static void release(const astar_allocator *memory, graph_landmarks *lm)
{
    if (!lm)
        return;
    astar__release(memory, lm->node);
    astar__release(memory, lm->table_block);
    astar__release(memory, lm->heap);
    astar__release(memory, lm->place);
    astar__release(memory, lm);
}

void astar__landmarks_release(astar_graph *g)
{
    release(&g->memory, g->landmarks);
    g->landmarks = NULL;
}

/* Room for count landmarks of g, the heap empty; NULL when out of memory. */
static graph_landmarks *landmarks_new(const astar_graph *g, uint32_t count)
{
    const astar_allocator *memory = &g->memory;
    graph_landmarks *lm = astar__allocate(memory, 1, sizeof *lm);
    if (lm) {
        *lm = (graph_landmarks){
            .count = count,
            .node = astar__allocate(memory, count, sizeof *lm->node),
            .table_block = astar__allocate(memory, (size_t)g->nodes * 2 * count +
                                                       CACHE_LINE / sizeof *lm->table,
                                           sizeof *lm->table),
            .heap = astar__allocate(memory, g->nodes, sizeof *lm->heap),
            .place = astar__allocate(memory, g->nodes, sizeof *lm->place),
        };
    }
    if (!lm || !lm->node || !lm->table_block || !lm->heap || !lm->place) {
        release(memory, lm);
        return NULL;
    }
    lm->table = astar__line_aligned(lm->table_block);
    memset(lm->place, 0xff, (size_t)g->nodes * sizeof *lm->place); /* PLACE_NONE */
    return lm;
}

/* g's landmarks now lm, `chosen` of them: an edit. */
static void install(astar_graph *g, graph_landmarks *lm, uint32_t chosen)
{
    astar__landmarks_release(g);
    g->landmarks = lm;
    g->landmark_count = chosen;
    g->edits++;
}

/* The cost of the edge from u to v in g, or UNREACHED when it has none. */
static uint32_t edge_cost(const astar_graph *g, uint32_t u, uint32_t v)
{
    uint32_t e = graph_find_edge(g, u, v);
    return e == UINT32_MAX ? UNREACHED : g->out[e].cost;
}

astar_status astar__landmarks_carry(astar_graph *g, const astar_graph *old, const uint32_t *old_of)
{
    const graph_landmarks *was = old->landmarks;
    uint32_t k = was->count;
    graph_landmarks *lm = landmarks_new(g, k);
    if (!lm)
        return ASTAR_OUT_OF_MEMORY;
    for (uint32_t v = 0; v < g->nodes; v++) {
        uint32_t *row = landmark_row(lm, v);
        if (old_of[v] != UNREACHED)
            memcpy(row, landmark_row(was, old_of[v]), 2 * (size_t)k * sizeof *row);
        else
            memset(row, 0xff, 2 * (size_t)k * sizeof *row);
    }
    for (uint32_t i = 0; i < k; i++) {
        lm->node[i] = UNREACHED;
        for (uint32_t v = 0; v < g->nodes && i < old->landmark_count; v++)
            if (old_of[v] == was->node[i])
                lm->node[i] = v;
    }
    install(g, lm, old->landmark_count);
    /* The rows kept their inequalities along every edge the old graph had
     * at the same cost or dearer; the others are put right as edits. */
    for (uint32_t u = 0; u < g->nodes; u++)
        for (uint32_t e = g->first[u]; e < g->first[u + 1]; e++) {
            uint32_t ou = old_of[u], ov = old_of[g->out[e].to];
            if (ou == UNREACHED || ov == UNREACHED || edge_cost(old, ou, ov) > g->out[e].cost)
                astar__landmarks_lower(g, u, e);
        }
    return ASTAR_OK;
}

astar_status astar_graph_enable_landmarks(astar_graph *g, uint32_t count)
{
    if (!g || count < 1 || count > ASTAR_GRAPH_MAX_LANDMARKS)
        return ASTAR_INVALID_ARGUMENT;
    graph_landmarks *lm = landmarks_new(g, count);
    if (!lm)
        return ASTAR_OUT_OF_MEMORY;
    /* The first landmark is the candidate farthest from the first
     * candidate; each next one the farthest from those chosen. */
    uint32_t chosen = 0, seed = 0;
    while (seed < g->nodes && !candidate(g, seed))
        seed++;
    if (seed < g->nodes) {
        measure(g, lm, 0, seed);
        lm->node[0] = seed;
        uint32_t first = farthest(g, lm, 1);
        lm->node[0] = first = first == UNREACHED ? seed : first;
        measure(g, lm, 0, first);
        measure(g, lm, count, first);
        for (chosen = 1; chosen < count; chosen++) {
            uint32_t next = farthest(g, lm, chosen);
            if (next == UNREACHED)
                break;
            lm->node[chosen] = next;
            measure(g, lm, chosen, next);
            measure(g, lm, count + chosen, next);
        }
    }
    /* Fewer candidates than asked for: the table keeps its width, the
     * columns past the last landmark stay UNREACHED and bound nothing. */
    for (uint32_t i = chosen; i < count; i++)
        for (uint32_t v = 0; v < g->nodes; v++)
            landmark_row(lm, v)[i] = landmark_row(lm, v)[count + i] = UNREACHED;
    install(g, lm, chosen);
    return ASTAR_OK;
}

void astar_graph_disable_landmarks(astar_graph *g)
{
    if (g && g->landmarks) {
        astar__landmarks_release(g);
        g->landmark_count = 0;
        g->edits++;
    }
}

uint32_t astar_graph_landmark_count(const astar_graph *g)
{
    return g ? g->landmark_count : 0;
}

astar_status astar_graph_landmark(const astar_graph *g, uint32_t i, uint32_t *node)
{
    if (!g || !node || i >= g->landmark_count)
        return ASTAR_INVALID_ARGUMENT;
    *node = g->landmarks->node[i];
    return *node == UNREACHED ? ASTAR_NO_PATH : ASTAR_OK;
}

size_t astar_graph_landmarks_bytes(const astar_graph *g)
{
    if (!g || !g->landmarks)
        return 0;
    size_t k = g->landmarks->count;
    return sizeof *g->landmarks + k * sizeof(uint32_t) +
           (size_t)g->nodes * (2 * k + 2) * sizeof(uint32_t);
}
