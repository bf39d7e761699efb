/* Lazy distance tables: a resumable backward search per goal, its
 * distances kept in pages of a pool shared by every table of the set.
 * docs/design.md, "Crowds", argues the layout. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/hex.h"
#include "core/moves.h"
#include "grid/grid.h"
#include "world/lazy_distance.h"
#include "world/lazy_marks.h"
#include "world/lazy_open.h"

#define NONE UINT32_MAX
/* A tile of 16 x 16 cells is one page: a search grows as a ball around
 * its goal, so square tiles waste only the rim of that ball, and a page
 * (1 KB of costs) is large enough that the directory stays small - 4 bytes
 * per 256 cells per table. */
enum {
    TILE_BITS = 4,
    TILE = 1 << TILE_BITS,
    PAGE_CELLS = TILE * TILE,
    /* the costs, then one closed bit per cell, then one queued bit per
     * cell (put on the open list at its cost) */
    PAGE_WORDS = PAGE_CELLS + 2 * PAGE_CELLS / 32,
    /* pages per allocation of the pool: 66 KB, few calls, little slack */
    CHUNK_PAGES = 64,
    /* the most a cell's expansion adds to the open list, and the tiles its
     * 3 x 3 block can touch */
    MOST_PUSHES = 8
};

/* How a table's search orders its open cells; both give Dijkstra's costs
 * to the cells they close.
 *   LEVELS   a focus, 4 moves, terrain 1 everywhere: A*, whose f is then
 *            the level's or the level's plus two steps - a stack for each
 *            (the last pushed first: the deepest), no heap;
 *   HEAP     otherwise: A* (Dijkstra without a focus) on a binary heap. */
typedef enum lazy_order { LEVELS, HEAP } lazy_order;

typedef struct lazy_table {
    uint32_t goal;       /* NONE: no goal */
    uint32_t focus;      /* the cell the search heads for first, or NONE */
    int focus_x, focus_y; /* the focus's coordinates, for the estimate */
    size_t focus_place;  /* its place in the padded terrain, for the landmarks */
    uint32_t *tile;      /* per tile its page, or NONE; [opt] until a first query */
    lazy_list open;      /* the level's stack or the heap */
    lazy_list later;     /* LEVELS: the next level's stack */
    uint64_t level;      /* LEVELS: the f of the cells on open */
    bool seeded;         /* the goal is on the open list or the search is spent */
    lazy_order order;
} lazy_table;

struct lazy_distances {
    astar_allocator memory;
    const astar_grid *grid;
    int width, height;
    uint32_t tiles_x;
    size_t tiles;
    int directions;      /* 4 or 8 */
    uint32_t straight, diagonal;
    ptrdiff_t padded_step[8]; /* a step in the grid's terrain (its rows width + 2) */
    lazy_table *table;
    size_t count;
    uint32_t **chunks;
    size_t chunk_count, chunk_capacity;
    size_t pages_made;   /* pages carved from the chunks so far */
    uint32_t free_page;  /* a list through each free page's first word */
    lazy_marks *marks;   /* [opt] landmarks for the estimate (4 moves, squares) */
    uint64_t edits;      /* the grid's edits the tables are current with */
    astar_status status;
};

static const int dir_x[8] = { 1, 0, -1, 0, 1, -1, -1, 1 };
static const int dir_y[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };

/* The directions a search looks in: on a hex grid all eight of the square
 * ones, of which step_open keeps the cell's six hex neighbours. */
static int directions_of(const lazy_distances *s)
{
    return hex_topology(s->grid->topology) ? 8 : s->directions;
}

/* Whether the step from (x, y), whose terrain in the padded grid is at
 * here, in direction d is one: onto a walkable cell, a diagonal past two
 * walkable cells (the corner rule), on a hex grid to a hex neighbour. */
static bool step_open(const lazy_distances *s, const uint8_t *here, int x, int y, int d)
{
    if (!here[s->padded_step[d]])
        return false;
    unsigned topology = s->grid->topology;
    if (hex_topology(topology))
        return hex_directions(topology, x, y) >> move_direction(dir_x[d], dir_y[d]) & 1u;
    return d < 4 || (here[dir_x[d]] && here[s->padded_step[d] - dir_x[d]]);
}

