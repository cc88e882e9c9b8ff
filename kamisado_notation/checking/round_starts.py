"""Where each round of a match starts, as the match's replay finds it
(:class:`RoundStarts`, what the replay of a match keeps between its rounds): after the
round before, from its fill (written, inferred or corrected; the lineups checked
against it), where a round cannot follow the one before, from its ``Lineup`` lines
(:func:`lineup_start`) with the rings the later rounds need, and where another match was
pasted in without headers. The replay of the rounds themselves is
:func:`~.replay.replay_match`'s; what both report into is
:class:`~.match_state.MatchState`."""

from __future__ import annotations

from collections.abc import Callable

from ..diagnostics import ERROR, WARNING, Diagnostic, Edit, Kind, RewriteLine, compose, read_by_evidence
from ..engine.board import Colour, Side
from ..engine.match import HOME_SQUARES, Fill, Match, RoundEnd, RoundResult, fill, place_ring
from ..engine.position import Position, Tower
from ..notation.record import Pasted, RoundRecord
from .match_headers import pasted_warning
from .match_state import MatchState
from .replayed import RoundReplay
from .slips.lineups import check_lineups, entries_fill, fill_said, fill_slip, likely_fill, missing_fill

__all__ = ["UNKNOWN_TARGET", "FirstError", "RoundStarts", "lineup_start"]

#: The target of the match a restart plays (:meth:`RoundStarts.unchecked`): the
#: score from the unfinished round on is unknown, so it never decides the match.
UNKNOWN_TARGET = 10**9

#: Where the first rules error is when the rounds from the ``k``-th on are replayed from
#: a start (a trial, which reports nothing), or ``None``.
FirstError = Callable[[Position, int], tuple[int, int] | None]


