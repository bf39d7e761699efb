/* Clock and median for the timing programs (astar bench, bench/). */
#ifndef ASTAR_TIMING_H
#define ASTAR_TIMING_H

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

#endif
