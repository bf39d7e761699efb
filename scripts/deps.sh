#!/usr/bin/env bash
# Make sure the tools to build (and test) astar are installed.
#   scripts/deps.sh build   cmake, make, a C compiler (cc), pkg-config
#   scripts/deps.sh test    the same, cmocka, and a C++ compiler
#   scripts/deps.sh fuzz    the same as build, and Clang 14 with libFuzzer
#   scripts/deps.sh bench   the same as build, a C++ compiler, and the peers
#                           make bench times: libtcod and Boost.Graph
#   scripts/deps.sh wasm    the same as build, Clang 14 with wasm-ld, wasi-libc
#                           and its builtins for WebAssembly, and Node: what
#                           make web needs to build and serve the page
#   scripts/deps.sh web     the same as wasm, npm, Chromium, and the web
#                           tests' npm packages (playwright-core for the
#                           browser, typescript for the npm package's types;
#                           tests/web/package-lock.json): what the tests need
#   scripts/deps.sh python  the same as build, and for Debian's Python 3
#                           (/usr/bin/python3) venv, pip, wheel, its headers,
#                           cffi, NumPy and pytest: what pip install ./python
#                           and its tests need (python/README.md)
#                           (bench adds scikit-image and networkx, the peers of
#                           bench/python_peers.py)
# Prints nothing when everything is there. Otherwise installs what is missing
# with apt-get (as root, or with sudo if it needs no password), or says what
# to install and fails.
set -euo pipefail

what=${1:-build}
case $what in
    build | test | fuzz | bench | wasm | web | python) ;;
    *) echo "usage: $0 build|test|fuzz|bench|wasm|web|python" >&2; exit 2 ;;
esac

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v cc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if [ "$what" = test ]; then
    # The install test compiles every public header as C++ too.
    command -v c++ >/dev/null 2>&1 || missing+=(g++)
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists cmocka; then
        missing+=(libcmocka-dev)
    fi
fi
# libFuzzer is a runtime library of Clang's, in its own package.
have_fuzzer() {
    command -v clang-14 >/dev/null 2>&1 &&
        [ -f "$(clang-14 -print-resource-dir)/lib/linux/libclang_rt.fuzzer-$(uname -m).a" ]
}
if [ "$what" = fuzz ] && ! have_fuzzer; then
    missing+=(clang-14 libclang-rt-14-dev)
fi
# The WebAssembly build: Clang's wasm32 target links with lld's wasm-ld,
# against wasi-libc and Clang's builtins for wasm32; Node runs its tests.
if [ "$what" = wasm ] || [ "$what" = web ]; then
    command -v clang-14 >/dev/null 2>&1 || missing+=(clang-14)
    [ -x /usr/lib/llvm-14/bin/wasm-ld ] || missing+=(lld-14)
    [ -f /usr/lib/wasm32-wasi/libc.a ] || missing+=(wasi-libc)
    if ! command -v clang-14 >/dev/null 2>&1 ||
        [ ! -f "$(clang-14 -print-resource-dir)/lib/wasi/libclang_rt.builtins-wasm32.a" ]; then
        missing+=(libclang-rt-14-dev-wasm32)
    fi
    command -v node >/dev/null 2>&1 || missing+=(nodejs)
fi
if [ "$what" = web ]; then
    command -v npm >/dev/null 2>&1 || missing+=(npm)
    [ -x /usr/bin/chromium ] || missing+=(chromium)
