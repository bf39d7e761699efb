/*
 * open_lists.c - the article's claim about open lists, measured.
 *
 * "A* Pathfinding for Beginners", note 7: a binary heap "will be at least
 * 2-3 times as fast [as a sorted list] in most situations, and geometrically
 * faster (10+ times as fast) on longer paths". This program times A* with
 * each of the three open lists the note weighs (ASTAR_OPEN_LIST_UNSORTED,
 * _SORTED and _HEAP), everything else equal (octile costs and heuristic,
 * last-added ties), on Moving AI benchmark problems sampled by the length of
 * their optimal path.
 *
 * Each problem runs with every list in turn, round after round, and which
 * list goes first rotates from problem to problem, so that a slow patch of
 * the machine hits all three alike. The three must agree on cost and
 * expansions (with unique tie keys they take squares off the open list in
 * the same order); the program stops if they do not.
 *
 * usage: astar-open-lists [BENCH_DIR] [--quick]
 *   BENCH_DIR  holds maps/<set>/<name> and scen/<set>/<name>.scen
 *              (default ASTAR_BENCH_DIR when compiled with it, else
 *              ../shared/bench)
 *   --quick    a tenth of the problems, for a smoke test
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

#ifndef ASTAR_BENCH_DIR
#define ASTAR_BENCH_DIR "../shared/bench"
#endif

enum { LISTS = 3, MAX_SETS = 8, MAX_ROUNDS = 32 };

/* In the table's order: the article's first method, its second, the heap. */
static const astar_open_list list_kind[LISTS] = { ASTAR_OPEN_LIST_UNSORTED,
                                                  ASTAR_OPEN_LIST_SORTED, ASTAR_OPEN_LIST_HEAP };
static const char *const list_name[LISTS] = { "unsorted", "sorted", "heap" };

/* A class of paths: problems whose optimal length is in [min, max), from the
 * given sets. Short paths cost microseconds, so they get many rounds for the
 * clock to see; long ones few, since the unsorted and sorted lists cost
 * O(n) per square and so O(n^2) per search. */
typedef struct path_class {
    const char *name;
    double min, max;
    const char *sets[MAX_SETS];   /* the first NULL ends the list */
    size_t sample;                /* problems to time */
    int rounds;                   /* runs of each list per problem, to MAX_ROUNDS */
} path_class;

static const path_class classes[] = {
    { "short", 0.0, 20.0,
      { "bg512", "dao", "sc1", "wc3maps512", "street", "room", "random", "maze" }, 400, 21 },
    { "medium", 50.0, 100.0,
      { "bg512", "dao", "sc1", "wc3maps512", "street", "room", "random", "maze" }, 200, 5 },
    { "long", 200.0, INFINITY, { "bg512", "dao", "sc1", NULL }, 90, 3 },
};
enum { CLASSES = sizeof classes / sizeof classes[0] };

/* ------------------------------------------------------------------------ */
/* Scenario files                                                           */
/* ------------------------------------------------------------------------ */

typedef struct scen_file {
    char *scen_path, *map_path;
    const char *set;
    astar_scenario *scen;
} scen_file;

typedef struct problem_ref {
    size_t file, index;
} problem_ref;

static void *checked(void *p)
{
    if (!p) {
        fprintf(stderr, "astar_open_lists: out of memory\n");
        exit(2);
    }
    return p;
}

