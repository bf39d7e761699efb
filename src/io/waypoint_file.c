/* Waypoint files (astar/waypoints.h, docs/waypoints.md): "x y [name]" a
 * line, read in two passes - the first checks every line and counts, so
 * that the second fills arrays allocated once at their size. */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "io/text.h"

struct astar_waypoint_list {
    astar_allocator memory;
    size_t count;
    astar_point *points;
    uint32_t *name_at;  /* per waypoint, its name in text; text[0] is "" */
    char *text;
};

/* A line's fields after its comment: x, y and the name, if any. */
typedef struct waypoint_line {
    text_span f[3];
    size_t count;
} waypoint_line;

static waypoint_line fields_of(text_span line)
{
    waypoint_line l;
    l.count = astar__text_fields(astar__text_before(line, '#'), l.f, 3);
    return l;
}

/* The first pass: every line's syntax; the waypoints and the bytes their
 * names take. */
static astar_status check_lines(const char *text, size_t length, const char *name,
                                size_t *count, size_t *name_bytes, astar_error *err)
{
    text_reader r = text_reader_of(text, length);
    text_span line;
    *count = 0;
    *name_bytes = 1;
    while (astar__text_next_line(&r, &line)) {
        waypoint_line l = fields_of(line);
        if (l.count == 0)
            continue;
        if (l.count != 2 && l.count != 3)
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                    "expected 'X Y' or 'X Y NAME', not %zu fields", l.count);
        long v;
        for (int k = 0; k < 2; k++)
            if (!astar__text_to_long(l.f[k], 0, ASTAR_MAX_SIDE - 1, &v))
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                        "a coordinate is a whole number from 0 to %d, not '%.*s'",
                                        ASTAR_MAX_SIDE - 1,
                                        (int)(l.f[k].length > 60 ? 60 : l.f[k].length),
                                        l.f[k].start);
        const char *bad_name = l.count == 3 ? astar__text_name_fault(l.f[2]) : NULL;
        if (bad_name)
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line, "%s", bad_name);
        if (*count == ASTAR_MAX_WAYPOINTS)
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line, "more than %u waypoints",
                                    (unsigned)ASTAR_MAX_WAYPOINTS);
        ++*count;
        *name_bytes += l.count == 3 ? l.f[2].length + 1 : 0;
    }
    return ASTAR_OK;
}

/* A waypoint where the file gives it, for finding one given twice. */
typedef struct placed {
    astar_point at;
    text_span name;
    long line;
} placed;

static int cell_order(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    if (x->at.y != y->at.y)
        return x->at.y < y->at.y ? -1 : 1;
    if (x->at.x != y->at.x)
        return x->at.x < y->at.x ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

static int name_order(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    int order = astar__text_order(x->name, y->name);
    return order ? order : (x->line > y->line) - (x->line < y->line);
}

/* The second pass: the arrays filled, the waypoints in keys for the check
 * below. */
static void fill(const char *text, size_t length, astar_waypoint_list *list, placed *keys)
{
    text_reader r = text_reader_of(text, length);
    text_span line;
    size_t i = 0, at = 1;
    list->text[0] = '\0';
    while (astar__text_next_line(&r, &line)) {
        waypoint_line l = fields_of(line);
        if (l.count == 0)
            continue;
        long x, y;
        astar__text_to_long(l.f[0], 0, ASTAR_MAX_SIDE - 1, &x);
        astar__text_to_long(l.f[1], 0, ASTAR_MAX_SIDE - 1, &y);
        list->points[i] = (astar_point){ (int32_t)x, (int32_t)y };
        list->name_at[i] = 0;
        keys[i] = (placed){ list->points[i], { "", 0 }, r.line };
        if (l.count == 3) {
            memcpy(list->text + at, l.f[2].start, l.f[2].length);
            list->text[at + l.f[2].length] = '\0';
            list->name_at[i] = (uint32_t)at;
            keys[i].name = l.f[2];
            at += l.f[2].length + 1;
        }
        i++;
    }
}

/* No cell and no name given twice: the later line is the fault. */
static astar_status check_twice(placed *keys, size_t count, const char *name, astar_error *err)
{
    qsort(keys, count, sizeof *keys, cell_order);
    for (size_t i = 1; i < count; i++)
        if (keys[i].at.x == keys[i - 1].at.x && keys[i].at.y == keys[i - 1].at.y)
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, keys[i].line,
                                    "the cell (%d,%d) again (first on line %ld)", keys[i].at.x,
                                    keys[i].at.y, keys[i - 1].line);
    qsort(keys, count, sizeof *keys, name_order);
    for (size_t i = 1; i < count; i++)
        if (keys[i].name.length > 0 && astar__text_order(keys[i].name, keys[i - 1].name) == 0)
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, keys[i].line,
                                    "the name '%.*s' again (first on line %ld)",
                                    (int)keys[i].name.length, keys[i].name.start,
                                    keys[i - 1].line);
    return ASTAR_OK;
}

