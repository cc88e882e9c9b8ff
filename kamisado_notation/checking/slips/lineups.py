"""A round's start as its ``Round`` and ``Lineup`` lines say it: the lineups checked
against the fill (F3, F4), and the slips of those lines that the round itself corrects.

A ``Lineup`` line names a player's home row from his own left. Written from the board's
left instead (the order reversed) it is named as such, and ``fix`` rewrites it. Its ``+``
marks (``Purple+``, as ``kamisado lineup`` prints a lineup) are the towers' Sumo rings,
checked against those the rounds before gave them. The fill
word of a ``Round`` line is the winner's choice (F1); where it contradicts the round's
own lineups, which the other fill gives, or is missing while the lineups and the first
entries agree with one fill only, the round is replayed with that fill, the slip is an
error, and ``fix`` rewrites the line (:class:`~kamisado_notation.diagnostics.RewriteLine`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...diagnostics import ERROR, Diagnostic, Kind, RewriteLine, compose, correction
from ...engine.board import Colour, Side
from ...engine.match import HOME_SQUARES, Fill, Match, fill, place_ring, round_result
from ...engine.position import Position
from ...notation.record import Entry, Lineup, RoundRecord
from ..correct import LOOKAHEAD, play_as_written

__all__ = [
    "check_lineups", "entries_fill", "fill_said", "fill_slip", "likely_fill", "missing_fill", "new_round_fill", "next_round_check", "opens", "rounds_played",
]  # fmt: skip


def _home_row(start: Position, lineup: Lineup) -> list[Colour | None]:
    side = lineup.side
    board = start.board
    return [t.colour if (t := board[sq]) is not None and t.side is side else None for sq in HOME_SQUARES[side]]


def check_lineups(rec: RoundRecord, how: Fill | None, start: Position, match_index: int) -> list[Diagnostic]:
    """Each written lineup of round ``rec`` against the home row its fill ``how`` gives
    (F3 left, F4 right; ``None``: round 1's start); a lineup written in reverse is named
    so, with its correction."""
    out: list[Diagnostic] = []
    rule = "F4" if how is Fill.RIGHT else "F3"
    said = f"filling from the {how.value}" if how is not None else "at the start"
    for lu in rec.lineups:
        actual = _home_row(start, lu)
        if list(lu.colours) == actual:
            out.extend(_rings(rec, lu, start, rule, match_index))
        else:
            out.append(_wrong_lineup(rec, lu, actual, rule, said, match_index))
    return out


def _wrong_lineup(rec: RoundRecord, lu: Lineup, actual: list[Colour | None], rule: str, said: str, match_index: int) -> Diagnostic:
    """The error of lineup ``lu`` of round ``rec``, which is not the home row ``actual``
    (``said``: how the round was filled), with its correction where it is written in
    reverse."""
    names = " ".join(c.title if c is not None else "-" for c in actual)
    message = f"{lu.side.title}'s lineup {said} is {names} (from his left), not " + " ".join(c.title for c in lu.colours)
    message, kind, edits = _reversed(lu, actual, names, message)
    return Diagnostic(rule, message, lu.line, lu.column, ERROR, rec.number, None, match_index, (), kind, edits)


def _reversed(lu: Lineup, actual: list[Colour | None], names: str, message: str) -> tuple[str, Kind, tuple[RewriteLine, ...]]:
    """The error ``message`` of lineup ``lu`` (the home row is ``actual``, its colours
    ``names``), its kind and its correction: where it is written in reverse (from the
    board's left), said so and rewritten; else as it is."""
    if list(reversed(lu.colours)) != actual:
        return message, Kind.NONE, ()
    written = f"Lineup {lu.side.title}: {names}"
    why = f"{lu.side.title}'s lineup was written from the board's left, not from his own"
    said = compose(message, "it is written in reverse (from the board's left)", correction(written))
    return said, Kind.REVERSED_LINEUP, (RewriteLine(lu.line, "lineup", _written(lu), written, why),)


def _rings(rec: RoundRecord, lu: Lineup, start: Position, rule: str, match_index: int) -> list[Diagnostic]:
    """The ``+`` marks of a lineup that names the right towers, against the rings they
    carry (won in the rounds before): an error for each tower marked otherwise."""
    if lu.rings is None:
        return []
    out = []
    for sq, colour, marked in zip(HOME_SQUARES[lu.side], lu.colours, lu.rings, strict=True):
        tower = start.board[sq]
        rings = tower.rings if tower is not None else 0
        if marked != rings:
            out.append(
                Diagnostic(
                    rule,
                    f"{lu.side.title}'s {colour.name.lower()} tower has {_rings_words(rings)} "
                    f"(won in the rounds before), not {_rings_words(marked)} as the lineup marks it",
                    lu.line, lu.column, ERROR, rec.number, None, match_index, (), Kind.LINEUP_RINGS,
                )
            )
    return out


def _rings_words(n: int) -> str:
    return "no Sumo ring" if n == 0 else "1 Sumo ring" if n == 1 else f"{n} Sumo rings"


def _written(lu: Lineup) -> str:
    return f"Lineup {lu.side.title}: " + " ".join(c.title for c in lu.colours)


def opens(position: Position, entries: Sequence[Entry]) -> bool:
    """Whether ``entries``, a round's first (up to :data:`~.correct.LOOKAHEAD` of them),
    replay as written from ``position`` (in place): each a legal move exactly as written
    (or, with slots not read, the one legal move its other slots name), a push's
    back-entry the one its push left due (or left out, as a blocked tower's forfeit may
    be: the replay plays them), up to the round's end."""
    first = [e for e in entries[:LOOKAHEAD] if not e.placeholder]
    return sum(1 for _move in play_as_written(position, first, forced_left_out=True)) == len(first) or position.winner is not None


def _fits(end: Position, challenger: Side, rec: RoundRecord, how: Fill) -> bool:
    """Whether round ``rec``'s lineups hold and its first entries replay as written when
    it is filled ``how`` from ``end``, the round before's end, ``challenger`` first."""
    position = fill(end, how, challenger=challenger)
    if rec.lineups and check_lineups(rec, how, position, 0):
        return False
    return opens(position, rec.entries)


def likely_fill(game: Match, rec: RoundRecord) -> Fill | None:
    """The one fill under which round ``rec``'s lineups hold and its first entries replay
    as written, or ``None`` when neither or both do."""
    end, challenger = game.position, game.results[-1].winner.other
    fits = [how for how in Fill if _fits(end, challenger, rec, how)]
    return fits[0] if len(fits) == 1 else None


def _played(end: Position, challenger: Side, rec: RoundRecord, how: Fill) -> tuple[int, bool]:
    """How many of round ``rec``'s entries replay as written, filled ``how`` from
    ``end`` with ``challenger`` first, up to the first that does not or to the round's
    end (``-1`` when its lineups do not hold), and whether the round ended there. A
    blocked tower's forfeit or a push's back-entry left out is played, as the replay
    plays it (M6, S3)."""
    position = fill(end, how, challenger=challenger)
    if rec.lineups and check_lineups(rec, how, position, 0):
        return -1, False
    count = sum(1 for _move in play_as_written(position, [e for e in rec.entries if not e.placeholder], forced_left_out=True))
    return count, position.winner is not None


def new_round_fill(end: Position, challenger: Side, rec: RoundRecord) -> Fill | None:
    """The fill of round ``rec``, whose ``Round`` line was left out, from ``end`` (the
    round before's end), ``challenger`` first: the one under which its lineups hold and
    more of its entries replay as written than under the other — at least its first
    :data:`~.correct.LOOKAHEAD` (all, when it has fewer, or all up to the round's end
    where it ends sooner, but two at least: no round is won in one move); else ``None``.
    Each fill is replayed once: time linear in the round's length."""
    played = {how: _played(end, challenger, rec, how) for how in Fill}
    best = max(played, key=lambda how: played[how][0])
    other = best.other
    (count, ended), beaten = played[best], played[other][0]
    enough = count if ended else min(LOOKAHEAD, sum(1 for e in rec.entries if not e.placeholder))
    return best if count > beaten and count >= max(enough, 2) else None


def fill_slip(end: Position, challenger: Side, rec: RoundRecord, match_index: int) -> tuple[Fill, Diagnostic] | None:
    """Round ``rec``'s fill word contradicted by the round, whose lineups fail under it
    (the caller has found so), from ``end``, the round before's end, ``challenger``
    first: when the other fill is the only one under which they hold and the first
    entries replay, that fill to replay it with, and the error with its correction;
    else ``None``, the written fill stands."""
    written = rec.fill
    if written is None:
        return None
    other = written.other
    if not _fits(end, challenger, rec, other):
        return None
    why = f"the lineups and the first moves of round {rec.number} are those of fill {other.value}"
    return other, _fill_word_error(rec, written, other, challenger, why, match_index)


def entries_fill(end: Position, challenger: Side, rec: RoundRecord, match_index: int, *, ends: bool) -> tuple[Fill, Diagnostic] | None:
    """Round ``rec``'s fill word contradicted by its entries alone (it has no lineups to
    say so; the caller has found an entry no legal move as written under the word), from
    ``end``, the round before's end, ``challenger`` first: when under the other fill
    every entry replays as written and the round ends (``ends``: a round follows; else
    it may stop unfinished), that fill, and the error with its correction; else
    ``None``. One replay of the round: linear."""
    written = rec.fill
    if written is None or rec.lineups:
        return None
    other = written.other
    position = fill(end, other, challenger=challenger)
    if not _replays(position, [e for e in rec.entries if not e.placeholder], ends=ends):
        return None
    why = f"every move of round {rec.number} is legal as written filled from the {other.value}, not from the {written.value}"
    return other, _fill_word_error(rec, written, other, challenger, why, match_index)


def _replays(position: Position, entries: list[Entry], *, ends: bool) -> bool:
    """Whether ``entries`` (one at least) all replay as written from ``position`` (played
    on it) and, where the round must end (``ends``), end it."""
    played = list(play_as_written(position, entries))
    return bool(entries) and len(played) >= len(entries) and not (ends and round_result(position) is None)


def _fill_word_error(rec: RoundRecord, written: Fill, other: Fill, challenger: Side, why: str, match_index: int) -> Diagnostic:
    """The error of round ``rec``'s fill word ``written`` where the round is ``other``'s
    (``why``), ``challenger`` moving first, with the line's rewrite as its correction."""
    new = f"Round {rec.number} fill {other.value}"
    chooser = f"{challenger.other.title}, who won round {rec.number - 1}, chooses"
    message = compose(f"round {rec.number} says 'fill {written.value}' ({chooser}), but {why}", correction(new))
    edit = RewriteLine(rec.line, "round", f"Round {rec.number} fill {written.value}", new, why)
    return Diagnostic("F1", message, rec.line, rec.column, ERROR, rec.number, None, match_index, (new,), Kind.FILL_WORD, (edit,))


def missing_fill(game: Match, rec: RoundRecord) -> tuple[Fill, str, RewriteLine] | None:
    """Round ``rec``'s fill word left out, while its lineups and first entries agree
    with one fill only: that fill, the words to add to the error, and the edit."""
    how = likely_fill(game, rec)
    if how is None:
        return None
    return fill_said(rec, how, f"the lineups and the first moves of round {rec.number} are those of fill {how.value}")


def fill_said(rec: RoundRecord, how: Fill, why: str) -> tuple[Fill, str, RewriteLine]:
    """Round ``rec``'s fill word ``how``, left out, as :func:`missing_fill` gives it: the
    fill, ``why`` with the correction, and the edit that writes the word."""
    new = f"Round {rec.number} fill {how.value}"
    return how, compose(why, correction(new)), RewriteLine(rec.line, "round", f"Round {rec.number}", new, why)


def next_round_check(nxt: RoundRecord) -> Callable[[Position], bool] | None:
    """Whether a round's end agrees with the round ``nxt`` after it: its lineups hold
    and its first entries replay as written from the fill of that end (F3/F4);
    ``None`` when ``nxt`` names no fill."""
    how = nxt.fill
    if how is None:
        return None

    def agrees(end: Position) -> bool:
        result = round_result(end)
        if result is None:
            return False
        start = fill(end, how, challenger=result.winner.other)
        if nxt.lineups and check_lineups(nxt, how, start, 0):
            return False
        return opens(start, nxt.entries)

    return agrees


#: How many rounds after a round :func:`rounds_played` replays at most (time linear).
AHEAD = 3


def rounds_played(following: Sequence[RoundRecord]) -> Callable[[Position], tuple[int, int]] | None:
    """How far the rounds ``following`` a round (up to :data:`AHEAD` of them) replay as
    written after it ended in a given position: how many of them to their last entry,
    and how many entries. Each is filled as its line says from the end of the one
    before (the ring won there placed), its lineups holding; the next one only when this
    one replays to its last entry. ``None`` when the round after names no fill."""
    ahead = list(following[:AHEAD])
    if not ahead or ahead[0].fill is None:
        return None

    def played(end: Position) -> tuple[int, int]:
        whole = total = 0
        for rec in ahead:
            result = round_result(end)
            if result is None or rec.fill is None:
                break
            end = end.copy()
            place_ring(end, result)
            end = fill(end, rec.fill, challenger=result.winner.other)
            if rec.lineups and check_lineups(rec, rec.fill, end, 0):
                break
            entries = [e for e in rec.entries if not e.placeholder]
            count = sum(1 for _move in play_as_written(end, entries))
            total += count
            if count < len(entries):
                break
            whole += 1
        return whole, total

    return played
