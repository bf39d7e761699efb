#!/usr/bin/env bash
# --algo hpa (two tiers, astar/hpa.h) in astar path, scen and bench: legal
# paths never below the optimal, suboptimality reported per file instead of
# failing, build time, bytes per cell and edit time in bench, refusals.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

arena="$ASTAR_BENCH_DIR/maps/dao/arena.map"
scen="$ASTAR_BENCH_DIR/scen"
octile=(--costs octile --heuristic octile)

# The defaults: clusters of 28, entrances crossed at their middles.
run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa "${octile[@]}" -q
has "options: algo hpa; its graph searched with algo astar,"
has "hpa: built in "
has "; clusters of 28, 8 entrances"
has "; entrances crossed at their middles"
# Arena's 24-cell clusters have 10 entrance cells crossed at their
# middles; at both ends of the long runs, 16.
run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa "${octile[@]}" --smooth -q --cluster 24
has "; clusters of 24, 10 entrances"
has "; entrances crossed at their middles; paths straightened"
has "path: 43 cells, cost 131396"
has "route: 6"
# The path as refined, through every entrance cell, on request: its cost
# higher, the route the same.
run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa "${octile[@]}" -q --cluster 24 --raw
has "; paths as refined (--raw)"
has "path: 50 cells, cost 141147"
has "route: 6"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --raw -q
has "--raw goes with --algo hpa"
run 2 "$ASTAR" scen --algo hpa --raw "$scen/dao/arena.map.scen"
has "--raw does not apply here: scen measures each --algo hpa path both as refined and straightened"
# Crossed at the ends, a route nearer the least cost, as refined; the same
# path once straightened.
run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa "${octile[@]}" --smooth -q --cluster 24 \
    --crossings ends --raw
has "; clusters of 24, 16 entrances"
has "; entrances crossed at the ends of long ones"
has "path: 49 cells, cost 139754"
has "route: 5"
has "smoothed: 4 waypoints"
run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa "${octile[@]}" -q --cluster 24 --crossings ends
has "path: 43 cells, cost 131396"
run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa "${octile[@]}" -q --cluster 24 \
    --crossings middle
has "; clusters of 24, 10 entrances"
run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --cluster 8 -q
has "; clusters of 8,"
# Landmarks (8 by default) bound the graph search's H: the route costs the
# same with none and with as many as the graph's 16 entrances allow.
has "entrances, 8 landmarks,"
for landmarks in 0 32; do
    run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa "${octile[@]}" --landmarks $landmarks -q \
        --cluster 24 --crossings ends --raw
    has "entrances, $((landmarks ? 16 : 0)) landmarks,"
    has "path: 49 cells, cost 139754 (distance 58.7696)"
done
# A start and goal in one cluster: the direct path inside it.
run 0 "$ASTAR" path "$arena" 3 3 5 5 --algo hpa -q
has "path: 3 cells"

# Suboptimal paths pass; each file says how far from the optimal they are.
run 0 "$ASTAR" scen --algo hpa "${octile[@]}" "$scen/dao/arena.map.scen" \
    "$scen/street/Berlin_0_256.map.scen"
has "its length is at least the file's optimal length"
has "arena.map.scen: hpa length / optimal: mean 1.08"
has "; straightened: mean 1.00"
has "Berlin_0_256.map.scen: hpa length / optimal: mean 1.0"
last_line "1090 passed, 0 failed"
run 0 "$ASTAR" scen --algo hpa --moves 4 --cluster 10 "$scen/dao/arena.map.scen"
last_line "160 passed, 0 failed"

run 0 "$ASTAR" bench --algo hpa "${octile[@]}" --open-list buckets "$scen/dao/arena.map.scen" \
    --cluster 24 --crossings ends
has "; clusters of 24, 16 entrances"
has "hpa: one-cell edit and update, mean of 40:"

# Refusals.
run 2 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --cluster 1
has "--cluster takes a whole number from 2 to 64, not '1'"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --svg "$scratch/p.svg"
has "--svg draws a search's lists of squares; --algo hpa has none"
# ... as path --help says.
run 0 "$ASTAR" path --help
has "lists (so not with --algo cpd or hpa, which make no grid search)"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --turn-penalty 5
has "--algo hpa takes no --turn-penalty"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --topology odd-r
has "--algo hpa needs a square grid, not --topology"
run 2 "$ASTAR" bench --algo hpa --threads 2 "$scen/dao/arena.map.scen"
has "--threads does not apply to --algo hpa"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --partial
has "--algo hpa takes no --partial"
run 0 "$ASTAR" path "$arena" 3 3 40 40 --algo jps --algo hpa -q
has "options: algo hpa; its graph searched with algo astar,"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --cluster 8
has "--cluster goes with --algo hpa"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --crossings ends
has "--crossings goes with --algo hpa"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --crossings both
has "--crossings takes middle or ends, not 'both'"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --landmarks 4
has "--landmarks goes with --algo hpa"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --landmarks 33
has "--landmarks takes a whole number from 0 to 32, not '33'"
run 2 "$ASTAR" path "$arena" 3 3 40 40 --algo hpa --cpd "$scratch/none.cpd"
has "--cpd FILE goes with --algo cpd"
run 2 "$ASTAR" scen --algo hpa --influence "$scratch/x" "$scen/dao/arena.map.scen"
has "--influence does not apply here"
done_checks
