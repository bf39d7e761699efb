/* ALWAYS_INLINE, for the functions a search loop must have inlined:
 * compilers may otherwise keep them out of line (GCC does with run's loop,
 * and with the BUCKETS open list's steps), and then one loop serves every
 * kind of open list with a choice made at every step, or calls a function
 * per neighbour. NOINLINE, for a loop kept apart so that it does not
 * weigh on the one inlined beside it. The sanitizers' and fuzzers' builds
 * define ASTAR_INLINE_HINTS (CMakeLists.txt): there the forced inlining of
 * every loop's instantiations held clang's and GCC's instrumentation for
 * minutes on one file (jps.c: 3 to 5 minutes, against 2 seconds), and
 * what those builds check does not depend on what is inlined. */
#ifndef ASTAR_INLINE_H
#define ASTAR_INLINE_H

#if defined(__GNUC__)
#ifdef ASTAR_INLINE_HINTS
#define ALWAYS_INLINE inline
#else
#define ALWAYS_INLINE inline __attribute__((always_inline))
#endif
#define NOINLINE __attribute__((noinline))
#else
#define ALWAYS_INLINE inline
#define NOINLINE
#endif

#endif
