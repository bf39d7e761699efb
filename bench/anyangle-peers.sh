#!/usr/bin/env bash
# bench/anyangle-peers.sh [build|run|all] [SCEN...]
#
# astar's any-angle search beside the GPPC-2023 any-angle entries
# Polyanya_MCDT and RayScan (github:gppc-dev/algorithm-archive,
# anyangle/2023/), all three run by the competition's own start kit.
#
# build: exports the two entries from the archive's git directory (ARCHIVE,
#   default the fetched mirror /work/.mirror/gppc-dev+algorithm-archive/repo;
#   or clone https://github.com/gppc-dev/algorithm-archive and point
#   ARCHIVE at its .git) with `git archive` into OUT (default
#   build-bench/peers, git-ignored), builds each with its own build files,
#   builds libastar (Release) there, and links bench/anyangle_gppc.cpp - our
#   Entry.h over astar_find_any_angle_path - with the start kit's main.cpp,
#   ScenarioLoader, Timer and validator taken from RayScan's export (the kit
#   is the same in every entry; RayScan's has no solver code mixed into
#   it). Nothing of the archive enters the repository.
# run: for each scenario file (default dao/arena, dao/den312d, dao/lak303d
#   under ASTAR_BENCH_DIR, default ../shared/bench), ROUNDS (default 3)
#   rounds, each running the three entries in turn (-run: the kit's timer,
#   nanoseconds per query, into result.csv), so that a drift of the machine
#   touches all three alike; a query's time is its least over the rounds.
#   Prints median and mean us per query and entry, and with CHECK=1 first
#   runs each entry's -check (the kit's validator) and counts invalid paths
#   and paths longer than the shortest entry's by more than 1e-6.
#   taskset pins each run to CPU (default 0) when taskset is present.
#   SAMPLE=n keeps every nth problem of each file (1, n + 1, ...; default
#   1: all), for the 512 x 512 maps, whose files hold thousands.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$here/build-bench/peers}
archive=${ARCHIVE:-/work/.mirror/gppc-dev+algorithm-archive/repo}
bench=$(realpath "${ASTAR_BENCH_DIR:-$here/../shared/bench}")
rounds=${ROUNDS:-3}
cpu=${CPU:-0}
entries=(astar Polyanya_MCDT RayScan)

build() {
    mkdir -p "$out"
    local rev
    rev=$(git --git-dir="$archive" rev-parse HEAD)
    for e in Polyanya_MCDT RayScan; do
        if [ "$(cat "$out/$e.rev" 2>/dev/null)" != "$rev" ]; then
            rm -rf "${out:?}/$e"
            git --git-dir="$archive" archive --format=tar --prefix="$e/" \
                "$rev:anyangle/2023/$e" | tar -x -C "$out"
        fi
    done
    # Their own build files, as their compile.sh runs them (Release).
    (cd "$out/Polyanya_MCDT" && cmake -S . -B cmake-build -DCMAKE_BUILD_TYPE=Release >/dev/null &&
        cmake --build cmake-build -j2 >/dev/null)
    (cd "$out/RayScan" && cmake -S . -B auto_build -DCMAKE_BUILD_TYPE=Release >/dev/null &&
        cmake --build auto_build -j2 >/dev/null && cp auto_build/run .)
    for e in Polyanya_MCDT RayScan; do echo "$rev" >"$out/$e.rev"; done

    cmake -S "$here" -B "$out/astar-build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$out/astar-build" -j2 --target astar_static >/dev/null
    local kit=$out/RayScan lib
    lib=$(find "$out/astar-build" -name libastar.a | head -n 1)
    mkdir -p "$out/astar"
    # -O3 and no -march, as the entries' own Release builds.
    c++ -std=c++17 -O3 -DNDEBUG -I"$kit" -I"$here/include" -o "$out/astar/run" \
        "$kit/main.cpp" "$kit/ScenarioLoader.cpp" "$kit/Timer.cpp" \
        "$here/bench/anyangle_gppc.cpp" "$lib" -lm
    echo "built: $out/{astar,Polyanya_MCDT,RayScan}/run"
}

