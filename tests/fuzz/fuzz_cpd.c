/* libFuzzer target: the CPD file loader, of grids and of graphs. Any bytes
 * must give a CPD or a status with a message, never a crash, a hang or a
 * leak; a CPD they give answers every query with a status, and its paths
 * are legal wherever it says ASTAR_OK (a crafted file's wrong moves come
 * out as ASTAR_INVALID_PATH, never as a path). Each input is read as a
 * CPD of the map below and as one of its graph (astar_graph_new_from_grid).
 * The seeds in corpus/fuzz_cpd are `astar cpd build` files of the map,
 * for each of --moves 8, 4 and 8cut, and --costs octile --order rows, and
 * graph-*.cpd, astar_graph_cpd_new's of its graph in both orders. */
#include <stdlib.h>

#include "astar.h"
#include "util/reference.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { WIDTH = 8, HEIGHT = 5, CELLS = WIDTH * HEIGHT };

static bool parse_failed(astar_status s, const astar_cpd *cpd, const astar_error *err)
{
    if (s != ASTAR_OK && (cpd || err->status != s || err->message[0] == '\0'))
        abort();
    return s != ASTAR_OK;
}

/* The input as a CPD of the grid's graph: every path it gives follows the
 * graph's edges and costs what they sum to. */
static void as_graph(const uint8_t *data, size_t size, const astar_graph *g)
{
    astar_cpd *cpd = NULL;
    astar_error err;
    if (parse_failed(astar_graph_cpd_parse(data, size, "fuzz.cpd", g, &cpd, &err), cpd,
                     &err))
        return;
    uint32_t nodes[CELLS + 1], next;
    for (uint32_t a = 0; a < CELLS; a++)
        for (uint32_t b = 0; b < CELLS; b++) {
            astar_route path = { .nodes = nodes, .capacity = CELLS + 1 };
            if (astar_graph_cpd_path(cpd, a, b, &path) == ASTAR_OK) {
                uint64_t sum = 0;
                for (size_t i = 1; i < path.length; i++) {
                    uint32_t cost;
                    if (astar_graph_edge_cost(g, nodes[i - 1], nodes[i], &cost) != ASTAR_OK ||
                        !astar_graph_enabled(g, nodes[i]))
                        abort();
                    sum += cost;
                }
                if (nodes[0] != a || nodes[path.length - 1] != b || sum != path.cost)
                    abort();
            }
            astar_graph_cpd_first_move(cpd, a, b, &next);
        }
    astar_cpd_delete(cpd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const rows[HEIGHT] = {
        "........", ".##..#..", "....#...", ".#..#.#.", "........",
    };
    astar_grid *grid = ref_grid_from_rows(rows, HEIGHT);
    if (!grid)
        abort();
    astar_graph *graph;
    if (astar_graph_new_from_grid(grid, NULL, &graph) != ASTAR_OK)
        abort();
    as_graph(data, size, graph);
    astar_graph_delete(graph);
    astar_cpd *cpd = NULL;
    astar_error err;
    astar_status s = astar_cpd_parse(data, size, "fuzz.cpd", grid, &cpd, &err);
    if (parse_failed(s, cpd, &err)) {
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
            astar_route path = { .points = points, .capacity = CELLS + 1 };
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
