/* astar-graph SCEN...: A* on a grid against A* on the same grid made into
 * a graph (astar_graph_from_grid), per expansion. Both run the heap with
 * octile costs and octile H (the graph's metric, from positions), so that
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

typedef struct tally {
    double grid_s, graph_s;
    unsigned long long grid_exp, graph_exp;
    size_t problems, mismatches;
} tally;

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
    if (astar_graph_from_grid(grid, &o, NULL, &graph) != ASTAR_OK) {
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
        astar_path gp = { 0 };
        astar_graph_path np = { 0 };
        double a, b, c;
        if (i / EVERY % 2) {
            a = now_seconds();
            astar_find_path(grid_ctx, grid, p->start, p->goal, &o, &gp);
            b = now_seconds();
            astar_graph_find_path(graph_ctx, graph, from, to, &o, &np);
            c = now_seconds();
            here.grid_s += b - a;
            here.graph_s += c - b;
        } else {
            a = now_seconds();
            astar_graph_find_path(graph_ctx, graph, from, to, &o, &np);
            b = now_seconds();
            astar_find_path(grid_ctx, grid, p->start, p->goal, &o, &gp);
            c = now_seconds();
            here.graph_s += b - a;
            here.grid_s += c - b;
        }
        here.grid_exp += gp.expanded;
        here.graph_exp += np.expanded;
        here.problems++;
        here.mismatches += gp.cost != np.cost;
    }
    size_t edges = astar_graph_edges(graph);
    printf("%-28s %9zu %5.2f %9.1f %9.1f %6.2f %9.1f %9.1f %7.3f\n", bench_base_name(path),
           here.problems, (double)here.graph_exp / (double)(here.grid_exp ? here.grid_exp : 1),
           here.grid_s * 1e9 / (double)here.grid_exp, here.graph_s * 1e9 / (double)here.graph_exp,
           (here.graph_s / (double)here.graph_exp) / (here.grid_s / (double)here.grid_exp),
           (double)astar_graph_bytes(graph) / (double)cells,
           (double)astar_graph_bytes(graph) / (double)(edges ? edges : 1), build);
    t->grid_s += here.grid_s;
    t->graph_s += here.graph_s;
    t->grid_exp += here.grid_exp;
    t->graph_exp += here.graph_exp;
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
    printf("A* on the grid and on its graph (heap, octile costs and H), every %dth "
           "problem;\ngraph context: 20 bytes per node, grid context 16 per cell\n\n",
           EVERY);
    printf("%-28s %9s %5s %9s %9s %6s %9s %9s %7s\n", "file", "problems", "exp", "grid ns",
           "graph ns", "ratio", "B/node", "B/edge", "build s");
    tally t = { 0 };
    for (int i = 1; i < argc; i++)
        if (run_file(argv[i], &t))
            return 2;
    printf("%-28s %9zu %5.2f %9.1f %9.1f %6.2f\n", "all", t.problems,
           (double)t.graph_exp / (double)(t.grid_exp ? t.grid_exp : 1),
           t.grid_s * 1e9 / (double)t.grid_exp, t.graph_s * 1e9 / (double)t.graph_exp,
           (t.graph_s / (double)t.graph_exp) / (t.grid_s / (double)t.grid_exp));
    printf("(exp: graph expansions / grid expansions; ns: per expansion; ratio: graph / grid;\n"
           " B/node, B/edge: astar_graph_bytes over the cells and over the edges)\n");
    if (t.mismatches) {
        printf("%zu problems with different costs\n", t.mismatches);
        return 1;
    }
    return 0;
}
