"""The one registry of record formats: each format a record file is read or written in,
with its name (``--from NAME``, ``--to NAME``), the ending of its files, how a file in it
is known by its first bytes, its reader and writer, and what it can hold.

Ours are the ``.kmr`` text (written in four forms: symbols, text, short, coordinates) and
its JSON form; the others are other programs' (``docs/formats.md``): HackerRank's game
logs (read only), BoardSpace's SGF and hamisado's move lists. Every command's choices,
the files a folder is read for, how a file's format is told (:func:`sniff`) and which
module reads or writes it come from :data:`FORMATS`. A new format is one entry here and
the module that reads (and writes) it.

A reader or writer is loaded on first use (a command that reads ``.kmr`` files never
loads the SGF reader). A format's patterns are disjoint (a JSON object, a JSON array of
games, an SGF collection, a hamisado move), so the order they are tried in does not
matter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..engine.board import Side
from ..engine.position import Move
from .record import MatchRecord, RecordFile
from .vocabulary import LANGUAGES
from .writer import Form

__all__ = [
    "FORMATS",
    "LANGUAGES",
    "WRITTEN_FORMS",
    "ForeignReader",
    "ForeignWriter",
    "RecordFormat",
    "folder_suffixes",
    "output_suffix",
    "sniffed",
]

#: An other program's reader: the matches of a whole file's ``text``; what belongs to no
#: match goes to ``record.errors``; the first fault that stops it raises
#: :class:`~kamisado_notation.errors.NotationError`.
ForeignReader = Callable[[str, RecordFile], Iterator[MatchRecord]]


@dataclass(frozen=True, slots=True)
class ForeignWriter:
    """An other program's writer: why a match (of ``rounds`` rounds, to ``target``
    points) cannot be written in the format (``refusal``: ``None`` when it can), and the
    text of a match the replay found to be ``moves``, won by ``winner`` (``write``)."""

    refusal: Callable[[MatchRecord, int, int], str | None]
    write: Callable[[MatchRecord, Sequence[Move], Side | None], str]


@dataclass(frozen=True, slots=True)
class RecordFormat:
    """One record format (module docstring)."""

    name: str
    #: what it is, for a person
    title: str
    #: the ending of the files it is written in (an output in a folder gets it)
    suffix: str
    #: what a record in it can hold
    holds: str
    #: whether a folder is read for files of its ending (a ``.txt`` may be anything)
    in_folders: bool = True
    #: how a file in it starts (``None``: known by its name or as the default)
    pattern: re.Pattern[bytes] | None = None
    #: the reader of an other program's format, loaded on first use (``None``: ours)
    reader: Callable[[], ForeignReader] | None = None
    #: the writer of an other program's format, loaded on first use (``None``: ours, or
    #: not written)
    writer: Callable[[], ForeignWriter] | None = None

    @property
    def foreign(self) -> bool:
        """Whether it is another program's format."""
        return self.reader is not None


def _hackerrank() -> ForeignReader:
    from .foreign.hackerrank import read_hackerrank

    return read_hackerrank


def _boardspace() -> ForeignReader:
    from .foreign.boardspace import read_boardspace

    return read_boardspace


def _boardspace_writer() -> ForeignWriter:
    from .foreign.boardspace import boardspace_refusal, write_boardspace_match

    return ForeignWriter(boardspace_refusal, write_boardspace_match)


def _hamisado() -> ForeignReader:
    from .foreign.hamisado import read_hamisado

    return read_hamisado


def _hamisado_writer() -> ForeignWriter:
    from .foreign.hamisado import hamisado_refusal, write_hamisado_match

    return ForeignWriter(hamisado_refusal, write_hamisado_match)


_SPACE = rb"(?:\xef\xbb\xbf)?[ \t\r\n]*"

#: Every format, by name (the first two are ours).
FORMATS: dict[str, RecordFormat] = {
    f.name: f
    for f in (
        RecordFormat("kmr", "a .kmr match record", ".kmr", "everything: matches, headers, comments, lineups"),
        RecordFormat(
            "json", "the JSON form of a match record", ".json", "everything a .kmr holds, and each move's squares",
            pattern=re.compile(_SPACE + rb'\{[ \t\r\n]*"(?:[^"\\\n]|\\.)*"[ \t\r\n]*:'),
        ),
        RecordFormat(
            "hackerrank", "a HackerRank game log", ".json", "games of one round, the players' names (read only)",
            pattern=re.compile(_SPACE + rb"\[" + rb"[ \t\r\n]*\{"), reader=_hackerrank,
        ),
        RecordFormat(
            "boardspace", "BoardSpace's SGF", ".sgf", "games of one round from the initial position, players, date, clocks",
            pattern=re.compile(_SPACE + rb"\([ \t\r\n]*;"), reader=_boardspace, writer=_boardspace_writer,
        ),
        RecordFormat(
            "hamisado", "a hamisado move list", ".txt", "the moves of one round from the initial position, nothing else",
            in_folders=False, pattern=re.compile(_SPACE + rb"\[?[ \t\r\n]*[A-H][1-8]-[A-H][1-8][ \t\r\n,\]]"),
            reader=_hamisado, writer=_hamisado_writer,
        ),
    )
}  # fmt: skip

#: What ``--to`` takes: our forms (:class:`~.writer.Form`), then the other programs'
#: formats that are written.
WRITTEN_FORMS: tuple[str, ...] = (*(f.value for f in Form), *(f.name for f in FORMATS.values() if f.writer is not None))


def folder_suffixes() -> tuple[str, ...]:
    """The endings of the record files a folder is read for (any case)."""
    return tuple(dict.fromkeys(f.suffix for f in FORMATS.values() if f.in_folders))


def output_suffix(form: str) -> str:
    """The ending of an output written in ``form`` (one of :data:`WRITTEN_FORMS`)."""
    if form in FORMATS:
        return FORMATS[form].suffix
    return FORMATS["json" if form == Form.JSON.value else "kmr"].suffix


def sniffed(head: bytes) -> str | None:
    """The format whose files start as ``head`` does, if any."""
    return next((f.name for f in FORMATS.values() if f.pattern is not None and f.pattern.match(head)), None)
