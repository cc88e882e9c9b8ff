"""Reading move notation and ``.kmr`` match records (SPEC §3, §4) into the record model.

One LALR grammar (``grammars/kmr.lark`` with the vocabulary terminals of
``grammars/words.lark``, generated from the SPEC §2 tables) defines the syntax of a line.
One compiled regular expression tokenises a line and the tables of
:mod:`~kamisado_notation.vocabulary` name each word's terminal; :class:`FastLexer` feeds
those tokens to lark. A word that means two things (``R`` Red or Right, ``left`` a
direction or a fill) becomes the terminal the parser expects at that point.

Records are read line by line, so one bad line does not hide the errors of later lines:
each becomes a ``Diagnostic(rule="syntax")`` and the line is left out of the model. An
LALR parse depends only on the terminals, so lark parses each *shape* of line once and
later lines of that shape replay its parse through the same callbacks (see
:func:`_parse_line`; about 3x lark's own lexer and parser). Before that, the lines a
record is mostly made of (a row of one or two entries, a header, a ``Round`` or
``Lineup`` line) are read whole by one compiled regex each and plain dict lookups
(:func:`_fast_match`, :func:`_fast_other`): the same model, 4x faster again; any line
they do not take surely goes to the general path, which gives every error message
(``bench/bench_parse.py``, ``bench/bench_validate.py``). The assembler builds matches
from the lines in order (a header line after moves starts the next match) before any
rules check, so a record full of illegal moves still parses.

Decisions (SPEC §4 leaves them open):

- A comment belongs to the element before it (on its line, or on lines of its own after
  it); comments on lines of their own just before a header that starts a new match
  (after the last blank line) belong to that match (``MatchRecord.comments``), like a
  ``# Game 2`` title.
- Turn numbers are optional and do not change the meaning of a record. A wrong one (not
  the row's number, or before Gold's entry) is reported as a *warning* with rule
  ``syntax``; the record stays valid.
- Moves before any ``Round`` line belong to an implicit round 1 (self-play streams);
  a ``Lineup`` before any ``Round`` line likewise.
- ``{braced}`` comments end on the line they start (like ``#`` comments); an unclosed
  ``{`` is a syntax error at that line, which keeps recovery line-local.
"""

from __future__ import annotations

import gc
import re
import sys
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from .diagnostics import WARNING, Diagnostic
from .errors import KamisadoError
from .record import Comment, Entry, Header, Lineup, MatchRecord, RecordFile, RoundRecord
from .vocabulary import colour_of, direction_of, fill_of, side_of, word_kinds

__all__ = [
    "NotationError",
    "RecordIOError",
    "parse_entry",
    "parse_record",
    "iter_matches",
    "read_record",
    "open_matches",
    "grammar_text",
    "build_parser",
]

#: Longest number accepted as a distance, turn or round number (a 5,000-digit distance is
#: a syntax error, not a hang or an overflow).
MAX_DIGITS = 6


