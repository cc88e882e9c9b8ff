"""Records in every style people write (docs/record-decisions.md, "Reading records"): a
style planted in a generated legal match where the truth is known, in several forms and
languages. For each: where it shows, at its line; no error on a line it did not touch;
the later rounds judged with the real winners; ``fix`` gives back the match where the
move is certain. The planting and the checks know nothing of how a style is recognised.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import replay_match
from kamisado_notation.checking.slips import Planted, rewrite
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.engine.match import RoundEnd
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import Entry, Lineup
from kamisado_notation.notation.vocabulary import word_kinds
from kamisado_notation.notation.writer import Form
from tests.support.slips import STYLES, moves_of, only_match, winners, written

runner = CliRunner()

# -- a round's winning move left out


def drop_winning_move(text: str, pick: int) -> Planted | None:
    """``text`` without the winning move of a round whose next round has both ``Lineup``
    lines (``pick`` chooses which such round); the slip's round and the lines it touched
    (the round's last row and the next round's line, where its end is missed)."""
    m = only_match(text)
    ends = [rr.result.by if rr.result else None for rr in replay_match(m).rounds]
    found = [
        k
        for k in range(len(m.rounds) - 1)
        if len({lu.side for lu in m.rounds[k + 1].lineups}) == 2 and ends[k] is RoundEnd.HOME_ROW  # (a deadlock's last zero entry may be left out)
    ]
    if not found:
        return None
    k = found[pick % len(found)]
    last = m.rounds[k].entries[-1]
    lines = text.split("\n")
    row = lines[last.line - 1]
    rest = (row[: last.column - 1] + row[last.column - 1 + len(last.text) :]).rstrip()
    touched = {last.line, m.rounds[k + 1].line}
    if rest.rstrip(". 0123456789") == "":  # Black's entry alone on its row: the row goes
        del lines[last.line - 1]
        touched = {last.line, m.rounds[k + 1].line - 1}
    else:
        lines[last.line - 1] = rest
    return Planted("\n".join(lines), m.rounds[k].number, touched)


def check_winning_move_left_out(original: str, planted: Planted) -> None:
    diagnostics = validate_text(planted.text, path="t.kmr").all_diagnostics()
    errors = [d for d in diagnostics if d.severity == "error" and d.rule != "result"]
    assert errors, "a round not over is an error"
    assert all(d.line in planted.lines for d in errors), (planted.lines, [d.format("t") for d in errors])
    # the next round is checked from its lineups, and every later round with its real winner
    before, after = winners(original), winners(planted.text)
    later = {n: w for n, w in after.items() if n > planted.round}
    assert later and all(w is not None for w in later.values()), (after, [d.format("t") for d in diagnostics])
    assert later == {n: before[n] for n in later}


@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
def test_a_rounds_winning_move_left_out_the_next_round_is_checked_from_its_lineups(style: tuple[Form, str]) -> None:
    seen = 0
    for seed in range(30):
        original = written(seed, *style)
        planted = drop_winning_move(original, seed)
        if planted is not None:
            check_winning_move_left_out(original, planted)
            seen += 1
    assert seen >= 5


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(STYLES))
def test_property_a_winning_move_left_out_anywhere_costs_only_its_round(seed: int, pick: int, style: tuple[Form, str]) -> None:
    original = written(seed, *style)
    planted = drop_winning_move(original, pick)
    if planted is not None:
        check_winning_move_left_out(original, planted)


def test_the_warning_says_from_which_round_on_the_replay_goes_on() -> None:
    original = written(1, Form.TEXT, "en")
    planted = drop_winning_move(original, 0)
    assert planted is not None and planted.round == 1
    (warning,) = [d for d in validate_text(planted.text).all_diagnostics() if d.rule == "match"]
    assert warning.message.startswith("round 1 is not over, so round 2 and the rounds after it are checked from round 2's lineups")


# -- punctuation and chess marks after entries

PUNCTUATION = [",", ".", ";"]
CHESS_MARKS = ["!", "?", "!?", "?!", "!!", "??"]


def entries_of(text: str) -> list[Entry]:
    """Every entry of the match written, ``...`` left out."""
    return [e for r in only_match(text).rounds for e in r.entries if not e.placeholder]


def mark_entries(text: str, rng: random.Random, marks: list[str], share: float) -> tuple[str, list[tuple[Entry, str]]]:
    """``text`` with a mark of ``marks`` written right after about ``share`` of its
    entries (one at least), and which."""
    es = entries_of(text)
    chosen = [e for e in es if rng.random() < share] or [rng.choice(es)]
    changes = [(e, rng.choice(marks)) for e in chosen]
    return rewrite(text, [(e, e.text + mark) for e, mark in changes]), changes


def quoted(mark: str) -> str:
    """``mark`` as a warning quotes it: its first 40 characters, and ``…`` where it is longer."""
    return mark if len(mark) <= 40 else mark[:40] + "…"


def check_style(original: str, slipped: str, first: tuple[int, int], kind: str, marks: list[str]) -> str:
    """The checks of a style planted in ``original``: read with one warning of ``kind``
    at ``first`` (line, column) naming ``marks`` (the first four, in reading order), nothing else said of the
    record, the rounds judged as before, and ``fix`` gives back the moves: its text."""
    report = validate_text(slipped, path="t.kmr")
    diagnostics = report.all_diagnostics()
    assert report.valid, [d.format("t") for d in diagnostics if d.severity == "error"]
    (warning,) = [d for d in diagnostics if d.kind == kind]  # one warning a match for the style
    assert (warning.severity, warning.line, warning.column) == ("warning", *first)
    assert all(f"'{quoted(mark)}'" in warning.message for mark in list(dict.fromkeys(marks))[:4])  # (the first four named)
    assert winners(slipped) == winners(original)
    fixed = fix_text(slipped, path="t.kmr")
    assert fixed.valid and not [d for d in fixed.remaining.all_diagnostics() if d.kind == kind]  # type: ignore[union-attr]
    assert moves_of(fixed.text) == moves_of(original)
    return fixed.text


def check_marks(original: str, marked: str, changes: list[tuple[Entry, str]], kind: str) -> None:
    first = min(changes, key=lambda c: (c[0].line, c[0].column))[0]
    fixed = check_style(original, marked, (first.line, first.column + len(first.text)), kind, [m for _, m in changes])
    if kind == "punctuation":
        assert fixed == original
    else:  # each chess mark kept as a comment after its entry
        lines = fixed.split("\n")
        for e, mark in changes:
            assert f"{{{mark}}}" in lines[e.line - 1]


@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
@pytest.mark.parametrize(("kind", "marks"), [("punctuation", PUNCTUATION), ("chess-mark", CHESS_MARKS)])
def test_marks_after_entries_are_read_as_the_entries(style: tuple[Form, str], kind: str, marks: list[str]) -> None:
    for seed in range(4):
        original = written(seed, *style)
        marked, changes = mark_entries(original, random.Random(seed), marks, 0.3)
        check_marks(original, marked, changes, kind)


@given(
    seed=st.integers(0, 10**6),
    pick=st.integers(0, 10**6),
    style=st.sampled_from(STYLES),
    family=st.sampled_from([("punctuation", PUNCTUATION), ("chess-mark", CHESS_MARKS)]),
    share=st.sampled_from([0.0, 0.1, 1.0]),
)
def test_property_marks_in_random_rows_cost_nothing(
    seed: int, pick: int, style: tuple[Form, str], family: tuple[str, list[str]], share: float
) -> None:
    original = written(seed, *style)
    marked, changes = mark_entries(original, random.Random(pick), family[1], share)
    check_marks(original, marked, changes, family[0])


@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
def test_chess_marks_standing_apart_after_entries_are_read_as_the_entries(style: tuple[Form, str]) -> None:
    # '!?' written as a word of its own after the entry, as on a score sheet
    for seed in range(3):
        original = written(seed, *style)
        rng = random.Random(seed)
        es = entries_of(original)
        changes = [(e, rng.choice(CHESS_MARKS)) for e in es if rng.random() < 0.3] or [(es[0], "!?")]
        marked = rewrite(original, [(e, f"{e.text} {mark}") for e, mark in changes])
        first = min(changes, key=lambda c: (c[0].line, c[0].column))[0]
        fixed = check_style(original, marked, (first.line, first.column + len(first.text) + 1), "chess-mark", [m for _, m in changes])
        lines = fixed.split("\n")
        assert all(f"{{{mark}}}" in lines[e.line - 1] for e, mark in changes)


def test_a_mark_next_to_a_wrong_entry_leaves_the_error_at_the_entry() -> None:
    original = written(3, Form.TEXT, "en")
    es = entries_of(original)
    wrong = rewrite(original, [(es[2], "Orange Forward 9 Orange,")])
    errors = [d for d in validate_text(wrong).all_diagnostics() if d.severity == "error"]
    assert errors and errors[0].line == es[2].line and errors[0].column == es[2].column


def test_fix_names_the_mark_styles_on_the_command_line(tmp_path: Path) -> None:
    original = written(5, Form.TEXT, "de")
    es = entries_of(original)
    path = tmp_path / "marks.kmr"
    path.write_text(rewrite(original, [(es[0], es[0].text + ","), (es[3], es[3].text + "!?")]), encoding="utf-8")
    result = runner.invoke(app, ["fix", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{path}:{es[0].line}:{es[0].column + len(es[0].text)}: fixed[syntax] punctuation after entries (',')" in result.stderr
    assert "{!?}" in result.stdout and moves_of(result.stdout) == moves_of(original)


# -- results: a colon, a running score after each round, a resignation


def rounds_ends(text: str) -> list[int]:
    """The line of each round's last entry."""
    return [r.entries[-1].line for r in only_match(text).rounds]


