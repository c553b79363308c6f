#!/usr/bin/env bash
# Builds the Python package with `pip install .` into a virtual environment
# (build/python-venv, on Debian's python3 with its numpy, scipy, mpmath and
# pytest) and runs its pytest suite (python/tests), then scipy.fft's own
# tests with ffft as scipy's backend (python/scipy_suite). The build tools,
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

# scipy.fft's own tests, those of the scipy installed here, with ffft as
# scipy.fft's global backend: python/scipy_suite/conftest.py counts the
# calls ffft served and declined (the last line of the report), and fails
# the run if it declined any.
suite=$("$venv/bin/python" -c 'import os, scipy.fft; print(os.path.join(os.path.dirname(scipy.fft.__file__), "tests"))' \
  2>/dev/null || true)
files=()
for f in test_basic.py test_numpy.py test_helper.py; do
  [[ -n $suite && -f $suite/$f ]] && files+=("$f")
done
if ((${#files[@]} > 0)); then
  work=build/scipy_fft_suite
  rm -rf "$work" && mkdir -p "$work"
  cp python/scipy_suite/conftest.py "$work/"
  for f in "${files[@]}"; do cp "$suite/$f" "$work/"; done
  (cd "$work" && "../../$venv/bin/python" -m pytest -q -p no:cacheprovider "${files[@]}")
else
  echo "test_python: scipy's fft tests are not installed here, so scipy.fft's suite under ffft did not run"
fi
