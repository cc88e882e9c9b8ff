"""Hostile line shapes (issue #9): each is read, in time linear in its length, into the
diagnostic a player would want (which line, which column, what message), and the lines
around it still read. Speed is measured in bench/bench_hostile_lines.py, not here; these
sizes would take minutes (or give the wrong message) if reading were quadratic or
recursed per bracket. Both paths: the whole-line fast paths on (as users run it) and off.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.diagnostics import ERROR, WARNING, Diagnostic, Kind
from kamisado_notation.notation import MatchRecord, parse_record
from kamisado_notation.notation.kmr.fast_paths import general_paths
from kamisado_notation.notation.record import RecordFile

PATHS = pytest.mark.parametrize("fast", [True, False], ids=["fast paths", "general path"])
UNCLOSED_COMMENT = "unclosed comment: '{' without '}' on its line"
UNCLOSED_QUOTES = "unclosed quotes: '\"' without its closing '\"'"


def read(line: str, fast: bool) -> tuple[MatchRecord, list[Diagnostic]]:
    """The one match of a record whose third line is ``line``, between two good entries,
    and its diagnostics as (line, column, message)."""
    record = _parse("Round 1\nPu L5 Ye\n" + line + "\nYe F1 Re\n", fast)
    (match,) = record.matches
    return match, record.errors + match.errors


def diagnostics(line: str, fast: bool) -> list[tuple[int, int, str]]:
    match, found = read(line, fast)
    # the entries on the other lines still read
    assert [e.text for e in match.rounds[0].entries] == ["Pu L5 Ye", "Ye F1 Re"]
    return [(d.line, d.column, d.message) for d in found]


def kinds(line: str, fast: bool) -> tuple[int, list[tuple[str, int, int, str]]]:
    """How many entries the record of ``line`` (:func:`read`) holds, and its
    diagnostics as (severity, line, column, kind)."""
    match, found = read(line, fast)
    return len(match.rounds[0].entries), [(d.severity.value, d.line, d.column, d.kind.value) for d in found]


@PATHS
def test_a_hundred_thousand_unclosed_braces(fast: bool) -> None:
    # A '{' never closed is an error only where a move may be in what it leaves open;
    # braces with no evidence after them are set aside (one warning where they begin).
    assert kinds("{" * 100_000, fast) == (2, [("warning", 3, 1, "set-aside")])
    assert kinds("{ " * 100_000, fast) == (2, [("warning", 3, 1, "set-aside")])
    assert kinds("Pu L5 Ye " + "{" * 100_000, fast) == (3, [("warning", 3, 10, "set-aside")])
    assert diagnostics("{ Pu" + " " * 100_000, fast) == [(3, 1, UNCLOSED_COMMENT)]


@PATHS
def test_closed_comments_then_an_unclosed_one(fast: bool) -> None:
    assert diagnostics("Pu L5 Ye {c} " * 10_000 + "{ Ye", fast) == [(3, 130_001, UNCLOSED_COMMENT)]
    # (with nothing after it, the last '{' is set aside and the line's entries are read)
    assert kinds("Pu L5 Ye {c} " * 10_000 + "{", fast) == (10_002, [("warning", 3, 130_001, "set-aside")])


@PATHS
def test_sixteen_thousand_escaped_quotes_in_a_header(fast: bool) -> None:
    record = _parse('[Event "' + '\\"' * 16_000 + '"]\nRound 1\nPu L5 Ye\n', fast)
    (match,) = record.matches
    assert match.errors == [] and record.errors == []
    assert [(h.name, h.value) for h in match.headers] == [("Event", '"' * 16_000)]


@PATHS
def test_sixteen_thousand_escaped_quotes_that_never_close(fast: bool) -> None:
    assert diagnostics('[Event "' + '\\"' * 16_000, fast) == [(3, 8, UNCLOSED_QUOTES)]
    assert diagnostics('[Event "' + '\\"' * 16_000 + "\\", fast) == [(3, 8, UNCLOSED_QUOTES)]
    # '""' pairs (strings: the grammar would object to the first) and a last one open
    assert diagnostics('"' * 100_001, fast) == [(3, 100_001, UNCLOSED_QUOTES)]


@PATHS
def test_a_hundred_thousand_opening_headers(fast: bool) -> None:
    # once a recursion per '[' ("too deeply nested", column 1): now the first real error
    expected = 'unexpected \'[\': expected a quoted value such as "Club night", after the header name'
    assert diagnostics("[a " * 100_000, fast) == [(3, 4, expected)]


@PATHS
def test_a_ten_megabyte_header_value(fast: bool) -> None:
    value = "x" * 10_000_000
    record = _parse(f'[Event "{value}"]\n[Site "here"]\nRound 1\nPu L5 Ye\n', fast)
    (match,) = record.matches
    assert match.errors == [] and record.errors == []
    assert [h.name for h in match.headers] == ["Event", "Site"]
    assert match.headers[0].value == value


@PATHS
def test_a_long_line_of_entries_with_comments(fast: bool) -> None:
    n = 20_000  # (bench/bench_hostile_lines.py reads megabytes of it)
    match, found = read("Pu L5 Ye {c} " * n, fast)
    assert found == []
    entries = match.rounds[0].entries
    assert len(entries) == n + 2
    middle = entries[1 : n + 1]
    assert all(e.text == "Pu L5 Ye" for e in middle)
    assert [(e.line, e.column) for e in middle[:2]] == [(3, 1), (3, 14)]
    assert [(c.text, c.line, c.column, c.braced) for e in middle[-1:] for c in e.comments] == [
        ("c", 3, 13 * n - 3, True)
    ]
    assert all(len(e.comments) == 1 for e in middle)


def set_aside(line: str, fast: bool) -> tuple[int, list[tuple[int, int, str]]]:
    """How many entries ``line`` gives (read by its evidence) and where the text set
    aside on it is, with the warning's words."""
    match, found = read(line, fast)
    aside = [d for d in found if d.kind is Kind.SET_ASIDE]
    places = [(e.line, e.column, e.old) for d in aside for e in d.edits]
    assert all(d.severity is WARNING for d in aside) and not [d for d in found if d.severity is ERROR]
    return len(match.rounds[0].entries) - 2, places


