"""What people type, read with a warning where its meaning is certain (issue 10): the
``…`` a word processor puts for ``...``, PGN's ``1...``, a dash in ``Result "2–3"``;
``Match`` and ``Target`` headers that disagree; a missing ``...`` as one error; and the
rounds after one the replay cannot finish, checked where their lineups pin their start."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import MatchReplay, PlyKind
from kamisado_notation.checking.validate import FileReport, validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.diagnostics import ERROR, WARNING
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.kmr.fast_paths import general_paths
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import LANGUAGES, Form
from tests.support.paths import SAMPLES
from tests.support.stopped import edit, judged, lineups_of, slipped, three_rounds, written

runner = CliRunner()
COLOUR_FORMS = (Form.TEXT, Form.SHORT, Form.SYMBOLS)


def moves(r: MatchReplay) -> list[list[tuple[int, int]]]:
    return [[(p.move.origin, p.move.target) for p in rr.plies if p.move is not None] for rr in r.rounds]


@cache
def gold_first(seed: int) -> tuple[str, int]:
    """A generated standard match (text form) with a round Gold starts, and that round's index."""
    for s in range(seed, seed + 200):
        text = written(s)
        for i, rnd in enumerate(parse_record(text).matches[0].rounds):
            if rnd.entries and rnd.entries[0].placeholder and len(rnd.entries) >= 6:
                return text, i
    raise AssertionError("no generated match with a round Gold starts")  # pragma: no cover


# ----------------------------------------------------------------- '…' and PGN's '1...'

SPELLINGS = {"1...": "1...", "1…": "1…", "1.…": "1.…", "1. …": "…", "1.   …": "…"}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(COLOUR_FORMS), st.sampled_from(LANGUAGES), st.sampled_from(sorted(SPELLINGS)))
def test_an_ellipsis_or_pgn_dots_read_as_the_placeholder(seed: int, form: Form, lang: str, spelling: str) -> None:
    text = written(seed, form, lang)
    placeholders = text.count("1. ...")
    typed = text.replace("1. ...", spelling)
    before, after = judged(text), judged(typed)
    assert moves(after) == moves(before)
    new = [d for d in after.diagnostics if d not in before.diagnostics]
    assert len(new) == placeholders
    for d in new:
        assert (d.severity, d.rule) == (WARNING, "syntax")
        assert f"'{SPELLINGS[spelling]}'" in d.message and ("'1. ...'" in d.message or "'...'" in d.message)
    assert after.valid == before.valid
    # the general path reads it as the fast paths do (which leave such lines to it)
    assert parse_record(typed) == _general_parse(typed)


def test_the_warnings_say_what_was_written_and_what_it_was_read_as() -> None:
    text = "Round 1\n1... Pu F1 Br\n"
    for fast in (True, False):
        (d,) = (parse_record(text) if fast else _general_parse(text)).matches[0].errors
        assert (d.line, d.column, d.severity) == (2, 1, WARNING)
        assert d.message == "'1...' (PGN style) is read as '1. ...': Black's first entry left out, Gold starts"
    (d,) = parse_record("Round 1\n… Pu F1 Br\n").matches[0].errors
    assert d.message == "'…' (one ellipsis character) is read as '...': write three full stops"


def test_pgn_dots_before_gold_entry_mark_it() -> None:
    plain = parse_record("Round 1\n1. Br F1 Pu  Pu F1 Br\n").matches[0].rounds[0].entries
    for text in ("Round 1\n1. Br F1 Pu {a comment} 1... Pu F1 Br\n", "Round 1\n1. Br F1 Pu\n1... Pu F1 Br\n"):
        m = parse_record(text).matches[0]
        assert [(e.tower, e.direction, e.distance, e.placeholder) for e in m.rounds[0].entries] == [
            (e.tower, e.direction, e.distance, e.placeholder) for e in plain
        ]
        (d,) = m.errors
        assert d.severity is WARNING and d.message.startswith("'1...' (PGN style) is read as marking Gold's entry of turn 1")
    # the wrong turn there has no certain meaning: an error, as a '...' there always was
    (d,) = parse_record("Round 1\n1. Br F1 Pu 2... Pu F1 Br\n").matches[0].errors
    assert d.severity is ERROR


