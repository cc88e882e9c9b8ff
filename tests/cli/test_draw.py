"""``kamisado show``, ``replay``, ``lineup`` and the ``moves`` diagram through typer's
CliRunner: normal use against the samples' known facts, and bad input (exit codes,
one-line messages, never a traceback)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.engine.position import INITIAL_POSITION, Position
from tests.support.diagrams import read_board  # reads a diagram back, square by square
from tests.support.paths import SAMPLES

STANDARD = str(SAMPLES / "standard-match.kmr")
BROKEN = str(SAMPLES / "broken.kmr")
PUSHES = str(SAMPLES / "pushes.kmr")
# Figure 7(a): Gold's purple has just reached Black's home row (its ring not yet placed).
FIGURE_7 = "..y.Prg./......G./k..Y..../R..o.K.n/..O...../.b....../.......p/.N..B... b -"

runner = CliRunner()


def run(*args: str, input: str | None = None, columns: int = 100):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, list(args), input=input, env={"NO_COLOR": "1", "COLUMNS": str(columns)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output + result.stderr
    return result


def rank_lines(text: str) -> list[str]:
    """The lines that name a rank: one a rank of every board drawn in full."""
    return [line for line in text.splitlines() if re.match(r"^ ([1-8]) .{56} \1$", line)]


def svg_squares(path: Path) -> list[ET.Element]:
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return [el for el in root.iter() if el.get("class", "").startswith("square ")]


# ---------------------------------------------------------------------------- show


def test_show_draws_the_end_of_the_first_match_with_its_summary() -> None:
    r = run("show", STANDARD)
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert "Match to 3 points: Black (Johan) 2 – Gold (Alain) 3, Gold wins" in out
    assert len(rank_lines(out)) == 8
    assert "Gold has reached the home row and wins the round (M7)" in out
    assert "[" in "".join(rank_lines(out)) and "(" in "".join(rank_lines(out))
    assert "\x1b[" not in out  # NO_COLOR: plain but complete
    assert r.stderr == ""


def test_show_json_at_a_ply_agrees_with_the_replay() -> None:
    from kamisado_notation.checking.replay import replay_match
    from kamisado_notation.notation import read_record

    r = run("show", STANDARD, "--round", "2", "--ply", "3", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    rnd = replay_match(read_record(STANDARD).matches[0]).rounds[1]
    position = rnd.position_at(3)
    assert data["position"] == position.to_string()
    assert Position.from_string(data["position"]) == position
    assert data["round"] == 2 and data["ply"] == 3 and data["match"] == 1
    assert data["to_move"] == position.to_move.name.lower()
    assert data["tower"] == position.tower.name.lower()
    assert data["last_move"]["to"] is not None and data["last_move"]["push"] == []
    assert data["score"] == {"black": 1, "gold": 0}  # Black won round 1 (Result 2-3 overall)
    assert data["valid"] is True and data["winner"] is None


def test_show_ply_0_is_the_round_start_and_flip_turns_the_board() -> None:
    r = run("show", STANDARD, "--round", "1", "--ply", "0", "--json")
    data = json.loads(r.stdout)
    assert data["position"] == INITIAL_POSITION and data["last_move"] is None
    flipped = run("show", STANDARD, "--round", "1", "--ply", "0", "--flip")
    assert [line[1] for line in rank_lines(flipped.stdout)] == list("12345678")


def test_show_after_a_push_of_three() -> None:
    r = run("show", PUSHES, "--match", "2", "--ply", "1")
    assert r.exit_code == 0
    grid = read_board(r.stdout)
    d4, d5, d6, d7 = (grid[27 + 8 * k] for k in range(4))
    assert (d4.tower, d4.rings, d4.marks) == ("○P", 3, ["[]"])
    assert [(s.tower, s.rings, s.marks) for s in (d5, d6, d7)] == [("●n", 0, ["{}"]), ("●g", 1, ["{}"]), ("●r", 2, ["{}"])]
    assert "a Sumo push of 3 towers" in r.stdout
    data = json.loads(run("show", PUSHES, "--match", "2", "--ply", "2", "--json").stdout)
    assert data["last_move"]["push"] == ["d4", "d5", "d6"]  # the back-entry shows its push


def test_show_svg_is_a_vector_drawing_and_terminal_svg_a_picture_of_the_terminal(tmp_path: Path) -> None:
    out, terminal = tmp_path / "board.svg", tmp_path / "terminal.svg"
    r = run("show", STANDARD, "--svg", str(out), "--terminal-svg", str(terminal))
    assert r.exit_code == 0, r.stderr
    assert len(svg_squares(out)) == 64
    drawing = out.read_text(encoding="utf-8")
    assert "Match 1, round 5, after ply 17 of 17" in drawing and "http" not in drawing.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert 'class="last-move g4 c8"' in drawing  # Gold's orange tower, g4-c8
    assert terminal.read_text(encoding="utf-8").startswith("<svg") and "●" in terminal.read_text(encoding="utf-8")


def test_show_glyphs_in_the_terminal_and_the_drawing(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    r = run("show", STANDARD, "--glyphs", "--svg", str(out))
    assert r.exit_code == 0
    grid = read_board(r.stdout)
    assert grid[0].word == "棕" and grid[63].word == "棕" and grid[56].word == "橙"  # a1, h8 brown; a8 orange
    assert "紫 square colour" in r.stdout
    assert out.read_text(encoding="utf-8").count('class="square-text"') == 64


@pytest.mark.parametrize("option", ["--svg", "--terminal-svg"])
def test_an_svg_is_never_written_over_the_record(tmp_path: Path, option: str) -> None:
    record = tmp_path / "match.kmr"
    text = (SAMPLES / "single-round.kmr").read_text(encoding="utf-8")
    record.write_text(text, encoding="utf-8")
    for args in (("show", str(record)), ("lineup", str(record), "--round", "1")):
        r = run(*args, option, str(record))
        assert r.exit_code == 2 and "refusing to write over the input file" in r.stderr
        assert r.stdout == ""
    assert record.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("columns", [80, 60, 40])
def test_show_fits_the_terminal(columns: int) -> None:
    r = run("show", PUSHES, "--match", "2", "--ply", "1", columns=columns)
    assert r.exit_code == 0
    assert all(cell_len(line) <= columns for line in r.stdout.splitlines()), r.stdout
    grid = read_board(r.stdout)
    assert len(grid) == 64 and grid[27].tower == "○P" and grid[27].rings == 3
    assert len(rank_lines(r.stdout)) == (8 if columns >= 61 else 0)


def test_show_a_broken_record_draws_what_was_reached_and_exits_1() -> None:
    r = run("show", BROKEN, "--match", "3")
    assert r.exit_code == 1
    assert len(rank_lines(r.stdout)) == 8
    assert "Gold to move: the brown tower on a1" in r.stdout
    assert re.search(r"broken\.kmr:15:28: error\[M2\]", r.stderr)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("show", "no-such-file.kmr"), "no-such-file.kmr"),
        (("show", STANDARD, "--match", "2"), "holds 1 match, not 2"),
        (("show", STANDARD, "--round", "9"), "no round 9"),
        (("show", STANDARD, "--round", "1", "--ply", "999"), "not 999"),
        (("replay", "no-such-file.kmr"), "no-such-file.kmr"),
        (("lineup", STANDARD), "--round"),
        (("lineup", INITIAL_POSITION), "--fill"),
        (("lineup", INITIAL_POSITION, "--fill", "up"), "left or right"),
        (("lineup", "obpkyrgn/......../x b -", "--fill", "left"), "bad position string"),
        (("lineup", STANDARD, "--round", "7"), "no round 7"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], message: str) -> None:
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert r.stdout == ""


def test_svg_to_an_unwritable_place_exits_2(tmp_path: Path) -> None:
    r = run("show", STANDARD, "--svg", str(tmp_path / "no" / "such" / "dir.svg"))
    assert r.exit_code == 2 and "cannot write" in r.stderr


# -------------------------------------------------------------------------- replay


def test_replay_draws_a_diagram_per_entry() -> None:
    from kamisado_notation.checking.replay import replay_match
    from kamisado_notation.notation import read_record

    name = str(SAMPLES / "single-round.kmr")
    r = run("replay", name)
    assert r.exit_code == 0
    (rnd,) = replay_match(read_record(name).matches[0]).rounds
    boards = len(rank_lines(r.stdout)) // 8
    assert boards == len(rnd.plies) + 1  # the start, then one per entry
    assert "Round 1, ply 1 — " in r.stdout


def test_replay_step_stops_on_q() -> None:
    r = run("replay", str(SAMPLES / "single-round.kmr"), "--step", input="\n\nq\n")
    assert r.exit_code == 0
    assert len(rank_lines(r.stdout)) == 3 * 8


def test_replay_step_goes_back_on_b() -> None:
    # Enter, Enter, b (back to ply 1), Enter (ply 2 again), q
    r = run("replay", str(SAMPLES / "single-round.kmr"), "--step", input="\n\nb\n\nq\n")
    assert r.exit_code == 0
    headings = re.findall(r"Round 1, ply (\d+)", r.stdout)
    assert headings == ["0", "1", "2", "1", "2"]
    assert "b: back" in r.stdout
    # back at the first diagram stays there
    first = run("replay", str(SAMPLES / "single-round.kmr"), "--step", input="b\nq\n")
    assert re.findall(r"Round 1, ply (\d+)", first.stdout) == ["0", "0"]


def test_replay_of_a_broken_record_exits_1() -> None:
    r = run("replay", BROKEN, "--match", "2")
    assert r.exit_code == 1 and "error[T2]" in r.stderr


# -------------------------------------------------------------------------- lineup


def test_lineup_position_json_is_the_rulebook_example() -> None:
    r = run("lineup", FIGURE_7, "--fill", "left", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    # docs/rules.md's worked example (figures 7(b)–7(d)).
    assert data["gold"] == ["brown", "blue", "orange", "red", "pink", "yellow", "green", "purple"]
    assert data["black"] == ["green", "red", "yellow", "pink", "brown", "orange", "blue", "purple"]


def test_lineup_position_diagram_and_svg(tmp_path: Path) -> None:
    out = tmp_path / "fill.svg"
    r = run("lineup", FIGURE_7, "--fill", "right", "--svg", str(out))
    assert r.exit_code == 0
    assert "Gold's lineup, a1→h1 (his left to right): Purple+ Green Yellow Red Pink Orange Brown Blue" in r.stdout
    assert "The next round: fill from the right (F4)" in r.stdout
    assert len(svg_squares(out)) == 128  # the fill order, then the next round's start
    assert "The next round: fill from the right (F4)" in out.read_text(encoding="utf-8")


def test_lineup_of_a_record_round_matches_its_lineup_lines() -> None:
    r = run("lineup", STANDARD, "--round", "2", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    text = (SAMPLES / "standard-match.kmr").read_text(encoding="utf-8")
    block = text.split("Round 2 ")[1]
    black = re.search(r"Lineup Black: (.*)", block).group(1).lower().split()
    gold = re.search(r"Lineup Gold: (.*)", block).group(1).lower().split()
    assert data["black"] == black and data["gold"] == gold
    assert data["fill"] in ("left", "right") and data["round"] == 2
    drawn = run("lineup", STANDARD, "--round", "2")
    fill = data["fill"]
    assert f"Round 2: fill from the {fill}" in drawn.stdout and "Round 2 starts:" in drawn.stdout


def test_lineup_svg_of_a_record_says_which_round(tmp_path: Path) -> None:
    out = tmp_path / "fill.svg"
    r = run("lineup", STANDARD, "--round", "3", "--svg", str(out))
    assert r.exit_code == 0
    drawing = out.read_text(encoding="utf-8")
    assert "Round 3: fill from the left (F3)" in drawing and "Round 3 starts" in drawing
    assert len(svg_squares(out)) == 128
    first = tmp_path / "first.svg"
    assert run("lineup", STANDARD, "--round", "1", "--svg", str(first)).exit_code == 0
    assert len(svg_squares(first)) == 64 and "Round 1 starts" in first.read_text(encoding="utf-8")


def test_an_existing_file_wins_over_a_position(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kamisado_notation.cli.draw import looks_like_position

    assert looks_like_position(INITIAL_POSITION) and not looks_like_position("samples/x.kmr")
    monkeypatch.chdir(tmp_path)
    weird = "a b/c"  # looks like a position, but is a file here
    (tmp_path / "a b").mkdir()
    (tmp_path / "a b" / "c").write_text((SAMPLES / "single-round.kmr").read_text(encoding="utf-8"), encoding="utf-8")
    r = run("lineup", weird, "--round", "1", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["position"] == INITIAL_POSITION


# --------------------------------------------------------------------- moves diagram


def test_moves_draws_the_targets() -> None:
    pos = Position.initial()
    move = pos.resolve_coords(56 + 5, 16 + 5)  # f8-f3: Black's red tower onto a… square
    pos.play(move)
    r = run("moves", pos.to_string())
    assert r.exit_code == 0
    grid = read_board(r.stdout)
    assert {sq for sq, s in grid.items() if s.reachable} == {m.target for m in pos.legal_moves()}
    assert f"{len(pos.legal_moves())} legal moves" in r.stdout


def test_piped_output_has_no_escape_codes_even_without_no_color() -> None:
    result = runner.invoke(app, ["show", STANDARD], env={"NO_COLOR": ""})
    assert result.exit_code == 0
    assert "\x1b[" not in result.stdout and len(rank_lines(result.stdout)) == 8


from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.paths import SAMPLES


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["standard-match.kmr", "long-match.kmr", "mixed-forms.kmr", "pushes.kmr"]), st.data())
def test_show_json_is_the_replay_at_any_point(name: str, data: st.DataObject) -> None:
    from kamisado_notation.checking.replay import replay_match
    from kamisado_notation.notation import read_record
    from kamisado_notation.notation.export import move_json

    path = str(SAMPLES / name)
    matches = read_record(path).matches
    m = data.draw(st.integers(1, len(matches)))
    mr = replay_match(matches[m - 1])
    rnd = data.draw(st.sampled_from(mr.rounds))
    ply = data.draw(st.integers(0, len(rnd.plies)))
    r = run("show", path, "--match", str(m), "--round", str(rnd.number), "--ply", str(ply), "--json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["position"] == rnd.position_at(ply).to_string()
    last = next((p.move for p in reversed(rnd.plies[:ply]) if p.move is not None and p.kind != "back"), None)
    assert out["last_move"] == (move_json(last) if last is not None else None)


@pytest.mark.parametrize(
    "args",
    [["show", PUSHES, "--match", "2"], ["lineup", STANDARD, "--round", "2"], ["lineup", STANDARD, "--round", "1"],
     ["moves", INITIAL_POSITION]],
)
def test_title_heads_every_svg_drawing_and_is_text_not_markup(tmp_path: Path, args: list[str]) -> None:
    title = 'Club <night> & "final"'
    plain, titled = tmp_path / "plain.svg", tmp_path / "titled.svg"
    assert run(*args, "--svg", str(plain)).exit_code == 0
    assert run(*args, "--svg", str(titled), "--title", title).exit_code == 0
    ns = "{http://www.w3.org/2000/svg}"
    default = ET.parse(plain).getroot()
    root = ET.parse(titled).getroot()
    assert root.findtext(f"{ns}title") == root.get("aria-label") == title != default.findtext(f"{ns}title")
    shown = [t.text for t in root.iter(f"{ns}text") if "title" in (t.get("class") or "")]
    assert shown[0] == title  # the first heading, in the picture itself
    assert title not in [t.text for t in default.iter(f"{ns}text")]


def test_title_without_svg_is_a_usage_error() -> None:
    r = run("show", PUSHES, "--title", "x")
    assert r.exit_code == 2 and "--title heads the --svg drawing" in r.stderr


def test_lineup_json_of_a_round_from_a_position_header_has_null_for_empty_home_squares() -> None:
    result = runner.invoke(app, ["lineup", PUSHES, "--json", "--round", "1"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # the sample's first match starts from 'o.pkyrgn/.../NGR..PBO': Black's b8 is empty (his
    # Blue stands on e6), Gold's d1 and e1 are empty (his Yellow and Pink stand on e5, e4)
    assert out["black"] == ["brown", "green", "red", "yellow", "pink", "purple", None, "orange"]
    assert out["gold"] == ["brown", "green", "red", None, None, "purple", "blue", "orange"]


# ------------------------------------------------- show after a push, after a guess


def test_show_after_a_push_says_the_back_entry_is_the_next_thing_to_write() -> None:
    # pushes.kmr, match 1: Black's blue pushes two towers; Gold's "Pink Back 1 Red" follows
    r = run("show", PUSHES, "--ply", "1", columns=200)
    assert r.exit_code == 0, r.stderr
    assert "Next entry: Gold's back-entry, Pink Back 1 Red (e4-e3)" in r.stdout
    assert "Then Black to move: the red tower on f8 (T2)." in r.stdout
    after = run("show", PUSHES, "--ply", "2", columns=200)
    assert "back-entry" not in after.stdout and "\nBlack to move: the red tower on f8 (T2)." in after.stdout
    data = json.loads(run("show", PUSHES, "--ply", "1", "--json").stdout)
    assert (data["back_entry"]["tower"], data["back_entry"]["from"], data["back_entry"]["to"]) == ("pink", "e4", "e3")
    assert json.loads(run("show", PUSHES, "--ply", "2", "--json").stdout)["back_entry"] is None


def uncertain_record(tmp_path: Path) -> str:
    """standard-match.kmr with Gold's last entry of round 5 ending on the wrong colour:
    three moves of Gold's orange are one slot off it, so no correction is certain."""
    text = Path(STANDARD).read_text(encoding="utf-8")
    written = "9. Purple Left 2 Orange     Orange Left 4 Purple"
    assert text.count(written) == 1
    path = tmp_path / "typo.kmr"
    path.write_text(text.replace(written, "9. Purple Left 2 Orange     Orange Left 4 Green"), encoding="utf-8")
    return str(path)


def test_show_stops_at_the_last_sure_position_and_says_so_on_the_board(tmp_path: Path) -> None:
    path = uncertain_record(tmp_path)
    r = run("show", path, columns=200)
    assert r.exit_code == 1
    assert "round 5, after ply 16 of 17" in r.stdout  # not after the guessed 17th
    assert "Stopped at the last sure position: ply 17 (Orange Left 4 Green, line 69)" in r.stdout
    assert "Gold to move: the orange tower on g4 (T2)." in r.stdout
    assert ":69:" in r.stderr and "no single correction" in r.stderr
    data = json.loads(run("show", path, "--json").stdout)
    assert (data["round"], data["ply"], data["uncertain_ply"], data["to_move"]) == (5, 16, 17, "gold")
    # a ply before the guess is drawn as asked, with nothing to say
    earlier = run("show", path, "--round", "5", "--ply", "3", columns=200)
    assert "after ply 3 of 17" in earlier.stdout and "Stopped" not in earlier.stdout
