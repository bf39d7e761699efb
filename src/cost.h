/* The cost model: what a step costs and what H estimates, in integer units. */
#ifndef ASTAR_COST_H
#define ASTAR_COST_H

#include <math.h>
#include <stdint.h>

#include "astar.h"

/* Weights are fixed point so that H stays an integer, like G. */
enum { WEIGHT_ONE = 1024 };

typedef struct cost_model {
    uint32_t straight, diagonal;  /* a step onto terrain cost 1 */
    astar_heuristic heuristic;
    uint32_t weight;              /* H multiplier, WEIGHT_ONE = 1 */
} cost_model;

/* Options must have been checked by options_valid(). */
static inline cost_model cost_model_of(const astar_options *options)
{
    bool octile = options->costs == ASTAR_COSTS_OCTILE;
    return (cost_model){
        .straight = octile ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT,
        .diagonal = octile ? ASTAR_OCTILE_DIAGONAL : ASTAR_ARTICLE_DIAGONAL,
        .heuristic = options->heuristic,
        .weight = (uint32_t)lround(options->weight * WEIGHT_ONE),
    };
}

/* H from a square dx columns and dy rows away from the target, before the
 * weight. Every variant is a plain function of dx and dy, so the same square
 * always gets the same H. */
static inline uint64_t cost_estimate(const cost_model *m, uint32_t dx, uint32_t dy)
{
    uint32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    switch (m->heuristic) {
    case ASTAR_HEURISTIC_MANHATTAN: return (uint64_t)m->straight * (dx + (uint64_t)dy);
    case ASTAR_HEURISTIC_OCTILE: return (uint64_t)m->straight * hi + (uint64_t)(m->diagonal - m->straight) * lo;
    case ASTAR_HEURISTIC_EUCLIDEAN: return (uint64_t)floor(m->straight * sqrt((double)dx * dx + (double)dy * dy));
    case ASTAR_HEURISTIC_CHEBYSHEV: return (uint64_t)m->straight * hi;
    case ASTAR_HEURISTIC_ZERO: break;
    }
    return 0;
}

/* Weighted H, rounded down. */
static inline uint64_t cost_h(const cost_model *m, uint32_t dx, uint32_t dy)
{
    return cost_estimate(m, dx, dy) * m->weight / WEIGHT_ONE;
}

#endif
