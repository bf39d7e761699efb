/* Dead-end areas by an iterative depth-first search (Hopcroft and Tarjan's
 * lowpoints), rebuilt in full after every edit of walkability. */
#include "grid/dead_ends.h"

enum { SIDES = 4 };

#define UNSEEN UINT32_MAX
#define NO_CELL UINT32_MAX
/* Cell indices use 28 bits, so order[] has room for a mark. */
#define DOOR_BIT (1u << 31)

/* The work of one build: four arrays of one slot per walkable cell, freed
 * when the labels are done. */
typedef struct builder {
    const astar_grid *grid;
    uint32_t *pre;       /* per cell: its preorder number (the labels' array, borrowed) */
    uint32_t *low;       /* per preorder number: the lowpoint; once the cell tops an
                            area, its parent's preorder number (the door) */
    uint32_t *order;     /* per preorder number: the cell, | DOOR_BIT if it is a door */
    uint32_t *span;      /* per preorder number: the cells of the area it tops, or 0 */
    uint32_t *stack;     /* the DFS path, cell << SIDES | the walkable sides not yet
                            looked at; then the open areas of the final sweep */
    int32_t cell_step[SIDES];
    ptrdiff_t terrain_step[SIDES];
} builder;

/* Numbers the cell and puts it on the DFS path with its walkable sides. */
static void visit(builder *b, size_t *top, uint32_t cell, uint32_t pre)
{
    const astar_grid *g = b->grid;
    uint32_t w = (uint32_t)g->width;
    const uint8_t *here = g->terrain + grid_padded_index(g, (int)(cell % w), (int)(cell / w));
    uint32_t sides = 0;
    for (unsigned side = 0; side < SIDES; side++)
        sides |= (uint32_t)(here[b->terrain_step[side]] != 0) << side;
    b->pre[cell] = pre;
    b->low[pre] = pre;
    b->order[pre] = cell;
    b->span[pre] = 0;
    b->stack[(*top)++] = cell << SIDES | sides;
}

/* Numbers the island of root in DFS preorder from `first` and returns one
 * past its last number. When a child c is finished with low(c) >= pre(v)
 * for its parent v, no edge leaves the subtree of c except through v:
 * that subtree, preorder numbers [pre(c), pre(c) + span), is an area. */
static uint32_t explore(builder *b, uint32_t root, uint32_t first)
{
    uint32_t next = first;
    size_t top = 0;
    visit(b, &top, root, next++);
    while (top > 0) {
        uint32_t entry = b->stack[top - 1], v = entry >> SIDES;
        if (entry & ((1u << SIDES) - 1)) {
            unsigned side = 0;
            while (!(entry >> side & 1))
                side++;
            b->stack[top - 1] = entry & ~(1u << side);
            uint32_t n = (uint32_t)((int64_t)v + b->cell_step[side]);
            if (b->pre[n] == UNSEEN)
                visit(b, &top, n, next++);
            else if (b->pre[n] < b->low[b->pre[v]])
                b->low[b->pre[v]] = b->pre[n];
            continue;
        }
        if (--top == 0)
            break;
        uint32_t pv = b->pre[v], pu = b->pre[b->stack[top - 1] >> SIDES];
        if (b->low[pv] < b->low[pu])
            b->low[pu] = b->low[pv];
        if (b->low[pv] >= pu) {
            b->span[pv] = next - pv;
            b->low[pv] = pu;
            b->order[pu] |= DOOR_BIT;
        }
    }
    /* A root with a single child is no door: the rest of the island is
     * everything but the root, not a dead end. */
    if (next - first > 1 && b->span[first + 1] == next - first - 1) {
        b->span[first + 1] = 0;
        b->order[first] &= ~DOOR_BIT;
    }
    return next;
}

/* Where the DFS of an island numbered [first, end) should start so that
 * the dead end is the smaller side of its door: at a cell that is no door
 * (so no cut vertex either), inside the deepest area holding more than half
 * of the island, among its own cells if one of them is no door, else in its
 * largest inner area, and so on. NO_CELL if the root it had is such a cell. */
