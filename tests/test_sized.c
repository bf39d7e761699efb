/*
 * test_sized.c - A* for a unit of a size and a capability against the
 * reference solver on the map as that unit sees it: a unit of one cell on
 * the map eroded to the anchors whose k x k cells the capability allows
 * (ref_clearance), each priced by the dearest of them. Every move rule,
 * both cost models, sizes 1 to 5, random capabilities: status, cost and a
 * path the reference finds legal on the eroded map at that cost; the same
 * answers sliced, and from JPS; nearest targets and distance maps the same
 * as a one-cell unit's on the eroded map; line of sight against an oracle
 * that walks the footprint cell by cell, and checking, smoothing and
 * straightening paths the same as for a one-cell unit on the eroded map;
 * units of sizes 1 to 3 among other units, by footprint, against the
 * reference with the anchors they block left out and those on their paths
 * priced (util/footprints.h), their placements and walks never
 * overlapping; what is refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>

#include "astar.h"
#include "util/footprints.h"
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

#ifdef ASTAR_TEST_SANITIZED
enum { GRIDS = 20, PAIRS = 10 };
#else
enum { GRIDS = 120, PAIRS = 25 };
#endif

/* The terrains capability c of these tests allows: 1 keeps out 2 and 3. */
static void allowed_by(uint32_t c, bool allowed[256])
{
    for (int t = 0; t < 256; t++)
        allowed[t] = t != 0 && (c == 0 || (t != 2 && t != 3));
}

/* The clearance of g for capability 0 and for capability 1, which keeps
 * out terrain 2 and 3 (a river, say): allowed_by's. */
static void enable_dry_clearance(astar_grid *g)
{
    astar_capability dry = astar_capability_any();
    assert_int_equal(astar_capability_set(&dry, 2, false), ASTAR_OK);
    assert_int_equal(astar_capability_set(&dry, 3, false), ASTAR_OK);
    assert_int_equal(astar_grid_enable_clearance(g, &dry, 1), ASTAR_OK);
}

static void test_against_the_eroded_map(void **state)
{
    (void)state;
    rng r = { 5151 };
    astar_point points[4096];
    uint64_t *dist = malloc(64 * 64 * sizeof *dist);
    assert_non_null(dist);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(64 * 64, &ctx), ASTAR_OK);
    int found = 0, refused = 0, none = 0, jps = 0;
    for (int trial = 0; trial < GRIDS; trial++) {
        int w = 4 + rng_below(&r, 36), h = 4 + rng_below(&r, 28);
        /* Uniform terrain on every other grid, where JPS serves too. */
        grid_recipe recipe = { rng_below(&r, 25), trial % 2 ? 40 : 0, 100, 1, 6 };
        astar_grid *g = random_grid(&r, w, h, recipe);
        enable_dry_clearance(g);
        if (trial % 3 == 0)
            assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
        astar_options o = astar_options_default();
        o.moves = (astar_moves)(trial % 3);
        o.costs = (astar_costs)(trial / 3 % 2);
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        o.search.open_list = trial % 4 == 0 ? ASTAR_OPEN_LIST_BUCKETS : ASTAR_OPEN_LIST_HEAP;
        o.world.unit_size = 1 + rng_below(&r, 5);
        o.world.capability = (uint32_t)rng_below(&r, 2);
        bool allowed[256];
        allowed_by(o.world.capability, allowed);
        astar_grid *e = ref_eroded(g, allowed, o.world.unit_size);
        for (int p = 0; p < PAIRS; p++) {
            astar_point a = random_cell(&r, g), b = random_cell(&r, g);
            astar_route path = { .points = points, .capacity = 4096 };
            astar_status s = astar_find_path(ctx, g, a, b, &o, &path);
            if (!astar_grid_walkable(g, a.x, a.y) || !astar_grid_walkable(e, a.x, a.y)) {
                assert_int_equal(s, ASTAR_START_BLOCKED);
                refused++;
                continue;
            }
            if (!astar_grid_walkable(e, b.x, b.y)) {
                assert_int_equal(s, ASTAR_GOAL_BLOCKED);
                refused++;
                continue;
            }
            ref_least_costs(e, o.moves, o.costs, a, dist);
            uint64_t best = dist[(size_t)b.y * (size_t)w + (size_t)b.x];
            if (best == REF_UNREACHABLE) {
                assert_int_equal(s, ASTAR_NO_PATH);
                none++;
                continue;
            }
            if (s != ASTAR_OK)
                fail_msg("trial %d size %d (%d,%d)->(%d,%d): %s, least %llu", trial,
                         o.world.unit_size, a.x, a.y, b.x, b.y, astar_status_message(s),
                         (unsigned long long)best);
            uint64_t cost;
            char why[200];
            if (!ref_path_valid(e, o.moves, o.costs, a, b, points, path.length, &cost, why,
                                sizeof why))
                fail_msg("trial %d size %d: %s", trial, o.world.unit_size, why);
            if (cost != best || path.cost != best)
                fail_msg("trial %d size %d (%d,%d)->(%d,%d): cost %u (steps %llu), least %llu",
                         trial, o.world.unit_size, a.x, a.y, b.x, b.y, path.cost,
                         (unsigned long long)cost, (unsigned long long)best);
            /* Sliced, the same answer. */
            astar_route sliced = { .points = points, .capacity = 4096 };
            assert_int_equal(astar_search_begin(ctx, g, a, b, &o), ASTAR_IN_PROGRESS);
            while (astar_search_step(ctx, 7) == ASTAR_IN_PROGRESS)
                ;
            assert_int_equal(astar_search_finish(ctx, &sliced, NULL), ASTAR_OK);
            assert_int_equal(sliced.cost, path.cost);
            /* JPS, which steps on the map as the unit sees it: the same
             * cost where it serves (8 moves, uniform terrain). */
            if (o.moves == ASTAR_MOVES_8 && astar_grid_uniform(g)) {
                astar_options j = o;
                j.algorithm = ASTAR_ALGORITHM_JPS;
                astar_route jumped = { .points = points, .capacity = 4096 };
                assert_int_equal(astar_find_path(ctx, g, a, b, &j, &jumped), ASTAR_OK);
                if (!ref_path_valid(e, o.moves, o.costs, a, b, points, jumped.length, &cost, why,
                                    sizeof why) ||
                    cost != best || jumped.cost != best)
                    fail_msg("trial %d size %d JPS: %s, cost %u, least %llu", trial,
                             o.world.unit_size, why, jumped.cost, (unsigned long long)best);
                jps++;
            }
            found++;
        }
        astar_grid_delete(e);
        astar_grid_delete(g);
    }
    /* The draws reach every outcome. */
    if (found < GRIDS || refused < GRIDS / 4 || none == 0 || jps < GRIDS / 8)
        fail_msg("the draws reach too few outcomes: %d found, %d refused, %d with no path, "
                 "%d by JPS", found, refused, none, jps);
    astar_context_delete(ctx);
    free(dist);
}

/* A unit drawn for a trial: a w x h grid with terrain (rough: 40 % of
 * cells, else none), its clearance for capability 1 (which keeps out
 * terrain 2, a river), options for a unit of size 1..most and capability
 * 0 or 1 under the trial's moves and costs, the terrains it may enter and
 * the map it sees (ref_eroded). */
typedef struct unit_draw {
    astar_grid *g, *e;
    astar_options o;
    bool allowed[256];
} unit_draw;

