#!/usr/bin/env bash
# astar queue replays scenario files as units asking for paths over frames:
# every answer equals the one call's, whatever the slots and budgets, and
# its report has the frame times and the throughput of both.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

arena="$ASTAR_BENCH_DIR/scen/dao/arena.map.scen"
den="$ASTAR_BENCH_DIR/scen/dao/den312d.map.scen"

run 0 "$ASTAR" queue "$arena" --costs octile --heuristic octile
has "queue: 64 units, 1 slots, budget 1000 expansions per frame"
has "answered: 160 of 160 problems; 0 differ from the one call's"
has "update us: p50 "
has "throughput: queue "

run 0 "$ASTAR" queue "$arena" "$den" --slots 3 --units 5 --budget 7 --algo jps
has "answered: 480 of 480 problems; 0 differ from the one call's"

run 0 "$ASTAR" queue "$den" --budget-us 50 --slots 2 --every 4 --repeat 2 --open-list buckets
has "budget 50 us per frame"
has "answered: 80 of 80 problems; 0 differ from the one call's"

# A frame limit stops the replay early: fewer answers, all still checked.
run 0 "$ASTAR" queue "$den" --frames 3 --budget 100
has "frames: 3;"
has "0 differ from the one call's"

run 2 "$ASTAR" queue "$arena" --slots 0
has "--slots takes a whole number from 1 to 256, not '0'"
run 2 "$ASTAR" queue
has "usage: astar queue"
run 3 "$ASTAR" queue "$scratch/none.scen"
run 2 "$ASTAR" queue "$arena" --algo jps --moves 4
has "--algo jps needs --moves 8"
# One budget a frame, given once: a second would silently win.
run 2 "$ASTAR" queue "$arena" --budget 10 --budget-us 5
has "--budget and --budget-us are one budget: give one of them, once"
run 2 "$ASTAR" queue "$arena" --budget-us 5 --budget-us 7
has "--budget and --budget-us are one budget: give one of them, once"
done_checks
