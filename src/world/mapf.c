/* LaCAM (Okumura, AAAI 2023): a depth-first search over configurations
 * whose successors the crowd's PIBT makes, under lazily grown constraint
 * trees. docs/design.md, "Crowds", says why; include/astar/mapf.h what it
 * promises. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "astar/mapf.h"
#include "astar/grid.h"
#include "core/hex.h"
#include "core/memory.h"
#include "graph/graph.h"
#include "world/crowd_plan.h"
#include "world/scatter.h"

#define NONE UINT32_MAX
/* Successors between two readings of the clock: a reading costs about as
 * much as a small successor. */
enum { CLOCK_EVERY = 64, FIRST_CAPACITY = 64 };
/* The scatter's margin, in straight steps (a graph's cheapest edges):
 * LaCAM3's default. */
enum { SCATTER_STEPS = 10 };
/* uint32_t a block of configurations holds at least (1 MiB): blocks are
 * never moved, so a configuration's cells stay where they are. */
enum { BLOCK_WORDS = 1 << 18 };

/* A configuration met by the search, with its lazy constraint tree: the
 * constraints not yet tried, first to try at head, linked by next. */
typedef struct mapf_node {
    uint64_t hash;
    uint32_t *data;   /* n cells, then n priorities, then the n agents in
                         priority order */
    uint64_t g, h;    /* the loss from the starts along parents, and a bound
                         on the loss to the goals (LaCAM*) */
    uint32_t parent;  /* the configuration it was generated from, or the
                         cheapest found since (LaCAM*); NONE at the starts */
    uint32_t head, tail;
    uint32_t edges;   /* refining: the successors generated from it, a list
                         through mapf_edge.next */
} mapf_node;

typedef struct mapf_edge {
    uint32_t to, next;
} mapf_edge;

/* "unit goes to cell", on top of parent's constraints: depth of them. */
typedef struct mapf_constraint {
    uint32_t parent, unit, cell, depth, next;
} mapf_constraint;

struct astar_mapf {
    astar_allocator memory;
    astar_mapf_options options;
    astar_crowd *crowd;
    scatter *ways;     /* options.scatter: the agents' ways, once planned */
    size_t scatter_rounds, scatter_collisions;
    double scatter_seconds;
    uint32_t margin;   /* their margin over the shortest, in table costs */
    uint32_t n, width;  /* width: a grid's, 0 for a graph's nodes */
    uint32_t *goal;    /* per agent, its goal cell */
    uint32_t *rank;    /* ties' order: farthest from its goal at the start first */
    uint32_t *fixed, *onto, *next; /* one successor's constraints and cells */
    mapf_node *nodes;
    size_t node_count, node_capacity;
    mapf_constraint *constraints;
    size_t constraint_count, constraint_capacity;
    uint32_t *open;    /* the depth-first stack of configurations */
    size_t open_count, open_capacity;
    mapf_edge *edges;  /* refining: every successor generated, once */
    size_t edge_count, edge_capacity;
    uint32_t *queue;   /* refining: configurations whose loss fell */
    size_t queue_capacity;
    uint32_t step_most; /* the most a step costs on a distance map: the
                           bound h divides by */
    uint32_t *table;   /* explored: open addressing on the hash, node or NONE */
    size_t table_size;
    uint32_t **blocks;
    size_t block_count, block_capacity, block_used, block_words;
    uint64_t random;
    astar_status state; /* ASTAR_IN_PROGRESS until an answer, then it */
    uint32_t solved;   /* the configuration of goals, once found */
    bool optimal;
    size_t makespan, sum_of_costs, generated, failed, revisited;
};

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

astar_mapf_options astar_mapf_options_default(void)
{
    return (astar_mapf_options){ .moves = ASTAR_MOVES_4, .costs = ASTAR_COSTS_ARTICLE, .seed = 1,
                                 .scatter = true };
}

/* array (count items of size bytes, capacity of them) with room for need;
 * NULL, array kept, when it cannot grow. Doubling keeps the copies to
 * twice the final size. */
static void *grow(const astar_allocator *memory, void *array, size_t *capacity, size_t size,
                  size_t need)
{
    if (need <= *capacity)
        return array;
    size_t cap = *capacity ? *capacity : FIRST_CAPACITY;
    while (cap < need)
        cap *= 2;
    void *bigger = astar__allocate(memory, cap, size);
    if (!bigger)
        return NULL;
    if (*capacity)
        memcpy(bigger, array, *capacity * size);
    astar__release(memory, array);
    *capacity = cap;
    return bigger;
}

