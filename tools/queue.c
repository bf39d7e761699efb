/* astar queue: a scenario file replayed as units asking for paths over game
 * frames, through the request queue, against the same searches in one
 * call each. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli.h"
#include "timing.h"

enum { UNITS, SLOTS, BUDGET, BUDGET_US, FRAMES, EVERY, REPEAT, MAP };

/* Each unit's path buffer, and the one call's: paths longer than this end
 * with ASTAR_PATH_BUFFER_TOO_SMALL both ways. */
enum { PATH_CAPACITY = 1 << 15 };

typedef struct replay {
    astar_options options;
    long units, slots, budget, budget_us, frames, every, repeat;
    bool budget_given;            /* --budget or --budget-us, seen once */
    const char *map;
} replay;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar queue SCEN... [--map MAP] [--units N] [--slots S]\n"
            "                   [--budget EXP | --budget-us US] [--frames F] [--every K]\n"
            "                   [--repeat R] [search options]\n\n"
            "Replays the problems of Moving AI scenario files (those with both ends\n"
            "walkable; with --every K the 1st, (K+1)th, ... of them), one file after\n"
            "the other, as N units (default 64) asking for\n"
            "paths: each unit asks for the next problem when its last request ends. Once\n"
            "a frame the request queue (astar_queue_update) runs S searches at once\n"
            "(default 1) within a budget of EXP expansions (default 1000) or US\n"
            "microseconds. A file ends when every problem is answered, or after F\n"
            "frames. Then the same searches run one call each. Prints, over all files,\n"
            "the update's time per frame (p50, p99, max), paths ended per frame, and the\n"
            "throughput of both, and checks each queued answer against the one call's\n"
            "(status, cost and length). With --repeat R each file is replayed R times, the queue\n"
            "and the one call taking turns, and each throughput is the best of R (the\n"
            "frames are those of every replay). Frames over 1 ms are counted, and of\n"
            "them those during which the system took the processor away (an involuntary\n"
            "context switch) and those with a page fault, with the most processor time\n"
            "(CLOCK_THREAD_CPUTIME_ID) any of them had, and any update had. With\n"
            "--repeat and a budget in expansions, every replay does the same work frame\n"
            "by frame, and the largest of each frame's quickest replay is printed too:\n"
            "what the work itself takes, whatever interrupted one replay. Maps are found as astar scen finds them (--map: this one).\n"
            "%s\n%s",
            cli_exit_help, cli_search_help(CLI_CALL_FIND_PATH));
}

static const cli_own_option queue_options[] = {
    [UNITS] = { "units", 0, true },
    [SLOTS] = { "slots", 0, true },
    [BUDGET] = { "budget", 0, true },
    [BUDGET_US] = { "budget-us", 0, true },
    [FRAMES] = { "frames", 0, true },
    [EVERY] = { "every", 0, true },
    [REPEAT] = { "repeat", 0, true },
    [MAP] = { "map", 0, true },
};

static bool take(void *state, int which, const char *value)
{
    replay *r = state;
    if (which == MAP) {
        r->map = value;
        return true;
    }
    static const struct {
        long min, max;
    } range[] = { [UNITS] = { 1, 100000 }, [SLOTS] = { 1, 256 }, [BUDGET] = { 1, 1000000000 },
                  [BUDGET_US] = { 1, 1000000000 }, [FRAMES] = { 1, 1000000000 },
                  [EVERY] = { 1, 1000000 }, [REPEAT] = { 1, 1000 } };
    /* One budget a frame: the other one given as well would silently lose. */
    if (which == BUDGET || which == BUDGET_US) {
        if (r->budget_given) {
            cli_error("--budget and --budget-us are one budget: give one of them, once");
            return false;
        }
        r->budget_given = true;
    }
    long *field[] = { [UNITS] = &r->units, [SLOTS] = &r->slots, [BUDGET] = &r->budget,
                      [BUDGET_US] = &r->budget_us, [FRAMES] = &r->frames, [EVERY] = &r->every,
                      [REPEAT] = &r->repeat };
    if (cli_parse_int(value, range[which].min, range[which].max, field[which]))
        return true;
    cli_error("--%s takes a whole number from %ld to %ld, not '%s'", queue_options[which].name,
              range[which].min, range[which].max, value);
    return false;
}

/* Processor time of this thread: a frame that took long on the clock but
 * short on this shows time the processor spent elsewhere. */
static double thread_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A unit of the replay: the problem it asked for, and its buffer. */
typedef struct unit {
    size_t problem;
    astar_request request;
    astar_route path;
    bool asking;
} unit;

/* The answers of the queue, per problem. */
typedef struct answers {
    astar_status *status;
    uint32_t *cost;
    double *distance;  /* --algo anya's length: its cost is 0 */
} answers;

