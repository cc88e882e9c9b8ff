"""Garbage in: never anything but the project's own errors (KamisadoError) from
``parse_entry``, never any exception from ``parse_record``/``read_record`` (problems are
diagnostics with a line and column), and no hang on pathological input."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kamisado_notation.errors import KamisadoError
from kamisado_notation.notation import NotationError, iter_matches, parse_entry, parse_record, read_record

# Text that looks like notation, so that the fuzzing reaches deep into the grammar.
PIECES = [
    "Purple", "Pu", "紫", "↖", "L", "R", "B", "5", "0", "1.", "...", "Ye", "黃", "d8-d4", "d4-d5*",
    "[", "]", '"', "Event", "Round", "fill", "left", "Lineup", "Black", ":", "#", "{", "}",
    " ", "\n", "\r\n", "\ufeff", "sárga", "zöld", "🐉", "\x00", "\\", "-", "*", "9", "i9-a0",
]
notationish = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)
texts = st.one_of(st.text(max_size=200), notationish)


def check_record(text: str) -> None:
    rec = parse_record(text)
    for d in rec.errors + [d for m in rec.matches for d in m.errors]:
        assert d.rule == "syntax" and d.line >= 1 and d.column >= 1


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
def test_parse_record_never_raises(text: str) -> None:
    check_record(text)


@settings(max_examples=400, deadline=None)
@given(texts)
def test_parse_entry_raises_only_notation_errors(text: str) -> None:
    try:
        parse_entry(text)
    except NotationError as e:
        assert e.rule == "syntax" and e.line == 1 and e.column >= 1


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_read_record_on_random_bytes(tmp_path: Path, data: bytes) -> None:
    p = tmp_path / "x.kmr"
    p.write_bytes(data)
    rec = read_record(str(p))  # never raises: bad bytes are a diagnostic
    for d in rec.errors:
        assert d.rule == "syntax" and d.line >= 1 and d.column >= 1


def test_non_text_is_a_project_error() -> None:
    for thing in (None, b"Pu L5 Ye", 5):
        try:
            parse_entry(thing)  # type: ignore[arg-type]
        except KamisadoError:
            pass
        else:  # pragma: no cover
            raise AssertionError("accepted non-text")


def test_a_three_megabyte_line() -> None:
    rec = parse_record("x" * 3_000_000)
    assert [(d.line, d.column) for d in rec.errors] == [(1, 1)]
    rec = parse_record("Pu L5 Ye " + "é" * 3_000_000 + "\nRound 1\n")
    assert [(d.line, d.column) for d in rec.errors] == [(1, 10)] and rec.matches[0].rounds[0].number == 1
    rec = parse_record('[Event "' + "\\" * 1_500_000 + '"] @')
    assert [(d.line, d.column) for d in rec.errors] == [(1, 1_500_012)]  # after 1.5 million escaped characters
    # a long line of real entries (300 KB here, to keep the suite fast) is read whole
    rec = parse_record("Round 1\n" + "Pu L5 Ye " * 35_000 + "\n")
    assert len(rec.matches[0].rounds[0].entries) == 35_000


def test_twenty_thousand_nested_braces() -> None:
    rec = parse_record("Round 1\nPu L5 Ye " + "{" * 20_000 + "}" * 20_000 + "\nYe L1 Ye\n")
    m = rec.matches[0]
    assert [d.line for d in m.errors] == [2]
    assert [e.text for e in m.rounds[0].entries] == ["Ye L1 Ye"]
    rec = parse_record("{" * 20_000)
    assert "unclosed comment" in rec.errors[0].message


def test_a_five_thousand_digit_distance() -> None:
    rec = parse_record("Round 1\n1. Pu L" + "7" * 5000 + " Ye\n")
    (d,) = rec.matches[0].errors
    assert (d.line, d.column) == (2, 8) and "too long" in d.message
    rec = parse_record("Round " + "9" * 5000 + "\n" + "9" * 5000 + ". Pu L1 Ye")
    assert len(rec.matches[0].errors) == 2 if rec.matches else rec.errors


def test_many_lines_of_garbage_each_reported() -> None:
    lines = ["Round 1"] + [f"Pu L{i} ??? Ye" for i in range(1, 201)]
    errors = list(iter_matches(lines))[0].errors
    assert [d.line for d in errors] == list(range(2, 202))
