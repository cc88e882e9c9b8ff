"""Plain output into a pipe against rich's layout, in CPU time, in the same run.

    python3 bench/bench_plain_output.py [--runs N] [--positions N]

Measured: ``kamisado moves`` with N positions on stdin (default 2,000: every position of
generated matches, seed 11) and ``kamisado replay`` of a long match (samples/
marathon-match.kmr), stdout a pipe to /dev/null, each run as its own process. "rich" is
the same code with the plain path switched off (``is_plain`` answering False in
cli/engine.py and cli/draw.py), so every diagram goes through rich's layout as before
issue 11; "plain" is the code as shipped. Each figure is the child's CPU time (user +
system, ``resource.getrusage(RUSAGE_CHILDREN)``), the median of N interleaved runs; the
ratio is rich / plain, on the whole command and on the command less start-up
(``kamisado moves`` with nothing on stdin).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from kamisado_notation.checking.replay import replay_match
from kamisado_notation.play.generate import generate_match

PLAIN = "import sys; from kamisado_notation.cli.app import console; sys.argv[0] = 'kamisado'; console()"
RICH = (
    "import sys; from kamisado_notation.cli import draw, engine; from kamisado_notation.cli.app import console; "
    "engine.is_plain = draw.is_plain = lambda out: False; sys.argv[0] = 'kamisado'; console()"
)


def positions(count: int) -> list[str]:
    """``count`` positions: every position of generated matches, in order."""
    rng, out = random.Random(11), list[str]()
    while len(out) < count:
        for rnd in replay_match(generate_match(rng, target=7)).rounds:
            out += [rnd.position_at(n).to_string() for n in range(len(rnd.plies) + 1)]
    return out[:count]


def cpu_of(cmd: list[str], stdin_path: str | None, env: dict[str, str]) -> float:
    """The CPU time (user + system) of running ``cmd`` to its end, stdout to /dev/null."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin_path or os.devnull, "rb") as stdin:
        subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = ROOT
    match_file = os.path.join(ROOT, "samples", "marathon-match.kmr")
    with tempfile.TemporaryDirectory() as tmp:
        stdin_path = os.path.join(tmp, "positions.txt")
        with open(stdin_path, "w", encoding="utf-8") as f:
            f.write("\n".join(positions(args.positions)) + "\n")
        cases = {
            "start-up (moves, empty stdin)": ([sys.executable, "-c", PLAIN, "moves"], None),
            f"moves, {args.positions} positions, rich": ([sys.executable, "-c", RICH, "moves"], stdin_path),
            f"moves, {args.positions} positions, plain": ([sys.executable, "-c", PLAIN, "moves"], stdin_path),
            "replay marathon-match.kmr, rich": ([sys.executable, "-c", RICH, "replay", match_file], None),
            "replay marathon-match.kmr, plain": ([sys.executable, "-c", PLAIN, "replay", match_file], None),
        }
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.runs):
            for name, (cmd, stdin) in cases.items():
                times[name].append(cpu_of(cmd, stdin, env))
    report({name: statistics.median(t) for name, t in times.items()}, args.runs)


def report(medians: dict[str, float], runs: int) -> None:
    names = list(medians)
    start = medians[names[0]]
    print(f"CPU time, median of {runs} runs (seconds)")
    for name in names:
        print(f"  {name:<42} {medians[name]:7.3f}")
    for rich, plain in ((names[1], names[2]), (names[3], names[4])):
        whole = medians[rich] / medians[plain]
        less = (medians[rich] - start) / max(medians[plain] - start, 1e-9)
        print(f"  {rich.rsplit(',', 1)[0]}: rich / plain = {whole:.2f}x (less start-up {less:.2f}x)")


if __name__ == "__main__":
    main()
