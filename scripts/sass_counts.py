#!/usr/bin/env python3
"""SASS counts, floors and shared-memory bank conflicts of the CUDA executor, without a GPU.

  sass_counts.py [--build DIR] [--jobs J]     compile, count, write bench/results/sass_counts.{json,md}
  sass_counts.py compare PROFILE.json [...]   predictions beside a gpu_profile.json's times
  sass_counts.py render                       the md from the JSON, the measured times refreshed
                                              from bench/results' GPU sweeps

What it compiles (nvcc, sm_90, the flags CMake gives kernels/, read from
DIR/compile_commands.json; DIR, default build-sass, is configured with CUDA
for sm_90 when it has no such file), each with ptxas's resource report:
  - kernels/cuda_engine.cu and kernels/real_engine.cu: every kernel of the
    CUDA executor, counted statically by instruction class, with registers,
    stack frame and spills; the out-of-line functions a kernel calls (qf128's
    four-limb add and multiply, the checked fallback) counted apart, once;
  - tools/sass/count_kernels.cu: counting kernels, each one piece of a group
    kernel's work in straight-line code (one butterfly of radix 2, 4, 8 with
    its twiddle multiplications; the same loads and stores only; one
    tile_butterfly of a butterfly phase, table or factor twiddles; one entry
    of the load and store phases). Counted on the path finite data take
    (the branch to the checked fallback and 64-bit division helpers left
    out, loops once), with the callees' bodies added per call;
  - tools/sass/group_report.cpp (host): the planner's groups, tile widths and
    threads per block at N = 2^16 .. 2^24 (batch 2^26 / N), and the bank
    conflicts of each phase from the host emulation of the tiles.
Objects are reused while newer than every source they depend on. cuobjdump
and nvdisasm come from the toolkit, or from PyPI (nvidia-cuda-cuobjdump,
nvidia-cuda-nvdisasm), installed into DIR/sass-tools when missing.

Per point: a group kernel's instructions per point are the load entry, each
pass's tile butterfly / R, and the store entry; the issue floor divides the
warp instructions of 2^26 points by the H100's issue rate (FP64 and ALU
instructions at half rate: whichever pipe binds), the memory floor the bytes
the group must move (each value read and written once, the table's twiddle
arrays once) by the measured 3.0 TB/s (docs/gpu_tuning.md).
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results_record  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
JSON_OUT = RESULTS / "sass_counts.json"
MD_OUT = RESULTS / "sass_counts.md"
PROFILE = RESULTS / "gpu_profile.json"
FORMATS = ["df64", "qf128", "dd128"]
VALUE_BYTES = {"df64": 16, "qf128": 32, "dd128": 32}  # a complex value
MANGLED = {"df64": "expansionIfLi2E", "qf128": "expansionIfLi4E", "dd128": "expansionIdLi2E"}
POINTS_LOG2 = 26  # points per call, as the GPU sweep (bench/gpu_profile.cpp)

# The H100 SXM5 of docs/gpu_tuning.md ("The machine the floors assume").
MACHINE = {
    "name": "H100 SXM5",
    "sms": 132,
    "schedulers_per_sm": 4,
    "clock_ghz": 1.98,
    "dram_tb_s": 3.0,
    "fp64_cycles_per_warp_instruction": 2,
    "alu_cycles_per_warp_instruction": 2,
}
SOURCES = results_record.sources_of("gpu") + ["tools/sass/"]

# ---------------------------------------------------------------- classes

FP32 = {"FADD", "FMUL", "FFMA", "FSETP", "FSEL", "FMNMX", "FSET", "FCHK", "FSWZADD", "FMUL32I", "FADD32I",
        "FFMA32I", "FADD2", "FMUL2", "FFMA2"}
FP64 = {"DADD", "DMUL", "DFMA", "DSETP", "DMNMX", "DSET"}
CONV = {"F2F", "I2F", "F2I", "FRND", "I2I", "F2FP", "I2FP", "F2IP", "DRND"}
CONTROL = {"BRA", "BRX", "JMP", "JMX", "EXIT", "RET", "BSSY", "BSYNC", "WARPSYNC", "BAR", "YIELD", "BREAK",
           "BPT", "KILL", "NANOSLEEP", "DEPBAR", "ACQBULK", "ELECT", "ENDCOLLECTIVE", "MEMBAR", "ERRBAR",
           "CCTL", "BMOV", "WARPGROUP"}
CONSTANT = {"LDC", "ULDC"}
# Issued by the ALU pipe (half the issue rate): compares, selects, logic,
# shifts, integer adds (IMAD, IMUL run on the FMA pipe).
ALU = {"IADD3", "IADD", "LOP3", "LOP", "SHF", "SHL", "SHR", "ISETP", "FSETP", "FSEL", "FMNMX", "SEL", "PRMT",
       "LEA", "IABS", "IMNMX", "FLO", "POPC", "BREV", "PLOP3", "P2R", "R2P", "MOV", "BMSK", "SGXT", "VABSDIFF",
       "FSET", "ISET", "CS2R", "VIADD", "VIADDMNMX", "VIMNMX"}
CLASSES = ["fp32", "fp64", "int", "uniform", "conv", "constant", "control", "call",
           "ldg", "stg", "lds", "sts", "ldl", "stl", "other_memory", "other"]
WIDTH = {"64": 8, "128": 16, "U8": 1, "S8": 1, "U16": 2, "S16": 2}


def opcode_parts(op):
    parts = op.split(".")
    return parts[0], parts[1:]


def width_of(mods):
    for m in mods:
        if m in WIDTH:
            return WIDTH[m]
    return 4


def classify(op):
    """(class, width in bytes or None) of a SASS opcode with its modifiers."""
    base, mods = opcode_parts(op)
    if base in ("LDG", "STG", "LDS", "STS", "LDL", "STL"):
        return base.lower(), width_of(mods)
    if base in ("LD", "ST", "ATOM", "ATOMS", "ATOMG", "RED", "LDSM", "LDGSTS", "LDGDEPBAR", "SUST", "SULD",
                "TEX", "TLD", "UBLKCP", "UTMALDG", "UTMASTG", "SYNCS"):
        return "other_memory", width_of(mods)
    if base == "CALL":
        return "call", None
    if base in FP32:
        return "fp32", None
    if base in FP64:
        return "fp64", None
    if base in CONV:
        return "conv", None
    if base in CONTROL:
        return "control", None
    if base in CONSTANT:
        return "constant", None
    if base.startswith("U") and base not in ("UNKNOWN",):
        return "uniform", None
    if base in ("IMAD", "IMUL", "IADD3", "IADD", "LOP3", "LOP", "SHF", "SHL", "SHR", "ISETP", "SEL", "PRMT",
                "LEA", "IABS", "IMNMX", "FLO", "POPC", "BREV", "PLOP3", "P2R", "R2P", "MOV", "BMSK", "SGXT",
                "VABSDIFF", "ISET", "CS2R", "S2R", "S2UR", "SHFL", "VOTE", "VOTEU", "MATCH", "REDUX", "ISCADD",
                "IDP", "HMNMX2", "CS2UR", "R2UR", "MOV32I", "IMAD32I", "LOP32I", "IADD32I", "PRMT32I", "NOP", "VIADD",
                "VIADDMNMX", "VIMNMX", "HFMA2"):
        return "int", None
    return "other", None


def memory_key(cls, width):
    return f"{cls}.{width * 8}"


# ---------------------------------------------------------------- SASS parsing

INSTRUCTION = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(@!?U?P[T0-9]\s+)?([A-Z][A-Z0-9_.]*)\s*(.*?);")
LABEL = re.compile(r"^(\S+):\s*$")
TARGET = re.compile(r"`\(([^)]+)\)")
BRANCH_TARGETS = re.compile(r"BRANCH_TARGETS ([^\"*]+)")


class Function:
    def __init__(self, name):
        self.name = name
        self.instructions = []  # (address, predicate, opcode, operands)
        self.labels = {}        # label -> address


def parse_nvdisasm(text):
    """{kernel: {function name: Function}}: the kernel itself under its own
    name, and its copies of the out-of-line functions it calls."""
    kernels = {}
    current = None
    functions = None
    pending = []
    for line in text.splitlines():
        if line.lstrip().startswith(".section") and ".text." in line:
            name = line.split(".text.", 1)[1].split(",", 1)[0]
            functions = {}
            kernels[name] = functions
            current = None
            pending = []
            continue
        if functions is None:
            continue
        m = LABEL.match(line)
        if m:
            label = m.group(1)
            if label.startswith(".text."):
                continue
            if label.startswith("$") and label.count("$") >= 2:
                current = Function(label.split("$", 2)[2])
                functions[current.name] = current
                pending = []
            elif not label.startswith("."):
                current = Function(label)
                functions[label] = current
                pending = []
            else:
                pending.append(label)
            continue
        m = INSTRUCTION.match(line)
        if m and current is not None:
            address = int(m.group(1), 16)
            for label in pending:
                current.labels[label] = address
            pending = []
            predicate = (m.group(2) or "").strip()
            current.instructions.append((address, predicate, m.group(3), m.group(4) + line[m.end():]))
    return kernels


def call_target(operands):
    m = TARGET.search(operands)
    if not m:
        return None
    target = m.group(1)
    return target.split("$", 2)[2] if target.startswith("$") and target.count("$") >= 2 else target


def counts_of(instructions, exclude_nop=True):
    """Counter of classes and memory widths of a list of instructions."""
    c = Counter()
    for _, _, op, operands in instructions:
        if exclude_nop and op == "NOP":
            continue
        cls, width = classify(op)
        c[cls] += 1
        c["total"] += 1
        if width is not None:
            c[memory_key(cls, width)] += 1
        if cls == "call":
            c["call:" + (call_target(operands) or "?")] += 1
        base = opcode_parts(op)[0]
        if base in ALU:
            c["alu"] += 1
    return c


def blocks_of(f):
    """Basic blocks [(start index, end index, successors as start indices)]."""
    ins = f.instructions
    index_of = {a: i for i, (a, *_rest) in enumerate(ins)}
    leaders = {0}
    for i, (a, pred, op, operands) in enumerate(ins):
        base = opcode_parts(op)[0]
        if base in ("BRA", "BRX", "JMP", "JMX", "EXIT", "RET"):
            if i + 1 < len(ins):
                leaders.add(i + 1)
            for t in targets_of(f, op, operands):
                if t in index_of:
                    leaders.add(index_of[t])
    starts = sorted(leaders)
    blocks = {}
    for k, s in enumerate(starts):
        e = (starts[k + 1] if k + 1 < len(starts) else len(ins)) - 1
        a, pred, op, operands = ins[e]
        base = opcode_parts(op)[0]
        unconditional = pred in ("", "@PT")
        succ = []
        if base in ("BRA", "BRX", "JMP", "JMX"):
            succ = [index_of[t] for t in targets_of(f, op, operands) if t in index_of]
            if not unconditional and e + 1 < len(ins):
                succ.append(e + 1)
        elif base in ("EXIT", "RET"):
            if not unconditional and e + 1 < len(ins):
                succ.append(e + 1)
        elif e + 1 < len(ins):
            succ.append(e + 1)
        blocks[s] = (s, e, succ)
    return blocks


def targets_of(f, op, operands):
    base = opcode_parts(op)[0]
    if base in ("BRX", "JMX"):
        m = BRANCH_TARGETS.search(operands)
        return [f.labels.get(t.strip()) for t in m.group(1).split(",")] if m else []
    m = TARGET.search(operands)
    if not m:
        return []
    return [f.labels.get(m.group(1))]


def is_excluded_callee(name):
    """Callees that finite data never reach: the checked fallback (and its
    out-of-line operations), and nvcc's 64-bit division routines (the
    counting kernels fix the launches' 32-bit index case)."""
    return bool(re.search(r"checked_butterfly|outlined_add|outlined_mul|__cuda_sm\d+|__internal", name or ""))


