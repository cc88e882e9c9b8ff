"""Slips planted in generated legal matches: the validator names the slip, suggests the
original entry (in the form and language it was written in), keeps checking the rest of
the match, and ``kamisado fix`` gives back a valid record with the original moves.

A planted slip changes one slot of an ordinary move. Whether its correction is certain
is decided here independently of the library: exactly one legal move of the position
agrees with all the slot values of the slipped entry but one.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kamisado_notation.checking.fix import fix_text
from kamisado_notation.checking.replay import PlyKind, replay_match
from kamisado_notation.checking.validate import validate_text
from kamisado_notation.cli.app import app
from kamisado_notation.engine.board import SQUARE_COLOURS, Colour, Direction
from kamisado_notation.engine.position import Move, Position
from kamisado_notation.notation import parse_record
from kamisado_notation.notation.record import Entry, RecordFile
from kamisado_notation.notation.writer import Form, format_entry, format_record
from kamisado_notation.play.generate import generate_match
from tests.support.paths import ROOT

SLOTS = ("tower", "direction", "distance", "square")
runner = CliRunner()


def written(seed: int, form: Form, lang: str, target: int = 3) -> str:
    """A generated legal match, written in ``form`` and ``lang``."""
    match = generate_match(random.Random(seed), target=target, coords=form is Form.COORDS)
    return format_record(RecordFile("<t>", matches=[match]), form=form, lang=lang)


def moves_of(text: str) -> list[list[tuple[int, int, int]]]:
    """Each round's moves as (origin, target, distance), back-entries left out."""
    (m,) = parse_record(text).matches
    return [
        [(p.move.origin, p.move.target, p.move.distance) for p in rr.plies if p.move and p.kind is not PlyKind.BACK]
        for rr in replay_match(m).rounds
    ]


@dataclass
class Spot:
    """An ordinary move of the record: where it is written and the position before it."""

    round: int
    ply: int
    entry: Entry
    move: Move
    position: Position


def spots(text: str) -> list[Spot]:
    (m,) = parse_record(text).matches
    out = []
    for rr in replay_match(m).rounds:
        for i, p in enumerate(rr.plies):
            if p.kind is PlyKind.MOVE and p.move is not None:
                out.append(Spot(rr.number, p.number, p.entry, p.move, rr.position_at(i)))
    return out


def slipped_entry(spot: Spot, slot: str, rng: random.Random) -> Entry:
    """The entry with one slot changed to another value."""
    e = spot.entry
    if slot == "tower":
        return replace(e, tower=rng.choice([c for c in Colour if c is not e.tower]))
    if slot == "direction":
        return replace(e, direction=rng.choice([d for d in (Direction.FORWARD, Direction.LEFT, Direction.RIGHT) if d is not e.direction]))
    if slot == "distance":
        return replace(e, distance=rng.choice([d for d in range(1, 8) if d != e.distance]))
    return replace(e, square_colour=rng.choice([c for c in Colour if c is not e.square_colour]))


def agreeing(position: Position, entry: Entry) -> list[Move]:
    """The legal moves that agree with all slots of ``entry`` but one (the test's own
    count, independent of kamisado_notation.checking.correct)."""
    slots = (entry.tower, entry.direction, entry.distance, entry.square_colour)
    out = []
    for m in position.legal_moves():
        same = sum(a == b for a, b in zip(slots, (m.tower, m.direction, m.distance, SQUARE_COLOURS[m.target]), strict=True))
        if same == 3:
            out.append(m)
    return out


def is_legal_as_written(position: Position, entry: Entry) -> bool:
    return any(
        (m.tower, m.direction, m.distance, SQUARE_COLOURS[m.target])
        == (entry.tower, entry.direction, entry.distance, entry.square_colour)
        for m in position.legal_moves()
    )


def plant(text: str, entry: Entry, new: str) -> str:
    """``text`` with ``entry``'s text replaced by ``new``."""
    lines = text.split("\n")
    line = lines[entry.line - 1]
    start = entry.column - 1
    assert line[start : start + len(entry.text)] == entry.text
    lines[entry.line - 1] = line[:start] + new + line[start + len(entry.text) :]
    return "\n".join(lines)


def certain_slip(text: str, slot: str, form: Form, lang: str, seed: int, *, skip: int = 0) -> tuple[Spot, str] | None:
    """The first spot (after ``skip``) where changing ``slot`` gives an illegal entry
    with exactly one legal move agreeing with three of its slots; and the slipped text."""
    rng = random.Random(seed)
    for spot in spots(text)[skip:]:
        bad = slipped_entry(spot, slot, rng)
        if is_legal_as_written(spot.position, bad):
            continue
        if len(agreeing(spot.position, bad)) == 1:
            return spot, format_entry(bad, form=form, lang=lang)
    return None


