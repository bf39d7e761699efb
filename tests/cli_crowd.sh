#!/usr/bin/env bash
# astar crowd: units placed at random reach their goals with every step
# validated, 4 and 8 moves, hexes and a graph; the same seed gives the same run; clear errors
# for bad requests.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

map="$ASTAR_BENCH_DIR/maps/dao/arena.map"

run 0 "$ASTAR" crowd "$map" 150
has "crowd: 150 units on 49 x 49, moves 4, seed 1"
has "on their goals: 150 of 150 (all arrived)"
has "sum of costs: "
has "time per step: "
first=$(grep -E '^(steps|sum of costs)' <<<"$out")

# The same seed, the same steps; another seed, another run.
run 0 "$ASTAR" crowd "$map" 150 --seed 1
checks=$((checks + 1))
[ "$(grep -E '^(steps|sum of costs)' <<<"$out")" = "$first" ] || fail "seed 1 ran differently twice"
run 0 "$ASTAR" crowd "$map" 150 --seed 2 --moves 8
has "moves 8, seed 2"
has "(all arrived)"

# Landmarks for the goals' tables: the same rules, every unit arrives;
# only with 4 moves on squares, 0 to 16 of them.
run 0 "$ASTAR" crowd "$map" 150 --landmarks 16
has "crowd: 150 units on 49 x 49, moves 4, seed 1, 16 landmarks"
has "on their goals: 150 of 150 (all arrived)"
run 0 "$ASTAR" crowd "$map" 150 --landmarks 16 --lanes 500
has "crowd: 150 units on 49 x 49, moves 4, seed 1, 16 landmarks, lanes 500"
has "on their goals: 150 of 150 (all arrived)"
run 2 "$ASTAR" crowd "$map" 20 --lanes many
has "--lanes takes a whole number, not 'many'"
run 2 "$ASTAR" crowd "$map" 20 --landmarks 17
has "--landmarks takes a whole number from 0 to 16, not '17'"
run 2 "$ASTAR" crowd "$map" 20 --landmarks 4 --moves 8
has "--landmarks goes with 4 moves on a square map"
run 2 "$ASTAR" crowd "$map" 20 --landmarks 4 --topology hex-pointy
has "--landmarks goes with 4 moves on a square map"
run 2 "$ASTAR" crowd "$map" 20 --cluster 16
has "--cluster does not apply here: a crowd takes only --moves (4 or 8), --costs and --landmarks"

# A map larger than the default examples, many units.
run 0 "$ASTAR" crowd "$ASTAR_BENCH_DIR/maps/dao/den312d.map" 400 --seed 3
has "on their goals: 400 of 400 (all arrived)"

# On hexes: six neighbours, every step validated against them.
run 0 "$ASTAR" crowd "$map" 150 --topology hex-pointy
has "crowd: 150 units on 49 x 49, moves 6 (hexes, odd-r), seed 1"
has "(all arrived)"
run 0 "$ASTAR" crowd "$map" 150 --topology even-q --moves 8 --seed 4
has "moves 6 (hexes, even-q), seed 4"
has "(all arrived)"

# On a graph (the Risk board): units on nodes, stepping along edges, every
# step checked from the edges; the grid's options refused, --co only with
# a DIMACS graph.
graph="$(dirname "$0")/../data/risk.graph"
run 0 "$ASTAR" crowd "$graph" 20
has "crowd: 20 units on a graph of 42 nodes, seed 1"
has "on their goals: 20 of 20 (all arrived)"
has "nodes tried"
run 0 "$ASTAR" crowd "$graph" 30 --seed 5
has "on their goals: 30 of 30 (all arrived)"
run 2 "$ASTAR" crowd "$graph" 20 --moves 8
has "--moves, --costs, --landmarks, --lanes and the map options do not apply"
run 2 "$ASTAR" crowd "$graph" 20 --landmarks 8
has "--landmarks, --lanes and the map options do not apply"
run 2 "$ASTAR" crowd "$graph" 20 --lanes 8
has "--lanes and the map options do not apply"
run 2 "$ASTAR" crowd "$map" 20 --co "$graph"
has "--co goes with a DIMACS .gr graph"
run 5 "$ASTAR" crowd "$graph" 43
has "43 units do not fit the graph's 42 enabled nodes"

# Too few steps: the run says so and exits 1.
run 1 "$ASTAR" crowd "$map" 150 --steps 3
has "steps: 3; on their goals: "

# Bad requests.
run 2 "$ASTAR" crowd "$map"
has "usage: astar crowd"
run 2 "$ASTAR" crowd "$map" 0
has "N must be a whole number"
run 2 "$ASTAR" crowd "$map" 10 --moves 8cut
has "a crowd moves 4 or 8 ways"
run 2 "$ASTAR" crowd "$map" 10 --heuristic octile
has "does not apply here"
run 2 "$ASTAR" crowd "$map" 10 --steps 0
run 5 "$ASTAR" crowd "$map" 100000
has "do not fit the map's"
run 3 "$ASTAR" crowd "$scratch/none.map" 10
run 0 "$ASTAR" crowd --help
has "usage: astar crowd"
has "only --moves 4 (the default here"

done_checks