static unit_draw draw_unit(rng *r, int trial, int w, int h, int blocked, bool rough, int most)
{
    unit_draw u;
    u.g = random_grid(r, w, h, (grid_recipe){ blocked, rough ? 40 : 0, 100, 1, 6 });
    astar_capability dry = astar_capability_any();
    assert_int_equal(astar_capability_set(&dry, 2, false), ASTAR_OK);
    assert_int_equal(astar_grid_enable_clearance(u.g, &dry, 1), ASTAR_OK);
    u.o = astar_options_default();
    u.o.moves = (astar_moves)(trial % 3);
    u.o.costs = (astar_costs)(trial / 3 % 2);
    u.o.world.unit_size = 1 + rng_below(r, most);
    u.o.world.capability = (uint32_t)rng_below(r, 2);
    for (int t = 0; t < 256; t++)
        u.allowed[t] = t != 0 && (u.o.world.capability == 0 || t != 2);
    u.e = ref_eroded(u.g, u.allowed, u.o.world.unit_size);
    return u;
}

/* Nearest targets and distance maps for a unit: the same answers as for a
 * unit of one cell on the map that unit sees (ref_eroded), whose own
 * searches test_dijkstra checks against the reference. */
static void test_nearest_and_distance_maps(void **state)
{
    (void)state;
    rng r = { 6161 };
    astar_point points[4096];
    astar_context *ctx = NULL;
    astar_distance_map *sized = NULL, *plain = NULL;
    assert_int_equal(astar_context_new(64 * 64, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(64 * 64, &sized), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(64 * 64, &plain), ASTAR_OK);
    int reached = 0, nearest = 0;
    for (int trial = 0; trial < GRIDS / 2; trial++) {
        int w = 4 + rng_below(&r, 36), h = 4 + rng_below(&r, 28);
        int blocked = rng_below(&r, 25);
        unit_draw u = draw_unit(&r, trial, w, h, blocked, rng_below(&r, 2), 4);
        astar_grid *g = u.g, *e = u.e;
        astar_options o = u.o;
        astar_options one = o;
        one.world.unit_size = 1;
        one.world.capability = 0;
        astar_point targets[3];
        for (int i = 0; i < 3; i++)
            targets[i] = random_cell(&r, g);
        assert_int_equal(astar_distance_map_build(sized, ctx, g, targets, 3, &o), ASTAR_OK);
        assert_int_equal(astar_distance_map_build(plain, ctx, e, targets, 3, &one), ASTAR_OK);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t cost = astar_distance_map_cost(plain, x, y);
                if (astar_distance_map_cost(sized, x, y) != cost)
                    fail_msg("trial %d size %d (%d,%d): %u, on the unit's map %u", trial,
                             o.world.unit_size, x, y, astar_distance_map_cost(sized, x, y), cost);
                if (cost == ASTAR_UNREACHABLE)
                    continue;
                astar_point a, b;
                assert_int_equal(astar_distance_map_next(sized, x, y, &a), ASTAR_OK);
                assert_int_equal(astar_distance_map_next(plain, x, y, &b), ASTAR_OK);
                assert_true(a.x == b.x && a.y == b.y);
                assert_int_equal(astar_distance_map_source(sized, x, y),
                                 astar_distance_map_source(plain, x, y));
                reached++;
            }
        for (int p = 0; p < PAIRS; p++) {
            astar_point start = random_cell(&r, g);
            astar_route one_path = { .points = points, .capacity = 4096 };
            astar_route path = { .points = points, .capacity = 4096 };
            size_t which = 0, which_one = 0;
            astar_status want = astar_find_nearest(ctx, e, start, targets, 3, &one, &one_path,
                                                   &which_one);
            astar_status got = astar_find_nearest(ctx, g, start, targets, 3, &o, &path, &which);
            assert_int_equal(got, want);
            if (got == ASTAR_OK) {
                assert_int_equal(path.cost, one_path.cost);
                assert_int_equal(which, which_one);
                nearest++;
            }
        }
        astar_grid_delete(e);
        astar_grid_delete(g);
    }
    assert_true(reached > GRIDS && nearest > GRIDS / 4);
    astar_distance_map_delete(sized);
    astar_distance_map_delete(plain);
    astar_context_delete(ctx);
}

/* The calls after a search, for a unit of a size: a path checked, its line
 * of sight and its smoothing, straightened. Line of sight against
 * ref_unit_sees, which walks the footprint cell by cell on the map itself;
 * checking against the reference's validator on the eroded map, on the
 * search's paths and on random walks and nudged paths that are often
 * illegal; smoothing and straightening the same answers as a unit of one
 * cell gets on the eroded map. The draws must include lines and steps
 * whose answer for the unit differs from a unit of one cell's, so that
 * ignoring the size fails. */
static void test_after_the_search(void **state)
{
    (void)state;
    rng r = { 7171 };
    enum { CAP = 4096 };
    astar_point *points = malloc(4 * CAP * sizeof *points);
    assert_non_null(points);
    astar_point *walk = points + CAP, *mine = points + 2 * CAP, *theirs = points + 3 * CAP;
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(64 * 64, &ctx), ASTAR_OK);
    int sights = 0, sights_apart = 0, checks = 0, checks_apart = 0, straightened = 0,
        smoothed = 0;
    for (int trial = 0; trial < GRIDS; trial++) {
        int w = 4 + rng_below(&r, 28), h = 4 + rng_below(&r, 24);
        unit_draw u = draw_unit(&r, trial, w, h, rng_below(&r, 20), trial % 2, 4);
        astar_grid *g = u.g, *e = u.e;
        astar_options o = u.o;
        const bool *allowed = u.allowed;
        int k = o.world.unit_size;
        astar_options one = o;
        one.world.unit_size = 1;
        one.world.capability = 0;
        for (int p = 0; p < PAIRS; p++) {
            astar_point a = random_cell(&r, g), b = random_cell(&r, g);
            bool want = ref_unit_sees(g, allowed, k, o.moves, a, b);
            if (astar_line_of_sight(g, &o, a, b) != want)
                fail_msg("trial %d size %d cap %u (%d,%d)-(%d,%d): oracle says %d", trial, k,
                         o.world.capability, a.x, a.y, b.x, b.y, want);
            sights++;
            sights_apart += want != ref_sees(g, o.moves, a, b);

            /* A random walk from a: legal or not, as on the eroded map. */
            size_t n = 1 + (size_t)rng_below(&r, 12);
            walk[0] = a;
            for (size_t i = 1; i < n; i++)
                walk[i] = (astar_point){ walk[i - 1].x + rng_below(&r, 3) - 1,
                                         walk[i - 1].y + rng_below(&r, 3) - 1 };
            uint64_t cost = 0;
            bool legal = ref_path_valid(e, o.moves, o.costs, a, walk[n - 1], walk, n, &cost,
                                        NULL, 0);
            astar_path_measure m;
            astar_status s = astar_path_check(g, &o, a, walk[n - 1], walk, n, &m, NULL);
            if (s != (legal ? ASTAR_OK : ASTAR_INVALID_PATH) || (legal && m.cost != cost))
                fail_msg("trial %d size %d: a walk of %zu from (%d,%d): %s, the eroded map "
                         "says %d", trial, k, n, a.x, a.y, astar_status_message(s), legal);
            checks++;
            checks_apart += legal != ref_path_valid(g, o.moves, o.costs, a, walk[n - 1], walk,
                                                    n, NULL, NULL, 0);

            astar_route path = { .points = points, .capacity = CAP };
            if (astar_find_path(ctx, g, a, b, &o, &path) != ASTAR_OK)
                continue;
            assert_int_equal(astar_path_check(g, &o, a, b, points, path.length, &m, NULL),
                             ASTAR_OK);
            assert_int_equal(m.cost, path.cost);
            /* Nudged: one point moved a cell. */
            for (size_t i = 0; i < path.length; i++)
                walk[i] = points[i];
            size_t at = (size_t)rng_below(&r, (int)path.length);
            walk[at].x += rng_below(&r, 3) - 1;
            walk[at].y += rng_below(&r, 3) - 1;
            legal = ref_path_valid(e, o.moves, o.costs, a, b, walk, path.length, &cost, NULL, 0);
            s = astar_path_check(g, &o, a, b, walk, path.length, &m, NULL);
            assert_int_equal(s, legal ? ASTAR_OK : ASTAR_INVALID_PATH);
            assert_true(!legal || m.cost == cost);

            astar_route straight = { .points = mine, .capacity = CAP };
            astar_route plain = { .points = theirs, .capacity = CAP };
            assert_int_equal(astar_path_straighten(g, &o, points, path.length, &straight),
                             ASTAR_OK);
            assert_int_equal(astar_path_straighten(e, &one, points, path.length, &plain),
                             ASTAR_OK);
            assert_int_equal(straight.length, plain.length);
            assert_int_equal(straight.cost, plain.cost);
            assert_memory_equal(mine, theirs, straight.length * sizeof *mine);
            char why[200];
            if (!ref_path_valid(e, o.moves, o.costs, a, b, mine, straight.length, &cost, why,
                                sizeof why) ||
                cost != straight.cost || straight.cost > path.cost)
                fail_msg("trial %d size %d straightened: %s, cost %u of %u", trial, k, why,
                         straight.cost, path.cost);
            straightened++;

            astar_route smooth = { .points = mine, .capacity = CAP };
            plain = (astar_route){ .points = theirs, .capacity = CAP };
            assert_int_equal(astar_path_smooth(g, &o, points, path.length, &smooth), ASTAR_OK);
            assert_int_equal(astar_path_smooth(e, &one, points, path.length, &plain), ASTAR_OK);
            assert_int_equal(smooth.length, plain.length);
            assert_memory_equal(mine, theirs, smooth.length * sizeof *mine);
            for (size_t i = 1; i < smooth.length; i++)
                assert_true(ref_unit_sees(g, allowed, k, o.moves, mine[i - 1], mine[i]));
            smoothed++;
        }
        astar_grid_delete(e);
        astar_grid_delete(g);
    }
    if (sights_apart < GRIDS / 4 || checks_apart < GRIDS / 4 || straightened < GRIDS ||
        smoothed < GRIDS)
        fail_msg("the draws reach too few outcomes: %d of %d lines and %d of %d walks not as a "
                 "unit of one cell's, %d straightened, %d smoothed", sights_apart, sights,
                 checks_apart, checks, straightened, smoothed);
    astar_context_delete(ctx);
    free(points);
}

