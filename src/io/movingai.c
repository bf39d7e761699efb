/* Moving AI benchmark files: ".map" grids and ".map.scen" problem lists. */
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "grid/grid.h"
#include "io/text.h"

/* The checks both parsers begin with; also names unnamed text. */
static astar_status parse_begin(const char *text, size_t length, bool has_out, const char **name,
                                astar_error *err)
{
    astar__error_clear(err);
    if (!*name)
        *name = "<text>";
    if (!has_out)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, *name, 0, "no place for the result");
    if (!text && length > 0)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, *name, 0, "no text");
    return ASTAR_OK;
}

/* Terrain of a map character: 1 for ground, 0 for blocked, -1 if unknown.
 * The benchmark lets no step cross from ground into trees or water, so for
 * a ground unit those are walls. */
static int map_terrain(char c)
{
    switch (c) {
    case '.': case 'G': case 'S': return 1;
    case '@': case 'O': case 'T': case 'W': return 0;
    default: return -1;
    }
}

/* A cell no terrain is written with: shown as it is typed when it is
 * printable ("'#'", the wall the CLI draws), as a code when not, with the
 * characters that are allowed, so the fix is in the message. */
static astar_status unknown_character(char c, const char *name, long line, long column,
                                      astar_error *err)
{
    unsigned code = (unsigned char)c;
    char shown[8];
    if (code >= 0x20 && code < 0x7F)
        snprintf(shown, sizeof shown, "'%c'", c);
    else
        snprintf(shown, sizeof shown, "0x%02x", code);
    return astar__error_set(err, ASTAR_PARSE_ERROR, name, line,
                            "unknown map character %s at column %ld; a cell is one of . G S "
                            "(ground) or @ O T W (blocked)",
                            shown, column);
}

/* Reads "height N" or "width N" into the matching one of height and width,
 * each allowed once. */
static astar_status parse_size_line(text_reader *r, const char *name, long *height, long *width,
                                    astar_error *err)
{
    text_span line, f[3];
    if (!astar__text_next_line(r, &line))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line + 1,
                         "file ends before the 'height' and 'width' lines");
    bool is_height = astar__text_fields(line, f, 3) == 2 && astar__text_equals(f[0], "height");
    bool is_width = astar__text_fields(line, f, 3) == 2 && astar__text_equals(f[0], "width");
    long *target = is_height ? height : is_width ? width : NULL;
    if (!target || *target != 0)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                         "expected 'height N' then 'width N'");
    if (!astar__text_to_long(f[1], 1, ASTAR_MAX_SIDE, target))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                         "%s must be a whole number from 1 to %d", is_height ? "height" : "width",
                         ASTAR_MAX_SIDE);
    return ASTAR_OK;
}

static astar_status parse_header(text_reader *r, const char *name, long *height, long *width,
                                 astar_error *err)
{
    text_span line, f[3];
    if (!astar__text_next_line(r, &line) || astar__text_fields(line, f, 3) != 2 || !astar__text_equals(f[0], "type"))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 1, "expected 'type octile' as the first line");
    if (!astar__text_equals(f[1], "octile"))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                         "unsupported map type '%.*s' (only octile grids)", (int)f[1].length, f[1].start);
    *height = *width = 0;
    astar_status s = parse_size_line(r, name, height, width, err);
    if (s == ASTAR_OK)
        s = parse_size_line(r, name, height, width, err);
    if (s != ASTAR_OK)
        return s;
    if ((size_t)*height * (size_t)*width > ASTAR_MAX_CELLS)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                         "%ld x %ld cells is more than the %u a grid may have", *width, *height,
                         (unsigned)ASTAR_MAX_CELLS);
    if (!astar__text_next_line(r, &line))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line + 1,
                         "file ends before the line 'map'");
    if (astar__text_fields(line, f, 3) != 1 || !astar__text_equals(f[0], "map"))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                         "expected the line 'map' before the grid");
    return ASTAR_OK;
}

