/*
 * astar/hex.h - Hex grids at the API's edge: a hex grid is an astar_grid whose topology
 * (astar_grid_set_topology, astar/grid.h) is one of the four offset
 * layouts, and its cells are addressed by (x, y) in that layout. These
 * calls convert a cell to axial coordinates (q, r) and back, measure hex
 * distance and list a hex's neighbours, for callers whose game thinks in
 * axial or cube coordinates (Red Blob Games' "Hexagonal Grids" explains
 * them; the cube's third coordinate is -q - r).
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_HEX_H
#define ASTAR_INCLUDE_HEX_H

#include "base.h"
#include "grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A hex in axial coordinates: q grows to the right (pointy-top) or along
 * the columns (flat-top), r along the rows (pointy-top) or down-right
 * (flat-top), so that the six neighbours of (q, r) are (q+1, r),
 * (q+1, r-1), (q, r-1), (q-1, r), (q-1, r+1) and (q, r+1). */
typedef struct astar_hex {
    int32_t q, r;
} astar_hex;

/* The axial coordinates of the cell at offset (x, y) in a hex layout. Any
 * point converts, on the map or off it.
 * [in]  topology  one of the four hex layouts
 * [in]  cell      offset coordinates, each within +-2^30
 * [out] out       its axial coordinates
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT for ASTAR_TOPOLOGY_SQUARE, a
 * value out of range, a coordinate out of range or NULL out. O(1). */
ASTAR_API astar_status astar_hex_from_offset(astar_topology topology, astar_point cell,
                                             astar_hex *out);

/* The inverse: the offset coordinates of an axial hex.
 * [in]  topology  one of the four hex layouts
 * [in]  hex       axial coordinates, each within +-2^30
 * [out] out       the cell (which may lie off the map: astar_grid_walkable
 *                 answers false there)
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT as astar_hex_from_offset. */
ASTAR_API astar_status astar_hex_to_offset(astar_topology topology, astar_hex hex,
                                           astar_point *out);

/* The number of steps between two cells of a hex layout on open ground;
 * a hex grid's search has H = this times the straight step.
 * [in]  topology  one of the four hex layouts
 * [in]  a, b      offset coordinates, each within +-2^30
 * [out] out       the distance
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT as astar_hex_from_offset. */
ASTAR_API astar_status astar_hex_distance(astar_topology topology, astar_point a, astar_point b,
                                          uint32_t *out);

/* The six neighbours of a cell in a hex layout, in the order of the
 * search's directions (the row or column below first, y growing
 * downwards, as astar.h orders the eight of a square), whether or not
 * they lie on any map.
 * [in]  topology  one of the four hex layouts
 * [in]  cell      offset coordinates, each within +-2^30
 * [out] out       6 points
 * Returns ASTAR_OK, or ASTAR_INVALID_ARGUMENT as astar_hex_from_offset. */
ASTAR_API astar_status astar_hex_neighbours(astar_topology topology, astar_point cell,
                                            astar_point out[6]);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_HEX_H */
