"""The slips of one entry as the round's replay meets them (:class:`EntrySlips`): an
entry that is no legal move as written (what is wrong, the correction when certain, or
the candidates), a blocked tower's forfeit left out, a push's back-entry. The round's
state it plays on is :class:`~.round_state.RoundState`'s; an entry with a word not read
is :class:`~.readings.Readings`'; what a slip of a whole row or round is, is
:mod:`.slips`'."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..diagnostics import ERROR, WARNING, InsertEntry, Kind, ReplaceEntry, compose, correction
from ..engine.board import Side, square_name
from ..engine.position import Move, Position
from ..notation.record import Entry
from .correct import Correction, Slot, back_move, exact_move, only_fit, slot_wording
from .replayed import Ply, PlyKind
from .round_state import RoundState, RoundStopped, Rows
from .slips.faults import Fault, describe, differs, entry_fault, legal_list, tower_name
from .slips.pushes import back_entry_slips, goes_one_square, is_back_entry
from .slips.rings import unseen_sumo
from .slips.rows import row_slip_likelier, row_swapped_before
from .styled_entries import swapped_colours

__all__ = ["EntrySlips"]


class EntrySlips:
    """Where an entry of the round (``state``) is not what the hot path plays: each
    method reports what is wrong and returns the move the replay goes on with, or stops
    it. ``rings_unknown``: the rings won in rounds the replay could not finish are
    unknown, so a move legal only with more rings than the replay knows of is taken as
    made by a Sumo."""

    __slots__ = ("rings_unknown", "state")

    def __init__(self, state: RoundState, *, rings_unknown: bool = False) -> None:
        self.state = state
        self.rings_unknown = rings_unknown

    def slip(self, idx: int, entry: Entry, number: int) -> Move:
        """An entry that is not a legal move as written: report what is wrong and the
        correction; return the move the replay goes on with (the correction when it is
        certain, the written move when only its annotation is wrong), or stop."""
        state = self.state
        fault = entry_fault(state.pos, entry)
        sumo = self.uncorrectable(fault, entry, number)
        if sumo is not None:
            return sumo
        fix = state.correction(idx, entry)
        swapped = self.swapped_reading(idx, entry, fix)
        if swapped is not None:
            return self.colours_swapped(entry, number, swapped)
        before = self.row_swapped_before(idx)  # (Black's entry legal, Gold's not: the row swapped?)
        if fix.forfeits and before is None and not self.row_slip_likelier(idx):  # (a row swapped: its forfeit first)
            return self.forfeits_put_back(idx, entry, number, fix)
        if state.doubt is None:  # where a slip of a whole row or round may start (:mod:`.slips`)
            state.doubt = (idx, state.pos.copy(), state.pending) if before is None else (idx - 1, before, None)
        return self.corrected(idx, entry, number, fault, fix, row_swapped=before is not None)

    def corrected(self, idx: int, entry: Entry, number: int, fault: Fault, fix: Correction, *, row_swapped: bool) -> Move:
        """Entry ``idx``, no legal move as written (``fault``), reported with its
        correction ``fix``; the move the replay goes on with. Where a slip of a whole row
        or round may start here (the entry to halt at, or a certain correction where the
        row before was swapped or a slip of a row is likelier), the correction is not
        made and the replay stops, for :mod:`.slips` to try (unless the entry is trusted:
        none explained anything from there)."""
        state = self.state
        if idx == state.halt:
            self.report(fault, entry, number, replace(fix, certain=None))
            raise RoundStopped
        if self.withholds(idx, fix, row_swapped=row_swapped):
            state.withheld = idx
            self.report(fault, entry, number, replace(fix, certain=None))
            raise RoundStopped
        self.report(fault, entry, number, fix)
        if fix.certain is not None:
            return fix.certain.move
        if fault.move is not None and _best_follows(fault.move, fix):
            return fault.move  # only its annotation is wrong, as far as the record tells
        raise RoundStopped

    def withholds(self, idx: int, fix: Correction, *, row_swapped: bool) -> bool:
        """Whether the certain correction ``fix`` of entry ``idx`` is withheld, for a
        slip of a whole row or round to be tried first: the row before was swapped, or a
        slip of the row is likelier (never where the entry is trusted: none explained
        anything from there)."""
        return fix.certain is not None and idx not in self.state.trusted and (row_swapped or self.row_slip_likelier(idx))

    def swapped_reading(self, idx: int, entry: Entry, fix: Correction) -> Move | None:
        """The legal move entry ``idx`` names with its tower and square colours the other
        way round, where no one-slot correction is certain (``fix``) and no slip of a row
        is likelier; else ``None``."""
        if fix.certain is not None:
            return None
        swapped = swapped_colours(self.state.pos, entry)
        return swapped if swapped is not None and not self.row_slip_likelier(idx) else None

    def colours_swapped(self, entry: Entry, number: int, swapped: Move) -> Move:
        """An entry whose tower and square colours, written the other way round, name the
        legal move ``swapped`` (no one-slot correction is certain): a style, read as that
        move with a warning; ``fix`` writes the colours in order."""
        text = self.state.write_like(entry, swapped)
        why = "the tower and square colours swapped"
        message = f"{entry.text!r}: {why}: read as {text}, the one legal move it names; fix writes it so"
        edit = ReplaceEntry(entry.line, entry.column, entry.text, text, why)
        self.state.error("syntax", message, entry, number, WARNING, (text,), kind=Kind.SWAPPED_COLOURS, edits=(edit,))
        return swapped

    def uncorrectable(self, fault: Fault, entry: Entry, number: int) -> Move | None:
        """Where nothing is to be corrected: the round is over (M8: reported, the replay
        stops), or the move is legal with Sumo rings the replay cannot know of (reported
        as not checkable: the move, taken as made by a Sumo); else ``None``."""
        state = self.state
        if fault.rule == "M8":
            state.error(fault.rule, fault.message, entry, number)
            raise RoundStopped
        sumo = unseen_sumo(state.pos, entry) if self.rings_unknown else None
        if sumo is None:
            return None
        state.error(fault.rule, sumo[1], entry, number, WARNING, kind=Kind.UNKNOWN_RING)
        return sumo[0]

    def row_slip_likelier(self, idx: int) -> bool:
        """:func:`.slips.rows.row_slip_likelier` here (never after a forgotten forfeit:
        the entries' sides moved)."""
        state = self.state
        return not state.shift and row_slip_likelier(state.pos, state.rr.record.entries, idx, state.pending)

    def row_swapped_before(self, idx: int) -> Position | None:
        """:func:`.slips.rows.row_swapped_before` here, where the last ply is Black's entry
        of the row played as an ordinary move (never after a forgotten forfeit)."""
        state = self.state
        last = self.black_of_row(idx)
        return None if last is None else row_swapped_before(state.pos, state.rr.record.entries, idx, last.move)

    def black_of_row(self, idx: int) -> Ply | None:
        """The last ply, where it is Black's entry of the row of Gold's entry ``idx``
        played as an ordinary move (never after a forgotten forfeit, nor with a
        back-entry due); else ``None``."""
        state = self.state
        plies = state.rr.plies
        if state.shift or state.pending is not None or not plies or not idx % 2:
            return None
        last = plies[-1]
        return last if last.entry is state.rr.record.entries[idx - 1] and last.kind is PlyKind.MOVE else None

    def report(self, fault: Fault, entry: Entry, number: int, fix: Correction) -> None:
        state = self.state
        if fix.certain is not None:
            text = state.write_like(entry, fix.certain.move)
            wording = slot_wording(entry, fix.certain, state.pos)
            said = {"square": (Slot.SQUARE,), "T2": (Slot.TOWER,)}.get(fault.rule)
            if fix.certain.differs == said:  # the message names the slot already
                message = compose(fault.message, correction(text))
            else:
                message = compose(fault.message, f"the slip is {wording}", correction(text))
            edit = ReplaceEntry(entry.line, entry.column, entry.text, text, wording)
            state.error(fault.rule, message, entry, number, suggestions=(text,), kind=Kind.SLOT, edits=(edit,))
            return
        nearest = ", ".join(f"{state.write_like(entry, c.move)} ({differs(c)})" for c in fix.candidates)
        message = compose(
            fault.message,
            legal_list(state.pos, fault.tower) if fault.tower is not None else None,
            f"no single correction: nearest {nearest}" if nearest else None,
        )
        suggestions = tuple(state.write_like(entry, c.move) for c in fix.candidates)
        state.error(fault.rule, message, entry, number, suggestions=suggestions)

    def forfeits_put_back(self, idx: int, entry: Entry, number: int, fix: Correction) -> Move:
        """The forfeits ``fix`` says were left out before entry ``idx`` put back
        (:meth:`forgotten_forfeit`, each); the entry's move, which follows them."""
        assert fix.certain is not None
        move = fix.certain.move
        for forfeit in fix.forfeits:
            self.forgotten_forfeit(idx, entry, number, forfeit, move.side)
        return move

    def forgotten_forfeit(self, idx: int, entry: Entry, number: int, forfeit: Move, mover: Side) -> None:
        """A blocked tower's forfeit left out before entry ``idx`` (M6), ``mover``'s
        move: report it and insert it. An error where the record writes rows of two
        (its columns shift), a warning where it writes one entry a line or a list (the
        forced entry is the only one there is, and nothing shifts) and the entry after it
        names its tower (one that leaves it out says too little of whose move it is)."""
        state = self.state
        pos = state.pos
        text = state.write_like(entry, forfeit)
        side, colour, sq = forfeit.side, forfeit.tower, forfeit.origin
        assert colour is not None
        state.error(
            "M6",
            f"{tower_name(side, colour)} on {square_name(sq)} cannot move, so {side.title} forfeits "
            f"the turn: the entry {text} is missing before this one, which is {mover.title}'s",
            entry,
            number,
            ERROR if state.in_columns(entry) or (entry.tower is None and entry.origin is None) else WARNING,
            suggestions=(f"{text}   {entry.text}",),
            kind=Kind.FORGOTTEN_FORFEIT,
            edits=(InsertEntry(entry.line, entry.column, text, f"{side.title}'s {colour.name.lower()} tower is blocked and forfeits (M6)"),),
        )
        inserted = Entry(entry.line, entry.column, text=text, tower=colour, distance=0, square_colour=forfeit.square_colour)
        state.rr.plies.append(Ply(number, side, inserted, PlyKind.FORFEIT, forfeit, None))
        pos.apply(forfeit)
        state.put_in(idx)

    # -- a push's back-entry

    def back_entry(self, idx: int, entry: Entry, number: int, push: Move) -> Ply:
        """The pushed player's back-entry after ``push``, entry ``idx`` (S3); a missing one
        stops the round, a wrong one is reported (with the right one) and the replay goes on."""
        state = self.state
        back = back_move(push, state.pos)
        assert back.tower is not None  # (the back-entry moves the farthest pushed tower)
        expected = f"{back.tower.title} Back 1 {back.square_colour.title} ({back.coords()})"
        if not self.back_said(entry, push, back) and self.back_left_out(entry):
            return self.left_out_back(idx, entry, number, back)
        if not is_back_entry(entry, back):
            state.error(
                "push-entry",
                f"{push.side.title}'s Sumo push ({describe(push)}) makes {push.side.other.title} "
                f"forfeit this turn: the entry is the back-entry {expected}",
                entry,
                number,
                suggestions=(f"{state.write_like(entry, back)}   {entry.text}",),
            )
            raise RoundStopped
        wrong = back_entry_slips(state.pos, entry, push, back)
        if wrong:
            text = state.write_like(entry, back)
            state.error(
                "push-entry",
                f"the back-entry of the push is {expected}: " + "; ".join(wrong),
                entry,
                number,
                suggestions=(text,),
                kind=Kind.BACK_ENTRY,
                edits=(ReplaceEntry(entry.line, entry.column, entry.text, text, "; ".join(wrong)),),
            )
        elif entry.unread is not None:  # a back-entry written 'pushed': the one there is
            text = state.write_like(entry, back)
            edit = ReplaceEntry(entry.line, entry.column, entry.text, text, "the back-entry")
            state.settled(entry, (text,), edit)
        return Ply(number, back.side, entry, PlyKind.BACK, back, state.place(idx))

    def back_said(self, entry: Entry, push: Move, back: Move) -> bool:
        """Whether ``entry``, where ``push``'s back-entry ``back`` is due, is meant as it:
        it reads as one (:func:`is_back_entry`, its tower if written the pushed one), and
        where it is wrong in its details it goes one square (a back-entry's length).
        ``f4-b8`` after a push onto f4 starts where the back-entry does but goes four
        squares: the pusher's next move, the back-entry left out, if it is legal."""
        if not (is_back_entry(entry, back) and entry.tower in (None, back.tower)):
            return False
        return goes_one_square(entry, back) or not back_entry_slips(self.state.pos, entry, push, back)

    def back_left_out(self, entry: Entry) -> bool:
        """Whether ``entry``, where a push's back-entry is due, is the pusher's next move
        with the back-entry left out: one entry a line or a list (no columns to shift),
        and the entry a legal move after the push as far as it is written. Rows of two
        (no line holds more) are our notation's columns, which a left-out entry would
        shift, where the record is written in it (:class:`Rows`: else a forced entry may
        be left out, each entry after it in the next slot); a line of more is a list (a
        relay's round on one line). A note after a move on its line
        (``c1-c8 直7  ← 7手で終了``: weak evidence, slots left unread) is no column."""
        state = self.state
        per_line = Counter(e.line for e in state.rr.record.entries if e.unread is None)
        if max(per_line.values(), default=0) == 2 and state.rows is Rows.OURS:  # (rows of two: the columns shift)
            return False
        return (exact_move(state.pos, entry) if entry.unread is None else only_fit(state.pos, entry)) is not None

    def left_out_back(self, idx: int, entry: Entry, number: int, back: Move) -> Ply:
        """The back-entry ``back`` left out before ``entry`` in a record of one entry a
        line or a list: a warning (the forced entry is the only one there is, and nothing
        shifts), the back-entry put in, and the entry read as the pusher's next move."""
        state = self.state
        text = state.write_like(entry, back)
        why = "the back-entry of the push (S3)"
        state.error(
            "push-entry", f"the push's back-entry {text} is left out before this entry (it is forced): read as written there",
            entry, number, WARNING, kind=Kind.MISSING_BACK_ENTRY, edits=(InsertEntry(entry.line, entry.column, text, why),),
        )  # fmt: skip
        state.put_in(idx)
        inserted = Entry(entry.line, entry.column, text=text, tower=back.tower, direction=back.direction, distance=1, square_colour=back.square_colour)
        return Ply(number, back.side, inserted, PlyKind.BACK, back, None)


def _best_follows(move: Move, fix: Correction) -> bool:
    """Whether ``move`` is continued by the record as well as any candidate of ``fix``."""
    best = max((c.follows for c in fix.candidates), default=0)
    return any(c.move == move and c.follows == best for c in fix.candidates) or not fix.candidates
