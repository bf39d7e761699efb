/* What a search over a grid's squares reads of the grid beyond the loop's
 * search: held in the record of each expansion that steps over squares
 * (astar.c's grid_search, jps.c's jps_search, dijkstra.c's
 * backward_search) and never in the loop's search, which knows no grid. A
 * search over another space keeps its own beside its search the same way
 * (docs/design.md, "Adding a search space"). */
#ifndef ASTAR_SEARCH_GRID_SPACE_H
#define ASTAR_SEARCH_GRID_SPACE_H

#include "core/cost.h"
#include "core/moves.h"
#include "grid/grid.h"
#include "search/loop.h"

typedef struct grid_space {
    const astar_grid *grid;
    const uint8_t *terrain;       /* the grid's padded cells */
    const uint8_t *around;        /* and their walkable neighbours */
    int stride;
    astar_moves moves;
    int32_t padded[DIRECTIONS];   /* how the padded index changes along each
                                     direction of moves.h, and */
    uint32_t cost[DIRECTIONS];    /* what the step costs on terrain 1 */
} grid_space;

/* The loop's search over grid's squares with these options - a row is the
 * grid's, a parent one step back along the square's direction - and into
 * *space what its expansion reads of the grid. */
static inline search search_on_grid(astar_context *ctx, const astar_grid *grid,
                                    const astar_options *options, uint32_t limit,
                                    grid_space *space)
{
    search s = search_with_options(ctx, &options->search, cost_model_of(options), limit);
    s.width = grid->width;
    s.model.topology = grid->topology;
    *space = (grid_space){ .grid = grid, .terrain = grid->terrain, .around = grid->around,
                           .stride = grid->stride, .moves = options->moves };
    for (int d = 0; d < DIRECTIONS; d++) {
        s.cell_step[d] = move_dy[d] * grid->width + move_dx[d];
        space->padded[d] = move_dy[d] * grid->stride + move_dx[d];
        space->cost[d] = cost_step(&s.model, (unsigned)d);
    }
    return s;
}

#endif