static uint64_t hash_cells(const uint32_t *cells, uint32_t n)
{
    uint64_t h = 0x243f6a8885a308d3u;
    for (uint32_t i = 0; i < n; i++) {
        h ^= cells[i];
        h *= 0x9e3779b97f4a7c15u;
        h ^= h >> 29;
    }
    return h;
}

/* The node holding cells, or NONE; *slot the table's slot for it either way. */
static uint32_t find(const astar_mapf *m, const uint32_t *cells, uint64_t hash, size_t *slot)
{
    size_t mask = m->table_size - 1, i = (size_t)hash & mask;
    for (; m->table[i] != NONE; i = (i + 1) & mask) {
        const mapf_node *node = &m->nodes[m->table[i]];
        if (node->hash == hash && memcmp(node->data, cells, m->n * sizeof *cells) == 0)
            break;
    }
    *slot = i;
    return m->table[i];
}

/* Keeps the table at most half full, so that a probe ends soon. */
static bool table_room(astar_mapf *m)
{
    if (2 * (m->node_count + 1) <= m->table_size)
        return true;
    size_t size = m->table_size ? 2 * m->table_size : 2 * FIRST_CAPACITY;
    uint32_t *table = astar__allocate(&m->memory, size, sizeof *table);
    if (!table)
        return false;
    for (size_t i = 0; i < size; i++)
        table[i] = NONE;
    for (size_t k = 0; k < m->node_count; k++) {
        size_t i = (size_t)m->nodes[k].hash & (size - 1);
        while (table[i] != NONE)
            i = (i + 1) & (size - 1);
        table[i] = (uint32_t)k;
    }
    astar__release(&m->memory, m->table);
    m->table = table;
    m->table_size = size;
    return true;
}

/* Room for one configuration's 3 n words, from the current block or a new one. */
static uint32_t *take_words(astar_mapf *m)
{
    size_t words = 3 * (size_t)m->n;
    if (m->block_count == 0 || m->block_used + words > m->block_words) {
        uint32_t **blocks = grow(&m->memory, m->blocks, &m->block_capacity, sizeof *blocks,
                                 m->block_count + 1);
        if (!blocks)
            return NULL;
        m->blocks = blocks;
        uint32_t *block = astar__allocate(&m->memory, m->block_words, sizeof *block);
        if (!block)
            return NULL;
        m->blocks[m->block_count++] = block;
        m->block_used = 0;
    }
    uint32_t *at = m->blocks[m->block_count - 1] + m->block_used;
    m->block_used += words;
    return at;
}

static bool push_open(astar_mapf *m, uint32_t node)
{
    uint32_t *open = grow(&m->memory, m->open, &m->open_capacity, sizeof *open,
                          m->open_count + 1);
    if (!open)
        return false;
    m->open = open;
    m->open[m->open_count++] = node;
    return true;
}

/* Appends "unit goes to cell" under parent to node's untried constraints. */
static bool add_constraint(astar_mapf *m, uint32_t node, uint32_t parent, uint32_t unit,
                           uint32_t cell, uint32_t depth)
{
    mapf_constraint *c = grow(&m->memory, m->constraints, &m->constraint_capacity, sizeof *c,
                              m->constraint_count + 1);
    if (!c || m->constraint_count >= NONE)
        return false;
    m->constraints = c;
    uint32_t k = (uint32_t)m->constraint_count++;
    c[k] = (mapf_constraint){ .parent = parent, .unit = unit, .cell = cell, .depth = depth,
                              .next = NONE };
    mapf_node *x = &m->nodes[node];
    if (x->tail == NONE)
        x->head = k;
    else
        c[x->tail].next = k;
    x->tail = k;
    return true;
}

/* PIBT's priorities for a configuration made from parent's (NONE for the
 * starts), the crowd's rule: an agent off its goal gains one a step, one
 * that has just left its goal has one, one on its goal none; the order is
 * by priority, ties in rank's order. Kept without a sort as the crowd
 * does: those that gained keep their order from the parent. Returns the
 * agents on their goals. */
