/*
 * test_buckets.c - the BUCKETS open list and what it stands on.
 *
 *   - moves_legal, the corner rule for all eight directions at once, against
 *     move_diagonal_allowed for every set of walkable neighbours;
 *   - the grid's per-cell neighbour bytes stay right through random edits;
 *   - the options the buckets serve have a consistent H (brute force over
 *     many distances and every step), which is what they need;
 *   - after a BUCKETS search astar_context_node reads back what A* must have
 *     found: closed squares at their least cost (the reference solver's),
 *     open ones one legal step from a closed parent, F = G + H;
 *   - the queue alone: squares re-pointed over and over, far more times than
 *     it has entries, so that it has to drop stale ones, still come out once
 *     each, in order of F, with their last F;
 *   - searches of every open list and JPS (with the heap and the buckets)
 *     take turns on one context, and the generation count wraps, without a
 *     search mistaking another's leftovers for its own (a heap search's
 *     closed list writes over the near buckets' bitmaps);
 *   - a search that runs out of bucket entries starts over with the heap;
 *   - contexts too small for the buckets, and options whose H is not
 *     consistent, get the heap's search exactly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "open/buckets.h"
#include "open/context.h"
#include "core/cost.h"
#include "grid/grid.h"
#include "core/moves.h"
#include "core/options.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

static rng generator = { 0xB0C4E7u };

static astar_grid *bucket_grid(int w, int h, int blocked_percent, int max_cost)
{
    return random_grid(&generator, w, h,
                       (grid_recipe){ blocked_percent, 0, max_cost > 1, 1, max_cost });
}

static astar_point random_walkable(const astar_grid *grid)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    for (;;) {
        astar_point p = { rng_below(&generator, w), rng_below(&generator, h) };
        if (astar_grid_walkable(grid, p.x, p.y))
            return p;
    }
}

static void test_moves_legal_is_the_corner_rule(void **state)
{
    (void)state;
    const astar_moves all[] = { ASTAR_MOVES_8, ASTAR_MOVES_4, ASTAR_MOVES_8_CUT };
    for (size_t m = 0; m < 3; m++)
        for (unsigned around = 0; around < 256; around++) {
            unsigned want = 0;
            for (unsigned d = 0; d < DIRECTIONS; d++) {
                int dx = move_dx[d], dy = move_dy[d];
                if (!(around & move_bit(d)))
                    continue;
                bool beside_x = around & move_bit(move_direction(dx, 0));
                bool beside_y = around & move_bit(move_direction(0, dy));
                if (!move_is_diagonal(dx, dy) || move_diagonal_allowed(all[m], beside_x, beside_y))
                    want |= move_bit(d);
            }
            if (moves_legal(all[m], around) != want)
                fail_msg("moves %d, around %#x: legal %#x, want %#x", (int)all[m], around,
                         moves_legal(all[m], around), want);
        }
}

/* Every cell's byte, border cells included, names its walkable neighbours. */
static void assert_around_right(const astar_grid *grid)
{
    for (int y = -1; y <= grid->height; y++)
        for (int x = -1; x <= grid->width; x++) {
            size_t p = (size_t)(y + 1) * (size_t)grid->stride + (size_t)(x + 1);
            unsigned want = 0;
            for (unsigned d = 0; d < DIRECTIONS; d++)
                if (astar_grid_walkable(grid, x + move_dx[d], y + move_dy[d]))
                    want |= move_bit(d);
            if (grid->around[p] != want)
                fail_msg("(%d, %d): around %#x, want %#x", x, y, grid->around[p], want);
        }
}

static void test_around_follows_edits(void **state)
{
    (void)state;
    astar_grid *grid = bucket_grid(13, 9, 30, 5);
    assert_around_right(grid);
    for (int i = 0; i < 2000; i++) {
        int x = rng_below(&generator, 13), y = rng_below(&generator, 9);
        if (rng_below(&generator, 2))
            assert_int_equal(astar_grid_set_walkable(grid, x, y, rng_below(&generator, 2)),
                             ASTAR_OK);
        else
            assert_int_equal(astar_grid_set_cost(grid, x, y, 1 + rng_below(&generator, 9)),
                             ASTAR_OK);
        if (i % 97 == 0)
            assert_around_right(grid);
    }
    assert_around_right(grid);
    astar_grid_delete(grid);
}

