"""The whole-line fast paths: the lines a record is mostly made of, read by one regex each.

A row of one or two entries, a header, a ``Round`` or ``Lineup`` line is matched whole
by one compiled regex and its words named by plain dict lookups: the same model as the
general path (:mod:`.general_path`), about 8x faster (``bench/bench_parse.py``). Any
line they do not take (None) goes to the general path, which gives every error message.

:func:`general_paths` is the one switch that turns the fast paths off — the readers'
whole-line regexes and the validation played straight on the position
(:mod:`kamisado_notation.checking.verdict`) — for the tests and benchmarks that hold the
two ways to the same results. No public call takes a flag for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from typing import Final, Literal, NamedTuple

from ...engine.board import COLOURS, DIRECTIONS, Colour, Direction
from ...engine.position import WrittenMove
from ..record import HEADER_NAME, Comment, Entry, Header, Lineup, RoundRecord
from ..vocabulary import colour_of, direction_of, fill_of, side_of, word_kinds
from .tokens import ARROWS, CACHED_CHARS, KINDS_LIMIT, MAX_DIGITS, POSSESSIVE, SQUARES, STRING, unescape

# ------------------------------------------------------------------ the switch

_READING: ContextVar[bool] = ContextVar("kamisado_fast_reading", default=True)
_VALIDATING: ContextVar[bool] = ContextVar("kamisado_fast_validating", default=True)


def reading_fast() -> bool:
    """Whether the readers take the whole-line fast paths (see :func:`general_paths`)."""
    return _READING.get()


def validating_fast() -> bool:
    """Whether validation plays matches straight on the position first (see
    :func:`general_paths`)."""
    return _VALIDATING.get()


@contextmanager
def general_paths(*, reading: bool = True, validating: bool = True) -> Iterator[None]:
    """Within the block (in this thread or task), every line is read by the grammar
    (``reading``) and every match is validated through the record model and the full
    replay (``validating``) instead of the fast paths. The results are the same: this is
    how the tests and benchmarks compare the two. Worker processes (``--jobs``) keep the
    fast paths.

    >>> from kamisado_notation import parse_record
    >>> with general_paths():
    ...     slow = parse_record("Round 1\\n1. Pu L1 Gr")
    >>> slow == parse_record("Round 1\\n1. Pu L1 Gr")
    True
    """
    tokens = (_READING.set(False) if reading else None, _VALIDATING.set(False) if validating else None)
    try:
        yield
    finally:
        if tokens[1] is not None:
            _VALIDATING.reset(tokens[1])
        if tokens[0] is not None:
            _READING.reset(tokens[0])


# ------------------------------------------------------------------ whole-row fast path

# The common line of a record is one row: ``[N.] <entry> [<entry>] [# comment]``, the
# entries in the colour forms or coordinates. One compiled regex reads such a line whole
# and plain dict lookups name its words, with no tokens and no parse. It accepts only
# lines the general path (:func:`parse_line`) reads without error and into the same
# entries, piece by piece the tokens the general lexer finds there:
# - a word is letters only (a combining accent goes to the general path), and is always
#   followed by a blank, an arrow, a digit, '#' or the end: so it is the whole word
#   (backtracking to part of a word would leave a letter next, which nothing accepts);
# - a distance is followed by a blank or a letter: never by a digit, '.' (a turn
#   number) or '-' (a coordinate such as 'B5-b4');
# - only spaces and tabs separate, and two words always have one between them;
# - a coordinate (with its '*') is followed by a blank, '#' or the end;
# - the dict lookups accept only words the grammar resolves in that slot (COLOUR first
#   in a tower or square slot, DIRECTION after a tower colour, as :class:`FastLexer`);
#   an entry's fields depend on its text only, so they are cached by its text.
# Anything else (an unknown word, a distance 0 with a direction, other blanks, three
# entries…) goes to the general path, which also gives every error message; a line with
# braced comments is read with them blanked (:func:`blank_braced`, at the end).
# tests/notation/test_garbage.py checks the two paths agree on random and near-miss lines.

# Words and digits never give back a character (see above): possessive where the
# regex engine has it (Python 3.11), which makes a line that is no row fail fast.
_F_WORD = r"[^\W\d_]+" + POSSESSIVE
_F_DIGITS = rf"[0-9]{{1,{MAX_DIGITS}}}" + POSSESSIVE
# one entry: coordinates, or tower, direction (word or arrow; none when blocked),
# distance, square; in _ENTRY_RE with groups in that order
_F_ENTRY = (
    r"(?:([a-hA-H][1-8]-[a-hA-H][1-8]\*?)"
    rf"|({_F_WORD})(?:[ \t]+({_F_WORD})[ \t]*|[ \t]*([↑↖↗↓^\\/])[ \t]*|[ \t]*)({_F_DIGITS})[ \t]*({_F_WORD}))"
)
_ENTRY_RE = re.compile(_F_ENTRY + r"\Z")
_ANY_ENTRY = re.sub(r"\((?!\?)", "(?:", _F_ENTRY)  # the same without its groups
# groups: turn number, '...', first entry, second entry, comment
ROW_RE = re.compile(
    rf"[ \t]*(?:([0-9]{{1,{MAX_DIGITS}}})\.[ \t]+)?(?:(\.\.\.)|({_ANY_ENTRY}))(?:[ \t]+({_ANY_ENTRY}))?[ \t]*(#.*)?\Z"
)

#: An entry's slots as the fast paths read them, the Entry fields after ``text`` up to
#: ``placeholder``: tower, direction, distance, square colour, origin, target, push
#: mark, placeholder.
EntrySlots = tuple[Colour | None, Direction | None, int | None, Colour | None, int | None, int | None, bool, bool]


class _No(Enum):
    """Not a word of that slot (a sentinel: None is a field's value)."""

    NO = 0


_NO: Final = _No.NO
#: word as written → Colour / Direction, for the words the grammar takes in that slot
#: (filled as words are met; the general path's word tables decide).
_F_COLOURS: dict[str, Colour] = {}
_F_DIRECTIONS: dict[str, Direction] = {a: direction_of(a) for a in ARROWS}
_F_SQUARES = {f + r: v for sq, v in SQUARES.items() for f in (sq[0], sq[0].upper()) for r in sq[1]}
#: entry text → how the fast paths read it (:class:`EntryRead`), or False when the
#: general path must read it. A record repeats its entries' texts: this is the memo the
#: readers' first tier looks a row's entries up in (:mod:`.reader`).
_READS: dict[str, EntryRead | Literal[False]] = {}
#: each written move once: the texts of one move (its forms: text, symbols, short)
#: share it, so that the engine's hot loop reads less memory in a file that mixes them
_SHARED: dict[WrittenMove, WrittenMove] = {}
#: what the engine never plays as an ordinary move (no tower named nor a direction): an
#: entry's :attr:`EntryRead.written` when it does not say all of its move
UNPLAYABLE: WrittenMove = (None, None, 0, None, -1, -1)


class EntryRead(NamedTuple):
    """An entry's text as the fast paths read it, once for every row that holds it.

    ``written``: the move as the engine plays it
    (:data:`~kamisado_notation.engine.position.WrittenMove`, for
    :meth:`Position.play_written`); for an entry that does not say all of it (a push
    mark: the engine must find the push), one it never plays as an ordinary move.
    ``slots``: its slots, the :class:`Entry` fields after ``text`` up to
    ``placeholder`` (:data:`EntrySlots`). ``text``: the entry as written. (A tuple: the fast
    verdict takes ``written`` off a run of them in one C call.)"""

    written: WrittenMove
    slots: EntrySlots
    text: str


def _read(text: str, slots: EntrySlots) -> EntryRead:
    return EntryRead(as_written(slots), slots, text)


#: added to the origin of a coordinate entry with a push mark (``d1-d3*``) in its written
#: move: no square, so the engine never plays it as an ordinary move (the push is found by
#: :meth:`Position.resolve_coords`), and :func:`move_slots` gives the mark back
PUSH_MARKED: Final = 64


def _written(f: EntrySlots) -> WrittenMove | None:
    """An entry's fields as the engine plays them, when they say all of the move (a push
    mark on a coordinate entry: see :data:`PUSH_MARKED`)."""
    tower, direction, distance, square, origin, target, mark, placeholder = f
    if placeholder or (mark and origin is None):
        return None
    w: WrittenMove
    if origin is not None:
        if target is None:
            return None
        w = (None, None, 0, None, origin | PUSH_MARKED if mark else origin, target)
    elif square is None or distance is None:
        return None
    else:
        w = (_value(tower), _value(direction), distance, int(square), -1, -1)
    return _SHARED.setdefault(w, w) if len(_SHARED) < KINDS_LIMIT else w


def _value(word: Colour | Direction | None) -> int | None:
    return None if word is None else int(word)


def move_slots(w: WrittenMove) -> EntrySlots:
    """The fields of an entry whose text :data:`MOVE_MEMO` gives as ``w``: the inverse of
    :func:`as_written` for every entry the fast paths read.

    >>> read = entry_read("Pu L1 Gr")
    >>> MOVE_MEMO["Pu L1 Gr"] is read.written and move_slots(read.written) == read.slots
    True
    """
    tower, direction, distance, square, origin, target = w
    if origin >= 0:
        if origin & PUSH_MARKED:
            return (None, None, None, None, origin ^ PUSH_MARKED, target, True, False)
        return (None, None, None, None, origin, target, False, False)
    return (
        None if tower is None else COLOURS[tower],
        None if direction is None else DIRECTIONS[direction],
        distance,
        None if square is None else COLOURS[square],
        None,
        None,
        False,
        False,
    )


def as_written(f: EntrySlots) -> WrittenMove:
    """An entry's fields as the engine plays them (:data:`WrittenMove`), for any entry: a
    move written as a push, or without its square's colour, is one the engine never plays
    as an ordinary move (then :meth:`Position.resolve` has the word for it)."""
    w = _written(f)
    return UNPLAYABLE if w is None else w


def _f_colour(word: str) -> Colour | _No:
    """The colour a word in a tower or square slot names, or ``_NO`` (then the general
    path reads the line)."""
    value = _F_COLOURS.get(word, _NO)
    if value is _NO and "COLOUR" in word_kinds(word) and len(_F_COLOURS) < KINDS_LIMIT:
        value = _F_COLOURS[word] = colour_of(word)
    return value


def _f_direction(word: str) -> Direction | _No:
    value = _F_DIRECTIONS.get(word, _NO)
    if value is _NO and "DIRECTION" in word_kinds(word) and len(_F_DIRECTIONS) < KINDS_LIMIT:
        value = _F_DIRECTIONS[word] = direction_of(word)
    return value


def _f_read(text: str) -> EntryRead | Literal[False]:
    """How the fast paths read the entry ``text`` (which :data:`_ANY_ENTRY` matched), or
    False when the general path must read it (an unknown word, 'Pu L0 Ye', 'Pu 5 Ye');
    memoised in :data:`_READS`."""
    m = _ENTRY_RE.match(text)
    if m is None:  # pragma: no cover - the row regex matched the same text
        return False
    coords, tower, word, arrow, distance, square = m.groups()
    slots: EntrySlots | None
    if coords is not None:
        slots = (None, None, None, None, _F_SQUARES[coords[0:2]], _F_SQUARES[coords[3:5]], coords[-1] == "*", False)
    else:
        slots = _f_colour_slots(tower, word or arrow, int(distance), square)
    read: EntryRead | Literal[False] = False if slots is None else _read(text, slots)
    if len(_READS) < KINDS_LIMIT and len(text) <= CACHED_CHARS:  # no long garbage kept
        _READS[text] = read
        if read:
            _KNOWN[text] = read
            _MOVES[text] = read.written
    return read


def _f_colour_slots(tower: str, way: str | None, n: int, square: str) -> EntrySlots | None:
    """The slots of an entry in the colour forms (``way``: its direction's word or
    arrow, ``None`` for none), or ``None`` when a word is unknown or a distance of 0 has
    a direction (or another none)."""
    colour, on = _f_colour(tower), _f_colour(square)
    direction = None if way is None else _f_direction(way)
    if colour is _NO or on is _NO or direction is _NO or (direction is None) != (n == 0):
        return None
    return (colour, direction, n, on, None, None, False, False)


def entry_read(text: str) -> EntryRead | Literal[False]:
    """How the fast paths read the entry ``text`` (one an entry group of :data:`ROW_RE`
    or :data:`SEG_RE` matched), or False when the general path must read it. Memoised:
    :data:`ENTRY_MEMO` holds it under its text alone."""
    read = _READS.get(text)
    return _f_read(text) if read is None else read


#: the entries of :data:`_READS` the fast paths read (no False)
_KNOWN: dict[str, EntryRead] = {}
#: the entries of :data:`_KNOWN` as the engine plays them: what the first tier gives a
#: consumer that plays the rows (``RecordEvents.plays``); :func:`move_slots` gives their
#: fields back
_MOVES: dict[str, WrittenMove] = {}
#: the memo of :func:`entry_read` (an entry text the row regex read before → its
#: :class:`EntryRead`), and the same entries as the engine plays them (→ their
#: ``WrittenMove``), for the reader's first tier, which looks them up by subscript (the
#: fastest way Python has; nothing but :func:`entry_read` writes to them)
ENTRY_MEMO: Final[Mapping[str, EntryRead]] = _KNOWN
MOVE_MEMO: Final[Mapping[str, WrittenMove]] = _MOVES

#: turn number as a row writes it → its value, for the reader's first tier (a turn
#: number written otherwise, ``01.``, or past 1000 goes to the row regex)
TURN_NUMBERS: Final = {str(n): n for n in range(1, 1001)}
#: what no turn number of a line is: a line break (a line has none). The reader's first
#: tier compares it where no turn number is due: a str with a str, which Python 3.11
#: specialises (a str with None would undo that on every round)
NO_TURN: Final = "\n"
#: ``TURN_TEXTS[n]``: turn number ``n`` as a row writes it (:data:`NO_TURN` past 1000)
TURN_TEXTS: Final[list[str]] = [NO_TURN, *TURN_NUMBERS, NO_TURN]


#: a row as the fast paths read it: its turn number, its first entry (None: ``...``),
#: its second (None: none), and its trailing comment
RowRead = tuple[int | None, EntryRead | None, EntryRead | None, Comment | None]


def read_row(m: re.Match[str], number: int) -> RowRead | None:
    """The row :data:`ROW_RE` matched (line ``number``); None when an entry of it is one
    for the general path."""
    turn, dots, first, second, comment = m.groups()
    a: EntryRead | None = None
    if dots is None:
        got = entry_read(first)
        if not got:
            return None
        a = got
    b: EntryRead | None = None
    if second is not None:
        got = entry_read(second)
        if not got:
            return None
        b = got
    c = None if comment is None else Comment(comment[1:], number, m.start(5) + 1, False)
    return (None if turn is None else int(turn)), a, b, c


def row_entries(number: int, turn: int | None, a: EntryRead | None, b: EntryRead | None, line: str) -> list[Entry]:
    """The :class:`Entry` objects of a row the fast paths read (line ``number``, whose
    text ``line`` holds the entries' texts in order: their columns are found there)."""
    text = "..." if a is None else a.text
    column = line.find(text) + 1
    first = (
        Entry(number, column, "...", placeholder=True, number=turn)
        if a is None
        else Entry(number, column, text, *a.slots, turn)
    )
    if b is None:
        return [first]
    return [first, Entry(number, line.find(b.text, column - 1 + len(text)) + 1, b.text, *b.slots, None)]


def _f_entry(number: int, column: int, text: str, turn: int | None) -> Entry | None:
    """The Entry of ``text`` (an entry :data:`_ANY_ENTRY` matched, or ``...``) at
    ``column``, or None when the general path must read it."""
    if text == "...":
        return Entry(number, column, "...", None, None, None, None, None, None, False, True, turn)
    read = entry_read(text)
    if not read:
        return None
    return Entry(number, column, text, *read.slots, turn)


def fast_match(m: re.Match[str], number: int) -> tuple[list[Entry], Comment | None] | None:
    """The entries and trailing comment of the row :data:`ROW_RE` matched (line
    ``number``); None when an entry of it is one for the general path."""
    read = read_row(m, number)
    if read is None:
        return None
    turn, a, b, comment = read
    return row_entries(number, turn, a, b, m.string), comment


# A line of more than two entries (a whole round on one line, as self-play tools write
# it): the same pieces as a row, one segment ``[N.] <entry>|...`` at a time, blanks
# between them, then an optional comment. Each segment obeys the row's rules above, so
# the line reads as the general path would read it; anything else gives None.
SEG_RE = re.compile(rf"(?:([0-9]{{1,{MAX_DIGITS}}})\.[ \t]+)?(?:(\.\.\.)|({_ANY_ENTRY}))")
_BLANKS_RE = re.compile(r"[ \t]+")
_END_RE = re.compile(r"[ \t]*(#.*)?\Z")


def fast_segments(
    text: str, number: int, segment: Callable[[str, int], re.Match[str] | None]
) -> tuple[list[Entry], Comment | None] | None:
    """The entries and trailing comment of line ``number`` when it is a sequence of
    entries (``segment`` is :data:`SEG_RE`'s ``match``); None sends it to the general
    path."""
    entries: list[Entry] = []
    blanks, end = _BLANKS_RE.match, _END_RE.match
    b = blanks(text)
    pos = b.end() if b is not None else 0
    while True:
        m = segment(text, pos)
        if m is None:
            return None
        turn, dots, _body = m.groups()
        group = 2 if dots is not None else 3
        e = _f_entry(number, m.start(group) + 1, m.group(group), int(turn) if turn is not None else None)
        if e is None:
            return None
        entries.append(e)
        pos = m.end()
        tail = end(text, pos)
        if tail is not None:
            comment = tail.group(1)
            if comment is None:
                return entries, None
            return entries, Comment(comment[1:], number, tail.start(1) + 1, False)
        b = blanks(text, pos)
        if b is None:
            return None
        pos = b.end()


# The other lines of a generated record, read the same way: headers, Round and Lineup
# lines, with their keywords in the spellings the formatter writes.
OTHER_RE = re.compile(
    r"[ \t]*(?:"
    rf"(\[)[ \t]*({HEADER_NAME})[ \t]*({STRING})[ \t]*\]"
    rf"|(Round|round)[ \t]+([0-9]{{1,{MAX_DIGITS}}})(?:[ \t]+(?:fill|Fill)[ \t]+(left|right|Left|Right))?"
    rf"|(Lineup|lineup)[ \t]+(Black|Gold|White|black|gold|white)[ \t]*:[ \t]*({_F_WORD})"
    + rf"[ \t]+({_F_WORD})" * 7
    + r")[ \t]*(#.*)?\Z"
)
_OTHER_COMMENT = 17  # the group of the trailing comment
OTHER_STARTS = ("[", "Round ", "round ", "Lineup ", "lineup ")  # lines that are no row
_F_FILLS = {w: fill_of(w) for w in ("left", "right", "Left", "Right")}
_F_SIDES = {w: side_of(w) for w in ("Black", "Gold", "White", "black", "gold", "white")}


def fast_lineup(line: str, number: int) -> Lineup | None:
    """A ``Lineup`` line written plainly (``Lineup Black: Blue Brown …``: one space between
    the words, no comment, colour words read before) as :func:`fast_other` reads it,
    without the regex; None leaves it to the regex. (A record rarely repeats a lineup:
    reading a file once, each lineup line is new, and this is how most are read.)

    >>> line = "Lineup Gold: Bl Br Pu Gr Ye Or Pi Re"
    >>> by_regex, _ = fast_other(OTHER_RE.match(line), 4)  # (its colour words are now known)
    >>> fast_lineup(line, 4) == by_regex
    True
    >>> fast_lineup(line.replace(": ", ":  "), 4) is None  # two spaces: the regex reads it
    True
    """
    words = line.split(" ")
    if len(words) != 10 or words[0] not in ("Lineup", "lineup") or words[1][-1:] != ":":
        return None
    side = _F_SIDES.get(words[1][:-1])
    if side is None:
        return None
    colours: list[Colour] = []
    for word in words[2:]:
        colour = _F_COLOURS.get(word)  # (a word read as a colour before: it has a colour's letters)
        if colour is None:
            return None
        colours.append(colour)
    return Lineup(side, colours, number, 1)


def fast_other(m: re.Match[str], number: int) -> tuple[Header | RoundRecord | Lineup, Comment | None] | None:
    """The header, round or lineup of a line :data:`OTHER_RE` matched, and its trailing
    comment; None sends the line to the general path."""
    g = m.groups()
    if g[0] is not None:
        item: Header | RoundRecord | Lineup = Header(g[1], unescape(g[2][1:-1]), number, m.start(1) + 1)
    elif g[3] is not None:
        item = RoundRecord(int(g[4]), None if g[5] is None else _F_FILLS[g[5]], number, m.start(4) + 1)
    else:
        colours: list[Colour] = []
        for word in g[8:16]:
            colour = _F_COLOURS.get(word, _NO)
            if colour is _NO:
                colour = _f_colour(word)
                if colour is _NO:
                    return None
            colours.append(colour)
        item = Lineup(_F_SIDES[g[7]], colours, number, m.start(7) + 1)
    comment = g[_OTHER_COMMENT - 1]
    if comment is None:
        return item, None
    return item, Comment(comment[1:], number, m.start(_OTHER_COMMENT) + 1, False)


# ------------------------------------------------------------- braced comments blanked

# The lexer skips a braced comment between any two tokens as it skips a blank, and no
# token holds a brace, so a line's tokens are those of the line with each comment blanked
# to its width (its columns kept): a line that braced comments alone keep from the fast
# paths is read by them so blanked, its comments beside (``{`` and ``#`` are found left
# to right as the lexer finds them: a ``#`` in a braced comment is the comment's, a
# ``{`` after a ``#`` is the ``#`` comment's). An unclosed ``{`` is taken to the end of
# the line, as the lexer takes it (the line's error): no later ``{`` is scanned from, so
# the time stays linear in the line's length.
_BRACED_OR_HASH = re.compile(r"\{[^}\n]*\}?|#")


def blank_braced(line: str, number: int) -> tuple[str, list[Comment]] | None:
    """``line`` (number ``number``) with each braced comment blanked to its width, and the
    comments, in order; None when it has none, when a brace stays outside them (an
    unclosed ``{`` or a stray ``}``: the general path's error) or when it has a quote
    (a header's string may hold braces that are no comment).

    >>> blank_braced("1. Pu L5 Ye {a fine move}  Ye F1 Or  # {x", 3)
    ('1. Pu L5 Ye                Ye F1 Or  # {x', [Comment(text='a fine move', line=3, column=13, braced=True)])
    """
    if "{" not in line or '"' in line:
        return None
    comments: list[Comment] = []
    parts: list[str] = []
    pos = 0
    for m in _BRACED_OR_HASH.finditer(line):
        if m.group() == "#":
            break
        start, end = m.span()
        if line[end - 1] != "}":
            return None  # an unclosed '{'
        parts += (line[pos:start], " " * (end - start))
        comments.append(Comment(line[start + 1 : end - 1], number, start + 1, True))
        pos = end
    if not comments:
        return None
    code = "".join(parts) + line[pos:]
    cut = code.find("#", pos)
    head = code if cut < 0 else code[:cut]
    if "{" in head or "}" in head:
        return None
    return code, comments
