/* astar-soak [--frames N] [--map FILE] [--seed S]
 *
 * A long run of a game's loop (issue 46, item 4): 240 units walking to goals
 * on a 1024 x 1024 map through one request queue, sent elsewhere now and
 * then, while every frame a wall is built or taken down, every other frame
 * a patch of terrain is laid (and the oldest worn back to plain ground), and
 * every tenth the cost layer a third of the units search with takes carnage
 * or fades. Half the edits land next to a unit, where they touch searches
 * under way. It fails (exit 1, each failure said on stderr) when
 *   - a call answers other than ASTAR_OK, or a request ends with a status
 *     its header does not list or one these requests cannot meet (bounds,
 *     JPS, bad options, a stale handle);
 *   - a sampled answer differs from astar_find_path's on the map as it is
 *     when the answer is read - status, cost, cells and expansions, which
 *     astar/sliced.h promises are the one-call answer's - or its path is not
 *     legal there at that cost (astar_path_check);
 *   - resident memory after the warm-up (the first tenth of the frames)
 *     grows by more than RSS_SLACK: the library allocates nothing after
 *     making the queue, and every page the run uses is touched by then.
 * Exit 2: a usage or set-up error.
 *
 * The map is a Moving AI map of 512 x 512 (default: street/Berlin_0_512)
 * mirrored into the four quarters, so that its open edges join the copies
 * into one city. Everything is drawn from one seeded sequence: a run is the
 * same run every time. make soak runs the default frames (about 10 minutes
 * on an idle machine); ctest's soak a tenth of them. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "astar.h"
#include "util/random.h"

enum {
    SIDE = 1024,
    UNITS = 240,
    SLOTS = 4,
    BUDGET = 100000,      /* expansions a frame, all slots together */
    PATH_CAPACITY = 1 << 14,
    GOAL_REACH = 160,     /* goals lie this many cells away at most, most of the time */
    EDIT_REACH = 24,      /* edits next to a unit lie this many cells away at most */
    ORDERS_OUT_OF = 40,   /* a walking unit is sent elsewhere once in this many frames */
    WALLS_KEPT = 300,     /* walls standing at once; the oldest comes down first */
    PATCHES_KEPT = 80,    /* terrain patches at once; the oldest wears back to 1 */
    PATCH = 3,            /* a patch's side */
    LAYER_EVERY = 10,     /* frames between two hits on the layer */
    DECAY_EVERY = 60,     /* frames between two fadings of the layer */
    SAMPLE_EVERY = 3,     /* one answer in this many is searched again */
    MAX_FAILURES = 20
};
/* Growth of resident memory after the warm-up that still counts as flat:
 * the C library's own buffers (stdio) and the odd page of the stack. */
#define RSS_SLACK (2u << 20)

typedef enum kind {
    PLAIN,   /* octile on buckets, restarted by edits it touches */
    LAYERED, /* also reads the cost layer (a heap) */
    LIMITED, /* a capped search with a partial answer, ended by edits it touches */
    KINDS
} kind;

static const char *const kind_names[KINDS] = { "plain", "with the layer", "capped" };

typedef struct unit {
    astar_point at, goal, from; /* from: where it stood when it asked */
    kind kind;
    bool waiting;
    astar_request request;
    size_t next;
    astar_route path;
    astar_point *cells;
} unit;

typedef struct patch {
    int x, y;
} patch;

typedef struct soak {
    rng r;
    int frame;
    astar_grid *grid;
    astar_layer *layer;
    astar_layer_use use; /* the layer as the LAYERED requests take it */
    astar_options options[KINDS];
    astar_queue *queue;
    astar_context *ref;
    astar_route ref_path;
    unit *units;
    astar_point walls[WALLS_KEPT];
    size_t walls_built, walls_first;
    patch patches[PATCHES_KEPT];
    size_t patches_laid;
    /* tallies */
    uint64_t wall_edits, terrain_edits, layer_hits, layer_decays;
    uint64_t requests, answers, sampled, changed_ends, answers_of[KINDS];
    uint64_t restarts, expanded;
    uint64_t edits_before; /* the grid's count once the map is made */
    uint64_t by_status[ASTAR_UNIT_DOES_NOT_FIT + 1];
    int failures;
} soak;

