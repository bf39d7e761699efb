/* libFuzzer target: the Moving AI map parser. Any text must give a grid or
 * a parse error with a message, never a crash or a leak; a grid it gives
 * must be searchable, and A*'s path on it legal. */
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    astar_grid *grid = NULL;
    astar_error err;
    astar_status s = astar_grid_parse_movingai((const char *)data, size, "fuzz.map", &grid, &err);
    if (s != ASTAR_OK) {
        if (grid || err.status != s || err.message[0] == '\0')
            abort();
        return 0;
    }
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    if ((size_t)w * (size_t)h > 1u << 16) {
        astar_grid_delete(grid); /* searching huge maps would only slow the fuzzer down */
        return 0;
    }
    astar_context *ctx = NULL;
    if (astar_context_new(astar_grid_cells(grid), &ctx) != ASTAR_OK)
        abort();
    astar_point a = { 0, 0 }, b = { w - 1, h - 1 };
    static astar_point points[1u << 16];
    astar_route path = { .points = points, .capacity = 1u << 16 };
    astar_options o = astar_options_default();
    s = astar_find_path(ctx, grid, a, b, &o, &path);
    if (s == ASTAR_OK && astar_path_check(grid, &o, a, b, points, path.length, NULL, NULL) != ASTAR_OK)
        abort();
    astar_context_delete(ctx);
    astar_grid_delete(grid);
    return 0;
}
