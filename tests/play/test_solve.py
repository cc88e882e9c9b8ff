"""The solver (docs/analysis.md) against an exhaustive search (tests/support/minimax.py), independently of
it: plain minimax over the rules engine's moves, every line followed to the round's end
or the depth, with no pruning, no table and no ordering. On random positions a few
turns from the end of random rounds (pushes, rings, forfeits and deadlocks included),
every proven result and its number of turns agree, and the best move keeps the result."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation import Position, Side, solve
from kamisado_notation.errors import ArgumentError
from kamisado_notation.play.solve import Solver
from tests.support.minimax import DEPTH, exhaustive, near_the_end


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
    assert out["moves"][0] == {"move": values[0].move.coords(), "result": "win", "turns": 15, "within": 15}
    assert [m["move"] for m in out["moves"]] == [v.move.coords() for v in values]
    r = CliRunner().invoke(app, ["solve", "--all-moves", WON_IN_15])
    assert r.stdout.splitlines()[0] == f"{values[0].move.coords()} ({values[0].move}): Black wins in 15 turns"


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_every_moves_value_agrees_with_an_exhaustive_search_of_the_position_after_it(rng: random.Random) -> None:
    """``solve_moves``: each move's result and turns, this move counted, are those an
    exhaustive search of the position after it finds (the moves that keep a fastest win
    are told by one proof each, the others solved; both must agree with the search)."""
    from kamisado_notation.play.solve import solve_moves

    pos = near_the_end(rng)
    for value in solve_moves(pos, depth=DEPTH):
        after = pos.copy()
        after.play(value.move)
        truth = exhaustive(after, DEPTH - 1, {})
        if truth is None or value.result == "unknown":
            continue
        result = truth[0] if after.to_move is pos.to_move else {"win": "loss", "loss": "win"}[truth[0]]
        assert (value.result, value.turns) == (result, truth[1] + 1), (pos.to_string(), value.move.coords())


def _move_values(pos: Position) -> dict[str, tuple[str, int] | None]:
    """Each move's result and turns (this move counted) for the side to move: the
    exhaustive search's of the position after it, or, past its reach, the plain
    alpha-beta's (``Solver(proof=False)``) a few turns deeper; ``None`` beyond both."""
    values: dict[str, tuple[str, int] | None] = {}
    for move in pos.legal_moves():
        after = pos.copy()
        after.play(move)
        truth = exhaustive(after, DEPTH, {})
        if truth is None:
            deeper = Solver(proof=False).solve(after, depth=DEPTH + 4)
            truth = (deeper.result, deeper.turns) if deeper.turns is not None else None
        flip = after.to_move is not pos.to_move
        values[move.coords()] = None if truth is None else ({"win": "loss", "loss": "win"}[truth[0]] if flip else truth[0], truth[1] + 1)
    return values


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_every_move_classified_without_limits_as_the_exhaustive_search_finds(rng: random.Random) -> None:
    """``solve_moves`` with no limits (each position after a move proven by proof numbers
    at once, one proof table for all the moves): every move gets its result and exact
    turns, those the searches without proof numbers find (where they reach every move)."""
    from kamisado_notation.play.solve import solve_moves

    pos = near_the_end(rng)
    truth = _move_values(pos)
    if None in truth.values():
        return  # (a move beyond the searches' reach)
    values = solve_moves(pos)
    assert {v.move.coords(): (v.result, v.turns) for v in values} == truth, pos.to_string()


def _mirrored(pos: Position) -> Position:
    """``pos`` with the board's files reversed, each tower the colour its square's colour
    turns into (written here from the board's colours, not from the solver's)."""
    from kamisado_notation.engine.board import SQUARE_COLOURS

    turn = {SQUARE_COLOURS[sq].letter: SQUARE_COLOURS[sq ^ 7].letter for sq in range(64)}
    ranks, *rest = pos.to_string().split()
    mirrored = []
    for rank in ranks.split("/"):
        towers = re.findall(r"\.|[a-zA-Z]\+*", rank)[::-1]
        mirrored.append("".join(t if t == "." else (turn[t[0].upper()].lower() if t[0].islower() else turn[t[0]]) + t[1:] for t in towers))
    if rest[1] != "-":
        rest[1] = turn[rest[1].upper()] if rest[1].isupper() else turn[rest[1].upper()].lower()
    return Position.from_string(" ".join(["/".join(mirrored), *rest]))


