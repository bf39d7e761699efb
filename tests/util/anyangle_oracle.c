#include "util/anyangle_oracle.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static bool blocked(const astar_grid *g, int x, int y)
{
    return x < 0 || y < 0 || x >= astar_grid_width(g) || y >= astar_grid_height(g) ||
           !astar_grid_walkable(g, x, y);
}

/* No segment passes through point (x, y) if two cells that touch only
 * there are blocked (with three or four blocked the cells it would cross
 * refuse it anyway). */
static bool squeezed(const astar_grid *g, int x, int y)
{
    return (blocked(g, x - 1, y - 1) && blocked(g, x, y)) ||
           (blocked(g, x, y - 1) && blocked(g, x - 1, y));
}

/* A segment may end at (x, y) leaving in direction (dx, dy): GPPC's rule
 * for starts and targets on a double corner. */
static bool end_allowed(const astar_grid *g, int x, int y, int64_t dx, int64_t dy)
{
    bool nw = blocked(g, x - 1, y - 1), ne = blocked(g, x, y - 1);
    bool sw = blocked(g, x - 1, y), se = blocked(g, x, y);
    if (nw && se && !ne && !sw)
        return false;
    if (ne && sw && !nw && !se)
        return dx >= 0 && dy >= 0;
    return true;
}

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Along a grid line: each unit piece lies between two cells of which one
 * must be free, and each point passed must not be squeezed. along_x says
 * the line is a row. */
static bool axis_valid(const astar_grid *g, astar_point p, astar_point q, bool along_x)
{
    int from = along_x ? p.x : p.y, to = along_x ? q.x : q.y;
    int lo = from < to ? from : to, hi = from < to ? to : from;
    for (int i = lo; i < hi; i++) {
        bool a = along_x ? blocked(g, i, p.y - 1) : blocked(g, p.x - 1, i);
        bool b = along_x ? blocked(g, i, p.y) : blocked(g, p.x, i);
        if (a && b)
            return false;
        if (i > lo && (along_x ? squeezed(g, i, p.y) : squeezed(g, p.x, i)))
            return false;
    }
    return true;
}

/* Off the grid lines: the segment, parametrised by t in [0, L] with
 * L = |dx| |dy|, crosses a column line at every multiple of |dy| and a row
 * line at every multiple of |dx|; between two crossings it lies inside one
 * cell, found exactly from the midpoint, which must be free; where both
 * lines are crossed at once it passes a corner, which must not be
 * squeezed. */
static bool slanted_valid(const astar_grid *g, astar_point p, int64_t dx, int64_t dy)
{
    int64_t ax = llabs(dx), ay = llabs(dy), len = ax * ay;
    int64_t t0 = 0;
    while (t0 < len) {
        int64_t next_col = (t0 / ay + 1) * ay, next_row = (t0 / ax + 1) * ax;
        int64_t t1 = next_col < next_row ? next_col : next_row;
        int64_t cx = floor_div(2 * len * p.x + dx * (t0 + t1), 2 * len);
        int64_t cy = floor_div(2 * len * p.y + dy * (t0 + t1), 2 * len);
        if (blocked(g, (int)cx, (int)cy))
            return false;
        if (t1 < len && t1 % ay == 0 && t1 % ax == 0 &&
            squeezed(g, (int)(p.x + dx * t1 / len), (int)(p.y + dy * t1 / len)))
            return false;
        t0 = t1;
    }
    return true;
}

bool aa_segment_valid(const astar_grid *g, astar_point p, astar_point q)
{
    int64_t dx = (int64_t)q.x - p.x, dy = (int64_t)q.y - p.y;
    if (dx == 0 && dy == 0)
        return false;
    if (!end_allowed(g, p.x, p.y, dx, dy) || !end_allowed(g, q.x, q.y, -dx, -dy))
        return false;
    if (dy == 0)
        return axis_valid(g, p, q, true);
    if (dx == 0)
        return axis_valid(g, p, q, false);
    return slanted_valid(g, p, dx, dy);
}

static double distance(astar_point a, astar_point b)
{
    double dx = (double)a.x - b.x, dy = (double)a.y - b.y;
    return sqrt(dx * dx + dy * dy); /* exact squares: correctly rounded, as hypot, and faster */
}

static bool inside(const astar_grid *g, astar_point p)
{
    return p.x >= 0 && p.y >= 0 && p.x <= astar_grid_width(g) && p.y <= astar_grid_height(g);
}