class RoundStarts:
    """Where each round of the match being replayed (``state``) starts, and what that
    takes between its rounds: the fills the replay took, the ends the rounds were filled
    from, the lineups checked, where the replay goes on after a round it could not
    finish. ``first_error``: a trial replay of the later rounds (:data:`FirstError`),
    which tells where a ring the replay could not see went."""

    __slots__ = ("complete", "ends", "fills", "first_error", "first_round", "lineups_checked", "restart", "state")

    def __init__(self, state: MatchState, first_error: FirstError) -> None:
        self.state = state
        self.first_error = first_error
        #: where the replay goes on after a round it could not finish: a round whose
        #: lineups pin its start, and the match from there (:meth:`unchecked`)
        self.restart: tuple[Match, int] | None = None
        self.complete = True  # every round was started from the end of the one before
        #: the first round of the match being replayed: another one pasted without
        #: headers after a decided match starts there (:meth:`pasted`)
        self.first_round = 0
        #: the fills the replay took where a round's line names none or the wrong one
        self.fills: dict[int, Fill] = {}
        #: round → the end of the round before it, which its fill filled
        self.ends: dict[int, Position] = {}
        #: round → its lineups' diagnostics, where :meth:`round_start` checked them
        self.lineups_checked: dict[int, list[Diagnostic]] = {}

    def place(self, i: int) -> int:
        """Round ``i``'s place in the match it is a round of (its number, written right)."""
        return i + 1 - self.first_round

    def fill_of(self, i: int, rec: RoundRecord) -> Fill | None:
        """The fill round ``i`` (``rec``) was filled with: the one the replay took where
        its line names none or the wrong one, else its line's."""
        return self.fills.get(i, rec.fill)

    def resumed(self) -> tuple[Match, int] | None:
        """Where the replay goes on after a round it could not finish (:attr:`restart`),
        taken: the match from there, and the round."""
        restart, self.restart = self.restart, None
        return restart

    def unchecked(self, j: int, why: str, game: Match) -> None:
        """Say once that rounds ``j``… are not checked from the end of the round before
        (which the replay did not reach); the first of them whose lineups pin its start
        is checked from there on (:attr:`restart`), the score not."""
        self.complete = False
        rounds = self.state.match.rounds
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
            self.restart = (Match(target=UNKNOWN_TARGET, start=start), k)
            said = compose(_restart_wording(rounds, j, k), ring)
        self.state.diag("match", f"{why}, so {said}", (nxt.line, nxt.column), WARNING, nxt.number)

    def unseen_ring(self, start: Position, j: int, k: int) -> tuple[Position, str]:
        """``start`` (round ``k``'s, from its lineups) with the ring won in round ``j - 1``,
        which the replay could not finish, where the rounds after it show it went, and
        the words that say so. The ring went on a tower of that round's winner (the side
        not moving first in round ``j``); a Sumo's push of a tower that lacked it would
        be reported as an error that is none. So the later rounds are replayed with the
        ring on each of the winner's towers in turn: when exactly one placement replays
        them further before its first error than without it, that is where it went.
        Only for one such ring (``k == j``: no round skipped); else ``start`` as it is."""
        if self.state.probing or k != j:
            return start, ""
        base = self.first_error(start, k)
        if base is None:
            return start, ""
        winner = start.to_move.other
        found = self.ring_placements(start, winner, k, base)
        if len(found) != 1:
            return start, ""
        _reached, colour, trial = found[0]
        return trial, (
            f"the ring won in round {self.state.match.rounds[j - 1].number} is taken to be on {winner.title}'s "
            f"{colour.name.lower()} tower, the one the later rounds need"
        )

    def ring_placements(self, start: Position, winner: Side, k: int, base: tuple[int, int]) -> list[tuple[tuple[int, int], Colour, Position]]:
        """``start`` with a ring more on each of ``winner``'s towers in turn (none on a
        Triple Sumo): those whose replay of rounds ``k``… reaches furthest before its first
        error, and further than ``base`` (where the replay from ``start`` errs): where
        their first error is, the tower's colour, and the start."""
        better: list[tuple[tuple[int, int], Colour, Position]] = []
        for colour in Colour:
            trial = _ringed(start, winner, colour)
            if trial is None:
                continue
            reached = self.first_error(trial, k)
            if reached is None or reached > base:
                better.append((reached or (1 << 62, 0), colour, trial))
        best = max((b[0] for b in better), default=None)
        return [b for b in better if b[0] == best]

    # -- where a round starts

    def round_start(self, game: Match, i: int, rel: int, rec: RoundRecord) -> Position | None:
        """Round ``i``'s start (the ``rel``-th round of ``game``), or ``None`` (reported)
        when it cannot start."""
        if rel and game.is_over:
            self.after_decided(game, i, rec)
            return None
        place = self.place(i)
        if rec.number != place:
            self.misnumbered(rec, place)
        if rel == 0:
            return game.position
        return self.after_round(game, i, rel, rec)

    def after_decided(self, game: Match, i: int, rec: RoundRecord) -> None:
        """Round ``i``, after ``game`` was decided: another match pasted without headers
        where it is a ``Round 1`` (:meth:`pasted`), else a round never played."""
        if rec.number == 1:
            self.pasted(game, i, rec)
            return
        decided = f"the match was decided in round {len(game.results)} ({game.score[Side.BLACK]}-{game.score[Side.GOLD]}, target {game.target})"
        self.round_error("match", f"{decided}: round {rec.number} is never played", rec)

    def after_round(self, game: Match, i: int, rel: int, rec: RoundRecord) -> Position | None:
        """Round ``i`` (the ``rel``-th of ``game``, not its first): its start from the end
        of the round before, filled as its line says (or as the replay tells, where it
        does not say or says it wrong), or ``None`` (reported)."""
        if len(game.results) != rel:
            self.not_over(game, i, rec)
            return None
        how = rec.fill if rec.fill is not None else self.unread_fill(game, rec, i)
        if how is None:
            return None
        end = self.ends[i] = game.position
        start = game.next_round(how)
        if rec.fill is not None and rec.lineups:
            return self.lineups_hold(game, end, start, i, rec)
        return start

    def not_over(self, game: Match, i: int, rec: RoundRecord) -> None:
        """Round ``i`` (``rec``) after a round that did not end: an error, and the rounds
        from it not checked from the end of the one before (its own lineups may pin its
        start: the replay goes on from this round)."""
        message = (
            f"round {i} is not over after its last entry (no tower reached the home row "
            f"and no deadlock), so round {rec.number} cannot start where it ended"
        )
        self.round_error("M7", message, rec)
        self.unchecked(i, f"round {self.state.match.rounds[i - 1].number} is not over", game)

    def round_error(self, rule: str, message: str, rec: RoundRecord) -> None:
        """An error of round ``rec``, at its ``Round`` line."""
        self.state.diag(rule, message, (rec.line, rec.column), rnd=rec.number)

    def lineups_hold(self, game: Match, end: Position, start: Position, i: int, rec: RoundRecord) -> Position:
        """Round ``i``'s ``start`` under the fill its line writes, its lineups checked
        against it; where they are the other fill's (:meth:`written_fill`), the start
        under that one."""
        assert rec.fill is not None
        checked = self.lineups_checked[i] = check_lineups(rec, rec.fill, start, self.state.match.index)
        if checked and (other := self.written_fill(game, end, rec, i)) is not None:
            del self.lineups_checked[i]  # (checked again under the other fill)
            return other
        return start

    def misnumbered(self, rec: RoundRecord, number: int) -> None:
        """Round ``rec`` numbered otherwise than its place, ``number``: an error, and
        the line renumbered by ``fix`` (when it was read: its fill is known)."""
        edits: tuple[Edit, ...] = ()
        if not rec.unread:
            new = f"Round {number}" + (f" fill {rec.fill.value}" if rec.fill is not None else "")
            edits = (RewriteLine(rec.line, "round", f"Round {rec.number}", new, f"this is round {number}"),)
        self.state.report(
            Diagnostic(
                "syntax", f"this is round {number}, not round {rec.number}", rec.line, rec.column, ERROR, rec.number, None,
                self.state.match.index, (), Kind.ROUND_NUMBER, edits,
            )
        )

    def written_fill(self, game: Match, end: Position, rec: RoundRecord, i: int) -> Position | None:
        """Round ``i``, whose lineups fail under the fill its line names (from ``end``,
        the round before's end): its start under the other fill, where the round's
        lineups and first entries say the word is a slip (:func:`.slips.lineups.fill_slip`,
        reported); else ``None``."""
        slip = fill_slip(end, game.challenger, rec, self.state.match.index)
        if slip is None:
            return None
        how, error = slip
        self.state.report(error)
        self.fills[i] = how
        game.position = fill(end, how, challenger=game.challenger)
        return game.position

    def entries_fill(self, game: Match, i: int, rec: RoundRecord, *, ends: bool) -> tuple[Position, Diagnostic] | None:
        """Round ``i``, with no lineups, some entry of which is no legal move as written
        under the fill its line names: its start under the other fill and the error,
        where every entry replays as written so (:func:`.slips.lineups.entries_fill`;
        ``ends``: a round follows); else ``None``."""
        end = self.ends.get(i)
        if end is None or i in self.fills or self.state.probing:
            return None
        found = entries_fill(end, game.challenger, rec, self.state.match.index, ends=ends)
        if found is None:
            return None
        how, error = found
        self.fills[i] = how
        game.position = fill(end, how, challenger=game.challenger)
        return game.position, error

    def check_lineups(self, i: int, rr: RoundReplay) -> None:
        """Round ``i``'s ``Lineup`` lines against its start (checked already where
        :meth:`round_start` needed them)."""
        checked = self.lineups_checked.pop(i, None)
        for d in checked if checked is not None else check_lineups(rr.record, rr.fill, rr.start, self.state.match.index):
            self.state.report(d)

    def pasted(self, game: Match, i: int, rec: RoundRecord) -> None:
        """A ``Round 1`` after the match was decided: another match pasted without
        headers, replayed from round ``i`` on as a match of its own (from the initial
        position, to the same target), with a warning. The score and ``Result`` stay
        the first match's."""
        self.restart = (Match(target=game.target), i)
        self.first_round = i
        self.state.diags.append(pasted_warning(Pasted(game.target, len(game.results), (game.score[Side.BLACK], game.score[Side.GOLD])), rec, self.state.match.index))

    def unread_fill(self, game: Match, rec: RoundRecord, i: int) -> Fill | None:
        """The fill of round ``i``, whose line does not say it: the one its lineups or its
        first entries agree with when its line could not be read; else ``None``, reported."""
        if rec.unread:
            how = likely_fill(game, rec)
            if how is not None:
                return how
            self.unchecked(i, f"the fill of round {rec.number} is unknown (its line could not be read)", game)
            return None
        inferred = missing_fill(game, rec) or _said_in_prose(rec)
        if inferred is None:
            self.round_error("F1", _no_fill_word(game, rec, i), rec)
            self.unchecked(i + 1, f"round {rec.number} has no fill", game)
            return None
        how, words, edit = inferred  # (the round's lineups and first entries say which)
        self.fill_word(game, rec, i, how, words, edit)
        return how

    def fill_word(self, game: Match, rec: RoundRecord, i: int, how: Fill, words: str, edit: RewriteLine) -> None:
        """Round ``i``, whose line names no fill, filled ``how`` as its lineups and first
        entries say (``words``): an error, a warning where the round's heading is in
        another shape (``Game 2``: the fill is the replay's to tell), where the match is
        read by its evidence (not written in the notation: an app's ``<round
        number="2">``), or where it says its fill in prose; ``edit`` writes the word."""
        message = _no_fill_word(game, rec, i)
        errors = self.state.match.errors
        shaped = read_by_evidence(errors) or any(d.kind is Kind.ROUND_LINE and d.line == rec.line for d in errors)
        prose = _fill_in_prose(rec, how)
        if prose is not None:  # (said in words before the round's first entry, as the moves have it)
            message = f"round {rec.number} says its fill in prose ({prose!r}), not on its Round line"
        self.state.report(
            Diagnostic(
                "F1", compose(message, words), rec.line, rec.column, WARNING if shaped or prose else ERROR, rec.number, None,
                self.state.match.index, (edit.new,), Kind.FILL_WORD, (edit,),
            )
        )
        self.fills[i] = how


