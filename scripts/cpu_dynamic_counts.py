#!/usr/bin/env python3
"""Instructions executed per point by the CPU transforms, by kind, and the
cycles per point they need at best on this CPU: the ceiling that today's
instructions set, against the measured time and the speed goals.

  cpu_dynamic_counts.py [--build DIR] [--formats df64,qf128,dd128] [--log2n 10,13,16]
                        [--counter callgrind|ptrace] [--limit FORMAT:LOG2N ...] [--run NAME]
        count and time the path FFFT_CPU_ISA selects (or the best one),
        write bench/results/cpu_dynamic_counts_<path>.{json,md}, its goals
        against the baselines of fft_cpu_<path>.json (--run NAME: of
        fft_cpu_NAME.json, written to cpu_dynamic_counts_NAME.{json,md},
        for a path forced on a machine that has another)
  cpu_dynamic_counts.py retime FILE.json [--build DIR]
        the times again (counts kept): counting, which a loaded machine does
        not disturb, can then run beside other work, and the timing later
        on a quiet machine, or on another machine (the file then names it,
        its measured clock and its model); the file is stamped afresh, and
        its memory floors are dropped until `memory` measures them again
  cpu_dynamic_counts.py memory FILE.json [--build DIR]
        the floor that memory sets under the large sizes (ffft_memory_trips,
        bench/memory_trips.cpp): the trips over the data that the executor's
        schedule makes at N = 2^16-2^22, times the measured time of one,
        against the time per point that the large-size goal allows; kept
        in the file beside the counts, on a quiet machine
  cpu_dynamic_counts.py arithmetic FILE.json [--build DIR]
        the floor that the butterflies' arithmetic alone sets under every
        N of 2^10-2^22 (ffft_butterfly_rate, bench/butterfly_rate.cpp): each
        radix's lane arithmetic timed back to back on operands in L1 (the
        fastest of 3 runs), summed over a transform's passes, against the
        cycles per point that each goal needs; kept in the file beside the
        counts, on a quiet machine
  cpu_dynamic_counts.py render FILE.json     the md from the JSON

How:
  - counts: build/bench/ffft_transform_loop (bench/transform_loop.cpp)
    runs one plan's transform; each address's count of executed
    instructions comes from one of two counters, both exact: the same
    binary and input give the same counts whatever else the machine is
    doing, so they hold on a shared VM where times vary by tens of percent.
    objdump names each address's instruction and function.
      callgrind (the avx2 path's default): valgrind runs the program twice,
        with 0 and with 2 calls after its first; the difference, halved, is
        one transform (--dump-instr).
      ptrace (the avx512 path's; valgrind does not decode AVX-512):
        ffft_instruction_count (bench/instruction_count.cpp) single-steps
        the transform loop's marked calls. Slower (tens of thousands of
        instructions a second on a VM), so one call, and --limit qf128:13
        keeps a format to the sizes it can count in minutes. On the
        avx2 path the two agree to 0.02% on ffft's own code (dd128, 2^10).
  - kinds (vector and scalar alike): FP add (add, sub, min, max, compares),
    FP multiply (mul and FMA), shuffle (permutes, shuffles, unpacks,
    inserts, extracts, broadcasts, blends), FP logic (and, or, xor, moves
    between registers), loads and stores (an operand in memory; an
    arithmetic instruction with a memory operand counts as a load too),
    and the rest (integer, branches).
  - the ceiling: the cycles per point that each resource needs at its
    throughput; the largest binds. The resources are a model of the core
    the path runs on (the models below, chosen by the CPU's vendor and
    generation and the path; the JSON records the one used). A transform
    at the ceiling issues the binding resource's instructions every cycle,
    with no stall for latency, cache or memory: no schedule of the same
    instructions is faster.
  - time: the same program natively, the fastest of its calls, times the
    core's clock as ffft_core_clock measures it (bench/core_clock.cpp: a
    VM's core may run well above the nominal clock of /proc/cpuinfo, which
    older files, without a measured clock, fall back to): measured cycles
    per point.
  - goals: the 1-D ratios (fft_bench_table.py's) as the cycles per point
    they need, from the baselines' one-thread GFLOPs at the same N in
    bench/results/fft_cpu_<path>.json, by the benchmark's own rule
    (fft_bench_json.summarize: the fastest repetition): a goal that needs
    fewer cycles than the ceiling cannot be met without fewer instructions.
  - memory: the large-size goal (each format keeps at least KEPT_GOAL of
    its best one-thread GFLOPs of 2^10-2^22 at every N) as the cycles per
    point it allows at each N, against trips x one trip (a copy of N
    values, read and written as a pass does): a floor below the allowance
    leaves the goal to the schedule (overlapping the trips with the
    arithmetic), one above it would stop it.
  - the arithmetic alone: the path's lane arithmetic (the functions every
    pass calls, one call a lane group), each radix timed in a loop on
    operands in L1, every call's inputs copied into place first (so that
    the calls are independent, as a pass's are), the fastest of many
    blocks: cycles a call, with and without the twiddle products (a last
    pass, m = 1, has none). A transform's floor is the sum over its passes
    of cycles a call / (R W), the last one's without. Where the ceiling counts what the ports must
    issue, this measures what today's arithmetic does on the core, its
    chains of dependent operations and its spills included: a goal that
    needs fewer cycles than the floor cannot be met by any pass loop or
    memory schedule around today's arithmetic, only by faster arithmetic.
    The program calls the library's own functions (on the avx512 path
    through the weak references of its localized object: `arithmetic`
    first checks that what it links is the library's object's code).

Without valgrind (callgrind), ffft_instruction_count (ptrace) or objdump it
says so and exits 1.
"""
import argparse
import functools
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fft_bench_json  # noqa: E402
import fft_bench_table  # noqa: E402
import results_record  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"

KINDS = ["fp_add", "fp_mul", "shuffle", "fp_logic", "move", "load", "store", "other"]
KIND_LABELS = {"fp_add": "FP add", "fp_mul": "FP mul/FMA", "shuffle": "shuffle", "fp_logic": "FP logic", "move": "register move",
               "load": "load", "store": "store", "other": "integer/branch"}