def test_a_lookalike_digit_before_pgn_dots_is_still_an_error() -> None:
    (d,) = parse_record("Round 1\n١... Pu F1 Br\n").matches[0].errors
    assert d.severity is ERROR and "ARABIC-INDIC DIGIT ONE" in d.message


def test_dots_that_mean_nothing_certain_are_set_aside() -> None:
    """A dot too many or too few says nothing certain of the entry; it is no evidence of a
    move, so it is set aside (a warning) and whose entry it is the replay decides (a
    missing '...' then a warning of its own, test_a_missing_placeholder_…)."""
    for line, placeholder in (("1.. Pu F1 Br", []), ("1.... Pu F1 Br", []), ("…. Pu F1 Br", ["…"])):
        m = parse_record(f"Round 1\n{line}\n").matches[0]
        assert [e.text for e in m.rounds[0].entries] == [*placeholder, "Pu F1 Br"], line
        assert [(d.severity, d.kind) for d in m.errors] == [(WARNING, "")] * len(placeholder) + [(WARNING, "set-aside")], line
        assert "('.')" in m.errors[-1].message


# ------------------------------------------------------------------------------ headers


@pytest.mark.parametrize(("dash", "name"), [("\u2013", "en dash"), ("\u2014", "em dash"), ("\u2212", "minus sign")])
def test_a_dash_in_the_result_is_read_as_a_hyphen(dash: str, name: str) -> None:
    text = written(7)
    result = parse_record(text).matches[0].header("Result")
    assert result is not None
    b, g = result.split("-")
    typed = text.replace(f'[Result "{result}"]', f'[Result "{b}{dash}{g}"]')
    r = judged(typed)
    (d,) = r.diagnostics
    assert (d.severity, d.rule) == (WARNING, "syntax")
    assert d.message == f"[Result \"{b}{dash}{g}\"] is read as {b}-{g} (the {name} '{dash}' as '-')"
    # and it is checked: a wrong score written with a dash is still wrong
    wrong = judged(text.replace(f'[Result "{result}"]', f'[Result "{int(b) + 1}{dash}{g}"]'))
    assert [(d.severity, d.rule) for d in wrong.diagnostics] == [(WARNING, "syntax"), (ERROR, "result")]


def test_match_and_target_that_disagree_are_a_warning_naming_both() -> None:
    text = written(7)
    assert '[Match "Standard"]' in text
    r = judged(text.replace('[Match "Standard"]', '[Match "Standard"]\n[Target "5"]'))
    (d,) = r.diagnostics
    assert (d.severity, d.rule, d.line) == (WARNING, "syntax", 4)
    assert d.message == (
        '[Match "Standard"] and [Target "5"] disagree (a Standard match is played to 3 points): the target is '
        "5 points, as [Target] says"
    )
    assert r.target == 5 and r.winner is None  # Target decides: 3 points do not end the match
    assert judged(text.replace('[Match "Standard"]', '[Match "Standard"]\n[Target "3"]')).diagnostics == []
    (d,) = judged(text.replace('[Match "Standard"]', '[Match "Standardd"]\n[Target "3"]')).diagnostics
    assert d.severity is WARNING and "no match format" in d.message


# ------------------------------------------------------------------- a missing '...'


def without_placeholder(text: str, index: int, *, keep_rows: bool) -> str:
    """``text`` with the ``...`` of round ``index`` left out: the rows kept (Gold's first
    entry in Black's column, each row one entry early) or each row still holding two."""
    rnd = parse_record(text).matches[0].rounds[index]
    lines = text.split("\n")
    first = rnd.entries[0].line - 1
    last = max(e.line for e in rnd.entries) - 1
    if keep_rows:
        lines[first] = lines[first].replace("...", "", 1).replace("1. ", "1.", 1)
        return "\n".join(lines)
    entries = [e.text for e in rnd.entries[1:]]
    rows = [f"{n // 2 + 1}. {'   '.join(entries[n : n + 2])}" for n in range(0, len(entries), 2)]
    return "\n".join(lines[:first] + rows + lines[last + 1 :])


