"""Entries written in another style (docs/record-decisions.md, "Entries in other styles"): ring
marks on the tower, a push marked ``x`` or written ``Sumo push``, a forced entry written
as a word (``pass``, ``-``, ``Yellow blocked``, ``pushed``), a forfeit with a direction,
the square colour or the distance left out, the distance written as a word, the slots in
another order, two entries run together. Each is planted in generated legal matches
written in several forms and languages, where the truth is known: read by its evidence
(no catalogue of these styles is kept: the reader that reads any style reads them), with
a warning at the first such entry, no error anywhere, the rounds judged with their real
winners, and ``fix`` gives back the moves. The planting knows nothing of how a style is
recognised; it writes the styles as people do.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import PlyKind, replay_match
from kamisado_notation.checking.slips import rewrite
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.diagnostics import Diagnostic
from kamisado_notation.engine.board import Direction
from kamisado_notation.notation.record import Entry
from kamisado_notation.notation.writer import Form
from tests.support.slips import moves_of, only_match, winners, written

runner = CliRunner()

#: The forms and languages the styles are planted in (coordinates have no slots to leave out).
FORMS = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.TEXT, "pt"), (Form.TEXT, "ro"), (Form.TEXT, "ru"), (Form.SHORT, "en"), (Form.SYMBOLS, "en")]
TEXT_FORMS = [s for s in FORMS if s[0] is Form.TEXT]

#: The distances as words, as the planting writes them (the reader's table is its own).
WORDS = {
    "en": "one two three four five six seven",
    "de": "eins zwei drei vier fünf sechs sieben",
    "hu": "egy kettő három négy öt hat hét",
    "pt": "um dois três quatro cinco seis sete",
    "ro": "unu doi trei patru cinci șase șapte",
    "ru": "один два три четыре пять шесть семь",
}


@dataclass(frozen=True)
class Judged:
    """An entry of the match as the replay judged it: the entry, what it is, its tower's
    Sumo rings, and the entry whose row it shares (``None``: alone on its line)."""

    entry: Entry
    kind: PlyKind
    rings: int
    distance: int
    direction: Direction | None
    #: how many legal moves have its tower, direction and square colour (any distance)
    fits: int
    #: whether its move with the tower and square colours swapped is a legal move too
    swapped_legal: bool


def judged(text: str) -> list[Judged]:
    """Every entry of the valid match ``text`` with what the replay made of it."""
    out = []
    for rr in replay_match(only_match(text)).rounds:
        for k, p in enumerate(rr.plies):
            move = p.move
            assert move is not None and move.tower is not None
            legal = rr.position_at(k).legal_moves() if p.kind is PlyKind.MOVE else []
            fits = sum(1 for m in legal if (m.tower, m.direction, m.square_colour) == (move.tower, move.direction, move.square_colour))
            swapped = (move.square_colour, move.direction, move.distance, move.tower)
            swapped_legal = any((m.tower, m.direction, m.distance, m.square_colour) == swapped for m in legal)
            out.append(Judged(p.entry, p.kind, rr.start.rings(move.side, move.tower), move.distance, move.direction, fits, swapped_legal))
    return out


def _words(entry: Entry, form: Form) -> list[str]:
    """The entry's slots as written: four words (text), three (short: ``L5`` one), or
    its characters (symbols)."""
    return list(entry.text) if form is Form.SYMBOLS else entry.text.split()


def _join(words: list[str], form: Form) -> str:
    return "".join(words) if form is Form.SYMBOLS else " ".join(words)


#: A planter: (the entry judged, the form, the language, a random source) → the entry
#: as written in the style, or ``None`` where the style does not apply to it.
Planter = Callable[[Judged, Form, str, random.Random], str | None]


def rings_marked(j: Judged, form: Form, lang: str, rng: random.Random) -> str | None:
    if not j.rings or j.kind is PlyKind.BACK:
        return None
    words = _words(j.entry, form)
    return _join([words[0] + "+" * j.rings, *words[1:]], form) if form is not Form.SYMBOLS else words[0] + "+" * j.rings + "".join(words[1:])


def push_marked(j: Judged, form: Form, lang: str, rng: random.Random) -> str | None:
    if j.kind is not PlyKind.PUSH or form is Form.SYMBOLS:
        return None
    words = j.entry.text.split()
    if form is Form.TEXT and lang == "en" and rng.random() < 0.5:
        return f"{words[0]} Sumo push"
    return " ".join([words[0], rng.choice(["x", "×"]), *words[1:]])


def forced_word(j: Judged, form: Form, lang: str, rng: random.Random) -> str | None:
    if j.kind is PlyKind.BACK:
        return "pushed"
    if j.kind is PlyKind.FORFEIT:
        return rng.choice(["pass", "-", f"{_words(j.entry, form)[0]} blocked"]) if form is not Form.SYMBOLS else "pass"
    return None


def forfeit_with_direction(j: Judged, form: Form, lang: str, rng: random.Random) -> str | None:
    if j.kind is not PlyKind.FORFEIT or form is not Form.TEXT:
        return None
    tower, zero, square = j.entry.text.split()
    return f"{tower} {_FORWARD[lang]} {zero} {square}"


#: Forward, as each language writes it (what the planting writes before a forfeit's 0).
_FORWARD = {"en": "Forward", "de": "vorwärts", "hu": "előre", "pt": "frente", "ro": "înainte", "ru": "вперёд"}


def square_left_out(j: Judged, form: Form, lang: str, rng: random.Random) -> str | None:
    if j.kind not in (PlyKind.MOVE, PlyKind.PUSH):
        return None
    return _join(_words(j.entry, form)[:-1], form)


def distance_left_out(j: Judged, form: Form, lang: str, rng: random.Random) -> str | None:
    if j.kind is not PlyKind.MOVE or j.fits != 1:  # (where two moves fit: an error, tested below)
        return None
    words = _words(j.entry, form)
    if form is Form.TEXT:
        return " ".join([words[0], words[1], words[3]])
    if form is Form.SHORT:
        return f"{words[0]} {words[1].rstrip('0123456789')} {words[2]}"
    return "".join([words[0], words[1], words[-1]])


def distance_word(j: Judged, form: Form, lang: str, rng: random.Random) -> str | None:
    if j.kind not in (PlyKind.MOVE, PlyKind.PUSH) or form is not Form.TEXT:
        return None
    words = j.entry.text.split()
    number = WORDS[lang].split()[int(words[2]) - 1]
    return " ".join([words[0], words[1], rng.choice([number, number.title()]), words[3]])


def slots_reordered(j: Judged, form: Form, lang: str, rng: random.Random) -> str | None:
    if j.kind not in (PlyKind.MOVE, PlyKind.PUSH) or form is not Form.TEXT:
        return None
    tower, direction, distance, square = j.entry.text.split()
    return f"{tower} {distance} {direction} {square}"


PLANTERS: dict[str, Planter] = {
    "ring-mark": rings_marked,
    "push-mark": push_marked,
    "forced-word": forced_word,
    "forfeit-direction": forfeit_with_direction,
    "square-left-out": square_left_out,
    "distance-left-out": distance_left_out,
    "distance-word": distance_word,
    "slot-order": slots_reordered,
}
#: The kind of warning an entry read by its evidence is given, whatever its style.
EVIDENCE = "evidence"


def plant(text: str, kind: str, form: Form, lang: str, rng: random.Random, share: float) -> tuple[str, list[tuple[Entry, str]]] | None:
    """``text`` with about ``share`` of the entries the style applies to (one at least)
    written in style ``kind``; which, and how. ``None`` where it applies to none."""
    found = [(j.entry, new) for j in judged(text) if (new := PLANTERS[kind](j, form, lang, rng)) is not None]
    if not found:
        return None
    chosen = [f for f in found if rng.random() < share] or [rng.choice(found)]
    return rewrite(text, chosen), chosen


def placed(changes: list[tuple[Entry, str]]) -> list[tuple[int, int]]:
    """Where each entry rewritten stands in the text rewritten (line, column), in order:
    the rewrites before it on its line move it."""
    return sorted(
        (e.line, e.column + sum(len(n) - len(o.text) for o, n in changes if o.line == e.line and o.column < e.column)) for e, _ in changes
    )


def check_planted(original: str, slipped: str, changes: list[tuple[Entry, str]], kind: str) -> str:
    """The checks of a style planted: no error; a warning of the style at each entry so
    written (at the first, for a style the reader reads whole; naming the entries), no
    other diagnostic off the planted lines; the rounds judged as before; ``fix`` gives
    back the moves. ``fix``'s text."""
    report = validate_text(slipped, path="t.kmr")
    diagnostics = report.all_diagnostics()
    assert report.valid, [d.format("t") for d in diagnostics if d.severity == "error"]
    planted = placed(changes)
    if kind == "ring-mark":  # (the marks read as the tower's rings, and checked: one warning a match)
        warned = sorted((d.line, d.column) for d in diagnostics if d.kind == kind)
        first = min(changes, key=lambda c: (c[0].line, c[0].column))[0]
        assert warned[0][0] == first.line and len(warned) == 1
    else:  # (each entry read by what it says of the move: a warning at it)
        warned = sorted((d.line, d.column) for d in diagnostics if d.kind == EVIDENCE)
        assert planted[0] in warned, ([d.format("t") for d in diagnostics], planted)
    assert all(d.severity == "warning" for d in diagnostics)
    lines = {e.line for e, _ in changes}
    assert all(d.line in lines for d in diagnostics), [d.format("t") for d in diagnostics]
    assert winners(slipped) == winners(original)
    fixed = fix_text(slipped, path="t.kmr")
    assert fixed.valid, [d.format("t") for d in fixed.remaining.all_diagnostics()]  # type: ignore[union-attr]
    assert not [d for d in fixed.remaining.all_diagnostics() if d.kind in (kind, EVIDENCE)]  # type: ignore[union-attr]
    assert moves_of(fixed.text) == moves_of(original)
    return fixed.text


