/* Knowledge layers (the article's note 3): what one player believes the map
 * is. The belief is a grid of its own, so every search runs on it unchanged;
 * revealing copies cells of the true map into it through astar__grid_put, which
 * keeps the believed grid's jump table current. */
#include <math.h>

#include "core/hex.h"
#include "grid/clearance.h"
#include "grid/grid.h"

struct astar_knowledge {
    astar_allocator memory; /* the layer's, also the believed grid's */
    astar_grid *believed;
    uint64_t *seen;      /* one bit per cell, y * width + x */
    size_t seen_cells;   /* bits set in seen */
    uint64_t followed;   /* the truth's edit count it last followed
                            (astar_knowledge_follow) */
};

/* The clearance of shape's capabilities on grid, and the units' shadows
 * shape keeps (each with a jump table where shape's has one): so that a
 * unit of a size searches the belief as it would the truth. */
static astar_status sizes_like(astar_grid *grid, const astar_grid *shape)
{
    const clearance *cl = shape->clearance;
    if (!cl)
        return ASTAR_OK;
    astar_status s = astar_grid_enable_clearance(grid, cl->capability + 1, cl->count - 1);
    for (int k = 1; k <= ASTAR_MAX_UNIT_SIZE && s == ASTAR_OK; k++)
        for (size_t c = 0; c < cl->count && s == ASTAR_OK; c++)
            if (cl->shadow[k - 1][c])
                s = astar_grid_enable_sized_shadow(grid, k, c, cl->shadow[k - 1][c]->jumps != NULL);
    return s;
}

/* A grid the size of shape, all walkable at cost 1 ("unseen cells count as
 * walkable"), of shape's topology (squares or the hex layout: the belief is
 * of the same map), with a jump table, clearance and units' shadows where
 * shape has them (sizes_like), allocated with memory. Not
 * with islands, even if shape has them: nearly every reveal on a walk blocks
 * cells of the one big believed island, and each such edit floods it
 * (docs/design.md). */
static astar_status believed_new(const astar_grid *shape, const astar_allocator *memory,
                                 astar_grid **out)
{
    astar_status s = astar_grid_new_with(shape->width, shape->height, memory, out);
    if (s == ASTAR_OK)
        s = astar_grid_set_topology(*out, shape->topology);
    if (s == ASTAR_OK && shape->jumps)
        s = astar_grid_enable_jump_table(*out);
    if (s == ASTAR_OK)
        s = sizes_like(*out, shape);
    if (s != ASTAR_OK) {
        astar_grid_delete(*out);
        *out = NULL;
    }
    return s;
}

static uint64_t *seen_new(const astar_grid *shape, const astar_allocator *memory)
{
    return astar__allocate_zeroed(memory, (astar_grid_cells(shape) + 63) / 64,
                                  sizeof(uint64_t));
}

astar_status astar_knowledge_new(const astar_grid *truth, astar_knowledge **out)
{
    return astar_knowledge_new_with(truth, NULL, out);
}

