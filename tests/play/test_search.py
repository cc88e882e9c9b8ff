"""The built-in engine's search, checked against the rules engine: it takes a win when
there is one, and never hands the opponent a win it could avoid (two plies deep, the
least it must see); its seeds vary its games; and what its solver proves it plays out
against a perfect defender (the exhaustive search's, or the solver's with no limit),
with budgets of nodes (the same games on any machine)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import Move, Position, Side, solve, solve_moves
from kamisado_notation.errors import ArgumentError
from kamisado_notation.play.search import DEFAULT_VARIETY, WIN, Limits, Searcher, SearchResult, evaluate
from tests.support.minimax import DEPTH, exhaustive, near_the_end
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


# -- proofs: what the solver proves, the engine plays out (docs/engines.md, "Proven positions")


def _over(pos: Position) -> Side | None:
    """The round's winner when it is over (a tower home, or a deadlock), else ``None``."""
    outcome = pos.outcome()
    return None if outcome is None else outcome.winner


def _exhaustive_hold(pos: Position, turns: int) -> Move:
    """A perfect defender's move in ``pos``, lost within ``turns``: one after which the
    round lasts longest, by the exhaustive search (tests/support/minimax.py)."""
    held: list[tuple[int, Move]] = []
    for move in pos.legal_moves():
        after = pos.copy()
        after.play(move)
        value = exhaustive(after, turns - 1, {})
        assert value is not None, (pos.to_string(), move.coords())
        held.append((value[1], move))
    return max(held, key=lambda h: h[0])[1]


def _solver_hold(pos: Position) -> Move:
    """A perfect defender's move: the slowest loss the solver proves (no limit)."""
    answer = solve(pos)
    assert answer.result == "loss" and answer.best is not None, pos.to_string()
    return answer.best


def _play_out(start: Position, engine: Searcher, limits: Limits, hold: Callable[[Position], Move]) -> tuple[Side | None, int, list[SearchResult]]:
    """The round played from ``start``: the engine for the side to move, ``hold`` for the
    other; the winner, the turns (each move and each forfeit; a push one), and the
    engine's results."""
    pos, side = start.copy(), start.to_move
    turns, results = 0, []
    while _over(pos) is None:
        if not pos.has_moves():
            pos.play(pos.forfeit_move())
        elif pos.to_move is side:
            results.append(engine.search(pos, limits))
            pos.play(results[-1].move)
        else:
            pos.play(hold(pos))
        turns += 1
    return _over(pos), turns, results


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2**32))
def test_a_win_is_played_out_in_its_turns_against_a_perfect_defender(rng: random.Random, seed: int) -> None:
    """Positions near a round's end that the exhaustive search proves won in N turns:
    the engine, with a budget of nodes a move (the same game on any machine), wins in
    exactly N against a defender who always holds out longest, each move reported
    proven."""
    pos = near_the_end(rng)
    truth = exhaustive(pos.copy(), DEPTH, {})
    if truth is None or truth[0] != "win":
        return
    n = truth[1]
    winner, turns, results = _play_out(pos, Searcher(seed=seed), Limits(nodes=20_000), lambda p: _exhaustive_hold(p, n))
    assert (winner, turns) == (pos.to_move, n), pos.to_string()
    assert all(r.proven == "win" for r in results)


#: Positions proven won for the side to move, with their turns and a budget of nodes a
#: move within which the engine's solver proves the win at its first move (a bound only,
#: for some): Gold's after Black's first moves g8-h7 (Gold wins in 11), h8-g7 (13) and
#: h8-f6 (15) from the standard start; the solver's tests' positions won in 15, 8 (by a
#: deadlock) and 9.
PROVEN = (
    ("obpkyr.n/.......g/......../......../......../......../......../NGRYKPBO g P", 11, 60_000),
    ("obpkyrg./......n./......../......../......../......../......../NGRYKPBO g N", 13, 60_000),
    ("obpkyrg./......../.....n../......../......../......../......../NGRYKPBO g N", 15, 240_000),
    ("y....o++.n/.p..k+.../.r.Pg++.../....B.../......../......O+./K...R+++.b./..G.N..Y+ b N", 15, 20_000),
    ("...p..b./.......n+++/Ko++y+r+g+++.../P++..R..Y./B+......./......../.....O.k++/.N+++..G... b G", 8, 20_000),
    ("obpky.../......../......../.....r../.......n/.G....../....K.gO/N.RY.PB. b Y", 9, 20_000),
)


