/* Lazy distance tables: a resumable backward search per goal, its
 * distances kept in pages of a pool shared by every table of the set.
 * docs/design.md, "Crowds", argues the layout. */
#include <stddef.h>
#include <string.h>

#include "grid/grid.h"
#include "world/lazy_distance.h"

#define NONE UINT32_MAX
/* A tile of 16 x 16 cells is one page: a search grows as a ball around
 * its goal, so square tiles waste only the rim of that ball, and a page
 * (1 KB of costs) is large enough that the directory stays small - 4 bytes
 * per 256 cells per table. */
enum {
    TILE_BITS = 4,
    TILE = 1 << TILE_BITS,
    PAGE_CELLS = TILE * TILE,
    /* the costs, then one closed bit per cell */
    PAGE_WORDS = PAGE_CELLS + PAGE_CELLS / 32,
    /* pages per allocation of the pool: 66 KB, few calls, little slack */
    CHUNK_PAGES = 64,
    FIRST_OPEN = 64,
    /* the most a cell's expansion adds to the open list, and the tiles its
     * 3 x 3 block can touch */
    MOST_PUSHES = 8
};

typedef struct lazy_table {
    uint32_t goal;       /* NONE: no goal */
    uint32_t *tile;      /* per tile its page, or NONE; [opt] until a first query */
    uint64_t *open;      /* Dijkstra: a binary heap of cost << 32 | cell; breadth
                            first: a queue of cells at open[head..count) */
    size_t head, count, capacity;
    bool seeded;         /* the goal is on the open list or the search is spent */
    bool fifo;           /* breadth first: every step costs the same */
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
    uint64_t edits;      /* the grid's edits the tables are current with */
    astar_status status;
};

static const int dir_x[8] = { 1, 0, -1, 0, 1, -1, -1, 1 };
static const int dir_y[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };

astar_status astar__lazy_new(const astar_grid *grid, astar_moves moves, astar_costs costs,
                             size_t count, const astar_allocator *memory, lazy_distances **out)
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
        s->table[t] = (lazy_table){ .goal = NONE };
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
            astar__release(&set->memory, set->table[t].open);
        }
    for (size_t c = 0; c < set->chunk_count; c++)
        astar__release(&set->memory, set->chunks[c]);
    astar__release(&set->memory, set->chunks);
    astar__release(&set->memory, set->table);
    astar__release(&set->memory, set);
}

size_t astar__lazy_bytes(const lazy_distances *set)
{
    if (!set)
        return 0;
    size_t bytes = sizeof *set + set->count * sizeof *set->table +
                   set->chunk_capacity * sizeof *set->chunks +
                   set->chunk_count * (size_t)CHUNK_PAGES * PAGE_WORDS * sizeof(uint32_t);
    for (size_t t = 0; t < set->count; t++)
        bytes += (set->table[t].tile ? set->tiles * sizeof(uint32_t) : 0) +
                 set->table[t].capacity * sizeof(uint64_t);
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

/* Room on t's open list for `more` entries. A queue slides down over
 * what it has taken only when that leaves it at most half full, and
 * otherwise grows (copying only what it holds), so that a wide frontier
 * is not moved again every few entries. */
static bool open_room(lazy_distances *s, lazy_table *t, size_t more)
{
    if (t->count + more <= t->capacity)
        return true;
    size_t live = t->count - t->head;
    if (t->head > 0 && 2 * (live + more) <= t->capacity) {
        memmove(t->open, t->open + t->head, live * sizeof *t->open);
        t->head = 0;
        t->count = live;
        return true;
    }
    size_t cap = t->capacity ? 2 * t->capacity : FIRST_OPEN;
    while (cap < live + more)
        cap *= 2;
    uint64_t *open = astar__allocate(&s->memory, cap, sizeof *open);
    if (!open)
        return false;
    if (live)
        memcpy(open, t->open + t->head, live * sizeof *open);
    astar__release(&s->memory, t->open);
    t->open = open;
    t->capacity = cap;
    t->head = 0;
    t->count = live;
    return true;
}

static void heap_push(lazy_table *t, uint64_t key)
{
    size_t i = t->count++;
    for (; i > 0 && t->open[(i - 1) / 2] > key; i = (i - 1) / 2)
        t->open[i] = t->open[(i - 1) / 2];
    t->open[i] = key;
}

static void heap_pop(lazy_table *t)
{
    uint64_t last = t->open[--t->count];
    size_t i = 0, n = t->count;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && t->open[c + 1] < t->open[c])
            c++;
        if (t->open[c] >= last)
            break;
        t->open[i] = t->open[c];
        i = c;
    }
    if (n)
        t->open[i] = last;
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
    t->head = t->count = 0;
    t->seeded = false;
}

void astar__lazy_target(lazy_distances *set, uint32_t table, uint32_t goal)
{
    put_back(set, &set->table[table]);
    set->table[table].goal = goal;
}

/* The goal on the open list at 0, or nothing if it is blocked (then every
 * answer is ASTAR_UNREACHABLE, as a map built from it). Breadth first
 * only where it gives Dijkstra's costs: 4 moves on uniform terrain. */
