/* CPD files: little-endian binary, written and read here.
 *
 *   offset  size  field
 *        0     8  magic "ASTARCPD"
 *        8     4  format version, CPD_VERSION
 *       12     4  grid width, or a graph's nodes
 *       16     4  grid height, or 0 for a graph
 *       20     1  moves (astar_moves), 1 costs (astar_costs), 1 order
 *                 (astar_cpd_order), 1 kind: 0 a grid, 1 a graph (whose
 *                 moves and costs are 0)
 *       24     8  the map's hash (astar__cpd_map_hash)
 *       32     8  W, walkable cells or enabled nodes (rows)
 *       40     8  R, runs
 *       48    4W  runs per row, rows in the order of their targets
 *   48 + 4W   4R  runs, row after row: start << shift | move (cpd.h)
 *   .. + 4R    8  FNV-1a 64 of every byte before it
 *
 * The loader checks, in this order, what each failure says: the magic (not
 * a CPD file), the version (another format), the size the counts give (cut
 * short or too long), the checksum (damaged), the map (made for another
 * one), and every row (contents no build writes, only a crafted file has
 * them) - so a damaged file is never read as another map's. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/hex.h"
#include "cpd/cpd.h"
#include "grid/grid.h"
#include "io/text.h"

enum { CPD_VERSION = 1, HEADER_BYTES = 48, CHECKSUM_BYTES = 8, KIND_GRID = 0, KIND_GRAPH = 1 };
static const char magic[8] = { 'A', 'S', 'T', 'A', 'R', 'C', 'P', 'D' };

/* Whether the first bytes (as many as there are, up to 8) are the magic's. */
static bool magic_so_far(const uint8_t *p, size_t length)
{
    for (size_t i = 0; i < length && i < sizeof magic; i++)
        if (p[i] != (uint8_t)magic[i])
            return false;
    return true;
}

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const uint8_t *p)
{
    return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static void put_u64(uint8_t *p, uint64_t v)
{
    put_u32(p, (uint32_t)v);
    put_u32(p + 4, (uint32_t)(v >> 32));
}

/* ------------------------------------------------------------------------ */
/* Saving                                                                   */
/* ------------------------------------------------------------------------ */

/* Bytes on their way to the file through a buffer, checksummed as they go. */
typedef struct writer {
    FILE *file;
    uint64_t checksum;
    size_t used;
    bool failed;
    uint8_t buffer[1 << 14];
} writer;

static void flush(writer *w)
{
    w->checksum = cpd_fnv(w->checksum, w->buffer, w->used);
    w->failed |= fwrite(w->buffer, 1, w->used, w->file) != w->used;
    w->used = 0;
}

/* Room for n (at most 8) bytes, written to the buffer by the caller. */
static uint8_t *room(writer *w, size_t n)
{
    if (sizeof w->buffer - w->used < n)
        flush(w);
    w->used += n;
    return w->buffer + w->used - n;
}

astar_status astar_cpd_save(const astar_cpd *cpd, const char *path, astar_error *err)
{
    astar__error_clear(err);
    if (!cpd || !path)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0, "no CPD or no file name");
    static writer blank;
    writer w = blank;
    w.checksum = FNV_OFFSET;
    w.file = fopen(path, "wb");
    if (!w.file)
        return astar__error_set(err, ASTAR_IO_ERROR, path, 0, "cannot open for writing: %s",
                                strerror(errno));
    uint8_t *h = room(&w, HEADER_BYTES);
    memcpy(h, magic, sizeof magic);
    put_u32(h + 8, CPD_VERSION);
    const astar_grid *grid = cpd->map.grid;
    put_u32(h + 12, grid ? (uint32_t)grid->width : cpd->ids);
    put_u32(h + 16, grid ? (uint32_t)grid->height : 0);
    h[20] = (uint8_t)cpd->moves;
    h[21] = (uint8_t)cpd->costs;
    h[22] = (uint8_t)cpd->order;
    h[23] = grid ? KIND_GRID : KIND_GRAPH;
    put_u64(h + 24, cpd->hash);
    put_u64(h + 32, cpd->walkable);
    put_u64(h + 40, cpd->run_count);
    for (uint32_t r = 0; r < cpd->walkable; r++)
        put_u32(room(&w, 4), (uint32_t)(cpd->row[r + 1] - cpd->row[r]));
    for (uint64_t i = 0; i < cpd->run_count; i++)
        put_u32(room(&w, 4), cpd->runs[i]);
    flush(&w);
    uint8_t sum[CHECKSUM_BYTES];
    put_u64(sum, w.checksum);
    w.failed |= fwrite(sum, 1, sizeof sum, w.file) != sizeof sum;
    int saved_errno = errno;
    w.failed |= fclose(w.file) != 0;
    if (w.failed)
        return astar__error_set(err, ASTAR_IO_ERROR, path, 0, "cannot write: %s",
                                strerror(saved_errno ? saved_errno : errno));
    return ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */
/* ------------------------------------------------------------------------ */

/* The file's size by its header's counts, saturating; 0 for a prefix too
 * short to tell. */
static uint64_t expected_bytes(const uint8_t *p, size_t length)
{
    if (length < HEADER_BYTES)
        return 0;
    uint64_t walkable = get_u64(p + 32), runs = get_u64(p + 40);
    if (walkable > ASTAR_MAX_CELLS || runs > UINT64_MAX / 8)
        return UINT64_MAX;
    return astar__cpd_file_bytes(walkable, runs);
}

static size_t bound(const char *prefix, size_t length, bool at_end)
{
    const uint8_t *p = (const uint8_t *)prefix;
    if (!magic_so_far(p, length))
        return length;
    if (length < HEADER_BYTES)
        return at_end ? length : 0;
    uint64_t most = expected_bytes(p, length);
    return most < SIZE_MAX - 1 ? (size_t)most : SIZE_MAX - 2;
}

/* Every row of a file's runs: rows of at least one run, the first starting
 * at 0, starts rising and below walkable, moves up to none. Returns
 * the first bad row's place, or walkable when every row is good. */
static uint32_t first_bad_row(const astar_cpd *cpd)
{
    for (uint32_t r = 0; r < cpd->walkable; r++) {
        const uint32_t *run = cpd->runs + cpd->row[r], *end = cpd->runs + cpd->row[r + 1];
        uint32_t shift = cpd->shift, mask = (1u << shift) - 1;
        if (run == end || *run >> shift != 0)
            return r;
        for (; run < end; run++)
            if ((*run & mask) > cpd->none || *run >> shift >= cpd->walkable ||
                (run + 1 < end && run[1] >> shift <= *run >> shift))
                return r;
    }
    return cpd->walkable;
}

/* The runs of a file whose header, size, checksum and map were checked,
 * into a CPD made for the map; NULL with the reason in err. */
static astar_status read_runs(const uint8_t *p, const char *name, cpd_map map,
                              const astar_allocator *memory, astar_cpd **out, astar_error *err)
{
    astar_moves moves = p[20];
    astar_costs costs = p[21];
    astar_cpd_order order = p[22];
    if (moves > ASTAR_MOVES_8_CUT || costs > ASTAR_COSTS_OCTILE || order > ASTAR_CPD_ORDER_ROWS ||
        (map.graph && (moves != 0 || costs != 0)))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                "moves %u, costs %u, order %u: values no build writes", p[20],
                                p[21], p[22]);
    astar_cpd *cpd = astar__cpd_create(memory, map, moves, costs, order);
    uint64_t runs = get_u64(p + 40);
    if (cpd && cpd->walkable != get_u64(p + 32)) {
        uint32_t walkable = cpd->walkable;
        astar_cpd_delete(cpd);
        return astar__error_set(err, ASTAR_MAP_CHANGED, name, 0,
                                "made for another map: %llu rows, this map has %u",
                                (unsigned long long)get_u64(p + 32), walkable);
    }
    if (cpd && !astar__cpd_runs_allocate(cpd, runs)) {
        astar_cpd_delete(cpd);
        cpd = NULL;
    }
    if (!cpd)
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, name, 0, "out of memory for the CPD");
    const uint8_t *counts = p + HEADER_BYTES, *data = counts + 4 * (size_t)cpd->walkable;
    for (uint32_t r = 0; r < cpd->walkable; r++)
        cpd->row[r + 1] = cpd->row[r] + get_u32(counts + 4 * (size_t)r);
    uint64_t sum = cpd->row[cpd->walkable];
    if (sum != runs) {
        astar_cpd_delete(cpd);
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                "the rows' run counts sum to %llu, the header says %llu runs",
                                (unsigned long long)sum, (unsigned long long)runs);
    }
    for (uint64_t i = 0; i < runs; i++)
        cpd->runs[i] = get_u32(data + 4 * i);
    uint32_t bad = first_bad_row(cpd), none = cpd->none;
    if (bad < cpd->walkable) {
        astar_cpd_delete(cpd);
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                "row %u: runs no build writes (a first run not at 0, starts "
                                "not rising or past the rows, a move above %u)", bad, none);
    }
    if (!astar__cpd_index(cpd)) {
        astar_cpd_delete(cpd);
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, name, 0, "out of memory for the CPD");
    }
    *out = cpd;
    return ASTAR_OK;
}

