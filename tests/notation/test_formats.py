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
from tests.support.paths import FIXTURES, SAMPLES

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
    assert RECORD_SUFFIXES == folder_suffixes()
    assert {".kmr", ".json", ".sgf"} <= set(folder_suffixes()) and ".txt" not in folder_suffixes()  # (a .txt may be anything)
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


#: other programs' files as they write them, by format
FOREIGN = {"boardspace": FIXTURES / "boardspace-kamisado.sgf", "hamisado": FIXTURES / "hamisado-readme-game.txt", "hackerrank": FIXTURES / "allgames-21996474"}


def starts_as(head: bytes) -> list[str]:
    """Every format whose files start as ``head`` does."""
    return [f.name for f in FORMATS.values() if f.pattern is not None and f.pattern.match(head)]


def samples_of_every_format(tmp_path: Path) -> dict[str, list[Path]]:
    """Every sample of every format: the ``.kmr`` samples, the other programs' files of
    the fixtures, and each sample round written by every writer (ours in JSON)."""
    found: dict[str, list[Path]] = {name: [] for name in FORMATS}
    found["kmr"] = sorted(SAMPLES.glob("*.kmr"))
    for name, path in FOREIGN.items():
        found[name].append(path)
    for seed in (3, 8):
        source = tmp_path / f"r{seed}.kmr"
        source.write_text(single_round(seed), encoding="utf-8")
        for name in [f.name for f in FORMATS.values() if f.writer is not None] + ["json"]:
            out = tmp_path / f"r{seed}-{name}{FORMATS[name].suffix}"
            assert runner.invoke(app, ["convert", str(source), "--to", name, "-o", str(out)]).exit_code == 0
            found[name].append(out)
    return found


def test_every_sample_of_every_format_is_told_as_itself_and_only_itself(tmp_path: Path) -> None:
    samples = samples_of_every_format(tmp_path)
    assert all(samples.values()), samples
    for name, paths in samples.items():
        for path in paths:
            head = path.read_bytes()[: 1 << 16]
            # by its name and content, and by its content alone (a pipe)
            assert sniff(str(path), head) == name and sniff("-", head) == name, path
            # and no other format's start fits it: the priority is not what told it
            assert starts_as(head) == ([] if FORMATS[name].pattern is None else [name]), path


def test_the_ending_comes_first_then_the_content_by_priority(tmp_path: Path) -> None:
    priorities = [f.priority for f in FORMATS.values()]
    assert len(set(priorities)) == len(priorities)
    assert max(FORMATS.values(), key=lambda f: f.priority).name == "kmr"  # (what a file is when nothing else is)
    assert sniff("garbage.json", b"not json") == "json"  # (the ending's: its reader names the fault)
    assert sniff("notes.json", b'// my notes\n{ moves: [\n  "Red Left 3 Blue",\n') == "kmr"  # (entries: read by their evidence)
    assert sniff("garbage.sgf", b"not sgf") == "boardspace"
    assert sniff("record.txt", b"Round 1\n1. Purple Forward 1 Red") == "kmr"  # (a .txt may be anything)
    assert sniff("moves.txt", FOREIGN["hamisado"].read_bytes()) == "hamisado"
    assert sniff("log.json", FOREIGN["hackerrank"].read_bytes()) == "hackerrank"



@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"a": [1,2', "not JSON"),  # (broken: the JSON reader says where)
        ('{"app": "Day One", "entries": [{"text": "1. Brown Forward 5 Green"}]}', None),  # (another program's: its text read)
        ('{"app": "Day One",\n "photos": ["' + "iVBORw0KGgo" * 30_000 + '"],\n "entries": [{"text": "1. Brown Forward 5 Green"}]}', None),  # (its text far below)
    ],
    ids=["broken", "another-programs", "its-text-far-below"],
)
def test_a_json_file_without_matches_is_read_from_its_text_unless_it_is_broken(text: str, said: str | None, tmp_path: Path) -> None:
    """A ``.json`` file that is another program's JSON (no ``"matches"``) is read from its
    text, also where the text stands beyond the block its format is told by (a diary's
    photos before it), and a whole file that is no JSON gets the JSON reader's error, with where it
    breaks (session 36: another program's JSON was read as our JSON form before, and for
    a moment after, a broken one as text: 'the file holds no match')."""
    path = tmp_path / "notes.json"
    path.write_text(text, encoding="utf-8")
    messages = [d.message for d in read_record(str(path)).errors]
    if said is None:
        assert not any("JSON" in m or "matches" in m for m in messages), messages
    else:
        assert any(m.startswith(said) for m in messages), messages
