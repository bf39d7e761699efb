/* Graphs: the builder, freezing it into compressed rows, and the edits a
 * built graph takes (edge costs, nodes enabled or not) with its islands
 * kept current through them. */
#include "graph/graph.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "graph/landmarks.h"

typedef struct built_edge {
    uint32_t from, to, cost;
} built_edge;

#define UNNAMED UINT32_MAX
enum { MAX_NAME = 255 };

struct astar_graph_builder {
    astar_allocator memory;
    uint32_t nodes;
    astar_graph_kind kind;
    built_edge *edges;
    size_t count, capacity;
    double *xy;                   /* x, y per node, once a node is placed */
    uint8_t *placed;
    uint32_t placed_count;
    double scale;
    bool tightest;                /* ASTAR_GRAPH_SCALE_TIGHTEST */
    astar_heuristic metric;
    uint32_t *name_at;            /* per node, into text; UNNAMED */
    char *text;
    size_t text_length, text_capacity;
};

astar_status astar_graph_builder_new(uint32_t nodes, astar_graph_kind kind,
                                     astar_graph_builder **out)
{
    return astar_graph_builder_new_with(nodes, kind, NULL, out);
}

astar_status astar_graph_builder_new_with(uint32_t nodes, astar_graph_kind kind,
                                          const astar_allocator *allocator,
                                          astar_graph_builder **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_allocator memory;
    if (nodes < 1 || nodes > ASTAR_GRAPH_MAX_NODES ||
        (kind != ASTAR_GRAPH_DIRECTED && kind != ASTAR_GRAPH_UNDIRECTED) ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_graph_builder *b = astar__allocate_zeroed(&memory, 1, sizeof *b);
    if (!b)
        return ASTAR_OUT_OF_MEMORY;
    *b = (astar_graph_builder){ .memory = memory, .nodes = nodes, .kind = kind,
                                .metric = ASTAR_HEURISTIC_EUCLIDEAN };
    *out = b;
    return ASTAR_OK;
}

void astar_graph_builder_delete(astar_graph_builder *b)
{
    if (!b)
        return;
    astar__release(&b->memory, b->edges);
    astar__release(&b->memory, b->xy);
    astar__release(&b->memory, b->placed);
    astar__release(&b->memory, b->name_at);
    astar__release(&b->memory, b->text);
    astar__release(&b->memory, b);
}

/* Makes room for `more` items in *items (count used of *capacity, each
 * `size` bytes), doubling: allocate, copy, release. */
static bool grow(const astar_allocator *memory, void **items, size_t count, size_t *capacity,
                 size_t more, size_t size)
{
    if (count + more <= *capacity)
        return true;
    size_t wanted = *capacity ? *capacity * 2 : 64;
    while (wanted < count + more)
        wanted *= 2;
    void *bigger = astar__allocate(memory, wanted, size);
    if (!bigger)
        return false;
    if (count)
        memcpy(bigger, *items, count * size);
    astar__release(memory, *items);
    *items = bigger;
    *capacity = wanted;
    return true;
}

astar_status astar_graph_builder_edge(astar_graph_builder *b, uint32_t from, uint32_t to,
                                      uint32_t cost)
{
    if (!b || from >= b->nodes || to >= b->nodes || from == to || cost == 0)
        return ASTAR_INVALID_ARGUMENT;
    size_t added = b->kind == ASTAR_GRAPH_UNDIRECTED ? 2 : 1;
    if (b->count + added > ASTAR_GRAPH_MAX_EDGES)
        return ASTAR_INVALID_ARGUMENT;
    if (!grow(&b->memory, (void **)&b->edges, b->count, &b->capacity, added, sizeof *b->edges))
        return ASTAR_OUT_OF_MEMORY;
    b->edges[b->count++] = (built_edge){ from, to, cost };
    if (added == 2)
        b->edges[b->count++] = (built_edge){ to, from, cost };
    return ASTAR_OK;
}

astar_status astar_graph_builder_position(astar_graph_builder *b, uint32_t node, double x, double y)
{
    if (!b || node >= b->nodes || !isfinite(x) || !isfinite(y))
        return ASTAR_INVALID_ARGUMENT;
    if (!b->xy) {
        b->xy = astar__allocate(&b->memory, (size_t)b->nodes * 2, sizeof *b->xy);
        b->placed = astar__allocate_zeroed(&b->memory, b->nodes, 1);
        if (!b->xy || !b->placed) {
            astar__release(&b->memory, b->xy);
            astar__release(&b->memory, b->placed);
            b->xy = NULL;
            b->placed = NULL;
            return ASTAR_OUT_OF_MEMORY;
        }
    }
    b->xy[2 * (size_t)node] = x;
    b->xy[2 * (size_t)node + 1] = y;
    b->placed_count += !b->placed[node];
    b->placed[node] = 1;
    return ASTAR_OK;
}

astar_status astar_graph_builder_scale(astar_graph_builder *b, double scale)
{
    bool tightest = scale == ASTAR_GRAPH_SCALE_TIGHTEST;
    if (!b || !isfinite(scale) || (scale < 0 && !tightest))
        return ASTAR_INVALID_ARGUMENT;
    b->tightest = tightest;
    b->scale = tightest ? 0 : scale;
    return ASTAR_OK;
}

astar_status astar_graph_builder_metric(astar_graph_builder *b, astar_heuristic metric)
{
    if (!b || (metric != ASTAR_HEURISTIC_EUCLIDEAN && metric != ASTAR_HEURISTIC_OCTILE &&
               metric != ASTAR_HEURISTIC_MANHATTAN && metric != ASTAR_HEURISTIC_CHEBYSHEV))
        return ASTAR_INVALID_ARGUMENT;
    b->metric = metric;
    return ASTAR_OK;
}

static bool name_valid(const char *name, size_t length)
{
    if (length < 1 || length > MAX_NAME)
        return false;
    for (size_t i = 0; i < length; i++)
        if ((unsigned char)name[i] <= ' ' || name[i] == 0x7F)
            return false;
    return true;
}

astar_status astar_graph_builder_name(astar_graph_builder *b, uint32_t node, const char *name)
{
    if (!b || node >= b->nodes || !name)
        return ASTAR_INVALID_ARGUMENT;
    size_t length = 0;
    while (length <= MAX_NAME && name[length])
        length++;
    if (!name_valid(name, length) || b->text_length + length + 1 > UINT32_MAX)
        return ASTAR_INVALID_ARGUMENT;
    if (!b->name_at) {
        b->name_at = astar__allocate(&b->memory, b->nodes, sizeof *b->name_at);
        if (!b->name_at)
            return ASTAR_OUT_OF_MEMORY;
        for (uint32_t v = 0; v < b->nodes; v++)
            b->name_at[v] = UNNAMED;
    }
    if (!grow(&b->memory, (void **)&b->text, b->text_length, &b->text_capacity, length + 1, 1))
        return ASTAR_OUT_OF_MEMORY;
    memcpy(b->text + b->text_length, name, length + 1);
    b->name_at[node] = (uint32_t)b->text_length;
    b->text_length += length + 1;
    return ASTAR_OK;
}

void astar_graph_delete(astar_graph *g)
{
    if (!g)
        return;
    astar__release(&g->memory, g->out);
    uint32_t *arrays[] = { g->first, g->back_first, g->back_from,
                           g->back_edge, g->island, g->name_at, g->by_name };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(&g->memory, arrays[i]);
    astar__release(&g->memory, g->enabled);
    astar__release(&g->memory, g->xy);
    astar__release(&g->memory, g->xy32);
    astar__release(&g->memory, g->text);
    astar__landmarks_release(g);
    astar__release(&g->memory, g);
}

static int edge_order(const void *a, const void *b)
{
    const built_edge *x = a, *y = b;
    if (x->from != y->from)
        return x->from < y->from ? -1 : 1;
    if (x->to != y->to)
        return x->to < y->to ? -1 : 1;
    return (x->cost > y->cost) - (x->cost < y->cost);
}

/* The length of an edge between u and v under the graph's metric. */
static double length_of(const astar_graph *g, uint32_t u, uint32_t v)
{
    size_t a = 2 * (size_t)u, b = 2 * (size_t)v;
    return cost_distance(g->metric, fabs(graph_coordinate(g, a) - graph_coordinate(g, b)),
                         fabs(graph_coordinate(g, a + 1) - graph_coordinate(g, b + 1)));
}

/* Whether an edge of this cost between u and v keeps the scale rule. */
static bool scale_kept(const astar_graph *g, uint32_t u, uint32_t v, uint32_t cost)
{
    return !graph_placed(g) || (double)cost >= g->scale * length_of(g, u, v);
}

/* The largest scale the edges allow (astar_graph_builder_scale). */
static double tightest_scale(const astar_graph *g, const built_edge *e, size_t count)
{
    double scale = INFINITY;
    for (size_t i = 0; i < count; i++) {
        double length = length_of(g, e[i].from, e[i].to);
        if (length > 0 && e[i].cost / length < scale)
            scale = e[i].cost / length;
    }
    return isfinite(scale) ? scale * (1 - 1e-12) : 0;
}

/* Sorted, with the same edge given twice kept once at its lowest cost:
 * the edges as the graph holds them, in a new array of *count. */
static built_edge *sorted_edges(const astar_graph_builder *b, size_t *count)
{
    built_edge *e = astar__allocate(&b->memory, b->count ? b->count : 1, sizeof *e);
    if (!e)
        return NULL;
    if (b->count)
        memcpy(e, b->edges, b->count * sizeof *e);
    qsort(e, b->count, sizeof *e, edge_order);
    size_t kept = 0;
    for (size_t i = 0; i < b->count; i++)
        if (kept == 0 || e[kept - 1].from != e[i].from || e[kept - 1].to != e[i].to)
            e[kept++] = e[i];
    *count = kept;
    return e;
}

/* Fills the rows both ways from edges sorted by (from, to). */
static void fill_rows(astar_graph *g, const built_edge *e)
{
    memset(g->first, 0, ((size_t)g->nodes + 1) * sizeof *g->first);
    memset(g->back_first, 0, ((size_t)g->nodes + 1) * sizeof *g->back_first);
    for (uint32_t i = 0; i < g->edges; i++) {
        g->first[e[i].from + 1]++;
        g->back_first[e[i].to + 1]++;
        g->out[i] = (graph_edge){ e[i].to, e[i].cost };
    }
    for (uint32_t v = 0; v < g->nodes; v++) {
        g->first[v + 1] += g->first[v];
        g->back_first[v + 1] += g->back_first[v];
    }
    /* Placed in the order of their sources: each backward row is sorted. */
    for (uint32_t v = 0; v < g->nodes; v++)
        for (uint32_t i = g->first[v]; i < g->first[v + 1]; i++) {
            uint32_t at = g->back_first[g->out[i].to]++;
            g->back_from[at] = v;
            g->back_edge[at] = i;
        }
    for (uint32_t v = g->nodes; v > 0; v--)
        g->back_first[v] = g->back_first[v - 1];
    g->back_first[0] = 0;
}

static const char *name_of(const astar_graph *g, uint32_t v)
{
    return g->name_at && g->name_at[v] != UNNAMED ? g->text + g->name_at[v] : "";
}

/* by_name: the named nodes sorted by name (qsort has no context argument,
 * so a small merge sort does it). */
static void sort_by_name(const astar_graph *g, uint32_t *v, uint32_t *spare, size_t n)
{
    if (n < 2)
        return;
    size_t half = n / 2;
    sort_by_name(g, v, spare, half);
    sort_by_name(g, v + half, spare, n - half);
    size_t i = 0, j = half, k = 0;
    while (i < half && j < n)
        spare[k++] = strcmp(name_of(g, v[j]), name_of(g, v[i])) < 0 ? v[j++] : v[i++];
    while (i < half)
        spare[k++] = v[i++];
    while (j < n)
        spare[k++] = v[j++];
    memcpy(v, spare, n * sizeof *v);
}

static astar_status build_names(const astar_graph_builder *b, astar_graph *g, astar_error *err)
{
    if (!b->name_at)
        return ASTAR_OK;
    size_t text = 0, named = 0;
    for (uint32_t v = 0; v < b->nodes; v++)
        if (b->name_at[v] != UNNAMED) {
            text += strlen(b->text + b->name_at[v]) + 1;
            named++;
        }
    g->text = astar__allocate(&g->memory, text, 1);
    g->name_at = astar__allocate(&g->memory, b->nodes, sizeof *g->name_at);
    g->by_name = astar__allocate(&g->memory, named, sizeof *g->by_name);
    uint32_t *spare = astar__allocate(&g->memory, named, sizeof *spare);
    if (!g->text || !g->name_at || !g->by_name || !spare) {
        astar__release(&g->memory, spare);
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    }
    g->text_bytes = text;
    g->named = (uint32_t)named;
    size_t at = 0, k = 0;
    for (uint32_t v = 0; v < b->nodes; v++) {
        g->name_at[v] = UNNAMED;
        if (b->name_at[v] == UNNAMED)
            continue;
        size_t length = strlen(b->text + b->name_at[v]) + 1;
        memcpy(g->text + at, b->text + b->name_at[v], length);
        g->name_at[v] = (uint32_t)at;
        at += length;
        g->by_name[k++] = v;
    }
    sort_by_name(g, g->by_name, spare, named);
    astar__release(&g->memory, spare);
    for (size_t i = 1; i < named; i++)
        if (strcmp(name_of(g, g->by_name[i - 1]), name_of(g, g->by_name[i])) == 0)
            return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                    "nodes %u and %u are both named %s", g->by_name[i - 1],
                                    g->by_name[i], name_of(g, g->by_name[i]));
    return ASTAR_OK;
}