def scores_after_rounds(text: str) -> list[tuple[int, int]]:
    """The score (Black's, Gold's) after each round, from the replay."""
    score = [0, 0]
    out = []
    for rr in replay_match(only_match(text)).rounds:
        assert rr.result is not None
        score[rr.result.winner.name == "GOLD"] += rr.result.points
        out.append((score[0], score[1]))
    return out


def with_running_scores(text: str, rng: random.Random, false_at: int | None = None, *, gold_first: bool = False) -> tuple[str, dict[int, int]]:
    """``text`` with the score written after each round but the last (at the end of its
    last row, or on a line of its own), the one after round ``false_at`` (1-based) one
    point off for Black, each with Gold's points first where ``gold_first``; the line of
    each score by its round."""
    lines = text.split("\n")
    scores = scores_after_rounds(text)
    own_line = {k: rng.random() < 0.5 for k in range(1, len(scores))}
    for k, end in reversed(list(enumerate(rounds_ends(text)[:-1], 1))):  # (from the last: lines stay true)
        b, g = scores[k - 1]
        score = f"{g}-{b}" if gold_first else f"{b + (k == false_at)}-{g}"
        if own_line[k]:
            lines.insert(end, score)
        else:
            lines[end - 1] += f"   {score}"
    where, inserted = {}, 0
    for k, end in enumerate(rounds_ends(text)[:-1], 1):
        where[k] = end + inserted + own_line[k]
        inserted += own_line[k]
    return "\n".join(lines), where


