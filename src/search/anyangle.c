/* Any-angle paths by Anya (Harabor, Grastien, Oz, Aksakalli, JAIR 2016):
 * A* over intervals. A node is a root r (the start, or a corner the path
 * last turned at) and an interval [a, b] of points on one grid line, the
 * row, every one of them seen from r. A cone node's row is not r's: its
 * expansion looks one row further, through the cells between, at what r
 * sees through the interval (the observable successor) and at what lies
 * in a shadow behind a corner of the interval, which becomes a new root.
 * A flat node's row is r's own: it runs along the row to the next point
 * where the cells beside the row change, and goes on or turns there.
 *
 * Its nodes are not cells - a cell's corner can be in many intervals,
 * with lengths that are sums of square roots - so it keeps them in the
 * context's scratch memory with the shared heap of real keys
 * (open/real_heap.h) instead of the loop's per-cell lists
 * (docs/design.md, "Any-angle paths"). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "astar/anyangle.h"
#include "core/memory.h"
#include "core/options.h"
#include "core/route.h"
#include "grid/grid.h"
#include "open/context.h"
#include "open/real_heap.h"
#include "search/state.h"

/* Points closer than this are one: interval ends are projections worked
 * out in doubles, and one that should fall on a corner may miss it by an
 * ulp or two. */
#define NEAR 1e-9

typedef struct aa_node {
    double a, b;      /* the interval on the row, a <= b */
    double g;         /* the root's G when the node was made */
    uint32_t root;    /* a point's index: y * (width + 1) + x */
    int32_t row;
    bool final;       /* the goal, seen from root: taking it ends the search */
} aa_node;

/* What a point keeps as a root, together: the search reads the three at
 * once, and on large maps each point's first read is a cache miss. */
typedef struct aa_point {
    double g;         /* the least G it was a root with, */
    uint32_t stamp;   /* if its stamp is this search's generation */
    uint32_t parent;  /* the root before it */
} aa_point;

typedef struct anya {
    const uint8_t *terrain;  /* the grid's padded cells: 0 is blocked */
    int stride, width, height;
    astar_point start, goal;
    double weight;
    aa_point *point;
    uint32_t generation;
    aa_node *node;
    real_entry *heap;
    size_t nodes, open, capacity;
    size_t staged;           /* the last expansion's successors, not yet on
                                the heap: the last `staged` nodes */
    bool full;               /* a node did not fit: run again with more */
    bool partial;            /* keep nearest up to date */
    uint32_t nearest;        /* with partial: the root nearest the goal as the
                                crow flies, then of least G: a partial path's end */
    double nearest_d;
} anya;

static bool blocked(const anya *s, int x, int y)
{
    return s->terrain[(size_t)(y + 1) * (size_t)s->stride + (size_t)(x + 1)] == 0;
}

/* Two blocked cells touch only at (x, y): no path passes or turns there. */
static bool squeezed(const anya *s, int x, int y)
{
    return (blocked(s, x - 1, y - 1) && blocked(s, x, y)) ||
           (blocked(s, x, y - 1) && blocked(s, x - 1, y));
}

static uint32_t point_index(const anya *s, int x, int y)
{
    return (uint32_t)y * (uint32_t)(s->width + 1) + (uint32_t)x;
}

static astar_point point_of(const anya *s, uint32_t i)
{
    return (astar_point){ (int)(i % (uint32_t)(s->width + 1)), (int)(i / (uint32_t)(s->width + 1)) };
}

/* The free cells of row c around free cell k: [start, end) as points,
 * clipped to [from, to]: a cone needs a run only as far as it reaches,
 * and the runs of open ground are long (lak303d's lakes). from = 0 and
 * to = width clip nothing. */
static int run_start(const anya *s, int c, int k, int from)
{
    while (k > from && !blocked(s, k - 1, c))
        k--;
    return k;
}

static int run_end(const anya *s, int c, int k, int to)
{
    while (k + 1 < to && !blocked(s, k + 1, c))
        k++;
    return k + 1;
}

/* Along row y from point x, the next point where the cells above and
 * below the row change: a flat node stops at each, since the path may
 * turn there. The outside's blocked cells end every row. */
