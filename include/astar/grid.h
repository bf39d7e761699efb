/*
 * astar/grid.h - The grid: a map of walkable and blocked cells with terrain costs, and
 * the indexes it keeps current through every edit (the JPS+ jump table,
 * islands, dead ends). Maps are loaded from files by movingai.h.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_GRID_H
#define ASTAR_INCLUDE_GRID_H

#include "base.h"
#include "memory.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Creates a width x height grid, every cell walkable with terrain cost 1.
 * [in]  width, height  1..ASTAR_MAX_SIDE, width * height <= ASTAR_MAX_CELLS
 * [out] out            the new grid; free it with astar_grid_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Costs O(width * height) time and about 2.5 * (width + 2) * (height + 2)
 * bytes (per cell its terrain, its neighbours' walkability and JPS's stop
 * bits), plus 5 KB of counts and tables. */
ASTAR_API astar_status astar_grid_new(int width, int height, astar_grid **out);

/* astar_grid_new with your allocator (astar/memory.h): the grid, its
 * islands, dead ends and jump table, and what astar_knowledge_new and
 * astar_path_smooth allocate for it, all come from it.
 * [in,opt] allocator  copied into the grid; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_grid_new_with(int width, int height,
                                           const astar_allocator *allocator, astar_grid **out);

/* Frees a grid. NULL is allowed. No context keeps a pointer to a grid, but
 * nobody may be searching it at the time. */
ASTAR_API void astar_grid_delete(astar_grid *grid);

/* Size of the grid. O(1). */
ASTAR_API int astar_grid_width(const astar_grid *grid);
ASTAR_API int astar_grid_height(const astar_grid *grid);
/* width * height: what a context must hold to search this grid. */
ASTAR_API size_t astar_grid_cells(const astar_grid *grid);

/* How the cells of the w x h array touch: as squares (the article's), or
 * as hexagons. A hex map is kept in the same array in one of the four
 * offset layouts of Red Blob Games' "Hexagonal Grids": each row (pointy-top
 * hexes) or column (flat-top) is a line of the array, and every other one
 * is shoved half a hex along - the odd ones or the even ones. astar/hex.h
 * converts to and from axial coordinates. */
typedef enum astar_topology {
    ASTAR_TOPOLOGY_SQUARE = 0,  /* squares; the search's moves option applies */
    ASTAR_TOPOLOGY_HEX_ODD_R,   /* pointy-top, odd rows shoved right */
    ASTAR_TOPOLOGY_HEX_EVEN_R,  /* pointy-top, even rows shoved right */
    ASTAR_TOPOLOGY_HEX_ODD_Q,   /* flat-top, odd columns shoved down */
    ASTAR_TOPOLOGY_HEX_EVEN_Q   /* flat-top, even columns shoved down */
} astar_topology;

/* Sets how the grid's cells touch; a new grid is ASTAR_TOPOLOGY_SQUARE.
 * On a hex grid every search steps to the 6 neighbouring hexes, each step
 * costing the straight step of the cost model (astar_options.costs: 10, or
 * ASTAR_OCTILE_STRAIGHT) times the terrain cost of the hex entered, and
 * options.moves does not apply (no corner can be cut between hexes, which
 * share whole sides). H is the hex distance (astar_hex_distance) times the
 * straight step for every heuristic but ASTAR_HEURISTIC_ZERO, and weighted
 * as on squares: exact on open ground of cost 1, never an overestimate.
 * What a hex grid does not do: JPS and JPS+ (ASTAR_UNSUPPORTED), the grid
 * as an astar_graph (astar_graph_new_from_grid: ASTAR_UNSUPPORTED), smoothing
 * and line of sight (ASTAR_UNSUPPORTED, false); its dead ends, if enabled,
 * are not used by its searches. Other units' radii (astar/world.h) are
 * counted in the array's rows and columns, as on squares. Islands follow
 * the topology: they are relabelled here. An edit of the whole map (a
 * sliced search in progress ends with ASTAR_MAP_CHANGED).
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL grid or a value
 * out of range. O(1), or O(width * height) with islands enabled. */
ASTAR_API astar_status astar_grid_set_topology(astar_grid *grid, astar_topology topology);

/* The grid's topology; ASTAR_TOPOLOGY_SQUARE for NULL. O(1). */
ASTAR_API astar_topology astar_grid_topology(const astar_grid *grid);

/* ------------------------------------------------------------------------ */
/* The feed of edits                                                        */
/* ------------------------------------------------------------------------ */

