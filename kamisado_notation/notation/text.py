"""Plain text: what a word processor or a web page puts into a record where a person typed
plain characters, read as those characters (``docs/notation.md``, "Word-processor
text").

- typographic quotes (``“ ” „ ‟ ‘ ’ ‚ ‛ « » ‹ ›``, full-width ``＂``) around a header's
  value are read as ``"``; elsewhere (an apostrophe in a comment) they stay as written;
- zero-width characters (zero-width space, joiners, word joiner, a byte-order mark inside
  the text, direction marks) and soft hyphens are invisible and read as nothing;
- no-break spaces (``U+00A0``, narrow ``U+202F``, figure space ``U+2007``) are read as a
  space.

A file that holds any of them gets one ``warning[text]`` at the first (its line and
column as written), not one a line. The check costs nothing on an ASCII text (the
reader asks ``str.isascii`` of a block of lines, which CPython answers without a scan)
and a search of the block for each character otherwise (under 1% of validating it); only the lines that hold such a character are
rewritten. Columns after a character read as nothing count the characters read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..diagnostics import WARNING, Diagnostic
from .record import HEADER_NAME

__all__ = ["TEXT_RULE", "has_odd", "iter_plain", "one_plain_line", "plain_line", "plain_lines", "plain_text", "text_warning", "unkept"]

#: The rule id of the warning about such characters.
TEXT_RULE = "text"

_QUOTES = "\u201c\u201d\u201e\u201f\u2018\u2019\u201a\u201b\u00ab\u00bb\u2039\u203a\uff02"
_INVISIBLE = "\u00ad\u180e\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"
_SPACES = "\u00a0\u2007\u202f"
_DROP = {ord(c): None for c in _INVISIBLE} | {ord(c): " " for c in _SPACES}
# Any character this module reads otherwise (a block without one is left as it is).
_ALL = _QUOTES + _INVISIBLE + _SPACES
_CHARS = re.compile(f"[{_INVISIBLE}{_SPACES}]")
# A header line whose value is delimited by a typographic quote on either side.
_HEADER = re.compile(rf'(\s*\[\s*{HEADER_NAME}\s*)([{_QUOTES}"])(.*)([{_QUOTES}"])(\s*\].*)')


# What a .kmr line cannot keep as written: a line break ends it, and the characters above
# are read otherwise.
_UNKEPT = re.compile(f"[\r\n{_INVISIBLE}{_SPACES}]")
#: A line ending, as every reader of records cuts lines: "\r\n", "\n", or "\r" alone (an
#: old Mac file); :data:`LINE_BREAK_BYTES` the same in bytes.
LINE_BREAK = re.compile("\r\n|\r|\n")
LINE_BREAK_BYTES = re.compile(rb"\r\n|\r|\n")


def unkept(text: str) -> str | None:
    """The first character of ``text`` (a header's value, a comment) that a ``.kmr``
    line cannot keep as written (a line break, or a character read otherwise), or
    ``None``."""
    m = _UNKEPT.search(text)
    return None if m is None else m[0]


def one_plain_line(text: str) -> str:
    """``text`` (another program's name or title) as a ``.kmr`` line reads it back: a
    line break as a space, an invisible character as nothing, a no-break space as a
    space (``"ali\\nce"`` → ``"ali ce"``)."""
    return LINE_BREAK.sub(" ", text).translate(_DROP) if _UNKEPT.search(text) else text


def has_odd(text: str) -> bool:
    """Whether ``text`` may hold a character this module reads otherwise."""
    # (a search of each character is 5x one regex of them all over a block of symbols)
    return not text.isascii() and any(c in text for c in _ALL)


def plain_line(line: str) -> tuple[str, int | None]:
    """``line`` read as plain text, and the column (1-based, as written) of its first
    character read otherwise (``None`` when there is none: ``line`` is returned)."""
    first: int | None = None
    m = _HEADER.fullmatch(line)
    if m is not None and (m[2] != '"' or m[4] != '"'):
        first = m.start(2) + 1 if m[2] != '"' else m.start(4) + 1
        line = f'{m[1]}"{m[3]}"{m[5]}'
    c = _CHARS.search(line)
    if c is not None:
        first = c.start() + 1 if first is None else min(first, c.start() + 1)
        line = line.translate(_DROP)
    return line, first


def _describe(char: str) -> str:
    import unicodedata  # (only for this warning: start-up time)

    return f"'{char}' (U+{ord(char):04X} {unicodedata.name(char, 'character')})"


def text_warning(line: int, column: int, char: str) -> Diagnostic:
    """The one warning of a file with such characters, at the first (``char``)."""
    message = (
        f"typographic quotes, zero-width characters, soft hyphens or no-break spaces, "
        f"first {_describe(char)}: read as plain quotes, nothing or a space; kamisado fix writes them plain"
    )
    return Diagnostic(TEXT_RULE, message, line, column, WARNING)


def plain_lines(lines: list[str], errors: list[Diagnostic] | None, first_line: int) -> list[str]:
    """``lines`` (numbered from ``first_line``) read as plain text; the warning of the
    first such character goes to ``errors`` unless it holds one already."""
    warned = errors is None or any(d.rule == TEXT_RULE for d in errors)
    out = lines
    for i, line in enumerate(lines):
        if line.isascii():
            continue
        plain, column = plain_line(line)
        if column is None:
            continue
        if out is lines:
            out = list(lines)
        out[i] = plain
        if not warned:
            assert errors is not None
            errors.append(text_warning(first_line + i, column, line[column - 1]))
            warned = True
    return out


#: A line with its ending (:data:`LINE_BREAK`; the last perhaps without one), as the reader
#: cuts lines.
LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def plain_text(text: str) -> tuple[str, Diagnostic | None]:
    """``text`` (a whole record, line endings kept) read as plain text, and the warning
    of its first such character (``None`` when it holds none: ``text`` is returned)."""
    if not has_odd(text):
        return text, None
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = LINE.findall(text[len(bom) :])
    errors: list[Diagnostic] = []
    out = []
    for number, line in enumerate(lines, 1):
        body = line.rstrip("\r\n")
        plain = plain_lines([body], errors, number)[0] if not body.isascii() else body
        out.append(plain + line[len(body) :])
    return bom + "".join(out), (errors[0] if errors else None)


def iter_plain(lines: Iterable[str], errors: list[Diagnostic] | None, first_line: int = 1) -> Iterable[str]:
    """:func:`plain_lines` a line at a time, for a stream of lines."""
    number = first_line - 1
    for line in lines:
        number += 1
        yield plain_lines([line], errors, number)[0] if has_odd(line) else line
