/* astar-sizes SCEN... : what units of a size cost (issue 43's figures).
 * For each scenario file's map (octile costs and H, 8 moves with the
 * corner rule, the bucket open list):
 *   1. memory: the bytes astar_grid_enable_clearance allocates per cell for
 *      capability 0 alone and with 3 more (4 in all), and those the shadow
 *      of a unit of size 2 takes with its jump table
 *      (astar_grid_enable_sized_shadow), counted through the grid's
 *      allocator;
 *   2. edits: the mean time of a one-cell edit (a wall built at a random
 *      walkable cell and taken down again) without clearance, with it,
 *      and with the shadow too;
 *   3. queries: every 10th problem of the file where a unit of size 2 fits
 *      at both ends, searched for the unit (astar_world.unit_size) and, on
 *      a copy of the map eroded for it (a cell walkable where the unit
 *      fits with it as its top-left cell), for a unit of one cell, in
 *      turns, each problem ROUNDS times each, the least time kept - the
 *      median of each and their ratio: A* over the clearance alone, then
 *      with the unit's shadow enabled A*, JPS and JPS+ (the same
 *      algorithm on both sides); the two must agree on every cost, or
 *      the program fails;
 *   4. HPA* for the unit over its shadow (ASTAR_HPA_CLUSTER, straightened
 *      paths) against A* for it, on the problems A* finds a path for:
 *      the medians, how many times faster, and the mean of HPA*'s cost
 *      over A*'s (the least); a path cheaper than the least fails it.
 * astar-sizes --check SCEN... : only the agreement, for sizes 2 and 3,
 * each problem searched once (check, below). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { SIZE = 2, STRIDE = 10, EDITS = 2000, ROUNDS = 3 };

/* An allocator that counts what is live. */
static void *counted_allocate(void *user, size_t size)
{
    size_t *block = malloc(sizeof(size_t) + size);
    if (!block)
        return NULL;
    *block = size;
    *(size_t *)user += size;
    return block + 1;
}

static void counted_release(void *user, void *p)
{
    size_t *block = (size_t *)p - 1;
    *(size_t *)user -= *block;
    free(block);
}

/* Bytes per cell the clearance of `count` capabilities beyond capability 0
 * holds, on a copy of g made with the counting allocator; with shadow,
 * those the shadow of a unit of size SIZE with its jump table holds
 * beyond it. */
static double index_bytes(const astar_grid *g, size_t count, bool shadow)
{
    size_t live = 0;
    astar_allocator counting = { counted_allocate, counted_release, &live };
    int w = astar_grid_width(g), h = astar_grid_height(g);
    astar_grid *copy = NULL;
    if (astar_grid_new_with(w, h, &counting, &copy) != ASTAR_OK)
        return -1.0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            astar_grid_set_walkable(copy, x, y, astar_grid_walkable(g, x, y));
    astar_capability caps[3];
    for (size_t k = 0; k < count; k++) {
        caps[k] = astar_capability_any();
        astar_capability_set(&caps[k], (int)k + 2, false);
    }
    size_t before = live;
    bool ok = astar_grid_enable_clearance(copy, caps, count) == ASTAR_OK;
    if (ok && shadow) {
        before = live;
        ok = astar_grid_enable_sized_shadow(copy, SIZE, 0, true) == ASTAR_OK;
    }
    double bytes = ok ? (double)(live - before) / (double)astar_grid_cells(copy) : -1.0;
    astar_grid_delete(copy);
    return bytes;
}

/* Mean microseconds of a one-cell edit, a wall built and taken down. */
static double edit_us(astar_grid *g)
{
    uint64_t state = 99;
    double t0 = now_seconds();
    for (int e = 0; e < EDITS; e++) {
        astar_point p = bench_random_walkable(g, &state);
        astar_grid_set_walkable(g, p.x, p.y, false);
        astar_grid_set_walkable(g, p.x, p.y, true);
    }
    return (now_seconds() - t0) * 1e6 / (2.0 * EDITS);
}

