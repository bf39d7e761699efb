/*
 * test_mapf.c - the one-shot MAPF solver (astar/mapf.h, LaCAM over the
 * crowd's PIBT). Every plan is checked by the independent validator
 * (tests/util/plan_validator.c) step by step and at its end, and its
 * makespan and sum of costs recounted from the plan. The cases: where
 * PIBT alone never gets every unit onto its goal (goals in a row in a dead
 * end, a crowded tunnel) - shown on the crowd first; random small
 * instances; an instance with no solution, which must be reported as such
 * after the whole space is searched; the budgets; bad arguments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/grids.h"
#include "util/plan_validator.h"
#include "util/random.h"
#include "util/reference.h"

#define P(x, y) ((astar_point){ (x), (y) })

enum { MAX_AGENTS = 64 };

static astar_grid *drawn(const char *const *rows, int height)
{
    astar_grid *g = ref_grid_from_rows(rows, height);
    assert_non_null(g);
    return g;
}

static bool same(astar_point a, astar_point b)
{
    return a.x == b.x && a.y == b.y;
}

/* Whether the crowd (PIBT step by step) fails to get every unit onto its
 * goal at once within steps steps, each step validated. */
static bool crowd_stuck(const astar_grid *grid, astar_moves moves, const astar_point *starts,
                        const astar_point *goals, size_t n, long steps, uint64_t seed)
{
    astar_crowd_options o = astar_crowd_options_default();
    o.moves = moves;
    o.seed = seed;
    astar_crowd *c;
    assert_int_equal(astar_crowd_new(grid, n, &o, &c), ASTAR_OK);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(astar_crowd_add(c, starts[i], goals[i], NULL), ASTAR_OK);
    plan_validator *v = plan_validator_new(grid, moves == ASTAR_MOVES_8);
    assert_non_null(v);
    astar_point before[MAX_AGENTS], after[MAX_AGENTS];
    char why[200];
    bool arrived = false;
    for (long t = 0; t < steps && !arrived; t++) {
        astar_crowd_step_info info;
        assert_int_equal(astar_crowd_cells(c, before, MAX_AGENTS), ASTAR_OK);
        assert_int_equal(astar_crowd_step(c, &info), ASTAR_OK);
        assert_int_equal(astar_crowd_cells(c, after, MAX_AGENTS), ASTAR_OK);
        if (!plan_validator_step(v, before, after, n, why, sizeof why))
            fail_msg("crowd step %ld: %s", t + 1, why);
        arrived = info.at_goal == n;
    }
    plan_validator_delete(v);
    astar_crowd_delete(c);
    return !arrived;
}

/* Solves, and if solved checks the plan: its first configuration the
 * starts, every step by the validator, its last the goals, and the costs
 * reported recounted. Returns the status; *info [opt] what solve said. */
static astar_status solve(const astar_grid *grid, const astar_mapf_options *o,
                          const astar_point *starts, const astar_point *goals, size_t n,
                          double seconds, astar_mapf_info *out)
{
    astar_mapf *m;
    assert_int_equal(astar_mapf_new(grid, starts, goals, n, o, &m), ASTAR_OK);
    astar_mapf_info info;
    astar_status s = astar_mapf_solve(m, seconds, &info);
    if (s == ASTAR_OK) {
        size_t steps = info.makespan, count = (steps + 1) * n;
        astar_point *plan = malloc(count * sizeof *plan);
        assert_non_null(plan);
        assert_int_equal(astar_mapf_plan(m, plan, count - 1), ASTAR_PATH_BUFFER_TOO_SMALL);
        assert_int_equal(astar_mapf_plan(m, plan, count), ASTAR_OK);
        plan_validator *v = plan_validator_new(grid, o && o->moves == ASTAR_MOVES_8);
        assert_non_null(v);
        char why[200];
        for (size_t i = 0; i < n; i++)
            assert_true(same(plan[i], starts[i]));
        size_t sum = 0;
        for (size_t t = 0; t < steps; t++) {
            if (!plan_validator_step(v, plan + t * n, plan + (t + 1) * n, n, why, sizeof why))
                fail_msg("plan step %zu: %s", t + 1, why);
            for (size_t i = 0; i < n; i++)
                for (size_t u = t; u < steps; u++)
                    if (!same(plan[u * n + i], goals[i])) {
                        sum++;
                        break;
                    }
        }
        if (!plan_validator_at_goals(plan + steps * n, goals, n, why, sizeof why))
            fail_msg("plan's end: %s", why);
        assert_int_equal(info.sum_of_costs, sum);
        plan_validator_delete(v);
        free(plan);
        /* Solved stays solved. */
        assert_int_equal(astar_mapf_solve(m, 0, NULL), ASTAR_OK);
        /* Scattering reports its rounds (at least two unless the first
         * left no collision; none where the starts are the goals, solved
         * before any call) and what they left. */
        bool scattered = (!o || o->scatter) && info.makespan > 0;
        assert_true(scattered ? info.scatter_rounds >= 1 && info.scatter_seconds >= 0
                              : info.scatter_rounds == 0 && info.scatter_collisions == 0);
        assert_true(info.scatter_rounds != 1 || info.scatter_collisions == 0);
    } else {
        astar_point one[MAX_AGENTS];
        assert_int_equal(astar_mapf_plan(m, one, MAX_AGENTS), ASTAR_NO_PATH);
    }
    assert_int_equal(info.agents, n);
    assert_true(info.bytes == astar_mapf_bytes(m));
    if (out)
        *out = info;
    astar_mapf_delete(m);
    return s;
}

