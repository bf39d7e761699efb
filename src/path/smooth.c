/* Smoother paths (the article's note 4): line of sight between cell
 * centres, and the fewest waypoints of a path that see each other in turn.
 * astar.h states the line-of-sight rule exactly. */
#include <math.h>
#include <stdlib.h>

#include "grid/grid.h"
#include "core/moves.h"
#include "core/options.h"
#include "core/route.h"
#include "path/segment.h"
#include "search/unit_space.h"

/* Under 4 moves a unit walks diagonal segments only after smoothing, so it
 * touches no blocked cell at all, as under the strict corner rule. */
static astar_moves corner_rule(astar_moves moves)
{
    return moves == ASTAR_MOVES_4 ? ASTAR_MOVES_8 : moves;
}

/* The map a segment is walked over as the unit sees it, a byte per cell,
 * open where the byte is at least least: for a unit of one cell the
 * grid's padded terrain (open: walkable); for a unit of a size its
 * capability's clearance (open: it fits with that cell its anchor), so
 * that it walks a segment of anchors as a unit of one cell walks one of
 * cells. The clearance has no border, and needs none: a walk never
 * leaves the box of its two ends. */
typedef struct plane {
    const uint8_t *base;
    ptrdiff_t stride;
    int border;         /* rows and columns of padding around the cells */
    uint8_t least;
    int width, height;
} plane;

static plane plane_of(const astar_grid *grid, const unit_space *u)
{
    if (u->clear)
        return (plane){ u->clear, grid->width, 0, (uint8_t)u->size, grid->width, grid->height };
    return (plane){ grid->terrain, grid->stride, 1, 1, grid->width, grid->height };
}

/* Whether c is a cell of the plane and open. */
static bool plane_open(const plane *p, astar_point c)
{
    return c.x >= 0 && c.y >= 0 && c.x < p->width && c.y < p->height &&
           p->base[(c.y + p->border) * p->stride + c.x + p->border] >= p->least;
}

/* The cell at position cell of the plane. */
static astar_point point_of(const plane *p, const uint8_t *cell)
{
    size_t at = (size_t)(cell - p->base), stride = (size_t)p->stride;
    return (astar_point){ (int32_t)(at % stride) - p->border, (int32_t)(at / stride) - p->border };
}

/* Stores the cell at position cell as a wall met; false. */
static bool met(const plane *p, const uint8_t *cell, astar_point *wall)
{
    *wall = point_of(p, cell);
    return false;
}

/* One end of a walk along a segment, from the centre of its cell towards
 * the other end. Going from a centre, the segment crosses its k-th vertical
 * grid line (k = 0, 1, ...) at the fraction (2k + 1) / (2 nx) of its length
 * and its k-th horizontal one at (2k + 1) / (2 ny). Cross-multiplied, the
 * next crossings compare as next_x = (2k + 1) ny against next_y =
 * (2m + 1) nx: the smaller comes first, and equal ones are a grid corner. */
typedef struct walker {
    const uint8_t *cell;
    ptrdiff_t step_x, step_y;
    int64_t next_x, next_y;
} walker;

static walker walker_at(const plane *p, astar_point from, astar_point to, int64_t nx, int64_t ny)
{
    return (walker){ .cell = p->base + (from.y + p->border) * p->stride + from.x + p->border,
                     .step_x = to.x > from.x ? 1 : -1,
                     .step_y = to.y > from.y ? p->stride : -p->stride,
                     .next_x = ny, .next_y = nx };
}

/* Moves w through the grid corner it has reached into the diagonal cell,
 * crossing two lines. */
static inline void step_corner(int64_t nx, int64_t ny, walker *w, int64_t *lines)
{
    w->cell += w->step_x + w->step_y;
    w->next_x += 2 * ny;
    w->next_y += 2 * nx;
    *lines += 2;
}

/* Moves w across the next grid line, not at a corner, into the next cell. */
static inline void step_line(int64_t nx, int64_t ny, walker *w, int64_t *lines)
{
    if (w->next_x < w->next_y) {
        w->cell += w->step_x;
        w->next_x += 2 * ny;
    } else {
        w->cell += w->step_y;
        w->next_y += 2 * nx;
    }
    ++*lines;
}

/* Moves w into the next cell, if the rule allows it: false, with the
 * blocked cell in *wall, where that cell is blocked or, through a corner,
 * where the two cells it touches there break the corner rule. */
static inline bool walk_on(const plane *p, astar_moves corners, int64_t nx, int64_t ny,
                           walker *w, int64_t *lines, astar_point *wall)
{
    if (w->next_x == w->next_y) {
        const uint8_t *beside_x = w->cell + w->step_x, *beside_y = w->cell + w->step_y;
        bool open_x = *beside_x >= p->least;
        if (!move_diagonal_allowed(corners, open_x, *beside_y >= p->least))
            return met(p, open_x ? beside_y : beside_x, wall);
        step_corner(nx, ny, w, lines);
    } else {
        step_line(nx, ny, w, lines);
    }
    return *w->cell >= p->least || met(p, w->cell, wall);
}

