/* libFuzzer target: crowds and the solver on graphs, as the bytes choose.
 * A small graph (directed or not, placed or not, any edge costs, parallel
 * edges, up to ASTAR_CROWD_MAX_DEGREE edges out of a node), a graph crowd
 * of units on distinct nodes, then a sequence of steps, new goals, nodes
 * disabled and enabled, and edge costs changed; last a small solver on the
 * graph as it ends. Checked:
 *   - every call answers a status, never a crash or a leak;
 *   - every step keeps the rules (tests/util/plan_validator.c: an edge or
 *     a wait, no disabled node entered, no node shared, no swap), and the
 *     units' count and goals are what was asked;
 *   - a solver's plan starts on the starts, ends on the goals and keeps
 *     the same rules at every step.
 * Any disagreement aborts, which libFuzzer reports with the input. */
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "fuzz_input.h"
#include "util/plan_validator.h"

enum { MAX_NODES = 24, MAX_EDGES = 96, MAX_UNITS = 12, OPERATIONS = 40, MAX_AGENTS = 5 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_crowd: %s\n", what);
        abort();
    }
}

static astar_graph *graph_from(fuzz_input *in)
{
    uint32_t n = 2 + (uint32_t)fuzz_choose(in, MAX_NODES - 1);
    astar_graph_builder *b;
    bool undirected = fuzz_choose(in, 2), placed = fuzz_choose(in, 2);
    check(astar_graph_builder_new(n, undirected ? ASTAR_GRAPH_UNDIRECTED : ASTAR_GRAPH_DIRECTED,
                                  &b) == ASTAR_OK,
          "builder");
    uint32_t degree[MAX_NODES] = { 0 };
    int edges = fuzz_choose(in, MAX_EDGES);
    for (int e = 0; e < edges; e++) {
        uint32_t u = (uint32_t)fuzz_choose(in, (int)n), v = (uint32_t)fuzz_choose(in, (int)n);
        uint32_t cost = 1 + (uint32_t)fuzz_choose(in, 1000);
        /* A crowd takes at most ASTAR_CROWD_MAX_DEGREE edges out of a
         * node; more are left out here, and refused by the crowd below
         * when the bytes ask for one more. */
        if (degree[u] + 1 >= ASTAR_CROWD_MAX_DEGREE || degree[v] + 1 >= ASTAR_CROWD_MAX_DEGREE)
            continue;
        if (astar_graph_builder_edge(b, u, v, cost) == ASTAR_OK) {
            degree[u]++;
            degree[v] += undirected;
        }
    }
    for (uint32_t v = 0; placed && v < n; v++)
        (void)astar_graph_builder_position(b, v, fuzz_choose(in, 8), fuzz_choose(in, 8));
    astar_graph *g = NULL;
    if (astar_graph_new(b, &g, NULL) != ASTAR_OK)
        g = NULL;
    astar_graph_builder_delete(b);
    return g;
}

/* One step of the crowd, checked. */
static void step(astar_crowd *c, const astar_graph *g, size_t units, const uint32_t *goals)
{
    uint32_t before[MAX_UNITS], after[MAX_UNITS];
    check(astar_graph_crowd_nodes(c, before, MAX_UNITS) == ASTAR_OK, "nodes before");
    astar_crowd_step_info info;
    astar_status s = astar_crowd_step(c, &info);
    check(s == ASTAR_OK || s == ASTAR_COST_OVERFLOW, "a step's status");
    check(astar_graph_crowd_nodes(c, after, MAX_UNITS) == ASTAR_OK, "nodes after");
    char why[200];
    if (!plan_validator_graph_step(g, before, after, units, why, sizeof why)) {
        fprintf(stderr, "fuzz_crowd: %s\n", why);
        abort();
    }
    size_t at_goal = 0;
    for (size_t i = 0; i < units; i++)
        at_goal += after[i] == goals[i];
    check(info.at_goal == at_goal, "units on their goals");
}