/* <bench>/<dir>/<set>/<the first name_len characters of name> */
static char *path_of(const char *bench, const char *dir, const char *set, const char *name,
                     size_t name_len)
{
    size_t n = strlen(bench) + strlen(dir) + strlen(set) + name_len + 4;
    char *s = checked(malloc(n));
    snprintf(s, n, "%s/%s/%s/%.*s", bench, dir, set, (int)name_len, name);
    return s;
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *const all_sets[] = { "bg512", "dao", "maze", "random",
                                        "room", "sc1", "street", "wc3maps512" };
enum { ALL_SETS = sizeof all_sets / sizeof all_sets[0] };

/* Every <bench>/scen/<set>/<name>.scen of the sets, in name order, so that
 * the same data always gives the same sample. */
static scen_file *load_scenarios(const char *bench, size_t *count)
{
    scen_file *files = NULL;
    size_t n = 0;
    for (size_t s = 0; s < ALL_SETS; s++) {
        char *dir_path = path_of(bench, "scen", all_sets[s], "", 0);
        DIR *dir = opendir(dir_path);
        if (!dir) {
            fprintf(stderr, "astar_open_lists: cannot read %s\n", dir_path);
            exit(2);
        }
        char **names = NULL;
        size_t names_n = 0;
        for (struct dirent *e; (e = readdir(dir));) {
            size_t len = strlen(e->d_name);
            if (len > 5 && strcmp(e->d_name + len - 5, ".scen") == 0) {
                names = checked(realloc(names, (names_n + 1) * sizeof *names));
                names[names_n++] = checked(strdup(e->d_name));
            }
        }
        closedir(dir);
        free(dir_path);
        qsort(names, names_n, sizeof *names, by_string);
        for (size_t i = 0; i < names_n; i++) {
            size_t len = strlen(names[i]);
            files = checked(realloc(files, (n + 1) * sizeof *files));
            scen_file *f = &files[n++];
            f->set = all_sets[s];
            f->scen_path = path_of(bench, "scen", f->set, names[i], len);
            f->map_path = path_of(bench, "maps", f->set, names[i], len - 5); /* less ".scen" */
            if (!bench_load_scenario("astar_open_lists", f->scen_path, &f->scen))
                exit(2);
            free(names[i]);
        }
        free(names);
    }
    *count = n;
    return files;
}

static bool class_has_set(const path_class *c, const char *set)
{
    for (size_t i = 0; i < MAX_SETS && c->sets[i]; i++)
        if (strcmp(c->sets[i], set) == 0)
            return true;
    return false;
}

/* ------------------------------------------------------------------------ */
/* Sampling                                                                 */
/* ------------------------------------------------------------------------ */

static uint64_t rng_state = 1;

/* splitmix64 */
static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int by_file_then_index(const void *a, const void *b)
{
    const problem_ref *x = a, *y = b;
    if (x->file != y->file)
        return (x->file > y->file) - (x->file < y->file);
    return (x->index > y->index) - (x->index < y->index);
}

/* Up to `want` problems of the class, drawn uniformly without replacement,
 * then ordered by file so each map is loaded once. */
static problem_ref *sample_class(const path_class *c, const scen_file *files, size_t nfiles,
                                 size_t want, size_t *candidates, size_t *got)
{
    problem_ref *all = NULL;
    size_t n = 0;
    for (size_t f = 0; f < nfiles; f++) {
        if (!class_has_set(c, files[f].set))
            continue;
        size_t count = astar_scenario_count(files[f].scen);
        for (size_t i = 0; i < count; i++) {
            double optimal = astar_scenario_problem(files[f].scen, i)->optimal;
            if (optimal >= c->min && optimal < c->max) {
                all = checked(realloc(all, (n + 1) * sizeof *all));
                all[n++] = (problem_ref){ f, i };
            }
        }
    }
    size_t k = want < n ? want : n;
    for (size_t i = 0; i < k; i++) { /* the first k of a Fisher-Yates shuffle */
        size_t j = i + (size_t)(rng_next() % (n - i));
        problem_ref t = all[i];
        all[i] = all[j];
        all[j] = t;
    }
    qsort(all, k, sizeof *all, by_file_then_index);
    *candidates = n;
    *got = k;
    return all;
}

/* ------------------------------------------------------------------------ */
/* Open-list sizes, from an untimed run with an observer                    */
/* ------------------------------------------------------------------------ */

/* A square joins the open list next to the square being expanded, so
 * looking at the 8 neighbours after each expansion finds every addition;
 * after k expansions the open list holds the additions less the k closed. */
typedef struct open_count {
    const astar_grid *grid;
    unsigned char *seen;          /* per cell: known to have been opened */
    size_t added, expansions, peak;
} open_count;

static void count_open(void *user, const astar_context *ctx, astar_point current)
{
    open_count *oc = user;
    int w = astar_grid_width(oc->grid);
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            astar_node node;
            int x = current.x + dx, y = current.y + dy;
            if (astar_context_node(ctx, oc->grid, x, y, &node) != ASTAR_OK ||
                node.list != ASTAR_LIST_OPEN)
                continue;
            unsigned char *seen = &oc->seen[(size_t)y * (size_t)w + (size_t)x];
            if (!*seen) {
                *seen = 1;
                oc->added++;
            }
        }
    }
    oc->expansions++;
    size_t open = oc->added - oc->expansions;
    if (open > oc->peak)
        oc->peak = open;
}

