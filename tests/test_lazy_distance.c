/*
 * test_lazy_distance.c - the crowd's and the MAPF solver's lazy distance
 * tables (src/world/lazy_distance.h) against the library's distance maps:
 * on random grids (walls, rough terrain, uniform terrain where a focused
 * table's A* keeps two stacks), 4 and 8 moves, both step prices, every
 * cell asked in a random order over several tables at once must read what
 * a map built from the table's goal holds, whether the table's search is
 * Dijkstra's or an A* towards a focus cell, estimating with landmarks
 * (4 moves) or without; again after edits caught up with, and after a
 * table's focus moved part way; and
 * with allocations failing, every answer is either right or
 * ASTAR_UNREACHABLE with ASTAR_OUT_OF_MEMORY noted, and right again once
 * memory is back.
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
#include "world/lazy_distance.h"

enum { TABLES = 3 };

typedef struct oracle {
    astar_context *ctx;
    astar_distance_map *map[TABLES];
} oracle;

static void oracle_build(oracle *o, const astar_grid *grid, const astar_point *goals,
                         astar_moves moves, astar_costs costs)
{
    size_t cells = astar_grid_cells(grid);
    if (!o->ctx)
        assert_int_equal(astar_context_new(cells, &o->ctx), ASTAR_OK);
    astar_options opt = astar_options_default();
    opt.moves = moves;
    opt.costs = costs;
    for (int t = 0; t < TABLES; t++) {
        if (!o->map[t])
            assert_int_equal(astar_distance_map_new(cells, &o->map[t]), ASTAR_OK);
        assert_int_equal(astar_distance_map_build(o->map[t], o->ctx, grid, &goals[t], 1, &opt),
                         ASTAR_OK);
    }
}

static void oracle_free(oracle *o)
{
    for (int t = 0; t < TABLES; t++)
        astar_distance_map_delete(o->map[t]);
    astar_context_delete(o->ctx);
}

/* Every (table, cell) pair once, shuffled: tables resumed in turn, cells
 * far and near mixed, so a search is resumed from every state. */
static uint32_t *shuffled_queries(rng *r, size_t cells)
{
    size_t n = cells * TABLES;
    uint32_t *q = malloc(n * sizeof *q);
    assert_non_null(q);
    for (size_t i = 0; i < n; i++)
        q[i] = (uint32_t)i;
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)rng_below(r, (int)(i + 1));
        uint32_t t = q[i];
        q[i] = q[j];
        q[j] = t;
    }
    return q;
}

static void check_all(rng *r, lazy_distances *set, const oracle *o, const astar_grid *grid)
{
    size_t cells = astar_grid_cells(grid);
    int width = astar_grid_width(grid);
    uint32_t *q = shuffled_queries(r, cells);
    for (size_t i = 0; i < cells * TABLES; i++) {
        uint32_t table = q[i] % TABLES, cell = q[i] / TABLES;
        uint32_t want = astar_distance_map_cost(o->map[table], (int)(cell % (uint32_t)width),
                                                (int)(cell / (uint32_t)width));
        assert_int_equal(astar__lazy_distance(set, table, cell), want);
    }
    free(q);
    assert_int_equal(astar__lazy_status(set), ASTAR_OK);
}

static astar_point walkable_cell(rng *r, const astar_grid *grid)
{
    for (;;) {
        astar_point p = random_cell(r, grid);
        if (astar_grid_walkable(grid, p.x, p.y))
            return p;
    }
}

static void pick_goals(rng *r, const astar_grid *grid, astar_point goals[TABLES])
{
    for (int t = 0; t < TABLES; t++)
        goals[t] = walkable_cell(r, grid);
}

static void *plain_allocate(void *user, size_t size)
{
    (void)user;
    return malloc(size);
}

static void plain_release(void *user, void *block)
{
    (void)user;
    free(block);
}

static astar_allocator malloc_allocator(void)
{
    return (astar_allocator){ plain_allocate, plain_release, NULL };
}

static uint32_t cell_at(const astar_grid *grid, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)astar_grid_width(grid) + (uint32_t)p.x;
}

