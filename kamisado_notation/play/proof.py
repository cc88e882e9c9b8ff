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

__all__ = ["Proof", "ProofTable", "prove"]

_INFINITE = 1 << 60
_GOAL = (0, 7)  # the rank each side must reach (M7)


class ProofTable:
    """What finished proofs settled, by position and prover: the fewest turns within
    which the prover is proven to win, the most within which it is proven not to. At
    most ``size`` positions (about 200 bytes each); when full it starts afresh."""

    def __init__(self, size: int = 1_000_000) -> None:
        self.size = size
        self.entries: dict[int, tuple[int, int]] = {}  # (key << 1 | side) → (fewest won, most not won)

    def settled(self, key: int, side: Side, left: int) -> bool | None:
        """Whether ``side`` wins within ``left`` turns from the position of ``key``, when
        the table knows; else ``None``."""
        entry = self.entries.get(key << 1 | side)
        if entry is None:
            return None
        if left >= entry[0]:
            return True
        if left <= entry[1]:
            return False
        return None

    def keep(self, key: int, side: Side, left: int, won: bool) -> None:
        index = key << 1 | side
        won_within, not_within = self.entries.get(index, (_NEVER, -1))
        if won:
            won_within = min(won_within, left)
        else:
            not_within = max(not_within, left)
        if len(self.entries) >= self.size and index not in self.entries:
            self.entries.clear()
        self.entries[index] = (won_within, not_within)


_NEVER = 1 << 30  # (no win proven within any number of turns)


class _Node:
    __slots__ = ("children", "dn", "key", "move", "parent", "pn", "prover_moves", "turns")

    def __init__(self, move: Move | None, parent: _Node | None, prover_moves: bool, turns: int, key: int) -> None:
        self.move, self.parent = move, parent
        self.prover_moves, self.turns = prover_moves, turns
        self.key = key
        self.children: list[_Node] | None = None
        self.pn = self.dn = 1


@dataclass(frozen=True)
class Proof:
    """The answer: ``proven`` True (the side wins within the turns), False (it does not),
    None (the time or the nodes ran out); ``move``, for a root where the prover moves, a
    move that keeps the proof (True) or, where the other side moves, a move that escapes
    it (False), else None; ``nodes``, the positions generated."""

    proven: bool | None
    move: Move | None
    nodes: int


def prove(
    position: Position,
    side: Side,
    *,
    within: int,
    deadline: float | None = None,
    node_limit: int = 3_000_000,
    stop: threading.Event | None = None,
    table: ProofTable | None = None,
) -> Proof:
    """Whether ``side`` wins the round from ``position`` within ``within`` turns, whatever
    the other side plays (``position`` is not changed); ``None`` (not known) when the
    ``deadline``, the ``node_limit`` or ``stop`` (set by another thread) comes first.
    ``table``: what earlier searches settled, read and added to (a fresh one if none)."""
    pos = position.copy()
    table = table if table is not None else ProofTable()
    root = _Node(None, None, pos.to_move is side, 0, pos.key())
    _evaluate(root, pos, side, within, table)
    if root.children == [] and pos.legal_moves():  # settled at sight: expanded all the same, for its move
        root.children, root.pn, root.dn = None, 1, 1
    nodes = 0
    while root.pn and root.dn:
        if nodes > node_limit or (deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop.is_set()):
            return Proof(None, None, nodes)
        node = root
        depth = 0
        while node.children is not None:
            node = _most_proving(node)
            pos.apply(node.move)  # type: ignore[arg-type]  # (every child has its move)
            depth += 1
        nodes += _expand(node, pos, side, within, table)
        for _ in range(depth):
            pos.undo()
        up: _Node | None = node
        while up is not None:
            _update(up)
            if (up.pn == 0 or up.dn == 0) and up.children:
                table.keep(up.key, side, within - up.turns, up.pn == 0)
                if up is not root:
                    up.children = []  # (settled: its subtree is not needed again)
            up = up.parent
    proven = root.pn == 0
    move = None
    if root.children and root.prover_moves is proven:  # a prover's proving move, or the other side's escape
        move = next((c.move for c in root.children if (c.pn if proven else c.dn) == 0), None)
    return Proof(proven, move, nodes)


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
        child = _Node(move, node, pos.to_move is side, node.turns + 1, key)
        _evaluate(child, pos, side, within, table)
        pos.undo()
        node.children.append(child)
    return len(moves)


def _evaluate(node: _Node, pos: Position, side: Side, within: int, table: ProofTable) -> None:
    """A new node's numbers: proven or disproven when the round is over, won on the
    next turn, or out of turns, or as the table settled its position; else 1 and 1."""
    result = _result(pos, side, within - node.turns)
    if result is None:
        result = table.settled(node.key, side, within - node.turns)
    if result is True:
        node.pn, node.dn, node.children = 0, _INFINITE, []
    elif result is False:
        node.pn, node.dn, node.children = _INFINITE, 0, []


def _result(pos: Position, side: Side, left: int) -> bool | None:
    """True: ``side`` has won, or wins with the next turn; False: it has lost, loses with
    the next turn, or has no turn left to win (with one left and its own to play, only a
    move home wins: the other side's move into a deadlock would); None: not known yet."""
    if left < 0:
        return False  # (the round ends here, a turn too late: a settled root's children)
    if pos.winner is not None:
        return pos.winner is side
    moves = pos.legal_moves()
    if not moves:
        loser = pos.deadlock()
        if loser is not None:  # M8
            return loser is not side
    elif left >= 1:
        goal = _GOAL[pos.to_move]
        if any(m.target >> 3 == goal for m in moves):  # M7 with the next turn
            return pos.to_move is side
    if left <= 0 or (left == 1 and pos.to_move is side):
        return False  # no turn left; or the last one is the prover's, with no move home (a move into a deadlock loses it)
    return None
