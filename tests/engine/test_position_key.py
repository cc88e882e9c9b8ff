"""Positions hash and compare by what they are (docs/library.md, docs/analysis.md): equal exactly when their
position strings are, with equal hashes, and a Zobrist key a search keeps up to date
move by move (``key ^ key_change(move)``) that always equals the key computed afresh."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from kamisado_notation import Position
from tests.support.positions import SETTINGS, positions, random_start


@SETTINGS
@given(positions(), positions())
def test_positions_are_equal_exactly_when_their_strings_are(a: Position, b: Position) -> None:
    same = a.to_string() == b.to_string()
    assert (a == b) is same
    assert (a.key() == b.key()) is same  # 64 bits: a collision here would be news
    again = Position.from_string(a.to_string())
    assert again == a and hash(again) == hash(a) and again.key() == a.key()


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_the_key_kept_move_by_move_is_the_key(rng: random.Random) -> None:
    """Along a random round (pushes, forfeits, free choices), the key updated with
    ``key_change`` before each move equals ``key()`` after it (``keys_after`` gives each
    move's at once, ``moves_and_keys`` the moves with them); undoing restores it."""
    pos = random_start(rng)
    key = pos.key()
    keys = [key]
    while pos.winner is None and len(keys) < 300:
        moves = pos.legal_moves()
        if not moves and pos.deadlock() is not None:
            break
        move = rng.choice(moves) if moves else pos.forfeit_move()
        played = moves or [move]
        assert pos.keys_after(key, played) == [key ^ pos.key_change(m) for m in played]  # (all of them at once)
        assert pos.moves_and_keys(key) == (moves, pos.keys_after(key, moves))
        key ^= pos.key_change(move)
        pos.apply(move)
        assert key == pos.key()
        keys.append(key)
    while len(keys) > 1:
        pos.undo()
        keys.pop()
        assert pos.key() == keys[-1]


def test_a_set_of_positions_holds_each_position_once() -> None:
    start = Position.initial()
    after = start.copy()
    move = after.legal_moves()[0]
    after.play(move)
    table = {start: "start", Position.initial(): "again", after: "after"}
    assert len(table) == 2 and table[Position.from_string(start.to_string())] == "again"
    assert {start, after, Position.from_string(after.to_string())} == {start, after}


def test_the_last_mover_tells_positions_apart() -> None:
    """A forfeit leaves the board as it was: the position string's fourth field (who
    made the last move, M8) is what tells the two positions apart."""
    plain = Position.from_string("obpkyrgn/......../......../......../......../......../......../NGRYKPBO g K")
    marked = Position.from_string("obpkyrgn/......../......../......../......../......../......../NGRYKPBO g K g")
    assert plain != marked and plain.key() != marked.key()
    assert hash(plain) != hash(marked)
