#!/usr/bin/env bash
# astar path, scen and bench --algo anya: any-angle paths, every scen path
# checked by the tests' validator and held to the file's octile optimum;
# the options it cannot honour refused.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

scen="$ASTAR_BENCH_DIR/scen"
map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
run 0 "$ASTAR" scen --algo anya "$scen/dao/arena.map.scen" "$scen/dao/den312d.map.scen"
has "segments valid under the GPPC-2023"
has "arena.map.scen: 160 passed, 0 failed"
last_line "480 passed, 0 failed"
run 0 "$ASTAR" path "$map" 3 3 40 40 --algo anya
has "path: 4 points, length 52.923047"
has "(3,3) (15,19) (31,35) (40,40)"
run 5 "$ASTAR" path "$map" 0 0 40 40 --algo anya
has "start cell is not walkable"
run 0 "$ASTAR" bench "$scen/dao/arena.map.scen" --algo anya
has "options: algo anya, weight 1"
matches "/arena\.map\.scen +160 "
# A partial path when the limit stops it: the corner nearest the goal.
run 0 "$ASTAR" path "$map" 3 3 40 40 --algo anya --partial --max-expanded 5
has "partial: expansion limit"
has "path: 2 points, length 23.345235, 5 intervals expanded"
run 1 "$ASTAR" path "$map" 3 3 40 40 --algo anya --max-expanded 5
has "expansion limit"
# Through the request queue, each answer equal to the one call's.
run 0 "$ASTAR" queue "$scen/dao/arena.map.scen" --algo anya --budget 50
has "options: algo anya, weight 1"
has "answered: 160 of 160 problems; 0 differ from the one call's"
run 2 "$ASTAR" explore "$map" 3 3 40 40 --algo anya
has "the explorer walks its unit cell by cell"
run 2 "$ASTAR" path "$map" 3 3 40 40 --algo anya --svg "$scratch/a.svg"
has "--algo anya has none"
run 2 "$ASTAR" graph "$ASTAR_SOURCE_DIR/data/risk.graph" 1 2 --algo anya
has "--algo anya does not apply here"
for refused in "--moves 4" "--costs octile" "--heuristic octile" "--open-list sorted" "--ties first"; do
    # shellcheck disable=SC2086  # the option and its value are two words
    run 2 "$ASTAR" path "$map" 3 3 40 40 --algo anya $refused
    has "--algo anya takes no ${refused%% *}"
done
run 2 "$ASTAR" path "$map" 3 3 40 40 --algo anya --smooth
has "--algo anya's path is its waypoints already"
run 2 "$ASTAR" path "$map" 3 3 40 40 --algo anya --topology odd-r
has "--algo anya needs a square grid"
run 2 "$ASTAR" path "$map" 3 3 40 40 --algo dijkstra
has "one of: astar jps jps+ cpd hpa anya"
done_checks
