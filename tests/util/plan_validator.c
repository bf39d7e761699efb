/* The crowd's rules checked from scratch: a cell-indexed table of who ends
 * where finds shared cells and swaps in O(n), with no trust in the crowd's
 * own tables. */
#include <stdio.h>
#include <stdlib.h>

#include "util/plan_validator.h"
#include "util/reference.h"

/* No unit on a cell (an enum cannot hold it in ISO C). */
#define NOBODY UINT32_MAX

struct plan_validator {
    const astar_grid *grid;
    bool diagonal;
    uint32_t *ends; /* per cell: the unit whose step ends there, or NOBODY */
};

plan_validator *plan_validator_new(const astar_grid *grid, bool diagonal)
{
    plan_validator *v = malloc(sizeof *v);
    if (!v)
        return NULL;
    v->grid = grid;
    v->diagonal = diagonal;
    v->ends = malloc(astar_grid_cells(grid) * sizeof *v->ends);
    if (!v->ends) {
        free(v);
        return NULL;
    }
    for (size_t i = 0; i < astar_grid_cells(grid); i++)
        v->ends[i] = NOBODY;
    return v;
}

void plan_validator_delete(plan_validator *v)
{
    if (v)
        free(v->ends);
    free(v);
}

static bool inside(const astar_grid *g, astar_point p)
{
    return p.x >= 0 && p.y >= 0 && p.x < astar_grid_width(g) && p.y < astar_grid_height(g);
}

static size_t index_of(const astar_grid *g, astar_point p)
{
    return (size_t)p.y * (size_t)astar_grid_width(g) + (size_t)p.x;
}

static bool same(astar_point a, astar_point b)
{
    return a.x == b.x && a.y == b.y;
}

/* Why the single move a -> b of unit i is illegal on its own, or NULL. */
static const char *illegal_move(const plan_validator *v, astar_point a, astar_point b)
{
    if (same(a, b))
        return inside(v->grid, a) ? NULL : "stands outside the map";
    astar_topology hex = astar_grid_topology(v->grid);
    if (hex != ASTAR_TOPOLOGY_SQUARE) {
        if (!ref_hex_adjacent(hex, a, b))
            return "steps to a cell that is not a hex neighbour";
        if (!inside(v->grid, b) || !astar_grid_walkable(v->grid, b.x, b.y))
            return "steps onto a blocked cell or off the map";
        return NULL;
    }
    int dx = abs(b.x - a.x), dy = abs(b.y - a.y);
    if (dx > 1 || dy > 1)
        return "jumps farther than a neighbour";
    if (dx + dy == 2 && !v->diagonal)
        return "steps diagonally with 4 moves";
    if (!inside(v->grid, b) || !astar_grid_walkable(v->grid, b.x, b.y))
        return "steps onto a blocked cell or off the map";
    if (dx + dy == 2 && (!astar_grid_walkable(v->grid, b.x, a.y) ||
                         !astar_grid_walkable(v->grid, a.x, b.y)))
        return "cuts a blocked corner";
    return NULL;
}

static void clear(plan_validator *v, const astar_point *after, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (inside(v->grid, after[i]))
            v->ends[index_of(v->grid, after[i])] = NOBODY;
}

/* The unit whose step ends on p, or NOBODY (p may be outside the map). */
static uint32_t ending_on(const plan_validator *v, astar_point p)
{
    return inside(v->grid, p) ? v->ends[index_of(v->grid, p)] : NOBODY;
}

