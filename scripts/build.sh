#!/usr/bin/env bash
# Configures ffft in build/ (the `release` preset of CMakePresets.json:
# Ninja, Release) and builds it: everything, or the targets given
# (scripts/build.sh --target ffft_cli). CUDA code is built when nvcc is
# found (FFFT_CUDA=AUTO), for this machine's GPUs or, without one, the
# H100 (cmake/ffft_cuda_architectures.cmake); FFFT_CUDA_ARCHITECTURES
# chooses others. FFFT_CMAKE_ARGS adds configure options
# (e.g. -DBUILD_SHARED_LIBS=ON).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH="/usr/local/cuda/bin:$PATH"; fi
# A build/ configured by another generator (make, before the presets) is
# configured afresh; its objects are rebuilt.
if [[ -f build/CMakeCache.txt ]] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' build/CMakeCache.txt; then
  echo "build.sh: build/ was configured for another generator; configuring it afresh for Ninja" >&2
  rm -rf build/CMakeCache.txt build/CMakeFiles
fi
# shellcheck disable=SC2086
cmake --preset release ${FFFT_CMAKE_ARGS:-}
cmake --build --preset release -j "$(nproc)" "$@"
