/* The fuzzer's bytes read as a stream of small choices, so that every
 * input, however short, is a valid sequence of calls: past the end every
 * choice is 0. */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

typedef struct fuzz_input {
    const uint8_t *next;
    size_t left;
} fuzz_input;

/* A choice in 0..n-1 (n >= 1) from the next one or two bytes. */
static inline int fuzz_choose(fuzz_input *in, int n)
{
    unsigned v = 0;
    for (int bytes = n > 256 ? 2 : 1; bytes > 0; bytes--) {
        v <<= 8;
        if (in->left > 0) {
            v |= *in->next++;
            in->left--;
        }
    }
    return (int)(v % (unsigned)n);
}

#endif
