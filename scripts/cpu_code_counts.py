#!/usr/bin/env python3
"""Instruction counts, spills and stack traffic of the CPU paths' butterflies, from the compiled objects.

  cpu_code_counts.py [--build DIR]   count, write bench/results/cpu_code_counts.{json,md}
  cpu_code_counts.py render          the md from the JSON

What it reads: the objects of the instruction-set paths (src/cpu/paths/
{avx2,avx512}_{df64,qf128,dd128}.cpp, compiled with the path's flags) in
DIR (default build), disassembled by objdump. For each path, format and
radix, two functions:
  - arithmetic: lane_butterfly_arithmetic<Bytes, R, E> (lane_butterfly.hpp),
    the radix-R DFT and twiddle products of W butterflies at once, where the
    expansion arithmetic runs;
  - pass loop: the OpenMP body of run_pass<Bytes, R, E>
    (stockham_pass_path.hpp), which loads and stores the lanes (permutes of
    whole vectors, or gathers) around the call of the arithmetic.

Counts are static (each instruction of the function once, loops once; the
rare checked fallback of a lane with a non-finite output is in the
arithmetic's body too, in a few dozen instructions). The columns:
  - vector fp: vector floating-point arithmetic (add, sub, mul, div, FMA);
  - shuffles: permutes, shuffles, blends, inserts and extracts;
  - stack stores / loads: vector moves to and from the stack frame (rsp or
    rbp based), and vector instructions with a stack operand: the spills
    and reloads of a function that runs out of registers. The arithmetic
    gets its 2R - 1 lane operands by reference (x, w), so their loads and
    stores are not stack traffic; an arithmetic without spills has none.
  - frame: the bytes the function reserves on the stack.
AVX2 has 16 vector registers and AVX-512 32: a radix-8 dd128 butterfly's
8 complex inputs alone are 32 lane vectors.
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results_record  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT_JSON = ROOT / "bench" / "results" / "cpu_code_counts.json"
OUT_MD = ROOT / "bench" / "results" / "cpu_code_counts.md"

# Path name -> (lane bytes, object folder under DIR/src/CMakeFiles, registers).
PATHS = {"avx2": (32, "ffft.dir", 16), "avx512": (64, "ffft_cpu_avx512.dir", 32)}
# Format name -> the type objdump demangles it to.
FORMATS = {"df64": "ffft::expansion<float, 2>", "qf128": "ffft::expansion<float, 4>",
           "dd128": "ffft::expansion<double, 2>"}
LIMB_BYTES = {"df64": 4, "qf128": 4, "dd128": 8}
RADICES = [2, 3, 4, 5, 7, 8]

FP_ARITH = re.compile(r"^v(add|sub|mul|div|fmadd|fmsub|fnmadd|fnmsub)\w*[ps][sd]$")
SHUFFLE = re.compile(r"^v(perm|shuf|unpck|blend|insert|extract|movddup|movs[hl]dup|pshuf|palignr|broadcast)")
VREG = re.compile(r"%[xyz]mm\d+")
STACK = re.compile(r"\(%r[sb]p\)")


def disassemble(obj):
    """{demangled function name: [(mnemonic, operands)]} of an object file."""
    text = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", str(obj)],
                          check=True, capture_output=True, text=True).stdout
    functions, current = {}, None
    for line in text.splitlines():
        head = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if head:
            current = functions.setdefault(head.group(1), [])
            continue
        body = re.match(r"^\s+[0-9a-f]+:\s+(\S+)\s*(.*)$", line)
        if body and current is not None:
            current.append((body.group(1), body.group(2)))
    return functions


def count(instructions):
    c = {"instructions": len(instructions), "vector_fp": 0, "shuffles": 0,
         "stack_stores": 0, "stack_loads": 0, "frame_bytes": 0}
    for mnemonic, operands in instructions:
        if FP_ARITH.match(mnemonic):
            c["vector_fp"] += 1
        if SHUFFLE.match(mnemonic):
            c["shuffles"] += 1
        if mnemonic == "sub" and operands.endswith(",%rsp"):
            frame = re.match(r"\$0x([0-9a-f]+),%rsp", operands)
            if frame:
                c["frame_bytes"] = max(c["frame_bytes"], int(frame.group(1), 16))
        if not (mnemonic.startswith("v") and STACK.search(operands) and VREG.search(operands)):
            continue
        # AT&T order: the destination is the last operand.
        if STACK.search(operands.split(",")[-1]):
            c["stack_stores"] += 1
        else:
            c["stack_loads"] += 1
    return c


def summed(parts):
    total = {k: 0 for k in parts[0]} if parts else {}
    for p in parts:
        for k, v in p.items():
            total[k] = max(total[k], v) if k == "frame_bytes" else total[k] + v
    return total


def measure(build):
    rows = []
    for path, (lane_bytes, folder, registers) in PATHS.items():
        for fmt, type_name in FORMATS.items():
            obj = build / "src" / "CMakeFiles" / folder / "cpu" / "paths" / f"{path}_{fmt}.cpp.o"
            if not obj.exists():
                print(f"cpu_code_counts: {obj} not built; {path} {fmt} left out", file=sys.stderr)
                continue
            functions = disassemble(obj)
            for radix in RADICES:
                arith_name = f"lane_butterfly_arithmetic<{lane_bytes}, {radix}, {type_name} >"
                loop_name = f"run_pass<{lane_bytes}, {radix}, {type_name} >"
                arith = [count(body) for name, body in functions.items()
                         if arith_name in name and "run_pass" not in name]
                loop = [count(body) for name, body in functions.items()
                        if loop_name in name and "_omp_fn" in name]
                if not arith or not loop:
                    raise SystemExit(f"cpu_code_counts: {obj} has no {arith_name} or {loop_name}")
                lanes = lane_bytes // LIMB_BYTES[fmt]
                rows.append({"path": path, "format": fmt, "radix": radix, "lanes": lanes,
                             "registers": registers, "arithmetic": summed(arith), "pass_loop": summed(loop)})
    return rows


def compiler_version():
    out = subprocess.run(["c++", "--version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else "unknown"


def flags_of(build):
    """The compile flags CMake gave each path's dd128 object: from build.ninja (Ninja, the
    generator of scripts/build.sh) or the target's flags.make (Makefiles)."""
    ninja = build / "build.ninja"
    lines = ninja.read_text().splitlines() if ninja.exists() else None
    flags = {}
    for path, (_, folder, _) in PATHS.items():
        if lines is not None:
            obj = f"build src/CMakeFiles/{folder}/cpu/paths/{path}_dd128.cpp.o:"
            start = next((j for j, line in enumerate(lines) if line.startswith(obj)), None)
            found = [] if start is None else [line.strip()[len("FLAGS = "):] for line in lines[start + 1:start + 12]
                                              if line.strip().startswith("FLAGS = ")]
        else:
            make = build / "src" / "CMakeFiles" / folder / "flags.make"
            found = [line[len("CXX_FLAGS = "):] for line in make.read_text().splitlines()
                     if line.startswith("CXX_FLAGS = ")] if make.exists() else []
        if found:
            flags[path] = found[0].strip()
    return flags


