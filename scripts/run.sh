#!/usr/bin/env bash
# The main job: installs what is missing, builds the library and the ffft
# program only (one CUDA architecture; scripts/test.sh builds the rest),
# generates a sample signal (2^20 uniform random complex values, c128) and
# prints the accuracy of its round trip x' = ifft(fft(x)) in df64, qf128 and
# dd128 beside FFTW double and, when a CUDA device is present, cuFFT single
# and double (docs/cli.md). Arguments go to `ffft roundtrip` (e.g. -p dd128,
# --twiddles computed, --json); FFFT_MAIN_LENGTH sets the signal's length.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_dependencies.sh
scripts/build.sh --target ffft_cli
mkdir -p build/main_job
signal=build/main_job/signal.c128
build/bin/ffft gen random "$signal" -n "${FFFT_MAIN_LENGTH:-1048576}" --seed 1 --force
build/bin/ffft roundtrip "$signal" "$@"
