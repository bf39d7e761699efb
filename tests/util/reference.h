/*
 * util/reference.h - an independent, deliberately simple reference for the
 * tests: least costs by a plain O(V^2) Dijkstra, a path validator and a
 * small helper to build grids from text pictures.
 *
 * Nothing here calls astar_find_path or astar_path_check; the grid is only
 * read through astar_grid_width/height/walkable/cost, so a bug in the
 * library's search or checker cannot hide in the reference.
 */
#ifndef UTIL_REFERENCE_H
#define UTIL_REFERENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "astar.h"

/* Marks a cell that cannot be reached from the start. */
#define REF_UNREACHABLE UINT64_MAX

/* Cost of a straight / diagonal step onto terrain cost 1 in a cost model. */
uint64_t ref_straight_cost(astar_costs costs);
uint64_t ref_diagonal_cost(astar_costs costs);

/* Hex layouts, from their definitions (Red Blob Games' "Hexagonal
 * Grids"), written out here independently of the library's masks: axial
 * (q, r) of the cell at offset (x, y) and back, the six neighbours (those
 * of (q, r) are (q+1, r), (q+1, r-1), (q, r-1), (q-1, r), (q-1, r+1),
 * (q, r+1)), whether two cells are neighbours, and the cube distance. */
void ref_hex_axial(astar_topology t, int x, int y, int *q, int *r);
void ref_hex_offset(astar_topology t, int q, int r, int *x, int *y);
void ref_hex_neighbours(astar_topology t, int x, int y, astar_point out[6]);
bool ref_hex_adjacent(astar_topology t, astar_point a, astar_point b);
int ref_hex_distance(astar_topology t, astar_point a, astar_point b);

/* Whether p is one of the n points of set. */
bool ref_point_in(const astar_point *set, int n, astar_point p);

/* Whether one step from `from` to `to` is a legal move under `moves`:
 * `to` is a walkable cell of the grid and one of the 8 (or 4) neighbours of
 * `from`; a diagonal step with MOVES_8 needs both orthogonal cells beside it
 * walkable, with MOVES_8_CUT at least one of them. `from` itself is not
 * checked. On a hex grid (astar_grid_topology) moves does not count: `to`
 * must be one of the six ref_hex_neighbours. */
bool ref_move_legal(const astar_grid *grid, astar_moves moves, astar_point from,
                    astar_point to);

/* Cost of the step from `from` to the adjacent cell `to`: straight or
 * diagonal cost times the terrain cost of `to`; on a hex grid every step
 * is straight. */
uint64_t ref_step_cost(const astar_grid *grid, astar_costs costs, astar_point from,
                       astar_point to);

/* Least cost from start to every cell, into dist[y * width + x] (an array of
 * width * height entries); REF_UNREACHABLE where there is no path. A blocked
 * or out-of-grid start reaches nothing. */
void ref_least_costs(const astar_grid *grid, astar_moves moves, astar_costs costs,
                     astar_point start, uint64_t *dist);

/* The same with the cells marked in avoid[y * width + x] left out as the
 * target of any step (the start may be one): the cells other units block
 * for one search. avoid NULL is ref_least_costs. */
void ref_least_costs_avoiding(const astar_grid *grid, const bool *avoid, astar_moves moves,
                              astar_costs costs, astar_point start, uint64_t *dist);

/* Checks that points[0..length) is a path from start to goal: length >= 1,
 * first point start, last point goal, every point a walkable cell, every step
 * a legal move (a repeated point is not a move). On success returns true and
 * stores the summed cost in *cost; on failure returns false and writes the
 * reason into why (if not NULL). */
bool ref_path_valid(const astar_grid *grid, astar_moves moves, astar_costs costs,
                    astar_point start, astar_point goal, const astar_point *points,
                    size_t length, uint64_t *cost, char *why, size_t why_size);

/* The clearance of (x, y) by its definition, square by square: the
 * largest k <= most such that every cell of the k x k square with (x, y)
 * its top-left corner lies in the grid and has a terrain cost for which
 * allowed[cost] is true (allowed[0] is never read: a blocked cell is
 * never allowed). 0 when (x, y) itself is not allowed. */
int ref_clearance(const astar_grid *grid, const bool allowed[256], int most, int x, int y);

/* The map a unit of size k of the terrains allowed sees, as a new grid
 * (the caller deletes it): a cell is walkable where the unit fits with it
 * its top-left corner (ref_clearance >= k), at the dearest terrain cost of
 * its k x k cells; blocked elsewhere. Aborts when the library fails. */
astar_grid *ref_eroded(const astar_grid *grid, const bool allowed[256], int k);

/* Labels the walkable cells of grid by flood fill, 4-connected, into
 * label[y * width + x]: 1, 2, ... per connected region, 0 for a blocked
 * cell. Returns how many regions there are. */
uint32_t ref_flood_fill(const astar_grid *grid, uint32_t *label);

/* Line of sight (astar/smooth.h) for a unit of size k of the terrains
 * allowed, its anchor walking the segment between the centres of a and b:
 * every cell whose inside the segment passes through, a and b included,
 * is an anchor the unit fits on - every cell of its k x k square allowed,
 * looked at one by one - and at each grid corner the segment passes
 * exactly through, the two anchors it only touches there obey the corner
 * rule of moves (ASTAR_MOVES_4 counts as ASTAR_MOVES_8). Found by clipping
 * the segment against each cell square in rational arithmetic. */
bool ref_unit_sees(const astar_grid *grid, const bool allowed[256], int k, astar_moves moves,
                   astar_point a, astar_point b);

/* ref_unit_sees for a unit of one cell that may enter every walkable
 * cell. */
bool ref_sees(const astar_grid *grid, astar_moves moves, astar_point a, astar_point b);

/* Builds a grid from `height` strings of equal length (rows, y = 0 first):
 * '.' plain (cost 1), '#' blocked, '1'..'9' walkable with that terrain cost.
 * Returns NULL on a bad picture or a library failure. */
astar_grid *ref_grid_from_rows(const char *const *rows, int height);

#endif /* UTIL_REFERENCE_H */
