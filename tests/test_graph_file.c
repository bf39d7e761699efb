/*
 * test_graph_file.c - graph files (astar/graph_file.h): the Risk board of
 * data/risk.graph with routes counted by hand on the board, the text
 * format's every rule and fault (each with its line), and DIMACS .gr/.co
 * files, their faults, and the tightest scale they give.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "astar.h"

static astar_graph *parse(const char *text)
{
    astar_graph *g = NULL;
    astar_error err;
    if (astar_graph_parse(text, strlen(text), "t.graph", &g, &err) != ASTAR_OK)
        fail_msg("%s", err.message);
    return g;
}

/* The number of borders crossed from one territory to another. */
static uint32_t borders(const astar_graph *g, astar_context *ctx, const char *from, const char *to)
{
    uint32_t a, b;
    assert_int_equal(astar_graph_find(g, from, &a), ASTAR_OK);
    assert_int_equal(astar_graph_find(g, to, &b), ASTAR_OK);
    uint32_t nodes[42];
    astar_route path = { .nodes = nodes, .capacity = 42 };
    assert_int_equal(astar_graph_find_path(ctx, g, a, b, NULL, &path), ASTAR_OK);
    assert_int_equal(path.length, path.cost + 1);
    return path.cost;
}

/* Counted on the board: Argentina - Brazil - North Africa - East Africa -
 * Madagascar; Eastern Australia - New Guinea (or Western Australia) -
 * Indonesia - Siam - India - Middle East - East Africa (or Egypt) - North
 * Africa - Brazil - Argentina; Japan to Great Britain six ways round, west
 * through Mongolia and Ukraine or east through Alaska and Iceland. */
static void test_risk_board(void **state)
{
    (void)state;
    astar_graph *g;
    astar_error err;
    if (astar_graph_load(ASTAR_SOURCE_DIR "/data/risk.graph", &g, &err) != ASTAR_OK)
        fail_msg("%s", err.message);
    assert_int_equal(astar_graph_nodes(g), 42);
    assert_int_equal(astar_graph_edges(g), 2 * 83);
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(42, &ctx), ASTAR_OK);
    assert_int_equal(borders(g, ctx, "Alaska", "Kamchatka"), 1);
    assert_int_equal(borders(g, ctx, "Greenland", "Iceland"), 1);
    assert_int_equal(borders(g, ctx, "Brazil", "North_Africa"), 1);
    assert_int_equal(borders(g, ctx, "Argentina", "Madagascar"), 4);
    assert_int_equal(borders(g, ctx, "Alaska", "Argentina"), 6);
    assert_int_equal(borders(g, ctx, "Japan", "Great_Britain"), 6);
    assert_int_equal(borders(g, ctx, "Eastern_Australia", "Argentina"), 9);
    assert_int_equal(borders(g, ctx, "Quebec", "Ural"), 5); /* Greenland, Iceland, Scandinavia, Ukraine */
    /* To North America from Australia: by Kamchatka and Alaska or by
     * Iceland and Greenland, 10 either way (by Venezuela 12). */
    assert_int_equal(borders(g, ctx, "Eastern_Australia", "Quebec"), 10);
    /* One board: every territory reaches every other. */
    for (uint32_t a = 0; a < 42; a++)
        for (uint32_t b = 0; b < 42; b++) {
            astar_route path = { 0 };
            assert_int_equal(astar_graph_find_path(ctx, g, a, b, NULL, &path), ASTAR_OK);
        }
    /* Islands: one board. */
    assert_int_equal(astar_graph_enable_islands(g), ASTAR_OK);
    for (uint32_t v = 0; v < 42; v++)
        assert_int_equal(astar_graph_island(g, v), 1);
    astar_context_delete(ctx);
    astar_graph_delete(g);
}

