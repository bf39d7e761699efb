/*
 * test_movingai.c - Moving AI map and scenario files: parsing text, loading
 * files, and every kind of malformed input.
 *
 * Every text is copied into a buffer of exactly its length (no NUL after
 * it), as the header allows, so AddressSanitizer catches a parser reading
 * past the end.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"

#ifndef ASTAR_BENCH_DIR
#error "ASTAR_BENCH_DIR must name the Moving AI benchmark directory"
#endif

#define NAME "mem.map"
#define SCEN_NAME "mem.scen"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* A copy of text[0..length) with no terminating NUL. */
static char *exact_copy(const char *text, size_t length)
{
    char *copy = malloc(length ? length : 1);
    assert_non_null(copy);
    if (length)
        memcpy(copy, text, length);
    return copy;
}

static astar_status parse_map_n(const char *text, size_t length, astar_grid **grid,
                                astar_error *err)
{
    char *copy = exact_copy(text, length);
    astar_status s = astar_grid_parse_movingai(copy, length, NAME, grid, err);
    free(copy);
    return s;
}

static astar_status parse_scen_n(const char *text, size_t length, astar_scenario **scen,
                                 astar_error *err)
{
    char *copy = exact_copy(text, length);
    astar_status s = astar_scenario_parse(copy, length, SCEN_NAME, scen, err);
    free(copy);
    return s;
}

/* err must say status, line and start with "name:line:". */
static void assert_error_at(const astar_error *err, astar_status status, const char *name,
                            long line, const char *what)
{
    if (err->status != status)
        fail_msg("%s: err.status %d, expected %d", what, (int)err->status, (int)status);
    if (err->line != line)
        fail_msg("%s: err.line %ld, expected %ld (message \"%s\")", what, err->line, line,
                 err->message);
    char prefix[128];
    snprintf(prefix, sizeof prefix, "%s:%ld:", name, line);
    if (memchr(err->message, '\0', sizeof err->message) == NULL ||
        strncmp(err->message, prefix, strlen(prefix)) != 0)
        fail_msg("%s: message \"%.255s\" does not begin with \"%s\"", what, err->message,
                 prefix);
}

static void expect_map_error_n(const char *text, size_t length, long line, const char *what)
{
    astar_grid *grid = NULL;
    astar_error err;
    memset(&err, 0, sizeof err);
    astar_status s = parse_map_n(text, length, &grid, &err);
    if (s != ASTAR_PARSE_ERROR) {
        astar_grid_delete(grid);
        fail_msg("%s: status %d, expected ASTAR_PARSE_ERROR", what, (int)s);
    }
    assert_error_at(&err, ASTAR_PARSE_ERROR, NAME, line, what);
}

static void expect_map_error(const char *text, long line, const char *what)
{
    expect_map_error_n(text, strlen(text), line, what);
}

static void expect_scen_error(const char *text, long line, const char *what)
{
    astar_scenario *scen = NULL;
    astar_error err;
    memset(&err, 0, sizeof err);
    astar_status s = parse_scen_n(text, strlen(text), &scen, &err);
    if (s != ASTAR_PARSE_ERROR) {
        astar_scenario_delete(scen);
        fail_msg("%s: status %d, expected ASTAR_PARSE_ERROR", what, (int)s);
    }
    assert_error_at(&err, ASTAR_PARSE_ERROR, SCEN_NAME, line, what);
}

/* Whether a Moving AI tile character is passable (the header's rule). */
static bool tile_walkable(char c)
{
    return c == '.' || c == 'G' || c == 'S';
}

