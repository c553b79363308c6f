"""Reading the FFT benchmark's Google Benchmark JSON (bench/bench_fft.cpp),
shared by fft_bench_table.py and fft_bench_plot.py.

Benchmark names are fft/<contender>/<N>/threads:<T>, with a /real_time or
/manual_time suffix for cases timed by the wall clock or CUDA events (the
older fft/<impl>/<log2 N> files of the first harness are read too, with N
from the N counter). Values are the median aggregate where present, else
the median over the repetitions.
"""
import json
import math
import re
import statistics
import sys

NAME = re.compile(r"^fft/(?P<contender>[^/]+)/(?:N:)?(?P<n>\d+)"
                  r"(?:/threads:(?P<threads>\d+))?(?:/.*)?$")


def parse_entry(b):
    """(contender, N, threads) of a benchmark entry, or None if it is not an fft one."""
    m = NAME.match(b.get("run_name") or b.get("name", ""))
    if not m:
        return None
    n = b.get("N")
    n = int(round(n)) if isinstance(n, (int, float)) and n > 0 else int(m["n"])
    threads = int(m["threads"]) if m["threads"] else int(b.get("threads", 1) or 1)
    return m["contender"], n, threads


def load(path, metrics, program):
    """(context, results, errors, repetitions) of the benchmark JSON at path.

    results: {(contender, N, threads): {metric: value}}, medians over repetitions.
    errors: {(contender, message): [N, ...]} of the entries that could not run."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        print(f"{program}: cannot read {path}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    except json.JSONDecodeError as e:
        print(f"{program}: {path} is not JSON: {e}", file=sys.stderr)
        sys.exit(2)
    if not isinstance(data, dict) or not data.get("benchmarks"):
        print(f"{program}: {path} has no benchmarks (not Google Benchmark JSON output "
              "of ffft_bench_fft?)", file=sys.stderr)
        sys.exit(2)
    runs, medians, errors, repetitions = {}, {}, {}, set()
    for b in data["benchmarks"]:
        key = parse_entry(b)
        if key is None:
            continue
        if b.get("error_occurred"):
            errors.setdefault((key[0], b.get("error_message", "?")), set()).add(key[1])
            continue
        vals = {m: float(b[m]) for m in metrics if isinstance(b.get(m), (int, float))}
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[key] = vals
        else:
            runs.setdefault(key, []).append(vals)
            repetitions.add(int(b.get("repetitions", 1) or 1))
    results = {}
    for key in set(runs) | set(medians):
        v = {}
        for m in metrics:
            if m in medians.get(key, {}):  # the library's own median wins where present
                v[m] = medians[key][m]
            else:
                xs = [r[m] for r in runs.get(key, []) if m in r and not math.isnan(r[m])]
                if xs:
                    v[m] = statistics.median(xs)
        results[key] = v
    return data.get("context", {}), results, {k: sorted(v) for k, v in errors.items()}, \
        max(repetitions, default=1)