/* The islands of a unit of each size and capability: after enabling and
 * after every random edit, two anchors share a label exactly when a flood
 * fill of the eroded map joins them, and 0 exactly where the unit does not
 * fit; a search for that unit between its islands answers ASTAR_NO_PATH
 * having expanded nothing, where the grid's islands (a unit of one cell's)
 * would have let it search. */
static void test_islands_per_size(void **state)
{
    (void)state;
    rng r = { 8181 };
    enum { SIZES = 4, KINDS = 2, W = 24, H = 20 };
    uint32_t *ref = malloc(W * H * sizeof *ref), *seen = malloc(W * H * sizeof *seen);
    astar_point points[W * H];
    assert_true(ref && seen);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(W * H, &ctx), ASTAR_OK);
    int compared = 0, apart = 0, apart_for_one_cell_only = 0;
    for (int trial = 0; trial < GRIDS / 6; trial++) {
        unit_draw u = draw_unit(&r, trial, W, H, rng_below(&r, 15), trial % 2, 1);
        astar_grid *g = u.g;
        astar_grid_delete(u.e);
        assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
        for (int k = 1; k <= SIZES; k++)
            for (size_t c = 0; c < KINDS; c++)
                assert_int_equal(astar_grid_enable_sized_islands(g, k, c), ASTAR_OK);
        for (int edit = 0; edit <= 40; edit++) {
            for (int k = 1; k <= SIZES; k++)
                for (uint32_t c = 0; c < KINDS; c++) {
                    bool allowed[256];
                    for (int t = 0; t < 256; t++)
                        allowed[t] = t != 0 && (c == 0 || t != 2);
                    astar_grid *e = ref_eroded(g, allowed, k);
                    ref_flood_fill(e, ref);
                    /* seen[ref label] is the library's label for it. */
                    for (int i = 0; i < W * H; i++)
                        seen[i] = 0;
                    for (int y = 0; y < H; y++)
                        for (int x = 0; x < W; x++) {
                            uint32_t mine = astar_grid_island_sized(g, k, c, x, y);
                            uint32_t theirs = ref[y * W + x];
                            if ((mine == 0) != (theirs == 0) ||
                                (theirs && seen[theirs] && seen[theirs] != mine))
                                fail_msg("trial %d edit %d size %d cap %u (%d,%d): label %u, "
                                         "flood fill %u (seen as %u)", trial, edit, k, c, x, y,
                                         mine, theirs, theirs ? seen[theirs] : 0);
                            if (theirs)
                                seen[theirs] = mine;
                        }
                    /* One island of the flood fill each: no label twice. */
                    for (uint32_t i = 1; i < W * H; i++)
                        for (uint32_t j = i + 1; seen[i] && j < W * H; j++)
                            assert_true(seen[i] != seen[j]);
                    compared++;
                    astar_options o = u.o;
                    o.world.unit_size = k;
                    o.world.capability = c;
                    astar_point a = random_cell(&r, g), b = random_cell(&r, g);
                    uint32_t la = astar_grid_island_sized(g, k, c, a.x, a.y);
                    uint32_t lb = astar_grid_island_sized(g, k, c, b.x, b.y);
                    if (la && lb && la != lb) {
                        astar_route path = { .points = points, .capacity = W * H };
                        assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_NO_PATH);
                        assert_int_equal(path.expanded, 0);
                        apart++;
                        apart_for_one_cell_only +=
                            astar_grid_island(g, a.x, a.y) == astar_grid_island(g, b.x, b.y);
                    }
                    astar_grid_delete(e);
                }
            int x = rng_below(&r, W), y = rng_below(&r, H);
            if (rng_below(&r, 3) == 0)
                assert_int_equal(astar_grid_set_walkable(g, x, y, !astar_grid_walkable(g, x, y)),
                                 ASTAR_OK);
            else
                assert_int_equal(astar_grid_set_cost(g, x, y, 1 + rng_below(&r, 3)), ASTAR_OK);
        }
        astar_grid_delete(g);
    }
    if (apart_for_one_cell_only < GRIDS / 4)
        fail_msg("the draws reach too few outcomes: %d comparisons, %d searches between "
                 "islands, %d of them on one island for a unit of one cell",
                 compared, apart, apart_for_one_cell_only);
    astar_context_delete(ctx);
    free(ref);
    free(seen);
}

/* What a unit of size k and capability c (test_shadows_after_edits' draws:
 * capability 1 keeps out terrain 2) sees of g: ref_eroded, made afresh. */
static astar_grid *eroded_for(const astar_grid *g, int k, uint32_t c)
{
    bool allowed[256];
    for (int t = 0; t < 256; t++)
        allowed[t] = t != 0 && (c == 0 || t != 2);
    return ref_eroded(g, allowed, k);
}

/* A cell of g where the unit that sees g as e fits, mostly: up to five
 * draws. */