fi
# The Python package builds with Debian's Python (not whatever python3 comes
# first on the PATH) in a venv that sees its site packages; each module
# names its package.
python_modules() {
    local python=/usr/bin/python3 module package
    for module in "$@"; do
        package=${module#*:}
        module=${module%%:*}
        if [ ! -x "$python" ] || ! "$python" -c "import $module" >/dev/null 2>&1; then
            missing+=("$package")
        fi
    done
}
python_headers() {
    local python=/usr/bin/python3
    [ -x "$python" ] &&
        [ -f "$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ]
}
if [ "$what" = python ] || [ "$what" = bench ]; then
    python_modules ensurepip:python3-venv pip:python3-pip wheel:python3-wheel \
        setuptools:python3-setuptools cffi:python3-cffi numpy:python3-numpy
    python_headers || missing+=(python3-dev)
fi
if [ "$what" = python ]; then
    python_modules pytest:python3-pytest
fi
if [ "$what" = bench ]; then
    python_modules skimage:python3-skimage networkx:python3-networkx
fi
# Boost.Graph's A* is header-only, so its header is what to look for.
boost_astar=/usr/include/boost/graph/astar_search.hpp
if [ "$what" = bench ]; then
    command -v c++ >/dev/null 2>&1 || missing+=(g++)
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libtcod; then
        missing+=(libtcod-dev)
    fi
    [ -f "$boost_astar" ] || missing+=(libboost-graph-dev)
fi

# The browser tests' driver and TypeScript, from npm at the versions the
# lock file pins, installed under tests/web (apt first: npm may be what it
# installs).
web_packages() {
    local dir tests_web lock
    dir=$(cd "$(dirname "$0")/.." && pwd)
    tests_web=$dir/tests/web
    lock=$tests_web/node_modules/.package-lock.json
    [ "$what" = web ] || return 0
    if [ -d "$tests_web/node_modules/playwright-core" ] &&
        [ -d "$tests_web/node_modules/typescript" ] && [ -f "$lock" ] &&
        [ ! "$tests_web/package-lock.json" -nt "$lock" ]; then
        return 0
    fi
    local log
    log=$(mktemp "${TMPDIR:-/tmp}/astar-npm.XXXXXX.log")
    echo "deps.sh: installing the browser tests' npm packages (log: $log)" >&2
    if ! npm ci --prefix "$tests_web" --no-audit --no-fund >"$log" 2>&1; then
        cat "$log" >&2
        echo "deps.sh: npm ci in tests/web failed" >&2
        exit 1
    fi
    rm -f "$log"
}

if [ ${#missing[@]} -eq 0 ]; then
    web_packages
    exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
fi
if ! command -v apt-get >/dev/null 2>&1 || { [ "$(id -u)" -ne 0 ] && [ ${#sudo[@]} -eq 0 ]; }; then
    echo "deps.sh: missing: ${missing[*]}" >&2
    echo "deps.sh: install these (Debian/Ubuntu package names) and try again:" >&2
    echo "    apt-get install ${missing[*]}" >&2
    exit 1
fi

log=$(mktemp "${TMPDIR:-/tmp}/astar-deps.XXXXXX.log")
echo "deps.sh: installing ${missing[*]} (log: $log)" >&2
if ! { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update &&
       "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
           apt-get install -y --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "deps.sh: apt-get failed; install these and try again: ${missing[*]}" >&2
    exit 1
fi
rm -f "$log"

# Check again.
for tool in cmake make cc pkg-config; do
    command -v "$tool" >/dev/null 2>&1 || { echo "deps.sh: $tool is still missing" >&2; exit 1; }
done
if [ "$what" = test ] && ! pkg-config --exists cmocka; then
    echo "deps.sh: cmocka is still missing (pkg-config cannot find cmocka.pc)" >&2
    exit 1
fi
if [ "$what" = fuzz ] && ! have_fuzzer; then
    echo "deps.sh: clang-14 or its libFuzzer is still missing" >&2
    exit 1
fi
if [ "$what" = python ] && ! { python_headers &&
    /usr/bin/python3 -c 'import ensurepip, cffi, numpy, pytest, wheel' >/dev/null 2>&1; }; then
    echo "deps.sh: Debian's Python 3 still lacks venv, cffi, NumPy, pytest, wheel or its headers" >&2
    exit 1
fi
if [ "$what" = bench ]; then
    command -v c++ >/dev/null 2>&1 || { echo "deps.sh: c++ is still missing" >&2; exit 1; }
    pkg-config --exists libtcod || {
        echo "deps.sh: libtcod is still missing (pkg-config cannot find libtcod.pc)" >&2; exit 1; }
    [ -f "$boost_astar" ] || { echo "deps.sh: $boost_astar is still missing" >&2; exit 1; }
fi
web_packages
