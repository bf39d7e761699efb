#!/usr/bin/env bash
# bench/npm-peers.sh [PROBLEMS]
#
# astar's npm package (build-web/npm) against the path finders JavaScript
# developers install from npm - PathFinding.js (`pathfinding`: AStarFinder
# and JumpPointFinder), `easystarjs` and `ngraph.path` (A* and NBA* over an
# `ngraph.graph`) - in one Node process on one core, on one map of each
# benchmark set (the Makefile's BENCH_ONE_PER_SET), PROBLEMS (default 40)
# problems spread over each map's scenario file: bench/npm_peers.mjs.
#
# The peers are installed at the versions pinned below into PEERS (default
# build-bench/node-peers, git-ignored), never into the repository's own
# package files; the package is built first if build-web is configured
# (else `make wasm` builds it). ASTAR_BENCH_DIR: the benchmark data
# (default ../shared/bench). CPU (default 0): the core taskset pins the run
# to, when taskset is present. ROUNDS (default 2): times each problem is
# timed, its least time counting. CPD_DIR: a folder of path databases
# (NAME.cpd, `astar cpd build MAP OUT --costs octile`), each timed as
# "astar CPD" on its map.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bench=${ASTAR_BENCH_DIR:-$here/../shared/bench}
peers=${PEERS:-$here/build-bench/node-peers}
problems=${1:-40}

if [ -f build-web/CMakeCache.txt ]; then
    cmake --build build-web -j2 --target npm_package >/dev/null
else
    make wasm >/dev/null
fi

mkdir -p "$peers"
[ -f "$peers/package.json" ] || echo '{ "private": true }' >"$peers/package.json"
npm install --prefix "$peers" --no-audit --no-fund --save-exact \
    pathfinding@0.4.18 easystarjs@0.4.4 ngraph.graph@20.1.2 ngraph.path@1.6.1 >/dev/null

# The maps, as the Makefile lists them (continuation lines joined).
maps=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' Makefile | sed -n 's/^BENCH_ONE_PER_SET *= *//p')
pin=()
command -v taskset >/dev/null 2>&1 && pin=(taskset -c "${CPU:-0}")
# shellcheck disable=SC2086 # one argument per map
"${pin[@]}" node --expose-gc bench/npm_peers.mjs build-web/npm "$peers" "$bench" "$problems" $maps
