/*
 * astar.h - A* pathfinding on square grids, as Patrick Lester's
 * "A* Pathfinding for Beginners" describes it, made fast.
 *
 * This header is the manual. Read the overview once, then each call says
 * what it does, what it costs, who owns the memory and what it returns.
 *
 * Overview
 * --------
 *   astar_grid     a map: width x height cells, each blocked or walkable with
 *                  a terrain cost from 1 (plain ground) to 255. Create one
 *                  empty and edit it, or load a Moving AI ".map" file.
 *   astar_context  the search state: the open list, the closed list and the
 *                  per-cell bookkeeping, sized once for maps of up to N cells.
 *                  Create one per thread and reuse it for every search; it is
 *                  never cleared between searches and never allocates.
 *   astar_find_path  one A* search: start, goal, options in; a status, the
 *                  path (cells from start to goal, into your buffer), its cost
 *                  and the number of expanded nodes out.
 *
 *   astar_grid *grid; astar_context *ctx; astar_error err;
 *   if (astar_grid_load_movingai("arena.map", &grid, &err) != ASTAR_OK)
 *       fprintf(stderr, "%s\n", err.message);
 *   astar_context_new(astar_grid_cells(grid), &ctx);
 *   astar_point cells[4096];
 *   astar_route path = { .points = cells, .capacity = 4096 };
 *   astar_status s = astar_find_path(ctx, grid, (astar_point){1, 3},
 *                                    (astar_point){40, 12}, NULL, &path);
 *   if (s == ASTAR_OK) ... path.length cells, path.cost ...
 *   else puts(astar_status_message(s));
 *
 * Rules for the caller
 * --------------------
 *   - Threads: a grid is read-only while anyone searches it, so any number of
 *     threads may search one grid at once, each with its own context. A
 *     context belongs to one thread at a time. The library has no global
 *     state and no locks.
 *   - Memory: every object is created by an astar_*_new, astar_*_load or
 *     astar_*_parse call, each with a _with form that takes your allocator
 *     (the plain form: malloc and free; astar/memory.h has the one naming
 *     rule), and freed by its astar_*_delete. Path buffers are yours: the library
 *     writes into them and never keeps a pointer to them.
 *   - Errors: every call that can fail returns an astar_status. The library
 *     never prints, never exits and never aborts on bad input; a NULL
 *     pointer where an object is required is ASTAR_INVALID_ARGUMENT.
 *   - Coordinates: x is the column (0 at the left), y the row (0 at the top),
 *     as in the article's figures and in Moving AI files.
 *
 * Parameters are marked [in], [out] (written by the call), [in,out] and
 * [opt] (may be NULL).
 *
 * The headers
 * -----------
 * This file includes one header per concept; include it, or only those you
 * use (each compiles alone):
 *   astar/base.h       statuses, errors, points, limits
 *   astar/memory.h     your allocator for the library's objects
 *   astar/grid.h       grids, square or hex, and their islands, dead ends
 *                      and jump table, and the feed of edits
 *   astar/hex.h        hex coordinates: offset layouts, axial, distance
 *   astar/route.h      the route every call that writes one fills
 *   astar/search.h     options, contexts, astar_find_path, node read-back
 *   astar/trace.h      a search's events, to replay or draw
 *   astar/sliced.h     searches a slice at a time, limits, partial paths
 *   astar/queue.h      a queue of path requests served a frame at a time
 *   astar/batch.h      batches of searches on threads
 *   astar/dijkstra.h   nearest targets, distance maps and flow fields
 *   astar/cpd.h        precalculated paths: a compressed first-move database,
 *                      built on threads, saved and loaded, queried per move
 *   astar/world.h      cost layers and other units
 *   astar/crowd.h      crowds: units that move a cell a step together without
 *                      sharing or swapping cells (PIBT)
 *   astar/mapf.h       a whole plan for many agents at once (LaCAM): complete
 *   astar/knowledge.h  knowledge layers (fog of war)
 *   astar/smooth.h     line of sight, smoothing, path checks
 *   astar/movingai.h   Moving AI map and scenario files
 *   astar/graph.h      any graph: nodes, edges with costs, the same A*
 *   astar/graph_file.h graphs from text files and DIMACS road networks
 *   astar/graph_dijkstra.h  nearest targets and distance maps on graphs
 *   astar/waypoints.h  waypoints that see each other, as a graph over a grid,
 *                      and waypoint files
 *   astar/hpa.h        two tiers (HPA*): clusters, entrances, refinement
 *   astar/anyangle.h   truly shortest paths: any-angle, corner to corner (Anya)
 */
#ifndef ASTAR_H
#define ASTAR_H

#include "astar/base.h"
#include "astar/memory.h"
#include "astar/grid.h"
#include "astar/hex.h"
#include "astar/route.h"
#include "astar/search.h"
#include "astar/trace.h"
#include "astar/sliced.h"
#include "astar/queue.h"
#include "astar/batch.h"
#include "astar/dijkstra.h"
#include "astar/cpd.h"
#include "astar/world.h"
#include "astar/crowd.h"
#include "astar/mapf.h"
#include "astar/knowledge.h"
#include "astar/smooth.h"
#include "astar/movingai.h"
#include "astar/graph.h"
#include "astar/graph_file.h"
#include "astar/graph_dijkstra.h"
#include "astar/waypoints.h"
#include "astar/hpa.h"
#include "astar/anyangle.h"

#endif /* ASTAR_H */
