/* Clearance (clearance.h): one pass from the bottom-right corner, and an
 * edit's bounded repair. */
#include "grid/clearance.h"

#include <string.h>

#include "grid/islands.h"

/* The value of (x, y) under capability c from those right, below and
 * diagonally below it (0 outside the grid): a square of side k at (x, y)
 * fits when (x, y) is allowed and the three squares of side k - 1 at its
 * other corners fit (Harabor and Botea's recurrence). */
static uint8_t value_of(const astar_grid *grid, const clearance *cl, size_t c, int x, int y)
{
    if (!capability_allows(&cl->capability[c], grid->terrain[grid_padded_index(grid, x, y)]))
        return 0;
    bool right = x + 1 < grid->width, below = y + 1 < grid->height;
    unsigned least = 0;
    if (right && below) {
        least = clearance_at(cl, grid, c, x + 1, y);
        unsigned b = clearance_at(cl, grid, c, x, y + 1);
        unsigned d = clearance_at(cl, grid, c, x + 1, y + 1);
        least = b < least ? b : least;
        least = d < least ? d : least;
    }
    return (uint8_t)(least + 1 > ASTAR_MAX_UNIT_SIZE ? ASTAR_MAX_UNIT_SIZE : least + 1);
}

/* Works out the values of the cells of [x0, x1] x [y0, y1], from the
 * bottom-right up, those right of and below it being current. */
static void fill(astar_grid *grid, clearance *cl, int x0, int y0, int x1, int y1)
{
    size_t cells = astar_grid_cells(grid);
    for (size_t c = 0; c < cl->count; c++)
        for (int y = y1; y >= y0; y--)
            for (int x = x1; x >= x0; x--)
                cl->value[c * cells + (size_t)y * (size_t)grid->width + (size_t)x] =
                    value_of(grid, cl, c, x, y);
}

/* A cell of a unit's shadow: at an anchor where the unit fits, the
 * dearest terrain under it (what the sized search prices a step onto it
 * by, so that a unit of one cell pays there what the unit pays); blocked
 * elsewhere. */
typedef struct shadow_source {
    const astar_grid *grid;
    unit_space unit;
} shadow_source;

static uint8_t shadow_terrain(const void *arg, int x, int y)
{
    const shadow_source *from = arg;
    if (!unit_fits(&from->unit, from->grid, x, y))
        return 0;
    return (uint8_t)unit_dearest(&from->unit, from->grid, x, y);
}

/* Brings a shadow up to date after the terrain of (x, y) changed, the
 * clearance already current: only the anchors whose square holds (x, y),
 * up to size - 1 left of and above it, may fit or cost otherwise. Each
 * goes through the shadow's own funnel, which keeps its stops, counts and
 * jump table; it fails only for dead ends, which a shadow never has. */
static void shadow_update(astar_grid *shadow, const astar_grid *grid, unit_space unit, int x,
                          int y)
{
    shadow_source from = { grid, unit };
    for (int ay = y - unit.size + 1 < 0 ? 0 : y - unit.size + 1; ay <= y; ay++)
        for (int ax = x - unit.size + 1 < 0 ? 0 : x - unit.size + 1; ax <= x; ax++)
            (void)astar__grid_put(shadow, ax, ay, shadow_terrain(&from, ax, ay));
}

void astar__clearance_update(astar_grid *grid, int x, int y)
{
    /* A square reaches (x, y) only from a corner at most
     * ASTAR_MAX_UNIT_SIZE - 1 up and left of it; the repair goes up and
     * left from the cell in reading order reversed, so each value reads
     * current ones. */
    clearance *cl = grid->clearance;
    int x0 = x - (ASTAR_MAX_UNIT_SIZE - 1), y0 = y - (ASTAR_MAX_UNIT_SIZE - 1);
    fill(grid, cl, x0 < 0 ? 0 : x0, y0 < 0 ? 0 : y0, x, y);
    /* A unit of size k fits differently only where its square holds
     * (x, y): anchors up to k - 1 left and up of it. */
    for (int k = 1; k <= ASTAR_MAX_UNIT_SIZE; k++)
        for (size_t c = 0; c < cl->count; c++) {
            if (cl->islands[k - 1][c])
                astar__islands_update(grid, cl->islands[k - 1][c], x - k + 1 < 0 ? 0 : x - k + 1,
                                      y - k + 1 < 0 ? 0 : y - k + 1, x, y);
            if (cl->shadow[k - 1][c])
                shadow_update(cl->shadow[k - 1][c], grid, clearance_unit(grid, k, c), x, y);
        }
}

