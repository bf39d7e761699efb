/*
 * astar/world.h - The game world (the article's notes 1 and 2): cost layers such as an
 * influence map, and other units to keep clear of. A search takes them
 * through astar_options.world (search.h).
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_WORLD_H
#define ASTAR_INCLUDE_WORLD_H

#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* astar_layer_new with your allocator (astar/memory.h).
 * [in,opt] allocator  copied into the layer; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_layer_new_with(int width, int height,
                                            const astar_allocator *allocator, astar_layer **out);

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
 *   - blocked for that search only: the cells of stopped units (not of
 *     waiting ones, astar_units_wait), and of any unit within one step of
 *     the searcher (Chebyshev distance at most 1
 *     on squares, hex distance at most 1 on hexes; moving or not). The start is never blocked. A unit is not a wall for
 *     the corner rule: a diagonal step may pass beside one.
 *   - penalised, never blocked: every cell of the remaining path (the cell
 *     a moving unit stands on and those after it; the walked part is not)
 *     of each moving unit standing within options.world.unit_radius cells of the
 *     searcher (Chebyshev distance on squares, hex distance on hexes,
 *     from the units' current positions)
 *     costs options.world.unit_penalty more per such path, as a layer value of
 *     weight 1 would. Units still squeeze through a one-wide passage in
 *     single file when there is no other way. Moving units farther away are
 *     ignored, so that units do not dodge paths of units nowhere near them.
 *   - the goal: if it is blocked as above (a stopped unit stands there, or
 *     any unit within one step of the searcher), the search returns
 *     ASTAR_GOAL_OCCUPIED at once. A goal on a moving unit's path is searched
 *     as any penalised cell.
 * Several units may stand on one cell. The searcher's own unit and path are
 * never an obstacle to itself.
 *
 * Footprints. A unit added with astar_units_add_sized has a size k and a
 * capability (astar_world.unit_size, .capability): it stands on the k x k
 * cells whose top-left cell is its position (its anchor, as a search for
 * such a unit takes), and its path is a path of anchors. Its footprint
 * never overlaps any other unit's: adding or moving a unit (of any size)
 * where it would is refused with ASTAR_UNIT_OVERLAP. A unit added with
 * astar_units_add is of size 1 and capability 0, and may still share a
 * cell with others added so. Everything above then reads footprints: an
 * anchor is blocked for a searcher of size k where its k x k cells would
 * overlap the footprint of a blocking unit (stopped, or within one step:
 * the Chebyshev gap between the two footprints at most 1), and pays
 * unit_penalty once per claimed path cell of a moving unit (within
 * unit_radius, the gap between footprints) whose footprint there overlaps
 * its own; for units of one cell that is the rule above. A searching unit
 * must be of the size and capability its options ask for, else
 * ASTAR_INVALID_ARGUMENT. A unit of a size searches among other units with
 * A* over clearance, never on its shadow (astar_grid_enable_sized_shadow);
 * JPS and JPS+, nearest targets and distance maps, smoothing and
 * straightening with other units and a size return ASTAR_UNSUPPORTED, as
 * do units larger than one cell on hex grids. astar_path_check reads
 * footprints as the search does.
 *
 * The object keeps, per cell, the units anchored there and the claims of
 * paths passing through, so a search reads them in O(units and paths at
 * the (k + s - 1)^2 anchors whose footprints could overlap its own, s the
 * largest unit's side) per anchor looked at and allocates nothing.
 * Searches only read it:
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

/* astar_units_new with your allocator (astar/memory.h), for the object and
 * the units' path buffers.
 * [in,opt] allocator  copied into the object; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_units_new_with(int width, int height, uint32_t max_units,
                                            const astar_allocator *allocator,
                                            astar_units **out);

/* Frees the object and every path it holds. NULL is allowed. */
ASTAR_API void astar_units_delete(astar_units *units);

/* Adds a stopped unit of one cell standing at (x, y), which may hold
 * other such units.
 * [out] id  its id, 0..max_units - 1, until astar_units_remove gives it back
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (a NULL argument, a cell outside
 * the map), ASTAR_UNIT_OVERLAP ((x, y) is under the footprint of a unit
 * added with a size) or ASTAR_UNITS_FULL when max_units units are already
 * in. O(1) while every unit is of one cell, else O(s^2) for s the largest
 * unit's side. */
ASTAR_API astar_status astar_units_add(astar_units *units, int x, int y, uint32_t *id);

