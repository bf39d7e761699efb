/*
 * astar/search.h - One search: the options (which moves, costs, heuristic, ties, stop rule,
 * algorithm and open list, and the game world's per-step costs), the
 * search context each thread reuses, the path it fills, astar_find_path,
 * and reading back what a search knows of a cell.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_SEARCH_H
#define ASTAR_INCLUDE_SEARCH_H

#include "base.h"
#include "route.h"
#include "memory.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Search options                                                           */
/* ------------------------------------------------------------------------ */

/* Which squares are adjacent. The default is the article's: 8 neighbours,
 * and a diagonal step only when both squares beside it are walkable, because
 * "you can't get to that square directly from the current square without
 * cutting across the corner of the nearby wall". */
typedef enum astar_moves {
    ASTAR_MOVES_8 = 0,   /* 8 neighbours, no corner cutting (the default) */
    ASTAR_MOVES_4,       /* 4 neighbours: up, down, left, right */
    ASTAR_MOVES_8_CUT    /* 8 neighbours; a diagonal step may cut one blocked
                            corner, but never squeezes between two blocked cells
                            that touch at their corners */
} astar_moves;

/* The price of one step onto plain ground. */
typedef enum astar_costs {
    ASTAR_COSTS_ARTICLE = 0,  /* straight 10, diagonal 14: the article's */
    ASTAR_COSTS_OCTILE        /* straight 1, diagonal sqrt(2), in fixed point:
                                 2378 and 3363, a ratio within 5e-8 of sqrt(2) */
} astar_costs;

/* Cost of a straight and of a diagonal step onto terrain cost 1 in each cost
 * model; astar_route.distance is astar_route.cost / straight. */
#define ASTAR_ARTICLE_STRAIGHT 10u
#define ASTAR_ARTICLE_DIAGONAL 14u
#define ASTAR_OCTILE_STRAIGHT 2378u
#define ASTAR_OCTILE_DIAGONAL 3363u

/* H, the estimate of the cost left from a square to the target, in the units
 * of the cost model (dx, dy are the distances in columns and rows):
 *   MANHATTAN  straight * (dx + dy), the article's; overestimates, and so may
 *              miss the shortest path, whenever diagonal steps are allowed
 *   OCTILE     straight * max + (diagonal - straight) * min: exact on an empty
 *              8-way grid, never an overestimate
 *   EUCLIDEAN  straight * sqrt(dx^2 + dy^2), rounded down; never an
 *              overestimate with octile costs or 4 moves, but 14 < 10 * sqrt(2)
 *              makes it overestimate long diagonals with article costs
 *   CHEBYSHEV  straight * max(dx, dy); never an overestimate
 *   ZERO       0: Dijkstra's algorithm (article note 8) */
typedef enum astar_heuristic {
    ASTAR_HEURISTIC_MANHATTAN = 0,
    ASTAR_HEURISTIC_OCTILE,
    ASTAR_HEURISTIC_EUCLIDEAN,
    ASTAR_HEURISTIC_CHEBYSHEV,
    ASTAR_HEURISTIC_ZERO
} astar_heuristic;

/* Which square leaves the open list when several share the lowest F. Ties
 * decide which of several equally short paths comes out ("differing treatment
 * of ties is why two versions of A* may find different paths of equal
 * length"), and how many squares are looked at on the way. A square keeps its
 * place in the order of addition when its parent is re-pointed. */
typedef enum astar_ties {
    ASTAR_TIES_LAST = 0,  /* the square added to the open list last: the
                             article's advice, and the default */
    ASTAR_TIES_FIRST,     /* the square added first */
    ASTAR_TIES_DEEP,      /* the square with the larger G (nearer the target
                             by the estimate), as fast implementations do */
    ASTAR_TIES_STRAIGHT   /* the square nearer the straight line from the
                             start to the target as the map is drawn (on a
                             hex grid, between the hexes' centres), then the
                             one added last: a path that keeps to the line on
                             open ground instead of walking an "elbow", the
                             same from either end (docs/design.md, "Hex
                             grids", says what it guarantees). On a graph,
                             as DEEP */
} astar_ties;