@pytest.mark.parametrize("style", FORMS, ids=lambda s: f"{s[0].value}-{s[1]}")
@pytest.mark.parametrize("kind", sorted(PLANTERS))
def test_an_entry_in_another_style_is_read_as_its_move(kind: str, style: tuple[Form, str]) -> None:
    form, lang = style
    seen = 0
    for seed in range(80):
        original = written(seed, form, lang)
        planted = plant(original, kind, form, lang, random.Random(seed), 0.3)
        if planted is not None:
            check_planted(original, *planted, kind)
            seen += 1
        if seen == 3:
            break
    applies = kind not in ("forfeit-direction", "distance-word", "slot-order") or form is Form.TEXT
    assert seen >= (3 if applies and not (kind == "push-mark" and form is Form.SYMBOLS) else 0)


@given(
    seed=st.integers(0, 10**6),
    pick=st.integers(0, 10**6),
    style=st.sampled_from(FORMS),
    kind=st.sampled_from(sorted(PLANTERS)),
    share=st.sampled_from([0.0, 0.2, 1.0]),
)
@example(seed=3791, pick=0, style=(Form.TEXT, "en"), kind="forced-word", share=0.0)  # (a '-' forfeit after the turn number)
@example(seed=130, pick=0, style=(Form.TEXT, "en"), kind="forced-word", share=1.0)  # ('5. -   pass': two sides' forfeits ending a round, not one said twice)
@example(seed=13045, pick=1, style=(Form.TEXT, "en"), kind="forced-word", share=1.0)  # ('4. Green blocked      pass': the column's gap parts them)
@example(seed=178, pick=243, style=(Form.TEXT, "en"), kind="forced-word", share=1.0)  # (two forfeits in a row written as dashes, '6. -            -')
@example(seed=6322, pick=0, style=(Form.SHORT, "en"), kind="forced-word", share=0.0)  # (a back-entry written 'pushed' before the next entry, 'pushed   Re F7 Bl')
@example(seed=357, pick=357, style=(Form.TEXT, "en"), kind="forced-word", share=0.2)  # ('4. -' alone on a row: a deadlock's last forfeit)
def test_property_entries_in_other_styles_in_random_rows_cost_nothing(seed: int, pick: int, style: tuple[Form, str], kind: str, share: float) -> None:
    original = written(seed, *style)
    planted = plant(original, kind, *style, random.Random(pick), share)
    if planted is not None:
        check_planted(original, *planted, kind)


