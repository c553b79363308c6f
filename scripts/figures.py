#!/usr/bin/env python3
"""Measured figures in the Markdown files, generated from bench/results/.

A figure in README.md or docs/*.md is written between markers that name it,
inline:

    <!-- measured:python_dd128_over_pyfftw -->9-24<!-- /measured -->

or as a block (a table), the markers on lines of their own:

    <!-- measured:cpu_speed_table -->
    | N | ... |
    <!-- /measured -->

and FIGURES below says how to compute it from which results files. Then:

  scripts/figures.py --write [files]   rewrites every marked figure from the results
  scripts/figures.py --check [files]   fails (exit 1) if a marked figure is unknown,
                                       its results file is missing, or the text
                                       differs from what the results give
  scripts/figures.py --list            names every figure and its results files

(default files: README.md and docs/*.md; --results DIR reads the results
from DIR instead of bench/results/).

Each results file says what it measured in its top-level "measured" block:

    "measured": {"revision": "<12-hex short hash>" or null,
                 "uncommitted": null | "diff <12 hex>" | "not recorded",
                 "sources": [repository paths the results measure]}

(a file without the block: the revision from context.revision,
context.ffft_revision, a top-level revision or a "revision <hash>" in a
context string, a "-dirty" suffix meaning uncommitted changes, and the
sources from FIGURES). From it --write appends a notice to the figure:

  (revision not recorded)                                   no revision
  (measured at R with uncommitted changes, diff H)          a dirty tree, its diff's hash
  (measured at R with uncommitted changes, diff not recorded)
  (measured at R; the code it measures has changed since)   git diff R HEAD -- sources
                                                            is not empty

and nothing when the results measured exactly the code of HEAD. The notice
never fails --check, so work without the machine a measurement needs still
lands; the value does.
"""
import argparse
import functools
import json
import math
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
# The table scripts beside this one: their parsers and tables serve the
# figures too.
sys.path.insert(0, str(ROOT / "scripts"))
import bench_ratios  # noqa: E402
import cpu_dynamic_counts  # noqa: E402
import fft_bench_json  # noqa: E402
import fft_bench_table  # noqa: E402
import gpu_nd_table  # noqa: E402
import gpu_profile_table  # noqa: E402
import nd_bench_report  # noqa: E402
import real_bench_report  # noqa: E402
import twiddle_bench_table  # noqa: E402
MARKED = re.compile(r"<!-- measured:([a-z0-9_]+) -->(.*?)<!-- /measured -->", re.S)
NOTICE = re.compile(r"\s*\((?:measured at|revision not recorded)[^)]*\)\s*$")
REVISION = re.compile(r"^([0-9a-f]{7,40})([-+]dirty)?")


# ---------------------------------------------------------------- results files

def load(name):
    """A results file of RESULTS: JSON parsed, anything else as text."""
    path = RESULTS / name
    return json.loads(path.read_text()) if name.endswith(".json") else path.read_text()


@dataclass
class Measured:
    revision: str | None     # short hash, or None: not recorded
    uncommitted: str | None  # None, "diff <hash>" or "not recorded"
    sources: list            # repository paths the results measure


def measured(data, default_sources):
    """What a results file measured: its "measured" block, else today's places."""
    block = data.get("measured") if isinstance(data, dict) else None
    if isinstance(block, dict):
        return Measured(block.get("revision"), block.get("uncommitted"),
                        list(block.get("sources") or default_sources))
    text = None
    if isinstance(data, dict):
        context = data.get("context")
        for place in (context if isinstance(context, dict) else {}, data):
            for key in ("revision", "ffft_revision"):
                if isinstance(place.get(key), str):
                    text = place[key]
                    break
            if text:
                break
        if text is None and isinstance(context, str):
            m = re.search(r"\brevision (\S+)", context)
            text = m.group(1).rstrip(";,") if m else None
    m = REVISION.match(text or "")
    if not m:
        return Measured(None, None, list(default_sources))
    return Measured(m.group(1), "not recorded" if m.group(2) else None, list(default_sources))


@functools.lru_cache(maxsize=None)
def changed_since(revision, sources):
    """0: the sources are those of HEAD; 1: git shows a change since revision;
    2: this repository does not have the revision."""
    out = subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", revision, "HEAD", "--",
                          *sources], capture_output=True)
    return {0: 0, 1: 1}.get(out.returncode, 2)


def note(m):
    """The notice one results file needs, or "" (without the parentheses)."""
    if m.revision is None:
        return "revision not recorded"
    text = f"measured at {m.revision}"
    if m.uncommitted:
        diff = m.uncommitted if m.uncommitted.startswith("diff ") else f"diff {m.uncommitted}"
        text += f" with uncommitted changes, {diff}"
    state = changed_since(m.revision, tuple(m.sources))
    if state == 1:
        text += "; the code it measures has changed since"
    elif state == 2:
        text += ", a revision this repository does not have"
    return "" if text == f"measured at {m.revision}" else text


# ---------------------------------------------------------------- formatting

def fmt(x, digits=3):
    """`digits` significant digits, exponent form for very large or small values."""
    if x is None:
        return "–"
    if x == 0:
        return "0"
    if math.isinf(x):
        return "∞"
    if abs(x) >= 1e5 or abs(x) < 1e-3:
        return f"{x:.{digits - 1}e}"
    return f"{x:.{max(0, digits - 1 - int(math.floor(math.log10(abs(x)))))}f}"


def measured_values(values):
    """The values a run measured: a run cut short (scripts/fft_bench_paths.sh)
    has None for the sizes it did not reach."""
    values = [v for v in values if v is not None]
    if not values:
        raise ValueError("no value measured")
    return values


def span(values, digits=0):
    """"lo-hi" of the measured values, rounded to `digits` decimals (one value: itself)."""
    values = measured_values(values)
    lo, hi = min(values), max(values)
    text = lambda v: f"{v:.{digits}f}"
    return text(lo) if text(lo) == text(hi) else f"{text(lo)}-{text(hi)}"


def span_sig(values, digits=2):
    """"lo-hi" of the measured values, each to `digits` significant digits."""
    values = measured_values(values)
    lo, hi = fmt(min(values), digits), fmt(max(values), digits)
    return lo if lo == hi else f"{lo}-{hi}"


def size(n):
    """2^k for powers of two, else the number."""
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def table(header, rows, align=None):
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
                     + ["| " + " | ".join(r) + " |" for r in rows])


def pow2(lo, hi):
    return [1 << k for k in range(lo, hi + 1)]


# ---------------------------------------------------------------- FFT benchmark JSON

_PARSED = {}


def _fft(data):
    """{(contender, N, threads): {counter: value}} of an ffft_bench_fft JSON,
    by fft_bench_json's rule (rates from the fastest repetition)."""
    if id(data) in _PARSED:
        return _PARSED[id(data)][1]
    out = fft_bench_json.summarize(data)[0]
    _PARSED[id(data)] = (data, out)  # the data kept alive, so that its id stays its own
    return out


def fft_value(results, contender, n, counter="GFLOPs", threads=1):
    return results.get((contender, n, threads), {}).get(counter)


def fft_ratio(results, a, b, n, threads_a=1, threads_b=1):
    """a's GFLOPs at N over b's, as fft_bench_table.gflops_ratio takes them (fastest
    calls where either runs on several threads)."""
    return fft_bench_table.gflops_ratio(results, a, b, n, threads_a, threads_b)


FORMATS = ["df64", "qf128", "dd128"]
CPU_LABEL = {"ffft_df64_table": "ffft df64", "ffft_qf128_table": "ffft qf128",
             "ffft_dd128_table": "ffft dd128", "fftw_float": "FFTW float",
             "fftw_double": "FFTW double", "fftw_long_double": "FFTW long double",
             "fftw_quad": "FFTW quad", "qd_dd_real": "QD dd_real", "qd_qd_real": "QD qd_real",
             "cufft_c2c": "cuFFT C2C", "cufft_z2z": "cuFFT Z2Z"}
# The CPU goals: (numerator, denominator, goal per CPU path), one thread, the
# worst ratio over N = 2^10 to 2^22 (scripts/fft_bench_table.py, CPU_GOALS).
CPU_GOALS = [("ffft_dd128_table", "qd_dd_real", {"avx512": 2.5, "avx2": 2.5}, "QD dd_real radix-2"),
             ("ffft_dd128_table", "fftw_long_double", {"avx512": 1.5, "avx2": 1}, "FFTW long double"),
             ("ffft_dd128_table", "fftw_quad", {"avx512": 50, "avx2": 25}, "FFTW quad"),
             ("ffft_qf128_table", "fftw_quad", {"avx512": 8, "avx2": 6}, "FFTW quad")]
SCALING_GOAL = 1.9
KEPT_GOAL = fft_bench_table.KEPT_GOAL  # worst N's GFLOPs / best N's over 2^10-2^22
EVERY_N = pow2(10, 22)


def kept_share(results, contender, threads):
    """(GFLOPs at the worst N of 2^10-2^22 / at the best, worst N, best N)."""
    return fft_bench_table.kept_share(results, contender, threads, EVERY_N)


def worst(results, a, b, ns, threads_a=1, threads_b=1, best=False):
    """(ratio, N) worst (or best) over ns."""
    rs = [(fft_ratio(results, a, b, n, threads_a, threads_b), n) for n in ns]
    rs = [(r, n) for r, n in rs if r is not None]
    return (max if best else min)(rs)


def calls_label(runs):
    """" (fastest calls)" where every run of runs (summarized results) timed its
    several-thread cases' calls one by one (fft_bench_json.threads_ratio), else ""."""
    timed = [fft_bench_json.times_calls(r) for r in runs]
    return " (fastest calls)" if timed and all(timed) else ""


def copies_scaling(results, f):
    """(ratio, N): the worst over N >= 2^16 of two one-thread copies of
    format f's transform at once over one alone (bench/fft_cpu_cases.hpp,
    copies_case), the thread-scaling goal's ceiling; (None, None) where the
    run did not measure it."""
    rs = [(fft_ratio(results, f"ffft_{f}_copies", f"ffft_{f}_table", n, 2, 1), n) for n in pow2(16, 22)]
    rs = [(r, n) for r, n in rs if r is not None]
    return min(rs) if rs else (None, None)


def formats_ratio_span(results, a, b, threads_a, threads_b):
    """"lo-hi" over every format and N = 2^16-2^22 of the GFLOPs of ffft_<format>_<a>
    on threads_a over those of ffft_<format>_<b> on threads_b (a, b: table or copies)."""
    return span([fft_ratio(results, f"ffft_{f}_{a}", f"ffft_{f}_{b}", n, threads_a, threads_b)
                 for f in FORMATS for n in pow2(16, 22)], 2)


def fft_ratio_across(a, b, contender, n):
    """The GFLOPs of contender at N, one thread, in results a over those in results b (None if either lacks it)."""
    x, y = fft_value(a, contender, n), fft_value(b, contender, n)
    return x / y if x and y else None


def blocked_over_passes(results, ns=None):
    """Per format, "lo-hi" over N (default 2^10-2^22) of its cache-blocked GFLOPs over
    its pass-by-pass ones (ffft_<format>_passes), one thread."""
    ns = ns or EVERY_N
    return "; ".join(f"{f} " + span([fft_ratio(results, f"ffft_{f}_table", f"ffft_{f}_passes", n) for n in ns], 2)
                     for f in FORMATS)


def goal_text(goal):
    a, b = goal["avx512"], goal["avx2"]
    return f"{a:g}" if a == b else f"{a:g} (avx512), {b:g} (avx2)"


def cpu_goals_table(data, best=False):
    """Each CPU goal's ratio on both paths (data: the avx512 run, then the avx2 run): worst over
    2^10-2^22 and where (best=False), or worst and best (best=True)."""
    paths = _paths(data)
    rows = []
    for a, b, goal, name in CPU_GOALS:
        cells = [f"{a.split('_')[1]} / {name}"]
        for p, r in paths.items():
            w, n = worst(r, a, b, EVERY_N)
            if best:
                cells.append(f"{fmt(w)} ({fmt(worst(r, a, b, EVERY_N, best=True)[0])})")
            else:
                cells.append(f"{fmt(w)} ({size(n)})")
        rows.append(cells + [goal_text(goal)])
    calls = calls_label(paths.values())
    for f in ["dd128", "qf128", "df64"]:
        c = f"ffft_{f}_table"
        cells = [f"{f}, 2 threads / 1 thread{calls}, N ≥ 2^16"]
        for r in paths.values():
            w, n = worst(r, c, c, pow2(16, 22), 2, 1)
            cells.append(f"{fmt(w, 4)} ({size(n)})")
        rows.append(cells + [f"{SCALING_GOAL:g}"])
        ceiling = "fastest calls; the ceiling" if calls else "the ceiling"
        cells = [f"{f}, 2 one-thread copies / 1 thread ({ceiling})"]
        for r in paths.values():
            w, n = copies_scaling(r, f)
            cells.append("not measured" if w is None else f"{fmt(w, 4)} ({size(n)})")
        rows.append(cells + ["–"])
    for f in ["dd128", "qf128", "df64"]:
        for t in (1, 2):
            cells = [f"{f}, worst N's GFLOPs / best N's, {t} thread{'s' + calls if t > 1 else ''}"]
            for r in paths.values():
                k, n_low, n_high = kept_share(r, f"ffft_{f}_table", t)
                cells.append(f"{fmt(k)} ({size(n_low)} / {size(n_high)})")
            rows.append(cells + [f"{KEPT_GOAL:g}"])
    head = "ratio (GFLOPs; worst over 2^10-2^22, best in parentheses)" if best else \
        "ratio (GFLOPs; worst over 2^10-2^22, at N)"
    text = table([head] + [f"{p} ({_cpu_of(run)})" for p, run in zip(paths, data)] + ["goal"], rows,
                 ["---"] + ["---:"] * (len(paths) + 1))
    partial = _partial_spans(paths)
    return text + (f"\n\nThe worst over the sizes measured: {'; '.join(partial)}." if partial else "")