/* Whether the segment between the centres of a and b, two open cells of
 * the plane, meets only what the rule allows; if not, *wall is a closed
 * cell it meets. Two walkers go from both ends at once, so a wall near either end
 * is found soon, and stop when between them they have crossed every grid
 * line the segment crosses: the same crossings seen from the two sides. */
static bool sees(const plane *p, astar_moves corners, astar_point a, astar_point b,
                 astar_point *wall)
{
    int64_t nx = b.x > a.x ? b.x - a.x : a.x - b.x, ny = b.y > a.y ? b.y - a.y : a.y - b.y;
    walker from_a = walker_at(p, a, b, nx, ny), from_b = walker_at(p, b, a, nx, ny);
    int64_t crossed = 0;
    while (crossed < nx + ny) {
        if (!walk_on(p, corners, nx, ny, &from_a, &crossed, wall))
            return false;
        if (crossed < nx + ny && !walk_on(p, corners, nx, ny, &from_b, &crossed, wall))
            return false;
    }
    return true;
}

/* Whether the segment between the centres of a and b passes through the
 * inside of cell c. Measured from a's centre along the segment, in units of
 * half a cell and with the axes turned so that b lies at (2 nx, 2 ny) with
 * nx, ny >= 0, c's inside spans u - 1 .. u + 1 and v - 1 .. v + 1 around its
 * centre (u, v). The segment passes through it when the stretches of the
 * segment inside those two bands overlap, which cross-multiplied is exact. */
static bool crosses(astar_point a, astar_point b, astar_point c)
{
    int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y;
    int64_t nx = dx < 0 ? -dx : dx, ny = dy < 0 ? -dy : dy;
    int64_t u = 2 * ((int64_t)c.x - a.x) * (dx < 0 ? -1 : 1);
    int64_t v = 2 * ((int64_t)c.y - a.y) * (dy < 0 ? -1 : 1);
    if (u < 0 || v < 0 || u > 2 * nx || v > 2 * ny)
        return false; /* beside the segment's box */
    if (nx == 0 || ny == 0)
        return true; /* in the box of a straight segment, so on it */
    return (u - 1) * ny < (v + 1) * nx && (v - 1) * nx < (u + 1) * ny;
}

size_t astar__segment_cells(const astar_grid *grid, astar_point a, astar_point b,
                            astar_point *cells, size_t capacity)
{
    int64_t nx = b.x > a.x ? b.x - a.x : a.x - b.x, ny = b.y > a.y ? b.y - a.y : a.y - b.y;
    unit_space one_cell = { .clear = NULL, .size = 1 };
    plane p = plane_of(grid, &one_cell);
    walker w = walker_at(&p, a, b, nx, ny);
    size_t count = 0;
    for (int64_t crossed = 0;;) {
        if (count < capacity)
            cells[count] = point_of(&p, w.cell);
        count++;
        if (crossed == nx + ny)
            return count;
        if (w.next_x == w.next_y)
            step_corner(nx, ny, &w, &crossed);
        else
            step_line(nx, ny, &w, &crossed);
    }
}

bool astar_line_of_sight(const astar_grid *grid, const astar_options *options, astar_point a,
                         astar_point b)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!grid || !astar__options_valid(options) || hex_topology(grid->topology) ||
        unit_clearance_check(grid, options) != ASTAR_OK)
        return false;
    unit_space u = unit_space_of(grid, options);
    plane p = plane_of(grid, &u);
    astar_point wall;
    return plane_open(&p, a) && plane_open(&p, b) &&
           sees(&p, corner_rule(options->moves), a, b, &wall);
}

#define NONE UINT32_MAX

/* The work arrays of one smoothing, indexed by point (layer, from, below,
 * wall) or by layer (top). A point's layer is the fewest waypoints that
 * reach it from the first point, itself included; 0 means none does. The
 * points of one layer form a list, the latest on top. */
typedef struct smoothing {
    uint32_t *layer;
    uint32_t *from;     /* the waypoint before the point */
    uint32_t *below;    /* the previous point of the same layer */
    uint32_t *top;      /* per layer: its latest point */
    astar_point *wall;  /* a blocked cell that hid a later point from it, or
                           (-1, -1) */
    uint32_t layers;    /* the highest layer in use */
} smoothing;

static void put_in_layer(smoothing *w, uint32_t j, uint32_t layer)
{
    if (layer > w->layers) {
        w->layers = layer;
        w->top[layer] = NONE;
    }
    w->layer[j] = layer;
    w->wall[j] = (astar_point){ -1, -1 };
    w->below[j] = w->top[layer];
    w->top[layer] = j;
}