static bool seed(lazy_distances *s, lazy_table *t)
{
    if (!t->tile) {
        t->tile = astar__allocate(&s->memory, s->tiles, sizeof *t->tile);
        if (!t->tile)
            return false;
        for (size_t i = 0; i < s->tiles; i++)
            t->tile[i] = NONE;
    }
    t->fifo = s->directions == 4 && s->grid->costs_in_use <= 1;
    t->head = t->count = 0;
    int x = (int)(t->goal % (uint32_t)s->width), y = (int)(t->goal / (uint32_t)s->width);
    if (terrain(s, x, y) != 0) {
        if (!page_for(s, t, x, y) || !open_room(s, t, 1))
            return false;
        uint32_t *p = page_of(s, t, x, y);
        p[offset_of(x, y)] = 0;
        if (t->fifo) {
            close_cell(p, offset_of(x, y));
            t->open[t->count++] = t->goal;
        } else {
            heap_push(t, t->goal);
        }
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
    if (t->head == t->count)
        return 0;
    uint64_t key = t->open[t->head];
    uint32_t cell = (uint32_t)key;
    int x = (int)(cell % (uint32_t)s->width), y = (int)(cell / (uint32_t)s->width);
    uint32_t *p = page_of(s, t, x, y);
    unsigned off = offset_of(x, y);
    uint64_t g = p[off];
    if (!t->fifo && (closed(p, off) || (key >> 32) > g)) {
        heap_pop(t); /* met again at a higher cost: already bettered */
        return 1;
    }
    /* Away from its tile's rim, a cell's 3 x 3 block lies in its own page:
     * most expansions then look up no page and no tile. */
    bool inner = (unsigned)(x & (TILE - 1)) - 1u < TILE - 2u &&
                 (unsigned)(y & (TILE - 1)) - 1u < TILE - 2u;
    if (!open_room(s, t, MOST_PUSHES) || (!inner && !block_pages(s, t, x, y)))
        return -1;
    if (t->fifo) {
        t->head++;
    } else {
        heap_pop(t);
        close_cell(p, off);
    }
    const uint8_t *here = s->grid->terrain + (size_t)(y + 1) * (size_t)s->grid->stride +
                          (size_t)(x + 1);
    uint32_t price = *here;
    for (int d = 0; d < s->directions; d++) {
        int nx = x + dir_x[d], ny = y + dir_y[d];
        if (!here[s->padded_step[d]] ||
            (d >= 4 && (!here[dir_x[d]] || !here[s->padded_step[d] - dir_x[d]])))
            continue;
        uint64_t to = g + (uint64_t)(d < 4 ? s->straight : s->diagonal) * price;
        if (to > ASTAR_MAX_COST - 1) {
            if (s->status == ASTAR_OK)
                s->status = ASTAR_COST_OVERFLOW;
            continue;
        }
        uint32_t *q = inner ? p : page_of(s, t, nx, ny);
        unsigned o = inner ? off + (unsigned)(dir_y[d] * TILE + dir_x[d]) : offset_of(nx, ny);
        if (closed(q, o) || to >= q[o])
            continue;
        q[o] = (uint32_t)to;
        uint32_t next = (uint32_t)ny * (uint32_t)s->width + (uint32_t)nx;
        if (t->fifo) {
            /* Every step costs the same: the first cost found is the least. */
            close_cell(q, o);
            t->open[t->count++] = next;
        } else {
            heap_push(t, to << 32 | next);
        }
    }
    return 1;
}

uint32_t astar__lazy_distance(lazy_distances *set, uint32_t table, uint32_t cell)
{
    lazy_table *t = &set->table[table];
    if (t->goal == NONE || cell >= (uint32_t)set->width * (uint32_t)set->height)
        return ASTAR_UNREACHABLE;
    if (!t->seeded && !seed(set, t)) {
        set->status = ASTAR_OUT_OF_MEMORY;
        return ASTAR_UNREACHABLE;
    }
    int x = (int)(cell % (uint32_t)set->width), y = (int)(cell / (uint32_t)set->width);
    unsigned off = offset_of(x, y);
    uint32_t *p = page_of(set, t, x, y);
    while (!p || !closed(p, off)) {
        int went = advance(set, t);
        if (went <= 0) {
            if (went < 0)
                set->status = ASTAR_OUT_OF_MEMORY;
            return ASTAR_UNREACHABLE;
        }
        if (!p)
            p = page_of(set, t, x, y);
    }
    return p[off];
}

/* Whether an edit of (x, y) can change what t holds. Its search has read
 * the terrain of its closed cells and their neighbours (the corner rule's
 * cells too), and every one of those is within one cell of a cell it
 * reached; an edit farther out leaves its closed costs and its open list
 * what a search started afresh would have at this point. The goal counts
 * as reached: walled in, it reached nothing, and opened again it must
 * start over. */
static bool touched(const lazy_distances *s, const lazy_table *t, astar_point at)
{
    if ((uint32_t)at.y * (uint32_t)s->width + (uint32_t)at.x == t->goal)
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
    bool uniform = set->directions == 4 && set->grid->costs_in_use <= 1;
    for (size_t i = 0; i < set->count; i++) {
        lazy_table *t = &set->table[i];
        if (!t->seeded)
            continue;
        /* Breadth first on terrain no longer uniform (or Dijkstra where it
         * now is, harmless but slower) starts over whatever the edit. */
        bool stale = t->fifo != uniform;
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
