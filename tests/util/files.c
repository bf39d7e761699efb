/* Reading a file whole, and CPD files crafted and damaged, for the tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
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

void cpd_file_reseal(uint8_t *bytes, size_t size)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size - 8; i++)
        h = (h ^ bytes[i]) * 0x100000001b3ull;
    for (int i = 0; i < 8; i++)
        bytes[size - 8 + (size_t)i] = (uint8_t)(h >> 8 * i);
}

size_t cpd_file_runs_at(const uint8_t *bytes, size_t size)
{
    size_t runs = 0;
    for (int i = 7; i >= 0; i--)
        runs = runs << 8 | bytes[40 + i];
    return size - 8 - 4 * runs;
}

void cpd_file_expect_damage_refused(uint8_t *bytes, size_t size,
                                    int (*parse)(const uint8_t *bytes, size_t size,
                                                 const void *map),
                                    const void *map)
{
    for (size_t i = 0; i < size; i++) {
        bytes[i] ^= 0x20;
        astar_status expected = i < 8 ? ASTAR_PARSE_ERROR        /* the magic */
                                : i < 12 ? ASTAR_UNSUPPORTED    /* the version */
                                         : ASTAR_PARSE_ERROR;   /* size or checksum */
        assert_int_equal(parse(bytes, size, map), expected);
        bytes[i] ^= 0x20;
    }
    for (size_t cut = 0; cut < size; cut++)
        assert_int_equal(parse(bytes, cut, map), ASTAR_PARSE_ERROR);
    assert_int_equal(parse(bytes, size, map), ASTAR_OK);
}
