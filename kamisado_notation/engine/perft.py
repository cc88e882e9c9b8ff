"""Perft: count the leaves of the move tree, for checking move generators (README, *Command line*).

Counting conventions: a forced forfeit (M6) counts as one move; a move that ends the
round (M7) is a leaf only at the last ply; a deadlocked position (M8) is terminal and
has no leaves. A Sumo push is one move (the pushed player's forfeited turn is part of
it, see :mod:`kamisado_notation.engine.position`).
"""

from __future__ import annotations

from ..errors import ArgumentError
from .position import Move, Position

__all__ = ["divide", "perft"]


def perft(position: Position, depth: int) -> int:
    """The number of leaves ``depth`` plies below ``position``. ``TypeError`` unless
    ``position`` is a :class:`Position` and ``depth`` an int, :class:`~kamisado_notation.errors.ArgumentError`
    for a negative depth. ``position`` is never changed, not even when the count is
    interrupted (Ctrl-C): the search plays on a copy.

    >>> [perft(Position.initial(), depth) for depth in (1, 2, 3)]
    [102, 1150, 11182]
    """
    _check(position, depth, low=0)
    return _perft(position.copy(), depth)  # a copy: a Ctrl-C may land inside play or undo


def _check(position: Position, depth: int, *, low: int) -> None:
    if not isinstance(position, Position):
        raise TypeError(f"perft counts below a Position, not {type(position).__name__}")
    if not isinstance(depth, int) or isinstance(depth, bool):
        raise TypeError(f"the depth is a whole number of plies, not {type(depth).__name__} {depth!r}")
    if depth < low:
        raise ArgumentError(f"the depth is at least {low}, not {depth}")


def _perft(position: Position, depth: int) -> int:
    if depth <= 0:
        return 1
    if position.winner is not None:
        return 0
    if depth == 1:
        count = position.count_moves()
        if count:
            return count
        return 0 if position.deadlock() is not None else 1
    moves = position.legal_moves()
    if not moves:
        if position.deadlock() is not None:
            return 0
        moves = [position.forfeit_move()]
    total = 0
    play, undo = position.apply, position.undo
    for move in moves:
        play(move)
        total += _perft(position, depth - 1)
        undo()
    return total


def divide(position: Position, depth: int) -> list[tuple[Move, int]]:
    """Each move of ``position`` with the leaves below it (``depth`` ≥ 1); checked and
    interruptible as :func:`perft` is."""
    _check(position, depth, low=1)
    position = position.copy()
    moves = position.legal_moves()
    if not moves:
        if position.winner is not None or position.deadlock() is not None:
            return []
        moves = [position.forfeit_move()]
    result = []
    for move in moves:
        position.apply(move)
        result.append((move, _perft(position, depth - 1)))
        position.undo()
    return result
