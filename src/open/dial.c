/* Dial's ring of buckets (dial.h): its arrays. */
#include "open/dial.h"

bool astar__dial_init(dial_ring *q, const astar_allocator *memory, uint64_t span, size_t pool)
{
    uint32_t ring = (uint32_t)span + 1, words = (ring + 63) / 64;
    *q = (dial_ring){ .ring = ring,
                      .head = astar__allocate(memory, ring, sizeof *q->head),
                      .full = astar__allocate_zeroed(memory, words, sizeof *q->full),
                      .full_words = astar__allocate_zeroed(memory, (words + 63) / 64,
                                                           sizeof *q->full_words),
                      .item = astar__allocate(memory, pool, sizeof *q->item),
                      .next = astar__allocate(memory, pool, sizeof *q->next) };
    if (!q->head || !q->full || !q->full_words || !q->item || !q->next)
        return false;
    for (uint32_t k = 0; k < ring; k++)
        q->head[k] = DIAL_NONE;
    return true;
}

void astar__dial_free(dial_ring *q, const astar_allocator *memory)
{
    void *arrays[] = { q->head, q->full, q->full_words, q->item, q->next };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        astar__release(memory, arrays[i]);
    *q = (dial_ring){ 0 };
}
