#!/usr/bin/env python3
"""Counts the compiled FFT bodies in a build: what every template
instantiation of a butterfly or a pass costs in compile time.

  scripts/count_fft_bodies.py [build folder or files...]   (default: build)

Host: the definitions (nm --defined-only, every object of an archive
counted: a weak copy in each object was compiled each time) of functions
whose names say butterfly or pass: the radix-R DFTs and their twiddled
forms, the Stockham butterflies, passes and tiles, the lane arithmetic.
Device: every function in the embedded CUDA binaries (the FUNC symbols
of cuobjdump -elf: kernels, and each kernel's copy of an out-of-line
device function) and their SASS instructions. cuobjdump comes with the CUDA toolkit, or
from PyPI (pip install nvidia-cuda-cuobjdump); without it, the device
columns say so.

In a build folder it reads the library archives (src/*.a, kernels objects
through them) and every executable and shared object that links one, and
prints one row per file and a total; --library reads libffft.a alone.
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
    r"(butterfly|stockham_pass|run_pass|twiddled_dft|run_tile|tile_butterfly|"
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


def device_functions(path, cuobjdump):
    """(functions, SASS instructions) in the file's CUDA binaries, or None.

    Every FUNC symbol of the embedded cubins (cuobjdump -elf): the kernels,
    and the copy ptxas makes in each kernel of every out-of-line device
    function it calls; 16 bytes per instruction."""
    if cuobjdump is None:
        return None
    elf = subprocess.run([cuobjdump, "-elf", str(path)], capture_output=True, text=True)
    if elf.returncode != 0:
        return (0, 0)
    functions = instructions = 0
    for line in elf.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 6 and fields[3] == "FUNC":
            functions += 1
            instructions += int(fields[2], 16) // 16
    return (functions, instructions)


def files_of(build):
    build = Path(build)
    found = sorted(build.glob("src/*.a")) + sorted(build.glob("src/*.so"))
    for p in sorted(build.rglob("*")):
        if p.is_file() and os.access(p, os.X_OK) and p.suffix in ("", ".so") and \
           "CMakeFiles" not in p.parts and p not in found:
            with open(p, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    found.append(p)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=["build"])
    ap.add_argument("--library", action="store_true", help="libffft.a of the build folder alone")
    args = ap.parse_args()
    cuobjdump = find_cuobjdump()
    files = []
    for p in args.paths:
        if Path(p).is_dir():
            files += [Path(p) / "src" / "libffft.a"] if args.library else files_of(p)
        else:
            files.append(Path(p))
    total_host = total_functions = total_sass = 0
    print(f"{'file':60} {'host bodies':>11} {'device functions':>16} {'SASS instructions':>17}")
    for f in files:
        h = host_bodies(f)
        d = device_functions(f, cuobjdump)
        if h == 0 and (d is None or d[0] == 0):
            continue
        total_host += h
        if d is not None:
            total_functions += d[0]
            total_sass += d[1]
        dev = ("n/a", "n/a") if d is None else d
        print(f"{str(f):60} {h:>11} {dev[0]:>16} {dev[1]:>17}")
    dev_total = ("no cuobjdump", "") if cuobjdump is None else (total_functions, total_sass)
    print(f"{'total':60} {total_host:>11} {dev_total[0]:>16} {dev_total[1]:>17}")
    print(f"compiled FFT bodies (host + device functions): "
          f"{total_host + (0 if cuobjdump is None else total_functions)}")


if __name__ == "__main__":
    main()
