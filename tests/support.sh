#!/usr/bin/env bash
# Shared by the tests/cli_*.sh scripts: sourced, not run.
# shellcheck disable=SC2034  # checks, out and scratch are for the sourcing scripts
# Environment (set by tests/CMakeLists.txt): ASTAR the CLI, ASTAR_BENCH_DIR
# the Moving AI data, ASTAR_SOURCE_DIR the source tree.
set -euo pipefail
: "${ASTAR:?ASTAR must name the astar CLI}"
: "${ASTAR_BENCH_DIR:?ASTAR_BENCH_DIR must name the benchmark data}"
[ -d "$ASTAR_BENCH_DIR/scen" ] || { echo "no benchmark data at $ASTAR_BENCH_DIR" >&2; exit 1; }

checks=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# run CODE CMD...: runs CMD, keeping its output in $out, and fails unless it
# exits with CODE.
run() {
    local want=$1 got=0
    shift
    out=$("$@" 2>&1) || got=$?
    checks=$((checks + 1))
    [ "$got" -eq "$want" ] || fail "line ${BASH_LINENO[0]}: '$*' exited $got, expected $want; it printed:
$out"
}

# has TEXT: the last run printed a line containing TEXT (fixed string).
has() {
    checks=$((checks + 1))
    grep -qF -- "$1" <<<"$out" || fail "expected output containing '$1'; got:
$out"
}

# matches REGEX: the last run printed a line matching REGEX (extended),
# for lines whose spacing depends on what the test cannot fix (a column
# as wide as the longest path given, and the checkout's path is anywhere).
matches() {
    checks=$((checks + 1))
    grep -qE -- "$1" <<<"$out" || fail "expected a line matching '$1'; got:
$out"
}

# last_line TEXT: the last run's last line is exactly TEXT.
last_line() {
    checks=$((checks + 1))
    [ "$(tail -n 1 <<<"$out")" = "$1" ] || fail "expected last line '$1'; got:
$out"
}

done_checks() {
    echo "$checks passed, 0 failed"
}
