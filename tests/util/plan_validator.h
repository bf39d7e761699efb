/* An independent check of a crowd's steps, written from the rules alone
 * (docs/design.md, "Crowds") and from the grid's public calls, with none of
 * the crowd's code: every unit moves to a neighbour or stays; a move ends
 * on a walkable cell of the grid, and a diagonal one (8 moves) passes two
 * walkable cells (the corner rule); no two units end on one cell; no two
 * swap cells; no two diagonal moves cross. On a hex grid a move is to one
 * of the six hex neighbours (util/reference.c), and there are no
 * diagonals. On a graph, moves are its edges (plan_validator_graph_step).
 * Plain C without cmocka, so that
 * the CLI (astar crowd) checks its steps with it too. */
#ifndef UTIL_PLAN_VALIDATOR_H
#define UTIL_PLAN_VALIDATOR_H

#include <stdbool.h>
#include <stddef.h>

#include "astar.h"

typedef struct plan_validator plan_validator;

/* A validator for steps on grid (kept by pointer; read at each check) with
 * 8 moves when diagonal, else 4. NULL when out of memory. Holds 4 bytes a
 * cell. */
plan_validator *plan_validator_new(const astar_grid *grid, bool diagonal);
void plan_validator_delete(plan_validator *v);

/* Whether the step from before[i] to after[i] of units 0..n-1 keeps every
 * rule above; if not, why (the first broken rule found, naming the units
 * and cells) in why [opt], of size bytes. The grid is read as it is now:
 * a unit may stay on a cell blocked since, and may leave it. */
bool plan_validator_step(plan_validator *v, const astar_point *before, const astar_point *after,
                         size_t n, char *why, size_t size);

/* The same rules for a crowd on a graph, read through the graph's public
 * calls: each unit stays, or moves along an edge of the graph
 * (astar_graph_edge_cost finds it) onto an enabled node; no two units end
 * on one node; no two swap along an edge. Nodes as node numbers; the
 * graph as it is now (a unit may stay on a node disabled since, and may
 * leave it). Allocates its own scratch: false, with why, without it. */
bool plan_validator_graph_step(const astar_graph *graph, const uint32_t *before,
                               const uint32_t *after, size_t n, char *why, size_t size);

/* Whether at[i] is goals[i] for every unit; if not, why. */
bool plan_validator_at_goals(const astar_point *at, const astar_point *goals, size_t n,
                             char *why, size_t size);

#endif
