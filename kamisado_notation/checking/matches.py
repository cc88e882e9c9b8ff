"""The matches a record holds, as a tournament director counts them: a match written
without headers after a decided one (another match pasted in) is a match of its own.

The reader starts a new match at a header after rounds; a second match copied in
without its headers reads as more rounds of the first. Where a ``Round 1`` follows
other rounds and the rounds before it decided the match, it starts another match: it is
split off (a copy: the record read is not changed) with no headers, checked to the
target of the match before it, with a warning that says so
(:attr:`~kamisado_notation.notation.record.MatchRecord.pasted`). It is numbered in
file order, so the matches after it in the file are numbered one more than the reader
numbers them. Every command that counts matches (``validate``, ``convert``, ``show
--match``, ``draw``, ``standings``) counts them this way.

Finding it needs a replay of the whole match, only where a ``Round 1`` follows other
rounds; a record without one costs nothing more.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ..diagnostics import Kind
from ..engine.board import Side
from ..notation.kmr.digits import ascii_number
from ..notation.record import Headers, MatchRecord, Pasted, RoundRecord

if TYPE_CHECKING:
    from .replay import MatchReplay

__all__ = ["match_parts", "next_round", "renumbered", "replay_matches", "split_matches"]


def match_parts(match: MatchRecord) -> list[tuple[MatchRecord, MatchReplay | None]]:
    """The matches ``match`` holds (itself alone, or the matches it is split into, the
    later ones numbered ``match.index + 1``…), each with its replay where finding it
    needed one (``None`` where it did not). Where a ``Round 1`` follows other rounds,
    the whole is replayed once to find where the matches start (a ``Round 1`` after a
    decided match), then each part: time linear in the record."""
    from .replay import replay_match

    if not _round_one_again(match):
        return [(match, None)]
    whole = replay_match(match)
    starts = {d.line for d in whole.diagnostics if d.kind is Kind.PASTED_MATCH}
    cuts = [k for k in range(1, len(match.rounds)) if match.rounds[k].line in starts]
    return _split(match, cuts) if cuts else [(match, whole)]


def _round_one_again(match: MatchRecord) -> bool:
    """Whether a ``Round 1`` (read) follows other rounds in ``match``: another match may
    be pasted in there."""
    return any(r.number == 1 and not r.unread for r in match.rounds[1:])


def _split(match: MatchRecord, cuts: list[int]) -> list[tuple[MatchRecord, MatchReplay | None]]:
    """:func:`match_parts` of ``match`` cut before the rounds ``cuts`` (by their index),
    each part replayed after the one before it."""
    from .replay import replay_match

    rounds = match.rounds
    parts: list[tuple[MatchRecord, MatchReplay | None]] = []
    judged: MatchReplay | None = None
    for n, (first, end) in enumerate(zip([0, *cuts], [*cuts, len(rounds)], strict=True)):
        pasted = _pasted(judged) if judged is not None else None
        part = _part(match, first, end, match.index + n, pasted)
        judged = replay_match(part)
        parts.append((part, judged))
    return parts


def _pasted(before: MatchReplay) -> Pasted:
    """What a match pasted after the match ``before`` replayed takes from it."""
    decided_in = sum(1 for rr in before.rounds if rr.result is not None)
    return Pasted(before.target, decided_in, (before.score[Side.BLACK], before.score[Side.GOLD]))


def _lines_of(rounds: list[RoundRecord], first: int, end: int) -> tuple[int, float]:
    """The lines ``rounds[first:end]`` span, from the first's (from the start for a
    match's first round: the headers are its) up to the next round's."""
    low = rounds[first].line if first else 0
    high = rounds[end].line if end < len(rounds) else math.inf
    return low, high


def _part(match: MatchRecord, first: int, end: int, index: int, pasted: Pasted | None) -> MatchRecord:
    """Rounds ``first`` to ``end - 1`` of ``match``, with their diagnostics: the first
    part keeps the match's headers and index; a later one (``pasted`` after the part
    before) is match ``index``, starting at its ``Round 1``, with no headers."""
    rounds = match.rounds
    low, high = _lines_of(rounds, first, end)
    errors = [d for d in match.errors if low <= d.line < high]
    turnless = {n for n in match.turnless if low <= n < high}
    if not first:
        return replace(match, rounds=rounds[:end], errors=errors, turnless=turnless)
    return replace(
        match,
        index=index,
        line=low,
        headers=Headers(),
        comments=[],
        rounds=rounds[first:end],
        errors=[replace(d, match=index) for d in errors],
        turnless=turnless,
        pasted=pasted,
    )


def replay_matches(match: MatchRecord) -> list[MatchReplay]:
    """Every match ``match`` holds (:func:`match_parts`), replayed."""
    from .replay import replay_match

    return [judged if judged is not None else replay_match(part) for part, judged in match_parts(match)]


def split_matches(matches: Iterable[MatchRecord]) -> Iterator[MatchRecord]:
    """The matches of a stream of matches as read, each split into those it holds
    (:func:`match_parts`), numbered in file order."""
    added = 0
    for match in matches:
        parts = match_parts(match)
        for part, _judged in parts:
            yield renumbered(part, added)
        added += len(parts) - 1


def renumbered(match: MatchRecord, added: int) -> MatchRecord:
    """``match`` numbered ``added`` more (matches split off before it in its file), its
    diagnostics too; itself when ``added`` is 0."""
    if not added:
        return match
    index = match.index + added
    return replace(match, index=index, errors=[replace(d, match=index) for d in match.errors])


def next_round(before: Mapping[str, str], after: Mapping[str, str]) -> bool:
    """Whether a match whose headers are ``after`` is the round after the match whose
    headers are ``before``, written as a game of its own (a game server's export, a
    round a game, each under headers of its own): its ``Round`` header says the number
    after ``before``'s, and the players are the same. Such games are read again as one
    match (the reading against the legal moves: each game's moves replayed from a
    match's start are not where its round starts)."""
    first, then = _lowered(before), _lowered(after)  # (a name in any case)
    said = [ascii_number(h.get("round", "")) for h in (first, then)]
    return said[0] is not None and said[1] == said[0] + 1 and all(first.get(side) == then.get(side) for side in ("black", "gold", "white"))


def _lowered(headers: Mapping[str, str]) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}