/* The graph of what b holds, allocated with kept (NULL: the builder's
 * allocator). */
static astar_status build(const astar_graph_builder *b, const astar_allocator *kept,
                          astar_graph **out, astar_error *err)
{
    if (!b || !out)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0, "no builder or no graph");
    *out = NULL;
    astar_allocator memory = kept ? *kept : b->memory;
    if (b->placed_count != 0 && b->placed_count != b->nodes)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "%u of %u nodes have positions: give every node one or none",
                                b->placed_count, b->nodes);
    astar_graph *g = astar__allocate_zeroed(&memory, 1, sizeof *g);
    if (!g)
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    g->memory = memory;
    g->nodes = b->nodes;
    g->scale = b->xy ? b->scale : 0;
    g->metric = b->metric;
    size_t count = 0;
    built_edge *e = sorted_edges(b, &count);
    g->edges = (uint32_t)count;
    size_t rows = (size_t)b->nodes + 1, edges = count ? count : 1;
    g->first = astar__allocate(&g->memory, rows, sizeof *g->first);
    g->back_first = astar__allocate(&g->memory, rows, sizeof *g->back_first);
    g->out = astar__allocate(&g->memory, edges, sizeof *g->out);
    g->back_from = astar__allocate(&g->memory, edges, sizeof *g->back_from);
    g->back_edge = astar__allocate(&g->memory, edges, sizeof *g->back_edge);
    g->enabled = astar__allocate(&g->memory, b->nodes, 1);
    size_t coordinates = 2 * (size_t)b->nodes;
    bool exact = b->xy != NULL;
    for (size_t k = 0; exact && k < coordinates; k++)
        exact = (double)(float)b->xy[k] == b->xy[k];
    if (exact)
        g->xy32 = astar__allocate(&g->memory, coordinates, sizeof *g->xy32);
    else if (b->xy)
        g->xy = astar__allocate(&g->memory, coordinates, sizeof *g->xy);
    astar_status status = ASTAR_OK;
    if (!e || !g->first || !g->back_first || !g->out || !g->back_from ||
        !g->back_edge || !g->enabled || (b->xy && !graph_placed(g))) {
        status = astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    } else {
        memset(g->enabled, 1, b->nodes);
        for (size_t k = 0; g->xy32 && k < coordinates; k++)
            g->xy32[k] = (float)b->xy[k];
        if (g->xy)
            memcpy(g->xy, b->xy, coordinates * sizeof *g->xy);
        fill_rows(g, e);
        if (b->tightest && graph_placed(g))
            g->scale = tightest_scale(g, e, count);
        for (size_t i = 0; i < count && status == ASTAR_OK; i++)
            if (!scale_kept(g, e[i].from, e[i].to, e[i].cost))
                status = astar__error_set(
                    err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                    "edge %u -> %u costs %u, less than scale %g times its length %g", e[i].from,
                    e[i].to, e[i].cost, g->scale, length_of(g, e[i].from, e[i].to));
        if (status == ASTAR_OK)
            status = build_names(b, g, err);
    }
    astar__release(&b->memory, e);
    if (status != ASTAR_OK) {
        astar_graph_delete(g);
        return status;
    }
    *out = g;
    return ASTAR_OK;
}