static uint32_t prioritise(const astar_mapf *m, uint32_t parent, uint32_t *data)
{
    uint32_t n = m->n, *elapsed = data + n, *order = data + 2 * n, k = 0, arrived = 0;
    const uint32_t *was = parent == NONE ? NULL : m->nodes[parent].data + n;
    for (uint32_t i = 0; i < n; i++) {
        bool there = data[i] == m->goal[i];
        arrived += there;
        elapsed[i] = there ? 0 : was && was[i] > 0 ? was[i] + (was[i] < NONE - 1) : 1;
    }
    if (was)
        for (uint32_t j = 0; j < n; j++) {
            uint32_t u = was[n + j];
            if (elapsed[u] > 1)
                order[k++] = u;
        }
    for (int group = 1; group >= 0; group--)
        for (uint32_t r = 0; r < n; r++)
            if (elapsed[m->rank[r]] == (uint32_t)group)
                order[k++] = m->rank[r];
    return arrived;
}

/* The loss of a step from configuration `from` to cells: the agents not
 * staying on their goals (LaCAM*'s sum of costs: an agent pays for each
 * step until it rests on its goal, and again if it leaves it). */
static uint64_t loss(const astar_mapf *m, uint32_t from, const uint32_t *cells)
{
    const uint32_t *was = m->nodes[from].data;
    uint64_t sum = 0;
    for (uint32_t i = 0; i < m->n; i++)
        sum += !(was[i] == m->goal[i] && cells[i] == m->goal[i]);
    return sum;
}

/* A lower bound on the loss from cells to the goals: each agent's steps
 * at least its map's cost over the dearest step. Exact with 4 moves and
 * terrain 1 (the benchmark's); only refining reads it. */
static uint64_t bound(const astar_mapf *m, const uint32_t *cells)
{
    uint64_t sum = 0;
    for (uint32_t i = 0; i < m->n; i++)
        sum += astar__crowd_cost(m->crowd, i, cells[i]) / m->step_most;
    return sum;
}

/* Refining: whether configuration k could still lead to a plan of less
 * loss than the one found. Without a plan, or not refining, always. */
static bool worth(const astar_mapf *m, uint32_t k)
{
    return m->solved == NONE || m->solved == k ||
           m->nodes[k].g + m->nodes[k].h < m->nodes[m->solved].g;
}

/* Refining: remembers that `to` is a successor of `from`, so that a
 * cheaper way to `from` found later is passed on to `to`. */
static bool add_edge(astar_mapf *m, uint32_t from, uint32_t to)
{
    if (!m->options.refine)
        return true;
    mapf_edge *e = grow(&m->memory, m->edges, &m->edge_capacity, sizeof *e, m->edge_count + 1);
    if (!e || m->edge_count >= NONE)
        return false;
    m->edges = e;
    uint32_t k = (uint32_t)m->edge_count++;
    e[k] = (mapf_edge){ .to = to, .next = m->nodes[from].edges };
    m->nodes[from].edges = k;
    return true;
}

/* LaCAM*'s rewiring: a cheaper way to `from` (or an edge just added from
 * it) lowers the loss of the configurations reached from it, passed on
 * breadth first until nothing falls; each whose loss fell is reparented
 * and, if it could still lead to a cheaper plan, searched again. Loss
 * only falls along parents, so they never close a loop. */
static bool rewire(astar_mapf *m, uint32_t from)
{
    size_t count = 0;
    uint32_t *queue = grow(&m->memory, m->queue, &m->queue_capacity, sizeof *queue, 1);
    if (!queue)
        return false;
    m->queue = queue;
    m->queue[count++] = from;
    for (size_t q = 0; q < count; q++) {
        uint32_t n = m->queue[q];
        for (uint32_t e = m->nodes[n].edges; e != NONE; e = m->edges[e].next) {
            uint32_t to = m->edges[e].to;
            uint64_t g = m->nodes[n].g + loss(m, n, m->nodes[to].data);
            if (g >= m->nodes[to].g)
                continue;
            m->nodes[to].g = g;
            m->nodes[to].parent = n;
            queue = grow(&m->memory, m->queue, &m->queue_capacity, sizeof *queue, count + 1);
            if (!queue)
                return false;
            m->queue = queue;
            m->queue[count++] = to;
            if (to != m->solved && worth(m, to) && !push_open(m, to))
                return false;
        }
    }
    return true;
}

/* Keeps configuration cells, reached from parent, on top of the stack with
 * its constraint tree's root; its index in *made. */
