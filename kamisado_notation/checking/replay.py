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

from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from ..diagnostics import ERROR, WARNING, Diagnostic, Kind, has_error
from ..engine.board import Side
from ..engine.match import Match
from ..engine.position import Position
from ..notation.kmr.headers import DASHES
from ..notation.record import Entry, MatchRecord, RoundRecord, ScoreLine
from .match_headers import MatchHeaders
from .match_state import MatchState
from .replayed import MatchReplay, MatchStatus, Ply, PlyKind, RoundReplay
from .round_replay import Attempt, RoundReplayer, syntax_cut
from .round_slips import left_out_round, row_slip, stop_at
from .round_starts import UNKNOWN_TARGET, RoundStarts, lineup_start
from .round_state import RoundState
from .slips.after_end import (
    QUOTED,
    a_sentence,
    after_decided,
    after_end,
    before,
    entries_after,
    recap_end,
    set_aside_after_end,
)
from .slips.headers import format_agrees, header_fixes
from .slips.lineups import (
    next_round_check,
    rounds_played,
)
from .slips.struck import retyped_last
from .styled_entries import SETTLED, ring_marks
from .targets import match_target, parse_result

__all__ = [
    "DASHES",
    "MatchReplay",
    "MatchStatus",
    "Ply",
    "PlyKind",
    "RoundReplay",
    "lineup_start",
    "match_target",
    "parse_result",
    "replay_match",
]



