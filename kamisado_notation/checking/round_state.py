"""What the replay of one round holds as it goes (:class:`RoundState`): the round, the
position, the diagnostics and edits found, and what the slips of an entry left behind;
and how the replay stops (:class:`RoundStopped`, :class:`RoundOver`). The replay is
:class:`~.round_replay.RoundReplayer`; the slips of one entry are
:class:`~.entry_slips.EntrySlips`."""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import ERROR, Diagnostic, Edit, Kind, Severity
from ..engine.board import Colour, Side
from ..engine.match import Fill
from ..engine.position import Move, Position
from ..notation.kmr.style import write_like
from ..notation.record import Entry, Lineup
from .replayed import RoundReplay

__all__ = ["LeftOut", "RoundOver", "RoundState", "RoundStopped", "SetAside"]


class RoundStopped(Exception):
    """The round's replay cannot go on (a rules error was reported)."""


class SetAside(Exception):
    """The entry being replayed is no move, and the round replays without it: it is set
    aside (its warning given), and the entries after it move up a turn."""


class RoundOver(Exception):
    """An entry after the end of the round (M7, M8) was reported; the round keeps its result."""


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A round whose entries run on past its end into the next round, whose ``Round``
    line was left out (:meth:`_MatchReplayer.left_out_round`): the entry the next round
    starts at (``index``), its ``fill``, its ``lineups`` (those written after the round's
    last entry), the ``...`` the reader set aside there (the next round's first entry,
    Gold being its Challenger), the line the ``Round`` line goes before, the reader's
    diagnostics it explains, and how the round ended, in words."""

    index: int
    fill: Fill
    lineups: list[Lineup]
    placeholder: Entry | None
    line: int
    column: int
    explained: frozenset[tuple[int, int]]
    ended: str


class RoundState:
    """One round's replay as it stands: entries of ``rr`` played on ``position`` (in
    place), the diagnostics and edits found. ``ends``: a later round follows, so this one
    must end."""


    def __init__(
        self,
        rr: RoundReplay,
        position: Position,
        match_index: int,
        cut: tuple[int, int] | None,
        *,
        ends: bool = False,
        rings_unknown: bool = False,
        halt: int | None = None,
        places: list[int | None] | None = None,
        readings: dict[int, Move] | None = None,
        asides: frozenset[int] = frozenset(),
        trial: bool = False,
    ) -> None:
        self.rr = rr
        #: entries read as a given move: the reading an entry whose slots fit several moves
        #: is replayed with (:meth:`~.entry_slips.EntrySlips.tie`), and those chosen before
        self.readings: dict[int, Move] = {} if readings is None else readings
        #: entries set aside (weak evidence that names no move here: :class:`SetAside`)
        self.asides: set[int] = set(asides)
        #: the set-aside entries' warnings' places, for the reader's errors they replace
        self.set_aside: list[Entry] = []
        #: a trial replay of one reading: it tries no readings of its own
        self.trial = trial
        #: a trial that stopped at an entry fitting several moves (it could not tell
        #: whether the reading it tries is the match's)
        self.untold = False
        #: where each entry of the round as replayed is written (:attr:`Ply.index`), when
        #: a correction made it differ from the round as written
        self.places = places
        #: the entry to stop at when it is not legal as written, even if a one-slot
        #: correction would do: a slip of a whole row or round may start there
        self.halt = halt
        #: the rings won in rounds the replay could not finish are unknown: a move legal
        #: only with more rings than the replay knows of is taken as made by a Sumo
        self.rings_unknown = rings_unknown
        self.pos = position
        self.match_index = match_index
        self.cut = cut
        self.ends = ends
        self.diagnostics: list[Diagnostic] = []
        self.fixes: list[Edit] = []
        self.cut_reached = False
        self.pending: Move | None = None  # a push whose back-entry is due
        self.chain: set[tuple[Side, Colour | None]] | None = None  # forfeits into a deadlock (M8)
        self.shift = 0  # forgotten forfeits inserted so far: entries' sides shift by one each
        self.inserted: list[int] = []  # the indices of the entries an entry was inserted before
        self.stop_index: int | None = None  # the entry the replay stopped at
        self.over: int | None = None  # the first entry after the round's end (M7, M8)
        #: where the round's entries run on into another round whose ``Round`` line was
        #: left out (:meth:`_MatchReplayer.left_out_round`): how to split it
        self.split: LeftOut | None = None
        #: the first entry of the round that is no legal move as written: its index, the
        #: position before it and the push whose back-entry was due
        self.doubt: tuple[int, Position, Move | None] | None = None
        # entries with a word not read: their suggestions, and the correction when certain
        self.completed: list[tuple[Entry, tuple[str, ...], Edit | None]] = []
        #: what the readings of such an entry found (:meth:`~.entry_slips.EntrySlips.tie`),
        #: by its place: a clause for its message
        self.ties: dict[tuple[int, int], str] = {}
        self.challenger = Side.BLACK  # who moves first in the round (:meth:`~.round_replay.RoundReplayer.run`)

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

    def write_like(self, entry: Entry, move: Move) -> str:
        """``move`` written as ``entry`` was (where its own words leave the language open,
        the round's entries tell it)."""
        return write_like(entry, move, self.rr.record.entries)

    def place(self, idx: int) -> int | None:
        """Where entry ``idx`` of the round as replayed is written (:attr:`Ply.index`)."""
        return idx if self.places is None else self.places[idx]
