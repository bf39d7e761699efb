#!/usr/bin/env bash
# astar bench prints its table, with at most 16 bytes of search state per
# cell; --threads runs the same queries as batches and adds throughput lines;
# --algo jps+ reports its jump table, also at most 16 bytes per cell.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

# 160 + 320 problems.
files=("$ASTAR_BENCH_DIR/scen/dao/arena.map.scen" "$ASTAR_BENCH_DIR/scen/dao/den312d.map.scen")

# total_row QUERIES: sets expanded (per query) and bytes (per cell) from the
# last run's "total" row (file, queries, mean, median, expanded/q, ns/exp,
# B/cell), which must count QUERIES queries.
total_row() {
    local queries
    read -r _ queries _ _ expanded _ bytes < <(grep '^total ' <<<"$out")
    checks=$((checks + 1))
    [ "$queries" -eq "$1" ] || fail "expected $1 queries, got $queries"
}

# per_cell WHAT: the number in the last run's line "WHAT: N bytes/cell".
per_cell() {
    sed -n "s/^$1: \([0-9.]*\) bytes\/cell.*/\1/p" <<<"$out"
}

run 0 "$ASTAR" bench --costs octile --heuristic octile "${files[@]}"
has "mean us"
has "median us"
has "ns/exp"
total_row 480
one_at_a_time=$expanded
checks=$((checks + 1))
awk -v b="$bytes" -v e="$expanded" 'BEGIN {exit !(b > 0 && b <= 16 && e > 0)}' ||
    fail "bytes per cell $bytes, expansions per query $expanded"
checks=$((checks + 1))
[ "$(per_cell "search context")" = "$bytes" ] ||
    fail "the search context line disagrees with the table's $bytes bytes/cell: $out"
checks=$((checks + 1))
if grep -q "throughput\|jump table" <<<"$out"; then fail "throughput or jump table unasked: $out"; fi

# Batches on 2 threads solve the same problems, each run counted.
run 0 "$ASTAR" bench --threads 2 --repeat 2 --costs octile --heuristic octile "${files[@]}"
total_row 960
checks=$((checks + 1))
[ "$expanded" = "$one_at_a_time" ] || fail "$expanded expansions per query, one at a time $one_at_a_time"
has "throughput, 1 thread: "
has "throughput, 2 threads: "
has "(best of 2)"
has "search context: $bytes bytes/cell each, 2 contexts"
read -r one many ratio < <(awk -F'[:(]' '/^throughput, 1 thread/ {o = $2 + 0}
    /^throughput, 2 threads/ {m = $2 + 0} /^throughput ratio/ {r = $2 + 0} END {print o, m, r}' <<<"$out")
checks=$((checks + 1))
awk -v o="$one" -v m="$many" -v r="$ratio" 'BEGIN {exit !(o > 0 && m > 0 && (m / o - r) ^ 2 < 1e-4)}' ||
    fail "throughput 1 thread '$one', 2 threads '$many', ratio '$ratio'"

# JPS+ builds each map's jump table: same problems, and its size reported.
run 0 "$ASTAR" bench --algo jps+ --costs octile --heuristic octile "${files[@]}"
has "options: algo jps+"
total_row 480
table=$(per_cell "jump table")
checks=$((checks + 1))
awk -v t="$table" 'BEGIN {exit !(t > 0 && t <= 16)}' || fail "jump table: '$table' bytes/cell"

run 2 "$ASTAR" bench --threads 0 "${files[@]}"
has "--threads takes a whole number from 1 to 64"
run 2 "$ASTAR" bench --threads 65 "${files[@]}"
has "--threads takes a whole number from 1 to 64"
run 2 "$ASTAR" bench --threads two "${files[@]}"
has "--threads takes a whole number from 1 to 64"
done_checks
