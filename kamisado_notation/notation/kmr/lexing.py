"""Tokenising one line of notation, and :class:`FastLexer`, which feeds the tokens to lark.

One compiled regular expression splits a line into tokens (all in C) and the tables of
:mod:`~kamisado_notation.notation.vocabulary` name each word's terminal. A word that means two
things (``R`` Red or Right, ``left`` a direction or a fill) becomes the terminal the
parser expects at that point. Faster than lark's own lexer, and the one place that
decides what a token is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NoReturn

from lark import Token
from lark.common import LexerConf
from lark.lexer import Lexer, LexerState
from lark.parsers.lalr_parser_state import ParserState

from ...errors import NotationError
from ..record import Comment
from ..vocabulary import word_kinds
from .syntax_errors import quote
from .tokens import ARROWS, CACHED_CHARS, KINDS_LIMIT, STRING

# ------------------------------------------------------------------------------ lexer

# One token a match, whitespace between (findall, all in C): coordinates, then a bad
# coordinate (so that 'd8-d9' is one token), numbers (a turn number 'N.', PGN's 'N...'
# or 'N…', which is 'N. ...', or a plain number), words (letters, with combining
# accents), '...', a header's '[' with its name (a name may hold digits and '-'), quoted
# strings, comments, and any other single character ('…' too, read as '...').
#
# Linear in the line's length: an unclosed '"' or '{' is one token to the end of the
# line (it is the line's error, and no later '"' or '{' on it could close either), so
# the string and comment patterns never rescan the rest of the line from every later
# '"' or '{'. Every other pattern reads a bounded stretch or consumes what it reads.
_TOKEN_RE = re.compile(
    r"""[a-hA-H][1-8]-[a-hA-H][1-8]\*?(?![\w-])
    | [^\W\d_]\d+-\w*\*?
    | \d+(?:\.\.\.|\.?…|\.(?!\.))?
    | [^\W\d_]+(?:[\u0300-\u036f]+[^\W\d_]*)*
    | \.\.\.
    | \[[ \t]*[^\W\d][\w-]*
    | """
    + STRING
    + r"""
    | ".*
    | \#.*
    | \{[^}\n]*\}
    | \{.*
    | \S""",
    re.VERBOSE,
)
_STRING_RE = re.compile(STRING)
_whole = re.Match.group  # a match's whole text
LONG_LINE = 4096  # characters
_COORD_RE = re.compile(r"[a-hA-H][1-8]-[a-hA-H][1-8]\*?\Z")
_PUNCT = {"[": "LSQB", "]": "RSQB", ":": "COLON", "+": "RING", "...": "PLACEHOLDER", "…": "PLACEHOLDER"}
#: what a token can be: a terminal name, or a word's tuple of them
Kinds = str | tuple[str, ...]
_kinds_cache: dict[str, Kinds | None] = {}
#: a token: its kinds, text, start, end
Token4 = tuple[Kinds, str, int, int]


def _kinds(tok: str) -> Kinds | None:
    """What a token (not a comment) can be (:func:`_kinds_read`), cached by its text."""
    kinds = _kinds_read(tok)
    # a cached BADCOORD would pass as a token; a long token is garbage or a one-off value
    if len(_kinds_cache) < KINDS_LIMIT and kinds != "BADCOORD" and len(tok) <= CACHED_CHARS:
        _kinds_cache[tok] = kinds
    return kinds


def _kinds_read(tok: str) -> Kinds | None:
    """What a token (not a comment) can be: a terminal name, a tuple of them for a word
    (:func:`word_kinds`), or ``None`` for a character no token starts with (and an
    unclosed string)."""
    c = tok[0]
    if c.isdecimal():  # what \d matches (not "²", which isdigit() but is read as a word)
        return _number_kind(tok)
    if tok in _PUNCT:
        return _PUNCT[tok]
    if tok in ARROWS:
        return "DIRECTION"
    if c == '"':  # a closed string, or the rest of the line after an unclosed '"'
        return "STRING" if _STRING_RE.fullmatch(tok) else None
    if "-" in tok:
        return "COORD" if _COORD_RE.match(tok) else "BADCOORD"
    if c.isalpha():
        return word_kinds(tok)
    return None  # ('_' and any other character no token starts with)


def _number_kind(tok: str) -> str:
    """A number token's terminal: ``N``, or ``N.``, or PGN's ``N...`` / ``N…`` (the
    lexer takes no other)."""
    last = tok[-1]
    if last.isdecimal():
        return "INT"
    return "TURN_DOTS" if last == "…" or tok[-2] == "." else "TURN"


def clear_cache() -> None:
    """Forget the token kinds seen so far (they are cached by spelling): for tests that the
    reading of a line does not depend on what was read before."""
    _kinds_cache.clear()


def lex_line(text: str, number: int, comments: list[Comment]) -> Iterator[Token4]:
    """The tokens of one line, as they are read, as ``(kinds, value, start, end)``:
    ``kinds`` a terminal name, or for a word the tuple of terminals it can be
    (:func:`word_kinds`). Comments go to ``comments``. The first character no token starts
    with (an unclosed ``"`` or ``{`` too) raises :class:`NotationError`. One pass of one
    regex: time linear in the line's length."""
    find = text.find
    cached = _kinds_cache.get
    pos = 0
    # findall is fastest, but holds every token of the line at once: a long line's are read one by one
    toks = _TOKEN_RE.findall(text) if len(text) <= LONG_LINE else map(_whole, _TOKEN_RE.finditer(text))
    for tok in toks:
        start = find(tok, pos)  # (only blanks lie between pos and the token)
        pos = start + len(tok)
        kinds = cached(tok)
        if kinds is None:
            c = tok[0]
            if c == "#" or c == "{":
                comments.append(_comment(tok, number, start))
                continue
            if c == "[" and len(tok) > 1:  # '[' and a header name (which may hold digits and '-')
                name = tok[1:].lstrip(" \t")
                yield ("LSQB", "[", start, start + 1)
                yield (word_kinds(name), name, pos - len(name), pos)
                continue
            kinds = _kinds(tok)
            if kinds is None or kinds == "BADCOORD":
                _bad(tok, number, start + 1)
        yield (kinds, tok, start, pos)


def _comment(tok: str, number: int, start: int) -> Comment:
    """The comment of a ``#`` or ``{`` token at index ``start``; an unclosed ``{`` (the
    token then runs to the end of the line) raises :class:`NotationError`."""
    if tok[0] == "#":
        return Comment(tok[1:], number, start + 1, False)
    if len(tok) > 1 and tok[-1] == "}":
        return Comment(tok[1:-1], number, start + 1, True)
    raise NotationError("unclosed comment: '{' without '}' on its line", line=number, column=start + 1)


def _bad(tok: str, number: int, column: int) -> NoReturn:
    if tok[0] == '"':
        raise NotationError("unclosed quotes: '\"' without its closing '\"'", line=number, column=column)
    if "-" in tok:
        raise NotationError(
            f"not a move in coordinates: {quote(tok)} (from-to, squares a1 to h8, as in d8-d4)",
            line=number, column=column,
        )
    raise NotationError(f"unexpected character {quote(tok)}", line=number, column=column)


class Line:
    """What lark reads for one line: its tokens (:func:`lex_line`, read as lark asks for
    them) and number; and what the lexer leaves beside the parse: the last two tokens
    lark took (for messages)."""

    __slots__ = ("last", "number", "prev", "tokens")

    def __init__(self, tokens: Iterable[Token4], number: int) -> None:
        self.tokens = tokens
        self.number = number
        self.last: Token | None = None
        self.prev: Token | None = None


def _token(kind: str, value: str, start: int, end: int, line: int) -> Token:
    return Token(kind, value, start, line, start + 1, line, end + 1, end)


class FastLexer(Lexer):
    """Feeds lark the tokens :func:`lex_line` found (one compiled regex a line, words
    through the vocabulary tables). A word that can be several terminals becomes the
    first of them the parser accepts in its current state."""

    __future_interface__ = 2

    def __init__(self, lexer_conf: LexerConf) -> None:
        pass

    def lex(self, lexer_state: LexerState, parser_state: ParserState[int]) -> Iterator[Token]:
        # lark types the text as a TextSlice; a custom input (a Line) reaches the lexer as is
        line: Line = lexer_state.text  # type: ignore[assignment]
        states = parser_state.parse_conf.parse_table.states
        for kinds, value, start, end in line.tokens:
            if isinstance(kinds, tuple):
                kind = kinds[0]
                if len(kinds) > 1:
                    accepts = states[parser_state.position]
                    for k in kinds:
                        if k in accepts:
                            kind = k
                            break
            else:
                kind = kinds
            tok = _token(kind, value, start, end, line.number)
            line.prev, line.last = line.last, tok
            yield tok