class _MatchReplayer:
    """Replays a match round by round: the headers (target, start), each round's start
    (:attr:`starts`, a :class:`RoundStarts`: its number, the previous round's end, its
    fill), the rounds (each a :class:`RoundReplayer`'s, retried where a slip of a whole
    row or round explains where it stopped), then the result. What it found, and the
    match as replayed, are :attr:`state`'s (a :class:`MatchState`, which the round
    starts report into too). ``probing``: a trial replay, whose diagnostics are all it
    needs."""

    __slots__ = ("game", "headers", "starts", "state")

    def __init__(self, match: MatchRecord, *, probing: bool = False) -> None:
        self.state = MatchState(match, probing=probing)
        # (the trial replays are a function of the state, not of this replayer: no cycle to collect)
        self.starts = RoundStarts(self.state, partial(_first_error, self.state))
        #: the match's headers as the replay reads them
        self.headers = MatchHeaders(match, partial(_probe_scores, match))
        #: the match being replayed from its first round (not a restart's, whose score
        #: means nothing): where a running score is checked
        self.game: Match | None = None

    # -- headers

    def header_slips(self, target: int) -> None:
        """The corrections of the header lines' slips (:mod:`.slips.headers`), on their
        warnings, for ``fix``; a misspelt format is written as read where the match
        played to ``target`` agrees with it."""
        before, fmt = self.state.diags, self.headers.format_read
        if fmt is not None:
            text = self.headers.value("Result")
            claim = parse_result(text) if text is not None else None
            fmt = fmt if format_agrees(before, target, claim) else None
        self.state.diags = header_fixes(self.state.match, before, self.headers.misnamed, fmt)
        self.state.fixes.extend(e for d, was in zip(self.state.diags, before, strict=True) if d is not was for e in d.edits)

    # -- rounds

    def run(self) -> MatchReplay:
        state, headers = self.state, self.headers
        target, checks_target = headers.target()
        start, replayable = headers.start()
        state.diags.extend(headers.found)
        found = len(headers.found)
        game = self.game = Match(target=target, start=start)
        if replayable:
            self.play_rounds(game)
        checked = replayable and self.starts.complete
        headers.check_result((game.score[Side.BLACK], game.score[Side.GOLD]), checked=checked, stops=self.stops_at(game))
        self.after_rounds(target, found)
        state.diags.sort(key=lambda d: (d.line, d.column))
        winner = game.winner if checks_target else None
        self.after_the_decision(winner)
        return MatchReplay(
            record=state.original,
            rounds=state.rounds,
            target=target,
            score=dict(game.score),
            winner=winner,
            status=MatchStatus.COMPLETE if winner is not None else MatchStatus.IN_PROGRESS,
            diagnostics=state.diags,
            fixes=state.fixes,
        )

    def after_rounds(self, target: int, found: int) -> None:
        """What the replay says once the rounds are replayed (the match played to
        ``target``): what the headers found since the ``found``-th diagnostic (the
        result), the Sumo rings the lineups mark, the reader's errors of entries the
        replay never came to taken out (:meth:`MatchState.unsettled`), and the header
        lines' slips corrected (:meth:`header_slips`)."""
        state, headers = self.state, self.headers
        state.diags.extend(headers.found[found:])
        if any(d.kind is Kind.RING_MARK for d in state.match.errors):
            state.diags.extend(ring_marks(state.match, state.rounds))
        state.unsettled()
        if state.probing:
            return
        state.fixes.extend(e for d in headers.found[found:] for e in d.edits)
        if self.may_have_header_slips():
            self.header_slips(target)

    def may_have_header_slips(self) -> bool:
        """Whether a header line may hold a slip to correct: a name misspelt, a format
        read from a misspelling, or a reader's error in the match."""
        return bool(self.headers.misnamed or self.headers.format_read or self.state.match.errors)

    def after_the_decision(self, winner: Side | None) -> None:
        """The errors after the round that decided the match (``winner``: ``None`` while
        undecided), in a record read by its evidence, set aside with one warning
        (:func:`.slips.after_end.after_decided`): no correction is made there."""
        state = self.state
        if winner is None or state.probing:
            return
        deciding = _deciding_end(state.rounds)
        if deciding is None:
            return
        number, end = deciding
        kept = after_decided(state.diags, end, number, _written_after(state.match, state.rounds, end))
        if kept is not None:
            state.diags, state.fixes = kept, before(state.fixes, end)

    def play_rounds(self, game: Match, first: int = 0) -> None:
        """Replay the rounds in order from round ``first`` (the first of ``game``); where
        one cannot be finished, go on from the next round whose lineups pin its start
        (:meth:`RoundStarts.unchecked`), with a match of its own (whose score means nothing: ``game``
        keeps the match's). (A round split in two where its ``Round`` line was left out
        adds a round: :attr:`MatchState.match` is then a copy with one round more.)"""
        todo: tuple[Match, int] | None = (game, first)
        while todo is not None:
            game, first = todo
            i = first
            while i < len(self.state.match.rounds):
                rec = self.state.match.rounds[i]
                position = self.starts.round_start(game, i, i - first, rec)
                if position is None or not self.play_round(game, i, rec, position):
                    break
                if self.state.probing and self.state.erred():
                    return
                i += 1
            todo = None if self.state.probing and self.state.erred() else self.starts.resumed()

    def play_round(self, game: Match, i: int, rec: RoundRecord, position: Position) -> bool:
        """Replay round ``i`` from ``position``; ``False`` when it stopped. Where it stops
        at a slip of a whole row or round (:mod:`.slips`) whose correction is certain, the
        round is replayed again with it (:meth:`replay_round`)."""
        state = self.state
        rr = RoundReplay(rec.number, state.written[i][0], rec, self.starts.fill_of(i, rec) if i else None, position.copy())
        state.rounds.append(rr)
        said, fixed = len(state.diags), len(state.fixes)
        if rec.lineups:
            self.starts.check_lineups(i, rr)
        attempt = self.attempt(game, i, position)
        round_state, rr = self.replay_round(attempt, rr, position)
        if round_state.split is not None:  # the round runs on into the next: replayed again as two
            del state.diags[said:], state.fixes[fixed:], state.rounds[-1]
            return self.play_round(game, i, state.split_round(i, round_state.split, self.starts.place(i + 1)), rr.start.copy())
        if round_state.doubt is not None and (other := self.starts.entries_fill(game, i, rec, ends=attempt.ends)) is not None:
            del state.diags[said:], state.fixes[fixed:], state.rounds[-1]  # (replayed again with the fill its entries say)
            state.report(other[1])
            return self.play_round(game, i, rec, other[0])
        state.rounds[-1] = rr
        self.place_plies(rr, i)
        return self.round_ended(game, i, rec, rr, round_state, attempt)

    def round_ended(self, game: Match, i: int, rec: RoundRecord, rr: RoundReplay, round_state: RoundState, attempt: Attempt) -> bool:
        """Round ``i`` (``rec``) as replayed (``rr``, its replay's end ``round_state``) taken into
        ``game``: what it found; where it stopped, the rounds after it not checked from
        its end (``False``); else its result and the score written after it (``True``)."""
        position = game.position = round_state.pos
        if attempt.cut is not None and not rr.stopped and _unended(position):
            rr.stopped = round_state.cut_reached = True  # the round's last rows were lost: not its end
        self.take_findings(round_state, rr, attempt)
        if rr.stopped:
            why = "a syntax error" if round_state.cut_reached else "a rules error"
            self.starts.unchecked(i + 1, f"round {rec.number} could not be replayed past {why}", game)
            return False
        if not (rr.plies and rr.plies[-1].kind is PlyKind.PUSH):  # else the back-entry is due
            rr.result = game.finish_round()
        self.running_score(game, rec, rr)
        return True

    def running_score(self, game: Match, rec: RoundRecord, rr: RoundReplay) -> None:
        """The score written after round ``rec`` (when it is, the round ended and the
        match is the one replayed from its first round) against the score after it: an
        error only where it is false."""
        written = rec.score
        if written is None or rr.result is None or game is not self.game or self.state.probing:
            return
        score = (game.score[Side.BLACK], game.score[Side.GOLD])
        said = parse_result(written.value)
        if said != score:
            self.state.diags.append(_score_said(rec.number, score, written, said == score[::-1], self.state.match.index))

    def attempt(self, game: Match, i: int, position: Position) -> Attempt:
        """How round ``i`` is replayed from ``position`` (:class:`Attempt`): who moves
        first, whether it must end (a round follows: what it must agree with), the syntax
        error it stops at, whether the rings won before are unknown (a restart)."""
        rounds = self.state.match.rounds
        cut = syntax_cut(self.state.match, i) if self.state.match.errors else None
        attempt = Attempt(game.challenger if i else position.to_move, i + 1 < len(rounds), cut)
        attempt.guess = game.target == UNKNOWN_TARGET and not self.state.probing
        attempt.rows = self.state.rows
        if attempt.ends:
            attempt.agrees, attempt.further = next_round_check(rounds[i + 1]), rounds_played(rounds[i + 1 :])
        return attempt

    def take_findings(self, round_state: RoundState, rr: RoundReplay, attempt: Attempt) -> None:
        """What the round's replay found, into the match's: its diagnostics and edits,
        the slips of whole rows it corrected, the turn numbers they moved, the unknown
        words it read past; where it stopped at the reader's error inside it, that error
        is the stop's (:meth:`MatchState.unsettled` keeps it)."""
        round_state.diagnostics.extend(attempt.slips)
        if round_state.inserted or attempt.slips:
            self.state.renumber(rr.record.entries, attempt.places, round_state.inserted, attempt.removed, round_state.diagnostics)
        if round_state.set_aside:  # (the reader's errors of entries the replay set aside: no move)
            self.state.drop_reader_errors(round_state.set_aside, SETTLED)
        if round_state.completed:
            self.state.read_past(round_state.completed, round_state.fixes, round_state.ties)
        self.state.diags.extend(round_state.diagnostics)
        self.state.fixes.extend(round_state.fixes)
        if rr.stopped and round_state.cut_reached and attempt.cut is not None:
            self.state.settled_at.add(attempt.cut)  # (the reader's error the round stopped at is the stop's: it stays)

    def place_plies(self, rr: RoundReplay, i: int) -> None:
        """The plies of ``rr``, round ``i`` of :attr:`MatchState.match`, pointed at their entries in
        the round as written (:attr:`Ply.index`): the later part of a round split in two
        starts inside it."""
        first = self.state.written[i][1]
        if first:
            for ply in rr.plies:
                if ply.index is not None:
                    ply.index += first

    def replay_round(self, attempt: Attempt, rr: RoundReplay, position: Position) -> tuple[RoundState, RoundReplay]:
        """Replay ``rr``'s round from ``position``; where it stops at a slip of a whole
        row or round whose correction is certain, again from its start with the slip
        corrected (each time further on: the slips found are kept in ``attempt``), or up
        to the entry where the likeliest slips start. The last replay's state, and its round."""
        while True:
            round_state = RoundReplayer(
                rr, position, self.state.match.index, attempt.cut, ends=attempt.ends, rings_unknown=attempt.guess, halt=attempt.halt,
                places=attempt.places, trusted=attempt.trusted, rows=attempt.rows,
            ).run(attempt.challenger)
            if round_state.over is not None and not has_error(attempt.slips):  # (a '...' put in, an entry retyped: warnings)
                round_state.split = left_out_round(rr, round_state, self.state.match)
                if round_state.split is not None:
                    return round_state, rr
            if attempt.halt is not None:  # stopped where the slip may start: its candidates named there
                round_state.diagnostics[-1] = round_state.diagnostics[-1].with_clauses(attempt.maybe)
                return round_state, rr
            again = _with_placeholder(round_state, rr, attempt)  # (the '...' left out put in: the slips of rows are looked for as in any round)
            if again is None:
                again = self.row_slip(round_state, rr, attempt)
            if again is None:
                return round_state, rr
            rr, position = again.unplayed(), again.start.copy()  # (each replay from the start: no ply of the one before kept)

    def row_slip(self, round_state: RoundState, rr: RoundReplay, attempt: Attempt) -> RoundReplay | None:
        """Where round ``rr`` stopped (``round_state``), a slip of a whole row or round
        (:func:`.round_slips.row_slip`): the round to replay again, with the slip
        corrected where it is certain (:meth:`Attempt.corrected`, its edits for ``fix``),
        or as it is up to the entry where the likeliest slips start (``attempt`` halts
        there), or as it is where no slip explains anything from a stop whose certain
        one-slot correction was withheld (taken then: :attr:`Attempt.trusted`); ``None``
        where the replay is done: no slip found (the entries after the
        round's end judged, :meth:`after_end`), or one before an entry legal as written,
        where the round stops (:func:`.round_slips.stop_at`)."""
        found = row_slip(round_state, rr, attempt, self.state.match, after=len(attempt.slips))
        if found is None and round_state.withheld is not None:  # no slip explains anything there: its one-slot correction stands
            attempt.trusted |= {round_state.withheld}
            return rr
        if found is None:
            self.after_end(round_state, rr, attempt)
            return None
        slip, hypothesis, halt = found
        if hypothesis is not None:  # certain: its edits are for fix
            self.state.fixes.extend(slip.edits)
            return attempt.corrected(rr, round_state.stop_index, slip, hypothesis)
        if halt is None:  # a row slip before this legal entry
            assert round_state.stop_index is not None
            stop_at(round_state, rr, round_state.stop_index, slip)
            return None
        attempt.halt, attempt.maybe = halt, slip.message
        return rr

    def after_end(self, round_state: RoundState, rr: RoundReplay, attempt: Attempt) -> None:
        """The entries of round ``rr`` after its end (M7, M8): weak evidence (slots left
        unread) and moves of the round said again in squares (a note: ``(g2 naar d5)``)
        set aside; others, when every entry before was legal as written, their
        error gets their removal as its correction (:func:`.slips.after_end.after_end`)."""
        over, said = round_state.over, round_state.diagnostics
        if over is None:
            return
        extra = rr.record.entries[over:]
        if _no_moves(extra, rr, self.state.known()) or _recapped(rr, over):
            self.set_aside_after_end(round_state, rr, over)
            return
        last = said[-1].rule if said else None
        if last == "M7" and _retyped_last(round_state, rr, extra):
            return
        if round_state.doubt is not None or last not in ("M7", "M8"):
            return
        _removal_after_end(round_state, rr, over, attempt)

    def set_aside_after_end(self, round_state: RoundState, rr: RoundReplay, over: int) -> None:
        """The entries of round ``rr`` from its entry ``over`` on, after its end, which
        name no move (:func:`_no_moves`): set aside with one warning, in place of the
        error after the end (:func:`.slips.after_end.set_aside_after_end`); the reader's
        errors of their evidence taken out."""
        said = round_state.diagnostics
        aside = set_aside_after_end(rr.record.entries, over, rr.record.number, self.state.match.index)
        if said and said[-1].rule in ("M7", "M8"):
            said[-1] = aside
        else:  # (the round was over at a syntax error's entry)
            said.append(aside)
            rr.stopped = round_state.cut_reached = False
        round_state.fixes.extend(aside.edits)
        self.state.drop_reader_errors(rr.record.entries[over:], frozenset({Kind.EVIDENCE}))

    def stops_at(self, game: Match) -> str:
        """Where a record that stops before its match is decided stops: its last round
        and ply read (``""`` for a decided match)."""
        if game.is_over or not self.state.rounds:
            return ""
        last = self.state.rounds[-1]
        if not last.plies:
            return f"the record stops at the start of round {last.number} (line {last.record.line})"
        ply = last.plies[-1]
        where = f"after round {last.number}" if last.result is not None else f"in round {last.number}"
        return f"the record stops {where}, at ply {ply.number} (line {ply.entry.line})"




