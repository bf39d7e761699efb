/*
 * test_jps.c - Jump Point Search and JPS+ against A*, and the jump table
 * against a fresh build after every edit.
 *
 * On random grids of many sizes (wider than 64 and 128 cells too, so the
 * 64-cell scans cross word boundaries) and wall densities, JPS and JPS+ must
 * return A*'s status and least cost for every query, with a legal path whose
 * re-summed cost is the reported one and a jump-point chain that runs along
 * it. The jump table, patched after each random edit, must equal the table
 * built from scratch for the edited grid, entry for entry.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "grid/grid.h"
#include "grid/jump_table.h"
#include "util/grids.h"
#include "util/random.h"

static astar_options options_for(astar_algorithm algorithm, astar_costs costs)
{
    astar_options o = astar_options_default();
    o.algorithm = algorithm;
    o.costs = costs;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    return o;
}

/* Walls at random, and now and then a wall line with one gap, so that long
 * runs, forced neighbours and dead ends all occur. */
static astar_grid *jps_grid(rng *r, int width, int height, int wall_percent)
{
    astar_grid *g = random_grid(r, width, height, (grid_recipe){ wall_percent, 0, 0, 1, 1 });
    if (rng_below(r, 2)) {
        int x = rng_below(r, width), gap = rng_below(r, height);
        for (int y = 0; y < height; y++)
            astar_grid_set_walkable(g, x, y, y == gap);
    }
    return g;
}

/* Whether the jump points lie on the path in order, start and goal at the ends. */
static bool chain_on_path(const astar_route *p)
{
    size_t i = 0;
    for (size_t n = 0; n < p->via_length; n++) {
        while (i < p->length &&
               (p->points[i].x != p->via[n].x || p->points[i].y != p->via[n].y))
            i++;
        if (i == p->length)
            return false;
    }
    return p->via_length >= 1 && p->via[0].x == p->points[0].x &&
           p->via[0].y == p->points[0].y &&
           p->via[p->via_length - 1].x == p->points[p->length - 1].x &&
           p->via[p->via_length - 1].y == p->points[p->length - 1].y;
}

enum { MAX_POINTS = 1 << 16 };

typedef struct run {
    astar_point points[MAX_POINTS], nodes[MAX_POINTS];
    astar_route path;
    astar_status status;
} run;

static void search(run *out, astar_context *ctx, const astar_grid *g, astar_point a,
                   astar_point b, const astar_options *o)
{
    out->path = (astar_route){ .points = out->points, .capacity = MAX_POINTS,
                               .via = out->nodes, .via_capacity = MAX_POINTS };
    out->status = astar_find_path(ctx, g, a, b, o, &out->path);
}

enum { RUNS = 9 }; /* A*, then JPS and JPS+ on two open lists, scanning and stepping */

/* One query: JPS and JPS+, with the heap and with the buckets, scanning
 * (runs 1-4) and stepping (5-8), against A* (run 0). Returns the jump
 * points JPS expanded scanning. */
