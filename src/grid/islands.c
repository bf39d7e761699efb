/* Islands by flood fill, and their upkeep when cells are opened or blocked.
 * Labels are never reused: a flood always gives out a new one, so a cell
 * still carrying an old label is one the current flood has not reached. */

#include "core/hex.h"
#include "core/moves.h"
#include "grid/islands.h"

/* The directions (moves.h) in which the walkable neighbours of (x, y) are
 * on its island: on squares the four straight ones, on hexes the six. */
static unsigned links(const astar_grid *grid, int x, int y)
{
    enum { STRAIGHT = 0x5A };
    unsigned sides = hex_topology(grid->topology) ? hex_directions(grid->topology, x, y) : STRAIGHT;
    return grid->around[grid_padded_index(grid, x, y)] & sides;
}

/* Gives label `id` to the cell at (x, y) and every walkable cell
 * connected to it. */
static void flood(const astar_grid *grid, islands *isl, int x, int y, uint32_t id)
{
    size_t top = 0;
    uint32_t w = (uint32_t)grid->width;
    uint32_t start = (uint32_t)y * w + (uint32_t)x;
    isl->label[start] = id;
    isl->work[top++] = start;
    while (top > 0) {
        uint32_t cell = isl->work[--top];
        int cx = (int)(cell % w), cy = (int)(cell / w);
        for (unsigned to = links(grid, cx, cy); to; to &= to - 1) {
            unsigned d = (unsigned)__builtin_ctz(to);
            uint32_t next = (uint32_t)((int64_t)cell + move_dy[d] * (int64_t)w + move_dx[d]);
            if (isl->label[next] != id) {
                isl->label[next] = id;
                isl->work[top++] = next;
            }
        }
    }
}

void astar__islands_label_all(const astar_grid *grid, islands *isl)
{
    size_t cells = astar_grid_cells(grid);
    for (size_t i = 0; i < cells; i++)
        isl->label[i] = 0;
    isl->next = 1;
    for (int y = 0; y < grid->height; y++)
        for (int x = 0; x < grid->width; x++)
            if (astar_grid_walkable(grid, x, y) && islands_label(isl, grid, x, y) == 0)
                flood(grid, isl, x, y, isl->next++);
}

/* A label nobody carries. After 2^32 - 1 floods the labels start over. */
static uint32_t fresh_label(astar_grid *grid)
{
    if (grid->islands->next == UINT32_MAX)
        astar__islands_label_all(grid, grid->islands);
    return grid->islands->next++;
}

void astar__islands_update(astar_grid *grid, int x, int y)
{
    islands *isl = grid->islands;
    if (astar_grid_walkable(grid, x, y)) {
        /* Opened: it joins every island beside it into one. */
        flood(grid, isl, x, y, fresh_label(grid));
        return;
    }
    /* Blocked: what was its island may now be several. */
    uint32_t *cell = &isl->label[(size_t)y * (size_t)grid->width + (size_t)x];
    uint32_t old = *cell;
    *cell = 0;
    for (unsigned to = links(grid, x, y); to; to &= to - 1) {
        unsigned d = (unsigned)__builtin_ctz(to);
        int nx = x + move_dx[d], ny = y + move_dy[d];
        if (islands_label(isl, grid, nx, ny) == old)
            flood(grid, isl, nx, ny, fresh_label(grid));
    }
}

astar_status astar_grid_enable_islands(astar_grid *grid)
{
    if (!grid)
        return ASTAR_INVALID_ARGUMENT;
    if (grid->islands)
        return ASTAR_OK;
    const astar_allocator *memory = &grid->memory;
    islands *isl = astar__allocate(memory, 1, sizeof *isl);
    size_t cells = astar_grid_cells(grid);
    if (!isl)
        return ASTAR_OUT_OF_MEMORY;
    isl->label = astar__allocate(memory, cells, sizeof *isl->label);
    isl->work = astar__allocate(memory, cells, sizeof *isl->work);
    if (!isl->label || !isl->work) {
        astar__release(memory, isl->label);
        astar__release(memory, isl->work);
        astar__release(memory, isl);
        return ASTAR_OUT_OF_MEMORY;
    }
    astar__islands_label_all(grid, isl);
    grid->islands = isl;
    astar__grid_note(grid, FEED_INDEX);
    return ASTAR_OK;
}

void astar_grid_disable_islands(astar_grid *grid)
{
    if (grid && grid->islands) {
        astar__release(&grid->memory, grid->islands->label);
        astar__release(&grid->memory, grid->islands->work);
        astar__release(&grid->memory, grid->islands);
        grid->islands = NULL;
        astar__grid_note(grid, FEED_INDEX);
    }
}

uint32_t astar_grid_island(const astar_grid *grid, int x, int y)
{
    if (!grid || !grid->islands || !grid_contains(grid, x, y))
        return 0;
    return islands_label(grid->islands, grid, x, y);
}
