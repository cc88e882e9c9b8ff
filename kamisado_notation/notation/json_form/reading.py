"""Reading the JSON form of a match record (``docs/json-record.md``) back into the record
model — the inverse of :func:`kamisado_notation.notation.writer.record_json`, so that
``.kmr → json → .kmr`` loses nothing.

Each entry is rebuilt in the form it was written: when the document carries the entry's
``text``, :func:`~kamisado_notation.notation.parse_entry` says which slots were written
(colours or coordinates) and the document's slots must agree with it (an unknown word in
one slot is read past, as the ``.kmr`` reader reads it, and is the same syntax error in
the match's ``errors``, so that a record with one converts and reads back whole); without ``text`` (or
with an empty one) the slots present are used (the colour slots when ``tower`` is given, else ``from`` and
``to``). The board facts the writer adds from the replay are not trusted: the replay
finds them again.

A document is read a match at a time (:func:`read_json_matches`, on
:mod:`.stream`), so a file far larger than memory reads in the memory of one match.

Error policy: :func:`record_from_json` raises :class:`NotationError` (rule ``syntax``)
whose message starts with the JSON path of the bad field
(``matches[0].rounds[1].entries[3].tower: unknown colour 'purpel'``); nothing else
escapes. The readers of files (:mod:`..files`) read a JSON record as they read a ``.kmr``:
an unreadable file raises :class:`RecordIOError`, and the first fault of the document is
one ``Diagnostic(rule="syntax")`` in ``RecordFile.errors`` that ends the reading (the
matches before it are kept). A wrong turn number is a warning in the match's
``errors``, as the text reader reports it.

The document must also be one the text form can hold, so that converting it to ``.kmr``
reads back the same: header names and values, comments and numbers as the ``.kmr``
grammar allows them; every match after the first has a header and every match before
the last a round (in a ``.kmr`` a header after moves is what starts the next match).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from enum import Enum
from typing import Final, Literal, TypedDict, TypeVar, overload

from ...diagnostics import Diagnostic, Kind
from ...engine.board import Colour, Direction, Side, parse_square
from ...engine.match import Fill
from ...errors import NotationError
from ..kmr.assembly import Assembler
from ..kmr.reader import parse_entry
from ..kmr.tokens import MAX_DIGITS
from ..record import Comment, Entry, Header, Lineup, MatchRecord, RecordFile, RoundRecord
from ..writer import HEADER_NAME_PATTERN, Form, format_entry
from .stream import JsonStream, check_text

__all__ = ["decode_utf8", "read_json_matches", "record_from_json"]

_COLOURS = {c.name.lower(): c for c in Colour}
_DIRECTIONS = {d.name.lower(): d for d in Direction}
_SIDES = {s.name.lower(): s for s in Side}
_FILLS = {f.value: f for f in Fill}
_NAME = HEADER_NAME_PATTERN  # the grammar's NAME
_MAX_NUMBER = 10**MAX_DIGITS - 1  # the largest number a .kmr line can hold
_MAX_LINE = 2**63 - 1
_T = TypeVar("_T")


class _Missing(Enum):
    """The type of :data:`_MISSING`: "no default, the field is required"."""

    MISSING = "missing"


_MISSING: Final = _Missing.MISSING

#: The move fields of an entry object, checked (``None`` where null or absent).
_Slots = TypedDict(
    "_Slots",
    {
        "tower": Colour | None,
        "direction": Direction | None,
        "distance": int | None,
        "square": Colour | None,
        "from": int | None,
        "to": int | None,
        "push": bool,
    },
)


class _Bad(Exception):
    """A malformed field: ``where`` is its JSON path."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)


def _kind(value: object) -> str:
    """What a JSON value is, in words, for a message (its type's nearest in :data:`_KINDS`:
    a ``bool`` is no number)."""
    return next((_KINDS[t] for t in type(value).__mro__ if t in _KINDS), type(value).__name__)


#: Each type a JSON value may have, in words.
_KINDS: dict[type, str] = {
    type(None): "null",
    bool: "a boolean",
    int: "a number",
    float: "a number with a fraction or exponent",
    str: "a string",
    list: "an array",
    dict: "an object",
}


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


