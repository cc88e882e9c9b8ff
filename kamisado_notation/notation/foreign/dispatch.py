"""Other programs' records (``docs/formats.md``): telling which format a file is in, and
the one place that hands a file in such a format to its reader.

A file is known by its content: a JSON array of games with ``player-1`` and
``inputs``/``outputs`` is a HackerRank game log (:mod:`.hackerrank`); an SGF collection,
``(;`` first, is read as BoardSpace's SGF (:mod:`.boardspace`, which refuses another
game than ``GM[Kamisado]``); a list of hamisado's upper-case moves (``E8-E3``) is a
hamisado move list (:mod:`.hamisado`). Anything else is a ``.kmr``, or the JSON form of
a record. :func:`reading_as` (the command line's ``--from NAME``) insists on a format,
so that a file that is not what it is said to be gets its reader's diagnostic instead of
being read as something else.

Each reader turns the file into the record model (:mod:`.record`) as a ``.kmr`` reader
would, so every command that reads records reads these too: the moves are entries in
the coordinate form (``h8-h7``; a blocked tower ``h8-h8``) at the line and column where
the file has them, the players and the format's own facts headers (the pieces the
readers share are in :mod:`.foreign_match`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ...engine.position import Position
from ...errors import ArgumentError
from ..formats import FORMATS, sniffed
from ..record import MatchRecord, RecordFile

__all__ = [
    "parse_position",
    "read_foreign",
    "reading_as",
    "sniff",
]

#: The format the files read now must be in (``None``: found by content).
_SOURCE: ContextVar[str | None] = ContextVar("kamisado_source", default=None)



@contextmanager
def reading_as(name: str | None) -> Iterator[None]:
    """Read every record file opened within as format ``name`` (one of :data:`~.formats.FORMATS`;
    ``None``: by content). :class:`~kamisado_notation.errors.ArgumentError` for an unknown name.

    >>> from kamisado_notation.notation import read_record
    >>> with reading_as("hackerrank"):
    ...     read_record("samples/single-round.kmr").errors[0].message
    'not a HackerRank game log: expected a JSON array of games'
    """
    if name is not None and name not in FORMATS:
        raise ArgumentError(f"unknown record format {name!r}: expected one of {', '.join(FORMATS)}")
    token = _SOURCE.set(name)
    try:
        yield
    finally:
        _SOURCE.reset(token)


def sniff(path: str, head: bytes) -> str:
    """The format of a file whose name is ``path`` and whose first block is ``head``
    (one of :data:`~.formats.FORMATS`): the one :func:`reading_as` insists on, else the content's
    (a JSON array: a HackerRank log, the only format that is one; ``(;``: an SGF; an
    upper-case move ``A1-A2`` first: a hamisado move list; a JSON object: the JSON form
    of a record), else ``.json`` in the name for the JSON form, else a ``.kmr``."""
    forced = _SOURCE.get()
    if forced is not None:
        return forced
    if b"\0" in head:
        return "kmr"  # (binary data: the text reader says where)
    found = sniffed(head)
    if found is not None:
        return found
    return "json" if path.lower().endswith(".json") else "kmr"


def read_foreign(name: str, text: str, record: RecordFile) -> Iterator[MatchRecord]:
    """The matches of ``text``, a whole file in format ``name`` (an other program's, :data:`~.formats.FORMATS`);
    what belongs to no match (a game with no moves) goes to ``record.errors`` as a
    warning. The first fault that stops the reading raises :class:`NotationError` at its
    line and column (the matches before it have been yielded)."""
    reader = FORMATS[name].reader
    assert reader is not None  # (one of the other programs' formats)
    return reader()(text, record)


def parse_position(text: str) -> Position:
    """A position from our position string (``docs/notation.md``) or from a diagram in
    hamisado's squares (``BRa1 … / ORa8 … / Black``, :mod:`.hamisado`), told apart by
    the first word. Raises :class:`~kamisado_notation.errors.PositionError`.

    >>> initial = "BRa1 GRb1 REc1 YEd1 PIe1 PUf1 BLg1 ORh1 / ORa8 BLb8 PUc8 PId8 YEe8 REf8 GRg8 BRh8 / Black"
    >>> parse_position(initial) == Position.initial()
    True
    """
    from .hamisado import is_hamisado_position, parse_hamisado_position

    if is_hamisado_position(text):
        return parse_hamisado_position(text)
    return Position.from_string(text)