static uint32_t compare(astar_context *ctx, const astar_grid *g, astar_point a, astar_point b,
                        astar_costs costs, run *runs)
{
    astar_options reference = options_for(ASTAR_ALGORITHM_ASTAR, costs);
    search(&runs[0], ctx, g, a, b, &reference);
    for (int k = 1; k < RUNS; k++) {
        astar_options o = options_for(k % 2 ? ASTAR_ALGORITHM_JPS : ASTAR_ALGORITHM_JPS_PLUS, costs);
        if ((k - 1) % 4 >= 2)
            o.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
        o.jumps = k <= 4 ? ASTAR_JUMPS_SCAN : ASTAR_JUMPS_STEP;
        const char *name = k % 2 ? "JPS" : "JPS+";
        run *r = &runs[k];
        search(r, ctx, g, a, b, &o);
        if (r->status != runs[0].status || (r->status == ASTAR_OK && r->path.cost != runs[0].path.cost))
            fail_msg("%s (open list %d) from (%d,%d) to (%d,%d) on %dx%d: status %d cost %u, "
                     "A*: status %d cost %u",
                     name, (int)o.search.open_list, a.x, a.y, b.x, b.y, astar_grid_width(g),
                     astar_grid_height(g), r->status, r->path.cost, runs[0].status,
                     runs[0].path.cost);
        if (r->status != ASTAR_OK)
            continue;
        astar_path_measure m;
        astar_error err;
        if (astar_path_check(g, &o, a, b, r->points, r->path.length, &m, &err) != ASTAR_OK)
            fail_msg("%s path from (%d,%d) to (%d,%d): %s", name, a.x, a.y, b.x, b.y, err.message);
        assert_int_equal(m.cost, r->path.cost);
        assert_true(chain_on_path(&r->path));
        assert_true(r->path.via_length <= r->path.length);
        /* Stepping, every square of the path is on the chain. */
        if (o.jumps == ASTAR_JUMPS_STEP)
            assert_int_equal(r->path.via_length, r->path.length);
    }
    /* The table only finds the same jump points faster, and stepping reads
     * neither. */
    for (int k = 1; k < RUNS; k += 2)
        assert_int_equal(runs[k].path.expanded, runs[k + 1].path.expanded);
    /* Left to the grid, JPS scans or steps as astar_grid_cluttered says. */
    astar_options o = options_for(ASTAR_ALGORITHM_JPS, costs);
    run *left = &runs[RUNS];
    search(left, ctx, g, a, b, &o);
    assert_int_equal(left->path.expanded, runs[astar_grid_cluttered(g) ? 5 : 1].path.expanded);
    assert_int_equal(astar_jps_steps(g, &o), astar_grid_cluttered(g));
    return runs[1].path.expanded;
}

static void test_random_grids_agree_with_astar(void **state)
{
    (void)state;
    rng r = { 2026 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(200 * 200, &ctx), ASTAR_OK);
    run *runs = malloc((RUNS + 1) * sizeof *runs);
    assert_non_null(runs);
    unsigned long queries = 0, found = 0;
    for (int i = 0; i < 400; i++) {
        int width = 1 + rng_below(&r, i % 4 == 0 ? 200 : 40);
        int height = 1 + rng_below(&r, i % 4 == 1 ? 200 : 40);
        astar_grid *g = jps_grid(&r, width, height, rng_below(&r, 45));
        assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        for (int q = 0; q < 12; q++) {
            astar_point a = random_cell(&r, g), b = q == 0 ? a : random_cell(&r, g);
            astar_costs costs = q % 2 ? ASTAR_COSTS_OCTILE : ASTAR_COSTS_ARTICLE;
            compare(ctx, g, a, b, costs, runs);
            queries++;
            found += runs[0].status == ASTAR_OK;
        }
        astar_grid_delete(g);
    }
    /* The mix must really exercise paths, not only blocked ends. */
    assert_true(found > queries / 3);
    free(runs);
    astar_context_delete(ctx);
}

/* On an open map a long diagonal query takes a handful of jump points where
 * A* expands a square per step at least. */
