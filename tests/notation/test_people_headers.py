"""Headers as people write them: a name a letter off (``[Reslut …]``), a value without
quotes (``[Match Standard]``), a misspelt format (``Standart``), no ``Match`` header over
several rounds, a result written after the moves (PGN's ``3-2``), a second match pasted
without headers, a record that stops before the result it claims.

Each record is a generated match (several forms, languages and targets) with one such
slip made here; the facts compared are the generated match's own: its score, and that
it is valid (or the one error planted).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.validate import FileReport, validate_text
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.kmr.fast_paths import general_paths
from kamisado_notation.notation.kmr.headers import KNOWN_HEADERS, edit_distance
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import Form, format_record
from kamisado_notation.play.generate import generate_match

FORMS = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.SHORT, "en"), (Form.SYMBOLS, "en")]
TARGETS = {1: "Single", 3: "Standard", 7: "Long", 15: "Marathon"}


def generated(seed: int, form: Form = Form.TEXT, lang: str = "en", *, target: int = 3) -> tuple[str, tuple[int, int]]:
    """A generated match's text and its score (Black's, Gold's)."""
    match = generate_match(random.Random(seed), target=target)
    text = format_record(RecordFile("g.kmr", matches=[match]), form=form, lang=lang)
    b, g = (int(x) for x in (match.header("Result") or "").split("-"))
    return text, (b, g)


def check(text: str, *, fused_too: bool = True) -> dict[str, object]:
    """The validation of ``text`` as JSON, the fused and the full path agreeing."""
    report = validate_text(text, path="t.kmr").to_json()
    if fused_too:
        assert _full_validation(lambda: validate_text(text, path="t.kmr")).to_json() == report
    return report


def diagnostics(report: dict[str, object]) -> list[dict[str, object]]:
    matches = report["matches"]
    assert isinstance(matches, list)
    return list(report["diagnostics"]) + [d for m in matches for d in m["diagnostics"]]  # type: ignore[call-overload]


def score(report: dict[str, object]) -> tuple[int, int]:
    (m,) = report["matches"]  # type: ignore[misc]
    return m["score"]["black"], m["score"]["gold"]


def only(report: dict[str, object], rule: str, severity: str = "warning") -> dict[str, object]:
    (d,) = diagnostics(report)
    assert (d["rule"], d["severity"]) == (rule, severity), d
    return d


cases = st.tuples(st.integers(0, 10**6), st.sampled_from(FORMS), st.sampled_from([3, 7]))
many = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------------------- names


def slips(name: str) -> list[str]:
    """Names a typist makes of ``name``: two letters swapped, one dropped, one doubled."""
    out = [name[:i] + name[i + 1] + name[i] + name[i + 2 :] for i in range(1, len(name) - 1)]
    out += [name[:i] + name[i + 1 :] for i in range(1, len(name))] + [name[:i] + name[i] + name[i:] for i in range(1, len(name))]
    return [s for s in out if s.lower() not in {k.lower() for k in KNOWN_HEADERS}]


@many
@given(cases, st.data())
def test_a_misspelt_header_name_is_warned_with_a_did_you_mean(case: tuple[int, tuple[Form, str], int], data: st.DataObject) -> None:
    seed, (form, lang), target = case
    text, result = generated(seed, form, lang, target=target)
    name = data.draw(st.sampled_from(["Event", "Black", "Gold"]))
    wrong = data.draw(st.sampled_from(slips(name)))
    spoilt = text.replace(f"[{name} ", f"[{wrong} ", 1)
    report = check(spoilt)
    d = only(report, "header")
    assert d["line"] == spoilt.split("\n").index(next(x for x in spoilt.split("\n") if x.startswith(f"[{wrong} "))) + 1
    assert f"[{wrong}]" in str(d["message"]) and f"did you mean [{name}]" in str(d["message"])
    assert report["valid"] and score(report) == result


def headers(text: str) -> list[tuple[str, str]]:
    (m,) = parse_record(text).matches
    return list(m.headers.items())


