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
 * JPS finds each stop by scanning the grid's stop bits 64 cells at a
 * time (Harabor and Grastien, 2014); JPS+ reads it from the jump table.
 *
 * Once the target is on the open list with G = bound, no run goes on to
 * where its own G would reach the bound: every path through such a cell
 * costs at least that much, so no jump point there could lead to a better
 * path, and the target would be closed before any of them was expanded.
 * That is what keeps a short query short: the start looks first the way
 * the target lies, and once the target is found the other runs stop at
 * once instead of scanning across the map. */
#include "search/jps.h"

#include <limits.h>

#include "core/inline.h"
#include "grid/jump_table.h"
#include "core/moves.h"
#include "core/options.h"
#include "search/grid_space.h"
#include "search/state.h"

/* JPS and JPS+: what they read beyond the loop's search. */
typedef struct jps_search {
    search s;                     /* first: the loop hands the expansion &s */
    grid_space g;
    const jump_table *table;      /* JPS+; NULL for JPS */
    uint64_t straight, diagonal;  /* a step, terrain included */
    uint64_t bound;               /* the target's G once it is on the open list,
                                     UINT64_MAX before: no run goes on to where
                                     its G would reach it */
} jps_search;

static inline int absolute(int v) { return v < 0 ? -v : v; }

/* How many steps of this cost a run from G = g may take before its G
 * reaches the bound (INT_MAX while the target is not yet open). */
static ALWAYS_INLINE int run_limit(const jps_search *j, uint64_t g, uint64_t step)
{
    if (j->bound == UINT64_MAX)
        return INT_MAX;
    if (g + step >= j->bound)
        return 0;
    uint64_t steps = (j->bound - g - 1) / step;
    return steps < INT_MAX ? (int)steps : INT_MAX;
}

/* A run's stop (v >= 1 a jump point v cells on, v <= 0 a wall after -v
 * cells) cut at limit cells: past it the run is as good as walled in. */
static ALWAYS_INLINE int within(int stop, int limit)
{
    return stop > limit || -stop > limit ? -limit : stop;
}

/* Where a straight run from cell `pos` of a line stops, in the table's
 * encoding resolved to a plain distance: v >= 1 a jump point v cells on,
 * v <= 0 a wall after -v cells, the run cut at limit cells (within). Reads
 * the grid's stop bits for the run's direction (`stops`, the line's words),
 * 64 cells a word, and at the stop the cell's terrain (`cell` is the
 * run's first cell's, `unit` the step along the line), which tells a wall
 * from a jump point. The lines' padding ends every run, at the map's
 * blocked border. Unbounded (a constant: the target is not open yet, which
 * is most of a search), the limit is not looked at. */
static ALWAYS_INLINE int scan_line(const uint64_t *stops, const uint8_t *cell, ptrdiff_t unit,
                                   int pos, int dir, const bool bounded, int limit)
{
    /* Cut before its first step, a run needs no word read: the start's
     * other runs, once a target next to it is found, are most of a short
     * query's reads. */
    if (bounded && limit == 0)
        return 0;
    size_t bit = (size_t)(pos + dir + BIT_LINE_PAD);
    ptrdiff_t w = (ptrdiff_t)(bit / 64);
    unsigned first = (unsigned)(bit % 64);
    /* Cells behind the first one, and the cells on before it, are no stop. */
    uint64_t wanted = dir > 0 ? ~(uint64_t)0 << first : ~(uint64_t)0 >> (63 - first);
    for (;; w += dir, wanted = ~(uint64_t)0) {
        /* The distance of the word's first cell in the run's direction. */
        if (bounded && ((int)(w * 64) + (dir > 0 ? 0 : 63) - BIT_LINE_PAD - pos) * dir > limit)
            return -limit;
        uint64_t found = stops[w * BIT_LINE_WAYS] & wanted;
        if (found) {
            int at = (int)(dir > 0 ? __builtin_ctzll(found) : 63 - __builtin_clzll(found));
            int distance = ((int)(w * 64) + at - BIT_LINE_PAD - pos) * dir;
            /* Past the limit the run is cut at it, wall or jump point,
             * and the stop's cell need not be read. */
            if (bounded && distance > limit)
                return -limit;
            return cell[distance * dir * unit] ? distance : -(distance - 1);
        }
    }
}