static void test_few_expansions_on_open_ground(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(300, 200, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(300 * 200, &ctx), ASTAR_OK);
    for (int y = 20; y < 180; y++)
        astar_grid_set_walkable(g, 150, y, false);
    run *runs = malloc((RUNS + 1) * sizeof *runs);
    assert_non_null(runs);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    uint32_t jps = compare(ctx, g, (astar_point){ 2, 100 }, (astar_point){ 297, 101 },
                           ASTAR_COSTS_OCTILE, runs);
    assert_int_equal(runs[0].status, ASTAR_OK);
    assert_true(runs[0].path.expanded >= 295);
    assert_true(jps <= 10);
    free(runs);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* Rows hundreds of entries long: the table chains look-again entries
 * (JUMP_FAR_POINT, JUMP_FAR_WALL), and both searches must still match A*
 * along them. */
static void test_rows_far_longer_than_an_entry(void **state)
{
    (void)state;
    const int width = 60000, height = 3;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(width, height, &g), ASTAR_OK);
    assert_int_equal(astar_context_new((size_t)width * height, &ctx), ASTAR_OK);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    /* A forced neighbour far along the middle row, and a wall near the end. */
    astar_grid_set_walkable(g, 45000, 0, false);
    astar_grid_set_walkable(g, 59990, 1, false);
    run *runs = malloc((RUNS + 1) * sizeof *runs);
    assert_non_null(runs);
    const astar_point ends[][2] = {
        { { 0, 1 }, { 59999, 1 } }, { { 0, 1 }, { 50000, 0 } },
        { { 59999, 2 }, { 3, 0 } }, { { 10, 0 }, { 44999, 1 } },
    };
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        compare(ctx, g, ends[i][0], ends[i][1], ASTAR_COSTS_OCTILE, runs);
        assert_int_equal(runs[0].status, ASTAR_OK);
    }
    free(runs);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* A copy of g with its own freshly built table. */
static astar_grid *rebuilt(const astar_grid *g)
{
    astar_grid *copy = NULL;
    assert_int_equal(astar_grid_new(astar_grid_width(g), astar_grid_height(g), &copy), ASTAR_OK);
    for (int y = 0; y < astar_grid_height(g); y++)
        for (int x = 0; x < astar_grid_width(g); x++)
            astar_grid_set_walkable(copy, x, y, astar_grid_walkable(g, x, y));
    assert_int_equal(astar_grid_enable_jump_table(copy), ASTAR_OK);
    return copy;
}

/* Whether (x, y) is walkable: cells off the map are not. */
static bool open_at(const astar_grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < astar_grid_width(g) && y < astar_grid_height(g) &&
           astar_grid_walkable(g, x, y);
}

/* The grid's stop bits for runs each way, read at (x, y), against their
 * definition worked out here: a wall, or a side neighbour walkable where the
 * one behind it is not; and the padding on either end of every line set. */
static void assert_run_stops_defined(const astar_grid *g, int edit)
{
    static const int dxs[4] = { 1, -1, 0, 0 }, dys[4] = { 0, 0, 1, -1 };
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (int d = 0; d < 4; d++) {
        int dx = dxs[d], dy = dys[d];
        for (int y = -1; y <= h; y++)
            for (int x = -1; x <= w; x++) {
                bool inside = x >= 0 && y >= 0 && x < w && y < h;
                if (!inside && (dx ? (y < 0 || y >= h) : (x < 0 || x >= w)))
                    continue; /* no such line */
                bool want = !open_at(g, x, y);
                for (int side = -1; side <= 1; side += 2) {
                    int sx = dx ? 0 : side, sy = dx ? side : 0;
                    want |= open_at(g, x, y) && open_at(g, x + sx, y + sy) &&
                            !open_at(g, x + sx - dx, y + sy - dy);
                }
                int line = dx ? y : x, pos = dx ? x : y;
                size_t bit = (size_t)(pos + BIT_LINE_PAD);
                bool got =
                    grid_run_stops(g, dx, dy, line)[bit / 64 * BIT_LINE_WAYS] >> (bit % 64) & 1;
                if (got != want)
                    fail_msg("edit %d: (%d,%d) run (%d,%d): stop bit %d, by definition %d", edit, x,
                             y, dx, dy, got, want);
            }
    }
}

/* The grid's counts for astar_grid_cluttered against their definition:
 * over walkable cells, straight steps into them from a walkable cell, those
 * where the run stops at a jump point, and diagonal steps out of them that
 * the corner rule allows. */
