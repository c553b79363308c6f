#!/usr/bin/env bash
# Builds libffft as a shared library (BUILD_SHARED_LIBS=ON) in build-shared/,
# with the ffft program only, and runs the install-and-consume check on it
# (tests/install/check_install.sh: cmake --install, the example consumer
# through find_package(ffft) and through ffft.pc, the installed program's
# --version). The test suite checks the default, static library the same way.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH="/usr/local/cuda/bin:$PATH"; fi
cmake -S . -B build-shared -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON \
  -DCMAKE_CUDA_ARCHITECTURES="${FFFT_CUDA_ARCHITECTURES:-90}" > /dev/null
cmake --build build-shared -j "$(nproc)" --target ffft_cli > /dev/null
bash tests/install/check_install.sh build-shared "$PWD" build-shared/install_and_consume
echo "test_shared_install.sh: the shared library installs and is consumed"