/* Checks grid against rows[y][x] tile characters. */
static void assert_grid_matches(const astar_grid *grid, const char *const *rows, int w, int h)
{
    assert_int_equal(astar_grid_width(grid), w);
    assert_int_equal(astar_grid_height(grid), h);
    assert_int_equal(astar_grid_cells(grid), (size_t)w * (size_t)h);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            bool want = tile_walkable(rows[y][x]);
            if (astar_grid_walkable(grid, x, y) != want)
                fail_msg("cell (%d,%d) '%c': walkable %d, expected %d", x, y, rows[y][x],
                         (int)astar_grid_walkable(grid, x, y), (int)want);
            assert_int_equal(astar_grid_cost(grid, x, y), want ? 1 : 0);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Valid maps                                                               */
/* ------------------------------------------------------------------------ */

/* 5 wide, 3 high: height comes first in the header, row index is y. */
static const char *const tiles[] = {
    ".GS@O",
    "TW...",
    "..@.S",
};

static void parse_and_check(const char *text, const char *what)
{
    astar_grid *grid = NULL;
    astar_error err;
    memset(&err, 0x55, sizeof err);
    astar_status s = parse_map_n(text, strlen(text), &grid, &err);
    if (s != ASTAR_OK)
        fail_msg("%s: status %d (%s)", what, (int)s, err.message);
    assert_non_null(grid);
    /* success clears err */
    assert_int_equal(err.status, ASTAR_OK);
    assert_int_equal(err.line, 0);
    assert_string_equal(err.message, "");
    assert_grid_matches(grid, tiles, 5, 3);
    astar_grid_delete(grid);
}

static void test_map_all_tiles_lf(void **state)
{
    (void)state;
    parse_and_check("type octile\nheight 3\nwidth 5\nmap\n.GS@O\nTW...\n..@.S\n", "LF");
}

static void test_map_crlf(void **state)
{
    (void)state;
    parse_and_check("type octile\r\nheight 3\r\nwidth 5\r\nmap\r\n.GS@O\r\nTW...\r\n..@.S\r\n",
                    "CRLF");
}

static void test_map_no_final_newline(void **state)
{
    (void)state;
    parse_and_check("type octile\nheight 3\nwidth 5\nmap\n.GS@O\nTW...\n..@.S", "LF, no final");
    parse_and_check("type octile\r\nheight 3\r\nwidth 5\r\nmap\r\n.GS@O\r\nTW...\r\n..@.S",
                    "CRLF, no final");
}

static void test_map_one_cell(void **state)
{
    (void)state;
    const char *text = "type octile\nheight 1\nwidth 1\nmap\n@\n";
    astar_grid *grid = NULL;
    assert_int_equal(parse_map_n(text, strlen(text), &grid, NULL), ASTAR_OK);
    assert_int_equal(astar_grid_width(grid), 1);
    assert_int_equal(astar_grid_height(grid), 1);
    assert_false(astar_grid_walkable(grid, 0, 0));
    astar_grid_delete(grid);
}

/* The length argument is what counts, not a NUL: trailing bytes past it are
 * not read. */
static void test_map_length_limits_text(void **state)
{
    (void)state;
    const char *text = "type octile\nheight 1\nwidth 2\nmap\n..\nGARBAGE";
    size_t length = strlen(text) - strlen("GARBAGE");
    astar_grid *grid = NULL;
    assert_int_equal(parse_map_n(text, length, &grid, NULL), ASTAR_OK);
    assert_int_equal(astar_grid_width(grid), 2);
    astar_grid_delete(grid);
}

static void test_map_null_name_still_parses(void **state)
{
    (void)state;
    const char *text = "type octile\nheight 1\nwidth 2\nmap\n.@\n";
    astar_grid *grid = NULL;
    assert_int_equal(astar_grid_parse_movingai(text, strlen(text), NULL, &grid, NULL), ASTAR_OK);
    assert_false(astar_grid_walkable(grid, 1, 0));
    astar_grid_delete(grid);
    /* and an error with no name still fills err */
    astar_error err;
    assert_int_equal(astar_grid_parse_movingai("type hex\n", 9, NULL, &grid, &err),
                     ASTAR_PARSE_ERROR);
    assert_int_equal(err.status, ASTAR_PARSE_ERROR);
    assert_int_equal(err.line, 1);
    assert_true(strlen(err.message) > 0);
}

/* ------------------------------------------------------------------------ */
/* Malformed maps                                                           */
/* ------------------------------------------------------------------------ */

static void test_map_empty_text(void **state)
{
    (void)state;
    expect_map_error("", 1, "empty text");
}

static void test_map_truncated_header(void **state)
{
    (void)state;
    /* the first missing line is the one reported */
    expect_map_error("type octile\n", 2, "no height line");
    expect_map_error("type octile\nheight 2\n", 3, "no width line");
    expect_map_error("type octile\nheight 2\nwidth 2\n", 4, "no map line");
}

/* One header line left out, the rest present. */
static void test_map_header_line_left_out(void **state)
{
    (void)state;
    expect_map_error("type octile\nheight 1\nmap\n.\n", 3, "no width line");
    expect_map_error("type octile\nheight 1\nwidth 1\n.\n", 4, "no map line");
    /* Without the height line, a parser that wants the header's order
     * stops at line 2 (width where height belongs), one that takes the two
     * size lines in either order at line 3 (map where a size belongs); the
     * header allows both readings. */
    const char *text = "type octile\nwidth 1\nmap\n.\n";
    astar_grid *grid = NULL;
    astar_error err;
    assert_int_equal(parse_map_n(text, strlen(text), &grid, &err), ASTAR_PARSE_ERROR);
    assert_true(err.line == 2 || err.line == 3);
    assert_error_at(&err, ASTAR_PARSE_ERROR, NAME, err.line, "no height line");
}

static void test_map_wrong_first_line(void **state)
{
    (void)state;
    expect_map_error("type hex\nheight 1\nwidth 1\nmap\n.\n", 1, "type hex");
    expect_map_error("height 1\nwidth 1\nmap\n.\n", 1, "no type line");
    expect_map_error("\ntype octile\nheight 1\nwidth 1\nmap\n.\n", 1, "blank first line");
}

static void test_map_bad_height(void **state)
{
    (void)state;
    const char *values[] = { "abc", "0", "-3", "99999999", "65536", "3x", "", "1.5" };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "type octile\nheight %s\nwidth 1\nmap\n.\n", values[i]);
        expect_map_error(text, 2, text);
    }
}

