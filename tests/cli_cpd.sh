#!/usr/bin/env bash
# astar cpd build and --algo cpd / --cpd FILE in astar path, scen and bench:
# the database's paths cost what A*'s cost, every scenario line of the two
# smallest dao maps is optimal, a saved file loads, and a file for another
# map, a damaged file or options that do not apply are refused clearly. The
# same for graphs: astar cpd build GRAPH, astar graph --algo cpd.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
other="$ASTAR_BENCH_DIR/maps/dao/den312d.map"
scen=("$ASTAR_BENCH_DIR/scen/dao/arena.map.scen" "$ASTAR_BENCH_DIR/scen/dao/den312d.map.scen")
cost_of() { sed -n 's/^path: .* cost \([0-9]*\) .*/\1/p' <<<"$out"; }

run 0 "$ASTAR" cpd --help
has "usage: astar cpd build MAP OUT"
run 0 "$ASTAR" --help
has "cpd "
for c in path scen bench; do
    run 0 "$ASTAR" "$c" --help
    has "--algo cpd"
    has "--cpd FILE"
done

run 0 "$ASTAR" cpd build "$map" "$scratch/arena.cpd" --threads 2 --costs octile
has "options: moves 8, costs octile, order dfs"
has "cpd: built on 2 threads in"
has "2054 walkable cells"
has "saved $scratch/arena.cpd"

# The database's path costs what A*'s costs, built or loaded.
run 0 "$ASTAR" path "$map" 3 3 40 40 --costs octile --heuristic octile -q
least=$(cost_of)
run 0 "$ASTAR" path "$map" 3 3 40 40 --costs octile --algo cpd -q
has "options: algo cpd, moves 8, costs octile"
has "first moves looked up"
checks=$((checks + 1))
[ "$(cost_of)" = "$least" ] || fail "cpd cost $(cost_of), A* cost $least"
run 0 "$ASTAR" path "$map" 3 3 40 40 --costs octile --cpd "$scratch/arena.cpd" -q
has "cpd: loaded from $scratch/arena.cpd"
checks=$((checks + 1))
[ "$(cost_of)" = "$least" ] || fail "loaded cpd cost $(cost_of), A* cost $least"
printf 'type octile\nheight 2\nwidth 5\nmap\n..@..\n..@..\n' >"$scratch/halves.map"
run 1 "$ASTAR" path "$scratch/halves.map" 0 0 4 1 --algo cpd -q
has "no path"
run 5 "$ASTAR" path "$map" 0 0 3 3 --algo cpd -q
has "start cell is not walkable"

# Every scenario line optimal.
run 0 "$ASTAR" scen "${scen[@]}" --algo cpd --costs octile
has "its length equals the file's optimal length"
last_line "480 passed, 0 failed"
run 0 "$ASTAR" scen "${scen[0]}" --cpd "$scratch/arena.cpd" --costs octile
last_line "160 passed, 0 failed"
run 0 "$ASTAR" bench "${scen[0]}" --algo cpd --threads 1
has "cpd: built on 1 threads"
has "arena.map.scen"

# Refusals: another map, other costs, a damaged file, options that do not apply.
run 3 "$ASTAR" path "$other" 3 3 40 40 --costs octile --cpd "$scratch/arena.cpd"
has "made for another map"
run 2 "$ASTAR" path "$map" 3 3 40 40 --cpd "$scratch/arena.cpd"
has "arena.cpd was built for moves 8, costs octile; these options ask for moves 8, costs article (give the database's --moves and --costs, or build one for these with astar cpd build)"
run 2 "$ASTAR" path "$map" 3 3 40 40 --cpd "$scratch/arena.cpd" --moves 4 --costs octile
has "was built for moves 8, costs octile; these options ask for moves 4, costs octile"