def _ringed(start: Position, winner: Side, colour: Colour) -> Position | None:
    """``start`` with a ring more on ``winner``'s ``colour`` tower; ``None`` where that
    tower is a Triple Sumo (it takes no fourth ring)."""
    trial = start.copy()
    place_ring(trial, RoundResult(winner, RoundEnd.HOME_ROW, colour, 0))
    return None if trial.rings(winner, colour) == start.rings(winner, colour) else trial


def lineup_start(rec: RoundRecord, rings_from: Position) -> Position | None:
    """Round ``rec``'s start as its lineups pin it: both sides' ``Lineup`` lines, each
    naming the eight colours once; the Sumo rings as on ``rings_from`` (those won in the
    rounds the replay finished), or as its lineups mark them (``Purple+``); the Challenger
    Gold when the round starts with ``...``.
    ``None`` when the lineups do not pin it."""
    rows = _lineup_rows(rec)
    if rows is None:
        return None
    marks = {lu.side: lu.rings for lu in rec.lineups if lu.rings is not None}
    towers = {sq: tower for side, colours in rows.items() for sq, tower in _home_towers(side, colours, marks.get(side), rings_from)}
    gold_first = bool(rec.entries) and rec.entries[0].placeholder
    return Position(towers, to_move=Side.GOLD if gold_first else Side.BLACK)


