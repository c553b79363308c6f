#!/usr/bin/env python3
"""ffft.fft from Python against numpy.fft, scipy.fft and pyFFTW (when
installed): the time of one complex transform of N complex128 values,
median of repeated calls, plans made beforehand (ffft's and scipy's caches,
pyFFTW's builders with its wisdom), every library on the same number of
threads. Prints a markdown table and writes the measurements as JSON,
stamped with this checkout's revision (scripts/results_record.py): install
the package from this checkout first, as that revision is what it claims.

    python3 bench/python/bench_fft.py --threads 1 --json bench/results/python_cpu_1thread.json
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

import ffft

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import results_record  # noqa: E402


def median_seconds(call, budget: float = 1.0, least: int = 5) -> float:
    call()  # warm: plans, caches, pages
    times = []
    start = time.perf_counter()
    while len(times) < least or time.perf_counter() - start < budget:
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
        if len(times) >= 1000:
            break
    return statistics.median(times)


def contenders(x: np.ndarray, threads: int) -> dict:
    import scipy.fft

    found = {
        "numpy.fft": lambda: np.fft.fft(x),
        "scipy.fft": lambda: scipy.fft.fft(x, workers=threads),
    }
    try:
        import pyfftw
        import pyfftw.builders

        pyfftw.interfaces.cache.enable()
        plan = pyfftw.builders.fft(x.copy(), threads=threads, planner_effort="FFTW_MEASURE")
        found["pyFFTW"] = lambda: plan(x)
    except ImportError:
        pass
    for precision in ("df64", "dd128", "qf128"):
        found[f"ffft {precision}"] = lambda p=precision: ffft.fft(x, precision=p, device="cpu", workers=threads)
    return found


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 16, 20], help="log2 N")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of calls per measurement")
    parser.add_argument("--json", help="write the measurements here")
    args = parser.parse_args()
    # Taken before the measurement, which is of the tree as it is now.
    measured = results_record.identity()
    if args.json and measured is None:
        sys.exit("bench_fft.py: git cannot name this checkout's revision, which --json records")

    rng = np.random.default_rng(1)
    rows = []
    for e in args.sizes:
        n = 1 << e
        x = rng.uniform(-1, 1, n) + 1j * rng.uniform(-1, 1, n)
        times = {name: median_seconds(call, args.budget) for name, call in contenders(x, args.threads).items()}
        rows.append({"log2n": e, "seconds": times})
    isa = ffft.Plan(64, device="cpu")._handle.cpu_isa
    context = {"cpu": cpu_model(), "cpu_path": isa, "threads": args.threads, "python": platform.python_version(),
               "numpy": np.__version__, "ffft": ffft.__version__}
    try:
        import scipy
        context["scipy"] = scipy.__version__
        import pyfftw
        context["pyfftw"] = pyfftw.__version__
    except ImportError:
        pass
    names = list(rows[0]["seconds"])
    print(f"{context['cpu']}, ffft's {isa} path, {args.threads} thread(s); median seconds per transform; "
          f"{results_record.describe({'measured': measured})}")
    print("| N | " + " | ".join(names) + " | dd128 / numpy |")
    print("|---:|" + "---:|" * (len(names) + 1))
    for r in rows:
        s = r["seconds"]
        cells = " | ".join(f"{s[k] * 1e3:.3g} ms" for k in names)
        print(f"| 2^{r['log2n']} | {cells} | {s['ffft dd128'] / s['numpy.fft']:.1f} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"context": context, "rows": rows}, f, indent=1)
        results_record.stamp(args.json, results_record.sources_of("python"), measured)


if __name__ == "__main__":
    main()
