/* Reading text line by line with line numbers, for the file parsers. Lines
 * may end in LF or CRLF and the last one may have no ending at all. */
#ifndef ASTAR_TEXT_H
#define ASTAR_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "astar.h"
#include "core/memory.h"

typedef struct text_reader {
    const char *next, *end;
    long line;              /* 1-based number of the line last returned */
} text_reader;

typedef struct text_span {
    const char *start;
    size_t length;
} text_span;

/* A reader of the text, past a UTF-8 byte-order mark if it begins with
 * one (editors on some systems write it; it is no part of the format). */
static inline text_reader text_reader_of(const char *text, size_t length)
{
    if (length >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        return (text_reader){ text + 3, text + length, 0 };
    return (text_reader){ text, text + length, 0 };
}

/* The next line, without its ending. False at the end of the text. */
bool astar__text_next_line(text_reader *r, text_span *line);

/* Splits line into white-space separated fields; returns how many there
 * were, writing at most max of them. */
size_t astar__text_fields(text_span line, text_span *fields, size_t max);

bool astar__text_is_blank(text_span line);

/* a before b (< 0), equal (0) or after (> 0): bytes, then length. */
int astar__text_order(text_span a, text_span b);

/* line up to its first `comment` character (all of it without one). */
text_span astar__text_before(text_span line, char comment);

/* What is wrong with a node's or waypoint's name as the text formats
 * write it ("a name has at most 255 bytes"), or NULL when nothing is.
 * Fields hold no white space, so only the length and control characters
 * are left to check. */
const char *astar__text_name_fault(text_span name);

/* Whether s is exactly word. */
bool astar__text_equals(text_span s, const char *word);

/* Parses all of s as a decimal integer in [min, max]. */
bool astar__text_to_long(text_span s, long min, long max, long *value);

/* Parses all of s as a non-negative decimal number ("12", "7.65685").
 * Written here rather than with strtod so the C locale of the caller's
 * program cannot change what a file means. */
bool astar__text_to_decimal(text_span s, double *value);

/* A parser of text in memory into *out, as astar_grid_parse_movingai_with. */
typedef astar_status (*text_parser)(const char *text, size_t length, const char *name,
                                    const astar_allocator *allocator, void *out,
                                    astar_error *err);

/* The most bytes a legal file can have, judged from its first bytes
 * (prefix, length; at_end when that is the whole file): 0 while they do
 * not tell yet, else the bound, which may be length itself to stop reading
 * where the parser will find the fault. */
typedef size_t (*text_bound)(const char *prefix, size_t length, bool at_end);

/* What a line-based kind makes of the first lines of a file, one by one:
 * TEXT_SKIP for a line that tells nothing (blank, a comment), then
 * TEXT_FITS when the file may be of the kind or TEXT_FAULT when it cannot. */
typedef enum text_verdict { TEXT_SKIP, TEXT_FITS, TEXT_FAULT } text_verdict;
typedef text_verdict (*text_first_line)(text_span line);

/* The longest line a line-based kind allows: room for its longest legal
 * line with a long comment, and a file of one endless line (digits, or
 * zeros) stops at it. */
enum { TEXT_LINE_MOST = 1 << 16 };

/* A kind of file: how to parse it, how large it may be - bound, or for
 * kinds whose first bytes tell nothing, NULL and a fixed most, which
 * first [opt] applies once the first meaningful line fits - the longest
 * line, line_most (0: lines are not limited), and the end of the sentence
 * "larger than N bytes, the most ..." that says why. */
typedef struct text_kind {
    text_parser parse;
    text_bound bound;
    text_first_line first;
    size_t most;
    size_t line_most;
    const char *bound_reason;
} text_kind;

/* Reads the file at path, no more than its kind's bound, with allocator
 * (NULL: malloc) and hands it to the parser with path as the name. What
 * is not a regular file (a directory, a device, a pipe) is refused before
 * it is opened, and a file larger than its bound as soon as its size or
 * first bytes tell (ASTAR_IO_ERROR, ASTAR_PARSE_ERROR, with path). */
astar_status astar__text_parse_file(const char *path, const text_kind *kind,
                                    const astar_allocator *allocator, void *out,
                                    astar_error *err);

#endif
