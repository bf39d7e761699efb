/* Smoother paths (the article's note 4): line of sight between cell
 * centres, and the fewest waypoints of a path that see each other in turn.
 * astar.h states the line-of-sight rule exactly. */
#include <math.h>
#include <stdlib.h>

#include "grid.h"
#include "moves.h"
#include "options.h"

/* Under 4 moves a unit walks diagonal segments only after smoothing, so it
 * touches no blocked cell at all, as under the strict corner rule. */
static astar_moves corner_rule(astar_moves moves)
{
    return moves == ASTAR_MOVES_4 ? ASTAR_MOVES_8 : moves;
}

/* Whether the segment between the centres of a and b, two walkable cells of
 * grid, meets only what the rule allows. It walks the cells the segment
 * passes through in order. Going from the centre of a, the segment crosses
 * its k-th vertical grid line (k = 0, 1, ...) at the fraction (2k + 1) /
 * (2 nx) of its length, and its k-th horizontal one at (2k + 1) / (2 ny);
 * comparing the two, cross-multiplied, says which comes first, and equal
 * fractions mean a grid corner. */
static bool sees(const astar_grid *grid, astar_moves corners, astar_point a, astar_point b)
{
    int64_t nx = b.x > a.x ? b.x - a.x : a.x - b.x, ny = b.y > a.y ? b.y - a.y : a.y - b.y;
    ptrdiff_t step_x = b.x > a.x ? 1 : -1;
    ptrdiff_t step_y = b.y > a.y ? grid->stride : -grid->stride;
    const uint8_t *cell = grid->terrain + grid_padded_index(grid, a.x, a.y);
    for (int64_t ix = 0, iy = 0; ix < nx || iy < ny;) {
        int64_t x_first = (2 * ix + 1) * ny, y_first = (2 * iy + 1) * nx;
        if (x_first == y_first) {
            /* Through a corner into the diagonal cell, touching the two
             * cells beside it. */
            if (!move_diagonal_allowed(corners, cell[step_x] != 0, cell[step_y] != 0))
                return false;
            cell += step_x + step_y;
            ix++;
            iy++;
        } else if (x_first < y_first) {
            cell += step_x;
            ix++;
        } else {
            cell += step_y;
            iy++;
        }
        if (*cell == 0)
            return false;
    }
    return true;
}

bool astar_line_of_sight(const astar_grid *grid, const astar_options *options, astar_point a,
                         astar_point b)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!grid || !options_valid(options) || !astar_grid_walkable(grid, a.x, a.y) ||
        !astar_grid_walkable(grid, b.x, b.y))
        return false;
    return sees(grid, corner_rule(options->moves), a, b);
}

enum { NONE = UINT32_MAX };

/* The work arrays of one smoothing, indexed by point (layer, from, below)
 * or by layer (top). A point's layer is the fewest waypoints that reach it
 * from the first point, itself included; 0 means none does. The points of
 * one layer form a list, the latest on top. */
typedef struct smoothing {
    uint32_t *layer;
    uint32_t *from;   /* the waypoint before the point */
    uint32_t *below;  /* the previous point of the same layer */
    uint32_t *top;    /* per layer: its latest point */
    uint32_t layers;  /* the highest layer in use */
} smoothing;

static void put_in_layer(smoothing *w, uint32_t j, uint32_t layer)
{
    if (layer > w->layers) {
        w->layers = layer;
        w->top[layer] = NONE;
    }
    w->layer[j] = layer;
    w->below[j] = w->top[layer];
    w->top[layer] = j;
}

/* Settles point j from the points before it: the lowest layer that has a
 * point seeing it, and in that layer the latest such point. */
static void settle(const astar_grid *grid, astar_moves corners, const astar_point *points,
                   smoothing *w, uint32_t j)
{
    w->layer[j] = 0;
    if (!astar_grid_walkable(grid, points[j].x, points[j].y))
        return;
    for (uint32_t layer = 1; layer <= w->layers; layer++)
        for (uint32_t i = w->top[layer]; i != NONE; i = w->below[i])
            if (sees(grid, corners, points[i], points[j])) {
                w->from[j] = i;
                put_in_layer(w, j, layer + 1);
                return;
            }
}

static double segment_length(astar_point a, astar_point b)
{
    return hypot((double)b.x - a.x, (double)b.y - a.y);
}

/* Writes the waypoints ending at point last, found through w->from, into
 * out (if they fit) and its length and distance. The indices go into
 * w->below, which is no longer needed, so that the points are copied first
 * to last: waypoint k comes from a point at k or later, so copying in place
 * never overwrites a point still to be read. */
static astar_status write_waypoints(const astar_point *points, smoothing *w, uint32_t last,
                                    astar_waypoints *out)
{
    uint32_t count = w->layer[last], *index = w->below;
    for (uint32_t k = count, i = last; k-- > 0; i = w->from[i])
        index[k] = i;
    out->length = count;
    out->distance = 0.0;
    for (uint32_t k = 1; k < count; k++)
        out->distance += segment_length(points[index[k - 1]], points[index[k]]);
    if (out->points && count > out->capacity)
        return ASTAR_PATH_BUFFER_TOO_SMALL;
    for (uint32_t k = 0; out->points && k < count; k++)
        out->points[k] = points[index[k]];
    return ASTAR_OK;
}

astar_status astar_path_smooth(const astar_grid *grid, const astar_options *options,
                               const astar_point *points, size_t length, astar_waypoints *out)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (out) {
        out->length = 0;
        out->distance = 0.0;
    }
    if (!grid || !points || !out || length == 0 || length > ASTAR_MAX_CELLS ||
        !options_valid(options) || (!out->points && out->capacity > 0))
        return ASTAR_INVALID_ARGUMENT;
    astar_point first = points[0], last = points[length - 1];
    if (!astar_grid_walkable(grid, first.x, first.y) || !astar_grid_walkable(grid, last.x, last.y))
        return ASTAR_INVALID_PATH;

    uint32_t n = (uint32_t)length;
    uint32_t *work = malloc(4 * (size_t)n * sizeof *work);
    if (!work)
        return ASTAR_OUT_OF_MEMORY;
    /* Layers run from 1 to at most n, so top[n] is the last one used. */
    smoothing w = { .layer = work, .from = work + n, .below = work + 2 * (size_t)n,
                    .top = work + 3 * (size_t)n - 1 };
    w.from[0] = 0;
    put_in_layer(&w, 0, 1);
    astar_moves corners = corner_rule(options->moves);
    for (uint32_t j = 1; j < n; j++)
        settle(grid, corners, points, &w, j);
    astar_status status =
        w.layer[n - 1] ? write_waypoints(points, &w, n - 1, out) : ASTAR_INVALID_PATH;
    free(work);
    return status;
}
