"""Random legal matches, as match records: for demos, tests and benchmarks (README, *Command line*
``kamisado generate``).

The players are random but not aimless: a move that wins the round is nearly always
taken, and Sumo pushes are preferred, so that rounds finish and records exercise the
push and back-entry notation. A deadlock's forced zero entries are written in some
rounds and left out in others (both are valid records, M8). Everything is reproducible
from the ``random.Random`` given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ..engine.board import SQUARE_COLOURS, Colour, Direction, Side
from ..engine.match import MATCH_TARGETS, Fill, Match, lineup
from ..engine.position import Move, Position
from ..errors import KamisadoError
from ..notation.record import Entry, Header, Headers, Lineup, MatchRecord, RecordFile, RoundRecord

__all__ = ["back_entry", "entry_from_move", "generate_match", "generate_records", "iter_generated", "placeholder_entry"]

_TARGET_NAMES = {v: k.capitalize() for k, v in MATCH_TARGETS.items()}
# A round longer than this is abandoned and replayed (a safety net: towers mostly move
# forward, so rounds end long before).
_MAX_PLIES = 2000


def entry_from_move(move: Move, *, line: int = 0, column: int = 0, coords: bool = False, number: int | None = None) -> Entry:
    """The record entry of an engine move: the colour form (tower, direction, distance,
    square), or with ``coords`` the coordinate form (``from-to``, ``*`` on a push)."""
    if coords:
        return Entry(
            line, column, text=move.coords() + ("*" if move.push else ""),
            origin=move.origin, target=move.target, push_mark=bool(move.push), number=number,
        )
    return Entry(
        line, column, text=str(move), tower=move.tower,
        direction=move.direction if move.distance else None,
        distance=move.distance, square_colour=move.square_colour, number=number,
    )


def back_entry(push: Move, position: Position, *, line: int = 0, column: int = 0, coords: bool = False) -> Entry:
    """The pushed player's back-entry after ``push`` has been played on ``position``:
    the farthest pushed tower, back 1, the square it was pushed onto (S3)."""
    onto = push.pushed_to
    assert onto is not None
    far = push.push[-1]
    tower = position.tower_at(onto)
    assert tower is not None
    move = Move(push.side.other, tower.colour, far, onto, Direction.BACK, 1)
    if coords:
        return Entry(line, column, text=move.coords(), origin=far, target=onto)
    return Entry(
        line, column, text=f"{tower.colour.title} Back 1 {SQUARE_COLOURS[onto].title}",
        tower=tower.colour, direction=Direction.BACK, distance=1, square_colour=SQUARE_COLOURS[onto],
    )


def placeholder_entry(*, line: int = 0, column: int = 0) -> Entry:
    """The ``...`` that stands for Black's slot when Gold moves first."""
    return Entry(line, column, text="...", placeholder=True, number=1)


def _choose(rng: random.Random, position: Position, moves: list[Move]) -> Move:
    goal = 0 if position.to_move is Side.BLACK else 7
    wins = [m for m in moves if m.target >> 3 == goal]
    if wins and rng.random() < 0.9:
        return rng.choice(wins)
    pushes = [m for m in moves if m.push]
    if pushes and rng.random() < 0.7:
        return rng.choice(pushes)
    return rng.choice(moves)


class _Lines:
    """Hands out line numbers as a canonical formatter would lay the record out."""

    def __init__(self, start: int) -> None:
        self.line = start

    def next(self) -> int:
        self.line += 1
        return self.line


def _end_in_deadlock(rng: random.Random, position: Position, add: Callable[[Entry], None], coords: bool) -> None:
    """A deadlock ends the round (M8): in half the rounds, play and ``add`` the forced
    zero entries leading into it (both records are valid)."""
    if rng.random() < 0.5:
        seen: set[tuple[Side, Colour | None]] = set()
        while (position.to_move, position.tower) not in seen:
            seen.add((position.to_move, position.tower))
            f = position.forfeit_move()
            add(entry_from_move(f, coords=coords))
            position.apply(f)


