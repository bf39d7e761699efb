/* A crowd: PIBT (Okumura et al.) over a grid (square or hex) or a graph,
 * guided by one distance table per goal (world/crowd_tables.h).
 * docs/design.md, "Crowds", says why and what it guarantees; this file
 * keeps the invariants the proofs there lean on. */
#include "astar/crowd.h"
#include "astar/graph.h"
#include "astar/grid.h"
#include "core/hex.h"
#include "core/memory.h"
#include "core/moves.h"
#include "graph/graph.h"
#include "grid/grid.h"
#include "world/crowd_plan.h"
#include "world/crowd_tables.h"
#include "world/units.h"

/* No unit, goal or cell: a 32-bit index's one value no map reaches (an
 * enum cannot hold it in ISO C). */
#define NONE UINT32_MAX
enum { MAX_CANDIDATES = ASTAR__CROWD_MAX_NEIGHBOURS + 1 };

/* A goal, shared by the units heading there; slot g's distances are table
 * g of the crowd's tables. A slot no unit uses keeps its table for the
 * goal it had, should that goal be given again. */
typedef struct crowd_goal {
    uint32_t cell;    /* a grid's y * width + x, or a graph's node */
    bool targeted;    /* cell is a goal, its table leads there */
    uint32_t users;
} crowd_goal;

typedef struct crowd_unit {
    uint32_t at;      /* its cell (y * width + x) or node */
    uint32_t next;    /* the cell planned for this step; NONE until planned */
    uint32_t goal;    /* its slot in goals */
    uint32_t elapsed; /* steps since it last stood on its goal: its priority */
    bool waiting;     /* its goal's search has not reached it yet (a budget) */
    size_t lanes;     /* cells of other least ways its search still owes it
                         (options.lanes, within a budget) */
} crowd_unit;

/* A unit being planned: PIBT's recursion, kept on the crowd's own stack
 * so that a chain of thousands of pushed units needs no call stack. */
typedef struct crowd_frame {
    uint32_t unit;
    uint32_t swap; /* the unit it pulls along when it backs away, or NONE */
    uint32_t candidates[MAX_CANDIDATES];
    uint8_t count, tried;
} crowd_frame;

/* A crowd walks exactly one of grid and graph; on a graph a "cell" is a
 * node, its neighbours the targets of its enabled out-edges. */
struct astar_crowd {
    astar_allocator memory;
    const astar_grid *grid;
    const astar_graph *graph;
    astar_crowd_options options;
    int width, height;
    size_t cells;         /* a grid's cells or a graph's nodes */
    uint32_t max_units, count;
    crowd_unit *unit;
    crowd_goal *goals;    /* max_units + 1 slots: a unit heads for one goal, and a
                             unit given a new one holds its old one meanwhile */
    uint32_t *here;       /* per cell: the unit standing there, or NONE */
    uint32_t *claimed;    /* per cell: the unit planned onto it this step */
    uint32_t *by_rank;    /* the fixed random order of ties, highest first */
    uint32_t *order, *spare_order; /* this step's priority order, and room
                                      for the next one's */
    uint32_t ordered;     /* units in order */
    crowd_frame *stack;
    crowd_tables tables;  /* one per slot of goals */
    bool exact;           /* plans read exact costs (astar__crowd_exact) */
    const scatter *guide; /* the solver's ways PIBT tries first, or NULL */
    uint32_t first;       /* the step's unit of the highest priority, which
                             backs away only from a dead end (swap_partner);
                             NONE for the solver's successors */
    uint64_t random;
};

astar_crowd_options astar_crowd_options_default(void)
{
    return (astar_crowd_options){ .moves = ASTAR_MOVES_4, .costs = ASTAR_COSTS_ARTICLE, .seed = 1 };
}

astar_status astar_crowd_new(const astar_grid *grid, size_t max_units,
                             const astar_crowd_options *options, astar_crowd **out)
{
    return astar_crowd_new_with(grid, max_units, options, NULL, out);
}

static astar_status options_status(const astar_crowd_options *o)
{
    if ((o->moves != ASTAR_MOVES_4 && o->moves != ASTAR_MOVES_8 && o->moves != ASTAR_MOVES_8_CUT) ||
        (o->costs != ASTAR_COSTS_ARTICLE && o->costs != ASTAR_COSTS_OCTILE) ||
        o->landmarks > ASTAR_CROWD_MAX_LANDMARKS)
        return ASTAR_INVALID_ARGUMENT;
    /* A step past a blocked corner is not what the validator and the tests
     * check; refused rather than promised untested. */
    return o->moves == ASTAR_MOVES_8_CUT ? ASTAR_UNSUPPORTED : ASTAR_OK;
}

/* What a crowd over either kind of map shares: its units, goals, cells'
 * marks and the random order of ties; the caller sets the map and makes
 * the tables. NULL when out of memory. */