/* A dead end off a hallway, its goals in a row: the unit whose goal is
 * deepest must enter first - from the hallway, or, starting inside in the
 * reverse order, after all have come out. PIBT does not plan that order:
 * the crowd has them all on their goals only by luck, on 4 and 10 of the
 * 32 seeds here (on none before its first unit kept to dead ends for
 * backing away); LaCAM finds it on every seed, with 4 and 8 moves. */
static void test_dead_end_in_order(void **state)
{
    (void)state;
    static const char *const rows[] = { ".......", "###.###", "###.###", "###.###",
                                        "###.###" };
    astar_grid *g = drawn(rows, 5);
    const astar_point goals[] = { P(3, 1), P(3, 2), P(3, 3), P(3, 4) };
    const astar_point outside[] = { P(0, 0), P(1, 0), P(3, 0), P(5, 0) };
    const astar_point inside[] = { P(3, 4), P(3, 3), P(3, 2), P(3, 1) };
    const astar_point *const starts[] = { outside, inside };
    for (int k = 0; k < 2; k++) {
        int stuck = 0;
        for (uint64_t seed = 1; seed <= 32; seed++)
            stuck += crowd_stuck(g, ASTAR_MOVES_4, starts[k], goals, 4, 1000, seed);
        assert_true(stuck >= 16);
        for (uint64_t seed = 1; seed <= 8; seed++)
            for (int moves = 0; moves < 2; moves++) {
                astar_mapf_options o = astar_mapf_options_default();
                o.seed = seed;
                o.moves = moves ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
                astar_mapf_info info;
                assert_int_equal(solve(g, &o, starts[k], goals, 4, 10, &info), ASTAR_OK);
                assert_true(info.makespan >= 3);
            }
    }
    astar_grid_delete(g);
}

/* Two ways of one cost, one through a cell where another agent rests on
 * its goal: the plan takes the free one (LaCAM3's tie rule), whatever the
 * seed, so the resting agent never moves and the sum of costs is the
 * bound. Random ties alone push it on about half the seeds. */
static void test_free_cell_wins_a_tie(void **state)
{
    (void)state;
    static const char *const rows[] = { "....", "...." };
    astar_grid *g = drawn(rows, 2);
    const astar_point starts[] = { P(0, 0), P(1, 0) }, goals[] = { P(2, 1), P(1, 0) };
    for (uint64_t seed = 1; seed <= 16; seed++) {
        astar_mapf_options o = astar_mapf_options_default();
        o.seed = seed;
        astar_mapf *m;
        assert_int_equal(astar_mapf_new(g, starts, goals, 2, &o, &m), ASTAR_OK);
        astar_mapf_info info;
        assert_int_equal(astar_mapf_solve(m, 10, &info), ASTAR_OK);
        astar_point plan[2 * 8];
        assert_true(info.makespan < 8);
        assert_int_equal(astar_mapf_plan(m, plan, 2 * (info.makespan + 1)), ASTAR_OK);
        for (size_t t = 0; t <= info.makespan; t++)
            if (!same(plan[2 * t + 1], goals[1]))
                fail_msg("seed %llu: the resting agent moved at step %zu",
                         (unsigned long long)seed, t);
        assert_int_equal(info.sum_of_costs, 3);
        astar_mapf_delete(m);
    }
    astar_grid_delete(g);
}

