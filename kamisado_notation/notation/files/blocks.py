"""A record file cut into blocks of whole matches, so that a huge file is read a block at
a time and its blocks can be read on several cores (``kamisado validate --jobs``) or
machines (:mod:`kamisado_notation.checking.distributed`).

The cutting works on the pieces of the bounded line reader (:mod:`.lines`), read by the
one opener (:mod:`..files`): any input is cut the same way, standard input and pipes
included (nothing is sought: the blocks come in order as the input is read), and a block
holds what that reader gives — a line too long as a :class:`~.lines.LongLine`, binary
data as the block's last piece — so that reading a block alone gives what reading the
file in one go gives at those lines.

A block is a run of whole lines that starts at the start of the file or where a new
match surely starts: at a header line (``[Name "value"]``) whose nearest line above, not
blank and not a comment, is not a header (so the match before has moves or a ``Round``
line), together with the comment lines written just above it (they belong to the new
match, docs/notation.md §7). The cut is found on the bytes, without parsing; the reader of a block
reports what it saw at both ends (:class:`~kamisado_notation.notation.kmr.assembly.Assembler`
``started`` and ``file_errors``), so a caller can check each cut and read two blocks as
one where a cut was wrong (a "header" that a syntax error hides, say). Each block knows
its first line number, so its diagnostics carry the file's line numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..record import HEADER_NAME, RecordFile
from .lines import DecodedLines, Piece, count_lines

__all__ = ["BLOCK_BYTES", "Block", "cut_blocks", "decode_block"]

#: About how many bytes a block holds (a block always ends at a match; a match larger
#: than this is one block).
BLOCK_BYTES = 1 << 20

# The start of a line: after "\n", or after a "\r" (a "\r\n" never has a header between).
_LINE_START = rb"(?:^|(?<=\r))"
# A quote that delimits a header's value: '"', or a typographic one in UTF-8 (“ ” „ ‟ ‘ ’
# ‚ ‛ « » ‹ › ＂), which the reader reads as '"' (:mod:`..text`): a record from a word
# processor is cut into blocks as any other.
_QUOTE = rb'(?:"|\xe2\x80[\x98-\x9f\xb9\xba]|\xc2[\xab\xbb]|\xef\xbc\x82)'
# A header line the reader surely reads as a header (ASCII names; the strict form).
_HEADER = re.compile(
    _LINE_START + rb"[ \t]*\[[ \t]*" + HEADER_NAME.encode() + rb"[ \t]*" + _QUOTE + rb'(?:[^"\\\r\n]|\\.)*?' + _QUOTE
    + rb"[ \t]*\][ \t]*(?=[\r\n]|\Z)",
    re.MULTILINE,
)
_BREAK = re.compile(rb"[\r\n]")
# A line (without its ending) that holds one comment and nothing else.
_COMMENT = re.compile(rb"[ \t]*(?:#.*|\{[^{}]*\}[ \t]*)")


@dataclass(frozen=True, slots=True)
class Block:
    """Whole lines of the record file ``path`` as the bounded line reader gives them
    (``parts``: :mod:`.lines` pieces, bytes as in the file), starting at line
    ``first_line``; ``first``: the block starts the file (it may hold a BOM and lines
    before the first match). ``header_line``: the line of the header that starts the
    block's first match (``None`` for the first block)."""

    path: str
    parts: tuple[Piece, ...] = ()
    first_line: int = 1
    first: bool = True
    header_line: int | None = None

    def then(self, other: Block) -> Block:
        """This block and the one after it, as one block."""
        return Block(self.path, self.parts + other.parts, self.first_line, self.first, self.header_line)


def decode_block(block: Block, record: RecordFile) -> DecodedLines:
    """The lines of ``block`` as reading its file in one go gives them at those lines
    (:class:`~.lines.DecodedLines`: diagnostics in ``record.errors``, ``stopped`` set at
    binary data or an invalid UTF-8 byte, after which nothing is read)."""
    return DecodedLines(block.parts, record, first_line=block.first_line, first=block.first)


