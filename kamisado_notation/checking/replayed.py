"""A match as replayed: the values :func:`~.replay.replay` gives (each ply judged, each
round with its start and result, the match's score, winner and diagnostics)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import ClassVar

from ..diagnostics import (
    ERROR,
    Diagnostic,
    Edit,
    has_error,
)
from ..engine.board import Side
from ..engine.match import (
    Fill,
    RoundResult,
)
from ..engine.position import Move, Position
from ..enums import TextEnum
from ..errors import PlyError
from ..notation.record import Entry, MatchRecord, RoundRecord
from ..notation.writer import ResolvedMoves

__all__ = ["MatchReplay", "MatchStatus", "Ply", "PlyKind", "RoundReplay"]



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
    tower going back one square; the engine applied it with the push).

    ``index`` is where the entry is written: ``entries[index]`` of the round's record
    as written (``MatchReplay.record.rounds[RoundReplay.index]``), also when a correction
    moved it (a swapped row) or rewrote it (``entry`` is then the corrected one); ``None``
    for an entry the record does not hold, which the replay put in (a forgotten forfeit,
    a push's missing back-entry, a row left out).

    >>> from kamisado_notation import read_record, replay_match
    >>> match = read_record("samples/standard-match.kmr").matches[0]
    >>> first = replay_match(match).rounds[1].plies[0]  # round 2 is written '...' first (Gold starts)
    >>> first.index, first.entry is match.rounds[1].entries[1], first.move
    (1, True, <Move Gold Blue d1-h5 Right 4>)
    """

    number: int
    side: Side
    entry: Entry
    kind: PlyKind
    move: Move
    index: int | None


@dataclass
class RoundReplay:
    """A round as replayed: its start, its plies, and how it ended (``None`` while in
    progress or when the replay stopped). ``index`` is the round's place in the match
    record (``MatchReplay.record.rounds[index]``, from 0); ``record`` is the round as
    replayed: the one written, or, where a certain correction of a whole row or round
    was made (a swapped row, a repeated one), the round with it made."""

    number: int
    index: int
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

    def moves_written(self) -> list[Move]:
        """The moves of the round's entries as written (not those the replay put in: a
        forgotten forfeit, a push's back-entry left out), in order."""
        return [p.move for p in self.plies if p.move is not None and p.index is not None]

    def unplayed(self) -> RoundReplay:
        """The round as it stands before a replay: the same start and entries, no plies,
        no result, not stopped (to replay it again)."""
        return replace(self, plies=[], result=None, stopped=False)

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
            if p.kind is not PlyKind.BACK:
                position.apply(p.move)
        return position

    def last_move(self, ply: int | None = None) -> Move | None:
        """The move of ply ``ply`` (default: the last replayed), to highlight in a diagram."""
        plies = self.plies if ply is None else self.plies[: max(ply, 0)]
        return plies[-1].move if plies else None

    def back_entry_due(self, ply: int | None = None) -> Move | None:
        """The back-entry to write next after ``ply`` plies (default: all) when the last of
        them is a Sumo push: the farthest pushed tower going back one square, in the pushed
        player's turn, which he forfeits (S3); ``None`` after any other ply. (The push moved
        every tower concerned already: the position does not change with it.)

        >>> from kamisado_notation import read_record, replay_match
        >>> rnd = replay_match(read_record("samples/pushes.kmr").matches[0]).rounds[0]
        >>> rnd.plies[0].kind, rnd.back_entry_due(1), rnd.back_entry_due(2)
        (<PlyKind.PUSH: 'push'>, <Move Gold Pink e4-e3 Back 1>, None)
        """
        n = len(self.plies) if ply is None else ply
        if n < 1 or self.plies[n - 1].kind is not PlyKind.PUSH:
            return None
        if n < len(self.plies) and self.plies[n].kind is PlyKind.BACK:
            return self.plies[n].move
        from .correct import back_move  # (the corrections: not loaded to judge a valid record, start-up time)

        return back_move(self.plies[n - 1].move, self.position_at(n))


@dataclass
class MatchReplay:
    """A match as replayed: its rounds, score, winner and every diagnostic (the record's
    syntax errors and the rules' verdicts), each once, in line order: a syntax error the
    replay explains stands once, with what it found (the move an unknown word stands
    for), or not at all when a correction explains it (a turn number a row left out
    makes wrong)."""

    record: MatchRecord
    rounds: list[RoundReplay]
    target: int
    score: dict[Side, int]
    winner: Side | None
    status: MatchStatus
    diagnostics: list[Diagnostic]
    #: The certain corrections found, as edits of the record in record order (what
    #: ``kamisado fix`` writes); each is also on its diagnostic (:attr:`Diagnostic.edits`).
    fixes: list[Edit] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not has_error(self.diagnostics)

    def uncertain(self, round_replay: RoundReplay) -> Diagnostic | None:
        """The error of the first ply of ``round_replay`` that the replay played as written
        although it found no certain correction for it, or ``None`` when every replayed ply
        is sure. Its ``ply`` is that ply's number: the positions from there on rest on a
        guess, and ``round_replay.position_at(error.ply - 1)`` is the last sure one.

        >>> from kamisado_notation import read_record, replay_match
        >>> judged = replay_match(read_record("samples/standard-match.kmr").matches[0])
        >>> judged.uncertain(judged.rounds[0]) is None
        True
        """
        played = len(round_replay.plies)
        errors = [d for d in self.diagnostics if _unsure_at(d, round_replay.number, played)]
        return min(errors, key=lambda d: d.ply or 0, default=None)

    def resolved_moves(self) -> ResolvedMoves:
        """The move of each written entry the replay played as written, by its place in
        the record, for writing the match in another form
        (:func:`~kamisado_notation.notation.writer.format_record`). An entry with an
        error keeps what was written (the move the replay went on with may be a
        correction), and so does one a correction rewrote.

        >>> from kamisado_notation import read_record, replay_match
        >>> judged = replay_match(read_record("samples/standard-match.kmr").matches[0])
        >>> judged.record.rounds[0].entries[1].text, judged.resolved_moves().move_of(0, 1)
        ('Orange Forward 4 Yellow', <Move Gold Orange h1-h5 Forward 4>)
        """
        wrong = {(d.line, d.column) for d in self.diagnostics if d.severity is ERROR}
        rounds = self.record.rounds
        found: dict[tuple[int, int], Move] = {}
        for rnd in self.rounds:
            written = rounds[rnd.index].entries
            for ply in rnd.plies:
                k = _written_place(ply, written, wrong)
                if k is not None:
                    found[rnd.index, k] = ply.move
        return ResolvedMoves(found)


def _unsure_at(d: Diagnostic, number: int, played: int) -> bool:
    """Whether ``d`` is an error with no certain correction at one of the first
    ``played`` plies of round ``number`` (:meth:`MatchReplay.uncertain`)."""
    return d.severity is ERROR and not d.edits and d.round == number and d.ply is not None and d.ply <= played


def _written_place(ply: Ply, written: list[Entry], wrong: set[tuple[int, int]]) -> int | None:
    """Where ``ply``'s entry stands among the entries ``written`` in its round, where
    it plays it as written: one the record holds (:attr:`Ply.index`), not rewritten by a
    correction, with no error (its place not among ``wrong``); else ``None``."""
    k, entry = ply.index, ply.entry
    return k if k is not None and entry == written[k] and (entry.line, entry.column) not in wrong else None
