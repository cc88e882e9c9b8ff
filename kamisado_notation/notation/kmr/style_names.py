"""What each entry style is called in a warning (the reader's :mod:`.evidence` and the
replay's :mod:`~kamisado_notation.checking.styled_entries` say it alike). Apart from the
reader so that the replay, which a record in our style runs, does not load the grammar."""

from __future__ import annotations

from ...diagnostics import Kind

__all__ = ["SAID"]

#: What each style is read as (the warning's words, before the replay's).
SAID = {
    Kind.FORCED_WORD: "a forced entry written as a word",
    Kind.RING_MARK: "ring marks on the tower",
    Kind.EVIDENCE: "read by its evidence",
}
