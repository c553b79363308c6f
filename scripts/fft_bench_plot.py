#!/usr/bin/env python3
"""PNG figures of FFT speed and accuracy from ffft_bench_fft's Google Benchmark JSON.

Usage: fft_bench_plot.py BENCH.json [--out-dir DIR] [--prefix fft]
  (BENCH.json from build/bench/ffft_bench_fft --benchmark_repetitions=3
   --benchmark_out=BENCH.json --benchmark_out_format=json; DIR defaults to
   bench/results, the figures are written as DIR/<prefix>_<figure>.png)
Needs matplotlib (Debian: python3-matplotlib, which the system python
/usr/bin/python3 sees; a pyenv or venv python may not).

Benchmark names: fft/<contender>/<N>/threads:<T> (N taken from the counter
"N" where present, T from the name, else from the entry's "threads"). A
rate is the fastest repetition's, an error their median (fft_bench_json.py,
benchFFT's rule). Entries with
error_occurred (a contender that could not run, e.g. no CUDA device) are
skipped and listed on stderr.

Figures (one line per contender and thread count):
  <prefix>_gflops_cpu.png  GFLOPs = 5 N log2 N x batch / t vs N, log-log, CPU
                           contenders (ffft, FFTW, QD radix-2).
  <prefix>_error_cpu.png   rel_l2_error (relative L2 error of the forward
                           transform against FFTW quad) vs N, log-log; FFTW
                           quad itself (the reference) and zero or absent
                           values are left out.
  <prefix>_psnr_cpu.png    roundtrip_psnr_db (PSNR of forward then inverse,
                           Thall eq. 17) vs N, log x, linear y.
  <prefix>_gflops_gpu.png, <prefix>_error_gpu.png, <prefix>_psnr_gpu.png
                           the same for the GPU contenders (*_cuda, cufft_*),
                           written only when one of them has data for it.

Styling: the color says the precision class (float, df64, double, long
double, qf128, double-double, quad, quad-double), the line style the
implementation family (ffft solid, FFTW dashed, QD dotted, cuFFT dash-dot,
unknown contenders loosely dash-dotted, labelled with their raw name), the
marker the ffft twiddle variant (table: circle, computed: square) or the
family. Runs with more than one thread are labelled "T threads", drawn in a
lighter shade with hollow markers.
Power-of-two N are joined by lines; other N (3^a 5^b 7^c mixes, primes) are
drawn on the same axes as unconnected markers of the series' color and shape,
larger and outlined in black. An exact round trip (PSNR = inf) is drawn as an
unconnected marker on a dotted line 20 dB above the highest finite PSNR of the
figure, labelled "inf"; the series' line is broken there.
"""
import argparse
import math
import os
import re
import sys

import fft_bench_json
from bench_context import host_line
from results_record import describe_file

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb
    from matplotlib.lines import Line2D
    from matplotlib.ticker import (FixedLocator, FuncFormatter, LogFormatterSciNotation,
                                   NullLocator)
except ImportError as e:
    sys.exit(f"fft_bench_plot.py: needs matplotlib ({e}); Debian: apt-get install "
             "python3-matplotlib, then run it with /usr/bin/python3")

METRICS = ["GFLOPs", "rel_l2_error", "roundtrip_psnr_db"]
DPI = 120
SIZE = (9, 6)
PSNR_INF_MARGIN_DB = 20  # exact round trips are drawn this far above the best finite PSNR

# Precision classes in order of increasing precision: (label, color).
CLASSES = {
    "float": ("float", "tab:olive"),
    "df64": ("df64", "tab:cyan"),
    "double": ("double", "tab:blue"),
    "long double": ("long double", "tab:purple"),
    "qf128": ("qf128", "tab:orange"),
    "dd": ("double-double", "tab:green"),
    "quad": ("quad", "tab:red"),
    "qd": ("quad-double", "tab:brown"),
}
CLASS_ORDER = list(CLASSES)
UNKNOWN_COLORS = ["tab:pink", "tab:gray", "black", "gold", "darkslateblue", "teal"]
# Implementation families: (label, line style, default marker).
FAMILIES = {
    "ffft": ("ffft", "-", "o"),
    "fftw": ("FFTW", "--", "^"),
    "qd": ("QD", ":", "D"),
    "cufft": ("cuFFT", "-.", "v"),
    "other": ("other", (0, (6, 2, 1, 2, 1, 2)), "X"),
}
FAMILY_ORDER = list(FAMILIES)
FFFT_VARIANT_MARKERS = {"table": "o", "computed": "s"}
FFTW_NAMES = {"float": "float", "double": "double", "long_double": "long double", "quad": "quad"}


