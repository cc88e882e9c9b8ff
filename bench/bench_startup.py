"""Start-up time of the CLI, as a ratio against importing its three libraries.

    python3 bench/bench_startup.py [--runs N]

Baseline: ``python -c "import lark, typer, rich.console"``. Measured: ``kamisado validate``
of a one-line record and ``kamisado perft 0``. Medians of N runs each, interleaved so
that machine noise falls on both alike. Goal (issue 4): validate within 1.3x the baseline.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def _time(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    kamisado = shutil.which("kamisado")
    base_cmd = [sys.executable, "-c", "import lark, typer, rich.console"]
    entry = [kamisado] if kamisado else [sys.executable, "-m", "kamisado_notation.cli.app"]
    with tempfile.TemporaryDirectory() as tmp:
        record = os.path.join(tmp, "one.kmr")
        with open(record, "w", encoding="utf-8") as f:
            f.write("1. Yellow Left 1 Yellow\n")
        commands = {
            "import lark, typer, rich.console (baseline)": base_cmd,
            "kamisado validate one-line.kmr": entry + ["validate", record],
            "kamisado perft 0": entry + ["perft", "0"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for cmd in commands.values():  # warm the file cache and lark's grammar cache
            _time(cmd)
        for _ in range(args.runs):
            for name, cmd in commands.items():
                times[name].append(_time(cmd))
    base = statistics.median(next(iter(times.values())))
    print(f"{'command':48} {'median s':>9} {'x baseline':>11}")
    for name, ts in times.items():
        m = statistics.median(ts)
        print(f"{name:48} {m:9.3f} {m / base:11.2f}")


if __name__ == "__main__":
    main()
