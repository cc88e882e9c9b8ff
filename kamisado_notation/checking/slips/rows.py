"""Slips of a row: its two entries swapped (Gold's written first), a row written twice, a
row left out (where exactly the rounds after it tell which row fits the gap)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...diagnostics import WARNING, DeleteEntry, DeleteRow, Edit, InsertRow, Kind, SwapEntries
from ...engine.position import Move, Position
from ...notation.record import Entry, RoundRecord
from ..correct import back_move, exact_move, playable
from .hypotheses import Hypothesis, Stop, entry_of, recognises, row_off
from .planting import Planted, Style, own_rows, rewrite

__all__ = ["BRIDGES", "missing_row", "repeated_entry", "repeated_row", "row_slip_likelier", "row_swapped_before", "swapped_row"]

def _row_start(stop: Stop) -> bool:
    """Whether the stop is at a row's first entry (Black's slot)."""
    return stop.index % 2 == 0


def _swap_row(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """One of ``rnd``'s rows written Gold's entry first."""
    found = own_rows(rnd)
    if not found:
        return None
    k = rng.choice(found)
    a, b = rnd.entries[k], rnd.entries[k + 1]
    return Planted(rewrite(text, [(a, b.text), (b, a.text)]), rnd.number, {a.line})


@recognises(
    Kind.SWAPPED_ROW, "the two entries of a row swapped (Gold's written first)", rule="T2", precedence=10, plant=_swap_row,
    why="the smallest slip: two entries of one row change places, nothing is added or lost",
)  # fmt: skip
def swapped_row(stop: Stop) -> Hypothesis | None:
    """The stop's row written Gold's entry first."""
    i, entries = stop.index, stop.entries
    if not _row_start(stop) or i + 1 >= len(entries):
        return None
    first, second = entries[i], entries[i + 1]
    if first.placeholder or second.placeholder or first.line != second.line:
        return None
    tail = [second, first, *entries[i + 2 :]]
    why = "the two entries of this row are swapped"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (SwapEntries(first.line, first.column, first.text, second.column, second.text, why),)

    return Hypothesis(Kind.SWAPPED_ROW, why, tail, edits, 1, shows=2)


def _repeat_row(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """One of ``rnd``'s rows after its first written twice."""
    found = [k for k in own_rows(rnd) if k]
    if not found:
        return None
    line = rnd.entries[rng.choice(found)].line
    lines = text.split("\n")
    lines.insert(line, lines[line - 1])
    return Planted("\n".join(lines), rnd.number, {line + 1})


@recognises(
    Kind.REPEATED_ROW, "a row written twice, on a line of its own", rule="T2", precedence=20, plant=_repeat_row,
    why="a row removed that the record still holds (its copy stands before it)",
)  # fmt: skip
def repeated_row(stop: Stop) -> Hypothesis | None:
    """The stop's row a copy of the row before it, on a line of its own."""
    i, entries = stop.index, stop.entries
    if not _row_start(stop) or i < 2 or i + 1 >= len(entries):
        return None
    row, before = entries[i : i + 2], entries[i - 2 : i]
    if not _copied_alone(row, before, entries):
        return None
    line = row[0].line
    why = f"this row repeats line {before[0].line}"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        written = f"{row[0].text}   {row[1].text}"
        return (DeleteRow(line, written, "a row written twice"),)

    return Hypothesis(Kind.REPEATED_ROW, why, list(entries[i + 2 :]), edits, -1, removed=tuple(row))


def _copied_alone(row: Sequence[Entry], before: Sequence[Entry], entries: Sequence[Entry]) -> bool:
    """Whether ``row`` writes the row ``before`` it again, on a line of its own (no other
    of the round's ``entries`` on it)."""
    if [e.text for e in row] != [e.text for e in before] or row[0].line == before[0].line or row[1].line != row[0].line:
        return False
    return not any(e.line == row[0].line for e in entries if e not in row)


