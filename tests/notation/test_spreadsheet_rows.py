"""Rows pasted from a spreadsheet (docs/record-decisions.md, "Rows pasted from a spreadsheet"): a
generated legal match whose rows are written as a spreadsheet's cells — separated by
tabs, commas or semicolons, a bare turn number in the first cell, an empty cell for
``...``, a header row — in every form and language. Read with one warning a match, the
rounds judged as before, and ``fix`` writes our rows with the same moves."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.slips import rewrite
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.notation.writer import Form
from tests.support.slips import STYLES, moves_of, only_match, winners, written

_ROW = re.compile(r"^(\d+)\. (.*)$")
SEPARATORS = ["\t", ",", ", ", ";", "\t "]
HEADER_ROWS = [["Turn", "Black", "Gold"], ["#", "Black", "Gold"], ["Move", "black", "gold"], ["", "Black", "Gold"]]


def as_cells(text: str, sep: str, *, header: list[str] | None, numbered: bool = True, trailing: bool = False) -> str:
    """``text`` with each row written as a spreadsheet's cells joined by ``sep``: the
    turn number bare in its cell (or no turn number cell), ``...`` an empty cell, the
    ``header`` row after each ``Round`` line; ``trailing``: an empty cell after a row
    with Black's entry only."""
    out = []
    for line in text.split("\n"):
        m = _ROW.match(line)
        if m is None:
            out.append(line)
            if line.startswith("Round") and header is not None:
                out.append(sep.join(header))
            continue
        cells = ["" if c == "..." else c for c in re.split(r" {2,}", m[2].strip())]
        if trailing and len(cells) == 1:
            cells.append("")
        out.append(sep.join([m[1], *cells] if numbered else cells))
    return "\n".join(out)


def check_read_and_fixed(original: str, pasted: str) -> str:
    """One warning of kind ``spreadsheet`` at the first pasted line, nothing else said,
    the rounds judged as before, ``fix`` writes rows with the same moves and no cell
    left: the fixed text."""
    report = validate_text(pasted, path="t.kmr")
    diagnostics = report.all_diagnostics()
    assert report.valid and len(diagnostics) == 1, [d.format("t") for d in diagnostics]
    (warning,) = diagnostics
    # (a header row written '#\tBlack\tGold' is our own comment already: no style)
    first = next(n for n, (a, b) in enumerate(zip(original.split("\n"), pasted.split("\n"), strict=False), 1) if a != b and b[:1] != "#")
    assert (warning.severity, warning.kind, warning.line) == ("warning", "spreadsheet", first)
    assert warning.message.startswith("rows pasted from a spreadsheet")
    assert winners(pasted) == winners(original)
    fixed = fix_text(pasted, path="t.kmr")
    assert fixed.valid and not fixed.remaining.all_diagnostics()  # type: ignore[union-attr]
    assert moves_of(fixed.text) == moves_of(original)
    return fixed.text


@pytest.mark.parametrize("sep", SEPARATORS, ids=repr)
@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
def test_rows_pasted_from_a_spreadsheet_are_read_and_fixed(style: tuple[Form, str], sep: str) -> None:
    original = written(3, *style)
    pasted = as_cells(original, sep, header=HEADER_ROWS[0])
    fixed = check_read_and_fixed(original, pasted)
    # fix writes our rows: a turn number with its full stop, '...', the header row a comment
    assert "# " + sep.join(HEADER_ROWS[0]) in fixed.split("\n")
    assert fixed.count("1. ...   ") == original.count("1. ...")
    assert not re.search(r"^\d+[\t,;]", fixed, re.MULTILINE)


@given(
    seed=st.integers(0, 10**6),
    style=st.sampled_from(STYLES),
    sep=st.sampled_from(SEPARATORS),
    header=st.sampled_from([None, *HEADER_ROWS]),
    trailing=st.booleans(),
)
def test_property_a_match_pasted_from_a_spreadsheet_reads_as_the_match(
    seed: int, style: tuple[Form, str], sep: str, header: list[str] | None, trailing: bool
) -> None:
    original = written(seed, *style)
    check_read_and_fixed(original, as_cells(original, sep, header=header, trailing=trailing))


