"""The library's sharp edges, as a python-chess user meets them (docs/library.md): copies that
never share a board, a copy that keeps the moves to undo, the round's outcome in one
value, a wrong argument type named in a ``TypeError``, and a ``Recorder`` that refuses a
keyword it does not know. Facts are read from the board itself (towers on the goal rank,
the position string before and after), not from the code under test."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kamisado_notation import IllegalMoveError, Position, Recorder, RoundEnd, Side, validate_text


def _playout(rng: random.Random, plies: int) -> Position:
    """Random legal plies from the start (forfeits played), stopping at the round's end."""
    pos = Position.initial()
    for _ in range(plies):
        moves = pos.legal_moves()
        if pos.winner is not None or (not moves and pos.deadlock() is not None):
            break
        pos.play(rng.choice(moves) if moves else pos.forfeit_move())
    return pos


def _play_some(pos: Position, rng: random.Random, plies: int) -> int:
    """Play up to ``plies`` random legal plies on ``pos``; how many were played."""
    played = 0
    for _ in range(plies):
        moves = pos.legal_moves()
        if pos.winner is not None or (not moves and pos.deadlock() is not None):
            break
        pos.play(rng.choice(moves) if moves else pos.forfeit_move())
        played += 1
    return played


def _state(pos: Position) -> tuple[str, list[str], list[list[int]], Side | None]:
    """Everything a position shows, as plain values taken out of it."""
    return pos.to_string(), [m.coords() for m in pos.history], [list(w) for w in pos.where], pos.winner


COPIES: dict[str, Callable[[Position], Position]] = {
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
    "Position.copy()": lambda p: p.copy(),
    "Position.copy(stack=True)": lambda p: p.copy(stack=True),
}


@pytest.mark.parametrize("how", list(COPIES))
@given(rng=st.randoms(use_true_random=False), before=st.integers(0, 30), after=st.integers(1, 12))
def test_a_copy_is_independent_both_ways(how: str, rng: random.Random, before: int, after: int) -> None:
    """Play on a copy: the original is unchanged (board, side, tower, history, winner);
    play on the original: the copy is unchanged."""
    original = _playout(rng, before)
    replica = COPIES[how](original)
    assert replica.to_string() == original.to_string() and replica is not original
    seen = _state(original)
    _play_some(replica, rng, after)
    assert _state(original) == seen
    copied = _state(replica)
    _play_some(original, rng, after)
    assert _state(replica) == copied


@given(rng=st.randoms(use_true_random=False), before=st.integers(1, 30))
def test_copy_with_the_stack_undoes_to_the_start(rng: random.Random, before: int) -> None:
    """``copy(stack=True)`` and ``copy.copy`` keep the moves played: undoing them all on
    the copy gives the initial position back, and leaves the original where it was; the
    plain ``copy()`` has nothing to undo."""
    original = _playout(rng, before)
    moves = [m.coords() for m in original.history]
    for make in (lambda p: p.copy(stack=True), copy.copy, copy.deepcopy):
        replica = make(original)
        assert [m.coords() for m in replica.history] == moves
        undone = [replica.undo().coords() for _ in moves]
        assert undone == moves[::-1]
        assert replica.to_string() == Position.initial().to_string()
        assert [m.coords() for m in original.history] == moves
    plain = original.copy()
    assert plain.history == [] and plain.to_string() == original.to_string()


def _on_goal_rank(pos: Position, side: Side) -> bool:
    """A tower of ``side`` stands on its opponent's home row (read from the board)."""
    goal = range(8) if side is Side.BLACK else range(56, 64)
    return any((t := pos.board[sq]) is not None and t.side is side for sq in goal)


