"""The solver's iterative deepening (:mod:`.solve`): a negamax with alpha-beta over three
kinds of value, a loss in ``n`` turns < *unknown* < a win in ``n`` turns, where a position
whose outcome lies beyond the depth is *unknown* (0), deepened one turn at a time, so the
depth at which the root's value is proven is the number of turns to the end
(docs/analysis.md, "How it searches").

What makes it fast, each measured by ``bench/bench_solve.py`` against the plain
alpha-beta of the same code (``AlphaBeta(table=False, ordering=False)``):

- a **transposition table** keyed by the position's Zobrist key
  (:meth:`Position.key`), kept up to date move by move (:meth:`Position.key_change`):
  positions reached by different orders of moves are searched once, and the previous
  depth's best move is tried first;
- **move ordering**: a move that wins at once is taken without a search; then the
  moves that hand the opponent a tower with no open path to the home row (the others
  lose at once: the opponent's next tower walks home), Sumo pushes first among them.

An entry serves a search no deeper than the one that made it; a proven value serves a
deeper one too when its turns are within both depths (the fewest turns to a win, the most
to a loss, are then what the deeper search would find: a value proven beyond its search's
depth — a move home seen on the turn after it — is not, and reusing it made a win in 6
read as a win in 7).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.board import SQUARE_COLOURS, Side
from ..engine.position import Move, Position
from .proof import all_into_deadlock, open_towers

__all__ = ["AlphaBeta", "Deepened", "OutOfTime", "round_over"]

#: A win in ``n`` turns from the root scores ``_MATE - n``; a loss ``-(_MATE - n)``.
_MATE = 1_000_000
#: Scores beyond this are proven (a win or a loss within ``_MATE - _PROVEN`` turns).
_PROVEN = _MATE - 10_000
_EXACT, _LOWER, _UPPER = 0, 1, 2
_GOAL = (0, 7)  # the rank each side must reach (M7)
_OTHER = (Side.GOLD, Side.BLACK)
#: Nodes searched between two looks at the clock and at ``stop``.
_CHECK_EVERY = 1024
#: No budget of nodes: more than any search reaches.
_NO_BUDGET = 1 << 62


class OutOfTime(Exception):
    """The solver's time is up: the last finished depth's answer stands."""


class AlphaBeta:
    """The deepening's search: its transposition table (at most ``table_size`` entries,
    then it starts afresh; ``table=False``: none), its move ordering (``ordering=False``:
    the moves as generated), the nodes it counted and the limits it runs in
    (:meth:`limits`: past them, :class:`OutOfTime`)."""

    def __init__(self, *, table: bool = True, ordering: bool = True, table_size: int = 1 << 20) -> None:
        self.use_table = table
        self.ordering = ordering
        self.table_size = table_size
        self.table: dict[int, tuple[int, int, int, Move | None]] = {}
        #: Positions searched (the solver's count: its proofs add theirs).
        self.nodes = 0
        self.deadline: float | None = None
        self.budget = _NO_BUDGET
        self.stop: threading.Event | None = None
        self.check_at = 0

    def limits(self, deadline: float | None, budget: int | None, stop: threading.Event | None) -> None:
        """The deadline, the budget of nodes (the nodes counted so far count) and the
        event that stops the search from here on (``None``: no limit)."""
        self.deadline, self.stop = deadline, stop
        self.budget = _NO_BUDGET if budget is None else budget
        self.check_at = self.nodes + 1

    def deepen(self, pos: Position, deepest: int, reached_depth: Callable[[int], None]) -> Deepened:
        """Iterative deepening, a turn at a time, until a result is proven in its fewest
        turns, ``deepest`` turns are searched, or the limits run out; ``reached_depth``
        is told each depth finished."""
        best: Move | None = None
        score, reached = 0, 0
        while True:
            found = _MATE - abs(score) if abs(score) > _PROVEN else None
            # a win seen beyond the depth (a move home is seen without a turn left to
            # search) may not be the fastest: deeper, until the depth reaches its turns
            if (found is not None and found <= reached) or (found is None and reached >= deepest):
                return Deepened(score, best, reached, found)
            try:
                score, move = self.root(pos, reached + 1)
            except OutOfTime:
                return Deepened(score, best, reached, found, interrupted=True)
            reached, best = reached + 1, move if move is not None else best
            reached_depth(reached)

    def root(self, pos: Position, depth: int) -> tuple[int, Move | None]:
        """The value of ``pos`` searched ``depth`` turns deep, and the best move (``None``
        when the side to move is blocked: its forfeit is the move)."""
        moves = pos.legal_moves()
        if not moves:
            return self._search(pos, pos.key(), depth, -_MATE, _MATE, 0), pos.forfeit_move()
        goal = _GOAL[pos.to_move]
        for move in moves:
            if move.target >> 3 == goal:
                return _MATE - 1, move  # M7: won with this turn
        key = pos.key()
        alpha, best = -_MATE, None
        for move in self._ordered(pos, moves, self._table_move(key)):
            value = self._child(pos, key, move, depth - 1, alpha, _MATE, 1)
            if value > alpha or best is None:
                alpha, best = max(alpha, value), move
        if self.use_table:
            self._store(key, depth, _EXACT, _to_table(alpha, 0), best)
        return alpha, best

    def _child(self, pos: Position, key: int, move: Move, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value, for the side that plays ``move``, of the position after it."""
        side = pos.to_move
        child = key ^ pos.key_change(move)
        pos.apply(move)
        try:
            if pos.to_move is side:  # a Sumo push: the pusher moves again (S3)
                return self._search(pos, child, depth, alpha, beta, ply)
            return -self._search(pos, child, depth, -beta, -alpha, ply)
        finally:
            pos.undo()

    def _check(self) -> None:
        """Out of nodes, time, or stopped: :class:`OutOfTime`; else the next look set
        (the clock and ``stop`` are looked at every :data:`_CHECK_EVERY` nodes)."""
        if self.nodes > self.budget:
            raise OutOfTime
        if (self.deadline is not None and _clock() > self.deadline) or (self.stop is not None and self.stop.is_set()):
            raise OutOfTime
        self.check_at = min(self.nodes + _CHECK_EVERY, self.budget + 1)

    def _search(self, pos: Position, key: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``pos`` (its key ``key``) for its side to move, ``depth`` turns
        deep, ``ply`` turns from the root, within ``alpha`` and ``beta``."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self._check()
        table_move = None
        entry = self.table.get(key) if self.use_table else None
        if entry is not None:  # an entry serves a search no deeper than its own, a proven value one whose turns are within both depths
            stored_depth, bound, stored, table_move = entry
            if stored_depth >= depth or _MATE - abs(stored) <= min(stored_depth, depth):
                value = _from_table(stored, ply)
                if bound == _EXACT or (bound == _LOWER and value >= beta) or (bound == _UPPER and value <= alpha):
                    return value
        moves = pos.legal_moves()
        if not moves:
            return self._blocked(pos, key, depth, alpha, beta, ply)
        goal = _GOAL[pos.to_move]
        for move in moves:
            if move.target >> 3 == goal:
                return _MATE - ply - 1  # M7: won with this turn
        return self._moves(pos, key, moves, table_move, depth, alpha, beta, ply)

    def _moves(self, pos: Position, key: int, moves: list[Move], first: Move | None, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The best value of ``moves`` (``first`` first, then as ordered), kept in the
        table; with one turn left, a loss when every move leads into a deadlock, else
        unknown (a win needs a move home, which the caller has seen)."""
        if depth <= 1:  # one turn left: a win needs a move home; a loss, every move into a deadlock
            return -(_MATE - ply - 1) if depth == 1 and all_into_deadlock(pos, moves) else 0
        original_alpha = alpha
        best, best_move = -_MATE, None
        for move in self._ordered(pos, moves, first) if self.ordering else moves:
            value = self._child(pos, key, move, depth - 1, alpha, beta, ply + 1)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if self.use_table:  # (stored here, not by _store: a call less a node)
            table = self.table
            if len(table) >= self.table_size and key not in table:
                table.clear()
            table[key] = (depth, _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT, _to_table(best, ply), best_move)
        return best

    def _store(self, key: int, depth: int, bound: int, score: int, move: Move | None) -> None:
        table = self.table
        if len(table) >= self.table_size and key not in table:
            table.clear()
        table[key] = (depth, bound, score, move)

    def _blocked(self, pos: Position, key: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of a position whose side to move has no move: a deadlock (M8), the
        end, lost by the last mover; else its forfeit, a turn (M6)."""
        loser = pos.deadlock()
        if loser is not None:
            return -(_MATE - ply) if loser is pos.to_move else _MATE - ply
        if depth <= 0:
            return 0
        return self._child(pos, key, pos.forfeit_move(), depth - 1, alpha, beta, ply + 1)

    def _table_move(self, key: int) -> Move | None:
        entry = self.table.get(key) if self.use_table else None
        return entry[3] if entry is not None else None

    @staticmethod
    def _ordered(pos: Position, moves: list[Move], first: Move | None) -> list[Move]:
        """The table's move, then the moves that hand the opponent no open path (pushes
        first: the pusher moves again), then the rest (each loses at once)."""
        theirs = open_towers(pos, _OTHER[pos.to_move])
        safe: list[Move] = []
        pushes: list[Move] = []
        rest: list[Move] = []
        for move in moves:
            if move is first or move == first:
                continue
            if move.push:
                pushes.append(move)
            elif theirs >> SQUARE_COLOURS[move.target] & 1:
                rest.append(move)
            else:
                safe.append(move)
        return [first, *pushes, *safe, *rest] if first is not None else [*pushes, *safe, *rest]

    def variation(self, pos: Position, turns: int) -> list[Move]:
        """The principal variation of a position proven won or lost in ``turns``: at each
        turn the move whose value keeps the result (the winner's fastest, the loser's
        slowest), searched again from a warm table."""
        line: list[Move] = []
        played = 0
        while turns > 0 and round_over(pos) is None:
            score, move = self.root(pos, turns)
            if move is None or abs(score) <= _PROVEN:
                break  # (a table cleared while walking: the line stops where it is known)
            line.append(move)
            pos.apply(move)
            played += 1
            turns -= 1
        for _ in range(played):
            pos.undo()
        return line


@dataclass(frozen=True)
class Deepened:
    """What the iterative deepening found: the root's ``score`` and ``best`` move at the
    deepest search finished (``reached`` turns), the turns of a proven result
    (``found``, else ``None``), and whether the limits ran out first."""

    score: int
    best: Move | None
    reached: int
    found: int | None
    interrupted: bool = False


def _to_table(score: int, ply: int) -> int:
    """A root-relative score as the table keeps it: turns counted from the position."""
    if score > _PROVEN:
        return score + ply
    if score < -_PROVEN:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score > _PROVEN:
        return score - ply
    if score < -_PROVEN:
        return score + ply
    return score


def round_over(pos: Position) -> str | None:
    """``"loss"``/``"win"`` for the side to move when the round is over (a tower home,
    M7, or a deadlock, M8); else ``None``."""
    if pos.winner is not None:
        return "win" if pos.winner is pos.to_move else "loss"
    if not pos.has_moves():
        loser = pos.deadlock()
        if loser is not None:
            return "loss" if loser is pos.to_move else "win"
    return None


def _clock() -> float:
    return time.perf_counter()
