"""Records in every style people write (SPEC §7, "Read leniently, report precisely"): a
style planted in a generated legal match where the truth is known, in several forms and
languages. For each: where it shows, at its line; no error on a line it did not touch;
the later rounds judged with the real winners; ``fix`` gives back the match where the
move is certain. The planting and the checks know nothing of how a style is recognised.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_row_slips import STYLES, Planted, only_match, winners, written

from kamisado_notation.checking.validate import validate_text
from kamisado_notation.notation.writer import Form

# -- a round's winning move left out


def drop_winning_move(text: str, pick: int) -> Planted | None:
    """``text`` without the last entry of a round whose next round has both ``Lineup``
    lines (``pick`` chooses which such round); the slip's round and the lines it touched
    (the round's last row and the next round's line, where its end is missed)."""
    m = only_match(text)
    found = [k for k in range(len(m.rounds) - 1) if len({lu.side for lu in m.rounds[k + 1].lineups}) == 2]
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
