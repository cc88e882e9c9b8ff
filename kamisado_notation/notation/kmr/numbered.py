"""Squares written as numbers, as programs write them: two numbers a square (``from="5,0"``,
``[5, 0]``, a table's ``from_x | from_y`` columns) or one (``61 -> 37``), each program
with its own way of counting (docs/record-decisions.md, "Squares written as numbers").

Which way a text counts is not guessed from its words: each way (a :class:`Numbering`) is
a hypothesis, and the moves decide. A way is worth reading the text in where the numbers
it makes squares of stand in pairs that a tower goes between (along a file or aslant),
after the labels most of such moves stand after (:func:`numberings`); the text is then
written again with each move's numbers as the move (:func:`read_as`: ``e8-e4`` in the
place of its first square's numbers, on the same lines), its other numbers taken out (a
move's number, an id, a time: in such a text no number is a distance), and read against
the legal moves as any text is.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ...engine.board import square_name
from .containers import unwrapped

__all__ = ["Numbering", "as_read", "as_squares", "numbered_texts", "numberings", "read_as"]

#: A number that may name a square or a half of one: one or two digits, no part of a
#: word, a longer number, a decimal or a time; or a digit of four 1 to 8 run together,
#: a move's two squares each a file's number and a rank (``5836``: e8-c6, as players of
#: correspondence games write a move).
_NUMBER = re.compile(
    r"(?<![\w.:])\d{1,2}(?![\w]|[.:]\d)"
    r"|(?<![\w.:])[1-8](?=[1-8]{3}(?![\w]|[.:]\d))"
    r"|(?<=(?<![\w.:])[1-8])[1-8](?=[1-8]{2}(?![\w]|[.:]\d))"
    r"|(?<=(?<![\w.:])[1-8]{2})[1-8](?=[1-8](?![\w]|[.:]\d))"
    r"|(?<=(?<![\w.:])[1-8]{3})[1-8](?![\w]|[.:]\d)"
)
#: What may stand between two numbers of one run (``,``, ``", "y": ``, ``] -> [``, a
#: pretty-printed array's line break and indent): a little text with no digit.
_BETWEEN = re.compile(r"\s*(?:[^\d\s]\s*){0,12}")
#: A square named by file and rank (``d8``): a text that names more of them than its
#: numbers make is read as it is written.
_ALGEBRAIC = re.compile(r"(?<![\w])[a-hA-H][1-8](?!\w)")
#: A JSON document's first line: it opens an object or an array.
_OPENS = re.compile(r"\s*[\[{].*")
#: The fewest moves a text's numbers make that make a way worth reading it in.
_FEWEST = 3
#: A way is read where it makes this share of the moves the best way makes.
_NEAR_BEST = 0.85
#: The most characters before a run's first number its label is read from.
_LABEL = 12
#: Numbers that make a move's shape after other labels than the text's moves stand after
#: most are read as a move where those labels stand before this share as many moves.
_HABIT = 0.5
#: A sign said again right after itself (``....``).
_REPEATED = re.compile(r"(\W)\1+")
#: What stands before a move left out, and the move (``1. ....``): the number after it is
#: in the next column, its label what parts a row's moves.
_LEFT_OUT = re.compile(r".*(?:\.{3,}|…)")
#: A label's end: the word of a key, and the signs after it.
_KEYED = re.compile(r"(\w*)([^\w]*)$")
#: The most ways a text is read in.
_MOST = 4


@dataclass(frozen=True, slots=True)
class Numbering:
    """One way of numbering the squares: by two numbers (``pair``), file then rank
    (``file_first``) or rank then file, or by one, row after row (``file_first``: a row's
    squares numbered one after the other) or column after column; counted from ``base``
    (0 or 1), the rows from the top (``from_top``: Black's home row, rank 8, first) or
    from the bottom."""

    pair: bool
    base: int
    from_top: bool
    file_first: bool

    @property
    def size(self) -> int:
        """How many numbers name a square."""
        return 2 if self.pair else 1

    def square(self, numbers: Sequence[int]) -> int | None:
        """The square ``numbers`` (two for a ``pair`` numbering, else one) name, or ``None``
        where they name none."""
        place = self._place([n - self.base for n in numbers])
        if place is None:
            return None
        row, file = place
        return (7 - row if self.from_top else row) * 8 + file

    def _place(self, counted: list[int]) -> tuple[int, int] | None:
        """The row (from the first this numbering counts) and the file of the square
        ``counted`` (its numbers, counted from 0) names, or ``None``."""
        return _pair_place(counted, file_first=self.file_first) if self.pair else _index_place(counted[0], by_rows=self.file_first)

    @property
    def said(self) -> str:
        """How a reader says this numbering (``x then y, from 0, rows from the top``)."""
        what = ("file then row" if self.file_first else "row then file") if self.pair else ("one number a square, row by row" if self.file_first else "one number a square, column by column")
        top = "Black's home row first" if self.from_top else "Gold's home row first"
        return f"{what}, counted from {self.base}, {top}"


def _pair_place(counted: list[int], *, file_first: bool) -> tuple[int, int] | None:
    """The row and file two numbers (from 0) name, file first or row first."""
    first, second = counted
    if not (0 <= first < 8 and 0 <= second < 8):
        return None
    return (second, first) if file_first else (first, second)


def _index_place(k: int, *, by_rows: bool) -> tuple[int, int] | None:
    """The row and file one number (from 0) names, counting row after row or column
    after column."""
    if not 0 <= k < 64:
        return None
    row, file = divmod(k, 8) if by_rows else divmod(k, 8)[::-1]
    return row, file


_ALL = tuple(Numbering(pair, base, top, first) for pair, base, top, first in product((True, False), (0, 1), (True, False), (True, False)))


def _moves_as(a: int, b: int) -> bool:
    """Whether a tower could go from square ``a`` to ``b``: along a file or aslant."""
    files, ranks = abs(a % 8 - b % 8), abs(a // 8 - b // 8)
    return ranks > 0 and files in (0, ranks)


def _runs(text: str) -> Iterator[list[re.Match[str]]]:
    """The runs of ``text``'s numbers: numbers each a little text from the one before."""
    run: list[re.Match[str]] = []
    for m in _NUMBER.finditer(text):
        if run and _parted(text, run[-1], m):
            yield run
            run = []
        run.append(m)
    if run:
        yield run


def _parted(text: str, before: re.Match[str], m: re.Match[str]) -> bool:
    """Whether the numbers ``before`` and ``m`` of ``text`` stand in two runs: more than
    a little text between them (:data:`_BETWEEN`), or a run of digits run together (a
    move in four digits, ``5836``) ends between them."""
    glued = before.end() == m.start()
    return not _BETWEEN.fullmatch(text, before.end(), m.start()) or (not glued and (_in_digits(text, before) or _in_digits(text, m)))


def _in_digits(text: str, m: re.Match[str]) -> bool:
    """Whether number ``m`` of ``text`` is a digit of a run of them (``5836``)."""
    return text[m.end() : m.end() + 1].isdigit() or text[m.start() - 1 : m.start()].isdigit()


#: A square where the text says it: its text's start and end, and the square.
_Square = tuple[int, int, int]
#: A move: the square it goes from and the one it goes to.
_Move = tuple[_Square, _Square]


def _offers(run: list[re.Match[str]], numbering: Numbering) -> dict[int, _Move]:
    """The moves ``numbering`` may read in ``run``, by the number each begins at: two
    squares in a row, each of one number or two, that a tower goes between (along a file
    or aslant), or one square twice (a tower that cannot move)."""
    size = numbering.size
    out: dict[int, _Move] = {}
    for k in range(len(run) - 2 * size + 1):
        a, b = (_square(run[j : j + size], numbering) for j in (k, k + size))
        if _a_move(a, b):
            out[k] = a, b  # type: ignore[assignment]
    return out


def _a_move(a: _Square | None, b: _Square | None) -> bool:
    """Whether a tower may go from square ``a`` to ``b``, or stay on it."""
    return a is not None and b is not None and (a[2] == b[2] or _moves_as(a[2], b[2]))


def _square(group: list[re.Match[str]], numbering: Numbering) -> _Square | None:
    """The square the numbers ``group`` name in ``numbering``, where they name one."""
    sq = numbering.square([int(m.group()) for m in group])
    return (group[0].start(), group[-1].end(), sq) if sq is not None else None


def _read_in(text: str, numbering: Numbering) -> list[tuple[list[re.Match[str]], list[_Move]]]:
    """Each run of ``text``'s numbers, and the moves ``numbering`` reads in it. A program
    writes its fields in one order (``"from": [1, 0], "to": [1, 6]``), so a move is read
    where its numbers stand after the labels that stand before the most different moves,
    or nearly (:data:`_HABIT`): numbers that make a move's shape after other labels
    (``game 41 round 1``, ``round 1 move 1``) are a game's, a round's, a move's number.
    Two squares on two lines after the same label are two things' places, no move (a
    save's setup: ``<Tower row="1" col="1"/>``, ``<Tower row="1" col="2"/>``)."""
    runs = [(run, _apart(text, run, _offers(run, numbering), numbering.size)) for run in _runs(text)]
    habit = _habit(text, runs, numbering.size)
    least = max(habit.values(), default=0) * _HABIT
    return [(run, _taken(offers, {k: habit[_labels(text, run, k, numbering.size)] for k in offers}, least, numbering.size)) for run, offers in runs]


def _apart(text: str, run: list[re.Match[str]], offers: dict[int, _Move], size: int) -> dict[int, _Move]:
    """The ``offers`` of ``run`` but those whose squares stand on two lines after the
    same label."""
    return {k: (a, b) for k, (a, b) in offers.items() if "\n" not in text[a[1] : b[0]] or len(set(_labels(text, run, k, size))) == 2}


def _habit(text: str, runs: list[tuple[list[re.Match[str]], dict[int, _Move]]], size: int) -> Counter[tuple[str, str]]:
    """How many different moves (not a tower that cannot move) stand after each pair of
    labels in the ``runs`` of ``text`` (``size`` numbers a square)."""
    seen: dict[tuple[str, str], set[tuple[int, int]]] = {}
    for run, offers in runs:
        for k, (a, b) in offers.items():
            if a[2] != b[2]:
                seen.setdefault(_labels(text, run, k, size), set()).add((a[2], b[2]))
    return Counter({labels: len(moves) for labels, moves in seen.items()})


def _taken(offers: dict[int, _Move], habit: dict[int, int], least: float, size: int) -> list[_Move]:
    """The moves of a run's ``offers`` read: the most habitual first (``habit``: of the
    move that begins at each number), none less than ``least``, no number read twice."""
    taken: list[_Move] = []
    used: set[int] = set()
    for k in sorted(offers, key=lambda k: (-habit[k], k)):
        if habit[k] >= least and used.isdisjoint(range(k, k + 2 * size)):
            used.update(range(k, k + 2 * size))
            taken.append(offers[k])
    return sorted(taken)


def _labels(text: str, run: list[re.Match[str]], k: int, size: int) -> tuple[str, str]:
    """What stands before the numbers of the two squares of a move that begins at the
    ``k``-th number of ``run`` (``size`` numbers a square): their labels, spaces aside."""
    return _label(text, run, k), _label(text, run, k + size)


def _label(text: str, run: list[re.Match[str]], k: int) -> str:
    """The label of the ``k``-th number of ``run``: the signs right before it, and where
    they say a key's value (``:``, ``=``: ``"from": [``, ``to="``) the key's word, spaces
    aside (words between two numbers that say no key, ``black pink (``, are the move's,
    not its field's: its label is ``(``), a sign said again once; after a move left out
    (``1. ....  8127``), what follows it (the label of the row's second move, ``''``)."""
    start = run[k - 1].end() if k else max(text.rfind("\n", 0, run[k].start()) + 1, run[k].start() - _LABEL)
    before = "".join(text[start : run[k].start()].split())
    label = _KEYED.search(before)
    signs = _REPEATED.sub(r"\1", _LEFT_OUT.sub("", label[2])) if label else ""  # ('1. ....  5133': a move left out stands in its column)
    return label[0] if label and (":" in label[2] or "=" in label[2]) else signs


def _telling(text: str, numbering: Numbering) -> int:
    """How many of the moves ``numbering`` reads in ``text`` say something of it:
    each a move, not a tower that cannot move; in one number a square, not both of
    the first eight numbers, which any numbering by columns reads as one file (two
    numbers of a square read one by one would make moves of every pair)."""
    moves = [move for _, taken in _read_in(text, numbering) for move in taken]
    return sum(a[2] != b[2] and (numbering.pair or _high(text, a, b, numbering.base)) for a, b in moves)


def _high(text: str, a: _Square, b: _Square, base: int) -> bool:
    """Whether one of two squares of ``text`` numbered one number a square (from
    ``base``) is numbered past the first eight."""
    return max(int(text[a[0] : a[1]]), int(text[b[0] : b[1]])) >= 8 + base


def as_read(lines: list[str]) -> list[str]:
    """``lines`` as a record's text is read (:func:`~.containers.unwrapped`: a JSON
    document's strings, an XML document's text, line for line), or as they are where
    their squares are numbers that text leaves out or takes from their labels (a save's
    ``"from": [5, 0]``, ``<move ply="3" from="5,0" to="5,3"/>``: :func:`read_as`
    reads the squares, then the text)."""
    read = list(unwrapped(lines))
    return lines if read != lines and numberings(lines) else read


@lru_cache(maxsize=4)
def _counted(text: str) -> list[tuple[int, int, int]]:
    """How many moves each way (by its place in :data:`_ALL`, the last of each triple)
    makes of ``text``'s numbers (:func:`_telling`), the most first, and of two ways that
    make as many, first the one fewer of the text's numbers fall outside of
    (:func:`_outside`: a save's square ``0`` is no square counted from 1); none where it
    holds no number. Kept for the last few texts: a text read again is asked of by the reading,
    each order it is read in, and ``fix``."""
    if not _NUMBER.search(text):
        return [(0, 0, 0)]
    numbers = sorted(int(m.group()) for m in _NUMBER.finditer(text))
    return sorted(((_telling(text, n), -_outside(numbers, n), k) for k, n in enumerate(_ALL)), reverse=True)


def _outside(numbers: list[int], numbering: Numbering) -> int:
    """How many of ``numbers`` (in order) name no square's number (nor one of a square's
    two) in ``numbering``."""
    first, past = numbering.base, numbering.base + _NAMED[numbering.size]
    return len(numbers) - (bisect_left(numbers, past) - bisect_left(numbers, first))


#: How many numbers name a square, or one of its two, by how many name a square.
_NAMED = {1: 64, 2: 8}


def numberings(lines: Sequence[str], *, read: int = 0) -> list[Numbering]:
    """The ways of numbering squares worth reading ``lines`` in, the likeliest first: each
    makes as many moves of the text's numbers as the best way does, or nearly (a move:
    two squares in a row a tower goes between), more than the text names squares by
    file and rank, and half as many as the moves ``read`` of it otherwise at least; none
    where the numbers make too few moves (a record's distances and moves' numbers make a
    move's shape now and then)."""
    text = "\n".join(lines)
    counted = _counted(text)
    most = counted[0][0]
    if most < max(_FEWEST, read / 2) or 2 * most <= len(_ALGEBRAIC.findall(text)):
        return []
    return [_ALL[k] for count, _, k in counted[:_MOST] if count >= most * _NEAR_BEST]


def numbered_texts(lines: Sequence[str], *, read: int = 0) -> list[tuple[Numbering, tuple[str, ...]]]:
    """Each way of numbering squares worth reading ``lines`` in (:func:`numberings`,
    ``read`` as it says), with the text they are read as in it (:func:`read_as`)."""
    return [(numbering, read_as(lines, numbering)) for numbering in numberings(lines, read=read)]


def read_as(lines: Sequence[str], numbering: Numbering) -> tuple[str, ...]:
    """The text ``lines`` are read as where ``numbering`` numbers their squares: the
    lines with those numbers written as squares (:func:`as_squares`), as a record's text
    is read (:func:`~.containers.unwrapped`: a JSON document's strings, the squares among
    them, a save's ``"from": [5, 0]`` whose keys are no words of a move; an XML
    document's text, ``<move from="5,0" to="5,3"/>``); the text's other numbers, and the words
    they are run into (a game's ``g41``, a round's ``r1``), taken out: where a text writes
    its squares as numbers, a number is no distance."""
    read = unwrapped(as_squares(lines, numbering, quoted=_json(lines)))
    return tuple(_IDS.sub(_no_number, text) for text in read)


def _no_number(m: re.Match[str]) -> str:
    """A number, or a word a number is run into, taken out; a square's name kept."""
    return m[0] if _SQUARE_NAME.fullmatch(m[0]) else ""


def _json(lines: Sequence[str]) -> bool:
    """Whether ``lines`` are a JSON document."""
    first = next((text for text in lines if text.strip()), "")
    if not _OPENS.fullmatch(first):
        return False
    try:
        json.loads("\n".join(lines))
    except ValueError:
        return False
    return True


def as_squares(lines: Sequence[str], numbering: Numbering, *, quoted: bool = False) -> tuple[str, ...]:
    """``lines`` with the numbers ``numbering`` reads as the squares of a move written as
    those squares' names, each in the place of its numbers and the brackets that hold
    them alone, on the same line; the numbers of its runs that make no move (a move's
    number, an id, a distance the squares say again) taken out.
    ``quoted``: a number that stands outside a string written as a JSON string (a
    square's name, ``"f8"``, or an empty string for another number)."""
    text = "\n".join(lines)
    parts, at = [], 0
    for start, end, name in _written(text, numbering, quoted=quoted):
        parts += [text[at:start], _in_place(name, text[start:end])]
        at = end
    return tuple(("".join(parts) + text[at:]).split("\n"))


def _written(text: str, numbering: Numbering, *, quoted: bool) -> Iterator[tuple[int, int, str]]:
    """What :func:`as_squares` writes in the place of each number of ``text``: where it
    starts and ends (a square's numbers with the brackets that hold them alone; a move's
    second square with the signs between it and the first: ``(3,4)->(3,1)`` is one move)
    and the text written there."""
    at = 0
    for run, taken in _read_in(text, numbering):
        squares = _places(taken)
        for m in run:
            if m.start() < at:
                continue  # (the second number of a square)
            end, name, second = squares.get(m.start(), (m.end(), "", False))
            start, end = _bracketed(text, m.start(), end) if m.start() in squares else (m.start(), end)
            if second and _SIGNS_ONLY.fullmatch(text, at, start):
                start = at
            yield start, end, _valued(text, m.start(), name) if quoted else name
            at = end


def _places(taken: list[_Move]) -> dict[int, tuple[int, str, bool]]:
    """Where the squares of the moves ``taken`` start, each with where it ends, what is
    written in its place (:func:`_said`) and whether it is the second of a move."""
    return {start: (end, _said(a, b, first=k == 0), k == 1 and a[2] != b[2]) for a, b in taken for k, (start, end, _) in enumerate((a, b))}


def _valued(text: str, at: int, name: str) -> str:
    """``name``, to be written at ``at`` of a JSON document ``text``, as a string where
    it stands as a value (not in a string): the document stays JSON."""
    return f'"{name}"' if text.count('"', text.rfind("\n", 0, at) + 1, at) % 2 == 0 else name


#: A number, or a word a number is run into (``g41``, ``r1``: a program's id), where a
#: text's squares are numbers: no distance, no square (but a square's name written in).
_IDS = re.compile(r"(?<![^\W\d_])[^\W\d_]{0,3}\d+")
_SQUARE_NAME = re.compile(r"[a-h][1-8]")
#: Signs alone between a move's two squares on one line (``->``, ``, ``, ``-``).
_SIGNS_ONLY = re.compile(r"[^\w\n]*")
#: A bracket that opens right before a square's numbers, and one that closes right after.
_OPENED, _CLOSED = re.compile(r"[(\[{]\s*$"), re.compile(r"\s*[)\]}]")


def _bracketed(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the numbers of a square from ``start`` to ``end`` stand with the brackets
    that hold them and nothing else (``(3,4)``, ``[60]``): their brackets are theirs,
    no comment's."""
    opened = _OPENED.search(text, max(0, start - 3), start)
    closed = _CLOSED.match(text, end)
    return (opened.start(), closed.end()) if opened and closed else (start, end)


def _said(a: _Square, b: _Square, *, first: bool) -> str:
    """What is written in the place of the squares of a move from ``a`` to ``b``: at the
    first, the move (``e8-e4``: one entry however far apart the two squares stand, a
    save's ``"from"`` and ``"to"`` on lines of their own); at the second, nothing. A
    tower that cannot move is its square, twice."""
    if a[2] == b[2]:
        return square_name(a[2])
    return f"{square_name(a[2])}-{square_name(b[2])}" if first else ""


def _in_place(name: str, written: str) -> str:
    """``name`` in the place of the numbers ``written``, the line breaks between them
    kept (the lines stay the lines they were; ``(3,4)->(3,1)`` is ``d4->d1``, one move)."""
    return name + "\n" * written.count("\n")
