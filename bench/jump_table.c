/* astar-jump-table MAP... : what the JPS+ jump table costs to build and to
 * keep current. For each Moving AI map: the time to build the table, then
 * the mean time of an edit that flips the walkability of a random cell
 * (2,000 edits, seeded), which patches the table before it returns. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { EDITS = 2000 };

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: astar-jump-table MAP...\n");
        return 2;
    }
    printf("%-40s %11s %10s %14s %10s\n", "map", "size", "build ms", "us per edit", "B/cell");
    for (int i = 1; i < argc; i++) {
        astar_grid *grid;
        if (!bench_load_map("astar-jump-table", argv[i], &grid))
            return 1;
        int w = astar_grid_width(grid), h = astar_grid_height(grid);
        double t0 = now_seconds();
        if (astar_grid_enable_jump_table(grid) != ASTAR_OK) {
            fprintf(stderr, "astar-jump-table: out of memory\n");
            return 1;
        }
        double t1 = now_seconds();
        uint64_t state = 1;
        for (int e = 0; e < EDITS; e++) {
            int x = (int)(next_random(&state) % (uint32_t)w), y = (int)(next_random(&state) % (uint32_t)h);
            astar_grid_set_walkable(grid, x, y, !astar_grid_walkable(grid, x, y));
        }
        double t2 = now_seconds();
        char size[32];
        snprintf(size, sizeof size, "%dx%d", w, h);
        printf("%-40s %11s %10.1f %14.1f %10.1f\n", argv[i], size, (t1 - t0) * 1e3,
               (t2 - t1) * 1e6 / EDITS,
               (double)astar_grid_jump_table_bytes(grid) / (double)astar_grid_cells(grid));
        astar_grid_delete(grid);
    }
    return 0;
}
