"""The solver: whether the side to move wins or loses the round under best play, and in
how many turns (SPEC §12, docs/analysis.md).

A *turn* is a move or a blocked tower's forfeit (M6); a Sumo push is one turn and the
pusher moves again (S3: the pushed player's back-entry is not a turn of its own); a
deadlocked position (M8) is the end, lost by the last mover, with no turn left to play.
The winner hurries and the loser holds out: a win in 3 turns is better than one in 5, a
loss in 6 better than one in 2.

The search proves rather than guesses: a negamax with alpha-beta over three kinds of
value, a loss in ``n`` turns < *unknown* < a win in ``n`` turns, where a position whose
outcome lies beyond the depth is *unknown* (0). It is deepened one turn at a time, so the
depth at which the root's value is proven is the number of turns to the end. Where the
deepening proves nothing in its first turns (or its share of the time), proof-number
search (:mod:`.proof`) proves the result, then the turns and the variation. What makes
it fast, each measured by ``bench/bench_solve.py`` against the plain alpha-beta of the
same code (``Solver(table=False, ordering=False, proof=False)``):

- a **transposition table** keyed by the position's Zobrist key
  (:meth:`Position.key`), kept up to date move by move (:meth:`Position.key_change`):
  positions reached by different orders of moves are searched once, and the previous
  depth's best move is tried first;
- **move ordering**: a move that wins at once is taken without a search; then the
  moves that hand the opponent a tower with no open path to the home row (the others
  lose at once: the opponent's next tower walks home), Sumo pushes and moves that open a
  path for the moved tower (a threat) first among them.

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
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.board import RAYS, SQUARE_COLOURS, Direction, Side
from ..engine.position import RANGE, Move, Position
from ..errors import ArgumentError
from .proof import Proof, ProofTable, prove

__all__ = ["MAX_TURNS", "MoveValue", "Solution", "Solver", "open_towers", "solve", "solve_moves"]

#: The deepest search (in turns) when no depth is given: longer than any round seen.
MAX_TURNS = 200
#: A win in ``n`` turns from the root scores ``_MATE - n``; a loss ``-(_MATE - n)``.
_MATE = 1_000_000
#: Scores beyond this are proven (a win or a loss within ``_MATE - _PROVEN`` turns).
_PROVEN = _MATE - 10_000
_EXACT, _LOWER, _UPPER = 0, 1, 2
_GOAL = (0, 7)  # the rank each side must reach (M7)
_OTHER = (Side.GOLD, Side.BLACK)
#: The turns the iterative deepening searches (with no time limit) before proof-number
#: search takes over, and its share of a time limit.
DEEPENING = 10
DEEPENING_SHARE = 0.25
#: Entries the transposition table holds before it starts afresh (a few hundred MB).
TABLE_SIZE = 2_000_000
#: The longest time a solve may be given, in seconds (a year): a limit is a finite number.
MAX_SECONDS = 365 * 24 * 3600.0
#: The nodes one proof-number search may grow when no budget is given: its tree is its
#: memory (about 170 bytes a node), so this bounds the solver's memory.
PROOF_NODES = 1_500_000
#: No budget of nodes: more than any search reaches.
_NO_BUDGET = 1 << 62


_DIRECTIONS = (Direction.FORWARD, Direction.LEFT, Direction.RIGHT)
# ``_GOAL_RAYS[side][sq]``: the rays from ``sq`` that end on ``side``'s goal rank, each
# with the ring counts whose range reaches that far.
_GOAL_RAYS = tuple(
    tuple(
        tuple(
            (ray, len(ray))
            for ray in (RAYS[side][sq][d] for d in _DIRECTIONS)
            if ray and ray[-1] >> 3 == _GOAL[side]
        )
        for sq in range(64)
    )
    for side in Side
)


def open_towers(position: Position, side: Side) -> int:
    """``side``'s towers that could move onto their goal rank now (an empty path within
    the tower's range), as a bit mask by colour (bit ``colour`` set)."""
    board = position.board
    goal_rays = _GOAL_RAYS[side]
    mask = 0
    for colour, sq in enumerate(position.where[side]):
        t = board[sq] if sq >= 0 else None
        if t is None:
            continue
        reach = RANGE[t.rings]
        for ray, length in goal_rays[sq]:
            if length <= reach and not any(map(board.__getitem__, ray)):  # (a tower is a true tuple)
                mask |= 1 << colour
                break
    return mask



