"""Slips of a whole row or round, planted in generated legal matches written in several
forms and languages: the two entries of a row swapped, a row left out, a row written
twice, one player's Left and Right mirrored for a round, every distance of a round one
too many, a ``...`` where Black starts, a push written without its back-entry, the other
fill word or none, a lineup written from the board's left, a round misnumbered.

For each: where the slip shows at its line, no error on any line it did not touch (where
the slipped entries are legal as written, nothing before them is blamed), the later
rounds judged with the real winners, and where the replay calls its correction certain (the diagnostic carries
record edits) ``kamisado fix`` gives back a valid record with the original moves. How
often a correction is certain is pinned on fixed seeds, so that a regression in the
recognition shows; the planting and the checks know nothing of how it is recognised.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import replay_match
from kamisado_notation.checking.slips import own_rows, rewrite
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.engine.match import RoundEnd, Side
from kamisado_notation.notation.writer import Form
from tests.support.paths import ROOT
from tests.support.slips import KINDS, STYLES, check, moves_of, only_match, plant, winners, written

runner = CliRunner()


COLOUR_ONLY = {"mirrored-arrows", "distance-plus-one"}


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0].value}-{s[1]}")
def test_a_planted_slip_is_found_and_fixed_where_certain(kind: str, style: tuple[Form, str]) -> None:
    if kind in COLOUR_ONLY and style[0] is Form.COORDS:
        pytest.skip("coordinates have no arrows or distances")
    planted = [p for seed in range(10) if (p := plant(kind, seed, style, seed)) is not None]
    assert planted
    certain = [check(kind, original, p) for original, p in planted]
    # each kind is recognised for certain in most matches (a row left out too: where many
    # rows bridge its gap alike, the rounds after it tell them apart)
    assert sum(certain) >= len(certain) // 2, (sum(certain), len(certain))


@given(
    kind=st.sampled_from(sorted(KINDS)),
    seed=st.integers(0, 10**6),
    pick=st.integers(0, 10**6),
    style=st.sampled_from(STYLES),
)
@example(kind="missing-row", seed=29035, pick=226, style=(Form.TEXT, "en"))  # (a push and its back-entry left out: a second row fits, so no certain fix)
@example(kind="missing-row", seed=71300, pick=71300, style=(Form.TEXT, "en"))  # (a row with a forfeit left out: its bridge a move and the blocked tower's forfeit)
@example(kind="swapped-row", seed=11630, pick=5, style=(Form.TEXT, "en")).xfail(
    raises=AssertionError, reason="known (a fresh clone's random profile, session 44; the same on ef47daa): two rows swapped at a round's end blame the next round's lineup (M7, F4)"
)
@example(kind="missing-row", seed=44746, pick=0, style=(Form.TEXT, "en")).xfail(
    raises=AssertionError, reason="known (a fresh clone's random profile, session 68; the same on 4b3ad31): a row left out is read as Black's entries of two rows exchanged, which blames the row before it"
)
def test_property_one_slip_anywhere_blames_no_correct_line(kind: str, seed: int, pick: int, style: tuple[Form, str]) -> None:
    if kind in COLOUR_ONLY and style[0] is Form.COORDS:
        return
    found = plant(kind, seed, style, pick)
    if found is not None:
        check(kind, *found)


def test_the_messages_name_the_slip_in_a_players_words() -> None:
    text = written(3, Form.TEXT, "en")
    rnd = only_match(text).rounds[0]
    k = own_rows(rnd)[1]
    a, b = rnd.entries[k], rnd.entries[k + 1]
    (d,) = [d for d in validate_text(rewrite(text, [(a, b.text), (b, a.text)])).all_diagnostics() if d.severity == "error"]
    assert d.kind == "swapped-row" and d.line == a.line
    assert d.message == f"the two entries of this row are swapped; correction: {a.text}   {b.text}"
    assert d.suggestions == (f"{a.text}   {b.text}",)


def test_fix_marks_each_row_edit(tmp_path: Path) -> None:
    text = written(3, Form.TEXT, "en")
    rnd = only_match(text).rounds[0]
    a = rnd.entries[own_rows(rnd)[1]]
    lines = text.split("\n")
    lines.insert(a.line, lines[a.line - 1])  # the row written twice
    path = tmp_path / "twice.kmr"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["fix", str(path)])
    assert result.exit_code == 0, result.output
    fixed = result.stdout.split("\n")
    assert fixed[a.line - 1] == lines[a.line - 1]
    assert fixed[a.line].strip().startswith("{fix: removed ") and "a row written twice" in fixed[a.line]
    assert moves_of(result.stdout) == moves_of(text)


def test_an_unknown_ring_never_makes_a_correct_push_an_error() -> None:
    # Round 1 stops on an entry nothing explains; rounds 2 and 3 have no lineups and are
    # not checked; round 4 is checked from its lineups, without the rings won in rounds
    # 1 to 3 — and Black's purple tower, a Sumo, pushes (legal only for a Sumo).
    text = written(156, Form.TEXT, "en")
    entry = only_match(text).rounds[0].entries[2]
    spoilt = rewrite(text, [(entry, "Orange Forward 9 Orange")])
    diagnostics = validate_text(spoilt).all_diagnostics()
    assert [d.line for d in diagnostics if d.severity == "error"] == [entry.line]
    (sumo,) = [d for d in diagnostics if d.kind == "unknown-ring"]
    assert sumo.severity == "warning" and "Black's purple tower is a Sumo" in sumo.message
    assert "the move cannot be checked" in sumo.message


def lineups_as_printed(path: str, round_: int) -> list[str]:
    """The ``Lineup`` lines of round ``round_`` as ``kamisado lineup`` prints them (with
    ``+`` for each Sumo ring)."""
    result = runner.invoke(app, ["lineup", path, "--round", str(round_)], env={"COLUMNS": "200"})  # (a line each, unwrapped)
    assert result.exit_code == 0, result.output
    out = []
    for line in result.stdout.splitlines():
        if "'s lineup, " in line:
            side = line.split("'s")[0]
            out.append(f"Lineup {side}: " + line.split(": ", 1)[1])
    assert len(out) == 2 and any("+" in line for line in out)
    return out


def test_lineups_with_ring_marks_as_the_lineup_command_prints_them() -> None:
    sample = ROOT / "samples" / "standard-match.kmr"
    lines = sample.read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("Round 4"))
    marked = lineups_as_printed(str(sample), 4)
    text = "\n".join([*lines[: at + 1], *marked, *lines[at + 1 :]])
    assert validate_text(text).valid
    # a mark the rounds before do not give: named, at the lineup's line
    gold = next(k for k, line in enumerate(marked) if line.count("+") == 2)
    wrong = text.replace(marked[gold], marked[gold].replace("+", "", 1), 1)
    (d,) = [d for d in validate_text(wrong).all_diagnostics() if d.severity == "error"]
    assert (d.kind, d.line) == ("lineup-rings", at + 2 + gold) and "has 1 Sumo ring" in d.message
    # rounds 1 to 3 not checked (round 1 spoilt, no lineups in rounds 2 and 3): the marks
    # tell round 4 its rings, and its pushes are checked
    entry = only_match(text).rounds[0].entries[2]
    spoilt = rewrite(text, [(entry, "Orange Forward 9 Orange")])
    diagnostics = validate_text(spoilt).all_diagnostics()
    assert [d.line for d in diagnostics if d.severity == "error"] == [entry.line]
    assert not [d for d in diagnostics if d.kind == "unknown-ring"]


def test_convert_keeps_the_ring_marks(tmp_path: Path) -> None:
    text = "Round 1\nLineup Gold: Brown+ Green Red Yellow Pink Purple Blue Orange++\n"
    path = tmp_path / "marks.kmr"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "out.kmr"
    assert runner.invoke(app, ["convert", str(path), "--to", "short", "-o", str(out)]).exit_code == 0
    assert "Lineup Gold: Brown+ Green Red Yellow Pink Purple Blue Orange++" in out.read_text(encoding="utf-8")


def transposed(word: str, rng: random.Random) -> str:
    """``word`` with two neighbouring letters swapped (a different word)."""
    for _ in range(20):
        i = rng.randrange(len(word) - 1)
        slipped = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        if slipped.casefold() != word.casefold():
            return slipped
    return word + word[-1]


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_two_misspelt_words_in_one_entry(lang: str) -> None:
    """``Brown Forwrd 1 Purpel``: both words read past; where the legal moves the other
    slots allow differ, the spelling decides, and ``fix`` writes the move as played."""
    certain = 0
    for seed in range(6):
        text = written(seed, Form.TEXT, lang)
        rng = random.Random(seed)
        rnd = only_match(text).rounds[0]
        entry = rnd.entries[own_rows(rnd)[1]]
        words = entry.text.split()
        if len(words) != 4:
            continue
        words[1], words[3] = transposed(words[1], rng), transposed(words[3], rng)
        slipped = rewrite(text, [(entry, " ".join(words))])
        diagnostics = validate_text(slipped).all_diagnostics()
        assert {d.line for d in diagnostics if d.severity == "error"} == {entry.line}, [d.format("t") for d in diagnostics]
        found = [d for d in diagnostics if d.kind == "unknown-word" and d.edits]
        if found:
            certain += 1
            assert found[0].suggestions[0] == entry.text
            fixed = fix_text(slipped)
            assert fixed.valid and moves_of(fixed.text) == moves_of(text)
    assert certain >= 3


@pytest.mark.parametrize("style", STYLES[:5], ids=lambda s: f"{s[0].value}-{s[1]}")
def test_words_between_two_entries_are_read_as_nothing(style: tuple[Form, str]) -> None:
    """``… Purple Forward 1 Purple pushes Purple Back 1 Blue``, ``… then …``: a warning,
    the record as valid as without them, and ``fix`` takes them out."""
    form, lang = style
    for seed in range(4):
        text = written(seed, form, lang)
        rnd = only_match(text).rounds[0]
        k = own_rows(rnd)[0]
        a, b = rnd.entries[k], rnd.entries[k + 1]
        slipped = rewrite(text, [(a, f"{a.text} {random.Random(seed).choice(['then', 'pushes', 'and'])}")])
        report = validate_text(slipped)
        (d,) = report.all_diagnostics()
        assert (d.severity, d.kind, d.line) == ("warning", "filler-word", b.line) and report.valid
        fixed = fix_text(slipped)
        assert fixed.valid and not fixed.remaining.all_diagnostics()  # type: ignore[union-attr]
        assert moves_of(fixed.text) == moves_of(text)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fix_of_a_swapped_row_keeps_the_rows_turn_number(seed: int) -> None:
    """The turn number belongs to the row, before its first entry: swapping the entries
    back leaves it where it was (``fix`` once blanked it, as if Gold's entry held it)."""
    text = written(seed, Form.TEXT, "en")
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("2. ") and "   " in line[3:].strip())
    number, black, gold = "2. ", *[p.strip() for p in lines[at][3:].split("   ") if p.strip()][:2]
    lines[at] = f"{number}{gold}   {black}"
    fixed = fix_text("\n".join(lines)).text.split("\n")
    assert fixed[at].startswith(f"2. {black}   {gold} {{fix: was {gold}   {black}, the two entries of this row are swapped}}")
    assert validate_text("\n".join(fixed)).valid


