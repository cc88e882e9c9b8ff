"""Writing moves and records in every form and language of docs/notation.md §5 — the inverse of
:mod:`kamisado_notation.notation`.

Forms are data: a colour form writes four slots (tower, direction, distance, square) with
the words of :mod:`kamisado_notation.notation.vocabulary`; the coordinate form writes ``from-to``;
the JSON form writes the lossless document described in ``docs/json-record.md``.
Converting between a colour form and coordinates needs the board, so the caller passes
the resolved :class:`~kamisado_notation.engine.position.Move` of each entry, by its place in
the match (:class:`ResolvedMoves`, which the replay makes).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from json.encoder import encode_basestring
from typing import TextIO

from rich.cells import cell_len  # display width: a Chinese glyph is two columns

from ..display import json_safe, json_text
from ..engine.board import SQUARE_COLOURS, Colour, Direction, Side, Square, square_name
from ..engine.match import Fill
from ..engine.position import Move
from ..errors import ArgumentError, FormatError
from .json_text import dumps_indented
from .record import HEADER_NAME, Comment, Entry, Header, Lineup, MatchRecord, RecordFile, RoundRecord
from .text import unkept
from .vocabulary import LANGUAGES, write_colour, write_direction

__all__ = [
    "HEADER_NAME_PATTERN",
    "LANGUAGES",
    "Form",
    "RecordWriter",
    "ResolvedMoves",
    "check_comment",
    "check_header",
    "format_entry",
    "format_move",
    "format_record",
    "record_json",
]


class Form(Enum):
    SYMBOLS = "symbols"
    TEXT = "text"
    SHORT = "short"
    COORDS = "coords"
    JSON = "json"


@dataclass(frozen=True, slots=True)
class ResolvedMoves:
    """The moves of a match's written entries, each by its place: ``(round index, entry
    index)``, the entry ``match.rounds[round_index].entries[entry_index]``. What the
    writer needs where an entry does not hold what the form writes (coordinates for a
    colour entry and back; the JSON form gives both): the replay resolves the entries on
    the board, :meth:`MatchReplay.resolved_moves
    <kamisado_notation.checking.replay.MatchReplay.resolved_moves>`. An entry without a
    move is written from its own slots.

    >>> from kamisado_notation import read_record, replay_match
    >>> match = read_record("samples/standard-match.kmr").matches[0]
    >>> moves = replay_match(match).resolved_moves()
    >>> match.rounds[0].entries[0].text, moves.move_of(0, 0)
    ('Red Forward 5 Orange', <Move Black Red f8-f3 Forward 5>)
    >>> format_record(RecordFile("", matches=[match]), form=Form.COORDS, moves=[moves]).splitlines()[10]
    '1. f8-f3   h1-h5'
    """

    by_place: Mapping[tuple[int, int], Move] = field(default_factory=dict)

    def move_of(self, round_index: int, entry_index: int) -> Move | None:
        """The move of entry ``entry_index`` of round ``round_index`` (both from 0), if known."""
        return self.by_place.get((round_index, entry_index))


#: No move known: every entry written from its own slots.
_NO_MOVES = ResolvedMoves()


def _check(form: Form, lang: str) -> None:
    if lang not in LANGUAGES:
        raise FormatError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    if not isinstance(form, Form):
        raise FormatError(f"unknown form {form!r}")


def _slots(tower: Colour, direction: Direction | None, distance: int, square: Colour, form: Form, lang: str) -> str:
    f = form.value
    t, s = write_colour(tower, f, lang), write_colour(square, f, lang)
    if distance == 0:
        return f"{t}0{s}" if form is Form.SYMBOLS else f"{t} 0 {s}"
    if direction is None:
        raise FormatError(f"a move of distance {distance} needs a direction (only a blocked tower has none)")
    d = write_direction(direction, f, lang)
    if form is Form.SYMBOLS:
        return f"{t}{d}{distance}{s}"
    if form is Form.SHORT:
        return f"{t} {d}{distance} {s}"
    return f"{t} {d} {distance} {s}"


def _entry_json(entry: Entry, side: Side | None, move: Move | None) -> dict[str, object]:
    d: dict[str, object] = {"side": side.name.lower() if side is not None else None}
    if entry.unread is not None:
        move = None  # an unknown word: the entry's own slots and text, not what the replay took it for
    if entry.placeholder:
        d["placeholder"] = True
    else:
        d.update(_slots_json(entry, move))
    if entry.number is not None:
        d["number"] = entry.number
    d["text"] = entry.text
    d["line"] = entry.line
    d["column"] = entry.column
    d["comments"] = [_comment_json(c) for c in entry.comments]
    return d


_Slots = tuple[Colour | None, Direction | None, int | None, Colour | None]


def _slots_json(entry: Entry, move: Move | None) -> dict[str, object]:
    """The slots of an entry (not a placeholder) in JSON: those it wrote where it wrote
    colours (or a word not read), else its move's; its squares as written in
    coordinates, else its move's."""
    tower, direction, distance, square = _colour_slots(entry, move)
    origin, target = _squares(entry, move)
    d: dict[str, object] = {
        "tower": _lower_name(tower),
        "direction": _lower_name(direction),
        "distance": distance,
        "square": _lower_name(square),
        "from": _square_name(origin),
        "to": _square_name(target),
    }
    if entry.push_mark or (move is not None and move.push):
        d["push"] = True
    return d


