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

from dataclasses import replace
from functools import partial

from ..diagnostics import (
    ERROR,
    WARNING,
    Diagnostic,
    Edit,
    InsertLine,
    Kind,
    RewriteLine,
    Severity,
)
from ..engine.board import Colour, Side
from ..engine.match import (
    HOME_SQUARES,
    Fill,
    Match,
    RoundEnd,
    RoundResult,
    fill,
    place_ring,
)
from ..engine.position import Position, Tower
from ..notation.kmr.headers import DASHES
from ..notation.record import Entry, MatchRecord, Pasted, RoundRecord
from .match_headers import MatchHeaders, pasted_warning
from .replayed import MatchReplay, MatchStatus, Ply, PlyKind, RoundReplay
from .round_replay import Attempt, LeftOut, RoundReplayer, syntax_cut
from .round_slips import left_out_round, row_slip, stop_at
from .slips.headers import format_agrees, header_fixes
from .slips.lineups import (
    check_lineups,
    fill_slip,
    likely_fill,
    missing_fill,
    next_round_check,
    rounds_played,
)
from .slips.spelling import completed_word
from .slips.turn_numbers import renumbered
from .styled_entries import SETTLED, ring_marks, settled
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
    "replay",
]



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
        # (a function of the record, not of this replayer: no cycle through the headers)
        self.headers = MatchHeaders(match, partial(_probe_scores, match))
        #: the match being replayed from its first round (not a restart's, whose score
        #: means nothing): where a running score is checked
        self.game: Match | None = None

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

    # -- rounds

    def run(self) -> MatchReplay:
        target, checks_target = self.headers.target()
        start, replayable = self.headers.start()
        self.diags.extend(self.headers.found)
        found = len(self.headers.found)
        game = self.game = Match(target=target, start=start)
        self.complete = replayable
        if replayable:
            self.play_rounds(game)
        self.headers.check_result((game.score[Side.BLACK], game.score[Side.GOLD]), checked=self.complete, stops=self.stops_at(game))
        self.diags.extend(self.headers.found[found:])
        if self.match.errors and any(d.kind is Kind.RING_MARK for d in self.match.errors):
            self.diags.extend(ring_marks(self.match, self.rounds))
        if not self.probing:
            self.fixes.extend(e for d in self.headers.found[found:] for e in d.edits)
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
                f"and no deadlock), so round {rec.number} cannot start where it ended",
                at,
                rnd=rec.number,
            )
            # (its own lineups may pin its start: the replay goes on from this round)
            self.unchecked(i, f"round {self.match.rounds[i - 1].number} is not over", game)
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
        lineups and first entries say the word is a slip (:func:`.slips.lineups.fill_slip`,
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
            self.check_lineups(i, rr)
        attempt = self.attempt(game, i, position)
        cut = attempt.cut
        runner, rr = self.replay_round(attempt, rr, position)
        if runner.split is not None:  # the round runs on into the next: replayed again as two
            del self.diags[said:], self.fixes[fixed:], self.rounds[-1]
            return self.play_round(game, i, self.split_round(i, runner.split), rr.start.copy())
        self.rounds[-1] = rr
        self.place_plies(rr, i)
        position = game.position = runner.pos
        if cut is not None and not rr.stopped and position.winner is None and position.deadlock() is None:
            rr.stopped = runner.cut_reached = True  # the round's last rows were lost: not its end
        self.take_findings(runner, rr, attempt)
        if rr.stopped:
            why = "a syntax error" if runner.cut_reached else "a rules error"
            self.unchecked(i + 1, f"round {rec.number} could not be replayed past {why}", game)
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
        if written is None or rr.result is None or game is not self.game or self.probing:
            return
        score = (game.score[Side.BLACK], game.score[Side.GOLD])
        if parse_result(written.value) != score:
            self.diags.append(
                Diagnostic(
                    "result", f"the score after round {rec.number} is {score[0]}-{score[1]} (Black-Gold), not {written.value}",
                    written.line, written.column, ERROR, rec.number, None, self.match.index, (), Kind.RUNNING_SCORE,
                )
            )  # fmt: skip

    def check_lineups(self, i: int, rr: RoundReplay) -> None:
        """Round ``i``'s ``Lineup`` lines against its start (checked already where
        :meth:`round_start` needed them)."""
        checked = self.lineups_checked.pop(i, None)
        for d in checked if checked is not None else check_lineups(rr.record, rr.fill, rr.start, self.match.index):
            self.diags.append(d)
            self.fixes.extend(d.edits)

    def attempt(self, game: Match, i: int, position: Position) -> Attempt:
        """How round ``i`` is replayed from ``position`` (:class:`Attempt`): who moves
        first, whether it must end (a round follows: what it must agree with), the syntax
        error it stops at, whether the rings won before are unknown (a restart)."""
        rounds = self.match.rounds
        cut = syntax_cut(self.match, i) if self.match.errors else None
        attempt = Attempt(game.challenger if i else position.to_move, i + 1 < len(rounds), cut)
        attempt.guess = game.target == _UNKNOWN_TARGET and not self.probing
        if attempt.ends:
            attempt.agrees, attempt.further = next_round_check(rounds[i + 1]), rounds_played(rounds[i + 1 :])
        return attempt

    def take_findings(self, runner: RoundReplayer, rr: RoundReplay, attempt: Attempt) -> None:
        """What the round's replay found, into the match's: its diagnostics and edits,
        the slips of whole rows it corrected, the turn numbers they moved, the unknown
        words it read past."""
        if runner.inserted or attempt.slips:
            self.renumber(rr.record.entries, attempt.places, runner.inserted, attempt.removed)
        runner.diagnostics.extend(attempt.slips)
        if runner.completed:
            self.read_past(runner.completed, runner.fixes)
        self.diags.extend(runner.diagnostics)
        self.fixes.extend(runner.fixes)

    def place_plies(self, rr: RoundReplay, i: int) -> None:
        """The plies of ``rr``, round ``i`` of :attr:`match`, pointed at their entries in
        the round as written (:attr:`Ply.index`): the later part of a round split in two
        starts inside it."""
        first = self.written[i][1]
        if first:
            for ply in rr.plies:
                if ply.index is not None:
                    ply.index += first

    def read_past(self, completed: list[tuple[Entry, tuple[str, ...], Edit | None]], fixes: list[Edit]) -> None:
        """The reader's error of each unknown word read past (its :attr:`Diagnostic.kind`
        says so), with the entries its other slots allow: the correction when certain (its
        edit too), else the candidates. An entry in another style with slots left out
        (:mod:`.styled_entries`) is a warning when its move is certain (its edit, in
        ``fixes``, says why), else an error."""
        styled = {(d.line, d.column): i for i, d in enumerate(self.diags) if d.kind in SETTLED}  # (at their entries)
        where = {id(e): k for k, e in enumerate(fixes)} if styled else {}
        for entry, suggestions, certain in completed:
            i = styled.get((entry.line, entry.column))
            if i is not None:
                self.diags[i], edit = settled(self.diags[i], suggestions, certain)
                if certain is not None and edit is not None:
                    fixes[where[id(certain)]] = edit
                continue
            for i, d in enumerate(self.diags):
                if d.kind is Kind.UNKNOWN_WORD and entry.covers(d.line, d.column):
                    self.diags[i] = completed_word(d, suggestions, certain)
                    break

    def renumber(self, entries: list[Entry], places: list[int | None] | None, inserted: list[int], removed: list[Entry]) -> None:
        """The turn numbers of a round once its certain corrections are made
        (:func:`.slips.turn_numbers.renumbered`): the reader's warnings they explain are
        dropped, so that one slip is one diagnostic, not one more a row; a number they
        leave wrong is renumbered (an edit for ``fix``)."""
        explained, edits = renumbered(entries, places, inserted, removed)
        self.fixes.extend(edits)
        self.diags = [d for d in self.diags if not (d.kind is Kind.TURN_NUMBER and (d.line, d.column) in explained)]

    def replay_round(self, attempt: Attempt, rr: RoundReplay, position: Position) -> tuple[RoundReplayer, RoundReplay]:
        """Replay ``rr``'s round from ``position``; where it stops at a slip of a whole
        row or round whose correction is certain, again from its start with the slip
        corrected (each time further on: the slips found are kept in ``attempt``), or up
        to the entry where the likeliest slips start. The last replayer, and its round."""
        while True:
            runner = RoundReplayer(
                rr, position, self.match.index, attempt.cut, ends=attempt.ends, rings_unknown=attempt.guess, halt=attempt.halt,
                places=attempt.places,
            )
            runner.run(attempt.challenger)
            if runner.over is not None and not attempt.slips:
                runner.split = left_out_round(rr, runner, self.match)
                if runner.split is not None:
                    return runner, rr
            if attempt.halt is not None:  # stopped where the slip may start: its candidates named there
                last = runner.diagnostics[-1]
                runner.diagnostics[-1] = replace(last, message=last.message + attempt.maybe)
                return runner, rr
            found = row_slip(runner, rr, attempt, self.match, after=len(attempt.slips))
            if found is None:
                return runner, rr
            slip, hypothesis, halt = found
            if hypothesis is not None:  # certain: its edits are for fix
                self.fixes.extend(slip.edits)
            if hypothesis is None and halt is None:  # a row slip before this legal entry
                assert runner.stop_index is not None
                stop_at(runner, rr, runner.stop_index, slip)
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

    def split_round(self, i: int, left: LeftOut) -> RoundRecord:
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




#: The target of the match a restart plays (:meth:`_MatchReplayer.unchecked`): the
#: score from the unfinished round on is unknown, so it never decides the match.
_UNKNOWN_TARGET = 10**9


def _probe_scores(match: MatchRecord, n: int) -> list[tuple[int, int]]:
    """The score (Black's, Gold's) after each of the first ``n`` rounds of ``match`` that
    a trial replay with no target finishes (it stops at the first error)."""
    probe = _MatchReplayer(replace(match, rounds=match.rounds[:n]), probing=True)
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