def _removal_after_end(round_state: RoundState, rr: RoundReplay, over: int, attempt: Attempt) -> None:
    """The error after round ``rr``'s end (M7 or M8, the last said), given the removal of
    its entries from ``over`` on as its correction where that is certain
    (:func:`.slips.after_end.after_end`)."""
    said = round_state.diagnostics
    found = after_end(rr.record.entries, over, said[-1], round_state.pos, attempt.agrees)
    if found is not None:
        said[-1] = found
        round_state.fixes.extend(found.edits)


def _deciding_end(rounds: list[RoundReplay]) -> tuple[int, tuple[int, int]] | None:
    """The number of the last round of ``rounds`` that ended (the one that decided the
    match) and where its last entry written ends (:func:`_written_end`); ``None`` where
    none ended, or none of its plies is written."""
    deciding = next((rr for rr in reversed(rounds) if rr.result is not None), None)
    end = _written_end(deciding) if deciding is not None else None
    return None if deciding is None or end is None else (deciding.number, end)


def _written_after(match: MatchRecord, rounds: list[RoundReplay], end: tuple[int, int]) -> int:
    """How many entries of ``match`` are written after ``end`` that are no move the
    replay of its ``rounds`` played said again (:func:`.slips.after_end.entries_after`)."""
    plies = [p for rr in rounds for p in rr.plies if p.index is not None]
    return entries_after([e for rec in match.rounds for e in rec.entries], end, [(p.entry, p.move) for p in plies])


