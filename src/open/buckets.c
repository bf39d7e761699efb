/* The BUCKETS open list's slower steps: laying it out, starting a search,
 * bringing the next far block near, and dropping stale entries. */
#include <string.h>

#include "open/buckets.h"

static size_t near_words(uint32_t near_size)
{
    return (near_size + 63) / 64;
}

/* Lays out the near buckets (near_size of them) at the end of list and the
 * entries before them; returns how many entries fit. */
static uint32_t lay_out(bucket_queue *q, size_t max_cells, void *list, uint32_t near_size)
{
    unsigned char *entries = (unsigned char *)list + max_cells * sizeof(uint32_t); /* after g */
    unsigned char *end = (unsigned char *)list + max_cells * 12;
    size_t words = near_words(near_size);
    /* From the end down: the two bitmaps (8-byte aligned), then the heads. */
    uintptr_t at = ((uintptr_t)end - (words + (words + 63) / 64) * sizeof(uint64_t)) &
                   ~(uintptr_t)(sizeof(uint64_t) - 1);
    q->near_used = (uint64_t *)at;
    q->near_words = q->near_used + words;
    q->near = (uint32_t *)q->near_used - near_size;
    q->after_g = entries;
    q->near_size = near_size;
    return (uint32_t)(((unsigned char *)q->near - entries) / sizeof(bucket_entry));
}

void astar__bucket_queue_init(bucket_queue *q, size_t max_cells, uint32_t *slot, void *list)
{
    *q = (bucket_queue){ .tag = slot, .g = list, .cells = max_cells };
    if (max_cells < BUCKET_MIN_CELLS)
        return;
    /* The entries get what the f array leaves of list, less the near
     * buckets. They must outnumber the open squares a search can have by
     * at least one, so that dropping the stale entries always frees one
     * (astar__bucket_purge): at most 8 open squares per closed one (each has a
     * closed parent), so at most (8 * cells + 1) / 9. */
    size_t needed = (8 * max_cells + 1) / 9 + 1;
    uint32_t near_size = BUCKET_NEAR_MAX;
    while (near_size > max_cells / 8)
        near_size /= 2;
    uint32_t capacity = lay_out(q, max_cells, list, near_size);
    while (capacity < needed && near_size > 1)
        capacity = lay_out(q, max_cells, list, near_size /= 2);
    q->capacity = capacity >= needed ? capacity : 0;
}

void astar__bucket_start(bucket_queue *q, int width, const cost_model *model, int target_x, int target_y,
                  uint32_t f_start, bool per_cell)
{
    if (++q->generation == BUCKET_GENERATIONS) {
        /* Once in 2^26 searches: forget every generation, so that none is
         * mistaken for a new one. */
        memset(q->tag, 0, q->cells * sizeof *q->tag);
        q->generation = 1;
    }
    q->stamp = BUCKET_TAG | q->generation << BUCKET_GEN_SHIFT;
    q->width = (uint32_t)width;
    q->on_graph = false;
    q->model = *model;
    q->target_x = target_x;
    q->target_y = target_y;
    q->base = f_start & ~(q->near_size - 1);
    q->cursor = f_start & (q->near_size - 1);
    unsigned char *entries = q->after_g;
    q->parent = NULL;
    q->h = NULL;
    q->g_shift = 0;
    if (per_cell) {
        q->g_shift = 1;
        q->parent = q->g + 1;
        entries += q->cells * sizeof *q->parent;
    }
    q->entry = (bucket_entry *)(void *)entries;
    q->room = (uint32_t)(((unsigned char *)q->near - entries) / sizeof(bucket_entry));
    q->free = BUCKET_END;
    q->used = 0;
    q->far_used = 0;
    size_t words = near_words(q->near_size), summary = (words + 63) / 64;
    if (q->near_known) {
        /* A short search leaves a few words of the bitmap (up to 4 KB) in
         * use: clearing only those keeps the size of the context out of
         * the fixed cost of a query. */
        for (size_t s = 0; s < summary; s++) {
            for (uint64_t used = q->near_words[s]; used; used &= used - 1)
                q->near_used[s << 6 | (size_t)__builtin_ctzll(used)] = 0;
            q->near_words[s] = 0;
        }
    } else {
        memset(q->near_used, 0, (words + summary) * sizeof(uint64_t));
        q->near_known = true;
    }
}

/* What a refill works F out for: a graph's nodes, or a grid's squares
 * under any cost model, or under the octile H at weight 1 on squares
 * (what every search of the benchmarks uses), for which H needs no choice
 * per entry. */
enum refill_kind { REFILL_GRAPH, REFILL_GRID, REFILL_OCTILE };

/* bucket_f with the kind a constant, so that the refill's loop has no
 * test for it. At REFILL_OCTILE the compiler sees the heuristic, and H is
 * a few instructions inline; at REFILL_GRID it chose to call cost_h_at per
 * entry (refills are a tenth of a JPS+ query's instructions on sc1). */
static ALWAYS_INLINE uint32_t f_of(const bucket_queue *q, const enum refill_kind kind,
                                   uint32_t xy, uint32_t g)
{
    if (kind == REFILL_GRAPH)
        return bucket_f_node(q, xy, g);
    if (kind == REFILL_GRID)
        return bucket_f_at(q, &q->model, xy, g);
    cost_model octile = q->model;
    octile.heuristic = ASTAR_HEURISTIC_OCTILE;
    octile.weight = WEIGHT_ONE;
    octile.topology = ASTAR_TOPOLOGY_SQUARE;
    return bucket_f_at(q, &octile, xy, g);
}

