/* A* for a unit of a size and a capability (astar_world.unit_size and
 * .capability; Harabor and Botea's annotated A*, 2008): the grid's squares
 * as that unit sees them, a search space of the loop in a file of its own
 * (docs/design.md, "Adding a search space").
 *   where it stands  an anchor, the top-left corner of its k x k cells,
 *                    where the capability's clearance is at least k
 *   how it steps     between anchors as a unit of one cell steps between
 *                    cells, the corner rule read on anchors: a diagonal
 *                    step needs both anchors beside it (ASTAR_MOVES_8),
 *                    or one (ASTAR_MOVES_8_CUT), to hold the unit too, so
 *                    that its cells sweep nothing it may not enter
 *   what a step costs  the article's step times the dearest terrain under
 *                    the k x k cells where it arrives (a unit of one cell:
 *                    the terrain it enters, as astar_find_path)
 * That is a unit of one cell on the map eroded to the anchors that fit and
 * priced by their dearest cell, which is how the tests check it
 * (tests/test_sized.c against the reference on that map). Other units
 * are read by footprint (units.h): an anchor where the unit's footprint
 * would overlap a blocking unit's is left out, and one overlapping the
 * claims of moving units near by pays their penalty, as a unit of one
 * cell's search does (tests/test_sized.c against the reference on that
 * map with those anchors avoided and priced). The rest of the game world
 * (layers, the turn penalty) and hex grids are not served yet:
 * ASTAR_UNSUPPORTED. JPS steps over that map (astar_jumps STEP), its rule
 * read on the unit's around bytes, without other units. */
#include "core/moves.h"
#include "search/grid_space.h"
#include "search/state.h"
#include "search/unit_space.h"

typedef struct sized_search {
    search s;                     /* first: the loop hands the expansion &s */
    grid_space g;
    unit_space u;
    bool uniform;                 /* every walkable cell costs the same: step_cost */
    uint32_t terrain;             /* then what every footprint costs */
    uint32_t step_cost[DIRECTIONS];
    const unit_view *units;       /* the search state's, NULL without units */
} sized_search;

/* The article's A* with every tie rule, H on squares. */
static const search_policy on_anchors = { PARENT_STEP, TIES_LINE, search_h_square };

/* Step c) for the anchor current, with the moves' rules - the corner rule
 * too - read on that map's around byte; with jps (a constant), only the
 * neighbours JPS's rule has follow current, as JPS stepping does on cells
 * (astar_jumps): the same rule on another map of the same kind. */
static ALWAYS_INLINE void look_at_neighbours(search *s, astar_open_list kind, const bool jps,
                                             const bool traced, const square *current)
{
    sized_search *z = (sized_search *)s;
    size_t here = (size_t)current->cell + 2 * (size_t)current->y + (size_t)z->g.stride + 1;
    unsigned around = unit_around(&z->u, z->g.around[here], s->cell_step, current->cell), legal;
    if (jps) {
        legal = z->g.grid->successors[current->cell != s->start ? current->dir : DIRECTIONS]
                                     [around];
    } else {
        legal = moves_legal(z->g.moves, around);
        if (current->cell != s->start)
            legal &= ~move_bit(move_opposite(current->dir)); /* the parent: closed */
    }
    for (; legal; legal &= legal - 1) {
        unsigned d = (unsigned)__builtin_ctz(legal);
        uint32_t next = (uint32_t)((int64_t)current->cell + s->cell_step[d]);
        astar_list list = search_list(s, kind, next);
        if (list == ASTAR_LIST_CLOSED)
            continue;
        int x = current->x + move_dx[d], y = current->y + move_dy[d];
        uint64_t g;
        if (!z->units) {
            g = current->g + (z->uniform ? z->step_cost[d]
                                         : (uint64_t)z->g.cost[d] * unit_dearest(&z->u, z->g.grid, x, y));
        } else {
            if (unit_view_blocks(z->units, x, y))
                continue; /* its footprint would overlap another unit's */
            uint64_t factor = z->uniform ? z->terrain : unit_dearest(&z->u, z->g.grid, x, y);
            if (z->units->penalty > 0)
                factor += unit_view_penalty(z->units, x, y);
            g = current->g + (uint64_t)z->g.cost[d] * factor;
        }
        if (search_reach(s, kind, traced, on_anchors, next, x, y, d, current->cell, 0, list, g))
            return;
    }
}

