/*
 * astar/cpd.h - Precalculated paths: a compressed first-move database
 * (CPD) of a grid or of any graph, built once, saved and loaded, then asked
 * for the next move or the whole path between any two cells (or nodes)
 * without a search.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_CPD_H
#define ASTAR_INCLUDE_CPD_H

#include "graph.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Compressed path databases                                                */
/* ------------------------------------------------------------------------ */

/* SRC (Strasser, Botea and Harabor, JAIR 2015): for every pair of cells,
 * the first move of a least-cost path, kept as runs over an order of the
 * cells. A query reads one run per step - no open list, no expansion - so
 * a path costs about two cache misses per cell of it, and
 * every path has the least cost astar_find_path would find with the same
 * moves and costs.
 *
 * When to choose it: a static map (a CPD answers for the grid as it was
 * built; any edit makes it stale) and many queries (games that path
 * thousands of units on a fixed level, servers). The build is one
 * Dijkstra search per walkable cell, O(n^2 log n) for n walkable cells:
 * seconds for a few thousand cells, hours for a quarter million
 * (docs/performance.md, "Precalculated paths", has the measured rates);
 * build once, save, load at start-up. Memory is 4.25 bytes per run (the
 * runs and every 16th again, for the lookups) plus 12 per cell; the runs
 * per cell grow with the map's openness (a few on mazes, tens on dungeons,
 * hundreds on open game and city maps). Where there are 65,536 walkable
 * cells or more and their rows average 64 runs or more, each cell, walkable
 * or not, also has a head of 64 bytes, which holds where its row lies and
 * an index of it: a first move then waits on two cache misses instead of
 * four, one after the other (AR0011SR, 512 x 512: 17 % more memory, first
 * moves 27 % faster). Heads are made at the build or load, not saved.
 *
 * The database holds, for each walkable source cell s (its row), the
 * first move from s towards every walkable target t, in the cells'
 * order, as runs (start of the run in the order, move): 4 bytes a run.
 * Among several equally short first moves the build picks whichever
 * lengthens the run in progress (SRC's wildcards), which is what makes
 * the rows short. A target s cannot reach holds the move "none", so
 * unreachable pairs cost a run per island, not per cell.
 *
 * A CPD belongs to the grid it was built or loaded for: it keeps a
 * pointer to it, which must outlive the CPD, and the grid's edit count.
 * Any edit of the grid afterwards (a cell's walkability or cost, an index
 * enabled or disabled, the topology) makes every query answer
 * ASTAR_MAP_CHANGED: build or load again. A CPD of a graph (below) is
 * the same, for the graph's edit count (edge costs, enabled nodes).
 *
 * Options: moves and costs apply as in astar_find_path; square grids
 * only (a hex grid is ASTAR_UNSUPPORTED). The game world (layers, units,
 * turn penalty), max_expanded and partial are ASTAR_UNSUPPORTED: a CPD
 * knows least-cost paths of the bare grid only. Everything else
 * (algorithm, open list, heuristic, weight, ties, stop rule, observer,
 * trace) is checked for range and then ignored - the answers are least
 * costs whatever they say.
 *
 * Thread model: queries only read the CPD and its grid, so any number of
 * threads may query one CPD at once while nobody edits the grid. */
typedef struct astar_cpd astar_cpd;

/* The order of the cells along a row, which decides how long the runs
 * are (docs/performance.md measures both):
 *   DFS   SRC's: a depth-first preorder of the walkable cells from the
 *         first walkable cell in reading order (and of each further
 *         island from its first cell), stepping by the moves the options
 *         allow. Cells near one another in the order are near on the map
 *         and, mostly, on the same side of walls. The default.
 *   ROWS  reading order (y * width + x) of the walkable cells.
 * On a graph, DFS is the same walk along out-edges from the lowest-numbered
 * enabled node (each node's targets in the order of its edges), and ROWS
 * the order of the node numbers. */