# Per-cycle throughputs of a core. Each entry: the kinds that compete for
# the resource, and how many of them it takes per cycle. Every instruction
# counts as one macro-op (one fused micro-op on Intel): dispatch or issue.
ZEN3 = {
    # AMD's Software Optimization Guide for family 19h: 6 macro-ops
    # dispatched per cycle; 4 FP pipes, of which 2 multiply (FMA) and 2
    # add, shuffles on one of each, so that additions and shuffles share 3;
    # 2 loads and 1 store of 256 bits per cycle.
    "name": "AMD Zen 3 (family 19h), 256-bit operations",
    "resources": {
        "dispatch": (["all"], 6),
        "FP pipes": (["fp_add", "fp_mul", "shuffle", "fp_logic"], 4),
        "FP add pipes": (["fp_add"], 2),
        "FP add and shuffle pipes": (["fp_add", "shuffle"], 3),
        "FP multiply pipes": (["fp_mul"], 2),
        "shuffle pipes": (["shuffle"], 2),
        "load ports": (["load"], 2),
        "store port": (["store"], 1),
    },
}
# AMD's Software Optimization Guide for family 19h, models 10h-1Fh and
# 60h-7Fh (Zen 4, the first AMD core with AVX-512): Zen 3's 6 dispatch
# slots and its pipes and ports of 256 bits, where a 512-bit operation is
# one macro-op that takes its pipe or port for two cycles: every rate but
# dispatch at half Zen 3's.
ZEN4_512 = {
    "name": "AMD Zen 4 (family 19h), 512-bit operations (two cycles of a 256-bit pipe each)",
    "resources": {name: (kinds, rate if name == "dispatch" else rate / 2)
                  for name, (kinds, rate) in ZEN3["resources"].items()},
}
# Zen 4 on 256-bit operations: Zen 3's pipes and rates.
ZEN4_256 = {"name": "AMD Zen 4 (family 19h), 256-bit operations", "resources": ZEN3["resources"]}
# Intel's Optimization Reference Manual, Skylake Server (also Cascade Lake,
# CPUID family 6 model 85): 4 fused micro-ops issued per cycle; vector
# operations on ports 0, 1 and 5, where 512-bit ones take ports 0+1 fused
# and 5 (the two-FMA parts that clouds rent), so that every 512-bit FP
# operation, shuffle and logic shares 2 a cycle; shuffles on port 5 only;
# 2 loads and 1 store per cycle.
SKYLAKE_SERVER_512 = {
    "name": "Intel Skylake/Cascade Lake server, 512-bit operations (ports 0+1 and 5)",
    "resources": {
        "issue": (["all"], 4),
        "vector ports (0+1, 5)": (["fp_add", "fp_mul", "shuffle", "fp_logic"], 2),
        "shuffle port (5)": (["shuffle"], 1),
        "load ports": (["load"], 2),
        "store port": (["store"], 1),
    },
}
# The same core on 256-bit operations: FP add, multiply and FMA on ports 0
# and 1, shuffles on 5, logic on all three.
SKYLAKE_SERVER_256 = {
    "name": "Intel Skylake/Cascade Lake server, 256-bit operations (ports 0, 1, 5)",
    "resources": {
        "issue": (["all"], 4),
        "vector ports (0, 1, 5)": (["fp_add", "fp_mul", "shuffle", "fp_logic"], 3),
        "FP arithmetic ports (0, 1)": (["fp_add", "fp_mul"], 2),
        "shuffle port (5)": (["shuffle"], 1),
        "load ports": (["load"], 2),
        "store port": (["store"], 1),
    },
}


# Intel's Optimization Reference Manual, Golden Cove (Sapphire Rapids; Redwood
# Cove after it has the same ports; told apart by AVX-512 FP16): 6 micro-ops
# allocated per cycle; 512-bit operations still on ports 0+1 fused and 5,
# shuffles of 512 bits on 5 alone; 2 loads of 512 bits per cycle, 3 of 256;
# 2 stores per cycle. On 256 bits the FP additions run on ports 1 and 5
# (the fast adders) and the FMAs on 0 and 1, and in-lane shuffles on 1 and
# 5. Where the manual leaves a choice (cross-lane shuffles are port 5's
# alone; a 512-bit store may take both store ports), the model takes the
# faster: a ceiling must be one no schedule can beat.
GOLDEN_COVE_SERVER_512 = {
    "name": "Intel Golden Cove server core (Sapphire Rapids and later), 512-bit operations (ports 0+1 and 5)",
    "resources": {
        "issue": (["all"], 6),
        "vector ports (0+1, 5)": (["fp_add", "fp_mul", "shuffle", "fp_logic"], 2),
        "shuffle port (5)": (["shuffle"], 1),
        "load ports": (["load"], 2),
        "store ports": (["store"], 2),
    },
}
GOLDEN_COVE_SERVER_256 = {
    "name": "Intel Golden Cove server core (Sapphire Rapids and later), 256-bit operations (ports 0, 1, 5)",
    "resources": {
        "issue": (["all"], 6),
        "vector ports (0, 1, 5)": (["fp_add", "fp_mul", "shuffle", "fp_logic"], 3),
        "FP multiply ports (0, 1)": (["fp_mul"], 2),
        "shuffle ports (1, 5)": (["shuffle"], 2),
        "load ports": (["load"], 3),
        "store ports": (["store"], 2),
    },
}


def cpuinfo_field(name):
    """The value of the first /proc/cpuinfo line named `name`, or None."""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith(name):
            return line.split(":", 1)[1].strip()
    return None


def cpu_flags():
    return set((cpuinfo_field("flags") or "").split())