@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
def test_a_running_score_after_each_round_is_checked_against_the_replay(style: tuple[Form, str]) -> None:
    for seed in range(3):
        original = written(seed, *style)
        scored, where = with_running_scores(original, random.Random(seed))
        diagnostics = validate_text(scored).all_diagnostics()
        assert not [d for d in diagnostics if d.severity == "error"], [d.format("t") for d in diagnostics]
        (warning,) = [d for d in diagnostics if d.kind == "running-score"]
        assert warning.severity == "warning" and warning.line == where[1]
        assert winners(scored) == winners(original)


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(STYLES))
def test_property_a_false_running_score_is_the_only_error(seed: int, pick: int, style: tuple[Form, str]) -> None:
    original = written(seed, *style)
    n = len(only_match(original).rounds)
    if n < 2:
        return
    false_at = 1 + pick % (n - 1)
    scored, where = with_running_scores(original, random.Random(pick), false_at)
    errors = [d for d in validate_text(scored).all_diagnostics() if d.severity == "error"]
    assert [(d.line, d.rule, d.kind) for d in errors] == [(where[false_at], "result", "running-score")]
    assert f"the score after round {false_at} is" in errors[0].message
    assert winners(scored) == winners(original)


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(STYLES))
def test_property_running_scores_with_golds_points_first_are_no_error(seed: int, pick: int, style: tuple[Form, str]) -> None:
    """A running score that is the replay's with the sides swapped (``1-0`` after Gold's
    win: the writer's own side first, as a chat or a notebook writes it) is read as that,
    with a warning that says so; nothing else changes."""
    original = written(seed, *style)
    scored, where = with_running_scores(original, random.Random(pick), gold_first=True)
    diagnostics = validate_text(scored).all_diagnostics()
    assert not [d for d in diagnostics if d.severity == "error"], [d.format("t") for d in diagnostics]
    swapped = {d.line for d in diagnostics if d.kind == "running-score" and "Gold's points first" in d.message}
    uneven = {where[k] for k, (b, g) in enumerate(scores_after_rounds(original)[: len(where)], 1) if b != g}
    assert swapped == uneven
    assert winners(scored) == winners(original)


