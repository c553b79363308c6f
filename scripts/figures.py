#!/usr/bin/env python3
"""Measured figures in the Markdown files, generated from bench/results/.

A figure in README.md or docs/*.md is written between markers that name it:

    <!-- measured:python_dd128_over_pyfftw -->9-24<!-- /measured -->

and FIGURES below says how to compute it from which results files, and
which source paths those results measure. Then:

  scripts/figures.py --write [files]   rewrites every marked figure from the results
  scripts/figures.py --check [files]   fails (exit 1) if a marked figure is unknown,
                                       its results file is missing, or the text
                                       differs from what the results give

(default files: README.md and docs/*.md). Where a results file recorded
no revision, or a revision with uncommitted changes, or the measured source
paths changed after it, --write appends a notice to the figure, such as
"(measured at 452fd63; the code it measures has changed since)". The notice
never fails --check, so work without a GPU still lands; the value does.
"""
import argparse
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
MARKED = re.compile(r"<!-- measured:([a-z0-9_]+) -->(.*?)<!-- /measured -->", re.S)
NOTICE = re.compile(r"\s*\((?:measured at|revision not recorded)[^)]*\)\s*$")


def load(name):
    return json.loads((RESULTS / name).read_text())


def span(values, digits=0):
    """"lo-hi" of values, rounded to `digits` decimals (one value: itself)."""
    lo, hi = min(values), max(values)
    text = lambda v: f"{v:.{digits}f}"
    return text(lo) if text(lo) == text(hi) else f"{text(lo)}-{text(hi)}"


def revision_of(data):
    context = data.get("context", data)
    for key in ("revision", "ffft_revision"):
        if key in context:
            return context[key]
    return None


@dataclass
class Figure:
    results: list            # file names in bench/results
    sources: list            # repository paths whose change makes the figure stale
    compute: Callable        # (loaded results, in order) -> text
    description: str = ""


def python_ratio(data, contender, digits):
    """ffft.fft in dd128 / contender, time, over the rows' sizes."""
    rows = data[0]["rows"]
    return span([r["seconds"]["ffft dd128"] / r["seconds"][contender] for r in rows], digits)


def gpu_rfft_over_complex(data):
    real, complex_ = data
    times = {(x["contender"], x["N"], x["batch"]): x["median_ms"] for x in complex_["results"]}
    ratios = []
    for x in real["results"]:
        if x["contender"].startswith("ffft_rfft_"):
            fmt = x["contender"][len("ffft_rfft_"):]
            t = times.get((f"ffft_{fmt}_table", x["N"], x["batch"]))
            if t:
                ratios.append(x["median_ms"] / t)
    return span(ratios, 2)


_CPU = ["src/cpu/", "src/fft/", "include/ffft/fft/", "include/ffft/simd_lanes.hpp",
        "include/ffft/double_word.hpp", "include/ffft/quad_word.hpp", "include/ffft/eft.hpp"]
_GPU = ["kernels/", "include/ffft/fft/", "engine/", "include/ffft/double_word.hpp",
        "include/ffft/quad_word.hpp", "include/ffft/eft.hpp"]
_PYTHON = _CPU + ["python/"]

FIGURES = {
    "python_dd128_over_numpy": Figure(
        ["python_cpu_1thread.json"], _PYTHON, lambda d: python_ratio(d, "numpy.fft", 1),
        "ffft.fft in dd128 / numpy.fft, time, one thread, 2^10-2^20"),
    "python_dd128_over_pyfftw": Figure(
        ["python_cpu_1thread.json"], _PYTHON, lambda d: python_ratio(d, "pyFFTW", 0),
        "ffft.fft in dd128 / pyFFTW, time, one thread, 2^10-2^20"),
    "gpu_rfft_over_complex": Figure(
        ["gpu_profile_real.json", "gpu_profile.json"], _GPU, gpu_rfft_over_complex,
        "rfft / complex transform, time, same N and batch, every format, table twiddles"),
}


def changed_since(revision, sources):
    """True if git shows a change to `sources` between revision and HEAD."""
    out = subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", revision, "HEAD", "--", *sources],
                         capture_output=True)
    return out.returncode != 0  # 1: changed; 128: revision unknown here, so unverifiable


def notice(figure, data):
    """What a reader must know about the figure's measurement, or ""."""
    revisions = {revision_of(d) for d in data}
    if None in revisions:
        return " (revision not recorded)"
    notes = []
    for rev in sorted(revisions):
        base = rev.removesuffix("-dirty")
        note = f"measured at {base}"
        if rev.endswith("-dirty"):
            note += " with uncommitted changes"
        if changed_since(base, figure.sources):
            note += "; the code it measures has changed since"
        if note != f"measured at {base}":
            notes.append(note)
    return f" ({'; '.join(notes)})" if notes else ""


def generate(name):
    """(value, notice) of figure `name`; raises KeyError or FileNotFoundError."""
    figure = FIGURES[name]
    data = [load(f) for f in figure.results]
    return figure.compute(data), notice(figure, data)


def process(path, write):
    text = path.read_text()
    problems = []  # (fatal, message): fatal ones fail --write too

    def replace(match):
        name, current = match.group(1), match.group(2)
        try:
            value, note = generate(name)
        except KeyError:
            problems.append((True, f"{path}: '{name}' is marked as measured but no figure of that "
                                   f"name exists (scripts/figures.py, FIGURES)"))
            return match.group(0)
        except FileNotFoundError as e:
            problems.append((True, f"{path}: '{name}' has no results file behind it ({e.filename})"))
            return match.group(0)
        if NOTICE.sub("", current).strip() != value:
            problems.append((False, f"{path}: '{name}' reads '{NOTICE.sub('', current).strip()}', "
                                    f"the results give '{value}' (run scripts/figures.py --write)"))
        return f"<!-- measured:{name} -->{value}{note}<!-- /measured -->"

    new = MARKED.sub(replace, text)
    if write and new != text:
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(new)
        tmp.replace(path)
    return problems, len(MARKED.findall(text))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    ap.add_argument("files", nargs="*", type=Path)
    args = ap.parse_args()
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