/* The buckets are used exactly for these options, and for these H never
 * drops along a step by more than the step's least cost. */
static void test_served_options_are_consistent(void **state)
{
    (void)state;
    const double weights[] = { 0.0, 0.25, 0.7, 1.0, 1.0 + 1.0 / 1024.0, 2.0 };
    int served = 0;
    for (int m = 0; m < 3; m++)
        for (int c = 0; c < 2; c++)
            for (int h = 0; h < 5; h++)
                for (size_t w = 0; w < sizeof weights / sizeof weights[0]; w++) {
                    astar_options o = astar_options_default();
                    o.moves = (astar_moves)m;
                    o.costs = (astar_costs)c;
                    o.heuristic = (astar_heuristic)h;
                    o.search.weight = weights[w];
                    bool optimal_stop = astar_options_optimal(&o);
                    assert_int_equal(astar__options_consistent(&o), optimal_stop);
                    if (!astar__options_consistent(&o))
                        continue;
                    served++;
                    cost_model model = cost_model_of(&o);
                    for (int i = 0; i < 20000; i++) {
                        /* Near the target and far from it, both signs. */
                        int span = i % 2 ? 6 : 60000;
                        int ax = rng_below(&generator, 2 * span + 1) - span;
                        int ay = rng_below(&generator, 2 * span + 1) - span;
                        unsigned d = (unsigned)rng_below(&generator, DIRECTIONS);
                        int dx = move_dx[d], dy = move_dy[d];
                        if (o.moves == ASTAR_MOVES_4 && move_is_diagonal(dx, dy))
                            continue;
                        uint64_t step = move_is_diagonal(dx, dy) ? model.diagonal : model.straight;
                        uint64_t ha = cost_h(&model, (uint32_t)abs(ax), (uint32_t)abs(ay));
                        uint64_t hb =
                            cost_h(&model, (uint32_t)abs(ax + dx), (uint32_t)abs(ay + dy));
                        if (ha > step + hb)
                            fail_msg("moves %d costs %d heuristic %d weight %g: H(%d, %d) = %llu, "
                                     "a step of %llu to H(%d, %d) = %llu",
                                     m, c, h, o.search.weight, ax, ay, (unsigned long long)ha,
                                     (unsigned long long)step, ax + dx, ay + dy,
                                     (unsigned long long)hb);
                    }
                }
    assert_true(served >= 30);
}

/* What the context says after a BUCKETS search from start to goal. */
static void check_read_back(const astar_context *ctx, const astar_grid *grid,
                            const astar_options *o, astar_point start, astar_point goal,
                            astar_status status)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    uint64_t *least = malloc((size_t)w * (size_t)h * sizeof *least);
    assert_non_null(least);
    ref_least_costs(grid, o->moves, o->costs, start, least);
    cost_model model = cost_model_of(o);
    size_t closed = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            astar_node node;
            assert_int_equal(astar_context_node(ctx, grid, x, y, &node), ASTAR_OK);
            if (node.list == ASTAR_LIST_NONE)
                continue;
            assert_true(astar_grid_walkable(grid, x, y));
            uint64_t want_h = cost_h(&model, (uint32_t)abs(x - goal.x), (uint32_t)abs(y - goal.y));
            assert_int_equal(node.h, want_h);
            assert_int_equal(node.f, (uint64_t)node.g + node.h);
            if (node.list == ASTAR_LIST_CLOSED) {
                /* A consistent H closes every square at its least cost. */
                closed++;
                assert_int_equal(node.g, least[y * w + x]);
            }
            if (x == start.x && y == start.y) {
                assert_int_equal(node.g, 0);
                assert_int_equal(node.parent.x, x);
                assert_int_equal(node.parent.y, y);
                continue;
            }
            /* G is the parent's, closed, plus one legal step. */
            astar_node parent;
            astar_point from = node.parent, to = { x, y };
            assert_int_equal(astar_context_node(ctx, grid, from.x, from.y, &parent), ASTAR_OK);
            assert_int_equal(parent.list, ASTAR_LIST_CLOSED);
            assert_true(ref_move_legal(grid, o->moves, from, to));
            assert_int_equal(node.g, parent.g + ref_step_cost(grid, o->costs, from, to));
        }
    if (status == ASTAR_OK) {
        astar_node target;
        assert_int_equal(astar_context_node(ctx, grid, goal.x, goal.y, &target), ASTAR_OK);
        assert_int_equal(target.list, ASTAR_LIST_CLOSED);
    } else {
        /* No path: the whole region of the start was closed. */
        size_t region = 0;
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
            region += least[i] != REF_UNREACHABLE;
        assert_int_equal(status, ASTAR_NO_PATH);
        assert_int_equal(closed, region);
    }
    free(least);
}

