"""The solver (SPEC §12) against an exhaustive search written here, independently of
it: plain minimax over the rules engine's moves, every line followed to the round's end
or the depth, with no pruning, no table and no ordering. On random positions a few
turns from the end of random rounds (pushes, rings, forfeits and deadlocks included),
every proven result and its number of turns agree, and the best move keeps the result."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import random_start

from kamisado_notation import Position, Side, solve
from kamisado_notation.errors import ArgumentError
from kamisado_notation.play.solve import Solver

#: The exhaustive search's depth (turns): deep enough for forfeits, pushes and a
#: loser's choice of lines, shallow enough to be exhaustive in a test.
DEPTH = 5

Value = tuple[str, int] | None  # ("win"|"loss", turns) for the side to move, or unknown


def exhaustive(pos: Position, turns: int, memo: dict[tuple[str, int], Value]) -> Value:
    """The value of ``pos`` for the side to move when the round ends within ``turns``
    turns whatever the loser does (the winner's fastest, the loser's slowest), else
    ``None``. A turn: a move or a forfeit; a push keeps the pusher to move; a
    deadlock ends the round, lost by the last mover."""
    memo_key = (pos.to_string(), turns)
    if memo_key in memo:
        return memo[memo_key]
    side = pos.to_move
    value: Value
    if pos.winner is not None:
        value = ("win" if pos.winner is side else "loss", 0)
    elif not pos.has_moves() and pos.deadlock() is not None:
        value = ("loss" if pos.deadlock() is side else "win", 0)
    elif turns == 0:
        value = None
    else:
        children = []
        for move in pos.legal_moves() or [pos.forfeit_move()]:
            pos.play(move)
            child = exhaustive(pos, turns - 1, memo)
            mover_again = pos.to_move is side
            pos.undo()
            if child is None:
                children.append(None)
            else:
                result, n = child
                if not mover_again:
                    result = "loss" if result == "win" else "win"
                children.append((result, n + 1))
        wins = [n for v in children if v is not None and v[0] == "win" for n in [v[1]]]
        if wins:
            value = ("win", min(wins))
        elif all(v is not None for v in children):
            value = ("loss", max(v[1] for v in children if v is not None))
        else:
            value = None
    memo[memo_key] = value
    return value


def near_the_end(rng: random.Random) -> Position:
    """A position ``back`` turns before the end of a random round (a tower to move,
    not a free choice: 100 moves a turn is too many for the exhaustive search)."""
    while True:
        pos = random_start(rng)
        while pos.winner is None:
            moves = pos.legal_moves()
            if not moves and pos.deadlock() is not None:
                break
            pos.play(rng.choice(moves) if moves else pos.forfeit_move())
        back = rng.randint(1, 7)
        if len(pos.history) > back + 1:
            for _ in range(back):
                pos.undo()
            if pos.tower is not None:
                return pos.copy()


@settings(max_examples=80)
@given(st.randoms(use_true_random=False))
def test_proven_results_agree_with_an_exhaustive_search(rng: random.Random) -> None:
    pos = near_the_end(rng)
    truth = exhaustive(pos.copy(), DEPTH, {})
    answer = solve(pos, depth=DEPTH)
    if truth is not None:
        assert (answer.result, answer.turns) == truth, pos.to_string()
    elif answer.proven:
        # proven beyond the exhaustive depth (the solver sees a win on the turn after
        # its horizon): the exhaustive search, deeper, agrees
        assert answer.turns is not None and answer.turns > DEPTH
        assert exhaustive(pos.copy(), answer.turns, {}) == (answer.result, answer.turns), pos.to_string()


@settings(max_examples=60)
@given(st.randoms(use_true_random=False))
def test_the_best_move_keeps_the_result(rng: random.Random) -> None:
    pos = near_the_end(rng)
    answer = solve(pos, depth=DEPTH)
    if not answer.proven or answer.turns is None or answer.turns > DEPTH + 1:
        return
    assert answer.best is not None and answer.turns is not None
    assert answer.pv[0] == answer.best and len(answer.pv) == answer.turns
    after = pos.copy()
    after.play(answer.best)
    child = exhaustive(after, answer.turns - 1, {})
    same_side = after.to_move is pos.to_move
    flipped = answer.result if same_side else {"win": "loss", "loss": "win"}[answer.result]
    assert child == (flipped, answer.turns - 1), pos.to_string()
    line = pos.copy()
    for move in answer.pv:  # the variation is legal and ends the round
        line.play(move)
    assert line.winner is not None or line.deadlock() is not None


def test_a_tower_with_an_open_path_wins_in_one_turn() -> None:
    # Black must move red (b6): b6-b1 reaches Gold's home row
    pos = Position.from_string("y....o++../.p..k+.../.r.Pg++.../....Bn../......../..N.G.O+./K...R+++.b./.......Y+ b R")
    answer = solve(pos)
    assert (answer.result, answer.turns, answer.best and answer.best.coords()) == ("win", 1, "b6-b1")
    assert answer.as_dict()["pv"] == ["b6-b1"]


def test_a_finished_round_is_lost_by_the_side_to_move() -> None:
    pos = Position.from_string("obpkyrg./......../......../......../......../......../N......./nGRYKPBO g N")
    answer = solve(pos)
    assert (answer.result, answer.turns, answer.best, answer.pv) == ("loss", 0, None, ())


def test_unknown_within_a_small_budget() -> None:
    answer = solve(Position.initial(), depth=2)
    assert answer.result == "unknown" and answer.turns is None and answer.depth == 2
    assert answer.best in Position.initial().legal_moves()


def test_bad_arguments() -> None:
    nan, inf = float("nan"), float("inf")
    bad_limits = ({"depth": -1}, {"depth": 1.5}, {"time": 0}, {"time": "1"}, {"time": nan}, {"time": inf}, {"time": -inf}, {"time": 1e300},
                  {"nodes": 0}, {"nodes": 1.0}, {"nodes": True}, {"nodes": nan})
    for bad in bad_limits:  # (a NaN compares false with everything: a search bounded by it never ended)
        try:
            solve(Position.initial(), **bad)  # type: ignore[arg-type]
        except ArgumentError:
            continue
        raise AssertionError(bad)
    try:
        solve("obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -")  # type: ignore[arg-type]
    except TypeError as e:
        assert "Position" in str(e)
    else:
        raise AssertionError("a string is not a position")


def test_a_budget_of_nodes_gives_the_same_answer_every_time() -> None:
    """A budget counted in positions searched, not in seconds: the answer (the nodes
    counted too) is the same however loaded the machine."""
    pos = Position.from_string("y....o++.n/.p..k+.../.r.Pg++.../....B.../......../......O+./K...R+++.b./..G.N..Y+ b N")
    answers = {(a.result, a.turns, a.best, a.pv, a.nodes) for a in (solve(pos, nodes=3000) for _ in range(3))}
    assert len(answers) == 1
    (result, _turns, best, pv, nodes), = answers
    assert nodes <= 3000 + 200  # (a proof-number search stops at its next expansion)
    if result == "win":  # (proven, if not in its fewest turns, with a move that keeps it)
        assert best is not None and pv and pv[0] == best


def test_the_side_to_move_is_who_the_result_is_for() -> None:
    pos = Position.from_string("y....o++../.p..k+.../.r.Pg++.../....Bn../......../..N.G.O+./K...R+++.b./.......Y+ b R")
    assert pos.to_move is Side.BLACK and solve(pos).result == "win"


WON_IN_15 = "y....o++.n/.p..k+.../.r.Pg++.../....B.../......../......O+./K...R+++.b./..G.N..Y+ b N"


def test_the_command_prints_the_answer_and_its_json() -> None:
    from typer.testing import CliRunner

    from kamisado_notation.cli.app import app

    runner = CliRunner()
    r = runner.invoke(app, ["solve", "--json", WON_IN_15])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert {"position", "result", "turns", "best", "pv", "nodes", "seconds"} <= set(out)
    assert (out["result"], out["turns"], len(out["pv"]), out["best"]) == ("win", 15, 15, out["pv"][0])
    line = Position.from_string(WON_IN_15)
    for coords in out["pv"]:
        line.play_text(coords)
    assert line.winner is Side.BLACK
    r = runner.invoke(app, ["solve", WON_IN_15])
    assert r.exit_code == 0 and r.stdout.startswith("Black wins in 15 turns\n")
    r = runner.invoke(app, ["solve", "--depth", "3", WON_IN_15])
    assert r.exit_code == 0 and r.stdout.startswith("unknown for Black (searched 3 turns deep)")
    r = runner.invoke(app, ["solve", "obpkyrg./......../......../......../......../......../N......./nGRYKPBO g N"])
    assert r.exit_code == 0 and r.stdout.startswith("the round is over: Gold has lost\n")
    r = runner.invoke(app, ["solve", "obpkyrgn/8 b -"])
    assert r.exit_code == 2 and "bad position string" in r.stderr


def test_every_move_judged() -> None:
    """``--all-moves``: each legal move's value for the side to move, the wins first;
    here Black's one winning move is the solver's best, every other loses (each checked
    by solving the position after it)."""
    from typer.testing import CliRunner

    from kamisado_notation.cli.app import app
    from kamisado_notation.play.solve import solve_moves

    pos = Position.from_string(WON_IN_15)
    values = solve_moves(pos)
    assert sorted(v.move.coords() for v in values) == sorted(m.coords() for m in pos.legal_moves())
    assert (values[0].move, values[0].result, values[0].turns) == (solve(pos).best, "win", 15)
    for value in values[1:]:
        child = pos.copy()
        child.play(value.move)
        assert value.result == "loss" and solve(child).result == ("win" if child.to_move is Side.GOLD else "loss")
    r = CliRunner().invoke(app, ["solve", "--all-moves", "--json", WON_IN_15])
    assert r.exit_code == 0 and r.stderr == ""  # (piped: no progress line)
    out = json.loads(r.stdout)
    assert out["moves"][0] == {"move": values[0].move.coords(), "result": "win", "turns": 15}
    assert [m["move"] for m in out["moves"]] == [v.move.coords() for v in values]
    r = CliRunner().invoke(app, ["solve", "--all-moves", WON_IN_15])
    assert r.stdout.splitlines()[0] == f"{values[0].move.coords()} ({values[0].move}): Black wins in 15 turns"


def _engine_answers(position: str) -> list[str]:
    """The engine's lines for ``go`` in ``position``, with a minute a move: the solver's
    sixth of it (10 s) proves these positions in a fraction of that even on a busy
    machine, and answers as soon as it has."""
    import io

    from kamisado_notation.play.builtin import serve
    from kamisado_notation.play.search import Searcher

    out = io.StringIO()
    serve(Searcher(), name="t", author="t", stdin=io.StringIO(f"position {position}\ngo movetime 60000\n"), stdout=out)
    return out.getvalue().splitlines()


def test_the_engine_plays_a_proven_win_fastest_and_says_so() -> None:
    lines = _engine_answers(WON_IN_15)
    info = next(line for line in lines if line.startswith("info "))
    assert " score win 15 " in info
    assert len(info.split(" pv ")[1].split()) == 15  # the principal variation to the end
    move = lines[-1].removeprefix("bestmove ")
    after = Position.from_string(WON_IN_15)
    after.play_text(move)
    assert (solve(after).result, solve(after).turns) == ("loss", 14)  # the win kept, no slower


def test_the_engine_holds_out_longest_in_a_proven_loss() -> None:
    # Gold to move in the position after Black's best first move of WON_IN_15
    start = Position.from_string(WON_IN_15)
    start.play_text("h8-f6")
    lost = start.to_string()
    lines = _engine_answers(lost)
    assert any(" score loss 14 " in line for line in lines if line.startswith("info "))
    after = Position.from_string(lost)
    after.play_text(lines[-1].removeprefix("bestmove "))
    assert (solve(after).result, solve(after).turns) == ("win", 13)


@settings(max_examples=60)
@given(st.randoms(use_true_random=False))
def test_proof_numbers_agree_with_the_exhaustive_search(rng: random.Random) -> None:
    """The proof-number search (the deepening stopped after one turn) proves exactly what
    the exhaustive search does within the depth, with the same turns, and its variation
    is legal and ends the round in that many turns."""
    pos = near_the_end(rng)
    truth = exhaustive(pos.copy(), DEPTH, {})
    answer = Solver(deepening=1).solve(pos, depth=DEPTH)
    assert ((answer.result, answer.turns) if answer.proven else None) == truth, pos.to_string()
    if answer.proven:
        assert answer.turns is not None and len(answer.pv) == answer.turns and answer.best == answer.pv[0]
        line = pos.copy()
        for move in answer.pv:
            line.play(move)
        assert line.winner is not None or line.deadlock() is not None


@settings(max_examples=25)
@given(st.randoms(use_true_random=False))
def test_one_solver_across_a_round_answers_as_fresh_ones(rng: random.Random) -> None:
    """A round's positions solved from its end back with one solver (its tables kept,
    as ``analyze`` does) get the answers a fresh solver gives each: what a table keeps
    of one position holds for the others (the proof-number search's table included)."""
    pos = near_the_end(rng)
    line = [pos.copy()]
    while line[-1].winner is None and (line[-1].has_moves() or line[-1].deadlock() is None):
        nxt = line[-1].copy()
        moves = nxt.legal_moves()
        nxt.play(rng.choice(moves) if moves else nxt.forfeit_move())
        line.append(nxt)
    shared = Solver(deepening=1)
    for position in reversed(line):
        a, b = shared.solve(position, depth=DEPTH + 2), Solver(deepening=1).solve(position, depth=DEPTH + 2)
        assert (a.result, a.turns) == (b.result, b.turns), position.to_string()


#: A round that ends in a deadlock: Black wins in 8 turns (Gold's last move is into the
#: deadlock). The transposition table once kept a win seen a turn beyond its search's
#: depth as if it were the fastest, and read this as a win in 9.
DEADLOCK_IN_8 = "...p..b./.......n+++/Ko++y+r+g+++.../P++..R..Y./B+......./......../.....O.k++/.N+++..G... b G"


def test_the_turns_to_a_deadlock_are_the_fewest_with_every_method() -> None:
    pos = Position.from_string(DEADLOCK_IN_8)
    assert exhaustive(pos.copy(), 8, {}) == ("win", 8)
    for solver in (Solver(), Solver(table=False), Solver(deepening=1), Solver(proof=False)):
        answer = solver.solve(pos)
        assert (answer.result, answer.turns, len(answer.pv)) == ("win", 8, 8)
        line = pos.copy()
        for turns_left, move in zip(range(8, 0, -1), answer.pv, strict=True):
            here = solve(line)
            assert here.turns == turns_left and here.result == ("win" if line.to_move is Side.BLACK else "loss")
            line.play(move)
        assert line.deadlock() is Side.GOLD
