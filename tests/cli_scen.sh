#!/usr/bin/env bash
# astar scen on a subset of the Moving AI benchmark (make verify runs all of
# it): every problem's cost must match the file, and the checker must catch
# answers that do not.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

scen="$ASTAR_BENCH_DIR/scen"
subset=("$scen/dao/arena.map.scen" "$scen/dao/den312d.map.scen" "$scen/street/Berlin_0_256.map.scen"
    "$scen/wc3maps512/icecrown.map.scen" "$scen/bg512/AR0011SR.map.scen")
# 160 + 320 + 930 + 1280 + 1280 problems; icecrown has 3 whose start and
# goal are trees or water (bench README, caveat 6).
all="3967 passed, 0 failed, 3 skipped"
# The sanitizers' build (Debug, 10 to 20 times slower) looks for memory
# errors, which need the code paths, not every problem: it runs the three
# small maps' files only; the release build runs all five.
if [ -n "${ASTAR_TEST_SANITIZED:-}" ]; then
    subset=("${subset[@]:0:3}")
    all="1410 passed, 0 failed"
fi
run 0 "$ASTAR" scen --costs octile --heuristic octile "${subset[@]}"
has "its length equals the file's optimal length"
[ -n "${ASTAR_TEST_SANITIZED:-}" ] || has "icecrown.map.scen: 1277 passed, 0 failed, 3 skipped"
last_line "$all"
# 10/14 costs: cost/10 <= optimal <= exact length, for every problem.
run 0 "$ASTAR" scen --costs article --heuristic octile "${subset[@]}"
has "cost/10 <= optimal length <= the path's exact length"
last_line "$all"
# JPS and JPS+ (with the jump table the CLI builds) find optimal paths too.
for algo in jps jps+; do
    run 0 "$ASTAR" scen --algo "$algo" --costs octile --heuristic octile "${subset[@]}"
    has "options: algo $algo,"
    last_line "$all"
done
# Islands change nothing for problems that have a path.
run 0 "$ASTAR" scen --islands --costs octile --heuristic octile "${subset[@]}"
last_line "$all"
# Nor do dead ends, with either cost model.
run 0 "$ASTAR" scen --dead-ends --costs octile --heuristic octile "${subset[@]}"
last_line "$all"
run 0 "$ASTAR" scen --dead-ends --islands --costs article --heuristic octile "${subset[@]:0:3}"
last_line "1410 passed, 0 failed"
# Nor do the buckets, the open list for speed, for A* and for JPS.
for algo in astar jps; do
    run 0 "$ASTAR" scen --algo "$algo" --open-list buckets --costs octile --heuristic octile \
        "${subset[@]}"
    has "open list buckets,"
    last_line "$all"
done
# So does A* with either of the open lists that are not heaps.
for list in sorted unsorted; do
    run 0 "$ASTAR" scen --open-list "$list" --costs octile --heuristic octile "${subset[@]:0:2}"
    has "open list $list,"
    last_line "480 passed, 0 failed"
done
# A unit of a size: its paths at least the files' lengths, a problem where
# it does not fit at an end skipped, and one where it finds no way passes
# only when its own islands put the ends apart.
small=("$scen/dao/arena.map.scen" "$scen/street/Berlin_0_256.map.scen" "$scen/dao/den312d.map.scen")
run 0 "$ASTAR" scen --size 3 --costs octile --heuristic octile "${small[@]}"
has "its length is at least the file's optimal length"
has "skipped (start or goal not walkable, or no room for the unit)"
last_line "874 passed, 0 failed, 529 skipped, 7 out of reach"
# JPS and JPS+ for a unit run on its shadow: the same counts.
for algo in jps jps+; do
    run 0 "$ASTAR" scen --size 3 --algo "$algo" --costs octile --heuristic octile \
        "$scen/dao/den312d.map.scen"
    last_line "118 passed, 0 failed, 196 skipped, 6 out of reach"
done
# HPA* for a unit, built over its shadow: near-optimal paths it fits along.
run 0 "$ASTAR" scen --algo hpa --size 2 --costs octile --heuristic octile "$scen/dao/arena.map.scen"
last_line "129 passed, 0 failed, 31 skipped"
# Options without the optimality guarantee are held to the lower bound only.
run 0 "$ASTAR" scen "$scen/dao/arena.map.scen"
has "its length is at least the file's optimal length"
last_line "160 passed, 0 failed"
run 0 "$ASTAR" scen --moves 4 --heuristic manhattan "$scen/dao/arena.map.scen"
last_line "160 passed, 0 failed"
run 0 "$ASTAR" scen --moves 8cut --costs octile --heuristic octile "$scen/dao/arena.map.scen"
has "no longer than the file's optimal length"

# A wrong optimal length in a copy of the file is caught, naming its line.
awk 'NR == 41 {$9 = $9 + 1} {print}' OFS='\t' "$scen/dao/arena.map.scen" >"$scratch/arena.map.scen"
run 1 "$ASTAR" scen --costs octile --heuristic octile --map "$ASTAR_BENCH_DIR/maps/dao/arena.map" "$scratch/arena.map.scen"
has "FAIL $scratch/arena.map.scen:41: length"
last_line "159 passed, 1 failed"
# A map that does not fit the scenario is reported once (cli_options.sh),
# and one line that disagrees with the others per line.
awk 'NR == 3 {$3 = 50} {print}' OFS='\t' "$scen/dao/arena.map.scen" >"$scratch/odd.map.scen"
run 1 "$ASTAR" scen --map "$ASTAR_BENCH_DIR/maps/dao/arena.map" "$scratch/odd.map.scen"
has "odd.map.scen:3: the line says the map is 50 x 49"
# A scenario whose map cannot be found, and malformed lines.
cp "$scen/dao/arena.map.scen" "$scratch/elsewhere.map.scen"
run 3 "$ASTAR" scen "$scratch/elsewhere.map.scen"
has "cannot find its map 'arena.map'"
printf 'version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\n' >"$scratch/bad.map.scen"
run 3 "$ASTAR" scen --map "$ASTAR_BENCH_DIR/maps/dao/arena.map" "$scratch/bad.map.scen"
has "bad.map.scen:2: expected 9 fields"
done_checks