/* A tunnel, one wide with no siding, between two rooms of one column of
 * 4 cells, two units a side each bound for the other side's cells: the
 * tunnel takes them one way at a time, and the columns must make room
 * below. The crowd has them all across on 3 of the 32 seeds here (none
 * before its first unit kept to dead ends for backing away); the solver
 * on every seed. */
static void test_tunnel_swap(void **state)
{
    (void)state;
    static const char *const rows[] = { ".#####.", ".......", ".#####.", ".#####." };
    astar_grid *g = drawn(rows, 4);
    const astar_point starts[] = { P(0, 0), P(0, 1), P(6, 0), P(6, 1) };
    const astar_point goals[] = { P(6, 0), P(6, 1), P(0, 0), P(0, 1) };
    int stuck = 0;
    for (uint64_t seed = 1; seed <= 32; seed++)
        stuck += crowd_stuck(g, ASTAR_MOVES_4, starts, goals, 4, 1000, seed);
    assert_true(stuck >= 24);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        astar_mapf_options o = astar_mapf_options_default();
        o.seed = seed;
        astar_mapf_info info;
        assert_int_equal(solve(g, &o, starts, goals, 4, 10, &info), ASTAR_OK);
        /* Each unit's own way is 8 steps. */
        assert_true(info.makespan >= 8);
    }
    astar_grid_delete(g);
}

/* Instances with no plan, which the search must report as such after
 * trying every configuration reachable from the starts - as many as a
 * plain breadth-first search over configurations counts (a Python BFS,
 * written apart, gave 10 and 1,320). A bound on configurations far above
 * those keeps a broken search from running for ever, and would show as
 * ASTAR_EXPANSION_LIMIT. Two units swapping ends of a one-wide path; two
 * units a side swapping through a tunnel between two columns of 3 cells,
 * whose one-cell sidings cannot hold both sides at once. */
static void test_no_solution(void **state)
{
    (void)state;
    static const char *const path[] = { "....." };
    static const char *const tunnel[] = { ".#####.", ".......", ".#####." };
    const astar_point s1[] = { P(0, 0), P(4, 0) }, g1[] = { P(4, 0), P(0, 0) };
    const astar_point s2[] = { P(0, 0), P(0, 1), P(6, 0), P(6, 1) };
    const astar_point g2[] = { P(6, 0), P(6, 1), P(0, 0), P(0, 1) };
    const struct {
        const char *const *rows;
        int height;
        const astar_point *starts, *goals;
        size_t n, reachable;
    } cases[] = { { path, 1, s1, g1, 2, 10 }, { tunnel, 3, s2, g2, 4, 1320 } };
    for (int k = 0; k < 2; k++) {
        astar_grid *g = drawn(cases[k].rows, cases[k].height);
        astar_mapf_options o = astar_mapf_options_default();
        o.max_nodes = 100000;
        astar_mapf_info info;
        assert_int_equal(solve(g, &o, cases[k].starts, cases[k].goals, cases[k].n, 0, &info),
                         ASTAR_NO_PATH);
        assert_int_equal(info.nodes, cases[k].reachable);
        assert_true(info.failed > 0);
        assert_true(info.revisited > 0);
        astar_grid_delete(g);
    }
}

/* The budgets: time that runs out, going on over several calls, and a
 * bound on configurations. */