bool aa_path_valid(const astar_grid *g, const astar_point *points, size_t n, double *length)
{
    double sum = 0;
    if (n == 0 || !inside(g, points[0]))
        return false;
    for (size_t i = 1; i < n; i++) {
        if (!inside(g, points[i]) || !aa_segment_valid(g, points[i - 1], points[i]))
            return false;
        if (i + 1 < n && squeezed(g, points[i].x, points[i].y))
            return false;
        sum += distance(points[i - 1], points[i]);
    }
    if (length != NULL)
        *length = sum;
    return true;
}

/* The path from start to goal to itself: one point. */
static double one_point(astar_point p, astar_point *points, size_t capacity, size_t *n)
{
    if (capacity > 0)
        points[0] = p;
    if (n != NULL)
        *n = 1;
    return 0;
}

/* Writes the chain of nodes from t back through parent (SIZE_MAX ends it)
 * into points, start first, up to capacity; the count to *n [opt]. */
static void chain_out(const astar_point *node, const size_t *parent, size_t t,
                      astar_point *points, size_t capacity, size_t *n)
{
    size_t count = 0;
    for (size_t v = t; v != SIZE_MAX; v = parent[v])
        count++;
    size_t i = count;
    for (size_t v = t; v != SIZE_MAX; v = parent[v])
        if (--i < capacity)
            points[i] = node[v];
    if (n != NULL)
        *n = count;
}

struct aa_oracle {
    const astar_grid *grid;
    size_t count;          /* corners, then room for start and goal */
    astar_point *node;
    unsigned char *sees;   /* count x count, corners only */
    double *dist;
    size_t *parent;
    bool *done;
};

static bool is_node(const astar_grid *g, int x, int y, bool all_corners)
{
    int n = blocked(g, x - 1, y - 1) + blocked(g, x, y - 1) + blocked(g, x - 1, y) +
            blocked(g, x, y);
    if (!all_corners)
        return n == 1;
    bool inner = false;
    for (int cy = y - 1; cy <= y; cy++)
        for (int cx = x - 1; cx <= x; cx++)
            inner |= cx >= 0 && cy >= 0 && cx < astar_grid_width(g) &&
                     cy < astar_grid_height(g) && blocked(g, cx, cy);
    return inner && n < 4 && !squeezed(g, x, y);
}

aa_oracle *aa_oracle_new(const astar_grid *g, bool all_corners)
{
    aa_oracle *o = calloc(1, sizeof *o);
    int w = astar_grid_width(g), h = astar_grid_height(g);
    if (o == NULL)
        return NULL;
    o->grid = g;
    o->node = malloc(((size_t)(w + 1) * (size_t)(h + 1) + 2) * sizeof *o->node);
    if (o->node == NULL) {
        aa_oracle_delete(o);
        return NULL;
    }
    for (int y = 0; y <= h; y++)
        for (int x = 0; x <= w; x++)
            if (is_node(g, x, y, all_corners))
                o->node[o->count++] = (astar_point){ x, y };
    size_t c = o->count, m = c + 2;
    o->sees = calloc(c * c + 1, 1);
    o->dist = malloc(m * sizeof *o->dist);
    o->parent = malloc(m * sizeof *o->parent);
    o->done = malloc(m * sizeof *o->done);
    if (o->sees == NULL || o->dist == NULL || o->parent == NULL || o->done == NULL) {
        aa_oracle_delete(o);
        return NULL;
    }
    for (size_t i = 0; i < c; i++)
        for (size_t j = i + 1; j < c; j++)
            o->sees[i * c + j] = o->sees[j * c + i] =
                aa_segment_valid(g, o->node[i], o->node[j]);
    return o;
}

void aa_oracle_delete(aa_oracle *o)
{
    if (o == NULL)
        return;
    free(o->node);
    free(o->sees);
    free(o->dist);
    free(o->parent);
    free(o->done);
    free(o);
}

/* Whether nodes i and j see each other: the table between corners, a
 * segment test for the start and goal (the last two nodes). */
static bool sees(const aa_oracle *o, size_t i, size_t j)
{
    if (i < o->count && j < o->count)
        return o->sees[i * o->count + j] != 0;
    return aa_segment_valid(o->grid, o->node[i], o->node[j]);
}

