#!/usr/bin/env bash
# Every subcommand takes the options that apply to it and refuses the rest
# with a reason, once, before it searches; --opt=value works; negative
# numbers are coordinates; --version; path --quiet; the options line says
# what the search really uses.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
scen="$ASTAR_BENCH_DIR/scen/dao/arena.map.scen"

run 0 "$ASTAR" --version
checks=$((checks + 1))
grep -qE '^astar [0-9]+\.[0-9]+\.[0-9]+$' <<<"$out" || fail "--version printed '$out'"

# Dijkstra takes astar_find_nearest's options but a guided search's, and
# says so; what the library cannot honour it refuses.
run 2 "$ASTAR" nearest "$map" 3 3 45,40 --algo jps
has "astar nearest: --algo does not apply here"
run 0 "$ASTAR" nearest --help
has "--moves 4|8|8cut"
checks=$((checks + 1))
! grep -qF -- "--algo" <<<"$out" || fail "nearest --help lists --algo"
has "--ties last|first"
run 0 "$ASTAR" nearest "$map" 3 3 45,40 --weight 3
has "cost 568"
run 2 "$ASTAR" nearest "$map" 3 3 45,40 --ties first
has "unsupported"
run 2 "$ASTAR" flow "$map" 45,40 --open-list buckets
has "unsupported"
run 2 "$ASTAR" flow "$map" 10,10 --heuristic octile
has "astar flow: --heuristic does not apply here"
run 2 "$ASTAR" flow "$map" 10,10 --islands
has "astar flow: --islands does not apply here"
run 2 "$ASTAR" demo --algo jps
has "astar demo: --algo does not apply here: the demo replays the article's example"
run 2 "$ASTAR" demo extra
has "astar demo: too many arguments ('extra')"

# Every subcommand's own options read the same way: --opt=value, a unique
# prefix, a short -q, "--" before arguments; -h is --help.
for cmd in demo path scen bench nearest flow explore; do
    run 0 "$ASTAR" "$cmd" -h
    has "usage: astar $cmd"
done
run 0 "$ASTAR" path "$map" 3 3 45 40 --smooth --svg="$scratch/a.svg" --unit-radius=4 -q
has "smoothed: "
checks=$((checks + 1))
[ -s "$scratch/a.svg" ] || fail "--svg=FILE wrote no picture"
run 0 "$ASTAR" path "$map" 3 3 45 40 --al jps --heu=octile -q
has "algo jps, open list heap, moves 8, costs article, heuristic octile"
has "jumps auto"
has "jump points: "
# --jumps: arena is no cluttered map, so JPS scans unless told to step;
# both find the same cost.
cost=$(grep '^path: ' <<<"$out" | sed 's/.*cost \([0-9]*\).*/\1/')
run 0 "$ASTAR" path "$map" 3 3 45 40 --algo jps --jumps step --heuristic octile -q
has "jumps step"
has "squares of the chain (JPS stepped, see --jumps): "
has "cost $cost "
random="$ASTAR_BENCH_DIR/maps/random/random512-25-0.map"
run 0 "$ASTAR" path "$random" 10 10 40 30 --algo jps+ -q
has "squares of the chain (JPS stepped, see --jumps): "
run 0 "$ASTAR" path "$random" 10 10 40 30 --algo jps+ --jumps scan -q
has "jump points: "
run 2 "$ASTAR" path "$map" 3 3 45 40 --algo jps --jumps far
has "--jumps does not take 'far'; one of: auto scan step"
run 2 "$ASTAR" path "$map" 3 3 45 40 --unit-r 4 --u 4,4
has "'--u' is ambiguous: --unit, --unit-radius, --unit-penalty"
run 2 "$ASTAR" path "$map" 3 3 45 40 --smooth=yes
has "--smooth takes no value ('--smooth=yes')"
run 2 "$ASTAR" path "$map" 3 3 45 40 -x
has "unknown option '-x'"
run 0 "$ASTAR" path -q -- "$map" 3 3 45 40
has "path: 43 cells"
run 0 "$ASTAR" flow "$map" 10,10 --repeat=2 --from=3,3
has "median of 2"
run 2 "$ASTAR" bench --threads=0 "$scen"
has "--threads takes a whole number from 1 to 64, not '0'"
run 2 "$ASTAR" scen "$scen" --map
has "--map needs a value"

