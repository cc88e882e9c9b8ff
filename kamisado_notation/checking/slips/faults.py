"""What is wrong with an entry that is no legal move as written: the rule it breaks (T1,
T2, M1-M8, S-rules, the square colour, a push mark) and the words that say why, naming
the tower that must move and its legal moves; a tower that cannot move forfeits (M6) or,
deadlocked, ends the round (M8). Functions of the position and the entry alone."""

from __future__ import annotations

from dataclasses import dataclass

from ...diagnostics import compose
from ...engine.board import SQUARE_COLOURS, Colour, Side, square_name
from ...engine.position import Move, Position
from ...errors import IllegalMoveError
from ...notation.record import Entry
from ..correct import Candidate, article, push_mark_fault, square_fault

__all__ = ["Fault", "blocked", "describe", "differs", "entry_fault", "legal_list", "tower_name", "why_this_tower", "writes_zero"]


@dataclass(frozen=True, slots=True)
class Fault:
    """What is wrong with an entry as written: the rule, the message, the written move
    when it is legal but mis-annotated (a wrong square colour or push mark), and the
    tower whose legal moves explain a move the rules forbid."""

    rule: str
    message: str
    move: Move | None = None
    tower: Colour | None = None


def entry_fault(pos: Position, entry: Entry) -> Fault:
    """What is wrong with ``entry`` as written (it is not a legal move as written)."""
    origin = entry.origin
    need = pos.tower
    colour: Colour | None
    if origin is not None:  # the coordinate form
        t = pos.board[origin]
        if t is None or t.side is not pos.to_move:
            return _bad_origin(pos, origin)
        colour = t.colour
    else:
        colour = entry.tower if entry.tower is not None else need
        if colour is None:
            return Fault("T1", "the first move of a round names its tower")
    if need is not None and colour != need:
        return _wrong_tower(pos, colour)
    return _move_fault(pos, entry, colour)


def _move_fault(pos: Position, entry: Entry, colour: Colour) -> Fault:
    """The fault of the right tower's move: the rule it breaks, or its annotation."""
    origin = entry.origin
    try:
        move = _resolved(pos, entry, colour)
    except IllegalMoveError as e:
        if not writes_zero(entry) and pos.must_forfeit():  # checked only here: the common path is a legal move
            return blocked(pos, colour)
        return Fault(e.rule, f"{entry.text or 'this move'}: {e}", tower=colour)
    if origin is not None:
        return Fault("push-entry", push_mark_fault(move), move)
    written = entry.square_colour
    assert written is not None  # (the colour form names its square)
    return Fault("square", square_fault(move, written), move)


def writes_zero(entry: Entry) -> bool:
    """Whether ``entry`` writes a zero move, a forfeit's (M6): a distance of 0, or in
    coordinates its square twice."""
    return entry.distance == 0 if entry.origin is None else entry.origin == entry.target


def _resolved(pos: Position, entry: Entry, colour: Colour) -> Move:
    """The move of ``colour``'s tower that ``entry`` writes, by its squares or its
    direction and distance; raises :class:`IllegalMoveError` where there is none."""
    if entry.origin is not None:
        assert entry.target is not None  # (the coordinate form has both squares)
        return pos.resolve_coords(entry.origin, entry.target)
    return pos.resolve(entry.direction, entry.distance or 0, tower=colour)


def _bad_origin(pos: Position, origin: int) -> Fault:
    """A coordinate entry starting where the side to move has no tower (T1/T2)."""
    t = pos.board[origin]
    if pos.tower is not None and pos.must_forfeit() and pos.deadlock() is not None:
        return blocked(pos, pos.tower)  # the round is over (M8)
    what = "no tower" if t is None else tower_name(t.side, t.colour)
    return Fault("T1" if pos.tower is None else "T2", compose(f"{square_name(origin)} holds {what}", _to_be_moved(pos)))


def _to_be_moved(pos: Position) -> str:
    """Which tower the side to move in ``pos`` moves, said: the one that must move,
    where it stands and why, or with a free choice one of its own."""
    side = pos.to_move
    if pos.tower is None:
        return f"{side.title} moves one of his own towers"
    return f"{side.title} must move the {pos.tower.name.lower()} tower on {square_name(pos.square_of(side, pos.tower))}: {why_this_tower(pos)}"


def _wrong_tower(pos: Position, colour: Colour) -> Fault:
    """Not the tower that must move (T2): say which one must, and why."""
    side, need = pos.to_move, pos.tower
    assert need is not None
    if pos.must_forfeit():
        return blocked(pos, need)
    return Fault(
        "T2",
        f"{side.title} must move the {need.name.lower()} tower (on "
        f"{square_name(pos.square_of(side, need))}), not the {colour.name.lower()} "
        f"one: {why_this_tower(pos)}",
    )


def blocked(pos: Position, colour: Colour) -> Fault:
    """A move written for a tower that cannot move: M8 when the round is deadlocked
    (it is over), else M6 (the tower forfeits)."""
    side = pos.to_move
    loser = pos.deadlock()
    if loser is not None:
        return Fault("M8", f"the round is over: deadlock, {loser.title} made the last move and loses")
    sq = pos.square_of(side, colour)
    return Fault(
        "M6",
        f"{tower_name(side, colour)} on {square_name(sq)} cannot move, so {side.title} "
        f"forfeits the turn: {colour.title} 0 {SQUARE_COLOURS[sq].title} ({square_name(sq)}-{square_name(sq)})",
    )


# ------------------------------------------------------------------ wording


def tower_name(side: Side, colour: Colour) -> str:
    return f"{side.title}'s {colour.name.lower()} tower"


def why_this_tower(position: Position) -> str:
    """Why the side to move must move ``position.tower`` (T2, M6, S3)."""
    colour = position.tower
    assert colour is not None
    c = colour.name.lower()
    history = position.history
    if not history:
        return f"the position says {position.to_move.title} moves {c}"
    last = history[-1]
    onto = last.pushed_to  # (None unless a push)
    if onto is not None:
        pushed = position.tower_at(onto)
        what = tower_name(pushed.side, pushed.colour) if pushed is not None else "a tower"
        return f"{last.side.title}'s push moved {what} onto {article(colour)} {c} square, so {last.side.title} moves again (S3)"
    if last.is_forfeit:
        assert last.tower is not None  # (a forfeit names the blocked tower)
        return f"{last.side.title}'s {last.tower.name.lower()} tower is blocked on {article(colour)} {c} square (M6)"
    return f"{last.side.title}'s last move ended on {article(colour)} {c} square"


def describe(move: Move) -> str:
    return f"{move} ({move.coords()})"


def legal_list(position: Position, colour: Colour) -> str:
    """The moves of the side to move's ``colour`` tower, for an error message."""
    moves = position.tower_moves(colour)
    name = tower_name(position.to_move, colour)
    where = square_name(position.square_of(position.to_move, colour))
    if not moves:
        return f"{name} on {where} cannot move and must forfeit ({colour.title} 0 {SQUARE_COLOURS[position.square_of(position.to_move, colour)].title})"
    return f"legal moves of {name} on {where}: " + ", ".join(describe(m) for m in moves)


def differs(candidate: Candidate) -> str:
    slots = [str(s) for s in candidate.differs]
    return ("the " + " and the ".join(slots) + " differ" + ("s" if len(slots) == 1 else "")) if slots else "as written"
