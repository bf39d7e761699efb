#!/usr/bin/env bash
# astar explore: a unit that knows nothing walks through mazes to its goal,
# never through a wall, at least as far as the optimal path; it gives up
# cleanly when there is no path; bad requests are refused.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

# The figures of the last run: steps, cost, distance and searches walked;
# best and best_distance, the cost and distance with full knowledge.
figures() {
    read -r steps cost distance searches < <(sed -n \
        's/^walked: \([0-9]*\) steps, cost \([0-9]*\) (distance \([0-9.]*\)), \([0-9]*\) searches.*/\1 \2 \3 \4/p' \
        <<<"$out") || true
    read -r best best_distance < <(sed -n \
        's/^full knowledge: cost \([0-9]*\) (distance \([0-9.]*\)).*/\1 \2/p' <<<"$out") || true
}
# holds CONDITION MESSAGE: an awk condition on numbers.
holds() {
    checks=$((checks + 1))
    awk "BEGIN {exit !($1)}" || fail "$2:
$out"
}

run 0 "$ASTAR" --help
has "explore"
run 0 "$ASTAR" explore --help
has "usage: astar explore"
has "--sight R"
has "--algo jps+ "
checks=$((checks + 1))
! grep -qF -- "--algo cpd" <<<"$out" || fail "explore --help lists --algo cpd, which it does not take"

# A small maze, drawn: the unit reaches G and its walk is drawn with '*'.
cat >"$scratch/maze.map" <<'EOF'
type octile
height 9
width 21
map
.....@.......@.......
.@@@.@.@@@@@.@.@@@@@.
.@...@.....@...@.....
.@.@@@@@@@.@@@@@.@@@@
.@.......@.......@...
.@@@@@@@.@@@@@@@.@.@.
.......@.......@...@.
@@@@@.@@@@@@@@.@@@@@.
.....................
EOF
run 0 "$ASTAR" explore "$scratch/maze.map" 0 0 20 0 --sight 2
has "reached the goal"
picture=$(grep -E '^[SG*#.+,]{21}$' <<<"$out")
checks=$((checks + 1))
[ "$(wc -l <<<"$picture")" -eq 9 ] || fail "expected a 9-row picture, got:
$picture"
checks=$((checks + 1))
[ "$(head -c 1 <<<"$picture")" = S ] && [ "$(head -n 1 <<<"$picture" | cut -c 21)" = G ] ||
    fail "S and G misplaced:
$picture"
checks=$((checks + 1))
grep -q '[*]' <<<"$picture" || fail "no walk drawn"
figures
holds "$cost >= $best" "walked cost below the optimal cost"
# The top row, the straight way to G, is walled at (5,0), which the unit
# cannot see from the start: it has to search again.
holds "$searches > 1 && $steps > 20" "expected a detour and more than one search"
# With sight enough to see the whole maze at once it walks the optimal path.
run 0 "$ASTAR" explore "$scratch/maze.map" 0 0 20 0 --sight 40
has "walked 1.00x that cost"

# JPS+ reads the believed grid's jump table, patched at every reveal: the
# same walk as JPS, which scans.
run 0 "$ASTAR" explore "$scratch/maze.map" 0 0 20 0 --sight 2 --algo jps
jps_walk=$(grep '^walked: ' <<<"$out")
run 0 "$ASTAR" explore "$scratch/maze.map" 0 0 20 0 --sight 2 --algo jps+
has "$jps_walk"

# A real maze, corridors one cell wide: one of the benchmark's longest
# problems (the README's example).
maze="$ASTAR_BENCH_DIR/maps/maze/maze512-1-0.map"
scen="$ASTAR_BENCH_DIR/scen/maze/maze512-1-0.map.scen"
sx=314 sy=21 gx=22 gy=13
optimal=$(awk -v p="$sx $sy $gx $gy" '$5 " " $6 " " $7 " " $8 == p {print $9}' "$scen")
holds "${optimal:-0} > 4000" "no problem $sx $sy $gx $gy in $scen"
for algo in astar jps; do
    run 0 "$ASTAR" explore "$maze" "$sx" "$sy" "$gx" "$gy" --algo "$algo" --costs octile --heuristic octile
    has "reached the goal"
    figures
    holds "$distance >= $optimal - 0.01 && $searches > 100" "$algo: walked distance $distance, optimal $optimal"
    holds "$best_distance - $optimal < 0.01 && $optimal - $best_distance < 0.01" \
        "$algo: full knowledge distance $best_distance, optimal $optimal"
done

# No way through: the unit gives up with exit status 1.
printf 'type octile\nheight 5\nwidth 9\nmap\n.....@...\n.....@...\n.....@...\n.....@...\n.....@...\n' \
    >"$scratch/split.map"
run 1 "$ASTAR" explore "$scratch/split.map" 0 2 8 2 --sight 1
has "no path"
has "full knowledge: no path"
figures
holds "$steps >= 3" "expected the unit to walk up to the wall first"

run 5 "$ASTAR" explore "$scratch/maze.map" 0 0 5 0
has "goal cell is not walkable"
run 5 "$ASTAR" explore "$scratch/maze.map" 0 0 30 0
has "goal is outside the grid"
run 5 "$ASTAR" explore "$scratch/maze.map" 1 1 3 0
has "start cell is not walkable"
run 2 "$ASTAR" explore "$scratch/maze.map" 0 0 2 2 --sight 0
has "--sight takes a whole number from 1 to 1000"
run 2 "$ASTAR" explore "$scratch/maze.map" 0 0 2 2 --sight
has "--sight needs a value"
run 2 "$ASTAR" explore "$scratch/maze.map" 0 0 2 2 --islands
has "--islands does not apply here: the unit searches its knowledge layer"
run 2 "$ASTAR" explore "$scratch/maze.map" 0 0 2
run 3 "$ASTAR" explore "$scratch/none.map" 0 0 2 2
has "cannot open"
done_checks
