/* The open lists (src/open_list.h): the binary heap of src/heap.h and the
 * article's sorted and unsorted lists, each against a plain reference that
 * knows every open cell's key, and each checked for its own order and for
 * the slots that membership tests rely on. Every test runs for all three. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "open/context.h"
#include "open/heap.h"
#include "open/open_list.h"

enum { CELLS = 2000 };

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint32_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)rng_state;
}

static astar_context *new_context(void)
{
    astar_context *ctx;
    assert_int_equal(astar_context_new(CELLS, &ctx), ASTAR_OK);
    ctx->open_count = ctx->closed_count = 0;
    return ctx;
}

static astar_open_list kind_of(void **state)
{
    return *(const astar_open_list *)*state;
}

/* Every entry is at the slot its cell records, and the entries are in the
 * order their kind of list promises. */
static void assert_list_valid(const astar_context *ctx, astar_open_list kind)
{
    for (uint32_t i = 0; i < ctx->open_count; i++) {
        const list_entry *e = &ctx->list[i];
        assert_int_equal(ctx->slot[entry_cell(e)], i);
        assert_int_equal(context_list_of(ctx, entry_cell(e)), ASTAR_LIST_OPEN);
        if (i == 0)
            continue;
        switch (kind) {
        case ASTAR_OPEN_LIST_HEAP: /* no child before its parent */
        case ASTAR_OPEN_LIST_BUCKETS: /* not tested here: test_buckets.c */
            assert_false(entry_before(e, &ctx->list[(i - 1) / 2]));
            break;
        case ASTAR_OPEN_LIST_SORTED: /* the lowest key last */
            assert_false(entry_before(&ctx->list[i - 1], e));
            break;
        case ASTAR_OPEN_LIST_UNSORTED:
            break;
        }
    }
}

static list_entry entry(uint32_t cell, uint32_t f, uint32_t tie)
{
    return (list_entry){ .f = f, .tie = tie, .cell_dir = cell << DIR_BITS | (cell % 8) };
}

static void test_pops_in_f_then_tie_order(void **state)
{
    astar_open_list kind = kind_of(state);
    astar_context *ctx = new_context();
    for (uint32_t c = 0; c < CELLS; c++) {
        /* Few distinct F values, so ties are common. */
        open_push(ctx, kind, entry(c, next_random() % 50, next_random()));
        assert_int_equal(context_list_of(ctx, c), ASTAR_LIST_OPEN);
    }
    assert_list_valid(ctx, kind);
    list_entry previous = open_pop(ctx, kind);
    for (uint32_t n = 1; n < CELLS; n++) {
        list_entry e = open_pop(ctx, kind);
        assert_false(entry_before(&e, &previous));
        assert_int_equal(entry_dir(&e), entry_cell(&e) % 8);
        assert_int_equal(context_list_of(ctx, entry_cell(&e)), ASTAR_LIST_NONE);
        previous = e;
        if (n % 97 == 0)
            assert_list_valid(ctx, kind);
    }
    assert_int_equal(ctx->open_count, 0);
    astar_context_delete(ctx);
}

static void test_decreased_entries_pop_with_their_new_f(void **state)
{
    astar_open_list kind = kind_of(state);
    astar_context *ctx = new_context();
    uint32_t f[CELLS];
    for (uint32_t c = 0; c < CELLS; c++) {
        f[c] = 1000 + next_random() % 1000;
        open_push(ctx, kind, entry(c, f[c], c));
    }
    /* Lower the F of random cells, as re-pointing a parent does. */
    for (int k = 0; k < 3000; k++) {
        uint32_t c = next_random() % CELLS;
        uint32_t pos = ctx->slot[c];
        uint32_t drop = next_random() % 100;
        f[c] = f[c] > drop ? f[c] - drop : 0;
        ctx->list[pos].f = f[c];
        open_decreased(ctx, kind, pos);
    }
    assert_list_valid(ctx, kind);
    /* Popping gives every cell once, with its latest F, in order. */
    bool seen[CELLS] = { false };
    uint32_t last_f = 0;
    for (uint32_t n = 0; n < CELLS; n++) {
        list_entry e = open_pop(ctx, kind);
        uint32_t c = entry_cell(&e);
        assert_false(seen[c]);
        seen[c] = true;
        assert_int_equal(e.f, f[c]);
        assert_true(e.f >= last_f);
        last_f = e.f;
    }
    astar_context_delete(ctx);
}

