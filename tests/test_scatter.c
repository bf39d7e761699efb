/*
 * test_scatter.c - the solver's scattered ways (src/world/scatter.h, SUO)
 * against what the test works out alone: on random grids (walls, rough
 * terrain, 4 and 8 moves) and on graphs made from them, after every round
 * each agent's way must be a walk of legal steps from its start to its
 * goal, visiting no cell twice and never its start again, no dearer (in
 * the test's own pricing) than its least cost, by astar_find_path, plus
 * the margin; the collisions the ways report must equal a recount over
 * every pair of ways (a shared cell at a step, a swap, a way on another's
 * goal after that one arrived); and the guide must give each way's next
 * cell, and nothing off it; and the rounds after the first must lower the
 * collisions over all trials. (That the solver's plans gain by it is
 * test_mapf.c's.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>

#include "astar.h"
#include "util/grids.h"
#include "util/random.h"
#include "core/memory.h"
#include "world/crowd_plan.h"
#include "world/scatter.h"

#define P(x, y) ((astar_point){ (x), (y) })
#define NONE UINT32_MAX

enum { AGENTS = 40, MARGIN = 10 * ASTAR_ARTICLE_STRAIGHT, ROUNDS = 4 };

typedef struct instance {
    astar_grid *grid;
    astar_moves moves;
    size_t n;
    astar_point start[AGENTS], goal[AGENTS];
    uint32_t least[AGENTS]; /* astar_find_path's cost */
} instance;

static uint32_t cell_of(const instance *in, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)astar_grid_width(in->grid) + (uint32_t)p.x;
}

static astar_point point_of(const instance *in, uint32_t c)
{
    uint32_t w = (uint32_t)astar_grid_width(in->grid);
    return P((int)(c % w), (int)(c / w));
}

/* The test's own price of a step: 10 or 14 times the terrain entered. */
static uint64_t step_price(const instance *in, astar_point a, astar_point b)
{
    bool diagonal = a.x != b.x && a.y != b.y;
    return (diagonal ? ASTAR_ARTICLE_DIAGONAL : ASTAR_ARTICLE_STRAIGHT) *
           (uint64_t)astar_grid_cost(in->grid, b.x, b.y);
}

static bool legal_step(const instance *in, astar_point a, astar_point b)
{
    int dx = abs(a.x - b.x), dy = abs(a.y - b.y);
    if (!astar_grid_walkable(in->grid, b.x, b.y) || dx > 1 || dy > 1 || dx + dy == 0)
        return false;
    if (dx + dy == 1)
        return true;
    return in->moves == ASTAR_MOVES_8 && astar_grid_walkable(in->grid, b.x, a.y) &&
           astar_grid_walkable(in->grid, a.x, b.y);
}

static void check_way(const instance *in, const uint32_t *way, uint32_t length, size_t i)
{
    assert_non_null(way);
    assert_true(length >= 1);
    assert_int_equal(way[0], cell_of(in, in->start[i]));
    assert_int_equal(way[length - 1], cell_of(in, in->goal[i]));
    uint64_t cost = 0;
    for (uint32_t t = 1; t < length; t++) {
        astar_point a = point_of(in, way[t - 1]), b = point_of(in, way[t]);
        if (!legal_step(in, a, b))
            fail_msg("agent %zu step %u: (%d,%d) -> (%d,%d)", i, t, a.x, a.y, b.x, b.y);
        cost += step_price(in, a, b);
        for (uint32_t u = 0; u < t; u++)
            assert_int_not_equal(way[u], way[t]);
    }
    if (cost > (uint64_t)in->least[i] + MARGIN)
        fail_msg("agent %zu: way costs %llu, least %llu", i, (unsigned long long)cost,
                 (unsigned long long)in->least[i]);
}

/* The collisions of ways i and j, counted once. */
static uint64_t pair_collisions(const uint32_t *a, uint32_t la, const uint32_t *b, uint32_t lb)
{
    uint64_t n = 0;
    uint32_t both = la < lb ? la : lb;
    for (uint32_t t = 1; t < both; t++)
        n += a[t] == b[t];
    for (uint32_t t = 0; t + 1 < both; t++)
        n += a[t] == b[t + 1] && a[t + 1] == b[t];
    for (uint32_t t = lb; t < la; t++)
        n += a[t] == b[lb - 1];
    for (uint32_t t = la; t < lb; t++)
        n += b[t] == a[la - 1];
    return n;
}