/* When the search stops. */
typedef enum astar_stop {
    ASTAR_STOP_CLOSED = 0,  /* when the target is added to the closed list: the
                               article's rule, always optimal with a heuristic
                               that never overestimates */
    ASTAR_STOP_OPEN         /* when the target is added to the open list: the
                               article's older rule; faster, but not always the
                               shortest path when the last step's cost varies */
} astar_stop;

/* Called after each square is expanded (switched to the closed list and its
 * neighbours looked at), with the context so the open and closed lists can be
 * read with astar_context_node(). For step-by-step pictures and traces; it
 * must not start another search on the same context. */
typedef void (*astar_observer)(void *user, const astar_context *ctx,
                               astar_point current);

/* A search's events in your buffer (astar/trace.h). */
typedef struct astar_trace astar_trace;

/* How the search goes. All three give least-cost paths with the same cost
 * under optimal options (astar_options_optimal); they differ in speed and in
 * what they can serve.
 *   ASTAR      the article's A*, one square at a time. Serves every option
 *              and any terrain.
 *   JPS        Jump Point Search (Harabor and Grastien, 2011), scanning 64
 *              cells per step over the bits where the grid's runs stop
 *              (Harabor and Grastien, 2014). Only the jump points - squares where a wall
 *              forces a turn - go on the open list, so it expands a small
 *              fraction of A*'s squares. It needs 8 moves with the corner rule
 *              (ASTAR_MOVES_8) and uniform terrain (every walkable cell the
 *              same cost); anything else is ASTAR_UNSUPPORTED, never a worse
 *              path. Its open list is the heap, or the buckets when the
 *              options ask for them (ASTAR_OPEN_LIST_BUCKETS, on the same
 *              terms as for A*). The ties option does not apply: among jump
 *              points of equal F, with the heap the one whose parent has the
 *              lower cell index (y * width + x) leaves the open list first,
 *              with the buckets the one astar_open_list says.
 *   JPS_PLUS   JPS+ (Rabin, 2015): JPS that reads each jump from the grid's
 *              precomputed jump table instead of scanning. Same rules as JPS;
 *              the grid must have its table (astar_grid_enable_jump_table),
 *              else ASTAR_NO_JUMP_TABLE.
 *   ANYA       any-angle paths (astar/anyangle.h): the shortest path through
 *              the grid's free space in straight segments between cell
 *              corners, under the GPPC-2023 rules that header states. The
 *              start and goal are the top-left corners of their cells; the
 *              route holds corners (points), route->distance its Euclidean
 *              length and route->cost 0. It honours the weight, max_expanded
 *              (intervals), partial (the path to the corner it turned at
 *              nearest the goal as the crow flies: the way the search
 *              reached that corner, which a search for the corner itself
 *              may shorten), on_edit, and runs in
 *              slices, batches and the queue as the others do; costs,
 *              heuristic and jumps are not read (lengths are Euclidean, the
 *              terrain is free space or wall). Refused (ASTAR_UNSUPPORTED):
 *              a hex grid, moves other than ASTAR_MOVES_8, the game world
 *              (layers, units, turn penalty, a unit of a size), an open
 *              list, ties or stop rule other than the defaults, an observer
 *              or a trace. astar_context_node() finds no square on any
 *              list after it: its nodes are intervals, not squares.
 * Costs, heuristic, weight, stop rule and observer apply to JPS and JPS+ as
 * to A*. With JPS and JPS+, expanded counts jump points (the observer sees
 * each), astar_route.via lists them, and astar_context_node() reports a
 * jump point's parent jump point - except where they step (astar_jumps). */
typedef enum astar_algorithm {
    ASTAR_ALGORITHM_ASTAR = 0,
    ASTAR_ALGORITHM_JPS,
    ASTAR_ALGORITHM_JPS_PLUS,
    ASTAR_ALGORITHM_ANYA
} astar_algorithm;