static bool column_differs(const anya *s, int y, int k, int l)
{
    return blocked(s, k, y - 1) != blocked(s, l, y - 1) || blocked(s, k, y) != blocked(s, l, y);
}

static int next_right(const anya *s, int y, int x)
{
    int e = x + 1;
    while (!column_differs(s, y, e - 1, e))
        e++;
    return e;
}

static int next_left(const anya *s, int y, int x)
{
    int e = x - 1;
    while (!column_differs(s, y, e - 1, e))
        e--;
    return e;
}

static double distance_to(astar_point p, double x, double y)
{
    /* Not hypot, which guards against overflow at twice the cost: a
     * side is at most ASTAR_MAX_SIDE. */
    double dx = p.x - x, dy = p.y - y;
    return sqrt(dx * dx + dy * dy);
}

/* The least |r p| + |p goal| over the points p of the interval: the line
 * from r to the goal, mirrored across the row when both lie on one side
 * of it, meets the row at the best point; clamped into the interval, the
 * nearest end is best, the sum being convex along the row. */
static double h_of(const anya *s, astar_point r, int row, double a, double b)
{
    double gy = s->goal.y, x = r.x;
    if ((gy - row) * (r.y - row) > 0)
        gy = 2.0 * row - gy;
    if (r.y != row)
        x = gy == row ? s->goal.x : r.x + (s->goal.x - r.x) * (row - r.y) / (gy - r.y);
    x = x < a ? a : x > b ? b : x;
    return distance_to(r, x, row) + distance_to(s->goal, x, row);
}

/* GPPC lets a path reach a goal on a double corner (NE and SW blocked)
 * only from its south-east quadrant. */
static bool arrival_allowed(const anya *s, astar_point r)
{
    astar_point t = s->goal;
    if (!(blocked(s, t.x, t.y - 1) && blocked(s, t.x - 1, t.y)))
        return true;
    return r.x >= t.x && r.y >= t.y;
}

/* A successor is staged, not pushed, and its F not yet worked out: when
 * it turns out to be its node's only one and of the same root, the search
 * expands it at once instead (see settle), and needs no F for it. */
static void put(anya *s, aa_node n)
{
    if (s->nodes == s->capacity) {
        s->full = true;
        return;
    }
    s->node[s->nodes++] = n;
    s->staged++;
}

static void push_staged(anya *s)
{
    for (size_t i = s->nodes - s->staged; i < s->nodes; i++) {
        const aa_node *n = &s->node[i];
        astar_point r = point_of(s, n->root);
        double f = n->final ? n->g + distance_to(r, s->goal.x, s->goal.y)
                            : n->g + s->weight * h_of(s, r, n->row, n->a, n->b);
        real_heap_push(s->heap, &s->open, (real_entry){ f, (uint32_t)i });
    }
    s->staged = 0;
}

/* A node of root r, reached with G g: the goal alone when it is in the
 * interval (nothing beyond it is shorter than straight there). */
static void push(anya *s, uint32_t root, double g, int row, double a, double b)
{
    if (b < a)
        b = a;
    if (row == s->goal.y && a - NEAR <= s->goal.x && s->goal.x <= b + NEAR &&
        arrival_allowed(s, point_of(s, root))) {
        put(s, (aa_node){ s->goal.x, s->goal.x, g, root, row, true });
        return;
    }
    put(s, (aa_node){ a, b, g, root, row, false });
}

/* A point's least G as a root so far in this search: the tables are not
 * cleared between searches, a stamp says which entries are this one's. */
static double g_of(const anya *s, uint32_t p)
{
    return s->point[p].stamp == s->generation ? s->point[p].g : INFINITY;
}

static void set_g(anya *s, uint32_t p, double g)
{
    s->point[p].stamp = s->generation;
    s->point[p].g = g;
}

/* Whether corner (x, y) becomes a root with G g: only when that is less
 * than any G it was a root with before. An equal G needs nothing more: a
 * continuation that the first root's shadow leaves out is seen straight
 * from the earlier root, which is shorter, or in line with it. */
