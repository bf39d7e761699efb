/* The crowd's PIBT as a successor function: one step planned from any
 * configuration, in any priority order, with some units' next cells fixed
 * beforehand. LaCAM (src/world/mapf.c) searches over configurations with
 * it; astar_crowd_step is the same planning from the crowd's own state,
 * so a change to PIBT changes both. */
#ifndef ASTAR_WORLD_CROWD_PLAN_H
#define ASTAR_WORLD_CROWD_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "astar/crowd.h"
#include "world/scatter.h"

enum { ASTAR__CROWD_MAX_NEIGHBOURS = ASTAR_CROWD_MAX_DEGREE };

/* splitmix64: the crowd's and the solver's ties, from their seeds alone -
 * the same seed, the same calls, the same plans. */
static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Plans every unit's next cell from from[u] (a cell per unit, y * width +
 * x, no two alike), trying the units in order[0..count-1] (every unit
 * once), after fixing unit fixed[k] onto cell onto[k] for k < fixes.
 * Writes the next cells to to[] and returns true; false when the fixes
 * break a rule among themselves (a shared cell, a swap, crossed
 * diagonals) or leave a unit no cell - the fixes cannot all be kept.
 * The crowd's units are left standing on from[]; its goals and
 * priorities are not touched (the crowd is then fit for this call only,
 * not for astar_crowd_step). The cost of a step (astar_crowd_step), info
 * counting the work as there; the only allocations are the lazy tables'
 * growth (astar__crowd_status). */
bool astar__crowd_successor(astar_crowd *crowd, const uint32_t *from, const uint32_t *order,
                            const uint32_t *fixed, const uint32_t *onto, size_t fixes,
                            uint32_t *to, astar_crowd_step_info *info);

/* The cells one legal step from cell (the corner rule for diagonals), as
 * the crowd moves; returns how many were written. */
int astar__crowd_neighbours(const astar_crowd *crowd, uint32_t cell,
                            uint32_t out[ASTAR__CROWD_MAX_NEIGHBOURS]);

/* From now on the crowd's plans read exact costs (astar__lazy_distance)
 * rather than the potentials its own steps are guided by: LaCAM's
 * configurations and bounds need them. */
void astar__crowd_exact(astar_crowd *crowd);

/* From now on PIBT tries first, for each unit, the next cell of its way
 * in `ways` (world/scatter.h) where it stands on that way; NULL: no such
 * guidance. The ways must outlive the guidance. */
void astar__crowd_guide(astar_crowd *crowd, const scatter *ways);

/* The crowd's cells (a grid's) or nodes (a graph's), and where unit u
 * stands. */
size_t astar__crowd_cells(const astar_crowd *crowd);
uint32_t astar__crowd_at(const astar_crowd *crowd, uint32_t u);

/* What a step from cell to its neighbour `to` costs, as the crowd's
 * tables price it (astar__crowd_tables_step_cost). */
uint32_t astar__crowd_step_cost(const astar_crowd *crowd, uint32_t cell, uint32_t to);

/* Unit u's goal cell, and the cost from cell to it on u's goal's lazy
 * table (ASTAR_UNREACHABLE if none): O(1) once the table's search has
 * closed cell, else that search resumed until it has. */
uint32_t astar__crowd_goal_cell(const astar_crowd *crowd, uint32_t u);
uint32_t astar__crowd_cost(const astar_crowd *crowd, uint32_t u, uint32_t cell);

/* astar__crowd_cost for cell, a neighbour of `beside` whose cost for u is
 * beside_cost (astar__crowd_tables_cost_beside): the same answer, most
 * often without resuming the table's search. */
uint32_t astar__crowd_cost_beside(const astar_crowd *crowd, uint32_t u, uint32_t cell,
                                  uint32_t beside, uint32_t beside_cost);

/* What the tables met since the last call (astar__lazy_status): ASTAR_OK,
 * ASTAR_COST_OVERFLOW or ASTAR_OUT_OF_MEMORY, a cost then read as
 * ASTAR_UNREACHABLE - the plans made meanwhile are safe, only less well
 * guided. */
astar_status astar__crowd_status(astar_crowd *crowd);

#endif
