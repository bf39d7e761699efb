/* astar-game-loop MAP [--frames N] [--units N] [--edit-every N] [--budget N]
 *                     [--slots N] [--radius R] [--seed S]
 *
 * A game's loop around one request queue, as issue 42 measured it: units
 * walking to random goals on a map, half of them one player's with fog of
 * war (a knowledge layer: each frame every such unit reveals the cells
 * within the radius around it, and every reveal that changes the believed
 * map is an edit of the grid its searches run on), the other half on the
 * true map, which is edited every --edit-every frames (a wall built or
 * taken down at a random cell). Each frame: the edit, the reveals (a unit
 * whose path the reveal blocked asks again), one queue update within the
 * budget of expansions, the answers collected, every walking unit one
 * cell on. After the last frame the queue is drained with no more edits,
 * so that every request has ended.
 *
 * What it prints is what edits cost the queue: searches begun again after
 * an edit, and the share of all expansions those searches had done and
 * threw away, with the frames a request waited for its answer. It reads
 * them off the public API every version of the library has (the report's
 * started and expanded, each path's expanded), so the same program
 * measures a build from before the feed of edits: restarts are the starts
 * beyond the requests made, and the expansions thrown away are all those
 * run beyond the ones the answers report. Units pass through each other:
 * the crowd is not what is measured. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "bench_util.h"
#include "timing.h"

enum { PATH_CAPACITY = 1 << 14 };

typedef struct unit {
    astar_point at, goal;
    bool fog;                     /* the player with a knowledge layer */
    bool waiting;                 /* a request is out */
    astar_request request;
    int asked_at;                 /* the frame of the request */
    size_t next;                  /* the path's cell it walks to next */
    astar_route path;
    astar_point *cells;
} unit;

typedef struct settings {
    int frames, units, edit_every, slots, radius;
    uint32_t budget;
    uint64_t seed;
} settings;

typedef struct tally {
    uint64_t requests, starts, expanded, answered_expanded;
    uint64_t answers, found, waited_frames, longest_wait;
    uint64_t edits, reveal_edits;
} tally;

/* A goal on the unit's island of the true map, so that most requests
 * find a path. */
static astar_point goal_for(const astar_grid *truth, astar_point at, uint64_t *state)
{
    uint32_t island = astar_grid_island(truth, at.x, at.y);
    for (int tries = 0; tries < 1000; tries++) {
        astar_point p = bench_random_walkable(truth, state);
        if (astar_grid_island(truth, p.x, p.y) == island)
            return p;
    }
    return at;
}

static const astar_grid *grid_of(const unit *u, const astar_grid *truth,
                                 const astar_knowledge *known)
{
    return u->fog ? astar_knowledge_grid(known) : truth;
}

static bool ask(astar_queue *q, unit *u, const astar_grid *grid, const astar_options *o, int frame,
                tally *t)
{
    u->path = (astar_route){ .points = u->cells, .capacity = PATH_CAPACITY };
    if (astar_queue_request(q, grid, u->at, u->goal, o, 0, &u->path, &u->request) != ASTAR_OK)
        return false;
    u->waiting = true;
    u->asked_at = frame;
    t->requests++;
    return true;
}

/* Takes in the answer of a request that ended; false if it has not. */
static bool collect(astar_queue *q, unit *u, int frame, tally *t)
{
    astar_status s = astar_queue_poll(q, u->request);
    if (s == ASTAR_IN_PROGRESS)
        return false;
    astar_queue_cancel(q, u->request); /* releases the record */
    u->waiting = false;
    t->answers++;
    t->answered_expanded += u->path.expanded;
    uint64_t waited = (uint64_t)(frame - u->asked_at);
    t->waited_frames += waited;
    if (waited > t->longest_wait)
        t->longest_wait = waited;
    if (s == ASTAR_OK) {
        t->found++;
        u->next = 1;
    } else {
        u->path.length = 0;
    }
    return true;
}

static void update(astar_queue *q, uint32_t budget, tally *t)
{
    astar_queue_report rep;
    astar_queue_update(q, budget, ASTAR_QUEUE_ANY_TIME, &rep);
    t->starts += rep.started;
    t->expanded += rep.expanded;
}

/* The edit of the truth on this frame: a wall built at a random walkable
 * cell, or the last one built taken down again. */
static void edit_truth(astar_grid *truth, astar_point *walls, size_t *built, uint64_t *state,
                       tally *t)
{
    if (*built > 0 && next_random(state) % 2) {
        astar_point p = walls[--*built];
        astar_grid_set_walkable(truth, p.x, p.y, true);
    } else {
        astar_point p = bench_random_walkable(truth, state);
        astar_grid_set_walkable(truth, p.x, p.y, false);
        walls[(*built)++] = p;
    }
    t->edits++;
}

static bool parse(int argc, char **argv, settings *s, const char **map)
{
    *s = (settings){ .frames = 2000, .units = 200, .edit_every = 50, .slots = 8, .radius = 4,
                     .budget = 4000, .seed = 42 };
    *map = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long v = i + 1 < argc ? strtol(argv[i + 1], NULL, 10) : -1;
        if (a[0] != '-') {
            *map = a;
            continue;
        }
        if (v < 1 || v > 1000000) {
            fprintf(stderr, "astar-game-loop: %s takes a number from 1 to 1000000\n", a);
            return false;
        }
        if (!strcmp(a, "--frames")) s->frames = (int)v;
        else if (!strcmp(a, "--units")) s->units = (int)v;
        else if (!strcmp(a, "--edit-every")) s->edit_every = (int)v;
        else if (!strcmp(a, "--budget")) s->budget = (uint32_t)v;
        else if (!strcmp(a, "--slots") && v <= 256) s->slots = (int)v;
        else if (!strcmp(a, "--radius")) s->radius = (int)v;
        else if (!strcmp(a, "--seed")) s->seed = (uint64_t)v;
        else {
            fprintf(stderr, "astar-game-loop: unknown option or value %s\n", a);
            return false;
        }
        i++;
    }
    if (!*map)
        fprintf(stderr, "usage: astar-game-loop MAP [--frames N] [--units N] [--edit-every N] "
                        "[--budget N] [--slots N] [--radius R] [--seed S]\n");
    return *map != NULL;
}

