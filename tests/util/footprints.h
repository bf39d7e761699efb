/*
 * util/footprints.h - other units by footprint (astar/world.h), worked out
 * by brute force for the tests: which anchors a unit of size k may not
 * stand on for one search, and what the others' paths add to each, cell
 * of one footprint against cell of another, from the units as the test
 * placed them. Nothing here reads the library's units object.
 */
#ifndef UTIL_FOOTPRINTS_H
#define UTIL_FOOTPRINTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "astar.h"

/* A unit as the test placed it: its anchor (the top-left cell of its size
 * x size footprint) and, for a moving unit, the anchors of its path it
 * still claims, the one it stands on first. */
typedef struct ref_unit {
    astar_point at;
    int size;
    int claim_count;       /* 0: stopped */
    astar_point claim[8];
} ref_unit;

/* Whether the footprints of sides k at a and j at b share a cell, cell by
 * cell. */
bool ref_footprints_overlap(astar_point a, int k, astar_point b, int j);

/* The fewest king's steps between a cell of one footprint and a cell of
 * the other, cell by cell (0 when they share one). */
int ref_footprints_gap(astar_point a, int k, astar_point b, int j);

/* For a search by units[me] (its size k, from where it stands) on a
 * width x height map: avoid[y * width + x] true where its footprint
 * anchored at (x, y) overlaps that of another unit that is stopped or
 * whose footprint is within one step of its own (gap <= 1), and
 * extra[y * width + x] the penalty there: penalty per claim of another
 * moving unit within radius (the gap between where both stand) whose
 * footprint on the claimed anchor overlaps the searcher's at (x, y). */
void ref_unit_obstacles(int width, int height, const ref_unit *units, int count, int me,
                        int radius, uint32_t penalty, bool *avoid, uint64_t *extra);

#endif /* UTIL_FOOTPRINTS_H */