def model_for(cpu, path, flags=None):
    """The resource model of the core a path runs on, by the CPU's vendor
    and generation: for Intel's, AVX-512 FP16 came with Golden Cove; for
    AMD's, AVX-512 with Zen 4."""
    flags = cpu_flags() if flags is None else flags
    if "Intel" in cpu:
        if "avx512_fp16" in flags:
            return GOLDEN_COVE_SERVER_512 if path == "avx512" else GOLDEN_COVE_SERVER_256
        return SKYLAKE_SERVER_512 if path == "avx512" else SKYLAKE_SERVER_256
    if "avx512f" in flags:
        return ZEN4_512 if path == "avx512" else ZEN4_256
    return ZEN3


FP_ADD = re.compile(r"^v?(add|sub|min|max|cmp|hadd|hsub)\w*[ps][sd]$|^v?u?comis[sd]$")
FP_MUL = re.compile(r"^v?(mul\w*[ps][sd]|f(n)?m(add|sub)\w+|div\w*[ps][sd]|sqrt\w*[ps][sd])$")
SHUFFLE = re.compile(r"^v?(perm|shuf|unpck|insert|extract|broadcast|movddup|movs[hl]dup|pshuf|palignr|blend|punpck|pblend)")
FP_LOGIC = re.compile(r"^v?(and|andn|or|xor)[ps][sd]$|^v?p(and|andn|or|xor)|^v?mov(ap|up)[sd]$|^v?movdq[au]$|^v?mov[sd]$|^vmovq$|^v?movmsk|^v?ptest|^v?testp[sd]$|^vzeroupper$")


MOVE = re.compile(r"^v?(mov(?!msk)|lddqu)|^(push|pop)|^vbroadcast")
READ_ONLY = re.compile(r"^v?(cmp|test|bt|u?comis|ptest)")


