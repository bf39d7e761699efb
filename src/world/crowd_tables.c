/* A crowd's distance tables over a grid or a graph (world/crowd_tables.h). */
#include "world/crowd_tables.h"

#include "astar/graph.h"
#include "core/memory.h"
#include "graph/graph.h"

#define NO_GOAL UINT32_MAX

astar_status astar__crowd_tables_grid(crowd_tables *t, const astar_grid *grid, astar_moves moves,
                                      astar_costs costs, size_t count,
                                      const astar_allocator *memory)
{
    *t = (crowd_tables){ .memory = memory, .count = count };
    return astar__lazy_new(grid, moves, costs, count, memory, &t->lazy);
}

astar_status astar__crowd_tables_graph(crowd_tables *t, const astar_graph *graph, size_t count,
                                       const astar_allocator *memory)
{
    *t = (crowd_tables){ .memory = memory, .count = count, .graph = graph, .edits = graph->edits };
    t->map = astar__allocate_zeroed(memory, count, sizeof *t->map);
    t->goal = astar__allocate(memory, count, sizeof *t->goal);
    if (!t->map || !t->goal ||
        astar_graph_context_new_with(graph->nodes, memory, &t->ctx) != ASTAR_OK) {
        astar__crowd_tables_delete(t);
        return ASTAR_OUT_OF_MEMORY;
    }
    for (size_t i = 0; i < count; i++)
        t->goal[i] = NO_GOAL;
    return ASTAR_OK;
}

void astar__crowd_tables_delete(crowd_tables *t)
{
    if (!t->memory)
        return;
    astar__lazy_delete(t->lazy);
    for (size_t i = 0; t->map && i < t->count; i++)
        astar_graph_distance_map_delete(t->map[i]);
    astar__release(t->memory, t->map);
    astar__release(t->memory, t->goal);
    astar_context_delete(t->ctx);
    *t = (crowd_tables){ 0 };
}

size_t astar__crowd_tables_bytes(const crowd_tables *t)
{
    if (t->lazy)
        return astar__lazy_bytes(t->lazy);
    size_t bytes = t->count * (sizeof *t->map + sizeof *t->goal) + astar_context_bytes(t->ctx);
    for (size_t i = 0; i < t->count; i++)
        bytes += astar_graph_distance_map_bytes(t->map[i]);
    return bytes;
}

/* Builds table i's map for its goal; a failure of the build is kept for
 * astar__crowd_tables_status (the map then reads unreachable everywhere,
 * or past the cost ceiling only, as its build says). */
static void build(crowd_tables *t, uint32_t i)
{
    astar_status s = astar_graph_distance_map_build(t->map[i], t->ctx, t->graph, &t->goal[i], 1,
                                                    NULL);
    if (s == ASTAR_COST_OVERFLOW && t->worst == ASTAR_OK)
        t->worst = s;
}

astar_status astar__crowd_tables_target(crowd_tables *t, uint32_t table, uint32_t goal,
                                        uint32_t focus)
{
    if (t->lazy) {
        astar__lazy_target(t->lazy, table, goal, focus);
        return ASTAR_OK;
    }
    if (!t->map[table] &&
        astar_graph_distance_map_new_with(t->graph->nodes, t->memory, &t->map[table]) != ASTAR_OK)
        return ASTAR_OUT_OF_MEMORY;
    t->goal[table] = goal;
    build(t, table);
    return ASTAR_OK;
}

uint32_t astar__crowd_tables_cost(const crowd_tables *t, uint32_t table, uint32_t cell,
                                  bool exact)
{
    if (t->lazy)
        return exact ? astar__lazy_distance(t->lazy, table, cell)
                     : astar__lazy_potential(t->lazy, table, cell);
    return astar_graph_distance_map_cost(t->map[table], cell);
}

bool astar__crowd_tables_reach(crowd_tables *t, uint32_t table, uint32_t cell, size_t *budget)
{
    return t->lazy ? astar__lazy_reach(t->lazy, table, cell, budget) : true;
}

void astar__crowd_tables_catch_up(crowd_tables *t)
{
    if (t->lazy) {
        astar__lazy_catch_up(t->lazy);
        return;
    }
    if (t->graph->edits == t->edits)
        return;
    t->edits = t->graph->edits;
    for (uint32_t i = 0; i < t->count; i++)
        if (t->goal[i] != NO_GOAL)
            build(t, i);
}

astar_status astar__crowd_tables_status(crowd_tables *t)
{
    if (t->lazy)
        return astar__lazy_status(t->lazy);
    astar_status s = t->worst;
    t->worst = ASTAR_OK;
    return s;
}
