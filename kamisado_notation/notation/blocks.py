"""A record file cut into blocks of whole matches, so that a huge file is read a block at
a time and its blocks can be read on several cores (``kamisado validate --jobs``) or
machines (:mod:`kamisado_notation.distributed`).

A block is a run of whole lines that starts at the start of the file or where a new
match surely starts: at a header line (``[Name "value"]``) whose nearest line above, not
blank and not a comment, is not a header (so the match before has moves or a ``Round``
line), together with the comment lines written just above it (they belong to the new
match, SPEC §4). The cut is found on the bytes, without parsing; the reader of a block
reports what it saw at both ends (:class:`~kamisado_notation.notation.assembly.Assembler`
``started`` and ``file_errors``), so a caller can check each cut and read two blocks as
one where a cut was wrong (a "header" that a syntax error hides, say). Each block knows
its first line number, so its diagnostics carry the file's line numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from ..diagnostics import Diagnostic
from ..errors import RecordIOError
from .reader import block_lines, split_lines
from .record import RecordFile

__all__ = ["BLOCK_BYTES", "Block", "cut_blocks", "decode_block", "read_whole_lines"]

#: About how many bytes a block holds (a block always ends at a match; a match larger
#: than this is one block).
BLOCK_BYTES = 1 << 20

# A header line the reader surely reads as a header (ASCII names; the strict form).
_HEADER = re.compile(rb'^[ \t]*\[[ \t]*[A-Za-z_][\w-]*[ \t]*"(?:[^"\\\n]|\\.)*"[ \t]*\][ \t\r]*$', re.MULTILINE)
# A line that holds one comment and nothing else.
_COMMENT = re.compile(rb"[ \t]*(?:#[^\n]*|\{[^{}\n]*\}[ \t\r]*)")


@dataclass(frozen=True, slots=True)
class Block:
    """Whole lines of the record file ``path``: ``data`` (bytes as in the file) starts at
    line ``first_line``; ``first``: the block starts the file (it may hold a BOM and
    lines before the first match). ``header_line``: the line of the header that starts
    the block's first match (``None`` for the first block)."""

    path: str
    data: bytes
    first_line: int = 1
    first: bool = True
    header_line: int | None = None

    def then(self, other: Block) -> Block:
        """This block and the one after it, as one block."""
        return Block(self.path, self.data + other.data, self.first_line, self.first, self.header_line)


def read_whole_lines(f: BinaryIO, path: str, size: int) -> bytes:
    """About ``size`` bytes of the open binary file ``f``, then to the end of that line
    (``b""`` at the end of the file); :class:`RecordIOError` when reading fails."""
    try:
        chunk = f.read(size)
        if chunk and not chunk.endswith(b"\n"):
            chunk += f.readline()
    except OSError as e:
        raise RecordIOError(f"{path}: cannot read: {e.strerror or e}") from None
    return chunk


def cut_blocks(f: BinaryIO, path: str, *, size: int = BLOCK_BYTES) -> Iterator[Block]:
    """The blocks of the ``.kmr`` file ``path``, open as ``f``, in order, each about
    ``size`` bytes or one whole match if that is larger; at least one (empty for an
    empty file). :class:`RecordIOError` when reading fails."""
    buf = bytearray()
    line, first, scanned = 1, True, 0
    while True:
        chunk = read_whole_lines(f, path, size)
        buf += chunk
        cut = None
        if chunk and len(buf) >= size:
            cut = _last_cut(buf, max(0, scanned - 1))
            scanned = len(buf)
        if cut is None and chunk:
            continue
        data = bytes(buf[:cut]) if cut is not None else bytes(buf)
        header = None if first else line + _leading_comment_lines(data)
        yield Block(path, data, line, first, header)
        if cut is None:
            return
        del buf[:cut]
        scanned -= cut
        line += data.count(b"\n")
        first = False


def _last_cut(buf: bytearray, scan: int) -> int | None:
    """The offset of the last place in ``buf`` (a header line at or after ``scan``)
    where a new match surely starts, above its comment lines; ``None`` if there is none."""
    starts = [m.start() for m in _HEADER.finditer(buf, scan)]
    for start in reversed(starts):
        cut = _above_comments(buf, start)
        if cut > 0 and _after_moves(buf, cut):
            return cut
    return None


def _line_above(buf: bytearray, start: int) -> tuple[int, bytes] | None:
    """The line that ends just before offset ``start`` (a line start): its start and text."""
    if start == 0:
        return None
    begin = buf.rfind(b"\n", 0, start - 1) + 1
    return begin, bytes(buf[begin : start - 1])


def _above_comments(buf: bytearray, start: int) -> int:
    """The start of the comment lines written right above the line at ``start`` (no
    blank line between), or ``start`` when there are none."""
    above = _line_above(buf, start)
    while above is not None and _COMMENT.fullmatch(above[1]):
        start = above[0]
        above = _line_above(buf, start)
    return start


def _after_moves(buf: bytearray, start: int) -> bool:
    """Whether the nearest line above ``start`` that is neither blank nor a comment is
    in ``buf`` and is not a header (so a match has begun its rounds there)."""
    above = _line_above(buf, start)
    while above is not None:
        text = above[1].strip()
        if text and not _COMMENT.fullmatch(above[1]):
            return not text.startswith(b"[")
        above = _line_above(buf, above[0])
    return False


def _leading_comment_lines(data: bytes) -> int:
    """How many lines of ``data`` come before its first header line."""
    m = _HEADER.search(data)
    return data.count(b"\n", 0, m.start()) if m is not None else 0


def decode_block(block: Block, record: RecordFile) -> tuple[list[str], Diagnostic | None]:
    """The lines of ``block`` decoded as UTF-8 and without their endings (BOM and CRLF
    noted in ``record``). At the first invalid byte, the lines before it and a diagnostic
    with its line and column: what follows is not read."""
    try:
        text = block.data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return block_lines(text, record, block.first), None
    # line by line, to say where: a bad sequence never spans a "\n"
    lines: list[str] = []
    number = block.first_line - 1
    for raw in split_lines(block.data):  # type: ignore[arg-type]
        number += 1
        try:
            lines.extend(block_lines(raw.decode("utf-8"), record, block.first and number == 1))  # type: ignore[attr-defined]
        except UnicodeDecodeError as e:
            good = raw[: e.start].decode("utf-8", errors="replace")  # type: ignore[attr-defined]
            message = f"not UTF-8: byte 0x{raw[e.start]:02x} cannot be decoded"
            return lines, Diagnostic("syntax", message, number, len(good) + 1)
    return lines, None  # pragma: no cover - the bad line is in the block
