"""A match pasted without its headers after a decided one is a match of its own for
every command that counts matches: ``validate`` (text and ``--json``, any block size,
worker processes), ``convert``, ``show --match``, ``standings``, the web page and
``fix``; the matches after it in the file are numbered one more.

The records are generated matches (several forms and languages), two with their headers
and two pasted after them without; the facts compared are the generated matches' own
scores.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.matches import replay_matches
from kamisado_notation.checking.validate import validate_paths, validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.drawing.html import read_matches
from kamisado_notation.engine.board import Side
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match

runner = CliRunner()
STYLES = [(Form.TEXT, "en"), (Form.SHORT, "de"), (Form.SYMBOLS, "en"), (Form.COORDS, "en")]


def generated(seed: int, form: Form, lang: str, players: tuple[str, str] | None) -> tuple[str, tuple[int, int]]:
    """A generated match's text, with its headers naming ``players`` (or without any
    header), and its score."""
    match = generate_match(random.Random(seed), target=3, coords=form is Form.COORDS)
    text = format_record(RecordFile("g.kmr", matches=[match]), form=form, lang=lang)
    b, g = (int(x) for x in (match.header("Result") or "").split("-"))
    if players is None:
        return text[text.index("Round 1") :], (b, g)
    text = text.replace('[Black "Random"]', f'[Black "{players[0]}"]').replace('[Gold "Random"]', f'[Gold "{players[1]}"]')
    return text, (b, g)


def four(seed: int, form: Form, lang: str) -> tuple[str, list[tuple[int, int]], list[int]]:
    """Two matches with headers, each followed by one pasted without: the text, the
    scores and the first line of each match."""
    parts = [generated(seed + k, form, lang, players) for k, players in enumerate([("Ann", "Bob"), None, ("Bob", "Cy"), None])]
    text, lines = "", []
    for part, _score in parts:
        if text:
            text += "\n"
        lines.append(text.count("\n") + 1)
        text += part
    return text, [score for _part, score in parts], lines


def scores(report: dict[str, object]) -> list[tuple[int, int]]:
    return [(m["score"]["black"], m["score"]["gold"]) for m in report["matches"]]  # type: ignore[attr-defined]


@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
def test_validate_counts_each_pasted_match_as_one(style: tuple[Form, str], tmp_path: Path) -> None:
    text, played, lines = four(7, *style)
    path = tmp_path / "four.kmr"
    path.write_text(text, encoding="utf-8")
    report = validate_text(text, path=str(path))
    assert report.valid and [m.index for m in report.matches] == [1, 2, 3, 4]
    assert [m.line for m in report.matches] == lines
    assert scores(report.to_json()) == played
    pasted = [d for m in report.matches for d in m.diagnostics]
    assert [(d.rule, d.severity, d.match) for d in pasted] == [("match", "warning", 2), ("match", "warning", 4)]
    for size in (400, 4096):  # cut into blocks anywhere, with and without worker processes
        for jobs in (1, 2):
            for fv in validate_paths([str(path)], size=size, jobs=jobs):
                assert fv.report().to_json() == report.to_json()
    result = runner.invoke(app, ["validate", str(path), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["files"][0] == json.loads(json.dumps(report.to_json()))
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0 and "4 matches, 4 valid" in result.stdout


def test_a_slip_after_a_pasted_match_belongs_to_the_next_match_number() -> None:
    text, _played, lines = four(11, Form.TEXT, "en")
    third = text.split("\n")
    row = next(n for n in range(lines[2], len(third)) if third[n].startswith("1. "))
    m = re.match(r"1\. (\w+) (\w+) (\d+) (\w+)", third[row])
    assert m is not None
    other = "Orange" if m[4] != "Orange" else "Blue"
    third[row] = third[row][: m.start(4)] + other + third[row][m.end(4) :]
    report = validate_text("\n".join(third))
    (d,) = [d for d in report.all_diagnostics() if d.severity == "error"]
    assert (d.rule, d.line, d.match) == ("square", row + 1, 3)
    assert [m.valid for m in report.matches] == [True, True, False, True]
    fixed = fix_text("\n".join(third))
    assert fixed.valid and [c.match for c in fixed.corrections] == [3]


def test_convert_writes_each_pasted_match_as_one(tmp_path: Path) -> None:
    text, played, _lines = four(3, Form.TEXT, "en")
    path = tmp_path / "four.kmr"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "four.json"
    result = runner.invoke(app, ["convert", str(path), "--to", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    matches = json.loads(out.read_text(encoding="utf-8"))["matches"]
    assert len(matches) == 4 and [len(m["headers"]) > 0 for m in matches] == [True, False, True, False]
    short = tmp_path / "four-short.kmr"
    assert runner.invoke(app, ["convert", str(path), "--to", "short", "-o", str(short)]).exit_code == 0
    again = validate_text(short.read_text(encoding="utf-8"))
    assert again.valid and scores(again.to_json()) == played


def test_show_standings_and_the_page_count_pasted_matches(tmp_path: Path) -> None:
    text, played, lines = four(5, Form.TEXT, "en")
    path = tmp_path / "four.kmr"
    path.write_text(text, encoding="utf-8")
    shown = runner.invoke(app, ["show", str(path), "--match", "4", "--json"])
    assert shown.exit_code == 0, shown.output
    assert f"{path}:{lines[3]}:1: warning[match]" in shown.stderr
    assert "holds 4 matches, not 5" in runner.invoke(app, ["show", str(path), "--match", "5"]).output
    standings = runner.invoke(app, ["standings", str(path), "--json"])
    assert standings.exit_code == 0, standings.output
    table = json.loads(standings.stdout)
    assert sorted(row["name"] for row in table["players"]) == ["Ann", "Bob", "Cy"]
    assert sorted(out["line"] for out in table["left_out"]) == [lines[1], lines[3]]  # (no players named)
    page, _problems = read_matches([str(path)])
    assert [(m.replay.score[Side.BLACK], m.replay.score[Side.GOLD]) for m in page] == played


def test_replay_matches_splits_a_record_without_changing_it() -> None:
    text, played, _lines = four(9, Form.SHORT, "en")
    records = parse_record(text).matches
    assert len(records) == 2
    rounds = [len(m.rounds) for m in records]
    judged = [r for m in records for r in replay_matches(m)]
    assert [(r.score[Side.BLACK], r.score[Side.GOLD]) for r in judged] == played
    assert [len(m.rounds) for m in records] == rounds and all(m.pasted is None for m in records)
    assert [r.record.pasted is not None for r in judged] == [False, True, False, True]
