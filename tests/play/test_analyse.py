"""Records judged by the solver (docs/analysis.md): the marks against the exhaustive search of
``tests/support/minimax.py`` (written independently of the solver), and the annotated record read back,
validated and converted with its comments."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation import Position, RecordFile, Side, analyse, annotate, parse_record, replay_match, validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.analyse import SLOW_MARGIN
from kamisado_notation.play.generate import generate_match
from tests.support.minimax import DEPTH, Memo, exhaustive, near_the_end


def _flip(value: tuple[str, int] | None, flip: bool) -> tuple[str, int] | None:
    if value is None or not flip:
        return value
    return ("loss" if value[0] == "win" else "win", value[1])


def _puzzle(pos: Position, coords: str) -> str:
    """A record of one move from ``pos`` (a ``[Position]`` puzzle)."""
    row = f"1. {coords}" if pos.to_move is Side.BLACK else f"1. ... {coords}"
    return f'[Position "{pos.to_string()}"]\nRound 1\n{row}\n'


def _expected_mark(pos: Position, played: str, before: tuple[str, int], after: dict[str, tuple[str, int]]) -> str:
    """The mark the exhaustive search gives ``played`` (docs/analysis.md): ``??`` a win
    let go into a loss, ``?`` a win slowed by ``SLOW_MARGIN`` turns or more, ``!`` the
    only move of several that keeps the win, every other losing, not a move home."""
    if before[0] != "win":
        return ""
    result, turns = after[played]
    if result == "loss":
        return "??"
    if turns - (before[1] - 1) >= SLOW_MARGIN:
        return "?"
    home = 0 if pos.to_move is Side.BLACK else 7
    others_lose = all(v[0] == "loss" for c, v in after.items() if c != played)
    return "!" if len(after) > 1 and others_lose and int(played.rstrip("*")[-1]) - 1 != home else ""


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.integers(0, 10**6))
def test_the_marks_agree_with_an_exhaustive_search(rng: random.Random, pick: int) -> None:
    """Near the end of generated rounds, where the exhaustive search settles every value,
    the marks of the default budget (nodes: the same on any machine) are exactly its
    marks: each one a proof, none missing."""
    pos = near_the_end(rng)
    memo: Memo = {}  # (one table: the same positions recur)
    before = exhaustive(pos.copy(), DEPTH, memo)
    moves = pos.legal_moves()
    if before is None or not moves:
        return
    after = {}
    for move in moves:
        child = pos.copy()
        child.play(move)
        after[move.coords()] = _flip(exhaustive(child, DEPTH - 1, memo), child.to_move is not pos.to_move)
    played = sorted(after)[pick % len(after)]
    keeping = [c for c, v in after.items() if v is not None and v[0] == "win"]
    settled = {c: v for c, v in after.items() if v is not None}
    if len(settled) < len(after):
        return  # (unknown within the exhaustive depth: the solver may see further)
    judged = analyse(parse_record(_puzzle(pos, played)).matches[0])[0].moves
    assert len(judged) == 1 and judged[0].move == played
    assert judged[0].mark == _expected_mark(pos, played, before, settled), (pos.to_string(), played)
    assert judged[0].before == f"{before[0]} {before[1]}"
    assert judged[0].after == f"{settled[played][0]} {settled[played][1]}"
    if judged[0].mark in ("??", "?"):
        assert judged[0].best in keeping  # the best move keeps the win
        assert judged[0].best != played


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
    r = runner.invoke(app, ["analyze", str(source), "--depth", "12", "--nodes", "1000000", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert "1. d8-h4 {analysis: loss 12 → loss 9; best d8-c7}   e1-b4 {analysis: ?? win 9 → loss 11; best e1-e6}" in text
    assert "c1-d2 {analysis: ?? win 9 → loss 3; best c1-e3}   # a comment of the record's own" in text
    judged = analyse(parse_record(END_OF_ROUND).matches[0], depth=12, nodes=None)[0].moves
    assert [j.mark for j in judged] == MARKS
    report = validate_text(text)
    assert report.matches and all(m.valid for m in report.matches)
    # the comments survive a conversion, and analysing again replaces them
    r = runner.invoke(app, ["convert", str(out), "--to", "symbols"])
    assert r.exit_code == 0 and r.stdout.count("{analysis: ") == text.count("{analysis: ") == 7
    again = tmp_path / "again.kmr"
    r = runner.invoke(app, ["analyze", str(out), "--depth", "12", "--nodes", "1000000", "-o", str(again)])
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
    assert set(moves[0]) == {"round", "ply", "line", "column", "side", "move", "before", "after", "mark", "best", "eval_before", "eval_after", "best_written"}
    assert set(out["files"][0]["matches"][0]["rounds"][0]) == {"round", "ply", "side", "entry", "text"}
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
    one = runner.invoke(app, ["analyze", str(source), "--depth", "12", "--nodes", "1000000", "--json"])
    two = runner.invoke(app, ["analyze", str(source), "--depth", "12", "--nodes", "1000000", "--json", "-j", "2"])
    assert one.exit_code == two.exit_code == 0, two.output
    assert one.stdout == two.stdout
    matches = json.loads(two.stdout)["files"][0]["matches"]
    assert [[m["mark"] for m in match["moves"]] for match in matches] == [MARKS, MARKS]


def test_the_page_shows_the_marks_and_a_strip_of_values(tmp_path: Path) -> None:
    from kamisado_notation import html_page

    source = tmp_path / "end.kmr"
    source.write_text(END_OF_ROUND, encoding="utf-8")
    out = tmp_path / "analysed.kmr"
    r = CliRunner().invoke(app, ["analyze", str(source), "--depth", "12", "--nodes", "1000000", "-o", str(out)])
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


def _moves(text: str) -> list[list[str]]:
    """The moves of each round of the record ``text``'s first match, as replayed."""
    match = parse_record(text).matches[0]
    return [[ply.move.coords() for ply in rnd.plies if ply.move is not None] for rnd in replay_match(match).rounds]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.sampled_from(["?!", "!", ",", ";", "!!", "?", ".", "  !?", " ?"]), min_size=1, max_size=40))
