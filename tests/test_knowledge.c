/*
 * test_knowledge.c - knowledge layers (the article's note 3): units walking
 * through mazes they have never seen, every step legal on the true map;
 * full knowledge giving exactly the searches of the true map; the believed
 * grid against what was revealed after many random reveals; the shape of a
 * reveal; and the errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "util/random.h"
#include "util/reference.h"

#ifndef ASTAR_BENCH_DIR
#error "ASTAR_BENCH_DIR must name the Moving AI benchmark directory"
#endif

/* ---- Walking a unit: the caller's loop, written for the tests ---------- */

typedef struct walk {
    astar_status status;  /* of the last search: ASTAR_OK on arrival */
    astar_point at;       /* where the unit ended */
    size_t steps, searches;
    uint64_t cost;        /* of the steps walked, on the true map */
} walk;

/* Walks a unit from start to goal seeing within sight (>= 1, so it has seen
 * the 3 x 3 square around it before each step). It follows its path until
 * the next step is no longer legal on what it now believes (it has seen a
 * wall there), then searches again. Every step must be legal on the truth
 * and go onto a cell the unit has seen. */
static walk walk_unit(astar_context *ctx, const astar_grid *truth, astar_knowledge *k,
                      const astar_options *o, int sight, astar_point start, astar_point goal)
{
    size_t cells = astar_grid_cells(truth);
    astar_point *points = malloc(cells * sizeof *points);
    assert_non_null(points);
    walk w = { .at = start };
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, start.x, start.y, sight, NULL),
                     ASTAR_OK);
    for (;;) {
        astar_route path = { .points = points, .capacity = cells };
        w.status = astar_find_path(ctx, astar_knowledge_grid(k), w.at, goal, o, &path);
        w.searches++;
        if (w.status != ASTAR_OK)
            break;
        assert_true(points[0].x == w.at.x && points[0].y == w.at.y);
        size_t i = 0;
        const astar_grid *believed = astar_knowledge_grid(k);
        while (i + 1 < path.length && ref_move_legal(believed, o->moves, w.at, points[i + 1])) {
            astar_point next = points[i + 1];
            assert_true(astar_knowledge_seen(k, next.x, next.y));
            if (!ref_move_legal(truth, o->moves, w.at, next))
                fail_msg("step %zu from (%d,%d) to (%d,%d) is not legal on the truth", w.steps,
                         w.at.x, w.at.y, next.x, next.y);
            w.cost += ref_step_cost(truth, o->costs, w.at, next);
            w.at = next;
            w.steps++;
            i++;
            assert_int_equal(astar_knowledge_reveal_radius(k, truth, w.at.x, w.at.y, sight, NULL),
                             ASTAR_OK);
        }
        if (i + 1 == path.length)
            break;
        /* A belief changes at most once per cell, and each search again
         * follows one: a walk that outlasts that is stuck. */
        assert_true(w.searches <= cells + 1);
    }
    free(points);
    return w;
}

/* A maze of w x h cells (both odd): corridors one cell wide carved by a
 * depth-first walk from (1, 1), then `loops` extra walls knocked out so that
 * there is more than one way; every corridor cell gets terrain cost 1, or a
 * random 1..4 when `costs`. */
static astar_grid *maze_new(rng *r, int w, int h, int loops, bool costs)
{
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(w, h, &g), ASTAR_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (x % 2 == 0 || y % 2 == 0)
                astar_grid_set_walkable(g, x, y, false);
    int rooms_w = (w - 1) / 2, rooms_h = (h - 1) / 2;
    int *stack = malloc((size_t)rooms_w * (size_t)rooms_h * sizeof *stack);
    bool *visited = calloc((size_t)rooms_w * (size_t)rooms_h, sizeof *visited);
    assert_true(stack && visited);
    size_t top = 0;
    stack[top++] = 0;
    visited[0] = true;
    static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
    while (top > 0) {
        int room = stack[top - 1], rx = room % rooms_w, ry = room / rooms_w;
        int options[4], n = 0;
        for (int d = 0; d < 4; d++) {
            int nx = rx + dx[d], ny = ry + dy[d];
            if (nx >= 0 && ny >= 0 && nx < rooms_w && ny < rooms_h && !visited[ny * rooms_w + nx])
                options[n++] = d;
        }
        if (n == 0) {
            top--;
            continue;
        }
        int d = options[rng_below(r, n)], next = (ry + dy[d]) * rooms_w + rx + dx[d];
        astar_grid_set_walkable(g, 2 * rx + 1 + dx[d], 2 * ry + 1 + dy[d], true);
        visited[next] = true;
        stack[top++] = next;
    }
    free(stack);
    free(visited);
    for (int i = 0; i < loops; i++)
        astar_grid_set_walkable(g, 1 + rng_below(r, w - 2), 1 + rng_below(r, h - 2), true);
    for (int y = 0; costs && y < h; y++)
        for (int x = 0; x < w; x++)
            if (astar_grid_walkable(g, x, y))
                astar_grid_set_cost(g, x, y, 1 + rng_below(r, 4));
    return g;
}

