"""The search for a slip of a whole row or round in one round's replay: where it
stopped at a rules error, or ran to an end the next round cannot follow, the places a
slip may start (the stop, the round's first doubtful entry, a row whose turn number is
one off its place, the round's start) are handed to :func:`.slips.explain`, and what it
finds is a diagnostic: the slip and its edits when certain, else the candidates named.
And a round whose entries run on past its end into the next round, its ``Round`` line
left out (:func:`left_out_round`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..diagnostics import ERROR, Diagnostic, Kind, compose, correction
from ..engine.board import Side
from ..engine.match import RoundEnd, RoundResult, place_ring, round_result
from ..engine.position import Move, Position
from ..notation.record import Entry, MatchRecord, RoundRecord
from .correct import LOOKAHEAD
from .replayed import RoundReplay
from .round_replay import Attempt
from .round_state import MissingRound, RoundState
from .slips import Explanation, Hypothesis, Place, Stop, candidate_words, explain, recogniser, row_off
from .slips.after_end import recap_end
from .slips.lineups import new_round_fill

__all__ = ["left_out_round", "row_slip", "stop_at", "unfollowed"]


@dataclass(frozen=True, slots=True)
class _Search:
    """The round ``rr`` searched for a slip, replayed as ``attempt`` says: what every
    place a slip may start at shares."""

    rr: RoundReplay
    attempt: Attempt

    def at(self, position: Position, index: int, pending: Move | None = None, *, place: Place = Place.STOP) -> Stop:
        """A slip starting at entry ``index`` of the round, in ``position``, a ``place``
        of the round."""
        a, rr = self.attempt, self.rr
        return Stop(
            position, rr.record.entries, index, rr.number, a.challenger is Side.GOLD, a.ends, pending,
            place=place, agrees=a.agrees, further=a.further,
        )  # fmt: skip

    @property
    def skipped(self) -> int:
        """1 when the round's first entry is a ``...`` (no ply)."""
        entries = self.rr.record.entries
        return 1 if entries and entries[0].placeholder else 0

    def gap(self, before: int) -> tuple[int | None, Stop | None]:
        """The first row before entry ``before`` whose turn number is one off its place
        (a row left out or written twice before it), and a slip starting there when the
        replay reached it."""
        entries = self.rr.record.entries
        gap = next((k for k in range(0, before, 2) if row_off(entries[k], k)), None)
        if gap is None or gap - self.skipped > len(self.rr.plies):
            return gap, None
        return gap, self.at(self.rr.position_at(gap - self.skipped), gap, place=Place.GAP)

    def doubt(self, state: RoundState, before: int | None = None) -> Stop | None:
        """A slip starting at the round's first entry that was no legal move as written
        (before entry ``before``, when given)."""
        if state.doubt is None or (before is not None and state.doubt[0] >= before):
            return None
        at, position, pending = state.doubt
        return self.at(position, at, pending, place=Place.DOUBT)

    def before(self, place: Stop | None) -> Stop | None:
        """A slip starting at the entry before the stop or doubt ``place`` (legal as
        written: the replay reached past it), when it is a move of its own (no ``...``, no
        back-entry due there)."""
        if place is None:
            return None
        k = place.index - 1
        ply = k - self.skipped
        if ply < 0 or self.rr.record.entries[k].placeholder or (ply and self.rr.plies[ply - 1].move.push):
            return None
        return self.at(self.rr.position_at(ply), k, place=Place.BEFORE)

    def around_stop(self, state: RoundState, stop: int) -> tuple[list[Stop | None], list[Stop]]:
        """Where a slip may start in the round ``state`` stopped at entry ``stop``: the
        stop, the round's first doubtful entry and a row numbered one off its place
        before it (the places in doubt, returned first, as they are), the round's start,
        and the entries before the stop and the doubt."""
        _gap, gap = self.gap(stop)
        first = 1 if self.attempt.challenger is Side.GOLD and self.skipped else 0
        doubted = [self.doubt(state, stop), gap]
        here = self.at(state.pos, stop, state.pending)
        places = [here, *doubted, self.at(self.rr.start, first, place=Place.START), self.before(here), self.before(doubted[0])]
        return doubted, [s for s in places if s is not None]

    def around_end(self, state: RoundState) -> tuple[int | None, list[Stop]]:
        """Where a slip may start in the round ``state`` replayed without a stop: its
        start, a row numbered one off its place (its index returned first), its first
        doubtful entry and the entry before it."""
        gap, at_gap = self.gap(len(self.rr.record.entries))
        doubt = self.doubt(state)
        places = (self.at(self.rr.start, self.skipped, place=Place.START), at_gap, doubt, self.before(doubt))
        return gap, [s for s in places if s is not None]


