#!/usr/bin/env python3
"""Markdown table of ffft vs FFTW transform speed (GFLOPs) from Google Benchmark JSON.

Usage: fft_bench_table.py BENCH.json > bench/results/fft_cpu.md
  (BENCH.json from ffft_bench_fft --benchmark_out=BENCH.json --benchmark_out_format=json)

The whole measurement, one command (see bench/bench_fft.cpp):
  build/bench/ffft_bench_fft --benchmark_min_time=0.2 --benchmark_repetitions=3 \
      --benchmark_out=bench/results/fft_cpu.json --benchmark_out_format=json &&
  python3 scripts/fft_bench_table.py bench/results/fft_cpu.json > bench/results/fft_cpu.md

Benchmark names (bench/bench_fft.cpp): fft/<impl>/<log2 N>, with the counter
GFLOPs = 5 N log2 N / t in GFLOP/s (t: CPU time of one transform, one thread).
Ratios are GFLOPs ratios of the same run (> 1: ffft is faster). With
--benchmark_repetitions the median is used.
"""
import argparse
import json
import re
import statistics
import sys

from bench_context import host_line, load_average

IMPLS = ["ffft_df64", "ffft_qf128", "ffft_dd128", "fftw_double", "fftw_long_double", "fftw_quad"]
HEADERS = {"ffft_df64": "ffft df64", "ffft_qf128": "ffft qf128", "ffft_dd128": "ffft dd128",
           "fftw_double": "FFTW double", "fftw_long_double": "FFTW long double",
           "fftw_quad": "FFTW quad"}
RATIOS = [("ffft_dd128", "fftw_quad"), ("ffft_qf128", "fftw_quad"), ("ffft_df64", "fftw_double")]
NAME = re.compile(r"^fft/(?P<impl>\w+)/(?P<log2>\d+)(/.*)?$")
# Entries whose wall-clock and CPU times differ by more than this factor (either
# way) ran on a shared machine: flagged under the table.
DISTURBED = 1.15


def load(path):
    """(context, {(impl, log2): {"gflops", "wall_over_cpu"}}), medians over repetitions."""
    with open(path) as f:
        data = json.load(f)
    runs, medians, cvs = {}, {}, {}
    for b in data.get("benchmarks", []):
        if b.get("error_occurred"):
            continue
        m = NAME.match(b.get("run_name", b["name"]))
        if not m or "GFLOPs" not in b:
            continue
        key = (m["impl"], int(m["log2"]))
        v = {"gflops": b["GFLOPs"],
             "wall_over_cpu": b["real_time"] / b["cpu_time"] if b.get("cpu_time") else None}
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[key] = v
            elif b.get("aggregate_name") == "cv":
                cvs[key] = b["GFLOPs"]
        else:
            runs.setdefault(key, []).append(v)
    results = {}
    for key, rs in runs.items():
        results[key] = {
            "gflops": statistics.median(r["gflops"] for r in rs),
            "wall_over_cpu": statistics.median(r["wall_over_cpu"] or 1.0 for r in rs)}
    for key, v in medians.items():  # the library's own median wins where present
        results[key] = {"gflops": v["gflops"],
                        "wall_over_cpu": results.get(key, v)["wall_over_cpu"]}
    for key, cv in cvs.items():  # coefficient of variation over the repetitions
        if key in results:
            results[key]["cv"] = cv
    return data.get("context", {}), results


def fmt_gflops(x):
    """Three significant digits, without exponents."""
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    digits = 2
    while x < 10 ** -(digits - 2) and digits < 8:
        digits += 1
    return f"{x:.{digits}f}"


def fmt_ratio(a, b):
    if a is None or b is None:
        return "–"
    r = a / b
    return f"{r:.0f}" if r >= 100 else f"{r:.1f}" if r >= 10 else f"{r:.2f}" if r >= 0.1 \
        else f"{r:.3f}"


def table(results):
    sizes = sorted({log2 for _, log2 in results})
    with_cv = any("cv" in v for v in results.values())
    header = (["log2 N"] + [HEADERS[i] for i in IMPLS]
              + [f"{HEADERS[a].split()[1]} / {HEADERS[b]}" for a, b in RATIOS]
              + (["max spread"] if with_cv else []))
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(["---:"] * len(header)) + "|"]
    for k in sizes:
        g = {impl: results.get((impl, k), {}).get("gflops") for impl in IMPLS}
        cells = ([str(k)] + [fmt_gflops(g[i]) for i in IMPLS]
                 + [fmt_ratio(g[a], g[b]) for a, b in RATIOS])
        if with_cv:
            cv = [(results.get((i, k), {}).get("cv"), HEADERS[i]) for i in IMPLS]
            cv = [c for c in cv if c[0] is not None]
            cells.append(f"{max(cv)[0] * 100:.0f}% ({max(cv)[1]})" if cv else "–")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", help="Google Benchmark JSON output of ffft_bench_fft")
    args = parser.parse_args()
    context, results = load(args.json)
    if not results:
        sys.exit(f"{args.json}: no fft/<impl>/<log2 N> benchmarks with a GFLOPs counter")
    print("# Forward complex FFT on the CPU, one thread: ffft vs FFTW\n")
    print(f"{host_line(context)}; "
          f"ffft {context.get('ffft_revision', '?')} built {context.get('ffft_build_type', '?')}; "
          f"{context.get('fftw_version', '?')}; "
          f"{context.get('date', '')}; load average at start {load_average(context)}.\n"
          f"Generated by scripts/fft_bench_table.py from {args.json.split('/')[-1]} "
          f"(bench/bench_fft.cpp).\n")
    print("GFLOPs = 5 N log2 N / t, t the CPU time of one out-of-place forward transform of N "
          "complex values (powers of two), one thread (higher is better). ffft: CPU backend, "
          "table twiddles, plan_options.threads = 1. FFTW: serial library, double planned with "
          f"{context.get('fftw_double_planner', '?')}, long double and quad with "
          f"{context.get('fftw_long_double_quad_planner', '?')}. Ratios: ffft GFLOPs / FFTW "
          "GFLOPs of the same run (> 1: ffft is faster)."
          + (" Each value is the median of the run's repetitions; max spread: the largest "
             "coefficient of variation over them in the row (the benchmark VM has slow phases, "
             "see bench/bench_fft.cpp)." if any("cv" in v for v in results.values()) else "")
          + "\n")
    print(table(results))
    disturbed = sorted((k, impl, v["wall_over_cpu"]) for (impl, k), v in results.items()
                       if v["wall_over_cpu"] and not 1 / DISTURBED <= v["wall_over_cpu"]
                       <= DISTURBED)
    if disturbed:
        print(f"\nWall-clock and CPU times differ by more than {DISTURBED:.2f}× (the machine was "
              "shared while these ran: CPU time leaves out the waiting, not the shared caches; measure "
              "again on a quiet machine): "
              + ", ".join(f"{impl} 2^{k} ({r:.2f}×)" for k, impl, r in disturbed) + ".")


if __name__ == "__main__":
    main()
