/* Building and patching the JPS+ jump table. An entry depends only on the
 * next cell in its direction (its walkability, whether it is a stop, and its
 * own entry), so one pass in the right order fills a whole direction, and
 * an edit only disturbs the lines through the cells around it. */

#include "grid/jump_table.h"

/* How a direction looks in the padded terrain array. */
typedef struct way {
    int dx, dy;
    ptrdiff_t step;       /* to the next cell in the padded array */
    int32_t cell_step;    /* to the next cell in table order */
    bool diagonal;
    unsigned along_x, along_y;  /* a diagonal's straight components (else 0) */
} way;

static way way_of(const astar_grid *g, unsigned d)
{
    int dx = move_dx[d], dy = move_dy[d];
    return (way){
        .dx = dx,
        .dy = dy,
        .step = (ptrdiff_t)dy * g->stride + dx,
        .cell_step = dy * g->width + dx,
        .diagonal = move_is_diagonal(dx, dy),
        .along_x = dx && dy ? move_direction(dx, 0) : 0,
        .along_y = dx && dy ? move_direction(0, dy) : 0,
    };
}

/* Cells of a direction's table are computed after the cell they step to:
 * backwards through the array for directions that step forwards in it. */
static bool way_backwards(const way *w)
{
    return w->step > 0;
}

static jump_entry *slot_of(jump_table *t, const astar_grid *g, int x, int y, unsigned d)
{
    return &t->entry[((size_t)y * (size_t)g->width + (size_t)x) * DIRECTIONS + d];
}

/* A cell one step along a straight way has a forced neighbour when a side
 * cell is walkable beside it but blocked beside the cell it came from. */
static bool forced(const uint8_t *from, const way *w, ptrdiff_t side)
{
    const uint8_t *to = from + w->step;
    return (to[side] && !from[side]) || (to[-side] && !from[-side]);
}

static jump_entry entry_of(const jump_table *t, const astar_grid *g, int x, int y, unsigned d,
                        const way *w)
{
    const uint8_t *here = g->terrain + grid_padded_index(g, x, y);
    if (!here[0] || !here[w->step])
        return 0;
    uint32_t cell = (uint32_t)y * (uint32_t)g->width + (uint32_t)x;
    uint32_t next = (uint32_t)((int64_t)cell + w->cell_step);
    bool stop;
    if (w->diagonal) {
        if (!here[w->dx] || !here[(ptrdiff_t)w->dy * g->stride])
            return 0; /* the corner rule */
        stop = jump_table_get(t, next, w->along_x) > 0 || jump_table_get(t, next, w->along_y) > 0;
    } else {
        stop = forced(here, w, w->dx ? g->stride : 1);
    }
    if (stop)
        return 1;
    int v = jump_table_get(t, next, d);
    if (v >= JUMP_SKIP)
        return JUMP_FAR_POINT;
    if (v <= -JUMP_SKIP)
        return JUMP_FAR_WALL;
    return (jump_entry)(v > 0 ? v + 1 : v - 1);
}

/* Recomputes cell (x, y) for d; returns whether its entry changed. */
static bool refresh(jump_table *t, const astar_grid *g, int x, int y, unsigned d, const way *w)
{
    jump_entry v = entry_of(t, g, x, y, d, w);
    jump_entry *slot = slot_of(t, g, x, y, d);
    bool changed = *slot != v;
    *slot = v;
    return changed;
}

static void fill_direction(jump_table *t, const astar_grid *g, unsigned d)
{
    way w = way_of(g, d);
    if (way_backwards(&w)) {
        for (int y = g->height - 1; y >= 0; y--)
            for (int x = g->width - 1; x >= 0; x--)
                refresh(t, g, x, y, d, &w);
    } else {
        for (int y = 0; y < g->height; y++)
            for (int x = 0; x < g->width; x++)
                refresh(t, g, x, y, d, &w);
    }
}

/* Straight directions first: the diagonal entries read them. */
static void fill(jump_table *t, const astar_grid *g)
{
    for (int pass = 0; pass < 2; pass++)
        for (unsigned d = 0; d < DIRECTIONS; d++)
            if (move_is_diagonal(move_dx[d], move_dy[d]) == (pass == 1))
                fill_direction(t, g, d);
}

astar_status astar_grid_enable_jump_table(astar_grid *grid)
{
    if (!grid)
        return ASTAR_INVALID_ARGUMENT;
    if (grid->jumps)
        return ASTAR_OK;
    jump_table *t = astar__allocate(&grid->memory, 1, sizeof *t);
    if (!t)
        return ASTAR_OUT_OF_MEMORY;
    t->entry = astar__allocate_zeroed(&grid->memory, astar_grid_cells(grid) * DIRECTIONS,
                                      sizeof *t->entry);
    if (!t->entry) {
        astar__release(&grid->memory, t);
        return ASTAR_OUT_OF_MEMORY;
    }
    fill(t, grid);
    grid->jumps = t;
    astar__grid_note(grid, FEED_INDEX);
    return ASTAR_OK;
}

void astar_grid_disable_jump_table(astar_grid *grid)
{
    if (grid && grid->jumps) {
        astar__release(&grid->memory, grid->jumps->entry);
        astar__release(&grid->memory, grid->jumps);
        grid->jumps = NULL;
        astar__grid_note(grid, FEED_INDEX);
    }
}

size_t astar_grid_jump_table_bytes(const astar_grid *grid)
{
    return grid && grid->jumps ? astar_grid_cells(grid) * DIRECTIONS * sizeof(jump_entry) : 0;
}

