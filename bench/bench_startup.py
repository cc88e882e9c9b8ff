"""Start-up cost of the CLI, as a ratio against importing its three libraries, in CPU time.

    python3 bench/bench_startup.py [--runs N]

Baseline: ``python -c "import lark, typer, rich.console"``. Measured: ``kamisado validate``
of a one-line record and ``kamisado perft 0``, run as the console script runs them (its
``main`` imported and called) on this tree's code, with the bytecode compiled first as
pip compiles it on install. Each figure is the CPU time (user + system) of the child
process (``resource.getrusage(RUSAGE_CHILDREN)`` around it), the median of N runs,
interleaved so that machine noise falls on all alike. Goal (issue 11): validate ≤ 1.1×
the baseline.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: what the ``kamisado`` console script does (pyproject: kamisado_notation.cli.app:console)
CONSOLE_SCRIPT = "import sys; from kamisado_notation.cli.app import console; sys.argv[0] = 'kamisado'; console()"


def cpu_of(cmd: list[str], env: dict[str, str]) -> float:
    """The CPU time (user + system) of running ``cmd`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=41)
    args = parser.parse_args()
    compileall.compile_dir(os.path.join(ROOT, "kamisado_notation"), quiet=1)
    env = dict(os.environ, PYTHONPATH=ROOT)
    entry = [sys.executable, "-c", CONSOLE_SCRIPT]
    with tempfile.TemporaryDirectory() as tmp:
        record = os.path.join(tmp, "one.kmr")
        with open(record, "w", encoding="utf-8") as f:
            f.write("1. Yellow Left 1 Yellow\n")
        commands = {
            "import lark, typer, rich.console (baseline)": [sys.executable, "-c", "import lark, typer, rich.console"],
            "kamisado validate one-line.kmr": [*entry, "validate", record],
            "kamisado perft 0": [*entry, "perft", "0"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for cmd in commands.values():  # warm the file cache
            cpu_of(cmd, env)
        for _ in range(args.runs):
            for name, cmd in commands.items():
                times[name].append(cpu_of(cmd, env))
    base = statistics.median(next(iter(times.values())))
    print(f"CPU time, median of {args.runs} runs")
    print(f"{'command':48} {'median ms':>10} {'x baseline':>11}")
    for name, ts in times.items():
        m = statistics.median(ts)
        print(f"{name:48} {m * 1000:10.1f} {m / base:11.2f}")
    print("goal: kamisado validate one-line.kmr <= 1.10x the baseline")


if __name__ == "__main__":
    main()
