#!/usr/bin/env bash
# astar demo prints the article's worked example with the facts it states.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"

run 0 "$ASTAR" demo
has "start A at (1,2), target B"
has "ties first"
# The start's neighbours, with F = G + H; the one to its right is chosen first.
has "added      (2,2)  F  40 = G  10 + H  30, parent left"
has "added      (2,1)  F  54 = G  14 + H  40, parent down-left"
has "Step 2: the lowest F on the open list is (2,2)"
# The F 54 tie goes to the lower square, whose diagonal under the wall is refused.
has "Step 3: the lowest F on the open list is (2,3)"
has "ignored    (3,4)  the step would cut the corner of the wall at (3,3)"
# The square two below the start: G 28 from up-right, then G 20 from above.
has "added      (1,4)  F  88 = G  28 + H  60, parent up-right"
has "re-pointed (1,4)  G 28 -> 20 through the current square: parent now up, F 80"
has "from A: (1,2) (2,3)"
has "the first step is down-right."
# The open list is listed in the order it hands squares out: every step
# takes the first square of the list the step before printed.
checks=$((checks + 1))
awk '/^Step [0-9]+: the lowest F on the open list is/ {
         match($0, /\([0-9]+,[0-9]+\)/); current = substr($0, RSTART, RLENGTH)
         if (first != "" && current != first) { print "step " $2 " took " current ", not " first; bad = 1 }
         steps++ }
     /in the order it hands squares out/ { getline; match($0, /\([0-9]+,[0-9]+\)/); first = substr($0, RSTART, RLENGTH) }
     END { exit bad || steps != 16 }' <<<"$out" || fail "a step did not take the first square listed"
# Every step says what happened to its neighbours, if only that nothing
# did (step 2: all of them walls, closed, or open already no cheaper).
checks=$((checks + 1))
awk '/Its neighbours:$/ { getline; if ($0 !~ /^    /) { print "after \"Its neighbours:\": " $0; bad = 1 } }
     END { exit bad }' <<<"$out" || fail "a step listed nothing under 'Its neighbours:'"
has "none changes: each is a wall, on the closed list, or on the open list"
# The target is closed at the end, last on the closed list.
has "Step 16: the lowest F on the open list is (5,2), the target B"
has "closed list: (1,2) (2,2) (2,3) (2,1) (1,3) (0,2) (1,1) (0,3) (0,1) (2,4) (2,0) (3,4) (3,0) (4,4) (5,3) (5,2)"
done_checks
