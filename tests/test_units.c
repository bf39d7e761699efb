/*
 * test_units.c - other units (the article's note 1). Against a model of
 * the documented rules kept by the test itself: on many random maps with
 * random stopped and moving units, a search by one unit costs what the
 * reference solver finds on a copy of the map where the cells the units
 * block are walls and the cells on nearby paths cost the penalty more; the
 * units' own answers (moving, remaining) follow the model through moves and
 * new paths. Then the cases one by one: single file through a one-wide
 * corridor, walked cells free again, the radius, the goal rule, the
 * collision check, and bad arguments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "util/random.h"
#include "util/reference.h"

#define P(x, y) ((astar_point){ (x), (y) })

enum { MAX_SIDE = 12, MAX_CELLS = MAX_SIDE * MAX_SIDE, MAX_UNITS = 6, MAX_PATH = 8 };

static bool same(astar_point a, astar_point b)
{
    return a.x == b.x && a.y == b.y;
}

static int chebyshev(astar_point a, astar_point b)
{
    int dx = abs(a.x - b.x), dy = abs(a.y - b.y);
    return dx > dy ? dx : dy;
}

/* ------------------------------------------------------------------------ */
/* The model: the documented rules, written out as plainly as possible      */
/* ------------------------------------------------------------------------ */

typedef struct model_unit {
    astar_point at;
    astar_point path[MAX_PATH];
    int length, progress;   /* path[progress, length) is claimed; 0: stopped */
    bool waiting;           /* path is [at], claimed, and never walked */
} model_unit;

typedef struct model {
    astar_units *units;
    model_unit unit[MAX_UNITS];
    int count;
} model;

/* On the first remaining path cell it stands on, the cells before are
 * walked; on the last, it has arrived. */
static void model_advance(model_unit *u)
{
    for (int j = u->progress; j < u->length; j++)
        if (same(u->path[j], u->at)) {
            u->progress = j;
            if (j == u->length - 1)
                u->length = u->progress = 0;
            return;
        }
}

static void model_move(model *m, int id, astar_point to)
{
    assert_int_equal(astar_units_move(m->units, (uint32_t)id, to.x, to.y), ASTAR_OK);
    m->unit[id].at = to;
    if (m->unit[id].waiting)
        m->unit[id].path[0] = to;
    else
        model_advance(&m->unit[id]);
}

/* Waiting: a claim on its own cell, as a one-cell path never walked. */
static void model_wait(model *m, int id)
{
    assert_int_equal(astar_units_wait(m->units, (uint32_t)id), ASTAR_OK);
    model_unit *u = &m->unit[id];
    u->path[0] = u->at;
    u->length = 1;
    u->progress = 0;
    u->waiting = true;
}

static void model_set_path(model *m, int id, const astar_point *path, int length)
{
    assert_int_equal(astar_units_set_path(m->units, (uint32_t)id, path, (size_t)length), ASTAR_OK);
    model_unit *u = &m->unit[id];
    memcpy(u->path, path, (size_t)length * sizeof *path);
    u->length = length;
    u->progress = 0;
    u->waiting = false;
    model_advance(u);
}

static void assert_model_agrees(const model *m)
{
    for (int id = 0; id < m->count; id++) {
        const model_unit *u = &m->unit[id];
        astar_point at;
        assert_int_equal(astar_units_position(m->units, (uint32_t)id, &at), ASTAR_OK);
        assert_true(same(at, u->at));
        assert_int_equal(astar_units_moving(m->units, (uint32_t)id), u->length > 0 && !u->waiting);
        assert_int_equal(astar_units_waiting(m->units, (uint32_t)id), u->waiting);
        assert_int_equal(astar_units_remaining(m->units, (uint32_t)id), (size_t)(u->length - u->progress));
        /* Its path as the model holds it: what it has not walked. */
        astar_point path[MAX_PATH];
        size_t count = 99;
        int want = u->waiting ? 0 : u->length - u->progress;
        if (want > 0) {
            assert_int_equal(astar_units_path(m->units, (uint32_t)id, path, (size_t)want - 1,
                                              &count),
                             ASTAR_PATH_BUFFER_TOO_SMALL);
            assert_int_equal(count, (size_t)want);
        }
        assert_int_equal(astar_units_path(m->units, (uint32_t)id, path, MAX_PATH, &count), ASTAR_OK);
        assert_int_equal(count, (size_t)want);
        for (int i = 0; i < want; i++)
            assert_true(same(path[i], u->path[u->progress + i]));
        /* Its next cell: after the one it stands on, or the first it
         * claims when off its path; its own when stopped or waiting. */
        astar_point next, expect = u->at;
        if (u->length > 0 && !u->waiting)
            expect = same(u->path[u->progress], u->at) ? u->path[u->progress + 1]
                                                       : u->path[u->progress];
        assert_int_equal(astar_units_next(m->units, (uint32_t)id, &next), ASTAR_OK);
        assert_true(same(next, expect));
        /* Who stands on its cell: it, and every other unit the model puts
         * there. */
        uint32_t ids[MAX_UNITS];
        int there = 0;
        for (int o = 0; o < m->count; o++)
            there += same(m->unit[o].at, u->at);
        assert_int_equal(astar_units_at(m->units, u->at.x, u->at.y, ids, MAX_UNITS, &count),
                         ASTAR_OK);
        assert_int_equal(count, (size_t)there);
        bool found = false;
        for (size_t i = 0; i < count; i++) {
            assert_true(same(m->unit[ids[i]].at, u->at));
            found |= ids[i] == (uint32_t)id;
        }
        assert_true(found);
    }
}

