"""Every ply points at what it came from, by place: ``Ply.index`` is its entry's index in
the round as written, ``RoundReplay.index`` the round's in the match, also where a
certain correction moved an entry (a swapped row) or rewrote it (mirrored arrows); an
entry the replay put in (a forgotten forfeit, a row left out) points nowhere. The
writer (``convert``), ``html`` and ``fix`` find entries by those places. And the
replay hands over each diagnostic once, in line order, whatever the slip.

The slipped records are generated matches with a slip planted where the test chooses
(the planting of tests/support/slips.py); the facts checked are the written record's
own (which entry is where), not the replay's workings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation import (
    ArgumentError,
    Form,
    PlyKind,
    RecordFile,
    Side,
    format_record,
    html_page,
    read_record,
    replay_match,
)
from kamisado_notation.checking.replay import MatchReplay
from kamisado_notation.checking.slips import rewrite
from kamisado_notation.cli.app import app
from kamisado_notation.notation import MatchRecord, parse_record
from tests.support.paths import ROOT
from tests.support.slips import KINDS, STYLES, only_match, plant, written

SAMPLES = sorted((ROOT / "samples").glob("*.kmr"))
runner = CliRunner()


def test_every_ply_of_a_sample_is_its_written_entry() -> None:
    for path in SAMPLES:
        for match in read_record(str(path)).matches:
            replayed = replay_match(match)
            assert [rnd.index for rnd in replayed.rounds] == sorted({rnd.index for rnd in replayed.rounds})
            for rnd in replayed.rounds:
                entries = match.rounds[rnd.index].entries
                assert entries is rnd.record.entries  # (no correction of a whole row in the samples)
                for ply in rnd.plies:
                    if ply.index is not None:
                        assert ply.entry is entries[ply.index]
                    else:  # put in by the replay: a forgotten forfeit, said where it stands
                        assert ply.kind is PlyKind.FORFEIT and any(d.kind == "forgotten-forfeit" for d in replayed.diagnostics)
                # the entries as written, in order, up to where the replay stopped ('...' stands for no ply)
                played = [p.index for p in rnd.plies if p.index is not None]
                assert played == [k for k, e in enumerate(entries[: played[-1] + 1] if played else []) if not e.placeholder]


def _swapped(seed: int) -> tuple[str, str, int]:
    """A generated match, and the same with the two entries of round 1's third row
    swapped (a slip the replay corrects for certain on these seeds); the row's index."""
    text = written(seed, Form.TEXT, "en")
    first = only_match(text).rounds[0].entries
    a, b = first[4], first[5]
    assert a.line == b.line
    return text, rewrite(text, [(a, b.text), (b, a.text)]), 4


@pytest.mark.parametrize("seed", [0, 3, 8])
def test_a_swapped_row_is_played_in_its_order_from_where_it_is_written(seed: int, tmp_path: Path) -> None:
    text, slipped, k = _swapped(seed)
    match = only_match(slipped)
    replayed = replay_match(match)
    assert [d.kind for d in replayed.diagnostics if d.severity == "error"] == ["swapped-row"]
    rnd = replayed.rounds[0]
    assert rnd.index == 0
    indices = [p.index for p in rnd.plies]
    assert indices[k : k + 2] == [k + 1, k] and sorted(indices) == list(range(len(indices)))
    assert all(p.entry is match.rounds[0].entries[p.index] for p in rnd.plies if p.index is not None)
    # the moves as played in the match before the slip
    assert [p.move for p in rnd.plies] == [p.move for p in replay_match(only_match(text)).rounds[0].plies]
    # the writer: the entry with the error keeps what was written, the other its own move
    moves = replayed.resolved_moves()
    assert moves.move_of(0, k) is None
    assert moves.move_of(0, k + 1) == rnd.plies[k].move
    # the page shows the round replayed (every ply linked), its point in the running score
    path = tmp_path / "swapped.kmr"
    path.write_text(slipped, encoding="utf-8")
    page = html_page([str(path)]).text
    assert '<h3><a href="#m1r1p0">Round 1</a>' in page
    for n in range(1, len(rnd.plies) + 1):
        assert f'href="#m1r1p{n}"' in page
    assert rnd.result is not None and "Not replayed" not in page


def _reported(kind: str, seeds: int) -> Iterator[tuple[MatchRecord, MatchReplay, int]]:
    """Generated matches with a slip of ``kind`` planted, where the replay corrects it
    for certain: the record, its replay and the number of the round of the slip."""
    for seed in range(seeds):
        planted = plant(kind, seed, (Form.TEXT, "en"), seed)
        if planted is None:
            continue
        match = only_match(planted[1].text)
        replayed = replay_match(match)
        if any(d.kind == kind and d.edits for d in replayed.diagnostics):
            yield match, replayed, planted[1].round


