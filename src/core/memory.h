/* The one way the library allocates: through the allocator an object was
 * created with (include/astar/memory.h), malloc and free by default. */
#ifndef ASTAR_CORE_MEMORY_H
#define ASTAR_CORE_MEMORY_H

#include "astar/base.h"
#include "astar/memory.h"

/* Sets *kept to given, or to malloc and free if given is NULL;
 * ASTAR_INVALID_ARGUMENT if given lacks a function. */
astar_status astar__allocator_keep(const astar_allocator *given, astar_allocator *kept);

/* count * size bytes, or NULL if the allocator has none or the product
 * overflows. The zeroed form clears them. */
void *astar__allocate(const astar_allocator *memory, size_t count, size_t size);
void *astar__allocate_zeroed(const astar_allocator *memory, size_t count, size_t size);

/* Gives block back; NULL is nothing to give. */
void astar__release(const astar_allocator *memory, void *block);

#endif