def _colour_slots(entry: Entry, move: Move | None) -> _Slots:
    """The colour slots JSON gives an entry: its own where it wrote colours (or a word
    not read), else its move's (none without one)."""
    if entry.tower is not None or entry.unread is not None:
        return entry.tower, entry.direction, entry.distance, entry.square_colour
    if move is not None:
        return move.tower, move.direction, move.distance, move.square_colour
    return None, None, None, None


def _squares(entry: Entry, move: Move | None) -> tuple[Square | None, Square | None]:
    """The squares JSON gives an entry: as written in coordinates, else its move's."""
    if entry.is_coords:
        return entry.origin, entry.target
    if move is not None:
        return move.origin, move.target
    return None, None


def _lower_name(value: Colour | Direction | None) -> str | None:
    return value.name.lower() if value is not None else None


def _square_name(sq: Square | None) -> str | None:
    return square_name(sq) if sq is not None else None


def _comment_json(c: Comment) -> dict[str, object]:
    return {"text": c.text, "braced": c.braced, "line": c.line, "column": c.column}


def format_move(move: Move, *, form: Form = Form.TEXT, lang: str = "en") -> str:
    """An engine move in ``form``: ``紫↖5黃``, ``Purple Left 5 Yellow``, ``Pu L5 Ye``,
    ``lila balra 5 sárga``, ``d8-d4`` (a push ``d4-d5*``). A forfeit (distance 0) writes
    the blocked tower and its square (``Green 0 Yellow``); a back-entry (``Direction.BACK``)
    the pushed tower (``Red Back 1 Yellow``).

    >>> from kamisado_notation import Position, parse_square
    >>> move = Position.initial().resolve_coords(parse_square("d8"), parse_square("d4"))
    >>> format_move(move, form=Form.SYMBOLS), format_move(move, form=Form.SHORT), format_move(move, form=Form.COORDS)
    ('粉↑4棕', 'Pi F4 Br', 'd8-d4')
    >>> format_move(move, lang="hu")
    'rózsaszín előre 4 barna'
    """
    _check(form, lang)
    if form is Form.COORDS:
        return _coords(move.origin, move.target, bool(move.push))
    if form is Form.JSON:
        from .export import move_json

        d = move_json(move)
        d["side"] = move.side.name.lower()
        return json_text(d)
    if move.tower is None:
        raise FormatError("a move without a tower colour cannot be written in a colour form")
    return _slots(move.tower, move.direction, move.distance, SQUARE_COLOURS[move.target], form, lang)


def format_entry(entry: Entry, *, form: Form, lang: str = "en", move: Move | None = None) -> str:
    """One entry of a record in ``form``. A colour entry writes in any colour form by
    itself; coordinates to a colour form (and back) need ``move``, the entry resolved
    on the board. The ``...`` placeholder stays ``...``; an entry with an unknown word
    (:attr:`Entry.unread`) stays as written, and has no coordinates.

    >>> from kamisado_notation.notation import parse_entry
    >>> format_entry(parse_entry("紫↖5黃"), form=Form.TEXT, lang="de")
    'lila links 5 gelb'
    """
    _check(form, lang)
    if entry.placeholder:
        return "..."
    if form is Form.JSON:
        return json_text(_entry_json(entry, None, move))
    if form is Form.COORDS:
        return _coords_of(entry, move)
    return _colours_of(entry, move, form, lang)


def _colours_of(entry: Entry, move: Move | None, form: Form, lang: str) -> str:
    """``entry`` in the colour ``form``: its own slots, or those of ``move`` for an entry
    in coordinates; an entry with an unknown word as written (it reads back alike)."""
    if entry.unread is not None:
        return entry.text
    if entry.is_coords or entry.tower is None:
        return _colours_of_move(entry, move, form, lang)
    if entry.square_colour is None:
        raise FormatError(f"{entry.text or 'this entry'}: a colour entry needs the colour of the square it ends on")
    return _slots(entry.tower, entry.direction, entry.distance or 0, entry.square_colour, form, lang)


