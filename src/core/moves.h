/* Which squares are adjacent: the eight directions, in the order the search
 * looks at them, and the corner rule for diagonal steps. */
#ifndef ASTAR_MOVES_H
#define ASTAR_MOVES_H

#include <stdbool.h>
#include <stdint.h>

#include "astar.h"
#include "core/hex.h"

enum { DIRECTIONS = 8 };

/* The row below first, then left and right, then the row above (y grows
 * downwards). The order decides which square is "added first" among ties;
 * astar.h documents it, and the article's worked example depends on it. */
static const int move_dx[DIRECTIONS] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int move_dy[DIRECTIONS] = { 1, 1, 1, 0, 0, -1, -1, -1 };

/* The direction of a step (dx, dy), each -1..1, not both 0: the inverse of
 * move_dx and move_dy. */
static inline unsigned move_direction(int dx, int dy)
{
    static const unsigned of[3][3] = { { 5, 6, 7 }, { 3, 0, 4 }, { 0, 1, 2 } };
    return of[dy + 1][dx + 1];
}

/* The direction opposite d: the order above is symmetric about its middle. */
static inline unsigned move_opposite(unsigned d)
{
    return DIRECTIONS - 1 - d;
}

/* Direction d as a bit of a set of directions. */
static inline unsigned move_bit(unsigned d)
{
    return 1u << d;
}

static inline bool move_is_diagonal(int dx, int dy)
{
    return dx != 0 && dy != 0;
}

/* Whether a diagonal step may be taken given whether the two squares beside
 * it (the horizontal and the vertical neighbour it passes) are walkable. */
static inline bool move_diagonal_allowed(astar_moves moves, bool beside_x, bool beside_y)
{
    switch (moves) {
    case ASTAR_MOVES_8: return beside_x && beside_y;
    case ASTAR_MOVES_8_CUT: return beside_x || beside_y;
    case ASTAR_MOVES_4: break;
    }
    return false;
}

/* The directions a step may be taken in from a square whose walkable
 * neighbours are the set `around` (astar_grid.around): the walkable straight
 * ones, and each walkable diagonal one whose two squares beside it pass
 * move_diagonal_allowed - the same test, on all four diagonals at once. */
static inline unsigned moves_legal(astar_moves moves, unsigned around)
{
    enum { STRAIGHT = 0x5A };  /* directions 1, 3, 4 and 6 */
    /* The diagonals of a row (bits 0 and 2 of the row below, 5 and 7 of
     * the row above) need left (3) and right (4), and their row's middle. */
    unsigned sides = (around >> 3 & 1) | (around >> 4 & 1) << 2;
    unsigned below = around >> 1 & 1, above = around >> 6 & 1;
    unsigned diagonals = 0;
    switch (moves) {
    case ASTAR_MOVES_8: diagonals = sides * below | (sides * above) << 5; break;
    case ASTAR_MOVES_8_CUT: diagonals = (sides | 5 * below) | (sides | 5 * above) << 5; break;
    case ASTAR_MOVES_4: break;
    }
    return around & (STRAIGHT | diagonals);
}

/* Per direction: the natural set, then for each side (the one at -1
 * across the direction first) the side's and the square behind it's
 * directions and what follows when forced (diagonals have no forced
 * neighbours under the corner rule). */
static const struct move_rule {
    uint8_t ahead, side[2], behind[2], forced[2];
} move_rules[DIRECTIONS] = {
    { 0x0B, { 0, 0 }, { 0, 0 }, { 0, 0 } },
    { 0x02, { 3, 4 }, { 5, 7 }, { 0x09, 0x14 } },
    { 0x16, { 0, 0 }, { 0, 0 }, { 0, 0 } },
    { 0x08, { 6, 1 }, { 7, 2 }, { 0x60, 0x03 } },
    { 0x10, { 6, 1 }, { 5, 0 }, { 0xC0, 0x06 } },
    { 0x68, { 0, 0 }, { 0, 0 }, { 0, 0 } },
    { 0x40, { 3, 4 }, { 0, 2 }, { 0x28, 0x90 } },
    { 0xD0, { 0, 0 }, { 0, 0 }, { 0, 0 } },
};

/* Whether a square entered straight in direction d has the side neighbour
 * k (0 or 1, move_rules' order) forced: walkable in `around` while the one
 * behind it is not. */
static inline bool moves_forced(unsigned d, int k, unsigned around)
{
    return (around >> move_rules[d].side[k]) & ~(around >> move_rules[d].behind[k]) & 1u;
}

/* Jump Point Search's rule for which neighbours follow a square entered by
 * a step in direction d (Harabor and Grastien's natural and forced
 * neighbours, under the corner rule), as a set of directions: entered
 * straight, the square ahead and each side neighbour that is walkable in
 * `around` while the one behind it is not, with the diagonal between that
 * side and ahead; entered diagonally, the square ahead and the two
 * straight ones of its components. AND it with moves_legal. */
static inline unsigned moves_canonical(unsigned d, unsigned around)
{
    unsigned next = move_rules[d].ahead;
    for (int k = 0; k < 2; k++)
        next |= (0u - (unsigned)moves_forced(d, k, around)) & move_rules[d].forced[k];
    return next;
}

/* moves_legal on a grid of either topology: on hexes the walkable ones of
 * the six neighbours of (x, y), which share whole sides and have no corner
 * to cut. */
static inline unsigned moves_legal_on(astar_topology topology, astar_moves moves, unsigned around,
                                      int x, int y)
{
    if (hex_topology(topology))
        return around & hex_directions(topology, x, y);
    return moves_legal(moves, around);
}

#endif