static bool improves(const anya *s, int x, int y, double g)
{
    /* Not g < ...: for a point not yet a root the bound is inf - inf,
     * NaN, which every comparison fails. */
    double best = g_of(s, point_index(s, x, y));
    return !(g >= best - NEAR * (1 + best));
}

static bool root_allowed(anya *s, int x, int y, double g, uint32_t from)
{
    uint32_t p = point_index(s, x, y);
    if (!improves(s, x, y, g))
        return false;
    set_g(s, p, g);
    s->point[p].parent = from;
    if (s->partial) {
        double d = distance_to(s->goal, x, y);
        if (d < s->nearest_d || (d == s->nearest_d && g < g_of(s, s->nearest))) {
            s->nearest = p;
            s->nearest_d = d;
        }
    }
    return true;
}

/* Rounding by conversion, not floor, ceil or nearbyint: without SSE4.1
 * those are calls into libm, a few per expansion. Every value here is a
 * point of the map or a projection at most twice as far from its root,
 * well inside an int. */
static int floor_int(double x)
{
    int i = (int)x;
    return i - (x < i);
}

static int ceil_int(double x)
{
    int i = (int)x;
    return i + (x > i);
}

/* The whole number nearest x: adding and taking away 1.5 * 2^52 leaves no
 * bits below the point (two additions, where a conversion to int and
 * back takes four instructions, a fifth of an expansion's time when
 * snap ran on them). It needs doubles evaluated as doubles, as SSE2 and
 * WebAssembly do; anything else has nearbyint. */
static double nearest_whole(double x)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
    const double shift = 6755399441055744.0;
    return (x + shift) - shift;
#else
    return nearbyint(x);
#endif
}

/* Interval ends that should be corners are made so. */
static double snap(double x)
{
    double k = nearest_whole(x);
    return fabs(x - k) < NEAR ? k : x;
}

static bool whole(double x)
{
    return x == nearest_whole(x);
}

/* How much farther from r's row row `to` is than `row`: a cone's
 * expansion projects many points with one ratio, one division. */
static double ratio(astar_point r, int row, int to)
{
    return (double)(to - r.y) / (double)(row - r.y);
}

/* Where the line from r through (x, row) meets the row `to` of ratio t. */
static double project(astar_point r, double x, double t)
{
    return snap(r.x + (x - r.x) * t);
}

/* The cone of new root (x, row) into the cells between row and to, from
 * lo to hi: the part of them that n's root does not see. */
static void turn_cone(anya *s, const aa_node *n, int x, int to, double lo, double hi)
{
    astar_point r = point_of(s, n->root);
    double g = n->g + distance_to(r, x, n->row);
    if (lo <= hi + NEAR && root_allowed(s, x, n->row, g, n->root))
        push(s, point_index(s, x, n->row), g, to, lo, hi);
}

/* The right end x of a cone node is a corner of a blocked cell on the
 * root's side of the row: what lies beyond it, along the row and in the
 * cells past the row, is in its shadow, seen from the corner. dir is +1
 * at the right end, -1 at the left (mirrored). */
static void turn_at_end(anya *s, const aa_node *n, int x, int dir, int c, int to, double edge)
{
    astar_point r = point_of(s, n->root);
    int row = n->row, out = dir > 0 ? x : x - 1, in = dir > 0 ? x - 1 : x;
    /* Checked before the runs are scanned: a cone along a wall meets a
     * corner at every row, most of them reached before. */
    double g = n->g + distance_to(r, x, row);
    if (squeezed(s, x, row) || !improves(s, x, row, g))
        return;
    bool flat = !blocked(s, out, c), cone = flat || !blocked(s, in, c);
    /* The cone's near end is the edge itself, with no run to scan on that
     * side: the root reaches x past the blocked cell beside it on its own
     * side, so from x's side or straight along that cell's side, and the
     * edge is at x or beyond it (snapped), while the free cells on the
     * near side reach no farther than x. (A near run clipped at the edge
     * was scanned here once; it never decided lo or hi, and a mutation
     * clipping it two cells short passed every test.) */
    double far = flat ? (dir > 0 ? run_end(s, c, out, s->width) : run_start(s, c, out, 0)) : x;
    double lo = dir > 0 ? edge : far;
    double hi = dir > 0 ? far : edge;
    cone = cone && lo <= hi + NEAR;
    if ((!flat && !cone) || !root_allowed(s, x, row, g, n->root))
        return;
    uint32_t root = point_index(s, x, row);
    if (flat)
        push(s, root, g, row, dir > 0 ? x : next_left(s, row, x),
             dir > 0 ? next_right(s, row, x) : x);
    if (cone)
        push(s, root, g, to, lo, hi);
}

