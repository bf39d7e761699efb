/* A crowd's distance tables over a grid or a graph (world/crowd_tables.h). */
#include "world/crowd_tables.h"

astar_status astar__crowd_tables_grid(crowd_tables *t, const astar_grid *grid, astar_moves moves,
                                      astar_costs costs, size_t count, size_t landmarks,
                                      const astar_allocator *memory)
{
    *t = (crowd_tables){ 0 };
    return astar__lazy_new(grid, moves, costs, count, landmarks, memory, &t->lazy);
}

astar_status astar__crowd_tables_graph(crowd_tables *t, const astar_graph *graph, size_t count,
                                       const astar_allocator *memory)
{
    *t = (crowd_tables){ 0 };
    return astar__lazy_graph_new(graph, count, memory, &t->graph);
}

void astar__crowd_tables_delete(crowd_tables *t)
{
    astar__lazy_delete(t->lazy);
    astar__lazy_graph_delete(t->graph);
    *t = (crowd_tables){ 0 };
}

size_t astar__crowd_tables_bytes(const crowd_tables *t)
{
    return t->lazy ? astar__lazy_bytes(t->lazy) : astar__lazy_graph_bytes(t->graph);
}

void astar__crowd_tables_target(crowd_tables *t, uint32_t table, uint32_t goal, uint32_t focus)
{
    if (t->lazy)
        astar__lazy_target(t->lazy, table, goal, focus);
    else
        astar__lazy_graph_target(t->graph, table, goal, focus);
}

void astar__crowd_tables_refocus(crowd_tables *t, uint32_t table, uint32_t focus)
{
    if (t->lazy)
        astar__lazy_refocus(t->lazy, table, focus);
}

uint32_t astar__crowd_tables_cost(const crowd_tables *t, uint32_t table, uint32_t cell,
                                  bool exact)
{
    if (t->lazy)
        return exact ? astar__lazy_distance(t->lazy, table, cell)
                     : astar__lazy_potential(t->lazy, table, cell);
    return exact ? astar__lazy_graph_distance(t->graph, table, cell)
                 : astar__lazy_graph_potential(t->graph, table, cell);
}

uint32_t astar__crowd_tables_cost_beside(const crowd_tables *t, uint32_t table, uint32_t cell,
                                         uint32_t beside, uint32_t beside_cost)
{
    if (t->lazy)
        return astar__lazy_distance_beside(t->lazy, table, cell, beside, beside_cost);
    return astar__lazy_graph_distance(t->graph, table, cell);
}

uint32_t astar__crowd_tables_step_cost(const crowd_tables *t, uint32_t from, uint32_t to)
{
    return t->lazy ? astar__lazy_step_cost(t->lazy, from, to)
                   : astar__lazy_graph_step_cost(t->graph, from, to);
}

void astar__crowd_tables_prefetch(const crowd_tables *t, uint32_t table, uint32_t cell,
                                  bool page)
{
    if (t->lazy)
        astar__lazy_prefetch(t->lazy, table, cell, page);
}

bool astar__crowd_tables_reach(crowd_tables *t, uint32_t table, uint32_t cell, size_t *budget)
{
    return t->lazy ? astar__lazy_reach(t->lazy, table, cell, budget) : true;
}

void astar__crowd_tables_widen(crowd_tables *t, uint32_t table, size_t *budget)
{
    if (t->lazy)
        (void)astar__lazy_widen(t->lazy, table, budget);
}

void astar__crowd_tables_catch_up(crowd_tables *t)
{
    if (t->lazy)
        astar__lazy_catch_up(t->lazy);
    else
        astar__lazy_graph_catch_up(t->graph);
}

astar_status astar__crowd_tables_status(crowd_tables *t)
{
    return t->lazy ? astar__lazy_status(t->lazy) : astar__lazy_graph_status(t->graph);
}