def _paths(runs, names=("avx512", "avx2")):
    """{path: results} of a machine's runs, by default two: the avx512 path's, then the avx2 path's."""
    return dict(zip(names, (_fft(run) for run in runs)))


def _cpu_of(run):
    """The CPU a benchmark run measured, as its context names it, with its L2
    a core: VMs name different processors alike ("Intel(R) Xeon(R)
    Processor"), and the L2 is what the cache blocking sizes its tiles by."""
    context = run.get("context", {})
    name = context.get("cpu_model", "CPU not recorded")
    l2 = [c["size"] for c in context.get("caches", []) if c.get("level") == 2]
    if not l2:
        return name
    kib = l2[0] // 1024
    return f"{name}, {kib // 1024 if kib % 1024 == 0 else kib} {'MiB' if kib % 1024 == 0 else 'KiB'} L2"


def _partial_spans(paths):
    """'avx512 measured 2^10-2^21 only' for each path whose run did not reach
    every N of 2^10-2^22 (a run cut by its time limit): a goal over the span
    it meets on the sizes it has is not shown met."""
    notes = []
    for p, r in paths.items():
        ns = [n for n in EVERY_N if any(key[0] == "ffft_dd128_table" and key[1] == n for key in r)]
        if ns and len(ns) < len(EVERY_N):
            notes.append(f"{p} measured {size(ns[0])}-{size(ns[-1])} only")
    return notes


def cpu_speed_table(data, ns=(1 << 10, 1 << 16, 1 << 20, 1 << 22)):
    """GFLOPs on one thread per path, each row with the baselines of that path's own run
    (the paths' runs may come from different machines, which the first column names)."""
    header = ["path (CPU)", "N", "dd128", "qf128", "df64", "FFTW long double", "FFTW quad", "QD dd_real"]
    columns = ["ffft_dd128_table", "ffft_qf128_table", "ffft_df64_table", "fftw_long_double", "fftw_quad",
               "qd_dd_real"]
    rows = []
    for path, run in (("avx512", data[0]), ("avx2", data[1])):
        r = _fft(run)
        rows += [[f"{path} ({_cpu_of(run)})", size(n)] + [fmt(fft_value(r, c, n)) for c in columns]
                 for n in ns if fft_value(r, columns[0], n) is not None]
    return table(header, rows, ["---", "---:"] + ["---:"] * len(columns))


def fft_grid(data, ns, contenders, counter="GFLOPs", digits=3, labels=None):
    r = _fft(data[0])
    labels = labels or {}
    rows = []
    for n in ns:
        rows.append([labels.get(n, size(n))] + [fmt(fft_value(r, c, n, counter), digits)
                                                for c in contenders])
    return table(["N"] + [CPU_LABEL[c] for c in contenders], rows)


ACCURACY_COLUMNS = ["ffft_df64_table", "ffft_qf128_table", "ffft_dd128_table", "fftw_double",
                    "fftw_long_double"]
SIZES_NAMED = {59049: "3^10", 15625: "5^6", 16807: "7^5", 30240: "2^5 3^3 5 7",
               10007: "10007 (Bluestein)", 100003: "100003 (Bluestein)"}


def fft_key_ratios(data):
    r = _fft(data[0])
    pairs = [("ffft_dd128_table", "fftw_quad"), ("ffft_dd128_table", "qd_dd_real"),
             ("ffft_qf128_table", "fftw_quad"), ("ffft_qf128_table", "qd_qd_real"),
             ("ffft_df64_table", "fftw_double")]
    rows = []
    for n in (1 << 10, 1 << 16, 1 << 20, 1 << 22):
        rows.append([size(n)] + [fmt(fft_ratio(r, a, b, n)) for a, b in pairs])
    head = [f"{a.split('_')[1]} / {CPU_LABEL[b]}" for a, b in pairs]
    return table(["N"] + head, rows)


def fft_thread_speedup(data, contenders, digits=1):
    r = _fft(data[0])
    return span([fft_ratio(r, c, c, n, 2, 1) for c in contenders for n in EVERY_N], digits)


# ---------------------------------------------------------------- GPU sweep JSON

def gpu_times(d):
    return {(x["contender"], x["N"]): x for x in d["results"] if not x.get("error")}


GPU_NS = [1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24]


def gpu_speed_table(data, ns=tuple(GPU_NS)):
    t = gpu_times(data[0])
    fmts = ["df64", "dd128", "qf128"]
    rows = []
    for n in ns:
        if (f"ffft_df64_table", n) not in t:
            continue
        ms = lambda c: t[(c, n)]["median_ms"]
        z2z = ms("cufft_z2z")
        rows.append([size(n)] + [f"{fmt(ms(f'ffft_{f}_table'))} ms" for f in fmts]
                    + [f"{fmt(z2z)} ms", f"{fmt(ms('cufft_c2c'))} ms"]
                    + [fmt(z2z / ms(f"ffft_{f}_table")) for f in fmts])
    return table(["N"] + [f"ffft {f}" for f in fmts] + ["cuFFT Z2Z", "cuFFT C2C"]
                 + [f"{f} / Z2Z" for f in fmts], rows)


def gpu_real_table(data):
    t = gpu_times(data[0])
    fmts = ["df64", "dd128", "qf128"]
    rows = []
    for n in sorted({n for _, n in t}):
        ms = lambda c: t[(c, n)]["median_ms"]
        d2z = ms("cufft_d2z")
        rows.append([size(n)] + [f"{fmt(ms(f'ffft_rfft_{f}'))} ms" for f in fmts]
                    + [f"{fmt(d2z)} ms", f"{fmt(ms('cufft_r2c'))} ms"]
                    + [fmt(d2z / ms(f"ffft_rfft_{f}")) for f in fmts]
                    + [", ".join(f"{ms(f'ffft_conv_{f}') / ms(f'ffft_rfft_{f}'):.2f}" for f in fmts)])
    return table(["N"] + [f"rfft {f}" for f in fmts] + ["cuFFT D2Z", "cuFFT R2C"]
                 + [f"{f} / D2Z" for f in fmts] + ["convolution / rfft (df64, dd128, qf128)"], rows)


def gpu_over_z2z(data, f, digits=3):
    t = gpu_times(data[0])
    return span([t[("cufft_z2z", n)]["median_ms"] / t[(f"ffft_{f}_table", n)]["median_ms"]
                 for n in GPU_NS if (f"ffft_{f}_table", n) in t], digits)


def gpu_rfft_over_complex(data):
    real, complex_ = data
    times = {(x["contender"], x["N"], x["batch"]): x["median_ms"] for x in complex_["results"]}
    ratios = []
    for x in real["results"]:
        if x["contender"].startswith("ffft_rfft_"):
            f = x["contender"][len("ffft_rfft_"):]
            t = times.get((f"ffft_{f}_table", x["N"], x["batch"]))
            if t:
                ratios.append(x["median_ms"] / t)
    return span(ratios, 2)


def gpu_rfft_over_d2z(data, f):
    t = gpu_times(data[0])
    return span([t[("cufft_d2z", n)]["median_ms"] / t[(f"ffft_rfft_{f}", n)]["median_ms"]
                 for c, n in t if c == f"ffft_rfft_{f}"], 3)


def gpu_conv_over_rfft(data, digits=2):
    t = gpu_times(data[0])
    return span([x["median_ms"] / t[(f"ffft_rfft_{c[len('ffft_conv_'):]}", n)]["median_ms"]
                 for (c, n), x in t.items() if c.startswith("ffft_conv_")], digits)


def gpu_real_max_diff(data):
    return f"{max(x['check_rel_diff_vs_z2z'] for x in data[0]['results'] if x['contender'].startswith('ffft_')):.1e}"


def gpu_computed_over_table(data):
    """df64 computed-mode time over the table mode's of the main sweep (the
    modes' sweep holds other formats and modes too)."""
    computed, table_ = gpu_times(data[0]), gpu_times(data[1])
    return span([x["median_ms"] / table_[("ffft_df64_table", n)]["median_ms"]
                 for (c, n), x in computed.items()
                 if c == "ffft_df64_computed" and ("ffft_df64_table", n) in table_], 2)


def gpu_dd128_conv_2_24(data):
    x = gpu_times(data[0])[("ffft_conv_dd128", 1 << 24)]
    return f"{x['median_ms'] / x['batch']:.1f} ms (a batch of {x['batch']} in {x['median_ms']:.1f} ms"


def gpu_accuracy_table(data, n=1 << 20):
    r = _fft(data[0])
    cols = ["ffft_df64_table_cuda", "ffft_qf128_table_cuda", "ffft_dd128_table_cuda", "cufft_c2c",
            "cufft_z2z"]
    names = ["ffft df64", "ffft qf128", "ffft dd128", "cuFFT C2C", "cuFFT Z2Z"]
    rows = [["rel L2 vs FFTW quad"] + [f"{fft_value(r, c, n, 'rel_l2_error'):.1e}" for c in cols],
            ["round-trip PSNR (dB)"] + [f"{fft_value(r, c, n, 'roundtrip_psnr_db'):.1f}" for c in cols]]
    return table(["", *names], rows)


def gpu_dd128_gflops(data):
    r = _fft(data[0])
    return span([fft_value(r, "ffft_dd128_table_cuda", n) for n in pow2(16, 20)
                 if fft_value(r, "ffft_dd128_table_cuda", n) is not None], 0)


GPU_GOALS = gpu_profile_table.FORMAT_GOALS
COMPUTED_GOAL = gpu_profile_table.COMPUTED_SLOWDOWN_GOAL


def gpu_goals_summary(data):
    """The GPU goals against the sweep: throughput over cuFFT Z2Z, computed twiddles' cost."""
    parts = [f"{f} {gpu_over_z2z(data[:1], f)}{' times cuFFT Z2Z' if i == 0 else ''} (goal {g:g})"
             for i, (f, g) in enumerate(GPU_GOALS)]
    return (", ".join(parts) + f"; computed twiddles {gpu_computed_over_table(data[1:2] + data[:1])} "
            f"times the table mode's time (goal {COMPUTED_GOAL:g})")


def cpu_ratio_goals(data, names=("avx512", "avx2")):
    """Each 1-D ratio goal's worst ratio over 2^10-2^22 on each path, and its goal."""
    paths = _paths(data, names)
    parts = []
    for a, b, goal, name in CPU_GOALS:
        ratios = {p: fmt(worst(r, a, b, EVERY_N)[0]) for p, r in paths.items()}
        cells = [f"{p} {x}" for p, x in ratios.items()] if len(ratios) > 1 else list(ratios.values())
        goals = list(dict.fromkeys(goal[p] for p in paths))  # in the paths' order
        parts.append(f"{a.split('_')[1]} / {name.replace(' radix-2', '')} {', '.join(cells)} "
                     f"(goal {', '.join(f'{g:g}' for g in goals)})")
    return "; ".join(parts)


def cpu_goals_missed(data, names=("avx512", "avx2")):
    """The CPU goals a path misses, as 'ratio (paths)'."""
    paths = _paths(data, names)
    missed = []
    for a, b, goal, name in CPU_GOALS:
        on = [p for p, r in paths.items() if worst(r, a, b, EVERY_N)[0] < goal[p]]
        if on:
            missed.append(f"{a.split('_')[1]} / {name.replace(' radix-2', '')} ({', '.join(on)})")
    for f in ["dd128", "qf128", "df64"]:
        c = f"ffft_{f}_table"
        on = [p for p, r in paths.items() if worst(r, c, c, pow2(16, 22), 2, 1)[0] < SCALING_GOAL]
        if on:
            ceilings = [f"{p} {fmt(w)}" for p in on for w in [copies_scaling(paths[p], f)[0]] if w is not None]
            at = f"; two one-thread copies scale {', '.join(ceilings)}" if ceilings else ""
            missed.append(f"{f} on 2 threads ({', '.join(on)}{at})")
    for f in ["dd128", "qf128", "df64"]:
        on = [p for p, r in paths.items()
              if min(kept_share(r, f"ffft_{f}_table", t)[0] for t in (1, 2)) < KEPT_GOAL]
        if on:
            missed.append(f"{f} at large N ({', '.join(on)})")
    text = "; ".join(missed) if missed else "none"
    partial = _partial_spans(paths)
    return text + (f" ({'; '.join(partial)})" if partial else "")


def dist_summary(data):
    two = dist_span(data, lambda r, n, p: r[(n, p)]["seconds"] / r[(n, 1)]["seconds"], 2)
    share = dist_span(data, lambda r, n, p: 100 * r[(n, p)]["exchange_seconds"] / r[(n, p)]["seconds"], 0)
    one = dist_span(data, lambda r, n, p: r[(n, p)]["seconds"] / r[(n, p)]["single_process_seconds"], 1, (1,))
    ns = sorted({n for n, _ in dist_runs(data[0])})
    return (f"2 ranks take {two} of one rank's time at {' and '.join(size(n) for n in ns)} "
            f"(the exchange {share}% of it), and one rank {one} times the single-process plan's")


# ---------------------------------------------------------------- CPU code counts