/* How JPS and JPS+ go from a jump point to the next (A* ignores it).
 *   AUTO   SCAN, or STEP on a grid astar_grid_cluttered() calls cluttered
 *          (the default)
 *   SCAN   each run goes on to its jump point or wall, by the stop bits
 *          (JPS) or the jump table (JPS+)
 *   STEP   each run stops after one square: the same rules for which
 *          squares follow which (a square reached straight is followed
 *          by the square ahead and its forced neighbours, one reached
 *          diagonally by the three ahead), but every square they open goes
 *          on the open list, as in A* - canonical A* (Sturtevant and Rabin,
 *          "Canonical Orderings on Grids", 2016), JPS with jumps bounded to
 *          one square.
 * Both find least-cost paths with the same cost. A run is worth scanning
 * when it is long: where jump points lie every few squares and diagonal
 * steps are common (maps strewn with obstacles at random), a scan costs
 * more than the open list operations it saves - docs/performance.md
 * "Stepping JPS" has the figures. A search that steps is A*'s loop with
 * fewer neighbours looked at: expanded counts squares, astar_route.via
 * lists every square of the path, astar_context_node() reports the square
 * one step back as parent, and the ties option applies as to A*
 * (ASTAR_TIES_STRAIGHT as DEEP). JPS+ asks for its table either way
 * (ASTAR_NO_JUMP_TABLE), so that what a request needs does not depend on
 * the map. */
/* What a search that runs in slices (astar/sliced.h) or in a request
 * queue (astar/queue.h) does when its grid is edited while it runs. An
 * edit touches a search when it changes a cell the search has read: one it
 * has reached, one next to a square it has expanded, its goal, a target of
 * a nearest search, any cell of a cost layer it reads (each call that
 * changes a layer's values counts: a layer edited every frame, as an
 * influence layer of moving units is, touches every search that reads it
 * every frame, so ask such searches to FINISH) - or anything, for JPS and
 * JPS+ (whose runs read far ahead), A* on a grid with dead ends enabled and a nearest search that
 * left out targets on other islands (both worked out from the whole map),
 * an edit that puts the start and goal of a search on different islands
 * (with islands enabled, a fresh search would answer at once), a search
 * that ended at once because the islands put them apart, a graph's search,
 * and an edit the grid's feed no longer lists (astar_grid_edit_cell). An
 * edit that touches nothing leaves the search exactly as a fresh search on
 * the edited map would be at that point, so it goes on; its answer is the
 * fresh search's. */
typedef enum astar_on_edit {
    ASTAR_ON_EDIT_RESTART = 0, /* a touched search ends with ASTAR_MAP_CHANGED; the
                                  queue begins it again on the map as it is */
    ASTAR_ON_EDIT_FAIL,        /* the same, but the queue ends the request with
                                  ASTAR_MAP_CHANGED: the caller decides */
    ASTAR_ON_EDIT_FINISH       /* the search goes on whatever was edited, reading the
                                  map as it now is: its path may cross a cell changed
                                  behind it (astar_path_check tells); a unit's search
                                  on its shadow (astar_grid_enable_sized_shadow) ends
                                  all the same when an index of the grid is enabled
                                  or disabled, as the shadow may be gone */
} astar_on_edit;

typedef enum astar_jumps {
    ASTAR_JUMPS_AUTO = 0,
    ASTAR_JUMPS_SCAN,
    ASTAR_JUMPS_STEP
} astar_jumps;

/* How A* keeps its open list: the three ways the article's note 7 weighs,
 * and a fourth for speed. The first three order squares by the same key, so
 * they give the same costs, and with first- or last-added ties the same
 * paths after the same expansions; only speed differs (docs/performance.md).
 *   HEAP      a binary heap: O(log n) to add, re-point or take the lowest F.
 *             The default, and JPS's and JPS+'s unless BUCKETS is asked for.
 *   SORTED    an array kept sorted by F: O(1) to take the lowest, O(n) to
 *             add or re-point.
 *   UNSORTED  an array in no order: O(1) to add or re-point, O(n) to find the
 *             lowest F.
 *   BUCKETS   one bucket per value of F, in the context's own 16 bytes per
 *             cell: O(1) to add or re-point a square and, but for a scan
 *             of a bitmap, to take the lowest F; the fastest A* on large
 *             maps. It needs a consistent heuristic - H never drops along a
 *             step by more than the step costs, which holds for every
 *             heuristic that never overestimates (see astar_heuristic) with
 *             weight at most 1 - and a context of at least 64 cells;
 *             otherwise the search uses HEAP. The ties option does not
 *             apply: among squares of equal F the one added or re-pointed
 *             last leaves first, except that squares added while their F
 *             lay in a later block of 32768 values (fewer in a context of
 *             under 262,144 cells) than the lowest F come after those added
 *             since, in no set order. Costs are HEAP's; paths and
 *             expansions may differ from HEAP's among equal-cost ones. JPS
 *             and JPS+ use it too when asked (a search that would need more
 *             room than the context has for its jump points starts over
 *             with the heap), and so does A* on a graph (astar/graph.h:
 *             astar_graph_open_list says when; a node with many edges may
 *             likewise make it start over with the heap). */