static ALWAYS_INLINE void expand_anchors(search *s, astar_open_list kind, const bool traced,
                                         const square *current)
{
    look_at_neighbours(s, kind, false, traced, current);
}

static ALWAYS_INLINE void expand_jps_steps(search *s, astar_open_list kind, const bool traced,
                                           const square *current)
{
    look_at_neighbours(s, kind, true, traced, current);
}

static ALWAYS_INLINE astar_status seed(search *s, astar_open_list kind)
{
    return search_seed_start(s, kind, on_anchors);
}

SEARCH_STEPS(step_sized, sized_search, true, on_anchors, seed, expand_anchors)
/* JPS's open lists: the heap or the buckets. */
SEARCH_STEPS(step_sized_jps, sized_search, false, on_anchors, seed, expand_jps_steps)

/* Clearance changes up to ASTAR_MAX_UNIT_SIZE - 1 cells from an edit, far
 * from what the search read: every edit touches it. */
SEARCH_KIND(kind_sized, step_sized, sized_search, false, NULL)
SEARCH_KIND(kind_sized_jps, step_sized_jps, sized_search, false, NULL)

astar_status astar__sized_check(const astar_grid *grid, const astar_options *options,
                                astar_point start, astar_point goal)
{
    /* JPS steps on the map as the unit sees it, under its own terms (8
     * moves, the corner rule, uniform terrain); scanning, and JPS+, need
     * that map kept as a grid: the unit's shadow (sliced.c). */
    bool jps_served = options->algorithm == ASTAR_ALGORITHM_JPS &&
                      options->moves == ASTAR_MOVES_8 && astar_grid_uniform(grid) &&
                      !options->world.units;
    if (options->algorithm != ASTAR_ALGORITHM_ASTAR && !jps_served)
        return ASTAR_UNSUPPORTED;
    astar_status status = unit_space_serves(grid, options, true);
    if (status != ASTAR_OK)
        return status;
    if (!grid_contains(grid, start.x, start.y))
        return ASTAR_START_OUT_OF_BOUNDS;
    if (!grid_contains(grid, goal.x, goal.y))
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    /* An end is blocked for the unit where it does not fit: as for a unit
     * of one cell, a wall there, a terrain it may not enter. */
    unit_space u = unit_space_of(grid, options);
    if (!unit_fits(&u, grid, start.x, start.y))
        return ASTAR_START_BLOCKED;
    return unit_fits(&u, grid, goal.x, goal.y) ? ASTAR_OK : ASTAR_GOAL_BLOCKED;
}

astar_status astar__sized_begin(search_state *st, astar_context *ctx, const astar_grid *grid,
                                uint32_t start, uint32_t target, const astar_options *options)
{
    sized_search *z = SEARCH_RECORD(st, sized_search);
    *z = (sized_search){ .u = unit_space_of(grid, options) };
    z->s = search_on_grid(ctx, grid, options, ASTAR_MAX_COST, &z->g);
    uint32_t w = (uint32_t)grid->width;
    z->s.start = start;
    z->s.target = target;
    z->s.target_x = (int)(target % w);
    z->s.target_y = (int)(target / w);
    search_line(&z->s, (int)(start % w), (int)(start / w));
    /* On uniform terrain every footprint's dearest cell costs what the
     * target's does. */
    z->uniform = astar_grid_uniform(grid);
    z->terrain = unit_dearest(&z->u, grid, z->s.target_x, z->s.target_y);
    for (int d = 0; d < DIRECTIONS; d++)
        z->step_cost[d] = z->g.cost[d] * z->terrain;
    z->units = st->extras.units.units ? &st->extras.units : NULL;
    ctx->model = z->s.model;
    /* Each square's parent is one step back, as A*'s: astar_context_node
     * reads it so. */
    ctx->algorithm = ASTAR_ALGORITHM_ASTAR;
    bool jps = options->algorithm == ASTAR_ALGORITHM_JPS;
    st->kind = jps ? &kind_sized_jps : &kind_sized;
    st->end = target;
    return search_start(&z->s, search_choose_list(&z->s, astar__options_consistent(options), !jps),
                        on_anchors, seed);
}
