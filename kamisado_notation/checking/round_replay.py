"""The replay of one round: every entry against the position it was played in (T1/T2,
M1-M8, S-rules, the square colour, a push's back-entry), an ordinary move written without
a fault on the hot path, anything else checked and explained; a slip with a certain
correction is reported and the replay goes on from the correction (the slips are
recognised in :mod:`.slips`), any other rules error stops the round."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..diagnostics import (
    ERROR,
    WARNING,
    Diagnostic,
    Edit,
    InsertEntry,
    Kind,
    ReplaceEntry,
    Severity,
)
from ..engine.board import SIDES, Colour, Side, square_name
from ..engine.match import (
    Fill,
    round_result,
)
from ..engine.position import Move, Position, WrittenMove
from ..notation.kmr.style import write_like
from ..notation.record import Entry, Lineup, MatchRecord
from .correct import (
    LOOKAHEAD,
    Correction,
    Slot,
    back_move,
    correct,
    exact_move,
    slot_wording,
)
from .replayed import Ply, PlyKind, RoundReplay
from .slips.faults import Fault, describe, differs, entry_fault, legal_list, tower_name
from .slips.pushes import back_entry_slips, is_back_entry
from .slips.rings import unseen_sumo
from .slips.rows import row_slip_likelier, row_swapped_before
from .slips.spelling import spelt
from .styled_entries import swapped_colours

__all__ = ["Attempt", "LeftOut", "RoundOver", "RoundReplayer", "RoundStopped", "syntax_cut"]



# ----------------------------------------------------------------- headers


# ------------------------------------------------------------------ wording


# ------------------------------------------------------------------- replay



class RoundStopped(Exception):
    """The round's replay cannot go on (a rules error was reported)."""


class RoundOver(Exception):
    """An entry after the end of the round (M7, M8) was reported; the round keeps its result."""


