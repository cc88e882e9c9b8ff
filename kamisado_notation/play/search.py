"""The toolkit's own engine: a negamax search with alpha-beta pruning over the rules
engine's move generator (:meth:`Position.legal_moves`, :meth:`~Position.apply`,
:meth:`~Position.undo`: no board is copied), deepened iteratively within a time limit.

The evaluation (:func:`evaluate`), in points from the side to move's view:

- **open paths to the home row**: a tower whose straight or diagonal path to the
  opponent's home row is empty and within its range (S1, DS1, TS1) wins the round the
  moment it is the tower that must move (M7). The side to move's tower that must move
  with such a path is a win (:data:`WIN` less a ply); every other open path is worth
  :data:`OPEN_PATH` (the side to move's) or costs it (the opponent's);
- **the move the side to move must make next**: each move of the tower that must move
  names the opponent's next tower (T2); a move that hands the opponent a tower with an
  open path loses at once, so the moves that do not (the *safe* moves) are counted,
  :data:`SAFE_MOVE` each, and having none costs :data:`NO_SAFE_MOVE`;
- **Sumo threats**: each ring is a point already won and makes its tower push (S2):
  :data:`RING` a ring;
- **advance**: :data:`ADVANCE` for each rank a tower has advanced (a closer tower reaches
  the home row with a shorter path, and blocks the opponent's towers).

Before searching, the engine asks the solver (:mod:`.solve`), with a third of the move
time (or of the nodes), all of the searching half once its tables hold a proof of the
position: a position it proves is played by a proven move, a proven win in the fewest
turns and a proven loss in the most (among equally proven moves, the seed's choice),
and reported as ``score win N`` / ``score loss N`` with the proof's principal
variation (docs/engines.md). Otherwise, a move that wins the round is played at once;
moves are tried winning first, then pushes, then the moves that hand the opponent no
open path; the previous iteration's best move first at the root. Forced forfeits (M6) are played without counting a ply,
and a Sumo push keeps the pusher to move (S3): the negamax negates a child's value only
when the side to move changes. The round's end scores :data:`WIN` less the plies to
reach it (a quick win is better than a slow one); a deadlock (M8) scores as a lost or won
round for the last mover's opponent.

With a margin of variety (:attr:`Searcher.variety`, points), the move played is chosen
by the seed among the moves the last finished iteration scored within the margin of the
best (each searched with its window's floor there, so their values are exact); no margin
when the best score is the round's end seen on every line (docs/engines.md).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..engine.board import SQUARE_COLOURS, Side
from ..engine.match import Fill, fill, round_result
from ..engine.position import Move, Position
from ..errors import ArgumentError
from .proof import prove
from .solve import MAX_TURNS, Solution, Solver, open_towers

__all__ = ["ADVANCE", "DEFAULT_VARIETY", "MAX_DEPTH", "MAX_VARIETY", "NO_SAFE_MOVE", "OPEN_PATH", "RING", "SAFE_MOVE", "UNTIMED_NODES", "WIN", "Limits", "SearchResult", "Searcher", "evaluate", "open_towers"]

#: A won round (less the plies to reach it).
WIN = 100_000
#: An open path to the home row (the side to move's; the opponent's costs as much).
OPEN_PATH = 60
#: A move of the tower that must move that hands the opponent no open path.
SAFE_MOVE = 8
#: The tower that must move has moves, none of them safe.
NO_SAFE_MOVE = 400
#: A Sumo ring.
RING = 120
#: A rank advanced.
ADVANCE = 2

_GOAL = (0, 7)  # the rank each side must reach (M7)
_OTHER = (Side.GOLD, Side.BLACK)
#: Scores within this many turns of :data:`WIN` are the round's end (no evaluation comes near).
_PROVEN_WITHIN = 1000


class _OutOfTime(Exception):
    """The search's time is up: the last finished iteration's move stands."""


def _result(move: Move, score: int, depth: int, nodes: int, seconds: float, pv: tuple[Move, ...]) -> SearchResult:
    """A finished iteration's result; a score within :data:`_PROVEN_WITHIN` turns of
    :data:`WIN` is the round's end seen on every line: a proven win or loss in that many
    turns (docs/analysis.md: each move and forfeit a turn, a push one)."""
    turns = WIN - abs(score)
    if turns <= _PROVEN_WITHIN:
        return SearchResult(move, score, depth, nodes, seconds, "win" if score > 0 else "loss", pv, turns, turns)
    return SearchResult(move, score, depth, nodes, seconds, pv=pv)


def _quiet(result: SearchResult) -> None:
    """No report of a search's iterations."""