static void test_map_bad_width(void **state)
{
    (void)state;
    const char *values[] = { "abc", "0", "-3", "99999999", "65536", "3x", "", "1.5" };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "type octile\nheight 1\nwidth %s\nmap\n.\n", values[i]);
        expect_map_error(text, 3, text);
    }
}

/* Each side fits ASTAR_MAX_SIDE but the product passes ASTAR_MAX_CELLS;
 * reported on the width line, where the size becomes known. */
static void test_map_too_many_cells(void **state)
{
    (void)state;
    expect_map_error("type octile\nheight 65535\nwidth 65535\nmap\n", 3, "65535 x 65535");
    expect_map_error("type octile\nheight 4097\nwidth 65535\nmap\n", 3, "65535 x 4097");
}

static void test_map_repeated_header_line(void **state)
{
    (void)state;
    expect_map_error("type octile\ntype octile\nheight 1\nwidth 1\nmap\n.\n", 2, "type twice");
    expect_map_error("type octile\nheight 1\nheight 1\nwidth 1\nmap\n.\n", 3, "height twice");
    expect_map_error("type octile\nheight 1\nwidth 1\nwidth 1\nmap\n.\n", 4, "width twice");
}

static void test_map_missing_map_line(void **state)
{
    (void)state;
    expect_map_error("type octile\nheight 1\nwidth 2\n..\n", 4, "row where map belongs");
    expect_map_error("type octile\nheight 1\nwidth 2\nmaps\n..\n", 4, "maps");
}

static void test_map_short_row(void **state)
{
    (void)state;
    expect_map_error("type octile\nheight 3\nwidth 2\nmap\n..\n.\n..\n", 6, "short row");
    expect_map_error("type octile\nheight 3\nwidth 2\nmap\n..\n..\n\n", 7, "empty last row");
    expect_map_error("type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.\r\n..\r\n", 5,
                     "short CRLF row");
}

static void test_map_long_row(void **state)
{
    (void)state;
    expect_map_error("type octile\nheight 3\nwidth 2\nmap\n..\n..\n...\n", 7, "long row");
    expect_map_error("type octile\nheight 3\nwidth 2\nmap\n...\n..\n..\n", 5, "long first row");
}

static void test_map_missing_rows(void **state)
{
    (void)state;
    /* the first missing row is reported */
    expect_map_error("type octile\nheight 3\nwidth 2\nmap\n..\n..\n", 7, "2 of 3 rows");
    expect_map_error("type octile\nheight 3\nwidth 2\nmap\n..\n..", 7, "2 of 3, no newline");
    expect_map_error("type octile\nheight 2\nwidth 2\nmap\n", 5, "no rows");
}

static void test_map_bad_character(void **state)
{
    (void)state;
    expect_map_error("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n", 6, "x");
    expect_map_error("type octile\nheight 2\nwidth 3\nmap\n. .\n...\n", 5, "space");
    expect_map_error("type octile\nheight 2\nwidth 3\nmap\n...\n..g\n", 6, "lower-case g");
    expect_map_error("type octile\nheight 2\nwidth 3\nmap\n...\n\t..\n", 6, "tab");

    /* The message shows a printable character as typed (a '#' wall, as
     * the CLI draws them), a code otherwise, and what is allowed. */
    astar_grid *grid = NULL;
    astar_error err;
    const char *hash = "type octile\nheight 1\nwidth 2\nmap\n.#\n";
    assert_int_equal(parse_map_n(hash, strlen(hash), &grid, &err), ASTAR_PARSE_ERROR);
    assert_string_equal(err.message, NAME ":5: unknown map character '#' at column 2; a cell is "
                                          "one of . G S (ground) or @ O T W (blocked)");
    const char *tab = "type octile\nheight 1\nwidth 2\nmap\n\t.\n";
    assert_int_equal(parse_map_n(tab, strlen(tab), &grid, &err), ASTAR_PARSE_ERROR);
    assert_string_equal(err.message, NAME ":5: unknown map character 0x09 at column 1; a cell is "
                                          "one of . G S (ground) or @ O T W (blocked)");
}