class RoundReplayer:
    """Replays one round's entries on ``position`` (played in place), collecting plies
    and diagnostics. ``ends``: a later round follows, so this one must end."""

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
    ) -> None:
        self.rr = rr
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

    def run(self, challenger: Side) -> None:
        """Replay the round's entries; a slip with a certain correction is reported and
        the replay goes on from the corrected move, any other rules error stops it.

        The hot path: an ordinary move written without a fault is played by
        :meth:`play_as_written`, in the engine's own terms and without building
        explanations. Anything else (a push, a forfeit, a back-entry, any doubt) goes
        through :meth:`special`, which reports what is wrong; so the diagnostics are the
        same whichever path an entry takes."""
        plies, hot, to_move, halt, places = self.rr.plies, self.play_as_written, self.pos, self.halt, self.places
        number = 0
        try:
            for idx, entry in enumerate(self.rr.record.entries):
                if self.cut is not None:
                    self.check_cut(idx, entry, self.cut)
                if entry.placeholder:
                    self.placeholder(idx, entry, challenger)
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
                self.special(idx, entry, number, challenger)
        except RoundStopped:
            self.rr.stopped = True
            self.stop_index = idx
        except RoundOver:
            self.over = idx

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

    def write_like(self, entry: Entry, move: Move) -> str:
        """``move`` written as ``entry`` was (where its own words leave the language open,
        the round's entries tell it)."""
        return write_like(entry, move, self.rr.record.entries)

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
        side = SIDES[(idx + self.shift) & 1]
        if self.pending is not None:
            self.rr.plies.append(self.back_entry(idx, entry, number, self.pending))
            self.pending = None
            return
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
        self.play(idx, entry, number, move)

    def missing_placeholder(self, entry: Entry, number: int) -> None:
        """Gold is the Challenger, yet the round's first entry is no ``...``. When it is a
        legal move of Gold's as written, the ``...`` was left out (every entry one slot
        early): one error, and the replay goes on as if it were there (so the entries'
        turn numbers are judged with it, :meth:`_MatchReplayer.drop_explained`); else stop."""
        if exact_move(self.pos, entry) is None:
            self.error("T1", "Gold is the Challenger and moves first: Black's first slot is '...'", entry, number)
            raise RoundStopped
        self.error(
            "T1",
            "Gold is the Challenger and moves first, so the round starts with '...' for Black: it is missing; "
            "the entries are read as if it were there (this one as Gold's first move)",
            entry,
            number,
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

    def place(self, idx: int) -> int | None:
        """Where entry ``idx`` of the round as replayed is written (:attr:`Ply.index`)."""
        return idx if self.places is None else self.places[idx]

    def play(self, idx: int, entry: Entry, number: int, move: Move) -> None:
        kind = PlyKind.PUSH if move.push else PlyKind.FORFEIT if move.distance == 0 else PlyKind.MOVE
        self.rr.plies.append(Ply(number, move.side, entry, kind, move, self.place(idx)))
        self.pos.apply(move)
        if move.push:
            self.pending = move

    # -- a slip

    def slip(self, idx: int, entry: Entry, number: int) -> Move:
        """An entry that is not a legal move as written: report what is wrong and the
        correction; return the move the replay goes on with (the correction when it is
        certain, the written move when only its annotation is wrong), or stop."""
        fault = entry_fault(self.pos, entry)
        sumo = self.uncorrectable(fault, entry, number)
        if sumo is not None:
            return sumo
        fix = self.correction(idx, entry)
        swapped = swapped_colours(self.pos, entry) if fix.certain is None else None  # (a one-slot slip first)
        if swapped is not None and not self.row_slip_likelier(idx):
            return self.colours_swapped(entry, number, swapped)
        before = self.row_swapped_before(idx)  # (Black's entry legal, Gold's not: the row swapped?)
        if fix.forfeit is not None and before is None and not self.row_slip_likelier(idx):  # (a row swapped: its forfeit first)
            return self.forgotten_forfeit(idx, entry, number, fix.forfeit)
        if self.doubt is None:  # where a slip of a whole row or round may start (:mod:`.slips`)
            self.doubt = (idx, self.pos.copy(), self.pending) if before is None else (idx - 1, before, None)
        if idx == self.halt or (fix.certain is not None and (before is not None or self.row_slip_likelier(idx))):
            self.report(fault, entry, number, replace(fix, certain=None))
            raise RoundStopped
        self.report(fault, entry, number, fix)
        if fix.certain is not None:
            return fix.certain.move
        if fault.move is not None and _best_follows(fault.move, fix):
            return fault.move  # only its annotation is wrong, as far as the record tells
        raise RoundStopped

    def colours_swapped(self, entry: Entry, number: int, swapped: Move) -> Move:
        """An entry whose tower and square colours, written the other way round, name the
        legal move ``swapped`` (no one-slot correction is certain): a style, read as that
        move with a warning; ``fix`` writes the colours in order."""
        text = self.write_like(entry, swapped)
        why = "the tower and square colours swapped"
        message = f"{entry.text!r}: {why}: read as {text}, the one legal move it names; fix writes it so"
        edit = ReplaceEntry(entry.line, entry.column, entry.text, text, why)
        self.error("syntax", message, entry, number, WARNING, (text,), kind=Kind.SWAPPED_COLOURS, edits=(edit,))
        return swapped

    def uncorrectable(self, fault: Fault, entry: Entry, number: int) -> Move | None:
        """Where nothing is to be corrected: the round is over (M8: reported, the replay
        stops), or the move is legal with Sumo rings the replay cannot know of (reported
        as not checkable: the move, taken as made by a Sumo); else ``None``."""
        if fault.rule == "M8":
            self.error(fault.rule, fault.message, entry, number)
            raise RoundStopped
        sumo = unseen_sumo(self.pos, entry) if self.rings_unknown else None
        if sumo is None:
            return None
        self.error(fault.rule, sumo[1], entry, number, WARNING, kind=Kind.UNKNOWN_RING)
        return sumo[0]

    def correction(self, idx: int, entry: Entry) -> Correction:
        """The moves entry ``idx`` may stand for (:func:`.correct.correct`), the entries
        after it telling them apart."""
        entries = self.rr.record.entries
        following = entries[idx + 1 : idx + 1 + LOOKAHEAD]
        return correct(self.pos, entry, following, ends=self.ends and idx + 1 == len(entries))

    def row_slip_likelier(self, idx: int) -> bool:
        """:func:`.slips.rows.row_slip_likelier` here (never after a forgotten forfeit:
        the entries' sides moved)."""
        return not self.shift and row_slip_likelier(self.pos, self.rr.record.entries, idx, self.pending)

    def row_swapped_before(self, idx: int) -> Position | None:
        """:func:`.slips.rows.row_swapped_before` here, where the last ply is Black's entry
        of the row played as an ordinary move (never after a forgotten forfeit)."""
        plies = self.rr.plies
        if self.shift or self.pending is not None or not plies or not idx % 2:
            return None
        last = plies[-1]
        if last.entry is not self.rr.record.entries[idx - 1] or last.kind is not PlyKind.MOVE:
            return None
        return row_swapped_before(self.pos, self.rr.record.entries, idx, last.move)

    def report(self, fault: Fault, entry: Entry, number: int, fix: Correction) -> None:
        if fix.certain is not None:
            text = self.write_like(entry, fix.certain.move)
            wording = slot_wording(entry, fix.certain, self.pos)
            said = {"square": (Slot.SQUARE,), "T2": (Slot.TOWER,)}.get(fault.rule)
            if fix.certain.differs == said:  # the message names the slot already
                message = f"{fault.message}; correction: {text}"
            else:
                message = f"{fault.message}; the slip is {wording}; correction: {text}"
            edit = ReplaceEntry(entry.line, entry.column, entry.text, text, wording)
            self.error(fault.rule, message, entry, number, suggestions=(text,), kind=Kind.SLOT, edits=(edit,))
            return
        message = fault.message
        if fault.tower is not None:
            message += f"; {legal_list(self.pos, fault.tower)}"
        if fix.candidates:
            nearest = ", ".join(f"{self.write_like(entry, c.move)} ({differs(c)})" for c in fix.candidates)
            message += f"; no single correction: nearest {nearest}"
        suggestions = tuple(self.write_like(entry, c.move) for c in fix.candidates)
        self.error(fault.rule, message, entry, number, suggestions=suggestions)

    def unread(self, idx: int, entry: Entry) -> Move:
        """An entry with a word the reader could not read (its syntax error is the
        reader's): the legal move its other three slots name, when only one does (or the
        entries after it tell which), is the entry's move, and its suggestion and fix;
        else the replay stops there, as at any syntax error."""
        fix = self.correction(idx, entry)
        certain = fix.certain
        suggestions = tuple(self.write_like(entry, c.move) for c in (fix.candidates if certain is None else (certain,)))
        slots = " and the ".join((entry.unread or "").split())
        why = f"an unknown word for the {slots}" if " " not in (entry.unread or "") else f"unknown words for the {slots}"
        if certain is None:
            best = spelt(entry, suggestions)
            if best is None:
                self.completed.append((entry, suggestions, None))
                self.cut_reached = True
                raise RoundStopped
            certain = fix.candidates[best]
            suggestions = (suggestions[best], *suggestions[:best], *suggestions[best + 1 :])
            why = f"a misspelt word for the {slots}" if " " not in (entry.unread or "") else f"misspelt words for the {slots}"
        edit = ReplaceEntry(entry.line, entry.column, entry.text, suggestions[0], why)
        self.completed.append((entry, suggestions, edit))
        self.fixes.append(edit)
        return certain.move

    def forgotten_forfeit(self, idx: int, entry: Entry, number: int, forfeit: Move) -> Move:
        """A blocked tower's forfeit left out (M6): report it, insert it, and go on with
        the entry as the opponent's move."""
        pos = self.pos
        text = self.write_like(entry, forfeit)
        side, colour, sq = forfeit.side, forfeit.tower, forfeit.origin
        assert colour is not None
        self.error(
            "M6",
            f"{tower_name(side, colour)} on {square_name(sq)} cannot move, so {side.title} forfeits "
            f"the turn: the entry {text} is missing before this one, which is {side.other.title}'s",
            entry,
            number,
            suggestions=(f"{text}   {entry.text}",),
            kind=Kind.FORGOTTEN_FORFEIT,
            edits=(InsertEntry(entry.line, entry.column, text, f"{side.title}'s {colour.name.lower()} tower is blocked and forfeits (M6)"),),
        )
        inserted = Entry(entry.line, entry.column, text=text, tower=colour, distance=0, square_colour=forfeit.square_colour)
        self.rr.plies.append(Ply(number, side, inserted, PlyKind.FORFEIT, forfeit, None))
        pos.apply(forfeit)
        self.inserted.append(idx)
        self.shift += 1
        move = exact_move(pos, entry)
        assert move is not None
        return move

    # -- a push's back-entry

    def back_entry(self, idx: int, entry: Entry, number: int, push: Move) -> Ply:
        """The pushed player's back-entry after ``push``, entry ``idx`` (S3); a missing one
        stops the round, a wrong one is reported (with the right one) and the replay goes on."""
        back = back_move(push, self.pos)
        assert back.tower is not None  # (the back-entry moves the farthest pushed tower)
        expected = f"{back.tower.title} Back 1 {back.square_colour.title} ({back.coords()})"
        if not is_back_entry(entry, back):
            self.error(
                "push-entry",
                f"{push.side.title}'s Sumo push ({describe(push)}) makes {push.side.other.title} "
                f"forfeit this turn: the entry is the back-entry {expected}",
                entry,
                number,
                suggestions=(f"{self.write_like(entry, back)}   {entry.text}",),
            )
            raise RoundStopped
        wrong = back_entry_slips(self.pos, entry, push, back)
        if wrong:
            text = self.write_like(entry, back)
            self.error(
                "push-entry",
                f"the back-entry of the push is {expected}: " + "; ".join(wrong),
                entry,
                number,
                suggestions=(text,),
                kind=Kind.BACK_ENTRY,
                edits=(ReplaceEntry(entry.line, entry.column, entry.text, text, "; ".join(wrong)),),
            )
        elif entry.unread is not None:  # a back-entry written 'pushed': the one there is
            text = self.write_like(entry, back)
            edit = ReplaceEntry(entry.line, entry.column, entry.text, text, "the back-entry")
            self.completed.append((entry, (text,), edit))
            self.fixes.append(edit)
        return Ply(number, back.side, entry, PlyKind.BACK, back, self.place(idx))

def _best_follows(move: Move, fix: Correction) -> bool:
    """Whether ``move`` is continued by the record as well as any candidate of ``fix``."""
    best = max((c.follows for c in fix.candidates), default=0)
    return any(c.move == move and c.follows == best for c in fix.candidates) or not fix.candidates


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