void astar__clearance_islands_relabel(astar_grid *grid)
{
    clearance *cl = grid->clearance;
    for (int k = 1; k <= ASTAR_MAX_UNIT_SIZE; k++)
        for (size_t c = 0; c < cl->count; c++)
            if (cl->islands[k - 1][c])
                astar__islands_label_all(grid, cl->islands[k - 1][c]);
}

astar_capability astar_capability_any(void)
{
    astar_capability c;
    memset(c.terrain, 0xff, sizeof c.terrain);
    c.terrain[0] &= ~(uint64_t)1; /* terrain 0: a wall */
    return c;
}

astar_status astar_capability_set(astar_capability *c, int terrain, bool allowed)
{
    if (!c || terrain < 1 || terrain > ASTAR_MAX_TERRAIN)
        return ASTAR_INVALID_ARGUMENT;
    uint64_t bit = (uint64_t)1 << (terrain & 63);
    c->terrain[terrain >> 6] = allowed ? c->terrain[terrain >> 6] | bit
                                       : c->terrain[terrain >> 6] & ~bit;
    return ASTAR_OK;
}

astar_status astar_grid_enable_clearance(astar_grid *grid, const astar_capability *capabilities,
                                         size_t count)
{
    if (!grid || (count > 0 && !capabilities) || count > ASTAR_MAX_CAPABILITIES)
        return ASTAR_INVALID_ARGUMENT;
    const astar_allocator *memory = &grid->memory;
    clearance *cl = astar__allocate(memory, 1, sizeof *cl);
    uint8_t *value = astar__allocate(memory, (count + 1) * astar_grid_cells(grid), 1);
    if (!cl || !value) {
        astar__release(memory, cl);
        astar__release(memory, value);
        return ASTAR_OUT_OF_MEMORY;
    }
    *cl = (clearance){ .count = count + 1, .value = value };
    cl->capability[0] = astar_capability_any();
    if (count > 0)
        memcpy(cl->capability + 1, capabilities, count * sizeof *capabilities);
    astar_grid_disable_clearance(grid);
    grid->clearance = cl;
    fill(grid, cl, 0, 0, grid->width - 1, grid->height - 1);
    astar__grid_note(grid, FEED_INDEX);
    return ASTAR_OK;
}

void astar_grid_disable_clearance(astar_grid *grid)
{
    if (grid && grid->clearance) {
        for (int k = 1; k <= ASTAR_MAX_UNIT_SIZE; k++)
            for (size_t c = 0; c < grid->clearance->count; c++) {
                astar__islands_free(grid, grid->clearance->islands[k - 1][c]);
                astar_grid_delete(grid->clearance->shadow[k - 1][c]);
            }
        astar__release(&grid->memory, grid->clearance->value);
        astar__release(&grid->memory, grid->clearance);
        grid->clearance = NULL;
        astar__grid_note(grid, FEED_INDEX);
    }
}

int astar_grid_clearance(const astar_grid *grid, size_t capability, int x, int y)
{
    if (!grid || !grid->clearance || capability >= grid->clearance->count ||
        !grid_contains(grid, x, y))
        return 0;
    return clearance_at(grid->clearance, grid, capability, x, y);
}

size_t astar_grid_capabilities(const astar_grid *grid)
{
    return grid && grid->clearance ? grid->clearance->count : 0;
}

/* Whether the grid's clearance serves a unit of size and capability
 * (else there is nowhere to keep its islands or its shadow). */