static void expand_cone(anya *s, const aa_node *n)
{
    astar_point r = point_of(s, n->root);
    int dy = n->row > r.y ? 1 : -1, row = n->row, to = row + dy;
    int c = dy > 0 ? row : row - 1, back = dy > 0 ? row - 1 : row;
    double a = n->a, b = n->b, t = ratio(r, row, to);
    double pa = project(r, a, t), pb = project(r, b, t);
    if (b - a > NEAR) {
        int k = floor_int(a + NEAR), end = ceil_int(b - NEAR);
        /* Runs clipped a cell beyond the interval and its projection: a
         * clipped end is then neither inside the interval (no turn there)
         * nor inside the projection (lo and hi come from the projection). */
        int from = floor_int(a < pa ? a : pa) - 1, upto = ceil_int(b > pb ? b : pb) + 1;
        while (k < end) {
            if (blocked(s, k, c)) {
                k++;
                continue;
            }
            int u = run_start(s, c, k, from), v = run_end(s, c, k, upto);
            double ja = a > u ? a : u, jb = b < v ? b : v;
            double lo = ja == a ? pa : project(r, ja, t), hi = jb == b ? pb : project(r, jb, t);
            lo = lo > u ? lo : u;
            hi = hi < v ? hi : v;
            if (lo <= hi + NEAR)
                push(s, n->root, n->g, to, lo, hi);
            /* A blocked cell ends the run at u or v inside the interval:
             * the shadow behind its corner, between the cell's side and
             * the line from r past the corner, is seen from the corner. */
            if (u >= a - NEAR) {
                double pu = project(r, u, t);
                if (pu > u + NEAR && !squeezed(s, u, row))
                    turn_cone(s, n, u, to, u, pu < v ? pu : v);
            }
            if (v <= b + NEAR) {
                double pv = project(r, v, t);
                if (pv < v - NEAR && !squeezed(s, v, row))
                    turn_cone(s, n, v, to, pv > u ? pv : u, v);
            }
            k = v;
        }
    }
    if (whole(b) && blocked(s, (int)b, back))
        turn_at_end(s, n, (int)b, 1, c, to, pb);
    if (whole(a) && blocked(s, (int)a - 1, back))
        turn_at_end(s, n, (int)a, -1, c, to, pa);
}

/* A flat node goes on along the row past its far end e, and turns there
 * into the cells above or below where a blocked cell beside the row ends. */
static void expand_flat(anya *s, const aa_node *n)
{
    astar_point r = point_of(s, n->root);
    int row = n->row, dir = n->b > r.x ? 1 : -1;
    int e = (int)(dir > 0 ? n->b : n->a), ahead = dir > 0 ? e : e - 1, behind = dir > 0 ? e - 1 : e;
    if (squeezed(s, e, row))
        return;
    if (!blocked(s, ahead, row - 1) || !blocked(s, ahead, row))
        push(s, n->root, n->g, row, dir > 0 ? e : next_left(s, row, e),
             dir > 0 ? next_right(s, row, e) : e);
    for (int c = row - 1; c <= row; c++) {
        if (!blocked(s, behind, c) || blocked(s, ahead, c))
            continue;
        int run = dir > 0 ? run_end(s, c, ahead, s->width) : run_start(s, c, ahead, 0);
        turn_cone(s, n, e, c == row ? row + 1 : row - 1, dir > 0 ? e : run, dir > 0 ? run : e);
    }
}