/* Each table aimed at its goal; focused, its search heads first for the
 * next table's goal (some cell of the map, walkable or not). */
static void target_all(lazy_distances *set, const astar_grid *grid, const astar_point *goals,
                       bool focused)
{
    for (uint32_t t = 0; t < TABLES; t++)
        astar__lazy_target(set, t, cell_at(grid, goals[t]),
                           focused ? cell_at(grid, goals[(t + 1) % TABLES]) : UINT32_MAX);
}

static lazy_distances *lazy_for(const astar_grid *grid, const astar_point *goals,
                                astar_moves moves, astar_costs costs,
                                const astar_allocator *memory, bool focused, size_t landmarks)
{
    lazy_distances *set;
    assert_int_equal(astar__lazy_new(grid, moves, costs, TABLES, landmarks, memory, &set),
                     ASTAR_OK);
    target_all(set, grid, goals, focused);
    return set;
}

/* The recipes: open and uniform (a focused A* keeps two stacks with 4
 * moves), walls, and rough terrain (a heap always). */
static const grid_recipe recipes[] = {
    { 0, 0, 0, 1, 1 },
    { 25, 0, 0, 1, 1 },
    { 15, 1, 3, 1, 9 },
    { 30, 1, 1, 1, 255 },
};

static void test_equal_to_maps(void **state)
{
    (void)state;
    rng r = { 45 };
    astar_allocator memory = malloc_allocator();
    for (int round = 0; round < 128; round++) {
        grid_recipe recipe = recipes[round % 4];
        astar_moves moves = round / 4 % 2 ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
        astar_costs costs = round / 8 % 2 ? ASTAR_COSTS_OCTILE : ASTAR_COSTS_ARTICLE;
        /* Sides past a tile (16) and not a multiple of it. */
        astar_grid *grid = random_grid(&r, 5 + rng_below(&r, 40), 5 + rng_below(&r, 40), recipe);
        astar_point goals[TABLES];
        pick_goals(&r, grid, goals);
        oracle o = { 0 };
        oracle_build(&o, grid, goals, moves, costs);
        bool focused = round / 16 % 2;
        lazy_distances *set = lazy_for(grid, goals, moves, costs, &memory, focused,
                                       round / 32 ? (size_t)(1 + round % 16) : 0);
        check_all(&r, set, &o, grid);
        /* Retargeted: the pages go back to the pool and come out clean. */
        pick_goals(&r, grid, goals);
        target_all(set, grid, goals, !focused);
        oracle_build(&o, grid, goals, moves, costs);
        check_all(&r, set, &o, grid);
        astar__lazy_delete(set);
        oracle_free(&o);
        astar_grid_delete(grid);
    }
}

/* A neighbour's cost read beside a cell whose cost was read
 * (astar__lazy_distance_beside), as the crowd's PIBT and the solver's
 * ways read them: cells in a random order, each read exactly and then its
 * four neighbours (walkable or not, in a random order) beside it, every
 * answer the map's; the tables' searches interleaved. The grids: the
 * recipes' open and walled uniform ones (two stacks, where the answer is
 * often had without resuming) and rough ones (a heap: always resumed),
 * 4 moves, focused. */
