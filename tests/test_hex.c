/*
 * test_hex.c - Hex grids (astar_grid_set_topology, astar/hex.h): each
 * layout's neighbours and coordinates against the definitions written out
 * here from axial coordinates; A*, nearest targets, distance maps and
 * islands against a reference Dijkstra over those neighbours on random hex
 * maps with terrain and a cost layer; the straight-line tie rule measured
 * on open ground; and what a hex grid refuses.
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
#include "util/grids.h"
#include "util/random.h"
#include "util/reference.h"

static const astar_topology LAYOUTS[4] = { ASTAR_TOPOLOGY_HEX_ODD_R, ASTAR_TOPOLOGY_HEX_EVEN_R,
                                           ASTAR_TOPOLOGY_HEX_ODD_Q, ASTAR_TOPOLOGY_HEX_EVEN_Q };

/* ------------------------------------------------------------------------ */
/* Neighbours and coordinates                                               */
/* ------------------------------------------------------------------------ */

/* Every layout, every cell of a window that takes in negative coordinates:
 * the library's six neighbours are the definition's, each at distance 1,
 * all different, and the relation is symmetric; offset -> axial -> offset
 * and axial -> offset -> axial are the identity; the distance is the cube
 * distance. */
static void test_neighbours_and_coordinates(void **state)
{
    (void)state;
    size_t cells = 0;
    for (int l = 0; l < 4; l++) {
        astar_topology t = LAYOUTS[l];
        for (int y = -9; y <= 9; y++)
            for (int x = -9; x <= 9; x++) {
                astar_point p = { x, y }, got[6], want[6];
                assert_int_equal(astar_hex_neighbours(t, p, got), ASTAR_OK);
                ref_hex_neighbours(t, x, y, want);
                for (int i = 0; i < 6; i++) {
                    assert_true(ref_point_in(want, 6, got[i]));
                    assert_false(ref_point_in(got, i, got[i]));
                    uint32_t d;
                    assert_int_equal(astar_hex_distance(t, p, got[i], &d), ASTAR_OK);
                    assert_int_equal(d, 1);
                    astar_point back[6];
                    assert_int_equal(astar_hex_neighbours(t, got[i], back), ASTAR_OK);
                    assert_true(ref_point_in(back, 6, p));
                }
                astar_hex h;
                assert_int_equal(astar_hex_from_offset(t, p, &h), ASTAR_OK);
                int q, r;
                ref_hex_axial(t, x, y, &q, &r);
                assert_int_equal(h.q, q);
                assert_int_equal(h.r, r);
                astar_point o;
                assert_int_equal(astar_hex_to_offset(t, h, &o), ASTAR_OK);
                assert_int_equal(o.x, x);
                assert_int_equal(o.y, y);
                assert_int_equal(astar_hex_to_offset(t, (astar_hex){ x, y }, &o), ASTAR_OK);
                assert_int_equal(astar_hex_from_offset(t, o, &h), ASTAR_OK);
                assert_int_equal(h.q, x);
                assert_int_equal(h.r, y);
                astar_point far = { 7 - y, x / 2 - 4 };
                uint32_t d;
                assert_int_equal(astar_hex_distance(t, p, far, &d), ASTAR_OK);
                assert_int_equal(d, ref_hex_distance(t, p, far));
                cells++;
            }
    }
    print_message("hex: %zu cells' neighbours, coordinates and distances on 4 layouts\n", cells);
    astar_hex h;
    astar_point o, six[6];
    uint32_t d;
    assert_int_equal(astar_hex_from_offset(ASTAR_TOPOLOGY_SQUARE, (astar_point){ 0, 0 }, &h),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hex_to_offset((astar_topology)9, (astar_hex){ 0, 0 }, &o),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hex_from_offset(LAYOUTS[0], (astar_point){ INT32_MAX, 0 }, &h),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hex_distance(LAYOUTS[1], (astar_point){ 0, 0 }, (astar_point){ 1, 1 },
                                        NULL),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hex_neighbours(LAYOUTS[2], (astar_point){ 0, INT32_MIN }, six),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_hex_distance(LAYOUTS[3], (astar_point){ -(1 << 30), 0 },
                                        (astar_point){ 1 << 30, 0 }, &d),
                     ASTAR_OK);
    assert_int_equal(d, 1u << 31);
}

