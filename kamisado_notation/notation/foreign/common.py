"""What the readers and writers of other programs' formats (:mod:`..foreign`) share:
places in a whole text, a turn as such a record has it, a one-round match built from
turns, and why a record cannot be written in a format of single rounds."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from ...engine.board import Side, square_name
from ...engine.position import Position
from ...errors import NotationError
from ..kmr.assembly import Assembler
from ..record import Entry, Header, MatchRecord, RoundRecord
from ..text import LINE_BREAK, one_plain_line

__all__ = ["ForeignTurn", "Located", "build_match", "round_score", "round_winner", "single_round_refusal"]


class Located:
    """Line and column (1-based) of an offset into a text, found by counting once."""

    def __init__(self, text: str) -> None:
        self.starts = [0]
        self.starts.extend(m.end() for m in LINE_BREAK.finditer(text))

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def error(self, message: str, offset: int) -> NotationError:
        line, column = self(offset)
        return NotationError(message, line=line, column=column)


@dataclass(frozen=True, slots=True)
class ForeignTurn:
    """One turn as a foreign record has it, in our squares: ``origin`` and ``target``
    (equal for a blocked tower's forfeit), at ``offset`` in the file."""

    origin: int
    target: int
    offset: int


def build_match(
    index: int, offset: int, where: Located, headers: list[tuple[str, str]], turns: list[ForeignTurn]
) -> MatchRecord:
    """A one-round match record: ``headers`` (name, value), then ``turns`` as entries in
    the coordinate form, Black's first (the first mover is Black in every format read),
    each at its place in the file; the headers and the round at ``offset``. A value is
    taken as a ``.kmr`` line reads it back (:func:`~.text.one_plain_line`: a name with a
    line break is one line), so that the match converted reads back the same."""
    line, column = where(offset)
    builder = Assembler("", first_index=index)  # the record builder, given what the .kmr reader gives it
    builder.begin_match(line)
    for name, value in headers:
        builder.header(Header(name, one_plain_line(value), line, column))
    builder.round_line(RoundRecord(1, None, line, column))
    for turn in turns:
        at_line, at_column = where(turn.offset)
        text = f"{square_name(turn.origin)}-{square_name(turn.target)}"
        builder.entries([Entry(at_line, at_column, text=text, origin=turn.origin, target=turn.target)])
    match = builder.end()
    assert match is not None  # (a match was begun)
    return match


def single_round_refusal(match: MatchRecord, rounds: int, target: int, what: str) -> str | None:
    """Why ``match`` (of ``rounds`` rounds, to ``target`` points) cannot be written as
    ``what``, a format that holds one round from the initial position (so no Sumo
    tower): every reason at once (:func:`single_round_reasons`); ``None`` when it can."""
    return refusal_text(match, what, single_round_reasons(match, rounds, target, what))


def single_round_reasons(match: MatchRecord, rounds: int, target: int, what: str) -> list[str]:
    """What in ``match`` (of ``rounds`` rounds, to ``target`` points) a format that holds
    one round from the initial position (``what``) cannot hold, each a clause."""
    reasons = []
    if rounds > 1:
        reasons.append(f"it has {rounds} rounds, and {what} holds one round (--round N writes one)")
    if target != 1:
        reasons.append(f"it is played to {target} points, and {what} holds a single round (--round N writes one)")
    if match.header("Position") is not None:
        reasons.append(f"it starts from a set position (it may have Sumo towers), and {what} starts from the initial one")
    return reasons


def refusal_text(match: MatchRecord, what: str, reasons: list[str]) -> str | None:
    """The refusal of ``match`` as ``what`` for ``reasons`` (``None``: there are none)."""
    if not reasons:
        return None
    return f"match {match.index} cannot be written as {what}: " + "; ".join(reasons) + ": nothing converted"


def round_winner(position: Position) -> Side | None:
    """Who won the round whose end is ``position``, by the rulebook: a tower on its
    opponent's home row (M7), or the deadlock's (M8); ``None`` while it goes on."""
    if position.winner is not None:
        return position.winner
    loser = position.deadlock()
    return None if loser is None else loser.other


def round_score(winner: Side) -> str:
    """A single round won by ``winner`` as the ``Result`` header writes it (and the
    headers of another program's verdict): Black's points, then Gold's."""
    return "1-0" if winner is Side.BLACK else "0-1"
