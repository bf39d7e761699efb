#!/bin/bash
# astar mapf beside LaCAM3 (Kei18/lacam3) on the same MAPF instances, 4
# moves (issue 45; docs/performance.md "One-shot MAPF").
#
#   bench/mapf_compare.sh [MAP:N[,N...] ...]
#
# MAP is a path under $BENCH/maps without .map (default: dao/den520d:100,200,384
# street/Berlin_0_512:100,500,1000 random/random512-10-0:100,500,1000).
# For each map and N: astar-mapf-check writes the instance, the first N
# lines of the map's scenario file whose starts and goals are walkable and
# unused, to $OUT/MAP-N.scen; both solvers read that file (so both take the
# same N agents: LaCAM3 takes a file's first N lines with walkable ends);
# then, $ROUNDS times, alternating which goes first:
#   astar:  build-bench/astar mapf MAP SCEN N --moves 4 --seconds $LIMIT
#           (its plan checked by tests/util/plan_validator.c as it exits)
#   LaCAM3: main -m MAP -i SCEN -N N -t $LIMIT -o RESULT $LACAM3_FLAGS
#           (default flags --no-star --no-multi-thread: stop at the first
#           plan, one thread, as astar), its RESULT's plan checked by
#           astar-mapf-check plan (the same validator) and its costs counted
#           there
# each under /usr/bin/time -v. Prints one tab-separated line per run:
#   map N solver round solved solver_s wall_s sum_of_costs makespan lb peak_MB
# lb is the sum of the agents' own shortest paths as each solver reports it
# (astar: A* per agent; LaCAM3: its soc_lb).
# solver_s is astar's setup + solving, LaCAM3's own comp_time (from its
# start, maps loaded, to its plan); wall_s is the process's, from
# /usr/bin/time (LaCAM3's includes computing lower bounds for its log).
# Environment: BENCH (../shared/bench), LIMIT (30 s), ROUNDS (2), OUT
# (build-bench/mapf-compare), LACAM3 (the binary; default: bench/lacam3.sh
# builds it), LACAM3_FLAGS, NICE (nice -n 10), REBUILD (set: rebuild astar's
# two programs). Configuring build-bench needs the bench peers' packages
# (libtcod, Boost; scripts/deps.sh bench installs them, as make bench does).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${BENCH:-$here/../shared/bench}
LIMIT=${LIMIT:-30}
ROUNDS=${ROUNDS:-2}
OUT=${OUT:-$here/build-bench/mapf-compare}
LACAM3_FLAGS=${LACAM3_FLAGS:---no-star --no-multi-thread}
NICE=${NICE:-nice -n 10}
mkdir -p "$OUT"

if [ -z "${LACAM3:-}" ]; then
    LACAM3=$("$here/bench/lacam3.sh")
fi
# shellcheck source=bench/mapf_programs.sh
source "$here/bench/mapf_programs.sh"

if [ $# -eq 0 ]; then
    set -- dao/den520d:100,200,384 street/Berlin_0_512:100,500,1000 \
        random/random512-10-0:100,500,1000
fi

# time -v's wall clock (h:mm:ss or m:ss.ss) in seconds, and its peak in MB.
wall() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0;
    for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.2f", s }' "$1"; }
peak() { awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$1"; }

run_astar() { # map scen n tag
    local log=$OUT/$4.astar.log tv=$OUT/$4.astar.time solved=no t=- soc=- mk=- lb=-
    if $NICE /usr/bin/time -v -o "$tv" "$ASTAR" mapf "$1" "$2" "$3" --moves 4 \
        --seconds "$LIMIT" >"$log" 2>&1; then
        solved=yes
        soc=$(sed -n 's/.*sum of costs: \([0-9]*\).*/\1/p' "$log")
        mk=$(sed -n 's/^makespan: \([0-9]*\);.*/\1/p' "$log")
        lb=$(sed -n 's/.*the lower bound \([0-9]*\)).*/\1/p' "$log")
    fi
    t=$(sed -n 's/^setup: \([0-9.]*\) s.*solving: \([0-9.]*\) s$/\1 \2/p' "$log" |
        awk '{ printf "%.2f", $1 + $2 }')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' astar "$solved" "${t:--}" "$(wall "$tv")" \
        "$soc" "$mk" "${lb:--}" "$(peak "$tv")"
}

run_lacam3() { # map scen n tag
    local log=$OUT/$4.lacam3.log tv=$OUT/$4.lacam3.time res=$OUT/$4.lacam3.result
    local solved=no t=- soc=- mk=- lb=- line
    rm -f "$res"
    # shellcheck disable=SC2086
    $NICE /usr/bin/time -v -o "$tv" "$LACAM3" -m "$1" -i "$2" -N "$3" -t "$LIMIT" -v 1 \
        -o "$res" $LACAM3_FLAGS >"$log" 2>&1 || true
    if [ -f "$res" ] && grep -q '^solved=1' "$res"; then
        t=$(awk -F= '/^comp_time=/ { printf "%.2f", $2 / 1000 }' "$res")
        lb=$(sed -n 's/^soc_lb=//p' "$res")
        if line=$("$CHECK" plan "$1" "$2" "$3" "$res"); then
            solved=yes
            soc=$(echo "$line" | awk '{ print $5 }')
            mk=$(echo "$line" | awk '{ print $3 }')
            # LaCAM3's own figures must agree with those counted here.
            if [ "$soc" != "$(sed -n 's/^soc=//p' "$res")" ] ||
                [ "$mk" != "$(sed -n 's/^makespan=//p' "$res")" ]; then
                echo "mapf_compare: LaCAM3's soc/makespan in $res differ from $line" >&2
            fi
        else
            solved=invalid
            echo "mapf_compare: $res: $line" >&2
        fi
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' lacam3 "$solved" "$t" "$(wall "$tv")" \
        "$soc" "$mk" "$lb" "$(peak "$tv")"
}

printf '# %s; LIMIT=%s s; LaCAM3 flags: %s; %s\n' "$(date -u +%FT%TZ)" "$LIMIT" \
    "$LACAM3_FLAGS" "$(uptime | sed 's/.*load/load/')"
printf 'map\tN\tsolver\tround\tsolved\tsolver_s\twall_s\tsum_of_costs\tmakespan\tlb\tpeak_MB\n'
for spec in "$@"; do
    map=${spec%%:*}
    mapfile=$BENCH/maps/$map.map
    IFS=, read -r -a counts <<<"${spec#*:}"
    for n in "${counts[@]}"; do
        tag=$(basename "$map")-$n
        scen=$OUT/$tag.scen
        "$CHECK" scen "$mapfile" "$BENCH/scen/$map.map.scen" "$n" "$scen"
        for round in $(seq 1 "$ROUNDS"); do
            if [ $((round % 2)) -eq 1 ]; then order="astar lacam3"; else order="lacam3 astar"; fi
            for solver in $order; do
                printf '%s\t%s\t' "$(basename "$map")" "$n"
                "run_$solver" "$mapfile" "$scen" "$n" "$tag-$round" |
                    awk -v r="$round" 'BEGIN { FS = OFS = "\t" } { $1 = $1 OFS r; print }'
            done
        done
    done
done
printf '# done %s; %s\n' "$(date -u +%FT%TZ)" "$(uptime | sed 's/.*load/load/')"
