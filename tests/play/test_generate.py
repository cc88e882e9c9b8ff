"""Generated records: legal, finished, reproducible by seed, and valid once written in
any form and read back."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.validate import validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.engine.match import MATCH_TARGETS
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_records

runner = CliRunner()


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    fmt=st.sampled_from(sorted(MATCH_TARGETS)),
    form=st.sampled_from([Form.TEXT, Form.SYMBOLS, Form.SHORT, Form.COORDS]),
    lang=st.sampled_from(["en", "de", "hu", "pt", "ro", "ru"]),
)
def test_written_and_read_back_generated_matches_validate(seed: int, fmt: str, form: Form, lang: str) -> None:
    record = generate_records(match=fmt, seed=seed, count=2, coords=form is Form.COORDS)
    text = format_record(record, form=form, lang=lang)
    report = validate_text(text)
    assert report.valid, report.all_diagnostics()[:3]
    assert len(report.matches) == 2
    for m in report.matches:
        assert m.status == "complete"
        assert m.score[m.winner] >= MATCH_TARGETS[fmt]  # type: ignore[index]


def test_same_seed_same_records_and_pushes_happen() -> None:
    a = format_record(generate_records(match="standard", seed=7, count=20), form=Form.TEXT)
    b = format_record(generate_records(match="standard", seed=7, count=20), form=Form.TEXT)
    c = format_record(generate_records(match="standard", seed=8, count=20), form=Form.TEXT)
    assert a == b != c
    assert " Back 1 " in a  # the generator is biased towards Sumo pushes


def test_cli_generate_writes_a_valid_file(tmp_path: Path) -> None:
    out = tmp_path / "g.kmr"
    r = runner.invoke(app, ["generate", "--match", "long", "--seed", "3", "--count", "2", "--form", "short", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert text.count('[Match "Long"]') == 2
    assert runner.invoke(app, ["validate", str(out)]).exit_code == 0
    r = runner.invoke(app, ["generate", "--match", "huge", "--seed", "1"])
    assert r.exit_code == 2


def test_generate_names_the_players_the_event_and_other_headers(tmp_path: Path) -> None:
    from kamisado_notation import read_record

    named = tmp_path / "named.kmr"
    args = ["generate", "--match", "standard", "--seed", "7", "--count", "2"]
    r = runner.invoke(app, [*args, "--black", "Ann", "--gold", 'Bob "B" Lee', "--event", "Club night",
                            "--header", "Site=Leiden", "--header", "Date=2026.11.28", "-o", str(named)])
    assert r.exit_code == 0, r.output
    plain = runner.invoke(app, args)
    for match, default in zip(read_record(str(named)).matches, read_record(io.StringIO(plain.stdout)).matches, strict=True):
        h = match.headers
        assert (h["Black"], h["Gold"], h["Event"], h["Site"], h["Date"]) == ("Ann", 'Bob "B" Lee', "Club night", "Leiden", "2026.11.28")
        # the names change the headers only: the same seed plays the same moves
        assert [[e.text for e in rnd.entries] for rnd in match.rounds] == [[e.text for e in rnd.entries] for rnd in default.rounds]
        assert default.headers["Black"] == "Random"
    assert validate_text(named.read_text(encoding="utf-8")).valid
    bad = runner.invoke(app, [*args, "--header", "Site"])
    assert bad.exit_code == 2 and "NAME=VALUE" in bad.stderr
