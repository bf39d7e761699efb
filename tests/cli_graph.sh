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

# A road network: 1 -> 2 -> 3 is cheaper than 1 -> 3; 4 is reached by no arc.
printf 'c test\np sp 4 4\na 1 2 5\na 2 3 5\na 1 3 20\na 4 1 1\n' >"$scratch/r.gr"
printf 'p aux sp co 4\nv 1 0 0\nv 2 3 4\nv 3 6 8\nv 4 0 1\n' >"$scratch/r.co"
run 0 "$ASTAR" graph "$scratch/r.gr" 1 3 --co "$scratch/r.co"
has "graph: 4 nodes, 4 edges, positions"
has "scale: 1 per unit of distance"
has "route: 3 nodes, cost 10, 2 expanded"
last_line "1 -> 2 -> 3"
run 0 "$ASTAR" graph "$scratch/r.gr" 1 3 --heuristic zero
has "H zero"
run 1 "$ASTAR" graph "$scratch/r.gr" 1 4
has "no path"
run 1 "$ASTAR" graph "$scratch/r.gr" 1 4 --islands
has "no path"

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
run 0 "$ASTAR" graph --help
has "usage: astar graph FILE FROM TO"
run 0 "$ASTAR" --help
has "graph    a least-cost route on any graph"
run 2 "$ASTAR" graph "$risk" Alaska Peru --dead-ends
has "--dead-ends does not apply here"
done_checks