/* Whether a search by me may not enter c: another unit stands there that is
 * stopped or within one step of me. */
static bool model_blocks(const model *m, int me, astar_point c)
{
    for (int id = 0; id < m->count; id++)
        if (id != me && same(m->unit[id].at, c) &&
            (m->unit[id].length == 0 || chebyshev(c, m->unit[me].at) <= 1))
            return true;
    return false;
}

/* The claims on c of moving units other than me within radius of me. */
static int model_claims(const model *m, int me, int radius, astar_point c)
{
    int n = 0;
    for (int id = 0; id < m->count; id++) {
        const model_unit *u = &m->unit[id];
        if (id == me || chebyshev(u->at, m->unit[me].at) > radius)
            continue;
        for (int j = u->progress; j < u->length; j++)
            n += same(u->path[j], c);
    }
    return n;
}

/* The map as the search by me should see it: terrain plus penalties, and,
 * apart, the cells units block (they are not walls for the corner rule, so
 * they cannot simply be walls of this grid). */
static astar_grid *model_grid(const astar_grid *g, const model *m, int me, int radius, int penalty,
                              bool *blocked)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    astar_grid *out = NULL;
    assert_int_equal(astar_grid_new(w, h, &out), ASTAR_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            astar_point c = { x, y };
            blocked[y * w + x] = !same(c, m->unit[me].at) && model_blocks(m, me, c);
            if (!astar_grid_walkable(g, x, y)) {
                astar_grid_set_walkable(out, x, y, false);
                continue;
            }
            int cost = astar_grid_cost(g, x, y) + penalty * model_claims(m, me, radius, c);
            assert_true(cost <= ASTAR_MAX_TERRAIN);
            astar_grid_set_cost(out, x, y, cost);
        }
    return out;
}

static astar_point random_walkable(rng *r, const astar_grid *g)
{
    for (;;) {
        astar_point p = { rng_below(r, astar_grid_width(g)), rng_below(r, astar_grid_height(g)) };
        if (astar_grid_walkable(g, p.x, p.y))
            return p;
    }
}

/* A random walk over walkable cells from `from` (which it starts at unless
 * off is set: then the unit is not on its own path). */
static int random_path(rng *r, const astar_grid *g, astar_point from, bool off, astar_point *path)
{
    int length = 1 + rng_below(r, MAX_PATH);
    astar_point at = from;
    for (int i = 0; i < length; i++) {
        for (int tries = 0; tries < 20 && (i > 0 || off); tries++) {
            astar_point next = { at.x + rng_below(r, 3) - 1, at.y + rng_below(r, 3) - 1 };
            if (astar_grid_walkable(g, next.x, next.y) && !same(next, from)) {
                at = next;
                break;
            }
        }
        path[i] = at;
    }
    return length;
}

static void random_units(rng *r, const astar_grid *g, model *m)
{
    memset(m->unit, 0, sizeof m->unit);
    m->count = 1 + rng_below(r, MAX_UNITS);
    assert_int_equal(astar_units_new(astar_grid_width(g), astar_grid_height(g), MAX_UNITS, &m->units),
                     ASTAR_OK);
    for (int id = 0; id < m->count; id++) {
        uint32_t got;
        m->unit[id].at = random_walkable(r, g);
        assert_int_equal(astar_units_add(m->units, m->unit[id].at.x, m->unit[id].at.y, &got), ASTAR_OK);
        assert_int_equal(got, (uint32_t)id);
        if (rng_below(r, 3) > 0) {
            astar_point path[MAX_PATH];
            int length = random_path(r, g, m->unit[id].at, rng_below(r, 4) == 0, path);
            model_set_path(m, id, path, length);
        }
        /* Some wait for a new path, whether they had one or not. */
        if (rng_below(r, 4) == 0)
            model_wait(m, id);
    }
    assert_model_agrees(m);
    /* Walk a little: along the path mostly, sometimes off it. */
    for (int id = 0; id < m->count; id++) {
        for (int steps = rng_below(r, 4); steps > 0; steps--) {
            model_unit *u = &m->unit[id];
            if (u->waiting) {
                model_move(m, id, random_walkable(r, g)); /* pushed aside */
                assert_model_agrees(m);
                continue;
            }
            if (u->length == 0)
                break;
            bool on = same(u->path[u->progress], u->at);
            int next = on ? u->progress + 1 : u->progress;
            model_move(m, id, rng_below(r, 6) == 0 ? random_walkable(r, g) : u->path[next]);
            assert_model_agrees(m);
        }
    }
}

/* Every search by a random unit costs what the reference finds on the
 * model's map; its path is legal there, enters no blocked cell, and
 * astar_path_check with the same options sums the same cost. */