static void test_equal_f_pops_by_tie(void **state)
{
    astar_open_list kind = kind_of(state);
    astar_context *ctx = new_context();
    uint32_t ties[] = { 7, 3, 9, 1, 5 };
    for (uint32_t i = 0; i < 5; i++)
        open_push(ctx, kind, entry(i, 42, ties[i]));
    uint32_t expected_cells[] = { 3, 1, 4, 0, 2 };
    for (int i = 0; i < 5; i++) {
        list_entry e = open_pop(ctx, kind);
        assert_int_equal(entry_cell(&e), expected_cells[i]);
    }
    astar_context_delete(ctx);
}

/* A tie key per cell, unique, and in another order than the cells. */
static uint32_t unique_tie(uint32_t cell)
{
    return cell * 7919u % CELLS; /* 7919 is a prime, so this permutes 0..CELLS-1 */
}

/* Adds, decreases and pops mixed as a search mixes them, each checked
 * against a reference that keeps every open cell's key and finds the lowest
 * by looking at all of them. Ties are unique per cell, as with first- or
 * last-added ties, so the lowest key names one cell and every kind of list
 * must pop exactly that one. */
static void test_mixed_operations_match_reference(void **state)
{
    astar_open_list kind = kind_of(state);
    astar_context *ctx = new_context();
    static bool open[CELLS];
    static uint32_t f[CELLS];
    static unsigned dir[CELLS];
    uint32_t next_cell = 0, open_cells = 0, decreases = 0, pops = 0;
    for (uint32_t c = 0; c < CELLS; c++)
        open[c] = false;
    while (next_cell < CELLS || open_cells > 0) {
        uint32_t roll = next_random() % 10;
        if (next_cell < CELLS && (roll < 4 || open_cells == 0)) {
            uint32_t c = next_cell++;
            f[c] = 500 + next_random() % 200;
            dir[c] = c % 8;
            open[c] = true;
            open_cells++;
            open_push(ctx, kind, entry(c, f[c], unique_tie(c)));
        } else if (roll < 7 && open_cells > 0) {
            uint32_t pos = next_random() % ctx->open_count;
            uint32_t c = entry_cell(&ctx->list[pos]);
            assert_true(open[c]);
            assert_int_equal(ctx->slot[c], pos);
            if (f[c] == 0)
                continue;
            f[c] -= 1 + next_random() % (f[c] < 60 ? f[c] : 60);
            ctx->list[pos].f = f[c];
            dir[c] = next_random() % 8;
            ctx->list[pos].cell_dir = c << DIR_BITS | dir[c];
            open_decreased(ctx, kind, pos);
            decreases++;
        } else {
            uint32_t want = CELLS;
            uint64_t want_key = UINT64_MAX;
            for (uint32_t c = 0; c < next_cell; c++) {
                uint64_t key = (uint64_t)f[c] << 32 | unique_tie(c);
                if (open[c] && key < want_key) {
                    want_key = key;
                    want = c;
                }
            }
            list_entry e = open_pop(ctx, kind);
            assert_int_equal(entry_cell(&e), want);
            assert_int_equal(e.f, f[want]);
            assert_int_equal(entry_dir(&e), dir[want]);
            assert_int_equal(context_list_of(ctx, want), ASTAR_LIST_NONE);
            open[want] = false;
            open_cells--;
            pops++;
        }
        assert_int_equal(ctx->open_count, open_cells);
        assert_list_valid(ctx, kind);
    }
    assert_int_equal(pops, CELLS);
    assert_true(decreases > CELLS / 2);
    astar_context_delete(ctx);
}

static void test_state_is_16_bytes_per_cell(void **state)
{
    (void)state;
    astar_context *ctx = new_context();
    assert_int_equal(sizeof(list_entry) + sizeof(uint32_t), 16);
    assert_int_equal(astar_context_bytes(ctx), 16 * CELLS);
    astar_context_delete(ctx);
}

static const astar_open_list heap = ASTAR_OPEN_LIST_HEAP;
static const astar_open_list sorted = ASTAR_OPEN_LIST_SORTED;
static const astar_open_list unsorted = ASTAR_OPEN_LIST_UNSORTED;

/* One test per kind of open list, named after both. The cast drops const
 * only because cmocka's initial state is a plain pointer; no test writes it. */
#define FOR_EACH_KIND(f)                                   \
    { #f " (heap)", f, NULL, NULL, (void *)&heap },        \
    { #f " (sorted)", f, NULL, NULL, (void *)&sorted },    \
    { #f " (unsorted)", f, NULL, NULL, (void *)&unsorted }

int main(void)
{
    const struct CMUnitTest tests[] = {
        FOR_EACH_KIND(test_pops_in_f_then_tie_order),
        FOR_EACH_KIND(test_decreased_entries_pop_with_their_new_f),
        FOR_EACH_KIND(test_equal_f_pops_by_tie),
        FOR_EACH_KIND(test_mixed_operations_match_reference),
        cmocka_unit_test(test_state_is_16_bytes_per_cell),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
