"""``EngineClient`` (docs/engines.md) with real processes: the built-in engine (every limit,
the analysis's score and principal variation, options), the example engine of
docs/engines.md (which does not import the package; also referee'd against the built-in
engine by ``kamisado arena``), and engines that misbehave — each raises an
``EngineError`` with its reason, never a hang."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kamisado_notation import EngineAnalysis, EngineClient, EngineError, Fill, Move, Position, validate_text
from kamisado_notation.errors import ArgumentError
from kamisado_notation.play.process import EngineFault, EngineProcess, answered_fill, answered_move, hello
from kamisado_notation.play.protocol import Score
from tests.support.paths import ROOT
from tests.support.walks import random_walk

BUILT_IN = [sys.executable, "-m", "kamisado_notation.cli.app", "engine"]
EXAMPLE = ROOT / "examples" / "random_engine.py"
START = "obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -"
WIN_IN_1 = "obp.yrgn/......../......../......../......../N.k...../......../.GRYKPBO b K"
#: The end of round 1: Gold's yellow (Y+) on Black's home row; Gold fills.
ROUND_OVER = "obpY+y..n/......../......../K.....kg/..R...../.......P/.....r../NG....BO b K"

#: An engine that answers the handshake, then misbehaves at ``go`` as its argument says.
MISBEHAVING = '''
import sys, time
MODE = sys.argv[1]
def say(*lines):
    sys.stdout.write("".join(l + "\\n" for l in lines)); sys.stdout.flush()
if MODE == "mute":
    time.sleep(60)
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "kep":
        low = "\u00b2" if MODE == "odd-numbers" else "1"
        say("id name bad " + MODE, "option name Hash type spin default 16 min " + low + " max 1024", "kepok")
    elif w[0] == "isready":
        say("readyok")
    elif w[0] == "go":
        if MODE == "crash":
            sys.exit(3)
        elif MODE == "hang":
            time.sleep(60)
        elif MODE == "garbage":
            say("bestmove banana")
        elif MODE == "empty":
            say("bestmove")
        elif MODE == "illegal":
            say("bestmove a1-a2")
        elif MODE == "odd-numbers":
            say("info depth \u00b2 score cp 1\u00b2 nodes " + "9" * 5000 + " time \u0663 pv d8-d4", "bestmove d8-d4")
        elif MODE == "ponder":
            say("info depth 1 score cp 5 pv d8-d4 a1-a2 zz", "bestmove d8-d4 ponder a1-a2")
        elif MODE == "flood":
            while True:
                say("info " + "x" * 70)
    elif w[0] == "fill":
        say("fill upwards")
    elif w[0] == "quit":
        break
'''


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package importable by the engines the tests start, wherever they run."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))


@pytest.fixture
def misbehaving(tmp_path: Path) -> str:
    path = tmp_path / "bad.py"
    path.write_text(MISBEHAVING, encoding="utf-8")
    return str(path)


def _legal(position: str) -> set[str]:
    return {m.coords() for m in Position.from_string(position).legal_moves()}


def test_the_built_in_engine_plays_by_every_limit_and_quits(environment: None) -> None:
    # (with a seed: without one the engine draws its own, and may break ties its own way each search)
    with EngineClient.popen([*BUILT_IN, "--seed", "5"]) as engine:
        assert engine.id == {"name": "kamisado-notation 0.1.0 (alpha-beta)", "author": "kamisado-notation"}
        assert set(engine.options) == {"Depth", "Random", "Variety"}
        for limit in ({"movetime": 50}, {"depth": 2}, {"nodes": 500}, {"movetime": 10_000, "depth": 1}):
            move = engine.play(Position.initial(), **limit)
            assert isinstance(move, Move) and move.coords() in _legal(START), limit
    # a position string and a Position are the same position: two engines of one seed, fresh
    # (one engine keeps its tables between searches, so a second search may differ)
    played = []
    for position in (START, Position.initial()):
        with EngineClient.popen([*BUILT_IN, "--seed", "5"]) as fresh:
            played.append(fresh.play(position, nodes=500))
    assert played[0] == played[1]
    with pytest.raises(EngineError, match="closed") as closed:
        engine.play(START, depth=1)
    assert closed.value.reason == "crash"


def test_an_analysis_has_a_score_and_a_principal_variation_of_moves(environment: None) -> None:
    with EngineClient.popen(" ".join(BUILT_IN)) as engine:
        analysis = engine.analyse(START, depth=4)
        assert isinstance(analysis, EngineAnalysis)
        assert analysis.depth == 4 and analysis.score is not None and analysis.score.kind == "cp"
        assert len(analysis.pv) == 4 and analysis.pv[0] == analysis.move
        pos = Position.initial()
        for move in analysis.pv:  # the variation alternates sides, each move legal in turn
            assert pos.is_legal(move)
            pos.play(move)
        won = engine.analyse(WIN_IN_1, depth=3)
        assert (won.score, won.move.coords(), [m.coords() for m in won.pv]) == (Score("win", 1), "c3-a1", ["c3-a1"])


def test_configure_sets_declared_options_and_refuses_others(environment: None) -> None:
    with EngineClient.popen(BUILT_IN) as engine:
        engine.configure({"Depth": 2})
        assert engine.analyse(START, movetime=60_000).depth == 2  # the depth, not the minute, ended it
        with pytest.raises(ArgumentError, match="no option 'Hash'"):
            engine.configure({"Hash": 64})
        with pytest.raises(ArgumentError, match="outside 1..64"):
            engine.configure({"Depth": 65})
        engine.configure({"Random": True})
        random_move = engine.analyse(START, depth=3)
        assert random_move.score is None and random_move.pv == (random_move.move,)
        with pytest.raises(ArgumentError, match="limit"):
            engine.play(START)
        with pytest.raises(ArgumentError, match="no move"):
            engine.play(ROUND_OVER, depth=1)
        assert engine.fill(ROUND_OVER) in (Fill.LEFT, Fill.RIGHT)


@pytest.mark.parametrize(
    ("mode", "reason", "message"),
    [
        ("crash", "crash", "exited with status 3"),
        ("hang", "time forfeit", "no answer to 'go' within"),
        ("garbage", "garbage", "bestmove banana"),
        ("empty", "garbage", "not 'bestmove FROM-TO'"),
        ("illegal", "illegal move", "a1-a2, an illegal move"),
        ("flood", "flood", "more than"),
    ],
)
def test_a_misbehaving_engine_raises_an_engine_error_and_is_stopped(misbehaving: str, mode: str, reason: str, message: str) -> None:
    engine = EngineClient.popen([sys.executable, misbehaving, mode])
    assert engine.id["name"] == f"bad {mode}" and engine.options["Hash"].max == 1024
    with pytest.raises(EngineError, match=message) as error:
        engine.play(START, movetime=100, timeout=1.0)
    assert error.value.reason == reason and "bad.py" in str(error.value)
    with pytest.raises(EngineError, match="closed"):
        engine.ping()


def test_words_after_bestmove_are_ignored_and_the_pv_kept_while_legal(misbehaving: str) -> None:
    with EngineClient.popen([sys.executable, misbehaving, "ponder"]) as engine:
        analysis = engine.analyse(START, movetime=100)
        assert analysis.move.coords() == "d8-d4" and analysis.score == Score("cp", 5)
        assert [m.coords() for m in analysis.pv] == ["d8-d4", "a1-a2"]  # ("zz" is no move)
        with pytest.raises(EngineError, match="fill upwards") as error:
            engine.fill(ROUND_OVER)
        assert error.value.reason == "garbage"


def test_an_engine_that_never_shakes_hands_or_cannot_start_raises(misbehaving: str, tmp_path: Path) -> None:
    with pytest.raises(EngineError, match="no answer to 'kep' within 500 ms") as mute:
        EngineClient.popen([sys.executable, misbehaving, "mute"], timeout=0.5)
    assert mute.value.reason == "time forfeit"
    with pytest.raises(EngineError, match="cannot start") as missing:
        EngineClient.popen(str(tmp_path / "no-such-engine"))
    assert missing.value.reason == "crash"
    with pytest.raises(ArgumentError):
        EngineClient.popen("   ")


def test_the_example_engine_plays_legal_moves_and_fills_through_the_client() -> None:
    positions = [rec.position for seed in range(3) for rec in random_walk(seed, "Standard", 40) if rec.position.legal_moves()]
    with EngineClient.popen([sys.executable, str(EXAMPLE)]) as engine:
        assert engine.id["name"] == "random_engine.py"
        for position in positions[::4]:
            assert position.is_legal(engine.play(position, movetime=100))
        assert engine.fill(ROUND_OVER) in (Fill.LEFT, Fill.RIGHT)


def test_the_example_engine_plays_the_built_in_engine_in_the_arena(environment: None, tmp_path: Path) -> None:
    out = tmp_path / "out.kmr"
    example = f"{sys.executable} {EXAMPLE}"
    r = subprocess.run(
        [sys.executable, "-m", "kamisado_notation.cli.app", "arena", example, " ".join(BUILT_IN),
         "--games", "2", "--match", "single", "--movetime", "50", "--grace", "1000", "-o", str(out), "--json"],
        check=False, capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    assert validate_text(text).valid and "Termination" not in text and text.count("[Result") == 2
    engines = json.loads(r.stdout)["engines"]
    assert [e["name"] for e in engines] == ["random_engine.py", "kamisado-notation 0.1.0 (alpha-beta)"]
    assert engines[0]["matches_won"] + engines[1]["matches_won"] == 2


def test_the_arena_and_the_client_share_one_handshake_and_one_error(misbehaving: str) -> None:
    assert EngineFault is EngineError  # (one type to catch, the arena's faults and the client's)
    process = EngineProcess(f"{sys.executable} {misbehaving} ponder")
    process.start()
    try:
        said = hello(process, 10.0)
    finally:
        process.close()
    assert said.id == {"name": "bad ponder"} and list(said.options) == ["Hash"]
    assert said.setoption_lines([("Hash", "064")]) == ["setoption name Hash value 64"]
    with pytest.raises(ArgumentError, match="outside 1..1024"):
        said.setoption_lines([("Hash", 0)])
    with pytest.raises(ArgumentError, match="declares no option 'Depth' \\(it declares: Hash\\)"):
        said.setoption_lines([("Depth", 3)])
    mute = EngineProcess(f"{sys.executable} {misbehaving} mute")
    mute.start()
    try:
        with pytest.raises(EngineError, match="no answer to 'kep'") as late:
            hello(mute, 0.3)
    finally:
        mute.close()
    assert late.value.reason == "time forfeit"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("bestmove a1-a2", "illegal move"),
        ("bestmove banana", "garbage"),
        ("bestmove Red Left 2 Blue", "garbage"),  # (a move, not in coordinates)
        ("bestmove", "garbage"),
        ("bestmovex d8-d4", "garbage"),
    ],
)
def test_an_answer_is_read_as_the_rules_engine_sees_it(line: str, reason: str) -> None:
    position = Position.from_string(START)
    assert answered_move(position, "bestmove d8-d4 ponder a1-a2").coords() == "d8-d4"
    with pytest.raises(EngineError) as error:
        answered_move(position, line)
    assert error.value.reason == reason
    assert (answered_fill("fill RIGHT"), answered_fill("fill left")) == (Fill.RIGHT, Fill.LEFT)
    with pytest.raises(EngineError, match="not 'fill left' or 'fill right'"):
        answered_fill("fill left now")


def test_odd_numbers_from_an_engine_are_ignored_as_any_word_it_does_not_know(misbehaving: str) -> None:
    with EngineClient.popen([sys.executable, misbehaving, "odd-numbers"]) as engine:
        assert engine.options["Hash"].min is None and engine.options["Hash"].max == 1024
        analysis = engine.analyse(START, movetime=100)
        assert analysis.move.coords() == "d8-d4" and analysis.info is None  # (no score it could read)


@pytest.mark.parametrize(
    "limits",
    [
        {"movetime": math.nan}, {"movetime": math.inf}, {"movetime": 10**30}, {"movetime": 0}, {"movetime": 1.5},
        {"depth": -1}, {"nodes": True}, {"depth": 2, "timeout": math.nan}, {"depth": 2, "timeout": math.inf},
        {"depth": 2, "timeout": 0}, {"depth": 2, "timeout": 10**30},
    ],
)  # fmt: skip
def test_a_limit_no_wait_can_keep_is_refused_before_anything_is_sent(misbehaving: str, limits: dict[str, float]) -> None:
    with EngineClient.popen([sys.executable, misbehaving, "hang"], timeout=5.0) as engine:
        with pytest.raises(ArgumentError):
            engine.play(START, **limits)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError):
            engine.fill(ROUND_OVER, timeout=limits.get("timeout", math.nan))
        engine.ping()  # (nothing was sent: the engine still answers)
        with pytest.raises(ArgumentError):
            engine.timeout = math.nan


@pytest.mark.parametrize("timeout", [math.nan, math.inf, -1.0, 0, 10**30, True])
def test_a_handshake_timeout_no_wait_can_keep_is_refused_before_the_engine_starts(misbehaving: str, timeout: float) -> None:
    with pytest.raises(ArgumentError, match="timeout"):
        EngineClient.popen([sys.executable, misbehaving, "mute"], timeout=timeout)
