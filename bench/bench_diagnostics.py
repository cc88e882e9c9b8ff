"""CPU time of ``show`` (and ``validate``, ``replay``, ``lineup``) on records with many
diagnostics, at 2k, 8k and 32k of them: the time must grow linearly with their number
(issue 20: ``show`` removed duplicates through a list, 86 s at 32k).

    python3 bench/bench_diagnostics.py [--sizes 2000 8000 32000] [--runs 3] [--root DIR]

Each record is ``Round 1`` followed by N lines that are each a syntax error (a lone
``}``), or N lines of an unknown word (``--shape words``). Each command runs in a
subprocess from the tree ``--root`` (default: this one; an older checkout is measured
the same way); its CPU time is the child's user + system time (``os.wait4``), median of
``--runs``, less the same command's time on a record of one error line (start-up,
measured in the same run). Printed: the CPU seconds per 1,000 diagnostics at each size
and their ratio to the smallest size's: about 1.0 when the time is linear in the
diagnostics, about 4 and 16 when it is quadratic.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "show": ["show", "{file}", "--no-color"],
    "replay": ["replay", "{file}", "--no-color"],
    "lineup --round 1": ["lineup", "{file}", "--round", "1", "--no-color"],
    "validate": ["validate", "{file}"],
}

SHAPES = {"braces": "}\n", "words": "Purple Lefty 3 Yellow\n"}


def cpu_seconds(root: Path, args: list[str]) -> float:
    """The CPU time (user + system) of ``kamisado ARGS`` run from the tree ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root), "NO_COLOR": "1", "COLUMNS": "100"}
    cmd = [sys.executable, "-m", "kamisado_notation.cli.app", *args]
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=root)
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise SystemExit(f"kamisado {' '.join(args)} exited {child.returncode}")
    return usage.ru_utime + usage.ru_stime


def record(folder: str, shape: str, n: int) -> str:
    """A record of ``n`` lines each giving one diagnostic."""
    path = os.path.join(folder, f"{shape}-{n}.kmr")
    Path(path).write_text('[Event "many diagnostics"]\n\nRound 1\n' + SHAPES[shape] * n, encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 8000, 32000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shape", choices=sorted(SHAPES), default="braces")
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--commands", nargs="+", default=list(COMMANDS), choices=list(COMMANDS))
    args = parser.parse_args()
    print(f"code: {args.root}; records of {args.shape!r} lines; CPU s per 1,000 diagnostics (median of {args.runs}), ratio to {args.sizes[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        files = {n: record(tmp, args.shape, n) for n in [1, *args.sizes]}
        print(f"{'command':18}" + "".join(f"{n:>14}" for n in args.sizes))
        for name in args.commands:
            template = COMMANDS[name]

            def median(n: int, template: list[str] = template) -> float:
                argv = [files[n] if t == "{file}" else t for t in template]
                return statistics.median(cpu_seconds(args.root, argv) for _ in range(args.runs))

            start = median(1)
            per_k = [max(median(n) - start, 0.0) / (n / 1000) for n in args.sizes]
            cells = "".join(f"{p:8.3f} x{p / per_k[0]:4.1f}" if per_k[0] else f"{p:14.3f}" for p in per_k)
            print(f"{name:18}{cells}", flush=True)


if __name__ == "__main__":
    main()