typedef struct frames {
    double *update_us;
    double *ended;
    size_t count;
} frames;

/* Totals over the files. */
typedef struct totals {
    frames f;
    size_t capacity;
    size_t answered, problems, differ;
    double queue_s, one_s;
    long switches;
    size_t slow, slow_switched;  /* frames over 1 ms, and those the system
                                    took the processor away during */
    size_t slow_faulted;         /* and those with a page fault */
    double slow_cpu_max;         /* the most processor time one of them had */
    double cpu_max;              /* the most processor time any update had */
    /* With --repeat and a budget in expansions every replay of a file does
     * the same work frame by frame: the largest over frames of a frame's
     * quickest replay, which an interruption of one replay does not move. */
    double best_of_replays_max;
    bool replays_compared;
} totals;

/* Room for at least more frames; false when out of memory. */
static bool frames_reserve(totals *t, size_t more)
{
    if (t->f.count + more <= t->capacity)
        return true;
    size_t capacity = 2 * (t->f.count + more);
    double *u = realloc(t->f.update_us, capacity * sizeof *u);
    if (u)
        t->f.update_us = u;
    double *e = realloc(t->f.ended, capacity * sizeof *e);
    if (e)
        t->f.ended = e;
    if (!u || !e)
        return false;
    t->capacity = capacity;
    return true;
}

/* Runs the replay through the queue; false on a failure it printed. */
static bool run_queue(const replay *r, const astar_grid *grid, const astar_problem **problems,
                      size_t count, answers *out, totals *t, size_t max_frames, double *seconds)
{
    size_t frames_run = 0;
    astar_queue *q = NULL;
    size_t cells = astar_grid_cells(grid);
    unit *units = calloc((size_t)r->units, sizeof *units);
    /* Written once, as a game's buffers would have been: a first write to
     * a page the system has not mapped yet would be timed in the update. */
    astar_point *buffers = calloc((size_t)r->units * PATH_CAPACITY, sizeof *buffers);
    if (!units || !buffers ||
        astar_queue_new((int)r->slots, cells, (size_t)r->units, &q) != ASTAR_OK) {
        cli_error("out of memory");
        free(units);
        free(buffers);
        return false;
    }
    if (buffers)
        memset(buffers, 0, (size_t)r->units * PATH_CAPACITY * sizeof *buffers);
    size_t next = 0, answered = 0;
    cli_progress progress = cli_progress_start();
    *seconds = 0.0;
    while (answered < count && (max_frames == 0 || frames_run < max_frames)) {
        for (long i = 0; i < r->units && next < count; i++) {
            unit *u = &units[i];
            if (u->asking)
                continue;
            u->problem = next++;
            u->path = (astar_route){ .points = buffers + (size_t)i * PATH_CAPACITY,
                                     .capacity = PATH_CAPACITY };
            const astar_problem *p = problems[u->problem];
            astar_status s = astar_queue_request(q, grid, p->start, p->goal, &r->options, 0,
                                                 &u->path, &u->request);
            if (s != ASTAR_OK) {
                cli_error("request: %s", astar_status_message(s));
                astar_queue_delete(q);
                free(units);
                free(buffers);
                return false;
            }
            u->asking = true;
        }
        astar_queue_report rep;
        struct rusage before, after;
        getrusage(RUSAGE_SELF, &before);
        double cpu0 = thread_seconds();
        astar_queue_update(q, r->budget_us ? ASTAR_QUEUE_ANY_EXPANSIONS : (uint32_t)r->budget,
                           r->budget_us ? (uint64_t)r->budget_us * 1000u : ASTAR_QUEUE_ANY_TIME,
                           &rep);
        double cpu = thread_seconds() - cpu0;
        getrusage(RUSAGE_SELF, &after);
        *seconds += (double)rep.nanoseconds * 1e-9;
        t->cpu_max = cpu > t->cpu_max ? cpu : t->cpu_max;
        if (rep.nanoseconds > 1000000u) {
            t->slow++;
            t->slow_switched += after.ru_nivcsw != before.ru_nivcsw;
            t->slow_faulted += after.ru_minflt != before.ru_minflt || after.ru_majflt != before.ru_majflt;
            t->slow_cpu_max = cpu > t->slow_cpu_max ? cpu : t->slow_cpu_max;
        }
        if (!frames_reserve(t, 1)) {
            cli_error("out of memory");
            break;
        }
        frames *f = &t->f;
        f->update_us[f->count] = (double)rep.nanoseconds * 1e-3;
        f->ended[f->count++] = rep.finished;
        frames_run++;
        for (long i = 0; i < r->units; i++) {
            unit *u = &units[i];
            astar_status s = u->asking ? astar_queue_poll(q, u->request) : ASTAR_IN_PROGRESS;
            if (s == ASTAR_IN_PROGRESS)
                continue;
            out->status[u->problem] = s;
            out->cost[u->problem] = u->path.cost;
            out->distance[u->problem] = u->path.distance;
            astar_queue_cancel(q, u->request);
            u->asking = false;
            answered++;
        }
        cli_progress_show(&progress, "frame %zu, %zu of %zu paths", frames_run, answered, count);
    }
    cli_progress_clear(&progress);
    astar_queue_delete(q);
    free(units);
    free(buffers);
    return true;
}

