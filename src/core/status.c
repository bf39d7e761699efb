/* Readable statuses and the astar_error filler. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"

const char *astar_status_message(astar_status status)
{
    switch (status) {
    case ASTAR_OK: return "ok";
    case ASTAR_NO_PATH:
        return "no path: the open list emptied before the target was reached, or the grid's "
               "islands show start and target apart";
    case ASTAR_START_OUT_OF_BOUNDS: return "start is outside the grid";
    case ASTAR_GOAL_OUT_OF_BOUNDS: return "goal is outside the grid";
    case ASTAR_START_BLOCKED: return "start cell is not walkable (or has no room for the unit)";
    case ASTAR_GOAL_BLOCKED: return "goal cell is not walkable (or has no room for the unit)";
    case ASTAR_MAP_TOO_LARGE: return "grid has more cells than the search context holds";
    case ASTAR_PATH_BUFFER_TOO_SMALL: return "path found, but it does not fit the path buffer";
    case ASTAR_COST_OVERFLOW: return "no path within ASTAR_MAX_COST: costs are 32-bit";
    case ASTAR_OUT_OF_MEMORY: return "out of memory";
    case ASTAR_INVALID_ARGUMENT: return "invalid argument";
    case ASTAR_IO_ERROR: return "file could not be read";
    case ASTAR_PARSE_ERROR: return "malformed input";
    case ASTAR_INVALID_PATH: return "path breaks a movement rule";
    case ASTAR_UNSUPPORTED:
        return "unsupported: JPS and JPS+ need a square grid, uniform terrain, 8 moves with the "
               "corner rule and no turn penalty; smoothing and graphs of a grid need squares; "
               "nearest targets and distance maps take the heap, last-added ties and the stop "
               "on closed only, and no partial path, layers, units or turn penalty";
    case ASTAR_NO_JUMP_TABLE: return "JPS+ needs the grid's jump table (astar_grid_enable_jump_table)";
    case ASTAR_IN_PROGRESS: return "in progress: the search has more squares to expand";
    case ASTAR_EXPANSION_LIMIT:
        return "expansion limit: max_expanded squares expanded before the target was closed";
    case ASTAR_PARTIAL_NO_PATH:
        return "no path; the path given leads to the reached square nearest the target";
    case ASTAR_PARTIAL_LIMIT:
        return "expansion limit; the path given leads to the reached square nearest the target";
    case ASTAR_MAP_CHANGED: return "the grid was edited while the search ran: search again";
    case ASTAR_QUEUE_FULL: return "the request queue has no free request record";
    case ASTAR_STALE_REQUEST: return "stale request handle: its request was cancelled or released";
    case ASTAR_FEED_BEHIND:
        return "the grid's feed no longer lists that edit as one cell: take the whole map as changed";
    case ASTAR_GOAL_OCCUPIED: return "another unit blocks the goal cell";
    case ASTAR_UNITS_FULL: return "the units object holds as many units as it was made for";
    case ASTAR_NO_CLEARANCE:
        return "a unit of a size or a capability needs the grid's clearance for it "
               "(astar_grid_enable_clearance)";
    case ASTAR_START_OCCUPIED: return "another unit of the crowd stands on the start cell";
    case ASTAR_UNIT_OVERLAP:
        return "the unit's footprint would overlap the footprint of a unit placed with a size";
    case ASTAR_UNIT_DOES_NOT_FIT:
        return "the unit's footprint would leave the map, or cells its clearance does not allow";
    }
    return "unknown status";
}

void astar__error_clear(astar_error *err)
{
    if (err) {
        err->status = ASTAR_OK;
        err->line = 0;
        err->message[0] = '\0';
    }
}

astar_status astar__error_set(astar_error *err, astar_status status, const char *name, long line,
                       const char *format, ...)
{
    if (!err)
        return status;
    err->status = status;
    err->line = line;
    int used = 0;
    if (name && line > 0)
        used = snprintf(err->message, sizeof err->message, "%s:%ld: ", name, line);
    else if (name)
        used = snprintf(err->message, sizeof err->message, "%s: ", name);
    if (used < 0 || (size_t)used >= sizeof err->message)
        return status;
    va_list args;
    va_start(args, format);
    vsnprintf(err->message + used, sizeof err->message - (size_t)used, format, args);
    va_end(args);
    return status;
}
