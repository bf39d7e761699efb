/* Searches inside one cluster of HPA* (graph/hpa.h): the Dijkstras from
 * each of its entrances that give the graph its costs inside the cluster
 * and refinement its ways, and a query's searches from its start and to
 * its goal (hpa_query.c). A small search of the module's own, on the
 * shared heap of keys (open/key_heap.h) over the cluster's rectangle, not
 * the library's loop, whose context spans the whole grid (docs/design.md,
 * "Two tiers"). The search
 * is inlined whole into each of its two entry points here, so that no
 * call is made per cell. */
#include "graph/hpa.h"
#include "open/key_heap.h"

#include <string.h>

/* A heap key: the cost above, a cell of the cluster below. */
enum { LOCAL_BITS = 12 };

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

/* The cell at place `at` among r's cells (local_place's inverse). */
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
    key_heap_push(h->heap, &n, octile_to(h, s, u, terrain) << LOCAL_BITS | local);
    while (n > 0) {
        uint64_t key = key_heap_pop(h->heap, &n);
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
            uint64_t next = (uint64_t)g + (uint64_t)h->step_cost[d] * factor;
            uint32_t there = local_place(r, (astar_point){ nx, ny });
            if (next >= h->dist[there])
                continue;
            h->dist[there] = (uint32_t)next;
            h->dir[there] = (uint8_t)d;
            key_heap_push(h->heap, &n,
                     (next + octile_to(h, (astar_point){ nx, ny }, u, terrain)) << LOCAL_BITS | there);
        }
    }
}

/* settle_as's two uses, each compiled on its own, so that the Dijkstras
 * that build a cluster, most of a build's and an edit's time, have no H
 * in them at all. */
void astar__hpa_settle(astar_hpa *h, rect r, uint32_t source, bool backward)
{
    settle_as(h, r, source, backward, NO_CELL, false);
}

void astar__hpa_settle_towards(astar_hpa *h, rect r, uint32_t source, uint32_t until)
{
    settle_as(h, r, source, false, until, true);
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

void astar__hpa_release_cluster(astar_hpa *h, cluster *k)
{
    void *arrays[] = { k->cells, k->cost, k->trees, k->dists, k->walk_at, k->walks };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(&h->memory, arrays[i]);
    *k = (cluster){ 0 };
}

astar_status astar__hpa_rebuild_cluster(astar_hpa *h, uint32_t c)
{
    uint32_t count = astar__hpa_cluster_entrances(h, c);
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
        astar__hpa_release_cluster(h, &made);
        return ASTAR_OUT_OF_MEMORY;
    }
    memcpy(made.cells, h->pairs, (size_t)count * sizeof *made.cells);
    for (uint32_t i = 0; i < count; i++) {
        astar__hpa_settle(h, r, made.cells[i], false);
        for (uint32_t j = 0; j < count; j++)
            made.cost[(size_t)i * count + j] = settled_cost(h, r, made.cells[j]);
        memcpy(made.trees + i * area, h->dir, area);
        memcpy(made.dists + i * area, h->dist, area * sizeof *made.dists);
    }
    if (!make_walks(h, c, &made)) {
        astar__hpa_release_cluster(h, &made);
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
    astar__hpa_release_cluster(h, &h->clusters[c]);
    h->clusters[c] = made;
    h->stale[c] = REBUILT;
    return ASTAR_OK;
}