def test_reslut_under_a_wrong_result_is_read_as_the_result() -> None:
    """A match with no ``Result`` header reads ``[Reslut …]`` as its result: a wrong
    one is a wrong result, and ``fix`` renames the header (the result stays a claim)."""
    text, (b, g) = generated(21)
    spoilt = text.replace(f'[Result "{b}-{g}"]', f'[Reslut "{g}-{b}"]')
    warning, error = diagnostics(check(spoilt))
    assert (warning["rule"], warning["severity"], error["rule"], error["severity"]) == ("header", "warning", "result", "error")
    assert warning["line"] == error["line"] and "did you mean [Result]" in str(warning["message"])
    assert "read as one" in str(warning["message"]) and f"not {g}-{b}" in str(error["message"])
    fixed = fix_text(spoilt)
    assert ("Result", f"{g}-{b}") in headers(fixed.text) and not fixed.valid
    # with a Result header too, the misspelt one is only named, and kept as written
    both = text.replace(f'[Result "{b}-{g}"]', f'[Result "{b}-{g}"]\n[Reslut "{g}-{b}"]')
    d = only(check(both), "header")
    assert "did you mean [Result]" in str(d["message"]) and "correction" not in str(d["message"])
    assert fix_text(both).text == both


@many
@given(cases, st.sampled_from(["MatchId", "Matches", "Targets", "Resul"]), st.sampled_from(['"m48213"', '"2026-03"', '"Rated, 3 pts"']))
def test_a_header_a_slip_from_a_known_one_is_read_as_it_only_where_its_value_could_be(
    case: tuple[int, tuple[Form, str], int], name: str, value: str
) -> None:
    """A program's own header a slip from a known name (``[MatchId "m48213"]``), whose
    value is none the known header could hold (no format, number or score), is warned
    of and kept as written: not read as that header, whose value would then be an error
    (before session 42 ``MatchId`` was read as a ``Match`` naming no format)."""
    seed, (form, lang), target = case
    text, result = generated(seed, form, lang, target=target)
    known = {"matchid": "Match", "matches": "Match", "targets": "Target", "resul": "Result"}[name.lower()]
    spoilt = text.replace("[Event ", f"[{name} {value}]\n[Event ", 1)
    report = check(spoilt)
    d = only(report, "header")
    assert f"did you mean [{known}]" in str(d["message"]) and "read as one" not in str(d["message"])
    assert report["valid"] and score(report) == result
    assert fix_text(spoilt).text == spoilt


@many
@given(cases, st.data())
def test_fix_corrects_a_headers_slips(case: tuple[int, tuple[Form, str], int], data: st.DataObject) -> None:
    """A misspelt name (where the match has no header of that name), a value without
    quotes, a misspelt format, or all at once: ``fix`` gives back the headers as they
    were, each rewritten line marked."""
    seed, (form, lang), target = case
    text, result = generated(seed, form, lang, target=target)
    name = data.draw(st.sampled_from(["Event", "Black", "Gold", "Match", "Result"]))
    wrong = data.draw(st.sampled_from(slips(name)))
    misspelt = data.draw(st.booleans())
    unquoted = data.draw(st.booleans()) or not misspelt
    line = next(x for x in text.split("\n") if x.startswith(f"[{name} "))
    value = line[len(name) + 3 : -2]
    if name == "Match" and data.draw(st.booleans()):
        value = data.draw(st.sampled_from(slips(value)))
    spoilt = text.replace(line, f"[{wrong if misspelt else name} " + (value if unquoted and " " not in value else f'"{value}"') + "]")
    if spoilt == text:
        return
    report = check(spoilt)
    assert report["valid"] and score(report) == result
    fixed = fix_text(spoilt)
    assert fixed.valid and headers(fixed.text) == headers(text)
    (mark,) = [x for x in fixed.text.split("\n") if "{fix: was " in x]
    assert mark.startswith(line + " {fix: was ")


def test_a_misspelt_format_the_rounds_do_not_agree_with_is_not_written() -> None:
    """``Lnog`` in a Standard match: read as Long (the warning says so), but the
    Result is no final score of a Long match, so ``fix`` leaves the line as written."""
    text, _result = generated(5)
    spoilt = text.replace('[Match "Standard"]', '[Match "Lnog"]')
    d = only(check(spoilt), "header")
    assert 'read as [Match "Long"]' in str(d["message"]) and "correction" not in str(d["message"])
    assert fix_text(spoilt).text == spoilt


@pytest.mark.parametrize("name", ["Venue", "Opening", "Clock", "Black2Elo", "Referee", "ECO"])
def test_custom_headers_far_from_known_ones_are_kept_silently(name: str) -> None:
    text, _ = generated(4)
    spoilt = text.replace("[Event ", f'[{name} "x"]\n[Event ', 1)
    assert diagnostics(check(spoilt)) == []
    assert parse_record(spoilt).matches[0].headers[0].name == name