static astar_point fitting_cell(rng *r, const astar_grid *g, const astar_grid *e)
{
    astar_point p = random_cell(r, g);
    for (int i = 0; i < 4 && !astar_grid_walkable(e, p.x, p.y); i++)
        p = random_cell(r, g);
    return p;
}

/* A random edit of g: a cell's walkability turned over, or on rough
 * grids two times in three its terrain set to 1..6. */
static void random_edit(rng *r, astar_grid *g, bool rough)
{
    int x = rng_below(r, astar_grid_width(g)), y = rng_below(r, astar_grid_height(g));
    if (!rough || rng_below(r, 3) == 0)
        assert_int_equal(astar_grid_set_walkable(g, x, y, !astar_grid_walkable(g, x, y)),
                         ASTAR_OK);
    else
        assert_int_equal(astar_grid_set_cost(g, x, y, 1 + rng_below(r, 6)), ASTAR_OK);
}

/* The options of a unit of size k and capability c with base's moves and
 * costs, under the octile H (the default, the article's Manhattan,
 * overestimates diagonal steps, and JPS's answers are then not least). */
static astar_options octile_unit(astar_options base, int k, uint32_t c)
{
    base.heuristic = ASTAR_HEURISTIC_OCTILE;
    base.world.unit_size = k;
    base.world.capability = c;
    return base;
}

/* The answer of algorithm (jumps for JPS and JPS+) for the unit of o from
 * a to b on g, which keeps the unit's shadow, against the reference on
 * the map the unit sees (e): ASTAR_UNSUPPORTED where JPS does not serve
 * (e not uniform), the ends' statuses, else status and least cost, and a
 * path legal on e at that cost. Returns whether a path was found. */
static bool expect_on_shadow(astar_context *ctx, const astar_grid *g, const astar_grid *e,
                             astar_options o, astar_point a, astar_point b, uint64_t *dist,
                             astar_point *points, size_t capacity, const char *what)
{
    astar_route path = { .points = points, .capacity = capacity };
    astar_status s = astar_find_path(ctx, g, a, b, &o, &path);
    /* The algorithm's refusal first, as for any request. */
    astar_status want = o.algorithm != ASTAR_ALGORITHM_ASTAR && !astar_grid_uniform(e)
                            ? ASTAR_UNSUPPORTED
                        : !astar_grid_walkable(e, a.x, a.y) ? ASTAR_START_BLOCKED
                        : !astar_grid_walkable(e, b.x, b.y) ? ASTAR_GOAL_BLOCKED
                                                            : ASTAR_OK;
    uint64_t best = 0;
    if (want == ASTAR_OK) {
        ref_least_costs(e, o.moves, o.costs, a, dist);
        best = dist[(size_t)b.y * (size_t)astar_grid_width(e) + (size_t)b.x];
        if (best == REF_UNREACHABLE)
            want = ASTAR_NO_PATH;
    }
    if (s != want)
        fail_msg("%s size %d cap %u (%d,%d)->(%d,%d): %s, want %s", what, o.world.unit_size,
                 o.world.capability, a.x, a.y, b.x, b.y, astar_status_message(s),
                 astar_status_message(want));
    if (s != ASTAR_OK)
        return false;
    uint64_t cost;
    char why[200] = "";
    if (!ref_path_valid(e, o.moves, o.costs, a, b, points, path.length, &cost, why, sizeof why) ||
        cost != best || path.cost != best)
        fail_msg("%s size %d cap %u (%d,%d)->(%d,%d): %s cost %u (steps %llu), least %llu",
                 what, o.world.unit_size, o.world.capability, a.x, a.y, b.x, b.y, why, path.cost,
                 (unsigned long long)cost, (unsigned long long)best);
    return true;
}

/* The shadows of units of sizes 2 and 3, both capabilities, with their
 * jump tables: after each of many random edits every shadow is, cell for
 * cell, the map the unit sees made afresh (walkable where it fits, at the
 * dearest cost under it), and A*, JPS scanning, JPS as the grid chooses
 * and JPS+ for the unit answer as the reference does on that map; a
 * search running on a shadow ends on an edit, and on the shadow freed. */
static void test_shadows_after_edits(void **state)
{
    (void)state;
    rng r = { 4343 };
    enum { W = 40, H = 32, EDITS = 50 };
    uint64_t *dist = malloc(W * H * sizeof *dist);
    astar_point points[W * H];
    assert_non_null(dist);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(W * H, &ctx), ASTAR_OK);
    int compared = 0, found = 0, by_jps = 0, by_table = 0, refused = 0, changed = 0,
        finished = 0;
    for (int trial = 0; trial < GRIDS / 10 + 1; trial++) { /* a rough grid at 2 */
        bool rough = trial % 3 == 2;
        unit_draw u = draw_unit(&r, trial, W, H, 5 + rng_below(&r, 20), rough, 1);
        astar_grid *g = u.g;
        astar_grid_delete(u.e);
        if (trial % 2)
            assert_int_equal(astar_grid_enable_sized_islands(g, 2, 0), ASTAR_OK);
        for (int k = 2; k <= 3; k++)
            for (size_t c = 0; c < 2; c++)
                assert_int_equal(astar_grid_enable_sized_shadow(g, k, c, true), ASTAR_OK);
        for (int edit = 0; edit <= EDITS; edit++) {
            for (int k = 2; k <= 3; k++)
                for (uint32_t c = 0; c < 2; c++) {
                    astar_grid *e = eroded_for(g, k, c);
                    const astar_grid *shadow = astar_grid_sized_shadow(g, k, c);
                    assert_non_null(shadow);
                    for (int y = 0; y < H; y++)
                        for (int x = 0; x < W; x++)
                            if (astar_grid_cost(shadow, x, y) != astar_grid_cost(e, x, y))
                                fail_msg("trial %d edit %d size %d cap %u (%d,%d): shadow %d, "
                                         "eroded afresh %d", trial, edit, k, c, x, y,
                                         astar_grid_cost(shadow, x, y), astar_grid_cost(e, x, y));
                    compared++;
                    astar_options o = octile_unit(u.o, k, c);
                    astar_point a = fitting_cell(&r, g, e), b = fitting_cell(&r, g, e);
                    found += expect_on_shadow(ctx, g, e, o, a, b, dist, points, W * H, "A*");
                    o.moves = ASTAR_MOVES_8;
                    o.algorithm = ASTAR_ALGORITHM_JPS;
                    o.jumps = ASTAR_JUMPS_SCAN;
                    by_jps += expect_on_shadow(ctx, g, e, o, a, b, dist, points, W * H,
                                               "JPS scanning");
                    o.jumps = ASTAR_JUMPS_AUTO;
                    expect_on_shadow(ctx, g, e, o, a, b, dist, points, W * H, "JPS");
                    o.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
                    o.jumps = ASTAR_JUMPS_SCAN;
                    by_table += expect_on_shadow(ctx, g, e, o, a, b, dist, points, W * H, "JPS+");
                    refused += !astar_grid_uniform(e);
                    astar_grid_delete(e);
                }
            random_edit(&r, g, rough);
        }
        /* A search on a shadow: any edit of the grid, and the shadow freed,
         * end it (the sanitized build sees it read no freed shadow). */
        astar_options o = u.o;
        o.world.unit_size = 2;
        o.world.capability = 0;
        o.moves = ASTAR_MOVES_8;
        o.algorithm = trial % 2 ? ASTAR_ALGORITHM_JPS : ASTAR_ALGORITHM_ASTAR;
        for (int i = 0; i < 20; i++) {
            astar_point a = random_cell(&r, g), b = random_cell(&r, g);
            if (astar_search_begin(ctx, g, a, b, &o) != ASTAR_IN_PROGRESS ||
                astar_search_step(ctx, 1) != ASTAR_IN_PROGRESS)
                continue;
            if (i % 2)
                astar_grid_disable_sized_shadow(g, 2, 0);
            else
                assert_int_equal(astar_grid_set_walkable(g, W - 1, H - 1,
                                                         !astar_grid_walkable(g, W - 1, H - 1)),
                                 ASTAR_OK);
            assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_MAP_CHANGED);
            changed++;
            assert_int_equal(astar_grid_enable_sized_shadow(g, 2, 0, false), ASTAR_OK);
            /* Asked to finish whatever is edited, it goes on over an edit
             * of a cell, but not over its shadow freed. */
            astar_options finish = o;
            finish.search.on_edit = ASTAR_ON_EDIT_FINISH;
            if (astar_search_begin(ctx, g, a, b, &finish) != ASTAR_IN_PROGRESS ||
                astar_search_step(ctx, 1) != ASTAR_IN_PROGRESS)
                continue;
            assert_int_equal(astar_grid_set_walkable(g, W - 1, 0, !astar_grid_walkable(g, W - 1, 0)),
                             ASTAR_OK);
            astar_status going = astar_search_step(ctx, 1);
            assert_int_not_equal(going, ASTAR_MAP_CHANGED);
            if (going != ASTAR_IN_PROGRESS)
                continue;
            astar_grid_disable_sized_shadow(g, 2, 0);
            assert_int_equal(astar_search_step(ctx, UINT32_MAX), ASTAR_MAP_CHANGED);
            assert_int_equal(astar_grid_enable_sized_shadow(g, 2, 0, false), ASTAR_OK);
            finished++;
        }
        astar_grid_delete(g);
    }
    if (found < compared / 6 || by_jps < compared / 12 || by_table < compared / 12 ||
        refused == 0 || changed < GRIDS / 20 || finished == 0)
        fail_msg("the draws reach too few outcomes: %d shadows compared, %d found by A*, %d by "
                 "JPS, %d by JPS+, %d refused JPS, %d searches ended by an edit, %d finishing "
                 "over one", compared, found, by_jps, by_table, refused, changed, finished);
    astar_context_delete(ctx);
    free(dist);
}