static void test_units_match_model(void **state)
{
    (void)state;
    rng r = { 2024 };
    astar_context *ctx = NULL;
    assert_int_equal(astar_context_new(MAX_CELLS, &ctx), ASTAR_OK);
    astar_point points[MAX_CELLS];
    uint64_t dist[MAX_CELLS];
    bool blocked[MAX_CELLS];
    int searches = 0, differ = 0, goals_blocked = 0, penalised = 0;
    for (int round = 0; round < 400; round++) {
        int w = 3 + rng_below(&r, MAX_SIDE - 2), h = 3 + rng_below(&r, MAX_SIDE - 2);
        astar_grid *g = NULL;
        assert_int_equal(astar_grid_new(w, h, &g), ASTAR_OK);
        int density = rng_below(&r, 25);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (rng_below(&r, 100) < density)
                    astar_grid_set_walkable(g, x, y, false);
                else
                    astar_grid_set_cost(g, x, y, 1 + rng_below(&r, 3));
        if (!astar_grid_walkable(g, 0, 0))
            astar_grid_set_walkable(g, 0, 0, true);
        model m;
        random_units(&r, g, &m);
        int me = rng_below(&r, m.count);
        astar_options o = astar_options_default();
        o.heuristic = ASTAR_HEURISTIC_OCTILE;
        o.moves = (astar_moves)rng_below(&r, 3);
        if (o.moves == ASTAR_MOVES_4)
            o.heuristic = ASTAR_HEURISTIC_MANHATTAN;
        o.world.units = m.units;
        o.world.unit = (uint32_t)me;
        o.world.unit_radius = rng_below(&r, 7);
        o.world.unit_penalty = (uint32_t)rng_below(&r, 6);
        o.search.open_list = (astar_open_list)rng_below(&r, ASTAR_OPEN_LIST_BUCKETS + 1);
        astar_grid *seen = model_grid(g, &m, me, o.world.unit_radius, (int)o.world.unit_penalty, blocked);
        astar_point start = m.unit[me].at;
        ref_least_costs_avoiding(seen, blocked, o.moves, o.costs, start, dist);
        for (int q = 0; q < 8; q++) {
            astar_point goal = random_walkable(&r, g);
            astar_route p = { .points = points, .capacity = MAX_CELLS };
            astar_status s = astar_find_path(ctx, g, start, goal, &o, &p);
            searches++;
            if (!same(goal, start) && model_blocks(&m, me, goal)) {
                assert_int_equal(s, ASTAR_GOAL_OCCUPIED);
                goals_blocked++;
                continue;
            }
            uint64_t want = dist[goal.y * w + goal.x];
            astar_options plain = o;
            plain.world.units = NULL;
            astar_route p0 = { 0 };
            astar_status s0 = astar_find_path(ctx, g, start, goal, &plain, &p0);
            if (want == REF_UNREACHABLE) {
                assert_int_equal(s, ASTAR_NO_PATH);
                differ += s0 == ASTAR_OK;
                continue;
            }
            assert_int_equal(s, ASTAR_OK);
            if (p.cost != want)
                fail_msg("round %d, unit %d: (%d,%d)->(%d,%d) cost %u, model %llu", round, me,
                         start.x, start.y, goal.x, goal.y, p.cost, (unsigned long long)want);
            uint64_t walked;
            char why[128];
            if (!ref_path_valid(seen, o.moves, o.costs, start, goal, points, p.length, &walked, why,
                                sizeof why))
                fail_msg("round %d: %s", round, why);
            assert_int_equal(walked, p.cost);
            for (size_t i = 1; i < p.length; i++)
                assert_false(blocked[points[i].y * w + points[i].x]);
            astar_path_measure measure;
            assert_int_equal(astar_path_check(g, &o, start, goal, points, p.length, &measure, NULL),
                             ASTAR_OK);
            assert_int_equal(measure.cost, p.cost);
            assert_int_equal(s0, ASTAR_OK);
            differ += p0.cost != p.cost;
            for (size_t i = 1; i < p.length; i++)
                penalised += model_claims(&m, me, o.world.unit_radius, points[i]) > 0 && o.world.unit_penalty > 0;
        }
        astar_grid_delete(seen);
        astar_grid_delete(g);
        astar_units_delete(m.units);
    }
    /* The cases the test is about did come up, often. */
    assert_true(searches == 400 * 8);
    assert_true(differ > 200);
    assert_true(goals_blocked > 100);
    assert_true(penalised > 100);
    astar_context_delete(ctx);
}

/* ------------------------------------------------------------------------ */
/* One case at a time                                                       */
/* ------------------------------------------------------------------------ */

/* Two rooms joined by a one-wide corridor, x = 5..11 on row 1. */
static const char *const corridor_rows[] = {
    ".....#######.....",
    ".................",
    ".....#######.....",
};

typedef struct world {
    astar_grid *grid;
    astar_units *units;
    astar_context *ctx;
    astar_point points[64];
    astar_route path;
} world;

static void world_new(world *w, const char *const *rows, int height)
{
    w->grid = ref_grid_from_rows(rows, height);
    assert_non_null(w->grid);
    assert_int_equal(astar_units_new(astar_grid_width(w->grid), astar_grid_height(w->grid), 8, &w->units),
                     ASTAR_OK);
    assert_int_equal(astar_context_new(astar_grid_cells(w->grid), &w->ctx), ASTAR_OK);
}