typedef enum astar_open_list {
    ASTAR_OPEN_LIST_HEAP = 0,
    ASTAR_OPEN_LIST_SORTED,
    ASTAR_OPEN_LIST_UNSORTED,
    ASTAR_OPEN_LIST_BUCKETS
} astar_open_list;

/* Cost layers and other units, which a search may take (see "The game
 * world: cost layers and other units" for the calls that make them). */
typedef struct astar_layer astar_layer;
typedef struct astar_units astar_units;

/* One cost layer of a search and how much it counts. */
typedef struct astar_layer_use {
    const astar_layer *layer;  /* [in] as wide and high as the grid searched */
    double weight;             /* 0..ASTAR_MAX_LAYER_WEIGHT, in steps of 1/1024 */
} astar_layer_use;

/* What the game world adds to a step, apart from the search's own options
 * (Detour keeps the same in its query filter): a feature that prices or
 * forbids steps beyond the grid's terrain is a field here, and nowhere else.
 * All zero (astar_options_default's unit_radius and unit_penalty aside) is
 * the plain grid. A* only: JPS and JPS+ return ASTAR_UNSUPPORTED when any
 * of layers, units or turn_penalty is set. The layers and units are made
 * by the calls of astar/world.h. */
typedef struct astar_world {
    const astar_layer_use *layers;  /* [opt] cost layers added to the terrain */
    size_t layer_count;       /* how many: 0..ASTAR_MAX_LAYERS */
    const astar_units *units; /* [opt] other units to keep clear of */
    uint32_t unit;            /* with units: the unit that searches */
    int unit_radius;          /* with units: paths of moving units at most this
                                 many cells away (Chebyshev) are penalised;
                                 0..ASTAR_MAX_SIDE, default 8 */
    uint32_t unit_penalty;    /* with units: added per such path to the cost
                                 of a cell, like a layer value of weight 1;
                                 0..ASTAR_MAX_LAYER_VALUE, default 4 */
    uint32_t turn_penalty;    /* smoother paths (the article's note 4): added to
                                 G, in cost units, for every change of direction;
                                 0 (the default) is off. See below. */
    int unit_size;            /* the searching unit's side in cells: it stands on
                                 unit_size x unit_size cells, the path's cells
                                 their top-left corners (astar_grid_clearance);
                                 0 or 1 (the default): one cell.
                                 0..ASTAR_MAX_UNIT_SIZE */
    uint32_t capability;      /* the terrains it may enter: a capability of the
                                 grid's clearance, 0 (the default) every
                                 walkable one. 0..ASTAR_MAX_CAPABILITIES */
} astar_world;
/* A unit of a size or a capability (unit_size above 1, capability not 0)
 * is served so far by A* (ASTAR_ALGORITHM_ASTAR) on a square grid whose
 * clearance has that capability (else ASTAR_NO_CLEARANCE), in one call,
 * sliced, queued and in batches, without layers or a turn penalty;
 * among other units (world.units, world.unit: a unit of that size and
 * capability, astar_units_add_sized) by A* over its clearance, the units
 * read by footprint (astar/world.h), never on its shadow, JPS refused;
 * its path is the cells of its top-left corner. Its own islands
 * (astar_grid_enable_sized_islands), else the grid's, answer
 * ASTAR_NO_PATH at once between islands. JPS serves it too, with 8
 * moves on uniform terrain, stepping (astar_jumps STEP, whatever jumps
 * says) over the map as the unit sees it; so do nearest targets and
 * distance maps (astar/dijkstra.h: targets and sources where the unit does
 * not fit are left out, cells where it does not fit are unreachable), and
 * the calls after a search (astar/smooth.h: line of sight, smoothing,
 * straightening and checking paths, over anchors where the unit fits).
 * Every other call that takes options - JPS+, waypoints, HPA*, CPD,
 * graphs - returns ASTAR_UNSUPPORTED for it, never a path for a unit of
 * one cell. */

