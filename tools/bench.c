/* astar bench: time searches on scenario files. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "timing.h"

/* The most workers astar_find_paths takes. */
enum { MAX_THREADS = 64 };

/* --algo hpa: the cells edited to time an update. */
enum { EDITS = 20 };

/* Timings of a set of queries. */
typedef struct sample {
    double *micros;       /* per query, or per query of each batch */
    size_t count, capacity;
    size_t queries;
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

static void print_row(int width, const char *name, sample *s)
{
    double mean = s->queries ? s->seconds * 1e6 / (double)s->queries : 0.0;
    double per_query = s->queries ? (double)s->expanded / (double)s->queries : 0.0;
    double ns = s->expanded ? s->seconds * 1e9 / (double)s->expanded : 0.0;
    /* Hundredths: a short query takes a fraction of a microsecond. */
    printf("%-*s %8zu %10.2f %10.2f %12.1f %8.1f %8.1f\n", width, name, s->queries, mean,
           median(s->micros, s->count), per_query, ns, s->state_bytes_per_cell);
    fflush(stdout);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar bench SCEN... [--map MAP] [--repeat N] [--threads T] [search options]\n"
            "                   [map options] [--algo cpd [--cpd FILE]]\n"
            "                   [--algo hpa [--cluster N] [--landmarks N]\n"
            "                               [--crossings middle|ends] [--raw]]\n\n"
            "Times every problem of each scenario file (problems with a blocked start or\n"
            "goal are left out), N times each (default 1), with one search context. Prints\n"
            "per file and in total: queries, mean and median microseconds per query,\n"
            "expanded squares per query, nanoseconds per expansion, and bytes of search\n"
            "state per cell; then the bytes per cell of the search context and, with\n"
            "--algo jps+, of the jump table.\n\n"
            "With --threads T (1..%d) each file's problems run as one batch on T threads\n"
            "with a context each (astar_find_paths), N times, alternating with the same\n"
            "batch on 1 thread. The table then gives wall-clock time per query of the\n"
            "T-thread batches (median over the N runs), and three more lines the\n"
            "throughput in queries per second of the best 1-thread and T-thread runs and\n"
            "their ratio.\n\n"
            "With --algo cpd each map's database is built first (on T threads, default 2)\n"
            "or loaded (--cpd FILE), with a line saying how long that took, its runs and\n"
            "its bytes per cell; then its paths are timed one at a time (expanded: the\n"
            "first moves looked up; B/cell: the database's bytes per cell).\n\n"
            "With --algo hpa each map's two tiers are built first, with a line saying how\n"
            "long that took and their bytes per cell; then their paths are timed one at a\n"
            "time (expanded: the graph's nodes; B/cell: the two tiers'), and a line after\n"
            "each file gives the mean time of an update after a one-cell edit (%d cells\n"
            "spread over the map, each blocked or opened, then restored).\n\n"
            "Progress goes to standard error: a line that updates on a terminal, otherwise\n"
            "a line every 10 seconds.\n%s\n%s%s\n%s",
            MAX_THREADS, EDITS, cli_exit_help, cli_search_help(CLI_CALL_FIND_PATH),
            cli_prebuilt_help(), cli_map_options_help);
}

typedef struct bench {
    astar_options options;
    cli_map_options maps;
    cli_prebuilt prebuilt;    /* --algo cpd|hpa: each map's structure, then its paths */
    cli_router current;       /* the structure of the file being timed */
    const char *map;
    long repeat;
    long threads;       /* 0: one search at a time, else batches on this many */
    astar_context *ctx[MAX_THREADS];
    astar_point *points;
    size_t points_capacity;
    sample total;
    double best_one, best_many;   /* sums over the files of the best batch times */
    size_t jump_table_bytes, jump_table_cells;
    size_t prebuilt_bytes, prebuilt_cells;  /* --algo cpd|hpa: their bytes and cells */
    cli_progress progress;
    int name_width;     /* the file column: the longest name given, at least 44 */
} bench;

