/*
 * astar/crowd.h - A crowd: many units on one grid (square or hex) or one
 * graph that move a cell (a node) a step at once, never share one, never
 * swap and never lock each other out (PIBT, priority inheritance with
 * backtracking, guided by distance tables to the units' goals).
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_CROWD_H
#define ASTAR_INCLUDE_CROWD_H

#include "dijkstra.h"
#include "graph.h"
#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Crowds                                                                   */
/* ------------------------------------------------------------------------ */

/* The article's units "pass right through each other"; the unit calls of
 * astar/world.h make them dodge, wait and search again, which jams at a
 * door. A crowd plans every unit's next cell together instead, one step at
 * a time (Okumura et al., PIBT, IJCAI 2019 and AIJ 2022):
 *
 *   - each astar_crowd_step moves every unit to one of its neighbours or
 *     leaves it where it is, so that afterwards no two units stand on one
 *     cell, no two swapped cells, and (8 moves) no two diagonal steps
 *     crossed each other;
 *   - the unit with the highest priority picks the neighbour nearest its
 *     goal - the least of the step's price and the neighbour's cost from
 *     there, staying ranked between a least step and any other; a unit
 *     standing there inherits that priority and must move
 *     away, and if it cannot, the first one picks its next best cell
 *     (backtracking);
 *   - a unit's priority is the number of steps since it last stood on its
 *     goal, ties broken by a random order fixed when the crowd is made;
 *   - "nearest" is read from a lazy distance table per goal, shared by
 *     every unit heading to that goal: a backward A* from the goal
 *     towards the cell of the unit that first asked for it (costs as
 *     astar_distance_map_build's map prices steps), resumed only as far
 *     as the units' cells need, and reset at a step when a grid edit
 *     touches what it has explored. A cell the search has closed reads
 *     its least cost; a cell it has only reached reads the cost of the
 *     way through the neighbour it was reached from - never below the
 *     least, always above that neighbour's, never rising - so units walk
 *     the ways the search found and it need not widen around them;
 *   - where two units heading opposite ways meet in a one-wide corridor
 *     with a side way behind one of them, that one backs away to the side
 *     way pulling the other along (LaCAM3's swap rule), where PIBT alone
 *     would push them to the corridor's end and wait for ever; the
 *     step's unit of the highest priority does so only where the
 *     corridor ahead ends in a dead end, so that it always steps on.
 *
 * What it guarantees (docs/design.md, "Crowds"): the rules of the first
 * point at every step, whatever the map and the goals. PIBT's theorem adds, for
 * 4 moves on a map whose walkable cells form a
 * biconnected graph (no cell whose removal splits it) with fewer units
 * than walkable cells, that every unit reaches its goal - stands on it at
 * some step - within (units x the map's diameter) steps (its proof needs
 * of the costs only that each cell but the goal has a neighbour of lower
 * cost and that costs never rise, which the reached cells' costs keep; a
 * unit's count of steps is then its cost from its start over the least
 * step's, not the diameter; it follows the unit of the highest priority,
 * which with the swap rule as above still steps nearer its goal every
 * step on such a map); 8 moves (where the rule against crossing diagonals
 * takes moves away) lie outside that proof, and PIBT never promised that every unit
 * stands on its goal at one time (units that have arrived give way to
 * those that have not). Measured (docs/design.md): all units on their
 * goals at once in every run on open maps and on 512 x 512 benchmark maps
 * with up to 1,000 units; on small maps dense with walls and dead ends
 * some runs keep a few units from their goals for ever (a goal behind
 * another's in a dead end: PIBT orders no such pair). Two units given one
 * goal take turns on it.
 *
 * Units are numbered 0, 1, 2 ... in the order they are added, and are
 * never removed; the crowd reads its grid at every call, so the grid must
 * outlive it and must not be edited during a call. */
typedef struct astar_crowd astar_crowd;

