/* Jump Point Search (Harabor and Grastien, 2011) and JPS+ (Rabin, 2015) for
 * uniform-cost 8-way grids under the corner rule.
 *
 * It is the article's A* - open and closed lists, F = G + H, re-pointing on
 * a lower G, a stop when the target is closed - over fewer squares. Of the
 * many equally short paths a uniform grid has, only the one that takes its
 * diagonal steps first is followed, so a square is put on the open list
 * only where a wall forces a turn (a jump point); everything between two
 * jump points is one straight or diagonal-then-straight stretch, run over
 * without touching the open list.
 *
 * Under the corner rule only straight runs meet forced neighbours: going
 * east, a cell whose north (south) neighbour is walkable while the cell
 * behind it has a wall there. A diagonal run stops where a straight run
 * along either of its components would reach a jump point; those jump points
 * go on the open list directly, with the square the diagonal run started
 * from as their parent, and the diagonal run goes on.
 *
 * JPS finds each stop by scanning the grid's walkability bits 64 cells at a
 * time (Harabor and Grastien, 2014); JPS+ reads it from the jump table. */
#include "jps.h"

#include "context.h"
#include "cost.h"
#include "heap.h"
#include "inline.h"
#include "jump_table.h"
#include "moves.h"
#include "options.h"

typedef struct jps {
    astar_context *ctx;
    const astar_grid *grid;
    const jump_table *table;   /* JPS+; NULL for JPS */
    int width;
    uint32_t start, target;
    int target_x, target_y;
    cost_model model;
    uint64_t straight, diagonal;  /* a step, terrain included */
    bool stop_on_open;
    bool target_opened;
    bool over_limit;
    bool buckets;                 /* the open list is ctx->buckets, with parents */
    bool out_of_entries;          /* ... and it had no entry left: start over */
} jps;

static inline int absolute(int v) { return v < 0 ? -v : v; }

/* Where a straight run from cell `pos` of a line (its words at `here`) stops, in the table's
 * encoding resolved to a plain distance: v >= 1 a jump point v cells on,
 * v <= 0 a wall after -v cells. Reads one aligned word of the line and of
 * the two beside it per step, 64 cells; a forced neighbour is a side cell
 * that is walkable where the side cell behind is not, and "behind" is the
 * same word shifted by one cell, the cell it lacks kept from the word
 * before. The lines' blocked padding ends every run. */
static ALWAYS_INLINE int scan_line(const bit_lines *lines, const uint64_t *here, int pos, int dir)
{
    const uint64_t *before = here - lines->words_per_line;
    const uint64_t *after = here + lines->words_per_line;
    size_t bit = (size_t)(pos + dir + BIT_LINE_PAD);
    ptrdiff_t w = (ptrdiff_t)(bit / 64);
    unsigned first = (unsigned)(bit % 64);
    /* Cells behind the first one, and the cells on before it, are no stop. */
    uint64_t wanted = dir > 0 ? ~(uint64_t)0 << first : ~(uint64_t)0 >> (63 - first);
    uint64_t before_last = before[w - dir], after_last = after[w - dir];
    for (;; w += dir, wanted = ~(uint64_t)0) {
        uint64_t b = before[w], a = after[w];
        uint64_t b_behind = dir > 0 ? b << 1 | before_last >> 63 : b >> 1 | before_last << 63;
        uint64_t a_behind = dir > 0 ? a << 1 | after_last >> 63 : a >> 1 | after_last << 63;
        uint64_t stops = ((b & ~b_behind) | (a & ~a_behind) | ~here[w]) & wanted;
        if (stops) {
            int at = (int)(dir > 0 ? __builtin_ctzll(stops) : 63 - __builtin_clzll(stops));
            int distance = ((int)(w * 64) + at - BIT_LINE_PAD - pos) * dir;
            return (here[w] >> at) & 1 ? distance : -(distance - 1);
        }
        before_last = b;
        after_last = a;
    }
}