/* Recomputes cell (x, y) and then the cells that step onto it, backwards,
 * for as long as entries change. */
static void refresh_backwards(jump_table *t, const astar_grid *g, int x, int y, unsigned d,
                              const way *w)
{
    while (grid_contains(g, x, y) && refresh(t, g, x, y, d, w)) {
        x -= w->dx;
        y -= w->dy;
    }
}

/* Where an edit at (ex, ey) changed straight entries: on each of the three
 * rows through it (k = 0..2 for ey - 1..ey + 1) the columns lo..hi, and on
 * each of the three columns the rows lo..hi; empty when lo > hi. */
typedef struct changes {
    int ex, ey;
    int row_lo[3], row_hi[3];
    int column_lo[3], column_hi[3];
} changes;

static void note(int *lo, int *hi, int pos)
{
    if (pos < *lo)
        *lo = pos;
    if (pos > *hi)
        *hi = pos;
}

/* A straight entry depends on its own line and the two beside it, so only
 * the three rows (for east and west) and three columns (north and south)
 * through the edit can change. */
static void patch_straight(jump_table *t, const astar_grid *g, changes *c)
{
    for (int k = 0; k < 3; k++) {
        c->row_lo[k] = c->column_lo[k] = ASTAR_MAX_SIDE;
        c->row_hi[k] = c->column_hi[k] = -1;
    }
    for (unsigned d = 0; d < DIRECTIONS; d++) {
        way w = way_of(g, d);
        if (w.diagonal)
            continue;
        bool rows = w.dx != 0;
        int length = rows ? g->width : g->height, lines = rows ? g->height : g->width;
        for (int k = 0; k < 3; k++) {
            int line = (rows ? c->ey : c->ex) + k - 1;
            if (line < 0 || line >= lines)
                continue;
            /* An entry reads its own cell and those ahead of it, so the
             * cells ahead of the edit keep theirs; behind it, once an entry
             * stays the same, so do all before it. */
            int ahead = rows ? w.dx : w.dy, edit = rows ? c->ex : c->ey;
            for (int pos = edit; pos >= 0 && pos < length; pos -= ahead) {
                if (!refresh(t, g, rows ? pos : line, rows ? line : pos, d, &w)) {
                    if ((edit - pos) * ahead >= 2)
                        break;
                } else {
                    int *lo = rows ? &c->row_lo[k] : &c->column_lo[k];
                    int *hi = rows ? &c->row_hi[k] : &c->column_hi[k];
                    note(lo, hi, pos);
                }
            }
        }
    }
}

/* Whether (x, y) is a cell a diagonal patch must start from: one whose
 * straight entries changed, or the edited cell or a neighbour (their
 * walkability decides the corner rule and steps of the cells around). */
static bool seed(const changes *c, int x, int y)
{
    int kx = x - c->ex + 1, ky = y - c->ey + 1;
    bool in_rows = ky >= 0 && ky < 3, in_columns = kx >= 0 && kx < 3;
    return (in_rows && in_columns) ||
           (in_rows && x >= c->row_lo[ky] && x <= c->row_hi[ky]) ||
           (in_columns && y >= c->column_lo[kx] && y <= c->column_hi[kx]);
}

/* A diagonal entry changes only if the cell it steps to is a seed or its
 * own entry changed. So each seed, visited in the fill order of way w,
 * refreshes the entries behind it until one stays the same. */
static void patch_diagonal(jump_table *t, const astar_grid *g, const changes *c, unsigned d,
                           const way *w)
{
    int backwards = way_backwards(w);
    int inc = backwards ? -1 : 1;
    /* Seeds lie on the three rows through the edit, or on the three
     * columns between the rows their straight entries changed at: the
     * rows outside hold none, and looking through them for one was 40 %
     * of an edit's time on 512-row maps (several patches an edit, with a
     * unit's shadow: docs/performance.md). */
    int top = c->ey - 1, bottom = c->ey + 1;
    for (int k = 0; k < 3; k++)
        if (c->column_lo[k] <= c->column_hi[k]) {
            top = c->column_lo[k] < top ? c->column_lo[k] : top;
            bottom = c->column_hi[k] > bottom ? c->column_hi[k] : bottom;
        }
    top = top < 0 ? 0 : top;
    bottom = bottom >= g->height ? g->height - 1 : bottom;
    int y0 = backwards ? bottom : top, y1 = backwards ? top - 1 : bottom + 1;
    for (int y = y0; y != y1; y += inc) {
        int lo = c->ex - 1, hi = c->ex + 1;
        int ky = y - c->ey + 1;
        if (ky >= 0 && ky < 3 && c->row_lo[ky] <= c->row_hi[ky]) {
            lo = c->row_lo[ky] < lo ? c->row_lo[ky] : lo;
            hi = c->row_hi[ky] > hi ? c->row_hi[ky] : hi;
        }
        for (int x = backwards ? hi : lo; x >= lo && x <= hi; x += inc)
            if (grid_contains(g, x, y) && seed(c, x, y))
                refresh_backwards(t, g, x - w->dx, y - w->dy, d, w);
    }
}

void astar__jump_table_patch(astar_grid *grid, int ex, int ey)
{
    changes c = { .ex = ex, .ey = ey };
    patch_straight(grid->jumps, grid, &c);
    for (unsigned d = 0; d < DIRECTIONS; d++) {
        way w = way_of(grid, d);
        if (w.diagonal)
            patch_diagonal(grid->jumps, grid, &c, d, &w);
    }
}
