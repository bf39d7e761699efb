/* The BUCKETS open list (astar_open_list): one bucket per value of F.
 *
 * With a consistent heuristic (astar__options_consistent) A* takes squares off the
 * open list in an order of F that never goes down, and every square it adds
 * has at least the F of the square being expanded. So F itself can say
 * where a square goes, with no comparisons:
 *   near  one bucket (a stack) per value of F in the block of near_size
 *         values that holds the lowest F; a bitmap of the buckets in use
 *         finds the next one
 *   far   squares whose F lies in a later block, by the highest bit in which
 *         their F differs from the block's (a radix heap, Ahuja, Mehlhorn,
 *         Orlin and Tarjan, 1990): when the near block is used up, the
 *         lowest far bucket is spread over the near buckets of its first
 *         block and over lower far buckets
 * Adding a square is O(1), and so is taking one off but for the bitmap's
 * scan; a square moves down from far at most once per bit of F. With octile
 * or article costs on plain ground every F the open list holds lies within
 * 2 diagonal steps (6726 units) of the lowest, which in a large context
 * (near_size 32768) is mostly within the same block: few squares go far.
 *
 * The memory is the context's, read another way (context.h):
 *   tag[cell]  (the slot array) BUCKET_TAG | generation | closed | direction
 *              for a square the search with that generation reached; any
 *              other value, the other layout's slots included (indexes,
 *              below 2^28), reads as not reached, so nothing is cleared
 *              between searches
 *   g          G of every square reached (the first third of the list array);
 *              G rather than F so that a neighbour already open is compared
 *              without its H, which is worked out only for the squares added
 *   a word per cell, for the searches that keep one, side by side with G
 *              (the first two thirds of list, g[2 * cell] and then the
 *              word): a search that keeps one reaches few cells far apart,
 *              and a cell's G and word in one cache line are one miss where
 *              two arrays were two (bucket_g):
 *     parent   JPS: the parent jump point
 *     h        a graph's search with landmarks: the node's H, worked out
 *              once when the node is first reached - H from landmarks costs
 *              far more than from positions, and a node moved down the far
 *              buckets would otherwise have it worked out at every move
 *   entry      the rest of list: an 8-byte entry per square in a bucket, its
 *              coordinates (a graph's: its node) and the next entry of its
 *              bucket, and at the end
 *              the near buckets' heads and bitmaps
 * Re-pointing a square adds a second entry and leaves the first one where it
 * was: a square's entries all lead to it, and once it is closed the others
 * are dropped when they come up. Entries are recycled through a free list;
 * if they run out, astar__bucket_purge drops the stale ones. A* on a grid
 * always gets one back so (see astar__bucket_queue_init); JPS, with half the
 * entries and no such bound, may not, nor may A* on a graph, whose nodes
 * can have any number of edges, and then the search starts over with the
 * heap.
 *
 * A graph's search (bucket_on_graph) keeps a node's id where a grid's keeps
 * x | y << 16, and works H out from the nodes' positions (cost_node_h), or
 * with landmarks keeps it beside G (h, above): the graph's H is consistent
 * by its scale rule. */
#ifndef ASTAR_BUCKETS_H
#define ASTAR_BUCKETS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "astar.h"
#include "core/cost.h"
#include "core/inline.h"

enum {
    BUCKET_DIR_BITS = 3,
    BUCKET_CLOSED = 1u << 3,
    BUCKET_MARK = 1u << 4,       /* used by astar__bucket_purge only */
    BUCKET_GEN_SHIFT = 5,
    BUCKET_GENERATIONS = 1u << 26,
    BUCKET_NEAR_MAX = 32768,
    BUCKET_MIN_CELLS = 64,       /* smaller contexts use the heap instead */
};
#define BUCKET_TAG 0x80000000u
#define BUCKET_END UINT32_MAX

typedef struct bucket_entry {
    uint32_t xy;    /* x | y << 16 */
    uint32_t next;  /* the next entry of its bucket, or BUCKET_END */
} bucket_entry;