/* Whether the files' problems run as batches on threads; with --algo cpd
 * --threads is the database build's, and its paths are timed one at a time. */
static bool batches(const bench *b)
{
    return b->threads > 0 && b->prebuilt.kind == CLI_PREBUILT_NONE;
}

static int contexts_needed(const bench *b)
{
    return batches(b) ? (int)b->threads : 1;
}

static double context_bytes_per_cell(const bench *b)
{
    return (double)astar_context_bytes(b->ctx[0]) / (double)astar_context_max_cells(b->ctx[0]);
}

/* Makes every context, and in one-at-a-time mode the path buffer, hold cells
 * cells. */
static bool bench_reserve(bench *b, size_t cells)
{
    if (b->ctx[0] && astar_context_max_cells(b->ctx[0]) >= cells)
        return true;
    for (int i = 0; i < contexts_needed(b); i++) {
        astar_context_delete(b->ctx[i]);
        b->ctx[i] = NULL;
        if (astar_context_new(cells, &b->ctx[i]) != ASTAR_OK)
            return false;
    }
    if (batches(b))
        return true;
    free(b->points);
    b->points = malloc(cells * sizeof *b->points);
    b->points_capacity = cells;
    return b->points != NULL;
}

static void progress(bench *b, int index, int nfiles, const char *what, size_t done, size_t n)
{
    cli_progress_show(&b->progress, "file %d/%d, %s %zu/%zu", index + 1, nfiles, what, done, n);
}

static bool time_one_at_a_time(bench *b, const char *path, const cli_scenario *cs, sample *s,
                               int index, int nfiles)
{
    size_t n = astar_scenario_count(cs->scen);
    for (size_t i = 0; i < n; i++) {
        const astar_problem *p = astar_scenario_problem(cs->scen, i);
        if (!cli_problem_posable(cs->grid, &b->options, p))
            continue;
        for (long r = 0; r < b->repeat; r++) {
            astar_route result = { .points = b->points, .capacity = b->points_capacity };
            double t0 = now_seconds();
            astar_status st = b->prebuilt.kind != CLI_PREBUILT_NONE
                                  ? cli_router_path(&b->current, p->start, p->goal, &result)
                                  : astar_find_path(b->ctx[0], cs->grid, p->start, p->goal,
                                                    &b->options, &result);
            double dt = now_seconds() - t0;
            if (st != ASTAR_OK) {
                fprintf(stderr, "astar bench: %s:%ld: %s\n", path, p->line, astar_status_message(st));
                return false;
            }
            s->queries++;
            s->seconds += dt;
            s->expanded += result.expanded;
            if (!sample_add(s, dt * 1e6) || !sample_add(&b->total, dt * 1e6)) {
                fprintf(stderr, "astar bench: out of memory\n");
                return false;
            }
        }
        progress(b, index, nfiles, "problem", i + 1, n);
    }
    return true;
}

/* The posable problems of a file as one batch, each query with its own path. */
typedef struct batch {
    astar_query *queries;
    astar_route *paths;
    long *lines;              /* each query's line in the scenario file */
    astar_point *points;      /* every path's cells, in one block */
    size_t count;
} batch;

static void batch_free(batch *q)
{
    free(q->queries);
    free(q->paths);
    free(q->lines);
    free(q->points);
}

static bool batch_setup(batch *q, const cli_scenario *cs, const astar_options *o)
{
    size_t n = astar_scenario_count(cs->scen);
    *q = (batch){ .queries = calloc(n ? n : 1, sizeof *q->queries),
                  .paths = calloc(n ? n : 1, sizeof *q->paths),
                  .lines = calloc(n ? n : 1, sizeof *q->lines) };
    if (!q->queries || !q->paths || !q->lines) {
        fprintf(stderr, "astar bench: out of memory\n");
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const astar_problem *p = astar_scenario_problem(cs->scen, i);
        if (!cli_problem_posable(cs->grid, o, p))
            continue;
        q->lines[q->count] = p->line;
        q->queries[q->count] = (astar_query){ p->start, p->goal, &q->paths[q->count], ASTAR_OK };
        q->count++;
    }
    return true;
}

