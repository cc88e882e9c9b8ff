"""Proof-number search (Allis): whether a side can force the round's win within a number
of turns, for the solver (:mod:`.solve`), which measured it proving positions far from
the end many times faster than its iterative deepening (docs/analysis.md).

The search grows a tree best-first: each node has a proof number (how many leaves must
still be proven to prove it) and a disproof number; the most-proving leaf is expanded
next. Turns are counted as the solver counts them (a move or a forfeit is a turn, a push
keeps the pusher to move, a deadlock ends the round), and a node with no turn left is
disproven, so ``prove(position, side, within=n)`` answers "does ``side`` win within ``n``
turns whatever the other does?".

A :class:`ProofTable` keeps what finished searches proved, by position: the fewest turns
within which a side is proven to win from it, and the most within which it is proven
not to (a win within ``n`` turns is one within more; no win within ``n`` is none within
fewer). A new node whose position the table settles is a leaf; the solver keeps one
table across its searches (the turns' galloping and halving search the same positions
again and again) and across the positions of a round. A subtree is dropped as soon as
its root is settled (only the root's children are kept, for its move): the tree in
memory is the unsettled part, bounded by ``node_limit`` nodes generated.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..engine.board import Side
from ..engine.position import Move, Position

__all__ = ["NOT_WON", "PROOF_ENTRY_BYTES", "PROOF_NODE_BYTES", "Proof", "ProofTable", "prove"]

_INFINITE = 1 << 60
_GOAL = (0, 7)  # the rank each side must reach (M7)


class ProofTable:
    """What finished proofs settled, by position and prover: the fewest turns within
    which the prover is proven to win (the depth of the proof found, so a win proven
    within 200 turns in 17 is kept as one within 17), the most within which it is
    proven not to. At most ``size`` positions (:data:`PROOF_ENTRY_BYTES` each); when
    full it starts afresh, so it never holds more."""

    def __init__(self, size: int = 1_000_000) -> None:
        self.size = size
        self.entries: dict[int, tuple[int, int]] = {}  # (key << 1 | side) → (fewest won, most not won)

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

    def keep(self, key: int, side: Side, turns: int, won: bool) -> None:
        """Keep that ``side`` wins within ``turns`` turns (``won``) or does not."""
        index = key << 1 | side
        won_within, not_within = self.entries.get(index, (_NEVER, -1))
        if won:
            won_within = min(won_within, turns)
        else:
            not_within = max(not_within, turns)
        if len(self.entries) >= self.size and index not in self.entries:
            self.entries.clear()
        self.entries[index] = (won_within, not_within)


_NEVER = 1 << 30  # (no win proven within any number of turns)
#: The most legal moves a position can have (8 towers, 3 rays of 7 squares): the most
#: nodes one expansion adds.
_WIDEST = 8 * 3 * 7
#: What :meth:`ProofTable.settled` and the leaves' test say of a position the prover is
#: proven not to win from within the turns left (a proven win is its turns, 0 or more).
NOT_WON = -1
#: Bytes a proof table's entry takes, and a node of a proof-number search's tree (its
#: move and key included), as ``bench/bench_solve_memory.py`` measures them (rounded up):
#: what a bound of memory is divided by.
PROOF_ENTRY_BYTES = 160
PROOF_NODE_BYTES = 170


class _Node:
    """A node of the tree: no link to its parent (a search walks down from the root and
    back up its path), so a subtree dropped is freed at once, with no cycle to collect."""

    __slots__ = ("bound", "children", "dn", "key", "move", "pn", "prover_moves", "turns")

    def __init__(self, move: Move | None, prover_moves: bool, turns: int, key: int) -> None:
        self.move = move
        self.prover_moves, self.turns = prover_moves, turns
        self.key = key
        self.children: list[_Node] | None = None
        self.pn = self.dn = 1
        self.bound = 0  # (once proven: the turns within which its proof wins, from here)


@dataclass(frozen=True)
class Proof:
    """The answer: ``proven`` True (the side wins within the turns), False (it does not),
    None (the time, the nodes or the memory ran out); ``turns``, when proven, the turns
    within which the proof found wins (its depth: at most ``within``, at least the
    fewest); ``move``, for a root where the prover moves, a move that keeps the proof
    within those turns (True), for one where the other side moves, a move that escapes
    it (False) or holds out the longest the proof shows (True), else None; ``nodes``,
    the positions generated; ``peak``, the most nodes kept at once (the tree's memory)."""

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
    thread) comes first, or the tree would keep more than ``keep`` nodes (default:
    ``node_limit``). ``table``: what earlier searches settled, read and added to (a
    fresh one if none)."""
    search = _Search(position, side, within, table if table is not None else ProofTable())
    kept = (node_limit if keep is None else keep) - _WIDEST  # (a step keeps a position's moves more)
    root = search.root
    while root.pn and root.dn:
        if search.nodes > node_limit or search.kept > kept or (deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop.is_set()):
            return Proof(None, None, search.nodes, None, search.peak)
        search.step()
    proven = root.pn == 0
    return Proof(proven, _root_move(root, proven), search.nodes, root.bound if proven else None, search.peak)


def _root_move(root: _Node, proven: bool) -> Move | None:
    """The prover's fastest proven move, the other side's escape (disproven) or its
    longest hold (proven); None for the prover's disproven root, or a root not expanded."""
    children = root.children
    if not children:
        return None
    if root.prover_moves:
        won = [c for c in children if c.pn == 0]
        return min(won, key=lambda c: c.bound).move if proven and won else None
    if proven:
        return max(children, key=lambda c: c.bound).move
    return next((c.move for c in children if c.dn == 0), None)