static astar_point random_walkable(rng *r, const astar_grid *g)
{
    for (;;) {
        astar_point p = { rng_below(r, astar_grid_width(g)), rng_below(r, astar_grid_height(g)) };
        if (astar_grid_walkable(g, p.x, p.y))
            return p;
    }
}

/* The issue's test on real mazes: units cross maze512-1-0 (corridors one
 * cell wide) and maze512-4-0 knowing nothing, for benchmark problems of
 * 600 to 1000 steps, and arrive; the unit searches again many times (it
 * keeps meeting walls it believed open) and walks at least the file's
 * optimal length. */
static void test_walk_through_benchmark_mazes(void **state)
{
    (void)state;
    static const char *const names[] = { "maze512-1-0", "maze512-4-0" };
    static const size_t problems[][2] = { { 1500, 2000 }, { 1500, 2500 } };
    for (size_t m = 0; m < 2; m++) {
        char map_path[512], scen_path[512];
        snprintf(map_path, sizeof map_path, "%s/maps/maze/%s.map", ASTAR_BENCH_DIR, names[m]);
        snprintf(scen_path, sizeof scen_path, "%s/scen/maze/%s.map.scen", ASTAR_BENCH_DIR, names[m]);
        astar_grid *truth = NULL;
        astar_scenario *scen = NULL;
        astar_context *ctx = NULL;
        astar_error err;
        if (astar_grid_load_movingai(map_path, &truth, &err) != ASTAR_OK ||
            astar_scenario_load(scen_path, &scen, &err) != ASTAR_OK)
            fail_msg("%s", err.message);
        assert_int_equal(astar_context_new(astar_grid_cells(truth), &ctx), ASTAR_OK);
        astar_options o = astar_options_default();
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        for (size_t i = 0; i < 2; i++) {
            const astar_problem *p = astar_scenario_problem(scen, problems[m][i]);
            assert_non_null(p);
            astar_knowledge *k = NULL;
            assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
            walk w = walk_unit(ctx, truth, k, &o, 4, p->start, p->goal);
            assert_int_equal(w.status, ASTAR_OK);
            assert_true(w.at.x == p->goal.x && w.at.y == p->goal.y);
            assert_true(w.searches > 10);
            assert_true((double)w.cost / ASTAR_OCTILE_STRAIGHT >= p->optimal - 0.01);
            assert_true(astar_knowledge_seen_cells(k) < astar_grid_cells(truth));
            astar_knowledge_delete(k);
        }
        astar_context_delete(ctx);
        astar_scenario_delete(scen);
        astar_grid_delete(truth);
    }
}

/* The same on many generated mazes, with loops and terrain costs, under
 * every movement rule and both cost models, sights 1 to 4: the unit
 * arrives exactly when the reference says the goal is reachable, never
 * below the least cost; otherwise it ends with ASTAR_NO_PATH. */
static void test_walk_through_generated_mazes(void **state)
{
    (void)state;
    rng r = { 2024 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(41 * 41, &ctx), ASTAR_OK);
    size_t replans = 0, unreachable = 0;
    for (int i = 0; i < 120; i++) {
        int w = 2 * (2 + rng_below(&r, 19)) + 1, h = 2 * (2 + rng_below(&r, 19)) + 1;
        astar_grid *truth = maze_new(&r, w, h, rng_below(&r, 3) * w, i % 3 == 2);
        /* Some mazes get walls that cut the goal off. */
        astar_point goal = random_walkable(&r, truth);
        if (i % 5 == 4)
            for (int d = 0; d < 9; d++)
                if (d != 4)
                    astar_grid_set_walkable(truth, goal.x + d % 3 - 1, goal.y + d / 3 - 1, false);
        astar_point start = random_walkable(&r, truth);
        astar_options o = astar_options_default();
        o.moves = (astar_moves)(i % 3);
        o.costs = (astar_costs)(i / 3 % 2);
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        uint64_t *least = malloc(astar_grid_cells(truth) * sizeof *least);
        assert_non_null(least);
        ref_least_costs(truth, o.moves, o.costs, start, least);
        uint64_t best = least[(size_t)goal.y * (size_t)w + (size_t)goal.x];
        astar_knowledge *k = NULL;
        assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
        walk result = walk_unit(ctx, truth, k, &o, 1 + i % 4, start, goal);
        if (best == REF_UNREACHABLE) {
            assert_int_equal(result.status, ASTAR_NO_PATH);
            unreachable++;
        } else {
            assert_int_equal(result.status, ASTAR_OK);
            assert_true(result.at.x == goal.x && result.at.y == goal.y);
            assert_true(result.cost >= best);
        }
        replans += result.searches - 1;
        astar_knowledge_delete(k);
        astar_grid_delete(truth);
        free(least);
    }
    assert_true(replans > 120);
    assert_true(unreachable >= 20);
    astar_context_delete(ctx);
}

/* ---- Full knowledge: the true map's searches, exactly ------------------ */

