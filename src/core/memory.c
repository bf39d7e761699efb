/* Allocation through the object's allocator. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"

static void *system_allocate(void *user, size_t size)
{
    (void)user;
    return malloc(size);
}

static void system_release(void *user, void *block)
{
    (void)user;
    free(block);
}

astar_status astar__allocator_keep(const astar_allocator *given, astar_allocator *kept)
{
    if (!given) {
        *kept = (astar_allocator){ .allocate = system_allocate, .release = system_release };
        return ASTAR_OK;
    }
    if (!given->allocate || !given->release)
        return ASTAR_INVALID_ARGUMENT;
    *kept = *given;
    return ASTAR_OK;
}

void *astar__allocate(const astar_allocator *memory, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        return NULL;
    size_t bytes = count * size;
    /* A zero-byte request still gets a block of its own, as from malloc, so
     * that NULL always means out of memory. */
    return memory->allocate(memory->user, bytes ? bytes : 1);
}

void *astar__allocate_zeroed(const astar_allocator *memory, size_t count, size_t size)
{
    void *block = astar__allocate(memory, count, size);
    if (block)
        memset(block, 0, count * size);
    return block;
}

void astar__release(const astar_allocator *memory, void *block)
{
    if (block)
        memory->release(memory->user, block);
}