static void assert_counts_defined(const astar_grid *g, int edit)
{
    static const int dxs[4] = { 1, -1, 0, 0 }, dys[4] = { 0, 0, 1, -1 };
    uint64_t arrivals = 0, forced = 0, diagonals = 0;
    for (int y = 0; y < astar_grid_height(g); y++)
        for (int x = 0; x < astar_grid_width(g); x++) {
            if (!open_at(g, x, y))
                continue;
            for (int d = 0; d < 4; d++) {
                int dx = dxs[d], dy = dys[d];
                if (!open_at(g, x - dx, y - dy))
                    continue;
                arrivals++;
                bool stop = false;
                for (int side = -1; side <= 1; side += 2) {
                    int sx = dx ? 0 : side, sy = dx ? side : 0;
                    stop |= open_at(g, x + sx, y + sy) && !open_at(g, x + sx - dx, y + sy - dy);
                }
                forced += stop;
            }
            for (int dy = -1; dy <= 1; dy += 2)
                for (int dx = -1; dx <= 1; dx += 2)
                    diagonals += open_at(g, x + dx, y + dy) && open_at(g, x + dx, y) &&
                                 open_at(g, x, y + dy);
        }
    if (arrivals != g->arrivals || forced != g->forced || diagonals != g->diagonals)
        fail_msg("edit %d: counts %llu %llu %llu, by definition %llu %llu %llu", edit,
                 (unsigned long long)g->arrivals, (unsigned long long)g->forced,
                 (unsigned long long)g->diagonals, (unsigned long long)arrivals,
                 (unsigned long long)forced, (unsigned long long)diagonals);
    /* The shares' product against 1/16, in integers: the walkable cells
     * are a quarter of the diagonal steps there could be. */
    uint64_t walkable = 0;
    for (int y = 0; y < astar_grid_height(g); y++)
        for (int x = 0; x < astar_grid_width(g); x++)
            walkable += open_at(g, x, y);
    bool cluttered = arrivals > 0 && 16 * forced * diagonals >= 4 * walkable * arrivals;
    if (astar_grid_cluttered(g) != cluttered)
        fail_msg("edit %d: cluttered %d, by definition %d", edit, astar_grid_cluttered(g),
                 cluttered);
}

static void assert_tables_equal(const astar_grid *patched, int edit)
{
    assert_run_stops_defined(patched, edit);
    assert_counts_defined(patched, edit);
    astar_grid *fresh = rebuilt(patched);
    size_t entries = astar_grid_cells(patched) * DIRECTIONS;
    for (size_t i = 0; i < entries; i++)
        if (patched->jumps->entry[i] != fresh->jumps->entry[i])
            fail_msg("edit %d: cell %zu direction %zu: patched %d, rebuilt %d", edit,
                     i / DIRECTIONS, i % DIRECTIONS, patched->jumps->entry[i],
                     fresh->jumps->entry[i]);
    astar_grid_delete(fresh);
}

static void test_patched_table_equals_rebuilt(void **state)
{
    (void)state;
    rng r = { 77 };
    for (int round = 0; round < 6; round++) {
        int width = 5 + rng_below(&r, round < 3 ? 40 : 140), height = 5 + rng_below(&r, 40);
        astar_grid *g = jps_grid(&r, width, height, 10 + rng_below(&r, 30));
        assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        for (int edit = 0; edit < 150; edit++) {
            astar_point c = random_cell(&r, g);
            if (rng_below(&r, 3) == 0)
                astar_grid_set_cost(g, c.x, c.y, 1);
            else
                astar_grid_set_walkable(g, c.x, c.y, !astar_grid_walkable(g, c.x, c.y));
            assert_tables_equal(g, edit);
        }
        astar_grid_delete(g);
    }
}

/* Edits on a map whose rows are many entries long, near and far from
 * the links of chains (multiples of JUMP_SKIP). */
static void test_patched_long_rows(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(40000, 4, &g), ASTAR_OK);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    const int xs[] = { 39999, 0, 32767, 32766, 7, 20000, 32768, JUMP_SKIP, JUMP_SKIP + 1,
                       2 * JUMP_SKIP, 2 * JUMP_SKIP - 1 };
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        astar_grid_set_walkable(g, xs[i], (int)i % 4, false);
        assert_tables_equal(g, (int)i);
    }
    astar_grid_delete(g);
}

