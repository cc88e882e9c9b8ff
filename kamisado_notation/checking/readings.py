"""An entry read with a slot left out or a word not read, as the round's replay meets it
(:class:`Readings`): the legal move its other slots name when only one does; where they
fit several, the round replayed again under each reading (a trial, at most
:data:`READINGS`), and the one that replays it kept; weak evidence that names no move
here set aside. The round's state it plays on is :class:`~.round_state.RoundState`'s."""

from __future__ import annotations

from collections.abc import Callable

from ..diagnostics import ERROR, WARNING, DeleteEntry, Kind, ReplaceEntry, compose
from ..engine.board import SIDES
from ..engine.match import Fill, RoundResult, fill_order, round_result
from ..engine.position import Move, Position
from ..notation.record import Entry
from .correct import Candidate, Correction
from .round_state import RoundState, RoundStopped, SetAside
from .slips.hypotheses import AGREE
from .slips.spelling import spelt

__all__ = ["READINGS", "Readings", "Retry"]

#: How many readings of an entry whose slots fit several moves are replayed to the round's end.
READINGS = 6

#: The round replayed again from its start (a trial) with these entries read as these
#: moves and these entries set aside: its state at the end.
Retry = Callable[[dict[int, Move], frozenset[int]], RoundState]


class Readings:
    """The entries of one round read as a given move or set aside, and what settles them.
    ``state``: the round's replay; ``retry``: a trial replay of the round (:data:`Retry`);
    ``trial``: this replay is one, and tries no readings of its own."""

    __slots__ = ("asides", "readings", "retry", "state", "trial")

    def __init__(
        self,
        state: RoundState,
        retry: Retry,
        readings: dict[int, Move] | None = None,
        asides: frozenset[int] = frozenset(),
        *,
        trial: bool = False,
    ) -> None:
        self.state = state
        self.retry = retry
        self.trial = trial
        #: entries read as a given move: the reading an entry whose slots fit several moves
        #: is replayed with (:meth:`tie`), and those chosen before
        self.readings: dict[int, Move] = {} if readings is None else readings
        #: entries set aside (weak evidence that names no move here: :class:`~.round_state.SetAside`);
        #: the round's replay reads it at each entry, as cheaply as a set is read
        self.asides: set[int] = set(asides)

    def skip(self, idx: int) -> None:
        """Entry ``idx`` set aside from now on (:meth:`aside` said so): the entries after it
        move up a turn."""
        self.asides.add(idx)
        self.state.shift += 1

    def unread(self, idx: int, entry: Entry) -> Move:
        """An entry with a word the reader could not read (its syntax error is the
        reader's): the legal move its other three slots name, when only one does (or the
        entries after it tell which), is the entry's move, and its suggestion and fix;
        else the replay stops there, as at any syntax error."""
        if idx in self.readings:  # (a reading tried, or chosen before)
            return self.readings[idx]
        state = self.state
        fix = state.correction(idx, entry)
        certain = fix.certain
        suggestions = tuple(state.write_like(entry, c.move) for c in (fix.candidates if certain is None else (certain,)))
        why = _words(entry, "an unknown word", "unknown words")
        if certain is None:
            best = spelt(entry, suggestions)
            why = _words(entry, "a misspelt word", "misspelt words")
            if best is None:
                best, going = self.tie(idx, entry, fix.candidates, suggestions)
                if best is None:
                    return self.untold(idx, entry, fix, suggestions, going)
                why = "the entries after it fit one of the moves it may stand for"
            certain = fix.candidates[best]
            self.readings[idx] = certain.move
            suggestions = (suggestions[best], *suggestions[:best], *suggestions[best + 1 :])
        state.settled(entry, suggestions, ReplaceEntry(entry.line, entry.column, entry.text, suggestions[0], why))
        return certain.move

    def untold(self, idx: int, entry: Entry, fix: Correction, suggestions: tuple[str, ...], going: Move | None) -> Move:
        """Entry ``idx``, whose slots fit the moves of ``fix`` (written so: ``suggestions``),
        none certain: the round goes on with ``going`` where every reading ends it alike;
        else the entry is set aside where the round replays without it
        (:meth:`aside`), or the replay stops there."""
        state = self.state
        state.untold = self.trial and len(fix.candidates) > 1
        if going is None:  # (raises SetAside where the round replays without it)
            self.aside(idx, entry, fits=not all(c.differs for c in fix.candidates))
        state.settled(entry, suggestions, None)
        if going is None:
            state.cut_reached = True
            raise RoundStopped
        self.readings[idx] = going
        return going

    def tie(self, idx: int, entry: Entry, candidates: tuple[Candidate, ...], written: tuple[str, ...]) -> tuple[int | None, Move | None]:
        """Entry ``idx``, whose readable slots fit the legal moves ``candidates`` (written
        so: ``written``): the rest of the round replayed under each reading (at most
        :data:`READINGS`, each one replay). Where exactly one replays it without an error,
        it is the entry's move (its index); where several do and all end the round alike
        (the same winner, ring and next start), the round goes on with the first (the
        move); else ``(None, None)``: the round stops there. What was found becomes a
        clause of the entry's message (:attr:`RoundState.ties`)."""
        if self.trial or not 1 < len(candidates) <= READINGS:
            return None, None
        ends = [self.reading_end(idx, entry, c.move) for c in candidates]
        best, going, found = _told(ends, candidates, written)
        if found is not None:
            self.state.ties[(entry.line, entry.column)] = found
        return best, going

    def reading_end(self, idx: int, entry: Entry, move: Move) -> tuple[RoundResult | None, object] | None:
        """How the round ends when entry ``idx`` is read as ``move`` (:func:`_end`); ``None``
        when the entries after it do not replay so without an error."""
        trial = self.retry({**self.readings, idx: move}, frozenset(self.asides))
        if trial.untold:
            return _UNTOLD
        if not self.replays_past(trial, entry):
            return None
        return _end(trial.pos, next_round=self.state.ends)

    def replays_past(self, trial: RoundState, entry: Entry) -> bool:
        """Whether ``trial`` replayed the entries after ``entry`` without an error, to an
        end where a round follows (it must end)."""
        after = (entry.line, entry.column)
        if trial.rr.stopped or any(d.severity == ERROR and after < (d.line, d.column) < _run_on(trial) for d in trial.diagnostics):
            return False
        return not (trial.pending is None and self.state.ends and round_result(trial.pos) is None)

    def aside(self, idx: int, entry: Entry, *, fits: bool = True) -> None:
        """Entry ``idx``, weak evidence that settles no move here (a word or a sign read
        with slots left out: a dash between two entries, a score, a heading's word), or
        evidence no legal move fits (``fits`` false: a chat's ``purple to purple`` on the
        move before, which landed on purple; the moves it may stand for each differ from
        what it says): where the round replays without it, as far as any reading must, it
        is no move; set aside with a warning (:class:`~.round_state.SetAside`)."""
        if self.trial or (fits and not _weak(entry)):
            return
        state = self.state
        trial = self.retry(dict(self.readings), frozenset({*self.asides, idx}))
        if not self.replays_past(trial, entry):
            return
        if len(trial.rr.plies) < len(state.rr.plies) + AGREE and round_result(trial.pos) is None:
            return  # (too little after it to tell)
        why = "no move here: set aside"
        message = f"{entry.text!r} names no move here, and the round replays without it: set aside"
        state.error(
            "syntax", message, entry, None, WARNING, kind=Kind.STRUCK_ENTRY,
            edits=(DeleteEntry(entry.line, entry.column, entry.text, why),),
        )  # fmt: skip
        state.fixes.append(DeleteEntry(entry.line, entry.column, entry.text, why))
        state.set_aside.append(entry)
        raise SetAside


