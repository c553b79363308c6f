#!/usr/bin/env bash
# Builds the Python package with `pip install .` into a virtual environment
# (build/python-venv, on Debian's python3 with its numpy, scipy, mpmath and
# pytest) and runs its pytest suite (python/tests). The build tools,
# nanobind and scikit-build-core, come from PyPI into that environment, so
# the build folder (build/python/) is reused and a second run recompiles
# only what changed. The package's own dependencies (numpy, mpmath) are
# Debian's (--no-deps: nothing else is fetched).
#
# After scripts/build.sh (build/ holds a built library, as in
# scripts/test.sh) the package is built against that library
# (FFFT_PYTHON_LIBRARY_FROM=build): pip compiles the module's own sources
# only, and the module has whatever build/ has (the CUDA executor where nvcc
# is installed; its tests skip without a device). Without build/, pip builds
# the library too, as a user's `pip install .` does: with the CUDA executor
# where nvcc is found (FFFT_PYTHON_CUDA=OFF leaves it out), for this
# machine's GPU or sm_90 (FFFT_CUDA_ARCHITECTURES chooses others).
set -euo pipefail
cd "$(dirname "$0")/.."

python=/usr/bin/python3
venv=build/python-venv
if [[ ! -x $venv/bin/python ]]; then
  "$python" -m venv --system-site-packages "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check "nanobind==3.1.0" "scikit-build-core==1.1.2"
if [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH="/usr/local/cuda/bin:$PATH"; fi
settings=(--config-settings=cmake.define.FFFT_CUDA="${FFFT_PYTHON_CUDA:-AUTO}")
if [[ -f build/ffftTargets.cmake && -f build/src/libffft.a ]]; then
  settings=(--config-settings=cmake.define.FFFT_PYTHON_LIBRARY_FROM="$PWD/build")
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-build-isolation --no-deps \
  "${settings[@]}" .

# From outside the source tree, so `import ffft` is the installed package.
# FFFT_CLI: the ffft program, for the test that loads its output.
cli="$PWD/build/bin/ffft"
(cd build && FFFT_CLI="$cli" "../$venv/bin/python" -m pytest -q -p no:cacheprovider ../python/tests "$@")
