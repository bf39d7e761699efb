/* Space utilisation for the solver (SUO: Han and Yu, ICRA 2022, as LaCAM3
 * uses it): before PIBT plans a step, each agent's own way to its goal is
 * planned around the ways of the others - the one of fewest collisions
 * with them among the ways at most a margin dearer than its shortest - and
 * PIBT then tries the next cell of that way first. Without it, agents
 * whose shortest ways share a corridor all head for it and wait there;
 * with it they spread over ways nearly as short. The ways are guidance
 * only: PIBT's rules alone keep the plan legal. */
#ifndef ASTAR_WORLD_SCATTER_H
#define ASTAR_WORLD_SCATTER_H

#include <stddef.h>
#include <stdint.h>

#include "astar/crowd.h"
#include "astar/memory.h"

typedef struct scatter scatter;

/* Ways for the crowd's units 0..units-1 (standing on their starts, each
 * with its goal), at most `margin` (in the crowd's table costs) dearer
 * than the shortest; `seed` orders the agents each round. Allocates the
 * per-cell arrays (32 bytes a cell); no way is planned yet.
 * ASTAR_OK or ASTAR_OUT_OF_MEMORY. The crowd must outlive it. */
astar_status astar__scatter_new(astar_crowd *crowd, uint32_t units, uint32_t margin,
                                uint64_t seed, const astar_allocator *memory, scatter **out);
void astar__scatter_delete(scatter *s);
size_t astar__scatter_bytes(const scatter *s);

/* One round, the agents in a random order: the first plans every agent's
 * way against those planned before it, each later one plans again those
 * whose way meets another's, against the others' as they stand. Each
 * agent's search is an A* over the cells within the margin of its
 * shortest way, ordered by collisions, then cost: O(those cells x log) at
 * most, about the way's length where it meets no one. ASTAR_OK, or
 * ASTAR_OUT_OF_MEMORY with the ways' counts then unfit for more rounds
 * (the solver gives up). */
astar_status astar__scatter_round(scatter *s);

/* The collisions between the ways as they stand: two agents on one cell
 * at one time, two swapping, or one passing another's goal after it has
 * arrived there. */
uint64_t astar__scatter_collisions(const scatter *s);

/* Unit's way as it stands: its cells step by step (the first its start,
 * the last its goal), *length of them; NULL and 0 before it has one. */
const uint32_t *astar__scatter_way(const scatter *s, uint32_t unit, uint32_t *length);

/* Makes the ways as they stand the ones astar__scatter_next reads: one
 * lookup table, about 32 bytes a step of every way. O(steps). ASTAR_OK or
 * ASTAR_OUT_OF_MEMORY (none then). */
astar_status astar__scatter_guide(scatter *s);

/* The cell after `cell` on unit's way as astar__scatter_guide last made
 * it, or UINT32_MAX if the way does not pass there (or unit has none, or
 * there was no such call). O(1). */
uint32_t astar__scatter_next(const scatter *s, uint32_t unit, uint32_t cell);

#endif