def path_counts(functions, name, memo=None):
    """(longest, shortest) paths from the function's entry to its exits,
    loops taken once, around blocks that call an excluded callee: each a
    Counter of classes, callees' bodies added per call (their own longest
    path), with 'calls:<callee>' the calls made on the path."""
    memo = {} if memo is None else memo
    if name in memo:
        return memo[name]
    f = functions[name]
    blocks = blocks_of(f)
    order = sorted(blocks)
    block_counts = {}
    excluded = set()
    for s in order:
        _, e, _ = blocks[s]
        c = counts_of(f.instructions[s:e + 1])
        for key in list(c):
            if key.startswith("call:"):
                callee = key[5:]
                if is_excluded_callee(callee):
                    excluded.add(s)
                elif callee in functions and callee != name:
                    body, _ = path_counts(functions, callee, memo)
                    for k, v in body.items():  # the callee's own and its callees' instructions
                        if k.startswith("all:") and not k.startswith("all:call:"):
                            c["with_callees:" + k[4:]] += v * c[key]
        block_counts[s] = c
    best = {}
    for s in order:
        if s in excluded:
            continue
        if s == 0:
            incoming = [(Counter(), Counter())]
        else:
            incoming = [best[p] for p in order if p in best and p < s and s in blocks[p][2]]
            if not incoming:
                continue
        longest = max((i[0] for i in incoming), key=lambda c: c["total"])
        shortest = min((i[1] for i in incoming), key=lambda c: c["total"])
        best[s] = (longest + block_counts[s], shortest + block_counts[s])
    ends = [s for s in best if not [t for t in blocks[s][2] if t > s]]
    if not ends:
        raise SystemExit(f"sass_counts: no path through {name} that avoids the fallback")
    longest = max((best[s][0] for s in ends), key=lambda c: c["total"])
    shortest = min((best[s][1] for s in ends), key=lambda c: c["total"])
    result = (finish_counts(longest), finish_counts(shortest))
    memo[name] = result
    return result