/* A step in direction d onto terrain 1: every step between hexes is a
 * straight one. */
static uint64_t step_price(const lazy_distances *s, int d)
{
    return d < 4 || hex_topology(s->grid->topology) ? s->straight : s->diagonal;
}

astar_status astar__lazy_new(const astar_grid *grid, astar_moves moves, astar_costs costs,
                             size_t count, size_t landmarks, const astar_allocator *memory,
                             lazy_distances **out)
{
    *out = NULL;
    if ((moves != ASTAR_MOVES_4 && moves != ASTAR_MOVES_8) ||
        (costs != ASTAR_COSTS_ARTICLE && costs != ASTAR_COSTS_OCTILE))
        return ASTAR_INVALID_ARGUMENT;
    lazy_distances *s = astar__allocate_zeroed(memory, 1, sizeof *s);
    if (!s)
        return ASTAR_OUT_OF_MEMORY;
    s->memory = *memory;
    s->grid = grid;
    s->width = grid->width;
    s->height = grid->height;
    s->tiles_x = ((uint32_t)grid->width + TILE - 1) >> TILE_BITS;
    s->tiles = (size_t)s->tiles_x * (((size_t)grid->height + TILE - 1) >> TILE_BITS);
    s->directions = moves == ASTAR_MOVES_4 ? 4 : 8;
    bool octile = costs == ASTAR_COSTS_OCTILE;
    s->straight = octile ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT;
    s->diagonal = octile ? ASTAR_OCTILE_DIAGONAL : ASTAR_ARTICLE_DIAGONAL;
    for (int d = 0; d < 8; d++)
        s->padded_step[d] = (ptrdiff_t)dir_y[d] * grid->stride + dir_x[d];
    s->free_page = NONE;
    s->edits = astar_grid_edits(grid);
    s->count = count;
    s->table = astar__allocate(memory, count, sizeof *s->table);
    if (!s->table) {
        astar__lazy_delete(s);
        return ASTAR_OUT_OF_MEMORY;
    }
    for (size_t t = 0; t < count; t++)
        s->table[t] = (lazy_table){ .goal = NONE, .focus = NONE };
    if (landmarks > 0 && s->directions == 4 && !hex_topology(grid->topology) &&
        astar__marks_new(grid, landmarks, memory, &s->marks) != ASTAR_OK) {
        astar__lazy_delete(s);
        return ASTAR_OUT_OF_MEMORY;
    }
    *out = s;
    return ASTAR_OK;
}

void astar__lazy_delete(lazy_distances *set)
{
    if (!set)
        return;
    if (set->table)
        for (size_t t = 0; t < set->count; t++) {
            astar__release(&set->memory, set->table[t].tile);
            astar__release(&set->memory, set->table[t].open.at);
            astar__release(&set->memory, set->table[t].later.at);
        }
    for (size_t c = 0; c < set->chunk_count; c++)
        astar__release(&set->memory, set->chunks[c]);
    astar__marks_delete(set->marks);
    astar__release(&set->memory, set->chunks);
    astar__release(&set->memory, set->table);
    astar__release(&set->memory, set);
}

size_t astar__lazy_bytes(const lazy_distances *set)
{
    if (!set)
        return 0;
    size_t bytes = sizeof *set + astar__marks_bytes(set->marks) + set->count * sizeof *set->table +
                   set->chunk_capacity * sizeof *set->chunks +
                   set->chunk_count * (size_t)CHUNK_PAGES * PAGE_WORDS * sizeof(uint32_t);
    for (size_t t = 0; t < set->count; t++)
        bytes += (set->table[t].tile ? set->tiles * sizeof(uint32_t) : 0) +
                 (set->table[t].open.capacity + set->table[t].later.capacity) *
                     sizeof(lazy_open);
    return bytes;
}

static uint32_t *page_at(const lazy_distances *s, uint32_t page)
{
    return s->chunks[page / CHUNK_PAGES] + (size_t)(page % CHUNK_PAGES) * PAGE_WORDS;
}

