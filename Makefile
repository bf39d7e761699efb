# Thin wrapper over CMake. Build trees: build (release), build-san (sanitizers).
#   make           build libastar and the CLI (build/astar)
#   make demo      run build/astar demo
#   make test      tests in build, then in build-san with ASan+UBSan
#   make verify    run every benchmark scenario ($(BENCH)/scen/*/*.scen)
#   make install [PREFIX=dir]
#   make clean

BENCH ?= ../shared/bench
PREFIX ?=
MAKEFLAGS += --no-print-directory

CMAKE_TEST_FLAGS = -DASTAR_BUILD_TESTS=ON -DASTAR_WERROR=ON -DASTAR_BENCH_DIR=$(abspath $(BENCH))
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

.PHONY: all demo test verify install clean

all:
	@scripts/deps.sh build
	@test -f build/CMakeCache.txt || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DASTAR_BUILD_TESTS=OFF
	cmake --build build -j2 --target astar_static astar_shared astar_cli

demo: all
	./build/astar demo

# $(call suite,dir,cmake flags,environment): configure, build and run ctest in
# dir, keeping ctest's output in dir/ctest.log for the summary.
define suite
cmake -S . -B $(1) $(2) $(CMAKE_TEST_FLAGS) && cmake --build $(1) -j2 && \
  { $(3) ctest --test-dir $(1) -j2 --output-on-failure 2>&1 | tee $(1)/ctest.log; }
endef

test:
	@scripts/deps.sh test
	@rm -f build/ctest.log build-san/ctest.log
	-$(call suite,build,-DCMAKE_BUILD_TYPE=Release -DASTAR_SANITIZE=OFF)
	-$(call suite,build-san,-DCMAKE_BUILD_TYPE=Debug -DASTAR_SANITIZE=ON,$(SAN_ENV))
	@# "N% tests passed, F tests failed out of T", once per build; a build
	@# without that line (it did not build, or ctest broke) counts as a failure.
	@for d in build build-san; do grep -qs 'tests failed out of' $$d/ctest.log || \
	  echo "make test: $$d: no test results (configure, build or ctest failed)"; done
	@set -- $$(cat build/ctest.log build-san/ctest.log 2>/dev/null | awk \
	  '/tests passed, [0-9]+ tests failed out of/ {p += $$NF - $$4; f += $$4; n++} \
	   END {print p + 0, f + 2 - n}'); \
	echo "make test: $$1 passed, $$2 failed"; test "$$2" -eq 0

verify: all
	./build/astar scen --costs octile --heuristic octile $(BENCH)/scen/*/*.scen
	./build/astar scen --costs article --heuristic octile $(BENCH)/scen/*/*.scen

install: all
	cmake --install build $(if $(PREFIX),--prefix $(PREFIX))

clean:
	rm -rf build build-san
