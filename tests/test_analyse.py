"""Records judged by the solver (SPEC §12): the marks against the exhaustive search of
``test_solve`` (written independently of the solver), and the annotated record read back,
validated and converted with its comments."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_solve import DEPTH, exhaustive, near_the_end
from typer.testing import CliRunner

from kamisado_notation import Position, Side, analyse, parse_record, validate_text
from kamisado_notation.cli.app import app


def _flip(value: tuple[str, int] | None, flip: bool) -> tuple[str, int] | None:
    if value is None or not flip:
        return value
    return ("loss" if value[0] == "win" else "win", value[1])


def _puzzle(pos: Position, coords: str) -> str:
    """A record of one move from ``pos`` (a ``[Position]`` puzzle)."""
    row = f"1. {coords}" if pos.to_move is Side.BLACK else f"1. ... {coords}"
    return f'[Position "{pos.to_string()}"]\nRound 1\n{row}\n'


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.integers(0, 10**6))
def test_the_marks_agree_with_an_exhaustive_search(rng: random.Random, pick: int) -> None:
    pos = near_the_end(rng)
    before = exhaustive(pos.copy(), DEPTH, {})
    moves = pos.legal_moves()
    if before is None or before[0] != "win" or not moves:
        return
    after = {}
    for move in moves:
        child = pos.copy()
        child.play(move)
        after[move.coords()] = _flip(exhaustive(child, DEPTH - 1, {}), child.to_move is not pos.to_move)
    played = sorted(after)[pick % len(after)]
    keeping = [c for c, v in after.items() if v is not None and v[0] == "win"]
    if after[played] is None or any(v is None for v in after.values()):
        return  # (unknown within the exhaustive depth: the solver may see further)
    expected = "??" if after[played][0] == "loss" else "!" if keeping == [played] and len(moves) > 1 else ""
    judged = analyse(parse_record(_puzzle(pos, played)).matches[0], depth=DEPTH, time=None)[0].moves
    assert len(judged) == 1 and judged[0].move == played
    assert judged[0].mark == expected, (pos.to_string(), played)
    assert judged[0].before == f"win {before[1]}"
    if expected == "??":
        assert judged[0].best in keeping  # the best move keeps the win


def test_an_annotated_record_validates_and_keeps_its_comments(tmp_path: Path) -> None:
    source = Path("samples/single-round.kmr")
    out = tmp_path / "analysed.kmr"
    runner = CliRunner()
    r = runner.invoke(app, ["analyze", str(source), "--depth", "12", "--time", "600000", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert text.count("{analysis: ") >= 5 and "{analysis: ?? " in text
    report = validate_text(text)
    assert all(m.valid for m in report.matches) and report.matches
    # the comments survive a conversion, and analysing again replaces them
    r = runner.invoke(app, ["convert", str(out), "--to", "symbols"])
    assert r.exit_code == 0 and r.stdout.count("{analysis: ") == text.count("{analysis: ")
    again = tmp_path / "again.kmr"
    r = runner.invoke(app, ["analyze", str(out), "--depth", "12", "--time", "600000", "-o", str(again)])
    assert r.exit_code == 0 and again.read_text(encoding="utf-8") == text
    # the lines without analysis are as they were
    plain = [line for line in text.splitlines() if "{analysis" not in line]
    assert all(line in source.read_text(encoding="utf-8").splitlines() for line in plain)


def test_the_json_lists_every_move_judged() -> None:
    r = CliRunner().invoke(app, ["analyze", "samples/single-round.kmr", "--depth", "6", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    moves = out["files"][0]["matches"][0]["moves"]
    assert len(moves) == 13 and moves[0]["move"] == "g8-g2" and moves[-1]["after"] == "win 0"
    assert set(moves[0]) == {"round", "ply", "line", "column", "side", "move", "before", "after", "mark", "best"}


def test_analyze_never_writes_onto_its_input(tmp_path: Path) -> None:
    copy = tmp_path / "r.kmr"
    copy.write_text(Path("samples/single-round.kmr").read_text(encoding="utf-8"), encoding="utf-8")
    r = CliRunner().invoke(app, ["analyze", str(copy), "-o", str(copy)])
    assert r.exit_code == 2
    assert copy.read_text(encoding="utf-8") == Path("samples/single-round.kmr").read_text(encoding="utf-8")
