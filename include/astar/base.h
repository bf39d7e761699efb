/*
 * astar/base.h - Statuses, errors, points and limits: what every other header of astar
 * uses. Read astar.h's overview first.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_BASE_H
#define ASTAR_INCLUDE_BASE_H

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

/* The result of every call that can fail: each value says one thing, and
 * astar_status_message() gives its readable text. ASTAR_OK is zero. Not
 * every other value is a failure: ASTAR_IN_PROGRESS (a sliced search or a
 * queued request goes on), the partial answers (ASTAR_PARTIAL_NO_PATH,
 * ASTAR_PARTIAL_LIMIT, which come with a path) and astar_path_check's
 * ASTAR_INVALID_PATH (the answer to the question asked) are ordinary
 * answers; each call says which it returns. */
typedef enum astar_status {
    ASTAR_OK = 0,                 /* done; for a search, a path was found */
    ASTAR_NO_PATH,                /* the open list emptied before the goal was closed,
                                     or the grid's islands put them apart */
    ASTAR_START_OUT_OF_BOUNDS,    /* the start is not a cell of the grid */
    ASTAR_GOAL_OUT_OF_BOUNDS,     /* the goal is not a cell of the grid */
    ASTAR_START_BLOCKED,          /* the unit cannot stand on the start: it is not
                                     walkable (for a unit of a size, the unit has no
                                     room there: astar_grid_clearance) */
    ASTAR_GOAL_BLOCKED,           /* the same for the goal */
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
    ASTAR_NO_JUMP_TABLE,          /* JPS+ on a grid without astar_grid_enable_jump_table */
    ASTAR_IN_PROGRESS,            /* a sliced search has more to do (astar_search_step) */
    ASTAR_EXPANSION_LIMIT,        /* options.search.max_expanded squares were expanded and the
                                     target is not closed */
    ASTAR_PARTIAL_NO_PATH,        /* no path (or none within ASTAR_MAX_COST); with
                                     options.search.partial, the path leads to the closed square
                                     nearest the target instead */
    ASTAR_PARTIAL_LIMIT,          /* ASTAR_EXPANSION_LIMIT, and with options.search.partial the
                                     path leads to the closed square nearest the target */
    ASTAR_MAP_CHANGED,            /* the map was edited after the sliced search began, where
                                     the search had read it: its answer could be wrong, so
                                     there is none */
    ASTAR_QUEUE_FULL,             /* astar_queue_request: every request record is in use */
    ASTAR_STALE_REQUEST,          /* a queue handle whose request was cancelled or released:
                                     it names no request any more */
    ASTAR_FEED_BEHIND,            /* astar_grid_edit_cell: the grid's feed no longer holds
                                     that edit as one cell: take the whole map as changed */
    ASTAR_GOAL_OCCUPIED,          /* another unit blocks the goal cell (astar/world.h): a
                                     stopped one stands on it, or one next to the searcher */
    ASTAR_UNITS_FULL,             /* astar_units_add: max_units units are in already */
    ASTAR_NO_CLEARANCE,           /* a unit of a size or a capability on a grid without
                                     that capability's clearance
                                     (astar_grid_enable_clearance) */
    ASTAR_START_OCCUPIED,         /* astar_crowd_add: a unit of the crowd stands on the
                                     start cell */
    ASTAR_UNIT_OVERLAP,           /* astar_units_add_sized, _move and the like: the unit's
                                     footprint would overlap the footprint of a unit placed
                                     with a size (astar/world.h) */
    ASTAR_UNIT_DOES_NOT_FIT       /* astar_units_add_sized, astar_units_move_on: the unit's
                                     footprint would leave the map or its clearance */
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
/* Points, opaque objects and limits                                        */
/* ------------------------------------------------------------------------ */

typedef struct astar_point {
    int32_t x, y;
} astar_point;

/* An opaque grid map. */
typedef struct astar_grid astar_grid;

/* An opaque search context (see "Search contexts and searches" in search.h). */
typedef struct astar_context astar_context;

/* Limits: a side is at most ASTAR_MAX_SIDE cells, and width * height at most
 * ASTAR_MAX_CELLS. The memory of a grid is about 2.5 bytes per cell: a byte
 * of terrain, a byte saying which of the eight neighbours are walkable (so a
 * search reads one byte where it would read eight), and four bits saying
 * whether a JPS run going east, west, south or north stops there (a wall or
 * a forced neighbour; kept by rows and by columns, with 128 bits of padding
 * per line: 2.77 bytes per cell on a 512 x 512 map), plus 8 bytes per cell
 * while its jump table is enabled. */
#define ASTAR_MAX_SIDE 65535
#define ASTAR_MAX_CELLS (1u << 28)

/* Terrain cost of a walkable cell: 1 is plain ground, up to 255. Entering a
 * cell costs the move (straight or diagonal, see astar_costs) times the
 * terrain cost of the cell entered (article note 2). */
#define ASTAR_MAX_TERRAIN 255

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_BASE_H */
