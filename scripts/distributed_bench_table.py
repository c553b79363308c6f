#!/usr/bin/env python3
"""Markdown tables of scripts/distributed_bench.sh's JSON: strong and weak
scaling of the distributed transform, each time split into local work and
global exchange, with the single-process plan as the baseline."""
import json
import math
import sys

from results_record import describe


def main(path):
    data = json.load(open(path))
    c = data["context"]
    runs = data["runs"]
    fmt = runs[0]["format"] if runs else "?"
    print(f"# Distributed {fmt} transform over MPI ranks of one machine\n")
    print(f"{c['cpu_model']}, {c['cores']} cores, CPU path {c['cpu_path']}; "
          f"{runs[0]['mpi'] if runs else '?'}; ffft {describe(data)}; one thread per rank, ranks beyond "
          f"{c['cores']} oversubscribe the cores. Forward transform, median of 5; "
          "times are the slowest rank's. Local: transforms, twiddle step, local "
          "transpose; exchange: the global transposes (MPI_Alltoallw).\n")
    singles = {r["length"]: r["single_process_seconds"] for r in runs if r["ranks"] == 1}
    print("## Strong scaling\n")
    print("| N | ranks | ms | local ms | exchange ms | exchange share | GFLOPs | speedup vs 1 rank | vs plan<E> |")
    print("|---|---|---|---|---|---|---|---|---|")
    strong = sorted((r for r in runs if r["scaling"] == "strong"), key=lambda r: (r["length"], r["ranks"]))
    one = {r["length"]: r["seconds"] for r in strong if r["ranks"] == 1}
    for r in strong:
        n = r["length"]
        print(f"| 2^{n.bit_length() - 1} | {r['ranks']} | {r['seconds'] * 1e3:.1f} | {r['local_seconds'] * 1e3:.1f} | "
              f"{r['exchange_seconds'] * 1e3:.1f} | {r['exchange_seconds'] / r['seconds']:.0%} | {r['gflops']:.3f} | "
              f"{one[n] / r['seconds']:.2f} | {singles[n] / r['seconds']:.2f} |")
    print("\n## Weak scaling (2^18 points per rank)\n")
    print("| N | ranks | ms | local ms | exchange ms | exchange share | GFLOPs | efficiency |")
    print("|---|---|---|---|---|---|---|---|")
    weak = sorted((r for r in runs if r["scaling"] == "weak"), key=lambda r: r["ranks"])
    base = weak[0] if weak else None
    for r in weak:
        # Efficiency: time per point-log, relative to one rank.
        work = r["length"] * math.log2(r["length"]) / r["ranks"]
        work1 = base["length"] * math.log2(base["length"])
        eff = (work / r["seconds"]) / (work1 / base["seconds"])
        print(f"| {r['length']} | {r['ranks']} | {r['seconds'] * 1e3:.1f} | {r['local_seconds'] * 1e3:.1f} | "
              f"{r['exchange_seconds'] * 1e3:.1f} | {r['exchange_seconds'] / r['seconds']:.0%} | {r['gflops']:.3f} | {eff:.2f} |")
    print("\nThe single-process plan<E> (1 thread) is the baseline of 'vs plan<E>' "
          f"({', '.join(f'2^{n.bit_length() - 1}: {s * 1e3:.1f} ms' for n, s in sorted(singles.items()) if s > 0)}).")


if __name__ == "__main__":
    main(sys.argv[1])
