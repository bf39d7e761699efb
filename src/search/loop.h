/* The one search loop: the article's A* method - take the lowest F off the
 * open list, switch it to the closed list, look at its neighbours, stop
 * when the target is closed - for every search the library runs. What
 * differs between them is how a square's neighbours are found, and that is
 * a function handed to the loop, an expansion (Warthog calls it an
 * expansion policy):
 *   grid squares   A*: the 8 (or 4) adjacent squares; JPS and JPS+ stepping
 *                  on a cluttered grid: those of them JPS's rule has follow
 *                  the square (astar.c)
 *   jump points    JPS and JPS+: the next jump point along each way (jps.c)
 *   backwards      Dijkstra from a set of targets, each step priced by the
 *                  square it enters on the way back (dijkstra.c)
 *   graph edges    A* over any graph: the nodes its edges lead to
 *                  (graph_search.c)
 *   graph edges backwards  Dijkstra from a set of targets over the
 *                  edges into a node, each priced as the edge is
 *                  (graph_dijkstra.c)
 * An expansion calls search_reach for each neighbour it finds; with it come
 * the search's seed (its first squares) and its policy (search_policy:
 * where parents are kept, what ties hold, H). The loop, the open lists
 * (all four kinds, and the fall-back from the buckets to the heap), the
 * limit on costs and the result tail are here, once, and name no search.
 *
 * The functions are inlined with the expansion, the policy and the kind of
 * open list as constants, so that each combination is compiled into a loop
 * of its own with no choice left in it (inline.h). */
#ifndef ASTAR_SEARCH_LOOP_H
#define ASTAR_SEARCH_LOOP_H

#include <stdint.h>

#include "open/context.h"
#include "core/cost.h"
#include "core/inline.h"
#include "core/moves.h"
#include "open/open_list.h"
#include "core/options.h"
#include "core/route.h"

/* A target beyond every cell: a search that closes all it reaches. */
#define NO_CELL UINT32_MAX

/* The policies a search hands the loop beside its seed and its expansion,
 * each of them a constant, so that the loop compiled for a search has no
 * choice left in it (Warthog's policies, docs/design.md "Adding a search
 * space"):
 *   parent  where a square's parent is kept
 *   ties    what the tie value of an open-list entry holds, which orders
 *           equal F and decides how a re-pointed entry's tie changes
 *   h       H of a square: the space's estimate towards the target, or
 *           NULL for H = 0 (Dijkstra from its sources)
 * A new search space is an expansion, a seed and this triple, not an edit
 * of the loop. */
typedef enum parent_rule {
    PARENT_STEP, /* one step back along the direction kept with the square:
                    a grid's A* and Dijkstra */
    PARENT_JUMP, /* a jump point, which is not next door, kept beside G
                    (the buckets) or as the tie (the other lists): JPS */
    PARENT_NODE  /* any node, which no direction can name, kept in the
                    context's node_parent: a graph's searches */
} parent_rule;

typedef enum tie_rule {
    TIES_ADDED,  /* the order of astar_ties, kept when the square is
                    re-pointed unless ties go by G; ASTAR_TIES_STRAIGHT is
                    served as ASTAR_TIES_DEEP */
    TIES_LINE,   /* as TIES_ADDED, with ASTAR_TIES_STRAIGHT's distance from
                    the line; a loop without it has no code for it in its
                    way */
    TIES_PARENT, /* the parent jump point's cell, which orders equal F in
                    its place: JPS */
    TIES_SOURCE  /* the index of the source the square leads to; a square
                    is re-pointed to an equally near source with a lower
                    index, so that the lowest index wins ties */
} tie_rule;

struct search;
/* H of the square cell at (x, y) (on a graph: the node cell, x = cell). */
typedef uint64_t (*search_heuristic)(const struct search *s, uint32_t cell, int x, int y);

typedef struct search_policy {
    parent_rule parent;
    tie_rule ties;
    search_heuristic h;           /* [opt] NULL: H is 0 */
} search_policy;

/* Whether the tie value is the order of astar_ties. */
static ALWAYS_INLINE bool tie_by_order(search_policy p)
{
    return p.ties == TIES_ADDED || p.ties == TIES_LINE;
}

/* The buckets' g_shift (bucket_g) for a search of this policy: a constant
 * where the parent rule decides it - JPS keeps a parent beside each G, a
 * grid's A* nothing - and the queue's own for a graph's, which keeps H
 * beside G with landmarks only. */
