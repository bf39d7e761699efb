/* The cost model: what a step costs and what H estimates, in integer units. */
#ifndef ASTAR_COST_H
#define ASTAR_COST_H

#include <math.h>
#include <string.h>
#include <stdint.h>
#include <stdlib.h>

#include "astar.h"
#include "core/hex.h"
#include "core/inline.h"
#include "core/moves.h"

/* Weights are fixed point so that H stays an integer, like G. */
enum { WEIGHT_ONE = 1024 };

typedef struct cost_model {
    uint32_t straight, diagonal;  /* a step onto terrain cost 1 */
    astar_heuristic heuristic;
    uint32_t weight;              /* H multiplier, WEIGHT_ONE = 1 */
    astar_topology topology;      /* on hexes every step is straight, and H
                                     counts hex steps */
} cost_model;

/* A weight of 0..64 in fixed point. */
static inline uint32_t cost_weight(double weight)
{
    return (uint32_t)lround(weight * WEIGHT_ONE);
}

/* Options must have been checked by astar__options_valid(). */
static inline cost_model cost_model_of(const astar_options *options)
{
    bool octile = options->costs == ASTAR_COSTS_OCTILE;
    return (cost_model){
        .straight = octile ? ASTAR_OCTILE_STRAIGHT : ASTAR_ARTICLE_STRAIGHT,
        .diagonal = octile ? ASTAR_OCTILE_DIAGONAL : ASTAR_ARTICLE_DIAGONAL,
        .heuristic = options->heuristic,
        .weight = cost_weight(options->search.weight),
    };
}

/* The price of one step in direction d (moves.h) onto terrain cost 1: the
 * one rule by which everything that prices a step does so (the searches,
 * the path check, straightening, the path databases, the graph of a grid,
 * HPA*), multiplied by what the entered cell costs. Every step between
 * hexes is as long as a straight one. */
static inline uint32_t cost_step(const cost_model *m, unsigned d)
{
    return move_is_diagonal(move_dx[d], move_dy[d]) && !hex_topology(m->topology) ? m->diagonal
                                                                                  : m->straight;
}

/* H from a square dx columns and dy rows away from the target: the
 * heuristic's estimate times the weight, rounded down. Every variant is a
 * plain function of dx and dy, so the same square always gets the same H.
 * (One function with one exit: inlined into the search loops, this form
 * measured faster than a function per step.) */
static inline uint64_t cost_h(const cost_model *m, uint32_t dx, uint32_t dy)
{
    uint32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    uint64_t estimate = 0;
    switch (m->heuristic) {
    case ASTAR_HEURISTIC_MANHATTAN: estimate = (uint64_t)m->straight * (dx + (uint64_t)dy); break;
    case ASTAR_HEURISTIC_OCTILE:
        estimate = (uint64_t)m->straight * hi + (uint64_t)(m->diagonal - m->straight) * lo;
        break;
    case ASTAR_HEURISTIC_EUCLIDEAN:
        estimate = (uint64_t)floor(m->straight * sqrt((double)dx * dx + (double)dy * dy));
        break;
    case ASTAR_HEURISTIC_CHEBYSHEV: estimate = (uint64_t)m->straight * hi; break;
    case ASTAR_HEURISTIC_ZERO: break;
    }
    return estimate * m->weight / WEIGHT_ONE;
}

/* H on a hex grid from the cell at (x, y) to the target at (tx, ty): hex
 * steps times the straight step, unless H is zero, weighted as cost_h. */
static inline uint64_t cost_hex_h(const cost_model *m, int x, int y, int tx, int ty)
{
    if (m->heuristic == ASTAR_HEURISTIC_ZERO)
        return 0;
    uint64_t estimate = (uint64_t)m->straight * hex_distance(m->topology, x, y, tx, ty);
    return estimate * m->weight / WEIGHT_ONE;
}

/* H from the cell at (x, y) to the target at (tx, ty) in either topology. */
static inline uint64_t cost_h_at(const cost_model *m, int x, int y, int tx, int ty)
{
    if (hex_topology(m->topology))
        return cost_hex_h(m, x, y, tx, ty);
    return cost_h(m, (uint32_t)abs(x - tx), (uint32_t)abs(y - ty));
}

/* The distance between two positions dx and dy apart (each >= 0) under a
 * graph's metric (astar_graph_builder_metric): every one a norm, so that
 * the triangle inequality keeps a scaled H consistent. */
static inline double cost_distance(astar_heuristic metric, double dx, double dy)
{
    double lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    switch (metric) {
    case ASTAR_HEURISTIC_MANHATTAN: return dx + dy;
    case ASTAR_HEURISTIC_OCTILE: return hi + 0.41421356237309504880 * lo; /* sqrt 2 - 1 */
    case ASTAR_HEURISTIC_CHEBYSHEV: return hi;
    case ASTAR_HEURISTIC_EUCLIDEAN:
    case ASTAR_HEURISTIC_ZERO: break;
    }
    return sqrt(dx * dx + dy * dy);
}

#define LANDMARK_UNREACHED UINT32_MAX
/* The largest known value: known values are non-negative as signed
 * 32-bit numbers and the unknown one is -1, which the bound below tells
 * apart by sign alone. */
#define LANDMARK_LARGEST ((uint32_t)INT32_MAX)

