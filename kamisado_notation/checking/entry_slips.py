"""The slips of one entry as the round's replay meets them (:class:`EntrySlips`): an
entry that is no legal move as written (what is wrong, the correction when certain, or
the candidates), a word the reader could not read, a blocked tower's forfeit left out, a
push's back-entry. What a slip of a whole row or round is, is :mod:`.slips`'."""

from __future__ import annotations

from dataclasses import replace

from ..diagnostics import ERROR, WARNING, DeleteEntry, InsertEntry, Kind, ReplaceEntry, compose, correction
from ..engine.board import SIDES, Side, square_name
from ..engine.match import Fill, RoundResult, fill_order, round_result
from ..engine.position import Move, Position
from ..notation.record import Entry
from .correct import (
    LOOKAHEAD,
    Candidate,
    Correction,
    Slot,
    back_move,
    correct_entry,
    exact_move,
    only_fit,
    slot_wording,
)
from .replayed import Ply, PlyKind
from .round_state import RoundState, RoundStopped, SetAside
from .slips.faults import Fault, describe, differs, entry_fault, legal_list, tower_name
from .slips.hypotheses import AGREE
from .slips.pushes import back_entry_slips, is_back_entry
from .slips.rings import unseen_sumo
from .slips.rows import row_slip_likelier, row_swapped_before
from .slips.spelling import spelt
from .styled_entries import swapped_colours

__all__ = ["READINGS", "EntrySlips"]

#: How many readings of an entry whose slots fit several moves are replayed to the round's end.
READINGS = 6