class _Reader:
    """Field access on one JSON object, with the path for messages."""

    def __init__(self, value: object, where: str) -> None:
        if not isinstance(value, dict):
            raise _Bad(where or "the document", f"expected an object, got {_kind(value)}")
        self.d: dict[object, object] = value
        self.where = where

    def at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def get(self, key: str, default: object = _MISSING) -> object:
        value = self.d.get(key, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                raise _Bad(self.at(key), "missing")
            return default
        return value

    def list(self, key: str, *, required: bool = True) -> list[object]:
        value = self.get(key, _MISSING if required else [])
        if not isinstance(value, list):
            raise _Bad(self.at(key), f"expected an array, got {_kind(value)}")
        return value

    @overload
    def string(self, key: str, *, required: Literal[True] = ...) -> str: ...
    @overload
    def string(self, key: str, *, required: Literal[False]) -> str | None: ...

    def string(self, key: str, *, required: bool = True) -> str | None:
        value = self.get(key, _MISSING if required else None)
        if value is None and not required:
            return None
        if not isinstance(value, str):
            raise _Bad(self.at(key), f"expected a string, got {_kind(value)}")
        return value

    def boolean(self, key: str, *, required: bool = True) -> bool:
        value = self.get(key, _MISSING if required else False)
        if not isinstance(value, bool):
            raise _Bad(self.at(key), f"expected true or false, got {_kind(value)}")
        return value

    @overload
    def integer(self, key: str, *, low: int = ..., high: int = ..., default: None) -> int | None: ...
    @overload
    def integer(self, key: str, *, low: int = ..., high: int = ..., default: int | _Missing = ...) -> int: ...

    def integer(self, key: str, *, low: int = 0, high: int = _MAX_NUMBER, default: int | _Missing | None = _MISSING) -> int | None:
        value = self.get(key, default)
        if value is None and default is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad(self.at(key), f"expected a whole number, got {_kind(value)}")
        if not low <= value <= high:
            raise _Bad(self.at(key), f"{_short(value)} is out of range ({low} to {high})")
        return value

    @overload
    def name(self, key: str, table: Mapping[str, _T], what: str, *, nullable: Literal[False] = ...) -> _T: ...
    @overload
    def name(self, key: str, table: Mapping[str, _T], what: str, *, nullable: Literal[True]) -> _T | None: ...

    def name(self, key: str, table: Mapping[str, _T], what: str, *, nullable: bool = False) -> _T | None:
        value = self.get(key, None if nullable else _MISSING)
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            raise _Bad(self.at(key), f"expected {what} name, got {_kind(value)}")
        if value not in table:
            raise _Bad(self.at(key), f"unknown {what} {_short(value)}: expected one of {', '.join(table)}")
        return table[value]

    def line(self, default: int) -> tuple[int, int]:
        line = self.integer("line", high=_MAX_LINE, default=default)
        column = self.integer("column", high=_MAX_LINE, default=1)
        return line, column


def _one_line(text: str, where: str) -> None:
    if "\n" in text or "\r" in text:
        raise _Bad(where, "a line break cannot be written in a .kmr line")


def _comments(r: _Reader, default_line: int) -> list[Comment]:
    out: list[Comment] = []
    for i, value in enumerate(r.list("comments", required=False)):
        c = _Reader(value, f"{r.at('comments')}[{i}]")
        text = c.string("text")
        braced = c.boolean("braced")
        _one_line(text, c.at("text"))
        if braced and "}" in text:
            raise _Bad(c.at("text"), "a {braced} comment cannot hold '}'")
        line, column = c.line(default_line)
        out.append(Comment(text, line, column, braced))
    return out


def _header(r: _Reader, default_line: int) -> Header:
    name = r.string("name")
    if not _NAME.fullmatch(name):
        raise _Bad(r.at("name"), f"{_short(name)} is not a header name (a letter, then letters, digits, '_' or '-')")
    value = r.string("value")
    _one_line(value, r.at("value"))
    line, column = r.line(default_line)
    return Header(name, value, line, column, _comments(r, line))


def _lineup(r: _Reader, default_line: int) -> Lineup:
    side = r.name("side", _SIDES, "side")
    colours: list[Colour] = []
    values = r.list("colours")
    if len(values) != 8:
        raise _Bad(r.at("colours"), f"expected 8 colours, got {len(values)}")
    for i, value in enumerate(values):
        if not isinstance(value, str) or value not in _COLOURS:
            what = _short(value) if isinstance(value, str) else _kind(value)
            raise _Bad(f"{r.at('colours')}[{i}]", f"unknown colour {what}: expected one of {', '.join(_COLOURS)}")
        colours.append(_COLOURS[value])
    rings = _rings(r)
    line, column = r.line(default_line)
    return Lineup(side, colours, line, column, _comments(r, line), rings=rings)


def _rings(r: _Reader) -> list[int] | None:
    """A lineup's ``rings`` (each tower's Sumo rings, 0 to 3, as ``+`` marks wrote them),
    when it has them."""
    values = r.list("rings", required=False)
    if not values:
        return None
    rings = [v for v in values if type(v) is int and 0 <= v <= 3]
    if len(values) != 8 or len(rings) != 8:
        raise _Bad(r.at("rings"), "expected 8 ring counts, each 0 to 3")
    return rings


def _square(r: _Reader, key: str) -> int | None:
    """The square index of a ``from``/``to`` field (``None`` where null or absent)."""
    value = r.get(key, None)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _Bad(r.at(key), f"expected a square such as 'd8', got {_kind(value)}")
    try:
        return parse_square(value)
    except ValueError:
        raise _Bad(r.at(key), f"not a square: {_short(value)} (expected a1 to h8)") from None


def _slots(r: _Reader) -> _Slots:
    """The move fields present, checked (``None`` where null or absent)."""
    return {
        "tower": r.name("tower", _COLOURS, "colour", nullable=True),
        "direction": r.name("direction", _DIRECTIONS, "direction", nullable=True),
        "distance": r.integer("distance", default=None),
        "square": r.name("square", _COLOURS, "colour", nullable=True),
        "from": _square(r, "from"),
        "to": _square(r, "to"),
        "push": r.boolean("push", required=False),
    }


def _from_text(r: _Reader, text: str, slots: _Slots) -> tuple[Entry, list[NotationError]]:
    """The entry its text says (an unknown word read past, as the ``.kmr`` reader reads
    it, with its error), checked against the slots the document gives."""
    try:
        unknown: list[NotationError] = []
        entry = parse_entry(text, errors=unknown)
    except NotationError as e:
        raise _Bad(r.at("text"), f"{_short(text)} is not one move: {e}") from None
    # the slots written must agree with the text (the others come from the replay)
    written: tuple[tuple[str, object, object], ...]  # (key, the document's slot, the text's)
    if entry.is_coords:
        written = (("from", slots["from"], entry.origin), ("to", slots["to"], entry.target))
    else:
        written = (
            ("tower", slots["tower"], entry.tower),
            ("direction", slots["direction"], entry.direction),
            ("distance", slots["distance"], entry.distance),
            ("square", slots["square"], entry.square_colour),
        )
    for key, given, value in written:
        if key in r.d and given != value:
            raise _Bad(r.at(key), f"{_short(r.d[key])} does not agree with the entry's text {_short(text)}")
    return entry, unknown


def _from_slots(r: _Reader, slots: _Slots) -> Entry:
    if slots["tower"] is not None:
        return _colour_entry(r, slots)
    if slots["from"] is not None or slots["to"] is not None:
        return _coords_entry(r, slots)
    raise _Bad(r.where, "no move: expected 'text', the colour slots (tower, direction, distance, square) or 'from' and 'to'")


def _colour_entry(r: _Reader, slots: _Slots) -> Entry:
    """An entry of the colour slots (its tower given), its text written in the text form."""
    for key in ("distance", "square"):
        if slots[key] is None:
            raise _Bad(r.at(key), "missing (a colour entry has tower, direction, distance and square)")
    if (slots["direction"] is None) != (slots["distance"] == 0):
        raise _Bad(r.at("direction"), "null exactly when the distance is 0 (a blocked tower)")
    entry = Entry(0, 0, tower=slots["tower"], direction=slots["direction"], distance=slots["distance"], square_colour=slots["square"])
    entry.text = format_entry(entry, form=Form.TEXT)
    return entry


def _coords_entry(r: _Reader, slots: _Slots) -> Entry:
    """An entry of the coordinate slots (``from`` or ``to`` given), its text written in coordinates."""
    for end in ("from", "to"):
        if slots[end] is None:
            raise _Bad(r.at(end), "missing (a coordinate entry has from and to)")
    entry = Entry(0, 0, origin=slots["from"], target=slots["to"], push_mark=bool(slots["push"]))
    entry.text = format_entry(entry, form=Form.COORDS)
    return entry


def _entry(r: _Reader, index: int, default_line: int, match: MatchRecord, round_number: int) -> Entry:
    side = r.name("side", _SIDES, "side")
    expected = Side.BLACK if index % 2 == 0 else Side.GOLD
    if side is not expected:
        raise _Bad(r.at("side"), f"entry {index + 1} of a round is {expected.name.lower()}'s, not {side.name.lower()}'s")
    text = r.string("text", required=False)
    if text is not None:
        _one_line(text, r.at("text"))
    unknown: list[NotationError] = []
    if r.boolean("placeholder", required=False):
        entry = _placeholder(r, index)
    else:
        slots = _slots(r)
        if text:
            entry, unknown = _from_text(r, text, slots)
        else:  # ("" says nothing)
            entry = _from_slots(r, slots)
    entry.line, entry.column = r.line(default_line)
    _unknown_words(match, entry, unknown, round_number)
    entry.number = r.integer("number", default=None)
    entry.comments = _comments(r, entry.line)
    return entry


def _unknown_words(match: MatchRecord, entry: Entry, unknown: list[NotationError], round_number: int) -> None:
    """The errors of the words of ``entry``'s text that are ``unknown``, into ``match``'s
    errors: each the error a ``.kmr`` reader gives it, where the entry stands (no turn
    lost)."""
    for e in unknown:
        match.errors.append(
            Diagnostic(
                "syntax", str(e), entry.line, entry.column + e.column - 1, round=round_number, match=match.index, kind=Kind.UNKNOWN_WORD
            )
        )
        match.turnless.add(entry.line)


def _placeholder(r: _Reader, index: int) -> Entry:
    """A ``...`` entry: Black's first of a round, with no move."""
    if index != 0:
        raise _Bad(r.at("placeholder"), "'...' stands only for Black's first entry of a round (when Gold starts)")
    for key in ("tower", "from", "to"):
        if r.get(key, None) is not None:
            raise _Bad(r.at(key), "a '...' placeholder has no move")
    return Entry(0, 0, text="...", placeholder=True)


def _round(r: _Reader, default_line: int, builder: Assembler) -> None:
    number = r.integer("number")
    fill = r.name("fill", _FILLS, "fill", nullable=True)
    line, column = r.line(default_line)
    builder.round_line(RoundRecord(number, fill, line, column, comments=_comments(r, line)))
    for i, value in enumerate(r.list("lineups", required=False)):
        builder.lineup(_lineup(_Reader(value, f"{r.at('lineups')}[{i}]"), line))
    match = builder.match
    assert match is not None  # (begun)
    for i, value in enumerate(r.list("entries")):
        builder.entries([_entry(_Reader(value, f"{r.at('entries')}[{i}]"), i, line, match, number)])


def _match(r: _Reader, index: int, first: bool, last: bool) -> MatchRecord:
    """Match ``index`` of the document, given to the record builder as the ``.kmr``
    reader gives it a match's elements (so that a wrong turn number, say, is the same
    warning)."""
    r.integer("index", low=1, high=_MAX_LINE, default=None)  # the position decides
    line, _column = r.line(1)
    comments = _comments(r, line)
    builder = Assembler("", first_index=index)
    builder.begin_match(line)
    for i, value in enumerate(r.list("headers")):
        builder.header(_header(_Reader(value, f"{r.at('headers')}[{i}]"), line))
    for i, value in enumerate(r.list("rounds")):
        _round(_Reader(value, f"{r.at('rounds')}[{i}]"), line, builder)
    m = builder.end()
    assert m is not None  # (begun)
    m.comments = comments
    _check_bounds(r, m, first, last)
    return m


def _check_bounds(r: _Reader, m: MatchRecord, first: bool, last: bool) -> None:
    """Whether match ``m`` (the ``first`` of its document, or the ``last``) is told apart
    from its neighbours as a ``.kmr`` tells it: a header to start it, after the first; a
    round to end its headers, before the last. :class:`_Bad` where it is not."""
    if not first and not m.headers:
        raise _Bad(r.at("headers"), "a match after the first needs a header (in a .kmr a header line starts the next match)")
    if not last and not m.rounds:
        raise _Bad(r.at("rounds"), "a match before the last needs a round (its headers would run into the next match's)")


def _record(data: object, path: str) -> RecordFile:
    top = _Reader(data, "")
    top.string("path", required=False)  # the source's name; ``path`` names this one
    record = RecordFile(path)
    matches = top.list("matches")
    for i, value in enumerate(matches):
        record.matches.append(_match(_Reader(value, f"matches[{i}]"), i + 1, i == 0, i == len(matches) - 1))
    record.comments = _comments(top, 1)
    return record


#: the top-level members of a record document that are read (any other is ignored)
_TOP_LEVEL = ("path", "matches", "comments")


@contextmanager
def _at(location: tuple[int, int]) -> Iterator[None]:
    """A malformed field met inside: a :class:`NotationError` at ``location`` (the line
    and column of the value that holds it)."""
    try:
        yield
    except _Bad as e:
        raise NotationError(str(e), line=location[0], column=location[1]) from None


def read_json_matches(chunks: Iterable[bytes], record: RecordFile, *, limit: int) -> Iterator[MatchRecord]:
    """The matches of the JSON record document whose bytes are ``chunks``, one at a time
    as the document is read (:class:`~.json_stream.JsonStream`: memory holds one match,
    whatever the document's length; ``limit``, the most characters of one match). The
    document's closing ``comments`` go to ``record`` once the iterator is exhausted.
    Raises :class:`NotationError` at the first fault — not JSON, or a field the record
    model cannot take (its message starts with the field's JSON path; its line and
    column are those of the match, or top-level value, that holds it) — after the
    matches before it were given."""
    doc = JsonStream(chunks, limit=limit)
    if not doc.start("{"):
        with _at(doc.location()):
            _Reader(doc.value(""), "")  # (an array, a string…: the message says so)
    others: dict[str, object] = {}  # the top-level members but the matches
    where: dict[str, tuple[int, int]] = {}  # their locations
    first = True
    while (key := doc.next_key(first)) is not None:
        first = False
        if key in where:
            line, column = where[key]
            raise NotationError(f"the document: the key {key!r} is given twice", line=line, column=column)
        where[key] = doc.location()
        if key == "matches" and doc.start("["):
            others[key] = []  # (given one at a time)
            yield from _matches(doc)
        else:
            value = doc.value(key)
            if key in _TOP_LEVEL:  # (any other is read, and not kept)
                others[key] = value
    doc.end()
    _top_level(others, where, record)


def _top_level(others: dict[str, object], where: dict[str, tuple[int, int]], record: RecordFile) -> None:
    """The document's top-level members but the matches (``others``, at ``where``)
    checked, its closing comments given to ``record``."""
    top = _Reader(others, "")
    for key in _TOP_LEVEL:
        with _at(where.get(key, (1, 1))):
            if key == "path":
                top.string("path", required=False)  # the source's name; ``record.path`` names this one
            elif key == "matches":
                top.list("matches")  # (missing, or not an array)
            else:
                record.comments = _comments(top, 1)


def _matches(doc: JsonStream) -> Iterator[MatchRecord]:
    """The elements of the ``matches`` array (its ``[`` read) as matches."""
    i = 0
    more = doc.next_element(True)
    while more:
        location = doc.location()
        where = f"matches[{i}]"
        value = doc.value(where)
        more = doc.next_element(False)
        with _at(location):
            yield _match(_Reader(value, where), i + 1, i == 0, not more)
        i += 1


def decode_utf8(data: bytes) -> str:
    """``data`` decoded as UTF-8; :class:`NotationError` at the line and column of an
    invalid byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise NotationError(f"not UTF-8: byte 0x{data[e.start]:02x} cannot be decoded", line=line, column=column) from None


def record_from_json(data: object, *, path: str = "<json>") -> RecordFile:
    """The record model of a JSON record document (``docs/json-record.md``): ``data`` is
    the decoded document (a dict) or its JSON text (str or bytes). ``path`` names the
    record (``RecordFile.path``). Raises :class:`NotationError` whose message starts with
    the JSON path of the bad field; never anything else."""
    if isinstance(data, (str, bytes)):
        record = RecordFile(path)
        # (a lone surrogate in a str is kept as bytes no UTF-8 decoder takes: refused)
        text = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
        record.matches.extend(read_json_matches([text], record, limit=len(text) + 1))
        return record
    check_text(data)
    try:
        return _record(data, path)
    except _Bad as e:
        raise NotationError(str(e)) from None
    except RecursionError:  # pragma: no cover - nothing here recurses on input depth
        raise NotationError("too deeply nested") from None