static ALWAYS_INLINE unsigned tie_g_shift(search_policy p, const bucket_queue *q)
{
    if (p.parent == PARENT_JUMP)
        return 1;
    return p.parent == PARENT_NODE ? q->g_shift : 0;
}

/* Whether a search on the buckets holds back the square it takes next
 * (search.held): on a grid's squares, not on jump points, whose successors
 * share the F being taken too seldom to pay for the test, nor on a graph,
 * whose F may come out below the F being taken (bucket_not_passed). A
 * traced search never does either, as its trace writes each take. */
static ALWAYS_INLINE bool tie_holds_back(search_policy p)
{
    return p.parent == PARENT_STEP;
}

/* ASTAR_TIES_STRAIGHT's line from the start to the target, in
 * hex_centre's frame (search_line). */
typedef struct straight_line {
    int64_t dx, dy;               /* its direction, and its */
    int64_t c;                    /* cross product with the start's centre */
    int8_t kx, sx, ky, sy;        /* hex_centre as a linear form */
    bool parity_of_y;
} straight_line;

/* One search: what it needs at hand, set up once before the loop, and what
 * the loop keeps as it goes. An expansion that needs more embeds this as
 * the first member of its own struct. */
typedef struct search {
    astar_context *ctx;
    int width;                    /* cells per row: x = cell % width, y = cell /
                                     width (a graph is one row of nodes) */
    uint32_t start, target;       /* target: NO_CELL to close everything */
    int target_x, target_y;
    cost_model model;
    uint32_t limit;               /* the highest F a square may have */
    astar_ties ties;
    astar_open_list open_list;    /* asked for; the loop may fall back */
    bool stop_on_open;
    search_policy policy;         /* what the loop runs with (search_start), for
                                     what reads a search outside it */
    /* What the policies read, each set by the space whose policy it is;
     * what an expansion alone reads stays in its own record (a grid's:
     * grid_space.h). */
    int32_t cell_step[DIRECTIONS]; /* PARENT_STEP: how the cell index changes
                                      along each direction of moves.h */
    uint32_t *node_parent;        /* PARENT_NODE: the context's node parents */
    node_h_model node_h;          /* search_h_node: what a graph's H is worked
                                     out from (xy NULL: H is 0) */
    straight_line line;           /* TIES_LINE: ASTAR_TIES_STRAIGHT's line */
    astar_observer observer;      /* [opt] */
    void *observer_user;
    astar_trace *trace;           /* [opt] */
    uint32_t max_expanded;        /* options.max_expanded; UINT32_MAX: none */
    bool partial;                 /* options.partial: keep nearest up to date */
    /* The loop's state. */
    astar_open_list kind;         /* the open list in use (search_start) */
    uint32_t added;               /* squares added so far: the tie order */
    uint32_t expanded;
    bool over_limit;              /* a square was left out: its F passed limit */
    bool out_of_entries;          /* the buckets had no entry left (buckets.h) */
    bool target_opened;           /* with stop_on_open: the target is open */
    uint32_t nearest;             /* with partial: the closed square nearest the
                                     target by H, then G; NO_CELL before any */
    uint64_t nearest_h;
    uint32_t nearest_g;
    /* With the buckets: the square reached last in this expansion with the
     * F being taken, held back from its bucket, or NO_CELL. It is the one
     * the bucket would hand out next (squares added last leave first), so
     * the loop takes it straight from here and skips its push and its
     * take; the order of expansion is the same. */
    uint32_t held;
    uint32_t held_xy;
} search;

/* An expansion: the article's step c) for the square just closed, calling
 * search_reach for each neighbour it finds, with traced as given. It may
 * return early once s->target_opened is set. */
typedef void (*search_expand)(search *s, astar_open_list kind, bool traced,
                              const square *current);

/* The search's first squares on the open list: returns ASTAR_OK to go on,
 * any other status to end the search with it before the loop. */
typedef astar_status (*search_seed)(search *s, astar_open_list kind);

/* The fields every search, on a grid or a graph, sets the same way from
 * what every search honours; model is the space's. */