/* ------------------------------------------------------------------------ */
/* Searches against a reference Dijkstra                                    */
/* ------------------------------------------------------------------------ */

enum { MAX_SIDE = 24, MAX_CELLS = MAX_SIDE * MAX_SIDE };

/* Least costs by a plain O(V^2) Dijkstra over the definition's
 * neighbours. Forwards (to_sources false): from the one source to every
 * cell, each step costing straight times (terrain + layer value) of the
 * hex entered. Backwards: from every cell to its nearest source, the same
 * steps walked the other way, so that the step out of a cell is priced by
 * the cell it leads to. */
static void reference_search(const astar_grid *g, astar_topology t, const int *layer,
                             uint64_t straight, const astar_point *sources, int count,
                             bool to_sources, uint64_t *dist)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    bool done[MAX_CELLS] = { false };
    for (int i = 0; i < w * h; i++)
        dist[i] = UINT64_MAX;
    for (int i = 0; i < count; i++)
        if (astar_grid_walkable(g, sources[i].x, sources[i].y))
            dist[sources[i].y * w + sources[i].x] = 0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < w * h; i++)
            if (!done[i] && dist[i] != UINT64_MAX && (best < 0 || dist[i] < dist[best]))
                best = i;
        if (best < 0)
            return;
        done[best] = true;
        astar_point n[6];
        ref_hex_neighbours(t, best % w, best / w, n);
        for (int i = 0; i < 6; i++) {
            if (!astar_grid_walkable(g, n[i].x, n[i].y))
                continue;
            int j = n[i].y * w + n[i].x, entered = to_sources ? best : j;
            uint64_t step = straight * (uint64_t)(astar_grid_cost(g, entered % w, entered / w) +
                                                  (layer ? layer[entered] : 0));
            if (dist[best] + step < dist[j])
                dist[j] = dist[best] + step;
        }
    }
}

static void reference_costs(const astar_grid *g, astar_topology t, const int *layer,
                            uint64_t straight, astar_point from, uint64_t *dist)
{
    reference_search(g, t, layer, straight, &from, 1, false, dist);
}

/* The cost of walking points, with every step checked adjacent by the
 * definition and walkable. */
static uint64_t walk_cost(const astar_grid *g, astar_topology t, const int *layer,
                          uint64_t straight, const astar_point *points, size_t length)
{
    uint64_t cost = 0;
    int w = astar_grid_width(g);
    for (size_t i = 1; i < length; i++) {
        assert_true(ref_hex_adjacent(t, points[i - 1], points[i]));
        assert_true(astar_grid_walkable(g, points[i].x, points[i].y));
        cost += straight * (uint64_t)(astar_grid_cost(g, points[i].x, points[i].y) +
                                      (layer ? layer[points[i].y * w + points[i].x] : 0));
    }
    return cost;
}

typedef struct hex_case {
    astar_grid *grid;
    astar_topology topology;
    astar_layer *layer;
    int values[MAX_CELLS];
} hex_case;

static void random_case(rng *r, hex_case *c, bool with_layer)
{
    int w = 2 + rng_below(r, MAX_SIDE - 1), h = 2 + rng_below(r, MAX_SIDE - 1);
    grid_recipe recipe = { .blocked_percent = rng_below(r, 40), .rough_chance = 1,
                           .rough_out_of = 3, .min_cost = 1, .max_cost = 9 };
    c->grid = random_grid(r, w, h, recipe);
    c->topology = LAYOUTS[rng_below(r, 4)];
    assert_int_equal(astar_grid_set_topology(c->grid, c->topology), ASTAR_OK);
    assert_int_equal(astar_grid_topology(c->grid), c->topology);
    c->layer = NULL;
    memset(c->values, 0, sizeof c->values);
    if (with_layer) {
        assert_int_equal(astar_layer_new(w, h, &c->layer), ASTAR_OK);
        for (int i = 0; i < w * h; i++) {
            c->values[i] = rng_below(r, 3) ? 0 : rng_below(r, 6);
            assert_int_equal(astar_layer_set(c->layer, i % w, i / w, c->values[i]), ASTAR_OK);
        }
    }
}

