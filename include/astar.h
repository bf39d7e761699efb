/*
 * astar.h - A* pathfinding on square grids, as Patrick Lester's
 * "A* Pathfinding for Beginners" describes it, made fast.
 *
 * This header is the manual. Read the overview once, then each call says
 * what it does, what it costs, who owns the memory and what it returns.
 *
 * Overview
 * --------
 *   astar_grid     a map: width x height cells, each blocked or walkable with
 *                  a terrain cost from 1 (plain ground) to 255. Create one
 *                  empty and edit it, or load a Moving AI ".map" file.
 *   astar_context  the search state: the open list, the closed list and the
 *                  per-cell bookkeeping, sized once for maps of up to N cells.
 *                  Create one per thread and reuse it for every search; it is
 *                  never cleared between searches and never allocates.
 *   astar_find_path  one A* search: start, goal, options in; a status, the
 *                  path (cells from start to goal, into your buffer), its cost
 *                  and the number of expanded nodes out.
 *
 *   astar_grid *grid; astar_context *ctx; astar_error err;
 *   if (astar_grid_load_movingai("arena.map", &grid, &err) != ASTAR_OK)
 *       fprintf(stderr, "%s\n", err.message);
 *   astar_context_new(astar_grid_cells(grid), &ctx);
 *   astar_point cells[4096];
 *   astar_path path = { .points = cells, .capacity = 4096 };
 *   astar_status s = astar_find_path(ctx, grid, (astar_point){1, 3},
 *                                    (astar_point){40, 12}, NULL, &path);
 *   if (s == ASTAR_OK) ... path.length cells, path.cost ...
 *   else puts(astar_status_message(s));
 *
 * Rules for the caller
 * --------------------
 *   - Threads: a grid is read-only while anyone searches it, so any number of
 *     threads may search one grid at once, each with its own context. A
 *     context belongs to one thread at a time. The library has no global
 *     state and no locks.
 *   - Memory: every object is created by an astar_*_new or astar_*_load call
 *     and freed by its astar_*_delete. Path buffers are yours: the library
 *     writes into them and never keeps a pointer to them.
 *   - Errors: every call that can fail returns an astar_status. The library
 *     never prints, never exits and never aborts on bad input; a NULL
 *     pointer where an object is required is ASTAR_INVALID_ARGUMENT.
 *   - Coordinates: x is the column (0 at the left), y the row (0 at the top),
 *     as in the article's figures and in Moving AI files.
 *
 * Parameters are marked [in], [out] (written by the call), [in,out] and
 * [opt] (may be NULL).
 */
#ifndef ASTAR_H
#define ASTAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(ASTAR_SHARED_BUILD) && defined(__GNUC__)
#define ASTAR_API __attribute__((visibility("default")))
#else
#define ASTAR_API
#endif

/* ------------------------------------------------------------------------ */
/* Statuses                                                                 */
/* ------------------------------------------------------------------------ */

/* The result of every call that can fail. ASTAR_OK is zero; every other value
 * is a failure whose readable text astar_status_message() returns. */
typedef enum astar_status {
    ASTAR_OK = 0,                 /* done; for a search, a path was found */
    ASTAR_NO_PATH,                /* the open list emptied before the goal was closed,
                                     or the grid's islands put them apart */
    ASTAR_START_OUT_OF_BOUNDS,    /* the start is not a cell of the grid */
    ASTAR_GOAL_OUT_OF_BOUNDS,     /* the goal is not a cell of the grid */
    ASTAR_START_BLOCKED,          /* the start cell is not walkable */
    ASTAR_GOAL_BLOCKED,           /* the goal cell is not walkable */
    ASTAR_MAP_TOO_LARGE,          /* the grid has more cells than the context holds */
    ASTAR_PATH_BUFFER_TOO_SMALL,  /* a path was found but does not fit the caller's buffer */
    ASTAR_COST_OVERFLOW,          /* no path within ASTAR_MAX_COST (see astar_find_path) */
    ASTAR_OUT_OF_MEMORY,          /* an allocation failed; nothing was created */
    ASTAR_INVALID_ARGUMENT,       /* a NULL object, a bad option, a value out of range */
    ASTAR_IO_ERROR,               /* a file could not be opened or read */
    ASTAR_PARSE_ERROR,            /* a file or text is not in the expected format */
    ASTAR_INVALID_PATH,           /* astar_path_check: the path breaks a movement rule */
    ASTAR_UNSUPPORTED,            /* the algorithm cannot serve this grid or these options
                                     optimally (JPS and JPS+: see astar_algorithm) */
    ASTAR_NO_JUMP_TABLE           /* JPS+ on a grid without astar_grid_enable_jump_table */
} astar_status;

/* A readable, constant, one-line description of a status ("no path: ...").
 * Never NULL; an unknown value gives "unknown status". Costs nothing. */
ASTAR_API const char *astar_status_message(astar_status status);

/* Details of a failure that has a place: a file and line, a path step.
 * Calls that take an astar_error fill it on failure (and clear it on
 * success); it is always optional. */
typedef struct astar_error {
    astar_status status;  /* the same status the call returned */
    long line;            /* 1-based line in the file or text, 0 if none */
    char message[256];    /* "maps/x.map:7: row 3 has 40 cells, expected 49" */
} astar_error;

/* ------------------------------------------------------------------------ */
/* Grids                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct astar_point {
    int32_t x, y;
} astar_point;

/* An opaque grid map. */
typedef struct astar_grid astar_grid;

/* An opaque search context (see "Search contexts and searches"). */
typedef struct astar_context astar_context;

/* Limits: a side is at most ASTAR_MAX_SIDE cells, and width * height at most
 * ASTAR_MAX_CELLS. The memory of a grid is about 2.25 bytes per cell: a byte
 * of terrain, a byte saying which of the eight neighbours are walkable (so a
 * search reads one byte where it would read eight), and two bits of
 * walkability (by rows and by columns, for JPS), plus 16 bytes per cell
 * while its jump table is enabled. */
#define ASTAR_MAX_SIDE 65535
#define ASTAR_MAX_CELLS (1u << 28)

/* Terrain cost of a walkable cell: 1 is plain ground, up to 255. Entering a
 * cell costs the move (straight or diagonal, see astar_costs) times the
 * terrain cost of the cell entered (article note 2). */
#define ASTAR_MAX_TERRAIN 255

/* Creates a width x height grid, every cell walkable with terrain cost 1.
 * [in]  width, height  1..ASTAR_MAX_SIDE, width * height <= ASTAR_MAX_CELLS
 * [out] out            the new grid; free it with astar_grid_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Costs O(width * height) time and about 2 * (width + 2) * (height + 2) bytes. */
ASTAR_API astar_status astar_grid_new(int width, int height, astar_grid **out);

/* Frees a grid. NULL is allowed. No context keeps a pointer to a grid, but
 * nobody may be searching it at the time. */
ASTAR_API void astar_grid_delete(astar_grid *grid);

/* Size of the grid. O(1). */
ASTAR_API int astar_grid_width(const astar_grid *grid);
ASTAR_API int astar_grid_height(const astar_grid *grid);
/* width * height: what a context must hold to search this grid. */
ASTAR_API size_t astar_grid_cells(const astar_grid *grid);

