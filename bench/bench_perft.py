"""Perft benchmark: the engine against a straightforward baseline measured in the same run.

The baseline below is what a first move generator looks like: a position is a dict
``{(file, rank): (side, colour, rings)}`` copied for every move, every move of every
node is generated as a list (the last ply too: no counting shortcut) and played, and
the directions are stepped square by square with no precomputed rays. It follows the
same rules and perft conventions as the engine (a forced forfeit counts one move, a
round-ending move is a leaf only at the last ply, a deadlock has no leaves), and the
benchmark checks that both give the same counts before timing them.

Figures are medians of several runs (the machine is noisy) and the result is a ratio,
so it means the same on a fast or a slow machine.

    python3 bench/bench_perft.py [--depth 5] [--runs 5] [--baseline-runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamisado_notation.engine.board import SQUARE_COLOURS
from kamisado_notation.engine.perft import perft
from kamisado_notation.engine.position import Position

# --------------------------------------------------------------------- the baseline

BLACK, GOLD = 0, 1
RANGE = (7, 5, 3, 1)
MAX_PUSH = (0, 1, 2, 3)


def colour_at(f: int, r: int) -> int:
    return int(SQUARE_COLOURS[r * 8 + f])


def naive_state(position: Position) -> dict:
    """The baseline's own copy of an engine position."""
    board = {}
    for sq, t in position.towers().items():
        board[(sq % 8, sq // 8)] = (int(t.side), int(t.colour), t.rings)
    return {
        "board": board,
        "to_move": int(position.to_move),
        "tower": None if position.tower is None else int(position.tower),
        "last": int(position.last_mover),
        "winner": None if position.winner is None else int(position.winner),
    }


def find(board: dict, side: int, colour: int) -> tuple[int, int]:
    for square, (s, c, _) in board.items():
        if s == side and c == colour:
            return square
    raise AssertionError("tower missing")


def tower_moves(board: dict, side: int, colour: int) -> list[tuple]:
    """All moves of one tower: ``(origin, target, pushed squares)``."""
    f0, r0 = find(board, side, colour)
    rings = board[(f0, r0)][2]
    dr = 1 if side == GOLD else -1
    moves = []
    for df in (0, -dr, dr):  # forward, left, right (mirrored for Black)
        f, r = f0 + df, r0 + dr
        steps = 0
        while 0 <= f < 8 and 0 <= r < 8 and steps < RANGE[rings]:
            if (f, r) in board:
                break
            moves.append(((f0, r0), (f, r), []))
            steps += 1
            f, r = f + df, r + dr
    if rings:
        line = []
        f, r = f0, r0 + dr
        ok = False
        while 0 <= r < 8:
            if (f, r) not in board:
                ok = bool(line)
                break
            s, _, pr = board[(f, r)]
            if s == side or pr >= rings or len(line) == MAX_PUSH[rings]:
                break
            line.append((f, r))
            r += dr
        if ok:
            moves.append(((f0, r0), line[0], line))
    return moves


def naive_moves(state: dict) -> list[tuple]:
    if state["winner"] is not None:
        return []
    side = state["to_move"]
    colours = range(8) if state["tower"] is None else [state["tower"]]
    moves = []
    for colour in colours:
        moves += tower_moves(state["board"], side, colour)
    return moves


def naive_play(state: dict, move: tuple | None) -> dict:
    """A new state after ``move`` (``None``: the forced forfeit)."""
    board = dict(state["board"])
    side = state["to_move"]
    new = {"board": board, "to_move": side, "tower": state["tower"],
           "last": state["last"], "winner": None}
    if move is None:
        new["to_move"] = 1 - side
        if state["tower"] is not None:
            f, r = find(board, side, state["tower"])
            new["tower"] = colour_at(f, r)
        return new
    origin, target, line = move
    dr = 1 if side == GOLD else -1
    for f, r in reversed(line):
        board[(f, r + dr)] = board.pop((f, r))
    board[target] = board.pop(origin)
    new["last"] = side
    if line:
        f, r = line[-1]
        new["tower"] = colour_at(f, r + dr)
    else:
        new["to_move"] = 1 - side
        new["tower"] = colour_at(*target)
        if target[1] == (7 if side == GOLD else 0):
            new["winner"] = side
    return new


def naive_deadlock(state: dict) -> bool:
    seen = set()
    side, tower = state["to_move"], state["tower"]
    board = state["board"]
    while (side, tower) not in seen:
        seen.add((side, tower))
        colours = range(8) if tower is None else [tower]
        if any(tower_moves(board, side, c) for c in colours):
            return False
        if tower is not None:
            tower = colour_at(*find(board, side, tower))
        side = 1 - side
    return True


def naive_perft(state: dict, depth: int) -> int:
    if depth == 0:
        return 1
    if state["winner"] is not None:
        return 0
    moves = naive_moves(state)
    if not moves:
        if naive_deadlock(state):
            return 0
        moves = [None]
    return sum(naive_perft(naive_play(state, m), depth - 1) for m in moves)


# ------------------------------------------------------------------- measuring


def timed(fn, runs: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def check_positions() -> list[str]:
    """Positions with Sumos, pushes, forfeits and a deadlock nearby, to check that the
    baseline agrees with the engine beyond the opening (rulebook figures 9, 10, 6)."""
    def build(placement: str, rest: str) -> str:
        cells = [["."] * 8 for _ in range(8)]
        for item in placement.split():
            square, tower = item.split(":")
            f, r = "abcdefgh".index(square[0]), int(square[1]) - 1
            cells[7 - r][f] = tower
        return "/".join("".join(row) for row in cells) + " " + rest

    return [
        build("a8:b b8:n c8:r+ f8:y g8:p h8:o e5:g++ d4:k+ e4:B e3:Y+ a2:K a1:N+ b1:G "
              "c1:R f1:P g1:O+", "g K"),
        build("a7:r++ d7:p f6:b e6:g+ e5:n+ e4:o++ h4:y+ a3:k e3:Y+++ h3:B++ a1:N b1:G "
              "c1:R d1:P f1:K++ g1:O+", "b R"),
        build("a8:o b8:b e8:y h8:n e7:g e6:k g6:p d5:r f6:N f5:R e5:Y c5:O h2:B b1:G "
              "e1:K f1:P", "g B"),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--runs", type=int, default=5, help="engine runs (median)")
    ap.add_argument("--baseline-runs", type=int, default=3, help="baseline runs (median)")
    args = ap.parse_args()

    # Same numbers first: the initial position at every depth up to 4, and positions
    # with Sumos and forfeits to depth 4.
    for text in [Position.initial().to_string(), *check_positions()]:
        pos = Position.from_string(text)
        state = naive_state(pos)
        for d in range(1, 5):
            e, n = perft(pos, d), naive_perft(state, d)
            if e != n:
                sys.exit(f"MISMATCH perft {d} of {text}: engine {e}, baseline {n}")
    print("baseline agrees with the engine (initial position and 3 Sumo/forfeit "
          "positions, depths 1-4)")

    pos = Position.initial()
    engine_t, engine_n = timed(lambda: perft(pos, args.depth), args.runs)
    state = naive_state(pos)
    base_t, base_n = timed(lambda: naive_perft(state, args.depth), args.baseline_runs)
    if engine_n != base_n:
        sys.exit(f"MISMATCH perft {args.depth}: engine {engine_n}, baseline {base_n}")

    print()
    print(f"perft {args.depth} from the initial position = {engine_n:,} leaves")
    print(f"{'':10} {'median s':>10} {'nodes/s':>12} {'runs':>5} {'ratio':>7}")
    for name, t, runs in (("baseline", base_t, args.baseline_runs),
                          ("engine", engine_t, args.runs)):
        print(f"{name:10} {t:10.3f} {engine_n / t:12,.0f} {runs:5d} {base_t / t:6.1f}x")
    verdict = "meets" if base_t / engine_t >= 5 else "MISSES"
    print(f"\nengine / baseline speed: {base_t / engine_t:.1f}x ({verdict} the 5x goal)")


if __name__ == "__main__":
    main()
