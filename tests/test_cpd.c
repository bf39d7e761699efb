/*
 * test_cpd.c - precalculated paths: the CPD's answers against the
 * independent reference solver on every pair of cells of hand-drawn maps,
 * a slice of a benchmark map and hundreds of random grids with terrain,
 * under every movement rule, both cost models and both cell orders; the
 * scenario files of the smallest benchmark maps against their optimal
 * lengths; save and load round trips; damaged, cut and crafted files, and
 * files for another map; stale answers after edits; arguments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "cpd/cpd.h"
#include "util/bench_maps.h"
#include "util/files.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

#ifdef ASTAR_TEST_SANITIZED
enum { RANDOM_GRIDS = 60, SCENARIO_STRIDE = 16, LONG_ROW_TRIALS = 1 };
#else
enum { RANDOM_GRIDS = 400, SCENARIO_STRIDE = 1, LONG_ROW_TRIALS = 2 };
#endif

static const char temp_file[] = "test_cpd.tmp.cpd";

static astar_options options_for(int trial)
{
    astar_options o = astar_options_default();
    o.moves = (astar_moves)(trial % 3);
    o.costs = (astar_costs)(trial / 3 % 2);
    return o;
}

/* Every pair of cells of g: the CPD's path has the reference's least cost
 * and is legal, its first move is the path's second cell, unreachable
 * pairs are ASTAR_NO_PATH and blocked ends are refused. */
static void expect_every_pair(const astar_grid *g, const astar_cpd *cpd, const astar_options *o)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    size_t cells = astar_grid_cells(g);
    uint64_t *dist = malloc(cells * sizeof *dist);
    astar_point *points = malloc((cells + 1) * sizeof *points);
    assert_non_null(dist);
    assert_non_null(points);
    char why[256];
    for (int fy = 0; fy < h; fy++)
        for (int fx = 0; fx < w; fx++) {
            astar_point from = { fx, fy };
            ref_least_costs(g, o->moves, o->costs, from, dist);
            for (int ty = 0; ty < h; ty++)
                for (int tx = 0; tx < w; tx++) {
                    astar_point to = { tx, ty }, next;
                    astar_route path = { .points = points, .capacity = cells + 1 };
                    astar_status s = astar_cpd_path(cpd, from, to, &path);
                    astar_status first = astar_cpd_first_move(cpd, from, to, &next);
                    if (!astar_grid_walkable(g, fx, fy)) {
                        assert_int_equal(s, ASTAR_START_BLOCKED);
                        assert_int_equal(first, ASTAR_START_BLOCKED);
                        continue;
                    }
                    if (!astar_grid_walkable(g, tx, ty)) {
                        assert_int_equal(s, ASTAR_GOAL_BLOCKED);
                        continue;
                    }
                    uint64_t best = dist[(size_t)ty * (size_t)w + (size_t)tx];
                    if (best == REF_UNREACHABLE) {
                        if (s != ASTAR_NO_PATH || first != ASTAR_NO_PATH)
                            fail_msg("(%d,%d) -> (%d,%d): %s, expected no path", fx, fy, tx, ty,
                                     astar_status_message(s));
                        continue;
                    }
                    uint64_t cost;
                    if (s != ASTAR_OK || first != ASTAR_OK)
                        fail_msg("(%d,%d) -> (%d,%d): %s / %s", fx, fy, tx, ty,
                                 astar_status_message(s), astar_status_message(first));
                    if (!ref_path_valid(g, o->moves, o->costs, from, to, points, path.length, &cost,
                                        why, sizeof why))
                        fail_msg("(%d,%d) -> (%d,%d): %s", fx, fy, tx, ty, why);
                    if (cost != best || path.cost != best)
                        fail_msg("(%d,%d) -> (%d,%d): cost %u (steps %llu), least %llu", fx, fy, tx,
                                 ty, path.cost, (unsigned long long)cost, (unsigned long long)best);
                    assert_int_equal(path.expanded, path.length - 1);
                    astar_point second = path.length > 1 ? points[1] : from;
                    assert_true(next.x == second.x && next.y == second.y);
                }
        }
    free(dist);
    free(points);
}

static astar_cpd *build(const astar_grid *g, const astar_options *o, astar_cpd_order order,
                        int threads)
{
    astar_cpd *cpd = NULL;
    assert_int_equal(astar_cpd_new(g, o, order, threads, &cpd), ASTAR_OK);
    assert_non_null(cpd);
    return cpd;
}

