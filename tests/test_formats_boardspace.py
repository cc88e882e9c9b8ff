"""BoardSpace's SGF for Kamisado, through the command line: a record written by hand
from BoardSpace's published source (``tests/fixtures/boardspace-kamisado.sgf``) read
to the right moves; every generated single round written and read back to the same
moves; what BoardSpace cannot hold, and what is not its record, refused (exit 1,
nothing written).

The fixture's facts, from the source (docs/formats.md): player 0 starts on row 1, whose
cells from column A are Brown, Green, Red, Yellow, Pink, Purple, Blue, Orange, each
holding player 0's tower of its colour; the first mover is our Black, so the board is
ours turned half round (column A row 1 is our h8). Its moves: ``Pickb D 1``/``Dropb D 7``
(Black's yellow, our e8-e2, onto a green square), ``Move G 8 G 3`` (Gold's green, our
b1-b6, onto pink), then a pick put back, a drop picked up again and ``E 1`` to ``E 6``
(Black's pink, our d8-d3); then player 1 resigns."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from foreign_round_trip import coords_moves, round_trip
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.play.generate import generate_match

FIXTURES = Path(__file__).parent / "fixtures"
SAMPLES = Path(__file__).parents[1] / "samples"
runner = CliRunner()


def test_the_hand_written_record_reads_to_its_moves() -> None:
    result = runner.invoke(app, ["convert", str(FIXTURES / "boardspace-kamisado.sgf"), "--to", "coords"])
    assert result.exit_code == 0, result.output
    assert coords_moves(result.stdout) == ["e8-e2", "b1-b6", "d8-d3"]
    for header in ('[Black "alice"]', '[Gold "bob"]', '[BoardSpaceResult "Game won by alice"]', '[Termination "Gold (bob) resigned"]'):
        assert header in result.stdout
    checked = runner.invoke(app, ["validate", str(FIXTURES / "boardspace-kamisado.sgf")])
    assert checked.exit_code == 0, checked.output
    assert "in progress, Gold to move" in checked.output


def test_it_is_written_as_boardspace_writes_it() -> None:
    result = runner.invoke(app, ["convert", str(FIXTURES / "boardspace-kamisado.sgf"), "--to", "boardspace"])
    assert result.exit_code == 0, result.output
    assert "GM[Kamisado]" in result.stdout and 'P0[id "alice"]' in result.stdout
    steps = re.findall(r"; (P[01])\[(\d+) ([^\]]*)\]", result.stdout)
    assert [(p, words) for p, _, words in steps] == [
        ("P0", "Start P0"),
        ("P0", "Move D 1 D 7"),
        ("P0", "Done"),
        ("P1", "Move G 8 G 3"),
        ("P1", "Done"),
        ("P0", "Move E 1 E 6"),
        ("P0", "Done"),
    ]
    assert [int(n) for _, n, _ in steps] == list(range(len(steps)))


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_every_generated_round_round_trips(seed: int) -> None:
    original, back, text = round_trip(generate_match(random.Random(seed), target=1), "boardspace")
    assert back == original
    assert '[Result "' in text  # a generated round is played to its end


def _refused(args: list[str], tmp_path: Path, message: str) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert not out.exists()


def test_several_rounds_are_refused(tmp_path: Path) -> None:
    _refused(
        ["convert", str(SAMPLES / "standard-match.kmr"), "--to", "boardspace"],
        tmp_path,
        "match 1 has 5 rounds, and a BoardSpace game holds one round: nothing converted",
    )


def test_a_set_position_is_refused(tmp_path: Path) -> None:
    kmr = tmp_path / "set.kmr"
    kmr.write_text(
        '[Position "obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -"]\n\nRound 1\n1. d8-d4\n',
        encoding="utf-8",
    )
    _refused(["convert", str(kmr), "--to", "boardspace"], tmp_path, "starts from a set position")


def test_an_sgf_of_another_game_is_refused(tmp_path: Path) -> None:
    hive = tmp_path / "hive.sgf"
    hive.write_text('(;\nGM[Hive]VV[1]\nP0[id "a"]\n; P0[0 Start P0]\n)\n', encoding="utf-8")
    _refused(["convert", str(hive), "--to", "text"], tmp_path, f"{hive}:2:4: error[syntax] an SGF of another game: GM[Hive]")


def test_a_truncated_sgf_is_refused(tmp_path: Path) -> None:
    text = (FIXTURES / "boardspace-kamisado.sgf").read_text(encoding="utf-8")
    cut = tmp_path / "cut.sgf"
    cut.write_text(text[: text.index("; P0[6")] + "; P0[6 Pic", encoding="utf-8")
    _refused(["convert", str(cut), "--to", "text"], tmp_path, "the SGF ends inside the value opened at 15:5 (truncated?)")
    unclosed = tmp_path / "unclosed.sgf"
    unclosed.write_text(text[: text.rindex(")")], encoding="utf-8")
    _refused(["convert", str(unclosed), "--to", "text"], tmp_path, "the SGF ends before the ')' that closes the game opened at 1:1")


def test_variations_nested_without_end_are_refused(tmp_path: Path) -> None:
    deep = tmp_path / "deep.sgf"
    deep.write_text("(;GM[Kamisado]" + "(;" * 5000, encoding="utf-8")
    _refused(["convert", str(deep), "--to", "text"], tmp_path, "variations nested more than 64 deep")


def test_when_player_1_starts_the_board_is_ours_as_it_stands(tmp_path: Path) -> None:
    """Player 1's towers start on row 8 (column D holds its pink one, our d8's colour):
    when player 1 starts, player 1 is Black and no turn is needed."""
    sgf = tmp_path / "p1.sgf"
    sgf.write_text('(;GM[Kamisado]P0[id "a"]P1[id "b"];P1[0 Start P1];P1[1 Move D 8 D 4];P1[2 Done])', encoding="utf-8")
    result = runner.invoke(app, ["convert", str(sgf), "--to", "coords"])
    assert result.exit_code == 0, result.output
    assert coords_moves(result.stdout) == ["d8-d4"]
    assert '[Black "b"]' in result.stdout and '[Gold "a"]' in result.stdout


def test_a_folder_reads_its_sgf_games_and_fix_passes_them_over(tmp_path: Path) -> None:
    (tmp_path / "game.sgf").write_text((FIXTURES / "boardspace-kamisado.sgf").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "round.kmr").write_text((SAMPLES / "single-round.kmr").read_text(encoding="utf-8"), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--json", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert [Path(f["path"]).name for f in json.loads(result.stdout)["files"]] == ["game.sgf", "round.kmr"]
    fixed = runner.invoke(app, ["fix", str(tmp_path), "-d", str(tmp_path / "fixed")])
    assert "game.sgf: a boardspace record, passed over" in fixed.output
    assert [p.name for p in (tmp_path / "fixed").iterdir()] == ["round.kmr"]
