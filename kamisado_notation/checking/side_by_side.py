"""Rounds written side by side: a table whose heading row names two rounds or more, each
over its own band of columns (a club's sheet with a column pair a round, ``Round 1;;Round
2;;Round 3;``, the two sides' names under each), read one band after another: round 1
down its columns, then round 2 down its own. The reading against the moves
(:mod:`.aligned`) takes the clues of such a table in that order.

A table's cells are parted by a tab, a semicolon, a bar, an ampersand (LaTeX), a comma or
an HTML cell's tags, or, in a table set in plain text, by a gap of two blanks or more (a
band then starts where its heading starts). The table runs from its heading row to the next blank line, or the next row
that names rounds so (the next block of rounds beneath), or the end of the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Bands", "bands_of"]

#: The separators of a table's cells, in the order they are tried.
_SEPARATORS = tuple(re.compile(p) for p in (r"\t", ";", r"\|", "&", ",", r"</t[dh]>\s*<t[dh][^>]*>"))
#: A cell of a table set in plain text: words parted by single blanks.
_GAPPED = re.compile(r"\S+(?: \S+)*")
#: How far left of its heading a band of a table set in plain text may start (an entry
#: written a little before its round's name).
_SLACK = 2

#: Whether a cell's text (its line's number given) is a round's heading and nothing else.
IsHeading = Callable[[str, int], bool]


@dataclass(frozen=True, slots=True)
class _Block:
    """One table of rounds side by side: its heading row's line, its last line, its
    separator (``None``: gaps of blanks) and where each band starts (a cell's index, or a
    column from 1 in a table set in plain text)."""

    heading: int
    last: int
    separator: re.Pattern[str] | None
    starts: tuple[int, ...]

    def band(self, text: str, column: int) -> int:
        """The band of the clue at ``column`` (from 1) of a row, ``text``."""
        at = len(self.separator.findall(text, 0, column - 1)) if self.separator else column + _SLACK
        return max(0, sum(1 for s in self.starts if s <= at) - 1)


@dataclass(frozen=True, slots=True)
class Bands:
    """The tables of a text whose rounds stand side by side, and the text's lines (from
    ``first_line``)."""

    blocks: tuple[_Block, ...]
    lines: tuple[str, ...]
    first_line: int

    def key(self, line: int, column: int) -> tuple[int, int, int, int]:
        """Where the clue at ``line``, ``column`` is read: a table's clues band by band,
        each band's line by line, after what stands above the table and before what
        stands below it. A heading row's own clues are no moves (``None`` there: see
        :meth:`heading`)."""
        for block in self.blocks:
            if block.heading < line <= block.last:
                band = block.band(self.lines[line - self.first_line], column)
                return (block.heading, band, line, column)
        return (line, 0, line, column)

    def heading(self, line: int) -> bool:
        """Whether ``line`` is a table's heading row (its clues are the rounds' numbers)."""
        return any(b.heading == line for b in self.blocks)


def bands_of(lines: Sequence[str], first_line: int, is_heading: IsHeading) -> Bands | None:
    """The tables of ``lines`` (the first numbered ``first_line``) whose heading rows
    name two rounds or more, each in a cell of its own; ``None`` where there is none."""
    blocks: list[_Block] = []
    open_block: tuple[int, re.Pattern[str] | None, tuple[int, ...]] | None = None
    last = first_line - 1
    for number, text in enumerate(lines, first_line):
        found = _heading_row(text, number, is_heading)
        if open_block is not None and (found is not None or _blank_after_rows(text, open_block[0], last)):
            blocks.append(_closed(open_block, last))
            open_block = None
        if found is not None:
            open_block = (number, *found)
        last = number
    if open_block is not None:
        blocks.append(_closed(open_block, last))
    return Bands(tuple(blocks), tuple(lines), first_line) if blocks else None


def _blank_after_rows(text: str, heading: int, last: int) -> bool:
    """Whether ``text`` is a blank line that ends a table whose heading row is line
    ``heading``: a row at least after it (``last``: the line before this one). A row of
    empty cells parted by tabs is no blank line, as one parted by commas is not."""
    return not text.strip(" \r\n") and last > heading


def _closed(opened: tuple[int, re.Pattern[str] | None, tuple[int, ...]], last: int) -> _Block:
    """The table ``opened`` at its heading row (its line, separator and bands' starts),
    ending at line ``last``."""
    return _Block(opened[0], last, opened[1], opened[2])


def _heading_row(text: str, number: int, is_heading: IsHeading) -> tuple[re.Pattern[str] | None, tuple[int, ...]] | None:
    """The separator of row ``text`` and where its bands start, where two of its cells
    or more are rounds' headings (and the row is not one heading: ``Round 1 - Round 2``
    read whole would be one)."""
    if sum(ch.isdigit() for ch in text) < 2:
        return None
    return _separated_headings(text, number, is_heading) or _gapped_headings(text, number, is_heading)


def _separated_headings(text: str, number: int, is_heading: IsHeading) -> tuple[re.Pattern[str], tuple[int, ...]] | None:
    """:func:`_heading_row` of a row whose cells a separator cuts: the first separator
    of :data:`_SEPARATORS` that cuts two headings or more out of it, and which cells they are."""
    for separator in _SEPARATORS:
        if separator.search(text):
            cells = separator.split(text)
            starts = tuple(k for k, cell in enumerate(cells) if cell.strip() and is_heading(cell.strip(), number))
            if len(starts) >= 2:
                return separator, starts
    return None


def _gapped_headings(text: str, number: int, is_heading: IsHeading) -> tuple[None, tuple[int, ...]] | None:
    """:func:`_heading_row` of a row whose cells wide gaps part: the columns of its
    headings, where they are two or more."""
    gapped = [(m.start() + 1, m[0]) for m in _GAPPED.finditer(text)]
    starts = tuple(column for column, cell in gapped if is_heading(cell, number))
    return (None, starts) if len(starts) >= 2 else None
