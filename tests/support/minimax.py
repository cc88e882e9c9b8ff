"""An exhaustive search written independently of the solver: plain minimax over the rules
engine's moves, with no pruning, no table and no ordering, and the random positions a
few turns from a round's end it is run on (the solver's and the analysis's tests)."""

from __future__ import annotations

import random

from kamisado_notation import Position
from tests.support.positions import random_start

#: The exhaustive search's depth (turns): deep enough for forfeits, pushes and a
#: loser's choice of lines, shallow enough to be exhaustive in a test.
DEPTH = 5


Value = tuple[str, int] | None  # ("win"|"loss", turns) for the side to move, or unknown
Memo = dict[tuple[object, ...], Value]


def exhaustive(pos: Position, turns: int, memo: Memo) -> Value:
    """The value of ``pos`` for the side to move when the round ends within ``turns``
    turns whatever the loser does (the winner's fastest, the loser's slowest), else
    ``None``. A turn: a move or a forfeit; a push keeps the pusher to move; a
    deadlock ends the round, lost by the last mover. ``memo`` is keyed by what makes
    two positions equal (the board's towers, the side and tower to move, the last
    mover: what the position string says), not by the string, whose formatting took
    two thirds of the search's time, nor by the Zobrist key the solver keeps."""
    memo_key = (tuple(pos.board), pos.to_move, pos.tower, pos.last_mover, turns)
    if memo_key in memo:
        return memo[memo_key]
    side = pos.to_move
    value: Value
    if pos.winner is not None:
        value = ("win" if pos.winner is side else "loss", 0)
    elif not pos.has_moves() and pos.deadlock() is not None:
        value = ("loss" if pos.deadlock() is side else "win", 0)
    elif turns == 0:
        value = None
    else:
        children = []
        for move in pos.legal_moves() or [pos.forfeit_move()]:
            pos.apply(move)  # (unchecked, as a search may play legal_moves' moves: that each passes the check is tests/engine's)
            child = exhaustive(pos, turns - 1, memo)
            mover_again = pos.to_move is side
            pos.undo()
            if child is None:
                children.append(None)
            else:
                result, n = child
                if not mover_again:
                    result = "loss" if result == "win" else "win"
                children.append((result, n + 1))
        wins = [n for v in children if v is not None and v[0] == "win" for n in [v[1]]]
        if wins:
            value = ("win", min(wins))
        elif all(v is not None for v in children):
            value = ("loss", max(v[1] for v in children if v is not None))
        else:
            value = None
    memo[memo_key] = value
    return value


def near_the_end(rng: random.Random) -> Position:
    """A position ``back`` turns before the end of a random round (a tower to move,
    not a free choice: 100 moves a turn is too many for the exhaustive search)."""
    while True:
        pos = random_start(rng)
        while pos.winner is None:
            moves = pos.legal_moves()
            if not moves and pos.deadlock() is not None:
                break
            pos.play(rng.choice(moves) if moves else pos.forfeit_move())
        back = rng.randint(1, 7)
        if len(pos.history) > back + 1:
            for _ in range(back):
                pos.undo()
            if pos.tower is not None:
                return pos.copy()
