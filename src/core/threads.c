#define _POSIX_C_SOURCE 200809L
#include "core/threads.h"

#ifdef __wasi__
/* WebAssembly without threads: the caller does all the work. Every user
 * takes its share from a counter the items share (threads.h), so item 0
 * alone runs every piece. */
void astar__run_threads(void *(*work)(void *), void *items, size_t size, int count)
{
    (void)size;
    (void)count;
    work(items);
}
#else
#include <pthread.h>
#include <stdbool.h>

void astar__run_threads(void *(*work)(void *), void *items, size_t size, int count)
{
    pthread_t ids[THREADS_MAX];
    bool started[THREADS_MAX] = { false };
    char *item = items;
    for (int i = 1; i < count; i++)
        started[i] = pthread_create(&ids[i], NULL, work, item + (size_t)i * size) == 0;
    work(item);
    for (int i = 1; i < count; i++)
        if (started[i])
            pthread_join(ids[i], NULL);
}
#endif