astar_status astar_knowledge_new_with(const astar_grid *truth, const astar_allocator *allocator,
                                      astar_knowledge **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_allocator memory;
    if (!truth || astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_knowledge *k = astar__allocate_zeroed(&memory, 1, sizeof *k);
    if (!k)
        return ASTAR_OUT_OF_MEMORY;
    k->memory = memory;
    k->followed = truth->edits;
    astar_status s = believed_new(truth, &k->memory, &k->believed);
    if (s == ASTAR_OK && !(k->seen = seen_new(truth, &k->memory)))
        s = ASTAR_OUT_OF_MEMORY;
    if (s != ASTAR_OK) {
        astar_knowledge_delete(k);
        return s;
    }
    *out = k;
    return ASTAR_OK;
}

void astar_knowledge_delete(astar_knowledge *k)
{
    if (k) {
        astar_grid_delete(k->believed);
        astar__release(&k->memory, k->seen);
        astar__release(&k->memory, k);
    }
}

const astar_grid *astar_knowledge_grid(const astar_knowledge *k)
{
    return k ? k->believed : NULL;
}

static bool seen_at(const astar_knowledge *k, size_t i)
{
    return k->seen[i / 64] >> (i % 64) & 1;
}

bool astar_knowledge_seen(const astar_knowledge *k, int x, int y)
{
    if (!k || !grid_contains(k->believed, x, y))
        return false;
    return seen_at(k, (size_t)y * (size_t)k->believed->width + (size_t)x);
}

size_t astar_knowledge_seen_cells(const astar_knowledge *k)
{
    return k ? k->seen_cells : 0;
}

astar_status astar_knowledge_forget(astar_knowledge *k)
{
    if (!k)
        return ASTAR_INVALID_ARGUMENT;
    astar_grid *fresh;
    astar_status s = believed_new(k->believed, &k->memory, &fresh);
    if (s != ASTAR_OK)
        return s;
    uint64_t *seen = seen_new(fresh, &k->memory);
    if (!seen) {
        astar_grid_delete(fresh);
        return ASTAR_OUT_OF_MEMORY;
    }
    astar_grid_delete(k->believed);
    astar__release(&k->memory, k->seen);
    k->believed = fresh;
    k->seen = seen;
    k->seen_cells = 0;
    return ASTAR_OK;
}

static bool same_shape(const astar_grid *a, const astar_grid *b)
{
    return a->width == b->width && a->height == b->height && a->topology == b->topology;
}

/* Marks (x, y) seen and believes the truth there; returns whether the
 * belief changed. */
static size_t reveal_cell(astar_knowledge *k, const astar_grid *truth, int x, int y)
{
    size_t i = (size_t)y * (size_t)truth->width + (size_t)x;
    uint64_t bit = (uint64_t)1 << (i % 64);
    if (!(k->seen[i / 64] & bit)) {
        k->seen[i / 64] |= bit;
        k->seen_cells++;
    }
    size_t at = grid_padded_index(truth, x, y);
    if (truth->terrain[at] == k->believed->terrain[at])
        return 0;
    astar__grid_put(k->believed, x, y, truth->terrain[at]);
    return 1;
}

/* The widest |dx| with dx^2 + dy^2 <= reach (reach >= dy^2): the square
 * root in doubles, then corrected, since it may round either way. */
static int64_t half_width(int64_t reach, int64_t dy)
{
    int64_t left = reach - dy * dy, dx = (int64_t)sqrt((double)left);
    while (dx * dx > left)
        dx--;
    while ((dx + 1) * (dx + 1) <= left)
        dx++;
    return dx;
}

astar_status astar_knowledge_reveal_radius(astar_knowledge *k, const astar_grid *truth, int x,
                                           int y, int radius, size_t *changed)
{
    if (changed)
        *changed = 0;
    if (!k || !truth || !same_shape(k->believed, truth) || !grid_contains(truth, x, y) ||
        radius < 0)
        return ASTAR_INVALID_ARGUMENT;
    int64_t r = radius, reach = r * r + r, top = y - r < 0 ? 0 : y - r;
    int64_t bottom = y + r >= truth->height ? truth->height - 1 : y + r;
    /* On hexes a step moves at most one row and one column, so the cells
     * within r steps lie in the square of side 2 r + 1 around (x, y). */
    bool hex = hex_topology(truth->topology);
    size_t n = 0;
    for (int64_t cy = top; cy <= bottom; cy++) {
        int64_t w = hex ? r : half_width(reach, cy - y);
        int64_t left = x - w < 0 ? 0 : x - w;
        int64_t right = x + w >= truth->width ? truth->width - 1 : x + w;
        for (int64_t cx = left; cx <= right; cx++)
            if (!hex || hex_distance(truth->topology, x, y, (int32_t)cx, (int32_t)cy) <= (uint64_t)r)
                n += reveal_cell(k, truth, (int)cx, (int)cy);
    }
    if (changed)
        *changed = n;
    return ASTAR_OK;
}

astar_status astar_knowledge_reveal_cells(astar_knowledge *k, const astar_grid *truth,
                                          const astar_point *cells, size_t count, size_t *changed)
{
    if (changed)
        *changed = 0;
    if (!k || !truth || !same_shape(k->believed, truth) || (!cells && count > 0))
        return ASTAR_INVALID_ARGUMENT;
    for (size_t i = 0; i < count; i++)
        if (!grid_contains(truth, cells[i].x, cells[i].y))
            return ASTAR_INVALID_ARGUMENT;
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        n += reveal_cell(k, truth, cells[i].x, cells[i].y);
    if (changed)
        *changed = n;
    return ASTAR_OK;
}

astar_status astar_knowledge_follow(astar_knowledge *k, const astar_grid *truth, size_t *changed)
{
    if (changed)
        *changed = 0;
    if (!k || !truth || !same_shape(k->believed, truth))
        return ASTAR_INVALID_ARGUMENT;
    uint32_t width = (uint32_t)truth->width;
    /* A truth with fewer edits than followed is another grid: read it all. */
    bool whole = k->followed > truth->edits;
    size_t n = 0;
    for (uint64_t e = k->followed + 1; e <= truth->edits && !whole; e++) {
        uint32_t cell = grid_fed_cell(truth, e);
        if (cell == FEED_INDEX)
            continue; /* an index of the truth: no cell changed */
        if (cell == FEED_WHOLE)
            whole = true;
        else if (seen_at(k, cell))
            n += reveal_cell(k, truth, (int)(cell % width), (int)(cell / width));
    }
    for (size_t i = 0; whole && i < astar_grid_cells(truth); i++)
        if (seen_at(k, i))
            n += reveal_cell(k, truth, (int)(i % width), (int)(i / width));
    k->followed = truth->edits;
    if (changed)
        *changed = n;
    return ASTAR_OK;
}