def test_a_round_line_left_out_is_named_and_inserted() -> None:
    """Round 3's line left out where Gold starts it (its ``...`` then stands inside round
    2, which the reader sets aside): one warning (where a round ends is the replay's
    knowledge), at that line, in a player's words; ``fix`` inserts the line there; the
    rounds after it judged with the real winners."""
    text = written(3, Form.TEXT, "en")
    lines = text.split("\n")
    at = lines.index("Round 3 fill left")
    assert lines[at + 1].startswith("1. ...")
    slipped = "\n".join(lines[:at] + lines[at + 1 :])
    report = validate_text(slipped)
    (d,) = report.all_diagnostics()
    assert (d.severity, d.rule, d.kind, d.line) == ("warning", "syntax", "missing-round", at + 1) and report.valid
    assert d.message.startswith("a 'Round 3 fill left' line seems to be missing before this line: round 2 is over (")
    assert d.suggestions == ("Round 3 fill left",)
    assert winners(slipped) == winners(text)
    fixed = fix_text(slipped)
    assert fixed.valid and fixed.text.split("\n")[at].startswith("Round 3 fill left {fix: inserted, round 2 is over")
    assert moves_of(fixed.text) == moves_of(text)


def scored(seed: int) -> tuple[str, list[str]]:
    """Match ``seed`` in our notation with the score so far written below each round but
    the last (``2-1``, Black's points first), and its ``Round`` lines."""
    text = written(seed, Form.TEXT, "en", 3)
    rounds = replay_match(only_match(text)).rounds
    score, out, k = [0, 0], [], 0
    for line in text.split("\n"):
        if line.startswith("Round ") and k:
            result = rounds[k - 1].result
            assert result is not None
            score[result.winner is Side.GOLD] += result.points
            while out and not out[-1]:
                out.pop()
            out += [f"{score[0]}-{score[1]}", ""]
        k += line.startswith("Round ")
        out.append(line)
    return "\n".join(out), [line for line in out if line.startswith("Round ")]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 99))
