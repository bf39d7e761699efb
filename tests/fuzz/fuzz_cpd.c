/* libFuzzer target: the CPD file loader. Any bytes must give a CPD or a
 * status with a message, never a crash, a hang or a leak; a CPD they give
 * answers every query with a status, and its paths are legal wherever it
 * says ASTAR_OK (a crafted file's wrong moves come out as
 * ASTAR_INVALID_PATH, never as a path). The seeds in
 * corpus/fuzz_cpd are `astar cpd build` files of the map below, for
 * each of --moves 8, 4 and 8cut, and --costs octile --order rows. */
#include <stdlib.h>

#include "astar.h"
#include "util/reference.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { WIDTH = 8, HEIGHT = 5, CELLS = WIDTH * HEIGHT };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const rows[HEIGHT] = {
        "........", ".##..#..", "....#...", ".#..#.#.", "........",
    };
    astar_grid *grid = ref_grid_from_rows(rows, HEIGHT);
    if (!grid)
        abort();
    astar_cpd *cpd = NULL;
    astar_error err;
    astar_status s = astar_cpd_parse(data, size, "fuzz.cpd", grid, &cpd, &err);
    if (s != ASTAR_OK) {
        if (cpd || err.status != s || err.message[0] == '\0')
            abort();
        astar_grid_delete(grid);
        return 0;
    }
    astar_cpd_info info;
    if (astar_cpd_describe(cpd, &info) != ASTAR_OK || info.file_bytes != size)
        abort();
    astar_options o = astar_options_default();
    o.moves = info.moves;
    o.costs = info.costs;
    astar_point points[CELLS + 1], next;
    for (int a = 0; a < CELLS; a++)
        for (int b = 0; b < CELLS; b++) {
            astar_point from = { a % WIDTH, a / WIDTH }, to = { b % WIDTH, b / WIDTH };
            astar_path path = { .points = points, .capacity = CELLS + 1 };
            s = astar_cpd_path(cpd, from, to, &path);
            if (s == ASTAR_OK &&
                astar_path_check(grid, &o, from, to, points, path.length, NULL, NULL) != ASTAR_OK)
                abort();
            astar_cpd_first_move(cpd, from, to, &next);
        }
    astar_cpd_delete(cpd);
    astar_grid_delete(grid);
    return 0;
}