def cpu_spill_rates(data, path="avx2"):
    """Spills and reloads per vector floating-point operation of the radix-8 and radix-4 arithmetic."""
    rate = {(r["format"], r["radix"]): (r["arithmetic"]["stack_stores"] + r["arithmetic"]["stack_loads"])
            / r["arithmetic"]["vector_fp"] for r in data[0]["rows"] if r["path"] == path}
    return ", ".join(f"{f} {rate[(f, 8)]:.2f} (radix 4: {rate[(f, 4)]:.2f})" for f in FORMATS if (f, 8) in rate)


def cpu_ceiling_summary(data):
    """Per format: instructions per point and the share of the ceiling's rate it runs at, over N."""
    rows = data[0]["rows"]
    mhz, _ = cpu_dynamic_counts.clock_of(data[0])
    parts = []
    for f in FORMATS:
        mine = [r for r in rows if r["format"] == f]
        if not mine:
            continue
        per_point = [r["counts"]["instructions"] / r["n"] for r in mine]
        share = []
        for r in mine:
            cycles, binds = cpu_dynamic_counts.ceiling({k: v / r["n"] for k, v in r["counts"]["per_kind"].items()},
                                                   cpu_dynamic_counts.model_of(data[0]))
            share.append(cycles[binds] / (r["min_ns"] * 1e-9 * mhz * 1e6 / r["n"]))
        ns = [r["n"] for r in mine]
        parts.append(f"{f} {span(per_point)} instructions per point ({size(min(ns))}-{size(max(ns))}), "
                     f"at {span(share, 2)} of the ceiling's rate")
    return "; ".join(parts)


def cpu_memory_floor(data):
    """Per format: the memory floor's share of what the large-size goal allows, over N."""
    rows = cpu_dynamic_counts.memory_rows(data[0], data[1])
    ns = [r["n"] for r in rows]
    parts = [f"{f} {span([r['share'] for r in rows if r['format'] == f], 2)}" for f in FORMATS
             if any(r["format"] == f for r in rows)]
    return f"{', '.join(parts)} ({size(min(ns))}-{size(max(ns))})"


def cpu_memory_overlap(data):
    """Per format that needs any: the share of its memory floor that its passes, at the best N's
    rate, would have to overlap for the large-size goal to hold, over N, and at the largest N."""
    rows = cpu_dynamic_counts.memory_rows(data[0], data[1])
    parts = []
    for f in FORMATS:
        mine = sorted((r for r in rows if r["format"] == f), key=lambda r: r["n"])
        if not mine or max(r["hide"] for r in mine) == 0:
            continue
        parts.append(f"{f} {span([r['hide'] for r in mine], 2)} ({size(mine[0]['n'])}-{size(mine[-1]['n'])}; "
                     f"{mine[-1]['hide']:.2f} at {size(mine[-1]['n'])})")
    return "; ".join(parts) if parts else "none at any N"


def cpu_goals_status(data, paths=("avx512", "avx2")):
    """Each CPU goal on the paths of one machine, and for each one missed what the measured floors
    say: the arithmetic alone (ratio goals), two one-thread copies (thread scaling), the larger
    of the memory's and the arithmetic's floors (large sizes). data: the benchmark runs of
    `paths`, then their counts files, in the same order."""
    runs = {p: (data[i], data[len(paths) + i]) for i, p in enumerate(paths)}
    rows = []

    def ratio_cell(p, a, b, goal):
        bench, counts = runs[p]
        w, n = worst(_fft(bench), a, b, EVERY_N)
        if w >= goal[p]:
            return f"{fmt(w)}: met"
        fmt_name, baseline = a.split("_")[1], b
        missed = [g for g in cpu_dynamic_counts.arithmetic_goal_rows(counts, bench)
                  if (g["format"], g["baseline"]) == (fmt_name, baseline) and g["measured"] > g["needs"]]
        if not missed:
            return f"{fmt(w)} ({size(n)}): missed"
        shares = [g["floor"] / g["needs"] for g in missed]
        beyond = sum(share > 1 for share in shares)
        if beyond == len(shares):
            verdict = "beyond the arithmetic alone at each"
        elif beyond:
            verdict = (f"beyond the arithmetic alone at {beyond} of them (up to {max(shares):.2f} of its rate), "
                       f"within it at the other {len(shares) - beyond}")
        else:
            verdict = f"within the arithmetic alone's rate, up to {max(shares):.2f} of it"
        return f"{fmt(w)} ({size(n)}): missed at {len(missed)} N, {verdict}"

    for a, b, goal, name in CPU_GOALS:
        rows.append([f"{a.split('_')[1]} / {name.replace(' radix-2', '')} (≥ {goal['avx512']:g}, {goal['avx2']:g})"]
                    + [ratio_cell(p, a, b, goal) for p in runs])
    calls = calls_label([_fft(bench) for bench, _ in runs.values()])
    for f in ["dd128", "qf128", "df64"]:
        cells = [f"{f}, 2 threads / 1{calls}, N ≥ 2^16 (≥ {SCALING_GOAL:g})"]
        for p, (bench, _) in runs.items():
            c = f"ffft_{f}_table"
            w, n = worst(_fft(bench), c, c, pow2(16, 22), 2, 1)
            copies, _ = copies_scaling(_fft(bench), f)
            if w >= SCALING_GOAL:
                cells.append(f"{w:.3f}: met")
            elif copies is not None:
                cells.append(f"{w:.3f} ({size(n)}): missed, "
                             f"{'at or above' if w >= copies else 'below'} two one-thread copies' {copies:.3f}")
            else:
                cells.append(f"{w:.3f} ({size(n)}): missed")
        rows.append(cells)
    for f in ["dd128", "qf128", "df64"]:
        cells = [f"{f}, worst N / best N, 1 thread (≥ {KEPT_GOAL:g})"]
        for p, (bench, counts) in runs.items():
            share, n, _ = kept_share(_fft(bench), f"ffft_{f}_table", 1)
            if share >= KEPT_GOAL:
                cells.append(f"{share:.2f}: met")
                continue
            at = {(m["format"], m["n"]): m for m in cpu_dynamic_counts.memory_rows(counts, bench)}.get((f, n))
            if at is None or at["arithmetic"] is None:
                cells.append(f"{share:.2f} ({size(n)}): missed")
                continue
            floor = max(at["floor"], at["arithmetic"])
            cells.append(f"{share:.2f} ({size(n)}): missed, the larger floor "
                         f"({'memory' if at['floor'] > at['arithmetic'] else 'arithmetic'}) "
                         f"{floor / at['allows']:.2f} of the time the goal allows; passes at the best N's "
                         f"rate need {at['hide']:.2f} of the memory floor overlapped")
        rows.append(cells)
    return table(["goal (avx512, avx2)", *runs], rows, ["---"] * (1 + len(runs)))


def cpu_arithmetic_share(data):
    """Per format: the transform's time against its arithmetic alone's (floor / measured), over N."""
    mhz, _ = cpu_dynamic_counts.clock_of(data[0])
    floors = cpu_dynamic_counts.arithmetic_floors(data[0])
    baselines, _ = cpu_dynamic_counts.baseline_gflops(cpu_dynamic_counts.run_of(data[0]), data[1])
    parts, ns = [], []
    for f in FORMATS:
        shares = []
        for (fmt, n), floor in sorted(floors.items()):
            if fmt == f and (f"ffft_{f}_table", n) in baselines:
                shares.append(floor / (5 * math.log2(n) / baselines[(f"ffft_{f}_table", n)] * mhz * 1e-3))
                ns.append(n)
        if shares:
            parts.append(f"{f} {span(shares, 2)}")
    return f"{', '.join(parts)} ({size(min(ns))}-{size(max(ns))})"


def arithmetic_goal_rows(counts, bench):
    """cpu_dynamic_counts.arithmetic_goal_rows of a counts file, which gives none where the file
    has no arithmetic alone: a figure built on them would read that as every goal met."""
    if "arithmetic" not in counts:
        raise NotMeasured(f"{counts.get('run', 'the counts file')} has no arithmetic alone: "
                          f"run scripts/cpu_dynamic_counts.py arithmetic on it")
    return cpu_dynamic_counts.arithmetic_goal_rows(counts, bench)


def cpu_arithmetic_goals(data):
    """Per 1-D goal not met at every N: the share of its arithmetic alone's rate that it needs
    (floor / needs) over N, and at how many N that is beyond the arithmetic."""
    rows = arithmetic_goal_rows(data[0], data[1])
    parts = []
    for goal in dict.fromkeys((g["format"], g["baseline"], g["ratio"]) for g in rows):
        mine = [g for g in rows if (g["format"], g["baseline"], g["ratio"]) == goal]
        if all(g["measured"] <= g["needs"] for g in mine):
            continue  # met at every N
        shares = [g["floor"] / g["needs"] for g in mine]
        beyond = sum(s > 1 for s in shares)
        ns = [g["n"] for g in mine]
        verdict = ("beyond it at every N" if beyond == len(mine) else f"beyond it at {beyond} of {len(mine)} N"
                   if beyond else "within it at every N")
        parts.append(f"{goal[0]} / {goal[1]} >= {goal[2]:g}: {span(shares, 2)} ({size(min(ns))}-{size(max(ns))}; "
                     f"{verdict})")
    return "; ".join(parts) if parts else "every goal met at every N"


def cpu_arithmetic_tightest(data, fmt, baseline):
    """The two N at which a goal needs the largest share of its arithmetic alone's rate: that
    share, the share the transform runs at, and what its time beyond the arithmetic would have
    to fall to."""
    rows = [g for g in arithmetic_goal_rows(data[0], data[1]) if (g["format"], g["baseline"]) == (fmt, baseline)]
    rows = sorted(sorted(rows, key=lambda g: g["needs"] / g["floor"])[:2], key=lambda g: g["n"])
    return "; ".join(f"at {size(g['n'])} {g['floor'] / g['needs']:.2f}, where the transform runs at "
                     f"{g['floor'] / g['measured']:.2f} and the rest of its time would have to fall to "
                     f"{(g['needs'] - g['floor']) / (g['measured'] - g['floor']):.2f} of itself" for g in rows)


def cpu_arithmetic_radix2(data):
    """Per two-limb format: the radix-2 arithmetic's time a point over the radix-8's, and what
    8^(k-1) x 4 x 4 in place of 8^k x 2 would take off the arithmetic's floor (2^10-2^22): a
    radix-8 pass and the last radix-2 one for a radix-4 pass and the last radix-4 one (a last
    pass skips its twiddle products)."""
    rates = data[0]["arithmetic"]
    per_point = {(c["format"], c["radix"]): c["ns"] / (c["radix"] * c["lanes"]) for c in rates["calls"]}
    last = {(c["format"], c["radix"]): cpu_dynamic_counts.untwiddled_ns(c) / (c["radix"] * c["lanes"])
            for c in rates["calls"]}
    parts = []
    for f in ["df64", "dd128"]:
        if not all((f, r) in per_point for r in (2, 4, 8)):
            continue
        saved = [(per_point[(f, 8)] + last[(f, 2)] - per_point[(f, 4)] - last[(f, 4)]) / r["floor_ns_per_point"]
                 for r in rates["rows"] if r["format"] == f and r["radices"][-1] == 2 and len(r["radices"]) > 1]
        parts.append(f"{f} {per_point[(f, 2)] / per_point[(f, 8)]:.2f}, "
                     f"{span([100 * x for x in saved])}% of its floor")
    return "; ".join(parts)


# ---------------------------------------------------------------- N-D transforms (GPU)

def gpu_nd_summary(data):
    """dd128's N-D throughput against cuFFT Z2Z (goal at 256^3), and the worst axis alone."""
    t = {(c["contender"], c["kind"], tuple(c["shape"]), c.get("axis")): c["median_s"] for c in data[0]["cases"]}
    z2z = {s: v for (c, k, s, _), v in t.items() if c == "cufft_z2z"}
    ratios = {s: z2z[s] / v for (c, k, s, _), v in t.items() if c == "dd128" and k == "complex" and s in z2z}
    worst = (0.0, "")
    for (c, k, s, axis), v in t.items():
        last = t.get((c, "axis", s, len(s) - 1))
        if k == "axis" and axis != len(s) - 1 and last and v / last > worst[0]:
            worst = (v / last, f"axis {axis} of {' x '.join(map(str, s))}")
    goal_shape = tuple(gpu_nd_table.GOAL_SHAPE)
    return (f"dd128 N-D transforms on an {data[0]['context'].get('device', 'unnamed GPU')} run at "
            f"{span(list(ratios.values()), 3)} of cuFFT Z2Z's throughput (1024^2 to 256^3), "
            f"{ratios[goal_shape]:.3f} at {' x '.join(map(str, goal_shape))} (goal {gpu_nd_table.GOAL:g}); "
            f"an axis alone takes up to {worst[0]:.1f} times the contiguous last axis's time "
            f"({worst[1]}; goal at most {gpu_nd_table.AXIS_GOAL:g})")


# ---------------------------------------------------------------- N-D transforms (CPU)

def _nd_ratio(t, kind, shape, threads, num, den="ffft_dd128"):
    a, b = t.get(("nd", kind, num, shape, threads)), t.get(("nd", kind, den, shape, threads))
    return a / b if a and b else None


def _nd_shapes(t):
    return sorted({s for (f, _, _, s, _) in t if f == "nd"}, key=nd_bench_report.shape_order)


def nd_cpu_table(data):
    """dd128 against FFTW long double and quad per shape and kind, one thread; 2 threads' speed-up."""
    t = nd_bench_report.times_ms(data[0])
    rows = []
    for kind in ("complex", "real"):
        for shape in _nd_shapes(t):
            dd = t.get(("nd", kind, "ffft_dd128", shape, 1))
            if dd is None:
                continue
            two = t.get(("nd", kind, "ffft_dd128", shape, 2))
            rows.append([shape.replace("x", " x "), kind, fmt(dd), f"{_nd_ratio(t, kind, shape, 1, 'fftw_long_double'):.2f}",
                         f"{_nd_ratio(t, kind, shape, 1, 'fftw_quad'):.1f}", f"{dd / two:.2f}" if two else "–"])
    return table(["shape", "data", "dd128 (ms)", "FFTW long double / dd128", "FFTW quad / dd128",
                  "dd128, 2 threads / 1"], rows)


