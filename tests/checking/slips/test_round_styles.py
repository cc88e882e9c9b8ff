"""Records written in the styles of a whole row or round (docs/record-decisions.md, "Slips of a whole row or
round"), planted in generated legal matches where the truth is known, in every form
and language: a round written Gold's entry first in every row, one player's entries of
two rows exchanged, a move written after a round was won.

For each: the slip named at its line, no error on a line it did not touch, the later
rounds judged with the real winners, and ``kamisado fix`` gives back the match. The
planting and the checks know nothing of how the slip is recognised (the checks are
tests/support/slips.py's :func:`check`)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.slips import Planted, recogniser, rewrite
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.diagnostics import Kind
from kamisado_notation.notation.record import RoundRecord
from kamisado_notation.notation.writer import Form
from tests.support.slips import STYLES, check, fill_word_swapped, moves_of, only_match, winners, written

Style = tuple[Form, str]


def move_after_end(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """A move written after round ``rnd`` was won (an entry of the round written again):
    beside Black's winning entry when it is alone on its row, else a row of its own."""
    es = rnd.entries
    last = es[-1]
    if last.direction is not None and last.distance == 0:
        return None  # (a deadlock's last entries are forced zero entries: leave them)
    extra = rng.choice([e for e in es if not e.placeholder]).text
    lines = text.split("\n")
    row = lines[last.line - 1]
    if len(es) % 2 == 1 and not es[0].placeholder or len(es) % 2 == 0 and es[0].placeholder:  # Black's entry ends it
        lines[last.line - 1] = f"{row}   {extra}"
        return Planted("\n".join(lines), rnd.number, {last.line})
    number = f"{(len(es) + 1) // 2 + 1}. " if row[:1].isdigit() else ""
    lines.insert(last.line, f"{number}{extra}")
    return Planted("\n".join(lines), rnd.number, {last.line + 1})


def arrows_mirrored(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """One player's Left and Right mirrored in every entry of round ``rnd``, from its
    first row (as the slip's module plants it), where he moves sideways in his first
    row already."""
    planted = recogniser(Kind.MIRRORED_ARROWS).plant(text, rnd, rng, style)
    if planted is None:
        return None
    first_row = {e.line for e in rnd.entries[:2]}
    return planted if planted.lines & first_row else None


def fill_swapped(text: str, rnd: RoundRecord, rng: random.Random, style: Style) -> Planted | None:
    """Round ``rnd``'s fill word swapped for the other, with no ``Lineup`` line to say
    which is right (its entries tell)."""
    if rnd.fill is None or rnd.lineups:
        return None
    return fill_word_swapped(text, rnd)


Plant = Callable[[str, RoundRecord, random.Random, Style], "Planted | None"]
KINDS: dict[str, Plant] = {
    "swapped-columns": recogniser(Kind.SWAPPED_COLUMNS).plant,
    "exchanged-entries": recogniser(Kind.EXCHANGED_ENTRIES).plant,
    "after-end": move_after_end,
    "mirrored-arrows": arrows_mirrored,
    "fill-word": fill_swapped,
}


def plant(kind: str, seed: int, style: tuple[Form, str], pick: int) -> tuple[str, Planted] | None:
    """A generated match in ``style`` with ``kind`` planted in one of its rounds (``pick``
    chooses which, and where in it)."""
    text = written(seed, *style)
    rng = random.Random(pick)
    rounds = list(only_match(text).rounds)
    rng.shuffle(rounds)
    for rnd in rounds:
        planted = KINDS[kind](text, rnd, rng, style)
        if planted is not None:
            return text, planted
    return None


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
def test_a_planted_round_style_is_named_and_fixed(kind: str, style: tuple[Form, str]) -> None:
    if kind == "mirrored-arrows" and style[0] is Form.COORDS:
        pytest.skip("coordinates have no arrows")
    planted = [p for seed in range(10) if (p := plant(kind, seed, style, seed)) is not None]
    assert len(planted) >= 5
    certain = [check(kind, original, p) for original, p in planted]
    # named for certain (and fixed) in every match; two entries exchanged in all but a
    # few (where both moves are legal either way round, the record cannot tell)
    assert sum(certain) >= len(certain) - (2 if kind == "exchanged-entries" else 0), (sum(certain), len(certain))


@given(kind=st.sampled_from(sorted(KINDS)), seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(STYLES))
# two Black entries exchanged where the first is legal as written and the error shows at
# Gold's next entry (the slip starts at the entry before the doubt); and where the second,
# as written, read as a one-slot slip whose round ends where only a later round can tell
@example(kind="exchanged-entries", seed=10136, pick=10136, style=(Form.TEXT, "en"))
@example(kind="exchanged-entries", seed=8832, pick=0, style=(Form.TEXT, "en"))
# Gold's entries of rows 1 and 2 exchanged, where each, read with its tower and square
# colours swapped, is a legal move by chance: two colour swaps are taken before the one
# exchange that explains every entry, and a correct line after them is blamed. Found by
# the random profile (session 25); a known failure until the slips are weighed as a whole.
@example(kind="exchanged-entries", seed=859126, pick=859126, style=(Form.TEXT, "en")).xfail(raises=AssertionError, reason="two chance colour swaps taken before one exchange of entries")
def test_property_a_round_style_anywhere_blames_no_correct_line(kind: str, seed: int, pick: int, style: tuple[Form, str]) -> None:
    if kind == "mirrored-arrows" and style[0] is Form.COORDS:
        return
    found = plant(kind, seed, style, pick)
    if found is not None:
        check(kind, *found)


def test_a_round_written_gold_first_is_one_error_in_a_players_words() -> None:
    original = written(1, Form.TEXT, "en")
    rnd = only_match(original).rounds[0]
    planted = KINDS["swapped-columns"](original, rnd, random.Random(0), (Form.TEXT, "en"))
    assert planted is not None
    (d,) = [d for d in validate_text(planted.text).all_diagnostics() if d.severity == "error"]
    first = rnd.entries[0]
    assert (d.kind, d.line, d.column) == ("swapped-columns", first.line, first.column)
    assert d.message.startswith("Gold's entry is written first in every row of round 1; correction: ")
    fixed = fix_text(planted.text)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)
    assert "{fix: was " in fixed.text.split("\n")[first.line - 1]


