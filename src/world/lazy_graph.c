/* Lazy distance tables over a graph (world/lazy_graph.h). */
#include <string.h>

#include "astar/dijkstra.h"
#include "core/cost.h"
#include "core/memory.h"
#include "graph/graph.h"
#include "world/lazy_graph.h"
#include "world/lazy_open.h"

#define NONE UINT32_MAX
enum {
    PAGE_BITS = 8,
    PAGE_NODES = 1 << PAGE_BITS,
    /* the costs, then one closed bit per node */
    PAGE_WORDS = PAGE_NODES + PAGE_NODES / 32
};

typedef struct graph_table {
    uint32_t goal;          /* NONE: no goal */
    node_h_model h;         /* the estimate towards the focus (scale 0: none) */
    uint32_t **page;        /* per page of nodes, NULL until reached */
    lazy_list open;         /* a heap; an entry whose node has since been
                               bettered or closed is dropped when it comes up */
    bool seeded;            /* the goal is on the open list or the search is spent */
} graph_table;

struct lazy_graph {
    astar_allocator memory;
    const astar_graph *graph;
    size_t pages;
    graph_table *table;
    size_t count;
    uint64_t edits;         /* the graph's edits the tables are current with */
    astar_status status;
};

astar_status astar__lazy_graph_new(const astar_graph *graph, size_t count,
                                   const astar_allocator *memory, lazy_graph **out)
{
    *out = NULL;
    lazy_graph *set = astar__allocate_zeroed(memory, 1, sizeof *set);
    if (!set)
        return ASTAR_OUT_OF_MEMORY;
    set->memory = *memory;
    set->graph = graph;
    set->pages = ((size_t)graph->nodes + PAGE_NODES - 1) / PAGE_NODES;
    set->edits = graph->edits;
    set->count = count;
    set->table = astar__allocate_zeroed(memory, count, sizeof *set->table);
    for (size_t t = 0; set->table && t < count; t++) {
        set->table[t].goal = NONE;
        set->table[t].page = astar__allocate_zeroed(memory, set->pages, sizeof(uint32_t *));
        if (!set->table[t].page) {
            astar__lazy_graph_delete(set);
            return ASTAR_OUT_OF_MEMORY;
        }
    }
    if (!set->table) {
        astar__lazy_graph_delete(set);
        return ASTAR_OUT_OF_MEMORY;
    }
    *out = set;
    return ASTAR_OK;
}

/* Gives back what t's search reached: its pages and open entries. */
static void put_back(lazy_graph *s, graph_table *t)
{
    for (size_t i = 0; t->page && i < s->pages; i++) {
        astar__release(&s->memory, t->page[i]);
        t->page[i] = NULL;
    }
    t->open.count = 0;
    t->seeded = false;
}

void astar__lazy_graph_delete(lazy_graph *set)
{
    if (!set)
        return;
    for (size_t t = 0; set->table && t < set->count; t++) {
        put_back(set, &set->table[t]);
        astar__release(&set->memory, set->table[t].page);
        astar__release(&set->memory, set->table[t].open.at);
    }
    astar__release(&set->memory, set->table);
    astar__release(&set->memory, set);
}

size_t astar__lazy_graph_bytes(const lazy_graph *set)
{
    size_t bytes = sizeof *set + set->count * (sizeof(graph_table) + set->pages * sizeof(uint32_t *));
    for (size_t t = 0; t < set->count; t++) {
        const graph_table *table = &set->table[t];
        bytes += table->open.capacity * sizeof(lazy_open);
        for (size_t i = 0; i < set->pages; i++)
            bytes += table->page[i] ? PAGE_WORDS * sizeof(uint32_t) : 0;
    }
    return bytes;
}

void astar__lazy_graph_target(lazy_graph *set, uint32_t table, uint32_t goal, uint32_t focus)
{
    graph_table *t = &set->table[table];
    const astar_graph *g = set->graph;
    put_back(set, t);
    t->goal = goal;
    t->h = (node_h_model){ 0 };
    /* The graph's estimate between a node and the focus: the scale rule
     * keeps it below every path and consistent, so a node closed holds its
     * least cost, as Dijkstra's would. */
    if (graph_placed(g) && g->scale > 0)
        t->h = (node_h_model){ .xy32 = g->xy32,
                               .xy = g->xy,
                               .target_x = graph_coordinate(g, 2 * (size_t)focus),
                               .target_y = graph_coordinate(g, 2 * (size_t)focus + 1),
                               .scale = g->scale,
                               .metric = g->metric };
}

/* Node v's page in t, allocated (every node unreached, none closed) if
 * need be; NULL when out of memory. */
static uint32_t *page_for(lazy_graph *s, graph_table *t, uint32_t v)
{
    uint32_t **entry = &t->page[v >> PAGE_BITS];
    if (!*entry) {
        *entry = astar__allocate(&s->memory, PAGE_WORDS, sizeof(uint32_t));
        if (!*entry)
            return NULL;
        memset(*entry, 0xff, PAGE_NODES * sizeof(uint32_t));
        memset(*entry + PAGE_NODES, 0, (PAGE_WORDS - PAGE_NODES) * sizeof(uint32_t));
    }
    return *entry;
}