/* The same from the table. */
static inline int table_stop(const jps *s, int x, int y, unsigned d)
{
    return jump_table_stop(s->table, s->width, (uint32_t)y * (uint32_t)s->width + (uint32_t)x, d);
}

static inline int straight_stop(const jps *s, int x, int y, int dx, int dy, bool table)
{
    if (table)
        return table_stop(s, x, y, move_direction(dx, dy));
    const bit_lines *rows = &s->grid->rows, *columns = &s->grid->columns;
    return dx ? scan_line(rows, bit_lines_line(rows, y), x, dx)
              : scan_line(columns, bit_lines_line(columns, x), y, dy);
}

/* Where a diagonal run from (x, y) stops: at the first cell from which a
 * straight run along dx or dy reaches a jump point, or at a wall or corner.
 * Scanning, it leaves in along[] where the two straight runs from the stop
 * cell stop (along dx, along dy), which the caller needs next. */
static inline int diagonal_stop(const jps *s, int x, int y, int dx, int dy, bool table,
                                int along[2])
{
    if (table)
        return table_stop(s, x, y, move_direction(dx, dy));
    const uint8_t *here = s->grid->terrain + grid_padded_index(s->grid, x, y);
    ptrdiff_t row = (ptrdiff_t)dy * s->grid->stride;
    /* The row and the column the straight runs scan move one line a step. */
    const bit_lines *rows = &s->grid->rows, *columns = &s->grid->columns;
    const uint64_t *row_words = bit_lines_line(rows, y), *column_words = bit_lines_line(columns, x);
    for (int k = 0;; k++) {
        if (!here[dx] || !here[row] || !here[row + dx])
            return -k;
        here += row + dx;
        x += dx;
        y += dy;
        row_words += dy * (ptrdiff_t)rows->words_per_line;
        column_words += dx * (ptrdiff_t)columns->words_per_line;
        along[0] = scan_line(rows, row_words, x, dx);
        if (along[0] > 0) {
            along[1] = scan_line(columns, column_words, y, dy);
            return k + 1;
        }
        along[1] = scan_line(columns, column_words, y, dy);
        if (along[1] > 0)
            return k + 1;
    }
}

/* Puts a jump point on the open list, or re-points it if this way is
 * shorter: the article's step for an adjacent square. */
static inline void reach(jps *s, int x, int y, unsigned dir, uint32_t parent, uint64_t g)
{
    astar_context *ctx = s->ctx;
    bucket_queue *q = &ctx->buckets;
    uint32_t cell = (uint32_t)y * (uint32_t)s->width + (uint32_t)x;
    astar_list list = s->buckets ? bucket_list_of(q, cell) : context_list_of(ctx, cell);
    if (list == ASTAR_LIST_CLOSED)
        return;
    uint64_t f = g + cost_h(&s->model, (uint32_t)absolute(x - s->target_x),
                            (uint32_t)absolute(y - s->target_y));
    if (f > ASTAR_MAX_COST) {
        s->over_limit = true; /* as in A*: no path within the limit is lost */
        return;
    }
    if (s->buckets) {
        if (list == ASTAR_LIST_OPEN && g >= q->g[cell])
            return;
        q->parent[cell] = parent;
        if (!bucket_reach(q, cell, (uint32_t)x | (uint32_t)y << 16, dir, (uint32_t)g, (uint32_t)f))
            s->out_of_entries = true;
    } else if (list == ASTAR_LIST_NONE) {
        heap_push(ctx, (list_entry){ .f = (uint32_t)f, .parent = parent,
                                     .cell_dir = cell << DIR_BITS | dir });
    } else {
        uint32_t pos = ctx->slot[cell];
        list_entry *entry = &ctx->list[pos];
        if (f >= entry->f)
            return;
        *entry = (list_entry){ .f = (uint32_t)f, .parent = parent,
                                .cell_dir = cell << DIR_BITS | dir };
        heap_decreased(ctx, pos);
        return;
    }
    if (list == ASTAR_LIST_NONE && cell == s->target)
        s->target_opened = true;
}

