"""The rules with their reasons: the move a position's side to move means by a
direction and a distance (or by two squares), or the rule it breaks and why, as an
:class:`~kamisado_notation.errors.IllegalMoveError` naming the rule (docs/rules.md).

Move generation (:mod:`.rules`) says only *which* moves are legal, fast; these functions
say what is wrong with one that is not, for the replay's diagnostics and a person's
move. They are functions of a :class:`~.rules.BasePosition`, which
:class:`~.position.Position` offers as its methods (``position.resolve(…)``).
"""

from __future__ import annotations

from ..errors import IllegalMoveError
from .board import MOVE_STEPS, RAYS, Colour, Direction, Side, Square, square_name
from .moves import MAX_PUSH, RANGE, Move, Tower, wrong_type
from .rules import BasePosition, can_move, push_line

__all__ = ["check", "resolve", "resolve_coords"]

_FWD, _BACK = Direction.FORWARD, Direction.BACK
#: The rule family that governs a tower with 1..3 rings (S…, DS…, TS…).
_RULE_PREFIX = ("M", "S", "DS", "TS")


def _squares(n: int) -> str:
    return f"{n} square{'s' if n != 1 else ''}"


def resolve(position: BasePosition, direction: Direction | None, distance: int, *, tower: Colour | None = None) -> Move:
    """The move of the tower that must move (or ``tower``, where the side to move has
    a free choice) ``distance`` squares in ``direction``; ``distance`` 0 is a forfeit.

    Raises :class:`IllegalMoveError` naming the rule the move breaks.

    >>> from kamisado_notation import Colour, Direction, Position
    >>> Position.initial().resolve(Direction.LEFT, 2, tower=Colour.RED)  # f8-h6: Black's left
    <Move Black Red f8-h6 Left 2>
    >>> try:
    ...     Position.initial().resolve(Direction.FORWARD, 1)
    ... except IllegalMoveError as e:
    ...     print(e.rule, e)
    T1 the first move of a round names its tower
    """
    colour = _check_tower(position, tower)
    side = position.to_move
    origin = position.where[side][colour]
    t = position.board[origin]
    assert t is not None
    if distance == 0:
        return _resolve_forfeit(position, colour)
    if direction is None or direction is _BACK:
        raise IllegalMoveError(
            "a tower moves only forward or diagonally forward (back only when pushed)",
            rule="M1",
        )
    ray = _ray(t, side, origin, direction, distance)
    target = ray[distance - 1]
    _check_passage(position, t, ray[: distance - 1])
    if position.board[target] is not None:
        return _resolve_push(position, t, origin, direction, distance)
    if distance > RANGE[t.rings]:
        raise IllegalMoveError(f"{t} moves at most {_squares(RANGE[t.rings])}", rule=_RULE_PREFIX[t.rings] + "1")
    return Move(side, colour, origin, target, direction, distance)


def _check_passage(position: BasePosition, t: Tower, passed: tuple[Square, ...]) -> None:
    """:class:`IllegalMoveError` where a tower stands on one of the squares ``passed``
    that ``t`` goes over to its landing (M2)."""
    for sq in passed:
        if (blocker := position.board[sq]) is not None:
            raise IllegalMoveError(f"{t} cannot pass through {square_name(sq)}, where {blocker} stands", rule="M2")


def _ray(t: Tower, side: Side, origin: Square, direction: Direction, distance: int) -> tuple[Square, ...]:
    """The squares ``side``'s tower ``t`` on ``origin`` goes along in ``direction``;
    :class:`IllegalMoveError` when it cannot go ``distance`` squares so (M1)."""
    if distance < 0:
        raise IllegalMoveError(f"a distance of {distance} is not a move", rule="M1")
    ray = RAYS[side][origin][direction]
    if distance > len(ray):
        edge = f"the board ends after {_squares(len(ray))}" if ray else "it stands at the board's edge"
        raise IllegalMoveError(
            f"{t} on {square_name(origin)} cannot go {_squares(distance)} {direction.name.lower()}: {edge}",
            rule="M1",
        )
    return ray


def _resolve_forfeit(position: BasePosition, colour: Colour) -> Move:
    """A zero entry of ``colour``: the forfeit, if the side to move is blocked (M5, M6)."""
    side = position.to_move
    if position.tower is None:
        return _free_forfeit(position)
    origin = position.where[side][colour]
    if can_move(position.board, position.where, side, colour):
        raise IllegalMoveError(f"{position.board[origin]} on {square_name(origin)} can move, so it may not forfeit", rule="M5")
    return Move(side, colour, origin, origin, None, 0)