/* Every change of a grid is an edit, counted: a cell set to another terrain
 * or walkability (setting a cell to what it holds is none), an index (the
 * jump table, islands, dead ends) enabled or disabled, the topology set.
 * The grid keeps the cell of each of its last ASTAR_GRID_FEED edits, so
 * that what is derived from it catches up with the cells that changed
 * instead of starting over. The library's sliced searches and request
 * queue do (a search goes on after an edit that touches nothing it has
 * read: astar/sliced.h); a game's own structures can, from
 * astar_grid_edits and astar_grid_edit_cell:
 *
 *   uint64_t now = astar_grid_edits(grid);
 *   for (uint64_t e = mine->seen + 1; e <= now; e++) {
 *       astar_point cell;
 *       if (astar_grid_edit_cell(grid, e, &cell) != ASTAR_OK) {
 *           rebuild_all(mine); break;             ASTAR_FEED_BEHIND
 *       }
 *       update_around(mine, cell);
 *   }
 *   mine->seen = now;
 *
 * The feed costs 4 bytes an entry, 4 KB a grid. */
#define ASTAR_GRID_FEED 1024

/* How many edits the grid has had since it was made (making it counts
 * some). O(1); 0 for NULL. */
ASTAR_API uint64_t astar_grid_edits(const astar_grid *grid);

/* The cell that edit number `edit` changed; edits are numbered from 1, and
 * astar_grid_edits is the latest.
 * [in]  grid
 * [in]  edit  1..astar_grid_edits(grid)
 * [out] cell  the cell it changed
 * Returns ASTAR_OK; ASTAR_FEED_BEHIND when the edit is not among the last
 * ASTAR_GRID_FEED or changed no one cell (an index, the topology): take
 * the whole map as changed; ASTAR_INVALID_ARGUMENT for a NULL grid or
 * cell, or edit 0 or past the latest. O(1). */
ASTAR_API astar_status astar_grid_edit_cell(const astar_grid *grid, uint64_t edit,
                                            astar_point *cell);

/* Sets a cell blocked (walkable false) or walkable. A blocked cell made
 * walkable gets terrain cost 1; a walkable one keeps its cost. Returns
 * ASTAR_OK, or ASTAR_INVALID_ARGUMENT for a NULL grid or a cell outside it,
 * or ASTAR_OUT_OF_MEMORY when the grid's dead ends could not be rebuilt (the
 * cell is changed and the dead ends are disabled). O(1), plus the upkeep of
 * what is enabled: jump table, islands, dead ends (O(width * height) per
 * change of walkability; see astar_grid_enable_dead_ends), clearance and
 * the islands of units of a size (astar_grid_enable_sized_islands). Not while the
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

/* Whether JPS and JPS+ step rather than scan here (astar_jumps, AUTO): the
 * share of straight steps between walkable cells that end where a run
 * stops at a jump point (a side neighbour walkable, the one behind it
 * blocked), times the share of the diagonal steps of the walkable cells
 * that the corner rule allows, is 1/16 or more. Maps strewn with
 * obstacles at random are (random512-10 to -40 of the benchmark: 0.10 to
 * 0.15), game maps, rooms and mazes are not (0.04 at most; a maze one
 * cell wide, whose diagonal steps are all blocked: 0). Kept by every
 * edit, O(1); false for a NULL grid or one without walkable cells. */
ASTAR_API bool astar_grid_cluttered(const astar_grid *grid);

/* The JPS+ jump table: for every cell and each of the 8 directions, how far
 * a jump goes before it meets a jump point or a wall, so that a JPS+ search
 * reads each jump instead of scanning for it.
 *
 * Enables (builds) the grid's table. From then on every edit of the grid's
 * walkability (astar_grid_set_walkable, astar_grid_set_cost on a blocked
 * cell) patches the table around the edited cell before it returns, so the
 * table is never stale. Enabling an enabled table does nothing.
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY.
 * Costs O(width * height) time and 8 bytes per cell (astar_grid_jump_table_bytes). */
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
 * On a square grid islands are 4-connected regions, which are exactly the
 * connected regions under every astar_moves rule: a diagonal step is only
 * allowed beside a walkable straight neighbour, and the two straight steps
 * through it connect the same cells. On a hex grid they are connected by
 * the 6 neighbours.
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
/* Clearance: room for units of a size                                       */
/* ------------------------------------------------------------------------ */

