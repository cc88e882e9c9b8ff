"""Turn numbers once a round's certain corrections are made: a row inserted, swapped or
removed, or an entry inserted (a missing ``...``, a forgotten forfeit: every later entry
one slot early) moves the entries after it, so the numbers written before them may be
right as the round is now read (the reader's warning about them is explained by the
correction) or left wrong by it (renumbered, an edit ``fix`` makes unmarked)."""

from __future__ import annotations

from ...diagnostics import Renumber
from ...notation.record import Entry

__all__ = ["renumbered"]


def renumbered(
    entries: list[Entry], places: list[int | None] | None, inserted: list[int], removed: list[Entry]
) -> tuple[set[tuple[int, int]], list[Renumber]]:
    """The places (line, column) of the turn numbers the corrections explain, and the
    renumbering of those they leave wrong: ``entries`` as corrected (``places``: where
    each is written, ``None`` when none is moved), with an entry inserted before each of
    ``inserted``; the entries ``removed`` explain their own warnings."""
    explained = {(e.line, e.column) for e in removed}
    edits: list[Renumber] = []
    shift = 0
    for idx, entry in enumerate(entries):
        at = inserted.count(idx)
        shift += at
        real = idx + shift  # (its place in the round as now read)
        if entry.number is None:
            continue
        written = idx if places is None else places[idx]  # (None: an entry inserted)
        if _right_now(entries, idx, real):
            explained.add((entry.line, entry.column))
        elif not at and written is not None and written != real:  # moved by what was inserted or removed
            edits.append(Renumber(entry.line, entry.column, real // 2 + 1 if real % 2 == 0 else None))
    return explained, edits


def _right_now(entries: list[Entry], idx: int, real: int) -> bool:
    """Whether entry ``idx``'s turn number is right for its place ``real``: a row's first
    entry numbered as its row, or its second with the row's number written before it
    (the row's entries swapped places, the row did not)."""
    entry = entries[idx]
    if entry.number != real // 2 + 1:
        return False
    return real % 2 == 0 or entries[idx - 1].line == entry.line
