"""The built-in engine: its results against random play, and its speed against perft's
measured in the same run.

1. Strength: ``kamisado engine`` against ``kamisado engine --level random`` in the arena
   (real processes, the protocol, the clock): ``--games`` Standard matches (20 by
   default) at ``--movetime`` ms a move (50 by default), colours alternating.
2. Speed: the search's nodes a second (every node visited: play, evaluation, ordering)
   over positions taken from random matches, against perft's leaves a second and moves
   played a second from the same positions, in CPU time, medians of ``--runs`` runs.

    python3 bench/bench_engine.py [--games 20] [--movetime 50] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation import Recorder
from kamisado_notation.engine.perft import perft
from kamisado_notation.engine.position import Position
from kamisado_notation.play.arena import ArenaSettings, run_arena
from kamisado_notation.play.search import Limits, Searcher


def strength(games: int, movetime: int) -> None:
    engine = f"{sys.executable} -m kamisado_notation.cli.app engine"
    settings = ArenaSettings(match="standard", movetime_ms=movetime, grace_ms=1000)
    start = time.perf_counter()
    result = run_arena((engine, f"{engine} --level random"), settings, games=games)
    seconds = time.perf_counter() - start
    faults = [o.message for o in result.outcomes if o.message]
    diff, low, high = result.elo()
    print(f"strength: {games} Standard matches at {movetime} ms a move, {seconds:.0f} s")
    print(f"  built-in engine: {result.won(0)} matches won, {result.points(0)} round points")
    print(f"  random:          {result.won(1)} matches won, {result.points(1)} round points")
    print(f"  Elo difference {diff:+.0f}, 95% interval [{low:+.0f}, {high:+.0f}]; faults: {faults or 'none'}")


def positions(count: int, seed: int) -> list[Position]:
    """Positions with a move to choose, along random Standard matches."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        rec = Recorder("Standard")
        while not rec.over and len(found) < count:
            if rec.needs_fill:
                rec.fill(rng.choice(["left", "right"]))
                continue
            moves = rec.legal_moves()
            if len(moves) > 1 and rng.random() < 0.3:
                found.append(rec.position)
            rec.play(rng.choice(moves))
    return found


def _search_rate(sample: list[Position], depth: int) -> float:
    """The search's own nodes a second: limited by a node count (never reached), a
    search does not ask the solver first."""
    searcher = Searcher(depth=depth)
    nodes, start = 0, time.process_time()
    for position in sample:
        nodes += searcher.search(position, Limits(depth=depth, nodes=10**12)).nodes
    return nodes / (time.process_time() - start)


def _perft_rate(sample: list[Position], depth: int) -> tuple[float, float]:
    """Leaves a second, and moves played a second (the nodes above the last ply: perft
    counts the leaves without playing them)."""
    leaves = nodes = 0
    start = time.process_time()
    for position in sample:
        leaves += perft(position, depth)
    seconds = time.process_time() - start
    for position in sample:  # the interior nodes, not timed
        nodes += sum(perft(position, d) for d in range(1, depth))
    return leaves / seconds, nodes / seconds


def speed(runs: int) -> None:
    sample = positions(40, seed=1)
    search = [_search_rate(sample, depth=4) for _ in range(runs)]
    perfts = [_perft_rate(sample, depth=4) for _ in range(runs)]
    s, leaves, nodes = statistics.median(search), statistics.median(p[0] for p in perfts), statistics.median(p[1] for p in perfts)
    print(f"speed: {len(sample)} positions from random matches, CPU time, medians of {runs} runs")
    print(f"  search (depth 4, alpha-beta, evaluation): {s:,.0f} nodes/s")
    print(f"  perft (depth 4):                          {leaves:,.0f} leaves/s, {nodes:,.0f} moves played/s")
    print(f"  search nodes/s = {s / leaves:.4f} x perft's leaves/s = {s / nodes:.3f} x perft's moves played/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--movetime", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    speed(args.runs)
    strength(args.games, args.movetime)


if __name__ == "__main__":
    main()