/* What every search honours, on a grid or a graph, apart from the space
 * it searches: its open list, limits, tie order, stop rule, the weight of
 * H, and what it reports while it runs. A call that cannot honour one of
 * these as given refuses it (ASTAR_UNSUPPORTED) and its header says which;
 * none is changed behind the caller's back. */
typedef struct astar_search_options {
    astar_open_list open_list;
    double weight;            /* H is multiplied by this: 1 is plain A*, above 1
                                 is faster and not always shortest, 0 is
                                 Dijkstra (H = 0). 0..64, in steps of 1/1024 */
    astar_ties ties;
    astar_stop stop;
    astar_observer observer;  /* [opt] */
    void *observer_user;      /* passed to the observer */
    astar_trace *trace;       /* [opt] filled with the search's events
                                 (astar/trace.h) */
    uint32_t max_expanded;    /* 0: no limit; else the search gives up with
                                 ASTAR_EXPANSION_LIMIT once it has expanded this
                                 many squares without closing the target (the
                                 target closed next still counts as found) */
    bool partial;             /* when the target is not reached (no path, or the
                                 limit): a path to the closed square nearest it,
                                 with ASTAR_PARTIAL_NO_PATH or ASTAR_PARTIAL_LIMIT
                                 (see astar_find_path) */
    astar_on_edit on_edit;    /* sliced and queued searches: an edit of the space
                                 that touches them (default RESTART); a call that
                                 runs to its end sees no edit */
} astar_search_options;

/* The defaults: a binary heap, weight 1, last-added ties, stop on the
 * closed list, no observer, trace or limit, no partial path, RESTART. */
ASTAR_API astar_search_options astar_search_options_default(void);

/* A grid search's options: the grid's cost model (moves, costs), how a
 * search guided by H goes on it (algorithm, heuristic, jumps), the game
 * world's per-step costs, and what every search honours (search). */
typedef struct astar_options {
    astar_algorithm algorithm;
    astar_moves moves;
    astar_costs costs;
    astar_heuristic heuristic;
    astar_jumps jumps;        /* JPS and JPS+: scan or step (default AUTO) */
    astar_world world;        /* the game world's layers, units and turn penalty */
    astar_search_options search;
} astar_options;

/* The turn penalty is the article's first remedy for paths that zig-zag:
 * "penalize nodes where there is a change of direction, adding a penalty to
 * their G scores". When A* looks at a neighbour of the current square, the
 * step into it costs turn_penalty more if its direction (one of the 8)
 * differs from the direction of the step that entered the current square.
 * The start was entered by no step, so the first step is never penalised.
 * Every change counts the same, a 45-degree turn as much as a reversal.
 *
 * It is applied the simple way, over cells: a square is still searched
 * once, with the direction of the best path found to it so far, not once
 * per direction it may be entered from. So the path returned does not
 * always have the least cost plus penalties (a path that reaches a square
 * slightly dearer but already pointing the right way is forgotten), and
 * astar_options_optimal() is false whenever turn_penalty > 0. In practice
 * it removes most needless changes of direction for a small increase in
 * length; astar_path_smooth() removes the rest of the zig-zags afterwards.
 *
 * astar_route.cost then includes the penalties paid along the path
 * (astar_path_check with the same options sums them again; distance is cost
 * divided by the straight step, penalties included). JPS and JPS+ take no
 * turn penalty: they return ASTAR_UNSUPPORTED. */

/* The defaults: A* with 8 moves without corner cutting, article costs,
 * Manhattan H, no layers, no units, no turn penalty, and
 * astar_search_options_default() in search - the article's A*. Start from
 * these and change what you need. */
ASTAR_API astar_options astar_options_default(void);

