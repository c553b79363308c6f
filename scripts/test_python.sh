#!/usr/bin/env bash
# Builds the Python package's wheel (build/python-wheel) and installs it
# into a virtual environment (build/python-venv, on Debian's python3 with
# its numpy, scipy, mpmath and pytest), runs its pytest suite (python/tests),
# then scipy.fft's own tests with ffft as scipy's backend (python/scipy_suite)
# in a second environment (build/scipy-suite-venv) of pinned numpy 2 and
# scipy from PyPI. The build tools, nanobind and scikit-build-core, come
# from PyPI into the first environment, so the build folder (build/python/)
# is reused and a second run recompiles only what changed. The package's own
# dependencies (numpy, mpmath) are Debian's there (--no-deps: nothing else
# is fetched).
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
wheels=build/python-wheel
rm -rf "$wheels"
"$venv/bin/pip" wheel --quiet --disable-pip-version-check --no-build-isolation --no-deps \
  "${settings[@]}" -w "$wheels" .
wheel=$(ls "$wheels"/ffft-*.whl)
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps --force-reinstall "$wheel"

# From outside the source tree, so `import ffft` is the installed package.
# FFFT_CLI: the ffft program, for the test that loads its output.
cli="$PWD/build/bin/ffft"
(cd build && FFFT_CLI="$cli" "../$venv/bin/python" -m pytest -q -p no:cacheprovider ../python/tests "$@")

# scipy.fft's own tests (test_basic.py, test_helper.py) of a pinned scipy,
# on numpy 2, with ffft as scipy.fft's global backend:
# python/scipy_suite/ffft_scipy_suite.py counts the calls ffft served and
# declined (the last line of the report, and the file calls_file), and the
# run fails if ffft declined any or served none; its sitecustomize.py makes
# ffft the backend in the worker processes the tests start too.
suite_venv=build/scipy-suite-venv
if [[ ! -x $suite_venv/bin/python ]]; then
  "$python" -m venv "$suite_venv"
fi
"$suite_venv/bin/pip" install --quiet --disable-pip-version-check \
  "numpy==2.3.5" "scipy==1.17.1" "mpmath==1.3.0" "pytest==8.3.5" "hypothesis==6.131.0"
"$suite_venv/bin/pip" install --quiet --disable-pip-version-check --no-deps --force-reinstall "$wheel"
plugin_path="$PWD/python/scipy_suite"
calls_file="$PWD/build/scipy-suite-calls.json"
rm -f "$calls_file"
(cd build && FFFT_SCIPY_SUITE_CALLS="$calls_file" PYTHONPATH="$plugin_path" "../$suite_venv/bin/python" -m pytest \
  -q -p no:cacheprovider -W ignore::pytest.PytestAssertRewriteWarning \
  -p ffft_scipy_suite --pyargs scipy.fft.tests.test_basic scipy.fft.tests.test_helper)
"$python" - "$calls_file" <<'PY'
import json, sys
calls = json.load(open(sys.argv[1]))
if calls["declined"] or not calls["served"]:
    sys.exit(f"test_python.sh: in scipy.fft's tests ffft served {calls['served']} calls and declined "
             f"{calls['declined'] or 'none'}: it should serve every call those tests make")
PY