#: How a reading ends the round where the replay of it met an entry that fits several
#: moves (:meth:`Readings.reading_end`): it cannot tell.
_UNTOLD: tuple[RoundResult | None, object] = (None, "untold")


def _run_on(trial: RoundState) -> tuple[float, float]:
    """Where the entries of ``trial``'s round run on past its end (the first entry after
    it: another round's, whose ``Round`` line was left out, as the replay splits them, or
    a note on the round: ``← 3手で終了``, ``黄の一直線``), else past every entry. What
    stands after a round's end is the next round's to judge, not the reading's."""
    if trial.over is None:
        return (float("inf"), 0.0)
    entry = trial.rr.record.entries[trial.over]
    return (entry.line, entry.column)


def _words(entry: Entry, one: str, several: str) -> str:
    """What the words of ``entry`` not read are, ``one`` or ``several`` of them, and the
    slots they stand in."""
    unread = entry.unread or ""
    slots = " and the ".join(unread.split())
    return f"{one} for the {slots}" if " " not in unread else f"{several} for the {slots}"


def _told(
    ends: list[tuple[RoundResult | None, object] | None], candidates: tuple[Candidate, ...], written: tuple[str, ...]
) -> tuple[int | None, Move | None, str | None]:
    """What the ends of the round under each reading (``ends``, of ``candidates``, written
    so: ``written``; ``None`` where it does not replay) tell, as :meth:`Readings.tie`
    returns it, and the clause that says so (``None``: nothing to say)."""
    if any(end is _UNTOLD for end in ends):
        return None, None, "under some of them an entry after it fits several moves too, so the record does not tell"
    clean = [k for k, end in enumerate(ends) if end is not None]
    if len(clean) == 1:
        return clean[0], None, f"only {written[clean[0]]} lets the rest of the round replay without an error"
    if not clean:
        return None, None, None
    return _same_end(ends, clean, candidates, written)


def _same_end(
    ends: list[tuple[RoundResult | None, object] | None], clean: list[int], candidates: tuple[Candidate, ...], written: tuple[str, ...]
) -> tuple[int | None, Move | None, str | None]:
    """:func:`_told` where several readings (``clean``, by their index) replay without an
    error: the move where they all end the round alike (the round is judged), else
    nothing, and the clause that says which."""
    first = ends[clean[0]]
    assert first is not None
    if all(ends[k] == first for k in clean):
        return None, candidates[clean[0]].move, f"each of them replays the round to the same end ({_said(first[0])}), so the round is judged"
    results = [end[0] for k in clean if (end := ends[k]) is not None]
    return None, None, f"the readings end the round differently ({_disagreement(written, clean, results)}), so it is not judged past here"


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


def _weak(entry: Entry) -> bool:
    """Whether ``entry`` is weak evidence: read with two slots or more left out (not
    :func:`_move_said`), a square alone (``a1`` in a sentence: a move's target only where
    the tower is forced), or a forced entry written as a sign (a dash, ``pass``),
    with no tower named."""
    if _move_said(entry):
        return False  # (a move said, never text to set aside)
    unread = (entry.unread or "").split()
    return len(unread) >= 2 or unread == ["from"] or (entry.distance == 0 and entry.tower is None)


def _move_said(entry: Entry) -> bool:
    """Whether ``entry`` names a tower and where it lands (its square's colour, or the
    square) or the way it goes (``purple left``, its distance unsaid)."""
    return entry.tower is not None and (entry.square_colour, entry.target, entry.direction) != (None, None, None)
