#!/usr/bin/env python3
"""Checks that the source tree's layers point one way.

Every quoted #include must name exactly one file, spelled either from the
public include root (include/: "ffft/...") or from the repository root
("engine/...", "kernels/...", "src/...", ...), or relative to the including
file's own folder. A file may include only from its own layer or the layers
below it:

    include/ffft   public API and header-only core            (rank 0)
    engine/        engine pieces both executors share          (rank 1)
    kernels/       the CUDA executor                           (rank 2)
    src/           the library: plan, CPU executor, tables     (rank 3)
    tools/         measurement helpers and report programs     (rank 4)
    cli/, bench/   the ffft program; the benchmarks            (rank 5, apart)
    tests/         everything                                  (rank 6)
    examples/      the public API only (and their own files)   (rank 0 users)
    python/        the Python module: likewise

Usage: check_layers.py [ROOT]   (default: the repository this file is in).
Prints one line per violation and exits 1 if there is any.
"""
import pathlib
import re
import sys

LAYERS = {  # top-level folder: (rank, folders of equal rank it may not include)
    "include": (0, set()),
    "engine": (1, set()),
    "kernels": (2, set()),
    "src": (3, set()),
    "tools": (4, set()),
    "cli": (5, {"bench"}),
    "bench": (5, {"cli"}),
    "tests": (6, set()),
}
# Examples and the Python module are written as a user would write them:
# public headers only, besides their own files.
PUBLIC_ONLY = {"examples", "python"}
SOURCES = {".hpp", ".cpp", ".h", ".cu", ".cuh"}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)


def layer_of(root, path):
    top = path.relative_to(root).parts[0]
    if top in LAYERS or top in PUBLIC_ONLY:
        return top
    return None


def resolve(root, source, spelled):
    """Every file the quoted include could name."""
    candidates = [source.parent / spelled, root / "include" / spelled, root / spelled]
    found = []
    for c in candidates:
        if c.is_file():
            c = c.resolve()
            if c not in found:
                found.append(c)
    return found


def check(root):
    root = root.resolve()
    problems = []
    for top in list(LAYERS) + sorted(PUBLIC_ONLY):
        folder = root / top
        if not folder.is_dir():
            continue
        for source in sorted(folder.rglob("*")):
            if source.suffix not in SOURCES or not source.is_file():
                continue
            if "layers/fixtures" in source.relative_to(root).as_posix():
                continue  # this checker's own bad examples
            here = layer_of(root, source)
            text = source.read_text(errors="replace")
            for spelled in INCLUDE.findall(text):
                where = f"{source.relative_to(root)}: \"{spelled}\""
                found = resolve(root, source, spelled)
                if not found:
                    continue  # generated (ffft/version.hpp) or a system header in quotes
                if len(found) > 1:
                    names = ", ".join(str(f.relative_to(root)) for f in found)
                    problems.append(f"{where} is ambiguous: it names {names}")
                    continue
                target = layer_of(root, found[0])
                if target is None:
                    problems.append(f"{where} reaches outside the source layers")
                    continue
                if here in PUBLIC_ONLY:
                    if target not in ("include", here):
                        problems.append(f"{where}: {here}/ may include only public headers (ffft/...) and its own files")
                    continue
                rank, apart = LAYERS[here]
                target_rank, _ = LAYERS.get(target, (99, set()))
                if target_rank > rank or target in apart:
                    problems.append(f"{where}: {here}/ (rank {rank}) includes from {target}/ "
                                    f"(rank {target_rank}), a layer above or beside it")
                elif here == "include" and not spelled.startswith("ffft/"):
                    problems.append(f"{where}: public headers include each other as \"ffft/...\"")
    return problems


def main():
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2]
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} include(s) break the layering (tests/layers/check_layers.py)")
        return 1
    print(f"layers: every include in {root} points down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