@pytest.mark.parametrize("written_as", ["3:2", "3 : 2"])
def test_a_result_with_a_colon_is_read_as_with_a_hyphen(written_as: str) -> None:
    original = written(3, Form.TEXT, "en")
    assert '[Result "3-2"]' in original
    colon = original.replace('[Result "3-2"]', f'[Result "{written_as}"]')
    report = validate_text(colon)
    (d,) = report.all_diagnostics()
    assert report.valid and d.kind == "result-separator" and d.line == 5 and "the colon ':' as '-'" in d.message
    fixed = fix_text(colon)
    assert fixed.valid and fixed.text.split("\n")[4].startswith('[Result "3-2"] {fix: was')
    assert moves_of(fixed.text) == moves_of(original)
    # and a false one is the error it always was
    wrong = [d for d in validate_text(original.replace('[Result "3-2"]', '[Result "2:3"]')).all_diagnostics() if d.severity == "error"]
    assert [(d.rule, d.line) for d in wrong] == [("result", 5)]


@pytest.mark.parametrize("said", ["Gold resigns", "black resigned.", "Gold gives up"])
def test_a_resignation_line_is_a_warning_and_a_termination(said: str) -> None:
    original = written(3, Form.TEXT, "en").replace('[Result "3-2"]\n', "")
    cut = "\n".join(original.split("\n")[: rounds_ends(original)[2]])  # three rounds played
    resigned = cut + "\n" + said + "\n"
    report = validate_text(resigned)
    assert report.valid, [d.format("t") for d in report.all_diagnostics()]
    (d,) = [d for d in report.all_diagnostics() if d.kind == "resignation"]
    side = said.split()[0].title()
    assert (d.severity, d.line) == ("warning", resigned.count("\n")) and f'[Termination "{side} resigned"]' in d.message
    assert only_match(resigned).header("Termination") == f"{side} resigned"
    assert winners(resigned) == {k: w for k, w in winners(original).items() if k <= 3}


# -- Round and Lineup lines in other shapes

