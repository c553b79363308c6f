#!/usr/bin/env bash
# GPU validation on a machine with a GPU in ONE command: the whole test suite, the
# sanitizers, the GPU timings, Nsight Compute and the CLI, from the programs
# that scripts/gpu_bundle.sh built here (build-gpu/bundle/: nothing is
# compiled there). Run from the repository root:
#
#   bash scripts/gpu_bundle.sh                      # here, first (prints the bundle's size)
#
# then the device tool's `run`, exactly:
#
#   command:   bash scripts/gpu_validate.sh
#   carry:     ["build-gpu/bundle"]
#   timeout_s: 600
#   (kind: nvidia-h100-x1, the first kind; the floors in docs/gpu_tuning.md are for it)
#
# Everything lands in $OUT (./gpu_out when OUT is unset), at most 8 files as
# the tool brings back: summary.txt (one line per step; also printed last),
# logs.tar.gz (every step's log, refreshed after each step, so a run cut
# short still brings back what it did), gpu_profile.json (the sweep),
# gpu_profile_real.json and gpu_profile_computed.json (the real-data and
# computed-twiddle sweeps), vkfft_dd.json (VkFFT's double-double beside
# ffft's dd128, for scripts/vkfft_table.py),
# bench_gpu_quick.json (bench_fft.cpp's GPU contenders, Google Benchmark JSON
# for scripts/fft_bench_table.py and fft_bench_plot.py) and ncu.tar.gz (the
# Nsight Compute reports). Each results JSON records the revision the bundle
# was built from (bundle/measured.json; scripts/results_record.py), which is
# what it measured, whatever tree it runs in here.
#
# Steps, the most valuable evidence first, each under its own time limit and
# all under GPU_VALIDATE_BUDGET seconds (default 540, 9 minutes, inside the
# tool's 600): a step the budget stops is reported CUT (not a failure: run
# it again with GPU_VALIDATE_STEPS), one that hits its own limit TIMEOUT.
#   1 env        nvidia-smi, the processor, glibc, what the programs link to,
#                the kernels' registers (cuobjdump -res-usage)
#   2 gpu tests  every GPU test the sources define (GPU results bit-identical
#                to the CPU executor's; they must RUN there, not skip; one
#                missing from the bundle fails the run)
#   3 sanitizers compute-sanitizer memcheck on test_device_fft (every df64
#                case: radices, Bluestein, layouts, batches; in place and
#                unaligned in all formats); racecheck, synccheck and initcheck
#                on its in-place cases (N = 64, 120, 101, 2^16, all formats); then
#                memcheck, racecheck and synccheck on ffft_gpu_profile's
#                transform kernels at large N (2^20; all three formats,
#                racecheck df64 only); memcheck on test_device_nd's df64
#                cases (N-D layouts, folded batches)
#   4 sweep      ffft_gpu_profile: df64, qf128, dd128 and cuFFT C2C/Z2Z at
#                N = 2^16 .. 2^24 batched to 2^26 values, each result checked
#                against cuFFT Z2Z, ratios to Z2Z (JSON written case by case)
#   4b real      ffft_gpu_profile's real data: rfft df64, qf128, dd128 and
#                cuFFT D2Z/R2C, circular convolutions, at N = 2^16, 2^20, 2^24
#                (gpu_profile_real.json)
#   4b' twiddles the sweep over the twiddle modes (table, computed, direct) in
#                every format at 2^16, 2^20, 2^24: time and plan creation
#                (gpu_profile_computed.json)
#   4b'' nd      ffft_gpu_nd: N-D transforms (nd_plan, nd_real_plan) in every
#                format against cuFFT Z2Z and D2Z at 1024^2, 4096^2, 128^3
#                and 256^3, each checked against cuFFT, and dd128's axes
#                alone (gpu_nd.json)
#   4c vkfft     ffft_bench_vkfft: VkFFT's double-double (dd and double memory)
#                beside ffft's dd128 on complex<dd128> and on double arrays,
#                N = 2^10, 2^12 .. 2^24 batched to 2^24 values, errors against
#                FFTW __float128 up to 2^20 (vkfft_dd.json; no new N after
#                120 s).
#                It needs the machine's NVRTC (libnvrtc.so.13 in
#                /usr/local/cuda/lib64, with the driver): the step fails, saying
#                so, without it; skipped when the bundle has no ffft_bench_vkfft
#                (built only where scripts/install_vkfft.sh could install VkFFT)
#   5 cli        ffft info; ffft gen random (2^20); ffft roundtrip --device cuda
#   5b python    the Python package's pytest suite (python/tests) under the
#                machine's python3, with CuPy: test_cupy.py's device tests
#                must run (bit-identical to the CPU executor)
#   6 bench      ffft_bench_fft --mode=quick, GPU contenders only, to JSON
#   7 ncu        the df64 group kernels of one transform at 2^20 and 2^24
#                (speed of light, pipes, memory, occupancy, and the FMA-pipe
#                and DRAM metrics of docs/gpu_tuning.md's floors)
#   8 cpu tests  every other test binary (CPU only; CI runs them too)
#   9 extra      ncu on qf128 and dd128 at 2^20
#   cpu_bench    (not in the default list) the CPU speed goals' contenders on
#                every vector path of this processor, in the background on
#                cores of their own (scripts/fft_bench_paths.sh; AVX-512 is
#                only lent here): cpu_bench.tar.gz. With ncu's file too
#                that is 9 files, one more than the tool brings back: ask
#                for one of the two
# GPU_VALIDATE_STEPS (comma-separated, default all: env,gpu_tests,sanitizers,
# sweep,real,twiddles,nd,vkfft,cli,python,bench,ncu,cpu_tests,extra) runs only some: if a first call
# ran out of budget, a second call runs the rest, e.g.
#   command: GPU_VALIDATE_STEPS=env,bench,cli,cpu_tests,extra bash scripts/gpu_validate.sh
# or VkFFT's comparison alone (about 200 s):
#   command: GPU_VALIDATE_STEPS=env,vkfft bash scripts/gpu_validate.sh
# (GPU_VKFFT_LOG2N=20,22,24 GPU_VKFFT_BUDGET_S=180 for the large sizes alone)
# Without a GPU (try it here: OUT=/tmp/gpu_out bash scripts/gpu_validate.sh)
# the GPU tests skip, the sweep, sanitizers and ncu say there is no device, and
# the script goes on. Exit status: 0 all passed, 1 a step failed, 3 none
# failed but the budget cut some.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
OUT=${OUT:-$root/gpu_out}
budget=${GPU_VALIDATE_BUDGET:-540}
steps=",${GPU_VALIDATE_STEPS:-env,gpu_tests,sanitizers,sweep,real,twiddles,nd,vkfft,cli,python,bench,ncu,cpu_tests,extra},"
want() { [[ $steps == *",$1,"* ]]; }
bundle=${FFFT_GPU_BUNDLE:-build-gpu/bundle}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
work=$(mktemp -d /tmp/ffft_gpu_validate.XXXXXX)
logs=$work/logs
# The unpacked programs (~150 MB) go with the work folder; FFFT_GPU_KEEP_WORK=1 keeps it.
[[ ${FFFT_GPU_KEEP_WORK:-0} == 1 ]] || trap 'rm -rf "$work"' EXIT
mkdir -p "$logs"
summary=$OUT/summary.txt
: >"$summary"
failures=0
cuts=0

