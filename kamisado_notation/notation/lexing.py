"""Tokenising one line of notation, and :class:`FastLexer`, which feeds the tokens to lark.

One compiled regular expression splits a line into tokens (all in C) and the tables of
:mod:`~kamisado_notation.vocabulary` name each word's terminal. A word that means two
things (``R`` Red or Right, ``left`` a direction or a fill) becomes the terminal the
parser expects at that point. Faster than lark's own lexer, and the one place that
decides what a token is.
"""

from __future__ import annotations

import re

from lark import Token
from lark.lexer import Lexer

from ..errors import NotationError
from .record import Comment
from .vocabulary import word_kinds

# ------------------------------------------------------------------------------ lexer

# One token a match, whitespace between (findall, all in C): coordinates, then a bad
# coordinate (so that 'd8-d9' is one token), turn numbers, numbers, words (letters, with
# combining accents), '...', quoted strings, comments, and any other single character.
_TOKEN_RE = re.compile(
    r"""[a-hA-H][1-8]-[a-hA-H][1-8]\*?(?![\w-])
    | [^\W\d_]\d+-\w*\*?
    | \d+\.(?!\.)
    | \d+
    | [^\W\d_]+(?:[\u0300-\u036f]+[^\W\d_]*)*
    | \.\.\.
    | "(?:[^"\\\n]|\\.)*"
    | \#.*
    | \{[^}\n]*\}
    | \S""",
    re.VERBOSE,
)
_NAME_RE = re.compile(r"[^\W\d][\w-]*")
_COORD_RE = re.compile(r"[a-hA-H][1-8]-[a-hA-H][1-8]\*?\Z")
_PUNCT = {"[": "LSQB", "]": "RSQB", ":": "COLON", "...": "PLACEHOLDER"}
ARROWS = frozenset("↑↖↗↓^\\/")
_kinds_cache: dict[str, object] = {}
KINDS_LIMIT = 20_000  # garbage must not grow memory without bound


def _kinds(tok: str) -> object:
    """What a token (not a comment) can be: a terminal name, a tuple of them for a word
    (:func:`word_kinds`), or ``None`` for a character no token starts with."""
    c = tok[0]
    if c.isdecimal():  # what \d matches (not "²", which isdigit() but is read as a word)
        kinds: object = "TURN" if tok[-1] == "." else "INT"
    elif tok in _PUNCT:
        kinds = _PUNCT[tok]
    elif tok in ARROWS:
        kinds = "DIRECTION"
    elif c == '"' and len(tok) > 1:
        kinds = "STRING"
    elif "-" in tok:
        kinds = "COORD" if _COORD_RE.match(tok) else "BADCOORD"
    elif c.isalpha() or c == "_":
        kinds = word_kinds(tok) if tok[0] != "_" else None
    else:
        kinds = None
    if len(_kinds_cache) < KINDS_LIMIT and kinds != "BADCOORD":  # a cached BADCOORD would pass as a token
        _kinds_cache[tok] = kinds
    return kinds


def clear_cache() -> None:
    """Forget the token kinds seen so far (they are cached by spelling): for tests that the
    reading of a line does not depend on what was read before."""
    _kinds_cache.clear()


def lex_line(text: str, number: int, comments: list[Comment], pos: int = 0, out: list | None = None) -> list[tuple]:  # type: ignore[type-arg]
    """The tokens of one line as ``(kinds, value, start, end)``: ``kinds`` a terminal
    name, or for a word the tuple of terminals it can be (:func:`word_kinds`). Comments go
    to ``comments``. A character no token starts with raises :class:`NotationError`."""
    if out is None:
        out = []
    append = out.append
    find = text.find
    cached = _kinds_cache.get
    for tok in _TOKEN_RE.findall(text, pos):
        start = find(tok, pos)
        pos = start + len(tok)
        kinds = cached(tok)
        if kinds is None:
            c = tok[0]
            if c == "#" or (c == "{" and len(tok) > 1):
                braced = c == "{"
                comments.append(Comment(tok[1:-1] if braced else tok[1:], number, start + 1, braced))
                continue
            kinds = _kinds(tok)
            if kinds is None or kinds == "BADCOORD":
                _bad(tok, number, start + 1)
        if kinds == "LSQB":  # (not elif: the first '[' read, before it is cached, too)
            # a header name may hold digits and '-': read it by its own pattern
            append((kinds, tok, start, pos))
            m = _NAME_RE.match(text, len(text) - len(text[pos:].lstrip(" \t")))
            if m is None:
                continue
            name = m.group()
            append((word_kinds(name), name, m.start(), m.end()))
            return lex_line(text, number, comments, m.end(), out)
        append((kinds, tok, start, pos))
    return out


def _bad(tok: str, number: int, column: int) -> None:
    if tok == "{":
        raise NotationError("unclosed comment: '{' without '}' on its line", line=number, column=column)
    if tok == '"':
        raise NotationError("unclosed quotes: '\"' without its closing '\"'", line=number, column=column)
    if "-" in tok:
        raise NotationError(
            f"not a move in coordinates: {tok!r} (from-to, squares a1 to h8, as in d8-d4)", line=number, column=column
        )
    raise NotationError(f"unexpected character {tok!r}", line=number, column=column)


class Line:
    """What lark reads for one line: its pre-lexed tokens and number; and what the
    lexer leaves beside the parse: the tokens as resolved, the last two (for messages)."""

    __slots__ = ("last", "number", "prev", "resolved", "tokens")

    def __init__(self, tokens: list[tuple], number: int) -> None:  # type: ignore[type-arg]
        self.tokens = tokens
        self.number = number
        self.resolved: list[Token] = []
        self.last: Token | None = None
        self.prev: Token | None = None


def _token(kind: str, value: str, start: int, end: int, line: int) -> Token:
    return Token(kind, value, start, line, start + 1, line, end + 1, end)


class FastLexer(Lexer):
    """Feeds lark the tokens :func:`lex_line` found (one compiled regex a line, words
    through the vocabulary tables). A word that can be several terminals becomes the
    first of them the parser accepts in its current state."""

    __future_interface__ = 2

    def __init__(self, lexer_conf) -> None:  # type: ignore[no-untyped-def]
        pass

    def lex(self, lexer_state, parser_state):  # type: ignore[no-untyped-def]
        line: Line = lexer_state.text
        states = parser_state.parse_conf.parse_table.states
        for kinds, value, start, end in line.tokens:
            if type(kinds) is tuple:
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
            line.resolved.append(tok)
            line.prev, line.last = line.last, tok
            yield tok