/* HPA* for a unit, built on its shadow (astar_hpa_new with the unit's
 * options): after each of many random edits of the grid, which the hpa
 * catches up with from the shadow's feed, each query's status is the
 * reference's on the map the unit sees, and each path it finds is legal
 * there at the cost it reports, no less than the least; a query for
 * another unit is refused. */
static void test_hpa_for_a_unit(void **state)
{
    (void)state;
    rng r = { 6262 };
    enum { W = 48, H = 40, EDITS = 30, QUERIES = 4 };
    uint64_t *dist = malloc(W * H * sizeof *dist);
    astar_point points[W * H];
    assert_non_null(dist);
    int found = 0, none = 0, blocked = 0;
    for (int trial = 0; trial < GRIDS / 20; trial++) {
        bool rough = trial % 2;
        unit_draw u = draw_unit(&r, trial, W, H, 5 + rng_below(&r, 20), rough, 1);
        astar_grid *g = u.g;
        astar_grid_delete(u.e);
        int k = 2 + trial % 2;
        uint32_t c = (uint32_t)(trial / 2 % 2);
        astar_options o = octile_unit(u.o, k, c);
        astar_hpa *hpa = NULL;
        assert_int_equal(astar_hpa_new(g, &o, 8, &hpa, NULL), ASTAR_UNSUPPORTED);
        assert_int_equal(astar_grid_enable_sized_shadow(g, k, c, false), ASTAR_OK);
        assert_int_equal(astar_hpa_new(g, &o, 8, &hpa, NULL), ASTAR_OK);
        for (int edit = 0; edit <= EDITS; edit++) {
            astar_grid *e = eroded_for(g, k, c);
            for (int q = 0; q < QUERIES; q++) {
                astar_point a = fitting_cell(&r, g, e), b = fitting_cell(&r, g, e);
                astar_route path = { .points = points, .capacity = W * H };
                astar_status s = astar_hpa_find_path(hpa, a, b, &o, &path);
                astar_status want = !astar_grid_walkable(e, a.x, a.y)   ? ASTAR_START_BLOCKED
                                    : !astar_grid_walkable(e, b.x, b.y) ? ASTAR_GOAL_BLOCKED
                                                                        : ASTAR_OK;
                uint64_t best = 0;
                if (want == ASTAR_OK) {
                    ref_least_costs(e, o.moves, o.costs, a, dist);
                    best = dist[b.y * W + b.x];
                    want = best == REF_UNREACHABLE ? ASTAR_NO_PATH : ASTAR_OK;
                }
                if (s != want)
                    fail_msg("trial %d edit %d size %d cap %u (%d,%d)->(%d,%d): %s, want %s",
                             trial, edit, k, c, a.x, a.y, b.x, b.y, astar_status_message(s),
                             astar_status_message(want));
                none += s == ASTAR_NO_PATH;
                blocked += s == ASTAR_START_BLOCKED || s == ASTAR_GOAL_BLOCKED;
                if (s != ASTAR_OK)
                    continue;
                uint64_t cost;
                char why[200] = "";
                if (!ref_path_valid(e, o.moves, o.costs, a, b, points, path.length, &cost, why,
                                    sizeof why) ||
                    cost != path.cost || cost < best)
                    fail_msg("trial %d edit %d size %d cap %u (%d,%d)->(%d,%d): %s cost %u "
                             "(steps %llu), least %llu", trial, edit, k, c, a.x, a.y, b.x, b.y,
                             why, path.cost, (unsigned long long)cost, (unsigned long long)best);
                found++;
            }
            astar_grid_delete(e);
            random_edit(&r, g, rough);
        }
        astar_options other = o;
        other.world.unit_size = k + 1;
        astar_route path = { .points = points, .capacity = W * H };
        assert_int_equal(astar_hpa_find_path(hpa, (astar_point){ 0, 0 }, (astar_point){ 1, 1 },
                                             &other, &path),
                         ASTAR_UNSUPPORTED);
        astar_hpa_delete(hpa);
        astar_grid_delete(g);
    }
    if (found < GRIDS || none == 0 || blocked == 0)
        fail_msg("the draws reach too few outcomes: %d found, %d with no path, %d blocked", found,
                 none, blocked);
    free(dist);
}

