/* Other units: positions, paths and the per-cell lists searches read (the
 * inline readers are in units.h). Every change is made here, between
 * searches; a search only reads. */
#include <string.h>

#include "core/options.h"
#include "grid/grid.h"
#include "world/units.h"

astar_status astar_units_new(int width, int height, uint32_t max_units, astar_units **out)
{
    return astar_units_new_with(width, height, max_units, NULL, out);
}

astar_status astar_units_new_with(int width, int height, uint32_t max_units,
                                  const astar_allocator *allocator, astar_units **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_allocator memory;
    if (width < 1 || height < 1 || width > ASTAR_MAX_SIDE || height > ASTAR_MAX_SIDE ||
        (size_t)width * (size_t)height > ASTAR_MAX_CELLS || max_units < 1 ||
        max_units > ASTAR_MAX_UNITS || astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    size_t cells = (size_t)width * (size_t)height;
    astar_units *units = astar__allocate_zeroed(&memory, 1, sizeof *units);
    if (!units)
        return ASTAR_OUT_OF_MEMORY;
    units->memory = memory;
    units->unit = astar__allocate_zeroed(&memory, max_units, sizeof *units->unit);
    units->first_here = astar__allocate(&memory, cells, sizeof *units->first_here);
    units->first_claim = astar__allocate(&memory, cells, sizeof *units->first_claim);
    if (!units->unit || !units->first_here || !units->first_claim) {
        astar_units_delete(units);
        return ASTAR_OUT_OF_MEMORY;
    }
    units->width = width;
    units->height = height;
    units->max_units = max_units;
    for (size_t i = 0; i < cells; i++) {
        units->first_here[i] = UNIT_NONE;
        units->first_claim[i] = CLAIM_NONE;
    }
    /* Ids are handed out from 0 up until some are given back. */
    for (uint32_t id = 0; id < max_units; id++)
        units->unit[id].next_here = id + 1 < max_units ? id + 1 : UNIT_NONE;
    units->free_id = 0;
    *out = units;
    return ASTAR_OK;
}

void astar_units_delete(astar_units *units)
{
    if (!units)
        return;
    if (units->unit)
        for (uint32_t id = 0; id < units->max_units; id++)
            astar__release(&units->memory, units->unit[id].path);
    astar__release(&units->memory, units->unit);
    astar__release(&units->memory, units->first_here);
    astar__release(&units->memory, units->first_claim);
    astar__release(&units->memory, units);
}

static bool inside(const astar_units *units, int x, int y)
{
    return x >= 0 && y >= 0 && x < units->width && y < units->height;
}

static uint32_t cell_of(const astar_units *units, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)units->width + (uint32_t)p.x;
}

static unit *live(const astar_units *units, uint32_t id)
{
    if (!units || id >= units->max_units || !units->unit[id].alive)
        return NULL;
    return &units->unit[id];
}

static bool same(astar_point a, astar_point b)
{
    return a.x == b.x && a.y == b.y;
}

/* Standing: the per-cell list of units on a cell. */

static void place(astar_units *units, uint32_t id)
{
    uint32_t *first = &units->first_here[cell_of(units, units->unit[id].at)];
    units->unit[id].next_here = *first;
    *first = id;
}

static void lift(astar_units *units, uint32_t id)
{
    uint32_t *link = &units->first_here[cell_of(units, units->unit[id].at)];
    while (*link != id)
        link = &units->unit[*link].next_here;
    *link = units->unit[id].next_here;
}

/* Claims: the per-cell lists of path cells. */

static unit_step *step_at(astar_units *units, claim_ref r)
{
    return &units->unit[claim_unit(r)].path[claim_index(r)];
}

static void link_claim(astar_units *units, uint32_t id, uint32_t index)
{
    unit_step *step = &units->unit[id].path[index];
    claim_ref *first = &units->first_claim[cell_of(units, step->at)];
    claim_ref self = claim_of(id, index);
    step->prev = CLAIM_NONE;
    step->next = *first;
    if (*first != CLAIM_NONE)
        step_at(units, *first)->prev = self;
    *first = self;
}

static void unlink_claim(astar_units *units, uint32_t id, uint32_t index)
{
    unit_step *step = &units->unit[id].path[index];
    claim_ref *from = step->prev == CLAIM_NONE ? &units->first_claim[cell_of(units, step->at)]
                                               : &step_at(units, step->prev)->next;
    *from = step->next;
    if (step->next != CLAIM_NONE)
        step_at(units, step->next)->prev = step->prev;
}

