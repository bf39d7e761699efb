/* The request queue: records of requests, a heap of those waiting, and a
 * context per slot on which the sliced search (sliced.c) runs them a turn
 * at a time. Everything is allocated by astar_queue_new. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "astar.h"
#include "core/options.h"
#include "core/route.h"
#include "open/context.h"

enum { MAX_SLOTS = 256 };
#define NONE UINT32_MAX

typedef enum record_state { RECORD_FREE, RECORD_WAITING, RECORD_RUNNING, RECORD_DONE } record_state;

typedef struct record {
    const astar_grid *grid;
    astar_point start, goal;
    astar_options options;
    astar_route *path;
    int64_t rank;          /* priority - the update it arrived in: higher first */
    uint64_t arrival;      /* order of arrival, among equal ranks */
    uint32_t generation;   /* of the handle that names it now */
    uint32_t place;        /* waiting: its place in the heap; running: its slot;
                              free: the next free record */
    record_state state;
    astar_status status;   /* done: how it ended */
} record;

struct astar_queue {
    astar_allocator memory;    /* the queue's, and its slots' contexts' */
    int slot_count;
    astar_context **contexts;
    uint32_t *slot_record;     /* per slot: the record running there, or NONE */
    uint32_t running;
    int next_slot;             /* the slot the next update starts with */
    record *records;
    size_t record_count;
    uint32_t free_record;      /* first of the free records' list, or NONE */
    uint32_t *waiting;         /* heap of waiting records, best first */
    size_t waiting_count;
    uint64_t updates, arrivals;
};

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* ------------------------------------------------------------------------ */
/* The waiting heap                                                         */
/* ------------------------------------------------------------------------ */

static bool starts_before(const astar_queue *q, uint32_t a, uint32_t b)
{
    const record *ra = &q->records[a], *rb = &q->records[b];
    return ra->rank > rb->rank || (ra->rank == rb->rank && ra->arrival < rb->arrival);
}

static void heap_put(astar_queue *q, size_t pos, uint32_t r)
{
    q->waiting[pos] = r;
    q->records[r].place = (uint32_t)pos;
}

/* Moves the record at pos up or down until the heap is in order. */
static void heap_fix(astar_queue *q, size_t pos)
{
    uint32_t r = q->waiting[pos];
    while (pos > 0 && starts_before(q, r, q->waiting[(pos - 1) / 2])) {
        heap_put(q, pos, q->waiting[(pos - 1) / 2]);
        pos = (pos - 1) / 2;
    }
    for (;;) {
        size_t child = 2 * pos + 1;
        if (child >= q->waiting_count)
            break;
        if (child + 1 < q->waiting_count && starts_before(q, q->waiting[child + 1], q->waiting[child]))
            child++;
        if (!starts_before(q, q->waiting[child], r))
            break;
        heap_put(q, pos, q->waiting[child]);
        pos = child;
    }
    heap_put(q, pos, r);
}

static void heap_push(astar_queue *q, uint32_t r)
{
    heap_put(q, q->waiting_count++, r);
    heap_fix(q, q->waiting_count - 1);
}

static void heap_remove(astar_queue *q, size_t pos)
{
    uint32_t last = q->waiting[--q->waiting_count];
    if (pos < q->waiting_count) {
        heap_put(q, pos, last);
        heap_fix(q, pos);
    }
}

/* ------------------------------------------------------------------------ */
/* Records                                                                  */
/* ------------------------------------------------------------------------ */

astar_status astar_queue_new(int slots, size_t max_cells, size_t max_requests, astar_queue **out)
{
    return astar_queue_new_with(slots, max_cells, max_requests, NULL, out);
}

