/* libFuzzer target: the graph file parsers. The first byte picks the
 * format - even: the text format, odd: DIMACS, whose .gr and .co texts are
 * the rest split at the first NUL byte (no NUL: no .co). Any input must give
 * a graph or a parse error with a message, never a crash or a leak; a
 * graph it gives must be searchable from its first node to its last, and
 * a path found must follow its edges and cost what it says; then again with
 * 1 to 8 landmarks (the first byte's other bits), which must find the same
 * cost, or no path where there was none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_SEARCHED = 1 << 16 };

/* Searches g from its first node to its last, checks the path, and says
 * what it found: its status, and the path's cost into *cost. */
static astar_status check_search(const astar_graph *g, uint32_t *cost)
{
    uint32_t n = astar_graph_nodes(g);
    astar_context *ctx;
    if (astar_graph_context_new(n, &ctx) != ASTAR_OK)
        abort();
    static uint32_t nodes[MAX_SEARCHED];
    astar_route path = { .nodes = nodes, .capacity = MAX_SEARCHED };
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
    *cost = path.cost;
    astar_context_delete(ctx);
    return s;
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
        s = astar_graph_parse(text, length, "fuzz.graph", &g, &err);
    } else {
        const char *split = memchr(text, '\0', length);
        size_t gr = split ? (size_t)(split - text) : length;
        s = astar_graph_parse_dimacs(text, gr, "fuzz.gr", split ? split + 1 : NULL,
                                     split ? length - gr - 1 : 0, "fuzz.co", &g, &err);
    }
    if (s != ASTAR_OK) {
        if (g || err.status != s || err.message[0] == '\0')
            abort();
        return 0;
    }
    /* Searching huge graphs would only slow the fuzzer down. */
    if (astar_graph_nodes(g) <= MAX_SEARCHED) {
        uint32_t plain, with;
        astar_status a = check_search(g, &plain);
        if (astar_graph_enable_landmarks(g, 1 + data[0] / 2 % 8) != ASTAR_OK)
            abort();
        astar_status b = check_search(g, &with);
        /* No path within the cost limit, told either way: a landmark's
         * bound can put a node past the limit where positions did not. */
        bool none_a = a != ASTAR_OK, none_b = b != ASTAR_OK;
        if (none_a != none_b || (a == ASTAR_OK && plain != with))
            abort();
    }
    astar_graph_delete(g);
    return 0;
}
