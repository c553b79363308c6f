#!/usr/bin/env python3
"""Two or more builds of one transform timed against each other, one-off:
each contender's ffft_transform_loop (bench/transform_loop.cpp) runs once a
round, the rounds turning the order, and each contender's time is its best
run's.

  ab_transform_loop.py [--format dd128] [--log2n 12,15] [--reps 5]
                       [--batch-points 262144] [--calls 30]
                       NAME=COMMAND NAME=COMMAND ...

COMMAND: `[VAR=value ...] path/to/ffft_transform_loop`, the environment
settings it runs with (FFFT_CPU_ISA=avx2, FFFT_CPU_CACHE_BYTES=...) before
the binary. --batch-points P: transforms of P / N each a call, as the
benchmark's batches of 2^18 points (0: one transform a call). Prints, per
N, each contender's best ns per point and log2 N and its time over the
first contender's.

Why the order turns: in one series of batched runs in a fixed order, the
old build always first, a change that took 0.98-1.01 of the time when the
order turned came out at 0.80-0.91 (docs/performance.md). The best of
several runs, as benchFFT takes: another tenant only slows a run down.
"""
import argparse
import math
import os
import re
import shlex
import subprocess
import sys

ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def parse_contender(text):
    """NAME=COMMAND into (name, environment settings, argv)."""
    name, sep, command = text.partition("=")
    if not sep or not name or not command:
        raise ValueError(f"contender {text!r} is not NAME=COMMAND; write e.g. old=/tmp/old/ffft_transform_loop")
    words = shlex.split(command)
    settings = {}
    while words and ASSIGNMENT.match(words[0]):
        key, _, value = words.pop(0).partition("=")
        settings[key] = value
    if not words:
        raise ValueError(f"contender {name!r} names no program after its settings")
    return name, settings, words


def round_order(count, round_index):
    """The contenders' order in a round: each starts one place later than in
    the round before, so over `count` rounds each runs in every place once."""
    return [(round_index + q) % count for q in range(count)]


def run_once(settings, argv, fmt, n, batch, calls):
    env = dict(os.environ, **settings)
    if batch > 1:
        env["FFFT_LOOP_BATCH"] = str(batch)
    out = subprocess.run(argv + [fmt, str(n), str(calls)], env=env, check=True,
                         capture_output=True, text=True).stdout
    found = re.search(r"min_ns=(\d+)", out)
    if not found:
        raise RuntimeError(f"{' '.join(argv)} printed no min_ns: {out!r}")
    return int(found.group(1))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("contenders", nargs="+", help="NAME=COMMAND, the first the reference")
    parser.add_argument("--format", default="dd128", choices=["df64", "qf128", "dd128"])
    parser.add_argument("--log2n", default="10,12,13,14,15,16")
    parser.add_argument("--reps", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--batch-points", type=int, default=0,
                        help="points a call, in transforms of N (default 0: one transform)")
    parser.add_argument("--calls", type=int, default=0, help="timed calls a run (default: about 0.3 s of work)")
    args = parser.parse_args(argv)
    try:
        contenders = [parse_contender(c) for c in args.contenders]
        sizes = [int(v) for v in args.log2n.split(",")]
    except ValueError as e:
        parser.error(str(e))
    if len(contenders) < 2 or args.reps < 1:
        parser.error("give two contenders or more and at least one round")
    for log2n in sizes:
        n = 1 << log2n
        batch = max(1, args.batch_points // n) if args.batch_points else 1
        calls = args.calls or max(5, 300_000_000 // (n * batch * 20))
        best = [math.inf] * len(contenders)
        for r in range(args.reps):
            for i in round_order(len(contenders), r):
                _, settings, program = contenders[i]
                best[i] = min(best[i], run_once(settings, program, args.format, n, batch, calls))
        cells = [f"{name} {best[i] / (n * batch * log2n):.3f} ns ({best[i] / best[0]:.3f})"
                 for i, (name, _, _) in enumerate(contenders)]
        print(f"{args.format} 2^{log2n} batch {batch}: " + ", ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