static void test_map_text_after_last_row(void **state)
{
    (void)state;
    expect_map_error("type octile\nheight 2\nwidth 2\nmap\n..\n..\nhello\n", 7, "words");
    expect_map_error("type octile\nheight 2\nwidth 2\nmap\n..\n..\n..\n", 7, "extra row");
    expect_map_error("type octile\nheight 2\nwidth 2\nmap\n..\n..\n..", 7, "extra, no newline");
}

static void test_map_nul_byte(void **state)
{
    (void)state;
    static const char text[] = "type octile\nheight 2\nwidth 3\nmap\n...\n.\0.\n";
    expect_map_error_n(text, sizeof text - 1, 6, "NUL in a row");
    static const char header[] = "type octile\nheight 2\0\nwidth 3\nmap\n...\n...\n";
    expect_map_error_n(header, sizeof header - 1, 2, "NUL in the header");
}

static void test_map_null_arguments(void **state)
{
    (void)state;
    const char *text = "type octile\nheight 1\nwidth 1\nmap\n.\n";
    astar_grid *grid = NULL;
    astar_error err;
    assert_int_equal(astar_grid_parse_movingai(NULL, 5, NAME, &grid, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(err.status, ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_parse_movingai(text, strlen(text), NAME, NULL, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_load_movingai(NULL, &grid, &err), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(err.status, ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_grid_load_movingai(ASTAR_BENCH_DIR "/maps/dao/arena.map", NULL, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_null(grid);
}

/* ------------------------------------------------------------------------ */
/* Map files                                                                */
/* ------------------------------------------------------------------------ */

static void test_map_load_missing_file(void **state)
{
    (void)state;
    const char *path = "/nonexistent-astar-dir/no-such.map";
    astar_grid *grid = NULL;
    astar_error err;
    assert_int_equal(astar_grid_load_movingai(path, &grid, &err), ASTAR_IO_ERROR);
    assert_null(grid);
    assert_int_equal(err.status, ASTAR_IO_ERROR);
    assert_non_null(strstr(err.message, path));
}

static void test_map_load_directory(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    astar_error err;
    assert_int_equal(astar_grid_load_movingai(ASTAR_BENCH_DIR "/maps", &grid, &err),
                     ASTAR_IO_ERROR);
    assert_int_equal(err.status, ASTAR_IO_ERROR);
    assert_non_null(strstr(err.message, ASTAR_BENCH_DIR "/maps"));
    assert_non_null(strstr(err.message, strerror(EISDIR))); /* the system's reason */
}

/* White space around the words of every header line, "map" included, and
 * a byte-order mark before them. */
static void test_map_header_spaces_and_bom(void **state)
{
    (void)state;
    parse_and_check("type octile \t\nheight 3 \n  width\t5\nmap \t\n.GS@O\nTW...\n..@.S\n",
                    "spaces");
    parse_and_check("\xef\xbb\xbftype octile\nheight 3\nwidth 5\nmap\n.GS@O\nTW...\n..@.S\n",
                    "byte-order mark");
}

static void write_text(const char *path, const char *text, size_t blank_lines)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    for (size_t i = 0; i < blank_lines; i++)
        assert_true(fputc('\n', f) == '\n');
    assert_int_equal(fclose(f), 0);
}

/* A file is read no further than its header allows: /dev/zero, which has
 * no end, is refused before it is opened, and a map with
 * more blank lines after its rows than the allowance fails by its size,
 * while one within the allowance loads. */
static void test_map_load_is_bounded(void **state)
{
    (void)state;
    astar_grid *grid = NULL;
    astar_error err;
    assert_int_equal(astar_grid_load_movingai("/dev/zero", &grid, &err), ASTAR_IO_ERROR);
    assert_null(grid);
    assert_string_equal(err.message,
                        "/dev/zero: cannot read: a device, a pipe or a socket, not a regular file "
                        "(it may never end)");

    const char *path = "test_movingai_bounded.map";
    const char *map = "type octile\nheight 2\nwidth 3\nmap\n...\n...\n";
    write_text(path, map, 60000);
    assert_int_equal(astar_grid_load_movingai(path, &grid, &err), ASTAR_OK);
    astar_grid_delete(grid);
    write_text(path, map, 70000);
    assert_int_equal(astar_grid_load_movingai(path, &grid, &err), ASTAR_PARSE_ERROR);
    assert_null(grid);
    assert_non_null(strstr(err.message, "the most its header allows"));
    assert_int_equal(remove(path), 0);
}

/* Reads a whole file with stdio, for the test's own independent look. */
static char *read_file(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    for (;;) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        cap *= 2;
        buf = realloc(buf, cap);
        assert_non_null(buf);
    }
    assert_int_equal(ferror(f), 0);
    fclose(f);
    *length = n;
    return buf;
}

/* Compares a loaded grid with the file's tile characters, found by skipping
 * the 4 header lines and every CR and LF after them. */
static void assert_grid_matches_file(const astar_grid *grid, const char *path, int w, int h)
{
    size_t length;
    char *text = read_file(path, &length);
    size_t i = 0;
    for (int newlines = 0; newlines < 4; i++) {
        assert_true(i < length);
        if (text[i] == '\n')
            newlines++;
    }
    long cells = 0;
    for (; i < length; i++) {
        char c = text[i];
        if (c == '\r' || c == '\n')
            continue;
        int x = (int)(cells % w), y = (int)(cells / w);
        assert_true(y < h);
        if (astar_grid_walkable(grid, x, y) != tile_walkable(c))
            fail_msg("%s: cell (%d,%d) '%c' walkable %d", path, x, y, c,
                     (int)astar_grid_walkable(grid, x, y));
        cells++;
    }
    assert_int_equal(cells, (long)w * h);
    free(text);
}

static void test_map_load_arena(void **state)
{
    (void)state;
    const char *path = ASTAR_BENCH_DIR "/maps/dao/arena.map";
    astar_grid *grid = NULL;
    astar_error err;
    astar_status s = astar_grid_load_movingai(path, &grid, &err);
    if (s != ASTAR_OK)
        fail_msg("%s", err.message);
    assert_int_equal(astar_grid_width(grid), 49);
    assert_int_equal(astar_grid_height(grid), 49);
    /* row 0 is all trees; row 1 starts "TTT...." */
    assert_false(astar_grid_walkable(grid, 0, 0));
    assert_false(astar_grid_walkable(grid, 2, 1));
    assert_true(astar_grid_walkable(grid, 3, 1));
    assert_grid_matches_file(grid, path, 49, 49);
    astar_grid_delete(grid);
}

static void test_map_load_berlin_crlf(void **state)
{
    (void)state;
    const char *path = ASTAR_BENCH_DIR "/maps/street/Berlin_0_256.map";
    astar_grid *grid = NULL;
    astar_error err;
    astar_status s = astar_grid_load_movingai(path, &grid, &err);
    if (s != ASTAR_OK)
        fail_msg("%s", err.message);
    assert_int_equal(astar_grid_width(grid), 256);
    assert_int_equal(astar_grid_height(grid), 256);
    assert_grid_matches_file(grid, path, 256, 256);
    astar_grid_delete(grid);
}

/* ------------------------------------------------------------------------ */
/* Scenarios                                                                */
/* ------------------------------------------------------------------------ */

static void assert_near(double got, double want, double eps)
{
    if (!(got >= want - eps && got <= want + eps))
        fail_msg("got %.12f, expected %.12f", got, want);
}

static void assert_problem(const astar_problem *p, int bucket, int w, int h, int sx, int sy,
                           int gx, int gy, double optimal, long line)
{
    assert_non_null(p);
    assert_int_equal(p->bucket, bucket);
    assert_int_equal(p->map_width, w);
    assert_int_equal(p->map_height, h);
    assert_int_equal(p->start.x, sx);
    assert_int_equal(p->start.y, sy);
    assert_int_equal(p->goal.x, gx);
    assert_int_equal(p->goal.y, gy);
    assert_near(p->optimal, optimal, 1e-9);
    assert_int_equal(p->line, line);
}

static void test_scen_tab_dialect(void **state)
{
    (void)state;
    const char *text = "version 1\n"
                       "0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n"
                       "3\tmaps/dao/arena.map\t49\t49\t20\t30\t40\t5\t14.5\n"
                       "15\tmaps/dao/arena.map\t49\t49\t1\t7\t47\t46\t62.1543\n";
    astar_scenario *scen = NULL;
    astar_error err;
    memset(&err, 0x55, sizeof err);
    assert_int_equal(parse_scen_n(text, strlen(text), &scen, &err), ASTAR_OK);
    assert_int_equal(err.status, ASTAR_OK);
    assert_int_equal(err.line, 0);
    assert_int_equal(astar_scenario_count(scen), 3);
    assert_problem(astar_scenario_problem(scen, 0), 0, 49, 49, 1, 11, 1, 12, 1.0, 2);
    assert_problem(astar_scenario_problem(scen, 1), 3, 49, 49, 20, 30, 40, 5, 14.5, 3);
    assert_problem(astar_scenario_problem(scen, 2), 15, 49, 49, 1, 7, 47, 46, 62.1543, 4);
    assert_null(astar_scenario_problem(scen, 3));
    assert_null(astar_scenario_problem(scen, SIZE_MAX));
    assert_string_equal(astar_scenario_map_name(scen), "arena.map");
    astar_scenario_delete(scen);
}

/* width 512 and height 300 differ, so swapped columns would show. */
static void test_scen_space_dialect(void **state)
{
    (void)state;
    const char *text = "version 1.0\n"
                       "61 maps/bgmaps/AR0011SR.map 512 300 210 295 87 201 244.95\n"
                       "0 maps/bgmaps/AR0011SR.map 512 300 443 125 441 123 2.83\n";
    astar_scenario *scen = NULL;
    assert_int_equal(parse_scen_n(text, strlen(text), &scen, NULL), ASTAR_OK);
    assert_int_equal(astar_scenario_count(scen), 2);
    assert_problem(astar_scenario_problem(scen, 0), 61, 512, 300, 210, 295, 87, 201, 244.95, 2);
    assert_problem(astar_scenario_problem(scen, 1), 0, 512, 300, 443, 125, 441, 123, 2.83, 3);
    assert_string_equal(astar_scenario_map_name(scen), "AR0011SR.map");
    astar_scenario_delete(scen);
}

static void test_scen_map_name_without_folder(void **state)
{
    (void)state;
    const char *text = "version 1\n0\tBerlin_0_256.map\t256\t256\t0\t0\t1\t1\t1.41421356\n";
    astar_scenario *scen = NULL;
    assert_int_equal(parse_scen_n(text, strlen(text), &scen, NULL), ASTAR_OK);
    assert_string_equal(astar_scenario_map_name(scen), "Berlin_0_256.map");
    astar_scenario_delete(scen);
}

static void test_scen_byte_order_mark(void **state)
{
    (void)state;
    const char *text = "\xef\xbb\xbfversion 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n";
    astar_scenario *scen = NULL;
    astar_error err;
    assert_int_equal(astar_scenario_parse(text, strlen(text), "bom.scen", &scen, &err), ASTAR_OK);
    assert_int_equal(astar_scenario_count(scen), 1);
    assert_problem(astar_scenario_problem(scen, 0), 0, 49, 49, 1, 11, 1, 12, 1.0, 2);
    astar_scenario_delete(scen);
}

static void test_scen_blank_lines_skipped(void **state)
{
    (void)state;
    const char *text = "version 1\n"
                       "\n"
                       "0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n"
                       "\n"
                       "\n"
                       "1\tmaps/dao/arena.map\t49\t49\t0\t0\t48\t48\t67.88225099\n"
                       "\n";
    astar_scenario *scen = NULL;
    assert_int_equal(parse_scen_n(text, strlen(text), &scen, NULL), ASTAR_OK);
    assert_int_equal(astar_scenario_count(scen), 2);
    assert_problem(astar_scenario_problem(scen, 0), 0, 49, 49, 1, 11, 1, 12, 1.0, 3);
    assert_problem(astar_scenario_problem(scen, 1), 1, 49, 49, 0, 0, 48, 48, 67.88225099, 6);
    astar_scenario_delete(scen);
}

static void test_scen_no_final_newline_and_zero_length(void **state)
{
    (void)state;
    /* start == goal with optimal 0 is a legal problem (street/NewYork_1_1024) */
    const char *text = "version 1\n0\tx.map\t4\t2\t3\t1\t3\t1\t0";
    astar_scenario *scen = NULL;
    assert_int_equal(parse_scen_n(text, strlen(text), &scen, NULL), ASTAR_OK);
    assert_int_equal(astar_scenario_count(scen), 1);
    assert_problem(astar_scenario_problem(scen, 0), 0, 4, 2, 3, 1, 3, 1, 0.0, 2);
    astar_scenario_delete(scen);
}

static void test_scen_without_problems(void **state)
{
    (void)state;
    const char *text = "version 1\n";
    astar_scenario *scen = NULL;
    assert_int_equal(parse_scen_n(text, strlen(text), &scen, NULL), ASTAR_OK);
    assert_int_equal(astar_scenario_count(scen), 0);
    assert_null(astar_scenario_problem(scen, 0));
    assert_string_equal(astar_scenario_map_name(scen), "");
    astar_scenario_delete(scen);
}

static void test_scen_bad_version(void **state)
{
    (void)state;
    expect_scen_error("", 1, "empty text");
    expect_scen_error("0\tmaps/a.map\t4\t4\t0\t0\t1\t1\t1.41\n", 1, "no version line");
    expect_scen_error("version 2\n0\tmaps/a.map\t4\t4\t0\t0\t1\t1\t1.41\n", 1, "version 2");
    expect_scen_error("version\n", 1, "version without number");
    expect_scen_error("version 1 1\n", 1, "version with two numbers");
    expect_scen_error("VERSION 1\n", 1, "upper case");
}

#define GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t1\t1.41\n"

static void test_scen_wrong_field_count(void **state)
{
    (void)state;
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t1\n", 3, "8 fields");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t1\t1.41\t7\n", 3,
                      "10 fields");
    expect_scen_error("version 1.0\n" GOOD GOOD "0 maps/a.map 4 3 0 0 1 1\n", 4,
                      "8 space-separated fields");
}

static void test_scen_non_numeric_field(void **state)
{
    (void)state;
    expect_scen_error("version 1\n" GOOD "x\tmaps/a.map\t4\t3\t0\t0\t1\t1\t1\n", 3, "bucket");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4a\t3\t0\t0\t1\t1\t1\n", 3, "width");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\tthree\t0\t0\t1\t1\t1\n", 3,
                      "height");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\tone\t0\t1\t1\t1\n", 3, "start x");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1.5\t1\t1\n", 3,
                      "fractional goal x");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t1\tabc\n", 3,
                      "optimal abc");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t1\t1.5x\n", 3,
                      "optimal 1.5x");
}

