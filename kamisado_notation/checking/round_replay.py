"""The replay of one round: every entry against the position it was played in (T1/T2,
M1-M8, S-rules, the square colour, a push's back-entry), an ordinary move written without
a fault on the hot path, anything else checked and explained; a slip with a certain
correction is reported and the replay goes on from the correction (the slips are
recognised in :mod:`.slips`), any other rules error stops the round."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..diagnostics import ERROR, WARNING, Diagnostic, InsertEntry, Kind
from ..engine.board import SIDES, Side
from ..engine.match import round_result
from ..engine.position import Move, Position, WrittenMove
from ..notation.record import Entry, MatchRecord
from .correct import exact_move
from .entry_slips import EntrySlips
from .replayed import Ply, PlyKind
from .round_state import LeftOut, RoundOver, RoundStopped, SetAside

__all__ = ["Attempt", "LeftOut", "RoundOver", "RoundReplayer", "RoundStopped", "syntax_cut"]



# ----------------------------------------------------------------- headers


# ------------------------------------------------------------------ wording


# ------------------------------------------------------------------- replay



class RoundReplayer(EntrySlips):
    """Replays one round's entries on ``position`` (played in place), collecting plies
    and diagnostics. ``ends``: a later round follows, so this one must end."""

    def run(self, challenger: Side) -> None:
        """Replay the round's entries; a slip with a certain correction is reported and
        the replay goes on from the corrected move, any other rules error stops it.

        The hot path: an ordinary move written without a fault is played by
        :meth:`play_as_written`, in the engine's own terms and without building
        explanations. Anything else (a push, a forfeit, a back-entry, any doubt) goes
        through :meth:`special`, which reports what is wrong; so the diagnostics are the
        same whichever path an entry takes."""
        self.challenger = challenger
        plies, hot, to_move, halt, places = self.rr.plies, self.play_as_written, self.pos, self.halt, self.places
        number = 0
        try:
            for idx, entry in enumerate(self.rr.record.entries):
                if self.cut is not None:
                    self.check_cut(idx, entry, self.cut)
                if entry.placeholder:
                    self.placeholder(idx, entry, challenger)
                    continue
                if self.set_aside_at(idx):
                    continue
                number += 1
                if idx == halt:
                    self.halted(entry, number)
                side = SIDES[(idx + self.shift) & 1]
                if self.pending is None and self.chain is None and side is to_move.to_move and entry.unread is None:
                    move = hot(entry, side)
                    if move is not None:
                        plies.append(Ply(number, side, entry, PlyKind.MOVE, move, idx if places is None else places[idx]))
                        continue
                number -= self.special_or_aside(idx, entry, number, challenger)
        except RoundStopped:
            self.rr.stopped = True
            self.stop_index = idx
        except RoundOver:
            self.over = idx

    def replay_reading(self, idx: int, move: Move) -> RoundReplayer:
        """A trial: the round replayed again from its start as this replay is, entry
        ``idx`` read as ``move`` (the readings chosen before kept)."""
        rr = self.rr
        trial = RoundReplayer(
            replace(rr, plies=[], result=None, stopped=False), rr.start.copy(), self.match_index, self.cut, ends=self.ends,
            rings_unknown=self.rings_unknown, halt=self.halt, places=self.places, readings={**self.readings, idx: move}, asides=frozenset(self.asides), trial=True,
        )  # fmt: skip
        trial.run(self.challenger)
        return trial

    def set_aside_at(self, idx: int) -> bool:
        """Whether entry ``idx`` is set aside (no move): the entries after it move up a turn."""
        if idx in self.asides:
            self.shift += 1
            return True
        return False

    def special_or_aside(self, idx: int, entry: Entry, number: int, challenger: Side) -> int:
        """:meth:`special`; 1 where the entry was set aside instead (no turn: its number
        is the next entry's), else 0."""
        try:
            self.special(idx, entry, number, challenger)
        except SetAside:
            self.asides.add(idx)
            self.shift += 1
            return 1
        return 0

    def replay_aside(self, idx: int) -> RoundReplayer:
        """A trial: the round replayed again from its start as this replay is, entry
        ``idx`` set aside (no move)."""
        rr = self.rr
        trial = RoundReplayer(
            replace(rr, plies=[], result=None, stopped=False), rr.start.copy(), self.match_index, self.cut, ends=self.ends,
            rings_unknown=self.rings_unknown, halt=self.halt, places=self.places, readings=dict(self.readings),
            asides=frozenset({*self.asides, idx}), trial=True,
        )  # fmt: skip
        trial.run(self.challenger)
        return trial

    def halted(self, entry: Entry, number: int) -> None:
        """The entry where a slip of a whole row or round may start (:attr:`halt`): when
        it is legal as written, the replay stops before it all the same (else :meth:`slip`
        stops there)."""
        if self.pending is None and exact_move(self.pos, entry) is not None:
            self.error("syntax", "the round cannot be replayed past this entry as written", entry, number)
            raise RoundStopped

    def check_cut(self, idx: int, entry: Entry, cut: tuple[int, int]) -> None:
        """Stop at the first syntax error inside the round (what was skipped may be a
        turn); where the round was over before it, that entry is the first after its end
        (:attr:`over`: another round's, perhaps)."""
        if (entry.line, entry.column) >= cut:
            if self.pending is None and round_result(self.pos) is not None:
                self.over = idx
            self.cut_reached = True
            raise RoundStopped

    def play_as_written(self, entry: Entry, side: Side) -> Move | None:
        """The hot path: play ``entry`` when it is an ordinary move written without a
        fault (T1/T2, M1–M3, S1/DS1/TS1, the square colour), else change nothing
        (:meth:`Position.play_written`); the caller has checked that it is ``side``'s
        turn."""
        pos = self.pos
        origin, target = entry.origin, entry.target
        if origin is not None:  # the coordinate form: from-to (a target always)
            if entry.push_mark or target is None:
                return None
            written: WrittenMove = (None, None, 0, None, origin, target)
        else:  # the colour form: Tower Direction Distance Square
            written = (entry.tower, entry.direction, entry.distance or 0, entry.square_colour, -1, -1)
        return pos.last_move if pos.play_written((written,)) else None

    def placeholder(self, idx: int, entry: Entry, challenger: Side) -> None:
        """The ``...`` that stands for Black when Gold is the Challenger (T1)."""
        if idx == 0 and challenger is Side.GOLD:
            return
        if idx == 0:
            self.error("T1", "'...' stands for Black when Gold moves first, but Black is the Challenger and moves first", entry, None)
        else:
            self.error("T1", "'...' may only stand for Black's first entry of a round", entry, None)
        raise RoundStopped

    def special(self, idx: int, entry: Entry, number: int, challenger: Side) -> None:
        """Any entry the hot path did not play: check it, report, and play it (or its
        correction) or stop."""
        pos = self.pos
        if idx == 0 and challenger is Side.GOLD:
            self.missing_placeholder(entry, number)
        if self.pending is not None:
            ply = self.back_entry(idx, entry, number, self.pending)
            self.rr.plies.append(ply)
            self.pending = None
            if ply.entry is entry:
                return  # (else the back-entry was left out, put in: the entry is the pusher's next move)
        side = SIDES[(idx + self.shift) & 1]
        if pos.winner is not None:
            self.error("M7", f"the round is over: {pos.winner.title} reached the home row at ply {number - 1}", entry, number)
            raise RoundOver
        self.check_deadlock(entry, number)
        if side is not pos.to_move:  # entries alternate, and so do turns: not expected
            self.error("T2", f"it is {pos.to_move.title}'s turn, not {side.title}'s", entry, number)
            raise RoundStopped
        move = self.unread(idx, entry) if entry.unread is not None else exact_move(pos, entry)
        if move is None:
            move = self.slip(idx, entry, number)
        self.record_ply(idx, entry, number, move)

    def missing_placeholder(self, entry: Entry, number: int) -> None:
        """Gold is the Challenger, yet the round's first entry is no ``...``. When it is a
        legal move of Gold's as written, the ``...`` was left out (every entry one slot
        early): one error, and the replay goes on as if it were there (so the entries'
        turn numbers are judged with it, :meth:`_MatchReplayer.drop_explained`); else stop."""
        entries = self.rr.record.entries
        columns = entry.number is not None and sum(e.line == entry.line for e in entries) == 2
        alone = not columns  # (a numbered row of two holds columns; one entry a line, or a list, none)
        if exact_move(self.pos, entry) is None and not (alone and entry.unread is not None):
            self.error("T1", "Gold is the Challenger and moves first: Black's first slot is '...'", entry, number)
            raise RoundStopped
        self.error(
            "T1",
            "Gold is the Challenger and moves first, so the round starts with '...' for Black: it is missing; "
            "the entries are read as if it were there (this one as Gold's first move)",
            entry,
            number,
            WARNING if alone else ERROR,
            suggestions=(f"...   {entry.text}",),
            kind=Kind.MISSING_PLACEHOLDER,
            edits=(InsertEntry(entry.line, entry.column, "...", "Gold is the Challenger and moves first: '...' stands for Black (T1)"),),
        )
        self.inserted.append(0)
        self.shift += 1

    def check_deadlock(self, entry: Entry, number: int) -> None:
        """Deadlocked (M8): only the forced zero entries leading into it may follow. Only
        an actual move can start a deadlock, so finding it at the first zero entry is soon
        enough (a move that cannot be made is reported by :meth:`slip`)."""
        pos = self.pos
        zero = entry.distance == 0 if entry.origin is None else entry.origin == entry.target
        if self.chain is None and zero and pos.deadlock() is not None:
            self.chain = set()
        if self.chain is None:
            return
        key = (pos.to_move, pos.tower)
        if key in self.chain or not zero:
            loser = pos.deadlock()
            self.error("M8", f"the round is over: deadlock, {loser.title if loser else '?'} made the last move and loses", entry, number)
            raise RoundOver
        self.chain.add(key)

    def record_ply(self, idx: int, entry: Entry, number: int, move: Move) -> None:
        """Play ``move`` (entry ``idx``, turn ``number``) and keep it as the round's next ply."""
        kind = PlyKind.PUSH if move.push else PlyKind.FORFEIT if move.distance == 0 else PlyKind.MOVE
        self.rr.plies.append(Ply(number, move.side, entry, kind, move, self.place(idx)))
        self.pos.apply(move)
        if move.push:
            self.pending = move

def syntax_cut(match: MatchRecord, round_index: int) -> tuple[int, int] | None:
    """The first syntax error inside round ``round_index``'s lines: the replay of that
    round stops there, since what the parser skipped may be a turn."""
    rounds = match.rounds
    lo = rounds[round_index].line
    hi = rounds[round_index + 1].line if round_index + 1 < len(rounds) else None
    cut = None
    for d in match.errors:
        if d.severity == ERROR and lo <= d.line and (hi is None or d.line < hi) and d.line not in match.turnless:
            key = (d.line, d.column)
            if cut is None or key < cut:
                cut = key
    return cut


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
    agrees: Callable[[Position], bool] | None = None
    further: Callable[[Position], tuple[int, int]] | None = None


