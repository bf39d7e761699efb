#!/usr/bin/env bash
# astar path --turn-penalty, --smooth and --svg on a real map: fewer turns
# with the penalty, waypoints from start to goal drawn in the picture, an
# SVG with the path and the waypoints, and clear errors.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

lak="$ASTAR_BENCH_DIR/maps/dao/lak303d.map"
query=(100 149 46 94 --costs octile --heuristic euclidean)
turns_of() { sed -n 's/^path length [0-9.]*, \([0-9]*\) turns$/\1/p' <<<"$out"; }
waypoints_of() { sed -n 's/^smoothed: \([0-9]*\) waypoints.*/\1/p' <<<"$out"; }

# The zig-zag path of the docs picture: the penalty cuts its turns, and
# smoothing shortens the walk.
run 0 "$ASTAR" path "$lak" "${query[@]}" --smooth
plain_turns=$(turns_of)
has "smoothed: "
run 0 "$ASTAR" path "$lak" "${query[@]}" --smooth --turn-penalty 2378
has ", turn penalty 2378"
penalised_turns=$(turns_of)
checks=$((checks + 1))
[ "$penalised_turns" -lt "$plain_turns" ] ||
    fail "turns with the penalty $penalised_turns, without $plain_turns"
checks=$((checks + 1))
awk '/^smoothed:/ {exit !($5 + 0 < $7 + 0)}' <<<"$out" ||
    fail "the smoothed walk is not shorter: $(grep '^smoothed:' <<<"$out")"
# Waypoints: the line after "smoothed:", from start to goal, as many as it says.
line=$(grep -A1 '^smoothed: ' <<<"$out" | tail -1)
checks=$((checks + 1))
[[ $line == "(100,149) "*" (46,94)" ]] || fail "waypoints '$line' do not run from start to goal"
checks=$((checks + 1))
[ "$(wc -w <<<"$line")" -eq "$(waypoints_of)" ] || fail "'$line' is not $(waypoints_of) waypoints"

# A small map is drawn, its waypoints marked W: the inner ones, one each.
arena="$ASTAR_BENCH_DIR/maps/dao/arena.map"
run 0 "$ASTAR" path "$arena" 3 3 45 40 --costs octile --heuristic octile --smooth
count=$(waypoints_of)
drawn=$(grep '^[.#xoS*GW]\{49\}$' <<<"$out" | tr -cd W | wc -c)
checks=$((checks + 1))
[ "$drawn" -eq $((count - 2)) ] || fail "$drawn W in the picture for $count waypoints"

# A unit of 3 x 3 cells smooths its own path: waypoints from start to
# goal, not those of a unit of one cell (its lines keep off the walls).
run 0 "$ASTAR" path "$arena" 3 3 45 40 --costs octile --heuristic octile --smooth --size 3
sized=$(grep -A1 '^smoothed: ' <<<"$out" | tail -1)
checks=$((checks + 1))
[[ $sized == "(3,3) "*" (45,40)" ]] || fail "size 3: waypoints '$sized' do not run from start to goal"
run 0 "$ASTAR" path "$arena" 3 3 45 40 --costs octile --heuristic octile --smooth
checks=$((checks + 1))
[ "$sized" != "$(grep -A1 '^smoothed: ' <<<"$out" | tail -1)" ] ||
    fail "size 3 smooths as size 1: '$sized'"

# The SVG: the map's cells, the path, and with --smooth the waypoints.
run 0 "$ASTAR" path "$lak" "${query[@]}" --svg "$scratch/plain.svg"
run 0 "$ASTAR" path "$lak" "${query[@]}" --smooth --svg "$scratch/smooth.svg"
checks=$((checks + 1))
if [ "$(head -c 4 "$scratch/plain.svg")" != "<svg" ] || [ "$(tail -n 1 "$scratch/plain.svg")" != "</svg>" ]; then
    fail "plain.svg is not an SVG document"
fi
checks=$((checks + 1))
if [ "$(grep -c '<polyline' "$scratch/plain.svg")" -ne 1 ] ||
    [ "$(grep -c '<polyline' "$scratch/smooth.svg")" -ne 2 ]; then
    fail "expected 1 and 2 polylines"
fi
checks=$((checks + 1))
grep -q '<rect x=' "$scratch/plain.svg" || fail "no blocked cells drawn"
checks=$((checks + 1))
grep -q "smoothed: $(waypoints_of) waypoints" "$scratch/smooth.svg" || fail "no caption"
# A legend names every colour drawn; waypoints only where there are some.
for key in start goal path waypoints closed open wall "dearer terrain"; do
    checks=$((checks + 1))
    grep -q ">$key</text>" "$scratch/smooth.svg" || fail "the legend has no '$key'"
done
checks=$((checks + 1))
! grep -q ">waypoints</text>" "$scratch/plain.svg" || fail "a legend names waypoints not drawn"
# The search's squares, from its trace: as many closed as it expanded,
# and the goal; the closed squares' rectangles cover that many cells.
expanded=$(sed -n 's/^path: .*, \([0-9]*\) expanded$/\1/p' <<<"$out")
closed=$(grep -o '[0-9]* squares closed' "$scratch/smooth.svg" | cut -d' ' -f1)
area=$(awk '/fill:#4d9de0/ {inside = 1; next} /<\/g>/ {inside = 0}
            inside && match($0, /width="[0-9]+"/) {sum += substr($0, RSTART + 7, RLENGTH - 8)}
            END {print sum + 0}' "$scratch/smooth.svg")
checks=$((checks + 1))
[ -n "$expanded" ] && [ "$closed" = $((expanded + 1)) ] && [ "$area" = "$closed" ] ||
    fail "expanded $expanded, caption says $closed closed, drawn $area"

# Every problem of a scenario with a penalty: legal paths whose reported
# cost is their steps plus the penalties, never shorter than the optimum.
run 0 "$ASTAR" scen --costs octile --heuristic octile --turn-penalty 2378 \
    "$ASTAR_BENCH_DIR/scen/dao/arena.map.scen"
last_line "160 passed, 0 failed"

# Refusals.
run 2 "$ASTAR" path "$lak" "${query[@]}" --algo jps --turn-penalty 10
has "--algo jps takes no --turn-penalty"
run 2 "$ASTAR" path "$lak" "${query[@]}" --turn-penalty -1
has "--turn-penalty takes a whole number"
run 2 "$ASTAR" path "$lak" "${query[@]}" --turn-penalty 1x
has "--turn-penalty takes a whole number"
run 2 "$ASTAR" path "$lak" "${query[@]}" --svg
has "--svg needs a value"
run 4 "$ASTAR" path "$lak" "${query[@]}" --svg "$scratch/no/such/dir.svg"
has "cannot write"
done_checks
