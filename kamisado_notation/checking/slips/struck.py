"""An entry that is no move where it stands, and without which the entries after it
replay: a separator or list marker read as a forfeit (``- `` before an entry), a word
that names no move read as weak evidence (a score, a heading's word). A fully written
entry is never set aside: where it is no move it is an error with its corrections. The
legal moves decide: the entry is set aside only where the round replays on without it, as
far as any slip must. (The replay sets aside such an entry where it meets it too, when its
slots fit no move or several: :meth:`~..entry_slips.EntrySlips.aside`.)"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...diagnostics import WARNING, DeleteEntry, Edit, Kind
from ...engine.position import Move
from ...notation.record import Entry, RoundRecord
from .hypotheses import Hypothesis, Stop, recognises
from .planting import Planted, Style, own_rows

__all__ = ["struck_entry"]


def _strikable(entry: Entry) -> bool:
    """Whether ``entry`` may be text that is no move: read with slots left unread (weak
    evidence) or a forfeit written as a sign. A fully written entry is never set aside:
    where it is no move, it is an error with its corrections."""
    if entry.placeholder:
        return False
    return entry.unread is not None or (entry.distance == 0 and entry.tower is None)


def _forfeit_sign(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """A dash written alone on a line of its own between two rows of ``rnd`` (a
    forfeit's sign where nobody is blocked: a separator a person drew)."""
    rows = [k for k in own_rows(rnd) if k >= 2]
    if not rows:
        return None
    entry = rnd.entries[rng.choice(rows)]
    lines = text.split("\n")
    lines.insert(entry.line - 1, "-")
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

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (DeleteEntry(entry.line, entry.column, entry.text, "no move here: taken back, or not a move"),)

    return Hypothesis(Kind.STRUCK_ENTRY, why, list(entries[i + 1 :]), edits, -1, removed=(entry,))
