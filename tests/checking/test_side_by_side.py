"""Rounds written side by side (docs/record-decisions.md, "Rounds side by side"): a
club's sheet or a table whose heading row names each round over its own columns is read
one round after another, each down its own columns, whatever separates the cells.

Generated matches (the truth known) are laid out so, in several layouts a writer might
choose; the reading must judge every round as the truth played it, with no error, and
``fix`` must write the truth's moves (in the short form, whose letters are weak clues, a
round may be left unjudged with an error, never judged wrong).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation import Severity, fix_text, validate_text
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.writer import Form
from tests.support.slips import moves_of, winners, written

pytestmark = pytest.mark.reads_again

#: A row of our notation: its turn number, Black's entry (or ``...``), Gold's.
_ROW = re.compile(r"(\d+)\. (\S.*?)(?: {2,}(\S.*))?$")
#: Round headings as people write them over their columns.
HEADINGS = ["Round {}", "Runde {}", "Rond {}", "Game {}", "Partie {}", "Manche {}", "{}. játszma", "ROUND {}"]
STYLES = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.SHORT, "en"), (Form.COORDS, "en")]


def rounds_of(text: str) -> list[list[tuple[str, str, str]]]:
    """Each round's rows of a record in our notation: (turn, Black's entry, Gold's), an
    entry not written (``...``, or Gold's after the round ended) as ``""``."""
    rounds: list[list[tuple[str, str, str]]] = []
    for line in text.splitlines():
        if line.startswith("Round"):
            rounds.append([])
        elif rounds and (m := _ROW.match(line)):
            black = "" if m[2] == "..." else m[2]
            rounds[-1].append((m[1], black, m[3] or ""))
    return rounds


def side_by_side(rounds: list[list[tuple[str, str, str]]], *, separator: str, turns: bool, heading: str, per_block: int) -> str:
    """``rounds`` as a table, ``per_block`` rounds across, each over its columns (a turn
    number's too where ``turns``); ``separator`` parts the cells (``"  "``: a table set
    in plain text, its columns padded)."""
    width = 2 + turns
    lines = ["Club evening, board 2", ""]
    for first in range(0, len(rounds), per_block):
        block = rounds[first : first + per_block]
        names = [heading.format(first + k + 1) for k in range(len(block))]
        table = [[name, *[""] * (width - 1)] for name in names]
        rows = [[list(r[i]) if i < len(r) else ["", "", ""] for r in block] for i in range(max(map(len, block)))]
        cells = [[c for name in table for c in name]]
        for row in rows:
            cells.append([c for turn, black, gold in row for c in ([turn] if turns else []) + [black, gold]])
        if separator == "  ":
            pad = max(len(c) for line in cells for c in line) + 2
            lines += ["".join(c.ljust(pad) for c in line).rstrip() for line in cells]
        elif separator == "html":
            lines += ["<tr><td>" + "</td><td>".join(line) + "</td></tr>" for line in cells]
        elif separator == " & ":
            lines += [" & ".join(line) + r" \\" for line in cells]
        else:
            lines += [separator.join(line) for line in cells]
        lines.append("")
    return "\n".join(lines)


@settings(max_examples=3, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    style=st.sampled_from(STYLES),
    separator=st.sampled_from(["\t", ";", ",", " | ", "  ", " & ", "html"]),
    turns=st.booleans(),
    heading=st.sampled_from(HEADINGS),
    per_block=st.integers(2, 5),
)
@example(seed=5, style=(Form.TEXT, "en"), separator=";", turns=False, heading="Rond {}", per_block=5)
@example(seed=11, style=(Form.COORDS, "en"), separator="  ", turns=True, heading="Game {}", per_block=3)
@example(seed=2, style=(Form.TEXT, "en"), separator="\t", turns=False, heading="Round {}", per_block=2)
@example(seed=31, style=(Form.TEXT, "de"), separator=" & ", turns=True, heading="Runde {}", per_block=3)
@example(seed=41, style=(Form.SHORT, "en"), separator="html", turns=False, heading="Game {}", per_block=4)
@example(seed=5, style=(Form.SHORT, "en"), separator="\t", turns=False, heading="Round {}", per_block=2)  # (a fresh clone's random profile: round 4 unjudged, the across reading not taken at all before)
@example(seed=1580, style=(Form.TEXT, "en"), separator=" | ", turns=True, heading="Round {}", per_block=2)  # (a table of rounds side by side, two a block, read with an error: before session 41; a fresh clone's random profile, session 40)
@example(seed=108, style=(Form.TEXT, "en"), separator="\t", turns=True, heading="Round {}", per_block=5).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 40; the same on ececec2): as seed 1580")
@example(seed=212, style=(Form.COORDS, "en"), separator="\t", turns=False, heading="Round {}", per_block=2).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 60; the same on a300611): round 4 not judged")
@example(seed=1678, style=(Form.SHORT, "en"), separator="html", turns=True, heading="Round {}", per_block=2).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 69; the same on 218116a, before the session's changes): the short form's rounds side by side in HTML, read across, every round judged for the other side, with no error (a wrong winner: the letters alone read as legally one ply late)")
@example(seed=694, style=(Form.SHORT, "en"), separator="html", turns=True, heading="Round {}", per_block=2).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 61; the same on e43abae)")
def test_rounds_side_by_side_are_read_round_after_round(seed, style, separator, turns, heading, per_block):
    form, lang = style
    truth = written(seed, form, lang)
    rounds = rounds_of(truth)
    if len(rounds) < 2:
        return  # (one round has no side to be beside)
    text = side_by_side(rounds, separator=separator, turns=turns, heading=heading, per_block=per_block)
    report = validate_text(text)
    errors = [d for m in report.matches for d in m.diagnostics if d.severity is Severity.ERROR]
    (match,) = report.matches
    judged = [str(r.winner) if r else None for _, r in match.rounds]
    want = list(winners(truth).values())
    if form is Form.SHORT:  # (its letters are weak clues: a round may be left unjudged, with an error, never judged wrong)
        assert all(w is None or w == t for w, t in zip(judged, want, strict=False))
        assert judged == want or errors
        return
    assert not errors, (text, errors)
    assert judged == want
    assert moves_of(fix_text(text).text) == moves_of(truth)


