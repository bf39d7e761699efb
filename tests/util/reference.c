/*
 * util/reference.c - see util/reference.h. Written for clarity, not speed:
 * test grids have at most a few hundred cells.
 */
#include "util/reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t ref_straight_cost(astar_costs costs)
{
    return costs == ASTAR_COSTS_OCTILE ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT;
}

uint64_t ref_diagonal_cost(astar_costs costs)
{
    return costs == ASTAR_COSTS_OCTILE ? ASTAR_OCTILE_DIAGONAL : ASTAR_ARTICLE_DIAGONAL;
}

static int floor_half(int v) { return (int)floor(v / 2.0); }
static int ceil_half(int v) { return (int)ceil(v / 2.0); }

/* Offset (x, y) of axial (q, r). Pointy-top: row r is shoved right when it
 * is odd (odd-r) or even (even-r), so its first cell sits floor(r/2) or
 * ceil(r/2) steps of q along. Flat-top the same with columns. */
void ref_hex_offset(astar_topology t, int q, int r, int *x, int *y)
{
    switch (t) {
    case ASTAR_TOPOLOGY_HEX_ODD_R: *x = q + floor_half(r); *y = r; break;
    case ASTAR_TOPOLOGY_HEX_EVEN_R: *x = q + ceil_half(r); *y = r; break;
    case ASTAR_TOPOLOGY_HEX_ODD_Q: *x = q; *y = r + floor_half(q); break;
    default: *x = q; *y = r + ceil_half(q); break;
    }
}

void ref_hex_axial(astar_topology t, int x, int y, int *q, int *r)
{
    switch (t) {
    case ASTAR_TOPOLOGY_HEX_ODD_R: *q = x - floor_half(y); *r = y; break;
    case ASTAR_TOPOLOGY_HEX_EVEN_R: *q = x - ceil_half(y); *r = y; break;
    case ASTAR_TOPOLOGY_HEX_ODD_Q: *q = x; *r = y - floor_half(x); break;
    default: *q = x; *r = y - ceil_half(x); break;
    }
}

/* The six axial directions. */
static const int DQ[6] = { 1, 1, 0, -1, -1, 0 }, DR[6] = { 0, -1, -1, 0, 1, 1 };

void ref_hex_neighbours(astar_topology t, int x, int y, astar_point out[6])
{
    int q, r;
    ref_hex_axial(t, x, y, &q, &r);
    for (int i = 0; i < 6; i++) {
        int nx, ny;
        ref_hex_offset(t, q + DQ[i], r + DR[i], &nx, &ny);
        out[i] = (astar_point){ nx, ny };
    }
}

int ref_hex_distance(astar_topology t, astar_point a, astar_point b)
{
    int aq, ar, bq, br;
    ref_hex_axial(t, a.x, a.y, &aq, &ar);
    ref_hex_axial(t, b.x, b.y, &bq, &br);
    int dq = aq - bq, dr = ar - br, ds = -dq - dr;
    int m = abs(dq) > abs(dr) ? abs(dq) : abs(dr);
    return m > abs(ds) ? m : abs(ds);
}

bool ref_point_in(const astar_point *set, int n, astar_point p)
{
    for (int i = 0; i < n; i++)
        if (set[i].x == p.x && set[i].y == p.y)
            return true;
    return false;
}

bool ref_hex_adjacent(astar_topology t, astar_point a, astar_point b)
{
    astar_point n[6];
    ref_hex_neighbours(t, a.x, a.y, n);
    return ref_point_in(n, 6, b);
}

static bool inside(const astar_grid *grid, int x, int y)
{
    return x >= 0 && y >= 0 && x < astar_grid_width(grid) && y < astar_grid_height(grid);
}

static bool open_cell(const astar_grid *grid, int x, int y)
{
    return inside(grid, x, y) && astar_grid_walkable(grid, x, y);
}

