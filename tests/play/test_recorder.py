"""The Recorder: random legal play through it gives records the validator finds valid
with the same score; an illegal move changes nothing; the forced entries (forfeits,
back-entries) are written by it; the fill is asked for where the rules give a choice."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import (
    Fill,
    IllegalMoveError,
    MatchError,
    NotationError,
    Recorder,
    Side,
    parse_record,
)
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.notation.writer import Form


def _play_randomly(rec: Recorder, data: st.DataObject, *, max_moves: int) -> None:
    for _ in range(max_moves):
        if rec.over:
            return
        if rec.needs_fill:
            rec.fill(data.draw(st.sampled_from(["left", "right", Fill.LEFT, Fill.RIGHT])), lineups=data.draw(st.booleans()))
            continue
        moves = rec.legal_moves()
        move = data.draw(st.sampled_from(moves))
        how = data.draw(st.sampled_from(["move", "coords", "text", "symbols"]))
        if how == "move":
            rec.play(move)
        elif how == "coords":
            rec.play(move.coords() + ("*" if move.push else ""))
        else:
            from kamisado_notation import format_move

            rec.play(format_move(move, form=Form(how), lang=data.draw(st.sampled_from(["en", "de", "ru"]))))


@settings(max_examples=40)
@given(data=st.data(), match=st.sampled_from(["Single", "Standard", "Long"]), form=st.sampled_from([Form.TEXT, Form.SYMBOLS, Form.SHORT, Form.COORDS]))
def test_random_legal_play_records_validate_with_the_same_score(data: st.DataObject, match: str, form: Form) -> None:
    rec = Recorder(match, black="A", gold="B", event="test")
    _play_randomly(rec, data, max_moves=data.draw(st.integers(0, 400)))
    report = validate_text(rec.text(form=form))
    assert report.valid, report.all_diagnostics()[:3]
    [summary] = report.matches
    assert summary.score == rec.score
    assert (summary.status == "complete") == rec.over
    assert summary.winner == rec.winner
    if rec.over:
        assert f'[Result "{rec.result}"]' in rec.text()


@settings(max_examples=40)
@given(data=st.data())
def test_an_illegal_move_leaves_the_recorder_unchanged(data: st.DataObject) -> None:
    rec = Recorder("Standard")
    _play_randomly(rec, data, max_moves=data.draw(st.integers(0, 60)))
    if rec.over or rec.needs_fill:
        return
    before_text, before_position, before_plies = rec.text(), rec.position.to_string(), rec.plies
    legal = {(m.origin, m.target) for m in rec.legal_moves()}
    origin = data.draw(st.integers(0, 63))
    target = data.draw(st.integers(0, 63).filter(lambda t: (origin, t) not in legal))
    from kamisado_notation import square_name

    with pytest.raises((IllegalMoveError, NotationError)):
        rec.play(f"{square_name(origin)}-{square_name(target)}")
    assert (rec.text(), rec.position.to_string(), rec.plies) == (before_text, before_position, before_plies)


def test_a_wrong_square_colour_names_its_rule_and_changes_nothing() -> None:
    rec = Recorder("Single")
    with pytest.raises(IllegalMoveError) as e:
        rec.play("Pink Forward 4 Green")  # d8-d4 ends on a brown square
    assert e.value.rule == "square"
    assert rec.plies == 0
    with pytest.raises(NotationError):
        rec.play("Pink Forward")  # no distance: not a move
    with pytest.raises(IllegalMoveError) as e:
        rec.play("Pink 0 Pink")  # a tower that can move may not forfeit
    assert e.value.rule == "M5" and rec.plies == 0


def test_a_push_writes_its_back_entry_and_the_pusher_moves_again() -> None:
    # Black's Sumo pink on d5 (hand-placed), Gold's green right in front of it on d4.
    rec = Recorder("Standard", position="obp.yrgn/......../......../...k+..../...G..../......../......../N.RYKPBO b K")
    push = rec.play("d5-d4*")
    assert push.push == (27,)  # d4 (a brown square): Gold's green, pushed onto d3, a purple one
    assert rec.to_move is Side.BLACK and rec.position.tower is not None and rec.position.tower.title == "Purple"  # S3
    assert "1. Pink Forward 1 Brown   Green Back 1 Purple" in rec.text()
    assert validate_text(rec.text()).valid


def test_a_blocked_tower_forfeits_by_itself() -> None:
    # Black's yellow, red and purple stand on d2, e2, f2: Gold's pink on e1 cannot move.
    rec = Recorder("Single", position="ob.k..gn/......../......../......../......../......../...yrp../NGRYKPBO b N")
    rec.play("h8-h4")  # Black's brown onto h4, a pink square: Gold must move his pink
    assert rec.to_move is Side.BLACK and rec.position.tower is not None and rec.position.tower.title == "Pink"  # M6: e1 is pink
    assert "1. Brown Forward 4 Pink   Pink 0 Pink" in rec.text()
    assert validate_text(rec.text()).valid


def test_the_fill_is_asked_for_between_rounds() -> None:
    rec = Recorder("Standard")
    with pytest.raises(MatchError):
        rec.fill("left")  # round 1 is being played
    while not rec.round_over:
        moves = rec.legal_moves()
        goal = 0 if rec.to_move is Side.BLACK else 7
        wins = [m for m in moves if m.target >> 3 == goal]
        rec.play(wins[0] if wins else moves[0])
    assert rec.needs_fill and rec.to_move is None
    assert rec.defender is rec.round_result.winner  # type: ignore[union-attr]
    with pytest.raises(MatchError, match="fill"):
        rec.play("d8-d4")  # no move before the Defender's fill
    with pytest.raises(MatchError):
        rec.fill("sideways")
    rec.fill("right", lineups=True)
    assert rec.round_number == 2 and not rec.needs_fill
    text = rec.text()
    assert "Round 2 fill right" in text and "Lineup Black:" in text
    assert validate_text(text).valid


def test_terminate_writes_the_termination_and_keeps_the_points_as_played() -> None:
    rec = Recorder("Standard", black="X", gold="Y")
    rec.play("d8-d4")
    rec.terminate(Side.GOLD, "time forfeit", comment="Y did not answer")
    assert rec.over and rec.winner is Side.BLACK and rec.result == "0-0"
    text = rec.text()
    assert '[Result "0-0"]' in text and '[Termination "Gold loses: time forfeit"]  # Y did not answer' in text
    report = validate_text(text)
    assert report.valid and report.matches[0].status == "in-progress"
    with pytest.raises(MatchError):
        rec.play("a1-a2")


def test_headers_in_order_and_other_keywords() -> None:
    rec = Recorder(5, black="A", gold="B", event="E", Date="2026.11.25", site="Club")
    lines = rec.text().splitlines()
    assert lines[:6] == ['[Event "E"]', '[Black "A"]', '[Gold "B"]', '[Target "5"]', '[Date "2026.11.25"]', '[Site "Club"]']
    with pytest.raises(MatchError):
        Recorder("Huge")


def test_a_header_comment_is_written_as_a_comment_is_read() -> None:
    """``comment_header`` writes ``# text`` (a blank after the mark, as people write it),
    and reading the record back gives the same text."""
    rec = Recorder("Single", black="Ann", gold="Bob")
    rec.comment_header("Black", "engine: ./my-engine --depth 3")
    text = rec.text()
    assert '[Black "Ann"]  # engine: ./my-engine --depth 3' in text.splitlines()
    (header,) = [h for h in parse_record(text).matches[0].headers if h.name == "Black"]
    assert [c.text for c in header.comments] == [" engine: ./my-engine --depth 3"]


@pytest.mark.parametrize("position", [5, b"obpkyrgn", ["a"], 1.5])
def test_a_start_that_is_no_position_is_a_type_error_that_says_what_is_expected(position: object) -> None:
    with pytest.raises(TypeError, match="position string or a Position"):
        Recorder(position=position)  # type: ignore[arg-type]