/* Adds a stopped unit of a size and a capability, its footprint the size
 * x size cells anchored (top-left) at (x, y).
 * [in,opt] grid        the map it stands on, as wide and high as units:
 *                      its footprint must fit there (clearance of the
 *                      capability at least size; size 1 and capability 0:
 *                      a walkable cell); NULL: only the map's edges count
 * [in]     size        1..ASTAR_MAX_UNIT_SIZE
 * [in]     capability  0..ASTAR_MAX_CAPABILITIES, as astar_world.capability
 * [out]    id          as for astar_units_add
 * Returns ASTAR_OK; ASTAR_INVALID_ARGUMENT (a NULL argument, (x, y)
 * outside the map, size or capability out of range, a grid of another
 * size); ASTAR_UNIT_DOES_NOT_FIT (the footprint leaves the map, or the
 * grid's clearance there is below size); ASTAR_NO_CLEARANCE (a grid
 * without that capability's clearance, where size or capability asks for
 * it); ASTAR_UNIT_OVERLAP (the footprint overlaps another unit's);
 * ASTAR_UNITS_FULL. O((size + s - 1)^2) for s the largest unit's side. */
ASTAR_API astar_status astar_units_add_sized(astar_units *units, const astar_grid *grid, int x,
                                             int y, int size, size_t capability, uint32_t *id);

/* Removes a unit and its path; its id may be handed out again. Returns
 * ASTAR_OK or ASTAR_INVALID_ARGUMENT (not a unit). O(path + units on its cell). */
ASTAR_API astar_status astar_units_remove(astar_units *units, uint32_t id);

/* The unit now stands (is anchored) at (x, y), typically one step along its path. If
 * (x, y) is a cell of its remaining path, the cells before it are walked
 * and no longer claimed; if it is the last cell, the unit has arrived and
 * is stopped. A unit that steps off its path (to let another pass) keeps
 * it, and picks it up again when it steps back onto it.
 * Refused, the unit where it was, when its footprint would overlap
 * another's or leave the map.
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (not a unit, a cell outside the
 * map), ASTAR_UNIT_DOES_NOT_FIT or ASTAR_UNIT_OVERLAP. O(1) for a step to
 * the next cell of its path with every unit of one cell, at most
 * O(remaining path + (size + s - 1)^2). */
ASTAR_API astar_status astar_units_move(astar_units *units, uint32_t id, int x, int y);

/* astar_units_move that also checks the footprint against the map:
 * [in,opt] grid  as for astar_units_add_sized (NULL: astar_units_move)
 * Also ASTAR_UNIT_DOES_NOT_FIT where the unit's clearance there is below
 * its size, ASTAR_NO_CLEARANCE as astar_units_add_sized. */
ASTAR_API astar_status astar_units_move_on(astar_units *units, const astar_grid *grid,
                                           uint32_t id, int x, int y);

/* Gives a unit the path it is about to walk (copied; typically what
 * astar_find_path returned, from the cell it stands on). The unit is moving
 * while part of the path is left to walk; a path is walked from the first
 * of its cells the unit stands on (as astar_units_move), and a path of only
 * the cell it stands on, or of no cells, stops it. The cells need not be
 * adjacent, but must lie on the map, and for a unit of a size be anchors
 * whose footprints do.
 * [in] points  count cells, NULL if count is 0
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (not a unit, a cell outside the
 * map) or ASTAR_OUT_OF_MEMORY (the unit keeps its old path). O(count);
 * allocates only when the path is longer than any the unit had. */
ASTAR_API astar_status astar_units_set_path(astar_units *units, uint32_t id,
                                            const astar_point *points, size_t count);

/* Stops a unit: its path is dropped. Returns ASTAR_OK or
 * ASTAR_INVALID_ARGUMENT. O(remaining path). */
ASTAR_API astar_status astar_units_stop(astar_units *units, uint32_t id);

/* Puts a unit into waiting, as a game does with a unit whose way was
 * blocked while it asks for a new path (a request queue's answer may take
 * frames): it keeps its cell, drops its path, and claims its own cell as
 * a moving unit's path claims cells. So to other units' searches it is a
 * moving unit, not a stopped one - its cell costs options.world.unit_penalty
 * more within unit_radius and is blocked only within one step of the
 * searcher, as a moving unit's - and astar_units_check_step of a unit
 * heading onto it says ASTAR_STEP_WAIT, not ASTAR_STEP_REPATH. A stopped
 * unit instead is a wall to every search: a game that stops its waiting
 * units walls in their neighbours. Moved (astar_units_move), it goes on
 * waiting on its new cell; a path (astar_units_set_path) or
 * astar_units_stop ends the wait. Waiting, it is not moving
 * (astar_units_moving), its path is empty (astar_units_path), and
 * astar_units_remaining counts its one claim.
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (not a unit) or
 * ASTAR_OUT_OF_MEMORY (a unit that never had a path needs room for one
 * cell; it is then as it was). O(remaining path). */