def test_edit_distance_counts_a_swap_as_one() -> None:
    assert edit_distance("Reslut", "Result") == 1 and edit_distance("Rseult", "Result") == 1
    assert edit_distance("Evnt", "Event") == 1 and edit_distance("Venue", "Event") > 2


# -------------------------------------------------------------------- values, formats


@many
@given(cases)
def test_a_header_without_quotes_is_read_with_a_warning(case: tuple[int, tuple[Form, str], int]) -> None:
    seed, (form, lang), target = case
    text, result = generated(seed, form, lang, target=target)
    spoilt = re.sub(r'\[Match "(\w+)"\]', r"[Match \1]", text)
    d = only(check(spoilt), "header")
    assert "has no quotes" in str(d["message"]) and d["column"] == 1
    report = check(spoilt)
    assert report["valid"] and score(report) == result


@pytest.mark.parametrize(("target", "wrong"), [(3, "Standart"), (3, "standrad"), (7, "Lnog"), (15, "Marathn"), (1, "Singel")])
def test_a_misspelt_format_is_read_as_the_one_a_slip_away(target: int, wrong: str) -> None:
    for seed, (form, lang) in enumerate(FORMS):
        text, result = generated(seed, form, lang, target=target)
        spoilt = text.replace(f'[Match "{TARGETS[target]}"]', f'[Match "{wrong}"]')
        report = check(spoilt)
        d = only(report, "header")
        assert f'read as [Match "{TARGETS[target]}"]' in str(d["message"])
        assert report["valid"] and score(report) == result


def test_a_format_no_slip_away_from_any_is_an_error_with_no_guess() -> None:
    text, _ = generated(8, target=3)
    report = check(text.replace('[Match "Standard"]', '[Match "Blitz"]'), fused_too=False)
    (d,) = [d for d in diagnostics(report) if d["rule"] == "syntax"]
    assert d["severity"] == "error" and "is not a match format" in str(d["message"]) and "did you mean" not in str(d["message"])


@many
@given(cases, st.booleans())
def test_with_no_match_header_the_target_is_inferred_and_every_round_checked(
    case: tuple[int, tuple[Form, str], int], keep_result: bool
) -> None:
    seed, (form, lang), target = case
    text, result = generated(seed, form, lang, target=target)
    spoilt = re.sub(r'\[Match "\w+"\]\n', "", text)
    if not keep_result:
        spoilt = re.sub(r'\[Result "[^"]*"\]\n', "", spoilt)
    report = check(spoilt)
    rounds = len(parse_record(text).matches[0].rounds)
    if rounds == 1:
        assert diagnostics(report) == []  # (one round: a single round, as always)
        return
    d = only(report, "header")
    assert f"and {rounds} rounds: read as a" in str(d["message"])
    if keep_result:
        assert f"{TARGETS[target]} match" in str(d["message"])
    assert report["valid"] and score(report) == result


@pytest.mark.parametrize("seed", [30, 31])
def test_rounds_after_the_inferred_target_was_reached_are_errors(seed: int) -> None:
    # a Long match (7 points, 8 rounds or more) claimed as 3-0: a Standard match by its
    # Result, so the rounds after the one that reached 3 points are never played
    text, (b, g) = generated(seed, target=7)
    spoilt = re.sub(r'\[Match "\w+"\]\n', "", text).replace(f'[Result "{b}-{g}"]', '[Result "3-0"]')
    found = diagnostics(check(spoilt, fused_too=False))
    assert "read as a Standard match (to 3 points)" in str(found[0]["message"])
    assert any(d["rule"] == "match" and "never played" in str(d["message"]) for d in found)
    assert any(d["rule"] == "result" and "not 3-0" in str(d["message"]) for d in found)


# ------------------------------------------------------------------ after the moves