/* The start's nodes: along its row both ways, and the cells above and
 * below it as seen from it (a start on a double corner leaves south-east). */
static void seed(anya *s)
{
    int x = s->start.x, y = s->start.y;
    uint32_t root = point_index(s, x, y);
    bool south_east_only = blocked(s, x, y - 1) && blocked(s, x - 1, y);
    set_g(s, root, 0);
    if (!blocked(s, x, y - 1) || !blocked(s, x, y))
        push(s, root, 0, y, x, next_right(s, y, x));
    for (int c = y - 1; c <= y; c++) {
        if (c < y && south_east_only)
            continue;
        if (blocked(s, x - 1, c) && blocked(s, x, c))
            continue;
        double lo = blocked(s, x - 1, c) ? x : run_start(s, c, x - 1, 0);
        double hi = blocked(s, x, c) ? x : run_end(s, c, x, s->width);
        push(s, root, 0, c < y ? y - 1 : y + 1, lo, hi);
    }
    if (!south_east_only && (!blocked(s, x - 1, y - 1) || !blocked(s, x - 1, y)))
        push(s, root, 0, y, next_left(s, y, x), x);
}

typedef enum aa_end { AA_FOUND, AA_NONE, AA_LIMIT, AA_FULL } aa_end;

/* Expands n, and goes on at once into each successor that is its node's
 * only one and keeps the root (an "intermediate" node: Harabor et al.,
 * section 5): its F is no less than n's, the root's G cannot change
 * meanwhile (the corners that become roots lie on other lines), so
 * taking it now rather than in F order changes nothing but the heap's
 * traffic - in open space a cone crosses row after row this way without
 * touching the heap. A goal node is never taken so: it must wait its turn.
 * AA_LIMIT when *expanded reached stop first, *n then the node not yet
 * expanded. */
static aa_end settle(anya *s, aa_node *n, uint32_t stop, uint32_t *expanded)
{
    for (;;) {
        if (*expanded == stop)
            return AA_LIMIT;
        ++*expanded;
        if (n->row == point_of(s, n->root).y)
            expand_flat(s, n);
        else
            expand_cone(s, n);
        const aa_node *only = &s->node[s->nodes - 1];
        if (s->staged != 1 || s->full || only->final || only->root != n->root)
            break;
        *n = *only;
        s->nodes--;
        s->staged = 0;
    }
    push_staged(s);
    return AA_NONE;
}

/* Takes nodes off the open list in F order until the goal's, none is
 * left, a node did not fit, or stop expansions were made; *last is the
 * goal's root when found. A node stopped at is held (*held, and *holding
 * set) and taken first when the search goes on, so that a search in
 * slices expands what one in one call does, in the same order. */
static aa_end run(anya *s, uint32_t stop, uint32_t *expanded, uint32_t *last, aa_node *held,
                  bool *holding)
{
    while ((*holding || s->open > 0) && !s->full) {
        aa_node n = *holding ? *held : s->node[real_heap_pop(s->heap, &s->open).item];
        if (!*holding) {
            if (n.final) {
                *last = n.root;
                return AA_FOUND;
            }
            double best = g_of(s, n.root);
            if (n.g > best + NEAR * (1 + best))
                continue;
        }
        *holding = false;
        if (settle(s, &n, stop, expanded) == AA_LIMIT) {
            *held = n;
            *holding = true;
            return AA_LIMIT;
        }
    }
    return s->full ? AA_FULL : AA_NONE;
}

/* What the scratch memory starts with: for how many points its stamps
 * are laid out, and the generation of the last search. */
typedef struct aa_header {
    size_t points;
    uint32_t generation;
} aa_header;

/* The scratch memory for points and capacity nodes: the header, the
 * per-point table, then the nodes and the heap (each part a multiple of 8
 * bytes long, so each is aligned for its type). A new block, or a map
 * with another count of points, clears the stamps; otherwise a search
 * only takes the next generation, so setting up costs O(1), not O(points). */