static ALWAYS_INLINE void refill(bucket_queue *q, const enum refill_kind kind)
{
    /* The lowest far bucket holds the lowest F; its first block becomes the
     * near one. far_min may be an F whose square has since been re-pointed
     * lower: then the block may turn out empty, which only costs a refill. */
    unsigned j = (unsigned)__builtin_ctz(q->far_used);
    uint32_t k = q->far[j];
    q->far_used &= ~(1u << j);
    q->base = q->far_min[j] & ~(q->near_size - 1);
    q->cursor = q->far_min[j] & (q->near_size - 1);
    while (k != BUCKET_END) {
        uint32_t next = q->entry[k].next, xy = q->entry[k].xy;
        uint32_t cell = kind == REFILL_GRAPH ? xy : bucket_cell(q, xy);
        if (q->tag[cell] & BUCKET_CLOSED) {
            q->entry[k].next = q->free;
            q->free = k;
        } else {
            /* A re-pointed square's old entry goes where its new one is:
             * in this bucket too, as nothing lower is left. */
            bucket_link(q, k, f_of(q, kind, xy, *bucket_g(q, q->g_shift, cell)));
        }
        k = next;
    }
}

bool astar__bucket_refill(bucket_queue *q)
{
    if (!q->far_used)
        return false;
    const cost_model *m = &q->model;
    if (q->on_graph)
        refill(q, REFILL_GRAPH);
    else if (m->heuristic == ASTAR_HEURISTIC_OCTILE && m->weight == WEIGHT_ONE &&
             !hex_topology(m->topology))
        refill(q, REFILL_OCTILE);
    else
        refill(q, REFILL_GRID);
    return true;
}

/* The near bucket in use after bucket i, or near_size. */
static uint32_t near_after(const bucket_queue *q, uint32_t i)
{
    return i + 1 < q->near_size ? bucket_next(q, i + 1) : q->near_size;
}

/* Keeps from the list at *head the entries that are their square's only
 * live one: open, in the bucket its F belongs in, and the first met. */
static void purge_list(bucket_queue *q, uint32_t *head,
                       bool (*belongs)(const bucket_queue *, uint32_t, uint32_t), uint32_t bucket)
{
    uint32_t k = *head, *tail = head;
    while (k != BUCKET_END) {
        uint32_t next = q->entry[k].next, xy = q->entry[k].xy;
        uint32_t cell = bucket_cell(q, xy);
        uint32_t t = q->tag[cell];
        if (!(t & (BUCKET_CLOSED | BUCKET_MARK)) &&
            belongs(q, bucket_f(q, xy, *bucket_g(q, q->g_shift, cell)), bucket)) {
            q->tag[cell] = t | BUCKET_MARK;
            *tail = k;
            tail = &q->entry[k].next;
        } else {
            q->entry[k].next = q->free;
            q->free = k;
        }
        k = next;
    }
    *tail = BUCKET_END;
}

static bool belongs_near(const bucket_queue *q, uint32_t f, uint32_t i)
{
    return f == (q->base | i);
}

static bool belongs_far(const bucket_queue *q, uint32_t f, uint32_t j)
{
    uint32_t apart = f ^ q->base;
    return apart >= q->near_size && 31u - (unsigned)__builtin_clz(apart) == j;
}

static void unmark(bucket_queue *q, uint32_t k)
{
    for (; k != BUCKET_END; k = q->entry[k].next)
        q->tag[bucket_cell(q, q->entry[k].xy)] &= ~(uint32_t)BUCKET_MARK;
}

/* All entries are in use: drops every one that is not its square's only
 * live one, and returns one of them, or BUCKET_END if none was dropped.
 * For A* one always is: an open square other than the one being added has
 * one entry left, and there are at most 8 open squares per closed one (each
 * has a closed parent), so at most 8/9 of the cells, fewer than
 * astar__bucket_queue_init gave room for. */
uint32_t astar__bucket_purge(bucket_queue *q)
{
    for (uint32_t i = bucket_next(q, 0); i < q->near_size; i = near_after(q, i)) {
        purge_list(q, &q->near[i], belongs_near, i);
        if (q->near[i] == BUCKET_END) {
            q->near_used[i >> 6] &= ~((uint64_t)1 << (i & 63));
            if (!q->near_used[i >> 6])
                q->near_words[i >> 12] &= ~((uint64_t)1 << (i >> 6 & 63));
        }
    }
    for (uint32_t used = q->far_used; used; used &= used - 1) {
        unsigned j = (unsigned)__builtin_ctz(used);
        purge_list(q, &q->far[j], belongs_far, j);
        if (q->far[j] == BUCKET_END)
            q->far_used &= ~(1u << j);
    }
    for (uint32_t i = bucket_next(q, 0); i < q->near_size; i = near_after(q, i))
        unmark(q, q->near[i]);
    for (uint32_t used = q->far_used; used; used &= used - 1)
        unmark(q, q->far[__builtin_ctz(used)]);
    uint32_t k = q->free;
    if (k != BUCKET_END)
        q->free = q->entry[k].next;
    return k;
}