def test_fix_writes_each_style_in_the_records_own_form() -> None:
    original = written(3, Form.TEXT, "de")
    js = judged(original)
    move = next(j for j in js if j.kind is PlyKind.MOVE and j.distance)
    words = move.entry.text.split()
    slipped = rewrite(original, [(move.entry, f"{words[0]} {words[2]} {words[1]} {words[3]}")])
    fixed = fix_text(slipped).text
    assert fixed == original  # (a style the reader reads whole: no mark, the entry as ours)
    slipped = rewrite(original, [(move.entry, " ".join(words[:3]))])
    line = fix_text(slipped).text.split("\n")[move.entry.line - 1]
    assert f"{move.entry.text} {{fix: was {' '.join(words[:3])}, read by its evidence}}" in line


def test_a_wrong_ring_mark_names_the_towers_real_rings() -> None:
    seen = 0
    for seed in range(10):
        original = written(seed, Form.TEXT, "en")
        for j in judged(original):
            if j.kind is PlyKind.BACK or j.rings > 1:
                continue
            words = j.entry.text.split()
            wrong = j.rings + 1
            slipped = rewrite(original, [(j.entry, f"{words[0]}{'+' * wrong} {' '.join(words[1:])}")])
            diagnostics = validate_text(slipped).all_diagnostics()
            assert not [d for d in diagnostics if d.severity == "error"]
            (said,) = [d for d in diagnostics if d.kind == "ring-mark" and "but it is" in d.message]
            assert (said.line, said.column) == (j.entry.line, j.entry.column + len(words[0]))
            real = "a plain tower, with no ring" if not j.rings else "a Sumo (1 ring)"
            assert said.message.endswith(real) and "'" + "+" * wrong + "'" in said.message
            assert winners(slipped) == winners(original)
            seen += 1
            break
    assert seen >= 5