def test_a_row_that_names_one_round_is_no_table():
    """A round's heading alone on its line (a dash in it: ``Round 1 - Round 2`` is no
    such line, but ``Round 2 - fill left`` is one heading) reads as it always did."""
    truth = written(7, Form.TEXT, "en")
    text = truth.replace("Round 2 fill", "Round 2 - fill")
    report = validate_text(text)
    assert report.valid and moves_of(fix_text(text).text) == moves_of(truth)


def a_column_a_round(truth: str, separator: str) -> str:
    """The match of ``truth`` as a hand-typed spreadsheet saved as text: a column a round
    under its heading, each round's moves down it in the order played; rows named in the
    first column before the moves (who starts, the fill) and after them (the winner,
    running totals), the moves' rows numbered there."""
    rounds = rounds_of(truth)
    (match,) = parse_record(truth).matches
    fills = ["normal" if r.fill is None else f"from {r.fill.value}" for r in match.rounds]
    starts = ["Gold" if not rnd[0][1] else "Black" for rnd in rounds]
    columns = [[e for _turn, black, gold in rnd for e in (black, gold) if e] for rnd in rounds]
    said = list(winners(truth).values())
    rows = [["", *(f"Round {n}" for n in range(1, len(rounds) + 1))], ["who starts", *starts], ["fill", *fills]]
    rows += [[str(i + 1), *(c[i] if i < len(c) else "" for c in columns)] for i in range(max(map(len, columns)))]
    rows += [["winner", *(w or "" for w in said)], ["points", *("1" for _ in said)]]
    return "Kamisado - club night\n" + "\n".join(separator.join(row) for row in rows) + "\n"


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), style=st.sampled_from([(Form.TEXT, "en"), (Form.COORDS, "en")]), separator=st.sampled_from([",", ";", "\t"]))
@example(seed=3, style=(Form.COORDS, "en"), separator=",")
def test_a_spreadsheets_column_a_round_under_named_rows_is_read_down_its_columns(seed, style, separator):
    """A sheet with a column a round and rows named ``who starts`` and ``fill`` above the
    moves: each round judged as played, no error (before session 64 the ``fill`` row,
    taken for a row of field names and blanked, ended the table: the rounds were read
    across the rows, and the first move's neighbour was an error)."""
    truth = written(seed, *style)
    if len(rounds_of(truth)) < 2:
        return
    text = a_column_a_round(truth, separator)
    report = validate_text(text)
    (match,) = report.matches
    assert [d for d in match.diagnostics if d.severity is Severity.ERROR] == []
    assert [str(r.winner) if r else None for _, r in match.rounds] == list(winners(truth).values())
