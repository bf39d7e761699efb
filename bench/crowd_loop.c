/* astar-crowd-loop [--units N] [--updates N] [--rate R] [--moves 4|8]
 *                  [--budget N] [--landmarks N] [--lanes N] [--seed S] [--graph 1] MAP...
 *
 * A crowd in a game's loop (issue 45, "What it must show"): on each map,
 * N units (1,000) on random distinct cells of its largest island, each
 * heading for a random cell of that island and given a new one as soon as
 * it stands on its goal; then the given number of updates (10,000), each
 * the new goals of the units that arrived at the last one
 * (astar_crowd_set_goal) and one astar_crowd_step. Every update is timed
 * as a game's frame would pay for it, and every step is checked by the
 * tests' independent validator (tests/util/plan_validator.c: legal moves,
 * no two units on one cell, no swap, no crossing diagonals).
 *
 * With --budget N the crowd's options.budget is N: the searches of the
 * new goals given in play take at most N cells a step, their units
 * waiting meanwhile (astar_crowd_add still searches in full, as a game
 * loading a level would).
 *
 * With --landmarks N (up to 16) the crowd's options.landmarks is N: the
 * goals' searches estimate with N landmarks (4 moves). With --lanes N its
 * options.lanes is N: each goal's search goes on through up to N cells of
 * the other least ways once it has reached its unit.
 *
 * With --graph 1 (4 moves, no budget) the crowd runs on the map made a
 * graph (astar_graph_new_from_grid: a node per cell, an edge per step),
 * through astar_graph_crowd_new and its calls: the same units, goals and
 * checks, each goal's table a lazy backward A* over the graph.
 *
 * Per map it prints the update's time - largest, 99th percentile and
 * median, on the wall clock and (in brackets) on the thread's CPU clock,
 * which a busy machine's other processes inflate less - the units
 * arrived per second of game time at R updates a second (60), the most
 * new goals given in one update, the cells the budget paid for per new
 * goal and the units waiting for their searches after a step (mean), the
 * updates the validator refused (conflicts; the first reason is printed),
 * the time the units took to add and the crowd's memory at the end
 * (astar_crowd_bytes). Exit 1 when any step was refused. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "timing.h"
#include "util/plan_validator.h"

static const char *program = "astar-crowd-loop";

typedef struct settings {
    long units, updates, rate, budget;
    long landmarks, lanes;
    astar_moves moves;
    uint64_t seed;
    bool graph;
} settings;

static double thread_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The cells of grid's largest island (islands are enabled for it), in
 * *cells; how many, 0 when out of memory. */
static size_t largest_island(astar_grid *grid, astar_point **cells)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    size_t n = astar_grid_cells(grid), best = 0, size = 0;
    uint32_t *count = calloc(n + 1, sizeof *count);
    *cells = NULL;
    if (!count || astar_grid_enable_islands(grid) != ASTAR_OK) {
        free(count);
        return 0;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            count[astar_grid_island(grid, x, y)]++;
    for (size_t i = 1; i <= n; i++)
        if (count[i] > count[best] || best == 0)
            best = i;
    *cells = malloc((size_t)count[best] * sizeof **cells);
    for (int y = 0; y < h && *cells; y++)
        for (int x = 0; x < w; x++)
            if (astar_grid_island(grid, x, y) == best)
                (*cells)[size++] = (astar_point){ x, y };
    free(count);
    return *cells ? size : 0;
}

static bool same(astar_point a, astar_point b)
{
    return a.x == b.x && a.y == b.y;
}

/* A goal for a unit on `at`: a random cell of the island but `at`. */
static astar_point new_goal(const astar_point *island, size_t size, astar_point at,
                            uint64_t *random)
{
    for (;;) {
        astar_point g = island[next_random(random) % size];
        if (!same(g, at))
            return g;
    }
}

typedef struct loop {
    astar_crowd *crowd;
    astar_graph *graph;  /* [opt] --graph: the map as a graph */
    uint32_t *nodes;     /* [opt] --graph: the units' nodes */
    int width;
    plan_validator *validator;
    astar_point *goal, *before, *after;
    double *wall, *cpu;
} loop;

/* The crowd's calls on the map or on its graph, a cell a node. */
static uint32_t node_of(const loop *l, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)l->width + (uint32_t)p.x;
}

static astar_status crowd_add(loop *l, astar_point start, astar_point goal)
{
    return l->graph ? astar_graph_crowd_add(l->crowd, node_of(l, start), node_of(l, goal), NULL)
                    : astar_crowd_add(l->crowd, start, goal, NULL);
}

static astar_status crowd_set_goal(loop *l, size_t id, astar_point goal)
{
    return l->graph ? astar_graph_crowd_set_goal(l->crowd, id, node_of(l, goal))
                    : astar_crowd_set_goal(l->crowd, id, goal);
}