@pytest.mark.parametrize("keep_rows", [True, False])
def test_a_missing_placeholder_is_said_once_and_the_replay_goes_on(keep_rows: bool) -> None:
    """Gold's first entry alone on its line (the rows after it as they were): the replay
    reads it as Gold's, a warning; the rows packed one entry early: an error."""
    text, index = gold_first(1)
    typed = without_placeholder(text, index, keep_rows=keep_rows)
    before, after = judged(text), judged(typed)
    (d,) = after.diagnostics  # not one more per row for the turn numbers
    assert (d.severity, d.rule, d.round, d.ply) == (WARNING if keep_rows else ERROR, "T1", index + 1, 1)
    assert "'...'" in d.message and "missing" in d.message
    first = after.rounds[index].plies[0].entry
    assert d.suggestions == (f"...   {first.text}",)
    assert moves(after) == moves(before)  # the rest of the match checked as written
    fixed = fix_text(typed)
    assert fixed.valid and moves(judged(fixed.text)) == moves(before)


def in_turn_order(text: str) -> tuple[str, int]:
    """``text`` as a player writes it who never learnt our '...': no headers, and each
    round's rows of two in turn order, the round's first mover first; and how many
    rounds Gold opens."""
    gold_opens = [i for i, rnd in enumerate(parse_record(text).matches[0].rounds) if rnd.entries[0].placeholder]
    for index in gold_opens:
        text = without_placeholder(text, index, keep_rows=False)
    return "\n".join(line for line in text.split("\n") if not line.startswith("[")), len(gold_opens)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from((Form.COORDS, Form.TEXT)))
def test_rows_in_turn_order_without_our_headers_are_the_writers_way(seed: int, form: Form) -> None:
    """A record with no header of ours and no '...' anywhere whose rows put the round's
    first mover first (a notebook's ``1. g1-c5 c8-e6`` when Gold opens): each round Gold
    opens is read as written, with one warning, not an error; the moves and the winners
    are the match's, and fix writes the '...' in."""
    text = written(seed, form)
    typed, gold_opens = in_turn_order(text)
    before, after = judged(text), judged(typed)
    assert moves(after) == moves(before)
    assert [rr.result and rr.result.winner for rr in after.rounds] == [rr.result and rr.result.winner for rr in before.rounds]
    t1 = [d for d in after.diagnostics if d.rule == "T1"]
    assert [d.severity for d in t1] == [WARNING] * gold_opens
    assert not [d for d in after.diagnostics if d.severity is ERROR]
    fixed = fix_text(typed)
    assert moves(judged(fixed.text)) == moves(before)
    # the same rows under a header of ours: our notation, where the '...' left out is an error
    ours = judged('[Match "Standard"]\n' + typed)
    assert [d.severity for d in ours.diagnostics if d.rule == "T1"] == [ERROR] * gold_opens


def test_a_first_entry_that_is_no_move_of_gold_still_stops_the_round() -> None:
    text, index = gold_first(1)
    rnd = parse_record(text).matches[0].rounds[index]
    # Black's reply in Gold's place: the placeholder gone and the first entry not Gold's
    typed = edit(text, rnd.entries[0], "")
    typed = edit(typed, parse_record(typed).matches[0].rounds[index].entries[0], rnd.entries[2].text)
    r = judged(typed)
    t1 = [d for d in r.diagnostics if d.rule == "T1"]
    assert len(t1) == 1 and t1[0].message == "Gold is the Challenger and moves first: Black's first slot is '...'"
    assert r.rounds[index].stopped