static uint32_t tile_of(const lazy_distances *s, int x, int y)
{
    return ((uint32_t)y >> TILE_BITS) * s->tiles_x + ((uint32_t)x >> TILE_BITS);
}

static unsigned offset_of(int x, int y)
{
    return ((unsigned)y & (TILE - 1)) << TILE_BITS | ((unsigned)x & (TILE - 1));
}

static bool closed(const uint32_t *page, unsigned off)
{
    return page[PAGE_CELLS + off / 32] >> (off % 32) & 1u;
}

static void close_cell(uint32_t *page, unsigned off)
{
    page[PAGE_CELLS + off / 32] |= 1u << (off % 32);
}

static bool queued(const uint32_t *page, unsigned off)
{
    return page[PAGE_CELLS + PAGE_CELLS / 32 + off / 32] >> (off % 32) & 1u;
}

static void queue_cell(uint32_t *page, unsigned off)
{
    page[PAGE_CELLS + PAGE_CELLS / 32 + off / 32] |= 1u << (off % 32);
}

/* The page of (x, y) in table t, or NULL while its search has not been
 * there. */
static uint32_t *page_of(const lazy_distances *s, const lazy_table *t, int x, int y)
{
    uint32_t page = t->tile[tile_of(s, x, y)];
    return page == NONE ? NULL : page_at(s, page);
}

/* A page for (x, y)'s tile in table t, from the free list or the pool;
 * false when the pool cannot grow. Every cell starts unreached, open. */
static bool page_for(lazy_distances *s, lazy_table *t, int x, int y)
{
    uint32_t *entry = &t->tile[tile_of(s, x, y)];
    if (*entry != NONE)
        return true;
    uint32_t page = s->free_page;
    if (page != NONE) {
        s->free_page = page_at(s, page)[0];
    } else {
        if (s->pages_made == s->chunk_count * CHUNK_PAGES) {
            if (s->pages_made + CHUNK_PAGES > NONE)
                return false;
            if (s->chunk_count == s->chunk_capacity) {
                size_t cap = s->chunk_capacity ? 2 * s->chunk_capacity : 16;
                uint32_t **chunks = astar__allocate(&s->memory, cap, sizeof *chunks);
                if (!chunks)
                    return false;
                if (s->chunk_count)
                    memcpy(chunks, s->chunks, s->chunk_count * sizeof *chunks);
                astar__release(&s->memory, s->chunks);
                s->chunks = chunks;
                s->chunk_capacity = cap;
            }
            uint32_t *chunk =
                astar__allocate(&s->memory, (size_t)CHUNK_PAGES * PAGE_WORDS, sizeof *chunk);
            if (!chunk)
                return false;
            s->chunks[s->chunk_count++] = chunk;
        }
        page = (uint32_t)s->pages_made++;
    }
    uint32_t *p = page_at(s, page);
    memset(p, 0xff, PAGE_CELLS * sizeof *p);
    memset(p + PAGE_CELLS, 0, (PAGE_WORDS - PAGE_CELLS) * sizeof *p);
    *entry = page;
    return true;
}

static uint32_t spot_of(int x, int y)
{
    return (uint32_t)x | (uint32_t)y << 16;
}

/* Room for `more` entries on whichever of t's lists they may go to. */
static bool open_room(lazy_distances *s, lazy_table *t, size_t more)
{
    return lazy_list_room(&s->memory, &t->open, more) &&
           (t->order != LEVELS || lazy_list_room(&s->memory, &t->later, more));
}

/* Puts a cell reached at cost g (f with the estimate) on t's open list,
 * which has room. */
static void push_open(lazy_table *t, uint32_t *page, unsigned off, lazy_open entry)
{
    queue_cell(page, off);
    if (t->order == LEVELS) {
        lazy_list *to = entry.f == t->level ? &t->open : &t->later;
        to->at[to->count++] = entry;
    } else {
        lazy_heap_push(&t->open, entry);
    }
}

/* Whether (x, y) can be stood on: the grid's terrain has a blocked border,
 * so a neighbour off the map reads blocked. */