static astar_status crowd_cells(loop *l, astar_point *cells, size_t n)
{
    if (!l->graph)
        return astar_crowd_cells(l->crowd, cells, n);
    astar_status s = astar_graph_crowd_nodes(l->crowd, l->nodes, n);
    for (size_t i = 0; s == ASTAR_OK && i < n; i++)
        cells[i] = (astar_point){ (int32_t)(l->nodes[i] % (uint32_t)l->width),
                                  (int32_t)(l->nodes[i] / (uint32_t)l->width) };
    return s;
}

static void loop_free(loop *l)
{
    astar_crowd_delete(l->crowd);
    astar_graph_delete(l->graph);
    free(l->nodes);
    plan_validator_delete(l->validator);
    free(l->goal);
    free(l->before);
    free(l->after);
    free(l->wall);
    free(l->cpu);
}

/* Runs the loop on the map at path and prints its line; false when a step
 * was refused or the run could not be set up. */
static bool run(const char *path, const settings *set)
{
    astar_grid *grid = NULL;
    if (!bench_load_map(program, path, &grid))
        return false;
    astar_point *island = NULL;
    size_t size = largest_island(grid, &island);
    size_t n = (size_t)set->units, updates = (size_t)set->updates;
    if (size < 2 * n) {
        fprintf(stderr, "%s: %s: its largest island has %zu cells, too few for %zu units\n",
                program, path, size, n);
        free(island);
        astar_grid_delete(grid);
        return false;
    }
    astar_crowd_options o = astar_crowd_options_default();
    o.moves = set->moves;
    o.seed = set->seed;
    /* astar_crowd_add searches in full, as a game loading a level would;
     * the budget holds for the new goals given in play. */
    o.budget = (size_t)set->budget;
    o.landmarks = (unsigned)set->landmarks;
    o.lanes = (size_t)set->lanes;
    loop l = { .width = astar_grid_width(grid) };
    l.goal = malloc(n * sizeof *l.goal);
    l.before = malloc(n * sizeof *l.before);
    l.after = malloc(n * sizeof *l.after);
    l.wall = malloc(updates * sizeof *l.wall);
    l.cpu = malloc(updates * sizeof *l.cpu);
    l.validator = plan_validator_new(grid, set->moves == ASTAR_MOVES_8);
    bool ok = l.goal && l.before && l.after && l.wall && l.cpu && l.validator;
    if (ok && set->graph) {
        astar_options moves = astar_options_default();
        moves.moves = set->moves;
        l.nodes = malloc(n * sizeof *l.nodes);
        ok = l.nodes && astar_graph_new_from_grid(grid, &moves, &l.graph) == ASTAR_OK &&
             astar_graph_crowd_new(l.graph, n, &o, &l.crowd) == ASTAR_OK;
    } else if (ok) {
        ok = astar_crowd_new(grid, n, &o, &l.crowd) == ASTAR_OK;
    }
    uint64_t random = set->seed;
    /* Distinct starts: the first n of a partial Fisher-Yates shuffle. */
    double t0 = now_seconds();
    for (size_t i = 0; i < n && ok; i++) {
        size_t j = i + next_random(&random) % (size - i);
        astar_point t = island[i];
        island[i] = island[j];
        island[j] = t;
        l.goal[i] = new_goal(island, size, island[i], &random);
        astar_status s = crowd_add(&l, island[i], l.goal[i]);
        if (s != ASTAR_OK) {
            fprintf(stderr, "%s: %s: astar_crowd_add: %s\n", program, path,
                    astar_status_message(s));
            ok = false;
        }
    }
    double add_seconds = now_seconds() - t0;
    size_t arrived = 0, refused = 0, most_new = 0, searched = 0, new_goals = 0, waiting = 0;
    char why[256] = "";
    if (ok)
        ok = crowd_cells(&l, l.before, n) == ASTAR_OK;
    for (size_t u = 0; u < updates && ok; u++) {
        /* The new goals drawn before the clock starts: the game's choice,
         * not the crowd's work. */
        size_t news = 0;
        for (size_t i = 0; i < n; i++)
            if (same(l.before[i], l.goal[i])) {
                l.goal[i] = new_goal(island, size, l.before[i], &random);
                l.after[news++] = (astar_point){ (int32_t)i, 0 };
            }
        most_new = news > most_new ? news : most_new;
        double w0 = now_seconds(), c0 = thread_seconds();
        for (size_t k = 0; k < news && ok; k++) {
            size_t i = (size_t)l.after[k].x;
            ok = crowd_set_goal(&l, i, l.goal[i]) == ASTAR_OK;
        }
        astar_crowd_step_info info;
        astar_status s = astar_crowd_step(l.crowd, &info);
        searched += info.searched;
        waiting += info.waiting;
        new_goals += news;
        l.cpu[u] = thread_seconds() - c0;
        l.wall[u] = now_seconds() - w0;
        if (!ok || s != ASTAR_OK) {
            fprintf(stderr, "%s: %s: update %zu: %s\n", program, path, u,
                    ok ? astar_status_message(s) : "astar_crowd_set_goal failed");
            ok = false;
            break;
        }
        ok = crowd_cells(&l, l.after, n) == ASTAR_OK;
        if (ok && !plan_validator_step(l.validator, l.before, l.after, n,
                                       refused ? NULL : why, sizeof why))
            refused++;
        for (size_t i = 0; i < n; i++)
            arrived += same(l.after[i], l.goal[i]);
        astar_point *t = l.before;
        l.before = l.after;
        l.after = t;
    }
    if (ok) {
        double wall_max = percentile(l.wall, updates, 1.0), wall_p99 =
            percentile(l.wall, updates, 0.99), wall_median = median(l.wall, updates);
        double cpu_max = percentile(l.cpu, updates, 1.0), cpu_p99 =
            percentile(l.cpu, updates, 0.99), cpu_median = median(l.cpu, updates);
        double game_seconds = (double)updates / (double)set->rate;
        printf("| %s | %zu | %.3f (%.3f) | %.3f (%.3f) | %.3f (%.3f) | %.1f | %zu | %.0f "
               "| %.1f | %zu | %.2f | %.0f |\n",
               bench_base_name(path), updates, wall_max * 1e3, cpu_max * 1e3, wall_p99 * 1e3,
               cpu_p99 * 1e3, wall_median * 1e3, cpu_median * 1e3,
               (double)arrived / game_seconds, most_new,
               new_goals ? (double)searched / (double)new_goals : 0.0,
               (double)waiting / (double)updates, refused, add_seconds,
               (double)astar_crowd_bytes(l.crowd) / 1048576.0);
        if (refused)
            fprintf(stderr, "%s: %s: first conflict: %s\n", program, path, why);
        fflush(stdout);
    }
    loop_free(&l);
    free(island);
    astar_grid_delete(grid);
    return ok && refused == 0;
}

