"""What each entry style is called in a warning (the reader's :mod:`.entry_styles` and the
replay's :mod:`~kamisado_notation.checking.styled_entries` say it alike). Apart from the
reader so that the replay, which a record in our style runs, does not load the grammar."""

from __future__ import annotations

from ...diagnostics import Kind

__all__ = ["SAID"]

#: What each style is read as (the warning's words, before the replay's).
SAID = {
    Kind.FORCED_WORD: "a forced entry written as a word",
    Kind.PUSH_MARK: "a push marked as one",
    Kind.SQUARE_LEFT_OUT: "the square colour left out",
    Kind.DISTANCE_LEFT_OUT: "the distance left out",
    Kind.FORFEIT_DIRECTION: "a forfeit written with a direction",
    Kind.DISTANCE_WORD: "the distance written as a word",
    Kind.SLOT_ORDER: "the slots in another order",
    Kind.RUN_TOGETHER: "two entries run together",
    Kind.RING_MARK: "ring marks on the tower",
    Kind.EVIDENCE: "read by its evidence",
}
