#!/bin/bash
# astar mapf at the sizes of issue 45's goal: five instances per size and
# map, each solved once, every plan checked by the CLI's validator.
#
#   bench/mapf_sizes.sh [MAP:N[,N...] ...]
#
# MAP is a path under $BENCH/maps without .map (default:
# street/Berlin_0_512:1000,2000 random/random512-25-0:1000,2000
# room/16room_000:1000,2000). Instance k (1..$INSTANCES) of N agents is
# `astar-mapf-check mix` with seed 1000 N + k: the scenario file's lines
# shuffled, the first N with distinct starts and goals, then random
# distinct cells of one island (written to $OUT/MAP-N-k.scen). Each runs
#   build-bench/astar mapf MAP INSTANCE N --moves 4 --seconds $LIMIT
# under /usr/bin/time, and prints one tab-separated line:
#   map N k solved setup_s solving_s cpu_s sum_of_costs lower_bound ratio peak_MB
# setup and solving are astar's own clocks (wall); cpu_s is the whole
# process's user + system time (the map, the instance, the per-agent A*
# of the lower bound and the validation included).
# Environment: BENCH (../shared/bench), LIMIT (10 s), INSTANCES (5), OUT
# (build-bench/mapf-sizes), REBUILD (set: rebuild astar's two programs).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${BENCH:-$here/../shared/bench}
LIMIT=${LIMIT:-10}
INSTANCES=${INSTANCES:-5}
OUT=${OUT:-$here/build-bench/mapf-sizes}
mkdir -p "$OUT"

# shellcheck source=bench/mapf_programs.sh
source "$here/bench/mapf_programs.sh"

if [ $# -eq 0 ]; then
    set -- street/Berlin_0_512:1000,2000 random/random512-25-0:1000,2000 room/16room_000:1000,2000
fi

echo "# $(date -u +%FT%TZ); LIMIT=$LIMIT s; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'map\tN\tk\tsolved\tsetup_s\tsolving_s\tcpu_s\tsum_of_costs\tlower_bound\tratio\tpeak_MB\n'
for spec in "$@"; do
    map=${spec%%:*}
    name=$(basename "$map")
    IFS=, read -r -a sizes <<<"${spec#*:}"
    for n in "${sizes[@]}"; do
        for k in $(seq 1 "$INSTANCES"); do
            scen=$OUT/$name-$n-$k.scen
            "$CHECK" mix "$BENCH/maps/$map.map" "$BENCH/scen/$map.map.scen" "$n" \
                $((1000 * n + k)) "$scen"
            log=$OUT/$name-$n-$k.log
            /usr/bin/time -f 'cpu %U %S peak %M' -o "$log.time" \
                "$ASTAR" mapf "$BENCH/maps/$map.map" "$scen" "$n" --moves 4 --seconds "$LIMIT" \
                >"$log" 2>&1 || true
            solved=no
            grep -q '^status: solved' "$log" && solved=yes
            setup=$(sed -n 's/^setup: \([0-9.]*\) s.*/\1/p' "$log")
            solving=$(sed -n 's/.*solving: \([0-9.]*\) s.*/\1/p' "$log")
            read -r soc lb ratio < <(sed -n \
                's/.*sum of costs: \([0-9]*\) (\([0-9.]*\) x the lower bound \([0-9]*\)).*/\1 \3 \2/p' \
                "$log")
            read -r _ user sys _ peak <"$log.time"
            cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$n" "$k" "$solved" \
                "${setup:--}" "${solving:--}" "$cpu" "${soc:--}" "${lb:--}" "${ratio:--}" \
                $((peak / 1024))
        done
    done
done
echo "# done $(date -u +%FT%TZ); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
