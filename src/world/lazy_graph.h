/* Lazy distance tables over a graph: per goal, a backward A* from the goal
 * towards a focus (the node of the unit that first asked), resumed only
 * until the node asked about is closed, its costs kept in pages of 256
 * nodes allocated as it reaches them. A grid's tables (lazy_distance.h)
 * page by tiles and estimate with the grid's geometry; a graph's nodes
 * page by their numbers (a graph made from a grid numbers its cells row
 * by row, so a search's pages are its rows' runs) and estimate with the
 * graph's positions, metric and scale (0 without positions: Dijkstra).
 * The values are astar_graph_distance_map_cost's for a map built from the
 * goal: the least cost from the node to the goal along enabled nodes,
 * ASTAR_UNREACHABLE where none is within ASTAR_MAX_COST - 1. */
#ifndef ASTAR_WORLD_LAZY_GRAPH_H
#define ASTAR_WORLD_LAZY_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "astar/graph.h"
#include "astar/memory.h"

/* A set of tables over one graph, numbered 0..count-1. No global state;
 * not for two threads at once. */
typedef struct lazy_graph lazy_graph;

/* count tables over graph, none with a goal; allocates their headers and
 * page directories (8 bytes per 256 nodes each). ASTAR_OK or
 * ASTAR_OUT_OF_MEMORY. */
astar_status astar__lazy_graph_new(const astar_graph *graph, size_t count,
                                   const astar_allocator *memory, lazy_graph **out);

void astar__lazy_graph_delete(lazy_graph *set);

/* Bytes held: headers, directories, pages, open lists. */
size_t astar__lazy_graph_bytes(const lazy_graph *set);

/* Table `table` now leads to node goal, its search heading first for node
 * focus; what it had reached is given back. Never fails. */
void astar__lazy_graph_target(lazy_graph *set, uint32_t table, uint32_t goal, uint32_t focus);

/* The least cost from node to the table's goal, resuming its search until
 * node is closed. On a failed allocation the table is left as it was and
 * the answer is ASTAR_UNREACHABLE, noted for astar__lazy_graph_status. */
uint32_t astar__lazy_graph_distance(lazy_graph *set, uint32_t table, uint32_t node);

/* The cost of the edge from -> to (there must be one), as the tables'
 * searches price it. O(log(edges of from)). */
uint32_t astar__lazy_graph_step_cost(const lazy_graph *set, uint32_t from, uint32_t to);

/* A cheaper guide for a walker that only needs each step to lead on
 * (astar__lazy_potential's on a grid): the cost of the best way the
 * table's search knows from node to the goal - exact once the node is
 * closed; for a node only reached, the way through the closed node it was
 * reached from, never below the exact cost and always above that node's.
 * Resumes the search only until node is reached. So every reached node
 * but the goal has a neighbour of lower cost, and a node's cost never
 * rises while the table keeps its goal: walking always to the cheapest
 * neighbour arrives. Failures as astar__lazy_graph_distance's. */
uint32_t astar__lazy_graph_potential(lazy_graph *set, uint32_t table, uint32_t node);

/* On a graph edited since the last call, every table starts its search
 * over (the graph keeps an edit count, not which nodes or edges). */
void astar__lazy_graph_catch_up(lazy_graph *set);

/* The worst since the last call: ASTAR_OK, ASTAR_COST_OVERFLOW or
 * ASTAR_OUT_OF_MEMORY; cleared by the call. */
astar_status astar__lazy_graph_status(lazy_graph *set);

#endif
