"""The fast path: a run of ordinary moves, as a record writes them (tuples, not
:class:`~.moves.Move` objects), played straight on a position.

The replay's hot loop and the fast verdict's (docs/architecture.md, *What the hot loops
keep to*): :func:`play_written` checks exactly what :func:`~.resolving.resolve` does for
an ordinary move, without building explanations, and keeps its undo entry in the compact
form of :data:`~.tables.Written`. Functions of a :class:`~.rules.BasePosition`, which
:class:`~.position.Position` offers as its methods.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import COLOURS, MOVE_STEPS, SIDES, Colour, Direction, Side, Square
from .moves import RANGE, Move, WrittenMove
from .rules import BasePosition
from .tables import END_RANK, PATHS, SQUARE_VALUES

__all__ = ["play_ordinary", "play_written"]

_GOLD = Side.GOLD
_VALUE = tuple(range(8))  # a colour's int, from the colour (an exact int compares fastest)

#: ``_FROM_TO[side][rings][origin << 6 | target]``: the squares a move of ``side``'s tower
#: with ``rings`` from ``origin`` to ``target`` crosses and lands on (the path of
#: :data:`PATHS`), for the straight moves forward or diagonally forward (M1,
#: :data:`~.board.MOVE_STEPS`) within its range (S1, DS1, TS1); ``None`` for any other
#: pair of squares.
_FromTo = tuple[tuple[list[tuple[Square, ...] | None], ...], ...]
_FROM_TO: _FromTo | None = None  # (built on first use: the start-up of a short record)
#: the ring counts whose range (S1, DS1, TS1) reaches each distance
_RINGS_WITHIN = tuple(tuple(r for r, reach in enumerate(RANGE) if d <= reach) for d in range(8))


def _from_to_table() -> _FromTo:
    """:data:`_FROM_TO`, built once."""
    global _FROM_TO
    if _FROM_TO is None:
        table: list[tuple[list[tuple[Square, ...] | None], ...]] = []
        for side in Side:
            none: list[tuple[Square, ...] | None] = [None]
            by_rings = tuple(none * 4096 for _reach in RANGE)
            for origin in range(64):
                paths = PATHS[side][origin][0]  # (no ring: the whole rays)
                for target, (direction, distance) in MOVE_STEPS[side][origin].items():
                    path = paths[direction][distance - 1]  # (the same tuple a named move reads)
                    for rings in _RINGS_WITHIN[distance]:
                        by_rings[rings][origin << 6 | target] = path
            table.append(by_rings)
        _FROM_TO = tuple(table)
    return _FROM_TO


def play_ordinary(position: BasePosition, tower: Colour | None, direction: Direction, distance: int) -> Move | None:
    """Play the ordinary move (no push, no forfeit) of ``tower`` — ``None`` for the
    tower that must move — ``distance`` squares in ``direction``, and return it; or
    return ``None`` and change nothing when that is not a legal ordinary move (then
    :func:`~.resolving.resolve` says why, or finds the push or forfeit it is). One
    move of :func:`play_written`.

    >>> from kamisado_notation import Colour, Direction, Position
    >>> position = Position.initial()
    >>> position.play_ordinary(Colour.BROWN, Direction.FORWARD, 3)
    <Move Black Brown h8-h5 Forward 3>
    >>> position.play_ordinary(None, Direction.LEFT, 1) is None  # Gold must move Yellow (T2): c1-b2 is green
    False
    """
    return position.last_move if play_written(position, ((tower, direction, distance, None, -1, -1),)) else None


def play_written(position: BasePosition, moves: Sequence[WrittenMove], start: int = 0) -> int:  # noqa: C901 - the hot loop, one body on purpose (no call per ply)
    """Play ``moves[start:]`` in turn while each is a legal ordinary move (no push, no
    forfeit) as it is written (:data:`WrittenMove`), and return the index of the
    first one that is not, which is left unplayed with those after it
    (``len(moves)`` when all were played). Then :func:`~.resolving.resolve` or
    :func:`~.resolving.resolve_coords` says why, or finds the push or forfeit it is.

    The replay's hot path, and the fused validation's for a run of entries: it checks
    exactly what :func:`~.resolving.resolve` does for such a move (T1/T2, M1–M3, M7,
    S1/DS1/TS1), and the written colour or squares, without building explanations,
    and plays each move as :meth:`~.rules.BasePosition.apply` does its ordinary case
    (keep the two in step), reading only small tables (the rays, the squares' colours)
    and keeping its undo entry in a compact form (the :class:`Move` is found when
    ``history``, ``last_move`` or ``undo`` asks for it).

    >>> from kamisado_notation import Colour, Direction, Position
    >>> position = Position.initial()
    >>> position.play_written([
    ...     (Colour.BROWN, Direction.FORWARD, 3, Colour.YELLOW, -1, -1),  # h8-h5, a yellow square
    ...     (None, None, 0, None, 3, 19),  # d1-d3: Gold's yellow tower (T2), onto purple
    ...     (None, Direction.FORWARD, 2, Colour.GREEN, -1, -1),  # c8-c6 is orange: refused
    ...     (None, Direction.FORWARD, 1, Colour.PINK, -1, -1),  # not played
    ... ])
    2
    """
    board, every_where, stack = position.board, position.where, position._stack
    winner = position.winner
    # the sides and colours as values (exact ints compare and index fastest)
    need: int | None = None if position.tower is None else _VALUE[position.tower]
    s = 1 if position.to_move is _GOLD else 0  # the mover
    last = 1 if position.last_mover is _GOLD else 0
    from_to = _FROM_TO if _FROM_TO is not None else _from_to_table()
    n = len(moves)
    if winner is not None:
        return start  # M7: the round is over
    i = start
    for i in range(start, n):
        tower, direction, distance, lands_on, origin, target = moves[i]
        if origin >= 0:  # from-to: the tower on that square, if it is the mover's
            if origin > 63 or not 0 <= target < 64:
                break  # (no square; a marked push's origin is 64 up)
            if need is not None:  # the tower that must move stands there (T2)
                if every_where[s][need] != origin:
                    break
                tower = need
                t = board[origin]
            else:  # a free choice (T1): one of the mover's towers
                t = board[origin]
                if t is None or t.side is not SIDES[s]:
                    break
                tower = _VALUE[t.colour]
            path = from_to[s][t[2]][origin * 64 + target]  # type: ignore[index]  # (where[] points at a tower; [2]: its rings, read faster than by name)
            if path is None:
                break  # M1: not forward or diagonally forward in a straight line; S1/DS1/TS1
        else:
            if tower is None:
                tower = need
                if tower is None:
                    break  # T1: the first move of a round names its tower
            elif need is not None and tower != need:
                break  # T2
            origin = every_where[s][tower]
            t = board[origin]
            if distance < 1:
                break
            try:  # (BACK or None: no such direction; beyond the board's edge or the range)
                path = PATHS[s][origin][t[2]][direction][distance - 1]  # type: ignore[index]  # hot: where[] always points at a tower; a None direction raises TypeError
            except (IndexError, TypeError):
                break
            target = path[-1]
        for sq in path:  # M2, M3: the path and the target empty
            if board[sq] is not None:
                break
        else:
            colour = SQUARE_VALUES[target]
            if lands_on is not None and colour != lands_on:
                break
            stack.append((origin, target, tower, need, s, last))
            board[origin] = None
            board[target] = t
            every_where[s][tower] = target
            need = colour
            last = s
            s = 1 - s  # (Python 3.11 runs + and - on ints faster than the bitwise operators)
            if END_RANK[target]:  # (a move forward never ends on the mover's own home row)
                winner = SIDES[last]  # M7: the round is over
                i += 1
                break
            continue
        break  # (i: the move not played)
    else:
        i = n
    position.tower = None if need is None else COLOURS[need]
    position.to_move, position.last_mover, position.winner = SIDES[s], SIDES[last], winner
    return i