static void free_case(hex_case *c)
{
    astar_layer_delete(c->layer);
    astar_grid_delete(c->grid);
}

/* A* on random hex maps: every open list, every tie rule, both cost
 * models, every heuristic (each means hex distance there), with and
 * without a layer and islands: the reference's least cost, a path whose
 * steps are the definition's neighbours and whose cost is the reported
 * one, astar_path_check agreeing; NO_PATH exactly when the reference
 * reaches nothing. */
static void test_astar_matches_reference(void **state)
{
    (void)state;
    rng r = { 71 };
    astar_context *ctx;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    static uint64_t dist[MAX_CELLS];
    astar_point points[MAX_CELLS];
    size_t queries = 0, found = 0;
    for (int trial = 0; trial < 1500; trial++) {
        hex_case c;
        random_case(&r, &c, trial % 3 == 0);
        if (trial % 2)
            assert_int_equal(astar_grid_enable_islands(c.grid), ASTAR_OK);
        astar_options o = astar_options_default();
        o.search.open_list = (astar_open_list)rng_below(&r, 4);
        o.search.ties = (astar_ties)rng_below(&r, 4);
        o.costs = (astar_costs)rng_below(&r, 2);
        o.heuristic = (astar_heuristic)rng_below(&r, 5);
        o.moves = (astar_moves)rng_below(&r, 3); /* not used on hexes */
        astar_layer_use use = { c.layer, 1.0 };
        if (c.layer) {
            o.world.layers = &use;
            o.world.layer_count = 1;
        }
        uint64_t straight = o.costs == ASTAR_COSTS_OCTILE ? ASTAR_OCTILE_STRAIGHT : 10;
        for (int q = 0; q < 8; q++) {
            astar_point s = random_cell(&r, c.grid), g = random_cell(&r, c.grid);
            if (!astar_grid_walkable(c.grid, s.x, s.y) || !astar_grid_walkable(c.grid, g.x, g.y))
                continue;
            reference_costs(c.grid, c.topology, c.layer ? c.values : NULL, straight, s, dist);
            uint64_t want = dist[g.y * astar_grid_width(c.grid) + g.x];
            astar_route path = { .points = points, .capacity = MAX_CELLS };
            astar_status st = astar_find_path(ctx, c.grid, s, g, &o, &path);
            queries++;
            if (want == UINT64_MAX) {
                assert_int_equal(st, ASTAR_NO_PATH);
                continue;
            }
            assert_int_equal(st, ASTAR_OK);
            assert_int_equal(path.cost, want);
            assert_int_equal(walk_cost(c.grid, c.topology, c.layer ? c.values : NULL, straight,
                                       points, path.length),
                             want);
            astar_path_measure m;
            assert_int_equal(astar_path_check(c.grid, &o, s, g, points, path.length, &m, NULL),
                             ASTAR_OK);
            assert_int_equal(m.cost, want);
            assert_int_equal(m.diagonal, 0);
            found++;
        }
        free_case(&c);
    }
    astar_context_delete(ctx);
    print_message("hex A* = reference Dijkstra: %zu queries, %zu paths\n", queries, found);
    assert_true(found > 1000);
}

/* Other units on hexes: stopped units block their cells for the search
 * (the searcher's own does not), so A* finds the reference's least cost
 * on a copy of the map with those cells blocked, and a goal under a unit
 * is ASTAR_GOAL_OCCUPIED. */
