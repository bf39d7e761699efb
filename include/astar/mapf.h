/*
 * astar/mapf.h - Multi-agent path finding in one go: every agent's start
 * and goal in, a plan out in which no two agents ever share a cell, swap
 * cells or cross diagonals, and at its end every agent stands on its goal
 * (LaCAM, Okumura, AAAI 2023, with the crowd's PIBT as its successor).
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_MAPF_H
#define ASTAR_INCLUDE_MAPF_H

#include "crowd.h"
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* One-shot multi-agent path finding (MAPF)                                 */
/* ------------------------------------------------------------------------ */

/* A crowd (astar/crowd.h) moves its units one greedy step at a time and
 * can lock some of them out for ever (goals in a row in a dead end). A
 * MAPF solver plans the whole way first. This one is LaCAM (Okumura,
 * "LaCAM: Search-Based Algorithm for Quick Multi-Agent Pathfinding", AAAI
 * 2023), docs/design.md "Crowds":
 *
 *   - a configuration is every agent's cell at one time step; the plan is
 *     a sequence of them, one step apart, by the crowd's rules (a move to
 *     a neighbour or a wait; no shared cell, no swap; with 8 moves the
 *     corner rule and no crossed diagonals);
 *   - a depth-first search over configurations, whose successors the
 *     crowd's PIBT step generates (astar_crowd_step's planning, guided by
 *     one lazy distance table per goal, grown as far as it is read);
 *   - each configuration keeps a lazy tree of constraints - "agent i goes
 *     to cell v", added an agent at a time in priority order - and each
 *     visit generates one successor under the next constraint of that
 *     tree, so that in the end every successor of every configuration is
 *     tried: the search is complete. It reports no solution only when
 *     every configuration reachable from the starts has been exhausted,
 *     which takes time and memory exponential in the agents (fine for a
 *     handful; a proof of impossibility is out of reach for a crowd);
 *   - configurations seen are kept in a hash set; one met again is visited
 *     again (LaCAM*'s reinsertion) rather than added.
 *
 * The plan is the first found, not the shortest: no sum of costs or
 * makespan is promised (measured in docs/performance.md). With
 * options.refine the search goes on (LaCAM*, Okumura, IJCAI 2023): each
 * configuration keeps its loss from the starts - per step, the agents not
 * staying on their goals - and the successors generated from it; a
 * configuration met again by a cheaper way passes the saving on to those
 * (rewiring), and the search keeps to configurations that could still
 * lead to a plan of less loss (their loss plus a lower bound from the
 * distance tables). Every call then improves the plan it holds, and once
 * the search is spent the plan's loss is the least there is.
 *
 * With options.scatter (the default) the first call of astar_mapf_solve
 * plans, before it searches, each agent's own way to its goal around the
 * ways of the others (SUO: Han and Yu, "Optimizing Space Utilization for
 * More Effective Multi-Robot Path Planning", ICRA 2022, as LaCAM3 does):
 * of the ways at most 10 straight steps (a graph: 10 of its cheapest
 * edges) dearer than its shortest, the one meeting the others' least
 * often (on a cell at the same step, swapping, or crossing a goal already
 * reached); rounds over the agents in a random order re-plan them until
 * a round removes less than a tenth of those meetings. PIBT then tries an
 * agent's next cell on its way first. Agents spread over ways nearly as
 * short rather than all queueing for the same corridor: on den520d with
 * 384 agents the first plan's sum of costs falls from 1.28 to 1.02 times
 * the lower bound, on Berlin_0_512 with 1,000 from 1.15 to 1.002, and the
 * solving takes two to four times as long (docs/performance.md,
 * "Scattering"). The rounds take at most half of the first call's
 * seconds; cut short there, the plan depends on the clock.
 *
 * Solving can be spread over calls: astar_mapf_solve runs until it solves,
 * proves there is no solution, or its time runs out (then ASTAR_IN_PROGRESS,
 * and the next call goes on). The grid must outlive the solver and must
 * not be edited while it lives. */
typedef struct astar_mapf astar_mapf;

/* How a solver plans. */
typedef struct astar_mapf_options {
    astar_moves moves;  /* ASTAR_MOVES_4 (the default, the MAPF benchmark's) or
                           ASTAR_MOVES_8 with the corner rule; ASTAR_MOVES_8_CUT
                           is ASTAR_UNSUPPORTED */
    astar_costs costs;  /* the distance tables' step costs (guidance only: a plan's
                           cost counts steps, whatever the terrain) */
    uint64_t seed;      /* ties and the order constraints are tried in */
    size_t max_nodes;   /* at most this many configurations kept (the memory
                           bound, see astar_mapf_new); 0: as many as memory and
                           2^32 - 2 allow */
    bool refine;        /* LaCAM*: after the first plan, go on searching for
                           plans of less loss (see astar_mapf_solve) */
    bool scatter;       /* before searching, plan each agent's way around the
                           others' and let PIBT follow it (see
                           astar_mapf_solve): a lower sum of costs, at a
                           price in time */
} astar_mapf_options;