def operands_of(text):
    """The operands of an AT&T instruction, split at the commas outside parentheses."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    return out + [text[start:].strip()] if text.strip() else out


def classify(mnemonic, operands):
    """(kind of operation or None, "load", "store" or None). AT&T order: the
    destination last. A move with an operand in memory is a load or a store
    and nothing else (kind None); an operation with one is both."""
    ops = operands_of(operands)
    in_memory = [i for i, o in enumerate(ops) if "(" in o]
    memory = None
    if in_memory:
        memory = "store" if len(ops) > 1 and in_memory[-1] == len(ops) - 1 else "load"
    if memory == "store" and READ_ONLY.match(mnemonic):
        memory = "load"  # compares and tests write no operand
    if MOVE.match(mnemonic):
        return (None if memory else "move"), memory
    if mnemonic.startswith("v") or re.match(r"^(add|sub|mul|div|sqrt|min|max|cmp|ucomi|comi)[sp][sd]$", mnemonic):
        for kind, pattern in (("fp_add", FP_ADD), ("fp_mul", FP_MUL), ("shuffle", SHUFFLE), ("fp_logic", FP_LOGIC)):
            if pattern.match(mnemonic):
                return kind, memory
    return "other", memory


def disassemble(binary):
    """{address: (mnemonic, operands, function)} of the program's text."""
    text = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", "-M", "att", str(binary)],
                          check=True, capture_output=True, text=True).stdout
    out, function = {}, "?"
    head = re.compile(r"^([0-9a-f]+) <(.*)>:$")
    line_re = re.compile(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$")
    for line in text.splitlines():
        m = head.match(line)
        if m:
            function = m.group(2)
            continue
        m = line_re.match(line)
        if m:
            out[int(m.group(1), 16)] = (m.group(2), m.group(3).split("#")[0].strip(), function)
    return out


def callgrind_counts(binary, args):
    """{address: instructions executed there} in the program itself, and
    the instructions executed elsewhere (libraries)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=yes",
                        "--dump-line=no", "--compress-strings=no", "--compress-pos=no", str(binary), *args],
                       check=True, capture_output=True, text=True)
        counts, elsewhere, own, skip = {}, 0, False, False
        for line in out.read_text().splitlines():
            if line.startswith("ob="):
                own = Path(line[3:]).resolve() == Path(binary).resolve()
            elif line.startswith("calls="):
                skip = True  # the next cost line is the call's inclusive cost
            elif line[:2] == "0x":
                if skip:
                    skip = False
                    continue
                address, cost = line.split()[:2]
                if own:
                    counts[int(address, 16)] = counts.get(int(address, 16), 0) + int(cost)
                else:
                    elsewhere += int(cost)
            elif line.startswith(("cob=", "cfn=", "cfi=", "cfl=")):
                continue
        return counts, elsewhere


def ptrace_counts(counter, binary, args):
    """{address: instructions executed there} of the transform loop's marked
    calls, by ffft_instruction_count, split as callgrind_counts does."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "counts.txt"
        subprocess.run([str(counter), str(out), str(binary), *args], check=True, capture_output=True, text=True)
        return {int(a, 16): int(c) for a, c in (line.split() for line in out.read_text().splitlines())}


# The functions of the passes and of the cache-blocked groups' tiles: their
# loops, loads, permutes and stores, and the arithmetic they inline (a
# radix-4 lane group's, within lane_butterfly_rows).
PASS_FUNCTIONS = ("run_pass", "stockham_pass", "stockham_two_passes", "run_consecutive_passes",
                  "run_last_two_passes", "lane_butterfly_rows",
                  "stockham_butterfly", "stockham_two_butterflies", "stockham_group", "run_group",
                  "along_columns", "column_pass")
# Counts files whose rows say so group PASS_FUNCTIONS as above; older ones
# counted only run_pass and stockham_pass as the pass loop, the tiles'
# functions as other.
FUNCTION_GROUPS = 2


def function_group(name):
    # The butterflies' arithmetic where it is called out of line, with the
    # out-of-line complex four-limb operations it calls (unchecked.hpp's
    # side_by_side functions).
    if "lane_butterfly_arithmetic" in name or "_side_by_side" in name:
        return "arithmetic"
    if any(f in name for f in PASS_FUNCTIONS):
        return "pass loop"
    return "other"


def count_one(binary, listing, fmt, n, counter=None, calls=2):
    """One transform's instructions, by kind and by function group: by
    callgrind (counter None) or by the ptrace counter at that path."""
    if counter is None:
        before, before_else = callgrind_counts(binary, [fmt, str(n), "0"])
        after, after_else = callgrind_counts(binary, [fmt, str(n), str(calls)])
    else:
        calls = 1
        counted = ptrace_counts(counter, binary, [fmt, str(n), str(calls)])
        before, before_else = {}, 0
        after = {a: c for a, c in counted.items() if a in listing}
        after_else = sum(c for a, c in counted.items() if a not in listing)
    kinds = {k: 0.0 for k in KINDS}
    groups = {}
    total = 0.0
    for address, cost in after.items():
        executed = (cost - before.get(address, 0)) / calls
        if executed <= 0:
            continue
        mnemonic, operands, function = listing.get(address, ("?", "", "?"))
        kind, memory = classify(mnemonic, operands)
        if kind:
            kinds[kind] += executed
        if memory:
            kinds[memory] += executed
        groups[function_group(function)] = groups.get(function_group(function), 0.0) + executed
        total += executed
    libraries = (after_else - before_else) / calls
    kinds["all"] = total + libraries
    return {"instructions": total + libraries, "in_libraries": libraries, "per_kind": kinds,
            "per_function": groups, "function_groups": FUNCTION_GROUPS}


def time_one(binary, fmt, n):
    calls = max(5, min(2000, int(2e8 / (n * math.log2(max(n, 2)) * (10 if fmt == "qf128" else 1)))))
    line = subprocess.run([str(binary), fmt, str(n), str(calls)], check=True, capture_output=True,
                          text=True).stdout
    return float(re.search(r"min_ns=([0-9.]+)", line).group(1)), re.search(r"path=(\S+)", line).group(1)


def nominal_mhz():
    mhz = cpuinfo_field("cpu MHz")
    return float(mhz) if mhz is not None else None


def measured_mhz(build):
    """The core's clock as ffft_core_clock (bench/core_clock.cpp) measures it,
    or None where it cannot (not built, not x86-64)."""
    binary = Path(build) / "bench" / "ffft_core_clock"
    if not binary.exists():
        return None
    run = subprocess.run([str(binary)], capture_output=True, text=True)
    found = re.search(r"mhz=([0-9]+)", run.stdout) if run.returncode == 0 else None
    return float(found.group(1)) if found else None


def clock_of(data):
    """(MHz, what it is) that a file's times are converted to cycles at: the
    measured clock where the file has one, else /proc/cpuinfo's nominal one."""
    nominal = data["nominal_mhz"]
    if data.get("clock_mhz"):
        return data["clock_mhz"], (f"{data['clock_mhz']:.0f} MHz, the core's clock measured by ffft_core_clock "
                                   f"(nominal {nominal:.0f})")
    return nominal, f"nominal {nominal:.0f} MHz (the core's own clock not measured)"


def cpu_model():
    return cpuinfo_field("model name") or "?"


def machine_fields(path, build):
    """What a counts file records of the machine that times it: the CPU, its
    nominal and measured clocks, and the model of its core for `path`."""
    model = model_for(cpu_model(), path)
    return {"cpu_model": cpu_model(), "nominal_mhz": nominal_mhz(), "clock_mhz": measured_mhz(build),
            "model": model["name"],
            "resources": {name: [kinds, rate] for name, (kinds, rate) in model["resources"].items()}}


def ceiling(per_point, model):
    """{resource: cycles per point}, and the binding resource."""
    cycles = {name: sum(per_point.get(k, 0.0) for k in kinds) / rate
              for name, (kinds, rate) in model["resources"].items()}
    return cycles, max(cycles, key=cycles.get)


def baseline_gflops(run, report=None):
    """{(contender, n): one-thread GFLOPs} of a CPU benchmark run (default:
    bench/results/fft_cpu_<run>.json), by the benchmark's rule (the fastest
    repetition), and the file's name."""
    file = RESULTS / f"fft_cpu_{run}.json"
    if report is None:
        if not file.exists():
            return {}, None
        report = json.loads(file.read_text())
    results, _, _ = fft_bench_json.summarize(report, ["GFLOPs"])
    return {(c, n): v["GFLOPs"] for (c, n, t), v in results.items() if t == 1 and "GFLOPs" in v}, file.name


def run_of(data):
    """The name of the benchmark run (fft_cpu_<name>.json) whose baselines a
    counts file is set against: its own, or its path's."""
    return data.get("run", data["cpu_path"])


# The 1-D goals that compare ffft with a CPU baseline: (format, baseline,
# ratio of GFLOPs at least) per path (scripts/fft_bench_table.py).
GOALS = {
    "avx2": [("dd128", "qd_dd_real", 2.5), ("dd128", "fftw_long_double", 1.0), ("dd128", "fftw_quad", 25),
             ("qf128", "fftw_quad", 6)],
    "avx512": [("dd128", "qd_dd_real", 2.5), ("dd128", "fftw_long_double", 1.5), ("dd128", "fftw_quad", 50),
               ("qf128", "fftw_quad", 8)],
}


def measure(args):
    binary = Path(args.build) / "bench" / "ffft_transform_loop"
    if not binary.exists():
        print(f"cpu_dynamic_counts: {binary} not built (cmake --build {args.build} --target ffft_transform_loop)")
        return 1
    if shutil.which("objdump") is None:
        print("cpu_dynamic_counts: objdump not found (Debian package binutils)")
        return 1
    _, path = time_one(binary, "df64", 64)
    kind = args.counter or ("ptrace" if path == "avx512" else "callgrind")
    counter = None
    if kind == "ptrace":
        counter = Path(args.build) / "bench" / "ffft_instruction_count"
        if not counter.exists():
            print(f"cpu_dynamic_counts: {counter} not built (cmake --build {args.build} --target ffft_instruction_count)")
            return 1
    elif shutil.which("valgrind") is None:
        print("cpu_dynamic_counts: valgrind not found (Debian package valgrind)")
        return 1
    identity = results_record.identity()
    listing = disassemble(binary)
    rows = []
    limits = dict(args.limit)
    for fmt in args.formats.split(","):
        for log2n in (int(x) for x in args.log2n.split(",")):
            if log2n > limits.get(fmt, log2n):
                continue
            n = 1 << log2n
            counts = count_one(binary, listing, fmt, n, counter)
            ns, _ = time_one(binary, fmt, n)
            rows.append({"format": fmt, "n": n, "counts": counts, "min_ns": ns})
            print(f"{fmt} 2^{log2n}: {counts['instructions'] / n:.1f} instructions per point, {ns / 1e3:.1f} us",
                  flush=True)
    run = args.run or path
    out = RESULTS / f"cpu_dynamic_counts_{run}.json"
    data = {"measured": None, **machine_fields(path, args.build), "cpu_path": path, "run": run,
            "counter": kind, "rows": rows}
    out.write_text(json.dumps(data, indent=1) + "\n")
    results_record.stamp(out, results_record.sources_of("cpu"), identity)
    render(out)
    return 0


COUNTER_NAMES = {"callgrind": "callgrind", "ptrace": "single-stepping under ptrace (ffft_instruction_count)"}


def retime(json_path, build):
    """Times every row of a counts file again on this machine, with the
    build's transform loop, on the path the file counted."""
    json_path = Path(json_path)
    data = json.loads(json_path.read_text())
    binary = Path(build) / "bench" / "ffft_transform_loop"
    identity = results_record.identity()
    os.environ["FFFT_CPU_ISA"] = data["cpu_path"]
    # The counts are of the binary, whatever runs it; the times, the clock
    # and the model of the core are this machine's.
    data.update(machine_fields(data["cpu_path"], build))
    data.pop("memory", None)  # another machine's, or an older revision's: `memory` measures it again
    data.pop("arithmetic", None)  # the same: `arithmetic` measures it again
    for r in data["rows"]:
        r["min_ns"], path = time_one(binary, r["format"], r["n"])
        if path != data["cpu_path"]:
            print(f"cpu_dynamic_counts: this machine ran the {path} path, not the file's {data['cpu_path']}")
            return 1
        print(f"{r['format']} 2^{int(math.log2(r['n']))}: {r['min_ns'] / 1e3:.1f} us", flush=True)
    json_path.write_text(json.dumps(data, indent=1) + "\n")
    results_record.stamp(json_path, results_record.sources_of("cpu"), identity)
    return render(json_path)


# The large-size goal: the worst N's one-thread GFLOPs over the best N's.
KEPT_GOAL = fft_bench_table.KEPT_GOAL


def file_and_program(json_path, build, program, what):
    """A counts file's data and the built program that measures its `what`
    beside the counts, or (None, None), saying why, where the program is
    not built or this machine is not the file's."""
    data = json.loads(json_path.read_text())
    binary = Path(build) / "bench" / program
    if not binary.exists():
        print(f"cpu_dynamic_counts: {binary} not built (cmake --build {build} --target {program})")
        return None, None
    if cpu_model() != data["cpu_model"]:
        print(f"cpu_dynamic_counts: this machine is a {cpu_model()}, the file's counts and times are of a "
              f"{data['cpu_model']}: measure the {what} on that machine")
        return None, None
    return data, binary


def run_on_path(binary, args, data):
    """The JSON a program prints, run on the path of a counts file."""
    env = dict(os.environ, FFFT_CPU_ISA=data["cpu_path"])
    return json.loads(subprocess.run([str(binary), *map(str, args)], check=True, capture_output=True, text=True,
                                     env=env).stdout)


def memory(json_path, build):
    """Runs ffft_memory_trips on the file's path and keeps its rows in the
    file as "memory", with the revision they measured (the counts keep
    theirs)."""
    json_path = Path(json_path)
    data, binary = file_and_program(json_path, build, "ffft_memory_trips", "memory")
    if data is None:
        return 1
    identity = results_record.identity()
    trips = run_on_path(binary, [], data)
    trips["measured"] = identity
    data["memory"] = trips
    json_path.write_text(json.dumps(data, indent=1) + "\n")
    return render(json_path)


ARITHMETIC_LOG2N = range(10, 23)


@functools.lru_cache(maxsize=None)
def demangled_listing(binary):
    """objdump's demangled disassembly of an object or program, as lines."""
    return subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", str(binary)], check=True,
                          capture_output=True, text=True).stdout.splitlines()


