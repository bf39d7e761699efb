#!/usr/bin/env bash
# Install an already-built astar into a temporary prefix and use it as a
# consumer would: (a) a CMake project with find_package(astar CONFIG),
# (b) a plain cc command line with pkg-config, (c) each installed header
# compiled alone.
# Usage: tests/install/run.sh <source dir> <build dir> <benchmark data dir>
set -euo pipefail

fail() { echo "install_consumer: FAILED: $*" >&2; exit 1; }

[ $# -eq 3 ] || fail "usage: $0 <source dir> <build dir> <benchmark data dir>"
src=$(cd "$1" && pwd) || fail "no source dir $1"
build=$(cd "$2" && pwd) || fail "no build dir $2"
here="$src/tests/install"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/astar-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

# Run a command quietly; show its output only if it fails.
quiet() {
    local log="$tmp/step.log"
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        fail "$*"
    fi
}

echo "== install $build into $prefix"
quiet cmake --install "$build" --prefix "$prefix"
[ -f "$prefix/include/astar.h" ] || fail "astar.h was not installed"
[ -x "$prefix/bin/astar" ] || fail "the astar CLI was not installed"

pc=$(find "$prefix" -path '*/pkgconfig/astar.pc' | head -n 1)
[ -n "$pc" ] || fail "astar.pc was not installed"
pcdir=$(dirname "$pc")
libdir=$(dirname "$pcdir")
[ -f "$libdir/libastar.a" ] || fail "libastar.a is not in $libdir"
[ -e "$libdir/libastar.so" ] || fail "libastar.so is not in $libdir"
[ -e "$libdir/libastar.so.0" ] || fail "libastar.so.0 is not in $libdir"

# The shared library exports the public API only.
if command -v nm >/dev/null; then
    leaked=$(nm -D --defined-only "$libdir/libastar.so" | awk '$2 ~ /^[A-Z]$/ && $3 !~ /^(astar_|_init$|_fini$)/ {print $3}')
    [ -z "$leaked" ] || fail "libastar.so exports non-API symbols: $(echo "$leaked" | tr '\n' ' ')"
fi

echo "== (a) find_package(astar CONFIG): astar::astar and astar::astar_static"
quiet cmake -S "$here" -B "$tmp/cmake-build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix"
quiet cmake --build "$tmp/cmake-build"
"$tmp/cmake-build/consumer" || fail "the find_package consumer (shared) failed"
"$tmp/cmake-build/consumer_static" || fail "the find_package consumer (static) failed"

echo "== (b) pkg-config astar"
flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs astar) || fail "pkg-config --cflags --libs astar"
echo "pkg-config: $flags"
# shellcheck disable=SC2086  # $flags is a list of options
quiet cc -std=c11 -Wall -Wextra -Wpedantic -o "$tmp/consumer-pc" "$here/consumer.c" $flags
# No LD_LIBRARY_PATH: the run-time path astar.pc gives finds the library.
"$tmp/consumer-pc" || fail "the pkg-config consumer failed"

echo "== (b2) the README's C example, as written, on arena.map"
awk '/^```c$/ {on = 1; next} on && /^```$/ {exit} on' "$src/README.md" >"$tmp/readme.c"
[ -s "$tmp/readme.c" ] || fail "no C example in README.md"
# shellcheck disable=SC2086  # $flags is a list of options
quiet cc -std=c11 -Wall -Wextra -Wpedantic -Werror -o "$tmp/readme" "$tmp/readme.c" $flags
mkdir "$tmp/run" && ln -s "$3/maps/dao/arena.map" "$tmp/run/arena.map"
readme_out=$(cd "$tmp/run" && "$tmp/readme") || fail "the README example failed: $readme_out"
grep -qE '^[0-9]+ cells, distance [0-9.]+, [0-9]+ expanded$' <<<"$readme_out" ||
    fail "the README example printed: $readme_out"
echo "README example: $readme_out"

echo "== (c) every installed header compiles alone, as C11 and as C++17"
headers=("$src"/include/astar/*.h)
[ ${#headers[@]} -ge 9 ] || fail "expected the per-concept headers in $src/include/astar"
for h in astar.h "${headers[@]#"$src"/include/}"; do
    [ -f "$prefix/include/$h" ] || fail "$h was not installed"
    printf '#include <%s>\n' "$h" >"$tmp/alone.c"
    quiet cc -std=c11 -Wall -Wextra -Wpedantic -Werror -I "$prefix/include" -c "$tmp/alone.c" -o "$tmp/alone.o"
    quiet c++ -x c++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -I "$prefix/include" \
        -c "$tmp/alone.c" -o "$tmp/alone.o"
done
echo "${#headers[@]} headers and astar.h compile alone"

echo "install_consumer: OK"
