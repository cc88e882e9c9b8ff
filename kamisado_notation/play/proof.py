"""Depth-first proof-number search (df-pn, Nagai): whether a side can force the round's
win within a number of turns, for the solver (:mod:`.solve`), which measured it proving
positions far from the end many times faster than its iterative deepening
(docs/analysis.md).

Each position has a proof number (how many leaves must still be proven to prove it) and
a disproof number. The search walks down to the most-proving position as a best-first
proof-number search (Allis) would, but depth first: it stays below a node while its
numbers are under thresholds set by its parent (the second-best sibling's number, times
1 + epsilon, Pawlewicz and Lew), and keeps no tree: what it learnt of a position is in a
table, read again when the position is met again. Turns are counted as the solver
counts them (a move or a forfeit is a turn, a push keeps the pusher to move, a deadlock
ends the round), and a position with no turn left is disproven, so
``prove(position, side, within=n)`` answers "does ``side`` win within ``n`` turns
whatever the other does?".

Positions repeat only through forfeits, and a forfeit that would repeat ends the round
as a deadlock (a leaf); the table of unsettled positions is keyed by the position *and*
the turns left, so the search runs over a graph without cycles and a number read from
the table never depends on the path that reached it.

A :class:`ProofTable` keeps what was settled, by position: the fewest turns within which
a side is proven to win from it, and the most within which it is proven not to (a win
within ``n`` turns is one within more; no win within ``n`` is none within fewer). The
solver keeps one across its searches (the turns' proofs and the variation's search the
same positions again and again) and across the positions of a round. The unsettled
positions' numbers are in a table of at most ``keep`` entries; when it is full, the half
that took the least work to reach its numbers is dropped (the work is searched again if
it is needed).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from ..engine.board import RAYS, Direction, Side
from ..engine.position import RANGE, Move, Position, Tower
from ..engine.rules import push_line
from ..engine.tables import OTHER, REACH, SQUARE_VALUES

__all__ = ["NOT_WON", "PROOF_ENTRY_BYTES", "PROOF_NODE_BYTES", "Proof", "ProofTable", "all_into_deadlock", "prove"]

_INFINITE = 1 << 60
_GOAL = (0, 7)  # the rank each side must reach (M7)
#: A child is searched until its number passes its best sibling's times 1 + epsilon
#: (Pawlewicz and Lew): epsilon 1/2 (docs/analysis.md: measured against 0, 1/8, 1/4,
#: 1/3 and 1).
_EPSILON_PARTS = 2
#: Nodes generated between two looks at the clock and at ``stop``.
_CHECK_EVERY = 4096


#: The most turns left at which a new position is tried as held off (:func:`_held`).
_HELD_OFF = 5

_DIRECTIONS = (Direction.FORWARD, Direction.LEFT, Direction.RIGHT)
# ``_GOAL_RAYS[side][sq]``: the rays from ``sq`` that end on ``side``'s goal rank, each
# with its length (the range a tower needs to reach the rank along it).
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
# ``_PATHS[side][sq][rings]``: the forward, left and right rays from ``sq`` cut to the
# range of a tower with ``rings`` (``REACH``), each with whether it ends on ``side``'s
# goal rank (a run along all of it then takes the tower home).
_PATHS = tuple(
    tuple(tuple(tuple((ray, bool(ray) and ray[-1] >> 3 == _GOAL[side]) for ray in by_rings) for by_rings in by_sq) for by_sq in REACH[side])
    for side in Side
)
# ``_FIRSTS[side][sq][rings]``: the first square of each of the rays a tower there can
# move along (whether it can move at all, M6).
_FIRSTS = tuple(tuple(tuple(tuple(ray[0] for ray, _ in by_rings if ray) for by_rings in by_sq) for by_sq in paths) for paths in _PATHS)


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


def _mobility(position: Position) -> tuple[int, bool]:
    """How many legal moves the side to move has (``Position.count_moves``) and whether
    one of them lands on its goal rank (M7), in one pass without building the moves (a
    push never lands there: the tower it pushes would leave the board)."""
    board, side = position.board, position.to_move
    where, paths = position.where[side], _PATHS[side]
    count, home = 0, False
    for colour in range(8) if position.tower is None else (position.tower,):
        origin = where[colour]
        tower = board[origin] if origin >= 0 else None
        if tower is None:
            continue
        rings = tower.rings
        runs, reaches = _runs(board, paths[origin][rings])
        count, home = count + runs, home or reaches
        if rings and push_line(board, side, origin, rings):
            count += 1
    return count, home


def _runs(board: list[Tower | None], paths: tuple[tuple[tuple[int, ...], bool], ...]) -> tuple[int, bool]:
    """How far a tower can move along each of its ``paths`` (free_run, inline: the
    hottest loop of the search), added up, and whether one of them takes it onto its
    goal rank."""
    count, home = 0, False
    for ray, to_goal in paths:
        for sq in ray:
            if board[sq] is not None:
                break
            count += 1
        else:
            home = home or to_goal
    return count, home


def _held(board: list[Tower | None], where: list[list[int]], prover: Side, at: int, left: int) -> bool:
    """Whether the prover is proven not to win within ``left`` turns (1 or more) where
    the tower on ``at`` is to move, the prover's with an even number of turns left, the
    other side's with an odd one, every move a plain one: the other side holds it off
    by one move (a move home, or with one turn left one that leaves the prover's next
    tower a move, so that no deadlock, M8, ends the round), the prover's tower by all
    of its moves (none home, at least one, no Sumo ring to push with). ``False`` is not
    known (the moves are searched)."""
    tower = board[at]
    assert tower is not None
    side, colour, rings = tower
    theirs = side is not prover  # (one reply that holds is enough)
    if not theirs and not _plain(board, side, at, rings):
        return False
    squares, others = where[side], where[OTHER[side]]
    board[at] = None
    try:
        for ray, to_goal in _PATHS[side][at][rings]:
            for to in ray:
                if board[to] is not None:
                    break
                board[to], squares[colour] = tower, to
                after = others[SQUARE_VALUES[to]]
                held = _can_move(board, prover, after) if left == 1 else _held(board, where, prover, after, left - 1)
                board[to], squares[colour] = None, at
                if held is theirs:
                    return held
            else:
                if to_goal and ray and theirs:  # (a move home holds the prover off)
                    return True
    finally:
        board[at] = tower
    return not theirs


def _plain(board: list[Tower | None], side: Side, at: int, rings: int) -> bool:
    """Whether the prover's tower on ``at`` leaves the proof to its plain moves: no Sumo
    ring (it may push), no move home (it wins), one move at least (a blocked tower's
    forfeit may end in a deadlock)."""
    if rings:
        return False
    count, home = _runs(board, _PATHS[side][at][0])
    return not home and count > 0


def _can_move(board: list[Tower | None], side: Side, at: int) -> bool:
    """Whether the tower on ``at`` (``side``'s) has a move (M6)."""
    for first in _FIRSTS[side][at][board[at][2]]:  # type: ignore[index]
        if board[first] is None:
            return True
    return False


class ProofTable:
    """What finished proofs settled, by position and prover: the fewest turns within
    which the prover is proven to win (the depth of the proof found, so a win proven
    within 200 turns in 17 is kept as one within 17), the most within which it is
    proven not to. A round always ends (towers only move forward, and a forfeit that
    would repeat is a deadlock, M8) and one side wins it, so a side proven to win is
    kept as the other's loss within any number of turns: the other side's searches meet
    it as a leaf. At most ``size`` positions (:data:`PROOF_ENTRY_BYTES` each); when
    full, the half that took the least work is dropped, so it never holds more."""

    def __init__(self, size: int = 1_000_000) -> None:
        self.size = size
        self.entries: dict[int, tuple[int, int, int]] = {}  # (key << 1 | side) → (fewest won, most not won, work)

    def __len__(self) -> int:
        return len(self.entries)

    def settled(self, key: int, side: Side, left: int) -> int | None:
        """When the table knows whether ``side`` wins within ``left`` turns from the
        position of ``key``: the turns within which it is proven to win (at most
        ``left``), or :data:`NOT_WON`; else ``None``."""
        entry = self.entries.get(key << 1 | side)
        if entry is None:
            return None
        if left >= entry[0]:
            return entry[0]
        if left <= entry[1]:
            return NOT_WON
        return None

    def keep(self, key: int, side: Side, turns: int, won: bool, work: int = 1) -> None:
        """Keep that ``side`` wins within ``turns`` turns (``won``) or does not, settled
        by ``work`` positions searched (what dropping it would cost again)."""
        index = key << 1 | side
        won_within, not_within, before = self.entries.get(index, (_NEVER, -1, 0))
        if won:
            won_within = min(won_within, turns)
        else:
            not_within = max(not_within, turns)
        self._put(index, (won_within, not_within, max(work, before)))
        if won:  # (the other side wins within no number of turns)
            self._put(index ^ 1, (_NEVER, _NEVER, max(work, before)))

    def _put(self, index: int, entry: tuple[int, int, int]) -> None:
        entries = self.entries
        if len(entries) >= self.size and index not in entries:
            _make_room(entries)
        entries[index] = entry


#: A child in a search's walk: ``[pn, dn, bound, move, key]``.
_Child = list[Any]
_NEVER = 1 << 30  # (no win proven within any number of turns)
#: What :meth:`ProofTable.settled` and the leaves' test say of a position the prover is
#: proven not to win from within the turns left (a proven win is its turns, 0 or more).
NOT_WON = -1


def _lost(turns: int) -> int:
    """What the leaves' test says of a position the prover is proven not to win from
    because the other side wins within ``turns`` turns: a number below
    :data:`NOT_WON` (a disproof made only of such leaves proves the other side's win,
    kept in the proof table as that)."""
    return NOT_WON - 1 - turns


def _lost_within(result: int) -> int:
    """The turns within which the other side is proven to win where the leaves' test
    said ``result`` (below 0), :data:`_NEVER` where it is only proven not to lose."""
    return NOT_WON - 1 - result if result < NOT_WON else _NEVER
#: Bytes a proof table's entry takes, and an entry of a search's table of unsettled
#: positions, as ``bench/bench_solve_memory.py`` measures them (rounded up): what a
#: bound of memory is divided by.
PROOF_ENTRY_BYTES = 160
PROOF_NODE_BYTES = 220


@dataclass(frozen=True)
class Proof:
    """The answer: ``proven`` True (the side wins within the turns), False (it does not),
    None (the time, the nodes or the memory ran out); ``turns``, when proven, the turns
    within which the proof found wins (its depth: at most ``within``, at least the
    fewest); ``move``, for a root where the prover moves, a move that keeps the proof
    within those turns (True), for one where the other side moves, a move that escapes
    it (False) or holds out the longest the proof shows (True), else None; ``nodes``,
    the positions generated; ``peak``, the most unsettled positions the search's table
    held at once (its memory)."""

    proven: bool | None
    move: Move | None
    nodes: int
    turns: int | None = None
    peak: int = 0


def prove(
    position: Position,
    side: Side,
    *,
    within: int,
    deadline: float | None = None,
    node_limit: int = 3_000_000,
    keep: int | None = None,
    stop: threading.Event | None = None,
    table: ProofTable | None = None,
) -> Proof:
    """Whether ``side`` wins the round from ``position`` within ``within`` turns, whatever
    the other side plays (``position`` is not changed); ``None`` (not known) when the
    ``deadline``, the ``node_limit`` (nodes generated) or ``stop`` (set by another
    thread) comes first. ``keep``: the most unsettled positions its table holds
    (default: ``node_limit``); ``table``: what earlier searches settled, read and added
    to (a fresh one if none)."""
    search = _Search(position, side, within, table if table is not None else ProofTable())
    search.limits(node_limit, deadline, stop, node_limit if keep is None else keep)
    pos = search.pos
    ended = _result(pos, side, within, pos.legal_moves())
    if ended is not None and (pos.winner is not None or not pos.has_moves()):  # (else searched all the same, for its move)
        return Proof(ended >= 0, None, 0, ended if ended >= 0 else None, 0)
    try:
        pn, _dn, bound = search.mid(pos.key(), within, _INFINITE - 1, _INFINITE - 1)
    except _Stopped:
        return Proof(None, None, search.nodes, None, search.peak)
    proven = pn == 0
    return Proof(proven, search.root_move(proven), search.nodes, bound if proven else None, search.peak)


class _Stopped(Exception):
    """The search's limits ran out: nothing is known."""


class _Search:
    """One depth-first proof-number search: the position it walks, its table of
    unsettled positions (by key and turns left: proof number, disproof number, work),
    its counts, and the root's children as last seen (for its move)."""

    def __init__(self, position: Position, side: Side, within: int, table: ProofTable) -> None:
        self.pos = position.copy()
        self.side, self.within, self.table = side, within, table
        self.numbers: dict[int, tuple[int, int, int]] = {}
        self.nodes = self.peak = 0
        self.root_children: list[_Child] = []
        self.node_limit, self.keep = 0, 1
        self.deadline: float | None = None
        self.stop: threading.Event | None = None
        self.check_at = 0

    def limits(self, node_limit: int, deadline: float | None, stop: threading.Event | None, keep: int) -> None:
        self.node_limit, self.deadline, self.stop, self.keep = node_limit, deadline, stop, max(1, keep)
        self.check_at = min(_CHECK_EVERY, node_limit + 1)

    def check(self) -> None:
        """Out of nodes, time, or stopped: :class:`_Stopped`; else the next look set."""
        if self.nodes > self.node_limit:
            raise _Stopped
        if (self.deadline is not None and time.perf_counter() > self.deadline) or (self.stop is not None and self.stop.is_set()):
            raise _Stopped
        self.check_at = min(self.nodes + _CHECK_EVERY, self.node_limit + 1)

    def mid(self, key: int, left: int, th_pn: int, th_dn: int) -> tuple[int, int, int]:
        """Search the position walked to (``key``, ``left`` turns left) until its proof
        or disproof number reaches its threshold: its numbers and, when proven, the
        turns its proof takes."""
        pos = self.pos
        prover = pos.to_move is self.side
        children = self.children(key, left)
        start = self.nodes
        if left == self.within:
            self.root_children = children
        while True:
            pn, dn, best, runner_up = _step(children, prover)
            if pn == 0 or dn == 0 or pn >= th_pn or dn >= th_dn:
                break
            cap = runner_up + 1 + runner_up // _EPSILON_PARTS
            if prover:
                child_pn, child_dn = min(th_pn, cap), min(_INFINITE - 1, th_dn - dn + best[1])
            else:
                child_pn, child_dn = min(th_pn - pn + best[0], _INFINITE - 1), min(th_dn, cap)
            pos.apply(best[3])
            best[0], best[1], best[2] = self.mid(best[4], left - 1, child_pn, child_dn)
            pos.undo()
        return self.settle(key, left, prover, children, pn, dn, self.nodes - start)

    def children(self, key: int, left: int) -> list[_Child]:
        """The children of the position walked to, each ``[pn, dn, bound, move, key]``
        (its numbers as the leaves' test or the tables know them), up to the first that
        settles the position (a win of the prover's, an escape of the other side's)."""
        pos = self.pos
        moves, keys = pos.moves_and_keys(key)
        if not moves:
            moves = [pos.forfeit_move()]  # (a deadlock was a leaf)
            keys = pos.keys_after(key, moves)
        side, entries, numbers = self.side, self.table.entries, self.numbers
        settles = _INFINITE if pos.to_move is side else 0  # (the number a settling child has as its disproof number)
        other = OTHER[side]
        below = left - 1
        children = []
        for move, child in zip(moves, keys, strict=True):
            entry = entries.get(child << 1 | side)  # (ProofTable.settled, inline: the hottest loop)
            if entry is None or entry[1] < below < entry[0]:
                known = numbers.get(child << 8 | below)  # (searched before, not settled: no leaf)
                new = [known[0], known[1], 0, move, child] if known is not None else self.fresh(move, child, below)
            elif below >= entry[0]:
                new = [0, _INFINITE, entry[0], move, child]
            else:  # (not won within the turns left: the other side's proven win, if any, bounds its round)
                theirs = entries.get(child << 1 | other)
                new = [_INFINITE, 0, theirs[0] if theirs is not None else _NEVER, move, child]
            children.append(new)
            if new[1] == settles:
                break
        self.nodes += len(children)
        if self.nodes >= self.check_at:
            self.check()
        return children

    def fresh(self, move: Move, child: int, left: int) -> _Child:
        """A position not in the tables, after ``move`` (its key ``child``, ``left``
        turns left), as a child: settled where :func:`_result` settles it, else with its
        first numbers. After a plain move (no push, no forfeit) that does not end the
        round, the reply is read without playing the move (:meth:`read`, the hottest
        path); any other move is played."""
        if left >= 2 and move.distance and not move.push and move.target >> 3 != _GOAL[move.side]:
            read = self.read(move, child, left)
            if read is not None:
                return read
        return _child(*self.played(move, left), move, child)

    def read(self, move: Move, child: int, left: int) -> _Child | None:
        """The child after a plain move that does not end the round (``left`` turns left
        after it, 2 or more), read without playing the move: the other side's tower of
        the colour it lands on (M4), with no Sumo ring, counted with the moved tower only
        lifted onto its target, and with few turns left tried as held off
        (:func:`_held`); ``None`` where a Sumo tower or a blocked one replies (the move
        is played)."""
        pos = self.pos
        mover, target = move.side, move.target
        replier = OTHER[mover]
        board, where = pos.board, pos.where
        sq = where[replier][SQUARE_VALUES[target]]
        tower = board[sq] if sq >= 0 else None
        if tower is None or tower.rings:
            return None
        origin = move.origin
        colour = board[origin][1]  # type: ignore[index]
        board[target], board[origin], where[mover][colour] = board[origin], None, target
        count, home = _runs(board, _PATHS[replier][sq][0])
        held = count and not home and left <= _HELD_OFF and (replier is self.side) is not (left & 1 == 1)
        held = held and _held(board, where, self.side, sq, left)  # (no win within so few turns: the other side holds the prover off)
        board[origin], board[target], where[mover][colour] = board[target], None, origin
        if held:
            return [_INFINITE, 0, _NEVER, move, child]
        if not count:
            return None
        if replier is self.side:  # (_first_numbers, inline: a move home wins with the next turn)
            return [0, _INFINITE, 1, move, child] if home else [1, count, 0, move, child]
        return [_INFINITE, 0, 1, move, child] if home else [count, 1, 0, move, child]

    def played(self, move: Move, left: int) -> tuple[int | None, int, int]:
        """A position not in the tables, after ``move`` (``left`` turns left), the move
        played: what :func:`_result` says of it, else its first numbers."""
        pos = self.pos
        pos.apply(move)
        try:
            if pos.winner is not None or left < 0:
                return _result(pos, self.side, left, []), 1, 1
            if left <= 1:  # (the last turns, without the moves where a tower's paths tell)
                return _last_turn(pos, self.side, left), 1, 1
            facts = _mobility(pos)  # (the moves are generated when the child is searched)
            if not facts[0]:
                return _result(pos, self.side, left, []), 1, 1
            return _first_numbers(facts, pos.to_move is self.side)
        finally:
            pos.undo()

    def settle(self, key: int, left: int, prover: bool, children: list[_Child], pn: int, dn: int, work: int) -> tuple[int, int, int]:
        """Keep a position's numbers: a proof (with its depth in turns) or a disproof in
        the proof table, else its numbers and work in the search's table."""
        index = key << 8 | left
        numbers = self.numbers
        before = numbers.pop(index, None)
        if before is not None:
            work += before[2]
        if pn == 0 or dn == 0:
            if pn:  # (disproven: where every leaf of the disproof is a win of the other side's, it is proven to win)
                lost = [c[2] for c in children if c[1] == 0]
                theirs = min(_NEVER, 1 + (max(lost) if prover else min(lost)))
                if theirs < _NEVER:
                    self.table.keep(key, OTHER[self.side], theirs, True, work)
                else:
                    self.table.keep(key, self.side, left, False, work)
                return pn, dn, theirs
            bounds = [c[2] for c in children if c[0] == 0]
            bound = 1 + (min(bounds) if prover else max(bounds))
            self.table.keep(key, self.side, bound, True, work)
            return pn, dn, bound
        if before is None and len(numbers) >= self.keep:
            _make_room(numbers)
        numbers[index] = (pn, dn, work)
        self.peak = max(self.peak, len(numbers))
        return pn, dn, 0

    def root_move(self, proven: bool) -> Move | None:
        """The prover's fastest proven move, the other side's escape (disproven) or its
        longest hold (proven); None for the prover's disproven root."""
        children = self.root_children
        if not children:
            return None
        if self.pos.to_move is self.side:
            won = [c for c in children if c[0] == 0]
            return _move(min(won, key=lambda c: c[2])) if proven and won else None
        if proven:
            return _move(max(children, key=lambda c: c[2]))
        return next((_move(c) for c in children if c[1] == 0), None)


def _child(result: int | None, pn: int, dn: int, move: Move, key: int) -> _Child:
    """A child as the search keeps it: its numbers, or settled by ``result`` (a proven
    win with its turns; not won, with the turns within which the other side is proven
    to win, if it is)."""
    if result is None:
        return [pn, dn, 0, move, key]
    return [0, _INFINITE, result, move, key] if result >= 0 else [_INFINITE, 0, _lost_within(result), move, key]


def _move(child: _Child) -> Move:
    move: Move = child[3]
    return move


def _step(children: list[_Child], prover: bool) -> tuple[int, int, _Child, int]:
    """A position's proof and disproof numbers from its children's, its most-proving
    child (the least of the number the position takes the least of; of equals, the last
    in the order of the moves: 0.87 of the nodes of the first for seven positions after
    the opening's first moves, docs/analysis.md) and the second-best sibling's number,
    in one pass: the child is searched until its number passes that one's times 1 +
    epsilon (and what is left of the position's own threshold in the number it sums)."""
    mine = 0 if prover else 1
    other = 1 - mine
    best = children[0]
    low = second = _INFINITE
    total = 0
    for c in children:
        v = c[mine]
        total += c[other]
        if v <= low:
            second, low, best = low, v, c
        elif v < second:
            second = v
    total = min(total, _INFINITE)
    return (low, total, best, second) if prover else (total, low, best, second)


def _first_numbers(facts: tuple[int, bool], prover: bool) -> tuple[int | None, int, int]:
    """What a new position tells, whose side to move (the ``prover`` or not) has
    ``facts``: ``count`` moves, ``home`` one onto its goal rank: a win or a loss with the
    next turn (M7), else its first numbers: the count for the number that adds its
    children's (a position where the prover has many moves is hard to disprove, one
    where the other side has many is hard to prove; their square took 19% more nodes for
    the opening, docs/analysis.md), 1 for the other, however far the bound (1 and 1
    beyond 20 turns of it took twice the nodes of a first proof within 200 turns)."""
    count, home = facts
    if home:
        return (1 if prover else _lost(1)), 1, 1
    return (None, 1, count) if prover else (None, count, 1)


def _make_room(entries: dict[int, tuple[int, int, int]]) -> None:
    """Drop the half of a table's entries that took the least work (their third)."""
    works = sorted(entry[2] for entry in entries.values())
    cut = works[len(works) // 2]
    for index in [i for i, entry in entries.items() if entry[2] <= cut]:
        del entries[index]


def _result(pos: Position, side: Side, left: int, moves: list[Move]) -> int | None:
    """0: ``side`` has won; 1: it wins with the next turn; ``_lost(0)``, ``_lost(1)``:
    it has lost, loses with the next turn; :data:`NOT_WON`: it has no turn left to win
    (with one left and its own to play, only a move home wins: the other side's move
    into a deadlock would); None: not known yet. ``moves``: the legal moves of ``pos`` (any list once the round is won or
    ``left`` is below 0)."""
    if left < 0:
        return NOT_WON  # (the round ends here, a turn too late)
    if pos.winner is not None:
        return 0 if pos.winner is side else _lost(0)
    if not moves:
        loser = pos.deadlock()
        if loser is not None:  # M8
            return _lost(0) if loser is side else 0
    elif left >= 1:
        return _with_moves(pos, side, left, moves)
    if left <= 0 or (left == 1 and pos.to_move is side):
        return NOT_WON  # no turn left; or the last one is the prover's, blocked
    return None


def _with_moves(pos: Position, side: Side, left: int, moves: list[Move]) -> int | None:
    """:func:`_result` of a position whose side to move has ``moves``, with a turn left
    or more: a move home wins with the next turn (M7); with one turn left, the prover
    wins only by one, the other side loses only if every move of its leads into a
    deadlock, which the last mover loses (M8)."""
    goal = _GOAL[pos.to_move]
    if any(m.target >> 3 == goal for m in moves):  # M7 with the next turn
        return 1 if pos.to_move is side else _lost(1)
    if left > 1:
        return None
    if pos.to_move is side:
        return NOT_WON  # (a move into a deadlock loses it)
    return 1 if all_into_deadlock(pos, moves) else NOT_WON


def _last_turn(pos: Position, side: Side, left: int) -> int | None:
    """:func:`_result` with one turn left or none, the moves counted (:func:`_mobility`)
    and generated only where every move must be tried (the other side's last turn,
    with no move home)."""
    count, home = _mobility(pos)
    if not count:
        return _result(pos, side, left, [])
    if left == 0:
        return NOT_WON
    if home:
        return 1 if pos.to_move is side else _lost(1)
    if pos.to_move is side:
        return NOT_WON
    return 1 if all_into_deadlock(pos, pos.legal_moves()) else NOT_WON


def all_into_deadlock(pos: Position, moves: list[Move]) -> bool:
    """Whether every move of the side to move leads into a deadlock, which the last
    mover loses (M8): a loss with this turn."""
    mover = pos.to_move
    for move in moves:
        pos.apply(move)
        try:
            if pos.has_moves() or pos.deadlock() is not mover:
                return False
        finally:
            pos.undo()
    return True
