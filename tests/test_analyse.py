"""Records judged by the solver (SPEC §12): the marks against the exhaustive search of
``test_solve`` (written independently of the solver), and the annotated record read back,
validated and converted with its comments."""

from __future__ import annotations

import json
import random
import re
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
    memo: dict[tuple[str, int], tuple[str, int] | None] = {}  # (one table: the same positions recur)
    before = exhaustive(pos.copy(), DEPTH, memo)
    moves = pos.legal_moves()
    if before is None or before[0] != "win" or not moves:
        return
    after = {}
    for move in moves:
        child = pos.copy()
        child.play(move)
        after[move.coords()] = _flip(exhaustive(child, DEPTH - 1, memo), child.to_move is not pos.to_move)
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


#: The end of ``samples/single-round.kmr`` as a puzzle: near enough to the end for the
#: solver to prove every position within 12 turns, so the analysis is the same on any
#: machine (no time limit binds).
END_OF_ROUND = """[Event "The end of samples/single-round.kmr"]
[Position "ob.kyr../......nO/......../N.p...../...B..../......../......g./.GRYKP.. b K"]
Round 1
1. d8-h4   e1-b4
2. f8-d6   c1-d2   # a comment of the record's own
3. b8-b6   b4-b5
4. c5-c1
"""
#: The marks checked by hand (docs/analysis.md): Gold's e1-b4, Black's f8-d6 and Gold's
#: c1-d2 each let a win go into a loss; b8-b6 is Black's only move that keeps the win.
MARKS = ["", "??", "??", "??", "!", "", ""]


def test_an_annotated_record_validates_and_keeps_its_comments(tmp_path: Path) -> None:
    source = tmp_path / "end.kmr"
    source.write_text(END_OF_ROUND, encoding="utf-8")
    out = tmp_path / "analysed.kmr"
    runner = CliRunner()
    r = runner.invoke(app, ["analyze", str(source), "--depth", "12", "--time", "600000", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert "1. d8-h4 {analysis: loss 12 → loss 9; best d8-c7}   e1-b4 {analysis: ?? win 9 → loss 11; best e1-e6}" in text
    assert "c1-d2 {analysis: ?? win 9 → loss 3; best c1-e3}   # a comment of the record's own" in text
    judged = analyse(parse_record(END_OF_ROUND).matches[0], depth=12, time=None)[0].moves
    assert [j.mark for j in judged] == MARKS
    report = validate_text(text)
    assert report.matches and all(m.valid for m in report.matches)
    # the comments survive a conversion, and analysing again replaces them
    r = runner.invoke(app, ["convert", str(out), "--to", "symbols"])
    assert r.exit_code == 0 and r.stdout.count("{analysis: ") == text.count("{analysis: ") == 7
    again = tmp_path / "again.kmr"
    r = runner.invoke(app, ["analyze", str(out), "--depth", "12", "--time", "600000", "-o", str(again)])
    assert r.exit_code == 0 and again.read_text(encoding="utf-8") == text
    # the record is otherwise as written
    assert re.sub(r" \{analysis:[^}]*\}", "", text) == END_OF_ROUND


def test_a_record_of_another_format_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "end.json"
    r = CliRunner().invoke(app, ["convert", "-", "--to", "json"], input=END_OF_ROUND)
    source.write_text(r.stdout, encoding="utf-8")
    r = CliRunner().invoke(app, ["analyze", str(source)])
    assert r.exit_code == 2 and "convert it to .kmr" in r.stderr


def test_the_json_lists_every_move_judged() -> None:
    r = CliRunner().invoke(app, ["analyze", "samples/single-round.kmr", "--depth", "6", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    moves = out["files"][0]["matches"][0]["moves"]
    assert len(moves) == 13 and moves[0]["move"] == "g8-g2" and moves[-1]["after"] == "win 0"
    assert set(moves[0]) == {"round", "ply", "line", "column", "side", "move", "before", "after", "mark", "best", "eval_before", "eval_after"}
    # the engine's evaluation where nothing is proven, and only there
    assert all((m["eval_before"] is None) == (m["before"] != "unknown") for m in moves)
    assert all((m["eval_after"] is None) == (m["after"] != "unknown") for m in moves)


def test_analyze_never_writes_onto_its_input(tmp_path: Path) -> None:
    copy = tmp_path / "r.kmr"
    copy.write_text(Path("samples/single-round.kmr").read_text(encoding="utf-8"), encoding="utf-8")
    r = CliRunner().invoke(app, ["analyze", str(copy), "-o", str(copy)])
    assert r.exit_code == 2
    assert copy.read_text(encoding="utf-8") == Path("samples/single-round.kmr").read_text(encoding="utf-8")


def test_jobs_judge_the_matches_alike(tmp_path: Path) -> None:
    source = tmp_path / "two.kmr"
    source.write_text(END_OF_ROUND + "\n" + END_OF_ROUND.replace("The end", "Again, the end"), encoding="utf-8")
    runner = CliRunner()
    one = runner.invoke(app, ["analyze", str(source), "--depth", "12", "--time", "600000", "--json"])
    two = runner.invoke(app, ["analyze", str(source), "--depth", "12", "--time", "600000", "--json", "-j", "2"])
    assert one.exit_code == two.exit_code == 0, two.output
    assert one.stdout == two.stdout
    matches = json.loads(two.stdout)["files"][0]["matches"]
    assert [[m["mark"] for m in match["moves"]] for match in matches] == [MARKS, MARKS]


def test_the_page_shows_the_marks_and_a_strip_of_values(tmp_path: Path) -> None:
    from kamisado_notation import html_page

    source = tmp_path / "end.kmr"
    source.write_text(END_OF_ROUND, encoding="utf-8")
    out = tmp_path / "analysed.kmr"
    r = CliRunner().invoke(app, ["analyze", str(source), "--depth", "12", "--time", "600000", "-o", str(out)])
    assert r.exit_code == 0, r.output
    page = html_page([str(out)]).text
    marks = re.findall(r'<span class="mark[^"]*" title="([^"]*)">([?!]+)</span>', page)
    assert [m for _, m in marks] == [m for m in MARKS if m]
    assert marks[0][0] == "win 9 → loss 11; best e1-e6"
    strip = re.search(r'<div class="strip"[^>]*>(.*?)</div>', page)
    assert strip is not None
    cells = re.findall(r'class="v (\w)"', strip.group(1))
    # after each move, who wins: Gold (d8-h4 lost), Black (e1-b4 let it go), Gold, Black…
    assert cells == ["g", "b", "g", "b", "b", "b", "b"]
    assert "strip" not in html_page(["samples/single-round.kmr"]).text.split("<style>")[-1].split("</style>")[-1]
