/* The cells a unit walks along an any-angle path (astar/anyangle.h): the
 * cells each segment passes through, joined by legal steps, so that a game
 * whose units stand on cells (astar/world.h) can give them any-angle paths
 * and draw them gliding along the segments. */
#include <stdlib.h>

#include "core/cost.h"
#include "core/options.h"
#include "core/route.h"

typedef struct walk {
    const astar_grid *grid;
    astar_moves moves;
    cost_model model;
    astar_route *out;
    astar_point at;   /* the cell the unit stands on so far */
    size_t length;
    uint64_t cost;
    bool broken;      /* a segment through a wall or a double corner */
} walk;

static bool open_cell(const walk *w, int x, int y)
{
    return astar_grid_walkable(w->grid, x, y);
}

static void step(walk *w, astar_point c)
{
    unsigned d = move_direction(c.x - w->at.x, c.y - w->at.y);
    w->cost += (uint64_t)cost_step(&w->model, d) * (uint64_t)astar_grid_cost(w->grid, c.x, c.y);
    astar__route_point(w->out, w->length++, c);
    w->at = c;
}

/* Moves the unit onto c, a cell touching the one it stands on (segments
 * meet at corners, so the cells around one corner are all a walk sees in
 * a row). A diagonal the moves do not allow there goes round by the free
 * side: one side is free, or the path crossed a double corner. */
static void enter(walk *w, astar_point c)
{
    int dx = c.x - w->at.x, dy = c.y - w->at.y;
    if (w->broken || (dx == 0 && dy == 0))
        return;
    if (abs(dx) > 1 || abs(dy) > 1 || !open_cell(w, c.x, c.y)) {
        w->broken = true;
        return;
    }
    if (dx != 0 && dy != 0) {
        bool beside_x = open_cell(w, c.x, w->at.y), beside_y = open_cell(w, w->at.x, c.y);
        if (!move_diagonal_allowed(w->moves, beside_x, beside_y)) {
            if (!beside_x && !beside_y) {
                w->broken = true;
                return;
            }
            step(w, beside_x ? (astar_point){ c.x, w->at.y } : (astar_point){ w->at.x, c.y });
        }
    }
    step(w, c);
}

/* A segment along a grid line runs between two rows (or columns) of
 * cells: the unit keeps to the side it is on while that side is free. */
static void walk_line(walk *w, astar_point a, astar_point b)
{
    bool across = a.y == b.y; /* along a row line: x changes */
    int n = across ? abs(b.x - a.x) : abs(b.y - a.y);
    int s = across ? (b.x > a.x ? 1 : -1) : (b.y > a.y ? 1 : -1);
    for (int i = 0; i < n; i++) {
        int along = (across ? a.x : a.y) + (s > 0 ? i : -1 - i);
        int line = across ? a.y : a.x;
        int mine = across ? w->at.y : w->at.x;
        int side = mine == line - 1 ? line - 1 : line;
        int other = side == line ? line - 1 : line;
        bool free_side = across ? open_cell(w, along, side) : open_cell(w, side, along);
        int chosen = free_side ? side : other;
        enter(w, across ? (astar_point){ along, chosen } : (astar_point){ chosen, along });
    }
}

/* The cells whose inside the segment crosses, in order: at each step the
 * nearer of the next column line and the next row line is crossed (compared
 * exactly, in integers), both at once where it passes through a corner. */
static void walk_segment(walk *w, astar_point a, astar_point b)
{
    if (a.x == b.x || a.y == b.y) {
        walk_line(w, a, b);
        return;
    }
    int sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
    int64_t nx = llabs((int64_t)b.x - a.x), ny = llabs((int64_t)b.y - a.y);
    astar_point c = { sx > 0 ? a.x : a.x - 1, sy > 0 ? a.y : a.y - 1 };
    enter(w, c);
    for (int64_t i = 0, j = 0;;) {
        int64_t column = (i + 1) * ny, row = (j + 1) * nx; /* the lines' distances, scaled */
        if (column == row && i + 1 == nx)
            return;
        if (column <= row) {
            c.x += sx;
            i++;
        }
        if (row <= column) {
            c.y += sy;
            j++;
        }
        enter(w, c);
    }
}

static bool corner_of(const astar_grid *grid, astar_point p)
{
    return p.x >= 0 && p.y >= 0 && p.x <= astar_grid_width(grid) && p.y <= astar_grid_height(grid);
}

static astar_status cells_along(const astar_grid *grid, const astar_options *options,
                                const astar_point *points, size_t count, astar_route *out)
{
    if (!grid || !points || count == 0 || !astar__route_reset(out, ROUTE_POINTS) ||
        (options && !astar__options_valid(options)))
        return ASTAR_INVALID_ARGUMENT;
    astar_options defaults = astar_options_default();
    const astar_options *o = options ? options : &defaults;
    if (astar_grid_topology(grid) != ASTAR_TOPOLOGY_SQUARE || astar__options_sized(o))
        return ASTAR_UNSUPPORTED;
    for (size_t k = 0; k < count; k++)
        if (!corner_of(grid, points[k]))
            return ASTAR_INVALID_PATH;
    if (!astar_grid_walkable(grid, points[0].x, points[0].y) ||
        !astar_grid_walkable(grid, points[count - 1].x, points[count - 1].y))
        return ASTAR_INVALID_PATH;

    walk w = { .grid = grid, .moves = o->moves, .model = cost_model_of(o), .out = out,
               .at = points[0], .length = 1 };
    astar__route_point(out, 0, points[0]);
    for (size_t k = 1; k < count && !w.broken; k++)
        walk_segment(&w, points[k - 1], points[k]);
    enter(&w, points[count - 1]);
    if (w.broken)
        return ASTAR_INVALID_PATH;
    if (w.cost > ASTAR_MAX_COST)
        return ASTAR_COST_OVERFLOW;
    out->length = w.length;
    out->cost = (uint32_t)w.cost;
    out->distance = (double)w.cost / w.model.straight;
    return ASTAR_OK;
}

astar_status astar_any_angle_cells(const astar_grid *grid, const astar_options *options,
                                   const astar_point *points, size_t count, astar_route *out)
{
    return astar__route_answer(out, cells_along(grid, options, points, count, out));
}
