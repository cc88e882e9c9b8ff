"""The Recorder as a scorer uses it: undo (across a round's start too), resumption from
its own record at any point, the autosaved file, and the errors a wrong entry gets
(with the validator's corrections, never an AttributeError or AssertionError)."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import (
    Fill,
    IllegalMoveError,
    KamisadoError,
    MatchError,
    Move,
    NotationError,
    Recorder,
    UnknownWord,
    parse_record,
)
from kamisado_notation.checking.validate import validate_text


@dataclass(frozen=True)
class Choice:
    """One choice of a scorer: a move (with its comments) or a fill (with lineups)."""

    move: Move | None = None
    comments: tuple[str, ...] = ()
    fill: Fill | None = None
    lineups: bool = False

    def make(self, rec: Recorder) -> None:
        if self.fill is not None:
            rec.fill(self.fill, lineups=self.lineups)
        else:
            assert self.move is not None
            rec.play(self.move, comments=list(self.comments))
            for text in self.comments:
                rec.comment(text + " again")


def _choose(rec: Recorder, rng: random.Random) -> Choice:
    """A fill where one is awaited, else a legal move (a push preferred, so that
    back-entries and the forfeits they bring come up)."""
    if rec.needs_fill:
        return Choice(fill=rng.choice([Fill.LEFT, Fill.RIGHT]), lineups=rng.random() < 0.3)
    moves = rec.legal_moves()
    pushes = [m for m in moves if m.push]
    move = rng.choice(pushes) if pushes and rng.random() < 0.7 else rng.choice(moves)
    return Choice(move=move, comments=("a note",) if rng.random() < 0.05 else ())


def _played(seed: int, steps: int, match: str = "Standard", **options: str) -> tuple[Recorder, list[Choice]]:
    rec, rng, choices = Recorder(match, black="Ann", gold="Bob", **options), random.Random(seed), []
    for _ in range(steps):
        if rec.over:
            break
        choice = _choose(rec, rng)
        choice.make(rec)
        choices.append(choice)
    return rec, choices


def _state(rec: Recorder) -> tuple[object, ...]:
    return (rec.text(), rec.to_move, rec.round_number, rec.score, rec.needs_fill, rec.over, rec.legal_moves())


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150), back=st.integers(1, 15))
def test_undo_then_replay_gives_the_same_record(seed: int, steps: int, back: int) -> None:
    rec, choices = _played(seed, steps)
    before = _state(rec)
    back = min(back, len(choices))
    for choice in reversed(choices[len(choices) - back :]):
        for _ in choice.comments:  # the comment added after the move, then the move's own
            assert rec.undo() == "a note again"
        undone = rec.undo()
        assert undone == (choice.fill if choice.fill is not None else choice.move)
    for choice in choices[len(choices) - back :]:
        choice.make(rec)
    assert _state(rec) == before


def test_undo_crosses_a_round_start_and_a_round_end() -> None:
    fresh, _ = _played(7, 0)
    for choice in _played(7, 400)[1]:  # the same choices, up to round 1's end
        was_round = fresh.round_number
        choice.make(fresh)
        if fresh.needs_fill:
            break
    assert fresh.needs_fill and fresh.round_number == was_round
    score = fresh.score
    fresh.fill("right")
    assert fresh.round_number == 2 and not fresh.needs_fill
    assert fresh.undo() is Fill.RIGHT  # back before round 2's start: the fill is awaited again
    assert fresh.needs_fill and fresh.round_number == 1 and fresh.score == score
    last = fresh.undo()  # the move that ended round 1: its points go with it
    assert isinstance(last, Move) and not fresh.round_over and sum(fresh.score.values()) < sum(score.values())
    assert last in fresh.legal_moves()


def test_nothing_to_undo_is_a_match_error() -> None:
    with pytest.raises(MatchError, match="nothing to undo"):
        Recorder().undo()


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150), match=st.sampled_from(["Single", "Standard", "Long"]))
def test_a_record_resumed_at_any_point_is_the_same_match(seed: int, steps: int, match: str) -> None:
    rec, _ = _played(seed, steps, match, site="Club")
    text = rec.text()
    again = Recorder.from_record(text)
    assert _state(again) == _state(rec)
    # and it goes on as the first would
    rng = random.Random(seed + 1)
    for _ in range(20):
        if rec.over:
            break
        choice = _choose(rec, rng)
        choice.make(rec)
        choice.make(again)
    assert again.text() == rec.text()


def test_a_record_in_other_forms_resumes_as_ours(tmp_path: Path) -> None:
    rec, _ = _played(3, 60)
    for form in ("symbols", "short", "coords"):
        resumed = Recorder.from_record(rec.text(form=form, lang="de"))
        assert [m for m in resumed.legal_moves()] == rec.legal_moves()
        assert resumed.score == rec.score and resumed.round_number == rec.round_number


def test_comments_of_a_record_written_by_hand_are_kept(tmp_path: Path) -> None:
    text = (
        "# the club's match\n"
        '[Black "Ann"] # from Leeds\n'
        '[Gold "Bob"]\n[Match "Standard"]\n\n'
        "Round 1 # a quick one\n"
        "1. Pink Forward 4 Brown {sharp} # the usual\n"
        "   Brown Forward 5 Green\n"
    )
    path = tmp_path / "match.kmr"
    path.write_text(text, encoding="utf-8")
    rec = Recorder.from_record(path)
    out = rec.text()
    for kept in ("the club's match", "from Leeds", "a quick one", "{sharp}", "the usual"):
        assert kept in out
    assert Recorder.from_record(out).text() == out
    assert rec.to_move is not None and rec.to_move.title == "Black" and rec.plies == 2


def test_a_record_with_an_error_is_refused_with_its_place() -> None:
    with pytest.raises(KamisadoError, match=r"<text>:3:4: square"):
        Recorder.from_record('[Match "Single"]\n\n1. Pink Forward 4 Yellow\n')
    with pytest.raises(KamisadoError, match="one match"):
        Recorder.from_record('[Match "Single"]\nRound 1\n1. d8-d4\n[Match "Single"]\nRound 1\n1. d8-d4\n')


def test_a_missing_file_is_a_kamisado_error(tmp_path: Path) -> None:
    with pytest.raises(KamisadoError):
        Recorder.from_record(tmp_path / "none.kmr")


def test_autosave_holds_the_record_after_every_change(tmp_path: Path) -> None:
    path = tmp_path / "live.kmr"
    rec = Recorder("Standard", black="Ann", autosave=path)
    assert path.read_text(encoding="utf-8") == rec.text()
    rng = random.Random(11)
    for _ in range(80):
        if rec.over:
            break
        _choose(rec, rng).make(rec)
        assert path.read_text(encoding="utf-8") == rec.text()
        assert validate_text(path.read_text(encoding="utf-8")).valid
    rec.undo()
    assert path.read_text(encoding="utf-8") == rec.text()
    assert not [name for name in os.listdir(tmp_path) if name != "live.kmr"]  # no temporary file left
    resumed = Recorder.from_record(path, autosave=path)
    assert resumed.text() == rec.text()


@pytest.mark.parametrize(
    ("text", "error", "first"),
    [
        ("Pink Forwrd 4 Brown", UnknownWord, "Pink Forward 4 Brown"),
        ("Pink Forward 4 Yellow", IllegalMoveError, "Pink Forward 4 Brown"),
        ("Pink Forward 9 Brown", IllegalMoveError, "Pink Forward 4 Brown"),
        ("d8-d9", NotationError, None),
        ("xyz", NotationError, None),
    ],
)
def test_a_wrong_entry_gets_the_validators_corrections(text: str, error: type[Exception], first: str | None) -> None:
    rec = Recorder()
    with pytest.raises(error) as caught:
        rec.play(text)
    assert isinstance(caught.value, KamisadoError)
    corrections = caught.value.corrections
    assert (corrections[0] if corrections else None) == first
    assert rec.plies == 0 and rec.text() == Recorder().text()


def test_an_entry_in_another_style_is_read_as_ours() -> None:
    rec = Recorder()
    assert rec.play("Pnk Forward 4 Brown").coords() == "d8-d4"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Recorder(position=5),  # type: ignore[arg-type]
        lambda: Recorder(autosave=5),  # type: ignore[arg-type]
        lambda: Recorder().play(None),  # type: ignore[arg-type]
        lambda: Recorder.from_record(5),  # type: ignore[arg-type]
    ],
)
def test_a_wrong_type_is_a_type_error_that_says_what_is_expected(make: object) -> None:
    with pytest.raises(TypeError, match="position string|path|text"):
        make()  # type: ignore[operator]


def test_the_record_resumed_validates_and_reads_back() -> None:
    rec, _ = _played(5, 500)
    assert validate_text(rec.text()).valid
    assert len(parse_record(rec.text()).matches) == 1