def evaluate(position: Position) -> int:
    """The position's value for the side to move (see the module's docstring)."""
    side = position.to_move
    other = _OTHER[side]
    board = position.board
    mine, theirs = open_towers(position, side), open_towers(position, other)
    value = OPEN_PATH * (mine.bit_count() - theirs.bit_count())
    for who, sign in ((side, 1), (other, -1)):
        start = 7 - _GOAL[who]
        for sq in position.where[who]:
            t = board[sq] if sq >= 0 else None
            if t is not None:
                value += sign * (ADVANCE * abs((sq >> 3) - start) + RING * t.rings)
    tower = position.tower
    if tower is not None:
        if mine >> tower & 1:
            return WIN - 1
        moves = position.legal_moves()
        safe = sum(1 for m in moves if m.push or not theirs >> SQUARE_COLOURS[m.target] & 1)
        value += SAFE_MOVE * safe - (NO_SAFE_MOVE if moves and not safe else 0)
    return value


@dataclass(frozen=True)
class Limits:
    """What ends a search, the first reached: ``movetime`` (ms: the search takes about
    half, the rest is the answer's way back), ``depth`` (plies, at most the searcher's
    own), ``nodes``; with none, the search runs until it is stopped (or has nothing
    deeper to find)."""

    movetime: int | None = None
    depth: int | None = None
    nodes: int | None = None


@dataclass(frozen=True)
class SearchResult:
    """The move chosen, its value for the side to move, the depth of the last finished
    iteration, and the nodes searched. ``pv``: the principal variation, from ``move``
    on (forced forfeits included, as the moves they are). ``proven``: ``"win"`` or
    ``"loss"`` when the result of the round is proven (by the solver, or by the search
    seeing the round's end on every line), and then ``turns`` the turns to the end
    (docs/analysis.md; ``None`` when the solver proved the result but had no time to
    count them); ``within``, for a proven result, the turns within which the winner is
    proven to win (``turns`` when they are known, else the bound the solver's proof
    holds)."""

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float
    proven: str | None = None
    pv: tuple[Move, ...] = ()
    turns: int | None = None
    within: int | None = None


#: The budget of nodes a search that neither time nor nodes limit (``go depth``, ``go
#: infinite``) shares with its solver, as ``go nodes`` would: a budget of nodes, so such
#: a search plays the same on any machine (a ``stop`` ends it too).
UNTIMED_NODES = 300_000
#: The solver's share of the move time (and of a budget of nodes) before the search,
#: when the position is not proven yet: two thirds of the searching half (a sixth left
#: positions proven won in 17 and 19 turns at 1 s a move unproven, and lost;
#: bench/bench_engine_proofs.py).
PROOF_SHARE = 1 / 3
#: Its share when its tables already hold a proof of the position (the search has
#: nothing to add): the searching half of the move time, all of a budget of nodes.
PROVEN_SHARE = 1 / 2
#: What a test of another move for the move to play among equally proven ones gets of
#: what is left of the solver's share (one such test never takes all of it).
EQUALS_SHARE = 1 / 4
#: The deepest iteration (plies).
MAX_DEPTH = 64
#: The margin of variety by default (points of the evaluation): a move scored within it
#: of the best may be played, chosen by the seed (about a rank and a half's advance, or
#: a safe move: less than an open path, a ring or a won round).
DEFAULT_VARIETY = 10
#: The widest margin of variety a searcher takes (points).
MAX_VARIETY = 1000
#: The deepest ply a search reaches: its depth, and the forced forfeits on the way.
_MAX_PLY = 8 * MAX_DEPTH
#: How many nodes the search visits between two looks at the clock and ``stop``.
_CHECK_EVERY = 256
#: A proof's budget of nodes when only time limits it.
_NO_NODE_LIMIT = 1 << 62


