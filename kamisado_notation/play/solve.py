"""The solver: whether the side to move wins or loses the round under best play, and in
how many turns (docs/analysis.md).

A *turn* is a move or a blocked tower's forfeit (M6); a Sumo push is one turn and the
pusher moves again (S3: the pushed player's back-entry is not a turn of its own); a
deadlocked position (M8) is the end, lost by the last mover, with no turn left to play.
The winner hurries and the loser holds out: a win in 3 turns is better than one in 5, a
loss in 6 better than one in 2.

Two searches, one after the other: the iterative deepening (:mod:`.alphabeta`, a
negamax with alpha-beta deepened a turn at a time, so the depth at which the root's
value is proven is the number of turns to the end) and, where it proves nothing in its
first turns (or its share of the limits), proof-number search (:mod:`.proof`), which
proves the result, then the turns and the variation.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.board import SQUARE_COLOURS, Colour, Side
from ..engine.position import Move, Position, Tower
from ..engine.position_string import format_position
from ..errors import ArgumentError
from .alphabeta import AlphaBeta, Deepened, round_over
from .proof import NOT_WON, PROOF_ENTRY_BYTES, PROOF_NODE_BYTES, Proof, ProofTable, open_towers, prove

__all__ = ["MAX_TURNS", "MEMORY_MB", "MoveValue", "Solution", "Solver", "open_towers", "solve", "solve_moves"]

#: The deepest search (in turns) when no depth is given: longer than any round seen.
MAX_TURNS = 200
_OTHER = (Side.GOLD, Side.BLACK)
#: The turns the iterative deepening searches (with no time limit) before proof-number
#: search takes over, and its share of a time limit or budget of nodes.
DEEPENING = 10
DEEPENING_SHARE = 0.25
#: The most nodes the deepening searches before proof numbers take over (a far position's
#: tenth turn costs millions: the opening's deepening took 17 s of 30 before this bound).
DEEPENING_NODES = 200_000
#: The megabytes a solver's tables keep at most when no bound is given
#: (the process adds Python and the toolkit, some 45 MB: ``bench/bench_solve_memory.py``).
MEMORY_MB = 250
#: The largest bound of memory (MB) a solver takes.
MAX_MEMORY_MB = 1 << 20
#: How a bound of memory is shared: the transposition table, the proof table, one
#: proof-number search's table of unsettled positions.
_MEMORY_SHARES = (1, 4, 5)
#: Bytes a transposition table's entry takes (its move included), as
#: ``bench/bench_solve_memory.py`` measures it (rounded up).
TABLE_ENTRY_BYTES = 160
#: The longest time a solve may be given, in seconds (a year): a limit is a finite number.
MAX_SECONDS = 365 * 24 * 3600.0


@dataclass(frozen=True)
class Solution:
    """The solver's answer for ``position`` (a position string): ``result`` is ``"win"``
    or ``"loss"`` for the side to move when proven, ``"unknown"`` when not within the
    depth or time; ``turns`` the turns to the round's end under best play (``None`` when
    unknown, or when the limits ran out after the result was proven but before its
    turns were); ``within``, for a proven result, the turns within which the winner is
    proven to win (``turns`` when they were found; else an upper bound the proof holds,
    or ``None``); ``best`` a move that keeps the proven result (``None`` when the round
    is over or nothing is proven lost or won and no move was searched); ``pv`` the
    principal variation from ``best`` on, to the end when proven (when only ``within``
    is, the line the proof holds: the winner's moves win within it); ``depth`` the
    deepest search finished, in turns; ``nodes`` the positions searched; ``seconds``
    the time taken."""

    position: str
    result: str
    turns: int | None
    best: Move | None
    pv: tuple[Move, ...] = field(default=())
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    within: int | None = None

    @property
    def proven(self) -> bool:
        return self.result != "unknown"

    def as_dict(self) -> dict[str, Any]:
        """The answer as JSON data (docs/analysis.md): moves in coordinates."""
        return {
            "position": self.position,
            "result": self.result,
            "turns": self.turns,
            "within": self.within if self.proven else None,
            "best": self.best.coords() if self.best is not None else None,
            "pv": [m.coords() for m in self.pv],
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }

    def score(self) -> str:
        """The protocol's score (docs/engines.md): ``win N``, ``loss N`` or ``unknown``."""
        if not self.proven:
            return "unknown"
        return f"{self.result} {self.turns}" if self.turns is not None else self.result


class Solver:
    """A solver with its own transposition table, kept between calls (a position met
    again, or the next position of a round, is solved faster). ``table`` and ``ordering``
    switch the transposition table and the move ordering off: the plain alpha-beta of
    the same code, for measuring what each is worth. ``deepening``: the turns the
    iterative deepening searches before proof numbers take over (0: proof numbers at
    once, as :func:`solve_moves` solves the positions after the moves).

    ``memory``: the megabytes its tables may keep (default
    :data:`MEMORY_MB`), divided among the transposition table (:attr:`table_size`
    entries), the proof table (``proof_table.size``) and one proof-number search's table
    of unsettled positions (:attr:`proof_nodes` entries; ``proof_nodes=`` sets it
    alone). The transposition table starts afresh when full; the proof tables drop the
    half of their entries that took the least work."""

    def __init__(
        self,
        *,
        table: bool = True,
        ordering: bool = True,
        proof: bool = True,
        deepening: int = DEEPENING,
        memory: int = MEMORY_MB,
        proof_nodes: int | None = None,
    ) -> None:
        if isinstance(memory, bool) or not isinstance(memory, int) or not 1 <= memory <= MAX_MEMORY_MB:
            raise ArgumentError(f"the memory is a whole number of megabytes from 1 to {MAX_MEMORY_MB}, not {memory!r}")
        share = memory * 2**20 / sum(_MEMORY_SHARES)
        self.proof = proof
        self.deepening = deepening
        self.memory = memory
        #: The iterative deepening, with its transposition table and the nodes counted.
        self.search = AlphaBeta(table=table, ordering=ordering, table_size=max(1, int(share * _MEMORY_SHARES[0] / TABLE_ENTRY_BYTES)))
        #: The most unsettled positions one proof-number search's table holds.
        self.proof_nodes = proof_nodes if proof_nodes is not None else max(1, int(share * _MEMORY_SHARES[2] / PROOF_NODE_BYTES))
        #: What the proof-number searches settled, kept between them.
        self.proof_table = ProofTable(max(1, int(share * _MEMORY_SHARES[1] / PROOF_ENTRY_BYTES)))
        #: The most unsettled positions a proof-number search of this solver held at once.
        self.peak_proof_nodes = 0
        #: Called as the search goes (the deepest search finished, in turns; the nodes so
        #: far), after each depth and each proof-number search: a progress line.
        self.progress: Callable[[int, int], None] | None = None
        self._depth = 0
        self._stop: threading.Event | None = None

    @property
    def table(self) -> dict[int, tuple[int, int, int, Move | None]]:
        """The deepening's transposition table (by key: depth, bound, score, move)."""
        return self.search.table

    @property
    def table_size(self) -> int:
        """The most entries the transposition table holds (then it starts afresh)."""
        return self.search.table_size

    @property
    def nodes(self) -> int:
        """The positions searched by the last call (the deepening's and the proofs')."""
        return self.search.nodes

    @nodes.setter
    def nodes(self, nodes: int) -> None:
        self.search.nodes = nodes

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
        self.nodes = self._depth = 0
        self._stop = stop
        pos = position.copy()
        text = position.to_string()
        end = round_over(pos)
        if end is not None:
            return Solution(text, end, 0, None, (), 0, 0, _clock() - start, 0)
        limit = MAX_TURNS if depth is None else depth
        by_proof = self.proof and limit > self.deepening
        if by_proof and self.settled(pos, within=limit) is not None:  # (proven before: the proof numbers read it at once)
            self._limits(None if time is None else start + time, nodes)
            answer = self._answer(pos, text, Deepened(0, None, 0, None), limit)
            return replace(answer, nodes=self.nodes, seconds=_clock() - start)
        deepened = self.search.deepen(pos, self._deepening_limits(by_proof, limit, start, time, nodes), self._reached)
        self._limits(None if time is None else start + time, nodes)
        answer = self._answer(pos, text, deepened, limit if by_proof else 0)
        return replace(answer, nodes=self.nodes, seconds=_clock() - start)

    def _deepening_limits(self, by_proof: bool, limit: int, start: float, time: float | None, nodes: int | None) -> int:
        """Set the limits of :meth:`solve`'s deepening (begun at ``start``, with the
        solve's ``time`` and ``nodes``) and return the turns it searches to: where proof
        numbers follow it (``by_proof``), its share of the limits, to :attr:`deepening`
        turns when the solve has no limit; else the whole limits, to ``limit`` turns."""
        if not by_proof:
            self._limits(None if time is None else start + time, nodes)
            return limit
        share = DEEPENING_NODES if nodes is None else min(DEEPENING_NODES, max(1, int(nodes * DEEPENING_SHARE)))
        self._limits(None if time is None else start + time * DEEPENING_SHARE, share)
        return self.deepening if (time is None and nodes is None) or not self.deepening else limit

    def settled(self, position: Position, *, within: int = MAX_TURNS) -> str | None:
        """``"win"`` or ``"loss"`` for the side to move when this solver's proof table
        already holds a side's win from ``position`` within ``within`` turns (a proof
        of an earlier search passed through it: the next move of a proven round), else
        ``None``. Nothing is searched."""
        key = position.key()
        for side in Side:
            won = self.proof_table.settled(key, side, within)
            if won is not None and won != NOT_WON:
                return "win" if side is position.to_move else "loss"
        return None

    def variation(
        self, position: Position, winner: Side, turns: int, *, exact: bool = False,
        time: float | None = None, nodes: int | None = None, stop: threading.Event | None = None,
    ) -> tuple[Move, ...]:  # fmt: skip
        """The line of a round ``winner`` is proven to win from ``position`` within
        ``turns`` turns, a proof a turn (read from the proof table where earlier proofs
        passed through it): the winner's move that keeps the win within the turns left,
        the loser's that holds out — with ``exact`` (``turns`` are the fewest), one that
        escapes a win a turn sooner, the longest hold; else the longest the proofs show
        — as far as ``time``, ``nodes`` and ``stop`` allow."""
        _check(position, turns, time, nodes)
        self.nodes, self._stop = 0, stop
        self._limits(None if time is None else _clock() + time, nodes)
        return tuple(self._proof_variation(position.copy(), winner, turns, exact=exact))

    def _limits(self, deadline: float | None, nodes: int | None) -> None:
        """The deadline and budget of nodes from here on (the nodes counted so far count)."""
        self.search.limits(deadline, nodes, self._stop)

    def _reached(self, depth: int) -> None:
        """A depth of the deepening finished: reported."""
        self._depth = depth
        self._report()

    def _answer(self, pos: Position, text: str, deepened: Deepened, limit: int) -> Solution:
        """The answer from the deepening's result, and from proof numbers (within
        ``limit`` turns; 0: none) where the deepening proved nothing."""
        best, reached, found = deepened.best, deepened.reached, deepened.found
        if found is not None:
            return self._fewest(pos, text, deepened, limit) if deepened.interrupted else self._proven_by_deepening(pos, text, deepened, found)
        proven = self._by_proof_numbers(pos, text, reached, limit) if reached < limit else None
        return proven if proven is not None else Solution(text, "unknown", None, best, (best,) if best else (), reached)

    def _proven_by_deepening(self, pos: Position, text: str, deepened: Deepened, turns: int) -> Solution:
        """The answer where the deepening proved the result in its fewest ``turns``, with
        the principal variation (read from a warm table, without limits)."""
        best = deepened.best
        self._stop = None
        self._limits(None, None)
        pv = self.search.variation(pos, turns) or ([best] if best is not None else [])
        return Solution(text, "win" if deepened.score > 0 else "loss", turns, pv[0] if pv else None, tuple(pv), deepened.reached, within=turns)

    def _fewest(self, pos: Position, text: str, deepened: Deepened, limit: int) -> Solution:
        """A result the deepening proved within ``deepened.found`` turns, but ran out of
        its limits before it could tell they are the fewest: proof numbers (within
        ``limit`` turns; 0: none) find them when the limits allow; else the bound."""
        score, best, reached, found = deepened.score, deepened.best, deepened.reached, deepened.found
        assert found is not None
        bounded = Solution(text, "win" if score > 0 else "loss", None, best, (best,) if best else (), reached, within=found)
        proven = self._by_proof_numbers(pos, text, reached, min(limit, found)) if reached < limit else None
        return proven if proven is not None and (proven.within or found) <= found else bounded

    # ------------------------------------------------------------ proof numbers

    def _by_proof_numbers(self, pos: Position, text: str, reached: int, limit: int) -> Solution | None:
        """The answer by proof-number search (:mod:`.proof`) where the deepening proved
        nothing within ``reached`` turns: the result within ``limit``, with the turns
        its proof holds (an upper bound) and the line it holds; then the fewest turns,
        a proof within one turn fewer than the bound at a time (each proof's own depth
        the new bound) until one is disproven — the one disproof the fewest turns need
        (no win within ``n`` is none within fewer), where halving made several — and
        the principal variation, turn by turn. ``None`` when
        the result is not proven within the limits; the result with its bound, its move
        and its line when the turns are not found within them."""
        found = self._proven_result(pos, limit)
        if found is None:
            return None
        winner, name, high, move = found
        kept = self._bounded(pos, text, winner, name, high, reached, move)
        while high > reached + 1:  # (no win within the turns the deepening searched)
            answer = self._prove(pos, winner, high - 1)
            if answer.proven is None:
                return kept
            if not answer.proven:
                break
            high = answer.turns if answer.turns is not None else high - 1
            kept = self._bounded(pos, text, winner, name, high, reached, answer.move)
        pv = self._proof_variation(pos, winner, high, exact=True)
        if not pv:
            return replace(kept, turns=high)
        return Solution(text, name, high, pv[0], tuple(pv), reached, within=high)

    def _proven_result(self, pos: Position, limit: int) -> tuple[Side, str, int, Move | None] | None:
        """Who is proven to win within ``limit`` turns (``"win"`` for the side to move,
        ``"loss"``), within how many turns its proof wins, and the root's move its proof
        holds (the winner's fastest proven, the loser's longest proven hold); ``None``
        when neither is proven in the limits (or neither wins within ``limit``:
        deadlocks aside, a deeper limit will tell)."""
        me = pos.to_move
        for winner, name in ((me, "win"), (_OTHER[me], "loss")):
            answer = self._prove(pos, winner, limit)
            if answer.proven is None:
                return None
            if answer.proven:
                return winner, name, answer.turns if answer.turns is not None else limit, answer.move
        return None

    def _bounded(self, pos: Position, text: str, winner: Side, name: str, within: int, reached: int, move: Move | None) -> Solution:
        """The answer while only a bound on the turns is proven: the result, the bound,
        and the line the proof holds (as far as the limits allow; when they allow none
        of it, ``move``, the one the proof of the bound held)."""
        pv = self._proof_variation(pos, winner, within, exact=False) or ([move] if move is not None else [])
        return Solution(text, name, None, pv[0] if pv else None, tuple(pv), reached, within=within)

    def _prove(self, pos: Position, winner: Side, within: int) -> Proof:
        """One proof-number search (:func:`.proof.prove`) within what is left of the
        budget of nodes, its unsettled positions at most :attr:`proof_nodes`, its nodes counted."""
        answer = prove(
            pos, winner, within=within, deadline=self.search.deadline, node_limit=max(self.search.budget - self.nodes, 0),
            keep=self.proof_nodes, stop=self._stop, table=self.proof_table,
        )  # fmt: skip
        self.nodes += answer.nodes
        self.peak_proof_nodes = max(self.peak_proof_nodes, answer.peak)
        self._report()
        return answer

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(self._depth, self.nodes)

    def _proof_variation(self, pos: Position, winner: Side, turns: int, *, exact: bool) -> list[Move]:
        """The principal variation of a round ``winner`` wins within ``turns``: the
        winner's move that keeps the win within the turns left; the loser's that escapes
        a win one turn sooner (``exact``: the turns are the fewest, so it holds out
        longest), or else the one the proof shows holding out longest; as far as the
        limits allow."""
        line: list[Move] = []
        while turns > 0 and round_over(pos) is None:
            move, turns = self._proof_step(pos, winner, turns, exact)
            if move is None:
                break
            line.append(move)
            pos.apply(move)
        for _ in line:
            pos.undo()
        return line

    def _proof_step(self, pos: Position, winner: Side, turns: int, exact: bool) -> tuple[Move | None, int]:
        """A move of :meth:`_proof_variation` and the turns left after it."""
        if not pos.has_moves():
            return pos.forfeit_move(), turns - 1
        if pos.to_move is winner or not exact:
            answer = self._prove(pos, winner, turns)
            if not answer.proven or answer.move is None:
                return None, 0
            return answer.move, (turns if exact or answer.turns is None else answer.turns) - 1
        answer = self._prove(pos, winner, turns - 1)
        return (answer.move, turns - 1) if answer.proven is False else (None, 0)

def _check(position: Position, depth: int | None, time: float | None, nodes: int | None) -> None:
    """Every limit a finite number in its range (a NaN compares false with everything:
    a search bounded by one would never end)."""
    if not isinstance(position, Position):
        raise TypeError(f"solve takes a Position, not {type(position).__name__}")
    if depth is not None and not _whole(depth, least=0):
        raise ArgumentError(f"the depth is a whole number of turns, 0 or more, not {depth!r}")
    if time is not None and (isinstance(time, bool) or not isinstance(time, int | float) or not 0 < time <= MAX_SECONDS):
        raise ArgumentError(f"the time is a number of seconds above 0 and at most {MAX_SECONDS:g} (a year), not {time!r}")
    if nodes is not None and not _whole(nodes, least=1):
        raise ArgumentError(f"the budget of nodes is a whole number above 0, not {nodes!r}")


def _whole(value: object, *, least: int) -> bool:
    """Whether ``value`` is a whole number (an ``int``, not a ``bool``), ``least`` or more."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


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

    @property
    def within(self) -> int | None:
        """The turns (this move counted) within which the winner is proven to win: an
        upper bound when ``turns`` was not found, else ``turns``."""
        return None if self.answer.within is None or not self.answer.proven else self.answer.within + 1

    def as_dict(self) -> dict[str, Any]:
        return {"move": self.move.coords(), "result": self.result, "turns": self.turns, "within": self.within}


def solve_moves(
    position: Position, *, depth: int | None = None, time: float | None = None, nodes: int | None = None, solver: Solver | None = None
) -> list[MoveValue]:
    """Every legal move of ``position`` judged for its side to move (``kamisado solve
    --all-moves``): the position after each move solved within the limits (each move its
    own ``time`` and ``nodes``), one solver for all (``solver``'s if given), the wins
    first, fastest first, then the unknown, then the losses, slowest first. The positions
    after the moves are solved by proof numbers at once, without the iterative
    deepening (``Solver(deepening=0)``): their proofs share the solver's proof table, so
    what one move's proof settled is a leaf of the next move's, and a round always ends
    with a winner, so a side proven to win somewhere is proven not to lose there. A
    position that is the mirror image of one already solved (the files reversed, each
    colour the one its squares turn into: the standard start's first moves pair up so)
    takes its twin's answer, the moves reflected.

    >>> values = solve_moves(Position.from_string("y....o++../.p..k+.../.r.Pg++.../....Bn../......../..N.G.O+./K...R+++.b./.......Y+ b R"))
    >>> [(v.move.coords(), v.result, v.turns) for v in values][:2]
    [('b6-b1', 'win', 1), ('b6-b4', 'loss', 8)]
    """
    solver = solver if solver is not None else Solver()
    _check(position, depth, time, nodes)
    mover = position.to_move
    pos = position.copy()
    values = []
    solved: dict[str, Solution] = {}  # (the exact answers, by position string: a mirror image's twin)
    deepening = solver.deepening
    solver.deepening = 0 if solver.proof else deepening  # (without proof numbers, the deepening is all there is)
    try:
        for move in pos.legal_moves():
            pos.apply(move)
            try:
                twin = solved.get(_mirror_image(pos))
                answer = _reflected(twin, pos) if twin is not None else None
                if answer is None:
                    answer = solver.solve(pos, depth=None if depth is None else max(depth - 1, 0), time=time, nodes=nodes)
                if answer.turns is not None:
                    solved[answer.position] = answer
                values.append(_valued(move, answer, flip=pos.to_move is not mover))
            finally:
                pos.undo()
    finally:
        solver.deepening = deepening
    order = {"win": 0, "unknown": 1, "loss": 2}
    return sorted(values, key=lambda v: (order[v.result], (v.turns or 0) * (1 if v.result == "win" else -1)))


def _colour_mirror() -> tuple[Colour, ...] | None:
    """The colour each colour's squares turn into when the board's files are reversed
    (``a`` and ``h`` exchanged), when that is one colour for all of them: the board is
    then its own mirror image, up to the colours' names; else ``None``."""
    turns: dict[Colour, Colour] = {}
    for sq, colour in enumerate(SQUARE_COLOURS):
        if turns.setdefault(colour, SQUARE_COLOURS[sq ^ 7]) != SQUARE_COLOURS[sq ^ 7]:
            return None
    return tuple(turns[c] for c in sorted(turns)) if len(set(turns.values())) == len(turns) else None


#: :func:`_colour_mirror` of the board (``None``: no mirror image to take).
_COLOUR_MIRROR = _colour_mirror()


def _mirror_image(pos: Position) -> str:
    """The position string of ``pos`` with its files reversed and each tower's colour
    the one its squares turn into: a position with the same value, its moves reflected
    (the rules know left from right only as directions, and colours only by squares);
    ``""`` on a board that is not its own mirror image."""
    turn = _COLOUR_MIRROR
    if turn is None:
        return ""
    board: list[Tower | None] = [None] * 64
    for sq, t in enumerate(pos.board):
        if t is not None:
            board[sq ^ 7] = Tower(t.side, turn[t.colour], t.rings)
    return format_position(board, pos.to_move, None if pos.tower is None else turn[pos.tower], pos.last_mover)


def _reflected(twin: Solution, pos: Position) -> Solution | None:
    """``twin``'s answer for ``pos``, its mirror image: the moves of its line reflected
    (each the legal move of the reflected squares), ``None`` if one is not found."""
    line, here = [], pos.copy()
    for move in twin.pv:
        want = move.coords().translate(_FILES_REVERSED)
        found = next((m for m in here.legal_moves() or [here.forfeit_move()] if m.coords() == want), None)
        if found is None:
            return None
        line.append(found)
        here.apply(found)
    return replace(twin, position=pos.to_string(), best=line[0] if line else None, pv=tuple(line), nodes=0, seconds=0.0)


_FILES_REVERSED = str.maketrans("abcdefgh", "hgfedcba")


def _valued(move: Move, answer: Solution, *, flip: bool) -> MoveValue:
    """``move``'s value from the ``answer`` for the position after it (``flip``: the
    other side moves there), this move counted."""
    result = answer.result if not flip or not answer.proven else ("loss" if answer.result == "win" else "win")
    return MoveValue(move, result, None if answer.turns is None else answer.turns + 1, answer)


def solve(
    position: Position, *, depth: int | None = None, time: float | None = None, nodes: int | None = None, memory: int = MEMORY_MB
) -> Solution:
    """Solve ``position`` for the side to move within ``depth`` turns, ``time``
    seconds and ``nodes`` positions searched (each unlimited by default: a position far
    from the end can take very long; a budget of nodes gives the same answer on any
    machine), its tables within ``memory`` megabytes (:class:`Solver`).
    A plain value: :class:`Solution`.

    >>> answer = solve(Position.from_string("y....o++.n/.p..k+.../.r.Pg++.../....B.../......../......O+./K...R+++.b./..G.N..Y+ b N"))
    >>> answer.result, answer.turns, answer.best.coords(), len(answer.pv)
    ('win', 15, 'h8-f6', 15)
    >>> solve(Position.initial(), depth=3).result
    'unknown'

    """
    return Solver(memory=memory).solve(position, depth=depth, time=time, nodes=nodes)
