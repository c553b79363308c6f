#!/usr/bin/env bash
# The main job: installs what is missing, builds, and prints the accuracy of
# every operation of every format against MPFR (docs/arithmetic_accuracy.md),
# then that of both twiddle modes (docs/twiddle_accuracy.md). Arguments go to
# the arithmetic report (--samples N, --seed S).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_dependencies.sh
scripts/build.sh
build/src/ffft_arithmetic_report "$@"
echo
build/src/ffft_twiddle_report
