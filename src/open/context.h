/* The search context's layout, shared by the searches, the open lists
 * (heap.h, open_list.h, buckets.h) and the read-back calls.
 *
 * All the state is two arrays sized once. The BUCKETS open list reads them
 * its own way, with its own test for "reached" (buckets.h); each layout's
 * test rejects whatever the other leaves, so a context serves both, turn
 * about, with nothing cleared. The other open lists and JPS use them so:
 *   list   one entry per square the search has reached. The front part,
 *          [0, open_count), is the open list (a binary heap on F unless the
 *          options pick another open list); the back part,
 *          [max_cells - closed_count, max_cells), is the closed list in the
 *          order squares were closed.
 *   slot   per cell, the index of its entry in list.
 * Nothing is cleared between searches. A cell is on a list only if its slot
 * lies in that list's live part and the entry there names the cell back;
 * whatever an earlier search left in slot fails that test, so it reads as
 * "not reached" - the article's whichList trick (note 7) with no per-search
 * counter to wrap around. */
#ifndef ASTAR_CONTEXT_H
#define ASTAR_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "astar.h"
#include "open/buckets.h"
#include "core/cost.h"
#include "core/memory.h"

/* One reached square. G is not stored: it is F minus the square's H, which
 * the search can always compute again. */
typedef struct list_entry {
    uint32_t f;          /* G + H */
    union {
        uint32_t tie;    /* A*: orders equal F, lower first (see astar_ties) */
        uint32_t parent; /* JPS: the parent jump point's cell, which is not
                            next door; it orders equal F in its place */
    };
    uint32_t cell_dir;   /* cell index << 3 | direction of the step from the
                            parent (JPS: of the last straight stretch) */
} list_entry;

enum { DIR_BITS = 3 };

static inline uint32_t entry_cell(const list_entry *e) { return e->cell_dir >> DIR_BITS; }
static inline unsigned entry_dir(const list_entry *e) { return e->cell_dir & ((1u << DIR_BITS) - 1); }

/* (F, tie) as one number, the order of every open list but the buckets, so
 * that ordering two entries is a single comparison. */
static inline uint64_t entry_key_of(uint32_t f, uint32_t tie)
{
    return (uint64_t)f << 32 | tie;
}

static inline uint64_t entry_key(const list_entry *e)
{
    return entry_key_of(e->f, e->tie);
}

static inline bool entry_before(const list_entry *a, const list_entry *b)
{
    return entry_key(a) < entry_key(b);
}

/* Which way the last search read the arrays. */
typedef enum context_layout { LAYOUT_LISTS, LAYOUT_BUCKETS } context_layout;

struct astar_context {
    astar_allocator memory;
    size_t max_cells;
    uint32_t *slot;
    list_entry *list;
    uint32_t open_count, closed_count;
    context_layout layout;      /* set by every search */
    bucket_queue buckets;
    /* What the last search was, so astar_context_node can compute H and G. */
    int width, height;
    uint32_t goal;
    cost_model model;
    astar_algorithm algorithm;
    /* Per cell, a graph search's parent node (astar_graph_context_new);
     * NULL in a context for grids only. */
    uint32_t *node_parent;
    /* The search begun on the context, to be run on (search/state.h). */
    struct search_state *state;
    /* [opt] Memory a search whose nodes are not cells keeps between calls
     * (the any-angle search's intervals), grown by that search before it
     * runs, freed with the context. */
    void *scratch;
    size_t scratch_bytes;
};

static inline astar_list context_list_of(const astar_context *ctx, uint32_t cell)
{
    uint32_t s = ctx->slot[cell];
    bool open = s < ctx->open_count;
    bool closed = s >= ctx->max_cells - ctx->closed_count && s < ctx->max_cells;
    if ((!open && !closed) || entry_cell(&ctx->list[s]) != cell)
        return ASTAR_LIST_NONE;
    return open ? ASTAR_LIST_OPEN : ASTAR_LIST_CLOSED;
}

/* context_list_of for whichever layout the last search used. */
static inline astar_list context_list_any(const astar_context *ctx, uint32_t cell)
{
    return ctx->layout == LAYOUT_BUCKETS ? bucket_list_of(&ctx->buckets, cell)
                                         : context_list_of(ctx, cell);
}