class _OutOfTime(Exception):
    """The solver's time is up: the last finished depth's answer stands."""


@dataclass(frozen=True)
class Solution:
    """The solver's answer for ``position`` (a position string): ``result`` is ``"win"``
    or ``"loss"`` for the side to move when proven, ``"unknown"`` when not within the
    depth or time; ``turns`` the turns to the round's end under best play (``None`` when
    unknown, or when the time ran out after the result was proven but before its turns
    were found); ``best`` a move that keeps the proven result (``None`` when the round is
    over or nothing is proven lost or won and no move was searched); ``pv`` the principal
    variation from ``best`` on, to the end when proven; ``depth`` the deepest search
    finished, in turns; ``nodes`` the positions searched; ``seconds`` the time taken."""

    position: str
    result: str
    turns: int | None
    best: Move | None
    pv: tuple[Move, ...] = field(default=())
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0

    @property
    def proven(self) -> bool:
        return self.result != "unknown"

    def as_dict(self) -> dict[str, Any]:
        """The answer as JSON data (SPEC §12): moves in coordinates."""
        return {
            "position": self.position,
            "result": self.result,
            "turns": self.turns,
            "best": self.best.coords() if self.best is not None else None,
            "pv": [m.coords() for m in self.pv],
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }

    def score(self) -> str:
        """The protocol's score (SPEC §13): ``win N``, ``loss N`` or ``unknown``."""
        if not self.proven:
            return "unknown"
        return f"{self.result} {self.turns}" if self.turns is not None else self.result