@dataclass(frozen=True)
class _Budget:
    """What is left of the solver's share for the tests of other moves in a proven
    position: until ``deadline`` (the clock's), within ``nodes`` (the move's count),
    before ``stop``."""

    deadline: float | None
    nodes: int | None
    stop: threading.Event | None

    def spent(self, used: int) -> bool:
        """Whether nothing is left, ``used`` nodes counted so far (or ``stop`` set)."""
        if self.stop is not None and self.stop.is_set():
            return True
        return (self.nodes is not None and used >= self.nodes) or (self.deadline is not None and time.perf_counter() >= self.deadline)

    def part(self, used: int, share: float) -> tuple[float | None, int | None]:
        """``share`` of what is left (``used`` nodes counted so far): a deadline, a count of nodes."""
        now = time.perf_counter()
        deadline = None if self.deadline is None else now + max(self.deadline - now, 0.0) * share
        nodes = None if self.nodes is None else max(1, int((self.nodes - used) * share))
        return deadline, nodes


def _proof_limits(limits: Limits, share: float) -> tuple[float | None, int | None]:
    """The solver's time (seconds) and nodes: ``share`` of the move time and of the
    nodes; with neither limit (``go depth``, ``go infinite``), ``share`` of
    :data:`UNTIMED_NODES`."""
    seconds = max(limits.movetime, 1) * share / 1000 if limits.movetime is not None else None
    total = limits.nodes if limits.nodes is not None or seconds is not None else UNTIMED_NODES
    return seconds, None if total is None else max(1, int(total * share))


def _spent(seconds: float | None, nodes: int | None, stop: threading.Event | None) -> bool:
    """Whether a search has nothing left to go on with: no ``seconds`` or ``nodes`` left
    (``None``: no such limit), or ``stop`` set."""
    return (seconds is not None and seconds <= 0) or (nodes is not None and nodes <= 0) or (stop is not None and stop.is_set())


