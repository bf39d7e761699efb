/* What the timing programs (astar bench, bench/) share: a clock, a median,
 * and a fixed pseudo-random sequence so that every run does the same work. */
#ifndef ASTAR_TIMING_H
#define ASTAR_TIMING_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static inline double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline int timing_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v. 0 for no values. */
static inline double median(double *v, size_t n)
{
    if (n == 0)
        return 0.0;
    qsort(v, n, sizeof *v, timing_by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* The p-th quantile (0 < p <= 1) of v by the nearest rank: the least
 * value with a share p of v at or below it. Sorts v. 0 for no values. */
static inline double percentile(double *v, size_t n, double p)
{
    if (n == 0)
        return 0.0;
    qsort(v, n, sizeof *v, timing_by_value);
    size_t rank = (size_t)ceil(p * (double)n);
    return v[rank ? rank - 1 : 0];
}

/* The next number of a linear congruential sequence started from *state. */
static inline uint32_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(*state >> 33);
}

#endif