def nd_cpu_worst_axis(data):
    """The largest time of one axis alone over the contiguous last axis's, and where."""
    worst = max((ratio, f"axis {a} of {s.replace('x', ' x ')}")
                for (s, a), (_, _, ratio) in nd_bench_report.axis_ratios(data[0]).items())
    return f"{worst[0]:.2f} ({worst[1]})"


def nd_cpu_summary(data):
    t = nd_bench_report.times_ms(data[0])
    ctx = data[0].get("context", {})
    quad = [r for k in ("complex", "real") for s in _nd_shapes(t) for th in (1, 2)
            for r in [_nd_ratio(t, k, s, th, "fftw_quad")] if r]
    ld = [r for k in ("complex", "real") for s in _nd_shapes(t) for th in (1, 2)
          for r in [_nd_ratio(t, k, s, th, "fftw_long_double")] if r]
    axes = [ratio for (_, _, ratio) in nd_bench_report.axis_ratios(data[0]).values()]
    goal = nd_bench_report.QUAD_GOAL.get(ctx.get("ffft_cpu_path", ""), "?")
    return (f"dd128 N-D transforms (1024^2 to 256^3, complex and real, 1 and 2 threads; {ctx.get('cpu_model', '?')}, {ctx.get('ffft_cpu_path', '?')} path) "
            f"run {span(quad, 1)} times as fast as FFTW quad's (goal {goal}) and {span(ld, 2)} times as fast as "
            f"FFTW long double's (goal 1); an axis alone takes {span(axes, 2)} times the contiguous last axis's time "
            f"(goal at most 2)")


# ---------------------------------------------------------------- real transforms (CPU)

def fmt_us(x):
    return f"{x:.0f}" if x >= 1000 else fmt(x)


def real_cpu_table(data):
    t = real_bench_report.times_us(data[0])
    rows = []
    for n in sorted({n for _, n in t}):
        row = [size(n)]
        for f in FORMATS:
            rfft, fft = t[(f"ffft_rfft<ffft::{f}>", n)], t[(f"ffft_complex_fft<ffft::{f}>", n)]
            row += [fmt_us(rfft), f"{rfft / fft:.2f}"]
        row += [fmt_us(t[(k, n)]) for k in ("fftw_double_r2c", "fftw_long_double_r2c", "fftw_quad_r2c")]
        row.append(f"{t[('fftw_quad_r2c', n)] / t[('ffft_rfft<ffft::dd128>', n)]:.1f}")
        rows.append(row)
    return table(["N", "df64 rfft", "/ fft", "qf128 rfft", "/ fft", "dd128 rfft", "/ fft",
                  "FFTW double r2c", "FFTW long double r2c", "FFTW quad r2c",
                  "FFTW quad / dd128 rfft"], rows)


def real_cpu_ratio(data, num, den, digits=2, invert=False):
    """span of t(num)/t(den) over formats and N; num/den: format strings with {f}."""
    t = real_bench_report.times_us(data[0])
    ns = sorted({n for _, n in t})
    rs = []
    for f in FORMATS:
        for n in ns:
            a, b = t.get((num.format(f=f), n)), t.get((den.format(f=f), n))
            if a and b:
                rs.append(b / a if invert else a / b)
    return span(rs, digits)


def real_cpu_dd128_over_fftw_ld(data):
    t = real_bench_report.times_us(data[0])
    ns = sorted({n for _, n in t})
    rs = [f"{t[('ffft_rfft<ffft::dd128>', n)] / t[('fftw_long_double_r2c', n)]:.2f}" for n in ns]
    return ", ".join(rs[:-1]) + f" and {rs[-1]} times FFTW long double's r2c time at " + \
        ", ".join(size(n) for n in ns[:-1]) + f" and {size(ns[-1])}"


# ---------------------------------------------------------------- big integers

def bigint_rows(d):
    return {(x["format"], x["n"]): x for x in d["results"]}


def bigint_table(data, ns, wide=False):
    t = bigint_rows(data[0])
    rows = []
    for n in ns:
        bits = [str(t[(f, n)]["bits"]) for f in ("df64", "qf128", "dd128", "fftw_double")]
        time = lambda f: f"{t[(f, n)]['multiply_seconds'] / t[(f, n)]['gmp_seconds']:.2f}"
        if wide:
            rows.append([size(n)] + bits
                        + [f"{t[('dd128', n)]['bits'] / t[('fftw_double', n)]['bits']:.2f}",
                           time("dd128"), time("fftw_double")])
        else:
            rows.append([size(n)] + bits + [time("dd128")])
    if wide:
        return table(["N", "df64 b", "qf128 b", "dd128 b", "FFTW double b", "dd128 / double bits",
                      "dd128 time / mpz_mul", "FFTW double time / mpz_mul"], rows)
    return table(["N", "df64", "qf128", "dd128", "FFTW double", "dd128 time / mpz_mul"], rows)


def bigint_dd128_bits(data):
    t = bigint_rows(data[0])
    lo, hi = min(n for _, n in t), max(n for _, n in t)
    time = bigint_span(data, lambda t, n: t[("dd128", n)]["multiply_seconds"] / t[("dd128", n)]["gmp_seconds"], 1)
    return (f"{t[('dd128', lo)]['bits']} bits per point at N = {size(lo)} down to {t[('dd128', hi)]['bits']} "
            f"at {size(hi)}, each product taking {time} times the time of GMP's `mpz_mul`")


def bigint_span(data, fn, digits):
    t = bigint_rows(data[0])
    ns = sorted({n for _, n in t})
    return span([fn(t, n) for n in ns], digits)


# ---------------------------------------------------------------- distributed

def dist_runs(d, scaling="strong"):
    return {(r["length"], r["ranks"]): r for r in d["runs"] if r["scaling"] == scaling}


def dist_span(data, fn, digits, ranks=(2,)):
    runs = dist_runs(data[0])
    vals = [fn(runs, n, p) for (n, p) in runs if p in ranks]
    return span(vals, digits)


def dist_table(data):
    runs, weak = dist_runs(data[0]), dist_runs(data[0], "weak")
    rows = []
    for n in sorted({n for n, _ in runs}):
        for p in (1, 2):
            r = runs[(n, p)]
            one, single = runs[(n, 1)]["seconds"], runs[(n, 1)]["single_process_seconds"]
            rows.append([size(n), str(p), f"{r['seconds'] * 1e3:.0f}",
                         f"{r['local_seconds'] * 1e3:.0f} / {r['exchange_seconds'] * 1e3:.0f}",
                         f"{one / r['seconds']:.2f}", f"{single / r['seconds']:.2f}"])
    base = min(weak.values(), key=lambda r: r["ranks"])
    for (n, p), r in sorted(weak.items(), key=lambda kv: kv[0][1]):
        if p != 2:
            continue
        work = r["length"] * math.log2(r["length"]) / p
        eff = (work / r["seconds"]) / (base["length"] * math.log2(base["length"]) / base["seconds"])
        rows.append([f"{size(base['length'])} per rank (weak)", str(p), f"{r['seconds'] * 1e3:.0f}",
                     f"{r['local_seconds'] * 1e3:.0f} / {r['exchange_seconds'] * 1e3:.0f}",
                     f"efficiency {eff:.2f}", ""])
    return table(["case", "ranks", "ms", "local / exchange ms", "vs 1 rank", "vs `plan<E>`"], rows,
                 ["---"] * 6)


def dist_bandwidth(runs, n, p, element_bytes=32):
    """B_eff of the model: 3 n S (P - 1) / P^2 bytes over the exchange seconds, GB/s."""
    return 3 * n * element_bytes * (p - 1) / p ** 2 / runs[(n, p)]["exchange_seconds"] / 1e9


def dist_bandwidth_text(data):
    runs = dist_runs(data[0])
    return " and ".join(f"{dist_bandwidth(runs, n, 2):.1f} GB/s ({size(n)})"
                        for n in sorted({n for n, p in runs if p == 2}))


def dist_model_check(data):
    """The model calibrated at 2^20 (B, the local time of one rank halved),
    its prediction for 2 ranks at 2^22 against the measurement."""
    runs = dist_runs(data[0])
    small, large = sorted({n for n, _ in runs})[:2]
    b = dist_bandwidth(runs, small, 2)
    local = runs[(large, 1)]["local_seconds"] / 2 * 1e3
    exchange = 3 * large * 32 / 4 / (b * 1e9) * 1e3
    measured = runs[(large, 2)]["seconds"] * 1e3
    predicted = round(local) + round(exchange)
    return (f"B = {b:.2f} GB/s, and the local time is the 1-rank run's, halved for 2 ranks. "
            f"It then predicts {local:.0f} + {exchange:.0f} = {predicted} ms for 2 ranks at "
            f"{size(large)}. {measured:.0f} ms was measured, so the model is "
            f"{(predicted / measured - 1) * 100:.0f}% {'high' if predicted > measured else 'low'}")


def dist_local_overhead(data):
    runs = dist_runs(data[0])
    ns = sorted({n for n, p in runs if p == 1})
    pct = [(runs[(n, 1)]["local_seconds"] / runs[(n, 1)]["single_process_seconds"] - 1) * 100 for n in ns]
    return f"{pct[0]:.0f}% ({size(ns[0])}) to {pct[-1]:.0f}% ({size(ns[-1])})"


def dist_one_over_plan_each(data):
    runs = dist_runs(data[0])
    ns = sorted({n for n, p in runs if p == 1})
    r = [f"{runs[(n, 1)]['seconds'] / runs[(n, 1)]['single_process_seconds']:.1f} times ({size(n)})"
         for n in ns]
    return " to ".join([r[0], r[-1]])


def dist_plan_gflops(data):
    runs = dist_runs(data[0])
    n = max(n for n, _ in runs)
    return f"{5 * n * math.log2(n) / runs[(n, 1)]['single_process_seconds'] / 1e9:.2f}"


# ---------------------------------------------------------------- round trip (ffft roundtrip --json)

def roundtrip_table(data, skipped=True):
    d = data[0]
    rows = []
    for r in d["rows"]:
        if "skipped" in r and not skipped:
            continue
        if "skipped" in r or "failed" in r:
            why = r.get("skipped") or f"FAILED: {r.get('failed')}"
            rows.append([r["method"], f"not run: {why}" if "skipped" in r else why] + [""] * 7)
            continue
        device = r.get("device", "")
        if r.get("cpu_path"):
            device += f"/{r['cpu_path']}"
        forward = r.get("forward_relative_l2")
        rows.append([r["method"], device, "–" if forward is None else f"{forward:.3e}",
                     f"{r['relative_l2']:.3e}", f"{r['rmse_magnitude']:.3e}",
                     f"{r['rmse_phase']:.3e}" if r.get("rmse_phase") is not None else "–",
                     str(r.get("phase_excluded", "–")),
                     f"{r['psnr_db']:.1f}" if r.get("psnr_db") is not None else "∞",
                     f"{r['max_abs_error']:.3e}"])
    return table(["method", "device", "forward rel L2", "rel L2", "RMSE \\|x\\|", "RMSE arg (rad)",
                  "arg left out", "PSNR (dB)", "max \\|x'-x\\|"], rows, ["---", "---"] + ["---:"] * 7)


# ---------------------------------------------------------------- build cost

def build_minutes(seconds):
    m, s = divmod(round(seconds), 60)
    return (f"{m} min {s} s" if s else f"{m} min") if m else f"{s} s"


def build_timings_table(data):
    d = data[0]
    run = d["run_sh_fresh_clone_seconds"]
    test = d["test_sh_fresh_clone_seconds"]
    ci = d["ci_run_fresh_clone_seconds"]
    pip = d["pip_install_fresh_venv_seconds"]
    rows = [
        ["`bash scripts/run.sh` on a fresh clone (configure, build of the library and `ffft` with "
         "sm_90 CUDA code, `ffft gen` + `ffft roundtrip` of 2^20 points)",
         f"{build_minutes(run['before_build_of_ffft_cli_only'])} for the build of `ffft_cli` alone "
         f"({run['before_build_of_ffft_cli_only']} s, its last minutes sharing the cores with another "
         f"compilation; {run['before_cpu_seconds']:,} s of CPU)",
         f"**{build_minutes(run['after_total'])}** in all ({run['after_total']} s; "
         f"{run['after_cpu_seconds']} s of CPU; {run['after_revision']})", "240 s"],
        ["`bash scripts/run.sh` again (nothing to build)", f"{d['run_sh_warm_seconds']} s",
         f"{d['run_sh_warm_seconds']} s", ""],
        ["`bash scripts/test.sh` on a fresh clone (the whole build, ctest, the Python module and its "
         "tests)", "not measured on this machine",
         f"**{build_minutes(test['after'])}** (the build {test['build']} s with {test['build_cpu']:,} s "
         f"of CPU, ctest {test['ctest']} s, the Python module and tests {test['python']} s; "
         f"{test['after_revision']})", "20 min"],
        ["`.ci/run` on a fresh clone",
         f"{build_minutes(ci['before_outside_measurement_epyc'])} (outside measurement, AMD EPYC VM)",
         f"**{build_minutes(ci['after'])}** ({ci['after']:,} s; {ci['after_revision']})", "30 min"],
        ["`scripts/test_python.sh` after `scripts/build.sh` (`pip install .` of the module, then "
         "pytest)", "the library compiled again",
         f"**{d['test_python_sh_after_build_seconds']['after']} s**: only the module's sources, "
         "linked against `build/`", ""],
        ["`pip install .` in a fresh virtual environment (numpy and mpmath from PyPI; the CUDA "
         "executor for this machine's GPU, or sm_90 without one)",
         f"{build_minutes(pip['before_outside_measurement_three_archs'])} (outside measurement; "
         "CUDA for 80, 89 and 90)",
         f"**{build_minutes(pip['after'])}** ({pip['after']} s; {pip['after_cpu']} s of CPU; "
         f"{pip['after_revision']})", "4 min"],
    ]
    return table(["what", "before", "after", "goal"], rows, ["---"] * 4)