ROUND_SHAPES = [
    lambda n, fill: f"round {n}, fill {fill}",
    lambda n, fill: f"ROUND {n} - FILL {fill.upper()}",
    lambda n, fill: f"Round {n}: fill {fill}",
    lambda n, fill: f"Round {n} (fill {fill})",
    lambda n, fill: f"Round {n} fill-{fill}",
]


def reshape_round(text: str, pick: int) -> tuple[str, int]:
    """``text`` with one ``Round`` line after the first in another shape (``pick``
    chooses which and how); the line."""
    rounds = [r for r in only_match(text).rounds if r.fill is not None]
    rnd = rounds[pick % len(rounds)]
    lines = text.split("\n")
    assert lines[rnd.line - 1] == f"Round {rnd.number} fill {rnd.fill.value}"  # type: ignore[union-attr]
    lines[rnd.line - 1] = ROUND_SHAPES[pick // len(rounds) % len(ROUND_SHAPES)](rnd.number, rnd.fill.value)  # type: ignore[union-attr]
    return "\n".join(lines), rnd.line


def check_warned_and_fixed(original: str, slipped: str, line: int, kind: str) -> None:
    report = validate_text(slipped)
    diagnostics = report.all_diagnostics()
    assert report.valid, [d.format("t") for d in diagnostics]
    assert [(d.kind, d.line, d.severity) for d in diagnostics if d.kind == kind] == [(kind, line, "warning")]
    assert winners(slipped) == winners(original)
    fixed = fix_text(slipped)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)
    assert fixed.text.split("\n")[line - 1].startswith(original.split("\n")[line - 1] + " {fix: was ")


@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
def test_round_lines_in_other_shapes_are_read_and_fixed(style: tuple[Form, str]) -> None:
    original = written(3, *style)
    for pick in range(len(ROUND_SHAPES) * 2):
        check_warned_and_fixed(original, *reshape_round(original, pick), "round-line")


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(STYLES))
def test_property_a_round_line_in_another_shape_costs_nothing(seed: int, pick: int, style: tuple[Form, str]) -> None:
    original = written(seed, *style)
    if any(r.fill is not None for r in only_match(original).rounds):
        check_warned_and_fixed(original, *reshape_round(original, pick), "round-line")


def lineup_lines(text: str) -> list[Lineup]:
    return [lu for r in only_match(text).rounds for lu in r.lineups]


def test_a_lineup_with_commas_is_read_and_fixed() -> None:
    seen = 0
    for seed, style in enumerate(STYLES * 3):
        original = written(seed, *style)
        for lu in lineup_lines(original)[:2]:
            lines = original.split("\n")
            head, colours = lines[lu.line - 1].split(": ")
            lines[lu.line - 1] = f"{head}: " + ", ".join(colours.split())
            check_warned_and_fixed(original, "\n".join(lines), lu.line, "lineup-line")
            seen += 1
    assert seen >= 6


def test_a_lineup_missing_a_colour_names_it() -> None:
    seen = 0
    for seed, style in enumerate(STYLES * 3):
        original = written(seed, *style)
        rng = random.Random(seed)
        for lu in lineup_lines(original)[:2]:
            lines = original.split("\n")
            head, colours = lines[lu.line - 1].split(": ")
            words = colours.split()
            gone = rng.randrange(8)
            lines[lu.line - 1] = f"{head}: " + " ".join(words[:gone] + words[gone + 1 :])
            slipped = "\n".join(lines)
            errors = [d for d in validate_text(slipped).all_diagnostics() if d.severity == "error"]
            assert [(d.line, d.kind) for d in errors] == [(lu.line, "lineup-colour-missing")]
            assert f"{lu.colours[gone].title} is left out" in errors[0].message
            assert winners(slipped) == winners(original)
            seen += 1
    assert seen >= 6