/* The map as a unit of `size` cells a side sees it: walkable where it fits. */
static astar_grid *eroded(const astar_grid *g, int size)
{
    int w = astar_grid_width(g), h = astar_grid_height(g);
    astar_grid *copy = NULL;
    if (astar_grid_new(w, h, &copy) != ASTAR_OK)
        return NULL;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            astar_grid_set_walkable(copy, x, y, astar_grid_clearance(g, 0, x, y) >= size);
    return copy;
}

typedef struct race {
    double *sized, *plain;
    size_t count;
    int size;            /* the unit's side */
    int rounds;          /* runs of each problem a side, the least time kept */
    size_t mismatches;   /* problems whose status or cost differed */
} race;

/* Times the sampled problems for the unit and on the eroded copy with
 * algorithm; false (after saying which, and counting each) when a status
 * or a cost differs. */
static bool time_queries(const char *file, const astar_grid *g, const astar_grid *flat,
                         const astar_scenario *scen, astar_algorithm algorithm, race *r)
{
    astar_context *ctx = NULL;
    if (astar_context_new(astar_grid_cells(g), &ctx) != ASTAR_OK)
        return false;
    astar_options plain = bench_octile_buckets(), unit = plain;
    plain.algorithm = unit.algorithm = algorithm;
    unit.world.unit_size = r->size;
    r->count = 0;
    bool ok = true;
    for (size_t i = 0; i < astar_scenario_count(scen); i += STRIDE) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        if (!astar_grid_walkable(flat, p->start.x, p->start.y) ||
            !astar_grid_walkable(flat, p->goal.x, p->goal.y))
            continue;
        /* The two take turns going first (the second finds the context's
         * lines for the same cells in the cache), ROUNDS times, and each
         * keeps its least time: a query of a few microseconds on a shared
         * machine is mostly noise otherwise (ROUNDS; 1 for --check). */
        astar_route a = { 0 }, b = { 0 };
        astar_status sa = ASTAR_OK, sb = ASTAR_OK;
        double sized_us = 1e300, plain_us = 1e300;
        for (int turn = 0; turn < 2 * r->rounds; turn++) {
            double t0 = now_seconds();
            if (turn % 2 == (turn / 2) % 2) {
                sa = astar_find_path(ctx, g, p->start, p->goal, &unit, &a);
                double us = (now_seconds() - t0) * 1e6;
                sized_us = us < sized_us ? us : sized_us;
            } else {
                sb = astar_find_path(ctx, flat, p->start, p->goal, &plain, &b);
                double us = (now_seconds() - t0) * 1e6;
                plain_us = us < plain_us ? us : plain_us;
            }
        }
        if (sa != sb || a.cost != b.cost) {
            fprintf(stderr, "astar-sizes: %s line %ld: size %d %s cost %u, eroded %s cost %u\n",
                    file, p->line, r->size, astar_status_message(sa), a.cost,
                    astar_status_message(sb), b.cost);
            r->mismatches++;
            ok = false;
        }
        r->sized[r->count] = sized_us;
        r->plain[r->count++] = plain_us;
    }
    astar_context_delete(ctx);
    return ok;
}

/* Times algorithm for the unit and on the eroded copy, and prints the
 * count, the two medians and their ratio. */
static bool race_print(const char *path, const astar_grid *g, const astar_grid *flat,
                       const astar_scenario *scen, astar_algorithm algorithm, race *r)
{
    bool ok = time_queries(path, g, flat, scen, algorithm, r);
    double s = median(r->sized, r->count), p = median(r->plain, r->count);
    printf("  %5zu %7.1f %7.1f %5.2fx", r->count, s, p, p > 0 ? s / p : 0.0);
    return ok;
}

/* HPA* for the unit, over its shadow (default cluster size, paths
 * straightened), against A* for the unit on the shadow, over the sampled
 * problems where A* finds a path: the medians, A*'s over HPA*'s, and the
 * mean of HPA*'s cost over the least. */