def _written_end(rr: RoundReplay) -> tuple[int, int] | None:
    """Where the last entry written of round ``rr`` ends (line, column); ``None`` where
    none of its plies is written."""
    written = [p.entry for p in rr.plies if p.index is not None]
    return max((e.line, e.column + len(e.text)) for e in written) if written else None


def _retyped_last(round_state: RoundState, rr: RoundReplay, extra: Sequence[Entry]) -> bool:
    """Whether the one entry ``extra`` after round ``rr``'s end is its last move written
    again, corrected, on the next line (:func:`.slips.struck.retyped_last`): then the wrong
    one is set aside as retyped, in place of its correction and of the error after the end."""
    last = rr.plies[-1] if rr.plies else None
    found = None if last is None or last.move is None else retyped_last(round_state.diagnostics, last.entry, last.move, extra)
    if found is None:
        return False
    slot, retyped = found
    round_state.diagnostics[:] = [retyped if d is slot else d for d in round_state.diagnostics[:-1]]
    round_state.fixes[:] = [e for e in round_state.fixes if e not in slot.edits] + list(retyped.edits)
    return True


def _with_placeholder(round_state: RoundState, rr: RoundReplay, attempt: Attempt) -> RoundReplay | None:
    """Round ``rr``, which stopped at a rules error, or erred, or did not end, after its
    ``...`` was found left out (a warning: one entry a line, where nothing shifts), with
    the ``...`` put in before its first entry (the warning kept among the round's
    findings), so that the slips of rows are looked for in it as in any round; ``None``
    for any other round."""
    left_out = _placeholder_left_out(round_state, attempt)
    if left_out is None or not _failed(round_state, attempt):
        return None
    entries = rr.record.entries
    first = entries[0]
    attempt.slips.append(left_out)
    attempt.places = [None, *range(len(entries))]
    dots = Entry(first.line, first.column, text="...", placeholder=True)
    return RoundReplay(rr.number, rr.index, replace(rr.record, entries=[dots, *entries]), rr.fill, rr.start)