/* ------------------------------------------------------------------------ */
/* Timing                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct class_result {
    size_t queries, skipped;
    double *micros[LISTS];        /* per query: the median of its rounds */
    double expanded, open_end, open_peak;   /* sums over the queries */
} class_result;

static astar_context *ctx;
static bool terminal;             /* standard error is one: show progress */

static void reserve(size_t cells)
{
    if (ctx && astar_context_max_cells(ctx) >= cells)
        return;
    astar_context_delete(ctx);
    if (astar_context_new(cells, &ctx) != ASTAR_OK) {
        fprintf(stderr, "astar_open_lists: cannot make a context of %zu cells\n", cells);
        exit(2);
    }
}

static astar_status search(const astar_grid *grid, const astar_problem *p, astar_options *o,
                           astar_route *path)
{
    *path = (astar_route){ .points = NULL };   /* cost and length only */
    return astar_find_path(ctx, grid, p->start, p->goal, o, path);
}

/* Times one problem with every list; false if it cannot be posed (a blocked
 * start or goal, in the Warcraft III set). */
static bool time_problem(const path_class *c, const scen_file *file, const astar_grid *grid,
                         const astar_problem *p, size_t serial, class_result *r)
{
    astar_options o = astar_options_default();
    o.costs = ASTAR_COSTS_OCTILE;
    o.heuristic = ASTAR_HEURISTIC_OCTILE;

    /* The sizes first, untimed: the observer is not free. */
    size_t cells = astar_grid_cells(grid);
    open_count oc = { .grid = grid, .seen = checked(calloc(cells, 1)), .added = 1 };
    oc.seen[(size_t)p->start.y * (size_t)astar_grid_width(grid) + (size_t)p->start.x] = 1;
    o.search.observer = count_open;
    o.search.observer_user = &oc;
    astar_route reference;
    astar_status st = search(grid, p, &o, &reference);
    free(oc.seen);
    o.search.observer = NULL;
    if (st == ASTAR_START_BLOCKED || st == ASTAR_GOAL_BLOCKED)
        return false;
    if (st != ASTAR_OK) {
        fprintf(stderr, "astar_open_lists: %s:%ld: %s\n", file->scen_path, p->line,
                astar_status_message(st));
        exit(2);
    }

    double micros[LISTS][MAX_ROUNDS];
    for (int round = 0; round < c->rounds; round++) {
        for (size_t k = 0; k < LISTS; k++) {
            size_t l = (k + serial) % LISTS;
            o.search.open_list = list_kind[l];
            astar_route path;
            double t0 = now_seconds();
            st = search(grid, p, &o, &path);
            micros[l][round] = (now_seconds() - t0) * 1e6;
            if (st != ASTAR_OK || path.cost != reference.cost ||
                path.expanded != reference.expanded) {
                fprintf(stderr,
                        "astar_open_lists: %s:%ld: the %s list gives status %d, cost %u, "
                        "%u expanded; the heap gave cost %u, %u expanded\n",
                        file->scen_path, p->line, list_name[l], (int)st, (unsigned)path.cost,
                        (unsigned)path.expanded, (unsigned)reference.cost,
                        (unsigned)reference.expanded);
                exit(1);
            }
        }
    }
    /* The median, not the mean: a round that the machine interrupts says
     * nothing about the list. */
    for (size_t l = 0; l < LISTS; l++)
        r->micros[l][r->queries] = median(micros[l], (size_t)c->rounds);
    r->queries++;
    r->expanded += reference.expanded;
    /* The target was closed without being expanded. */
    r->open_end += (double)(oc.added - oc.expansions - 1);
    r->open_peak += (double)oc.peak;
    return true;
}

static void run_class(const path_class *c, const scen_file *files, const problem_ref *sample,
                      size_t n, class_result *r)
{
    for (size_t l = 0; l < LISTS; l++)
        r->micros[l] = checked(malloc((n ? n : 1) * sizeof *r->micros[l]));
    astar_grid *grid = NULL;
    size_t loaded = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        const scen_file *f = &files[sample[i].file];
        if (sample[i].file != loaded) {
            astar_grid_delete(grid);
            if (!bench_load_map("astar_open_lists", f->map_path, &grid))
                exit(2);
            loaded = sample[i].file;
            reserve(astar_grid_cells(grid));
        }
        if (!time_problem(c, f, grid, astar_scenario_problem(f->scen, sample[i].index), i, r))
            r->skipped++;
        if (terminal)
            fprintf(stderr, "\r%s: %zu/%zu ", c->name, i + 1, n);
    }
    if (terminal)
        fprintf(stderr, "\n");
    astar_grid_delete(grid);
}

