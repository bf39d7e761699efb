#!/usr/bin/env bash
# astar nearest and astar flow: the nearest target's cost against one astar
# path per target, the flow field's walk against the nearest path, the
# pictures, and clear errors for bad requests.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
octile=(--costs octile --heuristic octile)
# Dijkstra (nearest, flow) takes the costs and moves only.
dijkstra=(--costs octile)
targets=(45,40 10,44 40,5)
cost_of() { sed -n 's/^path: .* cost \([0-9]*\) .*/\1/p' <<<"$out"; }

# The least of the A* costs to each target, and which target has it.
least=
for i in "${!targets[@]}"; do
    run 0 "$ASTAR" path "$map" 3 3 "${targets[$i]%,*}" "${targets[$i]#*,}" "${octile[@]}"
    cost=$(cost_of)
    if [ -z "$least" ] || [ "$cost" -lt "$least" ]; then least=$cost best=$i; fi
done
run 0 "$ASTAR" nearest "$map" 3 3 "${targets[@]}" "${dijkstra[@]}"
has "dijkstra from 3 targets: moves 8, costs octile"
has "nearest: target $best (${targets[$best]})"
checks=$((checks + 1))
[ "$(cost_of)" = "$least" ] || fail "nearest cost $(cost_of), least A* cost $least"
nearest_cells=$(grep -A1 '^path: ' <<<"$out" | tail -1)
# 49 columns: drawn, with S at the start and G at the nearest target.
rows=$(grep -c '^[.#TS*G]\{49\}$' <<<"$out")
checks=$((checks + 1))
[ "$rows" -eq 49 ] || fail "expected a 49-row picture, got $rows rows"
picture=$(grep '^[.#TS*G]\{49\}$' <<<"$out")
# -q: the same summary, no cells and no picture, as path -q.
summary=$(grep -E '^(dijkstra from|nearest:|path:)' <<<"$out")
run 0 "$ASTAR" nearest "$map" 3 3 "${targets[@]}" "${dijkstra[@]}" -q
checks=$((checks + 1))
[ "$out" = "$summary" ] || fail "nearest -q printed more or less than the summary: $out"
checks=$((checks + 1))
[ "$(sed -n 4p <<<"$picture" | cut -c4)" = S ] || fail "no S at (3,3)"
checks=$((checks + 1))
[ "$(sed -n 6p <<<"$picture" | cut -c41)" = G ] || fail "no G at (40,5)"
checks=$((checks + 1))
[ "$(sed -n 41p <<<"$picture" | cut -c46)" = T ] || fail "no T at (45,40)"

# The flow field leads from (3,3) along the same cells at the same cost.
run 0 "$ASTAR" flow "$map" "${targets[@]}" "${dijkstra[@]}" --from 3,3 --from 0,0 --from 99,1
has "flow field: 3 targets on 49 x 49, moves 8, costs octile"
has "from (3,3): target $best (${targets[$best]}), cost $least "
has "from (0,0): no target can be reached"
has "from (99,1): outside the map"
checks=$((checks + 1))
[ "$(grep -A1 '^from (3,3)' <<<"$out" | tail -1)" = "$nearest_cells" ] ||
    fail "the flow field's walk differs from the nearest path"
has "memory: distance map 8.0 bytes/cell, search context 16.0 bytes/cell"

# The arrows on a small map: each cell points at its next step towards the
# nearer target (the first target where both are as near: the middle of the
# top row); with 4 moves no arrow is diagonal.
printf 'type octile\nheight 3\nwidth 7\nmap\n.......\n...@...\n.......\n' >"$scratch/room.map"
run 0 "$ASTAR" flow "$scratch/room.map" 0,1 6,1 --show
has "reachable: 20 of 21 cells; farthest (3,0), cost 34"
has "↓↙↙←↘↘↓"
has "T←←#→→T"
has "↑↖↖←↗↗↑"
run 0 "$ASTAR" flow "$scratch/room.map" 0,1 6,1 --show --moves 4
has "T←←#→→T"
checks=$((checks + 1))
grep -q '[↖↗↙↘]' <<<"$out" && fail "a diagonal arrow with 4 moves"

# A 512 x 512 map, timed: every cell of the target's island is reached.
run 0 "$ASTAR" flow "$ASTAR_BENCH_DIR/maps/bg512/AR0011SR.map" 100,100 --repeat 3 "${dijkstra[@]}"
has "build: "
has "ms (median of 3)"
has "reachable: 115148 of 262144 cells"

# Nothing to reach, and bad requests.
printf 'type octile\nheight 3\nwidth 3\nmap\n.@.\n.@.\n.@.\n' >"$scratch/split.map"
run 1 "$ASTAR" nearest "$scratch/split.map" 0 0 2,2 2,0
has "no path"
run 0 "$ASTAR" nearest "$scratch/split.map" 0 0 2,2 0,2 2,0
has "nearest: target 1 (0,2)"
run 5 "$ASTAR" nearest "$map" 3 3 45,40 100,5
has "goal is outside the grid"
run 5 "$ASTAR" nearest "$map" 0 0 45,40
has "start cell is not walkable"
run 2 "$ASTAR" nearest "$map" 3 3 4,5x
has "'4,5x' is not a target TX,TY"
run 2 "$ASTAR" nearest "$map" 3 3
has "usage: astar nearest"
run 2 "$ASTAR" flow "$map"
has "usage: astar flow"
run 2 "$ASTAR" flow "$map" 3,3 --repeat 0
has "--repeat takes a whole number from 1 to 100000, not '0'"
run 2 "$ASTAR" flow "$map" 3,3 --frob
has "unknown option '--frob'"
run 2 "$ASTAR" flow "$map" 3,300
has "goal is outside the grid"
# A blocked target is a mistake the library forgives (it skips it) but the
# CLI refuses before any work, on stderr, exit 5, as path does a blocked
# goal: (0,0) is a wall of arena.map.
run 5 "$ASTAR" flow "$map" 0,0
has "astar flow: target 0 (0,0) is blocked: a target must be a walkable cell"
run 5 "$ASTAR" nearest "$map" 3 3 45,40 0,0
has "astar nearest: target 1 (0,0) is blocked: a target must be a walkable cell"
for c in "flow $map 0,0" "nearest $map 3 3 45,40 0,0"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086  # the words of the command line
    [ -z "$("$ASTAR" $c 2>/dev/null)" ] || fail "astar $c printed on stdout"
done
for c in nearest flow; do
    run 0 "$ASTAR" "$c" --help
    has "usage: astar $c"
    has "(algorithm, heuristic, jumps) do not apply"
done
done_checks