/* Runs the batch on the first `threads` contexts; returns its wall-clock time
 * in seconds, or a negative number (after saying why) if a query failed. */
static double batch_run(bench *b, const char *path, const astar_grid *grid, batch *q, int threads)
{
    double t0 = now_seconds();
    astar_status st = astar_find_paths(b->ctx, threads, grid, &b->options, q->queries, q->count);
    double dt = now_seconds() - t0;
    if (st != ASTAR_OK) {
        fprintf(stderr, "astar bench: %s: %s\n", path, astar_status_message(st));
        return -1.0;
    }
    for (size_t i = 0; i < q->count; i++)
        if (q->queries[i].status != ASTAR_OK) {
            fprintf(stderr, "astar bench: %s:%ld: %s\n", path, q->lines[i],
                    astar_status_message(q->queries[i].status));
            return -1.0;
        }
    return dt;
}

/* A first, untimed batch learns every path's length, so the buffers are sized
 * exactly (a buffer of the whole map per query would not fit in memory), and
 * maps in the contexts' fresh pages, which would otherwise slow down
 * whichever run came first. */
static bool batch_prepare(bench *b, const char *path, const astar_grid *grid, batch *q)
{
    if (batch_run(b, path, grid, q, (int)b->threads) < 0.0)
        return false;
    size_t cells = 0;
    for (size_t i = 0; i < q->count; i++)
        cells += q->paths[i].length;
    q->points = malloc((cells ? cells : 1) * sizeof *q->points);
    if (!q->points) {
        fprintf(stderr, "astar bench: out of memory\n");
        return false;
    }
    astar_point *next = q->points;
    for (size_t i = 0; i < q->count; i++) {
        size_t length = q->paths[i].length;
        q->paths[i] = (astar_route){ .points = next, .capacity = length };
        next += length;
    }
    return true;
}

/* The two thread counts take turns, so that both see the same spells of
 * load from whatever else runs on the machine, and the best of each is kept. */
static bool time_batches(bench *b, const char *path, const cli_scenario *cs, sample *s, int index,
                         int nfiles)
{
    batch q;
    bool ok = batch_setup(&q, cs, &b->options) && batch_prepare(b, path, cs->grid, &q);
    double best_one = 0.0, best_many = 0.0;
    for (long r = 0; r < b->repeat && ok; r++) {
        double one = batch_run(b, path, cs->grid, &q, 1);
        double many = one < 0.0 ? -1.0 : batch_run(b, path, cs->grid, &q, (int)b->threads);
        if (many < 0.0) {
            ok = false;
            break;
        }
        best_one = r == 0 || one < best_one ? one : best_one;
        best_many = r == 0 || many < best_many ? many : best_many;
        double micros = q.count ? many * 1e6 / (double)q.count : 0.0;
        s->queries += q.count;
        s->seconds += many;
        for (size_t i = 0; i < q.count; i++)
            s->expanded += q.paths[i].expanded;
        if (!sample_add(s, micros) || !sample_add(&b->total, micros)) {
            fprintf(stderr, "astar bench: out of memory\n");
            ok = false;
        }
        progress(b, index, nfiles, "run", (size_t)r + 1, (size_t)b->repeat);
    }
    if (ok) {
        b->best_one += best_one;
        b->best_many += best_many;
    }
    batch_free(&q);
    return ok;
}

/* --algo hpa: the mean time of an update after a one-cell edit, over
 * cells spread over the map, each changed and then restored. False after
 * saying why an update failed. */
