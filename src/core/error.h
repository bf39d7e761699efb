/* Filling an astar_error: one place that formats "name:line: what". */
#ifndef ASTAR_ERROR_H
#define ASTAR_ERROR_H

#include "astar.h"

/* Fills err [opt] with status, line and a message prefixed "name:line: "
 * (or "name: " when line is 0, or nothing when name is NULL), and returns
 * status so that callers can write `return astar__error_set(...)`. */
astar_status astar__error_set(astar_error *err, astar_status status, const char *name, long line,
                       const char *format, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Marks err [opt] as "no error". */
void astar__error_clear(astar_error *err);

#endif