def test_entries_exchanged_between_two_rows_are_named_not_a_row_missing() -> None:
    original = written(0, Form.TEXT, "en")
    rnd = only_match(original).rounds[2]
    a, b = rnd.entries[4], rnd.entries[8]  # Black's entries of rows 3 and 5
    slipped = rewrite(original, [(a, b.text), (b, a.text)])
    (d,) = [d for d in validate_text(slipped).all_diagnostics() if d.severity == "error"]
    assert (d.kind, d.line) == ("exchanged-entries", a.line)
    assert d.message == f"Black's entries on lines {a.line} and {b.line} are exchanged; correction: {a.text}"
    assert "missing" not in d.message
    assert winners(slipped) == winners(original)
    fixed = fix_text(slipped)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)


def test_fix_removes_a_row_written_after_the_round_was_won() -> None:
    original = written(0, Form.TEXT, "en")
    rnd = only_match(original).rounds[2]
    last = rnd.entries[-1].line
    lines = original.split("\n")
    lines.insert(last, "9. Red Forward 1 Pink   Pink Forward 1 Red")
    slipped = "\n".join(lines)
    (d,) = [d for d in validate_text(slipped).all_diagnostics() if d.severity == "error"]
    assert (d.rule, d.kind, d.line) == ("M7", "after-end", last + 1)
    assert d.message.endswith("these 2 entries are written after its end; correction: remove them")
    assert winners(slipped) == winners(original)
    fixed = fix_text(slipped)
    assert fixed.valid and moves_of(fixed.text) == moves_of(original)
    assert fixed.text.split("\n")[last].startswith("{fix: removed 9. Red Forward 1 Pink   Pink Forward 1 Red, written after")


def test_many_entries_after_a_rounds_end_are_located_not_removed() -> None:
    """Three entries or more after a round's end: the round more likely ended too early
    by a slip before them; the error stands where the round ended, nothing removed."""
    original = written(0, Form.TEXT, "en")
    rnd = only_match(original).rounds[2]
    last = rnd.entries[-1].line
    lines = original.split("\n")
    lines[last:last] = ["9. Red Forward 1 Pink   Pink Forward 1 Red", "10. Red Forward 1 Pink"]
    (d,) = [d for d in validate_text("\n".join(lines)).all_diagnostics() if d.severity == "error"]
    assert (d.rule, d.kind, d.line, d.edits) == ("M7", "", last + 1, ())