static inline search search_with_options(astar_context *ctx, const astar_search_options *options,
                                         cost_model model, uint32_t limit)
{
    return (search){
        .ctx = ctx,
        .model = model,
        .limit = limit,
        .ties = options->ties,
        .open_list = options->open_list,
        .stop_on_open = options->stop == ASTAR_STOP_OPEN,
        .observer = options->observer,
        .observer_user = options->observer_user,
        .trace = options->trace,
        .max_expanded = options->max_expanded ? options->max_expanded : UINT32_MAX,
        .partial = options->partial,
        .nearest = NO_CELL,
        .nearest_h = UINT64_MAX,
    };
}

static inline uint32_t distance_1d(int a, int b)
{
    return (uint32_t)(a > b ? a - b : b - a);
}

/* H of the square at (x, y) on a square grid: the cost model's estimate
 * from its offsets to the target. */
static ALWAYS_INLINE uint64_t search_h(const search *s, int x, int y)
{
    return cost_h(&s->model, distance_1d(x, s->target_x), distance_1d(y, s->target_y));
}

/* The heuristics of the library's spaces, as policies: a square grid's. */
static inline uint64_t search_h_square(const search *s, uint32_t cell, int x, int y)
{
    (void)cell;
    return search_h(s, x, y);
}

/* A hex grid's: hex steps to the target. */
static inline uint64_t search_h_hex(const search *s, uint32_t cell, int x, int y)
{
    (void)cell;
    return cost_hex_h(&s->model, x, y, s->target_x, s->target_y);
}

/* A graph's node: its distance to the target under the graph's metric
 * times the scale, rounded down, then weighted as cost_h does. */
static ALWAYS_INLINE uint64_t search_h_node(const search *s, uint32_t cell, int x, int y)
{
    (void)x;
    (void)y;
    return cost_node_h(&s->node_h, s->model.weight, cell);
}

/* H of a square under the policy: 0 when it has none. */
static ALWAYS_INLINE uint64_t search_h_of(const search *s, search_policy p, uint32_t cell, int x,
                                          int y)
{
    return p.h ? p.h(s, cell, x, y) : 0;
}

/* Sets up ASTAR_TIES_STRAIGHT's line from the start (sx, sy) to the
 * target, and hex_centre as a linear function of a cell's x, y and the
 * parity of its row or column: (kx x + sx odd, ky y + sy odd), which
 * hex_centre's formulas come to for each layout. */
static inline void search_line(search *s, int sx, int sy)
{
    static const int8_t form[5][4] = {
        { 1, 0, 1, 0 },  /* square: (x, y) */
        { 2, 1, 1, 0 },  /* odd-r: (2x + odd, y) */
        { 2, -1, 1, 0 }, /* even-r: (2x - odd, y) */
        { 1, 0, 2, 1 },  /* odd-q: (x, 2y + odd) */
        { 1, 0, 2, -1 }, /* even-q: (x, 2y - odd) */
    };
    const int8_t *f = form[s->model.topology];
    straight_line *l = &s->line;
    l->kx = f[0];
    l->sx = f[1];
    l->ky = f[2];
    l->sy = f[3];
    l->parity_of_y = hex_shoves_rows(s->model.topology);
    int64_t ax, ay, bx, by;
    hex_centre(s->model.topology, sx, sy, &ax, &ay);
    hex_centre(s->model.topology, s->target_x, s->target_y, &bx, &by);
    l->dx = bx - ax;
    l->dy = by - ay;
    l->c = ax * l->dy - ay * l->dx;
}

/* The tie of a square at (x, y) added now with this G: lower ties leave
 * first. ASTAR_TIES_STRAIGHT's is the square's distance from the line, in
 * units that keep the order of distances (the cross product with the
 * line's direction, which is its length times the distance), capped, then
 * the last added first in the low bits; the centre is hex_centre's,
 * worked out as search_line set it up so that no call or switch sits in
 * the loop. */
static ALWAYS_INLINE uint32_t search_tie(const search *s, search_policy p, uint32_t g, int x,
                                          int y)
{
    enum { ORDER_BITS = 12, OFF_MAX = (1u << (32 - ORDER_BITS)) - 1 };
    switch (s->ties) {
    case ASTAR_TIES_FIRST: return s->added;
    case ASTAR_TIES_LAST: return UINT32_MAX - s->added;
    case ASTAR_TIES_STRAIGHT: {
        if (p.ties != TIES_LINE)
            break; /* served as DEEP */
        const straight_line *l = &s->line;
        int64_t odd = (l->parity_of_y ? y : x) & 1;
        int64_t cx = l->kx * (int64_t)x + l->sx * odd;
        int64_t cy = l->ky * (int64_t)y + l->sy * odd;
        int64_t cross = cx * l->dy - cy * l->dx - l->c;
        uint64_t off = (uint64_t)(cross < 0 ? -cross : cross);
        if (off > OFF_MAX)
            off = OFF_MAX;
        return (uint32_t)off << ORDER_BITS | ((UINT32_MAX - s->added) & ((1u << ORDER_BITS) - 1));
    }
    case ASTAR_TIES_DEEP: break;
    }
    return UINT32_MAX - g;
}