/* The map a checked file names against the one it is loaded for: the
 * kind, size and hash, then (a graph's) whether its runs fit. */
static astar_status read_map(const uint8_t *p, const char *name, cpd_map map,
                             const astar_allocator *memory, astar_cpd **out, astar_error *err)
{
    uint32_t width = get_u32(p + 12), height = get_u32(p + 16);
    uint64_t hash = get_u64(p + 24), own = astar__cpd_map_hash(map);
    const astar_grid *grid = map.grid;
    if (p[23] != (grid ? KIND_GRID : KIND_GRAPH)) {
        if (p[23] > KIND_GRAPH)
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                    "map kind %u: a value no build writes", p[23]);
        return astar__error_set(err, ASTAR_MAP_CHANGED, name, 0, "made for a %s, not a %s",
                                grid ? "graph" : "grid", grid ? "grid" : "graph");
    }
    if (grid && (width != (uint32_t)grid->width || height != (uint32_t)grid->height || hash != own))
        return astar__error_set(err, ASTAR_MAP_CHANGED, name, 0,
                                "made for another map: a %u x %u grid of hash %016llx, this one "
                                "is %d x %d of hash %016llx",
                                width, height, (unsigned long long)hash, grid->width,
                                grid->height, (unsigned long long)own);
    if (!grid && (width != astar_graph_nodes(map.graph) || height != 0 || hash != own))
        return astar__error_set(err, ASTAR_MAP_CHANGED, name, 0,
                                "made for another graph: %u nodes of hash %016llx, this one has "
                                "%u of hash %016llx",
                                width, (unsigned long long)hash, astar_graph_nodes(map.graph),
                                (unsigned long long)own);
    if (!grid && !astar__cpd_graph_fits(map.graph))
        return astar__error_set(err, ASTAR_UNSUPPORTED, name, 0,
                                "the graph's nodes and largest out-degree do not fit a run");
    return read_runs(p, name, map, memory, out, err);
}