static void test_units_on_hexes(void **state)
{
    (void)state;
    rng r = { 75 };
    astar_context *ctx;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    static uint64_t dist[MAX_CELLS];
    astar_point points[MAX_CELLS];
    size_t found = 0, blocked_goals = 0;
    for (int trial = 0; trial < 300; trial++) {
        hex_case c;
        random_case(&r, &c, false);
        int w = astar_grid_width(c.grid), h = astar_grid_height(c.grid);
        astar_point s = random_cell(&r, c.grid), g = random_cell(&r, c.grid);
        if (!astar_grid_walkable(c.grid, s.x, s.y) || !astar_grid_walkable(c.grid, g.x, g.y)) {
            free_case(&c);
            continue;
        }
        astar_units *units;
        assert_int_equal(astar_units_new(w, h, 8, &units), ASTAR_OK);
        uint32_t me;
        assert_int_equal(astar_units_add(units, s.x, s.y, &me), ASTAR_OK);
        astar_grid *walls;
        assert_int_equal(astar_grid_new(w, h, &walls), ASTAR_OK);
        assert_int_equal(astar_grid_set_topology(walls, c.topology), ASTAR_OK);
        for (int i = 0; i < w * h; i++) {
            int cost = astar_grid_cost(c.grid, i % w, i / w);
            assert_int_equal(cost ? astar_grid_set_cost(walls, i % w, i / w, cost)
                                  : astar_grid_set_walkable(walls, i % w, i / w, false),
                             ASTAR_OK);
        }
        bool goal_taken = false;
        for (int k = 0; k < 4; k++) {
            astar_point u = random_cell(&r, c.grid);
            if (!astar_grid_walkable(c.grid, u.x, u.y) || (u.x == s.x && u.y == s.y))
                continue;
            uint32_t id;
            assert_int_equal(astar_units_add(units, u.x, u.y, &id), ASTAR_OK);
            assert_int_equal(astar_grid_set_walkable(walls, u.x, u.y, false), ASTAR_OK);
            goal_taken |= u.x == g.x && u.y == g.y;
        }
        astar_options o = astar_options_default();
        o.world.units = units;
        o.world.unit = me;
        astar_route path = { .points = points, .capacity = MAX_CELLS };
        astar_status st = astar_find_path(ctx, c.grid, s, g, &o, &path);
        if (goal_taken) {
            assert_int_equal(st, ASTAR_GOAL_OCCUPIED);
            blocked_goals++;
        } else {
            reference_costs(walls, c.topology, NULL, 10, s, dist);
            uint64_t want = dist[g.y * w + g.x];
            assert_int_equal(st, want == UINT64_MAX ? ASTAR_NO_PATH : ASTAR_OK);
            if (st == ASTAR_OK) {
                assert_int_equal(path.cost, want);
                assert_int_equal(walk_cost(walls, c.topology, NULL, 10, points, path.length), want);
                found++;
            }
        }
        astar_grid_delete(walls);
        astar_units_delete(units);
        free_case(&c);
    }
    astar_context_delete(ctx);
    print_message("hex A* among units = reference: %zu paths, %zu goals under a unit\n", found,
                  blocked_goals);
    assert_true(found > 100);
}

/* Moving units near the searcher, on every layout: a moving unit on each
 * of the eight cells around the searcher's in the array blocks the goal
 * there exactly when the cell is one of its six hex neighbours (the two
 * others are two steps away, and are searched to as any cell is), and
 * its path is a penalty only within the radius in hex steps. */
static void test_moving_units_near_on_hexes(void **state)
{
    (void)state;
    astar_context *ctx;
    assert_int_equal(astar_context_new(81, &ctx), ASTAR_OK);
    astar_point points[81];
    for (int l = 0; l < 4; l++) {
        astar_grid *grid;
        assert_int_equal(astar_grid_new(9, 9, &grid), ASTAR_OK);
        assert_int_equal(astar_grid_set_topology(grid, LAYOUTS[l]), ASTAR_OK);
        astar_point me_at = { 4, 4 };
        int apart = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!dx && !dy)
                    continue;
                astar_point there = { 4 + dx, 4 + dy }, far = { 0, 8 };
                astar_units *units;
                assert_int_equal(astar_units_new(9, 9, 2, &units), ASTAR_OK);
                uint32_t me, other;
                assert_int_equal(astar_units_add(units, me_at.x, me_at.y, &me), ASTAR_OK);
                assert_int_equal(astar_units_add(units, there.x, there.y, &other), ASTAR_OK);
                astar_point walk[2] = { there, far };
                assert_int_equal(astar_units_set_path(units, other, walk, 2), ASTAR_OK);
                int steps = ref_hex_distance(LAYOUTS[l], me_at, there);
                astar_options o = astar_options_default();
                o.world.units = units;
                o.world.unit = me;
                o.world.unit_penalty = 1000;
                for (int radius = 1; radius <= 2; radius++) {
                    o.world.unit_radius = radius;
                    astar_route path = { .points = points, .capacity = 81 };
                    astar_status st = astar_find_path(ctx, grid, me_at, there, &o, &path);
                    if (steps == 1) {
                        assert_int_equal(st, ASTAR_GOAL_OCCUPIED);
                        continue;
                    }
                    assert_int_equal(st, ASTAR_OK);
                    /* The penalty is a layer value, priced in straight steps of 10. */
                    assert_int_equal(path.cost, 20 + (radius >= steps ? 1000 * 10 : 0));
                }
                apart += steps == 2;
                astar_units_delete(units);
            }
        assert_int_equal(apart, 2);
        astar_grid_delete(grid);
    }
    astar_context_delete(ctx);
}