static bool clearance_serves(const astar_grid *grid, int size, size_t capability)
{
    return grid && grid->clearance && size >= 1 && size <= ASTAR_MAX_UNIT_SIZE &&
           capability < grid->clearance->count;
}

/* What enabling an index of a unit of size and capability answers before
 * it builds one: ASTAR_INVALID_ARGUMENT, ASTAR_NO_CLEARANCE or ASTAR_OK. */
static astar_status unit_index_check(const astar_grid *grid, int size, size_t capability)
{
    if (!grid || size < 1 || size > ASTAR_MAX_UNIT_SIZE || capability > ASTAR_MAX_CAPABILITIES)
        return ASTAR_INVALID_ARGUMENT;
    return clearance_serves(grid, size, capability) ? ASTAR_OK : ASTAR_NO_CLEARANCE;
}

/* Where a unit of size k and capability c keeps its islands: NULL when
 * the grid has no such clearance or k is out of range. */
static islands **sized_islands(const astar_grid *grid, int size, size_t capability)
{
    return clearance_serves(grid, size, capability)
               ? &grid->clearance->islands[size - 1][capability]
               : NULL;
}

astar_status astar_grid_enable_sized_islands(astar_grid *grid, int size, size_t capability)
{
    astar_status status = unit_index_check(grid, size, capability);
    if (status != ASTAR_OK)
        return status;
    islands **slot = sized_islands(grid, size, capability);
    if (*slot)
        return ASTAR_OK;
    *slot = astar__islands_new(grid, clearance_unit(grid, size, capability));
    if (!*slot)
        return ASTAR_OUT_OF_MEMORY;
    astar__grid_note(grid, FEED_INDEX);
    return ASTAR_OK;
}

void astar_grid_disable_sized_islands(astar_grid *grid, int size, size_t capability)
{
    islands **slot = sized_islands(grid, size, capability);
    if (slot && *slot) {
        astar__islands_free(grid, *slot);
        *slot = NULL;
        astar__grid_note(grid, FEED_INDEX);
    }
}

uint32_t astar_grid_island_sized(const astar_grid *grid, int size, size_t capability, int x,
                                 int y)
{
    islands **slot = sized_islands(grid, size, capability);
    if (!slot || !*slot || !grid_contains(grid, x, y))
        return 0;
    return islands_label(*slot, grid, x, y);
}

astar_status astar_grid_enable_sized_shadow(astar_grid *grid, int size, size_t capability,
                                            bool jump_table)
{
    astar_status status = unit_index_check(grid, size, capability);
    if (status != ASTAR_OK)
        return status;
    astar_grid **slot = &grid->clearance->shadow[size - 1][capability];
    astar_grid *shadow = *slot;
    if (!shadow) {
        shadow_source from = { grid, clearance_unit(grid, size, capability) };
        status = astar__grid_new_filled(grid->width, grid->height, &grid->memory, shadow_terrain,
                                        &from, &shadow);
        if (status != ASTAR_OK)
            return status;
    }
    if (jump_table == (shadow->jumps != NULL) && shadow == *slot)
        return ASTAR_OK;
    if (jump_table && !shadow->jumps && astar_grid_enable_jump_table(shadow) != ASTAR_OK) {
        if (shadow != *slot)
            astar_grid_delete(shadow);
        return ASTAR_OUT_OF_MEMORY;
    }
    if (!jump_table)
        astar_grid_disable_jump_table(shadow);
    *slot = shadow;
    astar__grid_note(grid, FEED_INDEX);
    return ASTAR_OK;
}

void astar_grid_disable_sized_shadow(astar_grid *grid, int size, size_t capability)
{
    if (clearance_serves(grid, size, capability) && grid->clearance->shadow[size - 1][capability]) {
        astar_grid_delete(grid->clearance->shadow[size - 1][capability]);
        grid->clearance->shadow[size - 1][capability] = NULL;
        astar__grid_note(grid, FEED_INDEX);
    }
}

const astar_grid *astar_grid_sized_shadow(const astar_grid *grid, int size, size_t capability)
{
    return clearance_serves(grid, size, capability)
               ? grid->clearance->shadow[size - 1][capability]
               : NULL;
}
