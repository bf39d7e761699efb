/* libFuzzer target: the graph file parsers. The first byte picks the
 * format - even: the text format, odd: DIMACS, whose .gr and .co texts are
 * the rest split at the first NUL byte (no NUL: no .co). Any input must give
 * a graph or a parse error with a message, never a crash or a leak; a
 * graph it gives must be searchable from its first node to its last, and
 * a path found must follow its edges and cost what it says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_SEARCHED = 1 << 16 };

static void check_search(const astar_graph *g)
{
    uint32_t n = astar_graph_nodes(g);
    if (n > MAX_SEARCHED)
        return; /* searching huge graphs would only slow the fuzzer down */
    astar_context *ctx;
    if (astar_graph_context_new(n, &ctx) != ASTAR_OK)
        abort();
    static uint32_t nodes[MAX_SEARCHED];
    astar_graph_path path = { .nodes = nodes, .capacity = MAX_SEARCHED };
    astar_status s = astar_graph_find_path(ctx, g, 0, n - 1, NULL, &path);
    if (s == ASTAR_OK) {
        uint64_t sum = 0;
        for (size_t i = 1; i < path.length; i++) {
            uint32_t cost;
            if (astar_graph_edge_cost(g, nodes[i - 1], nodes[i], &cost) != ASTAR_OK)
                abort();
            sum += cost;
        }
        if (nodes[0] != 0 || nodes[path.length - 1] != n - 1 || sum != path.cost)
            abort();
    } else if (s != ASTAR_NO_PATH && s != ASTAR_COST_OVERFLOW) {
        abort();
    }
    astar_context_delete(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *text = (const char *)data + 1;
    size_t length = size - 1;
    astar_graph *g = NULL;
    astar_error err;
    astar_status s;
    if (data[0] % 2 == 0) {
        s = astar_graph_parse(text, length, "fuzz.graph", NULL, &g, &err);
    } else {
        const char *split = memchr(text, '\0', length);
        size_t gr = split ? (size_t)(split - text) : length;
        s = astar_graph_parse_dimacs(text, gr, "fuzz.gr", split ? split + 1 : NULL,
                                     split ? length - gr - 1 : 0, "fuzz.co", NULL, &g, &err);
    }
    if (s != ASTAR_OK) {
        if (g || err.status != s || err.message[0] == '\0')
            abort();
        return 0;
    }
    check_search(g);
    astar_graph_delete(g);
    return 0;
}