note() { echo "$*" | tee -a "$summary"; }
snapshot() { tar czf "$OUT/logs.tar.gz.tmp" -C "$work" logs 2>/dev/null && mv "$OUT/logs.tar.gz.tmp" "$OUT/logs.tar.gz"; }

if [[ ! -f $bundle/manifest.txt ]]; then
  note "gpu_validate: no $bundle/manifest.txt: run scripts/gpu_bundle.sh first and carry $bundle"
  exit 2
fi
manifest_value() { sed -n "s/^$1=//p" "$bundle/manifest.txt"; }
# The programs' own records name the revision they were built from, not this tree's.
FFFT_SOURCE_REVISION=$(python3 scripts/results_record.py identity --from "$bundle/measured.json" 2>/dev/null) ||
  FFFT_SOURCE_REVISION=""
export FFFT_SOURCE_REVISION
# stamp_results FILE...: records in each results file in $OUT that exists what
# it measured; one that cannot be stamped fails the run, as nobody could tell
# which code it describes.
stamp_results() {
  local f
  for f; do
    [[ -f $OUT/$f ]] || continue
    python3 scripts/results_record.py stamp "$OUT/$f" --sources gpu --identity "$bundle/measured.json" \
      >/dev/null && continue
    note "$(printf '%-34s FAILED (no revision recorded; a bundle without measured.json?)' "stamp $f")"
    failures=$((failures + 1))
  done
}
# The programs travel packed (scripts/gpu_bundle.sh); unpacked outside the
# repository, so the carried folder stays small.
unpack() {
  if command -v xz >/dev/null; then
    xz -dc "$bundle/programs.tar.xz" | tar xf - -C "$work"
  else  # no xz there: Python's lzma
    python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1], "r:xz").extractall(sys.argv[2])' \
      "$bundle/programs.tar.xz" "$work"
  fi
}
if ! unpack; then
  note "gpu_validate: cannot unpack $bundle/programs.tar.xz"
  exit 2
