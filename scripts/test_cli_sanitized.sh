#!/usr/bin/env bash
# Runs the end-to-end tests of the `ffft` program (tests/cli) against a build
# with AddressSanitizer and UndefinedBehaviorSanitizer.
#
# Why: the program parses untrusted files (.npy headers, raw sizes, shapes
# whose products can overflow) and handles signals and temporary files;
# the sanitizers turn a silent out-of-bounds read, use-after-free, leak or
# integer overflow on those paths into a test failure. The tests feed it
# every documented kind of bad input, so running them sanitized covers the
# error paths that a Release run only checks for their exit status.
#
# What: builds the CMake preset `checks` in build-checks/, which
# scripts/test_shared_install.sh builds and installs too (one build for both
# checks): the program with -DFFFT_CLI_SANITIZERS=ON, which instruments its
# own code (cli/, with -g for line numbers) but not the FFT library (tested
# on its own; its SIMD executors take over ten minutes each to compile under
# ASan), a shared libffft, CPU-only (the sanitizers do not instrument device
# code, and the CPU executor is the reference), the scalar path alone
# (-DFFFT_SIMD=OFF: the paths are bit-identical and tested on their own, and
# compiling the avx2 and avx512 ones again would double this build's time),
# unoptimized (CMake's build type None: on 2 cores the build takes about
# 110 s instead of 460 s, the tests about 200 s instead of 100), the program
# only (CMake target `ffft_cli`, output name ffft; `ffft` is the library),
# with MPI where it is found. It runs every tests/cli/test_cli_*.py module,
# as many at once as there are cores (each prints its log once it has
# finished), with
#   FFFT_CLI=build-checks/bin/ffft
#   FFFT_CLI_TESTS_QUICK=1   (skips the 2^20-and-up cases: ASan is slower)
#   ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
#   UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# except that test_cli_distributed runs with detect_leaks=0: Open MPI never
# frees what MPI_Init allocates (argv copies, its plugins' tables; about
# 120 KB in 3,300 allocations on Debian's 4.1), so every process under
# mpirun would report them. Its memory errors and undefined behaviour are
# still checked.
# A sanitizer report aborts the program, and the tests fail on any stderr
# line that is not an "ffft: error/notice" line. Exits non-zero if any module
# fails.
#
# LeakSanitizer stops the process's threads with ptrace; where that is not
# allowed (some containers, Yama ptrace_scope 3) it dies with "LeakSanitizer
# has encountered a fatal error". The script checks that once and then runs
# with detect_leaks=0, saying so, rather than failing every test.
#
# Usage: scripts/test_cli_sanitized.sh [extra unittest arguments, e.g. -k nan]
# The first run compiles the library too (uninstrumented, unoptimized, about
# three minutes with the program).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build-checks

cmake --preset checks  # CMakePresets.json: $build, the program alone
cmake --build --preset checks -j "$(nproc)"

export FFFT_CLI="$PWD/$build/bin/ffft"
export FFFT_CLI_TESTS_QUICK=1
export PYTHONDONTWRITEBYTECODE=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1

if ! probe=$("$FFFT_CLI" info 2>&1 >/dev/null) || [[ "$probe" == *"LeakSanitizer has encountered a fatal error"* ]]; then
  if [[ "$probe" == *"LeakSanitizer has encountered a fatal error"* ]]; then
    echo "test_cli_sanitized: LeakSanitizer cannot run here (ptrace not permitted); leaks not checked" >&2
    export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
  else
    echo "test_cli_sanitized: '$FFFT_CLI info' failed:" >&2
    echo "$probe" >&2
    exit 1
  fi
fi

cd tests/cli
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# One module: its log to $logs/MODULE.log, and $logs/MODULE.failed if it fails.
run_module() {
  local module=$1 logs=$2
  shift 2
  local asan=$ASAN_OPTIONS
  [[ $module == test_cli_distributed ]] && asan=${asan/detect_leaks=1/detect_leaks=0}
  ASAN_OPTIONS=$asan /usr/bin/python3 -m unittest -v "$module" "$@" > "$logs/$module.log" 2>&1 ||
    touch "$logs/$module.failed"
}
export -f run_module
modules=()
for module in test_cli_*.py; do modules+=("${module%.py}"); done
start=$SECONDS
printf '%s\n' "${modules[@]}" | xargs -P "$(nproc)" -I{} bash -c 'run_module "$@"' _ {} "$logs" "$@"
failed=()
for module in "${modules[@]}"; do
  echo "== $module"
  cat "$logs/$module.log"
  if [[ -e $logs/$module.failed ]]; then failed+=("$module"); fi
done
echo "test_cli_sanitized: $((SECONDS - start)) s of tests on $(nproc) cores (ASAN_OPTIONS=$ASAN_OPTIONS)"
if ((${#failed[@]})); then
  echo "test_cli_sanitized: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "test_cli_sanitized: all passed"
