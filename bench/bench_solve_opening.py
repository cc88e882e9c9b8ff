"""The opening position solved (docs/analysis.md, "The opening position"): ``solve`` of
the standard start in this tree against another checkout (``--against DIR``, e.g.
``git archive main | tar -x -C /tmp/main``), runs interleaved so that both see the same
load: the answer (result, turns, within, best move, the pv's length), the nodes, the
CPU time and the peak resident memory of each run, medians and their ratio.

Each run is a child process (its peak RSS its own: ``VmHWM``, read as it exits) that
solves the start with ``--memory`` MB and a ``--seconds`` time limit (a run the limit
stops says so in its answer: ``within`` without ``turns``, or ``unknown``).
``--all-moves`` judges each of the 102 first moves instead (``solve_moves``, one
solver, ``--move-nodes`` nodes each, 0: no limit; the other checkout's
``--against-move-nodes``, by default the same): the moves classified with their
turns, within a bound or not at all, the winning ones, the nodes, the CPU time and
the peak resident memory; with ``--against``, both trees interleaved, medians and
their ratio.

    python3 bench/bench_solve_opening.py --against /tmp/main [--runs 3] [--memory 250] [--seconds 600]
    python3 bench/bench_solve_opening.py --all-moves [--move-nodes 0] [--against /tmp/main --against-move-nodes 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from kamisado_notation import Position
from kamisado_notation.play.solve import Solver
solver = Solver(memory={memory})
start = time.process_time()
answer = solver.solve(Position.initial(), time={seconds})
cpu = time.process_time() - start
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({{"result": answer.result, "turns": answer.turns, "within": answer.within,
    "best": answer.best and answer.best.coords(), "pv": len(answer.pv), "nodes": answer.nodes,
    "cpu": cpu, "rss_mb": hwm / 1024}}))
"""

ALL_MOVES = """
import json, sys, time
sys.path.insert(0, {root!r})
from kamisado_notation import Position
from kamisado_notation.play.solve import Solver, solve_moves
start_nodes = []  # (a tree that solves the start itself first: its nodes count too)
inner = Solver.solve
def solve(self, position, **limits):
    answer = inner(self, position, **limits)
    if position == Position.initial():
        start_nodes.append(answer.nodes)
    return answer
Solver.solve = solve
start = time.process_time()
values = solve_moves(Position.initial(), nodes={nodes} or None, solver=Solver(memory={memory}))
cpu = time.process_time() - start
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({{"moves": [[v.move.coords(), v.result, v.turns, v.within] for v in values], "cpu": cpu, "rss_mb": hwm / 1024,
    "nodes": sum(v.answer.nodes for v in values) + sum(start_nodes)}}))
"""


def run(root: Path, memory: int, seconds: float) -> dict[str, object]:
    code = CHILD.format(root=str(root), memory=memory, seconds=seconds)
    got: dict[str, object] = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    return got


def answer(got: dict[str, object]) -> str:
    turns = f"in {got['turns']}" if got["turns"] is not None else f"within {got['within']}"
    return f"{got['result']} {turns}, best {got['best']}, a {got['pv']}-turn pv"


def compare(args: argparse.Namespace) -> None:
    trees = {"before": args.against, "after": ROOT}
    runs: dict[str, list[dict[str, object]]] = {"before": [], "after": []}
    for _ in range(args.runs):
        for name, root in trees.items():
            got = run(root, args.memory, args.seconds)
            runs[name].append(got)
            print(f"  {name}: {answer(got)}; {got['nodes']:,} nodes, {got['cpu']:.1f} s CPU, {got['rss_mb']:.0f} MB", flush=True)
    medians = {}
    for name, root in trees.items():
        medians[name] = {k: statistics.median(float(str(r[k])) for r in runs[name]) for k in ("nodes", "cpu", "rss_mb")}
        m = medians[name]
        print(f"{name} ({root}): {answer(runs[name][-1])}; median {m['nodes']:,.0f} nodes, {m['cpu']:.1f} s CPU, {m['rss_mb']:.0f} MB peak RSS")
    ratio = {k: medians["after"][k] / medians["before"][k] for k in ("nodes", "cpu", "rss_mb")}
    print(f"after / before: nodes {ratio['nodes']:.2f}, CPU time {ratio['cpu']:.2f}, peak RSS {ratio['rss_mb']:.2f}")


def judge(root: Path, nodes: int, memory: int) -> dict[str, Any]:
    """``solve_moves`` of the start in ``root``'s tree, ``nodes`` a move (0: no limit)."""
    code = ALL_MOVES.format(root=str(root), nodes=nodes, memory=memory)
    got: dict[str, Any] = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    moves = got["moves"]
    got["exact"] = sum(1 for m in moves if m[2] is not None)
    got["bounded"] = sum(1 for m in moves if m[1] != "unknown" and m[2] is None)
    got["unknown"] = sum(1 for m in moves if m[1] == "unknown")
    got["wins"] = ", ".join(f"{m[0]} ({m[2] or 'within ' + str(m[3])})" for m in moves if m[1] == "win") or "none"
    return got


def all_moves(args: argparse.Namespace) -> None:
    trees = {"before": (args.against, args.against_move_nodes), "after": (ROOT, args.move_nodes)} if args.against else {"after": (ROOT, args.move_nodes)}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.runs):
        for name, (root, nodes) in trees.items():
            got = judge(root, nodes, args.memory)
            runs[name].append(got)
            print(f"  {name}: {got['exact']} with their turns, {got['bounded']} within a bound, {got['unknown']} unknown; "
                  f"{got['nodes']:,} nodes, {got['cpu']:.1f} s CPU, {got['rss_mb']:.0f} MB", flush=True)
    medians = {}
    for name, (root, nodes) in trees.items():
        medians[name] = {k: statistics.median(float(str(r[k])) for r in runs[name]) for k in ("nodes", "cpu", "rss_mb")}
        m, last = medians[name], runs[name][-1]
        limit = f"{nodes:,} nodes a move" if nodes else "no limit"
        print(f"{name} ({root}, {limit}): {last['exact']} first moves with their turns, {last['bounded']} within a bound, "
              f"{last['unknown']} unknown; median {m['nodes']:,.0f} nodes, {m['cpu']:.1f} s CPU, {m['rss_mb']:.0f} MB peak RSS")
        print(f"  wins: {last['wins']}")
    if args.against:
        ratio = {k: medians["after"][k] / medians["before"][k] for k in ("nodes", "cpu", "rss_mb")}
        print(f"after / before: nodes {ratio['nodes']:.2f}, CPU time {ratio['cpu']:.2f}, peak RSS {ratio['rss_mb']:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="the other checkout's root (before)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--memory", type=int, default=250)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--all-moves", action="store_true", help="judge each first move instead")
    parser.add_argument("--move-nodes", type=int, default=0, help="nodes a first move may take (0: no limit)")
    parser.add_argument("--against-move-nodes", type=int, help="the other checkout's (default: --move-nodes)")
    args = parser.parse_args()
    if args.all_moves:
        args.against_move_nodes = args.move_nodes if args.against_move_nodes is None else args.against_move_nodes
        all_moves(args)
    elif args.against is None:
        parser.error("--against DIR is needed (the checkout to compare with)")
    else:
        compare(args)


if __name__ == "__main__":
    main()
