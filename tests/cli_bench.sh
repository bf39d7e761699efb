#!/usr/bin/env bash
# astar bench prints its table, with at most 16 bytes of search state per cell.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

run 0 "$ASTAR" bench --costs octile --heuristic octile "$ASTAR_BENCH_DIR/scen/dao/arena.map.scen" \
    "$ASTAR_BENCH_DIR/scen/dao/den312d.map.scen"
has "mean us"
has "median us"
has "ns/exp"
# file, queries, mean, median, expanded/q, ns/exp, B/cell
read -r _ queries _ _ expanded _ bytes < <(grep '^total ' <<<"$out")
checks=$((checks + 1))
[ "$queries" -eq 480 ] || fail "expected 480 queries, got $queries"
checks=$((checks + 1))
awk -v b="$bytes" -v e="$expanded" 'BEGIN {exit !(b > 0 && b <= 16 && e > 0)}' ||
    fail "bytes per cell $bytes, expansions per query $expanded"
done_checks
