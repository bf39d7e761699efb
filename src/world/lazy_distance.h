/* Lazy distance tables (LaCAM3's, Okumura): per goal, a backward search
 * from the goal that is resumed on demand. A query for a cell expands the
 * goal's search only until that cell is closed, keeping its open list and
 * the distances closed between queries, so a table holds what the queries
 * needed - the cells nearer the goal than the farthest cell asked about -
 * rather than the whole map. The crowd (PIBT asks for the neighbours of a
 * unit's cell) and the MAPF solver read their goals' distances here;
 * docs/design.md, "Crowds", says why and how the memory is laid out.
 *
 * The values are astar_distance_map_cost's for a map built from the goal
 * with the same moves and costs: the cost of the cheapest way from the
 * cell to the goal, each step priced by the terrain of the cell it enters,
 * ASTAR_UNREACHABLE where none is within ASTAR_MAX_COST - 1. */
#ifndef ASTAR_WORLD_LAZY_DISTANCE_H
#define ASTAR_WORLD_LAZY_DISTANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "astar/dijkstra.h"
#include "astar/memory.h"

/* A set of tables over one grid, numbered 0..count-1, sharing one pool of
 * pages. No global state; not for two threads at once. */
typedef struct lazy_distances lazy_distances;

/* A set of `count` tables over grid (square, 4 moves or 8 with the corner
 * rule), none with a goal yet. Allocates the tables' headers only - and,
 * with landmarks > 0 (at most MARKS_MOST) on 4 moves over squares, that
 * many landmarks for the searches' estimate towards their focus
 * (world/lazy_marks.h: 2 x landmarks + 12 bytes a cell, O(landmarks x
 * cells) to choose and measure them); elsewhere landmarks are not used.
 * ASTAR_OK, ASTAR_INVALID_ARGUMENT (moves or costs out of range) or
 * ASTAR_OUT_OF_MEMORY. */
astar_status astar__lazy_new(const astar_grid *grid, astar_moves moves, astar_costs costs,
                             size_t count, size_t landmarks, const astar_allocator *memory,
                             lazy_distances **out);

void astar__lazy_delete(lazy_distances *set);

/* Bytes held: headers, directories, pages in the pool, open lists. */
size_t astar__lazy_bytes(const lazy_distances *set);

/* Table `table` now leads to cell `goal` (y * width + x); what it had
 * explored goes back to the pool. With a focus (a cell; NONE = UINT32_MAX
 * for none) its search is an A* from the goal towards the focus - the
 * cell a unit heading for the goal stands on - which on its way there
 * closes far fewer cells than Dijkstra's ball of the same radius; other
 * cells are closed as they are asked for, at the same costs. Never
 * allocates, never fails. */
void astar__lazy_target(lazy_distances *set, uint32_t table, uint32_t goal, uint32_t focus);

/* Table `table`, its goal kept, now heads for focus: a second unit given
 * the goal (a rally point) stands elsewhere than the first, and resuming
 * towards the old focus would close every cell the estimate towards it
 * puts below the new one - on a city map with landmarks' estimates tens
 * of thousands. What the search closed stays; the cells still open are
 * keyed afresh on a heap (the order of a table whose focus changed),
 * O(open cells). Nothing changes when the focus is closed already, or
 * when there is no memory for the merged list. Never fails. */
void astar__lazy_refocus(lazy_distances *set, uint32_t table, uint32_t focus);

/* The cost from cell to the table's goal, expanding its search as far as
 * needed. On a failed allocation the table is left as it was (a later
 * query tries again) and the answer is ASTAR_UNREACHABLE, noted for
 * astar__lazy_status. A table with no goal answers ASTAR_UNREACHABLE. */
uint32_t astar__lazy_distance(lazy_distances *set, uint32_t table, uint32_t cell);

