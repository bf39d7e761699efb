/* Random graphs for the tests, kept as the edge list they were built from,
 * and a reference Dijkstra over that list: it never reads the library's
 * graph, so a bug in the graph's rows or its search cannot hide in it. */
#ifndef UTIL_GRAPHS_H
#define UTIL_GRAPHS_H

#include <stdbool.h>
#include <stdint.h>

#include "astar.h"
#include "util/random.h"

enum { TEST_GRAPH_MAX_NODES = 64, TEST_GRAPH_MAX_EDGES = 1024 };

typedef struct test_edge {
    uint32_t from, to, cost;
} test_edge;

/* A graph as given to the builder: edges as added (both ways for an
 * undirected one), positions if placed, nodes disabled since. */
typedef struct test_graph {
    uint32_t nodes;
    size_t count;
    test_edge edges[TEST_GRAPH_MAX_EDGES];
    bool placed;
    double x[TEST_GRAPH_MAX_NODES], y[TEST_GRAPH_MAX_NODES];
    double scale;
    astar_heuristic metric;
    bool disabled[TEST_GRAPH_MAX_NODES];
} test_graph;

/* The distance between nodes u and v of t under its metric, worked out
 * here from the definitions in astar/graph.h. */
double test_graph_distance(const test_graph *t, uint32_t u, uint32_t v);

/* A random graph of 1 .. TEST_GRAPH_MAX_NODES nodes, directed or not,
 * sparse or dense, placed or not (then with a metric, a scale and edge
 * costs that keep the scale rule), parallel edges included; built into
 * *out. */
void test_graph_random(rng *r, test_graph *t, astar_graph **out);

/* Least costs from start to every node over t's enabled nodes, into
 * dist[nodes] (REF_UNREACHABLE where none; a disabled start reaches
 * nothing). O(V^2 + E), deliberately plain. */
void test_graph_least_costs(const test_graph *t, uint32_t start, uint64_t *dist);

/* Least costs from every node to goal, into dist[nodes], as above: the
 * same plain Dijkstra with each edge taken from its far end. */
void test_graph_least_costs_to(const test_graph *t, uint32_t goal, uint64_t *dist);

/* Whether nodes[0 .. length) is a path of t from start to goal over
 * enabled nodes and edges it has; its cost (each step the cheapest edge
 * between the two) into *cost. */
bool test_graph_path_valid(const test_graph *t, uint32_t start, uint32_t goal,
                           const uint32_t *nodes, size_t length, uint64_t *cost);

/* The cheapest edge from u to v in t, 0 when it has none. */
uint32_t test_graph_cheapest(const test_graph *t, uint32_t u, uint32_t v);

/* Every edge from u to v of t costs cost now, as astar_graph_set_edge_cost
 * leaves the graph (which keeps the cheapest of parallel edges). */
void test_graph_set_cost(test_graph *t, uint32_t u, uint32_t v, uint32_t cost);

#endif
