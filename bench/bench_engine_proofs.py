"""The built-in engine and its solver's proofs (issue 44, "the engine uses its proofs").

1. **Proven wins played out.** Positions without Sumo towers that the solver proves won
   for the side to move in N turns, N from ``--low`` to ``--high`` (11..19 by default),
   ``--per`` of each N (2 by default; a win is mostly in an odd number of turns, an even
   one needs a forfeit): Gold's after Black's first moves from the standard start (each
   first move solved with no limit), then those along the engine's own seeded games from
   the start (a few random moves, then 3,000 nodes a move), each game solved from its
   end backwards with one solver, ``--find-nodes`` nodes a position. From each, the
   built-in engine (the winning side) plays against a **perfect defender**: a side that
   always plays the move that holds the round longest, found by the solver with no limit
   (a fresh solver a game, kept across its moves; after a win let go, the defender wins
   fastest). The engine gets ``--movetime`` ms a move (each in turn) of **CPU time** (the
   search's, the solver's and the proof search's clocks read ``time.thread_time``: the
   machine's load does not shorten a move), and ``--nodes`` N a move when given. Prints
   each game (N, won or lost, the turns taken, the engine's moves reported proven and the
   first of them, the move that let the win go, its CPU time) and a summary: won, won in
   N turns, the median CPU time a move and a game. ``--no-solver`` plays the same games
   with the engine's solver switched off too.
2. **Seeds** (``--games``, 20 by default): round 1 from the standard start, the engine
   against itself, each side a seed of its own (game ``i``: seeds ``i`` and ``1000 + i``),
   at ``--seed-nodes`` nodes a move (repeatable) and at the first ``--movetime``: the
   distinct games and openings (the first 8 moves); three seeds' games played again at
   the budget of nodes must be the same games.
3. **Proven losses held** (``--defend``): the engine on the losing side. From each
   position proven won in N turns (above), the winner's fastest move (the solver's)
   gives one proven lost in N - 1 for the side to move; the built-in engine plays it
   against a **perfect attacker** (the fastest win at every turn, the solver with no
   limit, one a game) at the same ``--movetime`` and ``--nodes``. A loss is held longest
   when the round lasts the proven turns; printed: each game (N, held or not, the turns
   it lasted, the engine's moves and those it reported proven lost, the first that
   hastened the loss, CPU time) and a summary.
4. **With and without the solver** (``--rounds``, 0 by default): the engine against
   itself with its solver switched off, at the first ``--movetime`` (CPU time), from
   ``--rounds`` openings (the standard start and 1 to 4 random moves, seeded) each
   played twice, colours swapped: rounds won by each, and the openings won both times.

``--save FILE`` writes the positions found (a line each: N and the position string),
``--load FILE`` reads them instead of finding them again. ``--tree PATH`` imports
``kamisado_notation`` from another checkout (a ``git archive`` of main, say) to measure
it the same way; ``--proof-share F`` sets the engine's ``search.PROOF_SHARE``.

    python3 bench/bench_engine_proofs.py [--movetime 500 1000] [--nodes N] [--low 11] [--high 19]
        [--per 2] [--find-nodes 1000000] [--games 20] [--seed-nodes 3000] [--rounds 0]
        [--no-solver] [--defend] [--skip-proofs] [--save FILE | --load FILE] [--tree PATH] [--proof-share F]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_WALL = time.perf_counter
_MOVE_NODES = 3000  # (the engine's budget a move in the games the positions are found along)
_OPENING = 8
_RANDOM_PLIES = 4  # (the most random moves a game the positions are found along starts with)
_GAMES = 30  # (the most games the positions are looked for along: an even N is rare)


def _import(tree: str | None) -> None:
    sys.path.insert(0, str(Path(tree).resolve()) if tree else str(Path(__file__).resolve().parent.parent))


def cpu_clocks() -> None:
    """Every clock the engine reads becomes this thread's CPU time: ``time.perf_counter``
    is what the search, the solver and the proof search look at (and nothing else here)."""
    time.perf_counter = time.thread_time


def ended(pos: Any) -> Any:
    """The round's winner when it is over (a tower home, or a deadlock), else ``None``."""
    outcome = pos.outcome()
    return None if outcome is None else outcome.winner


def engine(seed: int, *, solver: bool = True) -> Any:
    from kamisado_notation.play.search import Searcher

    if solver:
        return Searcher(seed=seed)

    class NoSolver(Searcher):
        def _proven(self, *args: Any, **kwargs: Any) -> None:  # (the solver not asked)
            return None

    return NoSolver(seed=seed)