@pytest.mark.parametrize(("start", "n", "nodes"), PROVEN)
def test_a_win_the_solver_proves_is_never_let_go(start: str, n: int, nodes: int) -> None:
    """From a position proven won in N turns, the engine with a budget of nodes a move
    proves the win at its first move; from then on every move of its is reported
    proven, within turns that never grow (the proof, kept in the solver's tables from
    move to move, holds), and it wins against a perfect defender within the first
    proof's turns: in N when the first proof found them. The same seed plays the same
    round again."""
    pos = Position.from_string(start)
    assert (solve(pos).result, solve(pos).turns) == ("win", n)
    winner, turns, results = _play_out(pos, Searcher(seed=3), Limits(nodes=nodes), _solver_hold)
    assert winner is pos.to_move and results[0].proven == "win"
    assert all(r.proven == "win" and r.within is not None for r in results)
    bounds = [r.within for r in results]
    assert all(b is not None and a is not None and b <= a - 2 for a, b in itertools.pairwise(bounds)), bounds  # (a move of each side between)
    first = results[0]
    assert first.within is not None and n <= turns <= first.within
    if first.turns is not None:
        assert turns == n
    again = _play_out(pos, Searcher(seed=3), Limits(nodes=nodes), _solver_hold)
    assert [r.move for r in again[2]] == [r.move for r in results]


def _fastest(pos: Position, result: str, n: int) -> set[str]:
    """The moves of ``pos`` (``result`` in ``n`` turns for its side to move) that keep
    that result in ``n``: the fastest wins, or the longest holds, by the exhaustive search."""
    kept = set()
    for move in pos.legal_moves():
        after = pos.copy()
        after.play(move)
        value = exhaustive(after, n - 1, {})
        if value is None:
            continue
        mine = value[0] if after.to_move is pos.to_move else {"win": "loss", "loss": "win"}[value[0]]
        if (mine, value[1]) == (result, n - 1):
            kept.add(move.coords())
    return kept


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_seeds_choose_among_the_moves_proven_as_good(rng: random.Random) -> None:
    """In a position proven won or lost (the exhaustive search), the engine plays a
    fastest win or a longest hold whatever its seed, and different seeds choose among
    them: the games vary, never across a proof."""
    pos = near_the_end(rng)
    truth = exhaustive(pos.copy(), DEPTH, {})
    if truth is None or truth[1] < 2 or not pos.has_moves():
        return
    best = _fastest(pos, *truth)
    played = {Searcher(seed=seed).search(pos, Limits(nodes=20_000)).move.coords() for seed in range(16)}
    assert played <= best, pos.to_string()
    if len(best) > 1:
        assert len(played) > 1, pos.to_string()  # (one of k ≥ 2 moves 16 times at random: at most 2^-15)


#: Positions near a round's end where two moves are as good as each other (the
#: exhaustive search), with the two: wins in 3 and 5, losses in 4.
EQUALS = (
    (".....b../....rB++../..o.Oy+++../......../.......N+++/g+.pkP+++.../...n..K+./R+++G++Y..... b R", {"e7-b4", "e7-d6"}),
    ("g+...b.p+++./..y+++...../...k+.r.n/O+o.N..../......../.R...G../......KB+++/.PY+..... g P", {"b1-a2", "b1-h7"}),
    ("......y+./.o+++.....G+/P+rg+++O+b+++.../....KY++../.n....../...B++R+++.../..k....p+/......N+. b R", {"b6-c5", "b6-d4"}),
    (".k....../....P+yK+./..b+++O+++R.../.n++.Y+...p/......../.r++....g./...o+B+.../..N+....G g B", {"e2-e5", "e2-g4"}),
)