static uint32_t better_root(const builder *b, uint32_t first, uint32_t end)
{
    uint32_t top = first, span = end - first;
    for (uint32_t q = first + 1; q < end; q++)
        if (2 * (uint64_t)b->span[q] > end - first && b->span[q] < span) {
            top = q; /* areas of more than half are nested: the smallest is the deepest */
            span = b->span[q];
        }
    for (;;) {
        uint32_t largest = 0;
        for (uint32_t q = top; q < top + span;) {
            if (q != top && b->span[q] != 0) {
                if (largest == 0 || b->span[q] > b->span[largest])
                    largest = q;
                q += b->span[q]; /* an inner area: not this one's own cells */
            } else if (b->order[q] & DOOR_BIT) {
                q++;
            } else {
                return q == first ? NO_CELL : b->order[q];
            }
        }
        /* Its own cells are all doors, so it has inner areas. */
        top = largest;
        span = b->span[largest];
    }
}

/* Gives the areas ids in the preorder of their first cells (so that the
 * areas inside one have consecutive ids), and each cell its innermost. */
static bool number_areas(builder *b, dead_ends *de, uint32_t cells_seen)
{
    uint32_t count = 0;
    for (uint32_t q = 0; q < cells_seen; q++)
        count += b->span[q] != 0;
    const astar_allocator *memory = &b->grid->memory;
    dead_end_area *areas = astar__allocate(memory, (size_t)count + 1, sizeof *areas);
    if (!areas)
        return false;
    areas[0] = (dead_end_area){ .end = count + 1, .outer = 0, .door = NO_CELL, .cells = cells_seen };
    uint32_t *open = b->stack, depth = 0, id = 0;
    for (uint32_t q = 0; q <= cells_seen; q++) {
        /* While open, an area's end holds its last preorder number + 1. */
        while (depth > 0 && areas[open[depth - 1]].end == q)
            areas[open[--depth]].end = id + 1;
        if (q == cells_seen)
            break;
        uint32_t outer = depth > 0 ? open[depth - 1] : 0;
        if (b->span[q] != 0) {
            areas[++id] = (dead_end_area){ .end = q + b->span[q], .outer = outer,
                                           .door = b->order[b->low[q]] & ~DOOR_BIT,
                                           .cells = b->span[q] };
            outer = open[depth++] = id;
        }
        de->area[b->order[q] & ~DOOR_BIT] = outer;
    }
    astar__release(memory, de->areas);
    de->areas = areas;
    de->count = count;
    return true;
}

static size_t walkable_cells(const astar_grid *g)
{
    size_t n = 0;
    for (int t = 1; t <= ASTAR_MAX_TERRAIN; t++)
        n += g->cells_of_cost[t];
    return n;
}

/* Labels every cell of grid into de (whose area array is allocated). */
static bool build(const astar_grid *g, dead_ends *de)
{
    size_t slots = walkable_cells(g) + 1;
    uint32_t *work = astar__allocate(&g->memory, 4 * slots, sizeof *work);
    if (!work)
        return false;
    uint32_t w = (uint32_t)g->width, cells = (uint32_t)astar_grid_cells(g), cell = 0;
    builder b = {
        .grid = g, .pre = de->area,
        .low = work, .order = work + slots, .span = work + 2 * slots, .stack = work + 3 * slots,
        .cell_step = { -(int32_t)w, -1, 1, (int32_t)w },
        .terrain_step = { -g->stride, -1, 1, g->stride },
    };
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            b.pre[cell++] = g->terrain[grid_padded_index(g, x, y)] ? UNSEEN : 0;
    uint32_t seen = 0;
    for (cell = 0; cell < cells; cell++) {
        if (b.pre[cell] != UNSEEN)
            continue;
        uint32_t end = explore(&b, cell, seen);
        uint32_t root = better_root(&b, seen, end);
        if (root != NO_CELL) {
            for (uint32_t q = seen; q < end; q++)
                b.pre[b.order[q] & ~DOOR_BIT] = UNSEEN;
            explore(&b, root, seen);
        }
        seen = end;
    }
    bool ok = number_areas(&b, de, seen);
    astar__release(&g->memory, work);
    return ok;
}

