/* Islands by flood fill, and their upkeep when an edit changes where a
 * unit fits. Labels are never reused: a flood always gives out a new one,
 * so a label below the first an edit gave out is one that edit's floods
 * have not reached. */

#include "core/hex.h"
#include "core/moves.h"
#include "grid/islands.h"

/* The directions (moves.h) in which the neighbours of (x, y), cell
 * number cell, where the unit fits are on its island: on squares the four
 * straight ones, on hexes the six. */
static unsigned links(const astar_grid *grid, const islands *isl, int x, int y, uint32_t cell)
{
    enum { STRAIGHT = 0x5A };
    unsigned sides = hex_topology(grid->topology) ? hex_directions(grid->topology, x, y) : STRAIGHT;
    unsigned open = grid->around[grid_padded_index(grid, x, y)] & sides;
    return isl->unit.clear ? unit_around(&isl->unit, open, isl->step, cell) : open;
}

/* Gives label `id` to the cell at (x, y) and every cell connected to it
 * where the unit fits. */
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
        for (unsigned to = links(grid, isl, cx, cy, cell); to; to &= to - 1) {
            uint32_t next = (uint32_t)((int64_t)cell + isl->step[__builtin_ctz(to)]);
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
            if (unit_fits(&isl->unit, grid, x, y) && islands_label(isl, grid, x, y) == 0)
                flood(grid, isl, x, y, isl->next++);
}

/* A label nobody carries. After 2^32 - 1 floods the labels start over. */
static uint32_t fresh_label(const astar_grid *grid, islands *isl)
{
    if (isl->next == UINT32_MAX)
        astar__islands_label_all(grid, isl);
    return isl->next++;
}

/* Whether the edit changed whether the unit fits somewhere in the block:
 * a cell labelled where it no longer fits gets 0. */
static bool unfit_changed(const astar_grid *grid, islands *isl, int x0, int y0, int x1, int y1)
{
    bool changed = false;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            uint32_t *label = &isl->label[(size_t)y * (size_t)grid->width + (size_t)x];
            bool fits = unit_fits(&isl->unit, grid, x, y);
            changed |= fits != (*label != 0);
            if (!fits)
                *label = 0;
        }
    return changed;
}

void astar__islands_update(astar_grid *grid, islands *isl, int x0, int y0, int x1, int y1)
{
    if (!unfit_changed(grid, isl, x0, y0, x1, y1))
        return;
    /* An island no changed cell is in or beside keeps its cells and its
     * label. Every other - joined through a cell the unit now fits on, or
     * maybe split by one it no longer does - has a cell in the block or
     * next to it: each is flooded afresh from the first
     * such cell this edit's floods have not reached yet. */
    uint32_t first = isl->next;
    bool hex = hex_topology(grid->topology); /* a hex's six reach the corners */
    for (int y = y0 - 1; y <= y1 + 1; y++)
        for (int x = x0 - 1; x <= x1 + 1; x++) {
            bool corner = !hex && (x < x0 || x > x1) && (y < y0 || y > y1);
            if (corner || !grid_contains(grid, x, y) || !unit_fits(&isl->unit, grid, x, y) ||
                islands_label(isl, grid, x, y) >= first)
                continue;
            flood(grid, isl, x, y, fresh_label(grid, isl));
        }
}

islands *astar__islands_new(astar_grid *grid, unit_space unit)
{
    const astar_allocator *memory = &grid->memory;
    islands *isl = astar__allocate(memory, 1, sizeof *isl);
    size_t cells = astar_grid_cells(grid);
    if (!isl)
        return NULL;
    *isl = (islands){ .unit = unit };
    isl->label = astar__allocate(memory, cells, sizeof *isl->label);
    isl->work = astar__allocate(memory, cells, sizeof *isl->work);
    if (!isl->label || !isl->work) {
        astar__islands_free(grid, isl);
        return NULL;
    }
    for (int d = 0; d < DIRECTIONS; d++)
        isl->step[d] = move_dy[d] * grid->width + move_dx[d];
    astar__islands_label_all(grid, isl);
    return isl;
}

void astar__islands_free(astar_grid *grid, islands *isl)
{
    if (isl) {
        astar__release(&grid->memory, isl->label);
        astar__release(&grid->memory, isl->work);
        astar__release(&grid->memory, isl);
    }
}

astar_status astar_grid_enable_islands(astar_grid *grid)
{
    if (!grid)
        return ASTAR_INVALID_ARGUMENT;
    if (grid->islands)
        return ASTAR_OK;
    grid->islands = astar__islands_new(grid, (unit_space){ .clear = NULL, .size = 1 });
    if (!grid->islands)
        return ASTAR_OUT_OF_MEMORY;
    astar__grid_note(grid, FEED_INDEX);
    return ASTAR_OK;
}

void astar_grid_disable_islands(astar_grid *grid)
{
    if (grid && grid->islands) {
        astar__islands_free(grid, grid->islands);
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