/* Whether these options guarantee a least-cost path: a heuristic that never
 * overestimates under the chosen moves and costs (see astar_heuristic),
 * weight at most 1, the stop-on-closed rule, and no turn penalty. Layers
 * and units do not change the answer: they only raise costs and block
 * cells, so the path is still the least costly under them. For
 * ASTAR_ALGORITHM_ANYA, whose H is the straight-line distance and never
 * overestimates: weight at most 1 (its options refused otherwise are left
 * to the search to refuse). */
ASTAR_API bool astar_options_optimal(const astar_options *options);

/* Whether a search of `grid` with `options` steps (astar_jumps): true for
 * JPS and JPS+ asked to STEP, or left to AUTO on a grid
 * astar_grid_cluttered() calls cluttered; false for A*, for SCAN, and for
 * a NULL argument. What a caller asks before it reads expanded,
 * astar_route.via or astar_context_node(), whose meaning depends on it.
 * O(1), reads only. */
ASTAR_API bool astar_jps_steps(const astar_grid *grid, const astar_options *options);

/* ------------------------------------------------------------------------ */
/* Search contexts and searches                                             */
/* ------------------------------------------------------------------------ */

/* An opaque search context: the open list (a binary heap), the closed list
 * and one slot per cell. 16 bytes per cell, allocated once. It is never
 * cleared: each cell's slot points into the current search's lists and is
 * believed only if the list entry it points to points back, so leftovers of
 * earlier searches read as "not yet seen" - the article's whichList idea
 * (note 7) without even the per-search increment. A search with the BUCKETS
 * open list reads the same 16 bytes as a tag, F and room for its buckets per
 * cell, with the per-search increment: each tag holds the number of the
 * search that wrote it, and once in 2^26 such searches the tags are cleared
 * so that the numbers can start over. */

/* Creates a context for grids of up to max_cells cells (astar_grid_cells).
 * [in]  max_cells  1..ASTAR_MAX_CELLS
 * [out] out        the new context; free it with astar_context_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Allocates 16 * max_cells bytes (astar_context_bytes) and writes them once
 * (zeros), O(max_cells): the operating system maps the pages now, not in
 * the middle of the first searches, where a game would see a slow frame. */
ASTAR_API astar_status astar_context_new(size_t max_cells, astar_context **out);

/* astar_context_new with your allocator (astar/memory.h).
 * [in,opt] allocator  copied into the context; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_context_new_with(size_t max_cells, const astar_allocator *allocator,
                                              astar_context **out);

/* Frees a context. NULL is allowed. */
ASTAR_API void astar_context_delete(astar_context *ctx);

/* Bytes of search state the context holds (with the scratch memory an
 * any-angle search grew in it, astar/anyangle.h), and the most cells it
 * serves. */
ASTAR_API size_t astar_context_bytes(const astar_context *ctx);
ASTAR_API size_t astar_context_max_cells(const astar_context *ctx);

/* Costs are 32-bit: G and F = G + weight * H of every square must stay at
 * or below ASTAR_MAX_COST. A square that would pass it is left out of the
 * search; with a heuristic that never overestimates no path through it could
 * cost less, so any path within the limit is still found. When the target is
 * not found and a square was left out, the search returns
 * ASTAR_COST_OVERFLOW rather than ASTAR_NO_PATH: a path may exist beyond the
 * limit. With article costs the limit is 429 million plain straight steps,
 * with octile costs 1.8 million; terrain costs and weights above 1 use it up
 * faster. */
#define ASTAR_MAX_COST UINT32_MAX

/* The open list a search with these options on ctx really uses: the one
 * options->search.open_list names, except that BUCKETS falls back to the heap
 * when it cannot serve - a heuristic that may overestimate or a weight
 * above 1 (the buckets need F never to go down), or a context of fewer
 * than 64 cells - and that JPS and JPS+ use the heap for the sorted and
 * unsorted lists. (JPS on buckets may still start over on the heap on a
 * map that opens more jump points at once than the buckets hold.) NULL or
 * invalid arguments give ASTAR_OPEN_LIST_HEAP. O(1). */
ASTAR_API astar_open_list astar_context_open_list(const astar_context *ctx,
                                                  const astar_options *options);