static void test_beside(void **state)
{
    (void)state;
    rng r = { 47 };
    astar_allocator memory = malloc_allocator();
    for (int round = 0; round < 48; round++) {
        astar_grid *grid = random_grid(&r, 8 + rng_below(&r, 40), 8 + rng_below(&r, 40),
                                       recipes[round % 3]);
        int width = astar_grid_width(grid), height = astar_grid_height(grid);
        astar_point goals[TABLES];
        pick_goals(&r, grid, goals);
        oracle o = { 0 };
        oracle_build(&o, grid, goals, ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE);
        lazy_distances *set = lazy_for(grid, goals, ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE, &memory,
                                       true, round / 3 % 2 ? 16 : 0);
        size_t cells = astar_grid_cells(grid);
        uint32_t *q = shuffled_queries(&r, cells);
        for (size_t i = 0; i < cells * TABLES; i++) {
            uint32_t table = q[i] % TABLES, cell = q[i] / TABLES;
            int x = (int)(cell % (uint32_t)width), y = (int)(cell / (uint32_t)width);
            uint32_t cost = astar__lazy_distance(set, table, cell);
            assert_int_equal(cost, astar_distance_map_cost(o.map[table], x, y));
            static const int dx[4] = { 1, 0, -1, 0 }, dy[4] = { 0, 1, 0, -1 };
            int first = rng_below(&r, 4);
            for (int k = 0; k < 4; k++) {
                int nx = x + dx[(first + k) % 4], ny = y + dy[(first + k) % 4];
                if (nx < 0 || ny < 0 || nx >= width || ny >= height)
                    continue;
                uint32_t n = (uint32_t)ny * (uint32_t)width + (uint32_t)nx;
                uint32_t want = astar_distance_map_cost(o.map[table], nx, ny);
                uint32_t got = astar__lazy_distance_beside(set, table, n, cell, cost);
                if (got != want)
                    fail_msg("round %d table %u: (%d,%d) beside (%d,%d) at %u: %u, the map's %u",
                             round, table, nx, ny, x, y, cost, got, want);
            }
        }
        free(q);
        assert_int_equal(astar__lazy_status(set), ASTAR_OK);
        astar__lazy_delete(set);
        oracle_free(&o);
        astar_grid_delete(grid);
    }
}

/* On hex grids of the four layouts: the six neighbours, every step a
 * straight one, the estimate the hex distance (a heap: a step may leave
 * it as it was), against the distance maps on the same hexes. */
static void test_equal_to_maps_on_hexes(void **state)
{
    (void)state;
    rng r = { 46 };
    astar_allocator memory = malloc_allocator();
    static const astar_topology layouts[] = { ASTAR_TOPOLOGY_HEX_ODD_R, ASTAR_TOPOLOGY_HEX_EVEN_R,
                                              ASTAR_TOPOLOGY_HEX_ODD_Q, ASTAR_TOPOLOGY_HEX_EVEN_Q };
    for (int round = 0; round < 32; round++) {
        astar_costs costs = round / 8 % 2 ? ASTAR_COSTS_OCTILE : ASTAR_COSTS_ARTICLE;
        astar_grid *grid = random_grid(&r, 5 + rng_below(&r, 40), 5 + rng_below(&r, 40),
                                       recipes[round / 4 % 4]);
        assert_int_equal(astar_grid_set_topology(grid, layouts[round % 4]), ASTAR_OK);
        astar_point goals[TABLES];
        pick_goals(&r, grid, goals);
        oracle o = { 0 };
        oracle_build(&o, grid, goals, ASTAR_MOVES_4, costs);
        lazy_distances *set = lazy_for(grid, goals, ASTAR_MOVES_4, costs, &memory, round / 16,
                                       round % 2 ? 16 : 0);
        check_all(&r, set, &o, grid);
        astar__lazy_delete(set);
        oracle_free(&o);
        astar_grid_delete(grid);
    }
}

/* A table asked about its goal's neighbourhood only explores that: the
 * point of it. */
static void test_explores_what_is_asked(void **state)
{
    (void)state;
    astar_grid *grid;
    assert_int_equal(astar_grid_new(512, 512, &grid), ASTAR_OK);
    astar_allocator memory = malloc_allocator();
    astar_point goals[TABLES] = { { 10, 10 }, { 500, 500 }, { 256, 0 } };
    lazy_distances *set =
        lazy_for(grid, goals, ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, &memory, false, false);
    size_t before = astar__lazy_bytes(set);
    for (uint32_t t = 0; t < TABLES; t++)
        assert_int_equal(astar__lazy_distance(set, t, (uint32_t)goals[t].y * 512 +
                                                          (uint32_t)goals[t].x + 3),
                         3 * ASTAR_ARTICLE_STRAIGHT);
    /* A directory (4 KB) and a few pages each, from one chunk of the pool
     * (66 KB) - not the 2 MB of a full map each. */
    assert_true(astar__lazy_bytes(set) - before < 128 * 1024);
    astar__lazy_delete(set);
    astar_grid_delete(grid);
}