class _Search:
    """One proof-number search: its tree, the position at its root, and its counts (the
    nodes generated, those kept now and the most kept at once)."""

    def __init__(self, position: Position, side: Side, within: int, table: ProofTable) -> None:
        self.pos = pos = position.copy()
        self.side, self.within, self.table = side, within, table
        self.root = root = _Node(None, pos.to_move is side, 0, pos.key())
        _evaluate(root, pos, side, within, table)
        if root.children == [] and pos.legal_moves():  # settled at sight: expanded all the same, for its move
            root.children, root.pn, root.dn = None, 1, 1
        self.nodes = self.kept = self.peak = 0

    def step(self) -> None:
        """Expand the most-proving leaf and bring its ancestors' numbers up to date; a
        node settled on the way is kept in the table and its subtree dropped."""
        pos = self.pos
        node = self.root
        path = [node]
        while node.children is not None:
            node = _most_proving(node)
            pos.apply(node.move)  # type: ignore[arg-type]  # (every child has its move)
            path.append(node)
        grown = _expand(node, pos, self.side, self.within, self.table)
        self.nodes += grown
        self.kept += grown
        self.peak = max(self.peak, self.kept)
        for _ in range(len(path) - 1):
            pos.undo()
        for up in reversed(path):
            _update(up)
            if (up.pn == 0 or up.dn == 0) and up.children:
                self._settle(up)

    def _settle(self, node: _Node) -> None:
        """Keep a settled node in the table (a proof with its depth in turns) and drop
        its subtree (the root's children stay, for its move)."""
        children = node.children
        assert children
        won = node.pn == 0
        if won:
            bounds = [c.bound for c in children if c.pn == 0]
            node.bound = 1 + (min(bounds) if node.prover_moves else max(bounds))
        self.table.keep(node.key, self.side, node.bound if won else self.within - node.turns, won)
        if node is not self.root:
            self.kept -= _subtree(node)
            node.children = []  # (settled: its subtree is not needed again)


def _subtree(node: _Node) -> int:
    """The nodes under ``node`` (those kept: a settled node's are already dropped)."""
    count = 0
    stack = [node]
    while stack:
        children = stack.pop().children
        if children:
            count += len(children)
            stack.extend(children)
    return count


def _most_proving(node: _Node) -> _Node:
    children = node.children
    assert children is not None
    if node.prover_moves:
        return min(children, key=lambda c: c.pn)
    return min(children, key=lambda c: c.dn)


def _update(node: _Node) -> None:
    children = node.children
    if not children:
        return
    if node.prover_moves:
        node.pn = min(c.pn for c in children)
        node.dn = min(_INFINITE, sum(c.dn for c in children))
    else:
        node.pn = min(_INFINITE, sum(c.pn for c in children))
        node.dn = min(c.dn for c in children)


def _expand(node: _Node, pos: Position, side: Side, within: int, table: ProofTable) -> int:
    moves = pos.legal_moves() or [pos.forfeit_move()]  # (a deadlock was a leaf: _evaluate)
    node.children = []
    for move in moves:
        key = node.key ^ pos.key_change(move)
        pos.apply(move)
        child = _Node(move, pos.to_move is side, node.turns + 1, key)
        _evaluate(child, pos, side, within, table)
        pos.undo()
        node.children.append(child)
    return len(moves)


def _evaluate(node: _Node, pos: Position, side: Side, within: int, table: ProofTable) -> None:
    """A new node's numbers: proven (with its turns) or disproven when the round is
    over, won on the next turn, or out of turns, or as the table settled its position;
    else 1 and 1."""
    left = within - node.turns
    result = _result(pos, side, left)
    if result is None:
        result = table.settled(node.key, side, left)
    if result is None:
        return
    if result >= 0:
        node.pn, node.dn, node.children, node.bound = 0, _INFINITE, [], result
    else:
        node.pn, node.dn, node.children = _INFINITE, 0, []


def _result(pos: Position, side: Side, left: int) -> int | None:
    """0: ``side`` has won; 1: it wins with the next turn; :data:`NOT_WON`: it has lost,
    loses with the next turn, or has no turn left to win (with one left and its own to
    play, only a move home wins: the other side's move into a deadlock would); None: not
    known yet."""
    if left < 0:
        return NOT_WON  # (the round ends here, a turn too late: a settled root's children)
    if pos.winner is not None:
        return 0 if pos.winner is side else NOT_WON
    moves = pos.legal_moves()
    if not moves:
        loser = pos.deadlock()
        if loser is not None:  # M8
            return NOT_WON if loser is side else 0
    elif left >= 1:
        goal = _GOAL[pos.to_move]
        if any(m.target >> 3 == goal for m in moves):  # M7 with the next turn
            return 1 if pos.to_move is side else NOT_WON
    if left <= 0 or (left == 1 and pos.to_move is side):
        return NOT_WON  # no turn left; or the last one is the prover's, with no move home (a move into a deadlock loses it)
    return None