/* How a crowd moves. */
typedef struct astar_crowd_options {
    astar_moves moves;  /* ASTAR_MOVES_4 (the default) or ASTAR_MOVES_8 (the
                           corner rule: a diagonal step needs both cells
                           beside it walkable; units are no walls for it);
                           ASTAR_MOVES_8_CUT is ASTAR_UNSUPPORTED; on a hex
                           grid either gives the six neighbours */
    astar_costs costs;  /* the price of steps in the distance tables (astar_costs) */
    uint64_t seed;      /* the random order of ties: the same seed, the same
                           calls, the same steps */
    size_t budget;      /* a game's frame budget: at most this many cells
                           expanded per astar_crowd_step by the searches of
                           units given new goals (astar_crowd_set_goal) on a
                           grid whose islands are enabled; such a unit waits
                           where it stands (and gives way when pushed) until
                           its goal's search has reached it. 0: no budget,
                           astar_crowd_set_goal searches at once */
    unsigned landmarks; /* 0 (the default) or up to ASTAR_CROWD_MAX_LANDMARKS:
                           on a square grid with 4 moves, the goals' searches
                           estimate with that many landmarks (the most of each
                           one's difference in steps to the cell and to the
                           unit). 16: 4 to 12 times fewer cells a new goal, a
                           lower update time and memory, but a unit knows fewer
                           detours around others and arrives later where
                           detours abound (lanes, below, give that back;
                           docs/performance.md). Costs
                           O(landmarks x cells) at astar_crowd_new and 2 x
                           landmarks + 12 bytes a cell; an edit that opens a
                           short cut recomputes them and restarts every goal's
                           search. Ignored on hexes, with 8 moves and on
                           graphs */
    size_t lanes;       /* 0 (the default) or more: once a goal's search has
                           reached the unit that asked, it goes on through up
                           to this many cells of the other least ways between
                           them (the rest of its A*'s level, 4 moves over
                           terrain 1), so that a unit held up sees a parallel
                           lane as just as short. More arrivals for more cells
                           a goal: on den520d 1,000 units arrived 13 to 17 %
                           more often with 2,000 than with neither this nor
                           landmarks, elsewhere within 2 %; not a gain
                           everywhere - 500 units crossing once through a
                           door summed 6 to 8 % more steps
                           (docs/performance.md). Within the budget, when
                           there is one, after the waiting units' searches.
                           Ignored where the search is no A* by levels (8
                           moves, hexes, rough terrain, graphs) */
} astar_crowd_options;

/* The most landmarks a crowd's options may ask for. */
#define ASTAR_CROWD_MAX_LANDMARKS 16

/* 4 moves, the article's costs, seed 1, no budget, no landmarks. */
ASTAR_API astar_crowd_options astar_crowd_options_default(void);

/* What one astar_crowd_step did and what it cost. */
typedef struct astar_crowd_step_info {
    size_t moved;     /* units that changed cells */
    size_t at_goal;   /* units on their goals after the step */
    size_t planned;   /* units planned: each unit once, a pushed one included */
    size_t tried;     /* cells tried as a unit's next: at most 5 (4 moves), 9
                         (8 moves) or, on a graph, 1 + its node's out-edges
                         per unit */
    size_t walked;    /* cells looked at along corridors by the swap rule
                         (see "Crowds"): the rest of the step's work */
    size_t searched;  /* cells expanded within the budget (options.budget)
                         for units whose searches had not reached them */
    size_t waiting;   /* units still waiting for their searches after the step */
} astar_crowd_step_info;

/* Creates a crowd of up to max_units units on grid.
 * [in]  grid       a square or hex grid (on hexes a unit steps to its six
 *                  neighbours, whatever options' moves, and every step is
 *                  a straight one's price); the crowd keeps the pointer
 * [in]  max_units  1..ASTAR_MAX_CELLS
 * [in]  options    [opt] NULL for astar_crowd_options_default()
 * [out] out        the crowd; free it with astar_crowd_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL grid or out, max_units out
 * of range, a moves or costs value out of range, more landmarks than
 * ASTAR_CROWD_MAX_LANDMARKS), ASTAR_UNSUPPORTED
 * (ASTAR_MOVES_8_CUT) or ASTAR_OUT_OF_MEMORY.
 * Memory: 8 bytes per cell of the grid (who stands on a cell, who will)
 * and about 130 bytes per unit of max_units; each distinct goal adds a
 * lazy distance table when first given (astar_crowd_add): 4 bytes per 256
 * cells, plus about 4 bytes per cell its search has reached - at most the
 * whole grid's. Costs O(cells + max_units). */
ASTAR_API astar_status astar_crowd_new(const astar_grid *grid, size_t max_units,
                                       const astar_crowd_options *options, astar_crowd **out);

/* astar_crowd_new with your allocator (astar/memory.h).
 * [in,opt] allocator  copied into the crowd; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_crowd_new_with(const astar_grid *grid, size_t max_units,
                                            const astar_crowd_options *options,
                                            const astar_allocator *allocator,
                                            astar_crowd **out);

/* Frees a crowd and its distance tables. NULL is allowed. */
ASTAR_API void astar_crowd_delete(astar_crowd *crowd);