/* Gives up the claims on path[from, to). */
static void release(astar_units *units, uint32_t id, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++)
        unlink_claim(units, id, i);
}

static void drop_path(astar_units *units, uint32_t id)
{
    unit *u = &units->unit[id];
    release(units, id, u->progress, u->length);
    u->progress = u->length = 0;
    u->waiting = false;
}

/* The waiting state: a path of the one cell it stands on, claimed, and
 * never walked to its end (advance is not called on it). The path has room
 * for one cell, which astar_units_wait made sure of. */
static void claim_own_cell(astar_units *units, uint32_t id)
{
    unit *u = &units->unit[id];
    u->path[0].at = u->at;
    link_claim(units, id, 0);
    u->progress = 0;
    u->length = 1;
    u->waiting = true;
}

/* After the unit's position or path changed: if it now stands on a cell of
 * its remaining path, the cells before it are walked and no longer
 * claimed; on the last cell the unit has arrived and stops. */
static void advance(astar_units *units, uint32_t id)
{
    unit *u = &units->unit[id];
    uint32_t j = u->progress;
    while (j < u->length && !same(u->path[j].at, u->at))
        j++;
    if (j == u->length)
        return; /* off its path (or stopped): nothing walked */
    release(units, id, u->progress, j);
    u->progress = j;
    if (j + 1 == u->length)
        drop_path(units, id);
}

/* Whether a footprint of side k at (x, y) for unit id (solid or not) would
 * overlap that of another unit, where either of the two is solid: units
 * of one cell placed without a size may share cells as they always have. */
static bool overlaps_another(const astar_units *units, uint32_t id, int x, int y, int k,
                             bool solid)
{
    anchor_window w = anchors_near(units, units_reach(units), x, y, k);
    for (int by = w.y0; by <= w.y1; by++)
        for (int bx = w.x0; bx <= w.x1; bx++)
            for (uint32_t o = units->first_here[(size_t)by * (size_t)units->width + (size_t)bx];
                 o != UNIT_NONE; o = units->unit[o].next_here) {
                const unit *u = &units->unit[o];
                if (o != id && (solid || u->solid) &&
                    footprints_overlap(u->at, u->size, (astar_point){ x, y }, k))
                    return true;
            }
    return false;
}

/* Whether unit id, of side k and that capability, may stand anchored on
 * (x, y): its footprint on the map, where grid (if given) lets it fit,
 * over nobody else's. */
static astar_status footprint_status(const astar_units *units, const astar_grid *grid,
                                     uint32_t id, int x, int y, int k, size_t capability,
                                     bool solid)
{
    if (!inside(units, x, y))
        return ASTAR_INVALID_ARGUMENT;
    if (x > units->width - k || y > units->height - k)
        return ASTAR_UNIT_DOES_NOT_FIT;
    if (grid) {
        if (astar_grid_width(grid) != units->width || astar_grid_height(grid) != units->height)
            return ASTAR_INVALID_ARGUMENT;
        bool fits;
        if (k == 1 && capability == 0)
            fits = astar_grid_walkable(grid, x, y);
        else if (capability >= astar_grid_capabilities(grid))
            return ASTAR_NO_CLEARANCE;
        else
            fits = astar_grid_clearance(grid, capability, x, y) >= k;
        if (!fits)
            return ASTAR_UNIT_DOES_NOT_FIT;
    }
    return overlaps_another(units, id, x, y, k, solid) ? ASTAR_UNIT_OVERLAP : ASTAR_OK;
}

static astar_status add_unit(astar_units *units, const astar_grid *grid, int x, int y, int size,
                             size_t capability, bool solid, uint32_t *id)
{
    if (!units || !id || size < 1 || size > ASTAR_MAX_UNIT_SIZE ||
        capability > ASTAR_MAX_CAPABILITIES)
        return ASTAR_INVALID_ARGUMENT;
    astar_status fits = footprint_status(units, grid, UNIT_NONE, x, y, size, capability, solid);
    if (fits != ASTAR_OK)
        return fits;
    if (units->free_id == UNIT_NONE)
        return ASTAR_UNITS_FULL;
    uint32_t new_id = units->free_id;
    unit *u = &units->unit[new_id];
    units->free_id = u->next_here;
    *u = (unit){ .at = { x, y }, .alive = true, .solid = solid, .size = (uint8_t)size,
                 .capability = (uint8_t)capability };
    units->of_size[size]++;
    place(units, new_id);
    *id = new_id;
    return ASTAR_OK;
}