static void test_budgets(void **state)
{
    (void)state;
    static const char *const rows[] = { "........" };
    astar_grid *g = drawn(rows, 1);
    const astar_point starts[] = { P(0, 0), P(7, 0) }, goals[] = { P(7, 0), P(0, 0) };
    astar_mapf *m;
    assert_int_equal(astar_mapf_new(g, starts, goals, 2, NULL, &m), ASTAR_OK);
    astar_mapf_info info;
    /* The clock is read every 64 successors: a call past its time stops at
     * the first reading, and the calls together reach the answer. */
    int calls = 0;
    astar_status s;
    do {
        s = astar_mapf_solve(m, 1e-9, &info);
        calls++;
        assert_true(info.generated <= 64u * (size_t)calls);
    } while (s == ASTAR_IN_PROGRESS);
    assert_int_equal(s, ASTAR_NO_PATH);
    assert_true(calls > 1);
    assert_int_equal(astar_mapf_solve(m, 0, NULL), ASTAR_NO_PATH);
    astar_mapf_delete(m);

    astar_mapf_options o = astar_mapf_options_default();
    o.max_nodes = 5;
    assert_int_equal(astar_mapf_new(g, starts, goals, 2, &o, &m), ASTAR_OK);
    assert_int_equal(astar_mapf_solve(m, 0, &info), ASTAR_EXPANSION_LIMIT);
    assert_int_equal(info.nodes, 5);
    assert_int_equal(astar_mapf_solve(m, 0, NULL), ASTAR_EXPANSION_LIMIT);
    astar_mapf_delete(m);
    astar_grid_delete(g);
}

/* A plan's loss, LaCAM*'s sum of costs: per step, the agents not staying
 * on their goals. */
static size_t plan_loss(const astar_point *plan, size_t steps, const astar_point *goals, size_t n)
{
    size_t sum = 0;
    for (size_t t = 0; t < steps; t++)
        for (size_t i = 0; i < n; i++)
            sum += !(same(plan[t * n + i], goals[i]) && same(plan[(t + 1) * n + i], goals[i]));
    return sum;
}

/* Solves with options o and returns the plan's loss (the plan validated
 * by solve() first). */
static size_t solved_loss(const astar_grid *g, const astar_mapf_options *o,
                          const astar_point *starts, const astar_point *goals, size_t n,
                          astar_mapf_info *info)
{
    assert_int_equal(solve(g, o, starts, goals, n, 20, info), ASTAR_OK);
    astar_mapf *m;
    assert_int_equal(astar_mapf_new(g, starts, goals, n, o, &m), ASTAR_OK);
    assert_int_equal(astar_mapf_solve(m, 20, info), ASTAR_OK);
    size_t count = (info->makespan + 1) * n;
    astar_point *plan = malloc(count * sizeof *plan);
    assert_non_null(plan);
    assert_int_equal(astar_mapf_plan(m, plan, count), ASTAR_OK);
    size_t loss = plan_loss(plan, info->makespan, goals, n);
    free(plan);
    astar_mapf_delete(m);
    return loss;
}

/* Each seed searches 4,000 to 17,000 configurations to the end: one
 * seed in the sanitizers' build, which looks for memory errors. */
#ifdef ASTAR_TEST_SANITIZED
enum { REFINE_SEEDS = 1 };
#else
enum { REFINE_SEEDS = 3 };
#endif

/* LaCAM*'s refining on the dead end (both ways in) and the tunnel: run
 * until the search is spent, the plan's loss is the least there is - the
 * figure a Dijkstra over configurations, written apart in Python, gives
 * (24, 41 and 66) - and never more than the first plan's. */
static void test_refine_to_optimal(void **state)
{
    (void)state;
    static const char *const dead_end[] = { ".......", "###.###", "###.###", "###.###",
                                            "###.###" };
    static const char *const tunnel[] = { ".#####.", ".......", ".#####.", ".#####." };
    const astar_point s1[] = { P(0, 0), P(1, 0), P(3, 0), P(5, 0) };
    const astar_point g1[] = { P(3, 1), P(3, 2), P(3, 3), P(3, 4) };
    const astar_point s2[] = { P(3, 4), P(3, 3), P(3, 2), P(3, 1) };
    const astar_point s3[] = { P(0, 0), P(0, 1), P(6, 0), P(6, 1) };
    const astar_point g3[] = { P(6, 0), P(6, 1), P(0, 0), P(0, 1) };
    const struct {
        const char *const *rows;
        int height;
        const astar_point *starts, *goals;
        size_t least;
    } cases[] = { { dead_end, 5, s1, g1, 24 }, { dead_end, 5, s2, g1, 41 },
                  { tunnel, 4, s3, g3, 66 } };
    for (int k = 0; k < 3; k++) {
        astar_grid *g = drawn(cases[k].rows, cases[k].height);
        for (uint64_t seed = 1; seed <= REFINE_SEEDS; seed++) {
            astar_mapf_options o = astar_mapf_options_default();
            o.seed = seed;
            astar_mapf_info first, best;
            size_t loss = solved_loss(g, &o, cases[k].starts, cases[k].goals, 4, &first);
            assert_false(first.optimal);
            o.refine = true;
            size_t least = solved_loss(g, &o, cases[k].starts, cases[k].goals, 4, &best);
            assert_true(best.optimal);
            assert_int_equal(least, cases[k].least);
            assert_true(least <= loss);
        }
        astar_grid_delete(g);
    }
}