def function_body(binary, symbol):
    """The instructions of the function named `symbol` (demangled) in an
    object or program, without addresses, branch and call targets, offsets
    from the instruction pointer (relocated in a program, zero in an
    object) and the padding after it."""
    body, inside = [], False
    for line in demangled_listing(str(binary)):
        if re.match(r"^[0-9a-f]+ <", line):
            inside = line.split(" <", 1)[1].startswith(symbol)
            continue
        if inside and "\t" in line:
            text = re.sub(r"#.*", "", line.split("\t", 1)[1]).strip()
            text = re.sub(r"^(call|j[a-z]+)\s+.*", r"\1", text)
            body.append(re.sub(r"-?0x[0-9a-f]+\(%rip\)", "(%rip)", text))
    while body and re.match(r"^(nop|xchg\s+%ax,%ax|cs nopw|data16)", body[-1]):
        body.pop()
    return body


ARITHMETIC_RUNS = 3


def untwiddled_ns(call):
    """A call's time without its twiddle products: a transform's last pass
    (m = 1, every twiddle 1), which skips them (twiddled_dft.hpp). Files
    measured before that pass skipped them have the twiddled time only."""
    return call.get("untwiddled_ns", call["ns"])


def transform_floor_ns(per_call, fmt, radices):
    """The arithmetic alone of a transform of these passes, ns a point: each
    pass's call time / (R W), the last pass's without twiddle products."""
    def per_point(radix, last):
        c = per_call[(fmt, radix)]
        return (untwiddled_ns(c) if last else c["ns"]) / (radix * c["lanes"])
    return sum(per_point(radix, j + 1 == len(radices)) for j, radix in enumerate(radices))


