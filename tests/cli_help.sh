#!/usr/bin/env bash
# Every subcommand has --help; bad commands and option values are refused
# with a message and exit status 2.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

run 0 "$ASTAR" --help
for c in demo path scen bench; do has "$c"; done
for c in demo path scen bench; do
    run 0 "$ASTAR" "$c" --help
    has "usage: astar $c"
done
# The search options are spelled the same in every subcommand that searches.
for c in path scen bench; do
    run 0 "$ASTAR" "$c" --help
    for o in "--algo astar " "--algo jps " "--algo jps+ " "--algo cpd " "--algo hpa " "--algo anya " \
        "on hexes (--topology)   --algo astar only" "--open-list heap|sorted|unsorted|buckets" "--moves 4|8|8cut" \
        "--costs article|octile" "--heuristic manhattan|octile|euclidean|chebyshev|zero" \
        "--weight W" "--ties last|first|deep" "--stop closed|open"; do
        has "$o"
    done
done

run 2 "$ASTAR"
run 2 "$ASTAR" frobnicate
has "unknown command 'frobnicate'"
map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
run 2 "$ASTAR" path "$map" 1 1 2 2 --moves 6
has "--moves does not take '6'; one of: 8 4 8cut"
run 2 "$ASTAR" path "$map" 1 1 2 2 --algo dijkstra
has "--algo does not take 'dijkstra'; one of: astar jps jps+"
run 2 "$ASTAR" scen --open-list fibonacci "$ASTAR_BENCH_DIR/scen/dao/arena.map.scen"
has "--open-list does not take 'fibonacci'; one of: heap sorted unsorted buckets"
run 2 "$ASTAR" bench "$ASTAR_BENCH_DIR/scen/dao/arena.map.scen" --algo
has "--algo needs a value"
run 2 "$ASTAR" path "$map" 1 1 2 2 --weight -1
has "--weight takes a number from 0 to 64"
run 2 "$ASTAR" path "$map" 1 1 2 2 --heuristic
has "--heuristic needs a value"
run 2 "$ASTAR" scen --frob "$ASTAR_BENCH_DIR/scen/dao/arena.map.scen"
has "unknown option '--frob'"
run 2 "$ASTAR" bench --repeat 0 "$ASTAR_BENCH_DIR/scen/dao/arena.map.scen"
has "--repeat takes a whole number"
run 0 "$ASTAR" bench --help
has "--threads T"
run 2 "$ASTAR" demo extra
done_checks
