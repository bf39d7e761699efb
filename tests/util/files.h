/* Files the tests read whole: map and scenario texts, saved databases. */
#ifndef UTIL_FILES_H
#define UTIL_FILES_H

#include <stddef.h>
#include <stdint.h>

/* The bytes of the file at path, in a block from malloc that the test
 * frees, and their count in *length. Fails the test if the file cannot be
 * read or is empty. */
char *read_whole_file(const char *path, size_t *length);

/* Writes the checksum of a CPD file of size bytes again over its contents
 * (FNV-1a 64 of all but its last 8 bytes, as the format states it, worked
 * out here): crafted contents then pass the loader's checksum. */
void cpd_file_reseal(uint8_t *bytes, size_t size);

/* Where a CPD file's runs begin (after its header and run counts). */
size_t cpd_file_runs_at(const uint8_t *bytes, size_t size);

/* Every byte of a good CPD file flipped in turn, and the file cut at every
 * length: parse (the test's own, which checks the error it is given) must
 * answer ASTAR_PARSE_ERROR for each, but ASTAR_UNSUPPORTED for the version's
 * bytes, and ASTAR_OK for the file as it was. */
void cpd_file_expect_damage_refused(uint8_t *bytes, size_t size,
                                    int (*parse)(const uint8_t *bytes, size_t size,
                                                 const void *map),
                                    const void *map);

#endif
