#!/usr/bin/env python3
"""Counts the compiled FFT bodies in a build: what every template
instantiation of a butterfly or a pass costs in compile time.

  scripts/count_fft_bodies.py [build folder or files...]   (default: build)

Host: the definitions (nm --defined-only, every object of an archive
counted: a weak copy in each object was compiled each time) of functions
whose names say butterfly or pass: the radix-R DFTs and their twiddled
forms, the Stockham butterflies, passes (and last two passes as one
step) and tiles, the lane arithmetic.
Device: every function in the embedded CUDA binaries (the FUNC symbols
of cuobjdump -elf: kernels, and each kernel's copy of an out-of-line
device function) and their SASS instructions. cuobjdump comes with the CUDA toolkit, or
from PyPI (pip install nvidia-cuda-cuobjdump); without it, the device
columns say so.

In a build folder it reads every object file CMake compiled
(CMakeFiles/<target>.dir), one row per target: what each target compiled
itself, each body counted once per object that holds it; then the totals
of libffft (ffft, ffft_cuda_executor, ffft_cpu_avx512) and of the rest.
--library: libffft's targets alone. Files given by name (objects,
archives) count as the library.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# Demangled names of butterflies and passes (host symbols).
HOST_BODY = re.compile(
    r"(butterfly|stockham_pass|run_pass|two_passes|consecutive_passes|twiddled_dft|run_tile|tile_butterfly|"
    r"ffft::fft::dft<|ffft::fft::detail::dft(2|4|8|_odd)<)")


def find_cuobjdump():
    for candidate in (os.environ.get("CUOBJDUMP"), shutil.which("cuobjdump"),
                      "/usr/local/cuda/bin/cuobjdump"):
        if candidate and Path(candidate).is_file():
            return candidate
    try:  # the PyPI package
        import nvidia.cu13  # noqa: F401
        base = Path(sys.modules["nvidia.cu13"].__path__[0]) / "bin" / "cuobjdump"
        if base.is_file():
            return str(base)
    except ImportError:
        pass
    return None


def host_bodies(path):
    out = subprocess.run(["nm", "-C", "--defined-only", str(path)], capture_output=True, text=True)
    count = 0
    for line in out.stdout.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] in "TtWw" and HOST_BODY.search(parts[2]):
            count += 1
    return count


# Routines nvcc adds to a kernel for 64-bit integer division and the like:
# counted apart, they are not the project's code.
CUDA_HELPER = re.compile(r"__cuda_sm\d+")

# The targets of libffft (src/ and kernels/).
LIBRARY_TARGETS = {"ffft", "ffft_cuda_executor", "ffft_cpu_avx512"}


def device_functions(path, cuobjdump):
    """(functions, helpers, SASS instructions) in the file's CUDA binaries.

    Every FUNC symbol of the embedded cubins (cuobjdump -elf): the kernels,
    and the copy ptxas makes in each kernel of every out-of-line device
    function it calls; helpers are nvcc's own (CUDA_HELPER). 16 bytes per
    instruction. None without cuobjdump."""
    if cuobjdump is None:
        return None
    elf = subprocess.run([cuobjdump, "-elf", str(path)], capture_output=True, text=True)
    if elf.returncode != 0:
        return (0, 0, 0)
    functions = helpers = instructions = 0
    for line in elf.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 6 and fields[3] == "FUNC":
            if CUDA_HELPER.search(fields[-1]):
                helpers += 1
            else:
                functions += 1
            instructions += int(fields[2], 16) // 16
    return (functions, helpers, instructions)


def objects_by_target(build):
    """{target: [object files]}: every object CMake compiled in the build
    folder (CMakeFiles/<target>.dir), each counted once."""
    targets = {}
    for o in sorted(Path(build).rglob("CMakeFiles/*.dir/**/*.o")):
        target = next(part[:-4] for part in o.parts if part.endswith(".dir"))
        targets.setdefault(target, []).append(o)
    return targets


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=["build"])
    ap.add_argument("--library", action="store_true", help="libffft's targets only")
    args = ap.parse_args()
    cuobjdump = find_cuobjdump()
    rows = []  # (name, [files], in the library)
    for p in args.paths:
        if Path(p).is_dir():
            for target, objects in objects_by_target(p).items():
                if not args.library or target in LIBRARY_TARGETS:
                    rows.append((target, objects, target in LIBRARY_TARGETS))
        else:
            rows.append((p, [Path(p)], True))
    print(f"{'target':36} {'host bodies':>11} {'kernels and device functions':>28} "
          f"{'nvcc helpers':>12} {'SASS instructions':>17}")
    totals = {True: [0, 0, 0, 0], False: [0, 0, 0, 0]}
    for name, files, library in rows:
        host = sum(host_bodies(f) for f in files)
        device = [device_functions(f, cuobjdump) for f in files]
        d = (0, 0, 0) if cuobjdump is None else tuple(map(sum, zip(*device))) if device else (0, 0, 0)
        if host == 0 and d == (0, 0, 0):
            continue
        for i, v in enumerate((host,) + d):
            totals[library][i] += v
        dev = ("n/a",) * 3 if cuobjdump is None else d
        print(f"{name:36} {host:>11} {dev[0]:>28} {dev[1]:>12} {dev[2]:>17}")
    for label, t in (("libffft", totals[True]), ("the rest (tests, tools, programs, module)", totals[False])):
        print(f"{label}: {t[0]} host bodies, {t[1]} kernels and device functions "
              f"({t[2]} nvcc helpers apart), {t[3]} SASS instructions")
    if cuobjdump is None:
        print("device columns: no cuobjdump (pip install nvidia-cuda-cuobjdump)")
    every = [a + b for a, b in zip(totals[True], totals[False])]
    print(f"compiled FFT bodies (host bodies + kernels and device functions): "
          f"libffft {totals[True][0] + totals[True][1]}, in all {every[0] + every[1]}")


if __name__ == "__main__":
    main()
