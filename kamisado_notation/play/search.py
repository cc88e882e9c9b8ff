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

Before searching, the engine asks the solver (:mod:`.solve`) for a sixth of the move
time: a position it proves is played by the solver's move, a proven win in the fewest
turns and a proven loss in the most, and reported as ``score win N`` / ``score loss N``
with the solver's principal variation (SPEC §13). Otherwise, a move that wins the round is played at once; moves are tried winning first, then
pushes, then the moves that hand the opponent no open path; the previous iteration's
best move first at the root. Forced forfeits (M6) are played without counting a ply,
and a Sumo push keeps the pusher to move (S3): the negamax negates a child's value only
when the side to move changes. The round's end scores :data:`WIN` less the plies to
reach it (a quick win is better than a slow one); a deadlock (M8) scores as a lost or won
round for the last mover's opponent.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..engine.board import SQUARE_COLOURS, Side
from ..engine.match import Fill, fill, round_result
from ..engine.position import Move, Position
from ..errors import ArgumentError
from .solve import Solution, Solver, open_towers

__all__ = ["ADVANCE", "NO_SAFE_MOVE", "OPEN_PATH", "RING", "SAFE_MOVE", "WIN", "SearchResult", "Searcher", "evaluate", "open_towers"]

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
class _OutOfTime(Exception):
    """The search's time is up: the last finished iteration's move stands."""


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
class SearchResult:
    """The move chosen, its value for the side to move, the depth of the last finished
    iteration, and the nodes searched. ``proven``: the solver's ``win N`` or ``loss N``
    (turns to the round's end, SPEC §12) when it proved the position, and then ``pv``
    its principal variation."""

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float
    proven: str | None = None
    pv: tuple[Move, ...] = ()

    def info(self) -> str:
        """The protocol's ``info`` line for this result (without ``info``): the score is
        ``win N``/``loss N`` when proven (SPEC §13)."""
        nps = int(self.nodes / self.seconds) if self.seconds > 0 else 0
        score = self.proven if self.proven is not None else str(self.score)
        pv = " ".join(m.coords() for m in self.pv or (self.move,))
        return f"depth {self.depth} score {score} nodes {self.nodes} nps {nps} time {int(self.seconds * 1000)} pv {pv}"


class Searcher:
    """Chooses moves and fills. ``depth``: the deepest iteration (``None``: as deep as the
    time allows); ``level="random"`` plays random legal moves (for tests and as the
    weakest opponent), from ``seed``."""

    def __init__(self, *, depth: int | None = None, level: str = "search", seed: int | None = None) -> None:
        if level not in ("search", "random"):
            raise ArgumentError(f"unknown level {level!r}: search or random")
        self.max_depth = depth if depth is not None else 64
        self.level = level
        self.rng = random.Random(seed)
        self.nodes = 0
        self._deadline = 0.0
        self.solver = Solver()  # (its table is kept from move to move)

    # ------------------------------------------------------------------ moves

    def best_move(self, position: Position, *, movetime_ms: int = 50) -> SearchResult:
        """The move to play in ``position`` (which must have a legal move), searched for
        at most about half of ``movetime_ms`` (the rest is the answer's way back)."""
        start = time.perf_counter()
        moves = position.legal_moves()
        if not moves:
            raise ArgumentError("the side to move has no move (it forfeits, or the round is over)")
        if self.level == "random":
            return SearchResult(self.rng.choice(moves), 0, 0, 0, time.perf_counter() - start)
        proof = self._prove(position, movetime_ms)
        if proof.turns is not None and proof.best is not None:  # proven: play it
            self.nodes = proof.nodes
            score = WIN - proof.turns if proof.result == "win" else -(WIN - proof.turns)
            return SearchResult(proof.best, score, proof.depth, proof.nodes, time.perf_counter() - start, proof.score(), proof.pv)
        self.nodes = 0
        self._deadline = start + movetime_ms / 2000
        pos = position.copy()
        best, score, depth = self._order(pos, moves)[0], 0, 0
        if len(moves) > 1:
            for d in range(1, self.max_depth + 1):
                try:
                    best, score = self._root(pos, moves, best, d)
                except _OutOfTime:
                    break
                depth = d
                if abs(score) >= WIN - 100:
                    break  # a forced win or loss: deeper changes nothing
        return SearchResult(best, score, depth, self.nodes, time.perf_counter() - start)

    def _prove(self, position: Position, movetime_ms: int) -> Solution:
        """The solver's answer for ``position`` within a sixth of the move time (and, with
        a depth, that many turns): a proven win is played in the fewest turns and a
        proven loss in the most."""
        depth = self.max_depth if self.max_depth < 64 else None
        return self.solver.solve(position, depth=depth, time=movetime_ms / 6000)

    def _root(self, pos: Position, moves: list[Move], first: Move, depth: int) -> tuple[Move, int]:
        ordered = [first, *(m for m in self._order(pos, moves) if m != first)]
        alpha, best = -WIN - 1, first
        side = pos.to_move
        for move in ordered:
            pos.apply(move)
            try:
                value = self._child(pos, side, depth - 1, alpha, WIN + 1, 1)
            finally:
                pos.undo()
            if value > alpha:
                alpha, best = value, move
        return best, alpha

    def _child(self, pos: Position, side: Side, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value for ``side`` (who just moved) of the position after its move."""
        if pos.to_move is side:  # a Sumo push: the pusher moves again (S3)
            return self._negamax(pos, depth, alpha, beta, ply)
        return -self._negamax(pos, depth, -beta, -alpha, ply)

    def _negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes & 255 == 0 and time.perf_counter() > self._deadline:
            raise _OutOfTime
        side = pos.to_move
        if pos.winner is not None:
            return WIN - ply if pos.winner is side else -(WIN - ply)
        moves = pos.legal_moves()
        if not moves:
            loser = pos.deadlock()
            if loser is not None:
                return -(WIN - ply) if loser is side else WIN - ply
            pos.apply(pos.forfeit_move())  # M6: forced, not a choice: no ply counted
            try:
                return self._child(pos, side, depth, alpha, beta, ply + 1)
            finally:
                pos.undo()
        goal = _GOAL[side]
        if any(m.target >> 3 == goal for m in moves):
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
        who moves first), searched a ply or two deep in the time."""
        result = round_result(position)
        if self.level == "random" or result is None:
            return self.rng.choice((Fill.LEFT, Fill.RIGHT))
        challenger = result.winner.other
        values = {}
        for how in (Fill.LEFT, Fill.RIGHT):
            start = fill(position, how, challenger=challenger)
            values[how] = self.best_move(start, movetime_ms=movetime_ms // 2).score
        return min(values, key=lambda how: values[how])

