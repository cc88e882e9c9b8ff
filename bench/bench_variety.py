"""The built-in engine's games: how many differ, and what a margin of variety costs.

1. Distinct games: ``--games`` Standard matches (12 by default) of ``kamisado engine``
   against itself in the arena at ``--movetime`` ms a move (40 by default), each engine
   started without a seed (each draws its own), with ``--variety N`` given to both when
   set; two matches are the same game when their moves are (the records' comments and
   headers left out). Prints the distinct games, the largest number of matches that
   played one game, and the distinct openings (round 1's first 8 moves: a match's later
   moves also differ by how deep each search got in its time, which the machine's load
   decides). With ``--nodes N`` each move is searched N nodes instead (no time: the
   moves depend on the seeds alone, and the solver is not asked).
2. Strength (``--strength``): the default engine against ``--variety 0`` (the strongest
   move only), ``--strength`` matches, colours alternating: matches and round points won
   by each, and the rating of the default over ``--variety 0`` with its 95% interval.

    python3 bench/bench_variety.py [--games 12] [--movetime 40] [--nodes N] [--variety N] [--strength 40]
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation.play.arena import ArenaSettings, run_arena

ENGINE = f"{sys.executable} -m kamisado_notation.cli.app engine"
#: The moves of round 1 that make an opening.
OPENING = 8


def moves_of(text: str) -> str:
    """A record's moves: its text without comments and header lines."""
    text = re.sub(r"\{[^}]*\}", "", text)
    return " ".join(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("["))


def distinct(games: int, movetime: int, variety: int | None, nodes: int | None = None) -> None:
    engine = ENGINE if variety is None else f"{ENGINE} --variety {variety}"
    settings = ArenaSettings(match="standard", movetime_ms=None if nodes is not None else movetime, grace_ms=1000, nodes=nodes)
    start = time.perf_counter()
    result = run_arena((engine, engine), settings, games=games)
    seconds = time.perf_counter() - start
    played = collections.Counter(moves_of(o.recorder.text()) for o in result.outcomes)
    openings = {tuple(e.text for e in o.recorder.record().rounds[0].entries[:OPENING]) for o in result.outcomes}
    limit = f"{nodes} nodes" if nodes is not None else f"{movetime} ms"
    print(f"distinct: {games} Standard matches at {limit} a move ({engine.split(' -m ')[1]}), {seconds:.0f} s")
    print(f"  {len(played)} distinct games; the most matches of one game: {max(played.values())}")
    print(f"  {len(openings)} distinct openings (the first {OPENING} moves of round 1)")


def strength(games: int, movetime: int) -> None:
    settings = ArenaSettings(match="standard", movetime_ms=movetime, grace_ms=1000)
    start = time.perf_counter()
    result = run_arena((ENGINE, f"{ENGINE} --variety 0"), settings, games=games)
    seconds = time.perf_counter() - start
    won = sum(1 for o in result.outcomes if o.winner == 0)
    points = [sum(o.points(e) for o in result.outcomes) for e in (0, 1)]
    diff, low, high = result.elo()
    print(f"strength: default against --variety 0, {games} Standard matches at {movetime} ms a move, {seconds:.0f} s")
    print(f"  matches {won}-{games - won}, round points {points[0]}-{points[1]}; Elo {diff:+.0f} [{low:+.0f}, {high:+.0f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--movetime", type=int, default=40)
    parser.add_argument("--variety", type=int, default=None)
    parser.add_argument("--nodes", type=int, default=None)
    parser.add_argument("--strength", type=int, default=0)
    args = parser.parse_args()
    distinct(args.games, args.movetime, args.variety, args.nodes)
    if args.strength:
        strength(args.strength, args.movetime)


if __name__ == "__main__":
    main()
