"""The library as a python-chess user reaches for it: checked play, a move read from and
written to text in every form and language, enums that read as words, positions indexed
as a sequence, headers read as a mapping, records read from streams. Legality is judged
here from the move list (``legal_moves``), slots from the test's own comparison."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kamisado_notation import (
    Colour,
    Direction,
    Form,
    IllegalMoveError,
    Move,
    NotationError,
    Position,
    Side,
    format_record,
    parse_square,
    read_record,
    replay_match,
)
from kamisado_notation.engine.board import RAYS, SQUARE_COLOURS
from tests.support.paths import ROOT

FORMS = ("symbols", "text", "short", "coords")
LANGS = ("en", "de", "hu", "pt", "ro", "ru")


def _playout(rng: random.Random, plies: int) -> Position:
    """A position of a real round: random legal plies from the start (forfeits played)."""
    pos = Position.initial()
    for _ in range(plies):
        if pos.winner is not None or pos.deadlock() is not None:
            break
        moves = pos.legal_moves()
        pos.apply(rng.choice(moves) if moves else pos.forfeit_move())
    return pos


positions = st.builds(_playout, st.randoms(use_true_random=False), st.integers(0, 40))


def _every_move_shape(pos: Position) -> list[Move]:
    """Every move any tower of either side could be asked to make along its rays,
    legal or not (the test's candidates; legality is not judged here)."""
    shapes = []
    for sq, tower in enumerate(pos.board):
        if tower is None:
            continue
        for direction in (Direction.FORWARD, Direction.LEFT, Direction.RIGHT):
            for distance, target in enumerate(RAYS[tower.side][sq][direction], start=1):
                shapes.append(Move(tower.side, tower.colour, sq, target, direction, distance))
        shapes.append(Move(tower.side, tower.colour, sq, sq, None, 0))
    return shapes


@given(positions, st.data())
def test_play_is_checked_and_an_illegal_move_changes_nothing(pos: Position, data: st.DataObject) -> None:
    legal = set(pos.legal_moves()) if pos.winner is None else set()
    if pos.winner is None and pos.must_forfeit() and pos.tower is not None:
        legal.add(pos.forfeit_move())
    move = data.draw(st.sampled_from(_every_move_shape(pos)))
    before, history = pos.to_string(), pos.history
    if move in legal:
        pos.play(move)
        assert pos.last_move == move
    else:
        with pytest.raises(IllegalMoveError) as raised:
            pos.play(move)
        assert raised.value.rule
        assert pos.to_string() == before and pos.history == history


@given(positions, st.sampled_from(FORMS), st.sampled_from(LANGS))
def test_every_legal_move_written_in_any_form_reads_back_as_itself(pos: Position, form: str, lang: str) -> None:
    if pos.winner is not None:
        return
    moves = pos.legal_moves() or ([pos.forfeit_move()] if pos.tower is not None else [])
    for move in moves:
        assert pos.parse_move(move.text(form, lang)) == move


def _slots(move: Move) -> tuple[object, ...]:
    return (move.tower, move.direction, move.distance, move.square_colour)


@given(positions, st.data())
def test_a_wrong_square_colour_is_named_with_its_slot_when_one_move_fits(pos: Position, data: st.DataObject) -> None:
    moves = [m for m in pos.legal_moves() if not m.push] if pos.winner is None else []
    if not moves:
        return
    move = data.draw(st.sampled_from(moves))
    wrong = data.draw(st.sampled_from([c for c in Colour if c is not move.square_colour]))
    written = (move.tower, move.direction, move.distance, wrong)
    text = f"{move.tower} {move.direction} {move.distance} {wrong}"
    # the legal moves that differ from what is written in exactly one slot
    near = [m for m in pos.legal_moves() if sum(a != b for a, b in zip(_slots(m), written, strict=True)) == 1]
    with pytest.raises(IllegalMoveError) as raised:
        pos.parse_move(text)
    assert raised.value.rule == "square"
    assert raised.value.slot == ("square" if len(near) == 1 else None)


def test_parse_move_names_the_rule_of_a_move_that_breaks_one() -> None:
    pos = Position.initial()
    with pytest.raises(IllegalMoveError) as raised:
        pos.parse_move("Pink Forward 8 Brown")  # d8: the board ends after 7 squares
    assert raised.value.rule == "M1"
    pos.play_text("Pink Forward 4 Brown")  # d8-d4, a brown square: Gold must move Brown
    with pytest.raises(IllegalMoveError) as raised:
        pos.parse_move("Yellow Forward 1 Blue")
    assert (raised.value.rule, raised.value.slot) == ("T2", "tower")
    with pytest.raises(NotationError):
        pos.parse_move("Brown sideways")
    assert pos.to_string() == "obp.yrgn/......../......../......../...k..../......../......../NGRYKPBO g N"


def test_play_text_reads_every_language_and_the_coordinates() -> None:
    pos = Position.initial()
    first = pos.play_text("rózsaszín előre 4 barna")  # Hungarian: Pink Forward 4 Brown
    assert (first.origin, first.target) == (parse_square("d8"), parse_square("d4"))
    second = pos.play_text("a1-a2")
    assert second.side is Side.GOLD and second.tower is Colour.BROWN
    assert repr(second) == "<Move Gold Brown a1-a2 Forward 1>"
    assert second.text("short") == "Br F1 Pu" and SQUARE_COLOURS[second.target] is Colour.PURPLE


def test_sides_and_colours_read_as_words_and_are_true() -> None:
    assert f"{Side.BLACK} moves {Colour.BROWN}" == "Black moves Brown"
    assert str(Direction.LEFT) == "Left"
    assert all(bool(v) for v in (*Side, *Colour, *Direction))
    match = replay_match(read_record(str(ROOT / "samples" / "standard-match.kmr")).matches[0])
    black_rounds = [r for r in match.rounds if r.result is not None and r.result.winner is Side.BLACK]
    assert black_rounds and all(r.result.winner for r in black_rounds if r.result is not None)


def test_position_at_indexes_like_a_sequence() -> None:
    match = replay_match(read_record(str(ROOT / "samples" / "pushes.kmr")).matches[0])
    rnd = match.rounds[0]
    n = len(rnd.plies)
    assert rnd.position_at(0) == rnd.start
    assert rnd.position_at(-1) == rnd.position_at(n) == rnd.position_at()
    assert rnd.position_at(-n - 1) == rnd.start
    for bad in (n + 1, -n - 2, 999):
        with pytest.raises(IndexError):
            rnd.position_at(bad)
    pos = rnd.start.copy()  # ply by ply, as a reader steps through the round
    for i, ply in enumerate(rnd.plies, start=1):
        if ply.move is not None and ply.kind.value != "back":
            pos.play(ply.move)
        assert rnd.position_at(i) == pos


def test_headers_read_like_a_mapping_and_keep_order_and_duplicates() -> None:
    text = '[Event "Club night"]\n[Black "Johan"]\n[Gold "Alain"]\n[Note "one"]\n[note "two"]\n\nRound 1\n1. Pu L1 Pu\n'
    record = read_record(io.StringIO(text))
    headers = record.matches[0].headers
    assert headers["Black"] == "Johan" and headers["GOLD"] == "Alain"
    assert "event" in headers and "Result" not in headers and headers.get("Result") is None
    assert headers["Note"] == "one"  # the first of a name written twice
    assert list(headers.names()) == ["Event", "Black", "Gold", "Note", "note"]
    assert headers[3].value == "one" and [h.value for h in headers[3:]] == ["one", "two"]
    with pytest.raises(KeyError):
        headers["Result"]
    assert '[note "two"]' in format_record(record, form=Form.TEXT)


def test_read_record_takes_text_and_byte_streams() -> None:
    path = ROOT / "samples" / "club-night.kmr"
    by_path = read_record(str(path))
    with path.open(encoding="utf-8") as text_stream:
        by_text = read_record(text_stream)
    by_bytes = read_record(io.BytesIO(path.read_bytes()))
    assert by_text.path == str(path) and by_bytes.path == "<stream>"
    for other in (by_text, by_bytes):
        assert format_record(other, form=Form.TEXT) == format_record(by_path, form=Form.TEXT)
        assert [m.headers.get("Black") for m in other.matches] == [m.headers.get("Black") for m in by_path.matches]
