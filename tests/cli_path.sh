#!/usr/bin/env bash
# astar path on a real map: the cost of a benchmark problem, the picture,
# and clear errors for bad requests.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
scen="$ASTAR_BENCH_DIR/scen/dao/arena.map.scen"
# Take the longest problem of the scenario file and its optimal length.
read -r sx sy gx gy optimal < <(awk 'NR > 1 && $9 > best {best = $9; line = $5 " " $6 " " $7 " " $8 " " $9} END {print line}' "$scen")
distance_of() { sed -n 's/.*(distance \([0-9.]*\)).*/\1/p' <<<"$out"; }
run 0 "$ASTAR" path "$map" "$sx" "$sy" "$gx" "$gy" --costs octile --heuristic octile
distance=$(distance_of)
checks=$((checks + 1))
awk -v d="$distance" -v o="$optimal" 'BEGIN {exit !(d - o < 0.01 && o - d < 0.01)}' ||
    fail "distance $distance, optimal $optimal"
# 49 columns: drawn, with S and G where they belong.
row=$(grep -c '^[.#xoS*G]\{49\}$' <<<"$out")
checks=$((checks + 1))
[ "$row" -eq 49 ] || fail "expected a 49-row picture, got $row rows"
line=$(grep '^[.#xoS*G]\{49\}$' <<<"$out" | sed -n "$((sy + 1))p")
checks=$((checks + 1))
[ "${line:$sx:1}" = S ] || fail "no S at ($sx,$sy)"

# JPS: A*'s distance, the jump points listed and drawn, from start to goal.
run 0 "$ASTAR" path "$map" 3 3 45 40 --costs octile --heuristic octile
astar_distance=$(distance_of)
run 0 "$ASTAR" path "$map" 3 3 45 40 --costs octile --heuristic octile --algo jps
checks=$((checks + 1))
[ "$(distance_of)" = "$astar_distance" ] || fail "JPS distance $(distance_of), A* $astar_distance"
nodes=$(grep -A1 '^jump points: ' <<<"$out" | tail -1)
checks=$((checks + 1))
[[ $nodes == "(3,3) "*" (45,40)" ]] || fail "jump points '$nodes' do not run from start to goal"
checks=$((checks + 1))
grep '^[.#xoS*GJ]\{49\}$' <<<"$out" | grep -q J || fail "no jump point drawn"
run 2 "$ASTAR" path "$map" 1 1 2 2 --algo jps --moves 4
has "--algo jps needs --moves 8"

# Islands: a query between two of them stops at once, with the same answer.
island_map="$ASTAR_BENCH_DIR/maps/bg512/AR0011SR.map"
run 1 "$ASTAR" path "$island_map" 94 319 178 491
has "no path"
checks=$((checks + 1))
grep -q '(0 expanded)' <<<"$out" && fail "expanded nothing without islands"
run 1 "$ASTAR" path "$island_map" 94 319 178 491 --islands
has "(0 expanded)"

# Dead ends: on a maze of one-cell corridors, a tree, the only cells on a
# simple path are those of the path itself, so A* expands just them (all
# but the goal); without dead ends it wanders into side corridors.
maze="$ASTAR_BENCH_DIR/maps/maze/maze512-1-0.map"
expanded_of() { sed -n 's/.*), \([0-9]*\) expanded$/\1/p' <<<"$out"; }
run 0 "$ASTAR" path "$maze" 215 154 334 235 --costs octile --heuristic octile
plain=$(expanded_of)
has "path: 803 cells, cost 1907156 (distance 802.0000)"
run 0 "$ASTAR" path "$maze" 215 154 334 235 --costs octile --heuristic octile --dead-ends
has "path: 803 cells, cost 1907156 (distance 802.0000), 802 expanded"
has "dead ends: "
checks=$((checks + 1))
[ "$plain" -gt 802 ] || fail "expanded $plain without dead ends, expected more than 802"
grep -q 'start in area [1-9]' <<<"$out" || fail "the start of a maze path is in no dead end"