def describe(contender):
    """{"label", "family", "klass", "variant", "gpu"} for a contender name."""
    gpu = contender.endswith("_cuda") or contender.startswith("cufft")
    base = contender[:-len("_cuda")] if contender.endswith("_cuda") else contender
    d = {"label": contender, "family": "other", "klass": None, "variant": "", "gpu": gpu}
    m = re.fullmatch(r"ffft_(df64|qf128|dd128)(?:_(\w+))?", base)
    if m:
        variant = m[2] or ""
        parts = [p for p in (variant, "CUDA" if gpu else "") if p]
        d.update(family="ffft", klass={"df64": "df64", "qf128": "qf128", "dd128": "dd"}[m[1]],
                 variant=variant,
                 label=f"ffft {m[1]}" + (f" ({', '.join(parts)})" if parts else ""))
        return d
    m = re.fullmatch(r"fftw_(float|double|long_double|quad)", base)
    if m:
        d.update(family="fftw", klass=m[1].replace("_", " "), label=f"FFTW {FFTW_NAMES[m[1]]}")
        return d
    m = re.fullmatch(r"qd_(dd|qd)_real", base)
    if m:
        d.update(family="qd", klass=m[1], label=f"QD {m[1]}_real radix-2")
        return d
    m = re.fullmatch(r"cufft_(c2c|z2z)", base)
    if m:
        d.update(family="cufft", klass={"c2c": "float", "z2z": "double"}[m[1]],
                 label=f"cuFFT {m[1].upper()}")
        return d
    for prefix in ("ffft", "fftw", "qd", "cufft"):  # an unknown name: guess the family only
        if base.startswith(prefix + "_"):
            d["family"] = prefix
    return d


def load(path):
    """fft_bench_json.load for this script's metrics."""
    return fft_bench_json.load(path, METRICS, "fft_bench_plot.py")


def is_power_of_two(n):
    return n > 0 and n & (n - 1) == 0


def lighter(color, amount):
    """color blended toward white by amount in [0, 1]."""
    return tuple(c + (1 - c) * amount for c in to_rgb(color))


class Styler:
    """Consistent colors, line styles and markers for all figures of one run."""

    def __init__(self, contenders, thread_counts):
        self.unknown = {}
        for c in sorted(contenders):
            if describe(c)["klass"] is None:
                self.unknown[c] = UNKNOWN_COLORS[len(self.unknown) % len(UNKNOWN_COLORS)]
        multi = sorted(t for t in thread_counts if t > 1)
        self.shade = {t: min(0.3 + 0.15 * i, 0.65) for i, t in enumerate(multi)}

    def style(self, contender, threads):
        d = describe(contender)
        color = CLASSES[d["klass"]][1] if d["klass"] else self.unknown[contender]
        _, linestyle, marker = FAMILIES[d["family"]]
        if d["family"] == "ffft":
            marker = FFFT_VARIANT_MARKERS.get(d["variant"], "P")
        label = d["label"] + (f", {threads} threads" if threads > 1 else "")
        if threads > 1:
            color = lighter(color, self.shade[threads])
        return {"color": color, "linestyle": linestyle, "marker": marker, "label": label,
                "markerfacecolor": "none" if threads > 1 else color}

    def sort_key(self, contender, threads):
        d = describe(contender)
        return (CLASS_ORDER.index(d["klass"]) if d["klass"] else len(CLASS_ORDER),
                FAMILY_ORDER.index(d["family"]), d["variant"], contender, threads)


def power_of_two_axis(ax, ns):
    """Log2 x axis with ticks 2^k over the sizes ns."""
    ax.set_xscale("log", base=2)
    lo, hi = math.floor(math.log2(min(ns))), math.ceil(math.log2(max(ns)))
    step = max(1, math.ceil((hi - lo + 1) / 14))
    ax.xaxis.set_major_locator(FixedLocator([2.0 ** k for k in range(lo, hi + 1, step)]))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"$2^{{{round(math.log2(x))}}}$"))
    ax.xaxis.set_minor_locator(NullLocator())
    pad = 2 ** 0.3
    ax.set_xlim(2.0 ** lo / pad, 2.0 ** hi * pad)
    ax.set_xlabel("N (transform length)")


