/* Cost layers (the article's note 2, "influence mapping"): per-cell values
 * a search adds, weighted, to the terrain cost of the cell entered. */
#ifndef ASTAR_LAYERS_H
#define ASTAR_LAYERS_H

#include <stddef.h>
#include <stdint.h>

#include "astar.h"
#include "core/memory.h"

struct astar_layer {
    astar_allocator memory;
    int width, height;
    uint16_t *values;   /* width * height, indexed y * width + x like cells */
    uint64_t edits;     /* calls that changed values so far: a search in
                           progress that reads the layer is touched by one
                           (sliced.c) */
};

/* Layer weights are fixed point, like the heuristic's weight. */
enum { LAYER_WEIGHT_ONE = 1024 };

/* A search's layers, read once from its options: the weights converted to
 * fixed point so the loop does no floating point. */
typedef struct layer_sum {
    size_t count;
    const uint16_t *values[ASTAR_MAX_LAYERS];
    uint32_t weight[ASTAR_MAX_LAYERS];
    const uint64_t *edits[ASTAR_MAX_LAYERS]; /* each layer's */
} layer_sum;

/* The edits of the layers of sum together: they only grow, so the total
 * changes exactly when one of them is edited. */
static inline uint64_t layer_sum_edits(const layer_sum *sum)
{
    uint64_t total = 0;
    for (size_t i = 0; i < sum->count; i++)
        total += *sum->edits[i];
    return total;
}

/* Whether the layer fields of options are well formed on their own (no
 * grid needed): what astar__options_valid checks. */
bool astar__layer_uses_valid(const astar_options *options);

/* Fills sum from options (already astar__layer_uses_valid) for a search of grid:
 * ASTAR_OK, or ASTAR_INVALID_ARGUMENT if a layer is not the grid's size. */
astar_status astar__layer_sum_setup(layer_sum *sum, const astar_options *options, const astar_grid *grid);

/* What the layers add to the terrain cost of cell: the weighted sum,
 * rounded down once. Below 2^41 before the division (16 layers, values
 * below 2^16, fixed-point weights up to 2^20), so neither the sum nor a
 * step cost made from it overflows 64 bits. */
static inline uint64_t layer_sum_at(const layer_sum *sum, uint32_t cell)
{
    uint64_t total = 0;
    for (size_t i = 0; i < sum->count; i++)
        total += (uint64_t)sum->weight[i] * sum->values[i][cell];
    return total / LAYER_WEIGHT_ONE;
}

#endif
