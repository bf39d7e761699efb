/* Which squares are adjacent: the eight directions, in the order the search
 * looks at them, and the corner rule for diagonal steps. */
#ifndef ASTAR_MOVES_H
#define ASTAR_MOVES_H

#include <stdbool.h>

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