def test_an_entry_whose_slots_fit_two_moves_is_an_error_naming_both_and_costs_only_its_round() -> None:
    seen = 0
    for seed in range(40):
        original = written(seed, Form.TEXT, "en")
        m = only_match(original)
        for j in judged(original):
            if j.kind is not PlyKind.MOVE or not j.distance:
                continue
            tower, direction, _distance, square = j.entry.text.split()
            slipped = rewrite(original, [(j.entry, f"{tower} {direction} {square}")])
            errors = [d for d in validate_text(slipped).all_diagnostics() if d.severity == "error"]
            if not errors:
                continue
            (error,) = [d for d in errors if d.kind == EVIDENCE]
            assert (error.line, error.column) == (j.entry.line, j.entry.column)
            assert j.entry.text in error.suggestions and len(error.suggestions) >= 2
            assert all(d.line == j.entry.line for d in errors)
            # the rounds after it whose start the lineups pin are judged as before
            round_of = next(r.number for r in m.rounds if j.entry in r.entries)
            before, after = winners(original), winners(slipped)
            assert all(after[n] == before[n] for n in after if n > round_of and after[n] is not None)
            seen += 1
            break
    assert seen >= 1


def test_two_entries_run_together_are_read_as_two() -> None:
    seen = 0
    for seed, style in enumerate(TEXT_FORMS * 2):
        original = written(seed, *style)
        lines = original.split("\n")
        rows = [k for k, line in enumerate(lines) if re.match(r"\d+\. \S", line) and len(line.split()) == 9]
        k = random.Random(seed).choice(rows)
        black, gold = re.match(r"(\d+\. \S+ \S+ \S+ \S+)\s+(.*)", lines[k]).groups()  # type: ignore[union-attr]
        lines[k] = black + gold
        slipped = "\n".join(lines)
        report = validate_text(slipped)
        assert report.valid, [d.format("t") for d in report.all_diagnostics()]
        (d,) = [d for d in report.all_diagnostics() if d.kind == EVIDENCE]
        assert (d.line, d.column) == (k + 1, len(black) + 1)
        assert winners(slipped) == winners(original)
        fixed = fix_text(slipped)
        assert fixed.valid and moves_of(fixed.text) == moves_of(original)
        assert fixed.text.split("\n")[k] == f"{black} {gold}"
        seen += 1
    assert seen >= 6


def test_a_correct_line_beside_styled_ones_is_not_blamed() -> None:
    original = written(4, Form.TEXT, "en")
    js = [j for j in judged(original) if j.kind is PlyKind.MOVE and j.distance]
    planted = [(js[1].entry, " ".join(js[1].entry.text.split()[:3])), (js[4].entry, "Orange Forward 9 Orange")]
    diagnostics = validate_text(rewrite(original, planted)).all_diagnostics()
    assert [(d.line, d.severity) for d in diagnostics if d.severity == "error"][:1] == [(js[4].entry.line, "error")]
    assert [d.kind for d in diagnostics if d.line == js[1].entry.line] == [EVIDENCE]


