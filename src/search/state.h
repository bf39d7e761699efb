/* A search between calls: the one record of a search in progress that
 * every context holds, sized once when the context is made, and the table
 * by which a kind of search is run on it. astar_find_path and
 * astar_find_nearest run on it in one call; astar_search_begin,
 * astar_search_step and astar_search_finish (sliced.c) run it in slices. */
#ifndef ASTAR_SEARCH_STATE_H
#define ASTAR_SEARCH_STATE_H

#include "grid/dead_ends.h"
#include "search/loop.h"
#include "world/layers.h"
#include "world/units.h"

/* What A* with the game world reads beyond the plain loop's: kept apart
 * from grid_search, so that the state a step copies in and out of its
 * loop (SEARCH_STEPS) stays small for the plain loop, which reads none of
 * it. */
typedef struct grid_extras {
    layer_sum layers;             /* the caller's cost layers, if any */
    unit_view units;              /* the other units, if any */
    bool dead_ends;               /* leave out dead ends, per dead_end */
    dead_end_filter dead_end;
} grid_extras;

/* How many bytes the search state keeps for the running search's record:
 * the loop's search first, then what its kind keeps beside it (astar.c's
 * grid_search, jps.c's jps_search, ...: each declared in its own file).
 * A kind whose record is larger raises it; SEARCH_RECORD checks. */
enum { SEARCH_RECORD_BYTES = 512 };

typedef struct search_state search_state;

/* A kind of search, as the searches that run in slices (sliced.c) and the
 * result tail see it: what they call of it, so that neither names the
 * kinds there are. Each kind is a constant in the file of its expansion,
 * made by SEARCH_KIND; its begin sets st->kind. */
typedef struct search_kind {
    /* Goes on for up to budget (at least 1) expansions: ASTAR_IN_PROGRESS,
     * or the status the search ended with. */
    astar_status (*step)(search_state *st, uint32_t budget);
    /* Its parent chains lead from a square to the source it was reached
     * from (Dijkstra from targets): a path is read from its end forwards,
     * and the source it leads to is the end's tie. */
    bool from_sources;
    /* [opt] Whether an edit of the grid's cell (an index) may change what
     * the search has done or will do (astar_on_edit says what counts): if
     * not, it goes on as a fresh search on the edited map would. NULL:
     * every edit does. */
    bool (*touched)(const search_state *st, uint32_t cell);
    /* [opt] Writes the path that ends at end (a found path's st->end, or a
     * partial one's nearest) into route, for a kind whose path is no chain
     * of squares in the context's lists. NULL: that chain
     * (astar__search_finish). */
    void (*finish)(const search_state *st, uint32_t end, astar_route *route);
} search_kind;

struct search_state {
    union {
        search s;                 /* every kind's record begins with it */
        unsigned char bytes[SEARCH_RECORD_BYTES];
    } u;
    grid_extras extras;           /* A*'s game world (the request check sets
                                     it up), read through grid_search.extras */
    const uint64_t *map_edits;    /* the edit count of the grid or graph searched;
                                     NULL: no search to go on with */
    const search_kind *kind;      /* NULL: none begun (the ends were on two
                                     islands), or a one-call search ran since */
    const astar_grid *grid;       /* the grid searched, or */
    const astar_graph *graph;     /* the graph (astar__graph_state_new) */
    astar_on_edit on_edit;        /* the options' */
    astar_status status;          /* ASTAR_IN_PROGRESS until it ends */
    uint32_t end;                 /* where a found path ends: the target, or for
                                     nearest the start */
    uint64_t edits;               /* *map_edits when it began */
    bool layered;                 /* it reads extras.layers (set by its begin) */
    bool shadowed;                /* it runs on a unit's shadow (sliced.c), which
                                     an edit of the grid changes up to the unit's
                                     side away from the cell: every edit touches */
    uint64_t layer_edits;         /* their edits when it began (layer_sum_edits) */
};

/* The record of st as a kind's own type, which begins with its search; a
 * type too large for SEARCH_RECORD_BYTES does not compile (the array of
 * negative size). */
#define SEARCH_RECORD(st, type)                                                                   \
    ((type *)(void *)((st)->u.bytes +                                                             \
                      0 * sizeof(char[sizeof(type) <= SEARCH_RECORD_BYTES ? 1 : -1])))

/* Defines the search_kind constant name for the loop steps (SEARCH_STEPS)
 * over records of type, whose chains lead to sources or not, with its
 * touched rule (NULL: every edit). */