run 5 "$ASTAR" path "$map" 100 1 2 2
has "start is outside the grid"
run 5 "$ASTAR" path "$map" 0 0 2 2
has "start cell is not walkable"
run 3 "$ASTAR" path "$scratch/none.map" 1 1 2 2
has "cannot open"
printf 'type octile\nheight 2\nwidth 3\nmap\n..\n...\n' >"$scratch/short.map"
run 3 "$ASTAR" path "$scratch/short.map" 0 0 1 1
has "short.map:5: row 0 has 2 cells, expected 3"
# Files that are no map are refused at once, without reading them whole:
# /dev/zero has no end (it once grew memory until it ran out), a directory
# gives the system's reason.
run 3 timeout 10 "$ASTAR" path /dev/zero 0 0 0 0
has "/dev/zero: cannot read: a device, a pipe or a socket, not a regular file (it may never end)"
run 3 "$ASTAR" path "$scratch" 0 0 0 0
has "cannot read: Is a directory"
# A unit of 2 x 2 cells: a door one cell wide lets a unit of one cell
# through and not it; one two cells wide lets both. Its path is its
# top-left cell's, and --size is checked.
printf 'type octile\nheight 6\nwidth 6\nmap\n......\n......\n@@.@@@\n......\n......\n......\n' >"$scratch/door.map"
run 0 "$ASTAR" path "$scratch/door.map" 0 0 0 4
has "path: 7 cells"
run 1 "$ASTAR" path "$scratch/door.map" 0 0 0 4 --size 2
has "unit size 2"
has "no path"
printf 'type octile\nheight 6\nwidth 6\nmap\n......\n......\n@@..@@\n......\n......\n......\n' >"$scratch/wide.map"
run 0 "$ASTAR" path "$scratch/wide.map" 0 0 0 4 --size 2
has "(2,1) (2,2) (2,3)"
run 0 "$ASTAR" nearest "$scratch/wide.map" 0 0 0,4 --size 2
has "path: 8 cells, cost 74"
run 5 "$ASTAR" path "$scratch/wide.map" 0 0 5 5 --size 2
has "goal cell is not walkable"
run 2 "$ASTAR" path "$scratch/wide.map" 0 0 0 4 --size 17
has "--size takes a whole number from 1 to 16, not '17'"
# nearest says the unit's size in its options line.
run 0 "$ASTAR" nearest "$scratch/wide.map" 0 0 0,4 --size 2
has "moves 8, costs article, unit size 2"
# --capability: water (W) and trees (T) are walls to a unit of
# capability 0 or 1 (ground) and 2 (ground and trees); capability 3
# (ground and water) crosses the river, at water's cost 3 a step, also as
# a unit of 2 x 2 cells, in a search, a nearest search and a flow field.
printf 'type octile\nheight 5\nwidth 7\nmap\n.......\n.......\nWWWWWW.\n.......\n..TTT..\n' >"$scratch/river.map"
for capability in 0 1 2; do
    run 0 "$ASTAR" path "$scratch/river.map" 0 0 0 3 --capability "$capability"
    has "path: 15 cells"
done
has ", capability 2"
run 0 "$ASTAR" path "$scratch/river.map" 0 0 0 3 --capability 3
has ", capability 3"
has "path: 4 cells, cost 50"
run 0 "$ASTAR" path "$scratch/river.map" 0 0 0 3 --capability 3 --size 2
has "unit size 2, capability 3"
has "(0,0) (0,1) (0,2) (0,3)"
run 0 "$ASTAR" nearest "$scratch/river.map" 0 0 0,3 --capability 3
has "moves 8, costs article, capability 3"
has "path: 4 cells, cost 50"
run 0 "$ASTAR" flow "$scratch/river.map" 0,3 --capability 3 --from 0,0
has "capability 3"
run 2 "$ASTAR" path "$scratch/river.map" 0 0 0 3 --capability 4
has "--capability takes a whole number from 0 to 3, not '4'"
# A wall splitting the map: no path, exit status 1.
printf 'type octile\nheight 3\nwidth 3\nmap\n.@.\n.@.\n.@.\n' >"$scratch/split.map"
run 1 "$ASTAR" path "$scratch/split.map" 0 0 2 2
has "no path"
done_checks