static void test_read_back_after_buckets(void **state)
{
    (void)state;
    astar_context *ctx;
    assert_int_equal(astar_context_new(40 * 40, &ctx), ASTAR_OK);
    astar_point points[40 * 40];
    for (int g = 0; g < 120; g++) {
        int w = 2 + rng_below(&generator, 39), h = 2 + rng_below(&generator, 39);
        astar_grid *grid = bucket_grid(w, h, rng_below(&generator, 45),
                                       g % 3 == 0 ? 1 : g % 3 == 1 ? 9 : ASTAR_MAX_TERRAIN);
        if (!astar_grid_walkable(grid, 0, 0))
            assert_int_equal(astar_grid_set_walkable(grid, 0, 0, true), ASTAR_OK);
        astar_options o = astar_options_default();
        o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
        o.moves = (astar_moves)(g % 3);
        o.costs = (astar_costs)(g / 3 % 2);
        o.heuristic = o.moves == ASTAR_MOVES_4 && g % 4 == 0 ? ASTAR_HEURISTIC_MANHATTAN
                                                              : ASTAR_HEURISTIC_OCTILE;
        o.search.weight = g % 5 == 0 ? 0.5 : 1.0;
        astar_point start = random_walkable(grid), goal = random_walkable(grid);
        astar_route path = { .points = points, .capacity = 40 * 40 };
        astar_status s = astar_find_path(ctx, grid, start, goal, &o, &path);
        assert_true(s == ASTAR_OK || s == ASTAR_NO_PATH);
        check_read_back(ctx, grid, &o, start, goal, s);
        astar_grid_delete(grid);
    }
    astar_context_delete(ctx);
}

/* The queue over a small context: a few open squares, each re-pointed to
 * a lower F again and again before anything is taken; with a word per
 * cell beside G too (JPS's parents), which neither G nor the entries may
 * overwrite. */
static void test_queue_drops_stale_entries(void **state)
{
    (void)state;
    enum { WIDTH = 16, CELLS = 16 * 8, OPEN = 40, ROUNDS = 60 };
    for (int per_cell = 0; per_cell < 2; per_cell++) {
        astar_context *ctx;
        assert_int_equal(astar_context_new(CELLS, &ctx), ASTAR_OK);
        bucket_queue *q = &ctx->buckets;
        astar_options o = astar_options_default();
        o.heuristic = ASTAR_HEURISTIC_ZERO; /* F = G, so the F pushed is G */
        cost_model model = cost_model_of(&o);
        const uint32_t lowest = 1000;
        astar__bucket_start(q, WIDTH, &model, 0, 0, lowest, per_cell);
        assert_int_equal(q->g_shift, (unsigned)per_cell);
        assert_true(q->room > OPEN && q->room < OPEN * ROUNDS);
        uint32_t f[OPEN], cells[OPEN];
        for (int i = 0; i < OPEN; i++) {
            cells[i] = (uint32_t)(2 * i + 1); /* a word apart: G and words interleave */
            f[i] = lowest + 100000 + (uint32_t)rng_below(&generator, 100000);
        }
        for (int r = 0; r < ROUNDS; r++)
            for (int i = 0; i < OPEN; i++) {
                /* Lower each time, far and near, never below the lowest. */
                uint64_t keep = (uint64_t)rng_below(&generator, 1000);
                f[i] = lowest + (uint32_t)((f[i] - lowest) * keep / 1000);
                if (per_cell)
                    *bucket_word(q->parent, cells[i]) = ~f[i];
                bucket_reach(q, q->g_shift, cells[i], cells[i] % WIDTH | cells[i] / WIDTH << 16, 0,
                             f[i], f[i]);
            }
        /* Every entry was handed out: the stale ones had to be dropped. */
        if (!per_cell)
            assert_int_equal(q->room, q->capacity);
        assert_int_equal(q->used, q->room);
        uint32_t last = 0;
        bool taken[OPEN] = { false };
        for (int n = 0; n < OPEN; n++) {
            uint32_t xy = 0, cell = 0;
            assert_true(bucket_take(q, &xy, &cell));
            assert_int_equal(cell, (xy >> 16) * WIDTH + (xy & 0xFFFFu));
            int i = (int)(cell - 1) / 2;
            assert_true(i >= 0 && i < OPEN && cells[i] == cell && !taken[i]);
            taken[i] = true;
            assert_int_equal(*bucket_g(q, q->g_shift, cell), f[i]);
            if (per_cell)
                assert_int_equal(*bucket_word(q->parent, cell), ~f[i]);
            assert_true(f[i] >= last);
            last = f[i];
            assert_int_equal(bucket_list_of(q, cell), ASTAR_LIST_CLOSED);
        }
        uint32_t xy, cell;
        assert_false(bucket_take(q, &xy, &cell));
        astar_context_delete(ctx);
    }
}