/* A unit of size k stands on a square of k x k cells; the cell it names as
 * where it stands is the square's top-left corner, its anchor. A
 * capability is the set of terrains (astar_grid_set_cost's 1..255) a kind
 * of unit may enter - a boat, water; a tank, not forest - so that one map
 * serves every kind (Harabor and Botea's annotated A*, 2008). The grid's
 * clearance of a cell, per capability, is the side of the largest square
 * anchored there whose cells the capability allows, at most
 * ASTAR_MAX_UNIT_SIZE: a unit of size k fits where it is at least k
 * (docs/design.md, "Clearance", on why the corner). */
#define ASTAR_MAX_UNIT_SIZE 16
#define ASTAR_MAX_CAPABILITIES 8 /* given, beside capability 0 */

typedef struct astar_capability {
    uint64_t terrain[4];  /* bit t: terrain t may be entered; bit 0 (a wall)
                             is never read */
} astar_capability;

/* Every walkable terrain: a unit that goes wherever a search of size 1
 * does. O(1). */
ASTAR_API astar_capability astar_capability_any(void);

/* Allows or forbids terrain (1..ASTAR_MAX_TERRAIN) to *capability.
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT (NULL, terrain out of
 * range). O(1). */
ASTAR_API astar_status astar_capability_set(astar_capability *capability, int terrain,
                                            bool allowed);

/* Enables (computes) the grid's clearance for capability 0 - every
 * walkable terrain, astar_capability_any(): what a unit asks for unless it
 * names another - and for these, numbered 1..count in the order given.
 * Enabling again replaces them. From
 * then on every edit of a cell's terrain works out again the clearance of
 * the cells whose squares can reach it, before it returns: those up and
 * to the left within ASTAR_MAX_UNIT_SIZE - 1.
 * [in,out] grid
 * [in,opt] capabilities  count of them, copied; count 0..ASTAR_MAX_CAPABILITIES
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL grid, NULL capabilities
 * with count > 0, count > ASTAR_MAX_CAPABILITIES) or ASTAR_OUT_OF_MEMORY
 * (the grid as it was). Costs O((count + 1) * width * height) time and
 * count + 1 bytes per cell; an edit costs
 * O((count + 1) * ASTAR_MAX_UNIT_SIZE^2). */
ASTAR_API astar_status astar_grid_enable_clearance(astar_grid *grid,
                                                   const astar_capability *capabilities,
                                                   size_t count);

/* Frees the grid's clearance. NULL or a grid without it is allowed. */
ASTAR_API void astar_grid_disable_clearance(astar_grid *grid);

/* How many capabilities the grid's clearance serves, capability 0
 * included: 0 when it is not enabled. O(1). */
ASTAR_API size_t astar_grid_capabilities(const astar_grid *grid);

/* The clearance of (x, y) under capability: 1..ASTAR_MAX_UNIT_SIZE, or 0
 * for a cell that capability may not enter, a cell outside the grid, a
 * capability out of range or a grid without clearance. O(1). */
ASTAR_API int astar_grid_clearance(const astar_grid *grid, size_t capability, int x, int y);

/* Islands for a unit of a size and a capability: a size-3 unit's are not
 * a size-1 unit's - a gap of two cells joins two rooms for a soldier and
 * parts them for a tank. They label the unit's anchors (where it fits:
 * clearance at least size) 4-connected, which under every move rule is
 * how the unit moves (a diagonal step needs an anchor beside it that
 * holds the unit), as astar_grid_enable_islands labels cells. A search
 * for that unit (astar_world.unit_size, .capability: A*, JPS, sliced,
 * queued, nearest targets) whose ends lie on different ones of them
 * answers ASTAR_NO_PATH at once, reaching nothing; without them it uses
 * the grid's islands (astar_grid_enable_islands) where enabled, which can
 * only tell it what holds for a unit of one cell.
 *
 * Enables (computes, by flood fill) the islands of a unit of size and
 * capability. From then on every edit of a cell's terrain relabels them
 * before it returns, if it changed where the unit fits - only at anchors
 * up to size - 1 left of and above the cell - flooding the islands those
 * anchors are in or beside. They are read from the clearance: enabling
 * clearance again (astar_grid_enable_clearance) or disabling it drops
 * them. Enabling enabled ones does nothing; any number of sizes and
 * capabilities may have them.
 * [in,out] grid        its clearance enabled
 * [in]     size        1..ASTAR_MAX_UNIT_SIZE
 * [in]     capability  a capability of the grid's clearance, 0 every
 *                      walkable terrain
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL grid, size or capability
 * out of range), ASTAR_NO_CLEARANCE (no clearance, or not for that
 * capability) or ASTAR_OUT_OF_MEMORY (the grid as it was). Costs
 * O(width * height) time and 8 bytes per cell (the labels and the flood
 * fill's work list); an edit that changes where the unit fits costs
 * O(size of the islands it touches), any other O(size^2). */