def _colours_of_move(entry: Entry, move: Move | None, form: Form, lang: str) -> str:
    """An entry in coordinates written in the colour ``form`` from its ``move`` (the
    board's: an entry's squares do not say the colours)."""
    if move is None:
        raise FormatError(f"{entry.text or 'this entry'}: writing colours for coordinates needs the board (the resolved move)")
    return format_move(move, form=form, lang=lang)


def _coords_of(entry: Entry, move: Move | None) -> str:
    """``entry`` in coordinates: its own, or those of ``move`` for a colour entry."""
    if entry.is_coords:
        return _coords_entry(entry)
    if entry.unread is not None:
        raise FormatError(f"{entry.text}: the {entry.unread} is an unknown word: no move to write in coordinates")
    if move is None:
        raise FormatError(f"{entry.text or 'this entry'}: writing coordinates needs the board (the resolved move)")
    return format_move(move, form=Form.COORDS)


def _coords_entry(entry: Entry) -> str:
    if entry.origin is None or entry.target is None:
        raise FormatError(f"{entry.text or 'this entry'}: a coordinate entry needs both squares")
    return _coords(entry.origin, entry.target, entry.push_mark)


def _coords(origin: Square, target: Square, push: bool) -> str:
    """A move in coordinates: ``d8-d4``, a push ``d4-d5*``."""
    return f"{square_name(origin)}-{square_name(target)}" + ("*" if push else "")


# ------------------------------------------------------------------------ records


#: A header's name, as the grammar has it: a letter, then letters, digits, ``_`` or ``-``.
HEADER_NAME_PATTERN = re.compile(HEADER_NAME)


def check_header(name: object, value: object) -> None:
    r"""Raise unless ``[name "value"]`` is a line that reads back as this header:
    :class:`TypeError` for a name or value that is no ``str``, :class:`ValueError` for a
    name that is not a header name (:data:`HEADER_NAME_PATTERN`: ``"Bad name]"`` would
    be dropped on reading) or a value holding a line break (which would end the line and
    start another: a forged header) or a character a line reads otherwise (a zero-width
    or no-break space, :func:`~.text.unkept`).

    >>> check_header("Black", "Ann\n[Gold \"Mallory\"]")
    Traceback (most recent call last):
    ...
    ValueError: the value of the header Black cannot hold '\n': a .kmr line cannot keep it
    """
    for what, text in (("name", name), ("value", value)):
        if not isinstance(text, str):
            raise TypeError(f"a header's {what} is a str, not {type(text).__name__}: {text!r}")
    assert isinstance(name, str) and isinstance(value, str)
    if not HEADER_NAME_PATTERN.fullmatch(name):
        raise ValueError(f"{name!r} is not a header name (a letter, then letters, digits, '_' or '-')")
    odd = unkept(value)
    if odd is not None:
        raise ValueError(f"the value of the header {name} cannot hold {odd!r}: a .kmr line cannot keep it")


def check_comment(text: object, *, braced: bool = False) -> None:
    """Raise unless ``text`` written as a comment (``{text}`` when ``braced``, else
    ``#text``) reads back as this comment: :class:`TypeError` for no ``str``,
    :class:`ValueError` for a line break or a character a line reads otherwise, or a
    ``}`` in a braced comment (it would end the comment there)."""
    if not isinstance(text, str):
        raise TypeError(f"a comment is a str, not {type(text).__name__}: {text!r}")
    odd = unkept(text) or ("}" if braced and "}" in text else None)
    if odd is not None:
        raise ValueError(f"a {'braced ' if braced else ''}comment cannot hold {odd!r}: a .kmr line cannot keep it ({text[:40]!r})")


def quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _header_line(h: Header) -> str:
    check_header(h.name, h.value)
    return f"[{h.name} {quote(h.value)}]"


def _braced(comments: list[Comment]) -> str:
    return "".join(f" {{{_checked(c)}}}" for c in comments if c.braced)


def _line_comments(comments: list[Comment]) -> list[str]:
    return [_checked(c) for c in comments if not c.braced]


def _comment_line(c: Comment) -> str:
    """A comment on a line of its own."""
    return f"{{{_checked(c)}}}" if c.braced else f"#{_checked(c)}"


