/* Cost layers: the caller's per-cell values, edited here and read by
 * searches (layer_sum_at in layers.h). */
#include <math.h>
#include <string.h>

#include "grid/grid.h"
#include "world/layers.h"

/* Decay factors are fixed point with 16 bits, finer than weights: a layer
 * aged every frame needs a keep close to 1. */
enum { KEEP_SHIFT = 16 };

astar_status astar_layer_new(int width, int height, astar_layer **out)
{
    return astar_layer_new_with(width, height, NULL, out);
}

astar_status astar_layer_new_with(int width, int height, const astar_allocator *allocator,
                                  astar_layer **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_allocator memory;
    if (width < 1 || height < 1 || width > ASTAR_MAX_SIDE || height > ASTAR_MAX_SIDE ||
        (size_t)width * (size_t)height > ASTAR_MAX_CELLS ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_layer *layer = astar__allocate(&memory, 1, sizeof *layer);
    uint16_t *values = astar__allocate_zeroed(&memory, (size_t)width * (size_t)height,
                                              sizeof *values);
    if (!layer || !values) {
        astar__release(&memory, layer);
        astar__release(&memory, values);
        return ASTAR_OUT_OF_MEMORY;
    }
    *layer = (astar_layer){ .memory = memory, .width = width, .height = height, .values = values };
    *out = layer;
    return ASTAR_OK;
}

void astar_layer_delete(astar_layer *layer)
{
    if (layer) {
        astar__release(&layer->memory, layer->values);
        astar__release(&layer->memory, layer);
    }
}

static size_t cells_of(const astar_layer *layer)
{
    return (size_t)layer->width * (size_t)layer->height;
}

static bool layer_contains(const astar_layer *layer, int x, int y)
{
    return x >= 0 && y >= 0 && x < layer->width && y < layer->height;
}

static uint16_t *value_at(astar_layer *layer, int x, int y)
{
    return &layer->values[(size_t)y * (size_t)layer->width + (size_t)x];
}

static uint16_t saturate(int64_t value)
{
    return (uint16_t)(value < 0 ? 0 : value > ASTAR_MAX_LAYER_VALUE ? ASTAR_MAX_LAYER_VALUE : value);
}

astar_status astar_layer_set(astar_layer *layer, int x, int y, int value)
{
    if (!layer || !layer_contains(layer, x, y) || value < 0 || value > ASTAR_MAX_LAYER_VALUE)
        return ASTAR_INVALID_ARGUMENT;
    *value_at(layer, x, y) = (uint16_t)value;
    layer->edits++;
    return ASTAR_OK;
}

int astar_layer_get(const astar_layer *layer, int x, int y)
{
    if (!layer || !layer_contains(layer, x, y))
        return 0;
    return layer->values[(size_t)y * (size_t)layer->width + (size_t)x];
}

astar_status astar_layer_add(astar_layer *layer, int x, int y, int delta)
{
    if (!layer || !layer_contains(layer, x, y))
        return ASTAR_INVALID_ARGUMENT;
    uint16_t *v = value_at(layer, x, y);
    *v = saturate((int64_t)*v + delta);
    layer->edits++;
    return ASTAR_OK;
}

/* The largest r with r * r <= n. */
static int64_t isqrt(int64_t n)
{
    int64_t r = (int64_t)sqrt((double)n);
    while (r * r > n)
        r--;
    while ((r + 1) * (r + 1) <= n)
        r++;
    return r;
}

astar_status astar_layer_add_disc(astar_layer *layer, int x, int y, int radius, int delta)
{
    if (!layer || radius < 0 || radius > ASTAR_MAX_SIDE)
        return ASTAR_INVALID_ARGUMENT;
    /* 64-bit, because the centre may be any int, far outside the layer. */
    int64_t r2 = (int64_t)radius * radius;
    int64_t top = (int64_t)y - radius, bottom = (int64_t)y + radius;
    for (int64_t cy = top < 0 ? 0 : top; cy <= bottom && cy < layer->height; cy++) {
        int64_t half = isqrt(r2 - (cy - y) * (cy - y));
        int64_t left = (int64_t)x - half, right = (int64_t)x + half;
        for (int64_t cx = left < 0 ? 0 : left; cx <= right && cx < layer->width; cx++) {
            uint16_t *v = value_at(layer, (int)cx, (int)cy);
            *v = saturate((int64_t)*v + delta);
        }
    }
    layer->edits++;
    return ASTAR_OK;
}

astar_status astar_layer_clear(astar_layer *layer)
{
    if (!layer)
        return ASTAR_INVALID_ARGUMENT;
    memset(layer->values, 0, cells_of(layer) * sizeof *layer->values);
    layer->edits++;
    return ASTAR_OK;
}

astar_status astar_layer_decay(astar_layer *layer, double keep)
{
    if (!layer || !(keep >= 0.0 && keep <= 1.0))
        return ASTAR_INVALID_ARGUMENT;
    uint32_t k = (uint32_t)lround(keep * (1u << KEEP_SHIFT));
    size_t n = cells_of(layer);
    /* 65535 * 65536 fits in 32 bits. */
    for (size_t i = 0; i < n; i++)
        layer->values[i] = (uint16_t)((layer->values[i] * k) >> KEEP_SHIFT);
    layer->edits++;
    return ASTAR_OK;
}

bool astar__layer_uses_valid(const astar_options *o)
{
    if (o->world.layer_count > ASTAR_MAX_LAYERS || (o->world.layer_count > 0 && !o->world.layers))
        return false;
    for (size_t i = 0; i < o->world.layer_count; i++) {
        double w = o->world.layers[i].weight;
        if (!o->world.layers[i].layer || !isfinite(w) || w < 0.0 || w > ASTAR_MAX_LAYER_WEIGHT)
            return false;
    }
    return true;
}

astar_status astar__layer_sum_setup(layer_sum *sum, const astar_options *o, const astar_grid *grid)
{
    sum->count = 0;
    for (size_t i = 0; i < o->world.layer_count; i++) {
        const astar_layer *layer = o->world.layers[i].layer;
        if (layer->width != grid->width || layer->height != grid->height)
            return ASTAR_INVALID_ARGUMENT;
        uint32_t weight = (uint32_t)lround(o->world.layers[i].weight * LAYER_WEIGHT_ONE);
        /* A layer that adds nothing would only slow the loop down. */
        if (weight > 0) {
            sum->values[sum->count] = layer->values;
            sum->edits[sum->count] = &layer->edits;
            sum->weight[sum->count++] = weight;
        }
    }
    return ASTAR_OK;
}