def _certain(verdict: Explanation, there: Diagnostic) -> Diagnostic:
    """The diagnostic of a certain slip, made of ``there`` (the diagnostic its entry
    stands at): its message and suggestion, its edits and the rule and severity its
    recogniser declares (the same wherever it is found)."""
    assert verdict.certain is not None
    found = recogniser(verdict.certain.kind)
    message = compose(verdict.certain.wording, correction(verdict.suggestion) if verdict.suggestion else None)
    suggestions = (verdict.suggestion,) if verdict.suggestion else ()
    return replace(there, rule=found.rule, severity=found.severity, message=message, suggestions=suggestions, kind=found.kind, edits=verdict.edits)


def row_slip(
    state: RoundState, rr: RoundReplay, attempt: Attempt, match: MatchRecord, *, after: int
) -> tuple[Diagnostic, Hypothesis | None, int | None] | None:
    """Where ``state`` stopped at a rules error, the slip of a whole row or round that
    explains it (:func:`.slips.explain`): when certain, its diagnostic (in place of the
    error's, its edits on it) and the hypothesis; when the likeliest candidates start at
    an earlier entry that was in doubt (taken for a one-slot slip, or a row numbered one
    off its place), a diagnostic whose message names them and that entry, where the
    round is to stop; else ``None`` (the error names the candidates, if any: an
    uncertain reading from the round's start never moves the error off the entry that
    is no legal move). ``state.withheld`` stays only where no slip explains anything from
    a stop whose one-slot correction was withheld: that correction stands."""
    stop = state.stop_index
    withheld, state.withheld = state.withheld, None
    if state.cut_reached or state.shift or after > len(rr.record.entries):
        return None
    if stop is None:
        return unfollowed(state, rr, attempt, match)
    error = state.diagnostics[-1]
    doubted, places = _Search(rr, attempt).around_stop(state, stop)
    verdict = explain(places)
    if verdict.certain is None:
        state.withheld = withheld if not verdict.candidates else None
        return _uncertain(state, error, verdict, stop, doubted)
    entry = rr.record.entries[verdict.index]
    there = next((d for d in state.diagnostics if (d.line, d.column) == (entry.line, entry.column)), error)
    slip = replace(_certain(verdict, there), line=entry.line, column=entry.column)
    state.stop_index = verdict.start
    return slip, verdict.certain, None


def _uncertain(
    state: RoundState, error: Diagnostic, verdict: Explanation, stop: int, doubted: list[Stop | None]
) -> tuple[Diagnostic, None, int] | None:
    """No slip certain: when the likeliest candidates start at an entry before the stop
    ``stop`` that was in doubt (one of the ``doubted`` places), the ``error`` (the
    round's last diagnostic) naming them, and that entry; else ``None``, the error
    naming them in the round's diagnostics (if any)."""
    if not verdict.candidates:
        return None
    maybe = f"perhaps {candidate_words(verdict.candidates)}"
    if verdict.index < stop and any(s is not None and s.index == verdict.index for s in doubted):
        return replace(error, message=maybe), None, verdict.index
    state.diagnostics[-1] = error.with_clauses(maybe)
    return None


def _followed(state: RoundState, attempt: Attempt, match: MatchRecord) -> bool:
    """Whether a round replayed without a stop ends where what follows it can follow
    (nothing to doubt: every entry legal as written, no turn number off, an end, no
    entry after it)."""
    if state.over is not None:  # entries after its end: a slip may have ended it early
        return False
    if _nothing_to_doubt(state, attempt, match):
        return True
    over = round_result(state.pos) is not None
    agrees = attempt.agrees
    return not (attempt.ends and not over) and (agrees is None or not over or agrees(state.pos))