static void assert_same_search(astar_context *ctx, const astar_grid *a, const astar_grid *b,
                               astar_point start, astar_point goal, const astar_options *o)
{
    enum { CAP = 4096 };
    astar_point pa[CAP], pb[CAP];
    astar_route x = { .points = pa, .capacity = CAP }, y = { .points = pb, .capacity = CAP };
    astar_status sa = astar_find_path(ctx, a, start, goal, o, &x);
    astar_status sb = astar_find_path(ctx, b, start, goal, o, &y);
    assert_int_equal(sa, sb);
    assert_int_equal(x.expanded, y.expanded);
    if (sa != ASTAR_OK)
        return;
    assert_int_equal(x.cost, y.cost);
    assert_int_equal(x.length, y.length);
    assert_memory_equal(pa, pb, x.length * sizeof *pa);
}

/* Random grids with terrain costs, squares and hexes, revealed whole (by
 * one huge radius, or by listing every cell in random order): the believed
 * grid is the truth, of its topology too, so every search on it - A* under
 * every option mix, JPS and JPS+ on uniform grids - gives the same status,
 * cost, path and expansions. */
static void test_full_knowledge_is_the_truth(void **state)
{
    (void)state;
    rng r = { 77 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(40 * 40, &ctx), ASTAR_OK);
    for (int i = 0; i < 150; i++) {
        int w = 1 + rng_below(&r, 40), h = 1 + rng_below(&r, 40);
        bool uniform = i % 4 == 0;
        astar_grid *truth = NULL;
        assert_int_equal(astar_grid_new(w, h, &truth), ASTAR_OK);
        int density = rng_below(&r, 45);
        size_t differ = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                if (rng_below(&r, 100) < density)
                    astar_grid_set_walkable(truth, x, y, false);
                else if (!uniform && rng_below(&r, 3) == 0)
                    astar_grid_set_cost(truth, x, y, 1 + rng_below(&r, ASTAR_MAX_TERRAIN));
                differ += astar_grid_cost(truth, x, y) != 1;
            }
        if (uniform)
            assert_int_equal(astar_grid_enable_jump_table(truth), ASTAR_OK);
        astar_topology topology = i % 3 == 1 ? (astar_topology)(1 + rng_below(&r, 4))
                                             : ASTAR_TOPOLOGY_SQUARE;
        assert_int_equal(astar_grid_set_topology(truth, topology), ASTAR_OK);
        astar_knowledge *k = NULL;
        assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
        assert_int_equal(astar_grid_topology(astar_knowledge_grid(k)), topology);
        size_t changed = 12345;
        if (i % 2 == 0) {
            assert_int_equal(astar_knowledge_reveal_radius(k, truth, rng_below(&r, w),
                                                           rng_below(&r, h), w + h, &changed),
                             ASTAR_OK);
        } else {
            size_t cells = (size_t)w * (size_t)h;
            astar_point *all = malloc(cells * sizeof *all);
            assert_non_null(all);
            for (size_t c = 0; c < cells; c++)
                all[c] = (astar_point){ (int32_t)(c % (size_t)w), (int32_t)(c / (size_t)w) };
            for (size_t c = cells; c > 1; c--) {
                size_t j = (size_t)rng_below(&r, (int)c);
                astar_point t = all[c - 1];
                all[c - 1] = all[j];
                all[j] = t;
            }
            assert_int_equal(astar_knowledge_reveal_cells(k, truth, all, cells, &changed), ASTAR_OK);
            free(all);
        }
        assert_int_equal(changed, differ);
        assert_int_equal(astar_knowledge_seen_cells(k), (size_t)w * (size_t)h);
        const astar_grid *believed = astar_knowledge_grid(k);
        for (int q = 0; q < 8; q++) {
            astar_point a = { rng_below(&r, w), rng_below(&r, h) };
            astar_point b = { rng_below(&r, w), rng_below(&r, h) };
            astar_options o = astar_options_default();
            o.moves = (astar_moves)rng_below(&r, 3);
            o.costs = (astar_costs)rng_below(&r, 2);
            o.heuristic = (astar_heuristic)rng_below(&r, 5);
            o.search.ties = (astar_ties)rng_below(&r, 3);
            o.search.open_list = (astar_open_list)rng_below(&r, ASTAR_OPEN_LIST_BUCKETS + 1);
            assert_same_search(ctx, truth, believed, a, b, &o);
            if (uniform) {
                o = astar_options_default();
                o.algorithm = (astar_algorithm)(1 + q % 2);
                assert_same_search(ctx, truth, believed, a, b, &o);
            }
        }
        astar_knowledge_delete(k);
        astar_grid_delete(truth);
    }
    astar_context_delete(ctx);
}

/* ---- What a reveal does ------------------------------------------------ */

/* After every one of many random reveals (circles and lists) on a map with
 * walls and terrain costs: each cell is believed to be the truth if it was
 * ever revealed and plain walkable ground if not; the seen bits and count
 * are exactly the cells revealed (within the radius by the square's circle
 * rule, or by the reference's hex distance); and the changed count is the
 * number of cells whose belief differs from before the reveal. */