/* Four landmarks at a time, in GCC's and Clang's vector extensions (SIMD
 * where the target has it): which landmark bounds best is the data's, and
 * a branch per landmark was mispredicted. Signed lanes, because SSE2
 * compares only those. */
typedef int32_t landmark_lanes __attribute__((vector_size(16)));
typedef uint32_t landmark_unsigned __attribute__((vector_size(16)));

/* n <= 4 values from p, the lanes past them 0 (which bound nothing). Four
 * are one load; a copy of n bytes not known when compiling was a call to
 * memcpy, which made any count but the hpa's 8 twice as slow a search. */
static ALWAYS_INLINE landmark_lanes landmark_load(const uint32_t *p, uint32_t n)
{
    landmark_lanes v = { 0, 0, 0, 0 };
    if (n == 4)
        memcpy(&v, p, sizeof v);
    else
        for (uint32_t i = 0; i < n; i++)
            v[i] = (int32_t)p[i];
    return v;
}

/* Per lane, a - b where both are known, else 0: either unknown makes
 * a | b negative. Known values differ by less than 2^31, so a - b is
 * exact (worked out unsigned, where wrapping is defined). */
static ALWAYS_INLINE landmark_lanes landmark_gain(landmark_lanes a, landmark_lanes b)
{
    landmark_lanes difference = (landmark_lanes)((landmark_unsigned)a - (landmark_unsigned)b);
    return difference & ~((a | b) >> 31);
}

/* v's lanes in the order given (the two compilers spell it apart). */
#ifdef __clang__
#define LANDMARK_SWAP(v, a, b, c, d) __builtin_shufflevector(v, v, a, b, c, d)
#else
#define LANDMARK_SWAP(v, a, b, c, d) __builtin_shuffle(v, (landmark_lanes){ a, b, c, d })
#endif

static ALWAYS_INLINE landmark_lanes landmark_max(landmark_lanes a, landmark_lanes b)
{
    return a ^ ((a ^ b) & (b > a));
}

static ALWAYS_INLINE uint32_t landmark_bound_of(uint32_t k, const uint32_t *v, const uint32_t *t)
{
    landmark_lanes best = { 0, 0, 0, 0 };
    for (uint32_t i = 0; i < k; i += 4) {
        uint32_t n = k - i < 4 ? k - i : 4;
        best = landmark_max(best, landmark_gain(landmark_load(t + i, n), landmark_load(v + i, n)));
        best = landmark_max(best, landmark_gain(landmark_load(v + k + i, n),
                                                landmark_load(t + k + i, n)));
    }
    best = landmark_max(best, LANDMARK_SWAP(best, 2, 3, 0, 1));
    best = landmark_max(best, LANDMARK_SWAP(best, 1, 0, 3, 2));
    return (uint32_t)best[0];
}

/* The lower bound a graph's k landmarks (graph/landmarks.h) give on the
 * cost from a node (its row v) to the target (row t): the largest
 * difference over the landmarks, both ways, of values both known
 * (LANDMARK_UNREACHED is not). 0 at least. */
static ALWAYS_INLINE uint64_t cost_landmark_bound(uint32_t k, const uint32_t *v, const uint32_t *t)
{
    /* The count an hpa keeps compiled with it known: whole loads, no loop. */
    return k == ASTAR_HPA_LANDMARKS ? landmark_bound_of(ASTAR_HPA_LANDMARKS, v, t)
                                    : landmark_bound_of(k, v, t);
}

/* What a graph's H is worked out from: x, y per node as floats or as
 * doubles (both NULL: H is 0; astar_graph keeps one), the target's
 * position, the cost per unit of distance and the metric. */
typedef struct node_h_model {
    const float *xy32;
    const double *xy;
    double target_x, target_y, scale;
    astar_heuristic metric;
    /* [opt] the graph's landmarks (graph/landmarks.h): per node 2k values,
     * and the target's row */
    const uint32_t *landmarks, *target_row;
    uint32_t landmark_count;
} node_h_model;

/* The most H a graph's node gets: above ASTAR_MAX_COST, and times the
 * largest weight (64 x WEIGHT_ONE) still inside 64 bits. */
#define NODE_H_CAP ((uint64_t)1 << 40)

/* H of a graph's node: its distance to the target under the metric times
 * the scale, rounded down, then weighted as cost_h does. */
static ALWAYS_INLINE uint64_t cost_node_h(const node_h_model *m, uint32_t weight, uint32_t node)
{
    size_t k = 2 * (size_t)node;
    uint64_t estimate = 0;
    if (m->xy32 || m->xy) {
        double x = m->xy32 ? m->xy32[k] : m->xy[k], y = m->xy32 ? m->xy32[k + 1] : m->xy[k + 1];
        double dx = fabs(x - m->target_x), dy = fabs(y - m->target_y);
        double h = m->scale * cost_distance(m->metric, dx, dy);
        /* Positions far apart give distances no integer holds. An H past
         * the cost limit already keeps its node out of every search (no
         * path through it could cost less), so a larger one is as good:
         * capped, and so that the weight's product stays in range too. */
        estimate = h < (double)NODE_H_CAP ? (uint64_t)h : NODE_H_CAP;
    }
    if (m->landmarks) {
        uint64_t bound = cost_landmark_bound(m->landmark_count,
                                        m->landmarks + (size_t)node * 2 * m->landmark_count,
                                        m->target_row);
        estimate = bound > estimate ? bound : estimate;
    }
    return estimate * weight / WEIGHT_ONE;
}

#endif
