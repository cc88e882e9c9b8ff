"""The rules' tables, computed once at import (or on first use): the paths a tower's
moves take, cut to its range by its rings; the shared :class:`~.moves.Move` objects of
every ordinary move; and the entries of a position's undo stack, in the two forms
:meth:`~.rules.BasePosition.apply` and the fast path (:mod:`.fast_path`) push.

Move generation, the fast path and undo read these instead of slicing rays or building
moves at every ply (docs/architecture.md, *What the hot loops keep to*).
"""

from __future__ import annotations

from .board import COLOURS, MOVE_STEPS, RAYS, SIDES, SQUARE_COLOURS, Colour, Direction, Side, Square
from .moves import RANGE, Move, Tower

__all__ = [
    "END_RANK",
    "GOAL_RANK",
    "MOVE_DIRECTIONS",
    "ORDINARY",
    "ORDINARY_KEY",
    "OTHER",
    "PATHS",
    "PUSH_STEP",
    "REACH",
    "SQUARE_VALUES",
    "MoveUndo",
    "Undo",
    "Written",
    "free_run",
    "ordinary_move",
    "ordinary_moves",
    "undone_move",
]

#: The directions a tower moves in by itself (M1): back only when pushed.
MOVE_DIRECTIONS = (Direction.FORWARD, Direction.LEFT, Direction.RIGHT)
#: ``PATHS[side][sq][rings][direction][distance - 1]``: the squares a move of that
#: distance passes and lands on (the first ``distance`` of the forward, left or right
#: ray), cut to the range of a tower with ``rings`` (S1, DS1, TS1; the paths of a ray
#: shared by every ring count): the replay's hot path reads a move's path without
#: slicing a ray at every ply.
_PREFIXES = tuple(slice(k) for k in range(1, 8))
PATHS = tuple(
    tuple(
        tuple(tuple(paths[:reach] for paths in by_direction) for reach in RANGE)
        for by_direction in (
            [tuple(map(ray.__getitem__, _PREFIXES[: len(ray)])) for ray in map(RAYS[side][sq].__getitem__, MOVE_DIRECTIONS)]
            for sq in range(64)
        )
    )
    for side in Side
)
#: ``REACH[side][sq][rings]``: the forward, left and right rays from ``sq`` cut to the
#: range of a tower with ``rings`` (each the longest path of :data:`PATHS`), so that
#: move generation does not slice a ray at every node.
REACH = tuple(
    tuple(tuple(tuple(paths[-1] if paths else () for paths in by_direction) for by_direction in by_rings) for by_rings in by_sq)
    for by_sq in PATHS
)
#: ``OTHER[side]`` is ``side.other`` without the property call (hot in play/undo).
OTHER = (Side.GOLD, Side.BLACK)
#: each square's colour as an int (:data:`~.board.SQUARE_COLOURS`' values), for the hot loop
SQUARE_VALUES = tuple(int(c) for c in SQUARE_COLOURS)
#: What a push adds to a pushed tower's square, by the pusher's side (one rank back).
PUSH_STEP = (-8, 8)
# Rank index of the row a side must reach to win the round (M7).
GOAL_RANK = (0, 7)
#: ``END_RANK[sq]``: ``sq`` is on the first or the last rank, where a move forward ends
#: only on the opponent's home row (M7)
END_RANK = tuple(sq >> 3 in (0, 7) for sq in range(64))


def free_run(board: list[Tower | None], ray: tuple[Square, ...]) -> int:
    """How many squares of ``ray`` are empty before the first tower on it (M2, M3): how far
    a tower can move along it, before its range (S1, DS1, TS1) is counted."""
    n = 0
    for sq in ray:
        if board[sq] is not None:
            break
        n += 1
    return n


#: The ordinary moves of each (side, colour, origin), by direction and distance, built
#: on first use: moves are immutable, so move generation hands out these shared objects
#: instead of building new ones at every node of a search.
ORDINARY: list[tuple[tuple[Move, ...], ...] | None] = [None] * (2 * 8 * 64)
#: ``ORDINARY_KEY[side][colour]``: the first key of that tower's in :data:`ORDINARY` (``+ origin``)
ORDINARY_KEY = tuple(tuple((side * 8 + colour) * 64 for colour in Colour) for side in Side)


def ordinary_moves(
    key: int, side: Side, colour: int, origin: int
) -> tuple[tuple[Move, ...], ...]:
    """The ordinary moves of ``side``'s tower of ``colour`` on ``origin`` (:data:`ORDINARY`'s
    entry ``key``), made and kept."""
    every = tuple(
        tuple(
            Move(side, COLOURS[colour], origin, target, direction, distance)  # (colour: perhaps its int)
            for distance, target in enumerate(RAYS[side][origin][direction], 1)
        )
        for direction in MOVE_DIRECTIONS
    )
    ORDINARY[key] = every
    return every


#: What :meth:`~.rules.BasePosition.apply` pushes to undo a move: the move, then the tower to move, the
#: side to move, the last mover and the winner before it.
MoveUndo = tuple[Move, Colour | None, Side, Side, Side | None]
#: What :func:`~.fast_path.play_written` pushes for an ordinary move: its origin, target and
#: tower, then the tower to move, the side to move and the last mover before it (no one
#: had won), the colours and sides as their values (ints). The :class:`Move` is found
#: from them when it is asked for (:func:`undone_move`): a replay asks for few of them,
#: and every shared ``Move`` it does not touch is memory it does not read.
Written = tuple[int, int, int, int | None, int, int]
Undo = MoveUndo | Written


def ordinary_move(side: Side, tower: int, origin: int, target: int) -> Move:
    """The shared :class:`Move` of ``side``'s ``tower`` from ``origin`` to ``target`` (an
    ordinary move, M1)."""
    direction, distance = MOVE_STEPS[side][origin][target]
    key = ORDINARY_KEY[side][tower] + origin
    return (ORDINARY[key] or ordinary_moves(key, side, tower, origin))[direction][distance - 1]


def undone_move(u: Undo) -> Move:
    """The move an undo entry takes back."""
    if len(u) == 5:
        return u[0]
    origin, target, tower, _, mover, _ = u
    return ordinary_move(SIDES[mover], tower, origin, target)