/* Walls with corners, a diagonal gap (only corner cutting passes it),
 * terrain, islands, a single cell and a blocked map. */
static void test_hand_drawn_maps(void **state)
{
    (void)state;
    static const char *const rooms[] = {
        "..........",
        ".####.###.",
        ".#......#.",
        ".#.##3#.#.",
        "...#..#...",
        ".#.#.##.#.",
        ".#......#.",
        ".######.#.",
        "..........",
    };
    static const char *const gap[] = { "..#..", "..#..", "##...", "..#..", ".#...", };
    static const char *const islands[] = { "..#...", "..#.9.", "###...", "...#..", ".2.#.#", };
    static const char *const single[] = { "." };
    static const char *const walled[] = { "##", "##" };
    static const struct { const char *const *rows; int height; } maps[] = {
        { rooms, 9 }, { gap, 5 }, { islands, 5 }, { single, 1 }, { walled, 2 },
    };
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
        astar_grid *g = ref_grid_from_rows(maps[m].rows, maps[m].height);
        assert_non_null(g);
        for (int trial = 0; trial < 12; trial++) {
            astar_options o = options_for(trial);
            astar_cpd *cpd = build(g, &o, (astar_cpd_order)(trial / 6), 1 + trial % 2);
            expect_every_pair(g, cpd, &o);
            astar_cpd_delete(cpd);
        }
        astar_grid_delete(g);
    }
}

/* Random grids of up to 12 x 12 cells, some blocked, some rough. */
static void test_random_grids(void **state)
{
    (void)state;
    rng r = { 1313 };
    for (int trial = 0; trial < RANDOM_GRIDS; trial++) {
        int w = 1 + rng_below(&r, 12), h = 1 + rng_below(&r, 12);
        int blocked = rng_below(&r, 40), rough = rng_below(&r, 2) ? rng_below(&r, 60) : 0;
        astar_grid *g = random_grid(&r, w, h, (grid_recipe){ blocked, rough, 100, 2, 9 });
        astar_options o = options_for(trial);
        astar_cpd *cpd = build(g, &o, (astar_cpd_order)(trial / 6 % 2), 1 + trial % 3);
        expect_every_pair(g, cpd, &o);
        astar_cpd_delete(cpd);
        astar_grid_delete(g);
    }
}

/* The runs a row of SRC's greedy holds (cpd.h), worked out from the
 * reference alone: for each target in reading order (ORDER_ROWS) the set of
 * the source's first steps that begin a least-cost path to it (a step to a
 * neighbour n is one when its price plus n's least cost to the target is
 * the source's), a symbol of its own for an unreachable target; a run goes
 * on while the sets it covers share a step. Bits number the neighbours in
 * the reference's own order, which need not be the library's: only
 * whether sets meet counts. */
static uint64_t reference_runs(const astar_grid *g, const astar_options *o)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    size_t cells = (size_t)w * (size_t)h;
    uint64_t *from_source = malloc(cells * sizeof *from_source);
    uint64_t *from_next = malloc(8 * cells * sizeof *from_next);
    assert_non_null(from_source);
    assert_non_null(from_next);
    enum { UNREACHED_BIT = 1u << 8 };
    uint64_t runs = 0;
    for (size_t s = 0; s < cells; s++) {
        astar_point source = { (int)(s % (size_t)w), (int)(s / (size_t)w) };
        if (!astar_grid_walkable(g, source.x, source.y))
            continue;
        ref_least_costs(g, o->moves, o->costs, source, from_source);
        uint64_t price[8];
        int n = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                astar_point next = { source.x + dx, source.y + dy };
                if ((dx || dy) && ref_move_legal(g, o->moves, source, next)) {
                    price[n] = ref_step_cost(g, o->costs, source, next);
                    ref_least_costs(g, o->moves, o->costs, next, from_next + (size_t)n * cells);
                } else {
                    price[n] = REF_UNREACHABLE;
                }
                if (dx || dy)
                    n++;
            }
        unsigned common = ~0u;
        runs++;
        for (size_t t = 0; t < cells; t++) {
            if (t == s || !astar_grid_walkable(g, (int)(t % (size_t)w), (int)(t / (size_t)w)))
                continue;
            unsigned set = from_source[t] == REF_UNREACHABLE ? UNREACHED_BIT : 0;
            for (int j = 0; j < 8 && from_source[t] != REF_UNREACHABLE; j++)
                if (price[j] != REF_UNREACHABLE &&
                    from_next[(size_t)j * cells + t] != REF_UNREACHABLE &&
                    price[j] + from_next[(size_t)j * cells + t] == from_source[t])
                    set |= 1u << j;
            if (!(common & set)) {
                runs++;
                common = set;
            } else {
                common &= set;
            }
        }
    }
    free(from_source);
    free(from_next);
    return runs;
}

