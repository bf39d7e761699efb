# Thin wrapper over CMake. Build trees: build (release), build-san (ASan and
# UBSan), build-tsan (ThreadSanitizer), build-fuzz (libFuzzer, Clang).
#   make           build libastar and the CLI (build/astar)
#   make demo      run build/astar demo
#   make test      tests in build, then in build-san with ASan+UBSan, then the
#                  multi-threaded tests (batches, the CPD build) in build-tsan
#                  with TSan, then
#                  each fuzz target for 30 s in build-fuzz, then the
#                  WebAssembly module's tests under Node in build-web;
#                  build's tests include the Python package's
#                  (python_package: pip install ./python into a new venv,
#                  pytest over it)
#   make wasm      build libastar as WebAssembly (build-web/astar.wasm, for
#                  npm/astar.js) and the npm package (build-web/npm)
#   make web       build it and serve the page (web/index.html) on
#                  http://127.0.0.1:$(PORT)/ (PORT=8000 by default)
#   make fuzz      each fuzz target for FUZZ_SECONDS (default 600)
#   make verify    run every benchmark scenario ($(BENCH)/scen/*/*.scen)
#   make soak      a game's loop on a 1024 x 1024 map for about 10 minutes:
#                  units, the request queue and edits every frame, sampled
#                  answers against one-call searches, memory flat
#                  (build/astar-soak; SOAK_FRAMES=N for another length;
#                  make test runs a tenth of it)
#   make bench     astar against libtcod and Boost.Graph (a sample of all
#                  lengths, then the 20 shortest of each file), the three open lists,
#                  the JPS+ table, islands and dead ends, a map as a graph and
#                  as hexes
#                  (build-bench; BENCH_EVERY=1: all problems)
#   make bench-python  the Python package against scikit-image and networkx,
#                  one map per set (bench/python_peers.py, its own venv in
#                  build-bench; PY_COUNT problems a map, default 10)
#   make install [PREFIX=dir]
#   make clean

BENCH ?= ../shared/bench
# One map of each benchmark set, for the benches that compare per map.
BENCH_ONE_PER_SET = bg512/AR0011SR dao/den520d maze/maze512-4-0 random/random512-25-0 \
  room/32room_000 sc1/Aurora street/Berlin_0_512 wc3maps512/moonglade
# The maps whose precalculated paths make bench builds (seconds each; a
# 512 x 512 map takes 10 to 60 minutes): give CPD_DIR=DIR to load the
# others' from DIR/<map>.cpd, as astar cpd build saves them, and add them.
CPD_MAPS ?= dao/arena dao/den312d dao/lak303d
PREFIX ?=
MAKEFLAGS += --no-print-directory

CMAKE_TEST_FLAGS = -DASTAR_BUILD_TESTS=ON -DASTAR_WERROR=ON -DASTAR_BENCH_DIR=$(abspath $(BENCH))
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
TSAN_ENV = TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
# GCC's TSan needs the memory layout it was built for, and on kernels with
# more address-space randomisation it dies at start ("unexpected memory
# mapping"). If a TSan build of the CLI cannot even print its help, the tests
# run with randomisation off for them alone.
TSAN_WRAP = $$(build-tsan/astar --help >/dev/null 2>&1 || echo setarch $$(uname -m) -R)
SUITES = build build-san build-tsan build-fuzz build-web
WEB_FLAGS = -DCMAKE_TOOLCHAIN_FILE=$(abspath web/wasi.cmake) -DASTAR_NATIVE_CLI=$(abspath build/astar)
FUZZ_SECONDS ?= 600
PORT ?= 8000
FUZZ_FLAGS = -DCMAKE_C_COMPILER=clang-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo -DASTAR_FUZZ=ON

.PHONY: all demo test verify soak install clean fuzz wasm web

all:
	@scripts/deps.sh build
	@test -f build/CMakeCache.txt || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DASTAR_BUILD_TESTS=OFF
	cmake --build build -j2 --target astar_static astar_shared astar_cli

demo: all
	./build/astar demo