static void test_refused(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(10, 10, &g), ASTAR_OK);
    assert_int_equal(astar_context_new(100, &ctx), ASTAR_OK);
    astar_options o = astar_options_default();
    o.world.unit_size = 2;
    astar_route path = { 0 };
    astar_point a = { 0, 0 }, b = { 8, 8 };
    /* No clearance yet. */
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_NO_CLEARANCE);
    assert_int_equal(astar_grid_enable_clearance(g, NULL, 0), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_OK);
    assert_int_equal(path.length, 9);
    /* A capability the grid was not given. */
    o.world.capability = 1;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_NO_CLEARANCE);
    o.world.capability = 0;
    /* The unit does not fit at the goal: its cells would leave the grid. */
    b = (astar_point){ 9, 9 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_GOAL_BLOCKED);
    b = (astar_point){ 8, 8 };
    /* JPS steps with 8 moves; not yet served: JPS+, the game world, hexes;
     * out of range. */
    o.algorithm = ASTAR_ALGORITHM_JPS;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_OK);
    o.moves = ASTAR_MOVES_4;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
    o.moves = ASTAR_MOVES_8;
    o.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
    /* With the unit's shadow JPS+ reads the shadow's jump table. */
    assert_int_equal(astar_grid_enable_sized_shadow(NULL, 2, 0, true), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_enable_sized_shadow(g, 0, 0, true), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_enable_sized_shadow(g, ASTAR_MAX_UNIT_SIZE + 1, 0, true),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_enable_sized_shadow(g, 2, ASTAR_MAX_CAPABILITIES + 1, true),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_enable_sized_shadow(g, 2, 1, true), ASTAR_NO_CLEARANCE);
    assert_null(astar_grid_sized_shadow(g, 2, 0));
    assert_int_equal(astar_grid_enable_sized_shadow(g, 2, 0, false), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_NO_JUMP_TABLE);
    assert_int_equal(astar_grid_enable_sized_shadow(g, 2, 0, true), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_OK);
    assert_int_equal(path.length, 9);
    o.moves = ASTAR_MOVES_4;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
    o.moves = ASTAR_MOVES_8;
    b = (astar_point){ 9, 9 };
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_GOAL_BLOCKED);
    b = (astar_point){ 8, 8 };
    astar_grid_disable_sized_shadow(g, 2, 0);
    astar_grid_disable_sized_shadow(g, 2, 0);
    astar_grid_disable_sized_shadow(NULL, 2, 0);
    assert_null(astar_grid_sized_shadow(g, 2, 0));
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
    o.algorithm = ASTAR_ALGORITHM_ASTAR;
    o.world.turn_penalty = 5;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
    o.world.turn_penalty = 0;
    o.world.unit_size = ASTAR_MAX_UNIT_SIZE + 1;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_INVALID_ARGUMENT);
    o.world.unit_size = 2;
    o.world.capability = ASTAR_MAX_CAPABILITIES + 1;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_INVALID_ARGUMENT);
    o.world.capability = 0;
    /* The calls after a search: without the clearance they read, or with
     * the game world the search refuses, they say so. */
    astar_point line[2] = { a, { 1, 1 } };
    astar_path_measure measure;
    astar_point cells[32];
    astar_route straight = { .points = cells, .capacity = 32 };
    o.world.capability = 1;
    assert_int_equal(astar_path_check(g, &o, a, line[1], line, 2, &measure, NULL),
                     ASTAR_NO_CLEARANCE);
    assert_false(astar_line_of_sight(g, &o, a, b));
    assert_int_equal(astar_path_straighten(g, &o, line, 2, &straight), ASTAR_NO_CLEARANCE);
    assert_int_equal(astar_path_smooth(g, &o, line, 2, &straight), ASTAR_NO_CLEARANCE);
    o.world.capability = 0;
    assert_int_equal(astar_path_check(g, &o, a, line[1], line, 2, &measure, NULL), ASTAR_OK);
    assert_true(astar_line_of_sight(g, &o, a, b));
    o.world.turn_penalty = 1;
    assert_int_equal(astar_path_check(g, &o, a, line[1], line, 2, &measure, NULL),
                     ASTAR_UNSUPPORTED);
    o.world.turn_penalty = 0;
    size_t which;
    o.world.turn_penalty = 1;
    assert_int_equal(astar_find_nearest(ctx, g, a, &b, 1, &o, &path, &which), ASTAR_UNSUPPORTED);
    o.world.turn_penalty = 0;
    astar_cpd *cpd = NULL;
    assert_int_equal(astar_cpd_new(g, &o, ASTAR_CPD_ORDER_DFS, 1, &cpd), ASTAR_UNSUPPORTED);
    astar_hpa *hpa = NULL;
    assert_int_equal(astar_hpa_new(g, &o, 8, &hpa, NULL), ASTAR_UNSUPPORTED);
    assert_int_equal(astar_grid_set_topology(g, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
    /* A shadow is a grid of squares, but the unit is on hexes: refused. */
    assert_int_equal(astar_grid_enable_sized_shadow(g, 2, 0, true), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
    o.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_UNSUPPORTED);
    o.algorithm = ASTAR_ALGORITHM_ASTAR;
    assert_int_equal(astar_hpa_new(g, &o, 8, &hpa, NULL), ASTAR_UNSUPPORTED);
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

/* Up to most units of sizes 1 to 3 and capability 0 or 1 added at random
 * anchors of g, each refused exactly where the brute-force rule says
 * (util/footprints.h): ASTAR_UNIT_DOES_NOT_FIT where its footprint does
 * not fit, else ASTAR_UNIT_OVERLAP where it overlaps one already in. The
 * units placed: their records, ids and capabilities. Counts refusals. */
static int place_units(rng *r, const astar_grid *g, astar_units *units, int most, ref_unit *ru,
                       uint32_t *id, uint32_t *capability, int *overlaps, int *misfits)
{
    int n = 0, tries = 3 + rng_below(r, 3 * most);
    for (int t = 0; t < tries && n < most; t++) {
        astar_point a = random_cell(r, g);
        int k = 1 + rng_below(r, 3);
        uint32_t c = (uint32_t)rng_below(r, 2);
        bool allowed[256];
        allowed_by(c, allowed);
        bool overlap = false;
        for (int i = 0; i < n; i++)
            overlap = overlap || ref_footprints_overlap(a, k, ru[i].at, ru[i].size);
        astar_status want = ref_clearance(g, allowed, k, a.x, a.y) < k ? ASTAR_UNIT_DOES_NOT_FIT
                            : overlap                                 ? ASTAR_UNIT_OVERLAP
                                                                      : ASTAR_OK;
        astar_status got = astar_units_add_sized(units, g, a.x, a.y, k, c, &id[n]);
        if (got != want)
            fail_msg("size %d capability %u at (%d,%d): %s, expected %s", k, c, a.x, a.y,
                     astar_status_message(got), astar_status_message(want));
        *overlaps += want == ASTAR_UNIT_OVERLAP;
        *misfits += want == ASTAR_UNIT_DOES_NOT_FIT;
        if (got == ASTAR_OK) {
            ru[n] = (ref_unit){ .at = a, .size = k };
            capability[n++] = c;
        }
    }
    return n;
}

/* Half the units move: a path of 2 to 6 anchors on the map from where
 * each stands, all claimed. */
static void give_paths(rng *r, const astar_grid *g, astar_units *units, ref_unit *ru,
                       const uint32_t *id, int n)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    for (int i = 0; i < n; i++) {
        if (rng_below(r, 2))
            continue;
        int k = ru[i].size, count = 2 + rng_below(r, 5);
        ru[i].claim[0] = ru[i].at;
        for (int c = 1; c < count; c++) {
            int x = rng_below(r, w - k + 1);
            ru[i].claim[c] = (astar_point){ x, rng_below(r, h - k + 1) };
        }
        ru[i].claim_count = count;
        assert_int_equal(astar_units_set_path(units, id[i], ru[i].claim, (size_t)count),
                         ASTAR_OK);
    }
}

static void test_among_other_units(void **state)
{
    (void)state;
    enum { MOST = 10, SIDE = 26 };
    rng r = { 4343 };
    astar_point points[4096];
    uint64_t *dist = malloc(SIDE * SIDE * sizeof *dist);
    uint64_t *extra = malloc(SIDE * SIDE * sizeof *extra);
    bool *avoid = malloc(SIDE * SIDE * sizeof *avoid);
    assert_true(dist && extra && avoid);
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(SIDE * SIDE, &ctx), ASTAR_OK);
    int found = 0, none = 0, occupied = 0, blocked = 0, priced = 0, sized = 0;
    int overlaps = 0, misfits = 0;
    for (int trial = 0; trial < GRIDS; trial++) {
        int w = 6 + rng_below(&r, SIDE - 5), h = 6 + rng_below(&r, SIDE - 5);
        grid_recipe recipe = { rng_below(&r, 20), trial % 2 ? 40 : 0, 100, 1, 6 };
        astar_grid *g = random_grid(&r, w, h, recipe);
        enable_dry_clearance(g);
        astar_units *units = NULL;
        assert_int_equal(astar_units_new(w, h, MOST, &units), ASTAR_OK);
        ref_unit ru[MOST];
        uint32_t id[MOST], capability[MOST];
        int n = place_units(&r, g, units, MOST, ru, id, capability, &overlaps, &misfits);
        give_paths(&r, g, units, ru, id, n);
        for (int me = 0; me < n; me++) {
            astar_options o = astar_options_default();
            o.moves = (astar_moves)rng_below(&r, 3);
            o.costs = (astar_costs)rng_below(&r, 2);
            o.heuristic = ASTAR_HEURISTIC_OCTILE;
            o.world.unit_size = ru[me].size;
            o.world.capability = capability[me];
            o.world.units = units;
            o.world.unit = id[me];
            o.world.unit_radius = rng_below(&r, 8);
            o.world.unit_penalty = (uint32_t)rng_below(&r, 4);
            bool allowed[256];
            allowed_by(capability[me], allowed);
            astar_grid *e = ref_eroded(g, allowed, ru[me].size);
            astar_point a = ru[me].at, b = random_cell(&r, g);
            size_t goal = (size_t)b.y * (size_t)w + (size_t)b.x;
            ref_unit_obstacles(w, h, ru, n, me, o.world.unit_radius, o.world.unit_penalty, avoid,
                               extra);
            astar_route path = { .points = points, .capacity = 4096 };
            astar_status s = astar_find_path(ctx, g, a, b, &o, &path);
            astar_status want = ASTAR_OK;
            uint64_t best = 0;
            if (!astar_grid_walkable(e, b.x, b.y)) {
                want = ASTAR_GOAL_BLOCKED;
                blocked++;
            } else if ((a.x != b.x || a.y != b.y) && avoid[goal]) {
                want = ASTAR_GOAL_OCCUPIED;
                occupied++;
            } else {
                /* The map the unit sees, its anchors priced by the paths
                 * its footprint would cross. */
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++) {
                        uint64_t more = extra[(size_t)y * (size_t)w + (size_t)x];
                        if (more > 0 && astar_grid_walkable(e, x, y)) {
                            uint64_t cost = (uint64_t)astar_grid_cost(e, x, y) + more;
                            assert_true(cost <= 255);
                            assert_int_equal(astar_grid_set_cost(e, x, y, (int)cost), ASTAR_OK);
                            priced++;
                        }
                    }
                ref_least_costs_avoiding(e, avoid, o.moves, o.costs, a, dist);
                best = dist[goal];
                want = best == REF_UNREACHABLE ? ASTAR_NO_PATH : ASTAR_OK;
                none += want == ASTAR_NO_PATH;
            }
            if (s != want || (s == ASTAR_OK && path.cost != best))
                fail_msg("trial %d unit %d of size %d (%d,%d)->(%d,%d): %s cost %u, expected "
                         "%s cost %llu",
                         trial, me, ru[me].size, a.x, a.y, b.x, b.y, astar_status_message(s),
                         path.cost, astar_status_message(want), (unsigned long long)best);
            if (s == ASTAR_OK) {
                /* The path steps between anchors it may enter, and the
                 * check sums the same cost. */
                char why[200];
                uint64_t cost;
                for (size_t i = 1; i < path.length; i++)
                    assert_false(avoid[(size_t)points[i].y * (size_t)w + (size_t)points[i].x]);
                if (!ref_path_valid(e, o.moves, o.costs, a, b, points, path.length, &cost, why,
                                    sizeof why) ||
                    cost != best)
                    fail_msg("trial %d unit %d: %s", trial, me, why);
                astar_path_measure m;
                assert_int_equal(astar_path_check(g, &o, a, b, points, path.length, &m, NULL),
                                 ASTAR_OK);
                assert_int_equal(m.cost, best);
                found++;
                sized += ru[me].size > 1;
            }
            astar_grid_delete(e);
        }
        astar_units_delete(units);
        astar_grid_delete(g);
    }
    if (found < GRIDS || sized < GRIDS / 2 || none == 0 || occupied < GRIDS / 8 ||
        blocked == 0 || priced == 0 || overlaps < GRIDS / 2 || misfits < GRIDS / 4)
        fail_msg("the draws reach too few outcomes: %d found (%d sized), %d with no path, %d "
                 "occupied, %d blocked, %d priced anchors, %d overlaps, %d misfits refused",
                 found, sized, none, occupied, blocked, priced, overlaps, misfits);
    astar_context_delete(ctx);
    free(avoid);
    free(extra);
    free(dist);
}

