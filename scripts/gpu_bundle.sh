#!/usr/bin/env bash
# Builds ffft for a machine with a GPU and gathers what must travel there into
# one folder, build-gpu/bundle/, to be named in the device tool's `carry`:
# programs.tar.xz (bin/: every test binary, the benchmarks, the CLI; lib/:
# the shared libraries they need), manifest.txt, measured.json (the revision
# built, with which gpu_validate.sh stamps the results: scripts/results_record.py),
# resource_usage.txt and files/ (build outputs the programs read by absolute path). The programs
# are staged unpacked in build-gpu/bundle-stage/ (not carried).
# scripts/gpu_validate.sh, run there, uses it (its header has the exact call).
#
#   bash scripts/gpu_bundle.sh          # configure + build + gather; prints the size
#
# The GPU machine has the CUDA 13.0 driver and toolkit (libcufft.so.12 in
# /usr/local/cuda/lib64), CMake and the profilers, but none of this project's
# Debian libraries and no package registry. So the build here:
#  - targets sm_90 only (the H100), Release;
#  - links FFTW, MPFR, GMP, QD and libquadmath statically
#    (-DFFFT_STATIC_DEPENDENCIES=ON, cmake/ffft_static_dependencies.cmake;
#    GoogleTest is static anyway) and gives the programs an RPATH of
#    $ORIGIN/../lib, where this script copies the shared libraries they need
#    that the GPU machine may lack or have in another version: Google
#    Benchmark, libstdc++, libgcc_s, libgomp, the CUDA runtime. Left to the
#    machine: glibc, the driver (libcuda) and cuFFT (280 MB, too large to carry);
#  - compiles the host code as every build is: x86-64-v3 with an AVX-512
#    path that plans choose at run time, whatever the GPU machine's
#    processor (results are bit-identical on every path);
#  - leaves the distributed transforms out (-DFFFT_MPI=OFF): the GPU
#    machine has no MPI library or launcher to run them with; and audio
#    input (-DFFFT_AUDIO=OFF): libsndfile has no static library here, and
#    the GPU checks read .npy files;
#  - reports each kernel's registers, stack and spills (--resource-usage),
#    kept in bundle/resource_usage.txt;
#  - builds the Python package's module for the GPU machine's python3
#    (3.12, with numpy, CuPy, scipy, mpmath and pytest there) when a Python
#    3.12 is found here (FFFT_GPU_PYTHON, else python3.12 on the PATH or
#    pyenv's), in build-gpu-python/ with nanobind from PyPI: a library of
#    its own, as Debian's static MPFR and GMP are not position-independent
#    and cannot go into a shared module (their shared libraries travel in
#    lib/). The package travels as python/ffft/ beside bin/ and lib/;
#  - builds ffft_bench_vkfft (VkFFT's double-double beside ffft's dd128)
#    when scripts/install_vkfft.sh can install VkFFT's pinned headers (from
#    its cache, or by downloading them); without them the program is simply
#    left out, with one line saying so. It needs NVRTC and the driver at run
#    time, which the GPU machine has (/usr/local/cuda/lib64: libnvrtc.so.13,
#    109 MB, too large to carry), so libnvrtc is not copied either.
# The build keeps going past a target that fails to compile (make -k), so
# that what did build still travels; what failed is listed at the end, and
# the manifest's build_rc and gpu_tests (every GPU test the sources define)
# let gpu_validate.sh fail the run for anything missing.
#
# Environment: FFFT_GPU_BUILD_DIR (default build-gpu), FFFT_GPU_JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${FFFT_GPU_BUILD_DIR:-build-gpu}
jobs=${FFFT_GPU_JOBS:-2}
bundle=$build/bundle

