"""The arena's clock on a loaded machine: how far past the move time the answers it
charges come, with the machine idle and with busy processes competing for its cores.

Engines (real processes, the protocol): a *sleeper* that answers each ``go movetime MS``
after exactly ``0.8 × MS`` (so whatever comes on top is the operating system's and the
arena's latency, not the engine's search), and the built-in engine (``kamisado engine``,
which searches within half the move time). Each configuration plays ``--games`` Standard
matches at ``--movetime`` ms with the default grace (250 ms), the traffic logged
(``--debug``'s form); from the log, each ``go`` → ``bestmove`` interval as the arena
measured it (its writing of ``go`` to its reader's reading of ``bestmove``) less the
move time is the overshoot. Printed: the moves, the overshoot's median, 95th percentile
and maximum (ms), and the time forfeits. The load is ``--load`` processes spinning in
a Python loop (on this 2-core machine 4 of them take every core twice over), started
before the matches and killed after; with ``jobs 2`` two matches (four engines) play at
once on top of it.

    python3 bench/bench_arena_clock.py [--games 6] [--movetime 50] [--load 4]
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = str(ROOT)  # (the engines' processes import this package too)

from kamisado_notation.play.arena import ArenaSettings, Traffic, run_arena

SLEEPER = """
import random, sys, time
from kamisado_notation import Position
pos, rng = None, random.Random(1)
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "kep":
        print("id name sleeper"); print("kepok")
    elif w[0] == "isready":
        print("readyok")
    elif w[0] == "position":
        pos = Position.from_string(" ".join(w[1:]))
    elif w[0] == "go":
        time.sleep(0.8 * int(w[w.index("movetime") + 1]) / 1000)
        print("bestmove " + rng.choice(pos.legal_moves()).coords())
    elif w[0] == "fill":
        print("fill left")
    elif w[0] == "quit":
        break
    sys.stdout.flush()
"""

SPIN = "while True: pass"


def overshoots(log: str, movetime: int) -> list[float]:
    """Each ``go`` → ``bestmove`` interval of the traffic log, less the move time (ms)."""
    sent: dict[tuple[str, str], datetime.datetime] = {}
    found = []
    for line in log.splitlines():
        stamp, match, engine, direction, text = line.split("\t", 4)
        when = datetime.datetime.fromisoformat(stamp)
        if direction == ">" and text.startswith("go "):
            sent[match, engine] = when
        elif direction == "<" and text.startswith("bestmove") and (match, engine) in sent:
            found.append((when - sent.pop((match, engine))).total_seconds() * 1000 - movetime)
    return found


def configuration(label: str, engines: tuple[str, str], games: int, movetime: int, load: int, jobs: int) -> None:
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(load)]
    try:
        time.sleep(0.5 if load else 0)
        traffic = io.StringIO()
        settings = ArenaSettings(match="standard", movetime_ms=movetime)
        start = time.perf_counter()
        result = run_arena(engines, settings, games=games, jobs=jobs, debug=Traffic(traffic))
        seconds = time.perf_counter() - start
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
    over = sorted(overshoots(traffic.getvalue(), movetime))
    forfeits = sum(1 for o in result.outcomes if o.reason == "time forfeit")
    p95 = over[min(len(over) - 1, int(0.95 * len(over)))] if over else float("nan")
    median = statistics.median(over) if over else float("nan")
    maximum = over[-1] if over else float("nan")
    print(
        f"{label:<34} load {load}, jobs {jobs}: {len(over):4} moves, overshoot median {median:6.1f} ms, "
        f"p95 {p95:6.1f} ms, max {maximum:6.1f} ms; time forfeits {forfeits} of {len(result.outcomes)} matches ({seconds:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--movetime", type=int, default=50)
    parser.add_argument("--load", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sleeper = Path(folder) / "sleeper.py"
        sleeper.write_text(SLEEPER, encoding="utf-8")
        sleepers = (f"{sys.executable} {sleeper}", f"{sys.executable} {sleeper} name=sleeper-2")
        built_in = f"{sys.executable} -m kamisado_notation.cli.app engine"
        print(f"{args.games} Standard matches a configuration, {args.movetime} ms a move, grace 250 ms")
        for load, jobs in ((0, 1), (args.load, 1), (args.load, 2)):
            configuration("sleepers (answer at 0.8 x movetime)", sleepers, args.games, args.movetime, load, jobs)
            configuration("built-in engine against itself", (built_in, f"{built_in} name=built-in-2"), args.games, args.movetime, load, jobs)


if __name__ == "__main__":
    main()
