"""A match as played (:class:`~.played.Played`) turned into a record, its lines and
columns numbered as the package's record writer lays it out: what the
:class:`~.recorder.Recorder` writes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.board import SQUARE_COLOURS, Direction
from ..engine.position import Move
from ..notation.record import Comment, Entry, Header, Headers, Lineup, MatchRecord, RoundRecord
from .played import PlayedRound

__all__ = ["entry_from_move", "match_record", "placeholder_entry"]

#: The column of Gold's entry in a row as the layout numbers it (the writer aligns it).
_GOLD_COLUMN = 24


def entry_from_move(move: Move, *, line: int = 0, column: int = 0, coords: bool = False, number: int | None = None) -> Entry:
    """The record entry of an engine move: the colour form (tower, direction, distance,
    square), or with ``coords`` the coordinate form (``from-to``, ``*`` on a push)."""
    if coords:
        return Entry(
            line, column, text=move.coords() + ("*" if move.push else ""),
            origin=move.origin, target=move.target, push_mark=bool(move.push), number=number,
        )
    return Entry(
        line, column, text=str(move), tower=move.tower,
        direction=move.direction if move.distance else None,
        distance=move.distance, square_colour=move.square_colour, number=number,
    )


def placeholder_entry(*, line: int = 0, column: int = 0) -> Entry:
    """The ``...`` that stands for Black's slot when Gold moves first."""
    return Entry(line, column, text="...", placeholder=True, number=1)


def match_record(
    headers: Sequence[tuple[str, str]],
    header_comments: Mapping[str, list[str]],
    rounds: Sequence[PlayedRound],
    comments: Sequence[Comment],
    *,
    index: int,
    line: int,
    coords: bool,
) -> MatchRecord:
    """The record of a match with ``headers`` (each with the ``header_comments`` of its
    name), ``rounds`` as played and the match's own ``comments``, numbered from ``line``."""
    at = line - 1  # the last line numbered
    written = []
    for name, value in headers:
        at += 1
        written.append(Header(name, value, at, 1, [Comment(" " + c, at, 1) for c in header_comments.get(name, [])]))
    records = []
    for rnd in rounds:
        at += 2  # a blank line, then the round's
        record = RoundRecord(rnd.number, rnd.fill, at, 1, comments=list(rnd.notes))
        for side, colours in rnd.lineups:
            at += 1
            record.lineups.append(Lineup(side, colours, at, 1))
        at = _entries(record, rnd, at, coords)
        records.append(record)
    return MatchRecord(index=index, line=line, headers=Headers(written), rounds=records, comments=list(comments))


def _entries(record: RoundRecord, rnd: PlayedRound, at: int, coords: bool) -> int:
    """Add the entries of ``rnd`` to ``record``, two a line after the line ``at``; the
    last line numbered."""
    for i, move in enumerate(rnd.moves):
        if i % 2 == 0:
            at += 1
        column = 1 if i % 2 == 0 else _GOLD_COLUMN
        entry = _entry_of(move, at, column, coords)
        if i % 2 == 0:
            entry.number = i // 2 + 1
        entry.comments = [Comment(c.text, at, column, c.braced) for c in rnd.comments.get(i, [])]
        record.entries.append(entry)
    return at


def _entry_of(move: Move | None, line: int, column: int, coords: bool) -> Entry:
    """The entry of ``move`` at ``line`` and ``column`` (``None``: Black's first move
    left out, a ``...``)."""
    if move is None:
        return placeholder_entry(line=line, column=4)
    if move.direction is Direction.BACK:
        return _back_entry_of(move, line, column, coords)
    return entry_from_move(move, line=line, column=column, coords=coords)


def _back_entry_of(move: Move, line: int, column: int, coords: bool) -> Entry:
    """The entry of a back-entry's move (:func:`~kamisado_notation.checking.correct.back_move`)."""
    if coords:
        return Entry(line, column, text=move.coords(), origin=move.origin, target=move.target)
    square = SQUARE_COLOURS[move.target]
    tower = move.tower
    assert tower is not None
    return Entry(line, column, text=f"{tower.title} Back 1 {square.title}", tower=tower, direction=Direction.BACK, distance=1, square_colour=square)
