/* The open list's binary heap (src/heap.h), against a sorted reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "context.h"
#include "heap.h"

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

/* Every entry is at the slot its cell records, and no child comes before
 * its parent. */
static void assert_heap_valid(const astar_context *ctx)
{
    for (uint32_t i = 0; i < ctx->open_count; i++) {
        assert_int_equal(ctx->slot[entry_cell(&ctx->list[i])], i);
        if (i > 0)
            assert_false(heap_before(&ctx->list[i], &ctx->list[(i - 1) / 2]));
    }
}

static list_entry entry(uint32_t cell, uint32_t f, uint32_t tie)
{
    return (list_entry){ .f = f, .tie = tie, .cell_dir = cell << DIR_BITS | (cell % 8) };
}

static void test_pops_in_f_then_tie_order(void **state)
{
    (void)state;
    astar_context *ctx = new_context();
    for (uint32_t c = 0; c < CELLS; c++) {
        /* Few distinct F values, so ties are common. */
        heap_push(ctx, entry(c, next_random() % 50, next_random()));
        assert_int_equal(context_list_of(ctx, c), ASTAR_LIST_OPEN);
    }
    assert_heap_valid(ctx);
    list_entry previous = heap_pop(ctx);
    for (uint32_t n = 1; n < CELLS; n++) {
        list_entry e = heap_pop(ctx);
        assert_false(heap_before(&e, &previous));
        assert_int_equal(entry_dir(&e), entry_cell(&e) % 8);
        previous = e;
        if (n % 97 == 0)
            assert_heap_valid(ctx);
    }
    assert_int_equal(ctx->open_count, 0);
    astar_context_delete(ctx);
}

static void test_decreased_entry_moves_up(void **state)
{
    (void)state;
    astar_context *ctx = new_context();
    uint32_t f[CELLS];
    for (uint32_t c = 0; c < CELLS; c++) {
        f[c] = 1000 + next_random() % 1000;
        heap_push(ctx, entry(c, f[c], c));
    }
    /* Lower the F of random cells, as re-pointing a parent does. */
    for (int k = 0; k < 3000; k++) {
        uint32_t c = next_random() % CELLS;
        uint32_t pos = ctx->slot[c];
        uint32_t drop = next_random() % 100;
        f[c] = f[c] > drop ? f[c] - drop : 0;
        ctx->list[pos].f = f[c];
        heap_decreased(ctx, pos);
    }
    assert_heap_valid(ctx);
    /* Popping gives every cell once, with its latest F, in order. */
    bool seen[CELLS] = { false };
    uint32_t last_f = 0;
    for (uint32_t n = 0; n < CELLS; n++) {
        list_entry e = heap_pop(ctx);
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
    (void)state;
    astar_context *ctx = new_context();
    uint32_t ties[] = { 7, 3, 9, 1, 5 };
    for (uint32_t i = 0; i < 5; i++)
        heap_push(ctx, entry(i, 42, ties[i]));
    uint32_t expected_cells[] = { 3, 1, 4, 0, 2 };
    for (int i = 0; i < 5; i++) {
        list_entry e = heap_pop(ctx);
        assert_int_equal(entry_cell(&e), expected_cells[i]);
    }
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pops_in_f_then_tie_order),
        cmocka_unit_test(test_decreased_entry_moves_up),
        cmocka_unit_test(test_equal_f_pops_by_tie),
        cmocka_unit_test(test_state_is_16_bytes_per_cell),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
