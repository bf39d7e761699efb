/* astar-flow-field MAP... : what one Dijkstra search from several targets
 * costs, and what it saves (the article's note 8). For each Moving AI map
 * (octile costs, 8 moves with the corner rule):
 *   1. the time to build the distance map and flow field of the whole map
 *      to 1 and to 16 targets at random walkable cells (seeded), the median
 *      of ROUNDS builds;
 *   2. the nearest of those 16 targets from QUERIES random walkable cells:
 *      one astar_find_nearest against the alternative the article names,
 *      one A* search (octile heuristic) per target, keeping the cheapest.
 *      Both must agree on the cost, or the program fails;
 *   3. a wall built at a random walkable cell and taken down again, ROUNDS
 *      times: the time astar_distance_map_update takes to catch the map
 *      of 16 targets up with each edit, against a build; after each, the
 *      two must agree on every cell's cost, or the program fails. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { ROUNDS = 11, QUERIES = 50, MANY = 16 };

/* A random walkable cell; false if a long search finds none. */
static bool pick(const astar_grid *g, uint64_t *state, astar_point *out)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (long tries = 0; tries < 100L * w * h; tries++) {
        int x = (int)(next_random(state) % (uint32_t)w), y = (int)(next_random(state) % (uint32_t)h);
        if (astar_grid_walkable(g, x, y)) {
            *out = (astar_point){ x, y };
            return true;
        }
    }
    return false;
}

static size_t reachable_cells(const astar_distance_map *map, const astar_grid *g)
{
    size_t n = 0;
    for (int y = 0; y < astar_grid_height(g); y++)
        for (int x = 0; x < astar_grid_width(g); x++)
            n += astar_distance_map_cost(map, x, y) != ASTAR_UNREACHABLE;
    return n;
}

/* Part 1: a line per target count. */
static bool time_builds(astar_distance_map *map, astar_context *ctx, const astar_grid *g,
                        const astar_point *targets, const astar_options *o)
{
    static const size_t counts[] = { 1, MANY };
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        double ms[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            double t0 = now_seconds();
            astar_status s = astar_distance_map_build(map, ctx, g, targets, counts[c], o);
            ms[r] = (now_seconds() - t0) * 1e3;
            if (s != ASTAR_OK) {
                fprintf(stderr, "astar-flow-field: %s\n", astar_status_message(s));
                return false;
            }
        }
        double first = ms[0], mid = median(ms, ROUNDS);
        size_t reached = reachable_cells(map, g);
        printf("  flow field, %2zu target%s  %8.2f ms (median of %d builds; first %.2f ms), "
               "%zu cells reached, %.0f ns per cell\n",
               counts[c], counts[c] == 1 ? ": " : "s:", mid, ROUNDS, first, reached,
               mid * 1e6 / (double)reached);
    }
    return true;
}

/* Part 2: one nearest search against MANY A* searches per query. */
static bool time_queries(astar_context *ctx, const astar_grid *g, const astar_point *targets,
                         const astar_options *o)
{
    double one[QUERIES], each[QUERIES], expanded_one = 0, expanded_each = 0;
    uint64_t state = 12345;
    for (int q = 0; q < QUERIES; q++) {
        astar_point start;
        if (!pick(g, &state, &start))
            return false;
        astar_route p = { 0 };
        size_t which;
        double t0 = now_seconds();
        astar_status s = astar_find_nearest(ctx, g, start, targets, MANY, o, &p, &which);
        double t1 = now_seconds();
        uint32_t nearest = s == ASTAR_OK ? p.cost : UINT32_MAX, least = UINT32_MAX;
        expanded_one += p.expanded;
        for (int i = 0; i < MANY; i++) {
            if (astar_find_path(ctx, g, start, targets[i], o, &p) == ASTAR_OK && p.cost < least)
                least = p.cost;
            expanded_each += p.expanded;
        }
        double t2 = now_seconds();
        if (least != nearest) {
            fprintf(stderr, "astar-flow-field: from (%d,%d) nearest cost %u, A* %u\n", start.x,
                    start.y, nearest, least);
            return false;
        }
        one[q] = (t1 - t0) * 1e6;
        each[q] = (t2 - t1) * 1e6;
    }
    double m1 = median(one, QUERIES), m16 = median(each, QUERIES);
    printf("  nearest of %d targets from %d random cells (median time, mean expanded):\n"
           "    astar_find_nearest %.1f us, %.0f expanded; %d A* searches %.1f us (%.2fx), "
           "%.0f expanded\n",
           MANY, QUERIES, m1, expanded_one / QUERIES, MANY, m16, m16 / m1,
           expanded_each / QUERIES);
    return true;
}