# $(call suite,dir,cmake flags,environment,ctest options[,source dir]): configure,
# build and run ctest in dir, keeping ctest's output in dir/ctest.log for the
# summary.
define suite
cmake -S $(or $(5),.) -B $(1) $(2) $(CMAKE_TEST_FLAGS) && cmake --build $(1) -j2 && \
  { $(3) ctest --test-dir $(1) -j2 --output-on-failure $(4) 2>&1 | tee $(1)/ctest.log; }
endef

test:
	@scripts/deps.sh test
	@scripts/deps.sh fuzz
	@scripts/deps.sh web
	@scripts/deps.sh python
	@rm -f $(SUITES:%=%/ctest.log)
	-$(call suite,build,-DCMAKE_BUILD_TYPE=Release -DASTAR_SANITIZE=OFF -DASTAR_TSAN=OFF)
	-$(call suite,build-san,-DCMAKE_BUILD_TYPE=Debug -DASTAR_SANITIZE=ON -DASTAR_TSAN=OFF,$(SAN_ENV))
	-$(call suite,build-tsan,-DCMAKE_BUILD_TYPE=Debug -DASTAR_SANITIZE=OFF -DASTAR_TSAN=ON,$(TSAN_ENV) $(TSAN_WRAP),-R "batch|cpd")
	-$(call suite,build-fuzz,$(FUZZ_FLAGS) -DASTAR_FUZZ_SECONDS=30)
	-$(call suite,build-web,$(WEB_FLAGS),,,web)
	@# "N% tests passed, F tests failed out of T", once per build; a build
	@# without that line (it did not build, or ctest broke) counts as a failure.
	@for d in $(SUITES); do grep -qs 'tests failed out of' $$d/ctest.log || \
	  echo "make test: $$d: no test results (configure, build or ctest failed)"; done
	@set -- $$(cat $(SUITES:%=%/ctest.log) 2>/dev/null | awk \
	  '/tests passed, [0-9]+ tests failed out of/ {p += $$NF - $$4; f += $$4; n++} \
	   END {print p + 0, f + $(words $(SUITES)) - n}'); \
	echo "make test: $$1 passed, $$2 failed"; test "$$2" -eq 0

verify: all
	./build/astar scen --costs octile --heuristic octile $(BENCH)/scen/*/*.scen
	./build/astar scen --costs article --heuristic octile $(BENCH)/scen/*/*.scen

# In the tests' Release tree, as make test builds it (the program links the
# tests' helpers); its default length lives in the program (tests/soak.c).
soak:
	@scripts/deps.sh test
	cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DASTAR_SANITIZE=OFF -DASTAR_TSAN=OFF $(CMAKE_TEST_FLAGS)
	cmake --build build -j2 --target astar_soak
	./build/astar-soak $(if $(SOAK_FRAMES),--frames $(SOAK_FRAMES))