@many
@given(cases, st.sampled_from(["alone", "on the row", "dash"]))
def test_a_result_after_the_moves_is_a_result_claim(case: tuple[int, tuple[Form, str], int], where: str) -> None:
    seed, (form, lang), target = case
    text, (b, g) = generated(seed, form, lang, target=target)
    body = re.sub(r'\[Result "[^"]*"\]\n', "", text).rstrip("\n")
    claim = f"{b}\u2013{g}" if where == "dash" else f"{b}-{g}"
    spoilt = body + (f"   {claim}\n" if where == "on the row" else f"\n{claim}\n")
    report = check(spoilt)
    d = only(report, "header")
    assert d["line"] == spoilt.rstrip("\n").count("\n") + 1 and "after the moves" in str(d["message"])
    assert report["valid"] and score(report) == (b, g)
    wrong = body + f"\n{g + b + 1}-0\n"
    assert any(d["rule"] == "result" and d["severity"] == "error" for d in diagnostics(check(wrong)))


def test_a_result_after_the_moves_that_differs_from_the_header_is_an_error() -> None:
    text, (b, g) = generated(12)
    report = check(text.rstrip("\n") + f"\n{g}-{b + 5}\n")
    d = next(d for d in diagnostics(report) if d["rule"] == "result")
    assert d["severity"] == "error" and f'[Result "{b}-{g}"]' in str(d["message"])


@many
@given(cases)
def test_a_match_pasted_without_headers_after_a_decided_one_is_a_match_of_its_own(case: tuple[int, tuple[Form, str], int]) -> None:
    seed, (form, lang), target = case
    first, result = generated(seed, form, lang, target=target)
    second, second_result = generated(seed + 1, form, lang, target=target)
    pasted = second[second.index("Round 1") :]
    text = first.rstrip("\n") + "\n\n" + pasted
    report = check(text)
    one, two = report["matches"]  # type: ignore[misc]
    (d,) = two["diagnostics"]
    assert d["rule"] == "match" and d["severity"] == "warning" and "another match" in str(d["message"])
    assert d["line"] == two["line"] == first.rstrip("\n").count("\n") + 3
    assert (one["index"], two["index"], two["headers"]) == (1, 2, {})
    assert report["valid"] and [(m["score"]["black"], m["score"]["gold"]) for m in (one, two)] == [result, second_result]


def test_a_mistake_in_a_pasted_match_is_found() -> None:
    first, _ = generated(40)
    second, _ = generated(41)
    pasted = second[second.index("Round 1") :]
    # Black's first entry of the pasted match, its square colour spoilt
    m = re.search(r"1\. (\w+) (\w+) (\d+) (\w+)", pasted)
    assert m is not None
    colours = ["Orange", "Blue", "Purple", "Pink", "Yellow", "Red", "Green", "Brown"]
    other = next(c for c in colours if c != m[4])
    pasted = pasted[: m.start(4)] + other + pasted[m.end(4) :]
    report = check(first.rstrip("\n") + "\n\n" + pasted, fused_too=False)
    assert any(d["rule"] == "square" for d in diagnostics(report))


@many
@given(cases, st.floats(0.2, 0.9))
def test_a_record_that_stops_short_says_where(case: tuple[int, tuple[Form, str], int], cut: float) -> None:
    seed, (form, lang), target = case
    text, _ = generated(seed, form, lang, target=target)
    lines = text.rstrip("\n").split("\n")
    rows = [i for i, line in enumerate(lines) if re.match(r"\d+\. ", line)]
    last = rows[int(cut * (len(rows) - 1))]
    short = "\n".join(lines[: last + 1]) + "\n"
    report = check(short)
    results = [d for d in diagnostics(report) if d["rule"] == "result"]
    if report["valid"]:
        return  # (the cut fell where the score is the claimed one)
    (d,) = results
    assert f"(line {last + 1})" in str(d["message"]) and "the record stops" in str(d["message"])


def test_headers_without_quotes_after_a_match_start_the_next_as_quoted_ones_do() -> None:
    first, a = generated(50, Form.SHORT)
    second, b = generated(51, Form.SHORT)
    unquoted = re.sub(r'\[(\w+) "([^"]*)"\]', r"[\1 \2]", second)
    report = check(first + "\n" + unquoted)  # (the fused path finds the same two matches)
    matches = report["matches"]
    assert isinstance(matches, list) and len(matches) == 2
    assert [(m["score"]["black"], m["score"]["gold"]) for m in matches] == [a, b]
    assert [d["rule"] for d in diagnostics(report)] == ["header"] * 5


def _full_validation(call: Callable[[], FileReport]) -> FileReport:
    """``call()`` with every match validated through the full path (the reading's fast
    paths kept, as ``kamisado validate`` reads)."""
    with general_paths(reading=False):
        return call()
