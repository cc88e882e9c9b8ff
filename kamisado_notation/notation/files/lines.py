"""Bounded lines: the bytes of a record file turned into its lines with memory bounded
whatever the input — the one line reader under :mod:`..files` (a whole file read in one
go) and :mod:`.blocks` (a file cut into blocks of whole matches, each read alone,
perhaps in another process).

:class:`LineBlocks` cuts a stream of chunks into *pieces*: bytes holding whole lines
(``"\\n"``, ``"\\r\\n"`` and ``"\\r"`` alone all end a line), :class:`LongLine` where a
line longer than :data:`MAX_LINE` bytes was skipped without being held, and
:class:`Binary` (the last piece) at a NUL byte. :class:`DecodedLines` turns pieces into
text lines, numbered, with a diagnostic for a skipped line (but a ``#`` comment line,
which holds no data: it is read as an empty comment), for binary data (which ends the
reading) and for the first line that is not UTF-8 (it and those after it that are not
are read in the encoding the file likely is in: :mod:`.encodings`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain

from ...diagnostics import Diagnostic
from ..kmr.reader import block_lines
from ..kmr.tokens import MAX_LINE
from ..record import RecordFile
from ..text import LINE_BREAK_BYTES
from .encodings import ENCODING_RULE, read_as

__all__ = ["MAX_LINE", "Binary", "DecodedLines", "LineBlocks", "LongLine", "Piece", "count_lines", "ends_padded", "raw_lines", "unpadded"]


@dataclass(frozen=True, slots=True)
class LongLine:
    """A line longer than :data:`MAX_LINE`, skipped; ``comment``: a ``#`` comment line
    (no data: it is read as an empty comment, and is no error)."""

    comment: bool = False


def _long_line(start: bytes) -> LongLine:
    """The :class:`LongLine` of a line that starts with ``start``."""
    return LongLine(comment=start.lstrip(b" \t")[:1] == b"#")


@dataclass(frozen=True, slots=True)
class Binary:
    """A NUL byte at file offset ``offset``; ``before`` is its line up to it."""

    offset: int
    before: bytes


#: What :class:`LineBlocks` gives: whole lines, a skipped line, or binary data.
Piece = bytes | LongLine | Binary

_BREAK = re.compile(rb"[\r\n]")


class LineBlocks:
    """Pieces (see the module docstring) from a stream of chunks: bytes cut after their
    last line ending (the last piece perhaps without one), :class:`LongLine` where a line
    too long was skipped, :class:`Binary` (the last piece) at a NUL byte. Holds at most
    a chunk and :data:`MAX_LINE` bytes. A ``"\\r\\n"`` cut in two by the chunks keeps its
    ``"\\r"`` only (``crlf`` is then set)."""

    def __init__(self, chunks: Iterable[bytes], limit: int = MAX_LINE) -> None:
        self.chunks = chunks
        self.limit = limit
        self.carry = b""  # the start of a line whose end is not read yet
        self.offset = 0  # the file offset of ``carry``
        self.after_cr = False  # the last line ended with "\r": a "\n" next belongs to it
        self.crlf = False  # such a "\r\n" cut in two was seen
        self.skipping = False  # inside a line too long

    def __iter__(self) -> Iterator[Piece]:
        chunks = iter(self.chunks)
        for chunk in chunks:
            data = self._join(chunk)
            if self.skipping:
                data = self._skip(data)
                if self.skipping:
                    continue
            data, nul = unpadded(data, chunks)
            if nul >= 0:
                yield from self._binary(data, nul)
                return
            yield from self._whole_lines(data)
        if self.carry and not self.skipping:
            yield self.carry

    def _join(self, chunk: bytes) -> bytes:
        data, self.carry = self.carry + chunk, b""
        if self.after_cr and data[:1] == b"\n":
            data = data[1:]
            self.offset += 1
            self.crlf = True
        self.after_cr = False
        return data

    def _skip(self, data: bytes) -> bytes:
        """What follows the end of the line being skipped (all of ``data`` is skipped
        when it holds no line ending)."""
        m = _BREAK.search(data)
        if m is None:
            self.offset += len(data)
            return b""
        self.skipping = False
        return self._after_break(data, m.start())

    def _after_break(self, data: bytes, at: int) -> bytes:
        """``data`` after the line ending at ``at`` (counted in ``offset``)."""
        end = at + 1
        if data[at : at + 2] == b"\r\n":
            end += 1
        elif data[at] == 13 and end == len(data):
            self.after_cr = True
        self.offset += end
        return data[end:]

    def _whole_lines(self, data: bytes) -> Iterator[bytes | LongLine]:
        first = _BREAK.search(data)
        if first is not None and first.start() > self.limit:  # a line begun in an earlier chunk
            yield _long_line(data)
            data = self._after_break(data, first.start())
        end = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
        if end:
            yield data[:end]
            self.after_cr = data[end - 1] == 13
            self.offset += end
        rest = data[end:]
        if len(rest) > self.limit:
            yield _long_line(rest)
            self.skipping = True
            self.offset += len(rest)
            rest = b""
        self.carry = rest

    def _binary(self, data: bytes, nul: int) -> Iterator[bytes | LongLine | Binary]:
        start = max(data.rfind(b"\n", 0, nul), data.rfind(b"\r", 0, nul)) + 1
        at = self.offset + nul
        if start:
            yield from self._whole_lines(data[:start])  # (a line too long before it is skipped too)
        yield Binary(at, data[start:nul])


def unpadded(data: bytes, chunks: Iterator[bytes]) -> tuple[bytes, int]:
    """``data``, a chunk of a file, less the NUL bytes that end the file (a word
    processor's padding, no data: :func:`ends_padded`), and where its first NUL byte
    that is data stands (-1: none). The ``chunks`` after it are read to tell."""
    nul = data.find(b"\0")
    if nul >= 0 and ends_padded(data[nul:], chunks):
        return data[:nul], -1
    return data, nul


def ends_padded(tail: bytes, chunks: Iterator[bytes]) -> bool:
    """Whether ``tail``, from a NUL byte on, and every chunk after it are NUL bytes alone,
    :data:`_PADDING` at most (a file padded at its end, as WordPad leaves an RTF
    document; not ``/dev/zero``); the chunks after it are read to tell."""
    size = len(tail)
    if size > _PADDING or tail.strip(b"\0"):
        return False
    for chunk in chunks:
        size += len(chunk)
        if size > _PADDING or chunk.strip(b"\0"):
            return False
    return True


#: The most NUL bytes a file's end may be padded with.
_PADDING = 4096


def count_lines(piece: Piece) -> int:
    """How many lines ``piece`` ends (a skipped line is one; binary data ends none)."""
    if isinstance(piece, LongLine):
        return 1
    if isinstance(piece, Binary):
        return 0
    lf = piece.count(b"\n")
    if b"\r" not in piece:  # (as a rule: one scan less)
        return lf
    return lf + piece.count(b"\r") - piece.count(b"\r\n")


class DecodedLines:
    """The lines of ``pieces`` (without endings: :func:`~.reader.block_lines`), decoded
    as UTF-8 and numbered from ``first_line`` as they come; ``first``: the pieces start
    the file (which may start with a BOM). A skipped line is an empty one, with its
    diagnostic in ``record.errors``. A line that is not UTF-8 is read in the encoding
    the file likely is in (``codec``), the first such line's bad byte one diagnostic at
    its line and column. At a NUL, a diagnostic, and nothing more is read: ``stopped``
    is then set."""

    def __init__(self, pieces: Iterable[Piece], record: RecordFile, *, first_line: int = 1, first: bool = True) -> None:
        self.pieces = pieces
        self.record = record
        self.first_line = first_line
        self.first = first
        self.stopped = False
        #: the encoding the lines that are not UTF-8 are read in, once one was met
        self.codec: str | None = None

    def __iter__(self) -> Iterator[str]:
        # (the lines of a piece come from its list, not through a generator each)
        return chain.from_iterable(self._pieces())

    def _pieces(self) -> Iterator[Iterable[str]]:
        """The lines, a piece at a time."""
        record = self.record
        number = self.first_line - 1
        for piece in self.pieces:
            if isinstance(piece, LongLine):
                number += 1
                if piece.comment:  # a comment is not data: read as an empty one
                    yield ["#"]
                    continue
                message = f"the line is longer than {MAX_LINE} bytes, the most a record line may hold; skipped"
                record.errors.append(Diagnostic("syntax", message, number, 1))
                yield [""]
                continue
            if isinstance(piece, Binary):
                column = len(piece.before.decode("utf-8", errors="replace")) + 1
                record.errors.append(Diagnostic("syntax", f"not a text record: binary data at byte {piece.offset + 1}", number + 1, column))
                self.stopped = True
                return
            record.crlf = record.crlf or getattr(self.pieces, "crlf", False)  # a "\r\n" cut by the chunks
            starts = self.first and number == self.first_line - 1
            try:
                text = piece.decode("utf-8")
            except UnicodeDecodeError:
                raw = raw_lines(piece)
                yield chain.from_iterable(self._line_by_line(raw, number, starts))  # (lazily: as the lines are read)
                number += len(raw)
                continue
            lines = block_lines(text, record, starts, number + 1)
            number += len(lines)
            yield lines

    def _line_by_line(self, raw: list[bytes], number: int, starts: bool) -> Iterator[list[str]]:
        """The lines of a piece, ``raw`` (which holds a byte that is not UTF-8), a list for each
        raw line: a line that is UTF-8 read as such, any other in the encoding the file
        is read in from its first such line on (:func:`~.encodings.read_as`, weighed on
        the lines of the piece that are not UTF-8), that line's first bad byte one
        ``encoding`` error (line and column)."""
        for line in raw:
            number += 1
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError as e:
                if self.codec is None:
                    self.codec, message = read_as(line[e.start], _not_utf8_lines(raw))
                    good = line[: e.start].decode("utf-8", errors="replace")
                    self.record.errors.append(Diagnostic(ENCODING_RULE, message, number, len(good) + 1))
                text = line.decode(self.codec, errors="replace")
            yield block_lines(text, self.record, starts and number == self.first_line, number) or [""]  # (a blank line too)


def _not_utf8_lines(raw: list[bytes], most: int = 64) -> bytes:
    """The first ``most`` lines of ``raw`` that are not UTF-8, one text: what the
    encoding of a file is guessed from."""
    bad = []
    for line in raw:
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            bad.append(line)
            if len(bad) == most:
                break
    return b"\n".join(bad)


def raw_lines(block: bytes) -> list[bytes]:
    """The lines of a block of whole lines, without their endings."""
    lines = LINE_BREAK_BYTES.split(block)
    if not lines[-1]:
        lines.pop()
    return lines