head -c 1000 "$scratch/arena.cpd" >"$scratch/cut.cpd"
run 3 "$ASTAR" path "$map" 3 3 40 40 --costs octile --cpd "$scratch/cut.cpd"
has "cut short"
run 3 "$ASTAR" path "$map" 3 3 40 40 --cpd "$map"
has "not a CPD file"
run 2 "$ASTAR" path "$map" 3 3 40 40 --algo cpd --heuristic octile
has "--algo cpd takes no --heuristic"
run 2 "$ASTAR" path "$map" 3 3 40 40 --algo cpd --svg "$scratch/x.svg"
has "--svg draws a search's lists"
run 2 "$ASTAR" nearest "$map" 3 3 40 40 --algo cpd
has "does not apply here"
run 2 "$ASTAR" queue "${scen[0]}" --algo cpd
has "--algo cpd does not apply here"
run 2 "$ASTAR" cpd build "$map" "$scratch/x.cpd" --order spiral
has "--order takes dfs or rows"
run 2 "$ASTAR" cpd build "$map" "$scratch/x.cpd" --heuristic octile
has "astar cpd build takes --moves and --costs only"
run 2 "$ASTAR" cpd load "$map" "$scratch/x.cpd"
has "unknown action 'load'"
# An output that cannot be written is refused before the build (which
# takes hours on a large map), not after it.
run 4 "$ASTAR" cpd build "$map" "$scratch/no/such/dir.cpd"
has "astar cpd: $scratch/no/such/dir.cpd: cannot open for writing: No such file or directory (nothing was built)"
checks=$((checks + 1))
grep -q "cpd: built" <<<"$out" && fail "cpd build built before finding it cannot write"
run 4 "$ASTAR" cpd build "$map" "$scratch"
has "cannot open for writing: Is a directory"
# A graph's database: the Risk board's routes cost what A*'s cost.
risk="$ASTAR_SOURCE_DIR/data/risk.graph"
route_cost() { sed -n 's/^route: .* cost \([0-9]*\),.*/\1/p' <<<"$out"; }
run 0 "$ASTAR" cpd build "$risk" "$scratch/risk.cpd" --threads 2
has "graph: 42 nodes, 166 edges; order dfs"
has "42 enabled nodes"
has "bytes/node in memory"
has "saved $scratch/risk.cpd"
for pair in "Alaska Argentina" "Eastern_Australia Iceland" "Madagascar Kamchatka" "Peru Peru"; do
    # shellcheck disable=SC2086
    run 0 "$ASTAR" graph "$risk" $pair -q
    least=$(route_cost)
    # shellcheck disable=SC2086
    run 0 "$ASTAR" graph "$risk" $pair --cpd "$scratch/risk.cpd" -q
    has "options: algo cpd"
    has "cpd: loaded from $scratch/risk.cpd"
    has "first moves looked up"
    checks=$((checks + 1))
    [ "$(route_cost)" = "$least" ] || fail "$pair: cpd cost $(route_cost), A* cost $least"
done
run 0 "$ASTAR" graph "$risk" Alaska Argentina --algo cpd
has "cpd: built on 2 threads"
has "Alaska -> Alberta -> "
# A DIMACS file: 4 -> 1 -> 2 -> 3 costs 11; nothing leads back to 4.
printf 'c test\np sp 4 4\na 1 2 5\na 2 3 5\na 1 3 20\na 4 1 1\n' >"$scratch/r.gr"
run 0 "$ASTAR" cpd build "$scratch/r.gr" "$scratch/r.cpd" --order rows
has "graph: 4 nodes, 4 edges; order rows"
run 0 "$ASTAR" graph "$scratch/r.gr" 4 3 --cpd "$scratch/r.cpd"
has "route: 4 nodes, cost 11, 3 first moves looked up"
has "4 -> 1 -> 2 -> 3"
run 1 "$ASTAR" graph "$scratch/r.gr" 3 4 --cpd "$scratch/r.cpd"
has "no path"
# Refusals: another graph's file, a grid's, options that do not apply.
run 3 "$ASTAR" graph "$scratch/r.gr" 4 3 --cpd "$scratch/risk.cpd"
has "made for another graph"
run 3 "$ASTAR" graph "$risk" Alaska Peru --cpd "$scratch/arena.cpd"
has "made for a grid, not a graph"
run 3 "$ASTAR" path "$map" 3 3 40 40 --cpd "$scratch/risk.cpd"
has "made for a graph, not a grid"
run 2 "$ASTAR" cpd build "$risk" "$scratch/x.cpd" --costs octile
has "--moves and --costs do not apply to a graph"
run 2 "$ASTAR" cpd build "$risk" "$scratch/x.cpd" --co "$scratch/r.co"
has "--co goes with a DIMACS .gr file"
run 2 "$ASTAR" graph "$risk" Alaska Peru --algo hpa
has "--algo hpa needs a grid"
run 2 "$ASTAR" graph "$risk" Alaska --nearest Peru --algo cpd
has "go one at a time"
done_checks
