#!/usr/bin/env bash
# Configures and builds ffft in build/ (Release). CUDA code is built when nvcc
# is found (FFFT_CUDA=AUTO); set FFFT_CUDA_ARCHITECTURES to choose the GPU
# architectures (default here: 90, the H100; the CMake default is 80;89;90).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH="/usr/local/cuda/bin:$PATH"; fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_ARCHITECTURES="${FFFT_CUDA_ARCHITECTURES:-90}" "$@"
cmake --build build -j "$(nproc)"