/* Reads the grid rows after the header into grid, or with grid NULL only
 * checks them, so that a header claiming a huge map costs no memory unless
 * the rows are really there. */
static astar_status parse_rows(text_reader r, const char *name, long height, long width,
                               astar_grid *grid, astar_error *err)
{
    text_span line;
    for (long y = 0; y < height; y++) {
        if (!astar__text_next_line(&r, &line))
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line + 1,
                             "file ends after %ld of %ld rows", y, height);
        if ((long)line.length != width)
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                             "row %ld has %zu cells, expected %ld", y, line.length, width);
        for (long x = 0; x < width; x++) {
            int t = map_terrain(line.start[x]);
            if (t < 0)
                return unknown_character(line.start[x], name, r.line, x + 1, err);
            if (grid)
                astar__grid_put(grid, (int)x, (int)y, (uint8_t)t);
        }
    }
    while (astar__text_next_line(&r, &line))
        if (!astar__text_is_blank(line))
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                             "text after the last of the %ld rows", height);
    return ASTAR_OK;
}

astar_status astar_grid_parse_movingai(const char *text, size_t length, const char *name,
                                       astar_grid **out, astar_error *err)
{
    return astar_grid_parse_movingai_with(text, length, name, NULL, out, err);
}

astar_status astar_grid_parse_movingai_with(const char *text, size_t length, const char *name,
                                            const astar_allocator *allocator, astar_grid **out,
                                            astar_error *err)
{
    if (out)
        *out = NULL;
    astar_status s = parse_begin(text, length, out != NULL, &name, err);
    if (s != ASTAR_OK)
        return s;
    text_reader r = text_reader_of(text, length);
    long height, width;
    s = parse_header(&r, name, &height, &width, err);
    if (s == ASTAR_OK)
        s = parse_rows(r, name, height, width, NULL, err);
    if (s != ASTAR_OK)
        return s;
    astar_grid *grid;
    s = astar_grid_new_with((int)width, (int)height, allocator, &grid);
    if (s != ASTAR_OK)
        return astar__error_set(err, s, name, 0, "%s", astar_status_message(s));
    /* The same rows passed the check above, so this pass only fills in. */
    parse_rows(r, name, height, width, grid, err);
    *out = grid;
    return ASTAR_OK;
}

static astar_status parse_grid(const char *text, size_t length, const char *name,
                               const astar_allocator *allocator, void *out, astar_error *err)
{
    return astar_grid_parse_movingai_with(text, length, name, allocator, out, err);
}

/* A map file holds its four header lines, then height rows of width cells
 * and a line ending each (CRLF at most), then blank lines, which are
 * allowed: MAP_SLACK bytes of them. The header is read from the first
 * MAP_HEADER_MAX bytes at most. */
enum { MAP_HEADER_MAX = 4096, MAP_SLACK = 1 << 16 };

static size_t map_bound(const char *prefix, size_t length, bool at_end)
{
    text_reader r = text_reader_of(prefix, length);
    text_span line;
    int lines = 0;
    while (lines < 4 && astar__text_next_line(&r, &line) && r.next[-1] == '\n')
        lines++;
    if (lines < 4)
        return at_end || length >= MAP_HEADER_MAX ? length : 0;
    r = text_reader_of(prefix, length);
    long height, width;
    if (parse_header(&r, "", &height, &width, NULL) != ASTAR_OK)
        return length; /* the parser says what is wrong with the header */
    return (size_t)(r.next - prefix) + (size_t)height * ((size_t)width + 2) + MAP_SLACK;
}

static const text_kind map_file = { parse_grid, map_bound, NULL, 0, 0, "its header allows" };

astar_status astar_grid_load_movingai(const char *path, astar_grid **out, astar_error *err)
{
    return astar_grid_load_movingai_with(path, NULL, out, err);
}

astar_status astar_grid_load_movingai_with(const char *path, const astar_allocator *allocator,
                                           astar_grid **out, astar_error *err)
{
    astar__error_clear(err);
    if (out)
        *out = NULL;
    return astar__text_parse_file(path, &map_file, allocator, out, err);
}

