"""Entries written in another style, as the replay settles them (read
leniently, reported precisely, docs/record-decisions.md; the reader's :mod:`~..notation.kmr.evidence` reads them).

An entry with a slot left out (the square colour, the distance) or written as a word
(``pass``, ``Yellow blocked``, ``pushed``, ``Purple Sumo push``) is read with those slots
not read; the replay takes it for the one legal move the slots written name (a forced
entry's move is the only one there is). :func:`settled` turns the reader's diagnostic
into a warning naming the style and the move, with the edit ``fix`` makes (the move
written in the record's own form and language), or, when the slots fit several moves or
none, an error listing them. :func:`ring_marks` checks the Sumo rings marked on entries'
towers (``Purple+``) against the rings the replay knows, as a lineup's are.
:func:`swapped_colours` reads an entry whose tower and square colours are written the
other way round as the move they name (a warning; ``fix`` writes them in order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..diagnostics import ERROR, WARNING, Diagnostic, Edit, Kind, ReplaceEntry, RewriteMark, compose
from ..engine.board import Colour, Side
from ..engine.position import RING_NAMES, Move, Position
from ..notation.kmr.style_names import SAID
from ..notation.record import Entry, MatchRecord
from .correct import exact_move
from .replayed import RoundReplay

__all__ = ["MAY_STAND", "SETTLED", "ring_marks", "settled", "swapped_colours"]

#: What the message of an entry that fits several moves says before them (a warning where
#: the round's replay settled which: a guess the reading against the moves may overrule).
MAY_STAND = "it may stand for"
#: The styles of an entry whose move the replay settles (the others the reader reads whole).
SETTLED = frozenset({Kind.FORCED_WORD, Kind.EVIDENCE})


def settled(
    error: Diagnostic, suggestions: tuple[str, ...], certain: Edit | None, tie: str | None = None
) -> tuple[Diagnostic, Edit | None]:
    """The reader's ``error`` of an entry in a style of :data:`SETTLED`, completed by the
    replay: a warning that it is read as the one legal move its slots name
    (``suggestions[0]``; ``certain``: its edit, which comes back saying why), or an
    error naming the moves that fit (``suggestions``) or that none does. ``tie``: what
    replaying the round under each of the moves found (it settles the move, or says
    whether the round is judged)."""
    if certain is not None:
        why = SAID[error.kind]
        edit = certain._replace(why=why) if isinstance(certain, ReplaceEntry) else certain
        if tie is not None:
            message = compose(f"{error.message}: {MAY_STAND} {' or '.join(suggestions)}", tie, f"read as {suggestions[0]}", "fix writes it so")
        else:
            message = f"{error.message}: read as {suggestions[0]}, the one legal move it names; fix writes it so"
        return replace(error, message=message, severity=WARNING, suggestions=suggestions[:1], edits=(edit,)), edit
    if suggestions:
        message = compose(f"{error.message}: {MAY_STAND} {' or '.join(suggestions)}", "which one was played the record does not tell", tie)
    else:
        message = f"{error.message}: no legal move fits what is written"
    return replace(error, message=message, severity=ERROR, suggestions=suggestions, edits=()), None


def ring_marks(match: MatchRecord, rounds: Sequence[RoundReplay]) -> list[Diagnostic]:
    """The ring marks written on entries' towers (the ``ring-mark`` warning's edits)
    that the replay contradicts: a warning each, naming the tower's real rings. A round
    never changes a tower's rings, so the round's start tells them."""
    marks = [e for d in match.errors if d.kind is Kind.RING_MARK for e in d.edits if isinstance(e, RewriteMark)]
    return [d for mark in marks if (d := _contradicted(mark, rounds, match.index)) is not None]


def _contradicted(mark: RewriteMark, rounds: Sequence[RoundReplay], match_index: int) -> Diagnostic | None:
    """The warning for ``mark`` when the tower's real rings (its round's start) are
    others; ``None`` when they agree or the mark is on no ply the replay made."""
    for rr in rounds:
        marked = _marked_tower(rr, mark)
        if marked is None:
            continue
        side, tower = marked
        rings = rr.start.rings(side, tower)
        if rings == len(mark.old):
            return None
        message = _rings_said(mark, side, tower, rings)
        return Diagnostic("syntax", message, mark.line, mark.column, WARNING, round=rr.record.number, match=match_index, kind=Kind.RING_MARK)
    return None


def _marked_tower(rr: RoundReplay, mark: RewriteMark) -> tuple[Side, Colour] | None:
    """The side and colour of the tower moved by the ply of round ``rr`` whose entry
    ``mark`` stands on; ``None`` where it stands on none the replay made."""
    ply = next((p for p in rr.plies if p.entry.covers(mark.line, mark.column - 1) and p.move is not None), None)
    move = ply.move if ply is not None else None
    return (move.side, move.tower) if move is not None and move.tower is not None else None


def _rings_said(mark: RewriteMark, side: Side, colour: Colour, rings: int) -> str:
    """What a ring ``mark`` says of ``side``'s ``colour`` tower, and the ``rings`` it has."""
    tower = f"{side.title}'s {colour.name.lower()} tower"
    real = f"a {RING_NAMES[rings]} ({rings} ring{'s' * (rings > 1)})" if rings else "a plain tower, with no ring"
    return f"{tower} is marked {mark.old!r} ({len(mark.old)} Sumo ring{'s' * (len(mark.old) > 1)}), but it is {real}"


def swapped_colours(position: Position, entry: Entry) -> Move | None:
    """The legal move ``entry`` names with its tower and square colours swapped (``Red
    Forward 4 Blue`` for ``Blue Forward 4 Red``: the colours written in the other
    order), where the tower is the one that must move and the entry names it as the
    square; else ``None``. (Where the tower is free, a round's first move, the swap
    would read too many a wrong entry as another move.)"""
    tower, square = entry.tower, entry.square_colour
    if entry.is_coords or tower is None or square is None or entry.distance is None or position.tower is not square or tower is square:
        return None
    return exact_move(position, Entry(entry.line, entry.column, entry.text, square, entry.direction, entry.distance, tower))
