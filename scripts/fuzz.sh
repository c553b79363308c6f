#!/usr/bin/env bash
# Fuzzes the .npy header parser and the input-layout rules of the ffft
# program (cli/npy_header.cpp, input_layout.cpp, element_format.cpp)
# with libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   scripts/fuzz.sh [seconds]      (default 60)
#
# The seconds are of fuzzing in all, spread over the machine's cores: with
# two or more, libFuzzer's fork mode runs one worker a core (-fork=N), which
# merge what they find into the one corpus, for seconds / N of wall time.
#
# Why: the header of a .npy file is a Python literal the user's file
# supplies; the parser must refuse anything malformed with an input_error
# and never crash, read out of bounds, overflow or allocate without bound.
# The target (tests/fuzz/fuzz_npy_header.cpp) also checks that messages are
# one printable line and that every header that parses survives
# make_npy_header -> parse_npy_header unchanged.
#
# It builds build-fuzz/fuzz_npy_header with clang++ straight from the
# sources (no CMake; CXX_FUZZ overrides the compiler), copies the committed
# seeds (tests/fuzz/corpus, never written to) into build-fuzz/corpus, which
# keeps what the fuzzer finds from one run to the next, and runs for the
# given time with the dictionary tests/fuzz/npy.dict. It exits non-zero on a
# crash, leak, timeout or failed check; libFuzzer then prints the input's
# path (build-fuzz/crash-..., leak-..., timeout-...), which
#   build-fuzz/fuzz_npy_header build-fuzz/crash-...
# replays.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || (( seconds < 1 )); then
  echo "usage: scripts/fuzz.sh [seconds]" >&2
  exit 2
fi
cxx="${CXX_FUZZ:-/usr/bin/clang++}"
out=build-fuzz
bin="$out/fuzz_npy_header"
sources=(cli/element_format.cpp cli/npy_header.cpp cli/input_layout.cpp
         tests/fuzz/fuzz_npy_header.cpp)
mkdir -p "$out/corpus"

rebuild=0
[[ -x "$bin" ]] || rebuild=1
for f in "${sources[@]}" cli/*.hpp; do
  [[ "$f" -nt "$bin" ]] && rebuild=1
done
if (( rebuild )); then
  echo "fuzz.sh: building $bin with $cxx"
  "$cxx" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Wall -Wextra -Wpedantic -I . "${sources[@]}" -o "$bin"
fi

cp -n tests/fuzz/corpus/* "$out/corpus/"
workers=$(nproc)
(( workers > seconds )) && workers=$seconds
wall=$(( seconds / workers ))
parallel=()
(( workers > 1 )) && parallel=(-fork="$workers")
echo "fuzz.sh: fuzzing for ${seconds}s, ${workers} worker(s) for ${wall}s (corpus $out/corpus)"
status=0
"$bin" "$out/corpus" -dict=tests/fuzz/npy.dict -max_len=4096 -max_total_time="$wall" \
  -timeout=10 -rss_limit_mb=2048 -use_value_profile=1 -artifact_prefix="$out/" \
  -print_final_stats=1 "${parallel[@]}" || status=$?
if (( status != 0 )); then
  echo "fuzz.sh: the fuzzer failed (status $status); the input that did it is named above" >&2
  exit 1
fi
echo "fuzz.sh: clean"