def errors(text: str):  # type: ignore[no-untyped-def]
    return [d for d in validate_text(text, path="t.kmr").all_diagnostics() if d.severity == "error"]


def assert_fixed(original: str, slipped: str) -> str:
    report = fix_text(slipped, path="t.kmr")
    assert report.valid, report.remaining.all_diagnostics()  # type: ignore[union-attr]
    assert moves_of(report.text) == moves_of(original)
    return report.text


FORMS = [(Form.TEXT, "en"), (Form.TEXT, "de"), (Form.TEXT, "hu"), (Form.TEXT, "ru"), (Form.SHORT, "en"), (Form.SYMBOLS, "en")]


@pytest.mark.parametrize("slot", SLOTS)
@pytest.mark.parametrize(("form", "lang"), FORMS)
def test_one_wrong_slot_is_named_corrected_and_fixed(slot: str, form: Form, lang: str) -> None:
    text = written(11, form, lang)
    found = certain_slip(text, slot, form, lang, seed=5)
    assert found is not None
    spot, bad = found
    slipped = plant(text, spot.entry, bad)
    (d,) = errors(slipped)  # the slip and nothing else: the replay went on from the correction
    assert (d.line, d.column, d.round, d.ply) == (spot.entry.line, spot.entry.column, spot.round, spot.ply)
    assert d.suggestions == (spot.entry.text,)
    assert d.rule == {"tower": "T2", "square": "square"}.get(slot, d.rule)
    if slot in ("direction", "distance"):
        assert f"the {slot}" in d.message
    fixed = assert_fixed(text, slipped)
    assert f"{{fix: was {bad}," in fixed


def test_the_direction_is_named_from_the_movers_side() -> None:
    # Gold's yellow on d1 (Gold's left is file a): d1-c2 (yellow) is Left, d1-e2 (green)
    # Right, legal too. Written "Right … Yellow", the colour and Black's reply (his
    # yellow tower, f7-h5, where Gold's yellow would stand after Right 4 Yellow) say it
    # was Left; the reply is not blamed.
    text = "Round 1\n1. Yellow Left 1 Yellow   Yellow Right 1 Yellow\n2. Yellow Left 2 Yellow\n"
    (d,) = errors(text)
    assert (d.rule, d.ply, d.suggestions) == ("square", 2, ("Yellow Left 1 Yellow",))
    assert "the direction: from Gold's side this is Left, not Right" in d.message


def test_a_coordinate_slip_is_corrected() -> None:
    text = written(11, Form.COORDS, "en")
    spot = next(s for s in spots(text) if s.round == 1 and s.ply == 3)
    # a wrong origin: no tower of the mover there, one legal move ends on the target
    bad = f"a5-{spot.entry.text.split('-')[1]}"
    slipped = plant(text, spot.entry, bad)
    (d,) = errors(slipped)
    assert d.ply == 3 and d.suggestions == (spot.entry.text,)
    assert_fixed(text, slipped)


def test_two_slips_in_different_rounds_are_both_reported_and_nothing_else() -> None:
    text = written(11, Form.TEXT, "de")
    first = certain_slip(text, "direction", Form.TEXT, "de", seed=1)
    assert first is not None
    later = [s for s in spots(text) if s.round > first[0].round]
    second = certain_slip(text, "square", Form.TEXT, "de", seed=2, skip=len(spots(text)) - len(later))
    assert second is not None and second[0].round > first[0].round
    slipped = plant(plant(text, second[0].entry, second[1]), first[0].entry, first[1])
    found = errors(slipped)
    assert [(d.round, d.ply, d.suggestions) for d in found] == [
        (s.round, s.ply, (s.entry.text,)) for s, _ in (first, second)
    ]
    assert_fixed(text, slipped)


def forfeit_spot(text: str) -> tuple[int, Entry, Entry]:
    """A round's forfeit entry (not one leading into a deadlock) and the entry after it."""
    (m,) = parse_record(text).matches
    for rr in replay_match(m).rounds:
        for i, p in enumerate(rr.plies[:-1]):
            if p.kind is PlyKind.FORFEIT and rr.position_at(i).deadlock() is None and rr.plies[i + 1].kind is PlyKind.MOVE:
                return rr.number, p.entry, rr.plies[i + 1].entry
    raise AssertionError("no forfeit")