static void test_scen_out_of_range_fields(void **state)
{
    (void)state;
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t-1\t0\t1\t1\t1\n", 3,
                      "negative start x");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t-2\t1\n", 3,
                      "negative goal y");
    /* the map is 4 wide and 3 high: x 0..3, y 0..2 */
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t4\t0\t1\t1\t1\n", 3,
                      "start x = width");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t3\t1\t1\t1\n", 3,
                      "start y = height");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t4\t1\t1\n", 3,
                      "goal x = width");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t3\t1\n", 3,
                      "goal y = height");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t1\t-1\n", 3,
                      "negative optimal");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t1\t1\t1\n"
                      "0\tmaps/a.map\t0\t3\t0\t0\t0\t0\t0\n", 4, "width 0");
    expect_scen_error("version 1\n" GOOD "0\tmaps/a.map\t4\t3\t0\t0\t99999999999\t1\t1\n", 3,
                      "coordinate past int");
}

/* The largest legal coordinates are accepted. */
static void test_scen_edge_coordinates(void **state)
{
    (void)state;
    const char *text = "version 1\n7\tmaps/a.map\t4\t3\t3\t2\t0\t0\t3.0\n";
    astar_scenario *scen = NULL;
    assert_int_equal(parse_scen_n(text, strlen(text), &scen, NULL), ASTAR_OK);
    assert_problem(astar_scenario_problem(scen, 0), 7, 4, 3, 3, 2, 0, 0, 3.0, 2);
    astar_scenario_delete(scen);
}