def _placeholder_left_out(round_state: RoundState, attempt: Attempt) -> Diagnostic | None:
    """The warning that the round's ``...`` was left out, where it is the one entry its
    replay put in (and no slip of a row was corrected before); else ``None``."""
    left_out = [d for d in round_state.diagnostics if d.kind is Kind.MISSING_PLACEHOLDER and d.severity is WARNING]
    if round_state.inserted != [0] or round_state.shift != 1 or attempt.places is not None or not left_out:
        return None
    return left_out[0]


def _failed(round_state: RoundState, attempt: Attempt) -> bool:
    """Whether a round's replay stopped, reported an error, or did not end where a
    round follows."""
    unended = attempt.ends and _unended(round_state.pos)
    return round_state.stop_index is not None or unended or has_error(round_state.diagnostics)


def _unended(position: Position) -> bool:
    """Whether the round is not over in ``position``: no side has reached the home
    row (M7), and no deadlock (M8)."""
    return position.winner is None and position.deadlock() is None


def _first_error(state: MatchState, start: Position, k: int) -> tuple[int, int] | None:
    """Where the first rules error is when rounds ``k``… of the match as replayed
    (``state``'s) are replayed from ``start`` (a trial, which reports nothing), or ``None``
    (:data:`~.round_starts.FirstError`)."""
    probe = _MatchReplayer(state.match, probing=True)
    probe.play_rounds(Match(target=UNKNOWN_TARGET, start=start), k)
    return min(((d.line, d.column) for d in probe.state.diags if d.severity is ERROR), default=None)


