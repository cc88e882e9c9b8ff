"""The arena with real engine processes: the built-in engine against the test engine of
``tests/support/arena_engines.py``, and that engine breaking the protocol (an illegal move, no answer, a crash, garbage,
a flood, an exit at start). Every record the arena writes validates, the loser of a
broken match is named in its ``Termination`` header, and every wait is bounded by the
arena's own timeouts (short move times here; no timed assertion)."""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.validate import validate_text
from kamisado_notation.play.arena import ArenaSettings, play_match
from kamisado_notation.play.builtin import serve
from kamisado_notation.play.search import Searcher
from tests.support.arena_engines import BUILT_IN, ROOT, _arena, write_engine
from tests.support.interrupt import ctrl_c_reaches_children
from tests.support.walks import random_walk


@pytest.fixture
def engine_script(tmp_path: Path) -> str:
    return str(write_engine(tmp_path))


def _validates(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    report = validate_text(text)
    assert report.valid, report.all_diagnostics()[:3]
    return text


def test_the_built_in_engine_beats_a_random_engine_in_standard_matches(engine_script: str, tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    r = _arena(BUILT_IN, f"{sys.executable} {engine_script}", "--games", "2", "--movetime", "50", "--grace", "1000", "-o", str(out), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["matches"] == 2
    built_in, tester = summary["engines"]
    assert built_in["name"].startswith("kamisado-notation") and tester["name"] == "tester"
    assert (built_in["matches_won"], tester["matches_won"]) == (2, 0)
    assert built_in["points"] >= 6 and summary["elo"]["diff"] == "+inf"  # every match went one way
    assert summary["elo"]["high"] == "+inf" and isinstance(summary["elo"]["low"], float)
    text = _validates(out)
    report = validate_text(text)
    assert [m.status for m in report.matches] == ["complete", "complete"]
    assert "Termination" not in text
    assert '[Black "kamisado-notation' in text and '[Gold "tester"]' in text  # colours alternate
    assert "{info random  braces  #  [31m}" in text and "{info depth" in text  # the engines' remarks, kept, made safe


@pytest.mark.parametrize(
    ("fault", "reason", "message"),
    [
        ("illegal", "illegal move", "played a1-h8, an illegal move"),
        ("silent", "time forfeit", "no answer to 'go' within 1050 ms"),
        ("crash", "crash", "exited with status 3"),
        ("garbage", "garbage", "not 'bestmove FROM-TO'"),
        ("flood", "flood", "more than 10000 lines"),
        ("long-line", "flood", "a line longer than 65536 bytes"),
        ("mute", "time forfeit", "no answer to 'kep' within 3000 ms"),
        ("exit-at-start", "crash", "exited with status 1"),
    ],
)
def test_an_engine_that_breaks_the_protocol_loses_and_the_record_says_why(
    engine_script: str, tmp_path: Path, fault: str, reason: str, message: str
) -> None:
    out = tmp_path / "out.kmr"
    good, bad = f"{sys.executable} {engine_script}", f"{sys.executable} {engine_script} {fault}"
    r = _arena(good, bad, "--games", "2", "--match", "single", "--movetime", "50", "--grace", "1000", "--startup", "3", "-o", str(out), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert [e["matches_won"] for e in summary["engines"]] == [2, 0]
    text = _validates(out)
    # match 1: the faulty engine is Gold; match 2: Black
    assert f'[Termination "Gold loses: {reason}"]' in text and f'[Termination "Black loses: {reason}"]' in text
    assert message in r.stderr and message in text  # said on the terminal and in the record
    assert r.stderr.count("match ") == 2


def test_ctrl_c_keeps_the_finished_matches_and_stops_both_engines(engine_script: str, tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    pids.mkdir()
    out = tmp_path / "out.kmr"
    engine = f"{sys.executable} {engine_script} slow {pids} 0.05"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with ctrl_c_reaches_children():
        proc = subprocess.Popen(
            [sys.executable, "-m", "kamisado_notation.cli.app", "arena", engine, engine, "--games", "50", "--match", "single", "--movetime", "500", "-o", str(out)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
        )
    try:
        for _ in range(600):  # until the first match is written to the temporary file
            if any("[Result" in p.read_text(encoding="utf-8") for p in tmp_path.glob(".out.kmr.*.tmp")):
                break
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted" in err
    text = _validates(out)
    assert 1 <= text.count("[Result") < 50
    for pid in pids.iterdir():  # every engine started is gone
        with pytest.raises(ProcessLookupError):
            os.kill(int(pid.name), 0)


def test_jobs_play_matches_at_once_and_each_is_written_once(tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    random_engine = f"{BUILT_IN} --level random --seed 1"
    r = _arena(BUILT_IN, random_engine, "--games", "4", "--jobs", "2", "--match", "single", "--movetime", "30", "--grace", "1000", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    text = _validates(out)
    assert sorted(line for line in text.splitlines() if line.startswith("[Game ")) == [f'[Game "{n}"]' for n in range(1, 5)]
    assert "matches won" in r.stdout and "Elo difference" in r.stdout  # the table, on stdout


def test_play_match_in_the_library_alternates_and_asks_for_fills(engine_script: str) -> None:
    how = ArenaSettings(match="standard", movetime_ms=30, grace_ms=1000)
    outcome = play_match((f"{sys.executable} {engine_script}", BUILT_IN), how, number=3, black=1)
    assert outcome.reason is None and outcome.winner == 1  # the built-in engine, Black
    text = outcome.recorder.text()
    assert '[Game "3"]' in text and "Round 2 fill" in text
    assert validate_text(text).valid


def test_a_command_that_cannot_be_read_is_a_usage_error(tmp_path: Path) -> None:
    r = _arena("'unclosed", BUILT_IN, cwd=tmp_path)
    assert r.returncode == 2 and "cannot read the command" in r.stderr
    r = _arena(BUILT_IN, BUILT_IN, "--match", "huge", cwd=tmp_path)
    assert r.returncode == 2
    r = _arena(BUILT_IN, "no-such-engine --fast", cwd=tmp_path)
    assert r.returncode == 2 and "no such program" in r.stderr


def test_the_records_are_never_written_onto_an_engine(engine_script: str, tmp_path: Path) -> None:
    before = Path(engine_script).read_bytes()
    r = _arena(BUILT_IN, f"{sys.executable} {engine_script}", "--games", "1", "-o", engine_script, cwd=tmp_path)
    assert r.returncode == 2 and "refusing to write over the input file" in r.stderr, r.stderr
    assert Path(engine_script).read_bytes() == before


def test_the_engine_speaks_the_protocol() -> None:
    out = io.StringIO()
    commands = [
        "kep",
        "isready",
        "newmatch 3",
        "position obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -",
        "bogus command",
        "go depth 2",  # (a depth, not a time: the two lines of info on any machine's load)
        "position ........",
        "go movetime 40",
        "quit",
        "kep",  # not read: the engine has quit
    ]
    serve(Searcher(depth=2, variety=0), name="me", author="us", stdin=io.StringIO("\n".join(commands) + "\n"), stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[:7] == [
        "id name me",
        "id author us",
        "option name Depth type spin default 2 min 1 max 64",
        "option name Random type check default false",
        "option name Variety type spin default 0 min 0 max 1000",
        "kepok",
        "readyok",
    ]
    assert [line.split()[:3] for line in lines[7:9]] == [["info", "depth", "1"], ["info", "depth", "2"]]
    assert lines[9].startswith("bestmove ") and len(lines[9].split()[1]) == 5
    assert lines[10].startswith("info error bad position") and lines[11].startswith("info error no position")
    assert len(lines) == 12


def _example_engine() -> ModuleType:
    spec = importlib.util.spec_from_file_location("random_engine", ROOT / "examples" / "random_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_engine_uses_only_the_standard_library() -> None:
    tree = ast.parse((ROOT / "examples" / "random_engine.py").read_text(encoding="utf-8"))
    imported = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported == {"random", "sys"}


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 150))
def test_the_example_engines_moves_are_the_legal_moves(seed: int, plies: int) -> None:
    # positions along random matches (rings, pushes, fills included), read back from strings
    example = _example_engine()
    for rec in random_walk(seed, "Long", plies):
        position = rec.position
        board, side, tower = example.read_position(position.to_string())
        theirs = sorted(f"{example.name(a)}-{example.name(b)}" for a, b in example.legal_moves(board, side, tower))
        assert theirs == sorted(m.coords() for m in position.legal_moves())


def test_the_example_engine_plays_whole_matches_in_the_arena(tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    example = f"{sys.executable} {ROOT / 'examples' / 'random_engine.py'}"
    r = _arena(example, f"{BUILT_IN} --level random", "--games", "2", "--movetime", "50", "--grace", "1000", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    text = _validates(out)
    assert "Termination" not in text and text.count("[Result") == 2