def loop_body_counts(functions, name):
    """The longest iteration of the function's loops (loop header to back
    edge, around excluded callees), callees' bodies added: what one trip of
    a phase's loop costs, the hoisted set-up before it left out. None when
    the function has no loop."""
    f = functions[name]
    blocks = blocks_of(f)
    order = sorted(blocks)
    best_total = None
    for s in order:
        for t in blocks[s][2]:
            if t > s:
                continue
            inside = [b for b in order if t <= b <= s]
            best = {}
            for b in inside:
                c = counts_of(f.instructions[b:blocks[b][1] + 1])
                if any(k.startswith("call:") and is_excluded_callee(k[5:]) for k in c):
                    continue
                for key in [k for k in c if k.startswith("call:")]:
                    callee = key[5:]
                    if callee in functions and callee != name:
                        body, _ = path_counts(functions, callee)
                        for k, v in body.items():
                            if k.startswith("all:") and not k.startswith("all:call:"):
                                c["with_callees:" + k[4:]] += v * c[key]
                incoming = [Counter()] if b == t else [best[p] for p in inside if p in best and p < b
                                                       and b in blocks[p][2]]
                if not incoming:
                    continue
                best[b] = max(incoming, key=lambda x: x["total"]) + c
            if s in best and (best_total is None or best[s]["total"] > best_total["total"]):
                best_total = best[s]
    return finish_counts(best_total) if best_total is not None else None


def finish_counts(c):
    """Adds the 'all:' totals: the function's own instructions plus its callees'."""
    out = Counter({k: v for k, v in c.items()})
    keys = {k for k in c if not k.startswith(("with_callees:", "call:"))}
    keys |= {k[len("with_callees:"):] for k in c if k.startswith("with_callees:")}
    for k in keys:
        out["all:" + k] = c.get(k, 0) + c.get("with_callees:" + k, 0)
    for k in list(out):
        if k.startswith("with_callees:"):
            del out[k]
    return out


# ---------------------------------------------------------------- tools and builds

def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def find_tool(name, build):
    for candidate in (os.environ.get(name.upper()), shutil.which(name), f"/usr/local/cuda/bin/{name}",
                      str(build / "sass-tools" / "nvidia" / "cu13" / "bin" / name)):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def tools(build):
    found = {n: find_tool(n, build) for n in ("cuobjdump", "nvdisasm")}
    if None in found.values():
        print("sass_counts: installing nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm (PyPI) into "
              f"{build / 'sass-tools'}", file=sys.stderr)
        r = run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                 "--target", str(build / "sass-tools"), "nvidia-cuda-cuobjdump", "nvidia-cuda-nvdisasm"])
        if r.returncode != 0:
            raise SystemExit(f"sass_counts: pip failed:\n{r.stderr}")
        found = {n: find_tool(n, build) for n in ("cuobjdump", "nvdisasm")}
    if None in found.values():
        raise SystemExit("sass_counts: no cuobjdump or nvdisasm")
    return found


