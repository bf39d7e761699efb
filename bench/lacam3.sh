#!/bin/sh
# Builds LaCAM3 (Kei18/lacam3, with its submodule p-ranav/argparse) outside
# the repository, for bench/mapf_compare.sh (issue 45). Nothing of it is
# copied into the repository: the two trees are exported from bare git
# directories into $PEERS (default build-bench/peers, git-ignored) and built
# there with CMake.
#
#   LACAM3_GIT=/path/to/lacam3.git ARGPARSE_GIT=/path/to/argparse.git bench/lacam3.sh
#
# Without the variables the bare directories are looked for under
# /work/.mirror (Kei18+lacam3/repo, p-ranav+argparse/repo). argparse is
# exported at the commit lacam3's tree records for its submodule when the
# bare directory has it, else at its HEAD. Prints the binary's path.
# Offline: needs only the two git directories, cmake and a C++17 compiler.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
PEERS=${PEERS:-$here/build-bench/peers}
MIRROR=${MIRROR:-/work/.mirror}
LACAM3_GIT=${LACAM3_GIT:-$MIRROR/Kei18+lacam3/repo}
ARGPARSE_GIT=${ARGPARSE_GIT:-$MIRROR/p-ranav+argparse/repo}
JOBS=${JOBS:-2}

for d in "$LACAM3_GIT" "$ARGPARSE_GIT"; do
    if ! git --git-dir="$d" rev-parse --verify -q HEAD >/dev/null; then
        echo "lacam3.sh: no git directory at $d (set LACAM3_GIT / ARGPARSE_GIT)" >&2
        exit 1
    fi
done

lacam_rev=$(git --git-dir="$LACAM3_GIT" rev-parse HEAD)
# The submodule's commit, as lacam3's tree records it.
sub_rev=$(git --git-dir="$LACAM3_GIT" ls-tree HEAD third_party/argparse | awk '{print $3}')
if [ -n "$sub_rev" ] && git --git-dir="$ARGPARSE_GIT" cat-file -e "$sub_rev^{commit}" 2>/dev/null; then
    arg_rev=$sub_rev
else
    arg_rev=$(git --git-dir="$ARGPARSE_GIT" rev-parse HEAD)
    echo "lacam3.sh: argparse $sub_rev not in $ARGPARSE_GIT, using its HEAD $arg_rev" >&2
fi

src=$PEERS/lacam3
bin=$src/build/main
stamp=$src/.astar-revs
want="$lacam_rev $arg_rev"
if [ -x "$bin" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    echo "$bin"
    exit 0
fi

rm -rf "$src"
mkdir -p "$src/third_party/argparse"
# Only what the build reads: the snapshot may lack large files elsewhere
# (its scripts' zipped scenarios): the library's tree, then three files.
git --git-dir="$LACAM3_GIT" archive --prefix=lacam3/ "$lacam_rev:lacam3" | tar -x -C "$src"
for f in CMakeLists.txt main.cpp LICENCE.txt; do
    git --git-dir="$LACAM3_GIT" show "$lacam_rev:$f" >"$src/$f"
done
test -f "$src/lacam3/CMakeLists.txt" || { echo "lacam3.sh: export of $LACAM3_GIT failed" >&2; exit 1; }
git --git-dir="$ARGPARSE_GIT" archive "$arg_rev" | tar -x -C "$src/third_party/argparse"
test -f "$src/third_party/argparse/CMakeLists.txt" || { echo "lacam3.sh: export of $ARGPARSE_GIT failed" >&2; exit 1; }

cmake -S "$src" -B "$src/build" -DCMAKE_BUILD_TYPE=Release >"$src/cmake.log" 2>&1 ||
    { cat "$src/cmake.log" >&2; exit 1; }
cmake --build "$src/build" -j"$JOBS" --target main >>"$src/cmake.log" 2>&1 ||
    { tail -40 "$src/cmake.log" >&2; exit 1; }
echo "$want" >"$stamp"
echo "$bin"