static void test_text_format(void **state)
{
    (void)state;
    astar_graph *g = parse("\xEF\xBB\xBF# a comment line\r\n"
                           "graph directed   # directed edges\r\n"
                           "scale tightest\n"
                           "node a 0 0\n"
                           "node b 3 -4.5\n"
                           "node c 6 0\n"
                           "edge a b 10\n"
                           "edge b c\n"
                           "edge a c 20\n"
                           "edge a c 12   # the same edge again: the lower cost\n");
    assert_int_equal(astar_graph_nodes(g), 3);
    assert_int_equal(astar_graph_edges(g), 3);
    uint32_t cost;
    assert_int_equal(astar_graph_edge_cost(g, 1, 2, &cost), ASTAR_OK);
    assert_int_equal(cost, 1);
    assert_int_equal(astar_graph_edge_cost(g, 0, 2, &cost), ASTAR_OK);
    assert_int_equal(cost, 12);
    assert_int_equal(astar_graph_edge_cost(g, 2, 0, &cost), ASTAR_NO_PATH);
    double x, y;
    assert_true(astar_graph_position(g, 1, &x, &y) && x == 3 && y == -4.5);
    /* The tightest scale: b -> c costs 1 over a length of 5.41 */
    double expected = 1 / hypot(3, 4.5);
    assert_true(astar_graph_scale(g) <= expected && astar_graph_scale(g) > expected * (1 - 1e-9));
    astar_graph_delete(g);

    /* Octile: a diagonal of 3 by 3 is 3 sqrt 2 long, a straight 3 is 3. */
    g = parse("graph undirected\nmetric octile\nscale tightest\n"
              "node a 0 0\nnode b 3 3\nnode c 3 0\nedge a b 30\nedge a c 20\n");
    assert_int_equal(astar_graph_metric(g), ASTAR_HEURISTIC_OCTILE);
    assert_true(astar_graph_scale(g) <= 20.0 / 3 && astar_graph_scale(g) > 20.0 / 3 * (1 - 1e-9));
    astar_graph_delete(g);

    g = parse("graph undirected\nnode x\nnode y\nedge y x 7\n");
    assert_int_equal(astar_graph_edges(g), 2);
    assert_int_equal(astar_graph_edge_cost(g, 0, 1, &cost), ASTAR_OK);
    assert_int_equal(cost, 7);
    assert_false(astar_graph_position(g, 0, &x, &y));
    astar_graph_delete(g);
}

/* A node placed so far away that its distance times the scale is more
 * than any integer holds (fuzz_graph found it: the conversion of H was
 * undefined): its H is capped, the searches run as any other, and UBSan
 * (build-san) sees nothing. From b the edge to c is the path; from the
 * far node or towards it, the start's own H is past the cost limit, so
 * no path within the limit can exist: ASTAR_COST_OVERFLOW rather than
 * ASTAR_NO_PATH, as astar/search.h says of every search. */
static void test_far_positions(void **state)
{
    (void)state;
    astar_graph *g = parse("graph directed\nscale tightest\n"
                           "node a 0 555555555555555555550\n"
                           "node b 3 -4.5\nnode c 6 10\nedge b c 12\n");
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(3, &ctx), ASTAR_OK);
    uint32_t nodes[3];
    astar_route path = { .nodes = nodes, .capacity = 3 };
    assert_int_equal(astar_graph_find_path(ctx, g, 1, 2, NULL, &path), ASTAR_OK);
    assert_int_equal(path.cost, 12);
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 2, NULL, &path), ASTAR_COST_OVERFLOW);
    assert_int_equal(astar_graph_find_path(ctx, g, 1, 0, NULL, &path), ASTAR_COST_OVERFLOW);
    astar_context_delete(ctx);
    astar_graph_delete(g);
}

