/* Landmarks for the lazy tables' estimate: breadth-first steps from each
 * landmark, patched at opened cells or computed afresh. */
#include <stddef.h>

#include "world/lazy_marks.h"

/* Edits followed one by one at most; more at once are a rebuild. */
enum { MOST_PATCHED = 64 };

#define UNREACHED UINT32_MAX

static void fill(uint32_t *values, size_t count)
{
    for (size_t i = 0; i < count; i++)
        values[i] = UNREACHED;
}

/* Steps as stored: past MARK_CAP they go on alternating between MARK_CAP
 * and one less, so that neighbours still differ by one and the parity
 * stays the steps' - a bound that can only be lower, never wrong. */
static uint16_t stored(uint32_t steps)
{
    if (steps == UNREACHED)
        return MARK_UNKNOWN;
    return (uint16_t)(steps <= MARK_CAP ? steps : MARK_CAP - ((steps - MARK_CAP) & 1u));
}

/* A breadth-first search from padded cell `from` over the 4 moves between
 * walkable cells, writing the steps to out[] where they are UNREACHED (so
 * a caller's earlier fill decides what is visited). Returns how many
 * cells it reached; *last is the last one, a farthest. */
static size_t spread(lazy_marks *m, size_t from, uint32_t *out, size_t *last)
{
    const uint8_t *terrain = m->grid->terrain;
    size_t stride = (size_t)m->grid->stride, head = 0, tail = 0;
    out[from] = 0;
    m->queue[tail++] = (uint32_t)from;
    while (head < tail) {
        size_t c = m->queue[head++];
        uint32_t next = out[c] + 1;
        const size_t around[4] = { c + 1, c - 1, c + stride, c - stride };
        for (int d = 0; d < 4; d++)
            if (terrain[around[d]] && out[around[d]] == UNREACHED) {
                out[around[d]] = next;
                m->queue[tail++] = (uint32_t)around[d];
            }
    }
    *last = m->queue[tail - 1];
    return tail;
}

/* The landmarks chosen and their steps computed over the grid as it is:
 * the first the farthest cell from a cell of the largest island, each
 * next the cell farthest from those chosen (the least of its steps from
 * them the largest). */
static void build(lazy_marks *m)
{
    const uint8_t *terrain = m->grid->terrain;
    size_t seed = 0, largest = 0, last;
    fill(m->nearest, m->cells);
    for (size_t c = 0; c < m->cells; c++)
        if (terrain[c] && m->nearest[c] == UNREACHED) {
            size_t size = spread(m, c, m->nearest, &last);
            if (size > largest) {
                largest = size;
                seed = c;
            }
        }
    for (size_t c = 0; c < m->cells * m->count; c++)
        m->steps[c] = MARK_UNKNOWN;
    if (largest == 0)
        return;
    fill(m->scratch, m->cells);
    spread(m, seed, m->scratch, &last);
    fill(m->nearest, m->cells);
    for (size_t i = 0; i < m->count; i++) {
        m->place[i] = (uint32_t)last;
        fill(m->scratch, m->cells);
        spread(m, last, m->scratch, &last);
        uint32_t far = 0;
        for (size_t c = 0; c < m->cells; c++) {
            uint32_t v = m->scratch[c];
            m->steps[c * m->count + i] = stored(v);
            if (v == UNREACHED)
                continue;
            if (v < m->nearest[c])
                m->nearest[c] = v;
            if (m->nearest[c] > far) {
                far = m->nearest[c];
                last = c;
            }
        }
    }
}

astar_status astar__marks_new(const astar_grid *grid, size_t count,
                              const astar_allocator *memory, lazy_marks **out)
{
    *out = NULL;
    lazy_marks *m = astar__allocate_zeroed(memory, 1, sizeof *m);
    if (!m)
        return ASTAR_OUT_OF_MEMORY;
    m->memory = *memory;
    m->grid = grid;
    m->cells = (size_t)grid->stride * (size_t)(grid->height + 2);
    m->count = count;
    m->steps = astar__allocate(memory, m->cells * count, sizeof *m->steps);
    m->nearest = astar__allocate(memory, m->cells, sizeof *m->nearest);
    m->scratch = astar__allocate(memory, m->cells, sizeof *m->scratch);
    m->queue = astar__allocate(memory, m->cells, sizeof *m->queue);
    if (!m->steps || !m->nearest || !m->scratch || !m->queue) {
        astar__marks_delete(m);
        return ASTAR_OUT_OF_MEMORY;
    }
    build(m);
    *out = m;
    return ASTAR_OK;
}