/* Open ground with a few walls: straight and diagonal runs longer than an
 * entry holds, ending at jump points and at walls, so both look-again
 * entries occur. JPS and JPS+ must match A* on it, and the table patched
 * through edits that move the ends of long runs must equal a rebuilt one. */
static void test_runs_longer_than_an_entry(void **state)
{
    (void)state;
    rng r = { 4242 };
    const int width = 420, height = 300;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(width, height, &g), ASTAR_OK);
    assert_int_equal(astar_context_new((size_t)width * height, &ctx), ASTAR_OK);
    for (int k = 0; k < 60; k++)
        astar_grid_set_walkable(g, rng_below(&r, width), rng_below(&r, height), false);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    size_t entries = astar_grid_cells(g) * DIRECTIONS, far_points = 0, far_walls = 0;
    for (size_t i = 0; i < entries; i++) {
        far_points += g->jumps->entry[i] == JUMP_FAR_POINT;
        far_walls += g->jumps->entry[i] == JUMP_FAR_WALL;
    }
    assert_true(far_points > 0 && far_walls > 0);
    run *runs = malloc((RUNS + 1) * sizeof *runs);
    assert_non_null(runs);
    for (int edit = 0; edit < 24; edit++) {
        astar_point c = random_cell(&r, g);
        astar_grid_set_walkable(g, c.x, c.y, !astar_grid_walkable(g, c.x, c.y));
        assert_tables_equal(g, edit);
        astar_point a = random_cell(&r, g), b = random_cell(&r, g);
        compare(ctx, g, a, b, ASTAR_COSTS_OCTILE, runs);
    }
    free(runs);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

static void test_refuses_what_it_cannot_serve(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(8, 8, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(64, &ctx), ASTAR_OK);
    astar_route path = { 0 };
    astar_point a = { 0, 0 }, b = { 7, 7 };
    for (int k = 0; k < 2; k++) {
        astar_options o = options_for(k ? ASTAR_ALGORITHM_JPS_PLUS : ASTAR_ALGORITHM_JPS,
                                      ASTAR_COSTS_OCTILE);
        astar_status ready = k ? ASTAR_NO_JUMP_TABLE : ASTAR_OK;
        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ready);
        o.moves = ASTAR_MOVES_4;
        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
        o.moves = ASTAR_MOVES_8_CUT;
        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
        o.moves = ASTAR_MOVES_8;
        assert_int_equal(astar_grid_set_cost(g, 3, 3, 2), ASTAR_OK);
        assert_false(astar_grid_uniform(g));
        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
        /* Blocking the only odd cell makes the terrain uniform again. */
        assert_int_equal(astar_grid_set_walkable(g, 3, 3, false), ASTAR_OK);
        assert_true(astar_grid_uniform(g));
        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ready);
        assert_int_equal(astar_grid_set_walkable(g, 3, 3, true), ASTAR_OK);
    }
    assert_string_not_equal(astar_status_message(ASTAR_UNSUPPORTED), "unknown status");
    assert_string_not_equal(astar_status_message(ASTAR_NO_JUMP_TABLE), "unknown status");
    assert_int_equal(astar_grid_jump_table_bytes(g), 0);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    assert_int_equal(astar_grid_jump_table_bytes(g), 64 * 8);
    astar_grid_disable_jump_table(g);
    assert_int_equal(astar_grid_jump_table_bytes(g), 0);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* Uniform terrain other than 1: every step costs that much more, as in A*. */
static void test_uniform_heavy_terrain(void **state)
{
    (void)state;
    rng r = { 5 };
    astar_grid *g = jps_grid(&r, 30, 30, 20);
    for (int y = 0; y < 30; y++)
        for (int x = 0; x < 30; x++)
            if (astar_grid_walkable(g, x, y))
                astar_grid_set_cost(g, x, y, 7);
    assert_true(astar_grid_uniform(g));
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(900, &ctx), ASTAR_OK);
    run *runs = malloc((RUNS + 1) * sizeof *runs);
    assert_non_null(runs);
    for (int q = 0; q < 50; q++)
        compare(ctx, g, random_cell(&r, g), random_cell(&r, g), ASTAR_COSTS_ARTICLE, runs);
    free(runs);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* The jump points: in the nodes buffer, too small a buffer, and read back
 * from the context with their parent jump points. */