typedef struct bucket_queue {
    /* Set once, by astar__bucket_queue_init. */
    uint32_t *tag, *g;
    size_t cells;               /* of tag, and of g's values */
    unsigned char *after_g;     /* the rest of list, up to the near buckets */
    uint32_t capacity;          /* entries with no parents kept; 0 when the
                                   context is too small */
    uint32_t *near;             /* near_size heads */
    uint64_t *near_used;        /* a bit per near bucket in use */
    uint64_t *near_words;       /* a bit per word of near_used that is not 0 */
    uint32_t near_size;         /* a power of 2 */
    uint32_t generation;        /* of the last search; 0 before the first */
    bool near_known;            /* near_words marks every word of near_used
                                   that is not 0; false when the lists layout
                                   may have written over them (context_begin) */
    /* Per search. */
    uint32_t stamp;             /* BUCKET_TAG | generation << BUCKET_GEN_SHIFT */
    unsigned g_shift;           /* 1 with a word per cell beside G, else 0:
                                   a cell's G is g[cell << g_shift] */
    uint32_t *parent;           /* JPS's parent cells (g + 1, bucket_word), or NULL */
    uint32_t *h;                /* a graph's H per node, when kept, or NULL */
    bucket_entry *entry;        /* after G and the words */
    uint32_t room;              /* entries there */
    uint32_t width;             /* 65536 on a graph: an entry's xy is its node */
    cost_model model;           /* and the target: H, for F = G + H */
    int target_x, target_y;
    bool on_graph;              /* a graph's search (bucket_on_graph): H is h's
                                   or node_h's */
    node_h_model node_h;
    uint32_t base;              /* the near block's first F, a multiple of near_size */
    uint32_t cursor;            /* the near bucket last taken from */
    uint32_t free, used;        /* free list; entries handed out so far */
    uint32_t far_used;          /* a bit per far bucket in use */
    uint32_t far[32], far_min[32];  /* heads, and the lowest F ever put in each */
} bucket_queue;

static inline uint32_t bucket_cell(const bucket_queue *q, uint32_t xy)
{
    return (xy >> 16) * q->width + (xy & 0xFFFFu);
}

/* Where a cell's G is, with shift the queue's g_shift: the searches on the
 * loop's hot path pass it as a constant where their kind decides it (a
 * grid's A* 0, JPS 1), so that the plain layout costs no load or shift. */
static ALWAYS_INLINE uint32_t *bucket_g(const bucket_queue *q, const unsigned shift,
                                        uint32_t cell)
{
    return &q->g[(size_t)cell << shift];
}

/* A cell's word beside its G, in words (the queue's parent or h) that a
 * search with g_shift 1 keeps. */
static ALWAYS_INLINE uint32_t *bucket_word(uint32_t *words, uint32_t cell)
{
    return &words[(size_t)cell << 1];
}

/* F of the square at (x, y) = xy on a grid, whose G is g, with H under
 * `model` (the queue's, or one the caller knows to be the same). */
static ALWAYS_INLINE uint32_t bucket_f_at(const bucket_queue *q, const cost_model *model,
                                          uint32_t xy, uint32_t g)
{
    int x = (int)(xy & 0xFFFFu), y = (int)(xy >> 16);
    return g + (uint32_t)cost_h_at(model, x, y, q->target_x, q->target_y);
}

/* F of a graph's node reached in this search, whose G is g. */
static ALWAYS_INLINE uint32_t bucket_f_node(const bucket_queue *q, uint32_t node, uint32_t g)
{
    return g + (q->h ? *bucket_word(q->h, node)
                     : (uint32_t)cost_node_h(&q->node_h, q->model.weight, node));
}

/* F of the square at (x, y) = xy, or on a graph of the node xy, whose G
 * is g. */
static inline uint32_t bucket_f(const bucket_queue *q, uint32_t xy, uint32_t g)
{
    return q->on_graph ? bucket_f_node(q, xy, g) : bucket_f_at(q, &q->model, xy, g);
}