@example(seed=0, pick=0)  # (before session 65: 'the score after round 1 is 1-0, not 2-0')
def test_a_score_below_a_round_whose_round_line_was_left_out_is_that_rounds(seed: int, pick: int) -> None:
    """A ``Round`` line left out where the score so far stands below each round: the
    score written below the round it left out is checked after that round, which the
    replay splits from the round before, not after the round before (before session 65
    every such record had a false score error)."""
    text, heads = scored(seed)
    if len(heads) < 3:
        return
    slipped = text.replace(heads[1 + pick % (len(heads) - 1)] + "\n", "", 1)
    report = validate_text(slipped)
    assert not [d.format("x") for d in report.all_diagnostics() if d.severity == "error"]
    assert winners(slipped) == winners(text)


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000))
@example(seed=34)  # (round 2 won in two moves, three rounds after it: the fill was not told)
@example(seed=847)  # (round 3 stopped at the reader's error of a '...' inside it, which was then taken out)
@example(seed=9788).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 37; the same on 3227a16): round 2 of a match with no Round lines not judged")
def test_a_match_written_with_no_round_lines_reads_as_its_rounds(seed: int) -> None:
    """Every ``Round`` and ``Lineup`` line left out: where each round ends is the
    replay's knowledge, and the fill of the next is the one under which its entries
    replay (all of them up to its end, where it ends within the first few). Never
    another winner; every round judged before one that ends in a deadlock, whose
    forfeits the record need not write (the replay cannot always tell its end then)."""
    text = written(seed, Form.TEXT, "en")
    slipped = "\n".join(line for line in text.split("\n") if not line.startswith(("Round", "Lineup")))
    got, truth = winners(slipped), winners(text)
    assert all(got.get(n) in (None, w) for n, w in truth.items()), slipped
    ends = [rr.result.by for rr in replay_match(only_match(text)).rounds if rr.result is not None]
    sure = next((k - 1 for k, by in enumerate(ends, 1) if by is RoundEnd.DEADLOCK), len(ends))
    assert [got.get(n) for n in range(1, sure + 1)] == [truth[n] for n in range(1, sure + 1)], slipped
    (match,) = validate_text(slipped).matches
    assert not match.valid or all(r is not None for _n, r in match.rounds), slipped  # (a round not judged is said)


def test_a_swapped_row_whose_first_entry_is_a_forfeit_is_no_forgotten_forfeit() -> None:
    """``Brown Right 1 Pink   Pink 0 Brown`` for ``Pink 0 Brown   Brown Right 1 Pink``:
    Black's pink is blocked, so the first entry also reads as Gold's move after a
    forfeit left out; but the row swapped back is legal as written and the round then
    ends as the record goes on (a deadlock), where the forgotten forfeit blames the next
    row. (Found by the property above.)"""
    found = plant("swapped-row", 130, (Form.TEXT, "en"), 209864)
    assert found is not None
    assert check("swapped-row", *found)


def test_a_swapped_row_whose_gold_entry_alone_is_wrong_is_named() -> None:
    """``Purple Forward 3 Orange   Brown Forward 3 Purple`` for the row the other way
    round, at a round's start: Black's free choice takes Gold's move as legal, so only the
    second entry is wrong, and one slot (its tower) would correct it, after which the next
    row is blamed. The row swapped back is legal: the slip is named at the row. (Found by
    the property above in the explore profile.)"""
    found = plant("swapped-row", 104, (Form.TEXT, "en"), 430)
    assert found is not None
    assert check("swapped-row", *found)