def test_fix_names_an_entry_style_on_the_command_line(tmp_path: Path) -> None:
    original = written(5, Form.TEXT, "en")
    j = next(j for j in judged(original) if j.kind is PlyKind.MOVE and j.distance)
    path = tmp_path / "styles.kmr"
    path.write_text(rewrite(original, [(j.entry, " ".join(j.entry.text.split()[:3]))]), encoding="utf-8")
    result = runner.invoke(app, ["fix", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{path}:{j.entry.line}:{j.entry.column}: fixed[syntax]" in result.stderr
    assert moves_of(result.stdout) == moves_of(original)


def swap_colours(text: str, rng: random.Random) -> tuple[str, Entry] | None:
    """``text`` with one ordinary move's tower and square colours written the other way
    round (``Red Forward 4 Blue`` for ``Blue Forward 4 Red``), where that is no legal
    move as written (a round's first move may be: nothing tells it from the real one);
    the entry."""
    found = [
        j.entry
        for j in judged(text)
        if j.kind is PlyKind.MOVE and j.distance and j.entry.tower is not j.entry.square_colour and not j.swapped_legal  # (else no slip to see)
    ]
    if not found:
        return None
    e = rng.choice(found)
    tower, direction, distance, square = e.text.split()
    return rewrite(text, [(e, f"{square} {direction} {distance} {tower}")]), e


def check_swapped(original: str, slipped: str, e: Entry) -> bool:
    """Either the entry is read as its move (a warning, ``fix`` gives the match back), or,
    where another reading is as likely, it is an error at its line: never another move.
    Whether it was read."""
    report = validate_text(slipped)
    diagnostics = report.all_diagnostics()
    warned = [d for d in diagnostics if d.kind == "swapped-colours" and (d.line, d.column) == (e.line, e.column)]
    if not warned:  # (a one-slot correction was certain, say: the error is at the entry)
        assert next(d for d in diagnostics if d.severity == "error").line == e.line
        return False
    assert report.valid and [(d.line, d.column, d.severity) for d in diagnostics] == [(e.line, e.column, "warning")]
    assert warned[0].suggestions == (e.text,)
    assert winners(slipped) == winners(original)
    fixed = fix_text(slipped)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)
    assert f"{e.text} {{fix: was " in fixed.text.split("\n")[e.line - 1]
    return True


@pytest.mark.parametrize("style", TEXT_FORMS[:3], ids=lambda s: s[1])
def test_tower_and_square_colours_swapped_are_read_as_the_move(style: tuple[Form, str]) -> None:
    read = 0
    for seed in range(12):
        original = written(seed, *style)
        planted = swap_colours(original, random.Random(seed))
        if planted is not None:
            read += check_swapped(original, *planted)
    assert read >= 8  # (most: the swapped reading is the only one)


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(TEXT_FORMS))
@example(seed=101, pick=352832, style=(Form.TEXT, "en"))  # (the row's other entry read swapped: its warning is not this one's)
# a known bug (the random profile, session 26): as in test_replay's seed 2595, the swapped
# colours of round 2's first entry are blamed on round 1's columns (a deadlock's twin)
@example(seed=2595, pick=138, style=(Form.TEXT, "en")).xfail(raises=AssertionError, reason="a deadlock round's swapped-columns twin blamed before one swapped entry")
def test_property_swapped_colours_are_read_or_an_error_never_another_move(seed: int, pick: int, style: tuple[Form, str]) -> None:
    original = written(seed, *style)
    planted = swap_colours(original, random.Random(pick))
    if planted is not None:
        check_swapped(original, *planted)


