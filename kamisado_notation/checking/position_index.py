"""An index of the positions an archive's rounds pass through, keyed by the Zobrist key
every :class:`~kamisado_notation.engine.position.Position` has (:meth:`Position.key`),
for asking many positions of one archive: each round is replayed once, and a question
is a dictionary lookup.

Unlike :func:`~.archive.select`, the index grows with the archive: one entry a distinct
position, one place a time a round passes through it. Two different positions share a
key almost never (64 bits); the places a key gives are where the position asked was
reached.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.position import Position
from ..notation.formats import parse_position
from .archive import Criteria, Selected, select
from .replayed import PlyKind

__all__ = ["Place", "PositionIndex"]


@dataclass(frozen=True, slots=True)
class Place:
    """Where a position was reached: the file, the match's line, the round's number, and
    how many plies of the round had been played (0: its start)."""

    path: str
    line: int
    round: int
    ply: int


class PositionIndex:
    """The places of every position the matches added pass through, by key.

    >>> index = PositionIndex.of(["samples/standard-match.kmr"])
    >>> start = index.find(Position.initial())
    >>> [(p.round, p.ply) for p in start]
    [(1, 0)]
    >>> len(index) > 50
    True
    """

    def __init__(self) -> None:
        self._places: dict[int, list[Place]] = {}

    @classmethod
    def of(cls, paths: Iterable[str], **criteria: object) -> PositionIndex:
        """The index of the matches :func:`~.archive.select` finds in ``paths``."""
        index = cls()
        for found in select(paths, Criteria.of(**criteria)):
            index.add(found)
        return index

    def add(self, found: Selected) -> None:
        """Index every position of the match's rounds (its replay's), the key kept up to
        date move by move (:meth:`Position.key_change`)."""
        for rr in found.replay.rounds:
            position = rr.start.copy()
            key = position.key()
            ply = 0
            self._places.setdefault(key, []).append(Place(found.path, found.record.line, rr.number, 0))
            for p in rr.plies:
                if p.kind is PlyKind.BACK:
                    continue
                key ^= position.key_change(p.move)
                position.apply(p.move)
                ply += 1
                self._places.setdefault(key, []).append(Place(found.path, found.record.line, rr.number, ply))

    def find(self, position: Position | str) -> list[Place]:
        """Where ``position`` (or its string) was reached, in the order added."""
        wanted = position if isinstance(position, Position) else parse_position(position)
        return list(self._places.get(wanted.key(), ()))

    def __len__(self) -> int:
        """The distinct positions indexed."""
        return len(self._places)