@given(seed=st.integers(0, 10**6), gone=st.integers(0, 7), at=st.integers(0, 10), lang=st.sampled_from(["en", "de", "hu"]))
def test_property_a_lineup_colour_misspelt_is_read_and_fixed(seed: int, gone: int, at: int, lang: str) -> None:
    """A slip of the pen in one colour of a ``Lineup`` line (two neighbouring letters
    swapped: ``Purpel``, ``Lial``), where the other seven name seven colours, is read as
    the colour they leave out, with a warning, and ``fix`` writes the word as the record's
    language spells it. (Before session 56 it was an error with no correction, and the
    match was read again against the moves.)"""
    original = written(seed, Form.TEXT, lang)
    lineups = lineup_lines(original)
    assume(lineups)
    lu = lineups[seed % len(lineups)]
    lines = original.split("\n")
    head, colours = lines[lu.line - 1].split(": ")
    words = colours.split()
    word = words[gone]
    k = at % (len(word) - 1)
    slip = word[:k] + word[k + 1] + word[k] + word[k + 2 :]
    assume(slip.lower() != word.lower() and "COLOUR" not in word_kinds(slip))
    lines[lu.line - 1] = f"{head}: " + " ".join([*words[:gone], slip, *words[gone + 1 :]])
    check_warned_and_fixed(original, "\n".join(lines), lu.line, "lineup-line")


# -- turn numbers written 1) or 1:, comments written // … or ( … )

_TURN = re.compile(r"(\d+)\.(?=\s)")


def with_turn_marks(text: str, rng: random.Random, share: float) -> tuple[str, list[tuple[int, str]]]:
    """``text`` with about ``share`` of its rows' turn numbers (one at least) written
    ``N)``, ``N.)`` or ``N:``; where (line) and how."""
    lines = text.split("\n")
    rows = [k for k, line in enumerate(lines) if _TURN.match(line)]
    chosen = [k for k in rows if rng.random() < share] or [rng.choice(rows)]
    out = []
    for k in chosen:
        mark = _TURN.sub(lambda m: m[1] + rng.choice([")", ".)", ":"]), lines[k], count=1)
        out.append((k + 1, mark.split()[0]))
        lines[k] = mark
    return "\n".join(lines), out


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(STYLES), share=st.sampled_from([0.0, 0.2, 1.0]))
def test_property_turn_numbers_written_otherwise_are_read_and_fixed(seed: int, pick: int, style: tuple[Form, str], share: float) -> None:
    original = written(seed, *style)
    slipped, marks = with_turn_marks(original, random.Random(pick), share)
    fixed = check_style(original, slipped, (marks[0][0], 1), "turn-mark", [m for _, m in marks])
    assert fixed == original


def with_comments(text: str, rng: random.Random, share: float) -> tuple[str, list[tuple[Entry, str]]]:
    """``text`` with a comment written ``( … )`` or ``[ … ]`` (a coach's variation, another
    entry's move: ``[not played: Blue Left 3 Red]``) after about ``share`` of its entries,
    or ``// …`` after the last entry of their row (one at least)."""
    es = entries_of(text)
    last = {}
    for e in es:
        last[e.line] = e  # (the last entry of each line)
    chosen = [e for e in es if rng.random() < share] or [rng.choice(es)]
    changes = []
    for e in chosen:
        if last[e.line] is e and rng.random() < 0.5:
            changes.append((e, e.text + "  // " + rng.choice(["good", "a fine move, I think!", "forced"])))
        elif rng.random() < 0.5:
            changes.append((e, e.text + " (" + rng.choice(["forced", "1. the best?", "!"]) + ")"))
        else:
            changes.append((e, e.text + " [" + rng.choice(["not played: ", "better, ", ""]) + rng.choice(es).text + "]"))
    return rewrite(text, changes), changes


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(STYLES), share=st.sampled_from([0.0, 0.2, 1.0]))
def test_property_comments_written_otherwise_are_read_and_fixed(seed: int, pick: int, style: tuple[Form, str], share: float) -> None:
    original = written(seed, *style)
    slipped, changes = with_comments(original, random.Random(pick), share)
    e, new = min(changes, key=lambda c: (c[0].line, c[0].column))
    first = (e.line, e.column + len(e.text) + (2 if "//" in new else 1))
    marks = ["//" if "//" in n else n[len(x.text) + 1 :] for x, n in changes]
    fixed = check_style(original, slipped, first, "comment-mark", marks).split("\n")
    for x, n in changes:  # each comment kept, in our shape
        comment = "# " + n.split("// ")[1] if "//" in n else "{" + n[len(x.text) + 2 : -1] + "}"
        assert comment in fixed[x.line - 1]


