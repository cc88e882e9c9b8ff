"""The grammar of a line of notation, and the parser built from it.

``grammars/kmr.lark`` with the vocabulary terminals of ``grammars/words.lark`` (generated
from the docs/notation.md §4 tables) is the one definition of the syntax; :class:`_Lines`, a
transformer the parser calls as it reduces, turns each rule into record-model objects
(no tree is built). The parser is built once, on first use, because start-up time is
what a CLI user feels.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from lark import Lark, Token, Transformer, v_args

from ...engine.board import Colour, Direction
from ...errors import NotationError
from ..record import Entry, Header, Item, Lineup, RoundRecord, Spanned
from ..vocabulary import colour_of, direction_of, fill_of, side_of
from .lexing import FastLexer
from .syntax_errors import quote
from .tokens import MAX_DIGITS, SQUARES, unescape

# ---------------------------------------------------------------------------- grammar


def _grammar_file(name: str) -> str:
    try:
        return resources.files("kamisado_notation.grammars").joinpath(name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return (Path(__file__).parents[3] / "grammars" / name).read_text(encoding="utf-8")


def grammar_text() -> str:
    """The whole grammar: ``kmr.lark`` and the vocabulary terminals of ``words.lark``."""
    return _grammar_file("kmr.lark") + "\n" + _grammar_file("words.lark")


# ------------------------------------------------------------------------ transformer

if TYPE_CHECKING:

    class _Token(Token):
        """A token as both lexers the parser is built with make it: its place is set
        (lark types it ``Optional`` for tokens made by hand)."""

        line: int
        column: int
        start_pos: int
        end_pos: int

else:
    _Token = Token


def _turn_number(token: _Token, pending: int | None) -> int:
    """The turn number ``token`` says, where no turn number is ``pending`` (one written
    before it still waits for its entry)."""
    if pending is not None:
        raise NotationError("two turn numbers in a row", line=token.line, column=token.column)
    return _number(token, "turn number")


def _number(tok: Token, what: str) -> int:
    digits = tok.rstrip(".…")  # 'N.', and PGN's 'N...' or 'N…'
    if len(digits) > MAX_DIGITS:
        raise NotationError(
            f"{what} {digits[:12]}… is far too long a number", line=tok.line or 1, column=tok.column or 1
        )
    return int(digits)


_Slot = tuple[_Token, str, Callable[[str], object]]


def _unread_entry(first: _Token, tower: _Slot, direction: _Slot | None, distance: int, square: _Slot) -> Entry:
    """An entry one of whose words is no word of its slot (a word the general path was
    told to read past): that slot ``None`` and named in :attr:`Entry.unread` (two such
    words: both slots, their names a space apart). Three leave too little to go on: the
    first one's error."""
    values: list[object] = []
    unread: list[_Token] = []
    missing: str | None = None
    for slot in (tower, direction, square):
        if slot is None:
            values.append(None)
            continue
        tok, name, read = slot
        try:
            values.append(read(tok))
        except KeyError:
            values.append(None)
            unread.append(tok)
            missing = name if missing is None else f"{missing} {name}"
    if len(unread) > 2:
        raise NotationError(f"unknown words {quote(str(unread[0]))} and {quote(str(unread[1]))} in one entry", line=unread[0].line, column=unread[0].column)
    t, d, s = values
    assert (t is None or isinstance(t, Colour)) and (d is None or isinstance(d, Direction)) and (s is None or isinstance(s, Colour))
    return Entry(first.line, first.column, "", t, d, distance, s, unread=missing)


class _Lines(Transformer[_Token, list[Item]]):
    """Tree to model objects, called by the parser as it reduces (no tree is built).
    Entries come with their span in the line, for their text."""

    def start(self, items: list[Item]) -> list[Item]:
        return items

    def header(self, c: list[_Token]) -> Header:
        return Header(str(c[1]), unescape(c[2][1:-1]), c[0].line, c[0].column)

    @v_args(inline=True)
    def round(self, kw: _Token, number: _Token, _fill: _Token | None, side: _Token | None) -> RoundRecord:
        how = fill_of(side) if side is not None else None
        return RoundRecord(_number(number, "round number"), how, kw.line, kw.column)

    def lineup(self, c: list[_Token]) -> Lineup:
        colours: list[Colour] = []
        rings: list[int] = []
        for t in c[3:]:
            if t.type == "RING":
                rings[-1] += 1
            else:
                colours.append(colour_of(t))
                rings.append(0)
        marked = any(t.type == "RING" for t in c[3:])
        return Lineup(side_of(c[1]), colours, c[0].line, c[0].column, rings=rings if marked else None)

    def moves(self, c: list[Spanned | _Token]) -> list[Spanned]:
        out: list[Spanned] = []
        number: int | None = None
        for x in c:
            if isinstance(x, tuple):
                x[0].number = number
                out.append(x)
                number = None
            elif x.type == "TURN":
                number = _turn_number(x, number)
            else:  # PLACEHOLDER, or TURN_DOTS: PGN's 'N...', the turn number and the placeholder
                if x.type == "TURN_DOTS":
                    number = _turn_number(x, number)
                e = Entry(x.line, x.column, "...", placeholder=True, number=number)
                out.append((e, x.start_pos, x.end_pos))  # its text: as written ('…', '1...')
                number = None
        if number is not None:
            last = c[-1]  # the turn number (an entry would have taken it)
            assert not isinstance(last, tuple)
            raise NotationError("a turn number with no entry after it", line=last.line, column=last.column)
        return out

    def move(self, c: list[_Token]) -> Spanned:
        t, d, n, s = c
        distance = _number(n, "distance")
        if distance == 0:
            raise NotationError(
                "a blocked tower's entry (distance 0) has no direction: write e.g. 'Green 0 Yellow'",
                line=d.line, column=d.column,
            )
        try:
            e = Entry(t.line, t.column, "", colour_of(t), direction_of(d), distance, colour_of(s))
        except KeyError:  # a word read past (parse_line's ``unread``)
            e = _unread_entry(t, (t, "tower", colour_of), (d, "direction", direction_of), distance, (s, "square", colour_of))
        return (e, t.start_pos, s.end_pos)

    def blocked(self, c: list[_Token]) -> Spanned:
        t, n, s = c
        if _number(n, "distance") != 0:
            raise NotationError(
                f"a direction is missing before the distance {n} (only a blocked tower's "
                "entry, distance 0, has none)", line=n.line, column=n.column,
            )
        try:
            e = Entry(t.line, t.column, "", colour_of(t), None, 0, colour_of(s))
        except KeyError:  # a word read past (parse_line's ``unread``)
            e = _unread_entry(t, (t, "tower", colour_of), None, 0, (s, "square", colour_of))
        return (e, t.start_pos, s.end_pos)

    def coords(self, c: list[_Token]) -> Spanned:
        tok = c[0]
        v = tok.lower()
        e = Entry(tok.line, tok.column, "", origin=SQUARES[v[0:2]], target=SQUARES[v[3:5]], push_mark=v.endswith("*"))
        return (e, tok.start_pos, tok.end_pos)


def build_parser(lexer: str = "fast", *, transform: bool = True) -> Lark:
    """A parser of the grammar. ``lexer`` is ``"fast"`` (:class:`FastLexer`, reads a
    :class:`Line`) or one of lark's own (``"contextual"``, ``"basic"``; read a str)."""
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer=FastLexer if lexer == "fast" else lexer,
        transformer=_Lines() if transform else None,
        maybe_placeholders=True,
    )


@cache
def _parser() -> Lark:
    return build_parser()
