/* The request queue (astar/queue.h): every request's answer is the one
 * call's, whatever the slots and budgets; handles go stale and stay so;
 * cancel works in every state and leaves the buffer alone; higher
 * priorities start first and a low one is not starved; an edit restarts
 * the searches it touches; the expansion budget holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "astar.h"
#include "util/grids.h"
#include "util/options.h"
#include "util/random.h"

enum { UNITS = 48, MAX_POINTS = 4096 };

static int choose(void *r, int n)
{
    return rng_below(r, n);
}

typedef struct unit {
    astar_point start, goal;
    astar_options options;
    astar_point cells[MAX_POINTS];
    astar_route path;
    astar_request request;
} unit;

static void unit_request(astar_queue *q, const astar_grid *g, unit *u, int priority)
{
    u->path = (astar_route){ .points = u->cells, .capacity = MAX_POINTS };
    assert_int_equal(astar_queue_request(q, g, u->start, u->goal, &u->options, priority, &u->path,
                                         &u->request),
                     ASTAR_OK);
}

/* Runs updates of this many expansions (ASTAR_QUEUE_ANY_EXPANSIONS: no
 * limit) until every unit's request has ended; returns how many. */
static int update_until_done(astar_queue *q, unit *units, int count, uint32_t expansions)
{
    int updates = 0;
    for (bool pending = true; pending; updates++) {
        astar_queue_report rep;
        assert_int_equal(astar_queue_update(q, expansions, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
        if (expansions != ASTAR_QUEUE_ANY_EXPANSIONS)
            assert_true(rep.expanded <= expansions);
        pending = false;
        for (int i = 0; i < count; i++)
            pending |= astar_queue_poll(q, units[i].request) == ASTAR_IN_PROGRESS;
        assert_true(updates < 1000000);
    }
    return updates;
}

/* Each request's status and path, against astar_find_path's. */
static void expect_one_call_answers(const astar_queue *q, const astar_grid *g, unit *units,
                                    int count)
{
    astar_context *ctx;
    assert_int_equal(astar_context_new(astar_grid_cells(g), &ctx), ASTAR_OK);
    static astar_point cells[MAX_POINTS];
    for (int i = 0; i < count; i++) {
        unit *u = &units[i];
        astar_route p = { .points = cells, .capacity = MAX_POINTS };
        astar_status s = astar_find_path(ctx, g, u->start, u->goal, &u->options, &p);
        assert_int_equal(astar_queue_poll(q, u->request), s);
        assert_int_equal(u->path.length, p.length);
        assert_int_equal(u->path.cost, p.cost);
        assert_int_equal(u->path.expanded, p.expanded);
        if (s == ASTAR_OK)
            assert_memory_equal(u->path.points, cells, p.length * sizeof *cells);
    }
    astar_context_delete(ctx);
}

/* Random requests on random grids and a benchmark map, 1 to 8 slots,
 * budgets from 1 expansion to unlimited: the one call's answers. */
static void test_answers_are_the_one_call_answers(void **state)
{
    (void)state;
    rng r = { 21 };
    static unit units[UNITS];
    long requests = 0;
    for (int k = 0; k < 60; k++) {
        astar_grid *g;
        if (k % 10 == 0) {
            char map[512];
            snprintf(map, sizeof map, "%s/maps/dao/den312d.map", ASTAR_BENCH_DIR);
            assert_int_equal(astar_grid_load_movingai(map, &g, NULL), ASTAR_OK);
        } else {
            g = random_grid(&r, 10 + rng_below(&r, 40), 10 + rng_below(&r, 40),
                            (grid_recipe){ .blocked_percent = rng_below(&r, 35), .rough_chance = 1,
                                           .rough_out_of = rng_below(&r, 2) ? 3 : 0, .min_cost = 1,
                                           .max_cost = 4 });
        }
        assert_int_equal(astar_grid_enable_jump_table(g), ASTAR_OK);
        astar_queue *q;
        int slots = 1 + rng_below(&r, 8);
        assert_int_equal(astar_queue_new(slots, astar_grid_cells(g), UNITS, &q), ASTAR_OK);
        int count = 1 + rng_below(&r, UNITS);
        for (int i = 0; i < count; i++) {
            unit *u = &units[i];
            u->start = random_cell(&r, g);
            u->goal = random_cell(&r, g);
            u->options = random_search_options(choose, &r);
            if (astar_grid_uniform(g) && rng_below(&r, 2)) {
                u->options.algorithm = rng_below(&r, 2) ? ASTAR_ALGORITHM_JPS : ASTAR_ALGORITHM_JPS_PLUS;
                u->options.moves = ASTAR_MOVES_8;
            }
            if (rng_below(&r, 4) == 0)
                u->options.search.max_expanded = (uint32_t)(1 + rng_below(&r, 100));
            u->options.search.partial = rng_below(&r, 4) == 0;
            unit_request(q, g, u, rng_below(&r, ASTAR_QUEUE_MAX_PRIORITY + 1));
        }
        static const uint32_t budgets[] = { 1, 33, 1000, ASTAR_QUEUE_ANY_EXPANSIONS };
        update_until_done(q, units, count, budgets[rng_below(&r, 4)]);
        expect_one_call_answers(q, g, units, count);
        requests += count;
        astar_queue_delete(q);
        astar_grid_delete(g);
    }
    printf("queue = one call: %ld requests\n", requests);
}

/* Handles: a cancelled request's handle is stale, and stays stale when its
 * record serves another request; a handle the queue never gave is stale. */
static void test_stale_handles(void **state)
{
    (void)state;
    astar_grid *g;
    astar_queue *q;
    assert_int_equal(astar_grid_new(16, 16, &g), ASTAR_OK);
    assert_int_equal(astar_queue_new(1, 256, 2, &q), ASTAR_OK);
    unit a = { .start = { 0, 0 }, .goal = { 15, 15 }, .options = astar_options_default() };
    unit b = a, c = a;
    unit_request(q, g, &a, 0);
    assert_int_equal(astar_queue_poll(q, a.request), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_queue_cancel(q, a.request), ASTAR_OK);
    assert_int_equal(astar_queue_poll(q, a.request), ASTAR_STALE_REQUEST);
    assert_int_equal(astar_queue_cancel(q, a.request), ASTAR_STALE_REQUEST);
    unit_request(q, g, &b, 0);
    assert_int_equal(b.request.index, a.request.index); /* the record again */
    assert_int_equal(astar_queue_poll(q, a.request), ASTAR_STALE_REQUEST);
    assert_int_equal(astar_queue_poll(q, b.request), ASTAR_IN_PROGRESS);
    astar_request never = { 7, 0 };
    assert_int_equal(astar_queue_poll(q, never), ASTAR_STALE_REQUEST);
    never = (astar_request){ b.request.index, b.request.generation + 1 };
    assert_int_equal(astar_queue_poll(q, never), ASTAR_STALE_REQUEST);
    /* Two records: the third request is refused, not dropped. */
    unit_request(q, g, &c, 0);
    astar_request third;
    assert_int_equal(astar_queue_request(q, g, c.start, c.goal, NULL, 0, &c.path, &third),
                     ASTAR_QUEUE_FULL);
    /* A budget of 0, of either kind, is nothing to spend: no search runs
     * (a frame with no time left must not run every search to its end). */
    astar_queue_report rep;
    assert_int_equal(astar_queue_update(q, 0, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
    assert_int_equal(rep.expanded, 0);
    assert_int_equal(astar_queue_update(q, ASTAR_QUEUE_ANY_EXPANSIONS, 0, &rep), ASTAR_OK);
    assert_int_equal(rep.expanded, 0);
    assert_int_equal(astar_queue_poll(q, b.request), ASTAR_IN_PROGRESS);
    assert_int_equal(astar_queue_update(q, ASTAR_QUEUE_ANY_EXPANSIONS, ASTAR_QUEUE_ANY_TIME, NULL),
                     ASTAR_OK);
    assert_int_equal(astar_queue_poll(q, b.request), ASTAR_OK);
    assert_int_equal(astar_queue_poll(q, c.request), ASTAR_OK);
    assert_int_equal(b.path.length, 16);
    /* Released after it is done: stale too. */
    assert_int_equal(astar_queue_cancel(q, b.request), ASTAR_OK);
    assert_int_equal(astar_queue_poll(q, b.request), ASTAR_STALE_REQUEST);
    astar_queue_delete(q);
    astar_grid_delete(g);
}

/* Cancel while waiting, while running, after done: the buffer is never
 * written after the cancel, and the others are answered. */
static void test_cancel_in_every_state(void **state)
{
    (void)state;
    char map[512];
    snprintf(map, sizeof map, "%s/maps/dao/den312d.map", ASTAR_BENCH_DIR);
    astar_grid *g;
    astar_queue *q;
    assert_int_equal(astar_grid_load_movingai(map, &g, NULL), ASTAR_OK);
    assert_int_equal(astar_queue_new(2, astar_grid_cells(g), 8, &q), ASTAR_OK);
    static unit units[5];
    for (int i = 0; i < 5; i++) {
        units[i] = (unit){ .start = { 10, 11 }, .goal = { 58, 65 },
                           .options = astar_options_default() };
        unit_request(q, g, &units[i], 0);
        memset(units[i].cells, 0xab, sizeof units[i].cells);
    }
    astar_queue_report rep;
    assert_int_equal(astar_queue_update(q, 100, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
    assert_int_equal(rep.running, 2);
    assert_int_equal(rep.waiting, 3);
    assert_int_equal(astar_queue_cancel(q, units[0].request), ASTAR_OK); /* running */
    assert_int_equal(astar_queue_cancel(q, units[4].request), ASTAR_OK); /* waiting */
    update_until_done(q, units + 1, 3, 500);
    for (int i = 1; i < 4; i++)
        assert_int_equal(astar_queue_poll(q, units[i].request), ASTAR_OK);
    assert_int_equal(astar_queue_cancel(q, units[1].request), ASTAR_OK); /* done */
    unsigned char untouched[sizeof units[0].cells];
    memset(untouched, 0xab, sizeof untouched);
    assert_memory_equal(units[0].cells, untouched, sizeof untouched);
    assert_memory_equal(units[4].cells, untouched, sizeof untouched);
    assert_int_equal(units[0].path.length, 0);
    assert_int_equal(astar_queue_update(q, 100, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
    assert_int_equal(rep.running + rep.waiting + rep.started, 0);
    astar_queue_delete(q);
    astar_grid_delete(g);
}

/* Priorities: of requests made together the higher starts first, equal
 * ones in order of arrival; a low one in a stream of high ones starts
 * after the bound the header states. The searches here end at their first
 * step (start = goal), so that an update of budget 1 ends one request and
 * starts none after it: the next starts at the next update. */
static void test_priorities_and_no_starvation(void **state)
{
    (void)state;
    astar_grid *g;
    astar_queue *q;
    assert_int_equal(astar_grid_new(4, 4, &g), ASTAR_OK);
    assert_int_equal(astar_queue_new(1, 16, 16, &q), ASTAR_OK);
    static unit units[3];
    static const int priorities[3] = { 5, 900, 5 };
    for (int i = 0; i < 3; i++) {
        units[i] = (unit){ .start = { 1, 1 }, .goal = { 1, 1 }, .options = astar_options_default() };
        unit_request(q, g, &units[i], priorities[i]);
    }
    int ended[3] = { 0, 0, 0 };
    for (int update = 1; update <= 3; update++) {
        astar_queue_report rep;
        assert_int_equal(astar_queue_update(q, 1, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
        assert_int_equal(rep.finished, 1);
        for (int i = 0; i < 3; i++)
            if (!ended[i] && astar_queue_poll(q, units[i].request) == ASTAR_OK)
                ended[i] = update;
    }
    assert_int_equal(ended[1], 1);
    assert_int_equal(ended[0], 2);
    assert_int_equal(ended[2], 3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(astar_queue_cancel(q, units[i].request), ASTAR_OK);

    /* Priority 0, then one request of the highest priority every update:
     * the low one ranks with a new one once it has waited
     * ASTAR_QUEUE_MAX_PRIORITY updates, and wins the tie by arrival. */
    static unit low, high[2];
    low = units[0];
    unit_request(q, g, &low, 0);
    int updates = 0;
    while (astar_queue_poll(q, low.request) == ASTAR_IN_PROGRESS) {
        unit *h = &high[updates % 2];
        if (updates >= 2) {
            assert_int_equal(astar_queue_poll(q, h->request), ASTAR_OK);
            assert_int_equal(astar_queue_cancel(q, h->request), ASTAR_OK);
        }
        *h = units[1];
        unit_request(q, g, h, ASTAR_QUEUE_MAX_PRIORITY);
        assert_int_equal(astar_queue_update(q, 1, ASTAR_QUEUE_ANY_TIME, NULL), ASTAR_OK);
        updates++;
        assert_true(updates <= ASTAR_QUEUE_MAX_PRIORITY + 1);
    }
    assert_int_equal(updates, ASTAR_QUEUE_MAX_PRIORITY + 1);
    astar_queue_delete(q);
    astar_grid_delete(g);
}

/* A wall built while requests run: they start over, and their paths are
 * the new map's. */
static void test_edits_restart_the_searches(void **state)
{
    (void)state;
    astar_grid *g;
    astar_queue *q;
    assert_int_equal(astar_grid_new(40, 40, &g), ASTAR_OK);
    assert_int_equal(astar_queue_new(3, 1600, 8, &q), ASTAR_OK);
    static unit units[6];
    for (int i = 0; i < 6; i++) {
        units[i] = (unit){ .start = { 0, i }, .goal = { 39, 39 - i },
                           .options = astar_options_default() };
        /* H = 0: over a thousand expansions each, none ends before the wall. */
        units[i].options.heuristic = ASTAR_HEURISTIC_ZERO;
        unit_request(q, g, &units[i], 0);
    }
    astar_queue_report rep;
    assert_int_equal(astar_queue_update(q, 200, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
    assert_int_equal(rep.running, 3);
    assert_int_equal(rep.finished, 0);
    for (int y = 0; y < 39; y++)
        assert_int_equal(astar_grid_set_walkable(g, 20, y, false), ASTAR_OK);
    update_until_done(q, units, 6, 200);
    expect_one_call_answers(q, g, units, 6);
    for (int i = 0; i < 6; i++) {
        astar_path_measure m;
        assert_int_equal(astar_path_check(g, &units[i].options, units[i].start, units[i].goal,
                                          units[i].cells, units[i].path.length, &m, NULL),
                         ASTAR_OK);
    }
    astar_queue_delete(q);
    astar_grid_delete(g);
}

/* Edits that touch nothing a running search has read leave it going (no
 * restart, nothing thrown away, the one call's answer on the edited map);
 * a wall across the searches restarts each that it touches and counts
 * what they had expanded; a request that asked to fail ends with
 * ASTAR_MAP_CHANGED and an empty path. */
static void test_edits_far_away_and_near(void **state)
{
    (void)state;
    astar_grid *g;
    astar_queue *q;
    assert_int_equal(astar_grid_new(60, 60, &g), ASTAR_OK);
    assert_int_equal(astar_queue_new(3, 3600, 8, &q), ASTAR_OK);
    static unit units[3];
    for (int i = 0; i < 3; i++) {
        units[i] = (unit){ .start = { 0, 2 * i }, .goal = { 20, 2 * i },
                           .options = astar_options_default() };
        units[i].options.heuristic = ASTAR_HEURISTIC_ZERO; /* hundreds of expansions each */
        unit_request(q, g, &units[i], 0);
    }
    astar_queue_report rep;
    uint32_t restarted = 0;
    uint64_t discarded = 0;
    for (int round = 0; round < 30; round++) {
        assert_int_equal(astar_queue_update(q, 30, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
        restarted += rep.restarted;
        discarded += rep.discarded;
        /* Far from the three searches: the bottom right corner. */
        astar_point c = { 59 - round % 5, 59 - round / 5 };
        assert_int_equal(astar_grid_set_walkable(g, c.x, c.y, round % 2 == 0), ASTAR_OK);
    }
    assert_int_equal(restarted, 0);
    assert_int_equal(discarded, 0);
    update_until_done(q, units, 3, ASTAR_QUEUE_ANY_EXPANSIONS);
    expect_one_call_answers(q, g, units, 3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(astar_queue_cancel(q, units[i].request), ASTAR_OK);

    units[2].options.search.on_edit = ASTAR_ON_EDIT_FAIL;
    for (int i = 0; i < 3; i++)
        unit_request(q, g, &units[i], 0);
    for (int i = 0; i < 3; i++) /* each update gives its budget to another slot first */
        assert_int_equal(astar_queue_update(q, 20, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
    for (int y = 0; y < 59; y++)
        assert_int_equal(astar_grid_set_walkable(g, 1, y, false), ASTAR_OK);
    restarted = 0;
    discarded = 0;
    for (bool pending = true; pending;) {
        assert_int_equal(astar_queue_update(q, 500, ASTAR_QUEUE_ANY_TIME, &rep), ASTAR_OK);
        restarted += rep.restarted;
        discarded += rep.discarded;
        pending = false;
        for (int i = 0; i < 3; i++)
            pending |= astar_queue_poll(q, units[i].request) == ASTAR_IN_PROGRESS;
    }
    assert_int_equal(restarted, 2);
    assert_true(discarded >= 60);
    assert_int_equal(astar_queue_poll(q, units[2].request), ASTAR_MAP_CHANGED);
    assert_int_equal(units[2].path.length, 0);
    expect_one_call_answers(q, g, units, 2);
    astar_queue_delete(q);
    astar_grid_delete(g);
}

/* Refused requests: arguments, a grid too large, and requests the search
 * refuses, which end with that status at their first update. */
static void test_refusals(void **state)
{
    (void)state;
    astar_grid *g;
    astar_queue *q;
    astar_queue *none = NULL;
    assert_int_equal(astar_grid_new(8, 8, &g), ASTAR_OK);
    assert_int_equal(astar_queue_new(0, 64, 4, &none), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_queue_new(257, 64, 4, &none), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_queue_new(1, 64, 0, &none), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_queue_new(1, 0, 4, &none), ASTAR_INVALID_ARGUMENT);
    assert_null(none);
    assert_int_equal(astar_queue_new(2, 63, 4, &q), ASTAR_OK);
    unit u = { .start = { 0, 0 }, .goal = { 7, 7 }, .options = astar_options_default() };
    u.path = (astar_route){ .points = u.cells, .capacity = MAX_POINTS };
    assert_int_equal(astar_queue_request(q, g, u.start, u.goal, NULL, 0, &u.path, &u.request),
                     ASTAR_MAP_TOO_LARGE);
    astar_queue_delete(q);
    assert_int_equal(astar_queue_new(2, 64, 4, &q), ASTAR_OK);
    assert_int_equal(astar_queue_request(q, g, u.start, u.goal, NULL, -1, &u.path, &u.request),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_queue_request(q, g, u.start, u.goal, NULL, ASTAR_QUEUE_MAX_PRIORITY + 1,
                                         &u.path, &u.request),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_queue_request(q, NULL, u.start, u.goal, NULL, 0, &u.path, &u.request),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_queue_request(q, g, u.start, u.goal, NULL, 0, NULL, &u.request),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_queue_update(NULL, 1, 1, NULL), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_queue_cancel(NULL, u.request), ASTAR_INVALID_ARGUMENT);
    /* Refused by the search: its status at the first update. */
    assert_int_equal(astar_grid_set_walkable(g, 7, 7, false), ASTAR_OK);
    unit_request(q, g, &u, 0);
    unit v = u;
    v.options.algorithm = ASTAR_ALGORITHM_JPS_PLUS;
    v.goal = (astar_point){ 6, 6 };
    unit_request(q, g, &v, 0);
    assert_int_equal(astar_queue_poll(q, u.request), ASTAR_IN_PROGRESS);
    /* A request's path is not touched before the request ends
     * (astar/queue.h), and then holds its status. */
    unit w = u;
    w.path = (astar_route){ .points = w.cells, .capacity = MAX_POINTS, .length = 12345 };
    assert_int_equal(astar_queue_request(q, g, w.start, w.goal, NULL, 0, &w.path, &w.request),
                     ASTAR_OK);
    assert_int_equal(w.path.length, 12345);
    assert_int_equal(astar_queue_update(q, 10, ASTAR_QUEUE_ANY_TIME, NULL), ASTAR_OK);
    assert_int_equal(astar_queue_poll(q, u.request), ASTAR_GOAL_BLOCKED);
    assert_int_equal(astar_queue_poll(q, v.request), ASTAR_NO_JUMP_TABLE);
    assert_int_equal(astar_queue_poll(q, w.request), ASTAR_GOAL_BLOCKED);
    assert_int_equal(w.path.length, 0);
    assert_int_equal(w.path.status, ASTAR_GOAL_BLOCKED);
    astar_queue_delete(q);
    astar_queue_delete(NULL);
    astar_grid_delete(g);
}

/* A time budget ends an update; the searches go on at the next. */
static void test_time_budget(void **state)
{
    (void)state;
    char map[512];
    snprintf(map, sizeof map, "%s/maps/dao/den312d.map", ASTAR_BENCH_DIR);
    astar_grid *g;
    astar_queue *q;
    assert_int_equal(astar_grid_load_movingai(map, &g, NULL), ASTAR_OK);
    assert_int_equal(astar_queue_new(4, astar_grid_cells(g), UNITS, &q), ASTAR_OK);
    static unit units[UNITS];
    rng r = { 2 };
    for (int i = 0; i < UNITS; i++) {
        units[i] = (unit){ .start = random_cell(&r, g), .goal = random_cell(&r, g),
                           .options = astar_options_default() };
        unit_request(q, g, &units[i], 0);
    }
    int updates = 0;
    for (bool pending = true; pending; updates++) {
        astar_queue_report rep;
        assert_int_equal(astar_queue_update(q, ASTAR_QUEUE_ANY_EXPANSIONS, 20000, &rep), ASTAR_OK);
        pending = rep.running + rep.waiting > 0;
    }
    assert_true(updates > 1);
    expect_one_call_answers(q, g, units, UNITS);
    astar_queue_delete(q);
    astar_grid_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answers_are_the_one_call_answers),
        cmocka_unit_test(test_stale_handles),
        cmocka_unit_test(test_cancel_in_every_state),
        cmocka_unit_test(test_priorities_and_no_starvation),
        cmocka_unit_test(test_edits_restart_the_searches),
        cmocka_unit_test(test_edits_far_away_and_near),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_time_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
