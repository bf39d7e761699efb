/* A seeded random generator for the tests (splitmix64), so every run does
 * the same searches and a failure can be replayed. */
#ifndef UTIL_RANDOM_H
#define UTIL_RANDOM_H

#include <stdint.h>

typedef struct rng {
    uint64_t state;
} rng;

uint64_t rng_next(rng *r);

/* Uniform in 0..n-1 for small n (the bias is negligible). */
int rng_below(rng *r, int n);

#endif
