"""`kamisado moves`, `kamisado perft` and `kamisado lineup POSITION --json`: the engine on
the command line, checked against hand-counted facts and the README's JSON field names."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from kamisado_notation.engine.position import INITIAL_POSITION
from tests.support.paths import SAMPLES

runner = CliRunner()

# Black must move pink (d8) at the start of round 1: 6 forward (d7..d2), 4 to Black's
# left (e7, f6, g5, h4), 3 to his right (c7, b6, a5) — rulebook figure 1(a).
PINK_TO_MOVE = INITIAL_POSITION[:-1] + "K"


def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=stdin)


def test_moves_json_has_the_spec_fields_and_the_pink_towers_13_moves() -> None:
    r = run("moves", "--json", PINK_TO_MOVE)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert set(out) == {"position", "to_move", "tower", "moves", "pass", "deadlock"}
    assert out["to_move"] == "black" and out["tower"] == "pink"
    assert out["pass"] is False and out["deadlock"] is None
    targets = {m["to"] for m in out["moves"]}
    assert targets == {"d7", "d6", "d5", "d4", "d3", "d2", "e7", "f6", "g5", "h4", "c7", "b6", "a5"}
    first = next(m for m in out["moves"] if m["to"] == "d4")
    assert first == {
        "tower": "pink", "from": "d8", "to": "d4", "direction": "forward",
        "distance": 4, "square": "brown", "push": [],
    }
    left = next(m for m in out["moves"] if m["to"] == "e7")
    assert left["direction"] == "left"  # Black's left is file h


def test_moves_reports_a_push_with_the_pushed_squares_nearest_first() -> None:
    # Gold's purple Sumo on d4 faces Black's red (plain) on d5, d6 empty behind it (S2).
    pos = "obpky.gn/......../......../...r..../...P+..../......../......../NGRYK.BO g P"
    r = run("moves", "--json", pos)
    assert r.exit_code == 0, r.output
    pushes = [m for m in json.loads(r.stdout)["moves"] if m["push"]]
    assert pushes == [{
        "tower": "purple", "from": "d4", "to": "d5", "direction": "forward",
        "distance": 1, "square": "orange", "push": ["d5"],
    }]


def test_moves_reads_one_position_a_line_from_stdin_and_flags_a_bad_line() -> None:
    r = run("moves", "--json", stdin=f"{INITIAL_POSITION}\nnot a position\n\n{PINK_TO_MOVE}\n")
    assert r.exit_code == 2
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(lines) == 4  # answer N is about line N: the blank line gets an error too
    assert len(lines[0]["moves"]) == 102 and lines[0]["tower"] is None
    assert "error" in lines[1] and lines[1]["position"] == "not a position"
    assert "blank line" in lines[2]["error"]
    assert len(lines[3]["moves"]) == 13
    assert "<stdin>:2" in r.stderr and "<stdin>:3" in r.stderr


def test_moves_human_output_names_the_tower_and_lists_the_moves() -> None:
    r = run("moves", "--no-color", PINK_TO_MOVE)
    assert r.exit_code == 0, r.output
    assert "Pink Forward 4 Brown  (d8-d4)" in r.stdout
    assert "Traceback" not in r.output


def test_a_bad_position_is_one_line_exit_2_no_traceback() -> None:
    r = run("moves", "obpkyrgn/......../NGRYKPBO b -")
    assert r.exit_code == 2
    assert "Traceback" not in r.output
    assert "8 ranks" in r.stderr


def test_perft_prints_the_count_last_and_divide_sums_to_it() -> None:
    r = run("perft", "3")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == "11182"
    d = run("perft", "2", "--divide")
    lines = d.stdout.splitlines()
    assert lines[-1] == "1150"
    assert sum(int(x.split(" ")[1]) for x in lines[:-1]) == 1150
    assert len(lines) - 1 == 102  # one line per opening move
    assert lines[:-1] == sorted(lines[:-1])  # `move count`, sorted: diffable with another engine's
    assert "d8-d4 8" in lines  # Black's pink to d4, brown: Gold's brown (a1) has a2..a7 and b2, c3 (the pink on d4)


def test_perft_from_a_forfeit_counts_the_forfeit_as_one_move() -> None:
    # Gold must move green (b1), boxed in by Black's brown, blue and red on a2, b2, c2 (M6);
    # Black's green (g8) can then move, so it is no deadlock.
    pos = "o.pky.g./......../......../......../......../......../nbr...../NGRYKPBO g G"
    r = run("perft", "1", pos)
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "1"


def test_lineup_position_json_matches_the_rulebook_fill_example() -> None:
    # docs/rules.md's worked example (figures 7(b)-(d)), with Black's towers as in figure 7(c).
    pos = ".P..y.rg/..G...../k..Y..../.R.o.K.n/....O.../b......./...p..../N.B..... g -"
    r = run("lineup", pos, "--fill", "left", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["gold"] == ["brown", "blue", "orange", "red", "pink", "yellow", "green", "purple"]
    assert out["black"] == ["green", "red", "yellow", "pink", "brown", "orange", "blue", "purple"]
    # Gold's purple reached Black's home row: it takes its ring (a Sumo) into round 2, and
    # Black, who lost, is the Challenger with a free choice of tower (T1).
    assert out["position"] == "pbonkyrg/......../......../......../......../......../......../NBORKYGP+ b -"


def test_version_and_help_list_every_spec_command() -> None:
    from kamisado_notation import __version__

    v = run("--version")
    assert v.exit_code == 0 and __version__ in v.stdout
    h = run("--help")
    for command in ("validate", "convert", "show", "lineup", "moves", "replay", "generate", "perft"):
        assert command in h.stdout


def test_perft_bad_input_is_a_usage_error_without_traceback() -> None:
    for args in (["perft", "-1"], ["perft", "two"], ["perft", "2", "obpkyrgn/x b -"]):
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "Traceback" not in r.output


def test_the_console_script_builds_only_the_named_command_and_still_runs_it(
    monkeypatch, capsys  # type: ignore[no-untyped-def]
) -> None:
    import pytest

    from kamisado_notation.cli import app as app_module

    built: list[list[str]] = []
    real = app_module.make_app

    def spy(names=app_module.COMMANDS):  # type: ignore[no-untyped-def]
        built.append(list(names))
        return real(names)

    monkeypatch.setattr(app_module, "make_app", spy)
    monkeypatch.setattr("sys.argv", ["kamisado", "perft", "2"])
    with pytest.raises(SystemExit) as e:
        app_module.main()
    assert e.value.code in (0, None)
    assert capsys.readouterr().out.strip().splitlines()[-1] == "1150"
    assert built == [["perft"]]
    # a mistyped command gets the full application and its "did you mean" help
    monkeypatch.setattr("sys.argv", ["kamisado", "perfft", "2"])
    with pytest.raises(SystemExit) as e:
        app_module.main()
    assert e.value.code == 2
    assert built == [["perft"], list(app_module.COMMANDS)]


# Rulebook figure 6(e), built by hand in tests/engine/test_rulebook_figures.py: Wolfgang (Gold) must
# move his red tower, blocked; Ralf's green is blocked too; Ralf moved last and loses (M8).
FIGURE_6E = "ob..y..n/......../...gkNp./..OrYR../......../.......B/......../.G..KP.. g R"


def test_moves_on_a_deadlock_says_so_once_and_names_the_loser() -> None:
    r = run("moves", "--json", FIGURE_6E)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["moves"] == [] and out["pass"] is True
    assert out["deadlock"] == {"loser": "black"}
    text = run("moves", "--no-color", FIGURE_6E).stdout
    assert text.count("Deadlock") == 1 and "Black" in text


def test_moves_svg_draws_every_target_and_terminal_svg_keeps_the_terminal_picture(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import xml.etree.ElementTree as ET

    out, terminal = tmp_path / "moves.svg", tmp_path / "terminal.svg"
    r = run("moves", PINK_TO_MOVE, "--svg", str(out), "--terminal-svg", str(terminal))
    assert r.exit_code == 0, r.output
    root = ET.parse(out).getroot()
    marked = {el.get("class").split()[1] for el in root.iter() if el.get("class", "").startswith("reachable ")}
    # rulebook figure 1(a): the pink tower's 13 squares
    assert marked == {"d7", "d6", "d5", "d4", "d3", "d2", "e7", "f6", "g5", "h4", "c7", "b6", "a5"}
    assert [el.get("class") for el in root.iter() if el.get("class", "").startswith("to-move")] == ["to-move d8"]
    assert "13 legal moves" in out.read_text(encoding="utf-8")
    assert "●k" in terminal.read_text(encoding="utf-8")


def test_moves_svg_to_an_unwritable_place_exits_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    r = run("moves", PINK_TO_MOVE, "--svg", str(tmp_path / "no" / "such.svg"))
    assert r.exit_code == 2 and "cannot write" in r.stderr and "Traceback" not in r.output


# ---------------------------------------------------- moves at a point of a record



def test_moves_of_a_record_at_a_point_are_those_of_its_position() -> None:
    # standard-match.kmr, round 1 after Black's "Red Forward 5 Orange": Gold must move orange
    at = run("moves", str(SAMPLES / "standard-match.kmr"), "--round", "1", "--ply", "1", "--json")
    assert at.exit_code == 0, at.output
    out = json.loads(at.stdout)
    assert (out["to_move"], out["tower"]) == ("gold", "orange")
    again = json.loads(run("moves", out["position"], "--json").stdout)
    assert out["moves"] == again["moves"] and "back_entry" not in out


def test_moves_after_a_push_is_the_back_entry_only() -> None:
    # pushes.kmr, match 1: Black's blue pushes two towers, so Gold's one entry is "Pink Back 1 Red"
    pushes = str(SAMPLES / "pushes.kmr")
    out = json.loads(run("moves", pushes, "--ply", "1", "--json").stdout)
    assert out["back_entry"] is True and out["to_move"] == "gold" and out["pass"] is False
    assert [(m["tower"], m["from"], m["to"], m["direction"]) for m in out["moves"]] == [("pink", "e4", "e3", "back")]
    drawn = runner.invoke(app, ["moves", pushes, "--ply", "1"], env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert "1 legal entry: Pink Back 1 Red  (e4-e3)" in drawn.stdout
    # after the back-entry, the pusher's next move: Black's red (T2)
    after = json.loads(run("moves", pushes, "--ply", "2", "--json").stdout)
    assert (after["to_move"], after["tower"]) == ("black", "red") and "back_entry" not in after


def test_moves_options_of_a_record_do_not_go_with_a_position() -> None:
    r = run("moves", PINK_TO_MOVE, "--ply", "1")
    assert r.exit_code == 2 and "--ply goes with a FILE" in r.stderr
    missing = run("moves", str(SAMPLES / "standard-match.kmr"), "--round", "9")
    assert missing.exit_code == 2 and "no round 9" in missing.stderr