def _reflect(coords: str) -> str:
    return coords.translate(str.maketrans("abcdefgh", "hgfedcba"))


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_mirror_image_has_the_same_values_its_moves_reflected(rng: random.Random) -> None:
    """The board is its own mirror image up to the colours' names, so a position's mirror
    image has the same moves' values, each move reflected (what lets ``solve_moves``
    take a twin's answer)."""
    from kamisado_notation.play.solve import solve_moves

    pos = near_the_end(rng)
    values = {v.move.coords(): (v.result, v.turns) for v in solve_moves(pos, depth=DEPTH)}
    mirrored = {_reflect(v.move.coords()): (v.result, v.turns) for v in solve_moves(_mirrored(pos), depth=DEPTH)}
    assert values == mirrored, pos.to_string()


def test_the_starts_first_moves_in_mirror_pairs_each_solved() -> None:
    """At the standard start the first moves pair up by the mirror (``h8-h2`` and
    ``a8-a2``); a move that takes its twin's answer has its own line, legal, ending the
    round in its turns, and the exhaustive search's value."""
    from kamisado_notation.play.solve import solve_moves

    start = Position.initial()
    assert _mirrored(start) == start
    values = solve_moves(start, depth=5)
    exact = [v for v in values if v.turns is not None]
    assert sorted(v.move.coords() for v in exact) == sorted(_reflect(v.move.coords()) for v in exact) and len(exact) >= 4
    for value in exact:
        after = start.copy()
        after.play(value.move)
        assert exhaustive(after.copy(), value.turns - 1, {}) == ("win" if value.result == "loss" else "loss", value.turns - 1)
        for move in value.answer.pv:
            after.play(move)
        assert len(value.answer.pv) == value.turns - 1 and (after.winner is not None or after.deadlock() is not None)


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


# -- memory: a bound in megabytes, counted in entries

def test_a_bound_of_memory_bounds_every_table_and_tree_in_entries() -> None:
    """With 1 MB the solver keeps at most the entries its bound counts (the tables start
    afresh when full, a proof that would keep more nodes stops unproven): each table's
    size looked at after every depth and proof, and the most nodes a proof kept; the
    bounds are reached (the search needs more than they hold), and never passed."""
    solver = Solver(memory=1)
    small, large = Solver(memory=1), Solver(memory=2)
    assert large.table_size > small.table_size and large.proof_table.size > small.proof_table.size and large.proof_nodes > small.proof_nodes
    seen: list[tuple[int, int]] = []
    solver.progress = lambda depth, nodes: seen.append((len(solver.table), len(solver.proof_table)))
    solver.solve(Position.initial(), nodes=120_000)
    assert seen and all(t <= solver.table_size and p <= solver.proof_table.size for t, p in seen)
    assert 0 < solver.peak_proof_nodes <= solver.proof_nodes
    assert solver.nodes > solver.table_size + solver.proof_nodes  # (more searched than kept)


def test_a_proof_keeps_no_more_nodes_than_it_is_given() -> None:
    from kamisado_notation.play.proof import prove

    for keep in (50, 500, 5000):
        answer = prove(Position.initial(), Side.BLACK, within=16, keep=keep, node_limit=100_000)
        assert answer.proven is None and answer.peak == keep  # (the bound reached, never passed)


def test_a_bound_of_memory_is_a_whole_number_of_megabytes() -> None:
    from typer.testing import CliRunner

    from kamisado_notation.cli.app import app

    for bad in (0, -5, 1.5, True, "300", 10**9):
        try:
            Solver(memory=bad)  # type: ignore[arg-type]
        except ArgumentError:
            continue
        raise AssertionError(bad)
    r = CliRunner().invoke(app, ["solve", "--memory", "0", WON_IN_15])
    assert r.exit_code == 2 and "Traceback" not in r.output
    r = CliRunner().invoke(app, ["solve", "--memory", "20", "--json", WON_IN_15])
    assert r.exit_code == 0 and json.loads(r.stdout)["turns"] == 15


@settings(max_examples=12)
@given(st.randoms(use_true_random=False))
def test_a_tight_bound_of_memory_changes_no_proven_answer(rng: random.Random) -> None:
    pos = near_the_end(rng)
    truth = exhaustive(pos.copy(), DEPTH, {})
    answer = Solver(memory=1, deepening=1).solve(pos, depth=DEPTH)
    assert ((answer.result, answer.turns) if answer.proven else None) == truth, pos.to_string()


# -- a proof's turns: an upper bound, never a claim of the fewest