/* Whether any two units' footprints overlap where they stand now. */
static bool any_overlap(const astar_units *units, const uint32_t *id, const int *size, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            astar_point a, b;
            assert_int_equal(astar_units_position(units, id[i], &a), ASTAR_OK);
            assert_int_equal(astar_units_position(units, id[j], &b), ASTAR_OK);
            if (ref_footprints_overlap(a, size[i], b, size[j]))
                return true;
        }
    return false;
}

/* Units of sizes 1 to 3 walking to their goals, a step a tick as
 * astar_units_check_step advises, searching again when told to (or after
 * waiting long): a step it lets go is never refused, and no two
 * footprints ever overlap. */
static void test_walks_never_overlap(void **state)
{
    (void)state;
    enum { MOST = 8, SIDE = 20, TICKS = 150 };
    rng r = { 8080 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(SIDE * SIDE, &ctx), ASTAR_OK);
    int steps = 0, waits = 0, repaths = 0, arrived = 0;
    for (int trial = 0; trial < GRIDS / 4; trial++) {
        grid_recipe recipe = { 8, 0, 0, 1, 1 };
        astar_grid *g = random_grid(&r, SIDE, SIDE, recipe);
        assert_int_equal(astar_grid_enable_clearance(g, NULL, 0), ASTAR_OK);
        astar_units *units = NULL;
        assert_int_equal(astar_units_new(SIDE, SIDE, MOST, &units), ASTAR_OK);
        uint32_t id[MOST];
        int size[MOST], n = 0, at_step[MOST], waited[MOST];
        astar_point goal[MOST], route[MOST][SIDE * SIDE];
        size_t length[MOST];
        for (int t = 0; t < 40 && n < MOST; t++) {
            astar_point a = random_cell(&r, g);
            size[n] = 1 + rng_below(&r, 3);
            if (astar_units_add_sized(units, g, a.x, a.y, size[n], 0, &id[n]) != ASTAR_OK)
                continue;
            for (int tries = 0; tries < 50; tries++) {
                goal[n] = random_cell(&r, g);
                if (astar_grid_clearance(g, 0, goal[n].x, goal[n].y) >= size[n])
                    break;
            }
            length[n] = 0;
            at_step[n] = waited[n] = 0;
            n++;
        }
        bool going[MOST];
        for (int i = 0; i < n; i++)
            going[i] = true;
        for (int tick = 0; tick < TICKS; tick++)
            for (int i = 0; i < n; i++) {
                if (!going[i])
                    continue;
                if ((size_t)at_step[i] + 1 >= length[i]) {
                    astar_point at;
                    assert_int_equal(astar_units_position(units, id[i], &at), ASTAR_OK);
                    astar_options o = astar_options_default();
                    o.world.unit_size = size[i];
                    o.world.units = units;
                    o.world.unit = id[i];
                    o.world.unit_radius = 4;
                    o.world.unit_penalty = 2;
                    astar_route path = { .points = route[i], .capacity = SIDE * SIDE };
                    if (astar_find_path(ctx, g, at, goal[i], &o, &path) != ASTAR_OK ||
                        path.length < 2) {
                        going[i] = false;
                        continue;
                    }
                    assert_int_equal(astar_units_set_path(units, id[i], route[i], path.length),
                                     ASTAR_OK);
                    length[i] = path.length;
                    at_step[i] = waited[i] = 0;
                }
                astar_point next = route[i][at_step[i] + 1];
                astar_step advice;
                assert_int_equal(astar_units_check_step(units, id[i], next, &advice), ASTAR_OK);
                if (advice == ASTAR_STEP_GO) {
                    assert_int_equal(astar_units_move_on(units, g, id[i], next.x, next.y),
                                     ASTAR_OK);
                    steps++;
                    waited[i] = 0;
                    if ((size_t)++at_step[i] + 1 == length[i]) {
                        assert_false(astar_units_moving(units, id[i]));
                        going[i] = false;
                        arrived++;
                    }
                } else if (advice == ASTAR_STEP_WAIT && ++waited[i] < 5) {
                    waits++;
                } else {
                    assert_int_equal(astar_units_stop(units, id[i]), ASTAR_OK);
                    length[i] = 0;
                    repaths++;
                }
                assert_false(any_overlap(units, id, size, n));
            }
        /* A move onto another's anchor is refused (its footprint off the
         * map first), nobody moved. */
        for (int i = 0; i + 1 < n; i++) {
            astar_point before, there, after;
            assert_int_equal(astar_units_position(units, id[i], &before), ASTAR_OK);
            assert_int_equal(astar_units_position(units, id[i + 1], &there), ASTAR_OK);
            bool off = there.x > SIDE - size[i] || there.y > SIDE - size[i];
            assert_int_equal(astar_units_move(units, id[i], there.x, there.y),
                             off ? ASTAR_UNIT_DOES_NOT_FIT : ASTAR_UNIT_OVERLAP);
            assert_int_equal(astar_units_position(units, id[i], &after), ASTAR_OK);
            assert_true(after.x == before.x && after.y == before.y);
        }
        astar_units_delete(units);
        astar_grid_delete(g);
    }
    if (steps < 200 || arrived < GRIDS / 4 || repaths + waits == 0)
        fail_msg("too little walking: %d steps, %d waits, %d new paths, %d arrived", steps,
                 waits, repaths, arrived);
    astar_context_delete(ctx);
}