/* The same from the table. These reads, and the stops below, are always
 * inlined with `table` a constant: left to the compiler they became calls,
 * a tenth of a short JPS+ query, with the test for the table in each. */
static ALWAYS_INLINE int table_stop(const jps_search *j, int x, int y, unsigned d)
{
    return jump_table_stop(j->table, j->s.width, (uint32_t)y * (uint32_t)j->s.width + (uint32_t)x, d);
}

static ALWAYS_INLINE int straight_stop(const jps_search *j, int x, int y, int dx, int dy,
                                       uint64_t g, bool table)
{
    int limit = run_limit(j, g, j->straight);
    if (table)
        return within(table_stop(j, x, y, move_direction(dx, dy)), limit);
    const astar_grid *grid = j->g.grid;
    const uint64_t *line = grid_run_stops(grid, dx, dy, dx ? y : x);
    const uint8_t *cell = grid->terrain + grid_padded_index(grid, x, y);
    ptrdiff_t unit = dx ? 1 : grid->stride;
    int pos = dx ? x : y;
    /* The direction a constant in each scan, as in diagonal_scan. */
    if (limit == INT_MAX)
        return dx + dy > 0 ? scan_line(line, cell, unit, pos, 1, false, limit)
                           : scan_line(line, cell, unit, pos, -1, false, limit);
    return dx + dy > 0 ? scan_line(line, cell, unit, pos, 1, true, limit)
                       : scan_line(line, cell, unit, pos, -1, true, limit);
}

/* diagonal_stop's scan, with dx and dy constants: scan_line then computes
 * its words, masks and shifts for one direction, not both and a choice;
 * and bounded a constant, as scan_line's. */
static ALWAYS_INLINE int diagonal_scan(const jps_search *j, int x, int y, const int dx,
                                       const int dy, const bool bounded, uint64_t g,
                                       int along[2])
{
    const astar_grid *grid = j->g.grid;
    const uint8_t *here = grid->terrain + grid_padded_index(grid, x, y);
    ptrdiff_t stride = grid->stride, row = (ptrdiff_t)dy * stride;
    /* The row and the column the straight runs scan move one line a step. */
    const uint64_t *row_words = grid_run_stops(grid, dx, 0, y);
    const uint64_t *column_words = grid_run_stops(grid, 0, dy, x);
    ptrdiff_t next_row = dy * grid_run_stops_apart(grid, 1);
    ptrdiff_t next_column = dx * grid_run_stops_apart(grid, 0);
    int limit = bounded ? run_limit(j, g, j->diagonal) : INT_MAX;
    for (int k = 0;; k++) {
        if ((bounded && k == limit) || !here[dx] || !here[row] || !here[row + dx])
            return -k;
        here += row + dx;
        x += dx;
        y += dy;
        g += j->diagonal;
        row_words += next_row;
        column_words += next_column;
        int straight = bounded ? run_limit(j, g, j->straight) : INT_MAX;
        along[0] = scan_line(row_words, here, 1, x, dx, bounded, straight);
        if (along[0] > 0) {
            along[1] = scan_line(column_words, here, stride, y, dy, bounded, straight);
            return k + 1;
        }
        along[1] = scan_line(column_words, here, stride, y, dy, bounded, straight);
        if (along[1] > 0)
            return k + 1;
    }
}

/* Where a diagonal run from (x, y) stops: at the first cell from which a
 * straight run along dx or dy reaches a jump point, or at a wall or corner.
 * Scanning, it leaves in along[] where the two straight runs from the stop
 * cell stop (along dx, along dy), which the caller needs next. */
static ALWAYS_INLINE int diagonal_stop(const jps_search *j, int x, int y, int dx, int dy,
                                       uint64_t g, bool table, int along[2])
{
    if (table)
        return within(table_stop(j, x, y, move_direction(dx, dy)), run_limit(j, g, j->diagonal));
    if (j->bound != UINT64_MAX) {
        if (dx > 0)
            return dy > 0 ? diagonal_scan(j, x, y, 1, 1, true, g, along)
                          : diagonal_scan(j, x, y, 1, -1, true, g, along);
        return dy > 0 ? diagonal_scan(j, x, y, -1, 1, true, g, along)
                      : diagonal_scan(j, x, y, -1, -1, true, g, along);
    }
    if (dx > 0)
        return dy > 0 ? diagonal_scan(j, x, y, 1, 1, false, g, along)
                      : diagonal_scan(j, x, y, 1, -1, false, g, along);
    return dy > 0 ? diagonal_scan(j, x, y, -1, 1, false, g, along)
                  : diagonal_scan(j, x, y, -1, -1, false, g, along);
}

