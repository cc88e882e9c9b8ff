"""Folders wherever record files are read: which files a folder stands for, in which
order, and what an empty folder or an unreadable file in one does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kamisado_notation.errors import NoRecordsError
from kamisado_notation.notation.files import record_paths

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


def test_files_and_standard_input_are_kept_as_given_and_a_file_is_listed_once(tmp_path: Path) -> None:
    tree(tmp_path, ["ev/a.kmr", "ev/b.kmr", "other.txt"])
    (tmp_path / "ev" / "again").symlink_to(tmp_path / "ev")  # a loop: followed once
    (tmp_path / "ev" / "link.kmr").symlink_to(tmp_path / "ev" / "a.kmr")
    a, b = str(tmp_path / "ev" / "a.kmr"), str(tmp_path / "ev" / "b.kmr")
    missing, other = str(tmp_path / "missing.kmr"), str(tmp_path / "other.txt")
    assert record_paths([other, "-", str(tmp_path / "ev"), a, missing]) == [other, "-", a, b, missing]


def test_a_folder_with_no_record_is_an_error_that_names_it(tmp_path: Path) -> None:
    tree(tmp_path, ["empty/notes.txt", "full/a.kmr"])
    with pytest.raises(NoRecordsError, match="empty: the folder holds no record file") as e:
        record_paths([str(tmp_path / "full"), str(tmp_path / "empty")])
    assert e.value.path == str(tmp_path / "empty")


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
