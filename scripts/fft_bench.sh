#!/usr/bin/env bash
# The FFT benchmark in one command: installs what is missing, builds, runs
# bench/bench_fft.cpp, and writes its JSON, a Markdown table of GFLOPs,
# errors and key ratios, and PNG plots.
#
#   scripts/fft_bench.sh quick   about a minute on the 2-core development VM;
#                                writes build/bench_quick/
#   scripts/fft_bench.sh full    every size and contender, 3 repetitions interleaved;
#                                writes bench/results/fft.{json,md} and fft_*.png
#   scripts/fft_bench.sh cpu     N = 2^10 .. 2^22 against every CPU baseline, 3
#                                repetitions interleaved, once per instruction-set path this
#                                CPU can run (FFFT_CPU_ISA=avx512, avx2): writes
#                                bench/results/fft_cpu_<path>.{json,md}; 30 min a path here
#
# Extra arguments go to the benchmark (e.g. --benchmark_filter=df64).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-quick}"
shift || true
case "$mode" in
  quick) out=build/bench_quick; timing=(--benchmark_min_time=0.05 --benchmark_repetitions=1) ;;
  # Repetitions in a random order across all cases, each rate the fastest of
  # them (bench/bench_fft.cpp, scripts/fft_bench_json.py).
  full | cpu) out=bench/results
    timing=(--benchmark_min_time=0.2 --benchmark_repetitions=3 --benchmark_enable_random_interleaving=true) ;;
  *) echo "usage: scripts/fft_bench.sh quick|full|cpu [benchmark options]" >&2; exit 2 ;;
esac

scripts/install_dependencies.sh
scripts/build.sh >/dev/null
mkdir -p "$out"
# Debian's python3, which sees Debian's python3-matplotlib (a python3 earlier
# on the PATH, e.g. pyenv's, may not).
python=/usr/bin/python3
[[ -x "$python" ]] || python=python3

# The code the results measure (scripts/results_record.py): the GPU's too when
# a CUDA device runs its contenders.
sources=$(build/bin/ffft info --json | "$python" -c \
  'import json, sys; print("cpu,gpu" if json.load(sys.stdin)["cuda_devices"] else "cpu")')

# run NAME [environment...]: one benchmark run into $out/NAME.{json,md}, the
# JSON stamped with the revision it measured.
run() {
  local name="$1"
  shift
  "$python" scripts/results_record.py run --sources "$sources" --out "$out/$name.json" -- \
    env "$@" build/bench/ffft_bench_fft --mode="$mode" "${timing[@]}" \
    --benchmark_out="$out/$name.json" --benchmark_out_format=json "${bench_args[@]}"
  "$python" scripts/fft_bench_table.py "$out/$name.json" > "$out/$name.md"
  echo "ffft: wrote $out/$name.json and $out/$name.md"
}
bench_args=("$@")

if [[ "$mode" == cpu ]]; then
  paths=$(build/bin/ffft info --json | "$python" -c \
    'import json, sys; print(" ".join(p for p in json.load(sys.stdin)["cpu_paths_available"] if p != "scalar"))')
  [[ -n "$paths" ]] || { echo "ffft: this CPU has no vector path (avx2, avx512) to benchmark" >&2; exit 1; }
  for path in $paths; do run "fft_cpu_$path" FFFT_CPU_ISA="$path"; done
  exit 0
fi
run fft
"$python" scripts/fft_bench_plot.py "$out/fft.json" --out-dir "$out"
echo "ffft: wrote $out/fft_*.png"
