/* Dead ends (the article's note 6): areas of the map joined to the rest
 * through one cell, their door, so that a search can leave out every area
 * that holds neither its start nor its goal. Kept current by astar__grid_put.
 *
 * Why 4-connectivity: removing a cell v splits the walkable cells into the
 * same parts under ASTAR_MOVES_4 and ASTAR_MOVES_8, because an 8-move
 * diagonal step needs both straight cells beside it walkable, and at least
 * one of them is not v, so the step can be walked as two straight ones
 * around v. ASTAR_MOVES_8_CUT is different: a diagonal step needs only one
 * side walkable, and that side may be the door itself, so a unit can slip
 * from a dead end to a neighbour of its door without entering the door.
 * That shortcut never beats going through the door on plain ground (two
 * diagonal steps cost more than two straight ones) but can when the door's
 * terrain is dear, so 8_CUT searches use dead ends on uniform terrain only.
 *
 * The labels are a depth-first search of each island (Hopcroft and
 * Tarjan). For a tree edge v -> c with low(c) >= pre(v), the subtree of c
 * is a part of (island - v): an area with door v. These subtrees are nested
 * or disjoint, so areas are numbered in the preorder of their first cells,
 * and the areas inside area a are exactly the ids [a, end(a)). A cell keeps
 * the id of its innermost area; a whole-map pseudo-area 0 holds them all. */
#ifndef ASTAR_DEAD_ENDS_H
#define ASTAR_DEAD_ENDS_H

#include <stdint.h>

#include "grid/grid.h"

typedef struct dead_end_area {
    uint32_t end;      /* the areas inside it, itself included, are ids [id, end) */
    uint32_t outer;    /* the innermost area holding it, 0 if none */
    uint32_t door;     /* the door's cell index (y * width + x) */
    uint32_t cells;    /* its cells, those of the areas inside it included */
} dead_end_area;

struct dead_ends {
    uint32_t *area;          /* per cell: its innermost area, 0 if none or blocked */
    dead_end_area *areas;    /* count + 1 entries; [0] is the whole map */
    uint32_t count;
};

/* Relabels after the walkability of a cell changed: a full rebuild. On
 * running out of memory the dead ends are disabled (searches stay exact
 * without them) and false is returned. */
bool astar__dead_ends_update(astar_grid *grid);

/* What one search may leave out: every cell on no simple 4-connected path
 * from its start to its goal. Those are the cells of areas that hold
 * neither, of areas outside the innermost area that holds both (the
 * scope), and, when the start's and the goal's sides meet the scope's own
 * cells at one cell, all of its own cells but that one. */
typedef struct dead_end_filter {
    const uint32_t *area;
    const dead_end_area *areas;
    uint32_t start, goal;        /* the innermost areas of the start and goal cells */
    uint32_t scope, scope_span;  /* the areas worth entering are among ids
                                    [scope, scope + scope_span) */
    uint32_t door;               /* a cell worth entering outside them, or no cell */
} dead_end_filter;

/* Sets up f for a search from cell start to cell goal with these moves on
 * grid, uniform_costs telling whether every step onto a cell costs the same
 * (uniform terrain, and no layer or unit adds to it); false if the grid has
 * no dead ends or the search cannot use them. */
bool astar__dead_end_filter_init(dead_end_filter *f, const astar_grid *grid, uint32_t start,
                          uint32_t goal, astar_moves moves, bool uniform_costs);

/* Whether area a is area b or holds it. */
static inline bool dead_end_holds(const dead_end_area *areas, uint32_t a, uint32_t b)
{
    return b - a < areas[a].end - a;
}

/* Whether the search can leave out the walkable cell. */
static inline bool dead_end_filter_skips(const dead_end_filter *f, uint32_t cell)
{
    uint32_t a = f->area[cell];
    if (a - f->scope >= f->scope_span)
        return cell != f->door;
    return !dead_end_holds(f->areas, a, f->start) && !dead_end_holds(f->areas, a, f->goal);
}

#endif