static astar_status keep(astar_mapf *m, uint32_t parent, const uint32_t *cells, uint64_t hash,
                         size_t slot, uint32_t *made)
{
    if ((m->options.max_nodes && m->node_count >= m->options.max_nodes) ||
        m->node_count >= NONE - 1)
        return ASTAR_EXPANSION_LIMIT;
    mapf_node *nodes = grow(&m->memory, m->nodes, &m->node_capacity, sizeof *nodes,
                            m->node_count + 1);
    if (!nodes)
        return ASTAR_OUT_OF_MEMORY;
    m->nodes = nodes;
    uint32_t *data = take_words(m);
    if (!data)
        return ASTAR_OUT_OF_MEMORY;
    /* The table grows before the node is counted, which moves slot. */
    size_t before = m->table_size;
    if (!table_room(m))
        return ASTAR_OUT_OF_MEMORY;
    if (m->table_size != before)
        (void)find(m, cells, hash, &slot);
    uint32_t k = (uint32_t)m->node_count++;
    memcpy(data, cells, m->n * sizeof *cells);
    mapf_node *x = &m->nodes[k];
    *x = (mapf_node){ .hash = hash, .data = data, .parent = parent,
                      .g = parent == NONE ? 0 : m->nodes[parent].g + loss(m, parent, data),
                      .h = bound(m, data), .head = NONE, .tail = NONE, .edges = NONE };
    m->table[slot] = k;
    uint32_t arrived = prioritise(m, parent, data);
    if (!add_constraint(m, k, NONE, NONE, NONE, 0) || (parent != NONE && !add_edge(m, parent, k)) ||
        (worth(m, k) && !push_open(m, k)))
        return ASTAR_OUT_OF_MEMORY;
    *made = k;
    if (arrived == m->n) {
        m->solved = k;
        return ASTAR_OK;
    }
    return ASTAR_IN_PROGRESS;
}

/* The top configuration's next constraint: its children (the next agent
 * in priority order to each of its cells, in a random order) join the
 * tree, and PIBT makes a successor that keeps it. */
static astar_status expand_top(astar_mapf *m)
{
    uint32_t top;
    for (;;) {
        if (m->open_count == 0)
            return ASTAR_NO_PATH;
        top = m->open[m->open_count - 1];
        /* The plan's own configuration needs no successors. */
        if (m->nodes[top].head != NONE && top != m->solved && worth(m, top))
            break;
        m->open_count--;
    }
    mapf_node *x = &m->nodes[top];
    uint32_t c = x->head;
    x->head = m->constraints[c].next;
    if (x->head == NONE)
        x->tail = NONE;
    uint32_t depth = m->constraints[c].depth;
    if (depth < m->n) {
        uint32_t unit = x->data[2 * m->n + depth], at = x->data[unit];
        uint32_t cells[ASTAR__CROWD_MAX_NEIGHBOURS + 1];
        int count = astar__crowd_neighbours(m->crowd, at, cells);
        cells[count++] = at;
        for (int i = count - 1; i > 0; i--) {
            int j = (int)(splitmix64(&m->random) % (uint64_t)(i + 1));
            uint32_t t = cells[i];
            cells[i] = cells[j];
            cells[j] = t;
        }
        for (int i = 0; i < count; i++)
            if (!add_constraint(m, top, c, unit, cells[i], depth + 1))
                return ASTAR_OUT_OF_MEMORY;
    }
    for (uint32_t k = c; m->constraints[k].depth > 0; k = m->constraints[k].parent) {
        const mapf_constraint *ck = &m->constraints[k];
        m->fixed[ck->depth - 1] = ck->unit;
        m->onto[ck->depth - 1] = ck->cell;
    }
    m->generated++;
    const uint32_t *from = m->nodes[top].data;
    if (!astar__crowd_successor(m->crowd, from, from + 2 * m->n, m->fixed, m->onto, depth,
                                m->next, NULL)) {
        m->failed++;
        return ASTAR_IN_PROGRESS;
    }
    uint64_t hash = hash_cells(m->next, m->n);
    size_t slot = 0;
    uint32_t seen = m->table_size ? find(m, m->next, hash, &slot) : NONE;
    if (seen != NONE) {
        /* LaCAM*'s reinsertion: the configuration met again is searched
         * from again, on top, instead of the one that met it. */
        m->revisited++;
        bool kept = !m->options.refine || (add_edge(m, top, seen) && rewire(m, top));
        return kept && (!worth(m, seen) || seen == m->solved || push_open(m, seen))
                   ? ASTAR_IN_PROGRESS
                   : ASTAR_OUT_OF_MEMORY;
    }
    uint32_t made;
    return keep(m, top, m->next, hash, slot, &made);
}

/* expand_top, failing when a distance table could not grow: PIBT then
 * read a cost as unreachable, and a successor so guided is no longer the
 * one the search promises to try (the same seed, the same plans). */
