#!/usr/bin/env bash
# Builds libffft as a shared library (BUILD_SHARED_LIBS=ON) in build-checks/,
# with the ffft program only, and runs the install-and-consume check on it
# (tests/install/check_install.sh: cmake --install, the example consumer
# through find_package(ffft) and through ffft.pc, the installed program's
# --version). The test suite checks the default, static library the same way,
# with CUDA and every CPU path.
#
# The build is the CMake preset `checks` in build-checks/, which
# scripts/test_cli_sanitized.sh runs the program's end-to-end tests against
# too: one build for both checks, since each compiles the library's scalar
# path, and compiling it twice took CI about two more minutes. It is
# portable and CPU-only (-DFFFT_SIMD=OFF -DFFFT_CUDA=OFF: the scalar path
# alone, no CUDA executor): what a shared library changes (the exported
# targets, ffftConfig's dependencies, ffft.pc, the rpath, libffft_mpi beside
# libffft) does not depend on the CPU paths or the CUDA code, which the
# static build compiles and installs already. It is unoptimized (CMake's
# build type None, no -O flag): the install and its consumers do not depend
# on optimization, and -O3 took this build 238 s against 90 s on 2 cores.
# It also builds the FFFT_SIMD=OFF configuration, which nothing else builds.
# Its program is compiled with AddressSanitizer and UndefinedBehaviorSanitizer
# (the library is not), so the installed program's --version runs with
# leak detection off: where ptrace is not allowed, LeakSanitizer cannot run
# at all, and the sanitized tests check for leaks where it can.
set -euo pipefail
cd "$(dirname "$0")/.."

cmake --preset checks > /dev/null  # CMakePresets.json
cmake --build --preset checks -j "$(nproc)" > /dev/null
ASAN_OPTIONS=detect_leaks=0 bash tests/install/check_install.sh build-checks "$PWD" build-checks/install_and_consume
echo "test_shared_install.sh: the shared library installs and is consumed"