double aa_oracle_length(aa_oracle *o, astar_point start, astar_point goal, astar_point *points,
                        size_t capacity, size_t *n)
{
    size_t s = o->count, t = o->count + 1, m = o->count + 2;
    if (n != NULL)
        *n = 0;
    if (start.x == goal.x && start.y == goal.y)
        return one_point(start, points, capacity, n);
    o->node[s] = start;
    o->node[t] = goal;
    for (size_t i = 0; i < m; i++) {
        o->dist[i] = INFINITY;
        o->done[i] = false;
        o->parent[i] = SIZE_MAX;
    }
    o->dist[s] = 0;
    for (;;) {
        size_t u = SIZE_MAX;
        for (size_t i = 0; i < m; i++)
            if (!o->done[i] && o->dist[i] < INFINITY && (u == SIZE_MAX || o->dist[i] < o->dist[u]))
                u = i;
        if (u == SIZE_MAX)
            return -1;
        if (u == t)
            break;
        o->done[u] = true;
        for (size_t v = 0; v < m; v++) {
            if (o->done[v] || v == s)
                continue;
            double d = o->dist[u] + distance(o->node[u], o->node[v]);
            if (d < o->dist[v] && sees(o, u, v)) {
                o->dist[v] = d;
                o->parent[v] = u;
            }
        }
    }
    chain_out(o->node, o->parent, t, points, capacity, n);
    return o->dist[t];
}

/* The bounded oracle: the same graph (the convex corners, start and goal,
 * joined where a segment is valid), searched by A* and only through
 * corners that can lie on a path no longer than the bound: each corner's
 * segment test is made when the search first could use it, never for all
 * pairs. Corners are kept in square buckets, so that the corners within
 * reach of one are found without looking at all of them.
 *
 * H is the larger of the straight line to the goal and a count of cells:
 * steps[] holds, per cell, the fewest steps to a free cell around the goal
 * point, a step to any of the 8 neighbours but a diagonal one between two
 * blocked cells. A valid segment between points dx and dy apart crosses
 * max(|dx|, |dy|) - 1 lines of its longer axis inside it, and the cells it
 * passes through are a chain of that many such steps (a crossing of the
 * shorter axis merged into one of the longer as a diagonal step past the
 * chain's cell between them; at a point where it passes between two cells
 * at a corner one of the other two is free, or it would cross a double
 * corner; along a grid line, a change of side with a step along it). The
 * cells around a convex corner touch one another, so a turn costs at most
 * one step. So a path of length L from a corner reaches the goal in at
 * most L - 1 steps, from a cell around the corner: 1 + the least steps[]
 * around it is at most L, and at most L + H(v) of a corner v L away
 * (consistent, as the straight line is). In a maze, where the straight
 * line lets nearly every corner within the bound be tried, this count
 * is close to the length. */
enum { BUCKET = 16 };

struct aa_corners {
    const astar_grid *grid;
    size_t count;
    astar_point *node;      /* count corners, then start and goal */
    signed char (*blocked_at)[2]; /* per corner, where its blocked cell lies:
                                     (-1 or 1, -1 or 1) from the corner */
    size_t bx, by;          /* buckets across and down */
    size_t *first;          /* bx * by + 1: the corners of bucket b are
                               node[first[b] .. first[b + 1]) */
    double *dist;
    size_t *parent;
    uint32_t *stamp;        /* dist and parent hold this search's values */
    bool *done;
    uint32_t search;
    size_t *heap;           /* node indices, by key */
    double *key;
    size_t heap_count;
    uint32_t *steps;        /* per cell, to the goal's cells (above) */
    double *bucket_h;       /* per bucket, the least H of its corners */
    double *corner_h;       /* per corner, its H */
    uint32_t *queue;        /* the breadth-first search's cells */
    astar_point goal;       /* the goal steps[] and the H are for, */
    bool aimed;             /* once there is one */
};

