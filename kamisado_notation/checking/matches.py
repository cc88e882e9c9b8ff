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

Finding it needs a replay of the rounds before the ``Round 1``, only where there is
one; a record without one costs nothing more.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from ..engine.board import Side
from ..notation.record import Headers, MatchRecord, Pasted

if TYPE_CHECKING:
    from .replay import MatchReplay

__all__ = ["match_parts", "renumbered", "replay_matches", "split_matches"]


def match_parts(match: MatchRecord) -> list[tuple[MatchRecord, MatchReplay | None]]:
    """The matches ``match`` holds (itself alone, or the matches it is split into, the
    later ones numbered ``match.index + 1``…), each with its replay where finding it
    needed one (``None`` where it did not)."""
    from .replay import MatchStatus, replay

    parts: list[tuple[MatchRecord, MatchReplay | None]] = []
    while True:
        rounds = match.rounds
        for k in range(1, len(rounds)):
            if rounds[k].number != 1 or rounds[k].unread:
                continue
            head = _head(match, k)
            judged = replay(head)
            if judged.status is MatchStatus.COMPLETE:  # decided: what follows is another match
                break
        else:
            parts.append((match, None))
            return parts
        parts.append((head, judged))
        score = (judged.score[Side.BLACK], judged.score[Side.GOLD])
        decided_in = sum(1 for rr in judged.rounds if rr.result is not None)
        match = _rest(match, k, Pasted(judged.target, decided_in, score))


def _head(match: MatchRecord, k: int) -> MatchRecord:
    """Rounds ``0…k-1`` of ``match``: its headers, its index, their diagnostics."""
    last = match.rounds[k].line
    return replace(
        match,
        rounds=match.rounds[:k],
        errors=[d for d in match.errors if d.line < last],
        turnless={n for n in match.turnless if n < last},
    )


def _rest(match: MatchRecord, k: int, pasted: Pasted) -> MatchRecord:
    """Rounds ``k``… of ``match``, another match pasted after the rounds before
    (``pasted``): numbered one more, with no headers, their diagnostics."""
    start, index = match.rounds[k].line, match.index + 1
    return replace(
        match,
        index=index,
        line=start,
        headers=Headers(),
        comments=[],
        rounds=match.rounds[k:],
        errors=[replace(d, match=index) for d in match.errors if d.line >= start],
        turnless={n for n in match.turnless if n >= start},
        pasted=pasted,
    )


def replay_matches(match: MatchRecord) -> list[MatchReplay]:
    """Every match ``match`` holds (:func:`match_parts`), replayed."""
    from .replay import replay

    return [judged if judged is not None else replay(part) for part, judged in match_parts(match)]


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
