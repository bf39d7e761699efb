#!/usr/bin/env bash
# astar mapf: scenario lines as agents, solved by LaCAM with the plan
# validated; 4 and 8 moves; an instance with no plan said to have none;
# clear errors for bad requests.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

map="$ASTAR_BENCH_DIR/maps/dao/den520d.map"
scen="$ASTAR_BENCH_DIR/scen/dao/den520d.map.scen"

run 0 "$ASTAR" mapf "$map" "$scen" 100
has "mapf: 100 agents on 256 x 257, moves 4, seed 1"
has "status: solved"
has "x the lower bound"
has "plan: valid"
has "scattering: "
# Without scattering the agents queue for the same ways: a plan still,
# valid, at a higher sum of costs (2,599 against 2,520 here).
scattered=$(sed -n 's/.*sum of costs: \([0-9]*\) .*/\1/p' <<<"$out")
run 0 "$ASTAR" mapf "$map" "$scen" 100 --no-scatter
has "plan: valid"
checks=$((checks + 1))
! grep -q "scattering" <<<"$out" || fail "--no-scatter printed a scattering line: $out"
queued=$(sed -n 's/.*sum of costs: \([0-9]*\) .*/\1/p' <<<"$out")
checks=$((checks + 1))
[ -n "$scattered" ] && [ -n "$queued" ] && [ "$scattered" -lt "$queued" ] ||
    fail "sum of costs scattered '$scattered', not '$queued'"
run 0 "$ASTAR" mapf "$map" "$scen" 60 --moves 8 --seed 2
has "moves 8, seed 2"
has "plan: valid"

# Two agents swapping ends of a one-wide path: no plan, after the search
# has tried every configuration.
printf 'type octile\nheight 1\nwidth 5\nmap\n.....\n' >"$scratch/path.map"
printf 'version 1\n0\tpath.map\t5\t1\t0\t0\t4\t0\t4\n0\tpath.map\t5\t1\t4\t0\t0\t0\t4\n' \
    >"$scratch/path.map.scen"
run 1 "$ASTAR" mapf "$scratch/path.map" "$scratch/path.map.scen" 2
has "status: no solution (search exhausted)"
has "search: 10 configurations"

# A dead end whose goals must be filled deepest first; refined until the
# search is spent, the least loss (24, as a Dijkstra over configurations
# written apart finds).
printf 'type octile\nheight 5\nwidth 7\nmap\n.......\n@@@.@@@\n@@@.@@@\n@@@.@@@\n@@@.@@@\n' \
    >"$scratch/dead.map"
{
    printf 'version 1\n'
    for line in "0 0 3 1" "1 0 3 2" "3 0 3 3" "5 0 3 4"; do
        read -r sx sy gx gy <<<"$line"
        printf '0\tdead.map\t7\t5\t%s\t%s\t%s\t%s\t5\n' "$sx" "$sy" "$gx" "$gy"
    done
} >"$scratch/dead.map.scen"
run 0 "$ASTAR" mapf "$scratch/dead.map" "$scratch/dead.map.scen" 4 --refine --seconds 20
has "status: solved, optimal (least loss)"
has "loss: 24;"
has "plan: valid"

# Bad requests.
run 5 "$ASTAR" mapf "$scratch/path.map" "$scratch/path.map.scen" 3
has "has 2 lines with distinct starts and goals, not 3"
run 2 "$ASTAR" mapf "$map" "$scen"
has "usage: astar mapf"
run 2 "$ASTAR" mapf "$map" "$scen" 0
has "N must be a whole number"
run 2 "$ASTAR" mapf "$map" "$scen" 10 --moves 8cut
has "mapf moves 4 or 8 ways"
run 2 "$ASTAR" mapf "$map" "$scen" 10 --seconds 0
run 3 "$ASTAR" mapf "$map" "$scratch/none.scen" 10
run 0 "$ASTAR" mapf --help
has "usage: astar mapf"

done_checks
