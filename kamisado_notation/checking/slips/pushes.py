"""Slips of a push: a push written as one entry, the pushed player's back-entry left out
(S3), which ``fix`` inserts; and a back-entry written wrong, slot by slot (the nearest
pushed tower named for the farthest, a distance other than 1, the square's colour)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...diagnostics import Edit, InsertEntry, Kind
from ...engine.board import Colour, Direction, Side, square_name, squares_apart
from ...engine.position import Move, Position
from ...notation.record import Entry, RoundRecord
from ..correct import article, back_move, said_back
from .hypotheses import Hypothesis, Stop, entry_of, recognises
from .planting import Planted, Style, rewrite

__all__ = ["back_entry_slips", "is_back_entry", "missing_back_entry"]

def _drop_back_entry(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """One of ``rnd``'s back-entries left out."""
    es = rnd.entries
    found = [k for k in range(len(es)) if _written_back(es, k)]
    if not found:
        return None
    k = rng.choice(found)
    lines = {es[k].line} | ({es[k + 1].line} if k + 1 < len(es) else set())
    return Planted(rewrite(text, [(es[k], "")]), rnd.number, lines)


def _written_back(es: Sequence[Entry], k: int) -> bool:
    """Whether entry ``k`` of a round's entries ``es`` is written as a back-entry: its
    direction Back, or in coordinates after an entry marked as a push."""
    e = es[k]
    return e.direction is Direction.BACK or bool(e.is_coords and k and es[k - 1].push_mark)


@recognises(
    Kind.MISSING_BACK_ENTRY, "a push written as one entry, its back-entry left out", rule="push-entry", precedence=50, plant=_drop_back_entry,
    why="one entry inserted that the push settles (S3), tried only where a push's back-entry is due",
)  # fmt: skip
def missing_back_entry(stop: Stop) -> Hypothesis | None:
    """A push written as one entry: the pushed player's back-entry left out (S3)."""
    position, i, entries, push = stop.position, stop.index, stop.entries, stop.pending
    if push is None or i >= len(entries) or entries[i].direction is Direction.BACK:
        return None
    back = back_move(push, position)
    entry = entries[i]
    inserted = entry_of(back, entry, entries)
    why = f"the push's back-entry is missing before this entry: {inserted.text}"
    tail = [inserted, *entries[i:]]
    before = entries[i - 1] if i else entry

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        reason = "the back-entry of the push (S3)"
        if before.line == entry.line or entry.number is None:
            return (InsertEntry(entry.line, entry.column, inserted.text, reason),)
        # the entry starts the next row: the back-entry ends the push's row
        return (InsertEntry(before.line, before.column + len(before.text), f"   {inserted.text}", reason),)

    return Hypothesis(Kind.MISSING_BACK_ENTRY, why, tail, edits, 0, shows=2)


# ------------------------------------------------ a back-entry written, checked


def is_back_entry(entry: Entry, back: Move) -> bool:
    """Whether ``entry`` is meant as the back-entry (right or wrong in its details)."""
    if entry.is_coords:
        origin = _origin(entry, back)
        return origin in (back.origin, back.target) and origin != entry.target
    return entry.direction is Direction.BACK or said_back(entry, back)


def goes_one_square(entry: Entry, back: Move) -> bool:
    """Whether back-entry ``entry`` goes one square as written (a pushed tower's way
    back), or says no squares."""
    return entry.target is None or squares_apart(_origin(entry, back), entry.target) <= 1


def _origin(entry: Entry, back: Move) -> int:
    """Where back-entry ``entry`` in coordinates says the pushed tower stood: where
    ``back`` has it stand where it says only where it went (``blue back to h4``)."""
    return back.origin if entry.origin is None else entry.origin


def back_entry_slips(pos: Position, entry: Entry, push: Move, back: Move) -> list[str]:
    """What is wrong in a back-entry, slot by slot."""
    wrong = _tower_slip(pos, entry, push, back)
    if entry.is_coords:
        return wrong if (_origin(entry, back), entry.target) == (back.origin, back.target) else [*wrong, f"not {entry.text}"]
    if entry.distance not in (1, None):  # (not written: a pushed tower goes back one square)
        wrong.append(f"a pushed tower goes back 1 square, not {entry.distance}")
    square = back.square_colour
    if entry.square_colour is not None and entry.square_colour != square:
        wrong.append(
            f"it was pushed onto {square_name(back.target)}, {article(square)} {square.name.lower()} square, "
            f"not {entry.square_colour.name.lower()}"
        )
    return wrong


def _tower_slip(pos: Position, entry: Entry, push: Move, back: Move) -> list[str]:
    """What is wrong in the tower a back-entry names (none where it names none, or the
    right one): the nearest pushed tower named, or another."""
    assert back.tower is not None  # (the back-entry moves the farthest pushed tower)
    if entry.tower is None or entry.tower == back.tower:
        return []
    named, farthest = entry.tower.name.lower(), back.tower.name.lower()
    if len(push.push) > 1 and entry.tower is _nearest_pushed(push, pos):
        return [f"{named} is the nearest pushed tower; the back-entry names the farthest, {farthest}"]
    return [f"the farthest pushed tower is {farthest}, not {named}"]


def _nearest_pushed(push: Move, position: Position) -> Colour | None:
    """The colour of the nearest tower ``push`` pushed (now one square beyond where it stood)."""
    step = 8 if push.side is Side.GOLD else -8
    t = position.tower_at(push.push[0] + step)
    return t.colour if t is not None else None
