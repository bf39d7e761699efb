/* astar-graph SCEN...: A* on a grid against A* on the same grid made into
 * a graph (astar_graph_new_from_grid), per expansion. Both run the heap, then
 * both the bucket open list, with octile costs and octile H (the graph's
 * metric, from positions), so that
 * they expand nearly the same squares (H differs in its last unit, in
 * floating point on the graph) and what differs is what an expansion
 * costs: reading a byte of walkable neighbours and working out H from
 * offsets, against reading a row of edges and H from stored positions.
 * The two searches take turns problem by problem, so the machine's drift
 * falls on both. Also the graph's memory per node and edge, and its
 * build time. Every answer is compared: the costs must be equal. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { EVERY = 5 };

enum { LISTS = 2 };
static const astar_open_list lists[LISTS] = { ASTAR_OPEN_LIST_HEAP, ASTAR_OPEN_LIST_BUCKETS };

typedef struct tally {
    double grid_s[LISTS], graph_s[LISTS];
    unsigned long long grid_exp[LISTS], graph_exp[LISTS];
    size_t problems, mismatches;
} tally;

/* ns per expansion of the grid and the graph, and their ratio, per list. */
static void print_times(const tally *t)
{
    for (int l = 0; l < LISTS; l++) {
        double grid = t->grid_s[l] * 1e9 / (double)(t->grid_exp[l] ? t->grid_exp[l] : 1);
        double graph = t->graph_s[l] * 1e9 / (double)(t->graph_exp[l] ? t->graph_exp[l] : 1);
        printf(" %8.1f %8.1f %5.2f", grid, graph, graph / grid);
    }
}

static int run_file(const char *path, tally *t)
{
    astar_scenario *scen;
    astar_grid *grid;
    if (!bench_load_scenario_map("astar-graph", path, &scen, &grid))
        return 1;
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    double t0 = now_seconds();
    astar_graph *graph;
    if (astar_graph_new_from_grid(grid, &o, &graph) != ASTAR_OK) {
        fprintf(stderr, "astar-graph: out of memory\n");
        return 1;
    }
    double build = now_seconds() - t0;
    size_t cells = astar_grid_cells(grid);
    astar_context *grid_ctx, *graph_ctx;
    if (astar_context_new(cells, &grid_ctx) != ASTAR_OK ||
        astar_graph_context_new(cells, &graph_ctx) != ASTAR_OK) {
        fprintf(stderr, "astar-graph: out of memory\n");
        return 1;
    }
    int w = astar_grid_width(grid);
    tally here = { 0 };
    for (size_t i = 0; i < astar_scenario_count(scen); i += EVERY) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        uint32_t from = (uint32_t)(p->start.y * w + p->start.x), to = (uint32_t)(p->goal.y * w + p->goal.x);
        for (int l = 0; l < LISTS; l++) {
            o.search.open_list = lists[l];
            astar_route gp = { 0 };
            astar_route np = { 0 };
            double a, b, c;
            if (i / EVERY % 2) {
                a = now_seconds();
                astar_find_path(grid_ctx, grid, p->start, p->goal, &o, &gp);
                b = now_seconds();
                astar_graph_find_path(graph_ctx, graph, from, to, &o.search, &np);
                c = now_seconds();
                here.grid_s[l] += b - a;
                here.graph_s[l] += c - b;
            } else {
                a = now_seconds();
                astar_graph_find_path(graph_ctx, graph, from, to, &o.search, &np);
                b = now_seconds();
                astar_find_path(grid_ctx, grid, p->start, p->goal, &o, &gp);
                c = now_seconds();
                here.graph_s[l] += b - a;
                here.grid_s[l] += c - b;
            }
            here.grid_exp[l] += gp.expanded;
            here.graph_exp[l] += np.expanded;
            here.mismatches += gp.cost != np.cost;
        }
        here.problems++;
    }
    size_t edges = astar_graph_edges(graph);
    printf("%-24s %8zu %5.2f", bench_base_name(path), here.problems,
           (double)here.graph_exp[0] / (double)(here.grid_exp[0] ? here.grid_exp[0] : 1));
    print_times(&here);
    printf(" %7.1f %7.1f %7.3f\n", (double)astar_graph_bytes(graph) / (double)cells,
           (double)astar_graph_bytes(graph) / (double)(edges ? edges : 1), build);
    for (int l = 0; l < LISTS; l++) {
        t->grid_s[l] += here.grid_s[l];
        t->graph_s[l] += here.graph_s[l];
        t->grid_exp[l] += here.grid_exp[l];
        t->graph_exp[l] += here.graph_exp[l];
    }
    t->problems += here.problems;
    t->mismatches += here.mismatches;
    astar_context_delete(grid_ctx);
    astar_context_delete(graph_ctx);
    astar_graph_delete(graph);
    astar_grid_delete(grid);
    astar_scenario_delete(scen);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: astar-graph SCEN...  (every %dth problem of each)\n", EVERY);
        return 2;
    }
    printf("A* on the grid and on its graph (octile costs and H; the heap, then the buckets),\n"
           "every %dth problem; graph context: 20 bytes per node, grid context 16 per cell\n\n",
           EVERY);
    printf("%-24s %8s %5s %8s %8s %5s %8s %8s %5s %7s %7s %7s\n", "", "", "", "heap", "", "",
           "buckets", "", "", "", "", "");
    printf("%-24s %8s %5s %8s %8s %5s %8s %8s %5s %7s %7s %7s\n", "file", "problems", "exp",
           "grid ns", "graph ns", "ratio", "grid ns", "graph ns", "ratio", "B/node", "B/edge",
           "build s");
    tally t = { 0 };
    for (int i = 1; i < argc; i++)
        if (run_file(argv[i], &t))
            return 2;
    printf("%-24s %8zu %5.2f", "all", t.problems,
           (double)t.graph_exp[0] / (double)(t.grid_exp[0] ? t.grid_exp[0] : 1));
    print_times(&t);
    printf("\n(exp: graph expansions / grid expansions on the heap; ns: per expansion; ratio:\n"
           " graph / grid; B/node, B/edge: astar_graph_bytes over the cells and over the edges)\n");
    if (t.mismatches) {
        printf("%zu problems with different costs\n", t.mismatches);
        return 1;
    }
    return 0;
}
