#!/usr/bin/env bash
# The arithmetic's accuracy reports: every operation of every format against
# MPFR (docs/arithmetic_accuracy.md), then both twiddle modes
# (docs/twiddle_accuracy.md). Installs what is missing and builds first.
# Arguments go to the arithmetic report (--samples N, --seed S).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_dependencies.sh
scripts/build.sh
build/tools/ffft_arithmetic_report "$@"
echo
build/tools/ffft_twiddle_report