class EntrySlips(RoundState):
    """The round's replay, where an entry is not what the hot path plays: each method
    reports what is wrong and returns the move the replay goes on with, or stops it."""

    def slip(self, idx: int, entry: Entry, number: int) -> Move:
        """An entry that is not a legal move as written: report what is wrong and the
        correction; return the move the replay goes on with (the correction when it is
        certain, the written move when only its annotation is wrong), or stop."""
        fault = entry_fault(self.pos, entry)
        sumo = self.uncorrectable(fault, entry, number)
        if sumo is not None:
            return sumo
        fix = self.correction(idx, entry)
        swapped = self.swapped_reading(idx, entry, fix)
        if swapped is not None:
            return self.colours_swapped(entry, number, swapped)
        before = self.row_swapped_before(idx)  # (Black's entry legal, Gold's not: the row swapped?)
        if fix.forfeits and before is None and not self.row_slip_likelier(idx):  # (a row swapped: its forfeit first)
            return self.forfeits_put_back(idx, entry, number, fix)
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

    def swapped_reading(self, idx: int, entry: Entry, fix: Correction) -> Move | None:
        """The legal move entry ``idx`` names with its tower and square colours the other
        way round, where no one-slot correction is certain (``fix``) and no slip of a row
        is likelier; else ``None``."""
        if fix.certain is not None:
            return None
        swapped = swapped_colours(self.pos, entry)
        return swapped if swapped is not None and not self.row_slip_likelier(idx) else None

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
        return correct_entry(self.pos, entry, following, ends=self.ends and idx + 1 == len(entries))

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
                message = compose(fault.message, correction(text))
            else:
                message = compose(fault.message, f"the slip is {wording}", correction(text))
            edit = ReplaceEntry(entry.line, entry.column, entry.text, text, wording)
            self.error(fault.rule, message, entry, number, suggestions=(text,), kind=Kind.SLOT, edits=(edit,))
            return
        nearest = ", ".join(f"{self.write_like(entry, c.move)} ({differs(c)})" for c in fix.candidates)
        message = compose(
            fault.message,
            legal_list(self.pos, fault.tower) if fault.tower is not None else None,
            f"no single correction: nearest {nearest}" if nearest else None,
        )
        suggestions = tuple(self.write_like(entry, c.move) for c in fix.candidates)
        self.error(fault.rule, message, entry, number, suggestions=suggestions)

    def unread(self, idx: int, entry: Entry) -> Move:
        """An entry with a word the reader could not read (its syntax error is the
        reader's): the legal move its other three slots name, when only one does (or the
        entries after it tell which), is the entry's move, and its suggestion and fix;
        else the replay stops there, as at any syntax error."""
        if idx in self.readings:  # (a reading tried, or chosen before)
            return self.readings[idx]
        fix = self.correction(idx, entry)
        certain = fix.certain
        suggestions = tuple(self.write_like(entry, c.move) for c in (fix.candidates if certain is None else (certain,)))
        slots = " and the ".join((entry.unread or "").split())
        why = f"an unknown word for the {slots}" if " " not in (entry.unread or "") else f"unknown words for the {slots}"
        if certain is None:
            best = spelt(entry, suggestions)
            if best is None:
                best, going = self.tie(idx, entry, fix.candidates, suggestions)
                if best is None:
                    self.untold = self.trial and len(fix.candidates) > 1
                    if going is None:
                        self.aside(idx, entry)  # (raises SetAside where the round replays without it)
                    self.completed.append((entry, suggestions, None))
                    if going is None:
                        self.cut_reached = True
                        raise RoundStopped
                    self.readings[idx] = going
                    return going
                why = "the entries after it fit one of the moves it may stand for"
            else:
                why = f"a misspelt word for the {slots}" if " " not in (entry.unread or "") else f"misspelt words for the {slots}"
            certain = fix.candidates[best]
            self.readings[idx] = certain.move
            suggestions = (suggestions[best], *suggestions[:best], *suggestions[best + 1 :])
        edit = ReplaceEntry(entry.line, entry.column, entry.text, suggestions[0], why)
        self.completed.append((entry, suggestions, edit))
        self.fixes.append(edit)
        return certain.move

    def tie(self, idx: int, entry: Entry, candidates: tuple[Candidate, ...], written: tuple[str, ...]) -> tuple[int | None, Move | None]:
        """Entry ``idx``, whose readable slots fit the legal moves ``candidates`` (written
        so: ``written``): the rest of the round replayed under each reading (at most
        :data:`READINGS`, each one replay). Where exactly one replays it without an error,
        it is the entry's move (its index); where several do and all end the round alike
        (the same winner, ring and next start), the round goes on with the first (the
        move); else ``(None, None)``: the round stops there. What was found becomes a
        clause of the entry's message (:attr:`ties`)."""
        if self.trial or not 1 < len(candidates) <= READINGS:
            return None, None
        ends = [self.reading_end(idx, entry, c.move) for c in candidates]
        where = (entry.line, entry.column)
        if any(end is _UNTOLD for end in ends):
            self.ties[where] = "under some of them an entry after it fits several moves too, so the record does not tell"
            return None, None
        clean = [k for k, end in enumerate(ends) if end is not None]
        if len(clean) == 1:
            self.ties[where] = f"only {written[clean[0]]} lets the rest of the round replay without an error"
            return clean[0], None
        if not clean:
            return None, None
        first = ends[clean[0]]
        assert first is not None
        if all(ends[k] == first for k in clean):
            self.ties[where] = f"each of them replays the round to the same end ({_said(first[0])}), so the round is judged"
            return None, candidates[clean[0]].move
        results = [end[0] for k in clean if (end := ends[k]) is not None]
        self.ties[where] = f"the readings end the round differently ({_disagreement(written, clean, results)}), so it is not judged past here"
        return None, None

    def reading_end(self, idx: int, entry: Entry, move: Move) -> tuple[RoundResult | None, object] | None:
        """How the round ends when entry ``idx`` is read as ``move`` (:func:`_end`); ``None``
        when the entries after it do not replay so without an error."""
        trial = self.replay_reading(idx, move)
        after = (entry.line, entry.column)
        if trial.untold:
            return _UNTOLD
        if trial.rr.stopped or any(d.severity == ERROR and (d.line, d.column) > after for d in trial.diagnostics):
            return None
        if trial.pending is None and self.ends and round_result(trial.pos) is None:
            return None  # (a round follows: this one must end)
        return _end(trial.pos, next_round=self.ends)

    def aside(self, idx: int, entry: Entry) -> None:
        """Entry ``idx``, weak evidence that settles no move here (a word or a sign read
        with slots left out: a dash between two entries, a score, a heading's word):
        where the round replays without it, as far as any reading must, it is no move;
        set aside with a warning (:class:`~.round_state.SetAside`)."""
        if self.trial or not _weak(entry):
            return
        trial = self.replay_aside(idx)
        after = (entry.line, entry.column)
        if trial.rr.stopped or any(d.severity == ERROR and (d.line, d.column) > after for d in trial.diagnostics):
            return
        if trial.pending is None and self.ends and round_result(trial.pos) is None:
            return
        if len(trial.rr.plies) < len(self.rr.plies) + AGREE and round_result(trial.pos) is None:
            return  # (too little after it to tell)
        why = "no move here: set aside"
        message = f"{entry.text!r} names no move here, and the round replays without it: set aside"
        self.error(
            "syntax", message, entry, None, WARNING, kind=Kind.STRUCK_ENTRY,
            edits=(DeleteEntry(entry.line, entry.column, entry.text, why),),
        )  # fmt: skip
        self.fixes.append(DeleteEntry(entry.line, entry.column, entry.text, why))
        self.set_aside.append(entry)
        raise SetAside

    def replay_aside(self, idx: int) -> EntrySlips:
        """The round replayed again from its start, entry ``idx`` set aside (a trial:
        :class:`~.round_replay.RoundReplayer` makes it)."""
        raise NotImplementedError

    def replay_reading(self, idx: int, move: Move) -> EntrySlips:
        """The round replayed again from its start, entry ``idx`` read as ``move`` (a
        trial: :class:`~.round_replay.RoundReplayer` makes it)."""
        raise NotImplementedError

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
        pos = self.pos
        text = self.write_like(entry, forfeit)
        side, colour, sq = forfeit.side, forfeit.tower, forfeit.origin
        assert colour is not None
        self.error(
            "M6",
            f"{tower_name(side, colour)} on {square_name(sq)} cannot move, so {side.title} forfeits "
            f"the turn: the entry {text} is missing before this one, which is {mover.title}'s",
            entry,
            number,
            ERROR if self.in_columns(entry) or (entry.tower is None and entry.origin is None) else WARNING,
            suggestions=(f"{text}   {entry.text}",),
            kind=Kind.FORGOTTEN_FORFEIT,
            edits=(InsertEntry(entry.line, entry.column, text, f"{side.title}'s {colour.name.lower()} tower is blocked and forfeits (M6)"),),
        )
        inserted = Entry(entry.line, entry.column, text=text, tower=colour, distance=0, square_colour=forfeit.square_colour)
        self.rr.plies.append(Ply(number, side, inserted, PlyKind.FORFEIT, forfeit, None))
        pos.apply(forfeit)
        self.inserted.append(idx)
        self.shift += 1

    # -- a push's back-entry

    def back_entry(self, idx: int, entry: Entry, number: int, push: Move) -> Ply:
        """The pushed player's back-entry after ``push``, entry ``idx`` (S3); a missing one
        stops the round, a wrong one is reported (with the right one) and the replay goes on."""
        back = back_move(push, self.pos)
        assert back.tower is not None  # (the back-entry moves the farthest pushed tower)
        expected = f"{back.tower.title} Back 1 {back.square_colour.title} ({back.coords()})"
        if not is_back_entry(entry, back) and self.back_left_out(entry):
            return self.left_out_back(idx, entry, number, back)
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


    def back_left_out(self, entry: Entry) -> bool:
        """Whether ``entry``, where a push's back-entry is due, is the pusher's next move
        with the back-entry left out: one entry a line or a list (no columns to shift),
        and the entry a legal move after the push as far as it is written."""
        entries = self.rr.record.entries
        if len({e.line for e in entries}) < len(entries):  # (rows of two: the columns shift)
            return False
        return (exact_move(self.pos, entry) if entry.unread is None else only_fit(self.pos, entry)) is not None

    def left_out_back(self, idx: int, entry: Entry, number: int, back: Move) -> Ply:
        """The back-entry ``back`` left out before ``entry`` in a record of one entry a
        line or a list: a warning (the forced entry is the only one there is, and nothing
        shifts), the back-entry put in, and the entry read as the pusher's next move."""
        text = self.write_like(entry, back)
        why = "the back-entry of the push (S3)"
        self.error(
            "push-entry", f"the push's back-entry {text} is left out before this entry (it is forced): read as written there",
            entry, number, WARNING, kind=Kind.MISSING_BACK_ENTRY, edits=(InsertEntry(entry.line, entry.column, text, why),),
        )  # fmt: skip
        self.inserted.append(idx)
        self.shift += 1
        inserted = Entry(entry.line, entry.column, text=text, tower=back.tower, direction=back.direction, distance=1, square_colour=back.square_colour)
        return Ply(number, back.side, inserted, PlyKind.BACK, back, None)