def test_entries_a_correction_rewrote_keep_their_place() -> None:
    found = 0
    for match, replayed, number in _reported("mirrored-arrows", 12):
        (rnd,) = [r for r in replayed.rounds if r.number == number]
        entries = match.rounds[rnd.index].entries
        rewritten = [p for p in rnd.plies if p.index is not None and p.entry != entries[p.index]]
        assert len(rewritten) >= 2 and all(p.index is not None for p in rnd.plies)
        moves = replayed.resolved_moves()
        for p in rewritten:
            assert p.index is not None
            written_entry = entries[p.index]
            assert (p.entry.line, p.entry.column, p.entry.text) == (written_entry.line, written_entry.column, written_entry.text)
            assert p.move is not None and p.entry.direction == p.move.direction != written_entry.direction
            assert moves.move_of(rnd.index, p.index) is None  # written as it stands, not as corrected
        found += 1
    assert found >= 3


def test_the_two_parts_of_a_round_whose_round_line_was_left_out_point_into_it() -> None:
    found = 0
    for match, replayed, _number in _reported("missing-round", 8):
        indices = [rnd.index for rnd in replayed.rounds]
        (split,) = [j for j in set(indices) if indices.count(j) == 2]  # one written round, replayed as two
        head, tail = [rnd for rnd in replayed.rounds if rnd.index == split]
        entries = match.rounds[split].entries
        for rnd in (head, tail):
            assert all(p.entry is entries[p.index] for p in rnd.plies if p.index is not None)
        last = max(p.index for p in head.plies if p.index is not None)
        assert min(p.index for p in tail.plies if p.index is not None) == last + 1  # the tail goes on where the head ends
        second = [p for p in tail.plies if p.index is not None][1]  # (the first is where the error stands)
        assert second.index is not None and replayed.resolved_moves().move_of(split, second.index) == second.move
        found += 1
    assert found >= 2


def test_a_round_whose_round_line_was_left_out_is_shown_as_its_two_rounds(tmp_path: Path) -> None:
    """The page shows the written round as the two rounds it replays as: each replayed,
    its plies linked, the second saying its Round line was left out and holding the
    error that says so; the running score counts both, and ends at the match's."""
    found = 0
    for seed in range(8):
        planted = plant("missing-round", seed, (Form.TEXT, "en"), seed)
        if planted is None:
            continue
        replayed = replay_match(only_match(planted[1].text))
        if not any(d.kind == "missing-round" and d.edits for d in replayed.diagnostics):
            continue
        path = tmp_path / f"missing-{seed}.kmr"
        path.write_text(planted[1].text, encoding="utf-8")
        page = html_page([str(path)]).text
        assert "Not replayed" not in page
        indices = [rnd.index for rnd in replayed.rounds]
        (split,) = [j for j in set(indices) if indices.count(j) == 2]
        head, tail = [rnd for rnd in replayed.rounds if rnd.index == split]
        for rnd in (head, tail):
            assert f'<h3><a href="#m1r{rnd.number}p0">Round {rnd.number}</a>' in page
            assert all(f'href="#m1r{rnd.number}p{n}"' in page for n in range(1, len(rnd.plies) + 1))
        section = page[page.index(f'aria-label="Round {tail.number}"') :]
        section = section[: section.index("</section>")]
        assert "its Round line left out" in section and "seems to be missing" in section
        scores = re.findall(r'class="score">Black (\d+) – (\d+) Gold', page)
        assert len(scores) == sum(rnd.result is not None for rnd in replayed.rounds)
        assert tuple(map(int, scores[-1])) == (replayed.score[Side.BLACK], replayed.score[Side.GOLD])
        found += 1
    assert found >= 2


def _without_forfeit(seed: int) -> tuple[str, int, int]:
    """A generated match with its first forfeit entry left out: the text, and the
    round and entry index where the forfeit stood."""
    text = written(seed, Form.TEXT, "en")
    match = only_match(text)
    for rnd in replay_match(match).rounds:
        for p in rnd.plies:
            if p.kind is PlyKind.FORFEIT and p.index is not None:
                return rewrite(text, [(p.entry, "")]), rnd.index, p.index
    raise AssertionError("no forfeit")


