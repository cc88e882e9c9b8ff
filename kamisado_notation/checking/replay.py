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

from ..diagnostics import ERROR, WARNING, Diagnostic, Severity
from ..engine.board import SQUARE_COLOURS, Colour, Direction, Side, square_name
from ..engine.match import HOME_SQUARES, MATCH_TARGETS, Fill, Match, RoundEnd, RoundResult, fill, place_ring
from ..engine.position import Move, Position, Tower, WrittenMove
from ..enums import TextEnum
from ..errors import IllegalMoveError, PlyError, PositionError
from ..notation.assembly import is_turn_warning
from ..notation.digits import ascii_number
from ..notation.headers import AS_HYPHEN, DASHES, HEADER_RULE
from ..notation.record import Entry, MatchRecord, RoundRecord
from ..notation.style import write_like
from .correct import LOOKAHEAD, Candidate, Correction, EntryFix, Slot, back_move, correct, exact_move, slot_wording
from .targets import format_name, inferred_target, misspelt_format

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
    tower going back one square; the engine applied it with the push)."""

    number: int
    side: Side
    entry: Entry
    kind: PlyKind
    move: Move | None


@dataclass
class RoundReplay:
    """A round as replayed: its start, its plies, and how it ended (``None`` while in
    progress or when the replay stopped)."""

    number: int
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
            if p.kind is not PlyKind.BACK and p.move is not None:
                position.apply(p.move)
        return position

    def last_move(self, ply: int | None = None) -> Move | None:
        """The move of ply ``ply`` (default: the last replayed), to highlight in a diagram."""
        plies = self.plies if ply is None else self.plies[: max(ply, 0)]
        for p in reversed(plies):
            if p.move is not None:
                return p.move
        return None


@dataclass
class MatchReplay:
    """A match as replayed: its rounds, score, winner and every diagnostic (the record's
    syntax errors and the rules' verdicts), in line order."""

    record: MatchRecord
    rounds: list[RoundReplay]
    target: int
    score: dict[Side, int]
    winner: Side | None
    status: MatchStatus
    diagnostics: list[Diagnostic]
    #: The certain corrections found, in record order (what ``kamisado fix`` writes).
    fixes: list[EntryFix] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not any(d.severity == ERROR for d in self.diagnostics)


# ----------------------------------------------------------------- headers


def match_target(value: str | None, *, target: str | None = None) -> int | None:
    """The target of a ``Match`` header (``Standard`` → 3) or a ``Target`` header
    (``"5"``); 1 when neither is given; ``None`` when the value makes no sense."""
    if target is not None:
        n = ascii_number(target)  # not "５", not "1_0"
        return n if n is not None and n >= 1 else None
    if value is None:
        return 1
    key = value.strip().lower()
    key = key.removesuffix(" round")
    return MATCH_TARGETS.get(key)


def parse_result(value: str) -> tuple[int, int] | None:
    """``"1-3"`` → ``(1, 3)`` (Black's points, Gold's); ``None`` when not of that form.
    An en dash, an em dash or a minus sign (:data:`DASHES`) is read as the ``-``."""
    parts = value.strip().translate(AS_HYPHEN).split("-")
    if len(parts) != 2:
        return None
    b, g = (ascii_number(p) for p in parts)
    return (b, g) if b is not None and g is not None else None


# ------------------------------------------------------------------ wording


def _tower_name(side: Side, colour: Colour) -> str:
    return f"{side.title}'s {colour.name.lower()} tower"


def _why_this_tower(position: Position) -> str:
    """Why the side to move must move ``position.tower`` (T2, M6, S3)."""
    colour = position.tower
    assert colour is not None
    c = colour.name.lower()
    history = position.history
    if not history:
        return f"the position says {position.to_move.title} moves {c}"
    last = history[-1]
    onto = last.pushed_to  # (None unless a push)
    if onto is not None:
        pushed = position.tower_at(onto)
        what = _tower_name(pushed.side, pushed.colour) if pushed is not None else "a tower"
        return f"{last.side.title}'s push moved {what} onto {_article(colour)} {c} square, so {last.side.title} moves again (S3)"
    if last.is_forfeit:
        assert last.tower is not None  # (a forfeit names the blocked tower)
        return f"{last.side.title}'s {last.tower.name.lower()} tower is blocked on {_article(colour)} {c} square (M6)"
    return f"{last.side.title}'s last move ended on {_article(colour)} {c} square"


def _describe(move: Move) -> str:
    return f"{move} ({move.coords()})"


def _legal_list(position: Position, colour: Colour) -> str:
    """The moves of the side to move's ``colour`` tower, for an error message."""
    moves = position.tower_moves(colour)
    name = _tower_name(position.to_move, colour)
    where = square_name(position.square_of(position.to_move, colour))
    if not moves:
        return f"{name} on {where} cannot move and must forfeit ({colour.title} 0 {SQUARE_COLOURS[position.square_of(position.to_move, colour)].title})"
    return f"legal moves of {name} on {where}: " + ", ".join(_describe(m) for m in moves)


# ------------------------------------------------------------------- replay

_SIDES = (Side.BLACK, Side.GOLD)  # whose entry, by its index's parity


class _Stop(Exception):
    """The round's replay cannot go on (a rules error was reported)."""


class _Over(Exception):
    """An entry after the end of the round (M7, M8) was reported; the round keeps its result."""


@dataclass(frozen=True, slots=True)
class _Fault:
    """What is wrong with an entry as written: the rule, the message, the written move
    when it is legal but mis-annotated (a wrong square colour or push mark), and the
    tower whose legal moves explain a move the rules forbid."""

    rule: str
    message: str
    move: Move | None = None
    tower: Colour | None = None


class _RoundReplayer:
    """Replays one round's entries on ``position`` (played in place), collecting plies
    and diagnostics. ``ends``: a later round follows, so this one must end."""

    def __init__(
        self, rr: RoundReplay, position: Position, match_index: int, cut: tuple[int, int] | None, *, ends: bool = False
    ) -> None:
        self.rr = rr
        self.pos = position
        self.match_index = match_index
        self.cut = cut
        self.ends = ends
        self.diagnostics: list[Diagnostic] = []
        self.fixes: list[EntryFix] = []
        self.cut_reached = False
        self.pending: Move | None = None  # a push whose back-entry is due
        self.chain: set[tuple[Side, Colour | None]] | None = None  # forfeits into a deadlock (M8)
        self.shift = 0  # forgotten forfeits inserted so far: entries' sides shift by one each
        self.inserted: list[int] = []  # the indices of the entries an entry was inserted before
        # entries with a word not read: their suggestions, and whether the first is certain
        self.completed: list[tuple[Entry, tuple[str, ...], bool]] = []

    def error(
        self, rule: str, message: str, entry: Entry, ply: int | None, severity: Severity = ERROR, suggestions: tuple[str, ...] = ()
    ) -> None:
        self.diagnostics.append(
            Diagnostic(rule, message, entry.line, entry.column, severity, self.rr.number, ply, self.match_index, suggestions)
        )

    def run(self, challenger: Side) -> None:
        """Replay the round's entries; a slip with a certain correction is reported and
        the replay goes on from the corrected move, any other rules error stops it.

        The hot path: an ordinary move written without a fault is played by
        :meth:`play_as_written`, in the engine's own terms and without building
        explanations. Anything else (a push, a forfeit, a back-entry, any doubt) goes
        through :meth:`special`, which reports what is wrong; so the diagnostics are the
        same whichever path an entry takes."""
        plies, hot, to_move = self.rr.plies, self.play_as_written, self.pos
        number = 0
        try:
            for idx, entry in enumerate(self.rr.record.entries):
                if self.cut is not None:
                    self.check_cut(entry, self.cut)
                if entry.placeholder:
                    self.placeholder(idx, entry, challenger)
                    continue
                number += 1
                side = _SIDES[(idx + self.shift) & 1]
                if self.pending is None and self.chain is None and side is to_move.to_move and entry.unread is None:
                    move = hot(entry, side)
                    if move is not None:
                        plies.append(Ply(number, side, entry, PlyKind.MOVE, move))
                        continue
                self.special(idx, entry, number, challenger)
        except _Stop:
            self.rr.stopped = True
        except _Over:
            pass

    def check_cut(self, entry: Entry, cut: tuple[int, int]) -> None:
        """Stop at the first syntax error inside the round (what was skipped may be a turn)."""
        if (entry.line, entry.column) >= cut:
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
        side = _SIDES[(idx + self.shift) & 1]
        if self.pending is not None:
            self.rr.plies.append(self.back_entry(entry, number, self.pending))
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
        self.play(entry, number, move)

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
        )
        self.fixes.append(EntryFix(entry, None, "...", "Gold is the Challenger and moves first: '...' stands for Black (T1)", "T1"))
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

    def play(self, entry: Entry, number: int, move: Move) -> None:
        kind = PlyKind.PUSH if move.push else PlyKind.FORFEIT if move.distance == 0 else PlyKind.MOVE
        self.rr.plies.append(Ply(number, move.side, entry, kind, move))
        self.pos.apply(move)
        if move.push:
            self.pending = move

    # -- a slip

    def slip(self, idx: int, entry: Entry, number: int) -> Move:
        """An entry that is not a legal move as written: report what is wrong and the
        correction; return the move the replay goes on with (the correction when it is
        certain, the written move when only its annotation is wrong), or stop."""
        fault = self.fault(entry)
        if fault.rule == "M8":  # the round is over: nothing to correct
            self.error(fault.rule, fault.message, entry, number)
            raise _Stop
        entries = self.rr.record.entries
        following = entries[idx + 1 : idx + 1 + LOOKAHEAD]
        fix = correct(self.pos, entry, following, ends=self.ends and idx + 1 == len(entries))
        if fix.forfeit is not None:
            return self.forgotten_forfeit(idx, entry, number, fix.forfeit)
        self.report(fault, entry, number, fix)
        if fix.certain is not None:
            return fix.certain.move
        if fault.move is not None and _best_follows(fault.move, fix):
            return fault.move  # only its annotation is wrong, as far as the record tells
        raise _Stop

    def report(self, fault: _Fault, entry: Entry, number: int, fix: Correction) -> None:
        if fix.certain is not None:
            text = self.write_like(entry, fix.certain.move)
            wording = slot_wording(entry, fix.certain, self.pos)
            said = {"square": (Slot.SQUARE,), "T2": (Slot.TOWER,)}.get(fault.rule)
            if fix.certain.differs == said:  # the message names the slot already
                message = f"{fault.message}; correction: {text}"
            else:
                message = f"{fault.message}; the slip is {wording}; correction: {text}"
            self.fixes.append(EntryFix(entry, text, None, wording, fault.rule))
            self.error(fault.rule, message, entry, number, suggestions=(text,))
            return
        message = fault.message
        if fault.tower is not None:
            message += f"; {_legal_list(self.pos, fault.tower)}"
        if fix.candidates:
            nearest = ", ".join(f"{self.write_like(entry, c.move)} ({_differs(c)})" for c in fix.candidates)
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
        self.completed.append((entry, suggestions, certain is not None))
        if certain is None:
            self.cut_reached = True
            raise _Stop
        self.fixes.append(EntryFix(entry, suggestions[0], None, f"an unknown word for the {entry.unread}", "syntax"))
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
            f"{_tower_name(side, colour)} on {square_name(sq)} cannot move, so {side.title} forfeits "
            f"the turn: the entry {text} is missing before this one, which is {side.other.title}'s",
            entry,
            number,
            suggestions=(f"{text}   {entry.text}",),
        )
        self.fixes.append(
            EntryFix(entry, None, text, f"{side.title}'s {colour.name.lower()} tower is blocked and forfeits (M6)", "M6")
        )
        inserted = Entry(entry.line, entry.column, text=text, tower=colour, distance=0, square_colour=forfeit.square_colour)
        self.rr.plies.append(Ply(number, side, inserted, PlyKind.FORFEIT, forfeit))
        pos.apply(forfeit)
        self.inserted.append(idx)
        self.shift += 1
        move = exact_move(pos, entry)
        assert move is not None
        return move

    def fault(self, entry: Entry) -> _Fault:
        """What is wrong with ``entry`` as written (it is not a legal move as written)."""
        pos = self.pos
        origin = entry.origin
        need = pos.tower
        colour: Colour | None
        if origin is not None:  # the coordinate form
            t = pos.board[origin]
            if t is None or t.side is not pos.to_move:
                return self.bad_origin(origin)
            colour = t.colour
        else:
            colour = entry.tower if entry.tower is not None else need
            if colour is None:
                return _Fault("T1", "the first move of a round names its tower")
        if need is not None and colour != need:
            return self.wrong_tower(colour)
        return self.move_fault(entry, colour)

    def move_fault(self, entry: Entry, colour: Colour) -> _Fault:
        """The fault of the right tower's move: the rule it breaks, or its annotation."""
        pos = self.pos
        origin = entry.origin
        try:
            if origin is not None:
                assert entry.target is not None  # (the coordinate form has both squares)
                move = pos.resolve_coords(origin, entry.target)
            else:
                move = pos.resolve(entry.direction, entry.distance or 0, tower=colour)
        except IllegalMoveError as e:
            zero = entry.distance == 0 if origin is None else origin == entry.target
            if not zero and pos.must_forfeit():  # checked only here: the common path is a legal move
                return self.blocked(colour)
            return _Fault(e.rule, f"{entry.text or 'this move'}: {e}", tower=colour)
        if origin is not None:
            return _Fault("push-entry", f"{move.coords()} is marked '*' as a push, but pushes nothing", move)
        square, written = move.square_colour, entry.square_colour
        assert written is not None  # (the colour form names its square)
        return _Fault(
            "square",
            f"{_tower_name(move.side, colour)} ends on {square_name(move.target)}, {_article(square)} "
            f"{square.name.lower()} square, not {written.name.lower()}",
            move,
        )

    def bad_origin(self, origin: int) -> _Fault:
        """A coordinate entry starting where the side to move has no tower (T1/T2)."""
        pos = self.pos
        side = pos.to_move
        t = pos.board[origin]
        if pos.tower is not None and pos.must_forfeit() and pos.deadlock() is not None:
            return self.blocked(pos.tower)  # the round is over (M8)
        what = "no tower" if t is None else _tower_name(t.side, t.colour)
        need = (
            f"; {side.title} must move the {pos.tower.name.lower()} tower on "
            f"{square_name(pos.square_of(side, pos.tower))}: {_why_this_tower(pos)}"
            if pos.tower is not None
            else f"; {side.title} moves one of his own towers"
        )
        return _Fault("T1" if pos.tower is None else "T2", f"{square_name(origin)} holds {what}{need}")

    def wrong_tower(self, colour: Colour) -> _Fault:
        """Not the tower that must move (T2): say which one must, and why."""
        pos = self.pos
        side, need = pos.to_move, pos.tower
        assert need is not None
        if pos.must_forfeit():
            return self.blocked(need)
        return _Fault(
            "T2",
            f"{side.title} must move the {need.name.lower()} tower (on "
            f"{square_name(pos.square_of(side, need))}), not the {colour.name.lower()} "
            f"one: {_why_this_tower(pos)}",
        )

    def blocked(self, colour: Colour) -> _Fault:
        """A move written for a tower that cannot move: M8 when the round is deadlocked
        (it is over), else M6 (the tower forfeits)."""
        pos = self.pos
        side = pos.to_move
        loser = pos.deadlock()
        if loser is not None:
            return _Fault("M8", f"the round is over: deadlock, {loser.title} made the last move and loses")
        sq = pos.square_of(side, colour)
        return _Fault(
            "M6",
            f"{_tower_name(side, colour)} on {square_name(sq)} cannot move, so {side.title} "
            f"forfeits the turn: {colour.title} 0 {SQUARE_COLOURS[sq].title} ({square_name(sq)}-{square_name(sq)})",
        )

    # -- a push's back-entry

    def back_entry(self, entry: Entry, number: int, push: Move) -> Ply:
        """The pushed player's back-entry after ``push`` (S3); a missing one stops the
        round, a wrong one is reported (with the right one) and the replay goes on."""
        back = back_move(push, self.pos)
        assert back.tower is not None  # (the back-entry moves the farthest pushed tower)
        expected = f"{back.tower.title} Back 1 {back.square_colour.title} ({back.coords()})"
        if not self.is_back_entry(entry, back):
            self.error(
                "push-entry",
                f"{push.side.title}'s Sumo push ({_describe(push)}) makes {push.side.other.title} "
                f"forfeit this turn: the entry is the back-entry {expected}",
                entry,
                number,
                suggestions=(f"{self.write_like(entry, back)}   {entry.text}",),
            )
            raise _Stop
        wrong = self.back_entry_slips(entry, push, back)
        if wrong:
            self.fixes.append(EntryFix(entry, self.write_like(entry, back), None, "; ".join(wrong), "push-entry"))
            self.error(
                "push-entry",
                f"the back-entry of the push is {expected}: " + "; ".join(wrong),
                entry,
                number,
                suggestions=(self.write_like(entry, back),),
            )
        return Ply(number, back.side, entry, PlyKind.BACK, back)

    @staticmethod
    def is_back_entry(entry: Entry, back: Move) -> bool:
        """Whether ``entry`` is meant as the back-entry (right or wrong in its details)."""
        if entry.is_coords:
            return entry.origin in (back.origin, back.target) and entry.origin != entry.target
        return entry.direction is Direction.BACK

    def back_entry_slips(self, entry: Entry, push: Move, back: Move) -> list[str]:
        """What is wrong in a back-entry, slot by slot."""
        if entry.is_coords:
            return [] if (entry.origin, entry.target) == (back.origin, back.target) else [f"not {entry.text}"]
        wrong = []
        assert back.tower is not None  # (the back-entry moves the farthest pushed tower)
        if entry.tower is not None and entry.tower != back.tower:
            named, farthest = entry.tower.name.lower(), back.tower.name.lower()
            if len(push.push) > 1 and entry.tower is _nearest_pushed(push, self.pos):
                wrong.append(f"{named} is the nearest pushed tower; the back-entry names the farthest, {farthest}")
            else:
                wrong.append(f"the farthest pushed tower is {farthest}, not {named}")
        if entry.distance != 1:
            wrong.append(f"a pushed tower goes back 1 square, not {entry.distance}")
        square = back.square_colour
        if entry.square_colour is not None and entry.square_colour != square:
            wrong.append(
                f"it was pushed onto {square_name(back.target)}, {_article(square)} {square.name.lower()} square, "
                f"not {entry.square_colour.name.lower()}"
            )
        return wrong