/* A straight run from (x, y), which is g from the start along the way from
 * parent, and stops `stop` on (straight_stop's value): the target if the
 * run passes it, else the jump point it meets. */
static inline void straight_found(jps *s, int x, int y, int dx, int dy, uint32_t parent,
                                  uint64_t g, int stop)
{
    int target_ahead = dx ? (s->target_y == y ? (s->target_x - x) * dx : 0)
                          : (s->target_x == x ? (s->target_y - y) * dy : 0);
    if (target_ahead > 0 && target_ahead <= absolute(stop))
        reach(s, s->target_x, s->target_y, move_direction(dx, dy), parent, g + s->straight * (uint64_t)target_ahead);
    else if (stop > 0)
        reach(s, x + dx * stop, y + dy * stop, move_direction(dx, dy), parent, g + s->straight * (uint64_t)stop);
}

static inline void run_straight(jps *s, int x, int y, int dx, int dy, uint32_t parent,
                                uint64_t g, bool table)
{
    straight_found(s, x, y, dx, dy, parent, g, straight_stop(s, x, y, dx, dy, table));
}

/* A diagonal run from (x, y), which is g from the start: at each of its
 * stops the two straight runs, and the target if it lies straight ahead of
 * the one cell of the run that shares its row or column. */
static inline void run_diagonal(jps *s, int x, int y, int dx, int dy, uint32_t parent,
                                uint64_t g, bool table)
{
    for (;;) {
        int along[2] = { 0, 0 };
        int stop = diagonal_stop(s, x, y, dx, dy, table, along);
        int to_x = (s->target_x - x) * dx, to_y = (s->target_y - y) * dy;
        int k = to_x < to_y ? to_x : to_y;
        if (k > 0 && k <= absolute(stop)) {
            int mx = x + dx * k, my = y + dy * k;
            uint64_t gm = g + s->diagonal * (uint64_t)k;
            if (to_x == to_y)
                reach(s, mx, my, move_direction(dx, dy), parent, gm);
            else
                run_straight(s, mx, my, to_x > to_y ? dx : 0, to_x > to_y ? 0 : dy, parent, gm, table);
        }
        if (stop <= 0)
            return;
        x += dx * stop;
        y += dy * stop;
        g += s->diagonal * (uint64_t)stop;
        if (table) {
            run_straight(s, x, y, dx, 0, parent, g, table);
            run_straight(s, x, y, 0, dy, parent, g, table);
        } else {
            straight_found(s, x, y, dx, 0, parent, g, along[0]);
            straight_found(s, x, y, 0, dy, parent, g, along[1]);
        }
    }
}

/* The successors of a jump point: on along its way, and around each forced
 * neighbour. The start has no way yet and looks everywhere. */
static inline void expand(jps *s, const square *p, bool table)
{
    uint32_t cell = p->cell;
    int x = p->x, y = p->y;
    uint64_t g = p->g;
    if (cell == s->start) {
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (dx && dy)
                    run_diagonal(s, x, y, dx, dy, cell, g, table);
                else if (dx || dy)
                    run_straight(s, x, y, dx, dy, cell, g, table);
            }
        return;
    }
    int dx = move_dx[p->dir], dy = move_dy[p->dir];
    run_straight(s, x, y, dx, dy, cell, g, table);
    const uint8_t *here = s->grid->terrain + grid_padded_index(s->grid, x, y);
    ptrdiff_t behind = -((ptrdiff_t)dy * s->grid->stride + dx);
    for (int side = -1; side <= 1; side += 2) {
        int sx = dx ? 0 : side, sy = dx ? side : 0;
        ptrdiff_t beside = (ptrdiff_t)sy * s->grid->stride + sx;
        if (here[beside] && !here[behind + beside]) {
            run_straight(s, x, y, sx, sy, cell, g, table);
            run_diagonal(s, x, y, dx + sx, dy + sy, cell, g, table);
        }
    }
}