/* Bytes the crowd holds, its distance tables included; 0 for NULL.
 * O(max_units). */
ASTAR_API size_t astar_crowd_bytes(const astar_crowd *crowd);

/* The units added so far; 0 for NULL. O(1). */
ASTAR_API size_t astar_crowd_count(const astar_crowd *crowd);

/* Adds a unit standing on start and heading for goal.
 * [in,out] crowd
 * [in]     start  a walkable cell no unit of the crowd stands on
 * [in]     goal   a walkable cell reachable from start
 * [out]    id     [opt] the unit's number: astar_crowd_count() before the call
 * Returns
 *   ASTAR_OK                  added
 *   ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS, ASTAR_START_BLOCKED,
 *   ASTAR_GOAL_BLOCKED        in this order
 *   ASTAR_START_OCCUPIED      a unit of the crowd stands on start
 *   ASTAR_NO_PATH             goal cannot be reached from start: at once
 *                             when the grid's islands are enabled
 *                             (astar_grid_enable_islands) and they differ,
 *                             else once the goal's table has searched all
 *                             the cells that reach the goal
 *   ASTAR_UNITS_FULL          the crowd holds max_units units already
 *   ASTAR_OUT_OF_MEMORY       the goal's distance table could not grow
 *   ASTAR_INVALID_ARGUMENT    NULL crowd
 * On any failure the crowd's units are as they were. Costs O(max_units)
 * to find the goal's table - kept, with what it has explored, after its
 * last unit left it - or to take the table of a goal no unit heads for;
 * then its search (an A* from the goal towards start, for a new goal) is
 * resumed until it reaches start: O(n log n) for the n cells it closes
 * (O(n) with 4 moves on terrain 1 everywhere) - at most those nearer the
 * goal than start, often far fewer - nothing for a table that has been
 * there. */
ASTAR_API astar_status astar_crowd_add(astar_crowd *crowd, astar_point start, astar_point goal,
                                       size_t *id);

/* Gives unit id a new goal, from the next step on (a game's new order; a
 * unit that arrived, sent on). Its priority is kept: the steps since it
 * last stood on its goal go on counting. With a budget (options.budget)
 * and the grid's islands enabled, the goal's search is left to the steps,
 * within the budget: the call then costs O(max_units), and the unit waits
 * until the search reaches it.
 * [in,out] crowd
 * [in]     id    0..astar_crowd_count() - 1
 * [in]     goal  a walkable cell reachable from where the unit stands
 * Returns ASTAR_OK, ASTAR_GOAL_OUT_OF_BOUNDS, ASTAR_GOAL_BLOCKED,
 * ASTAR_NO_PATH, ASTAR_OUT_OF_MEMORY, or ASTAR_INVALID_ARGUMENT (NULL crowd,
 * no such unit); on a failure the unit keeps its goal. Costs as
 * astar_crowd_add's goal. */
ASTAR_API astar_status astar_crowd_set_goal(astar_crowd *crowd, size_t id, astar_point goal);

/* Hands units of an astar_units object (astar/world.h) to the crowd: unit
 * ids[i] becomes the crowd's unit *first + i, standing where it stands and
 * heading for goals[i] (each added as astar_crowd_add adds one). The units
 * object keeps the units: after each astar_crowd_step, astar_crowd_move_units
 * moves them to their crowd units' cells, so that the searches and checks
 * of the other unit calls see them where they are.
 * [in,out] crowd
 * [in]     units  the object the units belong to (read, not kept)
 * [in]     ids    count unit ids, no two alike, each a unit of one cell
 *                 added with astar_units_add (units of a size: not yet)
 * [in]     goals  count goals
 * [in]     count
 * [out]    first  [opt] the crowd's number of the first of them
 * Returns ASTAR_OK; ASTAR_INVALID_ARGUMENT (NULL crowd, units, or ids or
 * goals with a count > 0, an id that is not a unit, units of another
 * size than the crowd's grid); ASTAR_UNSUPPORTED (a unit added with a
 * size); or the first failure of astar_crowd_add (a unit on a wall, on a
 * cell a unit of the crowd or an earlier id stands on, a goal out of
 * reach, ASTAR_UNITS_FULL ...). On any failure the crowd is as it was.
 * Costs count times astar_crowd_add's. */
ASTAR_API astar_status astar_crowd_add_units(astar_crowd *crowd, const astar_units *units,
                                             const uint32_t *ids, const astar_point *goals,
                                             size_t count, size_t *first);