static uint8_t terrain(const lazy_distances *s, int x, int y)
{
    return s->grid->terrain[(size_t)(y + 1) * (size_t)s->grid->stride + (size_t)(x + 1)];
}

/* Pages for every cell of (x, y)'s 3 x 3 block: its corners' tiles cover it. */
static bool block_pages(lazy_distances *s, lazy_table *t, int x, int y)
{
    int x0 = x > 0 ? x - 1 : x, x1 = x + 1 < s->width ? x + 1 : x;
    int y0 = y > 0 ? y - 1 : y, y1 = y + 1 < s->height ? y + 1 : y;
    return page_for(s, t, x0, y0) && page_for(s, t, x1, y0) && page_for(s, t, x0, y1) &&
           page_for(s, t, x1, y1);
}

static void put_back(lazy_distances *s, lazy_table *t)
{
    if (t->tile)
        for (size_t i = 0; i < s->tiles; i++)
            if (t->tile[i] != NONE) {
                page_at(s, t->tile[i])[0] = s->free_page;
                s->free_page = t->tile[i];
                t->tile[i] = NONE;
            }
    t->open.count = t->later.count = 0;
    t->seeded = false;
}

/* t's focus and what the estimate reads of it: coordinates, and the
 * place in the padded grid where its landmarks' steps lie. */
static void aim(const lazy_distances *s, lazy_table *t, uint32_t focus)
{
    t->focus = focus;
    if (focus == NONE)
        return;
    t->focus_x = (int)(focus % (uint32_t)s->width);
    t->focus_y = (int)(focus / (uint32_t)s->width);
    t->focus_place = grid_padded_index(s->grid, t->focus_x, t->focus_y);
}

void astar__lazy_target(lazy_distances *set, uint32_t table, uint32_t goal, uint32_t focus)
{
    put_back(set, &set->table[table]);
    set->table[table].goal = goal;
    aim(set, &set->table[table], focus);
}

/* The estimate from cell to t's focus: the least cost of the steps between
 * them at the least terrain price, 1 (an edit may lower the grid's least
 * price; the estimate must stay below every path, and each step costs no
 * more than the estimate's drop - consistent - so A* closes a cell at its
 * least cost as Dijkstra does). 0 without a focus. */
static uint64_t estimate(const lazy_distances *s, const lazy_table *t, int x, int y)
{
    if (t->focus == NONE)
        return 0;
    int fx = t->focus_x, fy = t->focus_y;
    if (hex_topology(s->grid->topology))
        return hex_distance(s->grid->topology, x, y, fx, fy) * s->straight;
    uint64_t dx = (uint64_t)(x > fx ? x - fx : fx - x), dy = (uint64_t)(y > fy ? y - fy : fy - y);
    if (s->directions == 4) {
        uint64_t steps = dx + dy;
        if (s->marks) {
            uint64_t bound = astar__marks_bound(s->marks, grid_padded_index(s->grid, x, y),
                                                t->focus_place);
            steps = bound > steps ? bound : steps;
        }
        return steps * s->straight;
    }
    uint64_t low = dx < dy ? dx : dy;
    return low * s->diagonal + (dx + dy - 2 * low) * s->straight;
}

/* The order t's search takes on the grid as it is now (lazy_order). */
static lazy_order order_for(const lazy_distances *s, const lazy_table *t)
{
    /* On hexes a step may leave the estimate as it was: f is not a level's. */
    if (s->directions != 4 || s->grid->costs_in_use > 1 || t->focus == NONE ||
        hex_topology(s->grid->topology))
        return HEAP;
    int x = (int)(t->goal % (uint32_t)s->width), y = (int)(t->goal / (uint32_t)s->width);
    return terrain(s, x, y) == 1 ? LEVELS : HEAP;
}

/* The goal on the open list at 0, or nothing if it is blocked (then every
 * answer is ASTAR_UNREACHABLE, as a map built from it). */
