"""A move written after a round was won (M7) or ended in a deadlock (M8): where every
entry before it was legal as written and the round's end agrees with the round after
it, the entry (or the row) is one too many, and ``fix`` removes it. Text after the round
that decided the match, in a record read by its evidence, is no part of it
(:func:`after_decided`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from ...diagnostics import (
    DECIDES,
    ERROR,
    READ_BY_EVIDENCE,
    WARNING,
    DeleteEntry,
    DeleteRow,
    Diagnostic,
    Edit,
    Kind,
    compose,
    correction,
    read_by_evidence,
)
from ...engine.moves import Move
from ...engine.position import Position
from ...notation.record import Entry

__all__ = [
    "AFTER_END",
    "QUOTED",
    "READ_BY_EVIDENCE",
    "a_sentence",
    "after_decided",
    "after_end",
    "before",
    "entries_after",
    "read_by_evidence",
    "recap_end",
    "said_again",
    "set_aside_after_end",
]

#: How many entries after a round's end are taken for entries written one too many (a
#: row's): more than that, and the round more likely ended too early by a slip before.
AFTER_END = 2


def after_end(
    entries: Sequence[Entry], over: int, error: Diagnostic, end: Position, agrees: Callable[[Position], bool] | None
) -> Diagnostic | None:
    """The error ``error`` (M7 or M8) at entry ``over`` of a round's ``entries``, the
    first after its end ``end`` (every entry before it legal as written), with the
    removal of the entries after the end as its certain correction: when there are at
    most :data:`AFTER_END` of them and the round after agrees with ``end`` (``agrees``,
    when it can tell). Whole rows go as rows, an entry beside one of the round's as an
    entry. Else ``None``."""
    extra = entries[over:]
    if not _removable(extra) or (agrees is not None and not agrees(end)):
        return None
    what, them = ("this entry is", "it") if len(extra) == 1 else (f"these {len(extra)} entries are", "them")
    message = compose(error.message, f"{what} written after its end", correction(f"remove {them}"))
    return replace(error, message=message, kind=Kind.AFTER_END, edits=_removals(entries[:over], extra))


def _removable(extra: Sequence[Entry]) -> bool:
    """Whether ``extra``, the entries after a round's end, are few enough to be written
    one too many, and no ``...`` (another round's start)."""
    return bool(extra) and len(extra) <= AFTER_END and not any(e.placeholder for e in extra)


def _removals(kept: Sequence[Entry], extra: Sequence[Entry]) -> tuple[Edit, ...]:
    """The edits that remove ``extra`` after the round's ``kept`` entries: a row of them
    as a row, an entry beside one of the round's as an entry."""
    lines = {e.line for e in kept}
    edits: list[Edit] = []
    for line in sorted({e.line for e in extra}):
        edits += _line_removals([e for e in extra if e.line == line], beside=line in lines)
    return tuple(edits)


def _line_removals(on_line: list[Entry], *, beside: bool) -> list[Edit]:
    """The edits that remove the entries ``on_line``, those of one line after a round's
    end: each as an entry where they stand ``beside`` one of the round's, else the row."""
    why = "written after the round was over"
    if beside:
        return [DeleteEntry(e.line, e.column, e.text, why) for e in on_line]
    return [DeleteRow(on_line[0].line, "   ".join(e.text for e in on_line), why)]


def set_aside_after_end(entries: Sequence[Entry], over: int, round_number: int, match: int) -> Diagnostic:
    """The entries of a round's ``entries`` from ``over`` on, after its end, where each
    is text read as weak evidence (slots left unread: a word that names a colour, a
    score): no move, since the round is over; a warning that sets them aside, with their
    removal for ``fix``."""
    extra = entries[over:]
    said = " ".join(repr(e.text) for e in extra)
    message = f"{said} after the round's end names no move: set aside"
    first = extra[0]
    edits = tuple(DeleteEntry(e.line, e.column, e.text, "written after the round was over") for e in extra)  # (text around them has its own edits)
    return Diagnostic("syntax", message, first.line, first.column, WARNING, round_number, None, match, (), Kind.STRUCK_ENTRY, edits)


def a_sentence(entry: Entry) -> bool:
    """Whether ``entry`` was read out of a sentence: words that say nothing of a move
    stand between its clues (``Niebieski po tej rundzie został sumo (żółty``: Blue
    became a Sumo after this round, Yellow...), not a move written down."""
    from ...notation.kmr.evidence import (
        in_a_sentence,  # (the evidence reader, and the grammar it loads: only for a record read by it)
    )

    return in_a_sentence(entry.text)


#: The most entries a text after the match's last round may hold to be set aside as no
#: part of it (a comment quoting a move or two); more are rounds not told apart.
QUOTED = 4


def after_decided(diagnostics: Sequence[Diagnostic], end: tuple[int, int], number: int, entries: int) -> list[Diagnostic] | None:
    """The ``diagnostics`` of a match read by its evidence, decided in round ``number``,
    whose last entry ends at ``end`` (line, column), where every error stands after it
    and the text after it holds few ``entries`` (:data:`QUOTED`): that text is no part
    of the match (a comment that quotes a move, a reply, a form's empty rows), so what
    was said of it is one warning that sets it aside, and no edit of ``fix`` touches it
    (:func:`before`). ``None`` where that is not so: a record all in the notation keeps
    its errors (a round written after the match was decided is a slip to name there),
    and so does one whose rounds the reading did not tell apart."""
    errors = [d for d in diagnostics if d.severity is ERROR]
    if not errors or entries > QUOTED or not read_by_evidence(diagnostics):
        return None
    first = min(errors, key=lambda d: (d.line, d.column))
    if (first.line, first.column) <= end:
        return None
    message = f"the text after round {number} is set aside: {DECIDES}, and what follows is no part of it"
    note = Diagnostic("syntax", message, first.line, first.column, WARNING, None, None, first.match, (), Kind.SET_ASIDE)
    kept = [replace(d, edits=tuple(before(d.edits, end))) for d in diagnostics if (d.line, d.column) <= end]
    return [*kept, note]


def entries_after(entries: Sequence[Entry], end: tuple[int, int], played: Sequence[tuple[Entry, Move]]) -> int:
    """How many of a match's ``entries`` stand after ``end`` (line, column), the end of
    the round that decided it, that are no placeholder nor a move ``played`` (each entry
    and its move) said again (:func:`said_again`)."""
    entries_played, moves = [e for e, _m in played], [m for _e, m in played]
    return sum(1 for e in entries if (e.line, e.column) > end and not e.placeholder and not said_again(e, entries_played, moves))


def said_again(entry: Entry, played: Sequence[Entry], moves: Sequence[Move]) -> bool:
    """Whether ``entry``, after the round that decided the match, says again what was
    played (notes quoting it): an entry ``played`` as written (``Blue Right 3 Red``), or
    squares that are all squares the ``moves`` played went from or to (``f8-d6``,
    ``Blue Right 3 Red (f4-c1)``, ``c1 a3`` read square by square). Such entries are not
    counted against :data:`QUOTED`."""
    text = entry.text.strip().casefold()
    if any(text == e.text.strip().casefold() for e in played):
        return True
    squares = set(_SQUARE.findall(text))
    return bool(squares) and squares <= {sq for m in moves for sq in m.coords().split("-")}


def recap_end(entries: Sequence[Entry], over: int, moves: Sequence[Move]) -> int:
    """Where the round's ``moves`` said again after its end end: the entry after them,
    where ``entries`` from ``over`` (the first after the end) say every move of the round
    again in order, its squares (a forfeit's may be left out: a copy of the round's
    table, a notebook's table given as a page's and as plain text); else ``over``."""
    k = over
    for move in moves:
        if k < len(entries) and _says(entries[k], move):
            k += 1
        elif not move.is_forfeit:
            return over
    return k


def _says(entry: Entry, move: Move) -> bool:
    """Whether ``entry`` says ``move`` again: the squares it went from and to, or, for a
    forfeit, where its tower stands."""
    if entry.placeholder:
        return False
    if move.is_forfeit:
        return entry.target == move.target and entry.origin in (None, move.origin)
    return (entry.origin, entry.target) == (move.origin, move.target)


#: A square as coordinates.
_SQUARE = re.compile(r"[a-h][1-8]")


def before(edits: Sequence[Edit], end: tuple[int, int]) -> list[Edit]:
    """The ``edits`` at or before ``end`` (line, column)."""
    return [e for e in edits if (e.line, getattr(e, "column", 0)) <= end]
