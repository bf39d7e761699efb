/* The one way the library allocates: through the allocator an object was
 * created with (include/astar/memory.h), malloc and free by default. */
#ifndef ASTAR_CORE_MEMORY_H
#define ASTAR_CORE_MEMORY_H

#include <stdint.h>

#include "astar/base.h"
#include "astar/memory.h"

/* The bytes of a cache line: the unit the caches move, so that data read
 * together is laid out within one, and data threads write apart across. */
enum { CACHE_LINE = 64 };

/* Sets *kept to given, or to malloc and free if given is NULL;
 * ASTAR_INVALID_ARGUMENT if given lacks a function. */
astar_status astar__allocator_keep(const astar_allocator *given, astar_allocator *kept);

/* count * size bytes, or NULL if the allocator has none or the product
 * overflows. The zeroed form clears them. */
void *astar__allocate(const astar_allocator *memory, size_t count, size_t size);
void *astar__allocate_zeroed(const astar_allocator *memory, size_t count, size_t size);

/* The first cache line boundary at or after block: allocate CACHE_LINE - 1
 * bytes more than needed, keep block to release, and use this. */
static inline void *astar__line_aligned(void *block)
{
    return (void *)(((uintptr_t)block + CACHE_LINE - 1) & ~(uintptr_t)(CACHE_LINE - 1));
}

/* Gives block back; NULL is nothing to give. */
void astar__release(const astar_allocator *memory, void *block);

#endif