static bool seed(lazy_distances *s, lazy_table *t)
{
    if (!t->tile) {
        t->tile = astar__allocate(&s->memory, s->tiles, sizeof *t->tile);
        if (!t->tile)
            return false;
        for (size_t i = 0; i < s->tiles; i++)
            t->tile[i] = NONE;
    }
    t->order = order_for(s, t);
    t->open.count = t->later.count = 0;
    int x = (int)(t->goal % (uint32_t)s->width), y = (int)(t->goal / (uint32_t)s->width);
    if (terrain(s, x, y) != 0) {
        if (!page_for(s, t, x, y) || !open_room(s, t, 1))
            return false;
        uint32_t *p = page_of(s, t, x, y);
        p[offset_of(x, y)] = 0;
        t->level = estimate(s, t, x, y);
        push_open(t, p, offset_of(x, y), (lazy_open){ .f = t->level, .g = 0, .where = spot_of(x, y) });
    }
    t->seeded = true;
    return true;
}

/* One step of t's search: 1 when it went on, 0 when it is spent, -1 when
 * memory ran out (t as it was: the room is had before anything changes).
 * A step into a cell is priced by that cell's terrain, as the maps'
 * backward search prices it (the step v -> u, taken backwards). */
static int advance(lazy_distances *s, lazy_table *t)
{
    if (t->order == LEVELS && t->open.count == 0) {
        if (t->later.count == 0)
            return 0;
        lazy_list next = t->later;
        t->later = t->open;
        t->open = next;
        t->level += 2 * (uint64_t)s->straight;
    }
    if (t->open.count == 0)
        return 0;
    lazy_open key = t->order == LEVELS ? t->open.at[t->open.count - 1] : t->open.at[0];
    int x = (int)(key.where & 0xffffu), y = (int)(key.where >> 16);
    if (s->marks)
        astar__marks_prefetch(s->marks, key.where);
    uint32_t *p = page_of(s, t, x, y);
    unsigned off = offset_of(x, y);
    uint64_t g = p[off];
    if (closed(p, off) || key.g > g) {
        /* met again at a higher cost: already bettered */
        if (t->order == LEVELS)
            t->open.count--;
        else
            lazy_heap_pop(&t->open);
        return 1;
    }
    /* Away from its tile's rim, a cell's 3 x 3 block lies in its own page:
     * most expansions then look up no page and no tile. */
    bool inner = (unsigned)(x & (TILE - 1)) - 1u < TILE - 2u &&
                 (unsigned)(y & (TILE - 1)) - 1u < TILE - 2u;
    if (!open_room(s, t, MOST_PUSHES) || (!inner && !block_pages(s, t, x, y)))
        return -1;
    if (t->order == LEVELS)
        t->open.count--;
    else
        lazy_heap_pop(&t->open);
    close_cell(p, off);
    const uint8_t *here = s->grid->terrain + (size_t)(y + 1) * (size_t)s->grid->stride +
                          (size_t)(x + 1);
    uint32_t price = *here;
    for (int d = 0, ways = directions_of(s); d < ways; d++) {
        int nx = x + dir_x[d], ny = y + dir_y[d];
        if (!step_open(s, here, x, y, d))
            continue;
        uint64_t to = g + step_price(s, d) * price;
        if (to > ASTAR_MAX_COST - 1) {
            if (s->status == ASTAR_OK)
                s->status = ASTAR_COST_OVERFLOW;
            continue;
        }
        uint32_t *q = inner ? p : page_of(s, t, nx, ny);
        unsigned o = inner ? off + (unsigned)(dir_y[d] * TILE + dir_x[d]) : offset_of(nx, ny);
        /* A cost given by astar__lazy_potential alone is on no list yet:
         * met again at that cost, the cell is put on one. */
        if (closed(q, o) || to > q[o] || (to == q[o] && queued(q, o)))
            continue;
        q[o] = (uint32_t)to;
        push_open(t, q, o, (lazy_open){ .f = to + estimate(s, t, nx, ny), .g = (uint32_t)to,
                                        .where = spot_of(nx, ny) });
    }
    return 1;
}

