"""Positions and the rules of a round: towers, legal moves, Sumo pushes, forfeits,
deadlock and the end of a round (docs/rules.md T1–T2, M1–M8, S1–S11, DS1–DS8, TS1–TS8).

A :class:`Position` is mutable, like python-chess's ``Board``: :meth:`Position.play`
applies a move and :meth:`Position.undo` takes it back, so a search never copies a board.

Engine decisions (documented in ``docs/rules-decisions.md``):

- A Sumo push is *one* move of the pusher. The pushed player's forfeited turn (the
  back-entry of a record) is part of it: after :meth:`play` of a push the pusher is to
  move again, with the tower of the colour of the square the farthest pushed tower was
  pushed onto (S3). This is the state a position string can express.
- A blocked tower (M6) forfeits with a zero-length move, :meth:`Position.forfeit_move`.
- A deadlock (M8) is found by following the forced forfeits until a (side to move,
  tower) pair repeats; :meth:`Position.deadlock` returns the loser, the last mover.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from ..enums import TextEnum
from ..errors import IllegalMoveError, KamisadoError, PositionError
from ..wiring import load_text_doors
from .board import (
    COLOUR_LETTERS,
    COLOURS,
    MOVE_STEPS,
    RAYS,
    SIDES,
    SQUARE_COLOURS,
    Colour,
    Direction,
    Side,
    Square,
    square_name,
    square_rank,
)

__all__ = [
    "INITIAL_POSITION",
    "MAX_PUSH",
    "RANGE",
    "RING_NAMES",
    "Move",
    "Outcome",
    "Position",
    "RoundEnd",
    "Tower",
    "WrittenMove",
]

#: How far a tower may move, by its number of Sumo rings (S1, DS1, TS1).
RANGE = (7, 5, 3, 1)
#: How many towers a tower may push at once, by its rings (S7, DS7, TS7).
MAX_PUSH = (0, 1, 2, 3)
#: What the rulebook calls a tower with 0..3 rings.
RING_NAMES = ("tower", "Sumo", "Double Sumo", "Triple Sumo")
#: The rule family that governs a tower with 1..3 rings (S…, DS…, TS…).
_RULE_PREFIX = ("M", "S", "DS", "TS")

INITIAL_POSITION = "obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -"

_FWD, _LEFT, _RIGHT, _BACK = Direction.FORWARD, Direction.LEFT, Direction.RIGHT, Direction.BACK
_MOVE_DIRECTIONS = (_FWD, _LEFT, _RIGHT)
#: ``_PATHS[side][sq][rings][direction][distance - 1]``: the squares a move of that
#: distance passes and lands on (the first ``distance`` of the forward, left or right
#: ray), cut to the range of a tower with ``rings`` (S1, DS1, TS1; the paths of a ray
#: shared by every ring count): the replay's hot path reads a move's path without
#: slicing a ray at every ply.
_PREFIXES = tuple(slice(k) for k in range(1, 8))
_PATHS = tuple(
    tuple(
        tuple(tuple(paths[:reach] for paths in by_direction) for reach in RANGE)
        for by_direction in (
            [tuple(map(ray.__getitem__, _PREFIXES[: len(ray)])) for ray in map(RAYS[side][sq].__getitem__, _MOVE_DIRECTIONS)]
            for sq in range(64)
        )
    )
    for side in Side
)
#: ``_REACH[side][sq][rings]``: the forward, left and right rays from ``sq`` cut to the
#: range of a tower with ``rings`` (each the longest path of :data:`_PATHS`), so that
#: move generation does not slice a ray at every node.
_REACH = tuple(
    tuple(tuple(tuple(paths[-1] if paths else () for paths in by_direction) for by_direction in by_rings) for by_rings in by_sq)
    for by_sq in _PATHS
)
#: ``_OTHER[side]`` is ``side.other`` without the property call (hot in play/undo).
_OTHER = (Side.GOLD, Side.BLACK)
_GOLD = Side.GOLD
_VALUE = tuple(range(8))  # a colour's int, from the colour (an exact int compares fastest)
#: each square's colour as an int (:data:`~.board.SQUARE_COLOURS`' values), for the hot loop
_SQUARE_VALUES = tuple(int(c) for c in SQUARE_COLOURS)
#: What a push adds to a pushed tower's square, by the pusher's side (one rank back).
_PUSH_STEP = (-8, 8)
# Rank index of the row a side must reach to win the round (M7).
_GOAL_RANK = (0, 7)
#: ``_END_RANK[sq]``: ``sq`` is on the first or the last rank, where a move forward ends
#: only on the opponent's home row (M7)
_END_RANK = tuple(sq >> 3 in (0, 7) for sq in range(64))

# Zobrist keys (:meth:`Position.key`): one random 64-bit number for each tower on each
# square (``_PLACE_KEYS[side][colour][sq]``), for each tower's rings
# (``_RING_KEYS[side][colour][rings]``: a round never changes them, so a move's change of
# the key does not depend on them), and for each turn (``_TURN_KEYS[side][tower][flag]``:
# the side to move, the tower it must move, 8 for a free choice, and whether it also made
# the last move). Fixed numbers (a seeded generator), so a key is the same in every run.
_ZOBRIST = random.Random(0x4B414D49)
_PLACE_KEYS = tuple(tuple(tuple(_ZOBRIST.getrandbits(64) for _sq in range(64)) for _c in range(8)) for _s in range(2))
_RING_KEYS = tuple(tuple(tuple(_ZOBRIST.getrandbits(64) if r else 0 for r in range(4)) for _c in range(8)) for _s in range(2))
_TURN_KEYS = tuple(tuple((_ZOBRIST.getrandbits(64), _ZOBRIST.getrandbits(64)) for _t in range(9)) for _s in range(2))
del _ZOBRIST


class Tower(NamedTuple):
    """A dragon tower: its owner, its colour, and its Sumo rings (0 to 3)."""

    side: Side
    colour: Colour
    rings: int = 0

    @property
    def letter(self) -> str:
        """The tower as the position string writes it: ``p``, ``P++``…"""
        letter = self.colour.letter
        return (letter.lower() if self.side is Side.BLACK else letter) + "+" * self.rings

    def __str__(self) -> str:
        rank = f" {RING_NAMES[self.rings]}" if self.rings else ""
        return f"{self.side.title}'s {self.colour.name.lower()}{rank}"


@dataclass(frozen=True, slots=True)
class Move:
    """One move of one tower.

    ``push`` lists the squares of the pushed towers *before* the push, nearest first
    (empty for an ordinary move). A forfeit (M6) has ``distance == 0``, ``direction``
    ``None`` and ``origin == target``.
    """

    side: Side
    tower: Colour | None
    origin: int
    target: int
    direction: Direction | None
    distance: int
    push: tuple[int, ...] = ()

    @property
    def square_colour(self) -> Colour:
        """The colour of the square the move ends on (the record's fourth slot)."""
        return SQUARE_COLOURS[self.target]

    @property
    def is_forfeit(self) -> bool:
        return self.distance == 0

    @property
    def pushed_to(self) -> int | None:
        """Where the farthest pushed tower ends (the square that names the next tower, S3)."""
        if not self.push:
            return None
        step = 8 if self.side is Side.GOLD else -8
        return self.push[-1] + step

    def coords(self) -> str:
        """The coordinate form, ``d8-d4``."""
        return f"{square_name(self.origin)}-{square_name(self.target)}"

    def text(self, form: str = "text", lang: str = "en") -> str:
        """The move written in ``form`` (``symbols``, ``text``, ``short``, ``coords`` or
        ``json``) and ``lang`` (``en``, ``de``, ``hu``, ``pt``, ``ro``, ``ru``), as a
        record writes it (the notation layer, loaded on first use, writes it).

        >>> move = Position.initial().parse_move("Pink Forward 4 Brown")
        >>> move.text("symbols"), move.text("short"), move.text("coords"), move.text(lang="hu")
        ('粉↑4棕', 'Pi F4 Br', 'd8-d4', 'rózsaszín előre 4 barna')
        """
        return _text_doors().write(self, form, lang)

    def __repr__(self) -> str:
        what = "forfeit" if self.is_forfeit else f"{self.direction} {self.distance}"
        pushed = f" pushing {' '.join(map(square_name, self.push))}" if self.push else ""
        return f"<Move {self.side} {_colour_title(self.tower)} {self.coords()} {what}{pushed}>"

    def __str__(self) -> str:
        if self.is_forfeit:
            return f"{_colour_title(self.tower)} 0 {self.square_colour.title}"
        direction = self.direction.name.capitalize() if self.direction is not None else "?"
        return f"{_colour_title(self.tower)} {direction} {self.distance} {self.square_colour.title}"


def _squares(n: int) -> str:
    return f"{n} square{'s' if n != 1 else ''}"


def _free_run(board: list[Tower | None], ray: tuple[Square, ...]) -> int:
    """How many squares of ``ray`` are empty before the first tower on it (M2, M3): how far
    a tower can move along it, before its range (S1, DS1, TS1) is counted."""
    n = 0
    for sq in ray:
        if board[sq] is not None:
            break
        n += 1
    return n


def _colour_title(colour: Colour | None) -> str:
    return colour.title if colour is not None else "Any"


#: The ordinary moves of each (side, colour, origin), by direction and distance, built
#: on first use: moves are immutable, so move generation hands out these shared objects
#: instead of building new ones at every node of a search.
_ORDINARY: list[tuple[tuple[Move, ...], ...] | None] = [None] * (2 * 8 * 64)
#: ``_KEY[side][colour]``: the first key of that tower's in :data:`_ORDINARY` (``+ origin``)
_KEY = tuple(tuple((side * 8 + colour) * 64 for colour in Colour) for side in Side)


def _ordinary_moves(
    key: int, side: Side, colour: int, origin: int
) -> tuple[tuple[Move, ...], ...]:
    every = tuple(
        tuple(
            Move(side, COLOURS[colour], origin, target, direction, distance)  # (colour: perhaps its int)
            for distance, target in enumerate(RAYS[side][origin][direction], 1)
        )
        for direction in _MOVE_DIRECTIONS
    )
    _ORDINARY[key] = every
    return every


#: ``_FROM_TO[side][rings][origin << 6 | target]``: the squares a move of ``side``'s tower
#: with ``rings`` from ``origin`` to ``target`` crosses and lands on (the path of
#: :data:`_PATHS`), for the straight moves forward or diagonally forward (M1,
#: :data:`~.board.MOVE_STEPS`) within its range (S1, DS1, TS1); ``None`` for any other
#: pair of squares.
_FromTo = tuple[tuple[list[tuple[Square, ...] | None], ...], ...]
_FROM_TO: _FromTo | None = None  # (built on first use: the start-up of a short record)
#: the ring counts whose range (S1, DS1, TS1) reaches each distance
_RINGS_WITHIN = tuple(tuple(r for r, reach in enumerate(RANGE) if d <= reach) for d in range(8))


def _from_to_table() -> _FromTo:
    """:data:`_FROM_TO`, built once."""
    global _FROM_TO
    if _FROM_TO is None:
        table: list[tuple[list[tuple[Square, ...] | None], ...]] = []
        for side in Side:
            none: list[tuple[Square, ...] | None] = [None]
            by_rings = tuple(none * 4096 for _reach in RANGE)
            for origin in range(64):
                paths = _PATHS[side][origin][0]  # (no ring: the whole rays)
                for target, (direction, distance) in MOVE_STEPS[side][origin].items():
                    path = paths[direction][distance - 1]  # (the same tuple a named move reads)
                    for rings in _RINGS_WITHIN[distance]:
                        by_rings[rings][origin << 6 | target] = path
            table.append(by_rings)
        _FROM_TO = tuple(table)
    return _FROM_TO


#: What :meth:`Position.play` pushes to undo a move: the move, then the tower to move, the
#: side to move, the last mover and the winner before it.
_Played = tuple[Move, Colour | None, Side, Side, Side | None]
#: What :meth:`Position.play_written` pushes for an ordinary move: its origin, target and
#: tower, then the tower to move, the side to move and the last mover before it (no one
#: had won), the colours and sides as their values (ints). The :class:`Move` is found
#: from them when it is asked for (:func:`_undone_move`): a replay asks for few of them,
#: and every shared ``Move`` it does not touch is memory it does not read.
_Written = tuple[int, int, int, int | None, int, int]
_Undo = _Played | _Written


def _ordinary_move(side: Side, tower: int, origin: int, target: int) -> Move:
    """The shared :class:`Move` of ``side``'s ``tower`` from ``origin`` to ``target`` (an
    ordinary move, M1)."""
    direction, distance = MOVE_STEPS[side][origin][target]
    key = _KEY[side][tower] + origin
    return (_ORDINARY[key] or _ordinary_moves(key, side, tower, origin))[direction][distance - 1]


def _undone_move(u: _Undo) -> Move:
    """The move an undo entry takes back."""
    if len(u) == 5:
        return u[0]
    origin, target, tower, _, mover, _ = u
    return _ordinary_move(SIDES[mover], tower, origin, target)


#: An ordinary move as a record writes it, for :meth:`Position.play_written`: ``(tower,
#: direction, distance, lands_on, origin, target)``. ``tower`` is ``None`` for the tower
#: that must move (T2); ``lands_on`` is the colour of the square it lands on, when the
#: record writes it (else ``None``). A move written from square to square gives
#: ``origin`` and ``target`` instead (the other slots are then not read); ``-1`` when not.
#: The colours and the direction may be :class:`Colour` and :class:`Direction` members or
#: their values: the readers give values (plain ints), which the engine's tables are
#: indexed by fastest.
WrittenMove = tuple[int | None, int | None, int, int | None, int, int]


class RoundEnd(TextEnum):
    """How a round ended (the README's ``by``)."""

    HOME_ROW = "home-row"  #: a tower reached the opponent's home row (M7)
    DEADLOCK = "deadlock"  #: forfeits would repeat forever (M8)


class Outcome(NamedTuple):
    """How a round is over, as :meth:`Position.outcome` says it (python-chess's
    ``Outcome``): who won and how. The ring the winner takes and what it scores are the
    match's (:func:`~kamisado_notation.engine.match.round_result`)."""

    winner: Side
    by: RoundEnd


def _wrong_type(value: object, call: str, expected: str) -> TypeError:
    """The ``TypeError`` of an argument of ``call`` that is not the ``expected`` type,
    naming what was given (with a hint where text was given for a move)."""
    hint = " (read text with parse_move or play_text)" if isinstance(value, str) and expected == "a Move" else ""
    return TypeError(f"{call} expects {expected}, not {type(value).__name__} {value!r}{hint}")


class Position:
    """A position within a round: where the towers stand, who is to move, and which tower.

    ``tower`` is the colour the side to move must move (T2), or ``None`` for a free
    choice (T1, a round's first move). ``last_mover`` is who made the last actual move
    (it decides a deadlock, M8). ``winner`` is set once a tower stands on its
    opponent's home row (M7).
    """

    __slots__ = ("_stack", "board", "last_mover", "to_move", "tower", "where", "winner")

    #: How a notebook draws a position: set by :mod:`kamisado_notation.drawing.svg` when it is
    #: imported (the domain never imports the renderer).
    _svg_hook: ClassVar[Callable[[Position], str] | None] = None

    def __init__(
        self,
        towers: dict[int, Tower] | None = None,
        *,
        to_move: Side = Side.BLACK,
        tower: Colour | None = None,
        last_mover: Side | None = None,
    ) -> None:
        self.board: list[Tower | None] = [None] * 64
        #: ``where[side][colour]``: the square of that tower.
        self.where: list[list[int]] = [[-1] * 8, [-1] * 8]
        if towers is None:
            towers = _initial_towers()
        for sq, t in towers.items():
            self.board[sq] = t
            self.where[t.side][t.colour] = sq
        self.to_move = to_move
        self.tower = tower
        self.last_mover = to_move.other if last_mover is None else last_mover
        self.winner = self._find_winner()
        self._stack: list[_Undo] = []

    # ----------------------------------------------------------------- construction

    @classmethod
    def initial(cls) -> Position:
        """The start of round 1: every tower on the square of its own colour."""
        return _INITIAL.copy() if cls is Position else cls()

    @classmethod
    def from_string(cls, text: str) -> Position:
        """Read a position string (docs/notation.md §8). Raises :class:`PositionError`.

        >>> position = Position.from_string("obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -")
        >>> position == Position.initial(), str(position.to_move.title)
        (True, 'Black')
        """
        return _parse_position(text)

    def copy(self, *, stack: bool = False) -> Position:
        """An independent copy: a move played on either leaves the other as it was. With
        ``stack`` the copy keeps the moves played, so :meth:`undo` takes them back on it
        too (python-chess's ``copy(stack=True)``); without it (the default here: a
        replay copies a position every round and never undoes it) the copy starts with
        no history. :func:`copy.copy` and :func:`copy.deepcopy` keep the history.

        >>> position = Position.initial()
        >>> _ = position.play_text("d8-d4")
        >>> len(position.copy().history), len(position.copy(stack=True).history)
        (0, 1)
        >>> replica = position.copy(stack=True)
        >>> replica.undo().coords(), position.last_move.coords()
        ('d8-d4', 'd8-d4')
        """
        position = Position._from_lists(
            self.board.copy(),
            [self.where[0].copy(), self.where[1].copy()],
            self.to_move,
            self.tower,
            self.last_mover,
        )
        if stack:
            position._stack = self._stack.copy()  # entries are tuples of values: shared safely
        return position

    def __copy__(self) -> Position:
        return self.copy(stack=True)

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        # Towers, moves and the undo entries are immutable values: copying the lists is deep.
        return self.copy(stack=True)

    @classmethod
    def _from_lists(
        cls,
        board: list[Tower | None],
        where: list[list[int]],
        to_move: Side,
        tower: Colour | None,
        last_mover: Side,
        *,
        home_rows: bool = False,
    ) -> Position:
        """A position on ``board``/``where`` (taken, not copied, and assumed to agree),
        without going through a dict of towers: for :meth:`copy` and the fill between
        rounds, which start a position once per round of a replay. ``home_rows``: every
        tower stands on its own home row (a fill), so no one has won (M7)."""
        position = cls.__new__(cls)
        position.board = board
        position.where = where
        position.to_move = to_move
        position.tower = tower
        position.last_mover = last_mover
        position.winner = None if home_rows else position._find_winner()
        position._stack = []
        return position

    def towers(self) -> dict[int, Tower]:
        """Every tower, by square."""
        return {sq: t for sq, t in enumerate(self.board) if t is not None}

    def tower_at(self, sq: int) -> Tower | None:
        """The tower on ``sq`` (None: an empty square); :class:`SquareError` for a square
        off the board, ``TypeError`` for what is not an int."""
        if type(sq) is not int or not 0 <= sq < 64:
            square_name(sq)  # raises the error that says what is wrong
        return self.board[sq]

    def square_of(self, side: Side, colour: Colour) -> int:
        """The square of ``side``'s tower of ``colour``."""
        return self.where[side][colour]

    def rings(self, side: Side, colour: Colour) -> int:
        """The rings on ``side``'s tower of ``colour`` (0 when a hand-made position lacks it)."""
        sq = self.where[side][colour]
        t = self.board[sq] if sq >= 0 else None
        return t.rings if t is not None else 0

    # ------------------------------------------------------------------- the string

    def to_string(self) -> str:
        """The position string (docs/notation.md §8); ``last-mover`` only when not the default."""
        ranks = []
        for rank in range(7, -1, -1):
            ranks.append(
                "".join(
                    t.letter if (t := self.board[rank * 8 + f]) is not None else "."
                    for f in range(8)
                )
            )
        fields = ["/".join(ranks), self.to_move.letter]
        fields.append(self.tower.letter if self.tower is not None else "-")
        if self.last_mover is self.to_move:
            fields.append(self.last_mover.letter)
        return " ".join(fields)

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"Position.from_string({self.to_string()!r})"

    def _repr_svg_(self) -> str | None:
        """The board as SVG, for notebooks; ``None`` until the drawing is installed."""
        hook = type(self)._svg_hook
        return hook(self) if hook is not None else None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.board == other.board
            and self.to_move == other.to_move
            and self.tower == other.tower
            and self.last_mover == other.last_mover
        )

    def __hash__(self) -> int:
        """:meth:`key`: equal positions (the same position string) hash alike. A position
        is mutable: one changed while it is a set's member or a dict's key is lost there,
        as a list would be, so key a table by :meth:`to_string` or :meth:`key` taken at
        the time."""
        return self.key()

    def key(self) -> int:
        """The position's Zobrist key, a 64-bit number: equal positions (board, rings, side
        and tower to move, the last mover) have equal keys, and different ones almost
        never. A search keeps it up to date move by move instead of recomputing it:
        ``key ^ position.key_change(move)`` is the key after ``move``.

        >>> start = Position.initial()
        >>> start.key() == Position.from_string(start.to_string()).key()
        True
        >>> move = start.legal_moves()[0]
        >>> change = start.key_change(move)
        >>> start.apply(move)
        >>> start.key() == Position.initial().key() ^ change
        True
        """
        board = self.board
        key = self.turn_key()
        for side in (0, 1):
            place, ring = _PLACE_KEYS[side], _RING_KEYS[side]
            for colour, sq in enumerate(self.where[side]):
                if sq >= 0:
                    key ^= place[colour][sq] ^ ring[colour][board[sq][2]]  # type: ignore[index]  # where[] points at a tower; [2]: its rings
        return key

    def turn_key(self) -> int:
        """The part of :meth:`key` that says whose turn it is (the side and tower to move,
        and whether that side also made the last move: a forfeit's mark, M8)."""
        side = self.to_move
        tower = self.tower
        return _TURN_KEYS[side][8 if tower is None else tower][self.last_mover is side]

    def key_change(self, move: Move) -> int:
        """What playing ``move`` (a legal move of this position, not yet played) does to
        :meth:`key`: XOR it into the key. Every tower it moves (the pushed ones too) and
        the turn after it; the rings are not read (a round never changes them)."""
        side = move.side
        change = self.turn_key()
        if move.distance == 0:  # a forfeit (M6): only the turn changes
            tower = 8 if move.tower is None else _SQUARE_VALUES[move.origin]
            return change ^ _TURN_KEYS[_OTHER[side]][tower][self.last_mover is not side]
        place = _PLACE_KEYS[side][move.tower]  # type: ignore[index]  # only a forfeit has no tower
        change ^= place[move.origin] ^ place[move.target]
        if move.push:  # S3: the pushed towers go back a square, the pusher moves again
            step = _PUSH_STEP[side]
            theirs = _PLACE_KEYS[_OTHER[side]]
            for sq in move.push:
                colour = self.board[sq][1]  # type: ignore[index]  # a pushed square holds a tower
                change ^= theirs[colour][sq] ^ theirs[colour][sq + step]
            return change ^ _TURN_KEYS[side][_SQUARE_VALUES[move.push[-1] + step]][1]
        return change ^ _TURN_KEYS[_OTHER[side]][_SQUARE_VALUES[move.target]][0]

    # ------------------------------------------------------------------- the rules
    #
    # The four ``type: ignore`` marked "hot" below are where the checker cannot see an
    # invariant (``where[side][colour]`` always holds a tower; only a forfeit has no
    # tower): an ``assert`` at those four places costs 1.4% of perft's instructions and
    # 0.8% of the replay's (measured with cachegrind), so they stay unchecked.

    def moving_tower(self) -> Tower | None:
        """The tower that must move (``None`` for a free choice or a finished round)."""
        if self.tower is None:
            return None
        return self.board[self.where[self.to_move][self.tower]]

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move: empty when it must forfeit (M6) or the
        round is over (M7).

        >>> len(Position.initial().legal_moves())  # rulebook figure 1
        102
        """
        if self.winner is not None:
            return []
        side = self.to_move
        colours = range(8) if self.tower is None else (self.tower,)
        moves: list[Move] = []
        for colour in colours:
            moves.extend(self._tower_moves(side, Colour(colour)))
        return moves

    def tower_moves(self, colour: Colour) -> list[Move]:
        """The moves of the side to move's tower of ``colour``, whether or not it is the
        tower that must move (for explanations and diagrams)."""
        return self._tower_moves(self.to_move, colour)

    def _tower_moves(self, side: Side, colour: Colour) -> list[Move]:
        board = self.board
        origin = self.where[side][colour]
        tower = board[origin]
        assert tower is not None
        moves: list[Move] = []
        key = _KEY[side][colour] + origin
        every = _ORDINARY[key] or _ordinary_moves(key, side, Colour(colour), origin)
        for ray, ray_moves in zip(_REACH[side][origin][tower.rings], every, strict=True):
            distance = _free_run(board, ray)
            if distance:
                moves.extend(ray_moves[:distance])
        if tower.rings:
            pushed = self._push_line(side, origin, tower.rings)
            if pushed:
                moves.append(Move(side, colour, origin, pushed[0], _FWD, 1, pushed))
        return moves

    def _push_line(self, side: Side, origin: int, rings: int) -> tuple[int, ...]:
        """The squares a tower with ``rings`` on ``origin`` can push (S2–S9), or ``()``."""
        board = self.board
        forward = RAYS[side][origin][_FWD]
        line = []
        for sq in forward:
            t = board[sq]
            if t is None:
                break
            # S9: only the opponent's towers; S8: fewer rings than the pusher.
            if t.side is side or t.rings >= rings:
                return ()
            line.append(sq)
            if len(line) > MAX_PUSH[rings]:  # S7
                return ()
        else:
            return ()  # S5/S6: no square behind the farthest tower
        return tuple(line)

    def count_moves(self) -> int:
        """``len(self.legal_moves())``, without building the moves (for perft)."""
        if self.winner is not None:
            return 0
        board = self.board
        side = self.to_move
        where = self.where[side]
        reach_side = _REACH[side]
        colours = range(8) if self.tower is None else (self.tower,)
        count = 0
        for colour in colours:
            origin = where[colour]
            rings = board[origin].rings  # type: ignore[union-attr]  # hot: perft's last ply; where[] always points at a tower
            for ray in reach_side[origin][rings]:
                count += _free_run(board, ray)
            if rings and self._push_line(side, origin, rings):
                count += 1
        return count

    def has_moves(self) -> bool:
        """Whether the side to move can move at all (M5/M6)."""
        if self.winner is not None:
            return False
        colours = range(8) if self.tower is None else (self.tower,)
        return any(self._can_move(self.to_move, c) for c in colours)

    def _can_move(self, side: Side, colour: int) -> bool:
        board = self.board
        origin = self.where[side][colour]
        t = board[origin]
        assert t is not None
        rings = t.rings
        rays = RAYS[side][origin]
        for direction in _MOVE_DIRECTIONS:
            r = rays[direction]
            if r and board[r[0]] is None:
                return True
        return bool(rings and self._push_line(side, origin, rings))

    def must_forfeit(self) -> bool:
        """The side to move is blocked and forfeits its turn (M6)."""
        return self.winner is None and not self.has_moves()

    def forfeit_move(self) -> Move:
        """The zero-length move of the blocked tower (M6). Only meaningful when
        :meth:`must_forfeit`."""
        if self.tower is None:
            return Move(self.to_move, None, -1, -1, None, 0)
        sq = self.where[self.to_move][self.tower]
        return Move(self.to_move, self.tower, sq, sq, None, 0)

    def deadlock(self) -> Side | None:
        """The loser if the position is deadlocked (M8), else ``None``.

        The board does not change while towers forfeit, so following the forced
        forfeits until a (side to move, tower) pair repeats proves the deadlock; the
        player who made the last actual move loses, even if forced.
        """
        if self.winner is not None:
            return None
        side, colour = self.to_move, self.tower
        seen = set()
        while True:
            if (side, colour) in seen:
                return self.last_mover
            seen.add((side, colour))
            if colour is None:
                if any(self._can_move(side, c) for c in range(8)):
                    return None
                side = side.other  # a free choice forfeited stays a free choice
            else:
                if self._can_move(side, colour):
                    return None
                colour = SQUARE_COLOURS[self.where[side][colour]]
                side = side.other

    def outcome(self) -> Outcome | None:
        """How the round is over in this position, in one value: who won and how
        (:class:`RoundEnd`: a tower on the opponent's home row, M7, or a deadlock, M8);
        ``None`` while the round goes on.

        >>> Position.initial().outcome() is None
        True
        >>> position = Position.from_string("obpkyrg./......../......../......../......../......B./......n./NGRYKP.O b N")
        >>> _ = position.play_text("g2-g1")
        >>> position.outcome()
        Outcome(winner=<Side.BLACK: 0>, by=<RoundEnd.HOME_ROW: 'home-row'>)

        Rulebook figure 6(c): Gold's red tower and then Black's green are blocked, for
        ever; Black made the last move, so Gold wins (:meth:`deadlock` names the loser):

        >>> figure = Position.from_string("ob..y..n/......../...gkNp./..OrYR../......../.......B/......../.G..KP.. g R")
        >>> figure.outcome().winner.title, str(figure.outcome().by), figure.deadlock().title
        ('Gold', 'deadlock', 'Black')
        """
        if self.winner is not None:
            return Outcome(self.winner, RoundEnd.HOME_ROW)
        loser = self.deadlock()
        return None if loser is None else Outcome(_OTHER[loser], RoundEnd.DEADLOCK)

    def is_legal(self, move: Move) -> bool:
        """``move`` is a legal move of this position (``TypeError`` for what is no
        :class:`Move`)."""
        if not isinstance(move, Move):
            raise _wrong_type(move, "Position.is_legal", "a Move")
        if move.is_forfeit:
            return self.must_forfeit() and move == self.forfeit_move()
        return move in self.legal_moves()

    # ------------------------------------------------------------ making the moves

    def play(self, move: Move) -> None:
        """Play ``move``, checked: an illegal move raises :class:`IllegalMoveError` naming
        the rule it breaks, and the position stays as it was. (A search that plays only
        moves of :meth:`legal_moves` may call :meth:`apply` and skip the check.)

        >>> position = Position.initial()
        >>> move = position.resolve(Direction.FORWARD, 3, tower=Colour.BROWN)
        >>> position.play(move)
        >>> try:
        ...     position.play(move)           # Black again: Gold is to move
        ... except IllegalMoveError as e:
        ...     print(e.rule, e)
        T2 it is Gold's turn, not Black's
        >>> position.to_string()
        'obpkyrg./......../......../.......n/......../......../......../NGRYKPBO g Y'

        A move written as text is read by :meth:`play_text`; ``play`` takes a :class:`Move`:

        >>> position.play("a1-a2")
        Traceback (most recent call last):
        ...
        TypeError: Position.play expects a Move, not str 'a1-a2' (read text with parse_move or play_text)
        """
        if not isinstance(move, Move):
            raise _wrong_type(move, "Position.play", "a Move")
        self.check(move)
        self.apply(move)

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` (with the rule) unless ``move`` is a legal move
        of this position; change nothing. ``TypeError`` for what is no :class:`Move`."""
        if not isinstance(move, Move):
            raise _wrong_type(move, "Position.check", "a Move")
        if move.side is not self.to_move:
            raise IllegalMoveError(f"it is {self.to_move}'s turn, not {move.side}'s", rule="T2")
        if move.is_forfeit and self.tower is None and self.winner is None:
            expected = self._free_forfeit()
        else:
            expected = self.resolve(move.direction, move.distance, tower=move.tower)
        if expected != move:
            raise IllegalMoveError(
                f"{move!r} is not a move of this position: the {move.tower} tower's move "
                f"{move.direction} {move.distance} is {expected!r}",
                rule="T2" if expected.origin != move.origin else "M1",
            )

    def apply(self, move: Move) -> None:
        """Apply ``move`` without checking it: for moves that come from
        :meth:`legal_moves`, :meth:`resolve` or :meth:`parse_move` (a search's hot loop).
        An illegal move corrupts the position: use :meth:`play`."""
        # play_ordinary (the replay's hot path) inlines the ordinary-move case below:
        # keep the two in step.
        self._stack.append((move, self.tower, self.to_move, self.last_mover, self.winner))
        side = move.side
        if move.distance == 0:  # a forfeit (M6): the board does not change
            self.to_move = _OTHER[side]
            if move.tower is not None:
                self.tower = SQUARE_COLOURS[move.origin]
            return
        board = self.board
        if move.push:
            step = _PUSH_STEP[side]
            opponent_where = self.where[_OTHER[side]]
            for sq in reversed(move.push):  # farthest first: each lands on an empty square
                t = board[sq]
                assert t is not None
                board[sq + step] = t
                opponent_where[t.colour] = sq + step
                board[sq] = None
            # S3: the pushed player forfeits; the pusher moves again, with the tower of
            # the colour of the square the farthest pushed tower was pushed onto.
            self.tower = SQUARE_COLOURS[move.push[-1] + step]
        else:
            self.to_move = _OTHER[side]
            self.tower = SQUARE_COLOURS[move.target]
            if move.target >> 3 == _GOAL_RANK[side]:
                self.winner = side  # M7
        t = board[move.origin]
        board[move.origin] = None
        board[move.target] = t
        self.where[side][move.tower] = move.target  # type: ignore[index]  # hot: every ply; only a forfeit (returned above) has no tower
        self.last_mover = side

    def undo(self) -> Move:
        """Take back the last move played; returns it. :class:`KamisadoError` when no
        move was played on this position."""
        try:
            u = self._stack.pop()
        except IndexError:
            raise KamisadoError("nothing to undo: no move was played on this position") from None
        if len(u) == 6:  # an ordinary move play_written played
            origin, target, tower, need, mover, last = u
            self.tower = None if need is None else COLOURS[need]  # (play_written keeps values)
            self.to_move, self.last_mover = SIDES[mover], SIDES[last]
            self.winner = None
            board = self.board
            board[origin] = board[target]
            board[target] = None
            self.where[self.to_move][tower] = origin
            return _ordinary_move(self.to_move, tower, origin, target)
        move, self.tower, self.to_move, self.last_mover, self.winner = u
        if move.distance == 0:
            return move
        board = self.board
        side = move.side
        t = board[move.target]
        board[move.target] = None
        board[move.origin] = t
        self.where[side][move.tower] = move.origin  # type: ignore[index]  # hot: every ply; only a forfeit (returned above) has no tower
        if move.push:
            step = _PUSH_STEP[side]
            opponent_where = self.where[_OTHER[side]]
            for sq in move.push:  # nearest first, back into the squares they left
                p = board[sq + step]
                assert p is not None
                board[sq] = p
                opponent_where[p.colour] = sq
                board[sq + step] = None
        return move

    def play_forfeit(self) -> Move:
        """Play the forced forfeit of a blocked side to move (M6), and return it."""
        move = self.forfeit_move()
        self.apply(move)
        return move

    def play_ordinary(self, tower: Colour | None, direction: Direction, distance: int) -> Move | None:
        """Play the ordinary move (no push, no forfeit) of ``tower`` — ``None`` for the
        tower that must move — ``distance`` squares in ``direction``, and return it; or
        return ``None`` and change nothing when that is not a legal ordinary move (then
        :meth:`resolve` says why, or finds the push or forfeit it is). One move of
        :meth:`play_written`.

        >>> position = Position.initial()
        >>> position.play_ordinary(Colour.BROWN, Direction.FORWARD, 3)
        <Move Black Brown h8-h5 Forward 3>
        >>> position.play_ordinary(None, Direction.LEFT, 1) is None  # Gold must move Yellow (T2): c1-b2 is green
        False
        """
        return self.last_move if self.play_written(((tower, direction, distance, None, -1, -1),)) else None

    def play_written(self, moves: Sequence[WrittenMove], start: int = 0) -> int:  # noqa: C901 - the hot loop, one body on purpose (no call per ply)
        """Play ``moves[start:]`` in turn while each is a legal ordinary move (no push, no
        forfeit) as it is written (:data:`WrittenMove`), and return the index of the
        first one that is not, which is left unplayed with those after it
        (``len(moves)`` when all were played). Then :meth:`resolve` or
        :meth:`resolve_coords` says why, or finds the push or forfeit it is.

        The replay's hot path, and the fused validation's for a run of entries: it checks
        exactly what :meth:`resolve` does for such a move (T1/T2, M1–M3, M7,
        S1/DS1/TS1), and the written colour or squares, without building explanations,
        and plays each move as :meth:`play` does its ordinary case (keep the two in
        step), reading only small tables (the rays, the squares' colours) and keeping
        its undo entry in a compact form (the :class:`Move` is found when
        :attr:`history`, :attr:`last_move` or :meth:`undo` asks for it).

        >>> position = Position.initial()
        >>> position.play_written([
        ...     (Colour.BROWN, Direction.FORWARD, 3, Colour.YELLOW, -1, -1),  # h8-h5, a yellow square
        ...     (None, None, 0, None, 3, 19),  # d1-d3: Gold's yellow tower (T2), onto purple
        ...     (None, Direction.FORWARD, 2, Colour.GREEN, -1, -1),  # c8-c6 is orange: refused
        ...     (None, Direction.FORWARD, 1, Colour.PINK, -1, -1),  # not played
        ... ])
        2
        """
        board, every_where, stack = self.board, self.where, self._stack
        winner = self.winner
        # the sides and colours as values (exact ints compare and index fastest)
        need: int | None = None if self.tower is None else _VALUE[self.tower]
        s = 1 if self.to_move is _GOLD else 0  # the mover
        last = 1 if self.last_mover is _GOLD else 0
        from_to = _FROM_TO if _FROM_TO is not None else _from_to_table()
        n = len(moves)
        if winner is not None:
            return start  # M7: the round is over
        i = start
        for i in range(start, n):
            tower, direction, distance, lands_on, origin, target = moves[i]
            if origin >= 0:  # from-to: the tower on that square, if it is the mover's
                if origin > 63 or not 0 <= target < 64:
                    break  # (no square; a marked push's origin is 64 up)
                if need is not None:  # the tower that must move stands there (T2)
                    if every_where[s][need] != origin:
                        break
                    tower = need
                    t = board[origin]
                else:  # a free choice (T1): one of the mover's towers
                    t = board[origin]
                    if t is None or t.side is not SIDES[s]:
                        break
                    tower = _VALUE[t.colour]
                path = from_to[s][t[2]][origin * 64 + target]  # type: ignore[index]  # (where[] points at a tower; [2]: its rings, read faster than by name)
                if path is None:
                    break  # M1: not forward or diagonally forward in a straight line; S1/DS1/TS1
            else:
                if tower is None:
                    tower = need
                    if tower is None:
                        break  # T1: the first move of a round names its tower
                elif need is not None and tower != need:
                    break  # T2
                origin = every_where[s][tower]
                t = board[origin]
                if distance < 1:
                    break
                try:  # (BACK or None: no such direction; beyond the board's edge or the range)
                    path = _PATHS[s][origin][t[2]][direction][distance - 1]  # type: ignore[index]  # hot: where[] always points at a tower; a None direction raises TypeError
                except (IndexError, TypeError):
                    break
                target = path[-1]
            for sq in path:  # M2, M3: the path and the target empty
                if board[sq] is not None:
                    break
            else:
                colour = _SQUARE_VALUES[target]
                if lands_on is not None and colour != lands_on:
                    break
                stack.append((origin, target, tower, need, s, last))
                board[origin] = None
                board[target] = t
                every_where[s][tower] = target
                need = colour
                last = s
                s = 1 - s  # (Python 3.11 runs + and - on ints faster than the bitwise operators)
                if _END_RANK[target]:  # (a move forward never ends on the mover's own home row)
                    winner = SIDES[last]  # M7: the round is over
                    i += 1
                    break
                continue
            break  # (i: the move not played)
        else:
            i = n
        self.tower = None if need is None else COLOURS[need]
        self.to_move, self.last_mover, self.winner = SIDES[s], SIDES[last], winner
        return i

    @property
    def history(self) -> list[Move]:
        """The moves played on this object, oldest first."""
        return list(map(_undone_move, self._stack))

    @property
    def last_move(self) -> Move | None:
        """The last move played on this object (``history[-1]`` without the list), or
        ``None``."""
        stack = self._stack
        return _undone_move(stack[-1]) if stack else None

    # ---------------------------------------------------------- moves as text

    def parse_move(self, text: str) -> Move:
        """The move that one entry ``text`` (any form and language: ``紫↖5黃``, ``Purple
        Left 5 Yellow``, ``Pu L5 Ye``, ``lila balra 5 sárga``, ``d8-d4``) stands for in this
        position, all four slots checked: the tower (T1/T2), the direction and distance
        (M1–M6, the Sumo rules) and the colour of the square it ends on. Raises
        :class:`NotationError` for text that is no move and :class:`IllegalMoveError`
        naming the rule and the slot (``e.slot``) for a move that is wrong here. The
        notation layer, loaded on first use, reads the text.

        >>> position = Position.initial()
        >>> position.parse_move("Red Left 2 Blue")
        <Move Black Red f8-h6 Left 2>
        >>> try:
        ...     position.parse_move("Red Left 2 Green")
        ... except IllegalMoveError as e:
        ...     print(e.rule, e.slot, e)
        square square Red Left 2 Green: Black's red tower ends on h6, a blue square, not green
        """
        if not isinstance(text, str):
            raise _wrong_type(text, "Position.parse_move", "the text of one entry (str)")
        return _text_doors().read(self, text)

    def play_text(self, text: str) -> Move:
        """:meth:`parse_move` then :meth:`apply`: play one entry written in any form;
        returns the move. Raises as :meth:`parse_move` does, changing nothing.

        >>> position = Position.initial()
        >>> position.play_text("Pi F4 Br"), position.play_text("a1-a2")
        (<Move Black Pink d8-d4 Forward 4>, <Move Gold Brown a1-a2 Forward 1>)
        """
        move = self.parse_move(text)
        self.apply(move)
        return move

    # ---------------------------------------------------------- checking a move

    def resolve(self, direction: Direction | None, distance: int, *, tower: Colour | None = None) -> Move:
        """The move of the tower that must move (or ``tower``, where the side to move has
        a free choice) ``distance`` squares in ``direction``; ``distance`` 0 is a forfeit.

        Raises :class:`IllegalMoveError` naming the rule the move breaks.

        >>> Position.initial().resolve(Direction.LEFT, 2, tower=Colour.RED)  # f8-h6: Black's left
        <Move Black Red f8-h6 Left 2>
        >>> try:
        ...     Position.initial().resolve(Direction.FORWARD, 1)
        ... except IllegalMoveError as e:
        ...     print(e.rule, e)
        T1 the first move of a round names its tower
        """
        colour = self._check_tower(tower)
        side = self.to_move
        origin = self.where[side][colour]
        t = self.board[origin]
        assert t is not None
        if distance == 0:
            return self._resolve_forfeit(colour)
        if direction is None or direction is _BACK:
            raise IllegalMoveError(
                "a tower moves only forward or diagonally forward (back only when pushed)",
                rule="M1",
            )
        if distance < 0:
            raise IllegalMoveError(f"a distance of {distance} is not a move", rule="M1")
        ray = RAYS[side][origin][direction]
        name = direction.name.lower()
        if distance > len(ray):
            edge = f"the board ends after {_squares(len(ray))}" if ray else "it stands at the board's edge"
            raise IllegalMoveError(
                f"{t} on {square_name(origin)} cannot go {_squares(distance)} {name}: {edge}",
                rule="M1",
            )
        prefix = _RULE_PREFIX[t.rings]
        target = ray[distance - 1]
        for sq in ray[: distance - 1]:
            if (blocker := self.board[sq]) is not None:
                raise IllegalMoveError(
                    f"{t} cannot pass through {square_name(sq)}, where {blocker} stands",
                    rule="M2",
                )
        if self.board[target] is not None:
            return self._resolve_push(t, origin, direction, distance)
        if distance > RANGE[t.rings]:
            raise IllegalMoveError(
                f"{t} moves at most {RANGE[t.rings]} square{'s' if RANGE[t.rings] > 1 else ''}",
                rule=prefix + "1",
            )
        return Move(side, colour, origin, target, direction, distance)

    def _resolve_forfeit(self, colour: Colour) -> Move:
        """A zero entry of ``colour``: the forfeit, if the side to move is blocked (M5, M6)."""
        side = self.to_move
        if self.tower is None:
            return self._free_forfeit()
        origin = self.where[side][colour]
        if self._can_move(side, colour):
            raise IllegalMoveError(f"{self.board[origin]} on {square_name(origin)} can move, so it may not forfeit", rule="M5")
        return Move(side, colour, origin, origin, None, 0)

    def _free_forfeit(self) -> Move:
        """T1/M5: with a free choice, the side forfeits only if no tower can move; the
        forfeit then names no tower, and the free choice passes on."""
        if self.has_moves():
            raise IllegalMoveError(
                f"{self.to_move.title} has a free choice of tower and can move, so may not forfeit", rule="M5"
            )
        return self.forfeit_move()

    def _resolve_push(self, t: Tower, origin: Square, direction: Direction, distance: int) -> Move:
        """A move of ``t`` onto an occupied square: a Sumo push (S2–S9), or why not."""
        side = self.to_move
        target = RAYS[side][origin][direction][distance - 1]
        occupant = self.board[target]
        if direction is _FWD and distance == 1 and t.rings:
            pushed = self._push_line(side, origin, t.rings)
            if pushed:
                return Move(side, t.colour, origin, target, _FWD, 1, pushed)
            rule, why = self._push_problem(side, origin, t)
            raise IllegalMoveError(why, rule=rule)
        if direction is not _FWD and t.rings:
            raise IllegalMoveError(
                f"{square_name(target)} holds {occupant}; a Sumo push is never diagonal",
                rule=_RULE_PREFIX[t.rings] + "4",
            )
        raise IllegalMoveError(f"{square_name(target)} already holds {occupant}", rule="M3")

    def resolve_coords(self, origin: int, target: int) -> Move:
        """The move from ``origin`` to ``target`` (``origin == target`` is a forfeit).
        Raises :class:`IllegalMoveError`, or :class:`SquareError` for a square off the
        board."""
        square_name(origin), square_name(target)  # raise for a square off the board
        t = self.board[origin]
        side = self.to_move
        if t is None:
            raise IllegalMoveError(f"there is no tower on {square_name(origin)}", rule="T2")
        if t.side is not side:
            raise IllegalMoveError(
                f"{t} on {square_name(origin)} is not {side.title}'s", rule="T2"
            )
        if origin == target:
            return self.resolve(None, 0, tower=t.colour)
        step = MOVE_STEPS[side][origin].get(target)
        if step is not None:
            return self.resolve(step[0], step[1], tower=t.colour)
        raise IllegalMoveError(
            f"{square_name(origin)}-{square_name(target)} is not a straight move forward "
            "or diagonally forward",
            rule="M1",
        )

    def _check_tower(self, tower: Colour | None) -> Colour:
        if self.winner is not None:
            raise IllegalMoveError(
                f"the round is over: {self.winner.title} has reached the home row", rule="M7"
            )
        if self.tower is None:
            if tower is None:
                raise IllegalMoveError("the first move of a round names its tower", rule="T1")
            return tower
        if tower is not None and tower != self.tower:
            raise IllegalMoveError(
                f"{self.to_move.title} must move the {self.tower.name.lower()} tower, "
                f"not the {tower.name.lower()} one",
                rule="T2",
            )
        return self.tower

    def _push_problem(self, side: Side, origin: int, t: Tower) -> tuple[str, str]:
        """Which push rule forbids ``t`` pushing the line in front of it, and why."""
        prefix = _RULE_PREFIX[t.rings]
        forward = RAYS[side][origin][_FWD]
        line = []
        for sq in forward:
            p = self.board[sq]
            if p is None:
                break
            if p.side is side:
                return "S9", f"{t} cannot push {p} on {square_name(sq)}: a tower of its own side"
            if p.rings >= t.rings:
                return prefix + "8", f"{t} cannot push {p} on {square_name(sq)}: it has as many rings or more"
            line.append(sq)
        else:
            return prefix + "6", f"{t} cannot push: the farthest tower is on its own home row"
        if len(line) > MAX_PUSH[t.rings]:
            most = MAX_PUSH[t.rings]
            return prefix + "7", f"{t} can push at most {most} tower{'s' if most > 1 else ''}, not {len(line)}"
        return prefix + "2", f"{t} cannot push here"  # pragma: no cover - push was legal

    def _find_winner(self) -> Side | None:
        """The side with a tower on its opponent's home row (M7), Black first. Squares
        are compared directly (rank 1 is 0..7, rank 8 is 56..63; -1 is no tower)."""
        black, gold = self.where
        low = min(black)  # below 0 only when a tower is missing (a hand-made position)
        if 0 <= low < 8 or (low < 0 and any(0 <= sq < 8 for sq in black)):
            return Side.BLACK
        if max(gold) >= 56:
            return Side.GOLD
        return None


class TextDoors(NamedTuple):
    """How the engine reads and writes one move as text without knowing text: the
    notation's reader and writer, which :mod:`kamisado_notation.checking.moves` installs
    with :func:`install_text_doors` when it is imported (:mod:`kamisado_notation.wiring`
    says who imports it)."""

    read: Callable[[Position, str], Move]
    write: Callable[[Move, str, str], str]


_DOORS: list[TextDoors] = []


def install_text_doors(doors: TextDoors) -> None:
    """Install the reader and writer of single moves (see :class:`TextDoors`)."""
    _DOORS[:] = [doors]


def _text_doors() -> TextDoors:
    if not _DOORS:  # the layer above installs them, loaded as the package wired it
        load_text_doors()
    if not _DOORS:  # pragma: no cover - only without the package's façade
        raise RuntimeError("no reader of moves as text is installed (kamisado_notation.checking.moves installs it)")
    return _DOORS[0]


def _build_initial_towers() -> dict[int, Tower]:
    towers = {}
    for sq in (*range(8), *range(56, 64)):
        side = Side.GOLD if sq < 8 else Side.BLACK
        towers[sq] = Tower(side, SQUARE_COLOURS[sq])
    return towers


# Built once: towers are immutable, and every replayed match starts from them.
_INITIAL_TOWERS = _build_initial_towers()
_INITIAL = Position(_INITIAL_TOWERS)


def _initial_towers() -> dict[int, Tower]:
    return dict(_INITIAL_TOWERS)


_LETTER_COLOUR = {letter: Colour(i) for i, letter in enumerate(COLOUR_LETTERS)}


def _side_field(text: str, value: str, start: int, *, field: str, what: str) -> Side:
    """A side field of the position string (``b`` or ``g``), searched from ``start``."""
    if value not in ("b", "g"):
        raise PositionError(
            f"{what} is 'b' or 'g', not {value!r}", field=field, column=text.index(value, start) + 1
        )
    return Side.BLACK if value == "b" else Side.GOLD


def _parse_position(text: str) -> Position:
    if not isinstance(text, str):
        raise PositionError("a position string must be text", field="position")
    fields = text.split()
    if not 3 <= len(fields) <= 4:
        raise PositionError(
            f"a position string has 3 or 4 fields (ranks, to-move, tower[, last-mover]), "
            f"not {len(fields)}: {text!r}",
            field="position",
        )
    ranks_text = fields[0]
    column0 = text.index(ranks_text) + 1
    towers = _parse_ranks(ranks_text, column0)
    pos_col = column0 + len(ranks_text)
    to_move = _side_field(text, fields[1], pos_col, field="to-move", what="the side to move")
    tower_col = text.index(fields[2], pos_col + 1) + 1
    tower = _tower_field(fields[2], tower_col)
    last_mover = None
    if len(fields) == 4:
        last_mover = _side_field(text, fields[3], tower_col, field="last-mover", what="the last mover")
    position = Position(towers, to_move=to_move, tower=tower, last_mover=last_mover)
    black_won = any(square_rank(sq) == 0 for sq in position.where[Side.BLACK])
    gold_won = any(square_rank(sq) == 7 for sq in position.where[Side.GOLD])
    if black_won and gold_won:
        raise PositionError(
            "both sides have a tower on the opponent's home row: no round reaches that",
            field="ranks",
            column=column0,
        )
    return position


def _parse_ranks(ranks_text: str, column0: int) -> dict[Square, Tower]:
    """The towers of the ranks field (``column0``: its column in the whole string)."""
    rows = ranks_text.split("/")
    if len(rows) != 8:
        raise PositionError(
            f"the board has 8 ranks separated by '/', not {len(rows)}: {ranks_text!r}",
            field="ranks",
            column=column0,
        )
    towers: dict[Square, Tower] = {}
    col = column0
    for i, row in enumerate(rows):
        _parse_rank(row, 8 - i, col, towers)
        col += len(row) + 1
    for side in Side:
        missing = [c.name.lower() for c in Colour if (side, c) not in {(t.side, t.colour) for t in towers.values()}]
        if missing:
            raise PositionError(
                f"{side.title} has no {', '.join(missing)} tower: every position holds all "
                "16 towers (Kamisado has no captures)",
                field="ranks",
                column=column0,
            )
    return towers


def _parse_rank(row: str, rank: int, col: int, towers: dict[Square, Tower]) -> None:
    """Add the towers of one rank (``col``: its column in the whole string) to ``towers``."""
    field = f"rank {rank}"
    file = 0
    j = 0
    while j < len(row):
        ch = row[j]
        if file >= 8:
            raise PositionError(f"rank {rank} has more than 8 cells at {ch!r}: {row!r}", field=field, column=col + j)
        if ch == ".":
            file += 1
            j += 1
            continue
        k = j + 1
        while k < len(row) and row[k] == "+":
            k += 1
        tower = _tower_cell(row[j:k], rank, field, col + j)
        sq = (rank - 1) * 8 + file
        for other_sq, other in towers.items():
            if (other.side, other.colour) == (tower.side, tower.colour):
                raise PositionError(
                    f"{tower.side.title} has two {tower.colour.name.lower()} towers "
                    f"({square_name(other_sq)} and {square_name(sq)})",
                    field=field,
                    column=col + j,
                )
        towers[sq] = tower
        file += 1
        j = k
    if file != 8:
        raise PositionError(f"rank {rank} has {file} cells, not 8: {row!r}", field=field, column=col)


def _tower_cell(cell: str, rank: int, field: str, column: int) -> Tower:
    """A tower's cell: its colour letter (lowercase for Black) and its rings."""
    ch = cell[0]
    colour = _LETTER_COLOUR.get(ch.upper())
    if colour is None:
        raise PositionError(
            f"{ch!r} in rank {rank} is not a cell: expected '.' or a colour letter "
            f"({COLOUR_LETTERS} for Gold, {COLOUR_LETTERS.lower()} for Black)",
            field=field,
            column=column,
        )
    if len(cell) - 1 > 3:
        raise PositionError(f"{cell!r} in rank {rank}: a tower has at most 3 Sumo rings", field=field, column=column)
    return Tower(Side.BLACK if ch.islower() else Side.GOLD, colour, len(cell) - 1)


def _tower_field(value: str, column: int) -> Colour | None:
    """The tower field: the colour letter of the tower to move, or ``-`` (a free choice)."""
    if value == "-":
        return None
    tower = _LETTER_COLOUR.get(value.upper()) if len(value) == 1 else None
    if tower is None:
        raise PositionError(
            f"the tower to move is a colour letter ({COLOUR_LETTERS}) or '-', not {value!r}",
            field="tower",
            column=column,
        )
    return tower
