"""Slips of a push: a push written as one entry, the pushed player's back-entry left out
(S3); ``fix`` inserts it."""

from __future__ import annotations

from collections.abc import Sequence

from ...diagnostics import Edit, InsertEntry, Kind
from ...engine.board import Direction
from ...engine.position import Move
from ..correct import back_move
from .hypotheses import Hypothesis, Stop, entry_of, recognises

__all__ = ["missing_back_entry"]

@recognises(Kind.MISSING_BACK_ENTRY, precedence=50)
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