@pytest.mark.parametrize("sep", [",", ";"])
def test_rows_without_turn_numbers_in_comma_separated_cells(sep: str) -> None:
    """(``Red Forward 6 Pink, Pink Left 4 Pink`` is punctuation after an entry, read as
    that style: the same row.)"""
    original = written(5, Form.TEXT, "en")
    check_read_and_fixed(original, as_cells(original, sep, header=["Black", "Gold"], numbered=False))


def test_a_wrong_move_in_a_cell_is_located_in_the_line_as_written_and_fixed() -> None:
    """A one-slot slip in a pasted row: its error at the entry's own column in the line
    as pasted (not the row as rewritten), and ``fix`` corrects it and writes the row."""
    original = written(3, Form.TEXT, "en")
    entry = only_match(original).rounds[1].entries[3]  # Gold's entry of row 2
    words = entry.text.split()
    wrong = " ".join([*words[:-1], "Orange" if words[-1] != "Orange" else "Red"])  # the square colour wrong
    slipped = rewrite(original, [(entry, wrong)])
    pasted = as_cells(slipped, ",", header=HEADER_ROWS[0])
    n, line = next((n, line) for n, line in enumerate(pasted.split("\n"), 1) if wrong in line)
    errors = [d for d in validate_text(pasted).all_diagnostics() if d.severity == "error"]
    assert [(d.line, d.column, d.kind) for d in errors] == [(n, line.index(wrong) + 1, "slot")]
    fixed = fix_text(pasted)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)


def test_our_rows_and_other_lines_with_commas_are_not_cells() -> None:
    """A line with commas that is no row of cells keeps its own reading: punctuation
    after entries, a ``Round`` line in another shape, a header."""
    original = written(3, Form.TEXT, "en")
    marked = original.replace("Round 2 fill right", "Round 2, fill right")
    kinds = {d.kind for d in validate_text(marked).all_diagnostics()}
    assert kinds == {"round-line"}
    entry = only_match(original).rounds[0].entries[0]
    punctuated = rewrite(original, [(entry, entry.text + ",")])
    assert {d.kind for d in validate_text(punctuated).all_diagnostics()} == {"punctuation"}


def test_a_line_of_cells_that_is_no_row_is_the_error_it_was() -> None:
    original = written(3, Form.TEXT, "en")
    lines = original.split("\n")
    at = lines.index("Round 2 fill right")
    lines.insert(at + 1, "1,Red Forward 6 Pink,Pink Left 4 Pink,Green Left 1 Purple")  # three entry cells
    errors = [d for d in validate_text("\n".join(lines)).all_diagnostics() if d.severity == "error"]
    assert errors and errors[0].line == at + 2 and errors[0].kind == ""
    assert not [d for d in validate_text("\n".join(lines)).all_diagnostics() if d.kind == "spreadsheet"]


def test_the_header_row_alone_is_read_as_a_comment() -> None:
    original = written(3, Form.TEXT, "en")
    lines = original.split("\n")
    at = lines.index("Round 2 fill right")
    lines.insert(at + 1, "Turn\tBlack\tGold")
    pasted = "\n".join(lines)
    (d,) = validate_text(pasted).all_diagnostics()
    assert (d.kind, d.line, d.severity) == ("spreadsheet", at + 2, "warning")
    fixed = fix_text(pasted)
    assert fixed.text.split("\n")[at + 1] == "# Turn\tBlack\tGold" and fixed.valid
    assert moves_of(fixed.text) == moves_of(original)


@given(seed=st.integers(0, 10_000), sep=st.sampled_from([";", " ; ", ",", "#"]))
def test_lines_of_a_separator_then_words_above_the_rows_are_no_rows(seed: int, sep: str) -> None:
    """A backgammon player's match file opens with lines that start with ``;`` (its
    comments: `` ; [Match ID "kam-0611-03"]``, `` ; Kostas = BLACK towers``): an empty
    cell, then words that are no entry, is no row (before session 67 each was read as a
    row of ``...`` alone, an error for each line); the rows below read as before."""
    original = written(seed, Form.TEXT, "en", target=3)
    head, _, rest = original.partition("\nRound 1")
    notes = [f'{sep} [Match ID "kam-0611-03"]', f"{sep} [Player 1 \"Kostas\"]", f"{sep} Kostas = BLACK towers (left column), Marguerite = GOLD towers."]
    text = head + "\n" + "\n".join(notes) + "\n\nRound 1" + rest
    report = validate_text(text)
    assert [d.format("t") for d in report.all_diagnostics() if d.severity == "error"] == []
    assert winners(text) == winners(original)