/* Every context of 64 cells or more has room for the buckets: more entries
 * than a search can have open squares, however it goes (astar__bucket_purge). */
static void test_room_in_every_context(void **state)
{
    (void)state;
    for (size_t cells = 1; cells < 70000; cells += cells < 3000 ? 1 : 997) {
        astar_context *ctx;
        assert_int_equal(astar_context_new(cells, &ctx), ASTAR_OK);
        const bucket_queue *q = &ctx->buckets;
        if (cells < BUCKET_MIN_CELLS) {
            assert_int_equal(q->capacity, 0);
        } else {
            assert_true(q->capacity >= (8 * cells + 1) / 9 + 1);
            assert_true(q->near_size >= 1 && q->near_size <= cells / 8);
            assert_int_equal(q->near_size & (q->near_size - 1), 0);
            /* The heads and bitmaps come after the last entry, inside list. */
            assert_true((const char *)q->after_g + q->capacity * sizeof(bucket_entry) <=
                        (const char *)q->near);
            assert_true((const char *)(q->near_words + (q->near_size + 4095) / 4096) <=
                        (const char *)ctx->list + 12 * cells);
        }
        astar_context_delete(ctx);
    }
}

/* Two searches gave the same status, cost, expansions and path. */
static void assert_same_search(astar_status sa, const astar_route *pa, astar_status sb,
                               const astar_route *pb)
{
    assert_int_equal(sa, sb);
    assert_int_equal(pa->cost, pb->cost);
    assert_int_equal(pa->expanded, pb->expanded);
    assert_int_equal(pa->length, pb->length);
    if (sa == ASTAR_OK)
        assert_memory_equal(pa->points, pb->points, pa->length * sizeof *pa->points);
}

/* Searches of every kind take turns on one context, each checked against
 * the same search on a fresh context of the same size: leftovers change
 * nothing. Half way the buckets' generation count is moved near its end, so
 * that it wraps and numbers the first half used come again. */
