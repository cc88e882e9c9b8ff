"""The depth-first proof-number search (``prove``, docs/analysis.md) against two searches
written without it: the exhaustive minimax (tests/support/minimax.py) within a few
turns, and the solver's alpha-beta (``Solver(proof=False)``) within more. On random
positions near the end of random rounds (pushes, rings, forfeits and deadlocks
included) it proves exactly the wins within the turns that they find, with a move that
keeps (or escapes) them, and its tables never hold more entries than they are given —
however few, the answers are the same."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import Position, Side
from kamisado_notation.play.proof import Proof, ProofTable, _held, prove
from kamisado_notation.play.solve import Solver
from tests.support.minimax import DEPTH, exhaustive, near_the_end


def _wins_within(pos: Position, side: Side, turns: int) -> bool:
    """Whether ``side`` forces the round's win within ``turns`` turns (exhaustively)."""
    truth = exhaustive(pos.copy(), turns, {})
    return truth is not None and (truth[0] == "win") == (pos.to_move is side)


def _check_move(pos: Position, side: Side, answer: Proof, within: int) -> None:
    """The root's move keeps the proof (the prover's, within the proof's turns) or
    escapes it (the other side's: no win within the turns left after it)."""
    if answer.move is None:
        assert pos.to_move is side and not answer.proven  # (a disproven prover has no move to show)
        return
    after = pos.copy()
    after.play(answer.move)
    if answer.proven:
        assert answer.turns is not None and _wins_within(after, side, answer.turns - 1)
    else:
        assert not _wins_within(after, side, within - 1)


@settings(max_examples=80)
@given(st.randoms(use_true_random=False), st.integers(0, DEPTH))
def test_proofs_agree_with_the_exhaustive_search(rng: random.Random, within: int) -> None:
    pos = near_the_end(rng)
    for side in Side:
        wins = _wins_within(pos, side, within)
        answer = prove(pos, side, within=within)
        assert answer.proven is wins, (pos.to_string(), side, within)
        if wins:  # the proof's turns: no fewer than the fewest, no more than allowed
            assert answer.turns is not None and answer.turns <= within and _wins_within(pos, side, answer.turns)
        if pos.legal_moves() and within:  # (with no turn left, every move is a turn too late)
            _check_move(pos, side, answer, within)


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.integers(0, DEPTH), st.booleans())
def test_one_table_for_both_sides_changes_no_answer(rng: random.Random, within: int, gold_first: bool) -> None:
    """One proof table for both sides' proofs, as the solver keeps it (a side's proven
    win is kept as the other side's loss within any number of turns): each side's
    answer, whichever is proven first and asked again, is the exhaustive search's, for
    a position and the one after a random move of it."""
    pos = near_the_end(rng)
    moves = pos.legal_moves()
    after = pos.copy()
    after.play(rng.choice(moves) if moves else after.forfeit_move())
    table = ProofTable()
    order = (Side.GOLD, Side.BLACK) if gold_first else (Side.BLACK, Side.GOLD)
    for position in (after, pos):
        for side in (*order, *order):
            assert prove(position, side, within=within, table=table).proven is _wins_within(position, side, within), (position.to_string(), side)


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.integers(1, 4))
def test_tables_of_a_few_entries_hold_no_more_and_change_no_answer(rng: random.Random, entries: int) -> None:
    """With tables of ``entries`` entries (entries dropped all the time), the answers are
    the plain search's, and neither table ever held more."""
    pos = near_the_end(rng)
    for side in Side:
        table = ProofTable(entries)
        small = prove(pos, side, within=DEPTH, keep=entries, table=table)
        assert small.proven is prove(pos, side, within=DEPTH).proven, pos.to_string()
        assert small.peak <= entries and len(table) <= entries


@settings(max_examples=30)
@given(st.randoms(use_true_random=False))
def test_proofs_agree_with_the_alpha_beta_search(rng: random.Random) -> None:
    """Within 9 turns, past the exhaustive search's reach: a win the alpha-beta proves
    for one side within them is proven for it within its turns and disproven within
    one fewer; a position it leaves unknown is won by neither within them."""
    within = 9
    pos = near_the_end(rng)
    solved = Solver(proof=False).solve(pos, depth=within)
    table = ProofTable()
    if solved.proven and solved.turns is not None and solved.turns <= within:
        winner = pos.to_move if solved.result == "win" else Side(1 - pos.to_move)
        assert prove(pos, winner, within=solved.turns, table=table).proven is True, pos.to_string()
        assert prove(pos, winner, within=solved.turns - 1, table=table).proven is False, pos.to_string()
        assert prove(pos, Side(1 - winner), within=within, table=table).proven is False, pos.to_string()
    elif not solved.proven:
        assert [prove(pos, side, within=within, table=table).proven for side in Side] == [False, False], pos.to_string()


def _reachable(pos: Position, turns: int) -> dict[int, Position]:
    """Every position reachable from ``pos`` within ``turns`` turns, by key."""
    found: dict[int, Position] = {}
    frontier = [pos.copy()]
    for _ in range(turns + 1):
        after = []
        for here in frontier:
            if here.key() in found:
                continue
            found[here.key()] = here
            if here.winner is not None:
                continue
            for move in here.legal_moves() or [here.forfeit_move()]:
                nxt = here.copy()
                nxt.apply(move)
                after.append(nxt)
        frontier = after
    return found


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.integers(1, DEPTH))
def test_every_entry_the_table_keeps_is_true(rng: random.Random, within: int) -> None:
    """What the proof table holds after both sides' searches (a disproof made of the
    other side's wins keeps that side's win, with its turns) is the exhaustive search's
    truth for every position it names: a side proven to win within ``n`` turns wins
    within ``n``, one proven not to win within ``n`` does not."""
    pos = near_the_end(rng)
    table = ProofTable()
    for side in Side:
        prove(pos, side, within=within, table=table)
    known = 0
    for key, here in _reachable(pos, within).items():
        for side in Side:
            entry = table.entries.get(key << 1 | side)
            if entry is None:
                continue
            won, not_won = entry[0], entry[1]
            if won <= within:
                assert _wins_within(here, side, won), (here.to_string(), side, won)
                known += 1
            if 0 <= not_won <= DEPTH:
                assert not _wins_within(here, side, not_won), (here.to_string(), side, not_won)
    assert known or not any(_wins_within(pos, side, within) for side in Side)


def test_a_position_held_off_before_it_is_searched_is_one_the_prover_does_not_win() -> None:
    """The test a new position with few turns left meets before it is searched
    (``_held``: the other side has a reply to each of the prover's moves that holds it
    off) never holds off a prover who wins within the turns left by the exhaustive
    search, with the prover to move and an even number of turns left or the other side
    and an odd one; it leaves the position as it was, and it does hold some off."""
    held = 0
    for seed in range(120):
        pos = near_the_end(random.Random(seed))
        if pos.winner is not None or pos.tower is None:
            continue
        at, text = pos.where[pos.to_move][pos.tower], pos.to_string()
        for left in range(1, DEPTH + 1):
            for prover in Side:
                if (pos.to_move is prover) is (left % 2 == 1) or not _held(pos.board, pos.where, prover, at, left):
                    continue
                held += 1
                assert pos.to_string() == text and not _wins_within(pos, prover, left), (text, prover, left)
    assert held > 20