/* Random small grids, random distinct starts and goals (each goal reached
 * from its start), 4 and 8 moves: every instance solved, every plan valid. */
static void random_instances(astar_moves moves, astar_topology topology)
{
    rng r = { 4545 };
    for (int trial = 0; trial < 40; trial++) {
        grid_recipe open = { .blocked_percent = 10 + trial % 3 * 5 };
        astar_grid *g = random_grid(&r, 10, 10, open);
        assert_int_equal(astar_grid_set_topology(g, topology), ASTAR_OK);
        size_t n = 4 + (size_t)rng_below(&r, 20);
        astar_point starts[MAX_AGENTS], goals[MAX_AGENTS];
        size_t k = random_agents(&r, g, moves, starts, goals, NULL, n);
        astar_mapf_options o = astar_mapf_options_default();
        o.moves = moves;
        o.seed = (uint64_t)trial;
        o.scatter = trial % 2 == 0;
        astar_status s = solve(g, &o, starts, goals, k, 20, NULL);
        if (s != ASTAR_OK)
            fail_msg("trial %d (%zu agents): %s", trial, k, astar_status_message(s));
        astar_grid_delete(g);
    }
}

static void test_random_4(void **state)
{
    (void)state;
    random_instances(ASTAR_MOVES_4, ASTAR_TOPOLOGY_SQUARE);
}

static void test_random_8(void **state)
{
    (void)state;
    random_instances(ASTAR_MOVES_8, ASTAR_TOPOLOGY_SQUARE);
}

/* Hexes: six neighbours; the plans held to them by the validator. */
static void test_random_hex(void **state)
{
    (void)state;
    random_instances(ASTAR_MOVES_4, ASTAR_TOPOLOGY_HEX_ODD_R);
    random_instances(ASTAR_MOVES_4, ASTAR_TOPOLOGY_HEX_EVEN_Q);
}

/* Scattering: on random 48 x 48 grids with 150 agents each, planning
 * the agents' ways around each other first must lower the first plan's
 * sum of costs (queues at the same narrow ways avoided; 14 to 17 % here),
 * every plan valid either way. On a small crowded map it need not: ten
 * agents crossing between two rooms by two corridors did better without
 * on six seeds of eight. */
static void test_scatter_spreads(void **state)
{
    (void)state;
    rng r = { 77 };
    for (int trial = 0; trial < 4; trial++) {
        grid_recipe recipe = { .blocked_percent = 20 };
        astar_grid *g = random_grid(&r, 48, 48, recipe);
        enum { N = 150 };
        astar_point *starts = malloc(N * sizeof *starts), *goals = malloc(N * sizeof *goals);
        assert_non_null(starts);
        assert_non_null(goals);
        size_t n = random_agents(&r, g, ASTAR_MOVES_4, starts, goals, NULL, N);
        astar_mapf_options o = astar_mapf_options_default();
        o.seed = (uint64_t)trial;
        astar_mapf_info spread, queued;
        assert_true(o.scatter);
        assert_int_equal(solve(g, &o, starts, goals, n, 0, &spread), ASTAR_OK);
        o.scatter = false;
        assert_int_equal(solve(g, &o, starts, goals, n, 0, &queued), ASTAR_OK);
        print_message("trial %d: sum of costs %zu scattered, %zu not\n", trial,
                      spread.sum_of_costs, queued.sum_of_costs);
        assert_true(spread.sum_of_costs < queued.sum_of_costs);
        free(starts);
        free(goals);
        astar_grid_delete(g);
    }
}

