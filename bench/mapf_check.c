/* astar-mapf-check: the instance and the check for bench/mapf_compare.sh
 * (issue 45), astar's mapf beside LaCAM3 on the same agents.
 *
 *   astar-mapf-check scen MAP SCEN N OUT
 *     writes OUT, a scenario file ('version 1' and N lines copied as they
 *     are) of the first N lines of SCEN whose start and goal are walkable
 *     on MAP and used by no line kept before (a start no other start, a
 *     goal no other goal) - the instance astar mapf makes from SCEN. With
 *     every line usable and distinct, astar mapf and LaCAM3 (which takes
 *     the first N lines with walkable ends and does not skip repeats) read
 *     the same N agents from OUT.
 *
 *   astar-mapf-check mix MAP SCEN N SEED OUT
 *     writes OUT as scen does, from the lines of SCEN whose start and goal
 *     are walkable, shuffled with SEED first (a mix of the file's short
 *     and long problems: its first lines are its shortest), and past its
 *     distinct lines, random distinct cells (a start and a goal on one
 *     island; 0 for their bucket and optimal length). Instance k of N
 *     agents in docs/performance.md is seed 1000 N + k.
 *
 *   astar-mapf-check plan MAP SCEN N RESULT
 *     reads LaCAM3's result file (its 'starts=', 'goals=' and 'solution='
 *     lines of (x,y) cells), checks that its agents are SCEN's first N
 *     lines in order and its plan step by step with the tests' independent
 *     validator (tests/util/plan_validator.c, 4 moves: legal moves, no
 *     shared cell, no swap, all on their goals at the end), and prints
 *     'valid makespan M sum_of_costs S' with the costs counted here (an
 *     agent's cost: the step from which it stays on its goal). Exit 0 when
 *     valid, 1 when not, 2 on a usage or file error. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "timing.h"
#include "util/plan_validator.h"

static const char *program = "astar-mapf-check";

typedef struct line {
    astar_point start, goal;
    char *text;
} line;

/* The first n usable, distinct lines of the scenario at path; with
 * every_line, the first n usable ones, repeats kept. Returns how many, or
 * -1 on error. */
static long read_lines(const astar_grid *grid, const char *path, long n, bool every_line,
                       line *out)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s\n", program, path);
        return -1;
    }
    size_t w = (size_t)astar_grid_width(grid), cells = astar_grid_cells(grid);
    bool *started = calloc(cells, 1), *ending = calloc(cells, 1);
    char *buf = NULL;
    size_t cap = 0;
    long k = 0;
    while (k < n && started && ending && getline(&buf, &cap, f) > 0) {
        long b, mw, mh, sx, sy, gx, gy;
        char map[4096];
        if (sscanf(buf, "%ld\t%4095s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld", &b, map, &mw, &mh, &sx, &sy,
                   &gx, &gy) != 8)
            continue; /* 'version 1' */
        if (sx < 0 || sy < 0 || gx < 0 || gy < 0 || sx >= astar_grid_width(grid) ||
            gx >= astar_grid_width(grid) || sy >= astar_grid_height(grid) ||
            gy >= astar_grid_height(grid) || !astar_grid_walkable(grid, (int)sx, (int)sy) ||
            !astar_grid_walkable(grid, (int)gx, (int)gy))
            continue;
        size_t cs = (size_t)sy * w + (size_t)sx, cg = (size_t)gy * w + (size_t)gx;
        if (!every_line && (started[cs] || ending[cg]))
            continue;
        started[cs] = ending[cg] = true;
        out[k].start = (astar_point){ (int)sx, (int)sy };
        out[k].goal = (astar_point){ (int)gx, (int)gy };
        out[k++].text = strdup(buf);
    }
    free(buf);
    free(started);
    free(ending);
    fclose(f);
    return k;
}

/* Reads "(x,y),(x,y),..." after prefix into at[0..n-1]; false unless
 * exactly n cells. */
static bool read_cells(const char *text, astar_point *at, long n)
{
    long k = 0;
    const char *p = text;
    int x, y, used;
    while ((p = strchr(p, '(')) && sscanf(p, "(%d,%d)%n", &x, &y, &used) == 2) {
        if (k == n)
            return false;
        at[k++] = (astar_point){ x, y };
        p += used;
    }
    return k == n;
}