/* The same searches in one call each, for the problems the queue answered:
 * their time, and how many answers differ from the queue's. */
static size_t run_one_call(const replay *r, const astar_grid *grid, const astar_problem **problems,
                           size_t count, const answers *queued, double *seconds)
{
    astar_context *ctx;
    size_t cells = astar_grid_cells(grid), differ = 0;
    astar_point *points = malloc(PATH_CAPACITY * sizeof *points);
    if (!points || astar_context_new(cells, &ctx) != ASTAR_OK) {
        free(points);
        cli_error("out of memory");
        return SIZE_MAX;
    }
    double t0 = now_seconds();
    for (size_t i = 0; i < count; i++) {
        if (queued->status[i] == ASTAR_IN_PROGRESS)
            continue;
        astar_route path = { .points = points, .capacity = PATH_CAPACITY };
        astar_status s = astar_find_path(ctx, grid, problems[i]->start, problems[i]->goal,
                                         &r->options, &path);
        if (s != queued->status[i] ||
            (s == ASTAR_OK &&
             (path.cost != queued->cost[i] || path.distance != queued->distance[i]))) {
            if (differ++ < 10)
                printf("DIFFER line %ld: queue %s cost %u (distance %.6f), one call %s cost %u "
                       "(distance %.6f)\n",
                       problems[i]->line, astar_status_message(queued->status[i]),
                       queued->cost[i], queued->distance[i], astar_status_message(s), path.cost,
                       path.distance);
        }
    }
    *seconds = now_seconds() - t0;
    astar_context_delete(ctx);
    free(points);
    return differ;
}

static void report(const replay *r, totals *t)
{
    frames *f = &t->f;
    size_t n = f->count;
    double ended_total = 0.0, ended_max = 0.0;
    for (size_t i = 0; i < n; i++) {
        ended_total += f->ended[i];
        ended_max = f->ended[i] > ended_max ? f->ended[i] : ended_max;
    }
    median(f->update_us, n); /* sorts */
    printf("options: ");
    cli_describe_options(stdout, &r->options, NULL, ASTAR_TOPOLOGY_SQUARE);
    printf("\nqueue: %ld units, %ld slots, budget %ld %s per frame\n", r->units, r->slots,
           r->budget_us ? r->budget_us : r->budget, r->budget_us ? "us" : "expansions");
    printf("frames: %zu; update us: p50 %.1f, p99 %.1f, p99.9 %.1f, max %.1f\n", n,
           percentile(f->update_us, n, 0.5), percentile(f->update_us, n, 0.99),
           percentile(f->update_us, n, 0.999), n ? f->update_us[n - 1] : 0.0);
    printf("frames over 1 ms: %zu, %zu of them with an involuntary context switch during the "
           "update (%ld in the whole run), %zu with a page fault; the most processor time one "
           "of them had: %.1f us\n",
           t->slow, t->slow_switched, t->switches, t->slow_faulted, t->slow_cpu_max * 1e6);
    printf("the most processor time any update had: %.1f us\n", t->cpu_max * 1e6);
    if (t->replays_compared)
        printf("each frame at its quickest of the %ld replays: max %.1f us\n", r->repeat,
               t->best_of_replays_max);
    printf("paths ended per frame: mean %.2f, max %.0f\n", n ? ended_total / (double)n : 0.0,
           ended_max);
    printf("answered: %zu of %zu problems; %zu differ from the one call's\n", t->answered,
           t->problems, t->differ);
    double queue_rate = t->queue_s > 0 ? (double)t->answered / t->queue_s : 0.0;
    double one_rate = t->one_s > 0 ? (double)t->answered / t->one_s : 0.0;
    printf("throughput: queue %.0f paths/s (update time only), one call %.0f paths/s: %.1f %%\n",
           queue_rate, one_rate, one_rate > 0 ? 100.0 * queue_rate / one_rate : 0.0);
}

