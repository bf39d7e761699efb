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
} jps_search;

/* A* over a graph's edges (graph_search.c). */
typedef struct graph_search {
    search s;                     /* first: the loop hands the expansion &s */
    const uint32_t *first;        /* the graph's forward rows */
    const graph_edge *out;
    const uint8_t *enabled;
} graph_search;

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
    SEARCH_NEAREST,               /* Dijkstra from targets to the start */
    SEARCH_GRAPH                  /* A* on a graph */
} search_type;

typedef struct search_state {
    union {
        search s;
        grid_search astar;
        jps_search jps;
        backward_search nearest;
        graph_search graph;
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
astar_status astar__jps_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                              uint32_t start, uint32_t target, const astar_options *options);
astar_status astar__jps_step(search_state *st, uint32_t budget);
astar_status astar__nearest_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                  uint32_t start, const astar_point *targets, size_t count,
                                  const astar_options *options);
astar_status astar__nearest_step(search_state *st, uint32_t budget);
astar_status astar__graph_step(search_state *st, uint32_t budget);

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