static void check_round(const instance *in, const scatter *s)
{
    const uint32_t *way[AGENTS];
    uint32_t length[AGENTS];
    for (size_t i = 0; i < in->n; i++) {
        way[i] = astar__scatter_way(s, (uint32_t)i, &length[i]);
        check_way(in, way[i], length[i], i);
    }
    uint64_t recount = 0;
    for (size_t i = 0; i < in->n; i++)
        for (size_t j = i + 1; j < in->n; j++)
            recount += pair_collisions(way[i], length[i], way[j], length[j]);
    assert_int_equal(astar__scatter_collisions(s), recount);
}

static void check_guide(const instance *in, scatter *s)
{
    assert_int_equal(astar__scatter_guide(s), ASTAR_OK);
    for (size_t i = 0; i < in->n; i++) {
        uint32_t length;
        const uint32_t *way = astar__scatter_way(s, (uint32_t)i, &length);
        for (uint32_t t = 0; t + 1 < length; t++)
            assert_int_equal(astar__scatter_next(s, (uint32_t)i, way[t]), way[t + 1]);
        assert_int_equal(astar__scatter_next(s, (uint32_t)i, way[length - 1]), NONE);
        /* Another agent's start is on no way of this one's but by chance. */
        uint32_t other = cell_of(in, in->start[(i + 1) % in->n]);
        bool on = false;
        for (uint32_t t = 0; t < length; t++)
            on = on || way[t] == other;
        if (!on)
            assert_int_equal(astar__scatter_next(s, (uint32_t)i, other), NONE);
    }
}

/* Collisions left after the first round and after the last, over every
 * trial: the later rounds must lower them (they re-plan the agents whose
 * ways still meet, each against the others). */
static uint64_t first_round, last_round;

static void scatter_rounds(const instance *in, astar_crowd *crowd, uint64_t seed)
{
    astar_allocator memory;
    assert_int_equal(astar__allocator_keep(NULL, &memory), ASTAR_OK);
    scatter *s;
    assert_int_equal(astar__scatter_new(crowd, (uint32_t)in->n, MARGIN, seed, &memory, &s),
                     ASTAR_OK);
    for (int round = 0; round < ROUNDS; round++) {
        assert_int_equal(astar__scatter_round(s), ASTAR_OK);
        check_round(in, s);
        if (round == 0)
            first_round += astar__scatter_collisions(s);
    }
    last_round += astar__scatter_collisions(s);
    check_guide(in, s);
    astar__scatter_delete(s);
}

static void test_ways_against_a_recount(void **state)
{
    (void)state;
    rng r = { 2025 };
    for (int trial = 0; trial < 36; trial++) {
        instance in = { .moves = trial % 2 ? ASTAR_MOVES_8 : ASTAR_MOVES_4 };
        grid_recipe recipe = { .blocked_percent = 10 + trial % 3 * 5, .rough_chance = 1,
                               .rough_out_of = trial % 4 < 2 ? 0 : 3, .min_cost = 2,
                               .max_cost = 4 };
        in.grid = random_grid(&r, 12, 12, recipe);
        in.n = random_agents(&r, in.grid, in.moves, in.start, in.goal, in.least, AGENTS);
        astar_crowd_options o = astar_crowd_options_default();
        o.moves = in.moves;
        /* A third of the trials walk a graph made from the grid: its nodes are
         * the cells, its edges the steps at the same prices. */
        bool graph = trial % 3 == 2;
        astar_graph *g = NULL;
        astar_crowd *crowd;
        if (graph) {
            astar_options go = astar_options_default();
            go.moves = in.moves;
            assert_int_equal(astar_graph_new_from_grid(in.grid, &go, &g), ASTAR_OK);
            assert_int_equal(astar_graph_crowd_new(g, in.n, &o, &crowd), ASTAR_OK);
        } else {
            assert_int_equal(astar_crowd_new(in.grid, in.n, &o, &crowd), ASTAR_OK);
        }
        for (size_t i = 0; i < in.n; i++)
            assert_int_equal(graph ? astar_graph_crowd_add(crowd, cell_of(&in, in.start[i]),
                                                           cell_of(&in, in.goal[i]), NULL)
                                   : astar_crowd_add(crowd, in.start[i], in.goal[i], NULL),
                             ASTAR_OK);
        scatter_rounds(&in, crowd, (uint64_t)trial);
        astar_crowd_delete(crowd);
        astar_graph_delete(g);
        astar_grid_delete(in.grid);
    }
    print_message("collisions after the first round %llu, after the last %llu\n",
                  (unsigned long long)first_round, (unsigned long long)last_round);
    assert_true(last_round < first_round);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ways_against_a_recount),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