def fastest_calls(runs):
    """One ffft_butterfly_rate report from several: each call's fastest time,
    and the floors summed again from them."""
    rates = runs[0]
    for c in rates["calls"]:
        same = [d for r in runs for d in r["calls"] if (d["format"], d["radix"]) == (c["format"], c["radix"])]
        for key in ("ns", "untwiddled_ns", "copy_ns"):
            c[key] = min(d[key] for d in same)
    per_call = {(c["format"], c["radix"]): c for c in rates["calls"]}
    for r in rates["rows"]:
        r["floor_ns_per_point"] = transform_floor_ns(per_call, r["format"], r["radices"])
    rates["runs"] = len(runs)
    return rates


LIMB_TYPES = {"df64": "float, 2", "qf128": "float, 4", "dd128": "double, 2"}


def same_as_library(build, binary, calls):
    """The radices and formats (of `calls`) whose avx512 lane arithmetic in
    the program differs from the library's avx512 object's."""
    library = Path(build) / "src" / "ffft_cpu_avx512.o"
    differ = []
    for c in calls:
        symbol = (f"void ffft::fft::lane_butterfly_arithmetic<64, {c['radix']}, "
                  f"ffft::expansion<{LIMB_TYPES[c['format']]}> >(")
        mine, theirs = function_body(binary, symbol), function_body(library, symbol)
        if not mine or mine != theirs:
            differ.append(f"{c['format']} radix {c['radix']} ({len(mine)} instructions against {len(theirs)})")
    return differ


def arithmetic(json_path, build):
    """Runs ffft_butterfly_rate on the file's path and keeps its calls and
    floors in the file as "arithmetic", with the revision they measured."""
    json_path = Path(json_path)
    data, binary = file_and_program(json_path, build, "ffft_butterfly_rate", "arithmetic")
    if data is None:
        return 1
    identity = results_record.identity()
    # The fastest of three runs, a few seconds apart: a VM's speed wanders
    # by a few percent from second to second, more than within one run.
    runs = [run_on_path(binary, ARITHMETIC_LOG2N, data) for _ in range(ARITHMETIC_RUNS)]
    rates = fastest_calls(runs)
    if rates["path"] != data["cpu_path"]:
        print(f"cpu_dynamic_counts: this machine ran the {rates['path']} path, not the file's {data['cpu_path']}")
        return 1
    if rates["path"] == "avx512":
        differ = same_as_library(build, binary, rates["calls"])
        if differ:
            print("cpu_dynamic_counts: ffft_butterfly_rate's avx512 arithmetic is not the library's for "
                  f"{', '.join(differ)}: rebuild both from the same sources and flags")
            return 1
    rates["measured"] = identity
    data["arithmetic"] = rates
    json_path.write_text(json.dumps(data, indent=1) + "\n")
    return render(json_path)


def arithmetic_floors(data):
    """{(format, n): the arithmetic alone's cycles per point} of a file."""
    if "arithmetic" not in data:
        return {}
    mhz, _ = clock_of(data)
    return {(r["format"], r["n"]): r["floor_ns_per_point"] * mhz * 1e-3 for r in data["arithmetic"]["rows"]}


def arithmetic_goal_rows(data, baseline_report=None):
    """Each goal at every N of the arithmetic's rows that the CPU run
    measured: the cycles per point it needs, the arithmetic's floor, and
    the cycles per point the benchmark measured (one thread, batched)."""
    floors = arithmetic_floors(data)
    if not floors:
        return []
    mhz, _ = clock_of(data)
    baselines, _ = baseline_gflops(run_of(data), baseline_report)
    out = []
    for fmt, baseline, ratio in GOALS.get(data["cpu_path"], []):
        for (f, n), floor in sorted(floors.items(), key=lambda kv: kv[0][1]):
            contender = f"ffft_{fmt}_table"
            if f != fmt or (baseline, n) not in baselines or (contender, n) not in baselines:
                continue
            flops = 5 * math.log2(n)
            out.append({"format": fmt, "baseline": baseline, "ratio": ratio, "n": n,
                        "needs": flops / (baselines[(baseline, n)] * ratio) * mhz * 1e-3, "floor": floor,
                        "measured": flops / baselines[(contender, n)] * mhz * 1e-3})
    return out


def memory_rows(data, baseline_report=None):
    """Each format at each N of the file's memory rows that the CPU run
    measured: the cycles per point that the large-size goal allows (at
    KEPT_GOAL of the format's best one-thread GFLOPs), the floor (trips x
    one trip), and the cycles per point measured; and at the best N's rate
    (KEPT_GOAL of the allowance: the passes as fast a stage as anywhere),
    the share of the floor that would have to overlap them for the goal to
    hold (0 where the floor fits in the allowance's slack; above 1 never)."""
    if "memory" not in data:
        return []
    mhz, _ = clock_of(data)
    baselines, _ = baseline_gflops(run_of(data), baseline_report)
    alone = arithmetic_floors(data)
    out = []
    for r in data["memory"]["rows"]:
        fmt, n = r["format"], r["n"]
        contender = f"ffft_{fmt}_table"
        rates = [v for (c, _), v in baselines.items() if c == contender]
        if not rates or (contender, n) not in baselines:
            continue
        flops = 5 * math.log2(n)  # per point
        allows = flops / (KEPT_GOAL * max(rates)) * mhz * 1e-3
        floor = r["trips"] * r["trip_ns"] / n * mhz * 1e-3
        best = KEPT_GOAL * allows
        out.append({"format": fmt, "n": n, "trips": r["trips"], "trip": r["trip_ns"] / n * mhz * 1e-3,
                    "floor": floor, "allows": allows, "measured": flops / baselines[(contender, n)] * mhz * 1e-3,
                    "share": floor / allows, "arithmetic": alone.get((fmt, n)), "best": best,
                    "hide": max(0.0, (best + floor - allows) / floor)})
    return out


def model_of(data):
    """The resource model a results file was measured against (files from
    before models were recorded: Zen 3's)."""
    if "resources" not in data:
        return ZEN3
    return {"name": data["model"], "resources": {k: (v[0], v[1]) for k, v in data["resources"].items()}}


