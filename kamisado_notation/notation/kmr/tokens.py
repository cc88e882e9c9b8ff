"""The pieces of a line's syntax that need no grammar: the longest number, coordinate
names, the direction arrows, header-value escapes, the longest line and the bound on the
caches of words.

Shared by the grammar (:mod:`.grammar`, :mod:`.lexing`) and the whole-line fast paths
(:mod:`.fast_paths`), and kept apart from lark so that a record read by the fast paths
alone never imports it (start-up time is what a CLI user feels).
"""

from __future__ import annotations

import re
import sys

__all__ = [
    "ARROWS",
    "CACHED_CHARS",
    "KINDS_LIMIT",
    "LINE_WORDS",
    "MAX_DIGITS",
    "MAX_LINE",
    "POSSESSIVE",
    "SQUARES",
    "STRING",
    "field_key",
    "first_word",
    "may_be_row",
    "unescape",
]

#: Longest number accepted as a distance, turn or round number (a 5,000-digit distance is
#: a syntax error, not a hang or an overflow).
MAX_DIGITS = 6

#: A square's name (``"d8"``) → its index (a1 = 0 … h8 = 63).
SQUARES = {f + r: (int(r) - 1) * 8 + "abcdefgh".index(f) for f in "abcdefgh" for r in "12345678"}

#: The direction arrows, ASCII and Unicode (docs/notation.md §4), each a token of its own.
ARROWS = frozenset("↑↖↗↓^\\/")

#: The longest line a record may hold, in bytes (without its ending): no record line
#: comes near it, and a longer one is skipped rather than held in memory (in every format).
MAX_LINE = 1 << 20

#: How many spellings a cache of words keeps: garbage must not grow memory without bound.
KINDS_LIMIT = 20_000
#: The longest token cached (nor may a few long tokens grow memory).
CACHED_CHARS = 64

#: Possessive where the regex engine has it (Python 3.11): a stretch that never gives
#: back a character then keeps no backtracking state, so memory stays small too.
POSSESSIVE = "+" if sys.version_info >= (3, 11) else ""
#: A quoted header value, backslash escapes inside (``"a \\"b\\" c"``), unrolled so that
#: the engine keeps no state per character (``(?:[^"\\]|\\.)*`` would keep one each).
STRING = rf'"[^"\\\n]*{POSSESSIVE}(?:\\.[^"\\\n]*{POSSESSIVE})*{POSSESSIVE}"'


def unescape(raw: str) -> str:
    """A header value without its backslash escapes (``\\"`` is ``"``)."""
    return re.sub(r"\\(.)", r"\1", raw) if "\\" in raw else raw


#: The first words of a ``Round`` and a ``Lineup`` line, in lower case.
LINE_WORDS = ("round", "lineup")


def first_word(text: str) -> str:
    """The first word of a line, in lower case ("" for a blank line): what a line that
    could not be read was meant to be (``round`` starts a round all the same); a
    field's key with its sign where the word is a script's or a data file's key
    (``lineup = {``, ``round = 2``, ``lineup: [``: :data:`_FIELD`), no heading."""
    field = _FIELD.match(text)
    if field is not None:
        return " ".join(field[0].split()).lower()
    return text.split(None, 1)[0].lower() if text.strip() else ""


def field_key(text: str) -> bool:
    """Whether line ``text`` opens with a heading's word as a field's key (:data:`_FIELD`)."""
    return _FIELD.match(text) is not None


#: A heading's word as a field's key: ``=`` after it, or ``:`` and a list or a table
#: opened, or nothing (a script's ``lineup = {``, a YAML file's ``lineup:``).
_FIELD = re.compile(r"\s*(?:round|lineup)\s*(?:=>?|:(?=\s*(?:[\[{]\s*)?$))", re.IGNORECASE)


def may_be_row(text: str, *, trailing: str = "") -> bool:
    """Whether line ``text`` may be a row of entries: not blank, and no header line nor
    a ``Round`` or ``Lineup`` line (by its first word, less the ``trailing`` characters
    after it)."""
    first = first_word(text)
    return bool(first) and first[:1] != "[" and first.rstrip(trailing) not in LINE_WORDS
