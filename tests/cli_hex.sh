#!/usr/bin/env bash
# Hex maps on the command line: --topology on astar path (costs counted by
# hand, the map drawn with its rows or columns shoved, an SVG of hexes),
# astar bench and nearest taking it, and the subcommands that refuse it.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

# A wall across all but the last column: the way round it is 7 steps
# along the top row, down past the wall's end and back along the bottom
# row; on hexes which cells of the row below touch depends on the layout.
cat >"$scratch/wall.map" <<'MAP'
type octile
height 3
width 8
map
........
@@@@@@@.
........
MAP
run 0 "$ASTAR" path "$scratch/wall.map" 0 0 0 2 --topology hex-pointy
has "topology: hex, odd-r (6 neighbours; --moves does not apply)"
# The options line says what a hex search uses: the layout for the moves,
# the hex distance for H (zero stays zero).
has "open list heap, hex odd-r, costs article, heuristic hex distance, weight 1"
# Row 0 to row 2 round the end: (0,0)..(7,0), (7,1), then back along row
# 2 to (0,2): 7 + 1 + 1 + 7 steps, hexes' own distance 16 as the path's.
has "path: 17 cells, cost 160 (distance 16.0000)"
has "(6,0) (7,0) (7,1) (7,2) (6,2)"
# The drawing: row 1 (odd) shoved one place right, a space between cells.
has " # # # # # # # *"
# even-r shoves rows 0 and 2 instead: from (7,1) the row below's
# neighbours are (6,2) and (7,2), a step shorter back.
run 0 "$ASTAR" path "$scratch/wall.map" 0 0 0 2 --topology even-r -q
has "path: 15 cells, cost 140"
run 0 "$ASTAR" path "$scratch/wall.map" 0 0 0 2 --topology even-r -q --heuristic zero
has "hex even-r, costs article, heuristic zero,"
run 0 "$ASTAR" path "$scratch/wall.map" 0 0 0 2 -q
has "path: 17 cells, cost 160"

# Flat-top: columns shoved down; on an open map the hex distance.
cat >"$scratch/open.map" <<'MAP'
type octile
height 6
width 6
map
......
......
......
......
......
......
MAP
run 0 "$ASTAR" path "$scratch/open.map" 0 0 5 5 --topology hex-flat --ties straight --costs octile
has "path: 9 cells, cost 19024 (distance 8.0000)"
# Two lines a row: even columns, then the odd ones half a row down.
has "S   o   ."
has "  *   .   ."
run 0 "$ASTAR" path "$scratch/open.map" 0 0 5 0 --topology even-q -q
has "path: 6 cells, cost 50"

# SVG: hexes drawn from one shape.
run 0 "$ASTAR" path "$scratch/open.map" 0 0 5 5 --topology odd-q --svg "$scratch/h.svg" -q
grep -q '<polygon id="hex"' "$scratch/h.svg" || fail "no hex shape in the SVG"
[ "$(grep -c '<use href="#hex"' "$scratch/h.svg")" -ge 36 ] || fail "not every cell drawn as a hex"
# The start and goal marks fit inside their hexes (inscribed radius 1/2).
checks=$((checks + 1))
awk 'match($0, /<circle [^>]* r="[0-9.]+"/) { r = substr($0, RSTART, RLENGTH); sub(/.*r="/, "", r);
         sub(/"$/, "", r); if (r + 0 > 0.5 && $0 !~ /<text|font/) { print r; bad = 1 } }
     END { exit bad }' "$scratch/h.svg" || fail "a mark overflows its hex"
checks=$((checks + 2))

# The rest of the CLI: a benchmark run and nearest targets on hexes.
map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
scen="$ASTAR_BENCH_DIR/scen/dao/arena.map.scen"
run 0 "$ASTAR" bench "$scen" --topology hex-pointy
has "topology: hex, odd-r"
has "arena.map.scen"
run 0 "$ASTAR" nearest "$scratch/open.map" 0 0 5,5 3,0 --topology odd-r
has "dijkstra from 2 targets: hex odd-r, costs article"
has "nearest: target 1 (3,0)"
has "path: 4 cells, cost 30"

# What does not apply.
run 2 "$ASTAR" path "$scratch/open.map" 0 0 5 5 --topology hex
has "--topology does not take 'hex'; one of: square hex-pointy hex-flat odd-r even-r odd-q even-q"
# Algorithms a hex grid cannot take are refused before any work, on
# stderr, with the cause and what to use instead.
for algo in jps jps+ cpd hpa; do
    run 2 "$ASTAR" path "$scratch/open.map" 0 0 5 5 --topology odd-r --algo $algo
    has "--algo $algo needs a square grid, not --topology odd-r:"
    has "use --algo astar on hexes"
    checks=$((checks + 1))
    [ -z "$("$ASTAR" path "$scratch/open.map" 0 0 5 5 --topology odd-r --algo $algo 2>/dev/null)" ] ||
        fail "--algo $algo on hexes printed on stdout"
done
run 2 "$ASTAR" bench "$scen" --topology odd-r --algo jps
has "--algo jps needs a square grid, not --topology odd-r"
# An unknown algorithm is told every choice the subcommand has.
run 2 "$ASTAR" path "$scratch/open.map" 0 0 5 5 --algo foo
has "--algo does not take 'foo'; one of: astar jps jps+ cpd hpa"
run 2 "$ASTAR" path "$scratch/open.map" 0 0 5 5 --topology odd-r --smooth
has "--smooth does not apply to hex maps"
run 2 "$ASTAR" scen "$scen" --topology odd-r
has "--topology odd-r does not apply here: the scenarios' optimal lengths are a square grid's"
run 2 "$ASTAR" graph "${ASTAR_SOURCE_DIR:-.}/data/risk.graph" Alaska Ural --topology odd-r
has "--topology does not apply here"

# The README's example runs as written, on the map it ships.
: "${ASTAR_SOURCE_DIR:?ASTAR_SOURCE_DIR must name the source tree}"
cd "$ASTAR_SOURCE_DIR"
run 0 "$ASTAR" path data/wall.map 0 0 0 2 --topology hex-pointy --ties straight
readme=$(sed -n '/^\$ build\/astar path wall.map\|^\$ build\/astar path data\/wall.map/,/^```/p' README.md | sed '1d;$d')
checks=$((checks + 1))
[ "$out" = "$readme" ] || fail "the README's hex example prints otherwise:
$out"
# Walls written as '#', as the CLI draws them: the message shows the
# character and the ones allowed.
sed 's/@/#/g' data/wall.map >"$scratch/hash.map"
run 3 "$ASTAR" path "$scratch/hash.map" 0 0 0 2
has "hash.map:6: unknown map character '#' at column 1; a cell is one of . G S (ground) or @ O T W (blocked)"

# Which subcommands take --topology, as the README says.
run 0 "$ASTAR" nearest "$map" 3 3 40,40 --topology hex-flat -q
has "dijkstra from 1 target: hex odd-q"
run 0 "$ASTAR" bench "$scen" --topology hex-pointy
for refusing in "scen $scen" "queue $scen" "cpd build $map $scratch/x.cpd" "flow $map 3,3" \
    "explore $map 3 3 40 40" "waypoints data/rooms.map data/rooms.waypoints 1 1 5 5"; do
    # shellcheck disable=SC2086
    run 2 "$ASTAR" $refusing --topology hex-pointy
    has "--topology"
done
done_checks
