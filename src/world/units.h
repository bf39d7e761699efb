/* Other units (the article's note 1): who stands where, and which cells the
 * remaining paths of moving units claim, kept per cell so that a search
 * reads what it needs for a cell in O(units there) without allocating. */
#ifndef ASTAR_UNITS_H
#define ASTAR_UNITS_H

#include <stdint.h>
#include <stdlib.h>

#include "astar.h"
#include "core/hex.h"
#include "core/memory.h"

#define UNIT_NONE UINT32_MAX

/* A claim names one cell of one unit's path: the unit in the high 32 bits,
 * the index on its path in the low ones. Claims of a cell form a doubly
 * linked list through the path cells themselves, so a path needs no other
 * records and a walked cell leaves its list in O(1). */
typedef uint64_t claim_ref;
#define CLAIM_NONE UINT64_MAX

static inline claim_ref claim_of(uint32_t unit, uint32_t index)
{
    return (claim_ref)unit << 32 | index;
}
static inline uint32_t claim_unit(claim_ref r) { return (uint32_t)(r >> 32); }
static inline uint32_t claim_index(claim_ref r) { return (uint32_t)r; }

typedef struct unit_step {
    astar_point at;
    claim_ref prev, next;   /* the other claims of the same cell */
} unit_step;

typedef struct unit {
    astar_point at;
    uint32_t next_here;     /* the next unit on the same cell; for a free
                               id, the next free id */
    bool alive;
    uint32_t progress;      /* path[progress, length) is claimed: the cell
                               it stands on (or heads for) and those after */
    uint32_t length;        /* 0: no path, the unit is stopped */
    uint32_t capacity;
    unit_step *path;
} unit;

struct astar_units {
    astar_allocator memory; /* the units' arrays and each unit's path */
    int width, height;
    uint32_t max_units;
    uint32_t free_id;       /* the first free id, or UNIT_NONE */
    unit *unit;             /* max_units */
    uint32_t *first_here;   /* per cell: a unit standing there, or UNIT_NONE */
    claim_ref *first_claim; /* per cell: its first claim, or CLAIM_NONE */
};

static inline bool unit_moving(const unit *u)
{
    return u->length > 0;
}

static inline const unit_step *claim_step(const astar_units *units, claim_ref r)
{
    return &units->unit[claim_unit(r)].path[claim_index(r)];
}

/* How a search by one unit sees the others, read once from its options. */
typedef struct unit_view {
    const astar_units *units;   /* NULL: the search ignores units */
    uint32_t me;
    int me_x, me_y;
    int radius;
    uint32_t penalty;
    astar_topology topology; /* the grid's: how far a unit is from the searcher */
} unit_view;

/* Whether the unit fields of options are in range on their own (no grid
 * or units state needed): what astar__options_valid checks. */
bool astar__unit_options_valid(const astar_options *options);

/* Fills view from options for a search of grid: ASTAR_OK, or
 * ASTAR_INVALID_ARGUMENT if the units are not the grid's size or the
 * searching unit is not one of them. */
astar_status astar__unit_view_setup(unit_view *view, const astar_options *options, const astar_grid *grid);

/* The steps from the searcher to (x, y) on an open map: the Chebyshev
 * distance on squares, the hex distance on hexes (where two of the eight
 * cells around are two steps away). */
static inline uint64_t unit_view_steps(const unit_view *v, int x, int y)
{
    if (hex_topology(v->topology))
        return hex_distance(v->topology, v->me_x, v->me_y, x, y);
    uint64_t dx = (uint64_t)llabs((long long)x - v->me_x), dy = (uint64_t)llabs((long long)y - v->me_y);
    return dx > dy ? dx : dy;
}

/* Whether the searching unit may not enter cell (x, y): another unit stands
 * there that is stopped, or within one step of the searcher. */
static inline bool unit_view_blocks(const unit_view *v, uint32_t cell, int x, int y)
{
    uint32_t id = v->units->first_here[cell];
    if (id == UNIT_NONE)
        return false;
    bool near = unit_view_steps(v, x, y) <= 1;
    for (; id != UNIT_NONE; id = v->units->unit[id].next_here)
        if (id != v->me && (near || !unit_moving(&v->units->unit[id])))
            return true;
    return false;
}

/* The penalty for entering cell: one per claim on it by a moving unit
 * other than the searcher standing within the radius. */
static inline uint64_t unit_view_penalty(const unit_view *v, uint32_t cell)
{
    uint64_t sum = 0;
    for (claim_ref r = v->units->first_claim[cell]; r != CLAIM_NONE; r = claim_step(v->units, r)->next) {
        uint32_t id = claim_unit(r);
        astar_point at = v->units->unit[id].at;
        if (id != v->me && unit_view_steps(v, at.x, at.y) <= (uint64_t)v->radius)
            sum += v->penalty;
    }
    return sum;
}

#endif