/* The build keeps every optimal first move of a target, not only the
 * first found: its runs are the fewest the greedy makes of the whole sets,
 * which the reference works out. A build that dropped the moves of equal
 * ways in would answer as right, in more runs. */
static void test_whole_move_sets(void **state)
{
    (void)state;
    rng r = { 2929 };
    for (int trial = 0; trial < RANDOM_GRIDS / 4; trial++) {
        int w = 2 + rng_below(&r, 9), h = 2 + rng_below(&r, 9);
        int blocked = rng_below(&r, 30), rough = rng_below(&r, 2) ? rng_below(&r, 50) : 0;
        astar_grid *g = random_grid(&r, w, h, (grid_recipe){ blocked, rough, 100, 2, 9 });
        astar_options o = options_for(trial);
        astar_cpd *cpd = build(g, &o, ASTAR_CPD_ORDER_ROWS, 1 + trial % 2);
        astar_cpd_info info;
        assert_int_equal(astar_cpd_describe(cpd, &info), ASTAR_OK);
        uint64_t expected = reference_runs(g, &o);
        if (info.runs != expected)
            fail_msg("trial %d (%d x %d): %llu runs, the whole sets make %llu", trial, w, h,
                     (unsigned long long)info.runs, (unsigned long long)expected);
        astar_cpd_delete(cpd);
        astar_grid_delete(g);
    }
}

/* Whether two CPDs of g give the same first move for every pair. */
static void expect_same_answers(const astar_grid *g, const astar_cpd *a, const astar_cpd *b)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (int i = 0; i < w * h; i++)
        for (int j = 0; j < w * h; j++) {
            astar_point from = { i % w, i / w }, to = { j % w, j / w }, na, nb;
            assert_int_equal(astar_cpd_first_move(a, from, to, &na),
                             astar_cpd_first_move(b, from, to, &nb));
            assert_true(na.x == nb.x && na.y == nb.y);
        }
}

/* Whether heads index rows by every sample (step 1) and by every 2nd,
 * 4th, ... (cpd.h) among cpd's rows. */
static void head_steps(const astar_cpd *cpd, bool *one, bool *more)
{
    *one = *more = false;
    for (uint32_t id = 0; id < cpd->ids; id++) {
        if (cpd->rank[id] == NO_RANK)
            continue;
        *one = *one || cpd->head[id].step == 1;
        *more = *more || cpd->head[id].step > 1;
    }
}

/* Rows of hundreds of runs (long_rows_grid), whose lookups search dozens
 * of samples (cpd.h) before their block, through heads or not: at a side
 * of 40 the rows average more than 208 runs, more than a head's index
 * holds at every sample; at 28 between 64 and 208, and heads index most
 * of them at every sample, some at every other. Maps this small get no
 * heads of their own (too few rows): they are given them here, and their
 * answers checked against the reference and against the same CPD loaded
 * from its file, without heads. The means are asserted, and the heads'
 * steps, so that the maps keep testing what they are here for. */
static void test_long_rows(void **state)
{
    (void)state;
    static const struct { int side; double least, most; } maps[] = {
        { 40, 208, 1e9 }, { 28, 64, 208 },
    };
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
        astar_grid *g = long_rows_grid(maps[m].side);
        for (int trial = 0; trial < LONG_ROW_TRIALS * 3; trial += 3) {
            astar_options o = options_for(trial);
            astar_cpd *cpd = build(g, &o, ASTAR_CPD_ORDER_ROWS, 2);
            astar_cpd_info plain, info;
            assert_int_equal(astar_cpd_describe(cpd, &plain), ASTAR_OK);
            assert_false(plain.heads);
            assert_true(astar__cpd_add_heads(cpd));
            assert_int_equal(astar_cpd_describe(cpd, &info), ASTAR_OK);
            assert_true(info.heads && info.bytes > plain.bytes);
            double mean = (double)info.runs / (double)info.walkable;
            if (mean <= maps[m].least || mean > maps[m].most)
                fail_msg("side %d: %.1f runs a row, not in (%.0f, %.0f]", maps[m].side, mean,
                         maps[m].least, maps[m].most);
            bool one, more;
            head_steps(cpd, &one, &more);
            assert_true(more);
            assert_true(one || maps[m].side == 40);
            expect_every_pair(g, cpd, &o);
            astar_cpd *loaded = NULL;
            assert_int_equal(astar_cpd_save(cpd, temp_file, NULL), ASTAR_OK);
            assert_int_equal(astar_cpd_load(temp_file, g, &loaded, NULL), ASTAR_OK);
            remove(temp_file);
            assert_int_equal(astar_cpd_describe(loaded, &info), ASTAR_OK);
            assert_false(info.heads);
            expect_same_answers(g, cpd, loaded);
            astar_cpd_delete(loaded);
            astar_cpd_delete(cpd);
        }
        astar_grid_delete(g);
    }
}

