/* Search options: defaults, validation, and which ones guarantee optimality. */
#include <math.h>

#include "world/layers.h"
#include "core/options.h"
#include "open/context.h"
#include "world/units.h"

astar_search_options astar_search_options_default(void)
{
    return (astar_search_options){
        .open_list = ASTAR_OPEN_LIST_HEAP,
        .weight = 1.0,
        .ties = ASTAR_TIES_LAST,
        .stop = ASTAR_STOP_CLOSED,
        .on_edit = ASTAR_ON_EDIT_RESTART,
    };
}

astar_options astar_options_default(void)
{
    return (astar_options){
        .algorithm = ASTAR_ALGORITHM_ASTAR,
        .moves = ASTAR_MOVES_8,
        .costs = ASTAR_COSTS_ARTICLE,
        .heuristic = ASTAR_HEURISTIC_MANHATTAN,
        .world = { .unit_radius = 8, .unit_penalty = 4, .turn_penalty = 0 },
        .search = astar_search_options_default(),
    };
}

/* Enums are compared as unsigned so a negative value is out of range too. */
bool astar__search_options_valid(const astar_search_options *s)
{
    return (unsigned)s->open_list <= ASTAR_OPEN_LIST_BUCKETS &&
           (unsigned)s->ties <= ASTAR_TIES_STRAIGHT && (unsigned)s->stop <= ASTAR_STOP_OPEN &&
           (unsigned)s->on_edit <= ASTAR_ON_EDIT_FINISH && isfinite(s->weight) && s->weight >= 0.0 &&
           s->weight <= 64.0 && (!s->trace || s->trace->events || s->trace->capacity == 0);
}

bool astar__options_valid(const astar_options *o)
{
    return (unsigned)o->algorithm <= ASTAR_ALGORITHM_ANYA &&
           (unsigned)o->moves <= ASTAR_MOVES_8_CUT && (unsigned)o->costs <= ASTAR_COSTS_OCTILE &&
           (unsigned)o->heuristic <= ASTAR_HEURISTIC_ZERO && (unsigned)o->jumps <= ASTAR_JUMPS_STEP &&
           astar__search_options_valid(&o->search) && astar__layer_uses_valid(o) &&
           astar__unit_options_valid(o) && o->world.unit_size >= 0 &&
           o->world.unit_size <= ASTAR_MAX_UNIT_SIZE &&
           o->world.capability <= ASTAR_MAX_CAPABILITIES;
}

astar_status astar__graph_search_options(const astar_options *options, astar_search_options *out)
{
    *out = options->search;
    if (options->heuristic == ASTAR_HEURISTIC_ZERO)
        out->weight = 0.0;
    if (astar__options_world_used(options))
        return ASTAR_INVALID_ARGUMENT;
    return options->algorithm != ASTAR_ALGORITHM_ASTAR ? ASTAR_UNSUPPORTED : ASTAR_OK;
}

astar_status astar__backward_refusal(const astar_search_options *s, bool reaches_everything)
{
    /* The backward searches order equal G by the target's index, on the
     * heap that keeps that order; they stop only on the closed list, since
     * the first square to reach may be dearer than one found later; and
     * the squares they reach lead to targets, not from the start, so no
     * partial path from them helps a unit at the start. */
    if (s->open_list != ASTAR_OPEN_LIST_HEAP || s->ties != ASTAR_TIES_LAST ||
        s->stop != ASTAR_STOP_CLOSED || s->partial)
        return ASTAR_UNSUPPORTED;
    /* A map covers every cell it reaches: a limit would leave it unfinished. */
    return reaches_everything && s->max_expanded ? ASTAR_UNSUPPORTED : ASTAR_OK;
}

/* Whether H never overestimates the cost left. Terrain costs are at least 1,
 * so an estimate that holds for plain ground holds everywhere. */
static bool admissible(const astar_options *o)
{
    bool diagonals = o->moves != ASTAR_MOVES_4;
    switch (o->heuristic) {
    case ASTAR_HEURISTIC_ZERO:
    case ASTAR_HEURISTIC_OCTILE:
    case ASTAR_HEURISTIC_CHEBYSHEV:
        return true;
    case ASTAR_HEURISTIC_MANHATTAN:
        return !diagonals;
    case ASTAR_HEURISTIC_EUCLIDEAN:
        /* 3363/2378 is just above sqrt(2); 14/10 is below it. */
        return !diagonals || o->costs == ASTAR_COSTS_OCTILE;
    }
    return false;
}

/* Each admissible heuristic here is also consistent - no step lowers H by
 * more than the step costs - and stays so when scaled down: H is a norm of
 * (dx, dy) that a straight step changes by at most `straight` and a diagonal
 * one by at most `diagonal`, and rounding down keeps that. */
bool astar__options_consistent(const astar_options *options)
{
    return admissible(options) && options->search.weight <= 1.0;
}

bool astar__options_world_used(const astar_options *options)
{
    const astar_world *w = &options->world;
    return w->layer_count > 0 || w->units != NULL || w->turn_penalty != 0 ||
           astar__options_sized(options);
}

bool astar__options_sized(const astar_options *options)
{
    return options->world.unit_size > 1 || options->world.capability != 0;
}

astar_options astar__options_one_cell(const astar_options *options)
{
    astar_options one = *options;
    one.world.unit_size = 1;
    one.world.capability = 0;
    return one;
}

bool astar_options_optimal(const astar_options *options)
{
    if (!options || !astar__options_valid(options))
        return false;
    if (options->algorithm == ASTAR_ALGORITHM_ANYA)
        return options->search.weight <= 1.0;
    /* A turn penalty is applied per cell, not per (cell, direction): see astar.h. */
    return admissible(options) && options->search.weight <= 1.0 &&
           options->search.stop == ASTAR_STOP_CLOSED &&
           options->world.turn_penalty == 0;
}

astar_open_list astar__open_list_used(const astar_context *ctx, astar_open_list asked,
                                      bool consistent)
{
    if (asked == ASTAR_OPEN_LIST_BUCKETS && (!consistent || ctx->buckets.capacity == 0))
        return ASTAR_OPEN_LIST_HEAP;
    return asked;
}

astar_open_list astar_context_open_list(const astar_context *ctx, const astar_options *options)
{
    if (!ctx || !options || !astar__options_valid(options))
        return ASTAR_OPEN_LIST_HEAP;
    astar_open_list used = astar__open_list_used(ctx, options->search.open_list,
                                                 astar__options_consistent(options));
    if (used != ASTAR_OPEN_LIST_BUCKETS && options->algorithm != ASTAR_ALGORITHM_ASTAR)
        return ASTAR_OPEN_LIST_HEAP;
    return used;
}