def _nothing_to_doubt(state: RoundState, attempt: Attempt, match: MatchRecord) -> bool:
    """Whether a round replayed without a stop leaves nothing to doubt: every entry legal
    as written, the match read without an error, and the round won where it must end."""
    return state.doubt is None and not match.errors and (not attempt.ends or state.pos.winner is not None)


def _corrected_twice(state: RoundState) -> bool:
    """Whether the replay of a round corrected two of its entries or more as one-slot
    slips: a slip of a whole row or round may stand behind them (one player's arrows
    mirrored from the first row, two entries exchanged, each of its entries a certain
    one-slot slip when taken alone), which only a certain reading replaces."""
    return sum(d.kind is Kind.SLOT for d in state.diagnostics) >= 2


def _taken(verdict: Explanation, places: list[Stop], state: RoundState, attempt: Attempt, *, corrected: bool) -> bool:
    """Whether what :func:`.slips.explain` found from ``places`` (the round's start
    first) stands in place of the replay's reading: a certain slip (where the replay's
    corrections made the round end where the next follows, only one that two corrections
    or more, or the rounds after, speak for: :func:`_further`); or candidates that start
    at a place in doubt, where the round did not end where the next follows."""
    if verdict.certain is None:
        return not corrected and any(s.index == verdict.index for s in places[1:])
    return not corrected or _corrected_twice(state) or _further(attempt, verdict, state.pos)


def _astray(state: RoundState, attempt: Attempt) -> bool:
    """Whether a round that took an entry for a one-slot slip is followed by rounds that
    could tell its end astray: the correction may be a slip of a row or round misread
    (two entries exchanged, each legal somewhere, one of them read as a one-slot slip),
    which only a reading that replays the rounds after further replaces
    (:func:`_further`)."""
    return state.doubt is not None and attempt.further is not None


def _further(attempt: Attempt, verdict: Explanation, end: Position) -> bool:
    """Whether the certain reading ``verdict`` ends its round where the rounds after
    replay further as written than from ``end``."""
    further = attempt.further
    return further is not None and verdict.end is not None and further(verdict.end) > further(end)


def unfollowed(state: RoundState, rr: RoundReplay, attempt: Attempt, match: MatchRecord) -> tuple[Diagnostic, Hypothesis | None, None] | None:
    """A round ``rr`` of ``match`` replayed without a stop to an end the next round cannot
    follow (its lineups or its first entries; or no end, when a round follows): a slip
    the replay took for one-slot slips, or legal as written, is tried from the round's
    first doubtful entry, from a row whose turn number is one off its place (a row left
    out or written twice) and from the start (:mod:`.slips`); so is a round that ends
    where the next can follow but took two entries or more for one-slot slips, where
    only a certain reading replaces them (:func:`_corrected_twice`). The slip, when
    certain (its edits on the diagnostic); else, when candidates start at such an
    entry, an error there naming them, without a hypothesis (the round stops there);
    else ``None``."""
    followed = _followed(state, attempt, match)
    corrected = followed and (_corrected_twice(state) or _astray(state, attempt))
    if followed and not corrected:
        return None
    search = _Search(rr, attempt)
    gap, places = search.around_end(state)
    verdict = explain(places)
    if not _taken(verdict, places, state, attempt, corrected=corrected):
        return None
    return _unfollowed_error(verdict, state, rr, match, skipped=search.skipped, at_gap=verdict.index == gap)


def _unfollowed_error(
    verdict: Explanation, state: RoundState, rr: RoundReplay, match: MatchRecord, *, skipped: int, at_gap: bool
) -> tuple[Diagnostic, Hypothesis | None, None]:
    """What :func:`unfollowed` reports of ``verdict``, taken (the round stops where it
    starts): the certain slip with its edits, else an error naming the candidates,
    under the rule of the diagnostic already at its entry (else ``syntax``)."""
    idx = verdict.index
    entry = rr.record.entries[idx]
    there = next((d for d in state.diagnostics if (d.line, d.column) == (entry.line, entry.column)), None)
    rule = there.rule if there is not None else "syntax"
    state.stop_index = verdict.start if verdict.certain is not None else idx
    plain = Diagnostic(rule, "", entry.line, entry.column, ERROR, rr.number, idx - skipped + 1, match.index)
    if verdict.certain is None:
        return replace(plain, message=_unfollowed_words(rr, verdict, at_gap=at_gap)), None, None
    return _certain(verdict, plain), verdict.certain, None