void astar__lazy_refocus(lazy_distances *set, uint32_t table, uint32_t focus)
{
    lazy_table *t = &set->table[table];
    if (t->goal == NONE || focus == t->focus ||
        focus >= (uint32_t)set->width * (uint32_t)set->height)
        return;
    if (!t->seeded) {
        astar__lazy_target(set, table, t->goal, focus);
        return;
    }
    int x = (int)(focus % (uint32_t)set->width), y = (int)(focus / (uint32_t)set->width);
    const uint32_t *p = page_of(set, t, x, y);
    if ((p && closed(p, offset_of(x, y))) ||
        (t->order == LEVELS && !lazy_list_room(&set->memory, &t->open, t->later.count)))
        return;
    aim(set, t, focus);
    /* Both stacks' entries, keyed afresh, make one heap (built in place:
     * the i-th push writes at or before entry i, read first). */
    lazy_list *all = &t->open;
    if (t->order == LEVELS) {
        memcpy(all->at + all->count, t->later.at, t->later.count * sizeof *all->at);
        all->count += t->later.count;
        t->later.count = 0;
    }
    size_t count = all->count;
    all->count = 0;
    for (size_t i = 0; i < count; i++) {
        lazy_open e = all->at[i];
        e.f = e.g + estimate(set, t, (int)(e.where & 0xffffu), (int)(e.where >> 16));
        lazy_heap_push(all, e);
    }
    t->order = HEAP;
}

/* What resume leaves: the cell as wanted, the search spent (or memory
 * out, noted) without it, or the budget spent first. */
typedef enum lazy_resumed { WANTED, SPENT, OUT_OF_BUDGET } lazy_resumed;

/* Resumes t's search until cell (in the grid) is closed - or only reached,
 * when `reached` - or *budget steps are taken, counted off it. */
static lazy_resumed resume(lazy_distances *s, lazy_table *t, uint32_t cell, bool reached,
                           size_t *budget)
{
    if (t->goal == NONE)
        return SPENT;
    if (!t->seeded && !seed(s, t)) {
        s->status = ASTAR_OUT_OF_MEMORY;
        return SPENT;
    }
    int x = (int)(cell % (uint32_t)s->width), y = (int)(cell / (uint32_t)s->width);
    unsigned off = offset_of(x, y);
    const uint32_t *p = page_of(s, t, x, y);
    while (!p || (reached ? p[off] == ASTAR_UNREACHABLE : !closed(p, off))) {
        if (*budget == 0)
            return OUT_OF_BUDGET;
        --*budget;
        int went = advance(s, t);
        if (went <= 0) {
            if (went < 0)
                s->status = ASTAR_OUT_OF_MEMORY;
            return SPENT;
        }
        if (!p)
            p = page_of(s, t, x, y);
    }
    return WANTED;
}

/* The cost held for a cell resume has made WANTED. */
static uint32_t held(const lazy_distances *s, const lazy_table *t, uint32_t cell)
{
    int x = (int)(cell % (uint32_t)s->width), y = (int)(cell / (uint32_t)s->width);
    return page_of(s, t, x, y)[offset_of(x, y)];
}

uint32_t astar__lazy_distance(lazy_distances *set, uint32_t table, uint32_t cell)
{
    lazy_table *t = &set->table[table];
    size_t unlimited = SIZE_MAX;
    if (cell >= (uint32_t)set->width * (uint32_t)set->height ||
        resume(set, t, cell, false, &unlimited) != WANTED)
        return ASTAR_UNREACHABLE;
    return held(set, t, cell);
}

uint32_t astar__lazy_distance_beside(lazy_distances *set, uint32_t table, uint32_t cell,
                                     uint32_t beside, uint32_t beside_cost)
{
    lazy_table *t = &set->table[table];
    uint32_t width = (uint32_t)set->width, cells = width * (uint32_t)set->height;
    if (t->goal == NONE || !t->seeded || t->order != LEVELS || cell >= cells || beside >= cells ||
        beside_cost > ASTAR_MAX_COST - 1 - set->straight)
        return astar__lazy_distance(set, table, cell);
    int x = (int)(cell % width), y = (int)(cell / width);
    int bx = (int)(beside % width), by = (int)(beside / width);
    const uint32_t *p = page_of(set, t, x, y), *q = page_of(set, t, bx, by);
    if (p && closed(p, offset_of(x, y)))
        return p[offset_of(x, y)];
    /* The level every cell below which is closed: the open stack's, or
     * the next one's once it is spent. */
    uint64_t least = t->level + (t->open.count > 0 ? 0 : 2 * (uint64_t)set->straight);
    uint64_t here = estimate(set, t, x, y), there = estimate(set, t, bx, by);
    bool known = q && closed(q, offset_of(bx, by)) && q[offset_of(bx, by)] == beside_cost &&
                 abs(x - bx) + abs(y - by) == 1 && terrain(set, x, y) != 0 &&
                 (t->open.count > 0 || t->later.count > 0);
    if (known && (beside_cost + there < least || here < there))
        return beside_cost + set->straight;
    return astar__lazy_distance(set, table, cell);
}