@given(rng=st.randoms(use_true_random=False))
def test_outcome_at_the_end_of_every_round(rng: random.Random) -> None:
    """Along a random round, ``outcome()`` is ``None`` while a move (or a forfeit that
    leads to one) remains; at its end it names the winner and how: the home row when a
    tower of the winner stands on the goal rank, else a deadlock where neither side can
    move, lost by the side that moved last."""
    pos = Position.initial()
    last_mover = None
    while True:
        outcome = pos.outcome()
        moves = pos.legal_moves()
        if outcome is None:
            assert not _on_goal_rank(pos, Side.BLACK) and not _on_goal_rank(pos, Side.GOLD)
            move = rng.choice(moves) if moves else pos.forfeit_move()
            if move.distance:
                last_mover = move.side
            pos.play(move)
            continue
        if outcome.by is RoundEnd.HOME_ROW:
            assert _on_goal_rank(pos, outcome.winner) and not _on_goal_rank(pos, outcome.winner.other)
        else:
            assert outcome.by is RoundEnd.DEADLOCK and moves == []
            after = pos.copy()
            after.play(after.forfeit_move())
            assert after.legal_moves() == []  # the other side is blocked too
            assert outcome.winner is not last_mover
        assert isinstance(outcome.winner, Side) and outcome == (outcome.winner, outcome.by)
        return


@pytest.mark.parametrize("wrong", ["d8-d4", 42, None, ("d8", "d4")])
def test_a_wrong_argument_is_a_type_error_naming_what_was_expected(wrong: object) -> None:
    pos = Position.initial()
    before = pos.to_string()
    for call in (pos.play, pos.check, pos.is_legal):
        with pytest.raises(TypeError, match="expects a Move, not " + type(wrong).__name__):
            call(wrong)  # type: ignore[arg-type]
    if not isinstance(wrong, str):
        for call in (pos.parse_move, pos.play_text):
            with pytest.raises(TypeError, match=r"expects the text of one entry \(str\)"):
                call(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="expects an entry's text or a Move"):
            Recorder("Single").play(wrong)  # type: ignore[arg-type]
    assert pos.to_string() == before and pos.history == []


def test_text_given_to_play_points_to_play_text() -> None:
    with pytest.raises(TypeError) as caught:
        Position.initial().play("d8-d4")  # type: ignore[arg-type]
    assert "'d8-d4'" in str(caught.value) and "play_text" in str(caught.value)
    assert Position.initial().play_text("d8-d4").coords() == "d8-d4"


@pytest.mark.parametrize(("keyword", "near"), [("blak", "black"), ("gld", "gold"), ("sitee", "site"), ("Evnt", "event"), ("board", None)])
def test_recorder_refuses_an_unknown_keyword(keyword: str, near: str | None) -> None:
    with pytest.raises(TypeError) as caught:
        Recorder("Single", **{keyword: "Bob"})
    message = str(caught.value)
    assert repr(keyword) in message and "headers=" in message
    assert (f"did you mean {near}?" in message) if near else "did you mean" not in message


def test_recorder_writes_known_keywords_and_other_headers_in_order() -> None:
    rec = Recorder("Single", black="Ann", gold="Bob", site="Club", ROUND="3", headers={"Board": "2", "Tiebreak": "no"})
    _ = rec.play("d8-d4")
    text = rec.text()
    assert text.splitlines()[:6] == ['[Black "Ann"]', '[Gold "Bob"]', '[Match "Single"]', '[Site "Club"]', '[Round "3"]', '[Board "2"]']
    assert '[Tiebreak "no"]' in text
    report = validate_text(text)
    assert report.valid and report.diagnostics == [] and report.matches[0].diagnostics == []
    pairs = Recorder("Single", headers=[("Board", "1"), ("Board", "2")]).text()
    assert pairs.count("[Board ") == 2  # pairs keep duplicates, as a record may


def test_play_still_refuses_an_illegal_move_of_the_right_type() -> None:
    pos = Position.initial()
    move = pos.parse_move("d8-d4")
    pos.play(move)
    with pytest.raises(IllegalMoveError):
        pos.play(move)
