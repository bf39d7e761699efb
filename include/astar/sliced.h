/*
 * astar/sliced.h - searches run a slice at a time, so that a game spreads
 * its path finding over frames (the article's note 6: "spread them out over
 * several game cycles"), and limits on how far one search may go.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_SLICED_H
#define ASTAR_INCLUDE_SLICED_H

#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Sliced searches                                                          */
/* ------------------------------------------------------------------------ */

/* A search that may stop and go on: begin it, step it with a budget of
 * expansions as many times as it takes, then read its answer.
 *
 *   astar_search_begin(ctx, grid, start, goal, &options);
 *   ... each frame:
 *   astar_status s = astar_search_step(ctx, 500);
 *   if (s != ASTAR_IN_PROGRESS) {
 *       s = astar_search_finish(ctx, &path, NULL);   (ASTAR_OK: the path)
 *       ...
 *   }
 *
 * Its answer is the one-call answer: status, path, cost, distance and
 * expanded are those astar_find_path (or astar_find_nearest) gives with the
 * same arguments, whatever the budgets, and so is what astar_context_node
 * reads (an observer is called for the same squares in the same order).
 * The state lives in the context, sized when the context was made: begin,
 * step and finish never allocate.
 *
 * Rules for the caller:
 *   - A context runs one search at a time. Beginning another, or running
 *     astar_find_path, astar_find_nearest, astar_find_paths or a distance
 *     map build on the context, ends the one in progress: its step and
 *     finish then return ASTAR_INVALID_ARGUMENT (or the new search's).
 *   - The grid, and the options' layers, units and observer, and the
 *     targets of a nearest search, must stay alive until the search ends
 *     and its answer is read; the options struct itself is copied.
 *   - The grid may be edited between steps: the search notices (each grid
 *     counts its edits and lists their cells: astar_grid_edits). An edit
 *     that touches the search (astar_on_edit says which do) ends it with
 *     ASTAR_MAP_CHANGED rather than answer from a map that is gone; finish
 *     says the same even when the edit came after the last step. Begin
 *     again to search the new map. An edit that touches nothing leaves the
 *     search as a fresh one on the edited map would be, and it goes on;
 *     with options.search.on_edit ASTAR_ON_EDIT_FINISH every edit does. Edits to
 *     layers and units are not noticed: the steps after them read the new
 *     values.
 *   - Like astar_find_path, the search reads the grid while it steps: no
 *     thread may edit the grid during a step.
 *
 * Limits and partial paths (astar_options.search.max_expanded, .partial) work the
 * same in one call and in slices. A search that has expanded max_expanded
 * squares stops with ASTAR_EXPANSION_LIMIT - unless the next square it
 * would expand is the target, which it closes: that is found. With partial,
 * a search that does not reach the target answers with the path to the
 * closed square nearest the target by H (as the search computes it, the
 * weight included; of equal H the lower G, then the square closed first),
 * and says so: ASTAR_PARTIAL_NO_PATH where it would have said ASTAR_NO_PATH
 * or ASTAR_COST_OVERFLOW, ASTAR_PARTIAL_LIMIT for ASTAR_EXPANSION_LIMIT.
 * With H = 0 (weight 0, the zero heuristic) every square is equally near,
 * and the nearest is the start. With partial the grid's islands do not end
 * a search between two islands at once: it searches the start's island to
 * find the square nearest the target. JPS and JPS+ close jump points only,
 * so their nearest square is a jump point. A partial path is legal and its
 * cost is the G of its end. */

/* Begins a search from start to goal on ctx: the start goes on the open
 * list; nothing is expanded yet.
 * [in,out] ctx, [in] grid, start, goal, options [opt]: as astar_find_path.
 * Returns ASTAR_IN_PROGRESS when the search is begun (it may have ended at
 * once, as between two islands: the first step says), or any request
 * status astar_find_path returns before searching (ASTAR_INVALID_ARGUMENT,
 * ASTAR_MAP_TOO_LARGE, ASTAR_UNSUPPORTED, ASTAR_NO_JUMP_TABLE,
 * ASTAR_START_OUT_OF_BOUNDS, ...), and then no search is in progress.
 * O(1) but for the dead-end filter (O(areas)); no allocation, but for
 * ASTAR_ALGORITHM_ANYA's scratch memory (astar/anyangle.h: laid out in ctx
 * at its first search, ASTAR_OUT_OF_MEMORY if that fails, and grown by a
 * step whose search outgrows it, which then starts that search over). */
ASTAR_API astar_status astar_search_begin(astar_context *ctx, const astar_grid *grid,
                                          astar_point start, astar_point goal,
                                          const astar_options *options);

/* Begins a nearest search (astar_find_nearest) from start to the nearest of
 * targets; arguments, the options it honours and refuses (partial among
 * them: the squares a nearest search reaches lead to targets, not from the
 * start) and request statuses as there; max_expanded and on_edit apply.
 * Returns ASTAR_IN_PROGRESS when begun. O(count log count): the targets go
 * on the open list; no allocation. */
ASTAR_API astar_status astar_search_begin_nearest(astar_context *ctx, const astar_grid *grid,
                                                  astar_point start, const astar_point *targets,
                                                  size_t count, const astar_options *options);

/* Runs the search begun on ctx on for up to max_expansions more expanded
 * squares (squares taken off the open list and their neighbours looked at;
 * closing the target is not one). 0 expands nothing.
 * [in,out] ctx
 * Returns
 *   ASTAR_IN_PROGRESS        the budget ran out first: step again
 *   ASTAR_OK                 found: astar_search_finish gives the path
 *   ASTAR_NO_PATH, ASTAR_COST_OVERFLOW, ASTAR_EXPANSION_LIMIT,
 *   ASTAR_PARTIAL_NO_PATH, ASTAR_PARTIAL_LIMIT   ended, as in astar_find_path
 *   ASTAR_MAP_CHANGED        an edit since the search began touched it
 *   ASTAR_INVALID_ARGUMENT   NULL ctx, or no search begun on it
 * A search that ended returns its end again, expanding nothing. JPS on
 * buckets that runs out of bucket entries starts over on the heap inside a
 * step (as in one call); that step may then expand up to max_expansions
 * more. Costs what the expansions cost, O(max_expansions log n); no
 * allocation. */
ASTAR_API astar_status astar_search_step(astar_context *ctx, uint32_t max_expansions);

/* The answer of the search that ended on ctx: as astar_find_path (or, with
 * which, astar_find_nearest) fills path and returns. May be called again,
 * with a larger buffer after ASTAR_PATH_BUFFER_TOO_SMALL.
 * [in]     ctx
 * [in,out] path    your buffers in, the result out (astar/route.h)
 * [out]    which   [opt] nearest searches: the index of the target reached
 * Returns the status the search ended with (with the path written for
 * ASTAR_OK and the partial ones), ASTAR_PATH_BUFFER_TOO_SMALL (then
 * path->status still says how it ended: ASTAR_OK or a partial status),
 * ASTAR_MAP_CHANGED when an edit after the search began touched it,
 * ASTAR_IN_PROGRESS (nothing written but path's counts zeroed) while it has
 * not ended, ASTAR_INVALID_ARGUMENT for NULL ctx or path, a bad buffer, or
 * no search begun. O(path length); no allocation. */
ASTAR_API astar_status astar_search_finish(const astar_context *ctx, astar_route *path,
                                           size_t *which);

/* Squares the search on ctx has expanded so far; 0 with none. O(1). */
ASTAR_API uint32_t astar_search_expanded(const astar_context *ctx);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_SLICED_H */
