/* Straightening a path on its grid (astar/smooth.h): stretches of a path
 * replaced by straight grid lines where one is legal and cheaper, so the
 * result is still a path of cells with an exact cost. */
#include <stdlib.h>

#include "core/cost.h"
#include "core/inline.h"
#include "core/moves.h"
#include "core/options.h"
#include "core/route.h"
#include "grid/grid.h"
#include "path/straighten.h"
#include "search/unit_space.h"

/* The longest stretch tried, in steps: long enough to take out the
 * detours of a two-tier path through a cluster of 64, short enough that a
 * stretch costs a few hundred cell reads. */
enum { REACH = 128 };

/* The most passes over the path: the second takes out about half of what
 * the first leaves (two-tier paths' mean cost over the optimal after one
 * and two: maze512-4-0 1.0151 and 1.0071, AR0011SR 1.0021 and 1.0011). */
enum { PASSES = 2 };

/* The three straight lines from a to b with the fewest steps: with
 * diagonals max(|dx|, |dy|) steps, min(|dx|, |dy|) of them diagonal; with
 * 4 moves |dx| + |dy| steps, |dx| of them along x. The steps of the second
 * kind are spread evenly (the line closest to the straight segment), all
 * first, or all last. */
enum { EVEN, SECOND_KIND_FIRST, SECOND_KIND_LAST, SHAPES };

typedef struct line {
    astar_point from;
    unsigned first_kind, second_kind;  /* the two steps' directions */
    uint32_t steps, second;
    int shape;
} line;

static line line_between(astar_point a, astar_point b, int shape, bool four)
{
    int dx = b.x - a.x, dy = b.y - a.y, sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    uint32_t ax = (uint32_t)abs(dx), ay = (uint32_t)abs(dy);
    line l = { .from = a, .shape = shape };
    if (four) {
        l.steps = ax + ay;
        l.second = ax;
        l.first_kind = sy ? move_direction(0, sy) : 0;
        l.second_kind = sx ? move_direction(sx, 0) : 0;
    } else {
        bool x_major = ax >= ay;
        l.steps = x_major ? ax : ay;
        l.second = x_major ? ay : ax;
        l.first_kind = l.steps ? move_direction(x_major ? sx : 0, x_major ? 0 : sy) : 0;
        l.second_kind = l.second ? move_direction(sx, sy) : 0;
    }
    return l;
}

/* Where a walk along a line is: its step count, and for the even shape
 * twice the second kind's share so far, less whole steps taken. */
typedef struct walk {
    uint32_t k;
    uint64_t share;
} walk;

/* The direction of the line's next step (k + 1), advancing w: inlined
 * into the lines' loops, where it is a third of the work. */
static ALWAYS_INLINE unsigned line_next(const line *l, walk *w)
{
    uint32_t k = ++w->k;
    bool second;
    switch (l->shape) {
    case SECOND_KIND_FIRST: second = k <= l->second; break;
    case SECOND_KIND_LAST: second = k > l->steps - l->second; break;
    default:
        /* Step k is of the second kind when floor((2ks + S) / 2S) rises. */
        w->share += 2 * (uint64_t)l->second;
        second = w->share >= 2 * (uint64_t)l->steps;
        if (second)
            w->share -= 2 * (uint64_t)l->steps;
    }
    return second ? l->second_kind : l->first_kind;
}

static walk line_start(const line *l)
{
    return (walk){ 0, l->steps };
}

/* The grid as the unit that walks the path sees it (unit_space.h): lines
 * run over the cells, or for a unit of a size the anchors, it fits on,
 * priced as the search prices them. */
typedef struct terrain {
    const astar_grid *grid;
    unit_space u;
    cost_model m;
    astar_moves moves;
    int32_t step[DIRECTIONS];     /* how a cell's index changes along d */
} terrain;

/* A cell of a line: where it is, and its padded index, which a unit of
 * one cell reads alone - kept along the walk, as a unit of one cell's lines
 * are most of the work. */
typedef struct spot {
    astar_point p;
    size_t padded;
} spot;

static spot spot_at(const astar_grid *grid, astar_point p)
{
    return (spot){ p, grid_padded_index(grid, p.x, p.y) };
}