/* Finds a path from start to goal on grid: A* as the article defines it.
 *   1. The start square goes on the open list.
 *   2. Repeat: the square with the lowest F = G + H on the open list becomes
 *      the current square and is switched to the closed list. Each adjacent
 *      square that is walkable and not closed is added to the open list with
 *      the current square as its parent, or, if already open and the path
 *      through the current square gives it a lower G, re-pointed to it with
 *      G and F recalculated. Stop when the target is closed (or, with
 *      ASTAR_STOP_OPEN, added to the open list), or when the open list is
 *      empty: then there is no path.
 *   3. Walk the parents back from the target to the start.
 * Neighbours are looked at in this order, which decides the order of
 * addition for ties: the row below (left, middle, right), then left and
 * right, then the row above (left, middle, right).
 *
 * [in,out] ctx      the search context; its lists are left as the search
 *                   ended them, for astar_context_node()
 * [in]     grid     the map, read only; at most astar_context_max_cells(ctx)
 * [in]     start, goal
 * [in]     options  [opt] NULL for astar_options_default()
 * [in,out] path     your buffers in, the result out (astar/route.h): the
 *                   cells into points, the squares of the parent chain
 *                   into via [opt]; a nodes buffer is refused
 * Returns (path->status keeps the search's own answer)
 *   ASTAR_OK                 path filled: length, points, cost, distance, expanded
 *   ASTAR_NO_PATH            start and goal are not connected; expanded is set
 *                            (0 when the grid's islands tell at once)
 *   ASTAR_PATH_BUFFER_TOO_SMALL  found (or partial: path->status says), but
 *                            length > capacity or via_length >
 *                            via_capacity: counts, cut, cost, distance and
 *                            expanded are set, and each buffer holds the
 *                            first items that fit (astar/route.h)
 *   ASTAR_UNSUPPORTED        JPS or JPS+ asked for a grid without uniform
 *                            terrain, with moves other than ASTAR_MOVES_8,
 *                            or with layers, units or a turn penalty
 *   ASTAR_NO_JUMP_TABLE      JPS+ on a grid whose jump table is not enabled
 *   ASTAR_COST_OVERFLOW      not found within ASTAR_MAX_COST (see there)
 *   ASTAR_EXPANSION_LIMIT    options.max_expanded squares expanded first
 *   ASTAR_PARTIAL_NO_PATH, ASTAR_PARTIAL_LIMIT   with options.partial, for
 *                            the three above: path filled (as for ASTAR_OK)
 *                            with the path to the closed square nearest the
 *                            goal (astar/sliced.h says which)
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS,
 *   ASTAR_START_BLOCKED, ASTAR_GOAL_BLOCKED (checked in this order, after
 *   ASTAR_INVALID_ARGUMENT and ASTAR_MAP_TOO_LARGE; with units, a goal a
 *   unit blocks is ASTAR_GOAL_BLOCKED too),
 *   ASTAR_INVALID_ARGUMENT (NULL ctx, grid or path, an option out of range,
 *   points NULL with capacity > 0, a layer or units object of another size
 *   than the grid, options.unit not a unit)
 * Costs O(n log n) for n squares looked at, at worst the whole grid; no
 * allocation; start == goal is a path of one cell and cost 0. The same
 * search can be run a slice at a time: astar/sliced.h. It ends a sliced
 * search in progress on ctx. */
ASTAR_API astar_status astar_find_path(astar_context *ctx, const astar_grid *grid,
                                       astar_point start, astar_point goal,
                                       const astar_options *options, astar_route *path);


/* Where a cell stands in the context's last search. */
typedef enum astar_list {
    ASTAR_LIST_NONE = 0,  /* not reached */
    ASTAR_LIST_OPEN,
    ASTAR_LIST_CLOSED
} astar_list;

typedef struct astar_node {
    astar_list list;
    uint32_t f, g, h;     /* in cost units; h is weight * H rounded down, so
                             f = g + h */
    astar_point parent;   /* the parent square; the cell itself for the start */
} astar_node;

/* Reads what the last search (or the running one, from an observer) knows of
 * cell (x, y) of grid: its list, F, G, H and parent. A cell not reached gives
 * ASTAR_LIST_NONE and zeros. The grid must be the one searched.
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT. O(1). */
ASTAR_API astar_status astar_context_node(const astar_context *ctx, const astar_grid *grid,
                                          int x, int y, astar_node *node);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_SEARCH_H */
