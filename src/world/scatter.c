/* SUO's ways (world/scatter.h): per round, each agent's way re-planned by
 * an A* that counts collisions with the others' ways first and cost
 * second, within a margin of its shortest way. */
#include "world/scatter.h"

#include <string.h>

#include "core/memory.h"
#include "world/crowd_plan.h"
#include "world/lazy_open.h"

#define NONE UINT32_MAX
enum { FIRST_SLOTS = 1024 };

/* A value under a key of three words; value 0 is no entry (a count fallen
 * to 0, a way's step taken back) and is dropped when the table grows. */
typedef struct keyed {
    uint32_t a, b, t, value;
} keyed;

/* Open addressing, linear probing; a slot whose a is NONE is empty. */
typedef struct keyed_table {
    keyed *at;
    size_t capacity, used; /* used: slots ever filled since the last growth */
} keyed_table;

struct scatter {
    astar_allocator memory;
    astar_crowd *crowd;
    uint32_t units, margin, latest; /* latest: the most steps of any way */
    uint32_t rounds;     /* rounds made */
    size_t cells;
    uint64_t random, collisions;
    uint32_t *start;
    uint32_t **way;      /* per unit its cells step by step, or NULL */
    uint32_t *length;    /* per unit its way's cells */
    uint32_t *arrival;   /* per cell: the step at which the unit whose goal it
                            is arrives on its way, or NONE */
    uint64_t *when;      /* per cell: bit t % 64 set if a way may be on it
                            at a step t: most of a search's questions are
                            then answered without a lookup in taken. Set
                            as ways are added, cleared only when a round
                            begins (then made anew from the ways). */
    keyed_table taken;   /* (cell, NONE, t): ways on cell at step t;
                            (from, to, t): ways stepping from -> to after t */
    keyed_table guide;   /* (unit, cell, 0): the next cell + 1, made by
                            astar__scatter_guide */
    uint32_t *order;
    /* one agent's search */
    uint32_t search;
    uint32_t *seen;      /* per cell: the search that reached it last */
    uint32_t *parent, *steps;
    uint64_t *best;      /* the least key it was reached at; 0 once closed */
    lazy_list open;
};

/* The three words mixed by the crowd's generator (crowd_plan.h): a and
 * b, then t with them. */
static uint64_t key_hash(uint32_t a, uint32_t b, uint32_t t)
{
    uint64_t state = (uint64_t)a << 32 | b;
    uint64_t mixed = splitmix64(&state) ^ t;
    return splitmix64(&mixed);
}

static keyed *keyed_slot(const keyed_table *k, uint32_t a, uint32_t b, uint32_t t)
{
    size_t mask = k->capacity - 1;
    for (size_t i = key_hash(a, b, t) & mask;; i = (i + 1) & mask) {
        keyed *e = &k->at[i];
        if (e->a == NONE || (e->a == a && e->b == b && e->t == t))
            return e;
    }
}

static uint32_t keyed_get(const keyed_table *k, uint32_t a, uint32_t b, uint32_t t)
{
    if (!k->capacity)
        return 0;
    const keyed *e = keyed_slot(k, a, b, t);
    return e->a == NONE ? 0 : e->value;
}

/* Room for `more` new keys: the table regrown (its live entries kept, the
 * dead dropped) once half full. false when out of memory (k as it was). */
static bool keyed_room(const astar_allocator *memory, keyed_table *k, size_t more)
{
    if (2 * (k->used + more) <= k->capacity)
        return true;
    size_t live = 0;
    for (size_t i = 0; i < k->capacity; i++)
        live += k->at[i].a != NONE && k->at[i].value != 0;
    size_t cap = FIRST_SLOTS;
    while (cap < 4 * (live + more))
        cap *= 2;
    keyed_table grown = { astar__allocate(memory, cap, sizeof(keyed)), cap, live };
    if (!grown.at)
        return false;
    memset(grown.at, 0xff, cap * sizeof(keyed));
    for (size_t i = 0; i < k->capacity; i++) {
        const keyed *e = &k->at[i];
        if (e->a != NONE && e->value != 0)
            *keyed_slot(&grown, e->a, e->b, e->t) = *e;
    }
    astar__release(memory, k->at);
    *k = grown;
    return true;
}