/* Moves unit ids[i] of units to the cell of the crowd's unit first + i
 * (astar_units_move), for i < count: the crowd's step handed back to the
 * units object (astar_crowd_add_units). A unit on its path walks it as
 * astar_units_move says; a waiting one goes on waiting on its new cell.
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT (NULL crowd or units, ids
 * NULL with a count > 0, first + count past the crowd's units, an id not a
 * unit of units or one added with a size, units of another size than the
 * crowd's grid) with no unit moved. O(count). */
ASTAR_API astar_status astar_crowd_move_units(const astar_crowd *crowd, astar_units *units,
                                              const uint32_t *ids, size_t count, size_t first);

/* Moves every unit at most one cell (see "Crowds" above).
 * [in,out] crowd
 * [out]    info   [opt] what the step did and what it cost
 * Returns
 *   ASTAR_OK                 stepped
 *   ASTAR_COST_OVERFLOW      stepped; a distance table read a cell past
 *                            ASTAR_MAX_COST - 1 as unreachable
 *   ASTAR_OUT_OF_MEMORY      stepped, every rule kept; a distance table
 *                            could not grow and read some cells as
 *                            unreachable (their units stayed or gave way)
 *   ASTAR_INVALID_ARGUMENT   NULL crowd
 * Grid edits since the last step are caught up first: a goal's table
 * whose search reached a cell next to an edited one (or the goal) starts
 * over, the others go on. The units of a goal walled in by an edit wait,
 * and go on when it opens again; a unit whose cell was walled in under it
 * may still step off it. The step itself costs O(units + max_units) and
 * at most 5 (or 9) cells tried per unit (info.tried), whatever the map,
 * each O(1) when the table has reached the cell or a neighbour of it;
 * plus the budget's searches (options.budget) and the tables' searches
 * resumed to cells nothing near has reached (the swap rule's walks along
 * corridors); it allocates only for the tables' growth. */
ASTAR_API astar_status astar_crowd_step(astar_crowd *crowd, astar_crowd_step_info *info);

/* Where unit id stands and where it heads.
 * [out] at    [opt] its cell
 * [out] goal  [opt] its goal
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT (NULL crowd, no such unit).
 * O(1). */
ASTAR_API astar_status astar_crowd_unit(const astar_crowd *crowd, size_t id, astar_point *at,
                                        astar_point *goal);

/* Every unit's cell, unit i's at cells[i]: what a game draws after a step.
 * [out] cells     capacity points
 * [in]  capacity  at least astar_crowd_count()
 * Returns ASTAR_OK, ASTAR_PATH_BUFFER_TOO_SMALL (nothing written), or
 * ASTAR_INVALID_ARGUMENT (NULL crowd, cells NULL with a capacity > 0).
 * O(units). */
ASTAR_API astar_status astar_crowd_cells(const astar_crowd *crowd, astar_point *cells,
                                         size_t capacity);

/* ------------------------------------------------------------------------ */
/* Crowds on graphs                                                         */
/* ------------------------------------------------------------------------ */

/* A crowd on an astar_graph (astar/graph.h): PIBT where it was first
 * defined, on a graph's nodes. A unit stands on a node and steps along
 * one of its node's out-edges to an enabled node, or stays; no two units
 * stand on one node and no two swap along an edge (a graph's steps have
 * no geometry, so nothing else can cross). Everything above holds as on a
 * grid, with these differences:
 *   - a goal's table is a backward A* from the goal towards the node of
 *     the unit that first asked (H from the graph's positions, metric and
 *     scale; Dijkstra without positions), resumed only as far as the
 *     units' nodes need, paged by 256 node numbers; a node closed reads
 *     its least cost (astar_graph_distance_map_cost's), one only reached
 *     the way through the node it was reached from, as on a grid;
 *   - an edit of the graph (astar_graph_set_enabled,
 *     astar_graph_set_edge_cost) since the last call is caught up at the
 *     next astar_crowd_step or goal by starting every table's search
 *     over; units never step onto a disabled node, and one that stands on
 *     a node disabled under it may still step off;
 *   - PIBT's theorem (every unit reaches its goal) is for graphs whose
 *     every edge has its reverse (ASTAR_GRAPH_UNDIRECTED) and whose nodes
 *     form a biconnected graph, with fewer units than nodes (checked on
 *     400 random ones: docs/design.md, "Crowds on graphs"); a directed
 *     graph may keep a pushed unit from ever coming back;
 *   - options: moves, costs (each in range, not read: the edges are the
 *     moves and their costs the prices) and the seed as on a grid; a
 *     budget is ASTAR_UNSUPPORTED;
 *   - the calls that take points (astar_crowd_add, astar_crowd_set_goal,
 *     astar_crowd_unit, astar_crowd_cells, and the units hand-over) answer
 *     ASTAR_INVALID_ARGUMENT for a graph's crowd, as the calls below do
 *     for a grid's. astar_crowd_step, _delete, _bytes and _count serve both.
 * The graph must outlive the crowd and must not be edited during a call. */