static void random_reveals(astar_topology topology)
{
    enum { W = 23, H = 17, CELLS = W * H };
    rng r = { 4242 + (uint64_t)topology };
    astar_grid *truth = NULL;
    assert_int_equal(astar_grid_new(W, H, &truth), ASTAR_OK);
    assert_int_equal(astar_grid_set_topology(truth, topology), ASTAR_OK);
    for (int c = 0; c < CELLS; c++) {
        int roll = rng_below(&r, 10);
        if (roll < 3)
            astar_grid_set_walkable(truth, c % W, c / W, false);
        else if (roll < 5)
            astar_grid_set_cost(truth, c % W, c / W, 2 + rng_below(&r, 9));
    }
    astar_knowledge *k = NULL;
    assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
    bool seen[CELLS] = { false };
    int before[CELLS];
    for (int step = 0; step < 300; step++) {
        const astar_grid *believed = astar_knowledge_grid(k);
        for (int c = 0; c < CELLS; c++)
            before[c] = astar_grid_cost(believed, c % W, c / W);
        size_t changed;
        if (step % 3 == 0) {
            astar_point list[6];
            int n = rng_below(&r, 7);
            for (int i = 0; i < n; i++)
                list[i] = (astar_point){ rng_below(&r, W), rng_below(&r, H) };
            assert_int_equal(astar_knowledge_reveal_cells(k, truth, list, (size_t)n, &changed), ASTAR_OK);
            for (int i = 0; i < n; i++)
                seen[list[i].y * W + list[i].x] = true;
        } else {
            int x = rng_below(&r, W), y = rng_below(&r, H), radius = rng_below(&r, 4);
            assert_int_equal(astar_knowledge_reveal_radius(k, truth, x, y, radius, &changed), ASTAR_OK);
            for (int c = 0; c < CELLS; c++) {
                int dx = c % W - x, dy = c / W - y;
                astar_point cell = { c % W, c / W }, unit = { x, y };
                if (topology == ASTAR_TOPOLOGY_SQUARE ? dx * dx + dy * dy <= radius * radius + radius
                                                      : ref_hex_distance(topology, cell, unit) <= radius)
                    seen[c] = true;
            }
        }
        size_t differ = 0, seen_count = 0;
        for (int c = 0; c < CELLS; c++) {
            int want = seen[c] ? astar_grid_cost(truth, c % W, c / W) : 1;
            assert_int_equal(astar_grid_cost(believed, c % W, c / W), want);
            assert_int_equal(astar_knowledge_seen(k, c % W, c / W), seen[c]);
            differ += want != before[c];
            seen_count += seen[c];
        }
        assert_int_equal(changed, differ);
        assert_int_equal(astar_knowledge_seen_cells(k), seen_count);
    }
    /* A truth of another topology is another map. */
    astar_grid_set_topology(truth, topology == ASTAR_TOPOLOGY_SQUARE ? ASTAR_TOPOLOGY_HEX_ODD_R
                                                                     : ASTAR_TOPOLOGY_SQUARE);
    size_t changed = 1;
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, 0, 0, 1, &changed), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(changed, 0);
    astar_point cell = { 0, 0 };
    assert_int_equal(astar_knowledge_reveal_cells(k, truth, &cell, 1, NULL), ASTAR_INVALID_ARGUMENT);
    astar_knowledge_delete(k);
    astar_grid_delete(truth);
}

static void test_random_reveals(void **state)
{
    (void)state;
    for (int t = ASTAR_TOPOLOGY_SQUARE; t <= ASTAR_TOPOLOGY_HEX_EVEN_Q; t++)
        random_reveals((astar_topology)t);
}

/* Radius 1 on hexes is the cell and its six neighbours, in each layout;
 * radius 2 adds the ring of twelve. */
static void test_reveal_hexagons(void **state)
{
    (void)state;
    astar_grid *truth = NULL;
    assert_int_equal(astar_grid_new(9, 9, &truth), ASTAR_OK);
    for (int t = ASTAR_TOPOLOGY_HEX_ODD_R; t <= ASTAR_TOPOLOGY_HEX_EVEN_Q; t++) {
        assert_int_equal(astar_grid_set_topology(truth, (astar_topology)t), ASTAR_OK);
        for (int radius = 0; radius <= 2; radius++) {
            astar_knowledge *k = NULL;
            assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
            assert_int_equal(astar_knowledge_reveal_radius(k, truth, 4, 4, radius, NULL), ASTAR_OK);
            assert_int_equal(astar_knowledge_seen_cells(k), (size_t)(3 * radius * (radius + 1) + 1));
            astar_point around[6];
            ref_hex_neighbours((astar_topology)t, 4, 4, around);
            for (int i = 0; i < 6; i++)
                assert_int_equal(astar_knowledge_seen(k, around[i].x, around[i].y), radius >= 1);
            astar_knowledge_delete(k);
        }
    }
    astar_grid_delete(truth);
}

/* The shapes of small radii, drawn: radius 1 is the 3 x 3 square, radius 2
 * the 5 x 5 one without its corners; and a circle clipped at the corner. */