/* Adds delta to the value under the key; the table has room. */
static void keyed_add(keyed_table *k, uint32_t a, uint32_t b, uint32_t t, uint32_t delta)
{
    keyed *e = keyed_slot(k, a, b, t);
    if (e->a == NONE) {
        *e = (keyed){ a, b, t, 0 };
        k->used++;
    }
    e->value += delta;
}

astar_status astar__scatter_new(astar_crowd *crowd, uint32_t units, uint32_t margin,
                                uint64_t seed, const astar_allocator *memory, scatter **out)
{
    *out = NULL;
    scatter *s = astar__allocate_zeroed(memory, 1, sizeof *s);
    if (!s)
        return ASTAR_OUT_OF_MEMORY;
    s->memory = *memory;
    s->crowd = crowd;
    s->units = units;
    s->margin = margin;
    s->random = seed;
    s->cells = astar__crowd_cells(crowd);
    s->start = astar__allocate(memory, units, sizeof *s->start);
    s->way = astar__allocate_zeroed(memory, units, sizeof *s->way);
    s->length = astar__allocate_zeroed(memory, units, sizeof *s->length);
    s->order = astar__allocate(memory, units, sizeof *s->order);
    s->arrival = astar__allocate(memory, s->cells, sizeof *s->arrival);
    s->when = astar__allocate_zeroed(memory, s->cells, sizeof *s->when);
    s->seen = astar__allocate_zeroed(memory, s->cells, sizeof *s->seen);
    s->parent = astar__allocate(memory, s->cells, sizeof *s->parent);
    s->steps = astar__allocate(memory, s->cells, sizeof *s->steps);
    s->best = astar__allocate(memory, s->cells, sizeof *s->best);
    if (!s->start || !s->way || !s->length || !s->order || !s->arrival || !s->when || !s->seen ||
        !s->parent || !s->steps || !s->best) {
        astar__scatter_delete(s);
        return ASTAR_OUT_OF_MEMORY;
    }
    for (uint32_t i = 0; i < units; i++) {
        s->start[i] = astar__crowd_at(crowd, i);
        s->order[i] = i;
    }
    memset(s->arrival, 0xff, s->cells * sizeof *s->arrival);
    *out = s;
    return ASTAR_OK;
}

void astar__scatter_delete(scatter *s)
{
    if (!s)
        return;
    const astar_allocator *m = &s->memory;
    for (uint32_t i = 0; s->way && i < s->units; i++)
        astar__release(m, s->way[i]);
    astar__release(m, s->way);
    astar__release(m, s->start);
    astar__release(m, s->length);
    astar__release(m, s->order);
    astar__release(m, s->arrival);
    astar__release(m, s->when);
    astar__release(m, s->seen);
    astar__release(m, s->parent);
    astar__release(m, s->steps);
    astar__release(m, s->best);
    astar__release(m, s->taken.at);
    astar__release(m, s->guide.at);
    astar__release(m, s->open.at);
    astar__release(m, s);
}

size_t astar__scatter_bytes(const scatter *s)
{
    if (!s)
        return 0;
    size_t bytes = sizeof *s + (size_t)s->units * (3 * sizeof(uint32_t) + sizeof(uint32_t *)) +
                   s->cells * (4 * sizeof(uint32_t) + 2 * sizeof(uint64_t)) +
                   (s->taken.capacity + s->guide.capacity) * sizeof(keyed) +
                   s->open.capacity * sizeof(lazy_open);
    for (uint32_t i = 0; i < s->units; i++)
        bytes += (size_t)s->length[i] * sizeof(uint32_t);
    return bytes;
}

uint64_t astar__scatter_collisions(const scatter *s)
{
    return s->collisions;
}

const uint32_t *astar__scatter_way(const scatter *s, uint32_t unit, uint32_t *length)
{
    *length = s->length[unit];
    return s->way[unit];
}

uint32_t astar__scatter_next(const scatter *s, uint32_t unit, uint32_t cell)
{
    return keyed_get(&s->guide, unit, cell, 0) - 1;
}

