/*
 * astar/knowledge.h - Knowledge layers (the article's note 3): what one player believes the
 * map is, searched like any grid (grid.h).
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_KNOWLEDGE_H
#define ASTAR_INCLUDE_KNOWLEDGE_H

#include "base.h"
#include "memory.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * was created, so that JPS+ serves the player's searches too, and the
 * truth's clearance (its capabilities) and units' shadows
 * (astar_grid_enable_clearance, astar_grid_enable_sized_shadow), so that
 * units of a size and capability search the belief as they would the
 * truth; reveals keep them current, as any edit of a grid does. It never has islands (astar_grid_enable_islands): on a walk
 * nearly every reveal blocks cells of the one big believed island, and
 * keeping labels current would flood it each time.
 *
 * A layer does not watch the truth by itself: a cell revealed before a
 * later edit of the truth keeps what was true when it was revealed, and
 * stays seen, until it is revealed again - fog of war that hides changes.
 * A game whose explored ground stays in view (the terrain of an RTS's
 * explored map) calls astar_knowledge_follow, which believes every seen
 * cell the truth changed as the truth now has it, from the truth's feed of
 * edits. Reveals do not test line of sight: walls do not hide what is
 * behind them.
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

/* Creates a knowledge layer for maps of truth's size and topology
 * (squares or a hex layout, astar_grid_set_topology): nothing seen, every
 * cell believed walkable with terrain cost 1; with a jump table,
 * clearance and shadows where truth has them now (see above).
 * [in]     truth      the true map; only its size, topology and which of
 *                     those it has are read, and no pointer to it is kept
 * [in,opt] allocator  (_with) copied into the layer, for it and its
 *                     believed grid; NULL: malloc and free, as the plain
 *                     form (not truth's: a layer is an object of its own)
 * [out]    out        the new layer; free it with astar_knowledge_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL truth or out, an
 * allocator without both functions) or ASTAR_OUT_OF_MEMORY. Costs what
 * astar_grid_new costs (plus the jump table's, the clearance's and the
 * shadows', as enabling them on a grid costs) and one bit per cell. */
ASTAR_API astar_status astar_knowledge_new(const astar_grid *truth, astar_knowledge **out);
ASTAR_API astar_status astar_knowledge_new_with(const astar_grid *truth,
                                                const astar_allocator *allocator,
                                                astar_knowledge **out);

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
 * grid; on hexes every cell within radius steps (the hex distance: radius
 * 1 is the cell and its six neighbours, a hexagon of 3 r (r + 1) + 1
 * cells in all). Walls do not block the view. Each such cell becomes seen and is
 * believed to be what truth says it is.
 * [in,out] k        the layer
 * [in]     truth    the true map, of the layer's size and topology; read
 *                   only
 * [in]     x, y     where the unit stands: a cell of the grid
 * [in]     radius   >= 0; width + height or more reveals the whole grid
 * [out]    changed  [opt] how many cells' belief (walkability or terrain
 *                   cost) changed: when it is 0, any path planned on the
 *                   layer is still as good as it was
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT (NULL k or truth, a truth of
 * another size or topology, (x, y) outside the grid, a negative radius) with nothing
 * revealed and *changed 0. Costs O(cells in the circle on the grid), plus
 * for each cell whose walkability changed a patch of the believed grid's
 * jump table if it has one (see astar_grid_enable_jump_table). */
ASTAR_API astar_status astar_knowledge_reveal_radius(astar_knowledge *k, const astar_grid *truth,
                                                     int x, int y, int radius, size_t *changed);

/* Reveals the listed cells (in any order; repeats are allowed), as
 * astar_knowledge_reveal_radius does.
 * [in] cells, count  cells of the grid; cells may be NULL when count is 0
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT (NULL k or truth, a truth of
 * another size or topology, cells NULL with count > 0, a cell outside the grid) with
 * nothing revealed and *changed 0. Costs O(count) plus the edits, as
 * astar_knowledge_reveal_radius. */
ASTAR_API astar_status astar_knowledge_reveal_cells(astar_knowledge *k, const astar_grid *truth,
                                                    const astar_point *cells, size_t count,
                                                    size_t *changed);

/* Brings what the player has seen up to date with the edits of the truth
 * since the layer last followed them (or was made): each seen cell the
 * truth changed is believed as the truth now has it, as a reveal of it
 * would; unseen cells stay unseen and believed open. The cells are read
 * from the truth's feed of edits (astar_grid_edit_cell).
 * [in,out] k        the layer
 * [in]     truth    the true map the layer was made for (another grid of
 *                   its size makes it read every seen cell once)
 * [out]    changed  [opt] how many seen cells' belief changed
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT (NULL k or truth, a truth of
 * another size or topology) with nothing changed. Costs O(edits since it
 * last followed) - O(width * height) when they are more than the feed
 * keeps (ASTAR_GRID_FEED) or the truth's topology was set - plus the
 * edits of the believed grid, as a reveal's. */
ASTAR_API astar_status astar_knowledge_follow(astar_knowledge *k, const astar_grid *truth,
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

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_KNOWLEDGE_H */