/* A focused table asked about its focus far across an open map explores
 * about the way there (an A* with the deepest of equal estimates first),
 * where Dijkstra's search fills the map up to that distance. */
static void test_focus_explores_less(void **state)
{
    (void)state;
    astar_grid *grid;
    assert_int_equal(astar_grid_new(512, 512, &grid), ASTAR_OK);
    astar_allocator memory = malloc_allocator();
    astar_point goal = { 20, 30 }, focus = { 480, 400 };
    size_t bytes[2];
    for (int focused = 0; focused < 2; focused++) {
        lazy_distances *set;
        assert_int_equal(astar__lazy_new(grid, ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE, 1, 0, &memory,
                                         &set), ASTAR_OK);
        astar__lazy_target(set, 0, cell_at(grid, goal),
                           focused ? cell_at(grid, focus) : UINT32_MAX);
        size_t before = astar__lazy_bytes(set);
        assert_int_equal(astar__lazy_distance(set, 0, cell_at(grid, focus)),
                         (460 + 370) * ASTAR_ARTICLE_STRAIGHT);
        bytes[focused] = astar__lazy_bytes(set) - before;
        astar__lazy_delete(set);
    }
    /* Measured: 1.1 MB against 0.17 MB, chunks of the pool and the open
     * list included. */
    assert_true(bytes[1] * 4 < bytes[0]);
    astar_grid_delete(grid);
}

/* A table's search widened after it closed its focus
 * (astar__lazy_widen): on uniform grids (the two stacks), with landmarks
 * and without, every cell on a least way between goal and focus - its
 * cost to the goal plus its cost to the focus the focus's cost - is
 * closed (reached with a budget of 0), a few steps at a time or all at
 * once; and every answer is still the map's. */
