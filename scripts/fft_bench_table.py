#!/usr/bin/env python3
"""Markdown tables of the FFT benchmark (bench/bench_fft.cpp) from its Google Benchmark JSON.

Usage: fft_bench_table.py BENCH.json > fft.md    (scripts/fft_bench.sh runs it)

Benchmark names: fft/<contender>/<N>/threads:<T>, with the counters GFLOPs
(5 N log2 N x batch / t), GBps, rel_l2_error (forward, against FFTW quad) and
roundtrip_psnr_db. With --benchmark_repetitions a rate is the fastest
repetition's, the errors their median (fft_bench_json.py). Tables:
the goals' ratios (same run), GFLOPs per contender and N on one thread, the
forward error and round-trip PSNR, and the speed-up with all threads.
"""
import argparse
import json
import math
import sys

import fft_bench_json
from bench_context import host_line, load_average
from results_record import describe_file

LABELS = {
    "ffft_df64_table": "ffft df64", "ffft_qf128_table": "ffft qf128",
    "ffft_dd128_table": "ffft dd128", "ffft_df64_computed": "ffft df64 (computed)",
    "ffft_qf128_computed": "ffft qf128 (computed)", "ffft_dd128_computed": "ffft dd128 (computed)",
    "fftw_float": "FFTW float", "fftw_double": "FFTW double",
    "fftw_long_double": "FFTW long double", "fftw_quad": "FFTW quad",
    "qd_dd_real": "QD dd_real radix-2", "qd_qd_real": "QD qd_real radix-2",
    "cufft_c2c": "cuFFT C2C", "cufft_z2z": "cuFFT Z2Z",
    "ffft_df64_copies": "ffft df64 copies", "ffft_qf128_copies": "ffft qf128 copies",
    "ffft_dd128_copies": "ffft dd128 copies",
    "ffft_df64_passes": "ffft df64 pass by pass", "ffft_qf128_passes": "ffft qf128 pass by pass",
    "ffft_dd128_passes": "ffft dd128 pass by pass",
}
CPU_COLUMNS = ["ffft_df64_table", "ffft_qf128_table", "ffft_dd128_table", "fftw_float",
               "fftw_double", "fftw_long_double", "fftw_quad", "qd_dd_real", "qd_qd_real"]
GPU_COLUMNS = ["ffft_df64_table_cuda", "ffft_qf128_table_cuda", "ffft_dd128_table_cuda",
               "cufft_c2c", "cufft_z2z"]
# CPU goals: (numerator, denominator, goal, where), one thread. A goal is a
# number, or a number per CPU path (the run's ffft_cpu_path context; no goal
# on other paths), or None (reported only). Where: "2^16", or "2^10–2^22"
# for the worst ratio over the powers of two in that span the run measured.
EVERY_N = "2^10–2^22"
CPU_GOALS = [
    ("ffft_dd128_table", "qd_dd_real", 2.5, EVERY_N),
    ("ffft_dd128_table", "fftw_long_double", {"avx512": 1.5, "avx2": 1.0}, EVERY_N),
    ("ffft_dd128_table", "fftw_quad", {"avx512": 50, "avx2": 25}, EVERY_N),
    ("ffft_qf128_table", "fftw_quad", {"avx512": 8, "avx2": 6}, EVERY_N),
    ("ffft_df64_table", "fftw_double", 0.2, "2^16"),
    ("ffft_df64_computed", "ffft_df64_table", None, "2^16"),
]
# Thread scaling: all threads / one thread, worst over N >= 2^16. Its
# ceiling on the machine measured: ffft_<format>_copies (as many one-thread
# transforms at once as threads, nothing split) over one thread.
SCALING_GOAL = 1.9
# Large sizes: each format's GFLOPs at its worst N of 2^10-2^22 over those
# at its best (an in-cache size), on one thread and on all.
KEPT_GOAL = 0.85
# GPU goals: over N = 2^16 .. 2^24, batched to >= 2^26 points.
GPU_GOALS = [("ffft_df64_table_cuda", "cufft_z2z", 0.4), ("ffft_dd128_table_cuda", "cufft_z2z", 0.35),
             ("ffft_qf128_table_cuda", "cufft_z2z", 0.08),
             ("ffft_df64_computed_cuda", "ffft_df64_table_cuda", None)]


