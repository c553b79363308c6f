#!/usr/bin/env python3
"""Markdown tables of twiddle costs (table vs computed) and table build times.

Usage: twiddle_bench_table.py BENCH.json > bench/results/twiddles_cpu.md
  (BENCH.json from ffft_bench_twiddles, run through the script that records
   the revision and code it measured:
     scripts/results_record.py run --sources twiddles --out bench/results/twiddles_cpu.json --
       build/bench/ffft_bench_twiddles --benchmark_out=bench/results/twiddles_cpu.json)

Benchmark names (bench/bench_twiddles.cpp):
  twiddle/<mode>/<format>/<order>            counter time_per_twiddle (s)
  table_build/<format>/<n>/threads:<t>[...]  real time; counters entries,
                                              reevaluations, time_per_entry (s)
  plan/<mode>/<format>/<n>[...]              real time of a CPU plan's creation
Google Benchmark appends "/iterations:N" and "/real_time" to the build names.
With --benchmark_repetitions the median is used.
"""
import argparse
import json
import re
import statistics
import sys

from bench_context import host_line, load_average
from results_record import describe_file

FORMATS = ["df64", "qf128", "dd128"]
ORDERS = ["sequential", "random"]
LOOKUP = re.compile(r"^twiddle/(?P<mode>table|computed)/(?P<format>\w+)/(?P<order>\w+)$")
BUILD = re.compile(r"^table_build/(?P<format>\w+)/(?P<n>\d+)/threads:(?P<threads>\d+)(/.*)?$")
PLAN = re.compile(r"^plan/(?P<mode>\w+)/(?P<format>\w+)/(?P<n>\d+)(/.*)?$")
MODES = ["table", "computed", "direct"]
TO_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}


def values(entry):
    """The numbers a row needs from one benchmark entry."""
    time = entry["real_time"] * TO_MS[entry.get("time_unit", "ns")]
    v = {"ms": time}
    for name in ("time_per_twiddle", "time_per_entry", "entries", "reevaluations"):
        if name in entry:
            v[name] = entry[name]
    return v


def load(path):
    """(context, {name: values}), the median when the run was repeated."""
    with open(path) as f:
        data = json.load(f)
    runs, medians = {}, {}
    for b in data.get("benchmarks", []):
        if b.get("error_occurred"):
            continue
        name = b.get("run_name", b["name"])
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[name] = values(b)
        else:
            runs.setdefault(name, []).append(values(b))
    results = {name: {key: statistics.median(r[key] for r in rs) for key in rs[0]}
               for name, rs in runs.items()}
    results.update(medians)  # the library's own median wins where present
    return data.get("context", {}), results


def fmt(x, digits=2):
    return "–" if x is None else f"{x:.{digits}f}"


def fmt_ms(x):
    """Three or more significant digits, without exponents."""
    if x is None:
        return "–"
    return f"{x:.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.3f}"


def ratio(a, b):
    return None if a is None or b is None else a / b