# Its own build tree and deps, so that make test never needs the peers. The
# sample's default lives in the program (bench/peers.cpp, printed in its output).
bench:
	@scripts/deps.sh bench
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DASTAR_BUILD_BENCH=ON -DASTAR_BUILD_TESTS=OFF
	cmake --build build-bench -j2 --target astar_peers astar_open_lists astar_jump_table \
	  astar_islands astar_flow_field astar_world astar_dead_ends astar_smooth astar_graph astar_hex \
	  astar_hpa astar_landmarks astar_cpd astar_game_loop astar_sizes astar_crowd_loop \
	  astar_crowd_arrivals
	./build-bench/astar-peers --bench $(BENCH) $(if $(BENCH_EVERY),--every $(BENCH_EVERY)) \
	  --markdown build-bench/bench.md
	./build-bench/astar-peers --bench $(BENCH) --shortest 20 --markdown build-bench/bench-short.md
	./build-bench/astar-open-lists $(BENCH)
	./build-bench/astar-jump-table $(BENCH)/maps/bg512/AR0011SR.map $(BENCH)/maps/dao/orz900d.map \
	  $(BENCH)/maps/sc1/Aurora.map
	./build-bench/astar-islands $(BENCH)/maps/bg512/AR0011SR.map $(BENCH)/maps/sc1/Aurora.map
	./build-bench/astar-flow-field $(BENCH)/maps/bg512/AR0011SR.map $(BENCH)/maps/sc1/Aurora.map
	./build-bench/astar-world $(BENCH)/maps/bg512/AR0011SR.map $(BENCH)/scen/bg512/AR0011SR.map.scen \
	  $(BENCH)/maps/dao/den312d.map $(BENCH)/scen/dao/den312d.map.scen
	./build-bench/astar-dead-ends $(BENCH) $(if $(BENCH_EVERY),--every $(BENCH_EVERY))
	./build-bench/astar-smooth $(foreach m,dao/lak303d bg512/AR0205SR sc1/Aurora maze/maze512-8-0, \
	  $(BENCH)/maps/$(m).map $(BENCH)/scen/$(m).map.scen)
	./build-bench/astar-graph $(foreach m,$(BENCH_ONE_PER_SET),$(BENCH)/scen/$(m).map.scen)
	./build-bench/astar-hex $(foreach m,$(BENCH_ONE_PER_SET),$(BENCH)/scen/$(m).map.scen)
	./build-bench/astar-hpa --stride 2 $(foreach m,$(BENCH_ONE_PER_SET),$(BENCH)/scen/$(m).map.scen)
	./build-bench/astar-landmarks $(foreach m,$(BENCH_ONE_PER_SET),$(BENCH)/scen/$(m).map.scen)
	./build-bench/astar-cpd $(if $(CPD_DIR),--load $(CPD_DIR)) \
	  $(foreach m,$(CPD_MAPS),$(BENCH)/scen/$(m).map.scen)
	./build-bench/astar-cpd --graph $(if $(CPD_DIR),--load $(CPD_DIR)) \
	  $(foreach m,$(CPD_MAPS),$(BENCH)/scen/$(m).map.scen)
	./build-bench/astar-game-loop $(BENCH)/maps/bg512/AR0011SR.map
	./build-bench/astar-sizes $(foreach m,$(BENCH_ONE_PER_SET),$(BENCH)/scen/$(m).map.scen)
	./build-bench/astar-crowd-loop --budget 20000 $(foreach m,$(BENCH_ONE_PER_SET),$(BENCH)/maps/$(m).map)
	./build-bench/astar-crowd-loop --landmarks 16 --lanes 500 --budget 8000 \
	  $(foreach m,$(BENCH_ONE_PER_SET),$(BENCH)/maps/$(m).map)
	./build-bench/astar-crowd-arrivals
.PHONY: bench

# As a user installs the package: a new venv that sees Debian's packages,
# pip install ./python; then the peers on the same problems.
PY_COUNT ?= 10
bench-python:
	@scripts/deps.sh bench
	@scripts/deps.sh python
	rm -rf build-bench/python-venv
	mkdir -p build-bench
	/usr/bin/python3 -m venv --system-site-packages build-bench/python-venv
	build-bench/python-venv/bin/pip install ./python
	cd build-bench && python-venv/bin/python ../bench/python_peers.py --count $(PY_COUNT) \
	  --markdown python-peers.md $(foreach m,$(BENCH_ONE_PER_SET),$(abspath $(BENCH))/scen/$(m).map.scen)
.PHONY: bench-python

# The fuzz targets for longer, one at a time (each takes a core), with their
# statistics; what they find stays in build-fuzz/tests/fuzz.
fuzz:
	@scripts/deps.sh fuzz
	cmake -S . -B build-fuzz $(FUZZ_FLAGS) -DASTAR_WERROR=ON -DASTAR_FUZZ_SECONDS=$(FUZZ_SECONDS)
	cmake --build build-fuzz -j2
	ctest --test-dir build-fuzz -V 2>&1 | grep -E 'Test #|stat::|DONE|ERROR|SUMMARY|Test unit written|passed|failed'

install: all
	cmake --install build $(if $(PREFIX),--prefix $(PREFIX))

wasm:
	@scripts/deps.sh wasm
	cmake -S web -B build-web $(WEB_FLAGS)
	cmake --build build-web -j2

web: wasm
	node web/serve.mjs --port $(PORT) --bench $(abspath $(BENCH))

clean:
	rm -rf $(SUITES) build-bench