def _unfollowed_words(rr: RoundReplay, verdict: Explanation, *, at_gap: bool) -> str:
    """What :func:`unfollowed` says where no reading is certain: the candidates."""
    gap_words = ", and the turn numbers say a row is missing or written twice here" if at_gap else ""
    return compose(
        f"round {rr.number} as written does not end where the next round can follow{gap_words}",
        f"perhaps {candidate_words(verdict.candidates)}",
    )


def left_out_round(rr: RoundReplay, state: RoundState, match: MatchRecord) -> MissingRound | None:
    """Round ``rr``, whose replay ended at its entry :attr:`~.round_state.RoundState.over`
    (M7, M8) with entries left, when those entries are another round's, its ``Round``
    line left out: they start a line of their own (numbered ``1.``, or not at all),
    and under exactly one fill from the round's end (the other round's lineups
    holding) more of them replay as written, at least the first few
    (:func:`.slips.lineups.new_round_fill`). How to split it, or ``None``."""
    result = round_result(state.pos)
    if not state.over or result is None:
        return None
    for k in _starts_after(rr, state.over):
        split = _split_at_entry(rr, state, match, k, result)
        if split is not None:
            return split
    return None


def _split_at_entry(rr: RoundReplay, state: RoundState, match: MatchRecord, k: int, result: RoundResult) -> MissingRound | None:
    """:func:`left_out_round`'s split where the round left out starts at entry ``k``
    (round ``rr`` ended with ``result``), or ``None`` where no fill replays it."""
    entries = rr.record.entries
    first, last = entries[k], entries[k - 1]
    challenger = result.winner.other
    lineups = [lu for lu in rr.record.lineups if lu.line > last.line]
    aside, placeholder = _gold_first(match, first, last.line, challenger)
    dots = placeholder is None and challenger is Side.GOLD and _dots(first)
    if dots:
        placeholder = replace(first, placeholder=True, distance=None, unread=None, number=1)
    rest = [*([placeholder] if placeholder is not None else []), *entries[k + dots :]]
    end = state.pos.copy()
    place_ring(end, result)  # (won in the round: the new round's Sumo moves need it)
    how = new_round_fill(end, challenger, RoundRecord(rr.number + 1, None, first.line, 1, lineups, rest))
    if how is None:
        return None
    line, column = min([(first.line, (placeholder or first).column), *((lu.line, lu.column) for lu in lineups)])
    return MissingRound(k, how, lineups, placeholder, line, column, _explained(rest, aside, placeholder), _ended(rr, result), dots=dots)


def _starts_after(rr: RoundReplay, over: int) -> list[int] | Iterator[int]:
    """Where the entries of round ``rr`` after its end (from ``over``) may start the next
    round: past a copy of the round's moves said again (:func:`.slips.after_end.
    recap_end`: a notebook's table given twice), else :func:`_run_on_starts`."""
    entries = rr.record.entries
    recap = recap_end(entries, over, rr.moves_written())
    return [recap] if over < recap < len(entries) else _run_on_starts(entries, over)


def _run_on_starts(entries: list[Entry], over: int) -> Iterator[int]:
    """Where the entries after a round's end (from ``over``) may start the next round,
    on a line of their own, numbered ``1.`` or not at all: the first of them where it
    says a move in slots, a direction and a distance, though a slot is left unread
    (``Azul;recto;1``: a sheet with no column for the landing); then past weak evidence
    (a score, a word, a note: set aside in the round before), the first entry that is
    not, or a ``...``."""
    said = _in_slots(entries[over])
    if said and _own_line(entries, over):
        yield over
    k = _past_weak(entries, over)
    if not (said and k == over) and _own_line(entries, k):
        yield k


def _in_slots(entry: Entry) -> bool:
    """Whether ``entry``, read by its evidence, says a move in slots: a direction and a
    distance."""
    return entry.unread is not None and entry.direction is not None and bool(entry.distance)


def _past_weak(entries: list[Entry], k: int) -> int:
    """The first entry from ``k`` (not the last) that is not weak evidence read by its
    evidence (a score, a word, a note), or a ``...``."""
    while k < len(entries) - 1 and entries[k].unread is not None and not entries[k].placeholder and not _dots(entries[k]):
        k += 1
    return k