bool ref_move_legal(const astar_grid *grid, astar_moves moves, astar_point from,
                    astar_point to)
{
    int dx = (int)to.x - (int)from.x;
    int dy = (int)to.y - (int)from.y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        return false; /* not a neighbour (or no move at all) */
    if (!open_cell(grid, to.x, to.y))
        return false;
    astar_topology topology = astar_grid_topology(grid);
    if (topology != ASTAR_TOPOLOGY_SQUARE)
        return ref_hex_adjacent(topology, from, to);
    if (dx == 0 || dy == 0)
        return true; /* straight step */
    /* Diagonal: the two cells beside the step. */
    bool side_a = open_cell(grid, from.x + dx, from.y);
    bool side_b = open_cell(grid, from.x, from.y + dy);
    switch (moves) {
    case ASTAR_MOVES_4:
        return false;
    case ASTAR_MOVES_8:
        return side_a && side_b;
    case ASTAR_MOVES_8_CUT:
        return side_a || side_b;
    }
    return false;
}

uint64_t ref_step_cost(const astar_grid *grid, astar_costs costs, astar_point from,
                       astar_point to)
{
    bool diagonal = from.x != to.x && from.y != to.y &&
                    astar_grid_topology(grid) == ASTAR_TOPOLOGY_SQUARE;
    uint64_t move = diagonal ? ref_diagonal_cost(costs) : ref_straight_cost(costs);
    return move * (uint64_t)astar_grid_cost(grid, to.x, to.y);
}

void ref_least_costs(const astar_grid *grid, astar_moves moves, astar_costs costs,
                     astar_point start, uint64_t *dist)
{
    ref_least_costs_avoiding(grid, NULL, moves, costs, start, dist);
}

void ref_least_costs_avoiding(const astar_grid *grid, const bool *avoid, astar_moves moves,
                              astar_costs costs, astar_point start, uint64_t *dist)
{
    int w = astar_grid_width(grid);
    int h = astar_grid_height(grid);
    size_t n = (size_t)w * (size_t)h;
    bool *done = calloc(n ? n : 1, sizeof *done);
    if (done == NULL)
        abort();
    for (size_t i = 0; i < n; i++)
        dist[i] = REF_UNREACHABLE;
    if (open_cell(grid, start.x, start.y))
        dist[(size_t)start.y * (size_t)w + (size_t)start.x] = 0;

    /* Dijkstra with a linear scan for the nearest unfinished cell. */
    for (;;) {
        size_t best = n;
        for (size_t i = 0; i < n; i++)
            if (!done[i] && dist[i] != REF_UNREACHABLE &&
                (best == n || dist[i] < dist[best]))
                best = i;
        if (best == n)
            break;
        done[best] = true;
        astar_point from = { (int32_t)(best % (size_t)w), (int32_t)(best / (size_t)w) };
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                astar_point to = { from.x + dx, from.y + dy };
                if (!ref_move_legal(grid, moves, from, to))
                    continue;
                size_t j = (size_t)to.y * (size_t)w + (size_t)to.x;
                if (avoid && avoid[j])
                    continue;
                uint64_t d = dist[best] + ref_step_cost(grid, costs, from, to);
                if (d < dist[j])
                    dist[j] = d;
            }
        }
    }
    free(done);
}

static bool fail(char *why, size_t why_size, const char *fmt, size_t i)
{
    if (why != NULL && why_size > 0)
        snprintf(why, why_size, fmt, i);
    return false;
}

bool ref_path_valid(const astar_grid *grid, astar_moves moves, astar_costs costs,
                    astar_point start, astar_point goal, const astar_point *points,
                    size_t length, uint64_t *cost, char *why, size_t why_size)
{
    if (points == NULL || length == 0)
        return fail(why, why_size, "empty path (%zu points)", length);
    if (points[0].x != start.x || points[0].y != start.y)
        return fail(why, why_size, "point %zu is not the start", 0);
    if (points[length - 1].x != goal.x || points[length - 1].y != goal.y)
        return fail(why, why_size, "point %zu is not the goal", length - 1);
    if (!open_cell(grid, points[0].x, points[0].y))
        return fail(why, why_size, "point %zu is not a walkable cell", 0);
    uint64_t sum = 0;
    for (size_t i = 1; i < length; i++) {
        if (!ref_move_legal(grid, moves, points[i - 1], points[i]))
            return fail(why, why_size, "step to point %zu is not a legal move", i);
        sum += ref_step_cost(grid, costs, points[i - 1], points[i]);
    }
    if (cost != NULL)
        *cost = sum;
    return true;
}

