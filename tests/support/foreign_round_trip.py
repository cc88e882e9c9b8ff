"""What the tests of other programs' formats share: the moves of a converted record,
and a record written in such a format and read back, through the command line."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.notation import MatchRecord, RecordFile, format_record
from kamisado_notation.notation.writer import Form

runner = CliRunner()
_COORDS = re.compile(r"\b[a-h][1-8]-[a-h][1-8]\b")


def coords_moves(text: str) -> list[str]:
    """The coordinate entries of a record converted ``--to coords`` (its rows; headers hold none)."""
    return _COORDS.findall("\n".join(line for line in text.splitlines() if line[:1].isdigit()))


def round_trip(match: MatchRecord, to: str, *, form: Form = Form.TEXT) -> tuple[list[str], list[str], str]:
    """``match`` written as a ``.kmr`` in ``form``, converted ``--to`` another program's
    format and read back: the original's moves, the read-back's, and its ``.kmr`` text."""
    with tempfile.TemporaryDirectory() as tmp:
        kmr, other = Path(tmp) / "round.kmr", Path(tmp) / f"round.{to}"
        kmr.write_text(format_record(RecordFile("round.kmr", [match]), form=form), encoding="utf-8")
        written = runner.invoke(app, ["convert", str(kmr), "--to", to, "-o", str(other)])
        assert written.exit_code == 0, written.output
        back = runner.invoke(app, ["convert", str(other), "--to", "coords"])
        original = runner.invoke(app, ["convert", str(kmr), "--to", "coords"])
    assert back.exit_code == 0, back.output
    return coords_moves(original.stdout), coords_moves(back.stdout), back.stdout