static bool time_edits(astar_hpa *hpa, astar_grid *grid)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    double seconds = 0.0;
    for (int k = 0; k < EDITS; k++) {
        astar_point cell = { (int32_t)((k * 37 + 11) % w), (int32_t)((k * 53 + 7) % h) };
        bool walkable = astar_grid_walkable(grid, cell.x, cell.y);
        for (int undo = 0; undo < 2; undo++) {
            astar_status s = astar_grid_set_walkable(grid, cell.x, cell.y, undo ? walkable : !walkable);
            double t0 = now_seconds();
            if (s == ASTAR_OK)
                s = astar_hpa_update(hpa, &cell, 1, NULL);
            seconds += now_seconds() - t0;
            if (s != ASTAR_OK) {
                fprintf(stderr, "astar bench: --algo hpa: an edit at (%d,%d): %s\n", cell.x,
                        cell.y, astar_status_message(s));
                return false;
            }
        }
    }
    printf("hpa: one-cell edit and update, mean of %d: %.3f ms\n", 2 * EDITS,
           seconds * 1e3 / (2 * EDITS));
    return true;
}

/* Times one scenario file; returns the exit code: EXIT_INPUT when it or
 * its map cannot be read, EXIT_FAILED when it could not be timed. */
static int bench_file(bench *b, const char *path, int index, int nfiles)
{
    cli_scenario cs;
    if (!cli_scenario_load(path, b->map, &b->options, &b->maps, &cs))
        return EXIT_INPUT;
    size_t cells = astar_grid_cells(cs.grid);
    if (!bench_reserve(b, cells)) {
        fprintf(stderr, "astar bench: out of memory\n");
        cli_scenario_free(&cs);
        return EXIT_FAILED;
    }
    b->jump_table_bytes += astar_grid_jump_table_bytes(cs.grid);
    b->jump_table_cells += cells;
    sample s = { .state_bytes_per_cell = context_bytes_per_cell(b) };
    if (b->prebuilt.kind != CLI_PREBUILT_NONE) {
        int code = cli_router_prepare("bench", &b->prebuilt, cs.grid, &b->options, (int)b->threads,
                                      &b->current);
        if (code != EXIT_OK) {
            cli_scenario_free(&cs);
            return code;
        }
        s.state_bytes_per_cell = (double)b->current.bytes / (double)cells;
        b->prebuilt_bytes += b->current.bytes;
        b->prebuilt_cells += cells;
    }
    bool ok = batches(b) ? time_batches(b, path, &cs, &s, index, nfiles)
                         : time_one_at_a_time(b, path, &cs, &s, index, nfiles);
    cli_progress_clear(&b->progress);
    if (ok) {
        b->total.queries += s.queries;
        b->total.seconds += s.seconds;
        b->total.expanded += s.expanded;
        print_row(b->name_width, path, &s);
    }
    if (ok && b->current.hpa)
        ok = time_edits(b->current.hpa, cs.grid);
    cli_router_free(&b->current);
    free(s.micros);
    cli_scenario_free(&cs);
    return ok ? EXIT_OK : EXIT_FAILED;
}

static void print_summary(bench *b, int nfiles)
{
    if (nfiles > 1) {
        b->total.state_bytes_per_cell =
            b->prebuilt.kind != CLI_PREBUILT_NONE
                ? (double)b->prebuilt_bytes / (double)b->prebuilt_cells
                : context_bytes_per_cell(b);
        print_row(b->name_width, "total", &b->total);
    }
    if (batches(b)) {
        /* Every run solves the same queries, so one run's worth is the total
         * over the repeats divided by them. */
        double queries = (double)b->total.queries / (double)b->repeat;
        double one = b->best_one > 0.0 ? queries / b->best_one : 0.0;
        double many = b->best_many > 0.0 ? queries / b->best_many : 0.0;
        printf("throughput, 1 thread: %.0f queries/s (best of %ld)\n", one, b->repeat);
        printf("throughput, %ld threads: %.0f queries/s (best of %ld)\n", b->threads, many,
               b->repeat);
        printf("throughput ratio: %.2f\n", one > 0.0 ? many / one : 0.0);
    }
    if (b->prebuilt.kind != CLI_PREBUILT_NONE)
        return; /* their bytes per cell are the table's, their other figures each file's line */
    printf("search context: %.1f bytes/cell", context_bytes_per_cell(b));
    if (contexts_needed(b) > 1)
        printf(" each, %d contexts", contexts_needed(b));
    printf("\n");
    if (b->jump_table_bytes > 0)
        printf("jump table: %.1f bytes/cell\n",
               (double)b->jump_table_bytes / (double)b->jump_table_cells);
}

