/* How often a crowd (astar/crowd.h) brings its units home: random 32 x 32
 * grids with 10 to 25 % walls, 51 to 306 units on distinct starts and
 * distinct goals (each reachable), 4 and 8 moves, RUNS (default 120) runs
 * a setting, 5,000 steps allowed. Counts the runs that never had every
 * unit on its goal at once, the runs where some unit never stood on its
 * goal at all (PIBT's theorem rules that out for 4 moves on biconnected
 * maps; these grids are not all biconnected), and the mean steps of the
 * runs that did get every unit home at once (docs/design.md, "Crowds").
 *   astar-crowd-arrivals [RUNS] */
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"

enum { SIDE = 32, CELLS = SIDE * SIDE, STEPS = 5000 };

static uint64_t state = 12345;

static uint32_t below(uint32_t n)
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(state >> 33) % n;
}

typedef struct tally {
    int not_all, never, all;
    long steps_all;
} tally;

/* One run; false when the library failed (out of memory). */
static bool run(int walls, astar_moves moves, uint64_t seed, tally *t)
{
    astar_grid *g = NULL;
    astar_crowd *c = NULL;
    if (astar_grid_new(SIDE, SIDE, &g) != ASTAR_OK)
        return false;
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            if ((int)below(100) < walls)
                astar_grid_set_walkable(g, x, y, false);
    astar_crowd_options o = astar_crowd_options_default();
    o.moves = moves;
    o.seed = seed;
    size_t units = 51 + below(256);
    if (astar_grid_enable_islands(g) != ASTAR_OK || astar_crowd_new(g, units, &o, &c) != ASTAR_OK) {
        astar_grid_delete(g);
        return false;
    }
    static astar_point goals[CELLS], cells[CELLS];
    static bool start_used[CELLS], goal_used[CELLS], arrived[CELLS];
    for (int i = 0; i < CELLS; i++)
        start_used[i] = goal_used[i] = arrived[i] = false;
    size_t n = 0;
    for (int tries = 0; tries < 20000 && n < units; tries++) {
        astar_point s = { (int)below(SIDE), (int)below(SIDE) }, q = { (int)below(SIDE), (int)below(SIDE) };
        if (start_used[s.y * SIDE + s.x] || goal_used[q.y * SIDE + q.x] ||
            astar_crowd_add(c, s, q, NULL) != ASTAR_OK)
            continue;
        start_used[s.y * SIDE + s.x] = goal_used[q.y * SIDE + q.x] = true;
        goals[n++] = q;
    }
    bool all = false;
    int step = 0;
    for (; step < STEPS && !all; step++) {
        astar_crowd_step_info info;
        astar_crowd_step(c, &info);
        astar_crowd_cells(c, cells, CELLS);
        for (size_t i = 0; i < n; i++)
            arrived[i] = arrived[i] || (cells[i].x == goals[i].x && cells[i].y == goals[i].y);
        all = info.at_goal == n;
    }
    bool every = true;
    for (size_t i = 0; i < n; i++)
        every = every && arrived[i];
    t->not_all += !all;
    t->never += !every;
    if (all) {
        t->all++;
        t->steps_all += step;
    }
    astar_crowd_delete(c);
    astar_grid_delete(g);
    return true;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 120;
    if (runs < 1) {
        fprintf(stderr, "usage: astar-crowd-arrivals [RUNS]\n");
        return 2;
    }
    printf("| walls | moves | runs | not all on their goals at once | a unit never on its goal | "
           "mean steps until all at once |\n|---:|---:|---:|---:|---:|---:|\n");
    static const int wall_rates[] = { 10, 15, 20, 25 };
    for (int w = 0; w < 4; w++)
        for (int m = 0; m < 2; m++) {
            tally t = { 0 };
            for (int r = 0; r < runs; r++)
                if (!run(wall_rates[w], m ? ASTAR_MOVES_8 : ASTAR_MOVES_4, (uint64_t)r + 1, &t)) {
                    fprintf(stderr, "astar-crowd-arrivals: out of memory\n");
                    return 1;
                }
            printf("| %d %% | %d | %d | %d | %d | %.1f |\n", wall_rates[w], m ? 8 : 4, runs,
                   t.not_all, t.never, t.all ? (double)t.steps_all / t.all : 0.0);
        }
    return 0;
}
