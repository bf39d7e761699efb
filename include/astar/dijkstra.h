/*
 * astar/dijkstra.h - Dijkstra's algorithm (the article's note 8): the nearest of several
 * targets, and distance maps with their flow fields.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_DIJKSTRA_H
#define ASTAR_INCLUDE_DIJKSTRA_H

#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * Options: every field is checked for range, then honoured, refused with
 * ASTAR_UNSUPPORTED, or - the three that choose how a search guided by H
 * goes - not read; none is changed behind the caller's back.
 *   Honoured: moves and costs as in astar_find_path; a unit's size and
 *   capability (astar_world.unit_size, .capability: the squares are the
 *   unit's anchors, a start where it does not fit is ASTAR_START_BLOCKED,
 *   targets where it does not fit are skipped as blocked ones are,
 *   ASTAR_NO_CLEARANCE or ASTAR_UNSUPPORTED as astar_find_path answers
 *   them); and of search: weight (it multiplies H, which is 0 here, so
 *   every weight gives the same least costs), observer, trace,
 *   max_expanded by a nearest search, on_edit by one begun in slices
 *   (astar_search_begin_nearest).
 *   Refused (ASTAR_UNSUPPORTED): layers, units and a turn penalty
 *   (astar_world: the backward step prices terrain only); of search, an
 *   open list other than ASTAR_OPEN_LIST_HEAP (the heap keeps the (G,
 *   target index) order), ties other than ASTAR_TIES_LAST (equal G goes
 *   to the lowest target index), stop ASTAR_STOP_OPEN (the first square to
 *   reach may be dearer than one found later), partial (the squares the
 *   search reaches lead to targets, not from start), and max_expanded on
 *   a distance map (it covers every cell it reaches).
 *   Not read: algorithm, heuristic and jumps. A search with no H has no
 *   jump points and nothing to estimate, and a caller's one astar_options
 *   for a unit serves its path searches and these alike.
 * So the answers are always least costs.
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
 * [in]     options  [opt] NULL for astar_options_default(); see
 *                   "Options" above for what is read and refused
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
 *   ASTAR_EXPANSION_LIMIT    options.search.max_expanded squares expanded first
 *   ASTAR_UNSUPPORTED        a field "Options" above refuses
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS (a target outside the
 *   grid), ASTAR_START_BLOCKED (checked in this order, after
 *   ASTAR_INVALID_ARGUMENT and ASTAR_MAP_TOO_LARGE),
 *   ASTAR_INVALID_ARGUMENT (NULL ctx, grid or path, targets NULL with count
 *   > 0, count > ASTAR_MAX_CELLS, an option out of range, points or nodes
 *   NULL with a capacity > 0)
 * Costs O(n log n) for the n squares within the found cost of some target
 * (every square nearer to a target than start is), plus O(count); no
 * allocation. start on a target is a path of one cell and cost 0. The same
 * search runs a slice at a time with astar_search_begin_nearest
 * (astar/sliced.h). */
ASTAR_API astar_status astar_find_nearest(astar_context *ctx, const astar_grid *grid,
                                          astar_point start, const astar_point *targets,
                                          size_t count, const astar_options *options,
                                          astar_route *path, size_t *which);

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
 * or updates it meanwhile. The map is a snapshot of the grid as it was
 * built: after the grid is edited, astar_distance_map_update catches it up
 * from the grid's feed of edits, at a cost that grows with what the edits
 * changed rather than with the map. */
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

/* astar_distance_map_new with your allocator (astar/memory.h).
 * [in,opt] allocator  copied into the map; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_distance_map_new_with(size_t max_cells,
                                                   const astar_allocator *allocator,
                                                   astar_distance_map **out);

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
 * [in]     options  [opt] NULL for astar_options_default(); see
 *                   "Options" above (max_expanded is refused here)
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
 *   ASTAR_UNSUPPORTED         options.search.max_expanded set, or a field
 *                             "Options" above refuses
 * On a failure other than ASTAR_COST_OVERFLOW the map reads as unreachable
 * everywhere until the next build. Costs O(n log n) for the n cells that
 * reach a source, O(width * height) to write the map, and O(count); no
 * allocation. */
ASTAR_API astar_status astar_distance_map_build(astar_distance_map *map, astar_context *ctx,
                                                const astar_grid *grid,
                                                const astar_point *sources, size_t count,
                                                const astar_options *options);

/* Catches map up with the edits of grid since it was built or last caught
 * up (astar_grid_edits), reading them from the grid's feed: afterwards it
 * is what astar_distance_map_build with the same sources and options
 * would give on the grid as it now is - the same cost and the same
 * nearest source for every cell, and a next step along a cheapest way
 * (among equally cheap ones it may pick another step than a build). A
 * source that is blocked now is forgotten for good: it is not a source
 * again when it is walkable again. With no edits since, nothing is done.
 * [in,out] map   built for grid (astar_distance_map_build returned
 *                ASTAR_OK or ASTAR_COST_OVERFLOW)
 * [in,out] ctx   the search context it searches with; at least the
 *                grid's cells
 * [in]     grid  the grid the map was last built for (the same object,
 *                still alive)
 * Returns
 *   ASTAR_OK                 caught up
 *   ASTAR_COST_OVERFLOW      caught up; costs past ASTAR_MAX_COST - 1 read
 *                            as unreachable, as a build's
 *   ASTAR_INVALID_ARGUMENT   NULL argument, a map not built or built for
 *                            another grid
 *   ASTAR_MAP_TOO_LARGE      ctx holds fewer cells than grid
 *   ASTAR_NO_CLEARANCE       a map for a unit of a size, and the grid's
 *                            clearance for its capability disabled since
 * On ASTAR_INVALID_ARGUMENT, MAP_TOO_LARGE or NO_CLEARANCE the map is
 * left as it was. Costs: with every edit still in the feed
 * (ASTAR_GRID_FEED), Dijkstra over the cells whose way home passed
 * within one step of an edited cell (within the unit's side and one step
 * for a unit of a size), everything downstream of them, and the cells
 * whose cost the edits lowered, O(n log n) for those n; past the feed, or
 * after the topology changed, a whole build from the map's own sources.
 * No allocation. */
ASTAR_API astar_status astar_distance_map_update(astar_distance_map *map, astar_context *ctx,
                                                 const astar_grid *grid);

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

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_DIJKSTRA_H */