astar_status astar_units_add(astar_units *units, int x, int y, uint32_t *id)
{
    return add_unit(units, NULL, x, y, 1, 0, false, id);
}

astar_status astar_units_add_sized(astar_units *units, const astar_grid *grid, int x, int y,
                                   int size, size_t capability, uint32_t *id)
{
    return add_unit(units, grid, x, y, size, capability, true, id);
}

astar_status astar_units_remove(astar_units *units, uint32_t id)
{
    unit *u = live(units, id);
    if (!u)
        return ASTAR_INVALID_ARGUMENT;
    drop_path(units, id);
    lift(units, id);
    units->of_size[u->size]--;
    astar__release(&units->memory, u->path);
    *u = (unit){ .next_here = units->free_id };
    units->free_id = id;
    return ASTAR_OK;
}

astar_status astar_units_move_on(astar_units *units, const astar_grid *grid, uint32_t id, int x,
                                 int y)
{
    unit *u = live(units, id);
    if (!u)
        return ASTAR_INVALID_ARGUMENT;
    astar_status fits = footprint_status(units, grid, id, x, y, u->size, u->capability, u->solid);
    if (fits != ASTAR_OK)
        return fits;
    bool waiting = u->waiting;
    if (waiting)
        drop_path(units, id);
    lift(units, id);
    u->at = (astar_point){ x, y };
    place(units, id);
    if (waiting)
        claim_own_cell(units, id); /* still waiting, on its new cell */
    else
        advance(units, id);
    return ASTAR_OK;
}

astar_status astar_units_move(astar_units *units, uint32_t id, int x, int y)
{
    return astar_units_move_on(units, NULL, id, x, y);
}

astar_status astar_units_set_path(astar_units *units, uint32_t id, const astar_point *points,
                                  size_t count)
{
    unit *u = live(units, id);
    if (!u || (count > 0 && !points) || count >= UINT32_MAX)
        return ASTAR_INVALID_ARGUMENT;
    /* A footprint that would leave the map is no place to walk to. */
    for (size_t i = 0; i < count; i++)
        if (!inside(units, points[i].x, points[i].y) ||
            points[i].x > units->width - u->size || points[i].y > units->height - u->size)
            return ASTAR_INVALID_ARGUMENT;
    if (count > u->capacity) {
        /* Claims name path cells by index, not address, so the move is safe
         * while the old path is still linked. */
        unit_step *grown = astar__allocate(&units->memory, count, sizeof *grown);
        if (!grown)
            return ASTAR_OUT_OF_MEMORY;
        if (u->length)
            memcpy(grown, u->path, u->length * sizeof *grown);
        astar__release(&units->memory, u->path);
        u->path = grown;
        u->capacity = (uint32_t)count;
    }
    drop_path(units, id);
    for (uint32_t i = 0; i < (uint32_t)count; i++) {
        u->path[i].at = points[i];
        link_claim(units, id, i);
    }
    u->length = (uint32_t)count;
    advance(units, id);
    return ASTAR_OK;
}

astar_status astar_units_stop(astar_units *units, uint32_t id)
{
    if (!live(units, id))
        return ASTAR_INVALID_ARGUMENT;
    drop_path(units, id);
    return ASTAR_OK;
}

astar_status astar_units_position(const astar_units *units, uint32_t id, astar_point *at)
{
    const unit *u = live(units, id);
    if (!u || !at)
        return ASTAR_INVALID_ARGUMENT;
    *at = u->at;
    return ASTAR_OK;
}

bool astar_units_moving(const astar_units *units, uint32_t id)
{
    const unit *u = live(units, id);
    return u && unit_moving(u) && !u->waiting;
}

astar_status astar_units_wait(astar_units *units, uint32_t id)
{
    unit *u = live(units, id);
    if (!u)
        return ASTAR_INVALID_ARGUMENT;
    if (u->capacity == 0) {
        u->path = astar__allocate(&units->memory, 1, sizeof *u->path);
        if (!u->path)
            return ASTAR_OUT_OF_MEMORY;
        u->capacity = 1;
    }
    drop_path(units, id);
    claim_own_cell(units, id);
    return ASTAR_OK;
}