def _own_line(entries: list[Entry], k: int) -> bool:
    """Whether entry ``k`` starts a line after the entry before, unnumbered or ``1.``; or
    goes on with the line of the round before, unnumbered, for :data:`~.correct.LOOKAHEAD`
    entries at least, or two to the record's end (a dump's one line of every move of
    every round; one entry after a round's end on its line is a move written after the
    win, as a row's second entry is)."""
    if entries[k].number not in (None, 1):
        return False
    return entries[k].line > entries[k - 1].line or _runs_on(entries, k)


def _runs_on(entries: list[Entry], k: int) -> bool:
    """Whether the entries from ``k`` go on with the line of the entry before, unnumbered,
    for :data:`~.correct.LOOKAHEAD` entries or two to the record's end."""
    run = entries[k : k + LOOKAHEAD]
    whole = len(run) == LOOKAHEAD or (len(run) >= 2 and k + len(run) == len(entries))
    return whole and all(e.line == entries[k - 1].line and e.number is None for e in run)


def _dots(entry: Entry) -> bool:
    """Whether ``entry`` is a ``...`` the reader read as a forfeit in Black's column (not
    at its round's start): where a round left out starts with it, it is that round's
    ``...`` (Gold its Challenger)."""
    return entry.text in ("...", "…") and entry.distance == 0 and entry.unread is not None


def _gold_first(match: MatchRecord, first: Entry, after: int, challenger: Side) -> tuple[Diagnostic | None, Entry | None]:
    """Where Gold is the Challenger of a round left out whose first entry, ``first``, is
    unnumbered: the reader's error of a ``...`` it set aside before it on its line
    (:func:`_set_aside`), and the ``...`` put back there; else ``(None, None)``."""
    aside = _set_aside(match, first, after) if challenger is Side.GOLD and first.number is None else None
    return aside, Entry(aside.line, aside.column, "...", placeholder=True, number=1) if aside is not None else None


def _explained(rest: list[Entry], aside: Diagnostic | None, placeholder: Entry | None) -> frozenset[tuple[int, int]]:
    """The reader's errors the split explains: the turn numbers 1., 2.… of the round
    left out (its entries ``rest``), the ``...`` set aside (``aside``) or read as a
    forfeit (the round's ``placeholder``)."""
    explained = {(e.line, e.column) for j, e in enumerate(rest) if e.number == j // 2 + 1 and not j % 2}
    explained |= {(aside.line, aside.column)} if aside is not None else set()
    explained |= {(placeholder.line, placeholder.column)} if placeholder is not None else set()
    return frozenset(explained)


def _ended(rr: RoundReplay, result: RoundResult) -> str:
    """How round ``rr`` ended, in words."""
    by = "reached the home row" if result.by is RoundEnd.HOME_ROW else "won by deadlock"
    return f"{result.winner.title} {by} at ply {rr.plies[-1].number}" if rr.plies else f"{result.winner.title} won"


def _set_aside(match: MatchRecord, first: Entry, after: int) -> Diagnostic | None:
    """The reader's error of a ``...`` it set aside on ``first``'s line, before it
    (one not at a round's start), which a round left out explains; else ``None``."""
    return next(
        (
            d
            for d in match.errors
            if d.severity is ERROR and d.rule == "syntax" and not d.kind and d.line == first.line
            and after < d.line and d.column < first.column
        ),
        None,
    )


def stop_at(state: RoundState, rr: RoundReplay, idx: int, error: Diagnostic) -> None:
    """Stop ``rr`` before its entry ``idx`` (legal as written, but a slip before it
    is certain, its correction not), reporting ``error`` there: what came after is
    not checked."""
    entry = rr.record.entries[idx]
    at = (entry.line, entry.column)
    keep = idx - (1 if rr.record.entries[0].placeholder else 0)
    del rr.plies[keep:]
    state.pos = rr.position_at()
    rr.stopped = True
    state.diagnostics = [d for d in state.diagnostics if (d.line, d.column) < at] + [error]
    state.fixes = [f for f in state.fixes if (f.line, getattr(f, "column", 0)) < at]
