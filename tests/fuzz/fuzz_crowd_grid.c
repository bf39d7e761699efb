/* libFuzzer target: crowds on grids, as the bytes choose. A small grid
 * (walls, rough terrain), a crowd of units with 4 or 8 moves, 0 to 16
 * landmarks for its tables, lanes and perhaps a budget (with islands), then a
 * sequence of steps, new goals, walls put up and taken down (under units
 * too) and terrain changed - the edits the landmarks patch or rebuild
 * for. Last, on the grid as it ends, one unit alone walks to a goal.
 * Checked:
 *   - every call answers a status, never a crash or a leak;
 *   - every step keeps the rules (tests/util/plan_validator.c: a neighbour
 *     or a wait, walkable cells, the corner rule, no cell shared, no swap,
 *     no crossing diagonals), and the units' goals are what was asked;
 *   - the lone unit, with no budget, arrives by a least-cost way: its
 *     steps' prices times the terrain they entered add up to the
 *     distance map's cost from its start (the tables' costs and potentials are real ways'
 *     costs, never below the least, and its own way is closed).
 * Any disagreement aborts, which libFuzzer reports with the input. */
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "fuzz_input.h"
#include "util/plan_validator.h"

enum { MAX_SIDE = 20, MAX_UNITS = 12, OPERATIONS = 48 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_crowd_grid: %s\n", what);
        abort();
    }
}

static astar_point any_cell(fuzz_input *in, const astar_grid *g)
{
    return (astar_point){ fuzz_choose(in, astar_grid_width(g)),
                          fuzz_choose(in, astar_grid_height(g)) };
}

static astar_grid *grid_from(fuzz_input *in)
{
    int w = 2 + fuzz_choose(in, MAX_SIDE - 1), h = 2 + fuzz_choose(in, MAX_SIDE - 1);
    astar_grid *g = NULL;
    check(astar_grid_new(w, h, &g) == ASTAR_OK, "grid");
    int walls = fuzz_choose(in, 5), rough = fuzz_choose(in, 3);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int pick = fuzz_choose(in, 8);
            if (pick < walls)
                check(astar_grid_set_walkable(g, x, y, false) == ASTAR_OK, "a wall");
            else if (rough && pick == 7)
                check(astar_grid_set_cost(g, x, y, 1 + (uint8_t)fuzz_choose(in, 4)) == ASTAR_OK,
                      "a cost");
        }
    return g;
}

/* One step of the crowd, checked. */
static void step(astar_crowd *c, plan_validator *v, size_t units, const astar_point *goals)
{
    astar_point before[MAX_UNITS], after[MAX_UNITS];
    check(astar_crowd_cells(c, before, MAX_UNITS) == ASTAR_OK, "cells before");
    astar_crowd_step_info info;
    astar_status s = astar_crowd_step(c, &info);
    check(s == ASTAR_OK || s == ASTAR_COST_OVERFLOW, "a step's status");
    check(astar_crowd_cells(c, after, MAX_UNITS) == ASTAR_OK, "cells after");
    char why[200];
    if (!plan_validator_step(v, before, after, units, why, sizeof why)) {
        fprintf(stderr, "fuzz_crowd_grid: %s\n", why);
        abort();
    }
    size_t at_goal = 0;
    for (size_t i = 0; i < units; i++)
        at_goal += after[i].x == goals[i].x && after[i].y == goals[i].y;
    check(info.at_goal == at_goal, "units on their goals");
}

/* A unit alone on g from start to goal: its way's cost against the
 * distance map's (the same moves, the article's prices). */
