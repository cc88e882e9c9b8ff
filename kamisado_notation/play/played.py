"""What a :class:`~.recorder.Recorder` holds: the match as played, its rounds as they are
written, and the caller's actions that made them, in order.

The state is nothing but these actions replayed from the match's start, so that undoing
one is replaying the others. Each action is checked by the recorder before it comes
here; this module plays it and writes what the rules force after it: the forfeit of a
blocked tower (M6), the pushed player's back-entry (S3), the end of a round (M7, M8).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..checking.correct import back_move
from ..checking.replayed import MatchReplay, PlyKind, RoundReplay
from ..engine.board import Colour, Side
from ..engine.match import Fill, Match, RoundResult, lineup
from ..engine.position import Move, Position
from ..notation.record import Comment, MatchRecord, RoundRecord

__all__ = ["Deadlock", "Filled", "Note", "Play", "Played", "PlayedRound", "Terminate"]


class PlayedRound:
    """One round as played: its fill and lineups, and each entry with its move."""

    def __init__(self, number: int, how: Fill | None) -> None:
        self.number, self.fill = number, how
        self.lineups: list[tuple[Side, list[Colour]]] = []
        #: the entries' moves in turn order (``None``: the ``...`` placeholder)
        self.moves: list[Move | None] = []
        #: comments after each entry, by its index in :attr:`moves`
        self.comments: dict[int, list[Comment]] = {}
        #: the comments of the round's own lines (kept from a record resumed)
        self.notes: list[Comment] = []
        self.deadlock_written = False


# What the caller did, in order.


@dataclass(frozen=True)
class Play:
    """A legal move (checked by the recorder), with the comments after its entry."""

    move: Move
    comments: tuple[Comment, ...]


@dataclass(frozen=True)
class Filled:
    """The Defender's fill between rounds (F1); ``lineups``: both players' ``Lineup``
    lines written."""

    how: Fill
    lineups: bool


@dataclass(frozen=True)
class Note:
    """A comment after the entry ``entry`` of the round ``round`` (indexes from 0)."""

    round: int
    entry: int
    comment: Comment


@dataclass(frozen=True)
class Deadlock:
    """The forced forfeits into the deadlock that ended the round, written (M8)."""


@dataclass(frozen=True)
class Terminate:
    """The match ended now, lost by ``loser`` for ``reason``."""

    loser: Side
    reason: str


Action = Play | Filled | Note | Deadlock | Terminate


class Played:
    """A match as played from ``start`` (or the initial position) to ``target`` points:
    the :class:`Match`, its rounds as written, a termination, and the actions that made
    them."""

    def __init__(self, target: int, start: Position | None) -> None:
        self.target, self.start = target, start
        self.actions: list[Action] = []
        self._restart()

    def _restart(self) -> None:
        """The match as it was before any action."""
        start = self.start
        self.match = Match(target=self.target, start=start.copy() if start is not None else None)
        self.rounds = [PlayedRound(1, None)]
        self.termination: tuple[Side, str] | None = None
        self._begin_round()

    def act(self, action: Action) -> None:
        """Do ``action`` and remember it."""
        self._apply(action)
        self.actions.append(action)

    def undo(self) -> Action | None:
        """Take back the last action (the others replayed from the start), or ``None``
        when there is none."""
        if not self.actions:
            return None
        undone = self.actions.pop()
        actions, self.actions = self.actions, []
        self._restart()
        for action in actions:
            self.act(action)
        return undone

    def resume(self, match: MatchRecord, judged: MatchReplay) -> None:
        """Play again the rounds of a record's ``match`` (``judged``: its replay), its
        comments and its termination kept."""
        for rnd in judged.rounds:
            self._resume_round(match.rounds[rnd.index], rnd)
        termination = match.header("Termination")
        loser = next((side for side in Side if termination and termination.startswith(f"{side.title} loses: ")), None)
        if termination is not None and loser is not None:
            self.act(Terminate(loser, termination.split(": ", 1)[1]))

    def _resume_round(self, written: RoundRecord, rnd: RoundReplay) -> None:
        """Play again the round ``rnd`` of a record (``written`` as written)."""
        if rnd.number > 1:
            self.act(Filled(rnd.fill or Fill.LEFT, bool(written.lineups)))
        index = len(self.rounds) - 1
        self.rounds[-1].notes = list(written.comments)
        k = len(self.rounds[-1].moves)  # past the ``...``
        for ply in rnd.plies:
            comments = tuple(ply.entry.comments)
            if ply.kind in (PlyKind.MOVE, PlyKind.PUSH):
                self.act(Play(ply.move, comments))
            else:
                self._resume_forced(index, k, comments)
            k += 1

    def _resume_forced(self, index: int, k: int, comments: tuple[Comment, ...]) -> None:
        """A ply the recorder writes by itself (a forfeit, a back-entry), entry ``k`` of
        round ``index``: the deadlock written where the round's forfeits end it, and the
        entry's ``comments`` kept."""
        if k >= len(self.rounds[-1].moves) and self.round_over:
            self.act(Deadlock())  # the forfeits into the deadlock are written
        for c in comments:
            self.act(Note(index, k, c))

    def _apply(self, action: Action) -> None:
        if isinstance(action, Play):
            self._play(action)
        elif isinstance(action, Filled):
            self._fill(action)
        elif isinstance(action, Note):
            self.rounds[action.round].comments.setdefault(action.entry, []).append(action.comment)
        elif isinstance(action, Deadlock):
            self._write_deadlock()
        else:
            self.termination = (action.loser, action.reason)

    def _play(self, action: Play) -> None:
        position = self.match.position
        rnd = self.rounds[-1]
        if action.comments:
            rnd.comments[len(rnd.moves)] = list(action.comments)
        rnd.moves.append(action.move)
        position.apply(action.move)  # (checked by the recorder)
        if action.move.push:
            rnd.moves.append(back_move(action.move, position))
        self._settle()

    def _fill(self, action: Filled) -> None:
        previous = self.match.position
        nxt = PlayedRound(self.match.round_number + 1, action.how)
        if action.lineups:
            nxt.lineups = [(side, [t.colour for t in lineup(previous, side, action.how)]) for side in Side]
        self.match.next_round(action.how)
        self.rounds.append(nxt)
        self._begin_round()

    def _write_deadlock(self) -> None:
        rnd = self.rounds[-1]
        position = self.match.position
        seen: set[tuple[Side, Colour | None]] = set()
        while (position.to_move, position.tower) not in seen:
            seen.add((position.to_move, position.tower))
            rnd.moves.append(position.play_forfeit())
        rnd.deadlock_written = True

    def _begin_round(self) -> None:
        if self.match.position.to_move is Side.GOLD:
            self.rounds[-1].moves.append(None)  # Gold is the Challenger: Black's ``...``
        self._settle()

    def _settle(self) -> None:
        """Play and write the forced forfeits (M6) up to a move with a choice, the end of
        the round (M7) or a deadlock (M8); score a round that ended."""
        position = self.match.position
        moves = self.rounds[-1].moves
        while position.winner is None and not position.has_moves():
            if position.deadlock() is not None:
                break
            moves.append(position.play_forfeit())
        self.match.finish_round()

    # ------------------------------------------------------------------ the state read

    @property
    def round_over(self) -> bool:
        """The current round has ended (M7, M8)."""
        return len(self.match.results) == self.match.round_number

    @property
    def round_result(self) -> RoundResult | None:
        return self.match.results[-1] if self.round_over else None

    @property
    def over(self) -> bool:
        """A score reached the target, or a termination ended the match."""
        return self.termination is not None or self.match.is_over

    @property
    def needs_fill(self) -> bool:
        return self.round_over and not self.over

    @property
    def winner(self) -> Side | None:
        if self.termination is not None:
            return self.termination[0].other
        return self.match.winner

    @property
    def result(self) -> str | None:
        """The ``Result`` header's value once the match is decided."""
        if self.winner is None:
            return None
        score = self.match.score
        return f"{score[Side.BLACK]}-{score[Side.GOLD]}"

    def last_entry(self) -> tuple[int, int] | None:
        """The round and entry indexes of the last entry written that is no ``...``."""
        for index in range(len(self.rounds) - 1, -1, -1):
            moves = self.rounds[index].moves
            if moves and moves[-1] is not None:
                return index, len(moves) - 1
        return None
