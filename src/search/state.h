/* A search between calls: what each kind of search keeps beside the loop's
 * own state (loop.h), and the one record of a search in progress that every
 * context holds, sized once when the context is made. astar_find_path and
 * astar_find_nearest run on it in one call; astar_search_begin,
 * astar_search_step and astar_search_finish (sliced.c) run it in slices. */
#ifndef ASTAR_SEARCH_STATE_H
#define ASTAR_SEARCH_STATE_H

#include "graph/graph.h"
#include "grid/dead_ends.h"
#include "grid/jump_table.h"
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

/* A* over the grid's squares (astar.c). */
typedef struct grid_search {
    search s;                     /* first: the loop hands the expansion &s */
    bool uniform;                 /* every walkable cell costs the same: step_cost */
    uint32_t step_cost[DIRECTIONS];     /* per direction, if uniform */
    uint32_t turn_penalty;        /* 0: off */
    const grid_extras *extras;    /* the search state's */
} grid_search;

/* JPS and JPS+ (jps.c). */
typedef struct jps_search {
    search s;                     /* first: the loop hands the expansion &s */
    const jump_table *table;      /* JPS+; NULL for JPS */
    uint64_t straight, diagonal;  /* a step, terrain included */
    uint64_t bound;               /* the target's G once it is on the open list,
                                     UINT64_MAX before: no run goes on to where
                                     its G would reach it */
} jps_search;

/* What every graph search reads of its graph: the forward rows (where
 * each edge's one cost is) and which nodes are enabled. */
typedef struct graph_rows {
    const uint32_t *first;
    const graph_edge *out;
    const uint8_t *enabled;
} graph_rows;

static inline graph_rows graph_rows_of(const astar_graph *graph)
{
    return (graph_rows){ .first = graph->first, .out = graph->out, .enabled = graph->enabled };
}

/* A* over a graph's edges (graph_search.c). */
typedef struct graph_search {
    search s;                     /* first: the loop hands the expansion &s */
    graph_rows rows;              /* second, as in graph_backward_search */
} graph_search;

/* Dijkstra on a graph backwards from a set of targets, over the edges
 * into each node (graph_dijkstra.c). */
typedef struct graph_backward_search {
    search s;                     /* first: the loop hands the expansion &s */
    graph_rows rows;              /* second: read through either union member */
    const uint32_t *back_first;   /* the graph's backward rows */
    const uint32_t *back_from, *back_edge;
    const uint32_t *targets;
    size_t count;
    const uint32_t *island;       /* [opt] the graph's islands, to leave out */
    uint32_t start_island;        /* targets not on this one (0: none left out) */
} graph_backward_search;

/* Dijkstra backwards from a set of targets (dijkstra.c). */
typedef struct backward_search {
    search s;                     /* first: the loop hands the expansion &s */
    const astar_point *targets;
    size_t count;
    uint32_t island;              /* with islands: start's; 0 takes every target */
} backward_search;

/* Which search runs, and so which step function goes on with it. */
typedef enum search_type {
    SEARCH_NONE,                  /* none begun, or a one-call search ran since */
    SEARCH_ASTAR,                 /* the article's A* */
    SEARCH_ASTAR_EXTRAS,          /* A* with the game world or dead ends */
    SEARCH_ASTAR_HEX,             /* A* on a hex grid */
    SEARCH_ASTAR_HEX_EXTRAS,      /* and with the game world */
    SEARCH_JPS,
    SEARCH_JPS_PLUS,
    SEARCH_JPS_STEPS,             /* JPS or JPS+ stepping (astar_jumps): A*'s loop */
    SEARCH_NEAREST,               /* Dijkstra from targets to the start */
    SEARCH_GRAPH,                 /* A* on a graph */
    SEARCH_GRAPH_NEAREST          /* Dijkstra on a graph, from targets */
} search_type;