def test_two_one_slot_slips_in_a_round_stay_two_corrections() -> None:
    """A round that took two entries for one-slot slips is searched for a slip of a
    row or round; two real typos (each entry's square colour) are no such slip and stay
    two corrections, each at its entry, and ``fix`` restores the match."""
    seen = 0
    for seed in range(12):
        original = written(seed, Form.TEXT, "en")
        rnd = max(only_match(original).rounds, key=lambda r: len(r.entries))
        plain = [e for e in rnd.entries if e.square_colour is not None and e.distance]
        if len(plain) < 6:
            continue
        a, b = plain[1], plain[4]
        changes = [(e, e.text.rsplit(" ", 1)[0] + (" Orange" if not e.text.endswith("Orange") else " Red")) for e in (a, b)]
        slipped = rewrite(original, changes)
        errors = [d for d in validate_text(slipped).all_diagnostics() if d.severity == "error"]
        if [d.kind for d in errors] != ["slot", "slot"] or not all(d.edits for d in errors):
            continue  # (a typo that leaves a legal move, or whose correction is not certain)
        seen += 1
        assert [(d.line, d.column) for d in errors] == [(a.line, a.column), (b.line, b.column)]
        fixed = fix_text(slipped)
        assert fixed.valid and moves_of(fixed.text) == moves_of(original)
    assert seen >= 4


@pytest.mark.parametrize("heading", ["ROUND  1   fill: -      first: BLACK", "Round 1 (fill: none)", "Round 1, fill n/a", "Round 1 fill —"])
def test_round_ones_heading_that_says_it_has_no_fill_starts_it(heading: str) -> None:
    """A form's round heading that says round 1 has no fill (``fill: -``, ``none``,
    ``n/a``) is round 1's line in another shape: the round's entries read as written."""
    original = written(5, Form.TEXT, "en")
    text = original.replace("Round 1\n", heading + "\n", 1)
    report = validate_text(text)
    assert report.valid and not [d for d in report.all_diagnostics() if d.severity == "error"]
    assert winners(text) == winners(original)


def test_a_fill_said_in_no_word_we_read_is_still_an_error() -> None:
    """``fill`` with nothing after it names no fill: our line with a slip, said."""
    original = written(5, Form.TEXT, "en")
    text = original.replace("Round 1\n", "Round 1 fill\n", 1)
    assert any(d.severity == "error" for d in validate_text(text).all_diagnostics())


_PROSE_HEADINGS = [
    "Round {n} ({who} chose fill from the {fill})",
    "Round {n} – decider? Fill from the {fill}. {who} starts.",
    "ROUND {n}: we fill from the {fill} side, {who} to choose",
]


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), shape=st.sampled_from(_PROSE_HEADINGS))
def test_round_headings_in_prose_and_notes_after_each_round(seed: int, shape: str) -> None:
    """A round's heading that says its fill in a sentence (the one side named after the
    word ``fill``), and a note after each round that names it again (``Round 2: Gold.
    Red gets its ring.``): the headings start the rounds with their fills, the notes are
    notes on the rounds read (a warning each), not rounds of their own."""
    original = written(seed, Form.TEXT, "en")
    lines = []
    for line in original.split("\n"):
        m = re.fullmatch(r"Round (\d+) fill (left|right)", line)
        if m is not None:
            number = int(m[1])
            lines += [f"Round {number - 1}: that one's done, well played.", "", shape.format(n=number, fill=m[2], who="Anna")]
            continue
        lines.append(line)
    text = "\n".join(lines)
    report = validate_text(text)
    assert report.valid, [d.format("<t>") for d in report.all_diagnostics() if d.severity == "error"]
    assert winners(text) == winners(original) and moves_of(text) == moves_of(original)
    notes = [d for d in report.all_diagnostics() if "again after its entries" in d.message]
    assert len(notes) == original.count(" fill ")


def test_a_heading_that_names_both_sides_names_no_fill() -> None:
    """``fill left or right?`` is no fill: not read as the first side it names."""
    original = written(5, Form.TEXT, "en")
    text = original.replace("Round 2 fill", "Round 2: fill left or right? ", 1)
    assert any(d.severity == "error" for d in validate_text(text).all_diagnostics())