# ------------------------------------------------------------------ the positions


def find_positions(low: int, high: int, per: int, budget: int) -> list[tuple[int, str]]:
    """``per`` positions proven won for the side to move in each N of ``low..high``
    turns (a tower to move, no Sumo): first the positions after Black's first moves
    from the standard start (every first move solved with no limit: Gold's wins after
    Black's losing moves), then along the engine's seeded games from the start (a few
    random moves first), each solved from its end backwards within ``budget`` nodes."""
    from kamisado_notation import Position
    from kamisado_notation.play.solve import solve_moves

    found: dict[int, list[str]] = {n: [] for n in range(low, high + 1)}

    def take(n: int, text: str) -> None:
        if n in found and len(found[n]) < per and all(text not in v for v in found.values()):
            found[n].append(text)

    for value in solve_moves(Position.initial()):
        if value.result == "loss" and value.turns is not None:
            take(value.turns - 1, value.answer.position)  # (Gold to move wins in a turn fewer)
    seed = 0
    while any(len(v) < per for v in found.values()) and seed < _GAMES:
        seed += 1
        for n, text in proven_along(seed, high, budget):
            take(n, text)
    return [(n, text) for n in sorted(found) for text in found[n]]


def proven_along(seed: int, high: int, budget: int) -> list[tuple[int, str]]:
    """The positions proven won for the side to move in N turns (at most ``high``),
    with their N, along one seeded game of the engine against itself from the start (a
    few random moves first: the engine's own openings are few), solved from its end
    backwards with one solver, ``budget`` nodes a position, until one is not proven."""
    from kamisado_notation import Position
    from kamisado_notation.play.search import Limits
    from kamisado_notation.play.solve import Solver

    rng = random.Random(seed)
    players = (engine(seed), engine(seed + 1000))
    pos = Position.initial()
    for _ in range(rng.randint(1, _RANDOM_PLIES)):
        moves = pos.legal_moves()
        if ended(pos) is not None or not moves:
            break
        pos.play(rng.choice(moves))
    while ended(pos) is None:
        pos.play(players[pos.to_move].search(pos, Limits(nodes=_MOVE_NODES)).move if pos.has_moves() else pos.forfeit_move())
    solver, proven = Solver(), []
    while pos.history:
        pos.undo()
        if pos.tower is None or not pos.has_moves():
            continue
        answer = solver.solve(pos, nodes=budget)
        if not answer.proven or answer.turns is None or answer.turns > high + 2:
            break  # (further back, the budget proves less)
        if answer.result == "win" and answer.turns <= high:
            proven.append((answer.turns, pos.to_string()))
    return proven


# ------------------------------------------------------------------ played out


@dataclass
class Game:
    start: str
    proven: int
    won: bool = False
    turns: int = 0
    moves: int = 0
    proven_moves: int = 0
    first_loss: int | None = None  # (the engine's move that let the win go, counted from 1)
    first_proof: int | None = None  # (the engine's first move reported proven won, counted from 1)
    cpu: list[float] = field(default_factory=list)


def play_out(start: str, proven: int, movetime: int | None, nodes: int | None, *, solver: bool, defend: bool = False) -> Game:
    """The engine on the winning side of ``start`` (proven won in ``proven`` turns for
    the side to move) against a perfect defender, or with ``defend`` on the losing side
    (proven lost in ``proven``) against a perfect attacker: ``won`` is whether it won
    (defending: held the loss to the proven turns; an attacker that never errs cannot
    lose), ``first_loss`` its first move that let the win go (defending: after which the
    attacker wins sooner than the turns left)."""
    from kamisado_notation import Position
    from kamisado_notation.play.search import Limits
    from kamisado_notation.play.solve import Solver

    pos = Position.from_string(start)
    side = pos.to_move
    player, perfect = engine(1, solver=solver), Solver()
    game = Game(start, proven)
    limits = Limits(movetime=movetime, nodes=nodes)
    while ended(pos) is None:
        if not pos.has_moves():
            pos.play(pos.forfeit_move())
        elif pos.to_move is side:
            before = time.thread_time()
            result = player.search(pos, limits)
            game.cpu.append(time.thread_time() - before)
            game.moves += 1
            game.proven_moves += result.proven == ("loss" if defend else "win")
            if game.proven_moves and game.first_proof is None:
                game.first_proof = game.moves
            pos.play(result.move)
            if game.first_loss is None and ended(pos) is None and _let_go(perfect.solve(pos), proven - game.turns - 1, defend=defend):
                game.first_loss = game.moves
        else:
            best = perfect.solve(pos).best
            assert best is not None
            pos.play(best)
        game.turns += 1
    game.won = (game.turns == proven and ended(pos) is not side) if defend else ended(pos) is side
    return game