/* Each fault of the text format, with the line it is on. */
static void test_text_faults(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *message;
    } cases[] = {
        { "", "t.graph:1: expected 'graph directed' or 'graph undirected' first" },
        { "node a\n", "t.graph:1: expected 'graph directed' or 'graph undirected' first" },
        { "graph both\n", "t.graph:1: expected 'graph directed' or 'graph undirected' first" },
        { "graph directed\n", "t.graph:1: no node" },
        { "graph directed\ngraph directed\n", "t.graph:2: a second 'graph' line" },
        { "graph directed\nvertex a\n", "t.graph:2: expected node, edge, scale or metric, not 'vertex'" },
        { "graph directed\nmetric octile\nnode a\n", "t.graph: a metric needs the nodes' positions" },
        { "graph directed\nmetric taxi\n", "t.graph:2: a metric is euclidean, octile, manhattan or chebyshev, not 'taxi'" },
        { "graph directed\nmetric octile\nmetric octile\n", "t.graph:3: expected one 'metric NAME' line" },
        { "graph directed\nnode\n", "t.graph:2: expected 'node NAME' or 'node NAME X Y'" },
        { "graph directed\nnode a 1\n", "t.graph:2: expected 'node NAME' or 'node NAME X Y'" },
        { "graph directed\nnode a 1 y\n", "t.graph:2: expected two numbers for the position, not 'y'" },
        { "graph directed\nnode a 1 2\nnode b\n", "t.graph:3: this node has no position; the first had one" },
        { "graph directed\nnode a\nnode b 1 2\n", "t.graph:3: this node has a position; the first had none" },
        { "graph directed\nnode a\n\nnode a\n", "t.graph:4: node 'a' again (first on line 2)" },
        { "graph directed\nnode a\nedge a\n", "t.graph:3: expected 'edge FROM TO' or 'edge FROM TO COST'" },
        { "graph directed\nnode a\nnode b\nedge a b 0\n", "t.graph:4: a cost is a whole number from 1 to 4294967295, not '0'" },
        { "graph directed\nnode a\nnode b\nedge a b 4294967296\n", "t.graph:4: a cost is a whole number from 1 to 4294967295, not '4294967296'" },
        { "graph directed\nnode a\nnode b\nedge a c 1\n", "t.graph:4: no node is named 'c'" },
        { "graph directed\nnode a\nedge a a 1\n", "t.graph:3: an edge from a node to itself: 'a'" },
        { "graph directed\nscale 1\nnode a\n", "t.graph: a scale needs the nodes' positions" },
        { "graph directed\nscale -1\nnode a 0 0\n", "t.graph:2: a scale is a number or 'tightest', not '-1'" },
        { "graph directed\nscale 1\nscale 2\n", "t.graph:3: expected one 'scale X' or 'scale tightest' line" },
        { "graph directed\nscale 2\nnode a 0 0\nnode b 3 4\nedge a b 9\n",
          "t.graph: edge 0 -> 1 costs 9, less than scale 2 times its length 5" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        astar_graph *g = (astar_graph *)&g;
        astar_error err;
        astar_status s =
            astar_graph_parse(cases[i].text, strlen(cases[i].text), "t.graph", &g, &err);
        if (s != ASTAR_PARSE_ERROR || strcmp(err.message, cases[i].message) != 0)
            fail_msg("case %zu: %s '%s', expected '%s'", i, astar_status_message(s), err.message,
                     cases[i].message);
        assert_null(g);
    }
    astar_graph *g;
    astar_error err;
    assert_int_equal(astar_graph_load("/nonexistent/x.graph", &g, &err), ASTAR_IO_ERROR);
    assert_non_null(strstr(err.message, "/nonexistent/x.graph"));
    assert_int_equal(astar_graph_parse(NULL, 3, NULL, &g, &err), ASTAR_INVALID_ARGUMENT);
}

static const char gr[] = "c a small road network\n"
                         "p sp 4 6\n"
                         "a 1 2 5\n"
                         "a 2 1 5\n"
                         "a 2 3 5\n"
                         "a 1 3 20\n"
                         "a 3 3 1\n"
                         "c node 4 is alone\n"
                         "a 3 1 30\n";
static const char co[] = "c coordinates\n"
                         "p aux sp co 4\n"
                         "v 1 0 0\n"
                         "v 2 3 4\n"
                         "v 3 6 8\n"
                         "v 4 -100 -100\n";