/* A 24 x 24 corner of a benchmark map (den312d's rooms and doors). */
static void test_benchmark_slice(void **state)
{
    (void)state;
    astar_grid *whole, *g;
    astar_scenario *scen;
    bench_map_load("dao/den312d", &whole, &scen);
    enum { SIDE = 24, LEFT = 20, TOP = 30 };
    assert_int_equal(astar_grid_new(SIDE, SIDE, &g), ASTAR_OK);
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            assert_int_equal(astar_grid_set_walkable(g, x, y, astar_grid_walkable(whole, LEFT + x, TOP + y)),
                             ASTAR_OK);
    for (int trial = 0; trial < 6; trial += 3) {
        astar_options o = options_for(trial);
        astar_cpd *cpd = build(g, &o, ASTAR_CPD_ORDER_DFS, 2);
        expect_every_pair(g, cpd, &o);
        astar_cpd_delete(cpd);
    }
    astar_grid_delete(g);
    astar_grid_delete(whole);
    astar_scenario_delete(scen);
}

/* Every scenario line of the two smallest benchmark maps: the CPD's path
 * is legal and as long as the file's optimal length. */
static void test_scenarios(void **state)
{
    (void)state;
    static const char *const names[] = { "dao/arena", "dao/den312d" };
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    for (size_t m = 0; m < sizeof names / sizeof names[0]; m++) {
        astar_grid *g;
        astar_scenario *scen;
        bench_map_load(names[m], &g, &scen);
        astar_cpd *cpd = build(g, &o, ASTAR_CPD_ORDER_DFS, 2);
        size_t cells = astar_grid_cells(g), checked = 0;
        astar_point *points = malloc(cells * sizeof *points);
        assert_non_null(points);
        for (size_t i = 0; i < astar_scenario_count(scen); i += SCENARIO_STRIDE) {
            const astar_problem *p = astar_scenario_problem(scen, i);
            astar_route path = { .points = points, .capacity = cells };
            astar_status s = astar_cpd_path(cpd, p->start, p->goal, &path);
            if (s != ASTAR_OK)
                fail_msg("%s line %ld: %s", names[m], p->line, astar_status_message(s));
            astar_path_measure measure;
            assert_int_equal(astar_path_check(g, &o, p->start, p->goal, points, path.length,
                                              &measure, NULL),
                             ASTAR_OK);
            assert_int_equal(measure.cost, path.cost);
            /* The files round their lengths (to 3 decimals, some to 2..8);
             * 0.01 as astar scen and test_graph_grid allow. */
            if (fabs(measure.length - p->optimal) > 0.01)
                fail_msg("%s line %ld: length %.6f, optimal %.6f", names[m], p->line,
                         measure.length, p->optimal);
            checked++;
        }
        printf("%s: %zu scenario lines optimal\n", names[m], checked);
        free(points);
        astar_cpd_delete(cpd);
        astar_grid_delete(g);
        astar_scenario_delete(scen);
    }
}