/* The collisions of a step from -> to after step t with the ways
 * registered, but `self` of those on `to` at t + 1 (1 for a step of a
 * way registered): another way on `to` at t + 1, or stepping to -> from
 * meanwhile, or `to` another's goal it has arrived on by then. */
static uint32_t step_collisions(const scatter *s, uint32_t from, uint32_t to, uint32_t t,
                                    uint32_t self)
{
    uint32_t arrived = s->arrival[to], n = arrived != NONE && t + 1 > arrived;
    uint64_t when = s->when[to];
    if (when >> ((t + 1) & 63) & 1)
        n += keyed_get(&s->taken, to, NONE, t + 1) - self;
    if (when >> (t & 63) & 1)
        n += keyed_get(&s->taken, to, from, t);
    return n;
}

/* Unit i's way against the others registered: its steps' collisions, and
 * the other ways on its goal after it has arrived; self is 1 when the way
 * itself is registered. Counted the same from either side of each pair,
 * so that adding a way's and later taking it off keeps the total. */
static uint64_t way_collisions(const scatter *s, uint32_t i, uint32_t self)
{
    const uint32_t *w = s->way[i];
    uint32_t last = s->length[i] - 1;
    uint64_t n = 0;
    for (uint32_t t = 1; t <= last; t++)
        n += step_collisions(s, w[t - 1], w[t], t - 1, self);
    uint64_t when = s->when[w[last]];
    for (uint32_t t = last + 1; t <= s->latest && when != 0; t++)
        if (when >> (t & 63) & 1)
            n += keyed_get(&s->taken, w[last], NONE, t);
    return n;
}

/* Registers unit i's way (or, delta = -1, takes it off); the tables have
 * room for a registration. */
static void mark_way(scatter *s, uint32_t i, uint32_t delta)
{
    const uint32_t *w = s->way[i];
    uint32_t last = s->length[i] - 1;
    for (uint32_t t = 0; t <= last; t++) {
        s->when[w[t]] |= (uint64_t)1 << (t & 63);
        keyed_add(&s->taken, w[t], NONE, t, delta);
        if (t < last)
            keyed_add(&s->taken, w[t], w[t + 1], t, delta);
    }
    s->arrival[w[last]] = delta == 1 ? last : NONE;
}

static bool enrol(scatter *s, uint32_t i)
{
    if (!s->way[i])
        return true;
    if (!keyed_room(&s->memory, &s->taken, 2 * (size_t)s->length[i]))
        return false;
    s->collisions += way_collisions(s, i, 0);
    mark_way(s, i, 1);
    s->latest = s->length[i] - 1 > s->latest ? s->length[i] - 1 : s->latest;
    return true;
}

static void withdraw(scatter *s, uint32_t i)
{
    if (!s->way[i])
        return;
    mark_way(s, i, (uint32_t)-1);
    s->collisions -= way_collisions(s, i, 0);
}

/* Reached cell `to` from `from` at key (collisions << 32 | f) and cost g:
 * kept if better than what reached it before. The list has room. */
static void reach(scatter *s, uint32_t from, uint32_t to, uint64_t key, uint32_t g)
{
    if (s->seen[to] == s->search && key >= s->best[to])
        return;
    s->seen[to] = s->search;
    s->best[to] = key;
    s->parent[to] = from;
    s->steps[to] = from == NONE ? 0 : s->steps[from] + 1;
    lazy_heap_push(&s->open, (lazy_open){ .f = key, .g = g, .where = to });
}

/* Unit i's way of fewest collisions, then least cost, within the margin;
 * way[i] replaced by it (kept when there is none). An A* over cells whose
 * key is collisions << 32 | f (f below 2^32: the margin caps it), with
 * the agent's exact table cost for h; a cell once closed has key 0. false
 * when out of memory. */