/* 4 moves, the article's costs, seed 1, no limit on configurations, no
 * refining, scattering. */
ASTAR_API astar_mapf_options astar_mapf_options_default(void);

/* What a solver has done so far, and what its plan costs. */
typedef struct astar_mapf_info {
    size_t agents;
    size_t makespan;       /* steps in the plan (0 before one is found) */
    size_t sum_of_costs;   /* per agent, the step from which it stays on its goal */
    size_t nodes;          /* configurations kept (the memory that grows) */
    size_t generated;      /* successors asked of PIBT: one per constraint tried */
    size_t failed;         /* of those, how many could not keep their constraints */
    size_t revisited;      /* of those, how many met a configuration seen before */
    bool optimal;          /* refining: every configuration that could lead to a
                              plan of less loss was searched; there is none */
    size_t bytes;          /* astar_mapf_bytes() */
    size_t scatter_rounds; /* options.scatter: rounds of ways planned (0 before
                              the first call or without scattering) */
    size_t scatter_collisions; /* the ways' collisions after the last round */
    double scatter_seconds;    /* the time the rounds took */
} astar_mapf_info;

/* Creates a solver for agents agents, agent i from starts[i] to goals[i].
 * [in]  grid     a square or hex grid (on hexes the six neighbours,
 *                 whatever options' moves); kept by pointer
 * [in]  starts   agents cells: walkable, no two alike
 * [in]  goals    agents cells: walkable, no two alike, goals[i] reachable
 *                from starts[i]
 * [in]  agents   1..ASTAR_MAX_CELLS
 * [in]  options  [opt] NULL for astar_mapf_options_default()
 * [out] out      the solver; free it with astar_mapf_delete
 * Returns ASTAR_OK, ASTAR_INVALID_ARGUMENT (NULL grid, starts, goals or out,
 * agents out of range, an option out of range), ASTAR_UNSUPPORTED
 * (ASTAR_MOVES_8_CUT), for the first agent at fault
 * ASTAR_START_OUT_OF_BOUNDS, ASTAR_GOAL_OUT_OF_BOUNDS, ASTAR_START_BLOCKED,
 * ASTAR_GOAL_BLOCKED, ASTAR_START_OCCUPIED (another agent's start),
 * ASTAR_GOAL_OCCUPIED (another agent's goal), ASTAR_NO_PATH (its goal
 * unreachable), or ASTAR_OUT_OF_MEMORY.
 * Costs, per agent, its goal's backward search resumed until it reaches
 * the agent's start: O(n log n) for the n cells nearer the goal than the
 * start (O(n) with 4 moves on uniform terrain). Memory: a crowd of agents
 * units (astar_crowd_new) with one lazy distance table per agent - 4
 * bytes per 256 cells, and about 4 bytes per cell its search reached, the
 * term that dominates (1,000 agents on Berlin_0_512: 343 MB) - plus about
 * 50 bytes per agent. astar_mapf_solve allocates the rest as it goes,
 * the tables' growth included (ASTAR_OUT_OF_MEMORY when it fails). */
ASTAR_API astar_status astar_mapf_new(const astar_grid *grid, const astar_point *starts,
                                      const astar_point *goals, size_t agents,
                                      const astar_mapf_options *options, astar_mapf **out);

/* astar_mapf_new with your allocator (astar/memory.h).
 * [in,opt] allocator  copied into the solver; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_mapf_new_with(const astar_grid *grid, const astar_point *starts,
                                           const astar_point *goals, size_t agents,
                                           const astar_mapf_options *options,
                                           const astar_allocator *allocator, astar_mapf **out);

/* Frees a solver, its crowd and its search. NULL is allowed. */
ASTAR_API void astar_mapf_delete(astar_mapf *mapf);

/* Bytes the solver holds; 0 for NULL. O(1). */
ASTAR_API size_t astar_mapf_bytes(const astar_mapf *mapf);