static void test_jump_points_out(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(20, 10, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(200, &ctx), ASTAR_OK);
    for (int y = 0; y < 8; y++)
        astar_grid_set_walkable(g, 10, y, false);
    astar_options o = options_for(ASTAR_ALGORITHM_JPS, ASTAR_COSTS_ARTICLE);
    astar_point a = { 2, 2 }, b = { 17, 2 }, nodes[16], points[64];
    astar_route path = { .via = nodes, .via_capacity = 16 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_OK);
    assert_true(path.via_length >= 3 && path.via_length <= 16);
    assert_true(path.length > path.via_length);
    for (size_t i = 1; i < path.via_length; i++) {
        astar_node node;
        assert_int_equal(astar_context_node(ctx, g, nodes[i].x, nodes[i].y, &node), ASTAR_OK);
        assert_int_equal(node.list, ASTAR_LIST_CLOSED);
        assert_int_equal(node.parent.x, nodes[i - 1].x);
        assert_int_equal(node.parent.y, nodes[i - 1].y);
    }
    size_t count = path.via_length;
    astar_route small = { .points = points, .capacity = 64, .via = nodes, .via_capacity = count - 1 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &small), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(small.via_length, count);
    assert_int_equal(small.length, path.length);
    astar_route bad = { .via = NULL, .via_capacity = 3 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &bad), ASTAR_INVALID_ARGUMENT);
    /* A*'s chain is every cell of its path. */
    o.algorithm = ASTAR_ALGORITHM_ASTAR;
    astar_route every = { .points = points, .capacity = 64, .via = nodes, .via_capacity = 8 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &every), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_int_equal(every.via_length, every.length);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* A buffer too small for a JPS path holds its first cells and jump points
 * exactly, whatever the capacities: the stretches between jump points are
 * cut where the buffer ends (astar/route.h), as is the nearest search's
 * chain, which is written from the front. */