static astar_crowd *crowd_create(const astar_allocator *memory, size_t cells, size_t max_units,
                                 const astar_crowd_options *o)
{
    astar_crowd *c = astar__allocate_zeroed(memory, 1, sizeof *c);
    if (!c)
        return NULL;
    c->memory = *memory;
    c->options = *o;
    c->cells = cells;
    c->max_units = (uint32_t)max_units;
    c->random = o->seed;
    c->first = NONE;
    c->unit = astar__allocate(memory, max_units, sizeof *c->unit);
    c->goals = astar__allocate_zeroed(memory, max_units + 1, sizeof *c->goals);
    c->here = astar__allocate(memory, cells, sizeof *c->here);
    c->claimed = astar__allocate(memory, cells, sizeof *c->claimed);
    c->by_rank = astar__allocate(memory, max_units, sizeof *c->by_rank);
    c->order = astar__allocate(memory, max_units, sizeof *c->order);
    c->spare_order = astar__allocate(memory, max_units, sizeof *c->spare_order);
    c->stack = astar__allocate(memory, max_units, sizeof *c->stack);
    if (!c->unit || !c->goals || !c->here || !c->claimed || !c->by_rank || !c->order ||
        !c->spare_order || !c->stack) {
        astar_crowd_delete(c);
        return NULL;
    }
    for (size_t i = 0; i < cells; i++)
        c->here[i] = c->claimed[i] = NONE;
    /* Fisher-Yates: unit ids in a random order, fixed for the crowd's life. */
    for (uint32_t i = 0; i < c->max_units; i++) {
        uint32_t j = (uint32_t)(splitmix64(&c->random) % (i + 1u));
        c->by_rank[i] = c->by_rank[j];
        c->by_rank[j] = i;
    }
    return c;
}

/* A crowd on grid or on graph (exactly one of them): the checks both
 * kinds make, the graph's own refusals, then its parts and its tables. */
