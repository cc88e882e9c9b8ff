"""Board diagrams read back: the docs/notation.md §1 grid written out independently of
the code (``SPEC_GRID``), and :func:`read_board`, which reads a diagram's plain text
back into its squares (the terminal diagrams' and the command line's tests)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.cells import cell_len

from kamisado_notation.drawing.render import (
    COMPACT_WIDTH,
    FULL_WIDTH,
)
from kamisado_notation.engine.board import parse_square

# docs/notation.md §1, rank 8 first, files a..h — written out here, independently of board.py.
SPEC_GRID = """
Orange Blue   Purple Pink   Yellow Red    Green  Brown
Red    Orange Pink   Green  Blue   Yellow Brown  Purple
Green  Pink   Orange Red    Purple Brown  Yellow Blue
Pink   Purple Blue   Orange Brown  Green  Red    Yellow
Yellow Red    Green  Brown  Orange Blue   Purple Pink
Blue   Yellow Brown  Purple Red    Orange Pink   Green
Purple Brown  Yellow Blue   Green  Pink   Orange Red
Brown  Green  Red    Yellow Pink   Purple Blue   Orange
"""


def _columns(line: str) -> list[str]:
    """A line as terminal columns: a wide character and then an empty column."""
    cols: list[str] = []
    for ch in line:
        cols.append(ch)
        if cell_len(ch) == 2:
            cols.append("")
    return cols


@dataclass
class Square:
    """One square of a diagram, as its plain text shows it."""

    lines: list[str]
    word: str | None = None  # the square's code or glyph, when it shows
    tower: str | None = None  # "●o", "○O"
    rings: int = 0
    marks: list[str] = field(default_factory=list)  # "[]", "()", "{}", "><", "=="
    reachable: bool = False
    label: str | None = None


def _square_full(l0: str, l1: str, l2: str) -> Square:
    s = Square([l0, l1, l2])
    top = _columns(l0)
    s.word = "".join(top[:2]) if cell_len(l0) == 7 else None
    middle = l1[1:6]
    if middle.strip() and middle.strip() != "*":
        s.tower = middle[1:3]
        s.rings = l2[1:6].count("+")
        assert top[2:5] == ["▄"] * 3, l0  # the body's cap
    s.reachable = middle.strip() == "*" or (s.tower is not None and l0[-1] == "*")
    if l0[-1].isdigit():
        s.label = l0[-1]
    for pair in (l1[0] + l1[6], l2[0] + l2[6]):
        if pair.strip():
            s.marks.append(pair)
    return s


def _square_compact(l0: str, l1: str) -> Square:
    s = Square([l0, l1])
    cols = _columns(l0)
    inner = "".join(cols[1:3])
    if inner[:1] in ("●", "○"):
        s.tower = inner
        s.rings = l1.count("+")
        s.reachable = l1[0] == "*"
    else:
        s.word = inner
        s.reachable = l1 == " ** "
    if cols[0].isdigit():
        s.label = cols[0]
    elif (cols[0] + cols[3]).strip():
        s.marks.append(cols[0] + cols[3])
    return s


def read_board(text: str) -> dict[int, Square]:
    """``{square: Square}`` for the last board drawn in ``text``, whichever form and
    whichever way up it is drawn."""
    found: dict[int, Square] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        full = re.match(r"^ ([1-8]) (.*) \1$", line)
        compact = re.match(r"^([1-8]) (.*) \1$", line)
        m = full if full and cell_len(line) == FULL_WIDTH else compact if compact and cell_len(line) == COMPACT_WIDTH else None
        if m is None:
            continue
        rank = int(m.group(1))
        header = next(h for h in reversed(lines[:i]) if re.match(r"^\s+[a-h]\s+[a-h]", h))
        files = header.split()
        for k, f in enumerate(files):
            sq = parse_square(f"{f}{rank}")
            if m is full:
                a, b = 3 + 7 * k, 10 + 7 * k
                l0, l2 = ("".join(_columns(x.ljust(FULL_WIDTH))[a:b]) for x in (lines[i - 1], lines[i + 1]))
                found[sq] = _square_full(l0, "".join(_columns(line)[a:b]), l2)
            else:
                a, b = 2 + 4 * k, 6 + 4 * k
                l1 = "".join(_columns(lines[i + 1].ljust(COMPACT_WIDTH))[a:b])
                found[sq] = _square_compact("".join(_columns(line)[a:b]), l1)
    return found
