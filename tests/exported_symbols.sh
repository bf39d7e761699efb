#!/usr/bin/env bash
# Every symbol the libraries define for a user's linker carries the project
# prefix: the static library's internal functions are astar__*, and the
# shared library exports only the API, astar_* without the second
# underscore (the internal ones are hidden there).
#   tests/exported_symbols.sh libastar.a libastar.so
set -euo pipefail
static=$1 shared=$2
fail=0
# nm prints "address type name" for symbols defined here; lower-case types
# are local.
unprefixed=$(nm -g --defined-only "$static" | awk 'NF == 3 && $3 !~ /^astar_/ { print $3 }' | sort -u)
if [ -n "$unprefixed" ]; then
    echo "FAIL: $static defines symbols without the astar_ prefix:" $unprefixed
    fail=1
fi
internal=$(nm -D --defined-only "$shared" | awk 'NF == 3 && ($3 !~ /^astar_/ || $3 ~ /^astar__/) { print $3 }' | sort -u)
if [ -n "$internal" ]; then
    echo "FAIL: $shared exports symbols outside the API:" $internal
    fail=1
fi
api=$(nm -D --defined-only "$shared" | awk 'NF == 3' | wc -l)
internal_static=$(nm -g --defined-only "$static" | awk 'NF == 3 && $3 ~ /^astar__/' | sort -u | wc -l)
# Guards the check itself: an empty or wrong file would pass the two above.
if [ "$api" -lt 50 ] || [ "$internal_static" -lt 1 ]; then
    echo "FAIL: expected the API in $shared and internal functions in $static ($api, $internal_static)"
    fail=1
fi
[ "$fail" -eq 0 ] && echo "ok: $api API symbols exported, $internal_static internal ones prefixed astar__"
exit "$fail"