def footnote(context, repetitions, args, extra, gpu):
    date = str(context.get("date", "?")).replace("T", " ")[:16]
    machine = (f"machine: {context.get('cpu_model', '?')}, {context.get('num_cpus', '?')} CPUs"
               + (f", GPU {context.get('gpu') or context.get('gpu_model') or '?'}" if gpu else "")
               + f"; ffft {describe_file(args.json)}; {date}")
    how = (f"rates: fastest of {repetitions} repetitions" if repetitions > 1 else "one repetition")
    if context.get("ffft_mode"):
        how = f"mode {context['ffft_mode']}, {how}"
    return (f"{machine}\n{how}; lines: N = 2^k; unconnected outlined markers: other N"
            + (f"; {extra}" if extra else "")
            + f"\nscripts/fft_bench_plot.py {args.json.split('/')[-1]}")


def figure(series, metric, styler, title, ylabel, *, logy, note, path, context, repetitions,
           args, gpu, inf_cap=False):
    """One figure; series: {(contender, threads): {N: value}}; returns False if no data."""
    series = {k: v for k, v in series.items() if v}
    if not series:
        return False
    fig, ax = plt.subplots(figsize=SIZE, dpi=DPI)
    fig.subplots_adjust(left=0.09, right=0.68, top=0.91, bottom=0.17)
    finite = [y for pts in series.values() for y in pts.values() if math.isfinite(y)]
    has_inf = any(math.isinf(y) for pts in series.values() for y in pts.values())
    cap = None
    if inf_cap and not has_inf:
        note = ""
    if inf_cap and has_inf:
        cap = (10 * math.ceil(max(finite) / 10) if finite else 0) + PSNR_INF_MARGIN_DB
        ax.axhline(cap, color="0.5", linestyle=":", linewidth=1, zorder=1)
        ax.annotate("inf (exact)", xy=(1, cap), xycoords=("axes fraction", "data"),
                    xytext=(-4, 3), textcoords="offset points", ha="right", va="bottom",
                    fontsize=8, color="0.35")
    handles = []
    has_other_n = False
    for key in sorted(series, key=lambda k: styler.sort_key(*k)):
        s = styler.style(*key)
        pts = series[key]
        pow2 = sorted(n for n in pts if is_power_of_two(n))
        other = sorted(n for n in pts if not is_power_of_two(n))
        has_other_n |= bool(other)
        common = dict(color=s["color"], marker=s["marker"], markerfacecolor=s["markerfacecolor"])
        if pow2:  # non-finite values break the line
            ys = [pts[n] if math.isfinite(pts[n]) else math.nan for n in pow2]
            ax.plot(pow2, ys, linestyle=s["linestyle"], linewidth=1.6, markersize=5, zorder=3,
                    **common)
        if other:
            ys = [pts[n] for n in other if math.isfinite(pts[n])]
            ax.plot([n for n in other if math.isfinite(pts[n])], ys, linestyle="none",
                    markersize=8, markeredgecolor="black", markeredgewidth=0.8, zorder=4,
                    **{**common, "markerfacecolor": s["color"]})
        if cap is not None:
            infs = [n for n in pts if math.isinf(pts[n])]
            ax.plot(infs, [cap] * len(infs), linestyle="none", markersize=6, zorder=4,
                    clip_on=False, **common)
        handles.append(Line2D([], [], linestyle=s["linestyle"], linewidth=1.6, markersize=5,
                              label=s["label"], **common))
    if has_other_n:
        handles.append(Line2D([], [], linestyle="none", marker="o", markersize=8, color="0.6",
                              markeredgecolor="black", markeredgewidth=0.8,
                              label="N not a power of two"))
    power_of_two_axis(ax, [n for pts in series.values() for n in pts])
    if logy:
        ax.set_yscale("log")
        # label 2 and 5 (or all) between the powers of ten when the data spans few decades
        ax.yaxis.set_minor_formatter(LogFormatterSciNotation(labelOnlyBase=False,
                                                             minor_thresholds=(2.5, 1.0)))
    if cap is not None:
        lo, hi = ax.get_ylim()
        ax.set_ylim(lo, max(hi, cap + 0.06 * (cap - lo)))
    ax.set_ylabel(ylabel)
    ax.grid(True, which="major", alpha=0.35)
    if logy:
        ax.grid(True, which="minor", axis="y", alpha=0.12)
    ax.set_title(title, fontsize=12)
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8,
              frameon=False, borderaxespad=0)
    fig.text(0.01, 0.01, footnote(context, repetitions, args, note, gpu), fontsize=7.5, color="0.3",
             ha="left", va="bottom")
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return True


