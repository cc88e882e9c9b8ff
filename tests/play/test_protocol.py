"""The engine protocol of docs/engines.md through the built-in engine as a real process
(``kamisado engine``): every ``go`` limit, ``stop``, ``isready`` during a search, the
options and ``setoption``, ``info`` lines with scores in units and a principal variation
checked move by move by the rules engine; and the protocol's shared values (``go``,
``info``, ``option``, ``setoption``, ``bestmove``) written and read back."""

from __future__ import annotations

import os
import queue
import random
import subprocess
import sys
import threading
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import Position, Side
from kamisado_notation.play.protocol import (
    EngineOption,
    Go,
    Info,
    Score,
    parse_bestmove,
    parse_go,
    parse_info,
    parse_option,
    parse_setoption,
    setoption_line,
)
from tests.support.paths import ROOT
from tests.support.walks import random_walk

START = "obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -"
#: Black's pink on c3 has an open path to a1 (Gold's brown stands on a3): a win in 1.
WIN_IN_1 = "obp.yrgn/......../......../......../......../N.k...../......../.GRYKPBO b K"
#: Long enough for any answer on a busy machine: a wait for a line that never comes
#: fails the test after it instead of hanging the suite.
PATIENCE = 60.0


class Engine:
    """``kamisado engine`` (with ``args``) as a process: lines written to it, its lines
    read by a thread so that every wait has a deadline."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "kamisado_notation.cli.app", "engine", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("".join(line + "\n" for line in lines))
        self.proc.stdin.flush()

    def until(self, first_word: str) -> list[str]:
        """The lines up to and including the first starting with ``first_word``."""
        seen = []
        while True:
            line = self.lines.get(timeout=PATIENCE)
            assert line is not None, f"the engine exited; it wrote {seen}"
            seen.append(line)
            if line.split()[:1] == [first_word]:
                return seen

    def pending(self) -> list[str]:
        """The lines written so far and not yet read."""
        out = []
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return out
            if line is not None:
                out.append(line)

    def close(self) -> int:
        self.send("quit")
        code = self.proc.wait(timeout=PATIENCE)
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return code


@pytest.fixture
def engine() -> Engine:
    return Engine()


def _infos(lines: list[str]) -> list[Info]:
    return [parse_info(line) for line in lines if line.startswith("info ")]


def _replay(position: str, pv: tuple[str, ...]) -> Position:
    """The position after the principal variation, every move checked by the rules
    engine (forfeits included, written as the blocked tower's square twice)."""
    pos = Position.from_string(position)
    for move in pv:
        pos.play_text(move)
    return pos


def test_the_handshake_declares_the_options_and_setoption_changes_them(engine: Engine) -> None:
    engine.send("kep")
    lines = engine.until("kepok")
    options = {o.name: o for o in (parse_option(line) for line in lines) if o is not None}
    assert options == {
        "Depth": EngineOption("Depth", "spin", "64", 1, 64),
        "Random": EngineOption("Random", "check", "false"),
        "Variety": EngineOption("Variety", "spin", "10", 0, 1000),
    }
    engine.send("setoption name Depth value 3", "setoption name variety value 0", f"position {START}", "go movetime 60000")
    infos = _infos(engine.until("bestmove"))
    assert [i.depth for i in infos] == [1, 2, 3]  # the time allows more: the depth stopped it (the best move: no line more)
    engine.send("setoption name Depth value 0", "setoption name Bogus value 1", "isready")
    errors = engine.until("readyok")
    assert errors[0] == "info error option Depth: 0 is outside 1..64"
    assert errors[1].startswith("info error no such option: Bogus")
    engine.send("setoption name Random value true", "go depth 5")
    assert engine.until("bestmove") and engine.close() == 0  # (a random move: no info line)


def test_go_depth_reports_every_depth_with_a_legal_principal_variation_of_that_length(engine: Engine) -> None:
    positions = [rec.position.to_string() for seed in range(6) for rec in random_walk(seed, "Standard", 12)]
    checked = 0
    for position in positions[::5]:
        pos = Position.from_string(position)
        if not pos.legal_moves():
            continue
        engine.send(f"position {position}", "go depth 4")
        lines = engine.until("bestmove")
        bestmove = parse_bestmove(lines[-1])
        infos = _infos(lines)
        assert infos, lines
        last = infos[-1]
        assert last.pv[0] == bestmove
        after = _replay(position, last.pv)
        assert last.score is not None
        if not last.score.proven:
            # no round's end seen: the variation runs the whole depth (forfeits are extra)
            plies = sum(1 for move in last.pv if move[:2] != move[3:5])
            assert (last.depth, plies) == (4, 4), (position, last)
        else:
            assert after.outcome() is not None  # a proven score's variation ends the round
        checked += 1
    assert checked >= 5
    engine.close()


def test_a_win_the_search_sees_is_scored_in_turns(engine: Engine) -> None:
    # go nodes: the solver is not asked, so the search itself finds the win in 1
    engine.send(f"position {WIN_IN_1}", "go nodes 5000")
    lines = engine.until("bestmove")
    info = _infos(lines)[-1]
    assert (info.score, info.pv, lines[-1]) == (Score("win", 1), ("c3-a1",), "bestmove c3-a1")
    assert _replay(WIN_IN_1, info.pv).winner is Side.BLACK
    engine.close()


def test_go_nodes_stops_at_the_count_and_plays_the_same_move_each_time() -> None:
    """With a seed (without one each engine draws its own, to break ties its own way)."""
    answers = []
    for _ in range(2):
        engine = Engine("--seed", "5")
        engine.send(f"position {START}", "go nodes 3000")
        lines = engine.until("bestmove")
        infos = _infos(lines)
        assert all(i.nodes is not None and i.nodes <= 3000 for i in infos)
        answers.append([(i.depth, i.score, i.nodes, i.pv) for i in infos] + [lines[-1]])
        engine.close()
    assert answers[0] == answers[1]


def test_go_infinite_answers_isready_at_once_and_bestmove_only_after_stop(engine: Engine) -> None:
    engine.send(f"position {START}", "go infinite", "isready")
    before = engine.until("readyok")
    assert not any(line.startswith("bestmove") for line in before)
    engine.send("isready")
    assert not any(line.startswith("bestmove") for line in engine.until("readyok"))
    engine.send("stop")
    lines = engine.until("bestmove")
    move = parse_bestmove(lines[-1])
    assert move is not None and move in {m.coords() for m in Position.from_string(START).legal_moves()}
    engine.send("stop", "isready")  # a stop with no search: nothing to answer
    assert engine.until("readyok") == ["readyok"]
    engine.close()


def test_stop_ends_the_solvers_share_too_with_a_searched_move(engine: Engine) -> None:
    # ten minutes a move: the solver's sixth (100 s, more than PATIENCE) is what stop ends
    engine.send(f"position {START}", "go movetime 600000", "isready")
    engine.until("readyok")
    engine.send("stop")
    lines = engine.until("bestmove")
    infos = _infos(lines)
    assert infos and infos[-1].depth is not None and infos[-1].depth >= 1  # (depth 1 always finishes)
    assert infos[-1].pv[0] == parse_bestmove(lines[-1])
    engine.close()


def test_a_new_command_ends_an_infinite_search_first(engine: Engine) -> None:
    engine.send(f"position {START}", "go infinite", f"position {WIN_IN_1}", "go depth 3")
    lines = engine.until("bestmove")
    assert parse_bestmove(lines[-1]) in {m.coords() for m in Position.from_string(START).legal_moves()}
    assert engine.until("bestmove")[-1] == "bestmove c3-a1"
    engine.close()


def test_the_clock_gives_a_move_and_unknown_commands_are_ignored(engine: Engine) -> None:
    engine.send("ucinewgame", "newmatch 3", f"position {START}", "go btime 3000 gtime 3000 binc 100 ginc 100 movestogo x")
    lines = engine.until("bestmove")
    assert parse_bestmove(lines[-1]) in {m.coords() for m in Position.from_string(START).legal_moves()}
    assert all(line.startswith("info depth ") for line in lines[:-1])
    engine.send("go wtime 10", "isready")  # the position is still set: a chess clock word is ignored, 100 ms
    assert engine.until("readyok")[-1] == "readyok" and engine.until("bestmove")
    assert engine.close() == 0


def test_limits_of_zero_still_give_a_move(engine: Engine) -> None:
    legal = {m.coords() for m in Position.from_string(START).legal_moves()}
    for go in ("go movetime 0", "go depth 0", "go nodes 0", "go btime 0 gtime 0", "go"):
        engine.send(f"position {START}", go)
        lines = engine.until("bestmove")
        assert parse_bestmove(lines[-1]) in legal, go
        assert all(line.startswith("info depth ") for line in lines[:-1]), lines
    engine.close()


def test_quit_during_a_search_ends_the_engine(engine: Engine) -> None:
    engine.send(f"position {START}", "go infinite")
    assert engine.close() == 0


@settings(max_examples=200)
@given(
    side=st.sampled_from(list(Side)),
    left=st.integers(1, 10**7),
    inc=st.none() | st.integers(0, 10**5),
    to_go=st.none() | st.integers(1, 100),
)
def test_the_clocks_share_is_never_more_than_a_third_of_the_time_left(side: Side, left: int, inc: int | None, to_go: int | None) -> None:
    other = random.Random(left).randint(1, 10**7)
    go = Go(btime=left if side is Side.BLACK else other, gtime=other if side is Side.BLACK else left, binc=inc, ginc=inc, movestogo=to_go)
    share = go.time_for(side)
    assert share is not None and 1 <= share <= max(1, left // 3)
    assert Go(movetime=70, btime=left).time_for(side) == 70
    assert Go(depth=3).time_for(side) is None


_WORD = st.text(alphabet="abcdefghXYZ0123-_", min_size=1, max_size=8)
_MOVE = st.builds(lambda a, b, c, d: f"{a}{b}-{c}{d}", *(st.sampled_from("abcdefgh"), st.sampled_from("12345678")) * 2)


@given(
    go=st.builds(
        Go,
        movetime=st.none() | st.integers(0, 10**6),
        depth=st.none() | st.integers(0, 64),
        nodes=st.none() | st.integers(0, 10**9),
        infinite=st.booleans(),
        btime=st.none() | st.integers(0, 10**7),
        gtime=st.none() | st.integers(0, 10**7),
        binc=st.none() | st.integers(0, 10**5),
        ginc=st.none() | st.integers(0, 10**5),
        movestogo=st.none() | st.integers(0, 100),
    )
)
def test_a_go_line_reads_back_as_written(go: Go) -> None:
    assert parse_go(go.line()) == go


@given(
    info=st.builds(
        Info,
        depth=st.none() | st.integers(0, 64),
        score=st.none()
        | st.builds(Score, st.just("cp"), st.integers(-(10**6), 10**6))
        | st.builds(Score, st.sampled_from(["win", "loss"]), st.none() | st.integers(0, 300)),
        nodes=st.none() | st.integers(0, 10**12),
        nps=st.none() | st.integers(0, 10**9),
        time=st.none() | st.integers(0, 10**9),
        pv=st.lists(_MOVE, max_size=20).map(tuple),
        string=st.none() | st.lists(_WORD, min_size=1, max_size=5).map(" ".join),
    )
)
def test_an_info_line_reads_back_as_written(info: Info) -> None:
    assert parse_info(info.line()) == info


def test_info_lines_from_other_engines_are_read_leniently() -> None:
    assert parse_info("info depth 4 score 132 pv e8-e4 h1-h4") == Info(depth=4, score=Score("cp", 132), pv=("e8-e4", "h1-h4"))
    assert parse_info("info score win nodes 12 seldepth 9 currmove a1-a2") == Info(score=Score("win", None), nodes=12)
    assert parse_info("info depth x score mate 3 time -") == Info()
    assert parse_info("info string hello   world pv a1-a2") == Info(string="hello world pv a1-a2")


@given(
    option=st.builds(
        EngineOption,
        name=st.lists(_WORD.filter(lambda w: w not in ("type",)), min_size=1, max_size=3).map(" ".join),
        type=st.sampled_from(["spin", "check", "string", "combo", "button"]),
        default=st.none() | st.lists(_WORD.filter(lambda w: w not in ("min", "max", "var")), min_size=1, max_size=3).map(" ".join),
        min=st.none() | st.integers(-100, 100),
        max=st.none() | st.integers(-100, 100),
        vars=st.lists(_WORD.filter(lambda w: w not in ("min", "max", "var", "default")), max_size=3).map(tuple),
    )
)
def test_an_option_line_reads_back_as_written(option: EngineOption) -> None:
    assert parse_option(option.line()) == option


def test_option_values_are_checked_against_the_declaration() -> None:
    depth, check = EngineOption("Depth", "spin", "4", 1, 30), EngineOption("Ponder", "check", "false")
    assert (depth.value_text(7), depth.value_text("30"), check.value_text(True), check.value_text("FALSE")) == ("7", "30", "true", "false")
    for option, bad in ((depth, 31), (depth, "x"), (check, "yes"), (EngineOption("Style", "combo", "a", vars=("a", "b")), "c")):
        with pytest.raises(ValueError, match=option.name):
            option.value_text(bad)
    assert parse_option("option name Depth type float default 1") is None
    assert parse_option("option type spin") is None


def test_setoption_and_bestmove_lines() -> None:
    assert parse_setoption(setoption_line("Skill Level", "very high")) == ("Skill Level", "very high")
    assert parse_setoption("setoption name Clear Hash") == ("Clear Hash", "")
    assert parse_setoption("setoption value 3") is None
    assert parse_bestmove("bestmove b8-b2 ponder a1-a2") == "b8-b2"
    assert parse_bestmove("bestmove d5-d4* ponder") == "d5-d4*"
    assert parse_bestmove("bestmove") is None and parse_bestmove("fill left") is None


def test_the_engines_page_shows_the_example_engine_whole_and_a_transcript_that_holds() -> None:
    text = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
    example = text.split("## The example engine", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert example == (ROOT / "examples" / "random_engine.py").read_text(encoding="utf-8")
    transcript = text.split("A transcript (", 1)[1].split("```\n", 2)[1]
    position, checked = None, 0
    for line in transcript.splitlines():
        if line.startswith("> position "):
            position = Position.from_string(line.removeprefix("> position "))
        elif line.startswith("< bestmove "):
            assert position is not None and position.is_legal(position.parse_move(line.split()[2]))
            checked += 1
        elif line.startswith("< info "):
            info = parse_info(line[2:])
            assert position is not None and info.score is not None
            _replay(position.to_string(), info.pv)
    assert checked == 4


def test_the_fourth_field_is_written_after_a_push_as_the_pages_say() -> None:
    position = Position.from_string("o.pkyrgn/......../....b++.../....Y.../....K+.../......../......../NGR..PBO b B")
    position.play_text("e6-e5*")
    after = position.to_string()
    assert after == "o.pkyrgn/......../......../....b++.../....Y.../....K+.../......../NGR..PBO b R b"
    for page in ("engines.md", "notation.md"):
        assert after in (ROOT / "docs" / page).read_text(encoding="utf-8"), page


def test_a_seed_chooses_repeatably_ties_only_at_variety_0_and_within_the_margin_by_default() -> None:
    from kamisado_notation.play.search import DEFAULT_VARIETY, Limits, Searcher

    limits = Limits(depth=3, nodes=10**9)  # (a node count: the search alone, no solver)
    positions = [Position.initial()] + [rec.position for seed in range(4) for rec in random_walk(seed, "Standard", 10)][::7]
    chosen = set()
    for position in positions:
        if len(position.legal_moves()) < 2:
            continue
        plain = Searcher(variety=0).search(position, limits)
        for seed in range(8):
            seeded = Searcher(seed=seed, variety=0).search(position, limits)
            assert seeded.score == plain.score  # the same value: a tie broken, never a worse move
            varied = Searcher(seed=seed).search(position, limits)
            assert plain.score - DEFAULT_VARIETY <= varied.score <= plain.score
            assert varied == replace(Searcher(seed=seed).search(position, limits), seconds=varied.seconds)
            if position == Position.initial():
                chosen.add(seeded.move.coords())
    assert len(chosen) > 1  # the start is symmetric: its best moves come in mirrored pairs


# -- numbers: ASCII digits, bounded, finite (kamisado_notation.numbers)

#: Numbers no engine means: a superscript and Arabic-Indic digits (``str.isdigit`` and
#: ``int`` take them), 5,000 digits, two signs, a float, infinity.
ODD_NUMBERS = ("²", "٣", "1" * 5000, "--5", "1.5", "inf", "nan", "1e3", "")


@pytest.mark.parametrize("odd", ODD_NUMBERS)
def test_an_odd_number_on_any_protocol_line_is_ignored_never_raised(odd: str) -> None:
    assert parse_go(f"go movetime {odd} depth 3") == Go(depth=3)
    assert parse_info(f"info depth {odd} nodes {odd} score cp {odd} time 5") == Info(time=5)
    assert parse_info(f"info score {odd}") == Info()
    option = parse_option(f"option name Hash type spin default 16 min {odd} max {odd}")
    assert option == EngineOption("Hash", "spin", "16")
    with pytest.raises(ValueError, match="Hash"):
        EngineOption("Hash", "spin", "16", 1, 99).value_text(odd)


def test_the_built_in_engine_ignores_an_odd_go_limit_and_keeps_answering(engine: Engine) -> None:
    for odd in ("²", "1" * 5000):
        engine.send(f"position {START}", f"go movetime {odd} depth 1")
        assert engine.until("bestmove")[-1].split()[1] in {m.coords() for m in Position.initial().legal_moves()}
    engine.send("isready")
    assert engine.until("readyok") == ["readyok"]
