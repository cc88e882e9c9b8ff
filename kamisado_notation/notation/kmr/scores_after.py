"""Results written after the moves, as PGN writes them (``3-2`` on a line of its own after
a round): a score so far where another round follows, else the match's result
(docs/record-decisions.md, "A result after the moves"). The record builder
(:class:`~.assembly.Assembler`) holds one here until it knows which.
"""

from __future__ import annotations

import re

from ...diagnostics import ERROR, WARNING, Diagnostic, Kind, Severity
from ..record import Header, MatchRecord, RoundRecord, ScoreLine
from .headers import AS_HYPHEN, HEADER_RULE

__all__ = ["ScoresAfterMoves"]


class ScoresAfterMoves:
    """The score written after the moves of the round being read, held until it is known
    whether another round follows it. Each step returns what it says of the score (the
    diagnostics, none of which left entries out)."""

    def __init__(self) -> None:
        self.held: ScoreLine | None = None
        self.moves_after = False  # entries were read after the score held

    def claim(self, value: str, line: int, column: int) -> list[Diagnostic]:
        """A result written after the moves: held. Two in one round (rounds with no
        ``Round`` lines, which the replay finds): the first is a score so far, with a
        warning, and not checked (no line says after which round it stands)."""
        said = self._so_far("followed by another") if self.held is not None else []
        self.held, self.moves_after = ScoreLine(value, line, column), False
        return said

    def entries_follow(self) -> None:
        """Entries are read after the score held: it is no result of the match, whose
        moves go on (a round with no ``Round`` line the reader knows, ``MANO 4``)."""
        self.moves_after = self.held is not None

    def _so_far(self, why: str) -> list[Diagnostic]:
        """The score held, read as a score so far and not checked (``why``: what follows it)."""
        held, self.held = self.held, None
        assert held is not None
        message = f"a score after the moves ({held.value}) {why} is read as a score so far, not checked (no Round line says which round it follows)"
        return [_said(held.line, held.column, message, WARNING, kind=Kind.RUNNING_SCORE)]

    def round_follows(self, match: MatchRecord, rnd: RoundRecord | None) -> list[Diagnostic]:
        """Another round starts after round ``rnd`` of ``match``: the score held is the score
        so far, which the replay checks; one warning a match says how it is read."""
        if self.held is None or rnd is None:
            return []
        score, self.held = self.held, None
        rnd.score = score
        if any(d.kind is Kind.RUNNING_SCORE for d in match.errors):
            return []
        message = f"a score after round {rnd.number} ({score.value}) is read as the score so far, and checked against the replay"
        return [_said(score.line, score.column, message, WARNING, kind=Kind.RUNNING_SCORE)]

    def match_ends(self, match: MatchRecord | None) -> list[Diagnostic]:
        """``match`` ends: the score held, written after its last round, is its ``Result``
        claim when it has none (a warning), else checked against it; one that moves follow
        is a score so far."""
        if self.held is not None and self.moves_after:
            return self._so_far("followed by moves")
        score, self.held = self.held, None
        if score is None or match is None:
            return []
        value, line, column = score.value, score.line, score.column
        header = match.header("Result")
        if header is None:
            match.headers.append(Header("Result", value, line, column))
            return [_said(line, column, f"a result after the moves (as PGN writes it) is read as the match's [Result \"{value}\"]", WARNING, kind=Kind.RESULT_AFTER_MOVES)]
        if re.sub(r"\s", "", header).translate(AS_HYPHEN) == value:
            return [_said(line, column, f"the result after the moves repeats [Result \"{header}\"]", WARNING)]
        return [_said(line, column, f"the result after the moves, {value}, is not the one of [Result \"{header}\"]", ERROR, rule="result")]


def _said(line: int, column: int, message: str, severity: Severity, *, kind: Kind = Kind.NONE, rule: str = HEADER_RULE) -> Diagnostic:
    return Diagnostic(rule, message, line, column, severity, kind=kind)
