"""What the replay of one round holds as it goes (:class:`RoundState`): the round, the
position and the turn, where the replay stopped, and what it found (diagnostics, edits,
the entries it read past or set aside); and how the replay stops (:class:`RoundStopped`,
:class:`RoundOver`). The parts that play on it are handed it:
:class:`~.round_replay.RoundReplayer` (the entries in order, the hot path),
:class:`~.entry_slips.EntrySlips` (an entry that is no legal move as written) and
:class:`~.readings.Readings` (an entry with a slot not read)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..diagnostics import ERROR, Diagnostic, Edit, Kind, Severity
from ..engine.board import Colour, Side
from ..engine.match import Fill
from ..engine.position import Move, Position
from ..notation.kmr.style import write_like
from ..notation.record import Entry, Lineup, MatchRecord
from .correct import LOOKAHEAD, Correction, correct_entry
from .replayed import RoundReplay

__all__ = ["MissingRound", "RoundOver", "RoundState", "RoundStopped", "Rows", "SetAside", "rows_of"]


class RoundStopped(Exception):
    """The round's replay cannot go on (a rules error was reported)."""


class SetAside(Exception):
    """The entry being replayed is no move, and the round replays without it: it is set
    aside (its warning given), and the entries after it move up a turn."""


class RoundOver(Exception):
    """An entry after the end of the round (M7, M8) was reported; the round keeps its result."""


@dataclass(frozen=True, slots=True)
class MissingRound:
    """A round whose entries run on past its end into the next round, whose ``Round``
    line was left out (:func:`~.round_slips.left_out_round`): the entry the next round
    starts at (``index``), its ``fill``, its ``lineups`` (those written after the round's
    last entry), the ``...`` the reader set aside there or read as a forfeit (``dots``:
    then it is the entry at ``index``) (the next round's first entry, Gold being its
    Challenger), the line the ``Round`` line goes before, the reader's
    diagnostics it explains, and how the round ended, in words."""

    index: int
    fill: Fill
    lineups: list[Lineup]
    placeholder: Entry | None
    line: int
    column: int
    explained: frozenset[tuple[int, int]]
    ended: str
    dots: bool = False  # the ``...`` is the entry at ``index`` (the reader read it as a forfeit), not put in


class Rows(Enum):
    """What a match's rows of two hold. ``OURS``: our notation's columns (a ``Match`` or
    ``Target`` header says the record is written in it): Black's column first, ``...``
    for Black when Gold opens, a push's back-entry in the pushed side's column; an entry
    left out shifts the columns, an error. ``SIDES``: no header of ours, a ``...``
    somewhere: columns by side, but a forced entry (a push's back-entry) may be left
    out, each entry after it in the next slot. ``TURNS``: no header of ours and no
    ``...``: each row the next moves in turn, the round's first mover first."""

    OURS = "ours"
    SIDES = "sides"
    TURNS = "turns"


def rows_of(match: MatchRecord) -> Rows:
    """What ``match``'s rows of two hold (:class:`Rows`): our notation's columns where a
    header of ours (``Match``, ``Target``) says it is written in it; else columns by side
    where a round writes the ``...`` that stands for Black when Gold moves first; else the
    moves in turn, a round Gold opens with Gold's first move in the first column."""
    if match.header("Match") is not None or match.header("Target") is not None:
        return Rows.OURS
    return Rows.SIDES if any(entry.placeholder for rnd in match.rounds for entry in rnd.entries) else Rows.TURNS