typedef enum astar_cpd_order {
    ASTAR_CPD_ORDER_DFS = 0,
    ASTAR_CPD_ORDER_ROWS
} astar_cpd_order;

/* The most threads astar_cpd_new builds with. */
#define ASTAR_CPD_MAX_THREADS 64

/* Builds the CPD of grid: one Dijkstra search from each walkable cell,
 * each giving the row of that cell, spread over threads that each own
 * their search's arrays.
 * [in]  grid     the map; read only during the build, and afterwards kept
 *                (see above) - it must outlive the CPD
 * [in]  options  [opt] NULL for astar_options_default(); only moves and
 *                costs are used (see "Options" above)
 * [in]  order    the cells' order along a row
 * [in]  threads  1..ASTAR_CPD_MAX_THREADS; 1 builds on the calling thread
 *                alone. A thread that fails to start leaves its rows to
 *                the others.
 * [out] out      the new CPD, or NULL on failure; free it with
 *                astar_cpd_delete
 * Returns
 *   ASTAR_OK
 *   ASTAR_INVALID_ARGUMENT  NULL grid or out, an option out of range, an
 *                           order or thread count out of range
 *   ASTAR_UNSUPPORTED       a hex grid, the game world, max_expanded or
 *                           partial
 *   ASTAR_COST_OVERFLOW     some least cost passes ASTAR_MAX_COST - 1
 *   ASTAR_OUT_OF_MEMORY     nothing was created
 * Costs a Dijkstra search over the whole grid per walkable cell, divided
 * among the threads (the search loop on the buckets: O(1) per cell; about
 * 50 ns of one thread per source and cell on this project's machine, so a
 * map of 100,000 walkable cells takes some 4 minutes on 2 threads);
 * allocates per thread a search context (astar_context_new: 16 bytes per
 * cell, at least 4 MB, so that the buckets hold a search's costs near)
 * and 1 byte per cell and 16 per walkable cell for its search, and its
 * runs while building, then the CPD (astar_cpd_info's bytes). */
ASTAR_API astar_status astar_cpd_new(const astar_grid *grid, const astar_options *options,
                                     astar_cpd_order order, int threads, astar_cpd **out);

/* astar_cpd_new with your allocator (astar/memory.h), for the CPD and for
 * everything the build allocates while it runs.
 * [in,opt] allocator  copied into the CPD; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_cpd_new_with(const astar_grid *grid, const astar_options *options,
                                          astar_cpd_order order, int threads,
                                          const astar_allocator *allocator, astar_cpd **out);

/* Frees a CPD. NULL is allowed. Nobody may be querying it at the time. */
ASTAR_API void astar_cpd_delete(astar_cpd *cpd);

/* What a CPD holds. */
typedef struct astar_cpd_info {
    int width, height;     /* its grid's; 0 for a graph's CPD */
    uint32_t nodes;        /* its graph's nodes; 0 for a grid's CPD */
    size_t walkable;       /* cells or nodes with a row: the walkable cells,
                              the enabled nodes */
    size_t runs;           /* runs in all rows */
    size_t bytes;          /* memory it holds: 4.25 per run, 12 per cell
                              (or node), and 64 per cell (node) where the
                              rows have heads */
    bool heads;            /* whether its lookups read heads (above) */
    size_t file_bytes;     /* the size astar_cpd_save writes */
    astar_moves moves;     /* a grid's: the options it was built with */
    astar_costs costs;
    astar_cpd_order order;
} astar_cpd_info;

/* Fills info. Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for NULL. O(1). */
ASTAR_API astar_status astar_cpd_describe(const astar_cpd *cpd, astar_cpd_info *info);

