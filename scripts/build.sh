#!/usr/bin/env bash
# Configures ffft in build/ (Release) and builds it: everything, or the
# targets given (scripts/build.sh --target ffft_cli). CUDA code is built when
# nvcc is found (FFFT_CUDA=AUTO); FFFT_CUDA_ARCHITECTURES chooses the GPU
# architectures (default here: 90, the H100; the CMake default is 80;89;90).
# FFFT_CMAKE_ARGS adds configure options (e.g. -DBUILD_SHARED_LIBS=ON).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH="/usr/local/cuda/bin:$PATH"; fi
# shellcheck disable=SC2086
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_ARCHITECTURES="${FFFT_CUDA_ARCHITECTURES:-90}" ${FFFT_CMAKE_ARGS:-}
cmake --build build -j "$(nproc)" "$@"