void astar__marks_delete(lazy_marks *marks)
{
    if (!marks)
        return;
    astar__release(&marks->memory, marks->steps);
    astar__release(&marks->memory, marks->nearest);
    astar__release(&marks->memory, marks->scratch);
    astar__release(&marks->memory, marks->queue);
    astar__release(&marks->memory, marks);
}

size_t astar__marks_bytes(const lazy_marks *marks)
{
    return marks ? sizeof *marks +
                       marks->cells * (marks->count * sizeof(uint16_t) + 3 * sizeof(uint32_t))
                 : 0;
}

static bool listed(const size_t *cells, size_t count, size_t c)
{
    for (size_t i = 0; i < count; i++)
        if (cells[i] == c)
            return true;
    return false;
}

/* Landmark i's steps at opened cell c made to agree with its walkable
 * neighbours': MARK_UNKNOWN when none is known, else one more than the
 * least when they lie within two steps of each other (the value kept
 * when it agrees already). Neighbours not known yet that are themselves
 * among the edits (pending) are passed over: they settle in their turn.
 * Returns whether the value changed. */
static bool settle(lazy_marks *m, size_t c, size_t i, const size_t *pending, size_t count)
{
    const uint8_t *terrain = m->grid->terrain;
    size_t stride = (size_t)m->grid->stride;
    const size_t around[4] = { c + 1, c - 1, c + stride, c - stride };
    uint32_t low = MARK_UNKNOWN, high = 0;
    uint16_t *own = &m->steps[c * m->count + i];
    for (int d = 0; d < 4; d++) {
        uint32_t v = m->steps[around[d] * m->count + i];
        if (!terrain[around[d]] || (v == MARK_UNKNOWN && listed(pending, count, around[d])))
            continue;
        low = v < low ? v : low;
        high = v != MARK_UNKNOWN && v > high ? v : high;
    }
    uint16_t want = *own;
    if (low == MARK_UNKNOWN)
        want = MARK_UNKNOWN;
    else if (!(*own != MARK_UNKNOWN && high <= *own + 1u && low + 1 >= *own) && high - low <= 2)
        want = stored(low + 1);
    bool moved = want != *own;
    *own = want;
    return moved;
}

/* Whether landmark i's steps at walkable cell c agree with every walkable
 * neighbour's: all unknown with it, or all known and one step off it. */
static bool agrees(const lazy_marks *m, size_t c, size_t i)
{
    const uint8_t *terrain = m->grid->terrain;
    size_t stride = (size_t)m->grid->stride;
    const size_t around[4] = { c + 1, c - 1, c + stride, c - stride };
    uint32_t own = m->steps[c * m->count + i];
    for (int d = 0; d < 4; d++) {
        uint32_t v = m->steps[around[d] * m->count + i];
        if (!terrain[around[d]])
            continue;
        if ((v == MARK_UNKNOWN) != (own == MARK_UNKNOWN) ||
            (own != MARK_UNKNOWN && v != own + 1 && v + 1 != own))
            return false;
    }
    return true;
}

bool astar__marks_catch_up(lazy_marks *marks, uint64_t first, uint64_t last)
{
    if (first > last)
        return false;
    size_t pending[MOST_PATCHED], count = 0;
    bool fresh = last - first >= MOST_PATCHED;
    for (uint64_t e = first; e <= last && !fresh; e++) {
        astar_point at;
        fresh = astar_grid_edit_cell(marks->grid, e, &at) != ASTAR_OK;
        if (!fresh && marks->grid->terrain[grid_padded_index(marks->grid, at.x, at.y)])
            pending[count++] = grid_padded_index(marks->grid, at.x, at.y);
    }
    /* Settled in rounds, as a door of several cells opens from its sides
     * inwards; then checked, every edge at an opened cell. */
    bool moved = true;
    for (size_t round = 0; round <= count && moved && !fresh; round++) {
        moved = false;
        for (size_t j = 0; j < count; j++)
            for (size_t i = 0; i < marks->count; i++)
                moved |= settle(marks, pending[j], i, pending, count);
    }
    for (size_t j = 0; j < count && !fresh; j++)
        for (size_t i = 0; i < marks->count && !fresh; i++)
            fresh = !agrees(marks, pending[j], i);
    if (fresh)
        build(marks);
    return fresh;
}