/* Puts a jump point on the open list, or re-points it if this way is
 * shorter: the article's step for an adjacent square. Jump points are few
 * beside the scans that find them, so the trace is tested at run time
 * here rather than handed down every scan. */
/* A jump point's parent is the jump point it was reached from, kept as its
 * tie on the lists that have one and beside G on the buckets. */
static const search_policy jump_points = { PARENT_JUMP, TIES_PARENT, search_h_square };

static ALWAYS_INLINE void reach(jps_search *j, astar_open_list kind, int x, int y, unsigned dir,
                                uint32_t parent, uint64_t g)
{
    uint32_t cell = (uint32_t)y * (uint32_t)j->s.width + (uint32_t)x;
    astar_list list = search_list(&j->s, kind, cell);
    if (list == ASTAR_LIST_CLOSED)
        return;
    if (cell == j->s.target && g < j->bound)
        j->bound = g;
    /* A jump point opened is often the next expanded (ties go to the last
     * added), and its line of the table is then its expansion's first
     * read: asked for now, it is on its way meanwhile. */
    if (j->table && list == ASTAR_LIST_NONE)
        __builtin_prefetch(jump_table_cell(j->table, cell));
    search_reach(&j->s, kind, true, jump_points, cell, x, y, dir, parent, 0, list, g);
}

/* A straight run from (x, y), which is g from the start along the way from
 * parent, and stops `stop` on (straight_stop's value): the target if the
 * run passes it, else the jump point it meets. */
static ALWAYS_INLINE void straight_found(jps_search *j, astar_open_list kind, int x, int y, int dx, int dy, uint32_t parent,
                                  uint64_t g, int stop)
{
    int target_ahead = dx ? (j->s.target_y == y ? (j->s.target_x - x) * dx : 0)
                          : (j->s.target_x == x ? (j->s.target_y - y) * dy : 0);
    if (target_ahead > 0 && target_ahead <= absolute(stop))
        reach(j, kind, j->s.target_x, j->s.target_y, move_direction(dx, dy), parent, g + j->straight * (uint64_t)target_ahead);
    else if (stop > 0)
        reach(j, kind, x + dx * stop, y + dy * stop, move_direction(dx, dy), parent, g + j->straight * (uint64_t)stop);
}

static ALWAYS_INLINE void run_straight(jps_search *j, astar_open_list kind, int x, int y, int dx, int dy, uint32_t parent,
                                uint64_t g, bool table)
{
    straight_found(j, kind, x, y, dx, dy, parent, g, straight_stop(j, x, y, dx, dy, g, table));
}

/* A diagonal run from (x, y), which is g from the start: at each of its
 * stops the two straight runs, and the target if it lies straight ahead of
 * the one cell of the run that shares its row or column. */
static ALWAYS_INLINE void run_diagonal(jps_search *j, astar_open_list kind, int x, int y, int dx, int dy, uint32_t parent,
                                uint64_t g, bool table)
{
    for (;;) {
        int along[2] = { 0, 0 };
        int stop = diagonal_stop(j, x, y, dx, dy, g, table, along);
        int to_x = (j->s.target_x - x) * dx, to_y = (j->s.target_y - y) * dy;
        int k = to_x < to_y ? to_x : to_y;
        if (k > 0 && k <= absolute(stop)) {
            int mx = x + dx * k, my = y + dy * k;
            uint64_t gm = g + j->diagonal * (uint64_t)k;
            if (to_x == to_y)
                reach(j, kind, mx, my, move_direction(dx, dy), parent, gm);
            else
                run_straight(j, kind, mx, my, to_x > to_y ? dx : 0, to_x > to_y ? 0 : dy, parent, gm, table);
        }
        if (stop <= 0)
            return;
        x += dx * stop;
        y += dy * stop;
        g += j->diagonal * (uint64_t)stop;
        if (table) {
            run_straight(j, kind, x, y, dx, 0, parent, g, table);
            run_straight(j, kind, x, y, 0, dy, parent, g, table);
        } else {
            straight_found(j, kind, x, y, dx, 0, parent, g, along[0]);
            straight_found(j, kind, x, y, 0, dy, parent, g, along[1]);
        }
    }
}