static bool number(const char *text, long low, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < low)
        return false;
    *out = v;
    return true;
}

int main(int argc, char **argv)
{
    settings set = { .units = 1000, .updates = 10000, .rate = 60, .moves = ASTAR_MOVES_4,
                     .seed = 1 };
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
        long v = 0;
        bool known = i + 1 < argc && number(argv[i + 1], 0, &v);
        if (known && strcmp(argv[i], "--budget") == 0)
            set.budget = v;
        else if (known && v >= 1 && strcmp(argv[i], "--units") == 0)
            set.units = v;
        else if (known && v >= 1 && strcmp(argv[i], "--updates") == 0)
            set.updates = v;
        else if (known && v >= 1 && strcmp(argv[i], "--rate") == 0)
            set.rate = v;
        else if (known && strcmp(argv[i], "--seed") == 0)
            set.seed = (uint64_t)v;
        else if (known && strcmp(argv[i], "--moves") == 0 && (v == 4 || v == 8))
            set.moves = v == 4 ? ASTAR_MOVES_4 : ASTAR_MOVES_8;
        else if (known && strcmp(argv[i], "--landmarks") == 0 && v <= ASTAR_CROWD_MAX_LANDMARKS)
            set.landmarks = v;
        else if (known && strcmp(argv[i], "--lanes") == 0)
            set.lanes = v;
        else if (known && strcmp(argv[i], "--graph") == 0 && v <= 1)
            set.graph = v == 1;
        else
            break;
    }
    /* A graph knows no diagonals to keep from crossing, which the grid's
     * validator checks, and its crowd has no budget. */
    if (i >= argc || (set.graph && (set.moves != ASTAR_MOVES_4 || set.budget))) {
        fprintf(stderr, "usage: %s [--units N] [--updates N] [--rate R] [--moves 4|8] "
                        "[--budget N] [--landmarks N] [--lanes N] [--seed S] "
                        "[--graph 1 (4 moves, no budget)] MAP...\n",
                program);
        return 2;
    }
    printf("%ld units, new goals on arrival, %ld updates at %ld a second, %d moves, budget %ld "
           "cells a step%s, %ld landmarks, lanes %ld%s; times in ms, wall clock (thread CPU)\n\n",
           set.units, set.updates, set.rate, set.moves == ASTAR_MOVES_4 ? 4 : 8, set.budget,
           set.budget ? "" : " (none)", set.landmarks, set.lanes,
           set.graph ? "; on the map made a graph" : "");
    printf("| map | updates | largest update | p99 | median | arrived / s "
           "| most new goals in an update | cells searched in the budget per new goal "
           "| units waiting (mean) | conflicts | add (s) | crowd MB |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    bool all = true;
    for (; i < argc; i++)
        all = run(argv[i], &set) && all;
    return all ? 0 : 1;
}
