"""The built-in engine's search, checked against the rules engine: it takes a win when
there is one, and never hands the opponent a win it could avoid (two plies deep, the
least it must see)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import Position, Side
from kamisado_notation.play.search import WIN, Searcher, evaluate
from tests.support.walks import random_walk


def _positions(seed: int, plies: int) -> Position | None:
    """A position with a choice of moves, along a random Standard match."""
    found = None
    for rec in random_walk(seed, "Standard", plies):
        if len(rec.legal_moves()) > 1:
            found = rec.position
    return found


def _wins(position: Position) -> list[str]:
    goal = 0 if position.to_move is Side.BLACK else 7
    return [m.coords() for m in position.legal_moves() if m.target >> 3 == goal]


def _hands_a_win(position: Position, coords: str) -> bool:
    """Whether playing ``coords`` lets the opponent win the round with his next move
    (after forced forfeits; a push keeps the mover, who is then asked again)."""
    after = position.copy()
    after.play_text(coords)
    while after.winner is None and not after.legal_moves() and after.deadlock() is None:
        after.play_forfeit()
    if after.to_move is position.to_move:
        return False  # a push: the mover moves again (not the opponent's win)
    return bool(_wins(after))


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), plies=st.integers(1, 60))
def test_the_search_takes_a_win_and_avoids_handing_one(seed: int, plies: int) -> None:
    position = _positions(seed, plies)
    if position is None:
        return
    result = Searcher(depth=2).best_move(position, movetime_ms=10**7)
    chosen = result.move.coords()
    if _wins(position):
        assert chosen in _wins(position)
        assert result.score > WIN - 10
        return
    safe = [m.coords() for m in position.legal_moves() if not _hands_a_win(position, m.coords())]
    if safe:
        assert chosen in safe


def test_the_evaluation_sees_the_tower_to_move_with_an_open_path() -> None:
    # Black must move his pink, on c3 (hand-placed); b2 and a1 are empty (Gold's brown
    # stands on a3): c3-a1 reaches Gold's home row.
    position = Position.from_string("obp.yrgn/......../......../......../......../N.k...../......../.GRYKPBO b K")
    assert _wins(position) == ["c3-a1"]
    assert evaluate(position) == WIN - 1
    assert Searcher(depth=3).best_move(position).move.coords() == "c3-a1"