static int check_plan(const astar_grid *grid, const line *lines, long n, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s\n", program, path);
        return 2;
    }
    astar_point *starts = malloc((size_t)n * sizeof *starts);
    astar_point *goals = malloc((size_t)n * sizeof *goals);
    astar_point *prev = malloc((size_t)n * sizeof *prev);
    astar_point *cur = malloc((size_t)n * sizeof *cur);
    size_t *cost = calloc((size_t)n, sizeof *cost);
    plan_validator *v = plan_validator_new(grid, false);
    char *buf = NULL, why[256];
    size_t cap = 0;
    bool in_plan = false, got_starts = false, got_goals = false, ok = true;
    long steps = -1;
    int code = 1;
    if (!starts || !goals || !prev || !cur || !cost || !v) {
        fprintf(stderr, "%s: out of memory\n", program);
        code = 2;
        goto done;
    }
    while (ok && getline(&buf, &cap, f) > 0) {
        if (!strncmp(buf, "starts=", 7)) {
            got_starts = read_cells(buf + 7, starts, n);
        } else if (!strncmp(buf, "goals=", 6)) {
            got_goals = read_cells(buf + 6, goals, n);
        } else if (!strncmp(buf, "solution=", 9)) {
            in_plan = true;
        } else if (in_plan && strchr(buf, ':')) {
            if (!read_cells(strchr(buf, ':') + 1, cur, n)) {
                printf("invalid: step %ld does not hold %ld cells\n", steps + 1, n);
                ok = false;
                break;
            }
            if (steps < 0) {
                for (long i = 0; i < n && ok; i++)
                    if (cur[i].x != lines[i].start.x || cur[i].y != lines[i].start.y) {
                        printf("invalid: agent %ld starts at (%d,%d), not the scenario's (%d,%d)\n",
                               i, cur[i].x, cur[i].y, lines[i].start.x, lines[i].start.y);
                        ok = false;
                    }
            } else if (!plan_validator_step(v, prev, cur, (size_t)n, why, sizeof why)) {
                printf("invalid: step %ld: %s\n", steps + 1, why);
                ok = false;
            }
            steps++;
            for (long i = 0; i < n; i++)
                if (cur[i].x != lines[i].goal.x || cur[i].y != lines[i].goal.y)
                    cost[i] = (size_t)steps + 1;
            astar_point *t = prev;
            prev = cur;
            cur = t;
        }
    }
    if (!ok)
        goto done;
    if (!got_starts || !got_goals || steps < 0) {
        printf("invalid: no starts, goals or solution of %ld agents in %s\n", n, path);
        goto done;
    }
    for (long i = 0; i < n; i++)
        if (starts[i].x != lines[i].start.x || starts[i].y != lines[i].start.y ||
            goals[i].x != lines[i].goal.x || goals[i].y != lines[i].goal.y) {
            printf("invalid: agent %ld is not the scenario's line %ld\n", i, i);
            goto done;
        }
    for (long i = 0; i < n; i++)
        goals[i] = lines[i].goal;
    if (!plan_validator_at_goals(prev, goals, (size_t)n, why, sizeof why)) {
        printf("invalid: at the end: %s\n", why);
        goto done;
    }
    size_t soc = 0;
    for (long i = 0; i < n; i++)
        soc += cost[i];
    printf("valid makespan %ld sum_of_costs %zu\n", steps, soc);
    code = 0;
done:
    plan_validator_delete(v);
    free(buf);
    free(starts);
    free(goals);
    free(prev);
    free(cur);
    free(cost);
    fclose(f);
    return code;
}

