#!/usr/bin/env bash
# The distributed transform's scaling over ranks of this machine, dd128 by
# default: strong scaling (N = 2^20 and 2^22 on 1..4 ranks) and weak scaling
# (2^18 points per rank), each time split into local work and exchange.
# Writes bench/results/distributed_cpu.{json,md} (the table by
# scripts/distributed_bench_table.py). About 3 minutes on the 2-core VM;
# 3 and 4 ranks oversubscribe its cores, which the table shows.
#
#   scripts/distributed_bench.sh [FORMAT]
set -euo pipefail
cd "$(dirname "$0")/.."
format=${1:-dd128}
build=${FFFT_BUILD_DIR:-build}
bench=$build/bench/ffft_bench_distributed
[[ -x $bench ]] || { echo "distributed_bench.sh: build $bench first (cmake --build $build --target ffft_bench_distributed)" >&2; exit 1; }
cores=$(getconf _NPROCESSORS_ONLN)  # before OMP_NUM_THREADS, which nproc obeys
# Open MPI: root in containers, more ranks than cores; one thread a rank.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 OMP_NUM_THREADS=1

out=bench/results/distributed_cpu.json
lines=$(mktemp)
identity=$(mktemp)
trap 'rm -f "$lines" "$identity"' EXIT
# The revision measured, taken before the runs (scripts/results_record.py).
/usr/bin/python3 scripts/results_record.py identity --json >"$identity"
for ranks in 1 2 3 4; do
  mpirun -np "$ranks" "$bench" --format "$format" --repeats 5 $((1 << 20)) $((1 << 22)) \
    | sed 's/}$/, "scaling": "strong"}/' >> "$lines"
  mpirun -np "$ranks" "$bench" --format "$format" --repeats 5 $((ranks << 18)) \
    | sed 's/}$/, "scaling": "weak"}/' >> "$lines"
done
cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
isa=$("$build/bin/ffft" info --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["cpu_path"])')
/usr/bin/python3 - "$lines" "$out" "$cpu" "$cores" "$isa" <<'PY'
import json, sys
lines, out, cpu, cores, isa = sys.argv[1:]
runs = [json.loads(l) for l in open(lines) if l.strip()]
json.dump({"context": {"cpu_model": cpu, "cores": int(cores), "cpu_path": isa}, "runs": runs},
          open(out + ".tmp", "w"), indent=1)
PY
/usr/bin/python3 scripts/results_record.py stamp "$out.tmp" --sources distributed --identity "$identity"
mv "$out.tmp" "$out"
/usr/bin/python3 scripts/distributed_bench_table.py "$out" > "${out%.json}.md.tmp"
mv "${out%.json}.md.tmp" "${out%.json}.md"
echo "distributed_bench.sh: wrote $out and ${out%.json}.md"
