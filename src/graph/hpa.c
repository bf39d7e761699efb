/* HPA*'s life cycle and edits (astar/hpa.h, graph/hpa.h): the calls that
 * make an hpa, change its grid's clusters or its graph's settings, and
 * free or measure it. Each change marks what it makes stale and leaves
 * the work to one refresh (hpa_graph.c), so that a build is the refresh
 * of an hpa whose every cluster is stale. */
#include "graph/hpa.h"

#include <string.h>

#include "core/error.h"
#include "core/hex.h"
#include "core/options.h"
#include "graph/splice.h"

/* The cells of a whole cluster: what the scratch is sized for. */
static size_t cluster_cells(const astar_hpa *h)
{
    return (size_t)h->size * (size_t)h->size;
}

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
    /* A unit of a size is a unit of one cell on its shadow (always of
     * squares: the grid's topology was asked above), whose feed the hpa
     * then catches up from as from any grid's. */
    int unit_size = options_unit_size(options);
    uint32_t capability = options->world.capability;
    if (astar__options_sized(options)) {
        grid = astar_grid_sized_shadow(grid, unit_size, capability);
        if (!grid)
            return astar__error_set(err, ASTAR_UNSUPPORTED, NULL, 0,
                                    "a unit of size %d and capability %u: HPA* serves it on its "
                                    "shadow, not enabled (astar_grid_enable_sized_shadow)",
                                    unit_size, capability);
    }
    astar_hpa *h = astar__allocate_zeroed(&memory, 1, sizeof *h);
    if (!h)
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, NULL, 0, "out of memory");
    cost_model model = cost_model_of(options);
    model.topology = grid->topology;
    *h = (astar_hpa){ .memory = memory, .grid = grid, .unit_size = unit_size,
                      .capability = capability, .moves = options->moves,
                      .costs = options->costs,
                      .straight = model.straight, .diagonal = model.diagonal,
                      .size = cluster_size, .landmarks = ASTAR_HPA_LANDMARKS,
                      .across = (grid->width + cluster_size - 1) / cluster_size,
                      .down = (grid->height + cluster_size - 1) / cluster_size };
    for (unsigned d = 0; d < DIRECTIONS; d++)
        h->step_cost[d] = cost_step(&model, d);
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
        status = astar__hpa_refresh(h, false, err);
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
    astar__hpa_release_graph(h);
    for (uint32_t c = 0; h->clusters && c < cluster_count(h); c++)
        astar__hpa_release_cluster(h, &h->clusters[c]);
    void *arrays[] = { h->clusters,   h->stale,     h->first_node, h->dist,
                       h->dir,        h->start_tree, h->goal_tree, h->heap,
                       h->trail,      h->pairs,      h->start_cost, h->goal_cost };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(&h->memory, arrays[i]);
    astar__release(&h->memory, h);
}

/* Marks stale the clusters an edit of (x, y) changes: its own, and for a
 * cell on a border the cluster across it, whose entrances changed too.
 * Returns whether the cell lies inside its cluster, on no border. */
static bool mark_edited(astar_hpa *h, int x, int y)
{
    uint32_t c = cluster_at(h, x, y);
    rect r = cluster_rect(h, c);
    uint32_t across[4] = { c, c, c, c };
    if (x == r.x0 && x > 0)
        across[0] = c - 1;
    if (x == r.x0 + r.w - 1 && x + 1 < h->grid->width)
        across[1] = c + 1;
    if (y == r.y0 && y > 0)
        across[2] = c - (uint32_t)h->across;
    if (y == r.y0 + r.h - 1 && y + 1 < h->grid->height)
        across[3] = c + (uint32_t)h->across;
    bool inside = true;
    for (int k = 0; k < 4; k++) {
        inside = inside && across[k] == c;
        h->stale[across[k]] = STALE;
    }
    return inside;
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
    if (count == 0)
        return astar__hpa_catch_up(h, err);
    bool inside = true;
    for (size_t i = 0; i < count; i++)
        inside = mark_edited(h, cells[i].x, cells[i].y) && inside;
    return astar__hpa_refresh(h, inside, err);
}

astar_status astar__hpa_catch_up(astar_hpa *h, astar_error *err)
{
    const astar_grid *grid = h->grid;
    bool inside = true;
    for (uint64_t e = h->grid_edits + 1; e <= grid->edits; e++) {
        uint32_t cell = grid_fed_cell(grid, e);
        if (cell == FEED_INDEX)
            continue; /* an index of the grid: no cell changed */
        if (cell == FEED_WHOLE) {
            memset(h->stale, STALE, cluster_count(h));
            inside = false;
            break;
        }
        inside = mark_edited(h, (int)(cell % (uint32_t)grid->width),
                             (int)(cell / (uint32_t)grid->width)) && inside;
    }
    return astar__hpa_refresh(h, inside, err);
}

const astar_graph *astar_hpa_graph(const astar_hpa *h) { return h ? h->graph : NULL; }
uint32_t astar_hpa_nodes(const astar_hpa *h) { return h ? h->nodes : 0; }
int astar_hpa_cluster_size(const astar_hpa *h) { return h ? h->size : 0; }

astar_status astar_hpa_set_straighten(astar_hpa *h, bool straighten)
{
    if (!h)
        return ASTAR_INVALID_ARGUMENT;
    h->raw = !straighten;
    return ASTAR_OK;
}

bool astar_hpa_straightens(const astar_hpa *h)
{
    return h && !h->raw;
}

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
    return astar__hpa_refresh(h, false, err);
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
    if (astar__hpa_enable_landmarks(h) != ASTAR_OK) {
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
                   ((size_t)h->nodes + SPLICE_NODES) * sizeof *h->route;
    for (uint32_t c = 0; c < clusters; c++) {
        const cluster *k = &h->clusters[c];
        rect r = cluster_rect(h, c);
        bytes += (k->count + 2 * (size_t)k->count * k->count + 1) * sizeof(uint32_t) +
                 k->count * (size_t)r.w * (size_t)r.h * (1 + sizeof *k->dists) +
                 (k->walk_at ? k->walk_at[(size_t)k->count * k->count] : 0);
    }
    return bytes;
}