/* The first move of a least-cost path from `from` to `to`.
 * [in]  cpd
 * [in]  from, to  cells of the CPD's grid
 * [out] next      the neighbour of from to step to; from itself when
 *                 from == to, and on failure
 * Returns
 *   ASTAR_OK
 *   ASTAR_NO_PATH            to cannot be reached from from
 *   ASTAR_MAP_CHANGED        the grid was edited since the build or load
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS, ASTAR_START_BLOCKED,
 *   ASTAR_GOAL_BLOCKED (in this order, after ASTAR_INVALID_ARGUMENT - NULL
 *   cpd or next - and ASTAR_MAP_CHANGED)
 *   ASTAR_INVALID_PATH       the database names a move the grid does not
 *                            allow: only a crafted file (its checksum
 *                            right, its moves wrong) can give it
 * Costs a search among the samples of from's row (every 16th run) and
 * then in one block of 16 runs, a cache line: O(log runs), 0.04 to 0.6 us
 * on this project's machine (docs/performance.md); read only, no
 * allocation. */
ASTAR_API astar_status astar_cpd_first_move(const astar_cpd *cpd, astar_point from,
                                            astar_point to, astar_point *next);

/* The whole path from `from` to `to`, first move after first move.
 * [in]     cpd
 * [in]     from, to
 * [in,out] path  your buffer in, the result out as for astar_find_path:
 *                the cells from `from` to `to`, their count, the cost (the
 *                least cost, as astar_find_path's with the CPD's moves and
 *                costs), distance, and expanded = the steps taken
 *                (length - 1). A CPD has no parent chain: via_length is 0
 *                and via is not written.
 * Returns the statuses of astar_cpd_first_move (ASTAR_INVALID_ARGUMENT
 * also for a NULL path or a NULL buffer with a capacity), and
 *   ASTAR_PATH_BUFFER_TOO_SMALL  length > capacity: length, cut, cost,
 *                            distance and expanded are set, and the buffer
 *                            holds the path's first capacity cells, as
 *                            every route (astar/route.h)
 *   ASTAR_INVALID_PATH       as above, or moves that would never reach `to`
 *                            (a crafted file)
 * Costs one first-move lookup per step (in the row of the cell the path
 * has reached) and, where the step after may go on the same way, one more
 * in the row of the cell it would reach, read together: at most two per
 * step, at about the latency of one where the path goes on straight. No
 * allocation. from == to is a path of one cell and cost 0. */
ASTAR_API astar_status astar_cpd_path(const astar_cpd *cpd, astar_point from, astar_point to,
                                      astar_route *path);

/* ------------------------------------------------------------------------ */
/* Compressed path databases of graphs                                      */
/* ------------------------------------------------------------------------ */

/* The same database over any graph (astar/graph.h): a row per enabled
 * node, and in it, over the enabled nodes in the order, the index among
 * the row's node's out-edges of the first edge of a least-cost path (the
 * cost astar_graph_find_path finds). A run is 4 bytes here too: its move
 * takes the bits of the graph's largest out-degree, its start the rest, so
 * that enabled nodes times the power of two above the largest out-degree
 * must be at most 2^32 (a graph of a million nodes may have nodes of up to
 * 4,095 edges; one of 2^28 nodes, up to 15).
 *
 * The build is one search per enabled node, and it is the library's own:
 * a distance map (astar/graph_dijkstra.h, on a binary heap) from the
 * source over the graph with its edges turned round, then a walk back
 * along the edges on least-cost paths that gathers each node's optimal
 * first edges. Disabled nodes have no row and are no target (queries
 * refuse them as the graph search does); the CPD is stale (every query
 * ASTAR_MAP_CHANGED) after any edit of the graph, and it keeps a pointer
 * to the graph, which must outlive it. Positions, scale and names play no
 * part. The same astar_cpd type serves both kinds: astar_cpd_delete,
 * astar_cpd_describe and astar_cpd_save take either; a grid's queries on a
 * graph's CPD, and a graph's on a grid's, are ASTAR_INVALID_ARGUMENT. */

