/* astar-islands MAP... : what islands save a search that cannot succeed.
 * For each Moving AI map, queries from random cells of the largest island
 * to random cells of other islands (seeded): the time of each with the
 * map's islands enabled, where it stops at once, and without, where A*
 * (octile costs and heuristic) searches the whole island first. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { QUERIES = 50 };

/* A random cell of island `want` (or, with want 0, of any other island
 * than `avoid`); false if there is none. */
static bool pick(const astar_grid *g, uint32_t want, uint32_t avoid, uint64_t *state,
                 astar_point *out)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (long tries = 0; tries < 100L * w * h; tries++) {
        int x = (int)(next_random(state) % (uint32_t)w), y = (int)(next_random(state) % (uint32_t)h);
        uint32_t island = astar_grid_island(g, x, y);
        if (island != 0 && (want ? island == want : island != avoid)) {
            *out = (astar_point){ x, y };
            return true;
        }
    }
    return false;
}

static uint32_t largest_island(const astar_grid *g)
{
    size_t cells = astar_grid_cells(g);
    uint32_t *count = calloc(cells + 1, sizeof *count), best = 0;
    if (!count)
        return 0;
    /* Labels of a freshly enabled grid are 1..islands <= cells. */
    for (int y = 0; y < astar_grid_height(g); y++)
        for (int x = 0; x < astar_grid_width(g); x++) {
            uint32_t i = astar_grid_island(g, x, y);
            if (i && ++count[i] > count[best])
                best = i;
        }
    free(count);
    return best;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: astar-islands MAP...\n");
        return 2;
    }
    printf("%-40s %8s %14s %14s %12s\n", "map", "queries", "without us", "with us", "expanded");
    for (int i = 1; i < argc; i++) {
        astar_grid *g;
        astar_context *ctx;
        if (!bench_load_map("astar-islands", argv[i], &g))
            return 1;
        if (astar_grid_enable_islands(g) != ASTAR_OK ||
            astar_context_new(astar_grid_cells(g), &ctx) != ASTAR_OK) {
            fprintf(stderr, "astar-islands: out of memory\n");
            return 1;
        }
        astar_options o = astar_options_default();
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        uint32_t main_island = largest_island(g);
        uint64_t state = 7;
        double without = 0, with = 0, expanded = 0;
        int n = 0;
        astar_point first[2] = { { 0, 0 }, { 0, 0 } };
        for (; n < QUERIES; n++) {
            astar_point a, b;
            if (!pick(g, main_island, 0, &state, &a) || !pick(g, 0, main_island, &state, &b))
                break;
            if (n == 0) {
                first[0] = a;
                first[1] = b;
            }
            astar_route p = { 0 };
            double t0 = now_seconds();
            astar_status s1 = astar_find_path(ctx, g, a, b, &o, &p);
            double t1 = now_seconds();
            astar_grid_disable_islands(g);
            double t2 = now_seconds();
            astar_status s2 = astar_find_path(ctx, g, a, b, &o, &p);
            double t3 = now_seconds();
            if (s1 != ASTAR_NO_PATH || s2 != ASTAR_NO_PATH || astar_grid_enable_islands(g) != ASTAR_OK) {
                fprintf(stderr, "astar-islands: %s: (%d,%d)->(%d,%d) was not a no-path query\n",
                        argv[i], a.x, a.y, b.x, b.y);
                return 1;
            }
            with += t1 - t0;
            without += t3 - t2;
            expanded += p.expanded;
        }
        if (n == 0) {
            printf("%-40s %8s\n", argv[i], "(one island)");
        } else {
            printf("%-40s %8d %14.1f %14.3f %12.0f\n", argv[i], n, without * 1e6 / n,
                   with * 1e6 / n, expanded / n);
            printf("  e.g. astar path %s %d %d %d %d --islands\n", argv[i], first[0].x, first[0].y,
                   first[1].x, first[1].y);
        }
        astar_context_delete(ctx);
        astar_grid_delete(g);
    }
    return 0;
}