#define SEARCH_KIND(name, steps, type, sources, touched)                                          \
    static astar_status name##_step(search_state *st, uint32_t budget)                            \
    {                                                                                             \
        return steps(SEARCH_RECORD(st, type), budget);                                            \
    }                                                                                             \
    static const search_kind name = { name##_step, sources, touched, NULL };

/* Whether an edit of cell may change a search that reads the grid only
 * around the squares it reaches (A*, Dijkstra): the cell is its stop, or
 * it has reached the cell (its terrain priced the step in), or expanded a
 * square next to it (which read its walkability, and the corner rule's). */
bool astar__search_read_near(const search_state *st, uint32_t cell);

/* Each kind's begin sets st up from a request already checked (sliced.c),
 * seeds it and returns ASTAR_IN_PROGRESS or the status it ended with at
 * once. */
/* A*'s begin reads the layers and units the request check set up in
 * st->extras. */
astar_status astar__astar_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                uint32_t start, uint32_t target, const astar_options *options);
/* JPS's rule over A*'s loop, one square a step (astar_jumps, STEP). */
astar_status astar__jps_steps_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                    uint32_t start, uint32_t target, const astar_options *options);
/* JPS or JPS+, scanning, or stepping where astar_jps_steps says so. */
astar_status astar__jps_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                              uint32_t start, uint32_t target, const astar_options *options);
/* A unit of a size or a capability (sized.c; astar__options_sized asks
 * for one): the check of such a request (ASTAR_UNSUPPORTED,
 * ASTAR_NO_CLEARANCE, the ends' statuses, an end where the unit does not
 * fit blocked), and its begin. */
astar_status astar__sized_check(const astar_grid *grid, const astar_options *options,
                                astar_point start, astar_point goal);
astar_status astar__sized_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                uint32_t start, uint32_t target, const astar_options *options);
/* Any-angle paths (anyangle.c): what it refuses of a request on grid
 * (ASTAR_UNSUPPORTED), and its begin. */
astar_status astar__anya_check(const astar_grid *grid, const astar_options *options);
astar_status astar__anya_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                               uint32_t start, uint32_t target, const astar_options *options);
astar_status astar__nearest_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                  uint32_t start, const astar_point *targets, size_t count,
                                  const astar_options *options);

/* What graph searches share (graph_search.c). The checks every request on
 * a graph begins with: ASTAR_INVALID_ARGUMENT (NULL ctx or graph, a
 * context without node parents, options out of range),
 * ASTAR_MAP_TOO_LARGE, or ASTAR_OK. */
astar_status astar__graph_check(const astar_context *ctx, const astar_graph *graph,
                                const astar_search_options *options);

/* Points ctx at a new search of graph towards goal (0 for none): what
 * reading the context back needs, and ctx's search state cleared to a
 * graph search, for the caller to go on with. */
search_state *astar__graph_state_new(astar_context *ctx, const astar_graph *graph,
                                     uint32_t goal, const astar_search_options *options);

/* The fields of the loop's search on graph every graph search sets: the
 * node count as the width (a node is the point (node, 0)) and the
 * context's node parents. */
search astar__graph_search_of(astar_context *ctx, const astar_graph *graph,
                              const astar_search_options *options, uint32_t limit);

/* The answer of the graph search that ended on st into route: the node
 * chain from its start, or for a nearest search to its target; how it
 * ended, which astar__route_answer turns into the call's status. */
astar_status astar__graph_finish(const search_state *st, astar_route *path);

/* The index of the source a search of a kind from_sources that found its
 * path reached: the tie of the square it ended at (TIES_SOURCE). */
size_t astar__search_source(const search_state *st);

/* Sets st up for a search of grid with these options, before its kind's
 * begin. */
void astar__search_state_on_grid(search_state *st, const astar_grid *grid,
                                 const astar_options *options);

/* Notes what a begin returned, and the map's edit count (a grid's or a
 * graph's) as it began. */
void astar__search_state_started(search_state *st, const uint64_t *map_edits,
                                 astar_status begun);

/* Runs st on for up to budget expansions (0: none) unless the grid
 * changed, and says how it stands: ASTAR_IN_PROGRESS, or how it ended, a
 * partial answer as such (ASTAR_PARTIAL_NO_PATH, ASTAR_PARTIAL_LIMIT). */
astar_status astar__search_state_step(search_state *st, uint32_t budget);

/* How the search on st ended, and into *end the square its path ends at:
 * NO_CELL when there is no path to write (it has not ended, it was
 * refused, found nothing, or the map changed since it began: then
 * ASTAR_MAP_CHANGED). A search that ran and ended on the map as it is
 * also says into *expanded how many squares it expanded. */
astar_status astar__search_state_end(const search_state *st, uint32_t *end, uint32_t *expanded);

/* The answer of a search that ended into route, and for nearest the
 * target's index into which [opt]: how it ended (a route too long for the
 * buffer is astar__route_answer's to say), or ASTAR_MAP_CHANGED if the
 * grid changed since it began; ASTAR_IN_PROGRESS if it has not ended. */
astar_status astar__search_state_finish(const search_state *st, astar_route *path, size_t *which);

/* A search in one call: st run to its end, finished, and forgotten, so
 * that astar_search_step no longer goes on with it. */
astar_status astar__search_state_complete(search_state *st, astar_route *path, size_t *which);

#endif