def _let_go(answer: Any, left: int, *, defend: bool) -> bool:
    """Whether the engine's move let its proven result go: a win now the other side's
    (``answer`` for the position after the move, the other side to move), or, defending,
    a loss now faster than the ``left`` turns."""
    if defend:
        return answer.turns is not None and answer.turns < left
    return bool(answer.result == "win")


def lost_positions(positions: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """For each position proven won in N turns, the one after the winner's fastest
    move: proven lost in N - 1 for the side to move (the same side again after a push:
    then skipped)."""
    from kamisado_notation import Position
    from kamisado_notation.play.solve import Solver

    lost = []
    for n, text in positions:
        pos = Position.from_string(text)
        answer = Solver().solve(pos)
        assert answer.best is not None and answer.turns == n, (text, answer.turns)
        winner = pos.to_move
        pos.play(answer.best)
        if ended(pos) is None and pos.to_move is not winner:
            lost.append((n - 1, pos.to_string()))
    return lost


def defend(args: argparse.Namespace, positions: list[tuple[int, str]]) -> None:
    lost = lost_positions(positions)
    print(f"\npositions: {len(lost)} proven losses, the winner's fastest move played from each win above")
    limits = [(ms, None) for ms in args.movetime] + ([(None, args.nodes)] if args.nodes else [])
    for solver in (True, False) if args.no_solver else (True,):
        for movetime, nodes in limits:
            label = (f"{movetime} ms CPU" if movetime else f"{nodes} nodes") + ("" if solver else ", solver off")
            print(f"\nthe engine defending against a perfect attacker, {label} a move:")
            print("   N  result  turns  engine moves (proven, first)  hastened at  CPU: 1st move, median, total")
            games = []
            for n, text in lost:
                g = play_out(text, n, movetime, nodes, solver=solver, defend=True)
                games.append(g)
                print(
                    f"  {n:2}  {'held' if g.won else 'LOST'}    {g.turns:3}    {g.moves:3} ({g.proven_moves:3}, {g.first_proof or '-':>2})"
                    f"                  {g.first_loss or '-':>4}     {g.cpu[0] if g.cpu else 0:.3f} {statistics.median(g.cpu or [0]):.3f} {sum(g.cpu):.3f} s"
                )
            held = sum(1 for g in games if g.won)
            cpu = statistics.median(c for g in games for c in g.cpu or [0.0])
            print(f"  held to the proven turns {held} of {len(games)}; CPU a move, median {cpu:.3f} s")


def proofs(args: argparse.Namespace) -> None:
    start = time.process_time()
    if args.load:
        positions = [(int(n), text) for n, text in (line.split(maxsplit=1) for line in Path(args.load).read_text().splitlines() if line.strip())]
    else:
        positions = find_positions(args.low, args.high, args.per, args.find_nodes)
        if args.save:
            Path(args.save).write_text("".join(f"{n} {text}\n" for n, text in positions))
    print(f"positions: {len(positions)} proven wins in {args.low}..{args.high} turns ({time.process_time() - start:.0f} s CPU to find)")
    for n, text in positions:
        print(f"  {n:2}  {text}")
    if args.defend:
        defend(args, positions)
        return
    limits = [(ms, None) for ms in args.movetime] + ([(None, args.nodes)] if args.nodes else [])
    for solver in (True, False) if args.no_solver else (True,):
        for movetime, nodes in limits:
            label = f"{movetime} ms CPU" if movetime else f"{nodes} nodes"
            label += "" if solver else ", solver off"
            print(f"\nagainst a perfect defender, {label} a move:")
            print("   N  result  turns  engine moves (proven, first)  let go at  CPU: 1st move, median, total")
            games = []
            for n, text in positions:
                g = play_out(text, n, movetime, nodes, solver=solver)
                games.append(g)
                print(
                    f"  {n:2}  {'won ' if g.won else 'LOST'}    {g.turns:3}    {g.moves:3} ({g.proven_moves:3}, {g.first_proof or '-':>2})"
                    f"                {g.first_loss or '-':>4}     {g.cpu[0]:.3f} {statistics.median(g.cpu):.3f} {sum(g.cpu):.3f} s"
                )
            won = [g for g in games if g.won]
            fastest = sum(1 for g in won if g.turns == g.proven)
            cpu = statistics.median(c for g in games for c in g.cpu)
            total = statistics.median(sum(g.cpu) for g in games)
            print(f"  won {len(won)} of {len(games)}; in the proven turns {fastest}; CPU a move, median {cpu:.3f} s; a game's, median {total:.2f} s")


# ------------------------------------------------------------------ seeds


def play_round(black: Any, gold: Any, limits: Any, start: Any = None) -> tuple[tuple[str, ...], Any]:
    """A round played by two searchers from ``start`` (the standard start by default):
    its moves in coordinates and its winner."""
    from kamisado_notation import Position

    pos = Position.initial() if start is None else start.copy()
    moves: list[str] = []
    while ended(pos) is None:
        move = (black, gold)[pos.to_move].search(pos, limits).move if pos.has_moves() else pos.forfeit_move()
        moves.append(move.coords())
        pos.play(move)
    return tuple(moves), ended(pos)


def seeds(args: argparse.Namespace) -> None:
    from kamisado_notation.play.search import Limits

    for limits, label in ((Limits(nodes=args.seed_nodes), f"{args.seed_nodes} nodes"), (Limits(movetime=args.movetime[0]), f"{args.movetime[0]} ms CPU")):
        start = time.process_time()
        games = [play_round(engine(i), engine(1000 + i), limits)[0] for i in range(args.games)]
        again = [play_round(engine(i), engine(1000 + i), limits)[0] for i in range(min(3, args.games))] if limits.nodes else []
        repeated = all(a == games[i] for i, a in enumerate(again))
        print(
            f"seeds, {label} a move: {args.games} games of round 1, {len(set(games))} distinct, "
            f"{len({g[:_OPENING] for g in games})} distinct openings (first {_OPENING} moves)"
            + (f"; a seed's game played again the same: {repeated}" if again else "")
            + f" ({time.process_time() - start:.0f} s CPU)"
        )


def with_and_without(args: argparse.Namespace) -> None:
    """The engine against itself with its solver switched off, from ``--rounds``
    openings (the standard start and 1 to 4 random moves, seeded), each played twice,
    colours swapped."""
    from kamisado_notation import Position
    from kamisado_notation.play.search import Limits

    limits = Limits(movetime=args.movetime[0])
    won = both = 0
    for i in range(args.rounds):
        rng, start = random.Random(i), Position.initial()
        for _ in range(rng.randint(1, _RANDOM_PLIES)):
            moves = start.legal_moves()
            if ended(start) is not None or not moves:
                break
            start.play(rng.choice(moves))
        if ended(start) is not None:
            continue
        wins = 0
        for swap in (False, True):
            proving, other = engine(i, solver=True), engine(1000 + i, solver=False)
            players = (other, proving) if swap else (proving, other)  # (Black, Gold)
            wins += players[play_round(*players, limits, start)[1]] is proving
        won, both = won + wins, both + (wins == 2)
    print(
        f"with the solver against without, {args.rounds} openings played twice (colours swapped) at {args.movetime[0]} ms CPU: "
        f"{won}-{2 * args.rounds - won}; openings won both times: {both}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--movetime", type=int, nargs="+", default=[500, 1000])
    parser.add_argument("--nodes", type=int, default=None)
    parser.add_argument("--low", type=int, default=11)
    parser.add_argument("--high", type=int, default=19)
    parser.add_argument("--per", type=int, default=2)
    parser.add_argument("--find-nodes", type=int, default=1_000_000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed-nodes", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=0)
    parser.add_argument("--no-solver", action="store_true")
    parser.add_argument("--defend", action="store_true", help="the engine on the losing side of proven losses, against a perfect attacker")
    parser.add_argument("--skip-proofs", action="store_true")
    parser.add_argument("--tree", default=None)
    parser.add_argument("--proof-share", type=float, default=None, help="the solver's share of the move time before the search (search.PROOF_SHARE)")
    parser.add_argument("--save", default=None, help="write the positions found to this file (N and the position, a line)")
    parser.add_argument("--load", default=None, help="read the positions from a file --save wrote instead of finding them")
    args = parser.parse_args()
    _import(args.tree)
    cpu_clocks()
    if args.proof_share is not None:
        from kamisado_notation.play import search

        search.PROOF_SHARE = args.proof_share
    wall = _WALL()
    if not args.skip_proofs:
        proofs(args)
    if args.games:
        seeds(args)
    if args.rounds:
        with_and_without(args)
    print(f"({_WALL() - wall:.0f} s wall, {time.process_time():.0f} s CPU)")


if __name__ == "__main__":
    main()
