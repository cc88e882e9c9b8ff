"""Syntax errors of notation: :class:`NotationError`, and the words that say what a
bad line lacks (README, *Command line*).

Lark reports a failed parse as terminal names (``COLOUR``, ``$END``); this module turns
them into a sentence a player can act on (``unknown word 'Purpel': expected a colour such
as Purple or Pu``). Kept apart from the lexer and the parser so that both can raise the
one error type without importing each other, and so that the wording is in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from lark import Token
from lark.exceptions import UnexpectedInput, UnexpectedToken

from ...errors import NotationError, UnknownWord


class Seen(Protocol):
    """What the lexer saw of a line before the parse stopped (:class:`~.lexing.Line`):
    the last two tokens lark took, for the message."""

    last: Token | None
    prev: Token | None


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

#: Where the parser stopped after a row's marks, whether or not an entry ended there.
_AFTER_MARK = {"TURN": "after the turn number", "PLACEHOLDER": "after '...'", "TURN_DOTS": "after '...'"}  # ('...', PGN's 'N...')
_AFTER = {
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
    """What the parser expected, in words, and where: ``a colour such as Purple or Pu,
    after the turn number``."""
    wanted = set(expected)
    entry_ended = "COORD" in wanted  # a new entry may start here
    if "COLOUR" in wanted and "COORD" in wanted:
        _entry_named(wanted, prev)
    text = _either(_words(wanted, prev))
    if prev is None:
        return text
    where = _where(prev, wanted, entry_ended)
    return f"{text}, {where}" if where else text


def _entry_named(wanted: set[str], prev: Token | None) -> None:
    """Where an entry may start (after ``prev``), the terminals ``wanted`` there cut to
    name the entry rather than every terminal (PGN's ``N...`` tolerated, not offered;
    ``...`` only where it opens a round's first row; at a line's start, the line)."""
    wanted -= {"COORD", "TURN", "TURN_DOTS", "_NL", "$END"}
    if prev is None or prev.type != "TURN":
        wanted.discard("PLACEHOLDER")
    if "LSQB" in wanted:
        wanted -= {"LSQB", "ROUND", "LINEUP", "PLACEHOLDER", "COLOUR"}
        wanted.add("LINE_START")


def _in_order(wanted: set[str], prev: Token | None) -> list[str]:
    """The expected terminals in a reader's order, a number after a direction or a
    colour (``prev``) named as a distance (``INT_DISTANCE``)."""
    names = sorted(wanted, key=lambda n: _ORDER.index(n) if n in _ORDER else 99)
    if "INT" in names and prev is not None and prev.type in ("DIRECTION", "COLOUR"):
        names[names.index("INT")] = "INT_DISTANCE"
    return names


def _words(wanted: set[str], prev: Token | None) -> list[str]:
    """The expected terminals as words, in a reader's order, each once, at most four."""
    words = [_EXPECT.get(n, "a distance such as 5" if n == "INT_DISTANCE" else n) for n in _in_order(wanted, prev)]
    words = list(dict.fromkeys(words))  # _NL and $END are both "the end of the line"
    # At a line's start almost anything may come; say what a reader most likely meant.
    if len(words) > 4:
        words = [w for w in words if w != _EXPECT["_NL"]][:4]
    return words


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _where(prev: Token, wanted: set[str], entry_ended: bool) -> str:
    """Where in the line the parser stopped, said by what came before."""
    if prev.type in _AFTER_MARK:
        return _AFTER_MARK[prev.type]
    if entry_ended or prev.type == "COORD":
        return "after the entry"
    if prev.type == "COLOUR":
        return "after the tower colour" if "DIRECTION" in wanted else "after the colour"
    if prev.type == "INT":
        return "after the distance" if "COLOUR" in wanted else "after the number"
    return _AFTER.get(prev.type, "")


def quote(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def as_notation_error(e: Exception, batch: Seen) -> NotationError:
    if isinstance(e, NotationError):
        return e
    if isinstance(e, UnexpectedToken):
        return _token_error(e, batch)
    if isinstance(e, UnexpectedInput):
        return NotationError(str(e).splitlines()[0], line=getattr(e, "line", 1), column=getattr(e, "column", 1))
    return NotationError(f"unreadable: {e}")


#: What an unexpected token is called in an error, by its terminal ("unexpected" for others).
_TOKEN_KINDS = {"NAME": "unknown word", "INT": "number", "TURN": "turn number"}


def _token_error(e: UnexpectedToken, batch: Seen) -> NotationError:
    """The error of a token the grammar did not expect: what it is, where, and what was
    expected there (an :class:`UnknownWord` for a word)."""
    tok = e.token
    what, line, col = _unexpected(tok, batch)
    prev = batch.prev if batch.last is tok else batch.last
    message = f"{what}: expected {_expected_words(e.expected, prev)}"
    if tok.type == "NAME":
        return UnknownWord(message, line=line or 1, column=col or 1, word=str(tok))
    return NotationError(message, line=line or 1, column=col or 1)


def _unexpected(tok: Token, batch: Seen) -> tuple[str, int | None, int | None]:
    """The token the grammar did not expect, said, and its line and column (the end of
    the last token read, where the line ended too early)."""
    if tok.type == "$END":
        last = batch.last
        return "the line ends too early", last.end_line if last else 1, last.end_column if last else 1
    if tok.type == "_NL":
        return "the line ends too early", tok.line, tok.column
    return f"{_TOKEN_KINDS.get(tok.type, 'unexpected')} {quote(str(tok))}", tok.line, tok.column
