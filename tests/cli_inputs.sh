#!/usr/bin/env bash
# Every reader of the CLI - maps, scenarios, graph text, DIMACS .gr and
# .co, waypoints, CPD files - refuses at once, naming the file, what it
# cannot read legally: a device (/dev/zero) or a FIFO, which may never
# end; a file larger than its kind allows (sparse here, so nothing is
# written); a file of one endless line; a file whose first line is of
# another kind. Each is given 5 s, where before these reads took 8-17 s
# and 4 GB (a FIFO without a writer blocked for ever).
# shellcheck source=tests/support.sh
source "$(dirname "$0")/support.sh"
map="$ASTAR_BENCH_DIR/maps/dao/arena.map"
printf 'p sp 2 1\na 1 2 3\n' >"$scratch/ok.gr"

# load KIND FILE: runs the command that reads FILE as KIND, at most 5 s,
# expecting exit 3 (a bad input file).
load() {
    local kind=$1 file=$2
    case $kind in
    map) run 3 timeout 5 "$ASTAR" path "$file" 0 0 1 1 ;;
    scen) run 3 timeout 5 "$ASTAR" scen "$file" --map "$map" ;;
    graph | gr) run 3 timeout 5 "$ASTAR" graph "$file" a b ;;
    co) run 3 timeout 5 "$ASTAR" graph "$scratch/ok.gr" 1 2 --co "$file" ;;
    waypoints) run 3 timeout 5 "$ASTAR" waypoints "$map" "$file" 3 3 45 40 ;;
    cpd) run 3 timeout 5 "$ASTAR" path "$map" 3 3 45 40 --algo cpd --cpd "$file" ;;
    esac
}

# The kinds, with the file name each is read from (the graph command
# tells DIMACS from text by the name).
declare -A name=([map]=x.map [scen]=x.scen [graph]=x.graph [gr]=x.gr [co]=x.co
    [waypoints]=x.waypoints [cpd]=x.cpd)
# A first line that fits each line-based kind.
declare -A first=([scen]='version 1' [graph]='graph directed' [gr]='p sp 2 1'
    [co]='p aux sp co 2' [waypoints]='1 2')
mkfifo "$scratch/fifo"
for kind in map scen graph gr co waypoints cpd; do
    mkdir "$scratch/$kind"
    f="$scratch/$kind/${name[$kind]}"
    ln -s /dev/zero "$f"
    load "$kind" "$f"
    has "$f: cannot read: a device, a pipe or a socket, not a regular file (it may never end)"
    rm "$f"
    ln -s "$scratch/fifo" "$f"
    load "$kind" "$f"
    has "$f: cannot read: a device, a pipe or a socket, not a regular file"
    rm "$f"
done

# A scenario's map found beside it is looked for without opening it (a
# FIFO would block there) and then refused by the map reader.
mkdir "$scratch/beside"
mkfifo "$scratch/beside/arena.map"
cp "$ASTAR_BENCH_DIR/scen/dao/arena.map.scen" "$scratch/beside/"
run 3 timeout 5 "$ASTAR" scen "$scratch/beside/arena.map.scen"
has "$scratch/beside/arena.map: cannot read: a device, a pipe or a socket, not a regular file"

# Larger than the kind allows, by the file's size (holes: no bytes are
# written), after a first line that fits.
big() { # KIND FIRST-LINE SIZE MESSAGE
    local f="$scratch/${1}/big-${name[$1]}"
    printf '%s\n' "$2" >"$f"
    truncate -s "$3" "$f"
    load "$1" "$f"
    has "$f: larger than $4"
    rm "$f"
}
big map $'type octile\nheight 2\nwidth 3\nmap\n...\n...' 1000000 "65579 bytes, the most its header allows"
big scen "${first[scen]}" 200000000 "134217728 bytes, the most a scenario file may have"
for kind in graph gr co; do
    big $kind "${first[$kind]}" 3000000000 "2147483648 bytes, the most a graph file may have"
done
big waypoints "${first[waypoints]}" 3000000000 "2147483648 bytes, the most a waypoint file may have"

# A line of 70,000 digits after a first line that fits, ended and
# followed by more lines: refused with its number. Then one that never
# ends (holes to 100 MB): refused where it passes 64 KiB.
for kind in scen graph gr co waypoints; do
    f="$scratch/$kind/long-${name[$kind]}"
    { echo "${first[$kind]}"; head -c 70000 /dev/zero | tr '\0' 7; printf '\nmore\nlines\n'; } >"$f"
    load "$kind" "$f"
    has "$f:2: a line longer than 65536 bytes, the most a line may have"
done
f="$scratch/graph/endless-x.graph"
{ echo "graph directed"; echo "node a"; head -c 70000 /dev/zero | tr '\0' 7; } >"$f"
truncate -s 100000000 "$f"
load graph "$f"
has "$f:3: a line longer than 65536 bytes, the most a line may have"

# Lines of digits, then 3 GB (of holes): the first line is no kind's, and
# the read stops there.
for kind in map scen graph gr co waypoints cpd; do
    f="$scratch/$kind/digits-${name[$kind]}"
    printf '1234567890\n%.0s' {1..9000} >"$f"
    truncate -s 3000000000 "$f"
    load "$kind" "$f"
    has "$f"
done
has "not a CPD file"

# Counts of 2^31 items, refused by their own names.
printf 'p sp 2147483648 1\na 1 2 3\n' >"$scratch/n.gr"
run 3 "$ASTAR" graph "$scratch/n.gr" 1 2
has "n.gr:1: the node count N is a whole number from 1 to 268435456, not '2147483648'"
printf 'p sp 2 2147483649\n' >"$scratch/m.gr"
run 3 "$ASTAR" graph "$scratch/m.gr" 1 2
has "m.gr:1: the arc count M is a whole number from 0 to 2147483648, not '2147483649'"
printf 'p sp 2 2147483648\n' >"$scratch/m.gr"
run 3 "$ASTAR" graph "$scratch/m.gr" 1 2
has "m.gr:1: 2147483648 arcs: more than 18 bytes can hold (an arc takes a line of 8 bytes or more)"
printf 'type octile\nheight 2147483648\nwidth 1\nmap\n' >"$scratch/n.map"
run 3 "$ASTAR" path "$scratch/n.map" 0 0 0 0
has "n.map:2: height must be a whole number from 1 to 65535"
done_checks
