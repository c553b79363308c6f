"""Reading the FFT benchmark's Google Benchmark JSON (bench/bench_fft.cpp),
shared by fft_bench_table.py, fft_bench_plot.py and figures.py.

Benchmark names are fft/<contender>/<N>/threads:<T>, with a /real_time or
/manual_time suffix for cases timed by the wall clock or CUDA events (the
older fft/<impl>/<log2 N> files of the first harness are read too, with N
from the N counter).

A rate (GFLOPs, GBps: higher is faster) is that of the fastest repetition,
benchFFT's rule (the minimum time of its repeated measurements "to factor
out effects from external factors", www.fftw.org/speed/method.html): on a
shared machine another tenant only ever slows a repetition down, so the
fastest is the one the code's own speed shows best. Every contender gets
the same rule. Other counters (the errors) are the median over the
repetitions; they do not depend on the timing. A file with only Google
Benchmark's aggregates gives its median.
"""
import json
import math
import re
import statistics
import sys

NAME = re.compile(r"^fft/(?P<contender>[^/]+)/(?:N:)?(?P<n>\d+)"
                  r"(?:/threads:(?P<threads>\d+))?(?:/.*)?$")
# Counters that are rates of the measured time: the fastest repetition's.
RATES = ("GFLOPs", "GBps", "GBps_passes", "GFLOPs_fastest_call")
# The rate of a case's fastest single call (bench/bench_fft.cpp).
FASTEST_CALL = "GFLOPs_fastest_call"


def times_calls(results):
    """Whether a run (summarize's results) timed the calls of its cases on
    several threads one by one, so that threads_ratio compares fastest calls."""
    return any(threads > 1 and FASTEST_CALL in v for (_, _, threads), v in results.items())


def threads_ratio(a, b):
    """The GFLOPs of case a over those of case b (their counters, as
    summarize gives them) where either runs on several threads: the rates of
    their fastest calls where both have one, else of their fastest
    repetitions (the runs before the counter); None where either is missing.

    Why calls: a repetition's rate is that of its mean call, and a call
    on two threads waits for the slower one, so every moment the host
    takes from either vCPU lands in it (a one-thread repetition is timed in
    process CPU time). The fastest call is benchFFT's rule (another tenant
    only slows a measurement down) taken a call at a time, the same on
    both sides of the ratio; docs/performance.md has the measurements."""
    for counter in (FASTEST_CALL, "GFLOPs"):
        x, y = a.get(counter), b.get(counter)
        if x is not None and y:
            return x / y
    return None


def parse_entry(b):
    """(contender, N, threads) of a benchmark entry, or None if it is not an fft one."""
    m = NAME.match(b.get("run_name") or b.get("name", ""))
    if not m:
        return None
    n = b.get("N")
    n = int(round(n)) if isinstance(n, (int, float)) and n > 0 else int(m["n"])
    threads = int(m["threads"]) if m["threads"] else int(b.get("threads", 1) or 1)
    return m["contender"], n, threads


def summarize(data, metrics=None):
    """(results, errors, repetitions) of loaded benchmark JSON.

    results: {(contender, N, threads): {counter: value}} for the counters in
    metrics (None: every numeric field), rates from the fastest repetition
    and the rest medians, plus cv_GFLOPs (the repetitions' GFLOPs standard
    deviation over their mean) where there were several.
    errors: {(contender, message): [N, ...]} of the entries that could not run."""
    runs, medians, errors, repetitions = {}, {}, {}, set()
    for b in data.get("benchmarks", []):
        key = parse_entry(b)
        if key is None:
            continue
        if b.get("error_occurred"):
            errors.setdefault((key[0], b.get("error_message", "?")), set()).add(key[1])
            continue
        names = metrics if metrics is not None else [k for k, v in b.items() if isinstance(v, (int, float))]
        vals = {m: float(b[m]) for m in names if isinstance(b.get(m), (int, float))}
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[key] = vals
        else:
            runs.setdefault(key, []).append(vals)
            repetitions.add(int(b.get("repetitions", 1) or 1))
    results = {}
    for key in set(runs) | set(medians):
        v = dict(medians.get(key, {}))
        counters = {m for r in runs.get(key, []) for m in r}
        for m in counters:
            xs = [r[m] for r in runs[key] if m in r and not math.isnan(r[m])]
            if xs:
                v[m] = max(xs) if m in RATES else statistics.median(xs)
        gflops = [r["GFLOPs"] for r in runs.get(key, []) if "GFLOPs" in r]
        if len(gflops) > 1 and statistics.mean(gflops) > 0:
            v["cv_GFLOPs"] = statistics.stdev(gflops) / statistics.mean(gflops)
        results[key] = v
    return results, {k: sorted(v) for k, v in errors.items()}, max(repetitions, default=1)


def load(path, metrics, program):
    """(context, results, errors, repetitions) of the benchmark JSON at path
    (summarize's), exiting with a message naming the file if it cannot be read."""
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
    results, errors, repetitions = summarize(data, metrics)
    return data.get("context", {}), results, errors, repetitions
