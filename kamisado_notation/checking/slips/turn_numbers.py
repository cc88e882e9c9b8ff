"""Turn numbers once a round's certain corrections are made: a row inserted, swapped or
removed, or an entry inserted (a missing ``...``, a forgotten forfeit: every later entry
one slot early) moves the entries after it, so the numbers written before them may be
right as the round is now read (the reader's warning about them is explained by the
correction) or left wrong by it (renumbered, an edit ``fix`` makes unmarked). A
renumbering is carried by the diagnostic of the correction that moved it, among its edits:
the edits of the diagnostics (``validate --json``) are all that ``fix`` makes."""

from __future__ import annotations

from dataclasses import replace

from ...diagnostics import DeleteEntry, DeleteRow, Diagnostic, InsertEntry, InsertRow, Renumber
from ...notation.record import Entry

__all__ = ["carried", "renumbered"]

#: The edits that move the entries after them to other places in the round.
_MOVING = (InsertEntry, DeleteEntry, InsertRow, DeleteRow)


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
            edits.append(Renumber(entry.line, entry.column, _number_at(real)))
    return explained, edits


def _right_now(entries: list[Entry], idx: int, real: int) -> bool:
    """Whether entry ``idx``'s turn number is right for its place ``real``: a row's first
    entry numbered as its row, or its second with the row's number written before it
    (the row's entries swapped places, the row did not)."""
    entry = entries[idx]
    if entry.number != _row_of(real):
        return False
    return real % 2 == 0 or entries[idx - 1].line == entry.line


def _number_at(place: int) -> int | None:
    """The turn number written before the entry at ``place`` in a round: its row's
    before the row's first entry (Black's), none before its second."""
    return _row_of(place) if place % 2 == 0 else None


def _row_of(place: int) -> int:
    """The number of the row (the turn number written before it) that the entry at
    ``place`` in a round (from 0, Black's first) stands in."""
    return place // 2 + 1


def carried(diagnostics: list[Diagnostic], edits: list[Renumber]) -> list[Renumber]:
    """Each of ``edits`` (a round's turn numbers renumbered) added to the edits of the
    diagnostic of ``diagnostics`` (the round's, replaced in place) whose correction moved
    it: the last before it whose edits insert or remove entries (the first such when none
    is before it; the first with edits when none does). The renumberings carried: all of
    them, but where no diagnostic has edits, none (``fix`` then renumbers nothing that
    the diagnostics do not say)."""
    moving = _moving(diagnostics)
    if not moving:
        return []
    added: dict[int, list[Renumber]] = {}
    for edit in edits:
        before = [k for k in moving if (diagnostics[k].line, diagnostics[k].column) <= (edit.line, edit.column)]
        added.setdefault(before[-1] if before else moving[0], []).append(edit)
    for k, more in added.items():
        diagnostics[k] = replace(diagnostics[k], edits=(*diagnostics[k].edits, *more))
    return edits


def _moving(diagnostics: list[Diagnostic]) -> list[int]:
    """The diagnostics of ``diagnostics`` whose edits insert or remove entries (the first
    with edits, when none does), by their index, in line order."""
    with_edits = [k for k, d in enumerate(diagnostics) if d.edits]
    moving = [k for k in with_edits if any(isinstance(e, _MOVING) for e in diagnostics[k].edits)] or with_edits[:1]
    return sorted(moving, key=lambda k: (diagnostics[k].line, diagnostics[k].column))