# ffft's formats, by their one-thread table-twiddle case.
FORMAT_CASES = ["ffft_df64_table", "ffft_qf128_table", "ffft_dd128_table"]


def copies_of(contender):
    """ffft_dd128_table -> ffft_dd128_copies."""
    return contender.replace("_table", "_copies")


def passes_of(contender):
    """ffft_dd128_table -> ffft_dd128_passes (the same without cache blocking)."""
    return contender.replace("_table", "_passes")


def label(contender):
    if contender.endswith("_computed_cuda"):
        base = contender[:-len("_computed_cuda")] + "_table"
        return LABELS.get(base, base) + " (computed, CUDA)"
    if contender.endswith("_cuda"):
        return LABELS.get(contender[:-5], contender[:-5]) + " (CUDA)"
    return LABELS.get(contender, contender)


METRICS = ["GFLOPs", fft_bench_json.FASTEST_CALL, "rel_l2_error", "roundtrip_psnr_db"]


def load(path):
    """fft_bench_json.load for this script's metrics."""
    return fft_bench_json.load(path, METRICS, "fft_bench_table.py")


def fmt(x, digits=3):
    if x is None:
        return "–"
    if x == 0:
        return "0"
    if math.isinf(x):
        return "∞"
    if abs(x) >= 1000 or abs(x) < 1e-3:
        return f"{x:.{digits - 1}e}"
    return f"{x:.{max(0, digits - 1 - int(math.floor(math.log10(abs(x)))))}f}"


def get(results, contender, n, threads, field):
    return results.get((contender, n, threads), {}).get(field)


def ratio(a, b):
    return a / b if a is not None and b else None


def present(results, columns, threads):
    return [c for c in columns if any(k[0] == c and k[2] == threads for k in results)]


def sizes(results):
    return sorted({n for _, n, _ in results})