/* astar__lazy_distance's answer for cell, a neighbour of `beside` whose
 * exact cost was read (beside_cost): on 4 moves over terrain 1, where the
 * grid's two colours of cells make every step change the cost by exactly
 * one step, the answer is beside's plus a step unless cell could be a
 * step nearer the goal - which, unless it is closed already, it can only
 * be while it lies on the search's current level, one step farther from
 * the focus than beside; then the search is not resumed (it would close
 * the rest of its level first). Elsewhere, and whenever unsure,
 * astar__lazy_distance. The unsure case is the common one for a unit
 * walking from the focus towards the goal: for 1,000 agents on
 * Berlin_0_512 this spared 3 % of the tables' steps (50.8 million
 * against 52.2), the same plans 5 % sooner. */
uint32_t astar__lazy_distance_beside(lazy_distances *set, uint32_t table, uint32_t cell,
                                     uint32_t beside, uint32_t beside_cost);

/* Asks the memory for what a read of the table's cost at cell and its
 * neighbours will touch: with page false the table's directory entry for
 * the cell's tile, with page true (after the entry has come) the page's
 * rows of the cell and beside it and its bits. Reads at a thousand
 * tables' cells are a miss or two each; asked for a step ahead, they are
 * waited on together. No effect on any answer. O(1). */
void astar__lazy_prefetch(const lazy_distances *set, uint32_t table, uint32_t cell, bool page);

/* What a step from cell `from` to its neighbour `to` costs, as the
 * tables' searches price it: the step's price (straight or diagonal, in
 * the set's costs; every hex step a straight one) times the terrain
 * entered. O(1). */
uint32_t astar__lazy_step_cost(const lazy_distances *set, uint32_t from, uint32_t to);

/* Resumes the table's search until cell is closed, taking at most
 * *budget steps (a cell expanded, or an entry of its open list found
 * bettered and dropped) and counting them off *budget. True when it need
 * not be called again: the cell is closed, or the search is spent without
 * it (unreachable; out of memory is noted for astar__lazy_status); false
 * when the budget ran out first (*budget is then 0). */
bool astar__lazy_reach(lazy_distances *set, uint32_t table, uint32_t cell, size_t *budget);

/* Goes on with the table's search through the rest of its current level,
 * taking at most *budget steps and counting them off: on 4 moves over
 * terrain 1 (the two stacks) that level, once the focus is closed, holds
 * the cells of every least way between the goal and the focus, so a unit
 * walking there knows a parallel lane as just as short (the crowd's
 * options.lanes). True when the level is spent, or where there are no
 * levels (a heap: nothing done); false when the budget ran out first.
 * Failures as astar__lazy_reach's. */
bool astar__lazy_widen(lazy_distances *set, uint32_t table, size_t *budget);

/* A cheaper guide than astar__lazy_distance's for a walker that only
 * needs each step to lead on: the cost of the best way the table knows
 * from cell to its goal. Exact where its search has closed the cell;
 * for a cell it has only reached, the way through the neighbour it was
 * reached from, which is never below the exact cost and always above that
 * neighbour's; a cell not reached yet but next to one that is, is reached
 * from there at once (put on the open list at that cost); any other is
 * reached by resuming the search. So every reached cell but the goal has
 * a neighbour of lower cost, and a cell's cost never rises while the
 * table keeps its goal (and no edit starts its search over): walking
 * always to the cheapest neighbour arrives. Failures as
 * astar__lazy_distance's. */
uint32_t astar__lazy_potential(lazy_distances *set, uint32_t table, uint32_t cell);

/* Catches the tables up with the grid's edits since the last call (or
 * astar__lazy_new): a table whose search read an edited cell starts over
 * from its goal, the others go on. No allocation. */
void astar__lazy_catch_up(lazy_distances *set);

/* The worst since the last call: ASTAR_OK, ASTAR_COST_OVERFLOW (a cost
 * past ASTAR_MAX_COST - 1 was read as ASTAR_UNREACHABLE) or
 * ASTAR_OUT_OF_MEMORY (an answer was ASTAR_UNREACHABLE for want of
 * memory); cleared by the call. */
astar_status astar__lazy_status(lazy_distances *set);

#endif
