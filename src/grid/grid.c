/* Grid maps: walkability and terrain cost per cell. */
#include <string.h>

#include "grid/dead_ends.h"
#include "grid/grid.h"
#include "grid/islands.h"
#include "grid/jump_table.h"
#include "core/moves.h"

bool astar__bit_lines_init(bit_lines *b, const astar_allocator *memory, int count, int length)
{
    b->words_per_line = ((size_t)length + 2 * BIT_LINE_PAD + 63) / 64 + 1;
    b->words = astar__allocate_zeroed(memory, (size_t)(count + 2) * b->words_per_line,
                                      sizeof *b->words);
    return b->words != NULL;
}

void astar__bit_lines_free(bit_lines *b, const astar_allocator *memory)
{
    astar__release(memory, b->words);
    b->words = NULL;
}

astar_status astar_grid_new(int width, int height, astar_grid **out)
{
    return astar_grid_new_with(width, height, NULL, out);
}

astar_status astar_grid_new_with(int width, int height, const astar_allocator *allocator,
                                 astar_grid **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_allocator memory;
    if (width < 1 || height < 1 || width > ASTAR_MAX_SIDE || height > ASTAR_MAX_SIDE ||
        (size_t)width * (size_t)height > ASTAR_MAX_CELLS ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_grid *grid = astar__allocate_zeroed(&memory, 1, sizeof *grid);
    if (!grid)
        return ASTAR_OUT_OF_MEMORY;
    grid->memory = memory;
    grid->width = width;
    grid->height = height;
    grid->stride = width + 2;
    size_t padded = (size_t)(width + 2) * (size_t)(height + 2);
    grid->terrain = astar__allocate_zeroed(&memory, padded, 1);
    grid->around = astar__allocate_zeroed(&memory, padded, 1);
    if (!grid->terrain || !grid->around ||
        !astar__bit_lines_init(&grid->rows, &memory, height, width) ||
        !astar__bit_lines_init(&grid->columns, &memory, width, height)) {
        astar_grid_delete(grid);
        return ASTAR_OUT_OF_MEMORY;
    }
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            astar__grid_put(grid, x, y, 1);
    *out = grid;
    return ASTAR_OK;
}

void astar_grid_delete(astar_grid *grid)
{
    if (grid) {
        astar_grid_disable_jump_table(grid);
        astar_grid_disable_islands(grid);
        astar_grid_disable_dead_ends(grid);
        astar__release(&grid->memory, grid->terrain);
        astar__release(&grid->memory, grid->around);
        astar__bit_lines_free(&grid->rows, &grid->memory);
        astar__bit_lines_free(&grid->columns, &grid->memory);
        astar__release(&grid->memory, grid);
    }
}

/* Tells the eight neighbours of (x, y) whether it is walkable: to the
 * neighbour in direction d it lies in the opposite direction. */
static void tell_neighbours(astar_grid *grid, int x, int y, bool walkable)
{
    size_t here = grid_padded_index(grid, x, y);
    for (unsigned d = 0; d < DIRECTIONS; d++) {
        uint8_t *around = &grid->around[(ptrdiff_t)here + move_dy[d] * grid->stride + move_dx[d]];
        uint8_t bit = (uint8_t)move_bit(move_opposite(d));
        *around = walkable ? (uint8_t)(*around | bit) : (uint8_t)(*around & ~bit);
    }
}

astar_status astar__grid_put(astar_grid *grid, int x, int y, uint8_t terrain)
{
    uint8_t *cell = &grid->terrain[grid_padded_index(grid, x, y)];
    uint8_t old = *cell;
    if (old == terrain)
        return ASTAR_OK;
    grid->edits++;
    if (old && --grid->cells_of_cost[old] == 0)
        grid->costs_in_use--;
    if (terrain && grid->cells_of_cost[terrain]++ == 0)
        grid->costs_in_use++;
    *cell = terrain;
    if ((old == 0) != (terrain == 0)) {
        bit_lines_set(&grid->rows, y, x, terrain != 0);
        bit_lines_set(&grid->columns, x, y, terrain != 0);
        tell_neighbours(grid, x, y, terrain != 0);
        if (grid->jumps)
            astar__jump_table_patch(grid, x, y);
        if (grid->islands)
            astar__islands_update(grid, x, y);
        if (grid->dead_ends && !astar__dead_ends_update(grid))
            return ASTAR_OUT_OF_MEMORY;
    }
    return ASTAR_OK;
}

astar_status astar_grid_set_topology(astar_grid *grid, astar_topology topology)
{
    if (!grid || (unsigned)topology > ASTAR_TOPOLOGY_HEX_EVEN_Q)
        return ASTAR_INVALID_ARGUMENT;
    if (grid->topology == topology)
        return ASTAR_OK;
    grid->topology = topology;
    grid->edits++;
    if (grid->islands)
        astar__islands_label_all(grid, grid->islands);
    return ASTAR_OK;
}

astar_topology astar_grid_topology(const astar_grid *grid)
{
    return grid ? grid->topology : ASTAR_TOPOLOGY_SQUARE;
}

int astar_grid_width(const astar_grid *grid) { return grid ? grid->width : 0; }
int astar_grid_height(const astar_grid *grid) { return grid ? grid->height : 0; }

size_t astar_grid_cells(const astar_grid *grid)
{
    return grid ? (size_t)grid->width * (size_t)grid->height : 0;
}

bool astar_grid_uniform(const astar_grid *grid)
{
    return grid && grid->costs_in_use <= 1;
}

astar_status astar_grid_set_walkable(astar_grid *grid, int x, int y, bool walkable)
{
    if (!grid || !grid_contains(grid, x, y))
        return ASTAR_INVALID_ARGUMENT;
    uint8_t old = grid->terrain[grid_padded_index(grid, x, y)];
    return astar__grid_put(grid, x, y, !walkable ? 0 : old ? old : 1);
}

astar_status astar_grid_set_cost(astar_grid *grid, int x, int y, int cost)
{
    if (!grid || !grid_contains(grid, x, y) || cost < 1 || cost > ASTAR_MAX_TERRAIN)
        return ASTAR_INVALID_ARGUMENT;
    return astar__grid_put(grid, x, y, (uint8_t)cost);
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