void astar__lazy_prefetch(const lazy_distances *set, uint32_t table, uint32_t cell, bool page)
{
    const lazy_table *t = &set->table[table];
    uint32_t width = (uint32_t)set->width;
    if (!t->tile || cell >= width * (uint32_t)set->height)
        return;
    int x = (int)(cell % width), y = (int)(cell / width);
    const uint32_t *entry = &t->tile[tile_of(set, x, y)];
    if (!page) {
        __builtin_prefetch(entry);
        return;
    }
    if (*entry == NONE)
        return;
    const uint32_t *p = page_at(set, *entry);
    unsigned off = offset_of(x, y);
    /* A page's rows of costs are a line each; its bits lie after them. */
    __builtin_prefetch(p + off);
    __builtin_prefetch(p + (off >= TILE ? off - TILE : off));
    __builtin_prefetch(p + (off + TILE < PAGE_CELLS ? off + TILE : off));
    __builtin_prefetch(p + PAGE_CELLS);
}

uint32_t astar__lazy_step_cost(const lazy_distances *set, uint32_t from, uint32_t to)
{
    uint32_t width = (uint32_t)set->width;
    int dx = (int)(to % width) - (int)(from % width), dy = (int)(to / width) - (int)(from / width);
    int d = 0;
    while (dir_x[d] != dx || dir_y[d] != dy)
        d++;
    return (uint32_t)step_price(set, d) * terrain(set, (int)(to % width), (int)(to / width));
}

bool astar__lazy_widen(lazy_distances *set, uint32_t table, size_t *budget)
{
    lazy_table *t = &set->table[table];
    if (!t->seeded || t->order != LEVELS)
        return true;
    while (t->open.count > 0) {
        if (*budget == 0)
            return false;
        --*budget;
        if (advance(set, t) < 0) {
            set->status = ASTAR_OUT_OF_MEMORY;
            return true;
        }
    }
    return true;
}

bool astar__lazy_reach(lazy_distances *set, uint32_t table, uint32_t cell, size_t *budget)
{
    return cell >= (uint32_t)set->width * (uint32_t)set->height ||
           resume(set, &set->table[table], cell, false, budget) != OUT_OF_BUDGET;
}

/* The cost of the best way t knows from (x, y), not yet reached, to its
 * goal: through the reached neighbour that gives the least (a step priced
 * by the terrain it enters, as advance prices it, and a diagonal one kept
 * to the corner rule), or ASTAR_UNREACHABLE when no neighbour is reached. */
static uint64_t through_neighbour(const lazy_distances *s, const lazy_table *t, int x, int y)
{
    const uint8_t *here = s->grid->terrain + (size_t)(y + 1) * (size_t)s->grid->stride +
                          (size_t)(x + 1);
    uint64_t best = ASTAR_UNREACHABLE;
    for (int d = 0, ways = directions_of(s); d < ways; d++) {
        int nx = x + dir_x[d], ny = y + dir_y[d];
        uint8_t price = here[s->padded_step[d]];
        if (!step_open(s, here, x, y, d))
            continue;
        const uint32_t *q = page_of(s, t, nx, ny);
        uint32_t g = q ? q[offset_of(nx, ny)] : ASTAR_UNREACHABLE;
        if (g == ASTAR_UNREACHABLE)
            continue;
        uint64_t to = g + step_price(s, d) * price;
        best = to < best ? to : best;
    }
    return best;
}

