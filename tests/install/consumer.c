/* A program that uses an installed libastar through its public header only. */
#include <astar.h>
#include <stdio.h>

int main(void)
{
    astar_grid *grid = NULL;
    astar_context *ctx = NULL;
    astar_point cells[64];
    astar_route path = { .points = cells, .capacity = 64 };
    astar_status s;
    int ok = 0;

    s = astar_grid_new(7, 5, &grid);
    if (s != ASTAR_OK) {
        fprintf(stderr, "consumer: astar_grid_new: %s\n", astar_status_message(s));
        return 1;
    }
    for (int y = 1; y <= 3; y++) {
        s = astar_grid_set_walkable(grid, 3, y, false);
        if (s != ASTAR_OK) {
            fprintf(stderr, "consumer: astar_grid_set_walkable: %s\n", astar_status_message(s));
            astar_grid_delete(grid);
            return 1;
        }
    }
    s = astar_context_new(astar_grid_cells(grid), &ctx);
    if (s != ASTAR_OK) {
        fprintf(stderr, "consumer: astar_context_new: %s\n", astar_status_message(s));
        astar_grid_delete(grid);
        return 1;
    }

    s = astar_find_path(ctx, grid, (astar_point){1, 2}, (astar_point){5, 2}, NULL, &path);
    printf("consumer: %s, %zu cells, cost %lu, expanded %lu:", astar_status_message(s),
           path.length, (unsigned long)path.cost, (unsigned long)path.expanded);
    if (s == ASTAR_OK) {
        for (size_t i = 0; i < path.length && i < path.capacity; i++)
            printf(" (%ld,%ld)", (long)cells[i].x, (long)cells[i].y);
        ok = path.length > 0 && path.length <= path.capacity
             && cells[0].x == 1 && cells[0].y == 2
             && cells[path.length - 1].x == 5 && cells[path.length - 1].y == 2;
    }
    printf("\n");

    astar_context_delete(ctx);
    astar_grid_delete(grid);
    if (!ok) {
        fprintf(stderr, "consumer: FAILED: expected a path from (1,2) to (5,2)\n");
        return 1;
    }
    printf("consumer: OK\n");
    return 0;
}
