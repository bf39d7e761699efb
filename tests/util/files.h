/* Files the tests read whole: map and scenario texts, saved databases. */
#ifndef UTIL_FILES_H
#define UTIL_FILES_H

#include <stddef.h>

/* The bytes of the file at path, in a block from malloc that the test
 * frees, and their count in *length. Fails the test if the file cannot be
 * read or is empty. */
char *read_whole_file(const char *path, size_t *length);

#endif
