/* Work shared out over threads: a batch's queries, a path database's rows.
 * Each thread owns what it writes; they share only a counter of the next
 * piece of work, which lives on a cache line of its own. */
#ifndef ASTAR_THREADS_H
#define ASTAR_THREADS_H

#include <stddef.h>

#include "core/memory.h"

enum { THREADS_MAX = 64 };

/* Runs work on each of `count` items of `size` bytes (1..THREADS_MAX):
 * item 0 on the calling thread, every other on a thread of its own, and
 * returns once all have finished. A thread that fails to start leaves its
 * item's work undone, so work must take its share from a counter the
 * items share rather than be bound to its item: the others then do it. */
void astar__run_threads(void *(*work)(void *), void *items, size_t size, int count);

#endif
