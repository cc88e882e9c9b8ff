"""The arena as cutechess users drive it, through real processes: more than two engines
(round robin, gauntlet), ``name=`` and ``option.N=V`` per engine, openings, clocks,
depth and nodes, SPRT, ratings from rounds, the traffic log, and standings counting the
matches lost by a fault. The engines: the built-in one, and the test engine of
``tests/support/arena_engines.py`` (it logs what it is sent, declares options, answers ``bestmove MOVE
ponder …`` and can be made slow)."""

from __future__ import annotations

import datetime
import json
import math
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kamisado_notation.checking.validate import validate_text
from kamisado_notation.engine.board import Side
from kamisado_notation.errors import ArgumentError
from kamisado_notation.play.arena import ArenaSettings, EngineSpec, Sprt, parse_tc, read_openings, schedule
from kamisado_notation.play.protocol import parse_go
from tests.support.arena_engines import BUILT_IN, ROOT, _arena, write_engine

RANDOM = f"{BUILT_IN} --level random --seed 7"

@pytest.fixture
def tester(tmp_path: Path) -> str:
    return f"{sys.executable} {write_engine(tmp_path)}"


def _standings(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kamisado_notation.cli.app", "standings", str(path), "--json"],
        check=False, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


def _matches(path: Path) -> list[dict[str, str]]:
    """Each match's headers, the records checked valid first."""
    text = path.read_text(encoding="utf-8")
    report = validate_text(text)
    assert report.valid, report.all_diagnostics()[:3]
    return [dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.MULTILINE)) for chunk in text.split("[Event ")[1:]]