def _checked(c: Comment) -> str:
    check_comment(c.text, braced=c.braced)
    return c.text


def _with_comments(text: str, comments: list[Comment]) -> list[str]:
    """``text`` with its braced comments, then its line comments: the first at the end
    of the line, any more on lines of their own (a ``#`` comment runs to the line's end)."""
    line = text + _braced(comments)
    hashes = _line_comments(comments)
    if not hashes:
        return [line]
    out = [f"{line}  #{hashes[0]}" if line else f"#{hashes[0]}"]
    out.extend(f"#{h}" for h in hashes[1:])
    return out


def _round_lines(r: RoundRecord, j: int, form: Form, lang: str, moves: ResolvedMoves) -> list[str]:
    head = f"Round {r.number}" + (f" fill {r.fill.name.lower()}" if r.fill is not None else "")
    out = _with_comments(head, r.comments)
    for lineup in r.lineups:
        out.extend(_with_comments(_lineup_line(lineup), lineup.comments))
    cells = [
        format_entry(e, form=form, lang=lang, move=moves.move_of(j, k)) + _braced(e.comments) for k, e in enumerate(r.entries)
    ]
    width = max((cell_len(cells[i]) for i in range(0, len(cells), 2)), default=0)
    for i in range(0, len(cells), 2):
        out.extend(_row_lines(r.entries, cells, i, width))
    return out


def _lineup_line(lineup: Lineup) -> str:
    """A ``Lineup`` line: the side, then its towers' colours from its left, each with
    its Sumo rings (``Purple++``)."""
    rings = lineup.rings or [0] * len(lineup.colours)
    words = " ".join(c.title + "+" * n for c, n in zip(lineup.colours, rings, strict=False))
    return f"Lineup {lineup.side.title}: {words}"


def _row_lines(entries: list[Entry], cells: list[str], i: int, width: int) -> list[str]:
    """The lines of the row that starts with entry ``i`` (Black's), its cells written in
    ``cells``: one line, Gold's entry in a column ``width`` wide after Black's; Black's
    alone when it ends the round; two lines when Black's line comment ends the row."""
    black, number = entries[i], f"{i // 2 + 1}. "
    black_hashes = [c for c in black.comments if not c.braced]
    if i + 1 >= len(cells):
        return _with_comments(number + cells[i], black_hashes)
    gold_hashes = [c for c in entries[i + 1].comments if not c.braced]
    if black_hashes:  # Black's line comment ends the row; Gold's entry goes below
        return [
            *_with_comments(number + cells[i], black_hashes),
            *_with_comments(" " * len(number) + cells[i + 1], gold_hashes),
        ]
    pad = " " * (width - cell_len(cells[i]))
    return _with_comments(f"{number}{cells[i]}{pad}   {cells[i + 1]}", gold_hashes)


def _match_lines(m: MatchRecord, form: Form, lang: str, moves: ResolvedMoves) -> list[str]:
    out = []
    for c in m.comments:
        out.append(_comment_line(c))
    for h in m.headers:
        out.extend(_with_comments(_header_line(h), h.comments))
    for j, r in enumerate(m.rounds):
        if out:
            out.append("")
        out.extend(_round_lines(r, j, form, lang, moves))
    return out


def format_record(
    record: RecordFile, *, form: Form, lang: str = "en", moves: Sequence[ResolvedMoves | None] | None = None
) -> str:
    r"""The whole record in ``form``, in the canonical layout: per match its comments,
    headers (order kept), a blank line, then per round ``Round N [fill left|right]``, its
    lineups and numbered rows ``1. <Black entry>   <Gold entry>`` (``...`` for an absent
    Black entry). Comments stay at their element. ``moves``: each match's resolved moves
    (:class:`ResolvedMoves`), in the order of ``record.matches``, where the form needs the
    board (coordinates ↔ colours). For a record too large to hold, :class:`RecordWriter`
    writes the same text a match at a time.

    >>> from kamisado_notation.notation import parse_record
    >>> format_record(parse_record("Round 1\n1. Purple Left 1 Purple"), form=Form.SHORT)
    'Round 1\n1. Pu L1 Pu\n'
    """
    out = io.StringIO()
    writer = RecordWriter(out, form=form, lang=lang, path=record.path)
    for k, m in enumerate(record.matches):
        writer.match(m, _of_match(moves, k, len(record.matches)))
    writer.close(record)
    return out.getvalue()