/* Builds the CPD of graph.
 * [in]     graph      read only during the build and kept afterwards - it
 *                     must outlive the CPD
 * [in]     order      the nodes' order along a row
 * [in]     threads    1..ASTAR_CPD_MAX_THREADS, as astar_cpd_new
 * [in,opt] allocator  (_with) copied into the CPD; NULL: malloc and free,
 *                     as the plain form
 * [out]    out        the new CPD, or NULL on failure
 * Returns
 *   ASTAR_OK
 *   ASTAR_INVALID_ARGUMENT  NULL graph or out, order or threads out of
 *                           range, an allocator without both functions
 *   ASTAR_UNSUPPORTED       enabled nodes and the largest out-degree do not
 *                           fit a run (above)
 *   ASTAR_COST_OVERFLOW     some least cost passes ASTAR_MAX_COST - 1
 *   ASTAR_OUT_OF_MEMORY     nothing was created
 * Costs a Dijkstra search over the whole graph per enabled node,
 * O(n (n + e) log n) for n nodes and e edges, divided among the threads;
 * allocates a copy of the graph with its edges turned round, per thread a
 * graph context, a distance map and 36 bytes per node (68 in all), and
 * its runs while building, then the CPD (astar_cpd_info's bytes). */
ASTAR_API astar_status astar_graph_cpd_new(const astar_graph *graph, astar_cpd_order order,
                                           int threads, astar_cpd **out);
ASTAR_API astar_status astar_graph_cpd_new_with(const astar_graph *graph, astar_cpd_order order,
                                                int threads, const astar_allocator *allocator,
                                                astar_cpd **out);

/* The first node after `from` on a least-cost path from `from` to `to`.
 * [in]  cpd   a graph's CPD
 * [in]  from, to  nodes of its graph
 * [out] next  the node to go to; from itself when from == to, and on
 *             failure
 * Returns
 *   ASTAR_OK
 *   ASTAR_NO_PATH            no path leads from `from` to `to`
 *   ASTAR_INVALID_ARGUMENT   NULL cpd or next, or a grid's CPD
 *   ASTAR_MAP_CHANGED        the graph was edited since the build or load
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS (not a node),
 *   ASTAR_START_BLOCKED, ASTAR_GOAL_BLOCKED (a disabled node), in this
 *   order after ASTAR_MAP_CHANGED
 *   ASTAR_INVALID_PATH       the database names an edge the node does not
 *                            have, or one into a disabled node: only a
 *                            crafted file can give it
 * Costs a binary search in from's row: O(log runs); read only, no
 * allocation. */
ASTAR_API astar_status astar_graph_cpd_first_move(const astar_cpd *cpd, uint32_t from,
                                                  uint32_t to, uint32_t *next);

/* The whole path from `from` to `to`, first edge after first edge.
 * [in]     cpd   a graph's CPD
 * [in]     from, to
 * [in,out] path  your buffer in, the result out as for
 *                astar_graph_find_path: the nodes from `from` to `to`,
 *                their count, the least cost, and expanded = the edges
 *                looked up (length - 1)
 * Returns the statuses of astar_graph_cpd_first_move (ASTAR_INVALID_ARGUMENT
 * also for a NULL path, a NULL buffer with a capacity or a points
 * buffer), and
 *   ASTAR_PATH_BUFFER_TOO_SMALL  length > capacity: length, cut, cost and
 *                            expanded set, the buffer holds the path's first
 *                            capacity nodes (astar/route.h)
 *   ASTAR_INVALID_PATH       as above, or edges that would never reach `to`
 * Costs a lookup per edge of the path; no allocation. from == to is a path
 * of one node and cost 0. */
ASTAR_API astar_status astar_graph_cpd_path(const astar_cpd *cpd, uint32_t from, uint32_t to,
                                            astar_route *path);

/* ------------------------------------------------------------------------ */
/* CPD files                                                                */
/* ------------------------------------------------------------------------ */

/* A CPD file is little-endian binary: the magic "ASTARCPD", the format
 * version (1), the grid's width, height and hash (FNV-1a of its size,
 * topology and every cell's terrain), the moves, costs and order, the
 * kind of map (0 a grid, 1 a graph), the counts of walkable cells and
 * runs, the runs per row, the runs, and an FNV-1a checksum of everything
 * before it (src/cpd/cpd_file.c has the layout). A graph's file holds its
 * node count where a grid's has the width, 0 for the height, and the hash
 * of its enabled nodes and edges (targets and costs). The order itself is
 * not stored: it is worked out again from the map on loading. */