bool astar_units_waiting(const astar_units *units, uint32_t id)
{
    const unit *u = live(units, id);
    return u && u->waiting;
}

astar_status astar_units_path(const astar_units *units, uint32_t id, astar_point *points,
                              size_t capacity, size_t *count)
{
    const unit *u = live(units, id);
    if (!u || !count || (!points && capacity > 0))
        return ASTAR_INVALID_ARGUMENT;
    size_t n = u->waiting ? 0 : u->length - u->progress;
    *count = n;
    if (n > capacity)
        return ASTAR_PATH_BUFFER_TOO_SMALL;
    for (size_t i = 0; i < n; i++)
        points[i] = u->path[u->progress + i].at;
    return ASTAR_OK;
}

size_t astar_units_remaining(const astar_units *units, uint32_t id)
{
    const unit *u = live(units, id);
    return u ? u->length - u->progress : 0;
}

/* The index of the path cell a moving unit enters next: the one after the
 * cell it stands on or, off its path, the first one it still claims. */
static uint32_t next_index(const unit *u)
{
    return same(u->path[u->progress].at, u->at) ? u->progress + 1 : u->progress;
}

/* Whether a moving unit's next footprint overlaps the k x k one at p. */
static bool enters_next(const unit *u, astar_point p, int k)
{
    uint32_t i = next_index(u);
    return i < u->length && footprints_overlap(u->path[i].at, u->size, p, k);
}

astar_status astar_units_next(const astar_units *units, uint32_t id, astar_point *next)
{
    const unit *u = live(units, id);
    if (!u || !next)
        return ASTAR_INVALID_ARGUMENT;
    *next = unit_moving(u) && !u->waiting ? u->path[next_index(u)].at : u->at;
    return ASTAR_OK;
}

astar_status astar_units_at(const astar_units *units, int x, int y, uint32_t *ids,
                            size_t capacity, size_t *count)
{
    if (!units || !count || (!ids && capacity > 0) || !inside(units, x, y))
        return ASTAR_INVALID_ARGUMENT;
    size_t n = 0;
    anchor_window w = anchors_near(units, units_reach(units), x, y, 1);
    for (int by = w.y0; by <= w.y1; by++)
        for (int bx = w.x0; bx <= w.x1; bx++)
            for (uint32_t o = units->first_here[(size_t)by * (size_t)units->width + (size_t)bx];
                 o != UNIT_NONE; o = units->unit[o].next_here)
                if (footprints_overlap(units->unit[o].at, units->unit[o].size, (astar_point){ x, y },
                                       1)) {
                    if (n < capacity)
                        ids[n] = o;
                    n++;
                }
    *count = n;
    return ASTAR_OK;
}

astar_status astar_units_step(astar_units *units, const astar_grid *grid, uint32_t id,
                              astar_step *advice)
{
    const unit *u = live(units, id);
    if (!u || !advice || !unit_moving(u) || u->waiting)
        return ASTAR_INVALID_ARGUMENT;
    astar_point next = u->path[next_index(u)].at;
    astar_status s = astar_units_check_step(units, id, next, advice);
    if (s != ASTAR_OK || *advice != ASTAR_STEP_GO)
        return s;
    s = astar_units_move_on(units, grid, id, next.x, next.y);
    /* A wall (or a footprint) where the path goes: waiting would not end. */
    if (s == ASTAR_UNIT_DOES_NOT_FIT || s == ASTAR_UNIT_OVERLAP)
        *advice = ASTAR_STEP_REPATH;
    return s;
}

