"""The search for a slip of a whole row or round in one round's replay: where it
stopped at a rules error, or ran to an end the next round cannot follow, the places a
slip may start (the stop, the round's first doubtful entry, a row whose turn number is
one off its place, the round's start) are handed to :func:`.slips.explain`, and what it
finds is a diagnostic: the slip and its edits when certain, else the candidates named."""

from __future__ import annotations

from dataclasses import replace

from ..diagnostics import (
    ERROR,
    Diagnostic,
)
from ..engine.board import Side
from ..engine.match import (
    round_result,
)
from ..notation.record import MatchRecord
from .replayed import RoundReplay
from .round_replay import Attempt, RoundReplayer
from .slips import Hypothesis, Stop, candidate_words, explain, row_off

__all__ = ["row_slip", "stop_at", "unfollowed"]


def row_slip(
    runner: RoundReplayer, rr: RoundReplay, attempt: Attempt, match: MatchRecord, *, after: int
) -> tuple[Diagnostic, Hypothesis | None, int | None] | None:
    """Where ``runner`` stopped at a rules error, the slip of a whole row or round
    that explains it (:func:`.slips.explain`): when certain, its diagnostic (in place
    of the error's, its edits on it) and the hypothesis; when the likeliest candidates start at an
    earlier entry, taken for a one-slot slip, a diagnostic whose message names them
    and that entry, where the round is to stop; else ``None`` (the error names the
    candidates, if any)."""
    stop = runner.stop_index
    if runner.cut_reached or runner.shift or after > len(rr.record.entries):
        return None
    entries = rr.record.entries
    gold_first, ends, agrees = attempt.challenger is Side.GOLD, attempt.ends, attempt.agrees
    if stop is None:
        return unfollowed(runner, rr, attempt, match)
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
    runner.stop_index = verdict.start
    return slip, h, None


def unfollowed(runner: RoundReplayer, rr: RoundReplay, attempt: Attempt, match: MatchRecord) -> tuple[Diagnostic, Hypothesis | None, None] | None:
    """A round ``rr`` of ``match`` replayed without a stop to an end the next round cannot follow (its
    lineups or its first entries; or no end, when a round follows): a slip the
    replay took for one-slot slips, or legal as written, is tried from the round's
    first doubtful entry, from a row whose turn number is one off its place (a row
    left out or written twice) and from the start (:mod:`.slips`). The slip, when
    certain (its edits on the diagnostic); else, when candidates start at such an entry, an error there naming them,
    without a hypothesis (the round stops there); else ``None``."""
    if runner.doubt is None and not match.errors and (not attempt.ends or runner.pos.winner is not None):
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
        return Diagnostic(rule, message, entry.line, entry.column, ERROR, rr.number, idx - skipped + 1, match.index), None, None
    message = h.wording + (f"; correction: {verdict.suggestion}" if verdict.suggestion else "")
    suggestions = (verdict.suggestion,) if verdict.suggestion else ()
    slip = Diagnostic(
        rule, message, entry.line, entry.column, ERROR, rr.number, idx - skipped + 1, match.index, suggestions, h.kind, verdict.edits
    )
    return slip, h, None


def stop_at(runner: RoundReplayer, rr: RoundReplay, idx: int, error: Diagnostic) -> None:
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
