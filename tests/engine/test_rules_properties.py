"""Properties of the rules engine over random reachable positions (hypothesis).

Positions are reached the way a match reaches them: a random lineup of each side's
towers on its home row, random Sumo rings (as filled rounds of a long match carry them),
a random side to move with a free choice (T1), then random legal moves, a blocked side
forfeiting (M6), until the wanted number of plies or the round's end.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kamisado_notation.engine.board import RAYS, Colour, Direction
from kamisado_notation.engine.position import MAX_PUSH, RANGE, Position
from kamisado_notation.errors import IllegalMoveError
from tests.support.positions import SETTINGS, positions, random_start, step

F, BACK = Direction.FORWARD, Direction.BACK


def consistent(pos: Position) -> None:
    """16 towers, one per square, and ``where`` agrees with the board."""
    seen = set()
    for s, t in enumerate(pos.board):
        if t is not None:
            assert (t.side, t.colour) not in seen
            seen.add((t.side, t.colour))
            assert pos.where[t.side][t.colour] == s
    assert len(seen) == 16


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_playouts_keep_one_tower_per_square_and_end(rng):
    """A move never leaves two towers on one square; a push never ends a round; every
    random playout ends in a win (M7) or a deadlock (M8)."""
    pos = random_start(rng)
    start = pos.to_string()
    for _ in range(2000):
        move = step(pos, rng)
        if move is None:
            break
        consistent(pos)
        if move.push:
            assert pos.winner is None and pos.to_move is move.side
    else:
        raise AssertionError(f"no end after 2000 plies: {pos}")
    assert pos.winner is not None or pos.deadlock() is not None
    # and undoing the whole playout gives back the start
    while pos.history:
        pos.undo()
    assert pos.to_string() == start


@SETTINGS
@given(positions())
def test_ordinary_moves_stay_in_range_on_empty_squares(pos):
    for move in pos.legal_moves():
        t = pos.tower_at(move.origin)
        assert t is not None and t.side is pos.to_move and t.colour is move.tower
        if pos.tower is not None:
            assert move.tower is pos.tower  # T2
        ray = RAYS[move.side][move.origin][move.direction]
        if move.push:
            # S4: straight forward, one square, onto the nearest pushed tower
            assert move.direction is F and move.distance == 1 and move.target == ray[0]
            line = move.push
            assert 1 <= len(line) <= MAX_PUSH[t.rings]
            assert list(line) == list(ray[: len(line)])
            for s in line:
                p = pos.tower_at(s)
                assert p is not None and p.side is not move.side and p.rings < t.rings
            assert len(ray) > len(line) and pos.tower_at(ray[len(line)]) is None
        else:
            assert move.direction is not BACK
            assert 1 <= move.distance <= RANGE[t.rings]
            assert move.target == ray[move.distance - 1]
            assert all(pos.tower_at(s) is None for s in ray[: move.distance])


@SETTINGS
@given(positions())
def test_position_string_round_trips(pos):
    text = pos.to_string()
    again = Position.from_string(text)
    assert again == pos and again.to_string() == text
    assert again.winner == pos.winner


@SETTINGS
@given(positions())
def test_play_undo_is_the_identity(pos):
    before = (pos.to_string(), [list(w) for w in pos.where], list(pos.board), pos.winner)
    moves = pos.legal_moves() or ([pos.forfeit_move()] if pos.must_forfeit() else [])
    for move in moves:
        pos.play(move)
        consistent(pos)
        assert pos.undo() == move
        after = (pos.to_string(), [list(w) for w in pos.where], list(pos.board), pos.winner)
        assert after == before


@SETTINGS
@given(positions())
def test_count_moves_is_the_number_of_legal_moves(pos):
    moves = pos.legal_moves()
    assert pos.count_moves() == len(moves)
    assert len(set(moves)) == len(moves)
    assert pos.has_moves() == bool(moves)
    assert pos.must_forfeit() == (pos.winner is None and not moves)


@SETTINGS
@given(positions(), st.data())
def test_resolve_accepts_exactly_the_legal_moves(pos, data):
    """For every direction and distance 0..8 of the tower to move, ``resolve`` succeeds
    iff the move is legal, or is the forfeit of a blocked tower."""
    if pos.winner is not None:
        return
    colour = pos.tower if pos.tower is not None else data.draw(st.sampled_from(list(Colour)))
    legal = {m for m in pos.legal_moves() if m.tower is colour}
    blocked = not pos.has_moves()
    accepted = set()
    for direction in (None, *Direction):
        for distance in range(9):
            try:
                move = pos.resolve(direction, distance, tower=colour)
            except IllegalMoveError as e:
                assert e.rule and str(e)
                continue
            if move.is_forfeit:
                assert blocked and move == pos.forfeit_move()
            else:
                assert move in legal
                assert move.direction is direction and move.distance == distance
            accepted.add(move)
    expected = set(legal)
    if blocked:
        expected.add(pos.forfeit_move())
    assert accepted == expected
    # the coordinate form agrees
    origin = pos.square_of(pos.to_move, colour)
    by_coords = set()
    for target in range(64):
        try:
            by_coords.add(pos.resolve_coords(origin, target))
        except IllegalMoveError:
            pass
    assert by_coords == expected


# -- Position.play_ordinary, the replay's hot path, plays exactly the ordinary moves
# resolve() accepts, and leaves the position as play() of that move does (undo too).

CANDIDATES = list(itertools.product([None, *Colour], Direction, range(-1, 9)))


def resolved(pos: Position, tower: Colour | None, direction: Direction, distance: int):  # type: ignore[no-untyped-def]
    """The ordinary move resolve() finds for these slots, or None."""
    if pos.winner is not None or distance < 1:
        return None
    try:
        move = pos.resolve(direction, distance, tower=tower)
    except IllegalMoveError:
        return None
    return None if move.push else move


@SETTINGS
@given(positions())
def test_play_ordinary_is_resolve_then_play(pos: Position) -> None:
    for tower, direction, distance in CANDIDATES:
        expected = resolved(pos, tower, direction, distance)
        fast = pos.copy()
        got = fast.play_ordinary(tower, direction, distance)
        assert got == expected
        if expected is None:
            assert fast == pos and fast.winner == pos.winner  # nothing changed
            continue
        slow = pos.copy()
        slow.play(expected)
        assert (fast, fast.winner, fast.where) == (slow, slow.winner, slow.where)
        assert fast.undo() == expected
        assert (fast, fast.winner, fast.where) == (pos, pos.winner, pos.where)


# -- Position.play_written, a run of ordinary moves as a record writes them, plays exactly
# what resolve()/resolve_coords() accept one at a time (no push, no forfeit, the written
# square colour), stops at the first other one and changes nothing from there.


def one_by_one(pos: Position, written: list[tuple], start: int) -> int:  # type: ignore[type-arg]
    """The reference: each move resolved and checked on its own, then play()ed."""
    for i in range(start, len(written)):
        tower, direction, distance, lands_on, origin, target = written[i]
        tower, lands_on = (None if c is None else Colour(c) for c in (tower, lands_on))  # (written as values, perhaps)
        direction = None if direction is None else Direction(direction)
        if pos.winner is not None:
            return i
        try:
            if origin >= 0:
                if not (origin < 64 and 0 <= target < 64):
                    return i  # (resolve_coords() takes squares only)
                move = pos.resolve_coords(origin, target)
            elif distance < 1:
                return i
            else:
                move = pos.resolve(direction, distance, tower=tower)
        except IllegalMoveError:
            return i
        if move.push or move.is_forfeit or (lands_on is not None and move.square_colour is not lands_on):
            return i
        pos.play(move)
    return len(written)


@st.composite
def written_runs(draw):  # type: ignore[no-untyped-def]
    """A position, and a run of moves written from a random game from it, some of them
    spoilt (another tower, direction, distance or colour, other squares or none, a
    push or a forfeit written as it is, a back move); the colours and directions as
    members, or as their values (as the readers give them)."""
    pos = draw(positions(max_plies=30))
    rng = draw(st.randoms(use_true_random=False))
    game = pos.copy()
    written = []
    as_values = draw(st.booleans())
    for _ in range(draw(st.integers(0, 16))):
        need = game.tower
        move = step(game, rng)
        if move is None:
            break
        if rng.random() < 0.3:  # the coordinate form
            w = (None, None, 0, None, move.origin, move.target)
        else:
            w = (None if need is not None and rng.random() < 0.5 else move.tower, move.direction, move.distance, move.square_colour if rng.random() < 0.9 else None, -1, -1)
        if rng.random() < 0.15:  # spoilt
            k = rng.randrange(6)
            value = {0: rng.choice(list(Colour)), 1: rng.choice([*Direction, None]), 2: rng.randrange(-1, 9),
                     3: rng.choice(list(Colour)), 4: rng.randrange(-1, 80), 5: rng.randrange(-80, 80)}[k]
            w = w[:k] + (value,) + w[k + 1:]
        if as_values:
            w = tuple(None if v is None else int(v) for v in w[:4]) + w[4:]
        written.append(w)
    return pos, written, min(len(written), draw(st.sampled_from((0, 0, 0, 1, 2))))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(written_runs())
def test_play_written_is_resolve_then_play_one_by_one(run) -> None:  # type: ignore[no-untyped-def]
    pos, written, start = run
    fast, slow = pos.copy(), pos.copy()
    got = fast.play_written(written, start)
    assert got == one_by_one(slow, written, start)
    assert (fast, fast.winner, fast.where, fast.last_mover) == (slow, slow.winner, slow.where, slow.last_mover)
    assert fast.history == slow.history
    # the colours come back as words, whichever way they were written
    assert all(type(m.tower) is Colour for m in fast.history) and type(fast.tower) in (Colour, type(None))
    for _ in range(len(fast.history)):
        assert type(fast.undo().tower) is Colour and type(fast.tower) in (Colour, type(None))
    assert (fast, fast.winner, fast.where) == (pos, pos.winner, pos.where)


def test_play_written_refuses_squares_off_the_board() -> None:
    # d8 is Black's Purple; squares that are none (taken apart as d8-d7 or h8-h7 by a
    # careless table lookup) and origins past h8 are refused, nothing played
    for origin, target in ((59, 115), (59, -9), (59, 64), (70, 51), (64, 0)):
        pos = Position.initial()
        assert pos.play_written([(None, None, 0, None, origin, target)]) == 0
        assert pos == Position.initial() and pos.history == []
    assert Position.initial().play_written([(None, None, 0, None, 59, 51)]) == 1  # d8-d7 itself


def test_play_written_from_to_moves_only_the_movers_tower() -> None:
    # Gold must move Yellow (d1); d4-d5 would be a Gold move, but d4 holds Black's
    # yellow tower: refused, and Gold's yellow tower is not moved in its stead
    pos = Position.from_string("obpk.rgn/......../......../......../...y..../......../......../NGRYKPBO g y")
    before = pos.copy()
    assert pos.play_written([(None, None, 0, None, 27, 35)]) == 0
    assert pos == before and pos.history == []
    assert pos.play_written([(None, None, 0, None, 3, 11)]) == 1  # d1-d2, Gold's own
    assert pos.last_move is not None and pos.last_move.coords() == "d1-d2"
