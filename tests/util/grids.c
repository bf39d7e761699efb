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

size_t random_agents(rng *r, const astar_grid *g, astar_moves moves, astar_point *starts,
                     astar_point *goals, uint32_t *least, size_t n)
{
    size_t k = 0;
    astar_context *ctx;
    if (astar_context_new(astar_grid_cells(g), &ctx) != ASTAR_OK)
        return 0;
    astar_options o = astar_options_default();
    o.moves = moves;
    for (int tries = 0; k < n && tries < 10000; tries++) {
        astar_point s = random_cell(r, g), t = random_cell(r, g);
        bool used = !astar_grid_walkable(g, s.x, s.y) || !astar_grid_walkable(g, t.x, t.y);
        for (size_t i = 0; i < k && !used; i++)
            used = (starts[i].x == s.x && starts[i].y == s.y) ||
                   (goals[i].x == t.x && goals[i].y == t.y);
        astar_route route = { .capacity = 0 };
        astar_status st = used ? ASTAR_NO_PATH : astar_find_path(ctx, g, s, t, &o, &route);
        if (st != ASTAR_OK && st != ASTAR_PATH_BUFFER_TOO_SMALL)
            continue;
        if (least)
            least[k] = route.cost;
        starts[k] = s;
        goals[k++] = t;
    }
    astar_context_delete(ctx);
    return k;
}