astar_status astar_graph_new(const astar_graph_builder *builder, astar_graph **out,
                             astar_error *err)
{
    return astar_graph_new_with(builder, NULL, out, err);
}

astar_status astar_graph_new_with(const astar_graph_builder *builder,
                                  const astar_allocator *allocator, astar_graph **out,
                                  astar_error *err)
{
    astar__error_clear(err);
    astar_allocator memory;
    if (astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "an allocator without both functions");
    return build(builder, &memory, out, err);
}

astar_status astar__graph_build(const astar_graph_builder *builder, astar_graph **out,
                                astar_error *err)
{
    astar__error_clear(err);
    return build(builder, NULL, out, err);
}

uint32_t astar_graph_nodes(const astar_graph *g) { return g ? g->nodes : 0; }
uint32_t astar_graph_edges(const astar_graph *g) { return g ? g->edges : 0; }
double astar_graph_scale(const astar_graph *g) { return g ? g->scale : 0; }

astar_heuristic astar_graph_metric(const astar_graph *g)
{
    return g ? g->metric : ASTAR_HEURISTIC_EUCLIDEAN;
}

size_t astar_graph_bytes(const astar_graph *g)
{
    if (!g)
        return 0;
    size_t n = g->nodes, bytes = sizeof *g + 2 * (n + 1) * sizeof(uint32_t) + n +
                                 4 * (size_t)g->edges * sizeof(uint32_t);
    if (g->xy)
        bytes += 2 * n * sizeof *g->xy;
    if (g->xy32)
        bytes += 2 * n * sizeof *g->xy32;
    if (g->island)
        bytes += n * sizeof *g->island;
    if (g->name_at)
        bytes += 2 * n * sizeof(uint32_t) + g->text_bytes;
    return bytes + astar_graph_landmarks_bytes(g);
}