def _nearest_pushed(push: Move, position: Position) -> Colour | None:
    """The colour of the nearest tower ``push`` pushed (now one square beyond where it stood)."""
    step = 8 if push.side is Side.GOLD else -8
    t = position.tower_at(push.push[0] + step)
    return t.colour if t is not None else None


def _best_follows(move: Move, fix: Correction) -> bool:
    """Whether ``move`` is continued by the record as well as any candidate of ``fix``."""
    best = max((c.follows for c in fix.candidates), default=0)
    return any(c.move == move and c.follows == best for c in fix.candidates) or not fix.candidates


def _differs(candidate: Candidate) -> str:
    slots = [str(s) for s in candidate.differs]
    return ("the " + " and the ".join(slots) + " differ" + ("s" if len(slots) == 1 else "")) if slots else "as written"


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _article(colour: Colour) -> str:
    return "an" if colour.name[0] in "AEIOU" else "a"


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


def _check_lineups(rr: RoundReplay, start: Position, match_index: int) -> list[Diagnostic]:
    """Each written lineup against the home row the fill gives (F3 left, F4 right)."""
    out: list[Diagnostic] = []
    lineups = rr.record.lineups
    if not lineups:
        return out
    rule = "F4" if rr.fill is Fill.RIGHT else "F3"
    how = f"filling from the {rr.fill.value}" if rr.fill is not None else "at the start"
    board = start.board
    for lu in lineups:
        side = lu.side
        actual = [
            t.colour if (t := board[sq]) is not None and t.side is side else None
            for sq in HOME_SQUARES[side]
        ]
        if list(lu.colours) != actual:
            names = " ".join(c.title if c is not None else "-" for c in actual)
            out.append(
                Diagnostic(
                    rule,
                    f"{lu.side.title}'s lineup {how} is {names} (from his left), not "
                    + " ".join(c.title for c in lu.colours),
                    lu.line,
                    lu.column,
                    ERROR,
                    rr.number,
                    None,
                    match_index,
                )
            )
    return out