enum { MAP, REPEAT, THREADS };
static const cli_own_option bench_options[] = {
    [MAP] = { "map", 0, true },
    [REPEAT] = { "repeat", 0, true },
    [THREADS] = { "threads", 0, true },
};

static bool take(void *state, int which, const char *value)
{
    bench *b = state;
    switch (which) {
    case MAP: b->map = value; return true;
    case REPEAT:
        if (cli_parse_int(value, 1, 1000000, &b->repeat))
            return true;
        cli_error("--repeat takes a whole number from 1 to 1000000, not '%s'", value);
        return false;
    default:
        if (cli_parse_int(value, 1, MAX_THREADS, &b->threads))
            return true;
        cli_error("--threads takes a whole number from 1 to %d, not '%s'", MAX_THREADS, value);
        return false;
    }
}

int cmd_bench(int argc, char **argv)
{
    bench b = { .options = astar_options_default(), .repeat = 1,
                .progress = cli_progress_start() };
    const char **files = calloc((size_t)argc, sizeof *files);
    if (!files)
        return EXIT_FAILED;
    cli_command_line line = {
        .name = "bench", .call = CLI_CALL_FIND_PATH, .options = &b.options, .maps = &b.maps,
        .prebuilt = &b.prebuilt, .own = bench_options, .own_count = CLI_COUNT(bench_options), .take = take, .state = &b,
        .positional = files, .positional_min = 1, .positional_max = argc, .usage = usage,
    };
    int code = cli_parse(&line, argc, argv);
    int nfiles = line.positional_count;
    if (code == CLI_HELP_SHOWN) {
        free(files);
        return EXIT_OK;
    }
    if (code == EXIT_OK && !cli_prebuilt_check("bench", &b.prebuilt, &b.options, false, b.maps.topology))
        code = EXIT_USAGE;
    if (code == EXIT_OK && b.threads > 0 && b.prebuilt.kind == CLI_PREBUILT_HPA) {
        cli_error("--threads does not apply to --algo hpa: its queries share the two tiers' "
                  "scratch, one at a time");
        code = EXIT_USAGE;
    }
    if (code == EXIT_OK) {
        printf("options: ");
        cli_describe_algorithm(stdout, b.prebuilt.kind, &b.options, NULL, b.maps.topology);
        printf("\n");
        cli_describe_topology(stdout, b.maps.topology);
        b.name_width = 44;
        for (int i = 0; i < nfiles; i++)
            if (strlen(files[i]) > (size_t)b.name_width && strlen(files[i]) < 4096)
                b.name_width = (int)strlen(files[i]);
        printf("%-*s %8s %10s %10s %12s %8s %8s\n", b.name_width, "file", "queries", "mean us", "median us",
               "expanded/q", "ns/exp", "B/cell");
        for (int i = 0; i < nfiles && code == EXIT_OK; i++)
            code = bench_file(&b, files[i], i, nfiles);
        if (code == EXIT_OK)
            print_summary(&b, nfiles);
    }
    for (int i = 0; i < MAX_THREADS; i++)
        astar_context_delete(b.ctx[i]);
    free(b.points);
    free(b.total.micros);
    free(files);
    return code;
}
