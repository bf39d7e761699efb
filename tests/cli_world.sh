#!/usr/bin/env bash
# astar path with world options: an influence disc the path goes round, its
# weight and decay, stopped units as walls, a moving unit in a one-wide
# corridor (single file: still a path), and clear errors.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
octile=(--costs octile --heuristic octile)
cost_of() { sed -n 's/^path: .* cost \([0-9]*\) .*/\1/p' <<<"$out"; }
plain_cost_of() { sed -n 's/^without the world: .* cost \([0-9]*\),.*/\1/p' <<<"$out"; }
expect() { # expect WHAT GOT WANTED
    checks=$((checks + 1))
    [ "$2" = "$3" ] || fail "$1: got '$2', expected '$3'"
}

# Carnage on the straight line: the plain path crosses it, the path with
# the layer does not, and costs more.
run 0 "$ASTAR" path "$map" 3 3 45 40 "${octile[@]}" --influence 24,22,5,40
has "world: 1 influence disc (layer weight 1, decay 1), 0 stopped units, 0 moving"
has "enters 0 cells of influence, 0 of units, 0 of movers' paths"
grep -q '^without the world: .*enters [1-9][0-9]* cells of influence' <<<"$out" ||
    fail "the plain path should cross the influence: $out"
checks=$((checks + 1))
[ "$(cost_of)" -gt "$(plain_cost_of)" ] || fail "cost $(cost_of) not above $(plain_cost_of)"
checks=$((checks + 1))
grep -q '~' <<<"$out" || fail "no influence drawn"

# Weight 0, or a decay that clears the layer: the plain cost.
run 0 "$ASTAR" path "$map" 3 3 45 40 "${octile[@]}" --influence 24,22,5,40 --layer-weight 0
expect "weight 0" "$(cost_of)" "$(plain_cost_of)"
run 0 "$ASTAR" path "$map" 3 3 45 40 "${octile[@]}" --influence 24,22,5,40 --decay 0
expect "decay 0" "$(cost_of)" "$(plain_cost_of)"
has "decay 0"

# A stopped unit on the diagonal and a mover crossing it near the start.
run 0 "$ASTAR" path "$map" 3 3 45 40 "${octile[@]}" --unit 12,12 \
    --mover 8,3:8,4:8,5:8,6:8,7:8,8:8,9:8,10
has "1 stopped unit, 1 moving (radius 8, penalty 4)"
has "without the world: 43 cells, cost 136321, 42 expanded; enters 0 cells of influence, 1 of units, 1 of movers' paths"
has "with the world: enters 0 cells of influence, 0 of units, 0 of movers' paths"
checks=$((checks + 1))
if ! grep -q 'U' <<<"$out" || ! grep -q 'M' <<<"$out"; then fail "units not drawn"; fi
# The same mover out of range (radius 2) is not dodged.
run 0 "$ASTAR" path "$map" 3 3 45 40 "${octile[@]}" --mover 8,3:8,4:8,5:8,6:8,7:8,8:8,9:8,10 \
    --unit-radius 2
expect "mover out of range" "$(cost_of)" "$(plain_cost_of)"

# Single file: a one-wide corridor with a mover in it is still passable
# (through the cell the mover stands on at the corridor's mouth, too).
printf 'type octile\nheight 3\nwidth 17\nmap\n.....@@@@@@@.....\n.................\n.....@@@@@@@.....\n' \
    >"$scratch/corridor.map"
run 0 "$ASTAR" path "$scratch/corridor.map" 0 1 16 1 --mover 4,1:5,1:6,1:7,1:8,1:9,1:10,1:11,1:12,1 \
    --unit-penalty 3
has "path: 17 cells"
grep -q '^with the world: enters 0 cells of influence, 1 of units, [1-9][0-9]* of movers' <<<"$out" ||
    fail "the path should follow the mover: $out"
checks=$((checks + 1))
[ "$(cost_of)" -gt "$(plain_cost_of)" ] || fail "the corridor should cost more behind a mover"
# A stopped unit in it closes it; one on the goal blocks the goal.
run 1 "$ASTAR" path "$scratch/corridor.map" 0 1 16 1 --unit 8,1
has "no path"
run 5 "$ASTAR" path "$scratch/corridor.map" 0 1 16 1 --unit 16,1
has "another unit blocks the goal cell"

# Bad values, and what the world cannot be combined with.
run 2 "$ASTAR" path "$map" 3 3 45 40 --influence 1,2,3
has "--influence takes X,Y,RADIUS,VALUE"
run 2 "$ASTAR" path "$map" 3 3 45 40 --influence 1,2,3,0
has "VALUE 1..65535"
run 2 "$ASTAR" path "$map" 3 3 45 40 --decay 1.5
has "--decay takes a number from 0 to 1"
run 2 "$ASTAR" path "$map" 3 3 45 40 --layer-weight -1
has "--layer-weight takes a number from 0 to 1024"
run 2 "$ASTAR" path "$map" 3 3 45 40 --mover 1,1:2
has "--mover takes X,Y:X,Y:..."
run 2 "$ASTAR" path "$map" 3 3 45 40 --unit 100,3
has "--unit 100,3 is outside the map"
run 2 "$ASTAR" path "$map" 3 3 45 40 --mover 5,5:5,60
has "--mover cell 5,60 is outside the map"
run 2 "$ASTAR" path "$map" 3 3 45 40 --unit-radius
has "--unit-radius needs a value"
run 2 "$ASTAR" path "$map" 3 3 45 40 --algo jps --influence 24,22,5,40
has "--algo jps takes no influence layer or units"
run 0 "$ASTAR" path --help
has "--influence X,Y,R,V"
has "--mover X,Y:X,Y:..."
done_checks
