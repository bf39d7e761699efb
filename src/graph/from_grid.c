/* A grid as a graph: a node per cell, an edge per legal step. The same
 * search on both must agree to the unit, which is what makes the graph
 * search testable on every benchmark map (tests/test_graph_grid.c). */
#include "core/cost.h"
#include "core/moves.h"
#include "core/options.h"
#include "graph/graph.h"
#include "grid/grid.h"

astar_status astar_graph_new_from_grid(const astar_grid *grid, const astar_options *options,
                                       astar_graph **out)
{
    return astar_graph_new_from_grid_with(grid, options, NULL, out);
}

astar_status astar_graph_new_from_grid_with(const astar_grid *grid, const astar_options *options,
                                            const astar_allocator *allocator, astar_graph **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!grid || !astar__options_valid(options))
        return ASTAR_INVALID_ARGUMENT;
    if (hex_topology(grid->topology))
        return ASTAR_UNSUPPORTED; /* the octile scale below is the square grid's */
    cost_model model = cost_model_of(options);
    int w = grid->width, h = grid->height;
    astar_graph_builder *b;
    astar_status status = astar_graph_builder_new_with((uint32_t)w * (uint32_t)h,
                                                       ASTAR_GRAPH_DIRECTED, allocator, &b);
    if (status != ASTAR_OK)
        return status;
    /* The cheapest step per unit of distance onto plain ground, straight
     * or diagonal (the article's 14 is less than 10 * sqrt(2)): the scale
     * that keeps H an underestimate. A hair less, so that the build's
     * check of scale * length against each cost, rounded in floating
     * point, cannot find 14 short of itself. */
    double diagonal = model.diagonal / sqrt(2.0);
    double scale = diagonal < model.straight ? diagonal : model.straight;
    status = astar_graph_builder_scale(b, scale * (1 - 1e-12));
    /* Octile distance is exactly a grid's cheapest 8-way walk on open
     * ground: with it H is as close as the grid search's own. */
    if (status == ASTAR_OK)
        status = astar_graph_builder_metric(b, ASTAR_HEURISTIC_OCTILE);
    for (int y = 0; y < h && status == ASTAR_OK; y++)
        for (int x = 0; x < w && status == ASTAR_OK; x++) {
            uint32_t cell = (uint32_t)y * (uint32_t)w + (uint32_t)x;
            status = astar_graph_builder_position(b, cell, x, y);
            size_t here = grid_padded_index(grid, x, y);
            if (!grid->terrain[here])
                continue;
            for (unsigned legal = moves_legal(options->moves, grid->around[here]); legal &&
                                                                                 status == ASTAR_OK;
                 legal &= legal - 1) {
                unsigned d = (unsigned)__builtin_ctz(legal);
                int nx = x + move_dx[d], ny = y + move_dy[d];
                status = astar_graph_builder_edge(
                    b, cell, (uint32_t)ny * (uint32_t)w + (uint32_t)nx,
                    cost_step(&model, d) * grid->terrain[grid_padded_index(grid, nx, ny)]);
            }
        }
    if (status == ASTAR_OK)
        status = astar__graph_build(b, out, NULL);
    astar_graph_builder_delete(b);
    for (int y = 0; y < h && status == ASTAR_OK; y++)
        for (int x = 0; x < w && status == ASTAR_OK; x++)
            if (!grid->terrain[grid_padded_index(grid, x, y)])
                status = astar_graph_set_enabled(*out, (uint32_t)y * (uint32_t)w + (uint32_t)x,
                                                 false);
    if (status != ASTAR_OK) {
        astar_graph_delete(*out);
        *out = NULL;
    }
    return status;
}