astar_grid *ref_grid_from_rows(const char *const *rows, int height)
{
    if (rows == NULL || height < 1)
        return NULL;
    size_t width = strlen(rows[0]);
    for (int y = 0; y < height; y++)
        if (strlen(rows[y]) != width)
            return NULL;
    astar_grid *grid = NULL;
    if (astar_grid_new((int)width, height, &grid) != ASTAR_OK)
        return NULL;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < (int)width; x++) {
            char c = rows[y][x];
            astar_status s;
            if (c == '.')
                s = ASTAR_OK;
            else if (c == '#')
                s = astar_grid_set_walkable(grid, x, y, false);
            else if (c >= '1' && c <= '9')
                s = astar_grid_set_cost(grid, x, y, c - '0');
            else
                s = ASTAR_INVALID_ARGUMENT;
            if (s != ASTAR_OK) {
                astar_grid_delete(grid);
                return NULL;
            }
        }
    }
    return grid;
}

int ref_clearance(const astar_grid *grid, const bool allowed[256], int most, int x, int y)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    int k = 0;
    for (; k < most; k++) {
        /* Does the square of side k + 1 fit? Its new row and column. */
        if (x + k >= w || y + k >= h)
            break;
        bool fits = true;
        for (int i = 0; i <= k && fits; i++) {
            int a = astar_grid_cost(grid, x + k, y + i), b = astar_grid_cost(grid, x + i, y + k);
            fits = a > 0 && b > 0 && allowed[a] && allowed[b];
        }
        if (!fits)
            break;
    }
    return k;
}

/* Coordinates are doubled so that cell centres (2x + 1, 2y + 1) and cell
 * corners (2x, 2y) are integers. A point of the segment is A + t * D. */
typedef struct fraction {
    int64_t num, den; /* den > 0 */
} fraction;

static bool less(fraction a, fraction b) { return a.num * b.den < b.num * a.den; }
static fraction larger(fraction a, fraction b) { return less(a, b) ? b : a; }
static fraction smaller(fraction a, fraction b) { return less(a, b) ? a : b; }

/* The open interval of t where A + t * D lies strictly between lines lo
 * and lo + 2 along one axis (a the start, d the change). */
static void slab(int64_t a, int64_t d, int64_t lo, fraction *from, fraction *to)
{
    if (d == 0) {
        bool inside = lo < a && a < lo + 2;
        *from = (fraction){ inside ? -1 : 1, 1 };
        *to = (fraction){ inside ? 2 : 0, 1 };
    } else if (d > 0) {
        *from = (fraction){ lo - a, d };
        *to = (fraction){ lo + 2 - a, d };
    } else {
        *from = (fraction){ a - lo - 2, -d };
        *to = (fraction){ a - lo, -d };
    }
}

/* Whether the segment between the centres of a and b passes through the
 * inside of cell c: some t in [0, 1] lies in both open slabs. */
static bool enters(astar_point a, astar_point b, int cx, int cy)
{
    int64_t ax = 2 * a.x + 1, ay = 2 * a.y + 1, dx = 2 * (b.x - a.x), dy = 2 * (b.y - a.y);
    fraction x0, x1, y0, y1;
    slab(ax, dx, 2 * cx, &x0, &x1);
    slab(ay, dy, 2 * cy, &y0, &y1);
    fraction lo = larger(larger(x0, y0), (fraction){ 0, 1 });
    fraction hi = smaller(smaller(x1, y1), (fraction){ 1, 1 });
    return less(lo, hi);
}