static void world_delete(world *w)
{
    astar_context_delete(w->ctx);
    astar_units_delete(w->units);
    astar_grid_delete(w->grid);
}

static uint32_t add(world *w, astar_point at)
{
    uint32_t id;
    assert_int_equal(astar_units_add(w->units, at.x, at.y, &id), ASTAR_OK);
    return id;
}

/* A search by unit me to goal; the path lands in w->path. */
static astar_status search_by(world *w, uint32_t me, astar_point goal, int radius, uint32_t penalty)
{
    astar_options o = astar_options_default();
    o.world.units = w->units;
    o.world.unit = me;
    o.world.unit_radius = radius;
    o.world.unit_penalty = penalty;
    astar_point start;
    assert_int_equal(astar_units_position(w->units, me, &start), ASTAR_OK);
    w->path = (astar_route){ .points = w->points, .capacity = 64 };
    return astar_find_path(w->ctx, w->grid, start, goal, &o, &w->path);
}

static bool on_path(const world *w, astar_point c)
{
    for (size_t i = 0; i < w->path.length; i++)
        if (same(w->points[i], c))
            return true;
    return false;
}

/* The corridor is the only way. A moving unit's path runs through it:
 * penalised, not blocked, so the search still goes through, paying the
 * penalty on each corridor cell. Stopped in the corridor, it blocks it. */
static void test_single_file(void **state)
{
    (void)state;
    world w;
    world_new(&w, corridor_rows, 3);
    uint32_t me = add(&w, P(0, 1));
    assert_int_equal(search_by(&w, me, P(16, 1), 8, 0), ASTAR_OK);
    uint32_t plain = w.path.cost;
    assert_int_equal(plain, 16 * 10);

    uint32_t ahead = add(&w, P(4, 1));
    astar_point walk[13];
    for (int i = 0; i < 13; i++)
        walk[i] = P(4 + i, 1);
    assert_int_equal(astar_units_set_path(w.units, ahead, walk, 13), ASTAR_OK);
    assert_true(astar_units_moving(w.units, ahead));
    assert_int_equal(search_by(&w, me, P(16, 1), 8, 3), ASTAR_OK);
    /* Through the corridor, paying 1 + 3 on each claimed cell, as on this
     * map; in the right room it leaves the claimed row. */
    static const char *const priced[] = {
        ".....#######.....",
        "....4444444444444",
        ".....#######.....",
    };
    astar_grid *expect = ref_grid_from_rows(priced, 3);
    uint64_t dist[17 * 3];
    ref_least_costs(expect, ASTAR_MOVES_8, ASTAR_COSTS_ARTICLE, P(0, 1), dist);
    assert_int_equal(w.path.cost, dist[1 * 17 + 16]);
    assert_true(w.path.cost > plain);
    assert_true(on_path(&w, P(8, 1)));
    assert_false(on_path(&w, P(14, 1)));
    astar_grid_delete(expect);

    /* Stopped halfway down the corridor, it closes it. */
    assert_int_equal(astar_units_move(w.units, ahead, 5, 1), ASTAR_OK);
    assert_int_equal(astar_units_move(w.units, ahead, 6, 1), ASTAR_OK);
    assert_int_equal(astar_units_stop(w.units, ahead), ASTAR_OK);
    assert_int_equal(search_by(&w, me, P(16, 1), 8, 3), ASTAR_NO_PATH);
    world_delete(&w);
}

static astar_step check(const world *w, uint32_t id, astar_point next);

/* A unit waiting for a new path in the corridor is no wall: a search
 * through its cell succeeds, paying the penalty there once, and a unit
 * heading onto it is told to wait; stopped there instead, it closes the
 * corridor and the same unit is told to search again. Moved, it goes on
 * waiting; a path ends the wait. */