/* Searches for a plan, going on from where the last call stopped.
 * [in,out] mapf
 * [in]     seconds  time for this call: it stops at the first check of the
 *                   clock past it (every 64 successors); <= 0: no limit
 *                   (refining: until the search is spent, which on a large
 *                   instance is never)
 * [out]    info     [opt] what has been done so far, and the plan's costs
 * Returns
 *   ASTAR_OK                 solved: read the plan with astar_mapf_plan
 *                            (again ASTAR_OK at once on later calls).
 *                            Refining: a plan is held, and the call spent
 *                            its time improving it (info.optimal once
 *                            nothing is left to improve); a limit or a
 *                            failed allocation met while refining ends the
 *                            refining, the plan kept
 *   ASTAR_NO_PATH            no plan exists: every configuration reachable
 *                            from the starts was tried (final)
 *   ASTAR_IN_PROGRESS        the time ran out; call again to go on
 *   ASTAR_EXPANSION_LIMIT    options.max_nodes configurations are kept and
 *                            no plan among them (final)
 *   ASTAR_OUT_OF_MEMORY      the search could not grow (final); the solver
 *                            can still be freed
 *   ASTAR_INVALID_ARGUMENT   NULL mapf
 * Cost: scattering first (once, in the first call, with at most half its
 * seconds): per round and agent an A* over the cells within the margin
 * of its shortest way, about its way's length where it meets no one;
 * memory 32 bytes a cell and about 100 bytes per step of every way. Then
 * per successor, the crowd's step (O(agents), astar_crowd_step)
 * plus O(agents) to hash and keep the configuration; refining, a
 * configuration met again also rewires, O(agents) per successor whose
 * loss falls. Memory: per configuration kept 12 bytes per agent and about
 * 60 more, per constraint tried 20 bytes, refining 8 bytes per successor
 * and 4 per configuration queued while rewiring; the arrays holding them
 * grow by doubling, which are the only allocations. */
ASTAR_API astar_status astar_mapf_solve(astar_mapf *mapf, double seconds, astar_mapf_info *info);

/* The plan once solved: configuration t (0 = the starts, makespan = the
 * goals) at cells[t * agents .. t * agents + agents - 1], agent i's cell
 * at cells[t * agents + i].
 * [out] cells     capacity points
 * [in]  capacity  at least (makespan + 1) * agents
 * Returns ASTAR_OK, ASTAR_NO_PATH (not solved), ASTAR_PATH_BUFFER_TOO_SMALL
 * (nothing written), or ASTAR_INVALID_ARGUMENT (NULL mapf, cells NULL with
 * a capacity > 0). O(makespan x agents). */
ASTAR_API astar_status astar_mapf_plan(const astar_mapf *mapf, astar_point *cells,
                                       size_t capacity);

/* ------------------------------------------------------------------------ */
/* On a graph                                                               */
/* ------------------------------------------------------------------------ */

/* A solver for agents on graph's nodes (astar/graph.h), planned in a crowd
 * on the graph (astar_graph_crowd_new, "Crowds on graphs" in
 * astar/crowd.h): a step moves an agent along one edge or keeps it; no
 * two agents on one node, no two swapping along an edge. Everything else
 * is the grid solver's: options (moves and costs in range, not read; the
 * edges' costs are the prices, and the lower bound divides by the
 * dearest edge), astar_mapf_solve, astar_mapf_info, astar_mapf_delete and
 * astar_mapf_bytes; the plan is read with astar_graph_mapf_plan.
 * [in]  graph    kept by the solver (read by astar_mapf_solve); not to be
 *                edited while the solver lives
 * [in]  starts   agents nodes: enabled, no two alike
 * [in]  goals    agents nodes: enabled, no two alike, goals[i] reachable
 *                from starts[i]
 * Returns as astar_mapf_new, the bounds statuses for a node not of the
 * graph, the blocked ones for a disabled one, and ASTAR_UNSUPPORTED also
 * for a node with more than ASTAR_CROWD_MAX_DEGREE out-edges. Costs, per
 * agent, its goal's backward search resumed until it closes the agent's
 * start (O((n + e) log n) for the n nodes nearer the goal and the e edges
 * into them). Memory: a graph crowd of agents units with a lazy table per
 * agent (a directory of 8 bytes per 256 nodes, 1 KB per 256 nodes
 * reached), plus about 50 bytes per agent. */
ASTAR_API astar_status astar_graph_mapf_new(const astar_graph *graph, const uint32_t *starts,
                                            const uint32_t *goals, size_t agents,
                                            const astar_mapf_options *options,
                                            astar_mapf **out);
ASTAR_API astar_status astar_graph_mapf_new_with(const astar_graph *graph, const uint32_t *starts,
                                                 const uint32_t *goals, size_t agents,
                                                 const astar_mapf_options *options,
                                                 const astar_allocator *allocator,
                                                 astar_mapf **out);

/* The plan of a graph's solver once solved, as astar_mapf_plan: agent i's
 * node at configuration t in nodes[t * agents + i].
 * Returns as astar_mapf_plan, and ASTAR_INVALID_ARGUMENT for a grid's
 * solver (astar_mapf_plan answers so for a graph's). O(makespan x agents). */
ASTAR_API astar_status astar_graph_mapf_plan(const astar_mapf *mapf, uint32_t *nodes,
                                             size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_MAPF_H */