static void test_save_and_load(void **state)
{
    (void)state;
    rng r = { 77 };
    for (int trial = 0; trial < 12; trial++) {
        astar_grid *g = random_grid(&r, 11, 9, (grid_recipe){ 30, 20, 100, 2, 5 });
        astar_options o = options_for(trial);
        astar_cpd *built = build(g, &o, (astar_cpd_order)(trial / 6), 2), *loaded, *parsed;
        astar_error err;
        assert_int_equal(astar_cpd_save(built, temp_file, &err), ASTAR_OK);
        assert_int_equal(astar_cpd_load(temp_file, g, &loaded, &err), ASTAR_OK);
        size_t size;
        uint8_t *bytes = (uint8_t *)read_whole_file(temp_file, &size);
        assert_int_equal(astar_cpd_parse(bytes, size, "bytes", g, &parsed, &err), ASTAR_OK);
        astar_cpd_info bi, li;
        assert_int_equal(astar_cpd_describe(built, &bi), ASTAR_OK);
        assert_int_equal(astar_cpd_describe(loaded, &li), ASTAR_OK);
        assert_int_equal(bi.file_bytes, size);
        assert_true(bi.width == li.width && bi.height == li.height && bi.walkable == li.walkable &&
                    bi.runs == li.runs && bi.bytes == li.bytes && bi.moves == li.moves &&
                    bi.costs == li.costs && bi.order == li.order);
        expect_same_answers(g, built, loaded);
        expect_same_answers(g, built, parsed);
        free(bytes);
        astar_cpd_delete(built);
        astar_cpd_delete(loaded);
        astar_cpd_delete(parsed);
        astar_grid_delete(g);
    }
    remove(temp_file);
}

static int parse_status(const uint8_t *bytes, size_t size, const void *map)
{
    const astar_grid *g = map;
    astar_cpd *cpd = (astar_cpd *)&cpd;
    astar_error err;
    astar_status s = astar_cpd_parse(bytes, size, "damaged.cpd", g, &cpd, &err);
    if (s == ASTAR_OK) {
        astar_cpd_delete(cpd);
        return s;
    }
    assert_null(cpd);
    assert_int_equal(err.status, s);
    assert_true(strncmp(err.message, "damaged.cpd: ", 13) == 0);
    return s;
}

/* Each byte of a small file flipped, the file cut at every length, the
 * checksum right on crafted contents, a file for another map, no file. */
static void test_damaged_files(void **state)
{
    (void)state;
    static const char *const rows[] = { "....#", ".##.#", "...3.", "#.#..", };
    astar_grid *g = ref_grid_from_rows(rows, 4);
    astar_cpd *cpd = build(g, NULL, ASTAR_CPD_ORDER_DFS, 1);
    assert_int_equal(astar_cpd_save(cpd, temp_file, NULL), ASTAR_OK);
    size_t size;
    uint8_t *bytes = (uint8_t *)read_whole_file(temp_file, &size);
    cpd_file_expect_damage_refused(bytes, size, parse_status, g);

    /* Crafted: the checksum made right again over contents no build
     * writes - a move of 9, a first run not at 0 - and over a move the
     * grid does not allow, which only the queries can see. */
    size_t runs_at = cpd_file_runs_at(bytes, size);
    uint8_t *crafted = malloc(size);
    assert_non_null(crafted);
    memcpy(crafted, bytes, size);
    crafted[runs_at] = (uint8_t)(crafted[runs_at] & 0xF0) | 9;
    cpd_file_reseal(crafted, size);
    assert_int_equal(parse_status(crafted, size, g), ASTAR_PARSE_ERROR);
    memcpy(crafted, bytes, size);
    crafted[runs_at] |= 0x10;
    cpd_file_reseal(crafted, size);
    assert_int_equal(parse_status(crafted, size, g), ASTAR_PARSE_ERROR);
    /* Every run of every row towards blocked (4, 0): none is legal. */
    for (size_t k = runs_at; k < size - 8; k += 4)
        crafted[k] = (uint8_t)((bytes[k] & 0xF0) | 4);
    cpd_file_reseal(crafted, size);
    astar_cpd *bad;
    assert_int_equal(astar_cpd_parse(crafted, size, NULL, g, &bad, NULL), ASTAR_OK);
    astar_point points[32], next;
    astar_route path = { .points = points, .capacity = 32 };
    assert_int_equal(astar_cpd_path(bad, (astar_point){ 3, 0 }, (astar_point){ 0, 0 }, &path),
                     ASTAR_INVALID_PATH);
    assert_int_equal(astar_cpd_first_move(bad, (astar_point){ 3, 0 }, (astar_point){ 0, 0 }, &next),
                     ASTAR_INVALID_PATH);
    astar_cpd_delete(bad);
    /* A header declaring 2^31 walkable cells (byte 32, little-endian) is
     * refused by that count, not by a size it cannot have. */
    memcpy(crafted, bytes, size);
    memset(crafted + 32, 0, 8);
    crafted[35] = 0x80;
    astar_error why;
    assert_int_equal(astar_cpd_parse(crafted, size, "big.cpd", g, &bad, &why), ASTAR_PARSE_ERROR);
    assert_string_equal(why.message, "big.cpd: its header's 2147483648 walkable cells are more "
                                     "than the 268435456 a grid may have");
    free(crafted);

    /* Another map: one cell's cost changed, or another size. */
    astar_grid *other = ref_grid_from_rows(rows, 4);
    assert_int_equal(astar_grid_set_cost(other, 0, 0, 2), ASTAR_OK);
    astar_error err;
    astar_cpd *none;
    assert_int_equal(astar_cpd_load(temp_file, other, &none, &err), ASTAR_MAP_CHANGED);
    assert_null(none);
    assert_non_null(strstr(err.message, "made for another map"));
    astar_grid_delete(other);
    static const char *const smaller[] = { "....#", ".##.#", "...3." };
    other = ref_grid_from_rows(smaller, 3);
    assert_int_equal(astar_cpd_load(temp_file, other, &none, &err), ASTAR_MAP_CHANGED);
    astar_grid_delete(other);
    assert_int_equal(astar_cpd_load("no/such/file.cpd", g, &none, &err), ASTAR_IO_ERROR);
    assert_int_equal(err.status, ASTAR_IO_ERROR);
    remove(temp_file);
    free(bytes);
    astar_cpd_delete(cpd);
    astar_grid_delete(g);
}

