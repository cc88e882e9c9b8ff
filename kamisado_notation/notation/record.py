"""The typed model of a ``.kmr`` match record (docs/notation.md §7), as written, before any rules
check: files → matches → headers and rounds → entries, each with its line and column
(1-based) and the comments that follow it. A record full of illegal moves still has a
model; the replay (:mod:`kamisado_notation.checking.replay`) judges it.

Comments are kept where they stand so that converting loses nothing: each element's
``comments`` are those written after it (on its line or between it and the next
element); ``Match.comments`` are those before the match's first element.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import SupportsIndex, TypeVar, overload

from ..diagnostics import Diagnostic
from ..engine.board import Colour, Direction, Side
from ..engine.match import Fill
from ..errors import HeaderError

__all__ = [
    "HEADER_NAME", "Comment", "Entry", "Header", "Headers", "Item", "Lineup", "MatchRecord", "Pasted", "RecordFile", "RoundRecord", "ScoreLine", "Spanned",
]  # fmt: skip


#: What a header's name is, for every reader and writer of a header line (``[Name
#: "value"]``): a letter or ``_``, then letters, digits, ``_`` and ``-`` — the grammar's
#: ``NAME`` (``grammars/kmr.lark``). In a bytes pattern ``\w`` is ASCII, which is the
#: block cutter's strict form.
HEADER_NAME = r"[^\W\d][\w-]*"


@dataclass(slots=True)
class Comment:
    """``# to end of line`` (``braced`` False) or ``{braced}`` (``braced`` True); ``text``
    without the markers."""

    text: str
    line: int
    column: int
    braced: bool = False


@dataclass(slots=True)
class Header:
    """``[Name "value"]``, any name; ``value`` unescaped."""

    name: str
    value: str
    line: int
    column: int
    comments: list[Comment] = field(default_factory=list)


_T = TypeVar("_T")


class Headers(list[Header]):
    """A match's headers: the list of :class:`Header` lines in the order written
    (duplicates kept, so that writing them back loses nothing), which also reads like a
    mapping from a name to its value. A name is looked up without case, and where a name
    is written twice the first one counts, as it does for the replay.

    >>> from kamisado_notation import read_record
    >>> headers = read_record("samples/standard-match.kmr").matches[0].headers
    >>> headers["Black"], headers.get("black"), "Result" in headers, headers.get("Round", "-")
    ('Johan', 'Johan', True, '-')
    >>> headers[0]
    Header(name='Event', value='Club night', line=3, column=1, comments=[])
    """

    __slots__ = ()

    @overload
    def __getitem__(self, key: SupportsIndex) -> Header: ...
    @overload
    def __getitem__(self, key: slice) -> list[Header]: ...
    @overload
    def __getitem__(self, key: str) -> str: ...
    def __getitem__(self, key: SupportsIndex | slice | str) -> Header | list[Header] | str:
        if isinstance(key, str):
            found = self._find(key)
            if found is None:
                raise HeaderError(f"the match has no {key} header")
            return found.value
        return list.__getitem__(self, key)

    def _find(self, name: str) -> Header | None:
        folded = name.casefold()
        return next((h for h in self if h.name.casefold() == folded), None)

    @overload
    def get(self, name: str) -> str | None: ...
    @overload
    def get(self, name: str, default: _T) -> str | _T: ...
    def get(self, name: str, default: object = None) -> object:
        """The value of the first header called ``name`` (without case), or ``default``."""
        found = self._find(name)
        return default if found is None else found.value

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            return self._find(key) is not None
        return list.__contains__(self, key)

    def names(self) -> Iterator[str]:
        """The names, in the order written (a name written twice comes twice)."""
        return (h.name for h in self)

    def items(self) -> Iterator[tuple[str, str]]:
        """``(name, value)`` pairs, in the order written."""
        return ((h.name, h.value) for h in self)

    def as_dict(self) -> dict[str, str]:
        """The headers as a plain mapping from name to value, in the order written; a
        name written again (without case) keeps its first value, under the name as first
        written, as the lookups read it (:func:`add_header`)."""
        values: dict[str, str] = {}
        names: set[str] = set()
        for h in self:
            add_header(values, names, h.name, h.value)
        return values


#: The word of :attr:`Entry.unread` that says a direction not read is straight, no diagonal.
STRAIGHT = "straight"
#: The word of :attr:`Entry.unread` that says a direction not read is a diagonal (a compass
#: point's, ``SE``: which of the mover's sides it is, the side who moves tells).
ASLANT = "aslant"


@dataclass(slots=True)
class Entry:
    """One entry of a round: one turn, as written.

    Colour forms fill ``tower``/``direction``/``distance``/``square_colour`` (the colour of the square the move ends on) (``direction`` is
    ``None`` exactly when ``distance`` is 0; ``Direction.BACK`` for a push's back-entry).
    The coordinate form fills ``origin``/``target`` (square indices) and ``push_mark``
    (a ``*``). ``placeholder`` is the ``...`` that stands for Black when Gold moves first.
    ``text`` is the entry's source text; ``number`` the turn number written before it
    (Black's entries only). ``unread`` names the slot (``"tower"``, ``"direction"`` or
    ``"square"``), or the two slots a space apart, whose word the reader could not read
    (its syntax error is in :attr:`MatchRecord.errors`); that slot is ``None``, and the
    replay takes the entry for the legal move its other slots name, if only one does (or
    the spelling of its words tells which). After ``"direction"``, the word
    :data:`STRAIGHT` says that the direction not read was said straight (a straight down
    arrow: the mover's forward on a board drawn from the other side, or a back-entry's
    back), so it is no diagonal; the word :data:`ASLANT`, that it was said aslant (a
    diagonal compass point), so it is neither straight nor back.
    """

    line: int
    column: int
    text: str = ""
    tower: Colour | None = None
    direction: Direction | None = None
    distance: int | None = None
    square_colour: Colour | None = None
    origin: int | None = None
    target: int | None = None
    push_mark: bool = False
    placeholder: bool = False
    number: int | None = None
    comments: list[Comment] = field(default_factory=list)
    unread: str | None = None

    @property
    def is_coords(self) -> bool:
        return self.origin is not None or self.target is not None

    def covers(self, line: int, column: int) -> bool:
        """Whether ``line``:``column`` is within the entry as written (its start, or a word
        of it: where an unknown word's error stands)."""
        return line == self.line and self.column <= column < self.column + max(len(self.text), 1)


@dataclass(slots=True)
class Lineup:
    """``Lineup Black: …``: a player's home row from his own left (Brown square) to his
    right (Orange square). ``rings``: each tower's Sumo rings, where the line marks them
    (``Purple+``, as ``kamisado lineup`` prints them); ``None`` where it marks none."""

    side: Side
    colours: list[Colour]
    line: int
    column: int
    comments: list[Comment] = field(default_factory=list)
    rings: list[int] | None = None


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """A score written after a round (``1-0``, as people keep a running score): the text
    as read (``"1-0"``) and where it stands. The replay checks it against the score
    after that round."""

    value: str
    line: int
    column: int


@dataclass(slots=True)
class RoundRecord:
    """``Round N [fill left|right]`` with its lineups and entries. ``entries`` alternate
    Black, Gold, Black… from the first (a ``...`` placeholder when Gold starts).
    ``unread``: the round's line had a syntax error (its number is the next one and its
    fill unknown), so that the entries after it are not taken for the round before's."""

    number: int
    fill: Fill | None
    line: int
    column: int
    lineups: list[Lineup] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    unread: bool = False
    #: the score written after the round, when another round follows it
    score: ScoreLine | None = None

    def side_of(self, index: int) -> Side:
        """Whose entry ``entries[index]`` is."""
        return Side.BLACK if index % 2 == 0 else Side.GOLD


@dataclass(frozen=True, slots=True)
class Pasted:
    """What a match written without headers after a decided one (another match pasted
    in, which :mod:`kamisado_notation.checking.matches` splits off as a match of its
    own) takes from the match before it: the ``target`` it is checked to, and the
    round that decided that match (``decided_in``) and its ``score`` (Black's, Gold's),
    for the warning that says so."""

    target: int
    decided_in: int
    score: tuple[int, int]


@dataclass(slots=True)
class MatchRecord:
    """One match: headers, then rounds. ``errors`` are its syntax diagnostics (a match
    with syntax errors keeps what could be read). ``index`` is 1-based within the file."""

    index: int
    line: int
    headers: Headers = field(default_factory=Headers)
    rounds: list[RoundRecord] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)
    #: Lines whose syntax error lost no turn (a ``Round`` or ``Lineup`` line, a row
    #: whose unknown words were read past): the replay of a round does not stop there.
    turnless: set[int] = field(default_factory=set)
    #: A match written without headers after a decided one, split off as a match of
    #: its own: what it takes from that one (``None`` for a match as read).
    pasted: Pasted | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.headers, Headers):
            self.headers = Headers(self.headers)

    def header(self, name: str) -> str | None:
        """The value of the first header called ``name`` (case-insensitive), if any."""
        return self.headers.get(name)

    def player(self, side: Side) -> str | None:
        """The name of ``side``'s player as the headers give it (Gold's: ``Gold``, or
        ``White`` in editions that call Gold so), if any."""
        if side is Side.BLACK:
            return self.header("Black")
        return self.header("Gold") or self.header("White")


def add_header(values: dict[str, str], names: set[str], name: str, value: str) -> None:
    """Add the header ``name`` to ``values`` unless a header of the same name, in any
    case, is there already (``names``: the names in ``values`` case-folded, kept with it):
    the first value of a repeated header is the one read, under the name as it was
    first written."""
    key = name.casefold()
    if key not in names:
        names.add(key)
        values[name] = value


@dataclass
class RecordFile:
    """A whole file: its matches, and what belongs to no match (an unreadable file, an
    empty one, comments after the last match)."""

    path: str
    matches: list[MatchRecord] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    bom: bool = False
    crlf: bool = False


#: An entry as a line is read: with its start and end in the line (for its text).
Spanned = tuple[Entry, int, int]
#: What a line is read as: a header, a ``Round`` or ``Lineup`` line, or a row of entries.
Item = Header | RoundRecord | Lineup | list[Spanned]