def _repeat_entry(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """One of ``rnd``'s rows followed by its Gold entry written again on a line of its own
    (as a relay echoes the move it was told)."""
    found = [k for k in own_rows(rnd) if k + 2 < len(rnd.entries)]
    if not found:
        return None
    gold = rnd.entries[rng.choice(found) + 1]
    lines = text.split("\n")
    lines.insert(gold.line, gold.text)
    return Planted("\n".join(lines), rnd.number, {gold.line + 1})


@recognises(
    Kind.REPEATED_ENTRY, "an entry written again on a line of its own, right after itself (a relay's echo)", rule="syntax",
    severity=WARNING, precedence=25, plant=_repeat_entry,
    why="a copy removed: the same move said twice, nothing the record names is lost; only where the copy is no move",
)  # fmt: skip
def repeated_entry(stop: Stop) -> Hypothesis | None:
    """The stop's entry, alone on its line, the move the entry before it played, written
    again (a relay's echo, a move said twice): set aside, with every later entry of the
    round that echoes the move before it so (a relay that echoes every move)."""
    i, entries = stop.index, stop.entries
    if i < 1 or not _echo(stop.position, entries, i):
        return None
    removed = _echoes(stop.position.copy(stack=True), entries, i)
    first = entries[i]
    why = f"{first.text!r} is the move of the line before written again: set aside"
    if len(removed) > 1:
        why += f", as are the {len(removed) - 1} other echoes of the round"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return tuple(DeleteEntry(e.line, e.column, e.text, "the move before, written again") for e in removed)

    tail = [e for e in entries[i + 1 :] if all(e is not r for r in removed)]
    return Hypothesis(Kind.REPEATED_ENTRY, why, tail, edits, -1, removed=tuple(removed))


def _echoes(position: Position, entries: Sequence[Entry], i: int) -> list[Entry]:
    """Entry ``i``, an echo, and every later entry of the round that echoes the move
    before it, the round replayed on ``position`` (a copy, played on) up to its first
    entry that is neither a move nor an echo, past one the entry after which echoes the
    move before it (a chatter's line between a move and its echo: it played nothing)."""
    removed = [entries[i]]
    for k in range(i + 1, len(entries)):
        move = exact_move(position, entries[k])
        if move is not None:
            position.play(move)
        elif _echo(position, entries, k):
            removed.append(entries[k])
        elif not _played_nothing(position, entries, k):
            break
    return removed


def _played_nothing(position: Position, entries: Sequence[Entry], k: int) -> bool:
    """Whether entry ``k``, neither a move nor an echo, played nothing: the entry after it
    echoes the last move played on ``position`` (a chatter's line between a move and its
    echo)."""
    return k + 1 < len(entries) and _echo(position, entries, k + 1)


def _echo(position: Position, entries: Sequence[Entry], k: int) -> bool:
    """Whether entry ``k``, alone on its line below the entry before it, is the last move
    played on ``position`` written again."""
    entry, last = entries[k], position.last_move
    if last is None or entries[k - 1].line >= entry.line or any(e.line == entry.line for e in entries if e is not entry):
        return False
    before = position.copy(stack=True)
    before.undo()
    return exact_move(before, entry) == last


def _drop_row(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """One of ``rnd``'s rows, neither its first nor its last, left out."""
    found = [k for k in own_rows(rnd) if k and k + 2 < len(rnd.entries)]
    if not found:
        return None
    line = rnd.entries[rng.choice(found)].line
    lines = text.split("\n")
    del lines[line - 1]
    return Planted("\n".join(lines), rnd.number, {line})  # (the next row now stands there)


@recognises(
    Kind.MISSING_ROW, "a row left out", rule="T2", precedence=30, plant=_drop_row,
    why="a row inserted: two moves the record does not hold, guessed",
)  # fmt: skip
def missing_row(stop: Stop) -> list[Hypothesis]:
    """A row left out before the stop's row: each pair of legal moves after which the
    stop's entry is legal as written (the entries after it tell them apart)."""
    if not _after_a_gap(stop):
        return []
    pairs = _bridges(stop.position.copy(), stop.entries[stop.index])
    if len(pairs) >= BRIDGES:  # too many rows fit for the entries after them to tell
        return []
    return [_inserted_row(stop, a, b) for a, b in pairs]


def _after_a_gap(stop: Stop) -> bool:
    """Whether a row may have been left out before the stop's: it starts a row of its own
    line, not the round's first, in a round not won, with no back-entry due."""
    i, entries = stop.index, stop.entries
    if not _row_start(stop) or i == 0 or stop.position.winner is not None or stop.pending is not None:
        return False
    return entries[i - 1].line != entries[i].line and not entries[i].placeholder


def _inserted_row(stop: Stop, a: Move, b: Move) -> Hypothesis:
    """The row of moves ``a`` and ``b`` inserted before the stop's row."""
    i, entries = stop.index, stop.entries
    entry = entries[i]
    first, second = entry_of(a, entry, entries), entry_of(b, entry, entries)
    number = f"{i // 2 + 1}. " if entry.number is not None else ""
    row = f"{number}{first.text}   {second.text}"
    why = f"a row seems to be missing before this line: {row}"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (InsertRow(entry.line, row, "a row left out"),)

    return Hypothesis(Kind.MISSING_ROW, why, [first, second, *entries[i:]], edits, 1, shows=2)


#: How many rows may bridge a gap for the entries after it to tell them apart: from
#: this many on, none is tried.
BRIDGES = 48


def _bridges(position: Position, entry: Entry) -> list[tuple[Move, Move]]:
    """The rows of legal moves after which ``entry`` is legal as written, at most
    :data:`BRIDGES` of them: two moves (a forfeit among them), or a Sumo push and the
    back-entry of the tower it pushed (``Yellow Forward 1 Pink   Pink Back 1 Orange``:
    the pusher moves again; a push second in the row would leave its back-entry to the
    next row)."""
    found: list[tuple[Move, Move]] = []
    for a in playable(position):
        position.apply(a)
        try:
            if position.winner is not None:
                continue
            if a.push:
                found += [(a, back_move(a, position))] if _fits(position, entry) else []
            elif _second_moves(position, a, entry, found):
                return found
        finally:
            position.undo()
    return found


def _second_moves(position: Position, a: Move, entry: Entry, found: list[tuple[Move, Move]]) -> bool:
    """Add to ``found`` each row of ``a`` (played in ``position``) and an ordinary move
    after which ``entry`` is legal as written; whether ``found`` reached :data:`BRIDGES`."""
    for b in playable(position):
        if not b.push:
            position.apply(b)
            found += [(a, b)] if _fits(position, entry) else []
            position.undo()
        if len(found) >= BRIDGES:
            return True
    return False


def _fits(position: Position, entry: Entry) -> bool:
    """Whether ``entry`` is legal as written in ``position``, a round not yet won."""
    return position.winner is None and exact_move(position, entry) is not None


# ------------------------------------- where a row slip is likelier than one slot


def row_slip_likelier(pos: Position, entries: Sequence[Entry], idx: int, pending: Move | None) -> bool:
    """Whether a slip of the row entry ``idx`` of ``entries`` starts (in ``pos``, with the
    back-entry of ``pending`` due) is likelier than a one-slot slip of that entry: its
    written turn number is one off the row's place (a row left out or written twice), or
    its two entries are legal as written the other way round. The replay then stops there
    for :func:`~.hypotheses.explain` to tell."""
    entry = entries[idx]
    if idx % 2:
        return False
    if row_off(entry, idx):
        return True
    if idx + 1 >= len(entries) or entries[idx + 1].line != entry.line or pending is not None:
        return False
    return _legal_swapped(pos, entries[idx + 1], entry)


def _legal_swapped(pos: Position, second: Entry, first: Entry) -> bool:
    """Whether a row's two entries are legal as written the other way round in ``pos``:
    its ``second`` (an ordinary move), then its ``first``; ``pos`` is left as it was."""
    move = exact_move(pos, second)
    if move is None or move.push:
        return False
    pos.apply(move)
    try:
        return exact_move(pos, first) is not None
    finally:
        pos.undo()


def row_swapped_before(pos: Position, entries: Sequence[Entry], idx: int, last: Move) -> Position | None:
    """Where Gold's entry ``idx`` of ``entries`` is wrong in ``pos`` after Black's entry
    of its row was legal as written and played as ``last`` (an ordinary move), and the
    row is legal written the other way round (a free choice at a round's start takes
    most moves): the position before the row, where a slip of the row starts; else
    ``None``."""
    entry = entries[idx]
    first = entries[idx - 1]
    if not idx % 2 or first.line != entry.line:
        return None
    pos.undo()
    try:
        before = pos.copy()
    finally:
        pos.apply(last)
    return before if _legal_swapped(before, entry, first) else None
