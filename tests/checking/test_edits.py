"""A diagnostic's correction is data all the way out: ``validate --json`` carries each
diagnostic's ``kind`` and its ``edits``, and a program that applies those edits (with
:func:`~kamisado_notation.apply_edits`, as long as any are left) writes exactly what
``kamisado fix`` writes. The records are generated matches with a slip planted where the
truth is known (tests/support/slips.py plants them), the samples and one-slot slips.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation import Kind, apply_edits, edit_from_json, edit_to_json
from kamisado_notation.cli.app import app
from kamisado_notation.diagnostics import EDIT_NAMES
from kamisado_notation.errors import ArgumentError, FormatError
from tests.support.paths import ROOT
from tests.support.slips import KINDS, STYLES, plant

runner = CliRunner()


def json_diagnostics(path: Path) -> list[dict[str, object]]:
    result = runner.invoke(app, ["validate", "--json", str(path)])
    assert result.exit_code in (0, 1), result.output
    files = json.loads(result.stdout)["files"]
    return [d for f in files for d in [*f["diagnostics"], *(d for m in f["matches"] for d in m["diagnostics"])]]


def fixed_from_json(path: Path) -> str:
    """The record corrected by a program that reads only ``validate --json``."""
    text = path.read_text(encoding="utf-8")
    for _ in range(10):
        edits = [edit_from_json(e) for d in json_diagnostics(path) for e in d["edits"]]  # type: ignore[attr-defined]
        if not edits:
            break
        text = apply_edits(text, edits)
        path.write_text(text, encoding="utf-8")
    return text


def fixed_by_command(path: Path, out: Path) -> str:
    result = runner.invoke(app, ["fix", str(path), "-o", str(out)])
    assert result.exit_code in (0, 1), result.output
    return out.read_text(encoding="utf-8") if out.exists() else path.read_text(encoding="utf-8")


def assert_same_as_fix(text: str, folder: Path) -> list[dict[str, object]]:
    record, copy = folder / "r.kmr", folder / "json.kmr"
    record.write_text(text, encoding="utf-8")
    copy.write_text(text, encoding="utf-8")
    diagnostics = json_diagnostics(record)
    assert fixed_from_json(copy) == fixed_by_command(record, folder / "fixed.kmr")
    return diagnostics


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_row_and_round_slip_is_fixed_the_same_from_the_json(kind: str, tmp_path: Path) -> None:
    found = next(p for seed in range(10) if (p := plant(kind, seed, STYLES[0], seed)) is not None)
    diagnostics = assert_same_as_fix(found[1].text, tmp_path)
    kinds = {d["kind"] for d in diagnostics}
    # every diagnostic names its kind from the one closed set, and the planted one is there
    assert kinds <= {k.value for k in Kind.every()}
    assert {"no-fill-word": "fill-word", "missing-round-renumbered": "missing-round"}.get(kind, kind) in kinds or not any(
        d["severity"] == "error" for d in diagnostics
    )


@pytest.mark.parametrize("sample", ["broken.kmr", "pushes.kmr", "club-night.kmr"])
def test_the_samples_are_fixed_the_same_from_the_json(sample: str, tmp_path: Path) -> None:
    assert_same_as_fix((ROOT / "samples" / sample).read_text(encoding="utf-8"), tmp_path)


def test_a_slot_slip_in_json_names_its_kind_and_edit(tmp_path: Path) -> None:
    text = "Round 1\n1. Yellow Left 1 Red   Yellow Right 1 Green\n"
    (d,) = assert_same_as_fix(text, tmp_path)
    assert d["kind"] == "slot"
    assert d["edits"] == [
        {"edit": "replace-entry", "line": 2, "column": 4, "old": "Yellow Left 1 Red", "new": "Yellow Left 1 Yellow",
         "why": "the square: f7 is yellow, not red"},
    ]


@given(kind=st.sampled_from(sorted(KINDS)), seed=st.integers(0, 10**6), style=st.sampled_from(STYLES))
@example(kind="swapped-row", seed=100, style=STYLES[0])  # (a row inserted: the turns after it renumbered)
def test_property_the_json_edits_make_what_fix_makes(kind: str, seed: int, style: object, tmp_path_factory: pytest.TempPathFactory) -> None:
    found = plant(kind, seed % 1000, style, seed)  # type: ignore[arg-type]
    if found is not None:
        assert_same_as_fix(found[1].text, tmp_path_factory.mktemp("r"))


def test_the_turns_a_correction_moves_are_renumbered_by_its_own_edits(tmp_path: Path) -> None:
    # round 1's first row written with its entries swapped; the replay reads it as a
    # slot slip and a row left out after it, inserted before '2.': the rows after it are
    # turns 3 and 4 now, and the JSON edits of the row's diagnostic say so
    found = plant("swapped-row", 100, STYLES[0], 100)
    assert found is not None
    diagnostics = assert_same_as_fix(found[1].text, tmp_path)
    (row,) = [d for d in diagnostics if d["kind"] == "missing-row"]
    assert [e["edit"] for e in row["edits"]] == ["insert-row", "renumber", "renumber"]  # type: ignore[index, union-attr]
    text = (tmp_path / "json.kmr").read_text(encoding="utf-8")
    round_1 = text.split("Round 1\n")[1].split("\n\n")[0].splitlines()
    assert [line.split(".")[0] for line in round_1] == ["1", "2", "3", "4"]
    assert not any(d["kind"] == "turn-number" for d in json_diagnostics(tmp_path / "json.kmr"))


@given(st.sampled_from(sorted(EDIT_NAMES)), st.lists(st.one_of(st.integers(-5, 99), st.text(max_size=8), st.none()), min_size=6, max_size=6))
def test_property_edits_go_through_json_and_back(name: str, values: list[object]) -> None:
    kind = EDIT_NAMES[name]
    fields = {f: values[i] for i, f in enumerate(kind._fields)}
    try:
        edit = edit_from_json({"edit": name, **fields})
    except FormatError as e:
        assert "edit" in str(e)  # a wrong member type is named, never a crash
        return
    assert edit_from_json(json.loads(json.dumps(edit_to_json(edit)))) == edit


@pytest.mark.parametrize("data", [None, [], {"edit": "shuffle"}, {"edit": "delete-row", "line": 3}, {"edit": "delete-row", "line": "3", "old": "", "why": ""}])
def test_a_malformed_edit_is_a_format_error(data: object) -> None:
    with pytest.raises(FormatError):
        edit_from_json(data)


# -- an edit that does not fit the text is refused whole: nothing is made

TEXT = '[Event "x"]\nRound 1\n1. Yellow Left 1 Red   Yellow Right 1 Green\n'
GOOD = {"edit": "replace-entry", "line": 3, "column": 4, "old": "Yellow Left 1 Red", "new": "Yellow Left 1 Yellow", "why": "the square"}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"line": 0}, "no line 0"),
        ({"line": -1}, "no line -1"),
        ({"line": 4}, "no line 4"),
        ({"column": 0}, "no column 0"),
        ({"column": -3}, "no column -3"),
        ({"column": 99}, "no column 99"),
        ({"column": 5}, "does not hold"),  # (stale: the entry is not at this column)
        ({"old": "Pink Left 1 Red"}, "does not hold"),  # (stale: another entry stands there now)
        ({"new": "Yellow Left 1 Yellow\n[Result \"1-0\"]"}, "line break"),
        ({"why": "because\r\n[Black \"me\"]"}, "line break"),
        ({"why": "because\u2028then"}, "line break"),
    ],
)
def test_an_edit_that_does_not_fit_the_text_is_refused_and_nothing_made(change: dict[str, object], reason: str) -> None:
    edits = [edit_from_json(GOOD), edit_from_json({**GOOD, **change})]
    with pytest.raises(ArgumentError, match=reason):
        apply_edits(TEXT, edits)


@pytest.mark.parametrize(
    "other",
    [
        {"edit": "replace-entry", "line": 3, "column": 10, "old": "Left 1 Red   Yellow", "new": "x", "why": "overlaps"},
        {"edit": "delete-entry", "line": 3, "column": 1, "old": "1. Yellow", "why": "overlaps its start"},
        {"edit": "rewrite-line", "line": 3, "what": "round", "old": "Yellow Left", "new": "Round 2", "why": "the whole line too"},
        {"edit": "insert-row", "line": 0, "new": "1. Red Left 1 Red", "why": "before no line"},
        {"edit": "delete-row", "line": 3, "old": "Pink Forward 2 Blue", "why": "a row that is not there"},
    ],
)
def test_edits_changing_the_same_characters_or_a_line_not_there_are_refused(other: dict[str, object]) -> None:
    edits = [edit_from_json(GOOD), edit_from_json(other)]
    with pytest.raises(ArgumentError, match="edit refused, nothing made"):
        apply_edits(TEXT, edits)


def test_an_insertion_where_a_replaced_entry_starts_is_made_before_it() -> None:
    """The replay inserts a '...' before an entry it also rewrites (a round written one
    entry a line, read by evidence): one place, two changes, made in the one order there is."""
    insertion = {"edit": "insert-entry", "line": 3, "column": 4, "new": "...", "why": "an insertion where it starts"}
    both = apply_edits(TEXT, [edit_from_json(GOOD), edit_from_json(insertion)])
    line = both.splitlines()[2]
    assert line.index("...") < line.index("Yellow Left 1 Yellow {fix: was Yellow Left 1 Red")
    twice = {**insertion, "new": "Red Left 1 Red"}
    with pytest.raises(ArgumentError, match="edit refused, nothing made"):
        apply_edits(TEXT, [edit_from_json(insertion), edit_from_json(twice)])


def test_an_edit_given_twice_is_made_once_and_a_row_may_follow_the_last_line() -> None:
    once = apply_edits(TEXT, [edit_from_json(GOOD)])
    assert apply_edits(TEXT, [edit_from_json(GOOD)] * 2) == once
    assert once.splitlines()[2].startswith("1. Yellow Left 1 Yellow {fix: was Yellow Left 1 Red, the square}   Yellow Right 1 Green")
    row = {"edit": "insert-row", "line": 4, "new": "2. Red Left 1 Red", "why": "a row"}
    assert apply_edits(TEXT, [edit_from_json(row)]).endswith("\n2. Red Left 1 Red {fix: inserted, a row}\n")
    assert apply_edits(TEXT.rstrip("\n"), [edit_from_json(row)]).endswith("Green\n2. Red Left 1 Red {fix: inserted, a row}\n")
