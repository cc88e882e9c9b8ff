"""Slips of entries written in the wrong places of a round: Gold's entry written first in
every row (the round's two columns swapped), and one player's entries of two rows
exchanged (each written in the other's row)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...diagnostics import Edit, Kind, ReplaceEntry, SwapEntries
from ...engine.board import Side
from ...engine.position import Move
from ...notation.record import Entry, RoundRecord
from .hypotheses import ANYWHERE, Hypothesis, Place, Stop, recognises
from .planting import Planted, Style, rewrite

__all__ = ["ROWS_APART", "exchanged_entries", "swapped_columns"]


def _swap_columns(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """``rnd`` (Black its Challenger) written Gold's entry first in every row (two rows at
    least that read otherwise so: a last entry alone on its row stays)."""
    es = rnd.entries
    pairs = _rows_in_pairs(es)
    if pairs is None or sum(es[k].text != es[k + 1].text for k in pairs) < 2:  # (else it is one row swapped)
        return None
    changes = [c for k in pairs for c in ((es[k], es[k + 1].text), (es[k + 1], es[k].text))]
    return Planted(rewrite(text, changes), rnd.number, {es[k].line for k in pairs})  # (named at its first row)


def _rows_in_pairs(es: Sequence[Entry]) -> list[int] | None:
    """The rows of a round Black starts written ``es``, each by its first entry, where
    every row is two entries on one line (a last entry alone on its row may follow), two
    rows at least; else ``None``."""
    if not es or es[0].placeholder:
        return None
    pairs = [k for k in range(0, len(es) - 1, 2) if es[k].line == es[k + 1].line]
    return pairs if len(pairs) >= 2 and len(pairs) == len(es) // 2 else None


@recognises(
    Kind.SWAPPED_COLUMNS, "Gold's entry written first in every row of a round", rule="T2", precedence=15, plant=_swap_columns, starts=ANYWHERE,
    why="a row swapped, made in every row: next after one row's, before any reading that adds or removes entries",
)  # fmt: skip
def swapped_columns(stop: Stop) -> Hypothesis | None:
    """Every row from the stop's to the round's last written Gold's entry first (two
    rows at least that read otherwise so: one is :func:`.rows.swapped_row`). A round Gold starts is written with
    ``...`` in Black's column: its rows are not tried."""
    i, entries = stop.index, stop.entries
    if i % 2 or stop.gold_first or stop.pending is not None:
        return None
    swapped = _whole_rows(entries, i)
    changed = [k for k in swapped if entries[k].text != entries[k + 1].text]  # (two same entries read alike both ways)
    if len(changed) < 2 or swapped[-1] + 2 < len(entries) - 1:  # (a last entry alone on its row may follow)
        return None
    tail = _each_row_swapped(entries, i, swapped)
    why = f"Gold's entry is written first in every row of round {stop.round}"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return tuple(
            SwapEntries(entries[k].line, entries[k].column, entries[k].text, entries[k + 1].column, entries[k + 1].text, why)
            for k in changed
        )

    return Hypothesis(Kind.SWAPPED_COLUMNS, why, tail, edits, changed[-1] + 1 - i, shows=2, first=changed[0] - i)


def _each_row_swapped(entries: Sequence[Entry], i: int, rows: list[int]) -> list[Entry]:
    """``entries`` from ``i`` on with each of ``rows`` (by its first entry) written the
    other way round."""
    tail = list(entries[i:])
    for k in rows:
        tail[k - i], tail[k + 1 - i] = entries[k + 1], entries[k]
    return tail


def _whole_rows(entries: Sequence[Entry], i: int) -> list[int]:
    """The rows from entry ``i`` on, each by its first entry, up to the first that is
    not two moves written on one line."""
    rows: list[int] = []
    for k in range(i, len(entries) - 1, 2):
        first, second = entries[k], entries[k + 1]
        if first.placeholder or second.placeholder or first.line != second.line:
            break
        rows.append(k)
    return rows


#: How many rows apart two exchanged entries may be (the search tries each: the cost at a
#: stop is bounded, whatever the round's length).
ROWS_APART = 8


def _exchange_entries(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """One player's entries of two rows of ``rnd`` (at most :data:`ROWS_APART` rows
    apart) each written in the other's row."""
    es = rnd.entries
    side = rng.choice((0, 1))
    mine = [k for k in range(side, len(es), 2) if not es[k].placeholder]
    pairs = [(a, b) for a in mine for b in mine if a < b <= a + 2 * ROWS_APART and es[a].text != es[b].text]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    return Planted(rewrite(text, [(es[a], es[b].text), (es[b], es[a].text)]), rnd.number, {es[a].line, es[b].line})


@recognises(
    Kind.EXCHANGED_ENTRIES, "one player's entries of two rows exchanged", rule="T2", precedence=35, plant=_exchange_entries, starts=ANYWHERE | {Place.BEFORE},
    why="two entries rows apart: a rarer slip than any of one row, so the readings of a row come first",
)  # fmt: skip
def exchanged_entries(stop: Stop) -> list[Hypothesis]:
    """The stop's entry and one of the same player's in a later row (at most
    :data:`ROWS_APART` rows on) each written in the other's row. Tried from the round's
    start too: there the first player's free choice of tower takes most entries as
    legal, so the slip shows only at the second entry; and from the entry before a stop
    or a doubt, legal as written, whose colour the next entry then broke."""
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
