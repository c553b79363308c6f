#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite: the C++
# tests through ctest, then the Python package's (built and installed into
# a virtual environment with `pip install .`, scripts/test_python.sh)
# through pytest. Tests that need a CUDA device report as skipped when there
# is none.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_dependencies.sh
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
scripts/test_python.sh
