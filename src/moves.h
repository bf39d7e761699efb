/* Which squares are adjacent: the eight directions, in the order the search
 * looks at them, and the corner rule for diagonal steps. */
#ifndef ASTAR_MOVES_H
#define ASTAR_MOVES_H

#include <stdbool.h>

#include "astar.h"

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

#endif