/* Writes cpd to the file at path (replacing it).
 * [in]  cpd
 * [in]  path
 * [out] err   [opt] details on failure
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL cpd or path) or
 * ASTAR_IO_ERROR (with the system's reason). Writes astar_cpd_info's
 * file_bytes; no allocation. */
ASTAR_API astar_status astar_cpd_save(const astar_cpd *cpd, const char *path, astar_error *err);

/* Loads the CPD in the file at path, for grid.
 * [in]  path  file name, also used in error messages
 * [in]  grid  the map it must have been built for; kept as by astar_cpd_new
 * [out] out   the new CPD, or NULL on failure; free it with astar_cpd_delete
 * [out] err   [opt] details on failure: what is wrong, by the file's name
 * Returns
 *   ASTAR_OK
 *   ASTAR_IO_ERROR          the file cannot be opened or read, or is not
 *                           a regular file (a device, a pipe: unopened)
 *   ASTAR_PARSE_ERROR       not a CPD file (the magic), cut short or too
 *                           long for its header's counts, a wrong
 *                           checksum, or contents no build writes
 *   ASTAR_UNSUPPORTED       a CPD file of another format version
 *   ASTAR_MAP_CHANGED       a good file made for another map: its size,
 *                           walkable cells or hash differ from grid's, or
 *                           it is a graph's
 *   ASTAR_INVALID_ARGUMENT  NULL path, grid or out; a hex grid
 *   ASTAR_OUT_OF_MEMORY
 * Reads the file once into memory (no more than its header's counts allow)
 * and checks every run: O(size of the file + cells of the grid). */
ASTAR_API astar_status astar_cpd_load(const char *path, const astar_grid *grid, astar_cpd **out,
                                      astar_error *err);

/* The same from a file's bytes in memory.
 * [in] data, size  the file's contents
 * [in] name        [opt] what error messages call them */
ASTAR_API astar_status astar_cpd_parse(const void *data, size_t size, const char *name,
                                       const astar_grid *grid, astar_cpd **out, astar_error *err);

/* Both with your allocator (astar/memory.h), for the CPD and for the
 * file's bytes while they are read.
 * [in,opt] allocator  copied into the CPD; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_cpd_load_with(const char *path, const astar_grid *grid,
                                           const astar_allocator *allocator, astar_cpd **out,
                                           astar_error *err);
ASTAR_API astar_status astar_cpd_parse_with(const void *data, size_t size, const char *name,
                                            const astar_grid *grid,
                                            const astar_allocator *allocator, astar_cpd **out,
                                            astar_error *err);

/* A graph's CPD from a file, or from a file's bytes in memory: as
 * astar_cpd_load and astar_cpd_parse and their _with forms, for graph (a
 * grid's file is ASTAR_MAP_CHANGED), and ASTAR_UNSUPPORTED for a graph
 * whose runs would not fit (astar_graph_cpd_new). */
ASTAR_API astar_status astar_graph_cpd_load(const char *path, const astar_graph *graph,
                                            astar_cpd **out, astar_error *err);
ASTAR_API astar_status astar_graph_cpd_load_with(const char *path, const astar_graph *graph,
                                                 const astar_allocator *allocator,
                                                 astar_cpd **out, astar_error *err);
ASTAR_API astar_status astar_graph_cpd_parse(const void *data, size_t size, const char *name,
                                             const astar_graph *graph, astar_cpd **out,
                                             astar_error *err);
ASTAR_API astar_status astar_graph_cpd_parse_with(const void *data, size_t size,
                                                  const char *name, const astar_graph *graph,
                                                  const astar_allocator *allocator,
                                                  astar_cpd **out, astar_error *err);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_CPD_H */