static void test_reveal_shapes(void **state)
{
    (void)state;
    static const char *const expected[][7] = {
        { ".......", ".......", ".......", ".......", ".......", ".......", "......." },
        { ".......", ".......", "..###..", "..###..", "..###..", ".......", "......." },
        { ".......", "..###..", ".#####.", ".#####.", ".#####.", "..###..", "......." },
        { "..###..", ".#####.", "#######", "#######", "#######", ".#####.", "..###.." },
    };
    astar_grid *truth = NULL;
    assert_int_equal(astar_grid_new(7, 7, &truth), ASTAR_OK);
    for (int radius = 0; radius <= 3; radius++) {
        astar_knowledge *k = NULL;
        assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
        assert_int_equal(astar_knowledge_reveal_radius(k, truth, 3, 3, radius, NULL), ASTAR_OK);
        for (int y = 0; y < 7; y++)
            for (int x = 0; x < 7; x++) {
                bool want = expected[radius][y][x] == '#' || (radius == 0 && x == 3 && y == 3);
                if (astar_knowledge_seen(k, x, y) != want)
                    fail_msg("radius %d: (%d,%d) seen %d", radius, x, y, !want);
            }
        astar_knowledge_delete(k);
    }
    /* Radius 3 from the corner: the quarter of the circle on the grid. */
    astar_knowledge *k = NULL;
    assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, 0, 0, 3, NULL), ASTAR_OK);
    assert_int_equal(astar_knowledge_seen_cells(k), 4 + 4 + 3 + 2);
    /* A radius far beyond the grid, even the largest, sees all of it. */
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, 6, 6, INT32_MAX, NULL), ASTAR_OK);
    assert_int_equal(astar_knowledge_seen_cells(k), 49);
    astar_knowledge_delete(k);
    astar_grid_delete(truth);
}

/* ---- Behaviour the header promises ------------------------------------- */

/* A corridor with a wall across it the unit has not seen: the plan goes
 * straight through the wall; once the wall is seen, around it; the truth
 * is never changed. */
static void test_unseen_walls_are_walked_into_the_plan(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "..........",
        "....#.....",
        "....#.....",
        "....#.....",
    };
    astar_grid *truth = ref_grid_from_rows(rows, 4);
    assert_non_null(truth);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(40, &ctx), ASTAR_OK);
    astar_knowledge *k = NULL;
    assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
    astar_point cells[40];
    astar_route path = { .points = cells, .capacity = 40 };
    astar_point start = { 0, 2 }, goal = { 9, 2 };
    assert_int_equal(astar_find_path(ctx, astar_knowledge_grid(k), start, goal, NULL, &path), ASTAR_OK);
    assert_int_equal(path.length, 10);                         /* straight along row 2 */
    assert_true(cells[4].x == 4 && cells[4].y == 2);           /* through the wall */
    assert_false(astar_grid_walkable(truth, 4, 2));
    size_t changed = 0;
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, 3, 2, 1, &changed), ASTAR_OK);
    assert_int_equal(changed, 3);                              /* (4,1), (4,2), (4,3) */
    assert_int_equal(astar_find_path(ctx, astar_knowledge_grid(k), start, goal, NULL, &path), ASTAR_OK);
    for (size_t i = 0; i < path.length; i++)
        assert_true(cells[i].x != 4 || cells[i].y == 0);       /* over the top */
    assert_false(astar_grid_walkable(truth, 4, 2));
    assert_true(astar_grid_walkable(truth, 3, 2));
    astar_knowledge_delete(k);
    astar_context_delete(ctx);
    astar_grid_delete(truth);
}

/* Changed counts: a wall once, a terrain cost once, plain ground never;
 * seen bits and the seen count; a later edit of the truth is not believed
 * until the cell is revealed again; forget starts over. */