static astar_status parse(const uint8_t *p, size_t size, const char *name, cpd_map map,
                          const astar_allocator *memory, astar_cpd **out, astar_error *err)
{
    if (!magic_so_far(p, size) || size == 0)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                "not a CPD file: it does not begin with \"ASTARCPD\"");
    if (size < HEADER_BYTES)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                "cut short: %zu bytes, less than the %d-byte header", size,
                                HEADER_BYTES);
    uint32_t version = get_u32(p + 8);
    if (version != CPD_VERSION)
        return astar__error_set(err, ASTAR_UNSUPPORTED, name, 0,
                                "CPD format version %u; this library reads version %d", version,
                                CPD_VERSION);
    uint64_t walkable = get_u64(p + 32);
    if (walkable > ASTAR_MAX_CELLS)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                "its header's %llu walkable cells are more than the %u a grid may "
                                "have",
                                (unsigned long long)walkable, (unsigned)ASTAR_MAX_CELLS);
    uint64_t expected = expected_bytes(p, size);
    if (expected != size)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                "%zu bytes, but its header's counts (%llu cells, %llu runs) make "
                                "%llu: %s",
                                size, (unsigned long long)get_u64(p + 32),
                                (unsigned long long)get_u64(p + 40), (unsigned long long)expected,
                                size < expected ? "cut short" : "too long");
    uint64_t sum = cpd_fnv(FNV_OFFSET, p, size - CHECKSUM_BYTES);
    if (sum != get_u64(p + size - CHECKSUM_BYTES))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0,
                                "checksum mismatch: the file is damaged");
    return read_map(p, name, map, memory, out, err);
}