@pytest.mark.parametrize("seed", [2, 6])
def test_an_entry_the_replay_puts_in_points_nowhere(seed: int, tmp_path: Path) -> None:
    slipped, j, k = _without_forfeit(seed)
    match = only_match(slipped)
    replayed = replay_match(match)
    (rnd,) = [r for r in replayed.rounds if r.index == j]
    (inserted,) = [p for p in rnd.plies if p.index is None]
    assert inserted.kind is PlyKind.FORFEIT and inserted.move is not None and inserted.move.distance == 0
    at = rnd.plies.index(inserted)
    # the entry written where the forfeit was is the next ply, at its own place
    assert rnd.plies[at + 1].index == k and rnd.plies[at + 1].entry is match.rounds[j].entries[k]
    path = tmp_path / "forfeit.kmr"
    path.write_text(slipped, encoding="utf-8")
    page = html_page([str(path)]).text
    assert page.count('class="e inserted"') == 1


def test_a_page_of_rounds_with_guessed_rings_is_drawn() -> None:
    # Round 1 stops on an entry nothing explains; round 4 is checked from its lineups, and
    # a push there is legal only if the pushing tower is a Sumo, which the rounds not
    # checked may have made it: the replay takes it to be one (a warning), and so does the page
    text = written(156, Form.TEXT, "en")
    entry = only_match(text).rounds[0].entries[2]
    spoilt = rewrite(text, [(entry, "Orange Forward 9 Orange")])
    result = runner.invoke(app, ["html", "-o", "-", "-"], input=spoilt)
    assert result.exit_code == 1 and (result.exception is None or isinstance(result.exception, SystemExit)), result.exception
    replayed = replay_match(only_match(spoilt))
    assert any(d.kind == "unknown-ring" for d in replayed.diagnostics)
    for rnd in replayed.rounds:
        assert f'href="#m1r{rnd.number}p{len(rnd.plies)}"' in result.stdout


def test_moves_are_given_a_match_each() -> None:
    record = read_record(str(SAMPLES[0].with_name("standard-match.kmr")))
    moves = [replay_match(m).resolved_moves() for m in record.matches]
    assert format_record(record, form=Form.COORDS, moves=moves)
    with pytest.raises(ArgumentError):
        format_record(record, form=Form.COORDS, moves=[*moves, *moves])
    two = RecordFile("two.kmr", matches=[*record.matches, *record.matches])
    assert format_record(two, form=Form.JSON, moves=[*moves, None]) != format_record(two, form=Form.JSON, moves=[None, *moves])


@settings(max_examples=40)
@given(kind=st.sampled_from(sorted(KINDS)), seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), style=st.sampled_from(STYLES))
@example(kind="missing-row", seed=17261, pick=17261, style=(Form.TEXT, "en"))  # (a fresh clone's random profile, session 49: a round replayed again kept the plies of the replay before)
def test_property_a_ply_points_at_an_entry_written_where_it_stands(kind: str, seed: int, pick: int, style: tuple[Form, str]) -> None:
    found = plant(kind, seed, style, pick)
    if found is None:
        return
    match = only_match(found[1].text)
    replayed = replay_match(match)
    _once_each_in_line_order(found[1].text)
    for rnd in replayed.rounds:
        entries = match.rounds[rnd.index].entries
        played = [p.index for p in rnd.plies if p.index is not None]
        assert len(set(played)) == len(played)  # a written entry is played once at most
        for p in rnd.plies:
            if p.index is not None:  # moved or rewritten, an entry stands where it is written
                written_entry = entries[p.index]
                assert (p.entry.line, p.entry.column) == (written_entry.line, written_entry.column)
                assert not written_entry.placeholder


# ------------------------------------------------------------------ each diagnostic once


def _once_each_in_line_order(text: str) -> None:
    for match in parse_record(text).matches:
        found = replay_match(match).diagnostics
        assert len(set(found)) == len(found), [d.format("t") for d in found]
        assert found == sorted(found, key=lambda d: (d.line, d.column))


def test_each_diagnostic_of_a_sample_stands_once() -> None:
    for path in SAMPLES:
        _once_each_in_line_order(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_diagnostic_of_a_planted_slip_stands_once(kind: str) -> None:
    planted = [p for seed in range(4) for style in STYLES if (p := plant(kind, seed, style, seed)) is not None]
    assert planted
    for _original, slipped in planted:
        _once_each_in_line_order(slipped.text)


def test_each_diagnostic_of_words_read_past_stands_once() -> None:
    # unknown words (the reader's syntax errors, which the replay completes) and a row
    # swapped after them, in the same round
    text, swapped, _row = _swapped(0)
    entries = only_match(text).rounds[0].entries
    misspelt = {"Left": "Lfet", "Right": "Rihgt", "Forward": "Froward"}
    tower, direction, *rest = entries[2].text.split()
    spoilt = rewrite(swapped, [(entries[2], " ".join([tower, misspelt[direction], *rest]))])
    kinds = {d.kind for d in replay_match(only_match(spoilt)).diagnostics}
    assert {"unknown-word", "swapped-row"} <= kinds, kinds
    _once_each_in_line_order(spoilt)