class _Cutter:
    """The state of :func:`cut_blocks`: the pieces of the block being gathered (``parts``,
    then the bytes read since the last piece that is not bytes, ``buf``: cuts are looked
    for there), its first line and the header line that starts it."""

    def __init__(self, path: str, size: int) -> None:
        self.path, self.size = path, size
        self.parts: list[Piece] = []
        self.buf = bytearray()
        self.scanned = 0  # headers before this offset of ``buf`` were looked at
        self.line, self.first = 1, True
        self.header: int | None = None

    def add(self, piece: Piece) -> Iterator[Block]:
        """Take ``piece``; the blocks it completes."""
        if not isinstance(piece, bytes):  # a skipped line, binary data: no cut at them
            self._flush()
            self.parts.append(piece)
            return
        self.buf += piece
        while len(self.buf) >= self.size:
            cut = _first_cut(self.buf, max(self.scanned, self.size))
            if cut is None:
                self.scanned = len(self.buf)
                return
            yield self._block(cut)

    def last(self) -> Block:
        """The block that ends the file."""
        self._flush()
        return self._make()

    def _flush(self) -> None:
        if self.buf:
            self.parts.append(bytes(self.buf))
        self.buf, self.scanned = bytearray(), 0

    def _block(self, cut: int) -> Block:
        """The block up to offset ``cut`` of ``buf``; the rest starts the next."""
        self.parts.append(bytes(self.buf[:cut]))
        del self.buf[:cut]
        self.scanned = 0
        block = self._make()
        self.line += sum(count_lines(p) for p in block.parts)
        self.first = False
        self.header = self.line + _lines_before_header(self.buf)
        return block

    def _make(self) -> Block:
        block = Block(self.path, tuple(self.parts), self.line, self.first, self.header)
        self.parts = []
        return block


def cut_blocks(pieces: Iterable[Piece], path: str, *, size: int = BLOCK_BYTES) -> Iterator[Block]:
    """The blocks of the ``.kmr`` file ``path`` from its pieces (:class:`~.lines.LineBlocks`),
    in order, each about ``size`` bytes or one whole match if that is larger; at least
    one (empty for an empty file). Errors of the reading pass through."""
    cutter = _Cutter(path, max(1, size))
    for piece in pieces:
        yield from cutter.add(piece)
    yield cutter.last()


def _first_cut(buf: bytearray, scan: int) -> int | None:
    """The offset of the first place in ``buf`` (a header line at or after ``scan``) where
    a new match surely starts, above its comment lines; ``None`` if there is none."""
    for start in _header_lines(buf, scan):
        cut = _above_comments(buf, start)
        if cut > 0 and _after_moves(buf, cut):
            return cut
    return None


def _header_lines(buf: bytearray, scan: int) -> Iterator[int]:
    """The starts of the header lines of ``buf`` (:data:`_HEADER`) at or after ``scan``,
    in order: each line with a ``[`` is tried (found in C, where the regex alone would
    try every byte; rows have none)."""
    at = buf.find(b"[", scan)
    while at >= 0:
        start = max(buf.rfind(b"\n", 0, at), buf.rfind(b"\r", 0, at)) + 1
        if start >= scan and _HEADER.match(buf, start) is not None:
            yield start
        end = _BREAK.search(buf, at)  # (the line's other '[' are the same line)
        if end is None:
            return
        at = buf.find(b"[", end.end())


def _line_above(buf: bytearray, start: int) -> tuple[int, bytes] | None:
    """The line that ends just before offset ``start`` (a line start): its start and text
    (without its ending)."""
    if start == 0:
        return None
    end = start - 1
    if buf[end] == 10 and end > 0 and buf[end - 1] == 13:  # "\r\n"
        end -= 1
    begin = max(buf.rfind(b"\n", 0, end), buf.rfind(b"\r", 0, end)) + 1
    return begin, bytes(buf[begin:end])


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


def _lines_before_header(buf: bytearray) -> int:
    """How many lines of ``buf`` come before its first header line."""
    m = _HEADER.search(buf)
    return count_lines(bytes(buf[: m.start()])) if m is not None else 0