def build_compile_table(data):
    d = data[0]
    before = {k.split(" ")[0]: v[0] for k, v in d["compile_seconds"].items()}
    after = d["compile_seconds_after_ninja_full_build_305b0d3"]
    notes = {"kernels/cuda_engine.cu": " (sm_90)", "tests/test_fft_groups.cpp": " (the kernels' host emulation)"}
    rows = []
    for f, a in after.items():
        b = before.get(f)
        b_text = "not measured" if b is None else f"{b} s"
        if f == "tests/test_twiddled_dft.cpp":
            b_text += " at -O1"
        a_text = f"{a:.0f} s" + (" at -O3" if f == "tests/test_twiddled_dft.cpp" else "")
        rows.append([f"`{f}`{notes.get(f, '')}", b_text, a_text])
    return table(["translation unit", "before", "after"], rows, ["---"] * 3)


def build_run_time_table(data):
    r = data[0]["run_time_ratio_new_over_old_forward_inverse_305b0d3"]
    rows = [[f] + [", ".join(f"{x:.3f}" for x in r[f][n]) for n in ("2^10", "2^16", "2^20")]
            for f in FORMATS]
    return table(["", "2^10 forward, inverse", "2^16 forward, inverse", "2^20 forward, inverse"], rows,
                 ["---"] * 4)


def build_before_after_table(data):
    """The same commands on one VM (the file's machine), before and after one change set, each measured."""
    d = data[0]
    run, units = d["run_sh_fresh_clone"], d["compile_seconds"]
    rows = [["`bash scripts/run.sh` on a fresh clone",
             f"{build_minutes(run['before']['seconds'])} ({run['before']['seconds']} s; "
             f"{run['before']['cpu_seconds']} s of CPU)",
             f"**{build_minutes(run['after']['seconds'])}** ({run['after']['seconds']} s; "
             f"{run['after']['cpu_seconds']} s of CPU)", "240 s"]]
    if "ci_run_fresh_clone_seconds" in d:
        ci = d["ci_run_fresh_clone_seconds"]
        rows.append(["`.ci/run` on a fresh clone (`CI=true`)",
                     f"{build_minutes(ci['before'])} (at {ci['before_revision']}, outside measurement)"
                     if ci.get("before") else "not measured",
                     f"**{build_minutes(ci['after'])}** ({ci['after']:,} s; {ci['after_revision']})", "30 min"])
    if "pip_install_fresh_venv_seconds" in d:
        pip = d["pip_install_fresh_venv_seconds"]
        rows.append(["`pip install .` in a fresh virtual environment", "not measured on this machine",
                     f"**{build_minutes(pip['after'])}** ({pip['after']} s; {pip['after_revision']})", "4 min"])
    rows += [[f"`{f}`", f"{b} s", f"{a} s", ""] for f, (b, a) in units.items()]
    return table(["what", f"before ({d['before_revision'][:7]})", f"after ({d['measured']['revision'][:7]})", "goal"],
                 rows, ["---"] * 4)


def build_ci_table(data):
    """`.ci/run` on a fresh clone step by step, one column a run, on one machine: the file's
    `runs` name each run's change, and the earlier runs' revisions; the last run's is the one
    the file is stamped with."""
    d = data[0]
    runs = d["runs"][:-1] + [{**d["runs"][-1], "revision": d["measured"]["revision"]}]
    rows = []
    for what, values in d["ci_steps_seconds"].items():
        bold = "**" if what == "in all" else ""
        cells = [build_minutes(v) for v in values[:-1]]
        cells.append(f"{bold}{build_minutes(values[-1])}{bold} ({values[-1]:,} s)")
        rows.append([what if what == "in all" else f"`{what}`"] + cells + ["30 min" if what == "in all" else ""])
    for what, values in d["parts_seconds"].items():
        rows.append([f"of which {what}"] + ["–" if v is None else f"{v:g} s" for v in values] + [""])
    header = ["what"] + [f"{r['change']} ({r['revision'][:7]})" for r in runs] + ["goal"]
    return table(header, rows, ["---"] * len(header))


def build_bodies(data, key, i):
    v = data[0]["libffft_a_compiled_fft_bodies (scripts/count_fft_bodies.py)"][key][i]
    return f"{v:,}"


# ---------------------------------------------------------------- python

def python_ratio(data, contender, digits):
    """ffft.fft in dd128 / contender, time, over the rows' sizes."""
    rows = data[0]["rows"]
    return span([r["seconds"]["ffft dd128"] / r["seconds"][contender] for r in rows], digits)


def python_table(data):
    rows = data[0]["rows"]
    cols = ["numpy.fft", "scipy.fft", "pyFFTW", "ffft df64", "ffft dd128", "ffft qf128"]
    return table(["N"] + cols, [[f"2^{r['log2n']}"] + [f"{fmt(r['seconds'][c] * 1e3)} ms" for c in cols]
                                for r in rows])


# ---------------------------------------------------------------- arithmetic and twiddles

def arithmetic_table(data):
    return bench_ratios.table(bench_ratios.load(str(RESULTS / "arithmetic_cpu.json"))[1])


def twiddle_tables(data, which):
    results = twiddle_bench_table.load(str(RESULTS / "twiddles_cpu.json"))[1]
    return (twiddle_bench_table.lookup_table if which == "lookup" else twiddle_bench_table.build_table)(results)


def twiddle_entry_us(data):
    results = twiddle_bench_table.load(str(RESULTS / "twiddles_cpu.json"))[1]
    per = {}
    for name, v in results.items():
        m = twiddle_bench_table.BUILD.match(name)
        if m and int(m["threads"]) == 1 and v.get("time_per_entry") and int(m["n"]) >= 1 << 20:
            per.setdefault(m["format"], []).append(v["time_per_entry"] * 1e6)
    lo = min(per, key=lambda f: min(per[f]))
    hi = max(per, key=lambda f: max(per[f]))
    return f"{min(per[lo]):.1f} us ({lo}) to {max(per[hi]):.1f} us ({hi})"


def sass_per_point(data, log2n=20):
    """Thread instructions per point and the floor of a 2^26-point call at N = 2^log2n, table
    twiddles, per format (scripts/sass_counts.py)."""
    rows = {(r["format"], r["twiddles"], r["log2n"]): r for r in data[0]["per_point"]}
    return "; ".join(f"{f} {rows[(f, 'table', log2n)]['per_point']['total']:,.0f} instructions per point, "
                     f"floor {rows[(f, 'table', log2n)]['floor_ms']:.2f} ms"
                     for f in ("df64", "dd128", "qf128"))


def gpu_mode_over_table(data, mode, fmts=("df64", "dd128", "qf128")):
    """Per format, the range over N of a twiddle mode's time over the table
    mode's, both from the modes' sweep (gpu_profile_computed.json)."""
    t = gpu_times(data[0])
    parts = []
    for f in fmts:
        ratios = [x["median_ms"] / t[(f"ffft_{f}_table", n)]["median_ms"]
                  for (c, n), x in t.items() if c == f"ffft_{f}_{mode}" and (f"ffft_{f}_table", n) in t]
        if ratios:
            parts.append(f"{f} {span(ratios, 2 if max(ratios) < 10 else 0)}")
    return ", ".join(parts) if parts else "not in this run"


def gpu_plan_seconds(data, n=1 << 24, fmt_="dd128"):
    """A CUDA plan's creation (wall clock) in each twiddle mode at one N."""
    t = gpu_times(data[0])
    parts = [f"{mode} {t[(f'ffft_{fmt_}_{mode}', n)]['plan_s'] * 1e3:.0f} ms"
             for mode in ("table", "computed", "direct") if (f"ffft_{fmt_}_{mode}", n) in t]
    return ", ".join(parts) if parts else "not in this run"


def vkfft_summary(data):
    """ffft dd128 against VkFFT's double-double (vkfft_dd.json): the time
    ratio VkFFT / ffft in each memory mode over every N both ran (above 1:
    ffft faster), and the errors at the largest N both checked."""
    r = {(x["contender"], x["N"]): x for x in data[0]["results"]
         if not x.get("error") and x.get("median_ms") is not None}
    parts = []
    for label, vk, ff in (("dd memory", "vkfft_dd_memory", "ffft_dd_memory"),
                          ("double memory", "vkfft_double_memory", "ffft_double_memory")):
        ns = sorted(n for (c, n) in r if c == ff and (vk, n) in r)
        if ns:
            parts.append(f"{span([r[(vk, n)]['median_ms'] / r[(ff, n)]['median_ms'] for n in ns], 2)} "
                         f"with {label} ({size(ns[0])}-{size(ns[-1])})")
    checked = sorted(n for (c, n) in r if c == "ffft_dd_memory" and r[(c, n)].get("rel_rms") is not None
                     and r.get(("vkfft_dd_memory", n), {}).get("rel_rms") is not None)
    text = "VkFFT's time over ffft's: " + ("; ".join(parts) if parts else "no common N")
    if checked:
        n = checked[-1]
        text += (f"; relative RMS error at {size(n)}: ffft {r[('ffft_dd_memory', n)]['rel_rms']:.1e}, "
                 f"VkFFT {r[('vkfft_dd_memory', n)]['rel_rms']:.1e}")
    return text


def gpu_device_claim(text):
    """A claim of the validation run, naming the GPU it ran on."""
    return lambda data: text.format(device=data[0].get("device", "a GPU").split(" (")[0])


def sass_bank_conflicts(data):
    """The worst shared-memory bank-conflict degree of the group kernels per format, 2^16-2^24."""
    s = data[0]["bank_conflict_summary"]
    return ", ".join(f"{f} {s[f]['worst']}-way" for f in ("df64", "dd128", "qf128"))


def sass_group_resources(data):
    """Registers, stack frame and spills of the group kernels per format (both twiddle sources), from ptxas."""
    parts = []
    for f in ("df64", "dd128", "qf128"):
        ks = [k for k in data[0]["kernels"] if k["format"] == f and k["twiddles"]]
        regs = sorted({k["registers"] for k in ks})
        stack = sorted({k["stack"] for k in ks})
        spills = sorted({k["spill_stores"] for k in ks} | {k["spill_loads"] for k in ks})
        span_text = lambda v: f"{v[0]}" if len(v) == 1 else f"{v[0]}-{v[-1]}"
        parts.append(f"{f} {span_text(regs)} registers, {span_text(stack)} B of stack, "
                     + ("no spills" if spills == [0] else f"{span_text(spills)} B of spills"))
    return "; ".join(parts)


def sass_conflicts_first_group(data, log2n=20):
    """Extra shared-memory wavefronts (beyond one per quarter-warp) of the first group kernel of a
    2^26-point call at N = 2^log2n, from the host emulation, per format: ncu's bank-conflict count."""
    parts = []
    for f in ("df64", "dd128", "qf128"):
        e = next(e for e in data[0]["bank_conflicts"] if e["format"] == f and e["log2n"] == log2n)
        g = e["groups"][0]
        extra = sum(p["wavefronts"] - p["ideal_wavefronts"] for p in g["phases"]) * g["tiles"]
        parts.append(f"{f} {extra / 1e6:.1f} M" + (f" ({extra / 4e6:.1f} M per 2^24 points)" if f == "qf128" else ""))
    return ", ".join(parts)


# ---------------------------------------------------------------- the figures

@dataclass
class Figure:
    results: list            # file names in bench/results
    sources: list            # repository paths measured, for files without a "measured" block
    compute: Callable        # (loaded results, in order) -> text; several lines: a block
    description: str = ""


_ARITH = ["include/ffft/double_word.hpp", "include/ffft/quad_word.hpp", "include/ffft/eft.hpp",
          "include/ffft/limb_ops.hpp", "include/ffft/renormalize.hpp", "include/ffft/arithmetic.hpp"]
_CPU = ["src/cpu/", "src/fft/", "include/ffft/fft/", "include/ffft/simd_lanes.hpp", *_ARITH]
_GPU = ["kernels/", "include/ffft/fft/", "engine/", *_ARITH]
_PYTHON = _CPU + ["python/"]
_MPI = _CPU + ["src/distributed/"]
_TWIDDLES = ["include/ffft/twiddle/", "include/ffft/host/twiddle_table.hpp", "src/twiddle/", *_ARITH]
_ROUNDTRIP = ["src/", "engine/", "include/ffft/", "cli/"]
_TREE = ["CMakeLists.txt", "CMakePresets.json", "cmake/", "include/", "engine/", "kernels/", "src/",
         "tools/", "cli/", "bench/", "tests/", "python/", "scripts/"]