static bool race_hpa(const char *file, const astar_grid *g, const astar_scenario *scen, race *r)
{
    astar_context *ctx = NULL;
    astar_hpa *hpa = NULL;
    astar_options unit = bench_octile_buckets();
    unit.world.unit_size = SIZE;
    astar_options query = unit;
    query.search.open_list = ASTAR_OPEN_LIST_HEAP;
    size_t cells = astar_grid_cells(g);
    astar_point *points = malloc(cells * sizeof *points);
    bool ok = points && astar_context_new(cells, &ctx) == ASTAR_OK &&
              astar_hpa_new(g, &unit, ASTAR_HPA_CLUSTER, &hpa, NULL) == ASTAR_OK;
    double excess = 0.0;
    r->count = 0;
    for (size_t i = 0; ok && i < astar_scenario_count(scen); i += STRIDE) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        astar_route a = { .points = points, .capacity = cells }, h = a;
        double t0 = now_seconds();
        astar_status sa = astar_find_path(ctx, g, p->start, p->goal, &unit, &a);
        double t1 = now_seconds();
        if (sa != ASTAR_OK)
            continue;
        astar_status sh = astar_hpa_find_path(hpa, p->start, p->goal, &query, &h);
        double t2 = now_seconds();
        if (sh != ASTAR_OK || h.cost < a.cost) {
            fprintf(stderr, "astar-sizes: %s line %ld: size %d HPA* %s cost %u, A* cost %u\n",
                    file, p->line, SIZE, astar_status_message(sh), h.cost, a.cost);
            ok = false;
        }
        excess += a.cost ? (double)h.cost / (double)a.cost : 1.0;
        r->sized[r->count] = (t1 - t0) * 1e6;
        r->plain[r->count++] = (t2 - t1) * 1e6;
    }
    double s = median(r->sized, r->count), h = median(r->plain, r->count);
    printf("  %5zu %7.1f %7.1f %5.1fx %6.4f", r->count, s, h, h > 0 ? s / h : 0.0,
           r->count ? excess / (double)r->count : 0.0);
    astar_hpa_delete(hpa);
    astar_context_delete(ctx);
    free(points);
    return ok;
}

static bool run(const char *path)
{
    astar_scenario *scen;
    astar_grid *g;
    if (!bench_load_scenario_map("astar-sizes", path, &scen, &g))
        return false;
    size_t n = astar_scenario_count(scen) / STRIDE + 1;
    race r = { calloc(n, sizeof(double)), calloc(n, sizeof(double)), 0, SIZE, ROUNDS, 0 };
    double one = index_bytes(g, 0, false), four = index_bytes(g, 3, false);
    double shadow = index_bytes(g, 0, true);
    double without = edit_us(g);
    bool ok = r.sized && r.plain && astar_grid_enable_clearance(g, NULL, 0) == ASTAR_OK;
    double with = ok ? edit_us(g) : 0.0;
    astar_grid *flat = ok ? eroded(g, SIZE) : NULL;
    ok = ok && flat && astar_grid_enable_jump_table(flat) == ASTAR_OK;
    ok = ok && race_print(path, g, flat, scen, ASTAR_ALGORITHM_ASTAR, &r);
    ok = ok && astar_grid_enable_sized_shadow(g, SIZE, 0, true) == ASTAR_OK;
    double shadowed = ok ? edit_us(g) : 0.0;
    static const astar_algorithm algorithms[] = { ASTAR_ALGORITHM_ASTAR, ASTAR_ALGORITHM_JPS,
                                                  ASTAR_ALGORITHM_JPS_PLUS };
    for (size_t k = 0; k < sizeof algorithms / sizeof *algorithms && ok; k++)
        ok = race_print(path, g, flat, scen, algorithms[k], &r);
    ok = ok && race_hpa(path, g, scen, &r);
    printf("  %-18s %6.2f %6.2f %6.2f %7.3f %7.3f %7.3f\n", bench_base_name(path), one, four,
           shadow, without, with, shadowed);
    free(r.sized);
    free(r.plain);
    astar_grid_delete(flat);
    astar_grid_delete(g);
    astar_scenario_delete(scen);
    return ok;
}