static void dead_ends_free(dead_ends *de, const astar_allocator *memory)
{
    if (de) {
        astar__release(memory, de->area);
        astar__release(memory, de->areas);
        astar__release(memory, de);
    }
}

bool astar__dead_ends_update(astar_grid *grid)
{
    if (build(grid, grid->dead_ends))
        return true;
    astar_grid_disable_dead_ends(grid);
    return false;
}

astar_status astar_grid_enable_dead_ends(astar_grid *grid)
{
    if (!grid)
        return ASTAR_INVALID_ARGUMENT;
    if (grid->dead_ends)
        return ASTAR_OK;
    dead_ends *de = astar__allocate_zeroed(&grid->memory, 1, sizeof *de);
    if (!de)
        return ASTAR_OUT_OF_MEMORY;
    de->area = astar__allocate(&grid->memory, astar_grid_cells(grid), sizeof *de->area);
    if (!de->area || !build(grid, de)) {
        dead_ends_free(de, &grid->memory);
        return ASTAR_OUT_OF_MEMORY;
    }
    grid->dead_ends = de;
    astar__grid_note(grid, FEED_INDEX);
    return ASTAR_OK;
}

void astar_grid_disable_dead_ends(astar_grid *grid)
{
    if (grid && grid->dead_ends) {
        dead_ends_free(grid->dead_ends, &grid->memory);
        grid->dead_ends = NULL;
        astar__grid_note(grid, FEED_INDEX);
    }
}

uint32_t astar_grid_dead_end_count(const astar_grid *grid)
{
    return grid && grid->dead_ends ? grid->dead_ends->count : 0;
}

uint32_t astar_grid_dead_end(const astar_grid *grid, int x, int y)
{
    if (!grid || !grid->dead_ends || !grid_contains(grid, x, y))
        return 0;
    return grid->dead_ends->area[(size_t)y * (size_t)grid->width + (size_t)x];
}

astar_status astar_grid_dead_end_info(const astar_grid *grid, uint32_t id, astar_dead_end *out)
{
    if (!grid || !out || !grid->dead_ends || id == 0 || id > grid->dead_ends->count)
        return ASTAR_INVALID_ARGUMENT;
    const dead_end_area *a = &grid->dead_ends->areas[id];
    uint32_t w = (uint32_t)grid->width;
    *out = (astar_dead_end){ .door = { (int32_t)(a->door % w), (int32_t)(a->door / w) },
                             .outer = a->outer, .cells = a->cells };
    return ASTAR_OK;
}

/* The innermost area holding both a and b, walking up from a; *below is
 * the last area passed on the way (0 if a holds b). */
static uint32_t meet(const dead_end_area *areas, uint32_t a, uint32_t b, uint32_t *below)
{
    *below = 0;
    while (!dead_end_holds(areas, a, b)) {
        *below = a;
        a = areas[a].outer;
    }
    return a;
}

bool astar__dead_end_filter_init(dead_end_filter *f, const astar_grid *grid, uint32_t start,
                          uint32_t goal, astar_moves moves, bool uniform_costs)
{
    const dead_ends *de = grid->dead_ends;
    if (!de || (moves == ASTAR_MOVES_8_CUT && !uniform_costs))
        return false;
    const dead_end_area *areas = de->areas;
    uint32_t s = de->area[start], g = de->area[goal], toward_s, toward_g;
    uint32_t scope = meet(areas, s, g, &toward_s);
    meet(areas, g, s, &toward_g);
    /* Simple paths cross the scope's own cells (a biconnected block, its
     * door included) from where the start's side meets them to where the
     * goal's side does. Two different such cells: every cell of the block
     * lies on some simple path between them. The same cell: none but it. */
    uint32_t from = toward_s ? areas[toward_s].door : start;
    uint32_t to = toward_g ? areas[toward_g].door : goal;
    uint32_t first = from == to ? scope + 1 : scope;
    *f = (dead_end_filter){ .area = de->area, .areas = areas, .start = s, .goal = g,
                            .scope = first, .scope_span = areas[scope].end - first,
                            .door = from == to ? from : scope ? areas[scope].door : NO_CELL };
    return true;
}
