"""Writing what :func:`~.archive.select` found: the matches in one stream, in any form
(ours through the record writer, another program's through its writer from the
replay), or one file a match or a round in a folder, named from the headers and never
over a file that is there.

A round written alone is a single-round match starting from the round's own start: the
match's headers but its ``Match``, ``Target``, ``Result`` and ``Position``, then
``[Match "Single"]``, ``[Round "N"]`` (its number in the match) and, for a round that
does not start from the initial position, ``[Position "…"]`` (its lineup, the Sumos'
rings, who moves), so that the file replays as the round did. It has no ``Result``:
a set start's rings count as points scored before it, so the match's score is not the
round's.
"""

from __future__ import annotations

import io
import os
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TextIO

from ..diagnostics import Diagnostic, Severity
from ..engine.board import Side
from ..engine.position import Position
from ..errors import FormatError
from ..notation.formats import FORMATS, is_foreign
from ..notation.record import Header, Headers, MatchRecord, RecordFile
from ..notation.writer import Form, RecordWriter
from .archive import Selected
from .conversion import foreign_text, resolve_moves
from .replayed import MatchReplay

__all__ = ["SPLITS", "SelectionWriter", "Unwritable", "match_text", "round_matches", "split_name"]

#: What ``--split`` takes: a file a match, or a file a round.
SPLITS: tuple[str, ...] = ("match", "round")

_DROPPED = frozenset({"match", "target", "result", "position", "round"})
_INITIAL = Position.initial()


@dataclass(frozen=True, slots=True)
class Unwritable:
    """Why a match found cannot be written in the form asked: its place and the reason."""

    path: str
    line: int
    why: str

    def line_text(self) -> str:
        return f"{self.path}:{self.line}: not written: {self.why}"


def match_text(found: Selected, form: str, *, lang: str = "en") -> str:
    """The match as a record of its own in ``form`` (ours: ``symbols``, ``text``,
    ``short``, ``coords``, ``json``; or a format another program reads that is written:
    ``boardspace``, ``hamisado``). Raises :class:`FormatError` saying why when it cannot
    be (an entry the form needs the board for where the replay found an error; a format
    that cannot hold the match)."""
    return _text(found.record, form, lang, found.replay)


def _text(record: MatchRecord, form: str, lang: str, replay: MatchReplay | None) -> str:
    if is_foreign(form):
        return _foreign(record, form, replay)
    out = io.StringIO()
    writer = RecordWriter(out, form=Form(form), lang=lang, path="<selected>")
    moves, unresolved = resolve_moves(record, Form(form))
    if unresolved is not None:
        raise FormatError(_unresolved_why(unresolved.errors, form))
    writer.match(record, moves)
    writer.close(RecordFile("<selected>"))
    return out.getvalue()


def _unresolved_why(errors: tuple[Diagnostic, ...], form: str) -> str:
    first = errors[0] if errors else None
    said = "" if first is None else f": line {first.line}: {first.message}" if first.line else f": {first.message}"
    return f"the {form} form needs the board, and the replay stops{said}"


