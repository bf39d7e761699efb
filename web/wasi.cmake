# Cross-compiling libastar to WebAssembly with Debian's Clang 14 and
# wasi-libc (packages clang-14, lld-14, wasi-libc, libclang-rt-14-dev-wasm32;
# scripts/deps.sh web installs them). docs/design.md, "The library in the
# browser", says why this toolchain.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang-14)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
# A test program would need a runtime to run; a library only needs to build.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
