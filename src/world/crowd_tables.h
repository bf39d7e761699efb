/* A crowd's distance tables, one per goal slot, over what the crowd walks:
 * on a grid the lazy tables of world/lazy_distance.h (paged by tiles,
 * estimating with the grid's geometry), on a graph those of
 * world/lazy_graph.h (paged by node numbers, estimating with the graph's
 * positions). Each is resumed only as far as the units' cells need; the
 * crowd reads both the same way. */
#ifndef ASTAR_WORLD_CROWD_TABLES_H
#define ASTAR_WORLD_CROWD_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "astar/crowd.h"
#include "world/lazy_distance.h"
#include "world/lazy_graph.h"

/* Exactly one of the two is set once made. */
typedef struct crowd_tables {
    lazy_distances *lazy;  /* a grid's */
    lazy_graph *graph;     /* a graph's */
} crowd_tables;

/* count tables over a grid (moves, costs and landmarks as astar__lazy_new
 * takes them)
 * or over a graph; memory must outlive the tables. ASTAR_OK or
 * ASTAR_OUT_OF_MEMORY (ASTAR_INVALID_ARGUMENT for a grid's bad moves or
 * costs); on a failure nothing is left allocated. */
astar_status astar__crowd_tables_grid(crowd_tables *t, const astar_grid *grid, astar_moves moves,
                                      astar_costs costs, size_t count, size_t landmarks,
                                      const astar_allocator *memory);
astar_status astar__crowd_tables_graph(crowd_tables *t, const astar_graph *graph, size_t count,
                                       const astar_allocator *memory);

void astar__crowd_tables_delete(crowd_tables *t);
size_t astar__crowd_tables_bytes(const crowd_tables *t);

/* Table `table` now leads to `goal` (a cell or a node), its search heading
 * first for focus. Never fails. */
void astar__crowd_tables_target(crowd_tables *t, uint32_t table, uint32_t goal, uint32_t focus);

/* The table, its goal kept, heads for focus from now on
 * (astar__lazy_refocus); a graph's keeps its focus. Never fails. */
void astar__crowd_tables_refocus(crowd_tables *t, uint32_t table, uint32_t focus);

/* The cost from cell to the table's goal: exact, or the potential, the
 * best way the table knows (astar__lazy_potential,
 * astar__lazy_graph_potential). ASTAR_UNREACHABLE where there is none. */
uint32_t astar__crowd_tables_cost(const crowd_tables *t, uint32_t table, uint32_t cell,
                                  bool exact);

/* The exact cost of cell, a neighbour of `beside` whose exact cost is
 * beside_cost: on a grid astar__lazy_distance_beside (most such reads
 * answered without resuming the search), on a graph the exact cost. */
uint32_t astar__crowd_tables_cost_beside(const crowd_tables *t, uint32_t table, uint32_t cell,
                                         uint32_t beside, uint32_t beside_cost);

/* astar__lazy_prefetch on a grid's tables; nothing on a graph's. */
void astar__crowd_tables_prefetch(const crowd_tables *t, uint32_t table, uint32_t cell,
                                  bool page);

/* What a step from `from` to its neighbour `to` costs, as the tables
 * price it (astar__lazy_step_cost, astar__lazy_graph_step_cost). */
uint32_t astar__crowd_tables_step_cost(const crowd_tables *t, uint32_t from, uint32_t to);

/* A grid table's search resumed towards cell within *budget
 * (astar__lazy_reach); true on a graph, whose crowd has no budget. */
bool astar__crowd_tables_reach(crowd_tables *t, uint32_t table, uint32_t cell, size_t *budget);

/* A grid table's search through the rest of its level within *budget
 * (astar__lazy_widen); a graph's does nothing. */
void astar__crowd_tables_widen(crowd_tables *t, uint32_t table, size_t *budget);

/* Catches up with the map's edits (astar__lazy_catch_up,
 * astar__lazy_graph_catch_up). */
void astar__crowd_tables_catch_up(crowd_tables *t);

/* The worst since the last call (ASTAR_OK, ASTAR_COST_OVERFLOW or
 * ASTAR_OUT_OF_MEMORY); cleared by the call. */
astar_status astar__crowd_tables_status(crowd_tables *t);

#endif