# The avx512 path on the Xeon, the avx2 path on the AVX2-only EPYC.
CPU_PATHS = ["fft_cpu_avx512.json", "fft_cpu_avx2.json"]
CPU_PATH_FILES = dict(zip(["avx512", "avx2"], CPU_PATHS))
# Both paths of the Xeon, run one after the other at one revision: the
# README's tables and the goals missed.
XEON_PATHS = ["fft_cpu_avx512.json", "fft_cpu_xeon_avx2.json"]
XEON_PATH_FILES = dict(zip(["avx512", "xeon_avx2"], XEON_PATHS))
# Both paths of an AMD EPYC Zen 4 (AVX-512 on 256-bit pipes), one run after
# the other on the same code, and their counts files.
ZEN4_PATHS = ["fft_cpu_zen4_avx512.json", "fft_cpu_zen4_avx2.json"]
ZEN4_COUNTS = ["cpu_dynamic_counts_zen4_avx512.json", "cpu_dynamic_counts_zen4_avx2.json"]
GPU = ["gpu_profile.json"]


def claim(text):
    """A statement (not a number) of the run that wrote the results: its notice is the point."""
    return lambda data: text


FIGURES = {
    # The round trip of the main job (scripts/run.sh)
    "roundtrip_cpu_table": Figure(
        ["roundtrip_cpu.json"], _ROUNDTRIP, lambda d: roundtrip_table(d, skipped=False),
        "ffft roundtrip --json of scripts/run.sh's signal (2^20 random values, seed 1), rows that ran"),
    "roundtrip_cpu_table_all": Figure(
        ["roundtrip_cpu.json"], _ROUNDTRIP, roundtrip_table,
        "ffft roundtrip --json of scripts/run.sh's signal (2^20 random values, seed 1), every row"),
    # The transform on the CPU, by path (scripts/fft_bench.sh cpu)
    "cpu_speed_table": Figure(
        XEON_PATHS, _CPU, cpu_speed_table,
        "GFLOPs, one thread, 2^10/2^16/2^20/2^22, each path with its own run's baselines"),
    "cpu_goals_table": Figure(
        XEON_PATHS, _CPU, cpu_goals_table, "the CPU goals' ratios, worst over 2^10-2^22 and where"),
    "cpu_goals_table_best": Figure(
        CPU_PATHS, _CPU, lambda d: cpu_goals_table(d, best=True),
        "the CPU goals' ratios, worst and best over 2^10-2^22"),
    "fft_accuracy_table": Figure(
        ["fft.json"], _CPU,
        lambda d: fft_grid(d, [1 << 10, 1 << 20, 59049, 100003], ACCURACY_COLUMNS,
                           "rel_l2_error", 3, SIZES_NAMED),
        "forward relative L2 error against FFTW quad, selected lengths"),
    "fft_accuracy_table_long": Figure(
        ["fft.json"], _CPU,
        lambda d: fft_grid(d, [1 << 10, 1 << 16, 1 << 20, 1 << 22, 59049, 15625, 16807, 30240, 10007,
                               100003], ACCURACY_COLUMNS, "rel_l2_error", 3, SIZES_NAMED),
        "forward relative L2 error against FFTW quad, more lengths"),
    "fft_error_table": Figure(
        ["fft.json"], _CPU,
        lambda d: fft_grid(d, [1 << 10, 1 << 16, 1 << 20, 1 << 22, 100003],
                           ["ffft_df64_table", "ffft_qf128_table", "ffft_dd128_table", "fftw_float",
                            "fftw_double", "fftw_long_double", "qd_dd_real", "qd_qd_real"],
                           "rel_l2_error", 2),
        "forward relative L2 error of every CPU contender"),
    "fft_gflops_table": Figure(
        ["fft.json"], _CPU,
        lambda d: fft_grid(d, [1 << 10, 1 << 16, 1 << 20, 1 << 22, 59049, 100003],
                           ["ffft_df64_table", "ffft_qf128_table", "ffft_dd128_table", "fftw_float",
                            "fftw_double", "fftw_long_double", "fftw_quad", "qd_dd_real", "qd_qd_real"]),
        "GFLOPs of every CPU contender, one thread"),
    "fft_key_ratios_table": Figure(["fft.json"], _CPU, fft_key_ratios, "GFLOPs ratios, one run"),
    "fft_qd_error_over_dd128": Figure(
        ["fft.json"], _CPU,
        lambda d: span_sig([fft_value(_fft(d[0]), "qd_dd_real", n, "rel_l2_error")
                            / fft_value(_fft(d[0]), "ffft_dd128_table", n, "rel_l2_error")
                            for n in EVERY_N], 2),
        "QD dd_real FFT's error / ffft dd128's, 2^10-2^22"),
    "fft_two_threads_ffft": Figure(
        ["fft.json"], _CPU, lambda d: fft_thread_speedup(d, [f"ffft_{f}_table" for f in FORMATS]),
        "2 threads / 1 thread, ffft's formats, 2^10-2^22"),
    "fft_two_threads_fftw_double": Figure(
        ["fft.json"], _CPU, lambda d: fft_thread_speedup(d, ["fftw_double"]),
        "2 threads / 1 thread, FFTW double, 2^10-2^22"),
    "fft_two_threads_fftw_quad": Figure(
        ["fft.json"], _CPU, lambda d: fft_thread_speedup(d, ["fftw_quad"]),
        "2 threads / 1 thread, FFTW quad, 2^10-2^22"),
    "fft_df64_computed_over_table": Figure(
        ["fft.json"], _CPU,
        lambda d: span([fft_ratio(_fft(d[0]), "ffft_df64_computed", "ffft_df64_table", n)
                        for n in sorted({k[1] for k in _fft(d[0])})
                        if fft_ratio(_fft(d[0]), "ffft_df64_computed", "ffft_df64_table", n)], 2),
        "df64 computed / table GFLOPs, every N"),
    # The GPU (an H100)
    "gpu_validated": Figure(
        GPU, _GPU,
        gpu_device_claim("bit-identical on an {device}, where every GPU test and compute-sanitizer check passed"),
        "a claim of the validation run that measured gpu_profile.json"),
    "gpu_bit_identical": Figure(
        GPU, _GPU, gpu_device_claim("bit-identical on an {device}"),
        "a claim of the validation run that measured gpu_profile.json"),
    "gpu_measured_runs": Figure(GPU, _GPU, claim("the sweep's and the profiles' runs"),
                                "a claim of the validation runs that measured gpu_profile.json"),
    "gpu_validated_h100": Figure(GPU, _GPU, gpu_device_claim("validated on an {device}"),
                                 "a claim of the validation run that measured gpu_profile.json"),
    "gpu_direct_over_table": Figure(["gpu_profile_computed.json"], _GPU, lambda d: gpu_mode_over_table(d, "direct"),
                                    "direct-mode time over table mode's per format, 2^16-2^24"),
    "gpu_computed_over_table_all": Figure(
        ["gpu_profile_computed.json"], _GPU, lambda d: gpu_mode_over_table(d, "computed"),
        "computed-mode time over table mode's per format, 2^16-2^24"),
    "gpu_plan_seconds_2_24": Figure(["gpu_profile_computed.json"], _GPU, gpu_plan_seconds,
                                    "a dd128 CUDA plan's creation at 2^24 per twiddle mode"),
    "gpu_vkfft_summary": Figure(["gpu_vkfft_dd.json"], _GPU + ["bench/vkfft/", "bench/vkfft_side_by_side.cpp"],
                                vkfft_summary, "ffft dd128 against VkFFT's double-double"),
    "gpu_speed_table": Figure(
        GPU, _GPU, lambda d: gpu_speed_table(d, (1 << 16, 1 << 20, 1 << 24)),
        "ffft and cuFFT times on the H100, 2^16/2^20/2^24"),
    "gpu_speed_table_all": Figure(GPU, _GPU, gpu_speed_table, "ffft and cuFFT times on the H100, every N"),
    "gpu_real_table": Figure(["gpu_profile_real.json"], _GPU, gpu_real_table,
                             "rfft and convolution against cuFFT D2Z on the H100"),
    "gpu_accuracy_table": Figure(["gpu_bench_quick.json"], _GPU, gpu_accuracy_table,
                                 "GPU forward error and round-trip PSNR at 2^20"),
    "sass_per_point_2_20": Figure(["sass_counts.json"], _GPU + ["tools/sass/"], sass_per_point,
                                  "SASS instructions per point and floor at 2^20, table twiddles (no GPU)"),
    "sass_bank_conflicts": Figure(["sass_counts.json"], _GPU + ["tools/sass/"], sass_bank_conflicts,
                                  "worst bank-conflict degree per format from the host emulation (no GPU)"),
    "sass_group_resources": Figure(["sass_counts.json"], _GPU + ["tools/sass/"], sass_group_resources,
                                   "registers, stack and spills of the group kernels from ptxas (no GPU)"),
    "sass_conflicts_first_group_2_20": Figure(
        ["sass_counts.json"], _GPU + ["tools/sass/"], sass_conflicts_first_group,
        "extra shared-memory wavefronts of the first group kernel at 2^20 from the host emulation (no GPU)"),
    "gpu_goals_summary": Figure(["gpu_profile.json", "gpu_profile_computed.json"], _GPU, gpu_goals_summary,
                                "the GPU goals against the sweep, 2^16-2^24"),
    "gpu_df64_over_z2z": Figure(GPU, _GPU, lambda d: gpu_over_z2z(d, "df64"), "throughput / cuFFT Z2Z"),
    "gpu_dd128_over_z2z": Figure(GPU, _GPU, lambda d: gpu_over_z2z(d, "dd128"), "throughput / cuFFT Z2Z"),
    "gpu_qf128_over_z2z": Figure(GPU, _GPU, lambda d: gpu_over_z2z(d, "qf128"), "throughput / cuFFT Z2Z"),
    "gpu_rfft_over_complex": Figure(
        ["gpu_profile_real.json", "gpu_profile.json"], _GPU, gpu_rfft_over_complex,
        "rfft / complex transform, time, same N and batch, every format, table twiddles"),
    "gpu_rfft_df64_over_d2z": Figure(["gpu_profile_real.json"], _GPU, lambda d: gpu_rfft_over_d2z(d, "df64"),
                                     "rfft throughput / cuFFT D2Z"),
    "gpu_rfft_dd128_over_d2z": Figure(["gpu_profile_real.json"], _GPU, lambda d: gpu_rfft_over_d2z(d, "dd128"),
                                      "rfft throughput / cuFFT D2Z"),
    "gpu_rfft_qf128_over_d2z": Figure(["gpu_profile_real.json"], _GPU, lambda d: gpu_rfft_over_d2z(d, "qf128"),
                                      "rfft throughput / cuFFT D2Z"),
    "gpu_conv_over_rfft": Figure(["gpu_profile_real.json"], _GPU, gpu_conv_over_rfft,
                                 "circular convolution / rfft, time, every format and N"),
    "gpu_real_max_diff": Figure(["gpu_profile_real.json"], _GPU, gpu_real_max_diff,
                                "largest relative L2 difference from cuFFT's double transforms"),
    "gpu_computed_over_table": Figure(
        ["gpu_profile_computed.json", "gpu_profile.json"], _GPU, gpu_computed_over_table,
        "df64 computed / table twiddles, time"),
    "gpu_dd128_conv_2_24": Figure(["gpu_profile_real.json"], _GPU, gpu_dd128_conv_2_24,
                                  "a circular dd128 convolution of 2^24 real points"),
    "gpu_dd128_gflops": Figure(["gpu_bench_quick.json"], _GPU, gpu_dd128_gflops,
                               "ffft dd128 GFLOPs on the GPU, 2^16-2^20"),
    # CPU ratios quoted in prose
    **{f"cpu_{path}_{a.split('_')[1]}_over_{b}": Figure(
        [CPU_PATHS[i]], _CPU,
        (lambda a, b: lambda d: span_sig([fft_ratio(_fft(d[0]), a, b, n) for n in EVERY_N], 2))(a, b),
        f"{a} / {b}, GFLOPs, {path} path, 2^10-2^22")
       for i, path in enumerate(["avx512", "avx2"])
       for a, b in [("ffft_dd128_table", "qd_dd_real"), ("ffft_dd128_table", "fftw_long_double"),
                    ("ffft_dd128_table", "fftw_quad"), ("ffft_qf128_table", "fftw_quad")]},
    "cpu_goals_missed": Figure(XEON_PATHS, _CPU, cpu_goals_missed, "the CPU goals missed, and on which path"),
    "cpu_goals_table_one_machine": Figure(
        XEON_PATHS, _CPU, lambda d: cpu_goals_table(d, best=True),
        "the CPU goals' ratios on both paths of one processor, one run after the other at one revision"),
    "cpu_avx2_dd128_gflops": Figure(
        CPU_PATHS[1:], _CPU, lambda d: span([fft_value(_fft(d[0]), "ffft_dd128_table", n) for n in EVERY_N], 2),
        "dd128 GFLOPs on the avx2 path, 2^10-2^22"),
    **{f"cpu_{path}_dd128_by_radices": Figure(
        [file], _CPU,
        lambda d: "; ".join(
            f"{name} {span([fft_value(_fft(d[0]), 'ffft_dd128_table', n) for n in EVERY_N if (n.bit_length() - 1) % 3 == r], 2)}"
            for name, r in [("8^k", 0), ("8^k x 2", 1), ("8^k x 4", 2)]),
        f"dd128 GFLOPs on the {path} path over 2^10-2^22, by the radices of N (radix-8 passes, then one of 2 or 4)")
       for path, file in CPU_PATH_FILES.items()},
    "cpu_avx2_dd128_below_ld": Figure(
        CPU_PATHS[1:], _CPU,
        lambda d: next((f"up to {size(n)}" for n in reversed(EVERY_N)
                        if fft_ratio(_fft(d[0]), "ffft_dd128_table", "fftw_long_double", n) < 1),
                       "at no N of 2^10-2^22"),
        "the largest N at which dd128 on avx2 is slower than FFTW long double"),
    "cpu_avx512_dd128_gflops_small": Figure(
        CPU_PATHS[:1], _CPU, lambda d: span([fft_value(_fft(d[0]), "ffft_dd128_table", n) for n in pow2(10, 18)], 1),
        "dd128 GFLOPs on the avx512 path, 2^10-2^18"),
    "cpu_avx512_dd128_gflops_2_20": Figure(
        CPU_PATHS[:1], _CPU, lambda d: fmt(fft_value(_fft(d[0]), "ffft_dd128_table", 1 << 20)),
        "dd128 GFLOPs on the avx512 path at 2^20"),
    "cpu_avx512_dd128_two_threads": Figure(
        CPU_PATHS[:1], _CPU,
        lambda d: span([fft_ratio(_fft(d[0]), "ffft_dd128_table", "ffft_dd128_table", n, 2, 1)
                        for n in pow2(16, 22)], 2),
        "dd128, 2 threads / 1 thread, avx512 path, N >= 2^16"),
    **{f"cpu_{path}_two_threads_span": Figure(
        [file], _CPU, lambda d: formats_ratio_span(_fft(d[0]), "table", "table", 2, 1),
        f"2 threads / 1 thread of every format on the {path} run, N >= 2^16")
       for path, file in CPU_PATH_FILES.items()},
    **{f"cpu_{path}_copies_span": Figure(
        [file], _CPU, lambda d: formats_ratio_span(_fft(d[0]), "copies", "table", 2, 1),
        f"two one-thread copies at once / one thread, every format on the {path} run, N >= 2^16")
       for path, file in CPU_PATH_FILES.items()},
    **{f"cpu_{path}_split_over_copies_span": Figure(
        [file], _CPU, lambda d: formats_ratio_span(_fft(d[0]), "table", "copies", 2, 2),
        f"one batch split over 2 threads / two one-thread copies at once, every format on the {path} run, N >= 2^16")
       for path, file in CPU_PATH_FILES.items()},
    **{f"cpu_zen4_{path}_{name}_span": Figure(
        [file], _CPU, lambda d, a=a, b=b, t=t: formats_ratio_span(_fft(d[0]), a, b, 2, t),
        f"{what}, every format on the Zen 4's {path} run, N >= 2^16 (fastest calls)")
       for path, file in zip(["avx512", "avx2"], ZEN4_PATHS)
       for name, a, b, t, what in [("two_threads", "table", "table", 1, "2 threads / 1 thread"),
                                   ("copies", "copies", "table", 1, "two one-thread copies at once / one thread"),
                                   ("split_over_copies", "table", "copies", 2,
                                    "one batch split over 2 threads / two one-thread copies at once")]},
    "cpu_avx512_dd128_split_over_copies_2_19": Figure(
        CPU_PATHS[:1], _CPU,
        lambda d: " against ".join(fmt(fft_ratio(_fft(d[0]), f"ffft_dd128_{kind}", "ffft_dd128_table", 1 << 19, 2, 1))
                                   for kind in ("table", "copies")),
        "dd128 at 2^19 on the avx512 path: one transform split over 2 threads, then two one-thread copies, over 1 thread"),
    **{f"cpu_{path}_cv_max": Figure(
        [file], _CPU, lambda d: f"{max(v.get('cv_GFLOPs', 0) for v in _fft(d[0]).values()) * 100:.0f}%",
        f"the largest coefficient of variation of any GFLOPs of the {path} run, %")
       for path, file in CPU_PATH_FILES.items()},
    **{f"cpu_{machine}_avx512_over_avx2": Figure(
        files, _CPU,
        lambda d: "; ".join(f"{f} " + span([fft_ratio_across(_fft(d[0]), _fft(d[1]), f"ffft_{f}_table", n)
                                             for n in EVERY_N], 2) for f in FORMATS),
        f"GFLOPs of the avx512 path over the avx2 path's on the same {name}, one thread, each format, 2^10-2^22")
       for machine, name, files in [("xeon", "Xeon", XEON_PATHS), ("zen4", "Zen 4", ZEN4_PATHS)]},
    # The Zen 4's two paths, as the Xeon's above
    "cpu_speed_table_zen4": Figure(
        ZEN4_PATHS, _CPU, cpu_speed_table,
        "GFLOPs on the Zen 4, one thread, 2^10/2^16/2^20/2^22, each path with its own run's baselines"),
    "cpu_goals_table_zen4_worst": Figure(
        ZEN4_PATHS, _CPU, cpu_goals_table, "the CPU goals' ratios on the Zen 4, worst over 2^10-2^22 and where"),
    "cpu_goals_missed_zen4": Figure(ZEN4_PATHS, _CPU, cpu_goals_missed,
                                    "the CPU goals missed on the Zen 4, and on which path"),
    "cpu_goals_table_zen4": Figure(
        ZEN4_PATHS, _CPU, lambda d: cpu_goals_table(d, best=True),
        "the CPU goals' ratios on both paths of the Zen 4, one run after the other"),
    "cpu_goals_status_zen4": Figure(
        ZEN4_PATHS + ZEN4_COUNTS, _CPU, cpu_goals_status,
        "each CPU goal on the Zen 4's two paths, and what the measured floors say of each miss"),
    "cpu_goals_missed_epyc": Figure(CPU_PATHS[1:], _CPU, lambda d: cpu_goals_missed(d, ("avx2",)),
                                    "the CPU goals missed on the AVX2-only EPYC"),
    "cpu_ratio_goals_epyc": Figure(CPU_PATHS[1:], _CPU, lambda d: cpu_ratio_goals(d, ("avx2",)),
                                   "the 1-D ratio goals' worst ratios on the AVX2-only EPYC"),
    "cpu_goals_status_epyc": Figure(
        CPU_PATHS[1:] + ["cpu_dynamic_counts_avx2.json"], _CPU, lambda d: cpu_goals_status(d, ("avx2",)),
        "each CPU goal on the AVX2-only EPYC, and what the measured floors say of each miss"),
    **{f"cpu_{path}_blocked_over_passes": Figure(
        [file], _CPU, lambda d: blocked_over_passes(_fft(d[0])),
        f"cache-blocked / pass-by-pass GFLOPs of each format, one thread, 2^10-2^22, {path} path")
       for path, file in XEON_PATH_FILES.items()},
    **{f"cpu_{path}_blocked_over_passes_large": Figure(
        [file], _CPU, lambda d: blocked_over_passes(_fft(d[0]), pow2(19, 22)),
        f"cache-blocked / pass-by-pass GFLOPs of each format, one thread, 2^19-2^22, {path} path")
       for path, file in XEON_PATH_FILES.items()},
    "cpu_avx512_dd128_per_core_2_20": Figure(
        CPU_PATHS[:1], _CPU,
        lambda d: fmt(fft_value(_fft(d[0]), "ffft_dd128_table", 1 << 20)
                      * worst(_fft(d[0]), "ffft_dd128_table", "ffft_dd128_table", pow2(16, 22), 2, 1)[0] / 2),
        "dd128 GFLOPs at 2^20 on one avx512 thread times its worst two-thread scaling over 2"),
    "cpu_avx512_dd128_scaling_worst": Figure(
        CPU_PATHS[:1], _CPU,
        lambda d: fmt(worst(_fft(d[0]), "ffft_dd128_table", "ffft_dd128_table", pow2(16, 22), 2, 1)[0]),
        "dd128, 2 threads / 1 thread, avx512 path, worst over N >= 2^16"),
    # Real transforms on the CPU (ffft_bench_real)
    "real_cpu_table": Figure(["real_cpu.json"], _CPU, real_cpu_table, "rfft times and ratios, CPU"),
    "real_cpu_rfft_over_fft": Figure(
        ["real_cpu.json"], _CPU,
        lambda d: real_cpu_ratio(d, "ffft_rfft<ffft::{f}>", "ffft_complex_fft<ffft::{f}>"),
        "rfft / complex transform, time, every format and N"),
    "real_cpu_conv_over_rfft": Figure(
        ["real_cpu.json"], _CPU,
        lambda d: real_cpu_ratio(d, "ffft_convolution<ffft::{f}>", "ffft_rfft<ffft::{f}>", 1),
        "real circular convolution / rfft, time"),
    "real_cpu_complex_conv_over_fft": Figure(
        ["real_cpu.json"], _CPU,
        lambda d: real_cpu_ratio(d, "ffft_convolution<ffft::complex<ffft::{f}>>", "ffft_complex_fft<ffft::{f}>", 1),
        "complex circular convolution / complex transform, time"),
    "real_cpu_dd128_over_fftw_ld": Figure(["real_cpu.json"], _CPU, real_cpu_dd128_over_fftw_ld,
                                          "dd128 rfft / FFTW long double r2c, time, per N"),
    "real_cpu_fftw_quad_over_dd128": Figure(
        ["real_cpu.json"], _CPU,
        lambda d: span([t[("fftw_quad_r2c", n)] / t[("ffft_rfft<ffft::dd128>", n)]
                        for t in [real_bench_report.times_us(d[0])] for (c, n) in t if c == "fftw_quad_r2c"], 0),
        "FFTW quad r2c / dd128 rfft, time"),
    # N-D transforms on the CPU (ffft_bench_nd)
    "nd_cpu_table": Figure(["nd_cpu.json"], _CPU, nd_cpu_table, "dd128 N-D against FFTW, per shape"),
    "nd_cpu_summary": Figure(["nd_cpu.json"], _CPU, nd_cpu_summary, "dd128 N-D against FFTW quad and long double"),
    "nd_cpu_worst_axis": Figure(["nd_cpu.json"], _CPU, nd_cpu_worst_axis,
                                "the worst axis alone over the contiguous last axis, dd128"),
    "gpu_nd_summary": Figure(["gpu_nd.json"], _GPU, gpu_nd_summary,
                             "dd128 N-D against cuFFT Z2Z on the GPU, and the worst axis alone"),
    **{f"cpu_ceiling_{path}": Figure([f"cpu_dynamic_counts_{path}.json"], _CPU, cpu_ceiling_summary,
                                     f"instructions per point and the share of the ceiling's rate, {path}")
       for path in ["avx2", "avx512", "xeon_avx2"]},
    **{f"cpu_ceiling_goals_{path}": Figure(
        [f"cpu_dynamic_counts_{path}.json", cpu_file], _CPU,
        lambda d: (lambda g: f"{g['needed']:.2f} ({g['format']} / {g['baseline']} >= {g['ratio']:g} at {size(g['n'])})")(
            max(cpu_dynamic_counts.goal_rows(d[0], d[1]), key=lambda g: g["needed"])),
        f"the largest share of the ceiling's rate that a 1-D CPU goal needs, {path}")
       for path, cpu_file in [("avx2", "fft_cpu_avx2.json"), ("avx512", "fft_cpu_avx512.json"),
                              ("xeon_avx2", "fft_cpu_xeon_avx2.json"), ("zen4_avx512", "fft_cpu_zen4_avx512.json"),
                              ("zen4_avx2", "fft_cpu_zen4_avx2.json")]},
    "cpu_goals_status": Figure(
        XEON_PATHS + ["cpu_dynamic_counts_avx512.json", "cpu_dynamic_counts_xeon_avx2.json"], _CPU,
        cpu_goals_status, "each CPU goal on the Xeon's two paths, and what the measured floors say of each miss"),
    **{f"cpu_arithmetic_share_{path}": Figure(
        [f"cpu_dynamic_counts_{path}.json", cpu_file], _CPU, cpu_arithmetic_share,
        f"the transform's time against its arithmetic alone's, floor / measured, {path}")
       for path, cpu_file in [("avx512", "fft_cpu_avx512.json"), ("xeon_avx2", "fft_cpu_xeon_avx2.json"),
                              ("avx2", "fft_cpu_avx2.json")]},
    **{f"cpu_arithmetic_goals_{path}": Figure(
        [f"cpu_dynamic_counts_{path}.json", cpu_file], _CPU, cpu_arithmetic_goals,
        f"the share of the arithmetic alone's rate that each 1-D goal not met needs, {path}")
       for path, cpu_file in [("avx512", "fft_cpu_avx512.json"), ("xeon_avx2", "fft_cpu_xeon_avx2.json"),
                              ("zen4_avx512", "fft_cpu_zen4_avx512.json"), ("zen4_avx2", "fft_cpu_zen4_avx2.json"),
                              ("avx2", "fft_cpu_avx2.json")]},
    "cpu_arithmetic_dd128_qd_tightest_avx512": Figure(
        ["cpu_dynamic_counts_avx512.json", "fft_cpu_avx512.json"], _CPU,
        lambda d: cpu_arithmetic_tightest(d, "dd128", "qd_dd_real"),
        "dd128 / QD >= 2.5 at its two tightest N against the arithmetic alone, avx512"),
    **{f"cpu_arithmetic_radix2_{path}": Figure(
        [f"cpu_dynamic_counts_{path}.json"], _CPU, cpu_arithmetic_radix2,
        f"radix-2 arithmetic a point over radix-8's, and 4 x 4 for 8 x 2's saving, {path}")
       for path in ["avx512", "xeon_avx2"]},
    "cpu_memory_floor_avx512": Figure(["cpu_dynamic_counts_avx512.json", "fft_cpu_avx512.json"], _CPU,
                                      cpu_memory_floor,
                                      "the memory floor's share of the time the large-size goal allows, avx512"),
    "cpu_memory_overlap_avx512": Figure(["cpu_dynamic_counts_avx512.json", "fft_cpu_avx512.json"], _CPU,
                                        cpu_memory_overlap,
                                        "the share of the memory floor that passes at the best N's rate would "
                                        "have to overlap, avx512"),
    "cpu_spill_rates_avx2": Figure(["cpu_code_counts.json"], _CPU, cpu_spill_rates,
                                   "spills and reloads per vector fp operation, radix 8 and 4, avx2"),
    # Big integers (ffft_bench_bigint)
    "bigint_table": Figure(["bigint.json"], _CPU, lambda d: bigint_table(d, [1 << 10, 1 << 16, 1 << 20, 1 << 24]),
                           "bits per point and dd128's time against mpz_mul"),
    "bigint_table_wide": Figure(["bigint.json"], _CPU, lambda d: bigint_table(d, pow2(10, 24)[::2], True),
                                "bits per point and times against mpz_mul"),
    "bigint_dd128_bits": Figure(["bigint.json"], _CPU, bigint_dd128_bits,
                                "dd128's bits per point at the smallest and largest N, its time against mpz_mul"),
    "bigint_dd128_over_double_bits": Figure(
        ["bigint.json"], _CPU,
        lambda d: bigint_span(d, lambda t, n: t[("dd128", n)]["bits"] / t[("fftw_double", n)]["bits"], 1),
        "dd128's bits per point / FFTW double's"),
    "bigint_qf128_over_double_bits": Figure(
        ["bigint.json"], _CPU,
        lambda d: bigint_span(d, lambda t, n: t[("qf128", n)]["bits"] / t[("fftw_double", n)]["bits"], 1),
        "qf128's bits per point / FFTW double's"),
    "bigint_df64_bits_below_double": Figure(
        ["bigint.json"], _CPU,
        lambda d: bigint_span(d, lambda t, n: t[("fftw_double", n)]["bits"] - t[("df64", n)]["bits"], 0),
        "FFTW double's bits per point - df64's"),
    "bigint_dd128_time": Figure(
        ["bigint.json"], _CPU,
        lambda d: bigint_span(d, lambda t, n: t[("dd128", n)]["multiply_seconds"] / t[("dd128", n)]["gmp_seconds"], 1),
        "dd128 product time / mpz_mul"),
    "bigint_double_time": Figure(
        ["bigint.json"], _CPU,
        lambda d: bigint_span(d, lambda t, n: t[("fftw_double", n)]["multiply_seconds"] / t[("fftw_double", n)]["gmp_seconds"], 1),
        "FFTW double product time / mpz_mul"),
    "bigint_worst_distance": Figure(
        ["bigint.json"], _CPU, lambda d: f"{max(x['worst_distance'] for x in d[0]['results']):g}",
        "the largest worst distance from an integer over every row"),
    # Distributed transforms (scripts/distributed_bench.sh)
    "dist_summary": Figure(["distributed_cpu.json"], _MPI, dist_summary, "2 ranks against 1, 1 rank against the plan"),
    "dist_table": Figure(["distributed_cpu.json"], _MPI, dist_table, "1 and 2 ranks, strong and weak"),
    "dist_two_over_one": Figure(
        ["distributed_cpu.json"], _MPI,
        lambda d: dist_span(d, lambda r, n, p: r[(n, p)]["seconds"] / r[(n, 1)]["seconds"], 2),
        "2 ranks' time / 1 rank's, strong scaling"),
    "dist_speedup_two": Figure(
        ["distributed_cpu.json"], _MPI,
        lambda d: dist_span(d, lambda r, n, p: r[(n, 1)]["seconds"] / r[(n, p)]["seconds"], 1),
        "1 rank's time / 2 ranks'"),
    "dist_two_over_plan": Figure(
        ["distributed_cpu.json"], _MPI,
        lambda d: dist_span(d, lambda r, n, p: r[(n, 1)]["single_process_seconds"] / r[(n, p)]["seconds"], 1),
        "the single-process plan's time / 2 ranks'"),
    "dist_exchange_share_two": Figure(
        ["distributed_cpu.json"], _MPI,
        lambda d: dist_span(d, lambda r, n, p: 100 * r[(n, p)]["exchange_seconds"] / r[(n, p)]["seconds"], 0),
        "exchange / time, 2 ranks, %"),
    "dist_exchange_share_one": Figure(
        ["distributed_cpu.json"], _MPI,
        lambda d: dist_span(d, lambda r, n, p: 100 * r[(n, p)]["exchange_seconds"] / r[(n, p)]["seconds"], 0, (1,)),
        "exchange / time, 1 rank, %"),
    "dist_exchange_share_three_four": Figure(
        ["distributed_cpu.json"], _MPI,
        lambda d: dist_span(d, lambda r, n, p: 100 * r[(n, p)]["exchange_seconds"] / r[(n, p)]["seconds"], 0, (3, 4)),
        "exchange / time, 3 and 4 ranks, %"),
    "dist_one_over_plan": Figure(
        ["distributed_cpu.json"], _MPI,
        lambda d: dist_span(d, lambda r, n, p: r[(n, p)]["seconds"] / r[(n, p)]["single_process_seconds"], 1, (1,)),
        "1 rank's time / the single-process plan's"),
    "dist_one_over_plan_each": Figure(["distributed_cpu.json"], _MPI, dist_one_over_plan_each,
                                      "1 rank's time / the single-process plan's, per N"),
    "dist_bandwidth": Figure(["distributed_cpu.json"], _MPI, dist_bandwidth_text,
                             "the exchange's bytes / seconds, 2 ranks"),
    "dist_local_overhead": Figure(["distributed_cpu.json"], _MPI, dist_local_overhead,
                                  "1 rank's local time / the single-process plan's, - 1"),
    "dist_plan_gflops": Figure(["distributed_cpu.json"], _MPI, dist_plan_gflops,
                               "the single-process plan's GFLOPs at the largest N"),
    "dist_model_check": Figure(["distributed_cpu.json"], _MPI, dist_model_check,
                               "the multi-node model calibrated at 2^20, checked at 2^22"),
    # Python (bench/python/bench_fft.py)
    "python_dd128_over_numpy": Figure(
        ["python_cpu_1thread.json"], _PYTHON, lambda d: python_ratio(d, "numpy.fft", 1),
        "ffft.fft in dd128 / numpy.fft, time, one thread, 2^10-2^20"),
    "python_dd128_over_pyfftw": Figure(
        ["python_cpu_1thread.json"], _PYTHON, lambda d: python_ratio(d, "pyFFTW", 0),
        "ffft.fft in dd128 / pyFFTW, time, one thread, 2^10-2^20"),
    "python_table": Figure(["python_cpu_1thread.json"], _PYTHON, python_table, "times, one thread"),
    # The arithmetic and the twiddles (ffft_bench_arithmetic, ffft_bench_twiddles)
    "arithmetic_table": Figure(["arithmetic_cpu.json"], _ARITH, arithmetic_table,
                               "ns per operation against QD (scripts/bench_ratios.py)"),
    "twiddle_lookup_table": Figure(["twiddles_cpu.json"], _TWIDDLES, lambda d: twiddle_tables(d, "lookup"),
                                   "ns per twiddle (scripts/twiddle_bench_table.py)"),
    "twiddle_build_table": Figure(["twiddles_cpu.json"], _TWIDDLES, lambda d: twiddle_tables(d, "build"),
                                  "table build times (scripts/twiddle_bench_table.py)"),
    "twiddle_entry_time": Figure(["twiddles_cpu.json"], _TWIDDLES, twiddle_entry_us,
                                 "MPFR time per table entry, one thread"),
    # Build and test times (bench/results/build_cost.json)
    "build_timings_table": Figure(["build_cost.json"], _TREE, build_timings_table, "wall clock of the commands"),
    "build_compile_table": Figure(["build_cost.json"], _TREE, build_compile_table, "the longest compilations"),
    "build_xeon_ci_table": Figure(["build_cost_xeon.json"], _TREE, build_ci_table,
                                  "`.ci/run` step by step on the Xeon VM, before and after"),
    "build_epyc_table": Figure(["build_cost_epyc.json"], _TREE, build_before_after_table,
                               "run.sh, CI and the longest compilations on the AMD EPYC VM, before and after"),
    "build_sapphire_table": Figure(["build_cost_sapphire.json"], _TREE, build_before_after_table,
                                   "run.sh and the longest compilations on the Sapphire Rapids Xeon VM, "
                                   "before and after"),
    "build_run_time_table": Figure(["build_cost.json"], _TREE, build_run_time_table,
                                   "run time new / old, forward and inverse"),
    "build_test_python_seconds": Figure(
        ["build_cost.json"], _TREE, lambda d: f'{d[0]["test_python_sh_after_build_seconds"]["after"]} s',
        "scripts/test_python.sh after scripts/build.sh, seconds"),
    "build_run_sh_fresh": Figure(
        ["build_run_sh_sapphire.json"], _TREE,
        lambda d: build_minutes(d[0]["run_sh_fresh_clone"]["seconds"]),
        "scripts/run.sh on a fresh clone, the latest machine's"),
    "build_run_sh_fresh_epyc": Figure(
        ["build_run_sh_epyc.json"], _TREE,
        lambda d: build_minutes(d[0]["run_sh_fresh_clone"]["seconds"]),
        "scripts/run.sh on a fresh clone, the AMD EPYC (Zen 3) VM"),
    "build_run_sh_epyc_cuda_engine": Figure(
        ["build_run_sh_epyc.json"], _TREE,
        lambda d: f'{d[0]["longest_compilations_seconds"]["kernels/cuda_engine.cu"]:.0f} s',
        "kernels/cuda_engine.cu's compilation in that run"),
    **{f"build_bodies_{key}_{'before' if i == 0 else 'after'}": Figure(
        ["build_cost.json"], _TREE, (lambda key, i: lambda d: build_bodies(d, key, i))(key, i),
        f"{key} (scripts/count_fft_bodies.py)")
       for key in ("host_functions", "kernels_and_device_functions", "nvcc_routines_apart",
                   "compiled_fft_bodies", "sass_instructions") for i in (0, 1)},
}


