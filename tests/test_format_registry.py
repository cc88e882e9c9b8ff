"""One registry of record formats: the commands' choices, the files a folder is read
for, how a file's format is told and which module reads or writes it all come from
``notation.formats.FORMATS``, so a format added there is offered and checked everywhere."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation import read_record, reading_as, replay_match
from kamisado_notation.cli.app import app
from kamisado_notation.notation.files.opening import RECORD_SUFFIXES
from kamisado_notation.notation.formats import (
    FORMATS,
    LANGUAGES,
    WRITTEN_FORMS,
    folder_suffixes,
    output_suffix,
    sniff,
    sniffed,
)
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match

runner = CliRunner()


def single_round(seed: int) -> str:
    """A generated single round with no header but ``Match`` (what every format holds)."""
    match = generate_match(random.Random(seed), target=1)
    text = format_record(RecordFile("<t>", matches=[match]), form=Form.TEXT, lang="en")
    return '[Match "Single"]\n' + "".join(line for line in text.splitlines(keepends=True) if not line.startswith("["))


def test_the_commands_offer_every_format_and_language() -> None:
    convert = runner.invoke(app, ["convert", "--help"], terminal_width=300).output
    validate = runner.invoke(app, ["validate", "--help"], terminal_width=300).output
    for name in WRITTEN_FORMS:
        assert name in convert, name
    for name in FORMATS:
        assert name in validate, name  # (--from)
    for lang in LANGUAGES:
        assert lang in convert, lang
    bad = runner.invoke(app, ["convert", "x.kmr", "--to", "sgf"])
    assert bad.exit_code == 2 and ", ".join(WRITTEN_FORMS) in bad.output


def test_folders_are_read_for_the_registered_endings() -> None:
    assert RECORD_SUFFIXES == folder_suffixes() == (".kmr", ".json", ".sgf")
    assert output_suffix("text") == ".kmr" and output_suffix("json") == ".json" and output_suffix("boardspace") == ".sgf"


@pytest.mark.parametrize("name", [f.name for f in FORMATS.values() if f.writer is not None])
@pytest.mark.parametrize("seed", [3, 8])
def test_each_written_format_reads_back_as_itself(name: str, seed: int, tmp_path: Path) -> None:
    source = tmp_path / "r.kmr"
    source.write_text(single_round(seed), encoding="utf-8")
    out = tmp_path / f"r{FORMATS[name].suffix}"
    result = runner.invoke(app, ["convert", str(source), "--to", name, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sniffed(out.read_bytes()) == name  # told by its content
    with reading_as(name):  # and read by its own reader
        (again,) = read_record(str(out)).matches
    (first,) = read_record(str(source)).matches
    moves = [[p.move for p in r.plies] for r in replay_match(first).rounds]
    assert [[p.move for p in r.plies] for r in replay_match(again).rounds] == moves


def test_an_unknown_format_is_named_with_the_known_ones() -> None:
    result = runner.invoke(app, ["validate", "--from", "pgn", "x.kmr"])
    assert result.exit_code == 2 and "pgn" in result.output
    for name in FORMATS:
        assert name in result.output



@pytest.mark.parametrize("first", ['{"note": "adjourned at move 12"}', "(; opening notes )", '  {"Board": 2}'])
def test_a_kmr_file_whose_first_comment_looks_like_another_format_is_read_as_a_kmr(first: str, tmp_path: Path) -> None:
    path = tmp_path / "notes.kmr"
    path.write_text(first + "\n" + single_round(3), encoding="utf-8")
    assert sniffed(path.read_bytes()) not in (None, "kmr")  # (its start alone looks like another format)
    record = read_record(str(path))
    assert len(record.matches) == 1 and not [d for d in record.errors if d.severity.value == "error"], record.errors
    assert replay_match(record.matches[0]).valid


@pytest.mark.parametrize("name", ["json", "boardspace", "hamisado"])
def test_another_formats_file_named_kmr_is_still_read_as_that_format(name: str, tmp_path: Path) -> None:
    source = tmp_path / "in.kmr"
    source.write_text(single_round(4), encoding="utf-8")
    result = runner.invoke(app, ["convert", "--to", name, str(source)])
    assert result.exit_code == 0, result.output
    path = tmp_path / "other.kmr"
    path.write_text(result.stdout, encoding="utf-8")
    assert sniff(str(path), path.read_bytes()) == name
    assert read_record(str(path)).matches