class Solver:
    """A solver with its own transposition table, kept between calls (a position met
    again, or the next position of a round, is solved faster). ``table`` and ``ordering``
    switch the transposition table and the move ordering off: the plain alpha-beta of
    the same code, for measuring what each is worth."""

    def __init__(
        self, *, table: bool = True, ordering: bool = True, proof: bool = True, deepening: int = DEEPENING, proof_nodes: int = PROOF_NODES
    ) -> None:
        self.use_table = table
        self.proof_nodes = proof_nodes
        self.ordering = ordering
        self.proof = proof
        self.deepening = deepening
        self.table: dict[int, tuple[int, int, int, Move | None]] = {}
        self.proof_table = ProofTable()  # (what the proof-number searches settled, kept between them)
        self.nodes = 0
        #: Called as the search goes (the deepest search finished, in turns; the nodes so
        #: far), after each depth and each proof-number search: a progress line.
        self.progress: Callable[[int, int], None] | None = None
        self._depth = 0
        self._deadline: float | None = None
        self._budget = _NO_BUDGET
        self._stop: threading.Event | None = None

    def solve(
        self,
        position: Position,
        *,
        depth: int | None = None,
        time: float | None = None,
        nodes: int | None = None,
        stop: threading.Event | None = None,
    ) -> Solution:
        """Solve ``position`` (never changed: the search plays on a copy) within ``depth``
        turns (default :data:`MAX_TURNS`), ``time`` seconds and ``nodes`` positions
        searched (default: no limit), or until ``stop`` is set (another thread's: an
        engine told to ``stop``), which ends it as the time running out does. A budget
        of nodes, unlike one of time, gives the same answer on any machine (with the
        same table: the same positions solved before, in the same order)."""
        _check(position, depth, time, nodes)
        start = _clock()
        self.nodes = 0
        self._stop = stop
        self._deadline = None if time is None else start + time
        self._budget = _NO_BUDGET if nodes is None else nodes
        self._depth = 0
        pos = position.copy()
        text = position.to_string()
        end = _round_over(pos)
        if end is not None:
            return Solution(text, end, 0, None, (), 0, 0, _clock() - start)
        limit = MAX_TURNS if depth is None else depth
        deadline = self._deadline
        if self.proof and limit > self.deepening:  # deepening first, then proof numbers
            self._deadline = None if time is None else start + time * DEEPENING_SHARE
            self._budget = _NO_BUDGET if nodes is None else max(1, int(nodes * DEEPENING_SHARE))
            deepest = self.deepening if time is None and nodes is None else limit
        else:
            deepest = limit
        best: Move | None = None
        score, reached = 0, 0
        while True:
            found = _MATE - abs(score) if abs(score) > _PROVEN else None
            # a win seen beyond the depth (a move home is seen without a turn left to
            # search) may not be the fastest: deeper, until the depth reaches its turns
            if (found is not None and found <= reached) or (found is None and reached >= deepest):
                break
            try:
                score, move = self._root(pos, reached + 1)
            except _OutOfTime:
                if found is not None:  # proven, but not that the turns are the fewest
                    return Solution(text, "win" if score > 0 else "loss", None, best, (best,) if best else (), reached, self.nodes, _clock() - start)
                break
            reached, best = reached + 1, move if move is not None else best
            self._depth = reached
            self._report()
        if abs(score) <= _PROVEN and self.proof and reached < limit:
            self._budget = _NO_BUDGET if nodes is None else nodes
            proven = self._by_proof_numbers(pos, text, reached, limit, deadline, start)
            if proven is not None:
                return proven
        if abs(score) <= _PROVEN:
            return Solution(text, "unknown", None, best, (best,) if best else (), reached, self.nodes, _clock() - start)
        turns = _MATE - abs(score)
        self._deadline = self._stop = None  # (the principal variation is read from a warm table)
        self._budget = _NO_BUDGET
        pv = self._variation(pos, turns) or ([best] if best is not None else [])
        return Solution(text, "win" if score > 0 else "loss", turns, pv[0] if pv else None, tuple(pv), reached, self.nodes, _clock() - start)

    # ------------------------------------------------------------ proof numbers

    def _by_proof_numbers(
        self, pos: Position, text: str, reached: int, limit: int, deadline: float | None, start: float
    ) -> Solution | None:
        """The answer by proof-number search (:mod:`.proof`) where the deepening proved
        nothing within ``reached`` turns: the result within ``limit``, then its number of
        turns (the fewest within which the winner's win is proven: galloping up from
        ``reached + 1``, then halving), then the principal variation, turn by turn. ``None`` when the result is not proven in the time."""
        me, other = pos.to_move, _OTHER[pos.to_move]
        result = None
        for winner, name in ((me, "win"), (other, "loss")):
            answer = self._prove(pos, winner, limit, deadline)
            if answer.proven is None:
                return None
            if answer.proven:
                result = winner, name
                break
        if result is None:
            return None  # neither wins within the limit (deadlocks aside, a deeper limit will tell)
        winner, name = result
        # the proof's move (a win's: it keeps the win) stands until the turns are found
        kept = Solution(text, name, None, answer.move, (answer.move,) if answer.move else (), reached, 0, 0.0)
        low, high, step = reached + 1, limit, 1
        while low + step - 1 < high:  # galloping up from the deepening's depth: the turns are near it
            answer = self._prove(pos, winner, low + step - 1, deadline)
            if answer.proven is None:
                return replace(kept, nodes=self.nodes, seconds=_clock() - start)
            if answer.proven:
                high = low + step - 1
                break
            low, step = low + step, step * 2
        while low < high:
            middle = (low + high) // 2
            answer = self._prove(pos, winner, middle, deadline)
            if answer.proven is None:
                return replace(kept, nodes=self.nodes, seconds=_clock() - start)
            low, high = (low, middle) if answer.proven else (middle + 1, high)
        pv = self._proof_variation(pos, winner, low, deadline)
        return Solution(text, name, low, pv[0] if pv else kept.best, tuple(pv) or kept.pv, reached, self.nodes, _clock() - start)

    def _prove(self, pos: Position, winner: Side, within: int, deadline: float | None) -> Proof:
        """One proof-number search (:func:`.proof.prove`) within what is left of the
        budget of nodes, its nodes counted."""
        limit = min(self.proof_nodes, self._budget - self.nodes)
        answer = prove(pos, winner, within=within, deadline=deadline, node_limit=max(limit, 0), stop=self._stop, table=self.proof_table)
        self.nodes += answer.nodes
        self._report()
        return answer

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(self._depth, self.nodes)

    def _proof_variation(self, pos: Position, winner: Side, turns: int, deadline: float | None) -> list[Move]:
        """The principal variation of a round ``winner`` wins in ``turns``: the winner's
        move that keeps the win within the turns left, the loser's that escapes a win
        one turn sooner (so holds out longest); as far as the time allows."""
        line: list[Move] = []
        while turns > 0 and _round_over(pos) is None:
            moves = pos.legal_moves()
            if not moves:
                move: Move | None = pos.forfeit_move()
            elif pos.to_move is winner:
                move = self._prove(pos, winner, turns, deadline).move
            else:
                answer = self._prove(pos, winner, turns - 1, deadline)
                move = answer.move if answer.proven is False else None
            if move is None:
                break
            line.append(move)
            pos.apply(move)
            turns -= 1
        for _ in line:
            pos.undo()
        return line

    # ------------------------------------------------------------------ search

    def _root(self, pos: Position, depth: int) -> tuple[int, Move | None]:
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
            self.table[key] = (depth, _EXACT, _to_table(alpha, 0), best)
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

    def _search(self, pos: Position, key: int, depth: int, alpha: int, beta: int, ply: int) -> int:  # noqa: C901 - one node of the search
        self.nodes += 1
        if self.nodes > self._budget:
            raise _OutOfTime
        if self.nodes & 1023 == 0 and (
            (self._deadline is not None and _clock() > self._deadline) or (self._stop is not None and self._stop.is_set())
        ):
            raise _OutOfTime
        side = pos.to_move
        table_move = None
        if self.use_table:
            entry = self.table.get(key)
            if entry is not None:
                stored_depth, bound, stored, table_move = entry
                value = _from_table(stored, ply)
                if stored_depth >= depth or _MATE - abs(stored) <= min(stored_depth, depth):
                    if bound == _EXACT:
                        return value
                    if bound == _LOWER and value >= beta:
                        return value
                    if bound == _UPPER and value <= alpha:
                        return value
        moves = pos.legal_moves()
        if not moves:
            loser = pos.deadlock()
            if loser is not None:  # M8: the end, lost by the last mover
                return -(_MATE - ply) if loser is side else _MATE - ply
            if depth <= 0:
                return 0
            return self._child(pos, key, pos.forfeit_move(), depth - 1, alpha, beta, ply + 1)  # M6: a turn
        goal = _GOAL[side]
        for move in moves:
            if move.target >> 3 == goal:
                return _MATE - ply - 1  # M7: won with this turn
        if depth <= 1:  # one turn left: a win needs a move home; a loss, every move into a deadlock
            return -(_MATE - ply - 1) if depth == 1 and self._all_deadlock(pos, moves) else 0
        original_alpha = alpha
        best, best_move = -_MATE, None
        for move in self._ordered(pos, moves, table_move) if self.ordering else moves:
            value = self._child(pos, key, move, depth - 1, alpha, beta, ply + 1)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if self.use_table:
            bound = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
            if len(self.table) >= TABLE_SIZE:
                self.table.clear()
            self.table[key] = (depth, bound, _to_table(best, ply), best_move)
        return best

    @staticmethod
    def _all_deadlock(pos: Position, moves: list[Move]) -> bool:
        """Whether every move of the side to move leads into a deadlock, which the last
        mover loses (M8): a loss with this turn."""
        side = pos.to_move
        for move in moves:
            pos.apply(move)
            try:
                if pos.has_moves() or pos.deadlock() is not side:
                    return False
            finally:
                pos.undo()
        return True

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

    # ------------------------------------------------------------- the variation

    def _variation(self, pos: Position, turns: int) -> list[Move]:
        """The principal variation of a position proven won or lost in ``turns``: at each
        turn the move whose value keeps the result (the winner's fastest, the loser's
        slowest), searched again from a warm table."""
        line: list[Move] = []
        played = 0
        while turns > 0 and _round_over(pos) is None:
            score, move = self._root(pos, turns)
            if move is None or abs(score) <= _PROVEN:
                break  # (a table cleared while walking: the line stops where it is known)
            line.append(move)
            pos.apply(move)
            played += 1
            turns -= 1
        for _ in range(played):
            pos.undo()
        return line


