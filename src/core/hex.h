/* Hex grids stored in the square grid's w x h array (astar_topology): which
 * of the 8 square neighbours are a cell's 6 hex neighbours, axial
 * coordinates, hex distance, and where a cell's centre lies for the
 * straight-line tie rule. The conventions are Red Blob Games' ("Hexagonal
 * Grids"): odd-r and even-r shove odd or even rows half a hex right
 * (pointy-top hexes), odd-q and even-q shove odd or even columns half a hex
 * down (flat-top hexes). */
#ifndef ASTAR_HEX_H
#define ASTAR_HEX_H

#include <stdbool.h>
#include <stdint.h>

#include "astar.h"

static inline bool hex_topology(unsigned topology)
{
    return topology != ASTAR_TOPOLOGY_SQUARE;
}

/* Pointy-top layouts shove rows; flat-top ones shove columns. */
static inline bool hex_shoves_rows(unsigned topology)
{
    return topology == ASTAR_TOPOLOGY_HEX_ODD_R || topology == ASTAR_TOPOLOGY_HEX_EVEN_R;
}

/* The directions of moves.h (0..7) that lead to a hex neighbour of (x, y):
 * of the 8 square neighbours, the two diagonals on the side away from the
 * shove are not adjacent. In a shoved row the row above and below lie half
 * a hex to the left, so their cells up-left and down-left are no
 * neighbours (directions 0 and 5 left out: 0xDE); in an unshoved row it is
 * up-right and down-right (2 and 7: 0x7B). Columns likewise: 0x5F leaves
 * out the up-left and up-right (5, 7) of a shoved column, 0xFA the
 * down-left and down-right (0, 2) of an unshoved one. The relation is
 * symmetric: every layout's table was checked so (tests/test_hex.c). */
static inline unsigned hex_directions(unsigned topology, int x, int y)
{
    static const uint8_t table[5][2] = {
        { 0xFF, 0xFF }, /* square: every direction */
        { 0x7B, 0xDE }, /* odd-r: rows 0, 1 */
        { 0xDE, 0x7B }, /* even-r */
        { 0xFA, 0x5F }, /* odd-q: columns 0, 1 */
        { 0x5F, 0xFA }, /* even-q */
    };
    unsigned parity = (unsigned)(hex_shoves_rows(topology) ? y : x) & 1u;
    return table[topology][parity];
}

/* Axial coordinates (q, r) of the cell at offset (x, y); any integers, the
 * halving rounded towards minus infinity so that cells off the map convert
 * too. */
static inline void hex_axial(unsigned topology, int32_t x, int32_t y, int32_t *q, int32_t *r)
{
    switch (topology) {
    case ASTAR_TOPOLOGY_HEX_ODD_R: *q = x - (y - (y & 1)) / 2; *r = y; return;
    case ASTAR_TOPOLOGY_HEX_EVEN_R: *q = x - (y + (y & 1)) / 2; *r = y; return;
    case ASTAR_TOPOLOGY_HEX_ODD_Q: *q = x; *r = y - (x - (x & 1)) / 2; return;
    case ASTAR_TOPOLOGY_HEX_EVEN_Q: *q = x; *r = y - (x + (x & 1)) / 2; return;
    default: *q = x; *r = y; return;
    }
}

/* The inverse of hex_axial. */
static inline void hex_offset(unsigned topology, int32_t q, int32_t r, int32_t *x, int32_t *y)
{
    switch (topology) {
    case ASTAR_TOPOLOGY_HEX_ODD_R: *x = q + (r - (r & 1)) / 2; *y = r; return;
    case ASTAR_TOPOLOGY_HEX_EVEN_R: *x = q + (r + (r & 1)) / 2; *y = r; return;
    case ASTAR_TOPOLOGY_HEX_ODD_Q: *x = q; *y = r + (q - (q & 1)) / 2; return;
    case ASTAR_TOPOLOGY_HEX_EVEN_Q: *x = q; *y = r + (q + (q & 1)) / 2; return;
    default: *x = q; *y = r; return;
    }
}

static inline uint64_t hex_abs(int64_t v)
{
    return (uint64_t)(v < 0 ? -v : v);
}

/* Steps between two cells on an open hex map: with axial offsets dq, dr
 * the third cube coordinate's offset is -(dq + dr), and a step changes two
 * of the three by one, so it takes half their total. */
static inline uint64_t hex_distance(unsigned topology, int32_t ax, int32_t ay, int32_t bx,
                                    int32_t by)
{
    int32_t aq, ar, bq, br;
    hex_axial(topology, ax, ay, &aq, &ar);
    hex_axial(topology, bx, by, &bq, &br);
    int64_t dq = (int64_t)aq - bq, dr = (int64_t)ar - br;
    return (hex_abs(dq) + hex_abs(dr) + hex_abs(dq + dr)) / 2;
}

/* The cell's centre in a frame stretched along each axis from the drawn
 * map's: pointy-top (2q + r, r) - x in half hex widths, y in rows - and
 * flat-top the same transposed; a square cell's own (x, y). A stretch
 * multiplies every point's distance to a given line by the same factor, so
 * which of two cells lies nearer the line from start to target is the
 * same here as on the drawing. */
static inline void hex_centre(unsigned topology, int32_t x, int32_t y, int64_t *cx, int64_t *cy)
{
    if (!hex_topology(topology)) {
        *cx = x;
        *cy = y;
        return;
    }
    int32_t q, r;
    hex_axial(topology, x, y, &q, &r);
    if (hex_shoves_rows(topology)) {
        *cx = 2 * (int64_t)q + r;
        *cy = r;
    } else {
        *cx = q;
        *cy = 2 * (int64_t)r + q;
    }
}

#endif
