#!/usr/bin/env python3
"""What a results file in bench/results/ measured: the one way to record it.

Every results file carries, as its top-level "measured" object:

    "measured": {"revision": "a40c6b0d1e2f",    git rev-parse --short=12 HEAD; null: not recorded
                 "uncommitted": null,            null: the work tree matched the revision;
                                                 "diff <12 hex>": sha256 of DIFF below (tracked
                                                 files only); "not recorded": it differed by
                                                 changes nobody kept
                 "sources": ["src/cpu/", ...]}   the repository paths whose code the results
                                                 measure (folders end with "/")

so that a figure taken from the file can say which code it describes and
whether that code has changed since. A run on a tree with uncommitted
changes is recorded, not refused (the measurement is still worth keeping),
with a warning that it will show as uncommitted wherever it is shown.

  results_record.py identity [--json] [--from FILE]   this tree's revision (text, or the
                                                       JSON of FILE as written by --json)
  results_record.py stamp FILE... --sources KINDS [--identity FILE]
  results_record.py run --sources KINDS --out FILE... -- COMMAND...
                     the identity is taken before COMMAND runs and passed to it
                     (FFFT_SOURCE_REVISION, which tools/run_context.hpp honours);
                     the outputs are stamped once it has succeeded
  results_record.py check [FILE...]                    default: every bench/results/*.json

KINDS: comma-separated names of SOURCES below (e.g. cpu or cpu,gpu).
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"

# The code each kind of result measures. A change to one of these paths after
# the measured revision makes the results describe older code.
_SCALAR_ARITHMETIC = ["include/ffft/double_word.hpp", "include/ffft/quad_word.hpp", "include/ffft/eft.hpp",
                      "include/ffft/renormalize.hpp", "include/ffft/limb_ops.hpp"]
CPU = ["src/cpu/", "src/fft/", "engine/", "include/ffft/fft/", "include/ffft/simd_lanes.hpp",
       *_SCALAR_ARITHMETIC]
GPU = ["kernels/", "engine/", "include/ffft/fft/", *_SCALAR_ARITHMETIC]
SOURCES = {
    "cpu": CPU,
    "gpu": GPU,
    "arithmetic": ["include/ffft/"],
    "twiddles": ["include/ffft/twiddle/", "src/twiddle/", "src/fft/tables.cpp",
                 "include/ffft/host/twiddle_table.hpp"],
    "python": CPU + ["python/"],
    "distributed": CPU + ["src/distributed/", "include/ffft/distributed_plan.hpp",
                          "include/ffft/distributed_layout.hpp"],
    # The digits, carries and rounding of the multiplication are the program's own.
    "bigint": CPU + ["bench/bigint_multiply.cpp"],
    # The program's round-trip report: the transforms, and the program's and
    # the tools' measurement of their errors against FFTW's __float128.
    "roundtrip": CPU + ["cli/", "tools/fft_metrics.hpp", "tools/reference/"],
    # The real transforms' code (include/ffft/fft/real_steps.hpp,
    # src/fft/real_plan.cpp, src/cpu/cpu_real_executor.hpp) lies under CPU's folders.
    "real": CPU,
    # Build and test times depend on everything compiled and on how.
    "build": ["CMakeLists.txt", "CMakePresets.json", "cmake/", "include/", "src/", "engine/", "kernels/",
              "tests/", "tools/", "cli/", "python/", "bench/CMakeLists.txt", "scripts/build.sh",
              "scripts/test.sh", "scripts/run.sh", "scripts/test_python.sh", "scripts/test_shared_install.sh",
              "scripts/test_cli_sanitized.sh", "scripts/fuzz.sh", ".ci/"],
}

NOT_RECORDED = "not recorded"
ENVIRONMENT = "FFFT_SOURCE_REVISION"
# The uncommitted changes a run measures: every tracked file but the results
# themselves, which earlier runs rewrite and which are no code (without the
# exclusion, the second of two runs would show as uncommitted because of the
# first one's output). tools/run_context.hpp runs the same command.
DIFF = ["diff", "HEAD", "--binary", "--", ":(top)", ":(top,exclude)bench/results"]


def sources_of(kinds):
    """The paths of comma-separated kinds, in order, each once."""
    paths = []
    for kind in kinds.split(","):
        if kind not in SOURCES:
            raise SystemExit(f"results_record: unknown kind '{kind}' (known: {', '.join(SOURCES)})")
        paths += [p for p in SOURCES[kind] if p not in paths]
    return paths


def _git(root, *args):
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=True).stdout


def identity(root=ROOT):
    """{"revision", "uncommitted"} of the work tree at root, warning on stderr when it
    differs from its revision; None when git cannot name the revision."""
    try:
        revision = _git(root, "rev-parse", "--short=12", "HEAD").decode().strip()
        diff = _git(root, *DIFF)
    except (OSError, subprocess.CalledProcessError):
        return None
    uncommitted = f"diff {hashlib.sha256(diff).hexdigest()[:12]}" if diff else None
    if uncommitted:
        print(f"results_record: the work tree differs from {revision} ({uncommitted}): results "
              "measured now will show as measured with uncommitted changes", file=sys.stderr)
    return {"revision": revision, "uncommitted": uncommitted}


def revision_text(measured):
    """The revision as programs record it and tables show it (tools/run_context.hpp writes the same)."""
    revision, uncommitted = measured.get("revision"), measured.get("uncommitted")
    if revision is None:
        return "revision not recorded"
    if uncommitted is None:
        return revision
    detail = "diff not recorded" if uncommitted == NOT_RECORDED else uncommitted
    return f"{revision} with uncommitted changes ({detail})"


def describe(data):
    """'measured at <rev>[ with uncommitted changes (diff <hash>)]' of a results file's data."""
    measured = data.get("measured") if isinstance(data, dict) else None
    if not measured or measured.get("revision") is None:
        return "revision not recorded"
    return f"measured at {revision_text(measured)}"


