#!/usr/bin/env bash
# Builds libffft as a shared library (BUILD_SHARED_LIBS=ON) in build-shared/,
# with the ffft program only, and runs the install-and-consume check on it
# (tests/install/check_install.sh: cmake --install, the example consumer
# through find_package(ffft) and through ffft.pc, the installed program's
# --version). The test suite checks the default, static library the same way,
# with CUDA and every CPU path.
#
# This build is portable and CPU-only (-DFFFT_SIMD=OFF -DFFFT_CUDA=OFF: the
# scalar path alone, no CUDA executor): what a shared library changes (the
# exported targets, ffftConfig's dependencies, ffft.pc, the rpath, libffft_mpi
# beside libffft) does not depend on the CPU paths or the CUDA code, which
# the static build compiles and installs already; compiling them a second
# time would cost a quarter of CI's time. For the same reason it is built
# unoptimized (CMake's build type None, no -O flag): the install and its
# consumers do not depend on optimization, and -O3 took this build 238 s
# against 90 s on 2 cores. It also builds the FFFT_SIMD=OFF configuration,
# which nothing else builds.
set -euo pipefail
cd "$(dirname "$0")/.."

cmake --preset shared > /dev/null  # CMakePresets.json
cmake --build --preset shared -j "$(nproc)" > /dev/null
bash tests/install/check_install.sh build-shared "$PWD" build-shared/install_and_consume
echo "test_shared_install.sh: the shared library installs and is consumed"
