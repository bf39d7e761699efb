/* Grid maps: walkability and terrain cost per cell. */
#include <stdlib.h>
#include <string.h>

#include "grid.h"

astar_status astar_grid_new(int width, int height, astar_grid **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    if (width < 1 || height < 1 || width > ASTAR_MAX_SIDE || height > ASTAR_MAX_SIDE ||
        (size_t)width * (size_t)height > ASTAR_MAX_CELLS)
        return ASTAR_INVALID_ARGUMENT;
    astar_grid *grid = malloc(sizeof *grid);
    if (!grid)
        return ASTAR_OUT_OF_MEMORY;
    size_t padded = (size_t)(width + 2) * (size_t)(height + 2);
    grid->terrain = calloc(padded, 1);
    if (!grid->terrain) {
        free(grid);
        return ASTAR_OUT_OF_MEMORY;
    }
    grid->width = width;
    grid->height = height;
    grid->stride = width + 2;
    for (int y = 0; y < height; y++)
        memset(grid->terrain + grid_padded_index(grid, 0, y), 1, (size_t)width);
    *out = grid;
    return ASTAR_OK;
}

void astar_grid_delete(astar_grid *grid)
{
    if (grid) {
        free(grid->terrain);
        free(grid);
    }
}

int astar_grid_width(const astar_grid *grid) { return grid ? grid->width : 0; }
int astar_grid_height(const astar_grid *grid) { return grid ? grid->height : 0; }

size_t astar_grid_cells(const astar_grid *grid)
{
    return grid ? (size_t)grid->width * (size_t)grid->height : 0;
}

astar_status astar_grid_set_walkable(astar_grid *grid, int x, int y, bool walkable)
{
    if (!grid || !grid_contains(grid, x, y))
        return ASTAR_INVALID_ARGUMENT;
    uint8_t *cell = &grid->terrain[grid_padded_index(grid, x, y)];
    if (!walkable)
        *cell = 0;
    else if (*cell == 0)
        *cell = 1;
    return ASTAR_OK;
}

astar_status astar_grid_set_cost(astar_grid *grid, int x, int y, int cost)
{
    if (!grid || !grid_contains(grid, x, y) || cost < 1 || cost > ASTAR_MAX_TERRAIN)
        return ASTAR_INVALID_ARGUMENT;
    grid->terrain[grid_padded_index(grid, x, y)] = (uint8_t)cost;
    return ASTAR_OK;
}

int astar_grid_cost(const astar_grid *grid, int x, int y)
{
    if (!grid || !grid_contains(grid, x, y))
        return 0;
    return grid->terrain[grid_padded_index(grid, x, y)];
}

bool astar_grid_walkable(const astar_grid *grid, int x, int y)
{
    return astar_grid_cost(grid, x, y) != 0;
}
