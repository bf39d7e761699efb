/* Straightening a path on its grid (astar/smooth.h): stretches of a path
 * replaced by straight grid lines where one is legal and cheaper, so the
 * result is still a path of cells with an exact cost. */
#include <stdlib.h>

#include "core/cost.h"
#include "core/moves.h"
#include "core/options.h"
#include "grid/grid.h"

/* The longest stretch tried, in steps: long enough to take out the
 * detours of a two-tier path through a cluster of 64, short enough that a
 * stretch costs a few hundred cell reads. */
enum { REACH = 128 };

/* The three straight lines from a to b with the fewest steps: with
 * diagonals max(|dx|, |dy|) steps, min(|dx|, |dy|) of them diagonal; with
 * 4 moves |dx| + |dy| steps, |dx| of them along x. The steps of the second
 * kind are spread evenly (the line closest to the straight segment), all
 * first, or all last. Cell k is from + k * one + m(k) * other, where m(k)
 * counts the steps of the second kind among the first k. */
enum { EVEN, SECOND_KIND_FIRST, SECOND_KIND_LAST, SHAPES };

typedef struct line {
    astar_point from;
    int one_x, one_y, other_x, other_y;
    uint32_t steps, second;
    int shape;
} line;

static line line_between(astar_point a, astar_point b, int shape, bool four)
{
    int dx = b.x - a.x, dy = b.y - a.y, sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    uint32_t ax = (uint32_t)abs(dx), ay = (uint32_t)abs(dy);
    if (four) /* a y step, or one along x instead (the y step taken back) */
        return (line){ a, 0, sy, sx, -sy, ax + ay, ax, shape };
    bool x_major = ax >= ay;
    return (line){ a, x_major ? sx : 0, x_major ? 0 : sy, x_major ? 0 : sx, x_major ? sy : 0,
                   x_major ? ax : ay, x_major ? ay : ax, shape };
}

/* Cell k (0 .. steps) of the line. */
static astar_point line_cell(const line *l, uint32_t k)
{
    uint32_t minor;
    switch (l->shape) {
    case SECOND_KIND_FIRST: minor = k < l->second ? k : l->second; break;
    case SECOND_KIND_LAST: minor = k > l->steps - l->second ? k - (l->steps - l->second) : 0; break;
    default: minor = (uint32_t)(((uint64_t)k * l->second * 2 + l->steps) / (2 * (uint64_t)l->steps));
    }
    return (astar_point){ l->from.x + l->one_x * (int32_t)k + l->other_x * (int32_t)minor,
                          l->from.y + l->one_y * (int32_t)k + l->other_y * (int32_t)minor };
}

/* What the step from a to b (adjacent cells) costs: the search's step
 * times the terrain cost of the cell entered. */
static uint64_t step_cost(const astar_grid *grid, const cost_model *m, astar_point a, astar_point b)
{
    uint32_t base = move_is_diagonal(b.x - a.x, b.y - a.y) ? m->diagonal : m->straight;
    return (uint64_t)base * astar_grid_cost(grid, b.x, b.y);
}

/* The cost of the line, or UINT64_MAX when a step of it is not legal:
 * a blocked cell, or a corner the moves forbid. */
static uint64_t line_cost(const astar_grid *grid, const cost_model *m, astar_moves moves,
                          const line *l)
{
    uint64_t cost = 0;
    astar_point a = l->from;
    for (uint32_t k = 1; k <= l->steps; k++) {
        astar_point b = line_cell(l, k);
        if (!astar_grid_walkable(grid, b.x, b.y))
            return UINT64_MAX;
        if (move_is_diagonal(b.x - a.x, b.y - a.y) &&
            !move_diagonal_allowed(moves, astar_grid_walkable(grid, b.x, a.y),
                                   astar_grid_walkable(grid, a.x, b.y)))
            return UINT64_MAX;
        cost += step_cost(grid, m, a, b);
        a = b;
    }
    return cost;
}

/* The cost of the path's stretch from point i to point j. */
static uint64_t stretch_cost(const astar_grid *grid, const cost_model *m,
                             const astar_point *points, size_t i, size_t j)
{
    uint64_t cost = 0;
    for (size_t k = i + 1; k <= j; k++)
        cost += step_cost(grid, m, points[k - 1], points[k]);
    return cost;
}

/* The farthest point j of the stretch ahead of i (tried at i + REACH,
 * then halving the distance) that a line joins more cheaply than the
 * path, with that line in *best (a line of no steps when the path comes
 * back to the cell of i); i + 1 and false when none does. */
static bool farthest_shortcut(const astar_grid *grid, const cost_model *m, astar_moves moves,
                              const astar_point *points, size_t length, size_t i, size_t *j_out,
                              line *best)
{
    size_t far = length - 1 - i > REACH ? i + REACH : length - 1;
    for (size_t j = far; j >= i + 2; j = i + (j - i) / 2) {
        uint64_t stretch = stretch_cost(grid, m, points, i, j);
        for (int shape = 0; shape < SHAPES; shape++) {
            line l = line_between(points[i], points[j], shape, moves == ASTAR_MOVES_4);
            if (line_cost(grid, m, moves, &l) < stretch) {
                *best = l;
                *j_out = j;
                return true;
            }
        }
    }
    *j_out = i + 1;
    return false;
}

astar_status astar_path_straighten(const astar_grid *grid, const astar_options *options,
                                   const astar_point *points, size_t length, astar_path *out)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (out)
        *out = (astar_path){ .points = out->points, .capacity = out->capacity };
    if (!grid || !points || !out || (!out->points && out->capacity > 0) || length == 0 ||
        !astar__options_valid(options) || options->world.layers || options->world.units || options->world.turn_penalty)
        return ASTAR_INVALID_ARGUMENT;
    if (hex_topology(grid->topology))
        return ASTAR_UNSUPPORTED;
    if (astar_path_check(grid, options, points[0], points[length - 1], points, length, NULL,
                         NULL) != ASTAR_OK)
        return ASTAR_INVALID_PATH;
    cost_model m = cost_model_of(options);
    /* Each line has at most the steps of the stretch it replaces, so the
     * cells written never pass the points still to be read: in place is
     * safe. */
    size_t written = 0;
    uint64_t cost = 0;
    astar_point *to = out->points;
    if (written < out->capacity)
        to[written] = points[0];
    written++;
    for (size_t i = 0; i + 1 < length;) {
        line l;
        size_t j;
        if (!farthest_shortcut(grid, &m, options->moves, points, length, i, &j, &l)) {
            cost += step_cost(grid, &m, points[i], points[j]);
            if (written < out->capacity)
                to[written] = points[j];
            written++;
            i = j;
            continue;
        }
        for (uint32_t k = 1; k <= l.steps; k++, written++) {
            astar_point b = line_cell(&l, k);
            cost += step_cost(grid, &m, line_cell(&l, k - 1), b);
            if (written < out->capacity)
                to[written] = b;
        }
        i = j;
    }
    out->length = written;
    out->cost = cost > ASTAR_MAX_COST ? ASTAR_MAX_COST : (uint32_t)cost;
    out->distance = (double)cost / (double)m.straight;
    return written > out->capacity ? ASTAR_PATH_BUFFER_TOO_SMALL : ASTAR_OK;
}
