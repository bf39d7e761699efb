/* Walkability as bits, one bit per cell, in lines: the grid keeps its rows
 * this way and its columns too, so that Jump Point Search can look at 64
 * cells of a row or a column with one read and find the first wall or
 * forced neighbour with one bit scan (Harabor and Grastien, "Improving Jump
 * Point Search", 2014).
 *
 * A line holds `length` cells at bits BIT_LINE_PAD.. of its words, with at
 * least 64 zero (blocked) bits before and after it, and there is an all-zero
 * line before the first and after the last, so a read of the words holding
 * cells -64 to length, on lines -1 to count, needs no bounds test. */
#ifndef ASTAR_BITS_H
#define ASTAR_BITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/memory.h"

typedef struct bit_lines {
    uint64_t *words;
    size_t words_per_line;
} bit_lines;

enum { BIT_LINE_PAD = 64 };

/* Allocates count lines of length cells, all blocked. Returns false when out
 * of memory. */
bool astar__bit_lines_init(bit_lines *b, const astar_allocator *memory, int count, int length);
void astar__bit_lines_free(bit_lines *b, const astar_allocator *memory);

static inline uint64_t *bit_lines_line(const bit_lines *b, int line)
{
    return b->words + (size_t)(line + 1) * b->words_per_line;
}

static inline void bit_lines_set(bit_lines *b, int line, int pos, bool walkable)
{
    size_t bit = (size_t)pos + BIT_LINE_PAD;
    uint64_t *word = bit_lines_line(b, line) + bit / 64;
    uint64_t mask = (uint64_t)1 << (bit % 64);
    *word = walkable ? *word | mask : *word & ~mask;
}

#endif
