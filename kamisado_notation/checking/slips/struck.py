"""An entry that is no move where it stands, and without which the entries after it
replay: a separator or list marker read as a forfeit (``- `` before an entry), a word
that names no move read as weak evidence (a score, a heading's word). A fully written
entry is never set aside: where it is no move it is an error with its corrections. The
legal moves decide: the entry is set aside only where the round replays on without it, as
far as any slip must. (The replay sets aside such an entry where it meets it too, when its
slots fit no move or several: :meth:`~..readings.Readings.aside`.)"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ...diagnostics import WARNING, DeleteEntry, Diagnostic, Edit, Kind
from ...engine.board import MIRRORED
from ...engine.position import Move
from ...notation.record import Entry, RoundRecord
from ...notation.writer import Form, format_entry
from .hypotheses import Hypothesis, Stop, recognises
from .planting import Planted, Style, own_rows

__all__ = ["retyped_entry", "retyped_last", "struck_entry"]


def _strikable(entry: Entry) -> bool:
    """Whether ``entry`` may be text that is no move: read with slots left unread (weak
    evidence) or a forfeit written as a sign. A fully written entry is never set aside:
    where it is no move, it is an error with its corrections."""
    if entry.placeholder:
        return False
    return entry.unread is not None or (entry.distance == 0 and entry.tower is None)


def _forfeit_sign(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """A list's dash before the first entry of one of ``rnd``'s rows (``3. - Red Left 2
    Blue``): a forfeit's sign where nobody is blocked."""
    rows = [k for k in own_rows(rnd) if k >= 2 and rnd.entries[k].number is not None]
    if not rows:
        return None
    entry = rnd.entries[rng.choice(rows)]
    lines = text.split("\n")
    line = lines[entry.line - 1]
    lines[entry.line - 1] = line[: entry.column - 1] + "- " + line[entry.column - 1 :]
    return Planted("\n".join(lines), rnd.number, {entry.line})


@recognises(
    Kind.STRUCK_ENTRY, "text that names no move where it stands (a list's dash, a score, a heading's word), set aside",
    rule="syntax", severity=WARNING, precedence=80, plant=_forfeit_sign,
    why="weak evidence only, never a fully written entry: tried after every slip that keeps what was written",
)  # fmt: skip
def struck_entry(stop: Stop) -> Hypothesis | None:
    """The stop's entry set aside: the round goes on with the entry after it."""
    i, entries = stop.index, stop.entries
    if i + 1 >= len(entries) or not _strikable(entries[i]):
        return None
    entry = entries[i]
    why = f"{entry.text!r} is no move here, and the entries after it replay without it: set aside"
    return _aside(Kind.STRUCK_ENTRY, why, entries, i, "no move here: taken back, or not a move")


def _aside(kind: Kind, why: str, entries: Sequence[Entry], i: int, reason: str) -> Hypothesis:
    """The hypothesis that entry ``i`` of ``entries`` is set aside (``reason``: what
    ``fix`` says of the removal); the round goes on with the entry after it."""
    entry = entries[i]

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (DeleteEntry(entry.line, entry.column, entry.text, reason),)

    return Hypothesis(kind, why, list(entries[i + 1 :]), edits, -1, removed=(entry,))




def _retype(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """Black's entry of one of ``rnd``'s rows first written wrong on a line of its own (the
    other diagonal, or a square further, the square colour as it should be), then written
    again in the row (a relay who corrects a move by typing it again)."""
    form, lang = style
    rows = [k for k in own_rows(rnd) if rnd.entries[k].direction is not None and rnd.entries[k].distance]
    if form is Form.COORDS or not rows:
        return None
    entry = rnd.entries[rng.choice(rows)]
    assert entry.direction is not None and entry.distance is not None
    direction = MIRRORED.get(entry.direction, entry.direction)
    distance = entry.distance + (direction is entry.direction)
    wrong = Entry(entry.line, 1, "", entry.tower, direction, distance, entry.square_colour)
    lines = text.split("\n")
    lines.insert(entry.line - 1, format_entry(wrong, form=form, lang=lang))
    return Planted("\n".join(lines), rnd.number, {entry.line, entry.line + 1})


@recognises(
    Kind.RETYPED_ENTRY, "an entry that is no move, alone on its line, written again with the same tower right after it (corrected by retyping)",
    rule="syntax", severity=WARNING, precedence=27, plant=_retype,
    why="a copy removed as the echo is, but one that differs: tried once the echo and the row written twice are not it",
)  # fmt: skip
def retyped_entry(stop: Stop) -> Hypothesis | None:
    """The stop's entry, alone on its line, followed on a later line by an entry of the
    same tower: the first set aside (the writer retyped the move, corrected); the round
    goes on with the second."""
    i, entries = stop.index, stop.entries
    if i + 1 >= len(entries):
        return None
    entry, again = entries[i], entries[i + 1]
    if not _retyped_as(entry, again, entries):
        return None
    return _aside(Kind.RETYPED_ENTRY, _retyped_why(entry), entries, i, _RETYPED)


def _retyped_why(entry: Entry) -> str:
    return f"{entry.text!r} is no move here, and the next line writes the same tower's move again: set aside as retyped"


#: What ``fix`` says of a retyped entry's removal.
_RETYPED = "written again, corrected, on the next line"


def retyped_last(said: Sequence[Diagnostic], wrong: Entry, move: Move, extra: Sequence[Entry]) -> tuple[Diagnostic, Diagnostic] | None:
    """The same slip at a round's end: where the one entry ``extra`` after the end writes
    the round's last move (``move``, entry ``wrong``, taken for a one-slot slip) again on a
    later line, the correction of ``wrong`` among the diagnostics ``said`` and the warning
    that takes its place (``wrong`` set aside as retyped); else ``None``."""
    slot = next((d for d in said if d.kind is Kind.SLOT and (d.line, d.column) == (wrong.line, wrong.column)), None)
    if slot is None or not _written_again(extra, wrong, move):
        return None
    edit = DeleteEntry(wrong.line, wrong.column, wrong.text, _RETYPED)
    return slot, replace(slot, rule="syntax", message=_retyped_why(wrong), severity=WARNING, suggestions=(), kind=Kind.RETYPED_ENTRY, edits=(edit,))


def _written_again(extra: Sequence[Entry], wrong: Entry, move: Move) -> bool:
    """Whether the one entry of ``extra`` writes ``move`` on a line after ``wrong``'s."""
    return len(extra) == 1 and extra[0].line > wrong.line and _writes(extra[0], move)


def _writes(entry: Entry, move: Move) -> bool:
    """Whether ``entry``'s slots (tower, direction, distance, square colour) are ``move``'s."""
    slots = (entry.tower, entry.direction, entry.distance, entry.square_colour)
    return slots == (move.tower, move.direction, move.distance, move.square_colour)


def _retyped_as(entry: Entry, again: Entry, entries: Sequence[Entry]) -> bool:
    """Whether ``entry``, alone on its line among ``entries``, is written again as
    ``again``, a move of the same tower on a later line."""
    if entry.placeholder or entry.tower is None or again.tower is not entry.tower or again.line <= entry.line:
        return False
    return not any(e.line == entry.line for e in entries if e is not entry)