def _free_forfeit(position: BasePosition) -> Move:
    """T1/M5: with a free choice, the side forfeits only if no tower can move; the
    forfeit then names no tower, and the free choice passes on."""
    if position.has_moves():
        raise IllegalMoveError(
            f"{position.to_move.title} has a free choice of tower and can move, so may not forfeit", rule="M5"
        )
    return position.forfeit_move()


def _resolve_push(position: BasePosition, t: Tower, origin: Square, direction: Direction, distance: int) -> Move:
    """A move of ``t`` onto an occupied square: a Sumo push (S2–S9), or why not."""
    side = position.to_move
    target = RAYS[side][origin][direction][distance - 1]
    occupant = position.board[target]
    if direction is _FWD and distance == 1 and t.rings:
        pushed = push_line(position.board, side, origin, t.rings)
        if pushed:
            return Move(side, t.colour, origin, target, _FWD, 1, pushed)
        rule, why = _push_problem(position, side, origin, t)
        raise IllegalMoveError(why, rule=rule)
    if direction is not _FWD and t.rings:
        raise IllegalMoveError(
            f"{square_name(target)} holds {occupant}; a Sumo push is never diagonal",
            rule=_RULE_PREFIX[t.rings] + "4",
        )
    raise IllegalMoveError(f"{square_name(target)} already holds {occupant}", rule="M3")


def resolve_coords(position: BasePosition, origin: int, target: int) -> Move:
    """The move from ``origin`` to ``target`` (``origin == target`` is a forfeit).
    Raises :class:`IllegalMoveError`, or :class:`SquareError` for a square off the
    board."""
    square_name(origin), square_name(target)  # raise for a square off the board
    t = position.board[origin]
    side = position.to_move
    if t is None:
        raise IllegalMoveError(f"there is no tower on {square_name(origin)}", rule="T2")
    if t.side is not side:
        raise IllegalMoveError(
            f"{t} on {square_name(origin)} is not {side.title}'s", rule="T2"
        )
    if origin == target:
        return resolve(position, None, 0, tower=t.colour)
    step = MOVE_STEPS[side][origin].get(target)
    if step is not None:
        return resolve(position, step[0], step[1], tower=t.colour)
    raise IllegalMoveError(
        f"{square_name(origin)}-{square_name(target)} is not a straight move forward "
        "or diagonally forward",
        rule="M1",
    )


def _check_tower(position: BasePosition, tower: Colour | None) -> Colour:
    if position.winner is not None:
        raise IllegalMoveError(
            f"the round is over: {position.winner.title} has reached the home row", rule="M7"
        )
    if position.tower is None:
        if tower is None:
            raise IllegalMoveError("the first move of a round names its tower", rule="T1")
        return tower
    if tower is not None and tower != position.tower:
        raise IllegalMoveError(
            f"{position.to_move.title} must move the {position.tower.name.lower()} tower, "
            f"not the {tower.name.lower()} one",
            rule="T2",
        )
    return position.tower


def _push_problem(position: BasePosition, side: Side, origin: int, t: Tower) -> tuple[str, str]:
    """Which push rule forbids ``t`` pushing the line in front of it, and why."""
    prefix = _RULE_PREFIX[t.rings]
    forward = RAYS[side][origin][_FWD]
    line = []
    for sq in forward:
        p = position.board[sq]
        if p is None:
            break
        if p.side is side:
            return "S9", f"{t} cannot push {p} on {square_name(sq)}: a tower of its own side"
        if p.rings >= t.rings:
            return prefix + "8", f"{t} cannot push {p} on {square_name(sq)}: it has as many rings or more"
        line.append(sq)
    else:
        return prefix + "6", f"{t} cannot push: the farthest tower is on its own home row"
    if len(line) > MAX_PUSH[t.rings]:
        most = MAX_PUSH[t.rings]
        return prefix + "7", f"{t} can push at most {most} tower{'s' if most > 1 else ''}, not {len(line)}"
    return prefix + "2", f"{t} cannot push here"  # pragma: no cover - push was legal


def check(position: BasePosition, move: Move) -> None:
    """Raise :class:`IllegalMoveError` (with the rule) unless ``move`` is a legal move
    of this position; change nothing. ``TypeError`` for what is no :class:`Move`."""
    if not isinstance(move, Move):
        raise wrong_type(move, "Position.check", "a Move")
    if move.side is not position.to_move:
        raise IllegalMoveError(f"it is {position.to_move}'s turn, not {move.side}'s", rule="T2")
    if move.is_forfeit and position.tower is None and position.winner is None:
        expected = _free_forfeit(position)
    else:
        expected = resolve(position, move.direction, move.distance, tower=move.tower)
    if expected != move:
        raise IllegalMoveError(
            f"{move!r} is not a move of this position: the {move.tower} tower's move "
            f"{move.direction} {move.distance} is {expected!r}",
            rule="T2" if expected.origin != move.origin else "M1",
        )

