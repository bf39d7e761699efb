/* astar-hex SCEN...: A* on a map read as squares against the same map read
 * as hexes (pointy-top odd-r and flat-top odd-q), per expansion: the same
 * array, the same problems (every 5th), octile costs and H on squares, hex
 * distance on hexes, with the heap and with the buckets. A hex has 6
 * neighbours where a square has 8 and the paths differ, so the searches
 * expand different cells: what is compared is the time an expansion takes.
 * The three take turns problem by problem, in an order that rotates, so
 * that the machine's drift falls on all of them. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { EVERY = 5, KINDS = 3, LISTS = 2 };

static const astar_topology topology[KINDS] = { ASTAR_TOPOLOGY_SQUARE, ASTAR_TOPOLOGY_HEX_ODD_R,
                                                ASTAR_TOPOLOGY_HEX_ODD_Q };
static const astar_open_list list[LISTS] = { ASTAR_OPEN_LIST_HEAP, ASTAR_OPEN_LIST_BUCKETS };

typedef struct tally {
    double seconds[LISTS][KINDS];
    unsigned long long expanded[LISTS][KINDS];
    size_t problems;
} tally;

static double per_expansion(const tally *t, int l, int k)
{
    return t->seconds[l][k] * 1e9 / (double)(t->expanded[l][k] ? t->expanded[l][k] : 1);
}

static void print_row(const char *name, const tally *t)
{
    printf("%-28s %8zu", name, t->problems);
    for (int l = 0; l < LISTS; l++)
        printf(" %8.1f %8.1f %8.1f %5.2f %5.2f", per_expansion(t, l, 0), per_expansion(t, l, 1),
               per_expansion(t, l, 2), per_expansion(t, l, 1) / per_expansion(t, l, 0),
               per_expansion(t, l, 2) / per_expansion(t, l, 0));
    printf("\n");
}

static int run_file(const char *path, tally *total)
{
    astar_scenario *scen;
    astar_grid *grid;
    if (!bench_load_scenario_map("astar-hex", path, &scen, &grid))
        return 1;
    astar_context *ctx;
    if (astar_context_new(astar_grid_cells(grid), &ctx) != ASTAR_OK) {
        fprintf(stderr, "astar-hex: out of memory\n");
        return 1;
    }
    tally here = { 0 };
    for (size_t i = 0; i < astar_scenario_count(scen); i += EVERY) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        for (int l = 0; l < LISTS; l++)
            for (int turn = 0; turn < KINDS; turn++) {
                int k = (int)((i / EVERY + (size_t)turn) % KINDS);
                astar_options o = astar_options_default();
                o.costs = ASTAR_COSTS_OCTILE;
                o.heuristic = ASTAR_HEURISTIC_OCTILE;
                o.search.open_list = list[l];
                astar_route path_out = { 0 };
                /* O(1) on a grid without islands: one map serves all three. */
                astar_grid_set_topology(grid, topology[k]);
                double t0 = now_seconds();
                astar_find_path(ctx, grid, p->start, p->goal, &o, &path_out);
                here.seconds[l][k] += now_seconds() - t0;
                here.expanded[l][k] += path_out.expanded;
            }
        here.problems++;
    }
    print_row(bench_base_name(path), &here);
    for (int l = 0; l < LISTS; l++)
        for (int k = 0; k < KINDS; k++) {
            total->seconds[l][k] += here.seconds[l][k];
            total->expanded[l][k] += here.expanded[l][k];
        }
    total->problems += here.problems;
    astar_grid_delete(grid);
    astar_context_delete(ctx);
    astar_scenario_delete(scen);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: astar-hex SCEN...  (every %dth problem of each)\n", EVERY);
        return 2;
    }
    printf("A* per expansion on each map read as squares (8 moves, octile costs and H) and as\n"
           "hexes (odd-r, odd-q; hex distance), every %dth problem; ns per expansion\n\n", EVERY);
    printf("%-28s %8s %8s %8s %8s %5s %5s %8s %8s %8s %5s %5s\n", "", "", "heap", "", "", "", "",
           "buckets", "", "", "", "");
    printf("%-28s %8s %8s %8s %8s %5s %5s %8s %8s %8s %5s %5s\n", "file", "problems", "square",
           "odd-r", "odd-q", "r/sq", "q/sq", "square", "odd-r", "odd-q", "r/sq", "q/sq");
    tally total = { 0 };
    for (int i = 1; i < argc; i++)
        if (run_file(argv[i], &total))
            return 2;
    print_row("all", &total);
    printf("(r/sq, q/sq: hex ns per expansion over square ns per expansion)\n");
    return 0;
}