/* Where a cell stands in this search: none, open or closed. */
static ALWAYS_INLINE astar_list search_list(const search *s, astar_open_list kind, uint32_t cell)
{
    if (kind == ASTAR_OPEN_LIST_BUCKETS)
        return bucket_list_of(&s->ctx->buckets, cell);
    return context_list_of(s->ctx, cell);
}

/* Empty lists, laid out for this kind of open list, ready for the seeds. */
static ALWAYS_INLINE void search_begin(search *s, astar_open_list kind, uint32_t start_f)
{
    astar_context *ctx = s->ctx;
    s->held = NO_CELL;
    context_begin(ctx, kind == ASTAR_OPEN_LIST_BUCKETS ? LAYOUT_BUCKETS : LAYOUT_LISTS);
    if (kind == ASTAR_OPEN_LIST_BUCKETS)
        astar__bucket_start(&ctx->buckets, s->width, &s->model, s->target_x, s->target_y, start_f,
                     s->policy.parent == PARENT_JUMP || s->node_h.landmarks);
}

/* Writes an event into the search's trace if it has room, and counts it. */
static inline void search_trace(const search *s, astar_trace_kind kind, uint32_t cell,
                                uint32_t parent, uint32_t f, uint32_t g)
{
    astar_trace *t = s->trace;
    uint32_t w = (uint32_t)s->width;
    if (t->count < t->capacity)
        t->events[t->count++] = (astar_trace_event){
            .kind = kind,
            .at = { (int32_t)(cell % w), (int32_t)(cell / w) },
            .parent = { (int32_t)(parent % w), (int32_t)(parent / w) },
            .f = f, .g = g, .h = f - g,
        };
    t->total++;
}

/* The article's step for an adjacent square that is not on the closed
 * list: with G = g by the way from the current square (parent, tie when
 * the policy has the expansion give it), add it to the open list, or if it
 * is there already and this way is better, re-point its parent to the
 * current square and recalculate G and F. dir is the direction of the step
 * that enters the square (JPS: of the last straight stretch); list is what
 * search_list says of it. With traced (a constant: the loop with a trace)
 * the change is written into the trace. Returns whether the target is now
 * open and the search stops on the open list (s->target_opened). */