/* ------------------------------------------------------------------------ */

struct astar_scenario {
    astar_allocator memory;
    astar_problem *problems;
    size_t count, capacity;
    char *map_name;
};

void astar_scenario_delete(astar_scenario *scen)
{
    if (scen) {
        astar__release(&scen->memory, scen->problems);
        astar__release(&scen->memory, scen->map_name);
        astar__release(&scen->memory, scen);
    }
}

size_t astar_scenario_count(const astar_scenario *scen)
{
    return scen ? scen->count : 0;
}

const astar_problem *astar_scenario_problem(const astar_scenario *scen, size_t i)
{
    return scen && i < scen->count ? &scen->problems[i] : NULL;
}

const char *astar_scenario_map_name(const astar_scenario *scen)
{
    return scen && scen->map_name ? scen->map_name : "";
}

/* The file name part of a map column such as "maps/dao/arena.map". */
static text_span basename_of(text_span path)
{
    size_t i = path.length;
    while (i > 0 && path.start[i - 1] != '/' && path.start[i - 1] != '\\')
        i--;
    return (text_span){ path.start + i, path.length - i };
}

/* Every problem must be for the same map, or running them all on one grid
 * would silently answer the wrong questions. */
static astar_status note_map(astar_scenario *scen, text_span column, const char *name, long line,
                             astar_error *err)
{
    text_span base = basename_of(column);
    if (!scen->map_name) {
        scen->map_name = astar__allocate(&scen->memory, base.length + 1, 1);
        if (!scen->map_name)
            return astar__error_set(err, ASTAR_OUT_OF_MEMORY, name, line, "out of memory");
        memcpy(scen->map_name, base.start, base.length);
        scen->map_name[base.length] = '\0';
    } else if (!astar__text_equals(base, scen->map_name)) {
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, line,
                         "map '%.*s' differs from '%s' named by the earlier lines",
                         (int)base.length, base.start, scen->map_name);
    }
    return ASTAR_OK;
}

static astar_status parse_problem(text_span line, long number, const char *name,
                                  astar_problem *p, astar_error *err)
{
    text_span f[10];
    size_t n = astar__text_fields(line, f, 10);
    if (n != 9)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, number,
                         "expected 9 fields (bucket map width height start-x start-y goal-x goal-y "
                         "length), found %zu", n);
    long v[8];
    static const char *what[8] = { "bucket", NULL, "map width", "map height",
                                   "start x", "start y", "goal x", "goal y" };
    for (int i = 0; i < 8; i++) {
        if (i == 1)
            continue;
        long max = i == 0 ? 1000000000L : ASTAR_MAX_SIDE;
        long min = (i == 2 || i == 3) ? 1 : 0;
        if (!astar__text_to_long(f[i], min, max, &v[i]))
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, number,
                             "%s '%.*s' is not a whole number from %ld to %ld", what[i],
                             (int)f[i].length, f[i].start, min, max);
    }
    if (v[4] >= v[2] || v[6] >= v[2] || v[5] >= v[3] || v[7] >= v[3])
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, number,
                         "start (%ld,%ld) or goal (%ld,%ld) lies outside the %ld x %ld map",
                         v[4], v[5], v[6], v[7], v[2], v[3]);
    double optimal;
    if (!astar__text_to_decimal(f[8], &optimal))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, number,
                         "optimal length '%.*s' is not a non-negative decimal number",
                         (int)f[8].length, f[8].start);
    *p = (astar_problem){
        .bucket = (int)v[0], .map_width = (int)v[2], .map_height = (int)v[3],
        .start = { (int32_t)v[4], (int32_t)v[5] }, .goal = { (int32_t)v[6], (int32_t)v[7] },
        .optimal = optimal, .line = number,
    };
    return ASTAR_OK;
}

