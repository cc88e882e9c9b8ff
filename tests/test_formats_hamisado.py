"""hamisado's notations (docs/formats.md), through the command line: its move lists
read and written, its diagrams taken wherever a position is asked for.

hand-checked facts from its source: its rank 1 holds its Black's towers from file A,
Brown, Green, Red, Yellow, Pink, Purple, Blue, Orange, and Black moves first, up the
board; so its board is ours turned half round (its A1 is our h8). The fixture is the
opening of the game its README shows (f1-f7, E8-E3, c1-c6, A8-A5): Black's purple c8-c2
onto yellow, Gold's yellow d1-d6 onto red, Black's red f8-f3 onto orange, Gold's orange
h1-h4."""

from __future__ import annotations

import json
import random
from pathlib import Path

from foreign_round_trip import coords_moves, round_trip
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.notation.writer import Form
from kamisado_notation.play.generate import generate_match

FIXTURES = Path(__file__).parent / "fixtures"
runner = CliRunner()
INITIAL = "BRa1 GRb1 REc1 YEd1 PIe1 PUf1 BLg1 ORh1 / ORa8 BLb8 PUc8 PId8 YEe8 REf8 GRg8 BRh8 / Black"
OURS = "obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -"


def test_a_move_list_reads_to_its_moves() -> None:
    result = runner.invoke(app, ["convert", str(FIXTURES / "hamisado-readme-game.txt"), "--to", "coords"])
    assert result.exit_code == 0, result.output
    assert coords_moves(result.stdout) == ["c8-c2", "d1-d6", "f8-f3", "h1-h4"]
    assert runner.invoke(app, ["validate", str(FIXTURES / "hamisado-readme-game.txt")]).exit_code == 0


def test_a_move_list_is_written_back_as_it_was() -> None:
    result = runner.invoke(app, ["convert", str(FIXTURES / "hamisado-readme-game.txt"), "--to", "hamisado"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (FIXTURES / "hamisado-readme-game.txt").read_text(encoding="utf-8")


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_every_generated_round_round_trips(seed: int) -> None:
    match = generate_match(random.Random(seed), target=1)
    match.headers[:] = [h for h in match.headers if h.name == "Match"]
    original, back, _ = round_trip(match, "hamisado", form=Form.SHORT)
    assert back == original


def test_headers_it_cannot_hold_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    single = Path(__file__).parents[1] / "samples" / "single-round.kmr"
    result = runner.invoke(app, ["convert", str(single), "--to", "hamisado", "-o", str(out)])
    assert result.exit_code == 1
    assert "that a hamisado move list cannot hold: nothing converted" in result.output
    assert not out.exists()


def test_its_diagram_is_a_position() -> None:
    ours = json.loads(runner.invoke(app, ["moves", "--json", OURS]).stdout)
    theirs = json.loads(runner.invoke(app, ["moves", "--json", INITIAL]).stdout)
    assert theirs["moves"] == ours["moves"] and theirs["to_move"] == "black"
    for depth in ("2", "3"):
        assert runner.invoke(app, ["perft", depth, INITIAL]).stdout == runner.invoke(app, ["perft", depth, OURS]).stdout
    played = INITIAL.replace("PUf1", "PUf7").replace("Black", "White") + " / F1-F7"
    after = json.loads(runner.invoke(app, ["moves", "--json", played]).stdout)
    assert (after["to_move"], after["tower"]) == ("gold", "yellow")  # E8 is our d1
    lineup = runner.invoke(app, ["lineup", "--json", INITIAL, "--fill", "left"])
    assert lineup.exit_code == 0, lineup.output


def test_a_tower_of_four_rings_is_no_position() -> None:
    result = runner.invoke(app, ["moves", INITIAL.replace("ORa8", "ORa8$")])
    assert result.exit_code == 2
    assert "has four rings" in result.output