astar_status astar_graph_out_count(const astar_graph *g, uint32_t node, uint32_t *count)
{
    if (!count)
        return ASTAR_INVALID_ARGUMENT;
    *count = 0;
    if (!g || !graph_has(g, node))
        return ASTAR_INVALID_ARGUMENT;
    *count = g->first[node + 1] - g->first[node];
    return ASTAR_OK;
}

astar_status astar_graph_out_edge(const astar_graph *g, uint32_t node, uint32_t i, uint32_t *to,
                                  uint32_t *cost)
{
    if (!g || !to || !cost || !graph_has(g, node) || i >= g->first[node + 1] - g->first[node])
        return ASTAR_INVALID_ARGUMENT;
    *to = g->out[g->first[node] + i].to;
    *cost = g->out[g->first[node] + i].cost;
    return ASTAR_OK;
}

astar_status astar_graph_edge_cost(const astar_graph *g, uint32_t from, uint32_t to, uint32_t *cost)
{
    if (!g || !cost || !graph_has(g, from) || !graph_has(g, to))
        return ASTAR_INVALID_ARGUMENT;
    uint32_t e = graph_find_edge(g, from, to);
    if (e == UINT32_MAX)
        return ASTAR_NO_PATH;
    *cost = g->out[e].cost;
    return ASTAR_OK;
}

