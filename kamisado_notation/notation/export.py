"""Machine-readable views of positions and moves (the JSON the README describes): colours are
lowercase English names, sides ``"black"``/``"gold"``, squares algebraic."""

from __future__ import annotations

from ..engine.board import Colour, Side, square_name
from ..engine.match import Fill, fill, lineup, place_ring, round_result
from ..engine.position import Move, Position

__all__ = ["colour_name", "lineup_json", "move_json", "moves_json", "round_start", "side_name", "with_ring"]


def colour_name(colour: Colour | None) -> str | None:
    return colour.name.lower() if colour is not None else None


def side_name(side: Side | None) -> str | None:
    return side.name.lower() if side is not None else None


def move_json(move: Move) -> dict[str, object]:
    """One move: tower, from, to, direction, distance, square, push."""
    return {
        "tower": colour_name(move.tower),
        "from": square_name(move.origin),
        "to": square_name(move.target),
        "direction": move.direction.name.lower() if move.direction is not None else None,
        "distance": move.distance,
        "square": colour_name(move.square_colour),
        "push": [square_name(sq) for sq in move.push],
    }


def moves_json(position: Position) -> dict[str, object]:
    """The legal moves of the side to move, whether it must pass, and any deadlock."""
    moves = position.legal_moves()
    loser = position.deadlock() if not moves else None
    return {
        "position": position.to_string(),
        "to_move": side_name(position.to_move),
        "tower": colour_name(position.tower),
        "moves": [move_json(m) for m in moves],
        "pass": not moves and position.winner is None,
        "deadlock": {"loser": side_name(loser)} if loser is not None else None,
    }


def with_ring(position: Position) -> Position:
    """A copy of ``position`` with the ring of the round it ended placed on the winner's
    tower, as it goes into the fill (unchanged when the round is not over)."""
    position = position.copy()
    result = round_result(position)
    if result is not None:
        place_ring(position, result)
    return position


def round_start(position: Position, how: Fill) -> Position:
    """The next round's start after ``position`` with the home rows filled ``how`` and the
    winner's ring placed. The Challenger is the loser of the round ``position`` ended
    (M7/M8); when the round is not over, the side to move."""
    result = round_result(position)
    challenger = result.winner.other if result is not None else position.to_move
    return fill(with_ring(position), how, challenger=challenger)


def lineup_json(position: Position, how: Fill) -> dict[str, object]:
    """Both lineups after filling ``how``, each from the player's own left."""
    start = round_start(position, how)
    return {
        "position": start.to_string(),
        "black": [colour_name(t.colour) for t in lineup(position, Side.BLACK, how)],
        "gold": [colour_name(t.colour) for t in lineup(position, Side.GOLD, how)],
    }