/* Part 3: catching up with one edit at a time, against building again. */
static bool time_updates(astar_distance_map *map, astar_context *ctx, astar_grid *g,
                         const astar_point *targets, const astar_options *o)
{
    astar_distance_map *built = NULL;
    if (astar_distance_map_new(astar_grid_cells(g), &built) != ASTAR_OK)
        return false;
    uint64_t state = 777;
    double update[2 * ROUNDS], build[2 * ROUNDS];
    bool ok = astar_distance_map_build(map, ctx, g, targets, MANY, o) == ASTAR_OK;
    astar_point wall = { 0, 0 };
    for (int r = 0; r < 2 * ROUNDS && ok; r++) {
        if (r % 2 == 0 && !pick(g, &state, &wall))
            break;
        astar_grid_set_walkable(g, wall.x, wall.y, r % 2 == 1);
        double t0 = now_seconds();
        ok = astar_distance_map_update(map, ctx, g) == ASTAR_OK;
        double t1 = now_seconds();
        ok = ok && astar_distance_map_build(built, ctx, g, targets, MANY, o) == ASTAR_OK;
        update[r] = (t1 - t0) * 1e3;
        build[r] = (now_seconds() - t1) * 1e3;
        for (int y = 0; y < astar_grid_height(g) && ok; y++)
            for (int x = 0; x < astar_grid_width(g) && ok; x++)
                ok = astar_distance_map_cost(map, x, y) == astar_distance_map_cost(built, x, y);
        if (!ok)
            fprintf(stderr, "astar-flow-field: the map caught up with (%d,%d) is not the one built\n",
                    wall.x, wall.y);
    }
    astar_distance_map_delete(built);
    if (ok) {
        double u = median(update, 2 * ROUNDS), b = median(build, 2 * ROUNDS);
        printf("  one cell blocked or opened, %d targets: catch-up %.3f ms, build %.2f ms "
               "(%.0fx; medians of %d edits)\n", MANY, u, b, b / u, 2 * ROUNDS);
    }
    return ok;
}

static bool run(const char *path, const astar_options *o)
{
    astar_grid *g;
    astar_context *ctx = NULL;
    astar_distance_map *map = NULL;
    if (!bench_load_map("astar-flow-field", path, &g))
        return false;
    astar_point targets[MANY];
    uint64_t state = 11;
    bool ok = true;
    for (int t = 0; t < MANY && ok; t++)
        ok = pick(g, &state, &targets[t]);
    size_t cells = astar_grid_cells(g);
    if (astar_context_new(cells, &ctx) != ASTAR_OK || astar_distance_map_new(cells, &map) != ASTAR_OK) {
        fprintf(stderr, "astar-flow-field: out of memory\n");
        ok = false;
    }
    if (ok) {
        printf("%s (%d x %d), octile costs, 8 moves; distance map %.1f bytes/cell\n", path,
               astar_grid_width(g), astar_grid_height(g),
               (double)astar_distance_map_bytes(map) / (double)cells);
        ok = time_builds(map, ctx, g, targets, o) && time_queries(ctx, g, targets, o) &&
             time_updates(map, ctx, g, targets, o);
    }
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
    astar_grid_delete(g);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: astar-flow-field MAP...\n");
        return 2;
    }
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    for (int i = 1; i < argc; i++)
        if (!run(argv[i], &o))
            return 1;
    return 0;
}