uint32_t astar__lazy_potential(lazy_distances *set, uint32_t table, uint32_t cell)
{
    lazy_table *t = &set->table[table];
    if (t->goal == NONE || cell >= (uint32_t)set->width * (uint32_t)set->height)
        return astar__lazy_distance(set, table, cell);
    if (!t->seeded && !seed(set, t)) {
        set->status = ASTAR_OUT_OF_MEMORY;
        return ASTAR_UNREACHABLE;
    }
    int x = (int)(cell % (uint32_t)set->width), y = (int)(cell / (uint32_t)set->width);
    unsigned off = offset_of(x, y);
    const uint32_t *p = page_of(set, t, x, y);
    if (p && p[off] != ASTAR_UNREACHABLE)
        return p[off];
    uint64_t to = terrain(set, x, y) ? through_neighbour(set, t, x, y) : ASTAR_UNREACHABLE;
    if (to == ASTAR_UNREACHABLE) {
        /* Nothing near it reached yet: the search goes on until it is. */
        size_t unlimited = SIZE_MAX;
        return resume(set, t, cell, true, &unlimited) == WANTED ? held(set, t, cell)
                                                                 : ASTAR_UNREACHABLE;
    }
    if (to > ASTAR_MAX_COST - 1) {
        if (set->status == ASTAR_OK)
            set->status = ASTAR_COST_OVERFLOW;
        return ASTAR_UNREACHABLE;
    }
    /* Reached, but on no open list: the search puts it on one when it
     * reaches it itself, and closes it at its least cost. */
    if (!page_for(set, t, x, y)) {
        set->status = ASTAR_OUT_OF_MEMORY;
        return ASTAR_UNREACHABLE;
    }
    page_of(set, t, x, y)[off] = (uint32_t)to;
    return (uint32_t)to;
}

/* Whether an edit of (x, y) can change what t holds. Its search has read
 * the terrain of its closed cells and their neighbours (the corner rule's
 * cells too), and every one of those is within one cell of a cell it
 * reached; an edit farther out leaves its closed costs and its open list
 * what a search started afresh would have at this point. The goal counts
 * as reached: walled in, it reached nothing, and opened again it must
 * start over. So does the focus: an opened cell's landmarks' steps are
 * set (lazy_marks.h), and the estimate towards it changes with them. */
static bool touched(const lazy_distances *s, const lazy_table *t, astar_point at)
{
    uint32_t cell = (uint32_t)at.y * (uint32_t)s->width + (uint32_t)at.x;
    if (cell == t->goal || cell == t->focus)
        return true;
    for (int y = at.y - 1; y <= at.y + 1; y++)
        for (int x = at.x - 1; x <= at.x + 1; x++) {
            if (x < 0 || y < 0 || x >= s->width || y >= s->height)
                continue;
            const uint32_t *p = page_of(s, t, x, y);
            if (p && p[offset_of(x, y)] != ASTAR_UNREACHABLE)
                return true;
        }
    return false;
}

void astar__lazy_catch_up(lazy_distances *set)
{
    uint64_t now = astar_grid_edits(set->grid);
    if (now == set->edits)
        return;
    /* Landmarks computed afresh change every table's estimate. */
    bool remarked = set->marks && astar__marks_catch_up(set->marks, set->edits + 1, now);
    for (size_t i = 0; i < set->count; i++) {
        lazy_table *t = &set->table[i];
        if (!t->seeded)
            continue;
        /* An order the terrain no longer allows (or a heap where a faster
         * order now works, harmless but slower) starts over whatever the
         * edit. */
        bool stale = remarked || t->order != order_for(set, t);
        for (uint64_t e = set->edits + 1; e <= now && !stale; e++) {
            astar_point at;
            stale = astar_grid_edit_cell(set->grid, e, &at) != ASTAR_OK || touched(set, t, at);
        }
        if (stale)
            put_back(set, t);
    }
    set->edits = now;
}

astar_status astar__lazy_status(lazy_distances *set)
{
    astar_status s = set->status;
    set->status = ASTAR_OK;
    return s;
}