static astar_status add_problem(astar_scenario *scen, const astar_problem *p, const char *name,
                                astar_error *err)
{
    if (scen->count == scen->capacity) {
        size_t capacity = scen->capacity ? scen->capacity * 2 : 256;
        astar_problem *bigger = astar__allocate(&scen->memory, capacity, sizeof *bigger);
        if (!bigger)
            return astar__error_set(err, ASTAR_OUT_OF_MEMORY, name, p->line, "out of memory");
        if (scen->count)
            memcpy(bigger, scen->problems, scen->count * sizeof *bigger);
        astar__release(&scen->memory, scen->problems);
        scen->problems = bigger;
        scen->capacity = capacity;
    }
    scen->problems[scen->count++] = *p;
    return ASTAR_OK;
}

static astar_status parse_scenario(text_reader *r, const char *name, astar_scenario *scen,
                                   astar_error *err)
{
    text_span line, f[3];
    if (!astar__text_next_line(r, &line) || astar__text_fields(line, f, 3) != 2 || !astar__text_equals(f[0], "version") ||
        !(astar__text_equals(f[1], "1") || astar__text_equals(f[1], "1.0")))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 1,
                         "expected 'version 1' or 'version 1.0' as the first line");
    while (astar__text_next_line(r, &line)) {
        if (astar__text_is_blank(line))
            continue;
        text_span map_column[2];
        astar_problem p;
        astar_status s = parse_problem(line, r->line, name, &p, err);
        if (s == ASTAR_OK) {
            astar__text_fields(line, map_column, 2);
            s = note_map(scen, map_column[1], name, r->line, err);
        }
        if (s == ASTAR_OK)
            s = add_problem(scen, &p, name, err);
        if (s != ASTAR_OK)
            return s;
    }
    return ASTAR_OK;
}

astar_status astar_scenario_parse(const char *text, size_t length, const char *name,
                                  astar_scenario **out, astar_error *err)
{
    return astar_scenario_parse_with(text, length, name, NULL, out, err);
}

astar_status astar_scenario_parse_with(const char *text, size_t length, const char *name,
                                       const astar_allocator *allocator, astar_scenario **out,
                                       astar_error *err)
{
    if (out)
        *out = NULL;
    astar_status s = parse_begin(text, length, out != NULL, &name, err);
    if (s != ASTAR_OK)
        return s;
    astar_allocator memory;
    if (astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, name, 0,
                                "an allocator without both functions");
    astar_scenario *scen = astar__allocate_zeroed(&memory, 1, sizeof *scen);
    if (!scen)
        return astar__error_set(err, ASTAR_OUT_OF_MEMORY, name, 0, "out of memory");
    scen->memory = memory;
    text_reader r = text_reader_of(text, length);
    s = parse_scenario(&r, name, scen, err);
    if (s != ASTAR_OK) {
        astar_scenario_delete(scen);
        return s;
    }
    *out = scen;
    return ASTAR_OK;
}

static astar_status parse_scenario_text(const char *text, size_t length, const char *name,
                                        const astar_allocator *allocator, void *out,
                                        astar_error *err)
{
    return astar_scenario_parse_with(text, length, name, allocator, out, err);
}

/* A scenario's first line is its version, as parse_scenario checks. */
static text_verdict scenario_first(text_span line)
{
    text_span word;
    return astar__text_fields(line, &word, 1) > 0 && astar__text_equals(word, "version")
               ? TEXT_FITS
               : TEXT_FAULT;
}

static const text_kind scenario_file = { parse_scenario_text, NULL, scenario_first,
                                         ASTAR_MAX_SCENARIO_BYTES, TEXT_LINE_MOST,
                                         "a scenario file may have" };

astar_status astar_scenario_load(const char *path, astar_scenario **out, astar_error *err)
{
    return astar_scenario_load_with(path, NULL, out, err);
}

astar_status astar_scenario_load_with(const char *path, const astar_allocator *allocator,
                                      astar_scenario **out, astar_error *err)
{
    astar__error_clear(err);
    if (out)
        *out = NULL;
    return astar__text_parse_file(path, &scenario_file, allocator, out, err);
}
