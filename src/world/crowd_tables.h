/* A crowd's distance tables, one per goal slot, over what the crowd walks:
 * on a grid the lazy tables (world/lazy_distance.h), resumed as far as
 * the units' cells need; on a graph a whole distance map per goal
 * (astar/graph_dijkstra.h: one backward Dijkstra of the library's search
 * loop), since a graph's nodes have no tiles to page and a game's graphs
 * are small beside its grids. The crowd reads both the same way. */
#ifndef ASTAR_WORLD_CROWD_TABLES_H
#define ASTAR_WORLD_CROWD_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "astar/crowd.h"
#include "astar/graph_dijkstra.h"
#include "world/lazy_distance.h"

typedef struct crowd_tables {
    const astar_allocator *memory;
    size_t count;
    lazy_distances *lazy;           /* a grid's, or NULL */
    const astar_graph *graph;       /* a graph's, or NULL */
    astar_context *ctx;             /* the graph's builds */
    astar_graph_distance_map **map; /* per table, NULL until its first goal */
    uint32_t *goal;                 /* per table its goal node, UINT32_MAX for none */
    uint64_t edits;                 /* the graph's edits the maps are current with */
    astar_status worst;             /* the graph's worst build since last read */
} crowd_tables;

/* count tables over a grid (moves and costs as astar__lazy_new takes them)
 * or over a graph; memory must outlive the tables. ASTAR_OK or
 * ASTAR_OUT_OF_MEMORY (ASTAR_INVALID_ARGUMENT for a grid's bad moves or
 * costs); on a failure nothing is left allocated. */
astar_status astar__crowd_tables_grid(crowd_tables *t, const astar_grid *grid, astar_moves moves,
                                      astar_costs costs, size_t count,
                                      const astar_allocator *memory);
astar_status astar__crowd_tables_graph(crowd_tables *t, const astar_graph *graph, size_t count,
                                       const astar_allocator *memory);

void astar__crowd_tables_delete(crowd_tables *t);
size_t astar__crowd_tables_bytes(const crowd_tables *t);

/* Table `table` now leads to `goal` (a cell or a node), its search heading
 * first for focus (a grid's; a graph's map covers every node at once).
 * ASTAR_OK, or on a graph ASTAR_OUT_OF_MEMORY (the table's map could not
 * be made: the table keeps no goal) - a grid's never fails here. */
astar_status astar__crowd_tables_target(crowd_tables *t, uint32_t table, uint32_t goal,
                                        uint32_t focus);

/* The cost from cell to the table's goal: exact, or (a grid's potential,
 * astar__lazy_potential) the best way the table knows; a graph's is
 * always exact. ASTAR_UNREACHABLE where there is none. */
uint32_t astar__crowd_tables_cost(const crowd_tables *t, uint32_t table, uint32_t cell,
                                  bool exact);

/* A grid table's search resumed towards cell within *budget
 * (astar__lazy_reach); a graph's has reached every node already. */
bool astar__crowd_tables_reach(crowd_tables *t, uint32_t table, uint32_t cell, size_t *budget);

/* Catches up with the map's edits: a grid's tables as
 * astar__lazy_catch_up; on a graph edited since, every table with a goal
 * is built again. */
void astar__crowd_tables_catch_up(crowd_tables *t);

/* The worst since the last call (astar__lazy_status: ASTAR_OK,
 * ASTAR_COST_OVERFLOW or ASTAR_OUT_OF_MEMORY); cleared by the call. */
astar_status astar__crowd_tables_status(crowd_tables *t);

#endif