static ALWAYS_INLINE bool search_reach(search *s, astar_open_list kind, const bool traced,
                                       search_policy p, uint32_t cell, int x, int y, unsigned dir,
                                       uint32_t parent, uint32_t tie, astar_list list, uint64_t g)
{
    astar_context *ctx = s->ctx;
    const unsigned shift = tie_g_shift(p, &ctx->buckets);
    if (kind == ASTAR_OPEN_LIST_BUCKETS && list == ASTAR_LIST_OPEN &&
        g >= *bucket_g(&ctx->buckets, shift, cell))
        return false; /* no better than its path: the buckets keep G, so H can wait */
    /* With landmarks the buckets keep H too, from the node's first
     * reaching (bucket_on_graph). */
    bool h_kept = kind == ASTAR_OPEN_LIST_BUCKETS && p.parent == PARENT_NODE && ctx->buckets.h;
    uint64_t h = h_kept && list == ASTAR_LIST_OPEN ? *bucket_word(ctx->buckets.h, cell)
                                                   : search_h_of(s, p, cell, x, y);
    uint64_t f = g + h;
    if (f > s->limit) {
        /* Costs are 32-bit. Unless H overestimates, every path through
         * this square costs at least F, so leaving it out loses no path
         * within the limit; the search reports it if it then fails. */
        s->over_limit = true;
        return false;
    }
    if (kind == ASTAR_OPEN_LIST_BUCKETS) {
        if (p.parent == PARENT_JUMP)
            *bucket_word(ctx->buckets.parent, cell) = parent;
        if (p.parent == PARENT_NODE) {
            s->node_parent[cell] = parent;
            if (h_kept)
                *bucket_word(ctx->buckets.h, cell) = (uint32_t)h;
            bucket_not_passed(&ctx->buckets, (uint32_t)f);
        }
        uint32_t xy = (uint32_t)x | (uint32_t)y << 16;
        if (!traced && tie_holds_back(p) && (uint32_t)f == bucket_taking(&ctx->buckets)) {
            bucket_mark(&ctx->buckets, shift, cell, dir, (uint32_t)g);
            if (s->held != NO_CELL && !bucket_push(&ctx->buckets, s->held_xy, (uint32_t)f))
                s->out_of_entries = true;
            s->held = cell;
            s->held_xy = xy;
        } else if (!bucket_reach(&ctx->buckets, shift, cell, xy, dir, (uint32_t)g, (uint32_t)f)) {
            s->out_of_entries = true;
        }
        if (traced && s->trace)
            search_trace(s, list == ASTAR_LIST_OPEN ? ASTAR_TRACE_REPOINTED : ASTAR_TRACE_OPENED,
                         cell, parent, (uint32_t)f, (uint32_t)g);
        /* Squares added last leave first, so this one is likely the next
         * expanded; its neighbours not read yet lie beyond it, in the
         * direction it was reached in. Ask for their line now. */
        if (p.parent == PARENT_STEP)
            bucket_prefetch(&ctx->buckets, shift, (uint32_t)((int64_t)cell + s->cell_step[dir]));
    } else if (list == ASTAR_LIST_NONE) {
        if (tie_by_order(p))
            tie = search_tie(s, p, (uint32_t)g, x, y);
        else if (p.ties == TIES_PARENT)
            tie = parent;
        if (tie_by_order(p))
            s->added++;
        if (p.parent == PARENT_NODE)
            s->node_parent[cell] = parent;
        open_push(ctx, kind, (list_entry){ .f = (uint32_t)f, .tie = tie,
                                           .cell_dir = cell << DIR_BITS | dir });
        if (traced && s->trace)
            search_trace(s, ASTAR_TRACE_OPENED, cell, parent, (uint32_t)f, (uint32_t)g);
    } else {
        uint32_t pos = ctx->slot[cell];
        list_entry *e = &ctx->list[pos];
        if (p.ties == TIES_PARENT)
            tie = parent;
        if (p.ties == TIES_SOURCE ? entry_key_of((uint32_t)f, tie) >= entry_key(e) : f >= e->f)
            return false;
        e->f = (uint32_t)f;
        e->cell_dir = cell << DIR_BITS | dir;
        if (p.parent == PARENT_NODE)
            s->node_parent[cell] = parent;
        if (!tie_by_order(p))
            e->tie = tie;
        else if (s->ties == ASTAR_TIES_DEEP || (p.ties != TIES_LINE && s->ties == ASTAR_TIES_STRAIGHT))
            e->tie = search_tie(s, p, (uint32_t)g, x, y); /* the tie is G's */
        open_decreased(ctx, kind, pos);
        if (traced && s->trace)
            search_trace(s, ASTAR_TRACE_REPOINTED, cell, parent, (uint32_t)f, (uint32_t)g);
        return false;
    }
    if (p.ties != TIES_SOURCE && list == ASTAR_LIST_NONE && s->stop_on_open && cell == s->target)
        return s->target_opened = true;
    return false;
}

/* G of a square on the open list now: what a lower G re-points, and what
 * an expansion that keeps more than one least-cost way in reads to find an
 * equal one (the first moves of cpd_grid.c). */
static ALWAYS_INLINE uint32_t search_open_g(const search *s, astar_open_list kind,
                                            search_policy p, uint32_t cell)
{
    const astar_context *ctx = s->ctx;
    if (kind == ASTAR_OPEN_LIST_BUCKETS)
        return *bucket_g(&ctx->buckets, tie_g_shift(p, &ctx->buckets), cell);
    uint32_t f = ctx->list[ctx->slot[cell]].f;
    return p.h ? f - (uint32_t)search_h_of(s, p, cell, (int)(cell % (uint32_t)s->width),
                                           (int)(cell / (uint32_t)s->width))
               : f;
}

/* The seed of a search from s->start (A*, JPS): the start on the open
 * list with G = 0, its own parent. */