static double mean(const double *v, size_t n)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; i++)
        sum += v[i];
    return n ? sum / (double)n : 0.0;
}

int main(int argc, char **argv)
{
    const char *bench = ASTAR_BENCH_DIR;
    size_t divisor = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            divisor = 10;
        else if (argv[i][0] != '-')
            bench = argv[i];
        else {
            fprintf(stderr, "usage: astar-open-lists [BENCH_DIR] [--quick]\n");
            return 2;
        }
    }

    terminal = isatty(2);
    size_t nfiles;
    scen_file *files = load_scenarios(bench, &nfiles);
    printf("A* with each open list of the article's note 7: octile costs and heuristic,\n"
           "8 moves, last-added ties. Benchmark data: %s\n\nsampled (seeded, uniform over "
           "the class's problems):\n", bench);

    class_result results[CLASSES];
    problem_ref *samples[CLASSES];
    size_t sampled[CLASSES];
    for (size_t c = 0; c < CLASSES; c++) {
        size_t candidates;
        samples[c] = sample_class(&classes[c], files, nfiles, classes[c].sample / divisor,
                                  &candidates, &sampled[c]);
        printf("  %-6s optimal length in [%g, %g): %zu of %zu problems, %d round%s each; from",
               classes[c].name, classes[c].min, classes[c].max, sampled[c], candidates,
               classes[c].rounds, classes[c].rounds == 1 ? "" : "s");
        for (size_t s = 0; s < MAX_SETS && classes[c].sets[s]; s++) {
            size_t from_set = 0;
            for (size_t i = 0; i < sampled[c]; i++)
                from_set += strcmp(files[samples[c][i].file].set, classes[c].sets[s]) == 0;
            printf(" %s %zu", classes[c].sets[s], from_set);
        }
        printf("\n");
    }
    fflush(stdout);

    for (size_t c = 0; c < CLASSES; c++) {
        results[c] = (class_result){ .queries = 0 };
        run_class(&classes[c], files, samples[c], sampled[c], &results[c]);
    }

    printf("\nmicroseconds per query: each problem's time is the median of its rounds; mean and\n"
           "median over the problems\n\n");
    printf("| class | queries | unsorted mean | median | sorted mean | median | heap mean | median "
           "| sorted/heap mean | median | unsorted/heap mean | median | expanded | open at end "
           "| open peak |\n");
    printf("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (size_t c = 0; c < CLASSES; c++) {
        class_result *r = &results[c];
        double m[LISTS], med[LISTS];
        for (size_t l = 0; l < LISTS; l++) {
            m[l] = mean(r->micros[l], r->queries);
            med[l] = median(r->micros[l], r->queries);
        }
        double q = r->queries ? (double)r->queries : 1.0;
        printf("| %s | %zu | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f | %.2f | %.2f "
               "| %.0f | %.0f | %.0f |\n",
               classes[c].name, r->queries, m[0], med[0], m[1], med[1], m[2], med[2],
               m[1] / m[2], med[1] / med[2], m[0] / m[2], med[0] / med[2], r->expanded / q,
               r->open_end / q, r->open_peak / q);
    }
    printf("\nThe ratios divide the mean (or median) times above. Expanded, open at end and open\n"
           "peak (squares on the open list) are means per query.\n");
    for (size_t c = 0; c < CLASSES; c++)
        if (results[c].skipped)
            printf("%s: %zu sampled problems left out (blocked start or goal).\n", classes[c].name,
                   results[c].skipped);

    for (size_t c = 0; c < CLASSES; c++) {
        for (size_t l = 0; l < LISTS; l++)
            free(results[c].micros[l]);
        free(samples[c]);
    }
    for (size_t f = 0; f < nfiles; f++) {
        astar_scenario_delete(files[f].scen);
        free(files[f].scen_path);
        free(files[f].map_path);
    }
    free(files);
    astar_context_delete(ctx);
    return 0;
}
