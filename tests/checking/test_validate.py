"""File reports, the JSON the README describes and the ``kamisado validate`` command."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from kamisado_notation.checking.validate import FileReport, MatchSummary, report_json, validate_file, validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.notation.kmr.fast_paths import general_paths

GOOD = '[Match "Single"]\n[Result "1-0"]\n\nRound 1\n1. Gr F6 Or    Or F6 Pu\n2. Pu F3 Bl    Bl L3 Br\n3. Br R1 Br    Br F4 Pi\n4. Pi L4 Pi    Pi L3 Re\n5. Re R2 Re    Re R1 Bl\n6. Bl F2 Pi    Pi F1 Pu\n7. Pu F4 Re\n'
# e8-f7 ends on yellow, not red.
BAD = "Round 1\n1. Yellow Left 1 Red\n"

runner = CliRunner()


def test_report_of_a_good_and_a_bad_match(tmp_path: Path) -> None:
    path = tmp_path / "two.kmr"
    path.write_text(GOOD + "\n" + "[Event \"x\"]\n" + BAD, encoding="utf-8")
    report = validate_file(str(path))
    assert not report.valid
    assert [m.valid for m in report.matches] == [True, False]
    good, bad = report.matches
    assert isinstance(good, MatchSummary) and not hasattr(good, "record")  # summaries only
    assert good.status == "complete" and good.score[good.winner] == 1  # type: ignore[index]
    assert bad.status == "in-progress"
    (d,) = bad.diagnostics
    assert (d.rule, d.line, d.column, d.round, d.ply, d.match) == ("square", 15, 4, 1, 1, 2)


def test_json_has_exactly_the_spec_fields() -> None:
    doc = report_json([validate_text(GOOD, path="g.kmr"), validate_text(BAD, path="b.kmr")])
    g, b = doc["files"]  # type: ignore[index]
    assert set(g) == {"path", "valid", "diagnostics", "matches"}
    (m,) = g["matches"]
    assert list(m) == ["index", "line", "headers", "valid", "status", "score", "rounds", "diagnostics"]
    assert m["score"] == {"black": 1, "gold": 0} and m["status"] == "complete"
    # Black's purple reaches the home row at c1 (7. Pu F4 Re) and takes the ring.
    assert m["rounds"] == [{"number": 1, "winner": "black", "by": "home-row", "tower": "purple", "points": 1}]
    (d,) = b["matches"][0]["diagnostics"]
    assert d == {
        "severity": "error", "line": 2, "column": 4, "round": 1, "ply": 1, "rule": "square",
        "message": "Black's yellow tower ends on f7, a yellow square, not red; correction: Yellow Left 1 Yellow",
        "suggestions": ["Yellow Left 1 Yellow"],
        "kind": "slot",
        "edits": [{
            "edit": "replace-entry", "line": 2, "column": 4, "old": "Yellow Left 1 Red", "new": "Yellow Left 1 Yellow",
            "why": "the square: f7 is yellow, not red",
        }],
    }
    assert not b["valid"] and g["valid"]


def test_cli_exit_codes_and_output(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.kmr", tmp_path / "bad.kmr"
    good.write_text(GOOD, encoding="utf-8")
    bad.write_text(BAD, encoding="utf-8")
    r = runner.invoke(app, ["validate", str(good)])
    assert r.exit_code == 0, r.output
    assert "1 match, 1 valid" in r.output and "complete" in r.output
    r = runner.invoke(app, ["validate", str(good), str(bad)])
    assert r.exit_code == 1
    assert f"{bad}:2:4: error[square] Black's yellow tower ends on f7, a yellow square, not red" in r.output
    r = runner.invoke(app, ["validate", "--quiet", str(good)])
    assert r.exit_code == 0 and r.output == ""
    r = runner.invoke(app, ["validate", str(tmp_path / "missing.kmr")])
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_cli_json_and_jobs(tmp_path: Path) -> None:
    files = []
    for i in range(3):
        p = tmp_path / f"f{i}.kmr"
        p.write_text(GOOD if i != 1 else BAD, encoding="utf-8")
        files.append(str(p))
    r = runner.invoke(app, ["validate", "--json", "--jobs", "2", *files])
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert [f["path"] for f in doc["files"]] == files
    assert [f["valid"] for f in doc["files"]] == [True, False, True]


def test_unreadable_and_empty_files(tmp_path: Path) -> None:
    p = tmp_path / "latin1.kmr"
    p.write_bytes(b"\xff\xfe junk\n")
    report = validate_file(str(p))
    assert not report.valid and report.diagnostics[0].rule == "syntax"
    e = tmp_path / "empty.kmr"
    e.write_text("", encoding="utf-8")
    report = validate_file(str(e))
    assert not report.valid and report.matches == []  # a file with no match is an error (README, *Command line*)
    assert [(d.severity, d.message) for d in report.diagnostics] == [("error", "the file holds no match")]


def test_samples_are_valid() -> None:
    samples = sorted(ROOT.joinpath("samples").glob("*.kmr"))
    for path in samples:
        if "broken" in path.name:
            continue  # a deliberately broken demonstration file
        report = validate_file(str(path))
        assert report.valid, (path, report.all_diagnostics())


def test_a_match_in_progress_says_whose_turn_it_is() -> None:
    # Gold's yellow ended on a4 (yellow): Black moves next.
    report = validate_text("Round 1\n1. Yellow Left 1 Yellow   Yellow Left 3 Yellow\n")
    (m,) = report.matches
    assert m.valid and m.status == "in-progress" and m.to_move is not None and m.to_move.name == "BLACK"


_NOISE = "0123456789 .-*[]{}#\n\"abcdefghReBrGrYePiPuBlOrFLRBv^\\/↑↖↗↓紫黃…"


def _generated_text() -> str:
    from kamisado_notation.notation.writer import Form, format_record
    from kamisado_notation.play.generate import generate_records

    return format_record(generate_records(match="standard", seed=11, count=1), form=Form.SHORT)


from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.paths import ROOT

_BASE = _generated_text()


@settings(max_examples=150, deadline=None)
@given(edits=st.lists(st.tuples(st.integers(0, len(_BASE) - 1), st.sampled_from(_NOISE), st.booleans()), min_size=1, max_size=6))
def test_damaged_records_give_diagnostics_never_exceptions(edits: list[tuple[int, str, bool]]) -> None:
    text = list(_BASE)
    for k, ch, insert in edits:
        k %= len(text) or 1
        if insert:
            text.insert(k, ch)
        else:
            text[k] = ch
    report = validate_text("".join(text))  # must not raise
    for d in report.all_diagnostics():
        assert d.line >= 1 and d.column >= 1 and d.rule


def test_json_headers_in_the_order_written_the_first_value_of_a_repeated_name() -> None:
    text = '[Event "Club"]\n[Black "Ann"]\n[black "Bob"]\n[White "Cy"]\n[BLACK "Dee"]\n' + GOOD
    fused, full = validate_text(text, path="h.kmr"), _full_validation(lambda: validate_text(text, path="h.kmr"))
    want = {"Event": "Club", "Black": "Ann", "White": "Cy", "Match": "Single", "Result": "1-0"}
    for report in (fused, full):
        (m,) = report_json([report])["files"][0]["matches"]  # type: ignore[index]
        assert m["headers"] == want and list(m["headers"]) == list(want)
    bad = validate_text('[Black "Ann"]\n' + BAD, path="b.kmr")
    assert bad.matches[0].headers == {"Black": "Ann"} and not bad.valid


def _full_validation(call: Callable[[], FileReport]) -> FileReport:
    """``call()`` with every match validated through the full path (the reading's fast
    paths kept, as ``kamisado validate`` reads)."""
    with general_paths(reading=False):
        return call()