/* Replays one scenario file into the totals; returns the exit status. */
static int replay_file(const replay *r, const char *path, totals *t)
{
    cli_scenario cs;
    const cli_map_options no_extras = { 0 };
    if (!cli_scenario_load(path, r->map, &r->options, &no_extras, &cs))
        return EXIT_INPUT;
    astar_grid *grid = cs.grid;
    size_t total = astar_scenario_count(cs.scen), count = 0;
    const astar_problem **problems = malloc((total + 1) * sizeof *problems);
    answers a = { malloc((total + 1) * sizeof *a.status), malloc((total + 1) * sizeof *a.cost),
                  malloc((total + 1) * sizeof *a.distance) };
    size_t max_frames = r->frames ? (size_t)r->frames : 0;
    int code = EXIT_FAILED;
    if (!problems || !a.status || !a.cost || !a.distance) {
        cli_error("out of memory");
        goto done;
    }
    for (size_t i = 0; i < total; i += (size_t)r->every) {
        const astar_problem *p = astar_scenario_problem(cs.scen, i);
        if (p->map_width != astar_grid_width(grid) || p->map_height != astar_grid_height(grid)) {
            cli_error("%s is for a %d x %d map; %s is %d x %d", path, p->map_width,
                      p->map_height, cs.map_path, astar_grid_width(grid), astar_grid_height(grid));
            code = EXIT_INPUT;
            goto done;
        }
        if (cli_problem_posable(grid, &r->options, p)) {
            a.status[count] = ASTAR_IN_PROGRESS; /* not answered yet */
            problems[count++] = p;
        }
    }
    double best_queue = 0.0, best_one = 0.0;
    size_t differ = 0, answered = 0, first_frame = t->f.count, replay_frames = 0;
    bool same_frames = r->budget_us == 0 && r->repeat > 1;
    for (long k = 0; k < r->repeat; k++) {
        double queue_s, one_s;
        for (size_t i = 0; i < count; i++)
            a.status[i] = ASTAR_IN_PROGRESS;
        size_t before = t->f.count;
        if (!run_queue(r, grid, problems, count, &a, t, max_frames, &queue_s))
            goto done;
        if (k == 0)
            replay_frames = t->f.count - before;
        same_frames = same_frames && t->f.count - before == replay_frames;
        differ = run_one_call(r, grid, problems, count, &a, &one_s);
        if (differ == SIZE_MAX)
            goto done;
        best_queue = k == 0 || queue_s < best_queue ? queue_s : best_queue;
        best_one = k == 0 || one_s < best_one ? one_s : best_one;
    }
    if (same_frames) {
        t->replays_compared = true;
        for (size_t i = 0; i < replay_frames; i++) {
            double best = t->f.update_us[first_frame + i];
            for (long k = 1; k < r->repeat; k++) {
                double us = t->f.update_us[first_frame + (size_t)k * replay_frames + i];
                best = us < best ? us : best;
            }
            t->best_of_replays_max = best > t->best_of_replays_max ? best : t->best_of_replays_max;
        }
    }
    for (size_t i = 0; i < count; i++)
        answered += a.status[i] != ASTAR_IN_PROGRESS;
    t->answered += answered;
    t->problems += count;
    t->differ += differ;
    t->queue_s += best_queue;
    t->one_s += best_one;
    code = EXIT_OK;
done:
    free(problems);
    free(a.status);
    free(a.cost);
    free(a.distance);
    cli_scenario_free(&cs);
    return code;
}

int cmd_queue(int argc, char **argv)
{
    replay r = { .options = astar_options_default(), .units = 64, .slots = 1, .budget = 1000,
                 .every = 1, .repeat = 1 };
    const char **files = calloc((size_t)argc, sizeof *files);
    if (!files)
        return EXIT_FAILED;
    cli_command_line line = {
        .name = "queue", .call = CLI_CALL_FIND_PATH, .options = &r.options,
        .own = queue_options, .own_count = CLI_COUNT(queue_options), .take = take, .state = &r,
        .positional = files, .positional_min = 1, .positional_max = argc, .usage = usage,
    };
    int code = cli_parse(&line, argc, argv);
    if (code == EXIT_OK && !cli_check_search("queue", &r.options, CLI_PREBUILT_NONE, false, ASTAR_TOPOLOGY_SQUARE))
        code = EXIT_USAGE;
    totals t = { 0 };
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    for (int i = 0; code == EXIT_OK && i < line.positional_count; i++)
        code = replay_file(&r, files[i], &t);
    getrusage(RUSAGE_SELF, &after);
    t.switches = after.ru_nivcsw - before.ru_nivcsw;
    if (code == EXIT_OK) {
        report(&r, &t);
        code = t.differ ? EXIT_FAILED : EXIT_OK;
    }
    free(t.f.update_us);
    free(t.f.ended);
    free(files);
    return code == CLI_HELP_SHOWN ? EXIT_OK : code;
}
