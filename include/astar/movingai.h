/*
 * astar/movingai.h - Moving AI benchmark files: maps (.map) into a grid, and scenario files
 * (.scen) of problems with their optimal lengths.
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 */
#ifndef ASTAR_INCLUDE_MOVINGAI_H
#define ASTAR_INCLUDE_MOVINGAI_H

#include "base.h"
#include "memory.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Moving AI map files (https://movingai.com/benchmarks/formats.html):
 *   type octile / height H / width W / map, then H rows of W characters.
 * '.', 'G' and 'S' are walkable with cost 1; '@', 'O', 'T' and 'W' are
 * blocked (the benchmark's rule: water and trees cannot be entered from
 * ground). Rows may end in LF or CRLF, and the last row may lack its newline.
 * White space around the words of a header line is ignored, on all four
 * alike; blank lines may follow the last row. A UTF-8 byte-order mark at
 * the start of the text is skipped (map and scenario files alike). Anything
 * else - a missing or repeated header line, a size out of range, a short or
 * long row, a missing row, an unknown character, text after the last row -
 * is ASTAR_PARSE_ERROR with the file name and line in err.
 *
 * Loads the file at path.
 * [in]  path  file name, also used in error messages
 * [out] out   the new grid; free it with astar_grid_delete
 * [out] err   [opt] details on failure
 * Returns ASTAR_OK, ASTAR_IO_ERROR (with the system's reason: no such file,
 * a directory, ...; and for what is not a regular file - a device such as
 * /dev/zero, a pipe - refused before it is opened, as it may never end),
 * ASTAR_PARSE_ERROR, ASTAR_INVALID_ARGUMENT or ASTAR_OUT_OF_MEMORY. Reads
 * the file into memory once, and never more of it than its header allows:
 * the header's lines, H rows of W cells with CRLF endings, and 64 KiB of
 * blank lines; a file larger than that (by its size, unread) or one with
 * no header in its first 4 KiB is a ASTAR_PARSE_ERROR, read no further. */
ASTAR_API astar_status astar_grid_load_movingai(const char *path, astar_grid **out,
                                                astar_error *err);

/* The same from text in memory (it need not end in a NUL).
 * [in] text, length  the file's contents
 * [in] name          [opt] what error messages call the text */
ASTAR_API astar_status astar_grid_parse_movingai(const char *text, size_t length,
                                                 const char *name, astar_grid **out,
                                                 astar_error *err);

/* Both with your allocator (astar/memory.h), for the grid as
 * astar_grid_new_with and for the file's text while it is read.
 * [in,opt] allocator  copied into the grid; NULL: malloc and free
 * Also ASTAR_INVALID_ARGUMENT for an allocator without both functions. */
ASTAR_API astar_status astar_grid_load_movingai_with(const char *path,
                                                     const astar_allocator *allocator,
                                                     astar_grid **out, astar_error *err);
ASTAR_API astar_status astar_grid_parse_movingai_with(const char *text, size_t length,
                                                      const char *name,
                                                      const astar_allocator *allocator,
                                                      astar_grid **out, astar_error *err);


/* ------------------------------------------------------------------------ */
/* Moving AI scenario files                                                 */
/* ------------------------------------------------------------------------ */

/* One problem of a scenario file. */
typedef struct astar_problem {
    int bucket;
    int map_width, map_height;
    astar_point start, goal;
    double optimal;       /* the file's optimal length: straight 1, diagonal sqrt(2) */
    long line;            /* its line in the file, 1-based */
} astar_problem;

typedef struct astar_scenario astar_scenario;

/* Loads a ".map.scen" file: a "version 1" or "version 1.0" line, then lines
 * of 9 fields split by any white space: bucket, map, map width, map height,
 * start x, start y, goal x, goal y, optimal length. Blank lines are skipped.
 * A wrong field count, a number that does not parse or is out of range, or a
 * start or goal outside the stated map size, or a line naming another map
 * (by file name) than the lines before it, is ASTAR_PARSE_ERROR naming the
 * file and line in err.
 * [out] out  the scenario; free it with astar_scenario_delete
 * Returns ASTAR_OK, ASTAR_IO_ERROR, ASTAR_PARSE_ERROR, ASTAR_INVALID_ARGUMENT
 * or ASTAR_OUT_OF_MEMORY. Reads the whole file once, and at most
 * ASTAR_MAX_SCENARIO_BYTES of it: a larger file (some 2 million problems)
 * is ASTAR_PARSE_ERROR, refused by its size; so is a line longer than 64
 * KiB, and a first line other than 'version', read no further. What is
 * not a regular file (a device, a pipe) is ASTAR_IO_ERROR, unopened. */
#define ASTAR_MAX_SCENARIO_BYTES ((size_t)128 << 20)
ASTAR_API astar_status astar_scenario_load(const char *path, astar_scenario **out,
                                           astar_error *err);

/* The same from text in memory; name [opt] is used in error messages. */
ASTAR_API astar_status astar_scenario_parse(const char *text, size_t length, const char *name,
                                            astar_scenario **out, astar_error *err);

/* Both with your allocator, for the scenario and the file's text, as
 * astar_grid_load_movingai_with and astar_grid_parse_movingai_with do. */
ASTAR_API astar_status astar_scenario_load_with(const char *path,
                                                const astar_allocator *allocator,
                                                astar_scenario **out, astar_error *err);
ASTAR_API astar_status astar_scenario_parse_with(const char *text, size_t length,
                                                 const char *name,
                                                 const astar_allocator *allocator,
                                                 astar_scenario **out, astar_error *err);

ASTAR_API void astar_scenario_delete(astar_scenario *scen);

/* Number of problems, and problem i (0-based; NULL when out of range). O(1).
 * The pointer lives as long as the scenario. */
ASTAR_API size_t astar_scenario_count(const astar_scenario *scen);
ASTAR_API const astar_problem *astar_scenario_problem(const astar_scenario *scen, size_t i);

/* The file name part of the map column of the first problem ("arena.map"),
 * which is how a scenario names its map; "" for a scenario without problems. */
ASTAR_API const char *astar_scenario_map_name(const astar_scenario *scen);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_MOVINGAI_H */
