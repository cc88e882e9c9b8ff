"""The sample records: every one but ``broken.kmr`` is valid, each shows what its name
promises, and ``broken.kmr`` fails with exactly its known diagnostics."""

from __future__ import annotations

import pytest

from kamisado_notation.checking.replay import replay_match
from kamisado_notation.checking.validate import validate_file
from kamisado_notation.engine.board import Side
from kamisado_notation.notation import read_record
from tests.support.paths import SAMPLES

VALID = sorted(p.name for p in SAMPLES.glob("*.kmr") if p.name != "broken.kmr")


def test_the_samples_are_there() -> None:
    assert "standard-match.kmr" in VALID
    assert len(VALID) >= 10
    assert (SAMPLES / "README.md").is_file()
    for name in VALID + ["broken.kmr"]:
        assert f"`{name}`" in (SAMPLES / "README.md").read_text(encoding="utf-8"), name


@pytest.mark.parametrize("name", VALID)
def test_every_sample_validates(name: str) -> None:
    report = validate_file(str(SAMPLES / name))
    assert report.matches, name
    problems = [d.format(name) for m in report.matches for d in m.diagnostics] + [d.format(name) for d in report.diagnostics]
    assert problems == []
    assert all(m.valid for m in report.matches)


def _replays(name: str) -> list:  # type: ignore[type-arg]
    return [replay_match(m) for m in read_record(str(SAMPLES / name)).matches]


@pytest.mark.parametrize(
    ("name", "target", "complete"),
    [
        ("single-round.kmr", 1, True),
        ("standard-match.kmr", 3, True),
        ("long-match.kmr", 7, True),
        ("marathon-match.kmr", 15, True),
        ("in-progress.kmr", 3, False),
    ],
)
def test_each_match_format(name: str, target: int, complete: bool) -> None:
    (mr,) = _replays(name)
    assert mr.target == target
    assert (mr.winner is not None) == complete
    if complete:
        assert mr.score[mr.winner] >= target > mr.score[mr.winner.other]
        header = read_record(str(SAMPLES / name)).matches[0].header("Result")
        assert header == f"{mr.score[Side.BLACK]}-{mr.score[Side.GOLD]}"


def _plies(name: str) -> list:  # type: ignore[type-arg]
    return [p for mr in _replays(name) for r in mr.rounds for p in r.plies]


def test_pushes_of_two_and_three_towers() -> None:
    pushes = [len(p.move.push) for p in _plies("pushes.kmr") if p.kind == "push"]
    assert 2 in pushes and 3 in pushes
    assert any(p.kind == "push" for p in _plies("standard-match.kmr"))


def test_forfeit_and_deadlock() -> None:
    assert any(p.kind == "forfeit" for p in _plies("forfeit.kmr"))
    (mr,) = _replays("deadlock.kmr")
    assert mr.rounds[-1].result.by == "deadlock"
    assert mr.rounds[-1].result.winner is Side.BLACK  # Gold moved last (M8)


def test_forms_and_languages() -> None:
    text = {name: (SAMPLES / name).read_text(encoding="utf-8") for name in VALID}
    assert "↖" in text["long-match.kmr"] and "紫" in text["long-match.kmr"]  # symbols
    assert " L" in text["single-round.kmr"] or " R" in text["single-round.kmr"]  # short
    assert "-" in text["marathon-match.kmr"] and "Forward" not in text["marathon-match.kmr"]  # coords
    assert "balra" in text["hungarian.kmr"] or "jobbra" in text["hungarian.kmr"]
    assert "links" in text["german.kmr"] or "rechts" in text["german.kmr"]
    assert len(read_record(str(SAMPLES / "club-night.kmr")).matches) == 3


# broken.kmr: one mistake per match, found where the file's comments say.
BROKEN = [
    (1, "square", 6, 28),
    (2, "T2", 11, 28),
    (3, "M2", 15, 28),
    (4, "syntax", 19, 34),
    (5, "result", 23, 1),
    (6, "square", 32, 28),  # a left/right mix-up, named by the colour and the reply
    (7, "M6", 44, 4),  # a forgotten forfeit
]


def test_broken_sample_fails_with_its_known_diagnostics() -> None:
    report = validate_file(str(SAMPLES / "broken.kmr"))
    found = [(m.index, d.rule, d.line, d.column) for m in report.matches for d in m.diagnostics]
    assert found == BROKEN
    assert not any(m.valid for m in report.matches)


def test_broken_sample_is_fixed_where_the_correction_is_certain() -> None:
    from kamisado_notation.checking.fix import fix_text

    report = fix_text((SAMPLES / "broken.kmr").read_text(encoding="utf-8"), path="broken.kmr")
    assert [(d.rule, d.line) for d in report.corrections] == [
        ("square", 6), ("T2", 11), ("syntax", 19), ("square", 32), ("M6", 44)
    ]  # ('Sideways': brown, 3 squares, onto yellow is only a1-a4, Brown Forward 3 Yellow)
    assert "Brown Forward 3 Yellow {fix: was Brown Sideways 3 Yellow" in report.text
    assert report.remaining is not None
    assert [(d.rule, d.line) for d in report.remaining.all_diagnostics()] == [("M2", 15), ("result", 23)]