def describe_file(path):
    """describe() of the results file at path."""
    return describe(json.loads(Path(path).read_text()))


def _members(text):
    """[(key, start, end)] of the top-level members of the JSON object in text:
    start at the key's opening quote, end after the value."""
    decoder = json.JSONDecoder()
    ws = " \t\r\n"
    i = text.index("{") + 1
    members = []
    while True:
        while text[i] in ws:
            i += 1
        if text[i] == "}":
            return members
        start = i
        key, i = json.decoder.scanstring(text, i + 1)
        i = text.index(":", i) + 1
        while text[i] in ws:
            i += 1
        _, i = decoder.raw_decode(text, i)
        members.append((key, start, i))
        while text[i] in ws:
            i += 1
        if text[i] == ",":
            i += 1


def with_measured(text, measured):
    """text with its "measured" member replaced or, first, added; every other
    byte is kept, so the measured values stay exactly as the program wrote them."""
    if not isinstance(json.loads(text), dict):
        raise ValueError("a results file holds a JSON object")
    members = _members(text)
    for n, (key, start, end) in enumerate(members):
        if key == "measured":
            if n + 1 < len(members):
                end = members[n + 1][1]
            elif n > 0:
                start = text.rindex(",", members[n - 1][2], start)
            text = text[:start] + text[end:]
            members = _members(text)
            break
    block = '"measured": ' + json.dumps(measured)
    if not members:
        brace = text.index("{")
        return text[:brace + 1] + block + text[text.index("}", brace):]
    first = members[0][1]
    brace = text.index("{")
    return text[:first] + block + "," + text[brace + 1:first] + text[first:]


def stamp(path, sources, measured=None, root=ROOT):
    """Writes {**measured, "sources": sources} into the results file at path (atomically);
    measured defaults to the identity of the tree at root. Returns the block."""
    if measured is None:
        measured = identity(root)
        if measured is None:
            raise SystemExit(f"results_record: git cannot name the revision of {root}; "
                             "pass --identity FILE (written by `identity --json` where it can)")
    missing = [s for s in sources if not (Path(root) / s).exists()]
    if missing:
        raise SystemExit(f"results_record: no such source path in {root}: {', '.join(missing)}")
    block = {"revision": measured["revision"], "uncommitted": measured["uncommitted"], "sources": list(sources)}
    path = Path(path)
    text = with_measured(path.read_text(), block)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return block