/* Whether a unit of size k of these terrains fits with (x, y) its anchor,
 * looked at cell by cell. */
static bool unit_fits(const astar_grid *g, const bool allowed[256], int k, int x, int y)
{
    return inside(g, x, y) && ref_clearance(g, allowed, k, x, y) >= k;
}

bool ref_unit_sees(const astar_grid *g, const bool allowed[256], int k, astar_moves moves,
                   astar_point a, astar_point b)
{
    if (!unit_fits(g, allowed, k, a.x, a.y) || !unit_fits(g, allowed, k, b.x, b.y))
        return false;
    int x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
    int y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            if (enters(a, b, x, y) && !unit_fits(g, allowed, k, x, y))
                return false;
    int64_t ax = 2 * a.x + 1, ay = 2 * a.y + 1, dx = 2 * (b.x - a.x), dy = 2 * (b.y - a.y);
    for (int ky = y0 + 1; ky <= y1; ky++)
        for (int kx = x0 + 1; kx <= x1; kx++) {
            int64_t px = 2 * kx - ax, py = 2 * ky - ay;
            if (dx * py - dy * px != 0)
                continue; /* the corner (kx, ky) is not on the segment */
            /* On it: the two anchors it only touches there. */
            bool same_signs = (dx > 0) == (dy > 0);
            bool t1 = unit_fits(g, allowed, k, same_signs ? kx : kx - 1, ky - 1);
            bool t2 = unit_fits(g, allowed, k, same_signs ? kx - 1 : kx, ky);
            if (moves == ASTAR_MOVES_8_CUT ? !(t1 || t2) : !(t1 && t2))
                return false;
        }
    return true;
}

bool ref_sees(const astar_grid *g, astar_moves moves, astar_point a, astar_point b)
{
    bool every[256];
    for (int t = 0; t < 256; t++)
        every[t] = t != 0;
    return ref_unit_sees(g, every, 1, moves, a, b);
}

astar_grid *ref_eroded(const astar_grid *g, const bool allowed[256], int k)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    astar_grid *e = NULL;
    if (astar_grid_new(w, h, &e) != ASTAR_OK)
        abort();
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int dearest = 0;
            if (ref_clearance(g, allowed, k, x, y) >= k)
                for (int dy = 0; dy < k; dy++)
                    for (int dx = 0; dx < k; dx++) {
                        int c = astar_grid_cost(g, x + dx, y + dy);
                        dearest = c > dearest ? c : dearest;
                    }
            astar_status s = dearest ? astar_grid_set_cost(e, x, y, dearest)
                                     : astar_grid_set_walkable(e, x, y, false);
            if (s != ASTAR_OK)
                abort();
        }
    return e;
}

uint32_t ref_flood_fill(const astar_grid *grid, uint32_t *label)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    size_t n = (size_t)w * (size_t)h;
    size_t *stack = malloc((n ? n : 1) * sizeof *stack);
    if (stack == NULL)
        abort();
    for (size_t i = 0; i < n; i++)
        label[i] = 0;
    uint32_t regions = 0;
    for (size_t seed = 0; seed < n; seed++) {
        if (label[seed] || !astar_grid_walkable(grid, (int)(seed % (size_t)w), (int)(seed / (size_t)w)))
            continue;
        label[seed] = ++regions;
        size_t top = 0;
        stack[top++] = seed;
        while (top > 0) {
            size_t at = stack[--top];
            int x = (int)(at % (size_t)w), y = (int)(at / (size_t)w);
            const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
            for (int d = 0; d < 4; d++) {
                int nx = x + dx[d], ny = y + dy[d];
                size_t next = (size_t)ny * (size_t)w + (size_t)nx;
                if (open_cell(grid, nx, ny) && !label[next]) {
                    label[next] = regions;
                    stack[top++] = next;
                }
            }
        }
    }
    free(stack);
    return regions;
}
