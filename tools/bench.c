/* astar bench: time searches on scenario files. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    if (n == 0)
        return 0.0;
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* Timings of a set of queries. */
typedef struct sample {
    double *micros;       /* one per query */
    size_t count, capacity;
    double seconds;
    unsigned long long expanded;
    double state_bytes_per_cell;
} sample;

static bool sample_add(sample *s, double micros)
{
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? s->capacity * 2 : 1024;
        double *bigger = realloc(s->micros, capacity * sizeof *bigger);
        if (!bigger)
            return false;
        s->micros = bigger;
        s->capacity = capacity;
    }
    s->micros[s->count++] = micros;
    return true;
}

static void print_row(const char *name, sample *s)
{
    double mean = s->count ? s->seconds * 1e6 / (double)s->count : 0.0;
    double per_query = s->count ? (double)s->expanded / (double)s->count : 0.0;
    double ns = s->expanded ? s->seconds * 1e9 / (double)s->expanded : 0.0;
    printf("%-44s %8zu %10.1f %10.1f %12.1f %8.1f %8.1f\n", name, s->count, mean,
           median(s->micros, s->count), per_query, ns, s->state_bytes_per_cell);
    fflush(stdout);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar bench SCEN... [--map MAP] [--repeat N] [search options]\n\n"
            "Times every problem of each scenario file (problems with a blocked start or\n"
            "goal are left out), N times each (default 1), with one search context. Prints\n"
            "per file and in total: queries, mean and median microseconds per query,\n"
            "expanded squares per query, nanoseconds per expansion, and bytes of search\n"
            "state per cell. Progress goes to standard error: a line that updates on a\n"
            "terminal, otherwise a line every 10 seconds.\n\n%s",
            cli_search_options_help);
}

typedef struct bench {
    astar_options options;
    const char *map;
    long repeat;
    astar_context *ctx;
    astar_point *points;
    size_t points_capacity;
    sample total;
    double last_progress;
    bool terminal;      /* standard error is one */
} bench;

/* Makes the context and path buffer hold cells cells. */
static bool bench_reserve(bench *b, size_t cells)
{
    if (b->ctx && astar_context_max_cells(b->ctx) >= cells)
        return true;
    astar_context_delete(b->ctx);
    free(b->points);
    b->ctx = NULL;
    b->points = malloc(cells * sizeof *b->points);
    b->points_capacity = cells;
    return b->points && astar_context_new(cells, &b->ctx) == ASTAR_OK;
}

static bool bench_file(bench *b, const char *path, int index, int nfiles)
{
    cli_scenario cs;
    if (!cli_scenario_load(path, b->map, &cs))
        return false;
    size_t cells = astar_grid_cells(cs.grid);
    if (!bench_reserve(b, cells)) {
        fprintf(stderr, "astar bench: out of memory\n");
        cli_scenario_free(&cs);
        return false;
    }
    sample s = { .state_bytes_per_cell = (double)astar_context_bytes(b->ctx) /
                                         (double)astar_context_max_cells(b->ctx) };
    size_t n = astar_scenario_count(cs.scen);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        const astar_problem *p = astar_scenario_problem(cs.scen, i);
        if (!cli_problem_posable(cs.grid, p))
            continue;
        for (long r = 0; r < b->repeat && ok; r++) {
            astar_path result = { b->points, b->points_capacity, 0, 0, 0, 0 };
            double t0 = now_seconds();
            astar_status st = astar_find_path(b->ctx, cs.grid, p->start, p->goal, &b->options, &result);
            double dt = now_seconds() - t0;
            if (st != ASTAR_OK) {
                fprintf(stderr, "astar bench: %s:%ld: %s\n", path, p->line, astar_status_message(st));
                ok = false;
                break;
            }
            s.seconds += dt;
            s.expanded += result.expanded;
            ok = sample_add(&s, dt * 1e6) && sample_add(&b->total, dt * 1e6);
        }
        /* A terminal gets a line that updates in place; a log gets a line
         * now and then, so long runs show they are alive either way. */
        double now = now_seconds();
        if (now - b->last_progress > (b->terminal ? 0.25 : 10.0)) {
            b->last_progress = now;
            fprintf(stderr, "%s[file %d/%d, problem %zu/%zu]%s", b->terminal ? "\r" : "", index + 1,
                    nfiles, i + 1, n, b->terminal ? " " : "\n");
        }
    }
    if (b->terminal)
        fprintf(stderr, "\r%60s\r", "");
    if (ok) {
        b->total.seconds += s.seconds;
        b->total.expanded += s.expanded;
        print_row(path, &s);
    }
    free(s.micros);
    cli_scenario_free(&cs);
    return ok;
}

int cmd_bench(int argc, char **argv)
{
    bench b = { .options = astar_options_default(), .repeat = 1, .terminal = isatty(2),
                .last_progress = now_seconds() };
    char **files = calloc((size_t)argc, sizeof *files);
    int nfiles = 0, code = EXIT_OK;
    if (!files)
        return EXIT_FAILED;
    for (int i = 1; i < argc && code == EXIT_OK;) {
        int r = cli_search_option(argc, argv, &i, &b.options);
        if (r < 0)
            code = EXIT_USAGE;
        else if (r > 0)
            continue;
        else if (cli_is_help(argv[i])) {
            usage(stdout);
            free(files);
            return EXIT_OK;
        } else if (strcmp(argv[i], "--map") == 0 && i + 1 < argc) {
            b.map = argv[i + 1];
            i += 2;
        } else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[i + 1], 1, 1000000, &b.repeat)) {
                fprintf(stderr, "astar bench: --repeat takes a whole number from 1\n");
                code = EXIT_USAGE;
            }
            i += 2;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "astar bench: unknown option '%s'\n", argv[i]);
            code = EXIT_USAGE;
        } else {
            files[nfiles++] = argv[i++];
        }
    }
    if (code == EXIT_OK && nfiles == 0) {
        usage(stderr);
        code = EXIT_USAGE;
    }
    if (code == EXIT_OK) {
        printf("options: ");
        cli_describe_options(stdout, &b.options);
        printf("\n%-44s %8s %10s %10s %12s %8s %8s\n", "file", "queries", "mean us", "median us",
               "expanded/q", "ns/exp", "B/cell");
        for (int i = 0; i < nfiles && code == EXIT_OK; i++)
            if (!bench_file(&b, files[i], i, nfiles))
                code = EXIT_FAILED;
        if (code == EXIT_OK && nfiles > 1) {
            b.total.state_bytes_per_cell = (double)astar_context_bytes(b.ctx) /
                                           (double)astar_context_max_cells(b.ctx);
            print_row("total", &b.total);
        }
    }
    astar_context_delete(b.ctx);
    free(b.points);
    free(b.total.micros);
    free(files);
    return code;
}
