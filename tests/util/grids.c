#include "util/grids.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

astar_grid *random_grid(rng *r, int w, int h, grid_recipe recipe)
{
    astar_grid *g = NULL;
    assert_int_equal(astar_grid_new(w, h, &g), ASTAR_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (rng_below(r, 100) < recipe.blocked_percent) {
                assert_int_equal(astar_grid_set_walkable(g, x, y, false), ASTAR_OK);
                continue;
            }
            bool rough = recipe.rough_out_of == 1 ||
                         (recipe.rough_out_of > 1 &&
                          rng_below(r, recipe.rough_out_of) < recipe.rough_chance);
            if (rough) {
                int cost = recipe.min_cost + rng_below(r, recipe.max_cost - recipe.min_cost + 1);
                assert_int_equal(astar_grid_set_cost(g, x, y, cost), ASTAR_OK);
            }
        }
    return g;
}

astar_point random_cell(rng *r, const astar_grid *g)
{
    int x = rng_below(r, astar_grid_width(g));
    int y = rng_below(r, astar_grid_height(g));
    return (astar_point){ x, y };
}

astar_grid *long_rows_grid(int side)
{
    astar_grid *g;
    assert_int_equal(astar_grid_new(side, side, &g), ASTAR_OK);
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            bool open = y == 0 || x % 4 == 0 || (x % 4 == 2 && y % 2 == 1 && y >= 3);
            assert_int_equal(astar_grid_set_walkable(g, x, y, open), ASTAR_OK);
        }
    return g;
}