class Searcher:
    """Chooses moves and fills. ``depth``: the deepest iteration (``None``: as deep as the
    time allows); ``level="random"`` plays random legal moves (for tests and as the
    weakest opponent), from ``seed``. ``variety``: the margin, in points of
    :func:`evaluate`, within which a move scored below the best may be played instead
    (0: the best only, ties broken at random); the choice is random, from ``seed``
    (repeatably) or, without one, from a seed the system draws: two matches between the
    same engines need not be the same match. A score the search proves (the round's end
    seen on every line) allows no margin: a proven win is played in the fewest plies, a
    proven loss held the longest, and so is a position the solver proves, the seed
    choosing among the moves proven as good. Its solver (and the solver's tables) is
    kept from move to move: a win proven at one move is read again at the next from what
    the last proof settled, and the move's time goes to finding its fewest turns."""

    def __init__(self, *, depth: int | None = None, level: str = "search", seed: int | None = None, variety: int = DEFAULT_VARIETY) -> None:
        if level not in ("search", "random"):
            raise ArgumentError(f"unknown level {level!r}: search or random")
        if isinstance(variety, bool) or not isinstance(variety, int) or not 0 <= variety <= MAX_VARIETY:
            raise ArgumentError(f"the variety is a whole number of points from 0 to {MAX_VARIETY}, not {variety!r}")
        self.max_depth = depth if depth is not None else MAX_DEPTH
        self.level = level
        #: The margin (points) within which a move below the best may be chosen.
        self.variety = variety
        #: The seed of its random choices: the one given, else one drawn from the system
        #: (so two engines started without one play different games).
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 63)
        self.rng = random.Random(self.seed)
        self.nodes = 0
        self._deadline: float | None = None
        self._max_nodes: int | None = None
        self._check_at = 0
        self._stop: threading.Event | None = None
        self._finishing = False
        self._pv: list[tuple[Move, ...]] = [()] * _MAX_PLY  # (each node's variation, by ply)
        #: Its solver, kept from move to move with its tables. Proof numbers at once, with
        #: no iterative deepening first (the search's own deepening sees what that one
        #: would): at 0.5 s a move, every position of bench_engine_proofs.py proven at
        #: the first move, where the deepening's quarter of the share left two to the next.
        self.solver = Solver(deepening=0)

    # ------------------------------------------------------------------ moves

    def best_move(self, position: Position, *, movetime_ms: int = 50) -> SearchResult:
        """The move to play in ``position`` (which must have a legal move), searched for
        at most about half of ``movetime_ms`` (the rest is the answer's way back)."""
        return self.search(position, Limits(movetime=movetime_ms))

    def search(
        self,
        position: Position,
        limits: Limits,
        *,
        stop: threading.Event | None = None,
        on_info: Callable[[SearchResult], None] | None = None,
    ) -> SearchResult:
        """The move to play in ``position`` (which must have a legal move) within
        ``limits``, or until ``stop`` is set (the last finished iteration's move stands).
        ``on_info`` is called with the result of each finished iteration (and with the
        solver's proof), as the protocol's ``info`` lines report them."""
        start = time.perf_counter()
        moves = position.legal_moves()
        if not moves:
            raise ArgumentError("the side to move has no move (it forfeits, or the round is over)")
        if self.level == "random":
            return SearchResult(self.rng.choice(moves), 0, 0, 0, time.perf_counter() - start)
        report = on_info if on_info is not None else _quiet
        depth_limit = max(1, min(self.max_depth, limits.depth if limits.depth is not None else MAX_DEPTH))
        self.nodes = 0
        proven = self._proven(position, limits, depth_limit, start, stop)
        if proven is not None:
            report(proven)
            return proven
        self._deadline = start + limits.movetime / 2000 if limits.movetime is not None else None
        self._max_nodes = limits.nodes
        self._stop = stop
        self._check_at = self.nodes + 1  # (looked at on the first node: the solver may have used them up)
        moves = self.rng.sample(moves, len(moves))  # (the order decides between moves of equal value: the seed's)
        return self._deepen(position.copy(), moves, depth_limit, start, report)

    def _deepen(self, pos: Position, moves: list[Move], depth_limit: int, start: float, report: Callable[[SearchResult], None]) -> SearchResult:
        """Iterative deepening to ``depth_limit`` plies, each finished iteration reported
        (its best move); of the last finished iteration, a move chosen within the margin
        (:meth:`_choose`), reported too when it is not the best (the last report's
        variation starts with the move played). A single legal move is not searched."""
        best = self._order(pos, moves)[0]
        result = SearchResult(best, 0, 0, 0, 0.0, pv=(best,))
        scored: list[tuple[Move, int, tuple[Move, ...]]] = []
        if len(moves) > 1:
            for d in range(1, depth_limit + 1):
                self._finishing = d == 1  # (depth 1 always finishes: a stop at once still gets a searched move)
                try:
                    scored = self._root(pos, moves, best, d)
                except _OutOfTime:
                    break
                best, score, pv = scored[0]
                result = _result(best, score, d, self.nodes, time.perf_counter() - start, pv)
                report(result)
                if result.proven is not None:
                    break  # a forced win or loss: deeper changes nothing
        chosen = self._choose(scored)
        if chosen is not None and chosen[0] != result.move:
            result = _result(*chosen[:2], result.depth, self.nodes, time.perf_counter() - start, chosen[2])
            report(result)
        return replace(result, nodes=self.nodes, seconds=time.perf_counter() - start)

    def _margin(self, best: int) -> int:
        """The margin below ``best`` within which a move may be chosen: none when ``best``
        is proven (the round's end on every line: only the fastest win, the slowest loss)."""
        return 0 if WIN - abs(best) <= _PROVEN_WITHIN else self.variety

    def _choose(self, scored: list[tuple[Move, int, tuple[Move, ...]]]) -> tuple[Move, int, tuple[Move, ...]] | None:
        """One of the moves scored within the margin of the best, at random (the seed's),
        from the moves in the order of their coordinates (the same choice however they
        were searched); with no margin, the best (the first of equal ones in the seed's
        order); ``None`` when nothing was scored."""
        if not scored:
            return None
        floor = scored[0][1] - self._margin(scored[0][1])
        within = sorted((entry for entry in scored if entry[1] >= floor), key=lambda entry: entry[0].coords())
        return within[0] if len(within) == 1 else self.rng.choice(within)

    def _proven(self, position: Position, limits: Limits, depth: int, start: float, stop: threading.Event | None) -> SearchResult | None:
        """The solver's move when it proves ``position`` within its share of the limits
        (:data:`PROOF_SHARE`, or :data:`PROVEN_SHARE` when its tables already hold a
        proof of the position), ``depth`` turns and before ``stop``: a proven win in the
        fewest turns and a proven loss held longest, chosen by the seed among the moves
        proven as good (:meth:`_among_equals`); ``None`` when not proven. A win or loss
        proven without its fewest turns in the share is solved on in the rest of
        :data:`PROVEN_SHARE` (the search has nothing to add to a proof): each proof
        within fewer turns is a faster win, the solver's table keeping what the first
        settled."""
        proof, seconds, nodes = self._proof(position, limits, depth, start, stop)
        if proof.best is None or not proof.proven:
            return None
        budget = _Budget(start + seconds if seconds is not None else None, nodes, stop)
        move, pv = self._among_equals(position, proof, budget)
        turns = proof.turns if proof.turns is not None else 0
        score = WIN - turns if proof.result == "win" else -(WIN - turns)
        return SearchResult(move, score, max(proof.depth, proof.within or 0), self.nodes, time.perf_counter() - start, proof.result, pv, proof.turns, proof.within)

    def _proof(
        self, position: Position, limits: Limits, depth: int, start: float, stop: threading.Event | None
    ) -> tuple[Solution, float | None, int | None]:
        """The solver's answer for :meth:`_proven`, with the share's seconds and nodes
        (what choosing among the moves proven as good may spend)."""
        solve_depth = depth if depth < MAX_DEPTH else None
        share = PROVEN_SHARE if self.solver.settled(position) is not None else PROOF_SHARE
        seconds, nodes = _proof_limits(limits, share)
        proof = self.solver.solve(position, depth=solve_depth, time=seconds, nodes=nodes, stop=stop)
        self.nodes = proof.nodes  # (the solver's nodes count as the search's)
        if proof.proven and proof.turns is None and share < PROVEN_SHARE:
            seconds, nodes = _proof_limits(limits, PROVEN_SHARE)
            if proof.result == "win":  # (a loss's longest hold is sought move by move: _longest_hold)
                proof = self._solve_on(position, proof, solve_depth, start + seconds if seconds is not None else None, nodes, stop)
        return proof, seconds, nodes

    def _solve_on(self, position: Position, proof: Solution, depth: int | None, deadline: float | None, nodes: int | None, stop: threading.Event | None) -> Solution:
        """A win proven without its fewest turns, solved on until ``deadline`` and
        ``nodes`` (the move's count): the faster proof when one is found."""
        rest = None if deadline is None else deadline - time.perf_counter()
        if _spent(rest, None if nodes is None else nodes - self.nodes, stop):
            return proof
        more = self.solver.solve(position, depth=depth, time=rest, nodes=None if nodes is None else nodes - self.nodes, stop=stop)
        self.nodes += more.nodes
        return more if more.proven and (more.within or MAX_TURNS) <= (proof.within or MAX_TURNS) else proof

    def _among_equals(self, position: Position, proof: Solution, budget: _Budget) -> tuple[Move, tuple[Move, ...]]:
        """The move to play, and its variation, in a position the solver proved: the
        first of the legal moves, in the seed's order, that is the solver's best or is
        proven as good — a win within the same turns (the fewest when they are known),
        a loss held exactly as long — each tested by a proof within
        :data:`EQUALS_SHARE` of what is left of the solver's share (``budget``) with the
        solver's proof table; the solver's best when the share runs out first. A proven
        loss whose turns are not known is held by the solver's move. So the seed varies
        the games, never across a proof."""
        best = proof.best
        assert best is not None and proof.within is not None
        me = position.to_move
        if proof.result == "win":  # the win kept within the same turns; its line
            question, line = (me, proof.within - 1, True), (me, proof.within - 1, proof.turns is not None)
        elif proof.turns is not None and proof.turns >= 2:  # no faster win for the other side
            question, line = (_OTHER[me], proof.turns - 2, False), (_OTHER[me], proof.turns - 1, True)
        elif proof.turns is None:
            return self._longest_hold(position, proof.within, budget)
        else:
            return best, proof.pv
        after = position.copy()
        moves = sorted(after.legal_moves(), key=Move.coords)
        for move in self.rng.sample(moves, len(moves)):
            if move == best or budget.spent(self.nodes):
                break
            after.apply(move)
            try:
                if self._as_good(after, question, budget):
                    return move, (move, *self._line(after, line, budget))
            finally:
                after.undo()
        return best, proof.pv

    def _longest_hold(self, position: Position, within: int, budget: _Budget) -> tuple[Move, tuple[Move, ...]]:
        """The move to play in a position proven lost within ``within`` turns whose
        fewest are not known: the one that holds out longest, sought move by move within
        ``budget``. Each move has the turns within which the other side is proven to win
        after it (at most ``within - 1``, less where the proof table knows better) and
        those within which it is proven not to; the move with the most of the former
        (ties: the more work its proofs took, a loss harder to hasten; then the seed's
        order) is asked for a proof within one turn fewer — a proof
        lowers its bound, a disproof makes it exact — until the move with the most is
        exact (none holds longer) or the budget is spent. The most proven then."""
        opponent, table = _OTHER[position.to_move], self.solver.proof_table
        after, key = position.copy(), position.key()
        moves = sorted(after.legal_moves(), key=Move.coords)
        held: dict[Move, tuple[int, int, int]] = {}  # (the other side's win within, not within + 1, the work its proofs took)
        for move in self.rng.sample(moves, len(moves)):
            won, not_won, work = table.entries.get((key ^ after.key_change(move)) << 1 | opponent, (within - 1, -1, 0))
            held[move] = (min(won, within - 1), not_won + 1, work)
        while True:
            move = max(held, key=held.__getitem__)  # (of equal bounds, the one whose proof took more work: harder to hasten)
            most, least, work = held[move]
            if least >= most or budget.spent(self.nodes):
                break
            deadline, nodes = budget.part(self.nodes, 1.0)
            after.apply(move)
            try:
                answer = prove(
                    after, opponent, within=most - 1, deadline=deadline, node_limit=nodes if nodes is not None else _NO_NODE_LIMIT,
                    keep=self.solver.proof_nodes, stop=budget.stop, table=table,
                )  # fmt: skip
            finally:
                after.undo()
            self.nodes += answer.nodes
            if answer.proven is None:
                break
            held[move] = (answer.turns if answer.turns is not None else most - 1, least, work) if answer.proven else (most, most, work)
        if least < most:
            return move, (move,)
        after.apply(move)
        try:
            return move, (move, *self._line(after, (opponent, most, True), budget))
        finally:
            after.undo()

    def _as_good(self, after: Position, question: tuple[Side, int, bool], budget: _Budget) -> bool:
        """Whether the proof ``question`` asks of ``after`` — does ``winner`` win within
        ``within`` turns, ``wanted`` the answer — comes out as wanted within
        :data:`EQUALS_SHARE` of what is left of ``budget``."""
        winner, within, wanted = question
        deadline, nodes = budget.part(self.nodes, EQUALS_SHARE)
        solver = self.solver
        answer = prove(
            after, winner, within=within, deadline=deadline, node_limit=nodes if nodes is not None else _NO_NODE_LIMIT,
            keep=solver.proof_nodes, stop=budget.stop, table=solver.proof_table,
        )  # fmt: skip
        self.nodes += answer.nodes
        return answer.proven is wanted

    def _line(self, after: Position, line: tuple[Side, int, bool], budget: _Budget) -> tuple[Move, ...]:
        """The variation from ``after``, a position just proven as good as the solver's
        best move's (``line``: its winner, the turns, whether they are the fewest): a
        proof a turn, read from the solver's tables, within what is left of ``budget``."""
        winner, turns, exact = line
        deadline, nodes = budget.part(self.nodes, 1.0)
        seconds = None if deadline is None else max(deadline - time.perf_counter(), 1e-3)
        found = self.solver.variation(after, winner, turns, exact=exact, time=seconds, nodes=nodes, stop=budget.stop)
        self.nodes += self.solver.nodes
        return found

    def _root(self, pos: Position, moves: list[Move], first: Move, depth: int) -> list[tuple[Move, int, tuple[Move, ...]]]:
        """The root's moves searched ``depth`` plies, ``first`` first: the best move,
        with its value and variation, first in the list, then every other move whose
        value is exact because it came within the margin of the best so far (each
        searched with its window's floor there; with no margin, the floor is the best so
        far, as a plain alpha-beta has it)."""
        ordered = [first, *(m for m in self._order(pos, moves) if m != first)]
        best = -WIN - 1
        scored: list[tuple[Move, int, tuple[Move, ...]]] = []
        side = pos.to_move
        for move in ordered:
            margin = self._margin(best) if scored else 0
            floor = best - margin - 1 if margin else best
            pos.apply(move)
            try:
                value = self._child(pos, side, depth - 1, floor, WIN + 1, 1)
            finally:
                pos.undo()
            if value > floor:
                scored.append((move, value, (move, *self._pv[1])))
                if value > best:
                    best = value
                    scored.insert(0, scored.pop())
        return scored

    def _child(self, pos: Position, side: Side, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value for ``side`` (who just moved) of the position after its move."""
        if pos.to_move is side:  # a Sumo push: the pusher moves again (S3)
            return self._negamax(pos, depth, alpha, beta, ply)
        return -self._negamax(pos, depth, -beta, -alpha, ply)

    def _forfeit(self, pos: Position, side: Side, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``pos``, where ``side`` to move has no move: a deadlock (M8), or
        the forced forfeit (M6) played without counting a ply."""
        loser = pos.deadlock()
        if loser is not None:
            return -(WIN - ply) if loser is side else WIN - ply
        forfeit = pos.forfeit_move()
        pos.apply(forfeit)
        try:
            value = self._child(pos, side, depth, alpha, beta, ply + 1)
        finally:
            pos.undo()
        self._pv[ply] = (forfeit, *self._pv[ply + 1])
        return value

    def _check(self) -> None:
        """Out of time, nodes or stopped (but in the first iteration): :class:`_OutOfTime`;
        else the next look set."""
        if self._finishing:
            self._check_at = self.nodes + _CHECK_EVERY
            return
        if self._max_nodes is not None and self.nodes >= self._max_nodes:
            raise _OutOfTime
        if (self._deadline is not None and time.perf_counter() > self._deadline) or (self._stop is not None and self._stop.is_set()):
            raise _OutOfTime
        self._check_at = self.nodes + _CHECK_EVERY
        if self._max_nodes is not None:
            self._check_at = min(self._check_at, self._max_nodes)

    def _negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``pos`` for its side to move, ``depth`` plies deep; its
        principal variation is left in ``self._pv[ply]``."""
        self.nodes += 1
        if self.nodes >= self._check_at:
            self._check()
        pvs = self._pv
        pvs[ply] = ()
        side = pos.to_move
        if pos.winner is not None:
            return WIN - ply if pos.winner is side else -(WIN - ply)
        moves = pos.legal_moves()
        if not moves:
            return self._forfeit(pos, side, depth, alpha, beta, ply)
        goal = _GOAL[side]
        for m in moves:
            if m.target >> 3 == goal:
                pvs[ply] = (m,)
                return WIN - ply - 1  # M7: the round is won with the next move
        if depth <= 0:
            return evaluate(pos)
        for move in self._order(pos, moves):
            pos.apply(move)
            try:
                value = self._child(pos, side, depth - 1, alpha, beta, ply + 1)
            finally:
                pos.undo()
            if value > alpha:
                alpha = value
                pvs[ply] = (move, *pvs[ply + 1])
                if alpha >= beta:
                    break
        return alpha

    @staticmethod
    def _order(pos: Position, moves: list[Move]) -> list[Move]:
        """Winning moves, pushes, moves handing the opponent no open path, the rest."""
        side = pos.to_move
        theirs = open_towers(pos, _OTHER[side])
        goal = _GOAL[side]

        def key(m: Move) -> int:
            if m.target >> 3 == goal:
                return 0
            if m.push:
                return 1
            return 3 if theirs >> SQUARE_COLOURS[m.target] & 1 else 2

        return sorted(moves, key=key)

    # ------------------------------------------------------------------ fills

    def choose_fill(self, position: Position, *, movetime_ms: int = 50) -> Fill:
        """The Defender's fill (F1) at the end of a round (``position``, the winner's ring
        placed): the fill whose next round is worth less to the Challenger (the loser,
        who moves first), searched a ply or two deep in the time (with no margin of
        variety: each fill is valued by the Challenger's best move)."""
        result = round_result(position)
        if self.level == "random" or result is None:
            return self.rng.choice((Fill.LEFT, Fill.RIGHT))
        challenger = result.winner.other
        values = {}
        variety, self.variety = self.variety, 0
        try:
            for how in (Fill.LEFT, Fill.RIGHT):
                start = fill(position, how, challenger=challenger)
                values[how] = self.best_move(start, movetime_ms=movetime_ms // 2).score
        finally:
            self.variety = variety
        return min(values, key=lambda how: values[how])

