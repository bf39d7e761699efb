# Sourced by bench/mapf_compare.sh and bench/mapf_sizes.sh, with $here the
# repository: sets ASTAR and CHECK to build-bench's astar and
# astar-mapf-check, building them first when either is missing or REBUILD
# is set. Configuring build-bench needs the bench peers' packages (libtcod,
# Boost; scripts/deps.sh bench installs them, as make bench does).
if [ ! -x "$here/build-bench/astar" ] || [ ! -x "$here/build-bench/astar-mapf-check" ] ||
    [ -n "${REBUILD:-}" ]; then
    cmake -S "$here" -B "$here/build-bench" -DCMAKE_BUILD_TYPE=Release -DASTAR_BUILD_BENCH=ON \
        -DASTAR_BUILD_TESTS=OFF >/dev/null
    cmake --build "$here/build-bench" -j2 --target astar_cli astar_mapf_check >/dev/null
fi
ASTAR=$here/build-bench/astar
CHECK=$here/build-bench/astar-mapf-check