static void test_dimacs(void **state)
{
    (void)state;
    astar_graph *g;
    astar_error err;
    if (astar_graph_parse_dimacs(gr, strlen(gr), "r.gr", co, strlen(co), "r.co", &g, &err) !=
        ASTAR_OK)
        fail_msg("%s", err.message);
    assert_int_equal(astar_graph_nodes(g), 4);
    assert_int_equal(astar_graph_edges(g), 5); /* the loop 3 -> 3 left out */
    /* Tightest: 5 over a length of 5 on 1 -> 2, 2 -> 3. */
    assert_true(astar_graph_scale(g) <= 1.0 && astar_graph_scale(g) > 1 - 1e-9);
    astar_context *ctx;
    assert_int_equal(astar_graph_context_new(4, &ctx), ASTAR_OK);
    uint32_t nodes[4];
    astar_route path = { .nodes = nodes, .capacity = 4 };
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 2, NULL, &path), ASTAR_OK);
    assert_true(path.cost == 10 && path.length == 3 && nodes[1] == 1);
    /* With H the search goes straight: a, b, c closed and nothing else. */
    assert_int_equal(path.expanded, 2);
    assert_int_equal(astar_graph_find_path(ctx, g, 0, 3, NULL, &path), ASTAR_NO_PATH);
    astar_graph_delete(g);
    astar_context_delete(ctx);

    if (astar_graph_parse_dimacs(gr, strlen(gr), "r.gr", NULL, 0, NULL, &g, &err) != ASTAR_OK)
        fail_msg("%s", err.message);
    assert_false(astar_graph_position(g, 0, NULL, NULL));
    assert_int_equal(astar_graph_scale(g), 0);
    astar_graph_delete(g);

    /* An isolated node (3, which no arc names) is a valid file. */
    const char *isolated = "p sp 3 1\na 1 2 3\n";
    if (astar_graph_parse_dimacs(isolated, strlen(isolated), "i.gr", NULL, 0, NULL, &g, &err) !=
        ASTAR_OK)
        fail_msg("%s", err.message);
    assert_int_equal(astar_graph_nodes(g), 3);
    assert_int_equal(astar_graph_edges(g), 1);
    astar_graph_delete(g);

    static const struct {
        const char *gr, *co, *message;
    } cases[] = {
        { "a 1 2 3\n", NULL, "r.gr:1: expected the problem line 'p sp N M'" },
        { "c only\n", NULL, "r.gr:2: no problem line ('p')" },
        { "p sp 0 0\n", NULL, "r.gr:1: the node count N is a whole number from 1 to 268435456, not '0'" },
        { "p sp 4000000000 1\n", NULL,
          "r.gr:1: the node count N is a whole number from 1 to 268435456, not '4000000000'" },
        { "p sp -5 1\n", NULL, "r.gr:1: the node count N is a whole number from 1 to 268435456, not '-5'" },
        { "p sp 2 -1\n", NULL, "r.gr:1: the arc count M is a whole number from 0 to 2147483648, not '-1'" },
        { "p sp 2 1\na 1 2 3\n", "p aux sp co 4e9\n",
          "r.co:1: the node count N is a whole number from 1 to 268435456, not '4e9'" },
        { "p sp 2 1\na 1 2 3\n", "p sp co 2\n", "r.co:1: expected the problem line 'p aux sp co N'" },
        { "p sp 2 1\na 1 3 1\n", NULL, "r.gr:2: a node is a number from 1 to 2" },
        { "p sp 2 1\na 1 2 0\n", NULL, "r.gr:2: a cost is a whole number from 1 to 4294967295, not '0'" },
        { "p sp 2 1\nx 1 2 3\n", NULL, "r.gr:2: expected an arc 'a U V W'" },
        { "p sp 2 1\na 1 2 3\na 2 1 3\n", NULL, "r.gr:3: more arcs than the 1 the problem line gives" },
        { "p sp 2 2\na 1 2 3\n", NULL, "r.gr:2: 1 arcs, where the problem line gives 2" },
        { "p sp 268435456 1\na 1 2 3\n", NULL,
          "r.gr:1: 268435456 nodes and 1 arcs: without a .co file, at most 2 nodes an arc and 1048576 more that no arc names" },
        { "p sp 3 5\na 1 2 3\n", NULL,
          "r.gr:1: 5 arcs: more than 17 bytes can hold (an arc takes a line of 8 bytes or more)" },
        /* A .co file too short is its own fault, on its own line. */
        { "p sp 3 1\na 1 2 3\n", "c\np aux sp co 3\n",
          "r.co:2: 3 nodes: more than 16 bytes can hold (a node takes a coordinate line of 8 bytes or more)" },
        { "p sp 2 1\na 1 2 3\n", "p aux sp co 3\nv 1 0 0\nv 2 0 0\n", "r.co:1: 3 nodes, where the graph has 2" },
        { "p sp 2 1\na 1 2 3\n", "p aux sp co 2\nv 1 0 0\n", "r.co:2: coordinates for 1 of the 2 nodes" },
        { "p sp 2 1\na 1 2 3\n", "p aux sp co 2\nv 1 0 0\nv 3 0 0\n", "r.co:3: a node is a number from 1 to 2" },
        { "p sp 2 1\na 1 2 3\n", "p aux sp co 2\nv 1 0\n", "r.co:2: expected a node's coordinates 'v ID X Y'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        g = (astar_graph *)&g;
        astar_status s = astar_graph_parse_dimacs(cases[i].gr, strlen(cases[i].gr), "r.gr",
                                                  cases[i].co,
                                                  cases[i].co ? strlen(cases[i].co) : 0, "r.co",
                                                  &g, &err);
        if (s != ASTAR_PARSE_ERROR || strcmp(err.message, cases[i].message) != 0)
            fail_msg("case %zu: %s '%s', expected '%s'", i, astar_status_message(s), err.message,
                     cases[i].message);
        assert_null(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_risk_board),
        cmocka_unit_test(test_text_format),
        cmocka_unit_test(test_text_faults),
        cmocka_unit_test(test_far_positions),
        cmocka_unit_test(test_dimacs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
