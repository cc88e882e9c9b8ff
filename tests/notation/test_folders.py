"""Folders wherever record files are read: which files a folder stands for, in which
order, and what an empty folder or an unreadable file in one does."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.errors import NoRecordsError
from kamisado_notation.notation.files.opening import record_paths
from tests.support.paths import SAMPLES

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def tree(root: Path, names: list[str]) -> None:
    for name in names:
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("", encoding="utf-8")


def test_a_folder_is_its_record_files_in_name_order_recursively(tmp_path: Path) -> None:
    tree(tmp_path, ["b.kmr", "A.JSON", "round-10.kmr", "round-2.kmr", "sub/c.kmr", "sub/deeper/d.json",
                    "notes.txt", "b.kmr.orig", ".hidden/x.kmr", ".lock.kmr", "z/readme.md"])
    (tmp_path / "empty").mkdir()
    got = [os.path.relpath(p, tmp_path) for p in record_paths([str(tmp_path)])]
    assert got == ["A.JSON", "b.kmr", "round-10.kmr", "round-2.kmr", "sub/c.kmr", "sub/deeper/d.json"]


def test_arguments_are_kept_as_given_and_a_file_found_in_folders_is_listed_once(tmp_path: Path) -> None:
    tree(tmp_path, ["ev/a.kmr", "ev/b.kmr", "other.txt"])
    (tmp_path / "ev" / "again").symlink_to(tmp_path / "ev")  # a loop: followed once
    (tmp_path / "ev" / "link.kmr").symlink_to(tmp_path / "ev" / "a.kmr")
    a, b = str(tmp_path / "ev" / "a.kmr"), str(tmp_path / "ev" / "b.kmr")
    missing, other = str(tmp_path / "missing.kmr"), str(tmp_path / "other.txt")
    assert record_paths([other, "-", str(tmp_path / "ev"), a, missing]) == [other, "-", a, b, a, missing]
    assert record_paths([a, str(tmp_path / "ev"), a]) == [a, b, a]  # a file argument is kept as given


def test_a_folder_whose_records_were_listed_before_is_not_empty_and_a_loop_holds_none(tmp_path: Path) -> None:
    tree(tmp_path, ["ev/sub/a.kmr", "loop/notes.txt"])
    (tmp_path / "loop" / "back").symlink_to(tmp_path / "loop")
    a = str(tmp_path / "ev" / "sub" / "a.kmr")
    assert record_paths([a, str(tmp_path / "ev"), str(tmp_path / "ev" / "sub"), str(tmp_path / "ev")]) == [a]
    with pytest.raises(NoRecordsError):
        record_paths([str(tmp_path / "loop")])


def test_a_folder_with_no_record_is_an_error_that_names_it(tmp_path: Path) -> None:
    """Alone, a folder with no record is an error; among other arguments it is listed as
    itself, for its reader to report (as a file that is not there is), and the others
    are read (``hostile/test_forgery_hangs_and_memory.py``)."""
    tree(tmp_path, ["empty/notes.txt", "full/a.kmr"])
    with pytest.raises(NoRecordsError, match="empty: the folder holds no record file") as e:
        record_paths([str(tmp_path / "empty")])
    assert e.value.path == str(tmp_path / "empty")
    assert record_paths([str(tmp_path / "full"), str(tmp_path / "empty")]) == [str(tmp_path / "full" / "a.kmr"), str(tmp_path / "empty")]


def test_a_link_to_nowhere_in_a_folder_is_listed_for_its_reader_to_report(tmp_path: Path) -> None:
    tree(tmp_path, ["a.kmr"])
    (tmp_path / "gone.kmr").symlink_to(tmp_path / "nowhere.kmr")
    assert record_paths([str(tmp_path)]) == [str(tmp_path / "a.kmr"), str(tmp_path / "gone.kmr")]


@pytest.mark.skipif(AS_ROOT, reason="root reads every file")
def test_an_unreadable_file_or_subfolder_is_listed_for_its_reader_to_report(tmp_path: Path) -> None:
    tree(tmp_path, ["a.kmr", "locked.kmr", "shut/b.kmr"])
    (tmp_path / "locked.kmr").chmod(0)
    (tmp_path / "shut").chmod(0)
    try:
        got = record_paths([str(tmp_path)])
    finally:
        (tmp_path / "shut").chmod(0o755)
    assert got == [str(tmp_path / n) for n in ("a.kmr", "locked.kmr", "shut")]


# ------------------------------------------------------------------ through the commands

runner = CliRunner()


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_validate_reads_a_folder_and_an_unreadable_file_in_it_is_said_while_the_others_count(tmp_path: Path) -> None:
    (tmp_path / "r1").mkdir()
    (tmp_path / "r1" / "a.kmr").write_bytes((SAMPLES / "standard-match.kmr").read_bytes())
    (tmp_path / "b.kmr").write_bytes((SAMPLES / "broken.kmr").read_bytes())
    (tmp_path / "gone.kmr").symlink_to(tmp_path / "nowhere.kmr")
    r = runner.invoke(app, ["validate", "-q", str(tmp_path)])
    assert r.exit_code == 2  # a file that cannot be read
    assert f"{tmp_path / 'gone.kmr'}: error[io] no such file" in r.stdout
    assert f"{tmp_path / 'b.kmr'}:6:28: error[square]" in r.stdout  # the others are validated
    r = runner.invoke(app, ["validate", "--json", str(tmp_path)])
    files = json.loads(r.stdout)["files"]
    assert [os.path.relpath(f["path"], tmp_path) for f in files] == ["b.kmr", "gone.kmr", "r1/a.kmr"]
    assert files[2]["valid"] and files[2]["matches"][0]["headers"]["Black"] == "Johan"


def test_convert_a_folder_into_a_folder_one_output_each_never_onto_an_input(tmp_path: Path) -> None:
    src = tmp_path / "ev"
    (src / "r1").mkdir(parents=True)
    (src / "a.kmr").write_bytes((SAMPLES / "standard-match.kmr").read_bytes())
    assert runner.invoke(app, ["convert", str(src / "a.kmr"), "--to", "json", "-o", str(src / "a.json")]).exit_code == 0
    (src / "r1" / "b.kmr").write_bytes((SAMPLES / "pushes.kmr").read_bytes())
    (src / "r1" / "c.kmr").write_text("Round 1\n1. Yellow Sideways {Left\n", encoding="utf-8")  # a '{' left open on a move: refused
    before = snapshot(src)
    r = runner.invoke(app, ["convert", str(src), "--to", "text", "-d", str(src)])  # the outputs beside the inputs
    assert r.exit_code == 1 and "c.kmr has lines that could not be read; nothing converted" in r.stderr
    after = snapshot(src)
    assert {k: after[k] for k in before} == before  # nothing written onto an input
    assert sorted(set(after) - set(before)) == ["a-2.kmr", "a-3.kmr", "r1/b-2.kmr"]
    assert after["a-2.kmr"] == after["a-3.kmr"]  # the text form of the JSON and of the text: the same
    out = tmp_path / "out"
    r = runner.invoke(app, ["convert", str(src / "a.kmr"), str(src / "r1"), "--to", "json", "-d", str(out)])
    assert r.exit_code == 1 and sorted(snapshot(out)) == ["a.json", "b-2.json", "b.json"]


def test_convert_of_several_records_needs_a_folder_of_outputs(tmp_path: Path) -> None:
    r = runner.invoke(app, ["convert", str(SAMPLES), "--to", "text"])
    assert r.exit_code == 2 and "give -d OUTDIR" in r.stderr
    r = runner.invoke(app, ["convert", str(SAMPLES / "pushes.kmr"), "--to", "text", "-o", "x", "-d", str(tmp_path)])
    assert r.exit_code == 2 and "not both" in r.stderr
    (tmp_path / "empty").mkdir()
    r = runner.invoke(app, ["convert", str(tmp_path / "empty"), "--to", "text", "-d", str(tmp_path / "out")])
    assert r.exit_code == 1 and "holds no record file" in r.stderr


def test_show_replay_and_lineup_count_matches_through_a_folder(tmp_path: Path) -> None:
    for name in ("club-night.kmr", "pushes.kmr"):  # 3 matches, then 2
        (tmp_path / name).write_bytes((SAMPLES / name).read_bytes())
    (tmp_path / "a-gone.kmr").symlink_to(tmp_path / "nowhere.kmr")  # said, passed over
    folder = runner.invoke(app, ["show", "--json", str(tmp_path), "--match", "5", "--round", "1", "--ply", "3"])
    alone = runner.invoke(app, ["show", "--json", str(tmp_path / "pushes.kmr"), "--match", "2", "--round", "1", "--ply", "3"])
    assert folder.exit_code == alone.exit_code == 0
    assert json.loads(folder.stdout)["position"] == json.loads(alone.stdout)["position"]
    assert "a-gone.kmr: no such file" in folder.stderr
    r = runner.invoke(app, ["lineup", "--json", str(tmp_path), "--match", "2", "--round", "1"])
    assert r.exit_code == 0 and json.loads(r.stdout)["match"] == 2
    r = runner.invoke(app, ["replay", str(tmp_path), "--match", "3"], env={"NO_COLOR": "1"})
    alone = runner.invoke(app, ["replay", str(tmp_path / "club-night.kmr"), "--match", "3"], env={"NO_COLOR": "1"})
    assert r.exit_code == alone.exit_code == 0 and r.stdout == alone.stdout
    r = runner.invoke(app, ["show", str(tmp_path), "--match", "6"])
    assert r.exit_code == 2 and f"{tmp_path} holds 5 matches, not 6" in r.stderr
    r = runner.invoke(app, ["show", str(tmp_path), "--svg", str(tmp_path / "pushes.kmr")])
    assert r.exit_code == 2 and "refusing to write over the input" in r.stderr


def test_fix_a_folder_in_place_or_into_a_folder(tmp_path: Path) -> None:
    src = tmp_path / "ev"
    (src / "sub").mkdir(parents=True)
    (src / "broken.kmr").write_bytes((SAMPLES / "broken.kmr").read_bytes())
    (src / "sub" / "pushes.kmr").write_bytes((SAMPLES / "pushes.kmr").read_bytes())
    assert runner.invoke(app, ["convert", str(src / "sub" / "pushes.kmr"), "--to", "json", "-o", str(src / "sub" / "p.json")]).exit_code == 0
    before = snapshot(src)
    r = runner.invoke(app, ["fix", str(src)])
    assert r.exit_code == 2 and "give -d OUTDIR" in r.stderr
    out = tmp_path / "out"
    r = runner.invoke(app, ["fix", str(src), "-d", str(out)])
    assert r.exit_code == 1  # broken.kmr keeps errors no correction is certain for
    assert "p.json: a JSON record, passed over" in r.stderr
    assert snapshot(src) == before and sorted(snapshot(out)) == ["broken.kmr", "sub/pushes.kmr"]
    assert snapshot(out)["sub/pushes.kmr"] == before["sub/pushes.kmr"]  # nothing to fix: the same text
    r = runner.invoke(app, ["fix", str(src), "--in-place"])
    assert r.exit_code == 1
    assert (src / "broken.kmr.orig").read_bytes() == before["broken.kmr"]
    assert (src / "broken.kmr").read_bytes() == snapshot(out)["broken.kmr"]
    assert not (src / "sub" / "pushes.kmr.orig").exists()  # unchanged: no backup
    r = runner.invoke(app, ["fix", str(src), "--in-place"])
    assert r.exit_code == 2 and "broken.kmr.orig exists" in r.stderr