static void spot_step(const astar_grid *grid, spot *at, unsigned d)
{
    at->p.x += move_dx[d];
    at->p.y += move_dy[d];
    at->padded = (size_t)((ptrdiff_t)at->padded + move_dy[d] * (ptrdiff_t)grid->stride + move_dx[d]);
}

/* What the step in direction d onto the cell at costs: the search's step
 * times the terrain cost of the cell entered (sized, a constant where it
 * is hot: the dearest under the unit). */
static ALWAYS_INLINE uint64_t step_cost(const terrain *t, const bool sized, unsigned d, spot at)
{
    uint32_t price = sized ? unit_dearest(&t->u, t->grid, at.p.x, at.p.y)
                           : t->grid->terrain[at.padded];
    return (uint64_t)cost_step(&t->m, d) * price;
}

/* The directions of the legal moves from at. */
static ALWAYS_INLINE unsigned legal_from(const terrain *t, const bool sized, spot at)
{
    unsigned walkable = t->grid->around[at.padded];
    if (sized)
        walkable = unit_around(&t->u, walkable, t->step,
                               (uint32_t)at.p.y * (uint32_t)t->grid->width + (uint32_t)at.p.x);
    return moves_legal(t->moves, walkable);
}

/* The cost of the line, or UINT64_MAX when a step of it is not a legal
 * move: compiled for each kind of unit, a line being the hot loop. */
static ALWAYS_INLINE uint64_t line_cost_for(const terrain *t, const bool sized, const line *l)
{
    uint64_t cost = 0;
    spot at = spot_at(t->grid, l->from);
    walk w = line_start(l);
    for (uint32_t k = 0; k < l->steps; k++) {
        unsigned d = line_next(l, &w);
        if (!(legal_from(t, sized, at) & move_bit(d)))
            return UINT64_MAX;
        spot_step(t->grid, &at, d);
        cost += step_cost(t, sized, d, at);
    }
    return cost;
}

static uint64_t line_cost(const terrain *t, const line *l)
{
    return t->u.clear ? line_cost_for(t, true, l) : line_cost_for(t, false, l);
}

/* The cost of the path's stretch from point i to point j. */
static uint64_t stretch_cost(const terrain *t, const astar_point *points, size_t i, size_t j)
{
    uint64_t cost = 0;
    for (size_t k = i + 1; k <= j; k++) {
        astar_point a = points[k - 1], b = points[k];
        cost += step_cost(t, t->u.clear, move_direction(b.x - a.x, b.y - a.y), spot_at(t->grid, b));
    }
    return cost;
}

/* What a line from point i to point j makes of the path's stretch
 * between them: NONE is legal; one is, but none is CHEAPER than the
 * stretch; one costs the SAME as the stretch at best (which then, on
 * uniform terrain, is already a least-cost way between its ends, and so is
 * every part of it). The cheaper line in *best. */
typedef enum verdict { NONE, DEARER, SAME, CHEAPER } verdict;

static verdict shortcut(const terrain *t, const astar_point *points, size_t i, size_t j,
                        line *best)
{
    uint64_t stretch = UINT64_MAX; /* summed once a line is legal */
    verdict v = NONE;
    for (int shape = 0; shape < SHAPES; shape++) {
        line l = line_between(points[i], points[j], shape, t->moves == ASTAR_MOVES_4);
        uint64_t cost = line_cost(t, &l);
        if (cost == UINT64_MAX)
            continue;
        if (stretch == UINT64_MAX)
            stretch = stretch_cost(t, points, i, j);
        if (cost < stretch) {
            *best = l;
            return CHEAPER;
        }
        v = cost == stretch ? SAME : v == SAME ? SAME : DEARER;
    }
    return v;
}

/* How far the pass goes from point i: to *j_out, along *best when it
 * returns true, else along the path. Tried at i + REACH, then halving the
 * distance until a line is legal: a cheaper one is then pushed on towards
 * the nearest end beyond it where none was cheaper, halving the gap; one
 * of the same cost keeps the stretch and goes on from its end; a dearer
 * one goes on halving. */