class NotationError(KamisadoError):
    """Text that is not notation. ``line`` and ``column`` are 1-based; ``rule`` is
    ``"syntax"`` (SPEC §6)."""

    rule = "syntax"

    def __init__(self, message: str, *, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class RecordIOError(KamisadoError):
    """A record file that cannot be read (missing, a directory, no permission)."""


# ---------------------------------------------------------------------------- grammar


def _grammar_file(name: str) -> str:
    try:
        return resources.files("kamisado_notation.grammars").joinpath(name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return (Path(__file__).parent.parent / "grammars" / name).read_text(encoding="utf-8")


def grammar_text() -> str:
    """The whole grammar: ``kmr.lark`` and the vocabulary terminals of ``words.lark``."""
    return _grammar_file("kmr.lark") + "\n" + _grammar_file("words.lark")


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
_ARROWS = frozenset("↑↖↗↓^\\/")
_kinds_cache: dict[str, object] = {}
_KINDS_LIMIT = 20_000  # garbage must not grow memory without bound


def _kinds(tok: str) -> object:
    """What a token (not a comment) can be: a terminal name, a tuple of them for a word
    (:func:`word_kinds`), or ``None`` for a character no token starts with."""
    c = tok[0]
    if c.isdecimal():  # what \d matches (not "²", which isdigit() but is read as a word)
        kinds: object = "TURN" if tok[-1] == "." else "INT"
    elif tok in _PUNCT:
        kinds = _PUNCT[tok]
    elif tok in _ARROWS:
        kinds = "DIRECTION"
    elif c == '"' and len(tok) > 1:
        kinds = "STRING"
    elif "-" in tok:
        kinds = "COORD" if _COORD_RE.match(tok) else "BADCOORD"
    elif c.isalpha() or c == "_":
        kinds = word_kinds(tok) if tok[0] != "_" else None
    else:
        kinds = None
    if len(_kinds_cache) < _KINDS_LIMIT and kinds != "BADCOORD":  # a cached BADCOORD would pass as a token
        _kinds_cache[tok] = kinds
    return kinds


def _lex_line(text: str, number: int, comments: list[Comment], pos: int = 0, out: list | None = None) -> list[tuple]:  # type: ignore[type-arg]
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
            return _lex_line(text, number, comments, m.end(), out)
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


class _Line:
    """What lark reads for one line: its pre-lexed tokens and number; and what the
    lexer leaves beside the parse: the tokens as resolved, the last two (for messages)."""

    __slots__ = ("tokens", "number", "resolved", "last", "prev")

    def __init__(self, tokens: list[tuple], number: int) -> None:  # type: ignore[type-arg]
        self.tokens = tokens
        self.number = number
        self.resolved: list[Token] = []
        self.last: Token | None = None
        self.prev: Token | None = None


def _token(kind: str, value: str, start: int, end: int, line: int) -> Token:
    return Token(kind, value, start, line, start + 1, line, end + 1, end)


class FastLexer(Lexer):
    """Feeds lark the tokens :func:`_lex_line` found (one compiled regex a line, words
    through the vocabulary tables). A word that can be several terminals becomes the
    first of them the parser accepts in its current state."""

    __future_interface__ = 2

    def __init__(self, lexer_conf) -> None:  # type: ignore[no-untyped-def]
        pass

    def lex(self, lexer_state, parser_state):  # type: ignore[no-untyped-def]
        line: _Line = lexer_state.text
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


# ------------------------------------------------------------------------ transformer


def _number(tok: Token, what: str) -> int:
    digits = tok.rstrip(".")
    if len(digits) > MAX_DIGITS:
        raise NotationError(
            f"{what} {digits[:12]}… is far too long a number", line=tok.line, column=tok.column
        )
    return int(digits)


def _unescape(raw: str) -> str:
    """A header value without its backslash escapes (``\\"`` is ``"``)."""
    return re.sub(r"\\(.)", r"\1", raw) if "\\" in raw else raw


class _Lines(Transformer):  # type: ignore[type-arg]
    """Tree to model objects, called by the parser as it reduces (no tree is built).
    Entries come with their span in the line, for their text."""

    def start(self, items):  # type: ignore[no-untyped-def]
        return items

    def header(self, c):  # type: ignore[no-untyped-def]
        return Header(str(c[1]), _unescape(c[2][1:-1]), c[0].line, c[0].column)

    def round(self, c):  # type: ignore[no-untyped-def]
        how = fill_of(c[3]) if c[3] is not None else None
        return RoundRecord(_number(c[1], "round number"), how, c[0].line, c[0].column)

    def lineup(self, c):  # type: ignore[no-untyped-def]
        return Lineup(side_of(c[1]), [colour_of(t) for t in c[3:]], c[0].line, c[0].column)

    def moves(self, c):  # type: ignore[no-untyped-def]
        out = []
        number = None
        for x in c:
            if type(x) is tuple:
                x[0].number = number
                out.append(x)
                number = None
            elif x.type == "TURN":
                if number is not None:
                    raise NotationError("two turn numbers in a row", line=x.line, column=x.column)
                number = _number(x, "turn number")
            else:  # PLACEHOLDER
                e = Entry(x.line, x.column, "...", placeholder=True, number=number)
                out.append((e, x.start_pos, x.end_pos))
                number = None
        if number is not None:
            raise NotationError("a turn number with no entry after it", line=c[-1].line, column=c[-1].column)
        return out

    def move(self, c):  # type: ignore[no-untyped-def]
        t, d, n, s = c
        distance = _number(n, "distance")
        if distance == 0:
            raise NotationError(
                "a blocked tower's entry (distance 0) has no direction: write e.g. 'Green 0 Yellow'",
                line=d.line, column=d.column,
            )
        e = Entry(t.line, t.column, "", colour_of(t), direction_of(d), distance, colour_of(s))
        return (e, t.start_pos, s.end_pos)

    def blocked(self, c):  # type: ignore[no-untyped-def]
        t, n, s = c
        if _number(n, "distance") != 0:
            raise NotationError(
                f"a direction is missing before the distance {n} (only a blocked tower's "
                "entry, distance 0, has none)", line=n.line, column=n.column,
            )
        e = Entry(t.line, t.column, "", colour_of(t), None, 0, colour_of(s))
        return (e, t.start_pos, s.end_pos)

    def coords(self, c):  # type: ignore[no-untyped-def]
        tok = c[0]
        v = tok.lower()
        e = Entry(tok.line, tok.column, "", origin=_SQ[v[0:2]], target=_SQ[v[3:5]], push_mark=v.endswith("*"))
        return (e, tok.start_pos, tok.end_pos)


_SQ = {f + r: (int(r) - 1) * 8 + "abcdefgh".index(f) for f in "abcdefgh" for r in "12345678"}


def build_parser(lexer: str = "fast", *, transform: bool = True) -> Lark:
    """A parser of the grammar. ``lexer`` is ``"fast"`` (:class:`FastLexer`, reads a
    :class:`_Line`) or one of lark's own (``"contextual"``, ``"basic"``; read a str)."""
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer=FastLexer if lexer == "fast" else lexer,
        transformer=_Lines() if transform else None,
        maybe_placeholders=True,
    )


@lru_cache(maxsize=None)
def _parser() -> Lark:
    return build_parser()


# ----------------------------------------------------------------------- error words

_EXPECT = {
    "LINE_START": 'a move such as "Purple Left 5 Yellow" or "d8-d4", a header such as [Event "…"], Round or Lineup',
    "COLOUR": "a colour such as Purple or Pu",
    "DIRECTION": "a direction such as Left, ↖ or L",
    "INT": "a number",
    "COORD": "a move in coordinates such as d8-d4",
    "TURN": "a turn number such as 1.",
    "PLACEHOLDER": "'...'",
    "NAME": "a header name",
    "STRING": 'a quoted value such as "Club night"',
    "LSQB": "'['",
    "RSQB": "']'",
    "COLON": "':'",
    "ROUND": "Round",
    "LINEUP": "Lineup",
    "FILL": "'fill'",
    "FILLSIDE": "left or right",
    "SIDE": "Black or Gold",
    "_NL": "the end of the line",
    "$END": "the end of the line",
}
_ORDER = list(_EXPECT)

_AFTER = {
    "TURN": "after the turn number",
    "DIRECTION": "after the direction",
    "LSQB": "after '['",
    "NAME": "after the header name",
    "STRING": "after the header's value",
    "ROUND": "after 'Round'",
    "FILL": "after 'fill'",
    "LINEUP": "after 'Lineup'",
    "SIDE": "after the side",
    "COLON": "in the lineup",
}


def _expected_words(expected: Iterable[str], prev: Token | None) -> str:
    expected = set(expected)
    entry_ended = "COORD" in expected  # a new entry may start here
    if "COLOUR" in expected and "COORD" in expected:
        # where an entry may start, name the entry rather than every terminal
        expected -= {"COORD", "TURN", "_NL", "$END"}
        if prev is None or prev.type != "TURN":
            expected.discard("PLACEHOLDER")  # '...' only opens a round's first row
        if "LSQB" in expected:
            expected -= {"LSQB", "ROUND", "LINEUP", "PLACEHOLDER", "COLOUR"}
            expected.add("LINE_START")
    names = sorted(expected, key=lambda n: _ORDER.index(n) if n in _ORDER else 99)
    if "INT" in names and prev is not None and prev.type in ("DIRECTION", "COLOUR"):
        names[names.index("INT")] = "INT_DISTANCE"
    words = [_EXPECT.get(n, "a distance such as 5" if n == "INT_DISTANCE" else n) for n in names]
    # At a line's start almost anything may come; say what a reader most likely meant.
    if len(words) > 4:
        words = [w for w in words if w != _EXPECT["_NL"]][:4]
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    if prev is None:
        return text
    if prev.type in ("TURN", "PLACEHOLDER"):
        where = "after the turn number" if prev.type == "TURN" else "after '...'"
    elif entry_ended:
        where = "after the entry"
    elif prev.type == "COLOUR":
        where = "after the tower colour" if "DIRECTION" in expected else "after the colour"
    elif prev.type == "INT":
        where = "after the distance" if "COLOUR" in expected else "after the number"
    elif prev.type in ("COORD", "PLACEHOLDER"):
        where = "after the entry"
    else:
        where = _AFTER.get(prev.type, "")
    return f"{text}, {where}" if where else text


def _quote(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def _as_notation_error(e: Exception, batch: _Line) -> NotationError:
    if isinstance(e, NotationError):
        return e
    if isinstance(e, UnexpectedToken):
        tok = e.token
        if tok.type == "$END":
            what, line, col = "the line ends too early", batch.last.end_line if batch.last else 1, (batch.last.end_column if batch.last else 1)
        elif tok.type == "_NL":
            what, line, col = "the line ends too early", tok.line, tok.column
        else:
            kind = {"NAME": "unknown word", "INT": "number", "TURN": "turn number"}.get(tok.type, "unexpected")
            what, line, col = f"{kind} {_quote(str(tok))}", tok.line, tok.column
        prev = batch.prev if batch.last is tok else batch.last
        return NotationError(f"{what}: expected {_expected_words(e.expected, prev)}", line=line, column=col)
    if isinstance(e, UnexpectedInput):
        return NotationError(str(e).splitlines()[0], line=getattr(e, "line", 1), column=getattr(e, "column", 1))
    return NotationError(f"unreadable: {e}")


# --------------------------------------------------------------------------- one line

#: line shape (the terminals its tokens can be) → (terminals as resolved, parse template)
_SHAPES: dict[tuple, tuple] = {}  # type: ignore[type-arg]
_SHAPE_LIMIT = 4096  # garbage must not grow memory without bound
_SHAPE_TOKENS = 64  # longer lines are not worth a shape of their own


@lru_cache(maxsize=None)
def _tree_parser() -> Lark:
    return build_parser(transform=False)


@lru_cache(maxsize=None)
def _callbacks() -> dict[str, object]:
    t = _Lines()
    return {name: getattr(t, name) for name in ("start", "header", "round", "lineup", "moves", "move", "blocked", "coords")}


def _template(tree, index: dict[int, int]):  # type: ignore[no-untyped-def]
    children = []
    for c in tree.children:
        if c is None:
            children.append(None)
        elif isinstance(c, Token):
            children.append(index[id(c)])
        else:
            children.append(_template(c, index))
    return (str(tree.data), tuple(children))


def _compile(template) -> object:  # type: ignore[no-untyped-def]
    """The parse template of a line shape as one Python function of the line's tokens,
    calling the transformer's callbacks as lark would (generated from the template,
    which holds only rule names and token indices)."""

    def expr(t) -> str:  # type: ignore[no-untyped-def]
        if t is None:
            return "None"
        if type(t) is int:
            return f"t[{t}]"
        name, children = t
        return f"c_{name}([{', '.join(expr(c) for c in children)}])"

    namespace = {f"c_{name}": f for name, f in _callbacks().items()}
    return eval(f"lambda t: {expr(template)}", namespace)  # noqa: S307 - our own template


class _Tok(str):
    """A token for the fast path: the attributes the callbacks read, no more."""

    __slots__ = ("type", "line", "column", "start_pos", "end_pos")


_new_tok = str.__new__


def _plan(tokens: list[tuple], number: int) -> tuple:  # type: ignore[type-arg]
    """Parse a line of a shape not seen before with lark; return the terminals as lark
    resolved them and the shape of the parse (token indices in place of tokens)."""
    line = _Line(tokens, number)
    try:
        tree = _tree_parser().parse(line)
    except (UnexpectedInput, NotationError) as e:
        raise _as_notation_error(e, line) from None
    index = {id(tok): i for i, tok in enumerate(line.resolved)}
    return tuple(tok.type for tok in line.resolved), _compile(_template(tree, index))


def _parse_line(text: str, number: int) -> tuple[list, list[Comment]]:  # type: ignore[type-arg]
    """The items of one line (headers, rounds, lineups, lists of entries) and its
    comments. Raises :class:`NotationError`.

    (Records try the whole-line fast paths first, see :func:`_fast_match`.) An LALR
    parse depends only on the terminals of a line, so lark parses each *shape* of line
    once (a few dozen in a real corpus) and the shape's parse is replayed for every
    later line of that shape, with the same callbacks. The grammar stays the one
    definition of the syntax; a line of a new shape, and every bad line, goes to lark."""
    comments: list[Comment] = []
    tokens = _lex_line(text, number, comments)
    if not tokens:
        return [], comments
    if len(tokens) > _SHAPE_TOKENS:  # a long line: lark parses it directly, once
        line = _Line(tokens, number)
        try:
            items = _parser().parse(line)
        except (UnexpectedInput, NotationError) as e:
            raise _as_notation_error(e, line) from None
        _set_texts(items, text)
        return items, comments
    key = tuple([t[0] for t in tokens])
    plan = _SHAPES.get(key)
    if plan is None:
        plan = _plan(tokens, number)
        if len(_SHAPES) < _SHAPE_LIMIT:
            _SHAPES[key] = plan
    kinds, build = plan
    toks = []
    for k, (_, value, start, end) in zip(kinds, tokens):
        tok = _new_tok(_Tok, value)
        tok.type, tok.line, tok.column, tok.start_pos, tok.end_pos = k, number, start + 1, start, end
        toks.append(tok)
    items = build(toks)
    _set_texts(items, text)
    return items, comments


def _set_texts(items: list, text: str) -> None:  # type: ignore[type-arg]
    for item in items:
        if type(item) is list:
            for entry, start, end in item:
                entry.text = text[start:end]


def parse_entry(text: str) -> Entry:
    """One move in any form (``紫↖5黃``, ``Purple Left 5 Yellow``, ``Pu L5 Ye``,
    ``lila balra 5 sárga``, ``d8-d4``…). Raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"not text: {type(text).__name__}")
    if "\n" in text or "\r" in text:
        raise NotationError("one move, on one line, expected")
    items, comments = _parse_line(text, 1)
    entries = items[0] if len(items) == 1 and isinstance(items[0], list) else []
    if len(entries) != 1 or entries[0][0].placeholder or entries[0][0].number is not None or comments:
        raise NotationError(f"expected exactly one move, got {_quote(text)}")
    return entries[0][0]


# ------------------------------------------------------------------ whole-row fast path

# The common line of a record is one row: ``[N.] <entry> [<entry>] [# comment]``, the
# entries in the colour forms or coordinates. One compiled regex reads such a line whole
# and plain dict lookups name its words, with no tokens and no parse. It accepts only
# lines the general path (:func:`_parse_line`) reads without error and into the same
# entries, piece by piece the tokens the general lexer finds there:
# - a word is letters only (a combining accent goes to the general path), and is always
#   followed by a blank, an arrow, a digit, '#' or the end: so it is the whole word
#   (backtracking to part of a word would leave a letter next, which nothing accepts);
# - a distance is followed by a blank or a letter: never by a digit, '.' (a turn
#   number) or '-' (a coordinate such as 'B5-b4');
# - only spaces and tabs separate, and two words always have one between them;
# - a coordinate (with its '*') is followed by a blank, '#' or the end;
# - the dict lookups accept only words the grammar resolves in that slot (COLOUR first
#   in a tower or square slot, DIRECTION after a tower colour, as :class:`FastLexer`);
#   an entry's fields depend on its text only, so they are cached by its text.
# Anything else (an unknown word, a distance 0 with a direction, other blanks, braced
# comments, three entries…) goes to the general path, which also gives every error
# message. tests/test_garbage.py checks the two paths agree on random and near-miss lines.

# Words and digits never give back a character (see above): possessive where the
# regex engine has it (Python 3.11), which makes a line that is no row fail fast.
_POSSESSIVE = "+" if sys.version_info >= (3, 11) else ""
_F_WORD = r"[^\W\d_]+" + _POSSESSIVE
_F_DIGITS = rf"[0-9]{{1,{MAX_DIGITS}}}" + _POSSESSIVE
# one entry: coordinates, or tower, direction (word or arrow; none when blocked),
# distance, square; in _ENTRY_RE with groups in that order
_F_ENTRY = (
    r"(?:([a-hA-H][1-8]-[a-hA-H][1-8]\*?)"
    rf"|({_F_WORD})(?:[ \t]+({_F_WORD})[ \t]*|[ \t]*([↑↖↗↓^\\/])[ \t]*|[ \t]*)({_F_DIGITS})[ \t]*({_F_WORD}))"
)
_ENTRY_RE = re.compile(_F_ENTRY + r"\Z")
_ANY_ENTRY = re.sub(r"\((?!\?)", "(?:", _F_ENTRY)  # the same without its groups
# groups: turn number, '...', first entry, second entry, comment
_ROW_RE = re.compile(
    rf"[ \t]*(?:([0-9]{{1,{MAX_DIGITS}}})\.[ \t]+)?(?:(\.\.\.)|({_ANY_ENTRY}))(?:[ \t]+({_ANY_ENTRY}))?[ \t]*(#.*)?\Z"
)

#: word as written → Colour / Direction, for the words the grammar takes in that slot
#: (filled as words are met; the general path's word tables decide).
_F_COLOURS: dict[str, object] = {}
_F_DIRECTIONS: dict[str, object] = {a: direction_of(a) for a in _ARROWS}
_F_SQUARES = {f + r: v for sq, v in _SQ.items() for f in (sq[0], sq[0].upper()) for r in sq[1]}
_NO = object()  # not a word of that slot
#: entry text → the Entry fields after ``text`` up to ``placeholder`` (a tuple), or
#: False when the general path must read it. A record repeats its entries' texts.
_F_ENTRIES: dict[str, object] = {}


def _f_colour(word: str) -> object:
    """The colour a word in a tower or square slot names, or ``_NO`` (then the general
    path reads the line)."""
    value = _F_COLOURS.get(word, _NO)
    if value is _NO and "COLOUR" in word_kinds(word) and len(_F_COLOURS) < _KINDS_LIMIT:
        value = _F_COLOURS[word] = colour_of(word)
    return value


def _f_direction(word: str) -> object:
    value = _F_DIRECTIONS.get(word, _NO)
    if value is _NO and "DIRECTION" in word_kinds(word) and len(_F_DIRECTIONS) < _KINDS_LIMIT:
        value = _F_DIRECTIONS[word] = direction_of(word)
    return value


def _f_slots(text: str) -> object:
    """The fields of the entry ``text`` (which :data:`_ANY_ENTRY` matched): ``(tower,
    direction, distance, square, origin, target, push_mark, placeholder)``, or False
    when the general path must read it (an unknown word, 'Pu L0 Ye', 'Pu 5 Ye')."""
    m = _ENTRY_RE.match(text)
    if m is None:  # pragma: no cover - the row regex matched the same text
        return False
    coords, tower, word, arrow, distance, square = m.groups()
    slots: object
    if coords is not None:
        slots = (None, None, None, None, _F_SQUARES[coords[0:2]], _F_SQUARES[coords[3:5]], coords[-1] == "*", False)
    else:
        tower, square, n = _f_colour(tower), _f_colour(square), int(distance)
        direction = None if word is None and arrow is None else _f_direction(word or arrow)
        if tower is _NO or square is _NO or direction is _NO or (direction is None) != (n == 0):
            slots = False
        else:
            slots = (tower, direction, n, square, None, None, False, False)
    if len(_F_ENTRIES) < _KINDS_LIMIT:
        _F_ENTRIES[text] = slots
    return slots


def _fast_row(text: str, number: int) -> tuple[list[Entry], Comment | None] | None:
    """The entries and trailing comment of line ``number`` when it is a plain row (see
    above); None sends the line to the general path."""
    m = _ROW_RE.match(text)
    if m is None:
        return None
    return _fast_match(m, number)


def _fast_match(m, number: int) -> tuple[list[Entry], Comment | None] | None:  # type: ignore[no-untyped-def]
    turn, dots, first, second, comment = m.groups()
    if turn is not None:
        turn = int(turn)
    if dots is not None:
        entries = [Entry(number, m.start(2) + 1, "...", None, None, None, None, None, None, False, True, turn)]
    else:
        slots = _F_ENTRIES.get(first)
        if slots is None:
            slots = _f_slots(first)
        if not slots:
            return None
        entries = [Entry(number, m.start(3) + 1, first, *slots, turn)]  # type: ignore[misc]
    if second is not None:
        slots = _F_ENTRIES.get(second)
        if slots is None:
            slots = _f_slots(second)
        if not slots:
            return None
        entries.append(Entry(number, m.start(4) + 1, second, *slots, None))  # type: ignore[misc]
    if comment is None:
        return entries, None
    return entries, Comment(comment[1:], number, m.start(5) + 1, False)


# The other lines of a generated record, read the same way: headers, Round and Lineup
# lines, with their keywords in the spellings the formatter writes.
_OTHER_RE = re.compile(
    r"[ \t]*(?:"
    r'(\[)[ \t]*([^\W\d][\w-]*)[ \t]*("(?:[^"\\\n]|\\.)*")[ \t]*\]'
    rf"|(Round|round)[ \t]+([0-9]{{1,{MAX_DIGITS}}})(?:[ \t]+(?:fill|Fill)[ \t]+(left|right|Left|Right))?"
    rf"|(Lineup|lineup)[ \t]+(Black|Gold|White|black|gold|white)[ \t]*:[ \t]*({_F_WORD})"
    + rf"[ \t]+({_F_WORD})" * 7
    + r")[ \t]*(#.*)?\Z"
)
_OTHER_COMMENT = 17  # the group of the trailing comment
_OTHER_STARTS = ("[", "Round ", "round ", "Lineup ", "lineup ")  # lines that are no row
_F_FILLS = {w: fill_of(w) for w in ("left", "right", "Left", "Right")}
_F_SIDES = {w: side_of(w) for w in ("Black", "Gold", "White", "black", "gold", "white")}


def _fast_other(m, number: int) -> tuple[object, Comment | None] | None:  # type: ignore[no-untyped-def]
    """The header, round or lineup of a line :data:`_OTHER_RE` matched, and its trailing
    comment; None sends the line to the general path."""
    g = m.groups()
    if g[0] is not None:
        item: object = Header(g[1], _unescape(g[2][1:-1]), number, m.start(1) + 1)
    elif g[3] is not None:
        item = RoundRecord(int(g[4]), None if g[5] is None else _F_FILLS[g[5]], number, m.start(4) + 1)
    else:
        colours = []
        for word in g[8:16]:
            colour = _F_COLOURS.get(word, _NO)
            if colour is _NO:
                colour = _f_colour(word)
                if colour is _NO:
                    return None
            colours.append(colour)
        item = Lineup(_F_SIDES[g[7]], colours, number, m.start(7) + 1)
    comment = g[_OTHER_COMMENT - 1]
    if comment is None:
        return item, None
    return item, Comment(comment[1:], number, m.start(_OTHER_COMMENT) + 1, False)


# ---------------------------------------------------------------------- the assembler


class _Assembler:
    """Builds matches from the parsed lines in order (SPEC §4): a header line after
    moves starts the next match; comments go to the element before them."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.index = 0
        self.match: MatchRecord | None = None
        self.started = False  # the current match has rounds (a header starts the next)
        self.round: RoundRecord | None = None
        self.last: object | None = None  # element the next comments belong to
        self.pending: list[Comment] = []  # before the next match's first element
        self.held: list[Comment] = []  # on lines of their own, after self.last
        self.split = 0  # held[:split] came before the last blank line
        self.file_errors: list[Diagnostic] = []
        self.broken = False

    # ---- elements
    def _new_match(self, line: int) -> MatchRecord | None:
        done = self.match
        self.index += 1
        self.match = MatchRecord(self.index, line, comments=self.pending)
        self.pending = []
        self.round = None
        self.started = False
        self.broken = False
        self.last = None
        return done

    def _ensure_round(self, line: int, column: int) -> RoundRecord:
        if self.round is None:
            self.round = RoundRecord(1, None, line, column)
            self.match.rounds.append(self.round)  # type: ignore[union-attr]
            self.started = True
        return self.round

    def add(self, item: object) -> MatchRecord | None:
        """Add one parsed element (an entry in a one-item list); returns the match this
        completes, if any."""
        done = None
        if self.held:  # comments on lines of their own, before this element
            if isinstance(item, Header) and self.started:
                # the block just before the header opens the next match; any before a
                # blank line stays with the previous element
                self.last.comments.extend(self.held[: self.split])  # type: ignore[union-attr]
                self.pending.extend(self.held[self.split :])
            else:
                self.last.comments.extend(self.held)  # type: ignore[union-attr]
            self.held = []
            self.split = 0
        if isinstance(item, list):  # entries
            if self.match is None:
                done = self._new_match(item[0][0].line)
            for entry, _start, _end in item:
                self._add_entry(entry)
            return done
        if isinstance(item, Header):
            if self.match is None or self.started:
                done = self._new_match(item.line)
            self.match.headers.append(item)  # type: ignore[union-attr]
        else:
            if self.match is None:
                done = self._new_match(item.line)  # type: ignore[attr-defined]
            if isinstance(item, RoundRecord):
                self.round = item
                self.broken = False
                self.match.rounds.append(item)  # type: ignore[union-attr]
                self.started = True
            else:  # Lineup
                self._ensure_round(item.line, item.column).lineups.append(item)  # type: ignore[attr-defined]
        self.last = item
        return done

    def add_entries(self, entries: list[Entry]) -> None:
        """``add([(entry, …)])`` for each entry of a row read by the fast path. (Entries
        never complete a match: they start one only when there is none.)"""
        if self.held:
            self.last.comments.extend(self.held)  # type: ignore[union-attr]
            self.held = []
            self.split = 0
        if self.match is None:
            self._new_match(entries[0].line)
        r = self.round
        if r is None:
            r = self._ensure_round(entries[0].line, entries[0].column)
        for entry in entries:
            if entry.number is None and not entry.placeholder:  # nothing to check
                r.entries.append(entry)
                self.last = entry
            else:
                self._add_entry(entry)

    def _add_entry(self, entry: Entry) -> None:
        r = self.round
        if r is None:
            r = self._ensure_round(entry.line, entry.column)
        index = len(r.entries)
        if entry.placeholder and index != 0:
            self.error(entry.line, entry.column, "'...' stands only for Black's first entry of a round (when Gold starts)")
            return
        if entry.number is not None and not self.broken and (index % 2 or entry.number != index // 2 + 1):
            expected = "no turn number before Gold's entry" if index % 2 else f"turn number {index // 2 + 1}."
            self.error(entry.line, entry.column, f"turn number {entry.number}. is wrong here: expected {expected}", severity=WARNING)
        r.entries.append(entry)
        self.last = entry

    def comment(self, c: Comment) -> None:
        if self.last is None:
            self.pending.append(c)
        elif c.line == self.last.line:  # type: ignore[attr-defined]
            self.last.comments.append(c)  # type: ignore[attr-defined]
        else:  # on a line of its own: the previous element's, unless a new match starts
            self.held.append(c)

    def error(self, line: int, column: int, message: str, *, severity: str = "error") -> None:
        if severity == "error":
            self.broken = True  # entries were lost: the round's turn numbers prove nothing now
        if self.match is None:
            self.file_errors.append(Diagnostic("syntax", message, line, column, severity))
        else:
            self.match.errors.append(
                Diagnostic(
                    "syntax", message, line, column, severity,
                    round=self.round.number if self.round is not None else None, match=self.match.index,
                )
            )

    def blank(self) -> None:
        """A blank line: held comments before it stay with the previous element."""
        self.split = len(self.held)

    def finish(self) -> MatchRecord | None:
        if self.held:
            self.last.comments.extend(self.held)  # type: ignore[union-attr]
            self.held = []
        done, self.match = self.match, None
        return done


def _feed(asm: _Assembler, text: str, number: int) -> Iterator[MatchRecord]:
    """Parse line ``number`` into ``asm``; a syntax error becomes a diagnostic and the
    line is left out (its comments are kept)."""
    try:
        items, comments = _parse_line(text, number)
    except NotationError as e:
        asm.error(e.line, e.column, str(e))
        return
    except RecursionError:  # pragma: no cover - nothing here recurses on input depth
        asm.error(number, 1, "too deeply nested")
        return
    if not items and not comments:
        asm.blank()
        return
    ci = 0
    for item in items:
        entries = item if type(item) is list else [item]
        for element in entries:
            if type(element) is tuple:
                first = element[0]
                element = [element]
            else:
                first = element
            while ci < len(comments) and comments[ci].column < first.column:
                asm.comment(comments[ci])
                ci += 1
            done = asm.add(element)
            if done is not None:
                yield done
    for c in comments[ci:]:
        asm.comment(c)


# ------------------------------------------------------------------------ whole files


def iter_matches(lines: Iterable[str], *, path: str = "<string>", _file: RecordFile | None = None) -> Iterator[MatchRecord]:
    """The matches of a record, one at a time, as the lines come (each line with or
    without its line ending). Memory holds one line and one match. Syntax
    problems become diagnostics (never exceptions); those outside any match go to
    ``_file.errors`` when a :class:`RecordFile` is given."""
    return _matches(_cleaned(lines, _file), path, _file)


def _cleaned(lines: Iterable[str], record: RecordFile | None) -> Iterator[str]:
    """Each line without its ending ("\n" or "\r\n", noted in ``record.crlf``), the
    first without a BOM (``record.bom``); a stray "\r" or "\n" inside a line is a blank."""
    first = True
    for line in lines:
        if first:
            first = False
            if line.startswith("\ufeff"):
                line = line[1:]
                if record is not None:
                    record.bom = True
        if line.endswith("\n"):
            line = line[:-1]
            if line.endswith("\r"):
                line = line[:-1]
                if record is not None:
                    record.crlf = True
        if "\r" in line or "\n" in line:  # a stray separator inside a line
            line = line.replace("\r", " ").replace("\n", " ")
        yield line


def _block_lines(text: str, record: RecordFile | None, first: bool) -> list[str]:
    """The lines of a block of whole lines (the last may lack its "\n"), as
    :func:`_cleaned` gives them, split in C when the block holds no "\r". ``first``:
    the block starts the file (and may start with a BOM)."""
    if first and text.startswith("\ufeff"):
        text = text[1:]
        if record is not None:
            record.bom = True
    lines = text.split("\n")
    last = lines.pop()  # "" when the block ends with "\n"; else a last line without ending
    if "\r" in text:
        out = []
        for line in lines:
            if line.endswith("\r"):
                line = line[:-1]
                if record is not None:
                    record.crlf = True
            out.append(line.replace("\r", " ") if "\r" in line else line)
        lines = out
        last = last.replace("\r", " ")
    if last:
        lines.append(last)
    return lines


def _gc_paused(items: Iterator[MatchRecord]) -> Iterator[MatchRecord]:
    """``items`` with Python's cyclic garbage collector paused while they are made, not
    while the caller holds one. Reading allocates a few objects an entry, a tree with no
    cycles to find: with the collector on, half of ``parse_record``'s time went to
    collections that freed nothing (``bench/bench_parse.py``). The collector's state is
    left as it was found, and is on again at every yield and on any exception."""
    while True:
        paused = gc.isenabled()
        if paused:
            gc.disable()
        try:
            item = next(items)
        except StopIteration:
            return
        finally:
            if paused:
                gc.enable()
        yield item


def _matches(lines: Iterable[str], path: str, _file: RecordFile | None) -> Iterator[MatchRecord]:
    """:func:`iter_matches` of lines already without their endings (:func:`_cleaned`)."""
    asm = _Assembler(path)
    row = _ROW_RE.match
    other = _OTHER_RE.match
    number = 0
    for line in lines:
        number += 1
        # the fast paths (each as the general path would read the line, or None)
        m = None if line.startswith(_OTHER_STARTS) else row(line)
        if m is not None:
            fast = _fast_match(m, number)
            if fast is not None:
                entries, comment = fast
                asm.add_entries(entries)
                if comment is not None:
                    asm.comment(comment)
                continue
        elif not line or line.isspace():  # str.isspace() is the lexer's \s
            asm.blank()
            continue
        else:
            m = other(line)
            if m is not None:
                fast = _fast_other(m, number)
                if fast is not None:
                    item, comment = fast
                    done = asm.add(item)
                    if done is not None:
                        yield done
                    if comment is not None:
                        asm.comment(comment)
                    continue
        yield from _feed(asm, line, number)
    done = asm.finish()
    if done is not None:
        yield done
    if _file is not None:
        _file.errors.extend(asm.file_errors)
        _file.comments.extend(asm.pending)


def _split_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` (str or bytes) split at "\n" only, each with its ending."""
    nl = "\n" if isinstance(text, str) else b"\n"
    start = 0
    n = len(text)
    while start < n:
        end = text.find(nl, start)
        if end < 0:
            yield text[start:]
            return
        yield text[start : end + 1]
        start = end + 1


def parse_record(text: str, *, path: str = "<string>") -> RecordFile:
    """A whole record from text. Never raises on bad text: syntax problems are
    ``Diagnostic(rule="syntax")`` in ``MatchRecord.errors`` (or ``RecordFile.errors``
    outside any match)."""
    record = RecordFile(path)
    record.matches.extend(_gc_paused(_matches(_block_lines(text, record, True), path, record)))
    if not record.matches and not record.errors:
        pass  # an empty record is not an error here; the validator decides what it means
    return record


_BLOCK = 1 << 20  # bytes read at a time (then to the end of that line)


def _decoded_lines(path: str, record: RecordFile) -> Iterator[str]:
    """The file's lines (split at "\n" only, without endings: :func:`_block_lines`),
    decoded as UTF-8; at the first invalid byte, a diagnostic with its line and column,
    and the rest of the file is not read. Reads, decodes and splits whole lines a
    megabyte at a time (a line at a time costs Python calls per line)."""
    try:
        f = open(path, "rb")  # noqa: SIM115 - closed below
    except IsADirectoryError:
        raise RecordIOError(f"{path}: is a directory, not a record file") from None
    except FileNotFoundError:
        raise RecordIOError(f"{path}: no such file") from None
    except OSError as e:
        raise RecordIOError(f"{path}: cannot read: {e.strerror or e}") from None
    number = 0
    with f:
        while True:
            try:
                block = f.read(_BLOCK)
                if block and not block.endswith(b"\n"):
                    block += f.readline()  # whole lines only
            except OSError as e:
                raise RecordIOError(f"{path}: cannot read: {e.strerror or e}") from None
            if not block:
                return
            try:
                text = block.decode("utf-8")
            except UnicodeDecodeError:
                # line by line, to say where: a bad sequence never spans a "\n"
                for raw in _split_lines(block):  # type: ignore[arg-type]
                    number += 1
                    try:
                        yield from _block_lines(raw.decode("utf-8"), record, number == 1)
                    except UnicodeDecodeError as e:
                        good = raw[: e.start].decode("utf-8", errors="replace")
                        record.errors.append(
                            Diagnostic("syntax", f"not UTF-8: byte 0x{raw[e.start]:02x} cannot be decoded", number, len(good) + 1)
                        )
                        return
                return  # pragma: no cover - the bad line is in the block
            lines = _block_lines(text, record, number == 0)
            number += len(lines)
            yield from lines


def read_record(path: str) -> RecordFile:
    """A record file (UTF-8, with or without BOM, LF or CRLF). A missing or unreadable
    file raises :class:`RecordIOError`; invalid UTF-8 is a diagnostic at the bad byte."""
    record = RecordFile(str(path))
    lines = _decoded_lines(str(path), record)
    first = next(lines, None)  # raise RecordIOError now rather than mid-iteration

    def chain() -> Iterator[str]:
        if first is not None:
            yield first
            yield from lines

    record.matches.extend(_gc_paused(_matches(chain(), str(path), record)))
    return record


def open_matches(path: str) -> Iterator[MatchRecord]:
    """The matches of a record file, one at a time, for huge files (memory holds a
    megabyte of lines and one match). Raises :class:`RecordIOError` at once if the file cannot be
    read. Syntax problems are diagnostics in each match's ``errors``; an invalid UTF-8
    byte ends the reading and its diagnostic (line and column of the byte) goes to the
    last match read — or, when there is none, is raised as :class:`NotationError`,
    since a stream of matches has no other place for it."""
    record = RecordFile(str(path))
    lines = _decoded_lines(str(path), record)
    first = next(lines, None)

    def chain() -> Iterator[str]:
        if first is not None:
            yield first
            yield from lines

    def stream() -> Iterator[MatchRecord]:
        held: MatchRecord | None = None
        for m in _gc_paused(_matches(chain(), str(path), record)):
            if held is not None:
                yield held
            held = m
        if record.errors:
            if held is None:
                d = record.errors[0]
                raise NotationError(d.message, line=d.line, column=d.column)
            held.errors.extend(record.errors)
        if held is not None:
            yield held

    return stream()
