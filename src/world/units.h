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
    astar_point at;         /* its anchor: the top-left cell of its footprint */
    uint32_t next_here;     /* the next unit anchored on the same cell; for a
                               free id, the next free id */
    bool alive;
    bool solid;             /* placed with a size (astar_units_add_sized):
                               no other footprint may overlap its own */
    bool waiting;           /* astar_units_wait: its path is the one cell it
                               stands on, kept until a new path or a stop */
    uint8_t size;           /* its footprint is size x size cells */
    uint8_t capability;     /* the clearance astar_units_move_on reads */
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
    uint32_t *first_here;   /* per cell: a unit anchored there, or UNIT_NONE */
    claim_ref *first_claim; /* per cell: its first claim, or CLAIM_NONE */
    /* Per size, how many units have it: the largest present bounds how far
     * up and left of a cell the anchor of a footprint covering it lies. */
    uint32_t of_size[ASTAR_MAX_UNIT_SIZE + 1];
};

/* Whether the footprints of sides k at a and j at b share a cell. */
static inline bool footprints_overlap(astar_point a, int k, astar_point b, int j)
{
    return a.x < b.x + j && b.x < a.x + k && a.y < b.y + j && b.y < a.y + k;
}

/* The steps between the nearest cells of two footprints on an open map
 * (Chebyshev): for units of one cell, the distance between them. */
static inline uint64_t footprints_gap(astar_point a, int k, astar_point b, int j)
{
    long long gx = (long long)b.x - (a.x + k - 1), gy = (long long)b.y - (a.y + k - 1);
    long long hx = (long long)a.x - (b.x + j - 1), hy = (long long)a.y - (b.y + j - 1);
    gx = gx > hx ? gx : hx;
    gy = gy > hy ? gy : hy;
    long long gap = gx > gy ? gx : gy;
    return gap > 0 ? (uint64_t)gap : 0;
}

/* The largest footprint side of any unit in (1 with none). */
static inline int units_reach(const astar_units *units)
{
    int k = ASTAR_MAX_UNIT_SIZE;
    while (k > 1 && units->of_size[k] == 0)
        k--;
    return k;
}

/* The cells whose anchored footprints may cover a cell of the k x k
 * footprint at (x, y): up and left by reach - 1, clipped to the map. */
typedef struct anchor_window {
    int x0, y0, x1, y1; /* inclusive */
} anchor_window;

static inline anchor_window anchors_near(const astar_units *units, int reach, int x, int y, int k)
{
    anchor_window w = { x - reach + 1, y - reach + 1, x + k - 1, y + k - 1 };
    w.x0 = w.x0 > 0 ? w.x0 : 0;
    w.y0 = w.y0 > 0 ? w.y0 : 0;
    w.x1 = w.x1 < units->width - 1 ? w.x1 : units->width - 1;
    w.y1 = w.y1 < units->height - 1 ? w.y1 : units->height - 1;
    return w;
}

/* Moving as searches see it: with a path left to walk, or waiting for one
 * (a claim on its own cell) - penalised, not a wall. */
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
    int size;                   /* the searcher's footprint side */
    int reach;                  /* units_reach when the search began */
    int radius;
    uint32_t penalty;
    astar_topology topology; /* the grid's: how far a unit is from the searcher */
} unit_view;

/* Whether the unit fields of options are in range on their own (no grid
 * or units state needed): what astar__options_valid checks. */
bool astar__unit_options_valid(const astar_options *options);

/* Fills view from options for a search of grid: ASTAR_OK;
 * ASTAR_INVALID_ARGUMENT if the units are not the grid's size or the
 * searching unit is not one of them, or not of the size and capability
 * the options ask for; ASTAR_UNSUPPORTED for footprints on a hex grid. */
astar_status astar__unit_view_setup(unit_view *view, const astar_options *options, const astar_grid *grid);

/* The steps from the searcher's footprint to that of side j at (x, y) on
 * an open map: the Chebyshev gap on squares, the hex distance on hexes
 * (units of one cell only, where two of the eight cells around are two
 * steps away). */
static inline uint64_t unit_view_steps(const unit_view *v, int x, int y, int j)
{
    if (hex_topology(v->topology))
        return hex_distance(v->topology, v->me_x, v->me_y, x, y);
    return footprints_gap((astar_point){ v->me_x, v->me_y }, v->size, (astar_point){ x, y }, j);
}

/* unit_view_blocks and unit_view_penalty where some unit is larger than
 * one cell: the anchors whose footprints could overlap the searcher's,
 * scanned square by square (units.c; out of line, so that the loops of
 * units of one cell stay as small as they were). */
bool astar__unit_view_blocks_wide(const unit_view *v, int x, int y);
uint64_t astar__unit_view_penalty_wide(const unit_view *v, int x, int y);

/* Whether the searcher may not stand with its anchor on (x, y): its
 * footprint there would overlap that of another unit that is stopped, or
 * within one step of the searcher's. For units of one cell: another unit
 * stands on (x, y). */
static inline bool unit_view_blocks(const unit_view *v, int x, int y)
{
    if (v->reach > 1)
        return astar__unit_view_blocks_wide(v, x, y);
    const astar_units *units = v->units;
    uint32_t id = units->first_here[(size_t)y * (size_t)units->width + (size_t)x];
    if (id == UNIT_NONE)
        return false;
    bool near = unit_view_steps(v, x, y, 1) <= 1;
    for (; id != UNIT_NONE; id = units->unit[id].next_here)
        if (id != v->me && (near || !unit_moving(&units->unit[id])))
            return true;
    return false;
}

/* The penalty for the searcher's anchor on (x, y): one per claim of a
 * moving unit other than the searcher, standing within the radius, whose
 * footprint on the claimed cell overlaps the searcher's on (x, y). For
 * units of one cell: one per such claim on (x, y). */
static inline uint64_t unit_view_penalty(const unit_view *v, int x, int y)
{
    if (v->reach > 1)
        return astar__unit_view_penalty_wide(v, x, y);
    const astar_units *units = v->units;
    uint64_t sum = 0;
    for (claim_ref r = units->first_claim[(size_t)y * (size_t)units->width + (size_t)x];
         r != CLAIM_NONE; r = claim_step(units, r)->next) {
        uint32_t id = claim_unit(r);
        astar_point at = units->unit[id].at;
        if (id != v->me && unit_view_steps(v, at.x, at.y, 1) <= (uint64_t)v->radius)
            sum += v->penalty;
    }
    return sum;
}

#endif
