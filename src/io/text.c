/* Line reading, field splitting, number parsing and whole-file reading. */
#define _POSIX_C_SOURCE 200809L /* stat, to refuse what is not a regular file */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

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

/* How a line-based kind's first meaningful line bounds a file beginning
 * with prefix: 0 while that line is not whole yet, length when the kind
 * judges it wrong (the parser then says how, from this prefix alone), else
 * kind->most. So a file of another kind stops after its first line. */
static size_t first_line_bound(const text_kind *kind, const char *prefix, size_t length,
                               bool at_end)
{
    text_reader r = text_reader_of(prefix, length);
    text_span line;
    while (astar__text_next_line(&r, &line)) {
        if (r.next[-1] != '\n' && !at_end)
            return 0;
        text_verdict verdict = kind->first(line);
        if (verdict != TEXT_SKIP)
            return verdict == TEXT_FITS ? kind->most : length;
    }
    return at_end ? kind->most : 0;
}

/* What is known of a file before a byte of it is read: only a regular
 * file is read, since a device (/dev/zero), a pipe or a socket may never
 * end, and a FIFO without a writer would not even open; its size, so that
 * a file larger than its kind allows is refused without reading it. */
static astar_status check_regular(const char *path, long long *size, astar_error *err)
{
    struct stat st;
    *size = -1;
    if (stat(path, &st) != 0)
        return ASTAR_OK; /* fopen says why, in the system's words */
    if (S_ISDIR(st.st_mode))
        return astar__error_set(err, ASTAR_IO_ERROR, path, 0, "cannot read: %s", strerror(EISDIR));
    if (!S_ISREG(st.st_mode))
        return astar__error_set(err, ASTAR_IO_ERROR, path, 0,
                                "cannot read: a device, a pipe or a socket, not a regular file "
                                "(it may never end)");
    *size = (long long)st.st_size;
    return ASTAR_OK;
}

/* Follows the lines through newly read text[from, to): counts the ended
 * ones in *lines, keeps where the last began in *line_start, and returns
 * the number of the first line longer than most (0 if none is, or most is
 * 0), ended or not. */
static size_t long_line_in(const char *text, size_t from, size_t to, size_t most, size_t *lines,
                           size_t *line_start)
{
    for (const char *p = text + from, *end = text + to; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            break;
        size_t at = (size_t)(nl - text);
        if (most && at - *line_start > most)
            return *lines + 1;
        ++*lines;
        *line_start = at + 1;
        p = nl + 1;
    }
    return most && to - *line_start > most ? *lines + 1 : 0;
}

/* Reads the file at path into a NUL-ended buffer, never more than the
 * kind allows: kind->bound (or kind->first), asked after every read until
 * it knows, gives the most bytes a file starting so can hold legally, and
 * a file larger than that is refused as soon as its size or its bytes
 * show it. A line longer than kind->line_most ends the read there too, so
 * a file of one endless line costs no more than a line. */
static astar_status read_file(const char *path, const text_kind *kind,
                              const astar_allocator *memory, char **text, size_t *length,
                              astar_error *err)
{
    long long file_size;
    astar_status status = check_regular(path, &file_size, err);
    if (status != ASTAR_OK)
        return status;
    FILE *f = fopen(path, "rb");
    if (!f)
        return astar__error_set(err, ASTAR_IO_ERROR, path, 0, "cannot open: %s", strerror(errno));
    size_t size = 0, capacity = 1 << 12, limit = 0;
    size_t lines = 0, line_start = 0, long_line = 0;
    char *buffer = astar__allocate(memory, capacity, 1);
    status = buffer ? ASTAR_OK : ASTAR_OUT_OF_MEMORY;
    int read_errno = 0;
    bool oversized = false;
    while (status == ASTAR_OK) {
        size_t want = limit ? limit + 1 : SIZE_MAX - 1;  /* the bytes to hold, at most */
        if (size >= want)
            break;
        if (capacity - size < 2) {
            /* Twice as large, or just enough for the rest of a file of
             * known size (and one byte to see its end). */
            size_t grown = capacity <= SIZE_MAX / 2 ? capacity * 2 : 0;
            if (file_size >= 0 && (unsigned long long)file_size + 2 < grown &&
                (unsigned long long)file_size + 2 > capacity)
                grown = (size_t)file_size + 2;
            char *bigger = grown ? astar__allocate(memory, grown, 1) : NULL;
            if (!bigger) {
                status = ASTAR_OUT_OF_MEMORY;
                break;
            }
            memcpy(bigger, buffer, size);
            astar__release(memory, buffer);
            buffer = bigger;
            capacity = grown;
        }
        size_t room = capacity - size - 1;
        size_t got = fread(buffer + size, 1, room < want - size ? room : want - size, f);
        long_line = long_line_in(buffer, size, size + got, kind->line_most, &lines, &line_start);
        size += got;
        bool at_end = got == 0;
        if (at_end && ferror(f)) {
            read_errno = errno;
            status = ASTAR_IO_ERROR;
        }
        if (long_line)
            break;
        if (!limit) {
            limit = kind->bound ? kind->bound(buffer, size, at_end)
                  : kind->first ? first_line_bound(kind, buffer, size, at_end)
                                : kind->most;
            if (limit == size)
                break; /* no more is wanted: the parser says what is wrong */
        }
        /* A file larger than its bound is refused by its size, unread. */
        oversized = limit && (size > limit || (file_size >= 0 &&
                                               (unsigned long long)file_size > limit));
        if (at_end || oversized)
            break;
    }
    fclose(f);
    if (status == ASTAR_OK && (oversized || long_line))
        status = ASTAR_PARSE_ERROR;
    if (status != ASTAR_OK) {
        astar__release(memory, buffer);
        if (status == ASTAR_IO_ERROR)
            return astar__error_set(err, status, path, 0, "cannot read: %s", strerror(read_errno));
        if (long_line)
            return astar__error_set(err, status, path, (long)long_line,
                                    "a line longer than %zu bytes, the most a line may have",
                                    kind->line_most);
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