/* Sets a cell blocked (walkable false) or walkable. A blocked cell made
 * walkable gets terrain cost 1; a walkable one keeps its cost. Returns
 * ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL grid or a cell outside it,
 * or ASTAR_OUT_OF_MEMORY when the grid's dead ends could not be rebuilt (the
 * cell is changed and the dead ends are disabled). O(1), plus the upkeep of
 * what is enabled: jump table, islands, dead ends (O(width * height) per
 * change of walkability; see astar_grid_enable_dead_ends). Not while the
 * grid is being searched. */
ASTAR_API astar_status astar_grid_set_walkable(astar_grid *grid, int x, int y, bool walkable);

/* Sets the terrain cost of a cell, 1..ASTAR_MAX_TERRAIN, which also makes it
 * walkable. Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL grid, a
 * cell outside it or a cost out of range, or ASTAR_OUT_OF_MEMORY as
 * astar_grid_set_walkable. O(1), plus the same upkeep when a blocked cell
 * becomes walkable. */
ASTAR_API astar_status astar_grid_set_cost(astar_grid *grid, int x, int y, int cost);

/* Whether (x, y) is a walkable cell; false outside the grid. O(1). */
ASTAR_API bool astar_grid_walkable(const astar_grid *grid, int x, int y);

/* Terrain cost of (x, y): 1..255 for a walkable cell, 0 for a blocked cell
 * or one outside the grid. O(1). */
ASTAR_API int astar_grid_cost(const astar_grid *grid, int x, int y);

/* Whether every walkable cell has the same terrain cost (true for a grid
 * without walkable cells): what JPS and JPS+ need. O(1). */
ASTAR_API bool astar_grid_uniform(const astar_grid *grid);

/* The JPS+ jump table: for every cell and each of the 8 directions, how far
 * a jump goes before it meets a jump point or a wall, so that a JPS+ search
 * reads each jump instead of scanning for it.
 *
 * Enables (builds) the grid's table. From then on every edit of the grid's
 * walkability (astar_grid_set_walkable, astar_grid_set_cost on a blocked
 * cell) patches the table around the edited cell before it returns, so the
 * table is never stale. Enabling an enabled table does nothing.
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Costs O(width * height) time and 16 bytes per cell (astar_grid_jump_table_bytes). */
ASTAR_API astar_status astar_grid_enable_jump_table(astar_grid *grid);

/* Frees the grid's jump table; JPS+ searches then fail with
 * ASTAR_NO_JUMP_TABLE. NULL or a grid without a table is allowed. */
ASTAR_API void astar_grid_disable_jump_table(astar_grid *grid);

/* Bytes the jump table holds, 0 when it is not enabled. O(1). */
ASTAR_API size_t astar_grid_jump_table_bytes(const astar_grid *grid);

/* Islands (the article's note 6): the walkable cells split into groups
 * connected among themselves and to nothing else. Once a grid's islands are
 * enabled, a search whose start and goal lie on different islands returns
 * ASTAR_NO_PATH at once, expanding nothing, instead of first searching the
 * whole island of the start.
 *
 * Islands are 4-connected regions, which are exactly the connected regions
 * under every astar_moves rule: a diagonal step is only allowed beside a
 * walkable straight neighbour, and the two straight steps through it
 * connect the same cells.
 *
 * Enables (computes, by flood fill) the grid's islands. From then on every
 * edit of walkability relabels the islands it touches before it returns:
 * opening a cell floods the island it joins, blocking one floods each part
 * of the island it was on. Enabling enabled islands does nothing.
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Costs O(width * height) time and 8 bytes per cell (a label and room for
 * the flood fill's work list); an edit costs O(size of the islands it
 * touches). */
ASTAR_API astar_status astar_grid_enable_islands(astar_grid *grid);

/* Frees the grid's islands; searches no longer check them. NULL or a grid
 * without islands is allowed. */
ASTAR_API void astar_grid_disable_islands(astar_grid *grid);

/* The island of (x, y): a number >= 1 shared by exactly the cells of its
 * island; 0 for a blocked cell, a cell outside the grid, or a grid whose
 * islands are not enabled. The numbers change when edits join or split
 * islands. O(1). */
ASTAR_API uint32_t astar_grid_island(const astar_grid *grid, int x, int y);

/* Moving AI map files (https://movingai.com/benchmarks/formats.html):
 *   type octile / height H / width W / map, then H rows of W characters.
 * '.', 'G' and 'S' are walkable with cost 1; '@', 'O', 'T' and 'W' are
 * blocked (the benchmark's rule: water and trees cannot be entered from
 * ground). Rows may end in LF or CRLF, and the last row may lack its newline.
 * Anything else - a missing or repeated header line, a size out of range, a
 * short or long row, a missing row, an unknown character, text after the
 * last row - is ASTAR_PARSE_ERROR with the file name and line in err.
 *
 * Loads the file at path.
 * [in]  path  file name, also used in error messages
 * [out] out   the new grid; free it with astar_grid_delete
 * [out] err   [opt] details on failure
 * Returns ASTAR_OK, ASTAR_IO_ERROR, ASTAR_PARSE_ERROR, ASTAR_INVALID_ARGUMENT
 * or ASTAR_OUT_OF_MEMORY. Reads the whole file into memory once. */
ASTAR_API astar_status astar_grid_load_movingai(const char *path, astar_grid **out,
                                                astar_error *err);

/* The same from text in memory (it need not end in a NUL).
 * [in] text, length  the file's contents
 * [in] name          [opt] what error messages call the text */
ASTAR_API astar_status astar_grid_parse_movingai(const char *text, size_t length,
                                                 const char *name, astar_grid **out,
                                                 astar_error *err);

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
 * model; astar_path.distance is astar_path.cost / straight. */
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
    ASTAR_TIES_DEEP       /* the square with the larger G (nearer the target
                             by the estimate), as fast implementations do */
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

/* How the search goes. All three give least-cost paths with the same cost
 * under optimal options (astar_options_optimal); they differ in speed and in
 * what they can serve.
 *   ASTAR      the article's A*, one square at a time. Serves every option
 *              and any terrain.
 *   JPS        Jump Point Search (Harabor and Grastien, 2011), scanning 64
 *              cells per step over the grid's walkability bits (Harabor and
 *              Grastien, 2014). Only the jump points - squares where a wall
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
 * Costs, heuristic, weight, stop rule and observer apply to JPS and JPS+ as
 * to A*. With JPS and JPS+, expanded counts jump points (the observer sees
 * each), astar_path.nodes lists them, and astar_context_node() reports a
 * jump point's parent jump point. */
typedef enum astar_algorithm {
    ASTAR_ALGORITHM_ASTAR = 0,
    ASTAR_ALGORITHM_JPS,
    ASTAR_ALGORITHM_JPS_PLUS
} astar_algorithm;

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
 *             with the heap). */
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
 * of layers, units or turn_penalty is set. See "The game world" below. */
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
} astar_world;

