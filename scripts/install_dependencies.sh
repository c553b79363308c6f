#!/usr/bin/env bash
# Installs the Debian packages ffft builds against, if any are missing.
# Needs root (apt-get) only when something is missing. The CUDA toolkit is
# expected at /usr/local/cuda; without it the CUDA code is simply not built.
# On a Linux without dpkg it checks the build's essentials (the tools, and
# the libraries through pkg-config) and names what it cannot find.
set -euo pipefail

packages=(cmake ninja-build make g++ pkg-config
          libfftw3-dev libmpfr-dev libgmp-dev
          libgtest-dev libbenchmark-dev libqd-dev libcli11-dev nlohmann-json3-dev
          python3-matplotlib python3-numpy clang libclang-rt-dev
          python3-dev python3-venv python3-pytest python3-scipy python3-mpmath
          libopenmpi-dev openmpi-bin
          libsndfile1-dev python3-soundfile)

if ! command -v dpkg-query >/dev/null; then
  absent=()
  for tool in cmake ninja g++ pkg-config; do command -v "$tool" >/dev/null || absent+=("$tool"); done
  for module in fftw3 fftw3l fftw3q mpfr gmp; do
    pkg-config --exists "$module" 2>/dev/null || absent+=("$module (pkg-config)")
  done
  if ((${#absent[@]})); then
    echo "ffft: not a Debian system, and these are missing: ${absent[*]}." >&2
    echo "ffft: install them with your package manager (the Debian names: ${packages[*]})" >&2
    exit 1
  fi
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "ffft: installing missing packages: ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then
    echo "ffft: run as root (or install them yourself): apt-get install ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
