"""Text from a record or from the command line, made safe to show.

A record is written by someone else: a player name may hold a terminal escape sequence
(``ESC [ 2 J`` clears the screen), a bell, a C1 control such as ``\\x9b``, or a
right-to-left override that reorders what the reader sees; a file name given on the
command line may hold bytes that are not UTF-8 (Python keeps them as lone surrogates,
which no UTF-8 stream can encode). :func:`printable` is the one function that turns any
such text into what may be sent to a terminal or a file: each of those characters is
written as its Python escape (``\\x1b``, ``\\u202e``; a byte that was not UTF-8 as
``\\xff``), everything else as is. Every place that shows text from a record or a path
goes through it (diagnostics, summaries, diagrams, messages).
"""

from __future__ import annotations

import json
import re

__all__ = ["json_safe", "json_text", "printable"]

# C0 controls but the tab, DEL and the C1 controls, the line and paragraph separators,
# the bidirectional embeddings, overrides and isolates, surrogates, and U+FFFE and
# U+FFFF (not characters: no XML document may hold them, so a picture of the terminal
# output would not be one).
_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (os.fsdecode's surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control, bidirectional-override and surrogate character (and
    the non-characters U+FFFE and U+FFFF) escaped (``"a\\x1b[31m"`` → ``"a\\\\x1b[31m"``); safe to print to any UTF-8 stream.

    >>> printable("Ann\\x1b[2J") == "Ann\\\\x1b[2J"
    True
    """
    if text.isascii() and text.isprintable():
        return text
    return _UNSAFE.sub(_escape, text)


# What json.dumps(ensure_ascii=False) leaves raw but a terminal acts on, or UTF-8 cannot
# encode; inside a JSON document these occur only in strings, where \uXXXX means the same.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def json_text(value: object, *, ascii_only: bool = False, indent: int | None = None) -> str:
    """``value`` as a JSON document that is always valid UTF-8 and safe on a terminal:
    letters as they are (or ``\\uXXXX`` everywhere with ``ascii_only``), control,
    bidirectional and surrogate characters as ``\\uXXXX`` escapes."""
    text = json.dumps(value, ensure_ascii=ascii_only, indent=indent)
    return text if ascii_only else json_safe(text)


def json_safe(text: str) -> str:
    """JSON text written with ``ensure_ascii=False`` (by :func:`json_text`, or a piece at
    a time by a streaming writer) made safe as :func:`json_text` makes it: the
    characters a terminal would act on, and surrogates, as ``\\uXXXX`` escapes."""
    if text.isascii():
        return text
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