static void test_waiting_is_not_a_wall(void **state)
{
    (void)state;
    world w;
    world_new(&w, corridor_rows, 3);
    uint32_t me = add(&w, P(0, 1));
    assert_int_equal(search_by(&w, me, P(16, 1), 8, 30), ASTAR_OK);
    uint32_t plain = w.path.cost;
    uint32_t blocker = add(&w, P(8, 1));
    assert_int_equal(astar_units_wait(w.units, blocker), ASTAR_OK);
    assert_true(astar_units_waiting(w.units, blocker));
    assert_false(astar_units_moving(w.units, blocker));
    assert_int_equal(search_by(&w, me, P(16, 1), 8, 30), ASTAR_OK);
    assert_true(on_path(&w, P(8, 1)));
    assert_int_equal(w.path.cost, plain + 30 * 10); /* as terrain 1 + 30 there */
    /* Beyond the radius its cell is plain. */
    assert_int_equal(search_by(&w, me, P(16, 1), 7, 30), ASTAR_OK);
    assert_int_equal(w.path.cost, plain);
    astar_point next = P(7, 1);
    assert_int_equal(astar_units_move(w.units, me, next.x, next.y), ASTAR_OK);
    assert_int_equal(check(&w, me, P(8, 1)), ASTAR_STEP_WAIT);
    assert_int_equal(astar_units_move(w.units, me, 0, 1), ASTAR_OK);
    /* Stopped, the same unit is a wall. */
    assert_int_equal(astar_units_stop(w.units, blocker), ASTAR_OK);
    assert_false(astar_units_waiting(w.units, blocker));
    assert_int_equal(search_by(&w, me, P(16, 1), 8, 30), ASTAR_NO_PATH);
    assert_int_equal(astar_units_move(w.units, me, next.x, next.y), ASTAR_OK);
    assert_int_equal(check(&w, me, P(8, 1)), ASTAR_STEP_REPATH);
    assert_int_equal(astar_units_move(w.units, me, 0, 1), ASTAR_OK);
    /* Waiting again, moved one cell on: the claim moves with it. */
    assert_int_equal(astar_units_wait(w.units, blocker), ASTAR_OK);
    assert_int_equal(astar_units_move(w.units, blocker, 9, 1), ASTAR_OK);
    assert_true(astar_units_waiting(w.units, blocker));
    assert_int_equal(astar_units_remaining(w.units, blocker), 1);
    assert_int_equal(search_by(&w, me, P(16, 1), 9, 30), ASTAR_OK);
    assert_int_equal(w.path.cost, plain + 30 * 10); /* as terrain 1 + 30 there */
    /* A path ends the wait. */
    astar_point out[3] = { P(9, 1), P(10, 1), P(11, 1) };
    assert_int_equal(astar_units_set_path(w.units, blocker, out, 3), ASTAR_OK);
    assert_false(astar_units_waiting(w.units, blocker));
    assert_true(astar_units_moving(w.units, blocker));
    world_delete(&w);
}

/* astar_units_step takes a moving unit along its path while the way is
 * free, and says wait or search again, without moving it, as
 * astar_units_check_step does; a wall built on its way refuses the move. */
static void test_step(void **state)
{
    (void)state;
    static const char *const rows[] = { "........", "........", "........" };
    world w;
    world_new(&w, rows, 3);
    uint32_t a = add(&w, P(0, 1)), b = add(&w, P(4, 0));
    astar_point walk[6] = { P(0, 1), P(1, 1), P(2, 1), P(3, 1), P(4, 1), P(5, 1) };
    assert_int_equal(astar_units_set_path(w.units, a, walk, 6), ASTAR_OK);
    astar_step advice;
    astar_point at;
    for (int i = 1; i <= 2; i++) {
        assert_int_equal(astar_units_step(w.units, w.grid, a, &advice), ASTAR_OK);
        assert_int_equal(advice, ASTAR_STEP_GO);
        assert_int_equal(astar_units_position(w.units, a, &at), ASTAR_OK);
        assert_true(same(at, walk[i]));
        assert_int_equal(astar_units_remaining(w.units, a), (size_t)(6 - i));
    }
    /* b stopped on (3,1): search again, a stays. */
    assert_int_equal(astar_units_move(w.units, b, 3, 1), ASTAR_OK);
    assert_int_equal(astar_units_step(w.units, w.grid, a, &advice), ASTAR_OK);
    assert_int_equal(advice, ASTAR_STEP_REPATH);
    assert_int_equal(astar_units_position(w.units, a, &at), ASTAR_OK);
    assert_true(same(at, P(2, 1)));
    /* b waiting there: wait, a stays. */
    assert_int_equal(astar_units_wait(w.units, b), ASTAR_OK);
    assert_int_equal(astar_units_step(w.units, w.grid, a, &advice), ASTAR_OK);
    assert_int_equal(advice, ASTAR_STEP_WAIT);
    assert_int_equal(astar_units_position(w.units, a, &at), ASTAR_OK);
    assert_true(same(at, P(2, 1)));
    /* b gone, a wall on (3,1): refused, search again. */
    assert_int_equal(astar_units_move(w.units, b, 7, 2), ASTAR_OK);
    assert_int_equal(astar_grid_set_walkable(w.grid, 3, 1, false), ASTAR_OK);
    assert_int_equal(astar_units_step(w.units, w.grid, a, &advice), ASTAR_UNIT_DOES_NOT_FIT);
    assert_int_equal(advice, ASTAR_STEP_REPATH);
    assert_int_equal(astar_units_position(w.units, a, &at), ASTAR_OK);
    assert_true(same(at, P(2, 1)));
    /* Open again: on to the end, where it arrives and stops. */
    assert_int_equal(astar_grid_set_walkable(w.grid, 3, 1, true), ASTAR_OK);
    for (int i = 3; i <= 5; i++) {
        assert_int_equal(astar_units_step(w.units, w.grid, a, &advice), ASTAR_OK);
        assert_int_equal(advice, ASTAR_STEP_GO);
    }
    assert_false(astar_units_moving(w.units, a));
    assert_int_equal(astar_units_position(w.units, a, &at), ASTAR_OK);
    assert_true(same(at, P(5, 1)));
    /* Stopped or waiting: no step to take. */
    assert_int_equal(astar_units_step(w.units, w.grid, a, &advice), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_step(w.units, w.grid, b, &advice), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_step(w.units, w.grid, 7, &advice), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_step(w.units, w.grid, b, NULL), ASTAR_INVALID_ARGUMENT);
    world_delete(&w);
}