/* H read back from a search on open ground of cost 1 is the hex distance
 * times the straight step, and exact: the least cost left. */
static void test_h_exact_on_open_ground(void **state)
{
    (void)state;
    astar_context *ctx;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    static uint64_t dist[MAX_CELLS];
    size_t nodes = 0;
    for (int l = 0; l < 4; l++) {
        astar_grid *g;
        assert_int_equal(astar_grid_new(17, 13, &g), ASTAR_OK);
        assert_int_equal(astar_grid_set_topology(g, LAYOUTS[l]), ASTAR_OK);
        astar_options o = astar_options_default();
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        astar_point s = { 1, 2 }, goal = { 14, 9 };
        astar_route path = { 0 };
        assert_int_equal(astar_find_path(ctx, g, s, goal, &o, &path), ASTAR_OK);
        assert_int_equal(path.cost, 10u * (uint32_t)ref_hex_distance(LAYOUTS[l], s, goal));
        reference_costs(g, LAYOUTS[l], NULL, 10, goal, dist);
        for (int y = 0; y < 13; y++)
            for (int x = 0; x < 17; x++) {
                astar_node n;
                assert_int_equal(astar_context_node(ctx, g, x, y, &n), ASTAR_OK);
                if (n.list == ASTAR_LIST_NONE)
                    continue;
                assert_int_equal(n.h, dist[y * 17 + x]);
                nodes++;
            }
        astar_grid_delete(g);
    }
    astar_context_delete(ctx);
    print_message("hex H exact at %zu nodes\n", nodes);
}

/* A partial path on hexes (ASTAR_PARTIAL_LIMIT) is priced by its own steps:
 * its cost is G of the square it ends at, which the result tail takes as F
 * less H, and H there is the hex distance, not the square grid's. */
static void test_partial_path_cost(void **state)
{
    (void)state;
    astar_context *ctx;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    rng r = { 4417 };
    int checked = 0;
    for (int trial = 0; trial < 200; trial++) {
        hex_case c;
        random_case(&r, &c, trial % 2 == 1);
        astar_point s = random_cell(&r, c.grid), goal = random_cell(&r, c.grid);
        astar_options o = astar_options_default();
        o.search.partial = true;
        o.search.max_expanded = 1 + (uint32_t)rng_below(&r, 20);
        astar_layer_use use = { c.layer, 1.0 };
        if (c.layer) {
            o.world.layers = &use;
            o.world.layer_count = 1;
        }
        astar_point cells[MAX_CELLS];
        astar_route path = { .points = cells, .capacity = MAX_CELLS };
        astar_status st = astar_find_path(ctx, c.grid, s, goal, &o, &path);
        if (st == ASTAR_PARTIAL_LIMIT || st == ASTAR_PARTIAL_NO_PATH) {
            assert_int_equal(path.cost, walk_cost(c.grid, c.topology, c.layer ? c.values : NULL,
                                                  10, cells, path.length));
            checked++;
        }
        free_case(&c);
    }
    assert_true(checked > 50);
    astar_context_delete(ctx);
    print_message("%d partial paths on hexes priced by their steps\n", checked);
}