/* F of a cell the last search reached, in either layout. */
static inline uint32_t context_f(const astar_context *ctx, uint32_t cell)
{
    if (ctx->layout == LAYOUT_LISTS)
        return ctx->list[ctx->slot[cell]].f;
    uint32_t w = (uint32_t)ctx->width;
    const bucket_queue *q = &ctx->buckets;
    return bucket_f(q, (cell / w) << 16 | cell % w, *bucket_g(q, q->g_shift, cell));
}

/* The direction of the step from its parent to a cell the last search
 * reached, in either layout. */
static inline unsigned context_dir(const astar_context *ctx, uint32_t cell)
{
    return ctx->layout == LAYOUT_BUCKETS ? bucket_dir(&ctx->buckets, cell)
                                         : entry_dir(&ctx->list[ctx->slot[cell]]);
}

/* JPS: the parent jump point of a cell the last search reached. */
static inline uint32_t context_parent(const astar_context *ctx, uint32_t cell)
{
    return ctx->layout == LAYOUT_BUCKETS ? *bucket_word(ctx->buckets.parent, cell)
                                         : ctx->list[ctx->slot[cell]].parent;
}

/* Starts a search on the context: both lists empty, read in this layout
 * from now on (every search calls it, so read-backs follow the last one). */
static inline void context_begin(astar_context *ctx, context_layout layout)
{
    ctx->open_count = 0;
    ctx->closed_count = 0;
    ctx->layout = layout;
    /* The closed list fills list from its end, where the near buckets'
     * bitmaps lie: the next BUCKETS search clears them all. */
    if (layout == LAYOUT_LISTS)
        ctx->buckets.near_known = false;
}

/* A square taken off the open list to be expanded: where it is, its G, the
 * direction of the step (JPS: of the straight stretch) that reached it,
 * and its tie value (lists layout only). */
typedef struct square {
    uint32_t cell;
    int x, y;
    uint32_t g;
    unsigned dir;
    uint32_t tie;
} square;

/* Fills out with a square of the BUCKETS layout, from its cell and its
 * packed coordinates (x in the low 16 bits); shift is the buckets'
 * g_shift (bucket_g). */
static ALWAYS_INLINE void context_bucket_square(const astar_context *ctx, const unsigned shift,
                                                uint32_t cell, uint32_t xy, square *out)
{
    out->cell = cell;
    out->x = (int)(xy & 0xFFFFu);
    out->y = (int)(xy >> 16);
    out->g = *bucket_g(&ctx->buckets, shift, cell);
    out->dir = bucket_dir(&ctx->buckets, cell);
    out->tie = 0;
}

/* Takes the lowest F off the BUCKETS open list and closes it. Returns false
 * when the open list is empty. */
static ALWAYS_INLINE bool context_take_bucket(astar_context *ctx, const unsigned shift,
                                               square *out)
{
    uint32_t xy;
    /* Into the square itself: taken into a local and copied, the cell cost
     * 1.3 % more instructions in an A* search. */
    if (!bucket_take(&ctx->buckets, &xy, &out->cell))
        return false;
    context_bucket_square(ctx, shift, out->cell, xy, out);
    return true;
}

/* Closes a square that was reached with the F being taken and kept out of
 * the buckets (search.held), as context_take_bucket would have. */
static ALWAYS_INLINE void context_take_held(astar_context *ctx, const unsigned shift,
                                            uint32_t cell, uint32_t xy, square *out)
{
    ctx->buckets.tag[cell] |= BUCKET_CLOSED;
    context_bucket_square(ctx, shift, cell, xy, out);
}

/* Puts entry e at position pos of the list, and says so in its cell's slot:
 * every entry that moves in an open list goes through here, which is all
 * context_list_of needs to find it in any arrangement. */
static inline void context_place(astar_context *ctx, uint32_t pos, list_entry e)
{
    ctx->list[pos] = e;
    ctx->slot[entry_cell(&e)] = pos;
}

/* Moves a square taken from the open list to the closed list. */
static inline void context_close(astar_context *ctx, list_entry square)
{
    context_place(ctx, (uint32_t)(ctx->max_cells - 1 - ctx->closed_count++), square);
}

#endif