typedef struct astar_options {
    astar_algorithm algorithm;
    astar_open_list open_list;
    astar_moves moves;
    astar_costs costs;
    astar_heuristic heuristic;
    double weight;            /* H is multiplied by this: 1 is plain A*, above 1
                                 is faster and not always shortest, 0 is
                                 Dijkstra. 0..64, in steps of 1/1024 */
    astar_ties ties;
    astar_stop stop;
    astar_observer observer;  /* [opt] */
    void *observer_user;      /* passed to the observer */
    astar_world world;        /* the game world's layers, units and turn penalty */
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
 * astar_path.cost then includes the penalties paid along the path
 * (astar_path_check with the same options sums them again; distance is cost
 * divided by the straight step, penalties included). JPS and JPS+ take no
 * turn penalty: they return ASTAR_UNSUPPORTED. */

/* The defaults: A* with a binary heap, 8 moves without corner cutting,
 * article costs, Manhattan H with weight 1, last-added ties, stop on the
 * closed list, no observer, no layers, no units, no turn penalty - the
 * article's A*. Start from these and change what you need. */
ASTAR_API astar_options astar_options_default(void);

/* Whether these options guarantee a least-cost path: a heuristic that never
 * overestimates under the chosen moves and costs (see astar_heuristic),
 * weight at most 1, the stop-on-closed rule, and no turn penalty. Layers
 * and units do not change the answer: they only raise costs and block
 * cells, so the path is still the least costly under them. */
ASTAR_API bool astar_options_optimal(const astar_options *options);

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
 * Allocates 16 * max_cells bytes (astar_context_bytes), zero-filled; the
 * operating system may map the pages in during the first searches. */
ASTAR_API astar_status astar_context_new(size_t max_cells, astar_context **out);

/* Frees a context. NULL is allowed. */
ASTAR_API void astar_context_delete(astar_context *ctx);

/* Bytes of search state the context holds, and the most cells it serves. */
ASTAR_API size_t astar_context_bytes(const astar_context *ctx);
ASTAR_API size_t astar_context_max_cells(const astar_context *ctx);

/* The result of a search. Set points and capacity, then pass it in. */
typedef struct astar_path {
    astar_point *points;  /* [in] your buffer for the cells, start first;
                             NULL with capacity 0 asks for cost and length only */
    size_t capacity;      /* [in] how many points fit */
    size_t length;        /* [out] cells on the path, start and goal included;
                             set even when they do not fit */
    uint32_t cost;        /* [out] G of the goal, in the cost model's units
                             (turn penalties included) */
    double distance;      /* [out] cost / the model's straight step cost */
    uint32_t expanded;    /* [out] squares expanded: taken from the open list
                             and their neighbours looked at */
    astar_point *nodes;   /* [opt] your buffer for the squares the parent
                             chain passes through, start first: with JPS and
                             JPS+ the jump points, with A* every cell */
    size_t node_capacity; /* [in] how many nodes fit */
    size_t node_count;    /* [out] nodes on the chain; set even when they do
                             not fit (then none is written) */
} astar_path;

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
 * [in,out] path     your buffer in, the result out (see astar_path)
 * Returns
 *   ASTAR_OK                 path filled: length, points, cost, distance, expanded
 *   ASTAR_NO_PATH            start and goal are not connected; expanded is set
 *                            (0 when the grid's islands tell at once)
 *   ASTAR_PATH_BUFFER_TOO_SMALL  found, but length > capacity or (with a
 *                            nodes buffer) node_count > node_capacity: the
 *                            counts, cost, distance and expanded are set, and
 *                            nothing is written to the buffer that is too small
 *   ASTAR_UNSUPPORTED        JPS or JPS+ asked for a grid without uniform
 *                            terrain, with moves other than ASTAR_MOVES_8,
 *                            or with layers, units or a turn penalty
 *   ASTAR_NO_JUMP_TABLE      JPS+ on a grid whose jump table is not enabled
 *   ASTAR_COST_OVERFLOW      not found within ASTAR_MAX_COST (see there)
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS,
 *   ASTAR_START_BLOCKED, ASTAR_GOAL_BLOCKED (checked in this order, after
 *   ASTAR_INVALID_ARGUMENT and ASTAR_MAP_TOO_LARGE; with units, a goal a
 *   unit blocks is ASTAR_GOAL_BLOCKED too),
 *   ASTAR_INVALID_ARGUMENT (NULL ctx, grid or path, an option out of range,
 *   points NULL with capacity > 0, a layer or units object of another size
 *   than the grid, options.unit not a unit)
 * Costs O(n log n) for n squares looked at, at worst the whole grid; no
 * allocation; start == goal is a path of one cell and cost 0. */
ASTAR_API astar_status astar_find_path(astar_context *ctx, const astar_grid *grid,
                                       astar_point start, astar_point goal,
                                       const astar_options *options, astar_path *path);

/* ------------------------------------------------------------------------ */
/* Batches of searches on several threads                                   */
/* ------------------------------------------------------------------------ */

/* One search of a batch. */
typedef struct astar_query {
    astar_point start, goal;  /* [in] */
    astar_path *path;         /* [in,out] your astar_path, set up as for
                                 astar_find_path; each query needs its own */
    astar_status status;      /* [out] what astar_find_path returned for it */
} astar_query;

/* Solves queries[0..count) on one grid with up to `threads` worker threads,
 * worker i using contexts[i]; each query's result goes to its own path and
 * status, so results are in the caller's order whatever order the workers
 * finish in. Workers take the next unsolved query as they become free.
 *
 * The thread model: the grid is only read during the batch (the caller must
 * not edit it meanwhile); each context is used by one worker; paths are
 * written by the worker that solves the query. With threads == 1 the batch
 * runs in the calling thread and starts no thread. If a thread cannot be
 * started, its share of the work is done by the others (and the caller).
 *
 * [in]     contexts  threads distinct contexts, each holding astar_grid_cells(grid)
 * [in]     threads   1..64
 * [in]     grid      read only
 * [in]     options   [opt] as for astar_find_path, used by every query
 * [in,out] queries   count queries
 * Returns ASTAR_OK when every query was run (each has its own status), or
 * ASTAR_INVALID_ARGUMENT (a NULL argument or context, the same context
 * twice, threads out of range, bad options) or ASTAR_MAP_TOO_LARGE (a
 * context is too small), with no query run. Costs the sum of the searches,
 * spread over the threads; starts at most threads - 1 threads (none that
 * would have no query to take) and allocates nothing else. */
ASTAR_API astar_status astar_find_paths(astar_context *const *contexts, int threads,
                                        const astar_grid *grid, const astar_options *options,
                                        astar_query *queries, size_t count);

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

/* ------------------------------------------------------------------------ */
/* Nearest targets, distance maps and flow fields (Dijkstra)                */
/* ------------------------------------------------------------------------ */

/* The article's note 8: when a unit wants the closest of several places -
 * the resource-gathering unit that knows several resource areas - A* would
 * have to search once per place. Dijkstra's algorithm (A* with H = 0)
 * answers with one search instead. libastar runs it backwards: all targets
 * go on the open list at once with G = 0, and the search spreads out from
 * them, so that the G of each square it closes is the cost of the cheapest
 * path from that square to its nearest target. The cost is the one
 * astar_find_path uses for the walk from the square to the target (a
 * step's price is set by the cell it enters), not for the walk back, and a
 * square's parent is its first step towards that target.
 *
 * Options: moves and costs apply as in astar_find_path. Everything else -
 * algorithm (JPS and JPS+ included), open list, heuristic, weight, ties,
 * stop rule, observer - is checked for range and then ignored: the search
 * is always Dijkstra's on a binary heap, stopping when the square it looks
 * for is closed, so its answers are always least costs.
 *
 * Targets: a target outside the grid is ASTAR_GOAL_OUT_OF_BOUNDS. Blocked
 * targets are skipped, as if not given (a resource may sit on a cell that
 * has since been walled in); so is a repeated target after its first
 * occurrence. Of several targets equally cheap to reach, the one with the
 * lowest index wins. At most ASTAR_MAX_CELLS targets; targets may be NULL
 * when count is 0.
 *
 * The search context is the one astar_find_path uses (its lists, no other
 * memory), and the calls below may share a context with astar_find_path in
 * any order. Afterwards astar_context_node() reads the squares of the
 * search: G (with H = 0, so F = G) is the cost to the nearest target, and
 * the parent is the next square towards it (the square itself for a
 * target). */

/* Finds the cheapest to reach of several targets from start, and the path
 * to it: one backward Dijkstra search from all the targets, stopped when
 * start is closed.
 * [in,out] ctx      the search context; its lists are left as the search
 *                   ended them, for astar_context_node()
 * [in]     grid     the map, read only; at most astar_context_max_cells(ctx)
 * [in]     start
 * [in]     targets  count points (see "Targets" above)
 * [in]     options  [opt] NULL for astar_options_default(); only moves and
 *                   costs are used (see "Options" above)
 * [in,out] path     your buffer in, the result out as for astar_find_path:
 *                   the cells from start to the chosen target, cost,
 *                   distance, expanded, and the nodes (every cell) if asked
 * [out]    which    [opt] the index in targets of the chosen target
 * Returns
 *   ASTAR_OK                 path and which filled
 *   ASTAR_NO_PATH            no target can be reached from start (or none is
 *                            walkable); expanded is set, and is 0 when the
 *                            grid's islands show every target on another
 *                            island (those targets are then not searched from)
 *   ASTAR_PATH_BUFFER_TOO_SMALL  found, but it does not fit (as for
 *                            astar_find_path); which, counts and cost are set
 *   ASTAR_COST_OVERFLOW      no target within ASTAR_MAX_COST (see there)
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS (a target outside the
 *   grid), ASTAR_START_BLOCKED (checked in this order, after
 *   ASTAR_INVALID_ARGUMENT and ASTAR_MAP_TOO_LARGE),
 *   ASTAR_INVALID_ARGUMENT (NULL ctx, grid or path, targets NULL with count
 *   > 0, count > ASTAR_MAX_CELLS, an option out of range, points or nodes
 *   NULL with a capacity > 0)
 * Costs O(n log n) for the n squares within the found cost of some target
 * (every square nearer to a target than start is), plus O(count); no
 * allocation. start on a target is a path of one cell and cost 0. */
ASTAR_API astar_status astar_find_nearest(astar_context *ctx, const astar_grid *grid,
                                          astar_point start, const astar_point *targets,
                                          size_t count, const astar_options *options,
                                          astar_path *path, size_t *which);

/* A distance map with its flow field: for every cell of a grid, the cost of
 * the cheapest path from it to the nearest of a set of sources, which
 * source that is, and the cell's next step on that path. Built once by one
 * backward Dijkstra search over the whole grid; then any number of units,
 * on any number of threads, walk towards their nearest source by reading
 * their cell's next step, without a search of their own.
 *
 * Memory: 8 bytes per cell of max_cells (the cost, 4 bytes; the source's
 * index and the step's direction packed in 4 more), allocated by
 * astar_distance_map_new and reused by every build.
 *
 * Thread model: a build writes the map; the readers below only read it, so
 * any number of threads may read one map at once, as long as nobody builds
 * it meanwhile. The map is a snapshot: after the grid is edited, build it
 * again. */
typedef struct astar_distance_map astar_distance_map;

/* The cost of a cell no source can be reached from (a blocked cell, one
 * outside the map, one cut off from every source, or one whose least cost
 * would pass ASTAR_MAX_COST - 1). */
#define ASTAR_UNREACHABLE UINT32_MAX
/* astar_distance_map_source of such a cell. */
#define ASTAR_NO_SOURCE SIZE_MAX

/* Creates a distance map for grids of up to max_cells cells; until its first
 * build every cell reads as unreachable.
 * [in]  max_cells  1..ASTAR_MAX_CELLS
 * [out] out        the new map; free it with astar_distance_map_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Allocates 8 * max_cells bytes (astar_distance_map_bytes). */
ASTAR_API astar_status astar_distance_map_new(size_t max_cells, astar_distance_map **out);

/* Frees a map. NULL is allowed. Nobody may be reading it at the time. */
ASTAR_API void astar_distance_map_delete(astar_distance_map *map);

/* Bytes the map holds (8 per cell of its max_cells); 0 for NULL. O(1). */
ASTAR_API size_t astar_distance_map_bytes(const astar_distance_map *map);

/* Builds map for grid and the sources: for every cell its least cost to the
 * nearest source, that source's index, and its next step (see "Nearest
 * targets, distance maps and flow fields" above for the cost, the options,
 * and what happens to blocked, repeated and tied sources).
 * [in,out] map      written for grid; readers read it in grid's coordinates
 * [in,out] ctx      the search context the build searches with; left as the
 *                   search ended, for astar_context_node()
 * [in]     grid     read only; at most the cells of map and of ctx
 * [in]     sources  count points; count 0 gives a map of unreachable cells
 * [in]     options  [opt] NULL for the defaults; only moves and costs are used
 * Returns
 *   ASTAR_OK                  built
 *   ASTAR_COST_OVERFLOW       built, but some paths were cut where their
 *                             cost passed ASTAR_MAX_COST - 1: cells whose
 *                             every path to a source costs more read as
 *                             unreachable; every cost the map holds is exact
 *   ASTAR_INVALID_ARGUMENT    NULL map, ctx or grid, sources NULL with count
 *                             > 0, count > ASTAR_MAX_CELLS, an option out of
 *                             range
 *   ASTAR_MAP_TOO_LARGE       grid has more cells than map or ctx holds
 *   ASTAR_GOAL_OUT_OF_BOUNDS  a source is outside the grid
 * On a failure other than ASTAR_COST_OVERFLOW the map reads as unreachable
 * everywhere until the next build. Costs O(n log n) for the n cells that
 * reach a source, O(width * height) to write the map, and O(count); no
 * allocation. */
ASTAR_API astar_status astar_distance_map_build(astar_distance_map *map, astar_context *ctx,
                                                const astar_grid *grid,
                                                const astar_point *sources, size_t count,
                                                const astar_options *options);

/* The least cost from (x, y) to its nearest source, in the cost model's
 * units; 0 at a source; ASTAR_UNREACHABLE for a cell that reaches none, a
 * cell outside the last build's grid, or a NULL map. O(1), read only. */
ASTAR_API uint32_t astar_distance_map_cost(const astar_distance_map *map, int x, int y);

/* The flow field: the cell to step to from (x, y) on a cheapest path to
 * its nearest source. Taking steps from next to next reaches that source
 * along a legal path whose step costs sum to astar_distance_map_cost(x, y).
 * [out] next  the neighbour to step to; (x, y) itself at a source, and
 *             when there is no step
 * Returns ASTAR_OK (at a source too), ASTAR_NO_PATH for a cell that
 * reaches no source (blocked ones included), or ASTAR_INVALID_ARGUMENT (NULL
 * map or next, a cell outside the last build's grid). O(1), read only. */
ASTAR_API astar_status astar_distance_map_next(const astar_distance_map *map, int x, int y,
                                               astar_point *next);

/* The index (into the build's sources) of the source nearest to (x, y):
 * the one its flow leads to. ASTAR_NO_SOURCE where the cost is
 * ASTAR_UNREACHABLE. O(1), read only. */
ASTAR_API size_t astar_distance_map_source(const astar_distance_map *map, int x, int y);

/* ------------------------------------------------------------------------ */
/* Knowledge layers: what a player has seen (fog of war)                    */
/* ------------------------------------------------------------------------ */

/* The article's note 3, "Handling Unexplored Areas": a separate known
 * walkability for each player, "with the rest of the map assumed to be
 * walkable until proven otherwise", so that units wander down dead ends
 * until they have learned their way around.
 *
 * An astar_knowledge is one player's belief about a map (the truth): a grid
 * of its own, the believed grid, plus one "seen" bit per cell. At first
 * every cell is unseen and believed walkable with terrain cost 1. Revealing
 * a cell copies the truth's walkability and terrain cost there into the
 * believed grid and marks it seen. To search for the player, search the
 * believed grid (astar_knowledge_grid) with astar_find_path: every
 * algorithm and option works on it unchanged, and the truth is never
 * changed, so any number of players may keep layers over one map.
 *
 * The believed grid has a jump table when the truth had one when the layer
 * was created, so that JPS+ serves the player's searches too; reveals keep
 * it current. It never has islands (astar_grid_enable_islands): on a walk
 * nearly every reveal blocks cells of the one big believed island, and
 * keeping labels current would flood it each time.
 *
 * What a layer does not do: it does not watch the truth. A cell revealed
 * before a later edit of the truth keeps what was true when it was revealed,
 * and stays seen, until it is revealed again. Reveals do not test line of
 * sight: walls do not hide what is behind them.
 *
 * Walking a unit is the caller's loop, since only the caller knows what a
 * turn is: reveal around the unit, search the believed grid, take a step,
 * reveal again, and search again when the reveal changed something on the
 * rest of the path (astar_path_check on the believed grid tells whether the
 * rest is still legal and at what cost). Since unseen cells are believed
 * walkable at the lowest cost, a search that fails on the believed grid
 * would fail on the truth too (while the truth is not edited): the goal is
 * unreachable. `astar explore` is such a loop.
 *
 * Threads: a layer is edited by reveals and read by searches; as with any
 * grid, nobody may search its believed grid during a reveal or a forget. */

/* An opaque knowledge layer. */
typedef struct astar_knowledge astar_knowledge;

/* Creates a knowledge layer for maps of truth's size: nothing seen, every
 * cell believed walkable with terrain cost 1; with a jump table if truth has
 * one now.
 * [in]  truth  the true map; only its size and whether it has a jump table
 *              are read, and no pointer to it is kept
 * [out] out    the new layer; free it with astar_knowledge_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL truth or out) or
 * ASTAR_OUT_OF_MEMORY. Costs what astar_grid_new costs (plus the jump
 * table's, see astar_grid_enable_jump_table) and one bit per cell. */
ASTAR_API astar_status astar_knowledge_new(const astar_grid *truth, astar_knowledge **out);

/* Frees a layer and its believed grid. NULL is allowed. */
ASTAR_API void astar_knowledge_delete(astar_knowledge *k);

/* The believed grid, to search for the player: read only, owned by the
 * layer, valid until the layer is deleted or forgets (astar_knowledge_forget
 * replaces it). NULL for a NULL layer. O(1). */
ASTAR_API const astar_grid *astar_knowledge_grid(const astar_knowledge *k);

/* Reveals what a unit standing at (x, y) sees within radius cells: every
 * cell whose centre lies within radius + 1/2 of the unit's centre, that is
 * dx^2 + dy^2 <= radius^2 + radius (radius 0 is the cell itself, 1 the 3 x 3
 * square around it, 2 a 5 x 5 square without its corners), clipped to the
 * grid. Walls do not block the view. Each such cell becomes seen and is
 * believed to be what truth says it is.
 * [in,out] k        the layer
 * [in]     truth    the true map, of the layer's size; read only
 * [in]     x, y     where the unit stands: a cell of the grid
 * [in]     radius   >= 0; width + height or more reveals the whole grid
 * [out]    changed  [opt] how many cells' belief (walkability or terrain
 *                   cost) changed: when it is 0, any path planned on the
 *                   layer is still as good as it was
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT (NULL k or truth, a truth of
 * another size, (x, y) outside the grid, a negative radius) with nothing
 * revealed and *changed 0. Costs O(cells in the circle on the grid), plus
 * for each cell whose walkability changed a patch of the believed grid's
 * jump table if it has one (see astar_grid_enable_jump_table). */
ASTAR_API astar_status astar_knowledge_reveal_radius(astar_knowledge *k, const astar_grid *truth,
                                                     int x, int y, int radius, size_t *changed);

/* Reveals the listed cells (in any order; repeats are allowed), as
 * astar_knowledge_reveal_radius does.
 * [in] cells, count  cells of the grid; cells may be NULL when count is 0
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT (NULL k or truth, a truth of
 * another size, cells NULL with count > 0, a cell outside the grid) with
 * nothing revealed and *changed 0. Costs O(count) plus the edits, as
 * astar_knowledge_reveal_radius. */
ASTAR_API astar_status astar_knowledge_reveal_cells(astar_knowledge *k, const astar_grid *truth,
                                                    const astar_point *cells, size_t count,
                                                    size_t *changed);

/* Whether the player has seen (x, y); false outside the grid or for a NULL
 * layer. O(1). */
ASTAR_API bool astar_knowledge_seen(const astar_knowledge *k, int x, int y);

/* How many cells the player has seen. O(1). */
ASTAR_API size_t astar_knowledge_seen_cells(const astar_knowledge *k);

/* Forgets everything: the layer is as astar_knowledge_new made it, with the
 * same extras. The believed grid is a new one, so a pointer from
 * astar_knowledge_grid must be fetched again.
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY (then the
 * layer is unchanged). Costs what astar_knowledge_new costs. */
ASTAR_API astar_status astar_knowledge_forget(astar_knowledge *k);

/* ------------------------------------------------------------------------ */
/* The game world: cost layers and other units                              */
/* ------------------------------------------------------------------------ */

/* Cost layers (the article's note 2: "an influence map that penalized nodes
 * where lots of carnage is taking place", a crowd map, a danger map). A
 * layer is a number per cell, 0..ASTAR_MAX_LAYER_VALUE, owned by the
 * caller. A search takes up to ASTAR_MAX_LAYERS of them, each with a weight
 * (astar_options.world.layers), and entering cell c then costs
 *
 *     move * (terrain(c) + floor(sum of weight_i * value_i(c)) + penalty(c))
 *
 * where move is the straight or diagonal step cost, each weight is rounded
 * to the nearest 1/1024 and the sum is rounded down once per cell (integer
 * weights are exact), and penalty(c) is what other units add (below). A
 * step that would take a cost past ASTAR_MAX_COST is left out as
 * astar_find_path describes. Layers only ever add cost, so every heuristic
 * stays as admissible as it was, and astar_options_optimal is unchanged.
 *
 * Layers never change the grid. Many units may search one grid at once,
 * each with its own layers and context, as long as nobody edits a layer
 * while a search reads it. Layers and units are for A*: JPS and JPS+ with
 * either return ASTAR_UNSUPPORTED. A layer must be exactly as wide and high
 * as the grid it is searched with; otherwise the search returns
 * ASTAR_INVALID_ARGUMENT. */
#define ASTAR_MAX_LAYER_VALUE 65535
#define ASTAR_MAX_LAYERS 16
#define ASTAR_MAX_LAYER_WEIGHT 1024.0

/* Creates a width x height layer, every value 0.
 * [in]  width, height  as for astar_grid_new
 * [out] out            the new layer; free it with astar_layer_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Costs O(width * height) time and 2 bytes per cell. */
ASTAR_API astar_status astar_layer_new(int width, int height, astar_layer **out);

/* Frees a layer. NULL is allowed. Nobody may be searching with it. */
ASTAR_API void astar_layer_delete(astar_layer *layer);

/* Sets the value of (x, y), 0..ASTAR_MAX_LAYER_VALUE. Returns ASTAR_OK, or
 * ASTAR_INVALID_ARGUMENT for a NULL layer, a cell outside it or a value out
 * of range. O(1). */
ASTAR_API astar_status astar_layer_set(astar_layer *layer, int x, int y, int value);

/* The value of (x, y); 0 for a NULL layer or a cell outside it. O(1). */
ASTAR_API int astar_layer_get(const astar_layer *layer, int x, int y);

/* Adds delta (negative to take away) to the value of (x, y), saturating:
 * the value stops at 0 and at ASTAR_MAX_LAYER_VALUE, never wraps.
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL layer or a cell
 * outside it. O(1). */
ASTAR_API astar_status astar_layer_add(astar_layer *layer, int x, int y, int delta);

/* Carnage at (x, y): adds delta, saturating as astar_layer_add, to every
 * cell of the layer within Euclidean distance radius of (x, y), that is
 * with dx * dx + dy * dy <= radius * radius, the centre included. The
 * centre may lie outside the layer; only the cells inside are changed.
 * [in] radius  0..ASTAR_MAX_SIDE
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT. Costs O(cells changed). */
ASTAR_API astar_status astar_layer_add_disc(astar_layer *layer, int x, int y, int radius,
                                            int delta);

/* Sets every value to 0. Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT.
 * O(width * height). */
ASTAR_API astar_status astar_layer_clear(astar_layer *layer);

/* Ages the whole layer once, so that old carnage fades: every value v
 * becomes floor(v * k / 65536), where k is keep * 65536 rounded to the
 * nearest integer. keep 1 changes nothing, keep 0 clears the layer, keep
 * 0.5 halves every value (rounding down); any keep below 1 - 1/131072
 * lowers every non-zero value by at least 1, so repeated decay always
 * reaches 0.
 * [in] keep  0..1, the share of each value that stays
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL layer or keep out
 * of range (or NaN). O(width * height), no allocation. */
ASTAR_API astar_status astar_layer_decay(astar_layer *layer, double keep);

/* Other units (the article's note 1). An astar_units object holds the
 * caller's units on one map: where each stands and, for a moving unit, the
 * part of its path it has not walked yet. A search by one of them (options
 * world.units and world.unit) then follows the article's advice:
 *   - blocked for that search only: the cells of stopped units, and of any
 *     unit within one step of the searcher (Chebyshev distance at most 1,
 *     moving or not). The start is never blocked. A unit is not a wall for
 *     the corner rule: a diagonal step may pass beside one.
 *   - penalised, never blocked: every cell of the remaining path (the cell
 *     a moving unit stands on and those after it; the walked part is not)
 *     of each moving unit standing within options.world.unit_radius cells of the
 *     searcher (Chebyshev distance, from the units' current positions)
 *     costs options.world.unit_penalty more per such path, as a layer value of
 *     weight 1 would. Units still squeeze through a one-wide passage in
 *     single file when there is no other way. Moving units farther away are
 *     ignored, so that units do not dodge paths of units nowhere near them.
 *   - the goal: if it is blocked as above (a stopped unit stands there, or
 *     any unit within one step of the searcher), the search returns
 *     ASTAR_GOAL_BLOCKED at once. A goal on a moving unit's path is searched
 *     as any penalised cell.
 * Several units may stand on one cell. The searcher's own unit and path are
 * never an obstacle to itself.
 *
 * The object keeps, per cell, the units standing there and the claims of
 * paths passing through, so a search reads them in O(units and paths at a
 * cell) per cell looked at and allocates nothing. Searches only read it:
 * any number of threads may search with one units object at once (each
 * with its own context), as long as nobody changes it meanwhile. Its size
 * must be the grid's, else the search returns ASTAR_INVALID_ARGUMENT, as it
 * does if options.unit is not a unit of it. */
#define ASTAR_MAX_UNITS (1u << 24)

/* Creates an empty units object for width x height maps, room for
 * max_units units at once.
 * [in]  width, height  as for astar_grid_new
 * [in]  max_units      1..ASTAR_MAX_UNITS
 * [out] out            the new object; free it with astar_units_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Costs O(width * height + max_units) time, 12 bytes per cell and 40 per
 * unit; each path given to astar_units_set_path takes 24 bytes per cell. */
ASTAR_API astar_status astar_units_new(int width, int height, uint32_t max_units,
                                       astar_units **out);

/* Frees the object and every path it holds. NULL is allowed. */
ASTAR_API void astar_units_delete(astar_units *units);

/* Adds a stopped unit standing at (x, y), which may hold other units.
 * [out] id  its id, 0..max_units - 1, until astar_units_remove gives it back
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (a NULL argument, a cell outside
 * the map) or ASTAR_OUT_OF_MEMORY when max_units units are already in. O(1). */
ASTAR_API astar_status astar_units_add(astar_units *units, int x, int y, uint32_t *id);

/* Removes a unit and its path; its id may be handed out again. Returns
 * ASTAR_OK or ASTAR_INVALID_ARGUMENT (not a unit). O(path + units on its cell). */
ASTAR_API astar_status astar_units_remove(astar_units *units, uint32_t id);

/* The unit now stands at (x, y), typically one step along its path. If
 * (x, y) is a cell of its remaining path, the cells before it are walked
 * and no longer claimed; if it is the last cell, the unit has arrived and
 * is stopped. A unit that steps off its path (to let another pass) keeps
 * it, and picks it up again when it steps back onto it.
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT (not a unit, a cell outside the
 * map). O(1) for a step to the next cell of its path, at most O(remaining
 * path). */
ASTAR_API astar_status astar_units_move(astar_units *units, uint32_t id, int x, int y);

/* Gives a unit the path it is about to walk (copied; typically what
 * astar_find_path returned, from the cell it stands on). The unit is moving
 * while part of the path is left to walk; a path is walked from the first
 * of its cells the unit stands on (as astar_units_move), and a path of only
 * the cell it stands on, or of no cells, stops it. The cells need not be
 * adjacent, but must lie on the map.
 * [in] points  count cells, NULL if count is 0
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (not a unit, a cell outside the
 * map) or ASTAR_OUT_OF_MEMORY (the unit keeps its old path). O(count);
 * allocates only when the path is longer than any the unit had. */
ASTAR_API astar_status astar_units_set_path(astar_units *units, uint32_t id,
                                            const astar_point *points, size_t count);

/* Stops a unit: its path is dropped. Returns ASTAR_OK or
 * ASTAR_INVALID_ARGUMENT. O(remaining path). */
ASTAR_API astar_status astar_units_stop(astar_units *units, uint32_t id);

/* Where a unit stands. Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT. O(1). */
ASTAR_API astar_status astar_units_position(const astar_units *units, uint32_t id,
                                            astar_point *at);

/* Whether a unit is moving (has part of its path left to walk); false for
 * a stopped unit or an id that is not a unit. O(1). */
ASTAR_API bool astar_units_moving(const astar_units *units, uint32_t id);

/* How many cells of its path the unit still claims: the one it stands on
 * (if on its path) and those ahead; 0 when stopped or not a unit. O(1). */
ASTAR_API size_t astar_units_remaining(const astar_units *units, uint32_t id);

/* What a unit should do before stepping onto a cell (the article's
 * collision rule: "calculate a new path or, if the other unit is moving and
 * it is not a head-on collision, wait for the other unit to step out of the
 * way"). */
typedef enum astar_step {
    ASTAR_STEP_GO = 0,   /* the cell is free: step */
    ASTAR_STEP_WAIT,     /* a moving unit stands there, or another one with a
                            lower id is about to enter it: wait and ask again */
    ASTAR_STEP_REPATH    /* a stopped unit stands there, or a moving one whose
                            next cell is ours (head on): search again */
} astar_step;

/* Checks the step of unit id onto next, usually the next cell of its path.
 * Another unit standing on next decides it: stopped, or moving with the
 * unit's own cell as its next cell, is ASTAR_STEP_REPATH (waiting would not
 * end); otherwise moving is ASTAR_STEP_WAIT. With nobody on next, a moving
 * unit with a lower id whose next cell is next makes it ASTAR_STEP_WAIT (so
 * two units never wait for each other at a free cell); else ASTAR_STEP_GO.
 * A moving unit's next cell is the one after the cell it stands on, or,
 * off its path, the first cell it still claims.
 * [out] advice
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT (not a unit, next outside the
 * map, advice NULL). O(units on next + paths through next). */
ASTAR_API astar_status astar_units_check_step(const astar_units *units, uint32_t id,
                                              astar_point next, astar_step *advice);

/* ------------------------------------------------------------------------ */
/* Dead ends                                                                */
/* ------------------------------------------------------------------------ */

/* Dead ends (the article's note 6): a dead-end area is a part of the map
 * joined to the rest through a single cell, its door. A path from outside
 * that enters it must come back out through the same door, so no least-cost
 * path between two cells outside an area goes into it. Once a grid's dead
 * ends are enabled, an A* search leaves out every area that holds neither
 * its start nor its goal, and everything outside the innermost area that
 * holds both (except that area's door): in all, exactly the cells that lie
 * on no simple path from start to goal. In a maze of one-cell corridors
 * that is everything off the corridors between them.
 *
 * What it changes: only the squares expanded. Under optimal options
 * (astar_options_optimal) the status and cost are those of the same search
 * without dead ends. With ASTAR_MOVES_4 or ASTAR_MOVES_8 and first- or
 * last-added ties the path is the very same one whatever the options, since
 * the squares left out could never lower a G. ASTAR_MOVES_8_CUT uses dead
 * ends only where every step costs alike - uniform terrain, no cost layers,
 * no units (astar_options.world.layers, .units) - since cutting a corner, a unit can step
 * diagonally out of a dead end past its door, which pays on plain ground
 * never but can when the door's terrain is dear. JPS and JPS+ do not use
 * dead ends.
 *
 * Areas are found on 4-connectivity, which under ASTAR_MOVES_4 and
 * ASTAR_MOVES_8 is the movement's own: a diagonal step needs both straight
 * cells beside it walkable, and at least one of them is not the door. They
 * nest: an area may hold smaller ones (a corridor that ends blind is an
 * area inside an area at every cell). Of the two sides of a door, the one
 * called the dead end is the side away from a root cell picked in each
 * island so that the rest is normally the larger side (docs/design.md).
 * Area ids are
 * 1..astar_grid_dead_end_count() and change with every rebuild.
 *
 * Enables (computes) the grid's dead ends. From then on every edit of
 * walkability recomputes them all before it returns: O(width * height),
 * 2 to 15 ms on the 512 x 512 benchmark maps (docs/performance.md). To
 * edit many cells, disable them, edit, and enable them again. Enabling
 * enabled dead ends does nothing.
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Costs O(width * height) time; keeps 4 bytes per cell plus 16 per area (a
 * maze of one-cell corridors has about one area per walkable cell), and
 * needs 16 bytes per walkable cell more while it computes. */
ASTAR_API astar_status astar_grid_enable_dead_ends(astar_grid *grid);

/* Frees the grid's dead ends; searches no longer use them. NULL or a grid
 * without dead ends is allowed. */
ASTAR_API void astar_grid_disable_dead_ends(astar_grid *grid);

/* Number of dead-end areas; 0 when they are not enabled. O(1). */
ASTAR_API uint32_t astar_grid_dead_end_count(const astar_grid *grid);

/* The innermost dead-end area holding (x, y): 1..astar_grid_dead_end_count();
 * 0 for a cell in no area, a blocked cell, a cell outside the grid, or a
 * grid whose dead ends are not enabled. O(1). */
ASTAR_API uint32_t astar_grid_dead_end(const astar_grid *grid, int x, int y);

/* One dead-end area. */
typedef struct astar_dead_end {
    astar_point door;  /* the cell joining it to the rest; not part of the area */
    uint32_t outer;    /* the innermost area holding this one, 0 if none */
    uint32_t cells;    /* its walkable cells, those of the areas inside it included */
} astar_dead_end;

/* Reads area id (1..astar_grid_dead_end_count()) into out.
 * [out] out  the area
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL argument, a grid
 * without dead ends or an id out of range. O(1). */
ASTAR_API astar_status astar_grid_dead_end_info(const astar_grid *grid, uint32_t id,
                                                astar_dead_end *out);

/* ------------------------------------------------------------------------ */
/* Smoothing paths                                                          */
/* ------------------------------------------------------------------------ */

/* The article's note 4, second remedy: run through the path after it is
 * found and take out the needless zig-zags. A unit that can walk in any
 * direction goes straight from waypoint to waypoint; astar_path_smooth()
 * gives it the fewest waypoints, taken from the path, between which it can
 * walk straight without touching a wall.
 *
 * Line of sight. Cell (x, y) is the unit square [x, x+1] x [y, y+1] and a
 * unit stands at the centre (x + 0.5, y + 0.5). Two cells a and b see each
 * other when the straight segment between their centres
 *   1. passes through the inside of walkable cells only (a and b included),
 *      and
 *   2. where it passes exactly through a corner shared by four cells - it
 *      then goes from one cell straight into the diagonally opposite one,
 *      only touching the other two at that point - those two touched cells
 *      obey the corner rule of the moves: with ASTAR_MOVES_8 (and
 *      ASTAR_MOVES_4) both must be walkable, so a segment never touches a
 *      blocked cell, not even at a corner; with ASTAR_MOVES_8_CUT at least
 *      one must be, so it may graze one blocked corner but never squeeze
 *      between two blocked cells that touch at their corners.
 * A segment between cell centres never runs along a grid line, so these
 * are all the ways it can meet a cell. Every legal step of a path (straight,
 * or diagonal under the corner rule) is a segment that passes this test, so
 * every path from astar_find_path can be smoothed. Under ASTAR_MOVES_4 the
 * result has diagonal segments: smoothing is for units that move freely
 * between waypoints. Terrain costs are not looked at: a smoothed segment
 * may cross dearer walkable cells that the path went round. */

/* Whether cells a and b of grid see each other by the rule above, under the
 * moves of options ([opt] NULL for the defaults; only moves is used). False
 * when either is blocked or outside the grid, or for a NULL grid or bad
 * options. O(|dx| + |dy|): it walks the cells the segment meets. */
ASTAR_API bool astar_line_of_sight(const astar_grid *grid, const astar_options *options,
                                   astar_point a, astar_point b);

/* The result of astar_path_smooth. Set points and capacity, then pass it in. */
typedef struct astar_waypoints {
    astar_point *points;  /* [in] your buffer for the waypoints; NULL with
                             capacity 0 asks for length and distance only */
    size_t capacity;      /* [in] how many points fit */
    size_t length;        /* [out] waypoints, first and last included; set
                             even when they do not fit */
    double distance;      /* [out] the length of the walk: the sum of the
                             Euclidean lengths of the segments between
                             consecutive waypoints, in cells */
} astar_waypoints;

/* Smooths a path: writes the shortest list of waypoints (the fewest points)
 * that is a subsequence of points[0..length), keeps the first and the last
 * point, and in which each waypoint sees the next (astar_line_of_sight).
 * points is usually a path from astar_find_path, but any list of cells will
 * do: only the waypoints must be walkable cells of the grid.
 *
 * The minimum is exact, not the greedy "walk to the farthest visible point"
 * (which sometimes needs more waypoints, because what a point sees along a
 * winding path is not an unbroken stretch of it). With w(j) the fewest
 * waypoints from points[0] to points[j], w(j) = 1 + min w(i) over the i < j
 * whose point sees points[j]. The i are tried by increasing w(i), most
 * recent first, and the first that sees points[j] settles w(j); that point
 * becomes the waypoint before it. Among several shortest lists the one
 * returned is thus fixed but not chosen by distance.
 *
 * [in]     grid     the map, read only
 * [in]     options  [opt] NULL for the defaults; only moves is used (the
 *                   corner rule of the line of sight)
 * [in]     points   length points; 1 <= length <= ASTAR_MAX_CELLS
 * [in,out] out      your buffer in, the waypoints out (see astar_waypoints).
 *                   out->points may be points itself, to smooth in place,
 *                   but must not overlap it otherwise.
 * Returns
 *   ASTAR_OK                     out filled
 *   ASTAR_PATH_BUFFER_TOO_SMALL  out->length > out->capacity: length and
 *                                distance set, nothing written
 *   ASTAR_INVALID_PATH           the first or last point is not a walkable
 *                                cell, or no list of waypoints joins them
 *                                (a path whose consecutive points see each
 *                                other always has one)
 *   ASTAR_INVALID_ARGUMENT       NULL grid, points or out, length out of
 *                                range, bad options, out->points NULL with
 *                                capacity > 0
 *   ASTAR_OUT_OF_MEMORY          the work arrays could not be allocated
 * Costs: 24 bytes per point of work memory, allocated once per call and
 * freed before it returns. Time: point j is tried against every earlier
 * point whose w is below w(j) - 1 and some of those at w(j) - 1, so up to
 * length^2 / 2 tries in all; a try walks the cells of the segment, up to
 * O(|dx| + |dy|), so the worst case is O(length^3). Most tries fail, and a
 * failing try usually costs O(1): each point keeps the last wall that hid
 * a later point from it, and a segment that passes through that wall (or
 * through the one that hid j from the point tried just before) fails
 * without a walk; walks go from both ends and stop at the first wall. On
 * the benchmark's game maps smoothing took 11 to 38% of the time of the
 * search that found the path, on maze paths of up to 2,000 cells about 55%
 * (docs/performance.md). */
ASTAR_API astar_status astar_path_smooth(const astar_grid *grid, const astar_options *options,
                                         const astar_point *points, size_t length,
                                         astar_waypoints *out);

/* ------------------------------------------------------------------------ */
/* Checking paths                                                           */
/* ------------------------------------------------------------------------ */

/* What a path costs, summed again step by step. */
typedef struct astar_path_measure {
    uint64_t cost;      /* in the cost model's units, terrain (and layers
                           and unit penalties) included */
    double length;      /* steps with straight 1 and diagonal sqrt(2) exactly,
                           each times the terrain cost of the cell entered
                           (plus its layers and unit penalties) */
    size_t straight;    /* straight steps */
    size_t diagonal;    /* diagonal steps */
    size_t turns;       /* steps whose direction differs from the step
                           before; cost includes turn_penalty for each */
} astar_path_measure;

/* Checks that points[0..length) is a path from start to goal on grid under
 * the moves of options: it starts at start, ends at goal, every cell is
 * walkable and every step is a legal move; and sums its cost the way the
 * search does: with layers and units in options the sums are those a search
 * makes (see "The game world"), and a step onto a cell the units block is
 * not legal; turn penalties are included.
 * [in]  options  [opt] moves, costs, layers, units and turn_penalty are
 *                used; NULL for the defaults
 * [out] measure  [opt] the sums, when the path is legal
 * [out] err      [opt] which step is wrong and why (err.line is the step)
 * Returns ASTAR_OK, ASTAR_INVALID_PATH or ASTAR_INVALID_ARGUMENT (as for
 * astar_find_path: bad options, layers or units of another size, a unit
 * that is not one). O(length), with units O(units and paths at each cell). */
ASTAR_API astar_status astar_path_check(const astar_grid *grid, const astar_options *options,
                                        astar_point start, astar_point goal,
                                        const astar_point *points, size_t length,
                                        astar_path_measure *measure, astar_error *err);

/* ------------------------------------------------------------------------ */
/* Moving AI scenario files                                                 */
/* ------------------------------------------------------------------------ */

/* One problem of a scenario file. */
typedef struct astar_problem {
    int bucket;
    int map_width, map_height;
    astar_point start, goal;
    double optimal;       /* the file's optimal length: straight 1, diagonal sqrt(2) */
    long line;            /* its line in the file, 1-based */
} astar_problem;

typedef struct astar_scenario astar_scenario;

/* Loads a ".map.scen" file: a "version 1" or "version 1.0" line, then lines
 * of 9 fields split by any white space: bucket, map, map width, map height,
 * start x, start y, goal x, goal y, optimal length. Blank lines are skipped.
 * A wrong field count, a number that does not parse or is out of range, or a
 * start or goal outside the stated map size, or a line naming another map
 * (by file name) than the lines before it, is ASTAR_PARSE_ERROR naming the
 * file and line in err.
 * [out] out  the scenario; free it with astar_scenario_delete
 * Returns ASTAR_OK, ASTAR_IO_ERROR, ASTAR_PARSE_ERROR, ASTAR_INVALID_ARGUMENT
 * or ASTAR_OUT_OF_MEMORY. Reads the whole file once. */
ASTAR_API astar_status astar_scenario_load(const char *path, astar_scenario **out,
                                           astar_error *err);

/* The same from text in memory; name [opt] is used in error messages. */
ASTAR_API astar_status astar_scenario_parse(const char *text, size_t length, const char *name,
                                            astar_scenario **out, astar_error *err);

ASTAR_API void astar_scenario_delete(astar_scenario *scen);

/* Number of problems, and problem i (0-based; NULL when out of range). O(1).
 * The pointer lives as long as the scenario. */
ASTAR_API size_t astar_scenario_count(const astar_scenario *scen);
ASTAR_API const astar_problem *astar_scenario_problem(const astar_scenario *scen, size_t i);

/* The file name part of the map column of the first problem ("arena.map"),
 * which is how a scenario names its map; "" for a scenario without problems. */
ASTAR_API const char *astar_scenario_map_name(const astar_scenario *scen);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_H */