bool plan_validator_step(plan_validator *v, const astar_point *before, const astar_point *after,
                         size_t n, char *why, size_t size)
{
    char scratch[1];
    if (!why) {
        why = scratch;
        size = sizeof scratch;
    }
    size_t placed = 0;
    bool ok = true;
    for (size_t i = 0; i < n; i++, placed++) {
        const char *bad = illegal_move(v, before[i], after[i]);
        if (bad) {
            snprintf(why, size, "unit %zu (%d,%d) -> (%d,%d) %s", i, before[i].x, before[i].y,
                     after[i].x, after[i].y, bad);
            ok = false;
            break;
        }
        uint32_t other = ending_on(v, after[i]);
        if (other != NOBODY) {
            snprintf(why, size, "units %u and %zu both end on (%d,%d)", other, i, after[i].x,
                     after[i].y);
            ok = false;
            break;
        }
        v->ends[index_of(v->grid, after[i])] = (uint32_t)i;
    }
    /* With every end in the table, a swap is a unit ending where another
     * began while that one ends where it began; a crossing is the same
     * question asked of the two cells beside a diagonal step. */
    for (size_t i = 0; i < n && ok; i++) {
        astar_point a = before[i], b = after[i];
        if (same(a, b))
            continue;
        uint32_t other = ending_on(v, a);
        if (other != NOBODY && same(before[other], b)) {
            snprintf(why, size, "units %zu and %u swap (%d,%d) and (%d,%d)", i, other, a.x, a.y,
                     b.x, b.y);
            ok = false;
        } else if (a.x != b.x && a.y != b.y &&
                   astar_grid_topology(v->grid) == ASTAR_TOPOLOGY_SQUARE) {
            astar_point beside_x = { b.x, a.y }, beside_y = { a.x, b.y };
            other = ending_on(v, beside_y);
            if (other != NOBODY && same(before[other], beside_x)) {
                snprintf(why, size, "units %zu and %u cross diagonally between (%d,%d) and (%d,%d)",
                         i, other, a.x, a.y, b.x, b.y);
                ok = false;
            }
        }
    }
    clear(v, after, placed);
    return ok;
}

bool plan_validator_graph_step(const astar_graph *graph, const uint32_t *before,
                               const uint32_t *after, size_t n, char *why, size_t size)
{
    char scratch[1];
    if (!why) {
        why = scratch;
        size = sizeof scratch;
    }
    uint32_t nodes = astar_graph_nodes(graph);
    uint32_t *ends = malloc((nodes ? nodes : 1) * sizeof *ends);
    if (!ends) {
        snprintf(why, size, "out of memory");
        return false;
    }
    for (uint32_t v = 0; v < nodes; v++)
        ends[v] = NOBODY;
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        uint32_t a = before[i], b = after[i], cost;
        ok = false;
        if (a >= nodes || b >= nodes)
            snprintf(why, size, "unit %zu %u -> %u: not a node", i, a, b);
        else if (a != b && astar_graph_edge_cost(graph, a, b, &cost) != ASTAR_OK)
            snprintf(why, size, "unit %zu %u -> %u: no such edge", i, a, b);
        else if (a != b && !astar_graph_enabled(graph, b))
            snprintf(why, size, "unit %zu %u -> %u: onto a disabled node", i, a, b);
        else if (ends[b] != NOBODY)
            snprintf(why, size, "units %u and %zu both end on node %u", ends[b], i, b);
        else
            ok = true;
        if (ok)
            ends[b] = (uint32_t)i;
    }
    for (size_t i = 0; i < n && ok; i++) {
        uint32_t other = before[i] == after[i] ? NOBODY : ends[before[i]];
        if (other != NOBODY && before[other] == after[i]) {
            snprintf(why, size, "units %zu and %u swap nodes %u and %u", i, other, before[i],
                     after[i]);
            ok = false;
        }
    }
    free(ends);
    return ok;
}

bool plan_validator_at_goals(const astar_point *at, const astar_point *goals, size_t n,
                             char *why, size_t size)
{
    for (size_t i = 0; i < n; i++)
        if (!same(at[i], goals[i])) {
            if (why)
                snprintf(why, size, "unit %zu is at (%d,%d), not at its goal (%d,%d)", i, at[i].x,
                         at[i].y, goals[i].x, goals[i].y);
            return false;
        }
    return true;
}
