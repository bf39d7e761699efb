/* A bit per cell, in lines: the grid keeps where a straight run of Jump
 * Point Search stops this way, by rows for runs east and west and by
 * columns for runs south and north, so that a run looks at 64 cells with
 * one read and finds its stop with one bit scan (Harabor and Grastien,
 * "Improving Jump Point Search", 2014).
 *
 * A line holds `length` cells at bits BIT_LINE_PAD.. of its words, with at
 * least 64 padding bits before and after it (set: the cells beyond the map
 * stop every run), and there is a line of padding before the first and
 * after the last, so a read of the words holding cells -64 to length, on
 * lines -1 to count, needs no bounds test.
 *
 * The lines hold two ways' bits (east and west along rows, south and north
 * along columns), word by word in turn: word k of way 0's line, then word k
 * of way 1's. A run either way along a line then reads the cache lines a
 * run the other way reads, and the start's runs, which go both ways along
 * its row and its column and cross the same rows and columns on their
 * diagonals, share their misses. */
#ifndef ASTAR_BITS_H
#define ASTAR_BITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/memory.h"

typedef struct bit_lines {
    uint64_t *words;
    size_t words_per_line;  /* both ways' */
} bit_lines;

enum { BIT_LINE_PAD = 64, BIT_LINE_WAYS = 2 };

/* Allocates count lines of length cells, every bit set. Returns false when
 * out of memory. */
bool astar__bit_lines_init(bit_lines *b, const astar_allocator *memory, int count, int length);
void astar__bit_lines_free(bit_lines *b, const astar_allocator *memory);

/* Line `line` of way `way` (0 or 1): its word k is at [k * BIT_LINE_WAYS]. */
static inline uint64_t *bit_lines_line(const bit_lines *b, int line, unsigned way)
{
    return b->words + (size_t)(line + 1) * b->words_per_line + way;
}

/* The word of line `line`, way `way`, that holds cell pos's bit. */
static inline uint64_t *bit_lines_word(const bit_lines *b, int line, unsigned way, int pos)
{
    return bit_lines_line(b, line, way) + ((size_t)pos + BIT_LINE_PAD) / 64 * BIT_LINE_WAYS;
}

static inline void bit_lines_set(bit_lines *b, int line, unsigned way, int pos, bool set)
{
    uint64_t *word = bit_lines_word(b, line, way, pos);
    uint64_t mask = (uint64_t)1 << (((size_t)pos + BIT_LINE_PAD) % 64);
    *word = set ? *word | mask : *word & ~mask;
}

#endif