static inline astar_list bucket_list_of(const bucket_queue *q, uint32_t cell)
{
    uint32_t t = q->tag[cell];
    if ((t & ~((1u << BUCKET_GEN_SHIFT) - 1)) != q->stamp)
        return ASTAR_LIST_NONE;
    return t & BUCKET_CLOSED ? ASTAR_LIST_CLOSED : ASTAR_LIST_OPEN;
}

static inline unsigned bucket_dir(const bucket_queue *q, uint32_t cell)
{
    return q->tag[cell] & ((1u << BUCKET_DIR_BITS) - 1);
}

/* Puts entry k in the bucket of F = f. */
static ALWAYS_INLINE void bucket_link(bucket_queue *q, uint32_t k, uint32_t f)
{
    uint32_t apart = f ^ q->base;
    if (apart < q->near_size) {
        uint32_t i = f & (q->near_size - 1);
        uint64_t bit = (uint64_t)1 << (i & 63);
        uint64_t *word = &q->near_used[i >> 6];
        q->entry[k].next = *word & bit ? q->near[i] : BUCKET_END;
        q->near[i] = k;
        *word |= bit;
        q->near_words[i >> 12] |= (uint64_t)1 << (i >> 6 & 63);
    } else {
        unsigned j = 31u - (unsigned)__builtin_clz(apart);
        bool used = q->far_used >> j & 1;
        q->entry[k].next = used ? q->far[j] : BUCKET_END;
        q->far[j] = k;
        q->far_min[j] = used && q->far_min[j] < f ? q->far_min[j] : f;
        q->far_used |= 1u << j;
    }
}

uint32_t astar__bucket_purge(bucket_queue *q);

/* Adds a square at (x, y) = xy with F = f to the open list. Its tag and g
 * must already say so (bucket_reach). Returns false when no entry is left
 * even after dropping the stale ones (never for A* on a grid). */
static ALWAYS_INLINE bool bucket_push(bucket_queue *q, uint32_t xy, uint32_t f)
{
    uint32_t k = q->free;
    if (k != BUCKET_END)
        q->free = q->entry[k].next;
    else if (q->used < q->room)
        k = q->used++;
    else if ((k = astar__bucket_purge(q)) == BUCKET_END)
        return false;
    q->entry[k].xy = xy;
    bucket_link(q, k, f);
    return true;
}

/* Says that a square is open, with G = g and its parent in direction dir,
 * without an entry in a bucket: the loop's square held back (loop.h) has
 * none. */
static ALWAYS_INLINE void bucket_mark(bucket_queue *q, const unsigned shift, uint32_t cell,
                                       unsigned dir, uint32_t g)
{
    *bucket_g(q, shift, cell) = g;
    q->tag[cell] = q->stamp | dir;
}

/* The article's "add it to the open list" and "re-point it": the square
 * gets G = g, F = f and its parent in direction dir, then an entry. Returns
 * what bucket_push does. */
static ALWAYS_INLINE bool bucket_reach(bucket_queue *q, const unsigned shift, uint32_t cell,
                                       uint32_t xy, unsigned dir, uint32_t g, uint32_t f)
{
    bucket_mark(q, shift, cell, dir, g);
    return bucket_push(q, xy, f);
}

/* F of the square last taken off the list: the lowest F there is. */
static ALWAYS_INLINE uint32_t bucket_taking(const bucket_queue *q)
{
    return q->base + q->cursor;
}

/* On a graph, F may come out lower than the F being taken, by the last
 * unit of an H worked out in floating point (the scale rule holds in
 * exact arithmetic): the bucket of F = f is then looked at next rather
 * than passed by. */
static ALWAYS_INLINE void bucket_not_passed(bucket_queue *q, uint32_t f)
{
    if (f - q->base < q->cursor)
        q->cursor = f - q->base;
}

/* Starts bringing the tag and G of a cell into the cache; a cell outside
 * the context is let be. */