@settings(max_examples=30)
@given(st.randoms(use_true_random=False))
def test_a_proofs_turns_are_an_upper_bound_that_holds(rng: random.Random) -> None:
    """A win proven within many turns says within how many its proof wins: no fewer than
    the fewest (the exhaustive search's), and a win within that many is proven again."""
    from kamisado_notation.play.proof import prove

    pos = near_the_end(rng)
    for side in Side:
        answer = prove(pos, side, within=DEPTH, node_limit=20_000)
        if not answer.proven:
            continue
        assert answer.turns is not None and answer.turns <= DEPTH
        truth = exhaustive(pos.copy(), answer.turns, {})
        assert truth is not None and truth[0] == ("win" if pos.to_move is side else "loss") and truth[1] <= answer.turns
        assert prove(pos, side, within=answer.turns).proven is True


#: Six turns into the opening's line the proof holds: Black wins in 9.
BLACK_WINS_IN_9 = "obpky.../......../......../.....r../.......n/.G....../....K.gO/N.RY.PB. b Y"


def test_a_win_whose_turns_are_not_found_says_its_proven_bound_only() -> None:
    """Out of nodes after the result is proven: ``turns`` stays unknown, ``within`` is
    the proof's bound (the fewest turns are no more), and the line's winner's moves win
    within it."""
    from typer.testing import CliRunner

    from kamisado_notation.cli.app import app

    pos = Position.from_string(BLACK_WINS_IN_9)
    assert (solve(pos).result, solve(pos).turns) == ("win", 9)
    answer = Solver(deepening=2).solve(pos, nodes=2000)
    assert (answer.result, answer.turns) == ("win", None)
    assert answer.within is not None and answer.within >= 9 and answer.as_dict()["within"] == answer.within
    assert answer.best is not None and answer.pv[0] == answer.best
    line = pos.copy()
    for left, move in zip(range(answer.within, 0, -1), answer.pv, strict=False):  # (the line may end before its bound)
        here = solve(line)
        assert here.result == ("win" if line.to_move is Side.BLACK else "loss") and here.turns is not None and here.turns <= left
        line.play(move)
    r = CliRunner().invoke(app, ["solve", "--nodes", "2000", BLACK_WINS_IN_9])
    assert r.stdout.splitlines()[0] == f"Black wins within {answer.within} turns (fewer not ruled out in the limits)"


# -- the next position of a proven round (the engine's next move: tests/play/test_search.py)


def test_a_position_a_proof_passed_through_is_settled_and_answered_as_fresh() -> None:
    """After a proof, the position two turns down its line (the winner's move and the
    loser's longest hold) is settled in the solver's proof table: the solver answers it
    as a fresh one does, in far fewer nodes (no deepening: the proof numbers read it at
    once), and a position no proof passed through is not settled."""
    pos = Position.from_string(WON_IN_15)
    solver = Solver()
    answer = solver.solve(pos)
    assert (answer.result, answer.turns) == ("win", 15)
    later = pos.copy()
    for move in answer.pv[:2]:
        later.play(move)
    assert solver.settled(later) == "win" and Solver().settled(later) is None
    warm, fresh = solver.solve(later), Solver().solve(later)
    assert (warm.result, warm.turns) == (fresh.result, fresh.turns) == ("win", 13)
    assert warm.nodes < fresh.nodes / 4, (warm.nodes, fresh.nodes)
    assert solver.settled(Position.initial()) is None


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_proven_rounds_variation_is_its_line_to_the_end(rng: random.Random) -> None:
    """``Solver.variation`` of a position proven won in N (the exhaustive search), read
    from the tables its proof filled: N legal turns to the round's end, won by the
    winner, each of the winner's moves keeping the win within the turns left and each of
    the loser's holding out longest."""
    pos = near_the_end(rng)
    truth = exhaustive(pos.copy(), DEPTH, {})
    if truth is None or truth[1] == 0:
        return
    solver = Solver()
    assert (solver.solve(pos).result, solver.solve(pos).turns) == truth
    winner = pos.to_move if truth[0] == "win" else pos.to_move.other
    line = solver.variation(pos, winner, truth[1], exact=True)
    here = pos.copy()
    for left, move in zip(range(truth[1], 0, -1), line, strict=True):
        value = exhaustive(here.copy(), left, {})
        assert value is not None and value[1] == left, (pos.to_string(), [m.coords() for m in line])
        here.play(move)
    assert here.winner is winner or (here.winner is None and not here.has_moves() and here.deadlock() is winner.other)