aa_corners *aa_corners_new(const astar_grid *g)
{
    aa_corners *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    int w = astar_grid_width(g), h = astar_grid_height(g);
    c->grid = g;
    c->bx = (size_t)w / BUCKET + 1;
    c->by = (size_t)h / BUCKET + 1;
    size_t buckets = c->bx * c->by, most = (size_t)(w + 1) * (size_t)(h + 1) + 2;
    c->first = calloc(buckets + 1, sizeof *c->first);
    c->node = malloc(most * sizeof *c->node);
    c->dist = malloc(most * sizeof *c->dist);
    c->parent = malloc(most * sizeof *c->parent);
    c->stamp = calloc(most, sizeof *c->stamp);
    c->done = calloc(most, sizeof *c->done);
    c->heap = malloc(most * sizeof *c->heap);
    c->key = malloc(most * sizeof *c->key);
    c->blocked_at = malloc(most * sizeof *c->blocked_at);
    c->steps = malloc(astar_grid_cells(g) * sizeof *c->steps);
    c->queue = malloc(astar_grid_cells(g) * sizeof *c->queue);
    c->bucket_h = malloc(buckets * sizeof *c->bucket_h);
    c->corner_h = malloc(most * sizeof *c->corner_h);
    if (!c->first || !c->node || !c->dist || !c->parent || !c->stamp || !c->done || !c->heap ||
        !c->key || !c->blocked_at || !c->steps || !c->queue || !c->bucket_h || !c->corner_h) {
        aa_corners_delete(c);
        return NULL;
    }
    /* Counted per bucket, then laid out bucket by bucket. */
    for (int y = 0; y <= h; y++)
        for (int x = 0; x <= w; x++)
            if (is_node(g, x, y, false))
                c->first[(size_t)(y / BUCKET) * c->bx + (size_t)(x / BUCKET) + 1]++;
    for (size_t b = 0; b < buckets; b++)
        c->first[b + 1] += c->first[b];
    c->count = c->first[buckets];
    size_t *at = malloc((buckets + 1) * sizeof *at);
    if (at == NULL) {
        aa_corners_delete(c);
        return NULL;
    }
    for (size_t b = 0; b <= buckets; b++)
        at[b] = c->first[b];
    for (int y = 0; y <= h; y++)
        for (int x = 0; x <= w; x++)
            if (is_node(g, x, y, false)) {
                size_t i = at[(size_t)(y / BUCKET) * c->bx + (size_t)(x / BUCKET)]++;
                c->node[i] = (astar_point){ x, y };
                c->blocked_at[i][0] = (signed char)(blocked(g, x, y - 1) || blocked(g, x, y) ? 1 : -1);
                c->blocked_at[i][1] = (signed char)(blocked(g, x - 1, y) || blocked(g, x, y) ? 1 : -1);
            }
    free(at);
    return c;
}

void aa_corners_delete(aa_corners *c)
{
    if (c == NULL)
        return;
    free(c->first);
    free(c->node);
    free(c->dist);
    free(c->parent);
    free(c->stamp);
    free(c->done);
    free(c->heap);
    free(c->key);
    free(c->blocked_at);
    free(c->steps);
    free(c->queue);
    free(c->bucket_h);
    free(c->corner_h);
    free(c);
}

size_t aa_corners_count(const aa_corners *c)
{
    return c->count;
}

/* Cell k (0..3) of the four around point p, as an index into steps[], or
 * SIZE_MAX where it is blocked or off the map. */
static size_t around(const astar_grid *g, astar_point p, int k)
{
    int x = p.x - (k & 1), y = p.y - (k >> 1);
    return blocked(g, x, y) ? SIZE_MAX : (size_t)y * (size_t)astar_grid_width(g) + (size_t)x;
}

/* steps[] for goal: a breadth-first search from the free cells around it. */
static void count_steps(aa_corners *c, astar_point goal)
{
    const astar_grid *g = c->grid;
    int w = astar_grid_width(g), h = astar_grid_height(g);
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < astar_grid_cells(g); i++)
        c->steps[i] = UINT32_MAX;
    for (int k = 0; k < 4; k++) {
        size_t cell = around(g, goal, k);
        if (cell != SIZE_MAX && c->steps[cell] != 0) {
            c->steps[cell] = 0;
            c->queue[tail++] = (uint32_t)cell;
        }
    }
    while (head < tail) {
        uint32_t cell = c->queue[head++];
        int x = (int)(cell % (uint32_t)w), y = (int)(cell / (uint32_t)w);
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy;
                if ((dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= w || ny >= h ||
                    blocked(g, nx, ny) || (dx && dy && blocked(g, nx, y) && blocked(g, x, ny)))
                    continue;
                size_t n = (size_t)ny * (size_t)w + (size_t)nx;
                if (c->steps[n] == UINT32_MAX) {
                    c->steps[n] = c->steps[cell] + 1;
                    c->queue[tail++] = (uint32_t)n;
                }
            }
    }
}

/* H of point p (above): the straight line, or 1 + the least steps[] of
 * the free cells around p where that is more. */