static void test_changes_seen_and_forget(void **state)
{
    (void)state;
    static const char *const rows[] = { ".#7", "..." };
    astar_grid *truth = ref_grid_from_rows(rows, 2);
    assert_non_null(truth);
    astar_knowledge *k = NULL;
    assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
    const astar_grid *believed = astar_knowledge_grid(k);
    assert_int_equal(astar_grid_width(believed), 3);
    assert_int_equal(astar_grid_height(believed), 2);
    assert_int_equal(astar_knowledge_seen_cells(k), 0);
    for (int c = 0; c < 6; c++) {
        assert_false(astar_knowledge_seen(k, c % 3, c / 3));
        assert_int_equal(astar_grid_cost(believed, c % 3, c / 3), 1);
    }
    size_t changed = 99;
    astar_point plain = { 0, 0 }, wall = { 1, 0 }, dear = { 2, 0 };
    assert_int_equal(astar_knowledge_reveal_cells(k, truth, &plain, 1, &changed), ASTAR_OK);
    assert_int_equal(changed, 0);
    assert_true(astar_knowledge_seen(k, 0, 0));
    assert_int_equal(astar_knowledge_seen_cells(k), 1);
    astar_point both[] = { wall, dear, wall };
    assert_int_equal(astar_knowledge_reveal_cells(k, truth, both, 3, &changed), ASTAR_OK);
    assert_int_equal(changed, 2);
    assert_false(astar_grid_walkable(believed, 1, 0));
    assert_int_equal(astar_grid_cost(believed, 2, 0), 7);
    assert_int_equal(astar_knowledge_seen_cells(k), 3);
    assert_int_equal(astar_knowledge_reveal_cells(k, truth, both, 3, &changed), ASTAR_OK);
    assert_int_equal(changed, 0);
    assert_int_equal(astar_knowledge_reveal_cells(k, truth, NULL, 0, &changed), ASTAR_OK);
    assert_int_equal(changed, 0);
    /* The truth changes: the player keeps believing what it saw. */
    assert_int_equal(astar_grid_set_walkable(truth, 1, 0, true), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(truth, 1, 1, false), ASTAR_OK);
    assert_false(astar_grid_walkable(believed, 1, 0));
    assert_true(astar_grid_walkable(believed, 1, 1));
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, 1, 0, 1, &changed), ASTAR_OK);
    assert_int_equal(changed, 2);
    assert_true(astar_grid_walkable(believed, 1, 0));
    assert_false(astar_grid_walkable(believed, 1, 1));
    assert_int_equal(astar_knowledge_seen_cells(k), 6);
    /* Forget: back to nothing seen, all plain ground. */
    assert_int_equal(astar_knowledge_forget(k), ASTAR_OK);
    believed = astar_knowledge_grid(k);
    assert_int_equal(astar_knowledge_seen_cells(k), 0);
    for (int c = 0; c < 6; c++) {
        assert_false(astar_knowledge_seen(k, c % 3, c / 3));
        assert_int_equal(astar_grid_cost(believed, c % 3, c / 3), 1);
    }
    astar_knowledge_delete(k);
    astar_grid_delete(truth);
}

/* The believed grid has a jump table when the truth has one, kept current
 * by reveals and kept by forget, so JPS+ searches the player's belief with
 * JPS's answers; and never islands. */
static void test_jump_table_follows_the_truth(void **state)
{
    (void)state;
    rng r = { 31 };
    astar_grid *truth = maze_new(&r, 31, 21, 40, false);
    assert_int_equal(astar_grid_enable_jump_table(truth), ASTAR_OK);
    assert_int_equal(astar_grid_enable_islands(truth), ASTAR_OK);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(31 * 21, &ctx), ASTAR_OK);
    astar_knowledge *k = NULL;
    assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
    for (int round = 0; round < 2; round++) {
        assert_true(astar_grid_jump_table_bytes(astar_knowledge_grid(k)) > 0);
        assert_int_equal(astar_grid_island(astar_knowledge_grid(k), 1, 1), 0);
        for (int i = 0; i < 40; i++) {
            astar_knowledge_reveal_radius(k, truth, rng_below(&r, 31), rng_below(&r, 21), 2, NULL);
            astar_point a = random_walkable(&r, truth), b = random_walkable(&r, truth);
            astar_options jps = astar_options_default(), plus = astar_options_default();
            jps.algorithm = ASTAR_ALGORITHM_JPS;
            plus.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
            astar_route p1 = { 0 }, p2 = { 0 };
            astar_status s1 = astar_find_path(ctx, astar_knowledge_grid(k), a, b, &jps, &p1);
            astar_status s2 = astar_find_path(ctx, astar_knowledge_grid(k), a, b, &plus, &p2);
            assert_int_equal(s1, s2);
            assert_int_equal(p1.cost, p2.cost);
        }
        assert_int_equal(astar_knowledge_forget(k), ASTAR_OK);
    }
    /* A truth without a table: a believed grid without one. */
    astar_knowledge *bare = NULL;
    astar_grid_disable_jump_table(truth);
    assert_int_equal(astar_knowledge_new(truth, &bare), ASTAR_OK);
    assert_int_equal(astar_grid_jump_table_bytes(astar_knowledge_grid(bare)), 0);
    astar_knowledge_delete(bare);
    astar_knowledge_delete(k);
    astar_context_delete(ctx);
    astar_grid_delete(truth);
}

/* Units of a size on the belief: the believed grid has the truth's
 * clearance (its capabilities) and the truth's shadows, kept current by
 * reveals, and after a forget; a search for a unit of size 2 or 3 and
 * either capability on it (over the clearance; size 2 of capability 0 over
 * the shadow) is the
 * search for a unit of one cell on the belief eroded by brute force. */
