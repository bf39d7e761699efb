/* What the distance maps of grids (dijkstra.c) and of graphs
 * (graph_dijkstra.c) share: how one is allocated, and what a build
 * refuses beyond what its search does. */
#ifndef ASTAR_SEARCH_DISTANCE_MAP_H
#define ASTAR_SEARCH_DISTANCE_MAP_H

#include "astar.h"
#include "core/memory.h"
#include "core/options.h"

/* A map in one block: header bytes - a struct that begins with the
 * allocator, which is kept there - then `arrays` arrays of max_cells
 * uint32_t, from (uint32_t *)((char *)block + header). Returns the block,
 * or NULL with the reason in *status: ASTAR_INVALID_ARGUMENT (max_cells
 * not 1 .. ASTAR_MAX_CELLS, an allocator without both functions) or
 * ASTAR_OUT_OF_MEMORY. */
static inline void *distance_map_allocate(size_t max_cells, const astar_allocator *allocator,
                                          size_t header, size_t arrays, astar_status *status)
{
    *status = ASTAR_INVALID_ARGUMENT;
    astar_allocator memory;
    if (max_cells < 1 || max_cells > ASTAR_MAX_CELLS ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return NULL;
    /* max_cells is at most 2^28 and arrays a handful: the size cannot wrap. */
    void *block = astar__allocate(&memory, 1, header + arrays * max_cells * sizeof(uint32_t));
    *status = block ? ASTAR_OK : ASTAR_OUT_OF_MEMORY;
    if (block)
        *(astar_allocator *)block = memory;
    return block;
}

/* The request a build's search has checked (checked: its status), then
 * what the map refuses: ASTAR_MAP_TOO_LARGE when cells pass max_cells,
 * and the options a backward search cannot honour, a limit among them. */
static inline astar_status distance_map_refusal(astar_status checked, size_t cells,
                                                size_t max_cells,
                                                const astar_search_options *options)
{
    if (checked != ASTAR_OK)
        return checked;
    if (cells > max_cells)
        return ASTAR_MAP_TOO_LARGE;
    return astar__backward_refusal(options, true);
}

#endif
