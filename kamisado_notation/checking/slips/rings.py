"""A Sumo ring the replay cannot know: rounds it could not finish may have given a tower
rings, so a move legal only with more rings than the replay knows of is never blamed (it
is taken as made by a Sumo, with a warning that it cannot be checked)."""

from __future__ import annotations

from ...engine.board import Colour
from ...engine.position import Move, Position, Tower
from ...notation.record import Entry
from ..correct import exact_move
from .faults import tower_name

__all__ = ["unseen_sumo"]


def unseen_sumo(pos: Position, entry: Entry) -> tuple[Move, str] | None:
    """``entry``'s move as written when it is legal with more Sumo rings on the moving
    tower than ``pos`` knows of (S1, S2: a Sumo moves less far and may push), which
    rounds the replay could not finish may have given it: the move, with the rings put on
    the tower in ``pos``, and the words of the warning that it cannot be checked; else
    ``None`` (``pos`` unchanged)."""
    side = pos.to_move
    colour = _moving(pos, entry)
    if colour is None:
        return None
    sq = pos.square_of(side, colour)
    tower = pos.board[sq]
    assert tower is not None  # (the side to move has each of its towers)
    for rings in range(tower.rings + 1, 4):
        pos.board[sq] = Tower(side, colour, rings)
        move = exact_move(pos, entry)
        if move is not None:
            what = ("a Sumo", "a Double Sumo", "a Triple Sumo")[rings - 1]
            said = (
                f"{entry.text} is legal only if {tower_name(side, colour)} is {what}, which the rounds not "
                "checked may have made it: the move cannot be checked, and the tower is taken to be one"
            )
            return move, said
    pos.board[sq] = tower
    return None


def _moving(pos: Position, entry: Entry) -> Colour | None:
    """The colour of the tower ``entry`` moves in ``pos``: the side to move's tower on
    its first square, else the tower that must move, else the one it names."""
    if entry.origin is not None and (t := pos.board[entry.origin]) is not None and t.side is pos.to_move:
        return t.colour
    return pos.tower if pos.tower is not None else entry.tower