def configure(build):
    if (build / "compile_commands.json").is_file():
        return
    cmd = ["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
           "-DFFFT_CUDA=ON", "-DCMAKE_CUDA_ARCHITECTURES=90", "-DFFFT_BUILD_TESTS=OFF",
           "-DFFFT_BUILD_BENCHMARKS=OFF", "-DFFFT_BUILD_PROGRAMS=OFF", "-DFFFT_MPI=OFF", "-DFFFT_AUDIO=OFF",
           "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
    print("sass_counts: " + " ".join(cmd), file=sys.stderr)
    r = run(cmd)
    if r.returncode != 0:
        raise SystemExit(f"sass_counts: configuring failed:\n{r.stdout}\n{r.stderr}")


def kernel_command(build):
    """nvcc's arguments for kernels/cuda_engine.cu in the build, without source and output."""
    for entry in json.loads((build / "compile_commands.json").read_text()):
        if entry["file"].endswith("kernels/cuda_engine.cu"):
            args = shlex.split(entry["command"])
            out, skip = [], False
            for a in args:
                if skip:
                    skip = False
                elif a in ("-o", "-x"):
                    skip = True
                elif a != "-c" and not a.endswith(".cu"):
                    out.append(a)
            if "--generate-code=arch=compute_90,code=[compute_90,sm_90]" not in out and \
                    not any("sm_90" in a for a in out):
                raise SystemExit("sass_counts: the build does not compile kernels/ for sm_90 "
                                 "(configure it with -DCMAKE_CUDA_ARCHITECTURES=90)")
            return out, entry["directory"]
    raise SystemExit(f"sass_counts: {build} does not compile kernels/cuda_engine.cu (configure with CUDA)")


def newest_source():
    paths = [p for d in ("include", "engine", "kernels", "tools/sass") for p in (ROOT / d).rglob("*") if p.is_file()]
    return max(p.stat().st_mtime for p in paths)


def compile_all(build, jobs):
    """Compiles what is out of date; returns {unit: (output path, ptxas log)} and the flags."""
    args, directory = kernel_command(build)
    out_dir = build / "sass"
    out_dir.mkdir(parents=True, exist_ok=True)
    units = {
        "cuda_engine": (ROOT / "kernels" / "cuda_engine.cu", ["-x", "cu", "-c"], "o"),
        "real_engine": (ROOT / "kernels" / "real_engine.cu", ["-x", "cu", "-c"], "o"),
        "count_kernels": (ROOT / "tools" / "sass" / "count_kernels.cu", ["-cubin"], "cubin"),
    }
    newest = newest_source()

    def compile_unit(item):
        name, (source, mode, ext) = item
        output = out_dir / f"{name}.{ext}"
        log = out_dir / f"{name}.ptxas.txt"
        cmd = args + ["-Xptxas=-v"] + mode + [str(source), "-o", str(output)]
        if name == "count_kernels":  # the counting kernels: SASS only, no host code
            cmd = [a if not a.startswith("--generate-code") else "--generate-code=arch=compute_90,code=sm_90"
                   for a in cmd]
        stamp = out_dir / f"{name}.cmd"
        took = out_dir / f"{name}.seconds"
        if output.is_file() and log.is_file() and stamp.is_file() and stamp.read_text() == " ".join(cmd) \
                and output.stat().st_mtime > newest:
            return name, output, log.read_text(), float(took.read_text()) if took.is_file() else 0.0, False
        t0 = time.time()
        r = run(cmd, cwd=directory)
        if r.returncode != 0:
            raise SystemExit(f"sass_counts: compiling {source} failed:\n{r.stderr[-4000:]}")
        log.write_text(r.stderr)
        stamp.write_text(" ".join(cmd))
        took.write_text(f"{time.time() - t0:.1f}")
        return name, output, r.stderr, time.time() - t0, True

    host = out_dir / "group_report"
    host_src = ROOT / "tools" / "sass" / "group_report.cpp"

    def compile_host():
        # -O0: it emulates one tile per group, and compiles in a fraction of -O2's time.
        took = out_dir / "group_report.seconds"
        if host.is_file() and host.stat().st_mtime > newest:
            return (float(took.read_text()) if took.is_file() else 0.0), False
        t0 = time.time()
        r = run([os.environ.get("CXX", "c++"), "-std=c++20", "-O0", f"-I{ROOT}", f"-I{ROOT / 'include'}",
                 f"-I{build / 'include'}", str(host_src), "-o", str(host)])
        if r.returncode != 0:
            raise SystemExit(f"sass_counts: compiling {host_src} failed:\n{r.stderr[-4000:]}")
        took.write_text(f"{time.time() - t0:.1f}")
        return time.time() - t0, True

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        host_job = pool.submit(compile_host)
        results = list(pool.map(compile_unit, units.items()))
        host_seconds, host_compiled = host_job.result()
    compiled = {name: {"seconds": round(sec, 1), "compiled": did} for name, _, _, sec, did in results}
    compiled["group_report"] = {"seconds": round(host_seconds, 1), "compiled": host_compiled}
    return {name: (output, log) for name, output, log, _, _ in results}, host, args, compiled


PTXAS_FUNCTION = re.compile(r"Compiling entry function '([^']+)'|Function properties for (\S+)")
PTXAS_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
PTXAS_USED = re.compile(r"Used (\d+) registers")


def ptxas_resources(log):
    """{function: {registers, stack, spill_stores, spill_loads}} from ptxas -v."""
    out = defaultdict(dict)
    current = None
    for line in log.splitlines():
        m = PTXAS_FUNCTION.search(line)
        if m:
            current = m.group(1) or m.group(2)
            continue
        m = PTXAS_FRAME.search(line)
        if m and current:
            out[current].update(stack=int(m.group(1)), spill_stores=int(m.group(2)), spill_loads=int(m.group(3)))
        m = PTXAS_USED.search(line)
        if m and current:
            out[current]["registers"] = int(m.group(1))
    return dict(out)


def disassemble(path, tool, work):
    """nvdisasm's text of the sm_90 code in an object or cubin."""
    if path.suffix == ".cubin":
        cubins = [path]
    else:
        target = work / (path.stem + "_elf")
        target.mkdir(exist_ok=True)
        for old in target.glob("*.cubin"):
            old.unlink()
        r = run([tool["cuobjdump"], "-xelf", "all", str(path.resolve())], cwd=target)
        if r.returncode != 0:
            raise SystemExit(f"sass_counts: cuobjdump -xelf {path}: {r.stderr}")
        cubins = sorted(target.glob("*sm_90*.cubin"))
    text = ""
    for c in cubins:
        r = run([tool["nvdisasm"], "-c", str(c)])
        if r.returncode != 0:
            raise SystemExit(f"sass_counts: nvdisasm {c}: {r.stderr}")
        text += r.stdout
    return text


# ---------------------------------------------------------------- the library's kernels

FORMAT_TYPES = {"ffft::expansion<float, 2>": "df64", "ffft::expansion<float, 4>": "qf128",
                "ffft::expansion<double, 2>": "dd128"}


def demangle(names):
    """{mangled: demangled} through c++filt (the names unchanged without it)."""
    names = list(names)
    try:
        r = run(["c++filt"], input="\n".join(names))
        out = r.stdout.splitlines()
        if r.returncode == 0 and len(out) == len(names):
            return dict(zip(names, out))
    except OSError:
        pass
    return {n: n for n in names}


def template_arguments(demangled):
    """The kernel's template arguments, formats by name, namespaces dropped."""
    head = demangled.replace("(anonymous namespace)::", "").split("(", 1)[0]
    if "<" not in head:
        return ""
    args = head[head.index("<") + 1:head.rindex(">")]
    for k, v in FORMAT_TYPES.items():
        args = args.replace(k, v)
    return re.sub(r"\b(ffft|fft|cuda|std)::", "", args).replace(" >", ">").strip()


def short_kernel_name(mangled):
    m = re.search(r"\d+(stockham_group_kernel(?:_qf128)?|bluestein_input_kernel|bluestein_output_kernel|"
                  r"copy_scaled_kernel|[a-z_]+_kernel)", mangled)
    base = m.group(1) if m else mangled[:60]
    fmt = next((f for f, key in MANGLED.items() if key in mangled), "")
    source = next((s for s in ("table", "factors", "direct") if f"transform_twiddle_{s}" in mangled), "")
    name = base.replace("_qf128", "")
    return name, fmt, source


def short_callee(mangled):
    """'<format> <operation>' of the project's out-of-line functions; nvcc's own routines as named."""
    for key, label in (("computed_twiddle", "sincos twiddle (direct mode, out of line)"),
                       ("quad_word_add_call", "add (four-limb, out of line)"),
                       ("quad_word_mul_call", "mul (four-limb, out of line)"),
                       ("factor_product_call", "factor product (computed mode, out of line)"),
                       ("checked_butterfly", "checked butterfly (fallback)"),
                       ("outlined_add", "checked add (fallback)"), ("outlined_mul", "checked mul (fallback)")):
        if key in mangled:
            fmt = next((f for f, k in MANGLED.items() if k in mangled), "")
            return f"{fmt} {label}".strip()
    return mangled


def plain(c):
    """A Counter as a dict of the counted classes (no call: or all: keys)."""
    return {k: v for k, v in sorted(c.items()) if not k.startswith(("call:", "all:", "calls:")) and v}


def library_kernels(text_by_unit, resources):
    kernels, callees = [], {}
    parsed = {unit: parse_nvdisasm(text) for unit, text in text_by_unit.items()}
    names = demangle(k for p in parsed.values() for k in p)
    for unit, by_kernel in parsed.items():
        for kernel, functions in by_kernel.items():
            name, fmt, source = short_kernel_name(kernel)
            if not source:  # the other kernels: their template arguments tell them apart
                name = f"{name}<{template_arguments(names[kernel])}>"
            res = resources.get(kernel, {})
            body = counts_of(functions[kernel].instructions) if kernel in functions else Counter()
            called = {}
            for fname, f in functions.items():
                if fname == kernel:
                    continue
                label = short_callee(fname)
                called[label] = len([i for i in f.instructions if i[2] != "NOP"])
                if label not in callees:
                    callees[label] = {"mangled": fname, "static": plain(counts_of(f.instructions))}
                    try:
                        longest, _ = path_counts(functions, fname)
                        callees[label]["path"] = plain(longest)
                    except SystemExit:
                        pass
            kernels.append({"unit": unit, "kernel": name, "format": fmt, "twiddles": source, "mangled": kernel,
                            "registers": res.get("registers"), "stack": res.get("stack"),
                            "spill_stores": res.get("spill_stores"), "spill_loads": res.get("spill_loads"),
                            "static": plain(body), "callees": called})
    kernels.sort(key=lambda k: (FORMATS.index(k["format"]) if k["format"] in FORMATS else 9, k["unit"], k["kernel"],
                                k["twiddles"]))
    return kernels, callees


# ---------------------------------------------------------------- counting kernels

def counting(text):
    functions_by_kernel = parse_nvdisasm(text)
    out = {}
    for kernel, functions in functions_by_kernel.items():
        longest, shortest = path_counts(functions, kernel)
        if kernel.endswith("_entry"):  # a phase's loop: one trip of it
            longest = shortest = loop_body_counts(functions, kernel) or longest
        out[kernel] = {"path": plain_all(longest), "shortest_total": shortest["all:total"],
                       "calls": {short_callee(k[5:]): v for k, v in longest.items() if k.startswith("call:")},
                       "static_total": sum(len([i for i in f.instructions if i[2] != "NOP"])
                                           for f in functions.values())}
    return out


def plain_all(c):
    """The classes of a path with the callees' bodies included (all:)."""
    return {k[4:]: v for k, v in sorted(c.items()) if k.startswith("all:") and v and not k.startswith("all:call:")}


def difference(a, b):
    keys = set(a) | set(b)
    return {k: a.get(k, 0) - b.get(k, 0) for k in sorted(keys) if a.get(k, 0) - b.get(k, 0)}


def per_butterfly(counts):
    """{format: {R: {...}}}: the butterfly's arithmetic (butterfly - move), the
    tile butterflies, and the calls they make."""
    out = {}
    for fmt in FORMATS:
        out[fmt] = {}
        for r in (2, 4, 8):
            k = f"count_{fmt}_r{r}"
            bf, mv = counts[k + "_butterfly"], counts[k + "_move"]
            out[fmt][str(r)] = {
                # Memory: the butterfly's own (local memory); the moves' global
                # loads and stores differ by construction.
                "arithmetic": {k: v for k, v in difference(bf["path"], mv["path"]).items()
                               if not k.startswith(("ldg", "stg"))},
                "butterfly_calls": bf["calls"],
                "tile_table": counts[k + "_tile_table"]["path"],
                "tile_factors": counts[k + "_tile_factors"]["path"],
                "tile_calls_table": counts[k + "_tile_table"]["calls"],
                "tile_calls_factors": counts[k + "_tile_factors"]["calls"],
                "paths_differ": {s: counts[k + f"_tile_{s}"]["path"]["total"] - counts[k + f"_tile_{s}"]["shortest_total"]
                                 for s in ("table", "factors")},
            }
        out[fmt]["load_entry"] = counts[f"count_{fmt}_load_entry"]["path"]
        out[fmt]["store_entry"] = counts[f"count_{fmt}_store_entry"]["path"]
    return out


# ---------------------------------------------------------------- model

def issue_rate():
    m = MACHINE
    return m["sms"] * m["schedulers_per_sm"] * m["clock_ghz"] * 1e9  # warp instructions per second


def scale(c, f):
    return {k: v * f for k, v in c.items()}


def add(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def group_per_point(fmt, source, group, bfly):
    """Thread instructions per point of one group kernel, by class."""
    c = dict(bfly[fmt]["load_entry"])
    for r in group["radices"]:
        c = add(c, scale(bfly[fmt][str(r)][f"tile_{source}"], 1 / r))
    c = add(c, bfly[fmt]["store_entry"])
    return c


def twiddle_bytes(fmt, source, group, n):
    """Bytes of the table's arrays of the group's passes (read once)."""
    if source != "table":
        return 0
    total, l = 0, group["l"]
    for r in group["radices"]:
        m_global = n // (l * r)
        total += (r - 1) * m_global * VALUE_BYTES[fmt]
        l *= r
    return total


def floors(c, points):
    """Issue, FP64-pipe and ALU-pipe times (seconds) of c thread instructions per point."""
    rate = issue_rate()
    warp = points / 32
    issue = c.get("total", 0) * warp / rate
    fp64 = c.get("fp64", 0) * warp * MACHINE["fp64_cycles_per_warp_instruction"] / rate
    alu = c.get("alu", 0) * warp * MACHINE["alu_cycles_per_warp_instruction"] / rate
    return issue, fp64, alu


def model(groups_json, bfly):
    points = 1 << POINTS_LOG2
    rows = []
    for entry in groups_json:
        fmt, log2n = entry["format"], entry["log2n"]
        n = 1 << log2n
        for source in ("table", "factors"):
            groups = []
            total_issue = total_mem = total_pred = 0.0
            per_point_total = {}
            for g in entry["groups"]:
                c = group_per_point(fmt, source, g, bfly)
                issue, fp64, alu = floors(c, points)
                data = 2 * VALUE_BYTES[fmt] * points
                tw = twiddle_bytes(fmt, source, g, n)
                mem = (data + tw) / (MACHINE["dram_tb_s"] * 1e12)
                compute = max(issue, fp64, alu)
                binds = "memory" if mem > compute else ("FP64 pipe" if fp64 >= max(issue, alu) else
                                                        "ALU pipe" if alu > issue else "issue")
                groups.append({"radices": g["radices"], "l": g["l"], "m": g["m"], "width": g["width"],
                               "threads": g["threads"], "tiles": g["tiles"],
                               "per_point": {k: round(v, 3) for k, v in sorted(c.items())},
                               "bytes_per_point": round((data + tw) / points, 3),
                               "issue_ms": issue * 1e3, "fp64_ms": fp64 * 1e3, "alu_ms": alu * 1e3,
                               "memory_ms": mem * 1e3, "floor_ms": max(compute, mem) * 1e3, "binds": binds})
                total_issue += compute
                total_mem += mem
                total_pred += max(compute, mem)
                per_point_total = add(per_point_total, c)
            rows.append({"format": fmt, "twiddles": source, "log2n": log2n, "batch": entry["batch"],
                         "groups": groups, "per_point": {k: round(v, 3) for k, v in sorted(per_point_total.items())},
                         "compute_ms": total_issue * 1e3, "memory_ms": total_mem * 1e3,
                         "floor_ms": total_pred * 1e3})
    return rows


# ---------------------------------------------------------------- measured times

def profile_times(paths):
    """{(format, twiddles, N): (median ms, describe text)} of gpu_profile JSON files."""
    out = {}
    for p in paths:
        p = Path(p)
        if not p.is_file():
            continue
        data = json.loads(p.read_text())
        note = results_record.describe(data)
        for r in data.get("results", []):
            m = re.fullmatch(r"ffft_(df64|qf128|dd128)_(table|computed)", r.get("contender", ""))
            if m and not r.get("error"):
                source = "table" if m.group(2) == "table" else "factors"
                out[(m.group(1), source, int(r["N"]))] = (r["median_ms"], f"{p.name}, {note}")
    return out


# ---------------------------------------------------------------- rendering

def fmt_num(v, digits=1):
    if v is None:
        return "n/a"
    if isinstance(v, float):
        return f"{v:,.{digits}f}"
    return f"{v:,}"


def render(data):
    L = []
    w = L.append
    w("# SASS counts, floors and bank conflicts of the CUDA executor\n")
    w(f"Generated by `scripts/sass_counts.py` from `sass_counts.json` ({results_record.describe(data)}). "
      f"Compiled here, no GPU: nvcc {data['toolchain']['nvcc']} for sm_90 with the flags of kernels/ "
      f"(`{data['toolchain']['flags']}`), read with cuobjdump / nvdisasm {data['toolchain']['cuobjdump']}. "
      "Counts are thread instructions (a warp instruction is 32 of them).\n")
    m = data["machine"]
    w(f"Machine of the floors ({m['name']}, docs/gpu_tuning.md): {m['sms']} SMs x {m['schedulers_per_sm']} schedulers "
      f"x {m['clock_ghz']} GHz = {issue_rate() / 1e12:.3f} T warp instructions/s; FP64 and ALU (compares, selects, "
      f"logic, integer adds, moves) instructions at half that rate; DRAM {m['dram_tb_s']} TB/s (measured copy). "
      f"A call is 2^{POINTS_LOG2} points (batch = 2^{POINTS_LOG2} / N), as the GPU sweep.\n")

    w("## Kernels (static)\n")
    w("Every kernel of the executor's objects, its own code counted statically (loops once, every branch): "
      "registers, stack frame and spills from ptxas (`-v`), instructions by class. The out-of-line functions a "
      "kernel calls are in the next table, counted once each, not in the kernel's row.\n")
    cls_cols = ["fp32", "fp64", "int", "uniform", "conv", "constant", "control", "call", "ldg", "stg", "lds", "sts",
                "ldl", "stl"]
    w("| format | kernel | twiddles | registers | stack (B) | spill stores / loads (B) | total | "
      + " | ".join(cls_cols) + " | callees (instructions each) |")
    w("|---|---|---|---:|---:|---|---:|" + "---:|" * len(cls_cols) + "---|")
    for k in data["kernels"]:
        s = k["static"]
        spills = "n/a" if k["spill_stores"] is None else f"{k['spill_stores']} / {k['spill_loads']}"
        callees = ", ".join(f"{c} ({n:,})" for c, n in sorted(k["callees"].items())) or "-"
        w(f"| {k['format'] or '-'} | {k['unit']}: {k['kernel']} | {k['twiddles'] or '-'} | {fmt_num(k['registers'])} | "
          f"{fmt_num(k['stack'])} | {spills} | {s.get('total', 0):,} | "
          + " | ".join(f"{s.get(c, 0):,}" for c in cls_cols) + f" | {callees} |")
    w("")
    w("Out-of-line functions (a copy in each kernel that calls it), static counts; *straight-line*: one path "
      "through it, so a call executes every instruction counted (the butterflies' calls of qf128's add and "
      "multiply). The checked fallback runs only for butterflies that met a non-finite value; nvcc's routines "
      "(64-bit division and the like) only where a launch needs them.\n")
    w("| function | instructions | fp32 | fp64 | int | ALU pipe | control | calls it makes | straight-line |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for label, c in sorted(data["callees"].items()):
        st = c["static"]
        straight = "yes" if c.get("path", {}).get("total") == st.get("total") else "no"
        w(f"| {label} | {st.get('total', 0):,} | {st.get('fp32', 0):,} | {st.get('fp64', 0):,} | "
          f"{st.get('int', 0):,} | {st.get('alu', 0):,} | {st.get('control', 0):,} | {st.get('call', 0)} | "
          f"{straight} |")
    w("")

    w("## Per butterfly (counting kernels, the path finite data take)\n")
    w("`tools/sass/count_kernels.cu`: *arithmetic* is one `fft::twiddled_dft<R>` (the unchecked butterfly, its "
      "R - 1 twiddle multiplications and the finiteness check) minus a kernel that only moves the same values; "
      "*tile* is one `fft::tile_butterfly<R>` as a butterfly phase runs it (index arithmetic, shared-memory "
      "loads and stores, twiddles from the table or as the product of two factors, the butterfly). The checked "
      "fallback, which only non-finite data reach, is left out; qf128's calls count the called add and "
      "multiply in full (the *calls* column says how many). The tile rows count the counting kernel's "
      "parameter loads (uniform and constant columns) per butterfly, where a group kernel makes some once per "
      "phase: an upper bound by those. *local*: stack traffic on the finite path (none since the checked "
      "fallback works on arrays of its own: before, every butterfly stored its outputs to the stack array "
      "the fallback takes by pointer, one STL.128 per 16 bytes, read by nobody). Load and store entries: one "
      "trip of `load_tile`'s and `store_tile`'s loops (complex<E> data at 16-byte aligned bases, column numbers below 2^32, no scaling).\n")
    for fmt in FORMATS:
        w(f"### {fmt}\n")
        w("| R | what | total | fp32 | fp64 | int | ALU pipe | uniform | constant | control | local (stl / ldl) | "
          "lds.128 | sts.128 | global (widths) | calls | per point |")
        w("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|---:|")
        b = data["butterflies"][fmt]
        for r in ("2", "4", "8"):
            for what, key, calls in (("arithmetic", "arithmetic", "butterfly_calls"),
                                     ("tile, table", "tile_table", "tile_calls_table"),
                                     ("tile, factors", "tile_factors", "tile_calls_factors")):
                c = b[r][key]
                ldg = ", ".join(f"{v} {k}" for k, v in sorted(c.items())
                                if re.match(r"(ldg|stg)\.", k)) or "-"
                calls_text = ", ".join(f"{v} {k}" for k, v in sorted(b[r][calls].items())
                                       if "checked" not in k) or "-"
                w(f"| {r} | {what} | {c.get('total', 0):,} | {c.get('fp32', 0):,} | {c.get('fp64', 0):,} | "
                  f"{c.get('int', 0):,} | {c.get('alu', 0):,} | {c.get('uniform', 0):,} | {c.get('constant', 0):,} | "
                  f"{c.get('control', 0):,} | {c.get('stl', 0)} / {c.get('ldl', 0)} | {c.get('lds.128', 0)} | "
                  f"{c.get('sts.128', 0)} | {ldg} | {calls_text} | {c.get('total', 0) / int(r):,.1f} |")
        for phase in ("load_entry", "store_entry"):
            c = b[phase]
            mem = ", ".join(f"{v} {k}" for k, v in sorted(c.items()) if re.match(r"(ldg|stg)\.", k))
            w(f"| - | {phase.replace('_', ' ')} (one trip of the phase's loop) | {c.get('total', 0):,} | "
              f"{c.get('fp32', 0):,} | {c.get('fp64', 0):,} | {c.get('int', 0):,} | {c.get('alu', 0):,} | "
              f"{c.get('uniform', 0):,} | {c.get('constant', 0):,} | {c.get('control', 0):,} | "
              f"{c.get('stl', 0)} / {c.get('ldl', 0)} | {c.get('lds.128', 0)} | {c.get('sts.128', 0)} | "
              f"{mem} | - | {c.get('total', 0):,} |")
        w("")

    w("## Per point and floors, by group kernel\n")
    w("Per point: the load entry + each pass's tile butterfly / R + the store entry (the per-phase loop and "
      "barrier, a few instructions per thread and phase, left out). Issue floor: thread instructions x "
      f"2^{POINTS_LOG2} / 32 / {issue_rate() / 1e12:.3f} T/s, or the FP64 or ALU pipe at half rate if that is "
      "longer; memory floor: each value read and written once, plus the table's twiddle arrays of the group's "
      "passes read once (not the re-reads when an array outgrows L2), at 3.0 TB/s. The floor is the larger.\n")
    for fmt in FORMATS:
        w(f"### {fmt}\n")
        w("| N | twiddles | group (radices) | width x threads | instructions / point | fp32 | fp64 | int | "
          "ALU pipe | lds / sts | stl | bytes / point | issue floor (ms) | FP64 / ALU pipe (ms) | "
          "memory floor (ms) | binds |")
        w("|---|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---:|---|")
        for row in data["per_point"]:
            if row["format"] != fmt or row["log2n"] not in (16, 20, 24):
                continue
            for g in row["groups"]:
                c = g["per_point"]
                w(f"| 2^{row['log2n']} | {row['twiddles']} | {'x'.join(map(str, g['radices']))} | "
                  f"{g['width']} x {g['threads']} | {c.get('total', 0):,.1f} | {c.get('fp32', 0):,.1f} | "
                  f"{c.get('fp64', 0):,.1f} | {c.get('int', 0):,.1f} | {c.get('alu', 0):,.1f} | "
                  f"{c.get('lds.128', 0):.2f} / {c.get('sts.128', 0):.2f} | {c.get('stl', 0):.2f} | "
                  f"{g['bytes_per_point']:.1f} | "
                  f"{g['issue_ms']:.2f} | {g['fp64_ms']:.2f} / {g['alu_ms']:.2f} | {g['memory_ms']:.2f} | {g['binds']} |")
            c = row["per_point"]
            w(f"| 2^{row['log2n']} | {row['twiddles']} | **all {len(row['groups'])}** | | **{c.get('total', 0):,.1f}** | "
              f"{c.get('fp32', 0):,.1f} | {c.get('fp64', 0):,.1f} | {c.get('int', 0):,.1f} | {c.get('alu', 0):,.1f} | "
              f"{c.get('lds.128', 0):.2f} / {c.get('sts.128', 0):.2f} | {c.get('stl', 0):.2f} | | "
              f"{row['compute_ms']:.2f} (compute) | | {row['memory_ms']:.2f} | **floor {row['floor_ms']:.2f} ms** |")
        w("")

    w("## Predicted and measured times\n")
    w("Predicted: the sum over the group kernels of the larger floor (a kernel at full issue rate or full "
      "bandwidth, no latency): a lower bound on the time. Measured: the median of the GPU sweep where a "
      "results file has it, which measured older kernels where its revision says so. "
      "`scripts/sass_counts.py compare PROFILE.json` sets a new sweep beside these predictions.\n")
    w("| format | twiddles | N | floor (ms) | compute (ms) | memory (ms) | measured (ms) | measured / floor | measured in |")
    w("|---|---|---|---:|---:|---:|---:|---:|---|")
    for p in data["prediction"]:
        meas = p.get("measured_ms")
        w(f"| {p['format']} | {p['twiddles']} | 2^{p['log2n']} | {p['floor_ms']:.2f} | {p['compute_ms']:.2f} | "
          f"{p['memory_ms']:.2f} | {fmt_num(meas, 2) if meas else '-'} | "
          f"{(meas / p['floor_ms']):.2f} | {p.get('measured_in', '-')} |" if meas else
          f"| {p['format']} | {p['twiddles']} | 2^{p['log2n']} | {p['floor_ms']:.2f} | {p['compute_ms']:.2f} | "
          f"{p['memory_ms']:.2f} | - | - | - |")
    w("")

    w("## Shared-memory bank conflicts\n")
    w("From the host emulation of each group's first tile (`tools/sass/group_report.cpp`: the kernel's phase "
      "functions thread by thread on recording tiles, `tools/sass/bank_conflicts.hpp`): the k-th tile access "
      "of each thread of a warp is one instruction, each value moved as 16-byte accesses (LDS.128 / STS.128, "
      "as the SASS shows), served per quarter-warp; the degree of an instruction is its worst quarter's "
      "largest count of distinct words in one bank (1: no conflict). Tile a at byte 0 of shared memory, tile b "
      "after it, each laid out as the kernels lay it (`include/ffft/fft/tile_layout.hpp`: df64's values in a "
      "plain array, the 32-byte formats' split into swizzled planes of 16-byte parts).\n")
    w("*Extra wavefronts per call* are the wavefronts beyond one per quarter-warp, summed over the phases and "
      "the tiles of a 2^26-point call: what ncu counts as shared-memory bank conflicts.\n")
    w("| format | N | group (radices) | width x threads | load | passes (worst / mean each) | store | worst | "
      "extra wavefronts per call |")
    w("|---|---|---|---|---|---|---|---:|---:|")
    for e in data["bank_conflicts"]:
        if e["log2n"] not in (16, 20, 24):
            continue
        for g in e["groups"]:
            ph = g["phases"]
            fmt_ph = lambda p: f"{p['worst']} / {p['average']:.2f}"
            passes = "; ".join(fmt_ph(p) for p in ph[1:-1])
            worst = max(p["worst"] for p in ph)
            extra = sum(p["wavefronts"] - p["ideal_wavefronts"] for p in ph) * g["tiles"]
            w(f"| {e['format']} | 2^{e['log2n']} | {'x'.join(map(str, g['radices']))} | {g['width']} x {g['threads']} | "
              f"{fmt_ph(ph[0])} | {passes} | {fmt_ph(ph[-1])} | {worst} | {extra / 1e6:.1f} M |")
    w("")
    s = data["bank_conflict_summary"]
    w("Worst degree per format over 2^16 .. 2^24: " + ", ".join(f"{f} {s[f]['worst']}-way" for f in FORMATS)
      + f". The goal of at most 2-way conflicts for dd128 is **{'met' if s['dd128']['worst'] <= 2 else 'not met'}**"
      + (f" ({s['dd128']['where']})." if s["dd128"]["worst"] > 2 else "."))
    w("")
    w(f"Build cost of this run: {data['build']['summary']}.")
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------- main

def tool_version(tool):
    r = run([tool, "--version"])
    m = re.search(r"release (\S+?),? V?(\S+)", r.stdout)
    return m.group(2) if m else r.stdout.strip().splitlines()[-1]


def conflict_summary(entries):
    out = {}
    for fmt in FORMATS:
        worst, where = 0, ""
        for e in entries:
            if e["format"] != fmt:
                continue
            for g in e["groups"]:
                for p in g["phases"]:
                    if p["worst"] > worst:
                        worst = p["worst"]
                        where = f"2^{e['log2n']}, group {'x'.join(map(str, g['radices']))}, {p['phase']}"
        phases_over_2 = sorted({f"{p['phase'].split(' (')[0] if p['phase'].startswith('pass') else p['phase']}"
                                for e in entries if e["format"] == fmt for g in e["groups"] for p in g["phases"]
                                if p["worst"] > 2})
        out[fmt] = {"worst": worst, "where": where + (f"; phases above 2-way: {', '.join(phases_over_2)}"
                                                      if phases_over_2 else "")}
    return out


def predictions(rows, times):
    out = []
    for r in rows:
        p = {"format": r["format"], "twiddles": r["twiddles"], "log2n": r["log2n"], "floor_ms": r["floor_ms"],
             "compute_ms": r["compute_ms"], "memory_ms": r["memory_ms"]}
        t = times.get((r["format"], r["twiddles"], 1 << r["log2n"]))
        if t:
            p["measured_ms"], p["measured_in"] = t
        if r["twiddles"] == "table" or t:
            out.append(p)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="all", choices=["all", "render", "compare"])
    ap.add_argument("profiles", nargs="*", help="compare: gpu_profile JSON files")
    ap.add_argument("--build", default=str(ROOT / "build-sass"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=str(JSON_OUT))
    a = ap.parse_args(argv)
    out = Path(a.out)
    md = out.with_suffix(".md")

    if a.command == "render":
        # The counts stay those of the recorded run; the measured times are
        # refreshed from the GPU sweeps now in bench/results, each naming
        # the revision it measured.
        data = json.loads(out.read_text())
        times = profile_times([PROFILE, RESULTS / "gpu_profile_computed.json"])
        for p in data["prediction"]:
            p.pop("measured_ms", None)
            p.pop("measured_in", None)
            t = times.get((p["format"], p["twiddles"], 1 << p["log2n"]))
            if t:
                p["measured_ms"], p["measured_in"] = t
        tmp = out.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n")
        tmp.replace(out)
        md.write_text(render(data))
        print(f"sass_counts: wrote {out} and {md}")
        return 0
    if a.command == "compare":
        data = json.loads(out.read_text())
        times = profile_times(a.profiles or [PROFILE])
        print("| format | twiddles | N | floor (ms) | measured (ms) | measured / floor | measured in |")
        print("|---|---|---|---:|---:|---:|---|")
        for r in data["per_point"]:
            t = times.get((r["format"], r["twiddles"], 1 << r["log2n"]))
            if t:
                print(f"| {r['format']} | {r['twiddles']} | 2^{r['log2n']} | {r['floor_ms']:.2f} | {t[0]:.2f} | "
                      f"{t[0] / r['floor_ms']:.2f} | {t[1]} |")
        return 0

    t0 = time.time()
    build = Path(a.build).resolve()
    configure(build)
    tool = tools(build)
    identity = results_record.identity()
    units, host, flags, compiled = compile_all(build, a.jobs)
    work = build / "sass"
    texts = {name: disassemble(path, tool, work) for name, (path, _) in units.items()}
    resources = {}
    for name, (_, log) in units.items():
        resources.update(ptxas_resources(log))
    kernels, callees = library_kernels({k: v for k, v in texts.items() if k != "count_kernels"}, resources)
    counts = counting(texts["count_kernels"])
    bfly = per_butterfly(counts)
    r = run([str(host)])
    if r.returncode != 0:
        raise SystemExit(f"sass_counts: {host} failed: {r.stderr}")
    groups_json = json.loads(r.stdout)
    rows = model(groups_json, bfly)
    times = profile_times([PROFILE, RESULTS / "gpu_profile_computed.json"])
    seconds = time.time() - t0
    nvcc = flags[0]
    build_summary = (f"{seconds:.0f} s in all on {os.cpu_count()} cores; " + ", ".join(
        f"{name} {'compiled in ' + str(c['seconds']) + ' s' if c['compiled'] else 'reused'}"
        + (f" (compiled in {c['seconds']} s when built)" if not c["compiled"] and c["seconds"] else "")
        for name, c in compiled.items()))
    data = {
        "toolchain": {"nvcc": tool_version(nvcc), "cuobjdump": tool_version(tool["cuobjdump"]),
                      "flags": " ".join(f for f in flags[1:] if not f.startswith(("-I", "-isystem"))),
                      "arch": "sm_90"},
        "machine": MACHINE,
        "points_per_call_log2": POINTS_LOG2,
        "build": {"seconds": round(seconds, 1), "units": compiled, "summary": build_summary},
        "kernels": kernels,
        "callees": callees,
        "counting_kernels": counts,
        "butterflies": bfly,
        "per_point": rows,
        "prediction": predictions(rows, times),
        "bank_conflicts": groups_json,
        "bank_conflict_summary": conflict_summary(groups_json),
    }
    out.write_text(json.dumps(data, indent=1) + "\n")
    results_record.stamp(out, SOURCES, identity)
    md.write_text(render(json.loads(out.read_text())))
    print(f"sass_counts: wrote {out} and {md} ({build_summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