static ALWAYS_INLINE astar_status search_seed_start(search *s, astar_open_list kind, search_policy p)
{
    int x = (int)(s->start % (uint32_t)s->width), y = (int)(s->start / (uint32_t)s->width);
    uint64_t f = search_h_of(s, p, s->start, x, y);
    if (f > s->limit) {
        context_begin(s->ctx, LAYOUT_LISTS);
        return ASTAR_COST_OVERFLOW;
    }
    search_begin(s, kind, (uint32_t)f);
    if (kind == ASTAR_OPEN_LIST_BUCKETS && p.parent == PARENT_NODE)
        bucket_on_graph(&s->ctx->buckets, &s->node_h);
    search_reach(s, kind, true, p, s->start, x, y, 0, s->start, 0, ASTAR_LIST_NONE, 0);
    return ASTAR_OK;
}

/* The square a square's parent pointer leads to: the jump point kept with
 * it (JPS), the node kept for it (a graph), or the square one step back
 * along its direction. */
static inline uint32_t search_parent(const search *s, uint32_t cell)
{
    if (s->policy.parent == PARENT_NODE)
        return s->node_parent[cell];
    if (s->policy.parent == PARENT_JUMP)
        return context_parent(s->ctx, cell);
    return (uint32_t)((int64_t)cell - s->cell_step[context_dir(s->ctx, cell)]);
}

/* Takes the square with the lowest F off the open list and switches it to
 * the closed list. Returns false when the open list is empty. */
static ALWAYS_INLINE bool search_take_lowest(search *s, astar_open_list kind, search_policy p,
                                             square *out)
{
    astar_context *ctx = s->ctx;
    uint32_t w = (uint32_t)s->width;
    if (kind == ASTAR_OPEN_LIST_BUCKETS) {
        const unsigned shift = tie_g_shift(p, &ctx->buckets);
        if (tie_holds_back(p) && s->held != NO_CELL) {
            context_take_held(ctx, shift, s->held, s->held_xy, out);
            s->held = NO_CELL;
        } else if (!context_take_bucket(ctx, shift, out)) {
            return false;
        }
        if (p.parent == PARENT_NODE) {
            out->x = (int)out->cell; /* a node: x is its id, y 0 */
            out->y = 0;
        }
        return true;
    }
    if (ctx->open_count == 0)
        return false;
    list_entry e = open_pop(ctx, kind);
    context_close(ctx, e);
    out->cell = entry_cell(&e);
    out->x = (int)(out->cell % w);
    out->y = (int)(out->cell / w);
    out->g = e.f - (uint32_t)search_h_of(s, p, out->cell, out->x, out->y);
    out->dir = entry_dir(&e);
    out->tie = e.tie;
    return true;
}

/* search_take_lowest, written into the trace when traced (a constant). */
static ALWAYS_INLINE bool search_take(search *s, astar_open_list kind, const bool traced,
                                      search_policy p, square *out)
{
    if (!search_take_lowest(s, kind, p, out))
        return false;
    if (traced && s->trace) {
        /* Only a square the search began from has G = 0: every step costs. */
        uint32_t parent = out->g == 0 ? out->cell : search_parent(s, out->cell);
        uint32_t h = (uint32_t)search_h_of(s, p, out->cell, out->x, out->y);
        search_trace(s, ASTAR_TRACE_CLOSED, out->cell, parent, out->g + h, out->g);
    }
    return true;
}

/* With options.partial: remembers the closed square nearest the target by
 * H, of equal H the one with the lower G, of equal G the one closed first. */
static ALWAYS_INLINE void search_note_nearest(search *s, search_policy p, const square *closed)
{
    uint64_t h = search_h_of(s, p, closed->cell, closed->x, closed->y);
    if (h < s->nearest_h || (h == s->nearest_h && closed->g < s->nearest_g)) {
        s->nearest = closed->cell;
        s->nearest_h = h;
        s->nearest_g = closed->g;
    }
}

/* The article's summary, step 2: the lowest F taken off the open list and
 * expanded until the target is closed - or only opened, with the
 * stop-on-open rule - or the open list is empty, or, when bounded,
 * budget (at least 1) squares have been expanded: then ASTAR_IN_PROGRESS,
 * and the next call goes on from there exactly as if there had been no
 * pause. Unbounded (a constant), the count and the partial path's
 * bookkeeping are compiled out; untraced (a constant), the trace is. */
