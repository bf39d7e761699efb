/* astar-world MAP SCEN [MAP SCEN]... : what cost layers and other units
 * cost a search. Every problem of each scenario (octile costs and
 * heuristic) is solved five ways, one after the other, so that load drift
 * hits all alike, and the whole file REPEAT times, keeping each way's
 * fastest run:
 *   plain         no layer, no units: the loop without extras
 *   zero layer    one all-zero layer of weight 1: the same search (same
 *                 squares, same path), through the loop with extras
 *   lone unit     a units object holding only the searcher: the same again
 *   influence     a layer with 40 discs of carnage (radius 6, value 20)
 *   crowd         200 other units, a third stopped, the rest walking
 *                 random 30-cell paths; penalty 4 within radius 8
 * and prints microseconds per query and nanoseconds per expanded square. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { WAYS = 5, DISCS = 40, CROWD = 200, WALK = 30, REPEAT = 3 };

static const char *const way_names[WAYS] = { "plain", "zero layer", "lone unit", "influence", "crowd" };

/* Units all over the map; the searcher is unit 0. Returns false when out
 * of memory. */
static bool make_crowd(const astar_grid *g, astar_units *crowd, uint64_t *state)
{
    uint32_t id;
    astar_point walk[WALK];
    if (astar_units_add(crowd, 0, 0, &id) != ASTAR_OK)
        return false;
    for (int i = 0; i < CROWD; i++) {
        astar_point at = bench_random_walkable(g, state);
        if (astar_units_add(crowd, at.x, at.y, &id) != ASTAR_OK)
            return false;
        if (i % 3 == 0)
            continue;
        walk[0] = at;
        for (int k = 1; k < WALK; k++) {
            astar_point next = walk[k - 1];
            for (int tries = 0; tries < 8; tries++) {
                astar_point c = { next.x + (int32_t)(next_random(state) % 3) - 1,
                                  next.y + (int32_t)(next_random(state) % 3) - 1 };
                if (astar_grid_walkable(g, c.x, c.y)) {
                    next = c;
                    break;
                }
            }
            walk[k] = next;
        }
        if (astar_units_set_path(crowd, id, walk, WALK) != ASTAR_OK)
            return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc % 2 == 0) {
        fprintf(stderr, "usage: astar-world MAP SCEN [MAP SCEN]...\n");
        return 2;
    }
    printf("%-28s %-11s %8s %10s %12s %8s %9s\n", "map", "way", "queries", "mean us", "expanded/q",
           "ns/exp", "vs plain");
    for (int i = 1; i + 1 < argc; i += 2) {
        astar_grid *g;
        astar_scenario *scen;
        astar_context *ctx;
        if (!bench_load_map("astar-world", argv[i], &g) ||
            !bench_load_scenario("astar-world", argv[i + 1], &scen))
            return 1;
        const char *name = bench_base_name(argv[i]);
        int w = astar_grid_width(g), h = astar_grid_height(g);
        astar_layer *zero, *influence;
        astar_units *lone, *crowd;
        uint32_t me;
        uint64_t state = 11;
        if (astar_context_new(astar_grid_cells(g), &ctx) != ASTAR_OK ||
            astar_layer_new(w, h, &zero) != ASTAR_OK || astar_layer_new(w, h, &influence) != ASTAR_OK ||
            astar_units_new(w, h, 1, &lone) != ASTAR_OK || astar_units_add(lone, 0, 0, &me) != ASTAR_OK ||
            astar_units_new(w, h, CROWD + 1, &crowd) != ASTAR_OK || !make_crowd(g, crowd, &state)) {
            fprintf(stderr, "astar-world: out of memory\n");
            return 1;
        }
        for (int d = 0; d < DISCS; d++) {
            astar_point c = bench_random_walkable(g, &state);
            astar_layer_add_disc(influence, c.x, c.y, 6, 20);
        }
        astar_layer_use zero_use = { zero, 1.0 }, influence_use = { influence, 1.0 };
        astar_options ways[WAYS];
        for (int k = 0; k < WAYS; k++) {
            ways[k] = astar_options_default();
            ways[k].costs = ASTAR_COSTS_OCTILE;
            ways[k].heuristic = ASTAR_HEURISTIC_OCTILE;
        }
        ways[1].world.layers = &zero_use;
        ways[1].world.layer_count = 1;
        ways[2].world.units = lone;
        ways[3].world.layers = &influence_use;
        ways[3].world.layer_count = 1;
        ways[4].world.units = crowd;
        ways[2].world.unit = ways[4].world.unit = me;
        double seconds[WAYS], expanded[WAYS] = { 0 };
        size_t n = astar_scenario_count(scen);
        for (int r = 0; r < REPEAT; r++) {
            double run[WAYS] = { 0 };
            for (size_t q = 0; q < n; q++) {
                const astar_problem *p = astar_scenario_problem(scen, q);
                astar_units_move(lone, me, p->start.x, p->start.y);
                astar_units_move(crowd, me, p->start.x, p->start.y);
                for (int k = 0; k < WAYS; k++) {
                    astar_route path = { 0 };
                    double t0 = now_seconds();
                    astar_find_path(ctx, g, p->start, p->goal, &ways[k], &path);
                    run[k] += now_seconds() - t0;
                    if (r == 0)
                        expanded[k] += path.expanded;
                }
            }
            for (int k = 0; k < WAYS; k++)
                if (r == 0 || run[k] < seconds[k])
                    seconds[k] = run[k];
        }
        for (int k = 0; k < WAYS; k++) {
            double ns = expanded[k] > 0 ? seconds[k] * 1e9 / expanded[k] : 0.0;
            double plain = expanded[0] > 0 ? seconds[0] * 1e9 / expanded[0] : 0.0;
            printf("%-28.28s %-11s %8zu %10.1f %12.1f %8.1f %8.2fx\n", k == 0 ? name : "",
                   way_names[k], n, seconds[k] * 1e6 / (double)n, expanded[k] / (double)n, ns,
                   plain > 0 ? ns / plain : 0.0);
        }
        astar_units_delete(crowd);
        astar_units_delete(lone);
        astar_layer_delete(influence);
        astar_layer_delete(zero);
        astar_context_delete(ctx);
        astar_scenario_delete(scen);
        astar_grid_delete(g);
    }
    return 0;
}
