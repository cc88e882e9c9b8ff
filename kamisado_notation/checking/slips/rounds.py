"""Slips of a whole round, from its start or from the stop: a ``...`` where Black starts
(he is the Challenger), one side's Left and Right mirrored (written from the other
player's side), every distance one too many (the start square counted)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...diagnostics import DeleteEntry, Edit, Kind, ReplaceEntry
from ...engine.board import Direction, Side
from ...engine.position import Move
from ...notation.kmr.style import write_like
from .hypotheses import EditsOf, Hypothesis, Stop, recognises

__all__ = ["distance_plus_one", "extra_placeholder", "mirrored_arrows"]

@recognises(Kind.EXTRA_PLACEHOLDER, precedence=40)
def extra_placeholder(stop: Stop) -> Hypothesis | None:
    """A ``...`` at the start of a round Black starts (he is the Challenger)."""
    entries = stop.entries
    if stop.index != 0 or stop.gold_first or not entries or not entries[0].placeholder:
        return None
    dots = entries[0]
    why = "Black is the Challenger and moves first: the '...' should not be there"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (DeleteEntry(dots.line, dots.column, dots.text, "Black moves first: no '...' (T1)"),)

    return Hypothesis(Kind.EXTRA_PLACEHOLDER, why, list(entries[1:]), edits, -1, removed=(dots,))


_MIRROR = {Direction.LEFT: Direction.RIGHT, Direction.RIGHT: Direction.LEFT}


@recognises(Kind.MIRRORED_ARROWS, precedence=60, whole_round=True)
def mirrored_arrows(stop: Stop) -> list[Hypothesis | None]:
    """Black's, then Gold's Left and Right mirrored (:func:`_mirrored`)."""
    return [_mirrored(stop, side) for side in (Side.BLACK, Side.GOLD)]


def _mirrored(stop: Stop, side: Side) -> Hypothesis | None:
    """``side``'s Left and Right mirrored from the stop to the round's end (written from
    the other player's side)."""
    i, entries = stop.index, stop.entries
    parity = 0 if side is Side.BLACK else 1  # (with '...', index 0 is Black's too)
    changed = [
        k for k in range(i, len(entries)) if k % 2 == parity and entries[k].direction in _MIRROR and not entries[k].is_coords
    ]
    if len(changed) < 2 or (changed[0] != i and not stop.start):
        return None
    tail = list(entries[i:])
    for k in changed:
        e = entries[k]
        assert e.direction is not None
        tail[k - i] = replace(e, direction=_MIRROR[e.direction])
    why = f"{side.title}'s arrows in round {stop.round} read as seen from {side.other.title}'s side"
    return Hypothesis(Kind.MIRRORED_ARROWS, why, tail, _rewritten(stop, changed, why), changed[-1] - i, shows=1, first=changed[0] - i)


@recognises(Kind.DISTANCE_PLUS_ONE, precedence=70, whole_round=True)
def distance_plus_one(stop: Stop) -> Hypothesis | None:
    """Every distance from the stop to the round's end one too many (the start square
    counted)."""
    i, entries = stop.index, stop.entries
    changed = [k for k in range(i, len(entries)) if (entries[k].distance or 0) > 1 and entries[k].direction is not Direction.BACK]
    if len(changed) < 2 or (changed[0] != i and not stop.start):
        return None
    tail = list(entries[i:])
    for k in changed:
        e = entries[k]
        tail[k - i] = replace(e, distance=(e.distance or 0) - 1)
    why = f"every distance in round {stop.round} is one too many (the start square counted)"
    return Hypothesis(Kind.DISTANCE_PLUS_ONE, why, tail, _rewritten(stop, changed, why), changed[-1] - i, shows=1, first=changed[0] - i)


def _rewritten(stop: Stop, changed: list[int], why: str) -> EditsOf:
    """The edits of a round-wide slip: each changed entry, as the trial played it (those
    past the trial's first failure are left as written)."""

    def edits(moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        out: list[Edit] = []
        for k in changed:
            at = k - stop.index
            move = moves[at] if at < len(moves) else None
            if move is not None:
                e = stop.entries[k]
                out.append(ReplaceEntry(e.line, e.column, e.text, write_like(e, move, stop.entries), why))
        return tuple(out)

    return edits