def test_bestmove_with_ponder_words_plays_and_options_are_set_before_the_match(tester: str, tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    out = tmp_path / "out.kmr"
    engine = f"{tester} pondering {log} option.Depth=3 'option.Play Style=wild one'"
    r = _arena(engine, RANDOM, "--games", "2", "--match", "single", "--movetime", "20", "--grace", "2000", "-o", str(out), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    matches = _matches(out)
    assert all("Termination" not in m for m in matches)  # no match lost as "garbage"
    assert "{info depth 1 score cp 0}" in out.read_text(encoding="utf-8")  # the engine's remarks kept as comments
    assert json.loads(r.stdout)["engines"][0]["name"] == "pondering"
    sent = log.read_text(encoding="utf-8").splitlines()
    for number in range(2):  # each match (after the first start, which only asks kep)
        start = [i for i, line in enumerate(sent) if line == "kep"][number + 1]
        assert sent[start + 1 : start + 4] == ["setoption name Depth value 3", "setoption name Play Style value wild one", "newmatch 1"]


def test_an_option_the_engine_does_not_declare_is_a_usage_error_before_any_match(tester: str, tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    r = _arena(f"{tester} x - option.Hash=64", RANDOM, "-o", str(out), cwd=tmp_path)
    assert r.returncode == 2
    assert "declares no option 'Hash' (it declares: Depth, Play Style)" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists() and "match " not in r.stderr


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("option.Depth=12", "option Depth: 12 is outside 1..9"),
        ("option.Depth=0", "option Depth: 0 is outside 1..9"),
        ("option.Depth=deep", "option Depth: 'deep' is not a whole number"),
    ],
)
def test_an_option_value_that_does_not_fit_its_declaration_is_a_usage_error_before_any_match(tester: str, tmp_path: Path, option: str, message: str) -> None:
    out = tmp_path / "out.kmr"
    log = tmp_path / "log.txt"
    r = _arena(f"{tester} x {log} {option}", RANDOM, "-o", str(out), cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert message in r.stderr and "engine.py" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists() and "match " not in r.stderr
    assert log.read_text(encoding="utf-8").splitlines() == ["kep", "quit"]  # asked its options, nothing set, no match


def test_an_option_value_is_sent_as_checked(tester: str, tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    r = _arena(f"{tester} x {log} option.Depth=+3", RANDOM, "--games", "1", "--match", "single", "--movetime", "20", "--grace", "2000", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    sent = log.read_text(encoding="utf-8").splitlines()
    assert "setoption name Depth value 3" in sent and not any("+3" in line for line in sent)


@given(
    tc=st.none() | st.tuples(st.floats(0.1, 600), st.floats(0, 10)),
    limits=st.tuples(st.none() | st.integers(1, 10**6), st.none() | st.integers(1, 64), st.none() | st.integers(1, 10**9)),
    clocks=st.tuples(st.floats(0, 10**7), st.floats(0, 10**7)),
)
def test_the_arenas_go_reads_back_as_the_limits_given(tc: tuple[float, float] | None, limits: tuple[int | None, int | None, int | None], clocks: tuple[float, float]) -> None:
    movetime, depth, nodes = limits
    how = ArenaSettings(tc=tc, movetime_ms=movetime, depth=depth, nodes=nodes)
    go = parse_go(how.go({Side.BLACK: clocks[0], Side.GOLD: clocks[1]}))
    assert (go.movetime, go.depth, go.nodes, go.infinite) == (movetime, depth, nodes, False)
    if tc is None:
        assert (go.btime, go.gtime, go.binc, go.ginc) == (None, None, None, None)
    else:
        assert (go.btime, go.gtime) == (round(clocks[0]), round(clocks[1])) and go.binc == go.ginc == round(tc[1] * 1000)


def test_a_round_robin_of_three_names_two_builds_of_one_id_name_apart(tester: str, tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    r = _arena(f"{tester} build -", f"{tester} build -", RANDOM, "--games", "2", "--match", "single", "--movetime", "20", "--grace", "2000", "-o", str(out), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    names = [e["name"] for e in summary["engines"]]
    assert names[:2] == ["build", "build #2"] and names[2].startswith("kamisado-notation")
    assert summary["matches"] == 6 and [e["played"] for e in summary["engines"]] == [4, 4, 4]
    assert sum(e["matches_won"] for e in summary["engines"]) == 6
    matches = _matches(out)
    pairs = sorted(tuple(sorted((m["Black"], m["Gold"]))) for m in matches)
    assert pairs == sorted([("build", "build #2")] * 2 + [("build", names[2])] * 2 + [("build #2", names[2])] * 2)
    for a, b in {tuple(p) for p in pairs}:  # each pair: once each colour
        assert sorted(m["Black"] for m in matches if {m["Black"], m["Gold"]} == {a, b}) == sorted([a, b])
    standings = _standings(out)
    assert {p["name"]: p["played"] for p in json.loads(standings.stdout)["players"]} == dict.fromkeys(names, 4)


def test_a_gauntlet_plays_the_first_engine_against_each_other_one_under_given_names(tester: str, tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    r = _arena(f"{RANDOM} name=Hero", f"{tester} a - name=A", f"{tester} a - name=B", "--gauntlet", "--games", "2", "--match", "single", "--movetime", "20", "--grace", "2000", "-o", str(out), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert [e["name"] for e in summary["engines"]] == ["Hero", "A", "B"] and [e["played"] for e in summary["engines"]] == [4, 2, 2]
    assert all("Hero" in (m["Black"], m["Gold"]) for m in _matches(out))
    r = _arena(f"{RANDOM} name=Same", f"{tester} a - name=same", cwd=tmp_path)
    assert r.returncode == 2 and "two engines are named" in r.stderr


def test_an_engine_that_never_starts_is_recorded_under_its_command_or_given_name(tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    ghost = f"{sys.executable} {tmp_path / 'missing.py'} --fast"
    r = _arena(RANDOM, ghost, f"{sys.executable} {tmp_path / 'gone.py'} name=Gone", "--games", "1", "--match", "single", "--movetime", "20", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    names = {m["Black"] for m in _matches(out)} | {m["Gold"] for m in _matches(out)}
    assert ghost in names and "Gone" in names and "python3" not in names


def test_openings_are_each_played_twice_with_colours_swapped(tmp_path: Path) -> None:
    openings = tmp_path / "openings.txt"
    position = "o.pkyrgn/......../......../.b....../......../......../......../NGRYKPBO g P"
    openings.write_text(f"# two openings\n{position}\n\n1. d8-d4 a1-a6\n", encoding="utf-8")
    out = tmp_path / "out.kmr"
    r = _arena(BUILT_IN, RANDOM, "--openings", str(openings), "--games", "4", "--match", "single", "--movetime", "20", "--grace", "2000", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    matches = sorted(_matches(out), key=lambda m: int(m["Game"]))
    assert [m.get("Position") for m in matches] == [position, position, None, None]
    assert [m["Black"].startswith("kamisado-notation 0.1.0 (alpha") for m in matches] == [True, False, True, False]
    chunks = sorted(text.split("[Event ")[1:], key=lambda c: int(re.search(r'\[Game "(\d+)"\]', c)[1]))  # type: ignore[index]
    for chunk in chunks[2:]:
        assert re.search(r"^1\. Pink Forward 4 Brown +Brown Forward 5 Green", chunk, re.MULTILINE), chunk


@pytest.mark.parametrize(
    ("line", "where", "why"),
    [
        ("1. d8-d4 a1-a9", ":2:10:", "'a1-a9'"),
        ("  d8-d4 d8-d5", ":2:9:", "T2: d8-d5: there is no tower on d8"),
        ("obpkyrgn/........ b -", ":2:1:", "not a position string"),
    ],
)
def test_a_bad_opening_is_a_usage_error_naming_file_line_and_column(tmp_path: Path, line: str, where: str, why: str) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text(f"d8-d4\n{line}\n", encoding="utf-8")
    r = _arena(BUILT_IN, RANDOM, "--openings", str(openings), cwd=tmp_path)
    assert r.returncode == 2 and f"{openings}{where}" in r.stderr and why in r.stderr and "Traceback" not in r.stderr
    with pytest.raises(ArgumentError, match=re.escape(where)):
        read_openings(str(openings))


def test_the_seed_shuffles_the_openings_the_same_way_each_time(tmp_path: Path) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text("".join(f"{m}\n" for m in ("a8-a7", "b8-b7", "c8-c7", "d8-d7", "e8-e7", "f8-f7")), encoding="utf-8")
    read = read_openings(str(openings))

    def lines(seed: int | None) -> list[int]:
        return [o.line for _, _, _, o in schedule(2, 12, openings=read, seed=seed) if o is not None]

    assert lines(None) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert lines(5) == lines(5) != lines(None) and sorted(lines(5)) == lines(None)
    assert lines(5) != lines(6)


def test_a_clock_is_sent_with_go_charged_and_a_side_past_its_clock_loses_on_time(tester: str, tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    out = tmp_path / "out.kmr"
    r = _arena(f"{tester} clocked {log}", RANDOM, "--tc", "30+0.5", "--games", "1", "--match", "single", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    (match,) = _matches(out)
    assert match["TimeControl"] == "30+0.5" and "Termination" not in match
    assert match["Date"] == datetime.datetime.now(datetime.timezone.utc).strftime("%Y.%m.%d")
    gos = [line.split() for line in log.read_text(encoding="utf-8").splitlines() if line.startswith("go")]
    assert gos and all(go[:2] == ["go", "btime"] and go[5:] == ["binc", "500", "ginc", "500"] for go in gos)
    black = [int(go[2]) for go in gos]  # the tester is Black: its clock gains 500 ms a move, less what it used
    assert black[0] == 30000 and all(30000 < b <= 30000 + 500 * i for i, b in enumerate(black[1:], 1))
    # a side that takes 0.6 s with 0.5 s on its clock (no grace) loses on time, at its first move
    r = _arena(f"{tester} slow - 0.6", RANDOM, "--tc", "0.5", "--grace", "0", "--games", "2", "--match", "single", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    matches = _matches(out)
    assert sorted(m["Termination"] for m in matches) == ["Black loses: time forfeit", "Gold loses: time forfeit"]
    assert "no answer to 'go' within 500 ms" in r.stderr


def test_depth_and_nodes_are_sent_with_go_and_named_in_the_time_control(tester: str, tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    out = tmp_path / "out.kmr"
    r = _arena(f"{tester} deep {log}", BUILT_IN, "--depth", "2", "--nodes", "5000", "--games", "1", "--match", "single", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    (match,) = _matches(out)
    assert match["TimeControl"] == "depth 2, nodes 5000"
    assert {line for line in log.read_text(encoding="utf-8").splitlines() if line.startswith("go")} == {"go depth 2 nodes 5000"}


@pytest.mark.parametrize(
    ("text", "expected", "header"),
    [("60+0.5", (60.0, 0.5), "60+0.5"), ("10", (10.0, 0.0), "10+0"), (" 1.5 + 0 ", (1.5, 0.0), "1.5+0")],
)
def test_a_time_control_is_seconds_plus_increment(text: str, expected: tuple[float, float], header: str) -> None:
    assert parse_tc(text) == expected
    assert ArenaSettings(tc=expected, movetime_ms=None).time_control == header
    assert ArenaSettings(tc=expected, movetime_ms=100, depth=4).time_control == f"{header}, movetime 100, depth 4"


@pytest.mark.parametrize("text", ["", "0+1", "40/60+0.5", "1+", "fast"])
def test_a_bad_time_control_is_a_usage_error(text: str, tmp_path: Path) -> None:
    with pytest.raises(ArgumentError):
        parse_tc(text)
    r = _arena(BUILT_IN, RANDOM, "--tc", text, cwd=tmp_path)
    assert r.returncode == 2 and "a time control is SECONDS+INCREMENT" in r.stderr


def test_the_debug_file_holds_every_engines_traffic_with_times(tester: str, tmp_path: Path) -> None:
    trace = tmp_path / "trace.tsv"
    r = _arena(f"{tester} T -", RANDOM, "--games", "1", "--match", "single", "--movetime", "20", "--grace", "2000", "--debug", str(trace), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    rows = [line.split("\t", 4) for line in trace.read_text(encoding="utf-8").splitlines()]
    assert all(len(row) == 5 and row[3] in "<>" for row in rows)
    times = [datetime.datetime.fromisoformat(row[0]) for row in rows]
    assert times == sorted(times)
    assert {(row[2], row[3], row[4]) for row in rows if row[1] == "1"} >= {("T", ">", "go movetime 20"), ("T", ">", "kep"), ("T", "<", "kepok")}
    assert any(row[1] == "1" and row[2].startswith("kamisado-notation") and row[3] == "<" and row[4].startswith("bestmove ") for row in rows)
    assert {row[1] for row in rows} == {"0", "1"}  # the first start (names, options), then match 1


def _needed(test: Sprt) -> int:
    """How many straight wins take the SPRT to H1 (the closed form)."""
    p0, p1 = 1 / (1 + 10 ** (-test.elo0 / 400)), 1 / (1 + 10 ** (-test.elo1 / 400))
    return math.ceil(math.log((1 - test.beta) / test.alpha) / math.log(p1 / p0))


def test_the_sprt_stops_when_decided_and_reports_it(tester: str, tmp_path: Path) -> None:
    # the built-in engine wins every match against one that crashes at its first move
    test = Sprt(0, 100, 0.05, 0.05)
    r = _arena(BUILT_IN, f"{tester} crash -", "--sprt", "0", "100", "0.05", "0.05", "--games", "100", "--match", "single", "--movetime", "20", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    n = _needed(test)
    assert n == 12 and summary["matches"] == n
    assert summary["sprt"]["result"] == "H1" and summary["sprt"]["llr"] == pytest.approx(n * math.log(2 / (1 + 10 ** -0.25)), abs=1e-3)
    assert summary["elo"] == {"diff": "+inf", "low": pytest.approx(summary["elo"]["low"]), "high": "+inf"}
    assert summary["engines"][1]["elo"]["diff"] == "-inf"  # told apart from +inf (never both null)
    r = _arena(BUILT_IN, RANDOM, RANDOM, "--sprt", "0", "10", "0.05", "0.05", cwd=tmp_path)
    assert r.returncode == 2 and "--sprt compares two engines" in r.stderr
    for bad, why in ((("0", "10", "0.5", "0.6"), "error rates"), (("10", "0", "0.05", "0.05"), "elo0 below elo1")):
        r = _arena(BUILT_IN, RANDOM, "--sprt", *bad, cwd=tmp_path)
        assert r.returncode == 2 and why in r.stderr and "Traceback" not in r.stderr


@given(wins=st.integers(0, 400), losses=st.integers(0, 400), elo0=st.integers(-200, 100), width=st.integers(1, 200))
def test_the_llr_is_the_log_of_the_binomial_likelihood_ratio(wins: int, losses: int, elo0: int, width: int) -> None:
    test = Sprt(elo0, elo0 + width, 0.05, 0.1)
    p0, p1 = (1 / (1 + 10 ** (-e / 400)) for e in (test.elo0, test.elo1))
    ratio = wins * (math.log(p1) - math.log(p0)) + losses * (math.log1p(-p1) - math.log1p(-p0))
    assert test.llr(wins, losses) == pytest.approx(ratio, rel=1e-9, abs=1e-9)
    assert test.bounds == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))


def test_simulated_sprts_keep_wald_error_rates_and_sample_sizes() -> None:
    """Many tests on simulated matches (a seeded generator): at elo0 H1 is accepted at
    most about alpha of the time, at elo1 H0 at most about beta; the mean number of
    matches is near Wald's approximation ``E[N] = (L ln B + (1-L) ln A) / E[z]``."""
    test = Sprt(0, 60, 0.05, 0.05)
    p0, p1 = 1 / 2, 1 / (1 + 10 ** (-60 / 400))
    win, loss = math.log(p1 / p0), math.log((1 - p1) / (1 - p0))
    low, high = test.bounds
    rng = random.Random(35)
    for truth, wrong, accept_h1 in ((p0, "H1", test.alpha), (p1, "H0", 1 - test.beta)):
        results, lengths = [], []
        for _ in range(300):
            wins = losses = 0
            while (verdict := test.result(wins, losses)) is None:
                wins, losses = (wins + 1, losses) if rng.random() < truth else (wins, losses + 1)
            results.append(verdict)
            lengths.append(wins + losses)
        assert results.count(wrong) / 300 <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / 300)
        step = truth * win + (1 - truth) * loss
        expected = (accept_h1 * high + (1 - accept_h1) * low) / step
        assert 0.8 * expected < sum(lengths) / 300 < 1.5 * expected


def test_engine_specs_read_the_arenas_words_at_the_end_only() -> None:
    spec = EngineSpec.parse("./eng --name=x 'option.Hash Size=16' name=Mine option.Depth=3")
    assert spec == EngineSpec("./eng --name=x", "Mine", (("Hash Size", "16"), ("Depth", "3")))
    assert EngineSpec.parse("kamisado engine --depth 3") == EngineSpec("kamisado engine --depth 3")
    for bad in ("name=A", "eng option.=3", "eng option.Depth", "'unclosed"):
        with pytest.raises(ArgumentError):
            EngineSpec.parse(bad)


def test_standings_count_the_matches_an_engine_lost_by_a_fault(tester: str, tmp_path: Path) -> None:
    """An engine that always crashes (at its first move, or before it answers at all) is
    not unbeaten: each of its matches is a loss in ``kamisado standings``."""
    out = tmp_path / "out.kmr"
    never = f"{sys.executable} {tmp_path / 'missing.py'} name=Never"
    r = _arena(RANDOM, f"{tester} crash - name=Crasher", never, "--games", "2", "--match", "single", "--movetime", "20", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    standings = _standings(out)
    table = json.loads(standings.stdout)
    rows = {p["name"]: (p["played"], p["won"], p["lost"]) for p in table["players"]}
    assert rows["Crasher"] == (4, 2, 2) and rows["Never"] == (4, 0, 4)  # Crasher beats Never: Never cannot start
    assert table["left_out"] == []


def test_the_arena_plays_the_openings_in_the_seeds_order(tmp_path: Path) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text("a8-a7\nb8-b7\nc8-c7\nd8-d7\n", encoding="utf-8")
    out = tmp_path / "out.kmr"
    r = _arena(RANDOM, f"{RANDOM} name=R2", "--openings", str(openings), "--seed", "3", "--games", "8", "--match", "single", "--movetime", "20", "--grace", "2000", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    played = {int(game): int(line) for game, line in re.findall(r'\[Game "(\d+)"\]  # opening \(line (\d+)\)', text)}
    planned = {number: o.line for number, _, _, o in schedule(2, 8, openings=read_openings(str(openings)), seed=3) if o is not None}
    assert played == planned and sorted(played.values()) == [1, 1, 2, 2, 3, 3, 4, 4]


@pytest.mark.parametrize(
    ("elo0", "elo1", "win", "loss"),
    [  # each step from the logistic model, worked by hand where p itself rounds to 0 or 1
        (0, 7000, math.log(2), -17.5 * math.log(10) + math.log(2) - math.log1p(10**-17.5)),
        (-200000, 0, 500 * math.log(10) - math.log(2), -math.log(2)),
        (100000, 200000, 0.0, -250 * math.log(10)),
    ],
)
def test_the_sprt_of_bounds_of_any_size_is_finite_and_decides(elo0: float, elo1: float, win: float, loss: float) -> None:
    test = Sprt(elo0, elo1, 0.05, 0.05)
    assert test.llr(1, 0) == pytest.approx(win, rel=1e-9, abs=1e-12)
    assert test.llr(0, 1) == pytest.approx(loss, rel=1e-9)
    assert test.llr(10**6, 10**6) == pytest.approx(10**6 * (win + loss), rel=1e-9)


@pytest.mark.parametrize("bounds", [("-1e308", "1e308"), ("nan", "10"), ("0", "inf"), ("5", "5")])
def test_sprt_bounds_no_test_can_use_are_a_usage_error_before_any_match(bounds: tuple[str, str], tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    r = _arena(BUILT_IN, RANDOM, "--sprt", *bounds, "0.05", "0.05", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 2 and "SPRT" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists()


def test_an_sprt_of_far_bounds_plays_to_its_decision_and_writes_every_record(tester: str, tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    r = _arena(BUILT_IN, f"{tester} crash -", "--sprt", "0", "7000", "0.05", "0.05", "--games", "100", "--match", "single", "-o", str(out), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    n = math.ceil(math.log(0.95 / 0.05) / math.log(2))  # (each win doubles the ratio: p1 is 1, p0 one half)
    assert summary["sprt"]["result"] == "H1" and summary["matches"] == n
    assert len(_matches(out)) == n


@pytest.mark.parametrize(
    "limit",
    [["--tc", "1" * 400], ["--tc", "60+" + "9" * 400], ["--tc", "\u00b2"], ["--movetime", "1" + "0" * 30], ["--startup", "nan"],
     ["--grace", "9" * 30], ["--depth", "9" * 30]],
)  # fmt: skip
def test_a_limit_no_wait_can_keep_is_a_usage_error_before_any_match(limit: list[str], tmp_path: Path) -> None:
    r = _arena(BUILT_IN, RANDOM, *limit, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr) < 1000  # (a 400-digit limit is not echoed whole)


def test_the_records_and_the_traffic_log_are_never_one_new_file(tmp_path: Path) -> None:
    same = tmp_path / "same.txt"
    r = _arena(BUILT_IN, RANDOM, "--games", "1", "--match", "single", "-o", str(same), "--debug", str(same), cwd=tmp_path)
    assert r.returncode == 2 and "same.txt" in r.stderr and not same.exists()


def test_a_fault_after_the_first_match_loses_no_record_written(tester: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from kamisado_notation.cli.app import app

    decided = Sprt.result
    calls: list[int] = []

    def failing(self: Sprt, wins: int, losses: int) -> str | None:
        calls.append(wins + losses)
        if len(calls) > 1:
            raise ZeroDivisionError("a fault of the arena, after the first match")
        return decided(self, wins, losses)

    monkeypatch.setattr(Sprt, "result", failing)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    out = tmp_path / "out.kmr"
    args = ["arena", BUILT_IN, f"{tester} crash -", "--sprt", "0", "100", "0.05", "0.05", "--games", "4", "--match", "single", "-o", str(out)]
    result = CliRunner().invoke(app, args)
    assert isinstance(result.exception, ZeroDivisionError)
    assert len(_matches(out)) >= 1


@pytest.mark.parametrize("line", ["d8-d4 " + "x" * 6_000_000, "obpkyrgn/" + "x" * 6_000_000, "d8-d4 " + "x" * 6_000])
def test_an_openings_line_of_megabytes_is_refused_without_echoing_it(line: str, tmp_path: Path) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ArgumentError, match=f"{openings}:1:") as refused:
        read_openings(str(openings))
    assert len(str(refused.value)) < 1000