def render(data):
    lines = ["# CPU butterflies: instructions, spills and stack traffic", ""]
    lines.append(f"Generated by `scripts/cpu_code_counts.py` from `cpu_code_counts.json` "
                 f"({results_record.describe(data)}); compiler: {data['compiler']}.")
    lines.append("")
    lines.append("Static counts from the compiled objects of each instruction-set path (objdump): "
                 "*arithmetic* is `lane_butterfly_arithmetic` (the DFT and twiddle products of one "
                 "lane vector of butterflies), *pass loop* the OpenMP body of `run_pass` (loads, "
                 "stores, permutes and gathers around it). Stack stores and loads are vector spills "
                 "and reloads: the arithmetic takes its operands by reference, so without spills it "
                 "has none; the pass loop's stack stores include the 2R - 1 lane operands it hands the "
                 "arithmetic. Per butterfly: divided by the lanes.")
    lines.append("")
    for path in PATHS:
        rows = [r for r in data["rows"] if r["path"] == path]
        if not rows:
            continue
        lines.append(f"## {path} ({rows[0]['registers']} vector registers)")
        lines.append("")
        if path in data.get("flags", {}):
            lines.append(f"Flags: `{data['flags'][path]}`")
            lines.append("")
        lines.append("| format | radix | lanes | arithmetic instr. | vector fp | spills (stores) | reloads (loads) "
                     "| frame (B) | vector fp per butterfly | pass loop instr. | loop shuffles | loop stack stores |")
        lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            a, p = r["arithmetic"], r["pass_loop"]
            lines.append(f"| {r['format']} | {r['radix']} | {r['lanes']} | {a['instructions']:,} | "
                         f"{a['vector_fp']:,} | {a['stack_stores']:,} | {a['stack_loads']:,} | "
                         f"{a['frame_bytes']:,} | {a['vector_fp'] / r['lanes']:.0f} | {p['instructions']:,} | "
                         f"{p['shuffles']:,} | {p['stack_stores']:,} |")
        lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="count", choices=["count", "render"])
    parser.add_argument("--build", default=str(ROOT / "build"))
    args = parser.parse_args()
    if args.command == "render":
        data = json.loads(OUT_JSON.read_text())
    else:
        build = Path(args.build)
        identity = results_record.identity()
        data = {"compiler": compiler_version(), "flags": flags_of(build), "rows": measure(build)}
        OUT_JSON.write_text(json.dumps(data, indent=1) + "\n")
        results_record.stamp(OUT_JSON, results_record.sources_of("cpu"), identity)
        data = json.loads(OUT_JSON.read_text())
    OUT_MD.write_text(render(data) + "\n")
    print(f"cpu_code_counts: wrote {OUT_JSON.relative_to(ROOT)} and {OUT_MD.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