# Impossible combinations: one message before any search, naming the cause.
run 2 "$ASTAR" scen --algo jps --moves 4 "$scen"
has "--algo jps needs --moves 8"
checks=$((checks + 1))
[ "$(wc -l <<<"$out")" -eq 1 ] || fail "expected one line, got: $out"
run 2 "$ASTAR" path "$map" 3 3 45 40 --algo jps --unit 10,10
has "--algo jps takes no influence layer or units"
run 2 "$ASTAR" path "$map" 3 3 45 40 --algo jps+ --turn-penalty 5
has "--algo jps+ takes no --turn-penalty"

run 3 "$ASTAR" scen --map "$ASTAR_BENCH_DIR/maps/dao/den312d.map" "$scen"
has "arena.map.scen is for a 49 x 49 map; $ASTAR_BENCH_DIR/maps/dao/den312d.map is 65 x 81"
checks=$((checks + 1))
! grep -q FAIL <<<"$out" || fail "a map of the wrong size failed problem by problem: $out"

# Progress on a terminal (script gives the run one): a line that updates,
# shown at once, so a small file serves (a large one took over the test's
# ten minutes in the sanitizers' build on a slow machine).
if command -v script >/dev/null; then
    run 0 script -qec "$ASTAR scen $ASTAR_BENCH_DIR/scen/dao/den312d.map.scen" /dev/null
    has "[file 1/1, problem "
    run 0 script -qec "$ASTAR bench $ASTAR_BENCH_DIR/scen/dao/arena.map.scen" /dev/null
    has "[file 1/1, problem "
    run 0 script -qec "$ASTAR explore $map 3 3 45 40" /dev/null
    has "[step 1, search 1]"
    has "reached the goal"
fi
# Not on a terminal (a log), a short run prints no progress at all.
run 0 "$ASTAR" explore "$map" 3 3 45 40
checks=$((checks + 1))
! grep -qF "[step" <<<"$out" || fail "progress in a log of a short run: $out"

# --opt=value, and a negative coordinate reaches the library.
run 0 "$ASTAR" path "$map" 3 3 45 40 --moves=4 --costs=octile
has "moves 4, costs octile"
run 5 "$ASTAR" path "$map" -1 0 5 5
has "start is outside the grid"

# An expansion limit, and the partial path when it stops the search.
run 1 "$ASTAR" path "$map" 3 3 45 40 --max-expanded 10 -q
has "expansion limit: max_expanded squares expanded before the target was closed (10 expanded)"
run 1 "$ASTAR" path "$map" 3 3 45 40 --max-expanded=10 --partial --costs octile --heuristic octile
has "partial: expansion limit; the path given leads to the reached square nearest the target"
has "path: 11 cells"
run 0 "$ASTAR" path "$map" 3 3 45 40 --max-expanded 100 --partial -q
has "path: 43 cells"
run 2 "$ASTAR" path "$map" 3 3 45 40 --max-expanded 0
has "--max-expanded takes a whole number from 1 to 4294967295, not '0'"

# --quiet: the summary, not the 80 cells nor the picture (the options
# with octile H and costs guarantee the least cost, so no line says not).
run 0 "$ASTAR" path "$map" 3 3 45 40 --quiet --costs octile --heuristic octile
has "path: 43 cells"
checks=$((checks + 1))
[ "$(wc -l <<<"$out")" -eq 2 ] || fail "expected the options and summary lines only, got: $out"
# Options that do not guarantee a least-cost path say so, and why.
run 0 "$ASTAR" path "$map" 3 3 45 40 -q
has "least cost: not guaranteed: heuristic manhattan can overestimate with moves 8 and costs article"
run 0 "$ASTAR" path "$map" 3 3 45 40 -q --costs octile --heuristic octile --turn-penalty 5 --weight 1.5
has "least cost: not guaranteed: weight above 1; a turn penalty (paid per cell, not per cell and direction)"

# The options line: the heap the buckets fall back to, the weight as used.
run 0 "$ASTAR" path "$map" 3 3 45 40 --open-list buckets --weight 0.0001 --quiet
has "open list heap (buckets asked for: it cannot serve these options)"
has "weight 0,"
run 0 "$ASTAR" path "$map" 3 3 45 40 --open-list buckets --costs octile --heuristic octile --quiet
has "open list buckets, moves 8"
done_checks