def _probe_scores(match: MatchRecord, n: int) -> list[tuple[int, int]]:
    """The score (Black's, Gold's) after each of the first ``n`` rounds of ``match`` that
    a trial replay with no target finishes (it stops at the first error)."""
    probe = _MatchReplayer(replace(match, rounds=match.rounds[:n]), probing=True)
    start, _ok = probe.headers.start()
    game = Match(target=UNKNOWN_TARGET, start=start)
    score = [game.score[Side.BLACK], game.score[Side.GOLD]]
    probe.play_rounds(game)
    scores = []
    for rr in probe.state.rounds:
        if rr.result is None:
            break
        score[rr.result.winner is Side.GOLD] += rr.result.points
        scores.append((score[0], score[1]))
    return scores


def replay_match(match: MatchRecord) -> MatchReplay:
    """Replay ``match`` and judge it; see the module docstring for the error policy.

    >>> from kamisado_notation.notation import read_record
    >>> judged = replay_match(read_record("samples/standard-match.kmr").matches[0])
    >>> judged.valid, str(judged.status), [r.result.winner.title for r in judged.rounds]
    (True, 'complete', ['Black', 'Gold', 'Gold', 'Black', 'Gold'])
    """
    return _MatchReplayer(match).run()


def _no_moves(extra: Sequence[Entry], rr: RoundReplay, diagnostics: Sequence[Diagnostic]) -> bool:
    """Whether ``extra``, the entries after round ``rr``'s end, name no move: each weak
    evidence (slots left unread), whatever came before, or, on a line of prose, a
    sentence (:func:`~.slips.after_end.a_sentence`) or a move of the round said again in
    squares (where the reader's ``diagnostics`` set text
    aside: a note after it, ``<small>… moet L3 zijn (g2 naar d5)</small>``; no move is
    played twice; a row of the notation that copies an entry is a slip, named as one)."""
    if not extra or _moves_said(extra) > QUOTED:
        return False  # (more moves than a note quotes: a round not told apart)
    prose, played = _prose_lines(diagnostics), _moves_played(rr)
    return all(_names_no_move(e, prose, played) for e in extra)