ASTAR_API astar_status astar_units_wait(astar_units *units, uint32_t id);

/* Whether a unit is waiting (astar_units_wait); false for an id that is
 * not a unit. O(1). */
ASTAR_API bool astar_units_waiting(const astar_units *units, uint32_t id);

/* The cells of a unit's path it has not walked yet: the one it stands on
 * (when on its path) and those ahead, in order - what it claims. None for
 * a stopped or waiting unit.
 * [out] points    capacity cells
 * [in]  capacity  the room in points (0 to ask for the count alone)
 * [out] count     the cells, whether or not they fitted
 * Returns ASTAR_OK, ASTAR_PATH_BUFFER_TOO_SMALL (nothing written; *count
 * says how much room) or ASTAR_INVALID_ARGUMENT (not a unit, count NULL,
 * points NULL with a capacity > 0). O(cells written). */
ASTAR_API astar_status astar_units_path(const astar_units *units, uint32_t id,
                                        astar_point *points, size_t capacity, size_t *count);

/* The cell a unit enters next: for a moving unit the one after the cell it
 * stands on, or, off its path, the first cell it still claims (as
 * astar_units_check_step reads it); for a stopped or waiting unit the cell
 * it stands on.
 * [out] next
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT (not a unit, next NULL). O(1). */
ASTAR_API astar_status astar_units_next(const astar_units *units, uint32_t id,
                                        astar_point *next);

/* Who stands on cell (x, y): the units whose footprints cover it, in no
 * set order (several units of one cell added with astar_units_add may
 * share a cell).
 * [out] ids       capacity ids; the first capacity found when there are more
 * [in]  capacity  the room in ids (0 to ask for the count alone)
 * [out] count     how many units stand there, whether or not they fitted
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT (NULL units or count, ids NULL
 * with a capacity > 0, a cell outside the map). O(units anchored at the
 * s^2 cells whose footprints could cover it, s the largest unit's side). */
ASTAR_API astar_status astar_units_at(const astar_units *units, int x, int y, uint32_t *ids,
                                      size_t capacity, size_t *count);

/* Where a unit stands. Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT. O(1). */
ASTAR_API astar_status astar_units_position(const astar_units *units, uint32_t id,
                                            astar_point *at);

/* Whether a unit is moving (has part of its path left to walk); false for
 * a stopped or waiting unit or an id that is not a unit. O(1). */
ASTAR_API bool astar_units_moving(const astar_units *units, uint32_t id);

/* How many cells of its path the unit still claims: the one it stands on
 * (if on its path) and those ahead; 1 when waiting (its own cell); 0 when
 * stopped or not a unit. O(1). */
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
 * Another unit standing on next (with footprints: whose footprint overlaps
 * the unit's on next; its "cell" below its footprint) decides it: stopped, or moving with the
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

/* A moving unit's step as a game takes it each frame: checks the step onto
 * its next cell (astar_units_next) with astar_units_check_step and, when
 * the answer is ASTAR_STEP_GO, takes it (astar_units_move_on with grid).
 * [in,opt] grid    as for astar_units_move_on (NULL: the map is not read)
 * [out]    advice  what the check said; ASTAR_STEP_REPATH also when the
 *                  move was refused (the status says why)
 * Returns ASTAR_OK (stepped if *advice is ASTAR_STEP_GO, else not moved),
 * ASTAR_INVALID_ARGUMENT (not a unit, a unit not moving - stopped or
 * waiting: it has no next cell - advice NULL), or astar_units_move_on's
 * refusals (ASTAR_UNIT_DOES_NOT_FIT: a wall built on its way;
 * ASTAR_UNIT_OVERLAP; ASTAR_NO_CLEARANCE), the unit where it was.
 * Costs astar_units_check_step's plus astar_units_move_on's. */
ASTAR_API astar_status astar_units_step(astar_units *units, const astar_grid *grid, uint32_t id,
                                        astar_step *advice);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_WORLD_H */