static void test_kinds_take_turns(void **state)
{
    (void)state;
    enum { SIDE = 48 };
    astar_context *shared, *fresh;
    assert_int_equal(astar_context_new(SIDE * SIDE, &shared), ASTAR_OK);
    static astar_point a[SIDE * SIDE], b[SIDE * SIDE];
    for (int i = 0; i < 400; i++) {
        if (i == 200)
            shared->buckets.generation = BUCKET_GENERATIONS - 5;
        int w = 8 + rng_below(&generator, SIDE - 7), h = 8 + rng_below(&generator, SIDE - 7);
        astar_grid *grid = bucket_grid(w, h, rng_below(&generator, 35), 1);
        assert_int_equal(astar_grid_enable_jump_table(grid), ASTAR_OK);
        astar_options o = astar_options_default();
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        o.search.ties = ASTAR_TIES_DEEP;
        switch (i % 8) {
        case 0: o.search.open_list = ASTAR_OPEN_LIST_HEAP; break;
        case 1: o.algorithm = ASTAR_ALGORITHM_JPS; break;
        case 2: o.search.open_list = ASTAR_OPEN_LIST_SORTED; break;
        case 3: o.algorithm = ASTAR_ALGORITHM_JPS_PLUS; break;
        case 6:
            o.algorithm = i % 16 == 6 ? ASTAR_ALGORITHM_JPS : ASTAR_ALGORITHM_JPS_PLUS;
            o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
            break;
        default: o.search.open_list = ASTAR_OPEN_LIST_BUCKETS; break;
        }
        astar_point start = random_walkable(grid), goal = random_walkable(grid);
        astar_route pa = { .points = a, .capacity = SIDE * SIDE };
        astar_route pb = { .points = b, .capacity = SIDE * SIDE };
        astar_status sa = astar_find_path(shared, grid, start, goal, &o, &pa);
        assert_int_equal(astar_context_new(SIDE * SIDE, &fresh), ASTAR_OK);
        astar_status sb = astar_find_path(fresh, grid, start, goal, &o, &pb);
        assert_same_search(sa, &pa, sb, &pb);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                astar_node na, nb;
                assert_int_equal(astar_context_node(shared, grid, x, y, &na), ASTAR_OK);
                assert_int_equal(astar_context_node(fresh, grid, x, y, &nb), ASTAR_OK);
                assert_memory_equal(&na, &nb, sizeof na);
            }
        astar_context_delete(fresh);
        astar_grid_delete(grid);
    }
    /* It wrapped, and started over. */
    assert_true(shared->buckets.generation < 200);
    astar_context_delete(shared);
}

/* A context with its entries cut to a few (by moving where they start):
 * searches that need more start over with the heap and give its answer.
 * A* never needs to (its entries suffice), JPS might. */
static void test_out_of_entries_starts_over(void **state)
{
    (void)state;
    enum { SIDE = 24, FEW = 3 };
    static astar_point a[SIDE * SIDE], b[SIDE * SIDE];
    int started_over[2] = { 0, 0 };
    for (int i = 0; i < 300; i++) {
        astar_grid *grid = bucket_grid(SIDE, SIDE, rng_below(&generator, 30), 1);
        astar_context *few, *plenty;
        assert_int_equal(astar_context_new(SIDE * SIDE, &few), ASTAR_OK);
        assert_int_equal(astar_context_new(SIDE * SIDE, &plenty), ASTAR_OK);
        astar_options o = astar_options_default();
        o.costs = ASTAR_COSTS_OCTILE;
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        o.algorithm = i % 2 ? ASTAR_ALGORITHM_JPS : ASTAR_ALGORITHM_ASTAR;
        /* Scanning: JPS stepping is A*'s loop, whose entries never run out. */
        o.jumps = ASTAR_JUMPS_SCAN;
        /* JPS keeps a parent per cell before its entries. */
        bucket_queue *q = &few->buckets;
        q->after_g = (unsigned char *)q->near - FEW * sizeof(bucket_entry) -
                     (i % 2 ? q->cells * sizeof(uint32_t) : 0);
        astar_point start = random_walkable(grid), goal = random_walkable(grid);
        astar_route pa = { .points = a, .capacity = SIDE * SIDE };
        astar_route pb = { .points = b, .capacity = SIDE * SIDE };
        o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
        astar_status sa = astar_find_path(few, grid, start, goal, &o, &pa);
        started_over[i % 2] += few->layout == LAYOUT_LISTS;
        o.search.open_list = ASTAR_OPEN_LIST_HEAP;
        astar_status sb = astar_find_path(plenty, grid, start, goal, &o, &pb);
        assert_int_equal(sa, sb);
        if (few->layout == LAYOUT_LISTS) {
            assert_int_equal(pa.expanded, pb.expanded);
            assert_int_equal(pa.length, pb.length);
            if (sa == ASTAR_OK)
                assert_memory_equal(pa.points, pb.points, pa.length * sizeof *pa.points);
        }
        assert_int_equal(pa.cost, pb.cost);
        astar_context_delete(few);
        astar_context_delete(plenty);
        astar_grid_delete(grid);
    }
    assert_true(started_over[0] > 50 && started_over[1] > 50);
}

