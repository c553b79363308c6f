#!/usr/bin/env bash
# Installs what ffft builds and tests against, if anything is missing.
# Each dependency is looked for the way the build finds it (a program on
# PATH, a pkg-config module, a header, a Python module), on any Linux; when
# all are found it installs nothing and succeeds. What is missing is named
# by its Debian package: installed with apt-get where there is one (as
# root), else printed, with exit status 1. The CUDA toolkit is expected at
# /usr/local/cuda; without it the CUDA code is simply not built.
set -euo pipefail

missing=()
need() {  # need DEBIAN_PACKAGE CHECK...: the package unless the check succeeds
  local package=$1
  shift
  "$@" >/dev/null 2>&1 || missing+=("$package")
}
program() { command -v "$1"; }
module() { pkg-config --exists "$1"; }
header() {  # a header the preprocessor finds (in its default paths, or a module's)
  # shellcheck disable=SC2046
  echo "#include <$1>" | "${CXX:-g++}" -E -x c++ - -o /dev/null $(pkg-config --cflags "${2:-}" 2>/dev/null)
}
# The Python the tests run (Debian's, with its packages), where there is one.
python=/usr/bin/python3
[[ -x $python ]] || python=python3
python_module() {  # found, not imported (imports take seconds)
  "$python" -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('$1') is None)"
}
fuzzer_runtime() {  # clang's libFuzzer runtime (Debian's libclang-rt-dev)
  compgen -G "$(clang++ -print-runtime-dir)/libclang_rt.fuzzer*.a"
}

# The build: tools, and the library's MPFR and GMP.
need cmake program cmake
need ninja-build program ninja
need make program make
need g++ program g++
need pkg-config program pkg-config
need libmpfr-dev module mpfr
need libgmp-dev header gmp.h
# The programs, tests and benchmarks: FFTW in four precisions, GoogleTest,
# Google Benchmark, QD, CLI11, nlohmann/json, libsndfile, Open MPI.
for precision in fftw3 fftw3f fftw3l fftw3q; do need libfftw3-dev module "$precision"; done
need libgtest-dev header gtest/gtest.h
need libbenchmark-dev header benchmark/benchmark.h
need libqd-dev module qd
need libcli11-dev header CLI/CLI.hpp
need nlohmann-json3-dev header nlohmann/json.hpp
need libsndfile1-dev module sndfile
need libopenmpi-dev program mpicxx
need openmpi-bin program mpirun
# Fuzzing (clang's libFuzzer) and the Python side: the package's build, the
# program's end-to-end tests, the plots.
need clang program clang++
need libclang-rt-dev fuzzer_runtime
need python3-dev header Python.h python3-embed
need python3-venv python_module ensurepip
need python3-numpy python_module numpy
need python3-scipy python_module scipy
need python3-mpmath python_module mpmath
need python3-pytest python_module pytest
need python3-matplotlib python_module matplotlib
need python3-soundfile python_module soundfile

((${#missing[@]})) || exit 0
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
if ! command -v apt-get >/dev/null; then
  echo "ffft: these are missing (Debian's package names): ${missing[*]}" >&2
  echo "ffft: install their counterparts with this system's package manager" >&2
  exit 1
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "ffft: missing: ${missing[*]}; run as root, or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "ffft: installing missing packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