if [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH="/usr/local/cuda/bin:$PATH"; fi
command -v nvcc >/dev/null || { echo "gpu_bundle: nvcc not found (install the CUDA toolkit in /usr/local/cuda)" >&2; exit 1; }
scripts/install_dependencies.sh
# VkFFT's headers for ffft_bench_vkfft (FFFT_VKFFT=AUTO finds them in the cache).
vkfft_include=$(scripts/install_vkfft.sh 2>/dev/null) ||
  { vkfft_include=""; echo "gpu_bundle: VkFFT's headers could not be installed (scripts/install_vkfft.sh): ffft_bench_vkfft is not built"; }

# The revision built, taken before the build reads the sources.
measured=$(python3 scripts/results_record.py identity --json)

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DFFFT_CUDA=ON -DFFFT_STATIC_DEPENDENCIES=ON -DFFFT_BUILD_PYTHON=OFF -DFFFT_MPI=OFF -DFFFT_AUDIO=OFF \
  -DCMAKE_CUDA_FLAGS=--resource-usage

# Keep going past failures: make -k, or ninja -k 0.
keep_going=(-k)
grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja' "$build/CMakeCache.txt" && keep_going=(-k 0)
build_rc=0
cmake --build "$build" -j "$jobs" -- "${keep_going[@]}" >"$build/build.log" 2>&1 || build_rc=$?
if ((build_rc != 0)); then
  echo "gpu_bundle: the build had errors (rc $build_rc); the first ones:"
  grep -E "error|Error [0-9]" "$build/build.log" | head -20 || true
fi

# ---- The Python module -----------------------------------------------------------
python_build=$build-python
mkdir -p "$python_build"
python_venv=$(cd "$python_build" && pwd)/venv
# The first Python 3.12 that runs: pyenv's shim is on the PATH even where
# another version is selected, and then fails.
gpu_python=${FFFT_GPU_PYTHON:-}
if [[ -z $gpu_python ]]; then
  for candidate in $(command -v python3.12) \
      $(ls "$(pyenv root 2>/dev/null || echo /nonexistent)"/versions/3.12*/bin/python3.12 2>/dev/null); do
    if "$candidate" -c 'import sys' 2>/dev/null; then gpu_python=$candidate; break; fi
  done
fi
module=""
if [[ -n $gpu_python ]] && { [[ -x $python_venv/bin/python ]] || "$gpu_python" -m venv "$python_venv"; } &&
   "$python_venv/bin/pip" install --quiet --disable-pip-version-check "nanobind==3.1.0"; then
  if cmake -S . -B "$python_build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DFFFT_CUDA=ON \
       -DFFFT_BUILD_PROGRAMS=OFF -DFFFT_BUILD_TESTS=OFF -DFFFT_BUILD_BENCHMARKS=OFF -DFFFT_BUILD_PYTHON=ON \
       "-DPython_EXECUTABLE=$python_venv/bin/python" '-DFFFT_PYTHON_RPATH=$ORIGIN/../../lib;/usr/local/cuda/lib64' \
       >"$python_build/configure.log" 2>&1 &&
     cmake --build "$python_build" -j "$jobs" --target _ffft_stub >"$python_build/build.log" 2>&1; then
    module=$(ls "$python_build"/python/_ffft*.so | head -1)
  else
    echo "gpu_bundle: the Python module did not build ($python_build/build.log); not bundled"
  fi
else
  echo "gpu_bundle: no Python 3.12 with nanobind here: the Python package is not bundled"
fi

# ---- Gather --------------------------------------------------------------------
# The programs and libraries are staged in $stage (bin/ and lib/ side by
# side, as the RPATH wants) and travel as one .tar.xz: the test binaries
# share most of their code (the library's host code and kernels, ~15 MB
# each), which a large xz dictionary stores once (140 MB -> ~15 MB).
stage=$build/bundle-stage
rm -rf "$bundle" "$stage"
mkdir -p "$bundle/files" "$stage/bin" "$stage/lib"
printf '%s\n' "$measured" >"$bundle/measured.json"

programs=()
while IFS= read -r f; do programs+=("$f"); done < <(
  find "$build/tests" -type f -perm -u+x -name 'test_*' -not -path '*/CMakeFiles/*' | sort)
vkfft_program=()
[[ -n $vkfft_include ]] && vkfft_program=("$build/bench/ffft_bench_vkfft")
for p in "$build/bench/ffft_bench_fft" "$build/bench/ffft_gpu_profile" "$build/bench/ffft_gpu_nd" "${vkfft_program[@]}" "$build/bin/ffft"; do
  if [[ -x $p ]]; then programs+=("$p"); else echo "gpu_bundle: not built: $p"; fi
done
((${#programs[@]} > 0)) || { echo "gpu_bundle: nothing was built" >&2; exit 1; }
for p in "${programs[@]}"; do
  cp "$p" "$stage/bin/"
  strip --strip-unneeded "$stage/bin/$(basename "$p")"
done
# VkFFT's part of ffft_bench_vkfft, which the program loads from ../lib.
if [[ -x $stage/bin/ffft_bench_vkfft ]]; then
  cp "$build/bench/libffft_vkfft.so" "$stage/lib/"
  strip --strip-unneeded "$stage/lib/libffft_vkfft.so"
fi

# The Python package: its modules and the compiled one.
if [[ -n $module ]]; then
  mkdir -p "$stage/python/ffft"
  cp python/ffft/*.py python/ffft/py.typed "$python_build/python/_ffft.pyi" "$stage/python/ffft/"
  cp "$module" "$stage/python/ffft/"
  strip --strip-unneeded "$stage/python/ffft/$(basename "$module")"
fi

# Shared libraries: everything ldd resolves except glibc's own, the CUDA
# driver, cuFFT and NVRTC, which the GPU machine has.
keep_off='^(linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|libpthread\.so|librt\.so|libutil\.so|libcuda\.so|libcufft\.so|libnvrtc)'
missing=0
for p in "$stage"/bin/* "$stage"/python/ffft/*.so "$stage"/lib/libffft_vkfft.so; do
  [[ -e $p ]] || continue
  while read -r name _ path _; do
    [[ $name =~ $keep_off ]] && continue
    if [[ $path == "not" || -z $path ]]; then echo "gpu_bundle: $p: $name not found here" >&2; missing=1; continue; fi
    [[ -e $stage/lib/$name ]] || cp -L "$path" "$stage/lib/$name"
  done < <(ldd "$p" | awk '/=>/ {print $1, $2, $3, $4}')
done
((missing == 0)) || { echo "gpu_bundle: unresolved libraries" >&2; exit 1; }

# Files the programs name by absolute path (baked in at build time): the
# PTX that test_eft_ptx reads. The sources (test_generated_constants reads
# include/) travel with the working tree. gpu_validate.sh restores these
# under the repository root there and links this root's path to it.
for f in $(find "$build" -name '*.ptx' -path '*CMakeFiles*' -not -path '*CompilerId*'); do
  mkdir -p "$bundle/files/$(dirname "$f")"
  cp "$f" "$bundle/files/$f"
done

# The compiler's resource report for the kernels (registers, stack, spills),
# one line per kernel, kept in $build/resource_usage.txt across builds: a
# kernel compiled again replaces its line. A kernel in an anonymous namespace
# has a per-compilation hash in its mangled name
# (_GLOBAL__N__<id>_14_cuda_engine_cu_<hash>_<n>), dropped from the key.
report=$build/resource_usage.txt
touch "$report"
awk -F'\t' -v OFS='\t' 'FILENAME == ARGV[1] { key = $1; gsub(/_cu_[0-9a-f]+_[0-9]+/, "_cu", key); $1 = key; line[key] = $0; next }
  /Compiling entry function/ { match($0, /function .[^ ]+. for/); name = substr($0, RSTART + 10, RLENGTH - 15)
    gsub(/_cu_[0-9a-f]+_[0-9]+/, "_cu", name) }
  /bytes stack frame/ { sub(/^ +/, ""); props = $0 }
  /Used [0-9]+ registers/ { sub(/^.*: /, ""); line[name] = name "\t" $0 "\t" props }
  END { for (n in line) print line[n] }' "$report" "$build/build.log" | sort >"$report.new"
mv "$report.new" "$report"
cp "$report" "$bundle/resource_usage.txt"

{
  echo "source_root=$root"
  echo "build_dir=$build"
  echo "revision=$(python3 scripts/results_record.py identity --from "$bundle/measured.json")"
  echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "nvcc=$(nvcc --version | tail -1)"
  echo "cpu_paths=scalar avx2 avx512 (chosen at run time)"
  echo "build_rc=$build_rc"
  echo "programs=$(cd "$stage/bin" && ls | tr '\n' ' ')"
  # Every GPU test the sources define, built or not: gpu_validate.sh fails
  # the run for one missing from the bundle.
  echo "gpu_tests=$(sed -n 's/^ffft_add_gpu_test(\([a-z0-9_]*\).*/\1/p' tests/gpu/CMakeLists.txt | tr '\n' ' ')"
  echo "libraries=$(cd "$stage/lib" && ls | tr '\n' ' ')"
  echo "python_package=$(if [[ -n $module ]]; then basename "$module"; else echo none; fi)"
  # ffft_bench_vkfft: built (VkFFT's headers were installed) or not.
  echo "vkfft=$(if [[ -x $stage/bin/ffft_bench_vkfft ]]; then echo "ffft_bench_vkfft (VkFFT of pyvkfft 2025.1.1)"; else echo none; fi)"
  # The newest libstdc++ symbol versions the programs use: gpu_validate.sh
  # takes the GPU machine's own libstdc++ when it has them.
  echo "libstdcxx_needs=$(objdump -T "$stage"/bin/* 2>/dev/null | grep -oE '(GLIBCXX|CXXABI)_[0-9.]+' |
    sort -uV | awk -F_ '{last[$1] = $0} END {print last["GLIBCXX"], last["CXXABI"]}')"
} > "$bundle/manifest.txt"

echo "gpu_bundle: packing $(ls "$stage/bin" | wc -l) programs ($(du -sm "$stage/bin" | cut -f1) MiB) and $(ls "$stage/lib" | wc -l) libraries"
tar cf - -C "$stage" bin lib $([[ -d $stage/python ]] && echo python) | xz -T1 --lzma2=preset=9,dict=192MiB >"$bundle/programs.tar.xz"
cat "$bundle/manifest.txt"
size=$(du -sb "$bundle" | cut -f1)
tree_size=$(git ls-files -z --cached --others --exclude-standard | du -cb --files0-from=- 2>/dev/null | tail -1 | cut -f1)
echo "gpu_bundle: $bundle is $((size / 1024 / 1024)) MiB ($size bytes); the working tree $((tree_size / 1024 / 1024)) MiB; the device tool carries 64 MiB in all"
if ((size + tree_size > 64 * 1024 * 1024)); then
  echo "gpu_bundle: too large to carry" >&2
  exit 1
fi