static ALWAYS_INLINE astar_status search_expand_up_to(search *s, astar_open_list kind,
                                                      search_policy p, search_expand expand,
                                                      const bool bounded, const bool traced,
                                                      uint32_t budget)
{
    square current;
    while (search_take(s, kind, traced, p, &current)) { /* lowest F, now closed */
        if (current.cell == s->target)
            return ASTAR_OK;
        expand(s, kind, traced, &current);
        if (kind == ASTAR_OPEN_LIST_BUCKETS && s->out_of_entries)
            return ASTAR_OUT_OF_MEMORY; /* not for the caller: search_resume starts over */
        ++s->expanded;
        if (bounded && s->partial)
            search_note_nearest(s, p, &current);
        if (s->observer)
            s->observer(s->observer_user, s->ctx, (astar_point){ current.x, current.y });
        if (s->target_opened)
            return ASTAR_OK;
        if (bounded && --budget == 0)
            return ASTAR_IN_PROGRESS;
    }
    /* The open list is empty. */
    return s->over_limit ? ASTAR_COST_OVERFLOW : ASTAR_NO_PATH;
}

/* search_expand_up_to within the search's expansion limit. At the limit
 * the search is over, unless the square it would expand next is the
 * target: closing that is no expansion. Unbounded: no budget, no limit. */
static ALWAYS_INLINE astar_status search_slice(search *s, astar_open_list kind, search_policy p,
                                               search_expand expand, const bool bounded,
                                               const bool traced, uint32_t budget)
{
    if (!bounded)
        return search_expand_up_to(s, kind, p, expand, false, traced, 0);
    uint32_t left = s->max_expanded - s->expanded;
    if (left > 0)
        return search_expand_up_to(s, kind, p, expand, true, traced,
                                   budget < left ? budget : left);
    square next;
    if (!search_take(s, kind, traced, p, &next))
        return s->over_limit ? ASTAR_COST_OVERFLOW : ASTAR_NO_PATH;
    if (next.cell == s->target)
        return ASTAR_OK;
    if (s->partial)
        search_note_nearest(s, p, &next);
    return ASTAR_EXPANSION_LIMIT;
}

/* The open list a search runs on, chosen once per search, never per
 * operation: the one it asks for, except that with all_lists false the
 * heap stands in for the sorted and unsorted lists, and that BUCKETS needs
 * F taken in an order that never goes down (astar__options_consistent,
 * given as consistent) and room in the context. */
static inline astar_open_list search_choose_list(const search *s, bool consistent, bool all_lists)
{
    switch (s->open_list) {
    case ASTAR_OPEN_LIST_SORTED:
    case ASTAR_OPEN_LIST_UNSORTED: return all_lists ? s->open_list : ASTAR_OPEN_LIST_HEAP;
    case ASTAR_OPEN_LIST_BUCKETS:
        return consistent && s->ctx->buckets.capacity > 0 ? ASTAR_OPEN_LIST_BUCKETS
                                                          : ASTAR_OPEN_LIST_HEAP;
    case ASTAR_OPEN_LIST_HEAP: break;
    }
    return ASTAR_OPEN_LIST_HEAP;
}

/* The article's summary, step 1: the seeds on the open list of this kind,
 * for a search that runs with policy p (SEARCH_STEPS gives it the same).
 * Returns ASTAR_IN_PROGRESS to go on with search_resume, or the status the
 * search ended with already. */
static ALWAYS_INLINE astar_status search_start(search *s, astar_open_list kind, search_policy p,
                                               search_seed seed)
{
    s->kind = kind;
    s->policy = p;
    if (s->trace)
        s->trace->count = s->trace->total = 0;
    astar_status status = ASTAR_OK;
    switch (kind) {
    case ASTAR_OPEN_LIST_HEAP: status = seed(s, ASTAR_OPEN_LIST_HEAP); break;
    case ASTAR_OPEN_LIST_SORTED: status = seed(s, ASTAR_OPEN_LIST_SORTED); break;
    case ASTAR_OPEN_LIST_UNSORTED: status = seed(s, ASTAR_OPEN_LIST_UNSORTED); break;
    case ASTAR_OPEN_LIST_BUCKETS: status = seed(s, ASTAR_OPEN_LIST_BUCKETS); break;
    }
    if (status != ASTAR_OK || s->target_opened)
        return status;
    return ASTAR_IN_PROGRESS;
}

/* Runs a started search on its open list for up to budget (at least 1)
 * more expansions: ASTAR_IN_PROGRESS, or the status it ended with. The
 * expansion gives ties by the policy; with all_lists false it was started on the
 * heap or the buckets only. If the buckets run out of entries (never for
 * A* on a grid, see buckets.h), the search starts over on the heap, as if it had
 * begun there: the slice then expands up to budget more (and a trace
 * starts over with it). */