/* Cells a unit has walked are not claimed any more; the one it stands on
 * and those ahead are. */
static void test_walked_cells_are_free(void **state)
{
    (void)state;
    static const char *const rows[] = { "..........", "..........", ".........." };
    world w;
    world_new(&w, rows, 3);
    uint32_t me = add(&w, P(0, 0));
    uint32_t walker = add(&w, P(0, 2));
    astar_point walk[10];
    for (int i = 0; i < 10; i++)
        walk[i] = P(i, 1);
    /* Not on its path yet: every cell of it is claimed. */
    assert_int_equal(astar_units_set_path(w.units, walker, walk, 10), ASTAR_OK);
    assert_int_equal(astar_units_remaining(w.units, walker), 10);
    assert_int_equal(search_by(&w, me, P(4, 2), 10, 5), ASTAR_OK);
    uint32_t before = w.path.cost;
    for (int i = 0; i <= 5; i++)
        assert_int_equal(astar_units_move(w.units, walker, i, 1), ASTAR_OK);
    assert_int_equal(astar_units_remaining(w.units, walker), 5);
    /* (4,1) is behind it now: going down through it is plain again. */
    assert_int_equal(search_by(&w, me, P(4, 2), 10, 5), ASTAR_OK);
    assert_true(w.path.cost < before);
    assert_int_equal(w.path.cost, 14 + 14 + 10 + 10);
    /* (6,1) is still ahead of it. */
    assert_int_equal(search_by(&w, me, P(6, 2), 10, 5), ASTAR_OK);
    assert_int_equal(w.path.cost, 14 + 14 + 4 * 10);
    assert_false(on_path(&w, P(5, 1))); /* where it stands, claimed */
    assert_false(on_path(&w, P(6, 1)));
    /* Walking to its last cell it arrives and stops. */
    for (int i = 6; i < 10; i++)
        assert_int_equal(astar_units_move(w.units, walker, i, 1), ASTAR_OK);
    assert_false(astar_units_moving(w.units, walker));
    assert_int_equal(astar_units_remaining(w.units, walker), 0);
    world_delete(&w);
}

/* Paths of moving units farther than the radius (Chebyshev) are ignored;
 * at exactly the radius they count. */
static void test_radius(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "....................",
        "....................",
        "....................",
    };
    world w;
    world_new(&w, rows, 3);
    uint32_t me = add(&w, P(0, 1));
    uint32_t far = add(&w, P(6, 0));
    astar_point across[3] = { P(6, 0), P(6, 1), P(6, 2) };
    assert_int_equal(astar_units_set_path(w.units, far, across, 3), ASTAR_OK);
    /* A wall of claims across the map at x = 6, 6 columns away. */
    assert_int_equal(search_by(&w, me, P(12, 1), 5, 10), ASTAR_OK);
    assert_int_equal(w.path.cost, 12 * 10);
    assert_int_equal(search_by(&w, me, P(12, 1), 6, 10), ASTAR_OK);
    assert_int_equal(w.path.cost, 12 * 10 + 10 * 10);
    /* Radius 0 with the mover on the same cell as me: it counts. */
    assert_int_equal(astar_units_move(w.units, far, 6, 1), ASTAR_OK);
    assert_int_equal(astar_units_move(w.units, me, 6, 1), ASTAR_OK);
    assert_int_equal(search_by(&w, me, P(6, 2), 0, 10), ASTAR_OK);
    assert_int_equal(w.path.cost, 10 * 11);
    world_delete(&w);
}

/* The goal: a stopped unit on it, or a unit next to the searcher, makes
 * it ASTAR_GOAL_OCCUPIED at once; a moving unit farther away does not. */
static void test_goal_rule(void **state)
{
    (void)state;
    static const char *const rows[] = { "........", "........", "........" };
    world w;
    world_new(&w, rows, 3);
    uint32_t me = add(&w, P(0, 1));
    uint32_t other = add(&w, P(6, 1));
    assert_int_equal(search_by(&w, me, P(6, 1), 8, 4), ASTAR_GOAL_OCCUPIED);
    assert_int_equal(w.path.expanded, 0);
    astar_point walk[2] = { P(6, 1), P(7, 1) };
    assert_int_equal(astar_units_set_path(w.units, other, walk, 2), ASTAR_OK);
    assert_int_equal(search_by(&w, me, P(6, 1), 8, 4), ASTAR_OK);
    assert_int_equal(w.path.cost, 5 * 10 + 10 * 5);
    /* Moving, but next to me: blocked. */
    assert_int_equal(astar_units_move(w.units, other, 1, 1), ASTAR_OK);
    assert_true(astar_units_moving(w.units, other));
    assert_int_equal(search_by(&w, me, P(1, 1), 8, 4), ASTAR_GOAL_OCCUPIED);
    assert_int_equal(search_by(&w, me, P(2, 1), 8, 4), ASTAR_OK);
    assert_false(on_path(&w, P(1, 1)));
    /* Standing on the start (with me) blocks nothing: start == goal. */
    assert_int_equal(astar_units_move(w.units, other, 0, 1), ASTAR_OK);
    assert_int_equal(search_by(&w, me, P(0, 1), 8, 4), ASTAR_OK);
    assert_int_equal(w.path.length, 1);
    /* Two units on one cell: removing one leaves the other blocking. */
    uint32_t a = add(&w, P(5, 2)), b = add(&w, P(5, 2));
    assert_int_equal(search_by(&w, me, P(5, 2), 8, 4), ASTAR_GOAL_OCCUPIED);
    assert_int_equal(astar_units_remove(w.units, a), ASTAR_OK);
    assert_int_equal(search_by(&w, me, P(5, 2), 8, 4), ASTAR_GOAL_OCCUPIED);
    assert_int_equal(astar_units_remove(w.units, b), ASTAR_OK);
    assert_int_equal(search_by(&w, me, P(5, 2), 8, 4), ASTAR_OK);
    world_delete(&w);
}