static void test_sizes_on_the_belief(void **state)
{
    (void)state;
    enum { W = 28, H = 20, WATER = 3 };
    rng r = { 43 };
    astar_grid *truth = NULL;
    assert_int_equal(astar_grid_new(W, H, &truth), ASTAR_OK);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            unsigned roll = (unsigned)rng_below(&r, 100);
            if (roll < 12)
                astar_grid_set_walkable(truth, x, y, false);
            else if (roll < 20)
                astar_grid_set_cost(truth, x, y, WATER);
        }
    astar_capability dry = astar_capability_any();
    assert_int_equal(astar_capability_set(&dry, WATER, false), ASTAR_OK);
    assert_int_equal(astar_grid_enable_clearance(truth, &dry, 1), ASTAR_OK);
    assert_int_equal(astar_grid_enable_sized_shadow(truth, 2, 0, true), ASTAR_OK);
    bool allowed[2][256] = { { false } };
    for (int t = 1; t < 256; t++) {
        allowed[0][t] = true;
        allowed[1][t] = t != WATER;
    }
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(W * H, &ctx), ASTAR_OK);
    astar_knowledge *k = NULL;
    assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
    size_t searches = 0, found = 0;
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 30; i++) {
            astar_knowledge_reveal_radius(k, truth, rng_below(&r, W), rng_below(&r, H), 2, NULL);
            const astar_grid *belief = astar_knowledge_grid(k);
            assert_int_equal(astar_grid_capabilities(belief), 2);
            assert_non_null(astar_grid_sized_shadow(belief, 2, 0));
            astar_point a = { rng_below(&r, W), rng_below(&r, H) };
            astar_point b = { rng_below(&r, W), rng_below(&r, H) };
            for (int size = 2; size <= 3; size++)
                for (size_t c = 0; c < 2; c++) {
                    astar_grid *eroded = ref_eroded(belief, allowed[c], size);
                    astar_options one = astar_options_default();
                    astar_route want = { 0 };
                    astar_status ws = astar_find_path(ctx, eroded, a, b, &one, &want);
                    astar_options o = one;
                    o.world.unit_size = size;
                    o.world.capability = (uint8_t)c;
                    astar_route got = { 0 };
                    astar_status gs = astar_find_path(ctx, belief, a, b, &o, &got);
                    assert_int_equal(gs, ws);
                    assert_int_equal(got.cost, want.cost);
                    searches++;
                    found += gs == ASTAR_OK;
                    astar_grid_delete(eroded);
                }
        }
        assert_int_equal(astar_knowledge_forget(k), ASTAR_OK);
    }
    print_message("%zu searches of units of a size on the belief, %zu found\n", searches, found);
    assert_true(found > searches / 4);
    astar_knowledge_delete(k);
    astar_context_delete(ctx);
    astar_grid_delete(truth);
}

/* A goal the truth walls in: the unit walks until it has seen enough walls
 * to know, and ends with ASTAR_NO_PATH, every step legal. A goal in a wall
 * ends with ASTAR_GOAL_BLOCKED once the unit sees it. */
static void test_unreachable_goal(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "..............",
        "..........###.",
        "..........#.#.",
        "..........###.",
        "..............",
    };
    astar_grid *truth = ref_grid_from_rows(rows, 5);
    assert_non_null(truth);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(70, &ctx), ASTAR_OK);
    for (int moves = 0; moves < 3; moves++) {
        astar_options o = astar_options_default();
        o.moves = (astar_moves)moves;
        astar_knowledge *k = NULL;
        assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
        walk w = walk_unit(ctx, truth, k, &o, 1, (astar_point){ 0, 2 }, (astar_point){ 11, 2 });
        assert_int_equal(w.status, ASTAR_NO_PATH);
        assert_true(w.steps >= 9);   /* it had to come close to see the walls */
        astar_knowledge_delete(k);
        assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
        w = walk_unit(ctx, truth, k, &o, 1, (astar_point){ 0, 2 }, (astar_point){ 12, 2 });
        assert_int_equal(w.status, ASTAR_GOAL_BLOCKED);
        assert_true(w.steps >= 10);
        astar_knowledge_delete(k);
    }
    astar_context_delete(ctx);
    astar_grid_delete(truth);
}

/* astar_knowledge_follow: after random edits of the truth (few, and more
 * than the truth's feed keeps), every seen cell is believed as the truth
 * has it and every unseen one still open at cost 1, the count of changed
 * beliefs is right, and a layer that has followed and is followed again
 * changes nothing. */