astar_status astar_waypoint_list_parse(const char *text, size_t length, const char *name,
                                       astar_waypoint_list **out, astar_error *err)
{
    return astar_waypoint_list_parse_with(text, length, name, NULL, out, err);
}

astar_status astar_waypoint_list_parse_with(const char *text, size_t length, const char *name,
                                            const astar_allocator *allocator,
                                            astar_waypoint_list **out, astar_error *err)
{
    astar__error_clear(err);
    if (!name)
        name = "<text>";
    astar_allocator memory;
    if (!out || (!text && length > 0) || astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, name, 0,
                                "no text, no place for the list or an allocator without both "
                                "functions");
    *out = NULL;
    size_t count, name_bytes;
    astar_status status = check_lines(text, length, name, &count, &name_bytes, err);
    if (status != ASTAR_OK)
        return status;
    if (name_bytes > UINT32_MAX)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0, "more than 4 GB of names");
    astar_waypoint_list *list = astar__allocate_zeroed(&memory, 1, sizeof *list);
    placed *keys = astar__allocate(&memory, count ? count : 1, sizeof *keys);
    if (list) {
        *list = (astar_waypoint_list){ .memory = memory, .count = count };
        list->points = astar__allocate(&memory, count ? count : 1, sizeof *list->points);
        list->name_at = astar__allocate(&memory, count ? count : 1, sizeof *list->name_at);
        list->text = astar__allocate(&memory, name_bytes, 1);
    }
    if (!list || !keys || !list->points || !list->name_at || !list->text) {
        status = astar__error_set(err, ASTAR_OUT_OF_MEMORY, name, 0, "out of memory");
    } else {
        fill(text, length, list, keys);
        status = check_twice(keys, count, name, err);
    }
    astar__release(&memory, keys);
    if (status != ASTAR_OK) {
        astar_waypoint_list_delete(list);
        return status;
    }
    *out = list;
    return ASTAR_OK;
}

static astar_status parse_waypoint_text(const char *text, size_t length, const char *name,
                                        const astar_allocator *allocator, void *out,
                                        astar_error *err)
{
    return astar_waypoint_list_parse_with(text, length, name, allocator, out, err);
}

/* A waypoint line has 2 or 3 fields, as check_lines checks. */
static text_verdict waypoint_first(text_span line)
{
    waypoint_line l = fields_of(line);
    return l.count == 0 ? TEXT_SKIP : l.count == 2 || l.count == 3 ? TEXT_FITS : TEXT_FAULT;
}

static const text_kind waypoint_file = { parse_waypoint_text, NULL, waypoint_first,
                                         ASTAR_MAX_WAYPOINT_FILE_BYTES, TEXT_LINE_MOST,
                                         "a waypoint file may have" };

astar_status astar_waypoint_list_load(const char *path, astar_waypoint_list **out,
                                      astar_error *err)
{
    return astar_waypoint_list_load_with(path, NULL, out, err);
}

astar_status astar_waypoint_list_load_with(const char *path, const astar_allocator *allocator,
                                           astar_waypoint_list **out, astar_error *err)
{
    astar__error_clear(err);
    if (out)
        *out = NULL;
    return astar__text_parse_file(path, &waypoint_file, allocator, out, err);
}

void astar_waypoint_list_delete(astar_waypoint_list *list)
{
    if (!list)
        return;
    astar__release(&list->memory, list->points);
    astar__release(&list->memory, list->name_at);
    astar__release(&list->memory, list->text);
    astar__release(&list->memory, list);
}

const astar_point *astar_waypoint_list_points(const astar_waypoint_list *list)
{
    return list && list->count ? list->points : NULL;
}

size_t astar_waypoint_list_count(const astar_waypoint_list *list)
{
    return list ? list->count : 0;
}

const char *astar_waypoint_list_name(const astar_waypoint_list *list, size_t i)
{
    return list && i < list->count ? list->text + list->name_at[i] : NULL;
}