#: How a reading ends the round where the replay of it met an entry that fits several
#: moves (:meth:`EntrySlips.reading_end`): it cannot tell.
_UNTOLD: tuple[RoundResult | None, object] = (None, "untold")


def _end(position: Position, *, next_round: bool) -> tuple[RoundResult | None, object]:
    """How a round replayed to ``position`` ends, as far as the match after it is
    concerned: its result (the winner, how, the tower that takes the ring) and, where a
    round follows, the order each side takes its towers in to fill either way (its
    start); or, where it does not end, the position."""
    result = round_result(position)
    if result is None:
        return None, position.key()
    return result, [fill_order(position, side, how) for side in SIDES for how in Fill] if next_round else None


def _disagreement(written: tuple[str, ...], clean: list[int], results: list[RoundResult | None]) -> str:
    """How the readings ``written[k]`` (``k`` in ``clean``) end the round (``results``),
    where they do not end it alike."""
    if all(r is None for r in results):
        return "the round does not end under any, and each leaves the towers elsewhere"
    if all(r == results[0] for r in results):
        return f"{_said(results[0])} under each, but the towers stand differently for the next round's fill"
    return compose(*(f"{written[k]}: {_said(r)}" for k, r in zip(clean, results, strict=True)))


def _said(result: RoundResult | None) -> str:
    """A round's end in words."""
    if result is None:
        return "the round does not end"
    return f"{result.winner.title} wins, the {result.tower.name.lower()} tower taking the ring"


def _best_follows(move: Move, fix: Correction) -> bool:
    """Whether ``move`` is continued by the record as well as any candidate of ``fix``."""
    best = max((c.follows for c in fix.candidates), default=0)
    return any(c.move == move and c.follows == best for c in fix.candidates) or not fix.candidates


def _weak(entry: Entry) -> bool:
    """Whether ``entry`` is weak evidence: read with two slots or more left out (not a
    tower and where it lands), a square alone (``a1`` in a sentence: a move's target only
    where the tower is forced), or a forced entry written as a sign (a dash, ``pass``),
    with no tower named."""
    unread = (entry.unread or "").split()
    if entry.tower is not None and (entry.square_colour is not None or entry.target is not None):
        return False  # (a tower and where it lands: a move said, never text to set aside)
    return len(unread) >= 2 or unread == ["from"] or (entry.distance == 0 and entry.tower is None)