def _check(position: Position, depth: int | None, time: float | None, nodes: int | None) -> None:
    """Every limit a finite number in its range (a NaN compares false with everything:
    a search bounded by one would never end)."""
    if not isinstance(position, Position):
        raise TypeError(f"solve takes a Position, not {type(position).__name__}")
    if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool) or depth < 0):
        raise ArgumentError(f"the depth is a whole number of turns, 0 or more, not {depth!r}")
    if time is not None and (isinstance(time, bool) or not isinstance(time, int | float) or not 0 < time <= MAX_SECONDS):
        raise ArgumentError(f"the time is a number of seconds above 0 and at most {MAX_SECONDS:g} (a year), not {time!r}")
    if nodes is not None and (not isinstance(nodes, int) or isinstance(nodes, bool) or nodes < 1):
        raise ArgumentError(f"the budget of nodes is a whole number above 0, not {nodes!r}")


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


def _round_over(pos: Position) -> str | None:
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


@dataclass(frozen=True)
class MoveValue:
    """One move of a position judged for the side that plays it: ``result`` (``"win"``,
    ``"loss"`` or ``"unknown"``) and ``turns`` to the round's end, this move counted,
    under best play after it; ``answer``, the solver's answer for the position after it."""

    move: Move
    result: str
    turns: int | None
    answer: Solution

    def as_dict(self) -> dict[str, Any]:
        return {"move": self.move.coords(), "result": self.result, "turns": self.turns}


