"""An entry that is no move where it stands, and without which the entries after it
replay: a separator or list marker read as a forfeit (``- `` before an entry), a word
that names no move read as weak evidence (a score, a heading's word). A fully written
entry is never set aside: where it is no move it is an error with its corrections. The legal moves decide: the entry is
set aside only where the round replays on without it, as far as any slip must."""

from __future__ import annotations

from collections.abc import Sequence

from ...diagnostics import WARNING, DeleteEntry, Edit, Kind
from ...engine.position import Move
from ...notation.record import Entry
from .hypotheses import Hypothesis, Stop, recognises

__all__ = ["struck_entry"]


def _strikable(entry: Entry) -> bool:
    """Whether ``entry`` may be text that is no move: read with slots left unread (weak
    evidence) or a forfeit written as a sign. A fully written entry is never set aside:
    where it is no move, it is an error with its corrections."""
    if entry.placeholder:
        return False
    return entry.unread is not None or (entry.distance == 0 and entry.tower is None)


@recognises(Kind.STRUCK_ENTRY, precedence=80)
def struck_entry(stop: Stop) -> Hypothesis | None:
    """The stop's entry set aside: the round goes on with the entry after it."""
    i, entries = stop.index, stop.entries
    if i + 1 >= len(entries) or not _strikable(entries[i]):
        return None
    entry = entries[i]
    why = f"{entry.text!r} is no move here, and the entries after it replay without it: set aside"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (DeleteEntry(entry.line, entry.column, entry.text, "no move here: taken back, or not a move"),)

    return Hypothesis(Kind.STRUCK_ENTRY, why, list(entries[i + 1 :]), edits, -1, removed=(entry,), rule="syntax", severity=WARNING)