def test_a_push_without_its_square_and_its_back_entry_written_pushed() -> None:
    seen = 0
    for seed in range(60):
        original = written(seed, Form.TEXT, "en")
        js = judged(original)
        pairs = [(a, b) for a, b in pairwise(js) if a.kind is PlyKind.PUSH and b.kind is PlyKind.BACK]
        if not pairs:
            continue
        push, back = pairs[0]
        rng = random.Random(seed)
        changes = [(push.entry, square_left_out(push, Form.TEXT, "en", rng) or ""), (back.entry, "pushed")]
        slipped = rewrite(original, changes)
        report = validate_text(slipped)
        diagnostics = report.all_diagnostics()
        assert report.valid, [d.format("t") for d in diagnostics]
        assert sorted((d.kind, d.line) for d in diagnostics) == sorted([(EVIDENCE, push.entry.line), (EVIDENCE, back.entry.line)])
        assert winners(slipped) == winners(original)
        fixed = fix_text(slipped)
        assert fixed.valid and moves_of(fixed.text) == moves_of(original)
        seen += 1
        if seen == 3:
            break
    assert seen == 3


def ties(outcome: str, wanted: int) -> list[tuple[str, str, Judged, Diagnostic]]:
    """Up to ``wanted`` planted entries with the distance left out on a diagonal where
    the square colour written is on it more than once (the slots fit several moves),
    whose diagnostic's message says ``outcome``: the record, the slipped one, the entry
    as played (the truth) and the diagnostic. One a match, from the first that has one."""
    found = []
    for seed in range(60):
        original = written(seed, Form.TEXT, "en")
        for j in judged(original):
            if j.kind is not PlyKind.MOVE or j.fits < 2:
                continue
            tower, direction, _distance, square = j.entry.text.split()
            slipped = rewrite(original, [(j.entry, f"{tower} {direction} {square}")])
            said = [d for d in validate_text(slipped).all_diagnostics() if d.kind == EVIDENCE]
            if said and outcome in said[0].message:
                found.append((original, slipped, j, said[0]))
                break
        if len(found) == wanted:
            break
    return found


def round_of(text: str, entry: Entry) -> int:
    """The place in the match of the round ``entry`` is in."""
    return next(n for n, r in enumerate(only_match(text).rounds, 1) if any(e.line == entry.line for e in r.entries))


def test_an_entry_whose_slots_fit_two_moves_the_later_entries_tell_apart_is_read_as_the_true_move() -> None:
    cases = ties("lets the rest of the round replay", 4)
    assert len(cases) >= 3
    for original, slipped, j, d in cases:
        report = validate_text(slipped)
        assert report.valid, [x.format("t") for x in report.all_diagnostics()]
        assert (d.severity, d.line, d.column, d.suggestions) == ("warning", j.entry.line, j.entry.column, (j.entry.text,))
        assert f"only {j.entry.text} lets" in d.message
        assert winners(slipped) == winners(original)
        assert moves_of(fix_text(slipped).text) == moves_of(original)


def test_readings_that_all_end_the_round_alike_let_it_and_the_later_rounds_be_judged() -> None:
    cases = ties("replays the round to the same end", 6)
    later = 0
    for original, slipped, j, d in cases:
        errors = [x for x in validate_text(slipped).all_diagnostics() if x.severity == "error"]
        assert errors == [d]  # the entry stays an error, naming the moves (the truth among them)
        assert j.entry.text in d.suggestions and len(d.suggestions) >= 2
        assert "the record does not tell" in d.message and "so the round is judged" in d.message
        before, after = winners(original), winners(slipped)
        assert after == before and None not in after.values()
        true, read = replay_match(only_match(original)), replay_match(only_match(slipped))
        assert read.score == true.score and read.winner == true.winner
        later += round_of(original, j.entry) < len(before)
    assert len(cases) >= 3 and later >= 1


def test_readings_that_end_the_round_differently_stop_it_saying_so() -> None:
    cases = ties("end the round differently", 3)
    assert len(cases) >= 2
    for original, slipped, j, d in cases:
        assert (d.severity, d.line, d.column) == ("error", j.entry.line, j.entry.column)
        assert j.entry.text in d.suggestions and "so it is not judged past here" in d.message
        n = round_of(original, j.entry)
        assert winners(original)[n] is not None and winners(slipped)[n] is None


def test_a_forced_word_on_a_back_entry_costs_nothing() -> None:
    """Found by a fresh clone's random profile in session 36 (the same on 5da466c): the
    planted forced word on ``Bl B1 Ye``, a push's back-entry, is read as a wrong
    back-entry."""
    test_property_entries_in_other_styles_in_random_rows_cost_nothing.hypothesis.inner_test(seed=430372, pick=0, style=(Form.SHORT, "en"), kind="forced-word", share=0.0)