# ---------------------------------------------------------------- the files

class NotMeasured(Exception):
    """A figure's results files lack what it reads: a table that a step of
    their script has not measured (yet), as after cpu_dynamic_counts.py
    counts again and before its `memory` and `arithmetic` steps."""


def generate(name):
    """(value, notice) of figure `name`; raises KeyError (no such figure),
    FileNotFoundError or NotMeasured."""
    figure = FIGURES[name]
    data = [load(f) for f in figure.results]
    notes = []
    for d in data:
        n = note(measured(d, figure.sources))
        if n and n not in notes:
            notes.append(n)
    try:
        value = figure.compute(data)
    except (KeyError, ValueError, TypeError) as e:
        raise NotMeasured(f"{', '.join(figure.results)} lack what it reads ({type(e).__name__}: {e}); "
                          f"run the step of their script that measures it") from e
    return value, (f"({joined_notes(notes)})" if notes else "")


def joined_notes(notes):
    """One notice for a figure from several results files: runs whose code
    has changed since share one clause rather than repeating it."""
    prefix, suffix = "measured at ", "; the code it measures has changed since"
    if len(notes) > 1 and all(n.startswith(prefix) and n.endswith(suffix) for n in notes):
        revisions = [n[len(prefix):-len(suffix)] for n in notes]
        return f"{prefix}{' and '.join(revisions)}; the code each measures has changed since"
    return "; ".join(notes)


