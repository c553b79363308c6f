#!/usr/bin/env python3
"""Merges Google Benchmark JSON files of one program into one file.

    scripts/bench_json_merge.py OUT.json PART.json... [--context KEY=VALUE]...

A benchmark run split into processes (one per size, so that a run stopped by
a time limit keeps the sizes it finished: scripts/fft_bench_paths.sh) gives
one JSON per process. The merged file has the first part's context, the
earliest date, each part's benchmarks in the order given, and "merged_parts"
(how many); --context adds or replaces context entries. Parts that are
missing, empty or not JSON (a process killed before it wrote) are skipped and
named on stderr; with no part left the script fails and writes nothing.
Writes OUT atomically.
"""
import argparse
import json
import os
import sys
import tempfile


def load_parts(paths):
    parts = []
    for path in paths:
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            print(f"bench_json_merge: skipped {path}: {e}", file=sys.stderr)
            continue
        if not isinstance(data, dict) or "context" not in data or "benchmarks" not in data:
            print(f"bench_json_merge: skipped {path}: not a Google Benchmark JSON", file=sys.stderr)
            continue
        parts.append(data)
    return parts


def merge(parts, extra_context):
    context = dict(parts[0]["context"])
    dates = [p["context"].get("date") for p in parts if p["context"].get("date")]
    if dates:
        context["date"] = min(dates)
    context.update(extra_context)
    context["merged_parts"] = len(parts)
    return {"context": context, "benchmarks": [b for p in parts for b in p["benchmarks"]]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("parts", nargs="+")
    ap.add_argument("--context", action="append", default=[], metavar="KEY=VALUE")
    a = ap.parse_args(argv)
    extra = {}
    for item in a.context:
        key, sep, value = item.partition("=")
        if not sep or not key:
            ap.error(f"--context wants KEY=VALUE, got '{item}'")
        extra[key] = value
    parts = load_parts(a.parts)
    if not parts:
        sys.exit(f"bench_json_merge: none of the {len(a.parts)} parts could be read; {a.out} not written")
    merged = merge(parts, extra)
    out_dir = os.path.dirname(os.path.abspath(a.out))
    fd, tmp = tempfile.mkstemp(dir=out_dir, prefix=".merge.", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(merged, f, indent=2)
        f.write("\n")
    os.replace(tmp, a.out)
    print(f"bench_json_merge: {a.out}: {len(merged['benchmarks'])} benchmarks from {len(parts)} parts")


if __name__ == "__main__":
    main()
