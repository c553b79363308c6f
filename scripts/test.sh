#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through
# ctest. Tests that need a CUDA device report as skipped when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_dependencies.sh
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