def test_fix_on_the_command_line_inserts_the_placeholder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text, index = gold_first(1)
    path = tmp_path / "m.kmr"
    path.write_text(without_placeholder(text, index, keep_rows=True), encoding="utf-8")
    out = tmp_path / "fixed.kmr"
    res = runner.invoke(app, ["fix", str(path), "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "fixed[T1]" in res.output
    assert validate_text(out.read_text(encoding="utf-8")).valid


# --------------------------------------------- rounds after one the replay cannot finish


def test_a_later_round_pinned_by_its_lineups_is_still_checked() -> None:
    text, bad, late = slipped(with_lineups=True)
    r = judged(text)
    errors = [d for d in r.diagnostics if d.severity is ERROR]
    assert [(d.round, d.line) for d in errors] == [(2, bad.line), (3, late.line)]
    assert errors[1].rule == "square"
    (w,) = [d for d in r.diagnostics if d.severity is WARNING]
    assert w.rule == "match" and w.round == 3
    assert "checked from round 3's lineups" in w.message and "the score from here on is unknown" in w.message
    assert [rr.number for rr in r.rounds] == [1, 2, 3] + [rr.number for rr in r.rounds[3:]]


def test_without_lineups_the_later_rounds_are_skipped_with_one_warning() -> None:
    text, _bad, _late = slipped(with_lineups=False)
    r = judged(text)
    assert [(d.severity, d.round) for d in r.diagnostics] == [(ERROR, 2), (WARNING, 3)]
    assert "not checked" in r.diagnostics[1].message
    assert [rr.number for rr in r.rounds] == [1, 2]


def test_lineups_that_name_a_colour_twice_pin_nothing() -> None:
    text, _bad, _late = slipped(with_lineups=True)
    lines = text.split("\n")
    i = next(n for n, line in enumerate(lines) if line.startswith("Lineup Gold:"))
    words = lines[i].split()
    lines[i] = " ".join(words[:3] + [words[3]] + words[3:-1])  # a colour twice, one missing
    r = judged("\n".join(lines))
    assert "not checked" in next(d.message for d in r.diagnostics if d.rule == "match")


def test_the_score_is_the_finished_rounds_and_the_result_is_not_checked() -> None:
    text, _bad, _late = slipped(with_lineups=True)
    r = judged(text)
    first = judged(three_rounds(3)).rounds[0].result
    assert first is not None
    assert r.score[first.winner] == first.points and sum(r.score.values()) == first.points
    assert not [d for d in r.diagnostics if d.rule == "result"]


@pytest.mark.parametrize(
    "change",
    [('[Match "Standard"]', '[Match "Standard"]\n[Target "5"]'), ("-", "\u2013"), ("1. ...", "1...")],
)
def test_validate_says_the_same_whichever_path_reads_the_record(change: tuple[str, str]) -> None:
    """``validate``'s fused path leaves what it does not vouch for to the full path, which warns."""
    text, _index = gold_first(1)
    old, new = change
    if old == "-":  # the Result's hyphen only
        result = parse_record(text).matches[0].header("Result")
        assert result is not None
        old, new = f'[Result "{result}"]', f'[Result "{result.replace("-", new)}"]'
    typed = text.replace(old, new)
    fused, full = validate_text(typed), _full_validation(lambda: validate_text(typed))
    assert fused.to_json() == full.to_json()
    warnings = [d for m in fused.matches for d in m.diagnostics if d.severity is WARNING]
    assert warnings and all(d.rule == "syntax" for d in warnings)


# ------------------------------------ the ring won in a round the replay cannot finish

SAMPLE = SAMPLES / "standard-match.kmr"


def lost_line(text: str, line: int) -> str:
    """``text`` with row ``line`` unreadable (a comment opened before its entries and
    never closed: the line's own syntax, an error the reader by evidence leaves; a stray
    second distance it would read past, the legal moves settling the entry): the row is
    lost, and its round cannot be finished."""
    lines = text.split("\n")
    lines[line - 1] = re.sub(r"^(\s*(?:\d+\.\s+)?)", r"\1{ ", lines[line - 1].split("#")[0].rstrip(), count=1)
    return "\n".join(lines)


def test_a_sumo_won_in_an_unfinished_round_pushes_in_a_later_one() -> None:
    # samples/standard-match.kmr (hand-checked): Black's yellow tower wins round 1 (its
    # row 6) and, a Sumo, pushes in round 4 (line 51: "Yellow Forward 1 Yellow" onto c2,
    # where Gold's yellow stands). With round 1's row 2 lost, round 1 cannot be finished;
    # round 2 is checked from its lineups, which do not say who holds the ring.
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.split("\n")[50].startswith("7. Yellow Forward 1 Yellow")
    spoilt = lost_line(text, 12)
    r = judged(spoilt)
    assert [(d.rule, d.line) for d in r.diagnostics if d.severity is ERROR] == [("syntax", 12)]
    (w,) = [d for d in r.diagnostics if d.severity is WARNING]
    assert "checked from round 2's lineups" in w.message
    assert "the ring won in round 1 is taken to be on Black's yellow tower" in w.message
    assert [rr.number for rr in r.rounds] == [1, 2, 3, 4, 5]
    push = r.rounds[3].plies[12]
    assert push.kind is PlyKind.PUSH and push.entry.line == 51


def test_the_ring_found_hides_no_other_error() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.split("\n")[52].startswith("9. Green Right 2 Blue")
    spoilt = lost_line(text, 12).replace("9. Green Right 2 Blue", "9. Green Right 2 Pink")
    r = judged(spoilt)
    assert [(d.rule, d.line) for d in r.diagnostics if d.severity is ERROR] == [("syntax", 12), ("square", 53)]


def test_without_a_push_that_needs_it_no_ring_is_placed() -> None:
    # round 4 (won by Black's pink, its row 12) with its row 2 lost: round 5 pushes with
    # no tower that needed that ring, so none is said to be placed
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.split("\n")[45].startswith("2. Pink Forward 5 Purple")
    r = judged(lost_line(text, 46))
    assert [(d.rule, d.line) for d in r.diagnostics if d.severity is ERROR] == [("syntax", 46)]
    (w,) = [d for d in r.diagnostics if d.severity is WARNING]
    assert "checked from round 5's lineups" in w.message and "taken to be on" not in w.message


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_property_a_lost_row_with_every_lineup_written_is_the_only_error(seed: int, pick: int) -> None:
    """A generated Long match with every round's lineups written, and one row of a round
    (not the last) lost: that row's syntax error is the record's only error, whatever
    towers the rounds after it find ringed (the ring of the unfinished round included)."""
    text = written(seed, target=7)
    r = judged(text)
    (m,) = parse_record(text).matches
    lines = text.split("\n")
    for index in range(len(m.rounds) - 1, 0, -1):  # (from the end: the line numbers before stay)
        if not m.rounds[index].lineups:  # (the generator writes some)
            lines.insert(m.rounds[index].line, lineups_of(text, index))
    text = "\n".join(lines)
    (m,) = parse_record(text).matches
    assert all(len(rnd.lineups) == 2 for rnd in m.rounds[1:])
    rows = sorted({e.line for rnd in m.rounds[:-1] for e in rnd.entries if not e.placeholder})
    assert r.valid and rows
    spoilt = lost_line(text, rows[pick % len(rows)])
    errors = [d for d in judged(spoilt).diagnostics if d.severity is ERROR]
    assert [(d.rule, d.line) for d in errors] == [("syntax", rows[pick % len(rows)])]


def _general_parse(text: str, **kwargs: str) -> RecordFile:
    """``parse_record`` with every line read by the grammar (no fast path)."""
    with general_paths():
        return parse_record(text, **kwargs)


def _full_validation(call: Callable[[], FileReport]) -> FileReport:
    """``call()`` with every match validated through the full path (the reading's fast
    paths kept, as ``kamisado validate`` reads)."""
    with general_paths(reading=False):
        return call()