static void test_short_buffers_hold_a_prefix(void **state)
{
    (void)state;
    rng r = { 11 };
    astar_grid *g = jps_grid(&r, 48, 40, 20);
    astar_context *ctx;
    assert_int_equal(astar_context_new(astar_grid_cells(g), &ctx), ASTAR_OK);
    astar_options o = options_for(ASTAR_ALGORITHM_JPS, ASTAR_COSTS_OCTILE);
    enum { MOST = 48 * 40 };
    static astar_point cells[MOST], jumps[MOST], part[MOST], part_jumps[MOST];
    int checked = 0;
    for (int q = 0; q < 40; q++) {
        astar_point a = { rng_below(&r, 48), rng_below(&r, 40) };
        astar_point b = { rng_below(&r, 48), rng_below(&r, 40) };
        astar_route whole = { .points = cells, .capacity = MOST, .via = jumps,
                              .via_capacity = MOST };
        bool nearest = q % 2 == 1;
        o.algorithm = nearest ? ASTAR_ALGORITHM_ASTAR : ASTAR_ALGORITHM_JPS;
        astar_status s = nearest ? astar_find_nearest(ctx, g, a, &b, 1, &o, &whole, NULL)
                                 : astar_find_path(ctx, g, a, b, &o, &whole);
        if (s != ASTAR_OK)
            continue;
        for (size_t cap = 0; cap < whole.length; cap += 1 + whole.length / 7) {
            size_t via_cap = cap < whole.via_length ? cap : whole.via_length - 1;
            astar_route cut = { .points = part, .capacity = cap, .via = part_jumps,
                                .via_capacity = via_cap };
            s = nearest ? astar_find_nearest(ctx, g, a, &b, 1, &o, &cut, NULL)
                        : astar_find_path(ctx, g, a, b, &o, &cut);
            assert_int_equal(s, ASTAR_PATH_BUFFER_TOO_SMALL);
            assert_int_equal(cut.status, ASTAR_OK);
            assert_int_equal(cut.length, whole.length);
            assert_int_equal(cut.cut, whole.length - cap);
            assert_int_equal(cut.via_length, whole.via_length);
            assert_memory_equal(part, cells, cap * sizeof *part);
            assert_memory_equal(part_jumps, jumps, via_cap * sizeof *part_jumps);
            checked++;
        }
    }
    assert_true(checked > 20);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

static void count_expansion(void *user, const astar_context *ctx, astar_point current)
{
    (void)ctx;
    (void)current;
    ++*(uint32_t *)user;
}

/* The options A* takes beyond optimal ones apply to JPS too: a weight and
 * the stop-on-open rule give a legal path never shorter than the least
 * cost, and the observer sees every expanded jump point. */
static void test_other_options_apply(void **state)
{
    (void)state;
    rng r = { 11 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(60 * 60, &ctx), ASTAR_OK);
    run *runs = malloc((RUNS + 1) * sizeof *runs);
    assert_non_null(runs);
    for (int i = 0; i < 40; i++) {
        astar_grid *g = jps_grid(&r, 60, 60, 25);
        assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        astar_point a = random_cell(&r, g), b = random_cell(&r, g);
        astar_options best = options_for(ASTAR_ALGORITHM_ASTAR, ASTAR_COSTS_OCTILE);
        search(&runs[0], ctx, g, a, b, &best);
        for (int k = 1; k <= 4; k++) {
            astar_options o = options_for(k % 2 ? ASTAR_ALGORITHM_JPS : ASTAR_ALGORITHM_JPS_PLUS,
                                          ASTAR_COSTS_OCTILE);
            o.jumps = k <= 2 ? ASTAR_JUMPS_SCAN : ASTAR_JUMPS_STEP;
            o.search.weight = 2.5;
            o.search.stop = i % 2 ? ASTAR_STOP_OPEN : ASTAR_STOP_CLOSED;
            uint32_t seen = 0;
            o.search.observer = count_expansion;
            o.search.observer_user = &seen;
            search(&runs[k], ctx, g, a, b, &o);
            assert_int_equal(runs[k].status, runs[0].status);
            assert_int_equal(seen, runs[k].path.expanded);
            if (runs[k].status != ASTAR_OK)
                continue;
            astar_path_measure m;
            assert_int_equal(astar_path_check(g, &o, a, b, runs[k].points, runs[k].path.length,
                                              &m, NULL),
                             ASTAR_OK);
            assert_int_equal(m.cost, runs[k].path.cost);
            assert_true(runs[k].path.cost >= runs[0].path.cost);
        }
        astar_grid_delete(g);
    }
    free(runs);
    astar_context_delete(ctx);
}

/* Whether a grid is cluttered, on grids whose shares are known: walls at
 * random (a quarter of the cells: jump points every third step or so, and
 * diagonals often open), open ground, rooms, and a maze one cell wide
 * (jump points at every side passage, but no diagonal step). */
static void test_cluttered(void **state)
{
    (void)state;
    rng r = { 31 };
    astar_grid *g = random_grid(&r, 120, 120, (grid_recipe){ 25, 0, 0, 1, 1 });
    assert_true(astar_grid_cluttered(g));
    assert_counts_defined(g, -1);
    /* What a search steps by, as astar_jps_steps answers it. */
    astar_options o = options_for(ASTAR_ALGORITHM_JPS_PLUS, ASTAR_COSTS_OCTILE);
    assert_true(astar_jps_steps(g, &o));
    o.jumps = ASTAR_JUMPS_SCAN;
    assert_false(astar_jps_steps(g, &o));
    o.algorithm = ASTAR_ALGORITHM_ASTAR;
    o.jumps = ASTAR_JUMPS_STEP;
    assert_false(astar_jps_steps(g, &o)); /* A* looks at every neighbour */
    assert_false(astar_jps_steps(NULL, &o));
    assert_false(astar_jps_steps(g, NULL));
    astar_grid_delete(g);
    g = random_grid(&r, 120, 120, (grid_recipe){ 2, 0, 0, 1, 1 });
    assert_false(astar_grid_cluttered(g));
    o = options_for(ASTAR_ALGORITHM_JPS, ASTAR_COSTS_OCTILE);
    assert_false(astar_jps_steps(g, &o));
    o.jumps = ASTAR_JUMPS_STEP;
    assert_true(astar_jps_steps(g, &o));
    assert_counts_defined(g, -1);
    astar_grid_delete(g);
    assert_int_equal(astar_grid_new(61, 61, &g), ASTAR_OK);
    for (int y = 0; y < 61; y++)
        for (int x = 0; x < 61; x++)
            if (x % 2 && y % 2)
                astar_grid_set_walkable(g, x, y, false); /* pillars: corridors one wide */
    assert_counts_defined(g, -1);
    assert_true(g->forced * 3 > g->arrivals); /* jump points every other step... */
    assert_int_equal(g->diagonals, 0);        /* ...and no diagonal */
    assert_false(astar_grid_cluttered(g));
    astar_grid_delete(g);
    assert_false(astar_grid_cluttered(NULL));
    assert_int_equal(astar_grid_new(3, 3, &g), ASTAR_OK);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 3; x++)
            astar_grid_set_walkable(g, x, y, false);
    assert_false(astar_grid_cluttered(g)); /* nothing walkable */
    astar_grid_delete(g);
}