def _names_no_move(e: Entry, prose: set[int], played: set[tuple[int, int]]) -> bool:
    """Whether ``e``, after a round's end, names no move (:func:`_no_moves`): weak
    evidence, or, on a line of ``prose``, a sentence or a move ``played`` said again."""
    if e.placeholder:
        return False
    return e.unread is not None or (e.line in prose and ((e.origin, e.target) in played or a_sentence(e)))


def _recapped(rr: RoundReplay, over: int) -> bool:
    """Whether the entries of round ``rr`` from ``over`` (the first after its end) on
    say its moves again, every one in order, and nothing more (:func:`.slips.after_end.
    recap_end`): a copy of the round, no move."""
    entries = rr.record.entries
    return recap_end(entries, over, rr.moves_written()) == len(entries) > over


def _prose_lines(diagnostics: Sequence[Diagnostic]) -> set[int]:
    """The lines the reader set aside as text (its ``diagnostics`` of kind ``set-aside``,
    and the lines their edits touch)."""
    return {line for d in diagnostics if d.kind is Kind.SET_ASIDE for line in (d.line, *(e.line for e in d.edits))}


def _moves_played(rr: RoundReplay) -> set[tuple[int, int]]:
    """The moves played in round ``rr`` that go somewhere, by their squares (from, to)."""
    return {(p.move.origin, p.move.target) for p in rr.plies if p.move is not None and p.move.origin != p.move.target}


def _moves_said(entries: Sequence[Entry]) -> int:
    """How many of ``entries`` say a whole move in slots (a direction and a distance),
    whatever slot is left unread (the tower, forced; the colour landed on)."""
    return sum(1 for e in entries if e.direction is not None and e.distance)


def _score_said(number: int, score: tuple[int, int], written: ScoreLine, swapped: bool, match: int) -> Diagnostic:
    """What a running score ``written`` after round ``number`` that is not the
    replay's ``score`` says: an error, or a warning where it is that score with Gold's
    points first (``swapped``: a writer's own side, or the leader's, as often as Black's)."""
    said = f"written {written.value} with Gold's points first" if swapped else f"not {written.value}"
    message = f"the score after round {number} is {score[0]}-{score[1]} (Black-Gold), {said}"
    return Diagnostic("result", message, written.line, written.column, WARNING if swapped else ERROR, number, None, match, (), Kind.RUNNING_SCORE)