@PATHS
def test_what_is_no_evidence_in_a_long_line_is_set_aside_where_it_is(fast: bool) -> None:
    # (read by evidence: the entries are read, the rest set aside at its place, never an error)
    n = 5_000  # (a line of 65 KB: long enough that anything worse than linear shows)
    assert set_aside("Pu L5 Ye {c} " * n + "Purpel", fast) == (n, [(3, 13 * n + 1, "Purpel")])
    # (two colours and nothing of a move between them are no entry: the line is set aside whole)
    assert set_aside("Pu Pu @", fast) == (0, [(3, 1, "Pu Pu @")])
    assert set_aside("Pu Pu " * n + "@", fast) == (0, [(3, 1, "Pu Pu " * n + "@")])


@PATHS
def test_a_long_bad_token_is_quoted_short(fast: bool) -> None:
    _match, found = read("a1-" + "x" * 1_000_000, fast)
    (aside,) = [d for d in found if d.kind is Kind.SET_ASIDE]
    assert (aside.line, aside.column) == (3, 3)
    assert "'-" + "x" * 39 + "…'" in aside.message and len(aside.message) < 300


def test_validate_reports_the_hostile_lines_and_reads_the_rest(tmp_path: Path) -> None:
    p = tmp_path / "hostile.kmr"
    p.write_text(
        "Round 1\n" + "{ Ye" + " " * 100_000 + "\n1. Pu L5 Ye\n" + "[a " * 100_000 + "\n" + '[Event "' + '\\"' * 16_000 + "\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["validate", str(p)])
    assert result.exit_code == 1
    assert f"{p}:2:1: error[syntax] {UNCLOSED_COMMENT}" in result.output
    assert f"{p}:4:4: error[syntax] unexpected '['" in result.output
    assert f"{p}:5:8: error[syntax] {UNCLOSED_QUOTES}" in result.output
    assert "Traceback" not in result.output


def _parse(text: str, fast: bool) -> RecordFile:
    """``parse_record`` with the fast paths (``fast``) or with every line read by the grammar."""
    if fast:
        return parse_record(text)
    with general_paths():
        return parse_record(text)