static astar_step check(const world *w, uint32_t id, astar_point next)
{
    astar_step advice = (astar_step)-1;
    assert_int_equal(astar_units_check_step(w->units, id, next, &advice), ASTAR_OK);
    return advice;
}

/* The collision check: go, wait for a moving unit, search again for a
 * stopped one or a head-on one; the lower id first at a free cell. */
static void test_check_step(void **state)
{
    (void)state;
    static const char *const rows[] = { "........", "........", "........", "........" };
    world w;
    world_new(&w, rows, 4);
    uint32_t a = add(&w, P(2, 1)), b = add(&w, P(3, 1));
    assert_int_equal(check(&w, a, P(1, 1)), ASTAR_STEP_GO);
    assert_int_equal(check(&w, a, P(2, 1)), ASTAR_STEP_GO); /* its own cell */
    assert_int_equal(check(&w, a, P(3, 1)), ASTAR_STEP_REPATH); /* b is stopped */
    astar_point away[3] = { P(3, 1), P(4, 1), P(5, 1) };
    assert_int_equal(astar_units_set_path(w.units, b, away, 3), ASTAR_OK);
    assert_int_equal(check(&w, a, P(3, 1)), ASTAR_STEP_WAIT); /* b is leaving */
    astar_point at_us[3] = { P(3, 1), P(2, 1), P(1, 1) };
    assert_int_equal(astar_units_set_path(w.units, b, at_us, 3), ASTAR_OK);
    assert_int_equal(check(&w, a, P(3, 1)), ASTAR_STEP_REPATH); /* head on */
    /* Off its path, b heads for the first cell it claims. */
    astar_point elsewhere[2] = { P(6, 3), P(7, 3) };
    assert_int_equal(astar_units_set_path(w.units, b, elsewhere, 2), ASTAR_OK);
    assert_int_equal(astar_units_remaining(w.units, b), 2);
    assert_int_equal(check(&w, a, P(3, 1)), ASTAR_STEP_WAIT);
    /* a (id 0) and c (id 2) both about to enter the free (3,2). */
    uint32_t c = add(&w, P(4, 3));
    astar_point a_path[2] = { P(2, 1), P(3, 2) }, c_path[2] = { P(4, 3), P(3, 2) };
    assert_int_equal(astar_units_set_path(w.units, a, a_path, 2), ASTAR_OK);
    assert_int_equal(astar_units_set_path(w.units, c, c_path, 2), ASTAR_OK);
    assert_int_equal(check(&w, a, P(3, 2)), ASTAR_STEP_GO);
    assert_int_equal(check(&w, c, P(3, 2)), ASTAR_STEP_WAIT);
    /* a steps in (and arrives): c must now search again, a is stopped there. */
    assert_int_equal(astar_units_move(w.units, a, 3, 2), ASTAR_OK);
    assert_false(astar_units_moving(w.units, a));
    assert_int_equal(check(&w, c, P(3, 2)), ASTAR_STEP_REPATH);
    astar_step advice;
    assert_int_equal(astar_units_check_step(w.units, c, P(8, 0), &advice), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_check_step(w.units, 7, P(1, 0), &advice), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_check_step(w.units, c, P(1, 0), NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_check_step(NULL, c, P(1, 0), &advice), ASTAR_INVALID_ARGUMENT);
    world_delete(&w);
}

/* Paths given and stopped, ids handed out and back, and every bad
 * argument refused with nothing changed. */
static void test_bad_arguments(void **state)
{
    (void)state;
    astar_units *u = NULL;
    assert_int_equal(astar_units_new(0, 4, 2, &u), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_new(4, 4, 0, &u), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_new(4, 4, ASTAR_MAX_UNITS + 1, &u), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_new(4, 4, 2, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_new(4, 4, 2, &u), ASTAR_OK);
    uint32_t a, b, c;
    assert_int_equal(astar_units_add(u, 4, 0, &a), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_add(u, 0, 0, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_add(u, 0, 0, &a), ASTAR_OK);
    assert_int_equal(astar_units_add(u, 1, 0, &b), ASTAR_OK);
    assert_int_equal(astar_units_add(u, 2, 0, &c), ASTAR_UNITS_FULL);
    assert_int_equal(astar_units_remove(u, a), ASTAR_OK);
    assert_int_equal(astar_units_remove(u, a), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_move(u, a, 1, 1), ASTAR_INVALID_ARGUMENT);
    assert_false(astar_units_moving(u, a));
    assert_int_equal(astar_units_add(u, 2, 0, &c), ASTAR_OK);
    assert_int_equal(c, a); /* the id came back */
    astar_point path[3] = { P(1, 0), P(1, 1), P(1, 2) }, bad[2] = { P(1, 1), P(1, 4) };
    assert_int_equal(astar_units_set_path(u, b, path, 3), ASTAR_OK);
    assert_int_equal(astar_units_set_path(u, b, bad, 2), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_set_path(u, b, NULL, 2), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_remaining(u, b), 3); /* unchanged */
    assert_int_equal(astar_units_move(u, b, 1, 4), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_set_path(u, b, path + 2, 1), ASTAR_OK); /* not on it: still moving */
    assert_true(astar_units_moving(u, b));
    assert_int_equal(astar_units_set_path(u, b, path, 1), ASTAR_OK); /* only its own cell */
    assert_false(astar_units_moving(u, b));
    assert_int_equal(astar_units_set_path(u, b, path, 3), ASTAR_OK);
    assert_int_equal(astar_units_set_path(u, b, NULL, 0), ASTAR_OK);
    assert_false(astar_units_moving(u, b));
    assert_int_equal(astar_units_set_path(u, b, path, 3), ASTAR_OK);
    assert_int_equal(astar_units_stop(u, b), ASTAR_OK);
    assert_false(astar_units_moving(u, b));
    assert_int_equal(astar_units_stop(u, 9), ASTAR_INVALID_ARGUMENT);
    astar_point at;
    assert_int_equal(astar_units_position(u, b, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_units_position(u, 2, &at), ASTAR_INVALID_ARGUMENT);
    assert_false(astar_units_moving(NULL, 0));
    assert_int_equal(astar_units_remaining(NULL, 0), 0);

    /* Searches: the units must fit the grid, the searcher must be a unit,
     * the radius and penalty in range; JPS does not take units. */
    astar_grid *g = NULL, *other = NULL;
    astar_context *ctx = NULL;
    assert_int_equal(astar_grid_new(4, 4, &g), ASTAR_OK);
    assert_int_equal(astar_grid_new(4, 5, &other), ASTAR_OK);
    assert_int_equal(astar_context_new(20, &ctx), ASTAR_OK);
    astar_options o = astar_options_default();
    o.world.units = u;
    o.world.unit = b;
    astar_route p = { 0 };
    assert_int_equal(astar_find_path(ctx, g, P(1, 0), P(3, 3), &o, &p), ASTAR_OK);
    assert_int_equal(astar_find_path(ctx, other, P(1, 0), P(3, 3), &o, &p), ASTAR_INVALID_ARGUMENT);
    o.world.unit = 1234;
    assert_int_equal(astar_find_path(ctx, g, P(1, 0), P(3, 3), &o, &p), ASTAR_INVALID_ARGUMENT);
    o.world.unit = b;
    o.world.unit_radius = -1;
    assert_int_equal(astar_find_path(ctx, g, P(1, 0), P(3, 3), &o, &p), ASTAR_INVALID_ARGUMENT);
    o.world.unit_radius = 3;
    o.world.unit_penalty = ASTAR_MAX_LAYER_VALUE + 1;
    assert_int_equal(astar_find_path(ctx, g, P(1, 0), P(3, 3), &o, &p), ASTAR_INVALID_ARGUMENT);
    o.world.unit_penalty = 4;
    astar_point line[2] = { P(1, 0), P(2, 1) };
    assert_int_equal(astar_path_check(other, &o, line[0], line[1], line, 2, NULL, NULL),
                     ASTAR_INVALID_ARGUMENT);
    /* A step onto a blocked cell is not a legal path. */
    astar_point into[2] = { P(1, 0), P(2, 0) };
    astar_error err;
    assert_int_equal(astar_path_check(g, &o, into[0], into[1], into, 2, NULL, &err), ASTAR_INVALID_PATH);
    o.heuristic = ASTAR_HEURISTIC_OCTILE;
    assert_true(astar_options_optimal(&o));
    assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
    o.algorithm = ASTAR_ALGORITHM_JPS;
    assert_int_equal(astar_find_path(ctx, g, P(1, 0), P(3, 3), &o, &p), ASTAR_UNSUPPORTED);
    o.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    assert_int_equal(astar_find_path(ctx, g, P(1, 0), P(3, 3), &o, &p), ASTAR_UNSUPPORTED);
    astar_context_delete(ctx);
    astar_grid_delete(g);
    astar_grid_delete(other);
    astar_units_delete(u);
    astar_units_delete(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_units_match_model),
        cmocka_unit_test(test_single_file),
        cmocka_unit_test(test_walked_cells_are_free),
        cmocka_unit_test(test_radius),
        cmocka_unit_test(test_goal_rule),
        cmocka_unit_test(test_check_step),
        cmocka_unit_test(test_waiting_is_not_a_wall),
        cmocka_unit_test(test_step),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