class _MatchReplayer:
    """Replays a match round by round: the headers (target, start), each round's start
    (its number, the previous round's end, its fill), the rounds, then the result."""

    def __init__(self, match: MatchRecord, *, probing: bool = False) -> None:
        self.match = match
        self.probing = probing  # a trial replay of :meth:`unseen_ring`: its diagnostics only
        self.diags: list[Diagnostic] = [] if probing else list(match.errors)
        self.rounds: list[RoundReplay] = []
        self.fixes: list[EntryFix] = []
        self.complete = True  # the replay reached the end of the record
        #: where the replay goes on after a round it could not finish: a round whose
        #: lineups pin its start, and the match from there (:meth:`unchecked`)
        self.restart: tuple[Match, int] | None = None
        #: the first round of the match being replayed: another one pasted without
        #: headers after a decided match starts there (:meth:`pasted`)
        self.first_round = 0

    def diag(self, rule: str, message: str, at: tuple[int, int], severity: Severity = ERROR, rnd: int | None = None) -> None:
        self.diags.append(Diagnostic(rule, message, at[0], at[1], severity, rnd, None, self.match.index))

    def header_at(self, name: str) -> tuple[int, int]:
        for h in self.match.headers:
            if h.name.lower() == name.lower():
                return h.line, h.column
        return self.match.line, 1

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

    def target(self) -> tuple[int, bool]:
        """The match's target (``Match``/``Target``; inferred when neither is written
        over more than one round, :mod:`.targets`), and whether it is known."""
        match = self.match
        target_text, match_text = match.header("Target"), match.header("Match")
        if target_text is None and match_text is None:
            return self.inferred_target(), True
        target = match_target(match_text, target=target_text)
        if target is not None:
            if target_text is not None and match_text is not None:
                self.check_match_header(match_text, target_text, target)
            return target, True
        name = "Target" if target_text is not None else "Match"
        near = misspelt_format(match_text) if target_text is None and match_text is not None else []
        if len(near) == 1:
            message = f'[Match "{match_text}"] is no match format: read as [Match "{near[0]}"] (did you mean {near[0]}?)'
            self.diag(HEADER_RULE, message, self.header_at("Match"), WARNING)
            return MATCH_TARGETS[near[0].lower()], True
        hint = f" (did you mean {' or '.join(near)}?)" if near else ""
        self.diag(
            "syntax",
            f"[{name} \"{target_text if target_text is not None else match_text}\"] is not a match "
            f"format: Single, Standard, Long, Marathon, or [Target \"N\"] with N ≥ 1{hint}",
            self.header_at(name),
        )
        return 10**9, False

    def inferred_target(self) -> int:
        """The target of a match with no ``Match`` or ``Target`` header: a single round
        (1) when it has one round; else the smallest format its ``Result`` and its
        rounds fit (:func:`.targets.inferred_target`), with a warning."""
        n = _first_match_rounds(self.match.rounds)
        if n <= 1:
            return 1
        text = self.match.header("Result")
        claim = parse_result(text) if text is not None else None
        target, claimed = inferred_target(claim, self.probe_scores(n), n)
        why = f'as [Result "{text}"] says' if claimed else "the smallest format its rounds fit"
        if target is None:
            return 1
        self.diag(
            HEADER_RULE,
            f"no [Match] or [Target] header, and {n} rounds: read as a {format_name(target)} match "
            f"(to {_points(target)}), {why}",
            (self.match.line, 1),
            WARNING,
        )
        return target

    def probe_scores(self, n: int) -> list[tuple[int, int]]:
        """The score (Black's, Gold's) after each of the first ``n`` rounds that a trial
        replay with no target finishes (it stops at the first error)."""
        probe = _MatchReplayer(replace(self.match, rounds=self.match.rounds[:n]), probing=True)
        start, _ok = probe.start()
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

    def check_match_header(self, match_text: str, target_text: str, target: int) -> None:
        """Both ``Match`` and ``Target``: ``Target`` decides (it is the more precise);
        a ``Match`` that names another target, or none, is a warning naming both."""
        named = match_target(match_text)
        if named == target:
            return
        what = f"a {match_text.strip()} match is played to {_points(named)}" if named is not None else "that is no match format"
        self.diag(
            "syntax",
            f'[Match "{match_text}"] and [Target "{target_text}"] disagree ({what}): the target is '
            f"{_points(target)}, as [Target] says",
            self.header_at("Match"),
            WARNING,
        )

    def start(self) -> tuple[Position | None, bool]:
        """Round 1's start (the ``Position`` header, or ``None`` for the initial
        position), and whether it could be read."""
        text = self.match.header("Position")
        if text is None:
            return None, True
        try:
            return Position.from_string(text), True
        except PositionError as e:
            self.diag("syntax", f"bad [Position] header, {e.field}: {e}", self.header_at("Position"))
            return None, False

    # -- rounds

    def run(self) -> MatchReplay:
        target, checks_target = self.target()
        start, replayable = self.start()
        game = Match(target=target, start=start)
        self.complete = replayable
        if replayable:
            self.play_rounds(game)
        self.check_result(game)
        self.diags.sort(key=lambda d: (d.line, d.column))
        winner = game.winner if checks_target else None
        return MatchReplay(
            record=self.match,
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
        keeps the match's)."""
        rounds = self.match.rounds
        todo: tuple[Match, int] | None = (game, first)
        while todo is not None:
            game, first = todo
            self.restart = None
            for i in range(first, len(rounds)):
                position = self.round_start(game, i, i - first, rounds[i])
                if position is None or not self.play_round(game, i, rounds[i], position):
                    break
                if self.probing and self.erred():
                    return
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
            self.diag("syntax", f"this is round {i + 1 - self.first_round}, not round {rec.number}", at, rnd=rec.number)
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
        return game.next_round(how)

    def pasted(self, game: Match, i: int, rec: RoundRecord) -> None:
        """A ``Round 1`` after the match was decided: another match pasted without
        headers, replayed from round ``i`` on as a match of its own (from the initial
        position, to the same target), with a warning. The score and ``Result`` stay
        the first match's."""
        self.restart = (Match(target=game.target), i)
        self.first_round = i
        score = f"{game.score[Side.BLACK]}-{game.score[Side.GOLD]}"
        self.diag(
            "match",
            f"a Round 1 after the match was decided in round {len(game.results)} ({score}): read as the start of "
            f"another match, written without headers, and checked as one (to {_points(game.target)})",
            (rec.line, rec.column),
            WARNING,
            rec.number,
        )

    def unread_fill(self, game: Match, rec: RoundRecord, i: int) -> Fill | None:
        """The fill of round ``i``, whose line does not say it: the one its lineups or its
        first entries agree with when its line could not be read; else ``None``, reported."""
        if rec.unread:
            how = _likely_fill(game, rec)
            if how is not None:
                return how
            self.unchecked(i, f"the fill of round {rec.number} is unknown (its line could not be read)", game)
            return None
        winner = game.results[-1].winner
        self.diag(
            "F1",
            f"round {rec.number} must say 'fill left' or 'fill right' ({winner.title}, who won round {i}, chooses)",
            (rec.line, rec.column),
            rnd=rec.number,
        )
        self.unchecked(i + 1, f"round {rec.number} has no fill", game)
        return None

    def play_round(self, game: Match, i: int, rec: RoundRecord, position: Position) -> bool:
        """Replay round ``i`` from ``position``; ``False`` when it stopped."""
        rr = RoundReplay(rec.number, rec, rec.fill if i else None, position.copy())
        self.rounds.append(rr)
        if rec.lineups:
            self.diags.extend(_check_lineups(rr, rr.start, self.match.index))
        cut = _syntax_cut(self.match, i) if self.match.errors else None
        runner = _RoundReplayer(rr, position, self.match.index, cut, ends=i + 1 < len(self.match.rounds))
        runner.run(game.challenger if i else position.to_move)
        if cut is not None and not rr.stopped and position.winner is None and position.deadlock() is None:
            rr.stopped = runner.cut_reached = True  # the round's last rows were lost: not its end
        if runner.inserted:
            self.drop_explained(rec, runner.inserted)
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

    def read_past(self, completed: list[tuple[Entry, tuple[str, ...], bool]]) -> None:
        """The reader's error of each unknown word read past, with the entries its other
        slots allow: the correction when certain, else the candidates."""
        for entry, suggestions, certain in completed:
            for i, d in enumerate(self.diags):
                if d.rule == "syntax" and entry.covers(d.line, d.column):
                    if certain:
                        message = f"{d.message}; the entry's other slots name one legal move; correction: {suggestions[0]}"
                    elif suggestions:
                        message = f"{d.message}; the entry's other slots allow {' or '.join(suggestions)}: no single correction"
                    else:
                        message = f"{d.message}; no legal move agrees with the entry's other slots"
                    self.diags[i] = replace(d, message=message, suggestions=suggestions)
                    break

    def drop_explained(self, rec: RoundRecord, inserted: list[int]) -> None:
        """Drop the reader's turn-number warnings that the entries the replay inserted
        explain (a missing ``...``, a forgotten forfeit: every later entry one slot early),
        so that one slip is one diagnostic, not one more a row."""
        explained = set()
        shift = 0
        for idx, entry in enumerate(rec.entries):
            shift += inserted.count(idx)
            real = idx + shift
            if entry.number is not None and real % 2 == 0 and entry.number == real // 2 + 1:
                explained.add((entry.line, entry.column))
        self.diags = [d for d in self.diags if not ((d.line, d.column) in explained and is_turn_warning(d))]

    def check_result(self, game: Match) -> None:
        """The ``Result`` header against the score the replay found."""
        text = self.match.header("Result")
        if text is None or text.strip() in ("*", ""):
            return
        claim = parse_result(text)
        score = (game.score[Side.BLACK], game.score[Side.GOLD])
        if claim is not None and not text.isascii():
            self.dashes(text, claim)
        if claim is None:
            self.diag("result", f"[Result \"{text}\"] is not Black's points - Gold's points (\"1-3\")", self.header_at("Result"))
        elif self.complete and claim != score:
            self.diag(
                "result",
                f"the record gives {score[0]}-{score[1]} (Black-Gold), not {claim[0]}-{claim[1]}{self.stops_at(game)}",
                self.header_at("Result"),
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
            self.header_at("Result"),
            WARNING,
        )


#: The target of the match a restart plays (:meth:`_MatchReplayer.unchecked`): the
#: score from the unfinished round on is unknown, so it never decides the match.
_UNKNOWN_TARGET = 10**9


def _first_match_rounds(rounds: list[RoundRecord]) -> int:
    """How many rounds the first match of a record holds: up to a ``Round 1`` after
    others (another match pasted without headers, :meth:`_MatchReplayer.pasted`)."""
    return next((k for k in range(1, len(rounds)) if rounds[k].number == 1), len(rounds))


def lineup_start(rec: RoundRecord, rings_from: Position) -> Position | None:
    """Round ``rec``'s start as its lineups pin it: both sides' ``Lineup`` lines, each
    naming the eight colours once; the Sumo rings as on ``rings_from`` (those won in the
    rounds the replay finished); the Challenger Gold when the round starts with ``...``.
    ``None`` when the lineups do not pin it."""
    rows: dict[Side, list[Colour]] = {}
    for lu in rec.lineups:
        if rows.setdefault(lu.side, lu.colours) != lu.colours or len(set(lu.colours)) != 8:
            return None
    if len(rows) != 2:
        return None
    towers = {}
    for side, colours in rows.items():
        for sq, colour in zip(HOME_SQUARES[side], colours, strict=True):
            was = rings_from.where[side][colour]
            t = rings_from.board[was] if was >= 0 else None
            towers[sq] = Tower(side, colour, t.rings if t is not None else 0)
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


def _likely_fill(game: Match, rec: RoundRecord) -> Fill | None:
    """The one fill under which round ``rec``'s lineups hold and its first entries replay
    as written, or ``None`` when neither or both do."""
    fits = []
    for how in Fill:
        position = fill(game.position, how, challenger=game.results[-1].winner.other)
        rr = RoundReplay(rec.number, rec, how, position)
        if rec.lineups and _check_lineups(rr, position, 0):
            continue
        if all(_plays(position, e) for e in rec.entries[:LOOKAHEAD] if not e.placeholder):
            fits.append(how)
    return fits[0] if len(fits) == 1 else None


def _plays(position: Position, entry: Entry) -> bool:
    """Play ``entry`` on ``position`` when it is a legal move exactly as written."""
    move = exact_move(position, entry)
    if move is not None:
        position.apply(move)
    return move is not None


def replay(match: MatchRecord) -> MatchReplay:
    """Replay ``match`` and judge it; see the module docstring for the error policy.

    >>> from kamisado_notation.notation import read_record
    >>> judged = replay(read_record("samples/standard-match.kmr").matches[0])
    >>> judged.valid, str(judged.status), [r.result.winner.title for r in judged.rounds]
    (True, 'complete', ['Black', 'Gold', 'Gold', 'Black', 'Gold'])
    """
    return _MatchReplayer(match).run()