@pytest.mark.parametrize(("form", "lang"), [(Form.TEXT, "en"), (Form.SHORT, "en"), (Form.TEXT, "pt")])
def test_a_forgotten_forfeit_is_found_and_inserted(form: Form, lang: str) -> None:
    text = (ROOT / "samples" / "forfeit.kmr").read_text(encoding="utf-8")
    if form is not Form.TEXT or lang != "en":
        record = parse_record(text)
        text = format_record(record, form=form, lang=lang)
    rnd, forfeit, after = forfeit_spot(text)
    slipped = plant(text, forfeit, "")
    (d,) = errors(slipped)
    assert d.rule == "M6" and d.round == rnd
    assert d.suggestions == (f"{forfeit.text}   {after.text}",)
    fixed = assert_fixed(text, slipped)
    assert "{fix: inserted," in fixed
    assert not [d for d in validate_text(fixed).all_diagnostics()], "no turn-number warnings either"


def test_a_back_entry_naming_the_nearest_pushed_tower() -> None:
    text = (ROOT / "samples" / "pushes.kmr").read_text(encoding="utf-8")
    slipped = text.replace("Pink Back 1 Red", "Yellow Back 1 Red")
    (d,) = errors(slipped)
    assert (d.rule, d.round, d.ply, d.suggestions) == ("push-entry", 1, 2, ("Pink Back 1 Red",))
    assert "yellow is the nearest pushed tower" in d.message
    fixed = fix_text(slipped).text
    assert "Pink Back 1 Red {fix: was Yellow Back 1 Red," in fixed
    assert validate_text(fixed).valid


@pytest.mark.parametrize("typo", ["fill lft", "fil left", "fill"])
def test_a_typo_in_a_round_line_keeps_the_round_before(typo: str) -> None:
    text = written(3, Form.TEXT, "en")
    good = validate_text(text)
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Round 2 fill"))
    lines[at] = "Round 2 " + typo
    report = validate_text("\n".join(lines))
    (m,) = report.matches
    (g,) = good.matches
    assert m.rounds[0] == g.rounds[0] and m.rounds[0][1] is not None  # round 1: its winner and points
    found = errors("\n".join(lines))
    assert len(found) == 1 and found[0].line == at + 1 and found[0].rule in ("syntax", "F1")
    if typo != "fill":  # the fill is inferred from the round's first entries: all checked
        assert m.rounds == g.rounds


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    pick=st.integers(0, 10**6),
    slot=st.sampled_from(SLOTS),
    style=st.sampled_from(FORMS),
)
@example(seed=319, pick=338, slot="tower", style=(Form.TEXT, "en"))  # (the row legal the other way round, which explains nothing: the one-slot correction stands)
@example(seed=465, pick=465, slot="distance", style=(Form.TEXT, "en")).xfail(
    raises=AssertionError, reason="known (a fresh clone's random profile, session 58; the same on 60ae412): a distance's slip read as the row's two entries swapped"
)
def test_property_a_certain_slip_is_suggested_and_fixed(seed: int, pick: int, slot: str, style: tuple[Form, str]) -> None:
    form, lang = style
    text = written(seed, form, lang, target=1)
    every = spots(text)
    spot = every[pick % len(every)]
    bad = slipped_entry(spot, slot, random.Random(pick))
    assume(not is_legal_as_written(spot.position, bad) and len(agreeing(spot.position, bad)) == 1)
    slipped = plant(text, spot.entry, format_entry(bad, form=form, lang=lang))
    found = [d for d in errors(slipped) if d.line == spot.entry.line and d.column == spot.entry.column]
    assert found and found[0].suggestions[0] == spot.entry.text
    assert_fixed(text, slipped)


def test_fix_reads_an_apps_log_as_the_text_it_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """An app's log given to ``fix_text`` is read as the text it is (as ``validate_text``
    reads it), not opened again as a stream whose format is sniffed: the match it holds
    is written in our notation from the one reading of a text."""
    from kamisado_notation.notation.files import opening
    from tests.notation.test_evidence import script_log

    opened: list[object] = []
    real = opening._Opened.__init__

    def counted(self: opening._Opened, *args: object, **kwargs: object) -> None:
        opened.append(args)
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(opening._Opened, "__init__", counted)
    original = written(3, Form.TEXT, "en", target=1)
    fixed = fix_text(script_log(original)).text
    assert "ev:'mv'" not in fixed and moves_of(fixed) == moves_of(original)
    assert opened == []


# ------------------------------------------------------------------------ the command


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "kamisado_notation.cli.app", *args], check=False, capture_output=True, text=True, cwd=cwd, env=env)


