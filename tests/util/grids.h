/* Random grids for the tests, made one way: every test that wants one
 * says how it wants its cells, and draws from its own generator, so that
 * each run builds the same grids and a failure can be replayed. */
#ifndef UTIL_GRIDS_H
#define UTIL_GRIDS_H

#include "astar.h"
#include "util/random.h"

/* How random_grid fills each cell, row by row, with these draws in this
 * order: the cell is blocked when rng_below(100) < blocked_percent;
 * otherwise it gets a terrain cost from min_cost to max_cost (one draw of
 * rng_below(max_cost - min_cost + 1)) when
 *   rough_out_of == 1   always (no draw for the chance)
 *   rough_out_of > 1    rng_below(rough_out_of) < rough_chance
 * and stays plain ground (cost 1) when rough_out_of is 0 or the chance
 * fails. Callers that pinned results on grids depend on this order. */
typedef struct grid_recipe {
    int blocked_percent;
    int rough_chance, rough_out_of;
    int min_cost, max_cost;
} grid_recipe;

/* A new w x h grid filled by the recipe; the test deletes it. Fails the
 * test if the library refuses a cell. */
astar_grid *random_grid(rng *r, int w, int h, grid_recipe recipe);

/* A cell of g drawn uniformly, x first then y (one draw a statement, so
 * that the order does not depend on the compiler). */
astar_point random_cell(rng *r, const astar_grid *g);

/* A side x side grid whose CPD rows are hundreds of runs long:
 * corridors down every fourth column, joined along the top, with a
 * walled-in cell between each two on every other row, so that the targets
 * a corridor cell reaches and those it cannot alternate in reading order -
 * a run each (the depth-first order would put each island apart; use
 * ASTAR_CPD_ORDER_ROWS). */
astar_grid *long_rows_grid(int side);

/* Up to n agents on g for a crowd or a MAPF solver: distinct walkable
 * starts and distinct walkable goals, each goal reached from its start by
 * astar_find_path with moves (on g's topology), drawn start then goal
 * (random_cell each), at most 10,000 draws. least [opt]: each pair's
 * cost by that search. Returns how many. */
size_t random_agents(rng *r, const astar_grid *g, astar_moves moves, astar_point *starts,
                     astar_point *goals, uint32_t *least, size_t n);

#endif