static ALWAYS_INLINE astar_status search_resume(search *s, const bool all_lists,
                                                const bool bounded, const bool traced,
                                                search_policy p, search_seed seed,
                                                search_expand expand, uint32_t budget)
{
    switch (s->kind) {
    case ASTAR_OPEN_LIST_SORTED:
        if (all_lists)
            return search_slice(s, ASTAR_OPEN_LIST_SORTED, p, expand, bounded, traced, budget);
        break;
    case ASTAR_OPEN_LIST_UNSORTED:
        if (all_lists)
            return search_slice(s, ASTAR_OPEN_LIST_UNSORTED, p, expand, bounded, traced,
                                budget);
        break;
    case ASTAR_OPEN_LIST_BUCKETS: {
        astar_status status =
            search_slice(s, ASTAR_OPEN_LIST_BUCKETS, p, expand, bounded, traced, budget);
        if (!s->out_of_entries)
            return status;
        s->expanded = s->added = 0;
        s->over_limit = s->out_of_entries = s->target_opened = false;
        s->nearest = NO_CELL;
        s->nearest_h = UINT64_MAX;
        status = search_start(s, ASTAR_OPEN_LIST_HEAP, p, seed);
        if (status != ASTAR_IN_PROGRESS)
            return status;
        break;
    }
    case ASTAR_OPEN_LIST_HEAP:
        break;
    }
    return search_slice(s, ASTAR_OPEN_LIST_HEAP, p, expand, bounded, traced, budget);
}

/* Defines name(type *state, uint32_t budget): search_resume of one kind
 * of search (type embeds its search as member s), for up to budget
 * expansions. Each loop is a function of its own, so that the compiler
 * fits each into registers alone: the state is copied into a local for the
 * loop (a search reached through a pointer would be reread after every
 * store to the lists) and back for the next slice. A whole search in one
 * call - budget UINT32_MAX, no expansion limit, no partial path - runs on
 * a loop with neither count nor bookkeeping in it, as fast as before
 * searches could pause; a search with a trace runs on a third, so that the
 * other two have no test for it. */
#define SEARCH_STEPS(name, type, all_lists, policy, seed, expand)                                \
    static ALWAYS_INLINE astar_status name##_run(type *state, const bool bounded,              \
                                                 const bool traced, uint32_t budget)              \
    {                                                                                             \
        type local = *state;                                                                      \
        astar_status status =                                                                     \
            search_resume(&local.s, all_lists, bounded, traced, policy, seed, expand, budget);    \
        *state = local;                                                                           \
        return status;                                                                            \
    }                                                                                             \
    static NOINLINE astar_status name##_bounded(type *state, uint32_t budget)                     \
    {                                                                                             \
        return name##_run(state, true, false, budget);                                            \
    }                                                                                             \
    static NOINLINE astar_status name##_whole(type *state)                                        \
    {                                                                                             \
        return name##_run(state, false, false, 0);                                                \
    }                                                                                             \
    static NOINLINE astar_status name##_traced(type *state, uint32_t budget)                      \
    {                                                                                             \
        return name##_run(state, true, true, budget);                                             \
    }                                                                                             \
    static astar_status name(type *state, uint32_t budget)                                        \
    {                                                                                             \
        if (state->s.trace)                                                                       \
            return name##_traced(state, budget);                                                  \
        bool whole = budget == UINT32_MAX && state->s.max_expanded == UINT32_MAX &&              \
                     !state->s.partial;                                                           \
        return whole ? name##_whole(state) : name##_bounded(state, budget);                       \
    }

/* The article's step 3 and the result tail of every search that ended at
 * the square end: cost and distance (G of end: H is 0 there), and the path
 * along the parent pointers from end into route's buffers as far as they
 * hold it (astar/route.h), start first - written from the back, or with
 * forward (Dijkstra, whose pointers lead from end to its target) from the
 * front; length and via_length set. What the call returns is for
 * astar__route_answer to say. */
void astar__search_finish(const search *s, uint32_t end, bool forward, astar_route *route);

/* The same for a graph's search: the nodes of the chain from the start to
 * end (forward: from end to its target) into route's nodes as far as they
 * fit, their count into length, G of end into cost. */
void astar__search_finish_nodes(const search *s, uint32_t end, bool forward, astar_route *route);

#endif
