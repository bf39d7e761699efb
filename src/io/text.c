/* Line reading, field splitting, number parsing and whole-file reading. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "io/text.h"

bool astar__text_next_line(text_reader *r, text_span *line)
{
    if (r->next >= r->end)
        return false;
    const char *start = r->next;
    const char *nl = memchr(start, '\n', (size_t)(r->end - start));
    const char *stop = nl ? nl : r->end;
    r->next = nl ? nl + 1 : r->end;
    if (stop > start && stop[-1] == '\r')
        stop--;
    r->line++;
    *line = (text_span){ start, (size_t)(stop - start) };
    return true;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

size_t astar__text_fields(text_span line, text_span *fields, size_t max)
{
    size_t n = 0, i = 0;
    while (i < line.length) {
        while (i < line.length && is_space(line.start[i]))
            i++;
        if (i == line.length)
            break;
        size_t begin = i;
        while (i < line.length && !is_space(line.start[i]))
            i++;
        if (n < max)
            fields[n] = (text_span){ line.start + begin, i - begin };
        n++;
    }
    return n;
}

bool astar__text_is_blank(text_span line)
{
    text_span unused;
    return astar__text_fields(line, &unused, 0) == 0;
}

int astar__text_order(text_span a, text_span b)
{
    size_t n = a.length < b.length ? a.length : b.length;
    int order = n ? memcmp(a.start, b.start, n) : 0;
    return order ? order : (a.length > b.length) - (a.length < b.length);
}

text_span astar__text_before(text_span line, char comment)
{
    const char *at = memchr(line.start, comment, line.length);
    if (at)
        line.length = (size_t)(at - line.start);
    return line;
}

const char *astar__text_name_fault(text_span name)
{
    if (name.length > 255)
        return "a name has at most 255 bytes";
    for (size_t i = 0; i < name.length; i++)
        if ((unsigned char)name.start[i] < ' ' || name.start[i] == 0x7F)
            return "a control character in a name";
    return NULL;
}

bool astar__text_equals(text_span s, const char *word)
{
    return s.length == strlen(word) && memcmp(s.start, word, s.length) == 0;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

bool astar__text_to_long(text_span s, long min, long max, long *value)
{
    size_t i = 0;
    bool negative = s.length > 0 && s.start[0] == '-';
    if (negative || (s.length > 0 && s.start[0] == '+'))
        i++;
    if (i == s.length)
        return false;
    /* Callers' ranges are far below LONG_MAX / 10, so stopping as soon as v
     * passes the larger bound also keeps v * 10 from overflowing. */
    long limit = max > -min ? max : -min, v = 0;
    for (; i < s.length; i++) {
        if (!is_digit(s.start[i]))
            return false;
        v = v * 10 + (s.start[i] - '0');
        if (v > limit)
            return false;
    }
    if (negative)
        v = -v;
    if (v < min || v > max)
        return false;
    *value = v;
    return true;
}

bool astar__text_to_decimal(text_span s, double *value)
{
    size_t i = 0, digits = 0;
    double v = 0.0, scale = 1.0;
    bool point = false;
    for (; i < s.length; i++) {
        char c = s.start[i];
        if (c == '.' && !point) {
            point = true;
        } else if (is_digit(c) && digits < 30) {
            v = v * 10.0 + (c - '0');
            if (point)
                scale *= 10.0;
            digits++;
        } else {
            return false;
        }
    }
    if (digits == 0)
        return false;
    *value = v / scale;
    return true;
}

/* Reads the file at path into a NUL-ended buffer, never more than the
 * kind allows: kind->bound, asked after every read until it knows, gives
 * the most bytes a file starting so can hold legally, and one byte more
 * ends the read with an error. So an endless file (/dev/zero, a pipe) or a
 * huge one costs at most that bound. */
static astar_status read_file(const char *path, const text_kind *kind,
                              const astar_allocator *memory, char **text, size_t *length,
                              astar_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return astar__error_set(err, ASTAR_IO_ERROR, path, 0, "cannot open: %s", strerror(errno));
    size_t size = 0, capacity = 1 << 12, limit = 0;
    char *buffer = astar__allocate(memory, capacity, 1);
    astar_status status = buffer ? ASTAR_OK : ASTAR_OUT_OF_MEMORY;
    int read_errno = 0;
    while (status == ASTAR_OK) {
        size_t want = limit ? limit + 1 : SIZE_MAX - 1;  /* the bytes to hold, at most */
        if (size >= want)
            break;
        if (capacity - size < 2) {
            char *bigger = capacity <= SIZE_MAX / 2 ? astar__allocate(memory, capacity, 2) : NULL;
            if (!bigger) {
                status = ASTAR_OUT_OF_MEMORY;
                break;
            }
            memcpy(bigger, buffer, size);
            astar__release(memory, buffer);
            buffer = bigger;
            capacity *= 2;
        }
        size_t room = capacity - size - 1;
        size_t got = fread(buffer + size, 1, room < want - size ? room : want - size, f);
        size += got;
        bool at_end = got == 0;
        if (at_end && ferror(f)) {
            read_errno = errno;
            status = ASTAR_IO_ERROR;
        }
        if (!limit) {
            limit = kind->bound ? kind->bound(buffer, size, at_end) : kind->most;
            if (limit == size)
                break; /* no more is wanted: the parser says what is wrong */
        }
        if (at_end)
            break;
    }
    fclose(f);
    if (status == ASTAR_OK && limit && size > limit)
        status = ASTAR_PARSE_ERROR;
    if (status != ASTAR_OK) {
        astar__release(memory, buffer);
        if (status == ASTAR_IO_ERROR)
            return astar__error_set(err, status, path, 0, "cannot read: %s", strerror(read_errno));
        if (status == ASTAR_PARSE_ERROR)
            return astar__error_set(err, status, path, 0,
                                    "larger than %zu bytes, the most %s", limit, kind->bound_reason);
        return astar__error_set(err, status, path, 0, "out of memory reading the file");
    }
    buffer[size] = '\0';
    *text = buffer;
    *length = size;
    return ASTAR_OK;
}

astar_status astar__text_parse_file(const char *path, const text_kind *kind,
                                    const astar_allocator *allocator, void *out,
                                    astar_error *err)
{
    astar_allocator memory;
    if (!path || !out || astar__allocator_keep(allocator, &memory) != ASTAR_OK)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, NULL, 0,
                                "no file name, no place for the result or an allocator "
                                "without both functions");
    char *text = NULL;
    size_t length = 0;
    astar_status s = read_file(path, kind, &memory, &text, &length, err);
    if (s != ASTAR_OK)
        return s;
    s = kind->parse(text, length, path, &memory, out, err);
    astar__release(&memory, text);
    return s;
}