static double h_of(const aa_corners *c, astar_point p, astar_point goal)
{
    if (p.x == goal.x && p.y == goal.y)
        return 0;
    uint32_t least = UINT32_MAX;
    for (int k = 0; k < 4; k++) {
        size_t cell = around(c->grid, p, k);
        if (cell != SIZE_MAX && c->steps[cell] < least)
            least = c->steps[cell];
    }
    return least == UINT32_MAX ? INFINITY : fmax(distance(p, goal), 1.0 + least);
}

/* steps[], corner_h and bucket_h for goal, made once for a run of
 * queries to one goal: a bucket none of whose corners can lie on a path
 * within the bound is passed over whole. */
static void aim(aa_corners *c, astar_point goal)
{
    if (c->aimed && c->goal.x == goal.x && c->goal.y == goal.y)
        return;
    count_steps(c, goal);
    for (size_t b = 0; b < c->bx * c->by; b++) {
        c->bucket_h[b] = INFINITY;
        for (size_t v = c->first[b]; v < c->first[b + 1]; v++) {
            c->corner_h[v] = h_of(c, c->node[v], goal);
            c->bucket_h[b] = fmin(c->bucket_h[b], c->corner_h[v]);
        }
    }
    c->goal = goal;
    c->aimed = true;
}

/* How far p is from bucket (bx, by)'s square of points, at least. */
static double to_bucket(astar_point p, size_t bx, size_t by)
{
    double x0 = (double)(bx * BUCKET), y0 = (double)(by * BUCKET);
    double dx = fmax(0, fmax(x0 - p.x, p.x - (x0 + BUCKET - 1)));
    double dy = fmax(0, fmax(y0 - p.y, p.y - (y0 + BUCKET - 1)));
    return sqrt(dx * dx + dy * dy);
}

static double dist_of(const aa_corners *c, size_t v)
{
    return c->stamp[v] == c->search ? c->dist[v] : INFINITY;
}

/* A binary heap of node indices by key; a node improved is pushed again
 * and its stale entries skipped when taken (done). */
