#!/usr/bin/env bash
# Installs VkFFT's headers, pinned, for the GPU benchmark contender
# ffft_bench_vkfft (bench/vkfft_side_by_side.cpp, docs/gpu.md "VkFFT's
# double-double"): VkFFT ships inside the pyvkfft source distribution, and
# this script takes exactly one of them, pyvkfft 2025.1.1 (VkFFT 1.3.4),
# verified by its sha256, and keeps only the headers (src/VkFFT/vkFFT: vkFFT.h
# and the vkFFT/ folder) and VkFFT's license, outside the repository:
#
#   ${FFFT_DEPS_DIR:-$HOME/.cache/ffft}/vkfft-2025.1.1/include/vkFFT.h
#
# It prints that include folder (the build looks there by itself; CMake's
# VKFFT_INCLUDE_DIR names another). Idempotent: when the headers are there
# and were verified, it only prints the folder (offline, instantly).
# FFFT_VKFFT_SDIST names a local copy of the .tar.gz to use instead of
# downloading it (verified all the same).
#
# Exit status: 0 installed (or already there); 1 the download failed or the
# file's sha256 is not the pinned one (nothing is installed then).
set -euo pipefail

version=2025.1.1
url=https://files.pythonhosted.org/packages/a7/ba/496d661741c7acb224118ce440678ab5a4146aa2b6e337fb9a37a05c3808/pyvkfft-$version.tar.gz
sha256=359648e089cac0e3c82fc685dc7b8a9e1a249b338dcd7c94677d68207c9842bb

deps=${FFFT_DEPS_DIR:-$HOME/.cache/ffft}
dest=$deps/vkfft-$version
include=$dest/include
stamp=$dest/verified-sha256

if [[ -f $include/vkFFT.h && -d $include/vkFFT && -f $stamp && $(cat "$stamp") == "$sha256" ]]; then
  echo "$include"
  exit 0
fi

mkdir -p "$deps"
work=$(mktemp -d "$deps/.vkfft-$version.XXXXXX")
trap 'rm -rf "$work"' EXIT
sdist=$work/pyvkfft-$version.tar.gz
if [[ -n ${FFFT_VKFFT_SDIST:-} ]]; then
  cp "$FFFT_VKFFT_SDIST" "$sdist"
else
  echo "install_vkfft: downloading pyvkfft $version (26 MB) from $url" >&2
  if ! curl -fsSL --retry 2 --connect-timeout 20 -o "$sdist" "$url"; then
    echo "install_vkfft: the download failed; VkFFT is not installed" >&2
    exit 1
  fi
fi
actual=$(sha256sum "$sdist" | cut -d' ' -f1)
if [[ $actual != "$sha256" ]]; then
  echo "install_vkfft: REFUSED: pyvkfft-$version.tar.gz has sha256 $actual, not the pinned $sha256;" \
    "nothing installed" >&2
  exit 1
fi
top=pyvkfft-$version/src/VkFFT
tar xzf "$sdist" -C "$work" "$top/vkFFT" "$top/LICENSE"
rm -rf "$dest"
mkdir -p "$dest"
mv "$work/$top/vkFFT" "$include"
mv "$work/$top/LICENSE" "$dest/LICENSE"
echo "$sha256" >"$stamp"
echo "install_vkfft: VkFFT's headers from pyvkfft $version (sha256 verified) are in $include" >&2
echo "$include"
