#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite: the C++
# tests through ctest, then the Python package's (built and installed into
# a virtual environment with `pip install .`, scripts/test_python.sh)
# through pytest. Tests that need a CUDA device report as skipped when there
# is none. VkFFT's headers (scripts/install_vkfft.sh, pinned) are installed
# too where they can be, so that the GPU benchmark's contender and its host
# tests build here as on the GPU machine; without them it is left out.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_dependencies.sh
scripts/install_vkfft.sh >/dev/null ||
  echo "test.sh: VkFFT's headers could not be installed; ffft_bench_vkfft is not built" >&2
scripts/build.sh
# As many tests at once as cores, and most run OpenMP teams of one thread
# a core: passive waiting, so that a team's idle threads sleep instead of
# spinning on the cores the other tests need (the heaviest tests ran 10-15%
# faster side by side on 2 cores).
OMP_WAIT_POLICY=passive ctest --test-dir build --output-on-failure -j "$(nproc)"
scripts/test_python.sh