# -- abbreviations, German without umlauts

SHORTENED = {
    "en": {
        "Purple": ["Purp", "Pur"], "Orange": ["Orng", "Org"], "Yellow": ["Yel", "Yell"], "Green": ["Grn", "Gree"],
        "Brown": ["Brn"], "Blue": ["Blu"], "Pink": ["Pnk"], "Red": ["Rd"],
        "Forward": ["Fwd", "Str", "Frwd"], "Left": ["Lt", "Lft"], "Right": ["Rt", "Rght"], "Back": ["Bck"],
    },
    "de": {"grün": ["gruen"], "vorwärts": ["vorwaerts"], "zurück": ["zurueck"]},
}  # fmt: skip


def shorten(text: str, lang: str, rng: random.Random, share: float) -> tuple[str, list[tuple[int, int, str]]] | None:
    """``text`` (the text form in ``lang``) with about ``share`` of the words
    :data:`SHORTENED` has written so (one at least); where (line, column) and how."""
    table = SHORTENED[lang]
    places = []
    for e in entries_of(text):
        column = e.column
        for word in e.text.split(" "):
            if word in table:
                places.append((e.line, column, word))
            column += len(word) + 1
    if not places:
        return None
    chosen = [p for p in places if rng.random() < share] or [rng.choice(places)]
    lines = text.split("\n")
    out = []
    for line, column, word in sorted(chosen, key=lambda p: (p[0], -p[1])):  # (from the right: columns stay true)
        new = rng.choice(table[word])
        row = lines[line - 1]
        lines[line - 1] = row[: column - 1] + new + row[column - 1 + len(word) :]
        out.append((line, column, new))
    return "\n".join(lines), sorted(out)


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), lang=st.sampled_from(["en", "de"]), share=st.sampled_from([0.0, 0.2, 1.0]))
# (found by hypothesis: the evidence reader once set aside the usual two-letter 'Rd', losing a tower)
@example(seed=765, pick=0, lang="en", share=0.0)
@example(seed=2, pick=2, lang="en", share=0.2)
@example(seed=0, pick=138, lang="en", share=1.0)
@example(seed=0, pick=2, lang="en", share=0.2)
@example(seed=0, pick=0, lang="en", share=1.0)
def test_property_abbreviations_and_missing_umlauts_are_read_and_fixed(seed: int, pick: int, lang: str, share: float) -> None:
    original = written(seed, Form.TEXT, lang)
    planted = shorten(original, lang, random.Random(pick), share)
    if planted is None:
        return
    slipped, places = planted
    kind = "abbreviation" if lang == "en" else "umlauts"
    # A line whose shortened word is also another language's or style's word of a move
    # ('Rt') is read by its evidence (kind `evidence`, one warning an entry or a match):
    # the same move, the same fix. Nothing else is said of the record, the first warning
    # is on the first shortened word's entry, the rounds are judged as before.
    report = validate_text(slipped, path="t.kmr")
    diagnostics = report.all_diagnostics()
    assert report.valid and {d.kind for d in diagnostics} <= {kind, "evidence"}, [d.format("t") for d in diagnostics]
    first = min((d.line, d.column) for d in diagnostics)
    # (columns move as the words before them on the line are shortened: the first one's stays)
    assert first[0] == places[0][0] and first[1] <= places[0][1]
    assert winners(slipped) == winners(original)
    fixed = fix_text(slipped, path="t.kmr")
    assert fixed.valid and fixed.text == original  # each word written in full again, as the record writes it