int main(int argc, char **argv)
{
    settings set;
    const char *map;
    astar_grid *truth;
    if (!parse(argc, argv, &set, &map) || !bench_load_map("astar-game-loop", map, &truth))
        return 2;
    astar_knowledge *known;
    astar_queue *q;
    unit *units = calloc((size_t)set.units, sizeof *units);
    astar_point *cells = malloc((size_t)set.units * PATH_CAPACITY * sizeof *cells);
    astar_point *walls = malloc(((size_t)set.frames / (size_t)set.edit_every + 1) * sizeof *walls);
    if (!units || !cells || !walls || astar_grid_enable_islands(truth) != ASTAR_OK ||
        astar_knowledge_new(truth, &known) != ASTAR_OK ||
        astar_queue_new(set.slots, astar_grid_cells(truth), (size_t)set.units, &q) != ASTAR_OK) {
        fprintf(stderr, "astar-game-loop: out of memory\n");
        return 1;
    }
    astar_options o = bench_octile_buckets();
    uint64_t state = set.seed;
    tally t = { 0 };
    size_t built = 0;
    for (int i = 0; i < set.units; i++) {
        unit *u = &units[i];
        u->cells = cells + (size_t)i * PATH_CAPACITY;
        u->fog = i % 2 == 1;
        u->at = bench_random_walkable(truth, &state);
        u->goal = goal_for(truth, u->at, &state);
    }
    double began = now_seconds();
    for (int frame = 0; frame < set.frames; frame++) {
        if (frame > 0 && frame % set.edit_every == 0)
            edit_truth(truth, walls, &built, &state, &t);
        for (int i = 0; i < set.units; i++) {
            unit *u = &units[i];
            if (u->fog) {
                size_t changed = 0;
                astar_knowledge_reveal_radius(known, truth, u->at.x, u->at.y, set.radius, &changed);
                t.reveal_edits += changed;
            }
            const astar_grid *grid = grid_of(u, truth, known);
            /* A path the map now blocks ahead is asked for again. */
            if (!u->waiting && u->next < u->path.length) {
                astar_point ahead = u->path.points[u->next];
                if (!astar_grid_walkable(grid, ahead.x, ahead.y))
                    u->path.length = 0;
            }
            if (!u->waiting && u->next >= u->path.length) {
                if (u->at.x == u->goal.x && u->at.y == u->goal.y)
                    u->goal = goal_for(truth, u->at, &state);
                ask(q, u, grid, &o, frame, &t);
            }
        }
        update(q, set.budget, &t);
        for (int i = 0; i < set.units; i++) {
            unit *u = &units[i];
            if (u->waiting && !collect(q, u, frame, &t))
                continue;
            if (u->next < u->path.length &&
                astar_grid_walkable(truth, u->path.points[u->next].x, u->path.points[u->next].y))
                u->at = u->path.points[u->next++];
            else if (u->path.length == 0 && !u->waiting)
                u->goal = goal_for(truth, u->at, &state); /* no path: another goal */
        }
    }
    /* Drained with no more edits, as much a frame as it takes (a budget
     * of 0 would spend nothing): every request ends. */
    for (int pending = 1, frame = set.frames; pending; frame++) {
        update(q, ASTAR_QUEUE_ANY_EXPANSIONS, &t);
        pending = 0;
        for (int i = 0; i < set.units; i++)
            if (units[i].waiting && !collect(q, &units[i], frame, &t))
                pending = 1;
    }
    double seconds = now_seconds() - began;
    uint64_t restarts = t.starts - t.requests;
    uint64_t thrown = t.expanded - t.answered_expanded;
    printf("astar-game-loop %s: %d frames, %d units (%d with fog, reveal radius %d), %d slots, "
           "%u expansions a frame, a truth edit every %d frames\n",
           bench_base_name(map), set.frames, set.units, set.units / 2, set.radius, set.slots,
           set.budget, set.edit_every);
    printf("  edits: %llu of the truth, %llu cells of belief changed by reveals\n",
           (unsigned long long)t.edits, (unsigned long long)t.reveal_edits);
    printf("  requests: %llu, answered %llu (%llu found), restarts %llu\n",
           (unsigned long long)t.requests, (unsigned long long)t.answers,
           (unsigned long long)t.found, (unsigned long long)restarts);
    printf("  expansions: %llu, thrown away by restarts %llu (%.1f %%)\n",
           (unsigned long long)t.expanded, (unsigned long long)thrown,
           t.expanded ? 100.0 * (double)thrown / (double)t.expanded : 0.0);
    printf("  wait for an answer: mean %.1f frames, longest %llu\n",
           t.answers ? (double)t.waited_frames / (double)t.answers : 0.0,
           (unsigned long long)t.longest_wait);
    printf("  time: %.2f s\n", seconds);
    astar_queue_delete(q);
    astar_knowledge_delete(known);
    astar_grid_delete(truth);
    free(units);
    free(cells);
    free(walls);
    return 0;
}