astar_status astar_queue_new_with(int slots, size_t max_cells, size_t max_requests,
                                  const astar_allocator *allocator, astar_queue **out)
{
    if (!out)
        return ASTAR_INVALID_ARGUMENT;
    *out = NULL;
    astar_allocator memory;
    if (slots < 1 || slots > MAX_SLOTS || max_cells < 1 || max_cells > ASTAR_MAX_CELLS ||
        max_requests < 1 || max_requests > ASTAR_MAX_CELLS ||
        astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return ASTAR_INVALID_ARGUMENT;
    astar_queue *q = astar__allocate_zeroed(&memory, 1, sizeof *q);
    if (!q)
        return ASTAR_OUT_OF_MEMORY;
    q->memory = memory;
    q->contexts = astar__allocate_zeroed(&memory, (size_t)slots, sizeof *q->contexts);
    q->slot_record = astar__allocate(&memory, (size_t)slots, sizeof *q->slot_record);
    q->records = astar__allocate_zeroed(&memory, max_requests, sizeof *q->records);
    q->waiting = astar__allocate(&memory, max_requests, sizeof *q->waiting);
    bool ok = q->contexts && q->slot_record && q->records && q->waiting;
    if (ok)
        q->slot_count = slots;
    for (int i = 0; ok && i < slots; i++) {
        ok = astar_context_new_with(max_cells, &memory, &q->contexts[i]) == ASTAR_OK;
        q->slot_record[i] = NONE;
    }
    if (!ok) {
        astar_queue_delete(q);
        return ASTAR_OUT_OF_MEMORY;
    }
    q->record_count = max_requests;
    for (size_t i = 0; i < max_requests; i++)
        q->records[i].place = i + 1 < max_requests ? (uint32_t)(i + 1) : NONE;
    q->free_record = 0;
    *out = q;
    return ASTAR_OK;
}

void astar_queue_delete(astar_queue *q)
{
    if (!q)
        return;
    for (int i = 0; q->contexts && i < q->slot_count; i++)
        astar_context_delete(q->contexts[i]);
    astar__release(&q->memory, q->contexts);
    astar__release(&q->memory, q->slot_record);
    astar__release(&q->memory, q->records);
    astar__release(&q->memory, q->waiting);
    astar__release(&q->memory, q);
}

astar_status astar_queue_request(astar_queue *q, const astar_grid *grid, astar_point start,
                                 astar_point goal, const astar_options *options, int priority,
                                 astar_route *path, astar_request *out)
{
    astar_options defaults = astar_options_default();
    if (!options)
        options = &defaults;
    if (!q || !grid || !astar__route_valid(path, ROUTE_POINTS) || !out || priority < 0 ||
        priority > ASTAR_QUEUE_MAX_PRIORITY || !astar__options_valid(options))
        return ASTAR_INVALID_ARGUMENT;
    if (astar_grid_cells(grid) > astar_context_max_cells(q->contexts[0]))
        return ASTAR_MAP_TOO_LARGE;
    if (q->free_record == NONE)
        return ASTAR_QUEUE_FULL;
    uint32_t r = q->free_record;
    record *rec = &q->records[r];
    q->free_record = rec->place;
    rec->grid = grid;
    rec->start = start;
    rec->goal = goal;
    rec->options = *options;
    rec->path = path;
    rec->rank = (int64_t)priority - (int64_t)q->updates;
    rec->arrival = q->arrivals++;
    rec->state = RECORD_WAITING;
    heap_push(q, r);
    *out = (astar_request){ r, rec->generation };
    return ASTAR_OK;
}

/* The record a handle names, or NULL if it is stale. */
static record *named(const astar_queue *q, astar_request request)
{
    if (request.index >= q->record_count)
        return NULL;
    record *rec = &q->records[request.index];
    return rec->generation == request.generation && rec->state != RECORD_FREE ? rec : NULL;
}

astar_status astar_queue_poll(const astar_queue *q, astar_request request)
{
    if (!q)
        return ASTAR_INVALID_ARGUMENT;
    const record *rec = named(q, request);
    if (!rec)
        return ASTAR_STALE_REQUEST;
    return rec->state == RECORD_DONE ? rec->status : ASTAR_IN_PROGRESS;
}

static void free_slot(astar_queue *q, uint32_t slot)
{
    q->slot_record[slot] = NONE;
    q->running--;
}

astar_status astar_queue_cancel(astar_queue *q, astar_request request)
{
    if (!q)
        return ASTAR_INVALID_ARGUMENT;
    record *rec = named(q, request);
    if (!rec)
        return ASTAR_STALE_REQUEST;
    if (rec->state == RECORD_WAITING)
        heap_remove(q, rec->place);
    else if (rec->state == RECORD_RUNNING)
        free_slot(q, rec->place);
    rec->state = RECORD_FREE;
    rec->generation++;
    rec->place = q->free_record;
    q->free_record = request.index;
    return ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* Updates                                                                  */
/* ------------------------------------------------------------------------ */

/* A request that ended, with status, its path written if it has one. */
static void end_request(astar_queue *q, uint32_t r, astar_status status, astar_queue_report *rep)
{
    record *rec = &q->records[r];
    if (rec->state == RECORD_RUNNING)
        free_slot(q, rec->place);
    rec->state = RECORD_DONE;
    rec->status = status;
    rep->finished++;
}

/* Begins record r in slot; a request refused there ends at once. */
static void begin_in_slot(astar_queue *q, uint32_t r, uint32_t slot, astar_queue_report *rep)
{
    record *rec = &q->records[r];
    astar_status s = astar_search_begin(q->contexts[slot], rec->grid, rec->start, rec->goal,
                                        &rec->options);
    rep->started++;
    if (s != ASTAR_IN_PROGRESS) {
        /* As astar_find_path leaves a request it refuses. */
        astar__route_reset(rec->path, ROUTE_POINTS);
        end_request(q, r, astar__route_answer(rec->path, s), rep);
        return;
    }
    if (rec->state != RECORD_RUNNING) {
        rec->state = RECORD_RUNNING;
        rec->place = slot;
        q->slot_record[slot] = r;
        q->running++;
    }
}

/* Fills slot with the best waiting request that begins. */
static void fill_slot(astar_queue *q, uint32_t slot, astar_queue_report *rep)
{
    while (q->slot_record[slot] == NONE && q->waiting_count > 0) {
        uint32_t r = q->waiting[0];
        heap_remove(q, 0);
        begin_in_slot(q, r, slot, rep);
    }
}

/* One turn of the search in slot: up to turn expansions, and what follows
 * if it ends (the slot is then free). Returns the expansions it ran. */
static uint32_t take_turn(astar_queue *q, uint32_t slot, uint32_t turn, astar_queue_report *rep)
{
    astar_context *ctx = q->contexts[slot];
    uint32_t r = q->slot_record[slot];
    uint32_t before = astar_search_expanded(ctx);
    astar_status s = astar_search_step(ctx, turn);
    uint32_t after = astar_search_expanded(ctx);
    /* JPS on buckets that starts over on the heap counts from 0 again. */
    uint32_t ran = after >= before ? after - before : after;
    rep->expanded += ran;
    if (s == ASTAR_IN_PROGRESS)
        return ran;
    if (s == ASTAR_MAP_CHANGED) {
        /* An edit touched it: what it expanded is thrown away. */
        rep->discarded += after;
        if (q->records[r].options.search.on_edit == ASTAR_ON_EDIT_FAIL) {
            end_request(q, r, astar_search_finish(ctx, q->records[r].path, NULL), rep);
        } else {
            rep->restarted++;
            begin_in_slot(q, r, slot, rep);
            fill_slot(q, slot, rep); /* if the new map refused it */
        }
    } else {
        end_request(q, r, astar_search_finish(ctx, q->records[r].path, NULL), rep);
    }
    return ran;
}

astar_status astar_queue_update(astar_queue *q, uint32_t max_expansions, uint64_t max_nanoseconds,
                                astar_queue_report *report)
{
    if (!q)
        return ASTAR_INVALID_ARGUMENT;
    astar_queue_report rep = { 0 };
    uint64_t start = now_ns();
    for (uint32_t slot = 0; slot < (uint32_t)q->slot_count; slot++)
        fill_slot(q, slot, &rep);
    uint64_t budget = max_expansions == ASTAR_QUEUE_ANY_EXPANSIONS ? UINT64_MAX : max_expansions;
    bool timed = max_nanoseconds != ASTAR_QUEUE_ANY_TIME;
    bool out_of_time = max_nanoseconds == 0;
    /* A search runs on while it can, so that its lists stay in the cache:
     * the budget goes to one slot until its search ends, then to the next.
     * Each update starts one slot further on, so every search is first in
     * turn. Only with a time budget is the search stopped every turn, to
     * read the clock. */
    uint32_t first = (uint32_t)q->next_slot;
    q->next_slot = (int)((first + 1) % (uint32_t)q->slot_count);
    for (int k = 0; k < q->slot_count && budget > 0 && !out_of_time; k++) {
        uint32_t slot = (first + (uint32_t)k) % (uint32_t)q->slot_count;
        while (q->slot_record[slot] != NONE && budget > 0 && !out_of_time) {
            uint64_t turn = timed && budget > ASTAR_QUEUE_TURN ? ASTAR_QUEUE_TURN : budget;
            uint32_t ran = take_turn(q, slot, turn < UINT32_MAX ? (uint32_t)turn : UINT32_MAX,
                                     &rep);
            /* A turn that ran nothing (the search ended at once) still
             * costs one, so that an update always comes to an end. */
            budget -= ran ? (ran < budget ? ran : budget) : 1;
            out_of_time = timed && now_ns() - start >= max_nanoseconds;
            if (budget > 0 && !out_of_time)
                fill_slot(q, slot, &rep); /* if it ended: the next request */
        }
    }
    q->updates++;
    rep.nanoseconds = now_ns() - start;
    rep.running = q->running;
    rep.waiting = (uint32_t)q->waiting_count;
    if (report)
        *report = rep;
    return ASTAR_OK;
}
