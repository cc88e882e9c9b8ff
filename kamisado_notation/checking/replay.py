"""Replay a match record through the rules engine and judge every entry.

The record model (:mod:`kamisado_notation.notation.record`) says what was written; this module
says whether it could have happened. Round 1 starts from the initial position (or the
``[Position]`` header), each later round from the fill the record names (F1–F4), and
every entry is checked against the position it was played in: the tower (T1/T2), the
move (M1–M6, S…/DS…/TS…), the recorded square colour (``square``), a push's
back-entry (``push-entry``), entries after the round ended (M7/M8), then the match's
score and end (``result``, ``match``).

Error policy: a wrong square colour or a wrong back-entry does not stop the replay (the
move is still known); any other rules error stops that round, and then the later rounds
too (their fill depends on where this one ended) — said once, as a warning — up to the
first round whose ``Lineup`` lines pin its start, from which the replay goes on (the
score from the stopped round on unknown). Nothing beyond a point the replay could not
reach is reported as if it had been checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import ClassVar

from ..diagnostics import (
    ERROR,
    WARNING,
    Diagnostic,
    Edit,
    InsertEntry,
    InsertLine,
    Kind,
    Renumber,
    ReplaceEntry,
    RewriteLine,
    Severity,
)
from ..engine.board import SIDES, Colour, Side, square_name
from ..engine.match import (
    HOME_SQUARES,
    Fill,
    Match,
    RoundEnd,
    RoundResult,
    fill,
    place_ring,
    round_result,
)
from ..engine.position import Move, Position, Tower, WrittenMove
from ..enums import TextEnum
from ..errors import PlyError
from ..notation.headers import DASHES
from ..notation.record import Entry, Lineup, MatchRecord, Pasted, RoundRecord
from ..notation.style import write_like
from ..notation.writer import ResolvedMoves
from .correct import (
    LOOKAHEAD,
    Correction,
    Slot,
    back_move,
    correct,
    exact_move,
    slot_wording,
)
from .lineups import (
    check_lineups,
    fill_slip,
    likely_fill,
    missing_fill,
    new_round_fill,
    next_round_check,
    rounds_played,
)
from .match_headers import MatchHeaders, match_target, parse_result, pasted_warning
from .slips import Hypothesis, Stop, candidate_words, explain, row_off
from .slips.faults import Fault, describe, differs, entry_fault, legal_list, tower_name
from .slips.headers import format_agrees, header_fixes
from .slips.pushes import back_entry_slips, is_back_entry
from .slips.rings import unseen_sumo
from .slips.rows import row_slip_likelier, row_swapped_before
from .slips.spelling import spelt

__all__ = ["DASHES", "MatchReplay", "Ply", "RoundReplay", "lineup_start", "match_target", "parse_result", "replay"]


class PlyKind(TextEnum):
    """What an entry of a round is."""

    MOVE = "move"  #: an ordinary move
    PUSH = "push"  #: a Sumo push (S2–S11)
    FORFEIT = "forfeit"  #: a blocked tower's zero entry (M6)
    BACK = "back"  #: a push's back-entry: the farthest pushed tower, back one square


class MatchStatus(TextEnum):
    """Whether a match was decided (the README's ``status``)."""

    COMPLETE = "complete"
    IN_PROGRESS = "in-progress"


@dataclass(slots=True)
class Ply:
    """One entry of a round, judged. ``kind`` says what it is (:class:`PlyKind`; for
    ``BACK``, a push's back-entry, whose ``move`` describes the farthest pushed
    tower going back one square; the engine applied it with the push).

    ``index`` is where the entry is written: ``entries[index]`` of the round's record
    as written (``MatchReplay.record.rounds[RoundReplay.index]``), also when a correction
    moved it (a swapped row) or rewrote it (``entry`` is then the corrected one); ``None``
    for an entry the record does not hold, which the replay put in (a forgotten forfeit,
    a push's missing back-entry, a row left out).

    >>> from kamisado_notation import read_record, replay_match
    >>> match = read_record("samples/standard-match.kmr").matches[0]
    >>> first = replay_match(match).rounds[1].plies[0]  # round 2 is written '...' first (Gold starts)
    >>> first.index, first.entry is match.rounds[1].entries[1], first.move
    (1, True, <Move Gold Blue d1-h5 Right 4>)
    """

    number: int
    side: Side
    entry: Entry
    kind: PlyKind
    move: Move
    index: int | None


@dataclass
class RoundReplay:
    """A round as replayed: its start, its plies, and how it ended (``None`` while in
    progress or when the replay stopped). ``index`` is the round's place in the match
    record (``MatchReplay.record.rounds[index]``, from 0); ``record`` is the round as
    replayed: the one written, or, where a certain correction of a whole row or round
    was made (a swapped row, a repeated one), the round with it made."""

    number: int
    index: int
    record: RoundRecord
    fill: Fill | None
    start: Position
    plies: list[Ply] = field(default_factory=list)
    result: RoundResult | None = None
    stopped: bool = False

    #: How a notebook draws a round: set by :mod:`kamisado_notation.drawing.svg` when it is imported.
    _svg_hook: ClassVar[Callable[[RoundReplay], str] | None] = None

    def _repr_svg_(self) -> str | None:
        """The round's last position as SVG, for notebooks; ``None`` until installed."""
        hook = type(self)._svg_hook
        return hook(self) if hook is not None else None

    def position_at(self, ply: int | None = None) -> Position:
        """The position after ``ply`` plies: ``0`` is the round's start, ``len(plies)``
        (or ``-1``, or ``None``) the position after the last replayed ply; negative
        numbers count from the end as a Python sequence does, and a ply beyond either end
        raises :class:`~kamisado_notation.errors.PlyError` (an ``IndexError``). Replays from
        the start rather than keeping snapshots.

        >>> from kamisado_notation import read_record, replay_match
        >>> rnd = replay_match(read_record("samples/standard-match.kmr").matches[0]).rounds[0]
        >>> rnd.position_at(0) == rnd.start, rnd.position_at(-1) == rnd.position_at(len(rnd.plies))
        (True, True)
        """
        count = len(self.plies) + 1  # the positions: the start, then one after each ply
        n = count - 1 if ply is None else ply + count if ply < 0 else ply
        if not 0 <= n < count:
            raise PlyError(f"round {self.number} has positions 0 to {count - 1} (or -{count} to -1), not {ply}")
        position = self.start.copy()
        for p in self.plies[:n]:
            if p.kind is not PlyKind.BACK:
                position.apply(p.move)
        return position

    def last_move(self, ply: int | None = None) -> Move | None:
        """The move of ply ``ply`` (default: the last replayed), to highlight in a diagram."""
        plies = self.plies if ply is None else self.plies[: max(ply, 0)]
        return plies[-1].move if plies else None


@dataclass
class MatchReplay:
    """A match as replayed: its rounds, score, winner and every diagnostic (the record's
    syntax errors and the rules' verdicts), each once, in line order: a syntax error the
    replay explains stands once, with what it found (the move an unknown word stands
    for), or not at all when a correction explains it (a turn number a row left out
    makes wrong)."""

    record: MatchRecord
    rounds: list[RoundReplay]
    target: int
    score: dict[Side, int]
    winner: Side | None
    status: MatchStatus
    diagnostics: list[Diagnostic]
    #: The certain corrections found, as edits of the record in record order (what
    #: ``kamisado fix`` writes); each is also on its diagnostic (:attr:`Diagnostic.edits`).
    fixes: list[Edit] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not any(d.severity == ERROR for d in self.diagnostics)

    def resolved_moves(self) -> ResolvedMoves:
        """The move of each written entry the replay played as written, by its place in
        the record, for writing the match in another form
        (:func:`~kamisado_notation.notation.writer.format_record`). An entry with an
        error keeps what was written (the move the replay went on with may be a
        correction), and so does one a correction rewrote.

        >>> from kamisado_notation import read_record, replay_match
        >>> judged = replay_match(read_record("samples/standard-match.kmr").matches[0])
        >>> judged.record.rounds[0].entries[1].text, judged.resolved_moves().move_of(0, 1)
        ('Orange Forward 4 Yellow', <Move Gold Orange h1-h5 Forward 4>)
        """
        wrong = {(d.line, d.column) for d in self.diagnostics if d.severity is ERROR}
        rounds = self.record.rounds
        found: dict[tuple[int, int], Move] = {}
        for rnd in self.rounds:
            written = rounds[rnd.index].entries
            for ply in rnd.plies:
                k, entry = ply.index, ply.entry
                if k is not None and entry == written[k] and (entry.line, entry.column) not in wrong:
                    found[rnd.index, k] = ply.move
        return ResolvedMoves(found)


# ----------------------------------------------------------------- headers


# ------------------------------------------------------------------ wording


# ------------------------------------------------------------------- replay



class _Stop(Exception):
    """The round's replay cannot go on (a rules error was reported)."""


class _Over(Exception):
    """An entry after the end of the round (M7, M8) was reported; the round keeps its result."""


class _RoundReplayer:
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
        self.split: _LeftOut | None = None
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
        except _Stop:
            self.rr.stopped = True
            self.stop_index = idx
        except _Over:
            self.over = idx

    def halted(self, entry: Entry, number: int) -> None:
        """The entry where a slip of a whole row or round may start (:attr:`halt`): when
        it is legal as written, the replay stops before it all the same (else :meth:`slip`
        stops there)."""
        if self.pending is None and exact_move(self.pos, entry) is not None:
            self.error("syntax", "the round cannot be replayed past this entry as written", entry, number)
            raise _Stop

    def check_cut(self, idx: int, entry: Entry, cut: tuple[int, int]) -> None:
        """Stop at the first syntax error inside the round (what was skipped may be a
        turn); where the round was over before it, that entry is the first after its end
        (:attr:`over`: another round's, perhaps)."""
        if (entry.line, entry.column) >= cut:
            if self.pending is None and round_result(self.pos) is not None:
                self.over = idx
            self.cut_reached = True
            raise _Stop

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
        raise _Stop

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
            raise _Over
        self.check_deadlock(entry, number)
        if side is not pos.to_move:  # entries alternate, and so do turns: not expected
            self.error("T2", f"it is {pos.to_move.title}'s turn, not {side.title}'s", entry, number)
            raise _Stop
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
            raise _Stop
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
            raise _Over
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
        if fault.rule == "M8":  # the round is over: nothing to correct
            self.error(fault.rule, fault.message, entry, number)
            raise _Stop
        if self.rings_unknown:
            sumo = unseen_sumo(self.pos, entry)
            if sumo is not None:
                self.error(fault.rule, sumo[1], entry, number, WARNING, kind=Kind.UNKNOWN_RING)
                return sumo[0]
        entries = self.rr.record.entries
        following = entries[idx + 1 : idx + 1 + LOOKAHEAD]
        fix = correct(self.pos, entry, following, ends=self.ends and idx + 1 == len(entries))
        before = self.row_swapped_before(idx)  # (Black's entry legal, Gold's not: the row swapped?)
        if fix.forfeit is not None and before is None and not self.row_slip_likelier(idx):  # (a row swapped: its forfeit first)
            return self.forgotten_forfeit(idx, entry, number, fix.forfeit)
        if self.doubt is None:  # where a slip of a whole row or round may start (:mod:`.slips`)
            self.doubt = (idx, self.pos.copy(), self.pending) if before is None else (idx - 1, before, None)
        if idx == self.halt or (fix.certain is not None and (before is not None or self.row_slip_likelier(idx))):
            self.report(fault, entry, number, replace(fix, certain=None))
            raise _Stop
        self.report(fault, entry, number, fix)
        if fix.certain is not None:
            return fix.certain.move
        if fault.move is not None and _best_follows(fault.move, fix):
            return fault.move  # only its annotation is wrong, as far as the record tells
        raise _Stop

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
        entries = self.rr.record.entries
        following = entries[idx + 1 : idx + 1 + LOOKAHEAD]
        fix = correct(self.pos, entry, following, ends=self.ends and idx + 1 == len(entries))
        certain = fix.certain
        suggestions = tuple(self.write_like(entry, c.move) for c in (fix.candidates if certain is None else (certain,)))
        slots = " and the ".join((entry.unread or "").split())
        why = f"an unknown word for the {slots}" if " " not in (entry.unread or "") else f"unknown words for the {slots}"
        if certain is None:
            best = spelt(entry, suggestions)
            if best is None:
                self.completed.append((entry, suggestions, None))
                self.cut_reached = True
                raise _Stop
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
            raise _Stop
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
        return Ply(number, back.side, entry, PlyKind.BACK, back, self.place(idx))

def _best_follows(move: Move, fix: Correction) -> bool:
    """Whether ``move`` is continued by the record as well as any candidate of ``fix``."""
    best = max((c.follows for c in fix.candidates), default=0)
    return any(c.move == move and c.follows == best for c in fix.candidates) or not fix.candidates


def _syntax_cut(match: MatchRecord, round_index: int) -> tuple[int, int] | None:
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
class _Attempt:
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
class _LeftOut:
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


class _MatchReplayer:
    """Replays a match round by round: the headers (target, start), each round's start
    (its number, the previous round's end, its fill), the rounds, then the result."""

    def __init__(self, match: MatchRecord, *, probing: bool = False) -> None:
        self.match = match
        self.original = match  # (:attr:`match` is a copy once a round is split: :meth:`split_round`)
        #: where each round of :attr:`match` is written in :attr:`original`: the round's
        #: index there, and the index there of its first entry (not 0 for the later part
        #: of a round split in two)
        self.written = [(k, 0) for k in range(len(match.rounds))]
        self.probing = probing  # a trial replay of :meth:`unseen_ring`: its diagnostics only
        self.diags: list[Diagnostic] = [] if probing else list(match.errors)
        self.rounds: list[RoundReplay] = []
        self.fixes: list[Edit] = [] if probing else [e for d in match.errors for e in d.edits]  # (the reader's)
        self.complete = True  # the replay reached the end of the record
        #: where the replay goes on after a round it could not finish: a round whose
        #: lineups pin its start, and the match from there (:meth:`unchecked`)
        self.restart: tuple[Match, int] | None = None
        #: the first round of the match being replayed: another one pasted without
        #: headers after a decided match starts there (:meth:`pasted`)
        self.first_round = 0
        #: the fills the replay took where a round's line names none or the wrong one
        self.fills: dict[int, Fill] = {}
        #: round → its lineups' diagnostics, where :meth:`round_start` checked them
        self.lineups_checked: dict[int, list[Diagnostic]] = {}
        #: the match's headers as the replay reads them
        self.headers = MatchHeaders(match, self.probe_scores)

    def diag(self, rule: str, message: str, at: tuple[int, int], severity: Severity = ERROR, rnd: int | None = None) -> None:
        self.diags.append(Diagnostic(rule, message, at[0], at[1], severity, rnd, None, self.match.index))

    def unchecked(self, j: int, why: str, game: Match) -> None:
        """Say once that rounds ``j``… are not checked from the end of the round before
        (which the replay did not reach); the first of them whose lineups pin its start
        is checked from there on (:meth:`restart`), the score not."""
        self.complete = False
        rounds = self.match.rounds
        if j >= len(rounds):
            return
        nxt = rounds[j]
        k, start = next(
            ((k, p) for k in range(j, len(rounds)) if (p := lineup_start(rounds[k], game.position)) is not None),
            (None, None),
        )
        if k is None or start is None:
            more = " and the rounds after it are" if j + 1 < len(rounds) else " is"
            said = f"round {nxt.number}{more} not checked (a round is filled from the end of the one before)"
        else:
            start, ring = self.unseen_ring(start, j, k)
            self.restart = (Match(target=_UNKNOWN_TARGET, start=start), k)
            said = _restart_wording(rounds, j, k) + ring
        self.diag("match", f"{why}, so {said}", (nxt.line, nxt.column), WARNING, nxt.number)

    def unseen_ring(self, start: Position, j: int, k: int) -> tuple[Position, str]:
        """``start`` (round ``k``'s, from its lineups) with the ring won in round ``j - 1``,
        which the replay could not finish, where the rounds after it show it went, and
        the words that say so. The ring went on a tower of that round's winner (the side
        not moving first in round ``j``); a Sumo's push of a tower that lacked it would
        be reported as an error that is none. So the later rounds are replayed with the
        ring on each of the winner's towers in turn: when exactly one placement replays
        them further before its first error than without it, that is where it went.
        Only for one such ring (``k == j``: no round skipped); else ``start`` as it is."""
        if self.probing or k != j:
            return start, ""
        base = self.first_error(start, k)
        if base is None:
            return start, ""
        winner = start.to_move.other
        better: list[tuple[tuple[int, int], Colour, Position]] = []
        for colour in Colour:
            trial = start.copy()
            place_ring(trial, RoundResult(winner, RoundEnd.HOME_ROW, colour, 0))
            if trial.rings(winner, colour) == start.rings(winner, colour):
                continue  # (a Triple Sumo takes no fourth ring)
            reached = self.first_error(trial, k)
            if reached is None or reached > base:
                better.append((reached or (1 << 62, 0), colour, trial))
        best = max((b[0] for b in better), default=None)
        found = [b for b in better if b[0] == best]
        if len(found) != 1:
            return start, ""
        _reached, colour, trial = found[0]
        return trial, (
            f"; the ring won in round {self.match.rounds[j - 1].number} is taken to be on {winner.title}'s "
            f"{colour.name.lower()} tower, the one the later rounds need"
        )

    def first_error(self, start: Position, k: int) -> tuple[int, int] | None:
        """Where the first rules error is when rounds ``k``… are replayed from ``start``
        (a trial, which reports nothing), or ``None``."""
        probe = _MatchReplayer(self.match, probing=True)
        probe.play_rounds(Match(target=_UNKNOWN_TARGET, start=start), k)
        return min(((d.line, d.column) for d in probe.diags if d.severity is ERROR), default=None)

    # -- headers

    def header_slips(self, target: int) -> None:
        """The corrections of the header lines' slips (:mod:`.slips.headers`), on their
        warnings, for ``fix``; a misspelt format is written as read where the match
        played to ``target`` agrees with it."""
        before, fmt = self.diags, self.headers.format_read
        if fmt is not None:
            text = self.headers.value("Result")
            claim = parse_result(text) if text is not None else None
            fmt = fmt if format_agrees(before, target, claim) else None
        self.diags = header_fixes(self.match, before, self.headers.misnamed, fmt)
        self.fixes.extend(e for d, was in zip(self.diags, before, strict=True) if d is not was for e in d.edits)

    def probe_scores(self, n: int) -> list[tuple[int, int]]:
        """The score (Black's, Gold's) after each of the first ``n`` rounds that a trial
        replay with no target finishes (it stops at the first error)."""
        probe = _MatchReplayer(replace(self.match, rounds=self.match.rounds[:n]), probing=True)
        start, _ok = probe.headers.start()
        game = Match(target=_UNKNOWN_TARGET, start=start)
        score = [game.score[Side.BLACK], game.score[Side.GOLD]]
        probe.play_rounds(game)
        scores = []
        for rr in probe.rounds:
            if rr.result is None:
                break
            score[rr.result.winner is Side.GOLD] += rr.result.points
            scores.append((score[0], score[1]))
        return scores

    # -- rounds

    def run(self) -> MatchReplay:
        target, checks_target = self.headers.target()
        start, replayable = self.headers.start()
        self.diags.extend(self.headers.found)
        game = Match(target=target, start=start)
        self.complete = replayable
        if replayable:
            self.play_rounds(game)
        self.check_result(game)
        if not self.probing and (self.headers.misnamed or self.headers.format_read or self.match.errors):
            self.header_slips(target)
        self.diags.sort(key=lambda d: (d.line, d.column))
        winner = game.winner if checks_target else None
        return MatchReplay(
            record=self.original,
            rounds=self.rounds,
            target=target,
            score=dict(game.score),
            winner=winner,
            status=MatchStatus.COMPLETE if winner is not None else MatchStatus.IN_PROGRESS,
            diagnostics=self.diags,
            fixes=self.fixes,
        )

    def play_rounds(self, game: Match, first: int = 0) -> None:
        """Replay the rounds in order from round ``first`` (the first of ``game``); where
        one cannot be finished, go on from the next round whose lineups pin its start
        (:meth:`unchecked`), with a match of its own (whose score means nothing: ``game``
        keeps the match's). (A round split in two where its ``Round`` line was left out
        adds a round: :attr:`match` is then a copy with one round more.)"""
        todo: tuple[Match, int] | None = (game, first)
        while todo is not None:
            game, first = todo
            self.restart = None
            i = first
            while i < len(self.match.rounds):
                rec = self.match.rounds[i]
                position = self.round_start(game, i, i - first, rec)
                if position is None or not self.play_round(game, i, rec, position):
                    break
                if self.probing and self.erred():
                    return
                i += 1
            todo = None if self.probing and self.erred() else self.restart

    def erred(self) -> bool:
        """Whether an error was reported (a trial replay, :meth:`first_error`, needs no
        more: its rounds are in line order, so the first error found is the first)."""
        return any(d.severity is ERROR for d in self.diags)

    def round_start(self, game: Match, i: int, rel: int, rec: RoundRecord) -> Position | None:
        """Round ``i``'s start (the ``rel``-th round of ``game``), or ``None`` (reported)
        when it cannot start."""
        at = (rec.line, rec.column)
        if rel and game.is_over and rec.number == 1:
            self.pasted(game, i, rec)
            return None
        if rel and game.is_over:
            self.diag(
                "match",
                f"the match was decided in round {len(game.results)} "
                f"({game.score[Side.BLACK]}-{game.score[Side.GOLD]}, target {game.target}): round {rec.number} is never played",
                at,
                rnd=rec.number,
            )
            return None
        if rec.number != i + 1 - self.first_round:
            self.misnumbered(rec, i + 1 - self.first_round)
        if rel == 0:
            return game.position
        if len(game.results) != rel:
            self.diag(
                "M7",
                f"round {i} is not over after its last entry (no tower reached the home row "
                f"and no deadlock), so round {rec.number} cannot start",
                at,
                rnd=rec.number,
            )
            self.unchecked(i + 1, f"round {rec.number} cannot start", game)
            return None
        how = rec.fill if rec.fill is not None else self.unread_fill(game, rec, i)
        if how is None:
            return None
        end = game.position
        start = game.next_round(how)
        if rec.fill is not None and rec.lineups:
            checked = self.lineups_checked[i] = check_lineups(rec, how, start, self.match.index)
            if checked and (other := self.written_fill(game, end, rec, i)) is not None:
                del self.lineups_checked[i]  # (checked again under the other fill)
                start = other
        return start

    def misnumbered(self, rec: RoundRecord, number: int) -> None:
        """Round ``rec`` numbered otherwise than its place, ``number``: an error, and
        the line renumbered by ``fix`` (when it was read: its fill is known)."""
        edits: tuple[Edit, ...] = ()
        if not rec.unread:
            new = f"Round {number}" + (f" fill {rec.fill.value}" if rec.fill is not None else "")
            edits = (RewriteLine(rec.line, "round", f"Round {rec.number}", new, f"this is round {number}"),)
        self.diags.append(
            Diagnostic(
                "syntax", f"this is round {number}, not round {rec.number}", rec.line, rec.column, ERROR, rec.number, None,
                self.match.index, (), Kind.ROUND_NUMBER, edits,
            )
        )
        self.fixes.extend(edits)

    def written_fill(self, game: Match, end: Position, rec: RoundRecord, i: int) -> Position | None:
        """Round ``i``, whose lineups fail under the fill its line names (from ``end``,
        the round before's end): its start under the other fill, where the round's
        lineups and first entries say the word is a slip (:func:`.lineups.fill_slip`,
        reported); else ``None``."""
        slip = fill_slip(end, game.challenger, rec, self.match.index)
        if slip is None:
            return None
        how, error = slip
        self.diags.append(error)
        self.fixes.extend(error.edits)
        self.fills[i] = how
        game.position = fill(end, how, challenger=game.challenger)
        return game.position

    def pasted(self, game: Match, i: int, rec: RoundRecord) -> None:
        """A ``Round 1`` after the match was decided: another match pasted without
        headers, replayed from round ``i`` on as a match of its own (from the initial
        position, to the same target), with a warning. The score and ``Result`` stay
        the first match's."""
        self.restart = (Match(target=game.target), i)
        self.first_round = i
        self.diags.append(pasted_warning(Pasted(game.target, len(game.results), (game.score[Side.BLACK], game.score[Side.GOLD])), rec, self.match.index))

    def unread_fill(self, game: Match, rec: RoundRecord, i: int) -> Fill | None:
        """The fill of round ``i``, whose line does not say it: the one its lineups or its
        first entries agree with when its line could not be read; else ``None``, reported."""
        if rec.unread:
            how = likely_fill(game, rec)
            if how is not None:
                return how
            self.unchecked(i, f"the fill of round {rec.number} is unknown (its line could not be read)", game)
            return None
        winner = game.results[-1].winner
        message = f"round {rec.number} must say 'fill left' or 'fill right' ({winner.title}, who won round {i}, chooses)"
        inferred = missing_fill(game, rec)
        if inferred is not None:  # the round's lineups and first entries say which
            how, words, edit = inferred
            self.diags.append(
                Diagnostic("F1", message + words, rec.line, rec.column, ERROR, rec.number, None, self.match.index, (edit.new,), Kind.FILL_WORD, (edit,))
            )
            self.fixes.append(edit)
            self.fills[i] = how
            return how
        self.diag("F1", message, (rec.line, rec.column), rnd=rec.number)
        self.unchecked(i + 1, f"round {rec.number} has no fill", game)
        return None

    def play_round(self, game: Match, i: int, rec: RoundRecord, position: Position) -> bool:
        """Replay round ``i`` from ``position``; ``False`` when it stopped. Where it stops
        at a slip of a whole row or round (:mod:`.slips`) whose correction is certain, the
        round is replayed again with it (:meth:`replay_round`)."""
        rr = RoundReplay(rec.number, self.written[i][0], rec, self.fills.get(i, rec.fill) if i else None, position.copy())
        self.rounds.append(rr)
        said, fixed = len(self.diags), len(self.fixes)
        if rec.lineups:
            checked = self.lineups_checked.pop(i, None)
            for d in checked if checked is not None else check_lineups(rec, rr.fill, rr.start, self.match.index):
                self.diags.append(d)
                self.fixes.extend(d.edits)
        cut = _syntax_cut(self.match, i) if self.match.errors else None
        attempt = _Attempt(game.challenger if i else position.to_move, i + 1 < len(self.match.rounds), cut)
        attempt.guess = game.target == _UNKNOWN_TARGET and not self.probing  # (a restart: rings won before unknown)
        attempt.agrees = next_round_check(self.match.rounds[i + 1]) if attempt.ends else None
        attempt.further = rounds_played(self.match.rounds[i + 1 :]) if attempt.ends else None
        runner, rr = self.replay_round(attempt, rr, position)
        if runner.split is not None:  # the round runs on into the next: replayed again as two
            del self.diags[said:], self.fixes[fixed:], self.rounds[-1]
            return self.play_round(game, i, self.split_round(i, runner.split), rr.start.copy())
        self.rounds[-1] = rr
        self.place_plies(rr, i)
        position = game.position = runner.pos
        if cut is not None and not rr.stopped and position.winner is None and position.deadlock() is None:
            rr.stopped = runner.cut_reached = True  # the round's last rows were lost: not its end
        if runner.inserted or attempt.slips:
            self.renumber(rr.record.entries, attempt.places, runner.inserted, attempt.removed)
        runner.diagnostics.extend(attempt.slips)
        if runner.completed:
            self.read_past(runner.completed)
        self.diags.extend(runner.diagnostics)
        self.fixes.extend(runner.fixes)
        if rr.stopped:
            why = "a syntax error" if runner.cut_reached else "a rules error"
            self.unchecked(i + 1, f"round {rec.number} could not be replayed past {why}", game)
            return False
        if not (rr.plies and rr.plies[-1].kind is PlyKind.PUSH):  # else the back-entry is due
            rr.result = game.finish_round()
        return True

    def place_plies(self, rr: RoundReplay, i: int) -> None:
        """The plies of ``rr``, round ``i`` of :attr:`match`, pointed at their entries in
        the round as written (:attr:`Ply.index`): the later part of a round split in two
        starts inside it."""
        first = self.written[i][1]
        if first:
            for ply in rr.plies:
                if ply.index is not None:
                    ply.index += first

    def read_past(self, completed: list[tuple[Entry, tuple[str, ...], Edit | None]]) -> None:
        """The reader's error of each unknown word read past (its :attr:`Diagnostic.kind`
        says so), with the entries its other slots allow: the correction when certain (its
        edit too), else the candidates."""
        for entry, suggestions, certain in completed:
            for i, d in enumerate(self.diags):
                if d.kind is Kind.UNKNOWN_WORD and entry.covers(d.line, d.column):
                    edits = (certain,) if certain is not None else ()
                    if certain is not None and len(suggestions) > 1:  # the spelling told them apart
                        message = (
                            f"{d.message}; the entry's other slots allow {' or '.join(suggestions)}, and the word is "
                            f"spelt nearest the first; correction: {suggestions[0]}"
                        )
                    elif certain:
                        message = f"{d.message}; the entry's other slots name one legal move; correction: {suggestions[0]}"
                    elif suggestions:
                        message = f"{d.message}; the entry's other slots allow {' or '.join(suggestions)}: no single correction"
                    else:
                        message = f"{d.message}; no legal move agrees with the entry's other slots"
                    self.diags[i] = replace(d, message=message, suggestions=suggestions, edits=edits)
                    break

    def renumber(self, entries: list[Entry], places: list[int | None] | None, inserted: list[int], removed: list[Entry]) -> None:
        """The turn numbers of a round once its certain corrections are made: ``entries``
        as corrected (rows inserted, swapped or removed; ``places``: where each is
        written, ``None`` when none is moved), with an entry inserted before each of
        ``inserted`` (a missing ``...``, a forgotten forfeit: every later entry one slot
        early). The reader's warnings these explain are dropped, and those of ``removed``
        entries, so that one slip is one diagnostic, not one more a row; a number they
        leave wrong is renumbered (an edit for ``fix``)."""
        explained = {(e.line, e.column) for e in removed}
        shift = 0
        for idx, entry in enumerate(entries):
            at = inserted.count(idx)
            shift += at
            real = idx + shift
            if entry.number is None:
                continue
            written = idx if places is None else places[idx]  # (None: an entry inserted)
            if real % 2 == 0 and entry.number == real // 2 + 1:
                explained.add((entry.line, entry.column))
            elif real % 2 == 1 and entry.number == real // 2 + 1 and entries[idx - 1].line == entry.line:
                # the row's number, written before it: its entries swapped places, the row did not
                explained.add((entry.line, entry.column))
            elif not at and written is not None and written != real:  # moved by what was inserted or removed
                self.fixes.append(Renumber(entry.line, entry.column, real // 2 + 1 if real % 2 == 0 else None))
        self.diags = [d for d in self.diags if not (d.kind is Kind.TURN_NUMBER and (d.line, d.column) in explained)]

    def replay_round(self, attempt: _Attempt, rr: RoundReplay, position: Position) -> tuple[_RoundReplayer, RoundReplay]:
        """Replay ``rr``'s round from ``position``; where it stops at a slip of a whole
        row or round whose correction is certain, again from its start with the slip
        corrected (each time further on: the slips found are kept in ``attempt``), or up
        to the entry where the likeliest slips start. The last replayer, and its round."""
        while True:
            runner = _RoundReplayer(
                rr, position, self.match.index, attempt.cut, ends=attempt.ends, rings_unknown=attempt.guess, halt=attempt.halt,
                places=attempt.places,
            )
            runner.run(attempt.challenger)
            if runner.over is not None and not attempt.slips:
                runner.split = self.left_out_round(rr, runner)
                if runner.split is not None:
                    return runner, rr
            if attempt.halt is not None:  # stopped where the slip may start: its candidates named there
                last = runner.diagnostics[-1]
                runner.diagnostics[-1] = replace(last, message=last.message + attempt.maybe)
                return runner, rr
            found = self.row_slip(runner, rr, attempt, after=len(attempt.slips))
            if found is None:
                return runner, rr
            slip, hypothesis, halt = found
            if hypothesis is None and halt is None:  # a row slip before this legal entry
                assert runner.stop_index is not None
                self.stop_at(runner, rr, runner.stop_index, slip)
                return runner, rr
            if hypothesis is None:
                attempt.halt, attempt.maybe = halt, slip.message
            else:
                attempt.slips.append(slip)
                attempt.removed.extend(hypothesis.removed)
                stop, entries = runner.stop_index, rr.record.entries
                places: list[int | None] = attempt.places if attempt.places is not None else list(range(len(entries)))
                attempt.places = places[:stop] + _tail_places(entries[stop:], places[stop:], hypothesis.tail)
                rr = RoundReplay(rr.number, rr.index, replace(rr.record, entries=[*entries[:stop], *hypothesis.tail]), rr.fill, rr.start)
            position = rr.start.copy()

    def left_out_round(self, rr: RoundReplay, runner: _RoundReplayer) -> _LeftOut | None:
        """Round ``rr``, whose replay ended at its entry :attr:`~_RoundReplayer.over`
        (M7, M8) with entries left, when those entries are another round's, its ``Round``
        line left out: they start a line of their own (numbered ``1.``, or not at all),
        and under exactly one fill from the round's end (the other round's lineups
        holding) more of them replay as written, at least the first few
        (:func:`.lineups.new_round_fill`). How to split it, or ``None``."""
        k, entries = runner.over, rr.record.entries
        result = round_result(runner.pos)
        if k is None or not k or result is None or runner.shift:
            return None
        first, last = entries[k], entries[k - 1]
        if first.line <= last.line or first.number not in (None, 1):
            return None
        challenger = result.winner.other
        lineups = [lu for lu in rr.record.lineups if lu.line > last.line]
        aside = self.set_aside(first, last.line) if challenger is Side.GOLD and first.number is None else None
        placeholder = Entry(aside.line, aside.column, "...", placeholder=True, number=1) if aside is not None else None
        rest = [*([placeholder] if placeholder is not None else []), *entries[k:]]
        end = runner.pos.copy()
        place_ring(end, result)  # (won in the round: the new round's Sumo moves need it)
        how = new_round_fill(end, challenger, RoundRecord(rr.number + 1, None, first.line, 1, lineups, rest))
        if how is None:
            return None
        explained = {(e.line, e.column) for j, e in enumerate(rest) if e.number == j // 2 + 1 and not j % 2}
        if aside is not None:
            explained.add((aside.line, aside.column))
        line, column = min([(first.line, (placeholder or first).column), *((lu.line, lu.column) for lu in lineups)])
        by = "reached the home row" if result.by is RoundEnd.HOME_ROW else "won by deadlock"
        ended = f"{result.winner.title} {by} at ply {rr.plies[-1].number}" if rr.plies else f"{result.winner.title} won"
        return _LeftOut(k, how, lineups, placeholder, line, column, frozenset(explained), ended)

    def set_aside(self, first: Entry, after: int) -> Diagnostic | None:
        """The reader's error of a ``...`` it set aside on ``first``'s line, before it
        (one not at a round's start), which a round left out explains; else ``None``."""
        return next(
            (
                d
                for d in self.match.errors
                if d.severity is ERROR and d.rule == "syntax" and not d.kind and d.line == first.line
                and after < d.line and d.column < first.column
            ),
            None,
        )

    def split_round(self, i: int, left: _LeftOut) -> RoundRecord:
        """Round ``i`` split where a ``Round`` line was left out (``left``): the error,
        with the line's insertion for ``fix``; :attr:`match` becomes a copy of the match
        with the two rounds (the record read is not changed), without the reader's
        diagnostics the split explains. Round ``i`` as it now is."""
        rec = self.match.rounds[i]
        place = i + 2 - self.first_round
        new = f"Round {place} fill {left.fill.value}"
        before = [lu for lu in rec.lineups if lu not in left.lineups]
        rest = [*([left.placeholder] if left.placeholder is not None else []), *rec.entries[left.index :]]
        head = replace(rec, lineups=before, entries=rec.entries[: left.index])
        tail = RoundRecord(place, left.fill, left.line, 1, left.lineups, rest)
        explained = left.explained
        errors = [d for d in self.match.errors if (d.line, d.column) not in explained]
        self.match = replace(self.match, rounds=[*self.match.rounds[:i], head, tail, *self.match.rounds[i + 1 :]], errors=errors)
        k, first = self.written[i]
        self.written.insert(i + 1, (k, first + left.index - (1 if left.placeholder is not None else 0)))  # (a '...' put in: not written)
        self.diags = [d for d in self.diags if not (d.rule == "syntax" and d.kind in (Kind.NONE, Kind.TURN_NUMBER) and (d.line, d.column) in explained)]
        why = f"round {rec.number} is over ({left.ended}), and the entries after it replay as round {place} filled from the {left.fill.value}"
        edit = InsertLine(left.line, "round", new, why)
        self.diags.append(
            Diagnostic(
                "syntax", f"a '{new}' line seems to be missing before this line: {why}; correction: {new}", left.line,
                left.column, ERROR, place, None, self.match.index, (new,), Kind.MISSING_ROUND, (edit,),
            )
        )
        self.fixes.append(edit)
        return head

    def unfollowed(self, runner: _RoundReplayer, rr: RoundReplay, attempt: _Attempt) -> tuple[Diagnostic, Hypothesis | None, None] | None:
        """A round replayed without a stop to an end the next round cannot follow (its
        lineups or its first entries; or no end, when a round follows): a slip the
        replay took for one-slot slips, or legal as written, is tried from the round's
        first doubtful entry, from a row whose turn number is one off its place (a row
        left out or written twice) and from the start (:mod:`.slips`). The slip, when
        certain; else, when candidates start at such an entry, an error there naming them,
        without a hypothesis (the round stops there); else ``None``."""
        if runner.doubt is None and not self.match.errors and (not attempt.ends or runner.pos.winner is not None):
            return None  # (every entry legal as written, no turn number off, an end: nothing to doubt)
        entries, agrees = rr.record.entries, attempt.agrees
        over = round_result(runner.pos) is not None
        if not (attempt.ends and not over) and (agrees is None or not over or agrees(runner.pos)):
            return None
        gold_first, ends = attempt.challenger is Side.GOLD, attempt.ends
        skipped = 1 if entries and entries[0].placeholder else 0
        stops = [Stop(rr.start, entries, skipped, rr.number, gold_first, ends, start=True, agrees=agrees, further=attempt.further)]
        gap = next((k for k in range(0, len(entries), 2) if row_off(entries[k], k)), None)
        if gap is not None and gap - skipped <= len(rr.plies):
            stops.append(Stop(rr.position_at(gap - skipped), entries, gap, rr.number, gold_first, ends, agrees=agrees, further=attempt.further))
        if runner.doubt is not None:
            at, position, pending = runner.doubt
            stops.append(Stop(position, entries, at, rr.number, gold_first, ends, pending, agrees=agrees, further=attempt.further))
        verdict = explain(stops)
        idx = verdict.index
        if verdict.certain is None and not any(s.index == idx for s in stops[1:]):
            return None
        entry = entries[idx]
        there = next((d for d in runner.diagnostics if (d.line, d.column) == (entry.line, entry.column)), None)
        rule = there.rule if there is not None else "syntax"
        runner.stop_index = verdict.start if verdict.certain is not None else idx
        h = verdict.certain
        if h is None:
            gap_words = ", and the turn numbers say a row is missing or written twice here" if idx == gap else ""
            message = (
                f"round {rr.number} as written does not end where the next round can follow{gap_words}; "
                f"perhaps {candidate_words(verdict.candidates)}"
            )
            return Diagnostic(rule, message, entry.line, entry.column, ERROR, rr.number, idx - skipped + 1, self.match.index), None, None
        message = h.wording + (f"; correction: {verdict.suggestion}" if verdict.suggestion else "")
        suggestions = (verdict.suggestion,) if verdict.suggestion else ()
        slip = Diagnostic(
            rule, message, entry.line, entry.column, ERROR, rr.number, idx - skipped + 1, self.match.index, suggestions, h.kind, verdict.edits
        )
        self.fixes.extend(verdict.edits)
        return slip, h, None

    def stop_at(self, runner: _RoundReplayer, rr: RoundReplay, idx: int, error: Diagnostic) -> None:
        """Stop ``rr`` before its entry ``idx`` (legal as written, but a slip before it
        is certain, its correction not), reporting ``error`` there: what came after is
        not checked."""
        entry = rr.record.entries[idx]
        at = (entry.line, entry.column)
        keep = idx - (1 if rr.record.entries[0].placeholder else 0)
        del rr.plies[keep:]
        runner.pos = rr.position_at()
        rr.stopped = True
        runner.diagnostics = [d for d in runner.diagnostics if (d.line, d.column) < at] + [error]
        runner.fixes = [f for f in runner.fixes if (f.line, getattr(f, "column", 0)) < at]

    def row_slip(
        self, runner: _RoundReplayer, rr: RoundReplay, attempt: _Attempt, *, after: int
    ) -> tuple[Diagnostic, Hypothesis | None, int | None] | None:
        """Where ``runner`` stopped at a rules error, the slip of a whole row or round
        that explains it (:func:`.slips.explain`): when certain, its diagnostic (in place
        of the error's) and the hypothesis; when the likeliest candidates start at an
        earlier entry, taken for a one-slot slip, a diagnostic whose message names them
        and that entry, where the round is to stop; else ``None`` (the error names the
        candidates, if any)."""
        stop = runner.stop_index
        if runner.cut_reached or runner.shift or after > len(rr.record.entries):
            return None
        entries = rr.record.entries
        gold_first, ends, agrees = attempt.challenger is Side.GOLD, attempt.ends, attempt.agrees
        if stop is None:
            return self.unfollowed(runner, rr, attempt)
        error = runner.diagnostics[-1]
        stops = [Stop(runner.pos, entries, stop, rr.number, gold_first, ends, runner.pending, agrees=agrees, further=attempt.further)]
        if runner.doubt is not None and runner.doubt[0] < stop:
            at, position, pending = runner.doubt
            stops.append(Stop(position, entries, at, rr.number, gold_first, ends, pending, agrees=agrees, further=attempt.further))
        skipped = 1 if entries and entries[0].placeholder else 0
        gap = next((k for k in range(0, stop, 2) if row_off(entries[k], k)), None)
        if gap is not None and gap - skipped <= len(rr.plies):  # where the turn numbers say a row is missing or twice
            stops.append(Stop(rr.position_at(gap - skipped), entries, gap, rr.number, gold_first, ends, agrees=agrees, further=attempt.further))
        first = 1 if gold_first and entries and entries[0].placeholder else 0
        stops.append(Stop(rr.start, entries, first, rr.number, gold_first, ends, start=True, agrees=agrees, further=attempt.further))
        verdict = explain(stops)
        if verdict.certain is None:
            if not verdict.candidates:
                return None
            maybe = f"; perhaps {candidate_words(verdict.candidates)}"
            if verdict.index < stop:
                return replace(error, message=maybe), None, verdict.index
            runner.diagnostics[-1] = replace(error, message=error.message + maybe)
            return None
        h, stop = verdict.certain, verdict.index
        message = h.wording + (f"; correction: {verdict.suggestion}" if verdict.suggestion else "")
        suggestions = (verdict.suggestion,) if verdict.suggestion else ()
        entry = entries[stop]
        there = next((d for d in runner.diagnostics if (d.line, d.column) == (entry.line, entry.column)), error)
        slip = replace(there, message=message, suggestions=suggestions, kind=h.kind, edits=verdict.edits, line=entry.line, column=entry.column)
        self.fixes.extend(verdict.edits)
        runner.stop_index = verdict.start
        return slip, h, None

    def check_result(self, game: Match) -> None:
        """The ``Result`` header against the score the replay found."""
        text = self.headers.value("Result")
        if text is None or text.strip() in ("*", ""):
            return
        claim = parse_result(text)
        score = (game.score[Side.BLACK], game.score[Side.GOLD])
        if claim is not None and not text.isascii():
            self.dashes(text, claim)
        if claim is None:
            self.diag("result", f"[Result \"{text}\"] is not Black's points - Gold's points (\"1-3\")", self.headers.at("Result"))
        elif self.complete and claim != score:
            self.diag(
                "result",
                f"the record gives {score[0]}-{score[1]} (Black-Gold), not {claim[0]}-{claim[1]}{self.stops_at(game)}",
                self.headers.at("Result"),
            )

    def stops_at(self, game: Match) -> str:
        """Where a record that stops before its match is decided stops: its last round
        and ply read (``""`` for a decided match)."""
        if game.is_over or not self.rounds:
            return ""
        last = self.rounds[-1]
        if not last.plies:
            return f"; the record stops at the start of round {last.number} (line {last.record.line})"
        ply = last.plies[-1]
        where = f"after round {last.number}" if last.result is not None else f"in round {last.number}"
        return f"; the record stops {where}, at ply {ply.number} (line {ply.entry.line})"


    def dashes(self, text: str, claim: tuple[int, int]) -> None:
        """A ``Result`` read with a dash for its ``-`` (:data:`DASHES`): a warning saying so."""
        names = sorted({f"{name} '{c}'" for c, name in DASHES.items() if c in text})
        self.diag(
            "syntax",
            f"[Result \"{text}\"] is read as {claim[0]}-{claim[1]} (the {' and the '.join(names)} as '-')",
            self.headers.at("Result"),
            WARNING,
        )


#: The target of the match a restart plays (:meth:`_MatchReplayer.unchecked`): the
#: score from the unfinished round on is unknown, so it never decides the match.
_UNKNOWN_TARGET = 10**9


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
            j = next((g for g in gone if (old[g].line, old[g].column) == (t.line, t.column)), None)
        out.append(None if j is None else places[j])
    return out


def lineup_start(rec: RoundRecord, rings_from: Position) -> Position | None:
    """Round ``rec``'s start as its lineups pin it: both sides' ``Lineup`` lines, each
    naming the eight colours once; the Sumo rings as on ``rings_from`` (those won in the
    rounds the replay finished), or as its lineups mark them (``Purple+``); the Challenger
    Gold when the round starts with ``...``.
    ``None`` when the lineups do not pin it."""
    rows: dict[Side, list[Colour]] = {}
    for lu in rec.lineups:
        if rows.setdefault(lu.side, lu.colours) != lu.colours or len(set(lu.colours)) != 8:
            return None
    if len(rows) != 2:
        return None
    marks = {lu.side: lu.rings for lu in rec.lineups if lu.rings is not None}
    towers = {}
    for side, colours in rows.items():
        for k, (sq, colour) in enumerate(zip(HOME_SQUARES[side], colours, strict=True)):
            was = rings_from.where[side][colour]
            t = rings_from.board[was] if was >= 0 else None
            marked = marks.get(side)
            towers[sq] = Tower(side, colour, marked[k] if marked is not None else t.rings if t is not None else 0)
    gold_first = bool(rec.entries) and rec.entries[0].placeholder
    return Position(towers, to_move=Side.GOLD if gold_first else Side.BLACK)


def _restart_wording(rounds: list[RoundRecord], j: int, k: int) -> str:
    """What :meth:`_MatchReplayer.unchecked` says when round ``k``'s lineups restart the
    replay after round ``j - 1``."""
    skipped = (
        ""
        if k == j
        else f"round {rounds[j].number} is not checked, and "
        if k == j + 1
        else f"rounds {rounds[j].number} to {rounds[k - 1].number} are not checked, and "
    )
    after = " and the rounds after it are" if k + 1 < len(rounds) else " is"
    return (
        f"{skipped}round {rounds[k].number}{after} checked from round {rounds[k].number}'s lineups, with "
        "the Sumo rings won before; the score from here on is unknown"
    )


def replay(match: MatchRecord) -> MatchReplay:
    """Replay ``match`` and judge it; see the module docstring for the error policy.

    >>> from kamisado_notation.notation import read_record
    >>> judged = replay(read_record("samples/standard-match.kmr").matches[0])
    >>> judged.valid, str(judged.status), [r.result.winner.title for r in judged.rounds]
    (True, 'complete', ['Black', 'Gold', 'Gold', 'Black', 'Gold'])
    """
    return _MatchReplayer(match).run()
