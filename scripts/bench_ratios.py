#!/usr/bin/env python3
"""Markdown table of ffft vs QD arithmetic throughput from Google Benchmark JSON.

Usage: bench_ratios.py BENCH.json
  (BENCH.json from ffft_bench_arithmetic, run through the script that records
   the revision and code it measured:
     scripts/results_record.py run --sources arithmetic --out bench/results/arithmetic_cpu.json --
       build/bench/ffft_bench_arithmetic --benchmark_out=bench/results/arithmetic_cpu.json)

Benchmark names are "<op>/<format>" or, for QD's non-default algorithms,
"<op>:<variant>/<format>". A variant row repeats the ffft timings of its base
op, so its ratios compare ffft with that QD algorithm. Ratios are time ratios:
< 1 means ffft is faster.
"""
import argparse
import json
import statistics
import sys

from results_record import describe_file

FFFT_FORMATS = ["df64", "qf128", "dd128", "qd256"]
QD_FORMATS = {"qd_dd_real": "dd_real", "qd_qd_real": "qd_real"}
PAIRS = [("dd128", "qd_dd_real"), ("qd256", "qd_qd_real")]
OP_ORDER = ["add", "sub", "mul", "div", "sqrt", "add_limb", "mul_limb"]


def ns_per_op(entry):
    # items_per_second counts operations (SetItemsProcessed), so this is
    # independent of the array size and of the time unit of the report.
    ips = entry.get("items_per_second")
    return 1e9 / ips if ips else None


def load(path):
    """{(op, format): ns/op}, the median when the run was repeated."""
    with open(path) as f:
        data = json.load(f)
    runs, medians = {}, {}
    for b in data.get("benchmarks", []):
        name = b.get("run_name", b["name"])
        if "/" not in name or b.get("error_occurred"):
            continue
        op, fmt = name.rsplit("/", 1)
        value = ns_per_op(b)
        if value is None:
            continue
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[(op, fmt)] = value
        else:
            runs.setdefault((op, fmt), []).append(value)
    times = {key: statistics.median(v) for key, v in runs.items()}
    times.update(medians)  # the library's own median wins where present
    return data.get("context", {}), times


def fmt_ns(x):
    return "–" if x is None else f"{x:.2f}"


def fmt_ratio(a, b):
    return "–" if a is None or b is None else f"{a / b:.2f}"


def table(times):
    ops = {op for op, _ in times}
    base_ops = [op for op in OP_ORDER if op in ops] + sorted(
        op for op in ops if ":" not in op and op not in OP_ORDER)
    order = {op: i for i, op in enumerate(base_ops)}
    variants = sorted((op for op in ops if ":" in op),
                      key=lambda op: (order.get(op.split(":")[0], len(order)), op))
    header = (["op"] + FFFT_FORMATS + list(QD_FORMATS.values())
              + [f"{f}/{QD_FORMATS[q]}" for f, q in PAIRS])
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    for op in base_ops + variants:
        base, _, variant = op.partition(":")
        ffft = {f: times.get((base, f)) for f in FFFT_FORMATS}
        qd = {q: times.get((op, q)) for q in QD_FORMATS}
        label = f"{base} (QD {variant})" if variant else op
        cells = ([label] + [fmt_ns(ffft[f]) for f in FFFT_FORMATS]
                 + [fmt_ns(qd[q]) for q in QD_FORMATS]
                 + [fmt_ratio(ffft[f], qd[q]) for f, q in PAIRS])
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", help="Google Benchmark JSON output")
    args = parser.parse_args()
    context, times = load(args.json)
    if not times:
        sys.exit(f"{args.json}: no benchmarks with items_per_second")
    print(f"ns/op (lower is better); ratio = ffft time / QD time, < 1: ffft faster. "
          f"Host {context.get('host_name', '?')}, {context.get('num_cpus', '?')} CPUs "
          f"at {context.get('mhz_per_cpu', '?')} MHz, {context.get('date', '')}; "
          f"ffft {describe_file(args.json)}.\n")
    print(table(times))


if __name__ == "__main__":
    main()