/* Footprints by hand: what overlaps, what does not fit, legacy units of
 * one cell sharing a cell, and the searches that refuse units of a size. */
static void test_footprints_by_hand(void **state)
{
    (void)state;
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(8, 8, &g), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(g, 3, 0, false), ASTAR_OK);
    astar_units *units = NULL;
    assert_int_equal(astar_units_new(8, 8, 16, &units), ASTAR_OK);
    uint32_t big, small, one, two, id;
    /* No clearance yet: a unit of a size cannot be checked against it. */
    assert_int_equal(astar_units_add_sized(units, g, 0, 0, 2, 0, &big), ASTAR_NO_CLEARANCE);
    assert_int_equal(astar_grid_enable_clearance(g, NULL, 0), ASTAR_OK);
    assert_int_equal(astar_units_add_sized(units, g, 0, 0, 2, 0, &big), ASTAR_OK);
    assert_int_equal(astar_units_add(units, 1, 1, &id), ASTAR_UNIT_OVERLAP);
    assert_int_equal(astar_units_add_sized(units, g, 2, 2, 1, 0, &small), ASTAR_OK);
    assert_int_equal(astar_units_add_sized(units, g, 1, 1, 2, 0, &id), ASTAR_UNIT_OVERLAP);
    assert_int_equal(astar_units_add_sized(units, g, 2, 0, 2, 0, &id), ASTAR_UNIT_DOES_NOT_FIT);
    assert_int_equal(astar_units_add_sized(units, g, 6, 6, 3, 0, &id), ASTAR_UNIT_DOES_NOT_FIT);
    assert_int_equal(astar_units_add_sized(units, g, 0, 0, 0, 0, &id), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_add_sized(units, g, 0, 0, 2, 1, &id), ASTAR_NO_CLEARANCE);
    /* Units of one cell added without a size share as they always did. */
    assert_int_equal(astar_units_add(units, 5, 5, &one), ASTAR_OK);
    assert_int_equal(astar_units_add(units, 5, 5, &two), ASTAR_OK);
    assert_int_equal(astar_units_add_sized(units, g, 5, 5, 1, 0, &id), ASTAR_UNIT_OVERLAP);
    assert_int_equal(astar_units_move(units, big, 4, 4), ASTAR_UNIT_OVERLAP);
    assert_int_equal(astar_units_move_on(units, g, big, 2, 0), ASTAR_UNIT_DOES_NOT_FIT);
    assert_int_equal(astar_units_move(units, big, 4, 0), ASTAR_OK);
    assert_int_equal(astar_units_move(units, big, 7, 0), ASTAR_UNIT_DOES_NOT_FIT);
    astar_point off[2] = { { 4, 0 }, { 7, 7 } };
    assert_int_equal(astar_units_set_path(units, big, off, 2), ASTAR_INVALID_ARGUMENT);
    /* A search of one cell now meets the big unit's footprint, not only
     * its anchor: (5, 1) is under it. */
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(64, &ctx), ASTAR_OK);
    astar_point points[64];
    astar_route path = { .points = points, .capacity = 64 };
    astar_options o = astar_options_default();
    o.world.units = units;
    o.world.unit = small;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 2, 2 }, (astar_point){ 5, 1 }, &o,
                                     &path),
                     ASTAR_GOAL_OCCUPIED);
    /* The searcher must be of the size its options ask for. */
    o.world.unit_size = 2;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 2, 2 }, (astar_point){ 0, 4 }, &o,
                                     &path),
                     ASTAR_INVALID_ARGUMENT);
    o.world.unit = big;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 4, 0 }, (astar_point){ 0, 4 }, &o,
                                     &path),
                     ASTAR_OK);
    /* JPS among other units, for a unit of a size, even with its shadow. */
    assert_int_equal(astar_grid_enable_sized_shadow(g, 2, 0, false), ASTAR_OK);
    o.algorithm = ASTAR_ALGORITHM_JPS;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 4, 0 }, (astar_point){ 0, 4 }, &o,
                                     &path),
                     ASTAR_UNSUPPORTED);
    o.algorithm = ASTAR_ALGORITHM_ASTAR;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 4, 0 }, (astar_point){ 0, 4 }, &o,
                                     &path),
                     ASTAR_OK);
    /* Footprints are squares of squares: on hexes, units of one cell only. */
    assert_int_equal(astar_grid_set_topology(g, ASTAR_TOPOLOGY_HEX_ODD_R), ASTAR_OK);
    o = astar_options_default();
    o.world.units = units;
    o.world.unit = small;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 2, 2 }, (astar_point){ 2, 4 }, &o,
                                     &path),
                     ASTAR_UNSUPPORTED);
    astar_context_delete(ctx);
    astar_units_delete(units);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_the_eroded_map),
        cmocka_unit_test(test_nearest_and_distance_maps),
        cmocka_unit_test(test_after_the_search),
        cmocka_unit_test(test_islands_per_size),
        cmocka_unit_test(test_shadows_after_edits),
        cmocka_unit_test(test_hpa_for_a_unit),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_among_other_units),
        cmocka_unit_test(test_walks_never_overlap),
        cmocka_unit_test(test_footprints_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
