"""The replay of one round: every entry against the position it was played in (T1/T2,
M1-M8, S-rules, the square colour, a push's back-entry), an ordinary move written without
a fault on the hot path, anything else checked and explained; a slip with a certain
correction is reported and the replay goes on from the correction (the slips are
recognised in :mod:`.slips`), any other rules error stops the round."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

from ..diagnostics import ERROR, WARNING, Diagnostic, InsertEntry, Kind
from ..engine.board import SIDES, Side
from ..engine.match import round_result
from ..engine.position import Move, Position, WrittenMove
from ..notation.record import Entry, MatchRecord
from .correct import exact_move
from .entry_slips import EntrySlips
from .readings import Readings
from .replayed import Ply, PlyKind, RoundReplay
from .round_state import RoundOver, RoundState, RoundStopped, Rows, SetAside
from .slips import Hypothesis
from .slips.faults import writes_zero

__all__ = ["Attempt", "RoundOver", "RoundReplayer", "RoundStopped", "syntax_cut"]


class RoundReplayer:
    """Replays one round's entries in order on ``position`` (played in place), the hot
    path for ordinary moves. It makes the round's state (:attr:`state`, a
    :class:`RoundState`: the plies, the position, the diagnostics) and hands it to the
    parts that judge an entry the hot path does not play: :attr:`slips`
    (:class:`EntrySlips`: an entry no legal move as written, a forfeit left out, a
    back-entry) and :attr:`readings` (:class:`Readings`: an entry with a word not read,
    its readings tried in trial replays of the round, :func:`_again`). ``cut``:
    the reader's first syntax error inside the round, where the replay stops; the rest
    is what :class:`RoundState` and the parts are given."""

    __slots__ = ("cut", "readings", "slips", "state")

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
        trusted: frozenset[int] = frozenset(),
        readings: dict[int, Move] | None = None,
        asides: frozenset[int] = frozenset(),
        trial: bool = False,
        rows: Rows = Rows.OURS,
    ) -> None:
        self.state = RoundState(rr, position, match_index, ends=ends, halt=halt, places=places, trusted=trusted, rows=rows)
        self.cut = cut
        self.slips = EntrySlips(self.state, rings_unknown=rings_unknown)
        # (the trial replays are a function of the state, not of this replayer: no cycle to collect)
        self.readings = Readings(self.state, partial(_again, self.state, cut, rings_unknown), readings, asides, trial=trial)

    def run(self, challenger: Side) -> RoundState:
        """Replay the round's entries; a slip with a certain correction is reported and
        the replay goes on from the corrected move, any other rules error stops it. The
        round's state at the end.

        The hot path: an ordinary move written without a fault is played by
        :func:`_play_as_written`, in the engine's own terms and without building
        explanations. Anything else (a push, a forfeit, a back-entry, any doubt) goes
        through :meth:`special`, which reports what is wrong; so the diagnostics are the
        same whichever path an entry takes."""
        state = self.state
        state.challenger = challenger
        plies, hot, to_move, halt, places = state.rr.plies, _play_as_written, state.pos, state.halt, state.places
        asides = self.readings.asides  # (read at each entry; :meth:`Readings.skip` adds to it)
        number = 0
        try:
            for idx, entry in enumerate(state.rr.record.entries):
                if self.cut is not None:
                    self.check_cut(idx, entry, self.cut)
                if entry.placeholder:
                    self.placeholder(idx, entry, challenger)
                    continue
                if idx in asides:  # (set aside: no move, the entries after it move up a turn)
                    state.shift += 1
                    continue
                number += 1
                if idx == halt:
                    self.halted(entry, number)
                side = SIDES[(idx + state.shift) & 1]
                if state.pending is None and state.chain is None and side is to_move.to_move and entry.unread is None:
                    move = hot(to_move, entry)
                    if move is not None:
                        plies.append(Ply(number, side, entry, PlyKind.MOVE, move, idx if places is None else places[idx]))
                        continue
                number -= self.special_or_aside(idx, entry, number, challenger)
        except RoundStopped:
            state.rr.stopped = True
            state.stop_index = idx
        except RoundOver:
            state.over = idx
        return state

    def special_or_aside(self, idx: int, entry: Entry, number: int, challenger: Side) -> int:
        """:meth:`special`; 1 where the entry was set aside instead (no turn: its number
        is the next entry's), else 0."""
        try:
            self.special(idx, entry, number, challenger)
        except SetAside:
            self.readings.skip(idx)
            return 1
        return 0

    def halted(self, entry: Entry, number: int) -> None:
        """The entry where a slip of a whole row or round may start
        (:attr:`RoundState.halt`): when it is legal as written, the replay stops before it
        all the same (else :meth:`EntrySlips.slip` stops there)."""
        state = self.state
        if state.pending is None and exact_move(state.pos, entry) is not None:
            state.error("syntax", "the round cannot be replayed past this entry as written", entry, number)
            raise RoundStopped

    def check_cut(self, idx: int, entry: Entry, cut: tuple[int, int]) -> None:
        """Stop at the first syntax error inside the round (what was skipped may be a
        turn); where the round was over before it, that entry is the first after its end
        (:attr:`RoundState.over`: another round's, perhaps)."""
        state = self.state
        if (entry.line, entry.column) >= cut:
            if state.pending is None and round_result(state.pos) is not None:
                state.over = idx
            state.cut_reached = True
            raise RoundStopped

    def placeholder(self, idx: int, entry: Entry, challenger: Side) -> None:
        """The ``...`` that stands for Black when Gold is the Challenger (T1)."""
        if idx == 0 and challenger is Side.GOLD:
            return
        if idx == 0:
            self.state.error("T1", "'...' stands for Black when Gold moves first, but Black is the Challenger and moves first", entry, None)
        else:
            self.state.error("T1", "'...' may only stand for Black's first entry of a round", entry, None)
        raise RoundStopped

    def special(self, idx: int, entry: Entry, number: int, challenger: Side) -> None:
        """Any entry the hot path did not play: check it, report, and play it (or its
        correction) or stop."""
        state = self.state
        if idx == 0 and challenger is Side.GOLD:
            self.missing_placeholder(entry, number)
        if state.pending is not None and self.back_entry(idx, entry, number, state.pending):
            return
        self.check_turn(entry, number, SIDES[(idx + state.shift) & 1])
        move = self.readings.unread(idx, entry) if entry.unread is not None else exact_move(state.pos, entry)
        if move is None:
            move = self.slips.slip(idx, entry, number)
        self.record_ply(idx, entry, number, move)

    def back_entry(self, idx: int, entry: Entry, number: int, push: Move) -> bool:
        """The back-entry due after ``push`` judged (:meth:`EntrySlips.back_entry`) and
        kept as a ply: ``True`` where ``entry`` is it, ``False`` where it was left out
        and put in (``entry`` is then the pusher's next move)."""
        ply = self.slips.back_entry(idx, entry, number, push)
        self.state.rr.plies.append(ply)
        self.state.pending = None
        return ply.entry is entry

    def check_turn(self, entry: Entry, number: int, side: Side) -> None:
        """Stop at an entry of ``side``'s after the round's end (M7, M8: :class:`RoundOver`)
        or out of its turn (T2: :class:`RoundStopped`)."""
        state = self.state
        pos = state.pos
        if pos.winner is not None:
            state.error("M7", f"the round is over: {pos.winner.title} reached the home row at ply {number - 1}", entry, number)
            raise RoundOver
        self.check_deadlock(entry, number)
        if side is not pos.to_move:  # entries alternate, and so do turns: not expected
            state.error("T2", f"it is {pos.to_move.title}'s turn, not {side.title}'s", entry, number)
            raise RoundStopped

    def missing_placeholder(self, entry: Entry, number: int) -> None:
        """Gold is the Challenger, yet the round's first entry is no ``...``. When it is a
        legal move of Gold's as written, the ``...`` was left out (every entry one slot
        early): one error, and the replay goes on as if it were there (so the entries'
        turn numbers are judged with it, :meth:`MatchState.renumber`); else stop."""
        state = self.state
        entries = state.rr.record.entries
        columns = entry.number is not None and sum(e.line == entry.line for e in entries) == 2
        alone = not columns  # (a numbered row of two holds columns; one entry a line, or a list, none)
        severity = WARNING if alone or state.rows is Rows.TURNS else ERROR  # (rows in turn order: the writer's way)
        if exact_move(state.pos, entry) is None and not (alone and entry.unread is not None):
            state.error("T1", "Gold is the Challenger and moves first: Black's first slot is '...'", entry, number)
            raise RoundStopped
        state.error(
            "T1",
            _placeholder_missing(state.rows is Rows.TURNS and not alone),
            entry,
            number,
            severity,
            suggestions=(f"...   {entry.text}",),
            kind=Kind.MISSING_PLACEHOLDER,
            edits=(InsertEntry(entry.line, entry.column, "...", "Gold is the Challenger and moves first: '...' stands for Black (T1)"),),
        )
        state.put_in(0)

    def check_deadlock(self, entry: Entry, number: int) -> None:
        """Deadlocked (M8): only the forced zero entries leading into it may follow; a move
        after them is after the round's end (:class:`RoundOver`: the next round's, where
        its ``Round`` line was left out), as after a home-row win."""
        state = self.state
        pos = state.pos
        zero = writes_zero(entry)
        if state.chain is None and pos.deadlock() is not None:
            state.chain = set()  # (a move after it is another round's, perhaps: :attr:`RoundState.over`)
        if state.chain is None:
            return
        key = (pos.to_move, pos.tower)
        if key in state.chain or not zero:
            loser = pos.deadlock()
            state.error("M8", f"the round is over: deadlock, {loser.title if loser else '?'} made the last move and loses", entry, number)
            raise RoundOver
        state.chain.add(key)

    def record_ply(self, idx: int, entry: Entry, number: int, move: Move) -> None:
        """Play ``move`` (entry ``idx``, turn ``number``) and keep it as the round's next ply."""
        state = self.state
        kind = PlyKind.PUSH if move.push else PlyKind.FORFEIT if move.distance == 0 else PlyKind.MOVE
        state.rr.plies.append(Ply(number, move.side, entry, kind, move, state.place(idx)))
        state.pos.apply(move)
        if move.push:
            state.pending = move


def _again(state: RoundState, cut: tuple[int, int] | None, rings_unknown: bool, readings: dict[int, Move], asides: frozenset[int]) -> RoundState:
    """A trial (:data:`~.readings.Retry`): the round of ``state`` replayed again from its
    start as it was (stopping at ``cut``, ``rings_unknown`` or not), its entries read as
    ``readings`` and ``asides`` set aside."""
    rr = state.rr
    trial = RoundReplayer(
        rr.unplayed(), rr.start.copy(), state.match_index, cut, ends=state.ends,
        rings_unknown=rings_unknown, halt=state.halt, places=state.places, trusted=state.trusted, readings=readings, asides=asides, trial=True,
        rows=state.rows,
    )  # fmt: skip
    return trial.run(state.challenger)


def _play_as_written(pos: Position, entry: Entry) -> Move | None:
    """The hot path: play ``entry`` on ``pos`` when it is an ordinary move written
    without a fault (T1/T2, M1–M3, S1/DS1/TS1, the square colour), else change nothing
    (:meth:`Position.play_written`); the caller has checked that it is the side's turn."""
    origin, target = entry.origin, entry.target
    if origin is not None:  # the coordinate form: from-to (a target always)
        if entry.push_mark or target is None:
            return None
        written: WrittenMove = (None, None, 0, None, origin, target)
    else:  # the colour form: Tower Direction Distance Square
        written = (entry.tower, entry.direction, entry.distance or 0, entry.square_colour, -1, -1)
    return pos.last_move if pos.play_written((written,)) else None


def _placeholder_missing(turn_rows: bool) -> str:
    """What a round Gold opens without ``...`` is told: in a record whose rows of two are
    in turn order (``turn_rows``), the writer's way; else the ``...`` left out."""
    if turn_rows:
        return (
            "Gold is the Challenger and moves first, and this record writes each row's first mover first (no '...' "
            "anywhere, no header of ours): read as Gold's first move; our notation writes '...' for Black before it"
        )
    return (
        "Gold is the Challenger and moves first, so the round starts with '...' for Black: it is missing; "
        "the entries are read as if it were there (this one as Gold's first move)"
    )


def syntax_cut(match: MatchRecord, round_index: int) -> tuple[int, int] | None:
    """The first syntax error inside round ``round_index``'s lines: the replay of that
    round stops there, since what the parser skipped may be a turn."""
    rounds = match.rounds
    lo = rounds[round_index].line
    hi = rounds[round_index + 1].line if round_index + 1 < len(rounds) else math.inf
    return min(((d.line, d.column) for d in match.errors if d.severity == ERROR and lo <= d.line < hi and d.line not in match.turnless), default=None)


@dataclass
class Attempt:
    """How a round is replayed (:meth:`_MatchReplayer.replay_round`): who moves first,
    whether it must end, the syntax error it stops at, whether the rings won before are
    unknown; and what its replays found: the slips of whole rows or rounds corrected, the
    entries they removed, where each entry of the round so corrected is written
    (``places``: ``None`` while none is), and the entry to stop at, with the candidates
    named there."""

    challenger: Side
    ends: bool
    cut: tuple[int, int] | None
    guess: bool = False
    slips: list[Diagnostic] = field(default_factory=list)
    removed: list[Entry] = field(default_factory=list)
    places: list[int | None] | None = None
    halt: int | None = None
    maybe: str = ""
    #: the entries whose certain one-slot correction is taken though a slip of their row
    #: seemed likelier (no slip of a row or round explained anything from there)
    trusted: frozenset[int] = frozenset()
    #: what the match's rows of two hold (:func:`~.round_state.rows_of`)
    rows: Rows = Rows.OURS
    agrees: Callable[[Position], bool] | None = None
    further: Callable[[Position], tuple[int, int]] | None = None

    def corrected(self, rr: RoundReplay, stop: int | None, slip: Diagnostic, hypothesis: Hypothesis) -> RoundReplay:
        """Round ``rr`` with the certain slip ``hypothesis`` (its diagnostic ``slip``)
        corrected from entry ``stop`` on: the slip, the entries it removed and where the
        entries of the round so corrected are written kept; the round to replay again."""
        self.slips.append(slip)
        self.removed.extend(hypothesis.removed)
        entries = rr.record.entries
        places: list[int | None] = self.places if self.places is not None else list(range(len(entries)))
        self.places = places[:stop] + _tail_places(entries[stop:], places[stop:], hypothesis.tail)
        return RoundReplay(rr.number, rr.index, replace(rr.record, entries=[*entries[:stop], *hypothesis.tail]), rr.fill, rr.start)


def _tail_places(old: list[Entry], places: list[int | None], tail: list[Entry]) -> list[int | None]:
    """Where each entry of a correction's ``tail``, which replaces the entries ``old``
    (written at ``places``), is written: an entry of ``old``, moved or not, where it was;
    one the correction rewrote (a copy with a slot changed, at the place of an entry of
    ``old`` the tail no longer holds) at that entry's place; one it inserted (written
    where its neighbour is) nowhere (``None``)."""
    kept = [next((j for j, e in enumerate(old) if e is t), None) for t in tail]
    gone = [j for j in range(len(old)) if j not in kept]
    out: list[int | None] = []
    for t, j in zip(tail, kept, strict=True):
        if j is None:
            j = _rewritten_from(t, old, gone)
        out.append(None if j is None else places[j])
    return out


def _rewritten_from(entry: Entry, old: list[Entry], gone: list[int]) -> int | None:
    """Which of the entries ``old`` (of those ``gone``, by their index) a correction
    rewrote as ``entry``: the one at its place, if any."""
    return next((g for g in gone if (old[g].line, old[g].column) == (entry.line, entry.column)), None)