/* What the text reader hands its parser: the map and where the CPD goes. */
typedef struct cpd_target {
    cpd_map map;
    astar_cpd **out;
} cpd_target;

static astar_status parse_read(const char *text, size_t length, const char *name,
                               const astar_allocator *memory, void *out, astar_error *err)
{
    cpd_target *t = out;
    return parse((const uint8_t *)text, length, name, t->map, memory, t->out, err);
}

/* The arguments every loader takes, and the allocator (into memory, for
 * a parse); ASTAR_OK or why not, in err. */
static astar_status check_load(const void *source, cpd_map map, const astar_allocator *allocator,
                               astar_allocator *memory, astar_cpd **out, astar_error *err)
{
    astar__error_clear(err);
    if (out)
        *out = NULL;
    if (!source || !(map.grid || map.graph) || !out)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "no file, no map or no place for the result");
    if (map.grid && hex_topology(map.grid->topology))
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "a CPD serves square grids only");
    if (astar__allocator_keep(allocator, memory) != ASTAR_OK)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "an allocator without both functions");
    return ASTAR_OK;
}

static astar_status load(const char *path, cpd_map map, const astar_allocator *allocator,
                         astar_cpd **out, astar_error *err)
{
    astar_allocator memory;
    astar_status s = check_load(path, map, allocator, &memory, out, err);
    if (s != ASTAR_OK)
        return s;
    static const text_kind kind = { parse_read, bound, NULL, 0, 0, "its header's counts allow" };
    cpd_target target = { map, out };
    return astar__text_parse_file(path, &kind, &memory, &target, err);
}

static astar_status parse_bytes(const void *data, size_t size, const char *name, cpd_map map,
                                const astar_allocator *allocator, astar_cpd **out,
                                astar_error *err)
{
    astar_allocator memory;
    astar_status s = check_load(data || size == 0 ? (const void *)"" : NULL, map, allocator,
                                &memory, out, err);
    if (s != ASTAR_OK)
        return s;
    return parse(data, size, name, map, &memory, out, err);
}

astar_status astar_cpd_load(const char *path, const astar_grid *grid, astar_cpd **out,
                            astar_error *err)
{
    return load(path, (cpd_map){ .grid = grid }, NULL, out, err);
}

astar_status astar_cpd_load_with(const char *path, const astar_grid *grid,
                                 const astar_allocator *allocator, astar_cpd **out,
                                 astar_error *err)
{
    return load(path, (cpd_map){ .grid = grid }, allocator, out, err);
}

astar_status astar_cpd_parse(const void *data, size_t size, const char *name,
                             const astar_grid *grid, astar_cpd **out, astar_error *err)
{
    return parse_bytes(data, size, name, (cpd_map){ .grid = grid }, NULL, out, err);
}

astar_status astar_cpd_parse_with(const void *data, size_t size, const char *name,
                                  const astar_grid *grid, const astar_allocator *allocator,
                                  astar_cpd **out, astar_error *err)
{
    return parse_bytes(data, size, name, (cpd_map){ .grid = grid }, allocator, out, err);
}

astar_status astar_graph_cpd_load(const char *path, const astar_graph *graph, astar_cpd **out,
                                  astar_error *err)
{
    return load(path, (cpd_map){ .graph = graph }, NULL, out, err);
}

astar_status astar_graph_cpd_load_with(const char *path, const astar_graph *graph,
                                       const astar_allocator *allocator, astar_cpd **out,
                                       astar_error *err)
{
    return load(path, (cpd_map){ .graph = graph }, allocator, out, err);
}

astar_status astar_graph_cpd_parse(const void *data, size_t size, const char *name,
                                   const astar_graph *graph, astar_cpd **out, astar_error *err)
{
    return parse_bytes(data, size, name, (cpd_map){ .graph = graph }, NULL, out, err);
}

astar_status astar_graph_cpd_parse_with(const void *data, size_t size, const char *name,
                                        const astar_graph *graph,
                                        const astar_allocator *allocator, astar_cpd **out,
                                        astar_error *err)
{
    return parse_bytes(data, size, name, (cpd_map){ .graph = graph }, allocator, out, err);
}
