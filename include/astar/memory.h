/*
 * astar/memory.h - Your allocator for the library's objects.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 *
 * One naming rule for every object X of the library: it is created by
 * astar_X_new (from its arguments, or astar_X_new_from_Y from another
 * object, as astar_graph_new_from_grid), astar_X_load (a file) or
 * astar_X_parse (a file's bytes), each with a _with form that takes your
 * allocator as the argument before out; the plain form is the _with form
 * with NULL: malloc and free, also for an object made from another one
 * (a graph from its builder, a knowledge layer from its true grid keep no
 * allocator of theirs). It is read by getters astar_X_what (a const X, and
 * NULL gives 0, NULL or false where the getter says so) and freed by
 * astar_X_delete, which takes NULL. The object keeps a copy of the
 * astar_allocator and makes every allocation of its life with it,
 * including those it makes after creation:
 *   - a grid: its islands, dead ends and jump table when enabled, and the
 *     dead ends' rebuild after an edit, and astar_path_smooth's work arrays
 *     on it;
 *   - a knowledge layer: its believed grid, and the one forget makes;
 *   - units: a unit's path buffer when a longer path is set;
 *   - a queue: its slots' contexts;
 *   - a crowd: a distance map for each new goal (astar_crowd_add,
 *     astar_crowd_set_goal) while none is free to reuse.
 * There is no global allocator: two objects may use two allocators, and
 * nothing else in the library allocates. Searches, steps, queue updates,
 * crowd steps, distance maps, waypoint queries and read-backs never
 * allocate at all (tests/test_alloc.c counts them).
 *
 * Rules for your allocator:
 *   - allocate(user, size) returns a block of at least size bytes (size > 0),
 *     aligned for any type as malloc's are, or NULL when it has none: the
 *     call that asked returns ASTAR_OUT_OF_MEMORY, frees what it had
 *     allocated and leaves the objects it was given as they were (or, for
 *     the rebuilds after an edit, as the call documents).
 *   - release(user, block) takes back a block allocate gave; the library
 *     never passes NULL, and releases every block it allocated, by the
 *     object's delete at the latest.
 *   - Both are called on the thread that made the library call, never
 *     during a search, and never both at once for one object; an allocator
 *     shared by objects that threads use at the same time must be safe for
 *     that itself.
 *   - The allocator must outlive every object created with it; user is
 *     passed as given and never read by the library.
 */
#ifndef ASTAR_INCLUDE_MEMORY_H
#define ASTAR_INCLUDE_MEMORY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct astar_allocator {
    void *(*allocate)(void *user, size_t size); /* NULL: out of memory */
    void (*release)(void *user, void *block);   /* block: from allocate, never NULL */
    void *user;                                  /* [opt] yours, passed to both */
} astar_allocator;

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_MEMORY_H */