static int sign(int v) { return (v > 0) - (v < 0); }

/* A run from (x, y) each way (dx, dy), straight or diagonal. */
static ALWAYS_INLINE void run(jps_search *j, astar_open_list kind, int x, int y, int dx, int dy,
                              uint32_t parent, uint64_t g, bool table)
{
    if (dx && dy)
        run_diagonal(j, kind, x, y, dx, dy, parent, g, table);
    else
        run_straight(j, kind, x, y, dx, dy, parent, g, table);
}

/* The start's run the way the target lies (the signs of its offsets), run
 * first so that a target met there - straight ahead, or off a diagonal
 * run's stops - bounds the other seven. Out of line, and so compiled once
 * for any direction: the runs inlined with constant directions below are
 * what the time goes to. */
static NOINLINE void run_to_target(jps_search *j, astar_open_list kind, int x, int y, int dx,
                                   int dy, uint32_t parent, uint64_t g, bool table)
{
    run(j, kind, x, y, dx, dy, parent, g, table);
}

/* Asks for the start's lines of stop bits (rows and columns one each side
 * of it, and two more the way the target lies) and its terrain rows. Its
 * eight runs read them first, each waiting on the last: the stop words
 * were most of a short query's misses (19 of 27 a query on the maze's
 * short sample), and asked for at once they come in together. */
static ALWAYS_INLINE void prefetch_start(const jps_search *j, int x, int y, int tx, int ty)
{
    const astar_grid *grid = j->g.grid;
    for (int k = -1; k <= 3; k++) {
        int row = y + (k <= 1 ? k : k * ty), column = x + (k <= 1 ? k : k * tx);
        /* Both ways' words of a line share its cache line. */
        if (row >= 0 && row < grid->height)
            __builtin_prefetch(bit_lines_word(&grid->run_stops[0], row, 0, x));
        if (column >= 0 && column < grid->width)
            __builtin_prefetch(bit_lines_word(&grid->run_stops[1], column, 0, y));
        if (k <= 1)
            __builtin_prefetch(grid->terrain + grid_padded_index(grid, x, y + k));
    }
}

/* The start has no way yet and looks everywhere, first the way the target
 * lies. Out of line, with the open list's kind and the table tested at run
 * time: it runs once a search, and its eight runs, inlined with constant
 * directions, were in every loop (each kind's, bounded, traced) and the
 * better part of each loop's code, which a query brings back into the
 * instruction cache. */
static NOINLINE void expand_start(jps_search *j, astar_open_list kind, const square *p,
                                  bool table)
{
    uint32_t cell = p->cell;
    int x = p->x, y = p->y;
    uint64_t g = p->g;
    int ox = j->s.target_x - x, oy = j->s.target_y - y;
    int tx = 2, ty = 2; /* no direction */
    if (!table)
        prefetch_start(j, x, y, sign(ox), sign(oy));
    if (ox || oy) {
        tx = sign(ox);
        ty = sign(oy);
        run_to_target(j, kind, x, y, tx, ty, cell, g, table);
    }
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && (dx != tx || dy != ty))
                run(j, kind, x, y, dx, dy, cell, g, table);
}

/* moves_forced, read off the cell's own entries, which the run on along
 * its way has just brought into the cache, where the grid's `around` or
 * its terrain rows would be a cold line more (a seventh of a JPS+ query's
 * misses on bg512): the side neighbour is walkable where the side's entry
 * lets a run take a step, and the square behind it where the diagonal's
 * does - the diagonal's other component is the square this one was entered
 * from, so only the corner behind can stop its first step. */
static ALWAYS_INLINE bool table_forced(const jps_search *j, uint32_t cell, unsigned dir, int k)
{
    return jump_table_get(j->table, cell, move_rules[dir].side[k]) != 0 &&
           jump_table_get(j->table, cell, move_rules[dir].behind[k]) == 0;
}

/* The successors of a jump point: on along its way, and around each forced
 * neighbour. */
