"""Rows pasted from a spreadsheet: cells separated by tabs, commas or semicolons, a bare turn number
in the first cell, an empty cell for ``...``, a header row (``Turn, Black, Gold``).

A line the grammar rejected (the reader's third tier: a record in our style never comes
here) is read as the row it stands for, with a warning of style ``spreadsheet`` (one a
match): each separator is read as what our row writes there — after the turn number
``. ``, between two entries three blanks, after an empty cell ``...``, after the last
entry nothing — and ``fix`` writes it so (``1,Red Forward 6 Pink,Pink Left 4 Pink`` →
``1. Red Forward 6 Pink   Pink Left 4 Pink``). A header row is read as a comment, and
``fix`` writes it after ``#``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ...errors import NotationError, StyleMark
from ..record import Comment, Entry, Item
from .syntax_errors import quote
from .tokens import may_be_row

__all__ = ["HEADER_WORDS", "STYLE", "spreadsheet_row"]

#: The style's name (the warning's kind).
STYLE = "spreadsheet"

#: A cell separator: a tab, a comma or a semicolon (a spreadsheet's in a language that
#: writes a decimal comma), with the blanks around it.
_SEPARATOR = re.compile(r" *[\t,;] *")
#: A turn number written alone in its cell (``1``, ``1.``).
_TURN = re.compile(r" *([0-9]{1,4})\.? *")

#: The words of a spreadsheet's header row besides the sides' names (without case).
HEADER_WORDS = frozenset({"turn", "move", "moves", "no", "nr", "number", "#", "zug", "lépés", "lepes", ""})
#: The sides' names in the notation's languages, two of which a header row names.
_SIDES = frozenset({"black", "gold", "schwarz", "fekete", "arany"})

#: The general path's reading of one line (:func:`~.general_path.read_line`).
Read = Callable[[str, int], tuple[list[Item], list[Comment], list[NotationError]]]


@dataclass(frozen=True, slots=True)
class _Piece:
    """A piece of the row as rewritten: where it starts there, where it stands in the
    line as written, and whether it is copied from it (a cell) or stands for a
    separator (then every index of it maps to the separator's start)."""

    start: int
    written: int
    copied: bool


def spreadsheet_row(text: str, number: int, read: Read) -> tuple[list[Item], list[Comment], list[NotationError]] | None:
    """Line ``number`` (``text``), which the grammar rejected, read as a spreadsheet's
    row: a header row as a comment, or its cells as our row (``read``: the general
    path's reading of a line); the items, the comments and the warnings (each
    :class:`StyleMark` placed in the line as written). ``None`` when it is no such row."""
    if not _may_be_row(text):
        return None
    spans = [(m.start(), m.end()) for m in _SEPARATOR.finditer(text)]
    cells = _cells(text, spans)
    if _is_header_row(cells):
        return _header_row(text, number)
    news = _separators(cells)
    return _as_row(text, number, spans, cells, news, read) if news is not None else None


def _cells(text: str, spans: list[tuple[int, int]]) -> list[str]:
    """The cells of ``text`` between its separators (at ``spans``)."""
    return [text[a:b] for a, b in zip([0] + [e for _s, e in spans], [s for s, _e in spans] + [len(text)], strict=True)]


def _may_be_row(text: str) -> bool:
    """Whether ``text`` has a cell separator and is no header, ``Round`` or ``Lineup`` line."""
    if "\t" not in text and "," not in text and ";" not in text:
        return False
    return may_be_row(text, trailing=",:")  # (``Round 1,`` ``Lineup:`` in their cells)


def _is_header_row(cells: list[str]) -> bool:
    """Whether ``cells`` are a header row: the sides' names and words of :data:`HEADER_WORDS`."""
    words = {c.strip().casefold().rstrip(".") for c in cells}
    return words <= HEADER_WORDS | _SIDES and len(words & _SIDES) >= 2


def _header_row(text: str, number: int) -> tuple[list[Item], list[Comment], list[NotationError]]:
    """A header row read as a comment, with its warning."""
    start = len(text) - len(text.lstrip())
    row = text[start:].rstrip()
    note = StyleMark(f"{quote(row)} is read as a comment", line=number, column=start + 1, mark=row, new=f"# {row}", style=STYLE)
    return [], [Comment(row, number, start + 1)], [note]


def _as_row(
    text: str, number: int, spans: list[tuple[int, int]], cells: list[str], news: list[str], read: Read
) -> tuple[list[Item], list[Comment], list[NotationError]] | None:
    """The row of ``cells`` (between the separators at ``spans``), each separator read
    as ``news`` says, placed in the line as written; ``None`` when it reads as no row."""
    rewritten, pieces = _rewritten(spans, cells, news)
    try:
        items, comments, notes = read(rewritten, number)
    except NotationError:
        return None
    rows = [item for item in items if isinstance(item, list)]
    if not items or len(rows) < len(items):
        return None
    placed: list[Entry | Comment | NotationError] = [entry for row in rows for entry, _start, _end in row]
    if all(isinstance(e, Entry) and e.text == "..." for e in placed):
        return None  # (an empty cell, then no entry: ' ; [Match ID "kam-0611-03"]', a comment's line)
    for value in [*placed, *comments, *notes]:
        value.column = _written(pieces, value.column - 1) + 1
    return items, comments, [*notes, *_separator_marks(text, number, spans, news)]


def _separator_marks(text: str, number: int, spans: list[tuple[int, int]], news: list[str]) -> list[NotationError]:
    """The warnings of the separators at ``spans`` of line ``number`` (``text``), each
    read as its ``news``."""
    return [
        StyleMark(f"{quote(text[s:e])} between two cells is read as {quote(new)}", line=number, column=s + 1, mark=text[s:e], new=new, style=STYLE)
        for (s, e), new in zip(spans, news, strict=True)
    ]


def _rewritten(spans: list[tuple[int, int]], cells: list[str], news: list[str]) -> tuple[str, list[_Piece]]:
    """The row as our style writes it (each separator at ``spans`` replaced by its
    ``news``), and its pieces, to place what is read of it in the line as written."""
    pieces: list[_Piece] = []
    out: list[str] = []
    at = 0
    for k, cell in enumerate(cells):
        pieces.append(_Piece(at, spans[k - 1][1] if k else 0, True))
        out.append(cell)
        at += len(cell)
        if k < len(spans):
            pieces.append(_Piece(at, spans[k][0], False))
            out.append(news[k])
            at += len(news[k])
    return "".join(out), pieces


def _separators(cells: list[str]) -> list[str] | None:
    """What each separator between ``cells`` is read as (and ``fix`` writes): after a
    turn number's cell ``. ``, between two entries three blanks, after an empty cell of
    Black's ``...   ``, after the last entry nothing. ``None`` when the cells are no
    row: one or two entry cells after the turn number's, Black's only of them empty."""
    turn = _TURN.fullmatch(cells[0])
    first = 1 if turn is not None else 0
    last = max((k for k, c in enumerate(cells) if c.strip()), default=-1)
    if not _is_row(cells, cells[first : last + 1], turn is not None):
        return None
    return [_separator(cells, k, first, last, turn is not None) for k in range(len(cells) - 1)]


def _is_row(cells: list[str], entries: list[str], numbered: bool) -> bool:
    """Whether ``cells`` with these ``entries`` (from the first after the turn number's
    cell, if ``numbered``, to the last not empty) are a row: one or two entries, the
    last not empty; a single one without a turn number only between tabs."""
    if not 1 <= len(entries) <= 2 or not entries[-1].strip():
        return False
    return len(entries) == 2 or numbered or "\t" in "".join(cells)


def _separator(cells: list[str], k: int, first: int, last: int, numbered: bool) -> str:
    """What the separator after cell ``k`` is read as (``first``: the first entry's
    cell, ``last``: the last's)."""
    if k >= last:
        return ""  # (after the last entry)
    if not cells[k].strip() and k == first:
        return "...   "  # (Black's empty cell: '...')
    if k == 0 and numbered:
        return " " if cells[0].rstrip().endswith(".") else ". "
    return "   "


def _written(pieces: list[_Piece], at: int) -> int:
    """Where index ``at`` of the row as rewritten stands in the line as written."""
    piece = next(p for p in reversed(pieces) if p.start <= at)
    return piece.written + (at - piece.start if piece.copied else 0)