static bool plan_way(scatter *s, uint32_t i)
{
    astar_crowd *crowd = s->crowd;
    uint32_t start = s->start[i], goal = astar__crowd_goal_cell(crowd, i);
    uint32_t least = astar__crowd_cost(crowd, i, start);
    if (least == ASTAR_UNREACHABLE)
        return true;
    uint64_t most = (uint64_t)least + s->margin;
    most = most < ASTAR_UNREACHABLE ? most : ASTAR_UNREACHABLE - 1;
    if (++s->search == 0) {
        memset(s->seen, 0, s->cells * sizeof *s->seen);
        s->search = 1;
    }
    s->open.count = 0;
    if (!lazy_list_room(&s->memory, &s->open, 1))
        return false;
    reach(s, NONE, start, least, 0);
    bool found = false;
    while (s->open.count > 0 && !found) {
        lazy_open top = s->open.at[0];
        lazy_heap_pop(&s->open);
        uint32_t v = top.where;
        if (s->best[v] != top.f)
            continue;
        s->best[v] = 0;
        if (v == goal) {
            found = true;
            break;
        }
        uint32_t around[ASTAR__CROWD_MAX_NEIGHBOURS];
        int n = astar__crowd_neighbours(crowd, v, around);
        if (!lazy_list_room(&s->memory, &s->open, (size_t)n))
            return false;
        uint64_t collisions = top.f >> 32;
        /* v's own cost to the goal: its key's f less its cost from the
         * start. */
        uint32_t here = (uint32_t)(top.f & UINT32_MAX) - top.g;
        for (int k = 0; k < n; k++) {
            uint32_t u = around[k];
            if (s->seen[u] == s->search && s->best[u] == 0)
                continue;
            uint32_t h = astar__crowd_cost_beside(crowd, i, u, v, here);
            uint64_t g = (uint64_t)top.g + astar__crowd_step_cost(crowd, v, u);
            if (h == ASTAR_UNREACHABLE || g + h > most)
                continue;
            uint64_t c = collisions + step_collisions(s, v, u, s->steps[v], 0);
            reach(s, v, u, c << 32 | (g + h), (uint32_t)g);
        }
    }
    if (!found)
        return true;
    uint32_t count = s->steps[goal] + 1;
    uint32_t *way = astar__allocate(&s->memory, count, sizeof *way);
    if (!way)
        return false;
    for (uint32_t v = goal, t = count; t-- > 0; v = s->parent[v])
        way[t] = v;
    astar__release(&s->memory, s->way[i]);
    s->way[i] = way;
    s->length[i] = count;
    return true;
}

astar_status astar__scatter_round(scatter *s)
{
    for (uint32_t k = s->units; k > 1; k--) {
        uint32_t j = (uint32_t)(splitmix64(&s->random) % k), t = s->order[k - 1];
        s->order[k - 1] = s->order[j];
        s->order[j] = t;
    }
    memset(s->when, 0, s->cells * sizeof *s->when);
    for (uint32_t i = 0; i < s->units; i++)
        for (uint32_t t = 0; t < s->length[i]; t++)
            s->when[s->way[i][t]] |= (uint64_t)1 << (t & 63);
    for (uint32_t k = 0; k < s->units; k++) {
        uint32_t i = s->order[k];
        /* After the first round a way that meets no other is kept: it
         * could only get cheaper, and re-planning every agent took twice
         * as long (1,000 agents on Berlin_0_512) for a sum of costs within
         * 0.01 %. */
        if (s->rounds > 0 && s->way[i] && way_collisions(s, i, 1) == 0)
            continue;
        withdraw(s, i);
        bool planned = plan_way(s, i);
        if (!enrol(s, i) || !planned)
            return ASTAR_OUT_OF_MEMORY;
    }
    s->rounds++;
    return ASTAR_OK;
}

astar_status astar__scatter_guide(scatter *s)
{
    size_t steps = 0;
    for (uint32_t i = 0; i < s->units; i++)
        steps += s->length[i];
    astar__release(&s->memory, s->guide.at);
    s->guide = (keyed_table){ 0 };
    if (!keyed_room(&s->memory, &s->guide, steps))
        return ASTAR_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < s->units; i++)
        for (uint32_t t = 0; t + 1 < s->length[i]; t++)
            keyed_add(&s->guide, i, s->way[i][t], 0, s->way[i][t + 1] + 1);
    return ASTAR_OK;
}