/* The most out-edges a node of a crowd's graph may have: a plan tries a
 * unit's node and each of its neighbours. */
#define ASTAR_CROWD_MAX_DEGREE 16

/* Creates a crowd of up to max_units units on graph.
 * [in]  graph      kept by the crowd (read at every call)
 * [in]  max_units  1..ASTAR_MAX_CELLS
 * [in]  options    [opt] NULL for astar_crowd_options_default()
 * [out] out        the crowd; free it with astar_crowd_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL graph or out, max_units
 * out of range, a moves or costs value out of range, an allocator without
 * both functions), ASTAR_UNSUPPORTED (ASTAR_MOVES_8_CUT, a budget, a node
 * with more than ASTAR_CROWD_MAX_DEGREE out-edges) or ASTAR_OUT_OF_MEMORY.
 * Memory: 8 bytes per node, about 130 per unit of max_units, and per slot
 * of a goal (max_units + 1) a directory of 8 bytes per 256 nodes; a
 * table's search takes 1 KB per 256 nodes of the numbers it reaches and
 * 16 bytes per entry of its open list. Costs O(nodes / 256 x max_units +
 * nodes). */
ASTAR_API astar_status astar_graph_crowd_new(const astar_graph *graph, size_t max_units,
                                             const astar_crowd_options *options,
                                             astar_crowd **out);
ASTAR_API astar_status astar_graph_crowd_new_with(const astar_graph *graph, size_t max_units,
                                                  const astar_crowd_options *options,
                                                  const astar_allocator *allocator,
                                                  astar_crowd **out);

/* Adds a unit standing on node start and heading for node goal.
 * [in,out] crowd  a graph's
 * [in]     start  an enabled node no unit of the crowd stands on
 * [in]     goal   an enabled node reachable from start
 * [out]    id     [opt] the unit's number: astar_crowd_count() before the call
 * Returns as astar_crowd_add, the bounds statuses for a node not of the
 * graph and the blocked ones for a disabled node; ASTAR_INVALID_ARGUMENT
 * also for a grid's crowd. Costs O(max_units) to find the goal's table,
 * then its search resumed until start is closed: O((n + e) log n) for
 * the n nodes it closes and the e edges into them - those nearer the
 * goal than start, fewer with positions - and nothing for a table that
 * has been there. */
ASTAR_API astar_status astar_graph_crowd_add(astar_crowd *crowd, uint32_t start, uint32_t goal,
                                             size_t *id);

/* Gives unit id a new goal node from the next step on, as
 * astar_crowd_set_goal.
 * [in,out] crowd  a graph's
 * [in]     id     0..astar_crowd_count() - 1
 * [in]     goal   an enabled node reachable from where the unit stands
 * Returns as astar_graph_crowd_add does for the
 * goal, or ASTAR_INVALID_ARGUMENT (NULL crowd, a grid's, no such unit);
 * on a failure the unit keeps its goal. Costs as astar_graph_crowd_add's
 * goal. */
ASTAR_API astar_status astar_graph_crowd_set_goal(astar_crowd *crowd, size_t id, uint32_t goal);

/* Where unit id stands and where it heads.
 * [in]  crowd  a graph's
 * [in]  id     0..astar_crowd_count() - 1
 * [out] at    [opt] its node
 * [out] goal  [opt] its goal node
 * Returns ASTAR_OK or ASTAR_INVALID_ARGUMENT (NULL crowd, a grid's, no
 * such unit). O(1). */
ASTAR_API astar_status astar_graph_crowd_unit(const astar_crowd *crowd, size_t id, uint32_t *at,
                                              uint32_t *goal);

/* Every unit's node, unit i's at nodes[i].
 * [out] nodes     capacity node numbers
 * [in]  capacity  at least astar_crowd_count()
 * Returns ASTAR_OK, ASTAR_PATH_BUFFER_TOO_SMALL (nothing written), or
 * ASTAR_INVALID_ARGUMENT (NULL crowd, a grid's, nodes NULL with a
 * capacity > 0). O(units). */
ASTAR_API astar_status astar_graph_crowd_nodes(const astar_crowd *crowd, uint32_t *nodes,
                                               size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_CROWD_H */