static ALWAYS_INLINE void bucket_prefetch(const bucket_queue *q, const unsigned shift,
                                          uint32_t cell)
{
    if (cell < q->cells) {
        __builtin_prefetch(&q->tag[cell]);
        __builtin_prefetch(bucket_g(q, shift, cell));
    }
}

/* The first near bucket in use from bucket i on, or near_size. */
static ALWAYS_INLINE uint32_t bucket_next(const bucket_queue *q, uint32_t i)
{
    uint32_t w = i >> 6;
    uint64_t here = q->near_used[w] & (~(uint64_t)0 << (i & 63));
    if (here)
        return w << 6 | (uint32_t)__builtin_ctzll(here);
    uint32_t words = (q->near_size + 63) >> 6;
    for (uint32_t s = (w + 1) >> 6; s << 6 < words; s++) {
        uint64_t used = q->near_words[s];
        if (s == (w + 1) >> 6 && ((w + 1) & 63))
            used &= ~(uint64_t)0 << ((w + 1) & 63);
        if (used) {
            uint32_t word = s << 6 | (uint32_t)__builtin_ctzll(used);
            return word << 6 | (uint32_t)__builtin_ctzll(q->near_used[word]);
        }
    }
    return q->near_size;
}

bool astar__bucket_refill(bucket_queue *q);

/* Takes the square with the lowest F off the open list and closes it: its
 * coordinates (x | y << 16) and cell. Returns false when the list is empty. */
static ALWAYS_INLINE bool bucket_take(bucket_queue *q, uint32_t *xy, uint32_t *cell)
{
    for (;;) {
        uint32_t i = bucket_next(q, q->cursor);
        if (i == q->near_size) {
            if (!astar__bucket_refill(q))
                return false;
            continue;
        }
        q->cursor = i;
        uint32_t k = q->near[i];
        uint32_t next = q->entry[k].next;
        q->near[i] = next;
        if (next == BUCKET_END) {
            q->near_used[i >> 6] &= ~((uint64_t)1 << (i & 63));
            if (!q->near_used[i >> 6])
                q->near_words[i >> 12] &= ~((uint64_t)1 << (i >> 6 & 63));
        }
        *xy = q->entry[k].xy;
        q->entry[k].next = q->free;
        q->free = k;
        *cell = bucket_cell(q, *xy);
        uint32_t t = q->tag[*cell];
        if (t & BUCKET_CLOSED)
            continue; /* an entry left behind by a re-pointing */
        q->tag[*cell] = t | BUCKET_CLOSED;
        return true;
    }
}

/* Lays the queue over a context's slot (max_cells words) and list (12 *
 * max_cells bytes) arrays: near_size is max_cells / 8 rounded down to a
 * power of 2, at most BUCKET_NEAR_MAX (halved further if the entries would
 * not suffice). capacity stays 0 - the context is too small, searches use
 * the heap - below BUCKET_MIN_CELLS cells. */
void astar__bucket_queue_init(bucket_queue *q, size_t max_cells, uint32_t *slot, void *list);

/* Starts a search on a grid of this width, towards (target_x, target_y)
 * with H from model, whose start has F = f_start: a new generation (every
 * tag of the old ones now reads as not reached) and empty buckets; with
 * per_cell (JPS; a graph's search with landmarks), a word per cell (a
 * parent; an H) beside each G (g_shift 1) and fewer entries. Emptying
 * the buckets costs the words the last search left in use, or with
 * near_known false all of them. */
void astar__bucket_start(bucket_queue *q, int width, const cost_model *model, int target_x, int target_y,
                  uint32_t f_start, bool per_cell);

/* Turns a search just started into a graph's: entries hold node ids (a
 * node is x = its id, y = 0, and a width of 65536 makes bucket_cell the
 * id), and H is worked out from node_h; or, if the search started with a
 * word per cell, the words are the nodes' H, which it writes as it reaches
 * them. */
static inline void bucket_on_graph(bucket_queue *q, const node_h_model *node_h)
{
    q->width = 65536;
    q->on_graph = true;
    q->node_h = *node_h;
    q->h = q->parent;
    q->parent = NULL;
}

#endif