/* --check: for units of sizes 2 and 3, A* over the clearance alone and,
 * with the unit's shadow, A*, JPS and JPS+ against the same algorithm on
 * the eroded copy, each sampled problem once; prints per file and size
 * the problems compared and the mismatches, into *compared and *mismatched
 * too. */
static bool check(const char *path, size_t *compared, size_t *mismatched)
{
    astar_scenario *scen;
    astar_grid *g;
    if (!bench_load_scenario_map("astar-sizes", path, &scen, &g))
        return false;
    size_t n = astar_scenario_count(scen) / STRIDE + 1;
    race r = { calloc(n, sizeof(double)), calloc(n, sizeof(double)), 0, 0, 1, 0 };
    bool ok = r.sized && r.plain && astar_grid_enable_clearance(g, NULL, 0) == ASTAR_OK;
    static const astar_algorithm algorithms[] = { ASTAR_ALGORITHM_ASTAR, ASTAR_ALGORITHM_ASTAR,
                                                  ASTAR_ALGORITHM_JPS, ASTAR_ALGORITHM_JPS_PLUS };
    for (r.size = 2; r.size <= 3 && ok; r.size++) {
        astar_grid *flat = eroded(g, r.size);
        size_t problems = 0, before = r.mismatches;
        ok = flat && astar_grid_enable_jump_table(flat) == ASTAR_OK;
        for (size_t k = 0; k < sizeof algorithms / sizeof *algorithms && ok; k++) {
            /* The first A* without the shadow, the rest with it. */
            if (k == 1)
                ok = astar_grid_enable_sized_shadow(g, r.size, 0, true) == ASTAR_OK;
            time_queries(path, g, flat, scen, algorithms[k], &r);
            problems += r.count;
        }
        printf("%-24s size %d: %6zu searches compared, %zu mismatches\n", bench_base_name(path),
               r.size, problems, r.mismatches - before);
        *compared += problems;
        astar_grid_delete(flat);
    }
    *mismatched += r.mismatches;
    free(r.sized);
    free(r.plain);
    astar_grid_delete(g);
    astar_scenario_delete(scen);
    return ok && r.mismatches == 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: astar-sizes [--check] SCEN...\n");
        return 2;
    }
    if (strcmp(argv[1], "--check") == 0) {
        size_t compared = 0, mismatched = 0;
        bool ok = true;
        for (int i = 2; i < argc; i++)
            ok = check(argv[i], &compared, &mismatched) && ok;
        printf("in all: %zu searches compared, %zu mismatches\n", compared, mismatched);
        return ok ? 0 : 1;
    }
    printf("size-%d queries (every %dth problem where the unit fits): count, median us for "
           "the unit,\non the eroded copy, and their ratio - A* over clearance alone, then with "
           "the unit's\nshadow A*, JPS and JPS+; HPA* for the unit (A* on the shadow's median, "
           "HPA*'s,\nA*'s over HPA*'s, HPA*'s mean cost over the least); then the map, clearance bytes/cell for 1 and 4 "
           "capabilities,\nthe shadow's with its jump table, one-cell edit us without clearance, "
           "with it, with the shadow\n",
           SIZE, STRIDE);
    printf("  %5s %7s %7s %6s  %5s %7s %7s %6s  %5s %7s %7s %6s  %5s %7s %7s %6s  %5s %7s %7s "
           "%6s %6s  %-18s %6s %6s %6s %7s %7s %7s\n",
           "A*", "sized", "eroded", "ratio", "A*sh", "sized", "eroded", "ratio", "JPS", "sized",
           "eroded", "ratio", "JPS+", "sized", "eroded", "ratio", "HPA*", "A*", "HPA*", "speed",
           "cost", "map", "1 cap", "4 caps", "shadow", "edit", "edit+cl", "edit+sh");
    bool ok = true;
    for (int i = 1; i < argc; i++)
        ok = run(argv[i]) && ok;
    return ok ? 0 : 1;
}