class RoundState:
    """One round's replay as it stands: entries of ``rr`` played on ``position`` (in
    place), where it stopped, the diagnostics and edits found. Given: the match's index,
    ``ends`` (a later round follows, so this one must end), ``places`` (where each entry
    of the round as replayed is written), ``halt`` (the entry to stop at), ``trusted``
    (the entries whose certain one-slot correction is taken though a slip of their row
    seemed likelier) and ``rows`` (what the match's rows of two hold, :class:`Rows`)."""

    __slots__ = ("chain", "challenger", "completed", "cut_reached", "diagnostics", "doubt", "ends", "fixes", "halt", "inserted", "match_index", "over", "pending", "places", "pos", "rows", "rr", "set_aside", "shift", "split", "stop_index", "ties", "trusted", "untold", "withheld")

    def __init__(
        self,
        rr: RoundReplay,
        position: Position,
        match_index: int,
        *,
        ends: bool = False,
        halt: int | None = None,
        places: list[int | None] | None = None,
        trusted: frozenset[int] = frozenset(),
        rows: Rows = Rows.OURS,
    ) -> None:
        self.rr = rr
        self.pos = position
        self.match_index = match_index
        self.ends = ends
        #: where each entry of the round as replayed is written (:attr:`Ply.index`), when
        #: a correction made it differ from the round as written
        self.places = places
        #: the entry to stop at when it is not legal as written, even if a one-slot
        #: correction would do: a slip of a whole row or round may start there
        self.halt = halt
        #: the entries whose certain one-slot correction is taken though a slip of their
        #: row seemed likelier: no slip of a row or round explained anything from there
        self.trusted = trusted
        #: what the match's rows of two hold (:func:`rows_of`)
        self.rows = rows
        #: the entry whose certain one-slot correction the replay withheld, stopping there
        #: for the slips of a row or round to try (kept where none explains anything)
        self.withheld: int | None = None
        self.challenger = Side.BLACK  # who moves first in the round (:meth:`~.round_replay.RoundReplayer.run`)
        # -- the turn
        self.pending: Move | None = None  # a push whose back-entry is due
        self.chain: set[tuple[Side, Colour | None]] | None = None  # forfeits into a deadlock (M8)
        self.shift = 0  # entries put in or set aside so far: entries' sides shift by one each
        self.inserted: list[int] = []  # the indices of the entries an entry was inserted before
        # -- where it stopped
        self.cut_reached = False
        self.stop_index: int | None = None  # the entry the replay stopped at
        self.over: int | None = None  # the first entry after the round's end (M7, M8)
        #: a trial that stopped at an entry fitting several moves (it could not tell
        #: whether the reading it tries is the match's)
        self.untold = False
        #: the first entry of the round that is no legal move as written: its index, the
        #: position before it and the push whose back-entry was due
        self.doubt: tuple[int, Position, Move | None] | None = None
        #: where the round's entries run on into another round whose ``Round`` line was
        #: left out (:func:`~.round_slips.left_out_round`): how to split it
        self.split: MissingRound | None = None
        # -- what it found
        self.diagnostics: list[Diagnostic] = []
        self.fixes: list[Edit] = []
        #: entries with a word not read: their suggestions, and the correction when certain
        self.completed: list[tuple[Entry, tuple[str, ...], Edit | None]] = []
        #: what the readings of such an entry found (:meth:`~.readings.Readings.tie`),
        #: by its place: a clause for its message
        self.ties: dict[tuple[int, int], str] = {}
        #: the set-aside entries' warnings' places, for the reader's errors they replace
        self.set_aside: list[Entry] = []

    def in_columns(self, entry: Entry) -> bool:
        """Whether ``entry`` stands in a round written in rows of two (columns, which an
        entry left out shifts: its own row is numbered, and some row holds two entries);
        one entry a line, or a list, has none."""
        entries = self.rr.record.entries
        return entry.number is not None and len({e.line for e in entries}) < len(entries)

    def error(
        self,
        rule: str,
        message: str,
        entry: Entry,
        ply: int | None,
        severity: Severity = ERROR,
        suggestions: tuple[str, ...] = (),
        *,
        kind: Kind = Kind.NONE,
        edits: tuple[Edit, ...] = (),
    ) -> None:
        """Report ``message`` at ``entry``; ``edits``, its certain correction, are kept for ``fix``."""
        self.diagnostics.append(
            Diagnostic(
                rule, message, entry.line, entry.column, severity, self.rr.number, ply, self.match_index, suggestions, kind, edits
            )
        )
        self.fixes.extend(edits)

    def settled(self, entry: Entry, suggestions: tuple[str, ...], edit: Edit | None) -> None:
        """An entry with a word not read, read past: its suggestions, and its correction
        when certain (kept for ``fix``)."""
        self.completed.append((entry, suggestions, edit))
        if edit is not None:
            self.fixes.append(edit)

    def put_in(self, idx: int) -> None:
        """An entry the record left out put in before entry ``idx``: the entries from
        there on move down a turn."""
        self.inserted.append(idx)
        self.shift += 1

    def write_like(self, entry: Entry, move: Move) -> str:
        """``move`` written as ``entry`` was (where its own words leave the language open,
        the round's entries tell it)."""
        return write_like(entry, move, self.rr.record.entries)

    def place(self, idx: int) -> int | None:
        """Where entry ``idx`` of the round as replayed is written (:attr:`Ply.index`)."""
        return idx if self.places is None else self.places[idx]

    def correction(self, idx: int, entry: Entry) -> Correction:
        """The moves entry ``idx`` may stand for (:func:`.correct.correct_entry`), the
        entries after it telling them apart."""
        entries = self.rr.record.entries
        following = entries[idx + 1 : idx + 1 + LOOKAHEAD]
        return correct_entry(self.pos, entry, following, ends=self.ends and idx + 1 == len(entries))
