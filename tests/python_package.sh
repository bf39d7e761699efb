#!/usr/bin/env bash
# The Python package as a user installs it: a new venv in the build tree that
# sees Debian's packages, `pip install ./python` from the source tree, then
# pytest over the installed package from a folder of the build tree, where
# the source tree's python/astar is not importable (python/tests/conftest.py
# also refuses to test it). python/README.md, "Tests".
#   tests/python_package.sh SOURCE_DIR BUILD_DIR BENCH_DIR CLI
# ASTAR_PYTHON: the interpreter (default Debian's /usr/bin/python3, whose
# site packages scripts/deps.sh python fills; a pyenv python3 earlier on
# the PATH would not see them).
set -euo pipefail
source_dir=$1 build_dir=$2 bench_dir=$3 cli=$4
python=${ASTAR_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3

venv=$build_dir/python-venv
rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"
log=$build_dir/python-install.log
if ! (cd "$source_dir" && "$venv/bin/pip" install ./python) >"$log" 2>&1; then
    cat "$log" >&2
    echo "FAIL: pip install ./python (log: $log)" >&2
    exit 1
fi

work=$build_dir/python-tests
mkdir -p "$work"
cd "$work"
ASTAR_CLI=$cli ASTAR_BENCH_DIR=$bench_dir PYTHONDONTWRITEBYTECODE=1 \
    "$venv/bin/python" -m pytest -p no:cacheprovider -q "$source_dir/python/tests"
