"""The built-in engine's search, checked against the rules engine: it takes a win when
there is one, and never hands the opponent a win it could avoid (two plies deep, the
least it must see)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import Position, Side
from kamisado_notation.errors import ArgumentError
from kamisado_notation.play.search import DEFAULT_VARIETY, WIN, Limits, Searcher, evaluate
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


# -- variety: a move within a margin of the best, chosen by the seed (docs/engines.md)


def _game(seed: int, variety: int, plies: int = 8) -> tuple[str, ...]:
    """The engine against itself from the start, three plies deep (no time: the same
    game on any machine), Gold seeded apart from Black."""
    black, gold = Searcher(seed=seed, variety=variety), Searcher(seed=seed + 1000, variety=variety)
    pos = Position.initial()
    moves: list[str] = []
    while len(moves) < plies and pos.winner is None:
        if not pos.has_moves():
            pos.play(pos.forfeit_move())
            continue
        searcher = black if pos.to_move is Side.BLACK else gold
        move = searcher.search(pos, Limits(depth=3, nodes=10**9)).move
        moves.append(move.coords())
        pos.play(move)
    return tuple(moves)


def test_seeds_vary_the_games_and_each_seed_repeats_its_own() -> None:
    varied = {_game(seed, DEFAULT_VARIETY) for seed in range(8)}
    strongest = {_game(seed, 0) for seed in range(8)}
    assert len(varied) >= 6  # (7 of 8 when written; the best move only: the start's mirrored pair, 2)
    assert len(strongest) < len(varied)
    assert _game(5, DEFAULT_VARIETY) == _game(5, DEFAULT_VARIETY)
    assert Searcher().seed != Searcher().seed  # (no seed: each engine draws its own)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(1, 60), variety=st.integers(1, 60))
def test_a_move_chosen_for_variety_is_within_the_margin_and_never_below_a_proven_score(seed: int, plies: int, variety: int) -> None:
    position = _positions(seed, plies)
    if position is None:
        return
    limits = Limits(depth=3, nodes=10**9)
    best = Searcher(variety=0).search(position, limits)
    chosen = Searcher(variety=variety, seed=seed).search(position, limits)
    assert best.score - variety <= chosen.score <= best.score
    if best.proven is not None:  # a forced win in the fewest plies, a forced loss held longest
        assert (chosen.proven, chosen.score) == (best.proven, best.score)


def test_a_variety_outside_its_range_is_refused() -> None:
    from typer.testing import CliRunner

    from kamisado_notation.cli.app import app

    with pytest.raises(ArgumentError, match="variety"):
        Searcher(variety=-1)
    r = CliRunner().invoke(app, ["engine", "--variety", "1001"], input="quit\n")
    assert r.exit_code == 2 and "variety is a whole number of points from 0 to 1000" in r.stderr