astar_status astar_graph_set_edge_cost(astar_graph *g, uint32_t from, uint32_t to, uint32_t cost)
{
    if (!g || !graph_has(g, from) || !graph_has(g, to) || cost == 0 ||
        !scale_kept(g, from, to, cost))
        return ASTAR_INVALID_ARGUMENT;
    uint32_t e = graph_find_edge(g, from, to);
    if (e == UINT32_MAX)
        return ASTAR_NO_PATH;
    bool cheaper = cost < g->out[e].cost;
    g->out[e].cost = cost;
    if (cheaper && g->landmarks)
        astar__landmarks_lower(g, from, e);
    g->edits++;
    return ASTAR_OK;
}

bool astar_graph_enabled(const astar_graph *g, uint32_t node)
{
    return g && graph_has(g, node) && g->enabled[node];
}

/* Labels the islands into island (per node), with queue as work space:
 * a breadth-first flood over edges either way, enabled nodes only. */
static uint32_t label_islands(const astar_graph *g, uint32_t *island, uint32_t *queue)
{
    memset(island, 0, (size_t)g->nodes * sizeof *island);
    uint32_t label = 0;
    for (uint32_t seed = 0; seed < g->nodes; seed++) {
        if (!g->enabled[seed] || island[seed])
            continue;
        island[seed] = ++label;
        size_t head = 0, tail = 0;
        queue[tail++] = seed;
        while (head < tail) {
            uint32_t v = queue[head++];
            for (uint32_t i = g->first[v]; i < g->first[v + 1]; i++)
                if (g->enabled[g->out[i].to] && !island[g->out[i].to]) {
                    island[g->out[i].to] = label;
                    queue[tail++] = g->out[i].to;
                }
            for (uint32_t i = g->back_first[v]; i < g->back_first[v + 1]; i++)
                if (g->enabled[g->back_from[i]] && !island[g->back_from[i]]) {
                    island[g->back_from[i]] = label;
                    queue[tail++] = g->back_from[i];
                }
        }
    }
    return label;
}