static astar_status expand(astar_mapf *m)
{
    astar_status s = expand_top(m);
    return astar__crowd_status(m->crowd) == ASTAR_OUT_OF_MEMORY ? ASTAR_OUT_OF_MEMORY : s;
}

/* The plan's steps: its configurations along parents, less one. */
static size_t steps(const astar_mapf *m)
{
    size_t count = 0;
    for (uint32_t k = m->nodes[m->solved].parent; k != NONE; k = m->nodes[k].parent)
        count++;
    return count;
}

/* The plan's costs, from the configuration of goals back to the starts. */
static void measure(astar_mapf *m)
{
    uint32_t n = m->n, *last = m->next;
    for (uint32_t i = 0; i < n; i++)
        last[i] = 0;
    m->makespan = steps(m);
    size_t t = m->makespan;
    for (uint32_t k = m->solved; k != NONE; k = m->nodes[k].parent, t--)
        for (uint32_t i = 0; i < n; i++)
            if (last[i] == 0 && m->nodes[k].data[i] != m->goal[i])
                last[i] = (uint32_t)t + 1;
    m->sum_of_costs = 0;
    for (uint32_t i = 0; i < n; i++)
        m->sum_of_costs += last[i];
}

/* The dearest step on a distance map of grid: its dearest terrain times a
 * diagonal (8 moves) or straight step. O(cells), once. (A graph's: its
 * dearest edge, graph_step_most.) */
static uint32_t step_most(const astar_grid *grid, const astar_mapf_options *o)
{
    int most = 1;
    for (int y = 0; y < astar_grid_height(grid); y++)
        for (int x = 0; x < astar_grid_width(grid); x++)
            if (astar_grid_walkable(grid, x, y) && astar_grid_cost(grid, x, y) > most)
                most = astar_grid_cost(grid, x, y);
    /* On a hex grid every step is a straight one. */
    bool octile = o->costs == ASTAR_COSTS_OCTILE,
         diagonal = o->moves == ASTAR_MOVES_8 && !hex_topology(astar_grid_topology(grid));
    uint32_t step = octile ? (diagonal ? ASTAR_OCTILE_DIAGONAL : ASTAR_OCTILE_STRAIGHT)
                           : (diagonal ? ASTAR_ARTICLE_DIAGONAL : ASTAR_ARTICLE_STRAIGHT);
    return step * (uint32_t)most;
}

/* The dearest edge of graph out of an enabled node into one, and in
 * *least the cheapest (1 if none). O(edges), once. */
static uint32_t graph_step_most(const astar_graph *graph, uint32_t *least)
{
    uint32_t most = 1;
    *least = UINT32_MAX;
    for (uint32_t v = 0; v < graph->nodes; v++) {
        if (!graph->enabled[v])
            continue;
        for (uint32_t e = graph->first[v]; e < graph->first[v + 1]; e++) {
            uint32_t cost = graph->out[e].cost;
            if (!graph->enabled[graph->out[e].to])
                continue;
            most = cost > most ? cost : most;
            *least = cost < *least ? cost : *least;
        }
    }
    *least = *least == UINT32_MAX ? 1 : *least;
    return most;
}

