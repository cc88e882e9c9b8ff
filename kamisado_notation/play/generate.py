"""Random legal matches, as match records: for demos, tests and benchmarks (``kamisado
generate``), written through the :class:`~.recorder.Recorder`.

The players are random but not aimless: a move that wins the round is nearly always
taken, and Sumo pushes are preferred, so that rounds finish and records exercise the
push and back-entry notation. A deadlock's forced zero entries are written in some
rounds and left out in others (both are valid records, M8). Everything is reproducible
from the ``random.Random`` given.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..engine.board import Side
from ..engine.match import MATCH_TARGETS, Fill, RoundEnd
from ..engine.position import Move
from ..errors import KamisadoError
from ..notation.record import MatchRecord, RecordFile
from .recorder import Recorder

__all__ = ["Players", "generate_match", "generate_records", "iter_generated"]

@dataclass(frozen=True)
class Players:
    """The headers a generated match is written with: the players' names, the event, and
    any others (``headers``: name and value pairs, in their order)."""

    black: str = "Random"
    gold: str = "Random"
    event: str = "kamisado generate"
    headers: Sequence[tuple[str, str]] = ()


# A round longer than this is abandoned and replayed (a safety net: towers mostly move
# forward, so rounds end long before).
_MAX_PLIES = 2000


def _choose(rng: random.Random, to_move: Side, moves: list[Move]) -> Move:
    """A move of ``moves`` at random, as a player would choose: a move home nine times
    in ten where there is one, else a push seven times in ten where there is one."""
    goal = 0 if to_move is Side.BLACK else 7
    home = _by_chance(rng, [m for m in moves if m.target >> 3 == goal], 0.9)
    if home is not None:
        return home
    push = _by_chance(rng, [m for m in moves if m.push], 0.7)
    return push if push is not None else rng.choice(moves)


def _by_chance(rng: random.Random, among: list[Move], odds: float) -> Move | None:
    """One of ``among`` at random, taken with the chance ``odds``; ``None`` where it is
    not taken, or there is none to take (then no chance is drawn)."""
    return rng.choice(among) if among and rng.random() < odds else None


def _play_round(rng: random.Random, rec: Recorder) -> bool:
    """Play one round through ``rec`` (the recorder writes forfeits and back-entries);
    False when it ran past the safety limit. A deadlock's forced zero entries are written
    in half the rounds (both records are valid, M8)."""
    while not rec.round_over:
        if rec.plies > _MAX_PLIES:
            return False  # pragma: no cover - a round of 2000 plies has not been seen
        to_move = rec.to_move
        assert to_move is not None
        rec.play(_choose(rng, to_move, rec.legal_moves()))
    result = rec.round_result
    if result is not None and result.by is RoundEnd.DEADLOCK and rng.random() < 0.5:
        rec.write_deadlock()
    return True


def _play_match(rng: random.Random, target: int, players: Players) -> Recorder | None:
    """A random match to ``target`` through a :class:`Recorder`, headed as ``players``
    says; ``None`` when a round ran past the safety limit."""
    rec = Recorder(target, event=players.event, black=players.black, gold=players.gold, headers=players.headers)
    while True:
        if not _play_round(rng, rec):
            return None  # pragma: no cover - see _MAX_PLIES
        if rec.over:
            return rec
        how = rng.choice((Fill.LEFT, Fill.RIGHT))
        rec.fill(how, lineups=rng.random() < 0.3)


def generate_match(
    rng: random.Random, *, target: int, index: int = 1, line: int = 1, coords: bool = False, players: Players = Players()
) -> MatchRecord:
    """A random legal match to ``target`` points, with a ``Result`` header, written
    through a :class:`~.recorder.Recorder`. Round entries use the colour form (or with
    ``coords`` the coordinate form); ``index`` and ``line`` place it in a file;
    ``players`` names the players and the event (default: ``Random`` and ``Random`` at
    ``kamisado generate``). The moves do not depend on the names."""
    while True:  # retried only if a round runs past the safety limit
        state = rng.getstate()
        rec = _play_match(rng, target, players)
        if rec is not None:
            return rec.record(index=index, line=line, coords=coords)
        rng.setstate(state)  # pragma: no cover - see _MAX_PLIES
        rng.random()  # pragma: no cover


def generate_records(*, match: str, seed: int, count: int, coords: bool = False, players: Players = Players()) -> RecordFile:
    """``count`` random legal matches of format ``match`` (single, standard, long,
    marathon), reproducible from ``seed``, headed as ``players`` says."""
    record = RecordFile(path="<generated>")
    record.matches.extend(iter_generated(match=match, seed=seed, count=count, coords=coords, players=players))
    return record


def iter_generated(
    *, match: str, seed: int, count: int, coords: bool = False, players: Players = Players()
) -> Iterator[MatchRecord]:
    """The matches of :func:`generate_records`, one at a time as each is played (for
    writing millions without holding them). Raises :class:`KamisadoError` at once for an
    unknown format."""
    key = match.strip().lower()
    if key not in MATCH_TARGETS:
        raise KamisadoError(f"unknown match format {match!r}: single, standard, long or marathon")
    return _generated(MATCH_TARGETS[key], random.Random(seed), count, coords, players)


def _generated(target: int, rng: random.Random, count: int, coords: bool, players: Players) -> Iterator[MatchRecord]:
    line = 1
    for i in range(count):
        m = generate_match(rng, target=target, index=i + 1, line=line, coords=coords, players=players)
        yield m
        last = max([m.headers[-1].line] + [e.line for r in m.rounds for e in r.entries] + [r.line for r in m.rounds])
        line = last + 2