fi
bin=$work/bin
# libstdc++: the machine's own whenever it has every symbol version the
# programs use (manifest: libstdcxx_needs), so that ncu's and
# compute-sanitizer's injected libraries, loaded into our processes, get the
# libstdc++ they were built against rather than the bundled GCC 12 one. The
# bundled one (which needs glibc 2.36) only when the machine's is older.
system_libstdcxx=$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 .*x86-64/ {print $NF; exit}')
libstdcxx_choice="bundled (GCC 12)"
if [[ -n $system_libstdcxx ]]; then
  has_all=1
  for version in $(manifest_value libstdcxx_needs); do
    grep -qa "$version" "$system_libstdcxx" || has_all=0
  done
  if ((has_all == 1)); then
    mkdir -p "$work/lib-unused" && mv "$work/lib/libstdc++.so.6" "$work/lib/libgcc_s.so.1" "$work/lib-unused/" 2>/dev/null
    libstdcxx_choice="the system's, $system_libstdcxx (has $(manifest_value libstdcxx_needs))"
  else
    libstdcxx_choice="bundled (GCC 12): $system_libstdcxx lacks some of $(manifest_value libstdcxx_needs); ncu and compute-sanitizer run with it"
  fi
fi
echo "gpu_validate: libstdc++: $libstdcxx_choice"

# Paths the programs had baked in at build time: the source root (tests read
# sources under it) and the PTX files test_eft_ptx reads, restored under the
# repository root here and reached through a link from the old root's path.
source_root=$(manifest_value source_root)
cp -r "$bundle/files/." "$root/" 2>/dev/null || true
if [[ -n $source_root && $source_root != "$root" && ! -e $source_root ]]; then
  mkdir -p "$(dirname "$source_root")" && ln -s "$root" "$source_root" &&
    echo "gpu_validate: linked $source_root -> $root"
fi
# cuFFT: the RPATH names /usr/local/cuda/lib64; elsewhere, look for it.
if ! ldconfig -p 2>/dev/null | grep -q libcufft.so.12 && [[ ! -e /usr/local/cuda/lib64/libcufft.so.12 ]]; then
  found=$(timeout 30 find / -name 'libcufft.so.12' -not -path '/proc/*' 2>/dev/null | head -1)
  [[ -n $found ]] && export LD_LIBRARY_PATH="$(dirname "$found")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
