"""The solver's deepening search in nodes a second of CPU time, this tree against another
checkout (``--against DIR``, e.g. ``git archive main | tar -x -C /tmp/main``), runs
interleaved so that both see the same load; medians and their ratio.

Each run is a child process that solves the initial position and the positions 12, 16
and 20 turns into a round the built-in engine plays against itself, with the deepening
alone (``Solver(proof=False)``) and a budget of ``--nodes`` nodes each: the same
positions and nodes for both trees, only their code differs.

    python3 bench/bench_solve_speed.py --against /tmp/main [--runs 5] [--nodes 150000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from kamisado_notation import Position
from kamisado_notation.play.solve import Solver
line = {line!r}
positions = [Position.from_string(text) for text in line]
nodes = cpu = 0.0
for position in positions:
    solver = Solver(proof=False)
    start = time.process_time()
    answer = solver.solve(position, nodes={nodes})
    cpu += time.process_time() - start
    nodes += answer.nodes
print(json.dumps({{"nodes": nodes, "cpu": cpu}}))
"""


def positions() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from kamisado_notation import Position
    from kamisado_notation.play.search import Limits, Searcher

    searcher = Searcher(seed=1)
    pos = Position.initial()
    kept = [pos.to_string()]
    for ply in range(1, 21):
        if pos.winner is not None or not pos.has_moves():
            break
        pos.play(searcher.search(pos, Limits(depth=3, nodes=10**9)).move)
        if ply in (12, 16, 20):
            kept.append(pos.to_string())
    return kept


def run(root: Path, line: list[str], nodes: int) -> float:
    code = CHILD.format(root=str(root), line=line, nodes=nodes)
    got = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    return float(got["nodes"] / got["cpu"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="the other checkout's root")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--nodes", type=int, default=150_000)
    args = parser.parse_args()
    line = positions()
    here: list[float] = []
    there: list[float] = []
    for _ in range(args.runs):
        there.append(run(args.against, line, args.nodes))
        here.append(run(ROOT, line, args.nodes))
    a, b = statistics.median(there), statistics.median(here)
    print(f"{len(line)} positions, {args.nodes:,} nodes each, {args.runs} runs interleaved")
    print(f"  {args.against}: {a:,.0f} nodes/s CPU (median; runs {', '.join(f'{x:,.0f}' for x in there)})")
    print(f"  this tree: {b:,.0f} nodes/s CPU (median; runs {', '.join(f'{x:,.0f}' for x in here)})")
    print(f"  ratio this/that: {b / a:.3f}")


if __name__ == "__main__":
    main()