def _home_towers(side: Side, colours: list[Colour], marked: list[int] | None, rings_from: Position) -> list[tuple[int, Tower]]:
    """``side``'s towers on its home row, in the order of ``colours``, each with the
    Sumo rings its lineup ``marked`` (``None``: as on ``rings_from``)."""
    return [
        (sq, Tower(side, colour, marked[k] if marked is not None else _rings(rings_from, side, colour)))
        for k, (sq, colour) in enumerate(zip(HOME_SQUARES[side], colours, strict=True))
    ]


def _lineup_rows(rec: RoundRecord) -> dict[Side, list[Colour]] | None:
    """Each side's home row as round ``rec``'s ``Lineup`` lines write it: both sides',
    each naming the eight colours once (a side's lines agreeing); else ``None``."""
    rows: dict[Side, list[Colour]] = {}
    for lu in rec.lineups:
        if rows.setdefault(lu.side, lu.colours) != lu.colours or len(set(lu.colours)) != 8:
            return None
    return rows if len(rows) == 2 else None


def _rings(position: Position, side: Side, colour: Colour) -> int:
    """The Sumo rings ``side``'s ``colour`` tower holds on ``position`` (0 where it is off the board)."""
    was = position.where[side][colour]
    t = position.board[was] if was >= 0 else None
    return t.rings if t is not None else 0


def _restart_wording(rounds: list[RoundRecord], j: int, k: int) -> str:
    """What :meth:`RoundStarts.unchecked` says when round ``k``'s lineups restart the
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


def _no_fill_word(game: Match, rec: RoundRecord, i: int) -> str:
    """What is wrong with round ``rec`` (round ``i`` of ``game``), whose line names no fill."""
    winner = game.results[-1].winner
    return f"round {rec.number} must say 'fill left' or 'fill right' ({winner.title}, who won round {i}, chooses)"


def _said_in_prose(rec: RoundRecord) -> tuple[Fill, str, RewriteLine] | None:
    """Round ``rec``'s fill where its lineups and first entries fit either fill alike
    and the text before its first entry names one (:func:`_fill_in_prose`: ``refill:
    left``): that fill, the words to add to the warning, and the edit."""
    said = [how for how in (Fill.LEFT, Fill.RIGHT) if _fill_in_prose(rec, how) is not None]
    if len(said) != 1:
        return None
    return fill_said(rec, said[0], f"its first moves fit either fill, and the text says {said[0].value}")


def _fill_in_prose(rec: RoundRecord, how: Fill) -> str | None:
    """The text set aside in round ``rec`` before its first entry (its heading's line on)
    that names fill ``how`` and no other (:func:`~..notation.kmr.line_shapes.fill_named`:
    ``Ada picked right. Remi to start.``), if any: the fill said in prose."""
    from ..notation.kmr.line_shapes import fill_named  # (only for a round whose line names no fill)

    first = rec.entries[0].line if rec.entries else None
    for c in rec.comments:
        if c.line >= rec.line and (first is None or c.line < first) and fill_named(c.text) is how:
            return c.text.strip()
    return None