static void lone_unit(fuzz_input *in, const astar_grid *g, const astar_crowd_options *options)
{
    astar_point start = any_cell(in, g), goal = any_cell(in, g);
    astar_crowd_options o = astar_crowd_options_default();
    o.moves = options->moves;
    o.landmarks = options->landmarks;
    o.lanes = options->lanes;
    astar_crowd *c = NULL;
    check(astar_crowd_new(g, 1, &o, &c) == ASTAR_OK, "a lone crowd");
    if (astar_crowd_add(c, start, goal, NULL) != ASTAR_OK) {
        astar_crowd_delete(c);
        return;
    }
    astar_context *ctx = NULL;
    astar_distance_map *map = NULL;
    check(astar_context_new(astar_grid_cells(g), &ctx) == ASTAR_OK &&
              astar_distance_map_new(astar_grid_cells(g), &map) == ASTAR_OK,
          "a map");
    astar_options mo = astar_options_default();
    mo.moves = o.moves;
    check(astar_distance_map_build(map, ctx, g, &goal, 1, &mo) == ASTAR_OK, "the map built");
    uint32_t want = astar_distance_map_cost(map, start.x, start.y), cost = 0;
    astar_point at = start;
    for (size_t k = 0; k < astar_grid_cells(g) && (at.x != goal.x || at.y != goal.y); k++) {
        check(astar_crowd_step(c, NULL) == ASTAR_OK, "a lone step");
        astar_point next;
        check(astar_crowd_cells(c, &next, 1) == ASTAR_OK, "the lone cell");
        uint32_t price = next.x != at.x && next.y != at.y ? ASTAR_ARTICLE_DIAGONAL
                                                          : ASTAR_ARTICLE_STRAIGHT;
        if (next.x != at.x || next.y != at.y)
            cost += price * (uint32_t)astar_grid_cost(g, next.x, next.y);
        at = next;
    }
    check(at.x == goal.x && at.y == goal.y && cost == want, "the lone unit's way is least");
    astar_distance_map_delete(map);
    astar_context_delete(ctx);
    astar_crowd_delete(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    astar_grid *g = grid_from(&in);
    astar_crowd_options o = astar_crowd_options_default();
    o.moves = fuzz_choose(&in, 2) ? ASTAR_MOVES_8 : ASTAR_MOVES_4;
    o.landmarks = (unsigned)fuzz_choose(&in, ASTAR_CROWD_MAX_LANDMARKS + 1);
    o.lanes = (size_t)fuzz_choose(&in, 4) * 40;
    o.seed = (uint64_t)fuzz_choose(&in, 256);
    if (fuzz_choose(&in, 3) == 0) {
        check(astar_grid_enable_islands(g) == ASTAR_OK, "islands");
        o.budget = (size_t)fuzz_choose(&in, 64);
    }
    astar_crowd *c = NULL;
    check(astar_crowd_new(g, MAX_UNITS, &o, &c) == ASTAR_OK, "crowd");
    plan_validator *v = plan_validator_new(g, o.moves == ASTAR_MOVES_8);
    check(v != NULL, "validator");
    astar_point goals[MAX_UNITS];
    size_t units = 0;
    for (int tries = fuzz_choose(&in, 2 * MAX_UNITS); tries > 0 && units < MAX_UNITS; tries--) {
        astar_point s = any_cell(&in, g), t = any_cell(&in, g);
        size_t id;
        astar_status st = astar_crowd_add(c, s, t, &id);
        check(st == ASTAR_OK || st == ASTAR_START_OCCUPIED || st == ASTAR_NO_PATH ||
                  st == ASTAR_START_BLOCKED || st == ASTAR_GOAL_BLOCKED,
              "an add's status");
        if (st == ASTAR_OK) {
            check(id == units, "a unit's number");
            goals[units++] = t;
        }
    }
    for (int k = 0; k < OPERATIONS; k++) {
        switch (fuzz_choose(&in, 5)) {
        case 0: {
            if (units == 0)
                break;
            size_t id = (size_t)fuzz_choose(&in, (int)units);
            astar_point t = any_cell(&in, g);
            if (astar_crowd_set_goal(c, id, t) == ASTAR_OK)
                goals[id] = t;
            astar_point goal;
            check(astar_crowd_unit(c, id, NULL, &goal) == ASTAR_OK && goal.x == goals[id].x &&
                      goal.y == goals[id].y,
                  "a unit's goal");
            break;
        }
        case 1: {
            astar_point p = any_cell(&in, g);
            check(astar_grid_set_walkable(g, p.x, p.y, !astar_grid_walkable(g, p.x, p.y)) ==
                      ASTAR_OK,
                  "a wall moved");
            break;
        }
        case 2: {
            astar_point p = any_cell(&in, g);
            if (astar_grid_walkable(g, p.x, p.y))
                check(astar_grid_set_cost(g, p.x, p.y, 1 + (uint8_t)fuzz_choose(&in, 4)) ==
                          ASTAR_OK,
                      "a cost changed");
            break;
        }
        default:
            step(c, v, units, goals);
        }
    }
    plan_validator_delete(v);
    astar_crowd_delete(c);
    lone_unit(&in, g, &o);
    astar_grid_delete(g);
    return 0;
}