class RecordWriter:
    """:func:`format_record`, a match at a time: :meth:`match` writes each match to
    ``out`` as it comes, :meth:`close` what follows the last (the record's closing
    comments, known once its matches are read). ``path`` is the record's (the JSON form
    names it). The JSON form is indented as ``json.dumps(..., indent=2)`` does, by
    :func:`~.json_text.dumps_indented`, and made safe on a terminal as
    :func:`~kamisado_notation.display.json_text` makes it."""

    def __init__(self, out: TextIO, *, form: Form, lang: str = "en", path: str = "<string>") -> None:
        _check(form, lang)
        self.out, self.form, self.lang, self.path = out, form, lang, path
        self.written = 0  # matches (and closing block) written

    def match(self, m: MatchRecord, moves: ResolvedMoves | None = None) -> None:
        """Write match ``m``, its entries' ``moves`` where the form needs the board; a
        :class:`FormatError` writes nothing of it."""
        moves = moves or _NO_MOVES
        if self.form is Form.JSON:
            text = json_safe(dumps_indented(_match_json(m, moves), 2))
            head = ",\n    " if self.written else f'{self._json_start()}[\n    '
        else:
            text = "\n".join(_match_lines(m, self.form, self.lang, moves))
            head = "\n\n" if self.written else ""
        self.out.write(head + text)
        self.written += 1

    def close(self, record: RecordFile) -> None:
        """Write the end: the record's closing comments (and, in JSON, the brackets)."""
        if self.form is Form.JSON:
            self._close_json(record)
            return
        tail = [_comment_line(c) for c in record.comments]
        if tail:
            self.out.write(("\n\n" if self.written else "") + "\n".join(tail))
            self.written += 1
        if self.written:
            self.out.write("\n")

    def _close_json(self, record: RecordFile) -> None:
        """:meth:`close` in JSON: the matches' array closed (or an empty one), then the
        record's closing comments and the document's brace."""
        comments = json_safe(dumps_indented([_comment_json(c) for c in record.comments], 1))
        start = "\n  ]" if self.written else f"{self._json_start()}[]"
        self.out.write(f'{start},\n  "comments": {comments}\n}}\n')

    def _json_start(self) -> str:
        return '{\n  "path": ' + json_safe(encode_basestring(self.path)) + ',\n  "matches": '


def record_json(record: RecordFile, moves: Sequence[ResolvedMoves | None] | None = None) -> dict[str, object]:
    """The lossless JSON document of a record (``docs/json-record.md``); ``moves`` as for
    :func:`format_record`."""
    return {
        "path": record.path,
        "matches": [_match_json(m, _of_match(moves, k, len(record.matches))) for k, m in enumerate(record.matches)],
        "comments": [_comment_json(c) for c in record.comments],
    }


def _of_match(moves: Sequence[ResolvedMoves | None] | None, k: int, count: int) -> ResolvedMoves:
    """Match ``k``'s moves of a record's ``moves``, one for each of its ``count`` matches
    (none when not given)."""
    if moves is None:
        return _NO_MOVES
    if len(moves) != count:
        raise ArgumentError(f"moves are given for {len(moves)} matches, but the record holds {count}")
    return moves[k] or _NO_MOVES


def _match_json(m: MatchRecord, moves: ResolvedMoves) -> dict[str, object]:
    """One match of :func:`record_json`."""
    return {
        "index": m.index,
        "line": m.line,
        "comments": [_comment_json(c) for c in m.comments],
        "headers": [
            {"name": h.name, "value": h.value, "line": h.line, "column": h.column, "comments": [_comment_json(c) for c in h.comments]}
            for h in m.headers
        ],
        "rounds": [_round_json(r, j, moves) for j, r in enumerate(m.rounds)],
    }


def _lineup_json(lu: Lineup) -> dict[str, object]:
    """A lineup of :func:`record_json`: its side, its colours from its side's left, its
    rings where it writes them, where it stands and its comments."""
    return {
        "side": lu.side.name.lower(),
        "colours": [c.name.lower() for c in lu.colours],
        **({"rings": list(lu.rings)} if lu.rings is not None else {}),
        "line": lu.line,
        "column": lu.column,
        "comments": [_comment_json(c) for c in lu.comments],
    }


def _round_json(r: RoundRecord, j: int, moves: ResolvedMoves) -> dict[str, object]:
    return {
        "number": r.number,
        "fill": r.fill.name.lower() if isinstance(r.fill, Fill) else None,
        "line": r.line,
        "column": r.column,
        "comments": [_comment_json(c) for c in r.comments],
        "lineups": [_lineup_json(lu) for lu in r.lineups],
        "entries": [_entry_json(e, r.side_of(i), moves.move_of(j, i)) for i, e in enumerate(r.entries)],
    }