static bool closed(const uint32_t *page, uint32_t v)
{
    unsigned off = v & (PAGE_NODES - 1);
    return page[PAGE_NODES + off / 32] >> (off % 32) & 1u;
}

/* The goal on the open list at 0, or nothing when it is disabled. */
static bool seed(lazy_graph *s, graph_table *t)
{
    if (s->graph->enabled[t->goal]) {
        uint32_t *p = page_for(s, t, t->goal);
        if (!p || !lazy_list_room(&s->memory, &t->open, 1))
            return false;
        p[t->goal & (PAGE_NODES - 1)] = 0;
        lazy_heap_push(&t->open, (lazy_open){ .f = cost_node_h(&t->h, WEIGHT_ONE, t->goal),
                                              .g = 0, .where = t->goal });
    }
    t->seeded = true;
    return true;
}

/* One step of t's search: 1 when it went on, 0 when it is spent, -1 when
 * memory ran out (t as it was: the room is had before anything changes).
 * Backwards along the edges into the node closed: the edge w -> u costs
 * what a unit on w pays to step onto u. */
static int advance(lazy_graph *s, graph_table *t)
{
    const astar_graph *g = s->graph;
    if (t->open.count == 0)
        return 0;
    lazy_open key = t->open.at[0];
    uint32_t u = key.where, *p = t->page[u >> PAGE_BITS];
    unsigned off = u & (PAGE_NODES - 1);
    if (closed(p, u) || key.g > p[off]) {
        lazy_heap_pop(&t->open);
        return 1;
    }
    uint32_t first = g->back_first[u], last = g->back_first[u + 1];
    if (!lazy_list_room(&s->memory, &t->open, last - first))
        return -1;
    for (uint32_t k = first; k < last; k++)
        if (g->enabled[g->back_from[k]] && !page_for(s, t, g->back_from[k]))
            return -1;
    lazy_heap_pop(&t->open);
    p[PAGE_NODES + off / 32] |= 1u << (off % 32);
    for (uint32_t k = first; k < last; k++) {
        uint32_t w = g->back_from[k];
        const graph_edge *e = &g->out[g->back_edge[k]];
        /* An entry whose edge now leads elsewhere (graph/graph.h) is none. */
        if (e->to != u || !g->enabled[w])
            continue;
        uint64_t to = (uint64_t)key.g + e->cost;
        if (to > ASTAR_MAX_COST - 1) {
            if (s->status == ASTAR_OK)
                s->status = ASTAR_COST_OVERFLOW;
            continue;
        }
        uint32_t *q = t->page[w >> PAGE_BITS];
        if (closed(q, w) || to >= q[w & (PAGE_NODES - 1)])
            continue;
        q[w & (PAGE_NODES - 1)] = (uint32_t)to;
        lazy_heap_push(&t->open, (lazy_open){ .f = to + cost_node_h(&t->h, WEIGHT_ONE, w),
                                              .g = (uint32_t)to, .where = w });
    }
    return 1;
}

/* Resumes t's search until node is closed - or only reached, when
 * `reached` - and returns its cost, or ASTAR_UNREACHABLE when the search
 * is spent without it (or memory ran out, noted). */
static uint32_t resume(lazy_graph *s, uint32_t table, uint32_t node, bool reached)
{
    graph_table *t = &s->table[table];
    if (t->goal == NONE || node >= s->graph->nodes)
        return ASTAR_UNREACHABLE;
    if (!t->seeded && !seed(s, t)) {
        s->status = ASTAR_OUT_OF_MEMORY;
        return ASTAR_UNREACHABLE;
    }
    unsigned off = node & (PAGE_NODES - 1);
    const uint32_t *p = t->page[node >> PAGE_BITS];
    while (!p || (reached ? p[off] == ASTAR_UNREACHABLE : !closed(p, node))) {
        int went = advance(s, t);
        if (went <= 0) {
            if (went < 0)
                s->status = ASTAR_OUT_OF_MEMORY;
            return ASTAR_UNREACHABLE;
        }
        p = t->page[node >> PAGE_BITS];
    }
    return p[off];
}

uint32_t astar__lazy_graph_distance(lazy_graph *set, uint32_t table, uint32_t node)
{
    return resume(set, table, node, false);
}

uint32_t astar__lazy_graph_potential(lazy_graph *set, uint32_t table, uint32_t node)
{
    return resume(set, table, node, true);
}

void astar__lazy_graph_catch_up(lazy_graph *set)
{
    if (set->graph->edits == set->edits)
        return;
    set->edits = set->graph->edits;
    for (size_t t = 0; t < set->count; t++)
        put_back(set, &set->table[t]);
}

astar_status astar__lazy_graph_status(lazy_graph *set)
{
    astar_status s = set->status;
    set->status = ASTAR_OK;
    return s;
}

uint32_t astar__lazy_graph_step_cost(const lazy_graph *set, uint32_t from, uint32_t to)
{
    return set->graph->out[graph_find_edge(set->graph, from, to)].cost;
}