static void fail(soak *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "astar-soak: frame %d: ", s->frame);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    s->failures++;
}

/* A call that must succeed here: anything else is a failure named after it. */
static bool ok(soak *s, astar_status st, const char *call)
{
    if (st != ASTAR_OK)
        fail(s, "%s: %s", call, astar_status_message(st));
    return st == ASTAR_OK;
}

static size_t rss_bytes(void)
{
    unsigned long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return 0;
    int n = fscanf(f, "%lu %lu", &pages, &resident);
    fclose(f);
    return n == 2 ? resident * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

static double mib(size_t bytes)
{
    return (double)bytes / (1 << 20);
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The final statuses the headers list for a queued request
 * (astar_queue_poll: astar_find_path's, and ASTAR_MAP_CHANGED for
 * ASTAR_ON_EDIT_FAIL) that these requests can meet: the others (bounds,
 * JPS, bad options) would be a fault of the soak's or the library's. */
static bool expected_final(kind k, astar_status st)
{
    switch (st) {
    case ASTAR_OK:
    case ASTAR_NO_PATH:
    case ASTAR_START_BLOCKED:
    case ASTAR_GOAL_BLOCKED:
    case ASTAR_PATH_BUFFER_TOO_SMALL:
    case ASTAR_COST_OVERFLOW:
        return true;
    case ASTAR_EXPANSION_LIMIT:
    case ASTAR_PARTIAL_NO_PATH:
    case ASTAR_PARTIAL_LIMIT:
    case ASTAR_MAP_CHANGED:
        return k == LIMITED;
    default:
        return false;
    }
}

static bool has_path(astar_status st)
{
    return st == ASTAR_OK || st == ASTAR_PARTIAL_NO_PATH || st == ASTAR_PARTIAL_LIMIT;
}

/* The 512 x 512 map mirrored into each quarter: the copies meet edge to
 * edge, so a street open at an edge runs on into the next copy. */
static bool make_map(const char *path, astar_grid **out)
{
    astar_error err;
    astar_grid *src;
    if (astar_grid_load_movingai(path, &src, &err) != ASTAR_OK) {
        fprintf(stderr, "astar-soak: %s\n", err.message);
        return false;
    }
    int w = astar_grid_width(src), h = astar_grid_height(src);
    if (w * 2 != SIDE || h * 2 != SIDE || astar_grid_new(SIDE, SIDE, out) != ASTAR_OK) {
        fprintf(stderr, "astar-soak: %s: wanted a %d x %d map, it is %d x %d\n", path,
                SIDE / 2, SIDE / 2, w, h);
        astar_grid_delete(src);
        return false;
    }
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            int sx = x < w ? x : SIDE - 1 - x, sy = y < h ? y : SIDE - 1 - y;
            astar_grid_set_walkable(*out, x, y, astar_grid_walkable(src, sx, sy));
        }
    astar_grid_delete(src);
    return true;
}

static astar_point any_cell(soak *s)
{
    int x = rng_below(&s->r, SIDE);
    int y = rng_below(&s->r, SIDE);
    return (astar_point){ x, y };
}

/* Where an edit lands: half of them next to a unit, where a game's fights
 * and building are and where they touch the searches under way; the rest
 * anywhere. Clamped to the map. */
static astar_point edit_cell(soak *s)
{
    astar_point p = any_cell(s);
    if (rng_below(&s->r, 2) == 0)
        return p;
    astar_point at = s->units[rng_below(&s->r, UNITS)].at;
    p.x = at.x + p.x % (2 * EDIT_REACH + 1) - EDIT_REACH;
    p.y = at.y + p.y % (2 * EDIT_REACH + 1) - EDIT_REACH;
    p.x = p.x < 0 ? 0 : p.x >= SIDE ? SIDE - 1 : p.x;
    p.y = p.y < 0 ? 0 : p.y >= SIDE ? SIDE - 1 : p.y;
    return p;
}

/* A walkable cell, often far off, on the unit's island, so that most
 * requests find a path; the cell itself when no such cell turns up. */
static astar_point new_goal(soak *s, astar_point at)
{
    uint32_t island = astar_grid_island(s->grid, at.x, at.y);
    bool near = rng_below(&s->r, 4) != 0;
    for (int tries = 0; tries < 200; tries++) {
        astar_point p = any_cell(s);
        if (near) {
            p.x = at.x + p.x % (2 * GOAL_REACH + 1) - GOAL_REACH;
            p.y = at.y + p.y % (2 * GOAL_REACH + 1) - GOAL_REACH;
        }
        if (island != 0 && astar_grid_island(s->grid, p.x, p.y) == island)
            return p;
    }
    return at;
}

static void ask(soak *s, unit *u, int priority)
{
    u->path = (astar_route){ .points = u->cells, .capacity = PATH_CAPACITY };
    u->from = u->at;
    u->next = 1;
    if (ok(s, astar_queue_request(s->queue, s->grid, u->from, u->goal, &s->options[u->kind],
                                  priority,
                                  &u->path, &u->request),
           "astar_queue_request")) {
        u->waiting = true;
        s->requests++;
    }
}

/* The answer against astar_find_path's on the map as it is now: nothing is
 * edited between the update that ended the request and this. */
static void compare(soak *s, const unit *u, astar_status st)
{
    const astar_options *o = &s->options[u->kind];
    astar_route *ref = &s->ref_path;
    *ref = (astar_route){ .points = ref->points, .capacity = PATH_CAPACITY };
    astar_status want = astar_find_path(s->ref, s->grid, u->from, u->goal, o, ref);
    s->sampled++;
    if (want != st || ref->cost != u->path.cost || ref->expanded != u->path.expanded ||
        (has_path(st) && (ref->length != u->path.length ||
                          memcmp(ref->points, u->path.points,
                                 ref->length * sizeof *ref->points) != 0))) {
        fail(s, "request (%d,%d) to (%d,%d), %s: the queue answered %s, cost %u, %zu cells, "
                "%u expanded; astar_find_path %s, cost %u, %zu cells, %u expanded",
             u->from.x, u->from.y, u->goal.x, u->goal.y, kind_names[u->kind],
             astar_status_message(st), u->path.cost, u->path.length, u->path.expanded,
             astar_status_message(want), ref->cost, ref->length, ref->expanded);
        return;
    }
    if (!has_path(st))
        return;
    astar_path_measure m;
    astar_error err;
    /* A partial path ends short of the goal, at the square nearest it. */
    astar_point end = st == ASTAR_OK ? u->goal : u->path.points[u->path.length - 1];
    if (astar_path_check(s->grid, o, u->from, end, u->path.points, u->path.length, &m, &err) !=
        ASTAR_OK)
        fail(s, "request (%d,%d) to (%d,%d): its path is not legal now: %s", u->from.x,
             u->from.y, u->goal.x, u->goal.y, err.message);
    else if (m.cost != u->path.cost)
        fail(s, "request (%d,%d) to (%d,%d): its path costs %llu, the answer says %u", u->from.x,
             u->from.y, u->goal.x, u->goal.y, (unsigned long long)m.cost, u->path.cost);
}

/* Reads a waiting unit's request; false while it runs. */
static bool collect(soak *s, unit *u)
{
    astar_status st = astar_queue_poll(s->queue, u->request);
    if (st == ASTAR_IN_PROGRESS)
        return false;
    u->waiting = false;
    ok(s, astar_queue_cancel(s->queue, u->request), "astar_queue_cancel (release)");
    if (!expected_final(u->kind, st)) {
        fail(s, "request (%d,%d) to (%d,%d), %s: status %d (%s) is not one it can end with",
             u->from.x, u->from.y, u->goal.x, u->goal.y, kind_names[u->kind], (int)st,
             astar_status_message(st));
        u->path.length = 0;
        return true;
    }
    s->answers++;
    s->answers_of[u->kind]++;
    s->by_status[st]++;
    if (st == ASTAR_MAP_CHANGED)
        s->changed_ends++;
    else if (s->answers % SAMPLE_EVERY == 0)
        compare(s, u, st);
    if (!has_path(st))
        u->path.length = 0;
    return true;
}

/* A wall built at a random walkable cell, or the oldest taken down: at
 * most WALLS_KEPT stand, so that the map does not fill up. */
static void edit_walls(soak *s)
{
    bool take = s->walls_built == WALLS_KEPT || (s->walls_built > 0 && rng_below(&s->r, 3) == 0);
    if (take) {
        astar_point p = s->walls[s->walls_first];
        s->walls_first = (s->walls_first + 1) % WALLS_KEPT;
        s->walls_built--;
        ok(s, astar_grid_set_walkable(s->grid, p.x, p.y, true), "astar_grid_set_walkable");
    } else {
        astar_point p = edit_cell(s);
        if (!astar_grid_walkable(s->grid, p.x, p.y))
            return;
        ok(s, astar_grid_set_walkable(s->grid, p.x, p.y, false), "astar_grid_set_walkable");
        s->walls[(s->walls_first + s->walls_built++) % WALLS_KEPT] = p;
    }
    s->wall_edits++;
}

/* Sets the walkable cells of a patch to cost (blocked ones stay walls). */
static void lay_patch(soak *s, patch p, int cost)
{
    for (int y = p.y; y < p.y + PATCH; y++)
        for (int x = p.x; x < p.x + PATCH; x++)
            if (astar_grid_walkable(s->grid, x, y) && astar_grid_cost(s->grid, x, y) != cost &&
                ok(s, astar_grid_set_cost(s->grid, x, y, cost), "astar_grid_set_cost"))
                s->terrain_edits++;
}

/* Mud laid on a new patch; once PATCHES_KEPT lie, the oldest dries first. */
static void edit_terrain(soak *s)
{
    patch *slot = &s->patches[s->patches_laid % PATCHES_KEPT];
    if (s->patches_laid >= PATCHES_KEPT)
        lay_patch(s, *slot, 1);
    astar_point c = edit_cell(s);
    *slot = (patch){ c.x < SIDE - PATCH ? c.x : SIDE - PATCH,
                     c.y < SIDE - PATCH ? c.y : SIDE - PATCH };
    lay_patch(s, *slot, 2 + rng_below(&s->r, 8));
    s->patches_laid++;
}

/* Carnage on the layer, or its fading. A layered search in progress is
 * touched by it and begun again on the layer as it is (astar_on_edit), so
 * every answer is one map's. */
static void edit_layer(soak *s)
{
    if (s->frame % DECAY_EVERY == 0) {
        ok(s, astar_layer_decay(s->layer, 0.5), "astar_layer_decay");
        s->layer_decays++;
    } else {
        astar_point c = edit_cell(s);
        int radius = 2 + rng_below(&s->r, 12), delta = 1 + rng_below(&s->r, 40);
        ok(s, astar_layer_add_disc(s->layer, c.x, c.y, radius, delta), "astar_layer_add_disc");
        s->layer_hits++;
    }
}

static void update(soak *s, uint32_t budget)
{
    astar_queue_report rep;
    ok(s, astar_queue_update(s->queue, budget, ASTAR_QUEUE_ANY_TIME, &rep), "astar_queue_update");
    s->restarts += rep.restarted;
    s->expanded += rep.expanded;
}

static void frame(soak *s)
{
    edit_walls(s);
    if (s->frame % 2 == 0)
        edit_terrain(s);
    if (s->frame % LAYER_EVERY == 0)
        edit_layer(s);
    for (int i = 0; i < UNITS; i++) {
        unit *u = &s->units[i];
        if (u->waiting)
            continue;
        /* A path the map now blocks ahead is asked for again. */
        bool blocked = u->next < u->path.length &&
                       !astar_grid_walkable(s->grid, u->path.points[u->next].x,
                                            u->path.points[u->next].y);
        bool arrived = u->next >= u->path.length;
        bool ordered = !arrived && rng_below(&s->r, ORDERS_OUT_OF) == 0;
        if (arrived || ordered)
            u->goal = new_goal(s, u->at);
        if (blocked || arrived || ordered)
            ask(s, u, 0);
    }
    update(s, BUDGET);
    for (int i = 0; i < UNITS; i++) {
        unit *u = &s->units[i];
        if (u->waiting && !collect(s, u))
            continue;
        if (u->next < u->path.length)
            u->at = u->path.points[u->next++];
    }
}

static bool setup(soak *s, const char *map, uint64_t seed)
{
    *s = (soak){ .r = { seed } };
    astar_options base = astar_options_default();
    base.costs = ASTAR_COSTS_OCTILE;
    base.heuristic = ASTAR_HEURISTIC_OCTILE;
    s->options[PLAIN] = base;
    s->options[PLAIN].search.open_list = ASTAR_OPEN_LIST_BUCKETS;
    s->options[LAYERED] = base;
    s->options[LIMITED] = base;
    s->options[LIMITED].search.max_expanded = 20000;
    s->options[LIMITED].search.partial = true;
    s->options[LIMITED].search.on_edit = ASTAR_ON_EDIT_FAIL;
    if (!make_map(map, &s->grid))
        return false;
    s->units = calloc(UNITS, sizeof *s->units);
    astar_point *cells = malloc((size_t)(UNITS + 1) * PATH_CAPACITY * sizeof *cells);
    if (!s->units || !cells || astar_grid_enable_islands(s->grid) != ASTAR_OK ||
        astar_layer_new(SIDE, SIDE, &s->layer) != ASTAR_OK ||
        astar_queue_new(SLOTS, astar_grid_cells(s->grid), UNITS, &s->queue) != ASTAR_OK ||
        astar_context_new(astar_grid_cells(s->grid), &s->ref) != ASTAR_OK) {
        fprintf(stderr, "astar-soak: out of memory\n");
        return false;
    }
    s->edits_before = astar_grid_edits(s->grid);
    /* Written now, so that the pages are resident before the warm-up ends
     * and a long path late in the run does not look like growth. */
    memset(cells, 0xff, (size_t)(UNITS + 1) * PATH_CAPACITY * sizeof *cells);
    s->use = (astar_layer_use){ .layer = s->layer, .weight = 0.25 };
    s->options[LAYERED].world.layers = &s->use;
    s->options[LAYERED].world.layer_count = 1;
    s->ref_path.points = cells + (size_t)UNITS * PATH_CAPACITY;
    for (int i = 0; i < UNITS; i++) {
        unit *u = &s->units[i];
        u->cells = cells + (size_t)i * PATH_CAPACITY;
        u->kind = (kind)(i % KINDS);
        do
            u->at = any_cell(s);
        while (!astar_grid_walkable(s->grid, u->at.x, u->at.y));
    }
    return true;
}

static void teardown(soak *s)
{
    if (s->units)
        free(s->units[0].cells);
    free(s->units);
    astar_context_delete(s->ref);
    astar_queue_delete(s->queue);
    astar_layer_delete(s->layer);
    astar_grid_delete(s->grid);
}

static void report(const soak *s, const char *map, double seconds)
{
    printf("astar-soak %s mirrored to %d x %d: %d frames, %d units (a third each plain, "
           "with a cost layer, capped), %d slots, %d expansions a frame\n",
           map, SIDE, SIDE, s->frame, UNITS, SLOTS, BUDGET);
    printf("  edits: %llu walls, %llu terrain cells, %llu layer hits, %llu layer fadings "
           "(%llu grid edits in all)\n",
           (unsigned long long)s->wall_edits, (unsigned long long)s->terrain_edits,
           (unsigned long long)s->layer_hits, (unsigned long long)s->layer_decays,
           (unsigned long long)(astar_grid_edits(s->grid) - s->edits_before));
    printf("  requests: %llu, answered %llu (plain %llu, with the layer %llu, capped %llu), "
           "ended by an edit (ASTAR_MAP_CHANGED) %llu\n",
           (unsigned long long)s->requests, (unsigned long long)s->answers,
           (unsigned long long)s->answers_of[PLAIN], (unsigned long long)s->answers_of[LAYERED],
           (unsigned long long)s->answers_of[LIMITED], (unsigned long long)s->changed_ends);
    printf("  searches begun again after an edit touched them: %llu; expansions: %llu\n",
           (unsigned long long)s->restarts, (unsigned long long)s->expanded);
    printf("  answers by status:");
    for (size_t i = 0; i < sizeof s->by_status / sizeof s->by_status[0]; i++)
        if (s->by_status[i])
            printf(" %s %llu;", astar_status_message((astar_status)i),
                   (unsigned long long)s->by_status[i]);
    printf("\n  sampled answers compared with astar_find_path: %llu\n",
           (unsigned long long)s->sampled);
    printf("  time: %.1f s\n", seconds);
}

int main(int argc, char **argv)
{
    int frames = 24000;
    uint64_t seed = 46;
    const char *map = ASTAR_BENCH_DIR "/maps/street/Berlin_0_512.map";
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        long v = i + 1 < argc ? strtol(argv[i + 1], &end, 10) : 0;
        bool number = end && *end == 0 && v >= 1 && v <= 100000000;
        if (!strcmp(argv[i], "--map") && i + 1 < argc)
            map = argv[++i];
        else if (!strcmp(argv[i], "--frames") && number && v >= 10)
            frames = (int)v, i++;
        else if (!strcmp(argv[i], "--seed") && number)
            seed = (uint64_t)v, i++;
        else {
            fprintf(stderr, "usage: astar-soak [--frames N (10 or more)] [--map FILE (512 x 512)] "
                            "[--seed S]\n");
            return 2;
        }
    }
    soak s;
    if (!setup(&s, map, seed)) {
        teardown(&s);
        return 2;
    }
    size_t rss_start = rss_bytes(), rss_warm = 0, rss_high = 0;
    int warm_up = frames / 10;
    double began = seconds_now();
    for (s.frame = 0; s.frame < frames && s.failures < MAX_FAILURES; s.frame++) {
        frame(&s);
        if (s.frame == warm_up)
            rss_warm = rss_high = rss_bytes();
        else if (s.frame > warm_up && s.frame % 50 == 0) {
            size_t now = rss_bytes();
            rss_high = now > rss_high ? now : rss_high;
        }
    }
    /* Drained with no more edits: every request ends and is read. */
    for (bool pending = true; pending && s.failures < MAX_FAILURES;) {
        update(&s, ASTAR_QUEUE_ANY_EXPANSIONS);
        pending = false;
        for (int i = 0; i < UNITS; i++)
            if (s.units[i].waiting && !collect(&s, &s.units[i]))
                pending = true;
    }
    size_t rss_end = rss_bytes();
    rss_high = rss_end > rss_high ? rss_end : rss_high;
    report(&s, map, seconds_now() - began);
    printf("  memory (RSS): %.1f MiB at the start, %.1f MiB after the warm-up (frame %d), "
           "%.1f MiB at the most after it, %.1f MiB at the end; flat means at most %.1f MiB "
           "above the warm-up's\n",
           mib(rss_start), mib(rss_warm), warm_up, mib(rss_high), mib(rss_end), mib(RSS_SLACK));
    if (rss_start == 0)
        fail(&s, "cannot read /proc/self/statm: no memory figures");
    else if (rss_high > rss_warm + RSS_SLACK)
        fail(&s, "resident memory grew by %.1f MiB after the warm-up", mib(rss_high - rss_warm));
    teardown(&s);
    if (s.failures)
        fprintf(stderr, "astar-soak: FAILED: %d failure%s%s\n", s.failures,
                s.failures == 1 ? "" : "s", s.failures >= MAX_FAILURES ? " (stopped early)" : "");
    else
        printf("astar-soak: passed\n");
    return s.failures ? 1 : 0;
}