static void test_widen(void **state)
{
    (void)state;
    rng r = { 4747 };
    astar_allocator memory = malloc_allocator();
    astar_context *ctx;
    astar_distance_map *from_focus;
    assert_int_equal(astar_context_new(50 * 50, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(50 * 50, &from_focus), ASTAR_OK);
    astar_options opt = astar_options_default();
    opt.moves = ASTAR_MOVES_4;
    for (int round = 0; round < 32; round++) {
        astar_grid *grid = random_grid(&r, 10 + rng_below(&r, 40), 10 + rng_below(&r, 40),
                                       recipes[round % 2]);
        astar_point goals[TABLES];
        pick_goals(&r, grid, goals);
        oracle o = { 0 };
        oracle_build(&o, grid, goals, ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE);
        lazy_distances *set = lazy_for(grid, goals, ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE, &memory,
                                       true, round / 2 % 2 ? 16 : 0);
        int width = astar_grid_width(grid), height = astar_grid_height(grid);
        for (uint32_t t = 0; t < TABLES; t++) {
            astar_point focus = goals[(t + 1) % TABLES];
            uint32_t whole = astar__lazy_distance(set, t, cell_at(grid, focus));
            assert_int_equal(whole, astar_distance_map_cost(o.map[t], focus.x, focus.y));
            if (whole == ASTAR_UNREACHABLE)
                continue;
            size_t budget = round / 4 % 2 ? 3 : SIZE_MAX;
            while (!astar__lazy_widen(set, t, &budget)) {
                assert_int_equal(budget, 0);
                budget = 3;
            }
            assert_int_equal(astar_distance_map_build(from_focus, ctx, grid, &focus, 1, &opt),
                             ASTAR_OK);
            for (int y = 0; y < height; y++)
                for (int x = 0; x < width; x++) {
                    uint32_t to_goal = astar_distance_map_cost(o.map[t], x, y);
                    uint32_t to_focus = astar_distance_map_cost(from_focus, x, y);
                    size_t none = 0;
                    if (to_goal != ASTAR_UNREACHABLE && to_focus != ASTAR_UNREACHABLE &&
                        to_goal + to_focus == whole &&
                        !astar__lazy_reach(set, t, cell_at(grid, (astar_point){ x, y }), &none))
                        fail_msg("round %d table %u: (%d,%d) on a least way, not closed", round,
                                 t, x, y);
                }
        }
        check_all(&r, set, &o, grid);
        astar__lazy_delete(set);
        oracle_free(&o);
        astar_grid_delete(grid);
    }
    astar_distance_map_delete(from_focus);
    astar_context_delete(ctx);
}

/* Round `round`'s grid of test_edits and test_refocus (10 to 49 cells a
 * side, the recipes in turn every second round) and its tables' goals. */
static astar_grid *round_grid(rng *r, int round, astar_point goals[TABLES])
{
    astar_grid *grid = random_grid(r, 10 + rng_below(r, 40), 10 + rng_below(r, 40),
                                   recipes[round / 2 % 4]);
    pick_goals(r, grid, goals);
    return grid;
}

/* A table given a new focus part way through its search (a second unit
 * given the goal: astar__lazy_refocus) keeps what it closed and keys the
 * rest afresh: every answer is still the map's, with landmarks or
 * without, 4 or 8 moves, uniform (two stacks before) or rough terrain. */
static void test_refocus(void **state)
{
    (void)state;
    rng r = { 4646 };
    astar_allocator memory = malloc_allocator();
    for (int round = 0; round < 48; round++) {
        astar_moves moves = round % 2 ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
        astar_point goals[TABLES];
        astar_grid *grid = round_grid(&r, round, goals);
        oracle o = { 0 };
        oracle_build(&o, grid, goals, moves, ASTAR_COSTS_ARTICLE);
        lazy_distances *set =
            lazy_for(grid, goals, moves, ASTAR_COSTS_ARTICLE, &memory, true,
                     round / 8 % 2 ? 3 + (size_t)round % 14 : 0);
        for (int k = 0; k < 3 * (1 + round / 16); k++) {
            /* A cell asked, then the focus moved to another, closed or not. */
            astar_point p = random_cell(&r, grid), f = walkable_cell(&r, grid);
            uint32_t t = (uint32_t)rng_below(&r, TABLES);
            assert_int_equal(astar__lazy_distance(set, t, cell_at(grid, p)),
                             astar_distance_map_cost(o.map[t], p.x, p.y));
            astar__lazy_refocus(set, t, cell_at(grid, f));
            assert_int_equal(astar__lazy_distance(set, t, cell_at(grid, f)),
                             astar_distance_map_cost(o.map[t], f.x, f.y));
        }
        check_all(&r, set, &o, grid);
        astar__lazy_delete(set);
        oracle_free(&o);
        astar_grid_delete(grid);
    }
}

static void edit_some(rng *r, astar_grid *grid, const astar_point *goals, int edits)
{
    for (int e = 0; e < edits; e++) {
        astar_point p = random_cell(r, grid);
        /* Now and then a goal itself, walled in or opened again. */
        if (rng_below(r, 8) == 0)
            p = goals[rng_below(r, TABLES)];
        int what = rng_below(r, 3);
        if (what == 0)
            assert_int_equal(astar_grid_set_walkable(grid, p.x, p.y,
                                                     !astar_grid_walkable(grid, p.x, p.y)),
                             ASTAR_OK);
        else
            assert_int_equal(astar_grid_set_cost(grid, p.x, p.y, what == 1 ? 1 : 1 + rng_below(r, 5)),
                             ASTAR_OK);
    }
}

/* Edits caught up with: tables that read an edited cell start over, the
 * others go on; either way every answer is the map built afresh. Some
 * rounds ask only a few cells before editing, so that untouched tables
 * really go on from a partial search. */
static void test_edits(void **state)
{
    (void)state;
    rng r = { 4545 };
    astar_allocator memory = malloc_allocator();
    for (int round = 0; round < 48; round++) {
        astar_moves moves = round % 2 ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
        astar_point goals[TABLES];
        astar_grid *grid = round_grid(&r, round, goals);
        lazy_distances *set =
            lazy_for(grid, goals, moves, ASTAR_COSTS_ARTICLE, &memory, round / 8 % 2,
                     round / 24 ? 16 : 0);
        oracle o = { 0 };
        for (int phase = 0; phase < 6; phase++) {
            /* A few near cells asked, so the searches stop part way. */
            for (int k = 0; k < 5; k++) {
                astar_point p = random_cell(&r, grid);
                uint32_t t = (uint32_t)rng_below(&r, TABLES);
                (void)astar__lazy_distance(set, t, (uint32_t)p.y * (uint32_t)astar_grid_width(grid) +
                                                       (uint32_t)p.x);
            }
            /* Now and then more edits at once than landmarks follow one
             * by one (lazy_marks.c: then computed afresh). */
            edit_some(&r, grid, goals, phase == 4 ? 70 : 1 + rng_below(&r, 4));
            astar__lazy_catch_up(set);
            oracle_build(&o, grid, goals, moves, ASTAR_COSTS_ARTICLE);
            if (phase % 2)
                check_all(&r, set, &o, grid);
        }
        astar__lazy_delete(set);
        oracle_free(&o);
        astar_grid_delete(grid);
    }
}

/* An allocator that fails every allocation while `failing`. */
typedef struct gate {
    bool failing;
    size_t failed;
} gate;

static void *gate_allocate(void *user, size_t size)
{
    gate *g = user;
    if (g->failing) {
        g->failed++;
        return NULL;
    }
    return malloc(size);
}

static void test_out_of_memory(void **state)
{
    (void)state;
    rng r = { 7 };
    gate g = { 0 };
    astar_allocator memory = { gate_allocate, plain_release, &g };
    for (int round = 0; round < 8; round++) {
        astar_moves moves = round % 2 ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
        astar_grid *grid = random_grid(&r, 40 + rng_below(&r, 30), 40 + rng_below(&r, 30),
                                       recipes[round % 4]);
        astar_point goals[TABLES];
        pick_goals(&r, grid, goals);
        oracle o = { 0 };
        oracle_build(&o, grid, goals, moves, ASTAR_COSTS_ARTICLE);
        lazy_distances *set = lazy_for(grid, goals, moves, ASTAR_COSTS_ARTICLE, &memory,
                                       round / 2 % 2, round / 4 ? 16 : 0);
        size_t cells = astar_grid_cells(grid);
        int width = astar_grid_width(grid);
        uint32_t *q = shuffled_queries(&r, cells);
        for (size_t i = 0; i < cells * TABLES; i++) {
            /* Memory comes and goes in runs of 64 queries. */
            g.failing = (i / 64 + (size_t)round) % 3 == 0;
            uint32_t table = q[i] % TABLES, cell = q[i] / TABLES;
            uint32_t want = astar_distance_map_cost(o.map[table], (int)(cell % (uint32_t)width),
                                                    (int)(cell / (uint32_t)width));
            uint32_t got = astar__lazy_distance(set, table, cell);
            if (got != want) {
                assert_int_equal(got, ASTAR_UNREACHABLE);
                assert_int_equal(astar__lazy_status(set), ASTAR_OUT_OF_MEMORY);
            }
        }
        g.failing = false;
        (void)astar__lazy_status(set);
        check_all(&r, set, &o, grid);
        assert_true(g.failed > 0);
        free(q);
        astar__lazy_delete(set);
        oracle_free(&o);
        astar_grid_delete(grid);
    }
    /* The set itself. */
    g.failing = true;
    astar_grid *grid;
    assert_int_equal(astar_grid_new(8, 8, &grid), ASTAR_OK);
    lazy_distances *set = (lazy_distances *)&g;
    assert_int_equal(astar__lazy_new(grid, ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE, 2, 0, &memory, &set),
                     ASTAR_OUT_OF_MEMORY);
    assert_null(set);
    set = (lazy_distances *)&g;
    assert_int_equal(astar__lazy_new(grid, ASTAR_MOVES_4, ASTAR_COSTS_ARTICLE, 2, 16, &memory, &set),
                     ASTAR_OUT_OF_MEMORY);
    assert_null(set);
    astar_grid_delete(grid);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equal_to_maps),
        cmocka_unit_test(test_equal_to_maps_on_hexes),
        cmocka_unit_test(test_beside),
        cmocka_unit_test(test_focus_explores_less),
        cmocka_unit_test(test_explores_what_is_asked),
        cmocka_unit_test(test_edits),
        cmocka_unit_test(test_refocus),
        cmocka_unit_test(test_widen),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