/* Whether wall, a blocked cell or (-1, -1), lies across the segment from a
 * to b. */
static bool hides(astar_point wall, astar_point a, astar_point b)
{
    return wall.x >= 0 && crosses(a, b, wall);
}

/* Settles point j from the points before it: the lowest layer that has a
 * point seeing it, and in that layer the latest such point.
 *
 * Most tries fail, so failing must be cheap. Two walls found by earlier
 * walks are tried first, each a test of a few multiplications: the wall
 * that last hid a point from i (i is tried against j, j + 1, ... in turn
 * while its layer is too low, and the segment swings only a little each
 * time), and the wall that hid j from the point tried just before (usually
 * i's neighbour on the path, so the segment is nearly the same). Only when
 * neither lies across the segment is it walked. */
static void settle(const plane *p, astar_moves corners, const astar_point *points,
                   smoothing *w, uint32_t j)
{
    w->layer[j] = 0;
    if (!plane_open(p, points[j]))
        return;
    astar_point last = { -1, -1 };
    for (uint32_t layer = 1; layer <= w->layers; layer++)
        for (uint32_t i = w->top[layer]; i != NONE; i = w->below[i]) {
            if (!hides(w->wall[i], points[i], points[j])) {
                if (hides(last, points[i], points[j])) {
                    w->wall[i] = last;
                } else if (sees(p, corners, points[i], points[j], &w->wall[i])) {
                    w->from[j] = i;
                    put_in_layer(w, j, layer + 1);
                    return;
                }
            }
            last = w->wall[i];
        }
}

static double segment_length(astar_point a, astar_point b)
{
    return hypot((double)b.x - a.x, (double)b.y - a.y);
}

/* Writes the waypoints ending at point last, found through w->from, into
 * out as far as they fit, and its length and distance. The indices go into
 * w->below, which is no longer needed, so that the points are copied first
 * to last: waypoint k comes from a point at k or later, so copying in place
 * never overwrites a point still to be read. */
static astar_status write_waypoints(const astar_point *points, smoothing *w, uint32_t last,
                                    astar_route *out)
{
    uint32_t count = w->layer[last], *index = w->below;
    for (uint32_t k = count, i = last; k-- > 0; i = w->from[i])
        index[k] = i;
    out->length = count;
    out->distance = 0.0;
    for (uint32_t k = 1; k < count; k++)
        out->distance += segment_length(points[index[k - 1]], points[index[k]]);
    for (uint32_t k = 0; k < count && k < out->capacity; k++)
        out->points[k] = points[index[k]];
    return ASTAR_OK;
}

static astar_status smooth(const astar_grid *grid, const astar_options *options,
                           const astar_point *points, size_t length, astar_route *out)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!grid || !points || !astar__route_reset(out, ROUTE_POINTS) || length == 0 ||
        length > ASTAR_MAX_CELLS || !astar__options_valid(options))
        return ASTAR_INVALID_ARGUMENT;
    if (hex_topology(grid->topology))
        return ASTAR_UNSUPPORTED; /* the segments walked are the square grid's, a cell wide */
    astar_status served = unit_clearance_check(grid, options);
    if (served != ASTAR_OK)
        return served;
    unit_space u = unit_space_of(grid, options);
    plane p = plane_of(grid, &u);
    if (!plane_open(&p, points[0]) || !plane_open(&p, points[length - 1]))
        return ASTAR_INVALID_PATH;

    uint32_t n = (uint32_t)length;
    const astar_allocator *memory = &grid->memory;
    uint32_t *work = astar__allocate(memory, 4 * (size_t)n, sizeof *work);
    astar_point *walls = astar__allocate(memory, n, sizeof *walls);
    if (!work || !walls) {
        astar__release(memory, work);
        astar__release(memory, walls);
        return ASTAR_OUT_OF_MEMORY;
    }
    /* Layers run from 1 to at most n, so top[n] is the last one used. */
    smoothing w = { .layer = work, .from = work + n, .below = work + 2 * (size_t)n,
                    .top = work + 3 * (size_t)n - 1, .wall = walls };
    w.from[0] = 0;
    put_in_layer(&w, 0, 1);
    astar_moves corners = corner_rule(options->moves);
    for (uint32_t j = 1; j < n; j++)
        settle(&p, corners, points, &w, j);
    astar_status status =
        w.layer[n - 1] ? write_waypoints(points, &w, n - 1, out) : ASTAR_INVALID_PATH;
    astar__release(memory, work);
    astar__release(memory, walls);
    return status;
}

astar_status astar_path_smooth(const astar_grid *grid, const astar_options *options,
                               const astar_point *points, size_t length, astar_route *out)
{
    return astar__route_answer(out, smooth(grid, options, points, length, out));
}
