/* A query's start and goal spliced into a built graph (graph/splice.h):
 * the placeholders a build gives the three spliced nodes, and the calls
 * a query re-aims them with, once for waypoint graphs and HPA* alike, so
 * that the two keep one numbering and one row layout. */
#include "graph/splice.h"

astar_status astar__splice_add(astar_graph_builder *b, uint32_t n, uint32_t reach)
{
    astar_status status = ASTAR_OK;
    for (uint32_t v = n; v < n + SPLICE_NODES && status == ASTAR_OK; v++)
        status = astar_graph_builder_position(b, v, 0, 0);
    for (uint32_t v = 0; v < n && status == ASTAR_OK; v++) {
        if (v < reach)
            status = astar_graph_builder_edge(b, splice_start(n), v, ASTAR_MAX_COST);
        if (status == ASTAR_OK)
            status = astar_graph_builder_edge(b, v, splice_goal(n), ASTAR_MAX_COST);
    }
    if (status == ASTAR_OK)
        status = astar_graph_builder_edge(b, splice_start(n), splice_goal(n), ASTAR_MAX_COST);
    return status;
}

astar_status astar__splice_build(astar_graph_builder *b, uint32_t n, astar_graph **out,
                                 astar_error *err)
{
    astar_status status = astar__graph_build(b, out, err);
    if (status == ASTAR_OK)
        status = astar_graph_set_enabled(*out, splice_spare(n), false);
    return status;
}

/* A cursor at the first edge of START's row. */
static splice start_row(astar_graph *g, uint32_t n)
{
    return (splice){ .graph = g, .nodes = n, .edge = g->first[splice_start(n)],
                     .end = g->first[splice_start(n) + 1] };
}

void astar__splice_reset(astar_graph *g, uint32_t n)
{
    splice s = start_row(g, n);
    astar__splice_close(&s);
    for (uint32_t v = 0; v < n; v++)
        splice_to_spare(&s, v);
}

splice astar__splice_begin(astar_graph *g, uint32_t n, astar_point start, astar_point goal)
{
    astar__graph_place(g, splice_start(n), start.x, start.y);
    astar__graph_place(g, splice_goal(n), goal.x, goal.y);
    return start_row(g, n);
}

void astar__splice_close(splice *s)
{
    while (s->edge < s->end)
        astar__graph_aim_edge(s->graph, s->edge++, splice_spare(s->nodes), ASTAR_MAX_COST);
}