/* The mix mode: see the top of the file. */
static int mix(const astar_grid *grid, const char *map, const char *scen, long n, uint64_t seed,
               const char *path)
{
    enum { MOST_LINES = 1 << 20 };
    line *all = calloc(MOST_LINES, sizeof *all);
    long count = all ? read_lines(grid, scen, MOST_LINES, true, all) : -1;
    size_t w = (size_t)astar_grid_width(grid), cells = astar_grid_cells(grid);
    bool *started = calloc(cells, 1), *ending = calloc(cells, 1);
    FILE *out = count >= 0 && started && ending ? fopen(path, "w") : NULL;
    int code = 2;
    if (out) {
        uint64_t state = seed;
        for (long i = count - 1; i > 0; i--) {
            long j = (long)(next_random(&state) % (uint64_t)(i + 1));
            line t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        fputs("version 1\n", out);
        long kept = 0;
        for (long i = 0; i < count && kept < n; i++) {
            size_t cs = (size_t)all[i].start.y * w + (size_t)all[i].start.x;
            size_t cg = (size_t)all[i].goal.y * w + (size_t)all[i].goal.x;
            if (started[cs] || ending[cg])
                continue;
            started[cs] = ending[cg] = true;
            fputs(all[i].text, out);
            kept++;
        }
        for (; kept < n; kept++) {
            astar_point a, b;
            do {
                a = bench_random_walkable(grid, &state);
                b = bench_random_walkable(grid, &state);
            } while (started[(size_t)a.y * w + (size_t)a.x] || ending[(size_t)b.y * w + (size_t)b.x] ||
                     astar_grid_island(grid, a.x, a.y) != astar_grid_island(grid, b.x, b.y));
            started[(size_t)a.y * w + (size_t)a.x] = ending[(size_t)b.y * w + (size_t)b.x] = true;
            fprintf(out, "0\t%s\t%zu\t%d\t%d\t%d\t%d\t%d\t0\n", bench_base_name(map), w,
                    astar_grid_height(grid), a.x, a.y, b.x, b.y);
        }
        code = fclose(out) ? 2 : 0;
    }
    if (code)
        fprintf(stderr, "%s: cannot make %s\n", program, path);
    for (long i = 0; i < (count > 0 ? count : 0); i++)
        free(all[i].text);
    free(all);
    free(started);
    free(ending);
    return code;
}

int main(int argc, char **argv)
{
    bool mixing = argc == 7 && !strcmp(argv[1], "mix");
    if (!mixing && (argc != 6 || (strcmp(argv[1], "scen") && strcmp(argv[1], "plan")))) {
        fprintf(stderr,
                "usage: %s scen MAP SCEN N OUT.scen\n"
                "       %s mix MAP SCEN N SEED OUT.scen\n"
                "       %s plan MAP SCEN N LACAM3_RESULT\n",
                program, program, program);
        return 2;
    }
    long n = strtol(argv[4], NULL, 10);
    if (n < 1 || n > 1000000) {
        fprintf(stderr, "%s: N must be 1 to 1000000, not '%s'\n", program, argv[4]);
        return 2;
    }
    astar_grid *grid;
    if (!bench_load_map(program, argv[2], &grid))
        return 2;
    if (mixing) {
        int code = astar_grid_enable_islands(grid) == ASTAR_OK
                       ? mix(grid, argv[2], argv[3], n, strtoull(argv[5], NULL, 10), argv[6])
                       : 2;
        astar_grid_delete(grid);
        return code;
    }
    line *lines = calloc((size_t)n, sizeof *lines);
    long got = lines ? read_lines(grid, argv[3], n, false, lines) : -1;
    int code = 2;
    if (got >= 0 && got < n)
        fprintf(stderr, "%s: %s has %ld usable lines with distinct starts and goals, not %ld\n",
                program, argv[3], got, n);
    else if (got == n && !strcmp(argv[1], "scen")) {
        FILE *out = fopen(argv[5], "w");
        if (out) {
            fputs("version 1\n", out);
            for (long i = 0; i < n; i++)
                fputs(lines[i].text, out);
            code = fclose(out) ? 2 : 0;
        }
        if (code)
            fprintf(stderr, "%s: cannot write %s\n", program, argv[5]);
    } else if (got == n) {
        code = check_plan(grid, lines, n, argv[5]);
    }
    for (long i = 0; lines && i < (got > 0 ? got : 0); i++)
        free(lines[i].text);
    free(lines);
    astar_grid_delete(grid);
    return code;
}