export PATH="/usr/local/cuda/bin:$PATH"
# ncu and compute-sanitizer may live outside the PATH.
for tool in ncu compute-sanitizer; do
  command -v "$tool" >/dev/null && continue
  found=$(ls -d /usr/local/cuda/bin/$tool /opt/nvidia/nsight-compute/*/$tool /usr/local/cuda/compute-sanitizer/$tool 2>/dev/null | head -1)
  [[ -n $found ]] && export PATH="$(dirname "$found"):$PATH"
done
have_gpu=0
nvidia-smi -L >/dev/null 2>&1 && have_gpu=1

# run_step NAME LIMIT COMMAND...: runs COMMAND under `timeout` with
# min(LIMIT, what is left of the budget) seconds, logs to logs/NAME.log,
# appends one line to the summary. A gtest binary's counts are read off its
# last lines.
run_step() {
  local name=$1 limit=$2
  shift 2
  local left=$((budget - SECONDS - 5)) clipped=0
  ((limit > left)) && limit=$left clipped=1
  if ((limit < 10)); then
    note "$(printf '%-34s CUT (budget spent before it started)' "$name")"
    return 0
  fi
  local log=$logs/$name.log start=$SECONDS rc=0
  echo "\$ $*" >"$log"
  # timeout signals its whole process group (ncu's and the sanitizer's
  # children too); a shell function runs in a child bash (exported below).
  if declare -F "$1" >/dev/null; then
    timeout -k 10 "$limit" bash -c '"$@"' _ "$@" >>"$log" 2>&1 || rc=$?
  else
    timeout -k 10 "$limit" "$@" >>"$log" 2>&1 || rc=$?
  fi
  local took=$((SECONDS - start)) status=ok detail=""
  if ((rc == 124 || rc == 137)) && ((clipped == 1)); then
    # Stopped by the run's budget, not by its own limit: not a verdict on
    # the step (GPU_VALIDATE_STEPS runs it again in a second call).
    status="CUT (budget, ${limit}s)"
  elif ((rc == 124 || rc == 137)); then
    status="TIMEOUT (${limit}s)"
  elif ((rc != 0)); then
    status="FAILED (rc $rc)"
  fi
  local passed failed skipped
  passed=$(grep -oE '^\[  PASSED  \] [0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  skipped=$(grep -oE '^\[  SKIPPED \] [0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  failed=$(grep -oE '^\[  FAILED  \] [0-9]+ test' "$log" | grep -oE '[0-9]+' | tail -1)
  [[ -n $passed$skipped$failed ]] && detail="gtest: ${passed:-0} passed, ${failed:-0} failed, ${skipped:-0} skipped"
  local pytest_line
  pytest_line=$(grep -E '^=* ?[0-9]+ (passed|failed).* in [0-9.]+s' "$log" | tail -1 | tr -d '=')
  [[ -n $pytest_line ]] && detail="pytest:${pytest_line% }"
  # pytest -rs names what skipped: the CuPy tests count as GPU tests.
  grep -qE 'SKIPPED \[[0-9]+\] .*test_cupy' "$log" && skipped=1
  grep -q 'ERROR SUMMARY: [1-9]' "$log" && detail="$detail $(grep -o 'ERROR SUMMARY: [0-9]* error[s]*' "$log" | tail -1)"
  grep -qE '^(ffft_gpu_profile|ffft_gpu_nd|ffft_bench_vkfft): skipped' "$log" && status="skipped: no CUDA device"
  [[ $status == ok && ${GPU_STEP:-0} == 1 && $have_gpu == 0 ]] && status="ran; no CUDA device"
  # On the GPU machine a skipped GPU test means the device was not usable.
  [[ $status == ok && ${GPU_STEP:-0} == 1 && $have_gpu == 1 && ${skipped:-0} != 0 ]] &&
    status="FAILED (skips on a GPU)"
  [[ $status == ok || $status == skipped* || $status == ran* || $status == CUT* ]] || failures=$((failures + 1))
  [[ $status == CUT* ]] && cuts=$((cuts + 1))
  note "$(printf '%-34s %-22s %4ds  %s' "$name" "$status" "$took" "$detail")"
  snapshot
}

# A sanitizer step: without a device it is reported, not run (the tool
# itself fails without one).
sanitize() {
  local name=$1 limit=$2 tool=$3
  shift 3
  if ((have_gpu == 0)); then note "$(printf '%-34s skipped: no CUDA device' "$name")"; return 0; fi
  if ! command -v compute-sanitizer >/dev/null; then note "$(printf '%-34s skipped: no compute-sanitizer' "$name")"; return 0; fi
  run_step "$name" "$limit" compute-sanitizer --tool "$tool" --error-exitcode 86 --print-limit 50 "$@"
}

profile=$bin/ffft_gpu_profile
gpu_tests=" $(manifest_value gpu_tests) "

note "gpu_validate: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname), budget ${budget}s, bundle $(manifest_value revision) built $(manifest_value built)"
if [[ $(manifest_value build_rc) != 0 ]]; then
  note "$(printf '%-34s FAILED (rc %s): what did not build is missing below' "bundle build" "$(manifest_value build_rc)")"
  failures=$((failures + 1))
fi

# ---- 1 env -----------------------------------------------------------------------
env_report() {
  nvidia-smi || echo "nvidia-smi: none"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,power.limit,temperature.gpu,pstate --format=csv 2>/dev/null
  echo "--- processor"; lscpu 2>/dev/null | grep -E 'Model name|^CPU\(s\)|Flags' | sed -E 's/(Flags:).*(avx512f).*/\1 ... \2 .../'
  grep -q avx512f /proc/cpuinfo && echo "avx512f: yes" || echo "avx512f: no"
  echo "--- system"; ldd --version | head -1; uname -r
  echo "--- tools"; command -v nvcc ncu compute-sanitizer cuobjdump; nvcc --version 2>/dev/null | tail -1
  ncu --version 2>/dev/null | tail -1; compute-sanitizer --version 2>/dev/null | tail -1
  echo "--- the group kernels' registers, stack, spills (cuobjdump -res-usage; bundle/resource_usage.txt has ptxas's)"
  cuobjdump -res-usage "$bin/ffft_gpu_profile" 2>/dev/null | grep -A1 stockham_group_kernel | grep -v '^--' | cut -c1-200
  echo "--- bundle"; cat "$bundle/manifest.txt"
  echo "--- libstdc++: $libstdcxx_choice"
  echo "--- libraries the programs resolve (none may be 'not found')"
  for p in "$bin"/*; do ldd "$p" | grep -E 'not found|cufft|cudart|stdc|gomp|benchmark' | sed "s|^|$(basename "$p"): |"; done
  ! (for p in "$bin"/*; do ldd "$p"; done | grep -q 'not found')
}
export -f env_report
export bin bundle libstdcxx_choice work logs
want env && run_step env 30 env_report

# ---- 1b cpu bench (in the background) ----------------------------------------------
# The CPU speed goals' contenders on every vector path this processor has
# (scripts/fft_bench_paths.sh): the GPU machine's processor is the one
# AVX-512 machine this project is lent. Each path gets two physical cores of
# its own (threads:2), their hyperthread siblings stay idle, and this script
# and the GPU steps move to the other cores; the bench stops 40 s before the
# budget ends. Brings back cpu_bench.tar.gz (fft_cpu_<path>.json, stamped
# with --sources cpu, and the logs). Skipped with fewer than 4 physical cores
# left for the rest.
cpu_bench_pid=""
if want cpu_bench; then
  cpu_paths=$("$bin/ffft" info --json 2>/dev/null | python3 -c \
    'import json, sys; print(" ".join(p for p in json.load(sys.stdin)["cpu_paths_available"] if p != "scalar"))' 2>/dev/null)
  # Physical cores, each with its CPUs ("0,8"), in the order lscpu gives.
  mapfile -t cores < <(lscpu -p=CPU,CORE 2>/dev/null | awk -F, '!/^#/ {c[$2] = c[$2] (c[$2] == "" ? "" : ",") $1}
    END {for (k in c) print k " " c[k]}' | sort -n | cut -d' ' -f2)
  paths=($cpu_paths)
  if ((${#paths[@]} == 0)); then
    note "$(printf '%-34s skipped: %s' "cpu bench" "no vector path on this processor (ffft info)")"
  elif ((budget - SECONDS - 40 < 60)); then
    note "$(printf '%-34s skipped: %s' "cpu bench" "under a minute of the budget left for it")"
  elif ((${#cores[@]} < 2 * ${#paths[@]} + 4)); then
    note "$(printf '%-34s skipped: %s' "cpu bench" "${#cores[@]} physical cores: too few for ${#paths[@]} paths beside the GPU steps")"
  else
    specs=() rest=""
    for ((i = 0; i < ${#paths[@]}; i++)); do
      a=${cores[${#cores[@]} - 2 * i - 1]} b=${cores[${#cores[@]} - 2 * i - 2]}
      specs+=("${paths[i]}:${b%%,*},${a%%,*}")
    done
    for ((i = 0; i < ${#cores[@]} - 2 * ${#paths[@]}; i++)); do rest+="${rest:+,}${cores[i]}"; done
    taskset -pc "$rest" $$ >/dev/null
    bash "$root/scripts/fft_bench_paths.sh" "$bin/ffft_bench_fft" "$work/cpu_bench" \
      $((budget - SECONDS - 40)) "${specs[@]}" >"$logs/cpu_bench.log" 2>&1 &
    cpu_bench_pid=$!
    cpu_bench_start=$SECONDS
    echo "gpu_validate: cpu bench on ${specs[*]} in the background; the rest on CPUs $rest"
  fi
fi

# ---- 2 gpu tests -------------------------------------------------------------------
if want gpu_tests; then
  for t in $gpu_tests; do
    if [[ -x $bin/$t ]]; then
      GPU_STEP=1 run_step "gpu_test $t" 150 "$bin/$t" --gtest_color=no
    else
      note "$(printf '%-34s FAILED (not in the bundle: its build failed)' "gpu_test $t")"
      failures=$((failures + 1))
    fi
  done
fi

# ---- 3 sanitizers ------------------------------------------------------------------
large=(--log2n=20 --points_log2=20 --reps=1 --warmup=0 --check=0 --formats=df64,qf128,dd128)
if want sanitizers; then
  # test_device_fft: every case in df64 (radices, Bluestein, strides, batches),
  # in place and unaligned in all three formats.
  sanitize "memcheck test_device_fft" 100 memcheck "$bin/test_device_fft" --gtest_color=no \
    '--gtest_filter=DeviceFft/0.*:DeviceFft/*.InPlace*:DeviceFft/*.DeviceMemoryNotAligned*'
  sanitize "memcheck transforms 2^20" 50 memcheck "$profile" "${large[@]}"
  # test_device_nd in df64: every N-D case (folded batches: the kernels'
  # grid rows), real ones included.
  sanitize "memcheck test_device_nd" 60 memcheck "$bin/test_device_nd" --gtest_color=no '--gtest_filter=DeviceNd/0.*'
  # Small N: test_device_fft's in-place cases (64, 120 = 8 x 3 x 5, 101 by
  # Bluestein, 2^16) in all three formats.
  sanitize "racecheck test_device_fft small" 50 racecheck "$bin/test_device_fft" --gtest_color=no \
    '--gtest_filter=DeviceFft/*.InPlace*'
  sanitize "synccheck test_device_fft small" 40 synccheck "$bin/test_device_fft" --gtest_color=no \
    '--gtest_filter=DeviceFft/*.InPlace*'
  # initcheck: no kernel reads device memory that nothing wrote (a skipped
  # zero-fill or a pad lane read by a butterfly).
  sanitize "initcheck test_device_fft small" 40 initcheck "$bin/test_device_fft" --gtest_color=no \
    '--gtest_filter=DeviceFft/*.InPlace*'
  sanitize "racecheck transforms 2^20 df64" 50 racecheck "$profile" --log2n=20 --points_log2=20 \
    --reps=1 --warmup=0 --check=0 --formats=df64
  sanitize "synccheck transforms 2^20" 40 synccheck "$profile" "${large[@]}"
fi

# ---- 4 sweep -----------------------------------------------------------------------
# A sweep cut short still wrote the cases it finished ("complete": false),
# so its file is stamped whatever the step's status.
if want sweep; then
  run_step "sweep table 2^16..2^24" 150 "$profile" --log2n=16,18,20,22,24 --twiddles=table \
    --formats=df64,qf128,dd128,c2c,z2z --reps=10 --warmup=2 --json="$OUT/gpu_profile.json"
  stamp_results gpu_profile.json
fi
if want real; then
  run_step "sweep real 2^16..2^24" 120 "$profile" --log2n=16,20,24 \
    --formats=rdf64,rqf128,rdd128,d2z,r2c,cdf64,cqf128,cdd128 --reps=10 --warmup=2 \
    --json="$OUT/gpu_profile_real.json"
  stamp_results gpu_profile_real.json
fi

# ---- 4b' twiddles ------------------------------------------------------------------
# Every twiddle mode (table, computed, direct) in every format, with each
# plan's creation time; direct qf128 runs a sincos per twiddle, about a
# second per call of 2^26 points, hence the few repetitions.
if want twiddles && ((have_gpu == 1)); then
  run_step "sweep twiddle modes 2^16..2^24" 120 "$profile" --log2n=16,20,24 \
    --twiddles=table,computed,direct --formats=df64,dd128,qf128 --reps=5 --warmup=1 \
    --json="$OUT/gpu_profile_computed.json"
  stamp_results gpu_profile_computed.json
fi

# ---- 4b'' nd ------------------------------------------------------------------------
if want nd; then
  run_step "nd 1024^2..256^3" 150 "$bin/ffft_gpu_nd" --reps=5 --warmup=1 --json="$OUT/gpu_nd.json"
  stamp_results gpu_nd.json
fi

# ---- 4c vkfft ----------------------------------------------------------------------
# VkFFT compiles its kernels with the machine's NVRTC (the bundle does not
# carry it) and launches them through the driver: both from
# /usr/local/cuda/lib64 (the RPATH of lib/libffft_vkfft.so, which the
# program loads, and LD_LIBRARY_PATH here).
if want vkfft; then
  cuda_libs=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
  if [[ ! -x $bin/ffft_bench_vkfft ]]; then
    if [[ $(manifest_value vkfft) == none ]]; then
      note "$(printf '%-34s skipped: %s' "vkfft dd side by side" "not in the bundle (VkFFT's headers were not installed where it was built)")"
    else
      note "$(printf '%-34s FAILED (not in the bundle: its build failed)' "vkfft dd side by side")"
      failures=$((failures + 1))
    fi
  elif ! grep -q 'libnvrtc.so.*=> /' <<<"$(LD_LIBRARY_PATH=$cuda_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
       ldd "$work/lib/libffft_vkfft.so" 2>/dev/null)"; then
    note "$(printf '%-34s FAILED (libnvrtc.so.13 not found in /usr/local/cuda/lib64 or the loader paths: VkFFT cannot compile its kernels)' "vkfft dd side by side")"
    failures=$((failures + 1))
  else
    # VkFFT's plans compile with NVRTC, 7-20 s each and two per N, so the whole
    # list rarely fits one call: GPU_VKFFT_LOG2N picks the sizes (the large ones
    # first, when earlier results hold the small), GPU_VKFFT_BUDGET_S the seconds
    # after which no new N starts.
    vkfft_budget=${GPU_VKFFT_BUDGET_S:-120}
    GPU_STEP=1 run_step "vkfft dd side by side" $((vkfft_budget + 80)) env "LD_LIBRARY_PATH=$cuda_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      "$bin/ffft_bench_vkfft" --log2n="${GPU_VKFFT_LOG2N:-10,12,14,16,18,20,22,24}" --check-max-log2=20 \
      --budget-s="$vkfft_budget" \
      --json="$OUT/vkfft_dd.json"
    rm -f "$OUT/vkfft_dd.json.tmp"
    stamp_results vkfft_dd.json
  fi
fi

# ---- 5 cli -------------------------------------------------------------------------
if ! want cli; then
  :
elif [[ -x $bin/ffft ]]; then
  cli_roundtrip() {
    "$bin/ffft" info || return $?
    "$bin/ffft" gen random "$work/x.c128" -n 1048576 --seed 7 --force || return $?
    "$bin/ffft" roundtrip "$work/x.c128" --device cuda || return $?
    "$bin/ffft" roundtrip "$work/x.c128" --device cuda --json >"$logs/cli_roundtrip.json"
  }
  export -f cli_roundtrip
  if ((have_gpu == 1)); then
    run_step "cli roundtrip 2^20 --device cuda" 120 cli_roundtrip
  else
    run_step "cli info" 20 "$bin/ffft" info
    note "$(printf '%-34s skipped: no CUDA device' "cli roundtrip --device cuda")"
  fi
else
  note "$(printf '%-34s FAILED (not in the bundle: its build failed)' "cli")"
  failures=$((failures + 1))
fi

# ---- 5b python ----------------------------------------------------------------------
# The package built for this machine's python3 (bundle: python/ffft); pytest,
# numpy, scipy, mpmath and CuPy are this machine's. -rs lists what skipped:
# with a device, test_cupy.py must not be among them.
if ! want python; then
  :
elif [[ -d $work/python/ffft ]]; then
  GPU_STEP=1 run_step "python pytest" 150 env PYTHONPATH="$work/python" PYTHONDONTWRITEBYTECODE=1 \
    python3 -m pytest -q -rs -p no:cacheprovider "$root/python/tests"
else
  note "$(printf '%-34s skipped: %s' "python pytest" "no Python package in the bundle ($(manifest_value python_package))")"
fi

# ---- 6 bench -----------------------------------------------------------------------
if want bench; then
  GPU_STEP=1 run_step "bench quick, GPU contenders" 240 "$bin/ffft_bench_fft" --mode=quick \
    '--benchmark_filter=^fft/(ffft_[a-z0-9]+_[a-z]+_cuda|cufft_[a-z0-9]+)/' \
    --benchmark_min_time=0.05 --benchmark_repetitions=1 \
    --benchmark_out="$OUT/bench_gpu_quick.json" --benchmark_out_format=json
  stamp_results bench_gpu_quick.json
fi

# ---- 7 ncu -------------------------------------------------------------------------
ncu_dir=$work/ncu
mkdir -p "$ncu_dir"
# The metrics docs/gpu_tuning.md's floors and goals need, kept to those this
# ncu knows (an unknown name fails the run).
wanted_metrics="
  gpu__time_duration.sum sm__cycles_elapsed.avg.per_second
  sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active
  sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active
  sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active
  sm__inst_executed_pipe_fp64.avg.pct_of_peak_sustained_active
  sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active
  sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active
  smsp__issue_active.avg.pct_of_peak_sustained_active sm__inst_executed.avg.per_cycle_active
  smsp__inst_executed.sum
  sm__sass_thread_inst_executed_op_ffma_pred_on.sum sm__sass_thread_inst_executed_op_fadd_pred_on.sum
  sm__sass_thread_inst_executed_op_fmul_pred_on.sum sm__sass_thread_inst_executed_op_dfma_pred_on.sum
  sm__sass_thread_inst_executed_op_dadd_pred_on.sum sm__sass_thread_inst_executed_op_dmul_pred_on.sum
  dram__throughput.avg.pct_of_peak_sustained_elapsed dram__bytes_read.sum dram__bytes_write.sum
  lts__t_bytes.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
  sm__warps_active.avg.pct_of_peak_sustained_active launch__registers_per_thread
  launch__occupancy_limit_registers launch__occupancy_limit_shared_mem launch__block_size launch__grid_size"
ncu_metrics() {
  local known list=""
  known=$(ncu --query-metrics 2>/dev/null | awk '{print $1}')
  for m in $wanted_metrics; do
    grep -qx "${m%%.*}" <<<"$known" && list+="${list:+,}$m"
  done
  echo "$list"
}
# ncu_profile TAG FORMAT LOG2N [POINTS_LOG2]: the group kernels of one timed
# call (3 at these sizes) of 2^POINTS_LOG2 points (default the profiler's
# 2^26), clocks left as they are (--clock-control none).
ncu_profile() {
  local tag=$1 format=$2 k=$3 points=${4:-26} metrics
  ncu --target-processes all --clock-control none -k regex:stockham_group_kernel --launch-count 3 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
    --section Occupancy --section LaunchStats --section InstructionStats --section SchedulerStats \
    -f -o "$ncu_dir/$tag" \
    "$profile" --formats="$format" --log2n="$k" --points_log2="$points" --reps=1 --warmup=0 --check=0 || return $?
  ncu --import "$ncu_dir/$tag.ncu-rep" --page details >"$ncu_dir/$tag.details.txt" 2>&1
  metrics=$(ncu_metrics)
  echo "metrics: $metrics"
  [[ -n $metrics ]] && ncu --target-processes all --clock-control none -k regex:stockham_group_kernel \
    --launch-count 3 --metrics "$metrics" --csv \
    "$profile" --formats="$format" --log2n="$k" --points_log2="$points" --reps=1 --warmup=0 --check=0 >"$ncu_dir/$tag.metrics.csv"
  cat "$ncu_dir/$tag.details.txt" "$ncu_dir/$tag.metrics.csv" 2>/dev/null
  # The tool brings back files of at most 16 MiB: drop the reports, keep the text.
  tar czf "$OUT/ncu.tar.gz" -C "$work" ncu
  if (($(stat -c %s "$OUT/ncu.tar.gz") > 15 * 1024 * 1024)); then
    tar czf "$OUT/ncu.tar.gz" -C "$work" --exclude='*.ncu-rep' ncu
  fi
}
export -f ncu_metrics ncu_profile
export bin bundle profile work logs ncu_dir OUT wanted_metrics
can_ncu=1
if ((have_gpu == 0)) || ! command -v ncu >/dev/null; then
  can_ncu=0
  want ncu && note "$(printf '%-34s skipped: %s' "ncu" "$( ((have_gpu == 0)) && echo 'no CUDA device' || echo 'no ncu')")"
elif want ncu; then
  run_step "ncu df64 2^20" 70 ncu_profile df64_2p20 df64 20
  run_step "ncu df64 2^24" 70 ncu_profile df64_2p24 df64 24
fi

# ---- 8 cpu tests -------------------------------------------------------------------
if want cpu_tests; then
  for p in "$bin"/test_*; do
    t=$(basename "$p")
    [[ $gpu_tests == *" $t "* ]] && continue
    run_step "cpu_test $t" 120 "$p" --gtest_color=no
  done
fi

# ---- 9 extra -----------------------------------------------------------------------
if want extra && ((have_gpu == 1)); then
  if ((can_ncu == 1)); then
    # qf128 on 2^24 points: ncu replays each kernel 13 times and one qf128
    # call of 2^26 points takes 0.2 s.
    run_step "ncu qf128 2^20" 70 ncu_profile qf128_2p20 qf128 20 24
    run_step "ncu dd128 2^20" 70 ncu_profile dd128_2p20 dd128 20
  fi
fi

# ---- 1b cpu bench, collected -----------------------------------------------------------
if [[ -n $cpu_bench_pid ]]; then
  wait "$cpu_bench_pid"
  cpu_bench_rc=$?
  detail=""
  for f in "$work"/cpu_bench/fft_cpu_*.json; do
    [[ -f $f ]] || continue
    python3 scripts/results_record.py stamp "$f" --sources cpu --identity "$bundle/measured.json" >/dev/null ||
      detail+=" (not stamped: $(basename "$f"))"
    detail+=" $(basename "$f" .json | sed 's/^fft_cpu_//'): $(python3 -c 'import json, sys
b = json.load(open(sys.argv[1]))["benchmarks"]
print(len({x["name"].split("/")[2] for x in b}), "sizes")' "$f")"
  done
  cp "$work"/cpu_bench/*.log "$logs/" 2>/dev/null
  tar czf "$OUT/cpu_bench.tar.gz" -C "$work" cpu_bench
  status=ok
  ((cpu_bench_rc != 0)) && status="FAILED (rc $cpu_bench_rc)" && failures=$((failures + 1))
  note "$(printf '%-34s %-22s %4ds  %s' "cpu bench (background)" "$status" $((SECONDS - cpu_bench_start)) "${detail# }")"
fi

snapshot
note "gpu_validate: $failures step(s) failed, $cuts cut by the budget, ${SECONDS}s; full logs in $OUT/logs.tar.gz"
echo "==== summary"
cat "$summary"
grep -h -E '^(ffft_|cufft_)|ratio|time  |device:' "$logs"/sweep*.log 2>/dev/null | head -90
# 0: every step ran and passed; 1: a step failed; 3: none failed, but the
# budget cut some (run those again with GPU_VALIDATE_STEPS).
((failures > 0)) && exit 1
((cuts > 0)) && exit 3
exit 0