/* A small solver on g, its plan checked if it finds one. */
static void solve(fuzz_input *in, const astar_graph *g)
{
    uint32_t n = astar_graph_nodes(g), starts[MAX_AGENTS], goals[MAX_AGENTS];
    size_t agents = 1 + (size_t)fuzz_choose(in, MAX_AGENTS);
    for (size_t i = 0; i < agents; i++) {
        starts[i] = (uint32_t)fuzz_choose(in, (int)n);
        goals[i] = (uint32_t)fuzz_choose(in, (int)n);
    }
    astar_mapf_options o = astar_mapf_options_default();
    o.max_nodes = 2000;
    o.seed = (uint64_t)fuzz_choose(in, 64);
    astar_mapf *m = NULL;
    if (astar_graph_mapf_new(g, starts, goals, agents, &o, &m) != ASTAR_OK) {
        check(m == NULL, "a refused solver is NULL");
        return;
    }
    astar_mapf_info info;
    astar_status s = astar_mapf_solve(m, 0, &info);
    if (s == ASTAR_OK) {
        size_t steps = info.makespan + 1;
        uint32_t *plan = malloc(steps * agents * sizeof *plan);
        check(plan && astar_graph_mapf_plan(m, plan, steps * agents) == ASTAR_OK, "plan");
        char why[200];
        for (size_t i = 0; i < agents; i++)
            check(plan[i] == starts[i] && plan[(steps - 1) * agents + i] == goals[i],
                  "plan ends");
        for (size_t t = 1; t < steps; t++)
            if (!plan_validator_graph_step(g, plan + (t - 1) * agents, plan + t * agents, agents,
                                           why, sizeof why)) {
                fprintf(stderr, "fuzz_crowd: plan step %zu: %s\n", t, why);
                abort();
            }
        free(plan);
    } else {
        check(s == ASTAR_NO_PATH || s == ASTAR_EXPANSION_LIMIT, "a solver's status");
    }
    astar_mapf_delete(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    astar_graph *g = graph_from(&in);
    if (!g)
        return 0;
    uint32_t n = astar_graph_nodes(g);
    astar_crowd_options o = astar_crowd_options_default();
    o.seed = (uint64_t)fuzz_choose(&in, 256);
    astar_crowd *c = NULL;
    check(astar_graph_crowd_new(g, MAX_UNITS, &o, &c) == ASTAR_OK, "crowd");
    uint32_t goals[MAX_UNITS];
    size_t units = 0;
    for (int tries = fuzz_choose(&in, 2 * MAX_UNITS); tries > 0 && units < MAX_UNITS; tries--) {
        uint32_t s = (uint32_t)fuzz_choose(&in, (int)n), t = (uint32_t)fuzz_choose(&in, (int)n);
        size_t id;
        astar_status st = astar_graph_crowd_add(c, s, t, &id);
        check(st == ASTAR_OK || st == ASTAR_START_OCCUPIED || st == ASTAR_NO_PATH ||
                  st == ASTAR_COST_OVERFLOW,
              "an add's status");
        if (st == ASTAR_OK) {
            check(id == units, "a unit's number");
            goals[units++] = t;
        }
    }
    check(astar_crowd_count(c) == units, "the count");
    for (int k = 0; k < OPERATIONS; k++) {
        switch (fuzz_choose(&in, 4)) {
        case 0: {
            if (units == 0)
                break;
            size_t id = (size_t)fuzz_choose(&in, (int)units);
            uint32_t t = (uint32_t)fuzz_choose(&in, (int)n);
            astar_status st = astar_graph_crowd_set_goal(c, id, t);
            if (st == ASTAR_OK)
                goals[id] = t;
            uint32_t goal;
            check(astar_graph_crowd_unit(c, id, NULL, &goal) == ASTAR_OK && goal == goals[id],
                  "a unit's goal");
            break;
        }
        case 1:
            (void)astar_graph_set_enabled(g, (uint32_t)fuzz_choose(&in, (int)n),
                                          fuzz_choose(&in, 3) != 0);
            break;
        case 2: {
            uint32_t u = (uint32_t)fuzz_choose(&in, (int)n), count = 0, to, cost;
            if (astar_graph_out_count(g, u, &count) == ASTAR_OK && count > 0 &&
                astar_graph_out_edge(g, u, (uint32_t)fuzz_choose(&in, (int)count), &to, &cost) ==
                    ASTAR_OK)
                (void)astar_graph_set_edge_cost(g, u, to, 1 + (uint32_t)fuzz_choose(&in, 1000));
            break;
        }
        default:
            step(c, g, units, goals);
        }
    }
    astar_crowd_delete(c);
    solve(&in, g);
    astar_graph_delete(g);
    return 0;
}