static void test_follow_the_truth(void **state)
{
    (void)state;
    rng r = { 2024 };
    for (int trial = 0; trial < 60; trial++) {
        int w = 8 + rng_below(&r, 40), h = 8 + rng_below(&r, 40);
        astar_grid *truth;
        astar_knowledge *k;
        assert_int_equal(astar_grid_new(w, h, &truth), ASTAR_OK);
        assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
        for (int i = 0; i < 6; i++)
            assert_int_equal(astar_knowledge_reveal_radius(k, truth, rng_below(&r, w),
                                                           rng_below(&r, h), rng_below(&r, 5), NULL),
                             ASTAR_OK);
        /* Edits that change a cell, some trials more than the feed keeps. */
        uint64_t edits = trial % 4 == 0 ? ASTAR_GRID_FEED + 50 : 1 + (uint64_t)rng_below(&r, 40);
        for (uint64_t from = astar_grid_edits(truth); astar_grid_edits(truth) - from < edits;) {
            int x = rng_below(&r, w), y = rng_below(&r, h), c = rng_below(&r, 5);
            assert_int_equal(c ? astar_grid_set_cost(truth, x, y, c)
                               : astar_grid_set_walkable(truth, x, y, false),
                             ASTAR_OK);
        }
        size_t expect = 0;
        const astar_grid *believed = astar_knowledge_grid(k);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                expect += astar_knowledge_seen(k, x, y) &&
                          astar_grid_cost(believed, x, y) != astar_grid_cost(truth, x, y);
        size_t changed = 99;
        assert_int_equal(astar_knowledge_follow(k, truth, &changed), ASTAR_OK);
        assert_int_equal(changed, expect);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                assert_int_equal(astar_grid_cost(believed, x, y),
                                 astar_knowledge_seen(k, x, y) ? astar_grid_cost(truth, x, y) : 1);
        assert_int_equal(astar_knowledge_follow(k, truth, &changed), ASTAR_OK);
        assert_int_equal(changed, 0);
        astar_knowledge_delete(k);
        astar_grid_delete(truth);
    }
    astar_grid *truth, *other;
    astar_knowledge *k;
    assert_int_equal(astar_grid_new(10, 10, &truth), ASTAR_OK);
    assert_int_equal(astar_grid_new(10, 11, &other), ASTAR_OK);
    assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
    size_t changed = 7;
    assert_int_equal(astar_knowledge_follow(k, other, &changed), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(changed, 0);
    assert_int_equal(astar_knowledge_follow(NULL, truth, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_follow(k, NULL, NULL), ASTAR_INVALID_ARGUMENT);
    astar_knowledge_delete(k);
    astar_grid_delete(other);
    astar_grid_delete(truth);
}

static void test_argument_errors(void **state)
{
    (void)state;
    astar_grid *truth = NULL, *other = NULL;
    assert_int_equal(astar_grid_new(5, 4, &truth), ASTAR_OK);
    assert_int_equal(astar_grid_new(4, 5, &other), ASTAR_OK);
    astar_knowledge *k = (astar_knowledge *)1;
    assert_int_equal(astar_knowledge_new(NULL, &k), ASTAR_INVALID_ARGUMENT);
    assert_null(k);
    assert_int_equal(astar_knowledge_new(truth, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_new(truth, &k), ASTAR_OK);
    size_t changed = 7;
    assert_int_equal(astar_knowledge_reveal_radius(NULL, truth, 0, 0, 1, &changed), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(changed, 0);
    assert_int_equal(astar_knowledge_reveal_radius(k, NULL, 0, 0, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_reveal_radius(k, other, 0, 0, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, -1, 0, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, 0, 4, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, 5, 0, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_reveal_radius(k, truth, 0, 0, -1, NULL), ASTAR_INVALID_ARGUMENT);
    astar_point cells[] = { { 0, 0 }, { 4, 3 }, { 5, 3 } };
    changed = 7;
    assert_int_equal(astar_knowledge_reveal_cells(k, truth, cells, 3, &changed), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(changed, 0);
    assert_int_equal(astar_knowledge_reveal_cells(k, truth, NULL, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_reveal_cells(NULL, truth, cells, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_reveal_cells(k, NULL, cells, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_knowledge_reveal_cells(k, other, cells, 1, NULL), ASTAR_INVALID_ARGUMENT);
    /* Nothing was revealed by any failed call. */
    assert_int_equal(astar_knowledge_seen_cells(k), 0);
    assert_false(astar_knowledge_seen(k, 0, 0));
    assert_int_equal(astar_knowledge_reveal_cells(k, truth, cells, 2, NULL), ASTAR_OK);
    assert_true(astar_knowledge_seen(k, 4, 3));
    assert_false(astar_knowledge_seen(k, 5, 3));
    assert_false(astar_knowledge_seen(k, -1, 0));
    assert_false(astar_knowledge_seen(NULL, 0, 0));
    assert_int_equal(astar_knowledge_seen_cells(NULL), 0);
    assert_null(astar_knowledge_grid(NULL));
    assert_int_equal(astar_knowledge_forget(NULL), ASTAR_INVALID_ARGUMENT);
    astar_knowledge_delete(NULL);
    astar_knowledge_delete(k);
    astar_grid_delete(truth);
    astar_grid_delete(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walk_through_benchmark_mazes),
        cmocka_unit_test(test_walk_through_generated_mazes),
        cmocka_unit_test(test_full_knowledge_is_the_truth),
        cmocka_unit_test(test_random_reveals),
        cmocka_unit_test(test_reveal_hexagons),
        cmocka_unit_test(test_reveal_shapes),
        cmocka_unit_test(test_unseen_walls_are_walked_into_the_plan),
        cmocka_unit_test(test_changes_seen_and_forget),
        cmocka_unit_test(test_jump_table_follows_the_truth),
        cmocka_unit_test(test_sizes_on_the_belief),
        cmocka_unit_test(test_unreachable_goal),
        cmocka_unit_test(test_follow_the_truth),
        cmocka_unit_test(test_argument_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