/* Stepping: each square's parent read back is one step back, the
 * observer sees every square expanded, and a jumps value out of range is
 * refused. */
static void test_stepping_reads_back(void **state)
{
    (void)state;
    rng r = { 8 };
    astar_grid *g = jps_grid(&r, 50, 50, 25);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(2500, &ctx), ASTAR_OK);
    run *runs = malloc(sizeof *runs);
    assert_non_null(runs);
    astar_options o = options_for(ASTAR_ALGORITHM_JPS, ASTAR_COSTS_OCTILE);
    o.jumps = ASTAR_JUMPS_STEP;
    int found = 0;
    for (int q = 0; q < 20; q++) {
        astar_point a = random_cell(&r, g), b = random_cell(&r, g);
        uint32_t seen = 0;
        o.search.observer = count_expansion;
        o.search.observer_user = &seen;
        search(runs, ctx, g, a, b, &o);
        if (runs->status != ASTAR_OK)
            continue;
        found++;
        assert_int_equal(seen, runs->path.expanded);
        for (size_t i = 1; i < runs->path.length; i++) {
            astar_point p = runs->points[i];
            astar_node node;
            assert_int_equal(astar_context_node(ctx, g, p.x, p.y, &node), ASTAR_OK);
            assert_int_equal(node.parent.x, runs->points[i - 1].x);
            assert_int_equal(node.parent.y, runs->points[i - 1].y);
        }
    }
    assert_true(found >= 5);
    o.jumps = (astar_jumps)3;
    search(runs, ctx, g, (astar_point){ 0, 0 }, (astar_point){ 1, 1 }, &o);
    assert_int_equal(runs->status, ASTAR_INVALID_ARGUMENT);
    free(runs);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_grids_agree_with_astar),
        cmocka_unit_test(test_few_expansions_on_open_ground),
        cmocka_unit_test(test_rows_far_longer_than_an_entry),
        cmocka_unit_test(test_patched_table_equals_rebuilt),
        cmocka_unit_test(test_patched_long_rows),
        cmocka_unit_test(test_runs_longer_than_an_entry),
        cmocka_unit_test(test_refuses_what_it_cannot_serve),
        cmocka_unit_test(test_uniform_heavy_terrain),
        cmocka_unit_test(test_jump_points_out),
        cmocka_unit_test(test_short_buffers_hold_a_prefix),
        cmocka_unit_test(test_other_options_apply),
        cmocka_unit_test(test_cluttered),
        cmocka_unit_test(test_stepping_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