def test_fix_command_writes_the_corrected_record(tmp_path: Path) -> None:
    broken = tmp_path / "b.kmr"
    broken.write_text("Round 1\n1. Yellow Left 1 Red   Yellow Right 1 Green\n", encoding="utf-8")
    result = runner.invoke(app, ["fix", str(broken), "-o", str(tmp_path / "out.kmr")])
    assert result.exit_code == 0, result.output
    assert "fixed[square]" in result.output
    out = (tmp_path / "out.kmr").read_text(encoding="utf-8")
    assert out == "Round 1\n1. Yellow Left 1 Yellow {fix: was Yellow Left 1 Red, the square: f7 is yellow, not red}   Yellow Right 1 Green\n"
    assert broken.read_text(encoding="utf-8").startswith("Round 1\n1. Yellow Left 1 Red ")


def test_fix_command_exit_1_when_problems_remain_and_stdout_holds_the_record(tmp_path: Path) -> None:
    result = run("fix", str(ROOT / "samples" / "broken.kmr"), cwd=tmp_path)
    assert result.returncode == 1
    assert "Brown Forward 3 Yellow {fix: was Brown Forward 3 Purple" in result.stdout
    assert "error[M2]" in result.stderr and "fixed[T2]" in result.stderr


def test_fix_in_place_keeps_a_backup_and_never_overwrites_without_it(tmp_path: Path) -> None:
    broken = tmp_path / "b.kmr"
    original = "Round 1\n1. Yellow Left 1 Red\n"
    broken.write_text(original, encoding="utf-8")
    same = run("fix", str(broken), "-o", str(broken), cwd=tmp_path)
    assert same.returncode == 2 and "refusing" in same.stderr
    assert broken.read_text(encoding="utf-8") == original
    done = run("fix", str(broken), "--in-place", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "b.kmr.orig").read_text(encoding="utf-8") == original
    assert "Yellow Left 1 Yellow {fix:" in broken.read_text(encoding="utf-8")
    again = run("fix", str(broken), "--in-place", cwd=tmp_path)
    assert again.returncode == 2 and "b.kmr.orig exists" in again.stderr


def test_fix_usage_and_io_errors(tmp_path: Path) -> None:
    assert run("fix", str(tmp_path / "missing.kmr"), cwd=tmp_path).returncode == 2
    both = run("fix", "x.kmr", "-o", "y.kmr", "--in-place", cwd=tmp_path)
    assert both.returncode == 2 and "give one of -o OUT, -d OUTDIR and --in-place" in both.stderr


# ------------------------------------------------------------------ convert loses nothing


def test_convert_to_coordinates_refuses_a_record_with_errors(tmp_path: Path) -> None:
    broken = tmp_path / "b.kmr"
    broken.write_text("Round 1\n1. Yellow Left 1 Red\n", encoding="utf-8")
    out = tmp_path / "out.kmr"
    result = run("convert", str(broken), "--to", "coords", "-o", str(out), cwd=tmp_path)
    assert result.returncode == 1 and not out.exists()
    assert "error[square]" in result.stderr and "kamisado fix" in result.stderr


def test_convert_to_colour_forms_and_json_keeps_a_wrong_entry_as_written(tmp_path: Path) -> None:
    import json

    broken = tmp_path / "b.kmr"
    broken.write_text("Round 1\n1. Yellow Left 1 Red\n", encoding="utf-8")
    symbols = run("convert", str(broken), "--to", "symbols", cwd=tmp_path)
    assert symbols.returncode == 0 and "黃↖1紅" in symbols.stdout
    doc = json.loads(run("convert", str(broken), "--to", "json", cwd=tmp_path).stdout)
    (entry,) = doc["matches"][0]["rounds"][0]["entries"]
    assert (entry["square"], entry["to"], entry["text"]) == ("red", None, "Yellow Left 1 Red")


# ------------------------------------------------------------------------- summaries


def test_summaries_name_the_invalid_matches_and_total_several_files(tmp_path: Path) -> None:
    many = tmp_path / "many.kmr"
    good = written(4, Form.SHORT, "en", target=1)
    bad = "[Event \"bad\"]\nRound 1\n1. Yellow Left 1 Red   Yellow Right 9 Green\n"
    many.write_text("\n".join([good] * 21 + [bad]), encoding="utf-8")
    result = runner.invoke(app, ["validate", str(many), str(ROOT / "samples" / "in-progress.kmr")])
    assert result.exit_code == 1
    n_lines = len("\n".join([good] * 21).split("\n"))
    assert f"21 complete, 0 in progress, 1 invalid: match 22 (line {n_lines + 1})" in result.output
    assert "total: 2 files (1 invalid), 23 matches, 22 valid, 1 invalid" in result.output
    few = runner.invoke(app, ["validate", str(ROOT / "samples" / "broken.kmr")])
    assert "match 3 (line 13): INVALID" in few.output and "in progress" not in few.output