static astar_status lay_out(astar_context *ctx, anya *s, size_t points, size_t capacity)
{
    size_t head = (sizeof(aa_header) + 7) / 8 * 8;
    size_t bytes = head + points * sizeof(aa_point) +
                   capacity * (sizeof(aa_node) + sizeof(real_entry));
    if (ctx->scratch_bytes < bytes) {
        /* Not zeroed: the nodes and the heap need nothing, and zeroing
         * them (tens of MiB on a 512 x 512 map) touched every page - most
         * of a first query's time. The header says the stamps are unset. */
        astar__release(&ctx->memory, ctx->scratch);
        ctx->scratch = astar__allocate(&ctx->memory, bytes, 1);
        ctx->scratch_bytes = ctx->scratch != NULL ? bytes : 0;
        if (ctx->scratch == NULL)
            return ASTAR_OUT_OF_MEMORY;
        *(aa_header *)ctx->scratch = (aa_header){ 0, 0 };
    }
    unsigned char *at = ctx->scratch;
    aa_header *h = ctx->scratch;
    s->point = (aa_point *)(void *)(at += head);
    s->node = (aa_node *)(void *)(at += points * sizeof(aa_point));
    s->heap = (real_entry *)(void *)(at + capacity * sizeof(aa_node));
    if (h->points != points || h->generation == UINT32_MAX) {
        memset(s->point, 0, points * sizeof *s->point);
        h->points = points;
        h->generation = 0;
    }
    s->generation = ++h->generation;
    s->capacity = capacity;
    s->nodes = s->open = s->staged = 0;
    s->full = false;
    return ASTAR_OK;
}