def _play_round(rng: random.Random, position: Position, rec: RoundRecord, lines: _Lines, coords: bool) -> bool:
    """Play one round on ``position``, appending its entries to ``rec``; False when it
    ran past the safety limit."""
    entries = rec.entries
    line = lines.line
    if position.to_move is Side.GOLD:
        line = lines.next()
        entries.append(placeholder_entry(line=line, column=4))

    def add(entry: Entry) -> None:
        nonlocal line
        if len(entries) % 2 == 0:
            line = lines.next()
            entry.line, entry.column = line, 1
            entry.number = len(entries) // 2 + 1
        else:
            entry.line, entry.column = line, 24
        entries.append(entry)

    while position.winner is None:
        if len(entries) > _MAX_PLIES:
            return False
        moves = position.legal_moves()
        if not moves:
            if position.deadlock() is not None:
                _end_in_deadlock(rng, position, add, coords)
                return True
            f = position.forfeit_move()
            add(entry_from_move(f, coords=coords))
            position.apply(f)
            continue
        move = _choose(rng, position, moves)
        add(entry_from_move(move, coords=coords))
        position.apply(move)
        if move.push:
            add(back_entry(move, position, coords=coords))
    return True


def generate_match(rng: random.Random, *, target: int, index: int = 1, line: int = 1, coords: bool = False) -> MatchRecord:
    """A random legal match to ``target`` points, with a ``Result`` header. Round entries
    use the colour form (or with ``coords`` the coordinate form); ``index`` and ``line``
    place it in a file."""
    name = _TARGET_NAMES.get(target)
    lines = _Lines(line - 1)
    headers = [
        Header("Event", "kamisado generate", lines.next(), 1),
        Header("Black", "Random", lines.next(), 1),
        Header("Gold", "Random", lines.next(), 1),
        Header("Match", name, lines.next(), 1) if name else Header("Target", str(target), lines.next(), 1),
    ]
    while True:  # retried only if a round runs past the safety limit
        state = rng.getstate()
        saved = lines.line
        game = Match(target=target)
        rounds: list[RoundRecord] = []
        ok = True
        while not game.is_over and ok:
            number = len(rounds) + 1
            how = None
            lines.next()  # a blank line between rounds
            if number > 1:
                how = rng.choice((Fill.LEFT, Fill.RIGHT))
                previous = game.position
                rec = RoundRecord(number, how, lines.next(), 1)
                if rng.random() < 0.3:
                    for side in Side:
                        rec.lineups.append(
                            Lineup(side, [t.colour for t in lineup(previous, side, how)], lines.next(), 1)
                        )
                game.next_round(how)
            else:
                rec = RoundRecord(number, None, lines.next(), 1)
            rounds.append(rec)
            ok = _play_round(rng, game.position, rec, lines, coords)
            if ok:
                game.finish_round()
        if ok:
            break
        rng.setstate(state)  # pragma: no cover - a round of 2000 plies has not been seen
        rng.random()
        lines.line = saved
    headers.append(Header("Result", f"{game.score[Side.BLACK]}-{game.score[Side.GOLD]}", lines.next(), 1))
    # Keep headers first: renumber the Result header to follow the others.
    result = headers.pop()
    result.line = headers[-1].line + 1
    headers.append(result)
    _shift(rounds, 1)
    return MatchRecord(index=index, line=line, headers=Headers(headers), rounds=rounds)


def _shift(rounds: list[RoundRecord], by: int) -> None:
    """Move the rounds' lines down ``by`` (after the Result header was added)."""
    for rec in rounds:
        rec.line += by
        for lu in rec.lineups:
            lu.line += by
        for e in rec.entries:
            e.line += by


def generate_records(*, match: str, seed: int, count: int, coords: bool = False) -> RecordFile:
    """``count`` random legal matches of format ``match`` (single, standard, long,
    marathon), reproducible from ``seed``."""
    record = RecordFile(path="<generated>")
    record.matches.extend(iter_generated(match=match, seed=seed, count=count, coords=coords))
    return record


def iter_generated(*, match: str, seed: int, count: int, coords: bool = False) -> Iterator[MatchRecord]:
    """The matches of :func:`generate_records`, one at a time as each is played (for
    writing millions without holding them). Raises :class:`KamisadoError` at once for an
    unknown format."""
    key = match.strip().lower()
    if key not in MATCH_TARGETS:
        raise KamisadoError(f"unknown match format {match!r}: single, standard, long or marathon")
    return _generated(MATCH_TARGETS[key], random.Random(seed), count, coords)


def _generated(target: int, rng: random.Random, count: int, coords: bool) -> Iterator[MatchRecord]:
    line = 1
    for i in range(count):
        m = generate_match(rng, target=target, index=i + 1, line=line, coords=coords)
        yield m
        last = max([m.headers[-1].line] + [e.line for r in m.rounds for e in r.entries] + [r.line for r in m.rounds])
        line = last + 2