astar_status astar_units_check_step(const astar_units *units, uint32_t id, astar_point next,
                                    astar_step *advice)
{
    const unit *me = live(units, id);
    if (!me || !advice || !inside(units, next.x, next.y))
        return ASTAR_INVALID_ARGUMENT;
    int k = me->size;
    anchor_window w = anchors_near(units, units_reach(units), next.x, next.y, k);
    *advice = ASTAR_STEP_GO;
    for (int by = w.y0; by <= w.y1; by++)
        for (int bx = w.x0; bx <= w.x1; bx++)
            for (uint32_t other = units->first_here[(size_t)by * (size_t)units->width + (size_t)bx];
                 other != UNIT_NONE; other = units->unit[other].next_here) {
                const unit *u = &units->unit[other];
                if (other == id || !footprints_overlap(u->at, u->size, next, k))
                    continue;
                /* A stopped unit will not clear the way, and neither will
                 * one coming straight at us: waiting would never end. */
                if (!unit_moving(u) || enters_next(u, me->at, k)) {
                    *advice = ASTAR_STEP_REPATH;
                    return ASTAR_OK;
                }
                *advice = ASTAR_STEP_WAIT;
            }
    if (*advice != ASTAR_STEP_GO)
        return ASTAR_OK;
    /* Two units about to enter the same free cells: the lower id goes
     * first, so that they never both wait. */
    for (int by = w.y0; by <= w.y1; by++)
        for (int bx = w.x0; bx <= w.x1; bx++)
            for (claim_ref r = units->first_claim[(size_t)by * (size_t)units->width + (size_t)bx];
                 r != CLAIM_NONE; r = claim_step(units, r)->next) {
                uint32_t other = claim_unit(r);
                const unit *u = &units->unit[other];
                if (other < id && claim_index(r) == next_index(u) &&
                    footprints_overlap(claim_step(units, r)->at, u->size, next, k)) {
                    *advice = ASTAR_STEP_WAIT;
                    return ASTAR_OK;
                }
            }
    return ASTAR_OK;
}

bool astar__unit_options_valid(const astar_options *o)
{
    return o->world.unit_radius >= 0 && o->world.unit_radius <= ASTAR_MAX_SIDE &&
           o->world.unit_penalty <= ASTAR_MAX_LAYER_VALUE;
}

astar_status astar__unit_view_setup(unit_view *view, const astar_options *o, const astar_grid *grid)
{
    *view = (unit_view){ .units = NULL };
    if (!o->world.units)
        return ASTAR_OK;
    const unit *me = live(o->world.units, o->world.unit);
    if (!me || o->world.units->width != grid->width || o->world.units->height != grid->height ||
        me->size != options_unit_size(o) || me->capability != o->world.capability)
        return ASTAR_INVALID_ARGUMENT;
    int reach = units_reach(o->world.units);
    /* Footprints are squares of squares. */
    if (reach > 1 && hex_topology(grid->topology))
        return ASTAR_UNSUPPORTED;
    *view = (unit_view){
        .units = o->world.units,
        .me = o->world.unit,
        .me_x = me->at.x,
        .me_y = me->at.y,
        .size = me->size,
        .reach = reach,
        .radius = o->world.unit_radius,
        .penalty = o->world.unit_penalty,
        .topology = grid->topology,
    };
    return ASTAR_OK;
}

bool astar__unit_view_blocks_wide(const unit_view *v, int x, int y)
{
    const astar_units *units = v->units;
    anchor_window w = anchors_near(units, v->reach, x, y, v->size);
    for (int by = w.y0; by <= w.y1; by++)
        for (int bx = w.x0; bx <= w.x1; bx++)
            for (uint32_t id = units->first_here[(size_t)by * (size_t)units->width + (size_t)bx];
                 id != UNIT_NONE; id = units->unit[id].next_here) {
                const unit *u = &units->unit[id];
                if (id != v->me &&
                    footprints_overlap(u->at, u->size, (astar_point){ x, y }, v->size) &&
                    (!unit_moving(u) || unit_view_steps(v, bx, by, u->size) <= 1))
                    return true;
            }
    return false;
}

uint64_t astar__unit_view_penalty_wide(const unit_view *v, int x, int y)
{
    const astar_units *units = v->units;
    anchor_window w = anchors_near(units, v->reach, x, y, v->size);
    uint64_t sum = 0;
    for (int by = w.y0; by <= w.y1; by++)
        for (int bx = w.x0; bx <= w.x1; bx++)
            for (claim_ref r = units->first_claim[(size_t)by * (size_t)units->width + (size_t)bx];
                 r != CLAIM_NONE; r = claim_step(units, r)->next) {
                const unit *u = &units->unit[claim_unit(r)];
                if (claim_unit(r) != v->me &&
                    footprints_overlap((astar_point){ bx, by }, u->size, (astar_point){ x, y },
                                       v->size) &&
                    unit_view_steps(v, u->at.x, u->at.y, u->size) <= (uint64_t)v->radius)
                    sum += v->penalty;
            }
    return sum;
}