def solve_moves(
    position: Position, *, depth: int | None = None, time: float | None = None, nodes: int | None = None, solver: Solver | None = None
) -> list[MoveValue]:
    """Every legal move of ``position`` judged for its side to move (``kamisado solve
    --all-moves``): the position after each solved within the limits (each move its
    own ``time`` and ``nodes``; one table for all, ``solver``'s if given), the wins
    first, fastest first, then the unknown, then the losses, slowest first.

    >>> values = solve_moves(Position.from_string("y....o++../.p..k+.../.r.Pg++.../....Bn../......../..N.G.O+./K...R+++.b./.......Y+ b R"))
    >>> [(v.move.coords(), v.result, v.turns) for v in values][:2]
    [('b6-b1', 'win', 1), ('b6-b4', 'loss', 8)]
    """
    solver = solver if solver is not None else Solver()
    _check(position, depth, time, nodes)
    mover = position.to_move
    pos = position.copy()
    values = []
    for move in pos.legal_moves():
        pos.apply(move)
        try:
            answer = solver.solve(pos, depth=None if depth is None else max(depth - 1, 0), time=time, nodes=nodes)
            flip = pos.to_move is not mover
        finally:
            pos.undo()
        result = answer.result if not flip or not answer.proven else ("loss" if answer.result == "win" else "win")
        turns = None if answer.turns is None else answer.turns + 1
        values.append(MoveValue(move, result, turns, answer))
    order = {"win": 0, "unknown": 1, "loss": 2}
    return sorted(values, key=lambda v: (order[v.result], (v.turns or 0) * (1 if v.result == "win" else -1)))


def solve(position: Position, *, depth: int | None = None, time: float | None = None, nodes: int | None = None) -> Solution:
    """Solve ``position`` for the side to move within ``depth`` turns, ``time``
    seconds and ``nodes`` positions searched (each unlimited by default: a position far
    from the end can take very long; a budget of nodes gives the same answer on any
    machine).
    A plain value: :class:`Solution`.

    >>> answer = solve(Position.from_string("y....o++.n/.p..k+.../.r.Pg++.../....B.../......../......O+./K...R+++.b./..G.N..Y+ b N"))
    >>> answer.result, answer.turns, answer.best.coords(), len(answer.pv)
    ('win', 15, 'h8-f6', 15)
    >>> solve(Position.initial(), depth=3).result
    'unknown'

    """
    return Solver().solve(position, depth=depth, time=time, nodes=nodes)
