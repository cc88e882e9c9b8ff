"""Record files: opening them, telling a ``.kmr`` from the JSON form, and reading either
into the record model — the one opener above the two readers
(:mod:`~kamisado_notation.notation.reader` for text,
:mod:`~kamisado_notation.notation.json_record` for JSON).
"""

from __future__ import annotations

import os
import re
from collections.abc import Generator, Iterator
from typing import BinaryIO

from ..diagnostics import Diagnostic
from ..errors import NotationError, RecordIOError
from .blocks import BLOCK_BYTES, Block, cut_blocks, decode_block, read_whole_lines
from .json_record import record_from_json
from .reader import read_lines
from .record import MatchRecord, RecordFile

__all__ = ["is_json_record", "iter_blocks", "nth_match", "open_matches", "open_record_file", "read_json_record", "read_record", "stream_record"]


_BLOCK = 1 << 20  # bytes read at a time (then to the end of that line)


def open_record_file(path: str) -> BinaryIO:
    """``path`` opened for reading bytes; :class:`RecordIOError` with a one-line reason
    when it cannot be (missing, a directory, no permission)."""
    try:
        return open(path, "rb")
    except IsADirectoryError:
        raise RecordIOError(f"{path}: is a directory, not a record file") from None
    except FileNotFoundError:
        raise RecordIOError(f"{path}: no such file") from None
    except OSError as e:
        raise RecordIOError(f"{path}: cannot read: {e.strerror or e}") from None


def _decoded_lines(path: str, record: RecordFile) -> Iterator[str]:
    """The file's lines (split at "\n" only, without endings: :func:`block_lines`),
    decoded as UTF-8; at the first invalid byte, a diagnostic with its line and column,
    and the rest of the file is not read. Reads, decodes and splits whole lines a
    megabyte at a time (a line at a time costs Python calls per line)."""
    with open_record_file(path) as f:
        number = 0
        while True:
            data = read_whole_lines(f, path, _BLOCK)
            if not data:
                return
            lines, bad = decode_block(Block(path, data, number + 1, number == 0), record)
            yield from lines
            if bad is not None:
                record.errors.append(bad)
                return
            number += data.count(b"\n")


def iter_blocks(path: str, *, size: int = BLOCK_BYTES) -> Iterator[Block]:
    """The ``.kmr`` file at ``path`` in blocks of whole matches (:mod:`.blocks`), for
    reading a huge file a block at a time or on several cores. Raises
    :class:`RecordIOError` at once if the file cannot be opened."""
    f = open_record_file(path)

    def blocks() -> Iterator[Block]:
        with f:
            yield from cut_blocks(f, path, size=size)

    return blocks()


# A JSON record document starts as an object with a key does. A .kmr starts so only when
# its first line is a braced comment that opens with '"…":' (a freak); one that opens
# with "{" alone, like "{Game 1}", stays a .kmr.
_JSON_START = re.compile(rb'\A(?:\xef\xbb\xbf)?[ \t\r\n]*\{[ \t\r\n]*"(?:[^"\\\n]|\\.)*"[ \t\r\n]*:')
_SNIFF = 64 * 1024


def is_json_record(path: str) -> bool:
    """Whether ``path`` holds the JSON form of a record (``docs/json-record.md``): its
    name ends in ``.json``, or (a regular file only, so a pipe is not consumed) its text
    starts, after an optional BOM and whitespace, as a JSON object does: ``{"key":``."""
    if path.lower().endswith(".json"):
        return True
    try:
        if not os.path.isfile(path):
            return False
        with open(path, "rb") as f:
            head = f.read(_SNIFF)
    except OSError:
        return False  # the reader says why
    return _JSON_START.match(head) is not None


def stream_record(path: str) -> tuple[RecordFile, Iterator[MatchRecord]]:
    """A record file (as :func:`read_record` reads it) whose matches come one at a time:
    the :class:`RecordFile` without its matches, and an iterator over them. The file's
    own ``errors`` and closing ``comments`` (and ``bom``, ``crlf``) are complete once the
    iterator is exhausted; memory holds a megabyte of lines and one match. A missing or
    unreadable file raises :class:`RecordIOError` at once. A JSON record is read whole."""
    path = str(path)
    if is_json_record(path):
        record = read_json_record(path)
        matches, record.matches = record.matches, []
        return record, iter(matches)
    record = RecordFile(path)
    lines = _decoded_lines(path, record)
    first = next(lines, None)  # raise RecordIOError now rather than mid-iteration

    def chain() -> Iterator[str]:
        if first is not None:
            yield first
            yield from lines

    return record, read_lines(chain(), path, record)


def read_record(path: str) -> RecordFile:
    """A record file (UTF-8, with or without BOM, LF or CRLF), or the JSON form of one
    (:func:`is_json_record`; read by :mod:`~kamisado_notation.json_record`). A missing or
    unreadable file raises :class:`RecordIOError`; invalid UTF-8 is a diagnostic at the
    bad byte, a malformed JSON document one diagnostic naming the bad field."""
    record, matches = stream_record(path)
    record.matches.extend(matches)
    return record


def nth_match(path: str, n: int) -> tuple[RecordFile, MatchRecord | None, int]:
    """Match ``n`` (1-based) of the record file at ``path``, read up to it and no further:
    the :class:`RecordFile` (its ``errors`` complete only when the file was read to the
    end), the match (``None`` when the file holds fewer), and how many matches were read."""
    record, matches = stream_record(path)
    count = 0
    try:
        for m in matches:
            count += 1
            if count == n:
                return record, m, count
    finally:
        if isinstance(matches, Generator):
            matches.close()  # and the file with it
    return record, None, count


def open_matches(path: str) -> Iterator[MatchRecord]:
    """The matches of a record file, one at a time, for huge files (memory holds a
    megabyte of lines and one match). Raises :class:`RecordIOError` at once if the file cannot be
    read. Syntax problems are diagnostics in each match's ``errors``; an invalid UTF-8
    byte ends the reading and its diagnostic (line and column of the byte) goes to the
    last match read — or, when there is none, is raised as :class:`NotationError`,
    since a stream of matches has no other place for it. A JSON record (:func:`is_json_record`)
    is read whole; a malformed one raises :class:`NotationError` likewise."""
    record, matches = stream_record(path)  # (a malformed JSON document keeps no match)

    def stream() -> Iterator[MatchRecord]:
        held: MatchRecord | None = None
        for m in matches:
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


def read_json_record(path: str) -> RecordFile:
    """A JSON record file, read whole. A missing or unreadable file raises
    :class:`RecordIOError`; a malformed document is one ``Diagnostic(rule="syntax")`` in
    ``RecordFile.errors`` (as :func:`~kamisado_notation.notation.read_record` reports bad
    text), with the line and column of the JSON text where JSON itself is broken."""
    path = str(path)
    with open_record_file(path) as f:
        try:
            raw = f.read()
        except OSError as e:
            raise RecordIOError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        return record_from_json(raw, path=path)
    except NotationError as e:
        record = RecordFile(path, bom=raw.startswith(b"\xef\xbb\xbf"))
        record.errors.append(Diagnostic("syntax", str(e), e.line, e.column))
        return record