/* Nearest targets and distance maps with their flow fields on random hex
 * maps: the reference's least cost to the nearest target, and every
 * flow-field chain walks the definition's neighbours to a target for
 * exactly the map's cost. */
static void test_dijkstra_matches_reference(void **state)
{
    (void)state;
    rng r = { 72 };
    astar_context *ctx;
    astar_distance_map *map;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    assert_int_equal(astar_distance_map_new(MAX_CELLS, &map), ASTAR_OK);
    static uint64_t dist[1][MAX_CELLS];
    astar_point points[MAX_CELLS];
    size_t cells = 0, nearest = 0;
    for (int trial = 0; trial < 150; trial++) {
        hex_case c;
        random_case(&r, &c, false);
        int w = astar_grid_width(c.grid), h = astar_grid_height(c.grid);
        astar_point targets[4];
        for (int i = 0; i < 4; i++) {
            targets[i] = random_cell(&r, c.grid);
            assert_int_equal(astar_grid_set_cost(c.grid, targets[i].x, targets[i].y, 1), ASTAR_OK);
        }
        astar_options o = astar_options_default();
        assert_int_equal(astar_distance_map_build(map, ctx, c.grid, targets, 4, &o), ASTAR_OK);
        reference_search(c.grid, c.topology, NULL, 10, targets, 4, true, dist[0]);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                if (!astar_grid_walkable(c.grid, x, y))
                    continue;
                uint64_t best = dist[0][y * w + x];
                uint32_t cost = astar_distance_map_cost(map, x, y);
                if (best == UINT64_MAX) {
                    assert_int_equal(cost, ASTAR_UNREACHABLE);
                    continue;
                }
                assert_int_equal(cost, best);
                /* Follow the flow field. */
                astar_point at = { x, y };
                uint64_t walked = 0;
                for (int steps = 0; astar_distance_map_cost(map, at.x, at.y) != 0; steps++) {
                    astar_point next;
                    assert_int_equal(astar_distance_map_next(map, at.x, at.y, &next), ASTAR_OK);
                    assert_true(ref_hex_adjacent(c.topology, at, next));
                    walked += 10u * (uint64_t)astar_grid_cost(c.grid, next.x, next.y);
                    at = next;
                    assert_true(steps < w * h);
                }
                assert_int_equal(walked, best);
                cells++;
                if ((x + y) % 5 == 0) {
                    astar_route path = { .points = points, .capacity = MAX_CELLS };
                    size_t which;
                    assert_int_equal(astar_find_nearest(ctx, c.grid, (astar_point){ x, y },
                                                        targets, 4, &o, &path, &which),
                                     ASTAR_OK);
                    assert_int_equal(path.cost, best);
                    assert_true(which < 4);
                    assert_int_equal(points[path.length - 1].x, targets[which].x);
                    assert_int_equal(points[path.length - 1].y, targets[which].y);
                    assert_int_equal(walk_cost(c.grid, c.topology, NULL, 10, points, path.length),
                                     best);
                    nearest++;
                }
            }
        free_case(&c);
    }
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
    print_message("hex distance maps = reference: %zu cells, %zu nearest searches\n", cells,
                  nearest);
    assert_true(cells > 10000);
}

/* Islands follow the six neighbours: two walkable cells share an island
 * exactly when the reference reaches one from the other, after the
 * topology is set with islands on, and after random edits. */
