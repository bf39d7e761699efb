/* The grid's layout, shared with the search so its inner loop can read
 * cells directly. */
#ifndef ASTAR_GRID_H
#define ASTAR_GRID_H

#include <stdint.h>

#include "astar.h"

/* Cells are stored with a one-cell blocked border on every side, so a
 * neighbour of any real cell is always inside the array and the search
 * never tests bounds. */
struct astar_grid {
    int width, height;
    int stride;         /* width + 2 */
    uint8_t *terrain;   /* (width + 2) * (height + 2); 0 = blocked, else the terrain cost */
};

static inline size_t grid_padded_index(const astar_grid *grid, int x, int y)
{
    return (size_t)(y + 1) * (size_t)grid->stride + (size_t)(x + 1);
}

static inline bool grid_contains(const astar_grid *grid, int x, int y)
{
    return x >= 0 && y >= 0 && x < grid->width && y < grid->height;
}

#endif
