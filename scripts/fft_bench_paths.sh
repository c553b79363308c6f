#!/usr/bin/env bash
# The CPU speed goals' contenders on several instruction-set paths at once,
# each path on cores of its own, one process per N:
#
#   scripts/fft_bench_paths.sh BENCH OUT_DIR SECONDS PATH:CPUS...
#   e.g. scripts/fft_bench_paths.sh build-cpu/bench/ffft_bench_fft /tmp/b 600 avx512:12,13 avx2:14,15
#
# BENCH is an ffft_bench_fft. For each PATH:CPUS it runs `--mode=cpu` (N =
# 2^10 .. 2^22) with FFFT_CPU_ISA=PATH under `taskset -c CPUS`, so the
# threads:T cases have T = the number of CPUS (bench_fft.cpp counts the
# affinity mask), limited to the contenders of the goals in
# scripts/fft_bench_table.py: ffft's three formats (table twiddles), FFTW
# double, long double and quad, QD's dd_real. One repetition of at least
# 0.1 s per case (scripts/fft_bench.sh cpu runs three of 0.2 s and every
# baseline; this is for a lent machine's spare cores, where time is short).
#
# Each N is its own process, so that SECONDS (the wall-clock limit of the
# whole run; no N starts after it, and one still running is stopped) keeps
# the sizes finished. OUT_DIR gets fft_cpu_<PATH>.json, merged from the
# sizes (scripts/bench_json_merge.py, which records the pinning in the
# context), and <PATH>.log. Not stamped: the caller knows the revision
# measured (scripts/results_record.py stamp).
#
# scripts/gpu_validate.sh's cpu_bench step runs it on the GPU machine's
# processor, the AVX-512 one this project is lent, beside the GPU steps.
set -uo pipefail
if (($# < 4)); then
  echo "usage: scripts/fft_bench_paths.sh BENCH OUT_DIR SECONDS PATH:CPUS..." >&2
  exit 2
fi
bench=$1 out=$2 seconds=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
[[ -x $bench ]] || { echo "fft_bench_paths: $bench is not an executable benchmark" >&2; exit 2; }
[[ $seconds =~ ^[0-9]+$ ]] || { echo "fft_bench_paths: SECONDS must be a whole number, got '$seconds'" >&2; exit 2; }
mkdir -p "$out"
contenders='ffft_(df64|qf128|dd128)_table|fftw_(double|long_double|quad)|qd_dd_real'
deadline=$((SECONDS + seconds))

# run_path PATH CPUS: N = 2^10 .. 2^22 in order, then the merge.
run_path() {
  local path=$1 cpus=$2 k left parts=()
  local log=$out/$path.log
  : >"$log"
  for k in $(seq 10 22); do
    left=$((deadline - SECONDS))
    if ((left < 5)); then
      echo "fft_bench_paths: $path: out of time before N = 2^$k" >>"$log"
      break
    fi
    echo "== $path N = 2^$k on CPUs $cpus, at most ${left}s" >>"$log"
    FFFT_CPU_ISA=$path timeout -k 5 "$left" taskset -c "$cpus" "$bench" --mode=cpu \
      "--benchmark_filter=^fft/($contenders)/$((1 << k))/" \
      --benchmark_min_time=0.1 --benchmark_repetitions=1 \
      --benchmark_out="$out/$path.$k.json" --benchmark_out_format=json >>"$log" 2>&1 ||
      echo "fft_bench_paths: $path N = 2^$k: exit status $?" >>"$log"
    parts+=("$out/$path.$k.json")
  done
  python3 "$here/bench_json_merge.py" "$out/fft_cpu_$path.json" "${parts[@]}" \
    --context "ffft_cpu_affinity=taskset -c $cpus" \
    --context "ffft_bench_paths=one repetition of at least 0.1 s, the goal contenders, each path on its own cores beside others" \
    >>"$log" 2>&1 && rm -f "${parts[@]}"
}

for spec; do
  path=${spec%%:*} cpus=${spec#*:}
  if [[ -z $path || -z $cpus || $path == "$spec" ]]; then
    echo "fft_bench_paths: '$spec' is not PATH:CPUS (e.g. avx2:2,3)" >&2
    exit 2
  fi
  run_path "$path" "$cpus" &
done
wait
ls "$out"/fft_cpu_*.json >/dev/null 2>&1