/* Starts that are the goals: a plan of one configuration. */
static void test_already_there(void **state)
{
    (void)state;
    static const char *const rows[] = { "...", "..." };
    astar_grid *g = drawn(rows, 2);
    const astar_point at[] = { P(0, 0), P(2, 1) };
    astar_mapf_info info;
    assert_int_equal(solve(g, NULL, at, at, 2, 0, &info), ASTAR_OK);
    assert_int_equal(info.makespan, 0);
    assert_int_equal(info.sum_of_costs, 0);
    assert_true(info.optimal);
    astar_grid_delete(g);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    static const char *const rows[] = { "..#..", "..#.." };
    astar_grid *g = drawn(rows, 2);
    astar_mapf *m = (astar_mapf *)&m;
    const astar_point s[] = { P(0, 0), P(1, 0) }, t[] = { P(1, 1), P(0, 1) };
    assert_int_equal(astar_mapf_new(NULL, s, t, 2, NULL, &m), ASTAR_INVALID_ARGUMENT);
    assert_null(m);
    assert_int_equal(astar_mapf_new(g, NULL, t, 2, NULL, &m), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_mapf_new(g, s, NULL, 2, NULL, &m), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_mapf_new(g, s, t, 0, NULL, &m), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_mapf_new(g, s, t, 2, NULL, NULL), ASTAR_INVALID_ARGUMENT);
    astar_mapf_options o = astar_mapf_options_default();
    o.moves = ASTAR_MOVES_8_CUT;
    assert_int_equal(astar_mapf_new(g, s, t, 2, &o, &m), ASTAR_UNSUPPORTED);
    o.moves = (astar_moves)77;
    assert_int_equal(astar_mapf_new(g, s, t, 2, &o, &m), ASTAR_INVALID_ARGUMENT);

    const astar_point outside[] = { P(0, 0), P(5, 0) }, wall[] = { P(0, 0), P(2, 0) };
    assert_int_equal(astar_mapf_new(g, outside, t, 2, NULL, &m), ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_mapf_new(g, s, outside, 2, NULL, &m), ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_mapf_new(g, wall, t, 2, NULL, &m), ASTAR_START_BLOCKED);
    assert_int_equal(astar_mapf_new(g, s, wall, 2, NULL, &m), ASTAR_GOAL_BLOCKED);
    const astar_point twice[] = { P(0, 0), P(0, 0) }, far[] = { P(1, 1), P(3, 0) };
    assert_int_equal(astar_mapf_new(g, twice, t, 2, NULL, &m), ASTAR_START_OCCUPIED);
    assert_int_equal(astar_mapf_new(g, s, twice, 2, NULL, &m), ASTAR_GOAL_OCCUPIED);
    assert_int_equal(astar_mapf_new(g, s, far, 2, NULL, &m), ASTAR_NO_PATH);
    assert_null(m);

    astar_grid *hex;
    assert_int_equal(astar_grid_new(5, 2, &hex), ASTAR_OK);
    assert_int_equal(astar_grid_set_topology(hex, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    astar_mapf_options cut = astar_mapf_options_default();
    cut.moves = ASTAR_MOVES_8_CUT;
    assert_int_equal(astar_mapf_new(hex, s, t, 2, &cut, &m), ASTAR_UNSUPPORTED);
    astar_grid_delete(hex);

    assert_int_equal(astar_mapf_solve(NULL, 0, NULL), ASTAR_INVALID_ARGUMENT);
    astar_point one;
    assert_int_equal(astar_mapf_plan(NULL, &one, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_mapf_new(g, s, t, 2, NULL, &m), ASTAR_OK);
    assert_int_equal(astar_mapf_plan(m, NULL, 1), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_mapf_bytes(NULL), 0);
    astar_mapf_delete(m);
    astar_mapf_delete(NULL);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dead_end_in_order), cmocka_unit_test(test_tunnel_swap),
        cmocka_unit_test(test_no_solution),       cmocka_unit_test(test_budgets),
        cmocka_unit_test(test_random_4),          cmocka_unit_test(test_random_8),
        cmocka_unit_test(test_random_hex),        cmocka_unit_test(test_free_cell_wins_a_tie),
        cmocka_unit_test(test_already_there),     cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_refine_to_optimal), cmocka_unit_test(test_scatter_spreads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