static void test_islands(void **state)
{
    (void)state;
    rng r = { 73 };
    static uint64_t dist[MAX_CELLS];
    size_t pairs = 0;
    for (int trial = 0; trial < 100; trial++) {
        astar_grid *g = random_grid(&r, 3 + rng_below(&r, 18), 3 + rng_below(&r, 18),
                                    (grid_recipe){ .blocked_percent = 45 });
        assert_int_equal(astar_grid_enable_islands(g), ASTAR_OK);
        astar_topology t = LAYOUTS[rng_below(&r, 4)];
        assert_int_equal(astar_grid_set_topology(g, t), ASTAR_OK);
        int w = astar_grid_width(g), h = astar_grid_height(g);
        for (int edit = 0; edit < 4; edit++) {
            for (int k = 0; k < 6; k++) {
                astar_point p = random_cell(&r, g);
                assert_int_equal(astar_grid_set_walkable(g, p.x, p.y, rng_below(&r, 2)), ASTAR_OK);
            }
            for (int k = 0; k < 5; k++) {
                astar_point a = random_cell(&r, g);
                if (!astar_grid_walkable(g, a.x, a.y))
                    continue;
                reference_costs(g, t, NULL, 10, a, dist);
                for (int i = 0; i < w * h; i++) {
                    if (!astar_grid_walkable(g, i % w, i / w))
                        continue;
                    bool same = astar_grid_island(g, a.x, a.y) == astar_grid_island(g, i % w, i / w);
                    assert_int_equal(same, dist[i] != UINT64_MAX);
                    pairs++;
                }
            }
        }
        astar_grid_delete(g);
    }
    print_message("hex islands = reference reachability: %zu pairs\n", pairs);
}

/* ------------------------------------------------------------------------ */
/* Straight paths                                                           */
/* ------------------------------------------------------------------------ */

/* Distance of the cell's centre from the line through a and b, in hex
 * widths (centres of neighbours are 1 apart), as the map is drawn. */
static double centre(astar_topology t, astar_point p, double *py)
{
    if (t == ASTAR_TOPOLOGY_SQUARE) {
        *py = p.y;
        return p.x;
    }
    int q, r;
    ref_hex_axial(t, p.x, p.y, &q, &r);
    if (t == ASTAR_TOPOLOGY_HEX_ODD_R || t == ASTAR_TOPOLOGY_HEX_EVEN_R) {
        *py = r * sqrt(3.0) / 2;
        return q + r / 2.0;
    }
    *py = r + q / 2.0;
    return q * sqrt(3.0) / 2;
}

static double off_line(astar_topology t, astar_point a, astar_point b, astar_point p)
{
    double ay, by, py, ax = centre(t, a, &ay), bx = centre(t, b, &by), px = centre(t, p, &py);
    double dx = bx - ax, dy = by - ay;
    return fabs((px - ax) * dy - (py - ay) * dx) / sqrt(dx * dx + dy * dy);
}

/* The least cost between two cells of an open map. */
static uint32_t open_cost(astar_topology t, astar_point a, astar_point b)
{
    if (t != ASTAR_TOPOLOGY_SQUARE)
        return 10u * (uint32_t)ref_hex_distance(t, a, b);
    int dx = abs(a.x - b.x), dy = abs(a.y - b.y);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (uint32_t)(10 * hi + 4 * lo);
}

/* On open ground the straight rule keeps every cell of the path within
 * half a cell (a hex's width across, or a square's side) of the line
 * between the centres of start and goal - the cells the line passes
 * nearest - and the way back is the same cells; the last-added rule, for
 * comparison, walks elbows. Measured on squares (8 moves) and on every hex
 * layout from random pairs. */