def test_an_abbreviation_beside_a_misspelt_word_is_read_and_the_misspelling_corrected() -> None:
    original = written(3, Form.TEXT, "en")
    e = entries_of(original)[4]
    tower, direction, distance, square = e.text.split()
    slipped = rewrite(original, [(e, f"{tower[:-1] + tower[-1] * 2} {direction} {distance} {SHORTENED['en'][square][0]}")])
    diagnostics = validate_text(slipped).all_diagnostics()
    assert {d.kind for d in diagnostics if d.line == e.line} >= {"abbreviation"}
    fixed = fix_text(slipped)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)


# -- fix names the input's path on every line it prints


def test_fix_names_the_input_and_its_lines_on_what_remains_too(tmp_path: Path) -> None:
    original = written(3, Form.TEXT, "en")
    es = entries_of(original)
    # a mark fix takes out, and later a wrong entry nothing corrects (a row inserted by
    # fix before it would move its line in the output)
    slipped = rewrite(original, [(es[1], es[1].text + ","), (es[6], "Orange Forward 9 Orange")])
    path = tmp_path / "in.kmr"
    path.write_text(slipped, encoding="utf-8")
    result = runner.invoke(app, ["fix", str(path), "-o", str(tmp_path / "out.kmr")])
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if line]
    assert lines and all(line.startswith(f"{path}:") for line in lines), lines
    assert any(line.startswith(f"{path}:{es[6].line}:{es[6].column}: error[") for line in lines), lines


def test_no_mark_inside_a_comment_is_read_or_rewritten() -> None:
    original = written(3, Form.TEXT, "en")
    es = entries_of(original)
    comment = "# see 1) this, // that (and this!) {too}"
    slipped = rewrite(original, [(es[1], es[1].text + ",  " + comment)])
    (m,) = parse_record(slipped).matches
    (said,) = [c.text for r in m.rounds for e in r.entries for c in e.comments]
    assert said == comment[1:]
    fixed = fix_text(slipped)
    assert fixed.valid and comment in fixed.text and moves_of(fixed.text) == moves_of(original)


# -- a comment written ( … ) before the first match is the file's


@pytest.mark.parametrize("command", [["show"], ["convert", "--to", "text"], ["fix"], ["validate"], ["html"]])
def test_a_comment_in_parentheses_on_the_first_line_is_read_by_every_command(tmp_path: Path, command: list[str]) -> None:
    original = written(3, Form.TEXT, "en")
    path = tmp_path / "club" / "board2.kmr"
    path.parent.mkdir()
    path.write_text("(Board 2, adjourned)\n" + original, encoding="utf-8")
    out = tmp_path / "out.html"
    args = [*command, str(path.parent), "-o", str(out)] if command == ["html"] else [*command, str(path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0 and result.exception is None, result.output
    if command == ["html"]:
        assert "board2" in out.read_text(encoding="utf-8")
    elif command == ["validate"]:
        assert f"{path}:1:1: warning[syntax] comments written '(Board 2, adjourned)'" in result.stdout
    else:
        assert result.stdout.strip()


def test_a_comment_in_parentheses_before_any_match_is_fixed_in_braces() -> None:
    original = written(3, Form.TEXT, "en")
    record = parse_record("(Board 2)\n" + original)
    (warning,) = record.errors
    assert (warning.line, warning.column, warning.kind.value) == (1, 1, "comment-mark")
    assert [c.text for c in record.matches[0].comments] == ["Board 2"]
    fixed = fix_text("(Board 2)\n" + original)
    assert fixed.valid and fixed.text == "{Board 2}\n" + original
    assert parse_record("()").matches == [] and fix_text("()").text == "{}"
