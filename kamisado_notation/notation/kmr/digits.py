"""Numbers are written with the digits 0–9 only.

Python's ``\\d`` and ``int()`` also take every other script's decimal digits (Arabic-Indic
``٣``, full-width ``３``, Devanagari ``३``…), so without this check ``Pu L٣ Ye`` would be
read as ``Pu L3 Ye``: a record would mean something its reader may not see (``٣`` and
``3`` only look alike to someone who reads Arabic script). Such a digit in a distance, a
turn number or a round number is a syntax error that names the character; in a comment
or a header's text it is just text. Lines of ASCII only (nearly all) cost one
``str.isascii()``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...errors import NotationError

if TYPE_CHECKING:
    from .lexing import Token4

__all__ = ["ascii_number", "lookalike_digit", "lookalike_message"]

_NUMBER_KINDS = frozenset({"INT", "TURN", "TURN_DOTS"})  # 'N', 'N.', PGN's 'N...' / 'N…'


def lookalike_message(char: str) -> str:
    """The message for a decimal digit that is not 0–9."""
    name = unicodedata.name(char, f"U+{ord(char):04X}")
    return f"{char!r} ({name}) is not one of the digits 0-9, which numbers are written with"


def lookalike_digit(line: str, number: int) -> NotationError | None:
    """The error for the first number of ``line`` written with a digit that is not 0–9,
    or None (a line of ASCII, one with no such number, or one the reader rejects anyway)."""
    if line.isascii() or not any(c.isdecimal() for c in line if not c.isascii()):
        return None
    from .lexing import lex_line  # the grammar's lexer (lark): only for such a line

    try:
        return _first_lookalike(lex_line(line, number, []), number)  # tokens as they are read
    except NotationError:
        return None  # the reader gives its own error for this line


def _first_lookalike(tokens: Iterable[Token4], number: int) -> NotationError | None:
    """The error for the first number among the ``tokens`` of line ``number`` written
    with a digit that is not 0–9, or None."""
    for kinds, value, start, _end in tokens:
        char = next((c for c in value if not c.isascii() and c.isdecimal()), None) if kinds in _NUMBER_KINDS else None
        if char is not None:  # (not the '…' of 'N…')
            return NotationError(lookalike_message(char), line=number, column=start + 1 + value.index(char))
    return None


def ascii_number(text: str) -> int | None:
    """``text`` (spaces around allowed) as a whole number written with 0–9 only, else
    None: ``"５"``, ``"1_0"`` (which ``int()`` reads as 10) and ``"+3"`` are not numbers here."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else None