@example(seed=0, marks=["?!"])
def test_analyze_keeps_a_valid_record_valid(seed: int, marks: list[str]) -> None:
    """Marks written onto entries (``Red Right 2 Red?!``, ``Pink,``, ``Yellow  !?``) stay
    the entries': the comment goes after them, and the annotated record validates with
    the same moves."""
    match = generate_match(random.Random(seed), target=1)
    text = format_record(RecordFile("g.kmr", matches=[match]), form=Form.TEXT)
    lines = text.splitlines(keepends=True)
    entries = [e for r in parse_record(text).matches[0].rounds for e in r.entries if not e.placeholder]
    for k, entry in sorted(enumerate(entries), key=lambda item: (item[1].line, -item[1].column)):
        mark = marks[k % len(marks)]
        at = entry.column - 1 + len(entry.text)
        line = lines[entry.line - 1]
        lines[entry.line - 1] = line[:at] + mark + line[at:]
    marked = "".join(lines)
    assert all(m.valid for m in validate_text(marked).matches)
    annotated = annotate(marked, analyse(parse_record(marked).matches[0], nodes=300))
    assert "{analysis: " in annotated
    report = validate_text(annotated)
    assert report.matches and all(m.valid for m in report.matches), annotated
    assert _moves(annotated) == _moves(marked) == _moves(text)


def test_analyze_writes_the_best_move_as_the_record_does_and_says_what_decided_each_round() -> None:
    r = CliRunner().invoke(app, ["analyze", "samples/single-round.kmr"])
    assert r.exit_code == 0, r.output
    # the record is in the short form: so is its best move (the JSON keeps coordinates)
    assert "Re R1 Bl {analysis: ?? win 9 → loss 3; best Re R2 Re}" in r.stdout
    assert r.stderr.splitlines() == [
        "samples/single-round.kmr: match 1, round 1 was lost at Gold's 5th entry, Re R1 Bl (win in 9 → loss in 3; best Re R2 Re)"
    ]  # (no progress: standard error is not a terminal)
    r = CliRunner().invoke(app, ["analyze", "samples/single-round.kmr", "--json"])
    match = json.loads(r.stdout)["files"][0]["matches"][0]
    judged = next(m for m in match["moves"] if m["mark"] == "??" and m["ply"] == 10)
    assert (judged["best"], judged["best_written"]) == ("c1-e3", "Re R2 Re")
    assert r.stderr == "" and [{k: v for k, v in s.items() if k != "text"} for s in match["rounds"]] == [{"round": 1, "ply": 10, "side": "gold", "entry": 5}]
    assert match["rounds"][0]["text"].startswith("round 1 was lost at Gold's 5th entry, Re R1 Bl (win in 9")


# -- memory: a bound in megabytes, counted in entries as the solver counts them


def test_a_bound_of_memory_bounds_what_analysis_keeps_in_entries() -> None:
    """With 1 MB each table of the analysis keeps at most the entries the solver's bound
    counts (looked at after every depth, proof and position); with the default bound the
    same record keeps more transposition table entries than 1 MB's count, so the bound is
    what held it."""
    from kamisado_notation.play.solve import Solver

    one = Solver(memory=1)
    bounds = (one.table_size, one.proof_table.size, one.proof_nodes)
    small = analyse("samples/single-round.kmr", memory=1)[0].kept
    assert all(0 < kept <= bound for kept, bound in zip(small, bounds, strict=True)), (small, bounds)
    large = analyse("samples/single-round.kmr")[0].kept
    assert large[0] > bounds[0], (large, bounds)  # (its transposition table: what the small bound held)
    for match in analyse("samples/club-night.kmr", nodes=3000, memory=2, jobs=2):  # (two workers share 2 MB: 1 each)
        assert all(kept <= bound for kept, bound in zip(match.kept, bounds, strict=True)), (match.kept, bounds)


def test_a_bad_bound_of_memory_is_a_usage_error() -> None:
    import pytest

    from kamisado_notation.errors import ArgumentError

    for bad in (0, -1, 1.5, True):
        with pytest.raises(ArgumentError, match="memory"):
            analyse("samples/single-round.kmr", memory=bad)  # type: ignore[arg-type]
    for bad in ("0", "2000000", "lots"):
        r = CliRunner().invoke(app, ["analyze", "--memory", bad, "samples/single-round.kmr"])
        assert r.exit_code == 2 and "--memory" in r.stderr and "Traceback" not in r.output, (bad, r.output)
    r = CliRunner().invoke(app, ["analyze", "--memory", "1", "--json", "samples/single-round.kmr"])
    assert r.exit_code == 0 and json.loads(r.stdout)["files"][0]["matches"][0]["moves"]