static bool farthest_shortcut(const terrain *t, const astar_point *points, size_t length,
                              size_t i, size_t *j_out, line *best)
{
    size_t failed = (length - 1 - i > REACH ? i + REACH : length - 1) + 1, j = failed - 1;
    verdict v = NONE;
    while (j >= i + 2 && (v = shortcut(t, points, i, j, best)) < SAME) {
        failed = j;
        j = i + (j - i) / 2;
    }
    if (j < i + 2 || v == SAME) {
        /* Halfway along a stretch of the same cost: a line that cuts the
         * corner at its end may start well before it. */
        *j_out = j < i + 2 ? i + 1 : i + (j - i + 1) / 2;
        return false;
    }
    while (failed - j > 1) {
        size_t mid = j + (failed - j) / 2;
        line l;
        if (shortcut(t, points, i, mid, &l) == CHEAPER) {
            j = mid;
            *best = l;
        } else {
            failed = mid;
        }
    }
    *j_out = j;
    return true;
}

/* One pass over points[0..length) into to (which may be points itself),
 * as far as capacity allows; returns the cells of the result, with its
 * cost in *cost. Each line has at most the steps of the stretch it
 * replaces, so the cells written never pass the points still to be read:
 * in place is safe. */
static size_t straighten_pass(const terrain *t, const astar_point *points, size_t length,
                              astar_point *to, size_t capacity, uint64_t *cost)
{
    size_t written = 0;
    *cost = 0;
    if (written < capacity)
        to[written] = points[0];
    written++;
    for (size_t i = 0; i + 1 < length;) {
        line l;
        size_t j;
        if (!farthest_shortcut(t, points, length, i, &j, &l)) {
            *cost += stretch_cost(t, points, i, j);
            for (size_t k = i + 1; k <= j; k++, written++)
                if (written < capacity)
                    to[written] = points[k];
            i = j;
            continue;
        }
        walk w = line_start(&l);
        spot at = spot_at(t->grid, l.from);
        for (uint32_t k = 0; k < l.steps; k++, written++) {
            unsigned d = line_next(&l, &w);
            spot_step(t->grid, &at, d);
            *cost += step_cost(t, t->u.clear, d, at);
            if (written < capacity)
                to[written] = at.p;
        }
        i = j;
    }
    return written;
}

static astar_status straighten(const astar_grid *grid, const astar_options *options,
                               const astar_point *points, size_t length, astar_route *out)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!grid || !points || !astar__route_reset(out, ROUTE_POINTS) || length == 0 ||
        !astar__options_valid(options) || options->world.layers || options->world.units ||
        options->world.turn_penalty)
        return ASTAR_INVALID_ARGUMENT;
    if (hex_topology(grid->topology))
        return ASTAR_UNSUPPORTED;
    astar_status served = unit_space_check(grid, options);
    if (served != ASTAR_OK)
        return served;
    if (astar_path_check(grid, options, points[0], points[length - 1], points, length, NULL,
                         NULL) != ASTAR_OK)
        return ASTAR_INVALID_PATH;
    astar__straighten(grid, options, points, length, out);
    return ASTAR_OK;
}

void astar__straighten(const astar_grid *grid, const astar_options *options,
                       const astar_point *points, size_t length, astar_route *out)
{
    terrain t = { .grid = grid, .u = unit_space_of(grid, options), .m = cost_model_of(options),
                  .moves = options->moves };
    for (int d = 0; d < DIRECTIONS; d++)
        t.step[d] = move_dy[d] * grid->width + move_dx[d];
    uint64_t cost;
    size_t written = straighten_pass(&t, points, length, out->points, out->capacity, &cost);
    /* A pass's lines start from the points the last one kept: another
     * pass over its result finds lines the first could not. */
    for (int pass = 1; pass < PASSES && written <= out->capacity; pass++) {
        uint64_t before = cost;
        written = straighten_pass(&t, out->points, written, out->points, written, &cost);
        if (cost == before)
            break;
    }
    out->length = written;
    out->cost = cost > ASTAR_MAX_COST ? ASTAR_MAX_COST : (uint32_t)cost;
    out->distance = (double)cost / (double)t.m.straight;
}

astar_status astar_path_straighten(const astar_grid *grid, const astar_options *options,
                                   const astar_point *points, size_t length, astar_route *out)
{
    return astar__route_answer(out, straighten(grid, options, points, length, out));
}