# One entry on one scenario: the kit reads index_data/ and writes
# result.csv, run.stdout, run.info in the working directory, one per
# entry and map; an entry's preprocessing (Polyanya_MCDT's mesh; the
# others have none) is done once per map, into index_data/, shared.
run_one() {
    local e=$1 flag=$2 map=$3 scen=$4 work=$5 dir=$6
    mkdir -p "$dir"
    ln -sfn "$work/index_data" "$dir/index_data"
    local pin=()
    command -v taskset >/dev/null && pin=(taskset -c "$cpu")
    (cd "$dir" && "${pin[@]}" "$out/$e/run" "$flag" "$map" "$scen")
}

run() {
    local scens=("$@")
    [ ${#scens[@]} -gt 0 ] || scens=("$bench/scen/dao/arena.map.scen" "$bench/scen/dao/den312d.map.scen"
                                     "$bench/scen/dao/lak303d.map.scen")
    for scen in "${scens[@]}"; do
        scen=$(realpath "$scen")
        local name map
        name=$(basename "$scen" .map.scen)
        map=$(dirname "$(dirname "$(dirname "$scen")")")/maps/$(basename "$(dirname "$scen")")/$name.map
        local work="$out/runs/$name"
        rm -rf "$work"
        mkdir -p "$work/index_data"
        if [ "${SAMPLE:-1}" -gt 1 ]; then
            awk -v n="$SAMPLE" 'NR == 1 || (NR - 2) % n == 0' "$scen" >"$work/$name.map.scen"
            scen=$work/$name.map.scen
        fi
        for e in "${entries[@]}"; do
            local t0=$EPOCHREALTIME
            run_one "$e" -pre "$map" "$scen" "$work" "$work/$e-pre" >/dev/null 2>&1
            awk -v n="$name" -v e="$e" -v a="$t0" -v b="$EPOCHREALTIME" \
                'BEGIN { printf "%-16s %-14s preprocessing %.2f s\n", n, e, b - a }'
        done
        if [ "${CHECK:-0}" = 1 ]; then
            for e in "${entries[@]}"; do
                run_one "$e" -check "$map" "$scen" "$work" "$work/$e-check"
            done
            python3 - "$work" "${entries[@]}" <<'EOF'
import sys
work, entries = sys.argv[1], sys.argv[2:]
paths = {}
for e in entries:
    rows = [l.split() for l in open(f"{work}/{e}-check/run.stdout") if l.strip()]
    paths[e] = rows
best = [min(float(rows[i][-1]) for rows in paths.values()) for i in range(len(paths[entries[0]]))]
for e in entries:
    bad = sum(1 for r in paths[e] if r[4] != "valid")
    longer = sum(1 for i, r in enumerate(paths[e]) if float(r[-1]) > best[i] + 1e-6 * max(1, best[i]))
    print(f"check {e:14s} {len(paths[e]):6d} paths  {bad} invalid  {longer} longer than the shortest")
EOF
        fi
        for ((k = 0; k < rounds; k++)); do
            for e in "${entries[@]}"; do
                run_one "$e" -run "$map" "$scen" "$work" "$work/$e-$k"
            done
        done
        python3 - "$work" "$name" "$rounds" "${entries[@]}" <<'EOF'
import csv, statistics, sys
work, name, rounds, entries = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
for e in entries:
    best = None
    for k in range(rounds):
        rows = list(csv.DictReader(open(f"{work}/{e}-{k}/result.csv")))
        t = [int(r["time_cost"]) / 1000.0 for r in rows]
        best = t if best is None else [min(a, b) for a, b in zip(best, t)]
    print(f"{name:16s} {e:14s} {len(best):6d} queries  median {statistics.median(best):9.1f} us"
          f"  mean {statistics.mean(best):9.1f} us")
EOF
    done
}

case ${1:-all} in
build) build ;;
run) shift; run "$@" ;;
all) shift || true; build; run "$@" ;;
*) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 2 ;;
esac