/* Takes the jump point with the lowest F off the open list and closes it.
 * Returns false when the open list is empty. */
static inline bool take(jps *s, square *out)
{
    astar_context *ctx = s->ctx;
    uint32_t w = (uint32_t)s->width;
    if (s->buckets)
        return context_take_bucket(ctx, out);
    if (ctx->open_count == 0)
        return false;
    list_entry e = heap_pop(ctx); /* lowest F on the open list */
    context_close(ctx, e);
    out->cell = entry_cell(&e);
    out->x = (int)(out->cell % w);
    out->y = (int)(out->cell / w);
    out->g = e.f - (uint32_t)cost_h(&s->model, (uint32_t)absolute(out->x - s->target_x),
                                    (uint32_t)absolute(out->y - s->target_y));
    out->dir = entry_dir(&e);
    return true;
}

static inline astar_status run(jps *s, astar_point start, uint32_t *expanded,
                               astar_observer observer, void *observer_user, bool table)
{
    astar_context *ctx = s->ctx;
    context_begin(ctx, s->buckets ? LAYOUT_BUCKETS : LAYOUT_LISTS);
    uint64_t start_f = cost_h(&s->model, (uint32_t)absolute(start.x - s->target_x),
                              (uint32_t)absolute(start.y - s->target_y));
    if (start_f > ASTAR_MAX_COST)
        return ASTAR_COST_OVERFLOW;
    if (s->buckets) {
        bucket_start(&ctx->buckets, s->width, &s->model, s->target_x, s->target_y,
                     (uint32_t)start_f, true);
        ctx->buckets.parent[s->start] = s->start;
        bucket_reach(&ctx->buckets, s->start, (uint32_t)start.x | (uint32_t)start.y << 16, 0, 0,
                     (uint32_t)start_f);
    } else {
        heap_push(ctx, (list_entry){ .f = (uint32_t)start_f, .parent = s->start,
                                     .cell_dir = s->start << DIR_BITS });
    }
    if (s->stop_on_open && s->start == s->target)
        return ASTAR_OK;
    square current;
    while (take(s, &current)) {
        if (current.cell == s->target)
            return ASTAR_OK;
        expand(s, &current, table);
        if (s->out_of_entries)
            return ASTAR_OUT_OF_MEMORY; /* not for the caller: jps_find_path starts over */
        ++*expanded;
        if (observer)
            observer(observer_user, ctx, (astar_point){ current.x, current.y });
        if (s->stop_on_open && s->target_opened)
            return ASTAR_OK;
    }
    return s->over_limit ? ASTAR_COST_OVERFLOW : ASTAR_NO_PATH;
}

static astar_point point_of(const jps *s, uint32_t cell)
{
    return (astar_point){ (int32_t)(cell % (uint32_t)s->width), (int32_t)(cell / (uint32_t)s->width) };
}

static inline int sign(int v) { return (v > 0) - (v < 0); }

/* Walks the parents back from the target: counts the jump points and cells,
 * then writes whichever buffers they fit, start first. Between two jump
 * points the way is diagonal first, then straight, as the runs went. */