typedef struct search_state {
    union {
        search s;
        grid_search astar;
        jps_search jps;
        backward_search nearest;
        graph_search graph;
        graph_backward_search graph_nearest;
    } u;
    grid_extras extras;           /* A*'s game world, read through u.astar.extras */
    const uint64_t *map_edits;    /* the edit count of the grid or graph searched;
                                     NULL: no search to go on with */
    search_type type;
    bool on_graph;                /* begun by astar_graph_search_begin */
    astar_status status;          /* ASTAR_IN_PROGRESS until it ends */
    uint32_t end;                 /* where a found path ends: the target, or for
                                     nearest the start */
    uint64_t edits;               /* *map_edits when it began */
} search_state;

/* Each kind sets st up from a request already checked (sliced.c), seeds
 * it and returns ASTAR_IN_PROGRESS or the status it ended with at once;
 * its step goes on for up to budget (at least 1) expansions. */
/* A*'s begin reads the layers and units the request check set up in
 * st->extras. */
astar_status astar__astar_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                uint32_t start, uint32_t target, const astar_options *options);
astar_status astar__astar_step(search_state *st, uint32_t budget);
/* JPS's rule over A*'s loop, one square a step (astar_jumps, STEP). */
astar_status astar__jps_steps_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                    uint32_t start, uint32_t target, const astar_options *options);
astar_status astar__jps_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                              uint32_t start, uint32_t target, const astar_options *options);
astar_status astar__jps_step(search_state *st, uint32_t budget);
astar_status astar__nearest_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                  uint32_t start, const astar_point *targets, size_t count,
                                  const astar_options *options);
astar_status astar__nearest_step(search_state *st, uint32_t budget);
astar_status astar__graph_step(search_state *st, uint32_t budget);
astar_status astar__graph_nearest_step(search_state *st, uint32_t budget);

/* What graph searches share (graph_search.c). The checks every request on
 * a graph begins with: ASTAR_INVALID_ARGUMENT (NULL ctx or graph, a
 * context without node parents, options out of range or for a grid's
 * world), ASTAR_MAP_TOO_LARGE, or ASTAR_OK. */
astar_status astar__graph_check(const astar_context *ctx, const astar_graph *graph,
                                const astar_options *options);

/* Points ctx at a new search of graph towards goal (0 for none): what
 * reading the context back needs, and ctx's search state cleared to a
 * graph search, for the caller to go on with. */
search_state *astar__graph_state_new(astar_context *ctx, const astar_graph *graph,
                                     uint32_t goal);

/* The fields of the loop's search on graph every graph search sets: the
 * node count as the width (a node is the point (node, 0)) and the
 * context's node parents. */
search astar__graph_search_of(astar_context *ctx, const astar_graph *graph,
                              const astar_options *options, uint32_t limit);

/* Sets path's results to nothing found; false if it names a buffer it has
 * no room in. */
bool astar__graph_path_reset(astar_graph_path *path);

/* The answer of the graph search that ended on st into path: the node
 * chain from its start, or for a nearest search to its target. */
astar_status astar__graph_finish(const search_state *st, astar_graph_path *path);

/* The index of the target a nearest search that found its path reached. */
size_t astar__nearest_target(const search_state *st);

/* Sets path's results to nothing found; false if path is NULL or names a
 * buffer it has no room in (ASTAR_INVALID_ARGUMENT). */
bool astar__path_reset(astar_path *path);

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

/* The answer of a search that ended into path, and for nearest the
 * target's index into which [opt]: how it ended, or
 * ASTAR_PATH_BUFFER_TOO_SMALL, or ASTAR_MAP_CHANGED if the grid changed
 * since it began; ASTAR_IN_PROGRESS if it has not ended. */
astar_status astar__search_state_finish(const search_state *st, astar_path *path, size_t *which);

/* A search in one call: st run to its end, finished, and forgotten, so
 * that astar_search_step no longer goes on with it. */
astar_status astar__search_state_complete(search_state *st, astar_path *path, size_t *which);

#endif