/* An edit after the build (or the load) makes every answer stale. */
static void test_edits_make_it_stale(void **state)
{
    (void)state;
    static const char *const rows[] = { "......", ".####.", "......" };
    astar_grid *g = ref_grid_from_rows(rows, 3);
    astar_cpd *cpd = build(g, NULL, ASTAR_CPD_ORDER_ROWS, 1);
    astar_point a = { 0, 0 }, b = { 5, 2 }, next, points[16];
    astar_route path = { .points = points, .capacity = 16 };
    assert_int_equal(astar_cpd_first_move(cpd, a, b, &next), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(g, 3, 2, false), ASTAR_OK);
    assert_int_equal(astar_cpd_first_move(cpd, a, b, &next), ASTAR_MAP_CHANGED);
    assert_true(next.x == a.x && next.y == a.y);
    assert_int_equal(astar_cpd_path(cpd, a, b, &path), ASTAR_MAP_CHANGED);
    assert_int_equal(path.length, 0);
    astar_cpd_delete(cpd);
    astar_grid_delete(g);
}

static void test_arguments(void **state)
{
    (void)state;
    static const char *const rows[] = { "....", ".#..", "...." };
    astar_grid *g = ref_grid_from_rows(rows, 3);
    astar_cpd *cpd = (astar_cpd *)&cpd;
    astar_options o = astar_options_default();
    assert_int_equal(astar_cpd_new(NULL, NULL, ASTAR_CPD_ORDER_DFS, 1, &cpd), ASTAR_INVALID_ARGUMENT);
    assert_null(cpd);
    assert_int_equal(astar_cpd_new(g, NULL, ASTAR_CPD_ORDER_DFS, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_new(g, NULL, ASTAR_CPD_ORDER_DFS, 0, &cpd), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_new(g, NULL, ASTAR_CPD_ORDER_DFS, ASTAR_CPD_MAX_THREADS + 1, &cpd),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_new(g, NULL, (astar_cpd_order)2, 1, &cpd), ASTAR_INVALID_ARGUMENT);
    o.search.weight = -1;
    assert_int_equal(astar_cpd_new(g, &o, ASTAR_CPD_ORDER_DFS, 1, &cpd), ASTAR_INVALID_ARGUMENT);
    o = astar_options_default();
    o.search.max_expanded = 10;
    assert_int_equal(astar_cpd_new(g, &o, ASTAR_CPD_ORDER_DFS, 1, &cpd), ASTAR_UNSUPPORTED);
    o = astar_options_default();
    o.search.partial = true;
    assert_int_equal(astar_cpd_new(g, &o, ASTAR_CPD_ORDER_DFS, 1, &cpd), ASTAR_UNSUPPORTED);
    o = astar_options_default();
    o.world.turn_penalty = 5;
    assert_int_equal(astar_cpd_new(g, &o, ASTAR_CPD_ORDER_DFS, 1, &cpd), ASTAR_UNSUPPORTED);
    /* What a CPD ignores: another algorithm and heuristic give least costs too. */
    o = astar_options_default();
    o.algorithm = ASTAR_ALGORITHM_JPS;
    o.heuristic = ASTAR_HEURISTIC_EUCLIDEAN;
    o.search.weight = 3;
    cpd = build(g, &o, ASTAR_CPD_ORDER_DFS, 4);
    expect_every_pair(g, cpd, &o);

    astar_point points[4], next;
    astar_route path = { .points = points, .capacity = 4 };
    astar_point a = { 0, 0 }, b = { 3, 2 };
    assert_int_equal(astar_cpd_first_move(NULL, a, b, &next), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_first_move(cpd, a, b, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_path(NULL, a, b, &path), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_path(cpd, a, b, NULL), ASTAR_INVALID_ARGUMENT);
    astar_route no_buffer = { .capacity = 3 };
    assert_int_equal(astar_cpd_path(cpd, a, b, &no_buffer), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_path(cpd, (astar_point){ -1, 0 }, b, &path), ASTAR_START_OUT_OF_BOUNDS);
    assert_int_equal(astar_cpd_path(cpd, a, (astar_point){ 4, 0 }, &path), ASTAR_GOAL_OUT_OF_BOUNDS);
    assert_int_equal(astar_cpd_path(cpd, (astar_point){ 1, 1 }, b, &path), ASTAR_START_BLOCKED);
    assert_int_equal(astar_cpd_path(cpd, a, (astar_point){ 1, 1 }, &path), ASTAR_GOAL_BLOCKED);
    assert_int_equal(astar_cpd_path(cpd, a, a, &path), ASTAR_OK);
    assert_true(path.length == 1 && path.cost == 0 && path.expanded == 0);
    assert_int_equal(astar_cpd_first_move(cpd, a, a, &next), ASTAR_OK);
    assert_true(next.x == a.x && next.y == a.y);
    /* 0,0 -> 3,2 is five cells (the corner rule keeps it off (1,1)'s
     * corners): a buffer of three holds the first three. */
    path.capacity = 3;
    assert_int_equal(astar_cpd_path(cpd, a, b, &path), ASTAR_PATH_BUFFER_TOO_SMALL);
    assert_true(path.length == 5 && path.cost == 44 && path.expanded == 4);
    assert_int_equal(path.cut, 2);
    /* No buffer asks for the answer without the cells (astar/route.h). */
    astar_route cost_only = { 0 };
    assert_int_equal(astar_cpd_path(cpd, a, b, &cost_only), ASTAR_OK);
    assert_int_equal(cost_only.cost, 44);
    astar_cpd_info info;
    assert_int_equal(astar_cpd_describe(NULL, &info), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_describe(cpd, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_describe(cpd, &info), ASTAR_OK);
    assert_true(info.walkable == 11 && info.width == 4 && info.height == 3 && info.runs >= 11);
    assert_int_equal(astar_cpd_save(NULL, temp_file, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_save(cpd, "no/such/dir/x.cpd", NULL), ASTAR_IO_ERROR);
    astar_cpd *loaded = (astar_cpd *)&loaded;
    assert_int_equal(astar_cpd_load(NULL, g, &loaded, NULL), ASTAR_INVALID_ARGUMENT);
    assert_null(loaded);
    assert_int_equal(astar_cpd_parse(NULL, 4, NULL, g, &loaded, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_cpd_parse("", 0, NULL, NULL, &loaded, NULL), ASTAR_INVALID_ARGUMENT);
    astar_cpd_delete(cpd);
    astar_cpd_delete(NULL);

    /* Hex grids: refused by the build and the loader. */
    assert_int_equal(astar_grid_set_topology(g, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    assert_int_equal(astar_cpd_new(g, NULL, ASTAR_CPD_ORDER_DFS, 1, &cpd), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_cpd_parse("ASTARCPD", 8, NULL, g, &loaded, NULL), ASTAR_INVALID_ARGUMENT);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_drawn_maps),
        cmocka_unit_test(test_random_grids),
        cmocka_unit_test(test_whole_move_sets),
        cmocka_unit_test(test_long_rows),
        cmocka_unit_test(test_benchmark_slice),
        cmocka_unit_test(test_scenarios),
        cmocka_unit_test(test_save_and_load),
        cmocka_unit_test(test_damaged_files),
        cmocka_unit_test(test_edits_make_it_stale),
        cmocka_unit_test(test_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
