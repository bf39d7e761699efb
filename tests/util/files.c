/* Reading a file whole, for the tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "util/files.h"

char *read_whole_file(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    assert_non_null(file);
    assert_int_equal(fseek(file, 0, SEEK_END), 0);
    long size = ftell(file);
    assert_true(size > 0);
    rewind(file);
    char *bytes = malloc((size_t)size);
    assert_non_null(bytes);
    assert_int_equal(fread(bytes, 1, (size_t)size, file), (size_t)size);
    fclose(file);
    *length = (size_t)size;
    return bytes;
}