static void heap_push(aa_corners *c, size_t v, double key)
{
    size_t i = c->heap_count++;
    while (i > 0 && c->key[(i - 1) / 2] > key) {
        c->heap[i] = c->heap[(i - 1) / 2];
        c->key[i] = c->key[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    c->heap[i] = v;
    c->key[i] = key;
}

static size_t heap_pop(aa_corners *c)
{
    size_t top = c->heap[0], v = c->heap[--c->heap_count];
    double key = c->key[c->heap_count];
    size_t i = 0;
    for (;;) {
        size_t k = 2 * i + 1;
        if (k >= c->heap_count)
            break;
        if (k + 1 < c->heap_count && c->key[k + 1] < c->key[k])
            k++;
        if (c->key[k] >= key)
            break;
        c->heap[i] = c->heap[k];
        c->key[i] = c->key[k];
        i = k;
    }
    c->heap[i] = v;
    c->key[i] = key;
    return top;
}

static int64_t cross(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return ax * by - ay * bx;
}

/* Whether a shortest path may turn at corner u from p to v: only round
 * its blocked cell, which must lie inside the turn - both sides of the
 * cell at u (the directions (sx, 0) and (0, sy)) within the angle from
 * the way back to p to the way on to v. A path that goes straight on
 * through u, or turns away from the cell, is shortened by cutting past
 * u (or is the straight segment from p, which the search tries from p). */
static bool taut(const aa_corners *c, size_t u, astar_point p, astar_point v)
{
    astar_point q = c->node[u];
    int64_t ax = p.x - q.x, ay = p.y - q.y, bx = v.x - q.x, by = v.y - q.y;
    int64_t turn = cross(ax, ay, bx, by);
    if (turn == 0)
        return false;
    int64_t sx = c->blocked_at[u][0], sy = c->blocked_at[u][1];
    int64_t w[2][2] = { { sx, 0 }, { 0, sy } };
    for (int k = 0; k < 2; k++) {
        int64_t one = cross(ax, ay, w[k][0], w[k][1]), two = cross(w[k][0], w[k][1], bx, by);
        if ((turn > 0 && (one < 0 || two < 0)) || (turn < 0 && (one > 0 || two > 0)))
            return false;
    }
    return true;
}

/* Whether a path that reaches corner v from p may turn there: the line
 * from p through v must leave v's blocked cell on one side (both sides
 * of the cell at v on one side of it, or along it). A line that splits
 * the cell cannot bend round it, since the turn must keep the whole cell
 * inside (taut). */
static bool tangent(const aa_corners *c, size_t v, astar_point p)
{
    astar_point q = c->node[v];
    int64_t dx = q.x - p.x, dy = q.y - p.y;
    int64_t one = cross(dx, dy, c->blocked_at[v][0], 0), two = cross(dx, dy, 0, c->blocked_at[v][1]);
    return !((one > 0 && two < 0) || (one < 0 && two > 0));
}

/* Node v reached from u with G d, if that is less than before and the
 * segment is valid (tested only then). */
static void relax(aa_corners *c, size_t u, size_t v, double d, astar_point goal)
{
    if (c->stamp[v] == c->search && c->done[v])
        return;
    if (!(d < dist_of(c, v)) || !aa_segment_valid(c->grid, c->node[u], c->node[v]))
        return;
    if (c->stamp[v] != c->search) {
        c->stamp[v] = c->search;
        c->done[v] = false;
    }
    c->dist[v] = d;
    c->parent[v] = u;
    heap_push(c, v, d + (v < c->count ? c->corner_h[v] : h_of(c, c->node[v], goal)));
}

double aa_corners_length(aa_corners *c, astar_point start, astar_point goal, double bound,
                         astar_point *points, size_t capacity, size_t *n)
{
    size_t s = c->count, t = c->count + 1;
    if (n != NULL)
        *n = 0;
    if (start.x == goal.x && start.y == goal.y)
        return one_point(start, points, capacity, n);
    if (++c->search == 0) {
        for (size_t i = 0; i < c->count + 2; i++)
            c->stamp[i] = 0;
        c->search = 1;
    }
    c->node[s] = start;
    c->node[t] = goal;
    c->stamp[s] = c->search;
    c->dist[s] = 0;
    c->parent[s] = SIZE_MAX; /* ends the chain (chain_out) */
    c->done[s] = false;
    c->heap_count = 0;
    aim(c, goal);
    heap_push(c, s, h_of(c, start, goal));
    int w = astar_grid_width(c->grid), h = astar_grid_height(c->grid);
    while (c->heap_count > 0) {
        size_t u = heap_pop(c);
        if (c->done[u])
            continue;
        c->done[u] = true;
        if (u == t)
            break;
        astar_point p = c->node[u];
        double g = c->dist[u], left = bound - g;
        if (g + (u < c->count ? c->corner_h[u] : h_of(c, p, goal)) > bound)
            continue;
        if (u == s || taut(c, u, c->node[c->parent[u]], goal))
            relax(c, u, t, g + distance(p, goal), goal);
        /* A corner on a path within the bound is within `left` of both u
         * and the goal: the buckets of the intersection of the two squares. */
        double x0 = fmax(p.x - left, goal.x - left), x1 = fmin(p.x + left, goal.x + left);
        double y0 = fmax(p.y - left, goal.y - left), y1 = fmin(p.y + left, goal.y + left);
        if (x0 > x1 || y0 > y1)
            continue;
        size_t bx0 = (size_t)fmax(0, x0) / BUCKET, bx1 = (size_t)fmin(w, x1) / BUCKET;
        size_t by0 = (size_t)fmax(0, y0) / BUCKET, by1 = (size_t)fmin(h, y1) / BUCKET;
        for (size_t by = by0; by <= by1 && by < c->by; by++)
            for (size_t bx = bx0; bx <= bx1 && bx < c->bx; bx++) {
                size_t b = by * c->bx + bx;
                if (g + to_bucket(p, bx, by) + c->bucket_h[b] > bound)
                    continue;
                for (size_t v = c->first[b]; v < c->first[b + 1]; v++) {
                    /* The longer side first: no more than the distance. */
                    double far = fmax(fabs((double)c->node[v].x - p.x), fabs((double)c->node[v].y - p.y));
                    if (g + far + c->corner_h[v] > bound)
                        continue;
                    double d = g + distance(p, c->node[v]);
                    if (v != u && d + c->corner_h[v] <= bound && tangent(c, v, p) &&
                        (u == s || taut(c, u, c->node[c->parent[u]], c->node[v])))
                        relax(c, u, v, d, goal);
                }
            }
    }
    if (c->stamp[t] != c->search || !c->done[t])
        return -1;
    chain_out(c->node, c->parent, t, points, capacity, n);
    return c->dist[t];
}