/* Where the buckets cannot serve, the search is the heap's to the point. */
static void test_heap_serves_otherwise(void **state)
{
    (void)state;
    static astar_point a[30 * 30], b[30 * 30];
    for (int i = 0; i < 200; i++) {
        bool small = i % 2 == 0;
        int w = small ? 1 + rng_below(&generator, 7) : 10 + rng_below(&generator, 21);
        int h = small ? 1 + rng_below(&generator, 63 / w) : 10 + rng_below(&generator, 21);
        astar_grid *grid = bucket_grid(w, h, rng_below(&generator, 30), 9);
        astar_context *ctx;
        assert_int_equal(astar_context_new(astar_grid_cells(grid), &ctx), ASTAR_OK);
        assert_int_equal(ctx->buckets.capacity == 0, small);
        astar_options o = astar_options_default(); /* Manhattan with diagonals */
        o.search.ties = (astar_ties)(i % 3);
        if (small) {
            o.heuristic = ASTAR_HEURISTIC_OCTILE;
        } else if (i % 4 == 1) {
            o.heuristic = ASTAR_HEURISTIC_OCTILE;
            o.search.weight = 1.5;
        }
        assert_false(!small && astar__options_consistent(&o));
        astar_point start = random_walkable(grid), goal = random_walkable(grid);
        astar_route pa = { .points = a, .capacity = 30 * 30 };
        astar_route pb = { .points = b, .capacity = 30 * 30 };
        astar_status sa = astar_find_path(ctx, grid, start, goal, &o, &pa);
        o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
        astar_status sb = astar_find_path(ctx, grid, start, goal, &o, &pb);
        assert_same_search(sa, &pa, sb, &pb);
        astar_context_delete(ctx);
        astar_grid_delete(grid);
    }
}

/* astar_context_open_list says which list a search really uses: the
 * buckets only where they can serve, the heap for JPS's sorted and
 * unsorted lists, and the heap for nonsense. */
static void test_open_list_in_use(void **state)
{
    (void)state;
    astar_context *big = NULL, *small = NULL;
    assert_int_equal(astar_context_new(100, &big), ASTAR_OK);
    assert_int_equal(astar_context_new(10, &small), ASTAR_OK);
    astar_options o = astar_options_default();
    o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
    /* Manhattan H overestimates with diagonal steps: F may go down. */
    assert_int_equal(astar_context_open_list(big, &o), ASTAR_OPEN_LIST_HEAP);
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    assert_int_equal(astar_context_open_list(big, &o), ASTAR_OPEN_LIST_BUCKETS);
    assert_int_equal(astar_context_open_list(small, &o), ASTAR_OPEN_LIST_HEAP);
    o.search.weight = 1.5;
    assert_int_equal(astar_context_open_list(big, &o), ASTAR_OPEN_LIST_HEAP);
    o.search.weight = 1.0;
    o.algorithm = ASTAR_ALGORITHM_JPS;
    assert_int_equal(astar_context_open_list(big, &o), ASTAR_OPEN_LIST_BUCKETS);
    o.search.open_list = ASTAR_OPEN_LIST_SORTED;
    assert_int_equal(astar_context_open_list(big, &o), ASTAR_OPEN_LIST_HEAP);
    o.algorithm = ASTAR_ALGORITHM_ASTAR;
    assert_int_equal(astar_context_open_list(big, &o), ASTAR_OPEN_LIST_SORTED);
    assert_int_equal(astar_context_open_list(NULL, &o), ASTAR_OPEN_LIST_HEAP);
    assert_int_equal(astar_context_open_list(big, NULL), ASTAR_OPEN_LIST_HEAP);
    o.moves = (astar_moves)99;
    assert_int_equal(astar_context_open_list(big, &o), ASTAR_OPEN_LIST_HEAP);
    astar_context_delete(small);
    astar_context_delete(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_list_in_use),
        cmocka_unit_test(test_moves_legal_is_the_corner_rule),
        cmocka_unit_test(test_around_follows_edits),
        cmocka_unit_test(test_served_options_are_consistent),
        cmocka_unit_test(test_read_back_after_buckets),
        cmocka_unit_test(test_queue_drops_stale_entries),
        cmocka_unit_test(test_room_in_every_context),
        cmocka_unit_test(test_kinds_take_turns),
        cmocka_unit_test(test_out_of_entries_starts_over),
        cmocka_unit_test(test_heap_serves_otherwise),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
