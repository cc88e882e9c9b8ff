"""Slips of entries written in the wrong places of a round: Gold's entry written first in
every row (the round's two columns swapped), and one player's entries of two rows
exchanged (each written in the other's row)."""

from __future__ import annotations

from collections.abc import Sequence

from ...diagnostics import Edit, Kind, ReplaceEntry, SwapEntries
from ...engine.board import Side
from ...engine.position import Move
from .hypotheses import Hypothesis, Stop, recognises

__all__ = ["ROWS_APART", "exchanged_entries", "swapped_columns"]


@recognises(Kind.SWAPPED_COLUMNS, precedence=15, whole_round=True)
def swapped_columns(stop: Stop) -> Hypothesis | None:
    """Every row from the stop's to the round's last written Gold's entry first (two
    rows at least that read otherwise so: one is :func:`.rows.swapped_row`). A round Gold starts is written with
    ``...`` in Black's column: its rows are not tried."""
    i, entries = stop.index, stop.entries
    if i % 2 or stop.gold_first or stop.pending is not None:
        return None
    swapped: list[int] = []
    for k in range(i, len(entries) - 1, 2):
        first, second = entries[k], entries[k + 1]
        if first.placeholder or second.placeholder or first.line != second.line:
            break
        swapped.append(k)
    changed = [k for k in swapped if entries[k].text != entries[k + 1].text]  # (two same entries read alike both ways)
    if len(changed) < 2 or swapped[-1] + 2 < len(entries) - 1:  # (a last entry alone on its row may follow)
        return None
    tail = list(entries[i:])
    for k in swapped:
        tail[k - i], tail[k + 1 - i] = entries[k + 1], entries[k]
    why = f"Gold's entry is written first in every row of round {stop.round}"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return tuple(
            SwapEntries(entries[k].line, entries[k].column, entries[k].text, entries[k + 1].column, entries[k + 1].text, why)
            for k in changed
        )

    return Hypothesis(Kind.SWAPPED_COLUMNS, why, tail, edits, changed[-1] + 1 - i, shows=2, first=changed[0] - i)


#: How many rows apart two exchanged entries may be (the search tries each: the cost at a
#: stop is bounded, whatever the round's length).
ROWS_APART = 8


@recognises(Kind.EXCHANGED_ENTRIES, precedence=35, whole_round=True)
def exchanged_entries(stop: Stop) -> list[Hypothesis]:
    """The stop's entry and one of the same player's in a later row (at most
    :data:`ROWS_APART` rows on) each written in the other's row. Tried from the round's
    start too: there the first player's free choice of tower takes most entries as
    legal, so the slip shows only at the second entry."""
    i, entries = stop.index, stop.entries
    here = entries[i] if i < len(entries) else None
    if here is None or here.placeholder or stop.pending is not None:
        return []
    side = Side.BLACK if i % 2 == 0 else Side.GOLD
    found = []
    for j in range(i + 2, min(len(entries), i + 2 * ROWS_APART + 1), 2):
        there = entries[j]
        if not there.placeholder and there.text.casefold() != here.text.casefold():
            found.append(_exchanged(stop, side, j))
    return found


def _exchanged(stop: Stop, side: Side, j: int) -> Hypothesis:
    """The stop's entry and entry ``j`` exchanged."""
    i, entries = stop.index, stop.entries
    a, b = entries[i], entries[j]
    tail = list(entries[i:])
    tail[0], tail[j - i] = b, a
    why = f"{side.title}'s entries on lines {a.line} and {b.line} are exchanged"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (ReplaceEntry(a.line, a.column, a.text, b.text, why), ReplaceEntry(b.line, b.column, b.text, a.text, why))

    return Hypothesis(Kind.EXCHANGED_ENTRIES, why, tail, edits, j - i, shows=1)