static void test_scen_null_arguments(void **state)
{
    (void)state;
    const char *text = "version 1\n";
    astar_scenario *scen = NULL;
    astar_error err;
    assert_int_equal(astar_scenario_parse(NULL, 5, SCEN_NAME, &scen, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(err.status, ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_scenario_parse(text, strlen(text), SCEN_NAME, NULL, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_scenario_load(NULL, &scen, &err), ASTAR_INVALID_ARGUMENT);
    assert_int_equal(astar_scenario_load(ASTAR_BENCH_DIR "/scen/dao/arena.map.scen", NULL, &err),
                     ASTAR_INVALID_ARGUMENT);
    assert_null(scen);
    astar_scenario_delete(NULL);
}

static void test_scen_load_missing_file(void **state)
{
    (void)state;
    const char *path = "/nonexistent-astar-dir/no-such.map.scen";
    astar_scenario *scen = NULL;
    astar_error err;
    assert_int_equal(astar_scenario_load(path, &scen, &err), ASTAR_IO_ERROR);
    assert_null(scen);
    assert_int_equal(err.status, ASTAR_IO_ERROR);
    assert_non_null(strstr(err.message, path));
}

static void test_scen_load_arena(void **state)
{
    (void)state;
    astar_scenario *scen = NULL;
    astar_error err;
    astar_status s = astar_scenario_load(ASTAR_BENCH_DIR "/scen/dao/arena.map.scen", &scen, &err);
    if (s != ASTAR_OK)
        fail_msg("%s", err.message);
    assert_int_equal(astar_scenario_count(scen), 160);
    assert_string_equal(astar_scenario_map_name(scen), "arena.map");
    /* first and last lines of the file */
    assert_problem(astar_scenario_problem(scen, 0), 0, 49, 49, 1, 11, 1, 12, 1.0, 2);
    assert_problem(astar_scenario_problem(scen, 159), 15, 49, 49, 1, 7, 47, 46, 62.1543, 161);
    for (size_t i = 0; i < 160; i++)
        assert_int_equal(astar_scenario_problem(scen, i)->line, (long)i + 2);
    assert_null(astar_scenario_problem(scen, 160));
    astar_scenario_delete(scen);
}

static void test_scen_load_bg512_spaces(void **state)
{
    (void)state;
    astar_scenario *scen = NULL;
    astar_error err;
    astar_status s =
        astar_scenario_load(ASTAR_BENCH_DIR "/scen/bg512/AR0011SR.map.scen", &scen, &err);
    if (s != ASTAR_OK)
        fail_msg("%s", err.message);
    assert_int_equal(astar_scenario_count(scen), 1280);
    assert_string_equal(astar_scenario_map_name(scen), "AR0011SR.map");
    assert_problem(astar_scenario_problem(scen, 0), 61, 512, 512, 210, 395, 87, 201, 244.95, 2);
    assert_problem(astar_scenario_problem(scen, 1279), 0, 512, 512, 443, 125, 441, 123, 2.83,
                   1281);
    astar_scenario_delete(scen);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_all_tiles_lf),
        cmocka_unit_test(test_map_crlf),
        cmocka_unit_test(test_map_header_spaces_and_bom),
        cmocka_unit_test(test_map_load_is_bounded),
        cmocka_unit_test(test_map_no_final_newline),
        cmocka_unit_test(test_map_one_cell),
        cmocka_unit_test(test_map_length_limits_text),
        cmocka_unit_test(test_map_null_name_still_parses),
        cmocka_unit_test(test_map_empty_text),
        cmocka_unit_test(test_map_truncated_header),
        cmocka_unit_test(test_map_header_line_left_out),
        cmocka_unit_test(test_map_wrong_first_line),
        cmocka_unit_test(test_map_bad_height),
        cmocka_unit_test(test_map_bad_width),
        cmocka_unit_test(test_map_too_many_cells),
        cmocka_unit_test(test_map_repeated_header_line),
        cmocka_unit_test(test_map_missing_map_line),
        cmocka_unit_test(test_map_short_row),
        cmocka_unit_test(test_map_long_row),
        cmocka_unit_test(test_map_missing_rows),
        cmocka_unit_test(test_map_bad_character),
        cmocka_unit_test(test_map_text_after_last_row),
        cmocka_unit_test(test_map_nul_byte),
        cmocka_unit_test(test_map_null_arguments),
        cmocka_unit_test(test_map_load_missing_file),
        cmocka_unit_test(test_map_load_directory),
        cmocka_unit_test(test_map_load_arena),
        cmocka_unit_test(test_map_load_berlin_crlf),
        cmocka_unit_test(test_scen_tab_dialect),
        cmocka_unit_test(test_scen_space_dialect),
        cmocka_unit_test(test_scen_map_name_without_folder),
        cmocka_unit_test(test_scen_byte_order_mark),
        cmocka_unit_test(test_scen_blank_lines_skipped),
        cmocka_unit_test(test_scen_no_final_newline_and_zero_length),
        cmocka_unit_test(test_scen_without_problems),
        cmocka_unit_test(test_scen_bad_version),
        cmocka_unit_test(test_scen_wrong_field_count),
        cmocka_unit_test(test_scen_non_numeric_field),
        cmocka_unit_test(test_scen_out_of_range_fields),
        cmocka_unit_test(test_scen_edge_coordinates),
        cmocka_unit_test(test_scen_null_arguments),
        cmocka_unit_test(test_scen_load_missing_file),
        cmocka_unit_test(test_scen_load_arena),
        cmocka_unit_test(test_scen_load_bg512_spaces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