static void save_path(const jps *s, astar_path *path)
{
    const astar_context *ctx = s->ctx;
    size_t nodes = 1, cells = 1;
    for (uint32_t c = s->target; c != s->start; c = context_parent(ctx, c)) {
        astar_point here = point_of(s, c), from = point_of(s, context_parent(ctx, c));
        int ax = absolute(here.x - from.x), ay = absolute(here.y - from.y);
        cells += (size_t)(ax > ay ? ax : ay);
        nodes++;
    }
    path->length = cells;
    path->node_count = nodes;
    bool write_cells = path->points && cells <= path->capacity;
    bool write_nodes = path->nodes && nodes <= path->node_capacity;
    size_t ci = cells, ni = nodes;
    for (uint32_t c = s->target;; c = context_parent(ctx, c)) {
        astar_point here = point_of(s, c);
        if (write_nodes)
            path->nodes[--ni] = here;
        if (c == s->start) {
            if (write_cells)
                path->points[--ci] = here;
            break;
        }
        astar_point from = point_of(s, context_parent(ctx, c));
        int ox = here.x - from.x, oy = here.y - from.y;
        int diagonal = absolute(ox) < absolute(oy) ? absolute(ox) : absolute(oy);
        int straight = (absolute(ox) > absolute(oy) ? absolute(ox) : absolute(oy)) - diagonal;
        int sx = sign(ox), sy = sign(oy);
        int tx = absolute(ox) > diagonal ? sx : 0, ty = absolute(oy) > diagonal ? sy : 0;
        for (int i = 0; write_cells && i < straight + diagonal; i++) {
            path->points[--ci] = here;
            if (i < straight) {
                here.x -= tx;
                here.y -= ty;
            } else {
                here.x -= sx;
                here.y -= sy;
            }
        }
    }
}

/* run with the table or without, each its own loop. */
static astar_status run_either(jps *s, astar_point start, const astar_options *options,
                               uint32_t *expanded)
{
    return s->table ? run(s, start, expanded, options->observer, options->observer_user, true)
                    : run(s, start, expanded, options->observer, options->observer_user, false);
}

astar_status jps_check(const astar_grid *grid, const astar_options *options)
{
    /* A turn penalty needs every step's direction, which jumps skip over. */
    if (options->moves != ASTAR_MOVES_8 || !astar_grid_uniform(grid) ||
        options->world.layer_count > 0 || options->world.units || options->world.turn_penalty)
        return ASTAR_UNSUPPORTED;
    if (options->algorithm == ASTAR_ALGORITHM_JPS_PLUS && !grid->jumps)
        return ASTAR_NO_JUMP_TABLE;
    return ASTAR_OK;
}

astar_status jps_find_path(astar_context *ctx, const astar_grid *grid, astar_point start,
                           astar_point goal, const astar_options *options, astar_path *path)
{
    uint32_t terrain = grid->terrain[grid_padded_index(grid, start.x, start.y)];
    jps s = {
        .ctx = ctx,
        .grid = grid,
        .table = options->algorithm == ASTAR_ALGORITHM_JPS_PLUS ? grid->jumps : NULL,
        .width = grid->width,
        .start = (uint32_t)start.y * (uint32_t)grid->width + (uint32_t)start.x,
        .target = (uint32_t)goal.y * (uint32_t)grid->width + (uint32_t)goal.x,
        .target_x = goal.x,
        .target_y = goal.y,
        .model = cost_model_of(options),
        .stop_on_open = options->stop == ASTAR_STOP_OPEN,
    };
    /* Uniform terrain: every walkable cell costs what the start costs. */
    s.straight = (uint64_t)s.model.straight * terrain;
    s.diagonal = (uint64_t)s.model.diagonal * terrain;
    ctx->goal = s.target;
    ctx->model = s.model;
    /* The buckets as for A*, when asked for and they can serve. */
    s.buckets = options->open_list == ASTAR_OPEN_LIST_BUCKETS && options_consistent(options) &&
                ctx->buckets.capacity > 0;

    astar_status status = run_either(&s, start, options, &path->expanded);
    if (s.out_of_entries) {
        /* Jump points have no bound like A*'s squares: on a map that opens
         * more of them at once than the buckets hold, the heap does it. */
        s.buckets = s.out_of_entries = s.over_limit = s.target_opened = false;
        path->expanded = 0;
        status = run_either(&s, start, options, &path->expanded);
    }
    if (status != ASTAR_OK)
        return status;
    path->cost = context_f(ctx, s.target); /* H is 0 at the target */
    path->distance = (double)path->cost / s.model.straight;
    save_path(&s, path);
    return (path->points && path->length > path->capacity) ||
                   (path->nodes && path->node_count > path->node_capacity)
               ? ASTAR_PATH_BUFFER_TOO_SMALL
               : ASTAR_OK;
}
