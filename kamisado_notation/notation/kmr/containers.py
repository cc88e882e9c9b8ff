"""Records kept inside a container: a JSON document (a notebook's cells, an app's export
written over many lines) holds the record's lines as its strings. The lines of such a
file are read as the text of its strings, each on its own line (its column kept); the
JSON around them (keys, brackets, numbers) is no text of the record, read as a blank
line. A file is a JSON document when its first line is a lone ``{`` or ``[`` and its next
line a quoted key or string: a record of ours never begins so (its braced comments
close on their line or hold words, not a key)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from itertools import chain

__all__ = ["unwrapped"]

#: A line of a JSON document that holds one string: an array's item or a key's value
#: (``    "1. Red Forward 5 Orange\n",``, ``"text": "Round 2",``).
_STRING_LINE = re.compile(r'\s*(?:"(?:[^"\\]|\\.)*"\s*:\s*)?"((?:[^"\\]|\\.)*)"\s*,?\s*')
#: A JSON document's first line: an object or array opened alone.
_OPENS = re.compile(r"\s*[\[{]\s*")
#: Its second: a quoted key or string.
_QUOTED = re.compile(r'\s*"')


def unwrapped(lines: Iterable[str]) -> Iterable[str]:
    """``lines`` as the reader reads them: the text of a JSON document's strings where
    they are one (:data:`_OPENS`), else ``lines`` themselves (the rest not looked at)."""
    it = iter(lines)
    head: list[str] = []
    for line in it:
        head.append(line)
        if line.strip():
            break
    if not head or not _OPENS.fullmatch(head[-1]):
        return chain(head, it)
    second = next(it, None)
    if second is None:
        return head
    head.append(second)
    if not _QUOTED.match(second):
        return chain(head, it)
    return _strings(chain(head, it))


def _strings(lines: Iterable[str]) -> Iterator[str]:
    """Each line's string, decoded, at its column (one string of several lines read as
    one line, its lines parted by `` ; ``); a line with none, blank (a line's ending,
    where it is given one, kept)."""
    for line in lines:
        body = line.rstrip("\r\n")
        ending = line[len(body) :]  # (lines given with their endings keep them)
        m = _STRING_LINE.fullmatch(body)
        if m is None:
            yield ending
            continue
        try:
            text = json.loads(f'"{m[1]}"')
        except ValueError:
            text = m[1]
        yield " " * m.start(1) + " ; ".join(text.strip("\r\n").splitlines()) + ending