def problems(data, root=ROOT):
    """What is wrong with a results file's "measured" block ([] when nothing)."""
    measured = data.get("measured") if isinstance(data, dict) else None
    if not isinstance(measured, dict):
        return ['no top-level "measured" object']
    found = []
    if set(measured) != {"revision", "uncommitted", "sources"}:
        found.append(f"members {sorted(measured)}, not revision, uncommitted, sources")
    revision, uncommitted = measured.get("revision"), measured.get("uncommitted")
    if revision is not None and not (isinstance(revision, str) and re.fullmatch(r"[0-9a-f]{7,40}", revision)):
        found.append(f"revision {revision!r} is neither null nor 7-40 hex digits")
    if not (uncommitted is None or uncommitted == NOT_RECORDED
            or (isinstance(uncommitted, str) and re.fullmatch(r"diff [0-9a-f]{12}", uncommitted))):
        found.append(f"uncommitted {uncommitted!r} is not null, 'diff <12 hex>' or '{NOT_RECORDED}'")
    sources = measured.get("sources")
    if not (isinstance(sources, list) and sources and all(isinstance(s, str) and s for s in sources)):
        found.append("sources is not a non-empty list of paths")
    else:
        for s in sources:
            p = Path(root) / s
            if not p.exists() or s.endswith("/") != p.is_dir():
                found.append(f"source {s!r} is not a {'folder' if s.endswith('/') else 'file'} of the repository")
    return found


def _load_identity(path):
    """The identity saved by `identity --json` (e.g. with a bundle built elsewhere)."""
    try:
        measured = json.loads(Path(path).read_text())
        return {"revision": measured["revision"], "uncommitted": measured["uncommitted"]}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"results_record: {path} holds no revision written by `identity --json` ({e})")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("identity")
    p.add_argument("--json", action="store_true")
    p.add_argument("--from", dest="source")
    p = sub.add_parser("stamp")
    p.add_argument("files", nargs="+")
    p.add_argument("--sources", required=True)
    p.add_argument("--identity")
    p = sub.add_parser("run")
    p.add_argument("--sources", required=True)
    p.add_argument("--out", action="append", required=True)
    p.add_argument("cmd", nargs=argparse.REMAINDER)
    p = sub.add_parser("check")
    p.add_argument("files", nargs="*")
    a = ap.parse_args(argv)

    if a.command == "identity":
        measured = _load_identity(a.source) if a.source else identity()
        if measured is None:
            print("results_record: git cannot name this tree's revision", file=sys.stderr)
            return 1
        print(json.dumps(measured) if a.json else revision_text(measured))
    elif a.command == "stamp":
        sources = sources_of(a.sources)
        measured = _load_identity(a.identity) if a.identity else identity()
        for f in a.files:
            print(f"results_record: {f}: {describe({'measured': stamp(f, sources, measured)})}")
    elif a.command == "run":
        sources = sources_of(a.sources)
        cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
        if not cmd:
            ap.error("run: no command after --")
        measured = identity()
        if measured is None:
            raise SystemExit("results_record: git cannot name this tree's revision; nothing was run")
        rc = subprocess.run(cmd, env={**os.environ, ENVIRONMENT: revision_text(measured)}).returncode
        if rc != 0:
            print(f"results_record: {cmd[0]} failed (rc {rc}); nothing stamped", file=sys.stderr)
            return rc
        for f in a.out:
            print(f"results_record: {f}: {describe({'measured': stamp(f, sources, measured)})}")
    else:
        files = [Path(f) for f in a.files] or sorted(RESULTS.glob("*.json"))
        bad = 0
        for f in files:
            for problem in problems(json.loads(f.read_text())):
                print(f"results_record: {f}: {problem}", file=sys.stderr)
                bad += 1
        if bad:
            return 1
        print(f"results_record: {len(files)} results files record what they measured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
