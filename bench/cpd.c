/* astar-cpd [--graph] [--load DIR] [--stride K] SCEN... : precalculated
 * paths (astar/cpd.h) against a search on the same problems in the same
 * run. Per scenario file (its map in the Moving AI layout): the map's
 * database built on 2 threads (or loaded from DIR/<map>.cpd when that file
 * exists, as `astar cpd build` saves it), its build or load time and its
 * bytes per cell in memory and on disk; then on every K-th posable problem
 * (default 1) the first move alone, the whole path, and JPS+ on the bucket
 * open list, one after the other, octile costs, the medians in
 * microseconds and the search's median over each; then the first moves
 * again back to back ("burst": a frame of units each asking for its next
 * step, where between the first column's lookups a search has left the
 * caches cold). With --graph the map is
 * first made a graph (astar_graph_new_from_grid, octile), the database is the
 * graph's (DIR/<map>.graph.cpd) and the search A* on the graph (buckets,
 * octile H from the positions): a graph's database against a graph's
 * search. Every CPD path must have the scenario's optimal length and the
 * search's cost: a mismatch is counted and fails the run. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

static const char program[] = "astar-cpd";

enum { THREADS = 2 };

/* The samples of one file, in microseconds. */
typedef struct samples {
    double *first, *path, *search, *burst;
    size_t count;
} samples;

/* What one file's problems are asked of: the grid, or its graph, with
 * their database and the search it is measured against. */
typedef struct subject {
    astar_grid *grid;
    astar_graph *graph;       /* [opt] --graph */
    astar_cpd *cpd;
    astar_context *ctx;
    astar_options search;     /* JPS+, or A* on the graph */
    astar_point *points;
    uint32_t *nodes;
} subject;

static uint32_t node_of(const subject *t, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)astar_grid_width(t->grid) + (uint32_t)p.x;
}

/* The database of the map of the scenario file scen_path (X.map.scen):
 * loaded from dir/X.cpd (X.graph.cpd for a graph) when there is one, else
 * built; *seconds how long that took, *how which. */
static astar_status get_cpd(subject *t, const char *dir, const char *scen_path, double *seconds,
                            const char **how)
{
    char file[4096];
    double t0 = now_seconds();
    astar_status s;
    *how = "built";
    if (dir) {
        const char *base = bench_base_name(scen_path), *dot = strstr(base, ".map.scen");
        size_t stem = dot ? (size_t)(dot - base) : strlen(base);
        snprintf(file, sizeof file, "%s/%.*s%s.cpd", dir, (int)stem, base,
                 t->graph ? ".graph" : "");
        FILE *f = fopen(file, "rb");
        if (f) {
            fclose(f);
            *how = "loaded";
            s = t->graph ? astar_graph_cpd_load(file, t->graph, &t->cpd, NULL)
                         : astar_cpd_load(file, t->grid, &t->cpd, NULL);
            *seconds = now_seconds() - t0;
            return s;
        }
    }
    astar_options octile = bench_octile_buckets();
    s = t->graph ? astar_graph_cpd_new(t->graph, ASTAR_CPD_ORDER_DFS, THREADS, &t->cpd)
                 : astar_cpd_new(t->grid, &octile, ASTAR_CPD_ORDER_DFS, THREADS, &t->cpd);
    *seconds = now_seconds() - t0;
    return s;
}

/* The grid made ready: its graph (--graph) or its jump table - the table
 * first, since enabling it counts as an edit, which a CPD built before
 * would answer with ASTAR_MAP_CHANGED - the context and the buffers. */
static bool prepare(subject *t, bool graph)
{
    size_t cells = astar_grid_cells(t->grid);
    astar_options octile = bench_octile_buckets();
    t->search = octile;
    if (graph)
        return astar_graph_new_from_grid(t->grid, &octile, &t->graph) == ASTAR_OK &&
               astar_graph_context_new(cells, &t->ctx) == ASTAR_OK &&
               (t->nodes = malloc(cells * sizeof *t->nodes)) != NULL;
    t->search.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    return astar_grid_enable_jump_table(t->grid) == ASTAR_OK &&
           astar_context_new(cells, &t->ctx) == ASTAR_OK &&
           (t->points = malloc(cells * sizeof *t->points)) != NULL;
}

/* The first move of p's path, from the database. */
static astar_status first_move(const subject *t, const astar_problem *p)
{
    if (t->graph) {
        uint32_t next;
        return astar_graph_cpd_first_move(t->cpd, node_of(t, p->start), node_of(t, p->goal),
                                          &next);
    }
    astar_point next;
    return astar_cpd_first_move(t->cpd, p->start, p->goal, &next);
}

/* One problem three ways, each timed into times[0..2] (us): the first
 * move, the database's path (its cost into *cost) and the search's (into
 * *searched). The first status that is not ASTAR_OK, or ASTAR_OK. */