static void test_straight_ties(void **state)
{
    (void)state;
    rng r = { 74 };
    astar_context *ctx;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    astar_point points[MAX_CELLS], back[MAX_CELLS];
    const astar_topology kinds[5] = { ASTAR_TOPOLOGY_SQUARE, LAYOUTS[0], LAYOUTS[1], LAYOUTS[2],
                                      LAYOUTS[3] };
    for (int k = 0; k < 5; k++) {
        astar_grid *g;
        assert_int_equal(astar_grid_new(MAX_SIDE, MAX_SIDE, &g), ASTAR_OK);
        assert_int_equal(astar_grid_set_topology(g, kinds[k]), ASTAR_OK);
        double worst[2] = { 0, 0 };
        size_t same_both_ways = 0, queries = 300;
        for (size_t q = 0; q < queries; q++) {
            astar_point a = random_cell(&r, g), b = random_cell(&r, g);
            for (int rule = 0; rule < 2; rule++) {
                astar_options o = astar_options_default();
                o.heuristic = ASTAR_HEURISTIC_OCTILE;
                o.search.ties = rule ? ASTAR_TIES_LAST : ASTAR_TIES_STRAIGHT;
                astar_route path = { .points = points, .capacity = MAX_CELLS };
                assert_int_equal(astar_find_path(ctx, g, a, b, &o, &path), ASTAR_OK);
                assert_int_equal(path.cost, open_cost(kinds[k], a, b));
                for (size_t i = 0; i < path.length; i++) {
                    double off = off_line(kinds[k], a, b, points[i]);
                    if (off > worst[rule])
                        worst[rule] = off;
                }
                if (rule == 1)
                    continue;
                astar_route rev = { .points = back, .capacity = MAX_CELLS };
                assert_int_equal(astar_find_path(ctx, g, b, a, &o, &rev), ASTAR_OK);
                bool same = rev.length == path.length;
                for (size_t i = 0; same && i < path.length; i++)
                    same = back[path.length - 1 - i].x == points[i].x &&
                           back[path.length - 1 - i].y == points[i].y;
                same_both_ways += same;
            }
        }
        astar_grid_delete(g);
        print_message("straight ties on %s: farthest cell %.3f off the line (last-added ties: "
                      "%.3f); %zu of %zu paths the same both ways\n",
                      k ? "hexes" : "squares", worst[0], worst[1], same_both_ways, queries);
        assert_true(worst[0] <= 0.5 + 1e-9);
        assert_true(worst[1] > 1.0);
        assert_int_equal(same_both_ways, queries);
    }
    astar_context_delete(ctx);
}

/* ------------------------------------------------------------------------ */
/* What a hex grid refuses                                                  */
/* ------------------------------------------------------------------------ */

static void test_refusals(void **state)
{
    (void)state;
    astar_grid *g;
    assert_int_equal(astar_grid_new(8, 8, &g), ASTAR_OK);
    assert_int_equal(astar_grid_set_topology(g, (astar_topology)5), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_set_topology(NULL, ASTAR_TOPOLOGY_HEX_ODD_R),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_topology(g), ASTAR_TOPOLOGY_SQUARE);
    assert_int_equal(astar_grid_set_topology(g, ASTAR_TOPOLOGY_HEX_EVEN_Q), ASTAR_OK);
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    astar_context *ctx;
    assert_int_equal(astar_context_new(64, &ctx), ASTAR_OK);
    astar_options o = astar_options_default();
    astar_route path = { 0 };
    o.algorithm = ASTAR_ALGORITHM_JPS;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 0, 0 }, (astar_point){ 7, 7 }, &o,
                                     &path),
                     ASTAR_UNSUPPORTED);
    o.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 0, 0 }, (astar_point){ 7, 7 }, &o,
                                     &path),
                     ASTAR_UNSUPPORTED);
    astar_graph *graph;
    assert_int_equal(astar_graph_new_from_grid(g, NULL, &graph), ASTAR_UNSUPPORTED);
    astar_point two[2] = { { 0, 0 }, { 1, 0 } };
    astar_route out = { 0 };
    assert_int_equal(astar_path_smooth(g, NULL, two, 2, &out), ASTAR_UNSUPPORTED);
    assert_false(astar_line_of_sight(g, NULL, two[0], two[1]));
    /* Back to squares: the same search is the article's again. */
    assert_int_equal(astar_grid_set_topology(g, ASTAR_TOPOLOGY_SQUARE), ASTAR_OK);
    o = astar_options_default();
    assert_int_equal(astar_find_path(ctx, g, (astar_point){ 0, 0 }, (astar_point){ 7, 7 }, &o,
                                     &path),
                     ASTAR_OK);
    assert_int_equal(path.cost, 7 * 14);
    assert_true(astar_line_of_sight(g, NULL, two[0], two[1]));
    astar_context_delete(ctx);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_neighbours_and_coordinates),
        cmocka_unit_test(test_astar_matches_reference),
        cmocka_unit_test(test_units_on_hexes),
        cmocka_unit_test(test_moving_units_near_on_hexes),
        cmocka_unit_test(test_h_exact_on_open_ground),
        cmocka_unit_test(test_partial_path_cost),
        cmocka_unit_test(test_dijkstra_matches_reference),
        cmocka_unit_test(test_islands),
        cmocka_unit_test(test_straight_ties),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
