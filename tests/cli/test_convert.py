"""``kamisado convert``: every form, nothing lost, the input never overwritten, and a
record that cannot be replayed refused with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.notation import parse_record, read_record
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_records
from tests.support.paths import SAMPLES

runner = CliRunner()

RECORD = """\
# club night
[Event "Club night"]
[Black "Johan"]   # the host
[Gold "Alain"]
[Match "Single"]

Round 1
1. Ye L1 Ye {opening}   Ye L3 Ye
2. Ye R1 Pu             Pu L2 Pu
"""


@pytest.fixture()
def record(tmp_path: Path) -> Path:
    p = tmp_path / "club.kmr"
    p.write_text(RECORD, encoding="utf-8")
    return p


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["convert", *args])


def test_to_symbols_on_stdout_keeps_headers_and_comments(record: Path) -> None:
    r = run(str(record), "--to", "symbols")
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        "# club night\n"
        '[Event "Club night"]\n'
        '[Black "Johan"]  # the host\n'
        '[Gold "Alain"]\n'
        '[Match "Single"]\n'
        "\n"
        "Round 1\n"
        "1. 黃↖1黃 {opening}   黃↖3黃\n"
        "2. 黃↗1紫" + " " * 13 + "紫↖2紫\n"  # aligned by display width: a glyph is two columns
    )


def test_to_other_languages(record: Path) -> None:
    r = run(str(record), "--to", "text", "--lang", "hu")
    assert r.exit_code == 0
    assert "1. sárga balra 1 sárga {opening}   sárga balra 3 sárga" in r.stdout


def test_to_coordinates_and_back(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "club.coords.kmr"
    r = run(str(record), "--to", "coords", "-o", str(out))
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    # Black's yellow tower starts on e8; one square left (towards file h) is f7, yellow
    assert "1. e8-f7 {opening}   d1-a4" in text
    back = run(str(out), "--to", "short")
    assert back.exit_code == 0, back.output
    assert "1. Ye L1 Ye {opening}   Ye L3 Ye" in back.stdout
    assert "2. Ye R1 Pu             Pu L2 Pu" in back.stdout


def test_generated_matches_survive_coords_and_json(tmp_path: Path) -> None:
    rec = generate_records(match="standard", seed=7, count=3)
    src = tmp_path / "gen.kmr"
    src.write_text(format_record(rec, form=Form.TEXT), encoding="utf-8")
    coords = tmp_path / "gen.coords"
    assert run(str(src), "--to", "coords", "-o", str(coords)).exit_code == 0
    again = run(str(coords), "--to", "text")
    assert again.exit_code == 0
    assert again.stdout == src.read_text(encoding="utf-8")
    doc = json.loads(run(str(coords), "--to", "json").stdout)
    first = doc["matches"][0]["rounds"][0]["entries"][0]
    assert first["side"] == "black" and first["tower"] is not None and first["from"][1] == "8"


def test_refuses_to_overwrite_its_input(record: Path) -> None:
    r = run(str(record), "--to", "short", "-o", str(record))
    assert r.exit_code == 2
    assert "refusing to write over the input" in r.stderr
    assert record.read_text(encoding="utf-8") == RECORD


def test_missing_file_and_bad_options(tmp_path: Path, record: Path) -> None:
    assert run(str(tmp_path / "nope.kmr"), "--to", "text").exit_code == 2
    assert run(str(record), "--to", "klingon").exit_code == 2
    assert run(str(record), "--to", "text", "--lang", "fr").exit_code == 2


def test_syntax_errors_refuse(tmp_path: Path) -> None:
    p = tmp_path / "bad.kmr"
    # (a line that cannot be read: a '{' left open where a move may be inside it; an
    # unknown word is read past and kept as written: tests/checking/slips/test_unknown_words.py; text that
    # is no evidence of a move is set aside)
    p.write_text("Round 1\n1. Purple L1 {Ye\n", encoding="utf-8")
    out = tmp_path / "out.kmr"
    r = run(str(p), "--to", "short", "-o", str(out))
    assert r.exit_code == 1
    assert f"{p}:2:14: error[syntax]" in r.stderr
    assert not out.exists()


def test_a_record_that_cannot_be_replayed_is_refused_for_coords(tmp_path: Path) -> None:
    p = tmp_path / "illegal.kmr"
    p.write_text("Round 1\n1. Ye L1 Ye   Ye F7 Ye\n", encoding="utf-8")  # gold's yellow cannot go 7 forward
    out = tmp_path / "out.kmr"
    r = run(str(p), "--to", "coords", "-o", str(out))
    assert r.exit_code == 1
    assert "nothing converted" in r.stderr and f"{p}:2:" in r.stderr
    assert not out.exists()
    # colour form to colour form needs no replay
    assert run(str(p), "--to", "symbols").exit_code == 0


def test_bom_and_crlf_input(tmp_path: Path) -> None:
    p = tmp_path / "win.kmr"
    p.write_bytes(("\ufeff" + RECORD).replace("\n", "\r\n").encode("utf-8"))
    r = run(str(p), "--to", "text")
    assert r.exit_code == 0
    assert parse_record(r.stdout).matches[0].headers[1].comments[0].text == " the host"
    assert read_record(str(p)).crlf


def test_lang_with_a_language_free_form_says_it_has_no_effect(tmp_path) -> None:  # type: ignore[no-untyped-def]

    from typer.testing import CliRunner

    from kamisado_notation.cli.app import app

    sample = SAMPLES / "single-round.kmr"
    r = CliRunner().invoke(app, ["convert", str(sample), "--to", "short", "--lang", "hu"])
    assert r.exit_code == 0, r.output
    assert "changes only --to text" in r.stderr
    same = CliRunner().invoke(app, ["convert", str(sample), "--to", "short"])
    assert r.stdout == same.stdout  # the codes are the same in every language
