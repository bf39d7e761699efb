#!/usr/bin/env bash
# astar graph: routes on the Risk board (counted by hand), a DIMACS road
# network with coordinates, the same answer with and without islands, and
# clear errors.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"
: "${ASTAR_SOURCE_DIR:?ASTAR_SOURCE_DIR must name the source tree}"
risk="$ASTAR_SOURCE_DIR/data/risk.graph"

run 0 "$ASTAR" graph "$risk" Argentina Madagascar
has "graph: 42 nodes, 166 edges, no positions"
has "route: 5 nodes, cost 4,"
last_line "Argentina -> Brazil -> North_Africa -> East_Africa -> Madagascar"
run 0 "$ASTAR" graph "$risk" Alaska Kamchatka --islands -q
has "route: 2 nodes, cost 1,"
run 0 "$ASTAR" graph "$risk" Eastern_Australia Argentina --open-list sorted --ties first
has "options: open list sorted, H zero, weight 1, ties first, stop closed"
has "route: 10 nodes, cost 9,"

# The nearest of several targets (Dijkstra), counted by hand from the
# board: from Argentina, Egypt is 3 borders away (by Brazil and North
# Africa), Madagascar 4, Iceland at least 5; from North Africa, Egypt and
# East Africa are both 1 away and the first listed wins.
run 0 "$ASTAR" graph "$risk" Argentina --nearest Madagascar,Egypt,Iceland
has "dijkstra from 3 targets"
has "nearest: target 1 (Egypt)"
has "route: 4 nodes, cost 3,"
last_line "Argentina -> Brazil -> North_Africa -> Egypt"
run 0 "$ASTAR" graph "$risk" North_Africa --nearest Egypt,East_Africa -q
has "nearest: target 0 (Egypt)"
run 0 "$ASTAR" graph "$risk" North_Africa --nearest East_Africa,Egypt --islands
has "nearest: target 0 (East_Africa)"
has "route: 2 nodes, cost 1,"
# Distances to Madagascar and Egypt: East Africa borders both (the first
# listed wins), Alaska is 6 away (Kamchatka, Mongolia, China, India, the
# Middle East), as far as any node; Kamchatka walks 5 borders to Egypt.
run 0 "$ASTAR" graph "$risk" --distances Madagascar,Egypt
has "distance map: 2 targets, 12.0 bytes/node"
has "East_Africa: cost 1, next Madagascar, target 0 (Madagascar)"
has "Egypt: cost 0, next Egypt, target 1 (Egypt)"
has "Alaska: cost 6, next Kamchatka, target 1 (Egypt)"
has "reachable: 42 of 42 nodes; farthest Alaska, cost 6"
# Names are matched exactly; one that differs in case only is suggested.
run 5 "$ASTAR" graph "$risk" alaska Egypt
has "no node is named 'alaska' (names are case-sensitive: 'Alaska'?)"
run 5 "$ASTAR" graph "$risk" Atlantis Egypt
has "no node is named 'Atlantis'"
run 0 "$ASTAR" graph "$risk" --distances Madagascar,Egypt Kamchatka -q
has "walk: 6 nodes, cost 5, to target 1 (Egypt)"
checks=$((checks + 1))
[[ "$(tail -1 <<<"$out")" == "Kamchatka -> Mongolia -> "*" -> Middle_East -> Egypt" ]] ||
    fail "walk from Kamchatka: $(tail -1 <<<"$out")"
checks=$((checks + 1))
grep -q "East_Africa: cost" <<<"$out" && fail "-q printed the table"