/* Labels the islands anew into a new array, replacing the old one only
 * when all went well. */
static astar_status relabel(astar_graph *g)
{
    uint32_t *island = astar__allocate(&g->memory, g->nodes, sizeof *island);
    uint32_t *queue = astar__allocate(&g->memory, g->nodes, sizeof *queue);
    if (!island || !queue) {
        astar__release(&g->memory, island);
        astar__release(&g->memory, queue);
        return ASTAR_OUT_OF_MEMORY;
    }
    g->islands = label_islands(g, island, queue);
    astar__release(&g->memory, queue);
    astar__release(&g->memory, g->island);
    g->island = island;
    return ASTAR_OK;
}

astar_status astar_graph_enable_islands(astar_graph *g)
{
    return g ? relabel(g) : ASTAR_INVALID_ARGUMENT;
}

uint32_t astar_graph_island(const astar_graph *g, uint32_t node)
{
    return g && g->island && graph_has(g, node) ? g->island[node] : 0;
}

astar_status astar_graph_set_enabled(astar_graph *g, uint32_t node, bool enabled)
{
    if (!g || !graph_has(g, node))
        return ASTAR_INVALID_ARGUMENT;
    if (g->enabled[node] == enabled)
        return ASTAR_OK;
    g->enabled[node] = enabled;
    if (g->island && relabel(g) != ASTAR_OK) {
        g->enabled[node] = !enabled;
        return ASTAR_OUT_OF_MEMORY;
    }
    g->edits++;
    return ASTAR_OK;
}

const char *astar_graph_name(const astar_graph *g, uint32_t node)
{
    return g && graph_has(g, node) ? name_of(g, node) : NULL;
}

astar_status astar_graph_find(const astar_graph *g, const char *name, uint32_t *node)
{
    if (!g || !name || !node)
        return ASTAR_INVALID_ARGUMENT;
    size_t lo = 0, hi = g->named;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int order = strcmp(name_of(g, g->by_name[mid]), name);
        if (order == 0) {
            *node = g->by_name[mid];
            return ASTAR_OK;
        }
        if (order < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return ASTAR_INVALID_ARGUMENT;
}

bool astar_graph_position(const astar_graph *g, uint32_t node, double *x, double *y)
{
    if (!g || !graph_placed(g) || !graph_has(g, node))
        return false;
    if (x)
        *x = graph_coordinate(g, 2 * (size_t)node);
    if (y)
        *y = graph_coordinate(g, 2 * (size_t)node + 1);
    return true;
}

void astar__graph_aim_edge(astar_graph *g, uint32_t edge, uint32_t to, uint32_t cost)
{
    g->out[edge] = (graph_edge){ to, cost };
    g->edits++;
}

void astar__graph_place(astar_graph *g, uint32_t node, double x, double y)
{
    size_t k = 2 * (size_t)node;
    if (g->xy32) {
        g->xy32[k] = (float)x;
        g->xy32[k + 1] = (float)y;
    } else {
        g->xy[k] = x;
        g->xy[k + 1] = y;
    }
    g->edits++;
}