def collect(results, metric, keep):
    """{(contender, threads): {N: value}} of one metric for the contenders keep() accepts."""
    series = {}
    for (contender, n, threads), v in results.items():
        if keep(contender) and metric in v:
            series.setdefault((contender, threads), {})[n] = v[metric]
    return series


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="Figures: <prefix>_{gflops,error,psnr}_{cpu,gpu}.png (see the module docstring).")
    parser.add_argument("json", help="Google Benchmark JSON output of ffft_bench_fft")
    parser.add_argument("--out-dir", default="bench/results",
                        help="directory for the PNG files (default bench/results)")
    parser.add_argument("--prefix", default="fft", help="file name prefix (default fft)")
    args = parser.parse_args()
    context, results, errors, repetitions = load(args.json)
    if not results:
        print(f"fft_bench_plot.py: {args.json}: no fft/<contender>/<N> benchmark ran "
              "(all skipped or unnamed)", file=sys.stderr)
        for (contender, message), ns in sorted(errors.items()):
            print(f"  {contender}: {message}", file=sys.stderr)
        sys.exit(2)
    os.makedirs(args.out_dir, exist_ok=True)

    styler = Styler({c for c, _, _ in results}, {t for _, _, t in results})
    cpu = lambda c: not describe(c)["gpu"]
    gpu = lambda c: describe(c)["gpu"]
    positive = lambda s: {k: {n: y for n, y in pts.items() if y > 0 and math.isfinite(y)}
                          for k, pts in s.items()}
    not_reference = lambda keep: (lambda c: keep(c) and c != "fftw_quad")
    flops = "GFLOP/s  (5 N log$_2$N $\\times$ batch / t)"
    written, absent = [], []
    for where, keep, device in (("cpu", cpu, "CPU"), ("gpu", gpu, "GPU")):
        common = dict(styler=styler, context=context, repetitions=repetitions, args=args,
                      gpu=where == "gpu")
        for name, metric, series, title, ylabel, kw in (
                ("gflops", "GFLOPs", positive(collect(results, "GFLOPs", keep)),
                 f"Forward complex FFT speed, {device} (higher is better)", flops,
                 dict(logy=True, note="")),
                ("error", "rel_l2_error",
                 positive(collect(results, "rel_l2_error", not_reference(keep))),
                 f"Forward FFT relative L2 error vs FFTW quad, {device} (lower is better)",
                 "relative L2 error  $\\Vert X - X_{quad}\\Vert_2 \\,/\\, \\Vert X_{quad}\\Vert_2$",
                 dict(logy=True, note="FFTW quad is the reference; zero or absent errors left out")),
                ("psnr", "roundtrip_psnr_db",
                 {k: {n: y for n, y in pts.items() if not math.isnan(y)}
                  for k, pts in collect(results, "roundtrip_psnr_db", keep).items()},
                 f"Round trip (forward, inverse) PSNR, {device} (higher is better)",
                 "round-trip PSNR (dB)",
                 dict(logy=False, inf_cap=True,
                      note=f"PSNR = inf drawn on the dotted line {PSNR_INF_MARGIN_DB} dB "
                           "above the best finite value"))):
            path = os.path.join(args.out_dir, f"{args.prefix}_{name}_{where}.png")
            if figure(series, metric, title=title, ylabel=ylabel, path=path, **common, **kw):
                written.append(path)
            else:
                absent.append(f"{name}_{where}")

    print(f"fft_bench_plot.py: {host_line(context)}; {len(results)} (contender, N, threads) "
          f"results", file=sys.stderr)
    for (contender, message), ns in sorted(errors.items()):
        print(f"  skipped {contender} (could not run at N = "
              f"{', '.join(map(str, ns))}): {message}", file=sys.stderr)
    if absent:
        print(f"  no data, not written: {', '.join(absent)}", file=sys.stderr)
    for path in written:
        print(path)


if __name__ == "__main__":
    main()