def fmt_num(x):
    return f"{x:.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def goal_rows(data, baseline_report=None):
    """Each goal at each N of data's rows: the cycles per point it needs, the
    ceiling, the measured cycles, and the share of the ceiling's rate it
    needs (ceiling / needs)."""
    path, (mhz, _) = data["cpu_path"], clock_of(data)
    baselines, _ = baseline_gflops(run_of(data), baseline_report)
    out = []
    for fmt, baseline, ratio in GOALS.get(path, []):
        for r in sorted((r for r in data["rows"] if r["format"] == fmt), key=lambda r: r["n"]):
            n = r["n"]
            if (baseline, n) not in baselines:
                continue
            cycles, binds = ceiling({k: v / n for k, v in r["counts"]["per_kind"].items()}, model_of(data))
            needs = 5 * math.log2(n) / (baselines[(baseline, n)] * ratio) * mhz * 1e-3
            out.append({"format": fmt, "baseline": baseline, "ratio": ratio, "n": n, "needs": needs,
                        "ceiling": cycles[binds], "measured": r["min_ns"] * 1e-9 * mhz * 1e6 / n,
                        "needed": cycles[binds] / needs})
    return out


def render(json_path):
    json_path = Path(json_path)
    data = json.loads(json_path.read_text())
    path, (mhz, clock) = data["cpu_path"], clock_of(data)
    baselines, baseline_file = baseline_gflops(run_of(data))
    lines = [f"# CPU transforms: instructions executed per point, and the ceiling they set ({path} path)", "",
             f"Generated by `scripts/cpu_dynamic_counts.py` from `{json_path.name}` "
             f"({results_record.describe(data)}); {data['cpu_model']}, {clock}; "
             f"resource model: {data['model']}.", "",
             "One forward transform, batch 1, one thread, table twiddles. Instructions counted by "
             f"{COUNTER_NAMES[data.get('counter', 'callgrind')]} (exact, whatever the machine's load); time the fastest of many calls, in cycles at that "
             "clock. The ceiling is the cycles per point that the busiest resource needs at its throughput "
             "(the script says which throughputs): no schedule of these instructions runs faster. "
             + ("Arithmetic / pass loop / other: the butterflies' arithmetic where a pass calls it out of "
                "line (a radix-8 lane group's; a radix-4 one's is inlined into its pass); the passes' and "
                "the tiles' loops, loads, permutes and stores, with what they inline; the rest."
                if all(r["counts"].get("function_groups") == FUNCTION_GROUPS for r in data["rows"]) else
                "Arithmetic / pass loop / other as counted then: the tiles' functions (the cache-blocked "
                "groups') under other."), "",
             "## Per point", "",
             "| format | N | instructions | " + " | ".join(KIND_LABELS[k] for k in KINDS) +
             " | arithmetic / pass loop / other | ceiling (cycles) | binds | measured (cycles) | measured / ceiling | instructions per cycle |",
             "|---|---:|---:|" + "---:|" * len(KINDS) + "---|---:|---|---:|---:|---:|"]
    summary = {}
    for r in data["rows"]:
        n, c = r["n"], r["counts"]
        per_point = {k: v / n for k, v in c["per_kind"].items()}
        cycles, binds = ceiling(per_point, model_of(data))
        measured = r["min_ns"] * 1e-9 * mhz * 1e6 / n
        groups = c["per_function"]
        split = " / ".join(fmt_num(groups.get(g, 0.0) / n) for g in ("arithmetic", "pass loop", "other"))
        lines.append(f"| {r['format']} | 2^{int(math.log2(n))} | {fmt_num(c['instructions'] / n)} | " +
                     " | ".join(fmt_num(per_point[k]) for k in KINDS) +
                     f" | {split} | {fmt_num(cycles[binds])} | {binds} | {fmt_num(measured)} | "
                     f"{measured / cycles[binds]:.2f} | {c['instructions'] / n / measured:.2f} |")
        summary[(r["format"], n)] = (cycles[binds], measured, binds)
    lines += ["", "## The goals against the ceiling", "",
              f"Each 1-D goal that compares ffft with a CPU baseline, as the cycles per point it needs: the "
              f"baseline's one-thread GFLOPs at the same N from `{baseline_file}` (its own run) times the "
              "ratio; the share of the ceiling's rate that this needs (ceiling / needs) and the share the transform "
              "runs at now (ceiling / measured). A goal whose need is beyond the ceiling (above 1) cannot be met "
              "with today's instructions, however they are scheduled; below 1 it needs a better schedule, or "
              "fewer instructions.", "",
              "| goal | N | needs (cycles) | ceiling (cycles) | measured (cycles) | share of the ceiling's rate: needed | now |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for g in goal_rows(data):
        lines.append(f"| {g['format']} / {g['baseline']} >= {g['ratio']:g} | 2^{int(math.log2(g['n']))} | "
                     f"{fmt_num(g['needs'])} | {fmt_num(g['ceiling'])} | {fmt_num(g['measured'])} | "
                     f"{g['needed']:.2f}{': beyond the ceiling' if g['needed'] > 1 else ''} | "
                     f"{g['ceiling'] / g['measured']:.2f} |")
    arithmetic_rows = arithmetic_goal_rows(data)
    if arithmetic_rows:
        rates = data["arithmetic"]
        lines += ["", "## The goals against the arithmetic alone", "",
                  "The butterflies' arithmetic alone (ffft_butterfly_rate, "
                  f"{results_record.describe({'measured': rates['measured']})}): each radix's lane arithmetic "
                  "(the function every pass calls, once a lane group of W butterflies) timed back to back on "
                  "operands in L1, each call's inputs first copied into place, the fastest of many blocks of "
                  f"calls in each of {rates.get('runs', 1)} runs. Where the ceiling counts what the ports must issue, this is what today's arithmetic "
                  "does on this core, its chains of dependent operations and its spills included.", "",
                  "| format | radix | lanes (W) | cycles a call | cycles a point (a pass) | "
                  "without twiddle products (a last pass) | of which the copy |",
                  "|---|---:|---:|---:|---:|---:|---:|"]
        for c in rates["calls"]:
            cycles = c["ns"] * mhz * 1e-3
            untwiddled = untwiddled_ns(c) * mhz * 1e-3
            lines.append(f"| {c['format']} | {c['radix']} | {c['lanes']} | {fmt_num(cycles)} | "
                         f"{fmt_num(cycles / (c['radix'] * c['lanes']))} | "
                         f"{fmt_num(untwiddled / (c['radix'] * c['lanes']))} | {c['copy_ns'] / c['ns']:.2f} |")
        lines += ["", "A transform's floor: the sum over its passes (their radices from fft/schedule.hpp) of "
                  "cycles a call / (R W), the last pass's (m = 1, every twiddle 1) without its twiddle "
                  "products, which it skips. Each goal at every N of its run, as the cycles per point it needs "
                  f"(the baseline's one-thread GFLOPs in `{baseline_file}` times the ratio), against that "
                  "floor and the transform's own cycles in the same run. A goal that needs fewer cycles than "
                  "the floor (floor / needs above 1) is beyond today's arithmetic on this core: no pass loop "
                  "or memory schedule around it meets it, only faster arithmetic.", "",
                  "| goal | N | radices | needs (cycles) | arithmetic alone (cycles) | measured (cycles) | "
                  "floor / needs | floor / measured |",
                  "|---|---:|---|---:|---:|---:|---:|---:|"]
        radices = {(r["format"], r["n"]): r["radices"] for r in rates["rows"]}
        for g in arithmetic_rows:
            share = g["floor"] / g["needs"]
            lines.append(f"| {g['format']} / {g['baseline']} >= {g['ratio']:g} | 2^{int(math.log2(g['n']))} | "
                         f"{' '.join(map(str, radices[(g['format'], g['n'])]))} | {fmt_num(g['needs'])} | "
                         f"{fmt_num(g['floor'])} | {fmt_num(g['measured'])} | "
                         f"{share:.2f}{': beyond the arithmetic' if share > 1 else ''} | "
                         f"{g['floor'] / g['measured']:.2f} |")
    rows = memory_rows(data)
    if rows:
        lines += ["", "## The large sizes against memory", "",
                  f"The large-size goal (every N's one-thread GFLOPs at least {KEPT_GOAL:g} of the format's best "
                  f"over 2^10-2^22, in `{baseline_file}`) as the cycles per point it allows at each N, against "
                  "the floor that memory sets: the trips over all the data that the executor's schedule makes "
                  "(its groups of passes where it blocks for the cache, else its passes), each a read and a write "
                  "of every value, times the fastest copy of N values on this machine (ffft_memory_trips, "
                  f"{results_record.describe({'measured': data['memory']['measured']})}, "
                  f"{data['memory']['cache_bytes'] >> 10} KiB of cache a core). The twiddles' reads come on top. "
                  "A floor below the allowance (share below 1) leaves the goal to the schedule: the trips "
                  "overlapped with the arithmetic, and tiles that stay in cache."
                  + (" Beside it, the arithmetic alone (above), which the trips could at best overlap: "
                     "the larger of the two floors is what no schedule beats." if arithmetic_rows else "")
                  + f" Last, the passes at the best N's rate ({KEPT_GOAL:g} of the allowance: each stage as fast "
                  "as at the fastest N, where the data stay in cache) and the share of the floor that would "
                  "have to overlap them for the goal to hold: a schedule whose trips do not overlap its passes "
                  "misses the goal wherever that share is above 0.", "",
                  "| format | N | trips | one trip (cycles per point) | floor (cycles per point) | "
                  + ("arithmetic alone (cycles per point) | " if arithmetic_rows else "")
                  + "the goal allows | floor / allowance | measured | at the best N's rate | "
                  "of the floor to overlap |",
                  "|---|---:|---:|---:|---:|" + ("---:|" if arithmetic_rows else "") + "---:|---:|---:|---:|---:|"]
        for m in rows:
            alone = (f"{fmt_num(m['arithmetic'])} | " if m["arithmetic"] is not None else "– | ") if arithmetic_rows else ""
            lines.append(f"| {m['format']} | 2^{int(math.log2(m['n']))} | {m['trips']} | {fmt_num(m['trip'])} | "
                         f"{fmt_num(m['floor'])} | {alone}{fmt_num(m['allows'])} | {m['share']:.2f} | "
                         f"{fmt_num(m['measured'])} | {fmt_num(m['best'])} | {m['hide']:.2f} |")
    json_path.with_suffix(".md").write_text("\n".join(lines) + "\n")
    return 0


def format_limit(spec):
    """FORMAT:LOG2N of --limit, as (format, log2n)."""
    fmt, _, log2n = spec.partition(":")
    if fmt not in ("df64", "qf128", "dd128") or not log2n.isdigit():
        raise argparse.ArgumentTypeError(f"'{spec}' is not FORMAT:LOG2N (e.g. qf128:13)")
    return fmt, int(log2n)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="measure")
    ap.add_argument("file", nargs="?")
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--formats", default="df64,qf128,dd128")
    ap.add_argument("--log2n", default="10,13,16")
    ap.add_argument("--counter", choices=["callgrind", "ptrace"],
                    help="the instruction counter (default: ptrace on the avx512 path, callgrind otherwise)")
    ap.add_argument("--run", help="the benchmark run to set the goals against, and the file's name: "
                                  "fft_cpu_RUN.json, cpu_dynamic_counts_RUN.json (default: the path's name)")
    ap.add_argument("--limit", action="append", default=[], type=format_limit, metavar="FORMAT:LOG2N",
                    help="count FORMAT only up to N = 2^LOG2N")
    a = ap.parse_args()
    if a.command == "render":
        return render(a.file)
    if a.command == "retime":
        return retime(a.file, a.build)
    if a.command == "memory":
        return memory(a.file, a.build)
    if a.command == "arithmetic":
        return arithmetic(a.file, a.build)
    return measure(a)


if __name__ == "__main__":
    sys.exit(main())
