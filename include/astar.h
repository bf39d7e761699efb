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
 * ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL grid or a cell outside it.
 * O(1). Not while the grid is being searched. */
ASTAR_API astar_status astar_grid_set_walkable(astar_grid *grid, int x, int y, bool walkable);

/* Sets the terrain cost of a cell, 1..ASTAR_MAX_TERRAIN, which also makes it
 * walkable. Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL grid, a
 * cell outside it or a cost out of range. O(1). */
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
} astar_options;

/* The defaults: A* with a binary heap, 8 moves without corner cutting,
 * article costs, Manhattan H with weight 1, last-added ties, stop on the
 * closed list, no observer - the article's A*. Start from these and change what you need. */
ASTAR_API astar_options astar_options_default(void);

/* Whether these options guarantee a least-cost path: a heuristic that never
 * overestimates under the chosen moves and costs (see astar_heuristic),
 * weight at most 1, and the stop-on-closed rule. */
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
    uint32_t cost;        /* [out] G of the goal, in the cost model's units */
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
 *                            terrain, or with moves other than ASTAR_MOVES_8
 *   ASTAR_NO_JUMP_TABLE      JPS+ on a grid whose jump table is not enabled
 *   ASTAR_COST_OVERFLOW      not found within ASTAR_MAX_COST (see there)
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS,
 *   ASTAR_START_BLOCKED, ASTAR_GOAL_BLOCKED (checked in this order, after
 *   ASTAR_INVALID_ARGUMENT and ASTAR_MAP_TOO_LARGE),
 *   ASTAR_INVALID_ARGUMENT (NULL ctx, grid or path, an option out of range,
 *   points NULL with capacity > 0)
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
/* Checking paths                                                           */
/* ------------------------------------------------------------------------ */

/* What a path costs, summed again step by step. */
typedef struct astar_path_measure {
    uint64_t cost;      /* in the cost model's units, terrain included */
    double length;      /* steps with straight 1 and diagonal sqrt(2) exactly,
                           each times the terrain cost of the cell entered */
    size_t straight;    /* straight steps */
    size_t diagonal;    /* diagonal steps */
} astar_path_measure;

/* Checks that points[0..length) is a path from start to goal on grid under
 * the moves of options: it starts at start, ends at goal, every cell is
 * walkable and every step is a legal move; and sums its cost.
 * [in]  options  [opt] only moves and costs are used; NULL for the defaults
 * [out] measure  [opt] the sums, when the path is legal
 * [out] err      [opt] which step is wrong and why (err.line is the step)
 * Returns ASTAR_OK, ASTAR_INVALID_PATH or ASTAR_INVALID_ARGUMENT. O(length). */
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