static astar_status ask(subject *t, const astar_problem *p, double times[3], uint32_t *cost,
                        uint32_t *searched)
{
    size_t cells = astar_grid_cells(t->grid);
    astar_status b, c;
    double t0 = now_seconds();
    astar_status a = first_move(t, p);
    double t1 = now_seconds(), t2;
    if (t->graph) {
        uint32_t from = node_of(t, p->start), to = node_of(t, p->goal);
        astar_route path = { .nodes = t->nodes, .capacity = cells };
        astar_route found = { .nodes = t->nodes, .capacity = cells };
        b = astar_graph_cpd_path(t->cpd, from, to, &path);
        t2 = now_seconds();
        c = astar_graph_find_path(t->ctx, t->graph, from, to, &t->search.search, &found);
        *cost = path.cost;
        *searched = found.cost;
    } else {
        astar_route path = { .points = t->points, .capacity = cells };
        astar_route found = { .points = t->points, .capacity = cells };
        b = astar_cpd_path(t->cpd, p->start, p->goal, &path);
        t2 = now_seconds();
        c = astar_find_path(t->ctx, t->grid, p->start, p->goal, &t->search, &found);
        *cost = path.cost;
        *searched = found.cost;
    }
    double t3 = now_seconds();
    times[0] = (t1 - t0) * 1e6;
    times[1] = (t2 - t1) * 1e6;
    times[2] = (t3 - t2) * 1e6;
    return a != ASTAR_OK ? a : b != ASTAR_OK ? b : c;
}

static void subject_free(subject *t)
{
    free(t->points);
    free(t->nodes);
    astar_context_delete(t->ctx);
    astar_cpd_delete(t->cpd);
    astar_graph_delete(t->graph);
    astar_grid_delete(t->grid);
}

static bool run_file(const char *path, bool graph, const char *dir, size_t stride)
{
    astar_scenario *scen;
    subject t = { 0 };
    if (!bench_load_scenario_map(program, path, &scen, &t.grid))
        return false;
    size_t cells = astar_grid_cells(t.grid), n = astar_scenario_count(scen);
    samples s = { calloc(n + 1, sizeof(double)), calloc(n + 1, sizeof(double)),
                  calloc(n + 1, sizeof(double)), calloc(n + 1, sizeof(double)), 0 };
    double seconds = 0.0;
    const char *how = "built";
    bool ok = prepare(&t, graph);
    astar_status built = ok ? get_cpd(&t, dir, path, &seconds, &how) : ASTAR_OUT_OF_MEMORY;
    ok = ok && built == ASTAR_OK && s.first && s.path && s.search && s.burst;
    if (built != ASTAR_OK)
        fprintf(stderr, "%s: %s: the database: %s\n", program, path, astar_status_message(built));
    size_t wrong = 0;
    for (size_t i = 0; ok && i < n; i += stride) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        if (!bench_posable(t.grid, p))
            continue;
        double times[3];
        uint32_t cost, searched;
        astar_status a = ask(&t, p, times, &cost, &searched);
        if (a != ASTAR_OK) {
            fprintf(stderr, "%s: %s line %ld: %s\n", program, path, p->line,
                    astar_status_message(a));
            ok = false;
            break;
        }
        wrong += fabs((double)cost / ASTAR_OCTILE_STRAIGHT - p->optimal) > 0.01 || cost != searched;
        s.first[s.count] = times[0];
        s.path[s.count] = times[1];
        s.search[s.count] = times[2];
        s.count++;
    }
    /* The first moves again, back to back with nothing between them: a
     * frame's worth of units each asking for its next step, where the
     * loop above leaves the caches as a search left them. */
    size_t bursts = 0;
    for (size_t i = 0; ok && i < n; i += stride) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        if (!bench_posable(t.grid, p))
            continue;
        double t0 = now_seconds();
        first_move(&t, p);
        s.burst[bursts++] = (now_seconds() - t0) * 1e6;
    }
    if (ok) {
        astar_cpd_info info;
        astar_cpd_describe(t.cpd, &info);
        double mf = median(s.first, s.count), mp = median(s.path, s.count),
               ms = median(s.search, s.count), mb = median(s.burst, bursts);
        printf("%-24s %8zu %6s %9.2f %9.1f %9.1f %6zu %9.3f %9.3f %9.2f %9.2f %7.1f %7.1f "
               "%7.2f\n",
               bench_base_name(path), info.walkable, how, seconds,
               (double)info.bytes / (double)cells, (double)info.file_bytes / (double)cells,
               s.count, mf, mb, mp, ms, ms / mf, ms / mb, ms / mp);
        fflush(stdout);
        if (wrong) {
            fprintf(stderr, "%s: %s: %zu paths not of the optimal length\n", program, path, wrong);
            ok = false;
        }
    }
    free(s.first);
    free(s.path);
    free(s.search);
    free(s.burst);
    subject_free(&t);
    astar_scenario_delete(scen);
    return ok;
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    size_t stride = 1;
    int first = 1;
    bool graph = first < argc && strcmp(argv[first], "--graph") == 0;
    first += graph;
    for (; first + 1 < argc && strncmp(argv[first], "--", 2) == 0; first += 2) {
        long v = strtol(argv[first + 1], NULL, 10);
        if (strcmp(argv[first], "--load") == 0)
            dir = argv[first + 1];
        else if (strcmp(argv[first], "--stride") == 0 && v >= 1)
            stride = (size_t)v;
        else
            first = argc;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [--graph] [--load DIR] [--stride K] SCEN...\n", program);
        return 2;
    }
    printf("%s, octile costs, 8 moves, every %zu-th problem; times in us (medians), build on %d "
           "threads in s\n", graph ? "the maps as graphs" : "grids", stride, THREADS);
    printf("%-24s %8s %6s %9s %9s %9s %6s %9s %9s %9s %9s %7s %7s %7s\n", "map", "walkable",
           "cpd", "seconds", "B/cell", "disk B/c", "probs", "first", "burst", "path",
           graph ? "A*" : "JPS+", "S/first", "S/burst", "S/path");
    int failed = 0;
    for (int i = first; i < argc; i++)
        failed += !run_file(argv[i], graph, dir, stride);
    return failed ? 1 : 0;
}