@pytest.mark.parametrize(("start", "equals"), EQUALS)
def test_seeds_play_each_of_the_moves_proven_as_good(start: str, equals: set[str]) -> None:
    pos = Position.from_string(start)
    truth = exhaustive(pos.copy(), DEPTH, {})
    assert truth is not None and _fastest(pos, *truth) == equals
    assert {Searcher(seed=seed).search(pos, Limits(nodes=20_000)).move.coords() for seed in range(16)} == equals


def _round(seed: int, level: str = "search") -> tuple[str, ...]:
    """Round 1 from the standard start, the engine against itself (Gold seeded apart from
    Black), 3,000 nodes a move: the same round on any machine."""
    players = (Searcher(seed=seed, level=level), Searcher(seed=seed + 1000, level=level))
    pos, moves = Position.initial(), []
    while _over(pos) is None:
        move = players[pos.to_move].search(pos, Limits(nodes=3000)).move if pos.has_moves() else pos.forfeit_move()
        moves.append(move.coords())
        pos.play(move)
    return tuple(moves)


def test_seeds_vary_whole_rounds_and_each_seed_repeats_its_own() -> None:
    """Whole rounds, the solver's proven moves included (a seed chooses among the moves
    proven as good), differ from seed to seed; a seed plays its round again."""
    rounds = [_round(seed) for seed in range(6)]
    assert len(set(rounds)) >= 5  # (6 of 6 when written)
    assert _round(2) == rounds[2]
    random_rounds = [_round(seed, "random") for seed in range(6)]  # (the Random option: random legal moves)
    assert len(set(random_rounds)) == 6 and _round(2, "random") == random_rounds[2]


def test_a_search_limited_by_depth_alone_repeats_itself() -> None:
    """``go depth`` limits no time: the solver's share is a budget of nodes
    (``UNTIMED_NODES``), so the same seed plays the same move, with the same count."""
    pos = Position.from_string(PROVEN[0][0])
    first, again = (Searcher(seed=4).search(pos, Limits(depth=20)) for _ in range(2))
    assert (first.move, first.nodes, first.pv, first.proven) == (again.move, again.nodes, again.pv, "win")


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2**32), st.integers(0, 3))
def test_a_loss_whose_turns_are_not_known_is_held_longest(rng: random.Random, seed: int, slack: int) -> None:
    """In a position the exhaustive search proves lost in N turns, the move the engine
    seeks when only a bound is proven (``within`` N or more: each move tested, a proof
    within one turn fewer at a time) is one that holds out the N turns."""
    from kamisado_notation.play.search import _Budget

    pos = near_the_end(rng)
    truth = exhaustive(pos.copy(), DEPTH, {})
    if truth is None or truth[0] != "loss" or truth[1] < 2 or not pos.has_moves():
        return
    move, line = Searcher(seed=seed)._longest_hold(pos, truth[1] + slack, _Budget(None, None, None))
    assert move.coords() in _fastest(pos, "loss", truth[1]), pos.to_string()
    assert line[0] == move


#: A position Black loses in 16 turns (Gold's win in 17 after Black's first move h8-h6,
#: its fastest move g1-g7 played); h6-h3 alone holds out the 16 turns.
LOST_IN_16 = "obpkyrg./......B./.......n/......../......../......../......../NGRYKP.O b N"


@pytest.mark.parametrize("nodes", [200_000, 300_000])
def test_a_loss_proven_without_its_turns_is_held_longest(nodes: int) -> None:
    """With a budget of nodes within which the engine's solver proves the loss but not
    its fewest turns, the engine still plays the move that holds out longest (by
    ``solve_moves``, with no limit), whatever its seed (main played h6-h5, a loss in
    14)."""
    pos = Position.from_string(LOST_IN_16)
    values = solve_moves(pos)
    longest = max(v.turns for v in values if v.turns is not None)
    holds = {v.move.coords() for v in values if v.turns == longest}
    assert longest == 16 and holds == {"h6-h3"}
    for seed in (1, 2):
        result = Searcher(seed=seed).search(pos, Limits(nodes=nodes))
        assert result.proven == "loss" and result.move.coords() in holds