def render(name, value, notice):
    if "\n" in value:  # a block: the markers on lines of their own, the notice a paragraph after it
        return f"<!-- measured:{name} -->\n{value}\n\n" + (f"{notice}\n" if notice else "") + \
            "<!-- /measured -->"
    return f"<!-- measured:{name} -->{value}{' ' + notice if notice else ''}<!-- /measured -->"


def bare(text):
    """A figure's text without its notice."""
    return NOTICE.sub("", text.strip()).strip()


def process(path, write):
    text = path.read_text()
    problems = []  # (fatal, message): fatal ones fail --write too

    def replace(match):
        name, current = match.group(1), match.group(2)
        try:
            value, notice = generate(name)
        except KeyError:
            problems.append((True, f"{path}: '{name}' is marked as measured but no figure of that "
                                   f"name exists (scripts/figures.py, FIGURES)"))
            return match.group(0)
        except FileNotFoundError as e:
            problems.append((True, f"{path}: '{name}' has no results file behind it ({e.filename})"))
            return match.group(0)
        except NotMeasured as e:
            problems.append((True, f"{path}: '{name}': {e}"))
            return match.group(0)
        if bare(current) != value.strip():
            shown = bare(current) if "\n" not in bare(current) else bare(current).splitlines()[0] + " ..."
            problems.append((False, f"{path}: '{name}' reads '{shown}', the results give something "
                                    f"else (run scripts/figures.py --write)" if "\n" in value else
                                    f"{path}: '{name}' reads '{shown}', the results give '{value}' "
                                    f"(run scripts/figures.py --write)"))
        return render(name, value, notice)

    new = MARKED.sub(replace, text)
    if write and new != text:
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(new)
        tmp.replace(path)
    return problems, len(MARKED.findall(text))


def main():
    global RESULTS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--list", action="store_true")
    ap.add_argument("--results", type=Path, help="the results folder (default: bench/results)")
    ap.add_argument("files", nargs="*", type=Path)
    args = ap.parse_args()
    if args.results:
        RESULTS = args.results.resolve()
    if args.list:
        for name, f in FIGURES.items():
            print(f"{name}: {', '.join(f.results)}: {f.description}")
        return 0
    files = args.files or [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    problems, count = [], 0
    for f in files:
        p, n = process(f, args.write)
        problems += p
        count += n
    failing = [m for fatal, m in problems if fatal or args.check]
    for m in failing:
        print(f"figures: {m}", file=sys.stderr)
    if failing:
        return 1
    print(f"figures: {count} measured figures in {len(files)} files"
          f"{', rewritten' if args.write else ', all backed by their results'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