static int compare_words(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static int compare_keys(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Ranks agents farthest from their goals first (LaCAM's first priorities):
 * they have the longest way and the least slack. Sorts (cost, agent)
 * pairs packed in 64 bits, in a buffer freed before returning. */
static astar_status rank_agents(astar_mapf *m, const uint32_t *start)
{
    uint64_t *keys = astar__allocate(&m->memory, m->n, sizeof *keys);
    if (!keys)
        return ASTAR_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < m->n; i++)
        keys[i] = (uint64_t)(NONE - astar__crowd_cost(m->crowd, i, start[i])) << 32 | i;
    qsort(keys, m->n, sizeof *keys, compare_keys);
    for (uint32_t i = 0; i < m->n; i++)
        m->rank[i] = (uint32_t)keys[i];
    astar__release(&m->memory, keys);
    return ASTAR_OK;
}

astar_status astar_mapf_new(const astar_grid *grid, const astar_point *starts,
                            const astar_point *goals, size_t agents,
                            const astar_mapf_options *options, astar_mapf **out)
{
    return astar_mapf_new_with(grid, starts, goals, agents, options, NULL, out);
}

/* The solver's parts but its crowd: the options, the agents' arrays. NULL
 * when out of memory. */
static astar_mapf *mapf_create(const astar_allocator *memory, size_t agents,
                               const astar_mapf_options *o)
{
    astar_mapf *m = astar__allocate_zeroed(memory, 1, sizeof *m);
    if (!m)
        return NULL;
    m->memory = *memory;
    m->options = *o;
    m->n = (uint32_t)agents;
    m->random = o->seed ^ 0x6c61636d;
    m->state = ASTAR_IN_PROGRESS;
    m->solved = NONE;
    size_t words = 3 * agents;
    m->block_words = words > BLOCK_WORDS ? words : BLOCK_WORDS - BLOCK_WORDS % words;
    m->goal = astar__allocate(memory, agents, sizeof *m->goal);
    m->rank = astar__allocate(memory, agents, sizeof *m->rank);
    m->fixed = astar__allocate(memory, agents, sizeof *m->fixed);
    m->onto = astar__allocate(memory, agents, sizeof *m->onto);
    m->next = astar__allocate(memory, agents, sizeof *m->next);
    if (!m->goal || !m->rank || !m->fixed || !m->onto || !m->next) {
        astar_mapf_delete(m);
        return NULL;
    }
    return m;
}

/* The rest of a solver whose crowd holds its agents (status s of making
 * it), their starts in m->next: goals told apart, agents ranked, the
 * starts kept as the first configuration. On a failure m is freed. */
static astar_status mapf_begin(astar_mapf *m, astar_status s, uint32_t step_most,
                               astar_mapf **out)
{
    if (s == ASTAR_OK) {
        for (uint32_t i = 0; i < m->n; i++) {
            m->goal[i] = astar__crowd_goal_cell(m->crowd, i);
            m->fixed[i] = m->goal[i];
        }
        qsort(m->fixed, m->n, sizeof *m->fixed, compare_words);
        for (uint32_t i = 1; i < m->n && s == ASTAR_OK; i++)
            if (m->fixed[i] == m->fixed[i - 1])
                s = ASTAR_GOAL_OCCUPIED;
    }
    if (s == ASTAR_OK)
        s = rank_agents(m, m->next);
    m->step_most = step_most;
    if (s == ASTAR_OK) {
        uint32_t made;
        s = keep(m, NONE, m->next, hash_cells(m->next, m->n), 0, &made);
        if (s == ASTAR_OK) {
            /* The starts are the goals: a plan of no loss, none less. */
            m->state = ASTAR_OK;
            m->optimal = true;
            measure(m);
        }
        s = s == ASTAR_IN_PROGRESS || s == ASTAR_OK ? ASTAR_OK : s;
    }
    /* rank_agents and the first bound read the tables. */
    if (s == ASTAR_OK && astar__crowd_status(m->crowd) == ASTAR_OUT_OF_MEMORY)
        s = ASTAR_OUT_OF_MEMORY;
    if (s != ASTAR_OK) {
        astar_mapf_delete(m);
        return s;
    }
    *out = m;
    return ASTAR_OK;
}

/* A solver over grid or graph (exactly one of them), the agents' ends as
 * points of the grid or nodes of the graph. Its crowd (agent i its unit
 * i) makes the checks of the options, the map and each agent's ends. */
static astar_status mapf_new(const astar_grid *grid, const astar_graph *graph, const void *starts,
                             const void *goals, size_t agents, const astar_mapf_options *options,
                             const astar_allocator *allocator, astar_mapf **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_mapf_options o = options ? *options : astar_mapf_options_default();
    astar_allocator memory;
    if ((!grid && !graph) || !starts || !goals || agents < 1 || agents > ASTAR_MAX_CELLS ||
        agents >= NONE || astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_mapf *m = mapf_create(&memory, agents, &o);
    if (!m)
        return ASTAR_OUT_OF_MEMORY;
    astar_crowd_options co = astar_crowd_options_default();
    co.moves = o.moves;
    co.costs = o.costs;
    co.seed = o.seed;
    astar_status s = grid ? astar_crowd_new_with(grid, m->n, &co, &m->memory, &m->crowd)
                          : astar_graph_crowd_new_with(graph, m->n, &co, &m->memory, &m->crowd);
    if (s == ASTAR_OK)
        astar__crowd_exact(m->crowd);
    m->width = grid ? (uint32_t)astar_grid_width(grid) : 0;
    for (uint32_t i = 0; i < m->n && s == ASTAR_OK; i++) {
        if (grid) {
            const astar_point *from = starts, *to = goals;
            s = astar_crowd_add(m->crowd, from[i], to[i], NULL);
            m->next[i] = (uint32_t)from[i].y * m->width + (uint32_t)from[i].x;
        } else {
            const uint32_t *from = starts, *to = goals;
            s = astar_graph_crowd_add(m->crowd, from[i], to[i], NULL);
            m->next[i] = from[i];
        }
    }
    uint32_t least = o.costs == ASTAR_COSTS_OCTILE ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT;
    uint32_t most = s != ASTAR_OK ? 0 : grid ? step_most(grid, &o) : graph_step_most(graph, &least);
    m->margin = SCATTER_STEPS * least;
    return mapf_begin(m, s, most, out);
}

astar_status astar_mapf_new_with(const astar_grid *grid, const astar_point *starts,
                                 const astar_point *goals, size_t agents,
                                 const astar_mapf_options *options,
                                 const astar_allocator *allocator, astar_mapf **out)
{
    return mapf_new(grid, NULL, starts, goals, agents, options, allocator, out);
}

astar_status astar_graph_mapf_new(const astar_graph *graph, const uint32_t *starts,
                                  const uint32_t *goals, size_t agents,
                                  const astar_mapf_options *options, astar_mapf **out)
{
    return astar_graph_mapf_new_with(graph, starts, goals, agents, options, NULL, out);
}

astar_status astar_graph_mapf_new_with(const astar_graph *graph, const uint32_t *starts,
                                       const uint32_t *goals, size_t agents,
                                       const astar_mapf_options *options,
                                       const astar_allocator *allocator, astar_mapf **out)
{
    return mapf_new(NULL, graph, starts, goals, agents, options, allocator, out);
}

void astar_mapf_delete(astar_mapf *mapf)
{
    if (!mapf)
        return;
    astar__scatter_delete(mapf->ways);
    astar_crowd_delete(mapf->crowd);
    for (size_t b = 0; b < mapf->block_count; b++)
        astar__release(&mapf->memory, mapf->blocks[b]);
    astar__release(&mapf->memory, mapf->blocks);
    astar__release(&mapf->memory, mapf->nodes);
    astar__release(&mapf->memory, mapf->constraints);
    astar__release(&mapf->memory, mapf->open);
    astar__release(&mapf->memory, mapf->edges);
    astar__release(&mapf->memory, mapf->queue);
    astar__release(&mapf->memory, mapf->table);
    astar__release(&mapf->memory, mapf->goal);
    astar__release(&mapf->memory, mapf->rank);
    astar__release(&mapf->memory, mapf->fixed);
    astar__release(&mapf->memory, mapf->onto);
    astar__release(&mapf->memory, mapf->next);
    astar__release(&mapf->memory, mapf);
}

size_t astar_mapf_bytes(const astar_mapf *mapf)
{
    if (!mapf)
        return 0;
    return sizeof *mapf + astar_crowd_bytes(mapf->crowd) + astar__scatter_bytes(mapf->ways) +
           5 * (size_t)mapf->n * sizeof(uint32_t) +
           mapf->block_count * mapf->block_words * sizeof(uint32_t) +
           mapf->block_capacity * sizeof(uint32_t *) + mapf->node_capacity * sizeof(mapf_node) +
           mapf->constraint_capacity * sizeof(mapf_constraint) +
           mapf->open_capacity * sizeof(uint32_t) + mapf->table_size * sizeof(uint32_t) +
           mapf->edge_capacity * sizeof(mapf_edge) + mapf->queue_capacity * sizeof(uint32_t);
}

static void fill_info(const astar_mapf *m, astar_mapf_info *info)
{
    *info = (astar_mapf_info){ .agents = m->n, .makespan = m->makespan,
                               .sum_of_costs = m->sum_of_costs, .nodes = m->node_count,
                               .generated = m->generated, .failed = m->failed,
                               .revisited = m->revisited, .optimal = m->optimal,
                               .bytes = astar_mapf_bytes(m), .scatter_rounds = m->scatter_rounds,
                               .scatter_collisions = m->scatter_collisions,
                               .scatter_seconds = m->scatter_seconds };
}

/* options.scatter: the agents' ways planned, in rounds until their
 * collisions fall by less than a tenth in a round (at least two rounds:
 * the first plans each against those before it only) or the clock passes
 * `until` (0: no limit), and PIBT guided along them. LaCAM3 goes on
 * while they fall at all: on 16room_000 with 1,000 agents they fell
 * from 224 to 211 in four more rounds at 0.5 s each, its doors holding
 * the rest, for a sum of costs no lower. ASTAR_OK or
 * ASTAR_OUT_OF_MEMORY. */
static astar_status scatter_ways(astar_mapf *m, double until)
{
    astar_status s = astar__scatter_new(m->crowd, m->n, m->margin, m->random, &m->memory, &m->ways);
    uint64_t before = UINT64_MAX;
    double start = now_seconds();
    for (int round = 0; s == ASTAR_OK; round++) {
        s = astar__scatter_round(m->ways);
        uint64_t now = astar__scatter_collisions(m->ways);
        m->scatter_rounds = (size_t)round + 1;
        m->scatter_collisions = (size_t)now;
        m->scatter_seconds = now_seconds() - start;
        bool slowed = round > 0 && 10 * now > 9 * before;
        if (now == 0 || slowed || (until > 0 && now_seconds() >= until))
            break;
        before = now;
    }
    if (s == ASTAR_OK)
        s = astar__scatter_guide(m->ways);
    if (s == ASTAR_OK && astar__crowd_status(m->crowd) == ASTAR_OUT_OF_MEMORY)
        s = ASTAR_OUT_OF_MEMORY;
    if (s == ASTAR_OK)
        astar__crowd_guide(m->crowd, m->ways);
    return s;
}

astar_status astar_mapf_solve(astar_mapf *mapf, double seconds, astar_mapf_info *info)
{
    if (!mapf)
        return ASTAR_INVALID_ARGUMENT;
    double start = now_seconds(), deadline = seconds > 0 ? start + seconds : 0;
    if (mapf->options.scatter && !mapf->ways && mapf->state == ASTAR_IN_PROGRESS) {
        astar_status s = scatter_ways(mapf, seconds > 0 ? start + seconds / 2 : 0);
        if (s != ASTAR_OK)
            mapf->state = s;
    }
    for (unsigned k = 1; mapf->state == ASTAR_IN_PROGRESS; k++) {
        astar_status s = expand(mapf);
        /* Refining goes on past the first plan; the stack emptied with a
         * plan found proves no plan has less loss. A limit or a failed
         * allocation then ends the refining, the plan kept. */
        if (s == ASTAR_NO_PATH && mapf->solved != NONE)
            mapf->optimal = true;
        if (s != ASTAR_IN_PROGRESS && (s != ASTAR_OK || !mapf->options.refine)) {
            mapf->state = mapf->solved != NONE ? ASTAR_OK : s;
            break;
        }
        if (seconds > 0 && k % CLOCK_EVERY == 0 && now_seconds() >= deadline)
            break;
    }
    if (mapf->solved != NONE)
        measure(mapf);
    if (info)
        fill_info(mapf, info);
    return mapf->solved != NONE ? ASTAR_OK : mapf->state;
}

/* The checks both plans' readers make: mapf of the kind asked for (a
 * grid's or a graph's), a buffer, a plan, room for it. */
static astar_status plan_status(const astar_mapf *mapf, bool graph, const void *buffer,
                                size_t capacity)
{
    if (!mapf || (mapf->width == 0) != graph || (!buffer && capacity > 0))
        return ASTAR_INVALID_ARGUMENT;
    if (mapf->solved == NONE)
        return ASTAR_NO_PATH;
    return capacity / mapf->n < mapf->makespan + 1 ? ASTAR_PATH_BUFFER_TOO_SMALL : ASTAR_OK;
}

astar_status astar_mapf_plan(const astar_mapf *mapf, astar_point *cells, size_t capacity)
{
    astar_status s = plan_status(mapf, false, cells, capacity);
    if (s != ASTAR_OK)
        return s;
    size_t n = mapf->n, t = mapf->makespan;
    uint32_t width = mapf->width;
    for (uint32_t k = mapf->solved; k != NONE; k = mapf->nodes[k].parent, t--)
        for (size_t i = 0; i < n; i++) {
            uint32_t c = mapf->nodes[k].data[i];
            cells[t * n + i] = (astar_point){ (int32_t)(c % width), (int32_t)(c / width) };
        }
    return ASTAR_OK;
}

astar_status astar_graph_mapf_plan(const astar_mapf *mapf, uint32_t *nodes, size_t capacity)
{
    astar_status s = plan_status(mapf, true, nodes, capacity);
    if (s != ASTAR_OK)
        return s;
    size_t n = mapf->n, t = mapf->makespan;
    for (uint32_t k = mapf->solved; k != NONE; k = mapf->nodes[k].parent, t--)
        memcpy(nodes + t * n, mapf->nodes[k].data, n * sizeof *nodes);
    return ASTAR_OK;
}
