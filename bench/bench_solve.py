"""The solver (docs/analysis.md): its speed and what each of its parts is worth, measured
against the plain alpha-beta of the same code (``Solver(table=False, ordering=False, proof=False)``)
in the same run, in CPU time.

1. The time to solve positions 10, 20 and 30 turns before the end of real rounds (the
   samples' matches; none is 30 turns long) and generated ones (the longest of
   ``--rounds`` rounds of a sensible random player), with each variant of the
   solver: the whole solver (deepening, then proof-number search), the deepening alone,
   without its transposition table, without its move ordering, and the plain
   alpha-beta. A variant that does not prove a position within
   ``--cap`` seconds counts the cap (so its median is a lower bound: ``>``).
2. Nodes a second of the whole solver over those positions.
3. How far from the start of a round the solver proves within ``--budget`` seconds:
   along a round the built-in engine plays against itself, the position fewest turns
   from the start that it proves, walking back from the end two turns at a time; and the
   initial position itself. (The samples' rounds are random play: a win left on the
   board early makes their first positions easy.)

    python3 bench/bench_solve.py [--positions 6] [--cap 20] [--budget 60]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation import Move, Position, Side, read_record, replay_match
from kamisado_notation.checking.replay import PlyKind
from kamisado_notation.engine.board import SQUARE_COLOURS
from kamisado_notation.play.search import Searcher
from kamisado_notation.play.solve import Solver, open_towers

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
VARIANTS = {
    "solver": {},
    "no proof numbers": {"proof": False},
    "no table": {"table": False, "proof": False},
    "no ordering": {"ordering": False, "proof": False},
    "plain alpha-beta": {"table": False, "ordering": False, "proof": False},
}


def real_rounds() -> list[list[Position]]:
    """The positions of each finished round of the sample matches, one before each turn
    (moves and forfeits; a push's back-entry is part of its push), then the end."""
    rounds = []
    for name in ("standard-match.kmr", "long-match.kmr", "marathon-match.kmr"):
        for match in read_record(str(SAMPLES / name)).matches:
            for rnd in replay_match(match).rounds:
                if rnd.result is None:
                    continue
                pos = rnd.start.copy()
                line = [pos.copy()]
                for ply in rnd.plies:
                    if ply.kind is PlyKind.BACK or ply.move is None:
                        continue
                    pos.apply(ply.move)
                    line.append(pos.copy())
                rounds.append(line)
    return rounds


def generated_rounds(count: int, seed: int) -> list[list[Position]]:
    """Rounds from the initial position played by a sensible random player: it takes a
    win when it has one, and otherwise plays a random move among those that hand the
    opponent no open path to the home row, if any (purely random rounds leave wins on
    the board, so their positions are proven at once)."""
    rng = random.Random(seed)
    rounds = []
    while len(rounds) < count:
        pos = Position.initial()
        line = [pos.copy()]
        while pos.winner is None:
            moves = pos.legal_moves()
            if not moves and pos.deadlock() is not None:
                break
            pos.apply(_sensible(pos, moves, rng) if moves else pos.forfeit_move())
            line.append(pos.copy())
        rounds.append(line)
    return rounds


def _sensible(pos: Position, moves: list[Move], rng: random.Random) -> Move:
    goal = 0 if pos.to_move is Side.BLACK else 7
    wins = [m for m in moves if m.target >> 3 == goal]
    if wins:
        return wins[0]
    theirs = open_towers(pos, pos.to_move.other)
    safe = [m for m in moves if m.push or not theirs >> SQUARE_COLOURS[m.target] & 1]
    return rng.choice(safe or moves)


def before_the_end(rounds: list[list[Position]], turns: int, count: int) -> list[Position]:
    """Positions ``turns`` turns before the end of the longest of ``rounds``."""
    long_enough = sorted((r for r in rounds if len(r) > turns + 1), key=len, reverse=True)
    return [r[-1 - turns] for r in long_enough[:count]]


def cpu_solve(position: Position, cap: float, **variant: bool) -> tuple[bool, float, int]:
    """Whether the variant proves ``position`` within ``cap`` seconds (the turns found
    too), its CPU time and its nodes."""
    solver = Solver(**variant)
    start = time.process_time()
    answer = solver.solve(position, time=cap)
    return answer.proven and answer.turns is not None, time.process_time() - start, answer.nodes


def compare(label: str, positions: list[Position], cap: float) -> None:
    if not positions:
        print(f"  {label}: no round that long")
        return
    cells = []
    for name, variant in VARIANTS.items():
        results = [cpu_solve(p, cap, **variant) for p in positions]
        proven = sum(ok for ok, _, _ in results)
        seconds = [s if ok else max(s, cap) for ok, s, _ in results]
        more = "" if proven == len(results) else ">"
        cells.append(f"{name} {more}{statistics.median(seconds):.3f} s, total {more}{sum(seconds):.2f} s ({proven}/{len(results)} proven)")
        if name == "solver":
            nodes = sum(n for _, _, n in results)
            cells[-1] += f", {nodes / max(sum(s for _, s, _ in results), 1e-9):,.0f} nodes/s"
    print(f"  {label}, CPU time to prove (median, total): " + "; ".join(cells))


def engine_round(movetime_ms: int) -> list[Position]:
    """A round from the initial position that the built-in engine plays against itself
    (``movetime_ms`` a move): a round without the random players' blunders, whose
    positions are as hard to prove as real play makes them."""
    searcher = Searcher()
    pos = Position.initial()
    line = [pos.copy()]
    while pos.winner is None:
        if not pos.legal_moves():
            if pos.deadlock() is not None:
                break
            pos.apply(pos.forfeit_move())
        else:
            pos.apply(searcher.best_move(pos, movetime_ms=movetime_ms).move)
        line.append(pos.copy())
    return line


def reach(line: list[Position], budget: float) -> None:
    """Walking back from the end of ``line``: the earliest position proven."""
    earliest = None
    for index in range(len(line) - 3, -1, -2):
        proven, seconds, _ = cpu_solve(line[index], budget)
        if not proven:
            break
        earliest = (index, len(line) - 1 - index, seconds)
    if earliest is None:
        print(f"  nothing proven within {budget:.0f} s")
    else:
        index, left, seconds = earliest
        print(f"  the engine's round ({len(line) - 1} turns): proved the position after turn {index} ({left} turns before the end) in {seconds:.1f} s; {index - 2} not within {budget:.0f} s")
    proven, seconds, nodes = cpu_solve(Position.initial(), budget)
    print(f"  the initial position: {'proven' if proven else 'not proven'} in {seconds:.0f} s ({nodes:,} nodes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6, help="positions of each kind and distance")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds a variant may take on one position")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds for the reach from the start (the issue's goal: 600)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--movetime", type=int, default=300, help="ms a move of the engine's round for the reach")
    parser.add_argument("--rounds", type=int, default=3000, help="rounds generated (the longest are used)")
    args = parser.parse_args()
    real = real_rounds()
    generated = generated_rounds(args.rounds, args.seed)
    for turns in (10, 20, 30):
        print(f"{turns} turns before the end:")
        compare("real rounds", before_the_end(real, turns, args.positions), args.cap)
        compare("generated rounds", before_the_end(generated, turns, args.positions), args.cap)
    print(f"how far from the start the solver proves within {args.budget:.0f} s:")
    reach(engine_round(args.movetime), args.budget)


if __name__ == "__main__":
    main()
