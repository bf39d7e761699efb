#!/usr/bin/env bash
# astar waypoints: the route through data/rooms.map's doorways, its cells
# and picture, routes in sight and none, the options it takes and those it
# refuses, and clear errors for bad files and requests.
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"
: "${ASTAR_SOURCE_DIR:?ASTAR_SOURCE_DIR must name the source tree}"
map="$ASTAR_SOURCE_DIR/data/rooms.map"
points="$ASTAR_SOURCE_DIR/data/rooms.waypoints"

# West room to east room: through the three doorways and round the wall
# between the middle room's halves.
run 0 "$ASTAR" waypoints "$map" "$points" 2 2 37 16
has "map: 40 x 20; waypoints: 8, 7 pairs in sight"
has "options: moves 8, costs article, open list heap, H euclidean distance, weight 1, ties last, stop closed"
has "route: 6 points, cost 398 (distance 39.5090)"
has "(2,2) -> west_door (13,5) -> middle_door (20,10) -> middle_south (20,12) -> east_door (26,14) -> (37,16)"
has "cells: 46"
has "(2,2) (3,2) (4,2) (4,3) (5,3)"
has "#.S**........#"
has "#..o.........#.**"
has "#...####.....######*W######"
# The same route costed in octile units, H zero: more expanded, same cost
# in cells (39.5090 cells x 2378, rounded up per segment).
run 0 "$ASTAR" waypoints "$map" "$points" 2 2 37 16 --costs octile --heuristic zero -q
has "H zero"
has "route: 6 points, cost 93954 (distance 39.5090), 8 expanded"
last_line "cells: 46"
# In sight: straight there, no waypoint.
run 0 "$ASTAR" waypoints "$map" "$points" 2 2 3 16 -q
has "route: 2 points, cost 141 (distance 14.0357)"
has "(2,2) -> (3,16)"
# From a waypoint: it is the route's first point, named. Cutting corners,
# middle_north sees east_door through the middle doorway, grazing the
# wall's end.
run 0 "$ASTAR" waypoints "$map" "$points" 13 5 37 16 -q
has "west_door (13,5) -> middle_door (20,10) -> middle_south (20,12) -> east_door (26,14) -> (37,16)"
run 0 "$ASTAR" waypoints "$map" "$points" 13 5 37 16 -q --moves 8cut
has "moves 8cut"
has "waypoints: 8, 9 pairs in sight"
has "west_door (13,5) -> middle_north (16,8) -> east_door (26,14) -> (37,16)"
# No waypoint at all: only what the start sees.
printf '# none\n' >"$scratch/none.waypoints"
run 1 "$ASTAR" waypoints "$map" "$scratch/none.waypoints" 2 2 37 16
has "waypoints: 0, 0 pairs in sight"
has "no path"

# Requests the map refuses.
run 5 "$ASTAR" waypoints "$map" "$points" 0 0 37 16
has "start cell is not walkable"
run 5 "$ASTAR" waypoints "$map" "$points" 2 2 40 16
has "goal is outside the grid"

# Files: faults with their line, a waypoint the map refuses, no file.
printf '1 1\n1 x\n' >"$scratch/bad.waypoints"
run 3 "$ASTAR" waypoints "$map" "$scratch/bad.waypoints" 2 2 37 16
has "astar waypoints: $scratch/bad.waypoints:2: a coordinate is a whole number from 0 to 65534, not 'x'"
printf '1 1 a\n2 2 a\n' >"$scratch/twice.waypoints"
run 3 "$ASTAR" waypoints "$map" "$scratch/twice.waypoints" 2 2 37 16
has "twice.waypoints:2: the name 'a' again (first on line 1)"
printf '1 1\n0 0 wall\n' >"$scratch/wall.waypoints"
run 3 "$ASTAR" waypoints "$map" "$scratch/wall.waypoints" 2 2 37 16
has "astar waypoints: $scratch/wall.waypoints: waypoint 1 (0,0) is on a blocked cell"
run 3 "$ASTAR" waypoints "$map" "$scratch/missing.waypoints" 2 2 37 16
has "missing.waypoints: cannot open"
run 3 "$ASTAR" waypoints "$scratch/missing.map" "$points" 2 2 37 16
has "missing.map"

# Options: those that do not apply are refused, naming the cause.
run 2 "$ASTAR" waypoints "$map" "$points" 2 2 37 16 --moves 4
has "4 moves: a unit walking straight between waypoints steps diagonally"
run 2 "$ASTAR" waypoints "$map" "$points" 2 2 37 16 --algo jps
has "--algo does not apply here"
run 2 "$ASTAR" waypoints "$map" "$points" 2 2 37 16 --turn-penalty 5
has "--turn-penalty does not apply here"
run 2 "$ASTAR" waypoints "$map" "$points" 2 2 37 16 --islands
has "--islands does not apply here"
run 2 "$ASTAR" waypoints "$map" "$points" 2 2 37 16 --topology odd-r
has "--topology does not apply here: a waypoint route is A* on the graph of a square map's waypoints"
run 2 "$ASTAR" waypoints "$map" "$points" 2 two 37 16
has "'two' is not a whole number"
run 2 "$ASTAR" waypoints "$map" "$points" 2 2 37
run 0 "$ASTAR" waypoints --help
has "usage: astar waypoints MAP WAYPOINTS SX SY GX GY"
run 0 "$ASTAR" --help
has "waypoints a route through a map's waypoints"
done_checks