ASTAR_API astar_status astar_grid_enable_sized_islands(astar_grid *grid, int size,
                                                       size_t capability);

/* Frees the islands of a unit of size and capability; its searches no
 * longer check them. A grid without them, a NULL grid and arguments out
 * of range are allowed. */
ASTAR_API void astar_grid_disable_sized_islands(astar_grid *grid, int size, size_t capability);

/* The island of a unit of size and capability anchored at (x, y): a
 * number >= 1 shared by exactly the anchors of its island; 0 where the
 * unit does not fit, for a cell outside the grid, arguments out of range,
 * or when those islands are not enabled. The numbers change when edits
 * join or split islands. O(1). */
ASTAR_API uint32_t astar_grid_island_sized(const astar_grid *grid, int size, size_t capability,
                                           int x, int y);

/* The shadow of a unit of a size and a capability: the map as that unit
 * sees it, kept as a grid of its own - a cell is walkable where the unit
 * fits with it as its anchor (clearance at least size), at the dearest
 * terrain cost of the size x size cells it would stand on (what a search
 * for the unit prices a step onto that anchor by). A search for the unit
 * (astar_world.unit_size, .capability) through astar_find_path, the
 * sliced calls, the queue or a batch then runs as the search of a unit of
 * one cell on the shadow, at that search's speed: A*, JPS scanning runs
 * as on any grid, and JPS+ reading the shadow's own jump table; and
 * astar_hpa_new with the unit's options builds HPA* over it (delete the
 * hpa before the shadow goes: it reads it). Without a
 * shadow A* for the unit reads its footprint at each step (1.3 to 1.8
 * times slower), JPS steps (6 to 27 times slower on game maps) and JPS+
 * answers ASTAR_UNSUPPORTED (docs/performance.md, "Units of a size").
 * JPS and JPS+ need the shadow's terrain uniform (astar_grid_uniform of
 * astar_grid_sized_shadow): on a uniform grid it is; on another, where
 * every anchor's dearest terrain is alike. The unit's islands
 * (astar_grid_enable_sized_islands) label the shadow's cells and are read
 * for it as before; the shadow keeps none of its own.
 *
 * Enables (builds) the shadow, or, enabled, keeps it and makes its jump
 * table follow jump_table. From then on every edit of a cell's terrain
 * changes the shadow's cells whose fit or price it changed before it
 * returns - only anchors up to size - 1 left of and above the edited cell
 * - and the shadow's own stops and jump table with them. It is read from
 * the clearance: enabling clearance again or disabling it drops it. An
 * edit of the grid restarts a sliced or queued search running on a
 * shadow, wherever it is.
 * [in,out] grid        its clearance enabled; not square (a hex grid) is
 *                      allowed, but no search for a unit runs on one
 * [in]     size        1..ASTAR_MAX_UNIT_SIZE
 * [in]     capability  a capability of the grid's clearance, 0 every
 *                      walkable terrain
 * [in]     jump_table  whether the shadow keeps a JPS+ jump table (JPS+
 *                      for the unit needs it: ASTAR_NO_JUMP_TABLE without)
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL grid, size or capability
 * out of range), ASTAR_NO_CLEARANCE (no clearance, or not for that
 * capability) or ASTAR_OUT_OF_MEMORY (the grid and any shadow as they
 * were). Costs what astar_grid_new does, O(width * height) time and about
 * 2.5 bytes per cell plus 5 KB (astar_grid_new's), the unit's footprint
 * read once per anchor (O(size^2) each), and with the jump table its
 * O(width * height) and 8 bytes per cell more; an edit costs
 * O(size^2 * size^2) for the anchors whose footprint holds the cell, plus
 * each changed anchor's one-cell edit of the shadow (its jump table's
 * patch included). */
ASTAR_API astar_status astar_grid_enable_sized_shadow(astar_grid *grid, int size,
                                                      size_t capability, bool jump_table);

/* Frees the shadow of a unit of size and capability; its searches read
 * the grid's clearance again. A grid without it, a NULL grid and
 * arguments out of range are allowed. */
ASTAR_API void astar_grid_disable_sized_shadow(astar_grid *grid, int size, size_t capability);

/* The shadow of a unit of size and capability, to read (never to edit:
 * the grid keeps it), or NULL when it is not enabled or the arguments are
 * out of range. It is freed with the clearance or by
 * astar_grid_disable_sized_shadow. O(1). */
ASTAR_API const astar_grid *astar_grid_sized_shadow(const astar_grid *grid, int size,
                                                    size_t capability);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_GRID_H */