def lookup_table(results):
    ns = {}  # (mode, format, order) -> ns per twiddle
    for name, v in results.items():
        m = LOOKUP.match(name)
        if m and "time_per_twiddle" in v:
            ns[(m["mode"], m["format"], m["order"])] = v["time_per_twiddle"] * 1e9
    header = (["format"] + [f"table {o}" for o in ORDERS] + [f"computed {o}" for o in ORDERS]
              + [f"computed/table {o}" for o in ORDERS])
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    for f in FORMATS:
        table = [ns.get(("table", f, o)) for o in ORDERS]
        computed = [ns.get(("computed", f, o)) for o in ORDERS]
        cells = ([f] + [fmt(t) for t in table] + [fmt(c, 1) for c in computed]
                 + [fmt(ratio(c, t), 0) for c, t in zip(computed, table)])
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def build_table(results):
    builds = {}  # (format, n) -> {threads: values}
    for name, v in results.items():
        m = BUILD.match(name)
        if m:
            builds.setdefault((m["format"], int(m["n"])), {})[int(m["threads"])] = v
    all_threads = max((t for by in builds.values() for t in by), default=1)
    header = ["format", "n", "entries", "reevaluations", "1 thread (ms)",
              f"{all_threads} threads (ms)", "speed-up", "ns/entry, 1 thread"]
    lines = ["| " + " | ".join(header) + " |",
             "|---|" + "|".join(["---:"] * (len(header) - 1)) + "|"]
    order = {f: i for i, f in enumerate(FORMATS)}
    for (f, n), by in sorted(builds.items(), key=lambda kv: (order.get(kv[0][0], 99), kv[0][1])):
        one, many = by.get(1), by.get(all_threads)
        any_run = one or many
        one_ms = one["ms"] if one else None
        many_ms = many["ms"] if many and all_threads > 1 else None
        per_entry = one.get("time_per_entry") if one else None
        cells = [f, f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n),
                 str(int(any_run.get("entries", 0))), str(int(any_run.get("reevaluations", 0))),
                 fmt_ms(one_ms), fmt_ms(many_ms), fmt(ratio(one_ms, many_ms)),
                 fmt(per_entry * 1e9 if per_entry else None, 0)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plan_table(results):
    """CPU plan creation per twiddle mode: (format, n) rows, one column per mode."""
    plans = {}  # (format, n) -> {mode: ms}
    for name, v in results.items():
        m = PLAN.match(name)
        if m:
            plans.setdefault((m["format"], int(m["n"])), {})[m["mode"]] = v["ms"]
    if not plans:
        return None
    header = ["format", "n"] + [f"{m} (ms)" for m in MODES]
    lines = ["| " + " | ".join(header) + " |", "|---|" + "|".join(["---:"] * (len(header) - 1)) + "|"]
    order = {f: i for i, f in enumerate(FORMATS)}
    for (f, n), by in sorted(plans.items(), key=lambda kv: (order.get(kv[0][0], 99), kv[0][1])):
        lines.append("| " + " | ".join([f, f"2^{n.bit_length() - 1}"] + [fmt_ms(by.get(m)) for m in MODES]) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", help="Google Benchmark JSON output of ffft_bench_twiddles")
    args = parser.parse_args()
    context, results = load(args.json)
    if not results:
        sys.exit(f"{args.json}: no benchmarks")
    print("# Twiddle factors on the CPU\n")
    print(f"{host_line(context)}; "
          f"ffft built {context.get('ffft_build_type', '?')}, {describe_file(args.json)}; "
          f"{context.get('date', '')}; "
          f"load average at start {load_average(context)}.\n"
          f"Generated by scripts/twiddle_bench_table.py from twiddles_cpu.json.\n")
    print("## ns per twiddle, n = 2^20\n")
    print("One pass over every k in [0, n), sequential or in a random permutation; "
          "CPU time per twiddle (lower is better). `table`: lookup into the first-octant "
          "table (2^17 + 1 entries) and exact unfolding; `computed`: sincos evaluated "
          "on the spot. Ratio = computed time / table time.\n")
    print(lookup_table(results))
    print("\n## Table build (MPFR), wall-clock ms\n")
    print("Entries = first-octant values computed (n/8 + 1); reevaluations = entries whose "
          "rounding needed a second, more precise evaluation. The library gives each "
          "thread at least 4096 entries, so n <= 2^16 is built on one thread whatever "
          "is asked. Speed-up = 1-thread time / all-threads time.\n")
    print(build_table(results))
    plans = plan_table(results)
    if plans:
        print("\n## CPU plan creation per twiddle mode, wall-clock ms\n")
        print("ffft::plan on the CPU backend, all threads, no workspace. table: MPFR tables and "
              "the passes' arrays; computed: the two factor tables by sincos and the arrays as "
              "their products; direct: a sincos for every entry of the arrays (the values the "
              "GPU's butterflies evaluate in registers). A CUDA plan makes none of these on "
              "the host in computed and direct modes: its creation time is in gpu_profile.md.\n")
        print(plans)


if __name__ == "__main__":
    main()