# A road network: 1 -> 2 -> 3 is cheaper than 1 -> 3; 4 is reached by no arc.
printf 'c test\np sp 4 4\na 1 2 5\na 2 3 5\na 1 3 20\na 4 1 1\n' >"$scratch/r.gr"
printf 'p aux sp co 4\nv 1 0 0\nv 2 3 4\nv 3 6 8\nv 4 0 1\n' >"$scratch/r.co"
run 0 "$ASTAR" graph "$scratch/r.gr" 1 3 --co "$scratch/r.co"
has "graph: 4 nodes, 4 edges, positions"
has "scale: 1 per unit of distance"
has "route: 3 nodes, cost 10, 2 expanded"
last_line "1 -> 2 -> 3"
run 0 "$ASTAR" graph "$scratch/r.gr" 1 3 --weight 0
has "H zero"
# A grid's heuristic is no option of a graph's searches; --weight 0 turns H off.
run 2 "$ASTAR" graph "$scratch/r.gr" 1 3 --heuristic zero
has "--heuristic does not apply here"
run 2 "$ASTAR" graph "$scratch/r.gr" 1 3 --algo jps
has "--algo jps does not apply here"
# The backward searches refuse what they cannot honour, naming no other answer.
run 2 "$ASTAR" graph "$risk" Argentina --nearest Madagascar,Egypt --stop open
has "unsupported"
run 2 "$ASTAR" graph "$risk" --distances Madagascar --ties first
has "unsupported"
run 0 "$ASTAR" graph "$scratch/r.gr" 1 3 --co "$scratch/r.co" --landmarks 2
has "landmarks: 2 in "
has "H euclidean distance or 2 landmarks"
has "route: 3 nodes, cost 10,"
# Landmarks give the Risk board, which has no positions, an H: the same
# route cost, fewer nodes expanded (32 without).
run 0 "$ASTAR" graph "$risk" Alaska Argentina --landmarks 4 -q
has "H 4 landmarks"
has "route: 7 nodes, cost 6, 11 expanded"
run 0 "$ASTAR" graph "$risk" Alaska Argentina -q
has "route: 7 nodes, cost 6, 32 expanded"
run 2 "$ASTAR" graph "$risk" Alaska --nearest Argentina --landmarks 2
has "--landmarks goes with the A*"
run 2 "$ASTAR" graph "$risk" Alaska Argentina --algo cpd --landmarks 2
has "--landmarks goes with --algo hpa or the graph's A*"
run 1 "$ASTAR" graph "$scratch/r.gr" 1 4
has "no path"
run 1 "$ASTAR" graph "$scratch/r.gr" 1 4 --islands
has "no path"
# The bucket open list: the Risk board's 42 nodes are too few for it (the
# heap stands in); a line of 100 nodes, 1 apart, is enough, unless the
# weight is above 1.
run 0 "$ASTAR" graph "$risk" Argentina Madagascar --open-list buckets
has "options: open list heap (buckets asked for: they cannot serve these options)"
has "route: 5 nodes, cost 4,"
{
    echo 'p sp 100 99'
    for i in $(seq 1 99); do echo "a $i $((i + 1)) 2"; done
} >"$scratch/line.gr"
{
    echo 'p aux sp co 100'
    for i in $(seq 1 100); do echo "v $i $i 0"; done
} >"$scratch/line.co"
run 0 "$ASTAR" graph "$scratch/line.gr" 1 100 --co "$scratch/line.co" --open-list buckets -q
has "options: open list buckets, H euclidean distance"
has "route: 100 nodes, cost 198, 99 expanded"
run 0 "$ASTAR" graph "$scratch/line.gr" 1 100 --co "$scratch/line.co" --open-list buckets \
    --weight 1.5 -q
has "open list heap (buckets asked for: they cannot serve these options)"
has "route: 100 nodes, cost 198,"
# Dijkstra follows the arcs' directions: from 4, node 2 (6: 4 -> 1 -> 2)
# is nearer than 3 (11); from 3 no arc leads anywhere; towards 3, node 4
# costs 11 by 1 and 2, and nothing leads back to 4.
run 0 "$ASTAR" graph "$scratch/r.gr" 4 --nearest 3,2
has "nearest: target 1 (2)"
has "route: 3 nodes, cost 6,"
last_line "4 -> 1 -> 2"
run 1 "$ASTAR" graph "$scratch/r.gr" 3 --nearest 1,2
has "no path"
run 0 "$ASTAR" graph "$scratch/r.gr" --distances 3 4
has "1: cost 10, next 2, target 0 (3)"
has "2: cost 5, next 3, target 0 (3)"
has "3: cost 0, next 3, target 0 (3)"
has "walk: 4 nodes, cost 11, to target 0 (3)"
last_line "4 -> 1 -> 2 -> 3"
run 1 "$ASTAR" graph "$scratch/r.gr" --distances 4 3
has "1: unreachable"
has "reachable: 1 of 4 nodes; farthest 4, cost 0"
has "walk: no target is reached from there"

# Errors: the file, the nodes, the options.
run 5 "$ASTAR" graph "$risk" Alaska Atlantis
has "astar graph: no node is named 'Atlantis'"
run 5 "$ASTAR" graph "$scratch/r.gr" 1 5
has "'5' is not a node of the graph (1 to 4)"
printf 'graph directed\nnode a\nedge a b\n' >"$scratch/bad.graph"
run 3 "$ASTAR" graph "$scratch/bad.graph" a a
has "astar graph: $scratch/bad.graph:3: no node is named 'b'"
run 3 "$ASTAR" graph "$scratch/missing.graph" a b
has "missing.graph"
run 2 "$ASTAR" graph "$risk" Alaska Peru --moves 4
has "--moves does not apply here"
run 2 "$ASTAR" graph "$risk" Alaska Peru --co x.co
has "--co goes with a DIMACS .gr file"
run 2 "$ASTAR" graph "$risk" Alaska
run 2 "$ASTAR" graph "$risk" Alaska Peru --nearest Peru
has "expected FILE FROM with --nearest"
run 2 "$ASTAR" graph "$risk" Alaska --nearest Peru --distances Peru
has "--nearest, --distances and --algo cpd go one at a time"
run 5 "$ASTAR" graph "$risk" Alaska --nearest Peru,Atlantis
has "no node is named 'Atlantis'"
run 0 "$ASTAR" graph --help
has "usage: astar graph FILE FROM TO"
run 0 "$ASTAR" --help
has "  graph     a least-cost route on any graph (text or DIMACS file)"
run 2 "$ASTAR" graph "$risk" Alaska Peru --dead-ends
has "--dead-ends does not apply here"
done_checks
