"""Slips of a whole round, from its start or from the stop: a ``...`` where Black starts
(he is the Challenger), one side's Left and Right mirrored (written from the other
player's side), every distance one too many (the start square counted)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from ...diagnostics import DeleteEntry, Edit, Kind, ReplaceEntry
from ...engine.board import MIRRORED, Direction, Side
from ...engine.position import Move
from ...notation.kmr.style import write_like
from ...notation.record import Entry, RoundRecord
from ...notation.writer import format_entry
from .hypotheses import ANYWHERE, EditsOf, Hypothesis, Stop, recognises
from .planting import Planted, Style, rewrite

__all__ = ["distance_plus_one", "extra_placeholder", "mirrored_arrows"]

def _add_placeholder(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """A ``...`` written before the first entry of ``rnd``, a round Black starts."""
    first = rnd.entries[0] if rnd.entries else None
    if first is None or first.placeholder:
        return None
    return Planted(rewrite(text, [(first, "...   " + first.text)]), rnd.number, {first.line})


@recognises(
    Kind.EXTRA_PLACEHOLDER, "a `...` where Black, the Challenger, starts", rule="T1", precedence=40, plant=_add_placeholder,
    why="one '...' removed, nothing lost; tried only at a round's first entry, where no row slip before it applies",
)  # fmt: skip
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




def _mirror_side(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """One player's Left and Right mirrored in every entry of ``rnd`` (two at least)."""
    side = rng.choice((0, 1))
    mirrored = [replace(e, direction=MIRRORED[e.direction]) for k, e in enumerate(rnd.entries) if k % 2 == side and e.direction in MIRRORED]
    return _written_so(text, rnd, style, mirrored)


@recognises(
    Kind.MIRRORED_ARROWS, "one player's Left and Right mirrored (written from the other's side)", rule="M1", precedence=60, plant=_mirror_side, starts=ANYWHERE,
    why="a habit over a whole round: it rewrites many entries, so it comes after every slip of a row",
)  # fmt: skip
def mirrored_arrows(stop: Stop) -> list[Hypothesis | None]:
    """Black's, then Gold's Left and Right mirrored (:func:`_mirrored`)."""
    return [_mirrored(stop, side) for side in (Side.BLACK, Side.GOLD)]


def _mirrored(stop: Stop, side: Side) -> Hypothesis | None:
    """``side``'s Left and Right mirrored from the stop to the round's end (written from
    the other player's side)."""
    i, entries = stop.index, stop.entries
    parity = 0 if side is Side.BLACK else 1  # (with '...', index 0 is Black's too)
    changed = [
        k for k in range(i, len(entries)) if k % 2 == parity and entries[k].direction in MIRRORED and not entries[k].is_coords
    ]
    why = f"{side.title}'s arrows in round {stop.round} read as seen from {side.other.title}'s side"
    return _round_wide(stop, Kind.MIRRORED_ARROWS, changed, _mirror, why)


def _mirror(e: Entry) -> Entry:
    """``e`` with its Left and Right swapped."""
    assert e.direction is not None
    return replace(e, direction=MIRRORED[e.direction])


def _round_wide(stop: Stop, kind: Kind, changed: list[int], read_as: Callable[[Entry], Entry], why: str) -> Hypothesis | None:
    """A habit over the rest of a round: the entries ``changed`` (two at least, the
    first the stop's unless the stop is the round's start), each read as ``read_as``
    gives it."""
    i, entries = stop.index, stop.entries
    if len(changed) < 2 or (changed[0] != i and not stop.start):
        return None
    tail = list(entries[i:])
    for k in changed:
        tail[k - i] = read_as(entries[k])
    return Hypothesis(kind, why, tail, _rewritten(stop, changed, why), changed[-1] - i, shows=1, first=changed[0] - i)


def _distance_plus_one(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """Every distance of ``rnd`` (two at least) written one too many."""
    longer = [replace(e, distance=e.distance + 1) for e in rnd.entries if e.distance and e.direction is not Direction.BACK]
    return _written_so(text, rnd, style, longer)


def _written_so(text: str, rnd: RoundRecord, style: Style, slipped: list[Entry]) -> Planted | None:
    """``rnd`` with its entries written as ``slipped`` (each in its place, in ``style``),
    when they are two at least."""
    if len(slipped) < 2:
        return None
    form, lang = style
    changes = [(e, format_entry(e, form=form, lang=lang)) for e in slipped]
    return Planted(rewrite(text, changes), rnd.number, {e.line for e in slipped})


@recognises(
    Kind.DISTANCE_PLUS_ONE, "every distance of a round one too many (the start square counted)", rule="M2", precedence=70, plant=_distance_plus_one, starts=ANYWHERE,
    why="a habit over a whole round that rewrites both players' entries: the most any reading changes",
)  # fmt: skip
def distance_plus_one(stop: Stop) -> Hypothesis | None:
    """Every distance from the stop to the round's end one too many (the start square
    counted)."""
    i, entries = stop.index, stop.entries
    changed = [k for k in range(i, len(entries)) if (entries[k].distance or 0) > 1 and entries[k].direction is not Direction.BACK]
    why = f"every distance in round {stop.round} is one too many (the start square counted)"
    return _round_wide(stop, Kind.DISTANCE_PLUS_ONE, changed, _one_shorter, why)


def _one_shorter(e: Entry) -> Entry:
    """``e`` with its distance one less."""
    return replace(e, distance=(e.distance or 0) - 1)


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