static astar_status crowd_new(const astar_grid *grid, const astar_graph *graph, size_t max_units,
                              const astar_crowd_options *options,
                              const astar_allocator *allocator, astar_crowd **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_crowd_options o = options ? *options : astar_crowd_options_default();
    astar_allocator memory;
    if ((!grid && !graph) || max_units < 1 || max_units > ASTAR_MAX_CELLS ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_status s = options_status(&o);
    if (s != ASTAR_OK)
        return s;
    if (graph) {
        /* The budget rations a grid table's search (astar__lazy_reach),
         * which a graph's tables do not offer; a plan's candidates are a
         * node's out-edges, in a frame of fixed size. */
        if (o.budget > 0)
            return ASTAR_UNSUPPORTED;
        for (uint32_t v = 0; v < graph->nodes; v++)
            if (graph->first[v + 1] - graph->first[v] > ASTAR_CROWD_MAX_DEGREE)
                return ASTAR_UNSUPPORTED;
    }
    astar_crowd *c = crowd_create(&memory, grid ? astar_grid_cells(grid) : graph->nodes,
                                  max_units, &o);
    if (!c)
        return ASTAR_OUT_OF_MEMORY;
    c->grid = grid;
    c->graph = graph;
    if (grid) {
        c->width = astar_grid_width(grid);
        c->height = astar_grid_height(grid);
        s = astar__crowd_tables_grid(&c->tables, grid, o.moves, o.costs, max_units + 1,
                                     o.landmarks, &c->memory);
    } else {
        s = astar__crowd_tables_graph(&c->tables, graph, max_units + 1, &c->memory);
    }
    if (s != ASTAR_OK) {
        astar_crowd_delete(c);
        return ASTAR_OUT_OF_MEMORY;
    }
    *out = c;
    return ASTAR_OK;
}

astar_status astar_crowd_new_with(const astar_grid *grid, size_t max_units,
                                  const astar_crowd_options *options,
                                  const astar_allocator *allocator, astar_crowd **out)
{
    return crowd_new(grid, NULL, max_units, options, allocator, out);
}

astar_status astar_graph_crowd_new(const astar_graph *graph, size_t max_units,
                                   const astar_crowd_options *options, astar_crowd **out)
{
    return astar_graph_crowd_new_with(graph, max_units, options, NULL, out);
}

astar_status astar_graph_crowd_new_with(const astar_graph *graph, size_t max_units,
                                        const astar_crowd_options *options,
                                        const astar_allocator *allocator, astar_crowd **out)
{
    return crowd_new(NULL, graph, max_units, options, allocator, out);
}

void astar_crowd_delete(astar_crowd *crowd)
{
    if (!crowd)
        return;
    astar__crowd_tables_delete(&crowd->tables);
    astar__release(&crowd->memory, crowd->unit);
    astar__release(&crowd->memory, crowd->goals);
    astar__release(&crowd->memory, crowd->here);
    astar__release(&crowd->memory, crowd->claimed);
    astar__release(&crowd->memory, crowd->by_rank);
    astar__release(&crowd->memory, crowd->order);
    astar__release(&crowd->memory, crowd->spare_order);
    astar__release(&crowd->memory, crowd->stack);
    astar__release(&crowd->memory, crowd);
}

size_t astar_crowd_bytes(const astar_crowd *crowd)
{
    if (!crowd)
        return 0;
    size_t per_unit = sizeof(crowd_unit) + sizeof(crowd_goal) + 3 * sizeof(uint32_t) +
                      sizeof(crowd_frame);
    size_t bytes = sizeof *crowd + sizeof(crowd_goal) + crowd->max_units * per_unit +
                   crowd->cells * 2 * sizeof(uint32_t);
    return bytes + astar__crowd_tables_bytes(&crowd->tables);
}

size_t astar_crowd_count(const astar_crowd *crowd)
{
    return crowd ? crowd->count : 0;
}

static uint32_t cell_of(const astar_crowd *c, astar_point p)
{
    return (uint32_t)p.y * (uint32_t)c->width + (uint32_t)p.x;
}

static astar_point point_of(const astar_crowd *c, uint32_t cell)
{
    return (astar_point){ (int32_t)(cell % (uint32_t)c->width), (int32_t)(cell / (uint32_t)c->width) };
}

static bool inside(const astar_crowd *c, astar_point p)
{
    return p.x >= 0 && p.y >= 0 && p.x < c->width && p.y < c->height;
}

/* The island of a cell or node: 0 where the map's islands are not enabled. */
static uint32_t island_of(const astar_crowd *c, uint32_t cell)
{
    if (c->graph)
        return astar_graph_island(c->graph, cell);
    astar_point p = point_of(c, cell);
    return astar_grid_island(c->grid, p.x, p.y);
}

/* The slot of goal (a walkable cell or enabled node), reached from
 * `from`, taken by one more unit; or why not, with every slot's users as
 * they were. Unless `search`, the goal's table is left to reach `from`
 * later (the caller has islands enabled, so a goal out of reach is known
 * here). */
static astar_status take_goal(astar_crowd *c, uint32_t goal, uint32_t from, bool search,
                              uint32_t *slot)
{
    /* With the map's islands enabled (a grid's are 4-connected, which are
     * the regions of every moves rule; a graph's join nodes whatever the
     * edges' directions), a goal on another island is known at once; the
     * table would have to search the goal's whole island to say so. */
    uint32_t island = island_of(c, goal);
    if (island != 0 && island != island_of(c, from))
        return ASTAR_NO_PATH;
    astar__crowd_tables_catch_up(&c->tables);
    /* A slot keeps its goal's table after its last unit leaves, so that a
     * goal given again (a game's rally point) goes on from what it has
     * explored; a new goal prefers a slot whose table has its directory. */
    uint32_t found = NONE, unused = NONE;
    for (uint32_t g = 0; g <= c->max_units && found == NONE; g++) {
        const crowd_goal *slot_g = &c->goals[g];
        if (slot_g->targeted && slot_g->cell == goal)
            found = g;
        else if (slot_g->users == 0 &&
                 (unused == NONE || (slot_g->targeted && !c->goals[unused].targeted)))
            unused = g;
    }
    if (found == NONE) {
        /* Units hold at most max_units slots, one of them perhaps the
         * old goal of the unit asking: of max_units + 1, one is unused.
         * The table heads first for the unit that asked: an A* to its
         * cell, not a ball of its distance (the solver's exact plans too:
         * the same plans, docs/performance.md). */
        found = unused;
        c->goals[found] = (crowd_goal){ .cell = goal, .targeted = true };
        astar__crowd_tables_target(&c->tables, found, goal, from);
    } else {
        astar__crowd_tables_refocus(&c->tables, found, from);
    }
    if (search) {
        (void)astar__crowd_tables_status(&c->tables);
        uint32_t cost = astar__crowd_tables_cost(&c->tables, found, from, true);
        if (astar__crowd_tables_status(&c->tables) == ASTAR_OUT_OF_MEMORY)
            return ASTAR_OUT_OF_MEMORY;
        if (cost == ASTAR_UNREACHABLE)
            return ASTAR_NO_PATH;
        size_t lanes = c->options.lanes;
        astar__crowd_tables_widen(&c->tables, found, &lanes);
    }
    c->goals[found].users++;
    *slot = found;
    return ASTAR_OK;
}

/* A unit on start heading for goal, both checked on the map. */
static astar_status add_unit(astar_crowd *c, uint32_t start, uint32_t goal, size_t *id)
{
    if (c->here[start] != NONE)
        return ASTAR_START_OCCUPIED;
    if (c->count == c->max_units)
        return ASTAR_UNITS_FULL;
    uint32_t slot;
    astar_status s = take_goal(c, goal, start, true, &slot);
    if (s != ASTAR_OK)
        return s;
    uint32_t u = c->count++;
    c->unit[u] = (crowd_unit){ .at = start, .next = NONE, .goal = slot };
    c->here[start] = u;
    if (id)
        *id = u;
    return ASTAR_OK;
}

astar_status astar_crowd_add(astar_crowd *crowd, astar_point start, astar_point goal, size_t *id)
{
    if (!crowd || !crowd->grid)
        return ASTAR_INVALID_ARGUMENT;
    if (!inside(crowd, start))
        return ASTAR_START_OUT_OF_BOUNDS;
    if (!inside(crowd, goal))
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    if (!astar_grid_walkable(crowd->grid, start.x, start.y))
        return ASTAR_START_BLOCKED;
    if (!astar_grid_walkable(crowd->grid, goal.x, goal.y))
        return ASTAR_GOAL_BLOCKED;
    return add_unit(crowd, cell_of(crowd, start), cell_of(crowd, goal), id);
}

astar_status astar_graph_crowd_add(astar_crowd *crowd, uint32_t start, uint32_t goal, size_t *id)
{
    if (!crowd || !crowd->graph)
        return ASTAR_INVALID_ARGUMENT;
    if (start >= crowd->cells)
        return ASTAR_START_OUT_OF_BOUNDS;
    if (goal >= crowd->cells)
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    if (!astar_graph_enabled(crowd->graph, start))
        return ASTAR_START_BLOCKED;
    if (!astar_graph_enabled(crowd->graph, goal))
        return ASTAR_GOAL_BLOCKED;
    return add_unit(crowd, start, goal, id);
}

/* Takes back the last unit added: the crowd as before its astar_crowd_add. */
static void drop_last(astar_crowd *c)
{
    crowd_unit *u = &c->unit[--c->count];
    c->here[u->at] = NONE;
    c->goals[u->goal].users--;
}

/* Whether units is a units object over the crowd's grid and ids[0..count)
 * are units of it: ASTAR_OK, ASTAR_INVALID_ARGUMENT, or ASTAR_UNSUPPORTED
 * for one added with a size. */
static astar_status units_status(const astar_crowd *c, const astar_units *units,
                                 const uint32_t *ids, size_t count)
{
    if (!c->grid || !units || (!ids && count > 0) || units->width != c->width ||
        units->height != c->height)
        return ASTAR_INVALID_ARGUMENT;
    for (size_t i = 0; i < count; i++) {
        if (ids[i] >= units->max_units || !units->unit[ids[i]].alive)
            return ASTAR_INVALID_ARGUMENT;
        if (units->unit[ids[i]].solid)
            return ASTAR_UNSUPPORTED;
    }
    return ASTAR_OK;
}

astar_status astar_crowd_add_units(astar_crowd *crowd, const astar_units *units,
                                   const uint32_t *ids, const astar_point *goals, size_t count,
                                   size_t *first)
{
    if (!crowd || (!goals && count > 0))
        return ASTAR_INVALID_ARGUMENT;
    astar_status s = units_status(crowd, units, ids, count);
    size_t from = crowd->count, added = 0;
    /* Two ids alike would stand on one cell: astar_crowd_add refuses the
     * second (ASTAR_START_OCCUPIED). */
    for (; added < count && s == ASTAR_OK; added++)
        s = astar_crowd_add(crowd, units->unit[ids[added]].at, goals[added], NULL);
    if (s != ASTAR_OK) {
        while (crowd->count > from)
            drop_last(crowd);
        return s;
    }
    if (first)
        *first = from;
    return ASTAR_OK;
}

astar_status astar_crowd_move_units(const astar_crowd *crowd, astar_units *units,
                                    const uint32_t *ids, size_t count, size_t first)
{
    if (!crowd || first > crowd->count || count > crowd->count - first ||
        units_status(crowd, units, ids, count) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    for (size_t i = 0; i < count; i++) {
        astar_point at = point_of(crowd, crowd->unit[first + i].at);
        /* Units of one cell added without a size are never refused a cell. */
        (void)astar_units_move(units, ids[i], at.x, at.y);
    }
    return ASTAR_OK;
}

/* Unit id (one of the crowd's) heads for goal (checked on the map). */
static astar_status retarget(astar_crowd *c, size_t id, uint32_t goal)
{
    crowd_unit *u = &c->unit[id];
    uint32_t slot;
    bool later = c->options.budget > 0 && island_of(c, u->at) != 0;
    /* Taken before the old one is let go, so that a unit re-sent to its
     * own goal keeps its table rather than starting it over. */
    astar_status s = take_goal(c, goal, u->at, !later, &slot);
    if (s != ASTAR_OK)
        return s;
    c->goals[u->goal].users--;
    u->goal = slot;
    u->waiting = later;
    u->lanes = 0;
    return ASTAR_OK;
}

astar_status astar_crowd_set_goal(astar_crowd *crowd, size_t id, astar_point goal)
{
    if (!crowd || !crowd->grid || id >= crowd->count)
        return ASTAR_INVALID_ARGUMENT;
    if (!inside(crowd, goal))
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    if (!astar_grid_walkable(crowd->grid, goal.x, goal.y))
        return ASTAR_GOAL_BLOCKED;
    return retarget(crowd, id, cell_of(crowd, goal));
}

astar_status astar_graph_crowd_set_goal(astar_crowd *crowd, size_t id, uint32_t goal)
{
    if (!crowd || !crowd->graph || id >= crowd->count)
        return ASTAR_INVALID_ARGUMENT;
    if (goal >= crowd->cells)
        return ASTAR_GOAL_OUT_OF_BOUNDS;
    if (!astar_graph_enabled(crowd->graph, goal))
        return ASTAR_GOAL_BLOCKED;
    return retarget(crowd, id, goal);
}

static bool at_goal(const astar_crowd *c, const crowd_unit *u)
{
    return u->at == c->goals[u->goal].cell;
}

/* PIBT's priorities, in O(units + max_units) rather than a sort: every
 * unit still on its way gains 1, so those keep their order from the last
 * step and come first; behind them those that stood on their goals (or
 * were added) and have left them, at 1; last those on their goals, at 0.
 * The last two groups have one priority each, so the fixed random order
 * alone orders them. */
static void order_units(astar_crowd *c)
{
    uint32_t n = 0, *order = c->spare_order;
    for (uint32_t i = 0; i < c->ordered; i++) {
        crowd_unit *u = &c->unit[c->order[i]];
        if (u->elapsed > 0 && !at_goal(c, u)) {
            u->elapsed += u->elapsed < UINT32_MAX;
            order[n++] = c->order[i];
        }
    }
    for (int arrived = 0; arrived < 2; arrived++)
        for (uint32_t r = 0; r < c->max_units; r++) {
            uint32_t id = c->by_rank[r];
            if (id >= c->count)
                continue;
            crowd_unit *u = &c->unit[id];
            bool there = at_goal(c, u);
            if (arrived ? there : (u->elapsed == 0 && !there)) {
                u->elapsed = arrived ? 0 : 1;
                order[n++] = id;
            }
        }
    c->spare_order = c->order;
    c->order = order;
    c->ordered = n;
}

/* Whether a diagonal step from -> to would cross a diagonal step already
 * planned between the two cells beside it, in either direction. Plans that
 * a backtrack later takes back only made this answer stricter. */
static bool crosses(const astar_crowd *c, uint32_t from, uint32_t to)
{
    /* A graph's edges have no geometry to cross in. */
    if (c->graph)
        return false;
    astar_point p = point_of(c, from), q = point_of(c, to);
    /* Two hexes' steps cross only where they swap, which is refused anyway. */
    if (p.x == q.x || p.y == q.y || hex_topology(c->grid->topology))
        return false;
    uint32_t beside_x = cell_of(c, (astar_point){ q.x, p.y });
    uint32_t beside_y = cell_of(c, (astar_point){ p.x, q.y });
    uint32_t a = c->here[beside_x], b = c->here[beside_y];
    return (a != NONE && c->unit[a].next == beside_y) || (b != NONE && c->unit[b].next == beside_x);
}

/* The cells one step from cell: walkable, and for a diagonal step with
 * both cells beside it walkable (the corner rule); on a hex grid its six
 * neighbours (core/hex.h), whatever the moves; on a graph the enabled
 * targets of its out-edges, in the order of their numbers. */
static int neighbours(const astar_crowd *c, uint32_t cell, uint32_t out[MAX_CANDIDATES - 1])
{
    if (c->graph) {
        const astar_graph *g = c->graph;
        int n = 0;
        for (uint32_t e = g->first[cell]; e < g->first[cell + 1]; e++)
            if (g->enabled[g->out[e].to])
                out[n++] = g->out[e].to;
        return n;
    }
    astar_point p = point_of(c, cell);
    unsigned topology = c->grid->topology;
    bool hex = hex_topology(topology), diagonals = hex || c->options.moves == ASTAR_MOVES_8;
    unsigned ways = hex_directions(topology, p.x, p.y);
    /* The grid's terrain has a blocked border: a cell off the map reads
     * blocked, with no bounds to test (a fifth of a step's instructions
     * went to astar_grid_walkable's). */
    const uint8_t *here = c->grid->terrain + grid_padded_index(c->grid, p.x, p.y);
    ptrdiff_t row = c->grid->stride;
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if ((dx == 0 && dy == 0) || !here[dy * row + dx] ||
                !(ways & move_bit(move_direction(dx, dy))))
                continue;
            if (dx != 0 && dy != 0 && (!diagonals || (!hex && (!here[dx] || !here[dy * row]))))
                continue;
            out[n++] = cell + (uint32_t)(dy * c->width + dx);
        }
    return n;
}

/* The cost from cell to unit id's goal that plans are guided by: exact
 * (the table's search goes on until cell is closed) for the solver, and
 * for the crowd's own steps a grid table's potential (astar__lazy_potential:
 * the best way it knows, which keeps the table's search near the units'
 * ways). The crowd is const to its callers; the tables' growth changes no
 * exact answer, and lowers potentials only. */
static uint32_t cost_to_goal(const astar_crowd *c, uint32_t id, uint32_t cell)
{
    /* A unit waiting for its search sees every cell alike: it stays, or
     * if pushed goes where it can. */
    if (c->unit[id].waiting)
        return 0;
    return astar__crowd_tables_cost(&c->tables, c->unit[id].goal, cell, c->exact);
}

/* cost_to_goal for cell, a neighbour of `at` whose cost_to_goal is
 * at_cost: for the solver read beside it (astar__crowd_tables_cost_beside),
 * the same cost, at times without resuming the table's search. */
static uint32_t cost_beside(const astar_crowd *c, uint32_t id, uint32_t cell, uint32_t at,
                            uint32_t at_cost)
{
    if (!c->exact || c->unit[id].waiting)
        return cost_to_goal(c, id, cell);
    return astar__crowd_tables_cost_beside(&c->tables, c->unit[id].goal, cell, at, at_cost);
}

/* The ways on from v for a unit coming from `from`: v's other neighbours,
 * leaving out dead ends where a unit stands on its goal (it will not make
 * room). *last is one of them. */
static int ways_on(const astar_crowd *c, uint32_t v, uint32_t from, uint32_t *last,
                   astar_crowd_step_info *info)
{
    uint32_t around[MAX_CANDIDATES - 1], beyond[MAX_CANDIDATES - 1];
    int n = neighbours(c, v, around), ways = 0;
    info->walked++;
    for (int i = 0; i < n; i++) {
        uint32_t w = around[i], there = c->here[w];
        if (w == from || (neighbours(c, w, beyond) == 1 && there != NONE &&
                          w == c->goals[c->unit[there].goal].cell))
            continue;
        ways++;
        *last = w;
    }
    return ways;
}

/* LaCAM3's swap rule (Okumura, AAMAS 2024), which PIBT alone lacks: in a
 * corridor, two units heading opposite ways only push each other to its
 * end. Required when pusher's way towards its goal runs through puller
 * along a corridor (no side way) and puller wants pusher's cell; with
 * dead_end_only, only where that corridor ends in a dead end. */
static bool swap_required(const astar_crowd *c, uint32_t pusher, uint32_t puller,
                          uint32_t v_pusher, uint32_t v_puller, bool dead_end_only,
                          astar_crowd_step_info *info)
{
    bool dead_end = false;
    while (cost_to_goal(c, pusher, v_puller) < cost_to_goal(c, pusher, v_pusher)) {
        uint32_t on = NONE;
        int ways = ways_on(c, v_puller, v_pusher, &on, info);
        if (ways >= 2)
            return false; /* a side way: they can pass there */
        if (ways == 0) {
            dead_end = true;
            break;
        }
        v_pusher = v_puller;
        v_puller = on;
    }
    if (dead_end_only && !dead_end)
        return false;
    return cost_to_goal(c, puller, v_pusher) < cost_to_goal(c, puller, v_puller) &&
           (cost_to_goal(c, pusher, v_pusher) == 0 ||
            cost_to_goal(c, pusher, v_puller) < cost_to_goal(c, pusher, v_pusher));
}

/* ... and possible when, walking back from the puller's side, a side way
 * comes before the corridor ends or closes on itself (a ring). */
static bool swap_possible(const astar_crowd *c, uint32_t v_pusher, uint32_t v_puller,
                          astar_crowd_step_info *info)
{
    uint32_t origin = v_pusher;
    /* A walk that does not come back to its origin ends at a side way or a
     * dead end; the bound only makes that plain. */
    for (size_t walked = 0; v_puller != origin && walked < c->cells; walked++) {
        uint32_t on = NONE;
        int ways = ways_on(c, v_puller, v_pusher, &on, info);
        if (ways != 1)
            return ways >= 2;
        v_pusher = v_puller;
        v_puller = on;
    }
    return false;
}

/* The unit to pull along when unit id backs away instead of pushing: the
 * one on its best cell heading for id's, or (clearing the way ahead) a
 * neighbour that would have to get past id in the corridor id enters.
 * The step's first unit backs away only where the corridor ends in a dead
 * end: PIBT's proof that every unit arrives follows that unit, which must
 * step nearer its goal every step, and a map with no dead end (a
 * biconnected one) lets it. Backing away wherever the corridor ran on
 * past the pusher's goal kept units from their goals for ever, stepping
 * back and on in turn: 69 of 400 random biconnected graphs, none since
 * (tests/test_crowd_graph.c); on random grids it halved the runs with a
 * unit that never arrived (docs/design.md, "Crowds"). The solver keeps
 * LaCAM3's rule whole: its search is complete without the proof. */
static uint32_t swap_partner(const astar_crowd *c, uint32_t id, uint32_t best,
                             astar_crowd_step_info *info)
{
    uint32_t at = c->unit[id].at, there = c->here[best];
    bool first = id == c->first;
    if (there != NONE && there != id && c->unit[there].next == NONE &&
        swap_required(c, id, there, at, best, first, info) && swap_possible(c, best, at, info))
        return there;
    if (best == at)
        return NONE;
    uint32_t around[MAX_CANDIDATES - 1];
    int n = neighbours(c, at, around);
    for (int i = 0; i < n; i++) {
        uint32_t k = c->here[around[i]];
        if (k != NONE && around[i] != best && swap_required(c, k, id, at, best, first, info) &&
            swap_possible(c, best, at, info))
            return k;
    }
    return NONE;
}

/* Unit id's frame: the cells it may be planned onto - where it stands and
 * its neighbours - nearest its goal first (the solver's: the next cell of
 * the unit's scattered way before all), ties in a random order drawn anew
 * each step; reversed when it must back away pulling another. */
static void push_frame(astar_crowd *c, uint32_t *depth, uint32_t id, astar_crowd_step_info *info)
{
    crowd_frame *f = &c->stack[(*depth)++];
    info->planned++;
    f->unit = id;
    f->tried = 0;
    uint32_t at = c->unit[id].at, cells[MAX_CANDIDATES];
    int n = neighbours(c, at, cells);
    cells[n++] = at;
    uint32_t guided = c->guide ? astar__scatter_next(c->guide, id, at) : NONE;
    uint32_t at_cost = cost_to_goal(c, id, at);
    /* A cell is ranked by the cost of going on through it - its step's
     * price and its own cost - against staying, a half step dearer than
     * going on by a least way (ranks are doubled): with rough terrain a
     * neighbour's cost alone would take a dear step to a cheap cell.
     * Where every step is priced alike the order is the neighbours' costs',
     * as PIBT ranks them. */
    uint64_t ranks[MAX_CANDIDATES], ties[MAX_CANDIDATES];
    for (int i = 0; i < n; i++) {
        /* A random tie-breaker; staying wins a tie, so that a unit whose
         * table leads nowhere (its goal walled in) waits rather than
         * wanders. For the solver's plans a free cell also wins a tie
         * against one where another unit stands (LaCAM3's PIBT does so):
         * fewer units pushed, and off their goals, which took sums of
         * costs from 1.13-1.28 to 1.08-1.19 of the bound
         * (docs/performance.md). The crowd keeps the plain order, with
         * which every dense random crowd of tests/test_crowd.c arrives and
         * with this one not all do. */
        uint64_t tie = 0, rank = 2 * (uint64_t)at_cost + 1;
        if (cells[i] != at) {
            uint64_t draw = splitmix64(&c->random);
            bool taken = c->here[cells[i]] != NONE;
            tie = c->exact ? (uint64_t)taken << 31 | (1 + (draw & (INT32_MAX >> 1)))
                           : 1 + (draw & INT32_MAX);
            rank = 2 * ((uint64_t)cost_beside(c, id, cells[i], at, at_cost) +
                        astar__crowd_step_cost(c, at, cells[i]));
        }
        /* The next cell of the way the solver planned around the others'
         * (world/scatter.h) comes first, as in LaCAM3: first plans' sums
         * of costs fell from 1.08-1.15 to 1.0006-1.02 of the bound
         * (docs/performance.md). */
        if (cells[i] == guided)
            rank = tie = 0;
        int k = i;
        for (; k > 0 && (ranks[k - 1] > rank || (ranks[k - 1] == rank && ties[k - 1] > tie)); k--) {
            ranks[k] = ranks[k - 1];
            ties[k] = ties[k - 1];
            f->candidates[k] = f->candidates[k - 1];
        }
        ranks[k] = rank;
        ties[k] = tie;
        f->candidates[k] = cells[i];
    }
    f->count = (uint8_t)n;
    f->swap = swap_partner(c, id, f->candidates[0], info);
    for (int i = 0; f->swap != NONE && i < n / 2; i++) {
        uint32_t t = f->candidates[i];
        f->candidates[i] = f->candidates[n - 1 - i];
        f->candidates[n - 1 - i] = t;
    }
}

/* Whether unit id may be planned onto cell: nobody else is, the unit
 * there is not planned onto id's cell (a swap), and a diagonal step would
 * cross no planned one. */
static bool free_for(const astar_crowd *c, uint32_t id, uint32_t cell)
{
    uint32_t at = c->unit[id].at, there = c->here[cell];
    return c->claimed[cell] == NONE && (there == NONE || c->unit[there].next != at) &&
           !crosses(c, at, cell);
}

/* Whether a unit on `from` may step to its neighbour `to` - the way back
 * of a step the other way: `to` walkable, or an enabled node with an edge
 * from `from` (a directed graph may have none). A unit may stand on a
 * cell walled in or a node disabled under it, and leave it, but no other
 * unit follows it there. */
static bool step_back_open(const astar_crowd *c, uint32_t from, uint32_t to)
{
    if (c->graph)
        return c->graph->enabled[to] && graph_find_edge(c->graph, from, to) != UINT32_MAX;
    astar_point p = point_of(c, to);
    return c->grid->terrain[grid_padded_index(c->grid, p.x, p.y)] != 0;
}

/* The swap rule's pull: the partner follows into the cell the unit left,
 * if it can step there and that is still free for it. */
static void pull(astar_crowd *c, const crowd_frame *f)
{
    uint32_t at = c->unit[f->unit].at;
    if (f->swap != NONE && c->unit[f->swap].next == NONE &&
        step_back_open(c, c->unit[f->swap].at, at) && free_for(c, f->swap, at)) {
        c->claimed[at] = f->swap;
        c->unit[f->swap].next = at;
    }
}

/* PIBT from unit `root`, which no unit has pushed: each frame tries its
 * cells in order, passing over those not free for it (free_for); a cell
 * with an unplanned unit on it pushes that unit, which must move, and if
 * it cannot (it then stays, on the cell it was pushed from) this frame
 * tries its next cell. A unit with no cell left stays where it is: only
 * the unit that pushed it can have planned onto that cell, and it is about
 * to try another. The root has no pusher: its cell can only be held by a
 * unit fixed onto it beforehand (astar__crowd_successor), and then the
 * plan fails, returning false. */
static bool plan(astar_crowd *c, uint32_t root, astar_crowd_step_info *info)
{
    uint32_t depth = 0;
    push_frame(c, &depth, root, info);
    bool returning = false, succeeded = false;
    while (depth > 0) {
        crowd_frame *f = &c->stack[depth - 1];
        crowd_unit *u = &c->unit[f->unit];
        if (returning && succeeded) {
            depth--;
            continue;
        }
        returning = false;
        bool pushed = false;
        while (!pushed && !succeeded && f->tried < f->count) {
            uint32_t cell = f->candidates[f->tried++];
            info->tried++;
            if (!free_for(c, f->unit, cell))
                continue;
            c->claimed[cell] = f->unit;
            u->next = cell;
            uint32_t other = c->here[cell];
            if (other != NONE && c->unit[other].next == NONE) {
                push_frame(c, &depth, other, info);
                pushed = true;
            } else {
                succeeded = true;
            }
        }
        if (pushed)
            continue;
        if (!succeeded) {
            if (depth == 1 && c->claimed[u->at] != NONE)
                return false;
            c->claimed[u->at] = f->unit;
            u->next = u->at;
        } else if (f->tried == 1) {
            pull(c, f);
        }
        depth--;
        returning = true;
    }
    return true;
}

astar_status astar_crowd_step(astar_crowd *crowd, astar_crowd_step_info *info)
{
    if (!crowd)
        return ASTAR_INVALID_ARGUMENT;
    astar_crowd_step_info mine;
    info = info ? info : &mine;
    *info = (astar_crowd_step_info){ 0 };
    astar__crowd_tables_catch_up(&crowd->tables);
    (void)astar__crowd_tables_status(&crowd->tables);
    order_units(crowd);
    crowd->first = crowd->ordered > 0 ? crowd->order[0] : NONE;
    /* The budget goes to the waiting units in priority order, then what
     * is left to the lanes of those their searches have reached. */
    size_t left = crowd->options.budget;
    for (uint32_t i = 0; i < crowd->ordered && left > 0; i++) {
        crowd_unit *u = &crowd->unit[crowd->order[i]];
        if (u->waiting && astar__crowd_tables_reach(&crowd->tables, u->goal, u->at, &left)) {
            u->waiting = false;
            u->lanes = crowd->options.lanes;
        }
    }
    for (uint32_t i = 0; i < crowd->ordered && left > 0; i++) {
        crowd_unit *u = &crowd->unit[crowd->order[i]];
        if (u->lanes == 0)
            continue;
        size_t spend = u->lanes < left ? u->lanes : left, rest = spend;
        astar__crowd_tables_widen(&crowd->tables, u->goal, &rest);
        left -= spend - rest;
        /* Done when the level is spent before the lanes' share is. */
        u->lanes = rest > 0 ? 0 : u->lanes - spend;
    }
    info->searched = crowd->options.budget - left;
    /* Each unit's first read is at its own cell, in a table of its own:
     * the directory entries asked for first, then the pages they name. */
    for (int page = 0; page < 2; page++)
        for (uint32_t i = 0; i < crowd->ordered; i++) {
            const crowd_unit *u = &crowd->unit[crowd->order[i]];
            astar__crowd_tables_prefetch(&crowd->tables, u->goal, u->at, page);
        }
    /* Nothing is fixed beforehand here, so no plan fails. */
    for (uint32_t i = 0; i < crowd->ordered; i++)
        if (crowd->unit[crowd->order[i]].next == NONE)
            (void)plan(crowd, crowd->order[i], info);
    for (uint32_t id = 0; id < crowd->count; id++)
        crowd->here[crowd->unit[id].at] = NONE;
    for (uint32_t id = 0; id < crowd->count; id++) {
        crowd_unit *u = &crowd->unit[id];
        info->moved += u->next != u->at;
        u->at = u->next;
        u->next = NONE;
        crowd->here[u->at] = id;
        crowd->claimed[u->at] = NONE;
        info->at_goal += at_goal(crowd, u);
        info->waiting += u->waiting;
    }
    return astar__crowd_tables_status(&crowd->tables);
}

astar_status astar_crowd_unit(const astar_crowd *crowd, size_t id, astar_point *at,
                              astar_point *goal)
{
    if (!crowd || !crowd->grid || id >= crowd->count)
        return ASTAR_INVALID_ARGUMENT;
    if (at)
        *at = point_of(crowd, crowd->unit[id].at);
    if (goal)
        *goal = point_of(crowd, crowd->goals[crowd->unit[id].goal].cell);
    return ASTAR_OK;
}

astar_status astar_graph_crowd_unit(const astar_crowd *crowd, size_t id, uint32_t *at,
                                    uint32_t *goal)
{
    if (!crowd || !crowd->graph || id >= crowd->count)
        return ASTAR_INVALID_ARGUMENT;
    if (at)
        *at = crowd->unit[id].at;
    if (goal)
        *goal = crowd->goals[crowd->unit[id].goal].cell;
    return ASTAR_OK;
}

/* The check both kinds of crowd make of a buffer for every unit. */
static astar_status buffer_status(const astar_crowd *crowd, const void *map, const void *buffer,
                                  size_t capacity)
{
    if (!crowd || !map || (!buffer && capacity > 0))
        return ASTAR_INVALID_ARGUMENT;
    return capacity < crowd->count ? ASTAR_PATH_BUFFER_TOO_SMALL : ASTAR_OK;
}

astar_status astar_crowd_cells(const astar_crowd *crowd, astar_point *cells, size_t capacity)
{
    astar_status s = buffer_status(crowd, crowd ? crowd->grid : NULL, cells, capacity);
    for (uint32_t id = 0; s == ASTAR_OK && id < crowd->count; id++)
        cells[id] = point_of(crowd, crowd->unit[id].at);
    return s;
}

astar_status astar_graph_crowd_nodes(const astar_crowd *crowd, uint32_t *nodes, size_t capacity)
{
    astar_status s = buffer_status(crowd, crowd ? crowd->graph : NULL, nodes, capacity);
    for (uint32_t id = 0; s == ASTAR_OK && id < crowd->count; id++)
        nodes[id] = crowd->unit[id].at;
    return s;
}

bool astar__crowd_successor(astar_crowd *crowd, const uint32_t *from, const uint32_t *order,
                            const uint32_t *fixed, const uint32_t *onto, size_t fixes,
                            uint32_t *to, astar_crowd_step_info *info)
{
    astar_crowd_step_info mine = { 0 };
    info = info ? info : &mine;
    crowd->first = NONE;
    for (uint32_t id = 0; id < crowd->count; id++)
        crowd->here[crowd->unit[id].at] = NONE;
    for (uint32_t id = 0; id < crowd->count; id++) {
        crowd->unit[id].at = from[id];
        crowd->unit[id].next = NONE;
        crowd->here[from[id]] = id;
    }
    bool ok = true;
    /* A fix is tested as a plan would be, against the fixes before it:
     * the same free-for rule keeps them apart. */
    for (size_t k = 0; k < fixes && ok; k++) {
        crowd_unit *u = &crowd->unit[fixed[k]];
        ok = u->next == NONE && free_for(crowd, fixed[k], onto[k]);
        if (ok) {
            crowd->claimed[onto[k]] = fixed[k];
            u->next = onto[k];
        }
    }
    for (uint32_t i = 0; i < crowd->count && ok; i++)
        if (crowd->unit[order[i]].next == NONE)
            ok = plan(crowd, order[i], info);
    /* Every cell claimed is some unit's plan or (a failed root) its own. */
    for (uint32_t id = 0; id < crowd->count; id++) {
        crowd_unit *u = &crowd->unit[id];
        if (ok)
            to[id] = u->next;
        if (u->next != NONE)
            crowd->claimed[u->next] = NONE;
        crowd->claimed[u->at] = NONE;
        u->next = NONE;
    }
    return ok;
}

int astar__crowd_neighbours(const astar_crowd *crowd, uint32_t cell,
                            uint32_t out[ASTAR__CROWD_MAX_NEIGHBOURS])
{
    return neighbours(crowd, cell, out);
}

void astar__crowd_exact(astar_crowd *crowd)
{
    crowd->exact = true;
}

void astar__crowd_guide(astar_crowd *crowd, const scatter *ways)
{
    crowd->guide = ways;
}

size_t astar__crowd_cells(const astar_crowd *crowd)
{
    return crowd->cells;
}

uint32_t astar__crowd_at(const astar_crowd *crowd, uint32_t u)
{
    return crowd->unit[u].at;
}

uint32_t astar__crowd_step_cost(const astar_crowd *crowd, uint32_t cell, uint32_t to)
{
    return astar__crowd_tables_step_cost(&crowd->tables, cell, to);
}

uint32_t astar__crowd_goal_cell(const astar_crowd *crowd, uint32_t u)
{
    return crowd->goals[crowd->unit[u].goal].cell;
}

uint32_t astar__crowd_cost(const astar_crowd *crowd, uint32_t u, uint32_t cell)
{
    return astar__crowd_tables_cost(&crowd->tables, crowd->unit[u].goal, cell, true);
}

uint32_t astar__crowd_cost_beside(const astar_crowd *crowd, uint32_t u, uint32_t cell,
                                  uint32_t beside, uint32_t beside_cost)
{
    return astar__crowd_tables_cost_beside(&crowd->tables, crowd->unit[u].goal, cell, beside,
                                           beside_cost);
}

astar_status astar__crowd_status(astar_crowd *crowd)
{
    return astar__crowd_tables_status(&crowd->tables);
}