def size_label(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def grid(results, columns, threads, field, digits=3):
    cols = present(results, columns, threads)
    if not cols:
        return "(none measured)"
    lines = ["| N | " + " | ".join(label(c) for c in cols) + " |",
             "|---:|" + "---:|" * len(cols)]
    for n in sizes(results):
        cells = [fmt(get(results, c, n, threads, field), digits) for c in cols]
        if any(c != "–" for c in cells):
            lines.append(f"| {size_label(n)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def pow2_span(low_log2, high_log2):
    return [1 << k for k in range(low_log2, high_log2 + 1)]


def powers_in(results, low, high):
    return [n for n in sizes(results) if low <= n <= high and n & (n - 1) == 0]


def goal_row(name, where, measured, goal, whole_span=True):
    """One goals-table row; measured None: not in this run. A ratio over part
    of its span (whole_span False) can miss its goal, never meet it."""
    met = "–" if measured is None or goal is None else \
        ("no" if measured < goal else "yes" if whole_span else "not all N")
    # Four digits, so that a ratio just under its goal does not print as the goal.
    text = "not in this run" if measured is None else fmt(measured, 4)
    return f"| {name} | {where} | {text} | {'≥ ' + fmt(goal) if goal else '–'} | {met} |"


def gflops_ratio(results, a, b, n, threads_a=1, threads_b=1):
    """a's GFLOPs at N on threads_a over b's on threads_b: their fastest
    repetitions' on one thread, their fastest calls' where either runs on
    more (fft_bench_json.threads_ratio says why)."""
    x, y = results.get((a, n, threads_a)), results.get((b, n, threads_b))
    if x is None or y is None:
        return None
    if threads_a > 1 or threads_b > 1:
        return fft_bench_json.threads_ratio(x, y)
    return ratio(x.get("GFLOPs"), y.get("GFLOPs"))


def worst_ratio(results, a, b, ns, threads_a=1, threads_b=1):
    """(worst ratio, its N) over ns, or (None, None) when none was measured."""
    rs = [(gflops_ratio(results, a, b, n, threads_a, threads_b), n) for n in ns]
    rs = [(r, n) for r, n in rs if r is not None]
    return min(rs) if rs else (None, None)


def kept_share(results, contender, threads, ns):
    """(GFLOPs at the worst N / at the best N, worst N, best N) over ns, or
    (None, None, None) when none was measured. On several threads, the
    fastest calls' GFLOPs where every N has them (fft_bench_json.threads_ratio)."""
    counter = "GFLOPs"
    if threads > 1 and all(get(results, contender, n, threads, fft_bench_json.FASTEST_CALL)
                           for n in ns if get(results, contender, n, threads, "GFLOPs")):
        counter = fft_bench_json.FASTEST_CALL
    g = [(get(results, contender, n, threads, counter), n) for n in ns]
    g = [(x, n) for x, n in g if x]
    if not g:
        return None, None, None
    (low, n_low), (high, n_high) = min(g), max(g)
    return low / high, n_low, n_high


def goals_table(results, cpu_path, all_threads):
    lines = ["| ratio (GFLOPs, same run) | N | measured | goal | met |", "|---|---:|---:|---:|---|"]
    for a, b, goal, where in CPU_GOALS:
        if isinstance(goal, dict):
            goal = goal.get(cpu_path)
        if where == "2^16":
            r = ratio(get(results, a, 1 << 16, 1, "GFLOPs"), get(results, b, 1 << 16, 1, "GFLOPs"))
            lines.append(goal_row(f"{label(a)} / {label(b)}", where, r, goal))
            continue
        r, n = worst_ratio(results, a, b, powers_in(results, 1 << 10, 1 << 22))
        # A run cut short (scripts/fft_bench_paths.sh) has not measured every N.
        pair = [m for m in pow2_span(10, 22) if worst_ratio(results, a, b, [m])[0] is not None]
        whole = len(pair) == len(pow2_span(10, 22))
        at = where if whole or not pair else f"{size_label(pair[0])}–{size_label(pair[-1])} only"
        at = f"{at} (worst: {size_label(n)})" if n else at
        lines.append(goal_row(f"{label(a)} / {label(b)}", at, r, goal, whole))
    calls = " (fastest calls)" if fft_bench_json.times_calls(results) else ""
    if all_threads > 1:
        for c in FORMAT_CASES:
            r, n = worst_ratio(results, c, c, powers_in(results, 1 << 16, 1 << 62), all_threads, 1)
            at = f"≥ 2^16 (worst: {size_label(n)})" if n else "≥ 2^16"
            lines.append(goal_row(f"{label(c)}, {all_threads} threads / 1 thread{calls}", at, r, SCALING_GOAL))
            if present(results, [copies_of(c)], all_threads):
                r, n = worst_ratio(results, copies_of(c), c, powers_in(results, 1 << 16, 1 << 62), all_threads, 1)
                ceiling = "fastest calls; the cores' own scaling, the ceiling" if calls else \
                    "the cores' own scaling, the ceiling"
                lines.append(goal_row(f"{label(c)}, {all_threads} one-thread copies / 1 thread ({ceiling})",
                                      f"≥ 2^16 (worst: {size_label(n)})", r, None))
    span = powers_in(results, 1 << 10, 1 << 22)
    whole = len(span) == len(pow2_span(10, 22))
    for c in FORMAT_CASES:
        for t in sorted({1, all_threads}):
            if not present(results, [c], t):
                continue
            r, n_low, n_high = kept_share(results, c, t, span)
            at = f"{EVERY_N if whole else 'sizes measured'} (worst: {size_label(n_low)}, best: {size_label(n_high)})"
            threads = "1 thread" if t == 1 else f"{t} threads{calls}"
            lines.append(goal_row(f"{label(c)}, {threads}: worst N's GFLOPs / best N's", at, r, KEPT_GOAL, whole))
    for a, b, goal in GPU_GOALS:
        rs = [ratio(get(results, a, n, 1, "GFLOPs"), get(results, b, n, 1, "GFLOPs"))
              for n in sizes(results) if (1 << 16) <= n <= (1 << 24) and n & (n - 1) == 0]
        rs = [r for r in rs if r is not None]
        if not rs:
            lines.append(f"| {label(a)} / {label(b)} | 2^16–2^24 | not in this run | "
                         f"{'≥ ' + fmt(goal) if goal else '–'} | – |")
            continue
        worst = min(rs)
        met = "–" if goal is None else ("yes" if worst >= goal else "no")
        lines.append(f"| {label(a)} / {label(b)} | 2^16–2^24 (worst) | {fmt(worst)} | "
                     f"{'≥ ' + fmt(goal) if goal else '–'} | {met} |")
    return "\n".join(lines)


def scaling_table(results, all_threads):
    """Each contender's GFLOPs on all threads over its own on one; a copies
    column over its format's one-thread case."""
    copies = [copies_of(c) for c in FORMAT_CASES if present(results, [copies_of(c)], all_threads)]
    cols = present(results, CPU_COLUMNS, all_threads) + copies
    if all_threads == 1 or not cols:
        return "(one thread only)"
    lines = ["| N | " + " | ".join(label(c) for c in cols) + " |", "|---:|" + "---:|" * len(cols)]
    for n in sizes(results):
        cells = [fmt(gflops_ratio(results, c, c.replace("_copies", "_table"), n, all_threads, 1)) for c in cols]
        if any(c != "–" for c in cells):
            lines.append(f"| {size_label(n)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def blocking_table(results):
    """Each format's GFLOPs with the cache blocking over its own pass by
    pass, one thread, where the run measured both."""
    cols = [c for c in FORMAT_CASES if present(results, [passes_of(c)], 1)]
    if not cols:
        return None
    lines = ["| N | " + " | ".join(label(c) for c in cols) + " |", "|---:|" + "---:|" * len(cols)]
    for n in sizes(results):
        cells = [fmt(ratio(get(results, c, n, 1, "GFLOPs"), get(results, passes_of(c), n, 1, "GFLOPs")))
                 for c in cols]
        if any(c != "–" for c in cells):
            lines.append(f"| {size_label(n)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def host_steal_line(data):
    """What the host took from the VM's CPUs during the run's repetitions (bench_fft.cpp's
    host_steal_share: /proc/stat's steal ticks), or "" for a run that did not record it."""
    shares = [b["host_steal_share"] for b in data.get("benchmarks", [])
              if b.get("run_type") != "aggregate" and isinstance(b.get("host_steal_share"), (int, float))]
    if not shares:
        return ""
    lost = sum(share >= 0.01 for share in shares)
    return (f"The host took up to {max(shares):.1%} of the CPUs' time in one repetition "
            f"(/proc/stat's steal); {lost} of {len(shares)} repetitions lost 1% or more.\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", help="Google Benchmark JSON output of ffft_bench_fft")
    args = parser.parse_args()
    context, results, errors, _ = load(args.json)
    if not results:
        sys.exit(f"fft_bench_table.py: {args.json}: no fft/<contender>/<N>/threads:<T> results")
    all_threads = max(t for _, _, t in results)
    print("# FFT benchmark: ffft against FFTW, QD and cuFFT\n")
    print(f"{host_line(context)}; GPU: {context.get('gpu', '?')}; "
          f"ffft built {context.get('ffft_build_type', '?')}, "
          f"CPU path {context.get('ffft_cpu_path', 'not recorded')}, "
          f"{context.get('ffft_mode', '?')} mode, {describe_file(args.json)}; "
          f"{context.get('fftw_version', '?')}; "
          f"{context.get('date', '')}; load average at start {load_average(context)}.\n"
          f"Generated by scripts/fft_bench_table.py from {args.json.split('/')[-1]} "
          f"(bench/bench_fft.cpp, which documents every counter).\n")
    with open(args.json) as f:
        steal = host_steal_line(json.load(f))
    if steal:
        print(steal)
    print("GFLOPs = 5 N log2 N x batch / t (higher is better); t: CPU time of one call on one "
          "thread, wall-clock time with more, CUDA event time on a GPU. FFTW float and double "
          f"planned with {context.get('fftw_float_double_planner', '?')}, long double and quad "
          f"with {context.get('fftw_long_double_quad_planner', '?')}. ffft: table twiddles "
          "unless marked computed. Each rate is the fastest of the repetitions (benchFFT's rule; "
          "scripts/fft_bench_json.py). QD baseline compiled with "
          f"{context.get('qd_flags', 'flags not recorded (the baseline build of the time)')}.\n")
    print("## Goals\n")
    print("One thread unless stated. Goals that depend on the CPU path: ffft dd128 / FFTW long "
          "double ≥ 1.5 on avx512, ≥ 1 on avx2; ffft dd128 / FFTW quad ≥ 50 on avx512, ≥ 25 on avx2; "
          "ffft qf128 / FFTW quad ≥ 8 on avx512, ≥ 6 on avx2.\n")
    print(goals_table(results, context.get("ffft_cpu_path"), all_threads) + "\n")
    print("## GFLOPs, one thread\n")
    print(grid(results, CPU_COLUMNS + [c for c in LABELS if c.endswith("_computed")], 1, "GFLOPs")
          + "\n")
    print(f"## Speed-up with {all_threads} threads (GFLOPs ratio)\n")
    if fft_bench_json.times_calls(results):
        print(f"Each case's fastest call on {all_threads} threads over its fastest call on one, both by the "
              "wall clock: a repetition's mean call on several threads carries every moment the host "
              "takes from any of its vCPUs (scripts/fft_bench_json.py, threads_ratio).\n")
    if any(present(results, [copies_of(c)], all_threads) for c in FORMAT_CASES):
        print(f"A copies column: {all_threads} one-thread transforms at once, each on its own data, "
              "over one alone: what the cores give when no transform is split, the ceiling of the "
              "format's own column but for the noise between repetitions and the second core's "
              "cache (bench/fft_cpu_cases.hpp, copies_case).\n")
    print(scaling_table(results, all_threads) + "\n")
    blocking = blocking_table(results)
    if blocking:
        print("## Cache blocking: blocked / pass by pass (GFLOPs ratio, one thread)\n")
        print("Each format's transform as it runs (passes grouped over tiles that fit the core's L2, "
              "where a call's data exceed it) over the same plan pass by pass over all the data "
              "(FFFT_CPU_CACHE_BYTES=0), measured side by side; the same bits either way.\n")
        print(blocking + "\n")
    print("## GPU GFLOPs\n")
    gpu = GPU_COLUMNS + [c for c in (k[0] for k in results) if c.endswith("_computed_cuda")]
    print(grid(results, list(dict.fromkeys(gpu)), 1, "GFLOPs") + "\n")
    print("## Forward error: relative L2 against FFTW quad\n")
    print(grid(results, [c for c in CPU_COLUMNS if c != "fftw_quad"] + GPU_COLUMNS, 1,
               "rel_l2_error", 2) + "\n")
    print("## Round-trip PSNR (dB, Thall eq. 17; ∞: exact)\n")
    print(grid(results, CPU_COLUMNS + GPU_COLUMNS, 1, "roundtrip_psnr_db", 4) + "\n")
    if errors:
        print("## Not measured\n")
        reasons = {}
        for contender, why in errors:
            reasons.setdefault(why, []).append(contender)
        for why, names in reasons.items():
            print(f"- {', '.join(sorted(set(names)))}: {why}")


if __name__ == "__main__":
    main()