def _foreign(record: MatchRecord, form: str, replay: MatchReplay | None) -> str:
    from .replay import replay_match

    r = replay if replay is not None else replay_match(record)
    errors = [d for d in r.diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise FormatError(f"it has errors (line {errors[0].line}: {errors[0].message}): kamisado fix it first")
    maker = FORMATS[form].writer
    if maker is None:
        raise FormatError(f"{form} is read, not written")
    writer = maker()
    refusal = writer.refusal(record, len(record.rounds), r.target, False)
    if refusal is not None:
        raise FormatError(refusal)
    return foreign_text(writer, record, r.rounds)


def round_matches(found: Selected) -> Iterator[tuple[int, MatchRecord]]:
    """Each round the replay played, as a single-round match of its own (the module
    docstring), with its number in the match."""
    r = found.replay
    record = found.record
    kept = [h for h in record.headers if h.name.lower() not in _DROPPED]
    for rr in r.rounds:
        written = r.record.rounds[rr.index]
        headers = Headers([*kept, _header("Match", "Single"), _header("Round", str(rr.number))])
        if rr.start != _INITIAL:
            headers.append(_header("Position", rr.start.to_string()))
        alone = type(written)(1, None, written.line, written.column, [], written.entries, written.comments)
        yield rr.number, MatchRecord(record.index, record.line, headers, [alone])


def _header(name: str, value: str) -> Header:
    return Header(name, value, 0, 1)


_UNSAFE = re.compile(r"[^\w.,()+@ -]+")


def split_name(record: MatchRecord, *, fallback: str, round_number: int | None = None) -> str:
    """A file name (without its ending) for the match ``record`` from its headers: its
    date, event, and players (``2026.03.14 Club night Ann v Bob``), ``round N`` after it
    for a round; ``fallback`` when the headers say none of these. Only letters, digits
    and ``.,()+@ -`` are kept (no path separator, no leading dot), at most 120
    characters."""
    stem = _named_by_headers(record) or fallback
    if round_number is not None:
        stem += f" round {round_number}"
    safe = _UNSAFE.sub("_", unicodedata.normalize("NFC", stem)).strip(" .")
    return safe[:120].rstrip(" .") or "match"


def _named_by_headers(record: MatchRecord) -> str:
    """The match ``record``'s date, event and players (``2026.03.14 Club night Ann v
    Bob``), those its headers say."""
    parts = [record.header("Date") or "", record.header("Event") or "", _players_named(record)]
    return " ".join(p.strip() for p in parts if p.strip())


def _players_named(record: MatchRecord) -> str:
    """``Ann v Bob``: the players of ``record`` as its headers name them, Black first
    (``""`` where they name neither)."""
    black, gold = (record.player(side) or "" for side in Side)
    return f"{black} v {gold}" if black or gold else ""


class SelectionWriter:
    """The matches found written in ``form``: to one stream (:meth:`to_stream`, the
    matches one after another as one record), or into ``folder``, one new file each
    (:meth:`into_folder`; ``split``: a file a ``match`` or a ``round``). What cannot be
    written in the form is listed in :attr:`unwritable`; :attr:`written` lists the files
    made."""

    def __init__(self, form: str, *, lang: str = "en") -> None:
        self.form, self.lang = form, lang
        self.unwritable: list[Unwritable] = []
        self.written: list[str] = []
        self.count = 0
        self._taken: set[str] = set()
        self._json = form == Form.JSON.value
        self._out: TextIO | None = None
        self._writer: RecordWriter | None = None

    @property
    def suffix(self) -> str:
        return FORMATS[self.form].suffix if self.form in FORMATS else FORMATS["json" if self._json else "kmr"].suffix

    def add(self, out: TextIO, found: Selected) -> None:
        """Write ``found`` to the stream ``out`` (after those before it)."""
        if is_foreign(self.form):
            self._safely(found, lambda: out.write(_foreign(found.record, self.form, found.replay)))
            return
        if self._writer is None:
            self._writer = RecordWriter(out, form=Form(self.form), lang=self.lang, path="<selected>")
        writer = self._writer

        def write() -> None:
            moves, unresolved = resolve_moves(found.record, Form(self.form))
            if unresolved is not None:
                raise FormatError(_unresolved_why(unresolved.errors, self.form))
            writer.match(found.record, moves)

        self._safely(found, write)

    def close(self) -> None:
        """End the stream (a JSON record's closing brackets, a text's last line)."""
        if self._writer is not None:
            self._writer.close(RecordFile("<selected>"))

    def into_folder(self, folder: str, found: Selected, *, split: str, inputs: list[str]) -> None:
        """Write ``found`` into ``folder``: one new file, or one a round."""
        fallback = f"{os.path.splitext(os.path.basename(found.path))[0] or 'match'}-{found.record.line}"
        if split == "match":
            name = split_name(found.record, fallback=fallback)
            self._safely(found, lambda: self.new_file(folder, name, match_text(found, self.form, lang=self.lang), inputs))
            return
        for number, alone in round_matches(found):
            self._safely(found, _round_file(self, folder, split_name(found.record, fallback=fallback, round_number=number), alone, inputs))

    def new_file(self, folder: str, stem: str, text: str, inputs: list[str]) -> None:
        from ..io.output import open_output

        n = 1
        path = os.path.join(folder, stem + self.suffix)
        while os.path.lexists(path) or os.path.normcase(path).casefold() in self._taken:
            n += 1
            path = os.path.join(folder, f"{stem}-{n}{self.suffix}")
        self._taken.add(os.path.normcase(path).casefold())
        with open_output(path, inputs=inputs, exclusive=True) as out:
            out.write(text)
        self.written.append(path)

    def _safely(self, found: Selected, write: Callable[[], object]) -> None:
        try:
            write()
        except FormatError as e:
            self.unwritable.append(Unwritable(found.path, found.record.line, str(e)))
            return
        self.count += 1


def _round_file(writer: SelectionWriter, folder: str, name: str, alone: MatchRecord, inputs: list[str]) -> Callable[[], None]:
    """The writing of one round's file (a closure over this round's values)."""
    return lambda: writer.new_file(folder, name, _text(alone, writer.form, writer.lang, None), inputs)