static ALWAYS_INLINE void expand(jps_search *j, astar_open_list kind, const square *p, bool table)
{
    uint32_t cell = p->cell;
    int x = p->x, y = p->y;
    uint64_t g = p->g;
    if (cell == j->s.start) {
        expand_start(j, kind, p, table);
        return;
    }
    int dx = move_dx[p->dir], dy = move_dy[p->dir];
    run_straight(j, kind, x, y, dx, dy, cell, g, table);
    /* JPS reads the terrain, which its scans have just read around this
     * cell; JPS+ its own entries (table_forced). */
    const uint8_t *here = j->g.grid->terrain + grid_padded_index(j->g.grid, x, y);
    ptrdiff_t behind = -((ptrdiff_t)dy * j->g.grid->stride + dx);
    for (int side = -1, k = 0; side <= 1; side += 2, k++) {
        int sx = dx ? 0 : side, sy = dx ? side : 0;
        ptrdiff_t beside = (ptrdiff_t)sy * j->g.grid->stride + sx;
        if (table ? table_forced(j, cell, p->dir, k) : here[beside] && !here[behind + beside]) {
            run_straight(j, kind, x, y, sx, sy, cell, g, table);
            run_diagonal(j, kind, x, y, dx + sx, dy + sy, cell, g, table);
        }
    }
}

astar_status astar__jps_check(const astar_grid *grid, const astar_options *options)
{
    /* Jumps skip over the steps the game world prices one by one, and over
     * the changes of direction a turn penalty needs. */
    if (options->moves != ASTAR_MOVES_8 || hex_topology(grid->topology) || !astar_grid_uniform(grid) ||
        astar__options_world_used(options))
        return ASTAR_UNSUPPORTED;
    if (options->algorithm == ASTAR_ALGORITHM_JPS_PLUS && !grid->jumps)
        return ASTAR_NO_JUMP_TABLE;
    return ASTAR_OK;
}

bool astar_jps_steps(const astar_grid *grid, const astar_options *options)
{
    if (!grid || !options || options->algorithm == ASTAR_ALGORITHM_ASTAR)
        return false;
    return options->jumps == ASTAR_JUMPS_STEP ||
           (options->jumps == ASTAR_JUMPS_AUTO && astar_grid_cluttered(grid));
}

static ALWAYS_INLINE void expand_scan(search *s, astar_open_list kind, const bool traced,
                                      const square *current)
{
    (void)traced;
    expand((jps_search *)s, kind, current, false);
}

static ALWAYS_INLINE void expand_table(search *s, astar_open_list kind, const bool traced,
                                       const square *current)
{
    (void)traced;
    expand((jps_search *)s, kind, current, true);
}

static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    ((jps_search *)s)->bound = UINT64_MAX; /* also when a search starts over */
    return search_seed_start(s, kind, jump_points);
}

SEARCH_STEPS(step_scan, jps_search, false, jump_points, seed, expand_scan)
SEARCH_STEPS(step_jump_table, jps_search, false, jump_points, seed, expand_table)

/* A run reads cells far from the squares it reaches: every edit touches. */
SEARCH_KIND(kind_jps, step_scan, jps_search, false, NULL)
SEARCH_KIND(kind_jps_plus, step_jump_table, jps_search, false, NULL)

astar_status astar__jps_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                              uint32_t start, uint32_t target, const astar_options *options)
{
    if (astar_jps_steps(grid, options))
        return astar__jps_steps_begin(st, ctx, grid, start, target, options);
    jps_search *j = SEARCH_RECORD(st, jps_search);
    bool plus = options->algorithm == ASTAR_ALGORITHM_JPS_PLUS;
    *j = (jps_search){ .table = plus ? grid->jumps : NULL };
    j->s = search_on_grid(ctx, grid, options, ASTAR_MAX_COST, &j->g);
    j->s.start = start;
    j->s.target = target;
    j->s.target_x = (int)(target % (uint32_t)grid->width);
    j->s.target_y = (int)(target / (uint32_t)grid->width);
    /* Uniform terrain: every walkable cell costs what the start costs. */
    uint32_t terrain = grid->terrain[grid_padded_index(grid, (int)(start % (uint32_t)grid->width),
                                                      (int)(start / (uint32_t)grid->width))];
    j->straight = (uint64_t)j->s.model.straight * terrain;
    j->diagonal = (uint64_t)j->s.model.diagonal * terrain;
    ctx->model = j->s.model;
    st->kind = plus ? &kind_jps_plus : &kind_jps;
    st->end = target;
    /* The buckets as for A*, when asked for and they can serve. Jump points
     * have no bound like A*'s squares: on a map that opens more of them at
     * once than the buckets hold, the search starts over on the heap. */
    return search_start(&j->s, search_choose_list(&j->s, astar__options_consistent(options), false),
                        jump_points, seed);
}
