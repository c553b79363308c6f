#!/usr/bin/env bash
# The FFT benchmark in one command: installs what is missing, builds, runs
# bench/bench_fft.cpp, and writes its JSON, a Markdown table of GFLOPs,
# errors and key ratios, and PNG plots.
#
#   scripts/fft_bench.sh quick   about a minute on the 2-core development VM;
#                                writes build/bench_quick/
#   scripts/fft_bench.sh full    every size and contender, 3 repetitions;
#                                writes bench/results/fft.{json,md} and fft_*.png
#
# Extra arguments go to the benchmark (e.g. --benchmark_filter=df64).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-quick}"
shift || true
case "$mode" in
  quick) out=build/bench_quick; timing=(--benchmark_min_time=0.05 --benchmark_repetitions=1) ;;
  full) out=bench/results; timing=(--benchmark_min_time=0.2 --benchmark_repetitions=3) ;;
  *) echo "usage: scripts/fft_bench.sh quick|full [benchmark options]" >&2; exit 2 ;;
esac

scripts/install_dependencies.sh
scripts/build.sh >/dev/null
mkdir -p "$out"
build/bench/ffft_bench_fft --mode="$mode" "${timing[@]}" \
  --benchmark_out="$out/fft.json" --benchmark_out_format=json "$@"
# Debian's python3, which sees Debian's python3-matplotlib (a python3 earlier
# on the PATH, e.g. pyenv's, may not).
python=/usr/bin/python3
[[ -x "$python" ]] || python=python3
"$python" scripts/fft_bench_table.py "$out/fft.json" > "$out/fft.md"
"$python" scripts/fft_bench_plot.py "$out/fft.json" --out-dir "$out"
echo "ffft: wrote $out/fft.json, $out/fft.md and $out/fft_*.png"
