/* Checking a path against the movement rules and summing its cost again. */
#include <math.h>
#include <stdlib.h>

#include "core/cost.h"
#include "core/error.h"
#include "grid/grid.h"
#include "world/layers.h"
#include "core/moves.h"
#include "core/options.h"
#include "search/unit_space.h"
#include "world/units.h"

static astar_status bad_step(astar_error *err, size_t step, const char *what, astar_point from,
                             astar_point to)
{
    return astar__error_set(err, ASTAR_INVALID_PATH, "path", (long)step,
                     "step %zu from (%d,%d) to (%d,%d) %s", step, from.x, from.y, to.x, to.y, what);
}

/* Why the step from a to b is not a legal move for the unit u, or NULL if
 * it is: a unit of a size steps between anchors as a unit of one cell
 * between cells, the corner rule read on anchors (sized.c). */
static const char *step_fault(const astar_grid *grid, const unit_space *u, astar_moves moves,
                              astar_point a, astar_point b)
{
    /* a is a cell of the grid (checked first); b may be anything. */
    if (!grid_contains(grid, b.x, b.y))
        return "leaves the grid";
    int dx = b.x - a.x, dy = b.y - a.y;
    if (abs(dx) > 1 || abs(dy) > 1 || (dx == 0 && dy == 0))
        return "does not go to an adjacent square";
    if (hex_topology(grid->topology) && !(hex_directions(grid->topology, a.x, a.y) &
                                          move_bit(move_direction(dx, dy))))
        return "does not go to an adjacent hex";
    if (!unit_fits(u, grid, b.x, b.y))
        return u->clear ? "goes where the unit does not fit" : "enters a blocked cell";
    if (hex_topology(grid->topology))
        return NULL; /* hexes share whole sides: no corner to cut */
    if (move_is_diagonal(dx, dy) &&
        !move_diagonal_allowed(moves, unit_fits(u, grid, a.x + dx, a.y),
                               unit_fits(u, grid, a.x, a.y + dy)))
        return moves == ASTAR_MOVES_4 ? "is diagonal, and only 4 moves are allowed"
                                      : "cuts a corner the movement rule forbids";
    return NULL;
}

astar_status astar_path_check(const astar_grid *grid, const astar_options *options,
                              astar_point start, astar_point goal, const astar_point *points,
                              size_t length, astar_path_measure *measure, astar_error *err)
{
    astar__error_clear(err);
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    layer_sum layers;
    unit_view units;
    if (!grid || !points || !astar__options_valid(options) ||
        astar__layer_sum_setup(&layers, options, grid) != ASTAR_OK)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, "path", 0,
                         "no grid, no points, or bad options or layers");
    astar_status seen = astar__unit_view_setup(&units, options, grid);
    if (seen != ASTAR_OK)
        return astar__error_set(err, seen, "path", 0, "other units: %s",
                                astar_status_message(seen));
    /* The same units, by footprint, as the search over anchors reads. */
    astar_status served = unit_space_serves(grid, options, true);
    if (served != ASTAR_OK)
        return astar__error_set(err, served, "path", 0, "a unit of a size or a capability: %s",
                                astar_status_message(served));
    unit_space u = unit_space_of(grid, options);
    if (length == 0)
        return astar__error_set(err, ASTAR_INVALID_PATH, "path", 0, "is empty");
    if (points[0].x != start.x || points[0].y != start.y)
        return astar__error_set(err, ASTAR_INVALID_PATH, "path", 0, "begins at (%d,%d), not at the start (%d,%d)",
                         points[0].x, points[0].y, start.x, start.y);
    if (!grid_contains(grid, start.x, start.y) || !unit_fits(&u, grid, start.x, start.y))
        return astar__error_set(err, ASTAR_INVALID_PATH, "path", 0,
                                "start (%d,%d) is not a cell the unit fits on", start.x, start.y);
    astar_point last = points[length - 1];
    if (last.x != goal.x || last.y != goal.y)
        return astar__error_set(err, ASTAR_INVALID_PATH, "path", (long)(length - 1),
                         "ends at (%d,%d), not at the goal (%d,%d)", last.x, last.y, goal.x, goal.y);

    cost_model model = cost_model_of(options);
    model.topology = grid->topology;
    astar_path_measure m = { 0 };
    unsigned previous = DIRECTIONS; /* the start was entered by no step */
    for (size_t i = 1; i < length; i++) {
        astar_point a = points[i - 1], b = points[i];
        const char *fault = step_fault(grid, &u, options->moves, a, b);
        if (fault)
            return bad_step(err, i, fault, a, b);
        /* The same sum as the search's: terrain (a unit of a size: the
         * dearest under it), layers, unit penalties. */
        uint32_t cell = (uint32_t)b.y * (uint32_t)grid->width + (uint32_t)b.x;
        uint64_t factor = (uint64_t)unit_dearest(&u, grid, b.x, b.y) + layer_sum_at(&layers, cell);
        if (units.units) {
            if (unit_view_blocks(&units, b.x, b.y))
                return bad_step(err, i, "enters a cell another unit blocks", a, b);
            factor += unit_view_penalty(&units, b.x, b.y);
        }
        /* Every step between hexes is as long as a straight one. */
        bool diagonal = move_is_diagonal(b.x - a.x, b.y - a.y) && !hex_topology(grid->topology);
        unsigned direction = move_direction(b.x - a.x, b.y - a.y);
        bool turn = previous != DIRECTIONS && direction != previous;
        previous = direction;
        m.turns += turn;
        m.cost += (uint64_t)cost_step(&model, direction) * factor +
                  (turn ? options->world.turn_penalty : 0);
        m.length += (diagonal ? sqrt(2.0) : 1.0) * (double)factor;
        m.diagonal += diagonal;
        m.straight += !diagonal;
    }
    if (measure)
        *measure = m;
    return ASTAR_OK;
}