static int common_divisor(int a, int b)
{
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int div_floor(int64_t n, int64_t d)
{
    return (int)(n / d - (n % d != 0 && (n < 0) != (d < 0)));
}

/* Whether the straight segment from start to goal is a path by itself:
 * then no search is needed (RayScan looks first too, and answers many of
 * arena's short problems so). It is checked as the rules say: no double
 * corner at a point of the grid on it, along a grid line one free cell
 * beside each step, across the cells no blocked inside crossed, and a
 * start or goal on a double corner left or reached from the south-east. */
static bool in_sight(const anya *s)
{
    astar_point p = s->start, q = s->goal;
    if (blocked(s, p.x, p.y - 1) && blocked(s, p.x - 1, p.y) && (q.x < p.x || q.y < p.y))
        return false;
    if (!arrival_allowed(s, p))
        return false;
    int dx = q.x - p.x, dy = q.y - p.y;
    int steps = common_divisor(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy);
    int sx = dx / steps, sy = dy / steps;
    for (int i = 1; i < steps; i++)
        if (squeezed(s, p.x + sx * i, p.y + sy * i))
            return false;
    if (dx == 0 || dy == 0) {
        for (int i = 0; i < steps; i++) {
            int x = p.x + sx * i, y = p.y + sy * i;
            int cx = sx < 0 ? x - 1 : x, cy = sy < 0 ? y - 1 : y;
            if (dy == 0 ? blocked(s, cx, y - 1) && blocked(s, cx, y)
                        : blocked(s, x - 1, cy) && blocked(s, x, cy))
                return false;
        }
        return true;
    }
    if (dx < 0) {
        astar_point t = p;
        p = q;
        q = t;
        dx = -dx;
        dy = -dy;
    }
    /* Column k holds the segment between heights n / dx and (n + dy) / dx;
     * it crosses the inside of the cells of the rows between. */
    for (int k = p.x; k < q.x; k++) {
        int64_t n = (int64_t)p.y * dx + (int64_t)(k - p.x) * dy;
        int64_t lo = dy > 0 ? n : n + dy, hi = dy > 0 ? n + dy : n;
        for (int r = div_floor(lo, dx), end = -div_floor(-hi, dx); r < end; r++)
            if (blocked(s, k, r))
                return false;
    }
    return true;
}

/* Whether the path turns at q, between p before it and r after it: roots
 * can follow one another along one straight line (a wall's side read
 * corner by corner, in an order that ties decide), and a point there is
 * no turn, so the route leaves it out. */
static bool turns(astar_point p, astar_point q, astar_point r)
{
    int64_t cross = (int64_t)(q.x - p.x) * (r.y - q.y) - (int64_t)(q.y - p.y) * (r.x - q.x);
    int64_t dot = (int64_t)(q.x - p.x) * (r.x - q.x) + (int64_t)(q.y - p.y) * (r.y - q.y);
    return cross != 0 || dot < 0;
}

/* Walks the path to point last, the goal after it when to_goal, from its
 * end back to the start, over the points kept (the ends and the turns):
 * with route, writes each below index count and sums the length; returns
 * how many there are. */
static size_t walk_route(const anya *s, uint32_t last, bool to_goal, astar_route *route,
                         size_t count)
{
    uint32_t start = point_index(s, s->start.x, s->start.y);
    astar_point kept = to_goal ? s->goal : point_of(s, last), after = kept;
    size_t n = 1;
    double sum = 0;
    if (route)
        astar__route_point(route, count - 1, kept);
    if (to_goal || last != start)
        for (uint32_t p = to_goal ? last : s->point[last].parent;; p = s->point[p].parent) {
            astar_point q = point_of(s, p);
            if (p == start || turns(point_of(s, s->point[p].parent), q, after)) {
                n++;
                if (route) {
                    astar__route_point(route, count - n, q);
                    sum += distance_to(q, kept.x, kept.y);
                }
                kept = q;
            }
            after = q;
            if (p == start)
                break;
        }
    if (route)
        route->distance = sum;
    return n;
}

static void write_route(const anya *s, uint32_t last, bool to_goal, astar_route *route)
{
    route->length = walk_route(s, last, to_goal, NULL, 0);
    walk_route(s, last, to_goal, route, route->length);
}

/* An any-angle search between calls (state.h): the loop's search first,
 * for what the sliced calls read of every kind (expanded, partial,
 * nearest, max_expanded), then Anya's own. */
typedef struct anya_search {
    search s;
    anya a;
    astar_context *ctx;
    size_t points, capacity;  /* what the scratch memory is laid out for */
    uint32_t last;            /* found: the root the goal was seen from */
    aa_node held;             /* with holding: the node a step stopped at */
    bool holding;
} anya_search;

/* The scratch memory laid out for capacity nodes, and the start's nodes
 * on the open list: a new search, or the same one again with more room. */
static astar_status restart(anya_search *r, size_t capacity)
{
    /* A node's number is a heap entry's 32-bit item, and the bytes must be
     * counted in a size_t (32 bits in WebAssembly). */
    size_t points = r->points, per_point = sizeof(aa_point);
    if (points > (SIZE_MAX - 64) / per_point)
        return ASTAR_OUT_OF_MEMORY;
    size_t most = (SIZE_MAX - 64 - points * per_point) / (sizeof(aa_node) + sizeof(real_entry));
    if ((uint64_t)capacity > UINT32_MAX || capacity > most)
        return ASTAR_OUT_OF_MEMORY;
    astar_status st = lay_out(r->ctx, &r->a, points, capacity);
    if (st != ASTAR_OK)
        return st;
    r->capacity = capacity;
    r->s.expanded = 0;
    r->holding = false;
    anya *s = &r->a;
    s->nearest = point_index(s, s->start.x, s->start.y);
    s->nearest_d = distance_to(s->goal, s->start.x, s->start.y);
    seed(s);
    push_staged(s);
    return ASTAR_IN_PROGRESS;
}

/* Goes on for up to budget intervals expanded. When the nodes outgrow
 * the scratch memory, the search starts over in twice the room and the
 * step ends there: the memory grows between expansions, never during one. */
static astar_status anya_step(search_state *st, uint32_t budget)
{
    anya_search *r = SEARCH_RECORD(st, anya_search);
    if (r->a.full)
        return restart(r, r->capacity * 2);
    uint32_t left = r->s.max_expanded - r->s.expanded;
    uint32_t stop = r->s.expanded + (budget < left ? budget : left);
    aa_end end = run(&r->a, stop, &r->s.expanded, &r->last, &r->held, &r->holding);
    r->s.nearest = r->a.nearest;
    switch (end) {
    case AA_FOUND:
        st->end = r->last;
        return ASTAR_OK;
    case AA_NONE: return ASTAR_NO_PATH;
    case AA_FULL: return ASTAR_IN_PROGRESS;
    case AA_LIMIT: break;
    }
    return r->s.expanded == r->s.max_expanded ? ASTAR_EXPANSION_LIMIT : ASTAR_IN_PROGRESS;
}

static void anya_finish(const search_state *st, uint32_t end, astar_route *route)
{
    const anya_search *r = SEARCH_RECORD(st, anya_search);
    const anya *s = &r->a;
    if (s->start.x == s->goal.x && s->start.y == s->goal.y) {
        route->length = 1;
        astar__route_point(route, 0, s->start);
        return;
    }
    write_route(s, end, st->status == ASTAR_OK, route);
}

/* Every edit touches it: an interval is what a root sees across many
 * cells, and which cells it read is not kept. */
static const search_kind kind_anya = { anya_step, false, NULL, anya_finish };

astar_status astar_any_angle_intervals(const astar_context *ctx, astar_any_angle_interval *out,
                                       size_t capacity, size_t *count)
{
    if (!ctx || !count || (!out && capacity > 0) || ctx->state->kind != &kind_anya)
        return ASTAR_INVALID_ARGUMENT;
    const anya *s = &SEARCH_RECORD(ctx->state, anya_search)->a;
    size_t n = s->nodes;
    *count = n;
    for (size_t i = 0; i < n && i < capacity; i++) {
        const aa_node *v = &s->node[i];
        out[i] = (astar_any_angle_interval){ point_of(s, v->root), v->row, v->a, v->b, v->g, false };
    }
    for (size_t k = 0; k < s->open; k++)
        if (s->heap[k].item < capacity)
            out[s->heap[k].item].open = true;
    return ASTAR_OK;
}

astar_status astar__anya_check(const astar_grid *grid, const astar_options *options)
{
    /* The GPPC rules are the corner rule of 8 moves; the game world prices
     * steps of cells, which an any-angle path does not take. */
    astar_search_options d = astar_search_options_default();
    const astar_search_options *o = &options->search;
    if (hex_topology(grid->topology) || options->moves != ASTAR_MOVES_8 ||
        astar__options_world_used(options) || o->open_list != d.open_list || o->ties != d.ties ||
        o->stop != d.stop || o->observer != NULL || o->trace != NULL)
        return ASTAR_UNSUPPORTED;
    return ASTAR_OK;
}

astar_status astar__anya_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                               uint32_t start, uint32_t target, const astar_options *options)
{
    anya_search *r = SEARCH_RECORD(st, anya_search);
    uint32_t w = (uint32_t)grid->width;
    astar_point from = { (int)(start % w), (int)(start / w) }, to = { (int)(target % w), (int)(target / w) };
    *r = (anya_search){
        .s = search_with_options(ctx, &options->search, (cost_model){ 0 }, 0),
        .a = { .terrain = grid->terrain, .stride = grid->stride, .width = grid->width,
               .height = grid->height, .start = from, .goal = to,
               .weight = options->search.weight, .partial = options->search.partial },
        .ctx = ctx,
        .points = (size_t)(grid->width + 1) * (size_t)(grid->height + 1),
    };
    st->kind = &kind_anya;
    /* No cell of the context's lists is this search's: read back, each is
     * on none. */
    context_begin(ctx, LAYOUT_LISTS);
    r->last = point_index(&r->a, from.x, from.y);
    st->end = r->last;
    if ((from.x == to.x && from.y == to.y) || in_sight(&r->a))
        return ASTAR_OK;
    return restart(r, 2 * r->points + 64);
}

astar_status astar_find_any_angle_path(astar_context *ctx, const astar_grid *grid,
                                       astar_point start, astar_point goal,
                                       const astar_search_options *options, astar_route *route)
{
    astar_options o = astar_options_default();
    o.algorithm = ASTAR_ALGORITHM_ANYA;
    if (options)
        o.search = *options;
    return astar_find_path(ctx, grid, start, goal, &o, route);
}
